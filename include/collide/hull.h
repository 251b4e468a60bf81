/*
** hull.h - the convex hull (collide.hull): built once by quickhull from a
** point cloud, kept as its vertices, face planes, face polygons and edges
** in its own frame, and placed by a position and a rotation as an obb is.
** Plain C99, no Lua.
*/
#ifndef COLLIDE_HULL_H
#define COLLIDE_HULL_H

#include "collide.h"

#ifdef __cplusplus
extern "C" {
#endif

/* the most vertices a hull keeps: queries hold one hull's vertices and
** planes in the frame of another on the C stack (no allocation) */
#define CL_HULL_MAX_VERTICES 256
#define CL_HULL_MAX_FACES (2 * CL_HULL_MAX_VERTICES - 4)
/* points within CL_HULL_BUILD_REL times the point set's size (its
** largest extent, at least its largest coordinate times 1e-6) of a face
** are on it: they are no new vertex, and faces within it of one plane
** are one face */
#define CL_HULL_BUILD_REL 1e-9
/* where rounding defeats quickhull at that tolerance (sets barely thicker
** than it), it runs again with ten times the tolerance, up to this */
#define CL_HULL_BUILD_MAX 1e-6
/* the queries' tolerance relative to the largest coordinate involved: a
** separation, a point's height over a face up to it counts as touching */
#define CL_HULL_REL 1e-12
/* above this many edge pairs, intersects between a hull and a polytope
** asks GJK first (gjk.c): a certified distance above the tolerance is a
** miss, cores that meet within GJK's tolerance (CL_GJK_REL, a tenth of
** this one) a hit; the separating axes decide only where GJK stopped on
** rounding, and always for contact (which needs the depth): they cost
** the product of the two edge counts */
#define CL_HULL_SAT_PAIRS 256
/* above this many edge pairs, the contact of a hull and a polytope whose
** cores overlap asks EPA (epa.c) for the normal, then measures only the
** separating axes near it, exactly as the full search would; it runs
** every axis where EPA fails or those axes miss its depth */
#define CL_HULL_EPA_PAIRS 256

/* The hull in its frame. The arrays follow the struct in one block
** (cl_hull_store): v[nv], the vertices; plane[nf], each face's unit
** outward normal and d (dot(n, x) <= d inside); the vertices of face f,
** counter-clockwise seen from outside, fv[fstart[f] .. fstart[f + 1] - 1];
** edge[ne], each the vertices a, b and the faces on either side, the one
** that runs a to b first. V - E + F = 2. */
struct cl_hull_data {
  int nv, nf, ne, nfv;
  const double (*v)[3];
  const double (*plane)[4];
  const int (*edge)[4];
  const int *fstart, *fv;
  double centroid[3];   /* the mean of the vertices */
  double radius;        /* the largest |v| */
  double lo[3], hi[3];  /* the vertices' bounds */
};

/* the counts of a built hull: vertices, faces, edges, face vertices */
typedef struct { int nv, nf, ne, nfv; } cl_hull_counts;

/* the scratch cl_hull_build needs for n points, 0 when n is too large */
size_t cl_hull_work_size(size_t n);
/* quickhull (Barber, Dobkin and Huhdanpaa, "The Quickhull Algorithm for
** Convex Hulls", ACM TOMS 1996) of the n points p[3 * i ..] in work (at
** least cl_hull_work_size(n) bytes, aligned for doubles). 0 and the counts
** when built; 1 when the points span no volume (fewer than four, or all
** within the tolerance of a plane); 2 when the hull has more than
** CL_HULL_MAX_VERTICES vertices; 3 when rounding broke the construction;
** 4 when a face plane's d is not finite (points near the largest double) */
int cl_hull_build(const double *p, size_t n, void *work, cl_hull_counts *out);
/* the bytes the built hull takes (its cl_hull_data and arrays) */
size_t cl_hull_data_size(const cl_hull_counts *c);
/* writes the hull built in work into buf (cl_hull_data_size bytes,
** aligned for doubles); returns it */
const cl_hull_data *cl_hull_store(const void *work, const double *p, void *buf);
/* a copy of the hull data src in buf (cl_hull_data_size bytes) */
const cl_hull_data *cl_hull_copy_data(const cl_hull_data *src, void *buf);

void cl_hull_init(cl_hull *h, const cl_hull_data *d, const double c[3], const double q[4]);
void cl_hull_place(cl_hull *h, const double c[3], const double q[4]);
/* vertex i, face i's plane (n, d) and edge i's end points in world space */
void cl_hull_vertex(const cl_hull *h, int i, double p[3]);
void cl_hull_face(const cl_hull *h, int i, double n[3], double *d);
void cl_hull_edge(const cl_hull *h, int i, double a[3], double b[3]);
/* the world centroid (the vertices' mean) */
void cl_hull_centre(const cl_hull *h, double p[3]);
/* the extent of the hull along a world direction a: min and max of dot(a, x) */
void cl_hull_extent(const cl_hull *h, const double a[3], double *lo, double *hi);
/* a vertex farthest along the world direction v */
void cl_hull_support(const cl_hull *h, const double v[3], double out[3]);
/* the largest absolute world coordinate the hull can reach */
double cl_hull_scale(const cl_hull *h);
void cl_hull_bounds(const cl_hull *h, cl_aabb *out);

int cl_hull_contains(const cl_hull *h, const double p[3]);
/* p itself when contained (cl_hull_contains), else the closest point of
** the faces */
void cl_hull_closest(const cl_hull *h, const double p[3], double out[3]);
/* the face through which the point leaves least: its world normal, and
** how far the point is inside it (>= 0 for a contained point) */
double cl_hull_exit(const cl_hull *h, const double p[3], double n[3]);
/* ray cast: clipping by the face planes (Ericson, Real-Time Collision
** Detection, 5.3.8); an origin inside: t = 0, the origin, -direction */
int cl_hull_cast(const cl_ray *r, const cl_hull *h, cl_hit *hit);
/* the hull against an aabb, obb, triangle (a degenerate one too), a
** segment or point (a capsule's core, from a to b) or another hull by
** separating axes: 0 when separated by more than the tolerance. With n and
** depth, the minimum translation: n (unit, world) moves the other shape
** out of the hull, depth how far */
int cl_hull_sat(const cl_hull *h, const cl_shape *s, double n[3], double *depth);
/* cl_hull_sat by every separating axis, whatever the sizes (no GJK
** first, no EPA): the search cl_hull_sat falls back on, and the reference
** its EPA path is tested against (tests/hull_contact_test.c) */
int cl_hull_sat_all(const cl_hull *h, const cl_shape *s, double n[3], double *depth);
int cl_hull_sat_segment(const cl_hull *h, const double a[3], const double b[3], double n[3],
                        double *depth);

#ifdef __cplusplus
}
#endif

#endif
