/*
** world.h - a world of items: shapes held in a dynamic tree (tree.h), with
** the queries, shape casts, bump.lua's move-and-slide and a character
** controller on top. Plain C99, no Lua: an engine compiles it with the rest
** of src/geometry and has scenes, sweeps, move and the character without
** any scripting language (doc/scene.md, "The world from C").
**
** Items are integer ids (0-based, reused after removal). The world does not
** own the shapes: an item points at the caller's shape (any of the seven
** kinds) or at static triangle geometry (a mesh), which must stay where
** they are while the item lives. A shape changed in place is refitted by
** cl_world_update, or by cl_world_sync when the caller gave the item a
** change counter (a number that goes up on each change of the shape).
**
** Each item has a sequence number: the order items were added, which the
** answers follow (ties in t go to the earlier added). Items whose shapes
** have no bounds (planes, endless rays, empty meshes) are kept out of the
** tree in a list every query also tests.
**
** Layers: each item has a layer and a mask (32 bits each, Box2D's category
** and mask bits). Two items meet in a move, in the character and in pairs
** only when each one's layer has a bit in common with the other's mask.
** Static items are never scanned by cl_world_sync and never paired with
** each other.
**
** Memory: the world's arrays come from its allocator (cl_alloc_fn, tree.h);
** only add and the scratch functions allocate. Every call that walks the
** tree takes a scratch (cl_world_scratch) sized for the tree: the caller's,
** so that a call made from inside a filter of another call has its own.
*/
#ifndef COLLIDE_WORLD_H
#define COLLIDE_WORLD_H

#include <stdint.h>
#include "collide.h"
#include "frustum.h"
#include "heightfield.h"
#include "mesh.h"
#include "tree.h"

#ifdef __cplusplus
extern "C" {
#endif

/* the kind of an item made of static triangle geometry; the shapes' kinds
** are cl_kind's */
#define CL_WORLD_MESH CL_NKINDS
/* the room for the triangles of one mesh near a character's update */
#define CL_WORLD_NEAR 1024
/* the room for the items near a character's update */
#define CL_WORLD_NEAR_ITEMS 256
/* the room for the made triangles of those of a mesh (in a world with
** meshes) */
#define CL_WORLD_NEAR_TRIS 256
#define CL_WORLD_HEIGHTFIELD (CL_NKINDS + 1)

/* the responses of a move's filter */
enum {
  CL_WORLD_IGNORE = 0, CL_WORLD_SLIDE, CL_WORLD_TOUCH, CL_WORLD_CROSS, CL_WORLD_BOUNCE,
  CL_WORLD_ABORT          /* a filter's way to stop the call (its error) */
};

#define CL_WORLD_ALL_BITS 0xffffffffu

typedef struct {
  const void *shape;         /* cl_shape, cl_mesh (CL_WORLD_MESH) or cl_heightfield */
  const uint32_t *changes;   /* the shape's change counter, or NULL */
  long long seq;             /* the add order */
  uint32_t seen;             /* the counter's value when the item was last refitted */
  uint32_t layer, mask;
  int proxy;                 /* tree leaf, -1 when the shape has no bounds */
  int watch;                 /* place in the watched list, -1 when not on it */
  int prev, next;            /* the items added before and after (-1: none); for
                             ** a free record, next is the next free one */
  /* one move's memory: the response given (resp_mark == the move's mark)
  ** and whether the item was crossed (cross_mark == the move's mark) */
  unsigned resp_mark, cross_mark;
  unsigned inside_mark;      /* overlapped at the push-out step so marked */
  signed char kind;          /* cl_kind, CL_WORLD_MESH...; -1 for a free record */
  signed char resp;
  unsigned char is_static;
} cl_world_item;

typedef struct {
  cl_tree *tree;             /* own_tree, or the caller's (cl_world_init_tree) */
  cl_tree own_tree;
  cl_world_item *items;
  int nitems, cap, free_head, count;
  int first, last;           /* the first and last items in add order, -1 for none */
  int *unbounded;            /* ids without bounds, in sequence order */
  int nunbounded, cap_unbounded;
  int *watched;              /* the items cl_world_sync looks at */
  int nwatched, cap_watched;
  int nmeshes;               /* items that are meshes */
  int nmovable;              /* items that are not static */
  long long counter;         /* the last sequence number given */
  unsigned mark;             /* the current move's number */
  unsigned inside;           /* the current push step's number */
  cl_alloc_fn alloc;
  void *ud;
} cl_world;

/* the memory of one call: a tree scratch (tree.h) and room for the move's
** lists; cl_world_scratch_size(w) bytes laid out by cl_world_scratch_init */
typedef struct {
  cl_tree_scratch tree;
  int *cands;                /* candidate ids, tree capacity + unbounded */
  int ncap;
  double *planes;            /* a move's slide planes (3 * CL_WORLD_MAX_PLANES) */
  void *crosses;             /* a leg's crossed items (cl_world_cross) */
  unsigned char *memo;       /* pairs: the filter's answer per item */
  int nmemo;
  uint32_t *near;            /* a character's mesh triangles (CL_WORLD_NEAR) */
  int *near_items;           /* the items near it (CL_WORLD_NEAR_ITEMS) */
  cl_triangle *near_tris;    /* made triangles (CL_WORLD_NEAR_TRIS), NULL without meshes */
} cl_world_scratch;

/* a collision met by a move, as scene:move reports it */
typedef struct {
  int other, type;           /* other's id; CL_WORLD_SLIDE ... CL_WORLD_BOUNCE */
  double t, n[3], p[3];
} cl_world_collision;

/* where a move writes its collisions: room for max; n counts them all
** (more than max: the rest were dropped) */
typedef struct {
  cl_world_collision *c;
  int n, max;
} cl_world_collisions;

/* the filter of a move: the response of self to other (CL_WORLD_IGNORE ..
** CL_WORLD_BOUNCE, or CL_WORLD_ABORT), called at most once per other item
** per move, only for items that the moving shape meets; NULL: slide */
typedef int (*cl_world_respond)(void *ud, int self, int other);
/* the filter of a query: 1 to keep the item, 0 to skip it, -1 to stop
** the call (CL_WORLD_ABORT comes back); NULL keeps every item */
typedef int (*cl_world_keep)(void *ud, int item);

/* ---- life ---- */
/* alloc NULL: realloc/free. margin >= 0 fattens the tree's boxes. */
void cl_world_init(cl_world *w, double margin, cl_alloc_fn alloc, void *ud);
/* the same over the caller's tree (empty), which the world then fills */
void cl_world_init_tree(cl_world *w, cl_tree *tree, cl_alloc_fn alloc, void *ud);
void cl_world_free(cl_world *w);

/* ---- items ---- */
/* the id of a new item (-1 when out of memory; the world is then
** unchanged); kind is the shape's tag or CL_WORLD_MESH, changes its change
** counter or NULL. With a tree of the caller's, the tree must have a free
** leaf (cl_tree_full false). */
int cl_world_add(cl_world *w, const void *shape, int kind, const uint32_t *changes);
/* after the item's shape changed in place, or to give it another (shape
** NULL keeps it); 0 when out of memory (the item then keeps its place) */
int cl_world_update(cl_world *w, int id, const void *shape, int kind, const uint32_t *changes);
void cl_world_remove(cl_world *w, int id);
int cl_world_is_item(const cl_world *w, int id);
/* the item added after the item id whose sequence number was seq (id -1:
** the first item), -1 after the last. When that item is gone (removed,
** its id maybe given to another), ahead, the one that followed it then
** (-1: none), when it is still the item of aseq, else the first item added
** after seq: a walk over the items in add order that changes may
** interrupt (removed items are never returned, added ones are, last) */
int cl_world_next(const cl_world *w, int id, long long seq, int ahead, long long aseq);
/* layer, mask and static; 0 when out of memory */
int cl_world_set_options(cl_world *w, int id, uint32_t layer, uint32_t mask, int is_static);
/* every watched item (not static, with a change counter) whose counter
** moved is refitted; returns how many. Items whose shapes lost or gained
** bounds change places (tree and list) and, when moved is not NULL, are
** written there (room for the watched items). */
int cl_world_sync(cl_world *w, int *moved, int *nmoved);
/* 1 when a and b meet by their layers and masks */
int cl_world_meets(const cl_world *w, int a, int b);
/* 1 when a and b may be paired: they meet and are not both static */
int cl_world_pairable(const cl_world *w, int a, int b);

/* ---- scratch ---- */
size_t cl_world_scratch_size(const cl_world *w);
/* the bytes the world holds through its allocator: the items and the lists
** of unbounded and watched ids (not the tree, the shapes or a scratch) */
size_t cl_world_memory(const cl_world *w);
void cl_world_scratch_init(const cl_world *w, cl_world_scratch *s, void *mem);
/* a smaller scratch for the queries, raycasts, sweeps and pairs only (not
** cl_world_move nor the character): cl_world_query_scratch_size(w) bytes */
size_t cl_world_query_scratch_size(const cl_world *w);
void cl_world_query_scratch_init(const cl_world *w, cl_world_scratch *s, void *mem);
/* 1 when s is large enough for the world as it is (a move's scratch made
** before the world had a mesh has no room for made triangles: it does not
** fit once the world has one) */
int cl_world_scratch_fits(const cl_world *w, const cl_world_scratch *s);

/* ---- queries ---- */
/* the nearest item the ray hits (ties to the earlier added), skipping
** skip (-1: none) and what keep refuses: its id and hit, index the
** triangle for a mesh (else -1); -1 when none, -2 when keep stopped */
int cl_world_raycast(cl_world *w, cl_world_scratch *s, const cl_ray *r, int skip,
                     uint32_t mask, cl_world_keep keep, void *ud, cl_hit *h, long long *index);

typedef int (*cl_world_each_hit)(void *ud, int item, const cl_hit *h, long long index);
/* every item the ray hits (mask and keep as above), in the order the
** tree's boxes are entered, then the items without bounds, to fn; fn
** returns 0 to stop (then -2 comes back), else the number found */
int cl_world_raycast_all(cl_world *w, cl_world_scratch *s, const cl_ray *r, uint32_t mask,
                         cl_world_keep keep, void *kud, cl_world_each_hit fn, void *ud);
/* the items whose shapes intersect shape (kind: its cl_kind, or
** CL_WORLD_MESH / CL_WORLD_HEIGHTFIELD for static geometry), as
** cl_intersects and the geometry's tests answer, whose layer meets mask
** and that keep keeps: their ids in s->cands in sequence order, their
** number; -2 when keep stopped. keep is called once per item that meets
** the shape, in sequence order. */
int cl_world_query(cl_world *w, cl_world_scratch *s, const void *shape, int kind, uint32_t mask,
                   cl_world_keep keep, void *ud);
/* the same for the items inside or crossing the frustum (cl_frustum_classify,
** exact; static geometry by its bounds) */
int cl_world_query_frustum(cl_world *w, cl_world_scratch *s, const cl_frustum *f, uint32_t mask,
                           cl_world_keep keep, void *ud);
/* every two items whose shapes intersect, once: a added before b, sorted
** by a then b (sequence order); items whose layer misses mask, pairs that
** are not pairable (cl_world_pairable) and items keep refuses left out;
** keep is called at most once per item. p holds on entry the ntree pairs
** of tree leaves that cl_tree_pair_list (or cl_tree_pairs_update) found
** and has room for max pairs; on return the answer. Returns the number of
** pairs (more than max: the pairs with unbounded items did not all fit,
** p is then in no set state: call again with the tree's pairs in more
** room, again = 1 and the same scratch, and keep is not asked again about
** the items it answered), -2 when keep stopped. cl_world_pairs_room(w, s,
** ntree) is a max that always fits (it walks the tree for each unbounded
** item). Nothing is allocated: the caller sizes p. */
typedef cl_tree_pair cl_world_pair;
long long cl_world_pairs_room(cl_world *w, cl_world_scratch *s, long long ntree);
long long cl_world_pairs(cl_world *w, cl_world_scratch *s, cl_world_pair *p, long long ntree,
                         long long max, uint32_t mask, cl_world_keep keep, void *ud,
                         int again);

/* ---- shape casts and moves ---- */
/* the first item that mover (aabb, obb, sphere, capsule or hull) touches when
** translated by t * d, skipping the item whose shape is skip and items
** whose layer misses mask; keep is called only for an item that would
** become the first hit. Returns its id (hit in h, index as above), -1 for
** none, -2 when keep stopped. */
int cl_world_sweep(cl_world *w, cl_world_scratch *s, const cl_shape *mover, const double d[3],
                   const void *skip, uint32_t mask, cl_world_keep keep, void *ud, cl_hit *h,
                   long long *index);
/* every item touched, in the order of the candidates, to fn (as
** cl_world_raycast_all) */
int cl_world_sweep_all(cl_world *w, cl_world_scratch *s, const cl_shape *mover,
                       const double d[3], const void *skip, uint32_t mask, cl_world_keep keep,
                       void *kud, cl_world_each_hit fn, void *ud);

#define CL_WORLD_MAX_SLIDES 8
#define CL_WORLD_PUSH_STEPS 4
#define CL_WORLD_MAX_PLANES (3 * CL_WORLD_MAX_SLIDES + 3)

/* scene:move: moves item id's shape (written in place) by at most d; the
** displacement applied in moved, the collisions in out. respond NULL:
** everything slides; mask: others whose layer misses it are ignored.
** Returns 1; 0 when respond aborted, -1 when the motion's end is not
** finite (a shape near 1e308 moved by 1e308); the shape is then
** unchanged. The caller refits the item afterwards (cl_world_update). */
int cl_world_move(cl_world *w, cl_world_scratch *s, int id, const double d[3], uint32_t mask,
                  cl_world_respond respond, void *ud, double moved[3], cl_world_collisions *out);

/* ---- the character (character.c) ---- */
typedef struct {
  double up[3];               /* unit */
  double step_height, cos_slope, skin, snap;
  int on_floor, on_wall, on_ceiling;
  double floor_normal[3];
  int floor_item;             /* the item stood on, -1 for none */
  double floor_at[3];         /* its shape's reference point when it was stood on */
  int floor_kind;
} cl_character;

/* up (any finite non-zero vector, normalised here), step_height >= 0, max_slope
** in degrees 0..90, skin > 0, snap >= 0 */
void cl_character_init(cl_character *c, const double up[3], double step_height,
                       double max_slope, double skin, double snap);
/* ch:move: the item id (aabb, obb, sphere, capsule or hull) moved by d in the up,
** side and down passes, its shape written in place; moved the
** displacement; the flags, the floor normal and the floor item set. When
** the floor item's shape moved since the last move, the character is
** carried by that translation first (included in moved). mask as in
** cl_world_move. Returns 1; 0 when the item is not a mover, -1 when a
** motion's end is not finite (the shape is then unchanged). The caller
** refits the item afterwards (cl_world_update). */
int cl_character_move(cl_character *c, cl_world *w, cl_world_scratch *s, int id,
                      const double d[3], uint32_t mask, double moved[3],
                      cl_world_collisions *out);

#ifdef __cplusplus
}
#endif

#endif
