/*
** points.c - closest points, containment, distances, barycentrics.
*/
#include "collide.h"

void cl_closest_on_segment(const double a[3], const double b[3], const double p[3],
                           double out[3], double *s) {
  double ab[3], ap[3], len2, t;
  cl_sub(ab, b, a);
  cl_sub(ap, p, a);
  len2 = cl_dot(ab, ab);
  t = len2 > 0 ? cl_clamp(cl_dot(ap, ab) / len2, 0, 1) : 0;
  if (t == 1) cl_copy(out, b);
  else cl_madd(out, a, ab, t);
  if (s) *s = t;
}

/* closest point on a triangle by its Voronoi regions, Ericson RTCD 5.1.5 */
static void closest_on_triangle(const cl_triangle *tr, const double p[3], double out[3],
                                double w[3]) {
  const double *a = tr->v[0], *b = tr->v[1], *c = tr->v[2];
  double ab[3], ac[3], ap[3], bp[3], cp[3];
  double d1, d2, d3, d4, d5, d6, va, vb, vc, v, t, denom;
  if (tr->degenerate) {
    double s;
    cl_closest_on_segment(tr->v[tr->s0], tr->v[tr->s1], p, out, &s);
    w[0] = w[1] = w[2] = 0;
    w[tr->s0] += 1 - s;
    w[tr->s1] += s;
    return;
  }
  cl_sub(ab, b, a); cl_sub(ac, c, a); cl_sub(ap, p, a);
  d1 = cl_dot(ab, ap); d2 = cl_dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) { cl_copy(out, a); cl_set(w, 1, 0, 0); return; }
  cl_sub(bp, p, b);
  d3 = cl_dot(ab, bp); d4 = cl_dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) { cl_copy(out, b); cl_set(w, 0, 1, 0); return; }
  vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    v = d1 / (d1 - d3);
    cl_madd(out, a, ab, v); cl_set(w, 1 - v, v, 0); return;
  }
  cl_sub(cp, p, c);
  d5 = cl_dot(ab, cp); d6 = cl_dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) { cl_copy(out, c); cl_set(w, 0, 0, 1); return; }
  vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    t = d2 / (d2 - d6);
    cl_madd(out, a, ac, t); cl_set(w, 1 - t, 0, t); return;
  }
  va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
    double bc[3];
    t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    cl_sub(bc, c, b);
    cl_madd(out, b, bc, t); cl_set(w, 0, 1 - t, t); return;
  }
  denom = va + vb + vc;
  v = vb / denom;
  t = vc / denom;
  out[0] = a[0] + ab[0] * v + ac[0] * t;
  out[1] = a[1] + ab[1] * v + ac[1] * t;
  out[2] = a[2] + ab[2] * v + ac[2] * t;
  cl_set(w, 1 - v - t, v, t);
}

void cl_closest_point(const cl_shape *s, const double p[3], double out[3]) {
  int k;
  switch (s->tag) {
    case CL_AABB:
      for (k = 0; k < 3; k++) out[k] = cl_clamp(p[k], s->aabb.min[k], s->aabb.max[k]);
      break;
    case CL_OBB: {
      const cl_obb *o = &s->obb;
      double d[3];
      cl_sub(d, p, o->c);
      cl_copy(out, o->c);
      for (k = 0; k < 3; k++)
        cl_madd(out, out, o->u[k], cl_clamp(cl_dot(d, o->u[k]), -o->e[k], o->e[k]));
      break;
    }
    case CL_PLANE:
      cl_madd(out, p, s->plane.n, -(cl_dot(s->plane.n, p) - s->plane.d));
      break;
    case CL_TRIANGLE: {
      double w[3];
      closest_on_triangle(&s->tri, p, out, w);
      break;
    }
    case CL_RAY: {
      const cl_ray *r = &s->ray;
      double d[3], t;
      cl_sub(d, p, r->o);
      t = cl_clamp(cl_dot(d, r->d), 0, r->tmax);
      cl_madd(out, r->o, r->d, t);
      break;
    }
    case CL_SPHERE: {
      const cl_sphere *sp = &s->sphere;
      double d[3], len;
      cl_sub(d, p, sp->c);
      len = cl_length(d);
      if (len <= sp->r) cl_copy(out, p);
      else cl_madd(out, sp->c, d, sp->r / len);
      break;
    }
  }
}

double cl_distance(const cl_shape *s, const double p[3]) {
  double q[3], d[3];
  if (s->tag == CL_SPHERE) {
    double len;
    cl_sub(d, p, s->sphere.c);
    len = cl_length(d) - s->sphere.r;
    return len > 0 ? len : 0;
  }
  if (s->tag == CL_PLANE) return fabs(cl_dot(s->plane.n, p) - s->plane.d);
  if (s->tag == CL_OBB) {
    /* per-axis excess in the box frame, the same test as cl_contains, so a
    ** contained point is at 0 exactly (p - closest point is rounding noise) */
    int k;
    cl_sub(d, p, s->obb.c);
    for (k = 0; k < 3; k++) {
      double x = fabs(cl_dot(d, s->obb.u[k])) - s->obb.e[k];
      q[k] = x > 0 ? x : 0;
    }
    return cl_length(q);
  }
  cl_closest_point(s, p, q);
  cl_sub(d, p, q);
  return cl_length(d);
}

int cl_contains(const cl_shape *s, const double p[3]) {
  int k;
  switch (s->tag) {
    case CL_AABB:
      for (k = 0; k < 3; k++)
        if (p[k] < s->aabb.min[k] || p[k] > s->aabb.max[k]) return 0;
      return 1;
    case CL_OBB: {
      double d[3];
      cl_sub(d, p, s->obb.c);
      for (k = 0; k < 3; k++)
        if (fabs(cl_dot(d, s->obb.u[k])) > s->obb.e[k]) return 0;
      return 1;
    }
    case CL_SPHERE: {
      double d[3];
      cl_sub(d, p, s->sphere.c);
      return cl_length(d) <= s->sphere.r;
    }
    default: return 0;
  }
}

/* weights of a, b, c of p projected on the triangle's plane (Ericson 3.4) */
void cl_barycentric(const cl_triangle *t, const double p[3], double w[3]) {
  double v0[3], v1[3], v2[3], d00, d01, d11, d20, d21, denom;
  if (t->degenerate) {
    double q[3];
    closest_on_triangle(t, p, q, w);
    return;
  }
  cl_sub(v0, t->v[1], t->v[0]);
  cl_sub(v1, t->v[2], t->v[0]);
  cl_sub(v2, p, t->v[0]);
  d00 = cl_dot(v0, v0); d01 = cl_dot(v0, v1); d11 = cl_dot(v1, v1);
  d20 = cl_dot(v2, v0); d21 = cl_dot(v2, v1);
  denom = d00 * d11 - d01 * d01;
  w[1] = (d11 * d20 - d01 * d21) / denom;
  w[2] = (d00 * d21 - d01 * d20) / denom;
  w[0] = 1 - w[1] - w[2];
}

/* closest points of two segments, Ericson RTCD 5.1.9, with unit directions
** and lengths that may be infinite (only ever used in clamps) */
double cl_closest_segments(const double p1[3], const double d1[3], double l1,
                           const double p2[3], const double d2[3], double l2,
                           double *s, double *t, double c1[3], double c2[3]) {
  double r[3], a = cl_dot(d1, d1), e = cl_dot(d2, d2), f, c, b, denom, x[3], diff[3];
  double ss, tt;
  cl_sub(r, p1, p2);
  f = cl_dot(d2, r);
  if (l1 == 0) a = 0;
  if (l2 == 0) e = 0;
  if (a == 0 && e == 0) { ss = tt = 0; }
  else if (a == 0) { ss = 0; tt = cl_clamp(f / e, 0, l2); }
  else {
    c = cl_dot(d1, r);
    if (e == 0) { tt = 0; ss = cl_clamp(-c / a, 0, l1); }
    else {
      b = cl_dot(d1, d2);
      cl_cross(x, d1, d2);
      denom = cl_dot(x, x);
      ss = denom > CL_EPSILON * CL_EPSILON ? cl_clamp((b * f - c * e) / denom, 0, l1) : 0;
      tt = (b * ss + f) / e;
      if (tt < 0) { tt = 0; ss = cl_clamp(-c / a, 0, l1); }
      else if (tt > l2) { tt = l2; ss = cl_clamp((b * l2 - c) / a, 0, l1); }
    }
  }
  cl_madd(c1, p1, d1, ss);
  cl_madd(c2, p2, d2, tt);
  if (s) *s = ss;
  if (t) *t = tt;
  cl_sub(diff, c1, c2);
  return cl_dot(diff, diff);
}
