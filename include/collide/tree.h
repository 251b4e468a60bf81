/*
** tree.h - dynamic AABB tree (the design of Box2D's b2DynamicTree, Erin
** Catto): leaves hold fattened boxes so that small moves do not touch the
** tree; insert, move and remove are O(log n), kept balanced by rotations.
** Plain C99, no Lua. Proxies are leaf indices (0-based here; the binding
** adds one). No call allocates except insert, which may grow the node pool
** through the tree's allocator; a caller that manages memory itself gives
** an allocator that refuses (returns NULL) and hands the tree a larger
** block with cl_tree_adopt before an insert would need one. Walks use a
** scratch (cl_tree_scratch) that is the caller's or the tree's own.
*/
#ifndef COLLIDE_TREE_H
#define COLLIDE_TREE_H

#include "collide.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A tree of n leaves has n leaves and n - 1 internal nodes, kept apart:
** a leaf holds what its caller gave, an internal node only what walks
** read (cl_tree_hot) and its parent. Proxies are leaf indices. */
typedef struct { double min[3], max[3]; } cl_tree_box;

/* A leaf is 64 bytes, one cache line in the block (which starts on a
** 64-byte boundary, after the internal nodes). What walks do not read is
** beside the leaves: the list of moved leaves (cl_tree.moves). */
typedef struct {
  cl_tree_box box;   /* the fat box */
  long long id;      /* the caller's id (orders results) */
  int parent;        /* an internal node, -1 for the root; free leaves:
                     ** CL_TREE_FREE_LINK of the next free one */
  unsigned stamp;    /* the caller's number (0 from insert) */
} cl_tree_leaf;
#define CL_TREE_UNMOVED (-2)
/* a free leaf's parent: -3 - the next free leaf (-1: none), so below -1 */
#define CL_TREE_FREE_LINK(next) (-3 - (next))
/* 1 when the leaf is in use */
#define CL_TREE_LIVE(leaf) ((leaf)->parent >= -1)

/* An internal node, in one 64-byte line: its two children, their heights
** (0: a leaf) and their boxes rounded outwards to float, so a walk tests
** both children without touching them (a leaf's exact box is read only
** when its rounded one is hit). A child is an internal node's index, or
** -2 - i for leaf i. An internal node's box is the union of its children's
** float boxes. Free nodes have height[0] -1. */
typedef struct {
  float lo[2][3], hi[2][3];
  int child[2];
  int height[2];
} cl_tree_hot;

/* an entry of the result lists; ordered by t, then id, then node (leaf
** set for leaves; internal nodes come before leaves of equal t) */
typedef struct { double t; long long id; int node, leaf; } cl_tree_entry;

/* an entry of a ray walk's heap, ordered by t alone */
typedef struct { double t; int node, leaf; } cl_tree_step;

/* the memory of one walk, for a tree of at most capacity leaves. A walk's
** list and its stack (or a ray's heap) never hold more than one entry a
** leaf between them, so they share one room: the heap and the stack are
** the last capacity steps and ints of the list's room, which walks fill
** from their ends down while the list grows from its front. */
typedef struct {
  cl_tree_entry *list;               /* list_room entries */
  cl_tree_step *heap;                /* capacity steps, the end of list's room */
  int *stack;                        /* capacity ints, the end of list's room */
  int capacity;
  int list_room;                     /* 2 * capacity (cl_tree_scratch_init) or
                                     ** capacity (cl_tree_walk_scratch_init) */
} cl_tree_scratch;

typedef struct {
  cl_tree_leaf *leaves;              /* capacity leaves */
  cl_tree_hot *hot;                  /* capacity internal nodes */
  int *up;                           /* their parents; free ones: the next free one */
  int *moves;                        /* by leaf: the next on the list of leaves
                                     ** that moved since the pairs were last
                                     ** found, CL_TREE_UNMOVED when not on it */
  void *block;                       /* the allocation holding all four */
  size_t block_size;
  int block_owned;                   /* block came from alloc (not adopted) */
  int capacity, count;               /* leaves: room for, in use */
  int root;                          /* -1 when empty, else as a child */
  int free_leaf, free_node;          /* heads of the free lists */
  int rotor;                         /* cl_tree_refit_all's next node */
  int moved, nmoved;                 /* the list of moved leaves, its length */
  unsigned pairs_epoch;              /* changes each time that list restarts */
  unsigned changes;                  /* moved by every call that may change the
                                     ** leaves or move the storage (insert,
                                     ** remove, move, set_fat, refit_all, a
                                     ** batch, adopt): a caller holding an
                                     ** answer sees whether it still holds */
  double margin;
  cl_tree_scratch own;               /* made by the allocator with each block */
  void *own_mem;
  size_t own_size;
  cl_alloc_fn alloc;
  void *ud;
} cl_tree;


/* alloc NULL: realloc/free. margin >= 0. */
void cl_tree_init(cl_tree *t, double margin, cl_alloc_fn alloc, void *ud);
/* frees what the allocator gave (not adopted blocks) */
void cl_tree_free(cl_tree *t);

/* 1 when an insert needs more leaves than the tree has free */
int cl_tree_full(const cl_tree *t);
/* the capacity the tree grows to next; -1 when it cannot grow */
int cl_tree_next_capacity(const cl_tree *t);
/* bytes of a block for capacity leaves, 0 on overflow */
size_t cl_tree_block_size(int capacity);
/* moves the tree into the caller's block of cl_tree_block_size(capacity)
** bytes (capacity > t->capacity, as cl_tree_next_capacity gives); returns
** the block it used before, which the caller frees if it was its own (a
** block from the allocator is freed here and NULL returned) */
void *cl_tree_adopt(cl_tree *t, void *block, int capacity);
/* bytes of a scratch for capacity leaves (0 on overflow) and the scratch
** laid out in mem (suitably aligned for double) */
size_t cl_tree_scratch_size(int capacity);
void cl_tree_scratch_init(cl_tree_scratch *s, void *mem, int capacity);
/* a smaller scratch (its list holds capacity entries, not twice as many)
** for every walk but cl_tree_pairs, which keeps the leaves and one leaf's
** partners in the list: its bytes and the scratch laid out in mem */
size_t cl_tree_walk_scratch_size(int capacity);
void cl_tree_walk_scratch_init(cl_tree_scratch *s, void *mem, int capacity);

/* proxy >= 0, or -1 when memory ran out (the tree is then unchanged) */
int cl_tree_insert(cl_tree *t, const cl_aabb *box, long long id);
/* 1 when the leaf was reinserted, 0 when its fat box still fits the box
** (contains it and is not more than 4 margins larger on any side) */
int cl_tree_move(cl_tree *t, int proxy, const cl_aabb *box);
/* the leaf's fat box grown to hold box's fat box too, where it stays
** (its ancestors refitted): no reinsertion, for a leaf that goes back
** and forth (a restore of an older state); 1 when it grew. A later
** cl_tree_move reinserts it once its box has shrunk well inside. */
int cl_tree_grow(cl_tree *t, int proxy, const cl_aabb *box);
/* Moving many leaves at once: cl_tree_escapes says whether cl_tree_move
** would reinsert the leaf; cl_tree_set_fat gives it the fat box of box
** where it stays in the tree, leaving its ancestors stale until
** cl_tree_refit_all, which refits every internal node from the leaves up
** in one pass (the structure, so the balance, is kept) and then reinserts
** up to `reinsert` leaves, round robin over the pool, so that the tree's
** quality follows the leaves over a few batches. Nothing may read the tree
** between the first cl_tree_set_fat and cl_tree_refit_all. */
int cl_tree_escapes(const cl_tree *t, int proxy, const cl_aabb *box);
void cl_tree_set_fat(cl_tree *t, int proxy, const cl_aabb *box);
void cl_tree_refit_all(cl_tree *t, int reinsert);
/* A batch of moves with the policy chosen for the caller (tree:sync's):
** count the leaves whose new boxes escape their fat boxes
** (cl_tree_escapes), then
**     int batch = cl_tree_batch_begin(t, escaping);
**     for each leaf: cl_tree_batch_move(t, batch, proxy, &box);
**     cl_tree_batch_end(t, batch);
** When the escaping leaves are many (more than 64 and more than one leaf
** in 8), they take their new fat boxes where they are and _end refits the
** tree in one pass, reinserting one leaf in 32 (cl_tree_refit_all);
** otherwise each move is cl_tree_move. Nothing may read the tree between
** _begin and _end. cl_tree_batch_move returns 1 when the leaf got a new fat
** box. */
int cl_tree_batch_begin(const cl_tree *t, int escaping);
int cl_tree_batch_move(cl_tree *t, int batch, int proxy, const cl_aabb *box);
void cl_tree_batch_end(cl_tree *t, int batch);
void cl_tree_remove(cl_tree *t, int proxy);
int cl_tree_is_proxy(const cl_tree *t, int proxy);
int cl_tree_height(const cl_tree *t);
/* the leaf's fat box */
void cl_tree_fat(const cl_tree *t, int proxy, cl_aabb *out);
/* 0 when empty, else 1 and *out the union of the leaves' fat boxes,
** exactly (a pass over the leaves) */
int cl_tree_bounds(const cl_tree *t, cl_aabb *out);
/* 0 when empty, else 1 and *out the root's box, read without a walk: it
** holds every leaf's fat box, and may be larger than cl_tree_bounds'
** (the nodes' boxes are the union of their children's as they were
** when the children last moved) */
int cl_tree_root_bounds(const cl_tree *t, cl_aabb *out);

/* Walks take a scratch sc of at least t->capacity leaves, or NULL for the
** tree's own (made by its allocator; valid until the next change). */

/* leaves whose fat boxes touch the shape (any kind), sorted by id then
** proxy; returns the count, *out points into the scratch's list */
int cl_tree_query(cl_tree *t, const cl_shape *s, cl_tree_scratch *sc,
                  const cl_tree_entry **out);
/* the same answer among the n given leaves (proxies, each once) alone:
** those of them cl_tree_query would return, in its order */
int cl_tree_query_among(cl_tree *t, const cl_shape *s, const int *proxies, int n,
                        cl_tree_scratch *sc, const cl_tree_entry **out);
/* leaves whose fat boxes are not entirely behind any of the n planes (the
** conservative test against a convex region), sorted like cl_tree_query */
int cl_tree_query_convex(cl_tree *t, const cl_plane *planes, int n,
                         cl_tree_scratch *sc, const cl_tree_entry **out);
/* every pair of leaves whose fat boxes touch, once: a before b in (id,
** proxy) order; pairs come sorted by a, then b. fn returns 0 to stop.
** One query per leaf: cl_tree_pair_list finds the same pairs faster. sc
** (or the tree's own) is a scratch of cl_tree_scratch_init. */
void cl_tree_pairs(cl_tree *t, cl_tree_scratch *sc,
                   int (*fn)(void *ud, int a, int b), void *ud);
/* the same pairs, in the same order, found by one walk of the tree
** against itself: returns their number; out holds them when it is at most
** max (else out is left in no set state: call again with room) */
typedef struct { int a, b; } cl_tree_pair;
long long cl_tree_pair_list(cl_tree *t, cl_tree_scratch *sc, cl_tree_pair *out, long long max);
/* The pairs again, costing what changed (Box2D's move buffer): the tree
** lists the leaves inserted or given a new fat box since the pairs were
** last found here. old holds the nold pairs found then when old_epoch is
** t->pairs_epoch (else it is ignored): the pairs of two leaves not listed
** are kept, a listed leaf's are found again by a query of its fat box, and
** both merged in order. With no valid old list, or when more than one leaf
** in MOVED_SHARE (tree.c) moved, one walk of the tree against itself
** (cl_tree_pair_list). Returns the number of pairs; when it is at most max,
** out (not overlapping old) holds them, the list restarts and
** t->pairs_epoch changes; else out is in no set state and the tree is as
** it was. */
long long cl_tree_pairs_update(cl_tree *t, cl_tree_scratch *sc, const cl_tree_pair *old,
                               long long nold, unsigned old_epoch, cl_tree_pair *out,
                               long long max);

/* every leaf whose fat box the ray enters, sorted by entry t, then id,
** then proxy; *out points into the scratch's list */
int cl_tree_raycast_all(cl_tree *t, const cl_ray *r, cl_tree_scratch *sc,
                        const cl_tree_entry **out);

/* a best-first walk of the leaves a ray enters (cl_tree_raycast_best)
** asks visit about each leaf whose fat box the ray's segment enters at
** t_enter <= *limit, in order of that t (a lower bound that is never above
** the exact entry; leaves of equal t in no set order); visit may lower
** *limit (the best exact hit so far: the leaves entered later are not
** asked) and answers nonzero to stop the walk */
typedef int (*cl_tree_ray_visit)(void *ud, int proxy, double t_enter, double *limit);
/* that walk, with the heap of the scratch (the tree's own when sc is
** NULL: a walk nested in another needs a scratch of its own); the tree
** must not change during it. Returns what visit answered last (0 when the
** walk ran out of leaves). */
int cl_tree_raycast_best(cl_tree *t, const cl_ray *r, cl_tree_scratch *sc,
                         cl_tree_ray_visit visit, void *ud);

/* 1 when the structure is sound; else 0 and *why says what is wrong:
** parents and children agree, heights are 1 + the taller child and differ
** by at most 4 (BALANCE in tree.c) between siblings, every box is the union of its children's,
** leaves and free nodes are counted right */
int cl_tree_validate(cl_tree *t, cl_tree_scratch *sc, const char **why);

#ifdef __cplusplus
}
#endif

#endif
