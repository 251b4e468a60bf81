/*
** fuzz_ray.c - cl_cast and cl_slab of a ray against every castable shape.
**
** Input: a mode byte (bit 0: raw shapes; bit 1: cull back faces), a kind
** byte for the target, the ray, then the target.
** Properties for valid shapes:
**  - a hit has 0 <= t <= tmax, a unit normal, a point p = o + t d (within
**    rounding) that lies on the target (distance within rounding);
**    triangle barycentrics u, v >= 0 and u + v <= 1 (within rounding);
**  - without culling, cast hits exactly when intersects says so (unless
**    near touching); with culling a hit implies a hit without culling;
**  - slab (aabb, obb) gives tnear <= tfar, and the ray meets the box
**    exactly when [tnear, tfar] meets [0, tmax];
**  - no NaN in any output when the inputs are moderate.
*/
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = {data, size};
  cl_shape r, s;
  cl_hit h, hc;
  fz_scale sc = {0, INFINITY};
  int mode = fz_byte(&in), kind = fz_byte(&in) % CL_NKINDS;
  int raw = mode & 1, cull = (mode >> 1) & 1, vr, vs, hit, hitc, inter, slabbed = 0;
  int moderate, robust = -1;
  double tn = 0, tf = 0, delta;
  if (kind == CL_RAY) kind = CL_SPHERE;
  vr = fz_shape(&in, &r, CL_RAY, raw, &sc);
  vs = fz_shape(&in, &s, kind, raw, &sc);
  fz_print("ray", &r); fz_print("s", &s);
  hit = cl_cast(&r.ray, &s, 0, &h);
  hitc = cl_cast(&r.ray, &s, cull, &hc);
  if (kind == CL_AABB || kind == CL_OBB) slabbed = cl_slab(&r.ray, &s, &tn, &tf);
  inter = cl_intersects(&r, &s);
  if (raw || !vr || !vs) return 0;

  moderate = fz_moderate(&sc);
  if (hit && moderate) {
    double q[3], d[3], scale = sc.maxabs > 1 ? sc.maxabs : 1, slack = 0;
    /* Conditioning (doc/robustness.md): a sliver's plane is known
    ** to DBL_EPSILON * scale * cond, and a ray at a grazing angle meets a
    ** plane only to that over sin(angle) (> CL_EPSILON, or the cast takes
    ** the in-plane branch) */
    if (kind == CL_TRIANGLE && !s.tri.degenerate) {
      double sn = fabs(cl_dot(s.tri.n, r.ray.d));
      if (sn < CL_EPSILON) sn = CL_EPSILON;
      slack = 16 * DBL_EPSILON * (scale + h.t) * fz_tri_cond(&s.tri) / sn;
    }
    FZ_CHECK(!isnan(h.t) && fz_nonan(h.p, 3) && fz_nonan(h.n, 3), "cast NaN", h.t);
    FZ_CHECK(!isnan(h.u) && !isnan(h.v), "cast uv NaN", h.u);
    FZ_CHECK(h.t >= 0 && h.t <= r.ray.tmax, "cast t outside [0, tmax]", h.t);
    fz_check_unit(h.n, "cast normal not unit");
    if (sc.maxabs <= 1e6 && h.t <= 1e7) {
      cl_madd(q, r.ray.o, r.ray.d, h.t);
      cl_sub(d, q, h.p);
      FZ_CHECK(cl_length(d) <= 1e-9 * (scale + h.t), "cast point not o + t d", cl_length(d));
      FZ_CHECK(cl_distance(&s, h.p) <= 1e-8 * (scale + h.t) + slack, "cast point off the shape",
               cl_distance(&s, h.p));
      if (kind == CL_TRIANGLE) {
        /* u, v of a point known to (rounding + slack), over the altitude */
        double alt = fz_tri_alt(&s.tri);
        double ut = 1e-9 + 16 * DBL_EPSILON * fz_tri_cond(&s.tri)
                  + (alt > 0 ? (64 * DBL_EPSILON * (scale + h.t) + slack) / alt : INFINITY);
        FZ_CHECK(h.u >= -ut && h.v >= -ut && h.u + h.v <= 1 + ut, "cast uv range", h.u);
      }
    }
  }
  if (hitc) FZ_CHECK(hit, "culled cast hits where the plain one misses", 0);
  if (hitc && moderate) {
    FZ_CHECK(hc.t >= 0 && hc.t <= r.ray.tmax, "culled cast t", hc.t);
    fz_check_unit(hc.n, "culled cast normal not unit");
  }
  if (slabbed && moderate) {
    FZ_CHECK(!isnan(tn) && !isnan(tf), "slab NaN", tn);
    FZ_CHECK(tn <= tf, "slab tnear > tfar", tn - tf);
  }
  if (kind == CL_AABB || kind == CL_OBB)
    FZ_CHECK(inter == (slabbed && tf >= 0 && tn <= r.ray.tmax), "slab disagrees with intersects",
             inter);
  delta = fz_delta(&r, &s, FZ_MARGIN * sc.maxabs, sc.maxabs);
  if (moderate && sc.maxabs >= 1e-3 && sc.maxabs <= 1e6 && (isinf(r.ray.tmax) || r.ray.tmax <= 1e6)) {
    robust = fz_robust(&r, &s, delta);
    if (robust >= 0) {
      FZ_CHECK(inter == robust, "intersects(ray, s) unstable", inter);
      /* A target of no volume (a point sphere or box, a triangle edge on
      ** the ray) touched exactly cannot be told from apart by nudging: a
      ** cast hit whose point was verified above to lie on the ray and on
      ** the target is then a touch that intersects rounded away. */
      if (!(robust == 0 && hit && sc.maxabs <= 1e6 && h.t <= 1e7))
        FZ_CHECK(hit == robust, "cast disagrees with intersects", hit);
    }
  }
  return 0;
}
