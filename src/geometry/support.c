/*
** support.c - the convex shapes as GJK sees them (support.h): a shape's
** core, the core's support point in a direction, and its scale. A hull's
** support point is its own (shapes.c), so GJK works on hulls with no call
** into hull.c.
*/
#include "fp.h"
#include "support.h"
#include "collide/hull.h"

void cl_core_support(const cl_core *c, const double v[3], double out[3]) {
  int i, k;
  switch (c->kind) {
    case CL_CORE_AABB:
      for (k = 0; k < 3; k++) out[k] = v[k] >= 0 ? c->hi[k] : c->lo[k];
      return;
    case CL_CORE_OBB:
      cl_copy(out, c->c);
      for (k = 0; k < 3; k++) {
        double s = cl_dot(c->u[k], v);
        cl_madd(out, out, c->u[k], s >= 0 ? c->e[k] : -c->e[k]);
      }
      return;
    case CL_CORE_HULL: cl_hull_support(c->hull, v, out); return;
    default: {
      int best = 0;
      double bd = cl_dot(c->p[0], v);
      for (i = 1; i < c->np; i++) {
        double d = cl_dot(c->p[i], v);
        if (d > bd) { bd = d; best = i; }
      }
      cl_copy(out, c->p[best]);
    }
  }
}

double cl_core_scale(const cl_core *c) {
  double m = 0;
  int i;
  switch (c->kind) {
    case CL_CORE_AABB: return cl_fmax(cl_maxabs3(c->lo), cl_maxabs3(c->hi));
    case CL_CORE_OBB: return cl_maxabs3(c->c) + c->e[0] + c->e[1] + c->e[2];
    case CL_CORE_HULL: return cl_hull_scale(c->hull);
    default:
      for (i = 0; i < c->np; i++) m = cl_fmax(m, cl_maxabs3(c->p[i]));
      return m;
  }
}
