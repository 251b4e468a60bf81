/*
** angles.c - sine, cosine, the arc tangent of y/x and axis-angle rotations
** with the same bits on every build: the library's own argument reduction
** and series, with no call to the C library's sin, cos, atan2 or fmod,
** whose last bit differs from one C library to another.
*/
#include "fp.h"
#include <stdint.h>
#include <string.h>
#include "collide/collide.h"

/* pi/2 in three parts for the reduction of Cody and Waite ("Software
** Manual for the Elementary Functions", 1980, ch. 8): PIO2_1 and PIO2_2 have
** 36 significant bits, so k * PIO2_1 and k * PIO2_2 are exact for k < 2^17;
** PIO2_3 holds the next 53 bits, and the sum is within 2^-130 of pi/2. The
** doubles that come nearest a multiple of pi/2 are the doubles nearest
** k pi/2; over every k below 2^17 the reduction's error bound stays under
** 2^-61 of what it leaves (computed in high precision for each k), so the
** reduction is good to a small fraction of an ulp up to x = 2^17 pi/2,
** about 205887. Parts of 33 bits, exact up to k = 2^20, would not be (the
** bound reaches 9 ulp at k = 204551); Payne and Hanek's reduction takes
** over instead. Each part is an integer times a power of two, written
** exactly in decimal. */
#define PIO2_1 (53972150818.0 / 34359738368.0)                               /* m 2^-35 */
#define PIO2_2 (48420202022.0 / 18889465931478580854784.0)                   /* m 2^-74 */
#define PIO2_3 (7188804648596293.0 / 680564733841876926926749214863536422912.0) /* m 2^-129 */
#define CW_LIMIT 131072.0                                                    /* 2^17 */
/* pi/2 as a double-double (PIO2_HI + PIO2_LO within 2^-109 of it), and 2/pi */
#define PIO2_HI (7074237752028440.0 / 4503599627370496.0)                     /* m 2^-52 */
#define PIO2_LO (4967757600021511.0 / 81129638414606681695789005144064.0)     /* m 2^-106 */
#define INV_PIO2 0.63661977236758134

/* the fraction of 2/pi, 32 bits a word from the binary point on: 1280 bits,
** more than the largest double's reduction reads (its exponent 1023, plus
** 224 bits) */
static const uint32_t two_over_pi[40] = {
  0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041,
  0xfe5163ab, 0xdebbc561, 0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c,
  0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484, 0xe99c7026, 0xb45f7e41,
  0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
  0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d,
  0x7527bac7, 0xebe5f17b, 0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08,
  0x56033046, 0xfc7b6bab, 0xf0cfbc20, 0x9af4361d
};

/* 2^e for -1022 <= e <= 1023, built from its bits */
static double pow2(int e) {
  uint64_t u = (uint64_t)(e + 1023) << 52;
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}

/* s + e = a + b exactly (Knuth's TwoSum, TAOCP vol. 2, 4.2.2) */
static void two_sum(double a, double b, double *s, double *e) {
  double sum = a + b, bv = sum - a, av = sum - bv;
  *s = sum;
  *e = (a - av) + (b - bv);
}

/* p + e = a * b exactly, |a|, |b| < 2^995, by Veltkamp's splitting and
** Dekker's product (Dekker, "A floating-point technique for extending the
** available precision", 1971), with no fused multiply-add */
static void two_prod(double a, double b, double *p, double *e) {
  double ca = 134217729.0 * a, cb = 134217729.0 * b;   /* 2^27 + 1 */
  double ah = ca - (ca - a), al = a - ah, bh = cb - (cb - b), bl = b - bh;
  *p = a * b;
  *e = ((ah * bh - *p) + ah * bl + al * bh) + al * bl;
}

/* bits [pos, pos + 63] of the 288-bit integer w (nine words, least
** significant first), pos >= 0 */
static uint64_t bits64(const uint32_t w[9], int pos) {
  int q = pos >> 5, off = pos & 31, k;
  uint64_t lo = 0, hi = 0;   /* words q, q + 1 in lo; q + 2 in hi */
  for (k = 0; k < 2; k++)
    if (q + k < 9) lo |= (uint64_t)w[q + k] << (32 * k);
  if (q + 2 < 9) hi = w[q + 2];
  return off == 0 ? lo : (lo >> off) | (hi << (64 - off));
}

/* x = n pi/2 + (rh + rl) for a finite x >= 2^17 pi/2, as Payne and Hanek
** reduce ("Radian reduction for trigonometric functions", 1983; Muller,
** "Elementary Functions", 3rd ed., 11.4): the 53-bit integer m of x = m 2^e
** times the 224 bits of 2/pi that reach the two last bits of the integer
** part and 191 bits below it, in integers, so the product is exact; its
** fraction, rounded to the nearest integer n, times pi/2 in double-double.
** Returns n mod 4. */
static int reduce_large(double x, double *rh, double *rl) {
  uint64_t u, m, top, mid;
  uint32_t b[7], p[9];
  uint64_t t, carry;
  int e, i0, sh, k, n, shift = 0, negative;
  double fh, fl, ph, pe;
  memcpy(&u, &x, sizeof u);
  e = (int)((u >> 52) & 0x7ff) - 1075;
  m = (u & 0xfffffffffffffULL) | 0x10000000000000ULL;
  /* bits j <= 32 i0 of 2/pi give multiples of 4 (j <= e - 2): left out */
  i0 = e >= 34 ? (e - 2) / 32 : 0;
  for (k = 0; k < 7; k++) b[k] = two_over_pi[i0 + 6 - k];
  memset(p, 0, sizeof p);
  for (carry = 0, k = 0; k < 7; k++) {
    t = (m & 0xffffffffULL) * b[k] + p[k] + carry;
    p[k] = (uint32_t)t;
    carry = t >> 32;
  }
  p[7] = (uint32_t)carry;
  for (carry = 0, k = 0; k < 7; k++) {
    t = (m >> 32) * b[k] + p[k + 1] + carry;
    p[k + 1] = (uint32_t)t;
    carry = t >> 32;
  }
  p[8] = (uint32_t)carry;
  /* x 2/pi mod 4 = p 2^-sh: two integer bits and 126 of the fraction */
  sh = 32 * (i0 + 7) - e;
  top = bits64(p, sh - 62);
  mid = bits64(p, sh - 126);
  /* n the nearest integer, and the fraction f = x 2/pi - n in [-1/2, 1/2)
  ** as a signed 128-bit integer times 2^-126 */
  n = (int)(((top + (1ULL << 61)) >> 62) & 3);
  top -= (uint64_t)n << 62;
  negative = (top >> 63) != 0;
  if (negative) {   /* |f|: the 128-bit negation */
    top = ~top + (mid == 0);
    mid = 0 - mid;
  }
  if (top == 0 && mid == 0) { *rh = *rl = 0; return n; }   /* never: pi is irrational */
  while (!(top >> 63)) {
    top = (top << 1) | (mid >> 63);
    mid <<= 1;
    shift++;
  }
  /* |f| = (top 2^64 + mid) 2^-(126 + shift): 53 exact bits, then the next 64 rounded */
  fh = (double)(top >> 11) * pow2(-51 - shift);
  fl = (double)(((top & 0x7ff) << 53) | (mid >> 11)) * pow2(-115 - shift);
  two_sum(fh, fl, &fh, &fl);
  /* r = f pi/2 */
  two_prod(fh, PIO2_HI, &ph, &pe);
  pe += fh * PIO2_LO + fl * PIO2_HI;
  two_sum(ph, pe, rh, rl);
  if (negative) { *rh = -*rh; *rl = -*rl; }
  return n;
}

/* the sine and cosine of rh + rl, |rh + rl| <= pi/4 (a little over, where
** the rounding of the quotient picks the neighbouring quadrant), |rl| <= an
** ulp of rh: the Taylor series of each to the term in r^17 and r^18 (what
** is left is below 2^-62 of the result on that interval), summed by Horner's
** rule in a fixed order; the cosine's 1 - r^2/2 with its rounding error
** kept (Dekker's Fast2Sum) */
static void kernel(double rh, double rl, double *s, double *c) {
  double z = rh * rh, hz = 0.5 * z, w, ps, pc;
  ps = -1.0 / 6 + z * (1.0 / 120 + z * (-1.0 / 5040 + z * (1.0 / 362880
       + z * (-1.0 / 39916800 + z * (1.0 / 6227020800.0 + z * (-1.0 / 1307674368000.0
       + z * (1.0 / 355687428096000.0)))))));
  pc = 1.0 / 24 + z * (-1.0 / 720 + z * (1.0 / 40320 + z * (-1.0 / 3628800
       + z * (1.0 / 479001600 + z * (-1.0 / 87178291200.0 + z * (1.0 / 20922789888000.0
       + z * (-1.0 / 6402373705728000.0)))))));
  *s = rh + (rh * z * ps + rl * (1 - hz));
  w = 1 - hz;
  *c = w + (((1 - w) - hz) + (z * z * pc - rh * rl));
}

void cl_sincos(double x, double *s, double *c) {
  double ax = x < 0 ? -x : x, rh, rl, ks, kc, sign = x < 0 ? -1 : 1;
  int n;
  if (x - x != 0) {   /* nan, inf and -inf: the quiet nan with no sign, whatever
                      ** the machine's own (x86's inf - inf has its sign set) */
    uint64_t u = 0x7ff8000000000000ULL;
    memcpy(s, &u, sizeof *s);
    memcpy(c, &u, sizeof *c);
    return;
  }
  /* below 2^-27, x^3/6 and x^2/2 are under half an ulp: sin x rounds to x,
  ** cos x to 1 (and -0 stays -0) */
  if (ax < 7.450580596923828125e-9) { *s = x; *c = 1; return; }
  if (ax <= 0.78539816339744828) {
    n = 0; rh = ax; rl = 0;
  } else {
    double k = floor(ax * INV_PIO2 + 0.5);
    if (k < CW_LIMIT) {
      /* t exact (Sterbenz: t is within a factor 2 of k PIO2_1), k PIO2_2 exact,
      ** the rounding error of t - k PIO2_2 kept */
      double t = ax - k * PIO2_1, e;
      two_sum(t, -(k * PIO2_2), &rh, &e);
      two_sum(rh, e - k * PIO2_3, &rh, &rl);
      n = (int)k & 3;
    } else {
      n = reduce_large(ax, &rh, &rl);
    }
  }
  kernel(rh, rl, &ks, &kc);
  switch (n) {
    case 0: *s = ks; *c = kc; break;
    case 1: *s = kc; *c = -ks; break;
    case 2: *s = -ks; *c = -kc; break;
    default: *s = -kc; *c = ks; break;
  }
  *s *= sign;
}

/* atan(i/8), i = 1..8, as double-doubles (ATAN_HI + ATAN_LO within 2^-109
** of it, computed in high precision), each part an integer times a power
** of two, written exactly in decimal */
static const double ATAN_HI[8] = {
  4480360856819639.0 / 36028797018963968.0,   /* m 2^-55 */
  8826286527774941.0 / 36028797018963968.0,   /* m 2^-55 */
  6463037827768049.0 / 18014398509481984.0,   /* m 2^-54 */
  8352332796509007.0 / 18014398509481984.0,   /* m 2^-54 */
  1257853834215341.0 / 2251799813685248.0,    /* m 2^-51 */
  5796142707547873.0 / 9007199254740992.0,    /* m 2^-53 */
  1618661259219341.0 / 2251799813685248.0,    /* m 2^-51 */
  884279719003555.0 / 1125899906842624.0      /* m 2^-50: pi/4 */
};
static const double ATAN_LO[8] = {
  -8113805363383319.0 / 2596148429267413814265248164610048.0,   /* m 2^-111 */
  6943889398673341.0 / 649037107316853453566312041152512.0,     /* m 2^-109 */
  -998860627303715.0 / 40564819207303340847894502572032.0,      /* m 2^-105 */
  3683087214424817.0 / 162259276829213363391578010288128.0,     /* m 2^-107 */
  -7081813339694735.0 / 1298074214633706907132624082305024.0,   /* m 2^-110 */
  642335192798347.0 / 40564819207303340847894502572032.0,       /* m 2^-105 */
  -3485067776454523.0 / 162259276829213363391578010288128.0,    /* m 2^-107 */
  4967757600021511.0 / 162259276829213363391578010288128.0      /* m 2^-107 */
};

/* 1 when the sign bit of x is set (-0 and every negative number) */
static int sign_bit(double x) {
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  return (int)(u >> 63);
}

/* ah + al = atan(th + tl) for 2^-36 <= th <= 1, |tl| <= an ulp of th, to
** about 2^-60 of it. A table-based reduction (Muller, "Elementary
** Functions", 3rd ed., ch. 6): c = i/8 the breakpoint nearest t,
** atan(t) = atan(c) + atan(u), u = (t - c) / (1 + t c), |u| <= 1/16, u
** as a double-double (t - c is exact by Sterbenz's lemma: c/2 <= t <= 2c);
** then the Taylor series of atan(u) to the term in u^15 (what is left,
** u^17 / 17, is below 2^-68 of u), summed by Horner's rule in a fixed
** order */
static void atan_kernel(double th, double tl, double *ah, double *al) {
  int i = (int)(th * 8 + 0.5);
  double uh, ul, z, p, r, s, e;
  if (i == 0) {
    uh = th;
    ul = tl;
  } else {
    double c = i * 0.125, nh, nl, dh, dl, ph, pe;
    two_sum(th - c, tl, &nh, &nl);
    two_prod(th, c, &ph, &pe);
    two_sum(1, ph, &dh, &dl);
    dl += pe + tl * c;
    s = dh + dl;   /* Fast2Sum: |dl| is below an ulp of dh */
    dl = dl - (s - dh);
    dh = s;
    /* u = n / d: the quotient, then the remainder's quotient */
    uh = nh / dh;
    two_prod(uh, dh, &ph, &pe);
    ul = (((nh - ph) - pe) + nl - uh * dl) / dh;
  }
  z = uh * uh;
  p = -1.0 / 3 + z * (1.0 / 5 + z * (-1.0 / 7 + z * (1.0 / 9 + z * (-1.0 / 11
      + z * (1.0 / 13 + z * (-1.0 / 15))))));
  /* atan(uh + ul) = atan(uh) + ul / (1 + uh^2) + ...: ul (1 - z) */
  r = uh * z * p + ul * (1 - z);
  if (i == 0) {
    s = uh;
    e = r;
  } else {
    two_sum(ATAN_HI[i - 1], uh, &s, &e);
    e += ATAN_LO[i - 1] + r;
  }
  *ah = s + e;
  *al = e - (*ah - s);
}

double cl_atan2(double y, double x) {
  double ax = x < 0 ? -x : x, ay = y < 0 ? -y : y, num, den, ah, al, kh, kl, s, e, r;
  int swap, west = sign_bit(x);
  if (x != x || y != y) {   /* nan: the quiet nan with no sign */
    uint64_t u = 0x7ff8000000000000ULL;
    memcpy(&r, &u, sizeof r);
    return r;
  }
  /* the angle of (ax, ay) in the first quadrant: atan(num / den), or
  ** pi/2 less it when swapped, num <= den */
  swap = ay > ax;
  num = swap ? ax : ay;
  den = swap ? ay : ax;
  if (num == 0 || den - den != 0) {
    /* a zero or an infinity: on an axis, or between the axes when both
    ** are infinite */
    ah = num - num != 0 ? ATAN_HI[7] : 0;
    al = num - num != 0 ? ATAN_LO[7] : 0;
  } else if (num * 68719476736.0 < den) {
    /* t = num / den below 2^-36: atan(t) = t (1 - t^2/3 + ...) is t to
    ** 2^-73, and the quotient is correctly rounded (to 0 below the least
    ** double); num * 2^36 overflows only when t is above 2^-36 */
    ah = num / den;
    al = 0;
  } else {
    double th, tl, ph, pe;
    /* scaled by a power of two (exactly: num is within 2^36 of den),
    ** den within [2^-500, 2^500], so that the remainder below is exact */
    if (den > pow2(500)) {
      num *= pow2(-600);
      den *= pow2(-600);
    } else if (den < pow2(-500)) {
      num *= pow2(600);
      den *= pow2(600);
    }
    /* t = th + tl: the quotient and the remainder's quotient */
    th = num / den;
    two_prod(th, den, &ph, &pe);
    tl = ((num - ph) - pe) / den;
    atan_kernel(th, tl, &ah, &al);
  }
  if (!swap && !west) {
    r = ah + al;
  } else {
    /* pi/2 - a, pi/2 + a or pi - a, the constant as a double-double */
    kh = swap ? PIO2_HI : 2 * PIO2_HI;
    kl = swap ? PIO2_LO : 2 * PIO2_LO;
    if (!(swap && west)) { ah = -ah; al = -al; }
    two_sum(kh, ah, &s, &e);
    r = s + (e + (kl + al));
  }
  return sign_bit(y) ? -r : r;
}

int cl_axis_angle(double q[4], const double axis[3], double radians) {
  double u[3], s, c;
  q[0] = q[1] = q[2] = 0; q[3] = 1;
  if (axis[0] - axis[0] != 0 || axis[1] - axis[1] != 0 || axis[2] - axis[2] != 0
      || radians - radians != 0)
    return 0;
  cl_copy(u, axis);
  if (cl_normalize(u) == 0) return 0;
  cl_sincos(radians * 0.5, &s, &c);
  cl_set(q, u[0] * s, u[1] * s, u[2] * s);
  q[3] = c;
  return 1;
}
