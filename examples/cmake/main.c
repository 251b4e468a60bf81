/*
** main.c - collide's C library as an engine gets it from CMake or
** pkg-config (doc/install.md): a world of two boxes, a mesh, a
** heightfield, a hull and a compound, every byte of them from the
** engine's allocator (the mesh's hierarchy, the hull's data, the
** heightfield's arrays and the compound's as well as the world's), six
** raycasts, each hit printed and checked against its value worked out by
** hand, and nothing left allocated at the end. The blocks of
** doc/install.md's "In an engine, without Lua" are taken from this file
** (make test-cmake checks that they still are).
**
**   make test-cmake
**   cc -std=c99 main.c $(pkg-config --cflags --libs collide)
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <collide/world.h>
#include <collide/hull.h>
#include <collide/compound.h>

static int failures;

/* ---- the allocator ---- */

/* an engine's allocator, with lua_Alloc's signature (nsize 0 frees):
** this one counts the bytes it holds */
static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  size_t *live = (size_t *)ud;
  void *np;
  if (nsize == 0) {
    if (ptr != NULL) *live -= osize;
    free(ptr);
    return NULL;
  }
  np = realloc(ptr, nsize);
  if (np != NULL) *live += nsize - (ptr != NULL ? osize : 0);
  return np;
}

/* ---- a mesh ---- */

/* The mesh over the caller's v (3 nv doubles) and tri (3 nt indices),
** its hierarchy built in a scratch block and kept in a block of its
** exact size, both from alloc: cl_mesh_build would take them from
** malloc. 0 when out of memory. */
static int mesh_build(cl_mesh *m, double *v, size_t nv, uint32_t *tri, size_t nt,
                      cl_alloc_fn alloc, void *ud) {
  size_t size = cl_mesh_build_size(nt), keep;
  void *scratch, *tree = NULL;
  cl_mesh_use(m, v, nv, tri, nt);              /* v and tri stay the caller's */
  if (size == 0 || (scratch = alloc(ud, NULL, 0, size)) == NULL) return 0;
  if (!cl_mesh_build_in(m, scratch)) {
    alloc(ud, scratch, size, 0);
    return 0;
  }
  keep = cl_mesh_tree_size(m);
  if (keep > 0 && (tree = alloc(ud, NULL, 0, keep)) == NULL) {
    alloc(ud, scratch, size, 0);
    return 0;
  }
  cl_mesh_keep(m, tree);                       /* the hierarchy moves into tree */
  alloc(ud, scratch, size, 0);
  return 1;
}

/* frees what mesh_build allocated (v and tri are the caller's) */
static void mesh_free(cl_mesh *m, cl_alloc_fn alloc, void *ud) {
  if (m->node_mem != NULL) alloc(ud, m->node_mem, cl_mesh_tree_size(m), 0);
  cl_mesh_init(m);
}

/* ---- a hull ---- */

/* The hull of the n points p (3 n doubles), its data in one block of
** *size bytes from alloc, the points no longer needed; NULL when the
** points make no hull (cl_hull_build's answer) or out of memory. */
static const cl_hull_data *hull_new(const double *p, size_t n, cl_alloc_fn alloc, void *ud,
                                    size_t *size) {
  size_t work_size = cl_hull_work_size(n);
  void *work, *buf = NULL;
  cl_hull_counts counts;
  if (work_size == 0 || (work = alloc(ud, NULL, 0, work_size)) == NULL) return NULL;
  if (cl_hull_build(p, n, work, &counts) == 0) {
    *size = cl_hull_data_size(&counts);
    buf = alloc(ud, NULL, 0, *size);
    if (buf != NULL) cl_hull_store(work, p, buf);
  }
  alloc(ud, work, work_size, 0);
  return (const cl_hull_data *)buf;    /* freed by alloc(ud, buf, *size, 0) */
}

/* ---- a heightfield ---- */

/* A columns x rows grid of spacing 1 from o, every height h0: the heights
** and the blocks in one block of *size bytes from alloc; 0 when the grid
** is too small or too large, or out of memory. */
static int heightfield_new(cl_heightfield *hf, uint32_t columns, uint32_t rows, const double o[3],
                           double h0, cl_alloc_fn alloc, void *ud, size_t *size) {
  size_t blocks = cl_heightfield_blocks(columns, rows), n = (size_t)columns * rows, i;
  double *mem;
  if (blocks == 0) return 0;
  *size = (n + 2 * blocks) * sizeof(double);
  if ((mem = (double *)alloc(ud, NULL, 0, *size)) == NULL) return 0;
  cl_heightfield_use(hf, mem, mem + n, columns, rows, 1, 1, o);
  for (i = 0; i < n; i++) hf->h[i] = h0;       /* row-major: h[j * columns + i] */
  cl_heightfield_refresh(hf);                  /* the blocks and bounds from h */
  return 1;                                    /* freed by alloc(ud, hf->h, *size, 0) */
}

/* ---- the world ---- */

static cl_aabb make_box(double x0, double y0, double z0, double x1, double y1, double z1) {
  cl_aabb b;
  double lo[3] = {x0, y0, z0}, hi[3] = {x1, y1, z1};
  cl_aabb_init(&b, lo, hi);
  return b;
}

static int near(double a, double b) { return fabs(a - b) <= 1e-12; }

/* a ray from o along d: prints the hit (hex floats too: the same bits
** on every build) and checks it against item, t, the normal and index */
static void cast(cl_world *w, const char *what, double ox, double oy, double oz, double dx,
                 double dy, double dz, cl_item item, double t, double nx, double ny, double nz,
                 long long index) {
  double o[3], d[3];
  cl_ray r;
  cl_world_hit hit;
  cl_item got;
  cl_set(o, ox, oy, oz);
  cl_set(d, dx, dy, dz);
  cl_ray_init(&r, o, d, INFINITY);
  got = cl_world_raycast(w, &r, NULL, &hit);
  if (got < 0) {
    printf("%-12s no hit (%lld)\n", what, (long long)got);
    failures++;
    return;
  }
  printf("%-12s item %lld, t %g (%a), point %g %g %g, normal %g %g %g, index %lld\n", what,
         (long long)hit.item, hit.hit.t, hit.hit.t, hit.hit.p[0], hit.hit.p[1], hit.hit.p[2],
         hit.hit.n[0], hit.hit.n[1], hit.hit.n[2], hit.index);
  if (hit.item != item || !near(hit.hit.t, t) || !near(hit.hit.n[0], nx)
      || !near(hit.hit.n[1], ny) || !near(hit.hit.n[2], nz) || hit.index != index) {
    printf("  expected item %lld, t %g, normal %g %g %g, index %lld\n", (long long)item, t, nx, ny,
           nz, index);
    failures++;
  }
}

int main(void) {
  size_t live = 0, hull_size = 0, hf_size = 0;
  cl_alloc_fn alloc = counting_alloc;
  void *ud = &live;
  cl_aabb floor = make_box(-10, -1, -10, 10, 0, 10), crate = make_box(2, 0, -1, 3, 1, 1);
  /* a wall at x = 6, two triangles */
  double wall_v[] = {6, 0, -2, 6, 0, 2, 6, 4, 2, 6, 4, -2};
  uint32_t wall_tri[] = {0, 1, 2, 0, 2, 3};
  double cube[] = {-0.5, -0.5, -0.5, 0.5, -0.5, -0.5, -0.5, 0.5, -0.5, 0.5, 0.5, -0.5,
                   -0.5, -0.5, 0.5,  0.5, -0.5, 0.5,  -0.5, 0.5, 0.5,  0.5, 0.5, 0.5};
  double id[4] = {0, 0, 0, 1}, at[3], o[3];
  cl_mesh wall;
  cl_heightfield ground;
  const cl_hull_data *hd;
  cl_hull hull;
  cl_shape parts[2];
  cl_compound_data *cd;
  cl_compound pair;
  cl_world *w;

  w = cl_world_new(0.1, alloc, ud);
  if (w == NULL) return 1;
  cl_world_add(w, &floor, CL_AABB, NULL);                          /* item 0 */
  cl_world_add(w, &crate, CL_AABB, NULL);                          /* item 1 */

  if (!mesh_build(&wall, wall_v, 4, wall_tri, 2, alloc, ud)) return 1;
  cl_world_add(w, &wall, CL_WORLD_MESH, NULL);                     /* item 2 */

  cl_set(o, 12, 0, 0);                 /* 3 x 3 heights of 0.5 over x 12..14, z 0..2 */
  if (!heightfield_new(&ground, 3, 3, o, 0.5, alloc, ud, &hf_size)) return 1;
  cl_world_add(w, &ground, CL_WORLD_HEIGHTFIELD, NULL);            /* item 3 */

  hd = hull_new(cube, 8, alloc, ud, &hull_size);                   /* a unit cube */
  if (hd == NULL) return 1;
  cl_set(at, 0, 0.5, -6);
  cl_hull_init(&hull, hd, at, id);
  cl_world_add(w, &hull, CL_HULL, NULL);                           /* item 4 */

  cl_set(at, -1, 0, 0);                /* two spheres of radius 0.5, 2 apart */
  cl_sphere_init(&parts[0].sphere, at, 0.5);
  cl_set(at, 1, 0, 0);
  cl_sphere_init(&parts[1].sphere, at, 0.5);
  cd = cl_compound_new(parts, 2, alloc, ud);
  if (cd == NULL) return 1;
  cl_set(at, 0, 0.5, 6);
  cl_compound_init(&pair, cd, at, id);
  cl_world_add(w, &pair, CL_COMPOUND, NULL);                       /* item 5 */

  printf("%d items, %zu bytes from the allocator\n", cl_world_count(w), live);
  cast(w, "crate", -5, 0.5, 0, 1, 0, 0, 1, 7, -1, 0, 0, -1);
  cast(w, "wall", 0, 2, 1, 1, 0, 0, 2, 6, -1, 0, 0, 0);
  cast(w, "ground", 13.25, 10, 0.5, 0, -1, 0, 3, 9.5, 0, 1, 0, 2);
  cast(w, "hull", 0, 0.5, 0, 0, 0, -1, 4, 5.5, 0, 0, 1, -1);
  cast(w, "compound", 1, 0.5, 0, 0, 0, 1, 5, 5.5, 0, 0, -1, 1);
  cast(w, "off-centre", 1.3, 0.5, 0, 0, 0, 1, 5, 5.6, 0.6, 0, -0.8, 1);  /* 0.3 from the axis */

  cl_world_delete(w);
  cl_compound_delete(cd, alloc, ud);
  alloc(ud, (void *)(uintptr_t)hd, hull_size, 0);
  alloc(ud, ground.h, hf_size, 0);
  mesh_free(&wall, alloc, ud);
  printf("%zu bytes left\n", live);
  if (live != 0) failures++;
  printf("%s\n", failures == 0 ? "every check passed" : "FAILED");
  return failures == 0 ? 0 : 1;
}
