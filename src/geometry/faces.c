/*
** faces.c - the faces and features of each kind that the manifold clips
** (faces.h): a plane's, a box's, a triangle's and a hull's reference face
** along a direction with the planes of the faces beside it, and the
** incident feature of a box, a triangle, a sphere, a capsule and a hull.
*/
#include "fp.h"
#include "collide/collide.h"
#include "collide/hull.h"
#include "sat.h"
#include "faces.h"

/* a box's corner (bits as cl_aabb_corner's: bit k picks the + side of axis k) */
static void box_corner(const cl_shape *s, int i, double p[3]) {
  if (s->tag == CL_AABB) cl_aabb_corner(&s->aabb, i, p);
  else cl_obb_corner(&s->obb, i, p);
}

/* the box's face whose outward normal is most along d: axis k, side sg */
static void box_face(const cl_box *b, const double d[3], int *k, int *sg) {
  double best = -1;
  int j;
  *k = 0; *sg = 1;
  for (j = 0; j < 3; j++) {
    double x = cl_dot(b->u[j], d);
    if (fabs(x) > best) { best = fabs(x); *k = j; *sg = x >= 0 ? 1 : -1; }
  }
}

/* the corners of the box face on axis k, side sg, in order around it */
static int box_face_corners(const cl_shape *s, int k, int sg, double p[][3]) {
  static const int walk[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  int i = (k + 1) % 3, j = (k + 2) % 3, c;
  for (c = 0; c < 4; c++) {
    int bits = (sg > 0 ? 1 << k : 0) | (walk[c][0] << i) | (walk[c][1] << j);
    box_corner(s, bits, p[c]);
  }
  return 4;
}

/* the hull's face whose outward normal is most along the world direction d */
static int hull_face_along(const cl_hull *h, const double d[3], double *align) {
  const cl_hull_data *hd = h->h;
  double l[3], best = -INFINITY;
  int f, bf = 0;
  for (f = 0; f < 3; f++) l[f] = cl_dot(d, h->u[f]);
  for (f = 0; f < hd->nf; f++) {
    double x = cl_dot(hd->plane[f], l);
    if (x > best) { best = x; bf = f; }
  }
  *align = best;
  return bf;
}

/* the incident face of a hull along d: of the faces around its vertex
** farthest along d, the one whose normal is most along d (the face most
** along d of all may miss that vertex, on a hull with sharp edges) */
static int hull_incident(const cl_hull *h, const double d[3]) {
  const cl_hull_data *hd = h->h;
  double l[3], best = -INFINITY;
  int i, f, v = 0, bf = 0;
  for (i = 0; i < 3; i++) l[i] = cl_dot(d, h->u[i]);
  for (i = 0; i < hd->nv; i++) {
    double x = cl_dot(hd->v[i], l);
    if (x > best) { best = x; v = i; }
  }
  best = -INFINITY;
  for (f = 0; f < hd->nf; f++) {
    double x = cl_dot(hd->plane[f], l);
    if (x <= best) continue;
    for (i = hd->fstart[f]; i < hd->fstart[f + 1]; i++)
      if (hd->fv[i] == v) { best = x; bf = f; break; }
  }
  return bf;
}

static int hull_face_points(const cl_hull *h, int f, double p[][3]) {
  const cl_hull_data *hd = h->h;
  int i, n = hd->fstart[f + 1] - hd->fstart[f];
  for (i = 0; i < n; i++) cl_hull_vertex(h, hd->fv[hd->fstart[f] + i], p[i]);
  return n;
}

/* ---- reference faces ---- */

void cl_reference_plane(const cl_plane *p, const double d[3], cl_reference *r) {
  double o[3];
  int sg = cl_dot(p->n, d) >= 0 ? 1 : -1;
  cl_scale(o, p->n, p->d);
  cl_scale(r->face.n, p->n, sg);
  cl_copy(r->face.o, o);
}

void cl_reference_box(const cl_shape *s, const double d[3], cl_reference *r) {
  cl_box b;
  double c[4][3], n[3];
  int k, sg, j;
  cl_box_of(s, &b);
  box_face(&b, d, &k, &sg);
  box_face_corners(s, k, sg, c);
  cl_scale(n, b.u[k], sg);
  cl_mplane_set(&r->face, n, c[0]);
  /* the other five faces: the + sides through the all-+ corner */
  for (j = 0; j < 3; j++) {
    double p[3];
    if (j != k || sg < 0) {
      box_corner(s, 7, p);
      cl_mplane_set(&r->side[r->ns++], b.u[j], p);
    }
    if (j != k || sg > 0) {
      box_corner(s, 0, p);
      cl_scale(n, b.u[j], -1);
      cl_mplane_set(&r->side[r->ns++], n, p);
    }
  }
}

int cl_reference_triangle(const cl_triangle *t, const double d[3], cl_reference *r) {
  double n[3];
  int i;
  if (t->degenerate) return 0;
  cl_scale(n, t->n, cl_dot(t->n, d) >= 0 ? 1 : -1);
  cl_mplane_set(&r->face, n, t->v[0]);
  for (i = 0; i < 3; i++) {
    double e[3], sn[3], in[3];
    cl_sub(e, t->v[(i + 1) % 3], t->v[i]);
    cl_cross(sn, e, n);
    if (cl_normalize(sn) == 0) continue;
    cl_sub(in, t->v[(i + 2) % 3], t->v[i]);
    if (cl_dot(sn, in) > 0) cl_scale(sn, sn, -1);
    cl_mplane_set(&r->side[r->ns++], sn, t->v[i]);
  }
  return 1;
}

void cl_reference_hull(const cl_hull *h, const double d[3], cl_reference *r) {
  double dd, n[3], o[3], align;
  int f = hull_face_along(h, d, &align);
  cl_hull_face(h, f, n, &dd);
  cl_hull_vertex(h, h->h->fv[h->h->fstart[f]], o);
  cl_mplane_set(&r->face, n, o);
  r->hull = h;
  r->hface = f;
}

/* ---- incident features ---- */

void cl_feature_box(const cl_shape *s, const double d[3], cl_feature *f) {
  cl_box b;
  int k, sg;
  cl_box_of(s, &b);
  box_face(&b, d, &k, &sg);
  f->np = box_face_corners(s, k, sg, f->p);
}

void cl_feature_triangle(const cl_triangle *t, cl_feature *f) {
  int i;
  if (t->degenerate) {
    cl_copy(f->p[0], t->v[t->s0]);
    cl_copy(f->p[1], t->v[t->s1]);
    f->np = 2;
    return;
  }
  for (i = 0; i < 3; i++) cl_copy(f->p[i], t->v[i]);
  f->np = 3;
}

void cl_feature_sphere(const cl_sphere *s, const double d[3], cl_feature *f) {
  cl_madd(f->p[0], s->c, d, s->r);
  f->np = 1;
}

void cl_feature_capsule(const cl_capsule *c, const double d[3], cl_feature *f) {
  cl_madd(f->p[0], c->a, d, c->r);
  cl_madd(f->p[1], c->b, d, c->r);
  f->np = 2;
}

void cl_feature_hull(const cl_hull *h, const double d[3], cl_feature *f) {
  f->np = hull_face_points(h, hull_incident(h, d), f->p);
}
