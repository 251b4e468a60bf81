/*
** lines.c - outlines for debug drawing: every shape, a mesh and a
** heightfield as segments, six doubles each (x1 y1 z1 x2 y2 z2), written
** into the caller's array in a fixed order (doc/reference.md,
** "collide.lines"). A count function sizes the array, a fill function
** writes it; nothing is allocated.
*/
#include "fp.h"
#include <float.h>
#include "collide/heightfield.h"
#include "collide/hull.h"
#include "collide/mesh.h"
#include "compound_ops.h"
#include "dispatch.h"
#include "mesh_node.h"

/* cos and sin of k * 22.5 degrees, k = 0 .. 16: the points of a circle of
** CL_LINES_CIRCLE segments, exact at the multiples of 90 degrees, the last
** the first again (a circle closes on its own first point, bit for bit) */
#define C1 0.92387953251128675613   /* cos 22.5 */
#define S1 0.38268343236508977173   /* sin 22.5 */
#define H2 0.70710678118654752440   /* cos 45 */
static const double circle_cos[CL_LINES_CIRCLE + 1] = {
  1, C1, H2, S1, 0, -S1, -H2, -C1, -1, -C1, -H2, -S1, 0, S1, H2, C1, 1
};
static const double circle_sin[CL_LINES_CIRCLE + 1] = {
  0, S1, H2, C1, 1, C1, H2, S1, 0, -S1, -H2, -C1, -1, -C1, -H2, -S1, 0
};

/* x beyond the doubles (a huge shape's outline) clamped to +-DBL_MAX, as
** cl_bounds clamps; never NaN for the inputs below */
static double clamp_big(double x) {
  return x > DBL_MAX ? DBL_MAX : (x < -DBL_MAX ? -DBL_MAX : x);
}

/* writes the segment p-q at out; the place after it */
static double *segment(double *out, const double p[3], const double q[3]) {
  int k;
  for (k = 0; k < 3; k++) {
    out[k] = clamp_big(p[k]);
    out[3 + k] = clamp_big(q[k]);
  }
  return out + 6;
}

/* c + r (x a + y b) */
static void at(double p[3], const double c[3], double r, double x, const double a[3], double y,
               const double b[3]) {
  int k;
  for (k = 0; k < 3; k++) p[k] = c[k] + r * (x * a[k] + y * b[k]);
}

/* the arc of a circle of centre c and radius r in the plane of a and b,
** from angle 0 (along a) towards b over n steps of 22.5 degrees */
static double *arc(double *out, const double c[3], double r, const double a[3],
                   const double b[3], int n) {
  int k;
  double p[3], q[3];
  at(p, c, r, 1, a, 0, b);
  for (k = 1; k <= n; k++) {
    at(q, c, r, circle_cos[k], a, circle_sin[k], b);
    out = segment(out, p, q);
    cl_copy(p, q);
  }
  return out;
}

/* two unit vectors v, w that make (u, v, w) a right-handed orthonormal
** frame with the unit u: v = cross(e, u) normalised, e the world axis
** along which u is shortest (the first of equals), w = cross(u, v): the
** perpendicular of Hughes and Moller, "Building an Orthonormal Basis from
** a Unit Vector" (JGT 1999), which zeroes u's smallest component and
** swaps the other two. The plane's square and the capsule's rings and
** outlines are drawn along them. */
static void frame_of(const double u[3], double v[3], double w[3]) {
  double e[3] = {0, 0, 0};
  int k = 0;
  if (fabs(u[1]) < fabs(u[k])) k = 1;
  if (fabs(u[2]) < fabs(u[k])) k = 2;
  e[k] = 1;
  cl_cross(v, e, u);
  (void)cl_normalize(v);
  cl_cross(w, u, v);
}

/* the edges of a box whose corner i (0..7) corner(i) gives, bit k of i
** its side along axis k: the four edges along axis 0, then 1, then 2,
** each from its low end to its high end, the four in the order of the
** other two axes' bits (the lower axis's bit first) */
static double *box_edges(double *out, const double corner[8][3]) {
  static const int spread[3][4] = {{0, 2, 4, 6}, {0, 1, 4, 5}, {0, 1, 2, 3}};
  int k, j;
  for (k = 0; k < 3; k++)
    for (j = 0; j < 4; j++) {
      int lo = spread[k][j];
      out = segment(out, corner[lo], corner[lo | 1 << k]);
    }
  return out;
}

static double *sphere_lines(double *out, const cl_sphere *s) {
  static const double x[3] = {1, 0, 0}, y[3] = {0, 1, 0}, z[3] = {0, 0, 1};
  out = arc(out, s->c, s->r, y, z, CL_LINES_CIRCLE);   /* in the plane across x */
  out = arc(out, s->c, s->r, z, x, CL_LINES_CIRCLE);   /* across y */
  return arc(out, s->c, s->r, x, y, CL_LINES_CIRCLE);  /* across z */
}

/* the capsule's outline in the plane of its axis u and of p (unit, normal
** to u): the half circle beyond a, the side at -p, the half circle
** beyond b, the side at +p */
static double *capsule_outline(double *out, const cl_capsule *c, const double u[3],
                               const double p[3]) {
  double nu[3], np[3], q[3], s[3];
  cl_scale(nu, u, -1);
  cl_scale(np, p, -1);
  out = arc(out, c->a, c->r, p, nu, CL_LINES_CIRCLE / 2);
  at(q, c->a, c->r, -1, p, 0, u);
  at(s, c->b, c->r, -1, p, 0, u);
  out = segment(out, q, s);
  out = arc(out, c->b, c->r, np, u, CL_LINES_CIRCLE / 2);
  at(q, c->b, c->r, 1, p, 0, u);
  at(s, c->a, c->r, 1, p, 0, u);
  return segment(out, q, s);
}

static double *capsule_lines(double *out, const cl_capsule *c) {
  double u[3], v[3], w[3];
  int k;
  cl_sub(u, c->b, c->a);
  if (!(cl_maxabs3(u) <= DBL_MAX))                  /* b - a overflowed */
    for (k = 0; k < 3; k++) u[k] = c->b[k] / 2 - c->a[k] / 2;
  if (cl_normalize(u) == 0) cl_set(u, 0, 1, 0);     /* a sphere: about y */
  frame_of(u, v, w);
  out = arc(out, c->a, c->r, v, w, CL_LINES_CIRCLE);
  out = arc(out, c->b, c->r, v, w, CL_LINES_CIRCLE);
  out = capsule_outline(out, c, u, v);
  return capsule_outline(out, c, u, w);
}

/* the square of side 10 centred on the plane's point nearest the origin,
** n d: corners at (-5, -5), (5, -5), (5, 5), (-5, 5) along v, w of
** frame_of(n), one segment from each to the next */
static double *plane_lines(double *out, const cl_plane *pl) {
  static const double sv[4] = {-5, 5, 5, -5}, sw[4] = {-5, -5, 5, 5};
  double c[3], v[3], w[3], p[4][3];
  int i;
  cl_scale(c, pl->n, pl->d);
  frame_of(pl->n, v, w);
  for (i = 0; i < 4; i++) at(p[i], c, 1, sv[i], v, sw[i], w);
  for (i = 0; i < 4; i++) out = segment(out, p[i], p[(i + 1) % 4]);
  return out;
}

static double *triangle_edges(double *out, const double *a, const double *b, const double *c) {
  out = segment(out, a, b);
  out = segment(out, b, c);
  return segment(out, c, a);
}

/* the n coordinates at p clamped to the doubles */
static void clamp_all(double *p, int n) {
  int k;
  for (k = 0; k < n; k++) p[k] = clamp_big(p[k]);
}


/* corner i of o, as cl_obb_corner gives it where that is finite. Near
** the largest doubles its sum of the centre and three axes' terms can
** overflow on the way (an axis a rounding longer than 1 times an extent
** of DBL_MAX is one), to an infinity or to +inf and -inf, NaN, where the
** corner itself is a number: the corner is then summed at an eighth of
** the size, exact at such magnitudes, and scaled back, infinite only
** where it lies beyond the doubles (the segment clamps it). */
static void obb_corner(const cl_obb *o, int i, double p[3]) {
  cl_obb small;
  int k;
  cl_obb_corner(o, i, p);
  if (isfinite(p[0]) && isfinite(p[1]) && isfinite(p[2])) return;
  small = *o;
  for (k = 0; k < 3; k++) { small.c[k] = o->c[k] / 8; small.e[k] = o->e[k] / 8; }
  cl_obb_corner(&small, i, p);
  cl_scale(p, p, 8);
}

/* The outline of each kind, written at out. A shape's points are first
** clamped to the doubles: a compound's child placed far out can lie
** beyond them (placing adds finite terms, so its points are finite or
** infinite, never NaN), and once clamped the outlines' sums of them and
** of finite offsets cannot meet +inf and -inf. A shape made on its own
** has finite points already. */
void cl_lines_aabb(const cl_aabb *b, double *out) {
  double corner[8][3];
  cl_aabb c = *b;
  int i;
  clamp_all(c.min, 3);
  clamp_all(c.max, 3);
  for (i = 0; i < 8; i++) cl_aabb_corner(&c, i, corner[i]);
  (void)box_edges(out, (const double (*)[3])corner);
}

void cl_lines_obb(const cl_obb *o, double *out) {
  double corner[8][3];
  cl_obb c = *o;
  int i;
  clamp_all(c.c, 3);
  for (i = 0; i < 8; i++) obb_corner(&c, i, corner[i]);
  (void)box_edges(out, (const double (*)[3])corner);
}

void cl_lines_plane(const cl_plane *p, double *out) { (void)plane_lines(out, p); }

void cl_lines_triangle(const cl_triangle *t, double *out) {
  cl_triangle c = *t;
  clamp_all(&c.v[0][0], 9);
  (void)triangle_edges(out, c.v[0], c.v[1], c.v[2]);
}

void cl_lines_ray(const cl_ray *r, double *out) {
  double p[3];
  cl_madd(p, r->o, r->d, isinf(r->tmax) ? 1 : r->tmax);
  (void)segment(out, r->o, p);
}

void cl_lines_sphere(const cl_sphere *s, double *out) {
  cl_sphere c = *s;
  clamp_all(c.c, 3);
  (void)sphere_lines(out, &c);
}

void cl_lines_capsule(const cl_capsule *cap, double *out) {
  cl_capsule c = *cap;
  clamp_all(c.a, 3);
  clamp_all(c.b, 3);
  (void)capsule_lines(out, &c);
}

void cl_lines_hull(const cl_hull *h, double *out) {
  cl_hull c = *h;
  int i;
  clamp_all(c.c, 3);
  for (i = 0; i < c.h->ne; i++) {
    double a[3], b[3];
    cl_hull_edge(&c, i, a, b);
    out = segment(out, a, b);
  }
}

/* ---- triangle sets ---- */

/* 1 when the bounds of the triangle a b c meet the box (touching counts) */
static int tri_meets(const double *a, const double *b, const double *c, const cl_aabb *box) {
  int k;
  for (k = 0; k < 3; k++) {
    double lo = cl_fmin(a[k], cl_fmin(b[k], c[k])), hi = cl_fmax(a[k], cl_fmax(b[k], c[k]));
    if (lo > box->max[k] || hi < box->min[k]) return 0;
  }
  return 1;
}

static const double *mesh_vertex(const cl_mesh *m, size_t t, int k) {
  return m->v + 3 * (size_t)m->tri[3 * t + k];
}

static int mesh_meets(const cl_mesh *m, size_t t, const cl_aabb *box) {
  return tri_meets(mesh_vertex(m, t, 0), mesh_vertex(m, t, 1), mesh_vertex(m, t, 2), box);
}

/* 1 when the float box lo..hi (a node's, rounded outwards) meets the box */
static int fbox_meets(const float lo[3], const float hi[3], const cl_aabb *box) {
  int k;
  for (k = 0; k < 3; k++)
    if (!(lo[k] <= box->max[k] && hi[k] >= box->min[k])) return 0;
  return 1;
}

/* the triangles of the mesh whose bounds meet the box, by a walk of its
** hierarchy (whose node boxes hold their triangles' bounds): how many;
** with idx, their indices written there, in the walk's order */
static size_t mesh_walk(const cl_mesh *m, const cl_aabb *box, double *idx) {
  struct { uint32_t child, count; } stack[CL_MESH_STACK];
  int sp = 1;
  size_t found = 0;
  if (m->nt == 0 || !fbox_meets(m->rlo, m->rhi, box)) return 0;
  stack[0].child = 0;
  stack[0].count = m->nn ? 0 : (uint32_t)m->nt;
  while (sp > 0) {
    uint32_t first, count, i;
    const cl_mesh_node *n;
    float nlo[3][CL_MESH_WIDTH], nhi[3][CL_MESH_WIDTH];
    int k;
    sp--;
    first = stack[sp].child;
    count = stack[sp].count;
    if (count) {
      for (i = first; i < first + count; i++) {
        size_t t = m->slot[4 * (size_t)i + 3];
        if (!mesh_meets(m, t, box)) continue;
        if (idx != NULL) idx[found] = (double)t;
        found++;
      }
      continue;
    }
    n = &m->node[first];
    cl_mesh_node_boxes(n, nlo, nhi);
    for (k = CL_MESH_WIDTH - 1; k >= 0; k--) {
      float lo[3], hi[3];
      int a;
      for (a = 0; a < 3; a++) { lo[a] = nlo[a][k]; hi[a] = nhi[a][k]; }
      /* an unused place holds an empty box, which meets nothing */
      if (!fbox_meets(lo, hi, box)) continue;
      stack[sp].child = cl_mesh_child(n, k);
      stack[sp].count = n->count[k];
      sp++;
    }
  }
  return found;
}

/* heapsort of the n doubles at a, increasing, in place: no memory beyond
** a's (a library's qsort may allocate) */
static void sift_down(double *a, size_t root, size_t end) {
  for (;;) {
    size_t child = 2 * root + 1;
    double x;
    if (child >= end) return;
    if (child + 1 < end && a[child] < a[child + 1]) child++;
    if (!(a[root] < a[child])) return;
    x = a[root];
    a[root] = a[child];
    a[child] = x;
    root = child;
  }
}

static void sort_doubles(double *a, size_t n) {
  size_t i;
  for (i = n / 2; i-- > 0;) sift_down(a, i, n);
  for (i = n; i-- > 1;) {
    double x = a[0];
    a[0] = a[i];
    a[i] = x;
    sift_down(a, 0, i);
  }
}

size_t cl_mesh_lines_count(const cl_mesh *m, const cl_aabb *box) {
  size_t t, n = 0;
  if (box == NULL) return 3 * m->nt;
  if (m->slot != NULL) return 3 * mesh_walk(m, box, NULL);
  for (t = 0; t < m->nt; t++) n += mesh_meets(m, t, box);   /* no hierarchy: each */
  return 3 * n;
}

size_t cl_mesh_lines_fill(const cl_mesh *m, const cl_aabb *box, double *out) {
  size_t t, n = 0;
  if (box == NULL) {
    for (t = 0; t < m->nt; t++)
      out = triangle_edges(out, mesh_vertex(m, t, 0), mesh_vertex(m, t, 1), mesh_vertex(m, t, 2));
    return 3 * m->nt;
  }
  if (m->slot == NULL) {
    for (t = 0; t < m->nt; t++)
      if (mesh_meets(m, t, box)) {
        out = triangle_edges(out, mesh_vertex(m, t, 0), mesh_vertex(m, t, 1),
                             mesh_vertex(m, t, 2));
        n++;
      }
    return 3 * n;
  }
  /* the indices found, sorted, at the start of out (each takes one double
  ** of the 18 its triangle's edges will), then the edges written from the
  ** last triangle back: triangle k's edges go to 18 k .. 18 k + 17, past
  ** the indices still to be read (at 0 .. k - 1) */
  n = mesh_walk(m, box, out);
  sort_doubles(out, n);
  for (t = n; t-- > 0;) {
    size_t i = (size_t)out[t];
    (void)triangle_edges(out + 18 * t, mesh_vertex(m, i, 0), mesh_vertex(m, i, 1),
                         mesh_vertex(m, i, 2));
  }
  return 3 * n;
}

/* the cells lo .. hi (0-based, of n along the axis of origin o and
** inverse spacing is) whose span can meet [a, b]: widened by the cells
** rounding can shift a coordinate by, so that only the exact test on each
** triangle decides; 0 when there are none */
static int cell_range(double a, double b, double o, double is, uint32_t n, uint32_t *lo,
                      uint32_t *hi) {
  double pad = 2 + (fabs(a) + fabs(b) + fabs(o)) * 4 * DBL_EPSILON * is;
  double x = floor((a - o) * is - pad), y = floor((b - o) * is + pad);
  double last = (double)n - 1;
  if (!(x == x)) x = 0;                 /* inf - inf, 0 * inf: every cell */
  if (!(y == y)) y = last;
  if (y < 0 || x > last) return 0;
  *lo = x < 0 ? 0 : (uint32_t)x;
  *hi = y > last ? n - 1 : (uint32_t)y;
  return 1;
}

/* the heightfield's triangles whose bounds meet the box (NULL: all): how
** many; with out, their edges written there in increasing number. The
** vertices are heightfield.h's, (o[0] + i sx, o[1] + h, o[2] + j sz),
** computed in that order; cell (i, j)'s triangles are (i,j) (i,j+1)
** (i+1,j+1) and (i,j) (i+1,j+1) (i+1,j), none when a corner is a hole. */
static size_t hf_lines(const cl_heightfield *hf, const cl_aabb *box, double *out) {
  uint32_t i0 = 0, i1 = hf->columns - 2, j0 = 0, j1 = hf->rows - 2, i, j;
  size_t n = 0;
  if (hf->empty) return 0;
  if (box != NULL) {
    if (hf->min[1] > box->max[1] || hf->max[1] < box->min[1]) return 0;
    if (!cell_range(box->min[0], box->max[0], hf->o[0], hf->isx, hf->columns - 1, &i0, &i1)
        || !cell_range(box->min[2], box->max[2], hf->o[2], hf->isz, hf->rows - 1, &j0, &j1))
      return 0;
  }
  for (j = j0; j <= j1; j++) {
    double z0 = hf->o[2] + (double)j * hf->sz, z1 = hf->o[2] + (double)(j + 1) * hf->sz;
    for (i = i0; i <= i1; i++) {
      const double *h = hf->h + (size_t)j * hf->columns + i;
      double x0 = hf->o[0] + (double)i * hf->sx, x1 = hf->o[0] + (double)(i + 1) * hf->sx;
      double v[4][3];
      int k;
      if (h[0] != h[0] || h[hf->columns] != h[hf->columns] || h[hf->columns + 1] != h[hf->columns + 1]
          || h[1] != h[1])
        continue;                                  /* a hole */
      cl_set(v[0], x0, hf->o[1] + h[0], z0);
      cl_set(v[1], x0, hf->o[1] + h[hf->columns], z1);
      cl_set(v[2], x1, hf->o[1] + h[hf->columns + 1], z1);
      cl_set(v[3], x1, hf->o[1] + h[1], z0);
      for (k = 0; k < 2; k++) {
        const double *a = v[0], *b = v[1 + k], *c = v[2 + k];
        if (box != NULL && !tri_meets(a, b, c, box)) continue;
        if (out != NULL) out = triangle_edges(out, a, b, c);
        n++;
      }
    }
  }
  return 3 * n;
}

size_t cl_heightfield_lines_count(const cl_heightfield *hf, const cl_aabb *box) {
  return hf_lines(hf, box, NULL);
}

size_t cl_heightfield_lines_fill(const cl_heightfield *hf, const cl_aabb *box, double *out) {
  return hf_lines(hf, box, out);
}
