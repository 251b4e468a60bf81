/*
** heightfield.h - a terrain as a grid of heights, answering every query
** exactly as a triangle mesh of its cells' triangles would (the same pair
** tests on the same triangles, ties to the lower index), with no triangle
** stored: a walk over the grid's cells and blocks of cells stands in for
** the mesh's hierarchy. Plain C99, no Lua; the arrays are the caller's.
**
** Vertex (i, j), 0-based column i and row j, is (o[0] + i * sx,
** o[1] + h[j * columns + i], o[2] + j * sz). Cell (i, j) (i < columns - 1,
** j < rows - 1) is two triangles, (i,j) (i,j+1) (i+1,j+1) and
** (i,j) (i+1,j+1) (i+1,j), numbered 2 c and 2 c + 1 (0-based) with
** c = j * (columns - 1) + i. A cell with a NaN height at any of its four
** corners is a hole: its triangles do not exist.
*/
#ifndef COLLIDE_HEIGHTFIELD_H
#define COLLIDE_HEIGHTFIELD_H

#include <stdint.h>
#include "collide.h"
#include "mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

/* cells per side of a block and of a fine block (a block holds 4 x 4 fine
** ones): each keeps the lowest and highest height of its cells, so that a
** walk skips the blocks a query passes above or below, then the fine
** blocks of the blocks it cannot skip */
#define CL_HF_BLOCK 16
#define CL_HF_FINE 4
/* at most this many cells (two triangles each, numbered in 32 bits) */
#define CL_HF_MAX_CELLS 0x7fffffffu

typedef struct {
  double *h;                /* columns * rows heights, row-major (NaN: a hole) */
  double *block;            /* per block (bi + bj * bcols): the lowest and the
                            ** highest o[1] + h of its existing cells' corners
                            ** (inf, -inf when it has none) */
  double *fine;             /* the same per fine block (fi + fj * fcols) */
  uint32_t *material;       /* (columns - 1) * (rows - 1) materials, a cell's
                            ** (c as below) for both its triangles; the
                            ** caller's (cl_heightfield_use_materials), or
                            ** NULL: none */
  uint32_t columns, rows;   /* vertices per row, rows; 2 at least */
  uint32_t bcols, brows;    /* blocks along x and z */
  uint32_t fcols, frows;    /* fine blocks along x and z */
  double sx, sz, o[3];      /* spacing (> 0) and origin */
  double isx, isz;          /* 1 / sx, 1 / sz (a cell's index from a coordinate) */
  int empty;                /* no cell exists (then min, max are 0) */
  double min[3], max[3];    /* bounds of the existing triangles */
  double maxabs;            /* largest absolute coordinate of the bounds */
} cl_heightfield;

/* the number of blocks and fine blocks of a grid: what cl_heightfield_use's
** block array holds (two doubles each); 0 when the grid is too large or
** too small */
size_t cl_heightfield_blocks(uint32_t columns, uint32_t rows);
/* the heightfield over the caller's arrays h (columns * rows doubles) and
** block (2 cl_heightfield_blocks doubles); call cl_heightfield_refresh
** once h is filled */
void cl_heightfield_use(cl_heightfield *hf, double *h, double *block, uint32_t columns,
                        uint32_t rows, double sx, double sz, const double o[3]);
/* points hf (its columns and rows set) at the arrays h and block again,
** as cl_heightfield_use laid them out, and derives the block counts */
void cl_heightfield_arrays(cl_heightfield *hf, double *h, double *block);
/* gives the heightfield the caller's per-cell materials (one a cell, c =
** j * (columns - 1) + i, each 0 .. 2^31 - 1; NULL: none), which it does
** not own */
void cl_heightfield_use_materials(cl_heightfield *hf, uint32_t *material);
/* sets cell (i, j)'s material (m 0 .. 2^31 - 1): 0 when the heightfield
** has no materials or the cell does not exist, else 1 */
int cl_heightfield_set_material(cl_heightfield *hf, uint32_t i, uint32_t j, uint32_t m);
/* triangle index's material (0-based, both triangles of a cell share
** it), -1 when the heightfield has none or index is not a triangle */
long long cl_heightfield_material(const cl_heightfield *hf, size_t index);
/* computes the blocks and the bounds from the heights */
void cl_heightfield_refresh(cl_heightfield *hf);
/* sets height (i, j) (NaN: a hole) and updates the blocks and bounds */
void cl_heightfield_set(cl_heightfield *hf, uint32_t i, uint32_t j, double h);
/* the number of triangle numbers, holes included: 2 (columns-1) (rows-1) */
size_t cl_heightfield_count(const cl_heightfield *hf);
/* triangle index (0-based); 0 when it is in a hole */
int cl_heightfield_triangle(const cl_heightfield *hf, size_t index, cl_triangle *t);
/* the bounds of the existing triangles; 0 when there is none */
int cl_heightfield_bounds(const cl_heightfield *hf, cl_aabb *out);

/* the nearest hit of cl_cast over all triangles; *index its triangle
** (0-based, the lowest of those hit at the same t) */
int cl_heightfield_cast(const cl_heightfield *hf, const cl_ray *r, int cull, cl_hit *h,
                        size_t *index);
/* 1 when some triangle intersects s (cl_intersects) */
int cl_heightfield_intersects(const cl_heightfield *hf, const cl_shape *s);
/* called with each triangle a query finds, in increasing index; returns 0
** to stop the query there */
typedef int (*cl_heightfield_visit)(void *ctx, uint32_t index, const cl_triangle *t);
/* the triangles that intersect s (cl_intersects), in increasing index,
** each handed to visit (NULL: only counted); returns how many were */
size_t cl_heightfield_query(const cl_heightfield *hf, const cl_shape *s,
                            cl_heightfield_visit visit, void *ctx);
/* the nearest hit of cl_sweep(mover, d, triangle) over all triangles;
** *index its triangle (0-based, the lowest of those hit at the same t) */
int cl_heightfield_sweep(const cl_heightfield *hf, const cl_shape *mover, const double d[3],
                         cl_hit *h, size_t *index);
/* the triangle nearest p within limit, as cl_mesh_closest answers for
** the mesh of the cells' triangles (ties to the lowest index): 1, *d, the
** closest point and the index; 0 when none is that near. The blocks are
** visited in rings around the one under p, the rings stopping once they
** lie farther than the best so far. */
int cl_heightfield_closest(const cl_heightfield *hf, const double p[3], double limit, double *d,
                           double out[3], size_t *index);
/* the contact and the manifold of s with the heightfield (triset.c), as
** cl_mesh_contact and cl_mesh_manifold answer for the mesh of the cells'
** triangles (hf_first: each triangle first, n from it towards s); no
** scratch, the cells are visited in increasing index */
int cl_heightfield_contact(const cl_heightfield *hf, const cl_shape *s, int hf_first,
                           double n[3], double *depth, size_t *index);
int cl_heightfield_manifold(const cl_heightfield *hf, const cl_shape *s, int hf_first,
                            cl_contacts *out);
/* 1 when a triangle of hf intersects a triangle of the mesh, or of b */
int cl_heightfield_intersects_mesh(const cl_heightfield *hf, const cl_mesh *m);
int cl_heightfield_intersects_heightfield(const cl_heightfield *a, const cl_heightfield *b);

/* debug lines (lines.c): the edges of the triangles whose bounds meet
** box (touching counts; NULL: every triangle), three segments a triangle
** (a-b, b-c, c-a), the triangles in increasing index. count: the number
** of segments; fill writes them into out (room for 6 count doubles, six
** a segment) and returns it. Nothing is allocated. */
size_t cl_heightfield_lines_count(const cl_heightfield *hf, const cl_aabb *box);
size_t cl_heightfield_lines_fill(const cl_heightfield *hf, const cl_aabb *box, double *out);

#ifdef __cplusplus
}
#endif

#endif
