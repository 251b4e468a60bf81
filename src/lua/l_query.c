/*
** l_query.c - the narrow-phase calls: intersects, cast, slab, classify,
** points, contact, distance between shapes, sweep. Results are pushed as numbers; nothing is allocated.
*/
#include "fp.h"
#include <string.h>
#include "l_collide.h"
#include "collide/compound.h"

static int q_intersects(lua_State *L) {
  cl_shape *a = l_toshape(L, 1), *b = l_toshape(L, 2);
  if (a == NULL || b == NULL) {
    if (l_toheightfield(L, 1) != NULL || l_toheightfield(L, 2) != NULL)
      return l_heightfield_intersects(L);
    if (l_tomesh(L, 1) != NULL || l_tomesh(L, 2) != NULL) return l_mesh_intersects(L);
    a = l_checkanyshape(L, 1); b = l_checkanyshape(L, 2);
  }
  lua_pushboolean(L, cl_intersects(a, b));
  return 1;
}

/* what ray:cast, collide.contact and collide.sweep take as a target */
const char *const l_target_kinds =
  "aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield";
/* what collide.distance takes on either side */
static const char *const distance_kinds =
  "aabb, obb, sphere, triangle, capsule, hull or compound";

/* the checks of a pair of shapes that collide.contact and
** collide.manifold answer (meshes and heightfields taken before) */
static void contact_pair(lua_State *L, const cl_shape *a, const cl_shape *b) {
  if (a == NULL || a->tag == CL_RAY) l_typeerror(L, 1, l_target_kinds);
  if (b == NULL || b->tag == CL_RAY) l_typeerror(L, 2, l_target_kinds);
  l_argcheck(L, !(a->tag == CL_TRIANGLE && b->tag == CL_TRIANGLE), 2,
                "triangle-triangle contact is not supported");
  l_argcheck(L, !(a->tag == CL_PLANE && b->tag == CL_PLANE), 2,
                "plane-plane contact is not supported");
}

/* the children of a and b that gave a compound's answer, 1-based, each
** of a side that is a compound: their number */
static int push_parts(lua_State *L, const cl_shape *a, const cl_shape *b, int ia, int ib) {
  int n = 0;
  if (a->tag == CL_COMPOUND) { lua_pushinteger(L, ia + 1); n++; }
  if (b->tag == CL_COMPOUND) { lua_pushinteger(L, ib + 1); n++; }
  return n;
}

/* collide.contact(a, b): any two shapes but rays, a plane on either side,
** a mesh or a heightfield on either side (l_mesh.c, l_heightfield.c);
** neither triangle-triangle nor plane-plane */
static int q_contact(lua_State *L) {
  cl_shape *a = l_toshape(L, 1), *b = l_toshape(L, 2);
  double n[3], depth;
  if ((a == NULL || b == NULL) && (l_toheightfield(L, 1) != NULL || l_toheightfield(L, 2) != NULL))
    return l_heightfield_contact(L);
  if ((a == NULL || b == NULL) && (l_tomesh(L, 1) != NULL || l_tomesh(L, 2) != NULL))
    return l_mesh_contact(L);
  contact_pair(L, a, b);
  if (a->tag == CL_COMPOUND || b->tag == CL_COMPOUND) {
    /* then the deepest child of each compound (1-based), as a mesh's
    ** contact gives its triangle */
    int ia, ib;
    if (!cl_compound_contact_parts(a, b, n, &depth, &ia, &ib)) { lua_pushnil(L); return 1; }
    l_pushvec(L, n);
    lua_pushnumber(L, depth);
    return 4 + push_parts(L, a, b, ia, ib);
  }
  if (!cl_contact(a, b, n, &depth)) { lua_pushnil(L); return 1; }
  l_pushvec(L, n);
  lua_pushnumber(L, depth);
  return 4;
}

/* collide.manifold(a, b) -> nx, ny, nz, points: the pairs of
** collide.contact, with the same checks and messages */
static int q_manifold(lua_State *L) {
  cl_shape *a = l_toshape(L, 1), *b = l_toshape(L, 2);
  cl_contacts m;
  if ((a == NULL || b == NULL) && (l_toheightfield(L, 1) != NULL || l_toheightfield(L, 2) != NULL))
    return l_heightfield_manifold(L);
  if ((a == NULL || b == NULL) && (l_tomesh(L, 1) != NULL || l_tomesh(L, 2) != NULL))
    return l_mesh_manifold(L);
  contact_pair(L, a, b);
  if (!cl_manifold(a, b, &m)) { lua_pushnil(L); return 1; }
  return l_push_manifold(L, &m);
}

/* ray:cast and collide.cast: checks inline, the cull flag read only when
** given, the values pushed straight from the hit. They are the list
** l_ffi.c fills for the FFI; filling that array here and pushing from it
** cost 60 instructions more per cast (callgrind), so it is written twice. */
static int cast_values(lua_State *L);

/* ray:cast(shape, [cull], [out]) and collide.cast: the hit's values, or
** with out (a table) the hit named in it */
static int q_cast(lua_State *L) {
  static const char *const names[] = {"t", "x", "y", "z", "nx", "ny", "nz", "u", "v", "index",
                                      "material"};
  int n, top = lua_gettop(L);
  if (top < 4 || lua_isnil(L, 4)) return cast_values(L);
  l_checkout(L, 4);
  n = cast_values(L);
  if (n == 1 && lua_isnil(L, -1)) return 1;
  return l_namehit(L, 4, n, names);
}

static int cast_values(lua_State *L) {
  /* the target read once: a shape, or else a mesh */
  void *u = lua_touserdata(L, 2);
  size_t len = u != NULL ? lua_rawlen(L, 2) : 0;
  cl_shape *rs = l_toshape(L, 1), *s = l_shape_in(u, len);
  cl_hit h;
  if (rs == NULL || rs->tag != CL_RAY) rs = l_checkshape(L, 1, CL_RAY);
  if (s == NULL || s->tag == CL_RAY) {
    l_mesh *lm = s == NULL ? l_mesh_in(u, len) : NULL;
    l_heightfield *lh;
    if (lm != NULL) return l_mesh_cast(L, &rs->ray, lm);
    if (s == NULL && (lh = l_toheightfield(L, 2)) != NULL) return l_heightfield_cast(L, &rs->ray, lh);
    l_typeerror(L, 2, l_target_kinds);
  }
  if (s->tag == CL_COMPOUND) {
    /* the nearest child's hit, then its index, as a mesh's triangle */
    int index;
    int found = cl_compound_cast(&rs->ray, &s->compound, lua_gettop(L) >= 3 && lua_toboolean(L, 3),
                                 &h, &index);
    return l_push_tricast(L, found, &h, (size_t)index, -1);
  }
  if (!cl_cast(&rs->ray, s, lua_gettop(L) >= 3 && lua_toboolean(L, 3), &h)) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushnumber(L, h.t);                   /* + 0.0: never -0, as l_pushvec */
  lua_pushnumber(L, h.p[0] + 0.0);
  lua_pushnumber(L, h.p[1] + 0.0);
  lua_pushnumber(L, h.p[2] + 0.0);
  lua_pushnumber(L, h.n[0] + 0.0);
  lua_pushnumber(L, h.n[1] + 0.0);
  lua_pushnumber(L, h.n[2] + 0.0);
  if (s->tag != CL_TRIANGLE) return 7;
  lua_pushnumber(L, h.u);
  lua_pushnumber(L, h.v);
  return 9;
}

static int q_slab(lua_State *L) {
  cl_ray *r = &l_checkshape(L, 1, CL_RAY)->ray;
  cl_shape *s = l_toshape(L, 2);
  double tn, tf;
  if (s == NULL || (s->tag != CL_AABB && s->tag != CL_OBB)) l_typeerror(L, 2, "aabb or obb");
  if (!cl_slab(r, s, &tn, &tf)) { lua_pushnil(L); return 1; }
  lua_pushnumber(L, tn);
  lua_pushnumber(L, tf);
  return 2;
}

static int q_classify(lua_State *L) {
  cl_plane *p = &l_checkshape(L, 1, CL_PLANE)->plane;
  int t = lua_type(L, 2), c;
  cl_shape *s = l_toshape(L, 2);
  if (s != NULL) {
    if (s->tag == CL_PLANE || s->tag == CL_RAY)
      l_typeerror(L, 2, "aabb, obb, triangle, sphere, capsule, hull or compound");
    c = cl_classify(p, s);
  } else if (t == LUA_TNUMBER || t == LUA_TTABLE || t == LUA_TUSERDATA || t == L_TCDATA) {
    double x[3];
    l_readvec(L, 2, x);
    c = cl_classify_point(p, x);
  } else {
    return l_typeerror(L, 2, "vector or shape");
  }
  lua_pushinteger(L, c);
  return 1;
}

static int q_plane_distance(lua_State *L) {
  cl_plane *p = &l_checkshape(L, 1, CL_PLANE)->plane;
  double x[3];
  l_readvec(L, 2, x);
  lua_pushnumber(L, cl_dot(p->n, x) - p->d);
  return 1;
}

static int q_closest_point(lua_State *L) {
  cl_shape *s = l_checkanyshape(L, 1);
  double x[3], q[3];
  l_readvec(L, 2, x);
  cl_closest_point(s, x, q);
  return l_pushvec(L, q);
}

static cl_shape *check_distance_shape(lua_State *L, int i) {
  cl_shape *s = l_toshape(L, i);
  if (s == NULL || s->tag == CL_PLANE || s->tag == CL_RAY) l_typeerror(L, i, distance_kinds);
  return s;
}

/* s copied into a whole shape: the distance and the sweep copy their
** arguments as whole unions, and a userdata holds only its own kind's
** bytes */
static cl_shape *whole(const cl_shape *s, cl_shape *copy) {
  memcpy(copy, s, l_kind_sizes[s->tag]);
  return copy;
}

/* d, then the closest point of a and that of b */
static int push_distance(lua_State *L, const cl_shape *a, const cl_shape *b) {
  cl_shape ca, cb;
  double pa[3], pb[3], d;
  int ia = -1, ib = -1;
  a = whole(a, &ca);
  b = whole(b, &cb);
  if (a->tag == CL_COMPOUND || b->tag == CL_COMPOUND) d = cl_compound_distance_parts(a, b, pa, pb, &ia, &ib);
  else d = cl_shape_distance(a, b, pa, pb);
  lua_pushnumber(L, d + 0.0);
  l_pushvec(L, pa);
  l_pushvec(L, pb);
  /* then the nearest child of each compound (1-based) */
  return 7 + push_parts(L, a, b, ia, ib);
}

/* collide.distance(a, b) -> d, ax, ay, az, bx, by, bz, and the nearest
** child of each compound */
static int q_distance_shapes(lua_State *L) {
  cl_shape *a = check_distance_shape(L, 1), *b = check_distance_shape(L, 2);
  return push_distance(L, a, b);
}

/* s:distance(point) -> d; s:distance(shape) as collide.distance(s, shape) */
static int q_distance(lua_State *L) {
  cl_shape *s = l_checkanyshape(L, 1), *o = l_toshape(L, 2);
  double x[3];
  if (o != NULL) {
    check_distance_shape(L, 1);
    return push_distance(L, s, check_distance_shape(L, 2));
  }
  l_readvec(L, 2, x);
  lua_pushnumber(L, cl_distance(s, x));
  return 1;
}

/* collide.sweep(mover, dx, dy, dz | d, target) -> t, px, py, pz, nx, ny, nz
** (and the triangle's index for a mesh or a heightfield), or nil */
static int q_sweep(lua_State *L) {
  cl_shape *m = l_toshape(L, 1), *t, mover, target;
  double d[3];
  int i;
  cl_hit h;
  if (m == NULL || !(m->tag == CL_AABB || m->tag == CL_OBB || m->tag == CL_SPHERE
                     || m->tag == CL_CAPSULE || m->tag == CL_HULL || m->tag == CL_COMPOUND))
    l_typeerror(L, 1, "aabb, obb, sphere, capsule, hull or compound");
  m = whole(m, &mover);
  i = l_readvec(L, 2, d);
  t = l_toshape(L, i);
  if (t == NULL || t->tag == CL_RAY) {
    if (t == NULL && l_tomesh(L, i) != NULL) return l_mesh_sweep(L, m, d, i);
    if (t == NULL && l_toheightfield(L, i) != NULL) return l_heightfield_sweep(L, m, d, i);
    l_typeerror(L, i, l_target_kinds);
  }
  if (t->tag == CL_COMPOUND) {
    /* the earliest child's hit, then its index, as a mesh's triangle */
    int index, found = cl_compound_sweep(m, d, whole(t, &target), 1, &h, &index);
    return l_push_trisweep(L, found, &h, (size_t)index, -1);
  }
  if (!cl_sweep(m, d, whole(t, &target), &h)) {
    lua_pushnil(L);
    return 1;
  }
  return l_pushhit(L, &h);
}

/* aabb:contains(point | aabb); obb and sphere: a point */
static int q_contains(lua_State *L) {
  cl_shape *s = l_checkanyshape(L, 1), *o;
  double x[3];
  if (s->tag == CL_AABB && (o = l_toshape(L, 2)) != NULL) {
    int k, in = 1;
    if (o->tag != CL_AABB) return l_typeerror(L, 2, "vector or collide.aabb");
    for (k = 0; k < 3; k++)
      if (o->aabb.min[k] < s->aabb.min[k] || o->aabb.max[k] > s->aabb.max[k]) in = 0;
    lua_pushboolean(L, in);
    return 1;
  }
  l_readvec(L, 2, x);
  lua_pushboolean(L, cl_contains(s, x));
  return 1;
}

static int q_barycentric(lua_State *L) {
  cl_triangle *t = &l_checkshape(L, 1, CL_TRIANGLE)->tri;
  double x[3], w[3];
  l_readvec(L, 2, x);
  cl_barycentric(t, x, w);
  return l_pushvec(L, w);
}

/* collide.cast(ray, shape, [cull]) is ray:cast(shape, [cull]) as a
** function, as collide.intersects is a:intersects(b): under LuaJIT it is the
** one lua/collide/ffi.lua can route through the FFI */
const luaL_Reg l_query_functions[] = {
  {"intersects", q_intersects}, {"contact", q_contact}, {"manifold", q_manifold},
  {"cast", q_cast}, {"distance", q_distance_shapes}, {"sweep", q_sweep}, {NULL, NULL}
};

static const luaL_Reg solid_methods[] = {
  {"intersects", q_intersects}, {"contact", q_contact}, {"contains", q_contains},
  {"closest_point", q_closest_point}, {"distance", q_distance}, {NULL, NULL}
};
static const luaL_Reg plane_methods[] = {
  {"intersects", q_intersects}, {"contact", q_contact}, {"classify", q_classify},
  {"distance", q_plane_distance},
  {"project", q_closest_point}, {"closest_point", q_closest_point}, {NULL, NULL}
};
static const luaL_Reg triangle_methods[] = {
  {"intersects", q_intersects}, {"contact", q_contact}, {"closest_point", q_closest_point},
  {"distance", q_distance}, {"barycentric", q_barycentric}, {NULL, NULL}
};
static const luaL_Reg ray_methods[] = {
  {"intersects", q_intersects}, {"cast", q_cast}, {"slab", q_slab},
  {"closest_point", q_closest_point}, {"distance", q_distance}, {NULL, NULL}
};

const luaL_Reg *const l_query_methods[CL_NKINDS] = {
  solid_methods, solid_methods, plane_methods, triangle_methods, ray_methods, solid_methods,
  solid_methods, solid_methods, solid_methods
};
