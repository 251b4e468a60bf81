/*
** epa.c - the penetration of two overlapping convex cores: the expanding
** polytope algorithm (van den Bergen, "Proximity Queries and Penetration
** Depth Computation on 3D Game Objects", GDC 2001; Ericson, Real-Time
** Collision Detection, 9.5.1's outlook). GJK (gjk.c) ends on a tetrahedron
** of the Minkowski difference A - B that holds the origin; the polytope
** then grows towards the difference's boundary: its face nearest the
** origin is pushed out by the support point along its normal (the faces
** that point sees are removed and their horizon joined to it) until the
** support point lies within tol of that face. The face's distance d and
** the support's height are then a lower and an upper bound of the depth;
** b moved by the depth along the face's normal leaves a. Each step asks
** each core for one support point, so the cost grows with the vertices of
** the cores, not with the product of their edges.
**
** The polytope lives on the C stack (EPA_MAXV vertices, EPA_MAXF faces);
** a run that would need more, or that meets a face it cannot orient
** (rounding), answers 0 and its caller falls back on an exact method.
*/
#include "fp.h"
#include "gjk.h"

#define EPA_MAXV 128
#define EPA_MAXF 512
#define EPA_MAX_ITER 120

typedef struct { int v[3], alive; double n[3], d; } face;

typedef struct {
  double (*v)[3];
  int nv, nf;
  face *f;
} polytope;

static void support(const cl_core *A, const cl_core *B, const double d[3], double w[3]) {
  double a[3], b[3], nd[3];
  cl_core_support(A, d, a);
  cl_scale(nd, d, -1);
  cl_core_support(B, nd, b);
  cl_sub(w, a, b);
}

/* face (a, b, c) counter-clockwise seen from outside: 0 when its normal
** cannot be had or the origin lies outside it beyond tol */
static int make_face(polytope *P, int a, int b, int c, double tol) {
  face *f;
  double e1[3], e2[3];
  int i;
  for (i = 0; i < P->nf && P->f[i].alive; i++) {}
  if (i == P->nf) {
    if (P->nf == EPA_MAXF) return 0;
    P->nf++;
  }
  f = &P->f[i];
  f->v[0] = a; f->v[1] = b; f->v[2] = c;
  cl_sub(e1, P->v[b], P->v[a]);
  cl_sub(e2, P->v[c], P->v[a]);
  cl_cross(f->n, e1, e2);
  if (cl_normalize(f->n) == 0) return 0;
  f->d = cl_dot(f->n, P->v[a]);
  if (f->d < -tol) return 0;
  f->alive = 1;
  return 1;
}

/* the horizon: edges of removed faces, an edge met twice (from both
** sides) cancelled */
typedef struct { int a, b; } edge;

static void add_edge(edge *e, int *ne, int a, int b) {
  int i;
  for (i = 0; i < *ne; i++)
    if (e[i].a == b && e[i].b == a) { e[i] = e[--*ne]; return; }
  e[*ne].a = a;
  e[*ne].b = b;
  (*ne)++;
}

int cl_core_penetration(const cl_core *A, const cl_core *B, double n[3], double *lo,
                        double *hi) {
  double v[EPA_MAXV][3], tetra[4][3], tol;
  face f[EPA_MAXF];
  edge e[3 * EPA_MAXF];
  polytope P;
  int i, it;
  static const int tf[4][3] = {{0, 1, 2}, {0, 3, 1}, {0, 2, 3}, {1, 3, 2}};
  if (!cl_core_tetra(A, B, tetra)) return 0;
  tol = CL_EPA_REL * cl_fmax(cl_core_scale(A), cl_core_scale(B));
  P.v = v; P.f = f; P.nv = 4; P.nf = 0;
  for (i = 0; i < 4; i++) cl_copy(v[i], tetra[i]);
  {
    /* orient the tetrahedron's faces outwards */
    double e1[3], e2[3], cr[3], e3[3];
    int flip;
    cl_sub(e1, v[1], v[0]);
    cl_sub(e2, v[2], v[0]);
    cl_sub(e3, v[3], v[0]);
    cl_cross(cr, e1, e2);
    flip = cl_dot(cr, e3) > 0;
    for (i = 0; i < 4; i++) {
      int b = flip ? tf[i][2] : tf[i][1], c = flip ? tf[i][1] : tf[i][2];
      if (!make_face(&P, tf[i][0], b, c, tol)) return 0;
    }
  }
  for (it = 0; it < EPA_MAX_ITER; it++) {
    face *best = NULL;
    double w[3], h;
    int ne = 0, k;
    for (i = 0; i < P.nf; i++)
      if (f[i].alive && (best == NULL || f[i].d < best->d)) best = &f[i];
    if (best == NULL) return 0;
    support(A, B, best->n, w);
    h = cl_dot(w, best->n);
    if (h - best->d <= tol) {
      cl_copy(n, best->n);
      *lo = best->d > 0 ? best->d : 0;
      *hi = h > *lo ? h : *lo;
      return 1;
    }
    if (P.nv == EPA_MAXV) return 0;
    k = P.nv++;
    cl_copy(v[k], w);
    for (i = 0; i < P.nf; i++) {
      double x[3];
      if (!f[i].alive) continue;
      cl_sub(x, w, v[f[i].v[0]]);
      if (cl_dot(f[i].n, x) > 0) {
        f[i].alive = 0;
        add_edge(e, &ne, f[i].v[0], f[i].v[1]);
        add_edge(e, &ne, f[i].v[1], f[i].v[2]);
        add_edge(e, &ne, f[i].v[2], f[i].v[0]);
      }
    }
    if (ne < 3) return 0;
    for (i = 0; i < ne; i++)
      if (!make_face(&P, e[i].a, e[i].b, k, tol)) return 0;
  }
  return 0;
}
