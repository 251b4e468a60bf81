/*
** mesh.c - the queries of a static triangle mesh (mesh_build.c builds
** it): traversed nearest-first by rays, and walked by overlap queries that
** run the exact pair tests of intersect.c and rays.c on the triangles the
** tree cannot rule out, so a mesh answers exactly what the same test on
** every triangle would; the triangles near a box gathered once for the
** queries of a move (mesh_near.h).
*/
#include "fp.h"
#include <float.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "bounds.h"
#include "collide/mesh.h"
#include "fbox.h"
#include "gjk.h"
#include "mesh_near.h"
#include "mesh_node.h"
#include "segment.h"
#include "dispatch.h"
#include "tricull.h"
#ifdef CL_SSE2
#include <emmintrin.h>
#endif

/* a walk asks for what it reads next (a child's node, a leaf's vertices)
** before it needs it, so the cache misses of several overlap */
#if defined(__GNUC__) || defined(__clang__)
#define FETCH(p) __builtin_prefetch(p)
#else
#define FETCH(p) ((void)(p))                   /* (nothing asked, the address unused) */
#endif

/* asks for the vertices of the count triangles from slot first */
static void fetch_leaf(const cl_mesh *m, uint32_t first, uint32_t count) {
  uint32_t s;
  for (s = 4 * first; s < 4 * (first + count); s++)
    if (s % 4 != 3) FETCH(m->v + 3 * (size_t)m->slot[s]);
}

/* vertex k of the triangle in leaf slot s */
static const double *slot_vert(const cl_mesh *m, size_t s, int k) {
  return m->v + 3 * (size_t)m->slot[4 * s + k];
}

/* the three vertices of the triangle in leaf slot s */
static void slot_verts(const cl_mesh *m, size_t s, const double *v[3]) {
  v[0] = slot_vert(m, s, 0); v[1] = slot_vert(m, s, 1); v[2] = slot_vert(m, s, 2);
}

static void slot_triangle(const cl_mesh *m, size_t s, cl_triangle *t) {
  cl_triangle_init(t, slot_vert(m, s, 0), slot_vert(m, s, 1), slot_vert(m, s, 2));
}

/* ---------------------------------------------------------------------- */
/* queries                                                                */


/* a child of the traversal: an inner node (count 0) or a leaf, with the
** time its box is entered */
typedef struct { uint32_t child, count; double t; } ref;

/* the slab set-up of a walk (fbox.h): a mesh walk divides where 1 / d
** overflows for rays, not for sweeps */
typedef cl_slabs slab;

static void slab_init(slab *s, const double blo[3], const double bhi[3], const double d[3],
                      double pad, int divide, int all) {
  cl_slabs_init(s, blo, bhi, d, pad, divide);
  s->all = all;
}

/* the slab test of one box, its axis a at lo[a * stride], hi[a * stride],
** for the moving box's times in [0, limit]: 1 and the entry time in *t
** when it enters */
static int slab_box(const slab *s, const float *lo, const float *hi, int stride, double limit,
                    double *t) {
  double tn = 0, tf = limit;
  int k;
  if (s->all) { *t = 0; return 1; }
  for (k = 0; k < 3; k++)
    if (!cl_slabs_axis(s, k, lo[k * stride], hi[k * stride], &tn, &tf)) return 0;
  if (!(tn <= tf)) return 0;
  *t = tn;
  return 1;
}


/* the children of n in use */
static unsigned used_children(const cl_mesh_node *n) {
  return n->used & 15u;
}

/* the boxes of a node's children as floats (mesh_node.h), aligned for
** loads of four */
typedef struct {
  float lo[3][CL_MESH_WIDTH], hi[3][CL_MESH_WIDTH];
} node_boxes;

static void node_boxes_of(const cl_mesh_node *n, node_boxes *b) {
  cl_mesh_node_boxes(n, b->lo, b->hi);
}

#ifdef CL_SSE2
/* the four children of n at once: the operations of slab_box in the same
** order on pairs of doubles, so the same boxes are entered at the same
** times (max and min keep their second operand on NaN as ?: does) */
static unsigned slab_node(const slab *s, const cl_mesh_node *n, double limit, double t[4]) {
  __m128d zero = _mm_setzero_pd(), tn0 = zero, tn1 = zero, miss0 = zero, miss1 = zero;
  __m128d tf0 = _mm_set1_pd(limit), tf1 = tf0;
  node_boxes b;
  int k;
  if (s->all) { t[0] = t[1] = t[2] = t[3] = 0; return used_children(n); }
  node_boxes_of(n, &b);
  for (k = 0; k < 3; k++) {
    __m128 fn = _mm_loadu_ps(s->flip[k] ? b.hi[k] : b.lo[k]);
    __m128 ff = _mm_loadu_ps(s->flip[k] ? b.lo[k] : b.hi[k]);
    __m128d an = _mm_set1_pd(s->an[k]), af = _mm_set1_pd(s->af[k]);
    __m128d x0 = _mm_sub_pd(_mm_cvtps_pd(fn), an), x1 = _mm_sub_pd(_mm_cvtps_pd(_mm_movehl_ps(fn, fn)), an);
    __m128d y0 = _mm_sub_pd(_mm_cvtps_pd(ff), af), y1 = _mm_sub_pd(_mm_cvtps_pd(_mm_movehl_ps(ff, ff)), af);
    if (s->mode[k] == 0) {
      miss0 = _mm_or_pd(miss0, _mm_or_pd(_mm_cmpgt_pd(x0, zero), _mm_cmplt_pd(y0, zero)));
      miss1 = _mm_or_pd(miss1, _mm_or_pd(_mm_cmpgt_pd(x1, zero), _mm_cmplt_pd(y1, zero)));
      continue;
    }
    if (s->mode[k] == 1) {
      __m128d inv = _mm_set1_pd(s->inv[k]);
      x0 = _mm_mul_pd(x0, inv); x1 = _mm_mul_pd(x1, inv);
      y0 = _mm_mul_pd(y0, inv); y1 = _mm_mul_pd(y1, inv);
    } else {
      __m128d d = _mm_set1_pd(s->d[k]);
      x0 = _mm_div_pd(x0, d); x1 = _mm_div_pd(x1, d);
      y0 = _mm_div_pd(y0, d); y1 = _mm_div_pd(y1, d);
    }
    tn0 = _mm_max_pd(x0, tn0); tn1 = _mm_max_pd(x1, tn1);
    tf0 = _mm_min_pd(y0, tf0); tf1 = _mm_min_pd(y1, tf1);
  }
  _mm_storeu_pd(t, tn0);
  _mm_storeu_pd(t + 2, tn1);
  return (unsigned)(_mm_movemask_pd(_mm_andnot_pd(miss0, _mm_cmple_pd(tn0, tf0)))
                    | _mm_movemask_pd(_mm_andnot_pd(miss1, _mm_cmple_pd(tn1, tf1))) << 2)
       & used_children(n);
}
#else
/* the four children of n: a mask of those entered, their entry times */
static unsigned slab_node(const slab *s, const cl_mesh_node *n, double limit, double t[4]) {
  unsigned mask = used_children(n), hit = 0;
  node_boxes b;
  int k;
  node_boxes_of(n, &b);
  for (k = 0; k < CL_MESH_WIDTH; k++)
    if ((mask >> k & 1) && slab_box(s, &b.lo[0][k], &b.hi[0][k], CL_MESH_WIDTH, limit, &t[k]))
      hit |= 1u << k;
  return hit;
}
#endif

/* A ray's walk tests a node's four child boxes in single precision, four
** lanes at once, with bounds that keep it conservative: every child whose
** box (grown by the pad) the exact real slab test enters at a time t in
** [0, limit] is entered, at a time no later than t, so no triangle the
** exact test would reach is dropped (the node boxes, decoded as
** mesh_node.h decodes them, are floats that hold the children's). The proof, with u = 2^-24 the float's unit
** roundoff:
** - the origin's faces an, af (doubles) are rounded outwards, each to the
**   float that moves its face times earlier (entry) or later (exit), so
**   the faces' exact differences x = face - an' are on the safe side of
**   the doubles';
** - each float operation rounds to nearest, which keeps the sign and
**   errs by at most u relatively (the coordinates and 1 / d are bounded
**   below so that nothing overflows, and a difference of floats is exact
**   where it would be subnormal); 1 / d rounded to a float errs by u
**   (and 2^-53 before it), so an axis's time is within 3.01 u of the
**   exact time for the rounded faces, with its sign;
** - the entry time, the largest of 0 and the axes' entries, is scaled by
**   1 - 8 u and lowered by 1e-30 (which covers a product that was
**   subnormal), the exit time scaled by 1 + 8 u: below and above the
**   exact ones whenever the exact interval is not empty. A product's
**   rounding of the scaling errs by u more, within the 8 u.
** An axis of d = 0 takes inv = +inf: a face beyond the origin gives +inf
** on entry or -inf on exit (a miss), one level with it 0 * inf = NaN,
** which max and min pass over (they keep their second operand) as the
** double test's mode 0 counts it inside. The exit time starts at limit
** rounded up and at most 1e37, above every entry time the bounds allow
** (2e35), so an entry of +inf (such a miss) is never entered; an unused
** child is masked off. Below these bounds no node axis is of ex 255 (its
** faces are finite and 255 steps span them). Rays off these bounds
** (coordinates of 1e17 or more, a component of d within 1e-18 of 0 but
** not 0, culling turned off) take slab_node's double test. The portable
** C runs the same float operations in the same order, so both paths
** enter the same children at the same times. */
typedef struct {
#ifdef CL_SSE2
  __m128 an4[3], af4[3], inv4[3];   /* an, af, inv in the four lanes */
#endif
  float an[3], af[3], inv[3];
  size_t near[3], far[3];       /* offsets of the near and far faces' steps */
} ray_slabs;

/* 1 and rs set up from c (a ray's, from origin o) when the ray takes
** ray_node's path */
static int ray_slabs_init(ray_slabs *rs, const slab *c, const cl_mesh *m, const double o[3]) {
  int k;
  if (c->all || !(m->maxabs < 1e17 && cl_maxabs3(o) < 1e17)) return 0;
  for (k = 0; k < 3; k++) {
    size_t lo = offsetof(cl_mesh_node, qlo) + (size_t)k * CL_MESH_WIDTH;
    size_t hi = offsetof(cl_mesh_node, qhi) + (size_t)k * CL_MESH_WIDTH;
    int flip = c->flip[k];
    if (c->d[k] != 0 && !(fabs(c->d[k]) >= 1e-18)) return 0;
    rs->an[k] = flip ? cl_float_below(c->an[k]) : cl_float_above(c->an[k]);
    rs->af[k] = flip ? cl_float_above(c->af[k]) : cl_float_below(c->af[k]);
    rs->inv[k] = c->d[k] != 0 ? (float)c->inv[k] : INFINITY;
    rs->near[k] = flip ? hi : lo;
    rs->far[k] = flip ? lo : hi;
#ifdef CL_SSE2
    rs->an4[k] = _mm_set1_ps(rs->an[k]);
    rs->af4[k] = _mm_set1_ps(rs->af[k]);
    rs->inv4[k] = _mm_set1_ps(rs->inv[k]);
#endif
  }
  return 1;
}

/* the steps of the faces of axis k (near or far) of n's four children */
static const uint8_t *node_steps(const cl_mesh_node *n, size_t off) {
  return (const uint8_t *)n + off;
}

/* the entry scale, the entry's lowering and the exit scale of ray_node */
#define RAY_LOWER (1.0f - 4.76837158203125e-7f)    /* 1 - 2^-21 = 1 - 8 u */
#define RAY_DROP 1e-30f
#define RAY_UPPER (1.0f + 4.76837158203125e-7f)

/* the exit time's start: limit rounded up, at most 1e37 */
static float ray_limit(double limit) {
  return limit < 1e37 ? cl_float_above(limit) : 1e37f;
}

/* the four children of n that the ray enters by ray_slabs' test before
** lim (ray_limit of the walk's limit): their mask and their entry times
** (lower bounds) */
#ifdef CL_SSE2
/* the four faces of steps q from org: cl_mesh_face's operations */
static inline __m128 faces4(__m128 org, __m128 step, const uint8_t *q) {
  int32_t w;
  __m128i z = _mm_setzero_si128(), v;
  memcpy(&w, q, sizeof w);
  v = _mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128(w), z), z);
  return _mm_add_ps(org, _mm_mul_ps(_mm_cvtepi32_ps(v), step));
}

static unsigned ray_node(const ray_slabs *s, const cl_mesh_node *n, float lim, double t[4]) {
  __m128 tn = _mm_setzero_ps(), tf = _mm_set1_ps(lim);
  /* org x y z and the exponents in one load: the steps by shifting the
  ** exponents into a float's exponent field (cl_mesh_step) */
  __m128i z = _mm_setzero_si128(), head = _mm_loadu_si128((const __m128i *)(const void *)n);
  __m128i ex = _mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_srli_si128(head, 12), z), z);
  __m128 org3 = _mm_castsi128_ps(head), step3 = _mm_castsi128_ps(_mm_slli_epi32(ex, 23));
#define RAY_AXIS(k) do { \
    __m128 org = _mm_shuffle_ps(org3, org3, _MM_SHUFFLE(k, k, k, k)); \
    __m128 step = _mm_shuffle_ps(step3, step3, _MM_SHUFFLE(k, k, k, k)); \
    __m128 x = _mm_mul_ps(_mm_sub_ps(faces4(org, step, node_steps(n, s->near[k])), s->an4[k]), s->inv4[k]); \
    __m128 y = _mm_mul_ps(_mm_sub_ps(faces4(org, step, node_steps(n, s->far[k])), s->af4[k]), s->inv4[k]); \
    tn = _mm_max_ps(x, tn); \
    tf = _mm_min_ps(y, tf); \
  } while (0)
  RAY_AXIS(0);
  RAY_AXIS(1);
  RAY_AXIS(2);
#undef RAY_AXIS
  tn = _mm_sub_ps(_mm_mul_ps(tn, _mm_set1_ps(RAY_LOWER)), _mm_set1_ps(RAY_DROP));
  tf = _mm_mul_ps(tf, _mm_set1_ps(RAY_UPPER));
  _mm_storeu_pd(t, _mm_cvtps_pd(tn));
  _mm_storeu_pd(t + 2, _mm_cvtps_pd(_mm_movehl_ps(tn, tn)));
  return (unsigned)_mm_movemask_ps(_mm_cmple_ps(tn, tf)) & used_children(n);
}
#else
static unsigned ray_node(const ray_slabs *s, const cl_mesh_node *n, float lim, double t[4]) {
  unsigned hit = 0;
  float step[3];
  int j, k;
  for (k = 0; k < 3; k++) step[k] = cl_mesh_step(n->ex[k]);
  for (j = 0; j < CL_MESH_WIDTH; j++) {
    float tn = 0, tf = lim;
    for (k = 0; k < 3; k++) {
      float x = (cl_mesh_face(n->org[k], step[k], node_steps(n, s->near[k])[j]) - s->an[k]) * s->inv[k];
      float y = (cl_mesh_face(n->org[k], step[k], node_steps(n, s->far[k])[j]) - s->af[k]) * s->inv[k];
      tn = x > tn ? x : tn;
      tf = y < tf ? y : tf;
    }
    tn = tn * RAY_LOWER - RAY_DROP;
    tf = tf * RAY_UPPER;
    t[j] = tn;
    hit |= (unsigned)(tn <= tf) << j;
  }
  return hit & used_children(n);
}
#endif
/* the index of the lowest bit set in mask (not 0) */
static int lowest_bit(unsigned mask) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_ctz(mask);
#else
  int k = 0;
  while (!(mask >> k & 1)) k++;
  return k;
#endif
}

/* pushes the children of n in mask with their entry times t, the nearest
** last so that it is walked first; returns the new stack size */
static inline int push_near_first(const cl_mesh *m, ref *stack, int sp, const cl_mesh_node *n,
                                  unsigned mask, const double t[4]) {
  /* the counts as one word, each byte at most 8: adding 0x7f to a byte
  ** sets its top bit exactly when it is no 0 (no carry leaves it); byte k
  ** of below then counts the leaves among children 0 .. k - 1 */
  uint32_t w, below;
  int k, i, base = sp;
  memcpy(&w, n->count, sizeof w);
  below = (((w + 0x7f7f7f7fu) & 0x80808080u) >> 7) * 0x01010100u;
  for (; mask != 0; mask &= mask - 1) {
    uint32_t c;
    uintptr_t g;
    k = lowest_bit(mask);
    if (n->count[k]) {
      c = n->child[k];
      FETCH(m->slot + 4 * (size_t)c);
      FETCH(m->slot + 4 * ((size_t)c + n->count[k]) - 1);
    } else {
      /* the child, and four lines of its children: of its inner
      ** children, or of its leaves' slots when it has only leaves (there
      ** may be fewer; a prefetch of an address past them, an integer
      ** here, touches nothing): the walk reaches them a level later,
      ** their lines on their way while the child's came */
      c = n->first + (uint32_t)k - (below >> 8 * k & 0xff);
      g = n->used >> (4 + k) & 1 ? (uintptr_t)(m->slot + 4 * (size_t)n->child[k])
                                 : (uintptr_t)(m->node + n->child[k]);
      FETCH(m->node + c);
      FETCH((const void *)g);
      FETCH((const void *)(g + 64));
      FETCH((const void *)(g + 128));
      FETCH((const void *)(g + 192));
    }
    /* insertion by decreasing t */
    for (i = sp; i > base && stack[i - 1].t < t[k]; i--) stack[i] = stack[i - 1];
    stack[i].child = c;
    stack[i].count = n->count[k];
    stack[i].t = t[k];
    sp++;
  }
  return sp;
}


/* the exact test of the triangle in leaf slot s: with any set, 1 when it
** intersects it; else its cast kept when nearer (keep_nearer), 0 */
static int cast_slot(const cl_mesh *m, const cl_ray *r, int cull, const cl_shape *any, uint32_t s,
                     cl_hit *h, size_t *index, int *found, double *limit) {
  cl_shape tri;
  cl_hit th;
  slot_triangle(m, s, &tri.tri);
  if (any) return cl_intersects(&tri, any);
  if (cl_cast_triangle_hit(r, &tri.tri, cull, &th)) keep_nearer(h, index, found, limit, &th, m->slot[4 * s + 3]);
  return 0;
}

/* Nearest-first traversal: a node's children are visited nearest first
** and a child is skipped when its box is entered beyond the best hit so
** far (ties at the best t are still visited: a lower index may hit there).
** With any set (s the ray as a shape), stops at the first triangle that
** intersects the ray by cl_intersects. */
static int ray_walk(const cl_mesh *m, const cl_ray *r, int cull, const cl_shape *any,
                    cl_hit *h, size_t *index) {
  ref stack[CL_MESH_STACK];
  slab c;
  ray_slabs rs;
  int sp = 0, found = 0, fast;
  double limit = r->tmax, tn, pad;
  float flim;
  if (m->nt == 0) return 0;
  pad = pad_of(cl_maxabs3(r->o) + m->maxabs);
  slab_init(&c, r->o, r->o, r->d, pad, 1, !(m->maxabs + 2 * pad < INFINITY));
  if (!slab_box(&c, m->rlo, m->rhi, 1, limit, &tn)) return 0;
  fast = ray_slabs_init(&rs, &c, m, r->o);
  flim = ray_limit(limit);
  stack[0].child = 0;
  stack[0].count = m->nn ? 0 : (uint32_t)m->nt;
  stack[0].t = tn;
  sp = 1;
  while (sp > 0) {
    ref e = stack[--sp];
    if (e.t > limit) continue;
    if (e.count) {
      uint32_t s, end = e.child + e.count;
      fetch_leaf(m, e.child, e.count);
#ifdef CL_SSE2
      /* the pre-tests two triangles at a time; an odd leaf's last
      ** triangle is its own pair */
      for (s = e.child; s < end; s += 2) {
        uint32_t pair = s + 1 < end ? s + 1 : s;
        const double *va[2], *vb[2], *vc[2];
        cl_miss2 pm;
        va[0] = slot_vert(m, s, 0); vb[0] = slot_vert(m, s, 1); vc[0] = slot_vert(m, s, 2);
        va[1] = slot_vert(m, pair, 0); vb[1] = slot_vert(m, pair, 1); vc[1] = slot_vert(m, pair, 2);
        surely_missed2(r, va, vb, vc, cull, &pm);
        if (!cl_miss2_lane(&pm, 0, limit) && cast_slot(m, r, cull, any, s, h, index, &found, &limit))
          return 1;
        if (pair != s && !cl_miss2_lane(&pm, 1, limit)
            && cast_slot(m, r, cull, any, pair, h, index, &found, &limit))
          return 1;
      }
#else
      for (s = e.child; s < end; s++) {
        if (!surely_missed(r, slot_vert(m, s, 0), slot_vert(m, s, 1), slot_vert(m, s, 2), cull, limit)
            && cast_slot(m, r, cull, any, s, h, index, &found, &limit))
          return 1;
      }
#endif
      flim = ray_limit(limit);
    } else {
      const cl_mesh_node *n = &m->node[e.child];
      double t[CL_MESH_WIDTH];
      sp = push_near_first(m, stack, sp, n,
                           fast ? ray_node(&rs, n, flim, t) : slab_node(&c, n, limit, t), t);
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


/* can a triangle inside the box intersect the shape? For a capsule its
** bounds decide (its exact test costs more than the triangles it spares;
** the triangles are tested exactly) */
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
  return q->s->tag == CL_AABB || q->s->tag == CL_CAPSULE || cl_intersects(&box, q->s);
}

/* the bounds of the triangle of vertices v on axis k */
static void tri_extent(const double *const v[3], int k, double *lo, double *hi) {
  *lo = *hi = v[0][k];
  if (v[1][k] < *lo) *lo = v[1][k];
  if (v[1][k] > *hi) *hi = v[1][k];
  if (v[2][k] < *lo) *lo = v[2][k];
  if (v[2][k] > *hi) *hi = v[2][k];
}

/* whether the bounds of the triangle of vertices v meet the box grown by
** pad */
static int tri_meets_box(const double *const v[3], const cl_aabb *b, double pad) {
  int k;
  for (k = 0; k < 3; k++) {
    double lo, hi;
    tri_extent(v, k, &lo, &hi);
    if (lo > b->max[k] + pad || hi < b->min[k] - pad) return 0;
  }
  return 1;
}

/* whether shape_box keeps child k of n for a shape its bounds decide (an
** aabb or a capsule, with bounds): its tests in its order, without the
** box it builds for the exact test */
static int bounds_child(const shape_ctx *q, const node_boxes *b, int k) {
  int a;
  for (a = 0; a < 3; a++) {
    double lo = b->lo[a][k] - q->pad, hi = b->hi[a][k] + q->pad;
    if (lo > q->sb.max[a] || q->sb.min[a] > hi) return 0;
    if (!(hi - lo < INFINITY)) return 1;
  }
  return 1;
}

/* pushes the children of n that shape_box keeps, the last child first (so
** the walk visits them in order); the new stack top */
static int push_children(const shape_ctx *q, const cl_mesh_node *n, ref *stack, int sp) {
  unsigned used = used_children(n);
  node_boxes b;
  int k;
  node_boxes_of(n, &b);
  if (!q->all && q->has_sb && (q->s->tag == CL_AABB || q->s->tag == CL_CAPSULE)) {
    for (k = CL_MESH_WIDTH - 1; k >= 0; k--) {
      if (!(used >> k & 1) || !bounds_child(q, &b, k)) continue;
      stack[sp].child = cl_mesh_child(n, k);
      stack[sp].count = n->count[k];
      sp++;
    }
    return sp;
  }
  for (k = CL_MESH_WIDTH - 1; k >= 0; k--) {
    float lo[3], hi[3];
    int a;
    if (!(used >> k & 1)) continue;
    for (a = 0; a < 3; a++) { lo[a] = b.lo[a][k]; hi[a] = b.hi[a][k]; }
    if (shape_box(q, lo, hi)) {
      stack[sp].child = cl_mesh_child(n, k);
      stack[sp].count = n->count[k];
      sp++;
    }
  }
  return sp;
}

/* the next leaf of a depth-first walk of the nodes shape_box keeps (the
** stack started by walk_start): 1 and its slots in *leaf, 0 at the end */
static int walk_start(const cl_mesh *m, ref *stack) {
  stack[0].child = 0;
  stack[0].count = m->nn ? 0 : (uint32_t)m->nt;
  return 1;
}

static int next_leaf(const cl_mesh *m, const shape_ctx *q, ref *stack, int *sp, ref *leaf) {
  while (*sp > 0) {
    ref e = stack[--*sp];
    if (e.count) { *leaf = e; return 1; }
    *sp = push_children(q, &m->node[e.child], stack, *sp);
  }
  return 0;
}

/* whether the triangle of slot i meets the walk's shape (tri: it) */
static int slot_meets(const cl_mesh *m, const shape_ctx *q, uint32_t i, cl_shape *tri) {
  const double *v[3];
  slot_verts(m, i, v);
  /* apart from the shape's bounds (padded as the nodes' are, for their
  ** rounding): the exact test cannot pass */
  if (q->has_sb && !tri_meets_box(v, &q->sb, q->pad)) return 0;
  cl_triangle_init(&tri->tri, v[0], v[1], v[2]);
  return cl_intersects(tri, q->s);
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* depth-first walk; with out == NULL and fn == NULL stops at the first
** triangle found; with fn, hands it each triangle found (unsorted) until
** fn returns 0 */
static size_t walk(const cl_mesh *m, const cl_shape *s, uint32_t *out,
                   int (*fn)(void *ud, const cl_triangle *t, size_t index), void *ud) {
  ref stack[CL_MESH_STACK], e;
  int sp;
  size_t found = 0;
  shape_ctx q;
  if (m->nt == 0) return 0;
  q.s = s;
  q.pad = pad_of(m->maxabs + cl_shape_scale(s));
  q.all = !(m->maxabs + 2 * q.pad < INFINITY);
  q.has_sb = s->tag != CL_PLANE && cl_bounds_of(s, &q.sb);
  if (!shape_box(&q, m->rlo, m->rhi)) return 0;
  sp = walk_start(m, stack);
  while (next_leaf(m, &q, stack, &sp, &e)) {
    uint32_t i;
    for (i = e.child; i < e.child + e.count; i++) {
      cl_shape tri;
      if (!slot_meets(m, &q, i, &tri)) continue;
      if (fn != NULL) {
        found++;
        if (!fn(ud, &tri.tri, m->slot[4 * i + 3])) return found;
        continue;
      }
      if (out == NULL) return 1;
      out[found++] = m->slot[4 * i + 3];
    }
  }
  if (found > 1 && fn == NULL) qsort(out, found, sizeof *out, cmp_u32);
  return found;
}

int cl_mesh_intersects(const cl_mesh *m, const cl_shape *s) {
  if (s->tag == CL_RAY) {
    cl_hit h;
    size_t i;
    return ray_walk(m, &s->ray, 0, s, &h, &i);
  }
  return walk(m, s, NULL, NULL, NULL) != 0;
}

size_t cl_mesh_query(const cl_mesh *m, const cl_shape *s, uint32_t *out) {
  return walk(m, s, out, NULL, NULL);
}

size_t cl_mesh_visit(const cl_mesh *m, const cl_shape *s,
                     int (*fn)(void *ud, const cl_triangle *t, size_t index), void *ud) {
  return walk(m, s, NULL, fn, ud);
}




/* Shape cast against the mesh: the nearest-first walk of ray_walk with
** the mover's bounds swept along d in place of the ray; a child whose
** box (grown by the pad) the swept bounds enter after the best t so far
** is skipped, ties at the best t still visited (a lower index may hit). */
int cl_mesh_sweep(const cl_mesh *m, const cl_shape *mover, const double d[3], cl_hit *h,
                  size_t *index) {
  ref stack[CL_MESH_STACK];
  slab c;
  cl_aabb mb;
  int sp, found = 0, all;
  double limit = 1, tn, pad;
  if (m->nt == 0 || !cl_bounds_of(mover, &mb)) return 0;
  pad = pad_of(m->maxabs + cl_shape_scale(mover) + cl_maxabs3(d));
  all = !(m->maxabs + 2 * pad < INFINITY);
  if (all) pad = 0;
  /* entry times by products with 1 / d: a product differs from the
  ** quotient by an ulp of t, far less than the pad's share of the motion */
  slab_init(&c, mb.min, mb.max, d, pad, 0, all);
  if (!slab_box(&c, m->rlo, m->rhi, 1, limit, &tn)) return 0;
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
      uint32_t s, cand[CL_MESH_LEAF_MAX], nc = 0, j;   /* slots */
      double lb[CL_MESH_LEAF_MAX];
      fetch_leaf(m, e.child, e.count);
      for (s = e.child; s < e.child + e.count; s++) {
        const double *v[3];
        double b;
        v[0] = slot_vert(m, s, 0); v[1] = slot_vert(m, s, 1); v[2] = slot_vert(m, s, 2);
        b = all ? 0 : sweep_bound(v, mover, mb.min, mb.max, d, c.inv, limit, pad);
        if (b < 0) continue;
        for (j = nc; j > 0 && lb[j - 1] > b; j--) { lb[j] = lb[j - 1]; cand[j] = cand[j - 1]; }
        lb[j] = b;
        cand[j] = s;
        nc++;
      }
      for (j = 0; j < nc && lb[j] <= limit; j++) {
        uint32_t t = m->slot[4 * cand[j] + 3];
        cl_shape tri;
        cl_hit th;
        slot_triangle(m, cand[j], &tri.tri);
        if (cl_sweep_until(mover, d, &tri, limit, &th))
          keep_nearer(h, index, &found, &limit, &th, t);
      }
    } else {
      const cl_mesh_node *n = &m->node[e.child];
      double t[CL_MESH_WIDTH];
      sp = push_near_first(m, stack, sp, n, slab_node(&c, n, limit, t), t);
    }
  }
  return found;
}

/* ---- the triangles near a box, gathered once ---- */

/* the gathering pad: twice any pad a query inside the box uses, so that a
** triangle a query's walk reaches (its bounds within the query's pad of
** the query's bounds) is within this pad of the box, past rounding */
static double near_pad(const cl_mesh *m, const cl_aabb *box) {
  return 2 * pad_of(m->maxabs + cl_fmax(cl_maxabs3(box->min), cl_maxabs3(box->max)));
}

int cl_mesh_near_gather(const cl_mesh *m, const cl_aabb *box, uint32_t *slots, size_t cap,
                        cl_triangle *tri, size_t ntri, cl_mesh_near *nr) {
  ref stack[CL_MESH_STACK], e;
  int sp, k;
  size_t n = 0, j;
  shape_ctx q;
  cl_shape bs;
  nr->ok = 0;
  nr->memo = NULL;
  nr->axes = NULL;
  nr->n = 0;
  nr->slot = slots;
  nr->tri = tri;
  nr->ntri = 0; /* the made triangles' room in use: none until gathered */
  nr->box = *box;
  nr->pad = near_pad(m, box);
  for (k = 0; k < 3; k++)
    if (!(box->min[k] <= box->max[k]) || !(box->max[k] - box->min[k] < INFINITY)) return 0;
  if (!(m->maxabs + 4 * nr->pad < INFINITY)) return 0;
  if (m->nt == 0) { nr->ok = 1; return 1; }
  bs.aabb.tag = CL_AABB;
  cl_copy(bs.aabb.min, box->min);
  cl_copy(bs.aabb.max, box->max);
  q.s = &bs;
  q.pad = nr->pad;
  q.all = 0;
  q.has_sb = 1;
  q.sb = *box;
  if (!shape_box(&q, m->rlo, m->rhi)) { nr->ok = 1; return 1; }
  sp = walk_start(m, stack);
  while (next_leaf(m, &q, stack, &sp, &e)) {
    uint32_t i;
    for (i = e.child; i < e.child + e.count; i++) {
      const double *v[3];
      slot_verts(m, i, v);
      if (!tri_meets_box(v, box, nr->pad)) continue;
      if (n == cap) return 0;
      slots[n++] = i;
    }
  }
  nr->ntri = tri != NULL ? (ntri < n ? ntri : n) : 0;
  for (j = 0; j < nr->ntri; j++) tri[j].tag = -1;
  nr->n = n;
  nr->ok = 1;
  return 1;
}

void cl_mesh_near_keep_axes(const cl_mesh *m, cl_mesh_near *nr, cl_mesh_near_axes *room) {
  size_t j;
  int k;
  nr->axes = room;
  for (j = 0; j < nr->ntri; j++) {
    const double *v[3];
    slot_verts(m, nr->slot[j], v);
    for (k = 0; k < 3; k++) tri_extent(v, k, &room[j].blo[k], &room[j].bhi[k]);
    room[j].n = -1;
  }
}

/* a query's box b grown by pad, as tri_meets_box compares with it */
typedef struct { const cl_aabb *b; double pad, lo[3], hi[3]; } padded_box;

static void padded_init(padded_box *p, const cl_aabb *b, double pad) {
  int k;
  p->b = b;
  p->pad = pad;
  for (k = 0; k < 3; k++) {
    p->lo[k] = b->min[k] - pad;
    p->hi[k] = b->max[k] + pad;
  }
}

/* tri_meets_box for the gathered slot j, from its kept bounds when there
** are; its vertices into v when they meet */
static inline int near_meets_box(const cl_mesh *m, const cl_mesh_near *nr, size_t j,
                                 const padded_box *p, const double *v[3]) {
  if (nr->axes != NULL && j < nr->ntri) {
    const cl_mesh_near_axes *x = &nr->axes[j];
    if (x->blo[0] > p->hi[0] || x->bhi[0] < p->lo[0] || x->blo[1] > p->hi[1]
        || x->bhi[1] < p->lo[1] || x->blo[2] > p->hi[2] || x->bhi[2] < p->lo[2])
      return 0;
    slot_verts(m, nr->slot[j], v);
    return 1;
  }
  slot_verts(m, nr->slot[j], v);
  return tri_meets_box(v, p->b, p->pad);
}

/* sweep_bound of the gathered slot j, of vertices v: its axes made once
** and kept when there is room for them */
static double near_bound(const cl_mesh_near *nr, size_t j, const double *const v[3],
                         const cl_shape *mover, const cl_aabb *mb, const double d[3],
                         const double inv[3], double limit, double pad) {
  cl_mesh_near_axes tmp, *x = &tmp;
  tmp.n = -1;
  if (nr->axes != NULL && j < nr->ntri) x = &nr->axes[j];
  return sweep_bound_kept(v, mover, mb->min, mb->max, d, inv, limit, pad, x);
}

/* the triangle of the gathered slot j, of vertices v: made once and kept
** when there is room for it, else made in tmp */
static const cl_shape *near_tri(const cl_mesh_near *nr, size_t j, const double *const v[3],
                                cl_shape *tmp) {
  cl_triangle *t = &tmp->tri;
  if (j < nr->ntri) {
    t = &nr->tri[j];
    if (t->tag == CL_TRIANGLE) return (const cl_shape *)(const void *)t;
  }
  cl_triangle_init(t, v[0], v[1], v[2]);
  return (const cl_shape *)(const void *)t;
}

/* the gathered triangles a sweep orders by their bounds, at most */
#define NEAR_SORTED 64

/* whether a query of bounds b and pad lies inside the gathered box */
static int near_holds(const cl_mesh_near *nr, const cl_aabb *b, double pad) {
  int k;
  if (!nr->ok || !(pad <= nr->pad / 2)) return 0;
  for (k = 0; k < 3; k++)
    if (!(b->min[k] >= nr->box.min[k] && b->max[k] <= nr->box.max[k])) return 0;
  return 1;
}

/* cl_mesh_visit_near */
size_t cl_mesh_visit_near(const cl_mesh *m, const cl_mesh_near *nr, const cl_shape *s,
                          int (*fn)(void *ud, const cl_triangle *t, size_t index), void *ud) {
  shape_ctx q;
  padded_box pb;
  size_t j, found = 0;
  if (m->nt == 0) return 0;
  q.s = s;
  q.pad = pad_of(m->maxabs + cl_shape_scale(s));
  q.all = !(m->maxabs + 2 * q.pad < INFINITY);
  q.has_sb = s->tag != CL_PLANE && cl_bounds_of(s, &q.sb);
  if (q.all || !q.has_sb || !near_holds(nr, &q.sb, q.pad)) return walk(m, s, NULL, fn, ud);
  if (!shape_box(&q, m->rlo, m->rhi)) return 0;
  padded_init(&pb, &q.sb, q.pad);
  /* the leaf loop of walk (slot_meets), over the gathered slots */
  for (j = 0; j < nr->n; j++) {
    uint32_t i = nr->slot[j];
    const double *v[3];
    const cl_shape *tri;
    cl_shape tmp;
    if (!near_meets_box(m, nr, j, &pb, v)) continue;
    tri = near_tri(nr, j, v, &tmp);
    if (!cl_intersects(tri, q.s)) continue;
    found++;
    if (!fn(ud, &tri->tri, m->slot[4 * i + 3])) return found;
  }
  return found;
}

/* the walk's leaf test q for box and the slab set-up c of mover's motion
** d, for a sweep over the gathered triangles: 1, or 0 when box misses the
** mesh, or -1 when the gathering cannot answer for them (the caller then
** walks the mesh) */
static int near_sweep_start(const cl_mesh *m, const cl_mesh_near *nr, const cl_shape *box,
                            const cl_shape *mover, const double d[3], shape_ctx *q, slab *c,
                            cl_aabb *mb, double *mpad) {
  q->s = box;
  q->pad = pad_of(m->maxabs + cl_shape_scale(box));
  q->all = !(m->maxabs + 2 * q->pad < INFINITY);
  q->has_sb = box->tag != CL_PLANE && cl_bounds_of(box, &q->sb);
  *mpad = pad_of(m->maxabs + cl_shape_scale(mover) + cl_maxabs3(d));
  if (q->all || !q->has_sb || !near_holds(nr, &q->sb, q->pad) || !cl_bounds_of(mover, mb)
      || !(m->maxabs + 2 * *mpad < INFINITY))
    return -1;
  if (!shape_box(q, m->rlo, m->rhi)) return 0;
  slab_init(c, mb->min, mb->max, d, *mpad, 0, 0);
  return 1;
}

long long cl_mesh_sweep_each_near(const cl_mesh *m, const cl_mesh_near *nr, const cl_shape *box,
                                  const cl_shape *mover, const double d[3],
                                  void (*fn)(void *ud, const cl_triangle *t, size_t index,
                                             const cl_hit *h),
                                  void *ud) {
  shape_ctx q;
  padded_box pb;
  slab c;
  cl_aabb mb;
  double mpad;
  size_t j;
  int r;
  long long found = 0;
  if (m->nt == 0) return 0;
  r = near_sweep_start(m, nr, box, mover, d, &q, &c, &mb, &mpad);
  if (r <= 0) return r;
  padded_init(&pb, &q.sb, q.pad);
  /* the triangles of the visit of box (walk's leaf test), in its order,
  ** the exact test last: first those the mover surely misses left out
  ** (sweep_bound over the whole motion), then those the sweep misses */
  for (j = 0; j < nr->n; j++) {
    uint32_t i = nr->slot[j];
    const double *v[3];
    const cl_shape *tri;
    cl_shape tmp;
    cl_hit h;
    if (!near_meets_box(m, nr, j, &pb, v)
        || near_bound(nr, j, v, mover, &mb, d, c.inv, 1, mpad) < 0)
      continue;
    tri = near_tri(nr, j, v, &tmp);
    if (!cl_sweep_memo(mover, d, tri, 1, nr->memo, &h) || !cl_intersects(tri, box)) continue;
    found++;
    fn(ud, &tri->tri, m->slot[4 * i + 3], &h);
  }
  return found;
}

int cl_mesh_near_holds(const cl_mesh *m, const cl_mesh_near *nr, const cl_shape *box) {
  cl_aabb b;
  double pad;
  if (m->nt == 0) return 1;
  pad = pad_of(m->maxabs + cl_shape_scale(box));
  return m->maxabs + 2 * pad < INFINITY && box->tag != CL_PLANE && cl_bounds_of(box, &b)
         && near_holds(nr, &b, pad);
}

/* cl_mesh_sweep_each_near's triangles nearest first: those the mover may
** hit (tri_meets_box, then sweep_bound over the whole motion), in the
** visit's order, sorted by their bounds (a stable insertion: ties stay in
** that order); each swept only while its bound is at most *limit, and only
** to *limit (cl_sweep_until answers every hit up to its limit as cl_sweep
** does, and sweep_bound is no later than cl_sweep's t), so a triangle
** left out is one cl_sweep hits after *limit, if at all */
long long cl_mesh_sweep_each_near_until(const cl_mesh *m, const cl_mesh_near *nr,
                                        const cl_shape *box, const cl_shape *mover,
                                        const double d[3], const double *limit,
                                        void (*fn)(void *ud, const cl_triangle *t, size_t index,
                                                   size_t order, const cl_hit *h),
                                        void *ud) {
  shape_ctx q;
  padded_box pb;
  slab c;
  cl_aabb mb;
  double mpad, lb[NEAR_SORTED];
  uint32_t cand[NEAR_SORTED];
  size_t j, k, nc = 0;
  int r;
  long long found = 0;
  if (m->nt == 0) return 0;
  r = near_sweep_start(m, nr, box, mover, d, &q, &c, &mb, &mpad);
  if (r <= 0) return r;
  padded_init(&pb, &q.sb, q.pad);
  for (j = 0; j < nr->n; j++) {
    const double *v[3];
    double b;
    if (!near_meets_box(m, nr, j, &pb, v)) continue;
    b = near_bound(nr, j, v, mover, &mb, d, c.inv, 1, mpad);
    if (b < 0) continue;
    if (nc == NEAR_SORTED) return -1;
    for (k = nc; k > 0 && lb[k - 1] > b; k--) { lb[k] = lb[k - 1]; cand[k] = cand[k - 1]; }
    lb[k] = b;
    cand[k] = (uint32_t)j;
    nc++;
  }
  for (k = 0; k < nc && lb[k] <= *limit; k++) {
    uint32_t i = nr->slot[cand[k]];
    const double *v[3];
    const cl_shape *tri;
    cl_shape tmp;
    cl_hit h;
    slot_verts(m, i, v);
    tri = near_tri(nr, cand[k], v, &tmp);
    if (!cl_sweep_memo(mover, d, tri, *limit, nr->memo, &h) || !cl_intersects(tri, box))
      continue;
    found++;
    fn(ud, &tri->tri, m->slot[4 * i + 3], cand[k], &h);
  }
  return found;
}

/* the nearest hit of a sweep over gathered triangles, so far */
typedef struct {
  const cl_mesh *m;
  const cl_mesh_near *nr;
  const cl_shape *mover;
  const double *d, *inv;
  const cl_aabb *mb;
  double pad, limit;
  cl_hit *h;
  size_t *index;
  int found;
} near_nearest;

/* gathered slot j swept, unless its bound is past the best hit so far
** (bounded: that bound is known to hold for the whole motion) */
static void near_sweep(near_nearest *q, size_t j, int bounded) {
  const double *v[3];
  const cl_shape *tri;
  cl_shape tmp;
  cl_hit th;
  slot_verts(q->m, q->nr->slot[j], v);
  if (!(bounded && q->limit >= 1)
      && near_bound(q->nr, j, v, q->mover, q->mb, q->d, q->inv, q->limit, q->pad) < 0)
    return;
  tri = near_tri(q->nr, j, v, &tmp);
  if (cl_sweep_memo(q->mover, q->d, tri, q->limit, q->nr->memo, &th))
    keep_nearer(q->h, q->index, &q->found, &q->limit, &th, q->m->slot[4 * q->nr->slot[j] + 3]);
}

int cl_mesh_sweep_near(const cl_mesh *m, const cl_mesh_near *nr, const cl_shape *mover,
                       const double d[3], cl_hit *h, size_t *index) {
  near_nearest q;
  slab c;
  cl_aabb mb, sw;
  int k;
  size_t j;
  double pad;
  if (m->nt == 0 || !cl_bounds_of(mover, &mb)) return 0;
  pad = pad_of(m->maxabs + cl_shape_scale(mover) + cl_maxabs3(d));
  if (!(m->maxabs + 2 * pad < INFINITY)) return cl_mesh_sweep(m, mover, d, h, index);
  for (k = 0; k < 3; k++) {
    sw.min[k] = mb.min[k] + (d[k] < 0 ? d[k] : 0);
    sw.max[k] = mb.max[k] + (d[k] > 0 ? d[k] : 0);
  }
  if (!near_holds(nr, &sw, pad)) return cl_mesh_sweep(m, mover, d, h, index);
  /* sweep_bound culls only triangles cl_sweep hits no earlier than the
  ** best so far (ties to the lower index, in any order): the answer of the
  ** tree's nearest-first walk */
  slab_init(&c, mb.min, mb.max, d, pad, 0, 0);
  q.m = m; q.nr = nr; q.mover = mover; q.d = d; q.mb = &mb; q.inv = c.inv; q.pad = pad;
  q.h = h; q.index = index; q.found = 0; q.limit = 1;
  {
    /* those that may be hit, nearest bound first (as the tree's walk
    ** takes a leaf's), so the first hits bound the rest; when there are
    ** more than the room, in the gathered order */
    uint32_t cand[NEAR_SORTED];
    double lb[NEAR_SORTED];
    size_t nc = 0, i;
    for (j = 0; j < nr->n; j++) {
      const double *v[3];
      double b;
      slot_verts(m, nr->slot[j], v);
      b = near_bound(nr, j, v, mover, &mb, d, c.inv, 1, pad);
      if (b < 0) continue;
      if (nc == NEAR_SORTED) break;
      for (i = nc; i > 0 && lb[i - 1] > b; i--) { lb[i] = lb[i - 1]; cand[i] = cand[i - 1]; }
      lb[i] = b;
      cand[i] = (uint32_t)j;
      nc++;
    }
    if (j == nr->n) {
      for (i = 0; i < nc && lb[i] <= q.limit; i++) near_sweep(&q, cand[i], 1);
      return q.found;
    }
  }
  for (j = 0; j < nr->n; j++) near_sweep(&q, j, 0);
  return q.found;
}

/* ---------------------------------------------------------------------- */
/* the nearest triangle to a point                                        */

typedef struct {
  const double *p;
  double d, limit, out[3];
  size_t index;
  int found;
} near_point;

/* the triangle of leaf slot s, kept when it is nearer (ties to the lower
** index) and within the limit */
static void near_slot(const cl_mesh *m, near_point *q, uint32_t s) {
  cl_shape tri;
  size_t index = m->slot[4 * s + 3];
  double d;
  slot_triangle(m, s, &tri.tri);
  d = cl_distance(&tri, q->p);
  if (!(d <= q->limit)) return;
  if (q->found && !(d < q->d || (d == q->d && index < q->index))) return;
  q->found = 1;
  q->d = d;
  q->index = index;
  q->limit = d;
  cl_closest_point(&tri, q->p, q->out);
}

/* Depth first, each node's children nearest box first, a box skipped
** when it lies farther than the best so far (fbox.h's cl_box_gap_below;
** equal is still walked: a lower index may tie there). */
int cl_mesh_closest(const cl_mesh *m, const double p[3], double limit, double *d,
                    double out[3], size_t *index) {
  ref stack[CL_MESH_STACK];
  near_point q;
  double lo[3], hi[3];
  int sp, a;
  if (m->nt == 0) return 0;
  for (a = 0; a < 3; a++) { lo[a] = m->rlo[a]; hi[a] = m->rhi[a]; }
  stack[0].t = cl_box_gap_below(p, lo, hi);
  if (!(stack[0].t <= limit)) return 0;
  q.p = p;
  q.limit = limit;
  q.found = 0;
  q.d = INFINITY;
  q.index = 0;
  stack[0].child = 0;
  stack[0].count = m->nn ? 0 : (uint32_t)m->nt;
  sp = 1;
  while (sp > 0) {
    ref e = stack[--sp];
    if (!(e.t <= q.limit)) continue;
    if (e.count) {
      uint32_t s;
      fetch_leaf(m, e.child, e.count);
      for (s = e.child; s < e.child + e.count; s++) near_slot(m, &q, s);
    } else {
      const cl_mesh_node *n = &m->node[e.child];
      unsigned used = used_children(n), mask = 0;
      double t[CL_MESH_WIDTH];
      node_boxes b;
      int k;
      node_boxes_of(n, &b);
      for (k = 0; k < CL_MESH_WIDTH; k++) {
        if (!(used >> k & 1)) continue;
        for (a = 0; a < 3; a++) { lo[a] = b.lo[a][k]; hi[a] = b.hi[a][k]; }
        t[k] = cl_box_gap_below(p, lo, hi);
        if (t[k] <= q.limit) mask |= 1u << k;
      }
      sp = push_near_first(m, stack, sp, n, mask, t);
    }
  }
  if (!q.found) return 0;
  *d = q.d;
  cl_copy(out, q.out);
  *index = q.index;
  return 1;
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
  typedef struct { uint32_t child[2], count[2]; float lo[2][3], hi[2][3]; } pair;
  pair stack[2 * (CL_MESH_WIDTH - 1) * CL_MESH_MAX_DEPTH + 4], e;
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
    memcpy(e.lo[k], ms[k]->rlo, sizeof e.lo[k]);
    memcpy(e.hi[k], ms[k]->rhi, sizeof e.hi[k]);
  }
  stack[0] = e;
  sp = 1;
  while (sp > 0) {
    int side;
    unsigned used;
    const cl_mesh_node *n;
    node_boxes nb;
    e = stack[--sp];
    if (e.count[0] && e.count[1]) {
      uint32_t x, y;
      for (x = e.child[0]; x < e.child[0] + e.count[0]; x++) {
        cl_shape ta;
        slot_triangle(a, x, &ta.tri);
        for (y = e.child[1]; y < e.child[1] + e.count[1]; y++) {
          cl_shape tb;
          slot_triangle(b, y, &tb.tri);
          if (cl_intersects(&ta, &tb)) return 1;
        }
      }
      continue;
    }
    side = e.count[0] ? 1
         : e.count[1] ? 0
         : !(half_area_f(e.lo[0], e.hi[0]) >= half_area_f(e.lo[1], e.hi[1]));
    n = &ms[side]->node[e.child[side]];
    used = used_children(n);
    node_boxes_of(n, &nb);
    for (k = 0; k < CL_MESH_WIDTH; k++) {
      float lo[3], hi[3];
      int ax;
      if (!(used >> k & 1)) continue;
      for (ax = 0; ax < 3; ax++) { lo[ax] = nb.lo[ax][k]; hi[ax] = nb.hi[ax][k]; }
      if (!boxes_overlap(lo, hi, e.lo[!side], e.hi[!side], pad)) continue;
      stack[sp] = e;
      stack[sp].child[side] = cl_mesh_child(n, k);
      stack[sp].count[side] = n->count[k];
      memcpy(stack[sp].lo[side], lo, sizeof lo);
      memcpy(stack[sp].hi[side], hi, sizeof hi);
      sp++;
    }
  }
  return 0;
}
