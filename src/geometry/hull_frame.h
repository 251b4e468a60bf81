/*
** hull_frame.h - internal to the geometry files: the placed hull's frame.
** A hull keeps its vertices and face planes in its own frame and is placed
** by a position c and the unit axes u of its rotation, as an obb is; its
** queries move a point or a direction into that frame, work there, and
** move the answer back. Shared by every file that holds a query of the
** hull.
*/
#ifndef COLLIDE_HULL_FRAME_H
#define COLLIDE_HULL_FRAME_H

#include "collide/hull.h"

/* world to local: a direction, a point */
static inline void cl_hull_dir_in(const cl_hull *h, const double a[3], double l[3]) {
  l[0] = cl_dot(a, h->u[0]); l[1] = cl_dot(a, h->u[1]); l[2] = cl_dot(a, h->u[2]);
}
static inline void cl_hull_point_in(const cl_hull *h, const double p[3], double l[3]) {
  double d[3];
  cl_sub(d, p, h->c);
  cl_hull_dir_in(h, d, l);
}
/* local to world */
static inline void cl_hull_dir_out(const cl_hull *h, const double l[3], double a[3]) {
  int k;
  for (k = 0; k < 3; k++) a[k] = h->u[0][k] * l[0] + h->u[1][k] * l[1] + h->u[2][k] * l[2];
}
static inline void cl_hull_point_out(const cl_hull *h, const double l[3], double p[3]) {
  double a[3];
  cl_hull_dir_out(h, l, a);
  cl_add(p, h->c, a);
}

#endif
