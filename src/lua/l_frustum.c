/*
** l_frustum.c - the frustum userdata: collide.frustum(p1..p6),
** collide.frustum_from_matrix(m, [order]) and the methods, over the
** geometry of src/geometry/frustum.c.
**
** Errors name the function as the Lua helper always has, whatever the call
** site calls it ('frustum', 'classify', ...; a method's arguments counted
** after self), with the caller's position, and a type as collide.args
** names it (its metatable's __name, else type()).
*/
#include "fp.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "l_collide.h"
#include "collide/frustum.h"

/* planes: whether the anchor holds the table f:planes() returns */
typedef struct { l_udheader h; int planes; cl_frustum f; } l_frustum;

static l_frustum *to_frustum(lua_State *L, int i) {
  size_t len;
  l_frustum *u = (l_frustum *)l_toobject(L, i, L_OBJ_FRUSTUM, sizeof(l_frustum), &len);
  return u != NULL && len == sizeof(l_frustum) ? u : NULL;
}

const cl_frustum *l_tofrustum(lua_State *L, int i) {
  l_frustum *u = to_frustum(L, i);
  return u != NULL ? &u->f : NULL;
}

static l_frustum *check_self(lua_State *L) {
  l_frustum *u = to_frustum(L, 1);
  if (u == NULL) l_typeerror(L, 1, "collide.frustum");
  return u;
}

/* the name of the type of the value at index i (absolute), as
** collide.args.typename gives it: getmetatable(v) (its __metatable field
** when it has one), that table's __name when a string, else type(v).
** Leaves values on the stack: only for an error message. */
static const char *type_name(lua_State *L, int i) {
  if (lua_getmetatable(L, i)) {
    lua_pushliteral(L, "__metatable");
    lua_rawget(L, -2);
    if (lua_isnil(L, -1)) lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TTABLE) {
      lua_pushliteral(L, "__name");
      lua_rawget(L, -2);
      if (lua_type(L, -1) == LUA_TSTRING) return lua_tostring(L, -1);
    }
  }
  return luaL_typename(L, i);
}

/* the type of argument i, or "no value" when it is none or nil */
static const char *arg_type(lua_State *L, int i) {
  return lua_isnoneornil(L, i) ? "no value" : type_name(L, i);
}

/* raises `bad argument #n to 'fname' (reason)` at the caller, the reason
** the string on top of the stack (kept whole, zeros and all) */
static int raise_top(lua_State *L, int n, const char *fname) {
  luaL_where(L, 1);
  lua_pushfstring(L, "bad argument #%d to '%s' (", n, fname);
  lua_pushvalue(L, -3);
  lua_pushliteral(L, ")");
  lua_concat(L, 4);
  return lua_error(L);
}

static int raise(lua_State *L, int n, const char *fname, const char *reason) {
  lua_pushstring(L, reason);
  return raise_top(L, n, fname);
}

static const char *nonfinite(double x) {
  return x != x ? "nan" : (x > 0 ? "inf" : "-inf");
}

/* what is wrong with the option at i, in luaL_checkoption's words */
static int option_error(lua_State *L, int i, int n, const char *fname) {
  if (lua_type(L, i) == LUA_TSTRING) {
    lua_pushliteral(L, "invalid option '");
    lua_pushvalue(L, i);
    lua_pushliteral(L, "'");
    lua_concat(L, 3);
  } else {
    lua_pushfstring(L, "string expected, got %s", type_name(L, i));
  }
  return raise_top(L, n, fname);
}

/* ---------------------------------------------------------------------- */
/* construction                                                           */

/* six planes from index first on (argument numbers from 1) */
static void read_planes(lua_State *L, int first, const char *fname, cl_frustum *f) {
  int n = lua_gettop(L) - first + 1, i;
  cl_plane p[6];
  for (i = 0; i < 6; i++) {
    cl_shape *s = l_toshape(L, first + i);
    if (s != NULL && s->tag == CL_PLANE) {
      p[i] = s->plane;
      continue;
    }
    lua_pushfstring(L, "collide.plane expected, got %s",
                    n < i + 1 ? "no value" : type_name(L, first + i));
    raise_top(L, i + 1, fname);
  }
  if (!cl_frustum_init(f, p)) raise(L, 1, fname, "planes do not bound a frustum");
}

/* a matrix table at index i and its order at i + 1 */
static void read_matrix(lua_State *L, int i, const char *fname, cl_frustum *f) {
  double m[16];
  int k, row = 0;
  if (lua_type(L, i) != LUA_TTABLE) {
    lua_pushfstring(L, "table expected, got %s", arg_type(L, i));
    raise_top(L, 1, fname);
  }
  if (!lua_isnoneornil(L, i + 1)) {
    const char *o = lua_type(L, i + 1) == LUA_TSTRING ? lua_tostring(L, i + 1) : NULL;
    size_t len = 0;
    if (o) lua_tolstring(L, i + 1, &len);
    if (o && len == 3 && strcmp(o, "row") == 0) row = 1;
    else if (!(o && len == 6 && strcmp(o, "column") == 0)) option_error(L, i + 1, 2, fname);
  }
  for (k = 0; k < 16; k++) {
    int t = lua_geti(L, i, k + 1);
    if (t != LUA_TNUMBER) {
      lua_pushfstring(L, "number expected at index %d, got %s", k + 1,
                      t == LUA_TNIL ? "nil" : type_name(L, lua_gettop(L)));
      raise_top(L, 1, fname);
    }
    m[k] = lua_tonumber(L, -1);
    lua_pop(L, 1);
    if (!isfinite(m[k])) {
      lua_pushfstring(L, "finite number expected at index %d, got %s", k + 1, nonfinite(m[k]));
      raise_top(L, 1, fname);
    }
  }
  if (!cl_frustum_from_matrix(f, m, row)) raise(L, 1, fname, "matrix does not define a frustum");
}

static int push_new(lua_State *L, const cl_frustum *f) {
  l_frustum *u = (l_frustum *)COLLIDE_NEWUD(L, sizeof(l_frustum));
  l_setheader(u, L_OBJ_FRUSTUM);
  u->planes = 0;
  u->f = *f;
  lua_pushvalue(L, L_MT_FRUSTUM);
  lua_setmetatable(L, -2);
  return 1;
}

/* after a change: the planes table, if made, holds the new planes (a
** plane put there in place of ours is replaced) */
static void refresh_planes(lua_State *L, l_frustum *u) {
  int k;
  if (!u->planes) return;
  l_getanchor(L, 1);
  for (k = 0; k < 6; k++) {
    cl_shape *s;
    lua_rawgeti(L, -1, k + 1);
    s = l_toshape(L, -1);
    lua_pop(L, 1);
    if (s == NULL || s->tag != CL_PLANE) {
      s = l_newshape(L, CL_PLANE);
      lua_rawseti(L, -2, k + 1);
    }
    s->plane = u->f.p[k];
    l_changed(s);
  }
  lua_pop(L, 1);
}

static int fr_new(lua_State *L) {
  cl_frustum f;
  read_planes(L, 1, "frustum", &f);
  return push_new(L, &f);
}

static int fr_from_matrix(lua_State *L) {
  cl_frustum f;
  read_matrix(L, 1, "frustum_from_matrix", &f);
  return push_new(L, &f);
}

/* f:set(p1..p6) and f:set_matrix(m, [order]): in place, self returned; a
** refusal leaves the frustum as it was */
static int replace(lua_State *L, l_frustum *u, const cl_frustum *f) {
  u->f = *f;
  refresh_planes(L, u);
  lua_settop(L, 1);
  return 1;
}

static int fr_set(lua_State *L) {
  l_frustum *u = check_self(L);
  cl_frustum f;
  read_planes(L, 2, "set", &f);
  return replace(L, u, &f);
}

static int fr_set_matrix(lua_State *L) {
  l_frustum *u = check_self(L);
  cl_frustum f;
  read_matrix(L, 2, "set_matrix", &f);
  return replace(L, u, &f);
}

/* ---------------------------------------------------------------------- */
/* accessors                                                              */

static int fr_corners(lua_State *L) {
  const cl_frustum *f = &check_self(L)->f;
  int i;
  luaL_checkstack(L, 24, "too many results");
  for (i = 0; i < 8; i++) {
    lua_pushnumber(L, f->c[i][0]);
    lua_pushnumber(L, f->c[i][1]);
    lua_pushnumber(L, f->c[i][2]);
  }
  return 24;
}

/* the integer in [1, n] at index 2, else `index out of range` */
static int check_index(lua_State *L, int n, const char *fname) {
  double x = lua_type(L, 2) == LUA_TNUMBER ? lua_tonumber(L, 2) : 0;
  if (!(x == floor(x) && x >= 1 && x <= n)) raise(L, 1, fname, "index out of range");
  return (int)x - 1;
}

static int fr_corner(lua_State *L) {
  const cl_frustum *f = &check_self(L)->f;
  int i = check_index(L, 8, "corner");
  lua_pushnumber(L, f->c[i][0]);
  lua_pushnumber(L, f->c[i][1]);
  lua_pushnumber(L, f->c[i][2]);
  return 3;
}

/* a copy of plane i, built as collide.plane(normal, d) builds one */
static int fr_plane(lua_State *L) {
  const cl_frustum *f = &check_self(L)->f;
  int i = check_index(L, 6, "plane");
  const cl_plane *p = &f->p[i];
  double n[3];
  cl_plane tmp;
  cl_shape *out;
  if (lua_isnoneornil(L, 3)) {
    out = l_newshape(L, CL_PLANE);
  } else {
    out = l_toshape(L, 3);
    if (out == NULL || out->tag != CL_PLANE) {
      lua_pushfstring(L, "collide.plane expected, got %s", type_name(L, 3));
      return raise_top(L, 2, "plane");
    }
    lua_settop(L, 3);
  }
  cl_set(n, p->n[0] + 0.0, p->n[1] + 0.0, p->n[2] + 0.0);
  cl_plane_init(&tmp, n, p->d);       /* a unit normal: never refused */
  out->plane = tmp;
  if (!lua_isnoneornil(L, 3)) l_changed(out);
  return 1;
}

/* the array of the six planes, made once and kept as the anchor */
static int fr_planes(lua_State *L) {
  l_frustum *u = check_self(L);
  int k;
  if (u->planes) {
    l_getanchor(L, 1);
    return 1;
  }
  lua_createtable(L, 6, 0);
  for (k = 0; k < 6; k++) {
    l_newshape(L, CL_PLANE)->plane = u->f.p[k];
    lua_rawseti(L, -2, k + 1);
  }
  lua_pushvalue(L, -1);
  l_setanchor(L, 1);
  u->planes = 1;
  return 1;
}

static int fr_tostring(lua_State *L) {
  const cl_frustum *f = &check_self(L)->f;
  luaL_Buffer B;
  char buf[128];
  int k;
  luaL_buffinit(L, &B);
  luaL_addstring(&B, "frustum(");
  for (k = 0; k < 6; k++) {
    const cl_plane *p = &f->p[k];
    snprintf(buf, sizeof buf, "%s(%.14g, %.14g, %.14g), %.14g", k ? "; " : "",
             p->n[0] + 0.0, p->n[1] + 0.0, p->n[2] + 0.0, p->d);
    luaL_addstring(&B, buf);
  }
  luaL_addchar(&B, ')');
  luaL_pushresult(&B);
  return 1;
}

/* ---------------------------------------------------------------------- */
/* classify and intersects                                                */

/* a point as three numbers at i, i + 1, i + 2 or a table or userdata with
** numeric x, y, z (else [1], [2], [3]) at i */
static void read_point(lua_State *L, int i, const char *fname, double x[3]) {
  int t = lua_type(L, i), k;
  if (t == LUA_TNUMBER) {
    for (k = 1; k < 3; k++)
      if (lua_type(L, i + k) != LUA_TNUMBER) {
        lua_pushfstring(L, "number expected, got %s", arg_type(L, i + k));
        raise_top(L, k + 1, fname);
      }
    for (k = 0; k < 3; k++) x[k] = lua_tonumber(L, i + k);
  } else if ((t == LUA_TTABLE || t == LUA_TUSERDATA || t == L_TCDATA) && l_indexable(L, i)) {
    static const char *const keys[3] = {"x", "y", "z"};
    int ok = 1;
    for (k = 0; k < 3; k++) {               /* all three read, as a.x, a.y, a.z */
      ok &= COLLIDE_GETFIELD(L, i, keys[k]) == LUA_TNUMBER;
      x[k] = lua_tonumber(L, -1);
    }
    lua_pop(L, 3);
    if (!ok && t != L_TCDATA) {   /* (a cdata struct indexed by a number raises) */
      ok = 1;
      for (k = 0; k < 3; k++) {
        ok &= lua_geti(L, i, k + 1) == LUA_TNUMBER;
        x[k] = lua_tonumber(L, -1);
      }
      lua_pop(L, 3);
    }
    if (!ok) {
      lua_pushfstring(L, "shape or vector expected, got %s", type_name(L, i));
      raise_top(L, 1, fname);
    }
  } else {
    lua_pushfstring(L, "shape or vector expected, got %s", arg_type(L, i));
    raise_top(L, 1, fname);
  }
  for (k = 0; k < 3; k++)
    if (!isfinite(x[k])) {
      lua_pushfstring(L, "finite number expected, got %s", nonfinite(x[k]));
      raise_top(L, t == LUA_TNUMBER ? k + 1 : 1, fname);
    }
}

/* -1, 0 or 1 of the shape or point at index 2; option "planes" or "exact"
** at 3 for a solid */
static int classify(lua_State *L, const char *fname) {
  const cl_frustum *f = &check_self(L)->f;
  cl_shape *s = l_toshape(L, 2);
  int planes_only = 0;
  if (s == NULL) {
    double x[3];
    if (l_tomesh(L, 2) != NULL) {
      lua_pushfstring(L, "shape or vector expected, got %s", type_name(L, 2));
      raise_top(L, 1, fname);
    }
    read_point(L, 2, fname, x);
    return cl_frustum_classify_point(f, x);
  }
  if (s->tag != CL_RAY && s->tag != CL_PLANE && !lua_isnoneornil(L, 3)) {
    size_t len;
    const char *o = lua_type(L, 3) == LUA_TSTRING ? lua_tolstring(L, 3, &len) : NULL;
    if (o && len == 6 && strcmp(o, "planes") == 0) planes_only = 1;
    else if (!(o && len == 5 && strcmp(o, "exact") == 0)) option_error(L, 3, 2, fname);
  }
  return cl_frustum_classify(f, s, planes_only);
}

static int fr_classify(lua_State *L) {
  lua_pushinteger(L, classify(L, "classify"));
  return 1;
}

static int fr_intersects(lua_State *L) {
  lua_pushboolean(L, classify(L, "intersects") >= 0);
  return 1;
}

const luaL_Reg l_frustum_functions[] = {
  {"frustum", fr_new}, {"frustum_from_matrix", fr_from_matrix}, {NULL, NULL}
};
const luaL_Reg l_frustum_methods[] = {
  {"classify", fr_classify}, {"intersects", fr_intersects}, {"corners", fr_corners},
  {"corner", fr_corner}, {"plane", fr_plane}, {"planes", fr_planes}, {"set", fr_set},
  {"set_matrix", fr_set_matrix}, {NULL, NULL}
};
const luaL_Reg l_frustum_meta[] = {
  {"__tostring", fr_tostring}, {NULL, NULL}
};
