/*
** l_mesh.c - binding of the triangle mesh with its BVH (collide.mesh).
** The mesh's arrays live in Lua userdata that the mesh's anchor (l_collide.h) keeps
** alive (the vertices and indices in one, the hierarchy in another, sized
** exactly once built), so the collector counts them and frees them with
** the mesh: there is no __gc. The mesh is filled in only when complete
** and never changes after, so Lua code run by an allocation (a finalizer)
** finds it either empty or whole. Queries allocate nothing but the result
** table, and their scratch is the call's own.
*/
#include "fp.h"
#include <stdlib.h>
#include <string.h>
#include "l_collide.h"

/* the anchor: a table whose slots keep the storage alive (created
** with every slot, so that setting one never allocates) */
#define SLOT_INPUT 1
#define SLOT_TREE 2
#define SLOT_SCRATCH 3

static l_mesh *check_mesh(lua_State *L, int i) {
  l_mesh *m = l_tomesh(L, i);
  if (m == NULL) l_typeerror(L, i, "collide.mesh");
  return m;
}

/* ---------------------------------------------------------------------- */
/* construction                                                           */

static void read_indices(lua_State *L, cl_mesh *m, size_t n) {
  size_t k;
  for (k = 1; k <= n; k++) {
    double x;
    lua_rawgeti(L, 2, (lua_Integer)k);
    if (lua_type(L, -1) != LUA_TNUMBER)
      l_argerror(L, 2, lua_pushfstring(L, "integer expected at index %d, got %s", (int)k,
                                          l_typename(L, lua_gettop(L))));
    x = lua_tonumber(L, -1);
    if (x != floor(x) || x - x != 0)
      l_argerror(L, 2, lua_pushfstring(L, "integer expected at index %d, got %s", (int)k,
                                          l_pushnumtext(L, x)));
    if (x < 1 || x > (double)m->nv)
      l_argerror(L, 2, lua_pushfstring(L, "vertex index out of range at index %d, got %s",
                                          (int)k, l_pushnumtext(L, x)));
    m->tri[k - 1] = (uint32_t)(x - 1);
    lua_pop(L, 1);
  }
}

/* whether the input of nv vertices and nt triangles has a size in bytes */
static int input_fits(size_t nv, size_t nt) {
  return nv <= ((size_t)-1 / 2) / (3 * sizeof(double)) && nt <= ((size_t)-1 / 2) / (3 * sizeof(uint32_t));
}

/* the vertices and indices of tmp in one userdata, pushed, with room
** after the indices for nt materials when with_mat (tmp->material then
** points there, for the caller to fill) */
static void push_input(lua_State *L, cl_mesh *tmp, size_t nv, size_t nt, int with_mat) {
  size_t vbytes = nv * 3 * sizeof(double);
  char *input = (char *)COLLIDE_NEWUD(L, vbytes + nt * (with_mat ? 4 : 3) * sizeof(uint32_t) + 1);
  cl_mesh_use(tmp, (double *)(void *)input, nv, (uint32_t *)(void *)(input + vbytes), nt);
  if (with_mat) cl_mesh_use_materials(tmp, tmp->tri + 3 * nt);
}

/* no indices: the vertices taken three at a time */
static void consecutive(cl_mesh *tmp) {
  size_t k;
  for (k = 0; k < 3 * tmp->nt; k++) tmp->tri[k] = (uint32_t)k;
}

/* One pass over the table at i, when its keys are exactly 1..n and its
** values numbers: finite ones into v, or with v NULL integers from 1 to
** nv into tri (less one); 0 at the first thing that is not so. lua_next
** allocates nothing, so nothing runs Lua code during the pass. */
static int read_plain_array(lua_State *L, int i, size_t n, double *v, uint32_t *tri, size_t nv) {
  size_t seen = 0;
  lua_pushnil(L);
  while (lua_next(L, i)) {
    double k, x;
    int ok = lua_type(L, -2) == LUA_TNUMBER && lua_type(L, -1) == LUA_TNUMBER;
    k = ok ? lua_tonumber(L, -2) : 0;
    x = ok ? lua_tonumber(L, -1) : 0;
    lua_pop(L, 1);
    if (!ok || !(k >= 1 && k <= (double)n && k == floor(k))
        || (v != NULL ? x - x != 0 : !(x >= 1 && x <= (double)nv && x == floor(x)))) {
      lua_pop(L, 1);
      return 0;
    }
    if (v != NULL) v[(size_t)k - 1] = x;
    else tri[(size_t)k - 1] = (uint32_t)(x - 1);
    seen++;
  }
  return seen == n;
}

/* The usual input, read in one pass over each table: flat arrays whose
** keys are exactly 1..n (n their length by lua_rawlen) of finite numbers,
** the indices integers from 1 to the vertex count. The mesh's input is
** pushed, holding them; 0, with nothing pushed, at the first thing that
** is not so (a hole, another key, a vector, a bad number), which
** read_careful then reads and names. */
static int read_plain(lua_State *L, int has_idx, int with_mat, cl_mesh *tmp) {
  size_t n = (size_t)lua_rawlen(L, 1), ni = has_idx ? (size_t)lua_rawlen(L, 2) : 0;
  size_t nv = n / 3, nt = has_idx ? ni / 3 : nv / 3;
  if (n == 0 || n % 3 != 0 || (has_idx ? ni % 3 != 0 : nv % 3 != 0) || nv > UINT32_MAX
      || nt > UINT32_MAX || !input_fits(nv, nt))
    return 0;
  push_input(L, tmp, nv, nt, with_mat);
  if (!read_plain_array(L, 1, n, tmp->v, NULL, 0)
      || (has_idx && !read_plain_array(L, 2, ni, NULL, tmp->tri, nv))) {
    lua_pop(L, 1);
    return 0;
  }
  if (!has_idx) consecutive(tmp);
  return 1;
}

/* any input: its lengths taken by every integer key (a hole is an error
** that names its index), vertices as numbers or vectors, every element
** checked and named when wrong; the input pushed */
static void read_careful(lua_State *L, int has_idx, int with_mat, cl_mesh *tmp) {
  size_t n, nv, nt, ni = 0, hole;
  int flat = 1;
  n = l_point_array(L, 1, &flat);
  nv = flat ? n / 3 : n;
  if (has_idx) {
    ni = l_arraylen(L, 2, &hole);
    if (hole)
      l_argerror(L, 2, lua_pushfstring(L, "integer expected at index %d, got nil", (int)hole));
    l_argcheck(L, ni % 3 == 0, 2, "index array length is not a multiple of 3");
    nt = ni / 3;
  } else {
    l_argcheck(L, nv % 3 == 0, 1, "vertex count is not a multiple of 3");
    nt = nv / 3;
  }
  l_argcheck(L, nv <= UINT32_MAX, 1, "too many vertices");
  l_argcheck(L, nt <= UINT32_MAX, has_idx ? 2 : 1, "too many triangles");
  if (!input_fits(nv, nt)) luaL_error(L, "not enough memory");
  push_input(L, tmp, nv, nt, with_mat);
  l_read_points(L, 1, tmp->v, n, flat);
  if (has_idx) read_indices(L, tmp, ni);
  else consecutive(tmp);
}

/* the userdata's index on the stack of f_mesh */
#define UD 4

/* collide.mesh(vertices, [indices], [options]) */
static int f_mesh(lua_State *L) {
  size_t nt, k, size;
  int has_idx, with_mat;
  l_mesh *lm;
  cl_mesh tmp;
  void *scratch;
  l_checktype(L, 1, LUA_TTABLE);
  has_idx = !lua_isnoneornil(L, 2);
  if (has_idx) l_checktype(L, 2, LUA_TTABLE);
  lua_settop(L, 3);
  if (!lua_isnil(L, 3)) {
    l_checktype(L, 3, LUA_TTABLE);
    l_materials_option(L, 3);
    lua_replace(L, 3);                                          /* 3: the materials or nil */
  }
  with_mat = !lua_isnil(L, 3);
  /* the userdata first, empty until complete: Lua code run by the
  ** allocations or the reading below (metamethods, finalizers) may reach it */
  lm = (l_mesh *)COLLIDE_NEWUD(L, sizeof *lm);                  /* UD */
  memset(lm, 0, sizeof *lm);
  l_setheader(lm, L_OBJ_MESH);
  cl_mesh_init(&lm->m);
  lua_pushvalue(L, L_MT_MESH);
  lua_setmetatable(L, UD);
  lua_createtable(L, 3, 0);
  for (k = 1; k <= 3; k++) {
    lua_pushboolean(L, 0);
    lua_rawseti(L, -2, (int)k);
  }
  l_setanchor(L, UD);
  if (!read_plain(L, has_idx, with_mat, &tmp)) read_careful(L, has_idx, with_mat, &tmp);
  /* the materials into their room, after the indices */
  if (with_mat) l_read_materials(L, 3, 3, tmp.tri + 3 * tmp.nt, tmp.nt, "triangle");
  l_setslot(L, UD, SLOT_INPUT);
  tmp.renumber = 1;                 /* the input is the mesh's own copy */
  nt = tmp.nt;
  /* the build in a scratch userdata (garbage after), the hierarchy kept in
  ** one of its exact size */
  size = cl_mesh_build_size(nt);
  if (size == 0) return luaL_error(L, "not enough memory");
  scratch = COLLIDE_NEWUD(L, size);
  if (!cl_mesh_build_in(&tmp, scratch)) return luaL_error(L, "not enough memory");
  size = cl_mesh_tree_size(&tmp);
  cl_mesh_keep(&tmp, COLLIDE_NEWUD(L, size > 0 ? size : 1));
  l_setslot(L, UD, SLOT_TREE);
  lm->scratch = (uint32_t *)COLLIDE_NEWUD(L, nt > 0 ? nt * sizeof(uint32_t) : 1);
  l_setslot(L, UD, SLOT_SCRATCH);
  lm->m = tmp;
  lua_settop(L, UD);
  COLLIDE_GC_PACE(L, tmp.nv * 3 * sizeof(double) + 2 * nt * 3 * sizeof(uint32_t)
                     + (with_mat ? nt * sizeof(uint32_t) : 0) + cl_mesh_build_size(nt) + size);
  return 1;
}

static int mesh_tostring(lua_State *L) {
  l_mesh *lm = check_mesh(L, 1);
  lua_pushfstring(L, "mesh(%d triangles, %d vertices)", (int)lm->m.nt, (int)lm->m.nv);
  return 1;
}

/* ---------------------------------------------------------------------- */
/* methods                                                                */

static int mesh_type(lua_State *L) {
  check_mesh(L, 1);
  lua_pushstring(L, "mesh");
  return 1;
}

static int mesh_count(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)check_mesh(L, 1)->m.nt);
  return 1;
}

static int mesh_memory(lua_State *L) {
  l_mesh *lm = check_mesh(L, 1);
  lua_pushinteger(L, (lua_Integer)(cl_mesh_memory(&lm->m) + sizeof *lm - sizeof lm->m
                                   + lm->m.nt * sizeof(uint32_t)));
  return 1;
}

static int mesh_triangle(lua_State *L) {
  l_mesh *lm = check_mesh(L, 1);
  double x = l_checknum(L, 2);
  cl_triangle tri;
  l_argcheck(L, x >= 1 && x <= (double)lm->m.nt && x == floor(x), 2, "index out of range");
  /* read before the result is allocated */
  cl_mesh_triangle(&lm->m, (size_t)x - 1, &tri);
  l_outshape(L, 3, CL_TRIANGLE)->tri = tri;
  return 1;
}

/* mesh:material(t) -> triangle t's material (1-based t), nil without */
static int mesh_material(lua_State *L) {
  l_mesh *lm = check_mesh(L, 1);
  double x = l_checknum(L, 2);
  long long m;
  l_argcheck(L, x >= 1 && x <= (double)lm->m.nt && x == floor(x), 2, "index out of range");
  m = cl_mesh_material(&lm->m, (size_t)x - 1);
  if (m < 0) lua_pushnil(L);
  else lua_pushinteger(L, (lua_Integer)m);
  return 1;
}

static int mesh_bounds(lua_State *L) {
  l_mesh *lm = check_mesh(L, 1);
  cl_aabb b;
  int ok = cl_mesh_bounds(&lm->m, &b);
  return l_push_bounds(L, ok, &b);
}

/* a query's own scratch, pushed: the cached one, detached (Lua code run
** during the query finds none and makes its own), or a new one */
static uint32_t *take_scratch(lua_State *L, l_mesh *lm) {
  uint32_t *p = lm->scratch;
  if (p == NULL) return (uint32_t *)COLLIDE_NEWUD(L, lm->m.nt > 0 ? lm->m.nt * sizeof(uint32_t) : 1);
  lm->scratch = NULL;
  l_detachslot(L, 1, SLOT_SCRATCH);
  return p;
}

/* the query is done with its scratch (at index i): cached again for the
** next one, unless Lua code run meanwhile cached its own */
static void give_back(lua_State *L, l_mesh *lm, uint32_t *found, int i) {
  if (lm->scratch != NULL) return;
  lm->scratch = found;
  lua_pushvalue(L, i);
  l_setslot(L, 1, SLOT_SCRATCH);
}

/* a scratch for a call that runs no Lua code while it uses it (no
** allocation between the query and the last read): the cached one when
** present, else (a query that detached it is under way, and this call
** runs from a finalizer or a metamethod of it) a new one, pushed */
static uint32_t *borrow_scratch(lua_State *L, l_mesh *lm) {
  if (lm->scratch != NULL) return lm->scratch;
  return (uint32_t *)COLLIDE_NEWUD(L, lm->m.nt > 0 ? lm->m.nt * sizeof(uint32_t) : 1);
}

/* mesh:query(shape, [out]) -> array of triangle indices, increasing */
static int mesh_query(lua_State *L) {
  l_mesh *lm = check_mesh(L, 1);
  cl_shape *s = l_checkanyshape(L, 2);
  size_t n, k, old;
  uint32_t *found;
  if (!lua_isnoneornil(L, 3)) l_checktype(L, 3, LUA_TTABLE);
  lua_settop(L, 3);
  found = take_scratch(L, lm);                                   /* 4 */
  n = cl_mesh_query(&lm->m, s, found);
  l_indices_begin(L, 3, n, &old);
  for (k = 0; k < n; k++) {
    lua_pushinteger(L, (lua_Integer)found[k] + 1);
    lua_rawseti(L, -2, (lua_Integer)(k + 1));
  }
  l_indices_end(L, n, old);
  give_back(L, lm, found, 4);
  return 1;
}

/* collide.intersects with a mesh on either side (or both) */
int l_mesh_intersects(lua_State *L) {
  l_mesh *a = l_tomesh(L, 1), *b = l_tomesh(L, 2);
  int r;
  if (l_toheightfield(L, 1) != NULL || l_toheightfield(L, 2) != NULL)
    return l_heightfield_intersects(L);
  if (a == NULL && b == NULL) a = check_mesh(L, 1);
  if (a != NULL && b != NULL) r = cl_mesh_intersects_mesh(&a->m, &b->m);
  else if (a != NULL) r = cl_mesh_intersects(&a->m, l_checkanyshape(L, 2));
  else r = cl_mesh_intersects(&b->m, l_checkanyshape(L, 1));
  lua_pushboolean(L, r);
  return 1;
}

/* ray:cast(mesh, [cull]) -> t, px, py, pz, nx, ny, nz, u, v, index, [material] */
int l_mesh_cast(lua_State *L, const cl_ray *r, l_mesh *lm) {
  cl_hit h;
  size_t index = 0;
  int found = cl_mesh_cast(&lm->m, r, lua_toboolean(L, 3), &h, &index);
  return l_push_tricast(L, found, &h, index, found ? cl_mesh_material(&lm->m, index) : -1);
}

/* mesh:contacts(shape) -> array of {index=, nx=, ny=, nz=, depth=}, one per
** triangle the shape intersects (increasing index), each cl_contact(triangle,
** shape): the normal points from the triangle towards the shape */
static int mesh_contacts(lua_State *L) {
  l_mesh *lm = check_mesh(L, 1);
  cl_shape *s = l_check_contact_shape(L, 2, "aabb, obb, sphere, triangle, capsule, hull or plane");
  size_t n, k, count = 0;
  uint32_t *found;
  /* every record is allocated while the triangles found are read: the
  ** scratch is the call's own (a finalizer may query the same mesh) */
  lua_settop(L, 2);
  found = take_scratch(L, lm);                                   /* 3 */
  n = cl_mesh_query(&lm->m, s, found);
  lua_createtable(L, 0, 0);
  for (k = 0; k < n; k++) {
    cl_shape t;
    double nv[3], depth;
    cl_mesh_triangle(&lm->m, found[k], &t.tri);
    if (cl_contact(&t, s, nv, &depth)) l_push_contact(L, found[k], nv, depth, ++count);
  }
  give_back(L, lm, found, 3);
  return 1;
}

/* collide.contact(mesh, shape) or (shape, mesh) -> nx, ny, nz, depth, index:
** the deepest of collide.contact(triangle, shape) (or (shape, triangle)) over
** the triangles the shape intersects, ties to the lowest index; nil when
** there is none */
int l_mesh_contact(lua_State *L) {
  l_mesh *a = l_tomesh(L, 1), *b = l_tomesh(L, 2), *lm;
  cl_shape *s;
  int mesh_first, found;
  double n[3], depth = 0;
  size_t index = 0;
  if (l_toheightfield(L, 1) != NULL || l_toheightfield(L, 2) != NULL)
    return l_heightfield_contact(L);
  if (a == NULL && b == NULL) a = check_mesh(L, 1);   /* mesh:contact on a bad self */
  if (a != NULL && b != NULL) l_argerror(L, 2, "mesh-mesh contact is not supported");
  mesh_first = a != NULL;
  lm = mesh_first ? a : b;
  s = l_check_contact_shape(L, mesh_first ? 2 : 1, l_target_kinds);
  found = cl_mesh_contact(&lm->m, s, mesh_first, n, &depth, &index);
  return l_push_tricontact(L, found, n, depth, index);
}

/* collide.manifold(mesh, shape) or (shape, mesh) -> nx, ny, nz, points:
** the normal of collide.contact's deepest triangle, and the points of
** every triangle's manifold reduced to four; nil when none touches */
int l_mesh_manifold(lua_State *L) {
  l_mesh *a = l_tomesh(L, 1), *b = l_tomesh(L, 2), *lm;
  cl_shape *s;
  int mesh_first;
  cl_contacts m;
  if (l_toheightfield(L, 1) != NULL || l_toheightfield(L, 2) != NULL)
    return l_heightfield_manifold(L);
  if (a == NULL && b == NULL) a = check_mesh(L, 1);
  if (a != NULL && b != NULL) l_argerror(L, 2, "mesh-mesh contact is not supported");
  mesh_first = a != NULL;
  lm = mesh_first ? a : b;
  s = l_check_contact_shape(L, mesh_first ? 2 : 1, l_target_kinds);
  /* nothing allocates between the borrowing and the end of the call */
  if (cl_mesh_manifold(&lm->m, s, mesh_first, borrow_scratch(L, lm), &m) == 0) {
    lua_pushnil(L);
    return 1;
  }
  return l_push_manifold(L, &m);
}

/* collide.sweep(mover, d, mesh) with the mesh at index i: the hit and its
** triangle's index (8 results), its material after when it has one, or
** nil */
int l_mesh_sweep(lua_State *L, const cl_shape *mover, const double d[3], int i) {
  l_mesh *lm = check_mesh(L, i);
  cl_hit h;
  size_t index = 0;
  int found = cl_mesh_sweep(&lm->m, mover, d, &h, &index);
  return l_push_trisweep(L, found, &h, index, found ? cl_mesh_material(&lm->m, index) : -1);
}

const luaL_Reg l_mesh_functions[] = {{"mesh", f_mesh}, {NULL, NULL}};
const luaL_Reg l_mesh_methods[] = {
  {"type", mesh_type}, {"count", mesh_count}, {"triangle", mesh_triangle},
  {"material", mesh_material},
  {"bounds", mesh_bounds}, {"query", mesh_query}, {"intersects", l_mesh_intersects},
  {"contacts", mesh_contacts}, {"contact", l_mesh_contact},
  {"memory", mesh_memory}, {NULL, NULL}
};
/* no __gc: the storage is Lua's */
const luaL_Reg l_mesh_meta[] = {
  {"__tostring", mesh_tostring}, {NULL, NULL}
};
