/*
** fuzz_common.h - shared by the libFuzzer harnesses: turning arbitrary bytes
** into doubles and shapes, and the property checks.
**
** Each double is drawn by a selector byte: raw IEEE bits (any NaN, inf,
** denormal, huge), a special value, a small integer or a moderate fraction,
** so that both hostile and geometrically meaningful inputs are reached.
**
** Shapes are built the way the Lua binding builds them (l_shapes.c): every
** number finite, min <= max, extents and radius >= 0, non-zero quaternion,
** normal and direction, tmax >= 0 or +inf. Such a shape is "valid" and every
** property below must hold for it. A first mode byte may ask for "raw"
** shapes (no checks at all): then only the absence of crashes and sanitizer
** reports is required.
*/
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "collide/collide.h"
#include "collide/compound.h"

typedef struct { const uint8_t *p; size_t n; } fz_in;

static inline uint8_t fz_byte(fz_in *in) {
  uint8_t b;
  if (in->n == 0) return 0;
  b = *in->p++;
  in->n--;
  return b;
}

static inline uint64_t fz_u64(fz_in *in) {
  uint64_t u = 0;
  int k;
  for (k = 0; k < 8; k++) u = (u << 8) | fz_byte(in);
  return u;
}

static inline double fz_double(fz_in *in) {
  static const double special[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 1e-9, 1e-6, 1e6, 1e9, 1e-300, 1e300,
    DBL_MAX, -DBL_MAX, DBL_MIN, 4.9406564584124654e-324, 1e150, 1e-150,
    INFINITY, -INFINITY, NAN, 3.0, 0.1, 1.0 + 1e-15
  };
  uint8_t sel = fz_byte(in);
  switch (sel & 7) {
    case 0: {                               /* raw bits */
      uint64_t u = fz_u64(in);
      double d;
      memcpy(&d, &u, sizeof d);
      return d;
    }
    case 1: return special[(sel >> 3) % (sizeof special / sizeof special[0])];
    case 2: case 3: case 4:                 /* small integers -16..15 */
      return (double)((int)(fz_byte(in) & 31) - 16);
    case 5: {                               /* moderate fraction */
      int16_t v = (int16_t)((fz_byte(in) << 8) | fz_byte(in));
      return v / 256.0;
    }
    case 6: {                               /* scaled: fraction * 10^k */
      int16_t v = (int16_t)((fz_byte(in) << 8) | fz_byte(in));
      int e = (int)(fz_byte(in) % 41) - 20;
      return v / 1024.0 * pow(10, e);
    }
    default:                                /* a nudge away from an integer */
      return (double)((int)(fz_byte(in) & 15) - 8) + ((int)(fz_byte(in)) - 128) * 1e-12;
  }
}

static inline void fz_vec(fz_in *in, double v[3]) {
  v[0] = fz_double(in); v[1] = fz_double(in); v[2] = fz_double(in);
}

static inline int fz_finite3(const double v[3]) {
  return isfinite(v[0]) && isfinite(v[1]) && isfinite(v[2]);
}

/* largest magnitude seen while building shapes; "moderate" inputs keep it
** small enough that squares and sums of squares cannot overflow */
typedef struct { double maxabs, minabs; } fz_scale;

static inline void fz_note(fz_scale *sc, const double *v, int n) {
  int k;
  for (k = 0; k < n; k++) {
    double a = fabs(v[k]);
    if (a > sc->maxabs) sc->maxabs = a;
    if (a != 0 && a < sc->minabs) sc->minabs = a;
  }
}

/* a shape of the kind chosen by a byte; returns 1 when it is valid in the
** binding's sense. With raw != 0 nothing is checked or repaired. */
static inline int fz_shape(fz_in *in, cl_shape *s, int kind, int raw, fz_scale *sc) {
  double a[3], b[3], c[3], q[4], x;
  int ok = 1, k;
  memset(s, 0, sizeof *s);
  switch (kind) {
    case CL_COMPOUND: {
      /* 1 to 12 children of the other solid kinds (more than 8 walk the
      ** tree), in one of two buffers (both shapes of a pair may be
      ** compounds), placed by a position and a quaternion */
      static const int kinds[5] = {CL_AABB, CL_OBB, CL_TRIANGLE, CL_SPHERE, CL_CAPSULE};
      static double store[2][4096];
      static int which = 0;
      cl_shape kids[12];
      int n = 1 + fz_byte(in) % 12, i;
      for (i = 0; i < n; i++) ok = fz_shape(in, &kids[i], kinds[fz_byte(in) % 5], raw, sc) && ok;
      fz_vec(in, a);
      for (k = 0; k < 4; k++) q[k] = fz_double(in);
      if (!raw) {
        ok = ok && fz_finite3(a) && isfinite(q[0]) && isfinite(q[1]) && isfinite(q[2])
             && isfinite(q[3]) && cl_quat_normalize(q);
      } else if (!cl_quat_normalize(q)) {
        q[0] = q[1] = q[2] = 0; q[3] = 1;
      }
      x = cl_maxabs3(a) + sc->maxabs;     /* the placed children's reach */
      fz_note(sc, a, 3); fz_note(sc, &x, 1);
      if (cl_compound_data_size((size_t)n) > sizeof store[0]) abort();
      which ^= 1;
      cl_compound_init(&s->compound, cl_compound_store(kids, (size_t)n, (size_t)n, store[which]), a, q);
      break;
    }
    case CL_AABB:
      fz_vec(in, a); fz_vec(in, b);
      if (!raw) {
        /* the fuzzer would rarely hit min <= max on all three axes: sort */
        for (k = 0; k < 3; k++) if (a[k] > b[k]) { x = a[k]; a[k] = b[k]; b[k] = x; }
        ok = fz_finite3(a) && fz_finite3(b);
        for (k = 0; k < 3; k++) ok = ok && a[k] <= b[k];
      }
      fz_note(sc, a, 3); fz_note(sc, b, 3);
      cl_aabb_init(&s->aabb, a, b);
      break;
    case CL_OBB:
      fz_vec(in, a); fz_vec(in, b);
      for (k = 0; k < 4; k++) q[k] = fz_double(in);
      if (!raw) {
        for (k = 0; k < 3; k++) b[k] = fabs(b[k]);
        ok = fz_finite3(a) && fz_finite3(b) && isfinite(q[0]) && isfinite(q[1])
             && isfinite(q[2]) && isfinite(q[3]);
        ok = ok && cl_quat_normalize(q);
      } else {
        cl_quat_normalize(q);
      }
      fz_note(sc, a, 3); fz_note(sc, b, 3);
      cl_obb_init(&s->obb, a, b, q);
      break;
    case CL_PLANE:
      fz_vec(in, a); x = fz_double(in);
      ok = cl_plane_init(&s->plane, a, x);
      if (!raw) ok = ok && fz_finite3(a) && isfinite(x);
      if (!ok) { s->tag = CL_PLANE; cl_copy(s->plane.n, a); s->plane.d = x; }
      fz_note(sc, a, 3); fz_note(sc, &x, 1); fz_note(sc, &s->plane.d, 1);
      break;
    case CL_TRIANGLE:
      fz_vec(in, a); fz_vec(in, b); fz_vec(in, c);
      if (!raw) ok = fz_finite3(a) && fz_finite3(b) && fz_finite3(c);
      fz_note(sc, a, 3); fz_note(sc, b, 3); fz_note(sc, c, 3);
      cl_triangle_init(&s->tri, a, b, c);
      break;
    case CL_RAY:
      fz_vec(in, a); fz_vec(in, b);
      x = (fz_byte(in) & 1) ? INFINITY : fz_double(in);
      if (!raw) {
        if (x < 0) x = -x;
        ok = fz_finite3(a) && fz_finite3(b) && (isfinite(x) || x == INFINITY) && x >= 0;
      }
      ok = cl_ray_init(&s->ray, a, b, x) && ok;
      if (s->tag != CL_RAY) { s->tag = CL_RAY; cl_copy(s->ray.o, a); cl_copy(s->ray.d, b); s->ray.tmax = x; }
      fz_note(sc, a, 3);
      if (isfinite(x)) fz_note(sc, &x, 1);
      break;
    case CL_CAPSULE:
      fz_vec(in, a); fz_vec(in, b); x = fz_double(in);
      if (!raw) { x = fabs(x); ok = fz_finite3(a) && fz_finite3(b) && isfinite(x); }
      fz_note(sc, a, 3); fz_note(sc, b, 3); fz_note(sc, &x, 1);
      cl_capsule_init(&s->cap, a, b, x);
      break;
    default:
      fz_vec(in, a); x = fz_double(in);
      if (!raw) { x = fabs(x); ok = fz_finite3(a) && isfinite(x); }
      fz_note(sc, a, 3); fz_note(sc, &x, 1);
      cl_sphere_init(&s->sphere, a, x);
      break;
  }
  return ok;
}

/* FZ_VERBOSE=1 in the environment prints the decoded shapes (to read a crash) */
static inline void fz_print(const char *name, const cl_shape *s) {
  static int verbose = -1;
  const double *v;
  int n, k;
  if (verbose < 0) verbose = getenv("FZ_VERBOSE") != NULL;
  if (!verbose) return;
  switch (s->tag) {
    case CL_AABB: v = s->aabb.min; n = 6; break;
    case CL_OBB: v = s->obb.c; n = 10; break;
    case CL_PLANE: v = s->plane.n; n = 4; break;
    case CL_TRIANGLE: v = &s->tri.v[0][0]; n = 12; break;
    case CL_RAY: v = s->ray.o; n = 7; break;
    case CL_CAPSULE: v = s->cap.a; n = 7; break;
    case CL_COMPOUND: {
      int i;
      cl_shape ch;
      fprintf(stderr, "%s compound of %d at %.17g %.17g %.17g rotation %.17g %.17g %.17g %.17g\n",
              name, s->compound.d->n, s->compound.c[0], s->compound.c[1], s->compound.c[2],
              s->compound.q[0], s->compound.q[1], s->compound.q[2], s->compound.q[3]);
      for (i = 0; i < s->compound.d->n; i++) {
        cl_compound_child(&s->compound, i, &ch);
        fz_print("  child", &ch);
      }
      return;
    }
    default: v = s->sphere.c; n = 4; break;
  }
  fprintf(stderr, "%s kind %d:", name, s->tag);
  for (k = 0; k < n; k++) fprintf(stderr, " %.17g", v[k]);
  if (s->tag == CL_TRIANGLE) fprintf(stderr, " degenerate %d", s->tri.degenerate);
  fprintf(stderr, "\n");
}

static inline void fz_fail(const char *what, double x) {
  fprintf(stderr, "property violated: %s (%.17g)\n", what, x);
  abort();
}

#define FZ_CHECK(cond, what, x) do { if (!(cond)) fz_fail(what, (double)(x)); } while (0)

static inline int fz_nonan(const double *v, int n) {
  int k;
  for (k = 0; k < n; k++) if (isnan(v[k])) return 0;
  return 1;
}

/* x clamped to the doubles, as the debug lines write a coordinate */
static inline double fz_clamp_big(double x) {
  return x > DBL_MAX ? DBL_MAX : (x < -DBL_MAX ? -DBL_MAX : x);
}

/* debug lines (lines.c) by brute force: the edges a-b, b-c, c-a of the
** triangle appended at out when its bounds meet box (touching counts;
** NULL: always), coordinates beyond the doubles clamped; the new end */
static inline double *fz_tri_lines(double *out, const double *a, const double *b,
                                   const double *c, const cl_aabb *box) {
  const double *v[3];
  int k, e;
  v[0] = a; v[1] = b; v[2] = c;
  if (box != NULL)
    for (k = 0; k < 3; k++) {
      double lo = a[k], hi = a[k];
      for (e = 1; e < 3; e++) {
        if (v[e][k] < lo) lo = v[e][k];
        if (v[e][k] > hi) hi = v[e][k];
      }
      if (lo > box->max[k] || hi < box->min[k]) return out;
    }
  for (e = 0; e < 3; e++, out += 6)
    for (k = 0; k < 3; k++) {
      out[k] = fz_clamp_big(v[e][k]);
      out[3 + k] = fz_clamp_big(v[(e + 1) % 3][k]);
    }
  return out;
}

static inline void fz_check_unit(const double n[3], const char *what) {
  double l = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  FZ_CHECK(fabs(l - 1) <= 1e-9, what, l);
}

/* Moderate inputs: every magnitude within [1e-100, 1e100] (or zero). Inside
** it no product of two coordinates overflows nor underflows to a wrong
** zero, so a NaN can only be a defect. */
#ifndef FZ_MAXABS
#define FZ_MAXABS 1e100   /* -DFZ_MAXABS=... to probe a wider range */
#endif
static inline int fz_moderate(const fz_scale *sc) {
  return sc->maxabs <= FZ_MAXABS && (sc->minabs >= 1 / FZ_MAXABS || sc->minabs == INFINITY);
}

/* The near-touch margin. Two shapes whose answer could change by rounding
** lie within a tiny distance of touching; with b moved by +-delta along each
** axis (delta = FZ_MARGIN * scale) such a pair gets both answers, since a
** gap or overlap g along a unit normal n is crossed by a move of delta along
** the axis k with |n[k]| >= 1/sqrt(3) when g < delta / sqrt(3). Exact
** consistency is required only of pairs for which all seven answers agree. */
#define FZ_MARGIN 1e-7

/* OBB-OBB (and AABB-OBB) adds CL_EPSILON to the absolute rotation terms
** (Ericson 4.4.1): along a cross axis L of near-parallel edges that widens
** the projected radii by up to CL_EPSILON * (sum of extents) / |L|, a
** documented conservative margin. The nudge must exceed it. */
static inline double fz_pair_delta(const cl_shape *a, const cl_shape *b, double delta) {
  const cl_shape *s[2];
  double u[2][3][3], e[2][3], lmin = INFINITY;
  int n, i, j;
  s[0] = a; s[1] = b;
  if (!((a->tag == CL_OBB || a->tag == CL_AABB) && (b->tag == CL_OBB || b->tag == CL_AABB)))
    return delta;
  if (a->tag == CL_AABB && b->tag == CL_AABB) return delta;
  for (n = 0; n < 2; n++)
    for (i = 0; i < 3; i++) {
      if (s[n]->tag == CL_OBB) {
        cl_copy(u[n][i], s[n]->obb.u[i]);
        e[n][i] = s[n]->obb.e[i];
      } else {
        cl_set(u[n][i], i == 0, i == 1, i == 2);
        e[n][i] = (s[n]->aabb.max[i] - s[n]->aabb.min[i]) / 2;
      }
    }
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++) {
      double x[3], l;
      cl_cross(x, u[0][i], u[1][j]);
      l = cl_length(x);
      if (l > CL_EPSILON && l < lmin) lmin = l;
    }
  if (lmin == INFINITY) return delta;
  return delta + 4 * CL_EPSILON * (e[0][0] + e[0][1] + e[0][2] + e[1][0] + e[1][1] + e[1][2]) / lmin;
}

/* Rays and degenerate triangles (segments) meet within the absolute
** tolerance CL_EPSILON * (1 + largest origin coordinate) (doc/robustness.md):
** the nudge must exceed it too. */
static inline int fz_thin(const cl_shape *s) {
  return s->tag == CL_RAY || (s->tag == CL_TRIANGLE && s->tri.degenerate);
}

static inline double fz_delta(const cl_shape *a, const cl_shape *b, double delta, double maxabs) {
  delta = fz_pair_delta(a, b, delta);
  if (fz_thin(a) && fz_thin(b)) delta += 4 * CL_EPSILON * (1 + maxabs);
  return delta;
}

/* a triangle's longest edge *l and |cross(b - a, c - a)| *x */
static inline void fz_tri_sizes(const cl_triangle *t, double *l, double *x) {
  double e[3], c[3], e2[3];
  int i;
  *l = 0;
  for (i = 0; i < 3; i++) {
    double len;
    cl_sub(e, t->v[(i + 1) % 3], t->v[i]);
    len = cl_length(e);
    if (len > *l) *l = len;
  }
  cl_sub(e, t->v[1], t->v[0]);
  cl_sub(e2, t->v[2], t->v[0]);
  cl_cross(c, e, e2);
  *x = cl_length(c);
}

/* How ill-conditioned a triangle is: (longest edge)^2 / |cross|, at most
** 1 / CL_EPSILON for a triangle that is not degenerate. A sliver's normal
** and plane are only known to about DBL_EPSILON * scale * this. */
static inline double fz_tri_cond(const cl_triangle *t) {
  double l, x;
  if (t->degenerate) return 1;
  fz_tri_sizes(t, &l, &x);
  return x > 0 ? l * l / x : 1;
}

/* the smallest altitude of a triangle, |cross| / longest edge: barycentrics
** of a point known to an absolute error e are known to about e / this */
static inline double fz_tri_alt(const cl_triangle *t) {
  double l, x;
  fz_tri_sizes(t, &l, &x);
  return l > 0 ? x / l : 0;
}

static inline void fz_moved(const cl_shape *s, int axis, double step, cl_shape *out) {
  double d[3] = {0, 0, 0};
  *out = *s;
  d[axis] = step;
  cl_translate(out, d);
}

/* 1 when a and b intersect robustly (intersects(a, b) gives the same answer
** under every nudge of b), 0 when they are robustly apart, -1 when they are
** near touching. Only the order (a, b) is asked: symmetry is checked by
** comparing fz_robust(a, b) with fz_robust(b, a). */
static inline int fz_robust(const cl_shape *a, const cl_shape *b, double delta) {
  int base = cl_intersects(a, b), k, sgn;
  cl_shape m;
  for (k = 0; k < 3; k++)
    for (sgn = -1; sgn <= 1; sgn += 2) {
      fz_moved(b, k, sgn * delta, &m);
      if (cl_intersects(a, &m) != base) return -1;
    }
  return base;
}

#endif
