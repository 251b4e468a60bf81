/*
** dispatch.c - the one place that looks at a shape's kind for the
** queries of one shape: its size (copy), translate, bounds, closest point,
** containment, a point's distance, outline, a ray's cast, the scale of a
** walk's pad over triangles, classification against a plane, the core GJK
** sees, the support point and centre a sweep moves, the extent along a
** plane's normal, the manifold's reference face and incident feature, a
** shape as a polytope in a hull's frame, a compound's child placed, the
** lowest point, anchor and rotation a character stands on, a move's tie
** rule and its copy back into the item's shape. A
** case per kind, each a few numbers or a call of that kind's kernel
** (dispatch.h, faces.h, hull_poly.h, compound_ops.h, hull.h); a compound
** asks these again for each placed child. A new kind is a case in each
** switch here and its kernels.
*/
#include "fp.h"
#include <stddef.h>
#include <string.h>
#include "collide/collide.h"
#include "bounds.h"
#include "compound_ops.h"
#include "dispatch.h"
#include "faces.h"
#include "hull_poly.h"
#include "sat.h"
#include "support.h"
#include "collide/compound.h"

/* ---- the tree's walk (tree.c) ---- */

const unsigned char cl_walk_form[CL_NKINDS] = {
  CL_WALK_BOX,      /* aabb */
  CL_WALK_BOUNDS,   /* obb */
  CL_WALK_PLANE,    /* plane */
  CL_WALK_BOUNDS,   /* triangle */
  CL_WALK_RAY,      /* ray */
  CL_WALK_BOUNDS,   /* sphere */
  CL_WALK_BOUNDS,   /* capsule */
  CL_WALK_BOUNDS,   /* hull */
  CL_WALK_BOUNDS    /* compound */
};

/* ---- copy and translate ---- */

size_t cl_shape_state(int kind, size_t *off) {
  /* the numbers, from the first after the tag (a triangle's ints with
  ** them) to the last, with no padding between: a hull's and a
  ** compound's data pointer stays out */
  switch (kind) {
    case CL_AABB: *off = offsetof(cl_aabb, min); return sizeof(cl_aabb) - *off;
    case CL_OBB: *off = offsetof(cl_obb, c); return sizeof(cl_obb) - *off;
    case CL_PLANE: *off = offsetof(cl_plane, n); return sizeof(cl_plane) - *off;
    case CL_TRIANGLE: *off = offsetof(cl_triangle, degenerate); return sizeof(cl_triangle) - *off;
    case CL_RAY: *off = offsetof(cl_ray, o); return sizeof(cl_ray) - *off;
    case CL_SPHERE: *off = offsetof(cl_sphere, c); return sizeof(cl_sphere) - *off;
    case CL_CAPSULE: *off = offsetof(cl_capsule, a); return sizeof(cl_capsule) - *off;
    case CL_HULL: *off = offsetof(cl_hull, c); return offsetof(cl_hull, h) - *off;
    case CL_COMPOUND: *off = offsetof(cl_compound, c); return offsetof(cl_compound, d) - *off;
    default: *off = 0; return 0;
  }
}

void cl_shape_copy(cl_shape *dst, const cl_shape *s) {
  size_t off, n = cl_shape_state(s->tag, &off);
  if (s->tag == CL_HULL || s->tag == CL_COMPOUND)
    n = s->tag == CL_HULL ? sizeof(cl_hull) : sizeof(cl_compound);
  else
    n += off;
  memcpy(dst, s, n > 0 ? n : sizeof(int));
}

void cl_translate(cl_shape *s, const double d[3]) {
  switch (s->tag) {
    case CL_AABB:
      cl_add(s->aabb.min, s->aabb.min, d);
      cl_add(s->aabb.max, s->aabb.max, d);
      break;
    case CL_OBB: cl_add(s->obb.c, s->obb.c, d); break;
    case CL_PLANE: s->plane.d += cl_dot(s->plane.n, d); break;
    case CL_TRIANGLE: {
      cl_triangle *t = &s->tri;
      double a[3], b[3], c[3];
      cl_add(a, t->v[0], d); cl_add(b, t->v[1], d); cl_add(c, t->v[2], d);
      cl_triangle_init(t, a, b, c);   /* rounding can change degeneracy */
      break;
    }
    case CL_RAY: cl_add(s->ray.o, s->ray.o, d); break;
    case CL_SPHERE: cl_add(s->sphere.c, s->sphere.c, d); break;
    case CL_CAPSULE:
      cl_add(s->cap.a, s->cap.a, d);
      cl_add(s->cap.b, s->cap.b, d);
      break;
    case CL_HULL: cl_add(s->hull.c, s->hull.c, d); break;
    case CL_COMPOUND: cl_add(s->compound.c, s->compound.c, d); break;
  }
}

/* ---- bounds ---- */

static void bounds_points(cl_aabb *out, const double (*p)[3], int n) {
  int i, k;
  cl_aabb_init(out, p[0], p[0]);
  for (i = 1; i < n; i++)
    for (k = 0; k < 3; k++) {
      if (p[i][k] < out->min[k]) out->min[k] = p[i][k];
      if (p[i][k] > out->max[k]) out->max[k] = p[i][k];
    }
}

int cl_bounds(const cl_shape *s, cl_aabb *out) {
  int k;
  switch (s->tag) {
    case CL_AABB: *out = s->aabb; return 1;
    case CL_OBB: {
      const cl_obb *o = &s->obb;
      for (k = 0; k < 3; k++) {
        double r = fabs(o->u[0][k]) * o->e[0] + fabs(o->u[1][k]) * o->e[1]
                 + fabs(o->u[2][k]) * o->e[2];
        out->min[k] = o->c[k] - r;
        out->max[k] = o->c[k] + r;
      }
      out->tag = CL_AABB;
      return cl_bounds_clamped(out);
    }
    case CL_TRIANGLE: bounds_points(out, (const double (*)[3])s->tri.v, 3); return 1;
    case CL_SPHERE:
      for (k = 0; k < 3; k++) {
        out->min[k] = s->sphere.c[k] - s->sphere.r;
        out->max[k] = s->sphere.c[k] + s->sphere.r;
      }
      out->tag = CL_AABB;
      return cl_bounds_clamped(out);
    case CL_CAPSULE: return cl_capsule_bounds(&s->cap, out);
    case CL_RAY: {
      double p[2][3];
      if (isinf(s->ray.tmax)) return 0;
      cl_copy(p[0], s->ray.o);
      cl_madd(p[1], s->ray.o, s->ray.d, s->ray.tmax);
      bounds_points(out, (const double (*)[3])p, 2);
      return cl_bounds_clamped(out);
    }
    case CL_HULL: cl_hull_bounds(&s->hull, out); return cl_bounds_clamped(out);
    case CL_COMPOUND: cl_compound_bounds(&s->compound, out); return cl_bounds_clamped(out);
    default: return 0;
  }
}

/* ---- closest point and containment ---- */

void cl_closest_point(const cl_shape *s, const double p[3], double out[3]) {
  int k;
  switch (s->tag) {
    case CL_AABB:
      for (k = 0; k < 3; k++) out[k] = cl_clamp(p[k], s->aabb.min[k], s->aabb.max[k]);
      break;
    case CL_OBB: {
      const cl_obb *o = &s->obb;
      double d[3];
      cl_sub(d, p, o->c);
      cl_copy(out, o->c);
      for (k = 0; k < 3; k++)
        cl_madd(out, out, o->u[k], cl_clamp(cl_dot(d, o->u[k]), -o->e[k], o->e[k]));
      break;
    }
    case CL_PLANE:
      cl_madd(out, p, s->plane.n, -(cl_dot(s->plane.n, p) - s->plane.d));
      break;
    case CL_TRIANGLE: {
      double w[3];
      cl_closest_on_triangle(&s->tri, p, out, w);
      break;
    }
    case CL_RAY: {
      const cl_ray *r = &s->ray;
      double d[3], t;
      cl_sub(d, p, r->o);
      t = cl_clamp(cl_dot(d, r->d), 0, r->tmax);
      cl_madd(out, r->o, r->d, t);
      break;
    }
    case CL_SPHERE: {
      const cl_sphere *sp = &s->sphere;
      double d[3], len;
      cl_sub(d, p, sp->c);
      len = cl_length(d);
      if (len <= sp->r) cl_copy(out, p);
      else cl_madd(out, sp->c, d, sp->r / len);
      break;
    }
    case CL_CAPSULE: {
      const cl_capsule *c = &s->cap;
      double q[3], d[3], len;
      cl_closest_on_segment(c->a, c->b, p, q, NULL);
      cl_sub(d, p, q);
      len = cl_length(d);
      if (len <= c->r) cl_copy(out, p);
      else cl_madd(out, q, d, c->r / len);
      break;
    }
    case CL_HULL: cl_hull_closest(&s->hull, p, out); break;
    case CL_COMPOUND: cl_compound_closest(&s->compound, p, out); break;
    default: cl_copy(out, p); break;   /* no such shape; out is never left unset */
  }
}

int cl_contains(const cl_shape *s, const double p[3]) {
  int k;
  switch (s->tag) {
    case CL_AABB:
      for (k = 0; k < 3; k++)
        if (p[k] < s->aabb.min[k] || p[k] > s->aabb.max[k]) return 0;
      return 1;
    case CL_OBB: {
      double d[3];
      cl_sub(d, p, s->obb.c);
      for (k = 0; k < 3; k++)
        if (fabs(cl_dot(d, s->obb.u[k])) > s->obb.e[k]) return 0;
      return 1;
    }
    case CL_SPHERE: {
      double d[3];
      cl_sub(d, p, s->sphere.c);
      return cl_length(d) <= s->sphere.r;
    }
    case CL_CAPSULE: {
      double q[3], d[3];
      cl_closest_on_segment(s->cap.a, s->cap.b, p, q, NULL);
      cl_sub(d, p, q);
      return cl_length(d) <= s->cap.r;
    }
    case CL_HULL: return cl_hull_contains(&s->hull, p);
    case CL_COMPOUND: return cl_compound_contains(&s->compound, p);
    default: return 0;
  }
}

/* ---- a point's distance ---- */

/* p's offset from the shape as a vector whose length is the distance:
** for an obb the per-axis excess in the box frame, the same test as
** cl_contains, so a contained point is at 0 exactly (p - closest point is
** rounding noise); otherwise p minus the closest point. Not for spheres
** and planes, whose distances are measured directly. */
void cl_offset(const cl_shape *s, const double p[3], double v[3]) {
  if (s->tag == CL_OBB) {
    double d[3];
    int k;
    cl_sub(d, p, s->obb.c);
    for (k = 0; k < 3; k++) {
      double x = fabs(cl_dot(d, s->obb.u[k])) - s->obb.e[k];
      v[k] = x > 0 ? x : 0;
    }
    return;
  }
  {
    double q[3];
    cl_closest_point(s, p, q);
    cl_sub(v, p, q);
  }
}

double cl_distance(const cl_shape *s, const double p[3]) {
  double v[3];
  if (s->tag == CL_SPHERE) {
    double len;
    cl_sub(v, p, s->sphere.c);
    len = cl_length(v) - s->sphere.r;
    return len > 0 ? len : 0;
  }
  if (s->tag == CL_PLANE) return fabs(cl_dot(s->plane.n, p) - s->plane.d);
  if (s->tag == CL_COMPOUND) return cl_compound_point_distance(&s->compound, p);
  if (s->tag == CL_CAPSULE) {
    double q[3], len;
    cl_closest_on_segment(s->cap.a, s->cap.b, p, q, NULL);
    cl_sub(v, p, q);
    len = cl_length(v) - s->cap.r;
    return len > 0 ? len : 0;
  }
  cl_offset(s, p, v);
  return cl_length(v);
}

/* ---- outlines (lines.c draws them) ---- */

size_t cl_lines_count(const cl_shape *s) {
  switch (s->tag) {
    case CL_AABB: case CL_OBB: return 12;
    case CL_PLANE: return 4;
    case CL_TRIANGLE: return 3;
    case CL_RAY: return 1;
    case CL_SPHERE: return 3 * CL_LINES_CIRCLE;
    case CL_CAPSULE: return 4 * CL_LINES_CIRCLE + 4;
    case CL_HULL: return (size_t)s->hull.h->ne;
    case CL_COMPOUND: return cl_compound_lines_count(&s->compound);
    default: return 0;
  }
}

size_t cl_lines_fill(const cl_shape *s, double *out) {
  switch (s->tag) {
    case CL_AABB: cl_lines_aabb(&s->aabb, out); break;
    case CL_OBB: cl_lines_obb(&s->obb, out); break;
    case CL_PLANE: cl_lines_plane(&s->plane, out); break;
    case CL_TRIANGLE: cl_lines_triangle(&s->tri, out); break;
    case CL_RAY: cl_lines_ray(&s->ray, out); break;
    case CL_SPHERE: cl_lines_sphere(&s->sphere, out); break;
    case CL_CAPSULE: cl_lines_capsule(&s->cap, out); break;
    case CL_HULL: cl_lines_hull(&s->hull, out); break;
    case CL_COMPOUND: return cl_compound_lines_fill(&s->compound, out);
    default: return 0;
  }
  return cl_lines_count(s);
}

/* ---- casts ---- */

/* the ray's hit of a shape of each kind (rays.c, hull.c; a compound's
** children through this again) */
int cl_cast(const cl_ray *r, const cl_shape *s, int cull, cl_hit *h) {
  int hit;
  switch (s->tag) {
    case CL_AABB: hit = cl_cast_aabb(r, &s->aabb, h); break;
    case CL_OBB: hit = cl_cast_obb(r, &s->obb, h); break;
    case CL_SPHERE: hit = cl_cast_sphere(r, &s->sphere, h); break;
    case CL_TRIANGLE: hit = cl_cast_triangle(r, &s->tri, cull, h); break;
    case CL_PLANE: hit = cl_cast_plane(r, &s->plane, h); break;
    case CL_CAPSULE: hit = cl_cast_capsule(r, &s->cap, h); break;
    case CL_HULL: hit = cl_hull_cast(r, &s->hull, h); break;
    case CL_COMPOUND: {
      int index;
      return cl_compound_cast(r, &s->compound, cull, h, &index);
    }
    default: return 0;
  }
  return cl_cast_checked(hit, h);
}

/* ---- the pad of a walk over triangles (mesh.c, heightfield.c) ---- */

/* the scale of a shape for the pad of the walks of a mesh and a
** heightfield: its largest coordinate, roughly */
double cl_shape_scale(const cl_shape *s) {
  switch (s->tag) {
    case CL_AABB: return cl_fmax(cl_maxabs3(s->aabb.min), cl_maxabs3(s->aabb.max));
    case CL_OBB: return cl_maxabs3(s->obb.c) + s->obb.e[0] + s->obb.e[1] + s->obb.e[2];
    case CL_PLANE: return fabs(s->plane.d);
    case CL_TRIANGLE:
      return cl_fmax(cl_maxabs3(s->tri.v[0]), cl_fmax(cl_maxabs3(s->tri.v[1]), cl_maxabs3(s->tri.v[2])));
    case CL_RAY: return cl_maxabs3(s->ray.o) + (s->ray.tmax < INFINITY ? s->ray.tmax : 0);
    case CL_SPHERE: return cl_maxabs3(s->sphere.c) + s->sphere.r;
    case CL_CAPSULE: return cl_fmax(cl_maxabs3(s->cap.a), cl_maxabs3(s->cap.b)) + s->cap.r;
    case CL_HULL: case CL_COMPOUND: {
      cl_aabb b;
      cl_bounds(s, &b);
      return cl_fmax(cl_maxabs3(b.min), cl_maxabs3(b.max));
    }
    default: return INFINITY;
  }
}

/* ---- against a plane ---- */

int cl_classify_point(const cl_plane *p, const double x[3]) {
  double s = cl_dot(p->n, x) - p->d;
  return s > 0 ? 1 : (s < 0 ? -1 : 0);
}

/* relative position -1/0/1 of a shape and a plane, the classic engine
** plane-box test (as Unreal's FPlane box test): a box by its projected
** radius against its centre's signed distance (Ericson, Real-Time
** Collision Detection, 5.2.3) */
int cl_classify(const cl_plane *p, const cl_shape *s) {
  double dist, r;
  switch (s->tag) {
    case CL_AABB: case CL_OBB: {
      cl_box b;
      cl_box_of(s, &b);
      dist = cl_dot(p->n, b.c) - p->d;
      r = cl_box_radius(&b, p->n);
      break;
    }
    case CL_SPHERE:
      dist = cl_dot(p->n, s->sphere.c) - p->d;
      r = s->sphere.r;
      break;
    case CL_CAPSULE: {
      double sa = cl_dot(p->n, s->cap.a) - p->d, sb = cl_dot(p->n, s->cap.b) - p->d;
      r = s->cap.r;
      if (cl_fmin(sa, sb) > r) return 1;
      if (cl_fmax(sa, sb) < -r) return -1;
      return 0;
    }
    case CL_TRIANGLE: {
      int c0 = cl_classify_point(p, s->tri.v[0]);
      int c1 = cl_classify_point(p, s->tri.v[1]);
      int c2 = cl_classify_point(p, s->tri.v[2]);
      if (c0 > 0 && c1 > 0 && c2 > 0) return 1;
      if (c0 < 0 && c1 < 0 && c2 < 0) return -1;
      return 0;
    }
    case CL_HULL: {
      double lo, hi;
      cl_hull_extent(&s->hull, p->n, &lo, &hi);
      return lo > p->d ? 1 : (hi < p->d ? -1 : 0);
    }
    case CL_COMPOUND: return cl_compound_classify(p, &s->compound);
    default: return 0;
  }
  return dist > r ? 1 : (dist < -r ? -1 : 0);
}

/* ---- the core of GJK (support.c, gjk.c) ---- */

int cl_core_of(const cl_shape *s, cl_core *c) {
  int i;
  c->r = 0;
  switch (s->tag) {
    case CL_AABB:
      c->kind = CL_CORE_AABB;
      cl_copy(c->lo, s->aabb.min);
      cl_copy(c->hi, s->aabb.max);
      return 1;
    case CL_OBB:
      c->kind = CL_CORE_OBB;
      cl_copy(c->c, s->obb.c);
      cl_copy(c->e, s->obb.e);
      for (i = 0; i < 3; i++) cl_copy(c->u[i], s->obb.u[i]);
      return 1;
    case CL_TRIANGLE:
      c->kind = CL_CORE_POINTS;
      c->np = 3;
      for (i = 0; i < 3; i++) cl_copy(c->p[i], s->tri.v[i]);
      return 1;
    case CL_SPHERE:
      c->kind = CL_CORE_POINTS;
      c->np = 1;
      cl_copy(c->p[0], s->sphere.c);
      c->r = s->sphere.r;
      return 1;
    case CL_CAPSULE:
      c->kind = CL_CORE_POINTS;
      c->np = 2;
      cl_copy(c->p[0], s->cap.a);
      cl_copy(c->p[1], s->cap.b);
      c->r = s->cap.r;
      return 1;
    case CL_HULL:
      c->kind = CL_CORE_HULL;
      c->hull = &s->hull;
      return 1;
    default: return 0;
  }
}

/* ---- a sweep's mover (sweep.c) ---- */

/* the mover's point farthest along v; ties (a face or an edge across v)
** take the middle of the face or edge */
void cl_sweep_support(const cl_shape *s, const double v[3], double out[3]) {
  int k;
  double vl[3];
  cl_copy(vl, v);
  cl_normalize(vl);
  switch (s->tag) {
    case CL_AABB:
      for (k = 0; k < 3; k++)
        out[k] = fabs(vl[k]) <= 1e-12 ? s->aabb.min[k] / 2 + s->aabb.max[k] / 2
                                       : (vl[k] > 0 ? s->aabb.max[k] : s->aabb.min[k]);
      return;
    case CL_OBB:
      cl_copy(out, s->obb.c);
      for (k = 0; k < 3; k++) {
        double x = cl_dot(s->obb.u[k], vl);
        if (fabs(x) > 1e-12) cl_madd(out, out, s->obb.u[k], x > 0 ? s->obb.e[k] : -s->obb.e[k]);
      }
      return;
    case CL_SPHERE:
      cl_madd(out, s->sphere.c, vl, s->sphere.r);
      return;
    case CL_CAPSULE: {
      double e[3], x, l2;
      cl_sub(e, s->cap.b, s->cap.a);
      x = cl_dot(e, vl);
      l2 = cl_length(e);
      if (fabs(x) <= 1e-12 * l2) { cl_add(out, s->cap.a, s->cap.b); cl_scale(out, out, 0.5); }
      else cl_copy(out, x > 0 ? s->cap.b : s->cap.a);
      cl_madd(out, out, vl, s->cap.r);
      return;
    }
    case CL_HULL: {
      /* the vertices within rounding of the farthest, averaged */
      const cl_hull *h = &s->hull;
      double lo, hi, tie, p[3], sum[3] = {0, 0, 0};
      int i, m = 0;
      cl_hull_extent(h, vl, &lo, &hi);
      tie = 1e-12 * (hi - lo);
      for (i = 0; i < h->h->nv; i++) {
        cl_hull_vertex(h, i, p);
        if (cl_dot(vl, p) >= hi - tie) { cl_add(sum, sum, p); m++; }
      }
      if (m == 0) cl_hull_support(h, vl, out);
      else cl_scale(out, sum, 1.0 / m);
      return;
    }
    case CL_TRIANGLE: {
      int i, best = 0;
      for (i = 1; i < 3; i++)
        if (cl_dot(vl, s->tri.v[i]) > cl_dot(vl, s->tri.v[best])) best = i;
      cl_copy(out, s->tri.v[best]);
      return;
    }
    case CL_COMPOUND: {
      /* the farthest of the children's (a compound's children are never
      ** compounds) */
      cl_shape ch;
      double p[3], best = -INFINITY;
      int i;
      cl_set(out, 0, 0, 0);
      for (i = 0; i < s->compound.d->n; i++) {
        cl_compound_child(&s->compound, i, &ch);
        cl_sweep_support(&ch, vl, p);
        if (cl_dot(vl, p) > best || i == 0) { best = cl_dot(vl, p); cl_copy(out, p); }
      }
      return;
    }
    default: cl_set(out, 0, 0, 0);
  }
}

/* the mover's centre */
void cl_shape_centre(const cl_shape *s, double c[3]) {
  switch (s->tag) {
    case CL_AABB: { double e[3]; cl_aabb_frame(&s->aabb, c, e); return; }
    case CL_OBB: cl_copy(c, s->obb.c); return;
    case CL_SPHERE: cl_copy(c, s->sphere.c); return;
    case CL_CAPSULE: cl_add(c, s->cap.a, s->cap.b); cl_scale(c, c, 0.5); return;
    case CL_HULL: cl_hull_centre(&s->hull, c); return;
    default: cl_set(c, 0, 0, 0);
  }
}

/* ---- the numbers a segment's search reads (segment.c) ---- */

/* the largest magnitude of x's defining numbers, for a box or a triangle */
double cl_defining_maxabs(const cl_shape *x) {
  switch (x->tag) {
    case CL_AABB: return cl_fmax(cl_maxabs3(x->aabb.min), cl_maxabs3(x->aabb.max));
    case CL_OBB: return cl_maxabs3(x->obb.c) + x->obb.e[0] + x->obb.e[1] + x->obb.e[2];
    case CL_TRIANGLE:
      return cl_fmax(cl_maxabs3(x->tri.v[0]), cl_fmax(cl_maxabs3(x->tri.v[1]), cl_maxabs3(x->tri.v[2])));
    default: return INFINITY;
  }
}

/* the same bits in every number of x that the search reads */
int cl_same_shape(const cl_shape *x, const cl_shape *y) {
  int k;
  switch (x->tag) {
    case CL_AABB: return cl_same_bits3(x->aabb.min, y->aabb.min) && cl_same_bits3(x->aabb.max, y->aabb.max);
    case CL_OBB:
      if (!cl_same_bits3(x->obb.c, y->obb.c) || !cl_same_bits3(x->obb.e, y->obb.e)) return 0;
      for (k = 0; k < 3; k++) if (!cl_same_bits3(x->obb.u[k], y->obb.u[k])) return 0;
      for (k = 0; k < 4; k++) if (!cl_same_bits(x->obb.q[k], y->obb.q[k])) return 0;
      return 1;
    default: {
      const cl_triangle *s = &x->tri, *t = &y->tri;
      for (k = 0; k < 3; k++) if (!cl_same_bits3(s->v[k], t->v[k])) return 0;
      return s->degenerate == t->degenerate && s->s0 == t->s0 && s->s1 == t->s1
             && cl_same_bits3(s->n, t->n) && cl_same_bits3(s->cr, t->cr) && cl_same_bits(s->crlen, t->crlen)
             && cl_same_bits(s->scale, t->scale) && cl_same_bits3(s->e1, t->e1) && cl_same_bits3(s->e2, t->e2);
    }
  }
}

/* ---- a character's shape and floor (character.c) ---- */

/* the height (along up) of the shape's lowest point */
double cl_lowest_along(const cl_shape *s, const double u[3]) {
  double x[3], e[3];
  switch (s->tag) {
    case CL_SPHERE:
      return s->sphere.c[0] * u[0] + s->sphere.c[1] * u[1] + s->sphere.c[2] * u[2] - s->sphere.r;
    case CL_CAPSULE: {
      double a = s->cap.a[0] * u[0] + s->cap.a[1] * u[1] + s->cap.a[2] * u[2];
      double b = s->cap.b[0] * u[0] + s->cap.b[1] * u[1] + s->cap.b[2] * u[2];
      return (a < b ? a : b) - s->cap.r;
    }
    case CL_AABB:
      cl_aabb_frame(&s->aabb, x, e);
      return x[0] * u[0] + x[1] * u[1] + x[2] * u[2]
             - (e[0] * fabs(u[0]) + e[1] * fabs(u[1]) + e[2] * fabs(u[2]));
    case CL_HULL: {
      double m[3];
      cl_scale(m, u, -1);
      cl_hull_support(&s->hull, m, x);
      return x[0] * u[0] + x[1] * u[1] + x[2] * u[2];
    }
    case CL_COMPOUND: {
      /* the lowest of the children's (never compounds) */
      cl_shape ch;
      double low = INFINITY;
      int i;
      for (i = 0; i < s->compound.d->n; i++) {
        cl_compound_child(&s->compound, i, &ch);
        if (ch.tag == CL_TRIANGLE) {
          int k;
          for (k = 0; k < 3; k++) low = cl_fmin(low, cl_dot(ch.tri.v[k], u));
        } else {
          low = cl_fmin(low, cl_lowest_along(&ch, u));
        }
      }
      return low;
    }
    default: {
      const cl_obb *o = &s->obb;
      return o->c[0] * u[0] + o->c[1] * u[1] + o->c[2] * u[2]
             - (o->e[0] * fabs(o->u[0][0] * u[0] + o->u[0][1] * u[1] + o->u[0][2] * u[2])
                + o->e[1] * fabs(o->u[1][0] * u[0] + o->u[1][1] * u[1] + o->u[1][2] * u[2])
                + o->e[2] * fabs(o->u[2][0] * u[0] + o->u[2][1] * u[1] + o->u[2][2] * u[2]));
    }
  }
}

/* the point of a shape that a carried character follows (kind: the
** item's, which may be a mesh's or a heightfield's); 0 for what cannot
** be followed (static geometry, planes) */
int cl_shape_anchor(int kind, const cl_shape *s, double p[3]) {
  switch (kind) {
    case CL_AABB: cl_copy(p, s->aabb.min); return 1;
    case CL_OBB: cl_copy(p, s->obb.c); return 1;
    case CL_HULL: cl_copy(p, s->hull.c); return 1;
    case CL_COMPOUND: cl_copy(p, s->compound.c); return 1;
    case CL_SPHERE: cl_copy(p, s->sphere.c); return 1;
    case CL_CAPSULE: cl_copy(p, s->cap.a); return 1;
    case CL_TRIANGLE: cl_copy(p, s->tri.v[0]); return 1;
    default: return 0;
  }
}

/* the rotation of a shape of the kind (an item's, which may be a mesh's
** or a heightfield's) that has one: an obb's, a hull's, a compound's;
** NULL for the others */
const double *cl_shape_rotation(int kind, const cl_shape *s) {
  switch (kind) {
    case CL_OBB: return s->obb.q;
    case CL_HULL: return s->hull.q;
    case CL_COMPOUND: return s->compound.q;
    default: return NULL;
  }
}

/* 1 when b is a translated within rounding: the corners of an aabb and
** the ends of a capsule are translated one by one, and far from where
** they started (a step lifted beyond the precision of the shape's size)
** they can fold onto each other; obbs, spheres and hulls keep their size
** apart from their place */
int cl_size_kept(const cl_shape *a, const cl_shape *b) {
  const double *p0, *p1, *q0, *q1;
  double scale = 1, drift = 0;
  int k;
  switch (a->tag) {
    case CL_AABB: p0 = a->aabb.min; p1 = a->aabb.max; q0 = b->aabb.min; q1 = b->aabb.max; break;
    case CL_CAPSULE: p0 = a->cap.a; p1 = a->cap.b; q0 = b->cap.a; q1 = b->cap.b; break;
    default: return 1;
  }
  for (k = 0; k < 3; k++) {
    scale = cl_fmax(scale, cl_fmax(cl_fmax(fabs(p0[k]), fabs(p1[k])), cl_fmax(fabs(q0[k]), fabs(q1[k]))));
    drift = cl_fmax(drift, fabs((q1[k] - q0[k]) - (p1[k] - p0[k])));
  }
  return drift <= 1e-12 * scale;
}

/* the extent lo .. hi of s along the plane's normal and its centre's
** height m, each measured from the plane (contact.c); 0 for the kinds
** without one */
int cl_plane_extent(const cl_plane *p, const cl_shape *s, double *plo, double *phi,
                    double *pm) {
  double lo, hi, m;
  int i;
  switch (s->tag) {
    case CL_AABB: case CL_OBB: {
      cl_box b;
      double r;
      cl_box_of(s, &b);
      m = cl_dot(p->n, b.c) - p->d;
      r = cl_box_radius(&b, p->n);
      lo = m - r; hi = m + r;
      break;
    }
    case CL_SPHERE:
      m = cl_dot(p->n, s->sphere.c) - p->d;
      lo = m - s->sphere.r; hi = m + s->sphere.r;
      break;
    case CL_CAPSULE: {
      double sa = cl_dot(p->n, s->cap.a) - p->d, sb = cl_dot(p->n, s->cap.b) - p->d;
      m = sa / 2 + sb / 2;
      lo = cl_fmin(sa, sb) - s->cap.r; hi = cl_fmax(sa, sb) + s->cap.r;
      break;
    }
    case CL_TRIANGLE: {
      double c[3] = {0, 0, 0};
      lo = INFINITY; hi = -INFINITY;
      for (i = 0; i < 3; i++) {
        double x = cl_dot(p->n, s->tri.v[i]) - p->d;
        lo = cl_fmin(lo, x); hi = cl_fmax(hi, x);
        cl_madd(c, c, s->tri.v[i], 1.0 / 3);
      }
      m = cl_dot(p->n, c) - p->d;
      break;
    }
    case CL_HULL: {
      double c[3];
      cl_hull_extent(&s->hull, p->n, &lo, &hi);
      lo -= p->d; hi -= p->d;
      cl_hull_centre(&s->hull, c);
      m = cl_dot(p->n, c) - p->d;
      break;
    }
    default: return 0;
  }
  *plo = lo;
  *phi = hi;
  *pm = m;
  return 1;
}

/* ---- the faces a manifold clips (manifold.c, faces.c) ---- */

int cl_reference_of(const cl_shape *s, const double d[3], cl_reference *r) {
  double align;
  r->ns = 0;
  r->hull = NULL;
  switch (s->tag) {
    case CL_PLANE: cl_reference_plane(&s->plane, d, r); break;
    case CL_AABB: case CL_OBB: cl_reference_box(s, d, r); break;
    case CL_TRIANGLE:
      if (!cl_reference_triangle(&s->tri, d, r)) return 0;
      break;
    case CL_HULL: cl_reference_hull(&s->hull, d, r); break;
    default: return 0;
  }
  align = cl_dot(r->face.n, d);
  return align >= 1 - CL_ALIGN_TOL;
}

void cl_feature_of(const cl_shape *s, const double d[3], cl_feature *f) {
  switch (s->tag) {
    case CL_AABB: case CL_OBB: cl_feature_box(s, d, f); return;
    case CL_TRIANGLE: cl_feature_triangle(&s->tri, f); return;
    case CL_SPHERE: cl_feature_sphere(&s->sphere, d, f); return;
    case CL_CAPSULE: cl_feature_capsule(&s->cap, d, f); return;
    case CL_HULL: cl_feature_hull(&s->hull, d, f); return;
    default: f->np = 0;
  }
}

/* ---- a shape as a polytope in a hull's frame (hull.c, hull_poly.c) ---- */

void cl_poly_of(const cl_hull *h, const cl_shape *s, cl_poly *P, cl_poly_store *st) {
  P->v = (const double (*)[3])st->v;
  P->pl = (const double (*)[4])st->pl;
  switch (s->tag) {
    case CL_AABB: cl_poly_aabb(h, &s->aabb, P, st); return;
    case CL_OBB: cl_poly_obb(h, &s->obb, P, st); return;
    case CL_TRIANGLE: cl_poly_triangle(h, &s->tri, P, st); return;
    default: cl_poly_hull(h, &s->hull, P, st);
  }
}

int cl_poly_edges(const cl_shape *s) {
  switch (s->tag) {
    case CL_HULL: return s->hull.h->ne;
    case CL_TRIANGLE: return 3;
    default: return 12;
  }
}

/* ---- a compound's child placed (compound.c) ---- */

static int is_identity(const double q[4]) {
  return q[0] == 0 && q[1] == 0 && q[2] == 0;
}

/* local to world, as a hull's points are placed (hull_frame.h) */
static void point_out(const cl_compound *c, const double l[3], double p[3]) {
  int k;
  for (k = 0; k < 3; k++)
    p[k] = c->c[k] + (c->u[0][k] * l[0] + c->u[1][k] * l[1] + c->u[2][k] * l[2]);
}

/* q * r: the rotation r, then q */
static void quat_mul(const double q[4], const double r[4], double out[4]) {
  out[0] = q[3] * r[0] + q[0] * r[3] + q[1] * r[2] - q[2] * r[1];
  out[1] = q[3] * r[1] - q[0] * r[2] + q[1] * r[3] + q[2] * r[0];
  out[2] = q[3] * r[2] + q[0] * r[1] - q[1] * r[0] + q[2] * r[3];
  out[3] = q[3] * r[3] - q[0] * r[0] - q[1] * r[1] - q[2] * r[2];
  if (!cl_quat_normalize(out)) { out[0] = out[1] = out[2] = 0; out[3] = 1; }
}

void cl_compound_child(const cl_compound *c, int i, cl_shape *out) {
  const cl_shape *s = &c->d->child[i];
  double p[3][3], q[4];
  int k, id = is_identity(c->q);
  switch (s->tag) {
    case CL_AABB:
      if (id) {
        out->aabb = s->aabb;
        cl_add(out->aabb.min, c->c, s->aabb.min);
        cl_add(out->aabb.max, c->c, s->aabb.max);
      } else {
        double m[3], e[3];
        cl_aabb_frame(&s->aabb, m, e);
        point_out(c, m, p[0]);
        cl_obb_init(&out->obb, p[0], e, c->q);
      }
      break;
    case CL_OBB:
      if (id) {
        out->obb = s->obb;
        cl_add(out->obb.c, c->c, s->obb.c);
      } else {
        point_out(c, s->obb.c, p[0]);
        quat_mul(c->q, s->obb.q, q);
        cl_obb_init(&out->obb, p[0], s->obb.e, q);
      }
      break;
    case CL_TRIANGLE:
      for (k = 0; k < 3; k++) point_out(c, s->tri.v[k], p[k]);
      cl_triangle_init(&out->tri, p[0], p[1], p[2]);
      break;
    case CL_SPHERE:
      point_out(c, s->sphere.c, p[0]);
      cl_sphere_init(&out->sphere, p[0], s->sphere.r);
      break;
    case CL_CAPSULE:
      point_out(c, s->cap.a, p[0]);
      point_out(c, s->cap.b, p[1]);
      cl_capsule_init(&out->cap, p[0], p[1], s->cap.r);
      break;
    case CL_HULL:
      if (id) {
        out->hull = s->hull;
        cl_add(out->hull.c, c->c, s->hull.c);
      } else {
        point_out(c, s->hull.c, p[0]);
        quat_mul(c->q, s->hull.q, q);
        cl_hull_init(&out->hull, s->hull.h, p[0], q);
      }
      break;
    default: cl_shape_copy(out, s); break;
  }
}

/* ---- a move's mover and what it meets (world_move.c) ---- */

/* writes the values of src into dst (the same kind): the move works on a
** copy and gives the item's own shape the result; an obb or a hull only
** moves (its axes stay the item's own, its hull data is shared), and so
** does a compound */
void cl_shape_copy_back(cl_shape *dst, const cl_shape *src) {
  double d[3];
  switch (src->tag) {
    case CL_OBB: cl_sub(d, src->obb.c, dst->obb.c); break;
    case CL_HULL: cl_sub(d, src->hull.c, dst->hull.c); break;
    case CL_COMPOUND: cl_sub(d, src->compound.c, dst->compound.c); break;
    default: cl_shape_copy(dst, src); return;
  }
  cl_translate(dst, d);
}

/* the centre of a mover, as its center() method gives it (world_move.c) */
void cl_mover_centre(const cl_shape *s, double c[3]) {
  int k;
  switch (s->tag) {
    case CL_AABB: {
      double e[3];
      cl_aabb_frame(&s->aabb, c, e);
      return;
    }
    case CL_OBB: cl_copy(c, s->obb.c); return;
    case CL_SPHERE: cl_copy(c, s->sphere.c); return;
    case CL_HULL: cl_hull_centre(&s->hull, c); return;
    case CL_COMPOUND: {
      /* the centre of its bounds */
      cl_aabb b;
      double e[3];
      (void)cl_bounds_of(s, &b);
      cl_aabb_frame(&b, c, e);
      return;
    }
    default:
      for (k = 0; k < 3; k++) c[k] = s->cap.a[k] / 2 + s->cap.b[k] / 2;
      return;
  }
}

/* the squared distance from the point c to the centre of s (a plane: to
** the plane), bump.lua's tie rule between items a move meets at once
** (world_move.c): a triangle's centroid clamped to its bounds, a ray's
** origin, a capsule's midpoint, a compound's as a mover's */
double cl_tie_dist2(const cl_shape *s, const double c[3]) {
  double x[3];
  int k;
  switch (s->tag) {
    case CL_PLANE: {
      double d = cl_dot(s->plane.n, c) - s->plane.d;
      return d * d;
    }
    case CL_TRIANGLE:
      for (k = 0; k < 3; k++) {
        const cl_triangle *t = &s->tri;
        double lo = cl_fmin(t->v[0][k], cl_fmin(t->v[1][k], t->v[2][k]));
        double hi = cl_fmax(t->v[0][k], cl_fmax(t->v[1][k], t->v[2][k]));
        x[k] = t->v[0][k] / 3 + t->v[1][k] / 3 + t->v[2][k] / 3;
        x[k] = x[k] < lo ? lo : (x[k] > hi ? hi : x[k]);
      }
      break;
    case CL_RAY: cl_copy(x, s->ray.o); break;
    case CL_AABB: {
      double e[3];
      cl_aabb_frame(&s->aabb, x, e);
      break;
    }
    case CL_OBB: cl_copy(x, s->obb.c); break;
    case CL_SPHERE: cl_copy(x, s->sphere.c); break;
    case CL_HULL: cl_hull_centre(&s->hull, x); break;
    case CL_COMPOUND: cl_mover_centre(s, x); break;
    default:
      for (k = 0; k < 3; k++) x[k] = s->cap.a[k] / 2 + s->cap.b[k] / 2;
      break;
  }
  x[0] = x[0] - c[0]; x[1] = x[1] - c[1]; x[2] = x[2] - c[2];
  return x[0] * x[0] + x[1] * x[1] + x[2] * x[2];
}
