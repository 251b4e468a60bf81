/*
** frustum.c - a view frustum as six inward planes and its eight corners,
** and exact classification of points and shapes against the solid.
**
** classify is exact: a plane-by-plane pass first (cl_classify, the usual
** engine test), and for what it leaves crossing, separating axes over the
** frustum's face normals, its edge directions crossed with the shape's
** edges, and the shape's own face normals (Ericson, Real-Time Collision
** Detection, 5.2.1 and 4.4); spheres by their distance to the frustum's
** faces instead, capsules by meeting a face.
*/
#include "fp.h"
#include "tolerance.h"
#include "collide/frustum.h"
#include "sat.h"
#include "collide/hull.h"
#include "compound_ops.h"

/* corner i: its left/right, bottom/top and near/far planes */
static const int CORNER_PLANES[8][3] = {
  {0, 2, 4}, {1, 2, 4}, {0, 3, 4}, {1, 3, 4}, {0, 2, 5}, {1, 2, 5}, {0, 3, 5}, {1, 3, 5}
};
/* the 12 edges as corner pairs: near quad, far quad, then the sides */
static const int EDGES[12][2] = {
  {0, 1}, {2, 3}, {0, 2}, {1, 3}, {4, 5}, {6, 7}, {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}
};
/* each face's corners in order around it, in plane order */
static const int FACES[6][4] = {
  {0, 2, 6, 4}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 3, 7, 6}, {0, 1, 3, 2}, {4, 5, 7, 6}
};

static double signed_dist(const cl_plane *p, const double x[3]) {
  return cl_dot(p->n, x) - p->d;
}

/* Everything derived from g->p. 0 when the planes bound no frustum. */
static int derive(cl_frustum *g) {
  double n[6][3], scale = 0, tol;
  int i, k;
  /* the normals as their accessor gives them (never -0), so corners
  ** come out bit for bit as they always have */
  for (k = 0; k < 6; k++) cl_set(n[k], g->p[k].n[0] + 0.0, g->p[k].n[1] + 0.0, g->p[k].n[2] + 0.0);
  /* p = (da (nb x nc) + db (nc x na) + dc (na x nb)) / (na . (nb x nc)),
  ** Ericson 5.4.5 */
  for (i = 0; i < 8; i++) {
    int a = CORNER_PLANES[i][0], b = CORNER_PLANES[i][1], c = CORNER_PLANES[i][2];
    double bc[3], ca[3], ab[3], det, da = g->p[a].d, db = g->p[b].d, dc = g->p[c].d;
    cl_cross(bc, n[b], n[c]);
    cl_cross(ca, n[c], n[a]);
    cl_cross(ab, n[a], n[b]);
    det = cl_dot(n[a], bc);
    if (!(fabs(det) > CL_EPSILON)) return 0;
    for (k = 0; k < 3; k++) {
      g->c[i][k] = (da * bc[k] + db * ca[k] + dc * ab[k]) / det;
      if (!isfinite(g->c[i][k])) return 0;
    }
  }
  /* every corner on the inner side of all six planes */
  for (i = 0; i < 8; i++) {
    double m = cl_maxabs3(g->c[i]);
    if (m > scale) scale = m;
  }
  tol = CL_EPSILON * (1 + scale);
  for (i = 0; i < 8; i++)
    for (k = 0; k < 6; k++)
      if (cl_dot(n[k], g->c[i]) - g->p[k].d < -tol) return 0;
  /* and some corner strictly inside each plane: a plane given twice (or
  ** facing its opposite) puts all eight on it, a flat or unbounded region */
  for (k = 0; k < 6; k++) {
    int inside = 0;
    for (i = 0; i < 8 && !inside; i++) inside = cl_dot(n[k], g->c[i]) - g->p[k].d > tol;
    if (!inside) return 0;
  }
  /* the distinct edge directions, unit */
  g->ne = 0;
  for (i = 0; i < 12; i++) {
    double e[3], len;
    int j, dup = 0;
    cl_sub(e, g->c[EDGES[i][1]], g->c[EDGES[i][0]]);
    len = cl_length(e);
    if (!(len > 0)) continue;
    cl_set(e, e[0] / len, e[1] / len, e[2] / len);
    for (j = 0; j < g->ne && !dup; j++) {
      double x[3];
      cl_cross(x, g->e[j], e);
      dup = cl_dot(x, x) <= CL_EPSILON * CL_EPSILON;
    }
    if (!dup) cl_copy(g->e[g->ne++], e);
  }
  /* the faces as triangles, for the distance of a sphere's centre */
  for (k = 0; k < 6; k++) {
    const int *q = FACES[k];
    cl_triangle_init(&g->face[2 * k].tri, g->c[q[0]], g->c[q[1]], g->c[q[2]]);
    cl_triangle_init(&g->face[2 * k + 1].tri, g->c[q[0]], g->c[q[2]], g->c[q[3]]);
  }
  return 1;
}

int cl_frustum_init(cl_frustum *f, const cl_plane p[6]) {
  cl_frustum g;
  int k;
  for (k = 0; k < 6; k++) g.p[k] = p[k];
  if (!derive(&g)) return 0;
  *f = g;
  return 1;
}

/* Gribb and Hartmann, "Fast extraction of viewing frustum planes from the
** world-view-projection matrix": with clip = M (x, y, z, 1) and OpenGL's
** -w <= x, y, z <= w, the planes are row 4 + row 1, row 4 - row 1, then
** rows 2 and 3 likewise. */
int cl_frustum_from_matrix(cl_frustum *f, const double m[16], int row_order) {
  cl_frustum g;
  double e[4][4];
  int i, j;
  for (i = 0; i < 4; i++)                 /* e[i][j]: row i, column j */
    for (j = 0; j < 4; j++) e[i][j] = row_order ? m[i * 4 + j] : m[j * 4 + i];
  for (i = 0; i < 6; i++) {
    const double *r = e[i / 2], sign = i % 2 ? -1 : 1;
    double nrm[3], d;
    nrm[0] = e[3][0] + sign * r[0];
    nrm[1] = e[3][1] + sign * r[1];
    nrm[2] = e[3][2] + sign * r[2];
    d = e[3][3] + sign * r[3];
    if ((nrm[0] == 0 && nrm[1] == 0 && nrm[2] == 0) || !isfinite(nrm[0]) || !isfinite(nrm[1])
        || !isfinite(nrm[2]) || !isfinite(d))
      return 0;
    if (!cl_plane_init(&g.p[i], nrm, -d)) return 0;
  }
  if (!derive(&g)) return 0;
  *f = g;
  return 1;
}

int cl_frustum_classify_point(const cl_frustum *f, const double x[3]) {
  int k, result = 1;
  for (k = 0; k < 6; k++) {
    double s = signed_dist(&f->p[k], x);
    if (s < 0) return -1;
    if (s == 0) result = 0;
  }
  return result;
}

/* the frustum's extent along the axis a */
static void extent(const cl_frustum *f, const double a[3], double *lo, double *hi) {
  double l = cl_dot(a, f->c[0]), h = l;
  int i;
  for (i = 1; i < 8; i++) {
    double v = cl_dot(a, f->c[i]);
    if (v < l) l = v; else if (v > h) h = v;
  }
  *lo = l; *hi = h;
}

static int box_sep(const cl_frustum *f, const cl_box *b, const double a[3]) {
  double lo, hi, m = cl_dot(a, b->c), r = cl_box_radius(b, a);
  extent(f, a, &lo, &hi);
  return m + r < lo || m - r > hi;
}

/* an aabb or obb: whether some axis separates it from the frustum */
static int box_separated(const cl_frustum *f, const cl_shape *s) {
  cl_box b;
  int j, k;
  cl_box_of(s, &b);
  for (k = 0; k < 6; k++) if (box_sep(f, &b, f->p[k].n)) return 1;
  for (k = 0; k < 3; k++) if (box_sep(f, &b, b.u[k])) return 1;
  for (j = 0; j < f->ne; j++)
    for (k = 0; k < 3; k++) {
      double a[3];
      cl_cross(a, f->e[j], b.u[k]);
      if (cl_axis_ok(a, f->e[j], b.u[k]) && box_sep(f, &b, a)) return 1;
    }
  return 0;
}

static int tri_sep(const cl_frustum *f, const double (*v)[3], const double a[3]) {
  double lo, hi, p0 = cl_dot(a, v[0]), p1 = cl_dot(a, v[1]), p2 = cl_dot(a, v[2]);
  double tlo = p0, thi = p0;
  if (p1 < tlo) tlo = p1; else if (p1 > thi) thi = p1;
  if (p2 < tlo) tlo = p2; else if (p2 > thi) thi = p2;
  extent(f, a, &lo, &hi);
  return thi < lo || tlo > hi;
}

static int hull_sep(const cl_frustum *f, const cl_hull *h, const double a[3]) {
  double lo, hi, hlo, hhi;
  extent(f, a, &lo, &hi);
  cl_hull_extent(h, a, &hlo, &hhi);
  return hhi < lo || hlo > hi;
}

/* a hull: the frustum's planes, the hull's faces and the crosses of
** their edges, as the box's */
static int hull_separated(const cl_frustum *f, const cl_hull *h) {
  double n[3], d, a[3], b[3], e[3], x[3];
  int j, k;
  for (k = 0; k < 6; k++) if (hull_sep(f, h, f->p[k].n)) return 1;
  for (k = 0; k < h->h->nf; k++) {
    cl_hull_face(h, k, n, &d);
    if (hull_sep(f, h, n)) return 1;
  }
  for (k = 0; k < h->h->ne; k++) {
    cl_hull_edge(h, k, a, b);
    cl_sub(e, b, a);
    for (j = 0; j < f->ne; j++) {
      cl_cross(x, f->e[j], e);
      if (cl_axis_ok(x, f->e[j], e) && hull_sep(f, h, x)) return 1;
    }
  }
  return 0;
}

/* a triangle by its three vertices (a degenerate one too: its normal is
** then too short to serve and is skipped) */
static int tri_separated(const cl_frustum *f, const cl_triangle *t) {
  const double (*v)[3] = (const double (*)[3])t->v;
  double e[3][3], n[3];
  int j, k;
  for (k = 0; k < 6; k++) if (tri_sep(f, v, f->p[k].n)) return 1;
  for (k = 0; k < 3; k++) cl_sub(e[k], v[k == 2 ? 0 : k + 1], v[k]);
  cl_cross(n, e[0], e[2]);
  if (cl_axis_ok(n, e[0], e[2]) && tri_sep(f, v, n)) return 1;
  for (j = 0; j < f->ne; j++)
    for (k = 0; k < 3; k++) {
      double a[3];
      cl_cross(a, f->e[j], e[k]);
      if (cl_axis_ok(a, f->e[j], e[k]) && tri_sep(f, v, a)) return 1;
    }
  return 0;
}

/* the part t in [t0, t1] of o + t d that the six half-spaces keep
** (Cyrus-Beck; Ericson 5.3.8); 0 when none */
static int clip(const cl_frustum *f, const double o[3], const double d[3], double *t0,
                double *t1) {
  int k;
  for (k = 0; k < 6; k++) {
    double s = signed_dist(&f->p[k], o), den = cl_dot(f->p[k].n, d);
    if (den == 0) {
      if (s < 0) return 0;
    } else if (den > 0) {
      double t = -s / den;
      if (t > *t0) *t0 = t;
    } else {
      double t = -s / den;
      if (t < *t1) *t1 = t;
    }
    if (*t0 > *t1) return 0;
  }
  return 1;
}

static int classify_ray(const cl_frustum *f, const cl_ray *r) {
  double t0 = 0, t1 = r->tmax, end[3];
  if (!clip(f, r->o, r->d, &t0, &t1)) return -1;
  if (r->tmax == INFINITY) return 0;            /* an endless ray is never inside */
  cl_madd(end, r->o, r->d, r->tmax);
  return cl_frustum_classify_point(f, r->o) == 1 && cl_frustum_classify_point(f, end) == 1 ? 1 : 0;
}

/* a plane meets the solid when its corners are not all strictly on one
** side; the frustum is never inside a plane */
static int classify_plane(const cl_frustum *f, const cl_plane *p) {
  int i, pos = 0, neg = 0;
  for (i = 0; i < 8; i++) {
    double s = signed_dist(p, f->c[i]);
    if (s >= 0) pos = 1;
    if (s <= 0) neg = 1;
  }
  return pos && neg ? 0 : -1;
}

/* a sphere whose centre is outside: its distance to the nearest face */
static int sphere_meets(const cl_frustum *f, const cl_sphere *s) {
  int i;
  if (cl_frustum_classify_point(f, s->c) >= 0) return 1;
  for (i = 0; i < 12; i++)
    if (cl_distance(&f->face[i], s->c) <= s->r) return 1;
  return 0;
}

/* a capsule that is neither inside every plane nor outside one meets the
** solid exactly when it meets one of its faces (a capsule holding the
** whole frustum holds the faces too): the capsule-triangle test of
** intersect.c, face by face */
static int capsule_meets(const cl_frustum *f, const cl_shape *c) {
  int i;
  for (i = 0; i < 12; i++)
    if (cl_intersects(c, &f->face[i])) return 1;
  return 0;
}

int cl_frustum_classify(const cl_frustum *f, const cl_shape *s, int planes_only) {
  int k, result = 1;
  switch (s->tag) {
    case CL_RAY: return classify_ray(f, &s->ray);
    case CL_PLANE: return classify_plane(f, &s->plane);
    case CL_COMPOUND: {
      /* inside when every child is, outside when every child is */
      cl_shape ch;
      int i, in = 1, out = 1;
      for (i = 0; i < s->compound.d->n; i++) {
        int c;
        cl_compound_child(&s->compound, i, &ch);
        c = cl_frustum_classify(f, &ch, planes_only);
        if (c >= 0) out = 0;
        if (c <= 0) in = 0;
      }
      return in ? 1 : (out ? -1 : 0);
    }
    default: break;
  }
  /* plane by plane: exact for "outside one plane" and "inside all" */
  for (k = 0; k < 6; k++) {
    int c = cl_classify(&f->p[k], s);
    if (c < 0) return -1;
    if (c == 0) result = 0;
  }
  if (result == 1 || planes_only) return result;
  switch (s->tag) {
    case CL_SPHERE: return sphere_meets(f, &s->sphere) ? 0 : -1;
    case CL_CAPSULE: return capsule_meets(f, s) ? 0 : -1;
    case CL_TRIANGLE: return tri_separated(f, &s->tri) ? -1 : 0;
    case CL_AABB: case CL_OBB: return box_separated(f, s) ? -1 : 0;
    case CL_HULL: return hull_separated(f, &s->hull) ? -1 : 0;
    default: return 0;
  }
}
