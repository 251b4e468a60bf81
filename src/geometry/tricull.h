/*
** tricull.h - the steps a walk over a set of triangles takes for each
** triangle, shared by the mesh (its hierarchy) and the heightfield (its
** grid) so that both answer exactly as the pair tests run on every
** triangle: the pad that grows culling boxes, the cheap certain-miss test
** of a ray, the lower bound of a sweep's time, the nearest hit kept with
** ties to the lower index. Plain C99, no Lua; static inline, so that each
** walk keeps them in its loops.
*/
#ifndef COLLIDE_TRICULL_H
#define COLLIDE_TRICULL_H

#include <math.h>
#include <stdint.h>
#include "collide/collide.h"
#include "fp.h"
#include "gjk.h"
#include "mesh_near.h"
#include "tolerance.h"

/* the smaller and the larger of two numbers, inline (fmin and fmax are
** calls); where a NaN can arise (an overflowing product) it reaches a
** comparison that is then false, which keeps more, never less */
static inline double min2(double a, double b) { return b < a ? b : a; }
static inline double max2(double a, double b) { return b > a ? b : a; }

/* Node boxes are grown by a pad before they are tested, so that a
** triangle which a pair test reports within its tolerance (a ray passing
** within epsilon * scale of a degenerate triangle, a skipped near-parallel
** axis) is never culled by its box: every tolerance in intersect.c and rays.c
** is below epsilon * (1 + the largest coordinate involved) times a small
** factor. A pad that is not finite turns culling off. */
static inline double pad_of(double scale) {
  return 8 * CL_EPSILON * (1 + scale);
}

/* the hit th on triangle t becomes the walk's best (and its limit) when
** it is the first, nearer, or as near on a lower triangle index */
static inline void keep_nearer(cl_hit *h, size_t *index, int *found, double *limit,
                               const cl_hit *th, uint32_t t) {
  if (*found && !(th->t < h->t || (th->t == h->t && t < *index))) return;
  *h = *th;
  *index = t;
  *found = 1;
  *limit = th->t;
}

/* 1 when cl_cast certainly misses triangle a, b, c, or hits it beyond
** limit; 0 when unsure. For a triangle far from degenerate and from
** parallel to the ray, cl_cast decides by the signs of three edge functions
** (rays.c); they are computed here the same way, and a miss is declared
** only when one is negative and one positive by far more than rounding
** (whose size is set by the largest coordinate relative to the origin). */
static inline int surely_missed(const cl_ray *r, const double *a, const double *b,
                                const double *c, int cull, double limit) {
  double e1[3], e2[3], e3[3], cr[3], A[3], B[3], C[3], x[3], l2, cr2, dd, m, w[3], lo, hi, t;
  cl_sub(e1, b, a);
  cl_sub(e2, c, a);
  cl_sub(e3, c, b);
  l2 = max2(cl_dot(e1, e1), max2(cl_dot(e2, e2), cl_dot(e3, e3)));
  if (!(l2 > 1e-140 && l2 < 1e140)) return 0;
  cl_cross(cr, e1, e2);
  cr2 = cl_dot(cr, cr);
  /* degenerate for cl_triangle_init: |cr| <= 1e-9 L^2 */
  if (!(cr2 > 1e-10 * l2 * l2)) return 0;
  dd = cl_dot(cr, r->d);
  /* in the plane for cl_cast: |dot(e1, d x e2)| <= 1e-9 |cr| */
  if (!(dd * dd > 1e-10 * cr2)) return 0;
  if (cull && dd > 0) return 1;            /* facing away */
  cl_sub(A, a, r->o);
  cl_sub(B, b, r->o);
  cl_sub(C, c, r->o);
  m = max2(cl_maxabs3(A), max2(cl_maxabs3(B), cl_maxabs3(C)));
  if (!(m < 1e140)) return 0;
  cl_cross(x, B, C); w[0] = cl_dot(r->d, x);
  cl_cross(x, C, A); w[1] = cl_dot(r->d, x);
  cl_cross(x, A, B); w[2] = cl_dot(r->d, x);
  lo = min2(w[0], min2(w[1], w[2]));
  hi = max2(w[0], max2(w[1], w[2]));
  if (lo < -CL_EPSILON * m * m && hi > CL_EPSILON * m * m) return 1;
  t = cl_dot(cr, A) / dd;
  return t - limit > 1e-8 * m;
}

#ifdef CL_SSE2
#include <emmintrin.h>
/* three coordinates of two triangles' points, a lane each */
typedef struct { __m128d x, y, z; } cl_pair3;

static inline cl_pair3 pair3_load(const double *p, const double *q) {
  cl_pair3 v;
  v.x = _mm_loadh_pd(_mm_load_sd(p), q);
  v.y = _mm_loadh_pd(_mm_load_sd(p + 1), q + 1);
  v.z = _mm_loadh_pd(_mm_load_sd(p + 2), q + 2);
  return v;
}
static inline cl_pair3 pair3_sub(cl_pair3 a, cl_pair3 b) {
  cl_pair3 v;
  v.x = _mm_sub_pd(a.x, b.x); v.y = _mm_sub_pd(a.y, b.y); v.z = _mm_sub_pd(a.z, b.z);
  return v;
}
/* cl_dot, cl_cross, cl_maxabs3 in each lane, in their order */
static inline __m128d pair3_dot(cl_pair3 a, cl_pair3 b) {
  return _mm_add_pd(_mm_add_pd(_mm_mul_pd(a.x, b.x), _mm_mul_pd(a.y, b.y)), _mm_mul_pd(a.z, b.z));
}
static inline cl_pair3 pair3_cross(cl_pair3 a, cl_pair3 b) {
  cl_pair3 v;
  v.x = _mm_sub_pd(_mm_mul_pd(a.y, b.z), _mm_mul_pd(a.z, b.y));
  v.y = _mm_sub_pd(_mm_mul_pd(a.z, b.x), _mm_mul_pd(a.x, b.z));
  v.z = _mm_sub_pd(_mm_mul_pd(a.x, b.y), _mm_mul_pd(a.y, b.x));
  return v;
}
/* max2(a, b) and min2(a, b): maxpd and minpd keep their second operand
** unless the first is greater (less), as b > a ? b : a keeps a */
#define PAIR_MAX2(a, b) _mm_max_pd((b), (a))
#define PAIR_MIN2(a, b) _mm_min_pd((b), (a))
static inline __m128d pair3_maxabs(cl_pair3 a) {
  const __m128d sign = _mm_set1_pd(-0.0);
  __m128d m = _mm_andnot_pd(sign, a.x);
  m = PAIR_MAX2(m, _mm_andnot_pd(sign, a.y));
  return PAIR_MAX2(m, _mm_andnot_pd(sign, a.z));
}

/* surely_missed for two triangles at once, triangle i (a[i], b[i], c[i])
** in lane i: every operation is surely_missed's, in its order, so each
** lane rounds as it does, and its early answers become masks (a lane
** computes on after its answer is known, which cannot change it). Its last
** test, the hit beyond the limit, is left to cl_miss2_lane, with the limit
** of the moment: a cast of the first triangle may lower it before the
** second is asked, as it does one triangle at a time. */
typedef struct {
  unsigned sure;       /* bit i: missed whatever the limit */
  unsigned beyond;     /* bit i: missed when t[i] - limit > thr[i] */
  double t[2], thr[2];
} cl_miss2;

static inline void surely_missed2(const cl_ray *r, const double *const a[2],
                                  const double *const b[2], const double *const c[2], int cull,
                                  cl_miss2 *out) {
  cl_pair3 pa = pair3_load(a[0], a[1]), pb = pair3_load(b[0], b[1]), pc = pair3_load(c[0], c[1]);
  cl_pair3 e1 = pair3_sub(pb, pa), e2 = pair3_sub(pc, pa), e3 = pair3_sub(pc, pb), cr, o, d;
  cl_pair3 A, B, C;
  __m128d l2, cr2, dd, ok, m, w0, w1, w2, lo, hi, sep, sure, thr;
  l2 = PAIR_MAX2(pair3_dot(e1, e1), PAIR_MAX2(pair3_dot(e2, e2), pair3_dot(e3, e3)));
  ok = _mm_and_pd(_mm_cmpgt_pd(l2, _mm_set1_pd(1e-140)), _mm_cmplt_pd(l2, _mm_set1_pd(1e140)));
  cr = pair3_cross(e1, e2);
  cr2 = pair3_dot(cr, cr);
  ok = _mm_and_pd(ok, _mm_cmpgt_pd(cr2, _mm_mul_pd(_mm_mul_pd(_mm_set1_pd(1e-10), l2), l2)));
  d.x = _mm_set1_pd(r->d[0]); d.y = _mm_set1_pd(r->d[1]); d.z = _mm_set1_pd(r->d[2]);
  dd = pair3_dot(cr, d);
  ok = _mm_and_pd(ok, _mm_cmpgt_pd(_mm_mul_pd(dd, dd), _mm_mul_pd(_mm_set1_pd(1e-10), cr2)));
  o.x = _mm_set1_pd(r->o[0]); o.y = _mm_set1_pd(r->o[1]); o.z = _mm_set1_pd(r->o[2]);
  A = pair3_sub(pa, o); B = pair3_sub(pb, o); C = pair3_sub(pc, o);
  m = PAIR_MAX2(pair3_maxabs(A), PAIR_MAX2(pair3_maxabs(B), pair3_maxabs(C)));
  w0 = pair3_dot(d, pair3_cross(B, C));
  w1 = pair3_dot(d, pair3_cross(C, A));
  w2 = pair3_dot(d, pair3_cross(A, B));
  lo = PAIR_MIN2(w0, PAIR_MIN2(w1, w2));
  hi = PAIR_MAX2(w0, PAIR_MAX2(w1, w2));
  sep = _mm_and_pd(_mm_cmplt_pd(lo, _mm_mul_pd(_mm_mul_pd(_mm_set1_pd(-CL_EPSILON), m), m)),
                   _mm_cmpgt_pd(hi, _mm_mul_pd(_mm_mul_pd(_mm_set1_pd(CL_EPSILON), m), m)));
  /* in its order: unsure (0) unless ok; facing away (1) when culling;
  ** unsure beyond the range; the edges' signs; then the limit's test */
  if (cull) {
    __m128d away = _mm_and_pd(ok, _mm_cmpgt_pd(dd, _mm_setzero_pd()));
    ok = _mm_andnot_pd(away, _mm_and_pd(ok, _mm_cmplt_pd(m, _mm_set1_pd(1e140))));
    sure = _mm_or_pd(away, _mm_and_pd(ok, sep));
  } else {
    ok = _mm_and_pd(ok, _mm_cmplt_pd(m, _mm_set1_pd(1e140)));
    sure = _mm_and_pd(ok, sep);
  }
  out->sure = (unsigned)_mm_movemask_pd(sure);
  out->beyond = (unsigned)_mm_movemask_pd(ok);
  _mm_storeu_pd(out->t, _mm_div_pd(pair3_dot(cr, A), dd));
  thr = _mm_mul_pd(_mm_set1_pd(1e-8), m);
  _mm_storeu_pd(out->thr, thr);
}

/* surely_missed of lane i of p with the limit of the moment */
static inline int cl_miss2_lane(const cl_miss2 *p, int i, double limit) {
  return (p->sure >> i & 1) || ((p->beyond >> i & 1) && p->t[i] - limit > p->thr[i]);
}
#undef PAIR_MAX2
#undef PAIR_MIN2
#endif

/* the mover's extent along the unit axis m: in closed form for the round
** shapes (a character's capsule), cl_sweep_extent's support points for
** the others; either holds the shape to within rounding, far below pad */
static inline void mover_extent(const cl_shape *s, const double m[3], double *lo, double *hi) {
  double p, q;
  switch (s->tag) {
    case CL_SPHERE:
      p = cl_dot(m, s->sphere.c);
      *lo = p - s->sphere.r;
      *hi = p + s->sphere.r;
      return;
    case CL_CAPSULE:
      p = cl_dot(m, s->cap.a);
      q = cl_dot(m, s->cap.b);
      *lo = min2(p, q) - s->cap.r;
      *hi = max2(p, q) + s->cap.r;
      return;
    default:
      cl_sweep_extent(s, m, lo, hi);
  }
}

/* narrows [*tn, *tf] to the times the mover (bounds lo, hi at t = 0)
** moved by t * d overlaps, along the unit axis m, the triangle's extent
** p0..p1 on it (the least and the greatest of its vertices' projections)
** grown by pad; 0 when the interval is then empty. The triangle's extent
** is that of its vertices, so any axis bounds it, however it was rounded;
** a NaN time (an infinite extent) narrows nothing. */
static inline int axis_overlap(const cl_shape *mover, const double m[3], const double d[3],
                               double p0, double p1, double pad, double *tn, double *tf) {
  double dm = cl_dot(m, d), lo = p0 - pad, hi = p1 + pad, a, b, te, tx;
  mover_extent(mover, m, &a, &b);
  if (dm == 0) return !(a > hi || b < lo);
  if (dm > 0) { te = (lo - b) / dm; tx = (hi - a) / dm; }
  else { te = (hi - a) / dm; tx = (lo - b) / dm; }
  if (te > *tn) *tn = te;
  if (tx < *tf) *tf = tx;
  return !(*tn > *tf);
}

/* the triangle v's axes beyond the boxes' (cl_mesh_near_axes): its unit
** normal and the unit normals of its edges in its plane, those that are
** finite and not zero, with its extent along each; none when the normal
** is not. They depend on the triangle alone, so a character's sweeps
** keep them for the triangles gathered near it. */
static inline void tri_axes(const double *const v[3], cl_mesh_near_axes *x) {
  double e[3][3], *n = x->ax[0], len;
  int k;
  x->n = 0;
  for (k = 0; k < 3; k++) cl_sub(e[k], v[(k + 1) % 3], v[k]);
  cl_cross(n, e[0], e[1]);
  len = sqrt(cl_dot(n, n));
  if (!(len > 0 && len < INFINITY)) return;
  cl_scale(n, n, 1 / len);
  x->n = 1;
  for (k = 0; k < 3; k++) {
    double *side = x->ax[x->n], l2;
    cl_cross(side, n, e[k]);
    l2 = sqrt(cl_dot(side, side));
    if (!(l2 > 0 && l2 < INFINITY)) continue;
    cl_scale(side, side, 1 / l2);
    x->n++;
  }
  for (k = 0; k < x->n; k++) {
    const double *m = x->ax[k];
    double p0 = cl_dot(m, v[0]), p1 = cl_dot(m, v[1]), p2 = cl_dot(m, v[2]);
    x->lo[k] = min2(p0, min2(p1, p2));
    x->hi[k] = max2(p0, max2(p1, p2));
  }
}

/* a lower bound of the first t in [0, limit] at which the mover (bounds
** lo, hi) moved by t * d comes within pad of the triangle v, or -1
** when it cannot: the times its box overlaps the triangle's box, and along
** the triangle's normal and the normals of its edges in its plane, each
** grown by pad (a separating axis at every t outside them), so a triangle
** skipped here (or visited after the best hit) is one cl_sweep finds no
** earlier hit against (its tolerance is less than pad). The axes are x's,
** made into it here (after the boxes' test) when its n is -1. */
static inline double sweep_bound_kept(const double *const v[3], const cl_shape *mover,
                                      const double lo[3], const double hi[3], const double d[3],
                                      const double inv[3], double limit, double pad,
                                      cl_mesh_near_axes *x) {
  double tn = 0, tf = limit;
  int k;
  for (k = 0; k < 3; k++) {
    double l = min2(v[0][k], min2(v[1][k], v[2][k])) - pad;
    double h = max2(v[0][k], max2(v[1][k], v[2][k])) + pad;
    double te, tx;
    if (d[k] == 0) {
      if (hi[k] < l || lo[k] > h) return -1;
      continue;
    }
    if (d[k] > 0) { te = (l - hi[k]) * inv[k]; tx = (h - lo[k]) * inv[k]; }
    else { te = (h - lo[k]) * inv[k]; tx = (l - hi[k]) * inv[k]; }
    if (te > tn) tn = te;
    if (tx < tf) tf = tx;
    if (!(tn <= tf)) return -1;
  }
  if (x->n < 0) tri_axes(v, x);
  for (k = 0; k < x->n; k++)
    if (!axis_overlap(mover, x->ax[k], d, x->lo[k], x->hi[k], pad, &tn, &tf)) return -1;
  return tn;
}

static inline double sweep_bound(const double *const v[3], const cl_shape *mover,
                                 const double lo[3], const double hi[3], const double d[3],
                                 const double inv[3], double limit, double pad) {
  cl_mesh_near_axes x;
  x.n = -1;
  return sweep_bound_kept(v, mover, lo, hi, d, inv, limit, pad, &x);
}

#endif
