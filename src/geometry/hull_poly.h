/*
** hull_poly.h - internal to the geometry files: a convex polytope in the
** frame of the hull it is tested against (hull.c's separating axes), and
** the kernels that give each kind's (hull_poly.c); the dispatch
** (dispatch.c) picks the kind's.
*/
#ifndef COLLIDE_HULL_POLY_H
#define COLLIDE_HULL_POLY_H

#include "collide/collide.h"
#include "collide/hull.h"

/* vertices, face planes (unit n, d) and edges (two vertices and the two
** faces beside, -1 when it has not two) */
typedef struct {
  int nv, nf, ne;
  const double (*v)[3];
  const double (*pl)[4];
  const int (*e)[4];
  double c[3];
} cl_poly;

/* storage for the other shape in the hull's frame */
typedef struct {
  double v[CL_HULL_MAX_VERTICES][3];
  double pl[CL_HULL_MAX_FACES][4];
} cl_poly_store;

/* dispatch.c: the shape s (aabb, obb, triangle, hull) in hull h's frame,
** its arrays in st; and the number of its edges */
void cl_poly_of(const cl_hull *h, const cl_shape *s, cl_poly *P, cl_poly_store *st);
int cl_poly_edges(const cl_shape *s);

/* hull_poly.c: the kernels, P's arrays already pointed at st's */
void cl_poly_aabb(const cl_hull *h, const cl_aabb *b, cl_poly *P, cl_poly_store *st);
void cl_poly_obb(const cl_hull *h, const cl_obb *o, cl_poly *P, cl_poly_store *st);
void cl_poly_triangle(const cl_hull *h, const cl_triangle *t, cl_poly *P, cl_poly_store *st);
void cl_poly_hull(const cl_hull *h, const cl_hull *o, cl_poly *P, cl_poly_store *st);

#endif
