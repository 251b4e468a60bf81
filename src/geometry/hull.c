/*
** hull.c - the convex hull: quickhull, and the separating-axis test and
** contact against boxes, triangles, segments and other hulls. The placed
** hull's own geometry stands beside that of the other shapes: its placing,
** bounds and support point in shapes.c, its containment and closest point
** in points.c, its ray cast in rays.c, all in the frame of hull_frame.h.
**
** Construction. Quickhull (Barber, Dobkin and Huhdanpaa, "The Quickhull
** Algorithm for Convex Hulls", ACM TOMS 1996; Ericson, Real-Time Collision
** Detection, 12.4.2): an initial tetrahedron of extreme points, each other
** point in the outside set of the face it is farthest above, then while a
** face has an outside set its farthest point becomes a vertex: the faces
** it sees are found by a walk over their neighbours, which gives their
** horizon in order, and replaced by a cone of triangles from the point to
** the horizon. The points are centred and scaled by a power of two to the
** unit box first, so the tolerance eps = CL_HULL_BUILD_REL is relative to
** the point set's size and nothing underflows or overflows: a point within
** eps of a face is not above it (duplicates and points on faces make no
** vertex). The triangles are then merged into faces where neighbours lie
** in one plane within eps (each triangle's far vertex within eps of the
** other's plane), and a vertex left in fewer than three faces (on an edge
** or inside a face) is dropped. Each face's normal is the area-weighted
** mean of its triangles', its d the largest dot(n, p) over the input
** points, so no point is outside any face plane.
**
** The separating axes are found in the hull's own frame: the other
** shape's vertices and planes are moved into it (on the C stack; a hull
** has at most CL_HULL_MAX_VERTICES vertices).
**
** Separating axes between two polytopes (Gregorius, "The Separating Axis
** Test between Convex Polyhedra", GDC 2013): the face normals of both and
** the cross products of their edges, an edge pair only where it makes a
** face of the Minkowski difference (the two edges' arcs on the Gauss map
** cross), its separation then read off the two edges; an edge without two
** faces (a triangle's, a segment's) is tested on both sides by projecting
** every vertex. Parallel edges (a cross product too short to trust,
** cl_axis_ok) are skipped. The minimum over those axes of the overlap is
** the penetration depth, its axis the contact normal.
*/
#include "fp.h"
#include "tolerance.h"
#include <float.h>
#include <stdint.h>
#include <string.h>
#include "hull_frame.h"
#include "sat.h"
#include "gjk.h"
#include "hull_poly.h"

/* ---------------------------------------------------------------------- */
/* quickhull                                                              */

typedef struct {
  int v[3], nb[3];    /* vertices (ccw from outside); the face across edge i (v[i] to v[i+1]) */
  int head, alive, mark;
  double n[3], d;
} qface;

typedef struct {
  size_t n;
  int fmax, nfaces, free_head;
  double (*p)[3];          /* the points, centred and scaled */
  qface *f;
  int *pnext;              /* outside sets: linked lists of points */
  int *stack, *horizon, *visible, *touched, *pending;
  int *group, *vcount, *vmap;
  int *loop_start, *loop_v, *dir;   /* faces' loops; directed edges (a, b, face) */
  double (*fn)[3], *fd;
  int (*edge)[4];
  cl_hull_counts out;
} qhull;

#define ALIGN8(x) (((x) + 7) & ~(size_t)7)

/* lays the scratch out from base (NULL: only measures); its size */
static size_t layout(qhull *q, char *base, size_t n) {
  size_t off = ALIGN8(sizeof(qhull)), fmax = 2 * n + 16;
#define TAKE(field, count, type)                                        \
  do {                                                                  \
    if (base) q->field = (type)(void *)(base + off);                    \
    off = ALIGN8(off + (size_t)(count) * sizeof(*q->field));            \
  } while (0)
  TAKE(p, n, double (*)[3]);
  TAKE(fn, fmax, double (*)[3]);
  TAKE(fd, fmax, double *);
  TAKE(f, fmax, qface *);
  TAKE(pnext, n, int *);
  TAKE(stack, 3 * fmax, int *);
  TAKE(horizon, 3 * (fmax + 4), int *);
  TAKE(visible, fmax, int *);
  TAKE(touched, fmax, int *);
  TAKE(pending, n, int *);
  TAKE(group, fmax, int *);
  TAKE(vcount, n, int *);
  TAKE(vmap, n, int *);
  TAKE(loop_start, fmax + 1, int *);
  TAKE(loop_v, 3 * fmax, int *);
  TAKE(dir, 9 * fmax, int *);
  TAKE(edge, 3 * fmax, int (*)[4]);
#undef TAKE
  if (base) { q->n = n; q->fmax = (int)fmax; }
  return off;
}

size_t cl_hull_work_size(size_t n) {
  qhull q;
  if (n > (1u << 22)) return 0;
  return layout(&q, NULL, n);
}

static double fdist(const qhull *q, const qface *f, int i) {
  return cl_dot(f->n, q->p[i]) - f->d;
}

static void set_plane(qhull *q, qface *f) {
  double e1[3], e2[3], c[3];
  int k;
  cl_sub(e1, q->p[f->v[1]], q->p[f->v[0]]);
  cl_sub(e2, q->p[f->v[2]], q->p[f->v[0]]);
  cl_cross(f->n, e1, e2);
  if (cl_normalize(f->n) == 0) cl_set(f->n, 0, 0, 0);
  for (k = 0; k < 3; k++) c[k] = (q->p[f->v[0]][k] + q->p[f->v[1]][k] + q->p[f->v[2]][k]) / 3;
  f->d = cl_dot(f->n, c);
}

static int new_face(qhull *q, int a, int b, int c) {
  int i;
  qface *f;
  if (q->free_head >= 0) { i = q->free_head; q->free_head = q->f[i].head; }
  else i = q->nfaces++;
  f = &q->f[i];
  f->v[0] = a; f->v[1] = b; f->v[2] = c;
  f->nb[0] = f->nb[1] = f->nb[2] = -1;
  f->head = -1; f->alive = 1; f->mark = 0;
  set_plane(q, f);
  return i;
}

/* puts point i in the outside set of the face among faces[0..nf-1] it is
** farthest above (more than eps); 0 when above none */
static int assign(qhull *q, int i, const int *faces, int nf, double eps) {
  int k, best = -1;
  double bd = eps;
  for (k = 0; k < nf; k++) {
    qface *f = &q->f[faces[k]];
    double dd;
    if (!f->alive) continue;
    dd = fdist(q, f, i);
    if (dd > bd) { bd = dd; best = faces[k]; }
  }
  if (best < 0) return 0;
  q->pnext[i] = q->f[best].head;
  q->f[best].head = i;
  return 1;
}

/* the edge of face g that runs b to a */
static int edge_of(const qface *g, int a, int b) {
  int j;
  for (j = 0; j < 3; j++)
    if (g->v[j] == b && g->v[(j + 1) % 3] == a) return j;
  return -1;
}

/* the initial tetrahedron: 0, or 1 when the points span no volume */
static int simplex(qhull *q, double eps) {
  size_t i, n = q->n;
  int ix[4], k, axis = 0, faces[4];
  double lo[3], hi[3], best, e[3], nrm[3];
  for (k = 0; k < 3; k++) { lo[k] = INFINITY; hi[k] = -INFINITY; }
  {
    int imin[3] = {0, 0, 0}, imax[3] = {0, 0, 0};
    for (i = 0; i < n; i++)
      for (k = 0; k < 3; k++) {
        if (q->p[i][k] < lo[k]) { lo[k] = q->p[i][k]; imin[k] = (int)i; }
        if (q->p[i][k] > hi[k]) { hi[k] = q->p[i][k]; imax[k] = (int)i; }
      }
    for (k = 1; k < 3; k++) if (hi[k] - lo[k] > hi[axis] - lo[axis]) axis = k;
    ix[0] = imin[axis]; ix[1] = imax[axis];
  }
  if (!(hi[axis] - lo[axis] > eps)) return 1;
  cl_sub(e, q->p[ix[1]], q->p[ix[0]]);
  cl_normalize(e);
  best = -1; ix[2] = -1;
  for (i = 0; i < n; i++) {
    double d[3], c[3], x;
    cl_sub(d, q->p[i], q->p[ix[0]]);
    cl_cross(c, d, e);
    x = cl_length(c);
    if (x > best) { best = x; ix[2] = (int)i; }
  }
  if (!(best > eps)) return 1;
  {
    double e2[3];
    cl_sub(e2, q->p[ix[2]], q->p[ix[0]]);
    cl_cross(nrm, e, e2);
    cl_normalize(nrm);
  }
  best = -1; ix[3] = -1;
  for (i = 0; i < n; i++) {
    double d[3], x;
    cl_sub(d, q->p[i], q->p[ix[0]]);
    x = fabs(cl_dot(d, nrm));
    if (x > best) { best = x; ix[3] = (int)i; }
  }
  if (!(best > eps)) return 1;
  {
    double d[3];
    int a = ix[0], b = ix[1], c = ix[2], dd = ix[3];
    cl_sub(d, q->p[dd], q->p[a]);
    if (cl_dot(d, nrm) > 0) { int t = b; b = c; c = t; }   /* d below abc */
    faces[0] = new_face(q, a, b, c);
    faces[1] = new_face(q, a, dd, b);
    faces[2] = new_face(q, b, dd, c);
    faces[3] = new_face(q, c, dd, a);
  }
  for (k = 0; k < 4; k++) {
    int j, m;
    for (j = 0; j < 3; j++)
      for (m = 0; m < 4; m++) {
        qface *f = &q->f[faces[k]];
        if (m != k && edge_of(&q->f[faces[m]], f->v[j], f->v[(j + 1) % 3]) >= 0)
          f->nb[j] = faces[m];
      }
  }
  for (i = 0; i < n; i++) {
    if ((int)i == ix[0] || (int)i == ix[1] || (int)i == ix[2] || (int)i == ix[3]) continue;
    assign(q, (int)i, faces, 4, eps);
  }
  return 0;
}

/* adds the farthest point of face fi's outside set; 0, or 1 when the
** horizon does not close (rounding beyond the tolerance) */
static int add_point(qhull *q, int fi, double eps) {
  int eye = -1, nvis = 0, ntouch = 0, nh = 0, sp = 0, npend = 0, i, k, first = -1, prev = -1;
  double bd = -INFINITY;
  for (i = q->f[fi].head; i >= 0; i = q->pnext[i]) {
    double d = fdist(q, &q->f[fi], i);
    if (d > bd) { bd = d; eye = i; }
  }
  q->f[fi].mark = 1;
  q->visible[nvis++] = fi;
  q->touched[ntouch++] = fi;
  q->stack[0] = fi; q->stack[1] = 0; q->stack[2] = 0;
  sp = 1;
  while (sp > 0) {
    int *top = &q->stack[3 * (sp - 1)], f = top[0], e, g;
    if (top[2] == 3) { sp--; continue; }
    e = (top[1] + top[2]) % 3;
    top[2]++;
    g = q->f[f].nb[e];
    if (q->f[g].mark == 0) {
      q->touched[ntouch++] = g;
      if (fdist(q, &q->f[g], eye) > eps) {
        int j = edge_of(&q->f[g], q->f[f].v[e], q->f[f].v[(e + 1) % 3]);
        q->f[g].mark = 1;
        q->visible[nvis++] = g;
        q->stack[3 * sp] = g; q->stack[3 * sp + 1] = (j + 1) % 3; q->stack[3 * sp + 2] = 0;
        sp++;
        continue;
      }
      q->f[g].mark = 2;
    }
    if (q->f[g].mark == 2) {
      q->horizon[3 * nh] = q->f[f].v[e];
      q->horizon[3 * nh + 1] = q->f[f].v[(e + 1) % 3];
      q->horizon[3 * nh + 2] = g;
      nh++;
    }
  }
  for (k = 0; k < ntouch; k++) q->f[q->touched[k]].mark = 0;
  /* the horizon must be one closed loop */
  for (k = 0; k < nh; k++)
    if (q->horizon[3 * k + 1] != q->horizon[3 * ((k + 1) % nh)]) return 1;
  if (nh < 3) return 1;
  /* the visible faces' outside sets, then the faces themselves, freed */
  for (k = 0; k < nvis; k++) {
    qface *f = &q->f[q->visible[k]];
    for (i = f->head; i >= 0; i = q->pnext[i])
      if (i != eye) q->pending[npend++] = i;
    f->alive = 0;
    f->head = q->free_head;
    q->free_head = q->visible[k];
  }
  for (k = 0; k < nh; k++) {
    int a = q->horizon[3 * k], b = q->horizon[3 * k + 1], g = q->horizon[3 * k + 2];
    int nf = new_face(q, a, b, eye), j = edge_of(&q->f[g], a, b);
    q->f[nf].nb[0] = g;
    q->f[g].nb[j] = nf;
    if (prev >= 0) { q->f[nf].nb[2] = prev; q->f[prev].nb[1] = nf; }
    else first = nf;
    prev = nf;
    q->visible[k] = nf;   /* the new faces, for the points */
  }
  q->f[first].nb[2] = prev;
  q->f[prev].nb[1] = first;
  for (k = 0; k < npend; k++) assign(q, q->pending[k], q->visible, nh, eps);
  return 0;
}

static int find(int *g, int i) {
  while (g[i] != i) { g[i] = g[g[i]]; i = g[i]; }
  return i;
}

/* neighbouring triangles in one plane within eps (each one's far vertex
** within eps of the other's plane) joined: the group of a triangle is
** find(q->group, it) */
static void merge_coplanar(qhull *q, double eps) {
  int i, j;
  int *g = q->group;
  for (i = 0; i < q->nfaces; i++) g[i] = i;
  for (i = 0; i < q->nfaces; i++) {
    qface *f = &q->f[i];
    if (!f->alive) continue;
    for (j = 0; j < 3; j++) {
      qface *h = &q->f[f->nb[j]];
      int far_h = h->v[(edge_of(h, f->v[j], f->v[(j + 1) % 3]) + 2) % 3];
      int far_f = f->v[(j + 2) % 3];
      if (cl_dot(f->n, h->n) > 0 && fabs(fdist(q, f, far_h)) <= eps
          && fabs(fdist(q, h, far_f)) <= eps) {
        int a = find(g, i), b = find(g, f->nb[j]);
        if (a != b) g[a] = b;
      }
    }
  }
}

/* the boundary of a group, its nt triangles tri[0..nt-1] (in index
** order) with root r: the directed edges of its triangles whose neighbour
** is in another group, in q->dir from the start, and in n the sum of its
** triangles' cross products (the area-weighted normal, not unit); their
** count */
static int group_boundary(qhull *q, const int *tri, int nt, int r, double n[3]) {
  int j, k, nd = 0;
  int *g = q->group;
  for (k = 0; k < nt; k++) {
    qface *f = &q->f[tri[k]];
    {
      double e1[3], e2[3], c[3];
      cl_sub(e1, q->p[f->v[1]], q->p[f->v[0]]);
      cl_sub(e2, q->p[f->v[2]], q->p[f->v[0]]);
      cl_cross(c, e1, e2);
      cl_add(n, n, c);
    }
    for (j = 0; j < 3; j++)
      if (find(g, f->nb[j]) != r) {
        q->dir[3 * nd] = f->v[j];
        q->dir[3 * nd + 1] = f->v[(j + 1) % 3];
        nd++;
      }
  }
  return nd;
}

/* the cnt boundary edges in q->dir chained end to start into one loop of
** vertices, written to q->loop_v from nloop: the new nloop, or -1 when
** they make no simple loop */
static int chain_loop(qhull *q, int cnt, int nloop) {
  int k, start = nloop, v0 = q->dir[0], cur = v0, guard = 0;
  do {
    for (k = 0; k < cnt; k++) if (q->dir[3 * k] == cur) break;
    if (k == cnt || guard++ > cnt) return -1;
    q->loop_v[nloop++] = cur;
    cur = q->dir[3 * k + 1];
  } while (cur != v0);
  return nloop - start == cnt ? nloop : -1;
}

/* a face for each group: its unit normal in q->fn, its boundary loop in
** q->loop_v from q->loop_start, and in q->vcount how many faces each
** point is a vertex of; the count of faces, or -1 when a group is too
** thin for a normal or its boundary is not one simple loop. The live
** triangles are first sorted by group, each group's in index order (a
** counting sort into the construction's scratch, free by now: start in
** q->stack, the triangles in q->touched), so that the groups are read in
** time linear in the triangles, not their product with the groups. */
static int face_loops(qhull *q) {
  int i, k, nf = 0, nloop = 0, nt = q->nfaces;
  int *start = q->stack, *tri = q->touched;
  for (i = 0; i < (int)q->n; i++) q->vcount[i] = 0;
  for (i = 0; i <= nt; i++) start[i] = 0;
  for (i = 0; i < nt; i++)
    if (q->f[i].alive) start[find(q->group, i) + 1]++;
  for (i = 0; i < nt; i++) start[i + 1] += start[i];
  for (i = 0; i < nt; i++)
    if (q->f[i].alive) tri[start[find(q->group, i)]++] = i;
  for (i = nt; i > 0; i--) start[i] = start[i - 1];   /* back to each group's start */
  start[0] = 0;
  q->loop_start[0] = 0;
  for (i = 0; i < nt; i++) {
    int cnt;
    double n[3] = {0, 0, 0};
    if (!q->f[i].alive || find(q->group, i) != i) continue;
    cnt = group_boundary(q, tri + start[i], start[i + 1] - start[i], i, n);
    if (cnt < 3 || cl_normalize(n) == 0) return -1;
    cl_copy(q->fn[nf], n);
    q->loop_start[nf] = nloop;
    nloop = chain_loop(q, cnt, nloop);
    if (nloop < 0) return -1;
    for (k = q->loop_start[nf]; k < nloop; k++) q->vcount[q->loop_v[k]]++;
    nf++;
  }
  q->loop_start[nf] = nloop;
  return nf;
}

/* the points that are vertices of three faces or more numbered in
** q->vmap, *nv of them, and the others (on an edge or inside a face)
** dropped from the nf loops: 0, or 2 (too many vertices), or 1 (a loop
** left with fewer than three) */
static int keep_vertices(qhull *q, int nf, int *nv) {
  int i, k, w = 0;
  *nv = 0;
  for (i = 0; i < (int)q->n; i++) {
    q->vmap[i] = q->vcount[i] >= 3 ? (*nv)++ : -1;
    if (*nv > CL_HULL_MAX_VERTICES) return 2;
  }
  for (i = 0; i < nf; i++) {
    int s = q->loop_start[i], e = q->loop_start[i + 1];
    q->loop_start[i] = w;
    for (k = s; k < e; k++)
      if (q->vmap[q->loop_v[k]] >= 0) q->loop_v[w++] = q->vmap[q->loop_v[k]];
    if (w - q->loop_start[i] < 3) return 1;
  }
  q->loop_start[nf] = w;
  return 0;
}

/* the edges: each directed loop edge a to b with a < b, paired with b to
** a, and the counts in q->out: 0, or 1 when an edge has no pair or the
** counts break Euler's formula (V - E + F = 2) */
static int pair_edges(qhull *q, int nf, int nv) {
  int i, k, nd = 0, ne = 0;
  for (i = 0; i < nf; i++)
    for (k = q->loop_start[i]; k < q->loop_start[i + 1]; k++) {
      int next = k + 1 == q->loop_start[i + 1] ? q->loop_start[i] : k + 1;
      q->dir[3 * nd] = q->loop_v[k];
      q->dir[3 * nd + 1] = q->loop_v[next];
      q->dir[3 * nd + 2] = i;
      nd++;
    }
  for (i = 0; i < nd; i++) {
    int a = q->dir[3 * i], b = q->dir[3 * i + 1];
    if (a > b) continue;
    for (k = 0; k < nd; k++)
      if (q->dir[3 * k] == b && q->dir[3 * k + 1] == a) break;
    if (k == nd) return 1;
    q->edge[ne][0] = a; q->edge[ne][1] = b;
    q->edge[ne][2] = q->dir[3 * i + 2]; q->edge[ne][3] = q->dir[3 * k + 2];
    ne++;
  }
  if (nv - ne + nf != 2 || 2 * ne != nd) return 1;
  q->out.nv = nv; q->out.nf = nf; q->out.ne = ne; q->out.nfv = q->loop_start[nf];
  return 0;
}

/* the triangles merged into faces, their loops, vertices and edges: 0, or
** 1 (rounding broke them), 2 (too many vertices) */
static int finish(qhull *q, double eps) {
  int nf, nv, r;
  merge_coplanar(q, eps);
  nf = face_loops(q);
  if (nf < 0) return 1;
  r = keep_vertices(q, nf, &nv);
  if (r) return r;
  return pair_edges(q, nf, nv);
}

/* quickhull on the scaled points with tolerance eps: 0, or 1 (no volume),
** 2 (too many vertices), 3 (rounding broke it) */
static int hull_with(qhull *q, double eps) {
  size_t i;
  int cursor = 0, r;
  q->nfaces = 0; q->free_head = -1;
  for (i = 0; i < q->n; i++) q->pnext[i] = -1;
  if (simplex(q, eps)) return 1;
  for (;;) {
    int tries;
    for (tries = 0; tries < q->nfaces; tries++) {
      qface *f = &q->f[cursor];
      if (f->alive && f->head >= 0) break;
      cursor = (cursor + 1) % q->nfaces;
    }
    if (tries == q->nfaces) break;
    if (add_point(q, cursor, eps)) return 3;
    if (q->nfaces > q->fmax - 8) return 3;
  }
  r = finish(q, eps);
  return r == 1 ? 3 : r;
}

int cl_hull_build(const double *p, size_t n, void *work, cl_hull_counts *out) {
  qhull *q = (qhull *)work;
  double lo[3], hi[3], c[3], ext = 0, eps;
  size_t i;
  int k, r;
  if (n < 4) return 1;
  layout(q, (char *)work, n);
  for (k = 0; k < 3; k++) { lo[k] = INFINITY; hi[k] = -INFINITY; }
  for (i = 0; i < n; i++)
    for (k = 0; k < 3; k++) {
      lo[k] = cl_fmin(lo[k], p[3 * i + k]);
      hi[k] = cl_fmax(hi[k], p[3 * i + k]);
    }
  for (k = 0; k < 3; k++) {
    c[k] = lo[k] / 2 + hi[k] / 2;
    ext = cl_fmax(ext, hi[k] / 2 - lo[k] / 2);
  }
  if (!(ext > 0)) return 1;
  {
    int e;
    frexp(ext, &e);
    for (i = 0; i < n; i++)
      for (k = 0; k < 3; k++) q->p[i][k] = ldexp(p[3 * i + k] / 2 - c[k] / 2, 1 - e);
  }
  /* where rounding defeats the construction (a horizon that does not
  ** close, faces that do not pair up: sets a little thicker than the
  ** tolerance), again with a tolerance ten times larger, up to
  ** CL_HULL_BUILD_MAX */
  for (eps = CL_HULL_BUILD_REL;; eps *= 10) {
    r = hull_with(q, eps);
    if (r != 3 || eps * 10 > CL_HULL_BUILD_MAX * 1.0001) break;
  }
  if (r) return r;
  /* each plane through the farthest point along its normal: on slivers
  ** the merged normal can tilt beyond the tolerance, and then a point
  ** found inside a triangle would stick out of the face */
  for (k = 0; k < q->out.nf; k++) {
    double m = -INFINITY;
    for (i = 0; i < n; i++) m = cl_fmax(m, cl_dot(q->fn[k], p + 3 * i));
    if (!(m - m == 0)) return 4;
    q->fd[k] = m;
  }
  *out = q->out;
  return 0;
}

size_t cl_hull_data_size(const cl_hull_counts *c) {
  return ALIGN8(sizeof(cl_hull_data)) + (size_t)c->nv * 3 * sizeof(double)
       + (size_t)c->nf * 4 * sizeof(double) + (size_t)c->ne * 4 * sizeof(int)
       + (size_t)(c->nf + 1) * sizeof(int) + (size_t)c->nfv * sizeof(int);
}

/* the block's arrays after its struct */
static cl_hull_data *lay_data(void *buf, const cl_hull_counts *c) {
  cl_hull_data *d = (cl_hull_data *)buf;
  char *at = (char *)buf + ALIGN8(sizeof(cl_hull_data));
  d->nv = c->nv; d->nf = c->nf; d->ne = c->ne; d->nfv = c->nfv;
  d->v = (const double (*)[3])(void *)at; at += (size_t)c->nv * 3 * sizeof(double);
  d->plane = (const double (*)[4])(void *)at; at += (size_t)c->nf * 4 * sizeof(double);
  d->edge = (const int (*)[4])(void *)at; at += (size_t)c->ne * 4 * sizeof(int);
  d->fstart = (const int *)(void *)at; at += (size_t)(c->nf + 1) * sizeof(int);
  d->fv = (const int *)(void *)at;
  return d;
}

/* the centroid, radius and bounds of the vertices */
static void derive(cl_hull_data *d) {
  int i, k;
  cl_set(d->centroid, 0, 0, 0);
  for (k = 0; k < 3; k++) { d->lo[k] = INFINITY; d->hi[k] = -INFINITY; }
  for (i = 0; i < d->nv; i++)
    for (k = 0; k < 3; k++) {
      d->centroid[k] += d->v[i][k] / d->nv;
      d->lo[k] = cl_fmin(d->lo[k], d->v[i][k]);
      d->hi[k] = cl_fmax(d->hi[k], d->v[i][k]);
    }
  for (k = 0; k < 3; k++) d->centroid[k] = cl_clamp(d->centroid[k], d->lo[k], d->hi[k]);
  d->radius = 0;
  for (i = 0; i < d->nv; i++) {
    double e[3];
    cl_sub(e, d->v[i], d->centroid);
    d->radius = cl_fmax(d->radius, cl_length(e));
  }
}

const cl_hull_data *cl_hull_store(const void *work, const double *p, void *buf) {
  const qhull *q = (const qhull *)work;
  cl_hull_data *d = lay_data(buf, &q->out);
  double (*v)[3] = (double (*)[3])(void *)(uintptr_t)d->v;
  double (*pl)[4] = (double (*)[4])(void *)(uintptr_t)d->plane;
  int (*e)[4] = (int (*)[4])(void *)(uintptr_t)d->edge;
  int *fs = (int *)(void *)(uintptr_t)d->fstart, *fv = (int *)(void *)(uintptr_t)d->fv;
  int i, k;
  for (i = 0; i < (int)q->n; i++)
    if (q->vmap[i] >= 0) for (k = 0; k < 3; k++) v[q->vmap[i]][k] = p[3 * i + k];
  for (i = 0; i < d->nf; i++) {
    cl_copy(pl[i], q->fn[i]);
    pl[i][3] = q->fd[i];
  }
  for (i = 0; i < d->ne; i++) for (k = 0; k < 4; k++) e[i][k] = q->edge[i][k];
  for (i = 0; i <= d->nf; i++) fs[i] = q->loop_start[i];
  for (i = 0; i < d->nfv; i++) fv[i] = q->loop_v[i];
  derive(d);
  return d;
}

const cl_hull_data *cl_hull_copy_data(const cl_hull_data *src, void *buf) {
  cl_hull_counts c;
  cl_hull_data *d;
  c.nv = src->nv; c.nf = src->nf; c.ne = src->ne; c.nfv = src->nfv;
  d = lay_data(buf, &c);
  memcpy((void *)(uintptr_t)d->v, src->v, cl_hull_data_size(&c) - ALIGN8(sizeof(cl_hull_data)));
  derive(d);
  return d;
}

/* ---------------------------------------------------------------------- */
/* separating axes                                                        */

/* a convex polytope in the frame of the hull it is tested against, and
** the storage of the other shape's (hull_poly.h) */
typedef cl_poly poly;
typedef cl_poly_store poly_store;

static void project(const poly *P, const double a[3], double *lo, double *hi) {
  double x = INFINITY, y = -INFINITY;
  int i;
  for (i = 0; i < P->nv; i++) {
    double p = cl_dot(a, P->v[i]);
    x = p < x ? p : x;
    y = p > y ? p : y;
  }
  *lo = x; *hi = y;
}

typedef struct { double depth, n[3]; } axis_best;

/* an overlap along the unit local axis L (moving B along +L separates);
** 0 when it separates beyond tol */
static int keep(axis_best *b, double overlap, const double L[3], double tol) {
  if (overlap < -tol) return 0;
  if (overlap < b->depth) { b->depth = overlap; cl_copy(b->n, L); }
  return 1;
}

/* both sides of the axis a (not unit) by projection */
static int full_axis(const poly *A, const poly *B, const double a[3], double tol,
                     axis_best *best) {
  double L[3], alo, ahi, blo, bhi, o1, o2, dc[3];
  cl_copy(L, a);
  if (cl_normalize(L) == 0) return 1;
  project(A, L, &alo, &ahi);
  project(B, L, &blo, &bhi);
  o1 = ahi - blo;
  o2 = bhi - alo;
  cl_sub(dc, B->c, A->c);
  if (o1 < o2 || (o1 == o2 && cl_dot(L, dc) >= 0)) return keep(best, o1, L, tol);
  cl_scale(L, L, -1);
  return keep(best, o2, L, tol);
}

/* whether the arcs a-b (A's edge, bxa = b x a) and c-d (B's edge's face
** normals, negated: c = -nc, d = -nd) cross on the Gauss map (Gregorius,
** GDC 2013); the test that rejects most pairs first */
static int minkowski_face(const double a[3], const double b[3], const double bxa[3],
                          const double nc[3], const double nd[3]) {
  double dxc[3], cba = -cl_dot(nc, bxa), dba = -cl_dot(nd, bxa), adc, bdc;
  if (!(cba * dba < 0)) return 0;
  cl_cross(dxc, nd, nc);
  adc = cl_dot(a, dxc); bdc = cl_dot(b, dxc);
  return adc * bdc < 0 && cba * bdc > 0;
}

/* A (the hull) against B: 0 when an axis separates them beyond tol, else
** 1 and the axis of least overlap */
static int sat(const poly *A, const poly *B, double tol, axis_best *best) {
  int i, j;
  best->depth = INFINITY;
  cl_set(best->n, 0, 1, 0);
  for (i = 0; i < A->nf; i++) {
    double lo = INFINITY;
    for (j = 0; j < B->nv; j++) {
      double p = cl_dot(A->pl[i], B->v[j]);
      lo = p < lo ? p : lo;
    }
    if (!keep(best, A->pl[i][3] - lo, A->pl[i], tol)) return 0;
  }
  for (i = 0; i < B->nf; i++) {
    double lo = INFINITY, L[3];
    for (j = 0; j < A->nv; j++) {
      double p = cl_dot(B->pl[i], A->v[j]);
      lo = p < lo ? p : lo;
    }
    cl_scale(L, B->pl[i], -1);
    if (!keep(best, B->pl[i][3] - lo, L, tol)) return 0;
  }
  for (i = 0; i < A->ne; i++) {
    const int *ea = A->e[i];
    double da[3], bxa[3] = {0, 0, 0};
    cl_sub(da, A->v[ea[1]], A->v[ea[0]]);
    if (ea[2] >= 0) cl_cross(bxa, A->pl[ea[3]], A->pl[ea[2]]);
    for (j = 0; j < B->ne; j++) {
      const int *eb = B->e[j];
      double db[3], L[3];
      int pruned = ea[2] >= 0 && eb[2] >= 0;
      if (pruned && !minkowski_face(A->pl[ea[2]], A->pl[ea[3]], bxa, B->pl[eb[2]], B->pl[eb[3]]))
        continue;
      cl_sub(db, B->v[eb[1]], B->v[eb[0]]);
      cl_cross(L, da, db);
      if (!cl_axis_ok(L, da, db)) continue;
      if (pruned) {
        /* the separation read off the two edges, L out of A */
        double s[3], w[3], ll = cl_dot(L, L), len, ov;
        cl_add(s, A->pl[ea[2]], A->pl[ea[3]]);
        if (cl_dot(L, s) < 0) cl_scale(L, L, -1);
        len = ll > 1e-280 && ll < 1e280 ? sqrt(ll) : cl_length(L);
        cl_sub(w, A->v[ea[0]], B->v[eb[0]]);
        ov = cl_dot(L, w) / len;
        if (ov < -tol) return 0;
        if (ov < best->depth) { cl_scale(L, L, 1 / len); keep(best, ov, L, tol); }
      } else if (!full_axis(A, B, L, tol, best)) return 0;
    }
  }
  return 1;
}

/* the edge pair ea (of A), eb (of B) as sat() takes it; 0 when it separates */
static int edge_pair(const poly *A, const poly *B, int i, int j, double tol, axis_best *best) {
  const int *ea = A->e[i], *eb = B->e[j];
  double da[3], db[3], L[3], bxa[3] = {0, 0, 0};
  int pruned = ea[2] >= 0 && eb[2] >= 0;
  cl_sub(da, A->v[ea[1]], A->v[ea[0]]);
  if (ea[2] >= 0) cl_cross(bxa, A->pl[ea[3]], A->pl[ea[2]]);
  if (pruned && !minkowski_face(A->pl[ea[2]], A->pl[ea[3]], bxa, B->pl[eb[2]], B->pl[eb[3]]))
    return 1;
  cl_sub(db, B->v[eb[1]], B->v[eb[0]]);
  cl_cross(L, da, db);
  if (!cl_axis_ok(L, da, db)) return 1;
  if (pruned) {
    double sm[3], w[3], ll = cl_dot(L, L), len, ov;
    cl_add(sm, A->pl[ea[2]], A->pl[ea[3]]);
    if (cl_dot(L, sm) < 0) cl_scale(L, L, -1);
    len = ll > 1e-280 && ll < 1e280 ? sqrt(ll) : cl_length(L);
    cl_sub(w, A->v[ea[0]], B->v[eb[0]]);
    ov = cl_dot(L, w) / len;
    if (ov < -tol) return 0;
    if (ov < best->depth) { cl_scale(L, L, 1 / len); keep(best, ov, L, tol); }
    return 1;
  }
  return full_axis(A, B, L, tol, best);
}

/* the edges of P whose ends both lie within etol of P's extreme along
** the local direction L (sg = 1: its top, -1: its bottom), into out */
static int extreme_edges(const poly *P, const double L[3], int sg, double etol, int *out) {
  double top = -INFINITY;
  int i, n = 0;
  for (i = 0; i < P->nv; i++) top = cl_fmax(top, sg * cl_dot(P->v[i], L));
  for (i = 0; i < P->ne; i++)
    if (sg * cl_dot(P->v[P->e[i][0]], L) >= top - etol
        && sg * cl_dot(P->v[P->e[i][1]], L) >= top - etol)
      out[n++] = i;
  return n;
}

/* the faces of P most along the local direction L (sg = 1) or against
** it (sg = -1), within 1e-9 of the best cosine, tested as sat() does */
static int aligned_faces(const poly *P, const poly *Q, const double L[3], int sg, double tol,
                         axis_best *best) {
  double top = -INFINITY;
  int i, j;
  for (i = 0; i < P->nf; i++) top = cl_fmax(top, sg * cl_dot(P->pl[i], L));
  for (i = 0; i < P->nf; i++) {
    double lo = INFINITY, ax[3];
    if (sg * cl_dot(P->pl[i], L) < top - CL_EPSILON) continue;
    for (j = 0; j < Q->nv; j++) lo = cl_fmin(lo, cl_dot(P->pl[i], Q->v[j]));
    cl_scale(ax, P->pl[i], sg);
    if (!keep(best, P->pl[i][3] - lo, ax, tol)) return 0;
  }
  return 1;
}

/* the least overlap of A and B, overlapping, by EPA's normal: the
** separating axes near it alone (A's and B's faces along it, the edge
** pairs at A's and B's extremes along it), each measured exactly as sat()
** measures it. 1 when their least overlap is within EPA's bounds (the
** axis of least overlap of all is then among them, up to those bounds);
** 0 when EPA fails or the axes near its normal do not reach its depth:
** the caller runs every axis */
static int epa_sat(const cl_hull *h, const cl_shape *s, const poly *A, const poly *B, double tol,
                   axis_best *best) {
  cl_core CA, CB;
  double nw[3], L[3], lo, hi, etol, scale;
  int ia[3 * CL_HULL_MAX_VERTICES], ib[3 * CL_HULL_MAX_VERTICES], na, nb, i, j;
  cl_core_of((const cl_shape *)(const void *)h, &CA);
  cl_core_of(s, &CB);
  if (!cl_core_penetration(&CA, &CB, nw, &lo, &hi)) return 0;
  scale = cl_fmax(cl_core_scale(&CA), cl_core_scale(&CB));
  cl_hull_dir_in(h, nw, L);
  best->depth = INFINITY;
  cl_set(best->n, 0, 1, 0);
  if (!aligned_faces(A, B, L, 1, tol, best) || !aligned_faces(B, A, L, -1, tol, best)) return 0;
  etol = CL_EPSILON * scale;
  na = extreme_edges(A, L, 1, etol, ia);
  nb = extreme_edges(B, L, -1, etol, ib);
  for (i = 0; i < na; i++)
    for (j = 0; j < nb; j++)
      if (!edge_pair(A, B, ia[i], ib[j], tol, best)) return 0;
  return best->depth <= hi + CL_EPA_REL * scale + tol;
}

static double pair_tol(const cl_hull *h, double other) {
  return CL_HULL_REL * cl_fmax(cl_hull_scale(h), other);
}

static int finish_sat(const cl_hull *h, const poly *A, const poly *B, double tol, double n[3],
                      double *depth) {
  axis_best best;
  if (!sat(A, B, tol, &best)) return 0;
  if (n != NULL) {
    cl_hull_dir_out(h, best.n, n);
    *depth = best.depth > 0 ? best.depth : 0;
  }
  return 1;
}

static void hull_poly(const cl_hull *h, poly *A) {
  A->nv = h->h->nv; A->nf = h->h->nf; A->ne = h->h->ne;
  A->v = h->h->v; A->pl = h->h->plane; A->e = h->h->edge;
  cl_copy(A->c, h->h->centroid);
}

/* cl_hull_sat; fast 0 runs every axis (cl_hull_sat_all) */
static int hull_sat(const cl_hull *h, const cl_shape *s, double n[3], double *depth, int fast) {
  poly A, B;
  poly_store st;
  double other;
  int pairs, epa = 0;
  cl_aabb b;
  if (s->tag == CL_TRIANGLE && s->tri.degenerate)
    return cl_hull_sat_segment(h, s->tri.v[s->tri.s0], s->tri.v[s->tri.s1], n, depth);
  cl_bounds(s, &b);
  other = cl_fmax(cl_maxabs3(b.min), cl_maxabs3(b.max));
  hull_poly(h, &A);
  {
    /* bounding spheres apart: no axis needed */
    double c[3], bc[3], e[3], r, gap[3];
    cl_hull_centre(h, c);
    cl_aabb_frame(&b, bc, e);
    cl_sub(gap, bc, c);
    r = h->h->radius + cl_length(e);
    if (cl_length(gap) > r + pair_tol(h, other) && r < INFINITY) return 0;
  }
  pairs = A.ne * cl_poly_edges(s);
  if (fast && pairs > CL_HULL_SAT_PAIRS) {
    /* many edge pairs: GJK decides where it is certain (hull.h) */
    cl_core CA, CB;
    double ca[3], cb[3], dc, tol = pair_tol(h, other);
    int touch;
    cl_core_of((const cl_shape *)(const void *)h, &CA);
    cl_core_of(s, &CB);
    dc = cl_core_distance(&CA, &CB, ca, cb, &touch);
    if (touch == 0 && dc > tol) return 0;
    if (n == NULL && touch != 2) return 1;
    epa = touch == 1 && pairs > CL_HULL_EPA_PAIRS;
  }
  cl_poly_of(h, s, &B, &st);
  if (n != NULL && epa) {
    /* many edge pairs and cores that overlap: EPA's normal picks the axes */
    axis_best best;
    if (epa_sat(h, s, &A, &B, pair_tol(h, other), &best)) {
      cl_hull_dir_out(h, best.n, n);
      *depth = best.depth > 0 ? best.depth : 0;
      return 1;
    }
  }
  return finish_sat(h, &A, &B, pair_tol(h, other), n, depth);
}

int cl_hull_sat(const cl_hull *h, const cl_shape *s, double n[3], double *depth) {
  return hull_sat(h, s, n, depth, 1);
}

int cl_hull_sat_all(const cl_hull *h, const cl_shape *s, double n[3], double *depth) {
  return hull_sat(h, s, n, depth, 0);
}

int cl_hull_sat_segment(const cl_hull *h, const double a[3], const double b[3], double n[3],
                        double *depth) {
  poly A, B;
  double v[2][3];
  static const int seg_edge[1][4] = {{0, 1, -1, -1}};
  hull_poly(h, &A);
  cl_hull_point_in(h, a, v[0]);
  cl_hull_point_in(h, b, v[1]);
  B.nv = 2; B.nf = 0; B.ne = 1;
  B.v = (const double (*)[3])v;
  B.pl = NULL;
  B.e = seg_edge;
  cl_add(B.c, v[0], v[1]);
  cl_scale(B.c, B.c, 0.5);
  return finish_sat(h, &A, &B, pair_tol(h, cl_fmax(cl_maxabs3(a), cl_maxabs3(b))), n, depth);
}
