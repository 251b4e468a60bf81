/*
** l_world.c - the binding of the world (include/collide/world.h) under
** collide.scene (lua/collide/scene.lua; the character's, on the same
** world, is l_character.c). The world is the scene: it holds the items (any Lua
** value but nil and NaN) by id, their shapes, their options and the busy
** state; this file keeps the maps between items and ids in the world's
** anchor, where no script reaches them, calls the filters and builds the
** result tables. Every walk, sweep and move is the world's, on its own
** memory. The scene's methods are this file's functions (scene_methods):
** each checks every argument before anything else and raises at once in
** the standard form (l_argerror, l_typeerror); nothing is worded twice.
**
** Lua code can run in the middle of a call: the filters, and any
** allocation of the Lua heap (which may run finalizers). So:
**  - the world's own memory is not the Lua heap: its calls never run Lua
**    code except through their callbacks;
**  - filters run under lua_pcall; an error (or a bad response) stops the
**    world's call, which returns cleanly, and is raised again after it;
**  - while a call of the world runs, the world refuses changes
**    (cl_world_busy names the call); queries from a filter work, each on
**    its own level of the world's memory;
**  - a call gathers its answer (ids, hits, pairs, collisions) in a buffer
**    of its own (a box, below), taken before the world's call and read
**    only after it has ended, so what Lua code does while the result
**    tables are built cannot change them; items removed meanwhile are
**    left out.
*/
#include "fp.h"
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "l_collide.h"
#include "l_world.h"

/* ---- boxes ---- */

static int box_gc(lua_State *L) {
  l_box *b = (l_box *)lua_touserdata(L, 1);
  free(b->p);
  b->p = NULL;
  b->size = 0;
  return 0;
}

/* room for need bytes in b (its contents kept; b->p not NULL after);
** 0 when out of memory */
int l_box_room(l_box *b, size_t need) {
  size_t size;
  void *p;
  if (need <= b->size && b->p != NULL) return 1;
  size = need + need / 2 + 256;
  p = realloc(b->p, size);
  if (p == NULL) return 0;
  b->p = p;
  b->size = size;
  return 1;
}

/* the box of one call, pushed: the cached one, detached from the anchor
** at a, or a new one */
static l_box *take_box(lua_State *L, l_world *lw, int a) {
  l_box *b = lw->cache;
  if (b != NULL) {
    lw->cache = NULL;
    lua_rawgeti(L, a, SLOT_BOX);
    lua_pushboolean(L, 0);
    lua_rawseti(L, a, SLOT_BOX);
    return b;
  }
  b = (l_box *)COLLIDE_NEWUD(L, sizeof(l_box));
  b->p = NULL;
  b->size = 0;
  luaL_getmetatable(L, MT_BOX);
  lua_setmetatable(L, -2);
  return b;
}

/* the call is done with its box (at index bi): cached when none is or
** when it is larger */
static void give_back(lua_State *L, l_world *lw, l_box *b, int a, int bi) {
  if (lw->cache == NULL || lw->cache->size < b->size) {
    lw->cache = b;
    lua_pushvalue(L, bi);
    lua_rawseti(L, a, SLOT_BOX);
  }
}

/* ---- the world ---- */

l_world *l_check_world(lua_State *L) {
  l_world *lw = (l_world *)luaL_checkudata(L, 1, MT_WORLD);
  if (lw->w == NULL) luaL_error(L, "not enough memory");
  return lw;
}

/* ---- the scene's methods ---- */

/* A scene (lua/collide/scene.lua) is a table without fields; its world
** is kept in a table whose keys are weak. The scene's methods that are
** this file's are closures with, after the binding's upvalues, the scene's
** method table (so that l_argerror names them, self not counted, called
** any way) and that table of worlds. */
#define UP_SCENE (L_NUPVALUES + 1)
#define UP_WORLDS (L_NUPVALUES + 2)

/* the world of the scene at 1, put in its place; a method called on what
** is not a scene raises the core's words for it, at the caller's line */
l_world *l_scene_world(lua_State *L, const char *name) {
  l_world *lw;
  lua_pushvalue(L, 1);
  lua_rawget(L, lua_upvalueindex(UP_WORLDS));
  if (lua_type(L, -1) != LUA_TUSERDATA)
    luaL_error(L, "calling '%s' on bad self (collide.scene expected, got %s)", name,
               lua_isnoneornil(L, 1) ? "nil" : l_typename(L, 1));
  lua_replace(L, 1);
  lw = (l_world *)lua_touserdata(L, 1);   /* the worlds table holds only worlds */
  if (lw->w == NULL) luaL_error(L, "not enough memory");
  return lw;
}

/* pushes the text tostring gives the key at i */
static const char *push_keytext(lua_State *L, int i) {
#if LUA_VERSION_NUM >= 502
  return luaL_tolstring(L, i, NULL);
#else
  int t = lua_type(L, i);
  if (t == LUA_TSTRING || t == LUA_TNUMBER) {
    lua_pushvalue(L, i);
    return lua_tostring(L, -1);
  }
  if (t == LUA_TBOOLEAN) {
    lua_pushstring(L, lua_toboolean(L, i) ? "true" : "false");
    return lua_tostring(L, -1);
  }
  return lua_pushfstring(L, "%s: %p", luaL_typename(L, i), lua_topointer(L, i));
#endif
}

/* ---- the shapes that tell the world of their changes ---- */

/* the header of the item's shape or heightfield, NULL for a mesh */
l_udheader *l_header_of(int kind, const void *shape) {
  if (kind == CL_WORLD_MESH) return NULL;
  if (kind == CL_WORLD_HEIGHTFIELD)
    return (l_udheader *)(void *)((char *)(void *)shape - offsetof(l_heightfield, hf));
  return L_UDHEADER((cl_shape *)(void *)shape);
}


void l_moved(l_world *lw, int id) {
  l_udheader *h = L_UDHEADER((cl_shape *)(void *)cl_world_shape(lw->w, L_ID(lw->w, id), NULL));
  if (h->holder != NULL && (h->holder != (void *)lw->w || h->item != id))
    l_touch_holder(h);
}

/* the item's shape tells the world of its changes when it tells no other
** item's (else the world reads its counter at each sync) */
static void link_item(cl_world *w, int id) {
  int kind;
  const void *shape = cl_world_shape(w, L_ID(w, id), &kind);
  l_udheader *h = l_header_of(kind, shape);
  int on = h != NULL && h->holder == NULL;
  if (on) {
    h->holder = w;
    h->item = id;
  }
  (void)cl_world_link(w, L_ID(w, id), on);
}

/* the item's shape no longer tells the world (before the item is removed
** or given another shape, or the world freed: the shape is alive then,
** held by the world's anchor) */
static void unlink_item(cl_world *w, int id) {
  int kind;
  const void *shape = cl_world_shape(w, L_ID(w, id), &kind);
  l_udheader *h = l_header_of(kind, shape);
  if (h != NULL && h->holder == w && h->item == id) h->holder = NULL;
}

static int w_gc(lua_State *L) {
  l_world *lw = (l_world *)luaL_checkudata(L, 1, MT_WORLD);
  if (lw->w != NULL) {
    cl_item id;
    for (id = cl_world_next(lw->w, -1, 0, -1, 0); id >= 0;
         id = cl_world_next(lw->w, id, cl_world_seq(lw->w, id), -1, 0))
      unlink_item(lw->w, cl_item_slot(id));
  }
  cl_world_delete(lw->w);
  lw->w = NULL;
  return 0;
}

/* _world.world(tree) -> a world over the (empty) tree, which it then owns */
static int f_world(lua_State *L) {
  l_tree *lt = l_totree(L, 1);
  l_world *lw;
  int k;
  if (lt == NULL) l_typeerror(L, 1, "collide.tree");
  l_argcheck(L, lt->tree.count == 0 && !lt->owned, 1, "tree in use");
  lua_settop(L, 1);
  lw = (l_world *)COLLIDE_NEWUD(L, sizeof(l_world));
  memset(lw, 0, sizeof *lw);
  luaL_getmetatable(L, MT_WORLD);
  lua_setmetatable(L, 2);
  lua_createtable(L, 5, 0);
  lua_pushvalue(L, 1);
  lua_rawseti(L, -2, SLOT_TREE);
  lua_pushboolean(L, 0);
  lua_rawseti(L, -2, SLOT_BOX);
  for (k = SLOT_SHAPES; k <= SLOT_IDS; k++) {
    lua_newtable(L);
    lua_rawseti(L, -2, k);
  }
  l_setanchor(L, 2);
  lw->w = cl_world_new_on_tree(&lt->tree, NULL, NULL);
  if (lw->w == NULL) return luaL_error(L, "not enough memory");
  lw->lt = lt;
  lt->owned = 1;
  return 1;
}

/* pushes the anchor's table in slot */
void l_push_slot(lua_State *L, int wi, int slot) {
  l_getanchor(L, wi);
  lua_rawgeti(L, -1, slot);
  lua_remove(L, -2);
}

/* the value at i as an item: not nil, not NaN */
void l_check_item(lua_State *L, int i) {
  l_argcheck(L, !lua_isnoneornil(L, i), i, "item expected, got nil");
  l_argcheck(L, lua_rawequal(L, i, i), i, "item expected, got nan");
}

/* the id of the item at i (ids table at t), -1 when it is not an item */
int l_id_of(lua_State *L, int t, int i) {
  int id;
  lua_pushvalue(L, i);
  lua_rawget(L, t);
  id = lua_isnil(L, -1) ? -1 : (int)lua_tointeger(L, -1) - 1;
  lua_pop(L, 1);
  return id;
}

/* the id of the item at i in the world whose anchor is at a, -1 when
** absent (no argument check) */
static int lookup_at(lua_State *L, int a, int i) {
  int id;
  if (lua_isnoneornil(L, i) || !lua_rawequal(L, i, i)) return -1;
  lua_rawgeti(L, a, SLOT_IDS);
  id = l_id_of(L, lua_gettop(L), i);
  lua_pop(L, 1);
  return id;
}

/* the same in the world at 1 */
int l_lookup(lua_State *L, int i) {
  int id;
  l_getanchor(L, 1);
  id = lookup_at(L, lua_gettop(L), i);
  lua_pop(L, 1);
  return id;
}

/* pushes the anchor of the world at 1: its index */
int l_world_anchor(lua_State *L) {
  l_getanchor(L, 1);
  return lua_gettop(L);
}

/* the shape, mesh or heightfield at i: its pointer, kind and change
** counter (none for a mesh, which never changes) */
void *l_item_shape(lua_State *L, int i, int *kind, uint32_t **changes) {
  cl_shape *s = l_toshape(L, i);
  l_mesh *lm;
  if (s != NULL) {
    *kind = s->tag;
    *changes = &L_UDHEADER(s)->changes;
    return s;
  }
  lm = l_tomesh(L, i);
  *changes = NULL;
  if (lm == NULL) {
    l_heightfield *lh = l_toheightfield(L, i);
    if (lh == NULL) l_typeerror(L, i, "shape");
    *kind = CL_WORLD_HEIGHTFIELD;
    *changes = &lh->h.changes;
    return &lh->hf;
  }
  *kind = CL_WORLD_MESH;
  return &lm->m;
}

/* id + 1's entry of the anchor's table in slot set to the value at i (0:
** nil); no allocation runs a finalizer here */
static void set_by_id(lua_State *L, int slot, int id, int i) {
  l_push_slot(L, 1, slot);
  if (i != 0) lua_pushvalue(L, i); else lua_pushnil(L);
  lua_rawseti(L, -2, id + 1);
  lua_pop(L, 1);
}

/* makes room in the world's tree for one insert. Lua code may run here
** (the allocation), none after. */
static void tree_room(lua_State *L) {
  l_push_slot(L, 1, SLOT_TREE);
  l_tree_room(L, lua_gettop(L));
  lua_pop(L, 1);
}

/* ---- an item's options ---- */

/* the options table of add and set, read: each given or not */
typedef struct {
  int layer_set, mask_set, st, sensor, events;  /* st, sensor, events: -1 not given */
  int one_way;                                  /* 0 not given, 1 d, -1 both ways (set) */
  int mass_set;                                 /* 1: mass given (0: none, set's false) */
  uint32_t layer, mask;
  double d[3], mass;
} item_options;

static const char *const option_names[] = {"layer", "mask", "static", "sensor", "events",
                                           "one_way", "mass", NULL};

/* raises at argument i: "option 'NAME': " and the words */
int l_option_error(lua_State *L, int i, const char *name, const char *words) {
  return l_argerror(L, i, lua_pushfstring(L, "option '%s': %s", name, words));
}

/* the option at the top, an integer bit set of 32 bits, in *v; 1 when given */
int l_option_bits(lua_State *L, int i, const char *name, uint32_t *v) {
  double x;
  if (lua_isnil(L, -1)) return 0;
  if (lua_type(L, -1) != LUA_TNUMBER)
    l_option_error(L, i, name, lua_pushfstring(L, "integer expected, got %s",
                                             l_typename(L, lua_gettop(L))));
  x = lua_tonumber(L, -1);
  if (!(x >= 0 && x <= 4294967295.0 && floor(x) == x))
    l_option_error(L, i, name, "integer between 0 and 0xffffffff expected");
  *v = (uint32_t)x;
  return 1;
}

/* the option at the top, a boolean: 0, 1, or -1 when not given */
static int option_boolean(lua_State *L, int i, const char *name) {
  if (lua_isnil(L, -1)) return -1;
  if (!lua_isboolean(L, -1))
    l_option_error(L, i, name, lua_pushfstring(L, "boolean expected, got %s",
                                             l_typename(L, lua_gettop(L))));
  return lua_toboolean(L, -1);
}

/* the options table at i, checked and read; kind: the item's shape's,
** for one_way (which a mesh or a heightfield does not take); set: false
** is a one_way (both ways again) */
static void read_options(lua_State *L, int i, int kind, int set, item_options *o) {
  int top = lua_gettop(L), k, t;
  if (!lua_istable(L, i)) l_typeerror(L, i, "table");
  l_check_keys(L, i, i, option_names, 7, "", "option");
  lua_getfield(L, i, "layer");
  o->layer_set = l_option_bits(L, i, "layer", &o->layer);
  lua_getfield(L, i, "mask");
  o->mask_set = l_option_bits(L, i, "mask", &o->mask);
  lua_getfield(L, i, "static");
  o->st = option_boolean(L, i, "static");
  lua_getfield(L, i, "sensor");
  o->sensor = option_boolean(L, i, "sensor");
  lua_getfield(L, i, "events");
  o->events = option_boolean(L, i, "events");
  lua_getfield(L, i, "one_way");
  t = lua_gettop(L);
  o->one_way = 0;
  if (set && lua_type(L, t) == LUA_TBOOLEAN && !lua_toboolean(L, t)) {
    o->one_way = -1;
  } else if (!lua_isnil(L, t)) {
    int ty = lua_type(L, t);
    if (!((ty == LUA_TTABLE || ty == LUA_TUSERDATA || ty == L_TCDATA) && l_toshape(L, t) == NULL
          && l_tovec(L, t, o->d)))
      l_option_error(L, i, "one_way", lua_pushfstring(L, "vector expected, got %s", l_typename(L, t)));
    for (k = 0; k < 3; k++)
      if (o->d[k] - o->d[k] != 0) l_option_error(L, i, "one_way", "finite vector expected");
    if (o->d[0] == 0 && o->d[1] == 0 && o->d[2] == 0) l_option_error(L, i, "one_way", "zero vector");
    if (kind == CL_WORLD_MESH) l_option_error(L, i, "one_way", "not for a mesh");
    if (kind == CL_WORLD_HEIGHTFIELD) l_option_error(L, i, "one_way", "not for a heightfield");
    o->one_way = 1;
  }
  /* mass: a positive finite number; set's false: none (immovable again) */
  lua_getfield(L, i, "mass");
  t = lua_gettop(L);
  o->mass_set = 0;
  if (set && lua_type(L, t) == LUA_TBOOLEAN && !lua_toboolean(L, t)) {
    o->mass_set = 1;
    o->mass = 0;
  } else if (!lua_isnil(L, t)) {
    double m;
    if (lua_type(L, t) != LUA_TNUMBER)
      l_option_error(L, i, "mass", lua_pushfstring(L, "number expected, got %s", l_typename(L, t)));
    m = lua_tonumber(L, t);
    if (m - m != 0)
      l_option_error(L, i, "mass", lua_pushfstring(L, "finite number expected, got %s",
                                                   m != m ? "nan" : (m > 0 ? "inf" : "-inf")));
    if (!(m > 0)) l_option_error(L, i, "mass", "not positive");
    o->mass_set = 1;
    o->mass = m;
  }
  lua_settop(L, top);
}

/* the roles and the one-way direction the options give item id (those
** not given kept) */
static void set_roles(lua_State *L, cl_world *w, int slot, const item_options *o) {
  cl_item id = L_ID(w, slot);
  int r;
  if (o->sensor >= 0 || o->events >= 0) {
    int role = cl_world_role(w, id);
    int sensor = o->sensor >= 0 ? o->sensor : (role & CL_WORLD_SENSOR) != 0;
    int events = o->events >= 0 ? o->events : (role & CL_WORLD_EVENTS) != 0;
    if (cl_world_set_role(w, id, (sensor ? CL_WORLD_SENSOR : 0) | (events ? CL_WORLD_EVENTS : 0)) != 0)
      luaL_error(L, "not enough memory");
  }
  if (o->mass_set && cl_world_set_mass(w, id, o->mass) != 0) luaL_error(L, "not enough memory");
  if (o->one_way == 0) return;
  r = cl_world_set_one_way(w, id, o->one_way > 0 ? o->d : NULL);
  if (r != 0 && r != CL_NOT_FINITE && r != CL_NOT_MOVER) luaL_error(L, "not enough memory");
}

/* changes are refused while a filter runs */
static void check_unlocked(lua_State *L, const l_world *lw) {
  const char *busy = cl_world_busy(lw->w);
  if (busy != NULL) l_busy_error(L, busy);
}

/* the item at 2 checked, and an item of the world at 1: its id */
static int present_item(lua_State *L) {
  int id;
  l_check_item(L, 2);
  id = l_lookup(L, 2);
  if (id < 0) l_argerror(L, 2, "item not in the scene");
  return id;
}

/* scene:add(item, shape, [options]) -> item; options: layer, mask,
** static, sensor, events, one_way */
static int w_add(lua_State *L) {
  l_world *lw;
  int kind, id;
  cl_item item;
  uint32_t *changes;
  void *s;
  item_options o;
  memset(&o, 0, sizeof o);
  o.st = o.sensor = o.events = -1;
  lua_settop(L, 4);
  lw = l_scene_world(L, "add");
  check_unlocked(L, lw);
  l_check_item(L, 2);
  if (l_lookup(L, 2) >= 0) l_argerror(L, 2, "item already in the scene");
  (void)l_item_shape(L, 3, &kind, &changes);
  if (!lua_isnil(L, 4)) read_options(L, 4, kind, 0, &o);
  /* the tree's room may step the collector: a finalizer may add the same
  ** item meanwhile, and then this add is refused */
  tree_room(L);
  check_unlocked(L, lw);
  if (l_lookup(L, 2) >= 0) l_argerror(L, 2, "item already in the scene");
  s = l_item_shape(L, 3, &kind, &changes);
  item = cl_world_add(lw->w, s, kind, changes);
  if (item < 0) return luaL_error(L, "not enough memory");
  if ((o.layer_set || o.mask_set || o.st > 0)
      && cl_world_set_options(lw->w, item, o.layer_set ? o.layer : 1,
                              o.mask_set ? o.mask : CL_WORLD_ALL_BITS, o.st > 0) != 0) {
    (void)cl_world_remove(lw->w, item);
    return luaL_error(L, "not enough memory");
  }
  id = cl_item_slot(item);
  link_item(lw->w, id);
  l_push_slot(L, 1, SLOT_IDS);
  lua_pushvalue(L, 2);
  lua_pushinteger(L, (lua_Integer)id + 1);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  set_by_id(L, SLOT_ITEMS, id, 2);
  set_by_id(L, SLOT_SHAPES, id, 3);
  set_roles(L, lw->w, id, &o);
  lua_pushvalue(L, 2);
  return 1;
}

/* scene:update(item, [shape]) -> item: after its shape changed, or to
** give it another one */
static int w_update(lua_State *L) {
  l_world *lw;
  int id, kind = 0, r;
  uint32_t *changes = NULL;
  void *s = NULL;
  lua_settop(L, 3);
  lw = l_scene_world(L, "update");
  check_unlocked(L, lw);
  (void)present_item(L);
  if (!lua_isnil(L, 3)) (void)l_item_shape(L, 3, &kind, &changes);
  if (!lua_isnil(L, 3) && l_snapshots_open(L, 1)) {
    /* the snapshots taken before keep its shape of then */
    id = present_item(L);
    l_push_slot(L, 1, SLOT_SHAPES);
    lua_rawgeti(L, -1, id + 1);
    lua_replace(L, -2);
    l_snapshot_left(L, 1, cl_world_seq(lw->w, L_ID(lw->w, id)), 2, lua_gettop(L));
    lua_pop(L, 1);
  }
  tree_room(L);                                    /* may run finalizers: again */
  check_unlocked(L, lw);
  id = present_item(L);
  if (!lua_isnil(L, 3)) s = l_item_shape(L, 3, &kind, &changes);
  {
    int old_kind;
    const void *old_shape = cl_world_shape(lw->w, L_ID(lw->w, id), &old_kind);
    l_udheader *old = l_header_of(old_kind, old_shape);
    int was = old != NULL && old->holder == lw->w && old->item == id;
    r = cl_world_update(lw->w, L_ID(lw->w, id), s, kind, changes);
    if (r != 0) return luaL_error(L, "not enough memory");
    if (s != NULL) {
      if (was) old->holder = NULL;
      link_item(lw->w, id);
    }
  }
  if (s != NULL) set_by_id(L, SLOT_SHAPES, id, 3);
  lua_pushvalue(L, 2);
  return 1;
}

/* scene:remove(item) -> item */
static int w_remove(lua_State *L) {
  l_world *lw;
  int id;
  lua_settop(L, 2);
  lw = l_scene_world(L, "remove");
  check_unlocked(L, lw);
  id = present_item(L);
  if (l_snapshots_open(L, 1)) {
    /* the snapshots taken while it was in keep it (the tables may run
    ** finalizers: looked up again) */
    lua_pushvalue(L, 2);
    l_push_slot(L, 1, SLOT_SHAPES);
    lua_rawgeti(L, -1, id + 1);
    lua_replace(L, -2);
    l_snapshot_left(L, 1, cl_world_seq(lw->w, L_ID(lw->w, id)), lua_gettop(L) - 1, lua_gettop(L));
    lua_pop(L, 2);
    check_unlocked(L, lw);
    id = present_item(L);
  }
  if (cl_world_events_name(lw->w, L_ID(lw->w, id))) {
    /* exits and ends that name it wait for the next events (its own, or
    ** those of an item removed before it): the item kept for them (the
    ** allocation may run finalizers: looked up again) */
    l_getanchor(L, 1);
    lua_rawgeti(L, -1, SLOT_GONE);
    if (lua_isnil(L, -1)) {
      lua_pop(L, 1);
      lua_newtable(L);
      lua_pushvalue(L, -1);
      lua_rawseti(L, -3, SLOT_GONE);
    }
    lua_pushnumber(L, (lua_Number)cl_world_seq(lw->w, L_ID(lw->w, id)));
    lua_pushvalue(L, 2);
    lua_rawset(L, -3);
    lua_pop(L, 2);
    check_unlocked(L, lw);
    id = present_item(L);
  }
  unlink_item(lw->w, id);
  (void)cl_world_remove(lw->w, L_ID(lw->w, id));
  l_push_slot(L, 1, SLOT_IDS);
  lua_pushvalue(L, 2);
  lua_pushnil(L);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  set_by_id(L, SLOT_ITEMS, id, 0);
  set_by_id(L, SLOT_SHAPES, id, 0);
  lua_pushvalue(L, 2);
  return 1;
}

/* scene:set(item, options) -> item: changes the item's options (those
** not given keep their values) */
static int w_set(lua_State *L) {
  l_world *lw;
  int id, kind, st;
  uint32_t layer, mask;
  item_options o;
  lua_settop(L, 3);
  lw = l_scene_world(L, "set");
  check_unlocked(L, lw);
  id = present_item(L);
  (void)cl_world_shape(lw->w, L_ID(lw->w, id), &kind);
  read_options(L, 3, kind, 1, &o);
  (void)cl_world_options(lw->w, L_ID(lw->w, id), &layer, &mask, &st);
  if (cl_world_set_options(lw->w, L_ID(lw->w, id), o.layer_set ? o.layer : layer, o.mask_set ? o.mask : mask,
                           o.st >= 0 ? o.st : st) != 0)
    return luaL_error(L, "not enough memory");
  set_roles(L, lw->w, id, &o);
  lua_pushvalue(L, 2);
  return 1;
}

/* scene:roles(item) -> sensor, events, and the one-way direction as a
** unit vector {x, y, z} (nil when it blocks both ways) */
static int w_roles(lua_State *L) {
  l_world *lw;
  int id, role;
  double d[3];
  lua_settop(L, 2);
  lw = l_scene_world(L, "roles");
  id = present_item(L);
  role = cl_world_role(lw->w, L_ID(lw->w, id));
  lua_pushboolean(L, role & CL_WORLD_SENSOR);
  lua_pushboolean(L, role & CL_WORLD_EVENTS);
  if (cl_world_one_way(lw->w, L_ID(lw->w, id), d) != 1) {
    lua_pushnil(L);
    return 3;
  }
  lua_createtable(L, 3, 0);
  for (role = 0; role < 3; role++) {
    lua_pushnumber(L, d[role]);
    lua_rawseti(L, -2, role + 1);
  }
  return 3;
}

/* scene:mass(item) -> its mass, or nil when it has none (immovable) */
static int w_mass(lua_State *L) {
  l_world *lw;
  double m;
  lua_settop(L, 2);
  lw = l_scene_world(L, "mass");
  m = cl_world_mass(lw->w, L_ID(lw->w, present_item(L)));
  if (m > 0) lua_pushnumber(L, m); else lua_pushnil(L);
  return 1;
}

/* scene:options(item) -> layer, mask, static */
static int w_options(lua_State *L) {
  l_world *lw;
  uint32_t layer, mask;
  int st, id;
  lua_settop(L, 2);
  lw = l_scene_world(L, "options");
  id = present_item(L);
  (void)cl_world_options(lw->w, L_ID(lw->w, id), &layer, &mask, &st);
  lua_pushinteger(L, (lua_Integer)layer);
  lua_pushinteger(L, (lua_Integer)mask);
  lua_pushboolean(L, st);
  return 3;
}

/* scene:has(item) -> boolean */
static int w_has(lua_State *L) {
  (void)l_scene_world(L, "has");
  lua_pushboolean(L, l_lookup(L, 2) >= 0);
  return 1;
}

/* scene:shape(item) -> its shape, or nil when absent */
static int w_shape(lua_State *L) {
  int id;
  (void)l_scene_world(L, "shape");
  id = l_lookup(L, 2);
  if (id < 0) return 0;
  l_push_slot(L, 1, SLOT_SHAPES);
  lua_rawgeti(L, -1, id + 1);
  return 1;
}

/* scene:tree() -> the world's tree (changes from Lua are refused) */
static int w_tree(lua_State *L) {
  (void)l_scene_world(L, "tree");
  l_push_slot(L, 1, SLOT_TREE);
  return 1;
}

/* scene:memory() -> the bytes of the world's own storage, outside the
** Lua heap (the tree is a userdata the collector counts) */
static int w_memory(lua_State *L) {
  lua_pushnumber(L, (lua_Number)cl_world_storage(l_scene_world(L, "memory")->w));
  return 1;
}

/* scene:sync() -> the number of items refitted */
static int w_sync(lua_State *L) {
  l_world *lw = l_scene_world(L, "sync");
  int n = cl_world_sync(lw->w);
  if (n == CL_BUSY) l_busy_error(L, cl_world_busy(lw->w));
  if (n < 0) return luaL_error(L, "not enough memory");
  lua_pushinteger(L, n);
  return 1;
}

/* w:next(id, seq, ahead, aseq) -> the next item's id, seq, the id and seq
** of the one after it (cl_world_next; ids 1-based, 0 for none), its item
** and shape, or nothing at the end */
static int w_next(lua_State *L) {
  l_world *lw = l_check_world(L);
  const cl_world *w = lw->w;
  /* (the slots of the ids given are read: their items may be gone) */
  cl_item id = cl_world_next(w, (cl_item)luaL_checkinteger(L, 2) - 1,
                             (long long)luaL_checknumber(L, 3),
                             (cl_item)luaL_checkinteger(L, 4) - 1, (long long)luaL_checknumber(L, 5));
  cl_item after;
  if (id < 0) return 0;
  after = cl_world_next(w, id, cl_world_seq(w, id), -1, 0);
  lua_pushinteger(L, L_KEY(id));
  lua_pushnumber(L, (lua_Number)cl_world_seq(w, id));
  lua_pushinteger(L, after >= 0 ? L_KEY(after) : 0);
  lua_pushnumber(L, after >= 0 ? (lua_Number)cl_world_seq(w, after) : 0);
  l_push_slot(L, 1, SLOT_ITEMS);
  lua_rawgeti(L, -1, L_KEY(id));
  l_push_slot(L, 1, SLOT_SHAPES);
  lua_rawgeti(L, -1, L_KEY(id));
  lua_remove(L, -2);
  lua_remove(L, -3);
  return 6;
}

/* scene:count() -> the number of items */
static int w_count(lua_State *L) {
  lua_pushinteger(L, cl_world_count(l_scene_world(L, "count")->w));
  return 1;
}

/* ---- filters ---- */


int l_keep_item(void *ud, cl_item id) {
  l_call *c = (l_call *)ud;
  lua_State *L = c->L;
  int ok;
  lua_pushvalue(L, c->filter);
  lua_rawgeti(L, c->items, L_KEY(id));
  if (lua_pcall(L, 1, 1, 0) != 0) {
    lua_replace(L, c->err);
    return -1;
  }
  ok = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return ok;
}

/* the message of a bad response at the top (replaced by it); 0 when
** string.format itself raised (the error is then at the top) */
static int bad_response(lua_State *L, const l_call *c) {
  if (lua_type(L, -1) == LUA_TSTRING) {
    /* the string as %q writes it (string.format from the loaded modules:
    ** the global may be gone) */
    lua_getfield(L, LUA_REGISTRYINDEX, "_LOADED");
    lua_getfield(L, -1, "string");
    lua_remove(L, -2);
    if (!lua_istable(L, -1)) {
      lua_pop(L, 1);
      lua_pushstring(L, "string");
    } else {
      lua_getfield(L, -1, "format");
      lua_pushliteral(L, "%q");
      lua_pushvalue(L, -4);
      if (lua_pcall(L, 2, 1, 0) != 0) return 0;
    }
  } else {
    lua_pushstring(L, l_typename(L, -1));
  }
  lua_pushfstring(L, "bad argument #%d to '%s' (filter must return \"slide\", \"touch\", \"cross\", "
                  "\"bounce\", false or nil, got %s)", c->nf, c->fname, lua_tostring(L, -1));
  return 1;
}

static int respond(void *ud, cl_item self, cl_item other) {
  static const char *const names[] = {"slide", "touch", "cross", "bounce"};
  l_call *c = (l_call *)ud;
  lua_State *L = c->L;
  int k, top = lua_gettop(L);
  lua_pushvalue(L, c->response);
  lua_rawgeti(L, c->items, L_KEY(self));
  lua_rawgeti(L, c->items, L_KEY(other));
  if (lua_pcall(L, 2, 1, 0) != 0) {
    lua_replace(L, c->err);
    return CL_WORLD_ABORT;
  }
  if (lua_isnil(L, -1) || (lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1))) {
    lua_pop(L, 1);
    return CL_WORLD_IGNORE;
  }
  if (lua_type(L, -1) == LUA_TSTRING) {
    const char *r = lua_tostring(L, -1);
    for (k = 0; k < 4; k++) {
      if (strcmp(r, names[k]) == 0 && lua_rawlen(L, -1) == strlen(names[k])) {
        lua_pop(L, 1);
        return CL_WORLD_SLIDE + k;
      }
    }
  }
  (void)bad_response(L, c);
  lua_replace(L, c->err);
  lua_settop(L, top);
  return CL_WORLD_ABORT;
}

/* ---- reading a filter ---- */

/* whether the number at i has an integer representation (every integer
** of 5.3 and later; a float that is integral and in [-2^63, 2^63)) */
static int integral(lua_State *L, int i) {
  double v;
#if LUA_VERSION_NUM >= 503
  if (lua_isinteger(L, i)) return 1;
#endif
  v = lua_tonumber(L, i);
  return v >= -9223372036854775808.0 && v < 9223372036854775808.0 && floor(v) == v;
}

/* the integer at i (integral) reduced to its low 32 bits: the layers'
** width, so that -1 is every layer */
uint32_t l_mask_bits(lua_State *L, int i) {
#if LUA_VERSION_NUM >= 503
  if (lua_isinteger(L, i)) return (uint32_t)lua_tointeger(L, i);
#endif
  return (uint32_t)(long long)lua_tonumber(L, i);
}

void l_check_keys(lua_State *L, int t, int arg, const char *const *names, int n,
                  const char *prefix, const char *what) {
  lua_pushnil(L);
  while (lua_next(L, t)) {
    int ok = 0, k;
    lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TSTRING) {
      size_t len;
      const char *key = lua_tolstring(L, -1, &len);
      for (k = 0; k < n; k++) ok |= strlen(names[k]) == len && strcmp(key, names[k]) == 0;
    }
    if (!ok) {
      const char *key = push_keytext(L, lua_gettop(L));
      l_argerror(L, arg, lua_pushfstring(L, "%sinvalid %s '%s'", prefix, what, key));
    }
  }
}

/* raises at argument arg: prefix, then the words */
static int filter_error(lua_State *L, int arg, const char *prefix, const char *words) {
  return l_argerror(L, arg, lua_pushfstring(L, "%s%s", prefix, words));
}

/* raises that the field at the top is not of the type named */
static void field_type(lua_State *L, int arg, const char *prefix, const char *field,
                       const char *expected) {
  const char *got = l_typename(L, lua_gettop(L));
  filter_error(L, arg, prefix, lua_pushfstring(L, "field '%s': %s expected, got %s", field,
                                               expected, got));
}

static const char *const filter_fields[] = {"mask", "exclude", "filter", "sensors", "response"};

/* whether the exclude at i is one item rather than an array of them: not
** a table, an item of the world whose anchor is at a, or a table with
** fields but no array part (an entity not in the scene) */
int l_exclude_one(lua_State *L, int i, int a) {
  int one;
  if (!lua_istable(L, i) || lookup_at(L, a, i) >= 0) return 1;
  if (lua_rawlen(L, i) != 0) return 0;
  lua_pushnil(L);
  one = lua_next(L, i);
  if (one) lua_pop(L, 2);
  return one;
}

void l_check_filter_table(lua_State *L, int i, int arg, const char *prefix, int move) {
  int top = lua_gettop(L), a, ex;
  size_t k, n;
  l_check_keys(L, i, arg, filter_fields, move ? 5 : 4, prefix, "field");
  if (COLLIDE_GETFIELD(L, i, "mask") != LUA_TNIL) {
    if (lua_type(L, -1) != LUA_TNUMBER) field_type(L, arg, prefix, "mask", "integer");
    if (!integral(L, lua_gettop(L)))
      filter_error(L, arg, prefix, "field 'mask': number has no integer representation");
  }
  if (COLLIDE_GETFIELD(L, i, "filter") != LUA_TNIL && !lua_isfunction(L, -1))
    field_type(L, arg, prefix, "filter", "function");
  if (COLLIDE_GETFIELD(L, i, "sensors") != LUA_TNIL && !lua_isboolean(L, -1))
    field_type(L, arg, prefix, "sensors", "boolean");
  if (move && COLLIDE_GETFIELD(L, i, "response") != LUA_TNIL && !lua_isfunction(L, -1))
    field_type(L, arg, prefix, "response", "function");
  /* each excluded value must be an item of the scene: a value that is
  ** not (a name for the entity it names) is a mistake, said */
  lua_getfield(L, i, "exclude");
  ex = lua_gettop(L);
  if (!lua_isnil(L, ex)) {
    a = l_world_anchor(L);
    if (l_exclude_one(L, ex, a)) {
      if (lookup_at(L, a, ex) < 0)
        filter_error(L, arg, prefix, "field 'exclude': not an item of this scene");
    } else {
      for (n = lua_rawlen(L, ex), k = 1; k <= n; k++) {
        lua_rawgeti(L, ex, (lua_Integer)k);
        if (lookup_at(L, a, lua_gettop(L)) < 0)
          filter_error(L, arg, prefix, "field 'exclude': not an item of this scene");
        lua_pop(L, 1);
      }
    }
  }
  lua_settop(L, top);
}

/* the filter argument at i checked: nil, a function, an integer mask, or
** a filter table (move: with its response) */
static void check_filter(lua_State *L, int i, int move) {
  int t = lua_type(L, i);
  if (t == LUA_TNUMBER) {
    if (!integral(L, i)) l_argerror(L, i, "number has no integer representation");
  } else if (t == LUA_TTABLE) {
    l_check_filter_table(L, i, i, "", move);
  } else if (t != LUA_TNIL && t != LUA_TNONE && t != LUA_TFUNCTION) {
    l_typeerror(L, i, "function, integer or table");
  }
}

/* a filter table's fields, checked (l_check_filter_table): mask, sensors,
** exclude (one item or an array of items: their ids pushed in a userdata,
** those a finalizer removed since left out) and filter (a function, put
** at i, or nil) */
static void filter_table(lua_State *L, const cl_world *w, int i, cl_world_filter *f, l_call *c) {
  lua_getfield(L, i, "mask");
  if (lua_type(L, -1) == LUA_TNUMBER) f->mask = l_mask_bits(L, lua_gettop(L));
  lua_getfield(L, i, "sensors");
  f->sensors = lua_toboolean(L, -1);
  lua_pop(L, 2);
  lua_getfield(L, i, "exclude");
  if (!lua_isnil(L, -1)) {
    int t = lua_gettop(L), one = l_exclude_one(L, t, c->anchor), k, n;
    cl_item *ids;
    n = one ? 1 : (int)lua_rawlen(L, t);
    ids = (cl_item *)COLLIDE_NEWUD(L, (size_t)(n > 0 ? n : 1) * sizeof(cl_item)); /* kept on the stack */
    lua_insert(L, t);
    lua_rawgeti(L, c->anchor, SLOT_IDS);
    for (k = 1; k <= n; k++) {
      if (one) lua_pushvalue(L, t + 1); else lua_rawgeti(L, t + 1, k);
      f->nexclude += (ids[f->nexclude] = L_ID(w, l_id_of(L, t + 2, lua_gettop(L)))) >= 0;
      lua_pop(L, 1);
    }
    lua_pop(L, 2);
    f->exclude = ids;
  } else {
    lua_pop(L, 1);
  }
  lua_getfield(L, i, "filter");
  lua_replace(L, i);
}

/* the filter argument at i (checked) as the world's filter: a function
** (kept at i, asked through l_keep_item), an integer mask (i set to nil),
** a filter table (its function, if any, put at i), or nil */
static void filter_arg(lua_State *L, const cl_world *w, int i, cl_world_filter *f, l_call *c) {
  cl_world_filter_init(f);
  if (lua_istable(L, i)) filter_table(L, w, i, f, c);
  if (lua_type(L, i) == LUA_TNUMBER) {
    f->mask = l_mask_bits(L, i);
    lua_pushnil(L);
    lua_replace(L, i);
  } else if (!lua_isnil(L, i)) {
    f->keep = l_keep_item;
    f->ud = c;
  }
}

/* sets up c for the filter at fi, the items' table (from the anchor at
** a) pushed (at c->items) and an error slot after it (c->err) */
void l_call_begin(lua_State *L, l_call *c, int fi, int a) {
  lua_rawgeti(L, a, SLOT_ITEMS);
  lua_pushnil(L);
  c->L = L;
  c->anchor = a;
  c->filter = fi;
  c->response = 0;
  c->items = lua_gettop(L) - 1;
  c->err = lua_gettop(L);
  c->nf = 0;
  c->fname = NULL;
}

/* raises the filter's error when the world's call was stopped by it */
void l_call_end(lua_State *L, const l_call *c, long long r) {
  if (r == CL_STOPPED && !lua_isnil(L, c->err)) {
    lua_pushvalue(L, c->err);
    lua_error(L);
  }
  if (r == CL_NOMEM) luaL_error(L, "not enough memory");
}

static const cl_shape *check_mover(lua_State *L, int i, cl_shape *copy) {
  cl_shape *s = l_toshape(L, i);
  if (s == NULL || !cl_world_is_mover(s->tag))
    l_typeerror(L, i, MOVER_LIST);
  cl_shape_copy(copy, s);
  return s;
}

static void set_num(lua_State *L, const char *k, double v) {
  lua_pushnumber(L, v);
  lua_setfield(L, -2, k);
}

/* 1 when id is still an item that was there when the world's last
** sequence number was last (a finalizer run by an allocation may have
** removed it, and an add given its id to a new item) */
static int alive(const cl_world *w, cl_item id, long long last) {
  return cl_world_is_item(w, id) && cl_world_seq(w, id) <= last;
}

/* ---- gathering answers in a box ---- */

typedef struct { cl_item id; int uv; long long seq, index; cl_hit h; } l_hit;
typedef struct { cl_item a, b; } l_pair;
typedef struct { l_box *b; const cl_world *w; int n, uv, nomem; } l_sink;

static int gather_id(void *ud, cl_item item) {
  l_sink *k = (l_sink *)ud;
  if (!l_box_room(k->b, ((size_t)k->n + 1) * sizeof(cl_item))) { k->nomem = 1; return 0; }
  ((cl_item *)k->b->p)[k->n++] = item;
  return 1;
}

static int gather_hit(void *ud, const cl_world_hit *hit) {
  l_sink *k = (l_sink *)ud;
  l_hit *e;
  int kind = -1;
  if (!l_box_room(k->b, ((size_t)k->n + 1) * sizeof(l_hit))) { k->nomem = 1; return 0; }
  e = &((l_hit *)k->b->p)[k->n++];
  e->id = hit->item;
  (void)cl_world_shape(k->w, hit->item, &kind);
  e->uv = k->uv && (kind == CL_TRIANGLE || hit->index >= 0);
  e->seq = cl_world_seq(k->w, hit->item);
  e->index = hit->index;
  e->h = hit->hit;
  return 1;
}

static int gather_pair(void *ud, cl_item a, cl_item b) {
  l_sink *k = (l_sink *)ud;
  l_pair *p;
  if (!l_box_room(k->b, ((size_t)k->n + 1) * sizeof(l_pair))) { k->nomem = 1; return 0; }
  p = &((l_pair *)k->b->p)[k->n++];
  p->a = a;
  p->b = b;
  return 1;
}

/* a call's answer gathered: out of memory raised, the filter's error raised */
static void sink_end(lua_State *L, const l_sink *k, const l_call *c, long long r) {
  if (k->nomem) luaL_error(L, "not enough memory");
  l_call_end(L, c, r);
}

static int hit_cmp(const void *a, const void *b) {
  const l_hit *x = (const l_hit *)a, *y = (const l_hit *)b;
  if (x->h.t != y->h.t) return x->h.t < y->h.t ? -1 : 1;
  return x->seq < y->seq ? -1 : (x->seq > y->seq);
}

/* ---- queries ---- */

/* the array of the n items whose ids are in the box, those a finalizer
** removed meanwhile left out */
static void push_items(lua_State *L, const l_world *lw, const l_box *b, int n, int items) {
  int k, m = 0, out;
  long long last = cl_world_last_seq(lw->w);
  lua_createtable(L, n, 0);                        /* may run finalizers */
  out = lua_gettop(L);
  for (k = 0; k < n; k++) {
    cl_item id = ((const cl_item *)b->p)[k];
    if (!alive(lw->w, id, last)) continue;
    lua_rawgeti(L, items, L_KEY(id));
    lua_rawseti(L, out, ++m);
  }
}

/* scene:query(shape, [filter]) -> array of items */
static int w_query(lua_State *L) {
  l_world *lw;
  uint32_t *changes;
  cl_shape copy;
  const void *q;
  cl_world_filter f;
  l_call c;
  l_sink k;
  l_box *b;
  int kind, n, a;
  lua_settop(L, 3);
  lw = l_scene_world(L, "query");
  (void)l_item_shape(L, 2, &kind, &changes);        /* argument 2 checked first */
  check_filter(L, 3, 0);
  a = l_world_anchor(L);                           /* 4 */
  b = take_box(L, lw, a);                          /* 5; may run finalizers */
  l_call_begin(L, &c, 3, a);                       /* 6, 7 */
  filter_arg(L, lw->w, 3, &f, &c);
  q = l_item_shape(L, 2, &kind, &changes);           /* read again after the allocations */
  if (kind < CL_NKINDS) {                          /* a filter may change it: a copy */
    memcpy(&copy, q, l_kind_sizes[kind]);
    q = &copy;
    if (kind == CL_HULL || kind == CL_COMPOUND)
      l_hull_push_data(L, 2);                      /* 8: the data the copy reads */
  }
  k.b = b; k.w = lw->w; k.n = 0; k.nomem = 0;
  n = cl_world_query(lw->w, q, kind, &f, gather_id, &k);
  sink_end(L, &k, &c, n);
  push_items(L, lw, b, k.n, c.items);
  give_back(L, lw, b, a, a + 1);
  return 1;
}

/* scene:query_frustum(frustum, [filter]) -> array of items */
static int w_query_frustum(lua_State *L) {
  l_world *lw;
  cl_frustum fr;
  cl_world_filter f;
  l_call c;
  l_sink k;
  l_box *b;
  int n, a;
  lua_settop(L, 3);
  lw = l_scene_world(L, "query_frustum");
  if (l_tofrustum(L, 2) == NULL) l_typeerror(L, 2, "collide.frustum");
  check_filter(L, 3, 0);
  a = l_world_anchor(L);                           /* 4 */
  b = take_box(L, lw, a);                          /* 5 */
  l_call_begin(L, &c, 3, a);                       /* 6, 7 */
  filter_arg(L, lw->w, 3, &f, &c);
  fr = *l_tofrustum(L, 2);
  k.b = b; k.w = lw->w; k.n = 0; k.nomem = 0;
  n = cl_world_query_frustum(lw->w, &fr, &f, gather_id, &k);
  sink_end(L, &k, &c, n);
  push_items(L, lw, b, k.n, c.items);
  give_back(L, lw, b, a, a + 1);
  return 1;
}

/* pushes the values ray:cast gives for the hit: t, p, n, then u, v for a
** triangle, and the 1-based triangle index for static geometry, then the
** triangle's material when it has one */
static int push_cast(lua_State *L, const cl_hit *h, int kind, long long index,
                     long long material) {
  lua_pushnumber(L, h->t);
  l_pushvec(L, h->p);
  l_pushvec(L, h->n);
  if (kind != CL_TRIANGLE && index < 0) return 7;
  lua_pushnumber(L, h->u);
  lua_pushnumber(L, h->v);
  if (index < 0) return 9;
  lua_pushinteger(L, (lua_Integer)index + 1);
  if (material < 0) return 10;
  lua_pushinteger(L, (lua_Integer)material);
  return 11;
}

static cl_ray check_ray(lua_State *L, int i) {
  cl_shape *s = l_toshape(L, i);
  if (s == NULL || s->tag != CL_RAY) l_typeerror(L, i, "collide.ray");
  return s->ray;
}

static const char *const raycast_names[] = {"item", "t", "x", "y", "z", "nx", "ny", "nz",
                                            "u", "v", "index", "material"};

/* scene:raycast(ray, [filter], [out]) -> item, t, p, n[, u, v[, index[,
** material]]] or nil; with out, out with those values named */
static int w_raycast(lua_State *L) {
  l_world *lw;
  cl_ray r;
  cl_world_filter f;
  cl_world_hit hit;
  l_call c;
  cl_item id;
  int kind = -1, n;
  lua_settop(L, 4);
  lw = l_scene_world(L, "raycast");
  r = check_ray(L, 2);
  check_filter(L, 3, 0);
  if (!lua_isnil(L, 4)) l_checkout(L, 4);
  l_call_begin(L, &c, 3, l_world_anchor(L));       /* 5: the anchor, 6, 7 */
  filter_arg(L, lw->w, 3, &f, &c);
  id = cl_world_raycast(lw->w, &r, &f, &hit);
  l_call_end(L, &c, id);
  if (id < 0) { lua_pushnil(L); return 1; }
  lua_rawgeti(L, c.items, L_KEY(id));
  (void)cl_world_shape(lw->w, id, &kind);
  n = 1 + push_cast(L, &hit.hit, kind, hit.index, hit.material);
  return lua_isnil(L, 4) ? n : l_namehit(L, 4, n, raycast_names);
}

/* scene:nearest(x, y, z, [max_distance], [filter]) -> item, d, px, py,
** pz or nil */
static int w_nearest(lua_State *L) {
  l_world *lw = l_scene_world(L, "nearest");
  cl_world_filter f;
  l_call c;
  double p[3], d, q[3], maxd = INFINITY;
  cl_item id;
  p[0] = l_checknum(L, 2);
  p[1] = l_checknum(L, 3);
  p[2] = l_checknum(L, 4);
  if (!lua_isnoneornil(L, 5)) {
    if (lua_type(L, 5) != LUA_TNUMBER) l_typeerror(L, 5, "number");
    maxd = lua_tonumber(L, 5);
    if (maxd != maxd) l_argerror(L, 5, "finite number expected, got nan");
    if (maxd < 0) l_argerror(L, 5, "negative max_distance");
  }
  lua_settop(L, 6);
  check_filter(L, 6, 0);
  l_call_begin(L, &c, 6, l_world_anchor(L));       /* 7: the anchor, 8, 9 */
  filter_arg(L, lw->w, 6, &f, &c);
  id = cl_world_nearest(lw->w, p, maxd, &f, &d, q);
  l_call_end(L, &c, id);
  if (id == CL_NOT_FINITE) luaL_error(L, "point or max_distance not finite");
  if (id < 0) { lua_pushnil(L); return 1; }
  lua_rawgeti(L, c.items, L_KEY(id));
  lua_pushnumber(L, d);
  return 1 + 1 + l_pushvec(L, q);
}

/* the hits in the box (n of them, sorted here by t, ties in add order) as
** an array of {item=, t=, x=, y=, z=, nx=, ny=, nz=[, u=, v=][, index=[,
** material=]]};
** an item a finalizer removed meanwhile is left out */
static void push_hits(lua_State *L, const l_world *lw, l_box *b, int n, int items) {
  int k, m = 0, out;
  long long last = cl_world_last_seq(lw->w);
  l_hit *hits = (l_hit *)b->p;
  if (n > 1) qsort(hits, (size_t)n, sizeof *hits, hit_cmp);
  lua_createtable(L, n, 0);
  out = lua_gettop(L);
  for (k = 0; k < n; k++) {
    const l_hit *e = &hits[k];
    if (!alive(lw->w, e->id, last)) continue;
    lua_rawgeti(L, items, L_KEY(e->id));           /* read before the record's allocation */
    lua_createtable(L, 0, 11);
    lua_insert(L, -2);
    lua_setfield(L, -2, "item");
    set_num(L, "t", e->h.t);
    set_num(L, "x", e->h.p[0] + 0.0); set_num(L, "y", e->h.p[1] + 0.0);
    set_num(L, "z", e->h.p[2] + 0.0);
    set_num(L, "nx", e->h.n[0] + 0.0); set_num(L, "ny", e->h.n[1] + 0.0);
    set_num(L, "nz", e->h.n[2] + 0.0);
    if (e->uv) { set_num(L, "u", e->h.u); set_num(L, "v", e->h.v); }
    if (e->index >= 0) {
      long long mat = cl_world_material(lw->w, e->id, e->index);
      lua_pushinteger(L, (lua_Integer)e->index + 1);
      lua_setfield(L, -2, "index");
      if (mat >= 0) {
        lua_pushinteger(L, (lua_Integer)mat);
        lua_setfield(L, -2, "material");
      }
    }
    lua_rawseti(L, out, ++m);
  }
}

/* scene:raycast_all(ray, [filter]) -> array of hits */
static int w_raycast_all(lua_State *L) {
  l_world *lw;
  cl_ray r;
  cl_world_filter f;
  l_call c;
  l_sink k;
  l_box *b;
  int n, a;
  lua_settop(L, 3);
  lw = l_scene_world(L, "raycast_all");
  (void)check_ray(L, 2);                           /* checked first, read after the allocation */
  check_filter(L, 3, 0);
  a = l_world_anchor(L);                           /* 4 */
  b = take_box(L, lw, a);                          /* 5 */
  l_call_begin(L, &c, 3, a);                       /* 6, 7 */
  filter_arg(L, lw->w, 3, &f, &c);
  r = check_ray(L, 2);
  k.b = b; k.w = lw->w; k.n = 0; k.uv = 1; k.nomem = 0;
  n = cl_world_raycast_all(lw->w, &r, &f, gather_hit, &k);
  sink_end(L, &k, &c, n);
  push_hits(L, lw, b, k.n, c.items);
  give_back(L, lw, b, a, a + 1);
  return 1;
}

/* the mover at 2 (a copy: a filter may change it), the motion from 3 on
** (three numbers or a vector) and the filter after it, checked: the
** filter's index; the stack set to end with the argument after it */
static int read_sweep(lua_State *L, cl_shape *mover, double d[3]) {
  int fi;
  if (lua_gettop(L) < 2) lua_settop(L, 2);
  (void)check_mover(L, 2, mover);
  fi = l_readvec(L, 3, d);
  lua_settop(L, fi + 1);
  check_filter(L, fi, 0);
  return fi;
}

static const char *const sweep_names[] = {"item", "t", "x", "y", "z", "nx", "ny", "nz",
                                          "index", "material"};

/* scene:sweep(shape, dx, dy, dz | vector, [filter], [out]) -> item, t, p,
** n[, index[, material]] or nil; with out, out with those values named */
static int w_sweep(lua_State *L) {
  l_world *lw = l_scene_world(L, "sweep");
  cl_shape mover;
  cl_world_filter f;
  cl_world_hit hit;
  double d[3];
  l_call c;
  cl_item id;
  int fi, out, n = 8;
  fi = read_sweep(L, &mover, d);                   /* the filter at fi, out after it */
  out = fi + 1;
  if (!lua_isnil(L, out)) l_checkout(L, out);
  l_call_begin(L, &c, fi, l_world_anchor(L));      /* the anchor, the items, the error */
  filter_arg(L, lw->w, fi, &f, &c);
  if (mover.tag == CL_HULL || mover.tag == CL_COMPOUND)
    l_hull_push_data(L, 2);                        /* the data the copy reads */
  id = cl_world_sweep_skipping(lw->w, &mover, d, l_toshape(L, 2), &f, &hit);
  l_call_end(L, &c, id);
  if (id < 0) { lua_pushnil(L); return 1; }
  lua_rawgeti(L, c.items, L_KEY(id));
  lua_pushnumber(L, hit.hit.t);
  l_pushvec(L, hit.hit.p);
  l_pushvec(L, hit.hit.n);
  if (hit.index >= 0) {
    lua_pushinteger(L, (lua_Integer)hit.index + 1);
    n = 9;
    if (hit.material >= 0) {
      lua_pushinteger(L, (lua_Integer)hit.material);
      n = 10;
    }
  }
  return lua_isnil(L, out) ? n : l_namehit(L, out, n, sweep_names);
}

/* scene:sweep_all(shape, dx, dy, dz | vector, [filter]) -> array */
static int w_sweep_all(lua_State *L) {
  l_world *lw = l_scene_world(L, "sweep_all");
  cl_shape mover;
  cl_world_filter f;
  double d[3];
  l_call c;
  l_sink k;
  l_box *b;
  int n, a, fi;
  fi = read_sweep(L, &mover, d);                   /* the filter at fi */
  lua_settop(L, fi);
  a = l_world_anchor(L);
  b = take_box(L, lw, a);                          /* may run finalizers */
  l_call_begin(L, &c, fi, a);
  filter_arg(L, lw->w, fi, &f, &c);
  (void)check_mover(L, 2, &mover);                 /* read again after the allocation */
  if (mover.tag == CL_HULL || mover.tag == CL_COMPOUND)
    l_hull_push_data(L, 2);                        /* the data the copy reads */
  k.b = b; k.w = lw->w; k.n = 0; k.uv = 0; k.nomem = 0;
  n = cl_world_sweep_all_skipping(lw->w, &mover, d, l_toshape(L, 2), &f, gather_hit, &k);
  sink_end(L, &k, &c, n);
  push_hits(L, lw, b, k.n, c.items);
  give_back(L, lw, b, a, a + 1);
  return 1;
}

/* pushes {a, b} for the pair p: the table at k of the array at kept (0:
** none) when it still holds those items, else a new one (put there too) */
static void push_pair(lua_State *L, const l_call *c, const l_pair *p, int kept,
                      long long k) {
  int t;
  if (kept != 0) {
    lua_rawgeti(L, kept, (lua_Integer)k);
    t = lua_gettop(L);
    if (lua_type(L, t) == LUA_TTABLE) {
      int same;
      lua_rawgeti(L, t, 1);
      lua_rawgeti(L, c->items, L_KEY(p->a));
      same = lua_rawequal(L, -1, -2);
      lua_pop(L, 2);
      if (same) {
        lua_rawgeti(L, t, 2);
        lua_rawgeti(L, c->items, L_KEY(p->b));
        same = lua_rawequal(L, -1, -2);
        lua_pop(L, 2);
        if (same) return;
      }
    }
    lua_pop(L, 1);
  }
  lua_createtable(L, 2, 0);
  lua_rawgeti(L, c->items, L_KEY(p->a));
  lua_rawseti(L, -2, 1);
  lua_rawgeti(L, c->items, L_KEY(p->b));
  lua_rawseti(L, -2, 2);
  if (kept != 0) {
    lua_pushvalue(L, -1);
    lua_rawseti(L, kept, (lua_Integer)k);
  }
}

/* w:pairs([filter | mask]) -> array of {a, b}. The pairs are the
** world's (cl_world_pairs answers from its last answer while nothing
** changed). Without a filter function or exclusions, each {a, b} is the
** table at the same place of the last such answer when it holds the same
** two items (one a script changed is made again): the tables are kept in
** the anchor, the pairs only in the world. The ids are gathered in the
** call's box, which no other call writes (a finalizer's pairs() during
** the tables' making takes a box of its own); items a finalizer removed
** meanwhile are left out. */
static int w_pairs(lua_State *L) {
  l_world *lw;
  cl_world_filter f;
  l_call c;
  l_sink k;
  l_box *b;
  long long n, last, i, m = 0;
  int a, kept = 0, out;
  size_t len;
  lua_settop(L, 2);
  lw = l_scene_world(L, "pairs");
  check_filter(L, 2, 0);
  a = l_world_anchor(L);                           /* 3 */
  b = take_box(L, lw, a);                          /* 4 */
  l_call_begin(L, &c, 2, a);                       /* 5, 6 */
  filter_arg(L, lw->w, 2, &f, &c);
  if (f.keep == NULL && f.nexclude == 0) {
    lua_rawgeti(L, a, SLOT_PAIRS);                 /* 7: the tables kept */
    if (!lua_istable(L, -1)) {
      lua_pop(L, 1);
      lua_newtable(L);                             /* (may run finalizers) */
      lua_pushvalue(L, -1);
      lua_rawseti(L, a, SLOT_PAIRS);
    }
    kept = lua_gettop(L);
  }
  k.b = b; k.w = lw->w; k.n = 0; k.nomem = 0;
  n = cl_world_pairs(lw->w, &f, gather_pair, &k);
  sink_end(L, &k, &c, n);
  last = cl_world_last_seq(lw->w);
  lua_createtable(L, k.n, 0);                      /* may run finalizers */
  out = lua_gettop(L);
  for (i = 0; i < k.n; i++) {
    l_pair pi = ((const l_pair *)b->p)[i];
    if (!alive(lw->w, pi.a, last) || !alive(lw->w, pi.b, last)) continue;
    push_pair(L, &c, &pi, kept, m + 1);
    lua_rawseti(L, out, (lua_Integer)++m);
  }
  /* the tables of a longer answer before are let go */
  if (kept != 0)
    for (len = lua_rawlen(L, kept); (long long)len > m; len--) {
      lua_pushnil(L);
      lua_rawseti(L, kept, (lua_Integer)len);
    }
  give_back(L, lw, b, a, a + 1);
  return 1;
}

/* ---- events ---- */

static int gather_event(void *ud, const cl_world_event *e) {
  l_sink *k = (l_sink *)ud;
  if (!l_box_room(k->b, ((size_t)k->n + 1) * sizeof(cl_world_event))) { k->nomem = 1; return 0; }
  ((cl_world_event *)k->b->p)[k->n++] = *e;
  return 1;
}

/* pushes the item of id with sequence number seq: from the items while it
** is there, else from the removed ones kept (table at gone, or 0); nil
** when neither has it */
static void push_event_item(lua_State *L, const cl_world *w, int items, int gone, cl_item id,
                            long long seq) {
  if (cl_world_seq(w, id) == seq) {
    lua_rawgeti(L, items, L_KEY(id));
  } else if (gone != 0) {
    lua_pushnumber(L, (lua_Number)seq);
    lua_rawget(L, gone);
  } else {
    lua_pushnil(L);
  }
}

static const char *const event_names[] = {"", "enter", "exit", "begin", "end"};

/* the events are not read while a filter runs */
static int events_busy(lua_State *L, const l_world *lw) {
  return luaL_error(L, "cannot read a scene's events during its %s", cl_world_busy(lw->w));
}

/* scene:events() -> array of {type=, sensor=, item=} and {type=, a=,
** b=}. Every item an event names is resolved to its value
** before anything is allocated (a finalizer may remove it meanwhile),
** into a table made before the events are gathered (a raw set grows it
** without running the collector). */
static int w_events(lua_State *L) {
  l_world *lw = l_scene_world(L, "events");
  l_sink k;
  l_box *b;
  long long n;
  int a, i, m = 0, items, gone, vals, out;
  const cl_world_event *e;
  lua_settop(L, 1);
  if (cl_world_busy(lw->w) != NULL) return events_busy(L, lw);
  a = l_world_anchor(L);                           /* 2 */
  b = take_box(L, lw, a);                          /* 3 */
  lua_rawgeti(L, a, SLOT_ITEMS);                   /* 4 */
  items = lua_gettop(L);
  lua_newtable(L);                                 /* 5: the items named, 2 an event */
  vals = lua_gettop(L);
  if (cl_world_busy(lw->w) != NULL) return events_busy(L, lw);
  k.b = b; k.w = lw->w; k.n = 0; k.nomem = 0;
  n = cl_world_events(lw->w, gather_event, &k);
  if (n == CL_BUSY) return events_busy(L, lw);
  if (k.nomem || n == CL_NOMEM) return luaL_error(L, "not enough memory");
  /* the removed items these events name; those removed while the tables
  ** are built wait for the next call in a table of their own */
  lua_rawgeti(L, a, SLOT_GONE);                    /* 6 */
  gone = lua_isnil(L, -1) ? 0 : lua_gettop(L);
  lua_pushnil(L);
  lua_rawseti(L, a, SLOT_GONE);
  e = (const cl_world_event *)b->p;
  for (i = 0; i < k.n; i++) {
    push_event_item(L, lw->w, items, gone, e[i].a, e[i].seq_a);
    lua_rawseti(L, vals, 2 * i + 1);
    push_event_item(L, lw->w, items, gone, e[i].b, e[i].seq_b);
    lua_rawseti(L, vals, 2 * i + 2);
  }
  /* the events are the box's until it is given back */
  lua_createtable(L, k.n, 0);                      /* 7 */
  out = lua_gettop(L);
  for (i = 0; i < k.n; i++) {
    int sensor = e[i].type == CL_WORLD_ENTER || e[i].type == CL_WORLD_EXIT;
    /* every event names its two as a and b; a sensor's also as sensor
    ** and item */
    lua_createtable(L, 0, sensor ? 5 : 3);
    lua_pushstring(L, event_names[e[i].type]);
    lua_setfield(L, -2, "type");
    lua_rawgeti(L, vals, 2 * i + 1);
    if (sensor) {
      lua_pushvalue(L, -1);
      lua_setfield(L, -3, "sensor");
    }
    lua_setfield(L, -2, "a");
    lua_rawgeti(L, vals, 2 * i + 2);
    if (sensor) {
      lua_pushvalue(L, -1);
      lua_setfield(L, -3, "item");
    }
    lua_setfield(L, -2, "b");
    lua_rawseti(L, out, ++m);
  }
  give_back(L, lw, b, a, 3);
  return 1;
}

/* ---- debug lines ---- */

/* w:lines([filter | mask], [aabb]) -> the flat array of the segments of
** the items kept, in add order, and the array of each segment's item.
** The filter runs with the world busy (cl_world_lines); the lines are
** counted and written after it (cl_world_lines_count, _fill), with no Lua
** code in between, into the call's box. */
static int w_lines(lua_State *L) {
  l_world *lw;
  cl_world_filter f;
  cl_aabb box;
  l_call c;
  l_sink k;
  l_box *b;
  size_t total = 0, m, off;
  int n, i, a, has_box, owners, j = 0;
  const cl_item *ids;
  cl_shape *bs;
  lua_settop(L, 3);
  lw = l_scene_world(L, "lines");
  check_filter(L, 2, 0);
  has_box = !lua_isnil(L, 3);
  bs = l_toshape(L, 3);
  if (has_box && (bs == NULL || bs->tag != CL_AABB)) l_typeerror(L, 3, "collide.aabb");
  a = l_world_anchor(L);                           /* 4 */
  b = take_box(L, lw, a);                          /* 5; may run finalizers */
  l_call_begin(L, &c, 2, a);                       /* 6, 7 */
  filter_arg(L, lw->w, 2, &f, &c);
  if (has_box) box = l_checkshape(L, 3, CL_AABB)->aabb;   /* read after the allocations */
  k.b = b; k.w = lw->w; k.n = 0; k.nomem = 0;
  n = cl_world_lines(lw->w, has_box ? &box : NULL, &f, gather_id, &k);
  sink_end(L, &k, &c, n);
  n = k.n;
  /* the items' ids first, then the segments, then each item's id and
  ** number of segments (the owners), all in the box, counted and written
  ** with no Lua code in between */
  off = ((size_t)n * sizeof(cl_item) + sizeof(double) - 1) / sizeof(double);
  ids = (const cl_item *)b->p;
  for (i = 0; i < n; i++) {
    m = cl_world_lines_count(lw->w, ids[i], has_box ? &box : NULL);
    if (m > SIZE_MAX / (6 * sizeof(double)) - total - 2 - off)
      return luaL_error(L, "not enough memory");
    total += m;
  }
  if (n > 0 && ((size_t)n > (SIZE_MAX / sizeof(double) - 6 * total - off) / 2
                || !l_box_room(b, (off + 6 * total + 2 * (size_t)n) * sizeof(double))))
    return luaL_error(L, "not enough memory");
  if (n > 0) {
    double *p = (double *)b->p + off, *own = p + 6 * total;
    ids = (const cl_item *)b->p;
    for (i = 0; i < n; i++) {
      m = cl_world_lines_fill(lw->w, ids[i], has_box ? &box : NULL, p);
      p += 6 * m;
      own[2 * i] = cl_item_slot(ids[i]);
      own[2 * i + 1] = (double)m;
    }
  }
  l_push_lines(L, n > 0 ? (const double *)b->p + off : NULL, n > 0 ? total : 0);
  lua_createtable(L, n > 0 && total <= (size_t)INT_MAX ? (int)total : 0, 0);
  owners = lua_gettop(L);
  lua_rawgeti(L, a, SLOT_ITEMS);
  /* (the box is this call's alone: a finalizer run by the tables takes
  ** another) */
  for (i = 0; i < n; i++) {
    const double *own = (const double *)b->p + off + 6 * total + 2 * i;
    int e;
    for (e = 0; e < (int)own[1]; e++) {
      lua_rawgeti(L, owners + 1, (lua_Integer)own[0] + 1);
      lua_rawseti(L, owners, ++j);
    }
  }
  lua_pop(L, 1);
  give_back(L, lw, b, a, a + 1);
  return 2;
}

/* ---- move ---- */

/* pushes what keeps the data of item id's hull or compound alive (the
** storage its placement points at), or nil for the other kinds: a move
** works on a copy of the item's shape, and a filter may give the shape
** new points (h:set, k:set) and collect the old ones. a: the world's
** anchor. */
void l_push_mover_data(lua_State *L, const cl_world *w, int a, int id) {
  int kind = -1;
  (void)cl_world_shape(w, L_ID(w, id), &kind);
  if (kind != CL_HULL && kind != CL_COMPOUND) {
    lua_pushnil(L);
    return;
  }
  lua_rawgeti(L, a, SLOT_SHAPES);
  lua_rawgeti(L, -1, id + 1);
  l_hull_push_data(L, -1);
  lua_replace(L, -3);
  lua_pop(L, 1);
}

static const char *const type_names[] = {"", "slide", "touch", "cross", "bounce"};

/* the record of one collision, the mover and the other item on the top
** of the stack (popped) */
void l_push_collision(lua_State *L, const cl_world_collision *col) {
  lua_createtable(L, 0, 10);
  lua_insert(L, -3);
  lua_setfield(L, -3, "other");
  lua_setfield(L, -2, "item");
  lua_pushstring(L, type_names[col->type]);
  lua_setfield(L, -2, "type");
  set_num(L, "t", col->t);
  set_num(L, "nx", col->n[0]); set_num(L, "ny", col->n[1]); set_num(L, "nz", col->n[2]);
  set_num(L, "x", col->p[0]); set_num(L, "y", col->p[1]); set_num(L, "z", col->p[2]);
  if (col->material >= 0) {
    lua_pushinteger(L, (lua_Integer)col->material);
    lua_setfield(L, -2, "material");
  }
  if (col->pushes) {
    lua_createtable(L, 3, 0);
    lua_pushnumber(L, col->pushed[0] + 0.0);
    lua_rawseti(L, -2, 1);
    lua_pushnumber(L, col->pushed[1] + 0.0);
    lua_rawseti(L, -2, 2);
    lua_pushnumber(L, col->pushed[2] + 0.0);
    lua_rawseti(L, -2, 3);
    lua_setfield(L, -2, "pushed");
  }
}

/* room for the collisions of one move: each other item is crossed at most
** once, then the pushes and the solid contacts of every pass */
static int cols_need(const cl_world *w) {
  return cl_world_move_room(w);
}

void l_busy_error(lua_State *L, const char *busy) {
  luaL_where(L, 2);
  lua_pushfstring(L, "cannot change a scene during its %s", busy);
  lua_concat(L, 2);
  lua_error(L);
}

void l_check_moving(lua_State *L, const l_world *lw, int i, int arg, const char *prefix) {
  int id, a, kind;
  const char *busy = cl_world_busy(lw->w);
  if (busy != NULL) l_busy_error(L, busy);
  l_check_item(L, i);
  a = l_world_anchor(L);
  id = lookup_at(L, a, i);
  if (id < 0) l_argerror(L, arg, "item not in the scene");
  if (!cl_world_item_moves(lw->w, L_ID(lw->w, id))) {
    (void)cl_world_shape(lw->w, L_ID(lw->w, id), &kind);
    if (kind == CL_COMPOUND) {
      lua_pushliteral(L, "compound with a triangle child");
    } else {
      lua_rawgeti(L, a, SLOT_SHAPES);
      lua_rawgeti(L, -1, id + 1);
      lua_pushstring(L, l_typename(L, -1));
    }
    l_argerror(L, arg, lua_pushfstring(L, "%sitem with " MOVER_KINDS " shape expected, got %s",
                                       prefix != NULL ? prefix : "", lua_tostring(L, -1)));
  }
  lua_settop(L, a - 1);
}

/* scene:move(item, dx, dy, dz | vector, [response | mask | filter table])
** -> mx, my, mz, collisions; nothing moves when an argument is refused.
** A filter table's mask, exclude and filter leave items out, its response
** answers for the others. */
static int w_move(lua_State *L) {
  l_world *lw = l_scene_world(L, "move");
  int id, n, r, k, out, a, table, fi;
  double d[3], moved[3];
  cl_world_filter f;
  l_call c;
  l_box *b;
  cl_world_collisions cols;
  const cl_world_collision *col;
  /* refused before anything moves while a filter runs (a move changes
  ** the scene: its item's shape in place, then the tree) */
  l_check_moving(L, lw, 2, 2, NULL);
  fi = l_readvec(L, 3, d);                         /* the filter after the motion */
  lua_settop(L, fi);
  check_filter(L, fi, 1);
  lua_settop(L, 6);
  if (fi != 6) {
    lua_pushvalue(L, fi);
    lua_replace(L, 6);
  }
  lua_settop(L, 7);
  if (lua_istable(L, 6)) lua_getfield(L, 6, "response");   /* 8: the response */
  else if (lua_isfunction(L, 6)) lua_pushvalue(L, 6);
  else lua_pushnil(L);
  a = l_world_anchor(L);                           /* 9 */
  b = take_box(L, lw, a);                          /* 10; may run finalizers */
  l_call_begin(L, &c, 6, a);                       /* 11, 12 */
  c.response = 8;
  /* a table's filter is put at 6 and keeps items; a function alone is
  ** the response */
  table = lua_istable(L, 6);
  filter_arg(L, lw->w, 6, &f, &c);
  if (!table) f.keep = NULL;
  c.nf = fi - 1;
  c.fname = "move";
  lua_newtable(L);                                 /* 12: the collisions (may run finalizers) */
  out = lua_gettop(L);
  if (cl_world_busy(lw->w) != NULL) l_busy_error(L, cl_world_busy(lw->w));
  id = lookup_at(L, a, 2);
  if (id < 0) l_argerror(L, 2, "item not in the scene");
  if (!l_box_room(b, (size_t)cols_need(lw->w) * sizeof(cl_world_collision)))
    return luaL_error(L, "not enough memory");
  cols.c = (cl_world_collision *)b->p;
  cols.max = cols_need(lw->w);
  cols.n = 0;
  l_push_mover_data(L, lw->w, a, id);              /* 13: the data the move's copy reads */
  r = cl_world_move(lw->w, L_ID(lw->w, id), d, &f, lua_isnil(L, 8) ? NULL : respond, &c, moved, &cols);
  if (r == CL_NOT_MOVER) {
    l_push_slot(L, 1, SLOT_SHAPES);
    lua_rawgeti(L, -1, id + 1);
    l_argerror(L, 2, lua_pushfstring(L, "item with " MOVER_KINDS " shape expected, got %s",
                                     l_typename(L, -1)));
  }
  /* a free motion whose end overflows (a shape near 1e308 moved by
  ** 1e308) is refused, as shape:translate refuses it, at the motion */
  if (r == CL_NOT_FINITE) l_argerror(L, 3, "result is not finite");
  l_call_end(L, &c, r);
  l_moved(lw, id);
  n = cols.n < cols.max ? cols.n : cols.max;
  lua_pushnumber(L, moved[0] + 0.0);
  lua_pushnumber(L, moved[1] + 0.0);
  lua_pushnumber(L, moved[2] + 0.0);
  /* the other items put in the array before anything is allocated (a
  ** raw set grows a table without running the collector), each then
  ** replaced by its record */
  col = (const cl_world_collision *)b->p;
  if (col == NULL) n = 0;                          /* (box_room gave it room) */
  for (k = 0; k < n; k++) {
    lua_rawgeti(L, c.items, L_KEY(col[k].other));
    lua_rawseti(L, out, k + 1);
  }
  for (k = 0; k < n; k++) {
    lua_pushvalue(L, 2);
    lua_rawgeti(L, out, k + 1);
    l_push_collision(L, &col[k]);
    lua_rawseti(L, out, k + 1);
  }
  lua_pushvalue(L, out);                           /* after mx, my, mz */
  give_back(L, lw, b, a, a + 1);
  return 4;
}

static const luaL_Reg world_methods[] = {
  {"next", w_next},
  {NULL, NULL}
};
/* the scene's methods that are this file's (scene_world) */
static const luaL_Reg scene_methods[] = {
  {"add", w_add}, {"update", w_update}, {"remove", w_remove}, {"set", w_set},
  {"options", w_options}, {"roles", w_roles}, {"mass", w_mass}, {"has", w_has},
  {"shape", w_shape},
  {"tree", w_tree}, {"memory", w_memory}, {"sync", w_sync}, {"count", w_count},
  {"events", w_events},
  {"sweep", w_sweep}, {"sweep_all", w_sweep_all}, {"move", w_move},
  {"raycast", w_raycast}, {"raycast_all", w_raycast_all}, {"query", w_query},
  {"query_frustum", w_query_frustum}, {"nearest", w_nearest}, {"pairs", w_pairs},
  {"lines", w_lines}, {NULL, NULL}
};

/* _world.scene(Scene, worlds): the scene's methods of this file put in
** Scene, each with the binding's upvalues, Scene and worlds (the table of
** each scene's world, by scene) */
static int f_scene(lua_State *L) {
  int k, pass;
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_settop(L, 2);
  for (pass = 0; pass < 2; pass++) {
    lua_pushvalue(L, 1);                           /* Scene under the upvalues */
    for (k = 1; k <= L_NUPVALUES; k++) lua_pushvalue(L, lua_upvalueindex(k));
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    luaL_setfuncs(L, pass == 0 ? scene_methods : l_snapshot_methods, L_NUPVALUES + 2);
    lua_pop(L, 1);
  }
  return 0;
}

static const luaL_Reg world_functions[] = {
  {"world", f_world}, {"scene", f_scene}, {"character", l_character_methods},
  {NULL, NULL}
};

void l_world_open(lua_State *L, int mts) {
  int k;
  luaL_newmetatable(L, MT_BOX);
  lua_pushcfunction(L, box_gc);
  lua_setfield(L, -2, "__gc");
  lua_pushliteral(L, "collide.world_box");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);
  luaL_newmetatable(L, MT_WORLD);
  lua_pushcfunction(L, w_gc);
  lua_setfield(L, -2, "__gc");
  lua_newtable(L);
  for (k = 0; k < L_NUPVALUES; k++) lua_pushvalue(L, mts + k);
  luaL_setfuncs(L, world_methods, L_NUPVALUES);
  lua_setfield(L, -2, "__index");
  lua_pushliteral(L, "collide.world");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);
  l_character_open(L);
  l_snapshot_open(L, mts);
  lua_newtable(L);
  for (k = 0; k < L_NUPVALUES; k++) lua_pushvalue(L, mts + k);
  luaL_setfuncs(L, world_functions, L_NUPVALUES);
  lua_setfield(L, -2, "_world");
}
