/*
** faces.h - internal to the geometry files: the faces and features that
** the manifold's clipping takes of a shape (manifold.c; Ericson, Real-Time
** Collision Detection, 8.3.4). The reference face of a shape along a
** direction and its incident feature are the dispatch's (dispatch.c),
** which hands each kind to its kernel here (faces.c).
*/
#ifndef COLLIDE_FACES_H
#define COLLIDE_FACES_H

#include "collide/collide.h"
#include "collide/hull.h"

/* a reference face is one whose outward normal n has 1 - dot(n, normal)
** at most this with the contact normal (an angle of about 4.5e-4) */
#define CL_ALIGN_TOL 1e-7
/* candidates: a hull face's vertices grown by one per clipping plane */
#define CL_FEATURE_MAX (2 * CL_HULL_MAX_VERTICES + 8)

/* the half space dot(n, x - o) <= 0 */
typedef struct { double n[3], o[3]; } cl_mplane;

typedef struct {
  cl_mplane face;          /* outward normal, a point of the face */
  int ns;
  cl_mplane side[5];       /* the planes of the shape's other faces */
  const cl_hull *hull;     /* a hull's: every face but the reference, read as it clips */
  int hface;
} cl_reference;

/* a polygon (np >= 3, in order around it), a segment (2) or a point (1) */
typedef struct { int np; double p[CL_FEATURE_MAX][3]; } cl_feature;

static inline double cl_mplane_dist(const cl_mplane *pl, const double x[3]) {
  double d[3];
  cl_sub(d, x, pl->o);
  return cl_dot(pl->n, d);
}

static inline void cl_mplane_set(cl_mplane *pl, const double n[3], const double o[3]) {
  cl_copy(pl->n, n);
  cl_copy(pl->o, o);
}

/* dispatch.c: the face of s (a plane, box, triangle or hull) whose
** outward normal is most along the unit direction d, as a reference: 0
** when s has none or it is not within CL_ALIGN_TOL of d; the feature of s
** (any kind but a plane or a ray) extreme along d (none: np 0) */
int cl_reference_of(const cl_shape *s, const double d[3], cl_reference *r);
void cl_feature_of(const cl_shape *s, const double d[3], cl_feature *f);

/* faces.c: the kernels, one kind each (a box: an aabb or an obb), r
** started empty (no sides, no hull) */
void cl_reference_plane(const cl_plane *p, const double d[3], cl_reference *r);
void cl_reference_box(const cl_shape *s, const double d[3], cl_reference *r);
/* 0 for a degenerate triangle */
int cl_reference_triangle(const cl_triangle *t, const double d[3], cl_reference *r);
void cl_reference_hull(const cl_hull *h, const double d[3], cl_reference *r);
void cl_feature_box(const cl_shape *s, const double d[3], cl_feature *f);
void cl_feature_triangle(const cl_triangle *t, cl_feature *f);
void cl_feature_sphere(const cl_sphere *s, const double d[3], cl_feature *f);
void cl_feature_capsule(const cl_capsule *c, const double d[3], cl_feature *f);
void cl_feature_hull(const cl_hull *h, const double d[3], cl_feature *f);

#endif
