/*
** segment.c - the distance between a segment and an aabb, obb, triangle
** or hull, for the capsule tests (intersect.c, contact.c) and the
** distance between shapes (distance.c). For a box or a triangle in closed
** form: where the segment meets the shape, the exact casts; else the
** least of the ends' closest points and the segment's closest points to
** the shape's edges. For a hull (or coordinates that overflow) by golden
** section along the segment, whose distance from a convex shape is
** convex.
*/
#include "fp.h"
#include "tolerance.h"
#include <float.h>
#include <stdint.h>
#include <string.h>
#include "segment.h"
#include "dispatch.h"

static double golden_segment(const cl_shape *x, const double a[3], const double b[3],
                             double p[3], double q[3]) {
  const double g = 0.6180339887498949;
  double e[3], lo = 0, hi = 1, m1, m2, f1, f2, y[3], best;
  int i;
  cl_sub(e, b, a);
  m1 = hi - g * (hi - lo); m2 = lo + g * (hi - lo);
  cl_madd(y, a, e, m1); f1 = cl_distance(x, y);
  cl_madd(y, a, e, m2); f2 = cl_distance(x, y);
  for (i = 0; i < CL_SEGMENT_ITER && (e[0] != 0 || e[1] != 0 || e[2] != 0); i++) {
    if (f1 <= f2) { hi = m2; m2 = m1; f2 = f1; m1 = hi - g * (hi - lo); cl_madd(y, a, e, m1); f1 = cl_distance(x, y); }
    else { lo = m1; m1 = m2; f1 = f2; m2 = lo + g * (hi - lo); cl_madd(y, a, e, m2); f2 = cl_distance(x, y); }
  }
  /* the best of the bracket and the two ends */
  cl_copy(p, a);
  best = cl_distance(x, a);
  {
    double cand[3];
    int k;
    cand[0] = 1; cand[1] = m1; cand[2] = m2;
    for (k = 0; k < 3; k++) {
      double f;
      if (cand[k] == 1) cl_copy(y, b); else cl_madd(y, a, e, cand[k]);
      f = cl_distance(x, y);
      if (f < best) { best = f; cl_copy(p, y); }
    }
  }
  /* the value is exact to rounding but its place along the segment only
  ** to the square root of it (a smooth minimum): alternating projections
  ** between the segment and x refine the points, kept while not farther */
  cl_closest_point(x, p, q);
  for (i = 0; i < 16 && best > 0; i++) {
    double np[3], f;
    cl_closest_on_segment(a, b, q, np, NULL);
    f = cl_distance(x, np);
    if (!(f <= best)) break;
    best = f;
    cl_copy(p, np);
    cl_closest_point(x, p, q);
  }
  if (best == 0) cl_copy(q, p);
  return best;
}

/* Exact closest points of a segment and a polytope (a box or a triangle)
** that it does not meet: the segment's closest point is an end, or the
** pair is on an edge of the polytope (a closest point inside a face with
** the segment's inside point means the segment is parallel to that face,
** and sliding along it reaches an end or an edge at the same distance;
** Ericson, Real-Time Collision Detection, 5.1). So the least of the ends'
** closest points and the segment's closest points to each edge. */
typedef struct {
  const double *a, *du;      /* the segment: a + s du, s in [0, len] */
  double len, best, s, q[3]; /* the best squared distance, at s and q */
  cl_segment_memo *memo;     /* its unit directions (NULL: none) */
} seg_near;

/* the memos' rooms chosen by a hash of three words (Fibonacci hashing:
** the top bits of a product by odd constants near 2^64 / phi); bits of
** them wanted */
static int hash_room(uint64_t x, uint64_t y, uint64_t z, int bits) {
  uint64_t h = x * UINT64_C(0x9E3779B97F4A7C15) + y * UINT64_C(0xC2B2AE3D27D4EB4F)
               + z * UINT64_C(0x165667B19E3779F9);
  return (int)(h >> (64 - bits));
}

/* cl_normalize(u) through the memo's units (NULL: none), a room chosen
** by a hash of u's bits: the same bits in give the same bits out, without
** its two square roots and four divisions. A move asks again for the same
** edges of the triangles near it and for its segment's direction. */
static double normalize_memo(cl_segment_memo *m, double u[3]) {
  cl_segment_unit *e;
  double len;
  int i;
  if (m == NULL) return cl_normalize(u);
  i = hash_room(cl_bits_of(u[0]), cl_bits_of(u[1]), cl_bits_of(u[2]), 6);   /* 64 rooms */
  e = &m->unit[i];
  if ((m->units >> i & 1) && cl_same_bits3(e->in, u)) {
    cl_copy(u, e->out);
    return e->len;
  }
  m->units |= UINT64_C(1) << i;
  cl_copy(e->in, u);
  len = cl_normalize(u);
  cl_copy(e->out, u);
  e->len = len;
  return len;
}

/* a search along the segment from a, direction du (unit), length len */
static void near_start(seg_near *sn, const double *a, const double *du, double len,
                       cl_segment_memo *memo) {
  sn->memo = memo;
  sn->a = a;
  sn->du = du;
  sn->len = len;
  sn->best = INFINITY;
  sn->s = 0;
  cl_set(sn->q, 0, 0, 0);
}

/* the end at s (0 or len) and y, the polytope's point nearest it */
static void near_point(seg_near *sn, double s, const double x[3], const double y[3]) {
  double d[3], d2;
  cl_sub(d, x, y);
  d2 = cl_dot(d, d);
  if (d2 < sn->best) { sn->best = d2; sn->s = s; cl_copy(sn->q, y); }
}

static void near_edge(seg_near *sn, const double e0[3], const double e1[3]) {
  double u[3], l, s, c1[3], c2[3], d2;
  cl_sub(u, e1, e0);
  l = normalize_memo(sn->memo, u);
  if (l == 0) cl_set(u, 0, 0, 0);
  d2 = cl_closest_segments(sn->a, sn->du, sn->len, e0, u, l, &s, NULL, c1, c2);
  if (d2 < sn->best) { sn->best = d2; sn->s = s; cl_copy(sn->q, c2); }
}

/* a box lo..hi in its own frame: the ends clamped, then its 12 edges */
static void near_box(seg_near *sn, const double a[3], const double b[3], const double lo[3],
                     const double hi[3]) {
  int i, k, face[2];
  for (i = 0; i < 2; i++) {
    const double *x = i ? b : a;
    double y[3];
    face[i] = 0;
    for (k = 0; k < 3; k++) {
      y[k] = x[k] < lo[k] ? lo[k] : (x[k] > hi[k] ? hi[k] : x[k]);
      /* the face x is over: 1 + 2k below, 2 + 2k above; -1 for none */
      if (y[k] != x[k]) face[i] = face[i] == 0 ? (x[k] < lo[k] ? 1 : 2) + 2 * k : -1;
    }
    near_point(sn, i ? sn->len : 0, x, y);
  }
  /* both ends over the same face: so is the segment (the face's prism is
  ** convex), whose distance is then the distance from the face's plane,
  ** least at an end */
  if (face[0] > 0 && face[0] == face[1]) return;
  for (k = 0; k < 3; k++) {
    int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
    /* the segment seen along the edges' axis: the distance of its
    ** shadow from an edge's point is a lower bound of their distance */
    double s1 = b[k1] - a[k1], s2 = b[k2] - a[k2], ss = s1 * s1 + s2 * s2;
    for (i = 0; i < 4; i++) {
      double e0[3], e1[3], g1, g2, f;
      e0[k] = lo[k]; e1[k] = hi[k];
      e0[k1] = e1[k1] = (i & 1) ? hi[k1] : lo[k1];
      e0[k2] = e1[k2] = (i & 2) ? hi[k2] : lo[k2];
      g1 = e0[k1] - a[k1];
      g2 = e0[k2] - a[k2];
      f = ss > 0 ? cl_clamp((g1 * s1 + g2 * s2) / ss, 0, 1) : 0;
      g1 -= f * s1;
      g2 -= f * s2;
      /* (a margin for the rounding of the shadow) */
      if ((g1 * g1 + g2 * g2) * (1 - CL_EPSILON) > sn->best) continue;
      near_edge(sn, e0, e1);
    }
  }
}

/* an obb: near_box in the box's frame, the points brought back */
static void near_obb(seg_near *sn, const cl_obb *o, const double a[3], const double b[3]) {
  double la[3], lb[3], lo[3], ld[3], da[3], db[3];
  seg_near ln;
  int k;
  cl_sub(da, a, o->c);
  cl_sub(db, b, o->c);
  for (k = 0; k < 3; k++) {
    la[k] = cl_dot(da, o->u[k]);
    lb[k] = cl_dot(db, o->u[k]);
    ld[k] = cl_dot(sn->du, o->u[k]);
    lo[k] = -o->e[k];
  }
  near_start(&ln, la, ld, sn->len, sn->memo);
  ln.best = sn->best;
  near_box(&ln, la, lb, lo, o->e);
  sn->best = ln.best;
  sn->s = ln.s;
  cl_copy(sn->q, o->c);
  for (k = 0; k < 3; k++) cl_madd(sn->q, sn->q, o->u[k], ln.q[k]);
}

/* the squared gap between the bounds of the segment a-b and of the edge
** e0-e1: a lower bound of their distance */
static double bounds_gap2(const double a[3], const double b[3], const double e0[3],
                          const double e1[3]) {
  double g2 = 0;
  int k;
  for (k = 0; k < 3; k++) {
    double slo = a[k] < b[k] ? a[k] : b[k], shi = a[k] < b[k] ? b[k] : a[k];
    double elo = e0[k] < e1[k] ? e0[k] : e1[k], ehi = e0[k] < e1[k] ? e1[k] : e0[k];
    double g = elo > shi ? elo - shi : (slo > ehi ? slo - ehi : 0);
    g2 += g * g;
  }
  return g2;
}

/* where the point q of the triangle's plane is: 0 outside, 1 inside (as
** closest_on_triangle decides), 2 inside by more than tol from every
** edge line (a sliver's normal is only as accurate as its area) */
static int inside_tri(const cl_triangle *t, const double q[3], double tol) {
  int i, well = 1;
  for (i = 0; i < 3; i++) {
    double e[3], r[3], c[3], side;
    cl_sub(e, t->v[(i + 1) % 3], t->v[i]);
    cl_sub(r, q, t->v[i]);
    cl_cross(c, e, r);
    side = cl_dot(c, t->n);
    if (side < 0) return 0;
    /* side > tol |e|, squared */
    if (well && !(side > 0 && side * side > tol * tol * cl_dot(e, e))) well = 0;
  }
  return 1 + well;
}

/* a triangle that is not degenerate and that the segment does not cross:
** the closest point of the triangle to a point is its projection when
** that is inside, else on an edge; so the ends' projections that are
** inside, and the edges whose bounds are not already farther. Both ends
** well over the inside and on one side: so is the whole segment (the
** triangle's prism is convex), and the nearer end's projection is the
** answer. */
static void near_triangle_seg(seg_near *sn, const cl_triangle *t, const double a[3],
                              const double b[3], double sa, double sb) {
  double qa[3], qb[3], tol;
  int k, ia, ib;
  tol = CL_EPSILON * (1 + cl_fmax(cl_maxabs3(t->v[0]), cl_fmax(cl_maxabs3(t->v[1]), cl_maxabs3(t->v[2]))));
  cl_madd(qa, a, t->n, -sa);
  cl_madd(qb, b, t->n, -sb);
  ia = inside_tri(t, qa, tol);
  ib = inside_tri(t, qb, tol);
  if (ia == 2 && ib == 2 && ((sa > 0 && sb > 0) || (sa < 0 && sb < 0))) {
    if (fabs(sb) < fabs(sa)) near_point(sn, sn->len, b, qb);
    else near_point(sn, 0, a, qa);
    return;
  }
  if (ia) near_point(sn, 0, a, qa);
  if (ib) near_point(sn, sn->len, b, qb);
  for (k = 0; k < 3; k++) {
    const double *e0 = t->v[k], *e1 = t->v[(k + 1) % 3];
    if (bounds_gap2(a, b, e0, e1) * (1 - CL_EPSILON) > sn->best) continue;
    near_edge(sn, e0, e1);
  }
}

/* 1 when the segment a-b lies beyond a face plane of the box lo..hi by
** more than 1e-9 of the coordinates' size: the cast along it (its
** direction and length rounded within a few units in the last place)
** cannot reach the box, and is not made */
static int box_apart(const double a[3], const double b[3], const double lo[3],
                     const double hi[3]) {
  int k;
  for (k = 0; k < 3; k++) {
    double s0 = a[k] < b[k] ? a[k] : b[k], s1 = a[k] < b[k] ? b[k] : a[k], m;
    if (!(s0 > hi[k]) && !(s1 < lo[k])) continue;
    m = fabs(s0) > fabs(s1) ? fabs(s0) : fabs(s1);
    if (fabs(lo[k]) > m) m = fabs(lo[k]);
    if (fabs(hi[k]) > m) m = fabs(hi[k]);
    m = CL_EPSILON * (1 + m);
    if (s0 > hi[k] + m || s1 < lo[k] - m) return 1;
  }
  return 0;
}

/* cl_segment_distance searching only below the squared distance best0
** (INFINITY: all): INFINITY when nothing of x is nearer. Every culled
** feature is farther than the best so far, which is never above best0, so
** a nearest feature below best0 is never culled. */
static double segment_near(const cl_shape *x, const double a[3], const double b[3], double p[3],
                           double q[3], double best0, cl_segment_memo *memo) {
  static const double x_axis[3] = {1, 0, 0};
  seg_near sn;
  cl_ray r;
  cl_hit h;
  double du[3], len, sa = 0, sb = 0;
  int k, apart = 0;
  if (x->tag != CL_AABB && x->tag != CL_OBB && x->tag != CL_TRIANGLE)
    return golden_segment(x, a, b, p, q);
  cl_sub(du, b, a);
  len = normalize_memo(memo, du);
  if (!(len < INFINITY) || cl_maxabs3(a) >= INFINITY) return golden_segment(x, a, b, p, q);
  if (x->tag == CL_TRIANGLE && !x->tri.degenerate) {
    double e[3];
    cl_sub(e, a, x->tri.v[0]);
    sa = cl_dot(e, x->tri.n);
    cl_sub(e, b, x->tri.v[0]);
    sb = cl_dot(e, x->tri.n);
    /* both ends strictly on one side: it does not cross */
    apart = (sa > 0 && sb > 0) || (sa < 0 && sb < 0);
  }
  if (x->tag == CL_AABB) apart = box_apart(a, b, x->aabb.min, x->aabb.max);
  if (!apart) {
    /* meeting: where the segment enters (the exact casts) */
    cl_copy(r.o, a);
    cl_copy(r.d, len == 0 ? x_axis : du);
    r.tmax = len;
    r.tag = CL_RAY;
    if (cl_cast(&r, x, 0, &h)) {
      cl_copy(p, h.p);
      cl_copy(q, h.p);
      return 0;
    }
  }
  near_start(&sn, a, du, len, memo);
  sn.best = best0;
  if (x->tag == CL_AABB) {
    near_box(&sn, a, b, x->aabb.min, x->aabb.max);
  } else if (x->tag == CL_OBB) {
    near_obb(&sn, &x->obb, a, b);
  } else if (!x->tri.degenerate) {
    near_triangle_seg(&sn, &x->tri, a, b, sa, sb);
  } else {
    const cl_triangle *t = &x->tri;
    double y[3];
    cl_closest_point(x, a, y);
    near_point(&sn, 0, a, y);
    cl_closest_point(x, b, y);
    near_point(&sn, len, b, y);
    for (k = 0; k < 3; k++) near_edge(&sn, t->v[k], t->v[(k + 1) % 3]);
  }
  if (!(sn.best < best0)) return best0 < INFINITY ? INFINITY : golden_segment(x, a, b, p, q);
  if (sn.s <= 0) cl_copy(p, a);
  else if (sn.s >= len) cl_copy(p, b);
  else cl_madd(p, a, du, sn.s);
  cl_copy(q, sn.q);
  return sqrt(sn.best);
}

double cl_segment_distance(const cl_shape *x, const double a[3], const double b[3],
                           double p[3], double q[3]) {
  return segment_near(x, a, b, p, q, INFINITY, NULL);
}

void cl_segment_memo_init(cl_segment_memo *m) { m->used = m->units = 0; }

/* the room of the memo where the answer for x, a, b is kept: a hash of
** some of their bits */
static int memo_room(const cl_shape *x, const double a[3], const double b[3]) {
  const double *f = x->tag == CL_AABB ? x->aabb.min : (x->tag == CL_OBB ? x->obb.c : x->tri.v[0]);
  return hash_room(cl_bits_of(a[0]) ^ cl_bits_of(f[0]), cl_bits_of(a[1]) ^ cl_bits_of(f[1]),
                   cl_bits_of(a[2]) ^ cl_bits_of(b[1]), 3);   /* CL_SEGMENT_MEMO rooms */
}

double cl_segment_distance_memo(cl_segment_memo *m, const cl_shape *x, const double a[3],
                                const double b[3], double p[3], double q[3]) {
  cl_segment_memo_entry *e;
  int i;
  if (m == NULL || (x->tag != CL_AABB && x->tag != CL_OBB && x->tag != CL_TRIANGLE))
    return cl_segment_distance(x, a, b, p, q);
  i = memo_room(x, a, b);
  e = &m->e[i];
  if ((m->used >> i & 1) && cl_same_bits3(e->a, a) && cl_same_bits3(e->b, b) && e->x.tag == x->tag
      && cl_same_shape(&e->x, x)) {
    cl_copy(p, e->p);
    cl_copy(q, e->q);
    return e->d;
  }
  m->used |= 1u << i;
  if (x->tag == CL_AABB) e->x.aabb = x->aabb;
  else if (x->tag == CL_OBB) e->x.obb = x->obb;
  else e->x.tri = x->tri;
  cl_copy(e->a, a);
  cl_copy(e->b, b);
  e->d = segment_near(x, a, b, e->p, e->q, INFINITY, m);
  cl_copy(p, e->p);
  cl_copy(q, e->q);
  return e->d;
}

/* cl_segment_beyond for coordinates below 1e150, m its margin */
static int beyond(const cl_shape *x, const double a[3], const double b[3], double r, double m) {
  double e[3], sa, sb;
  int k;
  if (x->tag == CL_AABB) {
    for (k = 0; k < 3; k++) {
      double s0 = cl_fmin(a[k], b[k]), s1 = cl_fmax(a[k], b[k]);
      if (s0 - x->aabb.max[k] - m > r || x->aabb.min[k] - s1 - m > r) return 1;
    }
    return 0;
  }
  if (x->tag != CL_TRIANGLE || x->tri.degenerate) return 0;
  cl_sub(e, a, x->tri.v[0]);
  sa = cl_dot(e, x->tri.n);
  cl_sub(e, b, x->tri.v[0]);
  sb = cl_dot(e, x->tri.n);
  return ((sa > 0 && sb > 0) || (sa < 0 && sb < 0)) && cl_fmin(fabs(sa), fabs(sb)) - m > r;
}

/* cl_segment_beyond's margin, 1e-9 of the segment's and x's size, when r
** and every coordinate are below 1e150 (squares do not overflow), else -1 */
static double beyond_margin(const cl_shape *x, const double a[3], const double b[3], double r) {
  double sa = cl_maxabs3(a), sb = cl_maxabs3(b), sx = cl_defining_maxabs(x);
  if (!(r >= 0 && r < 1e150 && sa < 1e150 && sb < 1e150 && sx < 1e150)) return -1;
  return CL_EPSILON * (1 + cl_fmax(sa, sb) + sx);
}

int cl_segment_beyond(const cl_shape *x, const double a[3], const double b[3], double r) {
  double m = beyond_margin(x, a, b, r);
  return m >= 0 && beyond(x, a, b, r, m);
}

int cl_segment_within(const cl_shape *x, const double a[3], const double b[3], double r) {
  double p[3], q[3], m = beyond_margin(x, a, b, r);
  /* a search cut at (a hair over) r * r finds the nearest feature within
  ** r whenever the whole search would; else the whole search */
  if (m < 0) return cl_segment_distance(x, a, b, p, q) <= r;
  if (beyond(x, a, b, r, m)) return 0;
  return segment_near(x, a, b, p, q, r * r * (1 + 1e-12) + DBL_MIN, NULL) <= r;
}
