/*
** mesh.c - a static triangle mesh in a bounding volume hierarchy: built
** once with binned SAH, traversed nearest-first by rays, and walked by
** overlap queries that run the exact pair tests of tests.c and rays.c on
** the triangles the tree cannot rule out, so a mesh answers exactly what
** the same test on every triangle would.
*/
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "mesh.h"
#include "fbox.h"
#include "gjk.h"

/* binned SAH (Wald, "On fast construction of SAH-based bounding volume
** hierarchies", 2007): NBINS bins per axis, costs relative to a triangle */
#define NBINS 16
#define COST_TRAVERSE 1.0
#define COST_TRIANGLE 0.4
/* below this depth SAH decides; deeper (only for pathological inputs) the
** node is split in halves, so depth stays under CL_MESH_MAX_DEPTH */
#define SAH_DEPTH 64

void cl_mesh_init(cl_mesh *m) {
  memset(m, 0, sizeof *m);
}

void cl_mesh_use(cl_mesh *m, double *v, size_t nv, uint32_t *tri, size_t nt) {
  cl_mesh_init(m);
  m->v = v;
  m->tri = tri;
  m->nv = nv;
  m->nt = nt;
}

static void free_tree(cl_mesh *m) {
  if (m->owns_tree) free(m->node_mem);
  m->node_mem = NULL;
  m->node = NULL;
  m->order = NULL;
  m->nn = 0;
  m->owns_tree = 0;
}

void cl_mesh_free(cl_mesh *m) {
  free_tree(m);
  if (m->owns_input) {
    free(m->v);
    free(m->tri);
  }
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
  m->owns_input = 1;
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
  double *box;            /* per triangle: min x y z, max x y z */
  double *cen;            /* per triangle: centre of its box */
  cl_mesh_node *node;     /* nodes while building */
  size_t cap;             /* room for nodes: nt - 1 (a binary tree of nt
                          ** nonempty leaves), at least 1 */
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

/* a new node's index, or UINT32_MAX when there is no room (every split
** leaves both sides nonempty, so there always is) */
static uint32_t add_node(builder *b) {
  cl_mesh *m = b->m;
  if (m->nn == b->cap) return UINT32_MAX;
  return (uint32_t)m->nn++;
}

/* Builds the subtree over slots [first, first + count) depth-first: a leaf
** (*child = first, *ccount = count) or an inner node (*child its index,
** *ccount = 0), with its bounds in lo, hi. 0 when out of memory. */
static int build(builder *b, uint32_t first, uint32_t count, int depth,
                 uint32_t *child, uint32_t *ccount, double lo[3], double hi[3]) {
  uint32_t *ord = b->m->order, idx, mid, i, c, cc;
  double clo[3], chi[3], area, clo2[3], chi2[3];
  split s;
  int side;
  empty_box(lo, hi);
  empty_box(clo, chi);
  for (i = first; i < first + count; i++) {
    const double *bx = b->box + 6 * (size_t)ord[i], *ce = b->cen + 3 * (size_t)ord[i];
    grow_box(lo, hi, bx, bx + 3);
    grow_box(clo, chi, ce, ce);
  }
  *child = first;
  *ccount = count;
  if (count == 1) return 1;
  s.axis = -1;
  s.cost = INFINITY;
  if (depth < SAH_DEPTH) s = find_split(b, first, count, clo, chi);
  area = half_area(lo, hi);
  if (count <= CL_MESH_LEAF_MAX
      && (s.axis < 0 || !(COST_TRAVERSE * area + COST_TRIANGLE * s.cost
                          < COST_TRIANGLE * count * area)))
    return 1;
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
  idx = add_node(b);
  if (idx == UINT32_MAX) return 0;
  for (side = 0; side < 2; side++) {
    uint32_t f = side ? mid : first, n = side ? first + count - mid : mid - first;
    if (!build(b, f, n, depth + 1, &c, &cc, clo2, chi2)) return 0;
    b->node[idx].child[side] = c;   /* b->node may have moved */
    b->node[idx].count[side] = cc;
    cl_fbox_store(b->node[idx].lo[side], b->node[idx].hi[side], clo2, chi2);
  }
  *child = idx;
  *ccount = 0;
  return 1;
}

/* the scratch of a build: boxes (6 doubles a triangle), centres (3), the
** order (padded to 8 bytes), then the nodes from a 64-byte boundary */
static size_t node_cap(size_t nt) { return nt > 1 ? nt - 1 : 1; }

static size_t order_bytes(size_t nt) { return (nt * sizeof(uint32_t) + 7) / 8 * 8; }

size_t cl_mesh_build_size(size_t nt) {
  if (nt > UINT32_MAX || nt > ((size_t)-1 - 128) / (9 * sizeof(double) + 8 + sizeof(cl_mesh_node)))
    return 0;
  return nt * 9 * sizeof(double) + order_bytes(nt) + node_cap(nt) * sizeof(cl_mesh_node) + 64;
}

static cl_mesh_node *align64(void *p) {
  return (cl_mesh_node *)(void *)(((uintptr_t)p + 63) & ~(uintptr_t)63);
}

int cl_mesh_build_in(cl_mesh *m, void *scratch) {
  builder b;
  size_t t;
  uint32_t c, cc;
  int k, j;
  free_tree(m);
  cl_set(m->min, 0, 0, 0);
  cl_set(m->max, 0, 0, 0);
  cl_fbox_store(m->rlo, m->rhi, m->min, m->max);
  m->maxabs = 0;
  if (m->nt == 0) return 1;
  if (cl_mesh_build_size(m->nt) == 0) return 0;
  b.m = m;
  b.box = (double *)scratch;
  b.cen = b.box + 6 * m->nt;
  m->order = (uint32_t *)(void *)(b.cen + 3 * m->nt);
  b.node = align64((char *)m->order + order_bytes(m->nt));
  b.cap = node_cap(m->nt);
  m->node_mem = scratch;
  for (t = 0; t < m->nt; t++) {
    double *bx = b.box + 6 * t;
    empty_box(bx, bx + 3);
    for (j = 0; j < 3; j++) grow_box(bx, bx + 3, vert(m, t, j), vert(m, t, j));
    /* halves first: no overflow for any finite box */
    for (k = 0; k < 3; k++) b.cen[3 * t + k] = bx[k] / 2 + bx[3 + k] / 2;
    m->order[t] = (uint32_t)t;
  }
  if (!build(&b, 0, (uint32_t)m->nt, 0, &c, &cc, m->min, m->max)) {
    m->order = NULL;
    m->node_mem = NULL;
    m->nn = 0;
    return 0;
  }
  m->node = m->nn > 0 ? b.node : NULL;
  cl_fbox_store(m->rlo, m->rhi, m->min, m->max);
  m->maxabs = fmax(cl_maxabs3(m->min), cl_maxabs3(m->max));
  return 1;
}

/* kept: the nodes from a 64-byte boundary, so that every node is one
** cache line, then the order */
size_t cl_mesh_tree_size(const cl_mesh *m) {
  return m->nt == 0 ? 0 : 64 + m->nn * sizeof(cl_mesh_node) + m->nt * sizeof(uint32_t);
}

void cl_mesh_keep(cl_mesh *m, void *dst) {
  cl_mesh_node *node;
  uint32_t *order;
  if (m->nt == 0) return;
  node = align64(dst);
  order = (uint32_t *)(void *)(node + m->nn);
  if (m->nn > 0) memcpy(node, m->node, m->nn * sizeof(cl_mesh_node));
  memcpy(order, m->order, m->nt * sizeof(uint32_t));
  if (m->owns_tree) free(m->node_mem);
  m->node_mem = dst;
  m->node = m->nn > 0 ? node : NULL;
  m->order = order;
  m->owns_tree = 0;
}

int cl_mesh_build(cl_mesh *m) {
  size_t size = cl_mesh_build_size(m->nt), keep;
  void *scratch, *dst;
  free_tree(m);
  if (size == 0) return 0;
  scratch = malloc(size);
  if (scratch == NULL) return 0;
  if (!cl_mesh_build_in(m, scratch)) { free(scratch); return 0; }
  if (m->nt == 0) { free(scratch); return 1; }
  keep = cl_mesh_tree_size(m);
  dst = malloc(keep > 0 ? keep : 1);
  if (dst == NULL) {
    free(scratch);
    free_tree(m);
    return 0;
  }
  cl_mesh_keep(m, dst);
  m->owns_tree = 1;
  free(scratch);
  return 1;
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

/* a child of the traversal: an inner node (count 0) or a leaf, with the
** entry t of a ray into its box */
typedef struct { uint32_t child, count; double t; } ref;

/* pushes the children of n that were entered (h0, h1 at t0, t1), the
** nearer last so it is walked first; returns the new stack size */
static int push_near_first(ref *stack, int sp, const cl_mesh_node *n, int h0, int h1, double t0,
                           double t1) {
  int near = h0 && h1 && t1 < t0;   /* the side walked first */
  if (h0 && h1) {
    stack[sp].child = n->child[!near]; stack[sp].count = n->count[!near];
    stack[sp].t = near ? t0 : t1;
    sp++;
  }
  if (h0 || h1) {
    int side = h0 && h1 ? near : h1;
    stack[sp].child = n->child[side]; stack[sp].count = n->count[side];
    stack[sp].t = side ? t1 : t0;
    sp++;
  }
  return sp;
}

typedef struct {
  const cl_ray *r;
  double inv[3], pad;
  int mode[3];       /* 0: parallel to the slab, 1: multiply by inv, 2: divide */
  int all;           /* every box is hit (pad not finite) */
} ray_ctx;

static void ray_ctx_init(ray_ctx *c, const cl_mesh *m, const cl_ray *r, double scale) {
  int k;
  c->r = r;
  c->pad = pad_of(scale);
  c->all = !(m->maxabs + 2 * c->pad < INFINITY);
  for (k = 0; k < 3; k++) {
    c->inv[k] = r->d[k] != 0 ? 1 / r->d[k] : 0;
    c->mode[k] = r->d[k] == 0 ? 0 : (fabs(c->inv[k]) < INFINITY ? 1 : 2);
  }
}

/* slab test of the ray's part [0, limit] against a padded box; the entry t
** clamped to 0 in *tnear */
static int ray_box(const ray_ctx *c, const float blo[3], const float bhi[3], double limit,
                   double *tnear) {
  double tn = 0, tf = limit;
  int k;
  if (c->all) { *tnear = 0; return 1; }
  for (k = 0; k < 3; k++) {
    double lo = blo[k] - c->pad, hi = bhi[k] + c->pad, o = c->r->o[k], t1, t2;
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

/* 1 when cl_cast certainly misses triangle a, b, c, or hits it beyond
** limit; 0 when unsure. For a triangle far from degenerate and from
** parallel to the ray, cl_cast decides by the signs of three edge functions
** (rays.c); they are computed here the same way, and a miss is declared
** only when one is negative and one positive by far more than rounding
** (whose size is set by the largest coordinate relative to the origin). */
static int surely_missed(const cl_ray *r, const double *a, const double *b, const double *c,
                         int cull, double limit) {
  double e1[3], e2[3], e3[3], cr[3], A[3], B[3], C[3], x[3], l2, cr2, dd, m, w[3], lo, hi, t;
  cl_sub(e1, b, a);
  cl_sub(e2, c, a);
  cl_sub(e3, c, b);
  l2 = fmax(cl_dot(e1, e1), fmax(cl_dot(e2, e2), cl_dot(e3, e3)));
  if (!(l2 > 1e-140 && l2 < 1e140)) return 0;
  cl_cross(cr, e1, e2);
  cr2 = cl_dot(cr, cr);
  /* degenerate for cl_triangle_init: |cr| <= 1e-9 L^2 */
  if (!(cr2 > 1e-10 * l2 * l2)) return 0;
  dd = cl_dot(cr, r->d);
  /* in the plane for cl_cast: |dot(e1, d x e2)| <= 1e-9 |cr| */
  if (!(dd * dd > 1e-10 * cr2)) return 0;
  if (cull && dd > 0) return 1;            /* facing away */
  cl_sub(A, a, r->o);
  cl_sub(B, b, r->o);
  cl_sub(C, c, r->o);
  m = fmax(cl_maxabs3(A), fmax(cl_maxabs3(B), cl_maxabs3(C)));
  if (!(m < 1e140)) return 0;
  cl_cross(x, B, C); w[0] = cl_dot(r->d, x);
  cl_cross(x, C, A); w[1] = cl_dot(r->d, x);
  cl_cross(x, A, B); w[2] = cl_dot(r->d, x);
  lo = fmin(w[0], fmin(w[1], w[2]));
  hi = fmax(w[0], fmax(w[1], w[2]));
  if (lo < -1e-9 * m * m && hi > 1e-9 * m * m) return 1;
  t = cl_dot(cr, A) / dd;
  return t - limit > 1e-8 * m;
}

/* Nearest-first traversal: of two children the nearer is visited first and
** a child is skipped when its box is entered beyond the best hit so far
** (ties at the best t are still visited: a lower index may hit there).
** With any set (s the ray as a shape), stops at the first triangle that
** intersects the ray by cl_intersects. */
static int ray_walk(const cl_mesh *m, const cl_ray *r, int cull, const cl_shape *any,
                    cl_hit *h, size_t *index) {
  ref stack[CL_MESH_MAX_DEPTH + 2];
  ray_ctx c;
  int sp = 0, found = 0;
  double limit = r->tmax, tn;
  if (m->nt == 0) return 0;
  ray_ctx_init(&c, m, r, cl_maxabs3(r->o) + m->maxabs);
  if (!ray_box(&c, m->rlo, m->rhi, limit, &tn)) return 0;
  stack[0].child = 0;
  stack[0].count = m->nn ? 0 : (uint32_t)m->nt;
  stack[0].t = tn;
  sp = 1;
  while (sp > 0) {
    ref e = stack[--sp];
    if (e.t > limit) continue;
    if (e.count) {
      uint32_t s;
      for (s = e.child; s < e.child + e.count; s++) {
        uint32_t t = m->order[s];
        cl_shape tri;
        cl_hit th;
        if (surely_missed(r, vert(m, t, 0), vert(m, t, 1), vert(m, t, 2), cull, limit)) continue;
        cl_mesh_triangle(m, t, &tri.tri);
        if (any) {
          if (cl_intersects(&tri, any)) return 1;
        } else if (cl_cast(r, &tri, cull, &th)
                   && (!found || th.t < h->t || (th.t == h->t && t < *index))) {
          *h = th;
          *index = t;
          found = 1;
          limit = th.t;
        }
      }
    } else {
      const cl_mesh_node *n = &m->node[e.child];
      double t0 = 0, t1 = 0;
      int h0 = ray_box(&c, n->lo[0], n->hi[0], limit, &t0);
      int h1 = ray_box(&c, n->lo[1], n->hi[1], limit, &t1);
      sp = push_near_first(stack, sp, n, h0, h1, t0, t1);
    }
  }
  return found;
}

int cl_mesh_cast(const cl_mesh *m, const cl_ray *r, int cull, cl_hit *h, size_t *index) {
  return ray_walk(m, r, cull, NULL, h, index);
}

typedef struct {
  const cl_shape *s;
  cl_aabb sb;        /* the shape's bounds, when has_sb */
  int has_sb, all;
  double pad;
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
    case CL_CAPSULE: return fmax(cl_maxabs3(s->cap.a), cl_maxabs3(s->cap.b)) + s->cap.r;
    default: return INFINITY;
  }
}

/* can a triangle inside the box intersect the shape? */
static int shape_box(const shape_ctx *q, const float lo[3], const float hi[3]) {
  cl_shape box;
  int k;
  if (q->all) return 1;
  box.aabb.tag = CL_AABB;
  for (k = 0; k < 3; k++) {
    box.aabb.min[k] = lo[k] - q->pad;
    box.aabb.max[k] = hi[k] + q->pad;
    if (q->has_sb && (box.aabb.min[k] > q->sb.max[k] || q->sb.min[k] > box.aabb.max[k]))
      return 0;
    /* past the float range: keep it rather than test an infinite box */
    if (!(box.aabb.max[k] - box.aabb.min[k] < INFINITY)) return 1;
  }
  return q->s->tag == CL_AABB || cl_intersects(&box, q->s);
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* depth-first walk; with out == NULL stops at the first triangle found */
static size_t walk(const cl_mesh *m, const cl_shape *s, uint32_t *out) {
  ref stack[CL_MESH_MAX_DEPTH + 2];
  int sp;
  size_t found = 0;
  shape_ctx q;
  if (m->nt == 0) return 0;
  q.s = s;
  q.pad = pad_of(m->maxabs + shape_scale(s));
  q.all = !(m->maxabs + 2 * q.pad < INFINITY);
  q.has_sb = s->tag != CL_PLANE && cl_bounds(s, &q.sb);
  if (!shape_box(&q, m->rlo, m->rhi)) return 0;
  stack[0].child = 0;
  stack[0].count = m->nn ? 0 : (uint32_t)m->nt;
  sp = 1;
  while (sp > 0) {
    ref e = stack[--sp];
    if (e.count) {
      uint32_t i;
      for (i = e.child; i < e.child + e.count; i++) {
        cl_shape tri;
        cl_mesh_triangle(m, m->order[i], &tri.tri);
        if (cl_intersects(&tri, s)) {
          if (out == NULL) return 1;
          out[found++] = m->order[i];
        }
      }
    } else {
      const cl_mesh_node *n = &m->node[e.child];
      int side;
      for (side = 1; side >= 0; side--)
        if (shape_box(&q, n->lo[side], n->hi[side])) {
          stack[sp].child = n->child[side];
          stack[sp].count = n->count[side];
          sp++;
        }
    }
  }
  if (found > 1) qsort(out, found, sizeof *out, cmp_u32);
  return found;
}

int cl_mesh_intersects(const cl_mesh *m, const cl_shape *s) {
  if (s->tag == CL_RAY) {
    cl_hit h;
    size_t i;
    return ray_walk(m, &s->ray, 0, s, &h, &i);
  }
  return walk(m, s, NULL) != 0;
}

size_t cl_mesh_query(const cl_mesh *m, const cl_shape *s, uint32_t *out) {
  return walk(m, s, out);
}

/* the mover's bounds (lo, hi at t = 0) moved by t * d against a node box
** grown by pad: 1 and the entry t (clamped to 0) when they meet at some t
** in [0, limit]. Slabs with products by inv = 1 / d: a zero component of
** d is tested apart, and where 1 / d overflows (a tiny d) a NaN time never
** narrows the interval (its comparisons are false), so none leaves; a box
** past the float range is always entered at 0. */
static int swept_box(const double lo[3], const double hi[3], const double d[3],
                     const double inv[3], const float blo[3], const float bhi[3], double pad,
                     double limit, double *tnear) {
  double tn = 0, tf = limit;
  int k;
  for (k = 0; k < 3; k++) {
    double l = blo[k] - pad, h = bhi[k] + pad, te, tx;
    if (!(h - l < INFINITY)) continue;
    if (d[k] == 0) {
      if (hi[k] < l || lo[k] > h) return 0;
      continue;
    }
    if (d[k] > 0) { te = (l - hi[k]) * inv[k]; tx = (h - lo[k]) * inv[k]; }
    else { te = (h - lo[k]) * inv[k]; tx = (l - hi[k]) * inv[k]; }
    if (te > tn) tn = te;
    if (tx < tf) tf = tx;
    if (!(tn <= tf)) return 0;
  }
  *tnear = tn;
  return 1;
}

/* a lower bound of the first t in [0, limit] at which the mover (bounds
** lo, hi) moved by t * d comes within pad of triangle i, or -1 when it
** cannot: the triangle's box and its plane, both grown by pad, so a
** triangle skipped here (or visited after the best hit) is one cl_sweep
** finds no earlier hit against (its tolerance is less than pad) */
static double sweep_bound(const cl_mesh *m, uint32_t i, const cl_shape *mover, const double lo[3],
                          const double hi[3], const double d[3], const double inv[3],
                          double limit, double pad) {
  const double *v0 = vert(m, i, 0), *v1 = vert(m, i, 1), *v2 = vert(m, i, 2);
  double tn = 0, tf = limit, e1[3], e2[3], n[3], len;
  int k;
  for (k = 0; k < 3; k++) {
    double l = fmin(v0[k], fmin(v1[k], v2[k])) - pad, h = fmax(v0[k], fmax(v1[k], v2[k])) + pad;
    double te, tx;
    if (d[k] == 0) {
      if (hi[k] < l || lo[k] > h) return -1;
      continue;
    }
    if (d[k] > 0) { te = (l - hi[k]) * inv[k]; tx = (h - lo[k]) * inv[k]; }
    else { te = (h - lo[k]) * inv[k]; tx = (l - hi[k]) * inv[k]; }
    if (te > tn) tn = te;
    if (tx < tf) tf = tx;
    if (!(tn <= tf)) return -1;
  }
  cl_sub(e1, v1, v0);
  cl_sub(e2, v2, v0);
  cl_cross(n, e1, e2);
  len = cl_length(n);
  if (len > 0 && len < INFINITY) {
    double a, b, pd, dn, tp = 0;
    cl_scale(n, n, 1 / len);
    cl_sweep_extent(mover, n, &a, &b);
    pd = cl_dot(n, v0);
    dn = cl_dot(n, d);
    /* the mover's extent along n reaches the plane's slab at tp */
    if (a > pd + pad) {
      if (!(dn < 0)) return -1;
      tp = (a - (pd + pad)) / -dn;
    } else if (b < pd - pad) {
      if (!(dn > 0)) return -1;
      tp = ((pd - pad) - b) / dn;
    }
    if (!(tp <= limit)) return -1;
    if (tp > tn) tn = tp;
  }
  return tn;
}

/* Shape cast against the mesh: the nearest-first walk of ray_walk with
** the mover's bounds swept along d in place of the ray; a child whose
** box (grown by the pad) the swept bounds enter after the best t so far
** is skipped, ties at the best t still visited (a lower index may hit). */
int cl_mesh_sweep(const cl_mesh *m, const cl_shape *mover, const double d[3], cl_hit *h,
                  size_t *index) {
  ref stack[CL_MESH_MAX_DEPTH + 2];
  cl_aabb mb;
  int sp, found = 0, all;
  double limit = 1, tn, pad;
  double inv[3];
  int k;
  if (m->nt == 0 || !cl_bounds(mover, &mb)) return 0;
  /* entry times by products with 1 / d: a product differs from the
  ** quotient by an ulp of t, far less than the pad's share of the motion */
  for (k = 0; k < 3; k++) inv[k] = d[k] != 0 ? 1 / d[k] : 0;
  pad = pad_of(m->maxabs + shape_scale(mover) + cl_maxabs3(d));
  all = !(m->maxabs + 2 * pad < INFINITY);
  if (all) pad = 0;
  if (!all && !swept_box(mb.min, mb.max, d, inv, m->rlo, m->rhi, pad, limit, &tn)) return 0;
  stack[0].child = 0;
  stack[0].count = m->nn ? 0 : (uint32_t)m->nt;
  stack[0].t = 0;
  sp = 1;
  while (sp > 0) {
    ref e = stack[--sp];
    if (e.t > limit) continue;
    if (e.count) {
      /* the leaf's triangles that may be hit, by their lower bounds, so
      ** the nearest hit comes early and the bound skips the rest */
      uint32_t s, cand[CL_MESH_LEAF_MAX], nc = 0, j;
      double lb[CL_MESH_LEAF_MAX];
      for (s = e.child; s < e.child + e.count; s++) {
        uint32_t t = m->order[s];
        double b = all ? 0 : sweep_bound(m, t, mover, mb.min, mb.max, d, inv, limit, pad);
        if (b < 0) continue;
        for (j = nc; j > 0 && lb[j - 1] > b; j--) { lb[j] = lb[j - 1]; cand[j] = cand[j - 1]; }
        lb[j] = b;
        cand[j] = t;
        nc++;
      }
      for (j = 0; j < nc && lb[j] <= limit; j++) {
        uint32_t t = cand[j];
        cl_shape tri;
        cl_hit th;
        cl_mesh_triangle(m, t, &tri.tri);
        if (cl_sweep(mover, d, &tri, &th)
            && (!found || th.t < h->t || (th.t == h->t && t < *index))) {
          *h = th;
          *index = t;
          found = 1;
          limit = th.t;
        }
      }
    } else {
      const cl_mesh_node *n = &m->node[e.child];
      double t0 = 0, t1 = 0;
      int h0 = all || swept_box(mb.min, mb.max, d, inv, n->lo[0], n->hi[0], pad, limit, &t0);
      int h1 = all || swept_box(mb.min, mb.max, d, inv, n->lo[1], n->hi[1], pad, limit, &t1);
      sp = push_near_first(stack, sp, n, h0, h1, t0, t1);
    }
  }
  return found;
}

static int boxes_overlap(const float alo[3], const float ahi[3], const float blo[3],
                         const float bhi[3], double pad) {
  int k;
  for (k = 0; k < 3; k++)
    if (alo[k] - pad > bhi[k] + pad || blo[k] - pad > ahi[k] + pad) return 0;
  return 1;
}

static double half_area_f(const float lo[3], const float hi[3]) {
  double x = (double)hi[0] - lo[0], y = (double)hi[1] - lo[1], z = (double)hi[2] - lo[2];
  return x * y + y * z + z * x;
}

/* Simultaneous descent of both trees, splitting the inner side (the bigger
** when both are), pairs of leaves tested triangle by triangle. */
int cl_mesh_intersects_mesh(const cl_mesh *a, const cl_mesh *b) {
  typedef struct { uint32_t child[2], count[2]; const float *lo[2], *hi[2]; } pair;
  pair stack[2 * CL_MESH_MAX_DEPTH + 4], e;
  const cl_mesh *ms[2];
  int sp, k;
  double pad;
  if (a->nt == 0 || b->nt == 0) return 0;
  ms[0] = a; ms[1] = b;
  pad = pad_of(a->maxabs + b->maxabs);
  /* a pad that overflows culls nothing (as walk's q.all): pad 0 there
  ** culled pairs the tests find within their tolerance */
  if (!(a->maxabs + b->maxabs + 2 * pad < INFINITY)) pad = INFINITY;
  if (!boxes_overlap(a->rlo, a->rhi, b->rlo, b->rhi, pad)) return 0;
  for (k = 0; k < 2; k++) {
    e.child[k] = 0;
    e.count[k] = ms[k]->nn ? 0 : (uint32_t)ms[k]->nt;
    e.lo[k] = ms[k]->rlo;
    e.hi[k] = ms[k]->rhi;
  }
  stack[0] = e;
  sp = 1;
  while (sp > 0) {
    int side;
    const cl_mesh_node *n;
    e = stack[--sp];
    if (e.count[0] && e.count[1]) {
      uint32_t x, y;
      for (x = e.child[0]; x < e.child[0] + e.count[0]; x++) {
        cl_shape ta;
        cl_mesh_triangle(a, a->order[x], &ta.tri);
        for (y = e.child[1]; y < e.child[1] + e.count[1]; y++) {
          cl_shape tb;
          cl_mesh_triangle(b, b->order[y], &tb.tri);
          if (cl_intersects(&ta, &tb)) return 1;
        }
      }
      continue;
    }
    side = e.count[0] ? 1
         : e.count[1] ? 0
         : !(half_area_f(e.lo[0], e.hi[0]) >= half_area_f(e.lo[1], e.hi[1]));
    n = &ms[side]->node[e.child[side]];
    for (k = 0; k < 2; k++) {
      if (!boxes_overlap(n->lo[k], n->hi[k], e.lo[!side], e.hi[!side], pad)) continue;
      stack[sp] = e;
      stack[sp].child[side] = n->child[k];
      stack[sp].count[side] = n->count[k];
      stack[sp].lo[side] = n->lo[k];
      stack[sp].hi[side] = n->hi[k];
      sp++;
    }
  }
  return 0;
}
