/*
** segment.h - internal to the geometry files: the distance between a
** segment and a shape (segment.c), for the capsule tests (intersect.c,
** contact.c) and the distance between shapes (distance.c).
*/
#ifndef COLLIDE_SEGMENT_H
#define COLLIDE_SEGMENT_H

#include <stdint.h>
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
/* 1 when the segment a-b is farther than r from x, an aabb or a triangle
** that is not degenerate, as cl_segment_distance would find, by a face of
** the box or the triangle's plane, both ends beyond it by more than r
** and far more than either distance is rounded (1e-9 of the coordinates'
** size); 0 when that does not tell (then ask cl_segment_distance) */
int cl_segment_beyond(const cl_shape *x, const double a[3], const double b[3], double r);

/* The last answers of cl_segment_distance for an aabb, obb or triangle,
** kept by a caller that asks the same question several times: a move
** asks it of the capsule's segment and the same box at the same place in
** its push-out's contact, at the start of each leg's sweep, and in the
** touch probe's contact at the point a sweep stopped. An answer is
** handed back only for the same bits of x, a and b, so it is the one the
** search would give. */
#define CL_SEGMENT_MEMO 8   /* rooms, one answer each, chosen by a hash */
typedef struct {
  double a[3], b[3], p[3], q[3], d;
  cl_shape x;
} cl_segment_memo_entry;
/* and the last unit directions cl_normalize gave the searches: edges of
** the same triangles, the same segment, asked again */
#define CL_SEGMENT_UNITS 64
typedef struct {
  double in[3], out[3], len;
} cl_segment_unit;
typedef struct cl_segment_memo {
  unsigned used;             /* a bit for each room that holds an answer */
  uint64_t units;            /* a bit for each room of unit that holds one */
  cl_segment_memo_entry e[CL_SEGMENT_MEMO];
  cl_segment_unit unit[CL_SEGMENT_UNITS];
} cl_segment_memo;
void cl_segment_memo_init(cl_segment_memo *m);
/* cl_segment_distance, through the memo m (NULL: none) */
double cl_segment_distance_memo(cl_segment_memo *m, const cl_shape *x, const double a[3],
                                const double b[3], double p[3], double q[3]);
/* cl_contact, cl_shape_distance_u and cl_sweep_until (cl_sweep for a
** limit of 1) with the segment distances of a capsule through the memo m
** (NULL: none) */
int cl_contact_memo(const cl_shape *a, const cl_shape *b, double n[3], double *depth,
                    cl_segment_memo *m);
double cl_shape_distance_memo(const cl_shape *a, const cl_shape *b, double pa[3], double pb[3],
                              double u[3], double *core, cl_segment_memo *m);
int cl_sweep_memo(const cl_shape *mover, const double d[3], const cl_shape *target,
                  double limit, cl_segment_memo *m, cl_hit *h);

#endif
