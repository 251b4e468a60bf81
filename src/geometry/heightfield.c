/*
** heightfield.c - a grid of heights queried as the mesh of its cells'
** triangles: rays and sweeps walk the cells their path crosses, strip by
** strip along the grid axis the motion runs most along (a conservative
** form of the 2D DDA of Amanatides and Woo, "A fast voxel traversal
** algorithm", 1987), and skip the blocks of cells whose lowest and highest
** heights the path passes above or below; overlap queries visit the cells
** under the shape's bounds, row by row. Every triangle not ruled out by a
** test grown by the mesh's pad is given the mesh's own per-triangle steps
** (tricull.h) and pair tests, so the answers are the mesh's, bit for bit.
*/
#include "fp.h"
#include "tolerance.h"
#include <string.h>
#include "collide/heightfield.h"
#include "fbox.h"
#include "tricull.h"
#include "dispatch.h"

#define B CL_HF_BLOCK
#define F CL_HF_FINE

size_t cl_heightfield_blocks(uint32_t columns, uint32_t rows) {
  if (columns < 2 || rows < 2) return 0;
  if ((uint64_t)(columns - 1) * (rows - 1) > CL_HF_MAX_CELLS) return 0;
  return (size_t)((columns - 2) / B + 1) * ((rows - 2) / B + 1)
       + (size_t)((columns - 2) / F + 1) * ((rows - 2) / F + 1);
}

void cl_heightfield_arrays(cl_heightfield *hf, double *h, double *block) {
  hf->h = h;
  hf->block = block;
  hf->bcols = (hf->columns - 2) / B + 1;
  hf->brows = (hf->rows - 2) / B + 1;
  hf->fcols = (hf->columns - 2) / F + 1;
  hf->frows = (hf->rows - 2) / F + 1;
  hf->fine = block + 2 * (size_t)hf->bcols * hf->brows;
}

void cl_heightfield_use_materials(cl_heightfield *hf, uint32_t *material) {
  hf->material = material;
}

int cl_heightfield_set_material(cl_heightfield *hf, uint32_t i, uint32_t j, uint32_t m) {
  if (hf->material == NULL || i >= hf->columns - 1 || j >= hf->rows - 1 || m > 0x7fffffffu)
    return 0;
  hf->material[(size_t)j * (hf->columns - 1) + i] = m;
  return 1;
}

long long cl_heightfield_material(const cl_heightfield *hf, size_t index) {
  if (hf->material == NULL || index >= cl_heightfield_count(hf)) return -1;
  return (long long)hf->material[index / 2];
}

void cl_heightfield_use(cl_heightfield *hf, double *h, double *block, uint32_t columns,
                        uint32_t rows, double sx, double sz, const double o[3]) {
  memset(hf, 0, sizeof *hf);
  hf->columns = columns;
  hf->rows = rows;
  cl_heightfield_arrays(hf, h, block);
  hf->sx = sx;
  hf->sz = sz;
  hf->isx = 1 / sx;
  hf->isz = 1 / sz;
  cl_copy(hf->o, o);
  hf->empty = 1;
}

size_t cl_heightfield_count(const cl_heightfield *hf) {
  return 2 * (size_t)(hf->columns - 1) * (hf->rows - 1);
}

/* the y (o[1] + h) of the corners of cell (i, j): (i,j), (i,j+1),
** (i+1,j+1), (i+1,j); 0 when the cell is a hole */
static int cell_y(const cl_heightfield *hf, uint32_t i, uint32_t j, double y[4]) {
  const double *p = hf->h + (size_t)j * hf->columns + i;
  double a = p[0], b = p[hf->columns], c = p[hf->columns + 1], d = p[1];
  if (a != a || b != b || c != c || d != d) return 0;
  y[0] = hf->o[1] + a;
  y[1] = hf->o[1] + b;
  y[2] = hf->o[1] + c;
  y[3] = hf->o[1] + d;
  return 1;
}

static uint32_t min2u(uint32_t a, uint32_t b) { return b < a ? b : a; }
static double min4(const double y[4]) { return min2(min2(y[0], y[1]), min2(y[2], y[3])); }
static double max4(const double y[4]) { return max2(max2(y[0], y[1]), max2(y[2], y[3])); }

/* the coordinate of grid line c along axis k (0: x, 2: z) */
static double line(const cl_heightfield *hf, int k, uint32_t c) {
  return k == 0 ? hf->o[0] + (double)c * hf->sx : hf->o[2] + (double)c * hf->sz;
}

/* the corners of cell (i, j) in cell_y's order: triangle 2 c is v0 v1 v2,
** triangle 2 c + 1 is v0 v2 v3 */
static void cell_vertices(const cl_heightfield *hf, uint32_t i, uint32_t j, const double y[4],
                          double v[4][3]) {
  double x0 = line(hf, 0, i), x1 = line(hf, 0, i + 1), z0 = line(hf, 2, j), z1 = line(hf, 2, j + 1);
  cl_set(v[0], x0, y[0], z0);
  cl_set(v[1], x0, y[1], z1);
  cl_set(v[2], x1, y[2], z1);
  cl_set(v[3], x1, y[3], z0);
}

/* corner `corner` of triangle k (0 or 1) of a cell */
static const double *tri_vertex(const double *v, int k, int corner) {
  static const int order[2][3] = {{0, 1, 2}, {0, 2, 3}};
  return v + 3 * order[k][corner];
}

/* the 0-based number of the first triangle of cell (i, j) */
static uint32_t cell_index(const cl_heightfield *hf, uint32_t i, uint32_t j) {
  return 2 * (j * (hf->columns - 1) + i);
}

static void cell_triangle(const double *v, int k, cl_triangle *t) {
  cl_triangle_init(t, tri_vertex(v, k, 0), tri_vertex(v, k, 1), tri_vertex(v, k, 2));
}

int cl_heightfield_triangle(const cl_heightfield *hf, size_t index, cl_triangle *t) {
  size_t c = index / 2;
  uint32_t i = (uint32_t)(c % (hf->columns - 1)), j = (uint32_t)(c / (hf->columns - 1));
  double y[4], v[4][3];
  if (index >= cl_heightfield_count(hf) || !cell_y(hf, i, j, y)) return 0;
  cell_vertices(hf, i, j, y, v);
  cell_triangle(v[0], (int)(index % 2), t);
  return 1;
}

int cl_heightfield_bounds(const cl_heightfield *hf, cl_aabb *out) {
  if (hf->empty) return 0;
  cl_aabb_init(out, hf->min, hf->max);
  return 1;
}


/* ---------------------------------------------------------------------- */
/* blocks and bounds                                                      */

static double *block_of(const cl_heightfield *hf, uint32_t bi, uint32_t bj) {
  return hf->block + 2 * ((size_t)bj * hf->bcols + bi);
}

static double *fine_of(const cl_heightfield *hf, uint32_t fi, uint32_t fj) {
  return hf->fine + 2 * ((size_t)fj * hf->fcols + fi);
}

/* the lowest and highest corner of fine block (fi, fj)'s existing cells */
static void fine_refresh(cl_heightfield *hf, uint32_t fi, uint32_t fj) {
  uint32_t i, j, i1 = fi * F + F, j1 = fj * F + F;
  double lo = INFINITY, hi = -INFINITY, y[4], *b = fine_of(hf, fi, fj);
  if (i1 > hf->columns - 1) i1 = hf->columns - 1;
  if (j1 > hf->rows - 1) j1 = hf->rows - 1;
  for (j = fj * F; j < j1; j++)
    for (i = fi * F; i < i1; i++)
      if (cell_y(hf, i, j, y)) {
        lo = min2(lo, min4(y));
        hi = max2(hi, max4(y));
      }
  b[0] = lo;
  b[1] = hi;
}

/* block (bi, bj) from its fine blocks */
static void block_refresh(cl_heightfield *hf, uint32_t bi, uint32_t bj) {
  uint32_t fi, fj, fi1 = (bi + 1) * (B / F), fj1 = (bj + 1) * (B / F);
  double lo = INFINITY, hi = -INFINITY, *b = block_of(hf, bi, bj);
  if (fi1 > hf->fcols) fi1 = hf->fcols;
  if (fj1 > hf->frows) fj1 = hf->frows;
  for (fj = bj * (B / F); fj < fj1; fj++)
    for (fi = bi * (B / F); fi < fi1; fi++) {
      const double *f = fine_of(hf, fi, fj);
      lo = min2(lo, f[0]);
      hi = max2(hi, f[1]);
    }
  b[0] = lo;
  b[1] = hi;
}

/* 1 when column c (axis 0) or row c (axis 2) has a cell */
static int line_has_cell(const cl_heightfield *hf, int axis, uint32_t c) {
  uint32_t k, n = (axis == 0 ? hf->rows : hf->columns) - 1;
  double y[4];
  for (k = 0; k < n; k++)
    if (axis == 0 ? cell_y(hf, c, k, y) : cell_y(hf, k, c, y)) return 1;
  return 0;
}

static void set_maxabs(cl_heightfield *hf) {
  hf->maxabs = max2(cl_maxabs3(hf->min), cl_maxabs3(hf->max));
}

/* the y bounds from the blocks; 0 when no cell exists */
static int bounds_y(cl_heightfield *hf) {
  size_t k, n = (size_t)hf->bcols * hf->brows;
  double lo = INFINITY, hi = -INFINITY;
  for (k = 0; k < n; k++) {
    lo = min2(lo, hf->block[2 * k]);
    hi = max2(hi, hf->block[2 * k + 1]);
  }
  hf->min[1] = lo;
  hf->max[1] = hi;
  return lo <= hi;
}

/* the bounds of the existing cells: y from the blocks, x and z from the
** first and last columns and rows with a cell (vertex coordinates grow
** with their index, so these are the extreme vertices) */
static void bounds_refresh(cl_heightfield *hf) {
  uint32_t lo, hi;
  int k;
  hf->empty = !bounds_y(hf);
  if (hf->empty) {
    cl_set(hf->min, 0, 0, 0);
    cl_set(hf->max, 0, 0, 0);
    hf->maxabs = 0;
    return;
  }
  for (k = 0; k <= 2; k += 2) {
    for (lo = 0; !line_has_cell(hf, k, lo); lo++) {}
    for (hi = (k == 0 ? hf->columns : hf->rows) - 2; !line_has_cell(hf, k, hi); hi--) {}
    hf->min[k] = line(hf, k, lo);
    hf->max[k] = line(hf, k, hi + 1);
  }
  set_maxabs(hf);
}

void cl_heightfield_refresh(cl_heightfield *hf) {
  uint32_t bi, bj;
  for (bj = 0; bj < hf->frows; bj++)
    for (bi = 0; bi < hf->fcols; bi++) fine_refresh(hf, bi, bj);
  for (bj = 0; bj < hf->brows; bj++)
    for (bi = 0; bi < hf->bcols; bi++) block_refresh(hf, bi, bj);
  bounds_refresh(hf);
}

void cl_heightfield_set(cl_heightfield *hf, uint32_t i, uint32_t j, double h) {
  double *p = hf->h + (size_t)j * hf->columns + i, old = *p, y[4];
  int di, dj, in_cell = 0;
  *p = h;
  /* the (up to four) cells with this corner, and their blocks */
  for (dj = -1; dj <= 0; dj++)
    for (di = -1; di <= 0; di++) {
      uint32_t ci = i + (uint32_t)di, cj = j + (uint32_t)dj;
      if ((di < 0 && i == 0) || (dj < 0 && j == 0) || ci + 1 >= hf->columns || cj + 1 >= hf->rows)
        continue;
      fine_refresh(hf, ci / F, cj / F);
      block_refresh(hf, ci / B, cj / B);
      in_cell |= cell_y(hf, ci, cj, y);
    }
  if (old != old || h != h || hf->empty) {
    bounds_refresh(hf);           /* cells came or went */
  } else if (hf->o[1] + old <= hf->min[1] || hf->o[1] + old >= hf->max[1]) {
    bounds_y(hf);                 /* an extreme moved: the y bounds again */
    set_maxabs(hf);
  } else if (in_cell) {
    hf->min[1] = min2(hf->min[1], hf->o[1] + h);
    hf->max[1] = max2(hf->max[1], hf->o[1] + h);
    set_maxabs(hf);
  }
}


/* ---------------------------------------------------------------------- */
/* walks                                                                  */

/* The cells along axis k (0: x, 2: z) a coordinate range can reach:
** (x - o) / size rounded down, clamped to the grid, by a product with the
** inverse spacing and a truncation (no call to floor: x is past 0 there);
** a NaN bound gives the grid's end, so a range never shrinks. Callers
** widen ranges by twice the pad, far more than the rounding of these. */
static uint32_t cell_lo(const cl_heightfield *hf, int k, double x) {
  uint32_t n = (k == 0 ? hf->columns : hf->rows) - 1;
  double c = (x - hf->o[k]) * (k == 0 ? hf->isx : hf->isz);
  if (!(c > 0)) return 0;
  return c < n ? (uint32_t)c : n - 1;
}

static uint32_t cell_hi(const cl_heightfield *hf, int k, double x) {
  uint32_t n = (k == 0 ? hf->columns : hf->rows) - 1;
  double c = (x - hf->o[k]) * (k == 0 ? hf->isx : hf->isz);
  if (!(c < n - 1)) return n - 1;
  return c > 0 ? (uint32_t)c : 0;
}

/* A box [lo, hi] moving along d for t in [0, limit] (a ray: a point), as
** a walk sees it: its slabs (fbox.h) grown by pad, every range it covers
** grown by twice the pad; all: no culling (a pad that is not finite). */
typedef struct {
  const cl_heightfield *hf;
  cl_slabs s;
  double lo[3], hi[3], d[3], pad;
  int all;
} hwalk;

/* called with each existing cell the walk cannot rule out (y its corners'
** heights); *limit is the walk's, which it may lower; 0 stops the walk */
typedef int (*cell_fn)(void *ctx, uint32_t i, uint32_t j, const double y[4], double *limit);

static void walk_init(hwalk *w, const cl_heightfield *hf, const double lo[3], const double hi[3],
                      const double d[3], double pad, int divide) {
  w->hf = hf;
  cl_copy(w->lo, lo);
  cl_copy(w->hi, hi);
  cl_copy(w->d, d);
  w->all = !(hf->maxabs + 2 * pad < INFINITY);
  w->pad = w->all ? 0 : pad;
  cl_slabs_init(&w->s, lo, hi, d, w->pad, divide);
}

/* [*p, *q]: what the moving box covers along axis k for t in [ta, tb] */
static void extent(const hwalk *w, int k, double ta, double tb, double *p, double *q) {
  double a = w->d[k] * ta, b = w->d[k] * tb;
  *p = w->lo[k] + min2(a, b) - 2 * w->pad;
  *q = w->hi[k] + max2(a, b) + 2 * w->pad;
}

/* 1 when the heights of block (bi, bj) of the blocks of size cells (B or
** F) meet [ylo, yhi] */
static int block_meets_y(const cl_heightfield *hf, uint32_t size, uint32_t bi, uint32_t bj,
                         double ylo, double yhi) {
  const double *b = size == B ? block_of(hf, bi, bj) : fine_of(hf, bi, bj);
  return b[0] <= yhi && b[1] >= ylo;
}

/* the cells of column (or row, a = 2) c along the minor axis that the
** moving box meets for t in [ta, tb], given to f; 0 when f stopped */
static int walk_strip(const hwalk *w, int a, uint32_t c, double ta, double tb, cell_fn f,
                      void *ctx, double *limit) {
  const cl_heightfield *hf = w->hf;
  int b = 2 - a;
  double ylo, yhi, p, q, y[4];
  uint32_t r, r0, r1, rb = UINT32_MAX;
  int ok = 0;
  extent(w, 1, ta, tb, &ylo, &yhi);
  extent(w, b, ta, tb, &p, &q);
  r0 = cell_lo(hf, b, p);
  r1 = cell_hi(hf, b, q);
  for (r = r0; r <= r1; r++) {
    uint32_t i = a == 0 ? c : r, j = a == 0 ? r : c;
    if (r / F != rb) {
      rb = r / F;
      ok = block_meets_y(hf, F, i / F, j / F, ylo, yhi);
    }
    if (!ok) {                        /* on to the next fine block */
      r = rb * F + F - 1;
      continue;
    }
    if (!cell_y(hf, i, j, y) || min4(y) > yhi || max4(y) < ylo) continue;
    if (!f(ctx, i, j, y, limit)) return 0;
  }
  return 1;
}

/* 1 when a block of size cells (B or F) in strip k of the blocks along the
** major axis a meets what the moving box covers for t in [ta, tb] */
static int strip_meets(const hwalk *w, uint32_t size, int a, uint32_t k, double ta, double tb) {
  const cl_heightfield *hf = w->hf;
  int b = 2 - a;
  double ylo, yhi, p, q;
  uint32_t r, r1;
  extent(w, 1, ta, tb, &ylo, &yhi);
  extent(w, b, ta, tb, &p, &q);
  for (r = cell_lo(hf, b, p) / size, r1 = cell_hi(hf, b, q) / size; r <= r1; r++)
    if (block_meets_y(hf, size, a == 0 ? k : r, a == 0 ? r : k, ylo, yhi)) return 1;
  return 0;
}

/* every existing cell, for a walk that cannot cull */
static void walk_all(const cl_heightfield *hf, cell_fn f, void *ctx, double *limit) {
  uint32_t i, j;
  double y[4];
  for (j = 0; j + 1 < hf->rows; j++)
    for (i = 0; i + 1 < hf->columns; i++)
      if (cell_y(hf, i, j, y) && !f(ctx, i, j, y, limit)) return;
}

/* The strips of size cells (B, F or 1) along the major axis a between
** cells c0 and c1, in the order of the motion (for t in [tn, tf]): a strip
** of blocks whose height ranges the moving box passes above or below is
** skipped, any other is walked at the next size down, a single strip cell
** by cell. A strip entered after *limit ends the walk: the strips after
** it are entered later still. 0 when the walk ends. */
static int walk_level(const hwalk *w, uint32_t size, int a, uint32_t c0, uint32_t c1, double tn,
                      double tf, cell_fn f, void *ctx, double *limit) {
  const cl_heightfield *hf = w->hf;
  uint32_t k, n = c1 / size - c0 / size + 1;
  for (k = 0; k < n; k++) {
    uint32_t kb = w->d[a] < 0 ? c1 / size - k : c0 / size + k;
    uint32_t first = kb * size > c0 ? kb * size : c0;
    uint32_t last = kb * size + size - 1 < c1 ? kb * size + size - 1 : c1;
    double ta = tn, tb = min2(tf, *limit);
    if (!cl_slabs_axis(&w->s, a, line(hf, a, first), line(hf, a, last + 1), &ta, &tb)) continue;
    if (!(ta <= tb)) {
      if (w->d[a] != 0 && ta > *limit) return 0;
      continue;
    }
    if (size == 1) {
      if (!walk_strip(w, a, kb, ta, tb, f, ctx, limit)) return 0;
    } else if (strip_meets(w, size, a, kb, ta, tb)) {
      if (!walk_level(w, size == B ? F : 1, a, first, last, tn, tf, f, ctx, limit)) return 0;
    }
  }
  return 1;
}

/* Gives f the cells the moving box may meet, strips of the major axis a
** (the one the motion crosses most cells along) in the order of the
** motion, within the heightfield's bounds */
static void walk_cells(const hwalk *w, cell_fn f, void *ctx, double *limit) {
  const cl_heightfield *hf = w->hf;
  double tn = 0, tf = *limit, p, q;
  uint32_t c0, c1;
  int a, k;
  if (hf->empty) return;
  if (w->all) { walk_all(hf, f, ctx, limit); return; }
  for (k = 0; k < 3; k++)
    if (!cl_slabs_axis(&w->s, k, hf->min[k], hf->max[k], &tn, &tf)) return;
  if (!(tn <= tf)) return;
  a = fabs(w->d[0]) / hf->sx >= fabs(w->d[2]) / hf->sz ? 0 : 2;
  extent(w, a, tn, tf, &p, &q);
  c0 = cell_lo(hf, a, p);
  c1 = cell_hi(hf, a, q);
  if (c0 <= c1) walk_level(w, B, a, c0, c1, tn, tf, f, ctx, limit);
}


/* ---------------------------------------------------------------------- */
/* ray casts                                                              */

typedef struct {
  const cl_heightfield *hf;
  const cl_ray *r;
  const cl_shape *any;     /* set: stop at the first triangle intersecting it */
  int cull, found;
  cl_hit *h;
  size_t *index;
} cast_ctx;

/* the mesh's leaf step (mesh.c ray_walk) on the two triangles of a cell */
static int cast_cell(void *p, uint32_t i, uint32_t j, const double y[4], double *limit) {
  cast_ctx *c = (cast_ctx *)p;
  double v[4][3];
  int k;
#ifdef CL_SSE2
  const double *va[2], *vb[2], *vc[2];
  cl_miss2 pm;
#endif
  cell_vertices(c->hf, i, j, y, v);
#ifdef CL_SSE2
  /* both triangles' pre-tests at once (tricull.h) */
  for (k = 0; k < 2; k++) {
    va[k] = tri_vertex(v[0], k, 0); vb[k] = tri_vertex(v[0], k, 1); vc[k] = tri_vertex(v[0], k, 2);
  }
  surely_missed2(c->r, va, vb, vc, c->cull, &pm);
#endif
  for (k = 0; k < 2; k++) {
    cl_shape tri;
    cl_hit th;
#ifdef CL_SSE2
    if (cl_miss2_lane(&pm, k, *limit)) continue;
#else
    if (surely_missed(c->r, tri_vertex(v[0], k, 0), tri_vertex(v[0], k, 1), tri_vertex(v[0], k, 2),
                      c->cull, *limit))
      continue;
#endif
    cell_triangle(v[0], k, &tri.tri);
    if (c->any) {
      if (cl_intersects(&tri, c->any)) { c->found = 1; return 0; }
    } else if (cl_cast_triangle_hit(c->r, &tri.tri, c->cull, &th)) {
      keep_nearer(c->h, c->index, &c->found, limit, &th, cell_index(c->hf, i, j) + (uint32_t)k);
    }
  }
  return 1;
}

static int ray_walk(const cl_heightfield *hf, const cl_ray *r, int cull, const cl_shape *any,
                    cl_hit *h, size_t *index) {
  hwalk w;
  cast_ctx c;
  double limit = r->tmax;
  if (hf->empty) return 0;
  walk_init(&w, hf, r->o, r->o, r->d, pad_of(cl_maxabs3(r->o) + hf->maxabs), 1);
  c.hf = hf;
  c.r = r;
  c.any = any;
  c.cull = cull;
  c.found = 0;
  c.h = h;
  c.index = index;
  walk_cells(&w, cast_cell, &c, &limit);
  return c.found;
}

int cl_heightfield_cast(const cl_heightfield *hf, const cl_ray *r, int cull, cl_hit *h,
                        size_t *index) {
  return ray_walk(hf, r, cull, NULL, h, index);
}


/* ---------------------------------------------------------------------- */
/* overlap queries                                                        */

/* can a triangle of block (bi, bj) intersect s? (mesh.c shape_box) */
static int block_meets(const cl_heightfield *hf, uint32_t bi, uint32_t bj, const cl_shape *s,
                       const cl_aabb *sb, double pad) {
  const double *y = block_of(hf, bi, bj);
  uint32_t i1 = bi * B + B, j1 = bj * B + B;
  cl_shape box;
  int k;
  if (!(y[0] <= y[1])) return 0;
  if (i1 > hf->columns - 1) i1 = hf->columns - 1;
  if (j1 > hf->rows - 1) j1 = hf->rows - 1;
  box.aabb.tag = CL_AABB;
  cl_set(box.aabb.min, line(hf, 0, bi * B), y[0], line(hf, 2, bj * B));
  cl_set(box.aabb.max, line(hf, 0, i1), y[1], line(hf, 2, j1));
  for (k = 0; k < 3; k++) {
    box.aabb.min[k] -= pad;
    box.aabb.max[k] += pad;
    if (sb && (box.aabb.min[k] > sb->max[k] || sb->min[k] > box.aabb.max[k])) return 0;
    if (!(box.aabb.max[k] - box.aabb.min[k] < INFINITY)) return 1;
  }
  return s->tag == CL_AABB || cl_intersects(&box, s);
}

/* the triangles intersecting s, row by row (increasing index) */
static size_t query_walk(const cl_heightfield *hf, const cl_shape *s, cl_heightfield_visit visit,
                         void *ctx) {
  cl_aabb sb;
  double pad, y[4], v[4][3];
  uint32_t i0 = 0, i1 = hf->columns - 2, j0 = 0, j1 = hf->rows - 2, i, j, bi;
  int has_sb, all, k;
  size_t found = 0;
  if (hf->empty) return 0;
  pad = pad_of(hf->maxabs + cl_shape_scale(s));
  all = !(hf->maxabs + 2 * pad < INFINITY);
  has_sb = s->tag != CL_PLANE && cl_bounds(s, &sb) && !all;
  if (has_sb) {
    for (k = 0; k < 3; k++)
      if (sb.min[k] > hf->max[k] + pad || sb.max[k] < hf->min[k] - pad) return 0;
    i0 = cell_lo(hf, 0, sb.min[0] - 2 * pad);
    i1 = cell_hi(hf, 0, sb.max[0] + 2 * pad);
    j0 = cell_lo(hf, 2, sb.min[2] - 2 * pad);
    j1 = cell_hi(hf, 2, sb.max[2] + 2 * pad);
  }
  for (j = j0; j <= j1; j++) {
    for (bi = i0 / B; bi <= i1 / B; bi++) {
      uint32_t first = bi * B > i0 ? bi * B : i0, last = bi * B + B - 1 < i1 ? bi * B + B - 1 : i1;
      if (!all && !block_meets(hf, bi, j / B, s, has_sb ? &sb : NULL, pad)) continue;
      for (i = first; i <= last; i++) {
        if (!cell_y(hf, i, j, y)) continue;
        if (has_sb && (min4(y) > sb.max[1] + 2 * pad || max4(y) < sb.min[1] - 2 * pad)) continue;
        cell_vertices(hf, i, j, y, v);
        for (k = 0; k < 2; k++) {
          cl_shape tri;
          cell_triangle(v[0], k, &tri.tri);
          if (!cl_intersects(&tri, s)) continue;
          found++;
          if (visit && !visit(ctx, cell_index(hf, i, j) + (uint32_t)k, &tri.tri)) return found;
        }
      }
    }
  }
  return found;
}

size_t cl_heightfield_query(const cl_heightfield *hf, const cl_shape *s,
                            cl_heightfield_visit visit, void *ctx) {
  return query_walk(hf, s, visit, ctx);
}

static int stop(void *ctx, uint32_t index, const cl_triangle *t) {
  (void)ctx; (void)index; (void)t;
  return 0;
}

int cl_heightfield_intersects(const cl_heightfield *hf, const cl_shape *s) {
  if (s->tag == CL_RAY) {
    cl_hit h;
    size_t i;
    return ray_walk(hf, &s->ray, 0, s, &h, &i);
  }
  return query_walk(hf, s, stop, NULL) != 0;
}

/* a set of triangles another set's triangles are tested against */
typedef struct {
  const cl_mesh *m;
  const cl_heightfield *hf;
  int hit;
} pair_ctx;

static int pair_visit(void *p, uint32_t index, const cl_triangle *t) {
  pair_ctx *c = (pair_ctx *)p;
  cl_shape s;
  (void)index;
  s.tri = *t;
  c->hit = c->m ? cl_mesh_intersects(c->m, &s) : cl_heightfield_intersects(c->hf, &s);
  return !c->hit;
}

/* the triangles of hf in the box [lo, hi] grown by pad against the other
** set (each of those that meets another triangle lies within the
** tolerance of the other set's bounds) */
static int pair_walk(const cl_heightfield *hf, const double lo[3], const double hi[3],
                     double scale, pair_ctx *c) {
  cl_shape box;
  double pad = pad_of(hf->maxabs + scale);
  int k;
  box.aabb.tag = CL_AABB;
  for (k = 0; k < 3; k++) {
    box.aabb.min[k] = lo[k] - pad;
    box.aabb.max[k] = hi[k] + pad;
    if (!(box.aabb.max[k] - box.aabb.min[k] < INFINITY)) {
      box.aabb.min[k] = -DBL_MAX;
      box.aabb.max[k] = DBL_MAX;
    }
  }
  c->hit = 0;
  query_walk(hf, &box, pair_visit, c);
  return c->hit;
}

/* ---------------------------------------------------------------------- */
/* the nearest triangle to a point                                        */

typedef struct {
  const cl_heightfield *hf;
  const double *p;
  double d, limit, out[3];
  size_t index;
  int found;
} hnear;

/* the gap below (fbox.h) from the point to cells [i0, i1) x [j0, j1)
** between heights lo and hi */
static double cells_gap(const hnear *q, uint32_t i0, uint32_t i1, uint32_t j0, uint32_t j1,
                        double lo, double hi) {
  double a[3], b[3];
  cl_set(a, line(q->hf, 0, i0), lo, line(q->hf, 2, j0));
  cl_set(b, line(q->hf, 0, i1), hi, line(q->hf, 2, j1));
  return cl_box_gap_below(q->p, a, b);
}

/* cell (i, j)'s triangles, each kept when nearer (ties to the lower index)
** and within the limit */
static void near_cell(hnear *q, uint32_t i, uint32_t j) {
  double y[4], v[4][3];
  int k;
  if (!cell_y(q->hf, i, j, y)) return;
  if (!(cells_gap(q, i, i + 1, j, j + 1, min4(y), max4(y)) <= q->limit)) return;
  cell_vertices(q->hf, i, j, y, v);
  for (k = 0; k < 2; k++) {
    cl_shape tri;
    size_t index = cell_index(q->hf, i, j) + (size_t)k;
    double d;
    cell_triangle(v[0], k, &tri.tri);
    d = cl_distance(&tri, q->p);
    if (!(d <= q->limit)) continue;
    if (q->found && !(d < q->d || (d == q->d && index < q->index))) continue;
    q->found = 1;
    q->d = q->limit = d;
    q->index = index;
    cl_closest_point(&tri, q->p, q->out);
  }
}

/* block (bi, bj): its fine blocks, then their cells, those near enough */
static void near_block(hnear *q, uint32_t bi, uint32_t bj) {
  const cl_heightfield *hf = q->hf;
  const double *b = block_of(hf, bi, bj);
  uint32_t nc = hf->columns - 1, nr = hf->rows - 1, fi, fj, i, j;
  uint32_t fi1 = min2u(bi * (B / F) + B / F, hf->fcols), fj1 = min2u(bj * (B / F) + B / F, hf->frows);
  if (!(b[0] <= b[1])) return;
  if (!(cells_gap(q, bi * B, min2u(bi * B + B, nc), bj * B, min2u(bj * B + B, nr), b[0], b[1])
        <= q->limit))
    return;
  for (fj = bj * (B / F); fj < fj1; fj++)
    for (fi = bi * (B / F); fi < fi1; fi++) {
      const double *f = fine_of(hf, fi, fj);
      uint32_t i1 = min2u(fi * F + F, nc), j1 = min2u(fj * F + F, nr);
      if (!(f[0] <= f[1])) continue;
      if (!(cells_gap(q, fi * F, i1, fj * F, j1, f[0], f[1]) <= q->limit)) continue;
      for (j = fj * F; j < j1; j++)
        for (i = fi * F; i < i1; i++) near_cell(q, i, j);
    }
}

/* Rings of blocks around the block under p (clamped to the grid): the
** blocks of ring r >= 1 lie at least r - 1 blocks' side away from it, so
** the rings stop when that, less the gap's allowance, is beyond the best
** so far (or they leave the grid). */
int cl_heightfield_closest(const cl_heightfield *hf, const double p[3], double limit, double *d,
                           double out[3], size_t *index) {
  hnear q;
  uint32_t ci, cj, r;
  double side, slack;
  if (hf->empty) return 0;
  q.hf = hf;
  q.p = p;
  q.limit = limit;
  q.found = 0;
  q.d = INFINITY;
  q.index = 0;
  ci = cell_lo(hf, 0, p[0]) / B;
  cj = cell_lo(hf, 2, p[2]) / B;
  side = (double)B * min2(hf->sx, hf->sz);
  slack = CL_EPSILON * (cl_maxabs3(p) + hf->maxabs);
  for (r = 0;; r++) {
    uint32_t bi, bj, i0, i1, j0, j1;
    if (r >= 2 && (double)(r - 1) * side * (1 - CL_EPSILON) - slack > q.limit) break;
    if (r > ci && r > cj && ci + r >= hf->bcols && cj + r >= hf->brows) break;
    i0 = ci >= r ? ci - r : 0;
    j0 = cj >= r ? cj - r : 0;
    i1 = min2u(ci + r, hf->bcols - 1);
    j1 = min2u(cj + r, hf->brows - 1);
    for (bj = j0; bj <= j1; bj++) {
      int edge = bj + r == cj || bj == cj + r;
      for (bi = i0; bi <= i1; bi++) {
        if (!edge && bi + r != ci && bi != ci + r) {
          if (bi + r < ci || bi > ci + r) continue;
          bi = ci + r;                         /* the ring's other side */
          if (bi > i1) break;
        }
        near_block(&q, bi, bj);
      }
    }
  }
  if (!q.found) return 0;
  *d = q.d;
  cl_copy(out, q.out);
  *index = q.index;
  return 1;
}

int cl_heightfield_intersects_mesh(const cl_heightfield *hf, const cl_mesh *m) {
  pair_ctx c;
  if (hf->empty || m->nt == 0) return 0;
  c.m = m;
  c.hf = NULL;
  return pair_walk(hf, m->min, m->max, m->maxabs, &c);
}

int cl_heightfield_intersects_heightfield(const cl_heightfield *a, const cl_heightfield *b) {
  pair_ctx c;
  if (a->empty || b->empty) return 0;
  c.m = NULL;
  c.hf = b;
  return pair_walk(a, b->min, b->max, b->maxabs, &c);
}


/* ---------------------------------------------------------------------- */
/* sweeps                                                                 */

typedef struct {
  const cl_heightfield *hf;
  const cl_shape *mover;
  const hwalk *w;
  int found;
  cl_hit *h;
  size_t *index;
} sweep_ctx;

/* the mesh's leaf step (mesh.c cl_mesh_sweep) on the two triangles of a
** cell: a lower bound of each one's time, then cl_sweep where it may be
** nearer than the best hit */
static int sweep_cell(void *p, uint32_t i, uint32_t j, const double y[4], double *limit) {
  sweep_ctx *c = (sweep_ctx *)p;
  const hwalk *w = c->w;
  double v[4][3];
  int k;
  cell_vertices(c->hf, i, j, y, v);
  for (k = 0; k < 2; k++) {
    const double *tv[3];
    double bound;
    cl_shape tri;
    cl_hit th;
    tv[0] = tri_vertex(v[0], k, 0);
    tv[1] = tri_vertex(v[0], k, 1);
    tv[2] = tri_vertex(v[0], k, 2);
    bound = w->all ? 0 : sweep_bound(tv, c->mover, w->lo, w->hi, w->d, w->s.inv, *limit, w->pad);
    if (bound < 0 || bound > *limit) continue;
    cell_triangle(v[0], k, &tri.tri);
    if (cl_sweep(c->mover, w->d, &tri, &th))
      keep_nearer(c->h, c->index, &c->found, limit, &th, cell_index(c->hf, i, j) + (uint32_t)k);
  }
  return 1;
}

int cl_heightfield_sweep(const cl_heightfield *hf, const cl_shape *mover, const double d[3],
                         cl_hit *h, size_t *index) {
  hwalk w;
  sweep_ctx c;
  cl_aabb mb;
  double limit = 1;
  if (hf->empty || !cl_bounds(mover, &mb)) return 0;
  /* products with 1 / d, as the mesh's sweep */
  walk_init(&w, hf, mb.min, mb.max, d, pad_of(hf->maxabs + cl_shape_scale(mover) + cl_maxabs3(d)), 0);
  c.hf = hf;
  c.mover = mover;
  c.w = &w;
  c.found = 0;
  c.h = h;
  c.index = index;
  walk_cells(&w, sweep_cell, &c, &limit);
  return c.found;
}
