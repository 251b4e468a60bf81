/*
** support.h - internal to the geometry files: a convex shape as GJK sees
** it, a proxy of the shape (as Box2D's shape proxy or a support mapping in
** Ericson, Real-Time Collision Detection, 9.5): a core (a box, the hull of
** up to three points, or a convex hull) grown by a radius, asked only for
** its support point in a direction and for the scale of its coordinates.
** GJK (gjk.c) and every test built on it work on any core through these
** three functions alone (support.c), whatever the shape behind it.
*/
#ifndef COLLIDE_SUPPORT_H
#define COLLIDE_SUPPORT_H

#include "collide/collide.h"

/* kind: CL_CORE_POINTS (the hull of p[0..np-1]), CL_CORE_AABB (lo, hi),
** CL_CORE_OBB (c, e, u), CL_CORE_HULL (hull); every point of the shape is
** within r of the core */
enum { CL_CORE_POINTS, CL_CORE_AABB, CL_CORE_OBB, CL_CORE_HULL };
typedef struct {
  int kind, np;
  double p[3][3], lo[3], hi[3], c[3], e[3], u[3][3], r;
  const cl_hull *hull;   /* CL_CORE_HULL: the hull itself */
} cl_core;

/* the core of an aabb, obb, triangle (a degenerate one too), sphere,
** capsule or hull; 0 for a plane or a ray */
int cl_core_of(const cl_shape *s, cl_core *c);
/* the point of the core farthest along v (ties: the box's centre line) */
void cl_core_support(const cl_core *c, const double v[3], double out[3]);
/* largest absolute coordinate of the core's points */
double cl_core_scale(const cl_core *c);

#endif
