/*
** motion_test.c - seeded random checks of the capsule tests, the GJK
** distance, the shape casts and the mesh sweep against independent
** references written here:
**  - distance: closest-point certification (both points on their shapes,
**    within the tolerance, and the slab normal to pb - pa separating the
**    shapes' vertices, centres and radii: then no two points are closer);
**  - capsule tests: the distance from the core segment by ternary search
**    of the convex function s -> distance(a + s (b - a), shape);
**  - ray cast at a capsule: the first t where the ray's point is within r
**    of the segment (closest point by projection), by bisection;
**  - sweep: the first t where cl_intersects holds (sampling, then
**    bisection: the set of such t is an interval);
**  - mesh sweep: the minimum of cl_sweep over the triangles one by one;
**  - the memo of segment distances (segment.h): every answer through it,
**    repeated or not, the same bits as the search without it;
**  - box-triangle and box-obb: every answer the same as all thirteen or
**    fifteen separating axes tested one by one, with the library's
**    arithmetic, written out here.
** Exit status 0 when every check passes; prints the counts.
*/
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "collide/collide.h"
#include "collide/mesh.h"
#include "sat.h"
#include "segment.h"
#include "tricull.h"

static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;
static double rnd(void) {                 /* xorshift64*, uniform in [0, 1) */
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return (double)((rng_state * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}
static double uni(double lo, double hi) { return lo + (hi - lo) * rnd(); }
static void rvec(double v[3], double s) { v[0] = uni(-s, s); v[1] = uni(-s, s); v[2] = uni(-s, s); }

static int failures = 0, checks = 0;
#define CHECK(cond, ...) do { checks++; if (!(cond)) { failures++; \
  if (failures <= 30) { fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
  fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); } } } while (0)

static const char *kind_name(int k) {
  static const char *n[] = {"aabb", "obb", "plane", "triangle", "ray", "sphere", "capsule"};
  return k >= 0 && k < CL_NKINDS ? n[k] : "?";
}

/* a random shape of the kind around the origin, of size about 1 */
static void random_shape(int kind, cl_shape *s, double spread) {
  double a[3], b[3], c[3], q[4];
  int k;
  rvec(c, spread);
  switch (kind) {
    case CL_AABB:
      for (k = 0; k < 3; k++) {
        double e = rnd() < 0.1 ? 0 : uni(0.05, 1.5);
        a[k] = c[k] - e; b[k] = c[k] + e;
      }
      cl_aabb_init(&s->aabb, a, b);
      break;
    case CL_OBB:
      for (k = 0; k < 3; k++) a[k] = rnd() < 0.1 ? 0 : uni(0.05, 1.5);
      for (k = 0; k < 4; k++) q[k] = uni(-1, 1);
      if (!cl_quat_normalize(q)) { q[0] = q[1] = q[2] = 0; q[3] = 1; }
      cl_obb_init(&s->obb, c, a, q);
      break;
    case CL_PLANE:
      rvec(a, 1);
      if (cl_length(a) < 0.1) cl_set(a, 0, 1, 0);
      cl_plane_init(&s->plane, a, uni(-spread, spread));
      break;
    case CL_TRIANGLE: {
      double x = rnd();
      rvec(a, 1.5); rvec(b, 1.5);
      cl_add(a, a, c); cl_add(b, b, c);
      if (x < 0.08) cl_madd(c, a, b, 0), cl_sub(b, b, a), cl_madd(c, a, b, uni(-1, 2));  /* collinear */
      else if (x < 0.12) { cl_copy(b, a); cl_copy(c, a); }                                 /* a point */
      else { rvec(q, 1.5); cl_add(c, c, q); }
      cl_triangle_init(&s->tri, a, b, c);
      break;
    }
    case CL_SPHERE:
      cl_sphere_init(&s->sphere, c, rnd() < 0.1 ? 0 : uni(0.05, 1.5));
      break;
    default:
      rvec(a, 1.5); cl_add(a, a, c);
      if (rnd() < 0.1) cl_copy(b, a); else { rvec(b, 1.5); cl_add(b, b, c); }
      cl_capsule_init(&s->cap, a, b, rnd() < 0.1 ? 0 : uni(0.05, 1.2));
      break;
  }
}

/* ---- independent references ---- */

/* the point of the segment a-b nearest p, by projection */
static double seg_dist(const double a[3], const double b[3], const double p[3]) {
  double e[3], w[3], t, q[3], ee;
  cl_sub(e, b, a);
  cl_sub(w, p, a);
  ee = cl_dot(e, e);
  t = ee > 0 ? cl_dot(w, e) / ee : 0;
  if (t < 0) t = 0;
  if (t > 1) t = 1;
  cl_madd(q, a, e, t);
  cl_sub(w, p, q);
  return sqrt(cl_dot(w, w));
}

/* distance of p from a triangle: inside the prism over it, the height;
** else the nearest edge */
static double tri_dist(const cl_triangle *t, const double p[3]) {
  double best = fmin(seg_dist(t->v[0], t->v[1], p),
                     fmin(seg_dist(t->v[1], t->v[2], p), seg_dist(t->v[2], t->v[0], p)));
  double e1[3], e2[3], n[3], w[3];
  int i, in = 1;
  cl_sub(e1, t->v[1], t->v[0]);
  cl_sub(e2, t->v[2], t->v[0]);
  cl_cross(n, e1, e2);
  if (cl_normalize(n) < 1e-12) return best;
  for (i = 0; i < 3; i++) {
    double e[3], r[3], x[3];
    cl_sub(e, t->v[(i + 1) % 3], t->v[i]);
    cl_sub(r, p, t->v[i]);
    cl_cross(x, e, r);
    if (cl_dot(x, n) < 0) in = 0;
  }
  cl_sub(w, p, t->v[0]);
  if (in) best = fmin(best, fabs(cl_dot(w, n)));
  return best;
}

/* distance of p from a shape (0 inside) */
static double ref_point_dist(const cl_shape *s, const double p[3]) {
  double x = 0, w[3];
  int k;
  switch (s->tag) {
    case CL_AABB:
      for (k = 0; k < 3; k++) {
        double g = fmax(s->aabb.min[k] - p[k], p[k] - s->aabb.max[k]);
        if (g > 0) x += g * g;
      }
      return sqrt(x);
    case CL_OBB:
      cl_sub(w, p, s->obb.c);
      for (k = 0; k < 3; k++) {
        double g = fabs(cl_dot(w, s->obb.u[k])) - s->obb.e[k];
        if (g > 0) x += g * g;
      }
      return sqrt(x);
    case CL_TRIANGLE: return tri_dist(&s->tri, p);
    case CL_SPHERE:
      cl_sub(w, p, s->sphere.c);
      return fmax(0, sqrt(cl_dot(w, w)) - s->sphere.r);
    case CL_CAPSULE: return fmax(0, seg_dist(s->cap.a, s->cap.b, p) - s->cap.r);
    case CL_PLANE: return fabs(cl_dot(s->plane.n, p) - s->plane.d);
    default: return 0;
  }
}

/* max of dot(v, x) over the shape */
static double ref_support(const cl_shape *s, const double v[3]) {
  double m = -INFINITY, p[3];
  int i;
  switch (s->tag) {
    case CL_AABB: for (i = 0; i < 8; i++) { cl_aabb_corner(&s->aabb, i, p); m = fmax(m, cl_dot(p, v)); } return m;
    case CL_OBB: for (i = 0; i < 8; i++) { cl_obb_corner(&s->obb, i, p); m = fmax(m, cl_dot(p, v)); } return m;
    case CL_TRIANGLE: for (i = 0; i < 3; i++) m = fmax(m, cl_dot(s->tri.v[i], v)); return m;
    case CL_SPHERE: return cl_dot(s->sphere.c, v) + s->sphere.r * cl_length(v);
    case CL_CAPSULE: return fmax(cl_dot(s->cap.a, v), cl_dot(s->cap.b, v)) + s->cap.r * cl_length(v);
    default: return 0;
  }
}

static double shape_size(const cl_shape *s) {
  cl_aabb b;
  if (!cl_bounds(s, &b)) return 1;
  return fmax(cl_maxabs3(b.min), cl_maxabs3(b.max)) + 1;
}

/* ---- distance ---- */
static void test_distance(int n) {
  static const int kinds[] = {CL_AABB, CL_OBB, CL_TRIANGLE, CL_SPHERE, CL_CAPSULE};
  int i;
  for (i = 0; i < n; i++) {
    cl_shape a, b;
    double pa[3], pb[3], d, tol, u[3], gap;
    int ka = kinds[i % 5], kb = kinds[(i / 5) % 5], inter;
    random_shape(ka, &a, 2.5);
    random_shape(kb, &b, 2.5);
    if (i % 7 == 3) {                   /* far from the origin */
      double off[3];
      rvec(off, 1e5);
      cl_translate(&a, off);
      cl_translate(&b, off);
    }
    if (i % 11 == 5) {                  /* touching: b moved onto a */
      double qa[3], qb[3], g[3];
      cl_shape_distance(&a, &b, qa, qb);
      cl_sub(g, qa, qb);
      cl_translate(&b, g);
    }
    d = cl_shape_distance(&a, &b, pa, pb);
    tol = 1e-9 * (shape_size(&a) + shape_size(&b));
    CHECK(d >= 0 && isfinite(d) && !isnan(pa[0] + pa[1] + pa[2] + pb[0] + pb[1] + pb[2]),
          "distance %s %s NaN or negative %g", kind_name(ka), kind_name(kb), d);
    CHECK(ref_point_dist(&a, pa) <= tol, "distance %s %s: pa off a by %g (case %d)",
          kind_name(ka), kind_name(kb), ref_point_dist(&a, pa), i);
    CHECK(ref_point_dist(&b, pb) <= tol, "distance %s %s: pb off b by %g (case %d)",
          kind_name(ka), kind_name(kb), ref_point_dist(&b, pb), i);
    cl_sub(u, pb, pa);
    CHECK(fabs(cl_length(u) - d) <= tol, "distance %s %s: |pa - pb| %g != d %g",
          kind_name(ka), kind_name(kb), cl_length(u), d);
    inter = cl_intersects(&a, &b);
    if (d > tol) {
      /* the slab between pa and pb separates: a below dot(u, pa), b above dot(u, pb) */
      cl_normalize(u);
      {
        double v[3];
        cl_scale(v, u, -1);
        gap = -ref_support(&b, v) - ref_support(&a, u);
      }
      CHECK(gap >= d - tol, "distance %s %s: not certified, d %.17g, separation %.17g (case %d)",
            kind_name(ka), kind_name(kb), d, gap, i);
      CHECK(!inter, "distance %s %s: %g apart but intersects", kind_name(ka), kind_name(kb), d);
    } else if (d == 0) {
      CHECK(pa[0] == pb[0] && pa[1] == pb[1] && pa[2] == pb[2], "distance 0 with two points");
      /* shapes placed touching may be apart by rounding for intersects */
      if (i % 11 != 5)
        CHECK(inter, "distance %s %s 0 but no intersection (case %d)", kind_name(ka), kind_name(kb), i);
    }
    /* symmetric */
    {
      double qa[3], qb[3], d2 = cl_shape_distance(&b, &a, qa, qb);
      CHECK(fabs(d2 - d) <= tol, "distance %s %s not symmetric: %g %g", kind_name(ka), kind_name(kb), d, d2);
    }
  }
}

/* ---- capsule tests against the core segment's distance ---- */

/* min over s in [0, 1] of the distance from a + s (b - a) to shape x:
** convex in s, ternary search */
static double core_dist(const cl_capsule *c, const cl_shape *x) {
  double lo = 0, hi = 1, e[3], p[3];
  int i;
  cl_sub(e, c->b, c->a);
  for (i = 0; i < 200; i++) {
    double m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3, f1, f2;
    cl_madd(p, c->a, e, m1); f1 = ref_point_dist(x, p);
    cl_madd(p, c->a, e, m2); f2 = ref_point_dist(x, p);
    if (f1 < f2) hi = m2; else lo = m1;
  }
  cl_madd(p, c->a, e, lo);
  return ref_point_dist(x, p);
}

static void test_capsule(int n) {
  static const int kinds[] = {CL_AABB, CL_OBB, CL_TRIANGLE, CL_SPHERE, CL_CAPSULE, CL_PLANE};
  int i;
  for (i = 0; i < n; i++) {
    cl_shape c, x;
    double ref, margin;
    int kx = kinds[i % 6], got, got2;
    random_shape(CL_CAPSULE, &c, 2.5);
    random_shape(kx, &x, 2.5);
    margin = 1e-7 * (shape_size(&c) + shape_size(&x));
    if (kx == CL_PLANE) {
      double sa = cl_dot(x.plane.n, c.cap.a) - x.plane.d, sb = cl_dot(x.plane.n, c.cap.b) - x.plane.d;
      int cls = cl_classify(&x.plane, &c);
      int want = fmin(sa, sb) > c.cap.r ? 1 : (fmax(sa, sb) < -c.cap.r ? -1 : 0);
      ref = (sa > 0) != (sb > 0) ? 0 : fmin(fabs(sa), fabs(sb));
      if (fabs(ref - c.cap.r) > margin) CHECK(cls == want, "classify capsule %d want %d", cls, want);
    } else ref = core_dist(&c.cap, &x);
    got = cl_intersects(&c, &x);
    got2 = cl_intersects(&x, &c);
    CHECK(got == got2, "intersects capsule %s not symmetric", kind_name(kx));
    if (fabs(ref - c.cap.r) > margin)
      CHECK(got == (ref <= c.cap.r), "intersects capsule %s: got %d, core distance %.17g r %.17g (case %d)",
            kind_name(kx), got, ref, c.cap.r, i);
    /* contact: exists with the pair, unit n, and moving x out along n by
    ** depth (+ margin) separates; by less it still overlaps */
    if (kx != CL_PLANE || 1) {
      double nn[3], depth;
      int ok = cl_contact(&c, &x, nn, &depth);
      if (fabs(ref - c.cap.r) > margin) CHECK(ok == got, "contact capsule %s: %d vs intersects %d", kind_name(kx), ok, got);
      if (ok) {
        cl_shape m = x;
        double v[3];
        CHECK(fabs(cl_length(nn) - 1) < 1e-9 && depth >= 0 && isfinite(depth), "contact capsule %s normal/depth", kind_name(kx));
        cl_scale(v, nn, depth + 1e-6);
        cl_translate(&m, v);
        if (kx != CL_PLANE) CHECK(!cl_intersects(&c, &m), "contact capsule %s does not separate (depth %g, case %d)", kind_name(kx), depth, i);
        if (depth > 1e-5 && kx != CL_PLANE) {
          m = x;
          cl_scale(v, nn, depth - 1e-6);
          cl_translate(&m, v);
          CHECK(cl_intersects(&c, &m), "contact capsule %s depth too large %g (case %d)", kind_name(kx), depth, i);
        }
      }
    }
    /* point queries */
    {
      double p[3], q[3], dd, want;
      rvec(p, 4);
      want = fmax(0, seg_dist(c.cap.a, c.cap.b, p) - c.cap.r);
      dd = cl_distance(&c, p);
      CHECK(fabs(dd - want) <= 1e-12 * 10, "capsule distance %g want %g", dd, want);
      CHECK(cl_contains(&c, p) == (dd == 0), "capsule contains");
      cl_closest_point(&c, p, q);
      CHECK(ref_point_dist(&c, q) <= 1e-12 * 10, "capsule closest point off");
      {
        double w[3];
        cl_sub(w, p, q);
        CHECK(fabs(cl_length(w) - want) <= 1e-12 * 10, "capsule closest point not closest");
      }
    }
    /* ray cast */
    {
      cl_shape r;
      cl_hit h;
      double o[3], dir[3], lo, hi, tref = -1, e[3], p[3];
      int k, hit;
      rvec(o, 5);
      rvec(dir, 1);
      if (cl_normalize(dir) < 1e-3) cl_set(dir, 1, 0, 0);
      cl_ray_init(&r.ray, o, dir, 12);
      hit = cl_cast(&r.ray, &c, 0, &h);
      /* reference: samples, then bisection on dist(point, segment) <= r */
      for (k = 0; k <= 4000; k++) {
        double t = 12.0 * k / 4000;
        cl_madd(p, o, dir, t);
        if (seg_dist(c.cap.a, c.cap.b, p) <= c.cap.r) { tref = t; break; }
      }
      if (tref > 0) {
        lo = 12.0 * (k - 1) / 4000; hi = tref;
        for (k = 0; k < 100; k++) {
          double m = (lo + hi) / 2;
          cl_madd(p, o, dir, m);
          if (seg_dist(c.cap.a, c.cap.b, p) <= c.cap.r) hi = m; else lo = m;
        }
        tref = hi;
      }
      if (tref >= 0) {
        CHECK(hit && fabs(h.t - tref) <= 1e-7, "cast capsule: hit %d t %.17g want %.17g", hit, hit ? h.t : -1, tref);
        if (hit && h.t > 0) {
          cl_sub(e, h.p, c.cap.a);
          CHECK(fabs(seg_dist(c.cap.a, c.cap.b, h.p) - c.cap.r) <= 1e-7, "cast capsule: point off surface");
          CHECK(fabs(cl_length(h.n) - 1) <= 1e-9 && cl_dot(h.n, dir) <= 1e-9, "cast capsule: normal");
        }
      } else if (hit) {
        /* a graze the samples missed: the hit point must be on the surface */
        CHECK(fabs(seg_dist(c.cap.a, c.cap.b, h.p) - c.cap.r) <= 1e-6, "cast capsule: hit but far");
      }
    }
  }
}

/* ---- sweeps ---- */
static void moved(const cl_shape *s, const double d[3], double t, cl_shape *out) {
  double x[3];
  *out = *s;
  cl_scale(x, d, t);
  cl_translate(out, x);
}

static void test_sweep(int n) {
  static const int movers[] = {CL_SPHERE, CL_CAPSULE, CL_AABB, CL_OBB};
  static const int targets[] = {CL_AABB, CL_OBB, CL_PLANE, CL_TRIANGLE, CL_SPHERE, CL_CAPSULE};
  int i, hits = 0;
  for (i = 0; i < n; i++) {
    cl_shape m, x, mt;
    cl_hit h;
    double d[3], tref = -1, scale, lo, hi;
    int km = movers[i % 4], kx = targets[(i / 4) % 6], hit, k, first = -1;
    const int N = 400;
    random_shape(km, &m, 4);
    random_shape(kx, &x, 2);
    rvec(d, 8);
    if (i % 5 == 2) {                   /* far from the origin */
      double off[3];
      rvec(off, 1e4);
      cl_translate(&m, off);
      cl_translate(&x, off);
    }
    if (rnd() < 0.05) cl_set(d, 0, 0, 0);
    scale = shape_size(&m) + shape_size(&x) + cl_maxabs3(d);
    hit = cl_sweep(&m, d, &x, &h);
    if (hit) {
      hits++;
      CHECK(h.t >= 0 && h.t <= 1 && fabs(cl_length(h.n) - 1) <= 1e-9, "sweep %s %s: t %g |n| %g",
            kind_name(km), kind_name(kx), h.t, cl_length(h.n));
      if (h.t > 0) {
        CHECK(cl_dot(h.n, d) <= 1e-9 * cl_length(d), "sweep %s %s: dot(n, d) %g > 0", kind_name(km), kind_name(kx), cl_dot(h.n, d));
        moved(&m, d, h.t, &mt);
        CHECK(ref_point_dist(&mt, h.p) <= 1e-7 * scale && ref_point_dist(&x, h.p) <= 1e-7 * scale,
              "sweep %s %s: p off the surfaces (%g, %g) (case %d)", kind_name(km), kind_name(kx),
              ref_point_dist(&mt, h.p), ref_point_dist(&x, h.p), i);
        /* the normal: the target lies behind the plane through p normal to
        ** n, the mover in front, within the tolerance */
        if (kx != CL_PLANE) {
          double v[3], ext;
          cl_scale(v, h.n, 1);
          ext = ref_support(&x, v) - cl_dot(h.n, h.p);
          CHECK(ext <= 1e-6 * scale, "sweep %s %s: target in front of the contact plane by %g (case %d)",
                kind_name(km), kind_name(kx), ext, i);
          cl_scale(v, h.n, -1);
          ext = ref_support(&mt, v) + cl_dot(h.n, h.p);
          CHECK(ext <= 1e-6 * scale, "sweep %s %s: mover behind the contact plane by %g (case %d)",
                kind_name(km), kind_name(kx), ext, i);
        }
      }
    }
    /* reference: the first sample that intersects, then bisection */
    for (k = 0; k <= N; k++) {
      moved(&m, d, (double)k / N, &mt);
      if (cl_intersects(&mt, &x)) { first = k; break; }
    }
    if (first == 0) {
      /* overlapping at the start: a hit at 0 unless only touching and moving away */
      double nn[3], depth;
      if (cl_contact(&x, &m, nn, &depth) && depth > 1e-7 * scale)
        CHECK(hit && h.t == 0, "sweep %s %s: overlap at the start but %d t %g (case %d)",
              kind_name(km), kind_name(kx), hit, hit ? h.t : -1, i);
      continue;
    }
    if (first > 0) {
      lo = (double)(first - 1) / N; hi = (double)first / N;
      for (k = 0; k < 80; k++) {
        double mm = (lo + hi) / 2;
        moved(&m, d, mm, &mt);
        if (cl_intersects(&mt, &x)) hi = mm; else lo = mm;
      }
      tref = hi;
      CHECK(hit && fabs(h.t - tref) * cl_length(d) <= 1e-6 * scale,
            "sweep %s %s: hit %d t %.17g want %.17g (case %d)", kind_name(km), kind_name(kx),
            hit, hit ? h.t : -1, tref, i);
    } else if (hit && h.t > 0) {
      /* a graze between samples: at t the two must be within tolerance */
      double pa[3], pb[3], dd;
      moved(&m, d, h.t, &mt);
      dd = kx == CL_PLANE ? 0 : cl_shape_distance(&mt, &x, pa, pb);
      CHECK(dd <= 1e-7 * scale, "sweep %s %s: hit at %g but %g apart (case %d)", kind_name(km),
            kind_name(kx), h.t, dd, i);
    }
  }
  printf("sweep: %d cases, %d hits\n", n, hits);
}

/* ---- mesh sweep against the triangles one by one ---- */
static void test_mesh_sweep(int n) {
  cl_mesh mesh;
  const int G = 12;
  size_t nv = (size_t)(G + 1) * (G + 1), nt = (size_t)G * G * 2, k;
  int i, j, c;
  cl_mesh_init(&mesh);
  if (!cl_mesh_reserve(&mesh, nv, nt)) { CHECK(0, "mesh alloc"); return; }
  for (i = 0; i <= G; i++)
    for (j = 0; j <= G; j++) {
      double *v = mesh.v + 3 * (size_t)(i * (G + 1) + j);
      v[0] = i - G / 2.0; v[2] = j - G / 2.0;
      v[1] = 0.6 * sin(0.9 * i) * cos(0.7 * j) + ((i + j) % 5 == 0 ? 0 : 0.2 * rnd());
    }
  for (i = 0, k = 0; i < G; i++)
    for (j = 0; j < G; j++) {
      uint32_t a = (uint32_t)(i * (G + 1) + j), b = a + 1, cc = a + (uint32_t)(G + 1), dd = cc + 1;
      uint32_t *t = mesh.tri + 3 * k;
      t[0] = a; t[1] = cc; t[2] = b; t += 3;
      t[0] = b; t[1] = cc; t[2] = dd;
      k += 2;
    }
  if (!cl_mesh_build(&mesh)) { CHECK(0, "mesh build"); cl_mesh_free(&mesh); return; }
  for (c = 0; c < n; c++) {
    static const int movers[] = {CL_SPHERE, CL_CAPSULE, CL_AABB, CL_OBB};
    cl_shape m;
    cl_hit h, best = {0, {0, 0, 0}, {0, 0, 0}, 0, 0}, th;
    size_t idx = 0, bi = 0;
    double d[3], up[3];
    int got, found = 0;
    random_shape(movers[c % 4], &m, 5);
    cl_set(up, 0, uni(0, 3), 0);
    cl_translate(&m, up);
    rvec(d, 6);
    d[1] -= 3;
    got = cl_mesh_sweep(&mesh, &m, d, &h, &idx);
    for (k = 0; k < mesh.nt; k++) {
      cl_shape tri;
      cl_mesh_triangle(&mesh, k, &tri.tri);
      if (cl_sweep(&m, d, &tri, &th) && (!found || th.t < best.t)) { best = th; bi = k; found = 1; }
    }
    CHECK(got == found, "mesh sweep found %d, brute force %d (case %d)", got, found, c);
    if (got && found) {
      CHECK(h.t == best.t && idx == bi, "mesh sweep t %.17g index %zu, brute force %.17g %zu", h.t, idx, best.t, bi);
    }
  }
  cl_mesh_free(&mesh);
}

/* ---- fixed cases with exact answers ---- */
static void test_fixed(void) {
  cl_shape a, b, s;
  cl_hit h;
  double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1}, pa[3], pb[3], d[3], c0[3], c1[3], dist;
  cl_aabb_init(&a.aabb, lo, hi);
  /* a sphere of radius 0.5 at x = 3 moving -4 in x: touches the face x = 1 at t = 0.375 */
  cl_set(c0, 3, 0.5, 0.5);
  cl_sphere_init(&s.sphere, c0, 0.5);
  cl_set(d, -4, 0, 0);
  CHECK(cl_sweep(&s, d, &a, &h) && fabs(h.t - 0.375) < 1e-12 && h.n[0] == 1 && fabs(h.p[0] - 1) < 1e-12,
        "fixed sphere sweep t %.17g n %g %g %g", h.t, h.n[0], h.n[1], h.n[2]);
  /* an aabb resting on the box, moving along it: no hit; moving into it: t = 0 */
  cl_set(c0, 0, 1, 0); cl_set(c1, 1, 2, 1);
  cl_aabb_init(&b.aabb, c0, c1);
  cl_set(d, 3, 0, 0);
  CHECK(!cl_sweep(&b, d, &a, &h), "fixed resting aabb sliding hit");
  cl_set(d, 0, -1, 0);
  CHECK(cl_sweep(&b, d, &a, &h) && h.t == 0 && h.n[1] == 1, "fixed resting aabb pushing");
  /* aabb into aabb: stops with its face on the face */
  cl_set(c0, 3, 0, 0); cl_set(c1, 4, 1, 1);
  cl_aabb_init(&b.aabb, c0, c1);
  cl_set(d, -4, 0, 0);
  CHECK(cl_sweep(&b, d, &a, &h) && h.t == 0.5 && h.n[0] == 1 && h.p[0] == 1 && h.p[1] == 0.5,
        "fixed aabb sweep t %.17g", h.t);
  /* a capsule lying above the box: distance 1 */
  cl_set(c0, -1, 2.5, 0.5); cl_set(c1, 2, 2.5, 0.5);
  cl_capsule_init(&b.cap, c0, c1, 0.5);
  dist = cl_shape_distance(&a, &b, pa, pb);
  CHECK(fabs(dist - 1) < 1e-12 && fabs(pa[1] - 1) < 1e-12 && fabs(pb[1] - 2) < 1e-12,
        "fixed capsule distance %.17g", dist);
  /* a capsule falling on a plane */
  {
    double n[3] = {0, 1, 0};
    cl_shape p;
    cl_plane_init(&p.plane, n, 0);
    cl_set(d, 0, -4, 0);
    CHECK(cl_sweep(&b, d, &p, &h) && h.t == 0.5 && h.n[1] == 1 && h.p[1] == 0 && h.p[0] == 0.5,
          "fixed capsule on plane t %.17g p %g %g %g", h.t, h.p[0], h.p[1], h.p[2]);
  }
  /* ray at a capsule's side */
  {
    cl_shape r;
    double o[3] = {0.5, 5, 0.5}, dir[3] = {0, -1, 0};
    cl_ray_init(&r.ray, o, dir, INFINITY);
    CHECK(cl_cast(&r.ray, &b, 0, &h) && fabs(h.t - 2) < 1e-12 && h.n[1] == 1, "fixed capsule cast t %.17g", h.t);
  }
}

static int same_bits(const double *x, const double *y, int n) {
  return memcmp(x, y, (size_t)n * sizeof(double)) == 0;
}

/* a move's memo asked the questions of a walk: each a new one, or one
** asked before (the same bits, or the same values with a zero's sign
** flipped, which the memo must not take for the same), and the answer
** always the search's own */
static void test_segment_memo(int n) {
  static const int kinds[] = {CL_AABB, CL_OBB, CL_TRIANGLE};
  cl_segment_memo memo;
  cl_shape xs[16], caps[16];
  int i, full = 0, units = 0;
  cl_segment_memo_init(&memo);
  for (i = 0; i < 16; i++) {
    random_shape(kinds[i % 3], &xs[i], 2.5);
    random_shape(CL_CAPSULE, &caps[i], 2.5);
  }
  /* zeros of both signs in the questions */
  caps[0].cap.a[0] = 0.0;
  caps[1].cap.a[0] = -0.0;
  caps[1].cap.a[1] = caps[0].cap.a[1]; caps[1].cap.a[2] = caps[0].cap.a[2];
  cl_copy(caps[1].cap.b, caps[0].cap.b);
  xs[1] = xs[0];
  for (i = 0; i < n; i++) {
    int xi = (int)(rnd() * 16), ci = (int)(rnd() * 16);
    double p[3], q[3], p0[3], q0[3], d, d0, n1[3], n0[3], e1, e0, v[3];
    cl_hit h1, h0;
    int r1, r0;
    if (rnd() < 0.2) {          /* a fresh question in a slot */
      random_shape(kinds[(int)(rnd() * 3)], &xs[xi], 2.5);
      random_shape(CL_CAPSULE, &caps[ci], 2.5);
    }
    d = cl_segment_distance_memo(&memo, &xs[xi], caps[ci].cap.a, caps[ci].cap.b, p, q);
    d0 = cl_segment_distance(&xs[xi], caps[ci].cap.a, caps[ci].cap.b, p0, q0);
    CHECK(same_bits(&d, &d0, 1) && same_bits(p, p0, 3) && same_bits(q, q0, 3),
          "memo distance %s differs (case %d)", kind_name(xs[xi].tag), i);
    r1 = cl_contact_memo(&xs[xi], &caps[ci], n1, &e1, &memo);
    r0 = cl_contact(&xs[xi], &caps[ci], n0, &e0);
    CHECK(r1 == r0 && (!r0 || (same_bits(n1, n0, 3) && same_bits(&e1, &e0, 1))),
          "memo contact %s differs (case %d)", kind_name(xs[xi].tag), i);
    rvec(v, 1.5);
    r1 = cl_sweep_memo(&caps[ci], v, &xs[xi], 1, &memo, &h1);
    r0 = cl_sweep(&caps[ci], v, &xs[xi], &h0);
    CHECK(r1 == r0 && (!r0 || (same_bits(&h1.t, &h0.t, 1) && same_bits(h1.p, h0.p, 3)
                               && same_bits(h1.n, h0.n, 3))),
          "memo sweep %s differs (case %d)", kind_name(xs[xi].tag), i);
    r1 = cl_sweep_memo(&caps[ci], v, &xs[xi], 0.5, &memo, &h1);
    r0 = cl_sweep_until(&caps[ci], v, &xs[xi], 0.5, &h0);
    CHECK(r1 == r0 && (!r0 || (same_bits(&h1.t, &h0.t, 1) && same_bits(h1.p, h0.p, 3)
                               && same_bits(h1.n, h0.n, 3))),
          "memo sweep until %s differs (case %d)", kind_name(xs[xi].tag), i);
    if (memo.used == 0xff) full++;
    if (memo.units != 0) units++;
  }
  /* the two segments that differ only in a zero's sign: two answers */
  {
    double p[3], q[3], pz[3], qz[3], d, dz, a0[3], a1[3], b0[3];
    cl_segment_memo m2;
    cl_shape box;
    cl_set(a0, 0.0, 2, 0.0);
    cl_set(a1, -0.0, 2, -0.0);
    cl_set(b0, 0.0, 3, 0.0);
    cl_set(p, -1, -1, -1);
    cl_set(q, 1, 1, 1);
    cl_aabb_init(&box.aabb, p, q);
    cl_segment_memo_init(&m2);
    d = cl_segment_distance_memo(&m2, &box, a0, b0, p, q);
    dz = cl_segment_distance_memo(&m2, &box, a1, b0, pz, qz);
    CHECK(d == 1 && dz == 1, "memo: the distance above the box is %g and %g", d, dz);
    d = cl_segment_distance(&box, a1, b0, p, q);
    CHECK(same_bits(&d, &dz, 1) && same_bits(p, pz, 3) && same_bits(q, qz, 3),
          "memo: -0 answered as +0");
  }
  CHECK(full > 0, "memo never filled");
  CHECK(units > 0, "the memo's unit directions never used");
}

/* cl_segment_within cuts its search at r and answers at once for a
** segment beyond a box's face or a triangle's plane: its answer is still
** the whole search's, for r at the distance, an ulp either side of it and
** a hair either side; the segments are put over a face, a vertex or the
** plane half the time */
static void test_segment_within(int n) {
  int i, beyond = 0;
  for (i = 0; i < n; i++) {
    cl_shape x, c;
    double p[3], q[3], d, rs[6];
    int k, tri = i % 4 < 2;
    random_shape(tri ? CL_TRIANGLE : CL_AABB, &x, 2.5);
    random_shape(CL_CAPSULE, &c, 2.5);
    if (i % 2 && tri && !x.tri.degenerate) {
      /* the segment over the triangle's plane, at a height near its length */
      cl_madd(c.cap.a, x.tri.v[(int)(rnd() * 3)], x.tri.n, rnd() * 3);
      cl_madd(c.cap.b, c.cap.a, x.tri.n, rnd() * 2 - 1);
      c.cap.b[0] += rnd() - 0.5;
    } else if (i % 2 && !tri) {
      /* over a face of the box, near a corner */
      int ax = (int)(rnd() * 3);
      cl_copy(c.cap.a, rnd() < 0.5 ? x.aabb.min : x.aabb.max);
      c.cap.a[ax] += (rnd() < 0.5 ? -1 : 1) * rnd() * 2;
      cl_copy(c.cap.b, c.cap.a);
      c.cap.b[(ax + 1) % 3] += rnd() - 0.5;
    }
    d = cl_segment_distance(&x, c.cap.a, c.cap.b, p, q);
    rs[0] = d;
    rs[1] = nextafter(d, 0);
    rs[2] = nextafter(d, INFINITY);
    rs[3] = d * (1 - 1e-10);
    rs[4] = d * (1 + 1e-10);
    rs[5] = d * 0.5;
    for (k = 0; k < 6; k++) {
      CHECK(cl_segment_within(&x, c.cap.a, c.cap.b, rs[k]) == (d <= rs[k]),
            "within %.17g of a %s at %.17g differs from the search (case %d)", rs[k],
            kind_name(x.tag), d, i);
      CHECK(!cl_segment_beyond(&x, c.cap.a, c.cap.b, rs[k]) || !(d <= rs[k]),
            "beyond %.17g of a %s at %.17g (case %d)", rs[k], kind_name(x.tag), d, i);
      beyond += cl_segment_beyond(&x, c.cap.a, c.cap.b, rs[k]);
    }
  }
  CHECK(beyond > n / 4, "the segments were beyond a face only %d times", beyond);
}

/* cl_triangle_init against its definition written out: the three edges'
** lengths by cl_length, the longest the largest of them, the normal the
** cross product normalised by cl_normalize; every field to the bit, at
** every scale (cl_length scales outside 1e-150..1e150; beyond about 1e154
** the cross product overflows and the triangle is degenerate) and for
** triangles degenerate (collinear, a vertex twice) or nearly so */
static void test_triangle_init(int n) {
  static const double scales[] = {1e-200, 1e-160, 1e-140, 1e-20, 1, 1e20, 1e140, 1e160, 1e200};
  int i;
  for (i = 0; i < n; i++) {
    double v[3][3], e[3][3], l[3], cr[3], len, longest, nn[3];
    int k, j, degenerate, s0, s1;
    cl_triangle t;
    for (k = 0; k < 3; k++)
      for (j = 0; j < 3; j++) v[k][j] = uni(-1, 1) * scales[(i + k * (i % 3 == 0)) % 9];
    if (i % 7 == 1) cl_copy(v[2], v[0]);
    if (i % 7 == 2) for (j = 0; j < 3; j++) v[2][j] = v[0][j] + (v[1][j] - v[0][j]) * 0.375;
    if (i % 7 == 3) for (j = 0; j < 3; j++) v[2][j] = v[0][j] + (v[1][j] - v[0][j]) * 0.5 + 1e-12 * v[1][j];
    cl_triangle_init(&t, v[0], v[1], v[2]);
    cl_sub(e[0], v[1], v[0]);
    cl_sub(e[1], v[2], v[1]);
    cl_sub(e[2], v[0], v[2]);
    for (k = 0; k < 3; k++) l[k] = cl_length(e[k]);
    longest = l[0] > l[1] ? l[0] : l[1];
    if (l[2] > longest) longest = l[2];
    cl_cross(cr, e[0], e[2]);
    cl_scale(cr, cr, -1);                      /* cross(b - a, c - a) */
    len = cl_length(cr);
    degenerate = !(len > CL_EPSILON * longest * longest) || !(len > 0);
    cl_copy(nn, cr);
    if (degenerate) cl_set(nn, 0, 0, 0); else cl_normalize(nn);
    s0 = 0; s1 = 1;
    if (degenerate && !(l[0] >= l[1] && l[0] >= l[2])) {
      if (l[1] >= l[2]) { s0 = 1; s1 = 2; } else { s0 = 2; s1 = 0; }
    }
    CHECK(t.degenerate == degenerate && memcmp(&t.scale, &longest, sizeof longest) == 0
          && memcmp(&t.crlen, &len, sizeof len) == 0 && memcmp(t.n, nn, sizeof nn) == 0
          && t.s0 == s0 && t.s1 == s1,
          "triangle %d: degenerate %d/%d, scale %a/%a, crlen %a/%a, n %a/%a, segment %d-%d/%d-%d",
          i, t.degenerate, degenerate, t.scale, longest, t.crlen, len, t.n[0], nn[0],
          t.s0, t.s1, s0, s1);
  }
}

/* The box-triangle test by all thirteen axes, none skipped, in the
** library's arithmetic (the box's frame, the projections and their order,
** the short cross axes left out): cl_intersects must give its answers. An
** aabb's faces on its own min and max, an obb's on the local corners. */
static int ref_box_triangle(const cl_shape *box, const cl_triangle *t) {
  double c[3], e[3], v[3][3], f[3][3];
  int i, k, j;
  if (box->tag == CL_AABB) {
    for (k = 0; k < 3; k++) {
      double lo = fmin(fmin(t->v[0][k], t->v[1][k]), t->v[2][k]);
      double hi = fmax(fmax(t->v[0][k], t->v[1][k]), t->v[2][k]);
      if (lo > box->aabb.max[k] || hi < box->aabb.min[k]) return 0;
    }
    cl_aabb_frame(&box->aabb, c, e);
    for (i = 0; i < 3; i++) cl_sub(v[i], t->v[i], c);
  } else {
    cl_copy(c, box->obb.c);
    cl_copy(e, box->obb.e);
    for (i = 0; i < 3; i++) {
      double m[3];
      cl_sub(m, t->v[i], c);
      for (k = 0; k < 3; k++) v[i][k] = cl_dot(m, box->obb.u[k]);
    }
    for (k = 0; k < 3; k++) {
      double lo = fmin(fmin(v[0][k], v[1][k]), v[2][k]);
      double hi = fmax(fmax(v[0][k], v[1][k]), v[2][k]);
      if (lo > e[k] || hi < -e[k]) return 0;
    }
  }
  for (i = 0; i < 3; i++) cl_sub(f[i], v[(i + 1) % 3], v[i]);
  {
    double n[3], p;
    cl_cross(n, f[0], f[1]);
    p = cl_dot(n, v[0]);
    if (fabs(p) > e[0] * fabs(n[0]) + e[1] * fabs(n[1]) + e[2] * fabs(n[2])) return 0;
  }
  for (j = 0; j < 3; j++)
    for (k = 0; k < 3; k++) {
      int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
      double a1 = -f[j][k2], a2 = f[j][k1], p[3], r, pl, ph;
      for (i = 0; i < 3; i++) p[i] = a1 * v[i][k1] + a2 * v[i][k2];
      r = e[k1] * fabs(a1) + e[k2] * fabs(a2);
      pl = fmin(fmin(p[0], p[1]), p[2]);
      ph = fmax(fmax(p[0], p[1]), p[2]);
      if (pl > r || ph < -r) {
        double a[3] = {0, 0, 0}, unit[3] = {0, 0, 0};
        a[k1] = a1; a[k2] = a2; unit[k] = 1;
        if (cl_axis_ok(a, unit, f[j])) return 0;
      }
    }
  return 1;
}

/* an aabb or an obb (half the time each) about the origin at scale sc;
** its frame: centre c, half extents e, axes u, as the tests use them */
static void random_box(cl_shape *box, double sc, double c[3], double e[3], double u[3][3]) {
  double lo[3], hi[3], q[4];
  int k;
  for (k = 0; k < 3; k++) { c[k] = uni(-2, 2) * sc; e[k] = uni(0.2, 2) * sc; }
  if (rnd() < 0.5) {
    for (k = 0; k < 4; k++) q[k] = uni(-1, 1);
    box->tag = CL_OBB;
    cl_obb_init(&box->obb, c, e, q);
    cl_copy(c, box->obb.c);
    cl_copy(e, box->obb.e);
    for (k = 0; k < 3; k++) cl_copy(u[k], box->obb.u[k]);
  } else {
    for (k = 0; k < 3; k++) { lo[k] = c[k] - e[k]; hi[k] = c[k] + e[k]; }
    box->tag = CL_AABB;
    cl_aabb_init(&box->aabb, lo, hi);
    cl_aabb_frame(&box->aabb, c, e);
    for (k = 0; k < 3; k++) cl_set(u[k], k == 0, k == 1, k == 2);
  }
}

/* cl_intersects of an aabb or an obb and a triangle against
** ref_box_triangle: triangles whose corner lies on a box's corner, edge
** or face, a few units in the last place inside or outside, or 1e-15 to
** 1e-6 of the box's size outside it, across a box edge from the others
** (which a cross axis separates and no face does), and triangles at
** random near the box, at scales 1e-150 to 1e150 */
static void test_box_triangle(int n) {
  static const double scales[] = {1e-150, 1e-8, 1, 1e8, 1e150};
  int i, hits = 0, misses = 0;
  for (i = 0; i < n; i++) {
    double sc = scales[i % 5], c[3], e[3], u[3][3], v[3][3];
    cl_shape box, tri;
    int k, j, kind = i % 4, got, want;
    random_box(&box, sc, c, e, u);
    /* local corners, then into the world by the box's frame */
    if (kind == 0) {            /* at random about the box */
      for (j = 0; j < 3; j++)
        for (k = 0; k < 3; k++) v[j][k] = uni(-2.5, 2.5) * e[k];
    } else {
      /* a corner on the box's edge along axis z0 (kind 1), its corner
      ** (kind 2) or a face (kind 3), moved out across the edge by d; the
      ** others out beyond the edge too, but each inside one of its faces */
      int z0 = i / 4 % 3, x0 = (z0 + 1) % 3, y0 = (z0 + 2) % 3;
      double sx = rnd() < 0.5 ? -1 : 1, sy = rnd() < 0.5 ? -1 : 1, d, zc;
      double steps[] = {0, 1, 2, 4};
      if (i / 12 % 3 == 0) d = steps[i / 36 % 4] * DBL_EPSILON * (rnd() < 0.5 ? -1 : 1);
      else d = pow(10, uni(-15, -6));
      zc = kind == 2 ? e[z0] * (rnd() < 0.5 ? -1 : 1) : uni(-1, 1) * e[z0];
      v[0][x0] = sx * e[x0] * (1 + d);
      v[0][y0] = kind == 3 ? sy * e[y0] * uni(-1, 1) : sy * e[y0] * (1 + d);
      v[0][z0] = zc;
      v[1][x0] = sx * e[x0] * uni(-0.9, 0.9);
      v[1][y0] = sy * e[y0] * uni(1.2, 3);
      v[1][z0] = zc + uni(-1, 1) * e[z0] * (i % 8 < 4 ? 0 : 1);
      v[2][x0] = sx * e[x0] * uni(1.2, 3);
      v[2][y0] = sy * e[y0] * uni(-0.9, 0.9);
      v[2][z0] = zc + uni(-1, 1) * e[z0] * (i % 8 < 4 ? 0 : 1);
      if (i % 3 == 1) {         /* the corner on the box, another first */
        double tmp[3];
        cl_copy(tmp, v[0]); cl_copy(v[0], v[1 + i % 2]); cl_copy(v[1 + i % 2], tmp);
      }
    }
    for (j = 0; j < 3; j++) {
      double w[3];
      if (box.tag == CL_OBB)
        for (k = 0; k < 3; k++) w[k] = c[k] + v[j][0] * u[0][k] + v[j][1] * u[1][k] + v[j][2] * u[2][k];
      else
        for (k = 0; k < 3; k++) w[k] = c[k] + v[j][k];
      cl_copy(v[j], w);
    }
    tri.tag = CL_TRIANGLE;
    cl_triangle_init(&tri.tri, v[0], v[1], v[2]);
    if (tri.tri.degenerate) continue;
    got = cl_intersects(&box, &tri);
    want = ref_box_triangle(&box, &tri.tri);
    CHECK(got == want, "box-triangle case %d (%s, kind %d): %d, by every axis %d", i,
          box.tag == CL_OBB ? "obb" : "aabb", kind, got, want);
    hits += want;
    misses += !want;
  }
  CHECK(hits > n / 8 && misses > n / 8, "box-triangle: %d hits, %d misses", hits, misses);
}

/* OBB-OBB (and aabb-OBB) by all fifteen axes, none skipped, in the
** library's arithmetic (Ericson, 4.4.1: R, t and the absolute rotation
** plus epsilon, each sum in the same order), an aabb's faces (and the
** obb's centre inside it) on its own min and max: cl_intersects must give
** its answers */
static int ref_box_box(const cl_shape *a, const cl_obb *b) {
  double R[3][3], A[3][3], t[3], c[3], e[3], d[3];
  int i, j, a_faces = a->tag != CL_AABB;
  if (a->tag == CL_AABB) {
    for (i = 0; i < 3 && b->c[i] >= a->aabb.min[i] && b->c[i] <= a->aabb.max[i]; i++) continue;
    if (i == 3) return 1;   /* the obb's centre inside the box */
    for (i = 0; i < 3; i++) {
      double r = 0;
      for (j = 0; j < 3; j++) r += b->e[j] * (fabs(b->u[j][i]) + CL_EPSILON);
      if (b->c[i] - r > a->aabb.max[i] || b->c[i] + r < a->aabb.min[i]) return 0;
    }
    cl_aabb_frame(&a->aabb, c, e);
    for (i = 0; i < 3; i++)
      for (j = 0; j < 3; j++) R[i][j] = b->u[j][i];
    cl_sub(t, b->c, c);
  } else {
    cl_copy(e, a->obb.e);
    for (i = 0; i < 3; i++)
      for (j = 0; j < 3; j++) R[i][j] = cl_dot(a->obb.u[i], b->u[j]);
    cl_sub(d, b->c, a->obb.c);
    for (i = 0; i < 3; i++) t[i] = cl_dot(d, a->obb.u[i]);
  }
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++) A[i][j] = fabs(R[i][j]) + CL_EPSILON;
  for (i = 0; i < 3 && a_faces; i++)
    if (fabs(t[i]) > e[i] + (b->e[0] * A[i][0] + b->e[1] * A[i][1] + b->e[2] * A[i][2])) return 0;
  for (j = 0; j < 3; j++)
    if (fabs(t[0] * R[0][j] + t[1] * R[1][j] + t[2] * R[2][j])
        > (e[0] * A[0][j] + e[1] * A[1][j] + e[2] * A[2][j]) + b->e[j]) return 0;
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++) {
      int i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      if (fabs(t[i2] * R[i1][j] - t[i1] * R[i2][j])
          > (e[i1] * A[i2][j] + e[i2] * A[i1][j]) + (b->e[j1] * A[i][j2] + b->e[j2] * A[i][j1]))
        return 0;
    }
  return 1;
}

/* cl_intersects of an aabb or an obb and an obb against ref_box_box: the
** obb's centre on the first box's faces, edges and corners, a few units in
** the last place inside or outside or 1e-15 to 1e-6 of the box's size
** outside, the obb as large as the box or down to 1e-20 of it (so that a
** face axis separates by less than a unit in the last place), turned at
** random; scales 1e-150 to 1e150 */
static void test_box_box(int n) {
  static const double scales[] = {1e-150, 1e-8, 1, 1e8, 1e150};
  int i, hits = 0, misses = 0;
  for (i = 0; i < n; i++) {
    double sc = scales[i % 5], c[3], e[3], u[3][3], l[3], w[3], be[3], bq[4];
    double steps[] = {0, 1, 2, 4}, size = pow(10, uni(-20, 0.3));
    cl_shape box, obb;
    int k, got, want;
    random_box(&box, sc, c, e, u);
    /* the obb's centre in the box's frame: on one, two or three faces */
    for (k = 0; k < 3; k++) {
      double dd;
      if (i / 5 % 4 == 0 && k > 0) { l[k] = uni(-1, 1) * e[k]; continue; }
      if (i / 5 % 4 == 1 && k > 1) { l[k] = uni(-1, 1) * e[k]; continue; }
      if (i / 20 % 2 == 0) dd = steps[(int)(rnd() * 4)] * DBL_EPSILON * (rnd() < 0.5 ? -1 : 1);
      else dd = pow(10, uni(-15, -6));
      l[k] = (rnd() < 0.5 ? -1 : 1) * e[k] * (1 + dd);
    }
    for (k = 0; k < 3; k++) w[k] = c[k] + l[0] * u[0][k] + l[1] * u[1][k] + l[2] * u[2][k];
    for (k = 0; k < 3; k++) be[k] = uni(0.2, 2) * sc * size;
    for (k = 0; k < 4; k++) bq[k] = uni(-1, 1);
    if (i % 7 == 0) { bq[0] = bq[1] = bq[2] = 0; bq[3] = 1; }   /* the box's axes, or a turn of them */
    obb.tag = CL_OBB;
    cl_obb_init(&obb.obb, w, be, bq);
    if (box.tag == CL_OBB && i % 7 == 0) for (k = 0; k < 3; k++) cl_copy(obb.obb.u[k], box.obb.u[k]);
    got = cl_intersects(&box, &obb);
    want = ref_box_box(&box, &obb.obb);
    CHECK(got == want, "box-obb case %d (%s): %d, by every axis %d", i,
          box.tag == CL_OBB ? "obb" : "aabb", got, want);
    hits += want;
    misses += !want;
  }
  CHECK(hits > n / 8 && misses > n / 8, "box-obb: %d hits, %d misses", hits, misses);
}

#ifdef CL_SSE2
/* surely_missed2's lanes against surely_missed, one triangle at a time,
** at the limit of the moment (cl_miss2_lane): rays at triangles near them,
** beside them, behind and beyond the limit, facing either way, with
** culling and without, triangles degenerate or nearly so, huge and tiny
** coordinates */
static void test_surely_missed2(int n) {
  static const double scales[] = {1e-150, 1e-5, 1, 1e5, 1e135, 1e145};
  int i, missed = 0, kept = 0;
  for (i = 0; i < n; i++) {
    double v[2][3][3], o[3], d[3], sc = scales[i % 6], limits[4];
    const double *a[2], *b[2], *c[2];
    cl_ray r;
    cl_miss2 pm;
    int lane, k, j, cull = i % 3 == 0;
    for (k = 0; k < 3; k++) { o[k] = uni(-1, 1) * sc; d[k] = uni(-1, 1); }
    if (cl_ray_init(&r, o, d, (i % 5 == 0 ? INFINITY : uni(0.1, 4) * sc)) == 0) continue;
    for (lane = 0; lane < 2; lane++) {
      double at = uni(-1, 3) * sc;
      for (j = 0; j < 3; j++)
        for (k = 0; k < 3; k++) v[lane][j][k] = r.o[k] + at * r.d[k] + uni(-1, 1) * sc * (1 + (i % 4));
      if ((i + lane) % 9 == 1) cl_copy(v[lane][2], v[lane][0]);
      if ((i + lane) % 9 == 2)
        for (k = 0; k < 3; k++) v[lane][2][k] = v[lane][0][k] + 0.25 * (v[lane][1][k] - v[lane][0][k]);
      if ((i + lane) % 9 == 3)      /* in a plane through the ray */
        for (k = 0; k < 3; k++) v[lane][1][k] = v[lane][0][k] + sc * r.d[k];
      if ((i + lane) % 9 == 4) {    /* nearly degenerate: 1e-7 to 1e-4 */
        double f = pow(10, uni(-7, -4));
        for (k = 0; k < 3; k++)
          v[lane][2][k] = v[lane][0][k] + 0.5 * (v[lane][1][k] - v[lane][0][k]) + f * uni(-1, 1) * sc;
      }
      if ((i + lane) % 9 == 6) {    /* an edge passing 1e-11 to 1e-6 from the ray */
        double f = pow(10, uni(-11, -6)), u[3], w[3];
        for (k = 0; k < 3; k++) { u[k] = uni(-1, 1); w[k] = uni(-1, 1); }
        for (k = 0; k < 3; k++) {
          double p = r.o[k] + at * r.d[k] + f * sc * w[k];
          v[lane][0][k] = p + sc * u[k];
          v[lane][1][k] = p - sc * u[k];
        }
      }
      if ((i + lane) % 9 == 5) {    /* nearly in a plane through the ray */
        double f = pow(10, uni(-7, -3));
        for (k = 0; k < 3; k++) v[lane][1][k] = v[lane][0][k] + sc * (r.d[k] + f * uni(-1, 1));
      }
      a[lane] = v[lane][0]; b[lane] = v[lane][1]; c[lane] = v[lane][2];
    }
    surely_missed2(&r, a, b, c, cull, &pm);
    for (lane = 0; lane < 2; lane++) {
      /* the plane's t and the coordinates' size, written out, for limits
      ** about the pre-test's margin of 1e-8 of it below that t */
      double e1[3], e2[3], cr[3], A[3], t, m = 0;
      cl_sub(e1, b[lane], a[lane]);
      cl_sub(e2, c[lane], a[lane]);
      cl_cross(cr, e1, e2);
      cl_sub(A, a[lane], r.o);
      t = cl_dot(cr, A) / cl_dot(cr, r.d);
      for (j = 0; j < 3; j++)
        for (k = 0; k < 3; k++) m = fmax(m, fabs((j == 0 ? a : j == 1 ? b : c)[lane][k] - r.o[k]));
      limits[0] = r.tmax;
      limits[1] = uni(0, 2) * sc;
      limits[2] = t - pow(10, uni(-0.5, 1.5)) * 1e-8 * m;
      limits[3] = i % 2 ? 0 : INFINITY;
      for (k = 0; k < 4; k++) {
        int one = surely_missed(&r, a[lane], b[lane], c[lane], cull, limits[k]);
        CHECK(cl_miss2_lane(&pm, lane, limits[k]) == one,
              "pre-test pair case %d lane %d limit %.17g: %d, alone %d", i, lane, limits[k],
              cl_miss2_lane(&pm, lane, limits[k]), one);
        missed += one;
        kept += !one;
      }
    }
  }
  CHECK(missed > n && kept > n, "the pre-tests missed %d and kept %d", missed, kept);
}
#endif

int main(int argc, char **argv) {
  int scale = argc > 1 ? atoi(argv[1]) : 1;
  if (scale < 1) scale = 1;
  test_fixed();
  test_distance(20000 * scale);
  test_capsule(12000 * scale);
  test_sweep(6000 * scale);
  test_mesh_sweep(400 * scale);
  test_segment_memo(20000 * scale);
  test_segment_within(20000 * scale);
  test_triangle_init(20000 * scale);
  test_box_triangle(100000 * scale);
  test_box_box(100000 * scale);
#ifdef CL_SSE2
  test_surely_missed2(50000 * scale);
#endif
  printf("motion_test: %d checks, %d failures\n", checks, failures);
  return failures != 0;
}
