/*
** contact.c - minimum translation between overlapping aabb, obb, sphere and
** triangle: the smallest overlap over the separating axes for polyhedra
** (exact for convex polyhedra, whose candidate axes are face normals and
** edge crosses), the closest point for spheres.
*/
#include "collide.h"
#include "sat.h"

/* a box or a triangle, relative to a common origin */
typedef struct { int is_box; cl_box box; double v[3][3], centre[3]; } convex;

static void convex_of(const cl_shape *s, const double origin[3], convex *c) {
  int i;
  if (s->tag == CL_TRIANGLE) {
    c->is_box = 0;
    cl_set(c->centre, 0, 0, 0);
    for (i = 0; i < 3; i++) {
      cl_sub(c->v[i], s->tri.v[i], origin);
      cl_madd(c->centre, c->centre, c->v[i], 1.0 / 3);
    }
  } else {
    c->is_box = 1;
    cl_box_of(s, &c->box);
    cl_sub(c->box.c, c->box.c, origin);
    cl_copy(c->centre, c->box.c);
  }
}

static void project(const convex *c, const double a[3], double *lo, double *hi) {
  if (c->is_box) {
    double m = cl_dot(c->box.c, a), r = cl_box_radius(&c->box, a);
    *lo = m - r; *hi = m + r;
  } else {
    double p0 = cl_dot(a, c->v[0]), p1 = cl_dot(a, c->v[1]), p2 = cl_dot(a, c->v[2]);
    *lo = p0 < p1 ? p0 : p1; if (p2 < *lo) *lo = p2;
    *hi = p0 > p1 ? p0 : p1; if (p2 > *hi) *hi = p2;
  }
}

/* the axes' edges: a box's three axes, a triangle's three edges */
static void edges(const convex *c, double e[3][3]) {
  int i;
  for (i = 0; i < 3; i++) {
    if (c->is_box) cl_copy(e[i], c->box.u[i]);
    else cl_sub(e[i], c->v[(i + 1) % 3], c->v[i]);
  }
}

typedef struct { double n[3], depth; int found; } best_axis;

/* keeps the axis of the smallest overlap; a separating axis has a negative
** overlap, so once one is seen the best axis is the most separating one */
static void try_axis(const convex *a, const convex *b, const double axis[3], best_axis *best) {
  double L[3], alo, ahi, blo, bhi, o1, o2, depth, sign;
  cl_copy(L, axis);
  cl_normalize(L);
  project(a, L, &alo, &ahi);
  project(b, L, &blo, &bhi);
  o1 = ahi - blo;                  /* move b along +L */
  o2 = bhi - alo;                  /* move b along -L */
  if (o1 < o2) { depth = o1; sign = 1; }
  else if (o2 < o1) { depth = o2; sign = -1; }
  else {
    double d[3];
    cl_sub(d, b->centre, a->centre);
    depth = o1;
    sign = cl_dot(L, d) >= 0 ? 1 : -1;
  }
  if (!best->found || depth < best->depth) {
    best->found = 1;
    best->depth = depth;
    cl_scale(best->n, L, sign);
  }
}

/* box-box and box-triangle: faces first, then edge crosses. A pair that
** intersects() calls touching within its tolerance while an axis shows a
** tiny gap gets depth 0 along that axis, so contact agrees with intersects. */
static int sat_contact(const cl_shape *sa, const cl_shape *sb, double n[3], double *depth) {
  convex a, b;
  double ea[3][3], eb[3][3], origin[3], ax[3];
  best_axis best;
  int i, j;
  if (sa->tag == CL_TRIANGLE) cl_copy(origin, sa->tri.v[0]);
  else { cl_box bx; cl_box_of(sa, &bx); cl_copy(origin, bx.c); }
  convex_of(sa, origin, &a);
  convex_of(sb, origin, &b);
  edges(&a, ea);
  edges(&b, eb);
  best.found = 0;
  best.depth = 0;                  /* read only once found; set for the linters */
  if (a.is_box) { for (i = 0; i < 3; i++) try_axis(&a, &b, ea[i], &best); }
  else if (!sa->tri.degenerate) try_axis(&a, &b, sa->tri.n, &best);
  if (b.is_box) { for (i = 0; i < 3; i++) try_axis(&a, &b, eb[i], &best); }
  else if (!sb->tri.degenerate) try_axis(&a, &b, sb->tri.n, &best);
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++) {
      cl_cross(ax, ea[i], eb[j]);
      if (!cl_axis_ok(ax, ea[i], eb[j])) continue;
      try_axis(&a, &b, ax, &best);
    }
  if (!best.found) return 0;
  if (best.depth < 0) {
    if (!cl_intersects(sa, sb)) return 0;
    best.depth = 0;
  }
  cl_copy(n, best.n);
  *depth = best.depth;
  return 1;
}

static int aabb_aabb(const cl_aabb *a, const cl_aabb *b, double n[3], double *depth) {
  int k, ax = -1;
  double best = 0, sign = 1;
  for (k = 0; k < 3; k++) {
    double o1 = a->max[k] - b->min[k], o2 = b->max[k] - a->min[k], d, s;
    if (o1 < 0 || o2 < 0) return 0;
    if (o1 < o2) { d = o1; s = 1; }
    else if (o2 < o1) { d = o2; s = -1; }
    else { d = o1; s = (b->min[k] + b->max[k]) >= (a->min[k] + a->max[k]) ? 1 : -1; }
    if (ax < 0 || d < best) { ax = k; best = d; sign = s; }
  }
  cl_set(n, 0, 0, 0);
  n[ax] = sign;
  *depth = best;
  return 1;
}

/* any unit vector perpendicular to d (d unit or zero) */
static void perpendicular(const double d[3], double out[3]) {
  double a[3] = {0, 0, 0};
  int k = 0;
  if (cl_dot(d, d) == 0) { cl_set(out, 0, 1, 0); return; }
  if (fabs(d[1]) < fabs(d[k])) k = 1;
  if (fabs(d[2]) < fabs(d[k])) k = 2;
  a[k] = 1;
  cl_cross(out, d, a);
  cl_normalize(out);
}

/* shape a (aabb, obb, triangle) against sphere b: normal from a to b */
static int shape_sphere(const cl_shape *a, const cl_sphere *s, double n[3], double *depth) {
  double q[3], d[3], dist;
  cl_aabb bx;
  cl_closest_point(a, s->c, q);
  cl_sub(d, s->c, q);
  dist = cl_length(d);
  /* decide as intersects does: an obb's distance is 0 for a contained centre */
  if ((a->tag == CL_OBB ? cl_distance(a, s->c) : dist) > s->r) return 0;
  /* a centre within rounding of the surface (CL_EPSILON relative to the
  ** coordinates) counts as on it: the direction of d is noise there */
  cl_bounds(a, &bx);
  if (dist > CL_EPSILON * (cl_maxabs3(s->c) + cl_maxabs3(bx.min) + cl_maxabs3(bx.max))) {
    cl_scale(n, d, 1 / dist);
    cl_normalize(n);
    /* an obb's distance (above) and |d| differ by rounding: never < 0 */
    *depth = dist < s->r ? s->r - dist : 0;
    return 1;
  }
  if (a->tag == CL_TRIANGLE) {
    if (!a->tri.degenerate) cl_copy(n, a->tri.n);
    else {
      cl_ray r;
      cl_segment_of(&a->tri, &r);
      if (r.tmax == 0) cl_set(r.d, 0, 0, 0);
      perpendicular(r.d, n);
    }
    *depth = s->r;
    return 1;
  }
  {
    /* centre inside the box: out through the nearest face */
    cl_box b;
    double m[3], best = 0;
    int k, first = 1;
    cl_box_of(a, &b);
    cl_sub(m, s->c, b.c);
    for (k = 0; k < 3; k++) {
      double p = cl_dot(m, b.u[k]), up = b.e[k] - p, down = b.e[k] + p;
      if (first || up < best) { best = up; cl_copy(n, b.u[k]); first = 0; }
      if (down < best) { best = down; cl_scale(n, b.u[k], -1); }
    }
    *depth = best > 0 ? s->r + best : s->r;   /* best < 0: just outside, by rounding */
    return 1;
  }
}

static int sphere_sphere(const cl_sphere *a, const cl_sphere *b, double n[3], double *depth) {
  double d[3], dist;
  cl_sub(d, b->c, a->c);
  dist = cl_length(d);
  if (dist > a->r + b->r) return 0;
  if (dist > 0) { cl_scale(n, d, 1 / dist); cl_normalize(n); }
  else cl_set(n, 0, 1, 0);
  *depth = a->r + b->r - dist;
  return 1;
}

int cl_contact(const cl_shape *a, const cl_shape *b, double n[3], double *depth) {
  int ok;
  if (a->tag == CL_SPHERE && b->tag == CL_SPHERE)
    return sphere_sphere(&a->sphere, &b->sphere, n, depth);
  if (a->tag == CL_SPHERE || b->tag == CL_SPHERE) {
    int flip = a->tag == CL_SPHERE;
    ok = flip ? shape_sphere(b, &a->sphere, n, depth) : shape_sphere(a, &b->sphere, n, depth);
    if (ok && flip) cl_scale(n, n, -1);
    return ok;
  }
  if (a->tag == CL_AABB && b->tag == CL_AABB) return aabb_aabb(&a->aabb, &b->aabb, n, depth);
  if (a->tag == CL_TRIANGLE && b->tag == CL_TRIANGLE) return 0;
  return sat_contact(a, b, n, depth);
}
