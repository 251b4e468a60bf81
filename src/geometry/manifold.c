/*
** manifold.c - contact manifolds: the normal of cl_contact and up to four
** points spanning the region where two shapes touch, each with its depth.
**
** Clipping (Ericson, Real-Time Collision Detection, 5.1 and 8.3.4 on
** Sutherland-Hodgman; the reference and incident faces of Box2D's
** b2ClipPolygons and of Gregorius, "Robust Contact Creation for Physics
** Simulations", GDC 2015). The reference face is a face of one shape whose
** outward normal is the contact normal (within ALIGN_TOL; a plane's, a box's,
** a triangle's or a hull's face): the other shape's feature facing it (the
** incident feature: the face of a box or a hull most opposed to the
** reference normal, a triangle, a capsule's segment moved by its radius
** towards the face, a sphere's nearest point) is clipped by the planes of
** the faces beside the reference face (the planes through its edges at
** right angles to it for a triangle; none for a plane), and the points of
** the clipped feature that lie behind the reference face are the contact:
** each lies on the incident shape and inside the reference shape, its
** depth how far it lies behind the reference face. Two parallel capsules
** clip one segment by the other's ends. Any other contact (edge against
** edge, a sphere or a capsule's end on an edge or a vertex, crossing
** capsules) touches at one point: the shapes are moved apart by the depth
** along the normal, so they just touch, and the point midway between
** their closest points (distance.c) moved back is the contact.
**
** Reduction to four points (Gregorius, GDC 2015; Box2D v3's manifold
** reduction): the deepest point, the point farthest from it, the point
** that spans the largest triangle with those two, then the point that adds
** the most area outside that triangle. It runs in passes over the same
** sequence of candidates (cl_reduce_*), so a set of triangles (a mesh, a
** heightfield) reduces the points of every triangle it touches with no
** storage: each pass asks the triangles again.
*/
#include "fp.h"
#include <string.h>
#include "collide/collide.h"
#include "collide/hull.h"
#include "sat.h"
#include "compound_ops.h"
#include "faces.h"

/* the half space, the reference face and the incident feature clipped
** (faces.h) */
typedef cl_mplane mplane;
typedef cl_reference reference;
typedef cl_feature feature;

#define ALIGN_TOL CL_ALIGN_TOL
#define MAXP CL_FEATURE_MAX

/* Sutherland-Hodgman: the polygon f (np >= 3) cut by the half space pl,
** into g */
static void clip_polygon(const feature *f, const mplane *pl, feature *g) {
  int i, n = 0;
  for (i = 0; i < f->np; i++) {
    const double *p = f->p[i], *q = f->p[(i + 1) % f->np];
    double dp = cl_mplane_dist(pl, p), dq = cl_mplane_dist(pl, q);
    if (dp <= 0) cl_copy(g->p[n++], p);
    if ((dp < 0 && dq > 0) || (dp > 0 && dq < 0)) {
      double t = dp / (dp - dq), e[3];
      cl_sub(e, q, p);
      cl_madd(g->p[n++], p, e, t);
    }
  }
  g->np = n;
}

/* the segment or point f cut by the half space pl, in place */
static void clip_segment(feature *f, const mplane *pl) {
  double dp = cl_mplane_dist(pl, f->p[0]), dq;
  if (f->np == 1) { if (dp > 0) f->np = 0; return; }
  dq = cl_mplane_dist(pl, f->p[1]);
  if (dp > 0 && dq > 0) { f->np = 0; return; }
  if (dp > 0 || dq > 0) {
    double t = dp / (dp - dq), e[3], x[3];
    cl_sub(e, f->p[1], f->p[0]);
    cl_madd(x, f->p[0], e, t);
    cl_copy(f->p[dp > 0 ? 0 : 1], x);
  }
}

static void clip_one(feature *f, const mplane *pl, feature *g) {
  if (f->np >= 3) {
    clip_polygon(f, pl, g);
    memcpy(f->p, g->p, sizeof(f->p[0]) * (size_t)g->np);
    f->np = g->np;
  } else clip_segment(f, pl);
}

/* the incident feature f clipped by the reference shape's other faces, in
** place (g scratch): what is left lies in the shape but for the reference
** face itself */
static void clip_by(feature *f, const reference *r, feature *g) {
  int i;
  for (i = 0; i < r->ns && f->np > 0; i++) clip_one(f, &r->side[i], g);
  if (r->hull != NULL) {
    const cl_hull_data *hd = r->hull->h;
    for (i = 0; i < hd->nf && f->np > 0; i++) {
      mplane pl;
      double dd;
      if (i == r->hface) continue;
      cl_hull_face(r->hull, i, pl.n, &dd);
      cl_hull_vertex(r->hull, hd->fv[hd->fstart[i]], pl.o);
      clip_one(f, &pl, g);
    }
  }
}

/* ---- reduction to four points ------------------------------------------ */

/* twice the signed area of (a, b, c) seen from the tip of n */
static double area2(const double n[3], const double a[3], const double b[3], const double c[3]) {
  double u[3], v[3], w[3];
  cl_sub(u, b, a);
  cl_sub(v, c, a);
  cl_cross(w, u, v);
  return cl_dot(n, w);
}

/* the squared distance of a and b in the plane at right angles to n */
static double spread2(const double n[3], const double a[3], const double b[3]) {
  double d[3];
  cl_sub(d, b, a);
  cl_madd(d, d, n, -cl_dot(n, d));
  return cl_dot(d, d);
}

void cl_reduce_init(cl_reduce *r, const double n[3], double scale) {
  double a[3] = {0, 0, 0}, t2[3];
  int k = 0;
  cl_copy(r->n, n);
  if (fabs(n[1]) < fabs(n[k])) k = 1;
  if (fabs(n[2]) < fabs(n[k])) k = 2;
  a[k] = 1;
  cl_cross(r->t, n, a);
  cl_normalize(r->t);
  cl_cross(t2, n, r->t);
  cl_madd(r->t, r->t, t2, 0.3);
  r->tol = CL_EPSILON * scale;
  r->pass = 0;
  r->count = 0;
  r->have = 0;
  r->best = 0;
  r->buf = NULL;
  r->cap = r->nbuf = 0;
}

void cl_reduce_buffer(cl_reduce *r, cl_contact_point *buf, int cap) {
  r->buf = buf;
  r->cap = cap;
  r->nbuf = 0;
}

/* how much candidate x is worth in the current pass (> tolerance to count) */
static double worth(const cl_reduce *r, const double x[3]) {
  const cl_contact_point *p = r->p;
  switch (r->pass) {
    case 1: return spread2(r->n, p[0].p, x);
    case 2: return fabs(area2(r->n, p[0].p, p[1].p, x));
    default: {
      /* the area x adds outside the triangle, which runs counter-clockwise */
      double g = -area2(r->n, p[0].p, p[1].p, x), h = -area2(r->n, p[1].p, p[2].p, x),
             k = -area2(r->n, p[2].p, p[0].p, x);
      return cl_fmax(g, cl_fmax(h, k));
    }
  }
}

/* pass 0 keeps the deepest point; among points as deep within the
** tolerance, the one farthest along the direction r->t (a fixed direction
** at right angles to n, skewed off the axes), so that with a region of
** equal depths it starts at a corner of the region, not inside it */
void cl_reduce_add(cl_reduce *r, const double p[3], double depth) {
  double w;
  if (r->pass == 0) {
    if (r->buf != NULL) {
      if (r->nbuf < r->cap) {
        cl_copy(r->buf[r->nbuf].p, p);
        r->buf[r->nbuf].depth = depth;
      }
      if (r->nbuf <= r->cap) r->nbuf++;
    }
    if (!r->have || depth > r->cand.depth + r->tol
        || (depth >= r->cand.depth - r->tol && cl_dot(r->t, p) > r->best)) {
      r->have = 1;
      cl_copy(r->cand.p, p);
      r->cand.depth = depth;
      r->best = cl_dot(r->t, p);
    }
    return;
  }
  w = worth(r, p);
  if (w > r->best) {
    r->best = w;
    r->have = 1;
    cl_copy(r->cand.p, p);
    r->cand.depth = depth;
  }
}

/* the thresholds a pass's best must pass: a spread, an area */
static double threshold(const cl_reduce *r) {
  double t = r->tol;
  if (r->pass == 1) return t * t;
  return t * sqrt(spread2(r->n, r->p[0].p, r->p[1].p));
}

static int next_pass(cl_reduce *r);

int cl_reduce_next(cl_reduce *r) {
  int more = next_pass(r);
  if (more && r->pass == 1 && r->buf != NULL && r->nbuf <= r->cap) {
    /* every candidate kept: the other passes run over them here */
    const cl_contact_point *b = r->buf;
    int i, n = r->nbuf;
    r->buf = NULL;
    do {
      for (i = 0; i < n; i++) cl_reduce_add(r, b[i].p, b[i].depth);
    } while (next_pass(r));
    return 0;
  }
  return more;
}

static int next_pass(cl_reduce *r) {
  if (r->pass >= 4) return 0;
  if (!r->have || (r->pass > 0 && !(r->best > threshold(r)))) {
    r->pass = 4;
    return 0;
  }
  if (r->pass == 2 && area2(r->n, r->p[0].p, r->p[1].p, r->cand.p) < 0) {
    /* keep the triangle counter-clockwise: the third point goes between */
    r->p[2] = r->p[1];
    r->p[1] = r->cand;
  } else r->p[r->count] = r->cand;
  r->count++;
  r->pass++;
  r->have = 0;
  r->best = 0;
  return r->pass < 4;
}

int cl_reduce_finish(const cl_reduce *r, cl_contacts *m) {
  int i;
  m->count = r->count;
  cl_copy(m->n, r->n);
  for (i = 0; i < r->count; i++) m->p[i] = r->p[i];
  if (r->count == 4) {
    /* the fourth goes into the polygon beside the edge it lies outside */
    const cl_contact_point *p = r->p;
    double g = -area2(r->n, p[0].p, p[1].p, p[3].p), h = -area2(r->n, p[1].p, p[2].p, p[3].p),
           k = -area2(r->n, p[2].p, p[0].p, p[3].p);
    int at = g >= h && g >= k ? 1 : h >= k ? 2 : 3;
    for (i = 3; i > at; i--) m->p[i] = p[i - 1];
    m->p[at] = p[3];
  }
  return m->count;
}

/* ---- the manifold ------------------------------------------------------- */

static double shape_scale(const cl_shape *s) {
  cl_aabb b;
  if (s->tag == CL_PLANE) return fabs(s->plane.d);
  if (!cl_bounds(s, &b)) return 0;
  return cl_fmax(cl_maxabs3(b.min), cl_maxabs3(b.max));
}

/* a pair's candidates: the clipped incident feature f behind the
** reference face r (points with their depths), or one point */
typedef struct {
  reference r;
  feature f, g;
  double n[3], depth, tol, dep[MAXP];
} pair_work;

/* how far x lies outside a and outside b: 0 in both */
static double outside(const cl_shape *a, const cl_shape *b, const double x[3]) {
  return cl_distance(a, x) + cl_distance(b, x);
}

/* one point: b moved by depth along n just touches a at pa (of a) and pb
** (of the moved b). The point midway between pa and pb moved back lies in
** both shapes unless one is thinner along n than the depth (a sharp
** vertex or edge, a triangle): then pa or pb moved back if one is in
** both, else the common point of the overlapping shapes GJK gives */
static void single_point(const cl_shape *a, const cl_shape *b, const double n[3], double depth,
                         double tol, double p[3]) {
  cl_shape sa, sb;
  double pa[3], pb[3], t[3], mid[3];
  cl_shape_copy(&sa, a);
  cl_shape_copy(&sb, b);
  cl_scale(t, n, depth);
  cl_translate(&sb, t);
  cl_shape_distance(&sa, &sb, pa, pb);
  cl_madd(pb, pb, n, -depth);
  cl_add(mid, pa, pb);
  cl_scale(mid, mid, 0.5);
  cl_copy(p, mid);
  if (outside(a, b, mid) <= tol) return;
  cl_copy(p, pa);
  if (outside(a, b, pa) <= tol) return;
  cl_copy(p, pb);
  if (outside(a, b, pb) <= tol) return;
  cl_shape_copy(&sb, b);
  cl_shape_distance(&sa, &sb, p, pb);
}

/* two capsules whose segments are parallel and at right angles to n: b's
** segment, moved by its radius towards a, cut by a's ends */
static int parallel_capsules(const cl_capsule *a, const cl_capsule *b, const double n[3],
                             reference *r, feature *f) {
  double ua[3], ub[3], x[3], o[3];
  cl_sub(ua, a->b, a->a);
  cl_sub(ub, b->b, b->a);
  if (cl_normalize(ua) == 0 || cl_normalize(ub) == 0) return 0;
  if (fabs(cl_dot(ua, n)) > ALIGN_TOL || fabs(cl_dot(ub, n)) > ALIGN_TOL) return 0;
  cl_cross(x, ua, ub);
  if (cl_dot(x, x) > ALIGN_TOL * ALIGN_TOL) return 0;
  cl_madd(o, a->a, n, a->r);
  cl_mplane_set(&r->face, n, o);
  cl_mplane_set(&r->side[0], ua, a->b);
  cl_scale(x, ua, -1);
  cl_mplane_set(&r->side[1], x, a->a);
  r->ns = 2;
  cl_madd(f->p[0], b->a, n, -b->r);
  cl_madd(f->p[1], b->b, n, -b->r);
  f->np = 2;
  return 1;
}

/* clips along the unit normal n (from a to b): 1 with w's feature when a
** face of a (else of b) is within ALIGN_TOL of n, or the capsules are
** parallel; 0 when neither. tri_only: only a triangle's face serves */
static int clip_along(const cl_shape *a, const cl_shape *b, const double n[3], int tri_only,
                      pair_work *w) {
  double neg[3];
  cl_scale(neg, n, -1);
  /* a plane is always the reference: it has no feature of its own */
  if (b->tag != CL_PLANE && (!tri_only || a->tag == CL_TRIANGLE) && cl_reference_of(a, n, &w->r))
    cl_feature_of(b, neg, &w->f);
  else if (a->tag != CL_PLANE && (!tri_only || b->tag == CL_TRIANGLE)
           && cl_reference_of(b, neg, &w->r))
    cl_feature_of(a, n, &w->f);
  else if (tri_only || !(a->tag == CL_CAPSULE && b->tag == CL_CAPSULE
                         && parallel_capsules(&a->cap, &b->cap, n, &w->r, &w->f)))
    return 0;
  clip_by(&w->f, &w->r, &w->g);
  return 1;
}

/* the candidates of the pair: 0 when apart. With a hint (a unit normal
** from a to b), a triangle of the pair whose face is aligned with it is
** the reference, so the triangles of a set facing the set's normal clip
** along it, whatever the pair's own least translation (a triangle only
** partly under a box may push it sideways); else the pair's own contact
** decides: the points of the clipped feature behind the reference face,
** else one point. part: a is a part of a compound (or b is) whose
** deepest part gave the hint: a part adds points only when its own
** normal is the hint (within ALIGN_TOL), each no deeper than its own
** contact. Along the hint, another part may lie deeper than any part's
** contact (a part pushed sideways off a triangle's edge, or pushed the
** other way through a triangle from behind), and a face within ALIGN_TOL
** of the normal tilts the depths by as much */
static int pair_candidates(const cl_shape *a, const cl_shape *b, const double *hint, int part,
                           pair_work *w) {
  int i, kept = 0;
  if (!cl_contact(a, b, w->n, &w->depth)) return 0;
  if (part && hint != NULL && 1 - cl_dot(w->n, hint) > ALIGN_TOL) return 0;
  w->tol = CL_HULL_REL * cl_fmax(shape_scale(a), shape_scale(b));
  if ((hint != NULL && clip_along(a, b, hint, 1, w)) || clip_along(a, b, w->n, 0, w)) {
    for (i = 0; i < w->f.np; i++) {
      double d = -cl_mplane_dist(&w->r.face, w->f.p[i]);
      if (d >= -w->tol) {
        cl_copy(w->f.p[kept], w->f.p[i]);
        if (part && d > w->depth) d = w->depth;
        w->dep[kept++] = d > 0 ? d : 0;
      }
    }
  }
  w->f.np = kept;
  if (kept == 0) {
    single_point(a, b, w->n, w->depth, w->tol, w->f.p[0]);
    w->dep[0] = w->depth;
    w->f.np = 1;
  }
  return 1;
}

static void feed(const pair_work *w, cl_reduce *r) {
  int i;
  for (i = 0; i < w->f.np; i++) cl_reduce_add(r, w->f.p[i], w->dep[i]);
}

int cl_manifold_add(const cl_shape *a, const cl_shape *b, const double *hint, cl_reduce *r) {
  pair_work w;
  if (a->tag == CL_COMPOUND || b->tag == CL_COMPOUND) return cl_compound_manifold_add(a, b, hint, r);
  if (!pair_candidates(a, b, hint, 0, &w)) return 0;
  feed(&w, r);
  return w.f.np;
}

int cl_manifold_add_part(const cl_shape *a, const cl_shape *b, const double *hint,
                         cl_reduce *r) {
  pair_work w;
  if (a->tag == CL_COMPOUND || b->tag == CL_COMPOUND) return cl_compound_manifold_add(a, b, hint, r);
  if (!pair_candidates(a, b, hint, 1, &w)) return 0;
  feed(&w, r);
  return w.f.np;
}

int cl_manifold(const cl_shape *a, const cl_shape *b, cl_contacts *m) {
  pair_work w;
  cl_reduce r;
  m->count = 0;
  if (a->tag == CL_COMPOUND || b->tag == CL_COMPOUND) return cl_compound_manifold(a, b, m);
  if (!pair_candidates(a, b, NULL, 0, &w)) return 0;
  cl_reduce_init(&r, w.n, cl_fmax(shape_scale(a), shape_scale(b)));
  do feed(&w, &r); while (cl_reduce_next(&r));
  return cl_reduce_finish(&r, m);
}
