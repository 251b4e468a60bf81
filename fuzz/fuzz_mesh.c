/*
** fuzz_mesh.c - the triangle mesh's hierarchy (src/geometry/mesh.c) against the same
** test run on every triangle, which mesh.h promises to match exactly.
**
** Input: counts (vertices 1..32, triangles 1..48), the vertices (any finite
** numbers: mesh.h requires finite coordinates), the vertex index bytes, a
** cull byte, a ray, a query shape of any kind (swept along the ray's
** direction when it can move), and a second small mesh.
** Properties:
**  - cl_mesh_cast: hit exactly when some triangle's cl_cast hits; the same t,
**    point, normal, u, v and the lowest index among the triangles hit at
**    that t;
**  - cl_mesh_intersects == some cl_intersects(triangle, shape);
**  - cl_mesh_query == the increasing list of those triangles;
**  - cl_mesh_intersects_mesh == some pair of triangles intersects;
**  - over the triangles gathered near the swept shape (cl_mesh_near_gather,
**    a margin from the input), cl_mesh_sweep_near answers as cl_mesh_sweep,
**    cl_mesh_visit_near visits the triangles cl_mesh_query lists, and
**    cl_mesh_sweep_each_near hands those of the swept bounds' that the
**    sweep hits, each with its cl_sweep hit, and
**    cl_mesh_sweep_each_near_until those of them up to its limit (the
**    whole motion, or the least t handed so far), nearest first, each
**    with the same hit and its place in that order;
**  - the bounds hold every vertex of every triangle;
**  - cl_mesh_lines_fill, within the query shape's bounds (over every
**    triangle when it has none), writes the edges of the triangles whose bounds meet them,
**    in index order, as they are tested here one by one, bit for bit.
*/
#include "fuzz_common.h"
#include "collide/mesh.h"
#include "mesh_near.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* a mesh of nv vertices and nt triangles from the input (a non-finite
** number becomes 0: the binding accepts finite coordinates only); 1, or -1
** when out of memory */
static int read_mesh(fz_in *in, cl_mesh *m, size_t nv, size_t nt) {
  size_t i;
  cl_mesh_init(m);
  if (!cl_mesh_reserve(m, nv, nt)) return -1;
  for (i = 0; i < 3 * nv; i++) {
    m->v[i] = fz_double(in);
    if (!isfinite(m->v[i])) m->v[i] = 0;
  }
  for (i = 0; i < 3 * nt; i++) m->tri[i] = (uint32_t)(fz_byte(in) % nv);
  if (!cl_mesh_build(m)) return -1;
  return 1;
}

static int same_hit(const cl_hit *a, const cl_hit *b) {
  /* memcmp-like: the same test on the same triangle gives the same bits */
  return a->t == b->t && a->p[0] == b->p[0] && a->p[1] == b->p[1] && a->p[2] == b->p[2]
      && a->n[0] == b->n[0] && a->n[1] == b->n[1] && a->n[2] == b->n[2]
      && a->u == b->u && a->v == b->v;
}

typedef struct { uint32_t idx[64]; cl_hit h[64]; size_t n; } seen;
static int note(void *ud, const cl_triangle *t, size_t index) {
  seen *v = ud;
  (void)t;
  if (v->n < 64) v->idx[v->n] = (uint32_t)index;
  v->n++;
  return 1;
}
static void note_hit(void *ud, const cl_triangle *t, size_t index, const cl_hit *h) {
  seen *v = ud;
  if (v->n < 64) v->h[v->n] = *h;
  (void)note(ud, t, index);
}
/* where triangle i is in v, or -1 */
static int has(const seen *v, uint32_t i) {
  size_t k;
  for (k = 0; k < v->n && k < 64; k++)
    if (v->idx[k] == i) return (int)k;
  return -1;
}

/* what cl_mesh_sweep_each_near_until handed: each triangle, its hit, its
** place in the visit's order; with lower, the limit follows the least t */
typedef struct {
  uint32_t idx[64];
  size_t order[64];
  cl_hit h[64];
  size_t n;
  double limit;
  int lower;
} until_seen;
static void note_until(void *ud, const cl_triangle *t, size_t index, size_t order,
                       const cl_hit *h) {
  until_seen *u = ud;
  (void)t;
  FZ_CHECK(h->t <= u->limit, "sweep each until: a hit past the limit", h->t - u->limit);
  if (u->n < 64) { u->idx[u->n] = (uint32_t)index; u->order[u->n] = order; u->h[u->n] = *h; }
  u->n++;
  if (u->lower && h->t < u->limit) u->limit = h->t;
}

/* cl_mesh_sweep_each_near_until against cl_mesh_sweep_each_near's hits
** (all): every handed triangle is one of them with the same hit, in the
** same relative order of the visit; every one at t up to the final limit
** is handed (all of them when the limit stays at 1) */
static void until_checks(const cl_mesh *m, const cl_mesh_near *nr, const cl_shape *box,
                         const cl_shape *s, const double mv[3], const seen *all, int lower) {
  until_seen u;
  size_t k, j, in = 0;
  u.n = 0;
  u.limit = 1;
  u.lower = lower;
  if (cl_mesh_sweep_each_near_until(m, nr, box, s, mv, &u.limit, note_until, &u) < 0) return;
  FZ_CHECK(u.n <= all->n, "sweep each until handed more", (double)u.n - (double)all->n);
  for (k = 0; k < u.n && k < 64; k++) {
    int at = has(all, u.idx[k]);
    FZ_CHECK(at >= 0, "sweep each until handed a triangle not hit", (double)u.idx[k]);
    if (at < 0) continue;
    FZ_CHECK(same_hit(&u.h[k], &all->h[at]), "sweep each until: hit data differ", (double)k);
    for (j = 0; j < u.n && j < 64; j++) {
      int bt = has(all, u.idx[j]);
      if (bt >= 0 && (bt < at) != (u.order[j] < u.order[k]))
        FZ_CHECK(0, "sweep each until: the visit's order differs", (double)j);
    }
  }
  for (k = 0; k < all->n && k < 64; k++) {
    size_t i;
    int got = 0;
    if (!(all->h[k].t <= u.limit)) continue;
    in++;
    for (i = 0; i < u.n && i < 64; i++) got |= u.idx[i] == all->idx[k];
    FZ_CHECK(got, "sweep each until missed a hit within its limit", (double)k);
  }
  if (!lower) FZ_CHECK(u.n == all->n, "sweep each until: not every hit", (double)u.n - (double)in);
}

/* the gathered triangles near s swept by mv (its bounds grown by margin)
** answer as the mesh's walk: hit, h, idx its sweep's, q (nq) its query */
static void near_checks(const cl_mesh *m, const cl_shape *s, const double mv[3], double margin,
                        int hit, const cl_hit *h, size_t idx, const uint32_t *q, size_t nq) {
  static uint32_t slots[64];
  static cl_triangle tris[64];
  cl_mesh_near nr;
  cl_aabb b;
  cl_shape box, tri;
  cl_hit hn;
  size_t in = 0, i, k;
  seen v;
  int k3;
  if (!cl_bounds(s, &b)) return;
  for (k3 = 0; k3 < 3; k3++) {
    b.min[k3] += (mv[k3] < 0 ? mv[k3] : 0) - margin;
    b.max[k3] += (mv[k3] > 0 ? mv[k3] : 0) + margin;
  }
  if (!cl_mesh_near_gather(m, &b, slots, 64, (m->nt & 1) ? tris : NULL, 64, &nr)) return;
  in = cl_mesh_sweep_near(m, &nr, s, mv, &hn, &i);
  FZ_CHECK((int)in == hit, "near sweep disagrees with the mesh sweep", hit);
  if (hit && in) {
    FZ_CHECK(i == idx, "near sweep: another triangle", (double)i);
    FZ_CHECK(same_hit(&hn, h), "near sweep: hit data differ", hn.t - h->t);
  }
  v.n = 0;
  (void)cl_mesh_visit_near(m, &nr, s, note, &v);
  FZ_CHECK(v.n == nq, "near visit count", (double)v.n - (double)nq);
  for (k = 0; k < nq && k < 64; k++) FZ_CHECK(has(&v, q[k]) >= 0, "near visit missed", (double)k);
  /* the swept bounds' triangles that the sweep hits */
  box.aabb.tag = CL_AABB;
  (void)cl_bounds(s, &box.aabb);
  for (k3 = 0; k3 < 3; k3++) {
    box.aabb.min[k3] += mv[k3] < 0 ? mv[k3] : 0;
    box.aabb.max[k3] += mv[k3] > 0 ? mv[k3] : 0;
  }
  v.n = 0;
  if (cl_mesh_sweep_each_near(m, &nr, &box, s, mv, note_hit, &v) < 0) return;
  in = 0;
  for (i = 0; i < m->nt; i++) {
    cl_hit hi;
    int at;
    cl_mesh_triangle(m, i, &tri.tri);
    if (!cl_intersects(&tri, &box) || !cl_sweep(s, mv, &tri, &hi)) continue;
    in++;
    at = has(&v, (uint32_t)i);
    FZ_CHECK(at >= 0, "sweep each missed a triangle hit", (double)i);
    if (at >= 0) FZ_CHECK(same_hit(&v.h[at], &hi), "sweep each: hit data differ", (double)i);
  }
  FZ_CHECK(v.n == in, "sweep each handed a triangle not hit", (double)v.n - (double)in);
  until_checks(m, &nr, &box, s, mv, &v, 0);
  until_checks(m, &nr, &box, s, mv, &v, 1);
}

/* the mesh's debug lines within the bounds of s (every triangle when s
** is NULL or has none), against the triangles tested one by one */
static void check_lines(const cl_mesh *m, const cl_shape *s) {
  static double got[48 * 18], want[48 * 18];
  cl_aabb b;
  const cl_aabb *box = NULL;
  size_t i, n, nw;
  double *w = want;
  if (s != NULL && cl_bounds(s, &b)) box = &b;
  for (i = 0; i < m->nt; i++)
    w = fz_tri_lines(w, m->v + 3 * m->tri[3 * i], m->v + 3 * m->tri[3 * i + 1],
                     m->v + 3 * m->tri[3 * i + 2], box);
  nw = (size_t)(w - want) / 6;
  n = cl_mesh_lines_count(m, box);
  FZ_CHECK(n == nw, "mesh lines count", (double)n - (double)nw);
  FZ_CHECK(cl_mesh_lines_fill(m, box, got) == n, "mesh lines fill count", (double)n);
  for (i = 0; i < 6 * n; i++) FZ_CHECK(got[i] == want[i], "mesh lines differ", (double)i);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = {data, size};
  cl_mesh m, m2;
  cl_shape r, s, tri;
  cl_hit h, hb;
  fz_scale sc = {0, INFINITY};
  static uint32_t out[64], want[64];
  size_t nv = 1 + fz_byte(&in) % 32, nt = 1 + fz_byte(&in) % 48, i, j, idx, bidx = 0, n, nw;
  size_t nv2, nt2;
  int ok, ok2, cull, hit, bhit, kind, vr, vs, any;
  cl_aabb bx;

  ok = read_mesh(&in, &m, nv, nt);
  if (ok < 0) { cl_mesh_free(&m); return 0; }
  cull = fz_byte(&in) & 1;
  vr = fz_shape(&in, &r, CL_RAY, 0, &sc);
  kind = fz_byte(&in) % CL_NKINDS;
  vs = fz_shape(&in, &s, kind, 0, &sc);
  nv2 = 1 + fz_byte(&in) % 6;
  nt2 = 1 + fz_byte(&in) % 4;
  ok2 = read_mesh(&in, &m2, nv2, nt2);

  /* mesh.h promises the per-triangle answers exactly. Beyond 1e100 (the
  ** range of the no-NaN promise, doc/robustness.md) the triangle
  ** tests themselves give answers of rounding only (a triangle 1e12 wide
  ** "hit" by a ray passing 1e300 away), which the hierarchy's boxes rightly
  ** cull: compare there only what does not depend on them. */
  if (ok && m.maxabs <= 1e100 && (ok2 <= 0 || m2.maxabs <= 1e100) && sc.maxabs <= 1e100) {
    if (cl_mesh_bounds(&m, &bx)) {
      for (i = 0; i < 3 * nt; i++)
        for (j = 0; j < 3; j++) {
          double x = m.v[3 * m.tri[i] + j];
          FZ_CHECK(x >= bx.min[j] && x <= bx.max[j], "vertex outside the mesh bounds", x);
        }
    }
    if (vr) {
      hit = cl_mesh_cast(&m, &r.ray, cull, &h, &idx);
      bhit = 0;
      for (i = 0; i < nt; i++) {
        cl_hit hi;
        cl_mesh_triangle(&m, i, &tri.tri);
        if (cl_cast(&r.ray, &tri, cull, &hi) && (!bhit || hi.t < hb.t)) {
          bhit = 1; hb = hi; bidx = i;
        }
      }
      if (getenv("FZ_VERBOSE") && hit != bhit) {
        fz_print("ray", &r);
        for (i = 0; i < nt; i++) { cl_mesh_triangle(&m, i, &tri.tri); fz_print("t", &tri); }
        if (bhit) fprintf(stderr, "brute: t %.17g index %zu\n", hb.t, bidx);
      }
      FZ_CHECK(hit == bhit, "mesh cast disagrees with the triangles", hit);
      if (hit) {
        FZ_CHECK(idx == bidx, "mesh cast: not the lowest triangle hit first", (double)idx);
        FZ_CHECK(same_hit(&h, &hb), "mesh cast: hit data differ", h.t - hb.t);
      }
    }
    if (vs) {
      any = 0; nw = 0;
      for (i = 0; i < nt; i++) {
        cl_mesh_triangle(&m, i, &tri.tri);
        if (cl_intersects(&tri, &s)) { any = 1; want[nw++] = (uint32_t)i; }
      }
      FZ_CHECK(cl_mesh_intersects(&m, &s) == any, "mesh intersects disagrees", any);
      n = cl_mesh_query(&m, &s, out);
      if (getenv("FZ_VERBOSE") && n != nw) {
        fz_print("shape", &s);
        for (i = 0; i < nt; i++) { cl_mesh_triangle(&m, i, &tri.tri); fz_print("t", &tri); }
      }
      FZ_CHECK(n == nw, "mesh query count", (double)n - (double)nw);
      for (i = 0; i < n; i++) FZ_CHECK(out[i] == want[i], "mesh query list", (double)i);
      if (kind == CL_SPHERE || kind == CL_CAPSULE || kind == CL_AABB || kind == CL_OBB) {
        /* the shape swept along the ray's direction times a length from
        ** the input: the nearest of the triangles' sweeps, lowest index */
        double mv[3];
        cl_scale(mv, r.ray.d, (double)(fz_byte(&in) % 16));
        if (!vr) cl_set(mv, 0, 0, 0);
        hit = cl_mesh_sweep(&m, &s, mv, &h, &idx);
        bhit = 0;
        for (i = 0; i < nt; i++) {
          cl_hit hi;
          cl_mesh_triangle(&m, i, &tri.tri);
          if (cl_sweep(&s, mv, &tri, &hi) && (!bhit || hi.t < hb.t)) {
            bhit = 1; hb = hi; bidx = i;
          }
        }
        FZ_CHECK(hit == bhit, "mesh sweep disagrees with the triangles", hit);
        if (hit) {
          FZ_CHECK(idx == bidx, "mesh sweep: not the lowest triangle hit first", (double)idx);
          if (getenv("FZ_VERBOSE")) {
            fz_print("mover", &s);
            fprintf(stderr, "h %.17g p %g %g %g n %g %g %g | %g %g %g n %g %g %g d %g %g %g\n", h.t,
                    h.p[0], h.p[1], h.p[2], h.n[0], h.n[1], h.n[2], hb.p[0], hb.p[1], hb.p[2],
                    hb.n[0], hb.n[1], hb.n[2], mv[0], mv[1], mv[2]);
          }
          FZ_CHECK(same_hit(&h, &hb), "mesh sweep: hit data differ", h.t - hb.t);
          FZ_CHECK(!isnan(h.t) && fz_nonan(h.p, 3) && fz_nonan(h.n, 3), "mesh sweep NaN", h.t);
        }
        near_checks(&m, &s, mv, (double)(fz_byte(&in) % 8) / 4, hit, &h, idx, out, n);
      }
    }
    if (ok2 > 0) {
      cl_shape t2;
      any = 0;
      for (i = 0; i < nt && !any; i++) {
        cl_mesh_triangle(&m, i, &tri.tri);
        for (j = 0; j < nt2 && !any; j++) {
          cl_mesh_triangle(&m2, j, &t2.tri);
          any = cl_intersects(&tri, &t2);
        }
      }
      if (getenv("FZ_VERBOSE") && cl_mesh_intersects_mesh(&m, &m2) != any) {
        for (i = 0; i < nt; i++) { cl_mesh_triangle(&m, i, &tri.tri); fz_print("a", &tri); }
        for (j = 0; j < nt2; j++) { cl_mesh_triangle(&m2, j, &t2.tri); fz_print("b", &t2); }
      }
      FZ_CHECK(cl_mesh_intersects_mesh(&m, &m2) == any, "mesh-mesh disagrees", any);
    }
  }
  if (ok) check_lines(&m, vs ? &s : NULL);
  cl_mesh_free(&m);
  cl_mesh_free(&m2);
  return 0;
}
