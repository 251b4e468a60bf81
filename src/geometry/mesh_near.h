/*
** mesh_near.h - the triangles of a mesh near a box, gathered once for the
** queries a move asks in it (a character's passes in one update, the
** sweeps of scene:move): internal to the world's move and the character,
** not part of the public API. The code is mesh.c's, beside the walks it
** stands in for.
*/
#ifndef COLLIDE_MESH_NEAR_H
#define COLLIDE_MESH_NEAR_H

#include <stdint.h>
#include "collide/mesh.h"

/* The triangles near a box: their leaf slots, in the order of the
** tree's walk, into the caller's array. A query whose bounds lie inside the
** box tests only those (the same triangles, in the same order, as its walk
** of the tree would reach); any other query walks the tree. With room for
** triangles, the first ntri gathered are made (cl_triangle_init) at most
** once, when a query first needs them, and kept for the next queries. */
typedef struct {
  cl_aabb box;
  double pad;
  const uint32_t *slot;
  size_t n;
  cl_triangle *tri;          /* the made triangles (tag -1: not made yet), or NULL */
  size_t ntri;
  int ok;                    /* 0: nothing gathered, every query walks */
  /* the segment distances its sweeps of the gathered triangles keep
  ** (internal: a move's, for the questions it asks again), or NULL */
  struct cl_segment_memo *memo;
  /* room for the first ntri triangles' axes that the sweeps' bounds test
  ** (cl_mesh_near_keep_axes), or NULL */
  struct cl_mesh_near_axes *axes;
} cl_mesh_near;
/* what the sweeps and visits keep of one gathered triangle (internal to
** them): its bounds blo..bhi; the axes a sweep's bound tests beyond the
** boxes', its unit normal and its edges' unit normals in its plane, n of
** them (-1: not made yet), and its extent lo..hi along each */
typedef struct cl_mesh_near_axes {
  double blo[3], bhi[3];
  double ax[4][3], lo[4], hi[4];
  int n;
} cl_mesh_near_axes;
/* after cl_mesh_near_gather: room for what the queries keep of the
** triangles it makes (as many as its ntri): their bounds, made here, and
** their axes, made by the first sweep that needs them */
void cl_mesh_near_keep_axes(const cl_mesh *m, cl_mesh_near *nr, cl_mesh_near_axes *room);
/* gathers into slots (room for cap) the triangles whose bounds meet box,
** with tri (room for ntri, or NULL and 0) for the made triangles; 0 (nr->ok
** 0) when there are more than cap or the box is not finite */
int cl_mesh_near_gather(const cl_mesh *m, const cl_aabb *box, uint32_t *slots, size_t cap,
                        cl_triangle *tri, size_t ntri, cl_mesh_near *nr);
/* cl_mesh_visit and cl_mesh_sweep, over the gathered triangles when the
** query lies inside their box */
size_t cl_mesh_visit_near(const cl_mesh *m, const cl_mesh_near *nr, const cl_shape *s,
                          int (*fn)(void *ud, const cl_triangle *t, size_t index), void *ud);
int cl_mesh_sweep_near(const cl_mesh *m, const cl_mesh_near *nr, const cl_shape *mover,
                       const double d[3], cl_hit *h, size_t *index);
/* hands fn, with its hit, each triangle that box meets and that mover
** swept by d hits (cl_sweep), in the order cl_mesh_visit_near(m, nr, box)
** visits them; how many, or -1 (nothing handed) when the gathered box does
** not hold box */
long long cl_mesh_sweep_each_near(const cl_mesh *m, const cl_mesh_near *nr, const cl_shape *box,
                                  const cl_shape *mover, const double d[3],
                                  void (*fn)(void *ud, const cl_triangle *t, size_t index,
                                             const cl_hit *h),
                                  void *ud);
/* whether the gathered box holds box (a visit of box, and
** cl_mesh_sweep_each_near with box, go over the gathered triangles) */
int cl_mesh_near_holds(const cl_mesh *m, const cl_mesh_near *nr, const cl_shape *box);
/* cl_mesh_sweep_each_near nearest first and bounded: the triangles that
** mover swept by d may hit taken by a lower bound of their t (ties in the
** visit's order), each while that bound is at most *limit and handed only
** when cl_sweep hits it at t <= *limit, with its place in the visit's
** order; fn may lower *limit (it reads it after each call). A triangle not
** handed is one cl_sweep hits after *limit, or misses. -1 (nothing
** handed) when the gathered box does not hold box or more than 64
** triangles may be hit */
long long cl_mesh_sweep_each_near_until(const cl_mesh *m, const cl_mesh_near *nr,
                                        const cl_shape *box, const cl_shape *mover,
                                        const double d[3], const double *limit,
                                        void (*fn)(void *ud, const cl_triangle *t, size_t index,
                                                   size_t order, const cl_hit *h),
                                        void *ud);
#endif
