/*
** gjk.c - distance between convex shapes: the Gilbert-Johnson-Keerthi
** algorithm on the shapes' cores, each known by its support points alone
** (support.h; Ericson, Real-Time Collision Detection,
** 9.5; van den Bergen, "A fast and robust GJK implementation for collision
** detection of convex objects", 1999), with the rounded shapes (sphere,
** capsule) as a point or segment core grown by their radius, so that they
** are exact; and the distance between a segment and a box or a triangle
** in closed form (a hull's by golden section along the segment). The
** distance between two shapes built on them is distance.c.
**
** Termination. Each iteration adds the support point w of the Minkowski
** difference in the direction -v (v the point of the current simplex
** nearest the origin). |v| - dot(v, w) / |v| bounds |v| minus the true
** distance; the loop stops when that gap is at most tol = CL_GJK_REL *
** scale (scale the largest absolute coordinate of the two cores, so tol
** is far above the rounding of the dot products and far below
** CL_EPSILON relative to the coordinates), when |v| <= tol (the cores
** meet), when the origin is inside a tetrahedron, when w repeats a vertex
** or |v| stops decreasing (rounding: the best simplex is kept), and in any
** case after CL_GJK_MAX_ITER support points. The distance is then exact
** to about tol. A run stopped by rounding or by the cap before its gap
** closed gives an upper bound only (*touch 2): distance.c then decides
** with the exact pair test.
**
** The simplex's nearest point is found by enumeration in the manner of
** Johnson's sub-algorithm: a segment by projection, a triangle by the
** projection on its plane when it lies inside all three edges and is no
** farther than the nearest edge point (as points.c does, which stays
** right on slivers), a tetrahedron by signed volumes, else its nearest
** face. A simplex flattened by rounding (collinear or coplanar points) is
** handled by its edges or faces, never by a division by a tiny area.
*/
#include <float.h>
#include "gjk.h"

/* a simplex vertex: w = a - b with a on core A, b on core B */
typedef struct { double w[3], a[3], b[3]; } vert;

/* the nearest point to the origin of the segment p-q: weights l[0], l[1] */
static double near_segment(const double p[3], const double q[3], double l[2]) {
  double e[3], ee, t, x[3];
  cl_sub(e, q, p);
  ee = cl_dot(e, e);
  t = ee > 0 ? -cl_dot(p, e) / ee : 0;
  if (!(t > 0)) t = 0;                   /* also NaN from an overflowed ee */
  if (t > 1) t = 1;
  l[0] = 1 - t; l[1] = t;
  if (t == 1) cl_copy(x, q); else cl_madd(x, p, e, t);
  return cl_dot(x, x);
}

/* the nearest point to the origin of triangle p0 p1 p2: weights l */
static double near_triangle(const double (*p)[3], double l[3]) {
  double best = INFINITY, n[3], e1[3], e2[3], nn, ll, h;
  int i;
  /* the edges first: the answer whenever the projection is outside */
  for (i = 0; i < 3; i++) {
    int j = (i + 1) % 3;
    double w[2], d2 = near_segment(p[i], p[j], w);
    if (i == 0 || d2 < best) {
      best = d2;
      l[0] = l[1] = l[2] = 0;
      l[i] = w[0]; l[j] = w[1];
    }
  }
  /* the normal, height and weights from the vertex k opposite the
  ** longest edge, with its two shorter edges: a sliver with a far vertex
  ** keeps its accuracy */
  {
    double E[3][3], L[3], q[3], r[3], c[3], w1, w2, d2;
    int lo = 0, k, k1, k2, inside = 1;
    for (i = 0; i < 3; i++) {
      cl_sub(E[i], p[(i + 1) % 3], p[i]);
      L[i] = cl_dot(E[i], E[i]);
      if (L[i] > L[lo]) lo = i;
    }
    k = (lo + 2) % 3; k1 = (k + 1) % 3; k2 = (k + 2) % 3;
    cl_sub(e1, p[k1], p[k]);
    cl_sub(e2, p[k2], p[k]);
    cl_cross(n, e1, e2);
    nn = cl_dot(n, n);
    ll = L[lo];
    if (!(nn > 1e-24 * ll * ll) || !(nn < INFINITY)) return best;
    h = cl_dot(p[k], n) / nn;
    cl_scale(q, n, h);                    /* the origin projected on the plane */
    for (i = 0; i < 3 && inside; i++) {
      cl_sub(r, q, p[i]);
      cl_cross(c, E[i], r);
      if (cl_dot(c, n) < 0) inside = 0;
    }
    if (!inside) return best;
    d2 = cl_dot(q, q);
    if (!(d2 <= best)) return best;
    cl_sub(r, q, p[k]);
    cl_cross(c, r, e2); w1 = cl_dot(c, n) / nn;
    cl_cross(c, e1, r); w2 = cl_dot(c, n) / nn;
    w1 = cl_clamp(w1, 0, 1); w2 = cl_clamp(w2, 0, 1 - w1);
    l[k] = 1 - w1 - w2; l[k1] = w1; l[k2] = w2;
    return d2;
  }
}

static double vol(const double a[3], const double b[3], const double c[3], const double d[3]) {
  double x[3], y[3], z[3], cr[3];
  cl_sub(x, b, a); cl_sub(y, c, a); cl_sub(z, d, a);
  cl_cross(cr, y, z);
  return cl_dot(x, cr);
}

/* the nearest point of the simplex s[0..n-1] to the origin: its weights;
** returns the squared distance, or -1 when the origin is inside a
** tetrahedron */
static double near_simplex(const vert *s, int n, double l[4]) {
  double p[3][3];
  int i;
  l[0] = l[1] = l[2] = l[3] = 0;
  if (n == 1) { l[0] = 1; return cl_dot(s[0].w, s[0].w); }
  if (n == 2) return near_segment(s[0].w, s[1].w, l);
  if (n == 3) {
    for (i = 0; i < 3; i++) cl_copy(p[i], s[i].w);
    return near_triangle((const double (*)[3])p, l);
  }
  {
    static const int face[4][3] = {{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}};
    double o[3] = {0, 0, 0}, det = vol(s[0].w, s[1].w, s[2].w, s[3].w), m = 0, best = INFINITY;
    int f;
    for (i = 0; i < 4; i++) m = fmax(m, cl_maxabs3(s[i].w));
    /* signed volumes (Cramer's rule), trusted below only when they
    ** rebuild the origin: a flat or thin tetrahedron's are rounding */
    if (det != 0 && fabs(det) < INFINITY) {
      double lv[4];
      lv[0] = vol(o, s[1].w, s[2].w, s[3].w) / det;
      lv[1] = vol(s[0].w, o, s[2].w, s[3].w) / det;
      lv[2] = vol(s[0].w, s[1].w, o, s[3].w) / det;
      lv[3] = vol(s[0].w, s[1].w, s[2].w, o) / det;
      if (lv[0] >= 0 && lv[1] >= 0 && lv[2] >= 0 && lv[3] >= 0) {
        /* trusted only when the weights rebuild the origin and sum to 1
        ** (a thin tetrahedron's are known to its rounding over its volume) */
        double x[3] = {0, 0, 0}, sum = lv[0] + lv[1] + lv[2] + lv[3];
        for (i = 0; i < 4; i++) cl_madd(x, x, s[i].w, lv[i]);
        if (cl_maxabs3(x) <= CL_GJK_REL * m && fabs(sum - 1) <= 1e-12) {
          for (i = 0; i < 4; i++) l[i] = lv[i];
          return -1;
        }
      }
    }
    for (f = 0; f < 4; f++) {
      double fl[3], d2;
      for (i = 0; i < 3; i++) cl_copy(p[i], s[face[f][i]].w);
      d2 = near_triangle((const double (*)[3])p, fl);
      if (f == 0 || d2 < best) {
        best = d2;
        l[0] = l[1] = l[2] = l[3] = 0;
        for (i = 0; i < 3; i++) l[face[f][i]] = fl[i];
      }
    }
    return best;
  }
}

static void combine(const vert *s, int n, const double l[4], double ca[3], double cb[3]) {
  int i;
  cl_set(ca, 0, 0, 0);
  cl_set(cb, 0, 0, 0);
  for (i = 0; i < n; i++) {
    cl_madd(ca, ca, s[i].a, l[i]);
    cl_madd(cb, cb, s[i].b, l[i]);
  }
}

double cl_core_distance(const cl_core *A, const cl_core *B, double ca[3], double cb[3],
                        int *touch) {
  vert s[4], best_s[4];
  double l[4], best_l[4], v[3], vv, tol, scale;
  int n = 0, best_n, it, inside = 0, certified = 0;
  scale = fmax(cl_core_scale(A), cl_core_scale(B));
  tol = CL_GJK_REL * scale;
  /* start from the difference of two support points */
  {
    double dir[3] = {1, 0, 0}, x[3];
    cl_core_support(A, dir, s[0].a);
    cl_scale(x, dir, -1);
    cl_core_support(B, x, s[0].b);
    cl_sub(s[0].w, s[0].a, s[0].b);
    n = 1;
    l[0] = 1;
  }
  cl_copy(v, s[0].w);
  vv = cl_dot(v, v);
  best_n = n; best_s[0] = s[0]; best_l[0] = 1; best_l[1] = best_l[2] = best_l[3] = 0;
  for (it = 0; it < CL_GJK_MAX_ITER; it++) {
    vert w;
    double nv[3], len = sqrt(vv), gap, nl[4], d2;
    int i, k, dup = 0;
    if (len <= tol) { certified = 1; break; }            /* the cores meet */
    cl_scale(nv, v, -1);
    cl_core_support(A, nv, w.a);
    cl_core_support(B, v, w.b);
    cl_sub(w.w, w.a, w.b);
    gap = vv - cl_dot(v, w.w);                           /* >= |v| (|v| - dist) */
    if (!(gap > tol * len)) { certified = 1; break; }
    for (i = 0; i < n; i++)
      if (s[i].w[0] == w.w[0] && s[i].w[1] == w.w[1] && s[i].w[2] == w.w[2]) dup = 1;
    if (dup) break;
    s[n++] = w;
    d2 = near_simplex(s, n, nl);
    if (d2 < 0) {                                        /* origin inside */
      for (i = 0; i < 4; i++) l[i] = nl[i];
      inside = 1;
      break;
    }
    if (!(d2 < vv)) break;                               /* no progress: keep the best */
    /* keep the vertices that carry weight */
    for (i = 0, k = 0; i < n; i++)
      if (nl[i] > 0) { s[k] = s[i]; l[k] = nl[i]; k++; }
    if (k == 0) { s[0] = s[n - 1]; l[0] = 1; k = 1; }    /* cannot happen; never empty */
    n = k;
    {
      double x[3], y[3];
      combine(s, n, l, x, y);
      cl_sub(v, x, y);
    }
    vv = d2;
    best_n = n;
    for (i = 0; i < n; i++) { best_s[i] = s[i]; best_l[i] = l[i]; }
  }
  if (inside) {
    combine(s, 4, l, ca, cb);
    cl_copy(cb, ca);
    *touch = 1;
    return 0;
  }
  combine(best_s, best_n, best_l, ca, cb);
  {
    double d[3], dist;
    cl_sub(d, ca, cb);
    dist = cl_length(d);
    if (dist <= tol) { cl_copy(cb, ca); *touch = 1; return 0; }
    /* stopped by rounding (a repeated vertex, no progress) or by the cap
    ** before the gap closed: an upper bound only */
    *touch = certified ? 0 : 2;
    return dist;
  }
}

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
} seg_near;

/* a search along the segment from a, direction du (unit), length len */
static void near_start(seg_near *sn, const double *a, const double *du, double len) {
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
  l = cl_normalize(u);
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
      if ((g1 * g1 + g2 * g2) * (1 - 1e-9) > sn->best) continue;
      near_edge(sn, e0, e1);
    }
  }
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
  tol = 1e-9 * (1 + fmax(cl_maxabs3(t->v[0]), fmax(cl_maxabs3(t->v[1]), cl_maxabs3(t->v[2]))));
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
    if (bounds_gap2(a, b, e0, e1) * (1 - 1e-9) > sn->best) continue;
    near_edge(sn, e0, e1);
  }
}

/* cl_segment_distance searching only below the squared distance best0
** (INFINITY: all): INFINITY when nothing of x is nearer. Every culled
** feature is farther than the best so far, which is never above best0, so
** a nearest feature below best0 is never culled. */
static double segment_near(const cl_shape *x, const double a[3], const double b[3], double p[3],
                           double q[3], double best0) {
  static const double x_axis[3] = {1, 0, 0};
  seg_near sn;
  cl_ray r;
  cl_hit h;
  double du[3], len, sa = 0, sb = 0;
  int k, apart = 0;
  if (x->tag != CL_AABB && x->tag != CL_OBB && x->tag != CL_TRIANGLE)
    return golden_segment(x, a, b, p, q);
  cl_sub(du, b, a);
  len = cl_normalize(du);
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
  near_start(&sn, a, du, len);
  sn.best = best0;
  if (x->tag == CL_AABB) {
    near_box(&sn, a, b, x->aabb.min, x->aabb.max);
  } else if (x->tag == CL_OBB) {
    /* in the box's frame, the points brought back */
    const cl_obb *o = &x->obb;
    double la[3], lb[3], lo[3], ld[3], da[3], db[3];
    seg_near ln;
    cl_sub(da, a, o->c);
    cl_sub(db, b, o->c);
    for (k = 0; k < 3; k++) {
      la[k] = cl_dot(da, o->u[k]);
      lb[k] = cl_dot(db, o->u[k]);
      ld[k] = cl_dot(du, o->u[k]);
      lo[k] = -o->e[k];
    }
    near_start(&ln, la, ld, len);
    ln.best = best0;
    near_box(&ln, la, lb, lo, o->e);
    sn.best = ln.best;
    sn.s = ln.s;
    cl_copy(sn.q, o->c);
    for (k = 0; k < 3; k++) cl_madd(sn.q, sn.q, o->u[k], ln.q[k]);
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
  return segment_near(x, a, b, p, q, INFINITY);
}

/* the largest magnitude of x's defining numbers, for a box or a triangle */
static double defining_maxabs(const cl_shape *x) {
  switch (x->tag) {
    case CL_AABB: return fmax(cl_maxabs3(x->aabb.min), cl_maxabs3(x->aabb.max));
    case CL_OBB: return cl_maxabs3(x->obb.c) + x->obb.e[0] + x->obb.e[1] + x->obb.e[2];
    case CL_TRIANGLE:
      return fmax(cl_maxabs3(x->tri.v[0]), fmax(cl_maxabs3(x->tri.v[1]), cl_maxabs3(x->tri.v[2])));
    default: return INFINITY;
  }
}

int cl_segment_within(const cl_shape *x, const double a[3], const double b[3], double r) {
  double p[3], q[3];
  /* squares of numbers below 1e150 do not overflow, so a search cut at
  ** (a hair over) r * r finds the nearest feature within r whenever the
  ** whole search would; else the whole search */
  if (r >= 0 && r < 1e150 && cl_maxabs3(a) < 1e150 && cl_maxabs3(b) < 1e150
      && defining_maxabs(x) < 1e150)
    return segment_near(x, a, b, p, q, r * r * (1 + 1e-12) + DBL_MIN) <= r;
  return cl_segment_distance(x, a, b, p, q) <= r;
}
