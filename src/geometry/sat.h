/*
** sat.h - internal to the geometry files: boxes as frames, shared by the
** separating-axis tests (intersect.c), the contact routines (contact.c),
** the manifold's faces (faces.c), the frustum and the dispatch.
*/
#ifndef COLLIDE_SAT_H
#define COLLIDE_SAT_H

#include "collide/collide.h"

/* an aabb or obb as centre, half extents and unit axes */
/* aligned: u is the identity (an aabb), so local coordinates are v - c,
** and lo, hi hold the aabb's own min and max for exact face tests */
typedef struct { double c[3], e[3], u[3][3], lo[3], hi[3]; int aligned; } cl_box;

/* s (an aabb or an obb) as a box frame */
static inline void cl_box_of(const cl_shape *s, cl_box *b) {
  int k;
  if (s->tag == CL_OBB) {
    cl_copy(b->c, s->obb.c);
    cl_copy(b->e, s->obb.e);
    for (k = 0; k < 3; k++) cl_copy(b->u[k], s->obb.u[k]);
    b->aligned = 0;
    return;
  }
  cl_aabb_frame(&s->aabb, b->c, b->e);
  for (k = 0; k < 3; k++) cl_set(b->u[k], k == 0, k == 1, k == 2);
  cl_copy(b->lo, s->aabb.min);
  cl_copy(b->hi, s->aabb.max);
  b->aligned = 1;
}

/* whether a = e x f is long enough to serve as a separating axis:
** |a| > epsilon |e| |f|. Squares where they cannot overflow or underflow,
** lengths (no sqrt on the fast path) otherwise. */
/* the same verdict from aa = |a|^2 and ef = |e|^2 |f|^2, for callers that
** have the squares already: CL_AXIS_LONG decides where CL_AXIS_SQUARES
** holds (no overflow or underflow), cl_axis_ok on lengths elsewhere.
** Macros: the unrolled tests stay as the compiler lays them out best. */
#define CL_AXIS_SQUARES(aa, ef) ((aa) > 1e-250 && (ef) < 1e250)
#define CL_AXIS_LONG(aa, ef) ((aa) > CL_EPSILON * CL_EPSILON * (ef))

static inline int cl_axis_ok(const double a[3], const double e[3], const double f[3]) {
  double aa = cl_dot(a, a), ef = cl_dot(e, e) * cl_dot(f, f);
  if (CL_AXIS_SQUARES(aa, ef)) return CL_AXIS_LONG(aa, ef);
  if (a[0] == 0 && a[1] == 0 && a[2] == 0) return 0;   /* parallel edges: no lengths */
  return cl_length(a) > CL_EPSILON * cl_length(e) * cl_length(f);
}
/* projected radius of a box on an axis (Ericson, Real-Time Collision
** Detection, 5.2.3: testing a box against a plane) */
static inline double cl_box_radius(const cl_box *b, const double a[3]) {
  return b->e[0] * fabs(cl_dot(b->u[0], a)) + b->e[1] * fabs(cl_dot(b->u[1], a))
       + b->e[2] * fabs(cl_dot(b->u[2], a));
}
void cl_tri_local(const cl_box *b, const cl_triangle *t, double v[3][3]);
void cl_segment_of(const cl_triangle *t, cl_ray *r);

#endif
