/*
** distance.c - collide.distance: the distance between two of aabb, obb,
** sphere, triangle and capsule and a closest point on each, from the GJK
** distance of their cores (gjk.c) grown by their radii, with closed forms
** where a pair has a short one (aabb against aabb, spheres and capsules
** against each other, a sphere against anything, a capsule against a box
** or a triangle: its segment's exact closest points). Where GJK stops on
** rounding before its gap closes (far vertices), a capsule's segment
** against a hull is searched by golden section, and two solids are
** decided by the exact pair test (cl_intersects): when they meet the
** distance is 0 and the common
** point comes from where an edge of one enters the other, else from
** alternating projections (von Neumann), 64 rounds at most.
*/
#include "fp.h"
#include "gjk.h"
#include "segment.h"
#include "collide/hull.h"
#include "compound_ops.h"

/* the segment of a sphere or capsule core for cl_closest_segments */
static void seg_of(const cl_core *c, double p[3], double d[3], double *len) {
  cl_copy(p, c->p[0]);
  if (c->np == 1) { cl_set(d, 0, 0, 0); *len = 0; return; }
  cl_sub(d, c->p[1], c->p[0]);
  *len = cl_normalize(d);
  if (*len == 0) cl_set(d, 0, 0, 0);
}

/* the distance between two aabbs, axis by axis: on an axis where they
** overlap both points take the middle of the overlap */
static double aabb_aabb(const cl_aabb *a, const cl_aabb *b, double pa[3], double pb[3]) {
  double g[3];
  int k;
  for (k = 0; k < 3; k++) {
    if (a->max[k] < b->min[k]) { pa[k] = a->max[k]; pb[k] = b->min[k]; }
    else if (b->max[k] < a->min[k]) { pa[k] = a->min[k]; pb[k] = b->max[k]; }
    else {
      double lo = cl_fmax(a->min[k], b->min[k]), hi = cl_fmin(a->max[k], b->max[k]);
      pa[k] = pb[k] = lo / 2 + hi / 2;
      if (pa[k] < lo) pa[k] = pb[k] = lo;
      if (pa[k] > hi) pa[k] = pb[k] = hi;
    }
    g[k] = pb[k] - pa[k];
  }
  return cl_length(g);
}

/* core distance dc between closest core points ca, cb grown by radii ra,
** rb; u the unit direction from ca to cb (zero when they coincide) */
static double rounded(double dc, const double ca[3], const double cb[3], double ra, double rb,
                      double pa[3], double pb[3], double u[3]) {
  double d[3];
  cl_sub(d, cb, ca);
  if (dc > 0) { cl_copy(u, d); cl_normalize(u); }
  else cl_set(u, 0, 0, 0);
  if (dc > ra + rb) {
    cl_madd(pa, ca, u, ra);
    cl_madd(pb, cb, u, -rb);
    return dc - ra - rb;
  }
  if (ra + rb > 0) cl_madd(pa, ca, d, ra / (ra + rb)); else cl_copy(pa, ca);
  cl_copy(pb, pa);
  return 0;
}

/* the core of a as a shape: a sphere or capsule with radius 0 */
static void core_shape(const cl_shape *a, cl_shape *c) {
  cl_shape_copy(c, a);
  if (c->tag == CL_SPHERE) c->sphere.r = 0;
  if (c->tag == CL_CAPSULE) c->cap.r = 0;
}

/* the edges of an aabb, obb or triangle as pairs of end points; returns
** how many (12 for a box, 3 for a triangle) */
static int edges_of(const cl_shape *s, double e[12][2][3]) {
  int n = 0, i, bit;
  if (s->tag == CL_TRIANGLE) {
    for (i = 0; i < 3; i++) {
      cl_copy(e[i][0], s->tri.v[i]);
      cl_copy(e[i][1], s->tri.v[(i + 1) % 3]);
    }
    return 3;
  }
  for (i = 0; i < 8; i++)
    for (bit = 1; bit < 8; bit <<= 1) {
      if (i & bit) continue;
      if (s->tag == CL_AABB) {
        cl_aabb_corner(&s->aabb, i, e[n][0]);
        cl_aabb_corner(&s->aabb, i | bit, e[n][1]);
      } else {
        cl_obb_corner(&s->obb, i, e[n][0]);
        cl_obb_corner(&s->obb, i | bit, e[n][1]);
      }
      n++;
    }
  return n;
}

/* how far p is from lying in both shapes */
static double off_both(const cl_shape *a, const cl_shape *b, const double p[3]) {
  return cl_fmax(cl_distance(a, p), cl_distance(b, p));
}

/* where an edge of a enters b: the intersection of two convex polytopes
** has a vertex of this kind unless the two share a plane (Ericson 5.3,
** segment against box and triangle); the candidate nearest to both */
static double edge_entries(const cl_shape *a, const cl_shape *b, double p[3], double best) {
  double e[12][2][3];
  const cl_hull *hull = a->tag == CL_HULL ? &a->hull : NULL;
  int i, n = hull != NULL ? hull->h->ne : edges_of(a, e);
  for (i = 0; i < n; i++) {
    double d[3], len, f, p0[3], p1[3];
    cl_ray r;
    cl_hit h;
    if (hull != NULL) cl_hull_edge(hull, i, p0, p1);
    else { cl_copy(p0, e[i][0]); cl_copy(p1, e[i][1]); }
    cl_sub(d, p1, p0);
    len = cl_length(d);
    if (!cl_ray_init(&r, p0, d, len) || !cl_cast(&r, b, 0, &h)) continue;
    f = off_both(a, b, h.p);
    if (f < best) { best = f; cl_copy(p, h.p); }
  }
  return best;
}

/* a point common to two intersecting convex shapes (aabb, obb, triangle):
** the entries of one's edges into the other, exact where the shapes do not
** share a plane, then the alternating projections of von Neumann for a
** fixed number of rounds, keeping the point nearest to both */
static void common_point(const cl_shape *a, const cl_shape *b, const double start[3],
                         double p[3]) {
  double x[3], q[3], best;
  int i;
  cl_copy(x, start);
  cl_copy(p, start);
  best = off_both(a, b, start);
  best = edge_entries(a, b, p, best);
  best = edge_entries(b, a, p, best);
  if (best == 0) return;
  for (i = 0; i < 64; i++) {
    double e;
    cl_closest_point(b, x, q);
    cl_closest_point(a, q, x);
    e = cl_fmax(cl_distance(a, q), cl_distance(b, x));
    if (e < best) {
      best = e;
      if (cl_distance(a, q) <= cl_distance(b, x)) cl_copy(p, q); else cl_copy(p, x);
    }
    if (best == 0) break;
  }
}

double cl_shape_distance_u(const cl_shape *a, const cl_shape *b, double pa[3], double pb[3],
                           double u[3], double *core) {
  return cl_shape_distance_memo(a, b, pa, pb, u, core, NULL);
}

double cl_shape_distance_memo(const cl_shape *a, const cl_shape *b, double pa[3], double pb[3],
                              double u[3], double *core, cl_segment_memo *m) {
  cl_core A, B;
  double ca[3], cb[3], dc;
  int touch;
  cl_set(u, 0, 0, 0);
  *core = 0;
  if (a->tag == CL_COMPOUND || b->tag == CL_COMPOUND) return cl_compound_distance(a, b, pa, pb);
  if (!cl_core_of(a, &A) || !cl_core_of(b, &B)) {
    cl_set(pa, 0, 0, 0); cl_set(pb, 0, 0, 0);
    return 0;
  }
  if (a->tag == CL_AABB && b->tag == CL_AABB) {
    dc = aabb_aabb(&a->aabb, &b->aabb, pa, pb);
    return rounded(dc, pa, pb, 0, 0, pa, pb, u);
  }
  if ((a->tag == CL_SPHERE || a->tag == CL_CAPSULE) && (b->tag == CL_SPHERE || b->tag == CL_CAPSULE)) {
    double p1[3], d1[3], l1, p2[3], d2[3], l2;
    seg_of(&A, p1, d1, &l1);
    seg_of(&B, p2, d2, &l2);
    dc = sqrt(cl_closest_segments(p1, d1, l1, p2, d2, l2, NULL, NULL, ca, cb));
  } else if (a->tag == CL_CAPSULE || b->tag == CL_CAPSULE) {
    /* the segment against an aabb, obb or triangle: its exact closest
    ** points (the ends and the edges, cl_segment_distance); against a hull
    ** GJK, and where it stalls on rounding (far vertices) golden section
    ** on the exact point distance along the segment, which is convex */
    int flip = a->tag == CL_CAPSULE;
    const cl_shape *o = flip ? b : a;
    const cl_capsule *c = flip ? &a->cap : &b->cap;
    touch = 2;
    if (o->tag == CL_HULL) {
      A.r = B.r = 0;
      dc = cl_core_distance(&A, &B, ca, cb, &touch);
      A.r = a->tag == CL_CAPSULE ? a->cap.r : 0;
      B.r = b->tag == CL_CAPSULE ? b->cap.r : 0;
    }
    if (touch == 2) {
      double sp[3], op[3];
      dc = cl_segment_distance_memo(m, o, c->a, c->b, sp, op);
      if (flip) { cl_copy(ca, sp); cl_copy(cb, op); }
      else { cl_copy(ca, op); cl_copy(cb, sp); }
    }
  } else if (a->tag == CL_SPHERE || b->tag == CL_SPHERE) {
    /* the closest point of the other shape to the centre, in closed form */
    int flip = a->tag == CL_SPHERE;
    const cl_shape *o = flip ? b : a;
    const cl_sphere *s = flip ? &a->sphere : &b->sphere;
    double q[3], d[3];
    cl_closest_point(o, s->c, q);
    cl_sub(d, s->c, q);
    dc = o->tag == CL_OBB ? cl_distance(o, s->c) : cl_length(d);
    if (dc == 0) cl_copy(q, s->c);
    if (flip) { cl_copy(ca, s->c); cl_copy(cb, q); }
    else { cl_copy(ca, q); cl_copy(cb, s->c); }
  } else {
    dc = cl_core_distance(&A, &B, ca, cb, &touch);
    if (touch == 2) {
      /* GJK stalled on rounding (far vertices): decide by the exact test */
      cl_shape sa, sb;
      core_shape(a, &sa);
      core_shape(b, &sb);
      if (cl_intersects(&sa, &sb)) {
        common_point(&sa, &sb, ca, ca);
        cl_copy(cb, ca);
        dc = 0;
      }
    }
  }
  *core = dc;
  return rounded(dc, ca, cb, A.r, B.r, pa, pb, u);
}

double cl_shape_distance(const cl_shape *a, const cl_shape *b, double pa[3], double pb[3]) {
  double u[3], core;
  return cl_shape_distance_u(a, b, pa, pb, u, &core);
}
