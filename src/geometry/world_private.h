/*
** world_private.h - the world's inside (world.c, world_query.c,
** world_move.c, world_events.c, world_oneway.c and character.c; the Lua
** binding reads only world.h): the records of the
** items, the working memory of one call (cl_world_scratch) and the calls
** that take it. The public API is include/collide/world.h; these are
** not installed.
**
** A call of the public API takes a level of working memory no other
** call holds (cl_world_enter: a call made from a callback of another, or
** on another thread, takes one of its own), runs the calls below on it,
** and gives it back (cl_world_leave). The world refuses changes while any
** call runs (cl_world_busy).
*/
#ifndef COLLIDE_WORLD_PRIVATE_H
#define COLLIDE_WORLD_PRIVATE_H

#include "collide/world.h"
#include "collider.h"
#include "mesh_near.h"

/* the room for the triangles of one mesh near a character's update */
#define CL_WORLD_NEAR 1024
/* the room for the items near a character's update */
#define CL_WORLD_NEAR_ITEMS 256
/* the room for the made triangles of those of a mesh (in a world with
** meshes) */
#define CL_WORLD_NEAR_TRIS 256



/* An item's record holds what every item needs (72 bytes on a 64-bit
** build); what only some worlds use is beside it, in arrays by id made the
** first time they are needed: a move's marks (cl_world_marks, in a move's
** scratch), the
** events' and one-way state (cl_world_evrec) and the masses. */
typedef struct {
  const void *shape;         /* cl_shape, cl_mesh (CL_WORLD_MESH) or cl_heightfield */
  uint32_t *changes;   /* the shape's change counter, or NULL */
  void *user;                /* the caller's (cl_world_set_user_data) */
  long long seq;             /* the add order */
  uint32_t seen;             /* the counter's value when the item was last refitted */
  uint32_t layer, mask;
  int proxy;                 /* tree leaf, -1 when the shape has no bounds */
  int watch;                 /* place in the watched list, -1 when not on it */
  int prev, next;            /* the items added before and after (-1: none); for
                             ** a free record, prev is the next free one and
                             ** next the item after it when it was removed */
  uint16_t gen;              /* the slot's generation: its id's bits 32..47,
                             ** moved by one at each removal (kept by a free
                             ** record) */
  signed char kind;          /* cl_kind, CL_WORLD_MESH...; -1 for a free record */
  unsigned char is_static;
  unsigned char role;        /* CL_WORLD_SENSOR, CL_WORLD_EVENTS */
  unsigned char linked;      /* its owner tells the world when the shape
                             ** changes (cl_world_touch): not polled */
} cl_world_item;

/* 1 when the world learns of the item's changes in place only by reading
** its shape's change counter (cl_world_version cannot vouch for it) */
#define CL_WORLD_POLLED(it) ((it)->kind >= 0 && (it)->changes != NULL && !(it)->linked)

/* one move's memory of an item (world_move.c): the response given
** (resp_mark == the move's mark), whether it was crossed (cross_mark ==
** the move's mark), overlapped at the push-out step so marked; in a
** move's scratch, room for every item, blank when laid out */
typedef struct {
  unsigned resp_mark, cross_mark, inside_mark;
  int resp;
} cl_world_marks;

/* an item's events and one-way state (world_events.c): the head of its
** contacts, its place on the list of items changed since the last
** cl_world_events (-1: not on it), a mark and contact for the search of
** one item's contacts, its direction in w->one_way (-1: none); room for
** every item from the first role or one-way direction set on */
typedef struct {
  int contacts, evpos;
  unsigned ev_mark;
  int ev_contact;
  int one_way;
} cl_world_evrec;

/* a one-way item's unit direction; free records: next, the next free one */
typedef struct { double n[3]; int next; } cl_world_dir;

/* a sensor's item inside it, or two items touching (events): item[0] is
** the sensor or the one added first; next and prev thread the lists of
** both items' contacts (k: the side of the item the list is of) */
typedef struct {
  int item[2];
  int next[2], prev[2];
  unsigned stamp;            /* found at this search (ev_stamp) */
  int type;                  /* CL_WORLD_ENTER (a sensor's) or CL_WORLD_BEGIN */
} cl_world_contact;

struct cl_world {
  cl_tree *tree;             /* own_tree, or the caller's (cl_world_init_tree) */
  cl_tree own_tree;
  cl_world_item *items;
  int nitems, cap, free_head, count;
  int first, last;           /* the first and last items in add order, -1 for none */
  int *unbounded;            /* ids without bounds, in sequence order */
  int nunbounded, cap_unbounded;
  int *watched;              /* the items not static with a change counter;
                             ** the first nfront are those cl_world_sync
                             ** looks at: those it polls (not linked) and
                             ** the linked ones touched since */
  int nwatched, cap_watched, nfront;
  cl_world_evrec *evrec;     /* by id, NULL before the first role or
                             ** one-way direction */
  int cap_evrec;
  int nmeshes;               /* items that are meshes */
  int nmovable;              /* items that are not static */
  long long counter;         /* the last sequence number given */
  unsigned mark;             /* the current move's number */
  unsigned inside;           /* the current push step's number */
  cl_alloc_fn alloc;
  void *ud;
  int own_block;             /* the world's own struct came from alloc
                             ** (cl_world_new), not from its caller */
  /* the working memory of the calls: the first of a list of levels
  ** (cl_world_level), each allocated once and appended at the end, never
  ** moved nor taken out while the world lives (read and appended with
  ** atomic.h's operations: calls on several threads claim them) */
  void *levels;
  /* cl_world_pairs' state below, kept between calls, is held by one
  ** call at a time (1 while it is; atomic.h) */
  long pairs_lock;
  /* cl_world_pairs' buffers: the tree's pairs found last and the next
  ** ones' (the answer is built in the call's level) */
  cl_tree_pair *pair_buf[2];
  long long pair_room[2];
  long long ntree_pairs;     /* in pair_buf[0], found at */
  unsigned tree_pairs_epoch;
  int tree_pairs_valid;      /* 0: none yet */
  /* what an answer may see changes: cl_world_version */
  unsigned long long version; /* moved by every change of an item */
  unsigned long long geo_version; /* moved by every change of a mesh or
                             ** heightfield item (a kept gathering's check) */
  int npolled;               /* items CL_WORLD_POLLED */
  /* the last answer of a cl_world_pairs without a keep test of the
  ** caller's, in pairs_ans (room for pairs_ans_room): its number (-1:
  ** none), the version and the filter it answered */
  cl_tree_pair *pairs_ans;
  long long pairs_ans_room;
  long long pairs_kept;
  unsigned long long pairs_version;
  uint32_t pairs_mask;
  int pairs_skip_sensors;
  /* events (world_events.c) */
  int nsensors, nevents;     /* items with those roles */
  int *evdirty;              /* the items changed since the last events call */
  int nevdirty, cap_evdirty; /* (room for every item while any role is set) */
  cl_world_contact *contacts;
  int ncontacts, cap_contacts, free_contact;
  cl_world_event *pending;   /* events found and not yet given: room for
                             ** them and for one more per contact */
  long long npending, cap_pending;
  unsigned ev_stamp;
  cl_world_dir *one_way;     /* one-way directions, by item's one_way */
  int none_way, cap_one_way, free_one_way;
  /* snapshots (world_snapshot.c): the number of the items' records as
  ** they are (moved by every add, remove and change of an item but its
  ** shape's place: CL_WORLD_RESHAPED), the last number given, the records
  ** kept for snapshots (NULL: none; shared, counted), and the hash of the
  ** records and static shapes at hash_id */
  unsigned long long struct_id, struct_serial;
  struct cl_world_base *base;
  unsigned long long hash_id, hash_static;
  int hash_valid;
  /* the characters made on the world, in the order they were made (a
  ** character pushing another's item reads its push here) */
  cl_character *chars;
  /* the items' masses by id (> 0: a character with push moves it; 0:
  ** none), room for cap_mass; NULL before the first mass set */
  double *mass;
  int cap_mass;
};

/* room for the masses of n items (the new ones 0); 0 when out of memory
** (as they were) */
int cl_world_mass_room(cl_world *w, int n);
/* the item's mass, 0 for none */
static inline double cl_world_mass_of(const cl_world *w, int id) {
  return id < w->cap_mass ? w->mass[id] : 0;
}

/* the items' records changed (not a shape's place): snapshots taken
** before no longer share theirs with the world */
#define CL_WORLD_RESHAPED(w) ((w)->struct_id = ++(w)->struct_serial)

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
  cl_mesh_near_axes *near_axes; /* their sweeps' axes (as many), NULL without meshes */
  /* the last gathering in these rooms, kept for a later move whose reach
  ** lies inside its box (cl_world_move_near): of the mesh item near_item
  ** (its seq and shape, the world's geo_version then), for near_owner;
  ** near_item -1: none */
  cl_mesh_near near_kept;
  int near_item;
  long long near_seq;
  const void *near_shape, *near_owner;
  unsigned long long near_geo;
  /* the items a character's move gathered (near_items, items_n of them,
  ** -1: none kept, whose tree boxes meet items_box), kept for the next
  ** move of the same item, mask and shape while the world's version is
  ** the one its move ended with (items_version, set by cl_world_keep_items
  ** once the move refitted its item: items_ending) */
  int items_n, items_self, items_ending;
  uint32_t items_mask;
  const void *items_skip, *items_owner;
  unsigned long long items_version;
  cl_aabb items_box;
  cl_world_marks *marks;     /* a move's marks by id (nmarks), NULL in a query scratch */
  int nmarks;
} cl_world_scratch;




/* the id of the item in slot (a live one, or the id its last item had) */
static inline cl_item cl_world_id(const cl_world *w, int slot) {
  return (cl_item)w->items[slot].gen << 32 | (cl_item)slot;
}
/* the slot of the item id names, -1 when it names none (a removed item's
** id, an id of no slot, a negative one) */
static inline int cl_world_slot(const cl_world *w, cl_item id) {
  int slot = cl_item_slot(id);
  if (slot < 0 || slot >= w->nitems || w->items[slot].kind < 0 || cl_world_id(w, slot) != id)
    return -1;
  return slot;
}
/* 1 when slot holds an item */
static inline int cl_world_live(const cl_world *w, int slot) {
  return slot >= 0 && slot < w->nitems && w->items[slot].kind >= 0;
}

/* the calls below name items by slot: their callbacks' */
typedef int (*cl_world_keep_at)(void *ud, int slot);
typedef int (*cl_world_respond_at)(void *ud, int self, int other);

static inline const cl_shape *cl_world_shape_of(const cl_world_item *it) {
  return (const cl_shape *)it->shape;
}

/* an item crossed by a leg of a move (world_move.c), in the scratch */
typedef struct {
  int other;
  double t, p[3], n[3], d;
} cl_world_cross;

/* the bounds of shape swept by d, clamped to the largest double */
void cl_world_swept_box(const cl_shape *shape, const double d[3], cl_aabb *box);
/* the items without bounds appended to cands (k there already): rays
** never, and items whose layer misses mask or that do not meet self (-1:
** no self) left out; the new count */
int cl_world_unbounded_candidates(const cl_world *w, int *cands, int k, int self, uint32_t mask);

/* the working memory of one call running */
typedef struct cl_world_level {
  cl_world_scratch s;        /* first: a call's scratch is its level */
  void *mem;
  size_t size;
  cl_tree_pair *pairs;       /* a pairs call's answer, room for npairs */
  long long npairs;
  int moves, valid;          /* s is a move's scratch; s is laid out in mem */
  long held;                 /* 1 while a call holds the level (atomic.h) */
  const void *name;          /* the name of the call that held it last */
  void *next;                /* the next level, or NULL (atomic.h) */
} cl_world_level;

/* the memory of a call, a level no other call holds, laid out for the
** world as it is (moves: with a move's rooms), its call named name; NULL
** when out of memory (nothing changed). cl_world_leave(w, s) ends the
** call. With one thread the levels held are the first ones of the list,
** the innermost call's last. */
cl_world_scratch *cl_world_enter(cl_world *w, const char *name, int moves);
void cl_world_leave(cl_world *w, cl_world_scratch *s);
/* the level of a call's scratch */
#define CL_WORLD_LEVEL_OF(s) ((cl_world_level *)(void *)(s))

/* 1 when kind is the shape's: its tag, or CL_WORLD_MESH or
** CL_WORLD_HEIGHTFIELD (shape not NULL) */
int cl_world_kind_of(const void *shape, int kind);


/* world.c, for a restore (world_snapshot.c), whose rooms are made
** before: the item taken out of the tree (or the list of those without
** bounds) and the watched list; put back in as its record says (its
** proxy and watch not read; 0 when out of memory); on the watched list
** or off it as its record says */
void cl_world_unplace(cl_world *w, int id);
int cl_world_replace(cl_world *w, int id);
void cl_world_rewatch(cl_world *w, int id);
/* world_snapshot.c: the records kept for snapshots released (at the
** world's end) */
void cl_world_base_release(cl_world *w);
/* character.c: a character's state as a snapshot keeps it: its bytes,
** written into dst, room made for it (0 when out of memory: nothing
** changed) and read back; its hash folded into h */
size_t cl_character_saved_size(const cl_character *ch);
void cl_character_save_to(const cl_character *ch, void *dst);
int cl_character_load_room(cl_character *ch, const void *src);
void cl_character_load_from(cl_character *ch, const void *src);
unsigned long long cl_character_hash_into(const cl_character *ch, unsigned long long h);
const cl_world *cl_character_world(const cl_character *ch);
/* character.c: the world is deleted: its characters (w->chars) are told
** (they can then only be deleted) */
void cl_character_orphan_all(cl_world *w);
/* a 64-bit mix of h and the 32-bit word x (the hashes' step) */
static inline unsigned long long cl_hash_step(unsigned long long h, uint32_t x) {
  h ^= x;
  h *= 0x9e3779b97f4a7c15ULL;
  return h ^ (h >> 32);
}
unsigned long long cl_hash_bytes(unsigned long long h, const void *p, size_t n);

/* ---- life ---- */
/* the item's shape was written in place by a move: the item refitted
** (a mover has bounds before and after: no memory is needed), its change
** counter moved by one, that value taken as refitted */
void cl_world_moved(cl_world *w, int item);

/* alloc NULL: realloc/free. margin >= 0 fattens the tree's boxes. */
void cl_world_init_own(cl_world *w, double margin, cl_alloc_fn alloc, void *ud);
/* the same over the caller's tree (empty), which the world then fills */
void cl_world_init_tree(cl_world *w, cl_tree *tree, cl_alloc_fn alloc, void *ud);
void cl_world_free_all(cl_world *w);

/* ---- items ---- */
/* the id of a new item (-1 when out of memory; the world is then
** unchanged); kind is the shape's tag or CL_WORLD_MESH, changes its change
** counter or NULL. With a tree of the caller's, the tree must have a free
** leaf (cl_tree_full false). */
int cl_world_add_item(cl_world *w, const void *shape, int kind, uint32_t *changes);
/* after the item's shape changed in place, or to give it another (shape
** NULL keeps it); 0 when out of memory (the item then keeps its place) */
int cl_world_update_item(cl_world *w, int id, const void *shape, int kind, uint32_t *changes);
void cl_world_remove_item(cl_world *w, int id);
/* layer, mask and static; 0 when out of memory */
int cl_world_set_item_options(cl_world *w, int id, uint32_t layer, uint32_t mask, int is_static);
/* every watched item (not static, with a change counter) whose counter
** moved is refitted (only the linked ones touched since are looked at);
** returns how many. Items whose shapes lost or gained
** bounds change places (tree and list) and, when moved is not NULL, are
** written there (room for the watched items). */
int cl_world_sync_moved(cl_world *w, int *moved, int *nmoved);
/* 1 when a and b meet by their layers and masks */
int cl_world_meets(const cl_world *w, int a, int b);
/* 1 when a and b may be paired: they meet and are not both static */
int cl_world_pairable(const cl_world *w, int a, int b);

/* ---- scratch ---- */
size_t cl_world_scratch_size(const cl_world *w);
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
int cl_world_raycast_with(cl_world *w, cl_world_scratch *s, const cl_ray *r, int skip,
                     uint32_t mask, cl_world_keep_at keep, void *ud, cl_hit *h, long long *index);

typedef int (*cl_world_each_hit_at)(void *ud, int item, const cl_hit *h, long long index);
/* every item the ray hits (mask and keep as above), in the order the
** tree's boxes are entered, then the items without bounds, to fn; fn
** returns 0 to stop (then -2 comes back), else the number found */
int cl_world_raycast_all_with(cl_world *w, cl_world_scratch *s, const cl_ray *r, uint32_t mask,
                         cl_world_keep_at keep, void *kud, cl_world_each_hit_at fn, void *ud);
/* the items whose shapes intersect shape (kind: its cl_kind, or
** CL_WORLD_MESH / CL_WORLD_HEIGHTFIELD for static geometry), as
** cl_intersects and the geometry's tests answer, whose layer meets mask
** and that keep keeps: their ids in s->cands in sequence order, their
** number; -2 when keep stopped. keep is called once per item that meets
** the shape, in sequence order. */
int cl_world_query_with(cl_world *w, cl_world_scratch *s, const void *shape, int kind, uint32_t mask,
                   cl_world_keep_at keep, void *ud);
/* the same for the items inside or crossing the frustum (cl_frustum_classify,
** exact; static geometry by its bounds) */
int cl_world_query_frustum_with(cl_world *w, cl_world_scratch *s, const cl_frustum *f, uint32_t mask,
                           cl_world_keep_at keep, void *ud);
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
long long cl_world_pairs_with(cl_world *w, cl_world_scratch *s, cl_world_pair *p, long long ntree,
                         long long max, uint32_t mask, cl_world_keep_at keep, void *ud,
                         int again);

/* the item nearest p within max_distance (d <= max_distance), by each
** kind's distance (cl_distance, a mesh's or heightfield's nearest
** triangle), ties to the earlier added, whose layer meets mask and that
** keep keeps (asked only about an item that would become the nearest):
** its id, *d and its closest point (p itself at d = 0) in out; -1 when
** none, -2 when keep stopped */
int cl_world_nearest_with(cl_world *w, cl_world_scratch *s, const double p[3],
                          double max_distance, uint32_t mask, cl_world_keep_at keep, void *ud,
                          double *d, double out[3]);

/* ---- shape casts and moves ---- */
/* the first item that mover (aabb, obb, sphere, capsule, hull or compound) touches when
** translated by t * d, skipping the item whose shape is skip and items
** whose layer misses mask; keep is called only for an item that would
** become the first hit. Returns its id (hit in h, index as above), -1 for
** none, -2 when keep stopped. */
int cl_world_sweep_with(cl_world *w, cl_world_scratch *s, const cl_shape *mover, const double d[3],
                   const void *skip, uint32_t mask, cl_world_keep_at keep, void *ud, cl_hit *h,
                   long long *index);
/* every item touched, in the order of the candidates, to fn (as
** cl_world_raycast_all) */
int cl_world_sweep_all_with(cl_world *w, cl_world_scratch *s, const cl_shape *mover,
                       const double d[3], const void *skip, uint32_t mask, cl_world_keep_at keep,
                       void *kud, cl_world_each_hit_at fn, void *ud);

#define CL_WORLD_MAX_SLIDES 8
#define CL_WORLD_PUSH_STEPS 4
#define CL_WORLD_MAX_PLANES (3 * CL_WORLD_MAX_SLIDES + 3)

/* scene:move: moves item id's shape (written in place) by at most d; the
** displacement applied in moved, the collisions in out. respond NULL:
** everything slides; mask: others whose layer misses it are ignored.
** Returns 1; 0 when respond aborted, -1 when the motion's end is not
** finite (a shape near 1e308 moved by 1e308); the shape is then
** unchanged. The caller refits the item afterwards (cl_world_update). */
int cl_world_move_with(cl_world *w, cl_world_scratch *s, int id, const double d[3], uint32_t mask,
                  cl_world_respond_at respond, void *ud, double moved[3], cl_world_collisions *out);

/* cl_world_item_moves of the item in slot id (an item) */
int cl_world_slot_moves(const cl_world *w, int id);

/* the material of the item's triangle nearest p (ties to the lowest
** index) when the item is a mesh or heightfield with materials, else -1;
** nothing is allocated, and an item without materials costs no search */
long long cl_world_material_at(const cl_world *w, int item, const double p[3]);

/* ---- the character (character.c) ---- */
typedef struct {
  double up[3];               /* unit */
  double step_height, cos_slope, skin, snap;
  int on_floor, on_wall, on_ceiling;
  double floor_normal[3];
  int floor_item;             /* the item stood on, -1 for none */
  double floor_p[3];          /* the floor's contact point */
  double floor_at[3];         /* its shape's reference point when it was stood on */
  int floor_kind;
  long long floor_seq;        /* the item's sequence number and shape then: a */
  const void *floor_shape;    /* new item given its id, or the item given
                              ** another shape, is not the floor that moved */
  double floor_q[4];          /* its rotation then (an obb, a hull) */
  double floor_axis[3];       /* its axis b - a then (a capsule) */
  double floor_motion[3];     /* the carry the last move applied */
  double floor_turn;          /* the turn about up it applied, radians */
  cl_world_keep keep;         /* the items it meets (beside the mask); NULL: */
  void *keep_ud;              /* all (cl_character_new sets them) */
  double push;                /* >= 0: what it pushes (0: nothing) */
} cl_character_state;

/* up (any finite non-zero vector, normalised here), step_height >= 0, max_slope
** in degrees 0..90, skin > 0, snap >= 0 */
void cl_character_init(cl_character_state *c, const double up[3], double step_height,
                       double max_slope, double skin, double snap);
/* ch:move: the item id (aabb, obb, sphere, capsule, hull or compound) moved by d in the up,
** side and down passes, its shape written in place; moved the
** displacement; the flags, the floor normal and the floor item set. When
** the floor item's shape moved since the last move, the character is
** carried by that motion first (included in moved): its translation and
** its turn about up. mask as in cl_world_move; c->keep, when set, is
** asked about the other items (at most once each a move). Returns 1; 0
** when the item is not a mover, -1 when a motion's end is not finite, -2
** when keep stopped the move, -3 when out of memory (the shape, the
** state and what it pushed are then unchanged). The caller refits the item afterwards (cl_world_update). */
int cl_character_state_move(cl_character_state *c, cl_world *w, cl_world_scratch *s, int id,
                      const double d[3], uint32_t mask, double moved[3],
                      cl_world_collisions *out);

/* the character's state, read (the binding's flags) */
const cl_character_state *cl_character_get_state(const cl_character *ch);

/* ---- events (world_events.c) ---- */
/* the item's bounds or shape changed, or its options: looked at by the
** next cl_world_events (no-op while no item has a role; never allocates:
** the list has room for every item then) */
void cl_world_ev_touch(cl_world *w, int id);
/* before the item is removed: its contacts ended (exit and end events
** kept for the next call; never allocates) */
void cl_world_ev_remove(cl_world *w, int id);
/* room on the changed list for cap items when any role is set, and in
** the events' records for the items' records (w->cap); 0 when out of
** memory */
int cl_world_ev_room(cl_world *w, int cap);
/* the per-item records of events and one-way items, room for w->cap items
** (the new ones blank); 0 when out of memory (as they were) */
int cl_world_ev_records(cl_world *w);
/* *p, an array of *cap elements of sz, grown to hold need (at most 2^29);
** 0 when out of memory (as it was) */
int cl_world_ev_grow_int(cl_world *w, void **p, int *cap, long long need, size_t sz);
/* the events' record of a new item blank (when there are records) */
void cl_world_ev_new(cl_world *w, int id);
/* the item blocks both ways again (its direction's record freed) */
void cl_world_one_way_clear(cl_world *w, int item);
/* frees the events' memory */
void cl_world_ev_free(cl_world *w);
size_t cl_world_ev_memory(const cl_world *w);
/* 1 when the item is a sensor */
static inline int cl_world_is_sensor(const cl_world_item *it) {
  return (it->role & CL_WORLD_SENSOR) != 0;
}
/* the head of the item's contacts, -1 for none */
static inline int cl_world_contacts_of(const cl_world *w, int id) {
  return w->evrec != NULL ? w->evrec[id].contacts : -1;
}
/* the item's one-way direction's slot in w->one_way, -1 for none */
static inline int cl_world_one_way_slot(const cl_world *w, const cl_world_item *it) {
  return w->evrec != NULL ? w->evrec[it - w->items].one_way : -1;
}
/* the unit direction of a one-way item, NULL when it blocks both ways */
static inline const double *cl_world_one_way_of(const cl_world *w, const cl_world_item *it) {
  int k = cl_world_one_way_slot(w, it);
  return k >= 0 ? w->one_way[k].n : NULL;
}
/* 1 when the one-way item (its shape, not static geometry) blocks mover
** at the hit h of its motion: the contact normal (from the item to the
** mover) along the item's direction, and the mover not overlapping it
** where the motion starts */
int cl_world_one_way_blocks(const cl_world *w, const cl_world_item *it, const cl_shape *mover,
                            const cl_hit *h);

#endif
