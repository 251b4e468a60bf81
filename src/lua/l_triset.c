/*
** l_triset.c - what every set of triangles shares in the binding: reading
** an array of points (a mesh's vertices, a hull's points) and the results
** of a query of triangles (a mesh's or a heightfield's): indices, casts,
** sweeps, contacts, the deepest contact, manifolds and bounds (the C core
** answers them: cl_mesh_contact, cl_mesh_manifold and the heightfield's).
** Below the files of the mesh, the heightfield and the hull, above
** l_args.c.
*/
#include "fp.h"
#include <limits.h>
#include "l_collide.h"

void l_read_points(lua_State *L, int i, double *v, size_t n, int flat) {
  size_t k;
  if (flat) {
    for (k = 1; k <= n; k++) {
      lua_rawgeti(L, i, (lua_Integer)k);
      if (lua_type(L, -1) != LUA_TNUMBER)
        l_argerror(L, i, lua_pushfstring(L, "number expected at index %d, got %s", (int)k,
                                            l_typename(L, lua_gettop(L))));
      v[k - 1] = l_checkfinite_at(L, i, k, lua_tonumber(L, -1));
      lua_pop(L, 1);
    }
  } else {
    for (k = 1; k <= n; k++) {
      lua_rawgeti(L, i, (lua_Integer)k);
      l_read_element_vec(L, i, k, v + 3 * (k - 1));
    }
  }
}

size_t l_point_array(lua_State *L, int i, int *flat) {
  size_t n, hole;
  n = l_arraylen(L, i, &hole);
  *flat = 1;
  if (n > 0 || hole) {
    int t;
    lua_rawgeti(L, i, 1);
    t = lua_type(L, -1);
    if (t != LUA_TNUMBER) {
      if (t != LUA_TTABLE && t != LUA_TUSERDATA && t != L_TCDATA)
        l_argerror(L, i, lua_pushfstring(L, "number or vector expected at index 1, got %s",
                                            l_typename(L, lua_gettop(L))));
      *flat = 0;
    }
    lua_pop(L, 1);
  }
  /* a nil inside an array is refused before anything is allocated, as
  ** reading it would refuse it */
  if (hole)
    l_argerror(L, i, lua_pushfstring(L, "%s expected at index %d, got nil",
                                        *flat ? "number" : "vector", (int)hole));
  if (*flat) l_argcheck(L, n % 3 == 0, i, "vertex array length is not a multiple of 3");
  return n;
}

/* the bounds b of a set of triangles into the out argument at 2 (or a new
** box); nil when it has none (empty: a scene keeps it beside its tree) */
int l_push_bounds(lua_State *L, int ok, const cl_aabb *b) {
  if (!ok) {
    if (!lua_isnoneornil(L, 2)) l_checkshape(L, 2, CL_AABB);
    lua_pushnil(L);
    return 1;
  }
  l_outshape(L, 2, CL_AABB)->aabb = *b;
  return 1;
}

/* the result table of a query of triangle indices (the out argument at
** i, or a new one), pushed; *old its length before */
void l_indices_begin(lua_State *L, int i, size_t n, size_t *old) {
  *old = 0;
  if (lua_isnoneornil(L, i)) {
    lua_createtable(L, n < INT_MAX ? (int)n : 0, 0);
  } else {
    lua_pushvalue(L, i);
    *old = (size_t)lua_rawlen(L, i);
  }
}

/* after n indices were set in the table on top: clears what is left of
** an out table (its length, and beyond while set) */
void l_indices_end(lua_State *L, size_t n, size_t old) {
  size_t k;
  for (k = n + 1;; k++) {
    int set;
    lua_rawgeti(L, -1, (lua_Integer)k);
    set = !lua_isnil(L, -1);
    lua_pop(L, 1);
    if (!set && k > old) break;
    lua_pushnil(L);
    lua_rawseti(L, -2, (lua_Integer)k);
  }
}

/* a cast at a set of triangles: nil, or t, p, n, u, v and the 1-based
** index of the triangle hit (0-based index) */
int l_push_tricast(lua_State *L, int found, const cl_hit *h, size_t index, long long material) {
  if (!found) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushnumber(L, h->t);
  l_pushvec(L, h->p);
  l_pushvec(L, h->n);
  lua_pushnumber(L, h->u);
  lua_pushnumber(L, h->v);
  lua_pushinteger(L, (lua_Integer)index + 1);
  if (material < 0) return 10;
  lua_pushinteger(L, (lua_Integer)material);
  return 11;
}

/* the shape at i for a contact with a set of triangles: not a ray, not a
** triangle (triangle-triangle contact is not supported) */
cl_shape *l_check_contact_shape(lua_State *L, int i, const char *kinds) {
  cl_shape *s = l_toshape(L, i);
  if (s == NULL || s->tag == CL_RAY) l_typeerror(L, i, kinds);
  l_argcheck(L, s->tag != CL_TRIANGLE, i, "triangle-triangle contact is not supported");
  return s;
}

/* {index=, nx=, ny=, nz=, depth=} of triangle index (0-based) set at
** position k of the table on top */
void l_push_contact(lua_State *L, size_t index, const double n[3], double depth, size_t k) {
  lua_createtable(L, 0, 5);
  lua_pushinteger(L, (lua_Integer)index + 1);
  lua_setfield(L, -2, "index");
  lua_pushnumber(L, n[0] + 0.0);
  lua_setfield(L, -2, "nx");
  lua_pushnumber(L, n[1] + 0.0);
  lua_setfield(L, -2, "ny");
  lua_pushnumber(L, n[2] + 0.0);
  lua_setfield(L, -2, "nz");
  lua_pushnumber(L, depth);
  lua_setfield(L, -2, "depth");
  lua_rawseti(L, -2, (lua_Integer)k);
}

/* a contact with a set of triangles: nil, or nx, ny, nz, depth and the
** 1-based index of the triangle (0-based index) */
int l_push_tricontact(lua_State *L, int found, const double n[3], double depth, size_t index) {
  if (!found) {
    lua_pushnil(L);
    return 1;
  }
  l_pushvec(L, n);
  lua_pushnumber(L, depth);
  lua_pushinteger(L, (lua_Integer)index + 1);
  return 5;
}

/* a sweep at a set of triangles: nil, or the hit and the 1-based index of
** the triangle hit (0-based index) */
void l_materials_option(lua_State *L, int i) {
  l_checktype(L, i, LUA_TTABLE);
  lua_getfield(L, i, "materials");
  if (!lua_isnil(L, -1) && lua_type(L, -1) != LUA_TTABLE)
    l_argerror(L, i, lua_pushfstring(L, "field 'materials': table expected, got %s",
                                        l_typename(L, lua_gettop(L))));
}

void l_read_materials(lua_State *L, int i, int arg, uint32_t *out, size_t n, const char *one) {
  size_t len, hole, k;
  len = l_arraylen(L, i, &hole);
  if (hole && hole <= n)
    l_argerror(L, arg, lua_pushfstring(L, "field 'materials': integer expected at index %d, "
                                          "got nil", (int)hole));
  if (len != n)
    l_argerror(L, arg, lua_pushfstring(L, "field 'materials': %s materials expected (one a %s), "
                                          "got %s", l_pushnumtext(L, (double)n), one,
                                          l_pushnumtext(L, (double)len)));
  for (k = 1; k <= n; k++) {
    double x;
    lua_rawgeti(L, i, (lua_Integer)k);
    if (lua_type(L, -1) != LUA_TNUMBER)
      l_argerror(L, arg, lua_pushfstring(L, "field 'materials': integer expected at index %d, "
                                            "got %s", (int)k, l_typename(L, lua_gettop(L))));
    x = lua_tonumber(L, -1);
    if (x != floor(x) || !(x >= 0 && x <= 2147483647.0))
      l_argerror(L, arg, lua_pushfstring(L, "field 'materials': integer from 0 to 2^31-1 "
                                            "expected at index %d, got %s", (int)k,
                                            l_pushnumtext(L, x)));
    out[k - 1] = (uint32_t)x;
    lua_pop(L, 1);
  }
}

int l_push_trisweep(lua_State *L, int found, const cl_hit *h, size_t index, long long material) {
  if (!found) {
    lua_pushnil(L);
    return 1;
  }
  l_pushhit(L, h);
  lua_pushinteger(L, (lua_Integer)index + 1);
  if (material < 0) return 8;
  lua_pushinteger(L, (lua_Integer)material);
  return 9;
}

int l_push_manifold(lua_State *L, const cl_contacts *m) {
  int i;
  l_pushvec(L, m->n);
  lua_createtable(L, m->count, 0);
  for (i = 0; i < m->count; i++) {
    lua_createtable(L, 0, 4);
    lua_pushnumber(L, m->p[i].p[0] + 0.0);
    lua_setfield(L, -2, "x");
    lua_pushnumber(L, m->p[i].p[1] + 0.0);
    lua_setfield(L, -2, "y");
    lua_pushnumber(L, m->p[i].p[2] + 0.0);
    lua_setfield(L, -2, "z");
    lua_pushnumber(L, m->p[i].depth + 0.0);
    lua_setfield(L, -2, "depth");
    lua_rawseti(L, -2, i + 1);
  }
  return 4;
}
