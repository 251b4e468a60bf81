/*
** l_snapshot.c - scene:snapshot(), scene:restore(snap), scene:hash() and
** the snapshot's methods (collide.snapshot), over cl_world_snapshot,
** cl_world_restore_each and cl_world_hash (include/collide/world.h).
**
** The C snapshot holds the world's state; the Lua side of a scene is
** its tables of items and shapes by id and of ids by item, and its
** characters. A snapshot's anchor keeps the scene's world alive, the
** Lua side of each character made on the scene (its last collisions'
** other items), the removed items the pending events of then still name,
** and the items that have left the scene since it was taken, with their
** shapes, by sequence number: the scene gives them to every snapshot
** alive as they leave (scene:remove, scene:update with another shape, a
** restore), so that a restore brings back the very values and shapes.
** The snapshot's cost follows what left, never the level.
*/
#include "fp.h"
#include <string.h>
#include "l_collide.h"
#include "l_world.h"

#define MT_SNAPSHOT "collide.snapshot"

/* a snapshot's anchor */
#define SSLOT_WORLD 1        /* its world's userdata */
#define SSLOT_ITEMS 2        /* seq -> an item that left since */
#define SSLOT_SHAPES 3       /* seq -> its shape then */
#define SSLOT_EVENTS 4       /* the scene's removed items named by events then */
#define SSLOT_CHARS 5        /* each character's saved table (l_character_save) */

typedef struct {
  cl_snapshot *s;            /* NULL until taken, and after __gc */
  l_world *lw;
  long long last_seq;        /* the last item added when it was taken */
} l_snapshot;

static int s_gc(lua_State *L) {
  l_snapshot *ls = (l_snapshot *)luaL_checkudata(L, 1, MT_SNAPSHOT);
  cl_snapshot_delete(ls->s);
  ls->s = NULL;
  return 0;
}

static l_snapshot *to_snapshot(lua_State *L, int i) {
  l_snapshot *ls = NULL;
  i = i < 0 ? lua_gettop(L) + 1 + i : i;
  if (lua_type(L, i) == LUA_TUSERDATA && lua_getmetatable(L, i)) {
    luaL_getmetatable(L, MT_SNAPSHOT);
    if (lua_rawequal(L, -1, -2)) ls = (l_snapshot *)lua_touserdata(L, i);
    lua_pop(L, 2);
  }
  return ls;
}

/* snap:memory() -> the bytes of its own state, and those of the item
** records it shares with the snapshots taken while no item was added,
** removed or reconfigured */
static int s_memory(lua_State *L) {
  l_snapshot *ls = to_snapshot(L, 1);
  if (ls == NULL || ls->s == NULL)
    return luaL_error(L, "calling 'memory' on bad self (collide.snapshot expected, got %s)",
                      lua_isnoneornil(L, 1) ? "nil" : l_typename(L, 1));
  lua_pushnumber(L, (lua_Number)cl_snapshot_memory(ls->s));
  lua_pushnumber(L, (lua_Number)cl_snapshot_shared(ls->s));
  return 2;
}

int l_snapshots_open(lua_State *L, int wi) {
  int open;
  l_getanchor(L, wi);
  lua_rawgeti(L, -1, SLOT_SNAPS);
  open = lua_istable(L, -1) && (lua_pushnil(L), lua_next(L, -2) != 0);
  lua_settop(L, lua_gettop(L) - (open ? 4 : 2));
  return open;
}

void l_push_weak_slot(lua_State *L, int a, int slot) {
  lua_rawgeti(L, a, slot);
  if (!lua_isnil(L, -1)) return;
  lua_pop(L, 1);
  lua_newtable(L);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_rawseti(L, a, slot);
}

/* the table in slot of the anchor of the snapshot at -1 */
static void push_sslot(lua_State *L, int slot) {
  l_getanchor(L, lua_gettop(L));
  lua_rawgeti(L, -1, slot);
  lua_remove(L, -2);
}

void l_snapshot_left(lua_State *L, int wi, long long seq, int ii, int si) {
  int snaps, top = lua_gettop(L);
  luaL_checkstack(L, 12, NULL);
  ii = ii < 0 ? top + 1 + ii : ii;
  si = si < 0 ? top + 1 + si : si;
  l_getanchor(L, wi);
  lua_rawgeti(L, -1, SLOT_SNAPS);
  snaps = lua_gettop(L);
  if (!lua_istable(L, snaps)) {
    lua_settop(L, top);
    return;
  }
  /* the snapshots gathered first: a table's growth below may run a
  ** finalizer, which must not meet a traversal of the weak table */
  lua_newtable(L);
  lua_pushnil(L);
  while (lua_next(L, snaps)) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_rawseti(L, snaps + 1, (int)lua_rawlen(L, snaps + 1) + 1);
  }
  {
    int k, n = (int)lua_rawlen(L, snaps + 1);
    for (k = 1; k <= n; k++) {
      l_snapshot *ls;
      lua_rawgeti(L, snaps + 1, k);
      ls = to_snapshot(L, -1);
      if (ls != NULL && ls->s != NULL && seq <= ls->last_seq) {
        int t = lua_gettop(L);                     /* the snapshot */
        push_sslot(L, SSLOT_ITEMS);                /* t + 1 */
        lua_pushnumber(L, (lua_Number)seq);
        lua_rawget(L, t + 1);
        if (lua_isnil(L, -1)) {                    /* the first to leave was then's */
          lua_pushnumber(L, (lua_Number)seq);
          lua_pushvalue(L, ii);
          lua_rawset(L, t + 1);
          lua_pushvalue(L, t);
          push_sslot(L, SSLOT_SHAPES);
          lua_pushnumber(L, (lua_Number)seq);
          lua_pushvalue(L, si);
          lua_rawset(L, -3);
        }
        lua_settop(L, t);
      }
      lua_pop(L, 1);
    }
  }
  lua_settop(L, top);
}

/* the scene's characters (the world's anchor at a), in the order made,
** into a new array pushed; their number */
static int push_characters(lua_State *L, int a) {
  int n = 0, t, k;
  lua_Integer last;
  luaL_checkstack(L, 8, NULL);
  lua_newtable(L);
  t = lua_gettop(L);
  lua_rawgeti(L, a, SLOT_CHARS);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    return 0;
  }
  lua_rawgeti(L, -1, 0);
  last = lua_tointeger(L, -1);
  lua_pop(L, 1);
  /* by number (their keys are the characters: an order no build shares) */
  lua_newtable(L);
  lua_pushnil(L);
  while (lua_next(L, t + 1)) {
    if (lua_type(L, -2) == LUA_TTABLE) {
      lua_pushvalue(L, -2);
      lua_rawset(L, t + 2);                        /* number -> character */
    } else {
      lua_pop(L, 1);
    }
  }
  for (k = 1; k <= last; k++) {
    lua_rawgeti(L, t + 2, k);
    if (!lua_isnil(L, -1) && l_character_of(L, lua_gettop(L)) != NULL) {
      lua_rawseti(L, t, ++n);
    } else {
      lua_pop(L, 1);
    }
  }
  lua_settop(L, t);
  return n;
}

/* the C characters of the array at t (n of them) in a block pushed: its
** pointers (the characters stay alive in the array) */
static cl_character **push_pointers(lua_State *L, int t, int n) {
  cl_character **p = (cl_character **)COLLIDE_NEWUD(L, (size_t)(n > 0 ? n : 1) * sizeof *p);
  int k;
  for (k = 0; k < n; k++) {
    lua_rawgeti(L, t, k + 1);
    p[k] = l_character_of(L, lua_gettop(L));
    lua_pop(L, 1);
  }
  return p;
}

/* a copy of the table at i pushed (nil: nil) */
static void push_copy(lua_State *L, int i) {
  if (!lua_istable(L, i)) {
    lua_pushnil(L);
    return;
  }
  lua_newtable(L);
  lua_pushnil(L);
  while (lua_next(L, i)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, -4);
  }
}

/* scene:snapshot() -> a snapshot of the scene's whole collision state */
static int w_snapshot(lua_State *L) {
  l_world *lw;
  l_snapshot *ls;
  cl_character **chars;
  int a, n, k, r;
  const char *busy;
  lua_settop(L, 1);
  lw = l_scene_world(L, "snapshot");
  busy = cl_world_busy(lw->w);
  if (busy != NULL) l_busy_error(L, busy);
  l_getanchor(L, 1);                               /* 2: the world's anchor */
  a = 2;
  ls = (l_snapshot *)COLLIDE_NEWUD(L, sizeof(l_snapshot));   /* 3 */
  ls->s = NULL;
  ls->lw = lw;
  ls->last_seq = -1;
  luaL_getmetatable(L, MT_SNAPSHOT);
  lua_setmetatable(L, 3);
  n = push_characters(L, a);                       /* 4 */
  lua_createtable(L, 5, 0);                        /* 5: its anchor */
  lua_pushvalue(L, 1);
  lua_rawseti(L, 5, SSLOT_WORLD);
  lua_newtable(L);
  lua_rawseti(L, 5, SSLOT_ITEMS);
  lua_newtable(L);
  lua_rawseti(L, 5, SSLOT_SHAPES);
  lua_rawgeti(L, a, SLOT_GONE);
  push_copy(L, lua_gettop(L));
  lua_rawseti(L, 5, SSLOT_EVENTS);
  lua_pop(L, 1);
  lua_createtable(L, n, 0);
  for (k = 1; k <= n; k++) {
    lua_rawgeti(L, 4, k);
    l_character_save(L, lua_gettop(L));
    lua_rawseti(L, -3, k);
    lua_pop(L, 1);
  }
  lua_rawseti(L, 5, SSLOT_CHARS);
  lua_pushvalue(L, 5);
  l_setanchor(L, 3);
  /* among the scene's snapshots before it is taken: every item that
  ** leaves after is given to it */
  l_push_weak_slot(L, a, SLOT_SNAPS);
  lua_pushvalue(L, 3);
  lua_pushboolean(L, 1);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  chars = push_pointers(L, 4, n);
  /* the last allocation is behind: no Lua code runs until the end */
  busy = cl_world_busy(lw->w);
  if (busy != NULL) l_busy_error(L, busy);
  r = cl_world_snapshot(lw->w, chars, n, &ls->s);
  if (r != 0) return luaL_error(L, "not enough memory");
  ls->last_seq = cl_world_last_seq(lw->w);
  lua_pushvalue(L, 3);
  return 1;
}

/* the slots a restore changes, as cl_world_restore_each tells them */
typedef struct {
  int id, gone;
  long long seq;
} restored;

typedef struct {
  restored *r;
  int n, max;
  const cl_world *w;
} restored_list;

static void note_restored(void *ud, cl_item item, int gone) {
  restored_list *l = (restored_list *)ud;
  if (l->n < l->max) {
    l->r[l->n].id = cl_item_slot(item);
    l->r[l->n].gone = gone;
    l->r[l->n].seq = gone ? cl_world_seq(l->w, item) : 0;
  }
  l->n++;
}

/* the value of slot id + 1 of the anchor's table at slot pushed */
static void push_by_id(lua_State *L, int a, int slot, int id) {
  lua_rawgeti(L, a, slot);
  lua_rawgeti(L, -1, id + 1);
  lua_remove(L, -2);
}

static void set_by_id(lua_State *L, int a, int slot, int id, int v) {
  lua_rawgeti(L, a, slot);
  lua_pushvalue(L, v);
  lua_rawseti(L, -2, id + 1);
  lua_pop(L, 1);
}

/* the item that left slot id (the world's anchor at a, the item and its
** shape at -2 and -1): out of the scene's tables, its shape's link to
** the world undone */
static void left(lua_State *L, l_world *lw, int a, int id, long long seq) {
  int top = lua_gettop(L), kind;
  luaL_checkstack(L, 12, NULL);
  uint32_t *changes;
  void *p;
  if (!lua_isnil(L, top)) {
    l_udheader *h;
    p = l_item_shape(L, top, &kind, &changes);
    h = l_header_of(kind, p);
    if (h != NULL && h->holder == (void *)lw->w && h->item == id) h->holder = NULL;
  }
  l_snapshot_left(L, 1, seq, top - 1, top);
  lua_rawgeti(L, a, SLOT_IDS);
  lua_pushvalue(L, top - 1);
  lua_rawget(L, -2);
  if (lua_tointeger(L, -1) == (lua_Integer)id + 1) {
    lua_pop(L, 1);
    lua_pushvalue(L, top - 1);
    lua_pushnil(L);
    lua_rawset(L, -3);
  } else {
    lua_pop(L, 1);
  }
  lua_settop(L, top);
  lua_pushnil(L);
  set_by_id(L, a, SLOT_ITEMS, id, lua_gettop(L));
  set_by_id(L, a, SLOT_SHAPES, id, lua_gettop(L));
  lua_settop(L, top);
}

/* the snapshot's item that came back to slot id (the snapshot's anchor
** at sa): into the scene's tables, its shape linked when no other item
** holds it */
static void came(lua_State *L, l_world *lw, int a, int sa, int id) {
  int top = lua_gettop(L), kind, on;
  luaL_checkstack(L, 12, NULL);
  long long seq = cl_world_seq(lw->w, L_ID(lw->w, id));
  uint32_t *changes;
  l_udheader *h;
  void *p;
  lua_rawgeti(L, sa, SSLOT_ITEMS);
  lua_pushnumber(L, (lua_Number)seq);
  lua_rawget(L, -2);                               /* top + 2 */
  lua_rawgeti(L, sa, SSLOT_SHAPES);
  lua_pushnumber(L, (lua_Number)seq);
  lua_rawget(L, -2);                               /* top + 4 */
  if (lua_isnil(L, top + 2) || lua_isnil(L, top + 4))
    luaL_error(L, "snapshot lost an item");        /* (never: each left was kept) */
  set_by_id(L, a, SLOT_ITEMS, id, top + 2);
  set_by_id(L, a, SLOT_SHAPES, id, top + 4);
  lua_rawgeti(L, a, SLOT_IDS);
  lua_pushvalue(L, top + 2);
  lua_pushinteger(L, (lua_Integer)id + 1);
  lua_rawset(L, -3);
  p = l_item_shape(L, top + 4, &kind, &changes);
  h = l_header_of(kind, p);
  on = h != NULL && (h->holder == NULL || (h->holder == (void *)lw->w && h->item == id));
  if (on) {
    h->holder = lw->w;
    h->item = id;
  }
  (void)cl_world_link(lw->w, L_ID(lw->w, id), on);
  lua_settop(L, top);
}

/* scene:restore(snap): the state the snapshot holds back */
static int w_restore(lua_State *L) {
  l_world *lw;
  l_snapshot *ls;
  restored_list list;
  restored *buf = NULL;
  const char *busy;
  int a, sa, k, r, room = 0;
  lua_settop(L, 2);
  lw = l_scene_world(L, "restore");
  busy = cl_world_busy(lw->w);
  if (busy != NULL) l_busy_error(L, busy);
  ls = to_snapshot(L, 2);
  if (ls == NULL || ls->s == NULL) l_typeerror(L, 2, "collide.snapshot");
  if (ls->lw != lw) l_argerror(L, 2, "snapshot of another scene");
  l_getanchor(L, 1);                               /* 3 */
  a = 3;
  l_getanchor(L, 2);                               /* 4 */
  sa = 4;
  lua_rawgeti(L, a, SLOT_TREE);                    /* 5 */
  lua_pushnil(L);                                  /* 6: the box of the list */
  /* the rooms first (finalizers may run and change the scene: again
  ** until they hold) */
  for (;;) {
    int need = cl_world_count(lw->w) + cl_snapshot_count(ls->s) + 1;
    if (room < need) {
      room = need + need / 4;
      buf = (restored *)COLLIDE_NEWUD(L, (size_t)room * sizeof *buf);
      lua_replace(L, 6);
    }
    l_tree_reserve(L, 5, cl_world_restore_leaves(lw->w, ls->s));
    busy = cl_world_busy(lw->w);
    if (busy != NULL) l_busy_error(L, busy);
    if (room >= cl_world_count(lw->w) + cl_snapshot_count(ls->s) + 1
        && l_totree(L, 5)->tree.capacity >= cl_world_restore_leaves(lw->w, ls->s))
      break;
  }
  list.r = buf;
  list.n = 0;
  list.max = room;
  list.w = lw->w;
  r = cl_world_restore_each(lw->w, ls->s, note_restored, &list);
  if (r == CL_CHANGED) return l_argerror(L, 2, "heightfield edited since the snapshot");
  if (r != 0 || list.n > list.max) return luaL_error(L, "not enough memory");
  /* the scene's tables as the world now is: the items gone first (the
  ** list is copied to the stack's table first: the tables' growth may
  ** run finalizers, which may make another call of this world) */
  lua_createtable(L, list.n * 3, 0);               /* 7 */
  for (k = 0; k < list.n; k++) {
    lua_pushinteger(L, list.r[k].id);
    lua_rawseti(L, 7, 3 * k + 1);
    lua_pushinteger(L, list.r[k].gone);
    lua_rawseti(L, 7, 3 * k + 2);
    lua_pushnumber(L, (lua_Number)list.r[k].seq);
    lua_rawseti(L, 7, 3 * k + 3);
  }
  r = list.n;
  for (k = 0; k < r; k++) {
    int id, gone;
    long long seq;
    lua_rawgeti(L, 7, 3 * k + 1);
    lua_rawgeti(L, 7, 3 * k + 2);
    lua_rawgeti(L, 7, 3 * k + 3);
    id = (int)lua_tointeger(L, -3);
    gone = (int)lua_tointeger(L, -2);
    seq = (long long)lua_tonumber(L, -1);
    lua_pop(L, 3);
    if (!gone) continue;
    push_by_id(L, a, SLOT_ITEMS, id);
    push_by_id(L, a, SLOT_SHAPES, id);
    left(L, lw, a, id, seq);
    lua_pop(L, 2);
  }
  for (k = 0; k < r; k++) {
    lua_rawgeti(L, 7, 3 * k + 2);
    if (lua_tointeger(L, -1) == 0) {
      lua_rawgeti(L, 7, 3 * k + 1);
      came(L, lw, a, sa, (int)lua_tointeger(L, -1));
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  /* the removed items the events of then name; no pairs kept */
  lua_rawgeti(L, sa, SSLOT_EVENTS);
  push_copy(L, lua_gettop(L));
  lua_rawseti(L, a, SLOT_GONE);
  lua_pop(L, 1);
  lua_pushnil(L);
  lua_rawseti(L, a, SLOT_PAIRS);
  /* the characters' Lua side */
  lua_rawgeti(L, sa, SSLOT_CHARS);                 /* 8 */
  for (k = 1; k <= (int)lua_rawlen(L, 8); k++) {
    lua_rawgeti(L, 8, k);
    lua_rawgeti(L, -1, 1);
    l_character_load(L, lua_gettop(L), lua_gettop(L) - 1);
    lua_pop(L, 2);
  }
  return 0;
}

/* scene:hash() -> an integer below 2^53 over the scene's state (and its
** characters') */
static int w_hash(lua_State *L) {
  l_world *lw;
  cl_character **chars;
  unsigned long long h;
  int n;
  lua_settop(L, 1);
  lw = l_scene_world(L, "hash");
  l_getanchor(L, 1);                               /* 2 */
  n = push_characters(L, 2);                       /* 3 */
  chars = push_pointers(L, 3, n);
  h = cl_world_hash(lw->w, chars, n);
#if LUA_VERSION_NUM >= 503
  lua_pushinteger(L, (lua_Integer)h);
#else
  lua_pushnumber(L, (lua_Number)h);
#endif
  return 1;
}

const luaL_Reg l_snapshot_methods[] = {
  {"snapshot", w_snapshot}, {"restore", w_restore}, {"hash", w_hash}, {NULL, NULL}
};

void l_snapshot_open(lua_State *L, int mts) {
  (void)mts;
  luaL_newmetatable(L, MT_SNAPSHOT);
  lua_pushcfunction(L, s_gc);
  lua_setfield(L, -2, "__gc");
  lua_newtable(L);
  lua_pushcfunction(L, s_memory);
  lua_setfield(L, -2, "memory");
  lua_setfield(L, -2, "__index");
  lua_pushliteral(L, "collide.snapshot");
  lua_setfield(L, -2, "__name");
  lua_pushliteral(L, "collide.snapshot");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);
}
