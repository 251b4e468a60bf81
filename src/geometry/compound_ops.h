/*
** compound_ops.h - internal to the geometry files: the queries of a
** compound (compound.c), which every entry point (cl_intersects, cl_cast,
** cl_contact, ...) hands a compound to before anything else, so that no
** convex kernel ever sees one. Each visits the children (culled by the
** compound's tree) and asks the entry point again with each placed child.
*/
#ifndef COLLIDE_COMPOUND_OPS_H
#define COLLIDE_COMPOUND_OPS_H

#include "collide/compound.h"

/* a or b a compound */
int cl_compound_intersects(const cl_shape *a, const cl_shape *b);
int cl_compound_contact(const cl_shape *a, const cl_shape *b, double n[3], double *depth);
double cl_compound_distance(const cl_shape *a, const cl_shape *b, double pa[3], double pb[3]);
int cl_compound_manifold_add(const cl_shape *a, const cl_shape *b, const double *hint,
                             cl_reduce *r);
int cl_compound_manifold(const cl_shape *a, const cl_shape *b, cl_contacts *m);
/* manifold.c: cl_manifold_add for a placed child a (or b) of a compound
** and a shape that is not one, along the hint of the compound's deepest
** child: only a child touching along the hint adds points, each no deeper
** than the child's own contact */
int cl_manifold_add_part(const cl_shape *a, const cl_shape *b, const double *hint,
                         cl_reduce *r);
/* the compound's own */
int cl_compound_classify(const cl_plane *p, const cl_compound *c);
void cl_compound_bounds(const cl_compound *c, cl_aabb *out);
void cl_compound_closest(const cl_compound *c, const double p[3], double out[3]);
double cl_compound_point_distance(const cl_compound *c, const double p[3]);
int cl_compound_contains(const cl_compound *c, const double p[3]);
size_t cl_compound_lines_count(const cl_compound *c);
size_t cl_compound_lines_fill(const cl_compound *c, double *out);

#endif
