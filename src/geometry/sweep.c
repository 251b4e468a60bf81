/*
** sweep.c - shape casts: a sphere, capsule, aabb, obb, hull or compound
** moved by t * d, t in [0, 1], against any shape but a ray.
**
** The general case is conservative advancement on the GJK distance
** (Mirtich's conservative advancement; the same iteration as van den
** Bergen's GJK ray cast, "Ray casting against general convex objects with
** application to continuous collision detection", 2004): with closest
** points pa (mover) and pb (target) at distance dist and n the unit
** direction from pb to pa, the plane through pb normal to n separates the
** two, so the mover cannot reach the target before it has moved dist
** along -n: t += dist / -dot(n, d) is a lower bound of the first contact,
** and dot(n, d) >= 0 means it never comes. The distance between a convex
** shape translated by t * d and a fixed one is convex in t, so when the
** iteration has not converged after CL_SWEEP_MAX_ITER steps (grazing
** motions) the first contact is found by bisection (and a golden-section
** search for the nearest approach when the end is apart), in a bounded
** number of steps.
**
** Tolerance: the shapes touch when their distance is at most tol =
** CL_SWEEP_REL * scale, scale the largest absolute coordinate of the two
** shapes at both ends of the motion; t is the first time within it.
** A zero motion is the static test: a hit at t = 0 when the two overlap;
** shapes that only touch are not hit, as for any motion along the contact. Closed forms: a plane target (the mover's support point towards it) and
** aabb against aabb (slabs, so a box stops exactly at a face).
*/
#include "fp.h"
#include <float.h>
#include "bounds.h"
#include "gjk.h"
#include "tolerance.h"
#include "segment.h"
#include "collide/hull.h"
#include "compound_ops.h"
#include "dispatch.h"

#define CL_SWEEP_MAX_ITER 64
#define CL_SWEEP_BISECT 100

static int is_zero(const double d[3]) {
  return d[0] == 0 && d[1] == 0 && d[2] == 0;
}

/* largest absolute coordinate of a shape's bounds (a plane: |d|) */
static double bounds_scale(const cl_shape *s) {
  cl_aabb b;
  if (s->tag == CL_PLANE) return fabs(s->plane.d);
  if (!cl_bounds_of(s, &b)) return 0;
  return cl_fmax(cl_maxabs3(b.min), cl_maxabs3(b.max));
}

static void fill(cl_hit *h, double t, const double p[3], const double n[3]) {
  h->t = t + 0.0;
  cl_copy(h->p, p);
  cl_copy(h->n, n);
  h->u = h->v = 0;
}

void cl_sweep_extent(const cl_shape *s, const double n[3], double *lo, double *hi) {
  double a[3], b[3], m[3];
  cl_scale(m, n, -1);
  cl_sweep_support(s, m, a);
  cl_sweep_support(s, n, b);
  *lo = cl_dot(n, a);
  *hi = cl_dot(n, b);
}

/* the mover's signed extent along the plane's normal, relative to it */
static void plane_extent(const cl_shape *s, const cl_plane *p, double *lo, double *hi) {
  cl_sweep_extent(s, p->n, lo, hi);
  *lo -= p->d;
  *hi -= p->d;
}

/* the mover against a plane, in closed form: the support point towards
** the plane reaches it at t = gap / speed */
static int sweep_plane(const cl_shape *m, const double d[3], const cl_plane *p, double tol,
                       cl_hit *h) {
  double lo, hi, v = cl_dot(p->n, d), n[3], t, x[3], q[3];
  plane_extent(m, p, &lo, &hi);
  if (lo <= tol && hi >= -tol) {
    double depth, c[3], s[3], sc, ss;
    cl_shape ps;
    ps.plane = *p;
    if (!cl_contact(&ps, m, n, &depth)) {
      /* within tol of the plane, not on it: the side of the centre */
      cl_shape_centre(m, c);
      if (cl_dot(p->n, c) - p->d >= 0) cl_copy(n, p->n); else cl_scale(n, p->n, -1);
      depth = 0;
    }
    if (depth <= tol && cl_dot(n, d) >= 0) return 0;
    /* a point of the overlap: where the segment from the centre to the
    ** deepest point crosses the plane */
    cl_shape_centre(m, c);
    cl_scale(x, n, -1);
    cl_sweep_support(m, x, s);
    sc = cl_dot(p->n, c) - p->d;
    ss = cl_dot(p->n, s) - p->d;
    cl_sub(x, s, c);
    if (sc != ss) cl_madd(q, c, x, cl_clamp(sc / (sc - ss), 0, 1));
    else cl_copy(q, c);
    fill(h, 0, q, n);
    return 1;
  }
  if (lo > 0) {                         /* above the plane */
    if (!(v < 0)) return 0;
    t = lo / -v;
    cl_copy(n, p->n);
    cl_scale(x, p->n, -1);
  } else {                              /* below */
    if (!(v > 0)) return 0;
    t = -hi / v;
    cl_scale(n, p->n, -1);
    cl_copy(x, p->n);
  }
  if (!(t <= 1)) return 0;
  cl_sweep_support(m, x, q);
  cl_madd(q, q, d, t);
  cl_madd(q, q, p->n, -(cl_dot(p->n, q) - p->d));   /* exactly on the plane */
  fill(h, t, q, n);
  return 1;
}

/* aabb against aabb by slabs: the largest entry time over the axes, the
** normal that axis's (ties to the lower axis), the point the middle of
** the faces' overlap. The boxes are apart at t = 0. */
static int sweep_aabb(const cl_aabb *a, const double d[3], const cl_aabb *b, cl_hit *h) {
  double t0 = -INFINITY, t1 = INFINITY, n[3] = {0, 0, 0}, p[3];
  int k, ax = -1;
  for (k = 0; k < 3; k++) {
    double te, tx;
    if (d[k] == 0) {
      /* apart on this axis, or only touching with the motion along the
      ** faces (sliding): no hit */
      if (!(a->min[k] < b->max[k] && b->min[k] < a->max[k])) return 0;
      continue;
    }
    if (d[k] > 0) { te = (b->min[k] - a->max[k]) / d[k]; tx = (b->max[k] - a->min[k]) / d[k]; }
    else { te = (b->max[k] - a->min[k]) / d[k]; tx = (b->min[k] - a->max[k]) / d[k]; }
    if (te > t0) { t0 = te; ax = k; }
    if (tx < t1) t1 = tx;
  }
  if (ax < 0 || !(t0 <= t1) || !(t0 <= 1) || t0 < 0) return 0;
  n[ax] = d[ax] > 0 ? -1 : 1;
  for (k = 0; k < 3; k++) {
    if (k == ax) { p[k] = d[k] > 0 ? b->min[k] : b->max[k]; continue; }
    {
      double lo = cl_fmax(a->min[k] + t0 * d[k], b->min[k]);
      double hi = cl_fmin(a->max[k] + t0 * d[k], b->max[k]);
      if (lo > hi) { double s = lo; lo = hi; hi = s; }
      p[k] = lo / 2 + hi / 2;
    }
  }
  fill(h, t0, p, n);
  return 1;
}

typedef struct {
  const cl_shape *mover, *target;
  const double *d;
  cl_shape moved;
  double pa[3], pb[3], u[3], core;
  cl_segment_memo *memo;
} sweep_ctx;

/* the distance at time t; pa, pb, u (from the mover towards the target) */
static double dist_at(sweep_ctx *c, double t) {
  double x[3];
  cl_shape_copy(&c->moved, c->mover);
  cl_scale(x, c->d, t);
  if (t != 0) cl_translate(&c->moved, x);
  return cl_shape_distance_memo(&c->moved, c->target, c->pa, c->pb, c->u, &c->core, c->memo);
}

/* a unit normal from the target towards the mover for closest points pa
** (mover) and pb: from u when it is known, else the points, else -d */
static void normal_of(const sweep_ctx *c, const double d[3], double n[3]) {
  if (!is_zero(c->u)) { cl_scale(n, c->u, -1); return; }
  cl_sub(n, c->pa, c->pb);
  if (cl_normalize(n) > 0) return;
  cl_scale(n, d, -1);
  if (cl_normalize(n) == 0) cl_set(n, 0, 1, 0);
}

static void mid(const double a[3], const double b[3], double m[3]) {
  int k;
  for (k = 0; k < 3; k++) m[k] = a[k] / 2 + b[k] / 2;
}

/* the first t in (lo, hi] with distance <= tol, the distance above tol at
** lo and at most tol at hi: bisection; the normal from the last t apart */
static int bisect(sweep_ctx *c, double lo, double hi, double tol, cl_hit *h) {
  double n[3], p[3];
  int i;
  dist_at(c, lo);
  normal_of(c, c->d, n);
  for (i = 0; i < CL_SWEEP_BISECT && hi - lo > DBL_EPSILON * hi; i++) {
    double m = lo + (hi - lo) / 2;
    if (dist_at(c, m) <= tol) hi = m;
    else { lo = m; normal_of(c, c->d, n); }
  }
  dist_at(c, hi);
  if (!is_zero(c->u) && c->core > tol) normal_of(c, c->d, n);
  if (cl_dot(n, c->d) > 0) { dist_at(c, lo); normal_of(c, c->d, n); dist_at(c, hi); }
  mid(c->pa, c->pb, p);
  fill(h, hi, p, n);
  return 1;
}

/* A capsule resting on a box or a triangle: its segment apart from the
** target (by more than the contact's own threshold) and any overlap within
** tol. cl_contact would answer with the direction of the segment's exact
** closest points (contact.c, solid_capsule), the one the distance gave,
** and a depth within tol: the normal is known without it. */
static int rests_on(const sweep_ctx *c, const cl_shape *mover, const cl_shape *target,
                    double tol) {
  const cl_capsule *cap = &mover->cap;
  cl_core A, B;
  if (mover->tag != CL_CAPSULE
      || (cap->a[0] == cap->b[0] && cap->a[1] == cap->b[1] && cap->a[2] == cap->b[2]))
    return 0;
  if (!(target->tag == CL_AABB || target->tag == CL_OBB
        || (target->tag == CL_TRIANGLE && !target->tri.degenerate)))
    return 0;
  if (c->core > cap->r) return 1;                /* no overlap: no contact */
  cl_core_of(target, &A);
  cl_core_of(mover, &B);
  return c->core > CL_EPSILON * cl_fmax(cl_core_scale(&A), cl_core_scale(&B))
         && cap->r - c->core <= tol;
}

/* cl_sweep, the advancement stopped once past limit (every later path
** answers a t no earlier than the advancement's last one) */
static int sweep_until(const cl_shape *mover, const double d[3], const cl_shape *target,
                       double limit, cl_segment_memo *memo, cl_hit *h) {
  sweep_ctx c;
  double scale, tol, dist, t, n[3], p[3];
  int it;
  if (mover->tag == CL_COMPOUND || target->tag == CL_COMPOUND) {
    if (target->tag == CL_RAY || target->tag >= CL_NKINDS || target->tag < 0) return 0;
    if (mover->tag != CL_COMPOUND && mover->tag != CL_SPHERE && mover->tag != CL_CAPSULE
        && mover->tag != CL_AABB && mover->tag != CL_OBB && mover->tag != CL_HULL)
      return 0;
    return cl_compound_sweep(mover, d, target, limit, h, &it);
  }
  if (mover->tag != CL_SPHERE && mover->tag != CL_CAPSULE && mover->tag != CL_AABB
      && mover->tag != CL_OBB && mover->tag != CL_HULL)
    return 0;
  if (target->tag == CL_RAY || target->tag >= CL_NKINDS || target->tag < 0) return 0;
  scale = bounds_scale(mover);
  scale = cl_fmax(cl_fmax(scale, bounds_scale(target)), scale + cl_maxabs3(d));
  tol = CL_SWEEP_REL * scale;
  if (target->tag == CL_PLANE) return sweep_plane(mover, d, &target->plane, tol, h);
  c.mover = mover; c.target = target; c.d = d; c.memo = memo;
  cl_set(c.pa, 0, 0, 0); cl_set(c.pb, 0, 0, 0); cl_set(c.u, 0, 0, 0);
  c.core = 0;
  dist = dist_at(&c, 0);
  if (dist <= tol) {
    /* touching or overlapping at the start */
    double depth;
    if (rests_on(&c, mover, target, tol)) {
      normal_of(&c, d, n);
      depth = 0;
    } else if (!cl_contact_memo(target, mover, n, &depth, memo)) {
      normal_of(&c, d, n);
      depth = 0;
    }
    if (depth <= tol && cl_dot(n, d) >= 0) return 0;
    mid(c.pa, c.pb, p);
    fill(h, 0, p, n);
    return 1;
  }
  if (is_zero(d)) return 0;
  if (mover->tag == CL_AABB && target->tag == CL_AABB)
    return sweep_aabb(&mover->aabb, d, &target->aabb, h);
  t = 0;
  for (it = 0; it < CL_SWEEP_MAX_ITER; it++) {
    double closing, nt;
    normal_of(&c, d, n);
    closing = -cl_dot(n, d);
    if (!(closing > 0)) return 0;     /* the separating plane holds for good */
    nt = t + dist / closing;
    if (!(nt <= 1) || nt > limit) return 0;
    if (nt == t) break;               /* no progress in doubles */
    t = nt;
    dist = dist_at(&c, t);
    if (dist <= tol) {
      double n2[3];
      /* the separating direction at contact, when the cores still know it
      ** (rounded shapes), else the last one while apart */
      if (!is_zero(c.u) && c.core > tol) {
        normal_of(&c, d, n2);
        if (cl_dot(n2, d) <= 0) cl_copy(n, n2);
      }
      mid(c.pa, c.pb, p);
      fill(h, t, p, n);
      return 1;
    }
  }
  /* not converged: the distance is convex in t */
  {
    double lo = t, hi = 1;
    if (dist_at(&c, 1) <= tol) return bisect(&c, lo, 1, tol, h);
    {
      /* golden-section search for the nearest approach in [lo, 1] */
      const double g = 0.6180339887498949;
      double a = lo, b = hi, x1 = b - g * (b - a), x2 = a + g * (b - a), f1, f2;
      int i;
      f1 = dist_at(&c, x1);
      f2 = dist_at(&c, x2);
      for (i = 0; i < CL_SWEEP_BISECT && b - a > DBL_EPSILON * b; i++) {
        if (f1 <= tol) return bisect(&c, lo, x1, tol, h);
        if (f2 <= tol) return bisect(&c, lo, x2, tol, h);
        if (f1 < f2) { b = x2; x2 = x1; f2 = f1; x1 = b - g * (b - a); f1 = dist_at(&c, x1); }
        else { a = x1; x1 = x2; f1 = f2; x2 = a + g * (b - a); f2 = dist_at(&c, x2); }
      }
      return 0;
    }
  }
}

int cl_sweep(const cl_shape *mover, const double d[3], const cl_shape *target, cl_hit *h) {
  return sweep_until(mover, d, target, 1, NULL, h);
}

int cl_sweep_until(const cl_shape *mover, const double d[3], const cl_shape *target,
                   double limit, cl_hit *h) {
  return sweep_until(mover, d, target, limit, NULL, h) && h->t <= limit;
}

int cl_sweep_memo(const cl_shape *mover, const double d[3], const cl_shape *target,
                  double limit, cl_segment_memo *m, cl_hit *h) {
  int r = sweep_until(mover, d, target, limit, m, h);
  return limit >= 1 ? r : r && h->t <= limit;
}
