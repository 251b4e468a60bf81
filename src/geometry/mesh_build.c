/*
** mesh_build.c - a static triangle mesh's storage and its build: the
** caller's or the mesh's own arrays, and the bounding volume hierarchy
** built once over them by binned SAH into four-wide nodes of one cache
** line, their children's boxes quantised to their own (mesh_node.h),
** rounded outwards. The queries that walk it are in mesh.c.
*/
#include "fp.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "collide/mesh.h"
#include "fbox.h"
#include "mesh_node.h"
#ifdef CL_SSE2
#include <emmintrin.h>
#endif


/* binned SAH (Wald, "On fast construction of SAH-based bounding volume
** hierarchies", 2007): NBINS bins per axis, costs relative to a triangle */
#define NBINS 16
/* ranges of more slots than this are binned along one axis */
#define WIDE_ONE_AXIS 64
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

void cl_mesh_use_materials(cl_mesh *m, const uint32_t *material) {
  m->material = material;
}

long long cl_mesh_material(const cl_mesh *m, size_t i) {
  if (m->material == NULL || i >= m->nt) return -1;
  return (long long)m->material[i];
}

static void free_tree(cl_mesh *m) {
  if (m->owns_tree) free(m->node_mem);
  m->node_mem = NULL;
  m->node = NULL;
  m->slot = NULL;
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
  m->renumber = 1;
  if (m->v == NULL || m->tri == NULL) { cl_mesh_free(m); return 0; }
  m->nv = nv;
  m->nt = nt;
  return 1;
}

size_t cl_mesh_memory(const cl_mesh *m) {
  /* v, tri and the slots, the materials when there are some */
  return sizeof *m + m->nv * 3 * sizeof(double)
       + m->nt * (m->material != NULL ? 8 : 7) * sizeof(uint32_t) + m->nn * sizeof(cl_mesh_node);
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

/* a triangle on its way into the tree: its box in floats rounded outwards
** (the nodes keep no more: the float box of a node is the union of its
** triangles' float boxes, the rounding being monotonic) and its index.
** The build moves these records themselves, not indices to them, so each
** pass over a range reads memory in order; 32 bytes, two to a cache line. */
typedef struct {
  float lo[3], hi[3];
  uint32_t id, pad;
} prim;

/* the centre of t's box along axis k (halves first: no overflow) */
static double centre(const prim *t, int k) {
  return (double)t->lo[k] / 2 + (double)t->hi[k] / 2;
}

typedef struct {
  cl_mesh *m;
  prim *p;                /* the triangles in leaf order, as they are split */
  cl_mesh_node *node;     /* nodes while building */
  size_t cap;             /* room for nodes (node_cap) */
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

/* Slots [first, first + count) on their way into the tree: the bounds of
** their boxes and of their centres, their depth in the binary hierarchy
** the splits make, their best split and whether they stay one leaf. */
typedef struct {
  uint32_t first, count;
  int depth, leaf;
  double lo[3], hi[3], clo[3], chi[3];
  split s;
} range;

/* a box of 6 doubles (min x y z, max x y z) grown by another, in locals
** the compiler keeps in registers */
#define GROW6(a, blo, bhi) do { \
    int k_; \
    for (k_ = 0; k_ < 3; k_++) { \
      (a)[k_] = (blo)[k_] < (a)[k_] ? (blo)[k_] : (a)[k_]; \
      (a)[3 + k_] = (bhi)[k_] > (a)[3 + k_] ? (bhi)[k_] : (a)[3 + k_]; \
    } \
  } while (0)

/* A box of triangles' float boxes, kept in floats: the union of float
** boxes is one (min and max round nothing), so a box of doubles grown by
** the same floats holds the same values. With SSE2 a box is two vectors,
** x y z in lanes 0..2 (lane 3 holds whatever the loads brought: never
** read); min and max take the new box first, so that where a coordinate
** ties they keep the old one as ?: does. */
#ifdef CL_SSE2
typedef struct { __m128 lo, hi; } vbox;
static inline vbox vbox_empty(void) {
  vbox b;
  b.lo = _mm_set1_ps(INFINITY);
  b.hi = _mm_set1_ps(-INFINITY);
  return b;
}
/* t's box: lo[3] and the first of hi, hi[3] and the id */
static inline vbox vbox_of(const prim *t) {
  vbox b;
  b.lo = _mm_loadu_ps(t->lo);
  b.hi = _mm_loadu_ps(t->hi);
  return b;
}
static inline void vbox_grow(vbox *a, vbox b) {
  a->lo = _mm_min_ps(b.lo, a->lo);
  a->hi = _mm_max_ps(b.hi, a->hi);
}
static inline void vbox_get(vbox b, double lo[3], double hi[3]) {
  float l[4], h[4];
  int k;
  _mm_storeu_ps(l, b.lo);
  _mm_storeu_ps(h, b.hi);
  for (k = 0; k < 3; k++) { lo[k] = l[k]; hi[k] = h[k]; }
}
/* half_area of the box, its operations in the same order on pairs of
** doubles: (x y) * (y z), then x y + y z + z x */
static inline double vbox_half_area(vbox b) {
  __m128d dxy = _mm_sub_pd(_mm_cvtps_pd(b.hi), _mm_cvtps_pd(b.lo));
  __m128d dz = _mm_sub_pd(_mm_cvtps_pd(_mm_movehl_ps(b.hi, b.hi)),
                          _mm_cvtps_pd(_mm_movehl_ps(b.lo, b.lo)));
  __m128d p = _mm_mul_pd(dxy, _mm_shuffle_pd(dxy, dz, 1));
  return _mm_cvtsd_f64(p) + _mm_cvtsd_f64(_mm_unpackhi_pd(p, p))
       + _mm_cvtsd_f64(dz) * _mm_cvtsd_f64(dxy);
}
/* t's centre (centre's operations, x y in one pair, z in another: halving
** is exact, so * 0.5 is / 2) and boxes of centres, grown as GROW6 does */
typedef struct { __m128d xy, z; } vcentre;
typedef struct { __m128d loxy, loz, hixy, hiz; } vcbox;
static inline vcentre vcentre_of(const prim *t) {
  __m128 lo = _mm_loadu_ps(t->lo), hi = _mm_loadu_ps(t->hi);
  __m128d half = _mm_set1_pd(0.5);
  vcentre c;
  c.xy = _mm_add_pd(_mm_mul_pd(_mm_cvtps_pd(lo), half), _mm_mul_pd(_mm_cvtps_pd(hi), half));
  c.z = _mm_add_pd(_mm_mul_pd(_mm_cvtps_pd(_mm_movehl_ps(lo, lo)), half),
                   _mm_mul_pd(_mm_cvtps_pd(_mm_movehl_ps(hi, hi)), half));
  return c;
}
static inline double vcentre_axis(vcentre c, int k) {
  if (k == 2) return _mm_cvtsd_f64(c.z);
  return _mm_cvtsd_f64(k == 0 ? c.xy : _mm_unpackhi_pd(c.xy, c.xy));
}
static inline vcbox vcbox_empty(void) {
  vcbox b;
  b.loxy = b.loz = _mm_set1_pd(INFINITY);
  b.hixy = b.hiz = _mm_set1_pd(-INFINITY);
  return b;
}
static inline void vcbox_grow(vcbox *b, vcentre c) {
  b->loxy = _mm_min_pd(c.xy, b->loxy);
  b->loz = _mm_min_pd(c.z, b->loz);
  b->hixy = _mm_max_pd(c.xy, b->hixy);
  b->hiz = _mm_max_pd(c.z, b->hiz);
}
static inline void vcbox_get(vcbox b, double lo[3], double hi[3]) {
  _mm_storeu_pd(lo, b.loxy);
  _mm_storeu_pd(hi, b.hixy);
  lo[2] = _mm_cvtsd_f64(b.loz);
  hi[2] = _mm_cvtsd_f64(b.hiz);
}
#else
typedef struct { float lo[3], hi[3]; } vbox;
static inline vbox vbox_empty(void) {
  vbox b = {{INFINITY, INFINITY, INFINITY}, {-INFINITY, -INFINITY, -INFINITY}};
  return b;
}
static inline vbox vbox_of(const prim *t) {
  vbox b = {{t->lo[0], t->lo[1], t->lo[2]}, {t->hi[0], t->hi[1], t->hi[2]}};
  return b;
}
#define VBOX_MIN(a, b) ((b) < (a) ? (b) : (a))
#define VBOX_MAX(a, b) ((b) > (a) ? (b) : (a))
static inline void vbox_grow(vbox *a, vbox b) {
  a->lo[0] = VBOX_MIN(a->lo[0], b.lo[0]);
  a->lo[1] = VBOX_MIN(a->lo[1], b.lo[1]);
  a->lo[2] = VBOX_MIN(a->lo[2], b.lo[2]);
  a->hi[0] = VBOX_MAX(a->hi[0], b.hi[0]);
  a->hi[1] = VBOX_MAX(a->hi[1], b.hi[1]);
  a->hi[2] = VBOX_MAX(a->hi[2], b.hi[2]);
}
#undef VBOX_MIN
#undef VBOX_MAX
static inline void vbox_get(vbox b, double lo[3], double hi[3]) {
  lo[0] = b.lo[0]; lo[1] = b.lo[1]; lo[2] = b.lo[2];
  hi[0] = b.hi[0]; hi[1] = b.hi[1]; hi[2] = b.hi[2];
}
static inline double vbox_half_area(vbox b) {
  double lo[3], hi[3];
  vbox_get(b, lo, hi);
  return half_area(lo, hi);
}
typedef struct { double c[3]; } vcentre;
typedef struct { double b[6]; } vcbox;
static inline vcentre vcentre_of(const prim *t) {
  vcentre c;
  int k;
  for (k = 0; k < 3; k++) c.c[k] = centre(t, k);
  return c;
}
static inline double vcentre_axis(vcentre c, int k) { return c.c[k]; }
static inline vcbox vcbox_empty(void) {
  vcbox b = {{INFINITY, INFINITY, INFINITY, -INFINITY, -INFINITY, -INFINITY}};
  return b;
}
static inline void vcbox_grow(vcbox *b, vcentre c) { GROW6(b->b, c.c, c.c); }
static inline void vcbox_get(vcbox b, double lo[3], double hi[3]) {
  int k;
  for (k = 0; k < 3; k++) { lo[k] = b.b[k]; hi[k] = b.b[3 + k]; }
}
#endif

/* bins the centres of p[0 .. count) along axis k: counts and bounds per
** bin. Neighbouring triangles mostly share a bin, so a run of them is
** gathered in locals and added to its bin once (min and max do not
** depend on the order they are taken in, so the bins are those of one
** triangle at a time). */
static void bin_axis(const prim *p, uint32_t count, int k, double clo, double scale,
                     uint32_t n[NBINS], vbox box[NBINS]) {
  uint32_t i = 0, len;
  while (i < count) {
    int j = bin_of(centre(&p[i], k), clo, scale);
    vbox run = vbox_of(&p[i]);
    for (len = 1, i++; i < count && bin_of(centre(&p[i], k), clo, scale) == j; len++, i++)
      vbox_grow(&run, vbox_of(&p[i]));
    n[j] += len;
    vbox_grow(&box[j], run);
  }
}

/* the cheapest binned SAH split of r's slots, cost as sum(area * count) of
** the two sides; axis -1 when no axis can be split. The axes are binned
** in one pass over the slots. */
static split find_split(const builder *b, const range *r) {
  split best = {-1, 0, INFINITY};
  double scale[3];
  vbox box[3][NBINS];
  uint32_t n[3][NBINS];
  int k, j, ok[3], any = 0;
  for (k = 0; k < 3; k++) {
    double ext = r->chi[k] - r->clo[k];
    scale[k] = ext > 0 ? NBINS / ext : 0;
    ok[k] = ext > 0 && scale[k] > 0 && scale[k] < INFINITY;
  }
  /* many slots: the axis of the widest spread of centres alone (spread
  ** over it, the cheapest split almost always lies across it); near the
  ** leaves, where a split decides the boxes' shapes, all three */
  if (r->count > WIDE_ONE_AXIS) {
    int w = 0;
    for (k = 1; k < 3; k++)
      if (r->chi[k] - r->clo[k] > r->chi[w] - r->clo[w]) w = k;
    for (k = 0; k < 3; k++) ok[k] &= k == w;
  }
  for (k = 0; k < 3; k++) any |= ok[k];
  if (!any) return best;
  for (k = 0; k < 3; k++) {
    if (!ok[k]) continue;
    for (j = 0; j < NBINS; j++) { n[k][j] = 0; box[k][j] = vbox_empty(); }
    bin_axis(b->p + r->first, r->count, k, r->clo[k], scale[k], n[k], box[k]);
  }
  for (k = 0; k < 3; k++) {
    double right[NBINS];
    vbox a;
    uint32_t left_n, acc;
    int first = 0, last = NBINS - 1;
    if (!ok[k]) continue;
    /* only the splits between the first and the last bin in use leave
    ** triangles on both sides: the others are not candidates */
    while (n[k][first] == 0) first++;
    while (n[k][last] == 0) last--;
    /* right[j]: area * count of bins j..last (an empty bin's box is
    ** empty: growing by it changes nothing) */
    a = vbox_empty();
    acc = 0;
    for (j = last; j > first; j--) {
      acc += n[k][j];
      vbox_grow(&a, box[k][j]);
      right[j] = vbox_half_area(a) * acc;
    }
    a = vbox_empty();
    left_n = 0;
    for (j = first; j < last; j++) {
      double cost;
      left_n += n[k][j];
      vbox_grow(&a, box[k][j]);
      cost = vbox_half_area(a) * left_n + right[j + 1];
      if (cost < best.cost) { best.axis = k; best.bin = j; best.cost = cost; }
    }
  }
  return best;
}

/* r's split, and whether its slots stay one leaf: one triangle, or few
** enough and no split that SAH finds cheaper (below SAH_DEPTH; deeper,
** only for pathological inputs, the slots are split in halves so that the
** depth stays under CL_MESH_MAX_DEPTH) */
static void decide(const builder *b, range *r) {
  double area;
  r->s.axis = -1;
  r->s.bin = 0;
  r->s.cost = INFINITY;
  r->leaf = 1;
  if (r->count == 1) return;
  if (r->depth < SAH_DEPTH) r->s = find_split(b, r);
  area = half_area(r->lo, r->hi);
  r->leaf = r->count <= CL_MESH_LEAF_MAX
         && (r->s.axis < 0 || !(COST_TRAVERSE * area + COST_TRIANGLE * r->s.cost
                                < COST_TRIANGLE * r->count * area));
}

static void range_add(range *r, const prim *t) {
  double lo[3], hi[3], c[3];
  int k;
  for (k = 0; k < 3; k++) { lo[k] = t->lo[k]; hi[k] = t->hi[k]; c[k] = centre(t, k); }
  grow_box(r->lo, r->hi, lo, hi);
  grow_box(r->clo, r->chi, c, c);
}

static void range_start(range *r, uint32_t first, int depth) {
  r->first = first;
  r->count = 0;
  r->depth = depth;
  empty_box(r->lo, r->hi);
  empty_box(r->clo, r->chi);
}

/* splits r (not a leaf) into left and right by its split (by bin: bins
** <= s.bin go left) or in halves, their bounds gathered on the way */
static void split_range(const builder *b, const range *r, range *left, range *right) {
  prim *p = b->p;
  uint32_t i = r->first, j = r->first + r->count;
  range_start(left, r->first, r->depth + 1);
  range_start(right, r->first, r->depth + 1);
  if (r->s.axis >= 0) {
    int axis = r->s.axis;
    double scale = NBINS / (r->chi[axis] - r->clo[axis]);
    /* each side's box and its centres' box in locals */
    vbox lb = vbox_empty(), rb = vbox_empty();
    vcbox lc = vcbox_empty(), rc = vcbox_empty();
    while (i < j) {
      vcentre c = vcentre_of(&p[i]);
      if (bin_of(vcentre_axis(c, axis), r->clo[axis], scale) <= r->s.bin) {
        vbox_grow(&lb, vbox_of(&p[i]));
        vcbox_grow(&lc, c);
        i++;
      } else {
        prim t = p[i];
        p[i] = p[--j];
        p[j] = t;
        vbox_grow(&rb, vbox_of(&t));
        vcbox_grow(&rc, c);
      }
    }
    vbox_get(lb, left->lo, left->hi);
    vcbox_get(lc, left->clo, left->chi);
    vbox_get(rb, right->lo, right->hi);
    vcbox_get(rc, right->clo, right->chi);
  } else {
    j = r->first + r->count / 2;
    for (; i < r->first + r->count; i++) range_add(i < j ? left : right, &p[i]);
  }
  left->count = j - r->first;
  right->first = j;
  right->count = r->first + r->count - j;
  decide(b, left);
  decide(b, right);
}

/* a new node's index, or UINT32_MAX when there is no room (node_cap
** bounds the nodes of any tree built here, so there always is) */
static uint32_t add_node(builder *b) {
  cl_mesh *m = b->m;
  if (m->nn == b->cap) return UINT32_MAX;
  return (uint32_t)m->nn++;
}

/* Axis a of node n over its nc children's float boxes lo[j] .. hi[j]: the
** origin the lowest face, the least step whose 255 steps reach the highest
** face, and each child's faces the tightest steps that hold its box, by
** the decoding of mesh_node.h itself (the face of q steps grows with q,
** not strictly: a step may round away), so that whatever the estimate a
** decoded box holds its child's. An axis of faces past the float range,
** or of no such step, spans the whole line (ex 255). */
static void quantise(cl_mesh_node *n, int a, const float lo[], const float hi[], int nc) {
  float org, top, step;
  int j, ex;
  if (nc < 1) return;                            /* (a node has a child at least) */
  org = lo[0];
  top = hi[0];
  for (j = 1; j < nc; j++) {
    if (lo[j] < org) org = lo[j];
    if (hi[j] > top) top = hi[j];
  }
  for (j = 0; j < CL_MESH_WIDTH; j++) n->qlo[a][j] = n->qhi[a][j] = 0;
  n->org[a] = 0;
  n->ex[a] = 255;
  if (!(org > -INFINITY && top < INFINITY)) return;
  /* 255 steps of 2^(ex - 127) span top - org when 2^(ex - 127) >= (top -
  ** org) / 255: start a little below that, step up until the decoding
  ** reaches top */
  {
    double need = ((double)top - org) / 255;
    int e2 = 0;
    if (need > 0) (void)frexp(need, &e2);
    ex = e2 - 1 + 127 - 1;
    if (ex < 1) ex = 1;
  }
  for (; ex <= 254; ex++)
    if (cl_mesh_face(org, cl_mesh_step((unsigned)ex), 255) >= top) break;
  if (ex > 254) return;
  step = cl_mesh_step((unsigned)ex);
  n->org[a] = org;
  n->ex[a] = (uint8_t)ex;
  for (j = 0; j < nc; j++) {
    double el = floor(((double)lo[j] - org) / step), eh = ceil(((double)hi[j] - org) / step);
    unsigned ql = el <= 0 ? 0 : el >= 255 ? 255 : (unsigned)el;
    unsigned qh = eh <= 0 ? 0 : eh >= 255 ? 255 : (unsigned)eh;
    /* the face of 0 steps is org <= lo[j], of 255 steps >= top >= hi[j] */
    while (ql > 0 && cl_mesh_face(org, step, ql) > lo[j]) ql--;
    while (ql < 255 && cl_mesh_face(org, step, ql + 1) <= lo[j]) ql++;
    while (qh < 255 && cl_mesh_face(org, step, qh) < hi[j]) qh++;
    while (qh > 0 && cl_mesh_face(org, step, qh - 1) >= hi[j]) qh--;
    n->qlo[a][j] = (uint8_t)ql;
    n->qhi[a][j] = (uint8_t)qh;
  }
}

/* Builds node idx (already taken) over r's slots, which are no leaf,
** depth-first: it takes the two sides of r's split, then splits the side
** of largest area that is no leaf, until it has four children or only
** leaves (the binary SAH hierarchy with every other level folded into its
** parent). Its inner children take places side by side from n->first,
** each then built the same way (so a node's children are followed by
** their first child's subtree: depth first, siblings together). 0 when
** out of room. */
static int build(builder *b, const range *r, uint32_t idx) {
  range c[CL_MESH_WIDTH];
  cl_mesh_node *n;
  uint32_t first;
  int nc = 2, ni = 0, j, k;
  split_range(b, r, &c[0], &c[1]);
  while (nc < CL_MESH_WIDTH) {
    int best = -1;
    double best_area = 0;
    range whole;
    for (j = 0; j < nc; j++) {
      double a = half_area(c[j].lo, c[j].hi);
      if (!c[j].leaf && (best < 0 || a > best_area)) { best = j; best_area = a; }
    }
    if (best < 0) break;
    whole = c[best];
    split_range(b, &whole, &c[best], &c[nc]);
    nc++;
  }
  for (j = 0; j < nc; j++) ni += !c[j].leaf;
  if ((size_t)ni > b->cap - b->m->nn) return 0;
  first = (uint32_t)b->m->nn;
  b->m->nn += (size_t)ni;
  n = &b->node[idx];
  n->first = first;
  n->used = (uint8_t)((1u << nc) - 1);
  for (j = 0; j < CL_MESH_WIDTH; j++) {
    n->child[j] = j < nc && c[j].leaf ? c[j].first : 0;
    n->count[j] = (uint8_t)(j < nc && c[j].leaf ? c[j].count : 0);
  }
  for (k = 0; k < 3; k++) {
    float lo[CL_MESH_WIDTH], hi[CL_MESH_WIDTH];
    for (j = 0; j < nc; j++) {
      lo[j] = cl_float_below(c[j].lo[k]);
      hi[j] = cl_float_above(c[j].hi[k]);
    }
    quantise(n, k, lo, hi, nc);
  }
  for (j = 0, k = 0; j < nc; j++) {
    const cl_mesh_node *cn = &b->node[first + (uint32_t)k];
    int q, inner = 0;
    if (c[j].leaf) continue;
    if (!build(b, &c[j], first + (uint32_t)k)) return 0;
    for (q = 0; q < CL_MESH_WIDTH; q++) inner |= (cn->used >> q & 1) && cn->count[q] == 0;
    n = &b->node[idx];
    /* its children's place: its inner children, or the slots of its
    ** leaves, which are its own range's */
    n->child[j] = inner ? cn->first : c[j].first;
    if (!inner) n->used |= (uint8_t)(1u << (4 + j));
    k++;
  }
  return 1;
}

/* the scratch of a build: a record a triangle (prim), then the nodes from
** a 64-byte boundary. The nodes of a tree over L <= nt leaves: a node with fewer than four
** children has only leaves, two at least, so with F such nodes and I
** others (four children each), counting children gives 3 I <= L - 1 - F
** and F <= L / 2, so I + F <= (2 L - 1) / 3. */
static size_t node_cap(size_t nt) { return nt / 3 * 2 + nt % 3 + 1; }

size_t cl_mesh_build_size(size_t nt) {
  if (nt > UINT32_MAX || nt > ((size_t)-1 - 64) / (sizeof(prim) + sizeof(cl_mesh_node)))
    return 0;
  return nt * sizeof(prim) + node_cap(nt) * sizeof(cl_mesh_node) + 64;
}

static cl_mesh_node *align64(void *p) {
  return (cl_mesh_node *)(void *)(((uintptr_t)p + 63) & ~(uintptr_t)63);
}

/* renumbers the vertices in the order the slots first use them (those no
** triangle uses last), with map (nv entries) as room: the slots and tri
** rewritten, v permuted in place by following its cycles */
static void renumber(cl_mesh *m, uint32_t *map) {
  size_t i, s, next = 0;
  for (i = 0; i < m->nv; i++) map[i] = UINT32_MAX;
  for (s = 0; s < m->nt; s++) {
    int k;
    for (k = 0; k < 3; k++) {
      uint32_t *o = &m->slot[4 * s + (size_t)k];
      if (map[*o] == UINT32_MAX) map[*o] = (uint32_t)next++;
      *o = map[*o];
    }
  }
  for (i = 0; i < m->nv; i++)
    if (map[i] == UINT32_MAX) map[i] = (uint32_t)next++;
  for (i = 0; i < 3 * m->nt; i++) m->tri[i] = map[m->tri[i]];
  /* vertex i goes to map[i]: swap it there until i holds its own */
  for (i = 0; i < m->nv; i++) {
    while (map[i] != i) {
      uint32_t j = map[i], u;
      double t[3];
      if (j >= m->nv) return;     /* never: every new number is < nv */
      cl_copy(t, m->v + 3 * i);
      cl_copy(m->v + 3 * i, m->v + 3 * (size_t)j);
      cl_copy(m->v + 3 * (size_t)j, t);
      u = map[j]; map[j] = j; map[i] = u;
    }
  }
}

int cl_mesh_build_in(cl_mesh *m, void *scratch) {
  builder b;
  range root;
  size_t t;
  double dlo[3], dhi[3];    /* the triangles' bounds, exactly */
  int j;
  free_tree(m);
  cl_set(m->min, 0, 0, 0);
  cl_set(m->max, 0, 0, 0);
  cl_fbox_store(m->rlo, m->rhi, m->min, m->max);
  m->maxabs = 0;
  if (m->nt == 0) return 1;
  if (cl_mesh_build_size(m->nt) == 0) return 0;
  b.m = m;
  b.p = (prim *)scratch;
  b.node = align64(b.p + m->nt);
  b.cap = node_cap(m->nt);
  m->node_mem = scratch;
  range_start(&root, 0, 0);
  empty_box(dlo, dhi);
  for (t = 0; t < m->nt; t++) {
    prim *q = &b.p[t];
    double lo[3], hi[3];
    empty_box(lo, hi);
    for (j = 0; j < 3; j++) grow_box(lo, hi, vert(m, t, j), vert(m, t, j));
    grow_box(dlo, dhi, lo, hi);
    cl_fbox_store(q->lo, q->hi, lo, hi);
    q->id = (uint32_t)t;
    q->pad = 0;
    range_add(&root, q);
  }
  root.count = (uint32_t)m->nt;
  decide(&b, &root);
  if (!root.leaf && (add_node(&b) == UINT32_MAX || !build(&b, &root, 0))) {
    m->node_mem = NULL;
    m->nn = 0;
    return 0;
  }
  m->node = m->nn > 0 ? b.node : NULL;
  /* the records are done with: their room takes the slots, slot t (16
  ** bytes) over records up to t, each read before it is written over */
  m->slot = (uint32_t *)scratch;
  for (t = 0; t < m->nt; t++) {
    uint32_t id = b.p[t].id;
    for (j = 0; j < 3; j++) m->slot[4 * t + j] = m->tri[3 * (size_t)id + j];
    m->slot[4 * t + 3] = id;
  }
  /* the records' second half is free: room for the map when it fits */
  if (m->renumber && m->nv <= 4 * m->nt)
    renumber(m, (uint32_t *)(void *)((char *)scratch + 16 * m->nt));
  cl_copy(m->min, dlo);
  cl_copy(m->max, dhi);
  cl_fbox_store(m->rlo, m->rhi, m->min, m->max);
  m->maxabs = cl_fmax(cl_maxabs3(m->min), cl_maxabs3(m->max));
  return 1;
}

/* kept: the nodes from a 64-byte boundary, so that every node is one
** cache line and every four slots one line, then the slots */
size_t cl_mesh_tree_size(const cl_mesh *m) {
  return m->nt == 0 ? 0 : 64 + m->nn * sizeof(cl_mesh_node) + m->nt * 4 * sizeof(uint32_t);
}

void cl_mesh_keep(cl_mesh *m, void *dst) {
  cl_mesh_node *node;
  uint32_t *slot;
  if (m->nt == 0) return;
  node = align64(dst);
  slot = (uint32_t *)(void *)(node + m->nn);
  if (m->nn > 0) memcpy(node, m->node, m->nn * sizeof(cl_mesh_node));
  memcpy(slot, m->slot, m->nt * 4 * sizeof(uint32_t));
  if (m->owns_tree) free(m->node_mem);
  m->node_mem = dst;
  m->node = m->nn > 0 ? node : NULL;
  m->slot = slot;
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
