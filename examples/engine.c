/*
** engine.c - collide's geometry used from C with no Lua at all, as an engine
** that compiles the Lua-free files into its own code would use it
** (doc/install.md, "In an engine, without Lua"). `make test-c` builds and runs it:
**   cc -std=c99 -Iinclude -Isrc/geometry examples/engine.c src/geometry/[a-z]*.c -lm
** Exit status 0 when the results are the documented ones.
*/
#include <stdio.h>
#include "collide/collide.h"

int main(void) {
  cl_shape box, ray, ball;
  cl_hit h;
  double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  double o[3] = {-1, 0.5, 0.5}, d[3] = {1, 0, 0}, c[3] = {1.5, 0.5, 0.5};
  double n[3], depth;
  int hit, touching, pushed;

  cl_aabb_init(&box.aabb, lo, hi);
  cl_ray_init(&ray.ray, o, d, INFINITY);
  cl_sphere_init(&ball.sphere, c, 1);

  /* the API example: the ray enters the box's -x face at t = 1 */
  hit = cl_cast(&ray.ray, &box, 0, &h);
  printf("cast: %d  t %g  p %g %g %g  n %g %g %g\n", hit, h.t, h.p[0], h.p[1], h.p[2],
         h.n[0], h.n[1], h.n[2]);
  touching = cl_intersects(&box, &ball);
  pushed = cl_contact(&box, &ball, n, &depth);
  printf("intersects: %d  contact: %d  n %g %g %g  depth %g\n", touching, pushed,
         n[0], n[1], n[2], depth);
  return !(hit && h.t == 1 && h.p[0] == 0 && h.p[1] == 0.5 && h.p[2] == 0.5
           && h.n[0] == -1 && h.n[1] == 0 && h.n[2] == 0
           && touching && pushed && n[0] == 1 && n[1] == 0 && n[2] == 0 && depth == 0.5);
}
