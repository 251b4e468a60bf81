/*
** mesh.c - a static triangle mesh in a bounding volume hierarchy: built
** once with binned SAH, traversed nearest-first by rays, and walked by
** overlap queries that run the exact pair tests of tests.c and rays.c on
** the triangles the tree cannot rule out, so a mesh answers exactly what
** the same test on every triangle would.
*/
#include <stdlib.h>
#include <string.h>
#include "mesh.h"

/* binned SAH (Wald, "On fast construction of SAH-based bounding volume
** hierarchies", 2007): NBINS bins per axis, costs relative to a triangle */
#define NBINS 16
#define COST_TRAVERSE 1.0
#define COST_TRIANGLE 1.5
/* below this depth SAH decides; deeper (only for pathological inputs) the
** node is split in halves, so depth stays under CL_MESH_MAX_DEPTH */
#define SAH_DEPTH 64

void cl_mesh_init(cl_mesh *m) {
  memset(m, 0, sizeof *m);
}

void cl_mesh_free(cl_mesh *m) {
  free(m->v);
  free(m->tri);
  free(m->order);
  free(m->node);
  cl_mesh_init(m);
}

/* malloc of n elements of size sz; NULL only on failure (n = 0 gives a
** pointer to free as well) */
static void *alloc_n(size_t n, size_t sz) {
  if (n > (size_t)-1 / sz) return NULL;
  return malloc(n ? n * sz : 1);
}

int cl_mesh_reserve(cl_mesh *m, size_t nv, size_t nt) {
  cl_mesh_free(m);
  if (nv > UINT32_MAX || nt > UINT32_MAX) return 0;
  m->v = (double *)alloc_n(nv, 3 * sizeof(double));
  m->tri = (uint32_t *)alloc_n(nt, 3 * sizeof(uint32_t));
  if (m->v == NULL || m->tri == NULL) { cl_mesh_free(m); return 0; }
  m->nv = nv;
  m->nt = nt;
  return 1;
}

size_t cl_mesh_memory(const cl_mesh *m) {
  return sizeof *m + m->nv * 3 * sizeof(double) + m->nt * 4 * sizeof(uint32_t)
       + m->nn * sizeof(cl_mesh_node);
}

static const double *vert(const cl_mesh *m, size_t tri, int k) {
  return m->v + 3 * (size_t)m->tri[3 * tri + k];
}

void cl_mesh_triangle(const cl_mesh *m, size_t i, cl_triangle *t) {
  cl_triangle_init(t, vert(m, i, 0), vert(m, i, 1), vert(m, i, 2));
}

int cl_mesh_bounds(const cl_mesh *m, cl_aabb *out) {
  if (m->nt == 0) return 0;
  cl_aabb_init(out, m->min, m->max);
  return 1;
}

/* ---------------------------------------------------------------------- */
/* construction                                                           */

typedef struct {
  cl_mesh *m;
  double *box;     /* per triangle: min x y z, max x y z */
  double *cen;     /* per triangle: centre of its box */
  size_t cap;      /* nodes allocated */
} builder;

/* half the surface area of a box: the SAH's measure */
static double half_area(const double lo[3], const double hi[3]) {
  double x = hi[0] - lo[0], y = hi[1] - lo[1], z = hi[2] - lo[2];
  return x * y + y * z + z * x;
}

static void empty_box(double lo[3], double hi[3]) {
  cl_set(lo, INFINITY, INFINITY, INFINITY);
  cl_set(hi, -INFINITY, -INFINITY, -INFINITY);
}

static void grow_box(double lo[3], double hi[3], const double blo[3], const double bhi[3]) {
  int k;
  for (k = 0; k < 3; k++) {
    if (blo[k] < lo[k]) lo[k] = blo[k];
    if (bhi[k] > hi[k]) hi[k] = bhi[k];
  }
}

/* the bin of centre c; anything at or past the top (or NaN) in the last */
static int bin_of(double c, double lo, double scale) {
  double t = (c - lo) * scale;
  if (!(t < NBINS)) return NBINS - 1;
  return t > 0 ? (int)t : 0;
}

typedef struct { int axis, bin; double cost; } split;

/* the cheapest binned SAH split of slots [first, first + count), cost as
** sum(area * count) of the two sides; axis -1 when no axis can be split */
static split find_split(const builder *b, uint32_t first, uint32_t count,
                        const double clo[3], const double chi[3]) {
  const uint32_t *ord = b->m->order;
  split best = {-1, 0, INFINITY};
  int k;
  for (k = 0; k < 3; k++) {
    double ext = chi[k] - clo[k], scale, lo[NBINS][3], hi[NBINS][3], right[NBINS];
    double alo[3], ahi[3];
    uint32_t n[NBINS], i, left_n, right_n[NBINS], acc;
    int j;
    if (!(ext > 0)) continue;
    scale = NBINS / ext;
    if (!(scale > 0 && scale < INFINITY)) continue;
    for (j = 0; j < NBINS; j++) { n[j] = 0; empty_box(lo[j], hi[j]); }
    for (i = first; i < first + count; i++) {
      const double *bx = b->box + 6 * (size_t)ord[i];
      j = bin_of(b->cen[3 * (size_t)ord[i] + k], clo[k], scale);
      n[j]++;
      grow_box(lo[j], hi[j], bx, bx + 3);
    }
    /* right[j]: area * count of bins j..NBINS-1 */
    empty_box(alo, ahi);
    acc = 0;
    for (j = NBINS - 1; j > 0; j--) {
      acc += n[j];
      if (n[j]) grow_box(alo, ahi, lo[j], hi[j]);
      right_n[j] = acc;
      right[j] = acc ? half_area(alo, ahi) * acc : 0;
    }
    empty_box(alo, ahi);
    left_n = 0;
    for (j = 0; j < NBINS - 1; j++) {
      double cost;
      left_n += n[j];
      if (n[j]) grow_box(alo, ahi, lo[j], hi[j]);
      if (left_n == 0 || right_n[j + 1] == 0) continue;
      cost = half_area(alo, ahi) * left_n + right[j + 1];
      if (cost < best.cost) { best.axis = k; best.bin = j; best.cost = cost; }
    }
  }
  return best;
}

static int add_node(builder *b) {
  cl_mesh *m = b->m;
  if (m->nn == b->cap) {
    size_t cap = b->cap ? 2 * b->cap : 64;
    cl_mesh_node *p = (cl_mesh_node *)realloc(m->node, cap * sizeof *p);
    if (p == NULL) return 0;
    m->node = p;
    b->cap = cap;
  }
  m->nn++;
  return 1;
}

/* builds the subtree over slots [first, first + count) depth-first and
** returns its node, or UINT32_MAX when out of memory */
static uint32_t build(builder *b, uint32_t first, uint32_t count, int depth) {
  cl_mesh *m = b->m;
  uint32_t *ord = m->order, idx, mid, i, left, right;
  double lo[3], hi[3], clo[3], chi[3];
  split s;
  if (!add_node(b)) return UINT32_MAX;
  idx = (uint32_t)(m->nn - 1);
  empty_box(lo, hi);
  empty_box(clo, chi);
  for (i = first; i < first + count; i++) {
    const double *bx = b->box + 6 * (size_t)ord[i], *c = b->cen + 3 * (size_t)ord[i];
    grow_box(lo, hi, bx, bx + 3);
    grow_box(clo, chi, c, c);
  }
  cl_copy(m->node[idx].min, lo);
  cl_copy(m->node[idx].max, hi);
  m->node[idx].first = first;
  m->node[idx].count = count;
  if (count == 1) return idx;
  s.axis = -1;
  if (depth < SAH_DEPTH) s = find_split(b, first, count, clo, chi);
  if (count <= CL_MESH_LEAF_MAX
      && (s.axis < 0 || !(COST_TRAVERSE * half_area(lo, hi) + COST_TRIANGLE * s.cost
                          < COST_TRIANGLE * count * half_area(lo, hi))))
    return idx;
  if (s.axis >= 0) {
    /* partition the slots by bin: bins <= s.bin go left */
    double scale = NBINS / (chi[s.axis] - clo[s.axis]);
    uint32_t j = first + count;
    i = first;
    while (i < j) {
      if (bin_of(b->cen[3 * (size_t)ord[i] + s.axis], clo[s.axis], scale) <= s.bin) i++;
      else { uint32_t t = ord[i]; ord[i] = ord[--j]; ord[j] = t; }
    }
    mid = i;
  } else {
    mid = first + count / 2;
  }
  m->node[idx].count = 0;
  left = build(b, first, mid - first, depth + 1);
  if (left == UINT32_MAX) return UINT32_MAX;
  right = build(b, mid, first + count - mid, depth + 1);
  if (right == UINT32_MAX) return UINT32_MAX;
  m->node[idx].first = right;
  return idx;
}

int cl_mesh_build(cl_mesh *m) {
  builder b;
  size_t t, ok;
  int k, j;
  free(m->order); m->order = NULL;
  free(m->node); m->node = NULL;
  m->nn = 0;
  cl_set(m->min, 0, 0, 0);
  cl_set(m->max, 0, 0, 0);
  m->maxabs = 0;
  if (m->nt == 0) return 1;
  b.m = m;
  b.cap = 0;
  b.box = (double *)alloc_n(m->nt, 6 * sizeof(double));
  b.cen = (double *)alloc_n(m->nt, 3 * sizeof(double));
  m->order = (uint32_t *)alloc_n(m->nt, sizeof(uint32_t));
  ok = b.box && b.cen && m->order;
  if (ok) {
    empty_box(m->min, m->max);
    for (t = 0; t < m->nt; t++) {
      double *bx = b.box + 6 * t;
      empty_box(bx, bx + 3);
      for (j = 0; j < 3; j++) grow_box(bx, bx + 3, vert(m, t, j), vert(m, t, j));
      /* halves first: no overflow for any finite box */
      for (k = 0; k < 3; k++) b.cen[3 * t + k] = bx[k] / 2 + bx[3 + k] / 2;
      grow_box(m->min, m->max, bx, bx + 3);
      m->order[t] = (uint32_t)t;
    }
    m->maxabs = cl_maxabs3(m->min) > cl_maxabs3(m->max) ? cl_maxabs3(m->min) : cl_maxabs3(m->max);
    ok = build(&b, 0, (uint32_t)m->nt, 0) != UINT32_MAX;
  }
  free(b.box);
  free(b.cen);
  if (ok && m->nn < b.cap) {   /* give back what the doubling left over */
    cl_mesh_node *p = (cl_mesh_node *)realloc(m->node, m->nn * sizeof *p);
    if (p != NULL) m->node = p;
  }
  if (!ok) {
    free(m->order); m->order = NULL;
    free(m->node); m->node = NULL;
    m->nn = 0;
  }
  return (int)ok;
}

/* ---------------------------------------------------------------------- */
/* queries                                                                */

/* Node boxes are grown by a pad before they are tested, so that a
** triangle which a pair test reports within its tolerance (a ray passing
** within epsilon * scale of a degenerate triangle, a skipped near-parallel
** axis) is never culled by its box: every tolerance in tests.c and rays.c
** is below epsilon * (1 + the largest coordinate involved) times a small
** factor. A pad that is not finite turns culling off. */
static double pad_of(double scale) {
  return 8 * CL_EPSILON * (1 + scale);
}

typedef struct {
  const cl_ray *r;
  double inv[3], pad;
  int mode[3];       /* 0: parallel to the slab, 1: multiply by inv, 2: divide */
  int all;           /* every node is hit (pad not finite) */
} ray_ctx;

static void ray_ctx_init(ray_ctx *c, const cl_mesh *m, const cl_ray *r) {
  int k;
  c->r = r;
  c->pad = pad_of(cl_maxabs3(r->o) + m->maxabs);
  c->all = !(m->maxabs + 2 * c->pad < INFINITY);
  for (k = 0; k < 3; k++) {
    c->inv[k] = r->d[k] != 0 ? 1 / r->d[k] : 0;
    c->mode[k] = r->d[k] == 0 ? 0 : (fabs(c->inv[k]) < INFINITY ? 1 : 2);
  }
}

/* slab test of the ray's part [0, limit] against a padded node box; the
** entry t clamped to 0 in *tnear */
static int ray_node(const ray_ctx *c, const cl_mesh_node *n, double limit, double *tnear) {
  double tn = 0, tf = limit;
  int k;
  if (c->all) { *tnear = 0; return 1; }
  for (k = 0; k < 3; k++) {
    double lo = n->min[k] - c->pad, hi = n->max[k] + c->pad, o = c->r->o[k], t1, t2;
    if (c->mode[k] == 0) {
      if (o < lo || o > hi) return 0;
      continue;
    }
    if (c->mode[k] == 1) { t1 = (lo - o) * c->inv[k]; t2 = (hi - o) * c->inv[k]; }
    else { t1 = (lo - o) / c->r->d[k]; t2 = (hi - o) / c->r->d[k]; }
    if (t1 > t2) { double s = t1; t1 = t2; t2 = s; }
    if (t1 > tn) tn = t1;
    if (t2 < tf) tf = t2;
    if (tn > tf) return 0;
  }
  *tnear = tn;
  return 1;
}

/* Nearest-first traversal (the nearer child first, the farther one pushed
** with its entry t, skipped when popped beyond the best hit so far). */
int cl_mesh_cast(const cl_mesh *m, const cl_ray *r, int cull, cl_hit *h, size_t *index) {
  struct { uint32_t node; double t; } stack[CL_MESH_MAX_DEPTH + 1];
  ray_ctx c;
  int sp = 0, found = 0;
  uint32_t cur = 0;
  double tn, limit = r->tmax;
  if (m->nt == 0) return 0;
  ray_ctx_init(&c, m, r);
  if (!ray_node(&c, &m->node[0], limit, &tn)) return 0;
  for (;;) {
    const cl_mesh_node *n = &m->node[cur];
    if (n->count) {
      uint32_t s;
      for (s = n->first; s < n->first + n->count; s++) {
        uint32_t t = m->order[s];
        cl_shape tri;
        cl_hit th;
        cl_mesh_triangle(m, t, &tri.tri);
        if (cl_cast(r, &tri, cull, &th)
            && (!found || th.t < h->t || (th.t == h->t && t < *index))) {
          *h = th;
          *index = t;
          found = 1;
          limit = th.t;
        }
      }
    } else {
      uint32_t a = cur + 1, b = n->first;
      double ta, tb;
      int ha = ray_node(&c, &m->node[a], limit, &ta), hb = ray_node(&c, &m->node[b], limit, &tb);
      if (ha && hb) {
        if (tb < ta) { uint32_t x = a; double y = ta; a = b; ta = tb; b = x; tb = y; }
        stack[sp].node = b;
        stack[sp].t = tb;
        sp++;
        cur = a;
        continue;
      }
      if (ha || hb) { cur = ha ? a : b; continue; }
    }
    /* ties at the best t are still visited: a lower index may hit there too */
    while (sp > 0 && stack[sp - 1].t > limit) sp--;
    if (sp == 0) return found;
    cur = stack[--sp].node;
  }
}

typedef struct {
  const cl_shape *s;
  cl_aabb sb;        /* the shape's bounds, when has_sb */
  int has_sb, all;
  double pad;
  ray_ctx ray;       /* when s is a ray */
} shape_ctx;

/* scale of a shape for the pad: its largest coordinate, roughly */
static double shape_scale(const cl_shape *s) {
  switch (s->tag) {
    case CL_AABB: return fmax(cl_maxabs3(s->aabb.min), cl_maxabs3(s->aabb.max));
    case CL_OBB: return cl_maxabs3(s->obb.c) + s->obb.e[0] + s->obb.e[1] + s->obb.e[2];
    case CL_PLANE: return fabs(s->plane.d);
    case CL_TRIANGLE:
      return fmax(cl_maxabs3(s->tri.v[0]), fmax(cl_maxabs3(s->tri.v[1]), cl_maxabs3(s->tri.v[2])));
    case CL_RAY: return cl_maxabs3(s->ray.o) + (s->ray.tmax < INFINITY ? s->ray.tmax : 0);
    case CL_SPHERE: return cl_maxabs3(s->sphere.c) + s->sphere.r;
    default: return INFINITY;
  }
}

static void shape_ctx_init(shape_ctx *q, const cl_mesh *m, const cl_shape *s) {
  q->s = s;
  q->pad = pad_of(m->maxabs + shape_scale(s));
  q->all = !(m->maxabs + 2 * q->pad < INFINITY);
  q->has_sb = s->tag != CL_PLANE && cl_bounds(s, &q->sb);
  if (s->tag == CL_RAY) {
    ray_ctx_init(&q->ray, m, &s->ray);
    q->ray.pad = q->pad;
    q->ray.all = q->all;
  }
}

/* can a triangle inside the node intersect the shape? */
static int shape_node(const shape_ctx *q, const cl_mesh_node *n) {
  cl_shape box;
  int k;
  double tn;
  if (q->all) return 1;
  box.aabb.tag = CL_AABB;
  for (k = 0; k < 3; k++) {
    box.aabb.min[k] = n->min[k] - q->pad;
    box.aabb.max[k] = n->max[k] + q->pad;
    if (q->has_sb && (box.aabb.min[k] > q->sb.max[k] || q->sb.min[k] > box.aabb.max[k]))
      return 0;
  }
  switch (q->s->tag) {
    case CL_AABB: return 1;
    case CL_RAY: return ray_node(&q->ray, n, q->s->ray.tmax, &tn);
    default: return cl_intersects(&box, q->s);
  }
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* depth-first walk; with out == NULL stops at the first triangle found */
static size_t walk(const cl_mesh *m, const cl_shape *s, uint32_t *out) {
  uint32_t stack[CL_MESH_MAX_DEPTH + 1], cur = 0;
  int sp = 0;
  size_t found = 0;
  shape_ctx q;
  if (m->nt == 0) return 0;
  shape_ctx_init(&q, m, s);
  if (!shape_node(&q, &m->node[0])) return 0;
  for (;;) {
    const cl_mesh_node *n = &m->node[cur];
    if (n->count) {
      uint32_t i;
      for (i = n->first; i < n->first + n->count; i++) {
        cl_shape tri;
        cl_mesh_triangle(m, m->order[i], &tri.tri);
        if (cl_intersects(&tri, s)) {
          if (out == NULL) return 1;
          out[found++] = m->order[i];
        }
      }
    } else {
      uint32_t a = cur + 1, b = n->first;
      int ha = shape_node(&q, &m->node[a]), hb = shape_node(&q, &m->node[b]);
      if (ha && hb) { stack[sp++] = b; cur = a; continue; }
      if (ha || hb) { cur = ha ? a : b; continue; }
    }
    if (sp == 0) break;
    cur = stack[--sp];
  }
  if (found > 1) qsort(out, found, sizeof *out, cmp_u32);
  return found;
}

int cl_mesh_intersects(const cl_mesh *m, const cl_shape *s) {
  return walk(m, s, NULL) != 0;
}

size_t cl_mesh_query(const cl_mesh *m, const cl_shape *s, uint32_t *out) {
  return walk(m, s, out);
}

static int nodes_overlap(const cl_mesh_node *a, const cl_mesh_node *b, double pad) {
  int k;
  for (k = 0; k < 3; k++)
    if (a->min[k] - pad > b->max[k] + pad || b->min[k] - pad > a->max[k] + pad) return 0;
  return 1;
}

/* simultaneous descent of both trees, the bigger node split first */
int cl_mesh_intersects_mesh(const cl_mesh *a, const cl_mesh *b) {
  struct { uint32_t i, j; } stack[2 * CL_MESH_MAX_DEPTH + 2];
  int sp = 0, all;
  double pad;
  if (a->nt == 0 || b->nt == 0) return 0;
  pad = pad_of(a->maxabs + b->maxabs);
  all = !(a->maxabs + b->maxabs + 2 * pad < INFINITY);
  stack[0].i = 0; stack[0].j = 0; sp = 1;
  while (sp > 0) {
    const cl_mesh_node *na, *nb;
    uint32_t i, j;
    sp--;
    i = stack[sp].i; j = stack[sp].j;
    na = &a->node[i]; nb = &b->node[j];
    if (!all && !nodes_overlap(na, nb, pad)) continue;
    if (na->count && nb->count) {
      uint32_t x, y;
      for (x = na->first; x < na->first + na->count; x++) {
        cl_shape ta;
        cl_mesh_triangle(a, a->order[x], &ta.tri);
        for (y = nb->first; y < nb->first + nb->count; y++) {
          cl_shape tb;
          cl_mesh_triangle(b, b->order[y], &tb.tri);
          if (cl_intersects(&ta, &tb)) return 1;
        }
      }
    } else if (nb->count || (!na->count && half_area(na->min, na->max) >= half_area(nb->min, nb->max))) {
      stack[sp].i = i + 1; stack[sp].j = j; sp++;
      stack[sp].i = na->first; stack[sp].j = j; sp++;
    } else {
      stack[sp].i = i; stack[sp].j = j + 1; sp++;
      stack[sp].i = i; stack[sp].j = nb->first; sp++;
    }
  }
  return 0;
}
