/*
** gjk.c - distance between convex shapes: the Gilbert-Johnson-Keerthi
** algorithm on the shapes' cores, each known by its support points alone
** (support.h; Ericson, Real-Time Collision Detection,
** 9.5; van den Bergen, "A fast and robust GJK implementation for collision
** detection of convex objects", 1999), with the rounded shapes (sphere,
** capsule) as a point or segment core grown by their radius, so that they
** are exact. The distance between two shapes built on it is distance.c;
** the distance between a segment and a shape, segment.c.
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
#include "fp.h"
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
    for (i = 0; i < 4; i++) m = cl_fmax(m, cl_maxabs3(s[i].w));
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

/* GJK; with tetra not NULL, the four points of the Minkowski difference
** a tetrahedron that holds the origin, when the run ends on one */
static double gjk(const cl_core *A, const cl_core *B, double ca[3], double cb[3], int *touch,
                  double (*tetra)[3], int *has_tetra) {
  vert s[4], best_s[4];
  double l[4], best_l[4], v[3], vv, tol, scale;
  int n = 0, best_n, it, inside = 0, certified = 0;
  scale = cl_fmax(cl_core_scale(A), cl_core_scale(B));
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
    if (tetra != NULL) {
      int i;
      for (i = 0; i < 4; i++) cl_copy(tetra[i], s[i].w);
      *has_tetra = 1;
    }
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

double cl_core_distance(const cl_core *A, const cl_core *B, double ca[3], double cb[3],
                        int *touch) {
  return gjk(A, B, ca, cb, touch, NULL, NULL);
}

int cl_core_tetra(const cl_core *A, const cl_core *B, double tetra[4][3]) {
  double ca[3], cb[3];
  int touch, has = 0;
  gjk(A, B, ca, cb, &touch, tetra, &has);
  return has;
}
