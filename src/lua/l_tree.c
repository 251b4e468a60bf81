/*
** l_tree.c - binding of the dynamic AABB tree (collide.tree). Proxies are
** node indices plus one. Lua is called back only from raycast, under
** lua_pcall, with the tree locked against changes for the duration.
*/
#include <limits.h>
#include <math.h>
#include <string.h>
#include "l_collide.h"
#include "tree.h"

#define DEFAULT_MARGIN 0.1
#define MAX_PLANES 32

typedef struct {
  cl_tree tree;
  int locked;       /* raycast callbacks running: changes are refused */
  int heap_busy;    /* the tree's own heap scratch is in use */
} l_tree;

/* a tree is a full userdata of its size with the tree metatable: a
** userdata given that metatable by debug.setmetatable is not one */
void *l_totree(lua_State *L, int i) {
  void *p = lua_touserdata(L, i);
  int ok;
  if (p == NULL || lua_type(L, i) != LUA_TUSERDATA || lua_rawlen(L, i) != sizeof(l_tree)
      || !lua_getmetatable(L, i))
    return NULL;
  ok = lua_rawequal(L, -1, L_MT_TREE);
  lua_pop(L, 1);
  return ok ? p : NULL;
}

static l_tree *check_tree(lua_State *L, int i) {
  l_tree *lt = (l_tree *)l_totree(L, i);
  if (lt == NULL) l_typeerror(L, i, "collide.tree");
  return lt;
}

static l_tree *check_unlocked(lua_State *L) {
  l_tree *lt = check_tree(L, 1);
  if (lt->locked) luaL_error(L, "cannot change a tree during its raycast callback");
  return lt;
}

/* a live proxy at i: returns the node index (no conversion of a number
** out of int's range) */
static int check_proxy(lua_State *L, l_tree *lt, int i) {
  lua_Number x;
  if (lua_type(L, i) != LUA_TNUMBER) l_typeerror(L, i, "number");
  x = lua_tonumber(L, i);
  luaL_argcheck(L, x >= 1 && x <= INT_MAX && x == floor(x)
                   && cl_tree_is_proxy(&lt->tree, (int)x - 1), i, "invalid proxy");
  return (int)x - 1;
}

static int push_proxies(lua_State *L, const cl_tree_entry *e, int n) {
  int k;
  lua_createtable(L, n, 0);
  for (k = 0; k < n; k++) {
    lua_pushinteger(L, (lua_Integer)e[k].node + 1);
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

/* ---------------------------------------------------------------------- */

/* A script can call getmetatable(tree).__gc itself: on anything but a
** tree (a shape's memory read as a tree was freed as one), or on a tree
** whose raycast is walking it, that is refused like any other change. */
static int t_gc(lua_State *L) {
  cl_tree_free(&check_unlocked(L)->tree);
  return 0;
}

static int t_new(lua_State *L) {
  double margin = DEFAULT_MARGIN;
  void *ud;
  lua_Alloc alloc = lua_getallocf(L, &ud);
  l_tree *lt;
  if (!lua_isnoneornil(L, 1)) {
    margin = l_checknum(L, 1);
    luaL_argcheck(L, margin >= 0, 1, "negative margin");
  }
  lt = (l_tree *)COLLIDE_NEWUD(L, sizeof(l_tree));
  cl_tree_init(&lt->tree, margin, alloc, ud);
  lt->locked = lt->heap_busy = 0;
  lua_pushvalue(L, L_MT_TREE);
  lua_setmetatable(L, -2);
  return 1;
}

static int t_insert(lua_State *L) {
  l_tree *lt = check_unlocked(L);
  cl_aabb *box = &l_checkshape(L, 2, CL_AABB)->aabb;
  long long id = 0;
  int p, has_id = !lua_isnoneornil(L, 3);
  if (has_id) {
    lua_Number x;
    if (lua_type(L, 3) != LUA_TNUMBER) l_typeerror(L, 3, "number");
    x = lua_tonumber(L, 3);
    luaL_argcheck(L, x == floor(x) && fabs(x) <= 9007199254740992.0, 3,
                  "number has no integer representation");
    id = (long long)x;
  }
  p = cl_tree_insert(&lt->tree, box, id);
  if (p < 0) return luaL_error(L, "not enough memory");
  if (!has_id) lt->tree.nodes[p].id = (long long)p + 1;
  lua_pushinteger(L, (lua_Integer)p + 1);
  return 1;
}

static int t_move(lua_State *L) {
  l_tree *lt = check_unlocked(L);
  int p = check_proxy(L, lt, 2);
  cl_aabb *box = &l_checkshape(L, 3, CL_AABB)->aabb;
  lua_pushboolean(L, cl_tree_move(&lt->tree, p, box));
  return 1;
}

static int t_remove(lua_State *L) {
  l_tree *lt = check_unlocked(L);
  cl_tree_remove(&lt->tree, check_proxy(L, lt, 2));
  return 0;
}

static int t_count(lua_State *L) {
  lua_pushinteger(L, check_tree(L, 1)->tree.count);
  return 1;
}

static int t_height(lua_State *L) {
  lua_pushinteger(L, cl_tree_height(&check_tree(L, 1)->tree));
  return 1;
}

static int t_margin(lua_State *L) {
  lua_pushnumber(L, check_tree(L, 1)->tree.margin);
  return 1;
}

static void copy_box(cl_aabb *dst, const cl_aabb *src) {
  cl_copy(dst->min, src->min);
  cl_copy(dst->max, src->max);
}

static int t_bounds(lua_State *L) {
  l_tree *lt = check_tree(L, 1);
  cl_aabb *out;
  if (!lua_isnoneornil(L, 2)) l_checkshape(L, 2, CL_AABB);
  if (lt->tree.root < 0) { lua_pushnil(L); return 1; }
  out = &l_outshape(L, 2, CL_AABB)->aabb;
  copy_box(out, &lt->tree.nodes[lt->tree.root].box);
  return 1;
}

static int t_fat(lua_State *L) {
  l_tree *lt = check_tree(L, 1);
  int p = check_proxy(L, lt, 2);
  cl_aabb *out = &l_outshape(L, 3, CL_AABB)->aabb;
  copy_box(out, &lt->tree.nodes[p].box);
  return 1;
}

static int t_id(lua_State *L) {
  l_tree *lt = check_tree(L, 1);
  int p = check_proxy(L, lt, 2);
  lua_pushinteger(L, (lua_Integer)lt->tree.nodes[p].id);
  return 1;
}

static int t_validate(lua_State *L) {
  const char *why = NULL;
  if (cl_tree_validate(&check_tree(L, 1)->tree, &why)) {
    lua_pushboolean(L, 1);
    return 1;
  }
  lua_pushboolean(L, 0);
  lua_pushstring(L, why);
  return 2;
}

static int t_query(lua_State *L) {
  l_tree *lt = check_tree(L, 1);
  const cl_tree_entry *e;
  int n = cl_tree_query(&lt->tree, l_checkanyshape(L, 2), &e);
  return push_proxies(L, e, n);
}

static int t_query_convex(lua_State *L) {
  l_tree *lt = check_tree(L, 1);
  cl_plane planes[MAX_PLANES];
  const cl_tree_entry *e;
  size_t len, hole;
  int n, k;
  luaL_checktype(L, 2, LUA_TTABLE);
  len = l_arraylen(L, 2, &hole);   /* a nil inside is refused below */
  luaL_argcheck(L, len <= MAX_PLANES, 2, "too many planes");
  n = (int)len;
  for (k = 0; k < n; k++) {
    cl_shape *s;
    lua_rawgeti(L, 2, k + 1);
    s = l_toshape(L, -1);
    if (s == NULL || s->tag != CL_PLANE) {
      const char *got = l_typename(L, -1);
      return luaL_argerror(L, 2, lua_pushfstring(L, "collide.plane expected at index %d, got %s",
                                                 k + 1, got));
    }
    planes[k] = s->plane;
    lua_pop(L, 1);
  }
  n = cl_tree_query_convex(&lt->tree, planes, n, &e);
  return push_proxies(L, e, n);
}

/* ---------------------------------------------------------------------- */
/* pairs: counted first, then written into a table of the right size, so
** nothing is allocated (and no finalizer can run) during the walks */

typedef struct { lua_State *L; int n; } pair_sink;

static int count_pair(void *ud, int a, int b) {
  (void)a; (void)b;
  ((pair_sink *)ud)->n++;
  return 1;
}

static int store_pair(void *ud, int a, int b) {
  pair_sink *s = (pair_sink *)ud;
  lua_pushinteger(s->L, (lua_Integer)a + 1);
  lua_rawseti(s->L, -2, ++s->n);
  lua_pushinteger(s->L, (lua_Integer)b + 1);
  lua_rawseti(s->L, -2, ++s->n);
  return 1;
}

static int t_pairs(lua_State *L) {
  l_tree *lt = check_tree(L, 1);
  pair_sink s;
  s.L = L;
  s.n = 0;
  cl_tree_pairs(&lt->tree, count_pair, &s);
  lua_createtable(L, 2 * s.n, 0);
  s.n = 0;
  cl_tree_pairs(&lt->tree, store_pair, &s);
  return 1;
}

/* ---------------------------------------------------------------------- */
/* raycast                                                                */

/* a heap for a walk: the tree's own unless a walk is already using it
** (a raycast from inside a callback), then a userdata left on the stack */
static cl_tree_step *take_heap(lua_State *L, l_tree *lt, int *own) {
  size_t n = lt->tree.capacity > 0 ? (size_t)lt->tree.capacity : 1;
  *own = !lt->heap_busy;
  if (*own) { lt->heap_busy = 1; return lt->tree.heap; }
  return (cl_tree_step *)COLLIDE_NEWUD(L, n * sizeof(cl_tree_step));
}

/* tree:raycast(ray): every leaf whose fat box the ray enters, nearest
** first (the list scratch is free: no query runs inside a raycast) */
static int ray_all(lua_State *L, l_tree *lt, const cl_ray *r) {
  const cl_tree_entry *e;
  int own, n;
  cl_tree_step *heap = take_heap(L, lt, &own);
  n = cl_tree_raycast_all(&lt->tree, r, heap, &e);
  if (own) lt->heap_busy = 0;
  return push_proxies(L, e, n);
}

typedef struct {
  double t;
  long long id;
  int node;         /* -1: none yet */
  int nvals;        /* Lua values kept on the stack above base, or */
  cl_hit hit;       /* a C hit when nvals is 0 */
  int nhit;         /* 7 or 9 numbers of hit to push */
} best_hit;

/* the candidate beats the best so far: smaller t, ties to smaller (id, proxy) */
static int better(const best_hit *b, double t, long long id, int node) {
  if (b->node < 0) return t == t;
  if (t != b->t) return t < b->t;
  return id < b->id || (id == b->id && node < b->node);
}

/* call with nargs arguments under pcall; on error unlock and rethrow */
static void call(lua_State *L, l_tree *lt, int own, int nargs, int nres) {
  if (lua_pcall(L, nargs, nres, 0) != 0) {
    lt->locked--;
    if (own) lt->heap_busy = 0;
    lua_error(L);
  }
}

/* keeps the values from first..top as the best, dropping the old ones */
static void keep_values(lua_State *L, best_hit *b, int base, int first) {
  int k, m = lua_gettop(L) - first + 1;
  for (k = 0; k < b->nvals; k++) lua_remove(L, base + 1);
  b->nvals = m;
}

/* tree:raycast(ray, fn) and tree:raycast(ray, shapes, [filter], [items]):
** best-first walk; a candidate is tested only while its fat box starts no
** further than the best exact hit so far */
static int ray_best(lua_State *L, l_tree *lt, const cl_ray *r, int fn) {
  cl_tree_ray c;
  best_hit b;
  double te;
  int own, p, base, has_filter = !fn && !lua_isnoneornil(L, 4), has_items;
  if (!fn) {
    if (has_filter) luaL_checktype(L, 4, LUA_TFUNCTION);
    has_items = !lua_isnoneornil(L, 5);
    if (has_items) luaL_checktype(L, 5, LUA_TTABLE);
  } else {
    has_items = 0;
  }
  lua_settop(L, 5);
  cl_tree_ray_begin(&c, &lt->tree, r, take_heap(L, lt, &own));
  base = lua_gettop(L);
  memset(&b, 0, sizeof b);
  b.node = -1;
  b.t = INFINITY;
  lt->locked++;
  while ((p = cl_tree_ray_next(&c, b.node < 0 ? INFINITY : b.t, &te)) >= 0) {
    long long id = lt->tree.nodes[p].id;
    int top = lua_gettop(L), cvals = 0;
    double t;
    cl_hit h;
    if (fn) {
      lua_pushvalue(L, 3);
      lua_pushinteger(L, (lua_Integer)p + 1);
      lua_pushnumber(L, te + 0.0);
      call(L, lt, own, 2, LUA_MULTRET);
      if (lua_gettop(L) == top || !lua_toboolean(L, top + 1)) { lua_settop(L, top); continue; }
      if (lua_type(L, top + 1) != LUA_TNUMBER) {
        lt->locked--;
        if (own) lt->heap_busy = 0;
        return luaL_error(L, "raycast callback must return a number or nil, got %s",
                          luaL_typename(L, top + 1));
      }
      t = lua_tonumber(L, top + 1);
    } else {
      cl_shape *s;
      lua_rawgeti(L, 3, p + 1);
      s = l_toshape(L, -1);
      if (s != NULL) {
        lua_pop(L, 1);
        if (s->tag == CL_RAY || !cl_cast(r, s, 0, &h)) continue;
        t = h.t;
        cvals = s->tag == CL_TRIANGLE ? 9 : 7;
      } else if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        continue;
      } else {                         /* a mesh or another castable value */
        lua_getfield(L, 2, "cast");
        lua_insert(L, -2);
        lua_pushvalue(L, 2);
        lua_insert(L, -2);
        call(L, lt, own, 2, LUA_MULTRET);
        if (lua_type(L, top + 1) != LUA_TNUMBER) { lua_settop(L, top); continue; }
        t = lua_tonumber(L, top + 1);
      }
    }
    if (!better(&b, t, id, p)) { lua_settop(L, top); continue; }
    if (has_filter) {
      int pass;
      lua_pushvalue(L, 4);
      if (has_items) lua_rawgeti(L, 5, p + 1);
      else lua_pushinteger(L, (lua_Integer)p + 1);
      call(L, lt, own, 1, 1);
      pass = lua_toboolean(L, -1);
      lua_pop(L, 1);
      if (!pass) { lua_settop(L, top); continue; }
    }
    b.t = t;
    b.id = id;
    b.node = p;
    if (cvals) {
      for (; b.nvals > 0; b.nvals--) lua_remove(L, base + 1);
      b.hit = h;
      b.nhit = cvals;
    } else {
      keep_values(L, &b, base, top + 1);
    }
  }
  lt->locked--;
  if (own) lt->heap_busy = 0;
  if (b.node < 0) { lua_pushnil(L); return 1; }
  lua_pushinteger(L, (lua_Integer)b.node + 1);
  if (b.nvals > 0) {
    lua_insert(L, base + 1);
    return b.nvals + 1;
  }
  lua_pushnumber(L, b.hit.t);
  l_pushvec(L, b.hit.p);
  l_pushvec(L, b.hit.n);
  if (b.nhit == 9) {
    lua_pushnumber(L, b.hit.u);
    lua_pushnumber(L, b.hit.v);
  }
  return b.nhit + 1;
}

static int t_raycast(lua_State *L) {
  l_tree *lt = check_tree(L, 1);
  const cl_ray *r = &l_checkshape(L, 2, CL_RAY)->ray;
  switch (lua_type(L, 3)) {
    case LUA_TNONE: case LUA_TNIL: return ray_all(L, lt, r);
    case LUA_TFUNCTION: return ray_best(L, lt, r, 1);
    case LUA_TTABLE: return ray_best(L, lt, r, 0);
    default: return l_typeerror(L, 3, "function or table");
  }
}

const luaL_Reg l_tree_functions[] = {
  {"tree", t_new},
  {NULL, NULL}
};

const luaL_Reg l_tree_methods[] = {
  {"insert", t_insert}, {"move", t_move}, {"remove", t_remove},
  {"query", t_query}, {"query_convex", t_query_convex}, {"raycast", t_raycast},
  {"pairs", t_pairs}, {"count", t_count}, {"height", t_height}, {"margin", t_margin},
  {"bounds", t_bounds}, {"fat", t_fat}, {"id", t_id}, {"validate", t_validate},
  {NULL, NULL}
};

const luaL_Reg l_tree_meta[] = {
  {"__gc", t_gc},
  {NULL, NULL}
};
