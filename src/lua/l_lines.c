/*
** l_lines.c - collide.lines(shape | mesh | heightfield): the outline of a
** shape, or the edges of a mesh's or a heightfield's triangles, as a flat
** array of segments {x1, y1, z1, x2, y2, z2, ...} (src/geometry/lines.c
** draws them); l_push_lines builds that array for scene:lines too.
*/
#include "fp.h"
#include <limits.h>
#include "l_collide.h"

void l_push_lines(lua_State *L, const double *p, size_t n) {
  int k, len;
  if (n > (size_t)INT_MAX / 6) luaL_error(L, "not enough memory");
  len = (int)(6 * n);
  lua_createtable(L, len, 0);
  for (k = 0; k < len; k++) {
    lua_pushnumber(L, p[k] + 0.0);                 /* no -0 */
    lua_rawseti(L, -2, k + 1);
  }
}

/* the segments of the value at 1 (a shape, a mesh or a heightfield), and
** with out, written there */
static size_t lines_of(lua_State *L, double *out) {
  const cl_shape *s = l_toshape(L, 1);
  const l_mesh *lm;
  const l_heightfield *lh;
  if (s != NULL) return out != NULL ? cl_lines_fill(s, out) : cl_lines_count(s);
  if ((lm = l_tomesh(L, 1)) != NULL)
    return out != NULL ? cl_mesh_lines_fill(&lm->m, NULL, out) : cl_mesh_lines_count(&lm->m, NULL);
  if ((lh = l_toheightfield(L, 1)) != NULL)
    return out != NULL ? cl_heightfield_lines_fill(&lh->hf, NULL, out)
                       : cl_heightfield_lines_count(&lh->hf, NULL);
  return (size_t)l_typeerror(L, 1, "shape, mesh or heightfield");
}

/* collide.lines(shape | mesh | heightfield) -> {x1, y1, z1, x2, y2, z2, ...} */
static int f_lines(lua_State *L) {
  size_t n, room = 0;
  double *buf = NULL;
  (void)lines_of(L, NULL);                         /* the argument checked first */
  lua_settop(L, 1);
  lua_pushnil(L);                                  /* 2: the buffer */
  /* the buffer's allocation may run a finalizer that changes the value
  ** (h:set gives a hull other edges, hf:set_height makes or fills a
  ** hole): counted again after it, and nothing runs between the last
  ** count and the fill */
  while ((n = lines_of(L, NULL)) > room) {
    if (n > (size_t)INT_MAX / 6) return luaL_error(L, "not enough memory");
    buf = (double *)COLLIDE_NEWUD(L, 6 * n * sizeof(double));
    lua_replace(L, 2);
    room = n;
  }
  if (n > 0) n = lines_of(L, buf);
  l_push_lines(L, buf, n);
  return 1;
}

const luaL_Reg l_lines_functions[] = {{"lines", f_lines}, {NULL, NULL}};
