/*
** fuzz_heightfield.c - the heightfield's grid walks (src/geometry/heightfield.c)
** against the same test run on every triangle of the grid, which
** heightfield.h promises to match exactly.
**
** Input: the grid (2..24 vertices a side, so several blocks of cells), its
** spacing and origin, the heights (NaN a hole, infinities made 0: the
** binding refuses them), a few edits by cl_heightfield_set, a cull byte, a
** ray, a query shape of any kind (swept along the ray's direction when it
** can move), and a small mesh.
** Properties:
**  - cl_heightfield_cast: hit exactly when some triangle's cl_cast hits;
**    the same t, point, normal, u, v and the lowest index hit at that t;
**  - cl_heightfield_intersects == some cl_intersects(triangle, shape);
**  - cl_heightfield_query visits exactly those triangles, increasing;
**  - cl_heightfield_sweep: the nearest cl_sweep, lowest index, same bits;
**  - cl_heightfield_intersects_mesh == some pair of triangles intersects;
**  - the bounds are exactly those of the existing triangles' vertices;
**  - cl_heightfield_lines_fill, within the query shape's bounds (over
**    every triangle when it has none), writes the edges of the existing triangles whose
**    bounds meet them, in number order, as they are tested here one by
**    one, bit for bit.
*/
#include "fuzz_common.h"
#include "collide/heightfield.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAXV 24

static int same_hit(const cl_hit *a, const cl_hit *b) {
  return a->t == b->t && a->p[0] == b->p[0] && a->p[1] == b->p[1] && a->p[2] == b->p[2]
      && a->n[0] == b->n[0] && a->n[1] == b->n[1] && a->n[2] == b->n[2]
      && a->u == b->u && a->v == b->v;
}

/* the triangles a query visits, in order */
typedef struct { uint32_t list[2 * (MAXV - 1) * (MAXV - 1)]; size_t n; } seen;

static int collect(void *ctx, uint32_t index, const cl_triangle *t) {
  seen *s = (seen *)ctx;
  (void)t;
  s->list[s->n++] = index;
  return 1;
}

/* a height from the input: a hole now and then, else small integers (flat
** runs, shared planes) or any finite double */
static double height(fz_in *in) {
  uint8_t b = fz_byte(in);
  double h;
  if (b % 16 == 0) return NAN;
  if (b % 4 != 1) return (double)((int)(b >> 4) - 8);
  h = fz_double(in);
  return isfinite(h) || isnan(h) ? h : 0;
}

/* a positive finite spacing */
static double spacing(fz_in *in) {
  double s = fabs(fz_double(in));
  return s > 0 && s < INFINITY ? s : 1;
}

/* the heightfield's debug lines within the bounds of s (every triangle
** when s is NULL or has none), against the triangles tested one by one */
static void check_lines(const cl_heightfield *hf, const cl_shape *s) {
  static double got[36 * (MAXV - 1) * (MAXV - 1)], want[36 * (MAXV - 1) * (MAXV - 1)];
  cl_aabb b;
  const cl_aabb *box = NULL;
  cl_triangle t;
  size_t i, n, nw, count = cl_heightfield_count(hf);
  double *w = want;
  if (s != NULL && cl_bounds(s, &b)) box = &b;
  for (i = 0; i < count; i++)
    if (cl_heightfield_triangle(hf, i, &t)) w = fz_tri_lines(w, t.v[0], t.v[1], t.v[2], box);
  nw = (size_t)(w - want) / 6;
  n = cl_heightfield_lines_count(hf, box);
  FZ_CHECK(n == nw, "heightfield lines count", (double)n - (double)nw);
  FZ_CHECK(cl_heightfield_lines_fill(hf, box, got) == n, "heightfield lines fill count", (double)n);
  if (getenv("FZ_VERBOSE"))
    for (i = 0; i < 6 * n; i++)
      if (!(got[i] == want[i])) fprintf(stderr, "lines at %zu: %.17g, brute %.17g\n", i, got[i], want[i]);
  for (i = 0; i < 6 * n; i++) FZ_CHECK(got[i] == want[i], "heightfield lines differ", (double)i);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = {data, size};
  static double h[MAXV * MAXV], block[2 * MAXV * MAXV];
  static seen got;
  cl_heightfield hf;
  cl_mesh m;
  cl_shape r, s, tri;
  cl_hit hh, hb;
  fz_scale sc = {0, INFINITY};
  uint32_t columns = 2 + fz_byte(&in) % (MAXV - 1), rows = 2 + fz_byte(&in) % (MAXV - 1);
  double sx = spacing(&in), sz = spacing(&in), o[3], lo[3], hi[3], mv[3];
  size_t i, count, idx = 0, bidx = 0, nw;
  int k, cull, hit, bhit, kind, vr, vs, any, edits, okm = 0, have = 0;
  static uint32_t want[2 * (MAXV - 1) * (MAXV - 1)];
  cl_aabb bx;

  fz_vec(&in, o);
  for (k = 0; k < 3; k++) if (!isfinite(o[k])) o[k] = 0;
  for (i = 0; i < (size_t)columns * rows; i++) h[i] = height(&in);
  cl_heightfield_use(&hf, h, block, columns, rows, sx, sz, o);
  cl_heightfield_refresh(&hf);
  edits = fz_byte(&in) % 4;
  for (k = 0; k < edits; k++) {
    uint32_t ei = fz_byte(&in) % columns, ej = fz_byte(&in) % rows;
    cl_heightfield_set(&hf, ei, ej, height(&in));
  }
  cull = fz_byte(&in) & 1;
  vr = fz_shape(&in, &r, CL_RAY, 0, &sc);
  kind = fz_byte(&in) % CL_NKINDS;
  vs = fz_shape(&in, &s, kind, 0, &sc);
  cl_mesh_init(&m);
  if (cl_mesh_reserve(&m, 4, 2)) {
    for (i = 0; i < 12; i++) {
      m.v[i] = fz_double(&in);
      if (!isfinite(m.v[i])) m.v[i] = 0;
    }
    for (i = 0; i < 6; i++) m.tri[i] = (uint32_t)(fz_byte(&in) % 4);
    okm = cl_mesh_build(&m);
  }
  cl_scale(mv, r.ray.d, (double)(fz_byte(&in) % 16));
  if (!vr) cl_set(mv, 0, 0, 0);

  count = cl_heightfield_count(&hf);
  /* the bounds of the existing triangles, by brute force */
  for (k = 0; k < 3; k++) { lo[k] = INFINITY; hi[k] = -INFINITY; }
  for (i = 0; i < count; i++) {
    int c;
    if (!cl_heightfield_triangle(&hf, i, &tri.tri)) continue;
    have = 1;
    for (c = 0; c < 3; c++)
      for (k = 0; k < 3; k++) {
        lo[k] = fmin(lo[k], tri.tri.v[c][k]);
        hi[k] = fmax(hi[k], tri.tri.v[c][k]);
      }
  }
  FZ_CHECK(cl_heightfield_bounds(&hf, &bx) == have, "heightfield bounds: empty or not", have);
  if (have)
    for (k = 0; k < 3; k++) {
      FZ_CHECK(bx.min[k] == lo[k], "heightfield bounds min", bx.min[k] - lo[k]);
      FZ_CHECK(bx.max[k] == hi[k], "heightfield bounds max", bx.max[k] - hi[k]);
    }

  check_lines(&hf, vs ? &s : NULL);

  /* as the mesh's fuzzer: exact agreement within the range of the no-NaN
  ** promise, where the triangle tests are more than rounding */
  if (hf.maxabs <= 1e100 && sc.maxabs <= 1e100 && (!okm || m.maxabs <= 1e100)) {
    if (vr) {
      hit = cl_heightfield_cast(&hf, &r.ray, cull, &hh, &idx);
      bhit = 0;
      for (i = 0; i < count; i++) {
        cl_hit hi2;
        if (cl_heightfield_triangle(&hf, i, &tri.tri) && cl_cast(&r.ray, &tri, cull, &hi2)
            && (!bhit || hi2.t < hb.t)) {
          bhit = 1; hb = hi2; bidx = i;
        }
      }
      FZ_CHECK(hit == bhit, "heightfield cast disagrees with the triangles", hit);
      if (hit) {
        FZ_CHECK(idx == bidx, "heightfield cast: not the lowest triangle hit first", (double)idx);
        FZ_CHECK(same_hit(&hh, &hb), "heightfield cast: hit data differ", hh.t - hb.t);
      }
      any = 0;
      for (i = 0; i < count && !any; i++)
        any = cl_heightfield_triangle(&hf, i, &tri.tri) && cl_intersects(&tri, &r);
      FZ_CHECK(cl_heightfield_intersects(&hf, &r) == any, "heightfield intersects ray", any);
    }
    if (vs) {
      nw = 0;
      for (i = 0; i < count; i++)
        if (cl_heightfield_triangle(&hf, i, &tri.tri) && cl_intersects(&tri, &s)) want[nw++] = (uint32_t)i;
      FZ_CHECK(cl_heightfield_intersects(&hf, &s) == (nw > 0), "heightfield intersects disagrees", nw);
      got.n = 0;
      FZ_CHECK(cl_heightfield_query(&hf, &s, collect, &got) == nw, "heightfield query count", nw);
      FZ_CHECK(got.n == nw, "heightfield query visits", got.n);
      for (i = 0; i < nw; i++) FZ_CHECK(got.list[i] == want[i], "heightfield query list", (double)i);
      if (kind == CL_SPHERE || kind == CL_CAPSULE || kind == CL_AABB || kind == CL_OBB) {
        hit = cl_heightfield_sweep(&hf, &s, mv, &hh, &idx);
        bhit = 0;
        for (i = 0; i < count; i++) {
          cl_hit hi2;
          if (cl_heightfield_triangle(&hf, i, &tri.tri) && cl_sweep(&s, mv, &tri, &hi2)
              && (!bhit || hi2.t < hb.t)) {
            bhit = 1; hb = hi2; bidx = i;
          }
        }
        FZ_CHECK(hit == bhit, "heightfield sweep disagrees with the triangles", hit);
        if (hit) {
          FZ_CHECK(idx == bidx, "heightfield sweep: not the lowest triangle hit first", (double)idx);
          FZ_CHECK(same_hit(&hh, &hb), "heightfield sweep: hit data differ", hh.t - hb.t);
        }
      }
    }
    if (okm) {
      any = 0;
      for (i = 0; i < count && !any; i++)
        any = cl_heightfield_triangle(&hf, i, &tri.tri) && cl_mesh_intersects(&m, &tri);
      FZ_CHECK(cl_heightfield_intersects_mesh(&hf, &m) == any, "heightfield-mesh disagrees", any);
    }
  }
  cl_mesh_free(&m);
  return 0;
}
