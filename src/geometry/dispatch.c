/*
** dispatch.c - the one place that looks at a shape's kind for the
** queries of one shape: its size (copy), translate, bounds, closest point,
** containment and outline, a case per kind, each case a few numbers or a
** call of that kind's kernel (dispatch.h, compound_ops.h, hull.h); a
** compound's kernels ask these again for each placed child. A new kind is
** a case in each switch here and its kernels.
*/
#include "fp.h"
#include <string.h>
#include "collide/collide.h"
#include "bounds.h"
#include "compound_ops.h"
#include "dispatch.h"

/* ---- copy and translate ---- */

void cl_shape_copy(cl_shape *dst, const cl_shape *s) {
  size_t n;
  switch (s->tag) {
    case CL_AABB: n = sizeof(cl_aabb); break;
    case CL_OBB: n = sizeof(cl_obb); break;
    case CL_PLANE: n = sizeof(cl_plane); break;
    case CL_TRIANGLE: n = sizeof(cl_triangle); break;
    case CL_RAY: n = sizeof(cl_ray); break;
    case CL_SPHERE: n = sizeof(cl_sphere); break;
    case CL_CAPSULE: n = sizeof(cl_capsule); break;
    case CL_HULL: n = sizeof(cl_hull); break;
    case CL_COMPOUND: n = sizeof(cl_compound); break;
    default: n = sizeof(int); break;
  }
  memcpy(dst, s, n);
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
