/*
** fbox.h - boxes stored as floats, rounded outwards, for the tree's and the
** mesh's nodes: a float box holds the double box it was made from, so a
** walk that tests float boxes never misses what the exact test would find.
** Half the memory of doubles, and twice the boxes per cache line.
*/
#ifndef COLLIDE_FBOX_H
#define COLLIDE_FBOX_H

#include <float.h>
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

#endif
