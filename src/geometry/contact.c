/*
** contact.c - minimum translation between overlapping aabb, obb, sphere and
** triangle: the smallest overlap over the separating axes for polyhedra
** (exact for convex polyhedra, whose candidate axes are face normals and
** edge crosses), the closest point for spheres. A capsule is its segment
** grown by its radius: apart segments push along their closest points;
** a segment that meets the shape by the separating axes of the segment and
** the shape, plus the radius (the depth of a shape grown by r is the
** core's depth plus r). A plane is a surface: the push goes to the side
** of the shape's centre.
*/
#include "fp.h"
#include "collide/collide.h"
#include "sat.h"
#include "gjk.h"
#include "segment.h"
#include "dispatch.h"
#include "collide/hull.h"
#include "compound_ops.h"

/* a box or a triangle, relative to a common origin */
typedef struct { int is_box; cl_box box; double v[3][3], centre[3]; } convex;

static void convex_of(const cl_shape *s, const double origin[3], convex *c) {
  int i;
  if (s->tag == CL_TRIANGLE) {
    c->is_box = 0;
    cl_set(c->centre, 0, 0, 0);
    for (i = 0; i < 3; i++) {
      cl_sub(c->v[i], s->tri.v[i], origin);
      cl_madd(c->centre, c->centre, c->v[i], 1.0 / 3);
    }
  } else {
    c->is_box = 1;
    cl_box_of(s, &c->box);
    cl_sub(c->box.c, c->box.c, origin);
    cl_copy(c->centre, c->box.c);
  }
}

static void project(const convex *c, const double a[3], double *lo, double *hi) {
  if (c->is_box) {
    double m = cl_dot(c->box.c, a), r = cl_box_radius(&c->box, a);
    *lo = m - r; *hi = m + r;
  } else {
    double p0 = cl_dot(a, c->v[0]), p1 = cl_dot(a, c->v[1]), p2 = cl_dot(a, c->v[2]);
    *lo = p0 < p1 ? p0 : p1; if (p2 < *lo) *lo = p2;
    *hi = p0 > p1 ? p0 : p1; if (p2 > *hi) *hi = p2;
  }
}

/* the axes' edges: a box's three axes, a triangle's three edges */
static void edges(const convex *c, double e[3][3]) {
  int i;
  for (i = 0; i < 3; i++) {
    if (c->is_box) cl_copy(e[i], c->box.u[i]);
    else cl_sub(e[i], c->v[(i + 1) % 3], c->v[i]);
  }
}

typedef struct { double n[3], depth; int found; } best_axis;

/* keeps the axis of the smallest overlap; a separating axis has a negative
** overlap, so once one is seen the best axis is the most separating one */
static void try_axis(const convex *a, const convex *b, const double axis[3], best_axis *best) {
  double L[3], alo, ahi, blo, bhi, o1, o2, depth, sign;
  cl_copy(L, axis);
  cl_normalize(L);
  project(a, L, &alo, &ahi);
  project(b, L, &blo, &bhi);
  o1 = ahi - blo;                  /* move b along +L */
  o2 = bhi - alo;                  /* move b along -L */
  if (o1 < o2) { depth = o1; sign = 1; }
  else if (o2 < o1) { depth = o2; sign = -1; }
  else {
    double d[3];
    cl_sub(d, b->centre, a->centre);
    depth = o1;
    sign = cl_dot(L, d) >= 0 ? 1 : -1;
  }
  if (!best->found || depth < best->depth) {
    best->found = 1;
    best->depth = depth;
    cl_scale(best->n, L, sign);
  }
}

/* box-box and box-triangle: faces first, then edge crosses. A pair that
** intersects() calls touching within its tolerance while an axis shows a
** tiny gap gets depth 0 along that axis, so contact agrees with intersects. */
static int sat_contact(const cl_shape *sa, const cl_shape *sb, double n[3], double *depth) {
  convex a, b;
  double ea[3][3], eb[3][3], origin[3], ax[3];
  best_axis best;
  int i, j;
  if (sa->tag == CL_TRIANGLE) cl_copy(origin, sa->tri.v[0]);
  else { cl_box bx; cl_box_of(sa, &bx); cl_copy(origin, bx.c); }
  convex_of(sa, origin, &a);
  convex_of(sb, origin, &b);
  edges(&a, ea);
  edges(&b, eb);
  best.found = 0;
  best.depth = 0;                  /* read only once found; set for the linters */
  if (a.is_box) { for (i = 0; i < 3; i++) try_axis(&a, &b, ea[i], &best); }
  else if (!sa->tri.degenerate) try_axis(&a, &b, sa->tri.n, &best);
  if (b.is_box) { for (i = 0; i < 3; i++) try_axis(&a, &b, eb[i], &best); }
  else if (!sb->tri.degenerate) try_axis(&a, &b, sb->tri.n, &best);
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++) {
      cl_cross(ax, ea[i], eb[j]);
      if (!cl_axis_ok(ax, ea[i], eb[j])) continue;
      try_axis(&a, &b, ax, &best);
    }
  if (!best.found) return 0;
  if (best.depth < 0) {
    if (!cl_intersects(sa, sb)) return 0;
    best.depth = 0;
  }
  cl_copy(n, best.n);
  *depth = best.depth;
  return 1;
}

static int aabb_aabb(const cl_aabb *a, const cl_aabb *b, double n[3], double *depth) {
  int k, ax = -1;
  double best = 0, sign = 1;
  for (k = 0; k < 3; k++) {
    double o1 = a->max[k] - b->min[k], o2 = b->max[k] - a->min[k], d, s;
    if (o1 < 0 || o2 < 0) return 0;
    if (o1 < o2) { d = o1; s = 1; }
    else if (o2 < o1) { d = o2; s = -1; }
    else { d = o1; s = (b->min[k] + b->max[k]) >= (a->min[k] + a->max[k]) ? 1 : -1; }
    if (ax < 0 || d < best) { ax = k; best = d; sign = s; }
  }
  cl_set(n, 0, 0, 0);
  n[ax] = sign;
  *depth = best;
  return 1;
}

/* any unit vector perpendicular to d (d unit or zero) */
static void perpendicular(const double d[3], double out[3]) {
  double a[3] = {0, 0, 0};
  int k = 0;
  if (cl_dot(d, d) == 0) { cl_set(out, 0, 1, 0); return; }
  if (fabs(d[1]) < fabs(d[k])) k = 1;
  if (fabs(d[2]) < fabs(d[k])) k = 2;
  a[k] = 1;
  cl_cross(out, d, a);
  cl_normalize(out);
}

/* shape a (aabb, obb, triangle) against sphere b: normal from a to b */
static int shape_sphere(const cl_shape *a, const cl_sphere *s, double n[3], double *depth) {
  double q[3], d[3], dist;
  cl_aabb bx;
  cl_closest_point(a, s->c, q);
  cl_sub(d, s->c, q);
  dist = cl_length(d);
  /* decide as intersects does: an obb's distance is 0 for a contained centre */
  if ((a->tag == CL_OBB ? cl_distance(a, s->c) : dist) > s->r) return 0;
  /* a centre within rounding of the surface (CL_EPSILON relative to the
  ** coordinates) counts as on it: the direction of d is noise there */
  cl_bounds(a, &bx);
  if (dist > CL_EPSILON * (cl_maxabs3(s->c) + cl_maxabs3(bx.min) + cl_maxabs3(bx.max))) {
    cl_copy(n, d);
    cl_normalize(n);
    /* an obb's distance (above) and |d| differ by rounding: never < 0 */
    *depth = dist < s->r ? s->r - dist : 0;
    return 1;
  }
  if (a->tag == CL_TRIANGLE) {
    if (!a->tri.degenerate) cl_copy(n, a->tri.n);
    else {
      cl_ray r;
      cl_segment_of(&a->tri, &r);
      if (r.tmax == 0) cl_set(r.d, 0, 0, 0);
      perpendicular(r.d, n);
    }
    *depth = s->r;
    return 1;
  }
  if (a->tag == CL_HULL) {
    /* centre inside the hull: out through the nearest face */
    double in = cl_hull_exit(&a->hull, s->c, n);
    *depth = in > 0 ? s->r + in : s->r;
    return 1;
  }
  {
    /* centre inside the box: out through the nearest face */
    cl_box b;
    double m[3], best = 0;
    int k, first = 1;
    cl_box_of(a, &b);
    cl_sub(m, s->c, b.c);
    for (k = 0; k < 3; k++) {
      double p = cl_dot(m, b.u[k]), up = b.e[k] - p, down = b.e[k] + p;
      if (first || up < best) { best = up; cl_copy(n, b.u[k]); first = 0; }
      if (down < best) { best = down; cl_scale(n, b.u[k], -1); }
    }
    *depth = best > 0 ? s->r + best : s->r;   /* best < 0: just outside, by rounding */
    return 1;
  }
}

static int sphere_sphere(const cl_sphere *a, const cl_sphere *b, double n[3], double *depth) {
  double d[3], dist;
  cl_sub(d, b->c, a->c);
  dist = cl_length(d);
  if (dist > a->r + b->r) return 0;
  if (dist > 0) { cl_copy(n, d); cl_normalize(n); }
  else cl_set(n, 0, 1, 0);
  *depth = a->r + b->r - dist;
  return 1;
}

/* rounded cores apart by dc with closest points ca (of a) and cb; fb a
** unit direction from a to b for cores that meet */
static int rounded_contact(double dc, const double ca[3], const double cb[3], double ra,
                           double rb, const double fb[3], double scale, double n[3],
                           double *depth) {
  double d[3];
  if (!(dc <= ra + rb)) return 0;
  cl_sub(d, cb, ca);
  if (dc > CL_EPSILON * scale) {
    cl_copy(n, d);
    cl_normalize(n);
  } else cl_copy(n, fb);
  *depth = ra + rb - dc;
  if (*depth < 0) *depth = 0;
  return 1;
}

/* a capsule's unit axis (zero for a point) and its length */
static double capsule_axis(const cl_capsule *c, double u[3]) {
  double len;
  cl_sub(u, c->b, c->a);
  len = cl_normalize(u);
  if (len == 0) cl_set(u, 0, 0, 0);
  return len;
}

static double scale2(const double a[3], const double b[3], double r) {
  return cl_fmax(cl_maxabs3(a), cl_maxabs3(b)) + r;
}

/* sphere a against capsule b, n from a to b */
static int sphere_capsule(const cl_sphere *s, const cl_capsule *c, double n[3], double *depth) {
  double q[3], d[3], u[3], fb[3];
  capsule_axis(c, u);
  cl_closest_on_segment(c->a, c->b, s->c, q, NULL);
  cl_sub(d, q, s->c);
  perpendicular(u, fb);
  if (cl_dot(u, u) == 0) cl_set(fb, 0, 1, 0);  /* coincident centres, as two spheres */
  return rounded_contact(cl_length(d), s->c, q, s->r, c->r, fb,
                         cl_fmax(cl_maxabs3(s->c), scale2(c->a, c->b, 0)), n, depth);
}

/* capsule a against capsule b, n from a to b: crossing segments push
** along the cross product of their axes, towards b's centre */
static int capsule_capsule(const cl_capsule *a, const cl_capsule *b, double n[3],
                           double *depth) {
  double ua[3], ub[3], la, lb, ca[3], cb[3], fb[3], mid[3], d2;
  la = capsule_axis(a, ua);
  lb = capsule_axis(b, ub);
  d2 = cl_closest_segments(a->a, ua, la, b->a, ub, lb, NULL, NULL, ca, cb);
  cl_cross(fb, ua, ub);
  if (!cl_axis_ok(fb, ua, ub) || cl_normalize(fb) == 0)
    perpendicular(cl_dot(ua, ua) > 0 ? ua : ub, fb);
  cl_add(mid, b->a, b->b);
  cl_sub(mid, mid, a->a);
  cl_sub(mid, mid, a->b);
  if (cl_dot(fb, mid) < 0) cl_scale(fb, fb, -1);
  return rounded_contact(sqrt(d2), ca, cb, a->r, b->r, fb,
                         cl_fmax(scale2(a->a, a->b, 0), scale2(b->a, b->b, 0)), n, depth);
}

/* capsule c's segment against s (an aabb, obb, triangle that is not
** degenerate, or hull): the distance dc of their cores, their closest
** points ca (of s) and cb, touch as cl_core_distance's, and scale, the
** cores' */
typedef struct { double dc, ca[3], cb[3], scale; int touch; } segment_gap;

/* 0 when the capsule misses s, else 1 and the gap g */
static int capsule_gap(const cl_shape *s, const cl_capsule *c, segment_gap *g,
                       cl_segment_memo *m) {
  cl_core A, B;
  cl_shape cs;
  cs.cap = *c;
  cl_core_of(s, &A);
  cl_core_of(&cs, &B);
  B.r = 0;
  g->scale = cl_fmax(cl_core_scale(&A), cl_core_scale(&B));
  if (s->tag != CL_HULL) {
    /* the segment's exact closest points (cl_segment_distance), which
    ** decide the overlap as cl_intersects does */
    g->dc = cl_segment_distance_memo(m, s, c->a, c->b, g->cb, g->ca);
    if (!(g->dc <= c->r)) return 0;
    g->touch = g->dc == 0;
  } else {
    if (!cl_intersects(s, &cs)) return 0;
    g->dc = cl_core_distance(&A, &B, g->ca, g->cb, &g->touch);
    if (g->touch == 2) {
      /* GJK stopped on rounding: whether the segment meets the shape, exactly */
      cl_shape seg = cs;
      seg.cap.r = 0;
      if (cl_intersects(s, &seg)) g->touch = 1;
    }
  }
  return 1;
}

/* the segment of capsule c meets hull h: its separating axes (hull.c) */
static int hull_segment_contact(const cl_hull *h, const cl_capsule *c, double n[3],
                                double *depth) {
  if (!cl_hull_sat_segment(h, c->a, c->b, n, depth)) {
    cl_hull_support(h, c->a, n);   /* cannot happen: they meet */
    cl_sub(n, c->a, n);
    if (cl_normalize(n) == 0) cl_set(n, 0, 1, 0);
    *depth = 0;
  }
  *depth += c->r;
  return 1;
}

/* the overlap of the shape sh and the segment p0-p1 along the unit axis L,
** and in *sg the side (+1 or -1 along L) the segment leaves it by, a tie
** to the side of cen, the segment's centre from the shape's */
static double segment_overlap(const convex *sh, const double L[3], const double p0[3],
                              const double p1[3], const double cen[3], double *sg) {
  double lo, hi, a0, a1, slo, shi, o1, o2;
  project(sh, L, &slo, &shi);
  a0 = cl_dot(p0, L); a1 = cl_dot(p1, L);
  lo = cl_fmin(a0, a1); hi = cl_fmax(a0, a1);
  o1 = shi - lo;                  /* move the capsule along +L */
  o2 = hi - slo;                  /* along -L */
  if (o1 < o2) { *sg = 1; return o1; }
  if (o2 < o1) { *sg = -1; return o2; }
  *sg = cl_dot(L, cen) >= 0 ? 1 : -1;
  return o1;
}

/* the segment of capsule c meets s (an aabb, obb or triangle that is not
** degenerate): the axis of least overlap among the shape's faces (a
** triangle's normal) and the crosses of the segment with the shape's
** edges, relative to the shape's centre */
static int segment_contact(const cl_shape *s, const cl_capsule *c, double n[3], double *depth) {
  convex sh;
  double origin[3], p0[3], p1[3], u[3], e[3][3], ax[3], cen[3], best = 0;
  int i, found = 0;
  if (s->tag == CL_TRIANGLE) cl_copy(origin, s->tri.v[0]);
  else { cl_box bx; cl_box_of(s, &bx); cl_copy(origin, bx.c); }
  convex_of(s, origin, &sh);
  edges(&sh, e);
  cl_sub(p0, c->a, origin);
  cl_sub(p1, c->b, origin);
  cl_sub(u, p1, p0);
  cl_add(cen, p0, p1);
  cl_scale(cen, cen, 0.5);
  cl_sub(cen, cen, sh.centre);
  for (i = 0; i < 6; i++) {
    double L[3], dd, sg;
    if (i < 3) {
      if (!sh.is_box) { if (i > 0) continue; cl_copy(ax, s->tri.n); }
      else cl_copy(ax, e[i]);
    } else {
      cl_cross(ax, u, e[i - 3]);
      if (!cl_axis_ok(ax, u, e[i - 3])) continue;
    }
    cl_copy(L, ax);
    if (cl_normalize(L) == 0) continue;
    dd = segment_overlap(&sh, L, p0, p1, cen, &sg);
    if (!found || dd < best) { found = 1; best = dd; cl_scale(n, L, sg); }
  }
  if (!found) {                     /* no axis (cannot happen for a box) */
    perpendicular(u, n);
    best = 0;
  }
  *depth = c->r + (best > 0 ? best : 0);
  return 1;
}

/* an aabb, obb, triangle or hull s against capsule c, n from s to c:
** apart cores push along their closest points, else the segment's
** contact grown by the radius */
static int solid_capsule(const cl_shape *s, const cl_capsule *c, double n[3], double *depth,
                         cl_segment_memo *m) {
  segment_gap g;
  if (c->a[0] == c->b[0] && c->a[1] == c->b[1] && c->a[2] == c->b[2]) {
    cl_sphere sp;
    cl_sphere_init(&sp, c->a, c->r);
    return shape_sphere(s, &sp, n, depth);
  }
  if (s->tag == CL_TRIANGLE && s->tri.degenerate) {
    cl_capsule seg;
    cl_capsule_init(&seg, s->tri.v[s->tri.s0], s->tri.v[s->tri.s1], 0);
    return capsule_capsule(&seg, c, n, depth);
  }
  if (!capsule_gap(s, c, &g, m)) return 0;
  if (g.touch != 1 && g.dc > CL_EPSILON * g.scale) {
    double d[3];
    cl_sub(d, g.cb, g.ca);
    cl_copy(n, d);
    cl_normalize(n);
    *depth = c->r > g.dc ? c->r - g.dc : 0;
    return 1;
  }
  if (s->tag == CL_HULL) return hull_segment_contact(&s->hull, c, n, depth);
  return segment_contact(s, c, n, depth);
}

/* plane p against a shape s, n from the plane to the shape (to the side of
** its centre, + on the plane), depth the move along n that leaves them
** touching */
static int plane_shape(const cl_plane *p, const cl_shape *s, double n[3], double *depth) {
  double lo, hi, m;
  if (!cl_plane_extent(p, s, &lo, &hi, &m)) return 0;
  if (!cl_intersects((const cl_shape *)(const void *)p, s)) return 0;
  if (m >= 0) { cl_copy(n, p->n); *depth = lo < 0 ? -lo : 0; }
  else { cl_scale(n, p->n, -1); *depth = hi > 0 ? hi : 0; }
  return 1;
}

int cl_contact(const cl_shape *a, const cl_shape *b, double n[3], double *depth) {
  return cl_contact_memo(a, b, n, depth, NULL);
}

int cl_contact_memo(const cl_shape *a, const cl_shape *b, double n[3], double *depth,
                    cl_segment_memo *m) {
  int ok;
  if (a->tag == CL_RAY || b->tag == CL_RAY) return 0;
  if (a->tag == CL_COMPOUND || b->tag == CL_COMPOUND) return cl_compound_contact(a, b, n, depth);
  if (a->tag == CL_PLANE || b->tag == CL_PLANE) {
    if (a->tag == CL_PLANE && b->tag == CL_PLANE) return 0;
    if (a->tag == CL_PLANE) return plane_shape(&a->plane, b, n, depth);
    ok = plane_shape(&b->plane, a, n, depth);
    if (ok) cl_scale(n, n, -1);
    return ok;
  }
  if (a->tag == CL_CAPSULE || b->tag == CL_CAPSULE) {
    int flip = a->tag == CL_CAPSULE && b->tag != CL_CAPSULE;
    const cl_shape *o = flip ? a : b, *x = flip ? b : a;   /* o a capsule */
    if (x->tag == CL_CAPSULE) ok = capsule_capsule(&x->cap, &o->cap, n, depth);
    else if (x->tag == CL_SPHERE) ok = sphere_capsule(&x->sphere, &o->cap, n, depth);
    else ok = solid_capsule(x, &o->cap, n, depth, m);
    if (ok && flip) cl_scale(n, n, -1);
    return ok;
  }
  if (a->tag == CL_SPHERE && b->tag == CL_SPHERE)
    return sphere_sphere(&a->sphere, &b->sphere, n, depth);
  if (a->tag == CL_SPHERE || b->tag == CL_SPHERE) {
    int flip = a->tag == CL_SPHERE;
    ok = flip ? shape_sphere(b, &a->sphere, n, depth) : shape_sphere(a, &b->sphere, n, depth);
    if (ok && flip) cl_scale(n, n, -1);
    return ok;
  }
  if (b->tag == CL_HULL) {             /* the hull moves a out: n from a is the reverse */
    ok = cl_hull_sat(&b->hull, a, n, depth);
    if (ok) cl_scale(n, n, -1);
    return ok;
  }
  if (a->tag == CL_HULL) return cl_hull_sat(&a->hull, b, n, depth);
  if (a->tag == CL_AABB && b->tag == CL_AABB) return aabb_aabb(&a->aabb, &b->aabb, n, depth);
  if (a->tag == CL_TRIANGLE && b->tag == CL_TRIANGLE) return 0;
  return sat_contact(a, b, n, depth);
}
