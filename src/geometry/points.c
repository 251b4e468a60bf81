/*
** points.c - closest points, containment, distances, barycentrics.
*/
#include "fp.h"
#include <float.h>
#include "collide/collide.h"
#include "hull_frame.h"
#include "compound_ops.h"
#include "dispatch.h"

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

/* closest point on a triangle: the projection on its plane when that lies
** inside all three edges (tested with the unit normal) and is no farther
** than the nearest point of the three edges, else that edge point.
** (Ericson's Voronoi-region form, RTCD 5.1.5, subtracts products of large
** numbers and misplaces the point on slivers.) w: barycentric weights */
void cl_closest_on_triangle(const cl_triangle *tr, const double p[3], double out[3],
                            double w[3]) {
  double h, off[3], q[3], best = INFINITY;
  int i, inside = 1;
  if (tr->degenerate) {
    double s;
    cl_closest_on_segment(tr->v[tr->s0], tr->v[tr->s1], p, out, &s);
    w[0] = w[1] = w[2] = 0;
    w[tr->s0] += 1 - s;
    w[tr->s1] += s;
    return;
  }
  cl_sub(off, p, tr->v[0]);
  h = cl_dot(off, tr->n);
  cl_madd(q, p, tr->n, -h);                  /* p projected on the plane */
  for (i = 0; i < 3 && inside; i++) {
    double e[3], r[3], c[3];
    cl_sub(e, tr->v[(i + 1) % 3], tr->v[i]);
    cl_sub(r, q, tr->v[i]);
    cl_cross(c, e, r);
    if (cl_dot(c, tr->n) < 0) inside = 0;
  }
  /* the edges too when inside: a sliver's normal is only as accurate as
  ** its area, and a point at a vertex must come back as that vertex */
  for (i = 0; i < 3; i++) {
    int j = (i + 1) % 3;
    double c[3], d[3], s, d2;
    cl_closest_on_segment(tr->v[i], tr->v[j], p, c, &s);
    cl_sub(d, p, c);
    d2 = cl_dot(d, d);
    if (i == 0 || d2 < best) {               /* i == 0: set even if d2 overflowed */
      best = d2;
      cl_copy(out, c);
      w[0] = w[1] = w[2] = 0;
      w[i] = 1 - s;
      w[j] = s;
    }
  }
  if (inside) {
    double d[3];
    cl_sub(d, p, q);
    if (cl_dot(d, d) <= best) {
      cl_copy(out, q);
      cl_barycentric(tr, q, w);
    }
  }
}

/* a hull's containment and closest point, in its frame (hull_frame.h) */

/* how far a local point is above the hull's faces: the largest height,
** its face */
static double hull_height(const cl_hull_data *d, const double l[3], int *face) {
  double m = -INFINITY;
  int i;
  *face = 0;
  for (i = 0; i < d->nf; i++) {
    double s = cl_dot(d->plane[i], l) - d->plane[i][3];
    if (s > m) { m = s; *face = i; }
  }
  return m;
}

static double hull_point_tol(const cl_hull *h, const double p[3]) {
  return CL_HULL_REL * cl_fmax(cl_hull_scale(h), cl_maxabs3(p));
}

int cl_hull_contains(const cl_hull *h, const double p[3]) {
  double l[3];
  int f;
  cl_hull_point_in(h, p, l);
  return hull_height(h->h, l, &f) <= hull_point_tol(h, p);
}

double cl_hull_exit(const cl_hull *h, const double p[3], double n[3]) {
  double l[3], s;
  int f;
  cl_hull_point_in(h, p, l);
  s = hull_height(h->h, l, &f);
  cl_hull_dir_out(h, h->h->plane[f], n);
  return -s;
}

/* vertex i scaled by 2^-e */
static void hull_vertex_scaled(const cl_hull_data *d, int i, int e, double out[3]) {
  int k;
  for (k = 0; k < 3; k++) out[k] = ldexp(d->v[i][k], -e);
}

/* the closest point of face f's polygon to the local point l, all scaled
** by 2^-e (cl_hull_closest); its distance */
static double hull_face_closest(const cl_hull_data *d, int f, const double l[3], int e,
                                double out[3]) {
  const double *n = d->plane[f];
  double s = cl_dot(n, l) - ldexp(n[3], -e), q[3], best = INFINITY, x[3];
  int k, inside = 1, s0 = d->fstart[f], s1 = d->fstart[f + 1];
  hull_vertex_scaled(d, d->fv[s0], e, out);
  cl_madd(q, l, n, -s);
  for (k = s0; k < s1; k++) {
    double a[3], b[3], e1[3], r[3], c[3], dd[3], dist;
    hull_vertex_scaled(d, d->fv[k], e, a);
    hull_vertex_scaled(d, d->fv[k + 1 == s1 ? s0 : k + 1], e, b);
    cl_sub(e1, b, a);
    cl_sub(r, q, a);
    cl_cross(c, e1, r);
    if (cl_dot(c, n) < 0) inside = 0;
    cl_closest_on_segment(a, b, l, c, NULL);
    cl_sub(dd, l, c);
    dist = cl_length(dd);
    if (k == s0 || dist < best) { best = dist; cl_copy(out, c); }
  }
  if (inside) {
    cl_sub(x, l, q);
    if (cl_length(x) <= best) { cl_copy(out, q); best = cl_length(x); }
  }
  return best;
}

/* the faces the point is above, each a polygon; in coordinates scaled by
** a power of two (exact) where squares would overflow or underflow */
void cl_hull_closest(const cl_hull *h, const double p[3], double out[3]) {
  const cl_hull_data *d = h->h;
  double l[3], best = INFINITY, c[3], q[3], big;
  int i, f, e = 0, k;
  cl_hull_point_in(h, p, l);
  if (hull_height(d, l, &f) <= hull_point_tol(h, p)) { cl_copy(out, p); return; }
  big = cl_fmax(cl_maxabs3(l), cl_length(d->centroid) + d->radius);
  if (big > 1e150 || (big > 0 && big < 1e-150)) frexp(big, &e);
  for (k = 0; k < 3; k++) l[k] = ldexp(l[k], -e);
  cl_copy(q, l);
  for (i = 0; i < d->nf; i++) {
    double dist;
    if (cl_dot(d->plane[i], l) - ldexp(d->plane[i][3], -e) <= 0) continue;
    dist = hull_face_closest(d, i, l, e, c);
    if (!(dist >= best)) { best = dist; cl_copy(q, c); }
  }
  for (k = 0; k < 3; k++) q[k] = ldexp(q[k], e);
  cl_hull_point_out(h, q, out);
}

/* weights of a, b, c of p projected on the triangle's plane (Ericson 3.4) */
void cl_barycentric(const cl_triangle *t, const double p[3], double w[3]) {
  double v0[3], v1[3], v2[3], c[3], area;
  if (t->degenerate) {
    double q[3];
    cl_closest_on_triangle(t, p, q, w);
    return;
  }
  /* p - a = u (b - a) + v (c - a) in the plane: u, v as ratios of the
  ** signed areas along the unit normal; the area is > 0 for a triangle that
  ** is not degenerate, so this never divides by zero */
  cl_sub(v0, t->v[1], t->v[0]);
  cl_sub(v1, t->v[2], t->v[0]);
  cl_sub(v2, p, t->v[0]);
  cl_cross(c, v0, v1);
  area = cl_dot(c, t->n);
  cl_cross(c, v2, v1);
  w[1] = cl_dot(c, t->n) / area;
  cl_cross(c, v0, v2);
  w[2] = cl_dot(c, t->n) / area;
  w[0] = 1 - w[1] - w[2];
}

/* closest points of two segments, Ericson RTCD 5.1.9, with unit directions
** and lengths that may be infinite (only ever used in clamps). For lines that
** are not parallel the unclamped parameters come from cross products,
** s = ((p2-p1) x d2).(d1 x d2) / |d1 x d2|^2, which stays accurate for nearly
** parallel lines where the textbook b*f - c*e cancels. */
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
      if (denom > 0) {
        double q[3], y[3], tl, m;
        cl_sub(q, p2, p1);
        cl_cross(y, q, d2);
        ss = cl_dot(y, x) / denom;
        cl_cross(y, q, d1);
        tl = cl_dot(y, x) / denom;
        /* ss and tl are known to about eps * |q| / |d1 x d2| (nearly parallel
        ** lines): trust "both inside" only that far inside the ends */
        m = 8 * DBL_EPSILON * (cl_length(q) + cl_maxabs3(p1) + cl_maxabs3(p2)) / sqrt(denom);
        if (ss >= m && ss <= l1 - m && tl >= m && tl <= l2 - m) {
          /* both inside: the distance of skew lines, |q.(d1 x d2)| / |d1 x d2| */
          double dist = cl_dot(q, x) / sqrt(denom);
          cl_madd(c1, p1, d1, ss);
          cl_madd(c2, p2, d2, tl);
          if (s) *s = ss;
          if (t) *t = tl;
          return dist * dist;
        }
        ss = cl_clamp(ss, 0, l1);
      } else ss = 0;
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
