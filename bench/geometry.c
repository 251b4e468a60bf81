/*
** bench/geometry.c - the geometry alone: the same cl_intersects and cl_cast that
** collide's binding calls, timed in a C loop over the shapes of a Lua pool,
** so bench/narrow.lua can show how a call's cost splits into the floor,
** the binding and the geometry. Built with the core's own sources and flags.
*/
#define _POSIX_C_SOURCE 199309L
#include <stdlib.h>
#include <time.h>
#include "lua.h"
#include "lauxlib.h"
#include "l_collide.h"

enum { POOL_MAX = 4096 };

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* the shapes of the Lua array at index i (collide userdata, unchecked:
** this is a benchmark fed by bench/narrow.lua) */
static int read_pool(lua_State *L, int i, const cl_shape **out) {
  int n = (int)lua_rawlen(L, i), k;
  luaL_argcheck(L, n > 0 && n <= POOL_MAX && (n & (n - 1)) == 0, i, "pool of 2^k shapes expected");
  for (k = 0; k < n; k++) {
    lua_rawgeti(L, i, k + 1);
    luaL_argcheck(L, lua_type(L, -1) == LUA_TUSERDATA, i, "shapes expected");
    out[k] = L_UDSHAPE(lua_touserdata(L, -1));
    lua_pop(L, 1);
  }
  return n;
}

/* geometry.intersects(A, B, n) -> ns per call, hits; geometry.cast(rays, B, n)
** and geometry.distance(A, B, n) (hits: distance 0) too */
enum { INTERSECTS, CAST, DISTANCE };
static int run(lua_State *L, int what) {
  static const cl_shape *a[POOL_MAX], *b[POOL_MAX];
  int na = read_pool(L, 1, a), nb = read_pool(L, 2, b);
  long n = (long)luaL_checkinteger(L, 3), i, hits = 0;
  unsigned mask = (unsigned)(na < nb ? na : nb) - 1;
  double t0;
  cl_hit h;
  double pa[3], pb[3];
  t0 = now();
  if (what == DISTANCE)
    for (i = 0; i < n; i++) { unsigned k = (unsigned)i & mask; hits += cl_shape_distance(a[k], b[k], pa, pb) == 0; }
  else if (what == CAST)
    for (i = 0; i < n; i++) { unsigned k = (unsigned)i & mask; hits += cl_cast(&a[k]->ray, b[k], 0, &h); }
  else
    for (i = 0; i < n; i++) { unsigned k = (unsigned)i & mask; hits += cl_intersects(a[k], b[k]); }
  lua_pushnumber(L, (now() - t0) / (double)n * 1e9);
  lua_pushinteger(L, hits);
  return 2;
}

static int geo_intersects(lua_State *L) { return run(L, INTERSECTS); }
static int geo_cast(lua_State *L) { return run(L, CAST); }
static int geo_distance(lua_State *L) { return run(L, DISTANCE); }

COLLIDE_EXPORT LUALIB_API int luaopen_geometry(lua_State *L);

COLLIDE_EXPORT LUALIB_API int luaopen_geometry(lua_State *L) {
  lua_newtable(L);
  lua_pushcfunction(L, geo_intersects);
  lua_setfield(L, -2, "intersects");
  lua_pushcfunction(L, geo_cast);
  lua_setfield(L, -2, "cast");
  lua_pushcfunction(L, geo_distance);
  lua_setfield(L, -2, "distance");
  return 1;
}
