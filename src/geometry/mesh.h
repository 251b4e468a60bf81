/*
** mesh.h - a static triangle mesh held in a bounding volume hierarchy.
** Plain C99, no Lua. The mesh owns its arrays (malloc); queries allocate
** nothing and give exactly the answers of the same test run on every
** triangle (cl_cast, cl_intersects), with ties to the lowest triangle index.
*/
#ifndef COLLIDE_MESH_H
#define COLLIDE_MESH_H

#include <stdint.h>
#include "collide.h"

/* One inner node of the flat node array: the boxes of its two children
** (floats rounded outwards, 48 bytes) and, for each child, either an inner
** node (count 0, child its index) or a leaf (count 1..CL_MESH_LEAF_MAX
** triangles: slots child .. child + count - 1 of `order`). 64 bytes, one
** cache line: a node is read once to decide on both children. */
typedef struct {
  float lo[2][3], hi[2][3];
  uint32_t child[2], count[2];
} cl_mesh_node;

#define CL_MESH_LEAF_MAX 8
/* the tree is never deeper than this (traversal stacks of this size) */
#define CL_MESH_MAX_DEPTH 100

typedef struct {
  double *v;            /* nv vertices, x y z each */
  uint32_t *tri;        /* nt triangles: three 0-based vertex indices each */
  uint32_t *order;      /* nt triangle indices in leaf order */
  cl_mesh_node *node;   /* nn inner nodes, the root first (64-byte aligned) */
  void *node_mem;       /* the allocation node points into */
  size_t nv, nt, nn;    /* nn = 0 with nt > 0: the root is one leaf */
  double min[3], max[3];  /* bounds of the triangles (of what is referenced) */
  float rlo[3], rhi[3];   /* the same, rounded outwards */
  double maxabs;          /* largest absolute coordinate in the bounds */
} cl_mesh;

/* an empty mesh, no arrays */
void cl_mesh_init(cl_mesh *m);
/* allocates v and tri for nv vertices and nt triangles, which the caller
** then fills (every index < nv, every coordinate finite); 0 if out of memory */
int cl_mesh_reserve(cl_mesh *m, size_t nv, size_t nt);
/* builds the hierarchy over v and tri (binned SAH, O(n log n)); 0 if out of
** memory, the mesh is then left without a tree and must be freed */
int cl_mesh_build(cl_mesh *m);
void cl_mesh_free(cl_mesh *m);
/* bytes held by the mesh's arrays */
size_t cl_mesh_memory(const cl_mesh *m);

/* triangle i (0-based) */
void cl_mesh_triangle(const cl_mesh *m, size_t i, cl_triangle *t);
/* the triangles' bounds; 0 for an empty mesh */
int cl_mesh_bounds(const cl_mesh *m, cl_aabb *out);

/* the nearest hit of cl_cast over all triangles; *index its triangle
** (0-based, the lowest of those hit at the same t) */
int cl_mesh_cast(const cl_mesh *m, const cl_ray *r, int cull, cl_hit *h, size_t *index);
/* 1 when some triangle intersects s (cl_intersects) */
int cl_mesh_intersects(const cl_mesh *m, const cl_shape *s);
/* the triangles that intersect s, 0-based in increasing order, into out
** (room for m->nt); returns how many */
size_t cl_mesh_query(const cl_mesh *m, const cl_shape *s, uint32_t *out);
/* the nearest hit of cl_sweep(mover, d, triangle) over all triangles;
** *index its triangle (0-based, the lowest of those hit at the same t) */
int cl_mesh_sweep(const cl_mesh *m, const cl_shape *mover, const double d[3], cl_hit *h,
                  size_t *index);
/* 1 when a triangle of a intersects a triangle of b */
int cl_mesh_intersects_mesh(const cl_mesh *a, const cl_mesh *b);

#endif
