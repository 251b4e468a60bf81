/*
** threads_test.c - one world read by four threads at once: raycasts,
** raycast_all, queries, frustum queries, the nearest item, sweeps,
** sweep_all, pairs and the reading of options and shapes, over boxes,
** spheres, capsules, hulls, a compound, a mesh, a heightfield, a plane,
** a sensor and an item with a change counter. Each answer is compared,
** to the last bit, with the one the same call gave alone before the
** threads started. Some calls are made from inside the callbacks of
** others (each thread's nesting takes working memory of its own), and a
** change from inside a callback is refused with CL_BUSY. Built with
** ThreadSanitizer by make test-threads (CI), which then also reports any
** data race; plain by make test-c.
*/
#define _POSIX_C_SOURCE 200809L
#include <collide/world.h>
#include <collide/compound.h>
#include <collide/hull.h>

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 4
#define NRAYS 96
#define NQUERIES 48
#define NSWEEPS 32
#define NNEAR 48
#define MAXPAIRS 4096

static int failures = 0;

#define CHECK(cond, what)                                                   \
  do {                                                                      \
    if (!(cond)) {                                                          \
      failures++;                                                           \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, what);             \
    }                                                                       \
  } while (0)

/* ---- a level of every kind ---- */

static unsigned rng_state = 12345u;
static double uni(double lo, double hi) {
  rng_state = rng_state * 1664525u + 1013904223u;
  return lo + (hi - lo) * (double)(rng_state >> 8) / 16777216.0;
}

#define NBOXES 300
#define NBALLS 60
#define NCAPS 40

static cl_shape boxes[NBOXES], balls[NBALLS], caps[NCAPS], hulls[2], plane, sensor, polled;
static cl_compound compound;
static cl_compound_data *compound_data;
static uint32_t polled_changes = 1;
static double mesh_v[4 * 3] = {30, 0, 0, 40, 0, 0, 40, 6, 0, 30, 6, 0};
static uint32_t mesh_t[6] = {0, 1, 2, 0, 2, 3};
static cl_mesh mesh;
static double hf_h[25], hf_blocks[64];
static cl_heightfield hf;
static void *hull_buf;

static void make_box(cl_shape *s, double x, double y, double z, double ex, double ey, double ez) {
  double lo[3], hi[3];
  memset(s, 0, sizeof *s);
  cl_set(lo, x - ex, y - ey, z - ez);
  cl_set(hi, x + ex, y + ey, z + ez);
  cl_aabb_init(&s->aabb, lo, hi);
}

static const cl_hull_data *make_cube_hull(void) {
  static const double p[8 * 3] = {-1, -1, -1, 1, -1, -1, -1, 1, -1, 1, 1, -1,
                                  -1, -1, 1,  1, -1, 1,  -1, 1, 1,  1, 1, 1};
  void *work = malloc(cl_hull_work_size(8));
  cl_hull_counts c;
  const cl_hull_data *d;
  if (work == NULL || cl_hull_build(p, 8, work, &c) != 0) {
    fprintf(stderr, "the hull is not built\n");
    exit(2);
  }
  hull_buf = malloc(cl_hull_data_size(&c));
  if (hull_buf == NULL) exit(2);
  d = cl_hull_store(work, p, hull_buf);
  free(work);
  return d;
}

static cl_world *make_world(void) {
  cl_world *w = cl_world_new(0.1, NULL, NULL);
  const cl_hull_data *hd = make_cube_hull();
  double c[3], a[3], b[3], q[4] = {0, 0.38268343236508978, 0, 0.92387953251128674};
  double n[3] = {0, 1, 0}, o[3] = {-20, -2, -20};
  cl_shape parts[2];
  int i;
  cl_item id;
  CHECK(w != NULL, "a world");
  for (i = 0; i < NBOXES; i++) {
    make_box(&boxes[i], uni(-25, 25), uni(0, 6), uni(-25, 25), uni(0.2, 1.2), uni(0.2, 1.2),
             uni(0.2, 1.2));
    CHECK((id = cl_world_add(w, &boxes[i], CL_AABB, NULL)) >= 0, "a box");
    if (i % 5 == 0) CHECK(cl_world_set_options(w, id, 4, CL_WORLD_ALL_BITS, 0) == 0, "layer 4");
  }
  for (i = 0; i < NBALLS; i++) {
    memset(&balls[i], 0, sizeof balls[i]);
    cl_set(c, uni(-25, 25), uni(0, 6), uni(-25, 25));
    cl_sphere_init(&balls[i].sphere, c, uni(0.2, 1));
    CHECK(cl_world_add(w, &balls[i], CL_SPHERE, NULL) >= 0, "a ball");
  }
  for (i = 0; i < NCAPS; i++) {
    memset(&caps[i], 0, sizeof caps[i]);
    cl_set(a, uni(-25, 25), uni(0, 3), uni(-25, 25));
    cl_set(b, a[0] + uni(-1, 1), a[1] + uni(0.5, 2), a[2] + uni(-1, 1));
    cl_capsule_init(&caps[i].cap, a, b, uni(0.2, 0.6));
    CHECK(cl_world_add(w, &caps[i], CL_CAPSULE, NULL) >= 0, "a capsule");
  }
  for (i = 0; i < 2; i++) {
    memset(&hulls[i], 0, sizeof hulls[i]);
    cl_set(c, 4.0 * i - 2, 2, 3);
    cl_hull_init(&hulls[i].hull, hd, c, q);
    CHECK(cl_world_add(w, &hulls[i], CL_HULL, NULL) >= 0, "a hull");
  }
  make_box(&parts[0], 0, 0, 0, 1, 0.5, 1);
  memset(&parts[1], 0, sizeof parts[1]);
  cl_set(c, 0, 1, 0);
  cl_sphere_init(&parts[1].sphere, c, 0.75);
  compound_data = cl_compound_new(parts, 2, NULL, NULL);
  CHECK(compound_data != NULL, "the compound's data");
  memset(&compound, 0, sizeof compound);
  cl_set(c, 5, 1, -5);
  cl_compound_init(&compound, compound_data, c, q);
  CHECK(cl_world_add(w, &compound, CL_COMPOUND, NULL) >= 0, "the compound");
  cl_mesh_init(&mesh);
  cl_mesh_use(&mesh, mesh_v, 4, mesh_t, 2);
  CHECK(cl_mesh_build(&mesh), "the mesh is built");
  CHECK((id = cl_world_add(w, &mesh, CL_WORLD_MESH, NULL)) >= 0, "the mesh");
  CHECK(cl_world_set_options(w, id, 1, CL_WORLD_ALL_BITS, 1) == 0, "the mesh static");
  for (i = 0; i < 25; i++) hf_h[i] = uni(-1.5, -0.5);
  CHECK(cl_heightfield_blocks(5, 5) <= 64, "room for the heightfield's blocks");
  cl_heightfield_use(&hf, hf_h, hf_blocks, 5, 5, 10, 10, o);
  cl_heightfield_refresh(&hf);
  CHECK((id = cl_world_add(w, &hf, CL_WORLD_HEIGHTFIELD, NULL)) >= 0, "the heightfield");
  CHECK(cl_world_set_options(w, id, 1, CL_WORLD_ALL_BITS, 1) == 0, "the heightfield static");
  memset(&plane, 0, sizeof plane);
  CHECK(cl_plane_init(&plane.plane, n, -3), "the plane");
  CHECK((id = cl_world_add(w, &plane, CL_PLANE, NULL)) >= 0, "the plane item");
  CHECK(cl_world_set_options(w, id, 2, CL_WORLD_ALL_BITS, 1) == 0, "the plane static");
  make_box(&sensor, 0, 2, 0, 6, 3, 6);
  CHECK((id = cl_world_add(w, &sensor, CL_AABB, NULL)) >= 0, "the sensor");
  CHECK(cl_world_set_role(w, id, CL_WORLD_SENSOR) == 0, "a sensor");
  make_box(&polled, -3, 1, -3, 1, 1, 1);
  CHECK(cl_world_add(w, &polled, CL_AABB, &polled_changes) >= 0, "an item with a change counter");
  return w;
}

/* ---- the calls and their answers alone ---- */

static cl_ray rays[NRAYS];
static cl_shape queries[NQUERIES], movers[NSWEEPS];
static double sweep_d[NSWEEPS][3];
static double near_p[NNEAR][3];
static cl_frustum frustum;

typedef struct {
  cl_world_hit hit[NRAYS];
  cl_item ray_item[NRAYS];
  double ray_all[NRAYS];    /* a sum over each ray's hits, in order */
  int ray_all_n[NRAYS];
  double query_sum[NQUERIES];
  int query_n[NQUERIES];
  int frustum_n;
  double frustum_sum;
  cl_world_hit sweep[NSWEEPS];
  cl_item sweep_item[NSWEEPS];
  int sweep_all_n[NSWEEPS];
  double sweep_all[NSWEEPS];
  long long npairs, npairs_masked, npairs_kept[2];
  double pairs_sum, pairs_masked_sum, pairs_kept_sum[2];
  double options_sum;
  cl_item near_item[NNEAR];
  double near_d[NNEAR], near_q[NNEAR][3];
} answers;

static answers alone;

static void make_calls(void) {
  double o[3], d[3], c[3];
  cl_plane p[6];
  static const double pn[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0},
                                  {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  int i;
  for (i = 0; i < NRAYS; i++) {
    cl_set(o, uni(-30, 30), uni(-1, 10), uni(-30, 30));
    cl_set(d, uni(-1, 1), uni(-1, 0.2), uni(-1, 1));
    if (!cl_ray_init(&rays[i], o, d, i % 3 == 0 ? 25 : INFINITY)) cl_ray_init(&rays[i], o, pn[3], INFINITY);
  }
  for (i = 0; i < NQUERIES; i++) {
    memset(&queries[i], 0, sizeof queries[i]);
    cl_set(c, uni(-25, 25), uni(-1, 6), uni(-25, 25));
    if (i % 2 == 0) make_box(&queries[i], c[0], c[1], c[2], uni(0.5, 3), uni(0.5, 3), uni(0.5, 3));
    else cl_sphere_init(&queries[i].sphere, c, uni(0.5, 3));
  }
  for (i = 0; i < NSWEEPS; i++) {
    memset(&movers[i], 0, sizeof movers[i]);
    cl_set(c, uni(-25, 25), uni(0, 6), uni(-25, 25));
    if (i % 2 == 0) cl_sphere_init(&movers[i].sphere, c, uni(0.2, 0.8));
    else make_box(&movers[i], c[0], c[1], c[2], 0.4, 0.6, 0.4);
    cl_set(sweep_d[i], uni(-10, 10), uni(-4, 2), uni(-10, 10));
  }
  for (i = 0; i < NNEAR; i++) cl_set(near_p[i], uni(-30, 30), uni(-2, 10), uni(-30, 30));
  /* the box -10..10 x -5..8 x -10..10, as six planes facing in */
  for (i = 0; i < 6; i++) {
    double lim = i < 2 ? 10 : i < 4 ? (i == 2 ? 5 : 8) : 10;
    cl_plane_init(&p[i], pn[i], -lim);
  }
  CHECK(cl_frustum_init(&frustum, p), "the frustum");
}

static double hit_sum(const cl_world_hit *h) {
  return (double)h->item * 1e-3 + (double)h->index * 1e-6 + h->hit.t + h->hit.p[0]
         + 2 * h->hit.p[1] + 3 * h->hit.p[2] + 5 * h->hit.n[0] + 7 * h->hit.n[1]
         + 11 * h->hit.n[2] + 13 * h->hit.u + 17 * h->hit.v;
}

static int hit_same(const cl_world_hit *a, const cl_world_hit *b) {
  int k;
  if (a->item != b->item || a->index != b->index || a->hit.t != b->hit.t
      || a->hit.u != b->hit.u || a->hit.v != b->hit.v)
    return 0;
  for (k = 0; k < 3; k++)
    if (a->hit.p[k] != b->hit.p[k] || a->hit.n[k] != b->hit.n[k]) return 0;
  return 1;
}

typedef struct { double sum; int n; } summed;

static int sum_hit(void *ud, const cl_world_hit *h) {
  summed *s = (summed *)ud;
  s->sum = s->sum * 1.0000001 + hit_sum(h);
  s->n++;
  return 1;
}

static int sum_item(void *ud, cl_item item) {
  summed *s = (summed *)ud;
  s->sum = s->sum * 1.0000001 + (double)item;
  s->n++;
  return 1;
}

static int sum_pair(void *ud, cl_item a, cl_item b) {
  summed *s = (summed *)ud;
  s->sum = s->sum * 1.0000001 + (double)a * 7919.0 + (double)b;
  s->n++;
  return 1;
}

/* a query's keep that raycasts the world and checks the answer, and that
** a change from inside a call is refused */
typedef struct {
  cl_world *w;
  int k, bad;
} nest;

static int nested_keep(void *ud, cl_item item) {
  nest *ns = (nest *)ud;
  cl_world_hit h;
  int r = ns->k++ % NRAYS;
  cl_item id = cl_world_raycast(ns->w, &rays[r], NULL, &h);
  if (id != alone.ray_item[r] || (id >= 0 && !hit_same(&h, &alone.hit[r]))) ns->bad++;
  if (cl_world_remove(ns->w, item) != CL_BUSY) ns->bad++;
  return 1;
}

/* the boxes alone, in a world with no change counter: its pairs are
** answered again from the last answer, which the threads take in turn */
static cl_world *boxes_world;

static void ask(cl_world *w, answers *a, int start) {
  cl_world_filter f;
  summed s;
  int i, j;
  for (j = 0; j < 4; j++) {
    cl_world_filter_init(&f);
    f.mask = (j + start) % 2 ? ~4u : CL_WORLD_ALL_BITS;
    s.sum = 0;
    s.n = 0;
    a->npairs_kept[(j + start) % 2] = cl_world_pairs(boxes_world, &f, sum_pair, &s);
    a->pairs_kept_sum[(j + start) % 2] = s.sum;
  }
  for (j = 0; j < NRAYS; j++) {
    i = (j + start) % NRAYS;
    a->ray_item[i] = cl_world_raycast(w, &rays[i], NULL, &a->hit[i]);
    s.sum = 0;
    s.n = 0;
    a->ray_all_n[i] = cl_world_raycast_all(w, &rays[i], NULL, sum_hit, &s);
    a->ray_all[i] = s.sum;
  }
  for (j = 0; j < NQUERIES; j++) {
    i = (j + start) % NQUERIES;
    s.sum = 0;
    s.n = 0;
    a->query_n[i] = cl_world_query(w, &queries[i], queries[i].tag, NULL, sum_item, &s);
    a->query_sum[i] = s.sum;
  }
  s.sum = 0;
  s.n = 0;
  a->frustum_n = cl_world_query_frustum(w, &frustum, NULL, sum_item, &s);
  a->frustum_sum = s.sum;
  for (j = 0; j < NSWEEPS; j++) {
    i = (j + start) % NSWEEPS;
    a->sweep_item[i] = cl_world_sweep(w, &movers[i], sweep_d[i], NULL, &a->sweep[i]);
    s.sum = 0;
    s.n = 0;
    a->sweep_all_n[i] = cl_world_sweep_all(w, &movers[i], sweep_d[i], NULL, sum_hit, &s);
    a->sweep_all[i] = s.sum;
  }
  for (j = 0; j < NNEAR; j++) {
    i = (j + start) % NNEAR;
    cl_world_filter_init(&f);
    f.sensors = i % 2;
    a->near_item[i] = cl_world_nearest(w, near_p[i], i % 3 == 0 ? 3 : INFINITY, &f, &a->near_d[i],
                                       a->near_q[i]);
  }
  s.sum = 0;
  s.n = 0;
  a->npairs = cl_world_pairs(w, NULL, sum_pair, &s);
  a->pairs_sum = s.sum;
  cl_world_filter_init(&f);
  f.mask = ~4u;
  s.sum = 0;
  s.n = 0;
  a->npairs_masked = cl_world_pairs(w, &f, sum_pair, &s);
  a->pairs_masked_sum = s.sum;
  a->options_sum = 0;
  for (i = 0; i < cl_world_count(w); i++) {
    uint32_t layer, mask;
    int st, kind;
    const void *shape = cl_world_shape(w, i, &kind);
    cl_world_options(w, i, &layer, &mask, &st);
    a->options_sum += layer + 3.0 * st + kind + (shape != NULL) + cl_world_role(w, i);
  }
}

static int same(const answers *a, const answers *b) {
  int i;
  for (i = 0; i < NRAYS; i++) {
    if (a->ray_item[i] != b->ray_item[i]) return 0;
    if (a->ray_item[i] >= 0 && !hit_same(&a->hit[i], &b->hit[i])) return 0;
    if (a->ray_all_n[i] != b->ray_all_n[i] || a->ray_all[i] != b->ray_all[i]) return 0;
  }
  for (i = 0; i < NQUERIES; i++)
    if (a->query_n[i] != b->query_n[i] || a->query_sum[i] != b->query_sum[i]) return 0;
  if (a->frustum_n != b->frustum_n || a->frustum_sum != b->frustum_sum) return 0;
  for (i = 0; i < NSWEEPS; i++) {
    if (a->sweep_item[i] != b->sweep_item[i]) return 0;
    if (a->sweep_item[i] >= 0 && !hit_same(&a->sweep[i], &b->sweep[i])) return 0;
    if (a->sweep_all_n[i] != b->sweep_all_n[i] || a->sweep_all[i] != b->sweep_all[i]) return 0;
  }
  for (i = 0; i < 2; i++)
    if (a->npairs_kept[i] != b->npairs_kept[i] || a->pairs_kept_sum[i] != b->pairs_kept_sum[i])
      return 0;
  for (i = 0; i < NNEAR; i++) {
    if (a->near_item[i] != b->near_item[i]) return 0;
    if (a->near_item[i] >= 0
        && (a->near_d[i] != b->near_d[i] || a->near_q[i][0] != b->near_q[i][0]
            || a->near_q[i][1] != b->near_q[i][1] || a->near_q[i][2] != b->near_q[i][2]))
      return 0;
  }
  return a->npairs == b->npairs && a->pairs_sum == b->pairs_sum
         && a->npairs_masked == b->npairs_masked && a->pairs_masked_sum == b->pairs_masked_sum
         && a->options_sum == b->options_sum;
}

/* ---- the threads ---- */

typedef struct {
  cl_world *w;
  int index, rounds, wrong, nest_bad;
  answers a;
} worker;

static void *work(void *ud) {
  worker *k = (worker *)ud;
  int r;
  for (r = 0; r < k->rounds; r++) {
    cl_world_filter f;
    nest ns;
    memset(&k->a, 0, sizeof k->a);
    ask(k->w, &k->a, k->index * 17 + r);
    if (!same(&k->a, &alone)) k->wrong++;
    /* a query whose keep raycasts: a level of this thread's nesting */
    cl_world_filter_init(&f);
    ns.w = k->w;
    ns.k = k->index + r;
    ns.bad = 0;
    f.keep = nested_keep;
    f.ud = &ns;
    if (cl_world_query(k->w, &queries[r % NQUERIES], queries[r % NQUERIES].tag, &f, NULL, NULL)
        != alone.query_n[r % NQUERIES])
      ns.bad++;
    k->nest_bad += ns.bad;
  }
  return NULL;
}

int main(void) {
  cl_world *w = make_world();
  pthread_t th[THREADS];
  worker wk[THREADS];
  answers again;
  cl_item id;
  int i, rounds = getenv("THREADS_ROUNDS") ? atoi(getenv("THREADS_ROUNDS")) : 50;
  boxes_world = cl_world_new(0.1, NULL, NULL);
  CHECK(boxes_world != NULL, "the boxes' world");
  for (i = 0; i < NBOXES; i++) {
    CHECK((id = cl_world_add(boxes_world, &boxes[i], CL_AABB, NULL)) >= 0, "a box again");
    if (i % 5 == 0) CHECK(cl_world_set_options(boxes_world, id, 4, CL_WORLD_ALL_BITS, 0) == 0, "4");
  }
  make_calls();
  ask(w, &alone, 0);
  CHECK(alone.npairs_kept[0] > alone.npairs_kept[1] && alone.npairs_kept[1] > 0,
        "the boxes' pairs, fewer with a mask");
  CHECK(alone.npairs > 50 && alone.npairs_masked > 0 && alone.npairs_masked < alone.npairs,
        "the level has pairs, fewer with a mask");
  CHECK(alone.frustum_n > 10, "the frustum holds items");
  for (i = 0; i < NRAYS && alone.ray_item[i] < 0; i++) {}
  CHECK(i < NRAYS, "rays hit");
  for (i = 0; i < NNEAR && alone.near_item[i] < 0; i++) {}
  CHECK(i < NNEAR, "points have a nearest item");
  memset(&again, 0, sizeof again);
  ask(w, &again, 5);
  CHECK(same(&again, &alone), "the answers alone, asked again in another order");
  for (i = 0; i < THREADS; i++) {
    wk[i].w = w;
    wk[i].index = i;
    wk[i].rounds = rounds;
    wk[i].wrong = wk[i].nest_bad = 0;
    CHECK(pthread_create(&th[i], NULL, work, &wk[i]) == 0, "a thread");
  }
  for (i = 0; i < THREADS; i++) {
    CHECK(pthread_join(th[i], NULL) == 0, "a thread ends");
    CHECK(wk[i].wrong == 0, "each thread's answers are the ones given alone");
    CHECK(wk[i].nest_bad == 0, "calls from callbacks answer as alone; changes refused");
  }
  /* the world changes again once they are done, and answers as before */
  CHECK(cl_world_update(w, 0, NULL, 0, NULL) == 0, "a change after the threads");
  memset(&again, 0, sizeof again);
  ask(w, &again, 3);
  CHECK(same(&again, &alone), "the answers after the threads");
  cl_world_delete(w);
  cl_world_delete(boxes_world);
  cl_compound_delete(compound_data, NULL, NULL);
  free(hull_buf);
  if (failures) {
    fprintf(stderr, "threads_test: %d failures\n", failures);
    return 1;
  }
  printf("threads_test: %d threads x %d rounds, every answer as alone\n", THREADS, rounds);
  return 0;
}
