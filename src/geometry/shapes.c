/*
** shapes.c - building shapes and what derives from them (bounds, corners;
** a hull's placing, vertices, extent and support point).
*/
#include "fp.h"
#include <float.h>
#include "collide/collide.h"
#include "hull_frame.h"
#include "compound_ops.h"

double cl_length(const double a[3]) {
  double m = cl_maxabs3(a), s[3];
  if (m == 0) return 0;
  if (m > 1e-150 && m < 1e150) return sqrt(cl_dot(a, a));
  /* divide, not multiply by 1 / m: 1 / m overflows for denormal m */
  cl_set(s, a[0] / m, a[1] / m, a[2] / m);
  return m * sqrt(cl_dot(s, s));
}

/* a, not 0, scaled to length 1 */
static void unit(double a[3]) {
  double m = cl_maxabs3(a);
  /* divide by the largest component first so tiny vectors do not underflow */
  cl_set(a, a[0] / m, a[1] / m, a[2] / m);
  cl_scale(a, a, 1 / sqrt(cl_dot(a, a)));
}

double cl_normalize(double a[3]) {
  double len = cl_length(a);
  if (len > 0) unit(a);
  return len;
}

void cl_aabb_init(cl_aabb *b, const double min[3], const double max[3]) {
  b->tag = CL_AABB;
  cl_copy(b->min, min);
  cl_copy(b->max, max);
}

int cl_quat_normalize(double q[4]) {
  double m = 0, len;
  int i;
  for (i = 0; i < 4; i++) if (fabs(q[i]) > m) m = fabs(q[i]);
  if (m == 0) return 0;
  for (i = 0; i < 4; i++) q[i] /= m;
  len = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  /* q and -q are the same rotation: keep w >= 0 so == compares rotations */
  if (q[3] < 0) len = -len;
  for (i = 0; i < 4; i++) q[i] /= len;
  return 1;
}

/* rotation matrix columns of a unit quaternion */
static void quat_axes(const double q[4], double u[3][3]) {
  double x = q[0], y = q[1], z = q[2], w = q[3];
  cl_set(u[0], 1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y));
  cl_set(u[1], 2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x));
  cl_set(u[2], 2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y));
}

void cl_obb_init(cl_obb *o, const double c[3], const double e[3], const double q[4]) {
  int i;
  o->tag = CL_OBB;
  cl_copy(o->c, c);
  cl_copy(o->e, e);
  for (i = 0; i < 4; i++) o->q[i] = q[i];
  quat_axes(o->q, o->u);
}

/* quaternion of a rotation matrix (columns u[0..2]), Shepperd's method */
void cl_quat_from_axes(double q[4], const double u[3][3]) {
  double m00 = u[0][0], m11 = u[1][1], m22 = u[2][2];
  double tr = m00 + m11 + m22, s;
  /* m[r][c] = u[c][r] */
  if (tr > 0) {
    s = 2 * sqrt(tr + 1);
    q[3] = s / 4;
    q[0] = (u[1][2] - u[2][1]) / s;
    q[1] = (u[2][0] - u[0][2]) / s;
    q[2] = (u[0][1] - u[1][0]) / s;
  } else if (m00 >= m11 && m00 >= m22) {
    s = 2 * sqrt(1 + m00 - m11 - m22);
    q[3] = (u[1][2] - u[2][1]) / s;
    q[0] = s / 4;
    q[1] = (u[1][0] + u[0][1]) / s;
    q[2] = (u[2][0] + u[0][2]) / s;
  } else if (m11 >= m22) {
    s = 2 * sqrt(1 + m11 - m00 - m22);
    q[3] = (u[2][0] - u[0][2]) / s;
    q[0] = (u[1][0] + u[0][1]) / s;
    q[1] = s / 4;
    q[2] = (u[2][1] + u[1][2]) / s;
  } else {
    s = 2 * sqrt(1 + m22 - m00 - m11);
    q[3] = (u[0][1] - u[1][0]) / s;
    q[0] = (u[2][0] + u[0][2]) / s;
    q[1] = (u[2][1] + u[1][2]) / s;
    q[2] = s / 4;
  }
  cl_quat_normalize(q);
}

int cl_axes_check(const double u[3][3]) {
  double c[3];
  int i, j;
  for (i = 0; i < 3; i++)
    for (j = i; j < 3; j++)
      if (fabs(cl_dot(u[i], u[j]) - (i == j)) > 1e-6) return 1;
  cl_cross(c, u[0], u[1]);
  return cl_dot(c, u[2]) > 0 ? 0 : 2;
}

int cl_plane_init(cl_plane *p, const double n[3], double d) {
  double nn[3], len;
  cl_copy(nn, n);
  len = cl_normalize(nn);
  /* a normal so short that d / len overflows is as good as zero */
  if (len == 0 || !isfinite(d / len)) return 0;
  p->tag = CL_PLANE;
  cl_copy(p->n, nn);
  p->d = d / len;
  return 1;
}

/* the edges' lengths l (cl_length) and the longest of them */
static double edge_lengths(const double e[3][3], double l[3]) {
  double longest;
  int i;
  for (i = 0; i < 3; i++) l[i] = cl_length(e[i]);
  longest = l[0] > l[1] ? l[0] : l[1];
  return l[2] > longest ? l[2] : longest;
}

/* the longest edge's length as edge_lengths finds it, with one square
** root where every edge is in cl_length's plain range (sqrt of its dot):
** a correctly rounded square root never decreases, so the largest root
** is the root of the largest sum, to the bit. 0 elsewhere (a length of 0
** or a coordinate beyond the plain range): edge_lengths decides. */
static double longest_edge(const double e[3][3]) {
  double d = 0;
  int i;
  for (i = 0; i < 3; i++) {
    double m = cl_maxabs3(e[i]), s;
    if (!(m > 1e-150 && m < 1e150)) return 0;
    s = cl_dot(e[i], e[i]);
    d = s > d ? s : d;
  }
  return sqrt(d);
}

void cl_triangle_init(cl_triangle *t, const double a[3], const double b[3], const double c[3]) {
  double e[3][3], l[3], cr[3], len, longest;
  t->tag = CL_TRIANGLE;
  cl_copy(t->v[0], a); cl_copy(t->v[1], b); cl_copy(t->v[2], c);
  cl_sub(e[0], b, a);            /* a-b */
  cl_sub(e[1], c, b);            /* b-c */
  cl_sub(e[2], a, c);            /* c-a */
  cl_cross(cr, e[0], e[2]);
  cl_scale(cr, cr, -1);          /* cross(b - a, c - a) */
  longest = longest_edge((const double (*)[3])e);
  if (longest == 0) longest = edge_lengths((const double (*)[3])e, l);
  len = cl_length(cr);
  cl_copy(t->e1, e[0]);
  cl_sub(t->e2, c, a);
  cl_copy(t->cr, cr);
  t->crlen = len;
  t->scale = longest;
  t->degenerate = !(len > CL_EPSILON * longest * longest) || !(len > 0);
  if (t->degenerate) {
    cl_set(t->n, 0, 0, 0);
    /* the segment is the longest edge */
    edge_lengths((const double (*)[3])e, l);
    if (l[0] >= l[1] && l[0] >= l[2]) { t->s0 = 0; t->s1 = 1; }
    else if (l[1] >= l[2]) { t->s0 = 1; t->s1 = 2; }
    else { t->s0 = 2; t->s1 = 0; }
  } else {
    /* cl_normalize without its length again: len > 0 here */
    cl_copy(t->n, cr);
    unit(t->n);
    t->s0 = 0; t->s1 = 1;
  }
}

int cl_ray_init(cl_ray *r, const double o[3], const double d[3], double tmax) {
  double dd[3];
  cl_copy(dd, d);
  if (cl_normalize(dd) == 0) return 0;
  r->tag = CL_RAY;
  cl_copy(r->o, o);
  cl_copy(r->d, dd);
  r->tmax = tmax;
  return 1;
}

void cl_sphere_init(cl_sphere *s, const double c[3], double r) {
  s->tag = CL_SPHERE;
  cl_copy(s->c, c);
  s->r = r;
}

void cl_capsule_init(cl_capsule *c, const double a[3], const double b[3], double r) {
  c->tag = CL_CAPSULE;
  cl_copy(c->a, a);
  cl_copy(c->b, b);
  c->r = r;
}

void cl_obb_from_aabb(cl_obb *o, const cl_aabb *b, const double q[4]) {
  double c[3], e[3];
  cl_aabb_frame(b, c, e);
  cl_obb_init(o, c, e, q);
}

/* corner i (0..7): bit k of i selects min (0) or max (1) on axis k */
void cl_aabb_corner(const cl_aabb *b, int i, double p[3]) {
  int k;
  for (k = 0; k < 3; k++) p[k] = (i >> k) & 1 ? b->max[k] : b->min[k];
}

void cl_obb_corner(const cl_obb *o, int i, double p[3]) {
  int k;
  cl_copy(p, o->c);
  for (k = 0; k < 3; k++)
    cl_madd(p, p, o->u[k], (i >> k) & 1 ? o->e[k] : -o->e[k]);
}

double cl_triangle_area(const cl_triangle *t) {
  double e[2][3], cr[3], m = 0, area;
  int j, k;
  cl_sub(e[0], t->v[1], t->v[0]);
  cl_sub(e[1], t->v[2], t->v[0]);
  cl_cross(cr, e[0], e[1]);
  area = cl_length(cr) / 2;
  if (area - area == 0) return area;
  /* an edge or the cross product overflowed (NaN would follow): edges of
  ** the halved vertices, which cannot overflow, divided by their largest
  ** component; the area is then that of the unit-scaled triangle times
  ** (2m)^2, inf when it is beyond the doubles */
  for (j = 0; j < 2; j++)
    for (k = 0; k < 3; k++) {
      e[j][k] = t->v[j + 1][k] / 2 - t->v[0][k] / 2;
      if (fabs(e[j][k]) > m) m = fabs(e[j][k]);
    }
  for (j = 0; j < 2; j++)
    for (k = 0; k < 3; k++) e[j][k] /= m;
  cl_cross(cr, e[0], e[1]);
  return cl_length(cr) * 2 * m * m;
}

/* the placed hull (hull.h): placed as an obb is, its vertices, faces and
** edges, and what derives from them, in the frame of hull_frame.h */

void cl_hull_place(cl_hull *h, const double c[3], const double q[4]) {
  cl_obb o;
  double e[3] = {0, 0, 0};
  int k;
  cl_obb_init(&o, c, e, q);
  cl_copy(h->c, c);
  for (k = 0; k < 4; k++) h->q[k] = o.q[k];
  for (k = 0; k < 3; k++) cl_copy(h->u[k], o.u[k]);
}

void cl_hull_init(cl_hull *h, const cl_hull_data *d, const double c[3], const double q[4]) {
  h->tag = CL_HULL;
  h->h = d;
  cl_hull_place(h, c, q);
}

void cl_hull_vertex(const cl_hull *h, int i, double p[3]) { cl_hull_point_out(h, h->h->v[i], p); }

void cl_hull_face(const cl_hull *h, int i, double n[3], double *d) {
  cl_hull_dir_out(h, h->h->plane[i], n);
  *d = h->h->plane[i][3] + cl_dot(n, h->c);
}

void cl_hull_edge(const cl_hull *h, int i, double a[3], double b[3]) {
  cl_hull_point_out(h, h->h->v[h->h->edge[i][0]], a);
  cl_hull_point_out(h, h->h->v[h->h->edge[i][1]], b);
}

void cl_hull_centre(const cl_hull *h, double p[3]) { cl_hull_point_out(h, h->h->centroid, p); }

void cl_hull_extent(const cl_hull *h, const double a[3], double *lo, double *hi) {
  double l[3], m, x = INFINITY, y = -INFINITY;
  int i;
  cl_hull_dir_in(h, a, l);
  for (i = 0; i < h->h->nv; i++) {
    double p = cl_dot(l, h->h->v[i]);
    x = p < x ? p : x;
    y = p > y ? p : y;
  }
  m = cl_dot(a, h->c);
  *lo = m + x; *hi = m + y;
}

void cl_hull_support(const cl_hull *h, const double v[3], double out[3]) {
  double l[3], bd = -INFINITY;
  int i, best = 0;
  cl_hull_dir_in(h, v, l);
  for (i = 0; i < h->h->nv; i++) {
    double p = cl_dot(l, h->h->v[i]);
    if (p > bd) { bd = p; best = i; }
  }
  cl_hull_vertex(h, best, out);
}

double cl_hull_scale(const cl_hull *h) {
  return cl_maxabs3(h->c) + cl_length(h->h->centroid) + h->h->radius;
}

void cl_hull_bounds(const cl_hull *h, cl_aabb *out) {
  int k;
  double a[3];
  out->tag = CL_AABB;
  for (k = 0; k < 3; k++) {
    cl_set(a, k == 0, k == 1, k == 2);
    cl_hull_extent(h, a, &out->min[k], &out->max[k]);
  }
}
