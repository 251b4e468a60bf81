/*
** l_heightfield.c - binding of the heightfield (collide.heightfield): one
** userdata holds the grid's description, its heights and its blocks, so
** the collector counts them and frees them with it (no __gc). Every access
** finds the arrays again from the grid's size and checks the userdata's
** length against it, so no pointer is ever read from its memory. Queries
** answer as collide.mesh of the same triangles, through the steps of
** l_triset.c, and allocate nothing but their result tables.
*/
#include "fp.h"
#include <limits.h>
#include <string.h>
#include "l_collide.h"

static cl_heightfield *check_hf(lua_State *L, int i) {
  l_heightfield *lh = l_toheightfield(L, i);
  if (lh == NULL) l_typeerror(L, i, "collide.heightfield");
  return &lh->hf;
}

/* ---------------------------------------------------------------------- */
/* construction                                                           */

/* the grid dimension at i: an integer, 2 at least */
static uint32_t check_dimension(lua_State *L, int i) {
  double x = l_checknum(L, i);
  if (x != floor(x))
    l_argerror(L, i, lua_pushfstring(L, "integer expected, got %s", l_pushnumtext(L, x)));
  l_argcheck(L, x >= 2, i, "grid smaller than 2x2");
  l_argcheck(L, x <= (double)UINT32_MAX, i, "grid too large");
  return (uint32_t)x;
}

static double check_size(lua_State *L, int i) {
  double x = l_checknum(L, i);
  if (!(x > 0))
    l_argerror(L, i, lua_pushfstring(L, "positive size expected, got %s", l_pushnumtext(L, x)));
  return x;
}

/* the heights from the table at 1 into h: numbers, finite or NaN */
static void read_heights(lua_State *L, double *h, size_t n) {
  size_t k;
  for (k = 1; k <= n; k++) {
    double x;
    lua_rawgeti(L, 1, (lua_Integer)k);
    if (lua_type(L, -1) != LUA_TNUMBER)
      l_argerror(L, 1, lua_pushfstring(L, "number expected at index %d, got %s", (int)k,
                                          l_typename(L, lua_gettop(L))));
    x = lua_tonumber(L, -1);
    if (x == INFINITY || x == -INFINITY)
      l_argerror(L, 1, lua_pushfstring(L, "finite number or nan expected at index %d, got %s",
                                          (int)k, x > 0 ? "inf" : "-inf"));
    h[k - 1] = x;
    lua_pop(L, 1);
  }
}

/* whether the argument at i is the options table (a table with a field
** materials, not a vector) rather than the origin */
static int is_options(lua_State *L, int i) {
  int r;
  if (lua_type(L, i) != LUA_TTABLE) return 0;
  lua_pushliteral(L, "materials");
  lua_rawget(L, i);
  r = !lua_isnil(L, -1);
  lua_pop(L, 1);
  return r;
}

/* collide.heightfield(heights, columns, rows, [sx, sz], [origin], [options]) */
static int f_heightfield(lua_State *L) {
  uint32_t columns, rows;
  size_t n, hole, need, size;
  double sx = 1, sz = 1, o[3] = {0, 0, 0};
  int oi = 4, opt = 0, with_mat;
  l_heightfield *lh;
  cl_heightfield tmp;
  l_checktype(L, 1, LUA_TTABLE);
  columns = check_dimension(L, 2);
  rows = check_dimension(L, 3);
  /* the cells numbered in 32 bits, the bytes counted in a size_t (the
  ** heights and blocks take less than 3 doubles a sample) */
  l_argcheck(L, cl_heightfield_blocks(columns, rows) != 0
                && (double)columns * rows < (double)((size_t)-1 / (4 * sizeof(double))),
                2, "grid too large");
  if (lua_type(L, 4) == LUA_TNUMBER) {
    sx = check_size(L, 4);
    sz = check_size(L, 5);
    oi = 6;
  }
  /* the options last: after the origin (three numbers or one value), or
  ** in its place */
  if (!lua_isnoneornil(L, oi + (lua_type(L, oi) == LUA_TNUMBER ? 3 : 1)))
    opt = oi + (lua_type(L, oi) == LUA_TNUMBER ? 3 : 1);
  else if (is_options(L, oi)) opt = oi;
  if (opt != oi && !lua_isnoneornil(L, oi)) l_readvec(L, oi, o);
  need = (size_t)columns * rows;
  n = l_arraylen(L, 1, &hole);
  if (hole && hole <= need)
    l_argerror(L, 1, lua_pushfstring(L, "number expected at index %d, got nil", (int)hole));
  if (n != need)
    l_argerror(L, 1, lua_pushfstring(L, "%s heights expected (columns * rows), got %s",
                                        l_pushnumtext(L, (double)need),
                                        l_pushnumtext(L, (double)n)));
  if (opt != 0) l_materials_option(L, opt);
  else lua_pushnil(L);
  lua_replace(L, 2);                                 /* 2: the materials or nil */
  with_mat = !lua_isnil(L, 2);
  lua_settop(L, 2);
  size = sizeof *lh + l_heightfield_storage(columns, rows)
         + (with_mat ? l_heightfield_material_storage(columns, rows) : 0);
  lh = (l_heightfield *)COLLIDE_NEWUD(L, size);     /* 3 */
  memset(lh, 0, sizeof *lh);   /* no heightfield until complete (l_setheader below) */
  cl_heightfield_use(&tmp, (double *)(void *)(lh + 1), (double *)(void *)(lh + 1) + need,
                     columns, rows, sx, sz, o);
  read_heights(L, tmp.h, need);
  if (with_mat) {
    uint32_t *mat = (uint32_t *)(void *)((char *)lh + sizeof *lh
                                         + l_heightfield_storage(columns, rows));
    l_read_materials(L, 2, opt, mat, (size_t)(columns - 1) * (rows - 1), "cell");
    cl_heightfield_use_materials(&tmp, mat);
  }
  cl_heightfield_refresh(&tmp);
  lh->hf = tmp;
  l_setheader(lh, L_OBJ_HEIGHTFIELD);
  lua_pushvalue(L, L_MT_HEIGHTFIELD);
  lua_setmetatable(L, 3);
  COLLIDE_GC_PACE(L, size - sizeof *lh);
  return 1;
}

static int hf_tostring(lua_State *L) {
  cl_heightfield *hf = check_hf(L, 1);
  lua_pushfstring(L, "heightfield(%d x %d)", (int)hf->columns, (int)hf->rows);
  return 1;
}

/* ---------------------------------------------------------------------- */
/* methods                                                                */

static int hf_type(lua_State *L) {
  check_hf(L, 1);
  lua_pushstring(L, "heightfield");
  return 1;
}

static int hf_count(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)cl_heightfield_count(check_hf(L, 1)));
  return 1;
}

static int hf_memory(lua_State *L) {
  cl_heightfield *hf = check_hf(L, 1);
  lua_pushinteger(L, (lua_Integer)(sizeof(l_heightfield) + l_heightfield_storage(hf->columns, hf->rows)
                                   + (hf->material != NULL
                                      ? l_heightfield_material_storage(hf->columns, hf->rows) : 0)));
  return 1;
}

static int hf_dimensions(lua_State *L) {
  cl_heightfield *hf = check_hf(L, 1);
  lua_pushinteger(L, (lua_Integer)hf->columns);
  lua_pushinteger(L, (lua_Integer)hf->rows);
  return 2;
}

static int hf_spacing(lua_State *L) {
  cl_heightfield *hf = check_hf(L, 1);
  lua_pushnumber(L, hf->sx);
  lua_pushnumber(L, hf->sz);
  return 2;
}

static int hf_origin(lua_State *L) {
  return l_pushvec(L, check_hf(L, 1)->o);
}

/* the vertex index (0-based) at i along a dimension of n vertices */
static uint32_t check_vertex(lua_State *L, int i, uint32_t n, const char *what) {
  double x = l_checknum(L, i);
  if (!(x >= 0 && x < (double)n && x == floor(x)))
    l_argerror(L, i, lua_pushfstring(L, "%s out of range, got %s", what, l_pushnumtext(L, x)));
  return (uint32_t)x;
}

/* hf:height(i, j) -> the height at column i, row j (0-based; NaN: a hole) */
static int hf_height(lua_State *L) {
  cl_heightfield *hf = check_hf(L, 1);
  uint32_t i = check_vertex(L, 2, hf->columns, "column");
  uint32_t j = check_vertex(L, 3, hf->rows, "row");
  lua_pushnumber(L, hf->h[(size_t)j * hf->columns + i]);
  return 1;
}

/* hf:set_height(i, j, h) -> hf; a change in place, counted in the
** header (a scene's sync refits the heightfield's items) */
static int hf_set_height(lua_State *L) {
  l_heightfield *lh = l_toheightfield(L, 1);
  cl_heightfield *hf;
  uint32_t i, j;
  double h;
  if (lh == NULL) l_typeerror(L, 1, "collide.heightfield");
  hf = &lh->hf;
  i = check_vertex(L, 2, hf->columns, "column");
  j = check_vertex(L, 3, hf->rows, "row");
  if (lua_type(L, 4) != LUA_TNUMBER) l_typeerror(L, 4, "number");
  h = lua_tonumber(L, 4);
  if (h == INFINITY || h == -INFINITY)
    l_argerror(L, 4, h > 0 ? "finite number or nan expected, got inf"
                              : "finite number or nan expected, got -inf");
  cl_heightfield_set(hf, i, j, h);
  l_touched(&lh->h);
  lua_settop(L, 1);
  return 1;
}

/* the cell index (0-based) at i along a dimension of n vertices */
static uint32_t check_cell(lua_State *L, int i, uint32_t n, const char *what) {
  double x = l_checknum(L, i);
  if (!(x >= 0 && x < (double)(n - 1) && x == floor(x)))
    l_argerror(L, i, lua_pushfstring(L, "%s out of range, got %s", what, l_pushnumtext(L, x)));
  return (uint32_t)x;
}

/* hf:set_material(i, j, m) -> hf: cell (i, j)'s material (0-based), for
** a heightfield made with materials; a change in place, counted as
** set_height's (a scene's answers name the material) */
static int hf_set_material(lua_State *L) {
  l_heightfield *lh = l_toheightfield(L, 1);
  cl_heightfield *hf;
  if (lh == NULL) l_typeerror(L, 1, "collide.heightfield");
  hf = &lh->hf;
  {
  uint32_t i = check_cell(L, 2, hf->columns, "column");
  uint32_t j = check_cell(L, 3, hf->rows, "row");
  double m = l_checknum(L, 4);
  if (m != floor(m) || !(m >= 0 && m <= 2147483647.0))
    l_argerror(L, 4, lua_pushfstring(L, "integer from 0 to 2^31-1 expected, got %s",
                                        l_pushnumtext(L, m)));
  if (hf->material == NULL) return luaL_error(L, "heightfield made without materials");
  (void)cl_heightfield_set_material(hf, i, j, (uint32_t)m);
  l_touched(&lh->h);
  lua_settop(L, 1);
  return 1;
  }
}

/* hf:material(i, j) -> cell (i, j)'s material (0-based), nil without */
static int hf_material(lua_State *L) {
  cl_heightfield *hf = check_hf(L, 1);
  uint32_t i = check_cell(L, 2, hf->columns, "column");
  uint32_t j = check_cell(L, 3, hf->rows, "row");
  if (hf->material == NULL) lua_pushnil(L);
  else lua_pushinteger(L, (lua_Integer)hf->material[(size_t)j * (hf->columns - 1) + i]);
  return 1;
}

/* hf:triangle(i, [out]) -> triangle i (1-based), or nil in a hole */
static int hf_triangle(lua_State *L) {
  cl_heightfield *hf = check_hf(L, 1);
  double x = l_checknum(L, 2);
  cl_triangle tri;
  l_argcheck(L, x >= 1 && x <= (double)cl_heightfield_count(hf) && x == floor(x), 2,
                "index out of range");
  if (!cl_heightfield_triangle(hf, (size_t)x - 1, &tri)) {
    if (!lua_isnoneornil(L, 3)) l_checkshape(L, 3, CL_TRIANGLE);
    lua_pushnil(L);
    return 1;
  }
  l_outshape(L, 3, CL_TRIANGLE)->tri = tri;
  return 1;
}

/* hf:bounds([out]): nil when all is holes, as an empty mesh */
static int hf_bounds(lua_State *L) {
  cl_heightfield *hf = check_hf(L, 1);
  cl_aabb b;
  int ok = cl_heightfield_bounds(hf, &b);
  return l_push_bounds(L, ok, &b);
}

/* the state of a query whose triangles go to a Lua table on top */
typedef struct {
  lua_State *L;
  const cl_shape *s;
  size_t n;
} visit_ctx;

static int visit_index(void *p, uint32_t index, const cl_triangle *t) {
  visit_ctx *c = (visit_ctx *)p;
  (void)t;
  lua_pushinteger(c->L, (lua_Integer)index + 1);
  lua_rawseti(c->L, -2, (lua_Integer)++c->n);
  return 1;
}

/* the shape at i, copied into *copy for a walk during which Lua code runs
** (the result table grows): a hull's vertices and faces (a compound's
** children) are held by a clone pushed on top, since h:set in a finalizer
** replaces the hull's data and the collector may then free the old one
** under the walk */
static void hold_shape(lua_State *L, int i, const cl_shape *s, cl_shape *copy) {
  if (s->tag == CL_HULL || s->tag == CL_COMPOUND) {
    l_placed_clone(L, i);
    s = l_toshape(L, -1);
  }
  memcpy(copy, s, l_kind_sizes[s->tag]);
}

/* hf:query(shape, [out]) -> array of triangle indices, increasing */
static int hf_query(lua_State *L) {
  cl_heightfield *hf = check_hf(L, 1);
  cl_shape *s = l_checkanyshape(L, 2), copy;
  visit_ctx c;
  size_t old;
  if (!lua_isnoneornil(L, 3)) l_checktype(L, 3, LUA_TTABLE);
  lua_settop(L, 3);
  hold_shape(L, 2, s, &copy);                                   /* [4] */
  c.L = L;
  c.n = 0;
  l_indices_begin(L, 3, 0, &old);
  cl_heightfield_query(hf, &copy, visit_index, &c);
  l_indices_end(L, c.n, old);
  return 1;
}

/* collide.intersects with a heightfield on either side, the other a
** shape, a mesh or a heightfield */
int l_heightfield_intersects(lua_State *L) {
  l_heightfield *a = l_toheightfield(L, 1), *b = l_toheightfield(L, 2);
  l_mesh *m;
  int r;
  if (a == NULL && b == NULL) check_hf(L, 1);
  if (a != NULL && b != NULL) {
    r = cl_heightfield_intersects_heightfield(&a->hf, &b->hf);
  } else {
    int other = a != NULL ? 2 : 1;
    cl_heightfield *hf = a != NULL ? &a->hf : &b->hf;
    if ((m = l_tomesh(L, other)) != NULL) r = cl_heightfield_intersects_mesh(hf, &m->m);
    else r = cl_heightfield_intersects(hf, l_checkanyshape(L, other));
  }
  lua_pushboolean(L, r);
  return 1;
}

/* ray:cast(heightfield, [cull]) -> t, px, py, pz, nx, ny, nz, u, v, index, [material] */
int l_heightfield_cast(lua_State *L, const cl_ray *r, l_heightfield *lh) {
  cl_hit h;
  size_t index = 0;
  int found = cl_heightfield_cast(&lh->hf, r, lua_toboolean(L, 3), &h, &index);
  return l_push_tricast(L, found, &h, index, found ? cl_heightfield_material(&lh->hf, index) : -1);
}

static int visit_contact(void *p, uint32_t index, const cl_triangle *t) {
  visit_ctx *c = (visit_ctx *)p;
  cl_shape tri;
  double n[3], depth;
  tri.tri = *t;
  if (cl_contact(&tri, c->s, n, &depth)) l_push_contact(c->L, index, n, depth, ++c->n);
  return 1;
}

/* hf:contacts(shape) -> array of {index=, nx=, ny=, nz=, depth=}, as
** mesh:contacts */
static int hf_contacts(lua_State *L) {
  cl_heightfield *hf = check_hf(L, 1);
  cl_shape *s = l_check_contact_shape(L, 2, "aabb, obb, sphere, triangle, capsule, hull or plane"), copy;
  visit_ctx c;
  lua_settop(L, 2);
  hold_shape(L, 2, s, &copy);                                   /* [3] */
  lua_createtable(L, 0, 0);
  c.L = L;
  c.s = &copy;
  c.n = 0;
  cl_heightfield_query(hf, &copy, visit_contact, &c);
  return 1;
}

/* collide.contact(heightfield, shape) or (shape, heightfield) -> nx, ny,
** nz, depth, index: the deepest contact with a triangle, as a mesh's */
int l_heightfield_contact(lua_State *L) {
  l_heightfield *a = l_toheightfield(L, 1), *b = l_toheightfield(L, 2);
  cl_shape *s;
  int tri_first, found;
  double n[3], depth = 0;
  size_t index = 0;
  if (a == NULL && b == NULL) check_hf(L, 1);
  if ((a != NULL && b != NULL) || (a != NULL && l_tomesh(L, 2) != NULL))
    l_argerror(L, 2, "heightfield-heightfield and heightfield-mesh contacts are not supported");
  if (b != NULL && l_tomesh(L, 1) != NULL)
    l_argerror(L, 1, "heightfield-heightfield and heightfield-mesh contacts are not supported");
  tri_first = a != NULL;
  s = l_check_contact_shape(L, tri_first ? 2 : 1, l_target_kinds);
  found = cl_heightfield_contact(a != NULL ? &a->hf : &b->hf, s, tri_first, n, &depth, &index);
  return l_push_tricontact(L, found, n, depth, index);
}

/* collide.manifold(heightfield, shape) or (shape, heightfield), as a mesh's */
int l_heightfield_manifold(lua_State *L) {
  l_heightfield *a = l_toheightfield(L, 1), *b = l_toheightfield(L, 2);
  cl_shape *s;
  cl_contacts m;
  int tri_first;
  if (a == NULL && b == NULL) check_hf(L, 1);
  if ((a != NULL && b != NULL) || (a != NULL && l_tomesh(L, 2) != NULL))
    l_argerror(L, 2, "heightfield-heightfield and heightfield-mesh contacts are not supported");
  if (b != NULL && l_tomesh(L, 1) != NULL)
    l_argerror(L, 1, "heightfield-heightfield and heightfield-mesh contacts are not supported");
  tri_first = a != NULL;
  s = l_check_contact_shape(L, tri_first ? 2 : 1, l_target_kinds);
  if (cl_heightfield_manifold(a != NULL ? &a->hf : &b->hf, s, tri_first, &m) == 0) {
    lua_pushnil(L);
    return 1;
  }
  return l_push_manifold(L, &m);
}

/* collide.sweep(mover, d, heightfield) with the heightfield at index i */
int l_heightfield_sweep(lua_State *L, const cl_shape *mover, const double d[3], int i) {
  cl_heightfield *hf = check_hf(L, i);
  cl_hit h;
  size_t index = 0;
  int found = cl_heightfield_sweep(hf, mover, d, &h, &index);
  return l_push_trisweep(L, found, &h, index, found ? cl_heightfield_material(hf, index) : -1);
}

const luaL_Reg l_heightfield_functions[] = {{"heightfield", f_heightfield}, {NULL, NULL}};
const luaL_Reg l_heightfield_methods[] = {
  {"type", hf_type}, {"count", hf_count}, {"triangle", hf_triangle}, {"bounds", hf_bounds},
  {"query", hf_query}, {"intersects", l_heightfield_intersects}, {"contacts", hf_contacts},
  {"contact", l_heightfield_contact}, {"memory", hf_memory}, {"height", hf_height},
  {"set_height", hf_set_height}, {"set_material", hf_set_material}, {"material", hf_material}, {"dimensions", hf_dimensions}, {"spacing", hf_spacing},
  {"origin", hf_origin}, {NULL, NULL}
};
/* no __gc: the storage is Lua's */
const luaL_Reg l_heightfield_meta[] = {
  {"__tostring", hf_tostring}, {NULL, NULL}
};
