/*
** world.c - a world of boxes and a character, from C with no Lua
** (doc/scene.md, "The world from C"): a capsule walks over a floor and up
** a step for a second, a ray is cast, and a query asks, for each item it
** finds, a question of the same world (a raycast from inside its callback).
**
**   make example-world
**   cc -std=c99 -Iinclude examples/world.c build/libcollide.a -lm
*/
#include <stdio.h>
#include <collide/world.h>

static cl_aabb make_box(double x0, double y0, double z0, double x1, double y1, double z1) {
  cl_aabb b;
  double lo[3] = {x0, y0, z0}, hi[3] = {x1, y1, z1};
  cl_aabb_init(&b, lo, hi);
  return b;
}

/* a query's filter: keeps the items that have open sky above them, found
** by a raycast down onto the item from high above */
static int open_to_the_sky(void *ud, cl_item item) {
  cl_world *w = (cl_world *)ud;
  const cl_aabb *b = (const cl_aabb *)cl_world_shape(w, item, NULL);
  double o[3], down[3] = {0, -1, 0};
  cl_ray r;
  cl_set(o, (b->min[0] + b->max[0]) / 2, 100, (b->min[2] + b->max[2]) / 2);
  cl_ray_init(&r, o, down, INFINITY);
  return cl_world_raycast(w, &r, NULL, NULL) == item;
}

static int print_item(void *ud, cl_item item) {
  (void)ud;
  printf("  item %lld\n", (long long)item);
  return 1;
}

int main(void) {
  cl_aabb floor = make_box(-10, -1, -10, 10, 0, 10);
  cl_aabb step = make_box(1, 0, -10, 10, 0.25, 10);
  cl_aabb crate = make_box(-3, 0, -3, -2, 1, -2);
  cl_capsule body;
  double a[3] = {0, 0.3, 0}, b[3] = {0, 1.5, 0}, o[3] = {-8, 0.5, -2.5}, x[3] = {1, 0, 0};
  double vy = 0;
  cl_world *w = cl_world_new(0.1, NULL, NULL);     /* malloc and free */
  cl_character *ch;
  cl_world_filter f;
  cl_world_hit hit;
  cl_ray r;
  cl_item player;
  int frame;

  if (w == NULL) return 1;
  cl_capsule_init(&body, a, b, 0.3);
  cl_world_add(w, &floor, CL_AABB, NULL);
  cl_world_add(w, &step, CL_AABB, NULL);
  cl_world_add(w, &crate, CL_AABB, NULL);
  player = cl_world_add(w, &body, CL_CAPSULE, NULL);
  ch = cl_character_new(w, player, NULL);          /* the default options */
  if (ch == NULL) return 1;

  /* 4 m/s along x under gravity, 60 frames a second */
  for (frame = 1; frame <= 60; frame++) {
    double d[3];
    vy -= 9.81 / 60;
    cl_set(d, 4.0 / 60, vy / 60, 0);
    cl_character_move(ch, d, NULL);
    if (cl_character_on_floor(ch)) vy = 0;
    if (frame % 15 == 0)
      printf("frame %2d: feet at %.3f %.3f %.3f, on the floor: %d (item %lld)\n", frame,
             body.a[0], body.a[1] - body.r, body.a[2], cl_character_on_floor(ch),
             (long long)cl_character_floor_item(ch));
  }

  /* a ray along x at the crate's height */
  cl_ray_init(&r, o, x, INFINITY);
  if (cl_world_raycast(w, &r, NULL, &hit) >= 0)
    printf("the ray hits item %lld at t %g, point %g %g %g, normal %g %g %g\n", (long long)hit.item,
           hit.hit.t, hit.hit.p[0], hit.hit.p[1], hit.hit.p[2], hit.hit.n[0], hit.hit.n[1],
           hit.hit.n[2]);

  /* the boxes the floor meets that are open to the sky: the query's
  ** filter raycasts the same world */
  cl_world_filter_init(&f);
  f.exclude = &player;
  f.nexclude = 1;
  f.keep = open_to_the_sky;
  f.ud = w;
  printf("open to the sky, of what the floor meets:\n");
  cl_world_query(w, &floor, CL_AABB, &f, print_item, NULL);

  cl_character_delete(ch);
  cl_world_delete(w);
  return 0;
}
