/*
** l_shapes.c - the shape userdata: constructors, accessors, mutators and
** the tables of their methods (registered by l_module.c).
*/
#include "fp.h"
#include <stdio.h>
#include <string.h>
#include "l_collide.h"
#include "collide/hull.h"
#include "collide/compound.h"

/* copy a freshly built value into the shape's own size (never more) */
static void store(cl_shape *dst, const cl_shape *src) {
  memcpy(dst, src, l_kind_sizes[src->tag]);
}

/* the first axis (0, 1, 2) on which a number s stores is not finite, -1
** when all are (a ray's tmax may be inf); a plane's d and a sphere's or a
** capsule's radius count as axis 0. A hull counts its vertices' reach
** from its position (|centroid| + radius, as its constructor does), a
** compound every child as placed in the world */
static int nonfinite_axis(const cl_shape *s) {
  const double *v[4] = {NULL, NULL, NULL, NULL};
  double x = 0;
  int i, j, k, first = -1;
  switch (s->tag) {
    case CL_AABB: v[0] = s->aabb.min; v[1] = s->aabb.max; break;
    case CL_OBB: v[0] = s->obb.c; v[1] = s->obb.e; break;
    case CL_PLANE: v[0] = s->plane.n; x = s->plane.d; break;
    case CL_TRIANGLE:
      v[0] = s->tri.v[0]; v[1] = s->tri.v[1]; v[2] = s->tri.v[2]; v[3] = s->tri.n;
      break;
    case CL_RAY: v[0] = s->ray.o; v[1] = s->ray.d; break;
    case CL_SPHERE: v[0] = s->sphere.c; x = s->sphere.r; break;
    case CL_CAPSULE: v[0] = s->cap.a; v[1] = s->cap.b; x = s->cap.r; break;
    case CL_HULL: v[0] = s->hull.c; break;
    case CL_COMPOUND: v[0] = s->compound.c; break;
  }
  for (k = 0; k < 3 && first < 0; k++)
    for (j = 0; j < 4; j++)
      if (v[j] != NULL && v[j][k] - v[j][k] != 0) { first = k; break; }
  if (first < 0 && x - x != 0) first = 0;
  if (s->tag == CL_HULL) {
    double reach = cl_length(s->hull.h->centroid) + s->hull.h->radius;
    for (k = 0; k < (first < 0 ? 3 : first); k++)
      if (!(fabs(s->hull.c[k]) + reach < INFINITY)) { first = k; break; }
  } else if (s->tag == CL_COMPOUND) {
    cl_shape ch;
    for (i = 0; i < s->compound.d->n && first != 0; i++) {
      cl_compound_child(&s->compound, i, &ch);
      k = nonfinite_axis(&ch);
      if (k >= 0 && (first < 0 || k < first)) first = k;
    }
  }
  return first;
}

/* the argument that holds component k of a vector read from i, next being
** the index after it: i + k for three numbers, else i */
static int arg_of(int i, int next, int k) {
  return next - i == 3 ? i + k : i;
}

void l_check_stored(lua_State *L, const cl_shape *s, int i, int next) {
  int k = nonfinite_axis(s);
  if (k >= 0) l_argerror(L, arg_of(i, next, k), "result is not finite");
}

static const char *const not_finite = "result is not finite";

/* ---------------------------------------------------------------------- */
/* builders: read constructor arguments from index i into a shape         */

static void build_aabb(lua_State *L, int i, cl_shape *s) {
  double lo[3], hi[3];
  int j = l_readvec(L, i, lo), k;
  l_readvec(L, j, hi);
  for (k = 0; k < 3; k++) l_argcheck(L, lo[k] <= hi[k], j, "min greater than max");
  cl_aabb_init(&s->aabb, lo, hi);
}

static void build_obb(lua_State *L, int i, cl_shape *s) {
  double c[3], e[3], q[4];
  int j = l_readvec(L, i, c), k;
  k = l_readvec(L, j, e);
  l_argcheck(L, e[0] >= 0 && e[1] >= 0 && e[2] >= 0, j, "negative half extent");
  l_readquat(L, k, q);
  cl_obb_init(&s->obb, c, e, q);
}

static void build_plane(lua_State *L, int i, cl_shape *s) {
  double n[3], d;
  int j = l_readvec(L, i, n);
  d = l_checknum(L, j);
  l_argcheck(L, cl_plane_init(&s->plane, n, d), i, "zero normal");
}

static void build_triangle(lua_State *L, int i, cl_shape *s) {
  double a[3], b[3], c[3];
  i = l_readvec(L, i, a);
  i = l_readvec(L, i, b);
  l_readvec(L, i, c);
  cl_triangle_init(&s->tri, a, b, c);
}

static void build_ray(lua_State *L, int i, cl_shape *s) {
  double o[3], d[3], tmax = INFINITY;
  int j = l_readvec(L, i, o), k = l_readvec(L, j, d);
  if (!lua_isnoneornil(L, k)) {
    if (lua_type(L, k) != LUA_TNUMBER) l_typeerror(L, k, "number");
    tmax = lua_tonumber(L, k);
    if (tmax != INFINITY) l_checkfinite(L, k, tmax);
    l_argcheck(L, tmax >= 0, k, "negative tmax");
  }
  l_argcheck(L, cl_ray_init(&s->ray, o, d, tmax), j, "zero direction");
}

static void build_sphere(lua_State *L, int i, cl_shape *s) {
  double c[3], r;
  i = l_readvec(L, i, c);
  r = l_checknum(L, i);
  l_argcheck(L, r >= 0, i, "negative radius");
  cl_sphere_init(&s->sphere, c, r);
}

static void build_capsule(lua_State *L, int i, cl_shape *s) {
  double a[3], b[3], r;
  i = l_readvec(L, i, a);
  i = l_readvec(L, i, b);
  r = l_checknum(L, i);
  l_argcheck(L, r >= 0, i, "negative radius");
  cl_capsule_init(&s->cap, a, b, r);
}

typedef void (*builder)(lua_State *L, int i, cl_shape *s);
static const builder builders[CL_NKINDS] = {
  build_aabb, build_obb, build_plane, build_triangle, build_ray, build_sphere, build_capsule
};

/* a shape built from the arguments from i, refused (at i) when a number it
** would store is not finite */
static void build(lua_State *L, int i, cl_shape *s, int kind) {
  builders[kind](L, i, s);
  l_argcheck(L, nonfinite_axis(s) < 0, i, not_finite);
}

static int construct(lua_State *L, int kind) {
  cl_shape tmp;
  build(L, 1, &tmp, kind);
  store(l_newshape(L, kind), &tmp);
  return 1;
}

static int f_aabb(lua_State *L) { return construct(L, CL_AABB); }
static int f_obb(lua_State *L) { return construct(L, CL_OBB); }
static int f_plane(lua_State *L) { return construct(L, CL_PLANE); }
static int f_triangle(lua_State *L) { return construct(L, CL_TRIANGLE); }
static int f_ray(lua_State *L) { return construct(L, CL_RAY); }
static int f_sphere(lua_State *L) { return construct(L, CL_SPHERE); }
static int f_capsule(lua_State *L) { return construct(L, CL_CAPSULE); }

static int f_aabb_from_center(lua_State *L) {
  double c[3], e[3], lo[3], hi[3];
  int j = l_readvec(L, 1, c), next = l_readvec(L, j, e), k;
  l_argcheck(L, e[0] >= 0 && e[1] >= 0 && e[2] >= 0, j, "negative half extent");
  for (k = 0; k < 3; k++) {
    lo[k] = c[k] - e[k];
    hi[k] = c[k] + e[k];
    l_argcheck(L, lo[k] - lo[k] == 0 && hi[k] - hi[k] == 0, arg_of(j, next, k), not_finite);
  }
  cl_aabb_init(&l_newshape(L, CL_AABB)->aabb, lo, hi);
  return 1;
}

static int f_aabb_from_points(lua_State *L) {
  double lo[3], hi[3], p[3];
  lua_Integer n, i;
  int k;
  size_t hole;
  l_checktype(L, 1, LUA_TTABLE);
  /* read up to the largest integer key: a nil inside is refused below */
  n = (lua_Integer)l_arraylen(L, 1, &hole);
  if (hole) n = (lua_Integer)hole;
  l_argcheck(L, n > 0, 1, "empty point array");
  for (i = 1; i <= n; i++) {
    lua_geti(L, 1, i);
    l_read_element_vec(L, 1, (size_t)i, p);
    for (k = 0; k < 3; k++) {
      if (i == 1 || p[k] < lo[k]) lo[k] = p[k];
      if (i == 1 || p[k] > hi[k]) hi[k] = p[k];
    }
  }
  cl_aabb_init(&l_newshape(L, CL_AABB)->aabb, lo, hi);
  return 1;
}

static int f_obb_from_axes(lua_State *L) {
  double c[3], e[3], u[3][3], q[4];
  int j = l_readvec(L, 1, c), k = l_readvec(L, j, e), m, check;
  l_argcheck(L, e[0] >= 0 && e[1] >= 0 && e[2] >= 0, j, "negative half extent");
  m = l_readvec(L, k, u[0]);
  m = l_readvec(L, m, u[1]);
  l_readvec(L, m, u[2]);
  check = cl_axes_check((const double (*)[3])u);
  l_argcheck(L, check != 1, k, "axes are not orthonormal");
  l_argcheck(L, check != 2, k, "axes are not right-handed");
  cl_quat_from_axes(q, (const double (*)[3])u);
  cl_obb_init(&l_newshape(L, CL_OBB)->obb, c, e, q);
  return 1;
}

static int f_obb_from_aabb(lua_State *L) {
  cl_aabb *b = &l_checkshape(L, 1, CL_AABB)->aabb;
  double q[4];
  l_readquat(L, 2, q);
  cl_obb_from_aabb(&l_newshape(L, CL_OBB)->obb, b, q);
  return 1;
}

static int f_plane_from_point(lua_State *L) {
  double p[3], n[3];
  int j = l_readvec(L, 1, p);
  cl_shape tmp;
  l_readvec(L, j, n);
  l_argcheck(L, cl_plane_init(&tmp.plane, n, 0), j, "zero normal");
  tmp.plane.d = cl_dot(tmp.plane.n, p);
  l_argcheck(L, tmp.plane.d - tmp.plane.d == 0, 1, not_finite);
  store(l_newshape(L, CL_PLANE), &tmp);
  return 1;
}

static int f_plane_from_points(lua_State *L) {
  double a[3], b[3], c[3], ab[3], ac[3], n[3], len;
  int i = l_readvec(L, 1, a);
  cl_shape tmp;
  i = l_readvec(L, i, b);
  l_readvec(L, i, c);
  cl_sub(ab, b, a);
  cl_sub(ac, c, a);
  cl_cross(n, ab, ac);
  len = cl_length(n);
  l_argcheck(L, len > CL_EPSILON * cl_length(ab) * cl_length(ac) && len > 0, 1,
                "points are collinear");
  cl_plane_init(&tmp.plane, n, 0);
  tmp.plane.d = cl_dot(tmp.plane.n, a);
  store(l_newshape(L, CL_PLANE), &tmp);
  return 1;
}

static int f_plane_from_equation(lua_State *L) {
  double n[3], d;
  cl_shape tmp;
  n[0] = l_checknum(L, 1); n[1] = l_checknum(L, 2); n[2] = l_checknum(L, 3);
  d = l_checknum(L, 4);
  l_argcheck(L, cl_plane_init(&tmp.plane, n, -d), 1, "zero normal");
  store(l_newshape(L, CL_PLANE), &tmp);
  return 1;
}

static int f_segment(lua_State *L) {
  double a[3], b[3], d[3];
  int j = l_readvec(L, 1, a);
  cl_shape tmp;
  l_readvec(L, j, b);
  cl_sub(d, b, a);
  l_argcheck(L, cl_length(d) > 0, j, "zero-length segment");
  cl_ray_init(&tmp.ray, a, d, cl_length(d));
  store(l_newshape(L, CL_RAY), &tmp);
  return 1;
}

static int f_type(lua_State *L) {
  cl_shape *s = l_toshape(L, 1);
  if (s != NULL) lua_pushstring(L, l_kind_names[s->tag]);
  else if (l_tomesh(L, 1) != NULL) lua_pushstring(L, "mesh");
  else if (l_toheightfield(L, 1) != NULL) lua_pushstring(L, "heightfield");
  else lua_pushnil(L);
  return 1;
}

/* core._typename(v) -> the name an argument error gives v's type
** (l_typename), for the Lua helpers' errors: one wording for both */
static int f_typename(lua_State *L) {
  lua_pushstring(L, l_typename(L, 1));
  return 1;
}

/* collide.sincos(radians) -> s, c: the library's own series (angles.c),
** the same bits on every build; any number, as math.sin takes it: nan
** for nan and the infinities, and sin(-0) = -0 */
static int f_sincos(lua_State *L) {
  double s, c;
  if (lua_type(L, 1) != LUA_TNUMBER) l_typeerror(L, 1, "number");
  cl_sincos(lua_tonumber(L, 1), &s, &c);
  lua_pushnumber(L, s);
  lua_pushnumber(L, c);
  return 2;
}

/* collide.atan2(y, x) -> radians: the library's own arc tangent
** (angles.c), the same bits on every build; any numbers, as C's atan2
** takes them: nan for a nan, the signed zeros and infinities as it
** gives them */
static int f_atan2(lua_State *L) {
  if (lua_type(L, 1) != LUA_TNUMBER) l_typeerror(L, 1, "number");
  if (lua_type(L, 2) != LUA_TNUMBER) l_typeerror(L, 2, "number");
  lua_pushnumber(L, cl_atan2(lua_tonumber(L, 1), lua_tonumber(L, 2)));
  return 1;
}

/* collide.axis_angle(axis, radians) -> qx, qy, qz, qw: the axis any
** non-zero finite vector, the angle finite */
static int f_axis_angle(lua_State *L) {
  double axis[3], q[4], radians;
  int i = l_readvec(L, 1, axis), k;
  radians = l_checknum(L, i);
  l_argcheck(L, cl_axis_angle(q, axis, radians), 1, "zero axis");
  for (k = 0; k < 4; k++) lua_pushnumber(L, q[k] + 0.0);   /* + 0.0: no -0 */
  return 4;
}

/* ---------------------------------------------------------------------- */
/* methods common to every kind                                           */

static int m_type(lua_State *L) {
  lua_pushstring(L, l_kind_names[l_checkanyshape(L, 1)->tag]);
  return 1;
}

static int m_clone(lua_State *L) {
  cl_shape *s = l_checkanyshape(L, 1);
  if (s->tag == CL_HULL || s->tag == CL_COMPOUND) { l_placed_clone(L, 1); return 1; }
  store(l_newshape(L, s->tag), s);
  return 1;
}

static int m_set(lua_State *L) {
  cl_shape *s = l_checkanyshape(L, 1), tmp;
  if (s->tag == CL_HULL) return l_hull_set(L);
  if (s->tag == CL_COMPOUND) return l_compound_set(L);
  build(L, 2, &tmp, s->tag);
  store(s, &tmp);
  l_changed(s);
  lua_settop(L, 1);
  return 1;
}

/* translated in a copy: a result that overflows is refused at the
** component that made it (a plane's d: at the first) and the shape kept */
static int m_translate(lua_State *L) {
  cl_shape *s = l_checkanyshape(L, 1), tmp;
  double d[3];
  int next = l_readvec(L, 2, d);
  store(&tmp, s);
  cl_translate(&tmp, d);
  l_check_stored(L, &tmp, 2, next);
  store(s, &tmp);
  l_changed(s);
  lua_settop(L, 1);
  return 1;
}

static int m_bounds(lua_State *L) {
  cl_shape *s = l_checkanyshape(L, 1);
  cl_aabb b;
  l_argcheck(L, cl_bounds(s, &b), 1, "ray has infinite tmax");
  l_outshape(L, 2, CL_AABB)->aabb = b;
  return 1;
}

static void fmt_nums(luaL_Buffer *B, const double *v, int n) {
  char buf[64];
  int k;
  for (k = 0; k < n; k++) {
    snprintf(buf, sizeof buf, k ? ", %.14g" : "%.14g", v[k] == 0 ? 0.0 : v[k]);
    luaL_addstring(B, buf);
  }
}

static void fmt_vec(luaL_Buffer *B, const double *v, int n, const char *after) {
  luaL_addchar(B, '(');
  fmt_nums(B, v, n);
  luaL_addchar(B, ')');
  luaL_addstring(B, after);
}

static int m_tostring(lua_State *L) {
  cl_shape *s = l_checkanyshape(L, 1);
  luaL_Buffer B;
  luaL_buffinit(L, &B);
  luaL_addstring(&B, l_kind_names[s->tag]);
  luaL_addchar(&B, '(');
  switch (s->tag) {
    case CL_AABB: fmt_vec(&B, s->aabb.min, 3, ", "); fmt_vec(&B, s->aabb.max, 3, ""); break;
    case CL_OBB:
      fmt_vec(&B, s->obb.c, 3, ", "); fmt_vec(&B, s->obb.e, 3, ", ");
      fmt_vec(&B, s->obb.q, 4, "");
      break;
    case CL_PLANE: fmt_vec(&B, s->plane.n, 3, ", "); fmt_nums(&B, &s->plane.d, 1); break;
    case CL_TRIANGLE:
      fmt_vec(&B, s->tri.v[0], 3, ", "); fmt_vec(&B, s->tri.v[1], 3, ", ");
      fmt_vec(&B, s->tri.v[2], 3, "");
      break;
    case CL_RAY:
      fmt_vec(&B, s->ray.o, 3, ", "); fmt_vec(&B, s->ray.d, 3, ", ");
      fmt_nums(&B, &s->ray.tmax, 1);
      break;
    case CL_SPHERE: fmt_vec(&B, s->sphere.c, 3, ", "); fmt_nums(&B, &s->sphere.r, 1); break;
    case CL_CAPSULE:
      fmt_vec(&B, s->cap.a, 3, ", "); fmt_vec(&B, s->cap.b, 3, ", ");
      fmt_nums(&B, &s->cap.r, 1);
      break;
    case CL_HULL: {
      char buf[64];
      snprintf(buf, sizeof buf, "%d vertices, %d faces, ", s->hull.h->nv, s->hull.h->nf);
      luaL_addstring(&B, buf);
      fmt_vec(&B, s->hull.c, 3, ", "); fmt_vec(&B, s->hull.q, 4, "");
      break;
    }
    case CL_COMPOUND: {
      char buf[64];
      snprintf(buf, sizeof buf, "%d children, ", s->compound.d->n);
      luaL_addstring(&B, buf);
      fmt_vec(&B, s->compound.c, 3, ", "); fmt_vec(&B, s->compound.q, 4, "");
      break;
    }
  }
  luaL_addchar(&B, ')');
  luaL_pushresult(&B);
  return 1;
}

static int same(const double *a, const double *b, int n) {
  int k;
  for (k = 0; k < n; k++) if (a[k] != b[k]) return 0;
  return 1;
}

static int m_eq(lua_State *L) {
  cl_shape *a = l_toshape(L, 1), *b = l_toshape(L, 2);
  int eq = a && b && a->tag == b->tag;
  if (eq) switch (a->tag) {
    case CL_AABB: eq = same(a->aabb.min, b->aabb.min, 3) && same(a->aabb.max, b->aabb.max, 3); break;
    case CL_OBB:
      eq = same(a->obb.c, b->obb.c, 3) && same(a->obb.e, b->obb.e, 3) && same(a->obb.q, b->obb.q, 4);
      break;
    case CL_PLANE: eq = same(a->plane.n, b->plane.n, 3) && a->plane.d == b->plane.d; break;
    case CL_TRIANGLE: eq = same(&a->tri.v[0][0], &b->tri.v[0][0], 9); break;
    case CL_RAY:
      eq = same(a->ray.o, b->ray.o, 3) && same(a->ray.d, b->ray.d, 3) && a->ray.tmax == b->ray.tmax;
      break;
    case CL_SPHERE: eq = same(a->sphere.c, b->sphere.c, 3) && a->sphere.r == b->sphere.r; break;
    case CL_CAPSULE:
      eq = same(a->cap.a, b->cap.a, 3) && same(a->cap.b, b->cap.b, 3) && a->cap.r == b->cap.r;
      break;
    case CL_HULL: {
      /* the same placement and the same vertices in the same order */
      const cl_hull_data *x = a->hull.h, *y = b->hull.h;
      eq = same(a->hull.c, b->hull.c, 3) && same(a->hull.q, b->hull.q, 4)
           && (x == y || (x->nv == y->nv && same(&x->v[0][0], &y->v[0][0], 3 * x->nv)));
      break;
    }
    case CL_COMPOUND:
      /* the same placement and the same data (a clone, a copy of one) */
      eq = same(a->compound.c, b->compound.c, 3) && same(a->compound.q, b->compound.q, 4)
           && a->compound.d == b->compound.d;
      break;
  }
  lua_pushboolean(L, eq);
  return 1;
}

/* ---------------------------------------------------------------------- */
/* accessors                                                              */

#define SELF(kind, field) (&l_checkshape(L, 1, kind)->field)

static int aabb_min(lua_State *L) { return l_pushvec(L, SELF(CL_AABB, aabb)->min); }
static int aabb_max(lua_State *L) { return l_pushvec(L, SELF(CL_AABB, aabb)->max); }

static int aabb_center(lua_State *L) {
  double c[3], e[3];
  cl_aabb_frame(SELF(CL_AABB, aabb), c, e);
  return l_pushvec(L, c);
}

static int aabb_half_extents(lua_State *L) {
  double c[3], e[3];
  cl_aabb_frame(SELF(CL_AABB, aabb), c, e);
  return l_pushvec(L, e);
}

static int aabb_size(lua_State *L) {
  cl_aabb *b = SELF(CL_AABB, aabb);
  double e[3];
  cl_sub(e, b->max, b->min);
  return l_pushvec(L, e);
}

static int check_index(lua_State *L, int i, int n) {
  lua_Number x = l_checknum(L, i);
  l_argcheck(L, x >= 1 && x <= n && x == floor(x), i, "index out of range");
  return (int)x;
}

static int aabb_corner(lua_State *L) {
  cl_aabb *b = SELF(CL_AABB, aabb);
  double p[3];
  cl_aabb_corner(b, check_index(L, 2, 8) - 1, p);
  return l_pushvec(L, p);
}

static int aabb_volume(lua_State *L) {
  cl_aabb *b = SELF(CL_AABB, aabb);
  lua_pushnumber(L, (b->max[0] - b->min[0]) * (b->max[1] - b->min[1]) * (b->max[2] - b->min[2]));
  return 1;
}

static int aabb_surface_area(lua_State *L) {
  cl_aabb *b = SELF(CL_AABB, aabb);
  double x = b->max[0] - b->min[0], y = b->max[1] - b->min[1], z = b->max[2] - b->min[2];
  lua_pushnumber(L, 2 * (x * y + y * z + z * x));
  return 1;
}

static int aabb_merge(lua_State *L) {
  cl_aabb *a = SELF(CL_AABB, aabb), *b = &l_checkshape(L, 2, CL_AABB)->aabb, r;
  int k;
  for (k = 0; k < 3; k++) {
    r.min[k] = a->min[k] < b->min[k] ? a->min[k] : b->min[k];
    r.max[k] = a->max[k] > b->max[k] ? a->max[k] : b->max[k];
  }
  r.tag = CL_AABB;
  l_outshape(L, 3, CL_AABB)->aabb = r;
  return 1;
}

static int aabb_expand(lua_State *L) {
  cl_aabb *a = SELF(CL_AABB, aabb), r;
  double m = l_checknum(L, 2);
  int k;
  for (k = 0; k < 3; k++) {
    double size;
    r.min[k] = a->min[k] - m;
    r.max[k] = a->max[k] + m;
    size = r.max[k] - r.min[k];
    l_argcheck(L, r.min[k] <= r.max[k], 2, "margin inverts the box");
    l_argcheck(L, size - size == 0, 2, not_finite);
  }
  r.tag = CL_AABB;
  l_outshape(L, 3, CL_AABB)->aabb = r;
  return 1;
}

static int obb_center(lua_State *L) { return l_pushvec(L, SELF(CL_OBB, obb)->c); }
static int obb_half_extents(lua_State *L) { return l_pushvec(L, SELF(CL_OBB, obb)->e); }

static int obb_rotation(lua_State *L) {
  cl_obb *o = SELF(CL_OBB, obb);
  l_pushvec(L, o->q);
  lua_pushnumber(L, o->q[3]);
  return 4;
}

static int obb_axes(lua_State *L) {
  cl_obb *o = SELF(CL_OBB, obb);
  l_pushvec(L, o->u[0]);
  l_pushvec(L, o->u[1]);
  return l_pushvec(L, o->u[2]) * 3;
}

static int obb_corner(lua_State *L) {
  cl_obb *o = SELF(CL_OBB, obb);
  double p[3];
  cl_obb_corner(o, check_index(L, 2, 8) - 1, p);
  return l_pushvec(L, p);
}

static int plane_normal(lua_State *L) { return l_pushvec(L, SELF(CL_PLANE, plane)->n); }

static int plane_d(lua_State *L) {
  lua_pushnumber(L, SELF(CL_PLANE, plane)->d);
  return 1;
}

static int plane_flip(lua_State *L) {
  cl_plane *p = SELF(CL_PLANE, plane);
  cl_scale(p->n, p->n, -1);
  p->d = -p->d;
  l_changed((cl_shape *)(void *)p);
  lua_settop(L, 1);
  return 1;
}

static int tri_vertex(lua_State *L) {
  cl_triangle *t = SELF(CL_TRIANGLE, tri);
  return l_pushvec(L, t->v[check_index(L, 2, 3) - 1]);
}

static int tri_vertices(lua_State *L) {
  cl_triangle *t = SELF(CL_TRIANGLE, tri);
  l_pushvec(L, t->v[0]);
  l_pushvec(L, t->v[1]);
  return l_pushvec(L, t->v[2]) * 3;
}

static int tri_normal(lua_State *L) { return l_pushvec(L, SELF(CL_TRIANGLE, tri)->n); }

static int tri_area(lua_State *L) {
  lua_pushnumber(L, cl_triangle_area(SELF(CL_TRIANGLE, tri)));
  return 1;
}

static int tri_centroid(lua_State *L) {
  cl_triangle *t = SELF(CL_TRIANGLE, tri);
  double c[3];
  int k;
  for (k = 0; k < 3; k++) {
    /* thirds first (no overflow), then kept between the vertices, which
    ** rounding near the largest double could leave (to inf) */
    double lo = cl_fmin(t->v[0][k], cl_fmin(t->v[1][k], t->v[2][k]));
    double hi = cl_fmax(t->v[0][k], cl_fmax(t->v[1][k], t->v[2][k]));
    c[k] = t->v[0][k] / 3 + t->v[1][k] / 3 + t->v[2][k] / 3;
    c[k] = c[k] < lo ? lo : (c[k] > hi ? hi : c[k]);
  }
  return l_pushvec(L, c);
}

static int tri_plane(lua_State *L) {
  cl_triangle *t = SELF(CL_TRIANGLE, tri);
  cl_plane p;
  l_argcheck(L, !t->degenerate, 1, "degenerate triangle");
  p.tag = CL_PLANE;
  cl_copy(p.n, t->n);
  p.d = cl_dot(t->n, t->v[0]);
  l_outshape(L, 2, CL_PLANE)->plane = p;
  return 1;
}

static int ray_origin(lua_State *L) { return l_pushvec(L, SELF(CL_RAY, ray)->o); }
static int ray_direction(lua_State *L) { return l_pushvec(L, SELF(CL_RAY, ray)->d); }

static int ray_tmax(lua_State *L) {
  lua_pushnumber(L, SELF(CL_RAY, ray)->tmax);
  return 1;
}

static int ray_at(lua_State *L) {
  cl_ray *r = SELF(CL_RAY, ray);
  double p[3];
  cl_madd(p, r->o, r->d, l_checknum(L, 2));
  return l_pushvec(L, p);
}

static int capsule_a(lua_State *L) { return l_pushvec(L, SELF(CL_CAPSULE, cap)->a); }
static int capsule_b(lua_State *L) { return l_pushvec(L, SELF(CL_CAPSULE, cap)->b); }

static int capsule_radius(lua_State *L) {
  lua_pushnumber(L, SELF(CL_CAPSULE, cap)->r);
  return 1;
}

/* the segment's midpoint, from the halves so that it cannot overflow */
static int capsule_center(lua_State *L) {
  const cl_capsule *c = SELF(CL_CAPSULE, cap);
  double m[3];
  int k;
  for (k = 0; k < 3; k++) m[k] = c->a[k] / 2 + c->b[k] / 2;
  return l_pushvec(L, m);
}

static int sphere_center(lua_State *L) { return l_pushvec(L, SELF(CL_SPHERE, sphere)->c); }

static int sphere_radius(lua_State *L) {
  lua_pushnumber(L, SELF(CL_SPHERE, sphere)->r);
  return 1;
}

/* ---------------------------------------------------------------------- */
/* registration                                                           */

const luaL_Reg l_shape_common_methods[] = {
  {"type", m_type}, {"clone", m_clone}, {"set", m_set}, {"translate", m_translate},
  {NULL, NULL}
};

static const luaL_Reg aabb_methods[] = {
  {"min", aabb_min}, {"max", aabb_max}, {"center", aabb_center},
  {"half_extents", aabb_half_extents}, {"size", aabb_size}, {"corner", aabb_corner},
  {"volume", aabb_volume}, {"surface_area", aabb_surface_area}, {"bounds", m_bounds},
  {"merge", aabb_merge}, {"expand", aabb_expand}, {NULL, NULL}
};
static const luaL_Reg obb_methods[] = {
  {"center", obb_center}, {"half_extents", obb_half_extents}, {"rotation", obb_rotation},
  {"axes", obb_axes}, {"corner", obb_corner}, {"bounds", m_bounds}, {NULL, NULL}
};
static const luaL_Reg plane_methods[] = {
  {"normal", plane_normal}, {"d", plane_d}, {"flip", plane_flip}, {NULL, NULL}
};
static const luaL_Reg triangle_methods[] = {
  {"vertex", tri_vertex}, {"vertices", tri_vertices}, {"normal", tri_normal},
  {"area", tri_area}, {"centroid", tri_centroid}, {"bounds", m_bounds}, {"plane", tri_plane},
  {NULL, NULL}
};
static const luaL_Reg ray_methods[] = {
  {"origin", ray_origin}, {"direction", ray_direction}, {"tmax", ray_tmax}, {"at", ray_at},
  {"bounds", m_bounds}, {NULL, NULL}
};
static const luaL_Reg capsule_methods[] = {
  {"a", capsule_a}, {"b", capsule_b}, {"radius", capsule_radius}, {"center", capsule_center},
  {"bounds", m_bounds}, {NULL, NULL}
};
static const luaL_Reg sphere_methods[] = {
  {"center", sphere_center}, {"radius", sphere_radius}, {"bounds", m_bounds}, {NULL, NULL}
};
const luaL_Reg *const l_shape_methods[CL_NKINDS] = {
  aabb_methods, obb_methods, plane_methods, triangle_methods, ray_methods, sphere_methods,
  capsule_methods, l_hull_methods, l_compound_methods
};

const luaL_Reg l_shape_meta[] = {
  {"__tostring", m_tostring}, {"__eq", m_eq}, {NULL, NULL}
};

const luaL_Reg l_shape_functions[] = {
  {"aabb", f_aabb}, {"aabb_from_center", f_aabb_from_center},
  {"aabb_from_points", f_aabb_from_points}, {"obb", f_obb}, {"obb_from_axes", f_obb_from_axes},
  {"obb_from_aabb", f_obb_from_aabb}, {"plane", f_plane},
  {"plane_from_point", f_plane_from_point}, {"plane_from_points", f_plane_from_points},
  {"plane_from_equation", f_plane_from_equation}, {"triangle", f_triangle}, {"ray", f_ray},
  {"segment", f_segment}, {"sphere", f_sphere}, {"capsule", f_capsule}, {"type", f_type},
  {"sincos", f_sincos}, {"atan2", f_atan2}, {"axis_angle", f_axis_angle},
  {"_typename", f_typename}, {NULL, NULL}
};
