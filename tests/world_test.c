/*
** world_test.c - the world and the character from C, with no Lua: a
** capsule walks a level of boxes (a floor, a step, a wall), climbs stairs,
** rides a lift, walks a triangle mesh (its triangles gathered once per
** update answer as the mesh's tree does), and scene-style moves slide and stop
** exactly; the queries, raycasts and pairs with masks. Expected values are
** those the Lua API gives for the same calls
** (doc/motion.md's example, spec/character_spec.lua), to the last bit where
** the answer is exact.
**
**   make test-c (with examples/engine.c)
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "segment.h"
#include "world_private.h"

static int failures = 0, checks = 0;

#define CHECK(cond, what)                                                   \
  do {                                                                      \
    checks++;                                                               \
    if (!(cond)) {                                                          \
      failures++;                                                           \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, what);             \
    }                                                                       \
  } while (0)

#define NEAR(a, b, tol) (fabs((a) - (b)) <= (tol))

/* a world's scratch, sized for it as it is now */
static cl_world_scratch *scratch(cl_world *w, void **mem) {
  static cl_world_scratch s;
  size_t size = cl_world_scratch_size(w);
  *mem = realloc(*mem, size);
  cl_world_scratch_init(w, &s, *mem);
  return &s;
}

/* a scratch laid out once and kept from call to call while it fits the
** world (as the world's own calls keep theirs) */
static cl_world_scratch *kept_scratch(cl_world *w, void **mem, cl_world_scratch *s) {
  if (*mem == NULL || !cl_world_scratch_fits(w, s)) {
    *mem = realloc(*mem, cl_world_scratch_size(w));
    cl_world_scratch_init(w, s, *mem);
  }
  return s;
}

static cl_aabb box(double x0, double y0, double z0, double x1, double y1, double z1) {
  cl_aabb b;
  double lo[3], hi[3];
  cl_set(lo, x0, y0, z0);
  cl_set(hi, x1, y1, z1);
  cl_aabb_init(&b, lo, hi);
  return b;
}

static cl_capsule capsule(double x, double y0, double y1, double z, double r) {
  cl_capsule c;
  double a[3], b[3];
  cl_set(a, x, y0, z);
  cl_set(b, x, y1, z);
  cl_capsule_init(&c, a, b, r);
  return c;
}

static const double UP[3] = {0, 1, 0};

/* doc/motion.md's example, then on into a wall: 4 m/s along x under
** gravity at 60 Hz, up a 0.25 step */
static void walk_over_a_step(void) {
  cl_world w;
  cl_aabb floor = box(-10, -1, -10, 10, 0, 10), step = box(1, 0, -10, 10, 0.25, 10);
  cl_aabb wall = box(4, 0, -10, 5, 3, 10);
  cl_capsule body = capsule(0, 0.3, 1.5, 0, 0.3);
  cl_character_state ch;
  cl_world_collision cols[64];
  cl_world_collisions out = {cols, 0, 64};
  void *mem = NULL;
  double vy = 0, moved[3];
  int f, id, step_id, frame;
  cl_world_init_own(&w, 0.1, NULL, NULL);
  CHECK(cl_world_add_item(&w, &floor, CL_AABB, NULL) == 0, "floor id");
  step_id = cl_world_add_item(&w, &step, CL_AABB, NULL);
  CHECK(cl_world_add_item(&w, &wall, CL_AABB, NULL) == 2, "wall id");
  id = cl_world_add_item(&w, &body, CL_CAPSULE, NULL);
  CHECK(id == 3 && w.count == 4, "player id");
  cl_character_init(&ch, UP, 0.3, 45, 0.01, 0.3);
  for (frame = 1; frame <= 90; frame++) {
    double d[3];
    vy = vy - 9.81 / 60;
    cl_set(d, 4.0 / 60, vy / 60, 0);
    f = cl_character_state_move(&ch, &w, scratch(&w, &mem), id, d, CL_WORLD_ALL_BITS, moved, &out);
    CHECK(f == 1, "a capsule moves");
    CHECK(cl_world_update_item(&w, id, NULL, 0, NULL), "refit");
    if (ch.on_floor) vy = 0;
    if (frame == 30) {
      /* x 2, feet on the step at 0.25, as the Lua example prints */
      CHECK(body.a[0] == 1.9999999999999998, "frame 30: x");
      CHECK(body.a[1] == 0.55000000000000004, "frame 30: on the step");
      CHECK(body.a[2] == 0, "frame 30: z");
      CHECK(ch.on_floor && !ch.on_wall && !ch.on_ceiling, "frame 30: on the floor only");
      /* (0, 1, -1.48e-15): the capsule meets the step's edge, as from Lua */
      CHECK(ch.floor_normal[0] == 0 && ch.floor_normal[1] == 1 && fabs(ch.floor_normal[2]) < 1e-14,
            "frame 30: floor normal");
      CHECK(ch.floor_item == step_id, "frame 30: on the step item");
    }
  }
  /* stopped by the wall at x = 4 - radius */
  CHECK(body.a[0] == 3.7000000000000002, "frame 90: against the wall");
  CHECK(body.a[1] == 0.55000000000000004, "frame 90: still on the step");
  CHECK(fabs(body.a[2]) < 1e-12, "frame 90: no drift along the wall");
  CHECK(ch.on_floor && ch.on_wall, "frame 90: floor and wall");
  free(mem);
  cl_world_free_all(&w);
}

/* ten stairs of 0.2, each 0.5 deep: walking climbs every one and ends with
** the feet on the top step exactly */
static void climb_stairs(void) {
  cl_world w;
  cl_aabb stairs[11];
  cl_capsule body = capsule(-1, 0.4, 1.6, 0, 0.4);
  cl_character_state ch;
  cl_world_collision cols[64];
  cl_world_collisions out = {cols, 0, 64};
  void *mem = NULL;
  double vy = 0, moved[3];
  int i, id, frame;
  cl_world_init_own(&w, 0.1, NULL, NULL);
  stairs[0] = box(-20, -1, -5, 20, 0, 5);
  cl_world_add_item(&w, &stairs[0], CL_AABB, NULL);
  for (i = 1; i <= 10; i++) {
    stairs[i] = box(0.5 * i, 0, -5, 20, 0.2 * i, 5);
    cl_world_add_item(&w, &stairs[i], CL_AABB, NULL);
  }
  id = cl_world_add_item(&w, &body, CL_CAPSULE, NULL);
  cl_character_init(&ch, UP, 0.25, 45, 0.01, 0.25);
  for (frame = 1; frame <= 240; frame++) {
    double d[3];
    vy = vy - 9.81 / 60;
    cl_set(d, 3.0 / 60, vy / 60, 0);
    cl_character_state_move(&ch, &w, scratch(&w, &mem), id, d, CL_WORLD_ALL_BITS, moved, &out);
    cl_world_update_item(&w, id, NULL, 0, NULL);
    if (ch.on_floor) vy = 0;
  }
  CHECK(body.a[0] > 6, "walked past the last step");
  CHECK(NEAR(body.a[1] - 0.4, 2.0, 1e-12), "feet on the top step");
  CHECK(ch.on_floor && ch.floor_item == 10, "standing on the top step");
  free(mem);
  cl_world_free_all(&w);
}

/* a lift: the character standing on it rides it up and down with no
** motion of its own */
static void ride_a_lift(void) {
  cl_world w;
  cl_aabb ground = box(-10, -1, -10, 10, 0, 10), lift = box(-1, 0, -1, 1, 0.5, 1);
  cl_capsule body = capsule(0, 0.8, 2, 0, 0.3);
  cl_character_state ch;
  cl_world_collision cols[64];
  cl_world_collisions out = {cols, 0, 64};
  void *mem = NULL;
  double moved[3], zero[3] = {0, 0, 0}, fall[3] = {0, -0.1, 0}, upd[3] = {0, 0.25, 0};
  int id, lift_id, k;
  cl_world_init_own(&w, 0.1, NULL, NULL);
  cl_world_add_item(&w, &ground, CL_AABB, NULL);
  lift_id = cl_world_add_item(&w, &lift, CL_AABB, NULL);
  id = cl_world_add_item(&w, &body, CL_CAPSULE, NULL);
  cl_character_init(&ch, UP, 0.3, 45, 0.01, 0.3);
  cl_character_state_move(&ch, &w, scratch(&w, &mem), id, fall, CL_WORLD_ALL_BITS, moved, &out);
  cl_world_update_item(&w, id, NULL, 0, NULL);
  CHECK(ch.on_floor && ch.floor_item == lift_id, "standing on the lift");
  CHECK(body.a[1] == 0.8, "feet on the lift's top");
  for (k = 0; k < 4; k++) {
    cl_translate((cl_shape *)&lift, upd);
    cl_world_update_item(&w, lift_id, NULL, 0, NULL);
    cl_character_state_move(&ch, &w, scratch(&w, &mem), id, zero, CL_WORLD_ALL_BITS, moved, &out);
    cl_world_update_item(&w, id, NULL, 0, NULL);
    CHECK(moved[0] == 0 && moved[1] == 0.25 && moved[2] == 0, "carried by the lift's motion");
    CHECK(ch.on_floor && ch.floor_item == lift_id, "still on the lift");
  }
  CHECK(body.a[1] == 1.8, "feet on the lift's top, 1 higher");
  free(mem);
  cl_world_free_all(&w);
}

/* a floor of two triangles in a mesh: walked on as a box floor is */
static void walk_a_mesh(void) {
  double v[] = {-10, 0, -10, 10, 0, -10, 10, 0, 10, -10, 0, 10};
  uint32_t tri[] = {0, 2, 1, 0, 3, 2};
  cl_mesh m;
  cl_world w;
  cl_capsule body = capsule(0, 0.5, 1.5, 0, 0.3);
  cl_character_state ch;
  cl_world_collision cols[64];
  cl_world_collisions out = {cols, 0, 64};
  void *mem = NULL;
  double vy = 0, moved[3];
  int id, mesh_id, frame;
  cl_mesh_init(&m);
  cl_mesh_use(&m, v, 4, tri, 2);
  CHECK(cl_mesh_build(&m), "mesh built");
  cl_world_init_own(&w, 0.1, NULL, NULL);
  mesh_id = cl_world_add_item(&w, &m, CL_WORLD_MESH, NULL);
  id = cl_world_add_item(&w, &body, CL_CAPSULE, NULL);
  cl_character_init(&ch, UP, 0.3, 45, 0.01, 0.3);
  for (frame = 1; frame <= 60; frame++) {
    double d[3];
    vy = vy - 9.81 / 60;
    cl_set(d, 0, vy / 60, 2.0 / 60);
    cl_character_state_move(&ch, &w, scratch(&w, &mem), id, d, CL_WORLD_ALL_BITS, moved, &out);
    cl_world_update_item(&w, id, NULL, 0, NULL);
    if (ch.on_floor) vy = 0;
  }
  CHECK(ch.on_floor && ch.floor_item == mesh_id, "on the mesh");
  CHECK(NEAR(body.a[1], 0.3, 1e-9), "feet on the mesh");
  CHECK(NEAR(body.a[2], 2, 1e-9), "walked 2 along z");
  CHECK(NEAR(ch.floor_normal[1], 1, 1e-12), "floor normal up");
  free(mem);
  cl_world_free_all(&w);
  cl_mesh_free(&m);
}

/* a bumpy grid of n x n cells of size 1 (heights from a fixed LCG, every
** sixth row of vertices raised by ridge), two triangles a cell, into v and
** t (room for (n + 1)^2 vertices, 2 n^2 triangles) */
static unsigned lcg_state = 12345;
static double lcg(void) {
  lcg_state = lcg_state * 1103515245u + 12345u;
  return (double)(lcg_state >> 8 & 0xffff) / 65536.0;
}

static void bumpy_grid(int n, double ridge, double *v, uint32_t *t) {
  int i, j, k = 0;
  for (j = 0; j <= n; j++)
    for (i = 0; i <= n; i++) {
      v[3 * (j * (n + 1) + i)] = i - n / 2.0;
      v[3 * (j * (n + 1) + i) + 1] = 0.35 * lcg() + (i % 6 == 0 ? ridge : 0);
      v[3 * (j * (n + 1) + i) + 2] = j - n / 2.0;
    }
  for (j = 0; j < n; j++)
    for (i = 0; i < n; i++) {
      uint32_t a = (uint32_t)(j * (n + 1) + i), b = a + 1, c = a + (uint32_t)n + 1, d = c + 1;
      t[k++] = a; t[k++] = c; t[k++] = b;
      t[k++] = b; t[k++] = c; t[k++] = d;
    }
}

typedef struct { size_t idx[64]; int n; } visited;
static int note_visit(void *ud, const cl_triangle *t, size_t index) {
  visited *v = ud;
  (void)t;
  if (v->n < 64) v->idx[v->n] = index;
  v->n++;
  return 1;
}

static int same_hit(int fa, const cl_hit *a, size_t ia, int fb, const cl_hit *b, size_t ib) {
  if (fa != fb) return 0;
  if (!fa) return 1;
  return ia == ib && memcmp(a, b, sizeof *a) == 0;
}

/* the triangles gathered near a box answer the sweeps and visits inside it
** as the mesh's own walk does, bit for bit and in the same order; queries
** outside the box, and a gathering that overflows its room, walk the tree */
static void mesh_near_matches_walk(void) {
  enum { N = 24 };
  static double v[3 * (N + 1) * (N + 1)];
  static uint32_t t[6 * N * N], slots[256];
  static cl_triangle tris[40];
  cl_mesh m;
  cl_mesh_near nr;
  cl_aabb reach = box(-3, -1, -3, 3, 3, 3);
  int q, same_sweeps = 0, same_visits = 0, hits = 0, nvisit = 0;
  bumpy_grid(N, 0, v, t);
  cl_mesh_init(&m);
  cl_mesh_use(&m, v, (N + 1) * (N + 1), t, 2 * N * N);
  CHECK(cl_mesh_build(&m), "bumpy mesh built");
  CHECK(!cl_mesh_near_gather(&m, &reach, slots, 8, NULL, 0, &nr) && !nr.ok,
        "overflow: nothing gathered");
  {
    /* a box beside the mesh's bounds, and a mesh with no triangles: the
    ** gather ends early, with nothing gathered and no triangle to make or
    ** keep axes of (their room stays as it was) */
    static cl_mesh_near_axes axes[40];
    cl_mesh empty;
    cl_aabb away = box(100, -1, 100, 104, 3, 104);
    CHECK(cl_mesh_near_gather(&m, &away, slots, 256, tris, 40, &nr) && nr.ok && nr.n == 0
              && nr.ntri == 0,
          "a box away from the mesh gathers nothing and makes nothing");
    cl_mesh_near_keep_axes(&m, &nr, axes);
    cl_mesh_init(&empty);
    cl_mesh_use(&empty, v, 0, t, 0);
    CHECK(cl_mesh_build(&empty), "empty mesh built");
    CHECK(cl_mesh_near_gather(&empty, &reach, slots, 256, tris, 40, &nr) && nr.ok && nr.n == 0
              && nr.ntri == 0,
          "an empty mesh gathers nothing and makes nothing");
    cl_mesh_free(&empty);
  }
  /* room for some of the triangles made: the rest made each time */
  CHECK(cl_mesh_near_gather(&m, &reach, slots, 256, tris, 40, &nr) && nr.ok && nr.n > 40,
        "gathered");
  for (q = 0; q < 400; q++) {
    /* capsules within the box and, one in four, reaching out of it */
    double x = -2 + 4 * lcg(), z = -2 + 4 * lcg(), y = 0.3 + 0.6 * lcg(), d[3];
    double far = q % 4 == 0 ? 4 : 1;
    cl_shape cap;
    cl_hit ha, hb;
    size_t ia = 0, ib = 0;
    int fa, fb;
    visited va, vb;
    cap.cap = capsule(x, y, y + 1.2, z, 0.4);
    cl_set(d, far * (lcg() - 0.5), far * (lcg() - 0.7), far * (lcg() - 0.5));
    fa = cl_mesh_sweep(&m, &cap, d, &ha, &ia);
    fb = cl_mesh_sweep_near(&m, &nr, &cap, d, &hb, &ib);
    same_sweeps += same_hit(fa, &ha, ia, fb, &hb, ib);
    hits += fa;
    va.n = vb.n = 0;
    cap.cap.a[1] -= 0.3; cap.cap.b[1] -= 0.3;
    (void)cl_mesh_visit(&m, &cap, note_visit, &va);
    (void)cl_mesh_visit_near(&m, &nr, &cap, note_visit, &vb);
    same_visits += va.n == vb.n && va.n <= 64
                   && memcmp(va.idx, vb.idx, (size_t)va.n * sizeof va.idx[0]) == 0;
    nvisit += va.n > 0;
  }
  CHECK(same_sweeps == 400, "sweeps over the gathered triangles as over the tree");
  CHECK(same_visits == 400, "visits over the gathered triangles as over the tree");
  CHECK(hits > 100 && nvisit > 100, "the queries meet the mesh");
  cl_mesh_free(&m);
}

/* a character's update over a bumpy mesh with steep ridges, among boxes
** (steps, pillars, low ceilings), is the same, bit for bit, with the items
** and the mesh's triangles gathered once (the scratch's near rooms, kept
** from one update to the next while the character stays inside them) and
** with every pass asking the trees (no rooms); halfway the mesh changes in
** place and the worlds are told (a refit of its item), after which what
** was kept of it must not be used */
static void gathered_walk_is_the_walk(void) {
  enum { N = 32, NB = 30 };
  static double v[3 * (N + 1) * (N + 1)];
  static uint32_t t[6 * N * N];
  static cl_aabb boxes[NB];
  cl_mesh m;
  cl_world w[2];
  cl_capsule body[2];
  cl_character_state ch[2];
  void *mem[2] = {NULL, NULL};
  static cl_world_scratch s0;
  int id[2], k, b, frame, same = 1, floors = 0, walls = 0, boxes_met = 0, kept = 0;
  double vy[2] = {0, 0};
  lcg_state = 777;
  bumpy_grid(N, 1.3, v, t);
  cl_mesh_init(&m);
  cl_mesh_use(&m, v, (N + 1) * (N + 1), t, 2 * N * N);
  CHECK(cl_mesh_build(&m), "bumpy mesh built");
  for (k = 0; k < NB; k++) {
    /* pillars, low blocks to step on and slabs overhead */
    double x = -9.5 + 9 * lcg(), z = -9.5 + 9 * lcg(), sx = 0.2 + 0.5 * lcg(), sz = 0.2 + 0.5 * lcg();
    double lo = k % 3 == 2 ? 2.3 + lcg() : -1;
    double hi = k % 3 == 2 ? lo + 0.3 : k % 3 == 1 ? 0.3 + 0.2 * lcg() : 2.5;
    boxes[k] = box(x, lo, z, x + sx, hi, z + sz);
  }
  for (k = 0; k < 2; k++) {
    body[k] = capsule(-5, 0.8, 2.0, -5, 0.4);
    cl_world_init_own(&w[k], 0.1, NULL, NULL);
    (void)cl_world_add_item(&w[k], &m, CL_WORLD_MESH, NULL);
    for (b = 0; b < NB; b++) (void)cl_world_add_item(&w[k], &boxes[b], CL_AABB, NULL);
    id[k] = cl_world_add_item(&w[k], &body[k], CL_CAPSULE, NULL);
    cl_character_init(&ch[k], UP, 0.25, 45, 0.01, 0.3);
  }
  for (frame = 0; frame < 600; frame++) {
    double d[3], moved[2][3], a = frame * 0.02;
    cl_world_collision cols[2][64];
    int ncols[2] = {0, 0};
    if (frame == 300) {
      for (b = 0; b < (N + 1) * (N + 1); b++) v[3 * b + 1] += 0.25 * lcg();
      CHECK(cl_mesh_build(&m), "bumpy mesh rebuilt in place");
      for (k = 0; k < 2; k++) CHECK(cl_world_update_item(&w[k], 0, NULL, 0, NULL), "mesh refitted");
    }
    for (k = 0; k < 2; k++) {
      cl_world_collisions out;
      cl_world_scratch *s = k == 0 ? kept_scratch(&w[k], &mem[k], &s0) : scratch(&w[k], &mem[k]);
      out.c = cols[k]; out.n = 0; out.max = 64;
      if (k == 1) s->near = NULL, s->near_items = NULL;
      vy[k] = ch[k].on_floor ? 0 : vy[k] - 9.81 / 60;
      if (frame % 90 == 45 && ch[k].on_floor) vy[k] = 5;
      cl_set(d, 4.0 / 60 * cos(a), vy[k] / 60, 4.0 / 60 * sin(a * 1.3));
      {
        cl_aabb before = s0.near_kept.box;
        int had = k == 0 && s0.near_item >= 0;
        cl_character_state_move(&ch[k], &w[k], s, id[k], d, CL_WORLD_ALL_BITS, moved[k], &out);
        /* (the same kept box after the update: its triangles were reused;
        ** its corners compared, not the struct's padding) */
        kept += had && memcmp(before.min, s0.near_kept.box.min, sizeof before.min) == 0
                && memcmp(before.max, s0.near_kept.box.max, sizeof before.max) == 0;
      }
      cl_world_update_item(&w[k], id[k], NULL, 0, NULL);
      ncols[k] = out.n < out.max ? out.n : out.max;
      if (k == 1) {
        int was = same;
        same = same && memcmp(body[0].a, body[1].a, sizeof body[0].a) == 0
               && memcmp(body[0].b, body[1].b, sizeof body[0].b) == 0
               && memcmp(moved[0], moved[1], sizeof moved[0]) == 0
               && ch[0].on_floor == ch[1].on_floor && ch[0].on_wall == ch[1].on_wall
               && ch[0].on_ceiling == ch[1].on_ceiling
               && memcmp(ch[0].floor_normal, ch[1].floor_normal, sizeof ch[0].floor_normal) == 0
               && ch[0].floor_item == ch[1].floor_item
               && ncols[0] == ncols[1]
               && memcmp(cols[0], cols[1], (size_t)ncols[0] * sizeof cols[0][0]) == 0;
        for (b = 0; b < ncols[0]; b++) boxes_met += cols[0][b].other >= 1 && cols[0][b].other <= NB;
        if (was && !same) fprintf(stderr, "differs from frame %d\n", frame);
        floors += ch[0].on_floor;
        walls += ch[0].on_wall;
      }
    }
  }
  CHECK(same, "the gathered triangles walk the character as the tree does");
  CHECK(kept > 200, "the triangles kept from one update served the next");
  CHECK(w[0].nmeshes == 1, "one mesh counted");
  cl_world_remove_item(&w[0], 0);
  CHECK(w[0].nmeshes == 0, "no mesh counted once removed");

  CHECK(floors > 150 && walls > 0, "on the bumps' floors, against their walls");
  CHECK(boxes_met > 20, "the walk meets the boxes");
  CHECK(fabs(body[0].a[0] + 5) + fabs(body[0].a[2] + 5) > 2, "walked");
  for (k = 0; k < 2; k++) {
    free(mem[k]);
    cl_world_free_all(&w[k]);
  }
  cl_mesh_free(&m);
}

/* scene:move's rules: a box slides along a floor into a wall and stops
** with its face on the wall's, exactly; an item whose layer the mover's
** mask misses is passed through */
static void move_and_slide(void) {
  cl_world w;
  cl_aabb floor = box(-10, -1, -10, 10, 0, 10), wall = box(3, 0, -10, 4, 3, 10);
  cl_aabb ghost = box(1.5, 0, -10, 2, 3, 10), b = box(0, 0, 0, 1, 1, 1);
  cl_world_collision cols[64];
  cl_world_collisions out = {cols, 0, 64};
  void *mem = NULL;
  double moved[3], d[3];
  int id, ghost_id;
  cl_world_init_own(&w, 0.1, NULL, NULL);
  cl_world_add_item(&w, &floor, CL_AABB, NULL);
  cl_world_add_item(&w, &wall, CL_AABB, NULL);
  ghost_id = cl_world_add_item(&w, &ghost, CL_AABB, NULL);
  CHECK(cl_world_set_item_options(&w, ghost_id, 2, CL_WORLD_ALL_BITS, 1), "options");
  id = cl_world_add_item(&w, &b, CL_AABB, NULL);
  CHECK(cl_world_set_item_options(&w, id, 1, 1, 0), "the box meets layer 1 only");
  cl_set(d, 5, -1, 0.5);
  CHECK(cl_world_move_with(&w, scratch(&w, &mem), id, d, CL_WORLD_ALL_BITS, NULL, NULL, moved, &out),
        "moved");
  cl_world_update_item(&w, id, NULL, 0, NULL);
  /* doc/motion.md's example: 2 0 0.5 and two collisions, floor then wall */
  CHECK(moved[0] == 2 && moved[1] == 0 && moved[2] == 0.5, "displacement");
  CHECK(out.n == 2 && cols[0].other == 0 && cols[1].other == 1, "floor, then wall");
  CHECK(cols[0].type == CL_WORLD_SLIDE && cols[0].t == 0 && cols[0].n[1] == 1, "floor contact");
  CHECK(cols[1].t == 0.4 && cols[1].n[0] == -1, "wall contact");
  CHECK(b.min[0] == 2 && b.max[0] == 3 && b.min[1] == 0 && b.min[2] == 0.5,
        "face on the wall's, exactly");
  CHECK(!cl_world_pairable(&w, id, ghost_id) && cl_world_pairable(&w, 0, id), "pairable");
  free(mem);
  cl_world_free_all(&w);
}

/* sync refits only the items that are not static and whose counters moved */
static void sync_costs_what_moved(void) {
  cl_world w;
  cl_aabb boxes[100];
  uint32_t changes[100];
  int i, n, moved_ids[100], nm;
  double d[3] = {0, 5, 0};
  cl_world_init_own(&w, 0.1, NULL, NULL);
  for (i = 0; i < 100; i++) {
    boxes[i] = box(i, 0, 0, i + 0.5, 0.5, 0.5);
    changes[i] = 0;
    cl_world_add_item(&w, &boxes[i], CL_AABB, &changes[i]);
    if (i >= 10) cl_world_set_item_options(&w, i, 1, CL_WORLD_ALL_BITS, 1);
  }
  CHECK(w.nwatched == 10, "only the 10 movable items are watched");
  for (i = 0; i < 3; i++) { cl_translate((cl_shape *)&boxes[i], d); changes[i]++; }
  n = cl_world_sync_moved(&w, moved_ids, &nm);
  CHECK(n == 3 && nm == 0, "three refitted");
  CHECK(cl_world_sync_moved(&w, moved_ids, &nm) == 0, "nothing moved since");
  cl_world_free_all(&w);
}

/* a loop over the items (cl_world_next, as scene:items() calls it) whose
** body removes the current item and the one after it: each step finds
** the next item from the removed slots, reading nothing at the list's end
** (which the test hides: with a scan from the end, as before, the loop
** stopped at once; it cost quadratic time), and every other item is
** visited, in order; then the same with the slots taken again by adds */
static void next_after_removals(void) {
  cl_world w;
  static cl_aabb boxes[3000];
  int i, id, cur, ahead, seen = 0, ok = 1, hidden;
  long long seq = 0, aseq = 0;
  cl_world_init_own(&w, 0.1, NULL, NULL);
  for (i = 0; i < 3000; i++) {
    boxes[i] = box(i, 0, 0, i + 0.5, 0.5, 0.5);
    cl_world_add_item(&w, &boxes[i], CL_AABB, NULL);
  }
  cur = ahead = -1;
  for (;;) {
    hidden = w.last;
    w.last = -1;                                   /* the end hidden */
    id = cl_world_next(&w, cur, seq, ahead, aseq);
    w.last = hidden;
    if (id < 0) break;
    ok = ok && id == 2 * seen;
    seen++;
    cur = id;
    seq = w.items[id].seq;
    ahead = w.items[id].next;
    aseq = ahead >= 0 ? w.items[ahead].seq : 0;
    cl_world_remove_item(&w, id);
    if (ahead >= 0) cl_world_remove_item(&w, ahead);
  }
  CHECK(ok && seen == 1500, "every other item visited after removals, from the removed slots");
  /* the slots taken again by new items (added last): those come after
  ** the ones left, found from the end */
  for (i = 0; i < 10; i++) cl_world_add_item(&w, &boxes[i], CL_AABB, NULL);
  cur = w.first;
  seq = w.items[cur].seq;
  ahead = w.items[cur].next;
  aseq = w.items[ahead].seq;
  cl_world_remove_item(&w, cur);
  cl_world_remove_item(&w, ahead);
  id = cl_world_next(&w, cur, seq, ahead, aseq);
  CHECK(id >= 0 && w.items[id].seq > aseq && (w.items[id].prev < 0 || w.items[w.items[id].prev].seq < seq),
        "the first item added after the removed ones");
  cl_world_free_all(&w);
}

/* the queries, raycasts and pairs of spec/scene_mask_spec.lua's level
** from C: boxes a, b, c, d along x (layers 1, 2, 4, 3), a thin box e of
** the top layer across a and b, a floor plane through a to d */
typedef struct { int ids[16], n, calls, refuse, stop_at; } kept_list;

static int keep_fn(void *ud, int id) {
  kept_list *k = ud;
  k->calls++;
  if (id == k->stop_at) return -1;
  return id != k->refuse;
}

static int hit_fn(void *ud, int id, const cl_hit *h, long long index) {
  kept_list *k = ud;
  (void)index;
  k->ids[k->n++] = id * 100 + (int)h->t;     /* the item and its whole t */
  return 1;
}

/* 1 when the first n ids of got are want's (terminated by -1) */
static int same_ids(const int *got, int n, const int *want) {
  int k;
  for (k = 0; k < n; k++) if (want[k] != got[k]) return 0;
  return want[n] == -1;
}

static void queries_and_pairs(void) {
  cl_world w;
  cl_aabb a = box(0, 0, 0, 1, 1, 1), b = box(2, 0, 0, 3, 1, 1), c = box(4, 0, 0, 5, 1, 1);
  cl_aabb d = box(6, 0, 0, 7, 1, 1), e = box(0.5, 0.625, 0.5, 2.5, 0.75, 0.75);
  cl_aabb all = box(-1, -1, -1, 10, 2, 2);
  cl_plane floor, fp[6];
  cl_frustum f;
  cl_ray ray;
  cl_hit h;
  cl_world_scratch s;
  cl_world_pair pairs[64];
  kept_list k;
  void *mem;
  long long index, np, room;
  double n[3], o[3], dir[3];
  int id, i;
  static const uint32_t layers[6] = {1, 2, 4, 3, 0x80000000u, 8};
  static const int every[] = {0, 1, 2, 3, 4, 5, -1}, m1[] = {0, 3, -1}, m5[] = {0, 2, 3, -1};
  static const int none[] = {-1}, not_b[] = {0, 2, 3, 4, 5, -1};
  static const double fplanes[6][4] = {{1, 0, 0, -1}, {-1, 0, 0, -10}, {0, 1, 0, -1},
                                       {0, -1, 0, -2}, {0, 0, 1, -1}, {0, 0, -1, -2}};
  cl_set(n, 0, 1, 0);
  cl_plane_init(&floor, n, 0.5);
  cl_world_init_own(&w, 0.1, NULL, NULL);
  cl_world_add_item(&w, &a, CL_AABB, NULL);
  cl_world_add_item(&w, &b, CL_AABB, NULL);
  cl_world_add_item(&w, &c, CL_AABB, NULL);
  cl_world_add_item(&w, &d, CL_AABB, NULL);
  cl_world_add_item(&w, &e, CL_AABB, NULL);
  cl_world_add_item(&w, &floor, CL_PLANE, NULL);
  for (i = 0; i < 6; i++) cl_world_set_item_options(&w, i, layers[i], CL_WORLD_ALL_BITS, 0);
  mem = malloc(cl_world_query_scratch_size(&w));
  cl_world_query_scratch_init(&w, &s, mem);
  CHECK(cl_world_scratch_fits(&w, &s), "a query scratch fits");

  /* query: add order, the plane merged in; masks; keep once per item */
  i = cl_world_query_with(&w, &s, &all, CL_AABB, CL_WORLD_ALL_BITS, NULL, NULL);
  CHECK(same_ids(s.cands, i, every), "query: every item, in add order");
  i = cl_world_query_with(&w, &s, &all, CL_AABB, 1, NULL, NULL);
  CHECK(same_ids(s.cands, i, m1), "query: mask 1");
  i = cl_world_query_with(&w, &s, &all, CL_AABB, 0, NULL, NULL);
  CHECK(same_ids(s.cands, i, none), "query: mask 0");
  memset(&k, 0, sizeof k);
  k.refuse = 1; k.stop_at = -1;
  i = cl_world_query_with(&w, &s, &all, CL_AABB, CL_WORLD_ALL_BITS, keep_fn, &k);
  CHECK(same_ids(s.cands, i, not_b) && k.calls == 6, "query: keep asked once per item");
  k.stop_at = 3;
  CHECK(cl_world_query_with(&w, &s, &all, CL_AABB, CL_WORLD_ALL_BITS, keep_fn, &k) == -2,
        "query: keep stops it");

  /* query_frustum: the same box as six planes */
  for (i = 0; i < 6; i++) {
    cl_set(n, fplanes[i][0], fplanes[i][1], fplanes[i][2]);
    cl_plane_init(&fp[i], n, fplanes[i][3]);
  }
  CHECK(cl_frustum_init(&f, fp), "frustum");
  i = cl_world_query_frustum_with(&w, &s, &f, 5, NULL, NULL);
  CHECK(same_ids(s.cands, i, m5), "query_frustum: mask 5");
  i = cl_world_query_frustum_with(&w, &s, &f, CL_WORLD_ALL_BITS, NULL, NULL);
  CHECK(same_ids(s.cands, i, every), "query_frustum: every item");

  /* raycast and raycast_all above the floor, through a, b, c and d */
  cl_set(o, -1, 0.875, 0.5);
  cl_set(dir, 1, 0, 0);
  cl_ray_init(&ray, o, dir, INFINITY);
  id = cl_world_raycast_with(&w, &s, &ray, -1, 2, NULL, NULL, &h, &index);
  CHECK(id == 1 && h.t == 3 && h.p[0] == 2 && h.n[0] == -1 && index == -1, "raycast: mask 2");
  id = cl_world_raycast_with(&w, &s, &ray, -1, 8, NULL, NULL, &h, &index);
  CHECK(id == -1, "raycast: the floor is parallel");
  memset(&k, 0, sizeof k);
  i = cl_world_raycast_all_with(&w, &s, &ray, 6, NULL, NULL, hit_fn, &k);
  {
    static const int want[] = {103, 205, 307, -1};
    CHECK(i == 3 && same_ids(k.ids, k.n, want), "raycast_all: mask 6, boxes in order");
  }

  /* pairs: the tree's, then the plane's by its own query, sorted */
  np = cl_tree_pair_list(w.tree, &s.tree, pairs, 64);
  room = cl_world_pairs_room(&w, &s, np);
  CHECK(room <= 64, "room");
  np = cl_world_pairs_with(&w, &s, pairs, np, 64, CL_WORLD_ALL_BITS, NULL, NULL, 0);
  {
    static const int want[] = {0, 4, 0, 5, 1, 4, 1, 5, 2, 5, 3, 5};
    int ok = np == 6;
    for (i = 0; ok && i < 6; i++) ok = pairs[i].a == want[2 * i] && pairs[i].b == want[2 * i + 1];
    CHECK(ok, "pairs: a-e, a-floor, b-e, b-floor, c-floor, d-floor");
  }
  np = cl_tree_pair_list(w.tree, &s.tree, pairs, 64);
  memset(&k, 0, sizeof k);
  k.refuse = 5; k.stop_at = -1;
  np = cl_world_pairs_with(&w, &s, pairs, np, 64, 0x80000003u, keep_fn, &k, 0);
  CHECK(np == 2 && pairs[0].a == 0 && pairs[0].b == 4 && pairs[1].a == 1 && pairs[1].b == 4,
        "pairs: mask and keep");
  CHECK(k.calls == 3, "pairs: keep asked once per item (a, e, b)");
  /* too little room: the count comes back; again with room, keep's
  ** answers are kept */
  np = cl_tree_pair_list(w.tree, &s.tree, pairs, 64);
  memset(&k, 0, sizeof k);
  k.refuse = -1; k.stop_at = -1;
  CHECK(cl_world_pairs_with(&w, &s, pairs, np, np, CL_WORLD_ALL_BITS, keep_fn, &k, 0) == 6,
        "pairs: the number needed");
  CHECK(k.calls == 6, "pairs: every item asked once");
  np = cl_tree_pair_list(w.tree, &s.tree, pairs, 64);
  CHECK(cl_world_pairs_with(&w, &s, pairs, np, 64, CL_WORLD_ALL_BITS, keep_fn, &k, 1) == 6
        && k.calls == 6, "pairs: again, no item asked twice");

  /* the add order survives removals; an id reused goes last */
  cl_world_remove_item(&w, 2);
  id = cl_world_add_item(&w, &c, CL_AABB, NULL);
  CHECK(id == 2, "the free id again");
  {
    static const int want[] = {0, 1, 3, 4, 5, 2, -1};
    int got[8], m = 0, cur = -1;
    long long seq = 0;
    while ((cur = cl_world_next(&w, cur, seq, -1, 0)) >= 0 && m < 8) {
      got[m++] = cur;
      seq = w.items[cur].seq;
    }
    CHECK(same_ids(got, m, want), "next: add order");
    /* the item after 1 (3) removed while the walk stands on it: then 4 */
    cl_world_remove_item(&w, 3);
    CHECK(cl_world_next(&w, 3, 4, 4, w.items[4].seq) == 4, "next: the one ahead");
    CHECK(cl_world_next(&w, 3, 4, -1, 0) == 4, "next: found from the end");
  }
  free(mem);
  cl_world_free_all(&w);
}

/* the capsule's overlap test searches the box's or triangle's features only
** below its radius (cl_segment_within): the same answer as the whole
** distance compared with it, checked at the distance itself, an ulp on
** either side of it, a hair off it and at random radii, for boxes, rotated
** boxes, triangles and slivers at sizes from 1e-3 to 1e4 */
static void segment_within_is_the_distance(void) {
  long n = 0, differ = 0, within = 0;
  int it;
  lcg_state = 4242;
  for (it = 0; it < 30000; it++) {
    cl_shape x;
    double a[3], b[3], p[3], q[3], d, r[6], sc = pow(10, (int)(lcg() * 8) - 3);
    int k, j;
    for (k = 0; k < 3; k++) {
      a[k] = (lcg() - 0.5) * 4 * sc;
      b[k] = it % 7 == 0 ? a[k] : a[k] + (lcg() - 0.5) * 3 * sc;
    }
    if (it % 3 == 0) {
      x.aabb.tag = CL_AABB;
      for (k = 0; k < 3; k++) {
        x.aabb.min[k] = (lcg() - 0.5) * 2 * sc;
        x.aabb.max[k] = x.aabb.min[k] + (it % 11 == 0 ? 0 : lcg() * sc);
      }
    } else if (it % 3 == 1) {
      double v[3][3];
      for (k = 0; k < 9; k++) v[k / 3][k % 3] = (lcg() - 0.5) * 2 * sc;
      if (it % 13 == 1)
        for (k = 0; k < 3; k++) v[2][k] = v[0][k] + 0.5 * (v[1][k] - v[0][k]);
      cl_triangle_init(&x.tri, v[0], v[1], v[2]);
    } else {
      double ang = lcg() * 6.28;
      x.obb.tag = CL_OBB;
      for (k = 0; k < 3; k++) {
        x.obb.c[k] = (lcg() - 0.5) * 2 * sc;
        x.obb.e[k] = lcg() * sc;
      }
      cl_set(x.obb.u[0], cos(ang), sin(ang), 0);
      cl_set(x.obb.u[1], -sin(ang), cos(ang), 0);
      cl_set(x.obb.u[2], 0, 0, 1);
    }
    d = cl_segment_distance(&x, a, b, p, q);
    r[0] = d; r[1] = nextafter(d, 0); r[2] = nextafter(d, INFINITY);
    r[3] = d * 2 * lcg(); r[4] = d * (1 + 1e-13); r[5] = d * (1 - 1e-13);
    for (j = 0; j < 6; j++) {
      n++;
      within += d <= r[j];
      differ += (d <= r[j]) != cl_segment_within(&x, a, b, r[j]);
    }
  }
  CHECK(differ == 0, "the cut search answers as the whole distance");
  CHECK(within > n / 3 && within < n, "within and not, both met");
}

/* a sweep stopped past a limit (cl_sweep_until) answers as the whole
** sweep when its hit is within the limit, and nothing otherwise: capsules
** and boxes against triangles and boxes, limits at the hit's t, an ulp
** before it, half of it and 1 */
static void sweep_until_is_the_sweep(void) {
  int it, differ = 0, hits = 0, cut = 0;
  lcg_state = 99;
  for (it = 0; it < 4000; it++) {
    cl_shape m, x;
    cl_hit h, hu;
    double d[3], lim[4];
    int k, j, hit;
    if (it % 2) m.cap = capsule(lcg() * 2, lcg(), 1 + lcg(), lcg() * 2, 0.1 + 0.4 * lcg());
    else m.aabb = box(lcg(), lcg(), lcg(), 1 + lcg(), 1 + lcg(), 1 + lcg());
    if (it % 3) {
      double v[3][3];
      for (k = 0; k < 9; k++) v[k / 3][k % 3] = (lcg() - 0.5) * 6;
      cl_triangle_init(&x.tri, v[0], v[1], v[2]);
    } else {
      x.aabb = box(lcg() * 3 - 1, lcg() * 3 - 1, lcg() * 3 - 1, 2 + lcg(), 2 + lcg(), 2 + lcg());
    }
    for (k = 0; k < 3; k++) d[k] = (lcg() - 0.5) * 8;
    hit = cl_sweep(&m, d, &x, &h);
    hits += hit;
    lim[0] = hit ? h.t : 1; lim[1] = nextafter(lim[0], 0); lim[2] = lim[0] / 2; lim[3] = 1;
    for (j = 0; j < 4; j++) {
      int u = cl_sweep_until(&m, d, &x, lim[j], &hu);
      int want = hit && h.t <= lim[j];
      cut += hit && !want;
      if (u != want || (u && memcmp(&hu, &h, sizeof h) != 0)) differ++;
    }
  }
  CHECK(differ == 0, "the sweep stopped past a limit answers as the whole one");
  CHECK(hits > 500 && cut > 500, "hits within and past the limits, both met");
}

int main(void) {
  walk_over_a_step();
  climb_stairs();
  ride_a_lift();
  walk_a_mesh();
  mesh_near_matches_walk();
  gathered_walk_is_the_walk();
  move_and_slide();
  sync_costs_what_moved();
  next_after_removals();
  queries_and_pairs();
  segment_within_is_the_distance();
  sweep_until_is_the_sweep();
  printf("world_test: %d checks, %d failures\n", checks, failures);
  return failures != 0;
}
