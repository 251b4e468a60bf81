/*
** segment.h - internal to the geometry files: the distance between a
** segment and a shape (segment.c), for the capsule tests (intersect.c,
** contact.c) and the distance between shapes (distance.c).
*/
#ifndef COLLIDE_SEGMENT_H
#define COLLIDE_SEGMENT_H

#include "collide/collide.h"

/* golden-section steps of cl_segment_distance for a hull */
#define CL_SEGMENT_ITER 100
/* the distance between the segment a-b and x (aabb, obb, triangle or
** hull); p on the segment, q on x (q == p, where the segment enters, when
** they meet). Exact for a box or a triangle: the least of the ends'
** closest points and the segment's closest points to each edge.
** For a hull (or coordinates that overflow) the distance from x along the
** segment, which is convex, minimised by golden section (CL_SEGMENT_ITER
** steps, then the best of the bracket and the ends). */
double cl_segment_distance(const cl_shape *x, const double a[3], const double b[3],
                           double p[3], double q[3]);
/* cl_segment_distance(x, a, b) <= r, for an aabb, obb or triangle, with
** the search cut at r */
int cl_segment_within(const cl_shape *x, const double a[3], const double b[3], double r);

#endif
