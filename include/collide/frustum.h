/*
** frustum.h - a view frustum: six inward planes and the solid they bound,
** with exact classification of points and shapes. Plain C99, no Lua.
*/
#ifndef COLLIDE_FRUSTUM_H
#define COLLIDE_FRUSTUM_H

#include "collide.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The planes in the order left, right, bottom, top, near, far, normals
** pointing inwards. Corner i (0..7): bit 0 picks left/right, bit 1
** bottom/top, bit 2 near/far, as cl_aabb_corner does with x, y, z. The
** rest is derived from the planes by cl_frustum_init. */
typedef struct {
  cl_plane p[6];
  double c[8][3];
  double e[12][3];       /* the distinct unit edge directions, ne of them */
  int ne;
  cl_shape face[12];     /* each face as two triangles, in plane order */
} cl_frustum;

/* the frustum bounded by p[0..5]; 0 (and f unchanged) when they bound no
** frustum: three planes of a corner nearly parallel, a corner not finite
** or outside another plane, or a plane with every corner on it */
int cl_frustum_init(cl_frustum *f, const cl_plane p[6]);
/* the frustum of a projection (or view-projection) matrix m, 16 finite
** numbers, in column order (m[c * 4 + r]) or row order (m[r * 4 + c]);
** 0 and f unchanged when it defines none */
int cl_frustum_from_matrix(cl_frustum *f, const double m[16], int row_order);
/* -1 outside, 0 on the boundary, 1 inside */
int cl_frustum_classify_point(const cl_frustum *f, const double x[3]);
/* -1 outside, 0 crossing, 1 inside, for every kind of shape. planes_only:
** the plane-by-plane answer alone (cl_classify against each plane): exact
** for 1 and for a shape behind one plane, 0 where an exact test may say
** -1 (near an edge or corner). Planes and rays are always exact. */
int cl_frustum_classify(const cl_frustum *f, const cl_shape *s, int planes_only);

#ifdef __cplusplus
}
#endif

#endif
