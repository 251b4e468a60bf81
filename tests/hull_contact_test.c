/*
** hull_contact_test.c - the contact of hulls by EPA's normal (cl_hull_sat
** above CL_HULL_EPA_PAIRS edge pairs) against the search over every
** separating axis it replaced (cl_hull_sat_all), on seeded random pairs of
** hulls of 8 to 160 vertices and of hulls and boxes: the same verdict, the
** same depth within 1e-9, and the normal an axis along which the shapes'
** vertices overlap by that depth (measured here by projecting them). Prints
** the counts and both searches' time per call; exit status 0 when every
** check passes.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "collide/collide.h"
#include "collide/hull.h"

static unsigned long long rng_state = 0x2545F4914F6CDD1DULL;
static double rnd(void) {                 /* xorshift64*, uniform in [0, 1) */
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return (double)((rng_state * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}
static double uni(double lo, double hi) { return lo + (hi - lo) * rnd(); }

static void unit(double v[3]) {
  double l;
  do {
    v[0] = uni(-1, 1); v[1] = uni(-1, 1); v[2] = uni(-1, 1);
    l = cl_dot(v, v);
  } while (l < 1e-4 || l > 1);
  cl_scale(v, v, 1 / sqrt(l));
}
static void quat(double q[4]) {
  double u[3], a = uni(0, 3.14159);
  unit(u);
  q[0] = u[0] * sin(a); q[1] = u[1] * sin(a); q[2] = u[2] * sin(a); q[3] = cos(a);
}

static int failures = 0, checks = 0;
#define CHECK(cond, ...) do { checks++; if (!(cond)) { failures++; \
  if (failures <= 30) { fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
  fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); } } } while (0)

/* a hull of n points on a lumpy ellipsoid, stored in a new block */
static const cl_hull_data *make_hull(int n, int lumpy) {
  double *p = malloc(sizeof(double) * 3 * (size_t)n), s[3];
  void *work = malloc(cl_hull_work_size((size_t)n)), *buf;
  cl_hull_counts c;
  const cl_hull_data *d;
  int i, k;
  for (k = 0; k < 3; k++) s[k] = lumpy ? uni(0.5, 1.5) : 1;
  for (i = 0; i < n; i++) {
    double u[3], m = lumpy ? uni(0.8, 1) : 1;
    unit(u);
    for (k = 0; k < 3; k++) p[3 * i + k] = u[k] * s[k] * m;
  }
  if (cl_hull_build(p, (size_t)n, work, &c) != 0) { fprintf(stderr, "hull failed\n"); exit(2); }
  buf = malloc(cl_hull_data_size(&c));
  d = cl_hull_store(work, p, buf);
  free(work);
  free(p);
  return d;
}

/* the overlap of the hull h and the shape s (a hull or a box) along the
** unit n, from their vertices: how far s must move along n to clear h */
static double overlap(const cl_hull *h, const cl_shape *s, const double n[3]) {
  double hi = -INFINITY, lo = INFINITY, p[3];
  int i;
  for (i = 0; i < h->h->nv; i++) { cl_hull_vertex(h, i, p); hi = fmax(hi, cl_dot(n, p)); }
  if (s->tag == CL_HULL) {
    for (i = 0; i < s->hull.h->nv; i++) { cl_hull_vertex(&s->hull, i, p); lo = fmin(lo, cl_dot(n, p)); }
  } else {
    for (i = 0; i < 8; i++) {
      if (s->tag == CL_OBB) cl_obb_corner(&s->obb, i, p); else cl_aabb_corner(&s->aabb, i, p);
      lo = fmin(lo, cl_dot(n, p));
    }
  }
  return hi - lo;
}

static double now(void) { return (double)clock() / CLOCKS_PER_SEC; }

static int compare(const cl_hull *h, const cl_shape *s, double *t_epa, double *t_all) {
  double n1[3], n2[3], d1 = 0, d2 = 0, t0 = now();
  int r1 = cl_hull_sat(h, s, n1, &d1), r2;
  double t1 = now();
  r2 = cl_hull_sat_all(h, s, n2, &d2);
  *t_epa += t1 - t0;
  *t_all += now() - t1;
  CHECK(r1 == r2, "verdicts %d and %d", r1, r2);
  if (!(r1 && r2)) return 0;
  CHECK(fabs(d1 - d2) <= 1e-9, "depth %.17g, every axis %.17g (%d and %d vertices)", d1, d2,
        h->h->nv, s->tag == CL_HULL ? s->hull.h->nv : 8);
  CHECK(fabs(cl_dot(n1, n1) - 1) <= 1e-12, "normal not unit");
  CHECK(fabs(overlap(h, s, n1) - d1) <= 1e-9 || d1 == 0,
        "overlap along the normal %.17g, depth %.17g", overlap(h, s, n1), d1);
  return 1;
}

int main(void) {
  static const int sizes[] = {8, 12, 24, 48, 96, 160};
  const cl_hull_data *lib[6][4];
  double t_epa[6] = {0}, t_all[6] = {0}, tb_epa = 0, tb_all = 0;
  int hits[6] = {0}, runs[6] = {0}, box_hits = 0, i, k, j;
  for (i = 0; i < 6; i++)
    for (k = 0; k < 4; k++) lib[i][k] = make_hull(sizes[i], k != 0);
  /* hull against hull, the sizes of both drawn at random */
  for (j = 0; j < 6000; j++) {
    int sa = (int)(rnd() * 6), sb = (int)(rnd() * 6), big = sa > sb ? sa : sb;
    double c[3] = {0, 0, 0}, q[4], u[3], dist = uni(0, 1.9);
    cl_shape a, b;
    quat(q);
    cl_hull_init(&a.hull, lib[sa][(int)(rnd() * 4)], c, q);
    unit(u);
    cl_scale(c, u, dist);
    quat(q);
    cl_hull_init(&b.hull, lib[sb][(int)(rnd() * 4)], c, q);
    runs[big]++;
    hits[big] += compare(&a.hull, &b, &t_epa[big], &t_all[big]);
  }
  /* hull against obb and aabb */
  for (j = 0; j < 3000; j++) {
    int sa = (int)(rnd() * 6);
    double c[3] = {0, 0, 0}, q[4], e[3], lo[3], hi[3];
    cl_shape a, b;
    quat(q);
    cl_hull_init(&a.hull, lib[sa][(int)(rnd() * 4)], c, q);
    for (k = 0; k < 3; k++) { c[k] = uni(-1.6, 1.6); e[k] = uni(0.05, 1); }
    if (j & 1) {
      quat(q);
      cl_obb_init(&b.obb, c, e, q);
    } else {
      for (k = 0; k < 3; k++) { lo[k] = c[k] - e[k]; hi[k] = c[k] + e[k]; }
      cl_aabb_init(&b.aabb, lo, hi);
    }
    box_hits += compare(&a.hull, &b, &tb_epa, &tb_all);
  }
  printf("hull_contact_test: hull pairs by the larger hull's vertices\n");
  printf("  %8s %6s %10s %14s %14s\n", "vertices", "pairs", "overlap", "EPA us/call", "all us/call");
  for (i = 0; i < 6; i++)
    printf("  %8d %6d %10d %14.2f %14.2f\n", sizes[i], runs[i], hits[i],
           runs[i] ? t_epa[i] / runs[i] * 1e6 : 0, runs[i] ? t_all[i] / runs[i] * 1e6 : 0);
  printf("  hull-box pairs: 3000, %d overlap, %.2f and %.2f us/call\n", box_hits, tb_epa / 3000 * 1e6,
         tb_all / 3000 * 1e6);
  printf("hull_contact_test: %d checks, %d failures\n", checks, failures);
  return failures != 0;
}
