/*
** dispatch.h - internal to the geometry files: the kernels of one kind
** each that the dispatch (dispatch.c) calls. The dispatch is the one place
** that looks at a shape's kind for the queries of a shape alone (copy,
** translate, bounds, closest point, containment, outlines); each kernel
** here answers for the kind its name says and never looks at another's.
*/
#ifndef COLLIDE_DISPATCH_H
#define COLLIDE_DISPATCH_H

#include "collide/collide.h"
#include "collide/hull.h"

/* points.c: the closest point of a triangle to p, and its barycentric
** weights w */
void cl_closest_on_triangle(const cl_triangle *tr, const double p[3], double out[3],
                            double w[3]);

/* lines.c: the outline of one shape written at out (room for 6
** cl_lines_count doubles), its points clamped to the doubles first */
void cl_lines_aabb(const cl_aabb *b, double *out);
void cl_lines_obb(const cl_obb *o, double *out);
void cl_lines_plane(const cl_plane *p, double *out);
void cl_lines_triangle(const cl_triangle *t, double *out);
void cl_lines_ray(const cl_ray *r, double *out);
void cl_lines_sphere(const cl_sphere *s, double *out);
void cl_lines_capsule(const cl_capsule *c, double *out);
void cl_lines_hull(const cl_hull *h, double *out);

#endif
