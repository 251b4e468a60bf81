/*
** sat.h - internal to the geometry files: boxes as frames, shared by the
** separating-axis tests (tests.c) and the contact routines (contact.c).
*/
#ifndef COLLIDE_SAT_H
#define COLLIDE_SAT_H

#include "collide.h"

/* an aabb or obb as centre, half extents and unit axes */
typedef struct { double c[3], e[3], u[3][3]; } cl_box;

void cl_box_of(const cl_shape *s, cl_box *b);
double cl_box_radius(const cl_box *b, const double a[3]);
void cl_tri_local(const cl_box *b, const cl_triangle *t, double v[3][3]);
void cl_segment_of(const cl_triangle *t, cl_ray *r);

#endif
