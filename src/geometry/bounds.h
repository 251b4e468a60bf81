/*
** bounds.h - internal to the geometry files: the bounds of the shapes a
** move asks about at every step (its capsule or box, the boxes it meets)
** inline, the others through cl_bounds (shapes.c), which answers the
** same for them.
*/
#ifndef COLLIDE_BOUNDS_H
#define COLLIDE_BOUNDS_H

#include <float.h>
#include "collide/collide.h"

/* the bounds of a shape whose extent overflows (a huge obb or sphere, a
** long ray) are clamped to +-DBL_MAX: still a box around every point of
** the shape a double can hold, and never infinite */
static inline int cl_bounds_clamped(cl_aabb *b) {
  int k;
  for (k = 0; k < 3; k++) {
    if (b->min[k] < -DBL_MAX) b->min[k] = -DBL_MAX;
    if (b->max[k] > DBL_MAX) b->max[k] = DBL_MAX;
  }
  return 1;
}

static inline int cl_capsule_bounds(const cl_capsule *c, cl_aabb *out) {
  int k;
  for (k = 0; k < 3; k++) {
    out->min[k] = cl_fmin(c->a[k], c->b[k]) - c->r;
    out->max[k] = cl_fmax(c->a[k], c->b[k]) + c->r;
  }
  out->tag = CL_AABB;
  return cl_bounds_clamped(out);
}

/* cl_bounds, an aabb's and a capsule's without a call */
static inline int cl_bounds_of(const cl_shape *s, cl_aabb *out) {
  if (s->tag == CL_AABB) { *out = s->aabb; return 1; }
  if (s->tag == CL_CAPSULE) return cl_capsule_bounds(&s->cap, out);
  return cl_bounds(s, out);
}

#endif
