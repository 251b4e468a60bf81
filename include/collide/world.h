/*
** world.h - a world of items: shapes held in a dynamic tree, with the
** queries, shape casts, bump.lua's move-and-slide and a character
** controller on top. Plain C99 (and C++), no Lua: an engine compiles
** src/geometry (or links libcollide.a) and includes this header
** (doc/scene.md, "The world from C").
**
** Threads: the calls that only read a world - raycasts, raycast_all,
** queries, frustum queries, nearest, sweeps, sweep_all, pairs, and
** reading options, roles, one-way directions and shapes - may run on one world from any
** number of threads at once while no thread changes it, each giving the
** answer it gives alone. Changes - add, update, remove, options, roles,
** one-way directions, sync, moves, events, a character's creation and
** moves, delete - need the caller's exclusion: none may run while any
** other call of the same world does. A world read by several threads
** takes its working memory from its allocator on each thread the first
** time (the default allocator, realloc and free, may be called from any
** thread; an allocator of the caller's must be too). Built by a compiler
** without atomics (neither GCC's or Clang's builtins nor MSVC's
** intrinsics), a world is for one thread at a time.
**
** Items are named by ids (cl_item, 64 bits): the item's slot (0-based,
** a removed item's slot is given to a later one) in the low 32 bits and
** the slot's generation (16 bits) above it, as Box2D's ids carry one. A
** slot's generation goes up by one (mod 65536) when its item is removed,
** so a removed item's id is refused (CL_NOT_ITEM, or NULL, 0 or -1 where
** the call says) by every call until its slot has been given to 65,535
** other items: the 65,536th takes the id again. A stale id an engine kept
** never acts on another item. Each item keeps one pointer of the
** caller's (cl_world_set_user_data), NULL when added. The world does not
** own the shapes: an item points at the caller's shape (any of the
** kinds, cl_shape) or at static triangle geometry (a cl_mesh or a
** cl_heightfield), which must stay where they are while the item lives.
** The shape is given as a modifiable one (void *, not const void *): the
** moves and the character write a mover's shape in place (a mesh, a
** heightfield and the shapes that do not move are only read). A
** shape changed in place is refitted by cl_world_update, or by
** cl_world_sync when the caller gave the item a change counter (a number
** that goes up on each change of the shape). cl_world_move and
** cl_character_move finish their own bookkeeping: they refit the item
** they move, move its change counter by one (so that whatever else
** follows the shape, another world holding it, sees the change) and take
** that value as refitted (the next sync refits it no more).
**
** The world owns all its memory, from its allocator: the items, the tree
** and the working memory of its calls, a block for each call running, so
** that a call made from inside a callback of another call (a query's
** filter that raycasts, a move's filter that queries), or on another
** thread, works. Nothing is
** to be sized by the caller. An allocation that fails makes the call
** answer CL_NOMEM (a constructor NULL) and leaves the world as it was.
**
** Calls that only read the items take a const world; the queries take a
** world that is not const, since they take their working memory from it.
**
** Changes (add, update, remove, set_options, sync, move, the character's
** move) are refused with CL_BUSY while a call of the same world runs, that
** is from inside one of its callbacks; queries are allowed there.
**
** Order: each item has a sequence number, the order items were added,
** which the answers follow (ties in t go to the earlier added).
**
** Layers: each item has a layer and a mask (32 bits each, Box2D's category
** and mask bits). Two items meet in a move, in the character and in pairs
** only when each one's layer has a bit in common with the other's mask.
** Static items are never scanned by cl_world_sync and never paired with
** each other.
*/
#ifndef COLLIDE_WORLD_H
#define COLLIDE_WORLD_H

#include <stddef.h>
#include <stdint.h>
#include "collide.h"
#include "frustum.h"
#include "heightfield.h"
#include "mesh.h"
#include "tree.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- results: negative, distinct ---- */
#define CL_NOT_FOUND  (-1)   /* nothing found */
#define CL_STOPPED    (-2)   /* a callback stopped the call */
#define CL_NOMEM      (-3)   /* an allocation failed; the world is as it was */
#define CL_NOT_FINITE (-4)   /* a motion whose end is not finite (a shape near
                             ** 1e308 moved by 1e308); nothing moved */
#define CL_BUSY       (-5)   /* a change asked from inside a callback of the world */
#define CL_NOT_ITEM   (-6)   /* no such item */
#define CL_NOT_MOVER  (-7)   /* the item's shape is not an aabb, obb, sphere,
                             ** capsule, hull or compound, or is a compound
                             ** with a triangle child */
#define CL_BAD_OPTIONS (-8)  /* a character's options, or a mass, out of range */
#define CL_CHANGED    (-9)   /* restore: a mesh or heightfield the snapshot
                             ** references was edited since */
#define CL_OTHER_WORLD (-10) /* a snapshot or character of another world */

/* the kinds of items made of static triangle geometry; the shapes' kinds
** are cl_kind's */
#define CL_WORLD_MESH CL_NKINDS
#define CL_WORLD_HEIGHTFIELD (CL_NKINDS + 1)

#define CL_WORLD_ALL_BITS 0xffffffffu

/* the responses of a move's filter */
enum {
  CL_WORLD_IGNORE = 0, CL_WORLD_SLIDE, CL_WORLD_TOUCH, CL_WORLD_CROSS, CL_WORLD_BOUNCE,
  CL_WORLD_ABORT          /* a filter's way to stop the call */
};

typedef struct cl_world cl_world;
typedef struct cl_character cl_character;

/* an item's id (>= 0; the results above are negative): its slot in the
** low 32 bits, its slot's generation in the 16 bits above */
typedef int64_t cl_item;

/* the slot of an id (-1 for a negative one) */
static inline int cl_item_slot(cl_item id) {
  return id < 0 ? -1 : (int)(id & 0x7fffffff);
}
/* the generation of an id, 0 .. 65535 (-1 for a negative one) */
static inline int cl_item_generation(cl_item id) {
  return id < 0 ? -1 : (int)((id >> 32) & 0xffff);
}

/* a query's callback on an item: 1 to keep it, 0 to skip it, -1 to stop
** the call (CL_STOPPED comes back) */
typedef int (*cl_world_keep)(void *ud, cl_item item);

/* which items a call considers; a NULL filter means every item */
typedef struct {
  uint32_t mask;             /* items whose layer has no bit in it are skipped */
  const cl_item *exclude;    /* items skipped (nexclude of them), or NULL */
  int nexclude;
  cl_world_keep keep;        /* asked last, about the items left; NULL keeps them */
  void *ud;                  /* keep's */
  int sensors;               /* 1: sensors are found too (raycasts, sweeps,
                             ** queries, nearest); moves and pairs never
                             ** meet them */
} cl_world_filter;

/* a filter of every item (mask CL_WORLD_ALL_BITS, nothing else) */
void cl_world_filter_init(cl_world_filter *f);

/* a hit: the item, where (t, point, normal; cl_hit) and, for a mesh or a
** heightfield, the triangle's index, for a compound the child's (0-based
** in C, as the triangle's; else -1), and the triangle's material (-1 for
** anything but a triangle of a mesh or heightfield with materials) */
typedef struct {
  cl_item item;
  cl_hit hit;
  long long index;
  long long material;
} cl_world_hit;

/* a collision met by a move, as scene:move reports it; material: for a
** mesh or heightfield with materials, that of its triangle nearest the
** contact point p (ties to the lowest index), else -1; pushes: 1 when a
** character pushed other there (cl_character_options' push), by pushed
** (other's displacement, zero when it could not give way), else 0 and
** pushed zero */
typedef struct {
  cl_item other;             /* the other item's id */
  int type;                  /* CL_WORLD_SLIDE ... CL_WORLD_BOUNCE */
  double t, n[3], p[3];
  long long material;
  int pushes;
  double pushed[3];
} cl_world_collision;

/* where a move writes its collisions: room for max; n counts them all
** (more than max: the rest were dropped) */
typedef struct {
  cl_world_collision *c;
  int n, max;
} cl_world_collisions;

/* ---- life ---- */
/* a new world, NULL when out of memory. margin >= 0 fattens the tree's
** boxes (0.1 is a good start for a level measured in metres); alloc NULL:
** realloc and free, else every byte comes from alloc (lua_Alloc's
** signature: nsize 0 frees) with ud */
cl_world *cl_world_new(double margin, cl_alloc_fn alloc, void *ud);
/* a world as cl_world_new makes it, over the caller's tree (empty,
** cl_tree_init), which it then fills: the tree's own allocator grows it,
** or the caller gives it a free leaf before each add (cl_tree_full
** false); the caller reads the tree and frees it after the world. NULL
** when out of memory */
cl_world *cl_world_new_on_tree(cl_tree *tree, cl_alloc_fn alloc, void *ud);
/* frees everything the world holds (not the shapes) */
void cl_world_delete(cl_world *w);
/* the bytes the world holds through its allocator, its own block
** included (not a character's) */
size_t cl_world_memory(const cl_world *w);
/* cl_world_memory without the world's own struct: the bytes of what it
** holds beside it */
size_t cl_world_storage(const cl_world *w);

/* ---- items ---- */
/* a new item, its id (>= 0; its user data NULL), or CL_NOMEM, CL_BUSY, CL_NOT_ITEM (shape
** NULL, or kind not the shape's). kind: the shape's tag (shape->tag),
** CL_WORLD_MESH or CL_WORLD_HEIGHTFIELD; changes: the
** shape's (or heightfield's) change counter, or NULL; cl_world_sync
** refits an item that is not static when its counter moved, and a move
** of the item moves it (not const) */
cl_item cl_world_add(cl_world *w, void *shape, int kind, uint32_t *changes);
/* after the item's shape changed in place, or to give it another (shape
** NULL keeps it, and kind and changes are then not read): 0, or CL_NOMEM,
** CL_BUSY, CL_NOT_ITEM (no such item, or kind not the shape's) */
int cl_world_update(cl_world *w, cl_item item, void *shape, int kind,
                    uint32_t *changes);
/* 0, or CL_BUSY, CL_NOT_ITEM */
int cl_world_remove(cl_world *w, cl_item item);
/* layer, mask and static: 0, or CL_NOMEM, CL_BUSY, CL_NOT_ITEM */
int cl_world_set_options(cl_world *w, cl_item item, uint32_t layer, uint32_t mask, int is_static);
/* 0 and the options (any pointer may be NULL), or CL_NOT_ITEM */
int cl_world_options(const cl_world *w, cl_item item, uint32_t *layer, uint32_t *mask,
                     int *is_static);
/* an item's role (cl_world_set_role): a sensor never blocks (moves,
** sweeps and the character pass it by, pairs leave it out, raycasts,
** sweeps and queries skip it unless their filter's sensors is set) and
** reports the items inside it as events; an item with events reports
** when it begins and ends touching another (two items not both static) */
#define CL_WORLD_SENSOR 1
#define CL_WORLD_EVENTS 2
/* role: 0 or CL_WORLD_SENSOR and/or CL_WORLD_EVENTS. 0, or CL_NOMEM,
** CL_BUSY, CL_NOT_ITEM */
int cl_world_set_role(cl_world *w, cl_item item, int role);
/* the item's role, or CL_NOT_ITEM */
int cl_world_role(const cl_world *w, cl_item item);
/* a one-way item blocks a moving shape (cl_world_move, the character,
** cl_world_sweep) only from the side dir points to: when the mover does
** not overlap it where the motion starts and the contact normal, from the
** item to the mover, has a positive component along dir. dir NULL: both
** ways again. Not for a mesh or a heightfield. 0, or CL_NOT_FINITE (dir
** zero or not finite), CL_NOT_MOVER (a mesh or a heightfield), CL_NOMEM,
** CL_BUSY, CL_NOT_ITEM */
int cl_world_set_one_way(cl_world *w, cl_item item, const double dir[3]);
/* 1 and the item's unit direction (dir may be NULL), 0 when it blocks both
** ways, or CL_NOT_ITEM */
int cl_world_one_way(const cl_world *w, cl_item item, double dir[3]);
/* an item's mass: > 0 makes it movable by a character that pushes
** (cl_character_options' push), 0 (the default) leaves it immovable;
** static items and sensors are never pushed, whatever their mass. 0, or
** CL_BAD_OPTIONS (negative, not finite), CL_NOMEM (the first mass of a
** world: their records are made then), CL_BUSY, CL_NOT_ITEM */
int cl_world_set_mass(cl_world *w, cl_item item, double mass);
/* the item's mass, 0 for none (or no such item) */
double cl_world_mass(const cl_world *w, cl_item item);
/* 1 when item is the id of an item of the world (not a removed one's) */
int cl_world_is_item(const cl_world *w, cl_item item);
/* the id of the item in slot (0-based), or CL_NOT_ITEM when the slot is
** free (or is not one) */
cl_item cl_world_item_at(const cl_world *w, int slot);
/* the caller's pointer of the item (NULL when added; a snapshot restores
** it with the item): 0, or CL_NOT_ITEM. Allowed from inside a callback,
** never allocates */
int cl_world_set_user_data(cl_world *w, cl_item item, void *data);
/* the item's pointer, NULL for no such item */
void *cl_world_user_data(const cl_world *w, cl_item item);
/* the material of triangle index (0-based) of the item's mesh or
** heightfield (cl_mesh_material, cl_heightfield_material); -1 when the
** item is not one, has no materials or index is not a triangle */
long long cl_world_material(const cl_world *w, cl_item item, long long index);
int cl_world_count(const cl_world *w);
/* the item's sequence number (its place in the add order, from 1), or
** CL_NOT_ITEM; a removed item's id may be given to a new item, whose
** number is larger */
long long cl_world_seq(const cl_world *w, cl_item item);
/* the sequence number of the last item added (0 before the first) */
long long cl_world_last_seq(const cl_world *w);
/* the item added after the item id whose sequence number was seq (id -1:
** the first item), -1 after the last. When that item is gone (removed,
** its id maybe given to another), ahead, the one that followed it then
** (-1: none), when it is still the item of aseq, else the first item added
** after seq: a walk over the items in add order that changes may
** interrupt (removed items are never returned, added ones are, last).
** Only the slots of id and ahead are read (their items may be gone: seq
** and aseq tell); id negative: the first item */
cl_item cl_world_next(const cl_world *w, cl_item id, long long seq, cl_item ahead,
                      long long aseq);
/* the name of a call of the world running (with one thread the
** innermost: "query", "move", ...), NULL when none: changes are refused
** with CL_BUSY while it is not NULL */
const char *cl_world_busy(const cl_world *w);
/* 1 for the kinds a move and the character take: aabb, obb, sphere,
** capsule, hull and compound */
int cl_world_is_mover(int kind);
/* 1 when the item's shape can be moved (cl_world_move, the character):
** a mover's kind, and no triangle among a compound's children (a triangle
** child is swept only as its target moving the other way, which planes,
** triangles, meshes and heightfields cannot be: it would pass through
** them) */
int cl_world_item_moves(const cl_world *w, cl_item item);
/* Whether the caller tells the world when the item's shape changes in
** place (on: cl_world_touch after each change, so cl_world_sync looks at
** the item only then), or the world reads its change counter at each
** sync (off, as for any item added with a counter): 0, or CL_NOT_ITEM */
int cl_world_link(cl_world *w, cl_item item, int on);
/* the linked item's shape changed in place (its counter moved): the next
** cl_world_sync looks at it. Never allocates. 0, or CL_NOT_ITEM */
int cl_world_touch(cl_world *w, cl_item item);
/* the item's shape and kind (kind may be NULL); NULL when no such item */
const void *cl_world_shape(const cl_world *w, cl_item item, int *kind);
/* every item that is not static and has a change counter whose counter
** moved is refitted: their number, or CL_BUSY, or CL_NOMEM when an item
** whose shape gained or lost bounds could not be placed again (it keeps
** its place and the next sync tries again; the other items are refitted) */
int cl_world_sync(cl_world *w);
/* a number that stays the same while no answer of the world can change:
** every add, update, remove, change of options, role or one-way
** direction, refit by a sync, move or character update moves it. While
** an item has a change counter the world reads (the items added here with
** one) it moves at every call, since such a shape may have changed
** unseen. cl_world_pairs answers from its last answer while it stays
** the same (doc/scene.md, "The world from C"). */
unsigned long long cl_world_version(cl_world *w);

/* ---- queries (filter NULL: every item) ---- */
/* the nearest item the ray hits (ties to the earlier added): its id, its
** hit in *hit (may be NULL); CL_NOT_FOUND, CL_STOPPED, CL_NOMEM */
cl_item cl_world_raycast(cl_world *w, const cl_ray *r, const cl_world_filter *f, cl_world_hit *hit);
/* a callback on a hit: 1 to go on, 0 to stop the call (CL_STOPPED) */
typedef int (*cl_world_each_hit)(void *ud, const cl_world_hit *hit);
/* every item the ray hits, to fn, in the order the tree's boxes are
** entered, then the items without bounds: their number, or CL_STOPPED,
** CL_NOMEM */
int cl_world_raycast_all(cl_world *w, const cl_ray *r, const cl_world_filter *f,
                         cl_world_each_hit fn, void *ud);
/* a callback on an item: 1 to go on, 0 to stop the call (CL_STOPPED) */
typedef int (*cl_world_each)(void *ud, cl_item item);
/* the items whose shapes intersect shape (kind as in cl_world_add), as
** cl_intersects and the geometry's tests answer, to fn in sequence order:
** their number, or CL_STOPPED, CL_NOMEM, CL_NOT_ITEM (shape NULL, or kind
** not the shape's). fn may be NULL (count only). */
int cl_world_query(cl_world *w, const void *shape, int kind, const cl_world_filter *f,
                   cl_world_each fn, void *ud);
/* the same for the items inside or crossing the frustum (exact; static
** geometry by its bounds) */
int cl_world_query_frustum(cl_world *w, const cl_frustum *fr, const cl_world_filter *f,
                           cl_world_each fn, void *ud);
/* the item nearest the point p (ties in distance to the earlier added):
** its id, its distance in *d and its closest point in out (either may be
** NULL; set only when an item is found). The distance is each kind's own
** (cl_distance; a mesh's or a heightfield's nearest triangle): 0 for a
** point inside a solid (aabb, obb, sphere, capsule, hull, compound) or
** on a surface, and the point is then p itself. A plane is a surface
** (its distance is |dot(n, p) - d|, on either side), a triangle and a ray
** (its segment, endless when tmax is) too. Items farther than
** max_distance (INFINITY: no limit) are not found; one exactly at it is.
** keep is asked only about an item that would become the nearest. Its
** cost follows the items near p (a walk of the tree nearest box first,
** stopped once the boxes lie farther than the best so far). CL_NOT_FOUND,
** CL_STOPPED, CL_NOMEM, CL_NOT_FINITE (p not finite, max_distance
** negative or NaN) */
cl_item cl_world_nearest(cl_world *w, const double p[3], double max_distance,
                     const cl_world_filter *f, double *d, double out[3]);
/* a callback on a pair: 1 to go on, 0 to stop the call (CL_STOPPED) */
typedef int (*cl_world_each_pair)(void *ud, cl_item a, cl_item b);
/* every two items whose shapes intersect, once, a added before b, sorted
** by a then b, to fn; pairs that do not meet by layers and masks and two
** static items are left out; keep is asked at most once per item. Their
** number, or CL_STOPPED, CL_NOMEM. fn may be NULL. A call with no keep
** and no exclusions, while no item changed since the last such call with
** the same mask and no item has a change counter the world reads, gives
** that call's answer again without testing anything (a call that finds
** another thread's using the kept answer finds the same pairs itself). */
long long cl_world_pairs(cl_world *w, const cl_world_filter *f, cl_world_each_pair fn,
                         void *ud);

/* ---- debug lines (scene:lines) ---- */
/* the items whose outlines are drawn within box (NULL: every item), to fn
** in sequence order: an item whose bounds meet the box (touching counts),
** or without bounds (a plane, a ray without end) whose shape meets it;
** the filter's mask, exclusions and keep as in the queries, but sensors
** are drawn too (f->sensors is not read). keep is asked once per item
** in sequence order, fn after the last keep. Their number, or
** CL_STOPPED, CL_NOMEM. fn may be NULL (count only). */
int cl_world_lines(cl_world *w, const cl_aabb *box, const cl_world_filter *f, cl_world_each fn,
                   void *ud);
/* the outline of one item, as cl_lines_count and cl_lines_fill give a
** shape's (collide.h) and cl_mesh_lines_count, cl_heightfield_lines_count
** and their fills a mesh's or heightfield's (the triangles within box,
** NULL: all; box is not read for a shape): the number of segments, and
** for fill the segments written into out (room for 6 times the count
** doubles). 0 for no item. Never allocate, call nothing of the caller's. */
size_t cl_world_lines_count(const cl_world *w, cl_item item, const cl_aabb *box);
size_t cl_world_lines_fill(const cl_world *w, cl_item item, const cl_aabb *box, double *out);

/* ---- events ---- */
#define CL_WORLD_ENTER 1     /* item b came inside sensor a */
#define CL_WORLD_EXIT  2     /* b left a, or one was removed or can no longer meet the other */
#define CL_WORLD_BEGIN 3     /* a and b (a added first) began touching */
#define CL_WORLD_END   4     /* they stopped touching, or one was removed */
/* an event: its type, the items (ids; a removed item's is the id it had,
** which the world now refuses) and their sequence numbers */
typedef struct {
  int type;
  cl_item a, b;
  long long seq_a, seq_b;
} cl_world_event;
/* a callback on an event: 1 to go on, 0 to stop (the events not given are
** dropped) */
typedef int (*cl_world_each_event)(void *ud, const cl_world_event *e);
/* everything that began or ended since the last call (the first: since
** the world was made), found from the items changed since (added, moved,
** updated, refitted by cl_world_sync, given other options or role), to
** fn: all exits and ends first, then enters and begins, each in sequence
** order of a, then of b. A sensor meets an item (not a sensor) when their
** shapes intersect and each one's layer meets the other's mask; an item
** with events meets another (not a sensor, not both static) on the same
** rule. An item that came in and left again between two calls gives
** nothing. The number of events, or CL_STOPPED, CL_BUSY (from inside a
** callback), CL_NOMEM (the events found so far are kept for the next call,
** with what is left to look at). fn may be NULL (the events are dropped). */
long long cl_world_events(cl_world *w, cl_world_each_event fn, void *ud);
/* 1 when the next cl_world_events may name the item once it is removed
** (it has contacts, or events found are waiting), so that a caller
** keeping what the ids stand for keeps the item's until then */
int cl_world_events_name(const cl_world *w, cl_item item);

/* ---- shape casts and moves ---- */
/* the first item that mover (aabb, obb, sphere, capsule, hull or compound) touches
** when translated by t * d (t in [0, 1]), skipping the item whose shape
** is mover itself: its id and hit (may be NULL), or CL_NOT_FOUND, CL_STOPPED,
** CL_NOMEM. keep is asked only about an item that would become the first
** hit. */
cl_item cl_world_sweep(cl_world *w, const cl_shape *mover, const double d[3],
                   const cl_world_filter *f, cl_world_hit *hit);
/* every item touched, to fn, in sequence order of the candidates: their
** number, or CL_STOPPED, CL_NOMEM */
int cl_world_sweep_all(cl_world *w, const cl_shape *mover, const double d[3],
                       const cl_world_filter *f, cl_world_each_hit fn, void *ud);
/* cl_world_sweep and cl_world_sweep_all skipping the item whose shape is
** skip (the mover may be a copy of an item's shape, skip the shape) */
cl_item cl_world_sweep_skipping(cl_world *w, const cl_shape *mover, const double d[3],
                            const void *skip, const cl_world_filter *f, cl_world_hit *hit);
int cl_world_sweep_all_skipping(cl_world *w, const cl_shape *mover, const double d[3],
                                const void *skip, const cl_world_filter *f,
                                cl_world_each_hit fn, void *ud);

/* the filter of a move: the response of self to other (CL_WORLD_IGNORE ..
** CL_WORLD_BOUNCE, or CL_WORLD_ABORT to stop), called at most once per
** other item per move, only for items that the moving shape meets; NULL:
** slide on everything */
typedef int (*cl_world_respond)(void *ud, cl_item self, cl_item other);

/* scene:move: moves the item's shape (written in place, then refitted,
** its change counter moved by one and taken as seen) by
** at most d, sliding, touching, crossing or bouncing as respond answers
** (after the filter f: items it leaves out are ignored). moved (may be
** NULL): the displacement applied; out (may be NULL): the collisions.
** 0, or CL_STOPPED (respond aborted: nothing moved, moved is zero, out
** holds the collisions met before),
** CL_NOT_FINITE (nothing moved), CL_NOMEM, CL_BUSY, CL_NOT_ITEM,
** CL_NOT_MOVER. */
int cl_world_move(cl_world *w, cl_item item, const double d[3], const cl_world_filter *f,
                  cl_world_respond respond, void *rud, double moved[3],
                  cl_world_collisions *out);
/* the room for the collisions of one move that never drops any (every
** other item crossed once, the pushes and the contacts of every pass):
** cl_world_collisions' max */
int cl_world_move_room(const cl_world *w);

/* ---- the character ---- */
typedef struct {
  double up[3];              /* any finite non-zero vector (normalised) */
  double step_height;        /* >= 0 */
  double max_slope;          /* degrees, 0..90: steeper is a wall */
  double skin;               /* > 0 */
  double snap;               /* >= 0 */
  uint32_t mask;             /* the items it meets (beside its own mask) */
  cl_world_keep keep;        /* asked about the other items it meets, at most
                             ** once each a move (and at cl_character_new):
                             ** 1 meets the item, 0 passes through it, -1
                             ** stops the call; NULL meets every item */
  void *keep_ud;             /* keep's */
  double push;               /* >= 0: the items with a mass it walks into
                             ** move by push / (push + mass) of its blocked
                             ** motion; 0 pushes nothing (doc/motion.md) */
} cl_character_options;

/* the defaults: up (0, 1, 0), step_height 0.3, max_slope 45, skin 0.01,
** snap 0.3, mask CL_WORLD_ALL_BITS, keep NULL, push 0 */
void cl_character_options_init(cl_character_options *o);
/* a character walking the item (aabb, obb, sphere, capsule, hull or compound) of w;
** options NULL: the defaults. Standing on a floor within snap below (as a
** move's snap finds it), it has that floor at once: on_floor, the floor's
** normal and item answer, and the first move is carried by it. NULL when
** out of memory, when the item is not a mover, the options are out of
** range, or keep stopped the probe for the floor (cl_character_create
** tells which). */
cl_character *cl_character_new(cl_world *w, cl_item item, const cl_character_options *o);
/* the same, the character in *out: 0, or (*out NULL) CL_NOT_ITEM,
** CL_NOT_MOVER (not a mover, or a sensor), CL_BAD_OPTIONS, CL_STOPPED
** (keep stopped the probe for the floor), CL_NOMEM */
int cl_character_create(cl_world *w, cl_item item, const cl_character_options *o,
                        cl_character **out);
/* moves the character by d (up, side and down passes, stepping, sliding,
** snapping, carried first by the floor it stands on when that moved:
** its translation, and its turn about up for an obb, a hull or a capsule,
** which turns the character's centre about the floor's centre, or the
** capsule's a; the character's shape is only translated) and refits its
** item, its change counter moved by one and taken as seen, as
** cl_world_move does; moved (may be NULL) the displacement applied. With
** a push, the items it walks into that give way (cl_world_set_mass, or
** another character's item, weighing its push) are moved as cl_world_move
** moves them, by push / (push + mass) of the blocked motion along the
** contact normal, and refitted; the character follows them (its
** collisions tell, pushes and pushed). 0, or
** CL_NOT_FINITE, CL_STOPPED (keep stopped it) or CL_NOMEM: nothing moved
** (nor what it pushed), the flags and the floor as they were (a move
** stopped on its way keeps no collisions); CL_BUSY, CL_NOT_ITEM (its item
** was removed), CL_NOT_MOVER. */
int cl_character_move(cl_character *ch, const double d[3], double moved[3]);
int cl_character_on_floor(const cl_character *ch);
int cl_character_on_wall(const cl_character *ch);
int cl_character_on_ceiling(const cl_character *ch);
/* 1 and the floor's normal when on the floor, else 0 */
int cl_character_floor_normal(const cl_character *ch, double n[3]);
/* the item stood on, or CL_NOT_FOUND (also once that item is removed) */
cl_item cl_character_floor_item(const cl_character *ch);
/* the material of the floor's triangle (of a mesh or heightfield with
** materials: the one nearest the floor's contact point, ties to the lowest
** index, read now), -1 when off the floor or the floor has none */
long long cl_character_floor_material(const cl_character *ch);
/* the character's item (its id, stale once the item is removed) */
cl_item cl_character_item(const cl_character *ch);
/* the character now walks the item (a mover of its world: its item
** removed and added again), its state kept: 0, or CL_NOT_ITEM (not an
** item of its world: the character is as it was) */
int cl_character_retarget(cl_character *ch, cl_item item);
/* the carry the last move applied (after sliding): the floor's motion
** under the character, zero when it did not move (divided by the
** frame's time, the ground velocity a jump keeps) */
void cl_character_floor_motion(const cl_character *ch, double d[3]);
/* the turn about up the last move's carry applied, in radians within
** [-pi, pi]: counter-clockwise seen from above, i.e. positive about up
** by the right-hand rule (a floor turned by the rotation
** cl_axis_angle(q, up, a), |a| < pi, gives a, to rounding); the floor's
** turn, whatever sliding left of the carry's translation; 0 when the
** floor did not turn about up or the character was not carried (a camera
** turns by it to turn with a merry-go-round) */
double cl_character_floor_turn(const cl_character *ch);
/* the last move's collisions (as cl_world_move's) and their number */
const cl_world_collision *cl_character_collisions(const cl_character *ch, int *n);
void cl_character_delete(cl_character *ch);

/* ---- saving and restoring (rollback netcode, save games) ---- */
/* A snapshot holds the world's whole state: which items it holds, their
** ids and every slot's generation (the ids the next adds hand out), add
** order, user data, kinds, shapes' places (the numbers of a shape's struct;
** a hull's or compound's data stays its own), options, roles, one-way
** directions, the contacts events remember and the events not yet given,
** and the state of the characters given (flags, floor, carry, the last
** move's collisions). Restoring it puts all of that back: items added
** since are removed, items removed since come back with their ids and
** add order, the shapes of the items that are not static are written
** back in place (the caller's structs, so pointers to them stay valid),
** and from then on every answer is the one the world gave after the
** snapshot was taken, bit for bit (the tree may be laid out otherwise:
** no answer depends on that). A snapshot restores any number of times.
**
** What does not change is referenced, not copied: a static item's shape
** (restore puts the item back, not its shape: a static shape changed in
** place since stays as it is), meshes and heightfields (one edited since,
** its change counter moved, makes the restore answer CL_CHANGED). The
** records of the items are kept once for every snapshot taken while no
** item was added, removed or given other options, a role, a one-way
** direction or another shape (those share them); a snapshot's own bytes
** are the places of the items that are not static, the contacts and the
** pending events: its cost follows what can move, not the level. A
** restore across such changes compares the records of every item once.
**
** Memory comes from the world's allocator, kept by the snapshot: a
** snapshot outlives its world (then it can only be deleted). */
typedef struct cl_snapshot cl_snapshot;
/* the world's state and that of the characters chars[0 .. nchars-1]
** (characters of w) into a new snapshot *out: 0, or (*out NULL)
** CL_NOMEM, CL_BUSY, CL_OTHER_WORLD (a character of another world) */
int cl_world_snapshot(cl_world *w, cl_character *const *chars, int nchars,
                      cl_snapshot **out);
/* the world as the snapshot holds it, and each of its characters (which
** must not have been deleted since): 0, or CL_NOMEM, CL_BUSY,
** CL_OTHER_WORLD (the snapshot of another world), CL_CHANGED; on any
** error world, characters and snapshot are as they were. A world over
** the caller's tree (cl_world_new_on_tree) needs room in it first for
** cl_world_restore_leaves leaves (else CL_NOMEM). */
int cl_world_restore(cl_world *w, const cl_snapshot *s);
/* the leaves the tree of w needs room for to restore s */
int cl_world_restore_leaves(const cl_world *w, const cl_snapshot *s);
/* a callback of cl_world_restore_each on a slot whose item the restore
** changes, before it changes anything: gone 1, the item there leaves
** (its shape readable now), item its id; gone 0, the snapshot's item
** takes the slot, item the id it has after the restore */
typedef void (*cl_world_each_restored)(void *ud, cl_item item, int gone);
/* cl_world_restore, telling fn (may be NULL) of the items that leave and
** come back; fn must not call the world but to read it */
int cl_world_restore_each(cl_world *w, const cl_snapshot *s, cl_world_each_restored fn,
                          void *ud);
/* the bytes of the snapshot's own state, and of the item records it
** shares (with the world and the snapshots taken over the same records) */
size_t cl_snapshot_memory(const cl_snapshot *s);
size_t cl_snapshot_shared(const cl_snapshot *s);
/* the items the snapshot holds */
int cl_snapshot_count(const cl_snapshot *s);
void cl_snapshot_delete(cl_snapshot *s);
/* a number below 2^53 over the world's state as a snapshot holds it
** (every number to the bit, ids and the slots' generations, add order,
** options, roles, one-way directions, contacts, pending events) and that
** of the characters given: two worlds that give the same answers give
** the same hash, on every build (doc/determinism.md); the tree's layout,
** the change counters, the user data and the addresses of the shapes are
** not part of it. A mesh or
** heightfield counts by its kind and place in the add order. */
unsigned long long cl_world_hash(cl_world *w, cl_character *const *chars, int nchars);

#ifdef __cplusplus
}
#endif

#endif
