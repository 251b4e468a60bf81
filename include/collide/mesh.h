/*
** mesh.h - a static triangle mesh held in a bounding volume hierarchy.
** Plain C99, no Lua. The arrays are the mesh's own (malloc: reserve,
** build) or the caller's (use, build_in, keep: a binding that gives the
** memory of its host language); queries allocate nothing and give exactly
** the answers of the same test run on every triangle (cl_cast,
** cl_intersects), with ties to the lowest triangle index.
*/
#ifndef COLLIDE_MESH_H
#define COLLIDE_MESH_H

#include <stdint.h>
#include "collide.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One inner node of the flat node array: up to four children and their
** boxes, quantised to the node's own box one axis at a time (as Ylitie,
** Karras and Laine's compressed wide BVH, 2017): on axis a, child k's box
** is org[a] + qlo[a][k] * step .. org[a] + qhi[a][k] * step, computed in
** float arithmetic (the product is exact, the sum rounds once), with step
** the float 2^(ex[a] - 127). The build chooses the integers so that every
** such box holds its child's float box (itself the triangles' boxes
** rounded outwards); ex[a] = 255 marks an axis the quantisation cannot
** bound (coordinates past the float range): the children then span it
** whole. Child k (bit k of used) is a leaf (count 1..CL_MESH_LEAF_MAX
** triangles: `slot` child .. child + count - 1) or an inner node (count
** 0): a node's inner children lie side by side from node `first`, in
** child order, and child[k] of an inner child says where that child's
** own children lie, so that a walk can ask for them before it reads it:
** its `first` when it has inner children, else (bit 4 + k of used set)
** the first slot of its leaves, which lie side by side. Bits 0..3 of used
** mark the children in use: they come first, unused places after them
** hold count 0. 64 bytes, one cache line, 64-byte aligned. */
#define CL_MESH_WIDTH 4
typedef struct {
  float org[3];
  uint8_t ex[3], used;
  uint8_t qlo[3][CL_MESH_WIDTH], qhi[3][CL_MESH_WIDTH];
  uint32_t child[CL_MESH_WIDTH];
  uint8_t count[CL_MESH_WIDTH];
  uint32_t first;
} cl_mesh_node;

#define CL_MESH_LEAF_MAX 8
/* the tree is never deeper than this */
#define CL_MESH_MAX_DEPTH 100
/* entries of a traversal stack: a node pops one and pushes up to four */
#define CL_MESH_STACK ((CL_MESH_WIDTH - 1) * CL_MESH_MAX_DEPTH + 2)

typedef struct {
  double *v;            /* nv vertices, x y z each */
  uint32_t *tri;        /* nt triangles: three 0-based vertex indices each */
  const uint32_t *material;  /* nt materials (0 .. 2^31 - 1), the caller's
                        ** (cl_mesh_use_materials), or NULL: none */
  uint32_t *slot;       /* nt leaf slots, 4 numbers each: a triangle's three
                        ** vertex indices and its index, a leaf's side by
                        ** side (one cache line for up to four triangles) */
  cl_mesh_node *node;   /* nn inner nodes, the root first (64-byte aligned) */
  void *node_mem;       /* the block node and slot point into */
  int owns_input, owns_tree;  /* v and tri, node_mem: malloc'ed here */
  int renumber;         /* the build may renumber the vertices (reorder v
                        ** and rewrite tri, each triangle keeping its
                        ** corners' coordinates and order): set by
                        ** cl_mesh_reserve, 0 after cl_mesh_use */
  size_t nv, nt, nn;    /* nn = 0 with nt > 0: the root is one leaf */
  double min[3], max[3];  /* bounds of the triangles (of what is referenced) */
  float rlo[3], rhi[3];   /* the same, rounded outwards */
  double maxabs;          /* largest absolute coordinate in the bounds */
} cl_mesh;

/* an empty mesh, no arrays */
void cl_mesh_init(cl_mesh *m);
/* the mesh over the caller's arrays: v (3 nv doubles) and tri (3 nt
** indices, each < nv), filled before the build; the mesh does not own them */
void cl_mesh_use(cl_mesh *m, double *v, size_t nv, uint32_t *tri, size_t nt);
/* gives the mesh the caller's per-triangle materials (nt of them, each
** 0 .. 2^31 - 1, triangle order; NULL: none), which it does not own and
** never writes; after cl_mesh_use or cl_mesh_reserve (they clear it),
** before or after the build, which does not read them */
void cl_mesh_use_materials(cl_mesh *m, const uint32_t *material);
/* triangle i's material (0-based i), -1 when the mesh has none or i is
** not a triangle */
long long cl_mesh_material(const cl_mesh *m, size_t i);
/* bytes of the scratch cl_mesh_build_in needs for nt triangles (0 when too
** many) */
size_t cl_mesh_build_size(size_t nt);
/* With m->renumber set, a build also stores the vertices in the order the
** leaves first use them, so that a leaf's corners lie together in memory
** (a ray's or query's visit of a leaf then reads a cache line or two, not
** one a corner); triangle indices and every answer stay as they were. */
/* builds the hierarchy (as cl_mesh_build) in the caller's scratch of
** cl_mesh_build_size(m->nt) bytes, aligned for double: slot and node
** then point into it, until cl_mesh_keep moves them; 0 when too many */
int cl_mesh_build_in(cl_mesh *m, void *scratch);
/* bytes of the hierarchy as built: what cl_mesh_keep copies */
size_t cl_mesh_tree_size(const cl_mesh *m);
/* copies the slots and nodes into dst (cl_mesh_tree_size bytes, aligned for
** double), which the mesh then uses and does not own */
void cl_mesh_keep(cl_mesh *m, void *dst);
/* allocates v and tri for nv vertices and nt triangles, which the caller
** then fills (every index < nv, every coordinate finite); 0 if out of memory */
int cl_mesh_reserve(cl_mesh *m, size_t nv, size_t nt);
/* builds the hierarchy over v and tri (binned SAH, O(n log n)); 0 if out of
** memory, the mesh is then left without a tree and must be freed */
int cl_mesh_build(cl_mesh *m);
/* frees the arrays the mesh owns, leaves it empty */
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
/* hands fn each triangle that intersects s and its index (0-based), in no
** set order, without allocating, until fn returns 0; returns how many */
size_t cl_mesh_visit(const cl_mesh *m, const cl_shape *s,
                     int (*fn)(void *ud, const cl_triangle *t, size_t index), void *ud);
/* the nearest hit of cl_sweep(mover, d, triangle) over all triangles;
** *index its triangle (0-based, the lowest of those hit at the same t) */
int cl_mesh_sweep(const cl_mesh *m, const cl_shape *mover, const double d[3], cl_hit *h,
                  size_t *index);
/* the triangle nearest p within limit (distance <= limit; INFINITY: any),
** by cl_distance on each triangle (ties to the lowest index): 1, its
** distance *d, its closest point (cl_closest_point) in out and its index;
** 0 when no triangle is that near (or the mesh is empty). A walk of the
** hierarchy nearest box first that skips the boxes farther than the best
** so far: its cost follows the triangles near p. */
int cl_mesh_closest(const cl_mesh *m, const double p[3], double limit, double *d,
                    double out[3], size_t *index);
/* the contact of s with the mesh (triset.c): the deepest of the contacts
** of s with the triangles it intersects, each cl_contact(triangle, s)
** when mesh_first (n from the triangle towards s), else cl_contact(s,
** triangle); 1, n, *depth and *index its triangle (0-based, the lowest of
** those as deep), or 0 when none touches. s is any shape but a ray or a
** triangle (triangle-triangle contact is not supported: 0) */
int cl_mesh_contact(const cl_mesh *m, const cl_shape *s, int mesh_first, double n[3],
                    double *depth, size_t *index);
/* the manifold of s with the mesh (triset.c), in the order mesh_first
** gives as cl_mesh_contact: out->n that contact's normal, and the points
** of every touched triangle's manifold (clipped along that normal) reduced
** to four as cl_reduce does, the triangles in increasing index; returns
** out->count, 0 when none touches. scratch has room for m->nt indices */
int cl_mesh_manifold(const cl_mesh *m, const cl_shape *s, int mesh_first, uint32_t *scratch,
                     cl_contacts *out);
/* 1 when a triangle of a intersects a triangle of b */
int cl_mesh_intersects_mesh(const cl_mesh *a, const cl_mesh *b);

/* debug lines (lines.c): the edges of the triangles whose bounds meet
** box (touching counts; NULL: every triangle), three segments a triangle
** (a-b, b-c, c-a), the triangles in increasing index. count: the number
** of segments; fill writes them into out (room for 6 count doubles, six
** a segment) and returns it. Nothing is allocated. */
size_t cl_mesh_lines_count(const cl_mesh *m, const cl_aabb *box);
size_t cl_mesh_lines_fill(const cl_mesh *m, const cl_aabb *box, double *out);

#ifdef __cplusplus
}
#endif

#endif
