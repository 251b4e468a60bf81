/*
** intersect.c - the boolean intersection tests. cl_intersects puts the
** lower tag first and switches on the pair of tags (pair() and its step
** for the higher kind: one case per unordered pair of kinds); every test
** is closed, so touching counts (a shape's side of a plane, cl_classify,
** is the dispatch's). Boxes and triangles go by separating axes (Ericson, Real-Time
** Collision Detection, 4.4 and 5.2); a capsule is its core segment grown
** by its radius, so it meets a shape when the segment's distance from it
** is at most the radius (against a box or a triangle, decided by the GJK
** distance of their cores, gjk.c, where its bounds allow). Also the
** helpers the contact routines share: a triangle in a box's frame, a
** degenerate triangle as its segment (a shape as a box frame is sat.h's).
*/
#include "fp.h"
#include "tolerance.h"
#include "collide/collide.h"
#include "sat.h"
#include "gjk.h"
#include "segment.h"
#include "collide/hull.h"
#include "compound_ops.h"

/* the segment (or point) a degenerate triangle stands for, as a ray */
void cl_segment_of(const cl_triangle *t, cl_ray *r) {
  double d[3];
  r->tag = CL_RAY;
  cl_copy(r->o, t->v[t->s0]);
  cl_sub(d, t->v[t->s1], t->v[t->s0]);
  r->tmax = cl_normalize(d);
  if (r->tmax == 0) cl_set(d, 1, 0, 0);
  cl_copy(r->d, d);
}

/* OBB-OBB by 15 separating axes in A's frame (Gottschalk, Lin and Manocha,
** "OBBTree", SIGGRAPH 1996; Ericson, Real-Time Collision Detection, 4.4.1):
** R[i][j] = A's axis i . B's axis j, t = B's centre - A's in A's frame, a and b the half extents. Epsilon is added to the absolute
** rotation so near-parallel edge pairs cannot fake a separation. Written
** out axis by axis (a loop with (i + 1) % 3 indices cost three times as
** many instructions, measured with callgrind). */
static int sat15(const double R[3][3], const double t[3], const double a[3], const double b[3],
                 int a_faces) {
  double A00, A01, A02, A10, A11, A12, A20, A21, A22;
  /* B's centre inside A: no axis separates, to the bit. Every test below
  ** compares the centres' offset projected, |sum of t_k R_kj| or
  ** |t_k R_lj - t_l R_kj|, with A's radius on the axis plus B's, where A's
  ** is the same sum of a_k A_kj (A_kj = |R_kj| + epsilon >= |R_kj|) in the
  ** same order; rounding to nearest is monotonic and odd, so |t_k| <= a_k
  ** makes each rounded projection no larger than the rounded radius of A,
  ** and adding B's radius (>= 0) cannot lower it. Most overlapping pairs,
  ** which must pass all fifteen axes, end here. */
  if (fabs(t[0]) <= a[0] && fabs(t[1]) <= a[1] && fabs(t[2]) <= a[2]) return 1;
  A00 = fabs(R[0][0]) + CL_EPSILON; A01 = fabs(R[0][1]) + CL_EPSILON;
  A02 = fabs(R[0][2]) + CL_EPSILON; A10 = fabs(R[1][0]) + CL_EPSILON;
  A11 = fabs(R[1][1]) + CL_EPSILON; A12 = fabs(R[1][2]) + CL_EPSILON;
  A20 = fabs(R[2][0]) + CL_EPSILON; A21 = fabs(R[2][1]) + CL_EPSILON;
  A22 = fabs(R[2][2]) + CL_EPSILON;
  /* A's faces, unless the caller has tested them (an aabb's, on its own
  ** min and max) */
  if (a_faces && (fabs(t[0]) > a[0] + (b[0] * A00 + b[1] * A01 + b[2] * A02)
                  || fabs(t[1]) > a[1] + (b[0] * A10 + b[1] * A11 + b[2] * A12)
                  || fabs(t[2]) > a[2] + (b[0] * A20 + b[1] * A21 + b[2] * A22))) return 0;
  /* B's faces */
  if (fabs(t[0] * R[0][0] + t[1] * R[1][0] + t[2] * R[2][0])
      > (a[0] * A00 + a[1] * A10 + a[2] * A20) + b[0]) return 0;
  if (fabs(t[0] * R[0][1] + t[1] * R[1][1] + t[2] * R[2][1])
      > (a[0] * A01 + a[1] * A11 + a[2] * A21) + b[1]) return 0;
  if (fabs(t[0] * R[0][2] + t[1] * R[1][2] + t[2] * R[2][2])
      > (a[0] * A02 + a[1] * A12 + a[2] * A22) + b[2]) return 0;
  /* A's axis i x B's axis j */
  if (fabs(t[2] * R[1][0] - t[1] * R[2][0]) > (a[1] * A20 + a[2] * A10) + (b[1] * A02 + b[2] * A01)) return 0;
  if (fabs(t[2] * R[1][1] - t[1] * R[2][1]) > (a[1] * A21 + a[2] * A11) + (b[2] * A00 + b[0] * A02)) return 0;
  if (fabs(t[2] * R[1][2] - t[1] * R[2][2]) > (a[1] * A22 + a[2] * A12) + (b[0] * A01 + b[1] * A00)) return 0;
  if (fabs(t[0] * R[2][0] - t[2] * R[0][0]) > (a[2] * A00 + a[0] * A20) + (b[1] * A12 + b[2] * A11)) return 0;
  if (fabs(t[0] * R[2][1] - t[2] * R[0][1]) > (a[2] * A01 + a[0] * A21) + (b[2] * A10 + b[0] * A12)) return 0;
  if (fabs(t[0] * R[2][2] - t[2] * R[0][2]) > (a[2] * A02 + a[0] * A22) + (b[0] * A11 + b[1] * A10)) return 0;
  if (fabs(t[1] * R[0][0] - t[0] * R[1][0]) > (a[0] * A10 + a[1] * A00) + (b[1] * A22 + b[2] * A21)) return 0;
  if (fabs(t[1] * R[0][1] - t[0] * R[1][1]) > (a[0] * A11 + a[1] * A01) + (b[2] * A20 + b[0] * A22)) return 0;
  if (fabs(t[1] * R[0][2] - t[0] * R[1][2]) > (a[0] * A12 + a[1] * A02) + (b[0] * A21 + b[1] * A20)) return 0;
  return 1;
}

static int obb_obb(const cl_obb *a, const cl_obb *b) {
  double R[3][3], t[3], d[3];
  int i;
  for (i = 0; i < 3; i++) {
    R[i][0] = cl_dot(a->u[i], b->u[0]);
    R[i][1] = cl_dot(a->u[i], b->u[1]);
    R[i][2] = cl_dot(a->u[i], b->u[2]);
  }
  cl_sub(d, b->c, a->c);
  for (i = 0; i < 3; i++) t[i] = cl_dot(d, a->u[i]);
  return sat15((const double (*)[3])R, t, a->e, b->e, 1);
}

/* A's frame is the world's: R is B's axes as columns, t the centres'
** offset. The aabb's faces are tested first on its own min and max, as
** aabb-aabb and the broad phase decide: its centre and half extents
** resolve a face only to the rounding of the box's size (a box 1e15 long
** to about 0.1), so a gap narrower than that would pass. The obb's centre
** inside the box is a point of both; the obb's radius on a world axis is
** sat15's, with the same widened rotation. */
static int aabb_obb(const cl_aabb *a, const cl_obb *b) {
  double R[3][3], t[3], c[3], e[3];
  int i;
  if (b->c[0] >= a->min[0] && b->c[0] <= a->max[0] && b->c[1] >= a->min[1]
      && b->c[1] <= a->max[1] && b->c[2] >= a->min[2] && b->c[2] <= a->max[2]) return 1;
  for (i = 0; i < 3; i++) {
    double r = b->e[0] * (fabs(b->u[0][i]) + CL_EPSILON) + b->e[1] * (fabs(b->u[1][i]) + CL_EPSILON)
             + b->e[2] * (fabs(b->u[2][i]) + CL_EPSILON);
    if (b->c[i] - r > a->max[i] || b->c[i] + r < a->min[i]) return 0;
  }
  cl_aabb_frame(a, c, e);
  for (i = 0; i < 3; i++) {
    R[i][0] = b->u[0][i]; R[i][1] = b->u[1][i]; R[i][2] = b->u[2][i];
  }
  cl_sub(t, b->c, c);
  return sat15((const double (*)[3])R, t, e, b->e, 0);
}

/* triangle vertices in a box's frame, so the box is [-e, e] */
void cl_tri_local(const cl_box *b, const cl_triangle *t, double v[3][3]) {
  int i, k;
  for (i = 0; i < 3; i++) {
    double m[3];
    cl_sub(m, t->v[i], b->c);
    if (b->aligned) cl_copy(v[i], m);
    else for (k = 0; k < 3; k++) v[i][k] = cl_dot(m, b->u[k]);
  }
}

/* whether the axis e_k x f, (.., -f[k2], f[k1]) at k1 and k2, is too
** short to trust where squares would overflow or underflow (cl_axis_ok) */
static int cross_axis_ok_slow(int k, const double f[3]) {
  double a[3], unit[3] = {0, 0, 0};
  unit[k] = 1;
  cl_cross(a, unit, f);
  return cl_axis_ok(a, unit, f);
}

/* the triangle (local vertices v, edges f) against the
** box [-e, e] on the axis box axis k x edge j, which has components -f[k2]
** and f[k1] at k1 and k2 and 0 at k. The axis separates when it is long
** enough to trust (cl_axis_ok) and the projections lie apart; both are
** pure, so the projections come first and the length is looked at only
** when they lie apart: an overlapping pair, the slow case, never pays
** for it. A macro so each of the nine cases works on fixed indices. */
#define CROSS_AXIS(k, k1, k2, j)                                               \
  do {                                                                         \
    double ak1 = -f[j][k2], ak2 = f[j][k1];                                    \
    double p0 = ak1 * v[0][k1] + ak2 * v[0][k2];                               \
    double p1 = ak1 * v[1][k1] + ak2 * v[1][k2];                               \
    double p2 = ak1 * v[2][k1] + ak2 * v[2][k2];                               \
    double r = e[k1] * fabs(ak1) + e[k2] * fabs(ak2), pl, ph;                  \
    pl = p0 < p1 ? p0 : p1; if (p2 < pl) pl = p2;                              \
    ph = p0 > p1 ? p0 : p1; if (p2 > ph) ph = p2;                              \
    if (pl > r || ph < -r) {                                                   \
      double aa = ak1 * ak1 + ak2 * ak2, ff = cl_dot(f[j], f[j]);              \
      if (CL_AXIS_SQUARES(aa, ff) ? CL_AXIS_LONG(aa, ff)                       \
                                     : cross_axis_ok_slow(k, f[j]))            \
        return 0;                                                              \
    }                                                                          \
  } while (0)

/* whether the points p[0..2] lie beyond one face of the box [lo, hi] */
static inline int faces_apart(const double p[3][3], const double *lo, const double *hi) {
  int k;
  for (k = 0; k < 3; k++) {
    double plo = p[0][k] < p[1][k] ? p[0][k] : p[1][k];
    double phi = p[0][k] > p[1][k] ? p[0][k] : p[1][k];
    if (p[2][k] < plo) plo = p[2][k];
    if (p[2][k] > phi) phi = p[2][k];
    if (plo > hi[k] || phi < lo[k]) return 1;
  }
  return 0;
}

/* Whether the corner v (local, as box_triangle computed it) lies in the
** box [-e, e]. Such a corner decides the cross axes of box_triangle
** without them, to the bit: none of them separates. Each projects every
** corner as p = fl(fl(a1 v1) + fl(a2 v2)) against r = fl(fl(e1 |a1|) +
** fl(e2 |a2|)); rounding to nearest is monotonic and odd, so |v1| <= e1
** and |v2| <= e2 give |fl(a1 v1)| <= fl(e1 |a1|), the same for the
** second product, and then |p| <= r: the corner's projection lies in
** [-r, r], where the projections' least cannot lie above r nor their
** greatest below -r. The normal's test projects the first corner alone,
** n . v[0] against e . |n| summed in the same order, so the same
** argument holds for it when that corner is the one inside. Most
** overlapping pairs, which must pass all thirteen axes, end here. */
static inline int corner_inside(const double v[3], const double e[3]) {
  return fabs(v[0]) <= e[0] && fabs(v[1]) <= e[1] && fabs(v[2]) <= e[2];
}

/* box-triangle by 13 separating axes (Akenine-Moller, "Fast 3D
** Triangle-Box Overlap Testing", 2001; Ericson, Real-Time Collision
** Detection, 5.2.9),
** in the box's frame: centre c, half extents e, axes u, or u NULL for an
** aabb whose faces the caller has tested; lo and hi an obb's faces along
** its axes (-e and e). A cross-product axis too short to trust is
** skipped, never normalised. */
static int box_triangle(const double c[3], const double e[3], const double (*u)[3],
                        const double *lo, const double *hi, const cl_triangle *t) {
  double v[3][3], f[3][3];
  int i, k;
  /* the box's face axes first, the cheapest: an obb's here, an aabb's
  ** by the caller */
  if (u == NULL) {
    for (i = 0; i < 3; i++) cl_sub(v[i], t->v[i], c);
  } else {
    for (i = 0; i < 3; i++) {
      double m[3];
      cl_sub(m, t->v[i], c);
      for (k = 0; k < 3; k++) v[i][k] = cl_dot(m, u[k]);
    }
    if (faces_apart((const double (*)[3])v, lo, hi)) return 0;
  }
  /* a first corner inside passes the normal's axis and the crosses */
  if (corner_inside(v[0], e)) return 1;
  for (i = 0; i < 3; i++) cl_sub(f[i], v[i == 2 ? 0 : i + 1], v[i]);
  /* the triangle's normal before the nine crosses: it is as cheap as one
  ** of them and rejects more (the order does not change the answer) */
  if (!t->degenerate) {
    double n[3], p;
    cl_cross(n, f[0], f[1]);
    p = cl_dot(n, v[0]);
    if (fabs(p) > e[0] * fabs(n[0]) + e[1] * fabs(n[1]) + e[2] * fabs(n[2])) return 0;
  }
  /* the others pass the crosses; the normal's axis is passed by now */
  if (corner_inside(v[1], e) || corner_inside(v[2], e)) return 1;
  CROSS_AXIS(0, 1, 2, 0); CROSS_AXIS(1, 2, 0, 0); CROSS_AXIS(2, 0, 1, 0);
  CROSS_AXIS(0, 1, 2, 1); CROSS_AXIS(1, 2, 0, 1); CROSS_AXIS(2, 0, 1, 1);
  CROSS_AXIS(0, 1, 2, 2); CROSS_AXIS(1, 2, 0, 2); CROSS_AXIS(2, 0, 1, 2);
  return 1;
}
#undef CROSS_AXIS

static int box_plane(const cl_box *b, const cl_plane *p) {
  return fabs(cl_dot(p->n, b->c) - p->d) <= cl_box_radius(b, p->n);
}

static int aabb_aabb(const cl_aabb *a, const cl_aabb *b) {
  int k;
  for (k = 0; k < 3; k++)
    if (a->min[k] > b->max[k] || b->min[k] > a->max[k]) return 0;
  return 1;
}

static int ray_plane(const cl_ray *r, const cl_plane *p) {
  double s0 = cl_dot(p->n, r->o) - p->d, den = cl_dot(p->n, r->d), t;
  if (s0 == 0) return 1;
  if (den == 0) return 0;
  t = -s0 / den;
  return t >= 0 && t <= r->tmax && !isinf(t);       /* as cast_plane in rays.c */
}

static int ray_ray(const cl_ray *a, const cl_ray *b) {
  double c1[3], c2[3], m = cl_maxabs3(a->o), n = cl_maxabs3(b->o), tol, x[3], q[3], nn, mq;
  tol = CL_EPSILON * (1 + (m > n ? m : n));
  /* Most rays pass far apart: the distance of their lines, |q.x| / |x|
  ** with x = d1 x d2, bounds the segments' from below. q.x is known to
  ** about 1e-15 |q| (unit d's); clear of tol by a margin far above that,
  ** it is a miss without the closest points, as they would also find. */
  cl_cross(x, a->d, b->d);
  cl_sub(q, b->o, a->o);
  nn = cl_dot(x, x);
  mq = cl_maxabs3(q);
  if (nn > 1e-200 && mq < 1e300
      && fabs(cl_dot(q, x)) - 2e-12 * (mq + tol) > tol * sqrt(nn))
    return 0;
  /* sqrt(d2) <= tol, not d2 <= tol^2: tol^2 overflows for huge origins */
  return sqrt(cl_closest_segments(a->o, a->d, a->tmax, b->o, b->d, b->tmax,
                                  NULL, NULL, c1, c2)) <= tol;
}

static int plane_plane(const cl_plane *a, const cl_plane *b) {
  double x[3], dd, s;
  cl_cross(x, a->n, b->n);
  if (cl_length(x) > CL_EPSILON) return 1;
  s = cl_dot(a->n, b->n) > 0 ? 1 : -1;
  dd = fabs(a->d - s * b->d);
  return dd <= CL_EPSILON * (1 + cl_fmax(fabs(a->d), fabs(b->d)));
}

/* whether the axis ax separates the two triangles' projections */
static inline int sep_tri_tri(const cl_triangle *a, const cl_triangle *b, const double ax[3]) {
  double p0 = cl_dot(ax, a->v[0]), p1 = cl_dot(ax, a->v[1]), p2 = cl_dot(ax, a->v[2]);
  double q0 = cl_dot(ax, b->v[0]), q1 = cl_dot(ax, b->v[1]), q2 = cl_dot(ax, b->v[2]);
  double alo = p0 < p1 ? p0 : p1, ahi = p0 > p1 ? p0 : p1;
  double blo = q0 < q1 ? q0 : q1, bhi = q0 > q1 ? q0 : q1;
  alo = p2 < alo ? p2 : alo; ahi = p2 > ahi ? p2 : ahi;
  blo = q2 < blo ? q2 : blo; bhi = q2 > bhi ? q2 : bhi;
  return ahi < blo || bhi < alo;
}

/* edge i of a against edge j of b: their cross product, skipped when too
** short to trust (cl_axis_ok, with the squared edge lengths computed once) */
#define TRI_CROSS(i, j)                                                        \
  do {                                                                         \
    double ax_[3], aa_, ef_;                                                   \
    cl_cross(ax_, ea[i], eb[j]);                                               \
    aa_ = cl_dot(ax_, ax_); ef_ = la[i] * lb[j];                               \
    if (CL_AXIS_SQUARES(aa_, ef_) ? CL_AXIS_LONG(aa_, ef_)                     \
                                  : cl_axis_ok(ax_, ea[i], eb[j]))             \
      if (sep_tri_tri(a, b, ax_)) return 0;                                    \
  } while (0)

/* triangle-triangle by separating axes: both normals, the nine edge
** crosses, and the in-plane edge normals that decide the coplanar case.
** Written out pair by pair (loops cost a third more, callgrind). */
static int tri_tri(const cl_triangle *a, const cl_triangle *b) {
  double ea[3][3], eb[3][3], la[3], lb[3], ax[3];
  int i;
  if (sep_tri_tri(a, b, a->n) || sep_tri_tri(a, b, b->n)) return 0;
  for (i = 0; i < 3; i++) {
    cl_sub(ea[i], a->v[i == 2 ? 0 : i + 1], a->v[i]);
    cl_sub(eb[i], b->v[i == 2 ? 0 : i + 1], b->v[i]);
    la[i] = cl_dot(ea[i], ea[i]);
    lb[i] = cl_dot(eb[i], eb[i]);
  }
  TRI_CROSS(0, 0); TRI_CROSS(0, 1); TRI_CROSS(0, 2);
  TRI_CROSS(1, 0); TRI_CROSS(1, 1); TRI_CROSS(1, 2);
  TRI_CROSS(2, 0); TRI_CROSS(2, 1); TRI_CROSS(2, 2);
  for (i = 0; i < 3; i++) {
    cl_cross(ax, a->n, ea[i]);
    if (sep_tri_tri(a, b, ax)) return 0;
    cl_cross(ax, b->n, eb[i]);
    if (sep_tri_tri(a, b, ax)) return 0;
  }
  return 1;
}
#undef TRI_CROSS

static int ray_box(const cl_ray *r, const cl_shape *box) {
  double tn, tf;
  if (!cl_slab(r, box, &tn, &tf)) return 0;
  return tf >= 0 && tn <= r->tmax;
}

/* |v| <= r exactly as cl_length(v) <= r decides it, without its square
** root when the squares are clearly apart: margins of 1e-12 are far above
** the rounding of either square, and the range keeps both from overflow
** and underflow. A square root's latency shows in every call from Lua. */
static int length_le(const double v[3], double r) {
  double d2 = cl_dot(v, v), r2 = r * r;
  if (r2 > 1e-290 && r2 < 1e290 && d2 < 1e290) {
    if (d2 < r2 * (1 - 1e-12)) return 1;
    if (d2 > r2 * (1 + 1e-12)) return 0;
  }
  return cl_length(v) <= r;
}

/* a sphere clearly clear of the triangle's bounding box, so farther than
** its radius from the triangle: the closest point (three edges and the
** plane) is not needed. The margin, far above the rounding of either
** side, keeps the answer the closest point's wherever that is close. */
static int sphere_off_triangle_box(const cl_sphere *s, const cl_triangle *t) {
  int k, off = 0;
  for (k = 0; k < 3; k++) {         /* no branches: hit or miss is random */
    double a0 = t->v[0][k], a1 = t->v[1][k], a2 = t->v[2][k], c = s->c[k], r = s->r, m;
    double lo = a0 < a1 ? a0 : a1, hi = a0 > a1 ? a0 : a1;
    lo = a2 < lo ? a2 : lo;
    hi = a2 > hi ? a2 : hi;
    m = CL_EPSILON * (fabs(c) + r + fabs(lo) + fabs(hi));
    off |= ((c + r) + m < lo) | ((c - r) - m > hi);
  }
  return off;
}

/* the capsule's segment as a ray (a point: any direction, tmax 0) */
static void capsule_ray(const cl_capsule *c, cl_ray *r) {
  double d[3];
  r->tag = CL_RAY;
  cl_copy(r->o, c->a);
  cl_sub(d, c->b, c->a);
  r->tmax = cl_normalize(d);
  if (r->tmax == 0) cl_set(d, 1, 0, 0);
  cl_copy(r->d, d);
}

/* a capsule against an aabb, obb, triangle that is not degenerate, or
** hull: the segment crossing the shape (the exact slab and triangle casts),
** else the segment's distance from it at most the radius: for a box or a
** triangle that distance is exact (cl_segment_distance: the ends and the
** edges); for a hull GJK's bounds when they decide, else golden section on
** the exact point distance */
static int capsule_solid(const cl_shape *s, const cl_capsule *c) {
  cl_shape seg;
  double p[3], q[3];
  if (s->tag != CL_HULL) return cl_segment_within(s, c->a, c->b, c->r);
  capsule_ray(c, &seg.ray);
  {
    cl_hit h;
    if (cl_cast(&seg.ray, s, 0, &h)) return 1;
  }
  {
    /* GJK decides where its bounds do: |v| is an upper bound of the
    ** distance, and |v| - tol a lower one when it converged */
    cl_core A, B;
    double ca[3], cb[3], dc, tol;
    int touch;
    cl_core_of(s, &A);
    cl_core_of((const cl_shape *)(const void *)c, &B);
    B.r = 0;
    dc = cl_core_distance(&A, &B, ca, cb, &touch);
    tol = CL_GJK_REL * cl_fmax(cl_core_scale(&A), cl_core_scale(&B));
    if (touch == 0 && dc - tol > c->r) return 0;
    if ((touch == 1 ? tol : dc) <= c->r) return 1;
  }
  return cl_segment_distance(s, c->a, c->b, p, q) <= c->r;
}

/* the squared distance of a ray's part or segment p + s d (s in [0, l])
** from the capsule's segment */
static double capsule_segment2(const cl_capsule *c, const double p[3], const double d[3],
                               double l) {
  cl_ray r;
  double c1[3], c2[3];
  capsule_ray(c, &r);
  return cl_closest_segments(r.o, r.d, r.tmax, p, d, l, NULL, NULL, c1, c2);
}

/* The pairs in canonical order (a->tag <= b->tag), one step for each kind
** of b: b an aabb, obb, plane, triangle or ray, so a is one too */
static int flat_pair(const cl_shape *a, const cl_shape *b) {
  cl_box ba;
  switch (a->tag * CL_NKINDS + b->tag) {
    case CL_AABB * CL_NKINDS + CL_AABB: return aabb_aabb(&a->aabb, &b->aabb);
    case CL_AABB * CL_NKINDS + CL_OBB: return aabb_obb(&a->aabb, &b->obb);
    case CL_OBB * CL_NKINDS + CL_OBB: return obb_obb(&a->obb, &b->obb);
    case CL_AABB * CL_NKINDS + CL_PLANE:
    case CL_OBB * CL_NKINDS + CL_PLANE:
      cl_box_of(a, &ba);
      return box_plane(&ba, &b->plane);
    case CL_AABB * CL_NKINDS + CL_TRIANGLE: {
      /* the box's faces on its own min and max and the triangle's own
      ** vertices, exactly as aabb-aabb and the broad phase decide (its
      ** centre and half extents resolve a face only to the rounding of
      ** the box's size), before the centre is computed */
      double c[3], e[3];
      if (faces_apart(b->tri.v, a->aabb.min, a->aabb.max)) return 0;
      cl_aabb_frame(&a->aabb, c, e);
      return box_triangle(c, e, NULL, NULL, NULL, &b->tri);
    }
    case CL_OBB * CL_NKINDS + CL_TRIANGLE: {
      const double *e = a->obb.e;
      double lo[3];
      lo[0] = -e[0]; lo[1] = -e[1]; lo[2] = -e[2];
      return box_triangle(a->obb.c, e, (const double (*)[3])a->obb.u, lo, e, &b->tri);
    }
    case CL_AABB * CL_NKINDS + CL_RAY:
    case CL_OBB * CL_NKINDS + CL_RAY:
      return ray_box(&b->ray, a);
    case CL_PLANE * CL_NKINDS + CL_PLANE: return plane_plane(&a->plane, &b->plane);
    case CL_PLANE * CL_NKINDS + CL_TRIANGLE: return cl_classify(&a->plane, b) == 0;
    case CL_PLANE * CL_NKINDS + CL_RAY: return ray_plane(&b->ray, &a->plane);
    case CL_TRIANGLE * CL_NKINDS + CL_TRIANGLE: return tri_tri(&a->tri, &b->tri);
    case CL_TRIANGLE * CL_NKINDS + CL_RAY: {
      cl_hit h;
      return cl_cast(&b->ray, a, 0, &h);
    }
    case CL_RAY * CL_NKINDS + CL_RAY: return ray_ray(&a->ray, &b->ray);
  }
  return 0;
}

/* b a sphere */
static int sphere_pair(const cl_shape *a, const cl_shape *b) {
  switch (a->tag * CL_NKINDS + b->tag) {
    case CL_TRIANGLE * CL_NKINDS + CL_SPHERE:
      if (sphere_off_triangle_box(&b->sphere, &a->tri)) return 0;
      /* fall through */
    case CL_AABB * CL_NKINDS + CL_SPHERE:
    case CL_OBB * CL_NKINDS + CL_SPHERE:
    case CL_RAY * CL_NKINDS + CL_SPHERE: {
      /* cl_distance's vector: 0 exactly for a centre inside an obb (a
      ** rebuilt closest point is off by rounding), and the quantity
      ** contact decides on; distances, not squares, beyond their range */
      double v[3];
      cl_offset(a, b->sphere.c, v);
      return length_le(v, b->sphere.r);
    }
    case CL_PLANE * CL_NKINDS + CL_SPHERE: return cl_classify(&a->plane, b) == 0;
    case CL_SPHERE * CL_NKINDS + CL_SPHERE: {
      double d[3], r = a->sphere.r + b->sphere.r;
      cl_sub(d, a->sphere.c, b->sphere.c);
      return length_le(d, r);            /* as contact */
    }
  }
  return 0;
}

/* b a capsule */
static int capsule_pair(const cl_shape *a, const cl_shape *b) {
  switch (a->tag * CL_NKINDS + b->tag) {
    case CL_AABB * CL_NKINDS + CL_CAPSULE:
    case CL_OBB * CL_NKINDS + CL_CAPSULE:
    case CL_TRIANGLE * CL_NKINDS + CL_CAPSULE:
      return capsule_solid(a, &b->cap);
    case CL_PLANE * CL_NKINDS + CL_CAPSULE: return cl_classify(&a->plane, b) == 0;
    case CL_RAY * CL_NKINDS + CL_CAPSULE:
      return sqrt(capsule_segment2(&b->cap, a->ray.o, a->ray.d, a->ray.tmax)) <= b->cap.r;
    case CL_SPHERE * CL_NKINDS + CL_CAPSULE: {
      double q[3], d[3];
      cl_closest_on_segment(b->cap.a, b->cap.b, a->sphere.c, q, NULL);
      cl_sub(d, a->sphere.c, q);
      return length_le(d, a->sphere.r + b->cap.r);
    }
    case CL_CAPSULE * CL_NKINDS + CL_CAPSULE: {
      cl_ray r;
      capsule_ray(&a->cap, &r);
      return sqrt(capsule_segment2(&b->cap, r.o, r.d, r.tmax)) <= a->cap.r + b->cap.r;
    }
  }
  return 0;
}

/* b a hull: separating axes against polytopes (hull.c), its clipped ray,
** its closest point to a sphere's centre, a capsule as the box's */
static int hull_pair(const cl_shape *a, const cl_shape *b) {
  switch (a->tag * CL_NKINDS + b->tag) {
    case CL_AABB * CL_NKINDS + CL_HULL:
    case CL_OBB * CL_NKINDS + CL_HULL:
    case CL_TRIANGLE * CL_NKINDS + CL_HULL:
    case CL_HULL * CL_NKINDS + CL_HULL: return cl_hull_sat(&b->hull, a, NULL, NULL);
    case CL_PLANE * CL_NKINDS + CL_HULL: return cl_classify(&a->plane, b) == 0;
    case CL_RAY * CL_NKINDS + CL_HULL: {
      cl_hit h;
      return cl_hull_cast(&a->ray, &b->hull, &h);
    }
    case CL_SPHERE * CL_NKINDS + CL_HULL: {
      double v[3];
      cl_offset(b, a->sphere.c, v);
      return length_le(v, a->sphere.r);
    }
    case CL_CAPSULE * CL_NKINDS + CL_HULL: return capsule_solid(b, &a->cap);
  }
  return 0;
}

/* a pair in canonical order: a->tag <= b->tag */
static int pair(const cl_shape *a, const cl_shape *b) {
  switch (b->tag) {
    case CL_SPHERE: return sphere_pair(a, b);
    case CL_CAPSULE: return capsule_pair(a, b);
    case CL_HULL: return hull_pair(a, b);
    default: return flat_pair(a, b);
  }
}

int cl_intersects(const cl_shape *a, const cl_shape *b) {
  cl_shape sa, sb;
  if (a->tag == CL_COMPOUND || b->tag == CL_COMPOUND) return cl_compound_intersects(a, b);
  /* a degenerate triangle is its segment in every test but the plane's */
  if (a->tag == CL_TRIANGLE && a->tri.degenerate && b->tag != CL_PLANE) {
    cl_segment_of(&a->tri, &sa.ray); a = &sa;
  }
  if (b->tag == CL_TRIANGLE && b->tri.degenerate && a->tag != CL_PLANE) {
    cl_segment_of(&b->tri, &sb.ray); b = &sb;
  }
  /* one call of pair, so the compiler can inline it and its steps */
  if (a->tag > b->tag) {
    const cl_shape *t = a;
    a = b; b = t;
  }
  return pair(a, b);
}
