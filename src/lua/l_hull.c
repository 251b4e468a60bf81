/*
** l_hull.c - binding of the convex hull (collide.hull). The hull's shape
** userdata holds its placement and a pointer to its vertices, faces and
** edges, which live in a second userdata that the hull's anchor
** (l_collide.h) keeps alive; a clone shares them, h:set builds new ones.
** The points are read and the hull built in scratch userdata (garbage
** after), so a Lua error on the way leaks nothing.
*/
#include "fp.h"
#include <string.h>
#include "l_collide.h"
#include "collide/hull.h"

static cl_hull *check_hull(lua_State *L, int i) {
  return &l_checkshape(L, i, CL_HULL)->hull;
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

/* the hull of the points at argument i placed by the arguments after;
** pushes the userdata holding its data */
static void build(lua_State *L, int i, cl_shape *shape) {
  cl_hull *out = &shape->hull;
  size_t n, np, size;
  int flat, r, top;
  double c[3], q[4], *p;
  void *work, *buf;
  cl_hull_counts cnt;
  l_checktype(L, i, LUA_TTABLE);
  n = l_point_array(L, i, &flat);
  read_place(L, i + 1, c, q);
  np = flat ? n / 3 : n;
  l_argcheck(L, np >= 4, i, "points span no volume");
  size = cl_hull_work_size(np);
  if (size == 0) l_argerror(L, i, "too many points");
  top = lua_gettop(L);
  p = (double *)COLLIDE_NEWUD(L, np * 3 * sizeof(double));
  l_read_points(L, i, p, n, flat);
  work = COLLIDE_NEWUD(L, size);
  r = cl_hull_build(p, np, work, &cnt);
  l_argcheck(L, r != 1, i, "points span no volume");
  l_argcheck(L, r != 2, i, "hull has more than 256 vertices");
  l_argcheck(L, r != 4, i, "result is not finite");
  l_argcheck(L, r == 0, i, "points too near a degenerate set to build a hull");
  buf = COLLIDE_NEWUD(L, cl_hull_data_size(&cnt));
  cl_hull_init(out, cl_hull_store(work, p, buf), c, q);
  l_argcheck(L, cl_hull_scale(out) < INFINITY, i, "result is not finite");
  lua_replace(L, top + 1);
  lua_settop(L, top + 1);
}

void l_anchor_data(lua_State *L, int i) {
  lua_createtable(L, 1, 0);
  lua_insert(L, -2);
  lua_rawseti(L, -2, 1);
  l_setanchor(L, i);
}

/* placed in a copy: a placement that overflows is refused (at the
** argument of the axis, l_check_stored) and the shape kept */
int l_placed_set_position(lua_State *L, cl_shape *s, const double q[4], l_place place) {
  cl_shape tmp;
  double c[3], keep[4];
  int next;
  memcpy(keep, q, sizeof keep);
  next = l_readvec(L, 2, c);
  memcpy(&tmp, s, l_kind_sizes[s->tag]);
  place(&tmp, c, keep);
  l_check_stored(L, &tmp, 2, next);
  memcpy(s, &tmp, l_kind_sizes[s->tag]);
  l_changed(s);
  lua_settop(L, 1);
  return 1;
}

int l_placed_set_rotation(lua_State *L, cl_shape *s, const double c[3], l_place place) {
  cl_shape tmp;
  double q[4], keep[3];
  memcpy(keep, c, sizeof keep);
  if (lua_isnoneornil(L, 2)) l_typeerror(L, 2, "quaternion");
  l_readquat(L, 2, q);
  memcpy(&tmp, s, l_kind_sizes[s->tag]);
  place(&tmp, keep, q);
  l_check_stored(L, &tmp, 2, 3);
  memcpy(s, &tmp, l_kind_sizes[s->tag]);
  l_changed(s);
  lua_settop(L, 1);
  return 1;
}

int l_push_rotation(lua_State *L, const double q[4]) {
  l_pushvec(L, q);
  lua_pushnumber(L, q[3]);
  return 4;
}

int l_placed_new(lua_State *L, l_build make) {
  cl_shape tmp;
  int top;
  make(L, 1, &tmp);
  top = lua_gettop(L);
  memcpy(l_newshape(L, tmp.tag), &tmp, l_kind_sizes[tmp.tag]);
  lua_pushvalue(L, top);
  l_anchor_data(L, top + 1);
  return 1;
}

int l_placed_set(lua_State *L, cl_shape *s, l_build make) {
  cl_shape tmp;
  make(L, 2, &tmp);
  memcpy(s, &tmp, l_kind_sizes[tmp.tag]);
  l_anchor_data(L, 1);
  l_changed(s);
  lua_settop(L, 1);
  return 1;
}

void l_placed_clone(lua_State *L, int i) {
  const cl_shape *s = l_toshape(L, i);
  int top = lua_gettop(L);
  memcpy(l_newshape(L, s->tag), s, l_kind_sizes[s->tag]);
  l_hull_push_data(L, i);
  l_anchor_data(L, top + 1);
}

static int f_hull(lua_State *L) { return l_placed_new(L, build); }

int l_hull_set(lua_State *L) { return l_placed_set(L, (cl_shape *)(void *)check_hull(L, 1), build); }

void l_hull_push_data(lua_State *L, int i) {
  l_getanchor(L, i);
  lua_rawgeti(L, -1, 1);
  lua_remove(L, -2);
}


static int check_index(lua_State *L, int i, int n) {
  lua_Number x = l_checknum(L, i);
  l_argcheck(L, x >= 1 && x <= n && x == floor(x), i, "index out of range");
  return (int)x - 1;
}

static void place(cl_shape *s, const double c[3], const double q[4]) {
  cl_hull_place(&s->hull, c, q);
}

static int hull_set_position(lua_State *L) {
  cl_hull *h = check_hull(L, 1);
  return l_placed_set_position(L, (cl_shape *)(void *)h, h->q, place);
}

static int hull_set_rotation(lua_State *L) {
  cl_hull *h = check_hull(L, 1);
  return l_placed_set_rotation(L, (cl_shape *)(void *)h, h->c, place);
}

/* the world centroid (the vertices' mean) */
static int hull_center(lua_State *L) {
  double c[3];
  cl_hull_centre(check_hull(L, 1), c);
  return l_pushvec(L, c);
}

/* hull:support(v) -> a vertex farthest along v (world) */
static int hull_support(lua_State *L) {
  double v[3], p[3];
  l_readvec(L, 2, v);
  cl_hull_support(check_hull(L, 1), v, p);
  return l_pushvec(L, p);
}

static int hull_position(lua_State *L) { return l_pushvec(L, check_hull(L, 1)->c); }

static int hull_rotation(lua_State *L) { return l_push_rotation(L, check_hull(L, 1)->q); }

static int hull_vertex_count(lua_State *L) {
  lua_pushinteger(L, check_hull(L, 1)->h->nv);
  return 1;
}

static int hull_face_count(lua_State *L) {
  lua_pushinteger(L, check_hull(L, 1)->h->nf);
  return 1;
}

static int hull_vertex(lua_State *L) {
  cl_hull *h = check_hull(L, 1);
  double p[3];
  cl_hull_vertex(h, check_index(L, 2, h->h->nv), p);
  return l_pushvec(L, p);
}

static int hull_face(lua_State *L) {
  cl_hull *h = check_hull(L, 1);
  double n[3], d;
  cl_hull_face(h, check_index(L, 2, h->h->nf), n, &d);
  l_pushvec(L, n);
  lua_pushnumber(L, d + 0.0);
  return 4;
}

/* hull:face_vertices(i) -> array of the face's vertex numbers, counter-
** clockwise seen from outside */
static int hull_face_vertices(lua_State *L) {
  cl_hull *h = check_hull(L, 1);
  int f = check_index(L, 2, h->h->nf), k, s0 = h->h->fstart[f], s1 = h->h->fstart[f + 1];
  lua_createtable(L, s1 - s0, 0);
  for (k = s0; k < s1; k++) {
    lua_pushinteger(L, h->h->fv[k] + 1);
    lua_rawseti(L, -2, k - s0 + 1);
  }
  return 1;
}

static int hull_bounds(lua_State *L) {
  cl_aabb b;
  cl_bounds((const cl_shape *)(const void *)check_hull(L, 1), &b);
  l_outshape(L, 2, CL_AABB)->aabb = b;
  return 1;
}

const luaL_Reg l_hull_methods[] = {
  {"set_position", hull_set_position}, {"set_rotation", hull_set_rotation},
  {"position", hull_position}, {"rotation", hull_rotation}, {"center", hull_center},
  {"support", hull_support},
  {"vertex_count", hull_vertex_count}, {"vertex", hull_vertex},
  {"face_count", hull_face_count}, {"face", hull_face}, {"face_vertices", hull_face_vertices},
  {"bounds", hull_bounds}, {NULL, NULL}
};

const luaL_Reg l_hull_functions[] = {
  {"hull", f_hull}, {NULL, NULL}
};
