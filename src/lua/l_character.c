/*
** l_character.c - the binding of the character (cl_character_*, include/
** collide/world.h) under collide.character (lua/collide/character.lua):
** w:character makes a character walking an item of the scene, whose
** state:move, collisions, floor_motion and floor_material this file
** answers. Its anchor keeps its world, its item, its filter and the other
** items of its last move's collisions; the rules of l_world.c on Lua code
** running in the middle of a call hold here too.
*/
#include "fp.h"
#include <stddef.h>
#include "l_collide.h"
#include "l_world.h"

#define MT_CHARACTER "collide.character_state"

/* a character's anchor */
#define CSLOT_WORLD 1        /* its world's userdata */
#define CSLOT_ITEM 2         /* its item */
#define CSLOT_OTHERS 3       /* the other items of its last move's collisions */
#define CSLOT_ITEMS 4        /* its world's items by id + 1 */
#define CSLOT_IDS 5          /* its world's ids by item */
#define CSLOT_FILTER 6       /* its filter, or nil */

typedef struct {
  cl_character *ch;
  l_world *lw;               /* its world (kept alive in the anchor) */
  int ncols;                 /* the last move's collisions */
  int filtered;              /* it has a filter (in its anchor) */
  l_call *call;              /* the call asking its filter, or NULL */
} l_character;

static int c_gc(lua_State *L) {
  l_character *lc = (l_character *)luaL_checkudata(L, 1, MT_CHARACTER);
  cl_character_delete(lc->ch);
  lc->ch = NULL;
  return 0;
}

/* a character's filter: that of the call running (none: every item) */
static int character_keep(void *ud, int id) {
  l_character *lc = (l_character *)ud;
  return lc->call != NULL ? l_keep_item(lc->call, id) : 1;
}

/* pushes on_floor, on_wall, on_ceiling, nx, ny, nz, the floor's item (or
** false) */
static void push_flags(lua_State *L, const cl_character *ch, int items) {
  double n[3] = {0, 0, 0};
  int floor = cl_character_floor_item(ch), on = cl_character_floor_normal(ch, n);
  lua_pushboolean(L, on);
  lua_pushboolean(L, cl_character_on_wall(ch));
  lua_pushboolean(L, cl_character_on_ceiling(ch));
  l_pushvec(L, n);
  if (floor >= 0) lua_rawgeti(L, items, floor + 1); else lua_pushboolean(L, 0);
}

/* w:character(item, ux, uy, uz, step, slope, skin, snap, mask, [filter])
** -> its state and the flags as push_flags gives them (the floor it
** stands on from the start), or nil and why; the filter's error raised */
int l_world_character(lua_State *L) {
  l_world *lw = l_check_world(L);
  cl_character_options o;
  l_character *lc;
  l_call c;
  int id, a;
  l_check_item(L, 2);
  cl_character_options_init(&o);
  o.up[0] = luaL_checknumber(L, 3); o.up[1] = luaL_checknumber(L, 4);
  o.up[2] = luaL_checknumber(L, 5);
  o.step_height = luaL_checknumber(L, 6);
  o.max_slope = luaL_checknumber(L, 7);
  o.skin = luaL_checknumber(L, 8);
  o.snap = luaL_checknumber(L, 9);
  o.mask = (uint32_t)luaL_checkinteger(L, 10);
  lua_settop(L, 11);
  lc = (l_character *)COLLIDE_NEWUD(L, sizeof(l_character));   /* 12 */
  lc->ch = NULL;
  lc->lw = lw;
  lc->ncols = 0;
  lc->filtered = !lua_isnil(L, 11);
  lc->call = NULL;
  luaL_getmetatable(L, MT_CHARACTER);
  lua_setmetatable(L, 12);
  lua_createtable(L, 6, 0);
  lua_pushvalue(L, 1);
  lua_rawseti(L, -2, CSLOT_WORLD);
  lua_pushvalue(L, 2);
  lua_rawseti(L, -2, CSLOT_ITEM);
  lua_newtable(L);
  lua_rawseti(L, -2, CSLOT_OTHERS);
  l_push_slot(L, 1, SLOT_ITEMS);
  lua_rawseti(L, -2, CSLOT_ITEMS);
  l_push_slot(L, 1, SLOT_IDS);
  lua_rawseti(L, -2, CSLOT_IDS);
  lua_pushvalue(L, 11);
  lua_rawseti(L, -2, CSLOT_FILTER);
  l_setanchor(L, 12);
  id = l_lookup(L, 2);
  if (id < 0) return l_refuse(L, "absent");
  a = l_world_anchor(L);                           /* 13 */
  l_call_begin(L, &c, 11, a);                      /* 14, 15 */
  if (lc->filtered) {
    o.keep = character_keep;
    o.keep_ud = lc;
    lc->call = &c;
  }
  lc->ch = cl_character_new(lw->w, id, &o);
  lc->call = NULL;
  if (lc->ch == NULL) {
    if (!cl_world_item_moves(lw->w, id)) return l_refuse(L, "shape");
    if (cl_world_role(lw->w, id) & CL_WORLD_SENSOR) return l_refuse(L, "sensor");
    l_call_end(L, &c, CL_STOPPED);                 /* the filter's error */
    return luaL_error(L, "not enough memory");
  }
  lua_pushvalue(L, 12);
  push_flags(L, lc->ch, c.items);
  return 8;
}

static l_character *check_character(lua_State *L) {
  l_character *lc = (l_character *)luaL_checkudata(L, 1, MT_CHARACTER);
  if (lc->ch == NULL) luaL_error(L, "not enough memory");
  return lc;
}

/* state:move(dx, dy, dz) -> mx, my, mz and the flags as push_flags gives
** them; nil and why ("args": dx, dy, dz are not three finite numbers;
** "busy", "absent", "shape", "finite") when nothing moved. The caller
** names the arguments' errors by its rules. The character's filter is
** asked through l_keep_item; its error is raised (nothing moved). */
static int c_move(lua_State *L) {
  l_character *lc = check_character(L);
  l_world *lw = lc->lw;
  double d[3], moved[3];
  int k, r, n, id, a;
  const cl_world_collision *cols;
  l_call c;
  for (k = 0; k < 3; k++) {
    if (lua_type(L, 2 + k) != LUA_TNUMBER) return l_refuse(L, "args");
    d[k] = lua_tonumber(L, 2 + k);
    if (d[k] - d[k] != 0) return l_refuse(L, "args");
  }
  if (cl_world_busy(lw->w) != NULL) return l_refuse(L, "busy");
  lua_settop(L, 1);
  l_getanchor(L, 1);                               /* 2 */
  a = 2;
  lua_rawgeti(L, a, CSLOT_ITEMS);                  /* 3 */
  if (lc->filtered) lua_rawgeti(L, a, CSLOT_FILTER); else lua_pushnil(L);  /* 4 */
  lua_pushnil(L);                                  /* 5: the filter's error */
  lua_rawgeti(L, a, CSLOT_WORLD);
  l_getanchor(L, 6);
  lua_replace(L, 6);                               /* 6: the world's anchor */
  /* 7: the data of the item's hull or compound, which the move's copy
  ** reads while the filter may replace them */
  l_push_mover_data(L, lw->w, 6, cl_character_item(lc->ch));
  c.L = L; c.filter = 4; c.items = 3; c.err = 5; c.nf = 0; c.fname = NULL;
  lc->call = &c;
  r = cl_character_move(lc->ch, d, moved);
  if (r == CL_NOT_ITEM) {                          /* removed, or added again */
    lua_rawgeti(L, a, CSLOT_IDS);                  /* 8 */
    lua_rawgeti(L, a, CSLOT_ITEM);                 /* 9 */
    id = l_id_of(L, 8, 9);
    lua_settop(L, 6);
    if (id < 0) { lc->call = NULL; return l_refuse(L, "absent"); }
    cl_character_retarget(lc->ch, id);
    l_push_mover_data(L, lw->w, 6, id);            /* 7 */
    r = cl_character_move(lc->ch, d, moved);
  }
  lc->call = NULL;
  if (r == CL_NOT_MOVER) {
    id = cl_character_item(lc->ch);
    return l_refuse(L, (cl_world_role(lw->w, id) & CL_WORLD_SENSOR) ? "sensor" : "shape");
  }
  if (r == CL_NOT_FINITE) return l_refuse(L, "finite");
  if (r == CL_STOPPED) lc->ncols = 0;              /* (the character has none) */
  l_call_end(L, &c, r);                            /* the filter's error; no memory */
  l_moved(lw, cl_character_item(lc->ch));
  /* the other items of the collisions, kept for ch:collisions() */
  cols = cl_character_collisions(lc->ch, &n);
  if (n > 0 || lc->ncols > 0) {
    lua_rawgeti(L, a, CSLOT_OTHERS);               /* 8 */
    for (k = 0; k < n; k++) {
      lua_rawgeti(L, 3, cols[k].other + 1);
      lua_rawseti(L, 8, k + 1);
    }
    for (k = n; k < lc->ncols; k++) {              /* the last move's extra ones */
      lua_pushnil(L);
      lua_rawseti(L, 8, k + 1);
    }
  }
  lc->ncols = n;
  lua_pushnumber(L, moved[0] + 0.0);
  lua_pushnumber(L, moved[1] + 0.0);
  lua_pushnumber(L, moved[2] + 0.0);
  push_flags(L, lc->ch, 3);
  return 10;
}

/* state:floor_motion() -> dx, dy, dz, angle: the carry of the last move,
** its translation and its turn about up */
static int c_floor_motion(lua_State *L) {
  l_character *lc = check_character(L);
  double d[3];
  cl_character_floor_motion(lc->ch, d);
  lua_pushnumber(L, d[0] + 0.0);
  lua_pushnumber(L, d[1] + 0.0);
  lua_pushnumber(L, d[2] + 0.0);
  lua_pushnumber(L, cl_character_floor_turn(lc->ch) + 0.0);
  return 4;
}

/* state:floor_material() -> the material of the floor's triangle, or nil */
static int c_floor_material(lua_State *L) {
  l_character *lc = check_character(L);
  long long m = cl_character_floor_material(lc->ch);
  if (m < 0) lua_pushnil(L);
  else lua_pushinteger(L, (lua_Integer)m);
  return 1;
}

/* state:collisions(item) -> the last move's collisions, as w:move gives
** them, item the character's */
static int c_collisions(lua_State *L) {
  l_character *lc = check_character(L);
  const cl_world_collision *cols;
  cl_world_collision *copy;
  l_box *b;
  int k, n;
  lua_settop(L, 2);
  l_getanchor(L, 1);
  lua_rawgeti(L, -1, CSLOT_OTHERS);                /* 4 */
  /* the box of the copy (5) and the array (6) made first: a finalizer
  ** they run may move the character, which rewrites its collisions (and
  ** may move them) and the other items; then both are copied with no Lua
  ** code in between, and the records are made from the copies */
  b = (l_box *)COLLIDE_NEWUD(L, sizeof(l_box));
  b->p = NULL;
  b->size = 0;
  luaL_getmetatable(L, MT_BOX);
  lua_setmetatable(L, 5);
  lua_newtable(L);
  cols = cl_character_collisions(lc->ch, &n);
  if (n > lc->ncols) n = lc->ncols;
  if (n < 0) n = 0;
  copy = n > 0 && l_box_room(b, (size_t)n * sizeof *cols) ? (cl_world_collision *)b->p : NULL;
  if (n > 0 && copy == NULL) return luaL_error(L, "not enough memory");
  for (k = 0; k < n; k++) {                        /* (a raw set runs no collector) */
    copy[k] = cols[k];
    lua_rawgeti(L, 4, k + 1);
    lua_rawseti(L, 6, k + 1);
  }
  for (k = 0; k < n; k++) {
    lua_pushvalue(L, 2);
    lua_rawgeti(L, 6, k + 1);
    l_push_collision(L, &copy[k]);
    lua_rawseti(L, 6, k + 1);
  }
  return 1;
}


static const luaL_Reg character_methods[] = {
  {"move", c_move}, {"collisions", c_collisions}, {"floor_motion", c_floor_motion},
  {"floor_material", c_floor_material},
  {NULL, NULL}
};

void l_character_open(lua_State *L) {
  luaL_newmetatable(L, MT_CHARACTER);
  lua_pushcfunction(L, c_gc);
  lua_setfield(L, -2, "__gc");
  lua_newtable(L);
  luaL_setfuncs(L, character_methods, 0);
  lua_setfield(L, -2, "__index");
  lua_pushliteral(L, "collide.character_state");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);
}
