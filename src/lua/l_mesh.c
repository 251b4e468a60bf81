/*
** l_mesh.c - binding of the triangle mesh with its BVH (collide.mesh).
** The mesh's arrays are malloc'ed at construction (the userdata's __gc
** frees them); queries allocate nothing but the result table.
*/
#include <stdlib.h>
#include <string.h>
#include "l_collide.h"
#include "mesh.h"

struct l_mesh {
  cl_mesh m;
  uint32_t *scratch;   /* room for every triangle index: query results */
};

l_mesh *l_tomesh(lua_State *L, int i) {
  void *p = lua_touserdata(L, i);
  int ok;
  if (p == NULL || !lua_getmetatable(L, i)) return NULL;
  ok = lua_rawequal(L, -1, L_MT_MESH);
  lua_pop(L, 1);
  return ok ? (l_mesh *)p : NULL;
}

static l_mesh *check_mesh(lua_State *L, int i) {
  l_mesh *m = l_tomesh(L, i);
  if (m == NULL) l_typeerror(L, i, "collide.mesh");
  return m;
}

/* the type of the value at i as errors name it (a metatable's __name first) */
static const char *type_at(lua_State *L, int i) {
  if (luaL_getmetafield(L, i, "__name") && lua_type(L, -1) == LUA_TSTRING)
    return lua_tostring(L, -1);
  return lua_type(L, i) == LUA_TLIGHTUSERDATA ? "light userdata" : luaL_typename(L, i);
}

static const char *nonfinite(double x) {
  return x != x ? "nan" : (x > 0 ? "inf" : "-inf");
}

/* ---------------------------------------------------------------------- */
/* construction                                                           */

/* vertex k (1-based position in the array) as a vector value */
static void read_vector_vertex(lua_State *L, size_t k, double *v) {
  int t = lua_type(L, -1), top = lua_gettop(L), c, ok = 0;
  static const char *const keys[3] = {"x", "y", "z"};
  if ((t == LUA_TTABLE || t == LUA_TUSERDATA) && l_toshape(L, top) == NULL && l_tomesh(L, top) == NULL) {
    ok = 1;
    for (c = 0; c < 3 && ok; c++) {
      ok = COLLIDE_GETFIELD(L, top, keys[c]) == LUA_TNUMBER;
      v[c] = lua_tonumber(L, -1);
      lua_pop(L, 1);
    }
    if (!ok) {
      ok = 1;
      for (c = 0; c < 3 && ok; c++) {
        ok = lua_geti(L, top, c + 1) == LUA_TNUMBER;
        v[c] = lua_tonumber(L, -1);
        lua_pop(L, 1);
      }
    }
  }
  if (!ok)
    luaL_argerror(L, 1, lua_pushfstring(L, "vector expected at index %d, got %s", (int)k,
                                        type_at(L, top)));
  for (c = 0; c < 3; c++)
    if (v[c] - v[c] != 0)
      luaL_argerror(L, 1, lua_pushfstring(L, "finite number expected at index %d, got %s",
                                          (int)k, nonfinite(v[c])));
  lua_pop(L, 1);
}

static void read_vertices(lua_State *L, cl_mesh *m, size_t n, int flat) {
  size_t k;
  if (flat) {
    for (k = 1; k <= n; k++) {
      double x;
      lua_rawgeti(L, 1, (lua_Integer)k);
      if (lua_type(L, -1) != LUA_TNUMBER)
        luaL_argerror(L, 1, lua_pushfstring(L, "number expected at index %d, got %s", (int)k,
                                            type_at(L, lua_gettop(L))));
      x = lua_tonumber(L, -1);
      if (x - x != 0)
        luaL_argerror(L, 1, lua_pushfstring(L, "finite number expected at index %d, got %s",
                                            (int)k, nonfinite(x)));
      m->v[k - 1] = x;
      lua_pop(L, 1);
    }
  } else {
    for (k = 1; k <= n; k++) {
      lua_rawgeti(L, 1, (lua_Integer)k);
      read_vector_vertex(L, k, m->v + 3 * (k - 1));
    }
  }
}

static void read_indices(lua_State *L, cl_mesh *m, size_t n) {
  size_t k;
  for (k = 1; k <= n; k++) {
    double x;
    lua_rawgeti(L, 2, (lua_Integer)k);
    if (lua_type(L, -1) != LUA_TNUMBER)
      luaL_argerror(L, 2, lua_pushfstring(L, "integer expected at index %d, got %s", (int)k,
                                          type_at(L, lua_gettop(L))));
    x = lua_tonumber(L, -1);
    if (x != floor(x) || x - x != 0)
      luaL_argerror(L, 2, lua_pushfstring(L, "integer expected at index %d, got %f", (int)k,
                                          (lua_Number)x));
    if (x < 1 || x > (double)m->nv) {
      if (fabs(x) < 2147483647.0)
        lua_pushfstring(L, "vertex index out of range at index %d, got %d", (int)k, (int)x);
      else
        lua_pushfstring(L, "vertex index out of range at index %d, got %f", (int)k, (lua_Number)x);
      luaL_argerror(L, 2, lua_tostring(L, -1));
    }
    m->tri[k - 1] = (uint32_t)(x - 1);
    lua_pop(L, 1);
  }
}

/* collide.mesh(vertices, [indices]) */
static int f_mesh(lua_State *L) {
  size_t n, nv, nt, ni = 0;
  int flat = 1, has_idx;
  l_mesh *lm;
  luaL_checktype(L, 1, LUA_TTABLE);
  has_idx = !lua_isnoneornil(L, 2);
  if (has_idx) luaL_checktype(L, 2, LUA_TTABLE);
  n = (size_t)lua_rawlen(L, 1);
  if (n > 0) {
    int t;
    lua_rawgeti(L, 1, 1);
    t = lua_type(L, -1);
    if (t != LUA_TNUMBER) {
      if (t != LUA_TTABLE && t != LUA_TUSERDATA)
        luaL_argerror(L, 1, lua_pushfstring(L, "number or vector expected at index 1, got %s",
                                            type_at(L, lua_gettop(L))));
      flat = 0;
    }
    lua_pop(L, 1);
  }
  if (flat) {
    luaL_argcheck(L, n % 3 == 0, 1, "vertex array length is not a multiple of 3");
    nv = n / 3;
  } else {
    nv = n;
  }
  if (has_idx) {
    ni = (size_t)lua_rawlen(L, 2);
    luaL_argcheck(L, ni % 3 == 0, 2, "index array length is not a multiple of 3");
    nt = ni / 3;
  } else {
    luaL_argcheck(L, nv % 3 == 0, 1, "vertex count is not a multiple of 3");
    nt = nv / 3;
  }
  luaL_argcheck(L, nv <= UINT32_MAX, 1, "too many vertices");
  luaL_argcheck(L, nt <= UINT32_MAX, has_idx ? 2 : 1, "too many triangles");
  /* the userdata first, with its __gc, so an error below frees the arrays */
  lm = (l_mesh *)COLLIDE_NEWUD(L, sizeof *lm);
  memset(lm, 0, sizeof *lm);
  cl_mesh_init(&lm->m);
  lua_pushvalue(L, L_MT_MESH);
  lua_setmetatable(L, -2);
  if (!cl_mesh_reserve(&lm->m, nv, nt)) return luaL_error(L, "not enough memory");
  read_vertices(L, &lm->m, n, flat);
  if (has_idx) {
    read_indices(L, &lm->m, ni);
  } else {
    size_t k;
    for (k = 0; k < 3 * nt; k++) lm->m.tri[k] = (uint32_t)k;
  }
  if (nt <= (size_t)-1 / sizeof(uint32_t)) {
    size_t bytes = nt * sizeof(uint32_t);
    lm->scratch = (uint32_t *)malloc(bytes > 0 ? bytes : 1);
  }
  if (lm->scratch == NULL || !cl_mesh_build(&lm->m)) return luaL_error(L, "not enough memory");
  return 1;
}

/* a script can call getmetatable(mesh).__gc itself: only on a mesh */
static int mesh_gc(lua_State *L) {
  l_mesh *lm = check_mesh(L, 1);
  cl_mesh_free(&lm->m);
  free(lm->scratch);
  lm->scratch = NULL;
  return 0;
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
  luaL_argcheck(L, x >= 1 && x <= (double)lm->m.nt && x == floor(x), 2, "index out of range");
  cl_mesh_triangle(&lm->m, (size_t)x - 1, &l_outshape(L, 3, CL_TRIANGLE)->tri);
  return 1;
}

static int mesh_bounds(lua_State *L) {
  l_mesh *lm = check_mesh(L, 1);
  cl_aabb b;
  if (!cl_mesh_bounds(&lm->m, &b)) {   /* empty: no box (a scene keeps it beside its tree) */
    if (!lua_isnoneornil(L, 2)) l_checkshape(L, 2, CL_AABB);
    lua_pushnil(L);
    return 1;
  }
  l_outshape(L, 2, CL_AABB)->aabb = b;
  return 1;
}

/* mesh:query(shape, [out]) -> array of triangle indices, increasing */
static int mesh_query(lua_State *L) {
  l_mesh *lm = check_mesh(L, 1);
  cl_shape *s = l_checkanyshape(L, 2);
  size_t n, k, old = 0;
  if (lua_isnoneornil(L, 3)) {
    lua_createtable(L, 0, 0);
  } else {
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_pushvalue(L, 3);
    old = (size_t)lua_rawlen(L, 3);
  }
  /* nothing below runs Lua code or a collection, so scratch is ours */
  n = cl_mesh_query(&lm->m, s, lm->scratch);
  for (k = 0; k < n; k++) {
    lua_pushinteger(L, (lua_Integer)lm->scratch[k] + 1);
    lua_rawseti(L, -2, (lua_Integer)(k + 1));
  }
  /* clear what is left of an out table: its length, and beyond while set */
  for (k = n + 1;; k++) {
    int set;
    lua_rawgeti(L, -1, (lua_Integer)k);
    set = !lua_isnil(L, -1);
    lua_pop(L, 1);
    if (!set && k > old) break;
    lua_pushnil(L);
    lua_rawseti(L, -2, (lua_Integer)k);
  }
  return 1;
}

/* collide.intersects with a mesh on either side (or both) */
int l_mesh_intersects(lua_State *L) {
  l_mesh *a = l_tomesh(L, 1), *b = l_tomesh(L, 2);
  int r;
  if (a == NULL && b == NULL) a = check_mesh(L, 1);
  if (a != NULL && b != NULL) r = cl_mesh_intersects_mesh(&a->m, &b->m);
  else if (a != NULL) r = cl_mesh_intersects(&a->m, l_checkanyshape(L, 2));
  else r = cl_mesh_intersects(&b->m, l_checkanyshape(L, 1));
  lua_pushboolean(L, r);
  return 1;
}

/* ray:cast(mesh, [cull]) -> t, px, py, pz, nx, ny, nz, u, v, index */
int l_mesh_cast(lua_State *L) {
  cl_ray *r = &l_checkshape(L, 1, CL_RAY)->ray;
  l_mesh *lm = check_mesh(L, 2);
  cl_hit h;
  size_t index;
  if (!cl_mesh_cast(&lm->m, r, lua_toboolean(L, 3), &h, &index)) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushnumber(L, h.t);
  l_pushvec(L, h.p);
  l_pushvec(L, h.n);
  lua_pushnumber(L, h.u);
  lua_pushnumber(L, h.v);
  lua_pushinteger(L, (lua_Integer)index + 1);
  return 10;
}

/* the shape at i for a contact with a mesh's triangles: not a ray, not a
** triangle (triangle-triangle contact is not supported) */
static cl_shape *check_contact_shape(lua_State *L, int i, const char *kinds) {
  cl_shape *s = l_toshape(L, i);
  if (s == NULL || s->tag == CL_RAY) l_typeerror(L, i, kinds);
  luaL_argcheck(L, s->tag != CL_TRIANGLE, i, "triangle-triangle contact is not supported");
  return s;
}

/* mesh:contacts(shape) -> array of {index=, nx=, ny=, nz=, depth=}, one per
** triangle the shape intersects (increasing index), each cl_contact(triangle,
** shape): the normal points from the triangle towards the shape */
static int mesh_contacts(lua_State *L) {
  l_mesh *lm = check_mesh(L, 1);
  cl_shape *s = check_contact_shape(L, 2, "aabb, obb, sphere, triangle, capsule or plane");
  size_t n, k, count = 0;
  lua_createtable(L, 0, 0);
  n = cl_mesh_query(&lm->m, s, lm->scratch);
  for (k = 0; k < n; k++) {
    cl_shape t;
    double nv[3], depth;
    cl_mesh_triangle(&lm->m, lm->scratch[k], &t.tri);
    if (!cl_contact(&t, s, nv, &depth)) continue;
    lua_createtable(L, 0, 5);
    lua_pushinteger(L, (lua_Integer)lm->scratch[k] + 1);
    lua_setfield(L, -2, "index");
    lua_pushnumber(L, nv[0] + 0.0);
    lua_setfield(L, -2, "nx");
    lua_pushnumber(L, nv[1] + 0.0);
    lua_setfield(L, -2, "ny");
    lua_pushnumber(L, nv[2] + 0.0);
    lua_setfield(L, -2, "nz");
    lua_pushnumber(L, depth);
    lua_setfield(L, -2, "depth");
    lua_rawseti(L, -2, (lua_Integer)++count);
  }
  return 1;
}

/* collide.contact(mesh, shape) or (shape, mesh) -> nx, ny, nz, depth, index:
** the deepest of collide.contact(triangle, shape) (or (shape, triangle)) over
** the triangles the shape intersects, ties to the lowest index; nil when
** there is none */
int l_mesh_contact(lua_State *L) {
  l_mesh *a = l_tomesh(L, 1), *b = l_tomesh(L, 2), *lm;
  cl_shape *s, t;
  int mesh_first, found = 0;
  size_t n, k, best = 0;
  double bn[3] = {0, 0, 0}, bd = 0;
  if (a == NULL && b == NULL) a = check_mesh(L, 1);   /* mesh:contact on a bad self */
  if (a != NULL && b != NULL) luaL_argerror(L, 2, "mesh-mesh contact is not supported");
  mesh_first = a != NULL;
  lm = mesh_first ? a : b;
  s = check_contact_shape(L, mesh_first ? 2 : 1, l_target_kinds);
  n = cl_mesh_query(&lm->m, s, lm->scratch);
  for (k = 0; k < n; k++) {
    double nv[3], depth;
    int hit;
    cl_mesh_triangle(&lm->m, lm->scratch[k], &t.tri);
    hit = mesh_first ? cl_contact(&t, s, nv, &depth) : cl_contact(s, &t, nv, &depth);
    if (hit && (!found || depth > bd)) {
      found = 1;
      bd = depth;
      cl_copy(bn, nv);
      best = lm->scratch[k];
    }
  }
  if (!found) {
    lua_pushnil(L);
    return 1;
  }
  l_pushvec(L, bn);
  lua_pushnumber(L, bd);
  lua_pushinteger(L, (lua_Integer)best + 1);
  return 5;
}

/* collide.sweep(mover, d, mesh) with the mesh at index i: the hit and its
** triangle's index (8 results), or nil */
int l_mesh_sweep(lua_State *L, const cl_shape *mover, const double d[3], int i) {
  l_mesh *lm = check_mesh(L, i);
  cl_hit h;
  size_t index;
  if (!cl_mesh_sweep(&lm->m, mover, d, &h, &index)) {
    lua_pushnil(L);
    return 1;
  }
  l_pushhit(L, &h);
  lua_pushinteger(L, (lua_Integer)index + 1);
  return 8;
}

const luaL_Reg l_mesh_functions[] = {{"mesh", f_mesh}, {NULL, NULL}};
const luaL_Reg l_mesh_methods[] = {
  {"type", mesh_type}, {"count", mesh_count}, {"triangle", mesh_triangle},
  {"bounds", mesh_bounds}, {"query", mesh_query}, {"intersects", l_mesh_intersects},
  {"contacts", mesh_contacts}, {"contact", l_mesh_contact},
  {"memory", mesh_memory}, {NULL, NULL}
};
const luaL_Reg l_mesh_meta[] = {
  {"__gc", mesh_gc}, {"__tostring", mesh_tostring}, {NULL, NULL}
};
