/* fp.h - the floating-point rule every file of the library is compiled
** under, included by each .c file before anything else: no contraction.
** A compiler may otherwise fuse a * b + c into one fused multiply-add,
** rounded once instead of twice, which changes results in the last bit
** from one build to another (clang does it on arm64 by default, GCC
** whenever it targets a machine with FMA and is not in ISO C mode), and
** collide promises the same bits on every build (doc/determinism.md).
** The build files also pass -ffp-contract=off; this covers the builds
** whose flags they do not set (LuaRocks' builtin build, an engine's). It
** comes before the headers so that their inline functions are covered,
** and stays internal: a public header must not change its includer's
** floating point. */
#ifndef CL_FP_H
#define CL_FP_H

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
/* GCC ignores the ISO pragma; this one gives the code -ffp-contract=off
** gives (the same assembly, checked on aarch64) */
#pragma GCC optimize ("fp-contract=off")
#elif defined(_MSC_VER)
#pragma fp_contract (off)
#endif

/* fmax and fmin without a call: C's fmax and fmin are library calls on
** x86-64 (GCC and clang inline them only when told NaNs and the sign of
** zero do not matter), and a call spills every floating-point register
** the caller keeps live. These give C's answers (a NaN loses to a number;
** of two NaNs, a NaN), and of two equal numbers the second, as
** x86-64's maxsd and minsd do, whatever the machine: cl_fmax(-0.0, 0.0) is
** the same zero on every build. */
#include <math.h>
static inline double cl_fmax(double a, double b) { return (a > b || isnan(b)) ? a : b; }
static inline double cl_fmin(double a, double b) { return (a < b || isnan(b)) ? a : b; }

#endif
