/*
** rays.c - ray casts (exact hit data) and the slab method.
*/
#include "fp.h"
#include <float.h>
#include "collide/collide.h"
#include "hull_frame.h"
#include "compound_ops.h"
#include "dispatch.h"

/* one axis of the slab method; a macro so the three work on fixed indices
** (a loop cost a third more instructions, measured with callgrind). Near
** and far are chosen with selects (t1 > t2 swaps, as the loop did, so
** equal zeros keep their signs); testing tn > tf once at the end is the
** same test as after each axis: tn only grows and tf only shrinks. */
#define SLAB_AXIS(k)                                                           \
  do {                                                                         \
    if (d[k] == 0) {                                                           \
      if (o[k] < lo[k] || o[k] > hi[k]) return 0;                              \
    } else {                                                                   \
      double t1 = (lo[k] - o[k]) / d[k], t2 = (hi[k] - o[k]) / d[k];          \
      double a_ = t1 > t2 ? t2 : t1, b_ = t1 > t2 ? t1 : t2;                   \
      ax = a_ > tn ? k : ax;                                                   \
      tn = a_ > tn ? a_ : tn;                                                  \
      tf = b_ < tf ? b_ : tf;                                                  \
    }                                                                          \
  } while (0)

/* Slab method on the box [lo, hi] (Kay and Kajiya, "Ray tracing complex
** scenes", SIGGRAPH 1986; Ericson, Real-Time Collision Detection, 5.3.3).
** A zero direction component is tested against its slab instead of dividing
** (no 0 * inf); other components divide, so tiny ones give huge t, never NaN.
** *axis is the axis of the entry t, ties to the lower axis; -1 if none. */
static inline int slab(const double o[3], const double d[3], const double lo[3],
                       const double hi[3], double *tnear, double *tfar, int *axis) {
  double tn = -INFINITY, tf = INFINITY;
  int ax = -1;
  SLAB_AXIS(0); SLAB_AXIS(1); SLAB_AXIS(2);
  if (tn > tf) return 0;
  /* a component so tiny that t overflowed: the box is out of reach */
  if (tn == INFINITY || tf == -INFINITY) return 0;
  *tnear = tn; *tfar = tf; *axis = ax;
  return 1;
}
#undef SLAB_AXIS

/* a box as a frame: o and d in local coordinates, box [-e, e] */
static void to_local(const cl_obb *b, const cl_ray *r, double o[3], double d[3]) {
  double m[3];
  int k;
  cl_sub(m, r->o, b->c);
  for (k = 0; k < 3; k++) { o[k] = cl_dot(m, b->u[k]); d[k] = cl_dot(r->d, b->u[k]); }
}

static void neg(double e[3], const double a[3]) { cl_scale(e, a, -1); }

int cl_slab(const cl_ray *r, const cl_shape *box, double *tnear, double *tfar) {
  int axis, hit = 0;
  if (box->tag == CL_AABB)
    hit = slab(r->o, r->d, box->aabb.min, box->aabb.max, tnear, tfar, &axis);
  else if (box->tag == CL_OBB) {
    double o[3], d[3], lo[3];
    to_local(&box->obb, r, o, d);
    neg(lo, box->obb.e);
    hit = slab(o, d, lo, box->obb.e, tnear, tfar, &axis);
  }
  if (hit) { *tnear += 0.0; *tfar += 0.0; }   /* never -0 */
  return hit;
}

static void hit_inside(const cl_ray *r, cl_hit *h) {
  h->t = 0;
  cl_copy(h->p, r->o);
  neg(h->n, r->d);
  h->u = h->v = 0;
}

int cl_cast_aabb(const cl_ray *r, const cl_aabb *b, cl_hit *h) {
  double tn, tf;
  int axis, k;
  if (!slab(r->o, r->d, b->min, b->max, &tn, &tf, &axis)) return 0;
  if (tf < 0 || tn > r->tmax) return 0;
  if (tn < 0 || axis < 0) { hit_inside(r, h); return 1; }
  h->t = tn;
  cl_madd(h->p, r->o, r->d, tn);
  /* keep the point on the box despite rounding */
  for (k = 0; k < 3; k++) h->p[k] = cl_clamp(h->p[k], b->min[k], b->max[k]);
  h->p[axis] = r->d[axis] > 0 ? b->min[axis] : b->max[axis];
  cl_set(h->n, 0, 0, 0);
  h->n[axis] = r->d[axis] > 0 ? -1 : 1;
  h->u = h->v = 0;
  return 1;
}

int cl_cast_obb(const cl_ray *r, const cl_obb *b, cl_hit *h) {
  double o[3], d[3], lo[3], tn, tf;
  int axis;
  to_local(b, r, o, d);
  neg(lo, b->e);
  if (!slab(o, d, lo, b->e, &tn, &tf, &axis)) return 0;
  if (tf < 0 || tn > r->tmax) return 0;
  if (tn < 0 || axis < 0) { hit_inside(r, h); return 1; }
  h->t = tn;
  cl_madd(h->p, r->o, r->d, tn);
  cl_scale(h->n, b->u[axis], d[axis] > 0 ? -1 : 1);
  h->u = h->v = 0;
  return 1;
}

/* ray-sphere with the stable root, Ericson RTCD 5.3.2. Beyond 1e150 (or
** below 1e-150) the squares would overflow (underflow), so the origin,
** centre and radius are then scaled by a power of two 2^-e, which is exact. */
int cl_cast_sphere(const cl_ray *r, const cl_sphere *s, cl_hit *h) {
  double o[3], sc[3], m[3], perp[3], rad, b, c, disc, t, len, big;
  int k, e = 0;
  big = cl_fmax(cl_fmax(cl_maxabs3(r->o), cl_maxabs3(s->c)), s->r);
  if (big > 1e150 || (big > 0 && big < 1e-150)) {
    frexp(big, &e);
    for (k = 0; k < 3; k++) { o[k] = ldexp(r->o[k], -e); sc[k] = ldexp(s->c[k], -e); }
    rad = ldexp(s->r, -e);
  } else {
    cl_copy(o, r->o); cl_copy(sc, s->c);
    rad = s->r;
  }
  cl_sub(m, o, sc);
  b = cl_dot(m, r->d);
  c = cl_dot(m, m) - rad * rad;
  if (c < 0 || (c == 0 && b >= 0)) { hit_inside(r, h); return 1; }
  if (b > 0) return 0;                       /* outside and pointing away */
  cl_madd(perp, m, r->d, -b);                /* origin's offset from the line's closest point */
  disc = rad * rad - cl_dot(perp, perp);
  if (disc < 0) return 0;
  t = c / (-b + sqrt(disc));
  cl_madd(h->n, m, r->d, t);                 /* hit point - centre, scaled */
  if (e) t = ldexp(t, e);
  if (t > r->tmax || isinf(t)) return 0;     /* inf: too far to be a number */
  h->t = t;
  cl_madd(h->p, r->o, r->d, t);
  len = cl_normalize(h->n);
  if (len == 0) neg(h->n, r->d);
  h->u = h->v = 0;
  return 1;
}

/* ray-capsule: the capsule is the union of its two end spheres and the
** cylinder around its segment, so the first entry is the earliest of the
** three entries (Ericson RTCD 5.3.7 for the cylinder, here infinite and
** cut by the segment's ends). An origin inside (distance from the segment
** below the radius, or on the surface pointing along or outwards) gives
** t = 0, n = -direction; on the surface pointing inwards, t = 0 and the
** outward normal. Coordinates are scaled by a power of two, as for the
** sphere, where the squares would overflow or underflow. Radius 0: the
** segment, cast as a degenerate triangle is (closest approach within
** CL_EPSILON * (1 + the largest coordinate), normal -direction). */
static int cast_segment_tri(const cl_ray *r, const cl_triangle *tr, cl_hit *h);

int cl_cast_capsule(const cl_ray *r, const cl_capsule *c, cl_hit *h) {
  double o[3], a[3], b[3], rad, u[3], len, q[3], off[3], dist, big, best = INFINITY;
  int k, e = 0, found = 0;
  cl_hit th;
  if (c->r == 0) {
    /* a segment (or a point): the degenerate triangle's cast, closest
    ** approach within its tolerance, normal -direction */
    cl_triangle seg;
    cl_triangle_init(&seg, c->a, c->b, c->b);
    if (!seg.degenerate) return 0;   /* cannot happen: two equal vertices */
    if (!cast_segment_tri(r, &seg, h)) return 0;
    h->u = h->v = 0;
    return 1;
  }
  big = cl_fmax(cl_fmax(cl_maxabs3(r->o), cl_fmax(cl_maxabs3(c->a), cl_maxabs3(c->b))), c->r);
  if (big > 1e150 || (big > 0 && big < 1e-150)) frexp(big, &e);
  for (k = 0; k < 3; k++) {
    o[k] = ldexp(r->o[k], -e); a[k] = ldexp(c->a[k], -e); b[k] = ldexp(c->b[k], -e);
  }
  rad = ldexp(c->r, -e);
  cl_closest_on_segment(a, b, o, q, NULL);
  cl_sub(off, o, q);
  dist = cl_length(off);
  if (dist < rad) { hit_inside(r, h); return 1; }
  if (dist == rad) {
    if (dist > 0 && cl_dot(off, r->d) < 0) {
      h->t = 0;
      cl_copy(h->p, r->o);
      cl_copy(h->n, off);
      cl_normalize(h->n);
      h->u = h->v = 0;
    } else hit_inside(r, h);
    return 1;
  }
  /* the end spheres */
  for (k = 0; k < 2; k++) {
    cl_sphere s;
    cl_ray rr = *r;
    cl_copy(rr.o, o);
    rr.tmax = INFINITY;
    cl_sphere_init(&s, k ? b : a, rad);
    if (cl_cast_sphere(&rr, &s, &th) && th.t < best) {
      best = th.t; found = 1;
      cl_copy(h->n, th.n);
    }
  }
  /* the cylinder's side, between the two ends */
  cl_sub(u, b, a);
  len = cl_normalize(u);
  if (len > 0) {
    double w[3], wp[3], dp[3], A, B, C, disc, t, s;
    cl_sub(w, o, a);
    cl_madd(wp, w, u, -cl_dot(w, u));
    cl_madd(dp, r->d, u, -cl_dot(r->d, u));
    A = cl_dot(dp, dp);
    B = cl_dot(wp, dp);
    C = cl_dot(wp, wp) - rad * rad;
    if (A > 0 && B < 0) {
      disc = B * B - A * C;
      if (disc >= 0) {
        t = C / (-B + sqrt(disc));           /* the stable root */
        if (t < 0) t = 0;
        s = cl_dot(w, u) + t * cl_dot(r->d, u);
        if (s >= 0 && s <= len && t < best) {
          best = t; found = 1;
          cl_madd(h->n, wp, dp, t);
          if (cl_normalize(h->n) == 0) neg(h->n, r->d);
        }
      }
    }
  }
  if (!found) return 0;
  if (e) best = ldexp(best, e);
  if (best > r->tmax || isinf(best)) return 0;
  h->t = best;
  cl_madd(h->p, r->o, r->d, best);
  h->u = h->v = 0;
  return 1;
}

int cl_cast_plane(const cl_ray *r, const cl_plane *p, cl_hit *h) {
  double s0 = cl_dot(p->n, r->o) - p->d, den = cl_dot(p->n, r->d), t;
  if (den == 0) {
    if (s0 != 0) return 0;
    t = 0;
    cl_copy(h->n, p->n);                     /* in the plane: neither side faces the ray */
  } else {
    t = s0 == 0 ? 0 : -s0 / den;             /* origin on the plane: +0, not -0 */
    if (t < 0 || t > r->tmax || isinf(t)) return 0;   /* inf: parallel but for a denormal */
    if (den < 0) cl_copy(h->n, p->n); else neg(h->n, p->n);
  }
  h->t = t;
  if (t == 0) cl_copy(h->p, r->o); else cl_madd(h->p, r->o, r->d, t);
  h->u = h->v = 0;
  return 1;
}

static double tol_of(const double a[3], const double b[3]) {
  double m = cl_maxabs3(a), n = cl_maxabs3(b);
  return CL_EPSILON * (1 + (m > n ? m : n));
}

/* a degenerate triangle is a segment (or a point): closest approach */
static int cast_segment_tri(const cl_ray *r, const cl_triangle *tr, cl_hit *h) {
  const double *a = tr->v[tr->s0], *b = tr->v[tr->s1];
  double sd[3], len, s, t, c1[3], c2[3], tol, x[3], w;
  cl_sub(sd, b, a);
  len = cl_normalize(sd);
  tol = tol_of(r->o, a);
  cl_cross(x, r->d, sd);
  if (len > 0 && cl_length(x) <= CL_EPSILON) {
    /* collinear case: the first point of the segment along the ray */
    double ta, tb, lo, hi, off[3], q[3];
    cl_sub(off, a, r->o);
    ta = cl_dot(off, r->d);
    cl_madd(q, off, r->d, -ta);
    if (cl_length(q) > tol) return 0;
    cl_sub(off, b, r->o);
    tb = cl_dot(off, r->d);
    lo = ta < tb ? ta : tb; hi = ta < tb ? tb : ta;
    if (hi < 0 || lo > r->tmax) return 0;
    t = lo > 0 ? lo : 0;
    s = tb != ta ? cl_clamp((t - ta) / (tb - ta), 0, 1) : 0;   /* a point: no 0 / 0 */
  } else {
    double d2 = cl_closest_segments(r->o, r->d, r->tmax, a, sd, len, &t, &s, c1, c2);
    if (!(sqrt(d2) <= tol)) return 0;        /* not d2 > tol^2: that overflows */
    s = len > 0 ? s / len : 0;
  }
  h->t = t;
  cl_madd(h->p, r->o, r->d, t);
  neg(h->n, r->d);
  w = s;
  {
    double wt[3] = {0, 0, 0};
    wt[tr->s0] += 1 - w;
    wt[tr->s1] += w;
    h->u = wt[1]; h->v = wt[2];
  }
  return 1;
}

/* a ray lying in the triangle's plane: clip it by the three edges */
static int cast_coplanar_tri(const cl_ray *r, const cl_triangle *tr, cl_hit *h) {
  double t0 = 0, t1 = r->tmax, w[3];
  int i;
  for (i = 0; i < 3; i++) {
    double e[3], m[3], off[3], s, den;
    cl_sub(e, tr->v[(i + 1) % 3], tr->v[i]);
    cl_cross(m, tr->n, e);                   /* inward edge normal */
    cl_sub(off, r->o, tr->v[i]);
    s = cl_dot(m, off);
    den = cl_dot(m, r->d);
    if (den == 0) { if (s < 0) return 0; continue; }
    if (den > 0) { double t = -s / den; if (t > t0) t0 = t; }
    else { double t = -s / den; if (t < t1) t1 = t; }
    if (t0 > t1) return 0;
  }
  h->t = t0;
  cl_madd(h->p, r->o, r->d, t0);
  cl_copy(h->n, tr->n);
  cl_barycentric(tr, h->p, w);
  h->u = w[1]; h->v = w[2];
  return 1;
}

/* Two-sided ray-triangle by the signs of three edge functions, the signed
** volumes dot(d, (b - o) x (c - o)) and so on (the edge test of Woop,
** Benthin and Wald, "Watertight ray/triangle intersection", JCGT 2013,
** without the shear). An edge shared by two triangles gives exactly
** opposite values in both, so a ray through it hits one of them: no gaps
** between the triangles of a mesh. The in-plane case is handled apart. */
int cl_cast_triangle(const cl_ray *r, const cl_triangle *tr, int cull, cl_hit *h) {
  const double *a = tr->v[0], *cr = tr->cr;
  double A[3], B[3], C[3], Ap[3], Bp[3], Cp[3], x[3], det, u, v, t, dn, wa, wb, wc, sum;
  if (tr->degenerate) return cast_segment_tri(r, tr, h);
  det = -cl_dot(cr, r->d);                   /* Moller-Trumbore's determinant */
  dn = cl_dot(tr->n, r->d);
  if (fabs(det) <= CL_EPSILON * tr->crlen) {
    double off[3];
    cl_sub(off, r->o, a);
    if (fabs(cl_dot(tr->n, off)) > CL_EPSILON * tr->scale) return 0;
    return cast_coplanar_tri(r, tr, h);
  }
  if (cull && dn > 0) return 0;
  cl_sub(A, a, r->o);
  cl_sub(B, tr->v[1], r->o);
  cl_sub(C, tr->v[2], r->o);
  /* the edge functions on the vertices' offsets from the ray's line (Woop's
  ** shear, as a projection): d.(B x C) is unchanged, but without the long
  ** components along d its rounding is that of the offsets, not of |B||C|
  ** (which made a ray 1e-6 beside a 1e-10 triangle 12 away hit it). Each
  ** offset depends on one vertex only, so a shared edge stays watertight. */
  cl_madd(Ap, A, r->d, -cl_dot(A, r->d));
  cl_madd(Bp, B, r->d, -cl_dot(B, r->d));
  cl_madd(Cp, C, r->d, -cl_dot(C, r->d));
  cl_cross(x, Bp, Cp); wa = cl_dot(r->d, x); /* weight of a */
  cl_cross(x, Cp, Ap); wb = cl_dot(r->d, x);
  /* opposite signs already: a miss whatever wc is (most rays miss) */
  if ((wa < 0 && wb > 0) || (wa > 0 && wb < 0)) return 0;
  cl_cross(x, Ap, Bp); wc = cl_dot(r->d, x);
  if ((wa < 0 || wb < 0 || wc < 0) && (wa > 0 || wb > 0 || wc > 0)) return 0;
  sum = wa + wb + wc;
  if (sum == 0) return 0;
  t = cl_dot(cr, A) / cl_dot(cr, r->d);
  if (!(t >= 0 && t <= r->tmax)) return 0;
  {
    /* The w's are known to about eps * (largest offset)^2. When one is
    ** within that, their signs may be noise (a ray grazing the plane from
    ** far away: one 2e11 from a 100-wide triangle "hit" it 1.4e12 from it):
    ** then the hit point's barycentrics, taken relative to the triangle,
    ** must confirm it; they reject only gross errors, so a ray through a
    ** shared edge still hits one of the two triangles. */
    double m2 = cl_fmax(cl_dot(Ap, Ap), cl_fmax(cl_dot(Bp, Bp), cl_dot(Cp, Cp)));
    if (cl_fmin(fabs(wa), cl_fmin(fabs(wb), fabs(wc))) <= 16 * DBL_EPSILON * m2) {
      double p[3], w[3];
      cl_madd(p, r->o, r->d, t);
      cl_barycentric(tr, p, w);
      if (!(w[0] >= -1e-6 && w[1] >= -1e-6 && w[2] >= -1e-6)) return 0;
    }
  }
  u = wb / sum;
  v = wc / sum;
  h->t = t == 0 ? 0 : t;                     /* +0, not -0, from an origin on it */
  cl_madd(h->p, r->o, r->d, t);
  if (dn > 0) neg(h->n, tr->n); else cl_copy(h->n, tr->n);
  h->u = u == 0 ? 0 : u; h->v = v == 0 ? 0 : v;
  return 1;
}

/* a hull: the ray clipped by its face planes in its frame (hull_frame.h;
** Ericson, Real-Time Collision Detection, 5.3.8) */
int cl_hull_cast(const cl_ray *r, const cl_hull *h, cl_hit *hit) {
  const cl_hull_data *d = h->h;
  double o[3], dl[3], tn = -INFINITY, tf = INFINITY;
  int i, face = -1;
  cl_hull_point_in(h, r->o, o);
  cl_hull_dir_in(h, r->d, dl);
  for (i = 0; i < d->nf; i++) {
    double s = cl_dot(d->plane[i], o) - d->plane[i][3], den = cl_dot(d->plane[i], dl), t;
    if (den == 0) {
      if (s > 0) return 0;
      continue;
    }
    t = -s / den;
    if (den < 0) { if (t > tn) { tn = t; face = i; } }
    else if (t < tf) tf = t;
    if (tn > tf) return 0;
  }
  if (tf < 0 || tn > r->tmax) return 0;
  if (tn < 0 || face < 0) {
    hit->t = 0;
    cl_copy(hit->p, r->o);
    cl_scale(hit->n, r->d, -1);
  } else {
    hit->t = tn + 0.0;
    cl_madd(hit->p, r->o, r->d, tn);
    cl_hull_dir_out(h, d->plane[face], hit->n);
  }
  hit->u = hit->v = 0;
  return 1;
}

int cl_cast_triangle_hit(const cl_ray *r, const cl_triangle *t, int cull, cl_hit *h) {
  return cl_cast_checked(cl_cast_triangle(r, t, cull, h), h);
}
