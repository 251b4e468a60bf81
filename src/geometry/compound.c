/*
** compound.c - the compound shape (compound.h): its data (the children in
** its frame, their bounds and a bounding-volume tree over them), the
** placing of a child in the world, the walk that culls children by a box
** or a ray, and every query of a compound as the union of its children:
** each entry point hands a compound here first (compound_ops.h), and the
** queries below ask the entry points again with each placed child, which
** is never a compound (children are flattened when the data is built).
** The tree is a flat array built once by median splits on the longest
** axis of the children's centres (Ericson, Real-Time Collision Detection,
** 6.2.1, top-down construction).
*/
#include "fp.h"
#include "tolerance.h"
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "compound_ops.h"
#include "collide/hull.h"

/* ---------------------------------------------------------------------- */
/* placing                                                                */

void cl_compound_place(cl_compound *c, const double pos[3], const double q[4]) {
  cl_obb o;
  double e[3] = {0, 0, 0};
  int k;
  cl_obb_init(&o, pos, e, q);
  cl_copy(c->c, pos);
  for (k = 0; k < 4; k++) c->q[k] = o.q[k];
  for (k = 0; k < 3; k++) cl_copy(c->u[k], o.u[k]);
}

void cl_compound_init(cl_compound *c, const cl_compound_data *d, const double pos[3],
                      const double q[4]) {
  c->tag = CL_COMPOUND;
  c->d = d;
  cl_compound_place(c, pos, q);
}

/* ---------------------------------------------------------------------- */
/* the data                                                               */

static int child_kind(int tag) {
  return tag == CL_AABB || tag == CL_OBB || tag == CL_TRIANGLE || tag == CL_SPHERE
      || tag == CL_CAPSULE || tag == CL_HULL;
}

size_t cl_compound_count(const cl_shape *shapes, size_t n) {
  size_t i, count = 0;
  for (i = 0; i < n; i++) {
    if (shapes[i].tag == CL_COMPOUND) count += (size_t)shapes[i].compound.d->n;
    else if (child_kind(shapes[i].tag)) count++;
    else return 0;
    if (count > CL_COMPOUND_MAX_CHILDREN) return 0;
  }
  return count;
}

/* the block: the struct, the children, their bounds, the nodes (at most
** 2 count), the order */
static size_t off_child(void) { return (sizeof(cl_compound_data) + 7) / 8 * 8; }
static size_t off_bounds(size_t n) { return off_child() + n * sizeof(cl_shape); }
static size_t off_node(size_t n) { return off_bounds(n) + n * sizeof(cl_aabb); }
static size_t off_order(size_t n) { return off_node(n) + 2 * n * sizeof(cl_compound_node); }

size_t cl_compound_data_size(size_t count) {
  return off_order(count) + count * sizeof(int);
}

/* the centre of box i on axis k, from the halves (no overflow) */
static double centre_of(const cl_aabb *b, int k) { return b->min[k] / 2 + b->max[k] / 2; }

/* orders a[0..n-1] so that a[m] is where a sort by (centre on axis k,
** child index) puts it, the smaller before it and the larger after: a
** total order, so the tree is the same on every platform */
static int before(const cl_aabb *b, int k, int x, int y) {
  double cx = centre_of(&b[x], k), cy = centre_of(&b[y], k);
  return cx < cy || (cx == cy && x < y);
}

static void select_nth(int *a, int n, int m, const cl_aabb *b, int k) {
  int lo = 0, hi = n - 1;
  while (lo < hi) {
    int pivot = a[lo + (hi - lo) / 2], i = lo, j = hi;
    while (i <= j) {
      while (before(b, k, a[i], pivot)) i++;
      while (before(b, k, pivot, a[j])) j--;
      if (i <= j) {
        int t = a[i]; a[i] = a[j]; a[j] = t;
        i++; j--;
      }
    }
    if (m <= j) hi = j;
    else if (m >= i) lo = i;
    else return;
  }
}

static void grow(double lo[3], double hi[3], const cl_aabb *b) {
  int k;
  for (k = 0; k < 3; k++) {
    if (b->min[k] < lo[k]) lo[k] = b->min[k];
    if (b->max[k] > hi[k]) hi[k] = b->max[k];
  }
}

static void build_node(cl_compound_node *node, int *nn, int *order, const cl_aabb *b, int first,
                       int count) {
  cl_compound_node *me = &node[(*nn)++];
  double clo[3], chi[3], best = -1;
  int i, k, axis = 0, half;
  cl_set(me->lo, INFINITY, INFINITY, INFINITY);
  cl_set(me->hi, -INFINITY, -INFINITY, -INFINITY);
  cl_set(clo, INFINITY, INFINITY, INFINITY);
  cl_set(chi, -INFINITY, -INFINITY, -INFINITY);
  for (i = first; i < first + count; i++) {
    grow(me->lo, me->hi, &b[order[i]]);
    for (k = 0; k < 3; k++) {
      double x = centre_of(&b[order[i]], k);
      if (x < clo[k]) clo[k] = x;
      if (x > chi[k]) chi[k] = x;
    }
  }
  if (count <= CL_COMPOUND_LEAF) {
    me->first = first;
    me->count = count;
    return;
  }
  for (k = 0; k < 3; k++)
    if (chi[k] / 2 - clo[k] / 2 > best) { best = chi[k] / 2 - clo[k] / 2; axis = k; }
  half = count / 2;
  select_nth(order + first, count, half, b, axis);
  build_node(node, nn, order, b, first, half);
  me->count = 0;
  me->first = *nn;
  build_node(node, nn, order, b, first + half, count - half);
}

const cl_compound_data *cl_compound_store(const cl_shape *shapes, size_t n, size_t count,
                                          void *buf) {
  cl_compound_data *d = (cl_compound_data *)buf;
  char *base = (char *)buf;
  cl_shape *child = (cl_shape *)(void *)(base + off_child());
  cl_aabb *bounds = (cl_aabb *)(void *)(base + off_bounds(count));
  cl_compound_node *node = (cl_compound_node *)(void *)(base + off_node(count));
  int *order = (int *)(void *)(base + off_order(count));
  size_t i, m = 0;
  int j, nn = 0;
  memset(child, 0, count * sizeof(cl_shape));
  for (i = 0; i < n; i++) {
    if (shapes[i].tag == CL_COMPOUND) {
      for (j = 0; j < shapes[i].compound.d->n; j++)
        cl_compound_child(&shapes[i].compound, j, &child[m++]);
    } else {
      cl_shape_copy(&child[m++], &shapes[i]);
    }
  }
  d->n = (int)count;
  cl_set(d->lo, INFINITY, INFINITY, INFINITY);
  cl_set(d->hi, -INFINITY, -INFINITY, -INFINITY);
  for (j = 0; j < d->n; j++) {
    cl_bounds(&child[j], &bounds[j]);
    grow(d->lo, d->hi, &bounds[j]);
    order[j] = j;
  }
  d->radius = cl_fmax(cl_maxabs3(d->lo), cl_maxabs3(d->hi));
  if (d->n > CL_COMPOUND_TREE_MIN) build_node(node, &nn, order, bounds, 0, d->n);
  d->nnodes = nn;
  d->child = child;
  d->bounds = bounds;
  d->node = node;
  d->order = order;
  return d;
}

static void *default_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  (void)ud; (void)osize;
  if (nsize == 0) { free(ptr); return NULL; }
  return realloc(ptr, nsize);
}

cl_compound_data *cl_compound_new(const cl_shape *shapes, size_t n, cl_alloc_fn alloc, void *ud) {
  size_t count = cl_compound_count(shapes, n);
  void *buf;
  if (count == 0) return NULL;
  if (alloc == NULL) alloc = default_alloc;
  buf = alloc(ud, NULL, 0, cl_compound_data_size(count));
  if (buf == NULL) return NULL;
  cl_compound_store(shapes, n, count, buf);
  return (cl_compound_data *)buf;
}

void cl_compound_delete(cl_compound_data *d, cl_alloc_fn alloc, void *ud) {
  if (d == NULL) return;
  if (alloc == NULL) alloc = default_alloc;
  alloc(ud, d, cl_compound_data_size((size_t)d->n), 0);
}

/* ---------------------------------------------------------------------- */
/* the walk                                                               */

static int finite3(const double v[3]) {
  return v[0] - v[0] == 0 && v[1] - v[1] == 0 && v[2] - v[2] == 0;
}

static void walk_start(cl_compound_walk *w, const cl_compound *c, int mode) {
  w->d = c->d;
  w->mode = mode;
  w->i = 0;
  w->leaf = w->leaf_end = 0;
  w->sp = 0;
  if (mode != 0 && c->d->nnodes > 0) w->stack[w->sp++] = 0;
}

void cl_compound_walk_box(cl_compound_walk *w, const cl_compound *c, const cl_aabb *box) {
  double m[3], e[3], l[3], le[3], g;
  int k;
  if (box == NULL) { walk_start(w, c, 0); return; }
  cl_aabb_frame(box, m, e);
  cl_sub(m, m, c->c);
  for (k = 0; k < 3; k++) {
    l[k] = cl_dot(m, c->u[k]);
    le[k] = fabs(c->u[k][0]) * e[0] + fabs(c->u[k][1]) * e[1] + fabs(c->u[k][2]) * e[2];
  }
  g = CL_WALK_REL * (cl_maxabs3(m) + cl_maxabs3(e) + c->d->radius) + DBL_MIN;
  for (k = 0; k < 3; k++) {
    w->lo[k] = l[k] - le[k] - g;
    w->hi[k] = l[k] + le[k] + g;
  }
  if (!(finite3(w->lo) && finite3(w->hi))) { walk_start(w, c, 0); return; }
  walk_start(w, c, 1);
}

void cl_compound_walk_ray(cl_compound_walk *w, const cl_compound *c, const cl_ray *r) {
  double m[3];
  int k;
  cl_sub(m, r->o, c->c);
  for (k = 0; k < 3; k++) {
    w->o[k] = cl_dot(m, c->u[k]);
    w->dir[k] = cl_dot(r->d, c->u[k]);
  }
  w->tmax = r->tmax;
  /* the growth of the boxes the ray is tested against */
  w->lo[0] = CL_WALK_REL * (cl_maxabs3(m) + c->d->radius) + DBL_MIN;
  if (!(finite3(w->o) && finite3(w->dir) && w->lo[0] < INFINITY)) { walk_start(w, c, 0); return; }
  walk_start(w, c, 2);
}

static int box_meets(const cl_compound_walk *w, const double lo[3], const double hi[3]) {
  if (w->mode == 1)
    return lo[0] <= w->hi[0] && hi[0] >= w->lo[0] && lo[1] <= w->hi[1] && hi[1] >= w->lo[1]
        && lo[2] <= w->hi[2] && hi[2] >= w->lo[2];
  if (w->mode == 2) {
    double t0 = 0, t1 = w->tmax, g = w->lo[0];
    int k;
    for (k = 0; k < 3; k++) {
      double a = lo[k] - g, b = hi[k] + g;
      if (w->dir[k] == 0) {
        if (w->o[k] < a || w->o[k] > b) return 0;
      } else {
        double ta = (a - w->o[k]) / w->dir[k], tb = (b - w->o[k]) / w->dir[k];
        if (ta > tb) { double t = ta; ta = tb; tb = t; }
        if (ta > t0) t0 = ta;
        if (tb < t1) t1 = tb;
      }
    }
    return t0 <= t1 + g;
  }
  return 1;
}

int cl_compound_next(cl_compound_walk *w) {
  const cl_compound_data *d = w->d;
  if (d->nnodes == 0 || w->mode == 0) {
    while (w->i < d->n) {
      int i = w->i++;
      if (box_meets(w, d->bounds[i].min, d->bounds[i].max)) return i;
    }
    return -1;
  }
  for (;;) {
    const cl_compound_node *node;
    int at;
    while (w->leaf < w->leaf_end) {
      int i = d->order[w->leaf++];
      if (box_meets(w, d->bounds[i].min, d->bounds[i].max)) return i;
    }
    if (w->sp == 0) return -1;
    at = w->stack[--w->sp];
    node = &d->node[at];
    if (!box_meets(w, node->lo, node->hi)) continue;
    if (node->count > 0) {
      w->leaf = node->first;
      w->leaf_end = node->first + node->count;
    } else {
      w->stack[w->sp++] = node->first;
      w->stack[w->sp++] = at + 1;
    }
  }
}

/* the walk over the children of c that may meet s */
static void walk_for(cl_compound_walk *w, const cl_compound *c, const cl_shape *s) {
  cl_aabb b;
  if (s->tag == CL_RAY) cl_compound_walk_ray(w, c, &s->ray);
  else if (s->tag != CL_PLANE && cl_bounds(s, &b)) cl_compound_walk_box(w, c, &b);
  else cl_compound_walk_box(w, c, NULL);
}

/* ---------------------------------------------------------------------- */
/* queries                                                                */

int cl_compound_intersects(const cl_shape *a, const cl_shape *b) {
  const cl_compound *c = a->tag == CL_COMPOUND ? &a->compound : &b->compound;
  const cl_shape *o = a->tag == CL_COMPOUND ? b : a;
  cl_compound_walk w;
  cl_shape ch;
  int i;
  walk_for(&w, c, o);
  while ((i = cl_compound_next(&w)) >= 0) {
    cl_compound_child(c, i, &ch);
    if (cl_intersects(&ch, o)) return 1;
  }
  return 0;
}

int cl_compound_cast(const cl_ray *r, const cl_compound *c, int cull, cl_hit *h, int *index) {
  cl_compound_walk w;
  cl_shape ch;
  cl_hit x;
  int i, best = -1;
  cl_compound_walk_ray(&w, c, r);
  while ((i = cl_compound_next(&w)) >= 0) {
    cl_compound_child(c, i, &ch);
    if (!cl_cast(r, &ch, cull, &x)) continue;
    if (ch.tag != CL_TRIANGLE) x.u = x.v = 0;
    if (best < 0 || x.t < h->t || (x.t == h->t && i < best)) {
      *h = x;
      best = i;
      if (w.mode == 2 && x.t < w.tmax) w.tmax = x.t;
    }
  }
  *index = best;
  return best >= 0;
}

int cl_compound_contact_parts(const cl_shape *a, const cl_shape *b, double n[3], double *depth,
                              int *ia, int *ib) {
  int ca = a->tag == CL_COMPOUND;
  const cl_compound *c = ca ? &a->compound : &b->compound;
  const cl_shape *o = ca ? b : a;
  cl_compound_walk w;
  cl_shape ch;
  double m[3], dm;
  int i, best = -1, other = -1;
  walk_for(&w, c, o);
  while ((i = cl_compound_next(&w)) >= 0) {
    int ok, j = -1, unused;
    cl_compound_child(c, i, &ch);
    /* (o a compound only when a is one too: cl_contact would come back
    ** here for the child and o, the same steps) */
    if (o->tag == CL_COMPOUND) ok = cl_compound_contact_parts(&ch, o, m, &dm, &unused, &j);
    else ok = ca ? cl_contact(&ch, o, m, &dm) : cl_contact(o, &ch, m, &dm);
    if (ok && (best < 0 || dm > *depth || (dm == *depth && i < best))) {
      cl_copy(n, m);
      *depth = dm;
      best = i;
      other = j;
    }
  }
  *ia = ca ? best : -1;
  *ib = ca ? other : best;
  return best >= 0;
}

int cl_compound_contact(const cl_shape *a, const cl_shape *b, double n[3], double *depth) {
  int ia, ib;
  return cl_compound_contact_parts(a, b, n, depth, &ia, &ib);
}

double cl_compound_distance_parts(const cl_shape *a, const cl_shape *b, double pa[3], double pb[3],
                                  int *ia, int *ib) {
  int ca = a->tag == CL_COMPOUND;
  const cl_compound *c = ca ? &a->compound : &b->compound;
  const cl_shape *o = ca ? b : a;
  cl_shape ch;
  double best = INFINITY, x[3], y[3];
  int i, at = -1, other = -1;
  cl_set(pa, 0, 0, 0);
  cl_set(pb, 0, 0, 0);
  for (i = 0; i < c->d->n; i++) {
    double dist;
    int j = -1, unused;
    cl_compound_child(c, i, &ch);
    /* (as cl_contact_parts: o a compound only when a is one) */
    if (o->tag == CL_COMPOUND) dist = cl_compound_distance_parts(&ch, o, x, y, &unused, &j);
    else dist = ca ? cl_shape_distance(&ch, o, x, y) : cl_shape_distance(o, &ch, x, y);
    if (dist < best || i == 0) {
      best = dist;
      cl_copy(pa, x);
      cl_copy(pb, y);
      at = i;
      other = j;
    }
  }
  *ia = ca ? at : -1;
  *ib = ca ? other : at;
  return best;
}

double cl_compound_distance(const cl_shape *a, const cl_shape *b, double pa[3], double pb[3]) {
  int ia, ib;
  return cl_compound_distance_parts(a, b, pa, pb, &ia, &ib);
}

int cl_compound_classify(const cl_plane *p, const cl_compound *c) {
  cl_shape ch;
  int i, side = 2;
  for (i = 0; i < c->d->n; i++) {
    int s;
    cl_compound_child(c, i, &ch);
    s = cl_classify(p, &ch);
    if (s == 0) return 0;
    if (side == 2) side = s;
    else if (s != side) return 0;
  }
  return side == 2 ? 0 : side;
}

void cl_compound_bounds(const cl_compound *c, cl_aabb *out) {
  cl_shape ch;
  cl_aabb b;
  int i;
  out->tag = CL_AABB;
  cl_set(out->min, INFINITY, INFINITY, INFINITY);
  cl_set(out->max, -INFINITY, -INFINITY, -INFINITY);
  for (i = 0; i < c->d->n; i++) {
    cl_compound_child(c, i, &ch);
    cl_bounds(&ch, &b);
    grow(out->min, out->max, &b);
  }
}

void cl_compound_closest(const cl_compound *c, const double p[3], double out[3]) {
  cl_shape ch;
  double best = INFINITY;
  int i;
  cl_copy(out, p);
  for (i = 0; i < c->d->n; i++) {
    double dist;
    cl_compound_child(c, i, &ch);
    dist = cl_distance(&ch, p);
    if (dist < best || i == 0) {
      best = dist;
      cl_closest_point(&ch, p, out);
    }
  }
}

double cl_compound_point_distance(const cl_compound *c, const double p[3]) {
  cl_shape ch;
  double best = INFINITY;
  int i;
  for (i = 0; i < c->d->n; i++) {
    double dist;
    cl_compound_child(c, i, &ch);
    dist = cl_distance(&ch, p);
    if (dist < best) best = dist;
  }
  return best;
}

int cl_compound_contains(const cl_compound *c, const double p[3]) {
  cl_compound_walk w;
  cl_shape ch;
  cl_aabb b;
  int i;
  cl_aabb_init(&b, p, p);
  cl_compound_walk_box(&w, c, &b);
  while ((i = cl_compound_next(&w)) >= 0) {
    cl_compound_child(c, i, &ch);
    if (cl_contains(&ch, p)) return 1;
  }
  return 0;
}

size_t cl_compound_lines_count(const cl_compound *c) {
  size_t n = 0;
  int i;
  for (i = 0; i < c->d->n; i++) n += cl_lines_count(&c->d->child[i]);
  return n;
}

size_t cl_compound_lines_fill(const cl_compound *c, double *out) {
  cl_shape ch;
  size_t n = 0;
  int i;
  for (i = 0; i < c->d->n; i++) {
    cl_compound_child(c, i, &ch);
    n += cl_lines_fill(&ch, out + 6 * n);
  }
  return n;
}

int cl_compound_manifold_add(const cl_shape *a, const cl_shape *b, const double *hint,
                             cl_reduce *r) {
  int ca = a->tag == CL_COMPOUND;
  const cl_compound *c = ca ? &a->compound : &b->compound;
  const cl_shape *o = ca ? b : a;
  cl_compound_walk w;
  cl_shape ch;
  int i, n = 0;
  walk_for(&w, c, o);
  while ((i = cl_compound_next(&w)) >= 0) {
    cl_compound_child(c, i, &ch);
    n += ca ? cl_manifold_add_part(&ch, o, hint, r) : cl_manifold_add_part(o, &ch, hint, r);
  }
  return n;
}

static double shape_scale(const cl_shape *s) {
  cl_aabb b;
  if (s->tag == CL_PLANE) return fabs(s->plane.d);
  if (!cl_bounds(s, &b)) return 0;
  return cl_fmax(cl_maxabs3(b.min), cl_maxabs3(b.max));
}

/* the normal of the deepest child's contact, and the points of every
** child whose own contact is along it (cl_manifold_add_part) reduced to
** four, as a set of triangles answers */
int cl_compound_manifold(const cl_shape *a, const cl_shape *b, cl_contacts *m) {
  cl_contact_point buf[128];
  cl_reduce r;
  double n[3], depth;
  m->count = 0;
  if (!cl_compound_contact(a, b, n, &depth)) return 0;
  cl_reduce_init(&r, n, cl_fmax(shape_scale(a), shape_scale(b)));
  cl_reduce_buffer(&r, buf, 128);
  do cl_compound_manifold_add(a, b, n, &r); while (cl_reduce_next(&r));
  cl_reduce_finish(&r, m);
  cl_copy(m->n, n);
  return m->count;
}

/* ---------------------------------------------------------------------- */
/* sweeps                                                                 */

/* a triangle child of a moving compound: the target moves the other way
** at the triangle (the same relative motion), the hit moved back to the
** triangle's frame of motion */
static int sweep_triangle(const cl_shape *tri, const double d[3], const cl_shape *target,
                          double limit, cl_hit *h) {
  double nd[3];
  if (target->tag != CL_AABB && target->tag != CL_OBB && target->tag != CL_SPHERE
      && target->tag != CL_CAPSULE && target->tag != CL_HULL)
    return 0;
  cl_scale(nd, d, -1);
  if (!cl_sweep_until(target, nd, tri, limit, h)) return 0;
  cl_scale(h->n, h->n, -1);
  h->n[0] += 0.0; h->n[1] += 0.0; h->n[2] += 0.0;
  cl_madd(h->p, h->p, d, h->t);
  return 1;
}

int cl_compound_sweep(const cl_shape *mover, const double d[3], const cl_shape *target,
                      double limit, cl_hit *h, int *index) {
  cl_compound_walk w;
  cl_shape ch;
  cl_hit x;
  cl_aabb b, moved;
  int i, best = -1, k, found = 0;
  *index = -1;
  if (mover->tag == CL_COMPOUND) {
    const cl_compound *c = &mover->compound;
    for (i = 0; i < c->d->n; i++) {
      int ok, idx = -1;
      cl_compound_child(c, i, &ch);
      if (ch.tag == CL_TRIANGLE && target->tag != CL_COMPOUND) {
        ok = sweep_triangle(&ch, d, target, limit, &x);
      } else if (ch.tag == CL_TRIANGLE) {
        /* the triangle against each child of the target */
        const cl_compound *t = &target->compound;
        cl_shape tc;
        cl_hit y;
        int j;
        ok = 0;
        for (j = 0; j < t->d->n; j++) {
          cl_compound_child(t, j, &tc);
          if (sweep_triangle(&ch, d, &tc, limit, &y) && (!ok || y.t < x.t)) {
            x = y;
            idx = j;
            ok = 1;
          }
        }
      } else {
        ok = target->tag == CL_COMPOUND ? cl_compound_sweep(&ch, d, target, limit, &x, &idx)
                                        : cl_sweep_until(&ch, d, target, limit, &x);
      }
      if (ok && (!found || x.t < h->t)) {
        *h = x;
        *index = idx;
        found = 1;
        if (x.t < limit) limit = x.t;
      }
    }
    return found;
  }
  /* a compound target: its children near the swept box */
  if (!cl_bounds(mover, &b)) return 0;
  moved = b;
  for (k = 0; k < 3; k++) {
    if (d[k] < 0) moved.min[k] += d[k]; else moved.max[k] += d[k];
  }
  cl_compound_walk_box(&w, &target->compound, &moved);
  while ((i = cl_compound_next(&w)) >= 0) {
    cl_compound_child(&target->compound, i, &ch);
    if (!cl_sweep_until(mover, d, &ch, limit, &x)) continue;
    if (best < 0 || x.t < h->t || (x.t == h->t && i < best)) {
      *h = x;
      best = i;
      limit = x.t;
    }
  }
  *index = best;
  return best >= 0;
}
