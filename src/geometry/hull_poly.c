/*
** hull_poly.c - each kind as a convex polytope in the frame of the hull it
** is tested against (hull_poly.h): a box's corners and six faces, a
** triangle's corners and its two sides, a hull's vertices and faces
** turned into the other's frame.
*/
#include "fp.h"
#include "hull_frame.h"
#include "hull_poly.h"

/* a box's twelve edges: corners (bit k of a corner picks -e or +e on axis
** k) and the faces beside, face 2k + s having normal (2s - 1) u[k] */
static const int box_edges[12][4] = {
  {0, 1, 2, 4}, {2, 3, 3, 4}, {4, 5, 2, 5}, {6, 7, 3, 5},
  {0, 2, 0, 4}, {1, 3, 1, 4}, {4, 6, 0, 5}, {5, 7, 1, 5},
  {0, 4, 0, 2}, {1, 5, 1, 2}, {2, 6, 0, 3}, {3, 7, 1, 3}
};
static const int tri_edges[3][4] = {{0, 1, -1, -1}, {1, 2, -1, -1}, {2, 0, -1, -1}};

static void box_poly(const cl_hull *h, const double c[3], const double e[3],
                     const double (*u)[3], cl_poly *P, cl_poly_store *st) {
  double lc[3], lu[3][3];
  int i, k;
  cl_hull_point_in(h, c, lc);
  for (k = 0; k < 3; k++) cl_hull_dir_in(h, u[k], lu[k]);
  for (i = 0; i < 8; i++) {
    cl_copy(st->v[i], lc);
    for (k = 0; k < 3; k++) cl_madd(st->v[i], st->v[i], lu[k], (i >> k) & 1 ? e[k] : -e[k]);
  }
  for (k = 0; k < 3; k++) {
    double m = cl_dot(lu[k], lc);
    cl_scale(st->pl[2 * k], lu[k], -1);
    st->pl[2 * k][3] = e[k] - m;
    cl_copy(st->pl[2 * k + 1], lu[k]);
    st->pl[2 * k + 1][3] = e[k] + m;
  }
  P->nv = 8; P->nf = 6; P->ne = 12;
  P->e = box_edges;
  cl_copy(P->c, lc);
}

void cl_poly_aabb(const cl_hull *h, const cl_aabb *b, cl_poly *P, cl_poly_store *st) {
  double c[3], e[3], u[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  cl_aabb_frame(b, c, e);
  box_poly(h, c, e, (const double (*)[3])u, P, st);
}

void cl_poly_obb(const cl_hull *h, const cl_obb *o, cl_poly *P, cl_poly_store *st) {
  box_poly(h, o->c, o->e, (const double (*)[3])o->u, P, st);
}

void cl_poly_triangle(const cl_hull *h, const cl_triangle *t, cl_poly *P, cl_poly_store *st) {
  int i;
  cl_set(P->c, 0, 0, 0);
  for (i = 0; i < 3; i++) {
    cl_hull_point_in(h, t->v[i], st->v[i]);
    cl_madd(P->c, P->c, st->v[i], 1.0 / 3);
  }
  P->nv = 3; P->ne = 3; P->e = tri_edges; P->nf = 0;
  if (!t->degenerate) {
    cl_hull_dir_in(h, t->n, st->pl[0]);
    st->pl[0][3] = cl_dot(st->pl[0], st->v[0]);
    cl_scale(st->pl[1], st->pl[0], -1);
    st->pl[1][3] = -st->pl[0][3];
    P->nf = 2;
  }
}

void cl_poly_hull(const cl_hull *h, const cl_hull *o, cl_poly *P, cl_poly_store *st) {
  const cl_hull_data *d = o->h;
  double R[3][3], t[3];
  int i, k;
  /* R: o's local axes in h's frame (columns), t: o's position there */
  for (k = 0; k < 3; k++) cl_hull_dir_in(h, o->u[k], R[k]);
  cl_hull_point_in(h, o->c, t);
  for (i = 0; i < d->nv; i++) {
    cl_copy(st->v[i], t);
    for (k = 0; k < 3; k++) cl_madd(st->v[i], st->v[i], R[k], d->v[i][k]);
  }
  for (i = 0; i < d->nf; i++) {
    cl_set(st->pl[i], 0, 0, 0);
    for (k = 0; k < 3; k++) cl_madd(st->pl[i], st->pl[i], R[k], d->plane[i][k]);
    st->pl[i][3] = d->plane[i][3] + cl_dot(st->pl[i], t);
  }
  cl_copy(P->c, t);
  for (k = 0; k < 3; k++) cl_madd(P->c, P->c, R[k], d->centroid[k]);
  P->nv = d->nv; P->nf = d->nf; P->ne = d->ne; P->e = d->edge;
}
