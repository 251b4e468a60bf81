/*
** l_compound.c - binding of the compound shape (collide.compound). The
** compound's shape userdata holds its placement and a pointer to its data
** (the children, their bounds, the tree: compound.h), which lives in a
** second userdata kept alive by the compound's anchor, as a hull's is
** (l_hull.c: l_hull_push_data finds it for either). The data's own anchor
** keeps alive what its children point at: the data of each hull child,
** and that of each compound given as a child (flattened into this one,
** its hull children still point into it). The children are read into
** scratch userdata first, so a Lua error on the way leaks nothing.
*/
#include "fp.h"
#include <string.h>
#include "l_collide.h"
#include "collide/compound.h"
#include "collide/hull.h"

static const char *const child_kinds = "aabb, obb, triangle, sphere, capsule, hull or compound";

static cl_compound *check_compound(lua_State *L, int i) {
  return &l_checkshape(L, i, CL_COMPOUND)->compound;
}

/* [position], [rotation] from argument i: a vector or nil, a quaternion
** or nil */
static void read_place(lua_State *L, int i, double c[3], double q[4]) {
  if (lua_isnoneornil(L, i)) {
    cl_set(c, 0, 0, 0);
    i++;
  } else i = l_readvec(L, i, c);
  l_readquat(L, i, q);
}

/* the compound of the shapes in the array at argument i placed by the
** arguments after; leaves on top the userdata holding its data, whose
** anchor maps the address of each hull child's data to the userdata
** holding it (the children's of a compound given as a child too) */
static void build(lua_State *L, int i, cl_shape *shape) {
  cl_compound *out = &shape->compound;
  size_t n, hole, k, count;
  double c[3], q[4];
  cl_shape *shapes;
  void *buf;
  int top, keep;
  l_checktype(L, i, LUA_TTABLE);
  n = l_arraylen(L, i, &hole);
  read_place(L, i + 1, c, q);
  l_argcheck(L, n > 0, i, "no shapes");
  top = lua_gettop(L);
  shapes = (cl_shape *)COLLIDE_NEWUD(L, n * sizeof(cl_shape));
  lua_newtable(L);                 /* top + 2: what the data keeps alive */
  keep = top + 2;
  for (k = 1; k <= n; k++) {
    cl_shape *s;
    lua_rawgeti(L, i, (lua_Integer)k);
    s = l_toshape(L, -1);
    if (s == NULL || !(s->tag == CL_AABB || s->tag == CL_OBB || s->tag == CL_TRIANGLE
                       || s->tag == CL_SPHERE || s->tag == CL_CAPSULE || s->tag == CL_HULL
                       || s->tag == CL_COMPOUND))
      l_argerror(L, i, lua_pushfstring(L, "%s expected at index %d, got %s", child_kinds, (int)k,
                                       l_typename(L, lua_gettop(L))));
    cl_shape_copy(&shapes[k - 1], s);
    if (s->tag == CL_HULL) {
      /* keep[the hull data's address] = the userdata holding it */
      lua_pushlightuserdata(L, (void *)s->hull.h);
      l_hull_push_data(L, lua_gettop(L) - 1);
      lua_rawset(L, keep);
    } else if (s->tag == CL_COMPOUND) {
      /* the hull data its children point at, from its own data's anchor */
      l_hull_push_data(L, lua_gettop(L));
      l_getanchor(L, -1);
      lua_pushnil(L);
      while (lua_next(L, -2)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, keep);
      }
      lua_pop(L, 2);
    }
    lua_pop(L, 1);
  }
  count = cl_compound_count(shapes, n);
  l_argcheck(L, count > 0, i, "too many children");
  buf = COLLIDE_NEWUD(L, cl_compound_data_size(count));   /* top + 3 */
  cl_compound_init(out, cl_compound_store(shapes, n, count, buf), c, q);
  /* a child placed beyond the doubles, as a hull's vertex is refused */
  l_check_stored(L, shape, i, i + 1);
  lua_pushvalue(L, keep);
  l_setanchor(L, top + 3);
  lua_replace(L, top + 1);
  lua_settop(L, top + 1);
}


static int f_compound(lua_State *L) { return l_placed_new(L, build); }

int l_compound_set(lua_State *L) {
  return l_placed_set(L, (cl_shape *)(void *)check_compound(L, 1), build);
}

static void place(cl_shape *s, const double c[3], const double q[4]) {
  cl_compound_place(&s->compound, c, q);
}

static int compound_set_position(lua_State *L) {
  cl_compound *c = check_compound(L, 1);
  return l_placed_set_position(L, (cl_shape *)(void *)c, c->q, place);
}

static int compound_set_rotation(lua_State *L) {
  cl_compound *c = check_compound(L, 1);
  return l_placed_set_rotation(L, (cl_shape *)(void *)c, c->c, place);
}

static int compound_position(lua_State *L) { return l_pushvec(L, check_compound(L, 1)->c); }

static int compound_rotation(lua_State *L) { return l_push_rotation(L, check_compound(L, 1)->q); }

static int compound_child_count(lua_State *L) {
  lua_pushinteger(L, check_compound(L, 1)->d->n);
  return 1;
}

/* compound:child(i) -> child i placed in the world, a new shape (a hull
** child shares its vertices and faces) */
static int compound_child(lua_State *L) {
  cl_compound *c = check_compound(L, 1);
  lua_Number x = l_checknum(L, 2);
  cl_shape ch;
  int top;
  l_argcheck(L, x >= 1 && x <= c->d->n && x == floor(x), 2, "index out of range");
  cl_compound_child(c, (int)x - 1, &ch);
  top = lua_gettop(L);
  memcpy(l_newshape(L, ch.tag), &ch, l_kind_sizes[ch.tag]);
  if (ch.tag == CL_HULL) {
    /* the userdata holding the hull's data, from the map the compound's
    ** data keeps (build), made the new hull's */
    l_hull_push_data(L, 1);
    l_getanchor(L, -1);
    lua_pushlightuserdata(L, (void *)ch.hull.h);
    lua_rawget(L, -2);
    lua_replace(L, top + 2);
    lua_settop(L, top + 2);
    l_anchor_data(L, top + 1);
  }
  return 1;
}

static int compound_bounds(lua_State *L) {
  cl_aabb b;
  cl_bounds((const cl_shape *)(const void *)check_compound(L, 1), &b);
  l_outshape(L, 2, CL_AABB)->aabb = b;
  return 1;
}

const luaL_Reg l_compound_methods[] = {
  {"set_position", compound_set_position}, {"set_rotation", compound_set_rotation},
  {"position", compound_position}, {"rotation", compound_rotation},
  {"child_count", compound_child_count}, {"child", compound_child},
  {"bounds", compound_bounds}, {NULL, NULL}
};

const luaL_Reg l_compound_functions[] = {
  {"compound", f_compound}, {NULL, NULL}
};
