/*
** l_args.c - what every binding file uses: the kinds' names and sizes,
** argument readers, the objects' magic words and checks, results.
*/
#include "fp.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "l_collide.h"

const char *const l_kind_names[CL_NKINDS] = {
  "aabb", "obb", "plane", "triangle", "ray", "sphere", "capsule", "hull", "compound"
};
const char *const l_type_names[CL_NKINDS] = {
  "collide.aabb", "collide.obb", "collide.plane", "collide.triangle", "collide.ray",
  "collide.sphere", "collide.capsule", "collide.hull", "collide.compound"
};
const size_t l_kind_sizes[CL_NKINDS] = L_KIND_SIZES;

/* ---------------------------------------------------------------------- */
/* argument readers                                                       */

/* the names of the userdata of the core: a value that is not one of them
** but carries their metatable or __name borrows the name */
static int our_name(const char *name) {
  int k;
  if (strncmp(name, "collide.", 8) != 0) return 0;
  for (k = 0; k < CL_NKINDS; k++)
    if (strcmp(name, l_type_names[k]) == 0) return 1;
  return strcmp(name, "collide.tree") == 0 || strcmp(name, "collide.mesh") == 0
      || strcmp(name, "collide.heightfield") == 0;
}

/* the registry key of the anchors' table (its address) */
static const char anchors_key = 'a';

void l_anchors_init(lua_State *L) {
  lua_pushlightuserdata(L, (void *)&anchors_key);
  lua_rawget(L, LUA_REGISTRYINDEX);
  if (lua_type(L, -1) == LUA_TTABLE) { lua_pop(L, 1); return; }
  lua_pop(L, 1);
  lua_pushlightuserdata(L, (void *)&anchors_key);
  lua_newtable(L);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_rawset(L, LUA_REGISTRYINDEX);
}

/* pushes the anchors' table and the userdata at i, its key */
static void push_anchors(lua_State *L, int i) {
  if (i < 0 && i > LUA_REGISTRYINDEX) i = lua_gettop(L) + i + 1;
  lua_pushlightuserdata(L, (void *)&anchors_key);
  lua_rawget(L, LUA_REGISTRYINDEX);
  if (lua_type(L, -1) != LUA_TTABLE) luaL_error(L, "collide's anchors are gone from the registry");
  lua_pushvalue(L, i);
}

void l_setanchor(lua_State *L, int i) {
  push_anchors(L, i);
  lua_pushvalue(L, -3);
  lua_rawset(L, -3);
  lua_pop(L, 2);
}

void l_getanchor(lua_State *L, int i) {
  push_anchors(L, i);
  lua_rawget(L, -2);
  lua_remove(L, -2);
  if (lua_type(L, -1) != LUA_TTABLE) luaL_error(L, "collide's anchors are gone from the registry");
}

void l_setslot(lua_State *L, int i, int slot) {
  l_getanchor(L, i);
  lua_insert(L, -2);
  lua_rawseti(L, -2, slot);
  lua_pop(L, 1);
}

void l_detachslot(lua_State *L, int i, int slot) {
  l_getanchor(L, i);
  lua_rawgeti(L, -1, slot);
  lua_pushboolean(L, 0);
  lua_rawseti(L, -3, slot);
  lua_remove(L, -2);
}

l_mesh *l_tomesh(lua_State *L, int i) {
  void *u = lua_touserdata(L, i);
  return l_mesh_in(u, u != NULL ? lua_rawlen(L, i) : 0);
}

l_tree *l_totree(lua_State *L, int i) {
  size_t len;
  void *u = l_toobject(L, i, L_OBJ_TREE, sizeof(l_tree), &len);
  return u != NULL && len == sizeof(l_tree) ? (l_tree *)u : NULL;
}

l_heightfield *l_toheightfield(lua_State *L, int i) {
  size_t len;
  l_heightfield *lh = (l_heightfield *)l_toobject(L, i, L_OBJ_HEIGHTFIELD, sizeof *lh, &len);
  cl_heightfield *hf;
  size_t base;
  if (lh == NULL) return NULL;
  hf = &lh->hf;
  if (cl_heightfield_blocks(hf->columns, hf->rows) == 0) return NULL;
  base = sizeof *lh + l_heightfield_storage(hf->columns, hf->rows);
  if (len != base && len != base + l_heightfield_material_storage(hf->columns, hf->rows))
    return NULL;
  cl_heightfield_arrays(hf, (double *)(void *)(lh + 1),
                        (double *)(void *)(lh + 1) + (size_t)hf->columns * hf->rows);
  /* the materials, when made with them, after the blocks */
  cl_heightfield_use_materials(hf, len == base ? NULL : (uint32_t *)(void *)((char *)lh + base));
  return lh;
}

const char *l_typename(lua_State *L, int i) {
  cl_shape *s;
  int t;
  if (i < 0 && i > LUA_REGISTRYINDEX) i = lua_gettop(L) + i + 1;
  t = lua_type(L, i);
  if ((s = l_toshape(L, i)) != NULL) return l_type_names[s->tag];
  if (l_tomesh(L, i) != NULL) return "collide.mesh";
  if (l_toheightfield(L, i) != NULL) return "collide.heightfield";
  if (l_totree(L, i) != NULL) return "collide.tree";
  if (luaL_getmetafield(L, i, "__name") && lua_type(L, -1) == LUA_TSTRING
      && !our_name(lua_tostring(L, -1)))
    return lua_tostring(L, -1);   /* stays on the stack below the message */
  return t == LUA_TLIGHTUSERDATA ? "light userdata" : luaL_typename(L, i);
}

int l_typeerror(lua_State *L, int i, const char *expected) {
  const char *got = l_typename(L, i);
  return l_argerror(L, i, lua_pushfstring(L, "%s expected, got %s", expected, got));
}

void l_checktype(lua_State *L, int i, int t) {
  if (lua_type(L, i) != t) l_typeerror(L, i, lua_typename(L, t));
}

const char *l_pushnumtext(lua_State *L, double x) {
  char buf[64];
  const char *s = buf;
  if (x != x)
    s = "nan";   /* not printf's: -nan on some C libraries */
  else if (x - x != 0)
    s = x > 0 ? "inf" : "-inf";
  else if (x == floor(x) && fabs(x) <= 9007199254740992.0)   /* 2^53: integers exact */
    snprintf(buf, sizeof buf, "%.0f", x + 0.0);               /* + 0.0: no -0 */
  else
    snprintf(buf, sizeof buf, "%.14g", x);
  lua_pushstring(L, s);
  return lua_tostring(L, -1);
}

size_t l_arraylen(lua_State *L, int i, size_t *hole) {
  double n = 0, count = 0;
  size_t k;
  lua_pushnil(L);
  while (lua_next(L, i)) {
    lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TNUMBER) {
      double x = lua_tonumber(L, -1);
      if (x >= 1 && x == floor(x) && x <= 9007199254740992.0) {
        count++;
        if (x > n) n = x;
      }
    }
  }
  *hole = 0;
  if (count < n)   /* a nil among 1..count + 1 */
    for (k = 1;; k++) {
      int t = lua_geti(L, i, (lua_Integer)k);
      lua_pop(L, 1);
      if (t == LUA_TNIL) { *hole = k; break; }
    }
  return n < (double)SIZE_MAX ? (size_t)n : SIZE_MAX;
}

/* the name of a number that is not finite */
static const char *nonfinite(double x) {
  return x != x ? "nan" : (x > 0 ? "inf" : "-inf");
}

double l_checkfinite(lua_State *L, int i, double x) {
  if (x - x != 0) l_argerror(L, i, lua_pushfstring(L, "finite number expected, got %s", nonfinite(x)));
  return x;
}

double l_checkfinite_at(lua_State *L, int i, size_t k, double x) {
  if (x - x != 0)   /* nan or inf: blame the array, name the element */
    l_argerror(L, i, lua_pushfstring(L, "finite number expected at index %d, got %s", (int)k,
                                        nonfinite(x)));
  return x;
}

double l_checknum(lua_State *L, int i) {
  if (lua_type(L, i) != LUA_TNUMBER) l_typeerror(L, i, "number");
  return l_checkfinite(L, i, lua_tonumber(L, i));
}

/* whether the value at i can be read as a vector's fields: a table, a
** cdata, or a userdata whose metatable has an __index (indexing any other
** userdata would only raise "attempt to index a userdata value") */
int l_indexable(lua_State *L, int i) {
  int t = lua_type(L, i);
  if (t == LUA_TTABLE || t == L_TCDATA) return 1;
  if (t != LUA_TUSERDATA || !luaL_getmetafield(L, i, "__index")) return 0;
  lua_pop(L, 1);
  return 1;
}

/* components of the table, userdata or cdata at i: fields named by keys,
** else (not for a cdata: a struct indexed by a number raises) [1]..[n]; 0
** when neither form holds numbers (not checked for finiteness). A metamethod's
** error passes through. */
static int read_numbers(lua_State *L, int i, const char *const *keys, int n, double *v) {
  int k, ok = l_indexable(L, i);
  for (k = 0; k < n && ok; k++) {
    ok = COLLIDE_GETFIELD(L, i, keys[k]) == LUA_TNUMBER;
    v[k] = lua_tonumber(L, -1);
    lua_pop(L, 1);
  }
  if (!ok && lua_type(L, i) != L_TCDATA && l_indexable(L, i)) {
    ok = 1;
    for (k = 0; k < n && ok; k++) {
      ok = lua_geti(L, i, k + 1) == LUA_TNUMBER;
      v[k] = lua_tonumber(L, -1);
      lua_pop(L, 1);
    }
  }
  return ok;
}

/* read_numbers, and an error at argument i for a non-finite component */
static int read_components(lua_State *L, int i, const char *const *keys, int n, double *v) {
  int k, ok = read_numbers(L, i, keys, n, v);
  if (ok)
    for (k = 0; k < n; k++) l_checkfinite(L, i, v[k]);
  return ok;
}

static const char *const xyzw[4] = {"x", "y", "z", "w"};

int l_tovec(lua_State *L, int i, double v[3]) {
  return read_numbers(L, i, xyzw, 3, v);
}

void l_read_element_vec(lua_State *L, int i, size_t k, double v[3]) {
  int t = lua_type(L, -1), top = lua_gettop(L), c;
  if (!((t == LUA_TTABLE || t == LUA_TUSERDATA || t == L_TCDATA) && l_toshape(L, top) == NULL
        && l_tovec(L, top, v)))
    l_argerror(L, i, lua_pushfstring(L, "vector expected at index %d, got %s", (int)k,
                                        l_typename(L, top)));
  for (c = 0; c < 3; c++) l_checkfinite_at(L, i, k, v[c]);
  lua_pop(L, 1);
}

/* a vector given as three numbers or one indexable value (lovr luax_readvec3);
** returns the index of the next argument */
int l_readvec(lua_State *L, int i, double v[3]) {
  int t = lua_type(L, i);
  if (t == LUA_TNUMBER) {
    v[0] = l_checknum(L, i);
    v[1] = l_checknum(L, i + 1);
    v[2] = l_checknum(L, i + 2);
    return i + 3;
  }
  if ((t == LUA_TTABLE || t == LUA_TUSERDATA || t == L_TCDATA) && l_toshape(L, i) == NULL
      && read_components(L, i, xyzw, 3, v))
    return i + 1;
  return l_typeerror(L, i, "vector");
}

/* what a table at i that is no quaternion holds instead, raised: the
** number of its numbers [1].., or the first of x, y, z, w it lacks */
static int bad_quat_table(lua_State *L, int i) {
  int n = 0, k;
  while (n < 5 && lua_geti(L, i, n + 1) == LUA_TNUMBER) { lua_pop(L, 1); n++; }
  lua_pop(L, 1);
  if (n > 0)
    return l_argerror(L, i, lua_pushfstring(L, "quaternion expected: 4 numbers x, y, z, w, "
                                               "got a table of %d", n));
  for (k = 0; k < 4; k++) {
    int kt = COLLIDE_GETFIELD(L, i, xyzw[k]);
    lua_pop(L, 1);
    if (kt != LUA_TNUMBER && k > 0)
      return l_argerror(L, i, lua_pushfstring(L, "quaternion expected: 4 numbers x, y, z, w, "
                                                 "got a table without %s", xyzw[k]));
    if (kt != LUA_TNUMBER) break;
  }
  return l_typeerror(L, i, "quaternion");
}

/* a quaternion as four numbers or one indexable value; identity when absent
** (none or nil), normalised; returns the next index. A component missing
** is named: four numbers where one angle was meant are the usual slip
** (collide.axis_angle makes a quaternion of an axis and an angle). */
int l_readquat(lua_State *L, int i, double q[4]) {
  int t = lua_type(L, i), next = i + 1;
  if (t == LUA_TNONE || t == LUA_TNIL) {
    q[0] = q[1] = q[2] = 0; q[3] = 1;
    return next;
  }
  if (t == LUA_TNUMBER) {
    int k;
    for (k = 0; k < 4; k++) {
      if (k > 0 && lua_type(L, i + k) != LUA_TNUMBER)
        l_argerror(L, i + k, lua_pushfstring(L, "quaternion's %s: number expected, got %s", xyzw[k],
                                             l_typename(L, i + k)));
      q[k] = l_checknum(L, i + k);
    }
    next = i + 4;
  } else if (!((t == LUA_TTABLE || t == LUA_TUSERDATA || t == L_TCDATA) && l_toshape(L, i) == NULL
               && read_components(L, i, xyzw, 4, q))) {
    if (t == LUA_TTABLE && l_toshape(L, i) == NULL) return bad_quat_table(L, i);
    return l_typeerror(L, i, "quaternion");
  }
  if (t == LUA_TTABLE) {                 /* {x, y, z, w, more}: not a quaternion */
    int more = lua_geti(L, i, 5) != LUA_TNIL;
    lua_pop(L, 1);
    if (more) return bad_quat_table(L, i);
  }
  l_argcheck(L, cl_quat_normalize(q), i, "zero quaternion");
  return next;
}

const char l_magic[L_NOBJ] = {0};

cl_shape *l_checkshape(lua_State *L, int i, int kind) {
  cl_shape *s = l_toshape(L, i);
  if (s == NULL || s->tag != kind) l_typeerror(L, i, l_type_names[kind]);
  return s;
}

cl_shape *l_checkanyshape(lua_State *L, int i) {
  cl_shape *s = l_toshape(L, i);
  if (s == NULL) l_typeerror(L, i, "shape");
  return s;
}

cl_shape *l_newshape(lua_State *L, int kind) {
  l_udheader *u = (l_udheader *)COLLIDE_NEWUD(L, sizeof(l_udheader) + l_kind_sizes[kind]);
  cl_shape *s = L_UDSHAPE(u);
  l_setheader(u, L_OBJ_SHAPE);
  memset(s, 0, l_kind_sizes[kind]);
  s->tag = kind;
  lua_pushvalue(L, L_MT(kind));
  lua_setmetatable(L, -2);
  return s;
}

cl_shape *l_outshape(lua_State *L, int i, int kind) {
  if (lua_isnoneornil(L, i)) return l_newshape(L, kind);
  {
    cl_shape *s = l_checkshape(L, i, kind);
    lua_pushvalue(L, i);
    l_changed(s);
    return s;
  }
}

/* + 0.0 turns -0 into 0, so results print as users expect */
int l_pushvec(lua_State *L, const double v[3]) {
  lua_pushnumber(L, v[0] + 0.0);
  lua_pushnumber(L, v[1] + 0.0);
  lua_pushnumber(L, v[2] + 0.0);
  return 3;
}


int l_pushhit(lua_State *L, const cl_hit *h) {
  lua_pushnumber(L, h->t + 0.0);
  l_pushvec(L, h->p);
  l_pushvec(L, h->n);
  return 7;
}

/* the fields a hit's named results may have, every one set by
** l_namehit (nil where it does not apply) */
static const char *const hit_fields[] = {"item", "t", "x", "y", "z", "nx", "ny", "nz",
                                         "u", "v", "index", "material", NULL};

void l_checkout(lua_State *L, int i) {
  if (!lua_isnoneornil(L, i) && !lua_istable(L, i)) l_typeerror(L, i, "table");
}

int l_namehit(lua_State *L, int out, int n, const char *const *names) {
  int k;
  for (k = 0; hit_fields[k] != NULL; k++) {
    lua_pushnil(L);
    lua_setfield(L, out, hit_fields[k]);
  }
  for (k = n; k >= 1; k--) lua_setfield(L, out, names[k - 1]);
  lua_pushvalue(L, out);
  return 1;
}
