/*
** l_character.c - the binding of the character (cl_character_*, include/
** collide/world.h) under collide.character (lua/collide/character.lua):
** the constructor collide.character, which checks the scene, the item and
** every option and makes a character walking an item of the scene, and
** the methods ch:move and the state's collisions, floor_motion and
** floor_material. Every argument is checked here and raised in the
** standard form. A state's anchor keeps its world, its item, its filter
** and the other items of its last move's collisions; the rules of
** l_world.c on Lua code running in the middle of a call hold here too.
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
static int character_keep(void *ud, cl_item id) {
  l_character *lc = (l_character *)ud;
  return lc->call != NULL ? l_keep_item(lc->call, id) : 1;
}

/* pushes on_floor, on_wall, on_ceiling, nx, ny, nz, the floor's item (or
** false) */
static void push_flags(lua_State *L, const cl_character *ch, int items) {
  double n[3] = {0, 0, 0};
  cl_item floor = cl_character_floor_item(ch);
  int on = cl_character_floor_normal(ch, n);
  lua_pushboolean(L, on);
  lua_pushboolean(L, cl_character_on_wall(ch));
  lua_pushboolean(L, cl_character_on_ceiling(ch));
  l_pushvec(L, n);
  if (floor >= 0) lua_rawgeti(L, items, L_KEY(floor)); else lua_pushboolean(L, 0);
}

/* push_flags's values written in the fields of the character at ch, each
** under its key in keys (KEY_* order), raw: what ch:move leaves for the
** accessors */
static void store_flags(lua_State *L, const cl_character *c, int items, int ch, int keys) {
  double n[3] = {0, 0, 0};
  cl_item floor = cl_character_floor_item(c);
  int on = cl_character_floor_normal(c, n), k;
  lua_rawgeti(L, keys, 1);
  lua_pushboolean(L, on);
  lua_rawset(L, ch);
  lua_rawgeti(L, keys, 2);
  lua_pushboolean(L, cl_character_on_wall(c));
  lua_rawset(L, ch);
  lua_rawgeti(L, keys, 3);
  lua_pushboolean(L, cl_character_on_ceiling(c));
  lua_rawset(L, ch);
  for (k = 0; k < 3; k++) {
    lua_rawgeti(L, keys, 4 + k);
    lua_pushnumber(L, n[k] + 0.0);
    lua_rawset(L, ch);
  }
  lua_rawgeti(L, keys, 7);
  if (floor >= 0) lua_rawgeti(L, items, L_KEY(floor)); else lua_pushboolean(L, 0);
  lua_rawset(L, ch);
}

/* the refusals of new_state */
#define NEW_ABSENT 1
#define NEW_SHAPE 2
#define NEW_SENSOR 3

/* a character's state on the world at b + 1, for the item at b + 2,
** from the options at b + 3 .. b + 10 (up, step_height, max_slope, skin,
** snap, mask; checked) and the filter at b + 11, or nil: 0 and its
** state and the flags as push_flags gives them (the floor it stands on
** from the start) pushed, or a refusal (NEW_ABSENT, NEW_SHAPE,
** NEW_SENSOR); the filter's error raised */
static int new_state(lua_State *L, int b, double push) {
  l_world *lw = (l_world *)luaL_checkudata(L, b + 1, MT_WORLD);
  cl_character_options o;
  l_character *lc;
  l_call c;
  int id, a, k, st;
  cl_character_options_init(&o);
  for (k = 0; k < 3; k++) o.up[k] = lua_tonumber(L, b + 3 + k);
  o.step_height = lua_tonumber(L, b + 6);
  o.max_slope = lua_tonumber(L, b + 7);
  o.skin = lua_tonumber(L, b + 8);
  o.snap = lua_tonumber(L, b + 9);
  o.mask = (uint32_t)lua_tonumber(L, b + 10);
  o.push = push;
  lua_settop(L, b + 11);
  lc = (l_character *)COLLIDE_NEWUD(L, sizeof(l_character));   /* b + 12 */
  st = b + 12;
  lc->ch = NULL;
  lc->lw = lw;
  lc->ncols = 0;
  lc->filtered = !lua_isnil(L, b + 11);
  lc->call = NULL;
  luaL_getmetatable(L, MT_CHARACTER);
  lua_setmetatable(L, st);
  lua_createtable(L, 6, 0);
  lua_pushvalue(L, b + 1);
  lua_rawseti(L, -2, CSLOT_WORLD);
  lua_pushvalue(L, b + 2);
  lua_rawseti(L, -2, CSLOT_ITEM);
  lua_newtable(L);
  lua_rawseti(L, -2, CSLOT_OTHERS);
  l_push_slot(L, b + 1, SLOT_ITEMS);
  lua_rawseti(L, -2, CSLOT_ITEMS);
  l_push_slot(L, b + 1, SLOT_IDS);
  lua_rawseti(L, -2, CSLOT_IDS);
  lua_pushvalue(L, b + 11);
  lua_rawseti(L, -2, CSLOT_FILTER);
  l_setanchor(L, st);
  l_getanchor(L, b + 1);                           /* b + 13: the world's anchor */
  a = lua_gettop(L);
  lua_rawgeti(L, a, SLOT_IDS);
  id = l_id_of(L, lua_gettop(L), b + 2);
  lua_pop(L, 1);
  if (id < 0) return NEW_ABSENT;
  l_call_begin(L, &c, b + 11, a);                  /* b + 14, b + 15 */
  if (lc->filtered) {
    o.keep = character_keep;
    o.keep_ud = lc;
    lc->call = &c;
  }
  lc->ch = cl_character_new(lw->w, L_ID(lw->w, id), &o);
  lc->call = NULL;
  if (lc->ch == NULL) {
    if (!cl_world_item_moves(lw->w, L_ID(lw->w, id))) return NEW_SHAPE;
    if (cl_world_role(lw->w, L_ID(lw->w, id)) & CL_WORLD_SENSOR) return NEW_SENSOR;
    l_call_end(L, &c, CL_STOPPED);                 /* the filter's error */
    return luaL_error(L, "not enough memory");
  }
  lua_pushvalue(L, st);
  push_flags(L, lc->ch, c.items);
  return 0;
}

static l_character *check_character(lua_State *L) {
  l_character *lc = (l_character *)luaL_checkudata(L, 1, MT_CHARACTER);
  if (lc->ch == NULL) luaL_error(L, "not enough memory");
  return lc;
}

/* the upvalues of the character's methods of this file, after the
** binding's: the Character table and the set of the characters made */
#define UP_CHARACTER (L_NUPVALUES + 1)
#define UP_CHARACTERS (L_NUPVALUES + 2)
/* ch:move's third: the keys of the character's fields it writes, interned
** once (KEY_*: the flags in push_flags's order, then _cols, _moves, _c) */
#define UP_KEYS (L_NUPVALUES + 3)
/* and its fourth, the metatable of a character's state (MT_CHARACTER) */
#define UP_STATE (L_NUPVALUES + 4)
#define KEY_COLS 8
#define KEY_MOVES 9
#define KEY_C 10

/* the shape's error of the character's item id, which cannot move */
static int not_mover(lua_State *L, const l_world *lw, int wa, int id) {
  int kind;
  (void)cl_world_shape(lw->w, L_ID(lw->w, id), &kind);
  if (kind == CL_COMPOUND && !cl_world_item_moves(lw->w, L_ID(lw->w, id))) {
    lua_pushliteral(L, "compound with a triangle child");
  } else {
    lua_rawgeti(L, wa, SLOT_SHAPES);
    lua_rawgeti(L, -1, id + 1);
    lua_pushstring(L, l_typename(L, -1));
  }
  return luaL_error(L, "the character's item no longer has " MOVER_KINDS " shape (got %s)",
                    lua_tostring(L, -1));
}

/* ch:move(dx, dy, dz | vector) -> mx, my, mz: the character (a table, at
** 1) moved by its state (its field _c); the flags of push_flags kept in
** its fields. The character's filter is asked through l_keep_item; its
** error is raised (nothing moved). */
static int ch_move(lua_State *L) {
  l_character *lc;
  l_world *lw;
  double d[3], moved[3];
  int k, r, n, id, a, b;
  const cl_world_collision *cols;
  const char *busy;
  l_call c;
  const int keys = lua_upvalueindex(UP_KEYS);
  lua_pushvalue(L, 1);
  lua_rawget(L, lua_upvalueindex(UP_CHARACTERS));
  if (!lua_toboolean(L, -1))
    return luaL_error(L, "calling 'move' on bad self (collide.character expected, got %s)",
                      lua_isnoneornil(L, 1) ? "nil" : l_typename(L, 1));
  lua_pop(L, 1);
  /* (a filter that raises leaves the character where it was, with no
  ** collisions: forgotten before the call) */
  lua_rawgeti(L, keys, KEY_COLS);
  lua_pushboolean(L, 0);
  lua_rawset(L, 1);
  lua_rawgeti(L, keys, KEY_MOVES);
  lua_pushvalue(L, -1);
  lua_rawget(L, 1);
  lua_pushinteger(L, lua_tointeger(L, -1) + 1);
  lua_replace(L, -2);
  lua_rawset(L, 1);
  (void)l_readvec(L, 2, d);
  lua_settop(L, 1);
  lua_rawgeti(L, keys, KEY_C);
  lua_rawget(L, 1);
  lua_insert(L, 1);                                /* 1: the state, 2: the character */
  lc = NULL;
  if (lua_getmetatable(L, 1)) {
    if (lua_rawequal(L, -1, lua_upvalueindex(UP_STATE))) lc = (l_character *)lua_touserdata(L, 1);
    lua_pop(L, 1);
  }
  if (lc == NULL || lc->ch == NULL) lc = check_character(L);   /* raises */
  lw = lc->lw;
  busy = cl_world_busy(lw->w);
  if (busy != NULL) return luaL_error(L, "cannot change a scene during its %s", busy);
  b = 2;
  l_getanchor(L, 1);                               /* b + 1 */
  a = b + 1;
  lua_rawgeti(L, a, CSLOT_ITEMS);                  /* b + 2 */
  if (lc->filtered) lua_rawgeti(L, a, CSLOT_FILTER); else lua_pushnil(L);  /* b + 3 */
  lua_pushnil(L);                                  /* b + 4: the filter's error */
  lua_rawgeti(L, a, CSLOT_WORLD);
  l_getanchor(L, b + 5);
  lua_replace(L, b + 5);                           /* b + 5: the world's anchor */
  /* b + 6: the data of the item's hull or compound, which the move's copy
  ** reads while the filter may replace them */
  l_push_mover_data(L, lw->w, b + 5, cl_item_slot(cl_character_item(lc->ch)));
  c.L = L; c.filter = b + 3; c.items = b + 2; c.err = b + 4; c.nf = 0; c.fname = NULL;
  lc->call = &c;
  r = cl_character_move(lc->ch, d, moved);
  if (r == CL_NOT_ITEM) {                          /* removed, or added again */
    lua_rawgeti(L, a, CSLOT_IDS);                  /* b + 7 */
    lua_rawgeti(L, a, CSLOT_ITEM);                 /* b + 8 */
    id = l_id_of(L, b + 7, b + 8);
    lua_settop(L, b + 5);
    if (id < 0) {
      lc->call = NULL;
      return luaL_error(L, "the character's item is no longer in its scene");
    }
    (void)cl_character_retarget(lc->ch, L_ID(lw->w, id));
    l_push_mover_data(L, lw->w, b + 5, id);        /* b + 6 */
    r = cl_character_move(lc->ch, d, moved);
  }
  lc->call = NULL;
  if (r == CL_NOT_MOVER) {
    id = cl_item_slot(cl_character_item(lc->ch));
    if (cl_world_role(lw->w, L_ID(lw->w, id)) & CL_WORLD_SENSOR)
      return luaL_error(L, "the character's item is a sensor");
    return not_mover(L, lw, b + 5, id);
  }
  if (r == CL_NOT_FINITE) return l_argerror(L, 2, "result is not finite");
  if (r == CL_STOPPED) lc->ncols = 0;              /* (the character has none) */
  l_call_end(L, &c, r);                            /* the filter's error; no memory */
  l_moved(lw, cl_item_slot(cl_character_item(lc->ch)));
  /* the other items of the collisions, kept for ch:collisions() */
  cols = cl_character_collisions(lc->ch, &n);
  for (k = 0; k < n; k++)
    if (cols[k].pushes) l_moved(lw, cl_item_slot(cols[k].other));  /* (no Lua code runs) */
  if (n > 0 || lc->ncols > 0) {
    lua_rawgeti(L, a, CSLOT_OTHERS);               /* b + 7 */
    for (k = 0; k < n; k++) {
      lua_rawgeti(L, b + 2, L_KEY(cols[k].other));
      lua_rawseti(L, b + 7, k + 1);
    }
    for (k = n; k < lc->ncols; k++) {              /* the last move's extra ones */
      lua_pushnil(L);
      lua_rawseti(L, b + 7, k + 1);
    }
  }
  lc->ncols = n;
  lua_pushnumber(L, moved[0] + 0.0);
  lua_pushnumber(L, moved[1] + 0.0);
  lua_pushnumber(L, moved[2] + 0.0);
  store_flags(L, lc->ch, b + 2, 2, keys);
  return 3;
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
  {"collisions", c_collisions}, {"floor_motion", c_floor_motion},
  {"floor_material", c_floor_material},
  {NULL, NULL}
};

/* ---- collide.character(scene, item, [options]) ---- */

#define UP_SCENE (L_NUPVALUES + 3)
#define UP_WORLDS (L_NUPVALUES + 4)

/* the option at the top, a finite number (kept when nil) */
static double option_number(lua_State *L, const char *name, double v) {
  if (lua_isnil(L, -1)) return v;
  if (lua_type(L, -1) != LUA_TNUMBER)
    l_option_error(L, 3, name, lua_pushfstring(L, "number expected, got %s",
                                               l_typename(L, lua_gettop(L))));
  v = lua_tonumber(L, -1);
  if (v - v != 0)
    l_option_error(L, 3, name, lua_pushfstring(L, "finite number expected, got %s",
                                               v != v ? "nan" : (v > 0 ? "inf" : "-inf")));
  return v;
}

/* a character's filter with exclusions: false for an item of the skip
** table (upvalue 1), else the filter's answer (upvalue 2, or true) */
static int skip_filter(lua_State *L) {
  lua_settop(L, 1);
  lua_pushvalue(L, 1);
  lua_rawget(L, lua_upvalueindex(1));
  if (lua_toboolean(L, -1)) {
    lua_pushboolean(L, 0);
    return 1;
  }
  if (lua_isnil(L, lua_upvalueindex(2))) {
    lua_pushboolean(L, 1);
    return 1;
  }
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_pushvalue(L, 1);
  lua_call(L, 1, 1);
  return 1;
}

static const char *const character_options[] = {"up", "step_height", "max_slope", "skin",
                                                 "snap", "mask", "filter", "push", NULL};

/* the character's filter option at f (a function or a filter table: its
** mask narrows *mask; its exclude and filter become one function), as
** the function or nil the world asks; the world at 1 */
static void character_filter(lua_State *L, int f, uint32_t *mask) {
  int ex, a, n, k;
  if (lua_isnil(L, f) || lua_isfunction(L, f)) return;
  if (!lua_istable(L, f))
    l_option_error(L, 3, "filter", lua_pushfstring(L, "function or table expected, got %s",
                                                   l_typename(L, f)));
  /* sensors is taken and changes nothing: sensors never stop a character */
  l_check_filter_table(L, f, 3, "option 'filter': ", 0);
  lua_getfield(L, f, "mask");
  if (!lua_isnil(L, -1)) *mask &= l_mask_bits(L, lua_gettop(L));
  lua_getfield(L, f, "exclude");
  ex = lua_gettop(L);
  lua_getfield(L, f, "filter");
  if (lua_isnil(L, ex)) {
    lua_replace(L, f);
    lua_pop(L, 2);
    return;
  }
  lua_newtable(L);                                 /* the items skipped */
  lua_pushnil(L);                                  /* (a place holder) */
  l_getanchor(L, 1);
  a = lua_gettop(L);
  if (l_exclude_one(L, ex, a)) {
    lua_pushvalue(L, ex);
    lua_pushboolean(L, 1);
    lua_rawset(L, a - 2);
  } else {
    n = (int)lua_rawlen(L, ex);
    for (k = 1; k <= n; k++) {
      lua_rawgeti(L, ex, k);
      lua_pushboolean(L, 1);
      lua_rawset(L, a - 2);
    }
  }
  lua_settop(L, a - 2);
  lua_insert(L, -2);                               /* skip, filter */
  lua_pushcclosure(L, skip_filter, 2);
  lua_replace(L, f);
  lua_pop(L, 2);
}

/* raises that the item id of the world of the scene at 1 cannot be a
** character's: a compound with a triangle child (compound), else the
** type of its shape */
static int not_character(lua_State *L, int compound, int id) {
  if (compound) {
    lua_pushliteral(L, "compound with a triangle child");
  } else {
    lua_pushvalue(L, 1);
    lua_rawget(L, lua_upvalueindex(UP_WORLDS));
    l_push_slot(L, lua_gettop(L), SLOT_SHAPES);
    lua_rawgeti(L, -1, id + 1);
    lua_pushstring(L, l_typename(L, -1));
  }
  return l_argerror(L, 2, lua_pushfstring(L, "item with " MOVER_KINDS " shape expected, got %s",
                                          lua_tostring(L, -1)));
}

/* collide.character(scene, item, [options]) -> character */
static int ch_new(lua_State *L) {
  double up[3] = {0, 1, 0}, step, slope, skin, snap, push;
  uint32_t mask = CL_WORLD_ALL_BITS;
  int k, n, id, kind, st, ch;
  l_world *lw;
  lua_settop(L, 3);
  if (!lua_getmetatable(L, 1) || !lua_rawequal(L, -1, lua_upvalueindex(UP_SCENE))) {
    lua_settop(L, 3);
    l_typeerror(L, 1, "collide.scene");
  }
  lua_settop(L, 3);
  l_check_item(L, 2);
  lua_pushvalue(L, 1);
  lua_rawget(L, lua_upvalueindex(UP_WORLDS));      /* 4: the world */
  lw = (l_world *)luaL_checkudata(L, 4, MT_WORLD);
  l_push_slot(L, 4, SLOT_IDS);
  id = l_id_of(L, 5, 2);
  lua_settop(L, 4);
  if (id < 0) return l_argerror(L, 2, "item not in the scene");
  (void)cl_world_shape(lw->w, L_ID(lw->w, id), &kind);
  if (kind >= CL_NKINDS || !cl_world_is_mover(kind)) not_character(L, 0, id);
  lua_settop(L, 3);
  if (lua_isnil(L, 3)) {
    lua_newtable(L);
    lua_replace(L, 3);
  }
  if (!lua_istable(L, 3)) l_typeerror(L, 3, "table");
  l_check_keys(L, 3, 3, character_options, 8, "", "option");
  /* up: finite and not zero; the world normalises it (scaled by its
  ** largest component first, so that {0, 1e155, 0}, whose square
  ** overflows, is up) */
  lua_getfield(L, 3, "up");
  if (!lua_isnil(L, -1)) {
    int t = lua_gettop(L), ty = lua_type(L, t);
    if (!((ty == LUA_TTABLE || ty == LUA_TUSERDATA || ty == L_TCDATA) && l_toshape(L, t) == NULL
          && l_tovec(L, t, up)))
      l_option_error(L, 3, "up", lua_pushfstring(L, "vector expected, got %s", l_typename(L, t)));
    for (k = 0; k < 3; k++) {
      lua_pushnumber(L, up[k]);
      (void)option_number(L, "up", 0);
      lua_pop(L, 1);
    }
    if (up[0] == 0 && up[1] == 0 && up[2] == 0) l_option_error(L, 3, "up", "zero vector");
  }
  lua_getfield(L, 3, "step_height");
  step = option_number(L, "step_height", 0.3);
  if (step < 0) l_option_error(L, 3, "step_height", "negative value");
  lua_getfield(L, 3, "max_slope");
  slope = option_number(L, "max_slope", 45);
  if (slope < 0 || slope > 90) l_option_error(L, 3, "max_slope", "not between 0 and 90");
  lua_getfield(L, 3, "skin");
  skin = option_number(L, "skin", 0.01);
  if (!(skin > 0)) l_option_error(L, 3, "skin", "not positive");
  lua_getfield(L, 3, "snap");
  snap = option_number(L, "snap", step);
  if (snap < 0) l_option_error(L, 3, "snap", "negative value");
  lua_getfield(L, 3, "mask");
  (void)l_option_bits(L, 3, "mask", &mask);
  lua_getfield(L, 3, "push");
  push = option_number(L, "push", 0);
  if (push < 0) l_option_error(L, 3, "push", "negative value");
  lua_settop(L, 3);
  /* the state: w:character(item, ux, uy, uz, step, slope, skin, snap,
  ** mask, filter), the world probing for the floor below, asking the
  ** filter */
  lua_pushvalue(L, 1);
  lua_rawget(L, lua_upvalueindex(UP_WORLDS));      /* 4: the world */
  lua_pushvalue(L, 2);                             /* 5: the item */
  for (k = 0; k < 3; k++) lua_pushnumber(L, up[k]);
  lua_pushnumber(L, step);
  lua_pushnumber(L, slope);
  lua_pushnumber(L, skin);
  lua_pushnumber(L, snap);                         /* 12 */
  lua_getfield(L, 3, "filter");                    /* 13 */
  /* (character_filter reads the world at 1: put there for it) */
  lua_pushvalue(L, 4);
  lua_insert(L, 1);
  character_filter(L, 14, &mask);
  lua_remove(L, 1);
  lua_pushnumber(L, (lua_Number)mask);             /* 14 */
  lua_insert(L, 13);                               /* the mask, then the filter */
  n = new_state(L, 3, push);                       /* 17..24: the state and its flags */
  if (n == NEW_ABSENT) return l_argerror(L, 2, "item not in the scene");
  if (n == NEW_SENSOR) return l_argerror(L, 2, "item is a sensor");
  if (n == NEW_SHAPE) {
    /* (the filter may have changed the scene: the item looked up again) */
    l_push_slot(L, 4, SLOT_IDS);
    id = l_id_of(L, lua_gettop(L), 2);
    if (id < 0) return l_argerror(L, 2, "item not in the scene");
    (void)cl_world_shape(lw->w, L_ID(lw->w, id), &kind);
    return not_character(L, kind == CL_COMPOUND, id);
  }
  st = lua_gettop(L) - 7;
  /* the character: its scene, item and state, the flags of its last move,
  ** its collisions built when asked (false: not yet) and the moves begun,
  ** so that collisions built across a move (a finalizer's) are not kept
  ** for the next */
  lua_createtable(L, 0, 12);
  ch = lua_gettop(L);
  lua_pushvalue(L, 1);
  lua_setfield(L, ch, "_scene");
  lua_pushvalue(L, 2);
  lua_setfield(L, ch, "_item");
  lua_pushvalue(L, st);
  lua_setfield(L, ch, "_c");
  {
    static const char *const flags[] = {"_floor", "_wall", "_ceiling", "_fx", "_fy", "_fz", "_on"};
    for (n = 0; n < 7; n++) {
      lua_pushvalue(L, st + 1 + n);
      lua_setfield(L, ch, flags[n]);
    }
  }
  lua_pushboolean(L, 0);
  lua_setfield(L, ch, "_cols");
  lua_pushinteger(L, 0);
  lua_setfield(L, ch, "_moves");
  lua_pushvalue(L, lua_upvalueindex(UP_CHARACTER));
  lua_setmetatable(L, ch);
  lua_pushvalue(L, ch);
  lua_pushboolean(L, 1);
  lua_rawset(L, lua_upvalueindex(UP_CHARACTERS));
  l_getanchor(L, 4);
  l_character_made(L, lua_gettop(L), ch);
  lua_pop(L, 1);
  lua_pushvalue(L, ch);
  return 1;
}

/* ---- characters in a snapshot (l_snapshot.c) ---- */

void l_character_made(lua_State *L, int a, int ch) {
  lua_Integer n;
  l_push_weak_slot(L, a, SLOT_CHARS);
  lua_rawgeti(L, -1, 0);                           /* the last number given */
  n = lua_tointeger(L, -1) + 1;
  lua_pop(L, 1);
  lua_pushinteger(L, n);
  lua_rawseti(L, -2, 0);
  lua_pushvalue(L, ch);
  lua_pushinteger(L, n);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

/* the state of the character at i, NULL when it is none */
static l_character *state_of(lua_State *L, int i) {
  l_character *lc = NULL;
  if (lua_type(L, i) != LUA_TTABLE) return NULL;
  lua_pushliteral(L, "_c");
  lua_rawget(L, i);
  if (lua_getmetatable(L, -1)) {
    luaL_getmetatable(L, MT_CHARACTER);
    if (lua_rawequal(L, -1, -2)) lc = (l_character *)lua_touserdata(L, -3);
    lua_pop(L, 2);
  }
  lua_pop(L, 1);
  return lc;
}

cl_character *l_character_of(lua_State *L, int i) {
  l_character *lc = state_of(L, i);
  return lc != NULL ? lc->ch : NULL;
}

/* the saved table: the character, its collisions' other items, their
** number */
void l_character_save(lua_State *L, int i) {
  l_character *lc = state_of(L, i);
  int k, n = lc != NULL ? lc->ncols : 0;
  luaL_checkstack(L, 8, NULL);
  lua_createtable(L, 3, 0);
  lua_pushvalue(L, i);
  lua_rawseti(L, -2, 1);
  lua_createtable(L, n, 0);
  if (n > 0) {
    lua_pushliteral(L, "_c");
    lua_rawget(L, i);
    l_getanchor(L, lua_gettop(L));
    lua_rawgeti(L, -1, CSLOT_OTHERS);
    for (k = 1; k <= n; k++) {
      lua_rawgeti(L, -1, k);
      lua_rawseti(L, -5, k);
    }
    lua_pop(L, 3);
  }
  lua_rawseti(L, -2, 2);
  lua_pushinteger(L, n);
  lua_rawseti(L, -2, 3);
}

void l_character_load(lua_State *L, int i, int t) {
  static const char *const flags[] = {"_floor", "_wall", "_ceiling", "_fx", "_fy", "_fz", "_on"};
  l_character *lc = state_of(L, i);
  int k, n, old, top = lua_gettop(L);
  if (lc == NULL || lc->ch == NULL) return;
  luaL_checkstack(L, 16, NULL);
  lua_rawgeti(L, t, 3);
  n = (int)lua_tointeger(L, -1);
  old = lc->ncols;
  lua_rawgeti(L, t, 2);                            /* top + 2 */
  lua_pushliteral(L, "_c");
  lua_rawget(L, i);
  l_getanchor(L, lua_gettop(L));                              /* top + 4 */
  lua_rawgeti(L, top + 4, CSLOT_OTHERS);           /* top + 5 */
  for (k = 1; k <= n || k <= old; k++) {
    if (k <= n) lua_rawgeti(L, top + 2, k); else lua_pushnil(L);
    lua_rawseti(L, top + 5, k);
  }
  lc->ncols = n;
  lua_rawgeti(L, top + 4, CSLOT_ITEMS);            /* top + 6 */
  push_flags(L, lc->ch, top + 6);                  /* top + 7 .. top + 13 */
  for (k = 0; k < 7; k++) {
    lua_pushstring(L, flags[k]);
    lua_pushvalue(L, top + 7 + k);
    lua_rawset(L, i);
  }
  lua_pushliteral(L, "_cols");
  lua_pushboolean(L, 0);
  lua_rawset(L, i);
  lua_pushliteral(L, "_moves");
  lua_pushvalue(L, -1);
  lua_rawget(L, i);
  lua_pushinteger(L, lua_tointeger(L, -1) + 1);
  lua_replace(L, -2);
  lua_rawset(L, i);
  lua_settop(L, top);
}

/* _world.character(Character, characters, Scene, worlds) -> the
** constructor collide.character; the character's methods of this file
** put in Character. The constructor's last upvalue is a table that holds
** it as `character`, which names it in its errors however it is called. */
int l_character_methods(lua_State *L) {
  static const luaL_Reg methods[] = {{"move", ch_move}, {NULL, NULL}};
  int k;
  for (k = 1; k <= 4; k++) luaL_checktype(L, k, LUA_TTABLE);
  lua_settop(L, 4);
  lua_pushvalue(L, 1);
  for (k = 1; k <= L_NUPVALUES; k++) lua_pushvalue(L, lua_upvalueindex(k));
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_createtable(L, KEY_C, 0);
  for (k = 0; k < KEY_C; k++) {
    static const char *const names[KEY_C] = {"_floor", "_wall", "_ceiling", "_fx", "_fy", "_fz",
                                             "_on", "_cols", "_moves", "_c"};
    lua_pushstring(L, names[k]);
    lua_rawseti(L, -2, k + 1);
  }
  luaL_getmetatable(L, MT_CHARACTER);
  luaL_setfuncs(L, methods, L_NUPVALUES + 4);
  lua_pop(L, 1);
  lua_newtable(L);                                 /* 5: its name */
  for (k = 1; k <= L_NUPVALUES; k++) lua_pushvalue(L, lua_upvalueindex(k));
  for (k = 1; k <= 5; k++) lua_pushvalue(L, k);
  lua_pushcclosure(L, ch_new, L_NUPVALUES + 5);
  lua_pushvalue(L, -1);
  lua_setfield(L, 5, "character");
  return 1;
}

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
