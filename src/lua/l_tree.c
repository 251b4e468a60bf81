/*
** l_tree.c - binding of the dynamic AABB tree (collide.tree). Proxies are
** leaf indices plus one.
**
** Lua code can run in the middle of a call: raycast's callbacks, and any
** allocation (a result table, a shape, a scratch) may run finalizers,
** which can use this very tree. So nothing read from the tree is used
** after such a point unless it is known unchanged:
**  - a walk's scratch is the call's own: the tree's cached one, detached
**    while the call runs (code run meanwhile finds none and makes its
**    own), or a new one, taken only once it is large enough for the tree
**    as it is after the allocation;
**  - results are copied to locals before a result is allocated;
**  - pairs counts, sizes its table, and counts again when the tree changed
**    meanwhile (the tree's count of changes, cl_tree's changes, moved);
**  - raycast with callbacks runs under lua_pcall with the tree locked
**    against changes; whatever happens inside (an error, a failing
**    metamethod, running out of memory) it is unlocked before the error
**    goes on.
** The tree's storage (its node block, the cached scratch) lives in Lua
** userdata that the tree's anchor (l_collide.h) keeps alive, so the collector
** counts it and frees it with the tree: there is no __gc. So do the shapes
** that leaves follow (tree:track): an array by proxy beside the tree
** (made by the first track) holds each one's shape's header, the leaf the
** change count it saw last (its stamp), and the anchor's table of tracked
** shapes keeps the shape alive while the leaf does.
*/
#include "fp.h"
#include <limits.h>
#include <math.h>
#include <string.h>
#include "l_collide.h"

#define DEFAULT_MARGIN 0.1
#define MAX_PLANES 32

/* the anchor: a table whose slots keep the storage alive (created
** with both slots, so that setting one never allocates) */
#define SLOT_BLOCK 1
#define SLOT_SCRATCH 2
#define SLOT_TRACKED 3     /* proxy -> the shape its leaf follows */
#define SLOT_PAIRS 4       /* the pairs found last (lt->pairs) */
#define SLOT_SPARE 5       /* the next ones' buffer (lt->spare) */
#define SLOT_FOLLOWS 6     /* the headers of the shapes followed (lt->follows) */

static l_tree *check_tree(lua_State *L, int i) {
  l_tree *lt = l_totree(L, i);
  if (lt == NULL) l_typeerror(L, i, "collide.tree");
  return lt;
}

static l_tree *check_unlocked(lua_State *L) {
  l_tree *lt = check_tree(L, 1);
  if (lt->locked) luaL_error(L, "cannot change a tree during its raycast callback");
  if (lt->owned) l_argerror(L, 1, "a scene's tree cannot be changed");
  return lt;
}

/* a live proxy at i: returns the node index (no conversion of a number
** out of int's range) */
static int check_proxy(lua_State *L, l_tree *lt, int i) {
  lua_Number x;
  if (lua_type(L, i) != LUA_TNUMBER) l_typeerror(L, i, "number");
  x = lua_tonumber(L, i);
  l_argcheck(L, x >= 1 && x <= INT_MAX && x == floor(x)
                   && cl_tree_is_proxy(&lt->tree, (int)x - 1), i, "invalid proxy");
  return (int)x - 1;
}

/* the tree's memory comes from Lua userdata (cl_tree_adopt): the tree's
** own allocator refuses, so it never allocates by itself */
static void *no_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  (void)ud; (void)ptr; (void)osize; (void)nsize;
  return NULL;
}

/* A scratch for one call on the tree at index 1, at least as large as the
** tree, pushed (the stack keeps it alive): the cached one, detached, or a
** new one. An allocation may run finalizers that grow the tree, so the
** size is checked again after it. */
static void take_scratch(lua_State *L, l_tree *lt, cl_tree_scratch *sc) {
  for (;;) {
    int need = lt->tree.capacity > 0 ? lt->tree.capacity : 1;
    size_t size;
    void *mem;
    if (lt->cache.capacity >= need) {
      *sc = lt->cache;
      lt->cache.capacity = 0;
      l_detachslot(L, 1, SLOT_SCRATCH);
      return;
    }
    size = cl_tree_scratch_size(need);
    if (size == 0) luaL_error(L, "not enough memory");
    mem = COLLIDE_NEWUD(L, size);
    if (lt->tree.capacity <= need) {
      cl_tree_scratch_init(sc, mem, need);
      return;
    }
    lua_pop(L, 1);
  }
}

/* the call is done with its scratch (at index i): cached when larger than
** what the tree holds (an error on the way only loses it) */
static void give_back(lua_State *L, l_tree *lt, const cl_tree_scratch *sc, int i) {
  if (sc->capacity > lt->cache.capacity) {
    lt->cache = *sc;
    lua_pushvalue(L, i);
    l_setslot(L, 1, SLOT_SCRATCH);
  }
}

/* free nodes for one insert into the tree at i: a larger block is
** allocated as a userdata (which may run finalizers that change the tree:
** checked again after) */
void l_tree_room(lua_State *L, int i) {
  l_tree *lt = l_totree(L, i);
  while (cl_tree_full(&lt->tree)) {
    int cap = cl_tree_next_capacity(&lt->tree);
    size_t size = cap > 0 ? cl_tree_block_size(cap) : 0;
    void *block;
    if (size == 0) luaL_error(L, "not enough memory");
    block = COLLIDE_NEWUD(L, size);
    if (cl_tree_full(&lt->tree) && cl_tree_next_capacity(&lt->tree) == cap) {
      (void)cl_tree_adopt(&lt->tree, block, cap);  /* the old block: garbage */
      l_setslot(L, i, SLOT_BLOCK);
    } else {
      lua_pop(L, 1);
    }
    COLLIDE_GC_PACE(L, size);                      /* may run finalizers */
  }
}

void l_tree_reserve(lua_State *L, int i, int n) {
  l_tree *lt = l_totree(L, i);
  while (lt->tree.capacity < n) {
    int cap = cl_tree_next_capacity(&lt->tree);
    size_t size = cap > 0 ? cl_tree_block_size(cap) : 0;
    void *block;
    if (size == 0) luaL_error(L, "not enough memory");
    block = COLLIDE_NEWUD(L, size);
    if (lt->tree.capacity < n && cl_tree_next_capacity(&lt->tree) == cap) {
      (void)cl_tree_adopt(&lt->tree, block, cap);  /* the old block: garbage */
      l_setslot(L, i, SLOT_BLOCK);
    } else {
      lua_pop(L, 1);
    }
    COLLIDE_GC_PACE(L, size);                      /* may run finalizers */
  }
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

static int t_new(lua_State *L) {
  double margin = DEFAULT_MARGIN;
  l_tree *lt;
  if (!lua_isnoneornil(L, 1)) {
    margin = l_checknum(L, 1);
    l_argcheck(L, margin >= 0, 1, "negative margin");
  }
  lua_settop(L, 0);
  lt = (l_tree *)COLLIDE_NEWUD(L, sizeof(l_tree));
  memset(lt, 0, sizeof *lt);
  l_setheader(lt, L_OBJ_TREE);
  cl_tree_init(&lt->tree, margin, no_alloc, NULL);
  lua_pushvalue(L, L_MT_TREE);
  lua_setmetatable(L, 1);
  lua_createtable(L, 6, 0);
  lua_pushboolean(L, 0);
  lua_rawseti(L, -2, SLOT_BLOCK);
  lua_pushboolean(L, 0);
  lua_rawseti(L, -2, SLOT_FOLLOWS);
  lua_pushboolean(L, 0);
  lua_rawseti(L, -2, SLOT_PAIRS);
  lua_pushboolean(L, 0);
  lua_rawseti(L, -2, SLOT_SPARE);
  lua_pushboolean(L, 0);
  lua_rawseti(L, -2, SLOT_SCRATCH);
  lua_newtable(L);
  lua_rawseti(L, -2, SLOT_TRACKED);
  l_setanchor(L, 1);
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
    l_argcheck(L, x == floor(x) && fabs(x) <= 9007199254740992.0, 3,
                  "number has no integer representation");
    id = (long long)x;
  }
  l_tree_room(L, 1);
  p = cl_tree_insert(&lt->tree, box, id);
  if (p < 0) return luaL_error(L, "not enough memory");
  if (!has_id) lt->tree.leaves[p].id = (long long)p + 1;
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

/* pushes the table of tracked shapes of the tree at index 1 */
static void get_tracked(lua_State *L) {
  l_getanchor(L, 1);
  lua_rawgeti(L, -1, SLOT_TRACKED);
  lua_remove(L, -2);
}

/* the header of the shape the leaf p follows, NULL when none */
static const void *followed(const l_tree *lt, int p) {
  return p < lt->nfollows ? lt->follows[p] : NULL;
}

/* room in lt->follows for every proxy of the tree (at 1) as it is: the
** array grown as a userdata (which may run finalizers that grow the tree
** or track leaves: the larger array is kept) */
static void follows_room(lua_State *L, l_tree *lt) {
  int need = lt->tree.capacity;
  const void **a;
  if (need <= lt->nfollows) return;
  a = (const void **)COLLIDE_NEWUD(L, (size_t)need * sizeof *a);
  if (need <= lt->nfollows) { lua_pop(L, 1); return; }
  memset(a, 0, (size_t)need * sizeof *a);
  if (lt->nfollows > 0) memcpy(a, lt->follows, (size_t)lt->nfollows * sizeof *a);
  lt->follows = a;
  lt->nfollows = need;
  l_setslot(L, 1, SLOT_FOLLOWS);
}

static int t_remove(lua_State *L) {
  l_tree *lt = check_unlocked(L);
  int p = check_proxy(L, lt, 2);
  if (followed(lt, p) != NULL) {
    get_tracked(L);
    lua_pushnil(L);
    lua_rawseti(L, -2, p + 1);
    lt->follows[p] = NULL;
  }
  cl_tree_remove(&lt->tree, p);
  return 0;
}

/* tree:track(proxy, shape) -> moved: the leaf follows the shape, refitted
** now (as tree:move) and by tree:sync() after each change to it;
** tree:track(proxy, nil) stops that. The shape is stored first: the table
** may grow, so the proxy is checked again before the leaf is touched. */
static int t_track(lua_State *L) {
  l_tree *lt = check_unlocked(L);
  int p = check_proxy(L, lt, 2), moved = 0;
  cl_shape *s = NULL;
  cl_aabb box;
  if (lua_toboolean(L, 3)) {
    s = l_checkanyshape(L, 3);
    l_argcheck(L, cl_bounds(s, &box), 3, "shape has no bounds");
  }
  lua_settop(L, 3);
  get_tracked(L);
  if (s != NULL) lua_pushvalue(L, 3); else lua_pushnil(L);
  lua_rawseti(L, 4, p + 1);
  if (s != NULL) follows_room(L, lt);
  l_argcheck(L, cl_tree_is_proxy(&lt->tree, p), 2, "invalid proxy");
  if (p < lt->nfollows) lt->follows[p] = s != NULL ? (const void *)L_UDHEADER(s) : NULL;
  lt->tree.leaves[p].stamp = s != NULL ? L_UDHEADER(s)->changes : 0;
  if (s != NULL) moved = cl_tree_move(&lt->tree, p, &box);
  lua_pushboolean(L, moved);
  return 1;
}

/* the leaf i follows a shape that changed since it was last refitted */
static const l_udheader *changed_shape(const l_tree *lt, int i) {
  const cl_tree_leaf *n = &lt->tree.leaves[i];
  const l_udheader *u = (const l_udheader *)followed(lt, i);
  return CL_TREE_LIVE(n) && u != NULL && u->changes != n->stamp ? u : NULL;
}

/* tree:sync() -> refitted, [lost]: every leaf whose shape changed since it
** was last refitted is moved to the shape's bounds, without running Lua
** code; leaves whose shapes have no bounds now (a ray given an infinite
** tmax) are left as they were and listed in lost, in leaf order, as the
** pass found them (a finalizer that the table's growth runs may change
** the tree meanwhile; its changes are the next sync's). The pass also counts
** the leaves that leave their fat boxes, for the tree's batch policy
** (cl_tree_batch_begin in tree.c: many escaping leaves are refitted in one
** pass rather than reinserted one by one). */
static int t_sync(lua_State *L) {
  l_tree *lt = check_unlocked(L);
  cl_tree *t = &lt->tree;
  cl_tree_scratch sc;
  int i, n = 0, nchanged = 0, lost = 0, k, escaping = 0, batch;
  lua_settop(L, 1);
  lua_newtable(L);                          /* 2: the lost leaves (may run finalizers) */
  take_scratch(L, lt, &sc);                 /* 3 */
  /* the changed leaves listed from the scratch's start, the lost ones
  ** from its end (a leaf is one or the other): no Lua code runs from here
  ** until they are all read, so the list is of this moment, whatever the
  ** finalizers that the list's own growth runs then do to the tree */
  for (i = 0; i < lt->nfollows; i++) {
    const l_udheader *u = changed_shape(lt, i);
    cl_aabb box;
    if (u == NULL) continue;
    if (!cl_bounds(L_UDSHAPE(u), &box)) { sc.stack[sc.capacity - ++lost] = i; continue; }
    escaping += cl_tree_escapes(t, i, &box);
    sc.stack[nchanged++] = i;
  }
  batch = cl_tree_batch_begin(t, escaping);
  for (k = 0; k < nchanged; k++) {
    const l_udheader *u;
    cl_aabb box;
    i = sc.stack[k];
    u = (const l_udheader *)lt->follows[i];
    (void)cl_bounds(L_UDSHAPE(u), &box);
    t->leaves[i].stamp = u->changes;
    (void)cl_tree_batch_move(t, batch, i, &box);
    n++;
  }
  cl_tree_batch_end(t, batch);
  /* in the order of the leaves; the scratch stays taken (at 3) meanwhile */
  for (k = 0; k < lost; k++) {
    lua_pushinteger(L, (lua_Integer)sc.stack[sc.capacity - lost + k] + 1);
    lua_rawseti(L, 2, lost - k);
  }
  give_back(L, lt, &sc, 3);
  lua_pushinteger(L, n);
  if (lost == 0) return 1;
  lua_pushvalue(L, 2);
  return 2;
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

/* the box is read before the result shape is allocated (which may run
** finalizers that change the tree) */
static int t_bounds(lua_State *L) {
  l_tree *lt = check_tree(L, 1);
  cl_aabb box;
  if (!lua_isnoneornil(L, 2)) l_checkshape(L, 2, CL_AABB);
  if (!cl_tree_bounds(&lt->tree, &box)) { lua_pushnil(L); return 1; }
  l_outshape(L, 2, CL_AABB)->aabb = box;
  return 1;
}

static int t_fat(lua_State *L) {
  l_tree *lt = check_tree(L, 1);
  cl_aabb box;
  cl_tree_fat(&lt->tree, check_proxy(L, lt, 2), &box);
  l_outshape(L, 3, CL_AABB)->aabb = box;
  return 1;
}

static int t_id(lua_State *L) {
  l_tree *lt = check_tree(L, 1);
  int p = check_proxy(L, lt, 2);
  lua_pushinteger(L, (lua_Integer)lt->tree.leaves[p].id);
  return 1;
}

static int t_validate(lua_State *L) {
  l_tree *lt = check_tree(L, 1);
  const char *why = NULL;
  cl_tree_scratch sc;
  int ok;
  lua_settop(L, 1);
  take_scratch(L, lt, &sc);
  ok = cl_tree_validate(&lt->tree, &sc, &why);
  give_back(L, lt, &sc, 2);
  if (ok) {
    lua_pushboolean(L, 1);
    return 1;
  }
  lua_pushboolean(L, 0);
  lua_pushstring(L, why);
  return 2;
}

/* the walk's entries are in the call's own scratch, which the allocation
** of the result table cannot touch */
static int t_query(lua_State *L) {
  l_tree *lt = check_tree(L, 1);
  const cl_tree_entry *e;
  cl_tree_scratch sc;
  cl_shape *s = l_checkanyshape(L, 2);
  int n;
  lua_settop(L, 2);
  take_scratch(L, lt, &sc);
  n = cl_tree_query(&lt->tree, s, &sc, &e);
  push_proxies(L, e, n);
  give_back(L, lt, &sc, 3);
  return 1;
}

static int t_query_convex(lua_State *L) {
  l_tree *lt = check_tree(L, 1);
  cl_plane planes[MAX_PLANES];
  const cl_tree_entry *e;
  size_t len, hole;
  cl_tree_scratch sc;
  int n, k;
  l_checktype(L, 2, LUA_TTABLE);
  len = l_arraylen(L, 2, &hole);   /* a nil inside is refused below */
  l_argcheck(L, len <= MAX_PLANES, 2, "too many planes");
  n = (int)len;
  for (k = 0; k < n; k++) {
    cl_shape *s;
    lua_rawgeti(L, 2, k + 1);
    s = l_toshape(L, -1);
    if (s == NULL || s->tag != CL_PLANE) {
      const char *got = l_typename(L, -1);
      return l_argerror(L, 2, lua_pushfstring(L, "collide.plane expected at index %d, got %s",
                                                 k + 1, got));
    }
    planes[k] = s->plane;
    lua_pop(L, 1);
  }
  lua_settop(L, 2);
  take_scratch(L, lt, &sc);
  n = cl_tree_query_convex(&lt->tree, planes, n, &sc, &e);
  push_proxies(L, e, n);
  give_back(L, lt, &sc, 3);
  return 1;
}

/* ---------------------------------------------------------------------- */
/* pairs: the tree keeps the pairs it found last (lt->pairs) and a spare
** buffer, both Lua userdata in its anchor; a call detaches both while
** it runs (code run meanwhile finds none: it walks the whole tree and
** keeps its own), finds the pairs into the spare one from the last ones
** and the leaves moved since (cl_tree_pairs_update), then writes them into
** a table of the right size: nothing is allocated (and no finalizer can
** run) between the walk and the table's last write; when the table's
** allocation ran code that changed the tree, they are found again. */

/* detaches the buffer in slot (lt's *b) and pushes it, or pushes a new one
** with room for at least need pairs (invalid) when it has less */
static void take_buf(lua_State *L, l_pairbuf *b, int slot, size_t need, l_pairbuf *out) {
  if (b->room > 0 && b->room >= need) {
    *out = *b;
    b->room = 0;
    b->valid = 0;
    l_detachslot(L, 1, slot);
    return;
  }
  if (need < 64) need = 64;
  if (need > ((size_t)-1) / sizeof(cl_tree_pair) / 2) luaL_error(L, "not enough memory");
  need += need / 2;
  memset(out, 0, sizeof *out);
  out->room = need;
  out->p = (cl_tree_pair *)COLLIDE_NEWUD(L, need * sizeof(cl_tree_pair));
}

/* the buffer at index i becomes the tree's in slot */
static void keep_buf(lua_State *L, l_pairbuf *b, int slot, const l_pairbuf *x, int i) {
  *b = *x;
  lua_pushvalue(L, i);
  l_setslot(L, 1, slot);
}

/* tree:pairs(), walking with the scratch given (NULL: the tree's own) when
** it is large enough for the tree */
/* the tree's pairs into its buffer lt->pairs; pushed as the flat array
** of proxies when table is set, else nothing */
static int pairs_table(lua_State *L, l_tree *lt, const cl_tree_scratch *given, int table) {
  cl_tree_scratch sc;
  l_pairbuf old, out;
  size_t need = 0;
  long long n;
  int k, own;
  for (;;) {
    unsigned v;
    lua_settop(L, 1);
    take_buf(L, &lt->pairs, SLOT_PAIRS, 0, &old);        /* 2 */
    take_buf(L, &lt->spare, SLOT_SPARE, need, &out);     /* 3 */
    own = given == NULL || given->capacity < lt->tree.capacity;
    if (own) take_scratch(L, lt, &sc);                    /* 4 */
    else { sc = *given; lua_pushnil(L); }
    v = lt->tree.changes;
    n = cl_tree_pairs_update(&lt->tree, &sc, old.valid ? old.p : NULL, old.n, old.epoch,
                             out.p, (long long)out.room);
    if (own) give_back(L, lt, &sc, 4);
    if (n > INT_MAX / 2 - 1) return luaL_error(L, "not enough memory");
    if ((size_t)n > out.room) {                           /* more room, and again */
      keep_buf(L, &lt->pairs, SLOT_PAIRS, &old, 2);
      need = (size_t)n;
      continue;
    }
    out.n = n;
    out.epoch = lt->tree.pairs_epoch;
    out.valid = 1;
    if (table) lua_createtable(L, 2 * (int)n, 0);         /* 5 */
    else lua_pushnil(L);
    /* the last pairs are now these; the old buffer is the spare one */
    keep_buf(L, &lt->pairs, SLOT_PAIRS, &out, 3);
    old.valid = 0;
    keep_buf(L, &lt->spare, SLOT_SPARE, &old, 2);
    if (lt->tree.changes == v) break;
  }
  if (!table) return 0;
  for (k = 0; k < (int)n; k++) {
    lua_pushinteger(L, (lua_Integer)out.p[k].a + 1);
    lua_rawseti(L, 5, 2 * k + 1);
    lua_pushinteger(L, (lua_Integer)out.p[k].b + 1);
    lua_rawseti(L, 5, 2 * k + 2);
  }
  return 1;
}

static int t_pairs(lua_State *L) { return pairs_table(L, check_tree(L, 1), NULL, 1); }

int l_tree_pairs_with(lua_State *L) {
  const cl_tree_scratch *sc = (const cl_tree_scratch *)lua_touserdata(L, 2);
  l_tree *lt = (l_tree *)lua_touserdata(L, 1);
  return pairs_table(L, lt, sc, 0);
}

/* ---------------------------------------------------------------------- */
/* raycast                                                                */

/* tree:raycast(ray): every leaf whose fat box the ray enters, nearest
** first */
static int ray_all(lua_State *L, l_tree *lt, const cl_ray *r) {
  const cl_tree_entry *e;
  cl_tree_scratch sc;
  int n;
  lua_settop(L, 2);
  take_scratch(L, lt, &sc);
  n = cl_tree_raycast_all(&lt->tree, r, &sc, &e);
  push_proxies(L, e, n);
  give_back(L, lt, &sc, 3);
  return 1;
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

/* keeps the values from first..top as the best, dropping the old ones */
static void keep_values(lua_State *L, best_hit *b, int base, int first) {
  int k, m = lua_gettop(L) - first + 1;
  for (k = 0; k < b->nvals; k++) lua_remove(L, base + 1);
  b->nvals = m;
}

/* what ray_best needs besides its arguments */
typedef struct {
  l_tree *lt;
  const cl_ray *r;
  cl_tree_scratch *sc;
  int fn, has_filter, has_items;
  double te;        /* the entry t of the leaf being tested */
  lua_State *L;     /* ray_visit's: the state, */
  best_hit *b;      /* the best so far */
  int base;         /* and the stack index below its values */
} ray_job;

/* the exact hit of leaf p, its values above top: HIT_NONE for none; else
** its t in *t and HIT_LUA when the hit is the values from top + 1 up (a
** callback's, a mesh's cast), or the count of numbers of the C hit *h */
#define HIT_NONE (-1)
#define HIT_LUA 0
static int leaf_hit(lua_State *L, const ray_job *j, int p, int top, double *t, cl_hit *h) {
  cl_shape *s;
  if (j->fn) {                         /* tree:raycast(ray, fn) */
    lua_pushvalue(L, 3);
    lua_pushinteger(L, (lua_Integer)p + 1);
    lua_pushnumber(L, j->te + 0.0);
    lua_call(L, 2, LUA_MULTRET);
    if (lua_gettop(L) == top || !lua_toboolean(L, top + 1)) return HIT_NONE;
    if (lua_type(L, top + 1) != LUA_TNUMBER)
      return luaL_error(L, "raycast callback must return a number or nil, got %s",
                        luaL_typename(L, top + 1));
    *t = lua_tonumber(L, top + 1);
    return HIT_LUA;
  }
  lua_rawgeti(L, 3, p + 1);            /* tree:raycast(ray, shapes, ...) */
  s = l_toshape(L, -1);
  if (s != NULL) {
    lua_pop(L, 1);
    if (s->tag == CL_RAY || !cl_cast(j->r, s, 0, h)) return HIT_NONE;
    *t = h->t;
    return s->tag == CL_TRIANGLE ? 9 : 7;
  }
  if (lua_isnil(L, -1)) return HIT_NONE;
  lua_getfield(L, 2, "cast");          /* a mesh or another castable value */
  lua_insert(L, -2);
  lua_pushvalue(L, 2);
  lua_insert(L, -2);
  lua_call(L, 2, LUA_MULTRET);
  if (lua_type(L, top + 1) != LUA_TNUMBER) return HIT_NONE;
  *t = lua_tonumber(L, top + 1);
  return HIT_LUA;
}

/* the filter's verdict on leaf p (its item when items were given) */
static int passes(lua_State *L, const ray_job *j, int p) {
  int pass;
  if (!j->has_filter) return 1;
  lua_pushvalue(L, 4);
  if (j->has_items) lua_rawgeti(L, 5, p + 1);
  else lua_pushinteger(L, (lua_Integer)p + 1);
  lua_call(L, 1, 1);
  pass = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return pass;
}

/* the result: nil, or the proxy and the best hit's values */
static int push_best(lua_State *L, const best_hit *b, int base) {
  if (b->node < 0) { lua_pushnil(L); return 1; }
  lua_pushinteger(L, (lua_Integer)b->node + 1);
  if (b->nvals > 0) {
    lua_insert(L, base + 1);
    return b->nvals + 1;
  }
  lua_pushnumber(L, b->hit.t);
  l_pushvec(L, b->hit.p);
  l_pushvec(L, b->hit.n);
  if (b->nhit == 9) {
    lua_pushnumber(L, b->hit.u);
    lua_pushnumber(L, b->hit.v);
  }
  return b->nhit + 1;
}

/* tree:raycast(ray, fn) and tree:raycast(ray, shapes, [filter], [items]):
** best-first walk; a candidate is tested only while its fat box starts no
** further than the best exact hit so far. Runs under lua_pcall with the
** tree locked (t_raycast): arguments 1..5 as raycast's, 6 the job. */
static int ray_visit(void *ud, int p, double te, double *limit) {
  ray_job *j = (ray_job *)ud;
  lua_State *L = j->L;
  best_hit *b = j->b;
  long long id = j->lt->tree.leaves[p].id;
  int top = lua_gettop(L), kind;
  double t = 0;
  cl_hit h;
  j->te = te;
  kind = leaf_hit(L, j, p, top, &t, &h);
  if (kind == HIT_NONE || !better(b, t, id, p) || !passes(L, j, p)) {
    lua_settop(L, top);
    return 0;
  }
  b->t = t;
  b->id = id;
  b->node = p;
  *limit = t;
  if (kind != HIT_LUA) {
    for (; b->nvals > 0; b->nvals--) lua_remove(L, j->base + 1);
    b->hit = h;
    b->nhit = kind;
  } else {
    keep_values(L, b, j->base, top + 1);
  }
  return 0;
}

static int ray_best(lua_State *L) {
  ray_job *j = (ray_job *)lua_touserdata(L, 6);
  best_hit b;
  lua_settop(L, 6);
  memset(&b, 0, sizeof b);
  b.node = -1;
  b.t = INFINITY;
  j->L = L;
  j->b = &b;
  j->base = lua_gettop(L);
  (void)cl_tree_raycast_best(&j->lt->tree, j->r, j->sc, ray_visit, j);
  return push_best(L, &b, j->base);
}

/* Everything that can fail or run Lua code while the tree is locked runs
** inside the pcall: the tree is unlocked before any error goes on. The
** scratch is taken last of what allocates, so it fits the tree that the
** walk sees (locked, the tree cannot change after). */
static int t_raycast(lua_State *L) {
  l_tree *lt = check_tree(L, 1);
  ray_job j;
  cl_tree_scratch sc;
  int k, status, type = lua_type(L, 3);
  j.lt = lt;
  j.r = &l_checkshape(L, 2, CL_RAY)->ray;
  j.fn = type == LUA_TFUNCTION;
  j.has_filter = j.has_items = 0;
  switch (type) {
    case LUA_TNONE: case LUA_TNIL: return ray_all(L, lt, j.r);
    case LUA_TFUNCTION: break;
    case LUA_TTABLE:
      j.has_filter = !lua_isnoneornil(L, 4);
      if (j.has_filter) l_checktype(L, 4, LUA_TFUNCTION);
      j.has_items = !lua_isnoneornil(L, 5);
      if (j.has_items) l_checktype(L, 5, LUA_TTABLE);
      break;
    default: return l_typeerror(L, 3, "function or table");
  }
  lua_settop(L, 5);
  lua_pushcfunction(L, ray_best);           /* 6 */
  take_scratch(L, lt, &sc);                 /* 7 */
  j.sc = &sc;
  lua_pushvalue(L, 6);
  for (k = 1; k <= 5; k++) lua_pushvalue(L, k);
  lua_pushlightuserdata(L, &j);
  lt->locked++;
  status = lua_pcall(L, 6, LUA_MULTRET, 0);
  lt->locked--;
  if (status != 0) lua_error(L);
  give_back(L, lt, &sc, 7);
  return lua_gettop(L) - 7;
}

const luaL_Reg l_tree_functions[] = {
  {"tree", t_new},
  {NULL, NULL}
};

const luaL_Reg l_tree_methods[] = {
  {"insert", t_insert}, {"move", t_move}, {"remove", t_remove},
  {"track", t_track}, {"sync", t_sync},
  {"query", t_query}, {"query_convex", t_query_convex}, {"raycast", t_raycast},
  {"pairs", t_pairs}, {"count", t_count}, {"height", t_height}, {"margin", t_margin},
  {"bounds", t_bounds}, {"fat", t_fat}, {"id", t_id}, {"validate", t_validate},
  {NULL, NULL}
};

/* no __gc: the storage is Lua's (see above) */
const luaL_Reg l_tree_meta[] = {
  {NULL, NULL}
};
