/*
** compound.h - the compound shape (collide.compound): child shapes of any
** kind but plane and ray (aabb, obb, triangle, sphere, capsule, hull) in
** the compound's own frame, built once and placed by a position and a
** rotation as a hull is. Every query answers as the union of the
** children: any child for intersects, the nearest child for a ray cast,
** the deepest for a contact, the least distance, the earliest sweep. A
** compound given as a child is flattened: its children, composed with its
** placement, take its place, so children are never compounds. Above
** CL_COMPOUND_TREE_MIN children a bounding-volume tree over their bounds
** (median split, leaves of at most CL_COMPOUND_LEAF) culls them.
** Plain C99, no Lua.
*/
#ifndef COLLIDE_COMPOUND_H
#define COLLIDE_COMPOUND_H

#include "collide.h"
#include "tree.h"

#ifdef __cplusplus
extern "C" {
#endif

/* more children than this: queries walk the tree */
#define CL_COMPOUND_TREE_MIN 8
/* the most children a leaf of the tree holds */
#define CL_COMPOUND_LEAF 4
/* the most children a compound holds (the tree's walk keeps its stack on
** the C stack) */
#define CL_COMPOUND_MAX_CHILDREN (1 << 24)

/* a node of the tree: its box (local); count > 0: a leaf of the
** children order[first .. first + count - 1]; count 0: an inner node
** whose children are the node after it and node first */
typedef struct { double lo[3], hi[3]; int first, count; } cl_compound_node;

/* The compound in its frame. The arrays follow the struct in one block
** (cl_compound_store). */
struct cl_compound_data {
  int n, nnodes;                  /* children; tree nodes (0: no tree) */
  const cl_shape *child;          /* n: the children, in the compound's frame */
  const cl_aabb *bounds;          /* n: each child's bounds, in that frame */
  const int *order;               /* n: the children as the tree's leaves hold them */
  const cl_compound_node *node;   /* nnodes */
  double lo[3], hi[3];            /* the bounds of every child */
  double radius;                  /* the largest absolute coordinate of lo and hi */
};

/* the children the n shapes make once flattened (a compound counts its
** children); 0 when a shape is of a kind a compound refuses (plane, ray,
** an unknown tag) or when there would be more than
** CL_COMPOUND_MAX_CHILDREN */
size_t cl_compound_count(const cl_shape *shapes, size_t n);
/* the bytes of the data of a compound of count children */
size_t cl_compound_data_size(size_t count);
/* builds into buf (cl_compound_data_size(count) bytes, aligned for
** doubles; count from cl_compound_count, at least 1) the data of the
** compound of the n shapes, given in its frame; returns it. Hull children
** keep pointing at their hull data, which must outlive the compound's. */
const cl_compound_data *cl_compound_store(const cl_shape *shapes, size_t n, size_t count,
                                          void *buf);
/* the same, allocated by alloc (NULL: realloc and free) with ud; NULL
** when out of memory or when cl_compound_count is 0 */
cl_compound_data *cl_compound_new(const cl_shape *shapes, size_t n, cl_alloc_fn alloc,
                                  void *ud);
/* frees data from cl_compound_new with the same allocator */
void cl_compound_delete(cl_compound_data *d, cl_alloc_fn alloc, void *ud);

void cl_compound_init(cl_compound *c, const cl_compound_data *d, const double pos[3],
                      const double q[4]);
void cl_compound_place(cl_compound *c, const double pos[3], const double q[4]);
/* child i placed in the world: its position and rotation composed with
** the compound's; an aabb child of a compound turned by anything but the
** identity is an obb */
void cl_compound_child(const cl_compound *c, int i, cl_shape *out);

/* The children a query visits: those whose bounds may meet a box or a
** ray, given in the world and taken into the compound's frame, found by
** the tree (or every child of a small compound). Start with
** cl_compound_walk_box or _ray, then cl_compound_next until it returns
** -1. A ray's walk skips nodes beyond its tmax, which the caller may
** shorten between calls. */
typedef struct {
  const cl_compound_data *d;
  double lo[3], hi[3];            /* the box, local */
  double o[3], dir[3], tmax;      /* the ray, local */
  int mode;                       /* 0 every child, 1 the box, 2 the ray */
  int i, sp, leaf, leaf_end;
  int stack[64];
} cl_compound_walk;
/* box NULL: every child */
void cl_compound_walk_box(cl_compound_walk *w, const cl_compound *c, const cl_aabb *box);
void cl_compound_walk_ray(cl_compound_walk *w, const cl_compound *c, const cl_ray *r);
int cl_compound_next(cl_compound_walk *w);

/* a ray cast at the compound: the nearest child's hit (the lowest index
** at a tie), its index in *index */
int cl_compound_cast(const cl_ray *r, const cl_compound *c, int cull, cl_hit *h, int *index);
/* cl_sweep with a compound on either side; *index the target's child hit
** (-1 when the target is no compound) */
int cl_compound_sweep(const cl_shape *mover, const double d[3], const cl_shape *target,
                      double limit, cl_hit *h, int *index);
/* cl_contact with a compound on either side or both: 1, n and *depth as
** cl_contact gives them, and the child of each side whose contact that is
** (the deepest; ties to the lower index, a's before b's): *ia a's, *ib
** b's, -1 for a side that is no compound; 0 when they do not touch */
int cl_compound_contact_parts(const cl_shape *a, const cl_shape *b, double n[3], double *depth,
                              int *ia, int *ib);
/* cl_shape_distance with a compound on either side or both: the distance
** and closest points it gives, and the children they lie on (the least
** distance; ties to the lower index), *ia and *ib as above */
double cl_compound_distance_parts(const cl_shape *a, const cl_shape *b, double pa[3], double pb[3],
                                  int *ia, int *ib);

#ifdef __cplusplus
}
#endif

#endif
