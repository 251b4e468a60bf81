/*
** fbox.h - boxes stored as floats, rounded outwards, for the tree's and the
** mesh's nodes: a float box holds the double box it was made from, so a
** walk that tests float boxes never misses what the exact test would find.
** Half the memory of doubles, and twice the boxes per cache line. And the
** slab test both walk with.
*/
#ifndef COLLIDE_FBOX_H
#define COLLIDE_FBOX_H

#include <float.h>
#include "tolerance.h"
#include <math.h>
#include <stdint.h>
#include <string.h>

/* the float next to the finite f towards +inf (up) or -inf, by its bits:
** nextafterf's answer without a call into the maths library (the tree
** rounds on every move) */
static inline float cl_float_step(float f, int up) {
  uint32_t b;
  if (f == 0) return up ? FLT_MIN * FLT_EPSILON : -FLT_MIN * FLT_EPSILON;
  memcpy(&b, &f, sizeof b);
  if ((f > 0) == (up != 0)) b++; else b--;
  memcpy(&f, &b, sizeof f);
  return f;
}

/* the largest float <= x; -inf below the float range, FLT_MAX above it
** (never an out-of-range conversion, which is undefined) */
static inline float cl_float_below(double x) {
  float f;
  if (x < -FLT_MAX) return -INFINITY;
  if (x > FLT_MAX) return FLT_MAX;
  f = (float)x;
  return (double)f > x ? cl_float_step(f, 0) : f;
}

/* the smallest float >= x; inf above the float range, -FLT_MAX below it */
static inline float cl_float_above(double x) {
  float f;
  if (x > FLT_MAX) return INFINITY;
  if (x < -FLT_MAX) return -FLT_MAX;
  f = (float)x;
  return (double)f < x ? cl_float_step(f, 1) : f;
}

/* the float box [lo, hi] that holds the double box [dlo, dhi] */
static inline void cl_fbox_store(float lo[3], float hi[3], const double dlo[3],
                                 const double dhi[3]) {
  int k;
  for (k = 0; k < 3; k++) {
    lo[k] = cl_float_below(dlo[k]);
    hi[k] = cl_float_above(dhi[k]);
  }
}

/* Slab tests (Kay and Kajiya; Ericson, Real-Time Collision Detection,
** 5.3.3) of boxes against a box [blo, bhi] moving along d (a ray is a point
** moving: blo = bhi = its origin), for the tree's and the mesh's walks. On
** axis a a box's face nearer to the start minus an[a] and its far face
** minus af[a], over d[a] (mode 1: times inv = 1 / d, 2: divided by d where
** 1 / d overflows, 0: d[a] = 0, inside the slab or missed), are the times
** the moving box enters and leaves the box's slab grown by pad on each
** side. A time that is NaN (an infinite face against an infinite offset, a
** zero gap times an infinite inv) never narrows the interval: the test only
** ever keeps more. all: every box counts as entered at 0 (a caller's
** choice, for a pad that is not finite). */
typedef struct {
  double an[3], af[3], inv[3], d[3];
  int mode[3], flip[3];   /* flip: the near face is hi (d[a] < 0) */
  int all;
} cl_slabs;

/* divide: mode 2 where 1 / d overflows (else 1: times inv, the mesh's
** sweeps, whose motions are not that small) */
static inline void cl_slabs_init(cl_slabs *s, const double blo[3], const double bhi[3],
                                const double d[3], double pad, int divide) {
  int k;
  s->all = 0;
  for (k = 0; k < 3; k++) {
    s->d[k] = d[k];
    s->inv[k] = d[k] != 0 ? 1 / d[k] : 0;
    s->mode[k] = d[k] == 0 ? 0 : (divide && !(fabs(s->inv[k]) < INFINITY) ? 2 : 1);
    s->flip[k] = d[k] < 0;
    s->an[k] = s->flip[k] ? blo[k] - pad : bhi[k] + pad;
    s->af[k] = s->flip[k] ? bhi[k] + pad : blo[k] - pad;
  }
}

/* [*tn, *tf] narrowed to the times within the slab of axis k whose faces
** are lo and hi; 0 when the moving box is never within it (d[k] = 0) */
static inline int cl_slabs_axis(const cl_slabs *s, int k, double lo, double hi, double *tn,
                               double *tf) {
  double x = (s->flip[k] ? hi : lo) - s->an[k];
  double y = (s->flip[k] ? lo : hi) - s->af[k];
  double te, tx;
  if (s->mode[k] == 0) return !(x > 0 || y < 0);
  if (s->mode[k] == 1) { te = x * s->inv[k]; tx = y * s->inv[k]; }
  else { te = x / s->d[k]; tx = y / s->d[k]; }
  *tn = te > *tn ? te : *tn;
  *tf = tx < *tf ? tx : *tf;
  return 1;
}

/* A lower bound of the distance from p to any point of the box [lo, hi]
** that an exact distance routine (points.c, the triangles of a mesh or a
** heightfield, a hull's tolerance of 1e-12 of its scale) can compute, for
** the walks that look for the nearest item or triangle: the box's gap,
** less 1e-9 of |p| + max(|lo|, |hi|) on the axis where that is largest
** (far more than those routines round by; never less for a box holding
** this one), so that a walk never rules out what would come out at or
** below its best. The gap's square
** overflowing, its largest axis; -inf for a box with an infinite or NaN
** side. */
static inline double cl_box_gap_below(const double p[3], const double lo[3], const double hi[3]) {
  double s = 0, m = 0, mag = 0, d;
  int k;
  for (k = 0; k < 3; k++) {
    double a = lo[k] - p[k], b = p[k] - hi[k], g = a > 0 ? a : (b > 0 ? b : 0);
    double t = fabs(p[k]) + (fabs(lo[k]) > fabs(hi[k]) ? fabs(lo[k]) : fabs(hi[k]));
    if (!(t < INFINITY) || lo[k] != lo[k] || hi[k] != hi[k]) return -INFINITY;
    if (t > mag) mag = t;
    s += g * g;
    if (g > m) m = g;
  }
  d = sqrt(s);
  if (!(d < INFINITY)) d = m;
  return d - CL_EPSILON * mag;
}

#endif
