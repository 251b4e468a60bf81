/*
** l_world.h - what the binding of the world (l_world.c) and that of the
** character (l_character.c) share: the world's userdata and anchor, the
** boxes a call gathers its answer in, a call with a filter, and the
** helpers both read their arguments and push their results with.
*/
#ifndef COLLIDE_L_WORLD_H
#define COLLIDE_L_WORLD_H

#include "l_collide.h"
#include "collide/world.h"

#define MT_WORLD "collide.world"
#define MT_BOX "collide.world_box"

/* the world's anchor */
#define SLOT_TREE 1
#define SLOT_BOX 2           /* the box kept between calls */
#define SLOT_SHAPES 3        /* id + 1 -> the item's shape, kept alive */
#define SLOT_ITEMS 4         /* id + 1 -> the item */
#define SLOT_IDS 5           /* item -> id + 1 */
#define SLOT_GONE 6          /* removed items with contacts, by sequence number,
                             ** for the next events (nil when none) */
#define SLOT_PAIRS 7         /* the {a, b} tables of the pairs' last answer
                             ** without a filter function (w_pairs) */
#define SLOT_SNAPS 8          /* the scene's snapshots alive (weak keys), or nil */
#define SLOT_CHARS 9          /* the characters made on it -> their number
                             ** in the order made (weak keys), or nil */
/* The binding names items by slot (cl_item_slot of their ids): the
** anchor's tables are indexed by slot + 1, the Lua key of an id. The
** world's calls take ids: L_ID is that of the item in a slot the
** binding holds (CL_NOT_ITEM for a free one, which every call refuses) */
#define L_ID(w, slot) cl_world_item_at((w), (slot))
#define L_KEY(id) ((lua_Integer)cl_item_slot(id) + 1)

/* a growable block of C memory whose userdata frees it: where a call
** gathers its answer */
typedef struct { void *p; size_t size; } l_box;

typedef struct {
  cl_world *w;               /* over the tree's storage (kept alive in the anchor) */
  l_tree *lt;
  l_box *cache;              /* the box kept between calls, or NULL */
} l_world;

/* a call with a filter: the filter (function, or nil), the items by id
** and the stack index where an error is kept */
typedef struct l_call {
  lua_State *L;
  int filter, items, err;
  int response;                /* move: the response function's index */
  int anchor;                  /* the world's anchor */
  int nf;                      /* move: the filter's argument number */
  const char *fname;
} l_call;

/* the world at 1 (an error when its memory could not be had) */
l_world *l_check_world(lua_State *L);
/* room for need bytes in b (its contents kept; b->p not NULL after);
** 0 when out of memory */
int l_box_room(l_box *b, size_t need);
/* the value at i as an item: not nil, not NaN */
void l_check_item(lua_State *L, int i);
/* pushes the table in slot of the anchor of the world at wi */
void l_push_slot(lua_State *L, int wi, int slot);
/* the id of the item at i (ids table at t), -1 when it is not an item */
int l_id_of(lua_State *L, int t, int i);
/* the id of the item at i in the world at 1, -1 when absent */
int l_lookup(lua_State *L, int i);
/* pushes the anchor of the world at 1: its index */
int l_world_anchor(lua_State *L);
/* checks the filter table at i, its errors raised at argument arg after
** prefix (the character's "option 'filter': "); move: response is a field */
void l_check_filter_table(lua_State *L, int i, int arg, const char *prefix, int move);
/* the kinds that can move (cl_world_is_mover), as messages name them */
#define MOVER_LIST "aabb, obb, sphere, capsule, hull or compound"
#define MOVER_KINDS "an " MOVER_LIST
/* raises the scene's error for a change refused while the call busy
** runs, at the position of the caller's caller (the filter's line) */
void l_busy_error(lua_State *L, const char *busy);
/* the item at i of the world at 1, which is to move, checked: the world
** not busy, the item an item of it whose shape can move; errors at
** argument arg, after prefix (NULL: none) */
void l_check_moving(lua_State *L, const l_world *lw, int i, int arg, const char *prefix);
/* raises at argument i: "option 'NAME': " and the words */
int l_option_error(lua_State *L, int i, const char *name, const char *words);
/* the option at the top, an integer bit set of 32 bits (0..0xffffffff),
** checked, in *v; 1 when given (not nil) */
int l_option_bits(lua_State *L, int i, const char *name, uint32_t *v);
/* the integer at i (checked: it has an integer representation) reduced
** to its low 32 bits, as a filter's mask is */
uint32_t l_mask_bits(lua_State *L, int i);
/* whether a filter's exclude at i is one item, not an array of them (a
** the world's anchor) */
int l_exclude_one(lua_State *L, int i, int a);
/* the keys of the table at t, checked: each one of the n names, else
** `PREFIXinvalid WHAT 'KEY'` raised at argument arg */
void l_check_keys(lua_State *L, int t, int arg, const char *const *names, int n,
                  const char *prefix, const char *what);
/* a filter's answer on the item id (cl_world_keep; ud an l_call) */
int l_keep_item(void *ud, cl_item id);
/* sets up c for the filter at fi, the items' table (from the anchor at
** a) pushed (at c->items) and an error slot after it (c->err) */
void l_call_begin(lua_State *L, l_call *c, int fi, int a);
/* raises the filter's error when the world's call was stopped by it */
void l_call_end(lua_State *L, const l_call *c, long long r);
/* pushes what keeps the data of item id's hull or compound alive, or nil
** (a: the world's anchor) */
void l_push_mover_data(lua_State *L, const cl_world *w, int a, int id);
/* the record of one collision, the mover and the other item on the top
** of the stack (popped) */
void l_push_collision(lua_State *L, const cl_world_collision *col);

/* after cl_world_move or cl_character_move moved the item (its shape
** written, its change counter moved and the item refitted by the world):
** another item the shape's header links (another world's, or another
** item of this one sharing the shape) is told */
void l_moved(l_world *lw, int id);

/* the world of the scene at 1 (replaced there by it), for the method
** name: a bad self raised (a scene method's upvalues) */
l_world *l_scene_world(lua_State *L, const char *name);
/* the header of an item's shape or heightfield (its kind's), NULL for a
** mesh */
l_udheader *l_header_of(int kind, const void *shape);
/* the shape, mesh or heightfield at i: its pointer, kind and change
** counter (NULL for a mesh); raises when it is none */
void *l_item_shape(lua_State *L, int i, int *kind, uint32_t **changes);

/* l_snapshot.c: the scene's methods snapshot, restore and hash */
extern const luaL_Reg l_snapshot_methods[];
void l_snapshot_open(lua_State *L, int mts);
/* pushes the table of weak keys in slot of the anchor at a (made when
** there is none) */
void l_push_weak_slot(lua_State *L, int a, int slot);
/* whether the world at wi has snapshots alive */
int l_snapshots_open(lua_State *L, int wi);
/* the item at ii whose shape is at si, of sequence number seq, leaves
** the world at wi (removed, given another shape, or by a restore): each
** snapshot alive taken while it was in keeps it (Lua code may run) */
void l_snapshot_left(lua_State *L, int wi, long long seq, int ii, int si);
/* l_character.c: the character state's C object of the character at i,
** NULL when it is none; the Lua side of the character at i saved into
** a table pushed, and put back from the table at t */
cl_character *l_character_of(lua_State *L, int i);
void l_character_save(lua_State *L, int i);
void l_character_load(lua_State *L, int i, int t);
/* the character at ch (the world's anchor at a) made on the scene:
** counted among its characters */
void l_character_made(lua_State *L, int a, int ch);

/* l_character.c: the character's metatable made */
/* _world.character_methods(Character, characters) */
int l_character_methods(lua_State *L);
void l_character_open(lua_State *L);

#endif
