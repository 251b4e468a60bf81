/*
** l_world.c - the binding of the world (world.h) under collide.scene and
** collide.character (lua/collide/scene.lua, character.lua). It only does
** what needs Lua: it maps ids to the scene's items (the scene passes its
** array of items by id, 1-based), calls the filters, and builds the result
** tables; every walk, sweep and move is the world's.
**
** Lua code can run in the middle of a call: the filters, and any
** allocation (which may run finalizers). So:
**  - filters run under lua_pcall; an error (or a bad response) stops the
**    world's call, which returns cleanly, and is raised again after it;
**  - each call takes the world's cached scratch (detached from the anchor
**    while it runs) or a new one, sized for the world as it is then; a
**    call made meanwhile (from a filter) takes its own;
**  - results are read from that scratch only after the world's call has
**    ended, so what Lua code does while they are built cannot change them.
** The scene refuses add, update and remove while a filter of its own runs
** (scene.lua), and the world's tree refuses changes from Lua (the tree is
** the world's).
*/
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "l_collide.h"
#include "world_private.h"

#define MT_WORLD "collide.world"
#define MT_CHARACTER "collide.character_state"

#define SLOT_TREE 1
#define SLOT_SCRATCH 2
#define SLOT_SHAPES 3        /* id + 1 -> the item's shape, kept alive */
#define SLOT_PAIRS 4         /* the pairs call's buffer, kept between calls */

/* the memory of a pairs call: room for room pairs */
typedef struct { long long room; cl_world_pair *p; } l_pairs;

typedef struct {
  cl_world w;
  l_tree *lt;                /* the world's tree (kept alive in its anchor) */
  struct l_scratch *cache;   /* the scratch kept between calls, or NULL */
  l_pairs *pairs;            /* the pairs buffer kept between calls, or NULL */
  const char *busy;          /* the call whose world part runs (its filters
                             ** and the finalizers they run cannot change
                             ** the world), or NULL */
} l_world;

/* a call's memory: the world's scratch, the collisions and the hits */
typedef struct { int id, uv; long long seq, index; cl_hit h; } l_hit;
typedef struct l_scratch {
  cl_world_scratch s;
  cl_world_collision *cols;
  l_hit *hits;
  int maxcols, maxhits;
  int moves;                 /* a move's scratch (cl_world_scratch_init) */
} l_scratch;

static l_world *check_world(lua_State *L) {
  return (l_world *)luaL_checkudata(L, 1, MT_WORLD);
}

/* the world at 1, refusing changes while one of its calls runs */
static l_world *check_idle(lua_State *L) {
  l_world *lw = check_world(L);
  if (lw->busy != NULL) luaL_error(L, "cannot change a scene during its %s", lw->busy);
  return lw;
}

static int w_gc(lua_State *L) {
  l_world *lw = (l_world *)luaL_checkudata(L, 1, MT_WORLD);
  cl_world_free_all(&lw->w);
  return 0;
}

/* room for the collisions of one move: each other item is crossed at most
** once, then the pushes and the solid contacts of every pass */
static int cols_need(const cl_world *w) {
  return w->count + CL_WORLD_PUSH_STEPS + 5 * CL_WORLD_MAX_SLIDES + 8;
}

static int hits_need(const cl_world *w) { return w->count + 1; }

/* x fits the world for a call of the kind given: moves (a move, the
** character, sweep_all and raycast_all: their collisions and hits too), or
** the queries, raycast, sweep, pairs and sync */
static int fits(const cl_world *w, const l_scratch *x, int moves) {
  if (x == NULL || !cl_world_scratch_fits(w, &x->s)) return 0;
  return !moves || (x->moves && x->maxcols >= cols_need(w) && x->maxhits >= hits_need(w));
}

static size_t al8(size_t n) { return (n + 7) / 8 * 8; }

/* the scratch of one call, pushed: the cached one, detached, or a new one,
** taken only once it fits the world as it is after its allocation */
static l_scratch *take_scratch_for(lua_State *L, l_world *lw, int moves) {
  for (;;) {
    cl_world *w = &lw->w;
    size_t ws = moves ? cl_world_scratch_size(w) : cl_world_query_scratch_size(w), size;
    int nc = moves ? cols_need(w) : 0, nh = moves ? hits_need(w) : 0;
    char *mem;
    l_scratch *x;
    if (fits(w, lw->cache, moves)) {
      x = lw->cache;
      lw->cache = NULL;
      l_detachslot(L, 1, SLOT_SCRATCH);
      return x;
    }
    if (ws == 0) luaL_error(L, "not enough memory");
    /* sweep_all's hits and a move's collisions share their memory */
    size = al8(sizeof(l_scratch)) + al8(ws)
           + al8((size_t)nc * sizeof(cl_world_collision) > (size_t)nh * sizeof(l_hit)
                 ? (size_t)nc * sizeof(cl_world_collision) : (size_t)nh * sizeof(l_hit));
    mem = COLLIDE_NEWUD(L, size);
    x = (l_scratch *)(void *)mem;
    if ((moves ? cl_world_scratch_size(w) : cl_world_query_scratch_size(w)) <= ws
        && (!moves || (cols_need(w) <= nc && hits_need(w) <= nh))) {
      if (moves) cl_world_scratch_init(w, &x->s, mem + al8(sizeof(l_scratch)));
      else cl_world_query_scratch_init(w, &x->s, mem + al8(sizeof(l_scratch)));
      x->cols = (cl_world_collision *)(void *)(mem + al8(sizeof(l_scratch)) + al8(ws));
      x->hits = (l_hit *)(void *)x->cols;
      x->maxcols = nc;
      x->maxhits = nh;
      x->moves = moves;
      if (fits(w, x, moves)) return x;
    }
    lua_pop(L, 1);
  }
}

static l_scratch *take_scratch(lua_State *L, l_world *lw) { return take_scratch_for(L, lw, 1); }
static l_scratch *take_query_scratch(lua_State *L, l_world *lw) {
  return take_scratch_for(L, lw, 0);
}

/* how well x fits the world: 2 for every call, 1 for the queries */
static int fit_rank(const cl_world *w, const l_scratch *x) {
  return fits(w, x, 0) + fits(w, x, 1);
}

/* the call is done with its scratch (at index i): cached when none is,
** or when it fits the world better than the cached one */
static void give_back(lua_State *L, l_world *lw, l_scratch *x, int i) {
  if (lw->cache == NULL || fit_rank(&lw->w, x) > fit_rank(&lw->w, lw->cache)) {
    lw->cache = x;
    lua_pushvalue(L, i);
    l_setslot(L, 1, SLOT_SCRATCH);
  }
}


/* _world.world(tree) -> a world over the (empty) tree, which it then
** owns, and the table of its items' shapes by id (1-based) for the scene
** to read: the world keeps each item's shape alive there */
static int f_world(lua_State *L) {
  l_tree *lt = l_totree(L, 1);
  l_world *lw;
  if (lt == NULL) l_typeerror(L, 1, "collide.tree");
  l_argcheck(L, lt->tree.count == 0 && !lt->owned, 1, "tree in use");
  lua_settop(L, 1);
  lw = (l_world *)COLLIDE_NEWUD(L, sizeof(l_world));
  memset(lw, 0, sizeof *lw);
  cl_world_init_tree(&lw->w, &lt->tree, NULL, NULL);
  lw->lt = lt;
  lt->owned = 1;
  luaL_getmetatable(L, MT_WORLD);
  lua_setmetatable(L, 2);
  lua_createtable(L, 4, 0);
  lua_pushvalue(L, 1);
  lua_rawseti(L, -2, SLOT_TREE);
  lua_pushboolean(L, 0);
  lua_rawseti(L, -2, SLOT_SCRATCH);
  lua_newtable(L);
  lua_pushvalue(L, -1);
  lua_rawseti(L, -3, SLOT_SHAPES);
  lua_insert(L, -2);                 /* 3: the shapes by id, returned to read */
  lua_pushboolean(L, 0);
  lua_rawseti(L, -2, SLOT_PAIRS);
  l_setanchor(L, 2);
  return 2;
}

/* the shape or mesh at i: its pointer, kind and change counter */
static const void *item_shape(lua_State *L, int i, int *kind, const uint32_t **changes) {
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
    return &lh->hf;
  }
  *kind = CL_WORLD_MESH;
  return &lm->m;
}

static int check_id(lua_State *L, l_world *lw, int i) {
  lua_Integer id = luaL_checkinteger(L, i);
  l_argcheck(L, id >= 1 && id <= lw->w.nitems && cl_world_is_item(&lw->w, (int)id - 1), i,
                "invalid item id");
  return (int)id - 1;
}

static void keep_shape(lua_State *L, int id, int i) {
  l_getanchor(L, 1);
  lua_rawgeti(L, -1, SLOT_SHAPES);
  if (i != 0) lua_pushvalue(L, i); else lua_pushnil(L);
  lua_rawseti(L, -2, id + 1);
  lua_pop(L, 2);
}

static int push_proxy(lua_State *L, const cl_world *w, int id) {
  int p = w->items[id].proxy;
  if (p >= 0) lua_pushinteger(L, (lua_Integer)p + 1); else lua_pushboolean(L, 0);
  return 1;
}

/* pushes the world's tree (at 1) and makes room in it for one insert;
** returns it. Lua code may run here (the allocation), none after. */
static l_tree *tree_room(lua_State *L) {
  l_getanchor(L, 1);
  lua_rawgeti(L, -1, SLOT_TREE);
  lua_remove(L, -2);
  l_tree_room(L, lua_gettop(L));
  return (l_tree *)lua_touserdata(L, -1);
}

/* w:add(shape) -> id, proxy or false */
static int w_add(lua_State *L) {
  l_world *lw = check_idle(L);
  int kind, id;
  const uint32_t *changes;
  const void *s;
  l_tree *lt;
  (void)item_shape(L, 2, &kind, &changes);
  lua_settop(L, 2);
  lt = tree_room(L);
  s = item_shape(L, 2, &kind, &changes);
  id = cl_world_add_item(&lw->w, s, kind, changes);
  if (id < 0) return luaL_error(L, "not enough memory");
  lt->version++;
  lua_pushinteger(L, (lua_Integer)id + 1);
  push_proxy(L, &lw->w, id);
  lua_pushnumber(L, (lua_Number)lw->w.items[id].seq);
  keep_shape(L, id, 2);            /* may run finalizers: the results are pushed */
  return 3;
}

/* w:update(id, current, [shape]) -> proxy or false; nil when the item no
** longer has the shape current (a finalizer run by the tree's growth
** removed it, or gave it another shape) and nothing was done */
static int w_update(lua_State *L) {
  l_world *lw = check_idle(L);
  int id, kind = 0;
  const uint32_t *changes = NULL;
  const void *s = NULL, *cur;
  l_tree *lt;
  (void)check_id(L, lw, 2);
  cur = item_shape(L, 3, &kind, &changes);
  if (!lua_isnoneornil(L, 4)) (void)item_shape(L, 4, &kind, &changes);
  lua_settop(L, 4);
  lt = tree_room(L);                               /* may run finalizers */
  id = (int)lua_tointeger(L, 2) - 1;
  if (lw->busy != NULL || !cl_world_is_item(&lw->w, id) || lw->w.items[id].shape != cur) {
    lua_pushnil(L);
    return 1;
  }
  if (!lua_isnil(L, 4)) s = item_shape(L, 4, &kind, &changes);
  if (!cl_world_update_item(&lw->w, id, s, kind, changes)) return luaL_error(L, "not enough memory");
  lt->version++;
  push_proxy(L, &lw->w, id);
  if (s != NULL) keep_shape(L, id, 4);             /* may run finalizers: the result is pushed */
  return 1;
}

static int w_remove(lua_State *L) {
  l_world *lw = check_idle(L);
  int id = check_id(L, lw, 2);
  l_tree *lt = lw->lt;
  cl_world_remove_item(&lw->w, id);
  lt->version++;
  keep_shape(L, id, 0);
  return 0;
}

/* w:options(id, layer, mask, static) */
static int w_options(lua_State *L) {
  l_world *lw = check_idle(L);
  int id = check_id(L, lw, 2);
  uint32_t layer = (uint32_t)luaL_checkinteger(L, 3), mask = (uint32_t)luaL_checkinteger(L, 4);
  if (!cl_world_set_item_options(&lw->w, id, layer, mask, lua_toboolean(L, 5)))
    return luaL_error(L, "not enough memory");
  return 0;
}

/* w:get_options(id) -> layer, mask, static */
static int w_get_options(lua_State *L) {
  l_world *lw = check_world(L);
  const cl_world_item *it = &lw->w.items[check_id(L, lw, 2)];
  lua_pushinteger(L, (lua_Integer)it->layer);
  lua_pushinteger(L, (lua_Integer)it->mask);
  lua_pushboolean(L, it->is_static);
  return 3;
}

/* w:memory() -> the bytes of the world's own storage, outside the Lua
** heap (the tree and the scratch are userdata the collector counts) */
static int w_memory(lua_State *L) {
  l_world *lw = check_world(L);
  lua_pushnumber(L, (lua_Number)cl_world_memory(&lw->w));
  return 1;
}

/* w:sync() -> refitted */
static int w_sync(lua_State *L) {
  l_world *lw = check_idle(L);
  l_tree *lt = lw->lt;
  l_scratch *x;
  int n, nm = 0;
  lua_settop(L, 1);
  x = take_query_scratch(L, lw);                /* 2: no Lua code runs after it */
  n = cl_world_sync_moved(&lw->w, x->s.cands, &nm);
  if (n > 0 || nm > 0) lt->version++;
  give_back(L, lw, x, 2);
  lua_pushinteger(L, n);
  return 1;
}

/* w:next(id, seq, ahead, aseq) -> the next item's id, seq, and the id and
** seq of the one after it (cl_world_next; ids 1-based, 0 for none), or
** nothing at the end */
static int w_next(lua_State *L) {
  l_world *lw = check_world(L);
  const cl_world *w = &lw->w;
  int id = cl_world_next(w, (int)luaL_checkinteger(L, 2) - 1, (long long)luaL_checknumber(L, 3),
                         (int)luaL_checkinteger(L, 4) - 1, (long long)luaL_checknumber(L, 5));
  int after;
  if (id < 0) return 0;
  after = w->items[id].next;
  lua_pushinteger(L, (lua_Integer)id + 1);
  lua_pushnumber(L, (lua_Number)w->items[id].seq);
  lua_pushinteger(L, (lua_Integer)after + 1);
  lua_pushnumber(L, after >= 0 ? (lua_Number)w->items[after].seq : 0);
  return 4;
}

/* w:count() -> the number of items */
static int w_count(lua_State *L) {
  lua_pushinteger(L, check_world(L)->w.count);
  return 1;
}

/* ---- filters ---- */

/* a call with a filter: the filter (function, or nil), the items by id
** and the stack index where an error is kept */
typedef struct {
  lua_State *L;
  int filter, items, err;
  int nf;                      /* move: the filter's argument number */
  const char *fname;
} l_call;

static int keep_item(void *ud, int id) {
  l_call *c = ud;
  lua_State *L = c->L;
  int ok;
  lua_pushvalue(L, c->filter);
  lua_rawgeti(L, c->items, id + 1);
  if (lua_pcall(L, 1, 1, 0) != 0) {
    lua_replace(L, c->err);
    return -1;
  }
  ok = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return ok;
}

static int respond(void *ud, int self, int other) {
  static const char *const names[] = {"slide", "touch", "cross", "bounce"};
  l_call *c = ud;
  lua_State *L = c->L;
  int k, top = lua_gettop(L);
  lua_pushvalue(L, c->filter);
  lua_rawgeti(L, c->items, self + 1);
  lua_rawgeti(L, c->items, other + 1);
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
    /* the string as %q writes it (string.format from the loaded modules:
    ** the global may be gone) */
    lua_getfield(L, LUA_REGISTRYINDEX, "_LOADED");
    lua_getfield(L, -1, "string");
    lua_remove(L, -2);
    if (!lua_istable(L, -1)) {
      lua_pop(L, 1);
      lua_pushstring(L, "string");
      goto named;
    }
    lua_getfield(L, -1, "format");
    lua_pushliteral(L, "%q");
    lua_pushvalue(L, -4);
    if (lua_pcall(L, 2, 1, 0) != 0) {
      lua_replace(L, c->err);
      lua_settop(L, top);
      return CL_WORLD_ABORT;
    }
  } else {
    lua_pushstring(L, l_typename(L, -1));
  }
named:
  lua_pushfstring(L, "bad argument #%d to '%s' (filter must return \"slide\", \"touch\", \"cross\", "
                  "\"bounce\", false or nil, got %s)", c->nf, c->fname, lua_tostring(L, -1));
  lua_replace(L, c->err);
  lua_settop(L, top);        /* the call's scratch stays on the stack */
  return CL_WORLD_ABORT;
}

/* the filter argument at i: a function (kept at i), or an integer mask
** (returned; i set to nil), or nil */
static uint32_t filter_arg(lua_State *L, int i) {
  if (lua_type(L, i) == LUA_TNUMBER) {
    uint32_t m = (uint32_t)lua_tointeger(L, i);
    lua_pushnil(L);
    lua_replace(L, i);
    return m;
  }
  return CL_WORLD_ALL_BITS;
}

static const cl_shape *check_mover(lua_State *L, int i, cl_shape *copy) {
  cl_shape *s = l_toshape(L, i);
  if (s == NULL || !(s->tag == CL_AABB || s->tag == CL_OBB || s->tag == CL_SPHERE
                     || s->tag == CL_CAPSULE || s->tag == CL_HULL))
    l_typeerror(L, i, "aabb, obb, sphere, capsule or hull");
  cl_shape_copy(copy, s);
  return s;
}

static int push_hit_values(lua_State *L, const cl_hit *h) {
  lua_pushnumber(L, h->t);
  l_pushvec(L, h->p);
  l_pushvec(L, h->n);
  return 7;
}

/* w:sweep(shape, dx, dy, dz, filter | mask | nil, items) -> id, t, p, n[, index] */
/* the arguments of sweep and sweep_all: the mover (a copy, and the item
** shape it may be), the motion, the filter or mask; pushes the error slot
** (8) and the call's scratch (9) */
typedef struct {
  cl_shape mover;
  const cl_shape *orig;
  double d[3];
  uint32_t mask;
  l_call c;
  l_scratch *x;
} sweep_args;

static void read_sweep(lua_State *L, l_world *lw, sweep_args *a, int hits) {
  a->orig = check_mover(L, 2, &a->mover);
  a->d[0] = luaL_checknumber(L, 3);
  a->d[1] = luaL_checknumber(L, 4);
  a->d[2] = luaL_checknumber(L, 5);
  lua_settop(L, 7);
  a->mask = filter_arg(L, 6);
  lua_pushnil(L);                                  /* 8: an error */
  a->x = take_scratch_for(L, lw, hits);            /* 9 */
  a->c.L = L; a->c.filter = 6; a->c.items = 7; a->c.err = 8;
}

static int w_sweep(lua_State *L) {
  l_world *lw = check_world(L);
  sweep_args a;
  l_scratch *x;
  cl_hit h;
  long long index;
  int id;
  read_sweep(L, lw, &a, 0);
  x = a.x;
  lw->busy = "sweep";
  id = cl_world_sweep_with(&lw->w, &x->s, &a.mover, a.d, a.orig, a.mask,
                      lua_isnil(L, 6) ? NULL : keep_item, &a.c, &h, &index);
  lw->busy = NULL;
  if (id == -2) { lua_pushvalue(L, 8); return lua_error(L); }
  if (id < 0) { give_back(L, lw, x, 9); lua_pushnil(L); return 1; }
  lua_rawgeti(L, 7, id + 1);
  give_back(L, lw, x, 9);
  push_hit_values(L, &h);
  if (index < 0) return 8;
  lua_pushinteger(L, (lua_Integer)index + 1);
  return 9;
}

/* The items an answer names, read before anything is allocated (an
** allocation may run a finalizer that removes them): pushed, the item of
** the id at offset off in each of the n records of size sz, after the
** item self (when >= 0). Returns the stack index of the first, or 0 when
** the stack has no room for them (they are then read as they are built). */
static int capture(lua_State *L, int items, const void *rec, int n, size_t sz, size_t off,
                   int self) {
  int k, base;
  if (!lua_checkstack(L, n + 2)) return 0;
  base = lua_gettop(L) + 1;
  if (self >= 0) lua_rawgeti(L, items, self + 1);
  for (k = 0; k < n; k++) {
    int id;
    memcpy(&id, (const char *)rec + (size_t)k * sz + off, sizeof id);
    lua_rawgeti(L, items, id + 1);
  }
  return base;
}

/* pushes the k-th captured item (the one of id when nothing was captured) */
static void captured(lua_State *L, int items, int base, int k, int id) {
  if (base != 0) lua_pushvalue(L, base + k);
  else lua_rawgeti(L, items, id + 1);
}

typedef struct { l_scratch *x; const cl_world *w; int n, uv; } hit_sink;

static int collect(void *ud, int item, const cl_hit *h, long long index) {
  hit_sink *k = ud;
  l_hit *e;
  if (k->n >= k->x->maxhits) return 0;
  e = &k->x->hits[k->n++];
  e->id = item;
  e->uv = k->uv && (k->w->items[item].kind == CL_TRIANGLE || index >= 0);
  e->seq = k->w->items[item].seq;
  e->index = index;
  e->h = *h;
  return 1;
}

static int hit_cmp(const void *a, const void *b) {
  const l_hit *x = a, *y = b;
  if (x->h.t != y->h.t) return x->h.t < y->h.t ? -1 : 1;
  return x->seq < y->seq ? -1 : (x->seq > y->seq);
}

static void set_num(lua_State *L, const char *k, double v) {
  lua_pushnumber(L, v);
  lua_setfield(L, -2, k);
}

/* ---- queries ---- */

/* 1 when id is still an item that was there when the world's last
** sequence number was last (a finalizer run by an allocation may have
** removed it, and an add given its id to a new item) */
static int alive(const cl_world *w, int id, long long last) {
  return cl_world_is_item(w, id) && w->items[id].seq <= last;
}

/* the arguments of a query from 2 on: its object at 2, the filter or
** mask at 3, the items at 4; pushes the error slot (5) and the call's
** scratch (6) */
static l_scratch *read_query(lua_State *L, l_world *lw, l_call *c, uint32_t *mask, int moves) {
  lua_settop(L, 4);
  *mask = filter_arg(L, 3);
  lua_pushnil(L);                                  /* 5: an error */
  c->L = L; c->filter = 3; c->items = 4; c->err = 5;
  return moves ? take_scratch(L, lw) : take_query_scratch(L, lw);   /* 6 */
}

/* the end of a query whose ids are in x->s.cands (n of them, or -2 when
** the filter raised): the array of their items, those a finalizer removed
** meanwhile left out */
static int push_items(lua_State *L, l_world *lw, l_scratch *x, int n) {
  int k, m = 0;
  long long last = lw->w.counter;
  if (n == -2) { lua_pushvalue(L, 5); return lua_error(L); }
  lua_createtable(L, n, 0);                        /* 7; may run finalizers */
  for (k = 0; k < n; k++) {
    if (!alive(&lw->w, x->s.cands[k], last)) continue;
    lua_rawgeti(L, 4, x->s.cands[k] + 1);
    lua_rawseti(L, 7, ++m);
  }
  give_back(L, lw, x, 6);
  lua_settop(L, 7);
  return 1;
}

/* w:query(shape, filter | mask | nil, items) -> array of items */
static int w_query(lua_State *L) {
  l_world *lw = check_world(L);
  const uint32_t *changes;
  cl_shape copy;
  const void *q;
  uint32_t mask;
  l_call c;
  l_scratch *x;
  int kind, n;
  (void)item_shape(L, 2, &kind, &changes);        /* argument 2 checked first */
  x = read_query(L, lw, &c, &mask, 0);
  q = item_shape(L, 2, &kind, &changes);           /* read again after the allocations */
  if (kind < CL_NKINDS) {                          /* a filter may change it: a copy */
    memcpy(&copy, q, l_kind_sizes[kind]);
    q = &copy;
  }
  lw->busy = "query";
  n = cl_world_query_with(&lw->w, &x->s, q, kind, mask, lua_isnil(L, 3) ? NULL : keep_item, &c);
  lw->busy = NULL;
  return push_items(L, lw, x, n);
}

/* w:query_frustum(frustum, filter | mask | nil, items) -> array of items */
static int w_query_frustum(lua_State *L) {
  l_world *lw = check_world(L);
  cl_frustum f;
  uint32_t mask;
  l_call c;
  l_scratch *x;
  int n;
  if (l_tofrustum(L, 2) == NULL) l_typeerror(L, 2, "collide.frustum");
  x = read_query(L, lw, &c, &mask, 0);
  f = *l_tofrustum(L, 2);
  lw->busy = "query_frustum";
  n = cl_world_query_frustum_with(&lw->w, &x->s, &f, mask, lua_isnil(L, 3) ? NULL : keep_item, &c);
  lw->busy = NULL;
  return push_items(L, lw, x, n);
}

/* pushes the values ray:cast gives for the hit: t, p, n, then u, v for a
** triangle, and the 1-based triangle index for static geometry */
static int push_cast(lua_State *L, const cl_hit *h, int kind, long long index) {
  lua_pushnumber(L, h->t);
  l_pushvec(L, h->p);
  l_pushvec(L, h->n);
  if (kind != CL_TRIANGLE && index < 0) return 7;
  lua_pushnumber(L, h->u);
  lua_pushnumber(L, h->v);
  if (index < 0) return 9;
  lua_pushinteger(L, (lua_Integer)index + 1);
  return 10;
}

static cl_ray check_ray(lua_State *L, int i) {
  cl_shape *s = l_toshape(L, i);
  if (s == NULL || s->tag != CL_RAY) l_typeerror(L, i, "collide.ray");
  return s->ray;
}

/* w:raycast(ray, filter | mask | nil, items) -> item, t, p, n[, u, v[,
** index]] or nil */
static int w_raycast(lua_State *L) {
  l_world *lw = check_world(L);
  cl_ray r;
  cl_hit h;
  long long index;
  uint32_t mask;
  l_call c;
  l_scratch *x;
  int id;
  (void)check_ray(L, 2);
  x = read_query(L, lw, &c, &mask, 0);
  r = check_ray(L, 2);
  lw->busy = "raycast";
  id = cl_world_raycast_with(&lw->w, &x->s, &r, -1, mask, lua_isnil(L, 3) ? NULL : keep_item, &c, &h,
                        &index);
  lw->busy = NULL;
  if (id == -2) { lua_pushvalue(L, 5); return lua_error(L); }
  give_back(L, lw, x, 6);
  if (id < 0) { lua_pushnil(L); return 1; }
  lua_rawgeti(L, 4, id + 1);
  return 1 + push_cast(L, &h, lw->w.items[id].kind, index);
}

/* the records of raycast_all and sweep_all (x->hits, n of them, sorted
** here by t, ties in add order) as an array of {item=, t=, x=, y=, z=,
** nx=, ny=, nz=[, u=, v=][, index=]}, items at index items; an item a
** finalizer removed meanwhile is left out */
static void push_hits(lua_State *L, const l_world *lw, l_scratch *x, int n, int items) {
  int k, m = 0, out;
  long long last = lw->w.counter;
  qsort(x->hits, (size_t)n, sizeof *x->hits, hit_cmp);
  lua_createtable(L, n, 0);
  out = lua_gettop(L);
  for (k = 0; k < n; k++) {
    const l_hit *e = &x->hits[k];
    if (!alive(&lw->w, e->id, last)) continue;
    lua_rawgeti(L, items, e->id + 1);              /* read before the record's allocation */
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
      lua_pushinteger(L, (lua_Integer)e->index + 1);
      lua_setfield(L, -2, "index");
    }
    lua_rawseti(L, out, ++m);
  }
}

/* w:raycast_all(ray, filter | mask | nil, items) -> array of hits */
static int w_raycast_all(lua_State *L) {
  l_world *lw = check_world(L);
  cl_ray r;
  uint32_t mask;
  l_call c;
  l_scratch *x;
  hit_sink sink;
  int n;
  (void)check_ray(L, 2);
  x = read_query(L, lw, &c, &mask, 1);
  r = check_ray(L, 2);
  sink.x = x; sink.w = &lw->w; sink.n = 0; sink.uv = 1;
  lw->busy = "raycast_all";
  n = cl_world_raycast_all_with(&lw->w, &x->s, &r, mask, lua_isnil(L, 3) ? NULL : keep_item, &c,
                           collect, &sink);
  lw->busy = NULL;
  if (n == -2 && !lua_isnil(L, 5)) { lua_pushvalue(L, 5); return lua_error(L); }
  push_hits(L, lw, x, sink.n, 4);
  give_back(L, lw, x, 6);
  return 1;
}

/* w:sweep_all(shape, dx, dy, dz, filter | mask | nil, items) -> array */
static int w_sweep_all(lua_State *L) {
  l_world *lw = check_world(L);
  sweep_args a;
  l_scratch *x;
  hit_sink sink;
  int n;
  read_sweep(L, lw, &a, 1);
  x = a.x;
  sink.x = x; sink.w = &lw->w; sink.n = 0; sink.uv = 0;
  lw->busy = "sweep_all";
  n = cl_world_sweep_all_with(&lw->w, &x->s, &a.mover, a.d, a.orig, a.mask,
                         lua_isnil(L, 6) ? NULL : keep_item, &a.c, collect, &sink);
  lw->busy = NULL;
  if (n == -2 && !lua_isnil(L, 8)) { lua_pushvalue(L, 8); return lua_error(L); }
  push_hits(L, lw, x, sink.n, 7);
  give_back(L, lw, x, 9);
  return 1;
}

/* the pairs buffer with room for need pairs, pushed: the kept one,
** detached, or a new one */
static l_pairs *take_pairs(lua_State *L, l_world *lw, long long need) {
  l_pairs *b = lw->pairs;
  size_t room;
  char *mem;
  if (b != NULL && b->room >= need) {
    lw->pairs = NULL;
    l_detachslot(L, 1, SLOT_PAIRS);
    return b;
  }
  if (need < 64) need = 64;
  need += need / 2;
  if ((unsigned long long)need > ((size_t)-1) / 4 / sizeof(cl_world_pair))
    luaL_error(L, "not enough memory");
  room = (size_t)need;
  mem = COLLIDE_NEWUD(L, al8(sizeof(l_pairs)) + room * sizeof(cl_world_pair));
  b = (l_pairs *)(void *)mem;
  b->room = need;
  b->p = (cl_world_pair *)(void *)(mem + al8(sizeof(l_pairs)));
  return b;
}

/* w:pairs(filter | mask | nil, items) -> array of {a, b} */
static int w_pairs(lua_State *L) {
  l_world *lw = check_world(L);
  uint32_t mask;
  l_call c;
  l_scratch *x;
  l_pairs *b;
  l_tree *lt;
  long long n, ntree, k, m = 0, last, need = 0;
  int again = 0;
  lua_settop(L, 3);
  mask = filter_arg(L, 2);
  lua_pushnil(L);                                  /* 4: an error */
  c.L = L; c.filter = 2; c.items = 3; c.err = 4;
  l_getanchor(L, 1);
  lua_rawgeti(L, -1, SLOT_TREE);
  lua_replace(L, -2);                              /* 5: the tree */
  lt = (l_tree *)lua_touserdata(L, 5);
  x = take_query_scratch(L, lw);                   /* 6: kept through the retries (the
                                                   ** filter's answers are in it) */
  for (;;) {
    unsigned v;
    const cl_tree_pair *tp;
    lua_settop(L, 6);
    lua_pushcfunction(L, l_tree_pairs_with);
    lua_pushvalue(L, 5);
    lua_pushlightuserdata(L, &x->s.tree);
    lua_call(L, 2, 0);                             /* the tree's pairs, in its buffer */
    lua_pushnil(L);                                /* 7: (unused) */
    v = lt->version;
    tp = lt->pairs.p;
    ntree = lt->pairs.n;
    b = take_pairs(L, lw, need > ntree ? need : ntree);   /* 8 */
    /* the allocations may have run finalizers that changed the world, or
    ** asked the tree for its pairs (which moves them to its other
    ** buffer): then everything again, the filter's answers forgotten */
    /* (take_pairs' allocation may run a finalizer that changes the tree,
    ** which cppcheck cannot see) */
    /* cppcheck-suppress knownConditionTrueFalse */
    if (lt->version != v || lt->pairs.p != tp || lt->pairs.n != ntree) { again = 0; continue; }
    if (!fits(&lw->w, x, 0)) {
      x = take_query_scratch(L, lw);
      lua_replace(L, 6);
      again = 0;
      continue;
    }
    if (ntree > 0) memcpy(b->p, tp, (size_t)ntree * sizeof *tp);
    lw->busy = "pairs";
    n = cl_world_pairs_with(&lw->w, &x->s, b->p, ntree, b->room, mask,
                       lua_isnil(L, 2) ? NULL : keep_item, &c, again);
    lw->busy = NULL;
    if (n == -2) { lua_pushvalue(L, 4); return lua_error(L); }
    if (n <= b->room) break;
    need = n;                                      /* more room, and again */
    again = 1;
  }
  if (n > INT_MAX) return luaL_error(L, "not enough memory");
  last = lw->w.counter;
  lua_createtable(L, (int)n, 0);                   /* 9 */
  for (k = 0; k < n; k++) {
    int a = b->p[k].a, bb = b->p[k].b;
    if (!alive(&lw->w, a, last) || !alive(&lw->w, bb, last)) continue;
    lua_rawgeti(L, 3, a + 1);
    lua_rawgeti(L, 3, bb + 1);
    lua_createtable(L, 2, 0);
    lua_insert(L, -3);
    lua_rawseti(L, -3, 2);
    lua_rawseti(L, -2, 1);
    lua_rawseti(L, 9, (int)++m);
  }
  give_back(L, lw, x, 6);
  if (lw->pairs == NULL || lw->pairs->room < b->room) {
    lw->pairs = b;
    lua_pushvalue(L, 8);
    l_setslot(L, 1, SLOT_PAIRS);
  }
  lua_settop(L, 9);
  return 1;
}

static const char *const type_names[] = {"", "slide", "touch", "cross", "bounce"};

/* the record of one collision, the mover and the other item on the top
** of the stack (popped) */
static void push_collision(lua_State *L, const cl_world_collision *col) {
  lua_createtable(L, 0, 10);
  lua_insert(L, -3);
  lua_setfield(L, -3, "other");
  lua_setfield(L, -2, "item");
  lua_pushstring(L, type_names[col->type]);
  lua_setfield(L, -2, "type");
  set_num(L, "t", col->t);
  set_num(L, "nx", col->n[0]); set_num(L, "ny", col->n[1]); set_num(L, "nz", col->n[2]);
  set_num(L, "x", col->p[0]); set_num(L, "y", col->p[1]); set_num(L, "z", col->p[2]);
}

/* the collisions of a move as an array of records, self the mover */
static void push_collisions(lua_State *L, const l_scratch *x, int n, int items, int self) {
  int k, base, out;
  if (n > x->maxcols) n = x->maxcols;
  base = capture(L, items, x->cols, n, sizeof *x->cols, offsetof(cl_world_collision, other), self);
  lua_createtable(L, n, 0);
  out = lua_gettop(L);
  for (k = 0; k < n; k++) {
    captured(L, items, base, 0, self);
    captured(L, items, base ? base + 1 : 0, k, x->cols[k].other);
    push_collision(L, &x->cols[k]);
    lua_rawseti(L, out, k + 1);
  }
  if (base != 0) {                                 /* the array in place of the captured */
    lua_replace(L, base);
    lua_settop(L, base);
  }
}

/* the mover's shape after the world wrote it: its change counted, its
** place refitted */
static void moved_item(l_world *lw, int id) {
  cl_world_item *it = &lw->w.items[id];
  l_changed((cl_shape *)(void *)it->shape);
  (void)cl_world_update_item(&lw->w, id, NULL, 0, NULL);   /* a tree item stays in the tree */
  lw->lt->version++;
}

/* w:move(id, dx, dy, dz, filter | mask | nil, items, nf) -> mx, my, mz,
** collisions; false when the motion's end is not finite */
static int w_move(lua_State *L) {
  l_world *lw = check_idle(L);
  int id, kind, n, ok;
  double d[3], moved[3];
  uint32_t mask;
  l_call c;
  l_scratch *x;
  cl_world_collisions out;
  (void)check_id(L, lw, 2);
  d[0] = luaL_checknumber(L, 3); d[1] = luaL_checknumber(L, 4); d[2] = luaL_checknumber(L, 5);
  lua_settop(L, 8);
  mask = filter_arg(L, 6);
  lua_pushnil(L);                                  /* 9: an error */
  x = take_scratch(L, lw);                         /* 10; may run finalizers */
  lw = check_idle(L);
  id = (int)lua_tointeger(L, 2) - 1;
  l_argcheck(L, cl_world_is_item(&lw->w, id), 2, "item not in the scene");
  kind = lw->w.items[id].kind;
  l_argcheck(L, kind == CL_AABB || kind == CL_OBB || kind == CL_SPHERE || kind == CL_CAPSULE
                || kind == CL_HULL, 2, "not a mover");
  c.L = L; c.filter = 6; c.items = 7; c.err = 9;
  c.nf = (int)luaL_optinteger(L, 8, 5); c.fname = "move";
  out.c = x->cols; out.max = x->maxcols; out.n = 0;
  lw->busy = "move";
  ok = cl_world_move_with(&lw->w, &x->s, id, d, mask, lua_isnil(L, 6) ? NULL : respond, &c, moved,
                     &out);
  lw->busy = NULL;
  if (ok < 0) {                                    /* the caller names the argument */
    lua_pushboolean(L, 0);
    return 1;
  }
  if (!ok) {
    lua_pushvalue(L, 9);
    return lua_error(L);
  }
  moved_item(lw, id);
  n = out.n;
  lua_pushnumber(L, moved[0] + 0.0);
  lua_pushnumber(L, moved[1] + 0.0);
  lua_pushnumber(L, moved[2] + 0.0);
  push_collisions(L, x, n, 7, id);
  give_back(L, lw, x, 10);
  return 4;
}

/* ---- the character ---- */

/* a character's state: the controller and its last move's collisions,
** kept here so that their tables are built only when ch:collisions()
** asks (the other items are captured at the move, in a table of the
** character's). A move records at most the push-out's steps, the up pass
** and the side and down passes twice (a step undone), and the snap. */
#define CHAR_MAXCOLS (CL_WORLD_PUSH_STEPS + 5 * CL_WORLD_MAX_SLIDES + 8)
typedef struct {
  cl_character_state c;
  int ncols;
  cl_world_collision cols[CHAR_MAXCOLS];
} l_character;

/* _world.character(ux, uy, uz, step, slope, skin, snap) -> its state */
static int f_character(lua_State *L) {
  double up[3];
  l_character *c;
  up[0] = luaL_checknumber(L, 1); up[1] = luaL_checknumber(L, 2); up[2] = luaL_checknumber(L, 3);
  c = (l_character *)COLLIDE_NEWUD(L, sizeof(l_character));
  c->ncols = 0;
  cl_character_init(&c->c, up, luaL_checknumber(L, 4), luaL_checknumber(L, 5),
                    luaL_checknumber(L, 6), luaL_checknumber(L, 7));
  luaL_getmetatable(L, MT_CHARACTER);
  lua_setmetatable(L, -2);
  return 1;
}

/* pushes on_floor, on_wall, on_ceiling, nx, ny, nz, floor id (or false) */
static void push_flags(lua_State *L, const cl_character_state *ch) {
  lua_pushboolean(L, ch->on_floor);
  lua_pushboolean(L, ch->on_wall);
  lua_pushboolean(L, ch->on_ceiling);
  l_pushvec(L, ch->floor_normal);
  if (ch->on_floor && ch->floor_item >= 0) lua_pushinteger(L, (lua_Integer)ch->floor_item + 1);
  else lua_pushboolean(L, 0);
}

/* w:character_move(state, id, dx, dy, dz, items, others) -> mx, my, mz and
** the flags as state:get() gives them; true, before anything moves, when
** dx, dy, dz are not three finite numbers (the caller reads them by its
** rules); false when the motion's end is not finite, nil when the item's
** shape is not a mover (nothing moved). The collisions stay in the state,
** their other items in others.
** The move calls no Lua code, so the world's cached scratch, when it fits,
** is used where it is, without taking it off its slot; the collisions are
** copied to the state before the tables, whose growth may run finalizers
** that use the scratch, are written. */
static int w_character_move(lua_State *L) {
  l_world *lw = check_idle(L);
  l_character *lc = (l_character *)luaL_checkudata(L, 2, MT_CHARACTER);
  cl_character_state *ch = &lc->c;
  int id, ok, n, k, borrowed;
  double d[3], moved[3];
  l_scratch *x;
  cl_world_collisions out;
  for (k = 0; k < 3; k++) {
    if (lua_type(L, 4 + k) != LUA_TNUMBER) break;
    d[k] = lua_tonumber(L, 4 + k);
    if (d[k] - d[k] != 0) break;
  }
  if (k < 3) {
    lua_pushboolean(L, 1);
    return 1;
  }
  id = check_id(L, lw, 3);
  luaL_checktype(L, 7, LUA_TTABLE);
  luaL_checktype(L, 8, LUA_TTABLE);
  lua_settop(L, 8);
  k = lw->w.items[id].kind;
  if (!(k == CL_AABB || k == CL_OBB || k == CL_SPHERE || k == CL_CAPSULE || k == CL_HULL)) {
    lua_pushnil(L);                                /* the caller names the shape */
    return 1;
  }
  borrowed = fits(&lw->w, lw->cache, 1);
  if (borrowed) {
    x = lw->cache;
  } else {
    x = take_scratch(L, lw);                       /* 9; may run finalizers */
    lw = check_idle(L);
    if (!cl_world_is_item(&lw->w, id))
      luaL_error(L, "the character's item is no longer in its scene");
  }
  out.c = x->cols; out.max = x->maxcols; out.n = 0;
  if (ch->floor_item >= 0 && !cl_world_is_item(&lw->w, ch->floor_item)) ch->floor_item = -1;
  lw->busy = "move";
  ok = cl_character_state_move(ch, &lw->w, &x->s, id, d, CL_WORLD_ALL_BITS, moved, &out);
  lw->busy = NULL;
  if (ok < 0) {                                    /* the caller names the argument */
    lua_pushboolean(L, 0);
    return 1;
  }
  l_argcheck(L, ok, 3, "not a mover");
  moved_item(lw, id);
  n = out.n < out.max ? out.n : out.max;
  if (n > CHAR_MAXCOLS) n = CHAR_MAXCOLS;
  memcpy(lc->cols, x->cols, (size_t)n * sizeof *x->cols);
  if (!borrowed) give_back(L, lw, x, 9);
  for (k = 0; k < n; k++) {
    lua_rawgeti(L, 7, lc->cols[k].other + 1);
    lua_rawseti(L, 8, k + 1);
  }
  for (k = n; k < lc->ncols; k++) {                /* the last move's extra ones */
    lua_pushnil(L);
    lua_rawseti(L, 8, k + 1);
  }
  lc->ncols = n;
  lua_pushnumber(L, moved[0] + 0.0);
  lua_pushnumber(L, moved[1] + 0.0);
  lua_pushnumber(L, moved[2] + 0.0);
  push_flags(L, ch);
  return 10;
}

/* state:get() -> on_floor, on_wall, on_ceiling, nx, ny, nz, floor id (or false) */
static int c_get(lua_State *L) {
  push_flags(L, &((l_character *)luaL_checkudata(L, 1, MT_CHARACTER))->c);
  return 7;
}

/* state:collisions(item, others) -> the last move's collisions, as
** w:move gives them, item the character's and others their other items */
static int c_collisions(lua_State *L) {
  const l_character *lc = (const l_character *)luaL_checkudata(L, 1, MT_CHARACTER);
  int k;
  luaL_checktype(L, 3, LUA_TTABLE);
  lua_createtable(L, lc->ncols, 0);
  for (k = 0; k < lc->ncols; k++) {
    lua_pushvalue(L, 2);
    lua_rawgeti(L, 3, k + 1);
    push_collision(L, &lc->cols[k]);
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

static const luaL_Reg world_methods[] = {
  {"add", w_add}, {"update", w_update}, {"remove", w_remove}, {"options", w_options},
  {"get_options", w_get_options}, {"memory", w_memory}, {"sync", w_sync},
  {"next", w_next}, {"count", w_count},
  {"sweep", w_sweep}, {"sweep_all", w_sweep_all}, {"move", w_move},
  {"raycast", w_raycast}, {"raycast_all", w_raycast_all}, {"query", w_query},
  {"query_frustum", w_query_frustum}, {"pairs", w_pairs},
  {"character_move", w_character_move}, {NULL, NULL}
};
static const luaL_Reg character_methods[] = {
  {"get", c_get}, {"collisions", c_collisions}, {NULL, NULL}
};
static const luaL_Reg world_functions[] = {
  {"world", f_world}, {"character", f_character}, {NULL, NULL}
};

void l_world_open(lua_State *L, int mts) {
  int k;
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
  luaL_newmetatable(L, MT_CHARACTER);
  lua_newtable(L);
  luaL_setfuncs(L, character_methods, 0);
  lua_setfield(L, -2, "__index");
  lua_pushliteral(L, "collide.character_state");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);
  lua_newtable(L);
  for (k = 0; k < L_NUPVALUES; k++) lua_pushvalue(L, mts + k);
  luaL_setfuncs(L, world_functions, L_NUPVALUES);
  lua_setfield(L, -2, "_world");
}
