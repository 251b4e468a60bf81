#define _POSIX_C_SOURCE 200809L
/*
** bench/mesh_rays.c - the mesh's ray cast from C alone, on the terrain of
** bench/mesh.lua (1000 x 500 quads, the same heights) with rays drawn as
** it draws them: the best time a ray of a few rounds, and a hash of every
** bit of every answer (hit, t, point, normal, u, v, triangle), so that two
** builds can be compared answer for answer.
**
**   mesh_rays [rays] [rounds] [kind] [nx nz]
**       kind 0: from above, down to grazing; 1: level rays of length 30;
**       nx, nz: the terrain's quads (1000 x 500), for the cost of a ray
**       on smaller meshes, the same walk with fewer cache misses
**
** make bench-mesh-instructions counts cl_mesh_cast's instructions a ray
** under callgrind (doc/performance.md, "Meshes").
*/
#include "fp.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <stdint.h>
#include <time.h>
#include "collide/mesh.h"

static uint64_t st = 88172645463325252ull;
static double rnd(double a, double b) {
  st ^= st << 13; st ^= st >> 7; st ^= st << 17;
  return a + (b - a) * (double)(st >> 11) / 9007199254740992.0;
}
static double height(double x, double z) {
  return 18 * sin(x * 0.013) * cos(z * 0.021) + 6 * sin(x * 0.071 + z * 0.043)
       + 1.5 * sin(x * 0.31) * sin(z * 0.27);
}
static uint64_t hmix(uint64_t h, const void *p, size_t n) {
  const unsigned char *c = (const unsigned char *)p; size_t i;
  for (i = 0; i < n; i++) { h ^= c[i]; h *= 1099511628211ull; }
  return h;
}
static double now(void) { struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return ts.tv_sec + ts.tv_nsec * 1e-9; }

int main(int argc, char **argv) {
  int NX = argc > 5 ? atoi(argv[4]) : 1000, NZ = argc > 5 ? atoi(argv[5]) : 500;
  int R = argc > 1 ? atoi(argv[1]) : 200000, reps = argc > 2 ? atoi(argv[2]) : 3;
  int kind = argc > 3 ? atoi(argv[3]) : 0;
  cl_mesh m; size_t i, j, nv = (size_t)(NX + 1) * (NZ + 1), nt = (size_t)NX * NZ * 2;
  cl_ray *rays; int rep; uint64_t h = 1469598103934665603ull; long hits = 0; double best = 1e9;
  if (NX < 1 || NZ < 1) return 1;
  cl_mesh_init(&m);
  if (!cl_mesh_reserve(&m, nv, nt)) return 1;
  for (j = 0; j <= (size_t)NZ; j++) for (i = 0; i <= (size_t)NX; i++) {
    double *v = m.v + 3 * (j * (NX + 1) + i);
    v[0] = (double)i; v[1] = height((double)i, (double)j); v[2] = (double)j;
  }
  { size_t n = 0, row = NX + 1;
    for (j = 0; j < (size_t)NZ; j++) for (i = 0; i < (size_t)NX; i++) {
      uint32_t a = (uint32_t)(j * row + i), b = a + 1, c = a + (uint32_t)row, d = c + 1;
      m.tri[n++] = a; m.tri[n++] = c; m.tri[n++] = b; m.tri[n++] = b; m.tri[n++] = c; m.tri[n++] = d;
    } }
  if (!cl_mesh_build(&m)) return 1;
  rays = (cl_ray *)malloc(sizeof *rays * (size_t)R);
  for (i = 0; i < (size_t)R; i++) {
    double o[3], d[3], tmax = INFINITY;
    if (kind == 0) {
      o[0] = rnd(0, NX); o[1] = rnd(25, 60); o[2] = rnd(0, NZ);
      d[0] = rnd(-1, 1); d[1] = rnd(-1, -0.03); d[2] = rnd(-1, 1);
      if (rnd(0, 1) < 0.05) d[1] = -d[1];
    } else {
      double a = rnd(0, 6.283185307179586);
      o[0] = rnd(0, NX); o[2] = rnd(0, NZ); o[1] = height(o[0], o[2]) + 1.8;
      d[0] = cos(a); d[1] = rnd(-0.1, 0.1); d[2] = sin(a); tmax = 30;
    }
    cl_ray_init(&rays[i], o, d, tmax);
  }
  for (rep = 0; rep < reps; rep++) {
    double t0 = now(), dt;
    hits = 0;
    for (i = 0; i < (size_t)R; i++) {
      cl_hit hit; size_t idx = 0;
      int cull = (i % 7) == 3;
      if (cl_mesh_cast(&m, &rays[i], cull, &hit, &idx)) {
        hits++;
        if (rep == 0) { h = hmix(h, &hit, sizeof hit); h = hmix(h, &idx, sizeof idx); }
      } else if (rep == 0) h = hmix(h, "m", 1);
    }
    dt = (now() - t0) / R * 1e6;
    if (dt < best) best = dt;
  }
  printf("kind %d rays %d hits %ld hash %016llx best %.3f us/ray\n", kind, R, hits, (unsigned long long)h, best);
  return 0;
}
