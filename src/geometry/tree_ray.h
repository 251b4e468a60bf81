/*
** tree_ray.h - the best-first ray walk of the dynamic tree (tree.c), for
** the library's own walks (meshes, heightfields, the world): its state
** holds the ray's slab set-up (fbox.h), which is not part of the public
** headers.
*/
#ifndef COLLIDE_TREE_RAY_H
#define COLLIDE_TREE_RAY_H

#include "collide/tree.h"
#include "fbox.h"

/* a best-first walk of the leaves a ray's segment [0, tmax] enters, in
** order of the entry t into their fat boxes (cl_tree_ray_begin/next) */
typedef struct {
  cl_tree *tree;
  cl_tree_step *heap;                /* the end of the tree's own or the
                                     ** caller's, filled downwards */
  int n;
  cl_slabs slab;                     /* the ray's slab set-up (fbox.h) */
  double tmax;
} cl_tree_ray;

/* heap: the tree's own scratch's when NULL, else at least t->capacity
** steps (for a walk nested in another one) */
void cl_tree_ray_begin(cl_tree_ray *c, cl_tree *t, const cl_ray *r, cl_tree_step *heap);
/* the next leaf whose fat box the ray enters at t <= limit, in order of
** that t (*tenter, a lower bound that is never above the exact entry),
** leaves of equal t in no set order; -1 when no leaf is left that the ray
** enters at or before limit. limit must not grow between calls; the tree
** must not change during the walk. */
int cl_tree_ray_next(cl_tree_ray *c, double limit, double *tenter);

/* a best-first walk of the leaves by the distance of their fat boxes
** from a point (cl_tree_near_begin/next) */
typedef struct {
  cl_tree *tree;
  cl_tree_step *heap;                /* as cl_tree_ray's */
  int n;
  double p[3];
} cl_tree_near;

/* heap as for cl_tree_ray_begin */
void cl_tree_near_begin(cl_tree_near *c, cl_tree *t, const double p[3], cl_tree_step *heap);
/* the next leaf whose fat box lies within limit of the point, in order of
** that distance (*dist, a lower bound of every distance fbox.h's
** cl_box_gap_below allows for, never above the exact one), leaves of
** equal distance in no set order; -1 when no leaf is left within limit.
** limit must not grow between calls; the tree must not change during the
** walk. */
int cl_tree_near_next(cl_tree_near *c, double limit, double *dist);

#endif
