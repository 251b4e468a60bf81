/*
** world_api_test.c - the world through its public header alone
** (collide/world.h), as an engine uses it: a capsule character walks a
** level of boxes; moves slide and stop exactly at contact; raycasts,
** queries, frustum queries, the nearest item, pairs and sweeps with
** masks, exclude lists and keep callbacks, over boxes, a sphere, a mesh and a heightfield; the
** errors (CL_NOT_ITEM, CL_NOT_MOVER, CL_NOT_FINITE, CL_BUSY); sensors,
** events and one-way items; masses and characters that push them; the
** materials of triangles in hits,
** collisions and a character's floor; a shape's contact and manifold with
** a mesh and a heightfield (mesh.h, heightfield.h); calls made
** from inside the callbacks of others, which answer as the same calls made
** alone; handles: a removed item's id refused by every call after 1,
** 1000 and 65,535 reuses of its slot, taken again only at the 65,536th
** (the 16-bit generation wraps), user data, and the ids a replay hands
** out after a restore equal to the first play's. Then allocation failure, tested the way SQLite tests it: an
** allocator that counts the live bytes and blocks fails its k-th
** allocation, for k = 1, 2, ... until a scenario of adds, queries, moves,
** a character, nested calls, syncs and removals runs without a failure;
** for each k the failing call answers CL_NOMEM and leaves the world as it
** was, the same call made again answers as in a run that never failed,
** and nothing is left allocated after cl_world_delete. Compiled with
** CONST_SHAPE, a const shape given to cl_world_add must not compile.
**
**   make test-world-api (part of make test-c)
*/
#include <collide/world.h>
#include <collide/compound.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0, checks = 0;

#define CHECK(cond, what)                                                   \
  do {                                                                      \
    checks++;                                                               \
    if (!(cond)) {                                                          \
      failures++;                                                           \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, what);             \
    }                                                                       \
  } while (0)

/* a == b to the last bit (both printed when not) */
#define EQ(a, b, what)                                                      \
  do {                                                                      \
    double a_ = (a), b_ = (b);                                              \
    checks++;                                                               \
    if (!(a_ == b_)) {                                                      \
      failures++;                                                           \
      fprintf(stderr, "%s:%d: %s: %.17g, expected %.17g\n", __FILE__, __LINE__, what, a_, b_); \
    }                                                                       \
  } while (0)

#define EQ3(v, x, y, z, what)                                               \
  do {                                                                      \
    EQ((v)[0], x, what " (x)");                                             \
    EQ((v)[1], y, what " (y)");                                             \
    EQ((v)[2], z, what " (z)");                                             \
  } while (0)

static cl_aabb box(double x0, double y0, double z0, double x1, double y1, double z1) {
  cl_aabb b;
  double lo[3], hi[3];
  memset(&b, 0, sizeof b);                       /* (shapes are compared whole) */
  cl_set(lo, x0, y0, z0);
  cl_set(hi, x1, y1, z1);
  cl_aabb_init(&b, lo, hi);
  return b;
}

static cl_capsule capsule(double x, double y0, double y1, double z, double r) {
  cl_capsule c;
  double a[3], b[3];
  memset(&c, 0, sizeof c);
  cl_set(a, x, y0, z);
  cl_set(b, x, y1, z);
  cl_capsule_init(&c, a, b, r);
  return c;
}

static cl_sphere sphere(double x, double y, double z, double r) {
  cl_sphere s;
  double c[3];
  cl_set(c, x, y, z);
  cl_sphere_init(&s, c, r);
  return s;
}

static cl_ray ray(double ox, double oy, double oz, double dx, double dy, double dz, double tmax) {
  cl_ray r;
  double o[3], d[3];
  cl_set(o, ox, oy, oz);
  cl_set(d, dx, dy, dz);
  cl_ray_init(&r, o, d, tmax);
  return r;
}

static cl_plane plane(double nx, double ny, double nz, double d) {
  cl_plane p;
  double n[3];
  cl_set(n, nx, ny, nz);
  cl_plane_init(&p, n, d);
  return p;
}

static void vec(double v[3], double x, double y, double z) { cl_set(v, x, y, z); }

/* the ids a callback is handed, in order */
typedef struct { cl_item ids[64]; int n; cl_item a[64], b[64]; double t[64]; } seen;

static int see_item(void *ud, cl_item item) {
  seen *s = (seen *)ud;
  if (s->n < 64) s->ids[s->n] = item;
  s->n++;
  return 1;
}

static int see_hit(void *ud, const cl_world_hit *h) {
  seen *s = (seen *)ud;
  if (s->n < 64) { s->ids[s->n] = h->item; s->t[s->n] = h->hit.t; }
  s->n++;
  return 1;
}

static int see_pair(void *ud, cl_item a, cl_item b) {
  seen *s = (seen *)ud;
  if (s->n < 64) { s->a[s->n] = a; s->b[s->n] = b; }
  s->n++;
  return 1;
}

static int stop_first(void *ud, cl_item item) { (void)ud; (void)item; return 0; }
static int stop_hit(void *ud, const cl_world_hit *h) { (void)ud; (void)h; return 0; }
static int stop_pair(void *ud, cl_item a, cl_item b) { (void)ud; (void)a; (void)b; return 0; }

static int same_ids(const seen *s, const cl_item *ids, int n) {
  int i;
  if (s->n != n) return 0;
  for (i = 0; i < n; i++)
    if (s->ids[i] != ids[i]) return 0;
  return 1;
}

/* ---- a character walks a floor, up a step, into a wall ---- */

/* 4 m/s along x under gravity at 60 Hz, up a 0.25 step, against a wall:
** the answers of the character from Lua (doc/motion.md's example) */
static void walk(void) {
  cl_world *w = cl_world_new(0.1, NULL, NULL);
  cl_aabb floor = box(-10, -1, -10, 10, 0, 10), step = box(1, 0, -10, 10, 0.25, 10);
  cl_aabb wall = box(4, 0, -10, 5, 3, 10);
  cl_capsule body = capsule(0, 0.3, 1.5, 0, 0.3);
  cl_character_options o;
  cl_character *ch;
  double vy = 0, moved[3], n[3];
  cl_item floor_id, step_id, wall_id, id;
  int frame, ok = 1, ncols;
  const cl_world_collision *cols;
  CHECK(w != NULL, "a world");
  floor_id = cl_world_add(w, &floor, floor.tag, NULL);
  step_id = cl_world_add(w, &step, step.tag, NULL);
  wall_id = cl_world_add(w, &wall, wall.tag, NULL);
  id = cl_world_add(w, &body, body.tag, NULL);
  CHECK(floor_id == 0 && step_id == 1 && wall_id == 2 && id == 3, "ids in add order");
  CHECK(cl_world_count(w) == 4, "four items");
  cl_character_options_init(&o);
  ch = cl_character_new(w, id, &o);
  CHECK(ch != NULL, "a character");
  /* made standing on the floor: on it from the start */
  CHECK(cl_character_on_floor(ch) && cl_character_floor_item(ch) == floor_id,
        "on the floor before it moves");
  CHECK(cl_character_floor_normal(ch, n) == 1, "a floor normal before it moves");
  EQ3(n, 0, 1, 0, "the floor's normal before it moves");
  for (frame = 1; frame <= 90; frame++) {
    double d[3], before = body.a[0];
    vy = vy - 9.81 / 60;
    vec(d, 4.0 / 60, vy / 60, 0);
    /* every other frame without the moved vector */
    if (frame % 2) {
      ok &= cl_character_move(ch, d, moved) == 0;
      ok &= moved[0] == body.a[0] - before || fabs(moved[0] - (body.a[0] - before)) < 1e-15;
    } else {
      ok &= cl_character_move(ch, d, NULL) == 0;
    }
    if (cl_character_on_floor(ch)) vy = 0;
    if (frame == 30) {
      EQ3(body.a, 1.9999999999999998, 0.55000000000000004, 0, "frame 30: on the step");
      CHECK(cl_character_on_floor(ch) && !cl_character_on_wall(ch)
            && !cl_character_on_ceiling(ch), "frame 30: on the floor only");
      CHECK(cl_character_floor_normal(ch, n) == 1, "frame 30: a floor normal");
      CHECK(n[0] == 0 && n[1] == 1 && fabs(n[2]) < 1e-14, "frame 30: the floor normal");
      EQ(cl_character_floor_item(ch), step_id, "frame 30: on the step item");
    }
  }
  CHECK(ok, "every frame moves");
  EQ3(body.a, 3.7000000000000002, 0.55000000000000004, body.a[2], "frame 90: against the wall");
  CHECK(fabs(body.a[2]) < 1e-12, "frame 90: no drift along the wall");
  CHECK(cl_character_on_floor(ch) && cl_character_on_wall(ch), "frame 90: floor and wall");
  EQ(cl_character_floor_item(ch), step_id, "frame 90: on the step");
  cols = cl_character_collisions(ch, &ncols);
  CHECK(ncols >= 1 && cols != NULL, "frame 90: collisions");
  {
    int i, wall_met = 0;
    for (i = 0; i < ncols; i++) wall_met |= cols[i].other == wall_id && cols[i].n[0] == -1;
    CHECK(wall_met, "frame 90: the wall among the collisions, its normal -x");
  }
  /* its item is refitted after each move: a query at the body finds
  ** the wall it touches (the feet are a hair above the step) and itself */
  {
    static const cl_item touching[2] = {2, 3};
    seen s;
    memset(&s, 0, sizeof s);
    CHECK(cl_world_query(w, &body, body.tag, NULL, see_item, &s) == 2, "the body meets two");
    CHECK(same_ids(&s, touching, 2), "the wall and the body");
  }
  cl_character_delete(ch);
  cl_world_delete(w);
}

/* ---- the character: mask and keep, the floor at creation, turning floors ---- */

/* how often keep was asked about each item; refuses *ud, stops on fail */
static int asked[8], keep_fails;
static int keep_but(void *ud, cl_item item) {
  if (item >= 0 && item < 8) asked[item]++;
  if (keep_fails) return -1;
  return item != *(const int *)ud;
}

static void character_more(void) {
  cl_world *w = cl_world_new(0.1, NULL, NULL);
  cl_aabb floor = box(-10, -1, -10, 10, 0, 10), ghost = box(1, 0, -1, 2, 3, 1);
  cl_aabb pickup = box(3, 0, -1, 4, 1, 1);
  cl_capsule body = capsule(0, 0.3, 1.5, 0, 0.3), start;
  cl_character_options o;
  cl_character *ch;
  double d[3], moved[3], n[3], fm[3];
  cl_item floor_id, ghost_id, pickup_id, id;
  int k, ncols;
  floor_id = cl_world_add(w, &floor, floor.tag, NULL);
  ghost_id = cl_world_add(w, &ghost, ghost.tag, NULL);
  pickup_id = cl_world_add(w, &pickup, pickup.tag, NULL);
  CHECK(cl_world_set_options(w, pickup_id, 2, CL_WORLD_ALL_BITS, 0) == 0, "the pickup in layer 2");
  id = cl_world_add(w, &body, body.tag, NULL);
  cl_character_options_init(&o);
  CHECK(o.keep == NULL && o.keep_ud == NULL, "no keep by default");
  o.mask = 1;
  o.keep = keep_but;
  o.keep_ud = &ghost_id;
  memset(asked, 0, sizeof asked);
  keep_fails = 0;
  ch = cl_character_new(w, id, &o);
  CHECK(ch != NULL, "a character with a mask and keep");
  EQ(asked[floor_id], 1, "keep asked about the floor below at creation");
  EQ(cl_character_floor_item(ch), floor_id, "on the floor from the start");
  /* through the ghost (keep) and the pickup (mask), to x = 5 */
  memset(asked, 0, sizeof asked);
  vec(d, 5, 0, 0);
  EQ(cl_character_move(ch, d, moved), 0, "a move");
  EQ3(moved, 5, 0, 0, "through the ghost and the pickup");
  EQ3(body.a, 5, 0.3, 0, "at x = 5");
  CHECK(!cl_character_on_wall(ch) && cl_character_on_floor(ch), "on the floor, no wall");
  CHECK(asked[floor_id] <= 1 && asked[ghost_id] == 1 && asked[pickup_id] == 0,
        "keep asked once about the items the mask lets in");
  cl_character_floor_motion(ch, fm);
  EQ3(fm, 0, 0, 0, "no floor motion on a still floor");
  EQ(cl_character_floor_turn(ch), 0, "no turn on a still floor");
  /* keep stops the move: nothing moved, the state as it was */
  keep_fails = 1;
  start = body;
  vec(d, -1, -0.01, 0);
  EQ(cl_character_move(ch, d, moved), CL_STOPPED, "keep stops the move");
  CHECK(memcmp(&start, &body, sizeof body) == 0, "the body as it was");
  CHECK(cl_character_on_floor(ch) && cl_character_floor_item(ch) == floor_id,
        "the floor as it was");
  (void)cl_character_collisions(ch, &ncols);
  EQ(ncols, 0, "no collisions after a stopped move");
  CHECK(cl_character_new(w, id, &o) == NULL, "keep stops the probe: no character");
  {
    cl_character *none = ch;
    keep_fails = 1;
    CHECK(cl_character_create(w, id, &o, &none) == CL_STOPPED && none == NULL,
          "create: keep stops the probe");
  }
  keep_fails = 0;
  vec(d, -1, -0.01, 0);
  EQ(cl_character_move(ch, d, moved), 0, "the next move works");
  EQ3(body.a, 4, 0.3, 0, "back at x = 4");
  cl_character_delete(ch);
  cl_world_delete(w);

  /* made on a platform that moves: the first move carries it */
  {
    cl_obb lift;
    cl_capsule rider = capsule(2, 0.3, 1.5, 0, 0.3);
    double c[3], e[3], q[4] = {0, 0, 0, 1};
    cl_item lift_id, rid;
    w = cl_world_new(0.1, NULL, NULL);
    vec(c, 0, -0.5, 0);
    vec(e, 4, 0.5, 4);
    cl_obb_init(&lift, c, e, q);
    lift_id = cl_world_add(w, &lift, lift.tag, NULL);
    rid = cl_world_add(w, &rider, rider.tag, NULL);
    ch = cl_character_new(w, rid, NULL);
    CHECK(ch != NULL && cl_character_on_floor(ch) && cl_character_floor_item(ch) == lift_id,
          "made on the platform, on it");
    CHECK(cl_character_floor_normal(ch, n) == 1 && n[0] == 0 && n[1] == 1 && n[2] == 0,
          "the platform's normal");
    vec(d, 0.5, 0.25, -0.125);
    cl_translate((cl_shape *)(void *)&lift, d);
    cl_world_update(w, lift_id, NULL, 0, NULL);
    vec(d, 0, 0, 0);
    EQ(cl_character_move(ch, d, moved), 0, "the first move");
    EQ3(moved, 0.5, 0.25, -0.125, "carried by the platform's translation");
    cl_character_floor_motion(ch, fm);
    EQ3(fm, 0.5, 0.25, -0.125, "the floor's motion");
    EQ(cl_character_floor_turn(ch), 0, "no turn on a floor that only moves");
    EQ3(rider.a, 2.5, 0.55, -0.125, "on the platform");
    /* a merry-go-round: the platform turns about y by 10 degrees a step,
    ** about its centre (0.5, -0.25, -0.125); the rider at radius 2 goes
    ** around the circle, its capsule upright */
    for (k = 1; k <= 9; k++) {
      double a = k * 3.141592653589793 / 18, wx, wz, before[3];
      cl_set(q, 0, sin(a / 2), 0);
      q[3] = cos(a / 2);
      cl_copy(c, lift.c);
      cl_obb_init(&lift, c, e, q);
      cl_world_update(w, lift_id, NULL, 0, NULL);
      cl_copy(before, rider.a);
      EQ(cl_character_move(ch, d, moved), 0, "a turning step");
      wx = 0.5 + 2 * cos(a);
      wz = -0.125 - 2 * sin(a);
      CHECK(fabs(rider.a[0] - wx) < 1e-9 && fabs(rider.a[2] - wz) < 1e-9,
            "around the circle");
      EQ(rider.a[1], 0.55, "at the platform's height");
      EQ(rider.b[0] - rider.a[0], 0, "upright (x)");
      EQ(rider.b[2] - rider.a[2], 0, "upright (z)");
      cl_character_floor_motion(ch, fm);
      CHECK(fabs(fm[0] - (rider.a[0] - before[0])) < 1e-15 && fm[1] == 0
            && fabs(fm[2] - (rider.a[2] - before[2])) < 1e-15, "the floor's motion is the carry");
      /* positive about up: counter-clockwise seen from above */
      CHECK(fabs(cl_character_floor_turn(ch) - 3.141592653589793 / 18) < 1e-12,
            "the floor's turn, 10 degrees");
      EQ(cl_character_floor_item(ch), lift_id, "still on the platform");
    }
    CHECK(fabs(rider.a[0] - 0.5) < 1e-12 && fabs(rider.a[2] + 2.125) < 1e-12,
          "a quarter turn around");
    /* a tilt about x: not followed */
    {
      double tilt[4], p0[3];
      /* the quarter turn, then a tilt about the world's x that lowers
      ** the top under the rider (at z - 2 from the centre) */
      cl_set(tilt, -sin(0.05), 0, 0);
      tilt[3] = cos(0.05);
      cl_set(q, 0, sin(3.141592653589793 / 4), 0);
      q[3] = cos(3.141592653589793 / 4);
      {
        double t[4];
        t[0] = tilt[3] * q[0] + q[3] * tilt[0] + tilt[1] * q[2] - tilt[2] * q[1];
        t[1] = tilt[3] * q[1] + q[3] * tilt[1] + tilt[2] * q[0] - tilt[0] * q[2];
        t[2] = tilt[3] * q[2] + q[3] * tilt[2] + tilt[0] * q[1] - tilt[1] * q[0];
        t[3] = tilt[3] * q[3] - tilt[0] * q[0] - tilt[1] * q[1] - tilt[2] * q[2];
        memcpy(q, t, sizeof t);
      }
      cl_copy(c, lift.c);
      cl_obb_init(&lift, c, e, q);
      cl_world_update(w, lift_id, NULL, 0, NULL);
      cl_copy(p0, rider.a);
      EQ(cl_character_move(ch, d, moved), 0, "a tilted step");
      cl_character_floor_motion(ch, fm);
      CHECK(fabs(fm[0]) < 1e-15 && fm[1] == 0 && fabs(fm[2]) < 1e-15, "a tilt carries nothing");
      EQ(cl_character_floor_turn(ch), 0, "a tilt is no turn");
      CHECK(fabs(rider.a[0] - p0[0]) < 1e-15 && fabs(rider.a[2] - p0[2]) < 1e-15,
            "a tilt does not turn it");
    }
    cl_character_delete(ch);
    cl_world_delete(w);
  }
}

/* ---- moves: slide, stop at contact exactly, responses and filters ---- */

static int respond_with = CL_WORLD_SLIDE;
static int respond_const(void *ud, cl_item self, cl_item other) {
  (void)ud; (void)self; (void)other;
  return respond_with;
}

static int keep_stop(void *ud, cl_item item) {
  (void)ud; (void)item;
  return -1;
}

static int keep_not(void *ud, cl_item item) {
  return item != *(const int *)ud;
}

static void moves(void) {
  cl_world *w = cl_world_new(0.1, NULL, NULL);
  cl_aabb a = box(0, 0, 0, 1, 1, 1), b = box(3, 0, 0, 4, 1, 1);
  const cl_aabb start = a;
  cl_world_collision c[8];
  cl_world_collisions out = {c, 0, 8};
  cl_world_filter f;
  double d[3], moved[3];
  cl_item ia = cl_world_add(w, &a, CL_AABB, NULL), ib = cl_world_add(w, &b, CL_AABB, NULL);
  uint32_t layer, mask;
  int is_static;

  /* straight into b: the face x = 1 stops on b's face x = 3, to the bit */
  vec(d, 5, 0, 0);
  CHECK(cl_world_move(w, ia, d, NULL, NULL, NULL, moved, &out) == 0, "a move");
  EQ3(moved, 2, 0, 0, "stops at b");
  EQ(a.max[0], 3, "a's face on b's face");
  EQ(a.min[0], 2, "a's other face");
  CHECK(out.n == 1 && c[0].other == ib && c[0].type == CL_WORLD_SLIDE, "one slide on b");
  EQ(c[0].t, 0.4, "met at t 0.4");
  EQ3(c[0].n, -1, 0, 0, "b's normal");
  /* again: touching already, it does not move (moved and out NULL) */
  CHECK(cl_world_move(w, ia, d, NULL, NULL, NULL, NULL, NULL) == 0, "a move, no outputs");
  EQ(a.max[0], 3, "still on b's face");

  /* diagonally: stops on x, slides the rest of z */
  a = start;
  CHECK(cl_world_update(w, ia, NULL, 0, NULL) == 0, "refit after a change in place");
  vec(d, 5, 0, 2);
  CHECK(cl_world_move(w, ia, d, NULL, NULL, NULL, moved, &out) == 0, "a slide");
  EQ3(moved, 2, 0, 2, "slid along b");
  EQ3(a.min, 2, 0, 2, "a slid to z 2");

  /* touch stops, cross passes and is reported, bounce comes back */
  a = start;
  cl_world_update(w, ia, NULL, 0, NULL);
  vec(d, 5, 0, 0);
  respond_with = CL_WORLD_TOUCH;
  CHECK(cl_world_move(w, ia, d, NULL, respond_const, NULL, moved, &out) == 0, "touch");
  EQ3(moved, 2, 0, 0, "touch stops at b");
  CHECK(out.n == 1 && c[0].type == CL_WORLD_TOUCH, "a touch reported");
  a = start;
  cl_world_update(w, ia, NULL, 0, NULL);
  respond_with = CL_WORLD_CROSS;
  CHECK(cl_world_move(w, ia, d, NULL, respond_const, NULL, moved, &out) == 0, "cross");
  EQ3(moved, 5, 0, 0, "cross goes through");
  CHECK(out.n == 1 && c[0].type == CL_WORLD_CROSS && c[0].other == ib, "a cross reported");
  a = start;
  cl_world_update(w, ia, NULL, 0, NULL);
  respond_with = CL_WORLD_IGNORE;
  CHECK(cl_world_move(w, ia, d, NULL, respond_const, NULL, moved, &out) == 0, "ignore");
  EQ3(moved, 5, 0, 0, "ignore goes through");
  CHECK(out.n == 0, "nothing reported");
  a = start;
  cl_world_update(w, ia, NULL, 0, NULL);
  respond_with = CL_WORLD_ABORT;
  vec(moved, 99, 99, 99);
  CHECK(cl_world_move(w, ia, d, NULL, respond_const, NULL, moved, &out) == CL_STOPPED,
        "a respond that aborts stops the move");
  EQ3(moved, 0, 0, 0, "stopped: moved written, nothing moved");
  CHECK(memcmp(&a, &start, sizeof a) == 0, "stopped: where it started");
  respond_with = CL_WORLD_SLIDE;

  /* the filter: keep -1 stops, an exclude list or a mask lets a pass */
  a = start;
  cl_world_update(w, ia, NULL, 0, NULL);
  cl_world_filter_init(&f);
  f.keep = keep_stop;
  CHECK(cl_world_move(w, ia, d, &f, NULL, NULL, moved, &out) == CL_STOPPED,
        "keep -1: CL_STOPPED");
  CHECK(memcmp(&a, &start, sizeof a) == 0, "keep -1: not moved");
  cl_world_filter_init(&f);
  f.exclude = &ib;
  f.nexclude = 1;
  CHECK(cl_world_move(w, ia, d, &f, NULL, NULL, moved, &out) == 0, "exclude b");
  EQ3(moved, 5, 0, 0, "b excluded");
  a = start;
  cl_world_update(w, ia, NULL, 0, NULL);
  cl_world_filter_init(&f);
  f.keep = keep_not;
  f.ud = &ib;
  CHECK(cl_world_move(w, ia, d, &f, NULL, NULL, moved, &out) == 0, "keep refuses b");
  EQ3(moved, 5, 0, 0, "b refused");
  a = start;
  cl_world_update(w, ia, NULL, 0, NULL);
  CHECK(cl_world_set_options(w, ib, 2, CL_WORLD_ALL_BITS, 0) == 0, "b on layer 2");
  CHECK(cl_world_options(w, ib, &layer, &mask, &is_static) == 0 && layer == 2
        && mask == CL_WORLD_ALL_BITS && !is_static, "b's options");
  cl_world_filter_init(&f);
  f.mask = 1;
  CHECK(cl_world_move(w, ia, d, &f, NULL, NULL, moved, &out) == 0, "mask 1");
  EQ3(moved, 5, 0, 0, "layer 2 is not in mask 1");
  a = start;
  cl_world_update(w, ia, NULL, 0, NULL);
  CHECK(cl_world_set_options(w, ia, 1, 1, 0) == 0, "a meets layer 1 only");
  CHECK(cl_world_move(w, ia, d, NULL, NULL, NULL, moved, &out) == 0, "own mask");
  EQ3(moved, 5, 0, 0, "a's own mask skips b");
  CHECK(cl_world_options(w, ia, NULL, NULL, NULL) == 0, "options with NULL outputs");
  cl_world_delete(w);
}

/* ---- the queries over a small level of every kind of item ---- */

/* the level: a floor, two boxes, a ball, a wall of two triangles (a mesh)
** and a patch of terrain (a heightfield), each on its own layer */
typedef struct {
  cl_aabb floor, b1, b2;
  cl_sphere ball;
  double v[12];
  uint32_t tri[6];
  cl_mesh mesh;
  double h[9], blocks[2 * 8];
  cl_heightfield hf;
  cl_item ids[6];
} level;

enum { FLOOR, B1, B2, BALL, MESH, HF };

static void level_make(level *lv) {
  static const double v[12] = {8, 0, -1, 8, 2, -1, 8, 2, 2, 8, 0, 2};
  static const uint32_t tri[6] = {0, 1, 2, 0, 2, 3};
  double o[3] = {20, 0, 0};
  int i;
  lv->floor = box(-10, -1, -10, 10, 0, 10);
  lv->b1 = box(0, 0, 0, 1, 1, 1);
  lv->b2 = box(3, 0, 0, 4, 1, 1);
  lv->ball = sphere(6, 0.5, 0.5, 0.5);
  memcpy(lv->v, v, sizeof v);
  memcpy(lv->tri, tri, sizeof tri);
  cl_mesh_init(&lv->mesh);
  cl_mesh_use(&lv->mesh, lv->v, 4, lv->tri, 2);
  CHECK(cl_mesh_build(&lv->mesh), "the mesh is built");
  for (i = 0; i < 9; i++) lv->h[i] = 1;
  CHECK(cl_heightfield_blocks(3, 3) <= 8, "room for the heightfield's blocks");
  cl_heightfield_use(&lv->hf, lv->h, lv->blocks, 3, 3, 1, 1, o);
  cl_heightfield_refresh(&lv->hf);
}

static void level_add(level *lv, cl_world *w) {
  int i;
  lv->ids[FLOOR] = cl_world_add(w, &lv->floor, CL_AABB, NULL);
  lv->ids[B1] = cl_world_add(w, &lv->b1, CL_AABB, NULL);
  lv->ids[B2] = cl_world_add(w, &lv->b2, CL_AABB, NULL);
  lv->ids[BALL] = cl_world_add(w, &lv->ball, CL_SPHERE, NULL);
  lv->ids[MESH] = cl_world_add(w, &lv->mesh, CL_WORLD_MESH, NULL);
  lv->ids[HF] = cl_world_add(w, &lv->hf, CL_WORLD_HEIGHTFIELD, NULL);
  for (i = 0; i < 6; i++) CHECK(lv->ids[i] == i, "level ids in add order");
  /* layer 1 << i; the floor, the mesh and the terrain static */
  for (i = 0; i < 6; i++)
    CHECK(cl_world_set_options(w, i, 1u << i, CL_WORLD_ALL_BITS, i == FLOOR || i >= MESH) == 0,
          "level options");
}

static void queries(void) {
  static level lv;
  cl_world *w = cl_world_new(0.1, NULL, NULL);
  cl_world_filter f;
  cl_world_hit h;
  cl_ray r = ray(-5, 0.5, 0.5, 1, 0, 0, INFINITY), down = ray(21, 5, 1, 0, -1, 0, INFINITY);
  cl_aabb q = box(-0.5, 0.5, -0.5, 3.5, 0.8, 0.5);
  cl_sphere ball = sphere(-5, 0.5, 0.5, 0.25);
  cl_frustum fr;
  cl_plane p[6];
  seen s;
  double d[3];
  cl_item excl[2];
  int kind;
  level_make(&lv);
  level_add(&lv, w);
  CHECK(cl_world_count(w) == 6, "six items");
  CHECK(cl_world_shape(w, MESH, &kind) == &lv.mesh && kind == CL_WORLD_MESH, "the mesh item");
  CHECK(cl_world_shape(w, HF, NULL) == &lv.hf, "the heightfield item");

  /* raycast: b1's face x = 0 at t 5 */
  CHECK(cl_world_raycast(w, &r, NULL, &h) == B1 && h.item == B1, "the ray hits b1");
  EQ(h.hit.t, 5, "at t 5");
  EQ3(h.hit.p, 0, 0.5, 0.5, "on b1's face");
  EQ3(h.hit.n, -1, 0, 0, "b1's normal");
  EQ(h.index, -1, "no triangle");
  CHECK(cl_world_raycast(w, &r, NULL, NULL) == B1, "hit NULL");
  cl_world_filter_init(&f);
  excl[0] = B1;
  f.exclude = excl;
  f.nexclude = 1;
  CHECK(cl_world_raycast(w, &r, &f, &h) == B2, "b1 excluded: b2");
  EQ(h.hit.t, 8, "b2 at t 8");
  excl[1] = B2;
  f.nexclude = 2;
  CHECK(cl_world_raycast(w, &r, &f, &h) == BALL, "b1 and b2 excluded: the ball");
  EQ(h.hit.t, 10.5, "the ball at t 10.5");
  cl_world_filter_init(&f);
  f.mask = ~((1u << B1) | (1u << B2) | (1u << BALL));
  CHECK(cl_world_raycast(w, &r, &f, &h) == MESH, "masked: the mesh");
  EQ(h.hit.t, 13, "the mesh at t 13");
  EQ3(h.hit.n, -1, 0, 0, "the mesh's face, towards the ray");
  CHECK(h.index == 0 || h.index == 1, "a triangle of the mesh");
  f.mask = 1u << HF;
  CHECK(cl_world_raycast(w, &r, &f, &h) == CL_NOT_FOUND, "nothing on the heightfield's layer");
  CHECK(cl_world_raycast(w, &down, NULL, &h) == HF, "down onto the heightfield");
  EQ(h.hit.t, 4, "the terrain at height 1");
  EQ3(h.hit.n, 0, 1, 0, "the terrain's normal");
  CHECK(h.index >= 0 && h.index < 8, "a triangle of the terrain");
  cl_world_filter_init(&f);
  f.keep = keep_not;
  f.ud = excl;                                   /* refuses b1 */
  CHECK(cl_world_raycast(w, &r, &f, &h) == B2, "keep refuses b1: b2");
  f.keep = keep_stop;
  CHECK(cl_world_raycast(w, &r, &f, &h) == CL_STOPPED, "keep -1: CL_STOPPED");

  /* raycast_all: every hit, nearest first along this ray */
  {
    static const cl_item all[4] = {B1, B2, BALL, MESH};
    memset(&s, 0, sizeof s);
    CHECK(cl_world_raycast_all(w, &r, NULL, see_hit, &s) == 4, "four hits");
    CHECK(same_ids(&s, all, 4), "b1, b2, the ball, the mesh");
    EQ(s.t[0], 5, "b1 at 5");
    EQ(s.t[3], 13, "the mesh at 13");
    CHECK(cl_world_raycast_all(w, &r, NULL, NULL, NULL) == 4, "fn NULL counts");
    CHECK(cl_world_raycast_all(w, &r, NULL, stop_hit, NULL) == CL_STOPPED, "fn 0 stops");
    cl_world_filter_init(&f);
    f.exclude = excl;
    f.nexclude = 1;
    CHECK(cl_world_raycast_all(w, &r, &f, NULL, NULL) == 3, "b1 excluded");
    f.keep = keep_stop;
    CHECK(cl_world_raycast_all(w, &r, &f, NULL, NULL) == CL_STOPPED, "keep -1");
  }

  /* query: the box across b1 and b2 */
  {
    static const cl_item both[2] = {B1, B2};
    memset(&s, 0, sizeof s);
    CHECK(cl_world_query(w, &q, CL_AABB, NULL, see_item, &s) == 2, "the box meets two");
    CHECK(same_ids(&s, both, 2), "b1 then b2");
    CHECK(cl_world_query(w, &q, CL_AABB, NULL, NULL, NULL) == 2, "fn NULL counts");
    CHECK(cl_world_query(w, &q, CL_AABB, NULL, stop_first, NULL) == CL_STOPPED, "fn 0 stops");
    cl_world_filter_init(&f);
    f.mask = ~(1u << B2);
    CHECK(cl_world_query(w, &q, CL_AABB, &f, NULL, NULL) == 1, "b2 masked");
    cl_world_filter_init(&f);
    f.keep = keep_stop;
    CHECK(cl_world_query(w, &q, CL_AABB, &f, NULL, NULL) == CL_STOPPED, "keep -1");
    /* the mesh and the heightfield as query shapes */
    CHECK(cl_world_query(w, &lv.mesh, CL_WORLD_MESH, NULL, NULL, NULL) == 2,
          "the mesh meets the floor and itself");
    memset(&s, 0, sizeof s);
    CHECK(cl_world_query(w, &lv.hf, CL_WORLD_HEIGHTFIELD, NULL, see_item, &s) == 1
          && s.ids[0] == HF, "the terrain meets itself alone");
  }

  /* the frustum of the box x in [-1, 2], y in [-2, 2], z in [-2, 2]: the
  ** floor crosses it, b1 is inside */
  {
    static const cl_item in[2] = {FLOOR, B1};
    p[0] = plane(1, 0, 0, -1);
    p[1] = plane(-1, 0, 0, -2);
    p[2] = plane(0, 1, 0, -2);
    p[3] = plane(0, -1, 0, -2);
    p[4] = plane(0, 0, 1, -2);
    p[5] = plane(0, 0, -1, -2);
    CHECK(cl_frustum_init(&fr, p), "a frustum");
    memset(&s, 0, sizeof s);
    CHECK(cl_world_query_frustum(w, &fr, NULL, see_item, &s) == 2, "two in the frustum");
    CHECK(same_ids(&s, in, 2), "the floor and b1");
    cl_world_filter_init(&f);
    f.exclude = in;
    f.nexclude = 1;
    CHECK(cl_world_query_frustum(w, &fr, &f, NULL, NULL) == 1, "the floor excluded");
    f.keep = keep_stop;
    CHECK(cl_world_query_frustum(w, &fr, &f, NULL, NULL) == CL_STOPPED, "keep -1");
  }

  /* pairs: what rests on the floor, and the ball's touch of nothing else;
  ** the floor, the mesh and the terrain are static, never paired together */
  {
    memset(&s, 0, sizeof s);
    CHECK(cl_world_pairs(w, NULL, see_pair, &s) == 3, "three pairs");
    CHECK(s.a[0] == FLOOR && s.b[0] == B1 && s.a[1] == FLOOR && s.b[1] == B2
          && s.a[2] == FLOOR && s.b[2] == BALL, "the floor with b1, b2 and the ball");
    CHECK(cl_world_pairs(w, NULL, NULL, NULL) == 3, "fn NULL counts");
    CHECK(cl_world_pairs(w, NULL, stop_pair, NULL) == CL_STOPPED, "fn 0 stops");
    cl_world_filter_init(&f);
    f.mask = ~(1u << BALL);
    CHECK(cl_world_pairs(w, &f, NULL, NULL) == 2, "the ball masked");
    f.exclude = excl;
    f.nexclude = 1;
    CHECK(cl_world_pairs(w, &f, NULL, NULL) == 1, "and b1 excluded");
    f.keep = keep_stop;
    CHECK(cl_world_pairs(w, &f, NULL, NULL) == CL_STOPPED, "keep -1");
  }

  /* sweep: a ball of 0.25 along the ray meets b1 at t 0.475 */
  vec(d, 10, 0, 0);
  CHECK(cl_world_sweep(w, (const cl_shape *)&ball, d, NULL, &h) == B1, "the ball meets b1");
  EQ(h.hit.t, 0.475, "at t 0.475");
  EQ3(h.hit.n, -1, 0, 0, "b1's normal");
  EQ3(h.hit.p, 0, 0.5, 0.5, "on b1's face");
  CHECK(cl_world_sweep(w, (const cl_shape *)&ball, d, NULL, NULL) == B1, "hit NULL");
  cl_world_filter_init(&f);
  f.exclude = excl;
  f.nexclude = 1;
  CHECK(cl_world_sweep(w, (const cl_shape *)&ball, d, &f, &h) == B2, "b1 excluded: b2");
  EQ(h.hit.t, 0.775, "b2 at t 0.775");
  f.keep = keep_stop;
  CHECK(cl_world_sweep(w, (const cl_shape *)&ball, d, &f, &h) == CL_STOPPED, "keep -1");
  cl_world_filter_init(&f);
  f.mask = 1u << HF;
  CHECK(cl_world_sweep(w, (const cl_shape *)&ball, d, &f, &h) == CL_NOT_FOUND, "none on that layer");
  /* an item's own shape is skipped: b1 swept finds b2 */
  CHECK(cl_world_sweep(w, (const cl_shape *)&lv.b1, d, NULL, &h) == B2, "b1 skips itself");
  EQ(h.hit.t, 0.2, "b1 meets b2 at 0.2");
  {
    static const cl_item swept[2] = {B1, B2};
    memset(&s, 0, sizeof s);
    CHECK(cl_world_sweep_all(w, (const cl_shape *)&ball, d, NULL, see_hit, &s) == 2,
          "the sweep meets two");
    CHECK(same_ids(&s, swept, 2), "b1, b2");
    EQ(s.t[1], 0.775, "b2 at 0.775");
    CHECK(cl_world_sweep_all(w, (const cl_shape *)&ball, d, NULL, NULL, NULL) == 2, "fn NULL");
    CHECK(cl_world_sweep_all(w, (const cl_shape *)&ball, d, NULL, stop_hit, NULL) == CL_STOPPED,
          "fn 0 stops");
    cl_world_filter_init(&f);
    f.keep = keep_stop;
    CHECK(cl_world_sweep_all(w, (const cl_shape *)&ball, d, &f, NULL, NULL) == CL_STOPPED,
          "keep -1");
  }
  cl_world_delete(w);
  cl_mesh_free(&lv.mesh);
}

/* ---- errors: no such item, not a mover, not finite, busy ---- */

typedef struct {
  cl_world *w;
  cl_character *ch;
  cl_item item;
  int results[8], calls;
} busy_probe;

/* from inside a callback every change is refused */
static int try_changes(void *ud, cl_item item) {
  busy_probe *b = (busy_probe *)ud;
  static cl_sphere extra;
  double d[3] = {1, 0, 0};
  (void)item;
  if (b->calls++ > 0) return 1;
  extra = sphere(0, 5, 0, 1);
  b->results[0] = cl_world_add(b->w, &extra, CL_SPHERE, NULL);
  b->results[1] = cl_world_update(b->w, b->item, NULL, 0, NULL);
  b->results[2] = cl_world_remove(b->w, b->item);
  b->results[3] = cl_world_set_options(b->w, b->item, 4, 4, 1);
  b->results[4] = cl_world_sync(b->w);
  b->results[5] = cl_world_move(b->w, b->item, d, NULL, NULL, NULL, NULL, NULL);
  b->results[6] = cl_character_move(b->ch, d, NULL);
  /* a query is allowed */
  b->results[7] = cl_world_query(b->w, &extra, CL_SPHERE, NULL, NULL, NULL);
  return 1;
}

static void errors(void) {
  static level lv;
  cl_world *w = cl_world_new(0.1, NULL, NULL);
  cl_capsule body = capsule(-5, 0.5, 1.5, -5, 0.3);
  const cl_capsule body0 = body;
  cl_plane ground = plane(0, 1, 0, -20);
  cl_character *ch;
  cl_world_filter f;
  busy_probe b;
  double d[3], moved[3] = {7, 7, 7};
  uint32_t layer;
  cl_item id, pid;
  int i;
  level_make(&lv);
  level_add(&lv, w);
  id = cl_world_add(w, &body, CL_CAPSULE, NULL);
  pid = cl_world_add(w, &ground, CL_PLANE, NULL);
  CHECK(id == 6 && pid == 7, "a body and a plane");
  CHECK(cl_world_add(w, NULL, CL_AABB, NULL) == CL_NOT_ITEM, "no shape");
  CHECK(cl_world_add(w, &body, 99, NULL) == CL_NOT_ITEM, "no such kind");
  {
    /* a kind that is not the shape's tag is refused, not read as that kind */
    cl_sphere ball = sphere(0, 0, 0, 1);
    int n = cl_world_count(w);
    CHECK(cl_world_add(w, &ball, CL_AABB, NULL) == CL_NOT_ITEM, "a sphere as an aabb");
    CHECK(cl_world_add(w, &ball, CL_CAPSULE, NULL) == CL_NOT_ITEM, "a sphere as a capsule");
    CHECK(cl_world_count(w) == n, "nothing added");
    CHECK(cl_world_update(w, 0, &ball, CL_OBB, NULL) == CL_NOT_ITEM, "update: a sphere as an obb");
    CHECK(cl_world_query(w, &ball, CL_AABB, NULL, NULL, NULL) == CL_NOT_ITEM,
          "query: a sphere as an aabb");
    CHECK(cl_world_query(w, NULL, CL_AABB, NULL, NULL, NULL) == CL_NOT_ITEM, "query: no shape");
  }

  /* CL_NOT_ITEM */
  CHECK(cl_world_remove(w, -1) == CL_NOT_ITEM && cl_world_remove(w, 99) == CL_NOT_ITEM,
        "remove: no such item");
  CHECK(cl_world_update(w, 8, NULL, 0, NULL) == CL_NOT_ITEM, "update: no such item");
  CHECK(cl_world_set_options(w, 8, 1, 1, 0) == CL_NOT_ITEM, "set_options: no such item");
  CHECK(cl_world_options(w, -3, &layer, NULL, NULL) == CL_NOT_ITEM, "options: no such item");
  CHECK(cl_world_shape(w, 8, NULL) == NULL && !cl_world_is_item(w, 8), "shape: no such item");
  vec(d, 1, 0, 0);
  CHECK(cl_world_move(w, 8, d, NULL, NULL, NULL, moved, NULL) == CL_NOT_ITEM, "move: no item");
  CHECK(cl_character_new(w, 8, NULL) == NULL, "a character of no item");

  /* CL_NOT_MOVER */
  CHECK(cl_world_move(w, pid, d, NULL, NULL, NULL, moved, NULL) == CL_NOT_MOVER,
        "a plane does not move");
  CHECK(cl_world_move(w, MESH, d, NULL, NULL, NULL, moved, NULL) == CL_NOT_MOVER,
        "a mesh does not move");
  CHECK(cl_character_new(w, MESH, NULL) == NULL, "a mesh is no character");
  CHECK(cl_character_new(w, HF, NULL) == NULL, "a heightfield is no character");
  {
    /* which of them: cl_character_create answers */
    cl_character_options bad;
    cl_character *c1 = NULL;
    CHECK(cl_character_create(w, 8, NULL, &c1) == CL_NOT_ITEM && c1 == NULL,
          "create: no item");
    CHECK(cl_character_create(w, MESH, NULL, &c1) == CL_NOT_MOVER && c1 == NULL,
          "create: a mesh");
    cl_character_options_init(&bad);
    bad.max_slope = 91;
    CHECK(cl_character_create(w, id, &bad, &c1) == CL_BAD_OPTIONS && c1 == NULL,
          "create: a slope out of range");
    CHECK(cl_character_new(w, id, &bad) == NULL, "new: a slope out of range");
    CHECK(cl_character_create(w, id, NULL, &c1) == 0 && c1 != NULL, "create: a character");
    cl_character_delete(c1);
  }
  {
    /* a compound with a triangle child: the triangle is swept only as a
    ** target moving the other way, which planes, triangles, meshes and
    ** heightfields cannot be, so it would fall through them: refused as a
    ** mover; without it the compound moves */
    cl_shape parts[2];
    double a[3], e[3], c[3], at[3] = {0, 30, 0}, q[4] = {0, 0, 0, 1};
    cl_compound_data *kd = NULL, *sd = NULL;
    cl_compound withtri, ball;
    cl_character *c1 = NULL;
    cl_item kid, sid;
    vec(a, 0, 0, 0); vec(e, 1, 0, 0); vec(c, 0, 0, 1);
    cl_sphere_init(&parts[0].sphere, a, 0.5);
    cl_triangle_init(&parts[1].tri, a, e, c);
    kd = cl_compound_new(parts, 2, NULL, NULL);
    sd = cl_compound_new(parts, 1, NULL, NULL);
    CHECK(kd != NULL && sd != NULL, "two compounds");
    cl_compound_init(&withtri, kd, at, q);
    at[0] = 5;
    cl_compound_init(&ball, sd, at, q);
    kid = cl_world_add(w, &withtri, CL_COMPOUND, NULL);
    sid = cl_world_add(w, &ball, CL_COMPOUND, NULL);
    CHECK(kid >= 0 && sid >= 0, "compounds added");
    vec(d, 0, -100, 0);
    CHECK(cl_world_move(w, kid, d, NULL, NULL, NULL, moved, NULL) == CL_NOT_MOVER,
          "move: a compound with a triangle child");
    CHECK(cl_character_create(w, kid, NULL, &c1) == CL_NOT_MOVER && c1 == NULL,
          "create: a compound with a triangle child");
    CHECK(withtri.c[1] == 30, "the refused compound did not move");
    EQ3(moved, 7, 7, 7, "moved untouched by the refusal");
    vec(d, 0, -1, 0);
    CHECK(cl_world_move(w, sid, d, NULL, NULL, NULL, moved, NULL) >= 0 && ball.c[1] == 29,
          "a compound of a sphere moves");
    vec(moved, 7, 7, 7);
    CHECK(cl_world_remove(w, kid) == 0 && cl_world_remove(w, sid) == 0, "compounds removed");
    cl_compound_delete(kd, NULL, NULL);
    cl_compound_delete(sd, NULL, NULL);
  }
  EQ3(moved, 7, 7, 7, "moved untouched by the refusals");

  /* CL_NOT_FINITE: nothing moves */
  vec(d, INFINITY, 0, 0);
  CHECK(cl_world_move(w, id, d, NULL, NULL, NULL, moved, NULL) == CL_NOT_FINITE,
        "an infinite move");
  vec(d, 0, NAN, 0);
  CHECK(cl_world_move(w, id, d, NULL, NULL, NULL, moved, NULL) == CL_NOT_FINITE, "a NaN move");
  ch = cl_character_new(w, id, NULL);
  CHECK(ch != NULL, "a character");
  CHECK(cl_character_move(ch, d, moved) == CL_NOT_FINITE, "a NaN character move");
  CHECK(memcmp(&body, &body0, sizeof body) == 0, "the body did not move");
  EQ3(moved, 7, 7, 7, "moved untouched");

  /* CL_BUSY: every change from inside a keep callback; the world unchanged */
  memset(&b, 0, sizeof b);
  b.w = w;
  b.ch = ch;
  b.item = id;
  cl_world_filter_init(&f);
  f.keep = try_changes;
  f.ud = &b;
  CHECK(cl_world_query(w, &lv.floor, CL_AABB, &f, NULL, NULL) == 5,
        "the floor meets itself, b1, b2, the ball and the mesh");
  for (i = 0; i < 7; i++) CHECK(b.results[i] == CL_BUSY, "a change inside a callback: CL_BUSY");
  CHECK(b.results[7] == 0, "a query inside a callback");
  CHECK(cl_world_count(w) == 8 && cl_world_is_item(w, id), "nothing added or removed");
  CHECK(cl_world_options(w, id, &layer, NULL, NULL) == 0 && layer == 1, "options unchanged");
  CHECK(memcmp(&body, &body0, sizeof body) == 0, "nothing moved");
  /* and from a move's respond */
  memset(&b, 0, sizeof b);
  b.w = w;
  b.ch = ch;
  b.item = B1;
  cl_world_filter_init(&f);
  f.keep = try_changes;
  f.ud = &b;
  vec(d, 0, -1, 0);
  CHECK(cl_world_move(w, id, d, &f, NULL, NULL, moved, NULL) == 0, "a move");
  CHECK(b.calls > 0, "its filter asked");
  for (i = 0; i < 7; i++) CHECK(b.results[i] == CL_BUSY, "a change inside a move: CL_BUSY");
  EQ3(moved, 0, -0.2, 0, "onto the floor");
  CHECK(cl_world_count(w) == 8 && cl_world_is_item(w, B1), "still eight items");

  /* a character whose item became a plane, then was removed */
  CHECK(cl_world_update(w, id, &ground, CL_PLANE, NULL) == 0, "the body's item a plane");
  vec(d, 1, 0, 0);
  CHECK(cl_character_move(ch, d, moved) == CL_NOT_MOVER, "a character of a plane");
  CHECK(cl_world_remove(w, id) == 0 && cl_world_remove(w, id) == CL_NOT_ITEM, "removed once");
  CHECK(cl_character_move(ch, d, moved) == CL_NOT_ITEM, "a character of no item");
  CHECK(cl_world_count(w) == 7, "seven items");
  /* the slot comes back to the next item added, under a new id */
  {
    cl_item again = cl_world_add(w, &body, CL_CAPSULE, NULL);
    CHECK(cl_item_slot(again) == cl_item_slot(id)
          && cl_item_generation(again) == cl_item_generation(id) + 1, "a slot reused, a new id");
    CHECK(cl_character_move(ch, d, moved) == CL_NOT_ITEM, "the character's item still gone");
  }
  cl_character_delete(ch);
  cl_world_delete(w);
  cl_mesh_free(&lv.mesh);
}

/* ---- calls from inside the callbacks of others ---- */

typedef struct {
  cl_world *w;
  const cl_ray *r;
  const cl_shape *mover;
  const double *d;
  const void *q;
  int ok, calls;
  cl_item item;
  cl_world_hit alone;
  int alone_n;
  seen pairs;
} nest;

static int same_hit(const cl_world_hit *a, const cl_world_hit *b) {
  return a->item == b->item && a->index == b->index && a->hit.t == b->hit.t
         && memcmp(a->hit.p, b->hit.p, sizeof a->hit.p) == 0
         && memcmp(a->hit.n, b->hit.n, sizeof a->hit.n) == 0;
}

/* a query's keep that raycasts the world */
static int keep_raycasts(void *ud, cl_item item) {
  nest *n = (nest *)ud;
  cl_world_hit h;
  cl_item id = cl_world_raycast(n->w, n->r, NULL, &h);
  n->calls++;
  n->ok &= id == n->alone.item && same_hit(&h, &n->alone);
  (void)item;
  return 1;
}

/* a move's respond that queries */
static int respond_queries(void *ud, cl_item self, cl_item other) {
  nest *n = (nest *)ud;
  n->calls++;
  n->ok &= cl_world_query(n->w, n->q, CL_AABB, NULL, NULL, NULL) == n->alone_n;
  (void)self; (void)other;
  return CL_WORLD_SLIDE;
}

/* a pairs keep that asks for the pairs again */
static int keep_pairs(void *ud, cl_item item) {
  nest *n = (nest *)ud;
  seen again;
  int i;
  memset(&again, 0, sizeof again);
  n->calls++;
  n->ok &= cl_world_pairs(n->w, NULL, see_pair, &again) == n->pairs.n && again.n == n->pairs.n;
  for (i = 0; i < again.n && i < 64; i++)
    n->ok &= again.a[i] == n->pairs.a[i] && again.b[i] == n->pairs.b[i];
  (void)item;
  return 1;
}

/* raycast_all's callback that sweeps */
static int hit_sweeps(void *ud, const cl_world_hit *hit) {
  nest *n = (nest *)ud;
  cl_world_hit h;
  cl_item id = cl_world_sweep(n->w, n->mover, n->d, NULL, &h);
  n->calls++;
  n->ok &= id == n->alone.item && same_hit(&h, &n->alone);
  (void)hit;
  return 1;
}

static void nested(void) {
  static level lv;
  cl_world *w = cl_world_new(0.1, NULL, NULL);
  cl_ray r = ray(-5, 0.5, 0.5, 1, 0, 0, INFINITY);
  cl_aabb q = box(-0.5, 0.5, -0.5, 3.5, 0.8, 0.5), big = box(-100, -100, -100, 100, 100, 100);
  cl_aabb mover = box(-3, 0, 0, -2, 1, 1);
  cl_sphere ball = sphere(-5, 0.5, 0.5, 0.25);
  cl_world_filter f;
  seen s;
  nest n;
  double d[3] = {10, 0, 0}, moved[3];
  cl_item id;
  level_make(&lv);
  level_add(&lv, w);
  id = cl_world_add(w, &mover, CL_AABB, NULL);
  memset(&n, 0, sizeof n);
  n.w = w;
  n.r = &r;
  n.mover = (const cl_shape *)&ball;
  n.d = d;
  n.q = &q;
  n.ok = 1;

  /* a query whose keep raycasts: the query's answer and the ray's as alone */
  CHECK(cl_world_raycast(w, &r, NULL, &n.alone) == id, "the ray alone: the mover first");
  cl_world_filter_init(&f);
  f.keep = keep_raycasts;
  f.ud = &n;
  memset(&s, 0, sizeof s);
  CHECK(cl_world_query(w, &big, CL_AABB, &f, see_item, &s) == 7, "the query with raycasts");
  CHECK(n.ok && n.calls == 7, "each raycast answers as alone");

  /* a move's respond that queries */
  n.alone_n = cl_world_query(w, &q, CL_AABB, NULL, NULL, NULL);
  CHECK(n.alone_n == 2, "the query alone: b1 and b2");
  n.calls = 0;
  vec(d, 5, 0, 0);
  CHECK(cl_world_move(w, id, d, NULL, respond_queries, &n, moved, NULL) == 0, "the move");
  EQ3(moved, 2, 0, 0, "stops on b1");
  CHECK(n.ok && n.calls >= 1, "each query answers as alone");

  /* a pairs keep that asks for pairs again */
  memset(&n.pairs, 0, sizeof n.pairs);
  /* the floor with b1, b2, the ball and the mover; b1 with the mover */
  CHECK(cl_world_pairs(w, NULL, see_pair, &n.pairs) == 5, "the pairs alone");
  cl_world_filter_init(&f);
  f.keep = keep_pairs;
  f.ud = &n;
  n.calls = 0;
  memset(&s, 0, sizeof s);
  CHECK(cl_world_pairs(w, &f, see_pair, &s) == 5, "the pairs with pairs inside");
  CHECK(memcmp(s.a, n.pairs.a, sizeof s.a) == 0 && memcmp(s.b, n.pairs.b, sizeof s.b) == 0,
        "the same pairs");
  CHECK(n.ok && n.calls >= 2, "each inner call answers as alone");

  /* raycast_all's callback that sweeps */
  vec(d, 10, 0, 0);
  CHECK(cl_world_sweep(w, (const cl_shape *)&ball, d, NULL, &n.alone) == id, "the sweep alone");
  n.calls = 0;
  CHECK(cl_world_raycast_all(w, &r, NULL, hit_sweeps, &n) == 5, "raycast_all with sweeps");
  CHECK(n.ok && n.calls == 5, "each sweep answers as alone");
  cl_world_delete(w);
  cl_mesh_free(&lv.mesh);
}

/* ---- sensors, events and one-way items ---- */

typedef struct { cl_world_event e[32]; int n; } events_seen;

static int see_event(void *ud, const cl_world_event *e) {
  events_seen *s = (events_seen *)ud;
  if (s->n < 32) s->e[s->n] = *e;
  s->n++;
  return 1;
}

static int events_are(const events_seen *s, const cl_item *want, int n) {
  int i;
  if (s->n != n) return 0;
  for (i = 0; i < n; i++)
    if (s->e[i].type != want[3 * i] || s->e[i].a != want[3 * i + 1] || s->e[i].b != want[3 * i + 2])
      return 0;
  return 1;
}

/* a keep that asks for the events: what it was answered */
typedef struct { cl_world *w; long long r; } events_try;

static int try_events(void *ud, cl_item item) {
  events_try *t = (events_try *)ud;
  (void)item;
  t->r = cl_world_events(t->w, NULL, NULL);
  return 1;
}

static int stop_event(void *ud, const cl_world_event *e) { (void)ud; (void)e; return 0; }

static void events_api(void) {
  cl_world *w = cl_world_new(0.1, NULL, NULL);
  cl_aabb zone = box(0, 0, 0, 2, 2, 2), a = box(-3, 0.5, 0.5, -2, 1.5, 1.5);
  cl_aabb b = box(1, 0.5, 0.5, 1.5, 1, 1), plat = box(-1, 3, -1, 1, 3.2, 1);
  cl_aabb c = box(-0.5, 1, -0.5, 0.5, 2, 0.5);
  double d[3], moved[3], dir[3] = {0, 2, 0}, got[3];
  events_seen ev;
  cl_world_filter f;
  cl_world_hit hit;
  cl_ray r = ray(-5, 1, 1, 1, 0, 0, INFINITY);
  events_try busy;
  cl_item zone_id, a_id, b_id, plat_id, c_id;
  long long n;
  CHECK(w != NULL, "a world");
  zone_id = cl_world_add(w, &zone, CL_AABB, NULL);
  a_id = cl_world_add(w, &a, CL_AABB, NULL);
  CHECK(cl_world_set_role(w, zone_id, CL_WORLD_SENSOR) == 0, "a sensor");
  CHECK(cl_world_role(w, zone_id) == CL_WORLD_SENSOR, "its role");
  CHECK(cl_world_role(w, 99) == CL_NOT_ITEM && cl_world_set_role(w, 99, 1) == CL_NOT_ITEM,
        "no such item");
  ev.n = 0;
  CHECK(cl_world_events(w, see_event, &ev) == 0 && ev.n == 0, "nothing inside yet");
  /* a moves into the zone: enter, with the sequence numbers */
  vec(d, 3.5, 0, 0);
  CHECK(cl_world_move(w, a_id, d, NULL, NULL, NULL, moved, NULL) == 0, "a moves");
  EQ3(moved, 3.5, 0, 0, "through the sensor");
  ev.n = 0;
  n = cl_world_events(w, see_event, &ev);
  {
    static const cl_item want[] = {CL_WORLD_ENTER, 0, 1};
    CHECK(n == 1 && events_are(&ev, want, 1), "enter");
    CHECK(ev.e[0].seq_a == 1 && ev.e[0].seq_b == 2, "the sequence numbers");
  }
  /* the raycast skips the sensor unless the filter asks */
  CHECK(cl_world_raycast(w, &r, NULL, &hit) == a_id, "the ray skips the sensor");
  cl_world_filter_init(&f);
  f.sensors = 1;
  CHECK(cl_world_raycast(w, &r, &f, &hit) == zone_id && hit.hit.t == 5, "unless asked");
  /* b, with events, begins touching a; removing a ends both contacts */
  b_id = cl_world_add(w, &b, CL_AABB, NULL);
  CHECK(cl_world_set_role(w, b_id, CL_WORLD_EVENTS) == 0, "events");
  ev.n = 0;
  n = cl_world_events(w, see_event, &ev);
  {
    static const cl_item want[] = {CL_WORLD_ENTER, 0, 2, CL_WORLD_BEGIN, 1, 2};
    CHECK(n == 2 && events_are(&ev, want, 2), "enter and begin, in add order");
  }
  CHECK(cl_world_remove(w, a_id) == 0, "a removed");
  c_id = cl_world_add(w, &c, CL_AABB, NULL);     /* takes a's slot */
  CHECK(cl_item_slot(c_id) == cl_item_slot(a_id) && c_id != a_id, "the slot given again");
  ev.n = 0;
  n = cl_world_events(w, see_event, &ev);
  {
    /* a's events name the id it had, the new item's its own */
    cl_item want[] = {CL_WORLD_EXIT, 0, 1, CL_WORLD_END, 1, 2, CL_WORLD_ENTER, 0, 0};
    want[8] = c_id;
    CHECK(n == 3 && events_are(&ev, want, 3), "exit and end, then the new item's enter");
    CHECK(ev.e[0].seq_b == 2 && ev.e[1].seq_a == 2 && ev.e[2].seq_b == 4,
          "the removed item told apart by its sequence number");
  }
  /* from a callback: refused; a callback that stops drops the rest */
  busy.r = 0;
  busy.w = w;
  cl_world_filter_init(&f);
  f.keep = try_events;
  f.ud = &busy;
  CHECK(cl_world_query(w, &zone, CL_AABB, &f, NULL, NULL) >= 0 && busy.r == CL_BUSY,
        "events from a callback: CL_BUSY");
  CHECK(cl_world_set_role(w, c_id, CL_WORLD_SENSOR) == 0, "c a sensor");
  CHECK(cl_world_events(w, stop_event, NULL) == CL_STOPPED, "stopped");
  CHECK(cl_world_events(w, see_event, &ev) == 0, "the rest dropped");
  /* one-way: up through from below, held from above */
  plat_id = cl_world_add(w, &plat, CL_AABB, NULL);
  CHECK(cl_world_set_one_way(w, plat_id, dir) == 0, "one way");
  CHECK(cl_world_one_way(w, plat_id, got) == 1, "read back");
  EQ3(got, 0, 1, 0, "a unit direction");
  CHECK(cl_world_one_way(w, zone_id, NULL) == 0, "both ways");
  vec(got, 0, 0, 0);
  CHECK(cl_world_set_one_way(w, plat_id + 1, dir) == CL_NOT_ITEM, "no such item");
  CHECK(cl_world_set_one_way(w, zone_id, got) == CL_NOT_FINITE, "a zero direction");
  got[0] = NAN;
  CHECK(cl_world_set_one_way(w, zone_id, got) == CL_NOT_FINITE, "not finite");
  vec(got, NAN, 1, 0);
  CHECK(cl_world_set_one_way(w, zone_id, got) == CL_NOT_FINITE, "not finite beside a number");
  vec(got, 0, INFINITY, 0);
  CHECK(cl_world_set_one_way(w, zone_id, got) == CL_NOT_FINITE, "infinite");
  CHECK(cl_world_set_role(w, c_id, 0) == 0, "c solid again");
  vec(d, 0, 3, 0);
  CHECK(cl_world_move(w, c_id, d, NULL, NULL, NULL, moved, NULL) == 0, "c jumps");
  EQ3(moved, 0, 3, 0, "up through the platform");
  vec(d, 0, -3, 0);
  CHECK(cl_world_move(w, c_id, d, NULL, NULL, NULL, moved, NULL) == 0, "c falls");
  EQ3(moved, 0, 3.2 - 4, 0, "onto the platform, its top exactly");
  EQ(c.min[1], 3.2, "resting on its top");
  CHECK(cl_world_set_one_way(w, plat_id, NULL) == 0 && cl_world_one_way(w, plat_id, NULL) == 0,
        "both ways again");
  cl_world_delete(w);
}

/* ---- allocation failure ---- */

/* an allocator that counts the live bytes and blocks and fails its
** fail_at-th allocation (0: none); each failure counted in failed */
typedef struct {
  size_t live;
  long blocks, calls, fail_at, failed;
} counting;

static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  counting *a = (counting *)ud;
  void *np;
  if (nsize == 0) {
    if (ptr != NULL) {
      a->live -= osize;
      a->blocks--;
      free(ptr);
    }
    return NULL;
  }
  if (++a->calls == a->fail_at) {
    a->failed++;
    return NULL;
  }
  np = realloc(ptr, nsize);
  if (np == NULL) return NULL;
  if (ptr != NULL) a->live -= osize; else a->blocks++;
  a->live += nsize;
  return np;
}

/* cl_world_memory: every byte the world holds through its allocator,
** its own block too, whatever it has done */
static void memory_counted(void) {
  counting mem;
  cl_world *w;
  cl_aabb boxes[4];
  cl_sphere ball = sphere(0, 3, 0, 1);
  cl_ray r;
  double o[3], dir[3], d[3];
  int i, ids[4];
  memset(&mem, 0, sizeof mem);
  w = cl_world_new(0.1, counting_alloc, &mem);
  CHECK(w != NULL, "a world");
  CHECK(cl_world_memory(w) == mem.live, "an empty world: its own block and its tree");
  for (i = 0; i < 4; i++) {
    boxes[i] = box(2.0 * i, 0, 0, 2.0 * i + 1, 1, 1);
    ids[i] = cl_world_add(w, &boxes[i], CL_AABB, NULL);
  }
  CHECK(cl_world_memory(w) == mem.live, "four items");
  vec(o, -1, 0.5, 0.5);
  vec(dir, 1, 0, 0);
  cl_ray_init(&r, o, dir, 100);
  CHECK(cl_world_raycast(w, &r, NULL, NULL) == ids[0], "a raycast");
  CHECK(cl_world_pairs(w, NULL, NULL, NULL) == 0, "no pairs");
  vec(d, 0, -5, 0);
  (void)cl_world_add(w, &ball, CL_SPHERE, NULL);
  CHECK(cl_world_move(w, ids[1], d, NULL, NULL, NULL, NULL, NULL) == 0, "a move");
  CHECK(cl_world_memory(w) == mem.live, "after calls: their working memory too");
  cl_world_delete(w);
  CHECK(mem.live == 0 && mem.blocks == 0, "nothing left");
}

#define NBOXES 8
#define TRACE_MAX 20000

/* the scenario's world and shapes (which must not move while items) */
typedef struct {
  counting mem;
  cl_world *w;
  cl_character *ch;
  level lv;
  cl_capsule body;
  cl_aabb mover, boxes[NBOXES];
  uint32_t box_changes[NBOXES];
  cl_obb crate;
  cl_plane ground;
  cl_sphere shield;
  cl_ray beam;
  uint32_t beam_changes;
  cl_item body_id, mover_id, crate_id, ground_id, beam_id, box_ids[NBOXES];
  int inner_nomem;
  double trace[TRACE_MAX];
  int ntrace;
} scenario;

static void rec(scenario *sc, double x) {
  if (sc->ntrace < TRACE_MAX) sc->trace[sc->ntrace] = x;
  sc->ntrace++;
}

static void rec_hit(scenario *sc, const cl_world_hit *h) {
  int k;
  rec(sc, h->item);
  rec(sc, (double)h->index);
  rec(sc, h->hit.t);
  for (k = 0; k < 3; k++) rec(sc, h->hit.p[k]);
  for (k = 0; k < 3; k++) rec(sc, h->hit.n[k]);
}

static int rec_item(void *ud, cl_item item) {
  rec((scenario *)ud, item);
  return 1;
}

static int rec_each_hit(void *ud, const cl_world_hit *h) {
  rec_hit((scenario *)ud, h);
  return 1;
}

static int rec_pair(void *ud, cl_item a, cl_item b) {
  rec((scenario *)ud, a);
  rec((scenario *)ud, b);
  return 1;
}

static const cl_ray *probe_ray(void) {
  static cl_ray r;
  r = ray(-5, 0.5, 0.5, 1, 0, 0, INFINITY);
  return &r;
}

/* a step of the scenario: a result (CL_NOMEM when it failed for memory),
** its answers recorded */
typedef int (*step_fn)(scenario *sc, int arg);

static int st_add(scenario *sc, int arg) {
  level *lv = &sc->lv;
  cl_item id;
  switch (arg) {
  case 0: id = cl_world_add(sc->w, &lv->floor, CL_AABB, NULL); break;
  case 1: id = cl_world_add(sc->w, &lv->b1, CL_AABB, NULL); break;
  case 2: id = cl_world_add(sc->w, &lv->b2, CL_AABB, NULL); break;
  case 3: id = cl_world_add(sc->w, &lv->ball, CL_SPHERE, NULL); break;
  case 4: id = cl_world_add(sc->w, &lv->mesh, CL_WORLD_MESH, NULL); break;
  case 5: id = cl_world_add(sc->w, &lv->hf, CL_WORLD_HEIGHTFIELD, NULL); break;
  case 6: id = sc->body_id = cl_world_add(sc->w, &sc->body, CL_CAPSULE, NULL); break;
  case 7: id = sc->mover_id = cl_world_add(sc->w, &sc->mover, CL_AABB, NULL); break;
  case 8: id = sc->crate_id = cl_world_add(sc->w, &sc->crate, CL_OBB, NULL); break;
  case 9: id = sc->ground_id = cl_world_add(sc->w, &sc->ground, CL_PLANE, NULL); break;
  case 10: id = sc->beam_id = cl_world_add(sc->w, &sc->beam, CL_RAY, &sc->beam_changes); break;
  default:
    id = sc->box_ids[arg - 11] = cl_world_add(sc->w, &sc->boxes[arg - 11], CL_AABB,
                                               &sc->box_changes[arg - 11]);
  }
  rec(sc, id);
  return id;
}

static int st_static(scenario *sc, int arg) {
  return cl_world_set_options(sc->w, arg, 1u << arg, CL_WORLD_ALL_BITS, 1);
}

static int st_raycast(scenario *sc, int arg) {
  cl_world_hit h;
  cl_world_filter f;
  int r;
  cl_world_filter_init(&f);
  f.mask = arg ? ~2u : CL_WORLD_ALL_BITS;
  r = cl_world_raycast(sc->w, probe_ray(), &f, &h);
  if (r >= 0) rec_hit(sc, &h);
  rec(sc, r);
  return r;
}

static int st_raycast_all(scenario *sc, int arg) {
  int r = cl_world_raycast_all(sc->w, probe_ray(), NULL, rec_each_hit, sc);
  (void)arg;
  rec(sc, r);
  return r;
}

static int st_query(scenario *sc, int arg) {
  cl_aabb q = box(-20, -2, -20, 20, 3, 20);
  int r = cl_world_query(sc->w, &q, CL_AABB, NULL, arg ? rec_item : NULL, sc);
  rec(sc, r);
  return r;
}

static int st_frustum(scenario *sc, int arg) {
  cl_plane p[6];
  cl_frustum fr;
  int r;
  p[0] = plane(1, 0, 0, -1);
  p[1] = plane(-1, 0, 0, -4);
  p[2] = plane(0, 1, 0, -2);
  p[3] = plane(0, -1, 0, -2);
  p[4] = plane(0, 0, 1, -2);
  p[5] = plane(0, 0, -1, -2);
  cl_frustum_init(&fr, p);
  r = cl_world_query_frustum(sc->w, &fr, NULL, rec_item, sc);
  (void)arg;
  rec(sc, r);
  return r;
}

static int st_pairs(scenario *sc, int arg) {
  long long r = cl_world_pairs(sc->w, NULL, rec_pair, sc);
  (void)arg;
  rec(sc, (double)r);
  return (int)r;
}

static int st_sweep(scenario *sc, int arg) {
  cl_sphere ball = sphere(-5, 0.5, 0.5, 0.25);
  cl_world_hit h;
  double d[3] = {12, 0, 0};
  int r = arg ? cl_world_sweep_all(sc->w, (const cl_shape *)&ball, d, NULL, rec_each_hit, sc)
              : cl_world_sweep(sc->w, (const cl_shape *)&ball, d, NULL, &h);
  if (!arg && r >= 0) rec_hit(sc, &h);
  rec(sc, r);
  return r;
}

static int st_move(scenario *sc, int arg) {
  cl_world_collision c[16];
  cl_world_collisions out = {c, 0, 16};
  double d[3], moved[3];
  int r, i;
  vec(d, arg ? -1.5 : 3, -0.5, 0.25);
  r = cl_world_move(sc->w, sc->mover_id, d, NULL, NULL, NULL, moved, &out);
  rec(sc, r);
  if (r == 0) {
    for (i = 0; i < 3; i++) rec(sc, moved[i]);
    rec(sc, out.n);
    for (i = 0; i < out.n && i < out.max; i++) {
      rec(sc, c[i].other);
      rec(sc, c[i].t);
      rec(sc, c[i].n[0]);
    }
  }
  return r;
}

static int st_character_new(scenario *sc, int arg) {
  (void)arg;
  sc->ch = cl_character_new(sc->w, sc->body_id, NULL);
  return sc->ch != NULL ? 0 : CL_NOMEM;
}

static int st_character_move(scenario *sc, int arg) {
  double d[3], moved[3];
  int r, n, i;
  const cl_world_collision *c;
  vec(d, 0.05 * arg, -0.1, 0);
  r = cl_character_move(sc->ch, d, moved);
  rec(sc, r);
  if (r == 0) {
    for (i = 0; i < 3; i++) rec(sc, moved[i]);
    rec(sc, cl_character_on_floor(sc->ch));
    rec(sc, cl_character_floor_item(sc->ch));
    c = cl_character_collisions(sc->ch, &n);
    rec(sc, n);
    for (i = 0; i < n; i++) rec(sc, c[i].other);
  }
  return r;
}

/* the nested calls: an inner CL_NOMEM stops the outer call, which then
** answers CL_NOMEM as a whole */
static int inner(scenario *sc, int r) {
  if (r == CL_NOMEM) sc->inner_nomem = 1;
  rec(sc, r);
  return r != CL_NOMEM;
}

static int nest_keep_raycast(void *ud, cl_item item) {
  scenario *sc = (scenario *)ud;
  cl_world_hit h;
  cl_item r = cl_world_raycast(sc->w, probe_ray(), NULL, &h);
  (void)item;
  if (r >= 0) rec_hit(sc, &h);
  return inner(sc, r) ? 1 : -1;
}

static int nest_respond_query(void *ud, cl_item self, cl_item other) {
  scenario *sc = (scenario *)ud;
  cl_aabb q = box(-1, -1, -1, 2, 2, 2);
  (void)self; (void)other;
  return inner(sc, cl_world_query(sc->w, &q, CL_AABB, NULL, rec_item, sc)) ? CL_WORLD_SLIDE
                                                                            : CL_WORLD_ABORT;
}

static int nest_keep_pairs(void *ud, cl_item item) {
  scenario *sc = (scenario *)ud;
  (void)item;
  return inner(sc, (int)cl_world_pairs(sc->w, NULL, rec_pair, sc)) ? 1 : -1;
}

static int nest_hit_sweep(void *ud, const cl_world_hit *hit) {
  scenario *sc = (scenario *)ud;
  cl_sphere ball = sphere(-5, 0.5, 0.5, 0.25);
  double d[3] = {12, 0, 0};
  cl_world_hit h;
  cl_item r = cl_world_sweep(sc->w, (const cl_shape *)&ball, d, NULL, &h);
  (void)hit;
  if (r >= 0) rec_hit(sc, &h);
  return inner(sc, r);
}

static int st_nested(scenario *sc, int arg) {
  cl_aabb q = box(-1, -1, -1, 2, 2, 2);
  cl_world_filter f;
  double d[3] = {0.5, 0, 0}, moved[3];
  int r;
  cl_world_filter_init(&f);
  f.ud = sc;
  sc->inner_nomem = 0;
  switch (arg) {
  case 0:
    f.keep = nest_keep_raycast;
    r = cl_world_query(sc->w, &q, CL_AABB, &f, rec_item, sc);
    break;
  case 1:
    r = cl_world_move(sc->w, sc->mover_id, d, NULL, nest_respond_query, sc, moved, NULL);
    if (r == 0) rec(sc, moved[0]);
    break;
  case 2:
    f.keep = nest_keep_pairs;
    r = (int)cl_world_pairs(sc->w, &f, rec_pair, sc);
    break;
  default:
    r = cl_world_raycast_all(sc->w, probe_ray(), NULL, nest_hit_sweep, sc);
  }
  if (sc->inner_nomem) {
    CHECK(r == CL_STOPPED, "an inner CL_NOMEM stops the outer call");
    r = CL_NOMEM;
  }
  rec(sc, r);
  return r;
}

/* a plane item made a ball with a change counter and back: the item
** moves between the tree and the list of items without bounds */
static int st_ground(scenario *sc, int arg) {
  int r = arg ? cl_world_update(sc->w, sc->ground_id, &sc->shield, CL_SPHERE, &sc->beam_changes)
              : cl_world_update(sc->w, sc->ground_id, &sc->ground, CL_PLANE, NULL);
  rec(sc, r);
  return r;
}

/* shapes changed in place (no call of the world: it cannot fail) */
static int st_change(scenario *sc, int arg) {
  double d[3] = {0.5, 0.25, 0};
  int i;
  if (arg == 0) {
    for (i = 0; i < NBOXES; i += 2) {
      cl_translate((cl_shape *)&sc->boxes[i], d);
      sc->box_changes[i]++;
    }
  } else {
    /* the beam loses or gains its bounds */
    sc->beam.tmax = sc->beam.tmax == INFINITY ? 3 : INFINITY;
    sc->beam_changes++;
  }
  return 0;
}

static int st_sync(scenario *sc, int arg) {
  int r = cl_world_sync(sc->w);
  (void)arg;
  rec(sc, r);
  return r;
}

static int st_remove(scenario *sc, int arg) {
  int r = cl_world_remove(sc->w, arg);
  rec(sc, r);
  return r;
}

/* roles: the crate a sensor, the mover with events, or both taken back */
static int st_role(scenario *sc, int arg) {
  int r = cl_world_set_role(sc->w, arg ? sc->crate_id : sc->mover_id,
                            arg ? CL_WORLD_SENSOR : CL_WORLD_EVENTS);
  rec(sc, r);
  return r;
}

static int rec_event(void *ud, const cl_world_event *e) {
  scenario *sc = (scenario *)ud;
  rec(sc, e->type);
  rec(sc, e->a);
  rec(sc, e->b);
  rec(sc, (double)e->seq_a);
  rec(sc, (double)e->seq_b);
  return 1;
}

static int st_events(scenario *sc, int arg) {
  long long n = cl_world_events(sc->w, rec_event, sc);
  (void)arg;
  rec(sc, (double)n);
  return n == CL_NOMEM ? CL_NOMEM : 0;
}

static int st_one_way(scenario *sc, int arg) {
  double up[3] = {0, 1, 0};
  int r = cl_world_set_one_way(sc->w, sc->box_ids[arg], up);
  rec(sc, r);
  return r;
}

typedef struct { step_fn fn; int arg; } step;

static const step steps[] = {
  {st_add, 0}, {st_add, 1}, {st_add, 2}, {st_add, 3}, {st_add, 4}, {st_add, 5},
  {st_static, 0}, {st_static, 4}, {st_static, 5},
  {st_add, 6}, {st_add, 7}, {st_raycast, 0}, {st_query, 1}, {st_pairs, 0},
  {st_character_new, 0}, {st_character_move, 1}, {st_character_move, 1},
  {st_add, 8}, {st_add, 9}, {st_add, 10}, {st_ground, 1}, {st_ground, 0},
  {st_add, 11}, {st_ground, 1}, {st_add, 12}, {st_ground, 0}, {st_add, 13}, {st_ground, 1},
  {st_add, 14}, {st_ground, 0}, {st_add, 15}, {st_ground, 1}, {st_add, 16},
  {st_ground, 0}, {st_add, 17}, {st_ground, 1}, {st_add, 18}, {st_ground, 0},
  {st_role, 1}, {st_role, 0}, {st_events, 0}, {st_one_way, 1}, {st_one_way, 3},
  {st_character_move, 2}, {st_events, 0}, {st_raycast, 1}, {st_raycast_all, 0}, {st_query, 0},
  {st_frustum, 0}, {st_pairs, 0}, {st_sweep, 0}, {st_sweep, 1}, {st_move, 0}, {st_move, 1},
  {st_nested, 0}, {st_nested, 1}, {st_nested, 2}, {st_nested, 3},
  {st_change, 0}, {st_sync, 0}, {st_pairs, 0}, {st_change, 1}, {st_sync, 0},
  {st_query, 1}, {st_change, 1}, {st_sync, 0}, {st_raycast_all, 0},
  {st_remove, 1}, {st_remove, 12}, {st_character_move, 3}, {st_pairs, 0},
  {st_query, 1}, {st_ground, 1}, {st_sync, 0}, {st_remove, 3}, {st_sweep, 1}, {st_events, 0}
};
#define NSTEPS ((int)(sizeof steps / sizeof steps[0]))

static unsigned long long fnv(unsigned long long h, const void *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  size_t i;
  for (i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

/* what the world answers and holds, as one number: the items and their
** options, a query, a raycast, the pairs, the shapes and the character */
static unsigned long long fingerprint(scenario *sc) {
  unsigned long long h = 14695981039346656037ull;
  int saved = sc->ntrace, i, n;
  cl_world_hit hit;
  n = cl_world_count(sc->w);
  h = fnv(h, &n, sizeof n);
  for (i = 0; i < 32; i++) {
    uint32_t layer = 0, mask = 0;
    cl_item id = cl_world_item_at(sc->w, i);
    int is_static = 0, kind = -1, r = cl_world_options(sc->w, id, &layer, &mask, &is_static);
    /* where the shape is in the scenario (the runs' scenarios differ) */
    const char *shape = (const char *)cl_world_shape(sc->w, id, &kind);
    long long at = shape != NULL ? (long long)(shape - (const char *)sc) : -1;
    h = fnv(h, &r, sizeof r);
    h = fnv(h, &layer, sizeof layer);
    h = fnv(h, &mask, sizeof mask);
    h = fnv(h, &is_static, sizeof is_static);
    h = fnv(h, &kind, sizeof kind);
    h = fnv(h, &at, sizeof at);
    r = cl_world_role(sc->w, id);
    h = fnv(h, &r, sizeof r);
    r = cl_world_one_way(sc->w, id, NULL);
    h = fnv(h, &r, sizeof r);
  }
  st_query(sc, 1);
  st_pairs(sc, 0);
  st_raycast_all(sc, 0);
  memset(&hit, 0, sizeof hit);
  n = cl_world_raycast(sc->w, probe_ray(), NULL, &hit);
  h = fnv(h, &n, sizeof n);
  h = fnv(h, &hit, sizeof hit);
  h = fnv(h, sc->trace + saved, (size_t)(sc->ntrace - saved) * sizeof(double));
  sc->ntrace = saved;
  /* the shapes' numbers (not the padding after their tags) */
  h = fnv(h, sc->body.a, sizeof sc->body.a);
  h = fnv(h, sc->body.b, sizeof sc->body.b);
  h = fnv(h, sc->mover.min, sizeof sc->mover.min);
  for (i = 0; i < NBOXES; i++) h = fnv(h, sc->boxes[i].min, sizeof sc->boxes[i].min);
  if (sc->ch != NULL) {
    const cl_world_collision *c = cl_character_collisions(sc->ch, &n);
    double fnormal[3] = {0, 0, 0};
    int flags[4];
    flags[0] = cl_character_on_floor(sc->ch);
    flags[1] = cl_character_on_wall(sc->ch);
    flags[2] = cl_character_floor_item(sc->ch);
    flags[3] = cl_character_floor_normal(sc->ch, fnormal);
    h = fnv(h, flags, sizeof flags);
    h = fnv(h, fnormal, sizeof fnormal);
    h = fnv(h, &n, sizeof n);
    if (n > 0) h = fnv(h, c, (size_t)n * sizeof *c);
  }
  return h;
}

static void scenario_init(scenario *sc) {
  double e[3] = {0.5, 0.5, 0.5}, c[3] = {-4, 0.5, -3}, q[4] = {0, 0.38268343236508978, 0,
                                                                0.92387953251128674};
  int i;
  memset(sc, 0, sizeof *sc);
  level_make(&sc->lv);
  sc->body = capsule(-6, 0.4, 1.4, 4, 0.3);
  sc->mover = box(-3, 0, 0, -2, 1, 1);
  for (i = 0; i < NBOXES; i++) sc->boxes[i] = box(-9 + 2 * i, 0, -8, -8.5 + 2 * i, 0.5, -7.5);
  cl_obb_init(&sc->crate, c, e, q);
  sc->ground = plane(0, 1, 0, -30);
  sc->shield = sphere(0, -29, 0, 1);
  sc->beam = ray(-9, 0.25, -7.75, 1, 0, 0, INFINITY);
}

/* the scenario with the allocator failing its fail_at-th allocation (0:
** none); ref NULL for the reference run, which records the fingerprint
** before each step in fp; else the answers are checked against ref's.
** Returns the number of allocations that failed. */
static long run(scenario *sc, long fail_at, const scenario *ref,
                unsigned long long fp[NSTEPS + 1]) {
  int i, ok = 1;
  scenario_init(sc);
  sc->mem.fail_at = fail_at;
  sc->w = cl_world_new(0.1, counting_alloc, &sc->mem);
  if (sc->w == NULL) {
    CHECK(sc->mem.failed == 1 && sc->mem.live == 0 && sc->mem.blocks == 0,
          "a world not made holds nothing");
    sc->w = cl_world_new(0.1, counting_alloc, &sc->mem);
  }
  CHECK(sc->w != NULL, "a world");
  if (sc->w == NULL) return sc->mem.failed;
  for (i = 0; i < NSTEPS; i++) {
    long failed = sc->mem.failed;
    int len = sc->ntrace, r;
    if (ref == NULL) fp[i] = fingerprint(sc);
    r = steps[i].fn(sc, steps[i].arg);
    if (sc->mem.failed > failed) {
      ok &= r == CL_NOMEM;
      sc->ntrace = len;
      ok &= fingerprint(sc) == fp[i];
      if (r != CL_NOMEM || fingerprint(sc) != fp[i])
        fprintf(stderr, "allocation %ld failed in step %d: result %d, world %s\n", fail_at, i,
                r, fingerprint(sc) == fp[i] ? "as it was" : "changed");
      /* the items the world watches are as they were: a sync (no
      ** counter has moved since the last) refits none */
      if (steps[i].fn != st_sync && cl_world_sync(sc->w) != 0) {
        fprintf(stderr, "allocation %ld failed in step %d: a sync refits\n", fail_at, i);
        ok = 0;
      }
      r = steps[i].fn(sc, steps[i].arg);
    }
    if (r == CL_NOMEM) fprintf(stderr, "allocation %ld: step %d answers CL_NOMEM\n", fail_at, i);
    ok &= r != CL_NOMEM;
  }
  if (ref == NULL) fp[NSTEPS] = fingerprint(sc);
  else if (fingerprint(sc) != fp[NSTEPS]) {
    fprintf(stderr, "allocation %ld: the world differs at the end\n", fail_at);
    ok = 0;
  }
  CHECK(ok, "each failing call answers CL_NOMEM and leaves the world as it was");
  if (ref != NULL) {
    CHECK(sc->ntrace == ref->ntrace
          && memcmp(sc->trace, ref->trace, (size_t)sc->ntrace * sizeof(double)) == 0,
          "the answers of a run that never failed");
  }
  cl_character_delete(sc->ch);
  cl_world_delete(sc->w);
  CHECK(sc->mem.live == 0 && sc->mem.blocks == 0, "nothing left allocated");
  cl_mesh_free(&sc->lv.mesh);
  return sc->mem.failed;
}

static void allocation_failures(void) {
  static scenario ref, sc;
  static unsigned long long fp[NSTEPS + 1];
  long k;
  int before = failures;
  CHECK(run(&ref, 0, NULL, fp) == 0, "the reference run");
  CHECK(ref.ntrace < TRACE_MAX, "room for the answers");
  for (k = 1; failures == before; k++)
    if (run(&sc, k, &ref, fp) == 0) break;
  /* the run that did not fail made k - 1 allocations, each of which
  ** failed in one of the runs before */
  CHECK(sc.mem.calls == k - 1, "every allocation failed once");
  printf("world_api_test: the scenario run failing each of %ld allocations\n", k - 1);
}

/* ---- the version, and pairs answered again while it stays ---- */

static void versions(void) {
  cl_world *w = cl_world_new(0.1, NULL, NULL);
  cl_aabb a, b, c;
  cl_world_filter f;
  unsigned long long v;
  uint32_t changes = 0;
  seen s;
  cl_item ia, ib, ic;
  static const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  CHECK(w != NULL, "a world");
  cl_aabb_init(&a, lo, hi);
  cl_aabb_init(&b, lo, hi);
  cl_aabb_init(&c, lo, hi);
  b.min[0] = 0.5; b.max[0] = 2;
  c.min[0] = 5; c.max[0] = 6;
  ia = cl_world_add(w, &a, CL_AABB, NULL);
  ib = cl_world_add(w, &b, CL_AABB, NULL);
  ic = cl_world_add(w, &c, CL_AABB, NULL);
  v = cl_world_version(w);
  CHECK(cl_world_version(w) == v, "the same while nothing changes");
  CHECK(cl_world_pairs(w, NULL, NULL, NULL) == 1, "a with b");
  CHECK(cl_world_query(w, &a, CL_AABB, NULL, NULL, NULL) == 2, "a query");
  CHECK(cl_world_version(w) == v, "queries change nothing");
  /* c over a in place, told by an update: seen; then moved back in place
  ** without one: the last answer (the caller must update an item without
  ** a change counter) */
  c.min[0] = 0.25; c.max[0] = 0.75;
  CHECK(cl_world_update(w, ic, NULL, 0, NULL) == 0, "c updated");
  CHECK(cl_world_version(w) != v, "an update moves it");
  memset(&s, 0, sizeof s);
  CHECK(cl_world_pairs(w, NULL, see_pair, &s) == 3, "a-b, a-c, b-c");
  CHECK(s.a[0] == ia && s.b[0] == ib && s.a[1] == ia && s.b[1] == ic && s.a[2] == ib
        && s.b[2] == ic, "in order");
  memset(&s, 0, sizeof s);
  CHECK(cl_world_pairs(w, NULL, see_pair, &s) == 3 && s.a[1] == ia && s.b[1] == ic,
        "the same again");
  cl_world_filter_init(&f);
  f.exclude = &ib;
  f.nexclude = 1;
  CHECK(cl_world_pairs(w, &f, NULL, NULL) == 1, "b excluded: asked again");
  CHECK(cl_world_pairs(w, NULL, NULL, NULL) == 3, "then all three");
  v = cl_world_version(w);
  CHECK(cl_world_set_options(w, ic, 1, 0, 0) == 0 && cl_world_version(w) != v, "options");
  CHECK(cl_world_pairs(w, NULL, NULL, NULL) == 1, "c meets nothing");
  v = cl_world_version(w);
  CHECK(cl_world_set_role(w, ib, CL_WORLD_SENSOR) == 0 && cl_world_version(w) != v, "a role");
  CHECK(cl_world_pairs(w, NULL, NULL, NULL) == 0, "pairs never meet a sensor");
  v = cl_world_version(w);
  CHECK(cl_world_remove(w, ib) == 0 && cl_world_version(w) != v, "a removal");
  CHECK(cl_world_set_options(w, ic, 1, CL_WORLD_ALL_BITS, 0) == 0, "c meets again");
  CHECK(cl_world_pairs(w, NULL, NULL, NULL) == 1, "a with c");
  /* c moved away in place, nothing told: the last answer (an item without
  ** a change counter is updated by its caller); then back */
  c.min[0] = 5; c.max[0] = 6;
  CHECK(cl_world_pairs(w, NULL, NULL, NULL) == 1, "not tested again");
  c.min[0] = 0.25; c.max[0] = 0.75;
  /* an item with a change counter: its shape may change unseen, so the
  ** version moves at every call and pairs test again */
  ib = cl_world_add(w, &b, CL_AABB, &changes);
  CHECK(ib >= 0, "b again, with a counter");
  CHECK(cl_world_pairs(w, NULL, NULL, NULL) == 3, "a-c, a-b, c-b");
  v = cl_world_version(w);
  CHECK(cl_world_version(w) != v, "moves at every call");
  b.min[0] = 0.8;                              /* in its fat box, off c */
  changes++;
  CHECK(cl_world_pairs(w, NULL, NULL, NULL) == 2, "b changed in place, before a sync");
  cl_world_delete(w);
}

/* cl_world_nearest over the level: each kind's distance and closest
** point exactly, ties to the earlier added, max_distance inclusive, masks,
** exclusions, keep, sensors, a plane (a surface: either side), errors */
static void nearest(void) {
  static level lv;
  cl_world *w = cl_world_new(0.1, NULL, NULL);
  cl_world_filter f;
  cl_plane ground = plane(0, 1, 0, -5);
  double p[3], d, q[3];
  cl_item excl[1], not_b2 = B2, id;
  cl_set(p, 0, 0, 0);
  CHECK(cl_world_nearest(w, p, INFINITY, NULL, &d, q) == CL_NOT_FOUND, "nearest: an empty world");
  level_make(&lv);
  level_add(&lv, w);
  /* above the floor, between b1 and b2 */
  cl_set(p, 2, 0.5, 0.5);
  CHECK(cl_world_nearest(w, p, INFINITY, NULL, &d, q) == FLOOR, "nearest: the floor");
  EQ(d, 0.5, "nearest: the floor's d");
  EQ3(q, 2, 0, 0.5, "nearest: the floor's point");
  cl_world_filter_init(&f);
  f.mask = ~1u;
  CHECK(cl_world_nearest(w, p, INFINITY, &f, &d, q) == B1, "nearest: b1 and b2 tie, b1 first");
  EQ(d, 1, "nearest: b1's d");
  EQ3(q, 1, 0.5, 0.5, "nearest: b1's point");
  excl[0] = B1;
  f.exclude = excl;
  f.nexclude = 1;
  CHECK(cl_world_nearest(w, p, INFINITY, &f, &d, q) == B2, "nearest: b1 excluded");
  EQ3(q, 3, 0.5, 0.5, "nearest: b2's point");
  f.keep = keep_not;
  f.ud = &not_b2;
  CHECK(cl_world_nearest(w, p, INFINITY, &f, &d, q) == BALL, "nearest: b2 refused, the ball");
  EQ(d, 3.5, "nearest: the ball's d");
  EQ3(q, 5.5, 0.5, 0.5, "nearest: the ball's point");
  CHECK(cl_world_nearest(w, p, 3.5, &f, NULL, NULL) == BALL, "nearest: at max_distance");
  CHECK(cl_world_nearest(w, p, 3.25, &f, &d, q) == CL_NOT_FOUND, "nearest: beyond max_distance");
  f.keep = keep_stop;
  CHECK(cl_world_nearest(w, p, INFINITY, &f, &d, q) == CL_STOPPED, "nearest: keep stops it");
  /* inside b1: d 0, the point itself */
  cl_set(p, 0.25, 0.5, 0.75);
  CHECK(cl_world_nearest(w, p, 0, NULL, &d, q) == B1, "nearest: inside b1");
  EQ(d, 0, "nearest: inside, d");
  EQ3(q, 0.25, 0.5, 0.75, "nearest: inside, the point");
  /* the mesh's wall at x = 8, the terrain at y = 1 */
  cl_world_filter_init(&f);
  f.mask = 1u << MESH;
  cl_set(p, 9, 1, 0.5);
  CHECK(cl_world_nearest(w, p, INFINITY, &f, &d, q) == MESH, "nearest: the mesh");
  EQ(d, 1, "nearest: the mesh's d");
  EQ3(q, 8, 1, 0.5, "nearest: the mesh's point");
  f.mask = 1u << HF;
  cl_set(p, 21.5, 3, 0.25);
  CHECK(cl_world_nearest(w, p, INFINITY, &f, &d, q) == HF, "nearest: the terrain");
  EQ(d, 2, "nearest: the terrain's d");
  EQ3(q, 21.5, 1, 0.25, "nearest: the terrain's point");
  cl_set(p, 25, 1, 1);
  CHECK(cl_world_nearest(w, p, INFINITY, &f, &d, q) == HF, "nearest: the terrain's edge");
  EQ(d, 3, "nearest: the terrain's edge, d");
  EQ3(q, 22, 1, 1, "nearest: the terrain's edge, point");
  /* a sensor is found only when asked for */
  CHECK(cl_world_set_role(w, BALL, CL_WORLD_SENSOR) == 0, "the ball a sensor");
  cl_world_filter_init(&f);
  f.mask = 1u << BALL | 1u << B2;
  cl_set(p, 6, 2, 0.5);
  CHECK(cl_world_nearest(w, p, INFINITY, &f, &d, q) == B2, "nearest: the sensor skipped");
  f.sensors = 1;
  CHECK(cl_world_nearest(w, p, INFINITY, &f, &d, q) == BALL, "nearest: the sensor asked for");
  EQ(d, 1, "nearest: the sensor's d");
  EQ3(q, 6, 1, 0.5, "nearest: the sensor's point");
  /* a plane, a surface: below it as above */
  id = cl_world_add(w, &ground, CL_PLANE, NULL);
  CHECK(id == 6, "the plane's id");
  cl_set(p, 1, -7, 2);
  CHECK(cl_world_nearest(w, p, INFINITY, NULL, &d, q) == id, "nearest: the plane from below");
  EQ(d, 2, "nearest: the plane's d");
  EQ3(q, 1, -5, 2, "nearest: the plane's point");
  /* errors */
  p[1] = NAN;
  CHECK(cl_world_nearest(w, p, INFINITY, NULL, &d, q) == CL_NOT_FINITE, "nearest: a NaN point");
  p[1] = INFINITY;
  CHECK(cl_world_nearest(w, p, INFINITY, NULL, &d, q) == CL_NOT_FINITE, "nearest: an endless point");
  cl_set(p, 0, 0, 0);
  CHECK(cl_world_nearest(w, p, -1, NULL, &d, q) == CL_NOT_FINITE, "nearest: a negative limit");
  CHECK(cl_world_nearest(w, p, NAN, NULL, &d, q) == CL_NOT_FINITE, "nearest: a NaN limit");
  cl_world_delete(w);
  cl_mesh_free(&lv.mesh);
}

#ifdef CONST_SHAPE
/* a shape the world may write is given as a modifiable one: this must
** not compile (make test-world-api compiles it with -Werror and expects
** the diagnostic), since the first move would write a read-only shape */
static const cl_aabb fixed = {CL_AABB, {0, 0, 0}, {1, 1, 1}};
int const_shape(cl_world *w);
int const_shape(cl_world *w) { return cl_world_add(w, &fixed, CL_AABB, NULL); }
#endif

/* materials: a floor mesh of two triangles (materials 3 and 4, x + z < 0
** the first), a box and a heightfield with a material a cell; every hit,
** collision and the character's floor name the triangle's, -1 where
** there is none */
static int last_material(void *ud, const cl_world_hit *hit) {
  long long *m = (long long *)ud;
  *m = hit->material;
  return 1;
}

static void materials(void) {
  static const double v0[12] = {-5, 0, -5, 5, 0, -5, -5, 0, 5, 5, 0, 5};
  static const uint32_t t0[6] = {0, 2, 1, 1, 2, 3};
  static const uint32_t mats[2] = {3, 4};
  double v[12], h[9], blocks[2 * 8], o[3] = {20, 0, 0}, d[3], moved[3];
  uint32_t tri[6], cells[4] = {1, 2, 3, 4};
  cl_mesh mesh;
  cl_heightfield hf;
  cl_aabb wall = box(3, 0, -1, 4, 2, 1), body = box(-0.5, 0.05, -0.5, 0.5, 1.05, 0.5);
  cl_aabb feet = box(20.25, 0.05, 0.25, 20.75, 1, 0.75);
  cl_sphere ball = sphere(2, 3, 2, 0.5);
  cl_world *w = cl_world_new(0.1, NULL, NULL);
  cl_world_hit hit;
  cl_world_collision c[8];
  cl_world_collisions out = {c, 0, 8};
  cl_character_options opt;
  cl_character *ch, *ch2;
  cl_ray r;
  long long mat = -2;
  cl_item floor_id, wall_id, hf_id, id, id2;
  int i;
  memcpy(v, v0, sizeof v);
  memcpy(tri, t0, sizeof tri);
  cl_mesh_init(&mesh);
  cl_mesh_use(&mesh, v, 4, tri, 2);
  EQ(cl_mesh_material(&mesh, 0), -1, "no materials yet");
  cl_mesh_use_materials(&mesh, mats);
  CHECK(cl_mesh_build(&mesh), "the mesh is built");
  EQ(cl_mesh_material(&mesh, 1), 4, "triangle 1's material");
  EQ(cl_mesh_material(&mesh, 2), -1, "no triangle 2");
  for (i = 0; i < 9; i++) h[i] = 0;
  cl_heightfield_use(&hf, h, blocks, 3, 3, 1, 1, o);
  cl_heightfield_refresh(&hf);
  EQ(cl_heightfield_set_material(&hf, 0, 0, 1), 0, "no materials to set");
  cl_heightfield_use_materials(&hf, cells);
  EQ(cl_heightfield_set_material(&hf, 1, 1, 42), 1, "cell (1, 1) set");
  EQ(cl_heightfield_set_material(&hf, 2, 0, 1), 0, "no cell (2, 0)");
  EQ(cl_heightfield_material(&hf, 6), 42, "cell 3's first triangle");
  EQ(cl_heightfield_material(&hf, 7), 42, "and its second");
  EQ(cl_heightfield_material(&hf, 8), -1, "no triangle 8");
  floor_id = cl_world_add(w, &mesh, CL_WORLD_MESH, NULL);
  wall_id = cl_world_add(w, &wall, wall.tag, NULL);
  hf_id = cl_world_add(w, &hf, CL_WORLD_HEIGHTFIELD, NULL);
  EQ(cl_world_material(w, floor_id, 0), 3, "the world's mesh item");
  EQ(cl_world_material(w, wall_id, 0), -1, "a box has none");
  EQ(cl_world_material(w, hf_id, 0), 1, "the world's heightfield item");
  /* raycasts, raycast_all, sweeps */
  r = ray(2, 3, 2, 0, -1, 0, 10);
  EQ(cl_world_raycast(w, &r, NULL, &hit), floor_id, "the ray hits the floor");
  EQ(hit.index, 1, "on triangle 1");
  EQ(hit.material, 4, "its material");
  r = ray(-2, 3, -2, 0, -1, 0, 10);
  EQ(cl_world_raycast_all(w, &r, NULL, last_material, &mat), 1, "one hit");
  EQ(mat, 3, "raycast_all's hit names triangle 0's material");
  r = ray(3.5, 3, 0, 0, -1, 0, 10);
  EQ(cl_world_raycast(w, &r, NULL, &hit), wall_id, "the wall first");
  EQ(hit.material, -1, "a box's hit has none");
  r = ray(21.5, 3, 1.5, 0, -1, 0, 10);
  EQ(cl_world_raycast(w, &r, NULL, &hit), hf_id, "the terrain");
  EQ(hit.material, 42, "cell (1, 1)");
  vec(d, 0, -5, 0);
  EQ(cl_world_sweep(w, (const cl_shape *)&ball, d, NULL, &hit), floor_id, "the ball's sweep");
  EQ(hit.material, 4, "the sweep's material");
  mat = -2;
  EQ(cl_world_sweep_all(w, (const cl_shape *)&ball, d, NULL, last_material, &mat), 1, "sweep_all");
  EQ(mat, 4, "sweep_all's hit");
  /* a move: the floor's material, then the wall's none */
  id = cl_world_add(w, &body, body.tag, NULL);
  vec(d, 0, -1, 0);
  EQ(cl_world_move(w, id, d, NULL, NULL, NULL, moved, &out), 0, "a move down");
  EQ(out.n, 1, "one collision");
  EQ(c[0].other, floor_id, "with the floor");
  EQ(c[0].material, 3, "on triangle 0 (the contact point's nearest, ties to the lowest)");
  out.n = 0;
  vec(d, 5, 0, 0);
  EQ(cl_world_move(w, id, d, NULL, NULL, NULL, moved, &out), 0, "a move along");
  EQ(c[out.n - 1].other, wall_id, "into the wall");
  EQ(c[out.n - 1].material, -1, "a box's collision has none");
  CHECK(cl_world_remove(w, id) == 0, "the body removed");
  /* characters on the mesh and on the terrain */
  body = box(-0.5, 0.05, -0.5, 0.5, 1.05, 0.5);
  id = cl_world_add(w, &body, body.tag, NULL);
  id2 = cl_world_add(w, &feet, feet.tag, NULL);
  cl_character_options_init(&opt);
  ch = cl_character_new(w, id, &opt);
  ch2 = cl_character_new(w, id2, &opt);
  CHECK(ch != NULL && ch2 != NULL, "two characters");
  vec(d, 1, -0.1, 1);
  EQ(cl_character_move(ch, d, moved), 0, "a step");
  EQ(cl_character_floor_item(ch), floor_id, "on the mesh");
  EQ(cl_character_floor_material(ch), 4, "triangle 1's material");
  vec(d, 0, -0.1, 0);
  EQ(cl_character_move(ch2, d, moved), 0, "a step on the terrain");
  EQ(cl_character_floor_item(ch2), hf_id, "on the terrain");
  EQ(cl_character_floor_material(ch2), 1, "cell (0, 0)");
  EQ(cl_heightfield_set_material(&hf, 0, 0, 9), 1, "cell (0, 0) set again");
  EQ(cl_character_floor_material(ch2), 9, "read when asked");
  vec(d, 0, 3, 0);
  EQ(cl_character_move(ch, d, moved), 0, "a jump");
  EQ(cl_character_floor_material(ch), -1, "off the floor: none");
  cl_character_delete(ch);
  cl_character_delete(ch2);
  cl_world_delete(w);
  cl_mesh_free(&mesh);
}

/* ---- what the binding reads, from the public header ---- */

typedef struct { cl_world *w; const char *busy; } busy_seen;

static int see_busy(void *ud, cl_item item) {
  busy_seen *b = (busy_seen *)ud;
  (void)item;
  b->busy = cl_world_busy(b->w);
  return 1;
}

/* the walk in add order, the sequence numbers, the name of the call
** running, the room of a move, a world over the caller's tree, a linked
** item told of its change */
static void public_reads(void) {
  cl_tree tree;
  cl_world *w;
  cl_aabb a, b;
  busy_seen bp;
  cl_world_filter f;
  uint32_t changes = 0;
  cl_item ia, ib;
  static const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  cl_tree_init(&tree, 0.1, NULL, NULL);
  w = cl_world_new_on_tree(&tree, NULL, NULL);
  CHECK(w != NULL, "a world over the caller's tree");
  if (w == NULL) return;
  cl_aabb_init(&a, lo, hi);
  cl_aabb_init(&b, lo, hi);
  CHECK(cl_world_last_seq(w) == 0, "no item yet");
  ia = cl_world_add(w, &a, CL_AABB, NULL);
  ib = cl_world_add(w, &b, CL_AABB, &changes);
  CHECK(tree.count == 2, "the items in the caller's tree");
  {
    cl_aabb root, all;
    int k, holds = cl_tree_root_bounds(&tree, &root) && cl_tree_bounds(&tree, &all);
    CHECK(holds, "the tree's boxes");
    for (k = 0; holds && k < 3; k++) holds = root.min[k] <= all.min[k] && root.max[k] >= all.max[k];
    CHECK(holds, "the root's box holds every leaf's");
  }
  CHECK(cl_world_seq(w, ia) == 1 && cl_world_seq(w, ib) == 2 && cl_world_last_seq(w) == 2,
        "sequence numbers");
  CHECK(cl_world_seq(w, 7) == CL_NOT_ITEM, "no item, no number");
  CHECK(cl_world_next(w, -1, 0, -1, 0) == ia && cl_world_next(w, ia, 1, -1, 0) == ib
        && cl_world_next(w, ib, 2, -1, 0) == -1, "the walk in add order");
  CHECK(cl_world_busy(w) == NULL, "not busy");
  cl_world_filter_init(&f);
  bp.w = w;
  bp.busy = NULL;
  f.keep = see_busy;
  f.ud = &bp;
  CHECK(cl_world_query(w, &a, CL_AABB, &f, NULL, NULL) == 2, "a query");
  CHECK(bp.busy != NULL && strcmp(bp.busy, "query") == 0, "busy in its filter, by name");
  CHECK(cl_world_is_mover(CL_SPHERE) && !cl_world_is_mover(CL_PLANE), "the movers");
  CHECK(cl_world_item_moves(w, ia), "an aabb moves");
  CHECK(cl_world_move_room(w) >= cl_world_count(w), "room for every other item");
  CHECK(!cl_world_events_name(w, ia), "no events name it");
  cl_world_link(w, ib, 1);
  CHECK(cl_world_sync(w) == 0, "linked: looked at once more, unchanged");
  b.max[0] = 3;
  changes++;
  CHECK(cl_world_sync(w) == 0, "a linked item is looked at only when told");
  cl_world_touch(w, ib);
  CHECK(cl_world_sync(w) == 1, "told, it is refitted");
  CHECK(cl_world_storage(w) > 0 && cl_world_storage(w) < cl_world_memory(w), "its storage");
  {
    static const double d[3] = {5, 0, 0};
    unsigned before = tree.changes;
    CHECK(cl_world_move(w, ia, d, NULL, NULL, NULL, NULL, NULL) == 0, "a move");
    CHECK(tree.changes != before, "the caller's tree counts the move's change");
  }
  cl_world_delete(w);
  cl_tree_free(&tree);
}

/* ---- a move's bookkeeping, from C alone ---- */

/* cl_world_move and cl_character_move finish their own bookkeeping: the
** shape's change counter moves by one (what else follows the shape sees
** the change: here a second world holding it) and the world that moved
** it takes it as refitted (its sync refits nothing) */
static void move_bookkeeping(void) {
  cl_world *w = cl_world_new(0.1, NULL, NULL), *other = cl_world_new(0.1, NULL, NULL);
  cl_aabb floor_box, body;
  cl_character *ch;
  uint32_t changes = 0;
  unsigned long long v;
  int fi, bi;
  static const double flo[3] = {-10, -1, -10}, fhi[3] = {10, 0, 10};
  static const double blo[3] = {0, 0.01, 0}, bhi[3] = {1, 1.01, 1};
  static const double d[3] = {1, 0, 0};
  CHECK(w != NULL && other != NULL, "two worlds");
  cl_aabb_init(&floor_box, flo, fhi);
  cl_aabb_init(&body, blo, bhi);
  fi = cl_world_add(w, &floor_box, CL_AABB, NULL);
  bi = cl_world_add(w, &body, CL_AABB, &changes);
  CHECK(fi >= 0 && bi >= 0, "a floor and a body");
  CHECK(cl_world_add(other, &body, CL_AABB, &changes) >= 0, "the body in the other world");
  v = cl_world_version(w);
  CHECK(cl_world_move(w, bi, d, NULL, NULL, NULL, NULL, NULL) == 0, "a move");
  CHECK(changes == 1, "the move moved the counter");
  CHECK(cl_world_version(w) != v, "and the version");
  CHECK(cl_world_sync(w) == 0, "the world moving it refitted it already");
  CHECK(cl_world_sync(other) == 1, "the other world sees the change");
  CHECK(cl_world_sync(other) == 0, "once");
  ch = cl_character_new(w, bi, NULL);
  CHECK(ch != NULL, "a character");
  if (ch != NULL) {
    v = cl_world_version(w);
    CHECK(cl_character_move(ch, d, NULL) == 0, "a character's move");
    CHECK(changes == 2, "its move moved the counter");
    CHECK(cl_world_version(w) != v, "and the version");
    CHECK(cl_world_sync(w) == 0, "its world refitted it already");
    CHECK(cl_world_sync(other) == 1, "the other world sees it");
    cl_character_delete(ch);
  }
  cl_world_delete(other);
  cl_world_delete(w);
}

/* ---- debug lines ---- */

typedef struct { cl_item ids[8]; int n; } line_items;

static int line_item(void *ud, cl_item item) {
  line_items *li = (line_items *)ud;
  if (li->n < 8) li->ids[li->n] = item;
  li->n++;
  return 1;
}

static int stop_lines(void *ud, cl_item item) {
  (void)ud;
  (void)item;
  return -1;
}

/* cl_world_lines gives the items scene:lines draws, in add order, and
** each one's outline is its shape's */
static void lines_api(void) {
  cl_world *w = cl_world_new(0.1, NULL, NULL);
  cl_aabb a, c, box;
  cl_world_filter f;
  line_items li;
  double out[6 * 12], ref[6 * 12];
  cl_item ia, ic;
  static const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  static const double blo[3] = {-1, -1, -1}, bhi[3] = {0.5, 0.5, 0.5};
  CHECK(w != NULL, "a world");
  cl_aabb_init(&a, lo, hi);
  cl_aabb_init(&c, lo, hi);
  c.min[0] = 5; c.max[0] = 6;
  ic = cl_world_add(w, &c, CL_AABB, NULL);
  ia = cl_world_add(w, &a, CL_AABB, NULL);
  li.n = 0;
  CHECK(cl_world_lines(w, NULL, NULL, line_item, &li) == 2 && li.n == 2, "every item");
  CHECK(li.ids[0] == ic && li.ids[1] == ia, "in add order");
  cl_aabb_init(&box, blo, bhi);
  li.n = 0;
  CHECK(cl_world_lines(w, &box, NULL, line_item, &li) == 1 && li.ids[0] == ia,
        "the items within the box");
  CHECK(cl_world_set_options(w, ia, 2, CL_WORLD_ALL_BITS, 0) == 0, "a's layer");
  cl_world_filter_init(&f);
  f.mask = 1;
  CHECK(cl_world_lines(w, NULL, &f, NULL, NULL) == 1, "the mask leaves a out");
  f.mask = CL_WORLD_ALL_BITS;
  f.keep = stop_lines;
  CHECK(cl_world_lines(w, NULL, &f, NULL, NULL) == CL_STOPPED, "keep stops");
  CHECK(cl_world_lines_count(w, ia, NULL) == cl_lines_count((const cl_shape *)&a),
        "the count of the shape's");
  CHECK(cl_world_lines_fill(w, ia, &box, out) == 12
        && cl_lines_fill((const cl_shape *)&a, ref) == 12 && memcmp(out, ref, sizeof out) == 0,
        "the shape's segments");
  CHECK(cl_world_lines_count(w, 99, NULL) == 0, "no item, no lines");
  cl_world_delete(w);
}

/* the contact and the manifold of a shape with a mesh's and a
** heightfield's triangles (mesh.h, heightfield.h): a box resting 0.25 deep
** on one triangle of a floor, a ball 0.25 deep in a flat terrain */
static void triangle_sets(void) {
  static const double v0[12] = {-5, 0, -5, 5, 0, -5, -5, 0, 5, 5, 0, 5};
  static const uint32_t t0[6] = {0, 2, 1, 1, 2, 3};
  double v[12], h[9], blocks[2 * 8], o[3] = {0, 0, 0}, n[3], depth = -1;
  uint32_t tri[6], scratch[2];
  size_t index = 9;
  int i;
  cl_mesh mesh;
  cl_heightfield hf;
  cl_contacts m;
  cl_aabb crate = box(-4, -0.25, -4, -2, 0.75, -2), above = box(-4, 1, -4, -2, 2, -2);
  cl_sphere ball = sphere(0.75, 0.25, 0.5, 0.5);
  cl_triangle t;
  memcpy(v, v0, sizeof v);
  memcpy(tri, t0, sizeof tri);
  cl_mesh_init(&mesh);
  cl_mesh_use(&mesh, v, 4, tri, 2);
  CHECK(cl_mesh_build(&mesh), "the floor is built");
  EQ(cl_mesh_contact(&mesh, (const cl_shape *)&crate, 1, n, &depth, &index), 1, "the crate rests");
  EQ3(n, 0, 1, 0, "from the floor up");
  EQ(depth, 0.25, "0.25 deep");
  EQ(index, 0, "on triangle 0");
  EQ(cl_mesh_contact(&mesh, (const cl_shape *)&crate, 0, n, &depth, &index), 1, "crate first");
  EQ3(n, 0, -1, 0, "from the crate down");
  EQ(depth, 0.25, "as deep");
  EQ(cl_mesh_contact(&mesh, (const cl_shape *)&above, 1, n, &depth, &index), 0, "above: none");
  EQ(cl_mesh_manifold(&mesh, (const cl_shape *)&crate, 1, scratch, &m), 4, "four points");
  EQ3(m.n, 0, 1, 0, "the manifold's normal");
  /* the crate's bottom face, deepest first (all as deep: the first), then
  ** counter-clockwise seen from above */
  EQ3(m.p[0].p, -4, -0.25, -4, "corner 0");
  EQ3(m.p[1].p, -4, -0.25, -2, "corner 1");
  EQ3(m.p[2].p, -2, -0.25, -2, "corner 2");
  EQ3(m.p[3].p, -2, -0.25, -4, "corner 3");
  for (i = 0; i < 4; i++) EQ(m.p[i].depth, 0.25, "each 0.25 deep");
  EQ(cl_mesh_manifold(&mesh, (const cl_shape *)&above, 1, scratch, &m), 0, "above: no manifold");
  EQ(m.count, 0, "no points");
  cl_mesh_triangle(&mesh, 0, &t);
  EQ(cl_mesh_contact(&mesh, (const cl_shape *)&t, 1, n, &depth, &index), 0,
     "triangle-triangle contact is not supported");
  cl_mesh_free(&mesh);
  for (i = 0; i < 9; i++) h[i] = 0;
  cl_heightfield_use(&hf, h, blocks, 3, 3, 1, 1, o);
  cl_heightfield_refresh(&hf);
  EQ(cl_heightfield_contact(&hf, (const cl_shape *)&ball, 1, n, &depth, &index), 1, "the ball");
  EQ3(n, 0, 1, 0, "from the terrain up");
  EQ(depth, 0.25, "0.25 deep");
  EQ(index, 1, "in cell (0, 0)'s second triangle, under its centre");
  EQ(cl_heightfield_manifold(&hf, (const cl_shape *)&ball, 1, &m), 3, "three triangles touch");
  EQ3(m.n, 0, 1, 0, "the manifold's normal");
  /* the ball's lowest point, then the nearest points of the two triangles
  ** beside: on the diagonal of cell (0, 0) and on the edge of cell (1, 0),
  ** 0.5 - sqrt(0.125^2 + 0.125^2 + 0.25^2) and 0.5 - sqrt(0.25^2 + 0.25^2)
  ** deep */
  EQ3(m.p[0].p, 0.75, -0.25, 0.5, "the lowest point");
  EQ(m.p[0].depth, 0.25, "0.25 deep");
  EQ3(m.p[1].p, 0.625, 0, 0.625, "on the diagonal");
  EQ(m.p[1].depth, 0.19381378215210276, "less deep");
  EQ3(m.p[2].p, 1, 0, 0.5, "on the next cell's edge");
  EQ(m.p[2].depth, 0.14644660940672621, "less deep still");
  EQ(cl_heightfield_manifold(&hf, (const cl_shape *)&above, 1, &m), 0, "above: none");
}

/* ---- snapshots: the state saved, restored, hashed ---- */

typedef struct {
  cl_world *w;
  cl_aabb floor, boxes[3], extra;
  cl_sphere zone;
  cl_capsule hero;
  cl_heightfield hf;
  double h[9], blocks[2 * 8];
  uint32_t hf_changes;
  cl_item ids[3], hero_id, zone_id, hf_id;
  cl_character *ch;
} snap_level;

static void snap_level_make(snap_level *lv, counting *mem) {
  double o[3] = {-20, -3, -20};
  int i;
  memset(lv, 0, sizeof *lv);
  lv->w = cl_world_new(0.1, counting_alloc, mem);
  lv->floor = box(-10, -1, -10, 10, 0, 10);
  (void)cl_world_add(lv->w, &lv->floor, CL_AABB, NULL);
  (void)cl_world_set_options(lv->w, 0, 1, CL_WORLD_ALL_BITS, 1);
  for (i = 0; i < 3; i++) {
    lv->boxes[i] = box(2.0 * i, 0, 3, 2.0 * i + 1, 1, 4);
    lv->ids[i] = cl_world_add(lv->w, &lv->boxes[i], CL_AABB, NULL);
  }
  lv->zone = sphere(0, 0.5, 3.5, 1.5);
  lv->zone_id = cl_world_add(lv->w, &lv->zone, CL_SPHERE, NULL);
  (void)cl_world_set_role(lv->w, lv->zone_id, CL_WORLD_SENSOR);
  for (i = 0; i < 9; i++) lv->h[i] = 0;
  cl_heightfield_use(&lv->hf, lv->h, lv->blocks, 3, 3, 1, 1, o);
  cl_heightfield_refresh(&lv->hf);
  lv->hf_id = cl_world_add(lv->w, &lv->hf, CL_WORLD_HEIGHTFIELD, &lv->hf_changes);
  lv->hero = capsule(-3, 0.5, 1.5, 0, 0.5);
  lv->hero_id = cl_world_add(lv->w, &lv->hero, CL_CAPSULE, NULL);
  lv->ch = cl_character_new(lv->w, lv->hero_id, NULL);
}

/* a frame: two boxes pushed, the hero walking, the events read */
static void snap_frame(snap_level *lv, int f) {
  double d[3], moved[3];
  vec(d, 0.25 * (f % 3) - 0.2, 0, 0.1);
  (void)cl_world_move(lv->w, lv->ids[0], d, NULL, NULL, NULL, moved, NULL);
  vec(d, -0.3, 0, 0.05 * f);
  (void)cl_world_move(lv->w, lv->ids[1], d, NULL, NULL, NULL, moved, NULL);
  vec(d, 0.2, -0.05, 0.1);
  (void)cl_character_move(lv->ch, d, moved);
  (void)cl_world_events(lv->w, NULL, NULL);
}

static void snapshots(void) {
  counting mem;
  snap_level lv, other;
  cl_snapshot *s = NULL, *t = NULL;
  cl_character *chars[1];
  unsigned long long h0, h1, hr;
  cl_aabb saved0;
  long long seq2;
  cl_item removed_id, added;
  int f, r, k, tries = 0;
  memset(&mem, 0, sizeof mem);
  snap_level_make(&lv, &mem);
  CHECK(lv.w != NULL && lv.ch != NULL, "a level and its hero");
  chars[0] = lv.ch;
  for (f = 1; f <= 5; f++) snap_frame(&lv, f);
  h0 = cl_world_hash(lv.w, chars, 1);
  CHECK(h0 < (1ULL << 53), "the hash below 2^53");
  CHECK(cl_world_hash(lv.w, chars, 1) == h0, "the same hash again");
  CHECK(cl_world_snapshot(lv.w, chars, 1, &s) == 0 && s != NULL, "a snapshot");
  CHECK(cl_snapshot_count(s) == 7, "of seven items");
  CHECK(cl_snapshot_memory(s) > 0 && cl_snapshot_shared(s) > 0, "its bytes");
  saved0 = lv.boxes[0];
  seq2 = cl_world_seq(lv.w, lv.ids[2]);
  /* the game goes on: moves, a removal, an add in the freed slot */
  for (f = 6; f <= 9; f++) snap_frame(&lv, f);
  removed_id = lv.ids[2];
  CHECK(cl_world_remove(lv.w, removed_id) == 0, "a box removed");
  lv.extra = box(5, 5, 5, 6, 6, 6);
  added = cl_world_add(lv.w, &lv.extra, CL_AABB, NULL);
  CHECK(cl_item_slot(added) == cl_item_slot(removed_id) && added != removed_id,
        "its slot taken again, under a new id");
  h1 = cl_world_hash(lv.w, chars, 1);
  CHECK(h1 != h0, "another hash");
  CHECK(memcmp(&lv.boxes[0], &saved0, sizeof saved0) != 0, "the first box moved");
  /* restored, under allocation failure first: each failure leaves the
  ** world as it was, then the restore that runs gives the snapshot's */
  for (k = 1;; k++) {
    mem.fail_at = mem.calls + k;
    r = cl_world_restore(lv.w, s);
    mem.fail_at = 0;
    if (r == 0) break;
    tries++;
    CHECK(r == CL_NOMEM, "out of memory, or done");
    CHECK(cl_world_hash(lv.w, chars, 1) == h1, "a failed restore changes nothing");
    if (r != CL_NOMEM || k > 100) break;
  }
  printf("world_api_test: a restore failing each of %d allocations\n", tries);
  hr = cl_world_hash(lv.w, chars, 1);
  CHECK(hr == h0, "the snapshot's hash");
  CHECK(memcmp(&lv.boxes[0], &saved0, sizeof saved0) == 0, "the box's place written back");
  CHECK(cl_world_seq(lv.w, removed_id) == seq2, "the removed box back, its id and its place");
  CHECK(cl_world_shape(lv.w, removed_id, NULL) == &lv.boxes[2], "its own shape");
  CHECK(cl_world_count(lv.w) == 7, "seven items");
  /* the game replayed from the snapshot gives the same answers: a twin
  ** world played straight through */
  snap_level_make(&other, &mem);
  for (f = 1; f <= 5; f++) snap_frame(&other, f);
  {
    cl_character *ochars[1];
    int same = 1;
    ochars[0] = other.ch;
    CHECK(cl_world_hash(other.w, ochars, 1) == h0, "the twin's hash at frame 5");
    for (f = 6; f <= 12; f++) {
      snap_frame(&lv, f);
      snap_frame(&other, f);
      same = same && cl_world_hash(lv.w, chars, 1) == cl_world_hash(other.w, ochars, 1)
             && memcmp(lv.boxes, other.boxes, sizeof lv.boxes) == 0
             && memcmp(&lv.hero, &other.hero, sizeof lv.hero) == 0;
    }
    CHECK(same, "every frame after as the twin's");
    CHECK(cl_world_restore(other.w, s) == CL_OTHER_WORLD, "another world's snapshot");
    CHECK(cl_world_snapshot(other.w, chars, 1, &t) == CL_OTHER_WORLD && t == NULL,
          "another world's character");
  }
  /* restored twice more: the same state */
  CHECK(cl_world_restore(lv.w, s) == 0 && cl_world_hash(lv.w, chars, 1) == h0, "again");
  CHECK(cl_world_restore(lv.w, s) == 0 && cl_world_hash(lv.w, chars, 1) == h0, "and again");
  /* a snapshot that cannot be had leaves the world as it was */
  mem.fail_at = mem.calls + 1;
  CHECK(cl_world_snapshot(lv.w, chars, 1, &t) == CL_NOMEM && t == NULL, "no memory");
  mem.fail_at = 0;
  CHECK(cl_world_hash(lv.w, chars, 1) == h0, "nothing changed");
  /* a heightfield edited since: refused, nothing changed */
  lv.h[4] = 1;
  cl_heightfield_refresh(&lv.hf);
  lv.hf_changes++;
  CHECK(cl_world_restore(lv.w, s) == CL_CHANGED, "the terrain edited since");
  cl_snapshot_delete(s);
  cl_character_delete(lv.ch);
  cl_character_delete(other.ch);
  cl_world_delete(lv.w);
  cl_world_delete(other.w);
  CHECK(mem.live == 0 && mem.blocks == 0, "nothing left");
}

/* ---- handles: an id carries its slot's generation ---- */

/* every call given a stale id refuses it, and changes nothing: the item
** that holds its slot now (live) is as it was */
static void refused(cl_world *w, cl_item stale, cl_item live, const void *live_shape,
                    const char *when) {
  cl_aabb other = box(0, 0, 0, 1, 1, 1);
  uint32_t layer = 0, mask = 0;
  int is_static = -1, bad = 0;
  double d[3], dir[3];
  cl_character *ch = (cl_character *)(void *)&layer;   /* (set NULL when refused) */
  unsigned long long version = cl_world_version(w);
  vec(d, 1, 0, 0);
  vec(dir, 0, 1, 0);
  bad += cl_world_is_item(w, stale) != 0;
  bad += cl_world_update(w, stale, NULL, 0, NULL) != CL_NOT_ITEM;
  bad += cl_world_update(w, stale, &other, CL_AABB, NULL) != CL_NOT_ITEM;
  bad += cl_world_remove(w, stale) != CL_NOT_ITEM;
  bad += cl_world_set_options(w, stale, 2, 2, 1) != CL_NOT_ITEM;
  bad += cl_world_options(w, stale, &layer, NULL, NULL) != CL_NOT_ITEM;
  bad += cl_world_set_role(w, stale, CL_WORLD_SENSOR) != CL_NOT_ITEM;
  bad += cl_world_role(w, stale) != CL_NOT_ITEM;
  bad += cl_world_set_one_way(w, stale, dir) != CL_NOT_ITEM;
  bad += cl_world_one_way(w, stale, NULL) != CL_NOT_ITEM;
  bad += cl_world_seq(w, stale) != CL_NOT_ITEM;
  bad += cl_world_shape(w, stale, NULL) != NULL;
  bad += cl_world_material(w, stale, 0) != -1;
  bad += cl_world_item_moves(w, stale) != 0;
  bad += cl_world_events_name(w, stale) != 0;
  bad += cl_world_link(w, stale, 1) != CL_NOT_ITEM;
  bad += cl_world_touch(w, stale) != CL_NOT_ITEM;
  bad += cl_world_lines_count(w, stale, NULL) != 0;
  bad += cl_world_user_data(w, stale) != NULL;
  bad += cl_world_set_user_data(w, stale, &layer) != CL_NOT_ITEM;
  bad += cl_world_move(w, stale, d, NULL, NULL, NULL, NULL, NULL) != CL_NOT_ITEM;
  bad += cl_character_create(w, stale, NULL, &ch) != CL_NOT_ITEM || ch != NULL;
  bad += cl_character_new(w, stale, NULL) != NULL;
  CHECK(bad == 0, when);
  CHECK(cl_world_version(w) == version, "nothing changed");
  CHECK(cl_world_is_item(w, live) && cl_world_shape(w, live, NULL) == live_shape
        && cl_world_options(w, live, &layer, &mask, &is_static) == 0 && layer == 1
        && mask == CL_WORLD_ALL_BITS && is_static == 0 && cl_world_role(w, live) == 0
        && cl_world_one_way(w, live, NULL) == 0 && cl_world_user_data(w, live) == NULL,
        "the item in its slot untouched");
}

/* the same item taken out and another put in its slot, n times: the last id */
static cl_item reuse(cl_world *w, cl_item id, void *shape, long n) {
  long k;
  for (k = 0; k < n; k++) {
    if (cl_world_remove(w, id) != 0) return CL_NOT_ITEM;
    id = cl_world_add(w, shape, CL_AABB, NULL);
  }
  return id;
}

static void handles(void) {
  cl_world *w = cl_world_new(0.1, NULL, NULL);
  cl_aabb a = box(0, 0, 0, 1, 1, 1), b = box(0, 0, 0, 1, 1, 1), q = box(-1, -1, -1, 2, 2, 2);
  cl_sphere ball = sphere(10, 0.6, 0, 0.5);
  cl_plane ground = plane(0, 1, 0, 0);
  cl_world_filter f;
  cl_character *ch;
  int tag = 1, other = 2;
  cl_item first, ball_id, ground_id, id;
  first = cl_world_add(w, &a, CL_AABB, NULL);
  ball_id = cl_world_add(w, &ball, CL_SPHERE, NULL);
  ground_id = cl_world_add(w, &ground, CL_PLANE, NULL);
  CHECK(first == 0 && cl_item_slot(first) == 0 && cl_item_generation(first) == 0,
        "the first item: slot 0, generation 0");
  CHECK(cl_item_slot(CL_NOT_ITEM) == -1 && cl_item_generation(CL_NOT_ITEM) == -1,
        "an error is no slot");
  CHECK(cl_world_item_at(w, 0) == first && cl_world_item_at(w, 2) == ground_id
        && cl_world_item_at(w, 3) == CL_NOT_ITEM && cl_world_item_at(w, -1) == CL_NOT_ITEM,
        "the live id in a slot");
  /* user data: NULL when added, kept, gone with the item */
  CHECK(cl_world_user_data(w, first) == NULL, "no user data when added");
  CHECK(cl_world_set_user_data(w, first, &tag) == 0 && cl_world_user_data(w, first) == &tag
        && cl_world_set_user_data(w, ball_id, &other) == 0
        && cl_world_user_data(w, ball_id) == &other, "one pointer per item");
  CHECK(cl_world_set_user_data(w, first, NULL) == 0 && cl_world_user_data(w, first) == NULL
        && cl_world_set_user_data(w, first, &tag) == 0, "cleared and set again");
  ch = cl_character_new(w, ball_id, NULL);
  CHECK(ch != NULL && cl_character_item(ch) == ball_id
        && cl_character_floor_item(ch) == ground_id, "a character on the ground");
  CHECK(cl_world_remove(w, first) == 0, "the first item removed");
  CHECK(cl_world_item_at(w, 0) == CL_NOT_ITEM && cl_world_user_data(w, first) == NULL,
        "its slot free, its user data gone");
  /* one reuse: the slot's next generation; the old id names nothing */
  id = cl_world_add(w, &b, CL_AABB, NULL);
  CHECK(cl_item_slot(id) == 0 && cl_item_generation(id) == 1 && id != first,
        "slot 0 again, generation 1");
  CHECK(cl_world_item_at(w, 0) == id && cl_world_user_data(w, id) == NULL,
        "the new item's id; its user data NULL");
  refused(w, first, id, &b, "a stale id refused after one reuse of its slot");
  CHECK(cl_character_retarget(ch, first) == CL_NOT_ITEM && cl_character_item(ch) == ball_id,
        "a character not retargeted to a stale id");
  /* a stale id among a filter's exclusions leaves the new item in */
  cl_world_filter_init(&f);
  f.exclude = &first;
  f.nexclude = 1;
  CHECK(cl_world_query(w, &q, CL_AABB, &f, NULL, NULL) == 2, "the new item and the ground found");
  f.exclude = &id;
  CHECK(cl_world_query(w, &q, CL_AABB, &f, NULL, NULL) == 1, "the new item excluded by its id");
  /* 1000 and 65,535 reuses: still refused */
  id = reuse(w, id, &b, 999);
  CHECK(cl_item_slot(id) == 0 && cl_item_generation(id) == 1000, "generation 1000");
  refused(w, first, id, &b, "a stale id refused after 1000 reuses of its slot");
  id = reuse(w, id, &b, 65535 - 1000);
  CHECK(cl_item_slot(id) == 0 && cl_item_generation(id) == 65535, "generation 65535");
  refused(w, first, id, &b, "a stale id refused after 65,535 reuses of its slot");
  /* the 65,536th: the generation wraps (16 bits), the id comes back */
  id = reuse(w, id, &b, 1);
  CHECK(id == first && cl_world_is_item(w, first) && cl_world_shape(w, first, NULL) == &b,
        "the 65,536th reuse hands out the first id again, for the new item");
  /* the floor removed: the character stands on no item */
  CHECK(cl_world_remove(w, ground_id) == 0 && cl_character_floor_item(ch) == CL_NOT_FOUND
        && cl_character_floor_material(ch) == -1, "a removed floor is no floor item");
  CHECK(cl_world_remove(w, ball_id) == 0 && cl_character_item(ch) == ball_id, "its item removed");
  {
    double d[3];
    vec(d, 1, 0, 0);
    CHECK(cl_character_move(ch, d, NULL) == CL_NOT_ITEM, "a character of a stale id");
  }
  ball_id = cl_world_add(w, &ball, CL_SPHERE, NULL);
  CHECK(cl_character_retarget(ch, ball_id) == 0 && cl_character_item(ch) == ball_id,
        "retargeted to its item added again");
  cl_character_delete(ch);
  cl_world_delete(w);
}

/* a game's adds and removals after a snapshot: the ids handed out */
static void handles_play(cl_world *w, cl_item *ids, cl_aabb *shapes, cl_item *out) {
  out[0] = cl_world_remove(w, ids[1]) == 0 ? cl_world_add(w, &shapes[4], CL_AABB, NULL) : -100;
  out[1] = cl_world_add(w, &shapes[5], CL_AABB, NULL);
  out[2] = cl_world_remove(w, out[0]) == 0 ? cl_world_add(w, &shapes[6], CL_AABB, NULL) : -100;
  out[3] = cl_world_remove(w, ids[3]) == 0 ? cl_world_add(w, &shapes[7], CL_AABB, NULL) : -100;
  (void)cl_world_set_user_data(w, ids[0], &shapes[7]);
}

static void handles_snapshots(void) {
  cl_world *w = cl_world_new(0.1, NULL, NULL);
  cl_aabb shapes[8];
  cl_item ids[4], first[4], again[4];
  cl_snapshot *s = NULL;
  unsigned long long h0, h1;
  int i, tag = 0;
  for (i = 0; i < 8; i++) shapes[i] = box(2.0 * i, 0, 0, 2.0 * i + 1, 1, 1);
  for (i = 0; i < 4; i++) ids[i] = cl_world_add(w, &shapes[i], CL_AABB, NULL);
  /* slot 2's generation moved before the snapshot */
  ids[2] = reuse(w, ids[2], &shapes[2], 3);
  (void)cl_world_set_user_data(w, ids[0], &tag);
  CHECK(cl_item_generation(ids[2]) == 3, "slot 2 at generation 3");
  h0 = cl_world_hash(w, NULL, 0);
  CHECK(cl_world_snapshot(w, NULL, 0, &s) == 0, "a snapshot");
  handles_play(w, ids, shapes, first);
  h1 = cl_world_hash(w, NULL, 0);
  CHECK(cl_item_generation(first[0]) == 1 && cl_item_generation(first[2]) == 2,
        "the play's ids carry their slots' generations");
  CHECK(cl_world_restore(w, s) == 0 && cl_world_hash(w, NULL, 0) == h0, "restored");
  CHECK(cl_world_is_item(w, ids[1]) && cl_world_is_item(w, ids[3]) && !cl_world_is_item(w, first[1])
        && !cl_world_is_item(w, first[3]), "the removed items back with their ids, the added gone");
  CHECK(cl_world_user_data(w, ids[0]) == &tag, "the user data as it was");
  handles_play(w, ids, shapes, again);
  CHECK(memcmp(first, again, sizeof first) == 0, "the replay hands out the first play's ids");
  CHECK(cl_world_hash(w, NULL, 0) == h1, "and reaches its hash");
  CHECK(cl_world_user_data(w, ids[0]) == &shapes[7], "its user data");
  cl_snapshot_delete(s);
  cl_world_delete(w);
}

/* pushing: an item's mass (cl_world_set_mass, cl_world_mass) and a
** character's push: a crate of mass m moves by push / (push + m) of the
** blocked motion, the character follows it; a static crate and one with
** no mass do not move; a move stopped by keep leaves the crate where it
** was; a wall stops the crate and the character */
static cl_item stop_on;                  /* keep_stop_at: the item that stops a move, -1 none */
static int keep_stop_at(void *ud, cl_item item) {
  (void)ud;
  return item == stop_on ? -1 : 1;
}

static void pushing(void) {
  cl_world *w = cl_world_new(0.1, NULL, NULL);
  cl_aabb floor = box(-10, -1, -10, 10, 0, 10), body = box(0, 0, 0, 1, 2, 1);
  cl_aabb crate = box(1.5, 0, 0, 2.5, 1, 1), wall = box(2.75, 0, -5, 3, 3, 5);
  cl_character_options o;
  cl_character *ch;
  const cl_world_collision *c;
  double d[3], moved[3];
  cl_item floor_id, body_id, crate_id, wall_id;
  int n, k, found;
  floor_id = cl_world_add(w, &floor, floor.tag, NULL);
  CHECK(cl_world_set_options(w, floor_id, 1, CL_WORLD_ALL_BITS, 1) == 0, "a static floor");
  body_id = cl_world_add(w, &body, body.tag, NULL);
  crate_id = cl_world_add(w, &crate, crate.tag, NULL);
  EQ(cl_world_mass(w, crate_id), 0, "no mass by default");
  EQ(cl_world_set_mass(w, crate_id, -1), CL_BAD_OPTIONS, "a negative mass refused");
  EQ(cl_world_set_mass(w, crate_id, NAN), CL_BAD_OPTIONS, "a mass nan refused");
  EQ(cl_world_set_mass(w, crate_id, INFINITY), CL_BAD_OPTIONS, "an infinite mass refused");
  EQ(cl_world_set_mass(w, 99, 1), CL_NOT_ITEM, "the mass of no item");
  EQ(cl_world_mass(w, 99), 0, "no item weighs nothing");
  EQ(cl_world_set_mass(w, crate_id, 3), 0, "a mass of 3");
  EQ(cl_world_mass(w, crate_id), 3, "the mass read back");
  cl_character_options_init(&o);
  EQ(o.push, 0, "push 0 by default");
  o.push = -1;
  CHECK(cl_character_create(w, body_id, &o, &ch) == CL_BAD_OPTIONS && ch == NULL,
        "a negative push refused");
  o.push = NAN;
  CHECK(cl_character_create(w, body_id, &o, &ch) == CL_BAD_OPTIONS, "a push nan refused");
  o.push = 1;
  o.keep = keep_stop_at;
  stop_on = -1;
  ch = cl_character_new(w, body_id, &o);
  CHECK(ch != NULL, "a character that pushes");
  /* keep stops the move at the floor, after the push: the crate goes back */
  stop_on = floor_id;
  vec(d, 1, -0.1, 0);
  EQ(cl_character_move(ch, d, moved), CL_STOPPED, "keep stops the move");
  EQ(crate.min[0], 1.5, "the push undone with the move");
  EQ(body.min[0], 0, "the character where it was");
  stop_on = -1;
  /* blocked 0.5: the crate goes 1 / (1 + 3) of it */
  vec(d, 1, 0, 0);
  EQ(cl_character_move(ch, d, moved), 0, "a push");
  EQ(crate.min[0], 1.5 + 0.25 * 0.5, "the crate pushed by a quarter of the blocked motion");
  EQ3(moved, 0.5 + 0.25 * 0.5, 0, 0, "the character follows it");
  EQ(body.max[0], crate.min[0], "face to face");
  c = cl_character_collisions(ch, &n);
  found = 0;
  for (k = 0; k < n; k++)
    if (c[k].other == crate_id) {
      found++;
      CHECK(c[k].pushes == 1, "the collision says it pushed");
      EQ3(c[k].pushed, 0.125, 0, 0, "by what the crate moved");
    } else {
      CHECK(c[k].pushes == 0, "nothing else pushed");
    }
  EQ(found, 1, "one collision with the crate");
  /* a wall: the crate stops at it, the character at the crate */
  wall_id = cl_world_add(w, &wall, wall.tag, NULL);
  CHECK(cl_world_set_options(w, wall_id, 1, CL_WORLD_ALL_BITS, 1) == 0, "a static wall");
  CHECK(cl_world_set_mass(w, crate_id, 1) == 0, "a lighter crate");
  vec(d, 2, 0, 0);
  EQ(cl_character_move(ch, d, moved), 0, "a push into the wall");
  EQ(crate.max[0], 2.75, "the crate stopped by the wall");
  EQ(body.max[0], crate.min[0], "the character stopped by the crate");
  /* static: never pushed */
  CHECK(cl_world_set_options(w, crate_id, 1, CL_WORLD_ALL_BITS, 1) == 0, "the crate static");
  CHECK(cl_world_set_options(w, wall_id, 1, CL_WORLD_ALL_BITS, 0) == 0, "the wall not static");
  vec(d, 1, 0, 0);
  EQ(cl_character_move(ch, d, moved), 0, "a walk at a static crate");
  EQ3(moved, 0, 0, 0, "it does not give way");
  EQ(crate.max[0], 2.75, "nor moves");
  c = cl_character_collisions(ch, &n);
  for (k = 0; k < n; k++) CHECK(c[k].pushes == 0, "a static crate is not pushed");
  /* mass 0: none again */
  CHECK(cl_world_set_options(w, crate_id, 1, CL_WORLD_ALL_BITS, 0) == 0, "the crate not static");
  EQ(cl_world_set_mass(w, crate_id, 0), 0, "no mass again");
  EQ(cl_world_mass(w, crate_id), 0, "none");
  cl_world_delete(w);
  /* a character outliving its world is deleted all the same */
  cl_character_delete(ch);
}

/* a push when an allocation fails: the move answers CL_NOMEM, nothing
** moved (the character nor the crate), and the same move again pushes as
** a move that never failed */
static void pushing_nomem(void) {
  long k, failed = 1;
  for (k = 1; failed > 0 && k < 100; k++) {
    counting mem;
    cl_world *w;
    cl_aabb floor = box(-10, -1, -10, 10, 0, 10), body = box(0, 0, 0, 1, 2, 1);
    cl_aabb crate = box(1.5, 0, 0, 2.5, 1, 1);
    cl_character_options o;
    cl_character *ch;
    double d[3], moved[3];
    cl_item body_id, crate_id, floor_id;
    int r;
    memset(&mem, 0, sizeof mem);
    w = cl_world_new(0.1, counting_alloc, &mem);
    floor_id = cl_world_add(w, &floor, floor.tag, NULL);
    (void)cl_world_set_options(w, floor_id, 1, CL_WORLD_ALL_BITS, 1);
    body_id = cl_world_add(w, &body, body.tag, NULL);
    crate_id = cl_world_add(w, &crate, crate.tag, NULL);
    if (k == 1) {
      /* the first mass makes the records of the masses */
      mem.fail_at = mem.calls + 1;
      EQ(cl_world_set_mass(w, crate_id, 1), CL_NOMEM, "the first mass out of memory");
      EQ(cl_world_mass(w, crate_id), 0, "no mass then");
      EQ(mem.failed, 1, "one allocation failed");
      mem.failed = 0;
    }
    EQ(cl_world_set_mass(w, crate_id, 1), 0, "a mass");
    cl_character_options_init(&o);
    o.push = 1;
    ch = cl_character_new(w, body_id, &o);
    CHECK(ch != NULL, "a character that pushes");
    mem.fail_at = mem.calls + k;
    vec(d, 1, 0, 0);
    r = cl_character_move(ch, d, moved);
    failed = mem.failed;
    if (failed > 0) {
      CHECK(r == CL_NOMEM, "a push out of memory answers CL_NOMEM");
      EQ(crate.min[0], 1.5, "the crate where it was");
      EQ(body.min[0], 0, "the character where it was");
      r = cl_character_move(ch, d, moved);
    }
    EQ(r, 0, "the push");
    EQ(crate.min[0], 1.75, "the crate pushed");
    EQ(body.max[0], 1.75, "the character after it");
    cl_character_delete(ch);
    cl_world_delete(w);
    CHECK(mem.live == 0 && mem.blocks == 0, "nothing left allocated");
  }
  CHECK(failed == 0, "every allocation of a push failed once");
  printf("world_api_test: a push failing each of %ld allocations\n", k - 2);
}

int main(void) {
  walk();
  character_more();
  pushing();
  moves();
  queries();
  nearest();
  errors();
  nested();
  events_api();
  versions();
  memory_counted();
  materials();
  lines_api();
  move_bookkeeping();
  public_reads();
  triangle_sets();
  snapshots();
  handles();
  handles_snapshots();
  pushing_nomem();
  allocation_failures();
  printf("world_api_test: %d checks, %d failures\n", checks, failures);
  return failures != 0;
}
