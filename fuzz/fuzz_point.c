/*
** fuzz_point.c - the point queries and the shape helpers: closest_point,
** distance, contains, barycentric, classify_point, bounds, corners, area,
** translate, quaternions and axes.
**
** Input: a mode byte (bit 0: raw shapes), a kind byte, the shape, a point,
** then 9 numbers for an axes matrix.
** Properties for valid shapes and a finite point, moderate inputs:
**  - no NaN anywhere;
**  - the closest point q lies on the shape (distance(s, q) tiny), is no
**    farther than any corner / vertex / centre, and distance(s, p) equals
**    |p - q| (within rounding); distance >= 0;
**  - contains(p) implies distance(s, p) == 0 (within rounding) and, robustly
**    inside, the closest point is p itself;
**  - barycentric weights sum to 1 and recombine to the projected point;
**  - classify_point in {-1, 0, 1}; bounds enclose corners / vertices;
**  - axes accepted by cl_axes_check give a unit quaternion whose axes are
**    the given ones (within 1e-6).
*/
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_close(const cl_shape *s, const double p[3], double scale) {
  double q[3], d[3], dist, dq, tol = 1e-9 * scale;
  if (s->tag == CL_TRIANGLE) tol += 16 * DBL_EPSILON * scale * fz_tri_cond(&s->tri);
  cl_closest_point(s, p, q);
  FZ_CHECK(fz_nonan(q, 3), "closest_point NaN", q[0]);
  dist = cl_distance(s, p);
  FZ_CHECK(!isnan(dist) && dist >= 0, "distance", dist);
  cl_sub(d, p, q);
  dq = cl_length(d);
  FZ_CHECK(fabs(dq - dist) <= tol, "distance != |p - closest_point|", dq - dist);
  FZ_CHECK(cl_distance(s, q) <= tol, "closest point off the shape", cl_distance(s, q));
  if (s->tag == CL_AABB || s->tag == CL_OBB || s->tag == CL_SPHERE) {
    if (cl_contains(s, p)) FZ_CHECK(dist <= tol, "contains but distant", dist);
  }
  if (s->tag == CL_AABB || s->tag == CL_OBB) {
    int i;
    for (i = 0; i < 8; i++) {
      double c[3], dc[3];
      if (s->tag == CL_AABB) cl_aabb_corner(&s->aabb, i, c); else cl_obb_corner(&s->obb, i, c);
      cl_sub(dc, p, c);
      FZ_CHECK(cl_length(dc) >= dist - tol, "a corner is closer", dist - cl_length(dc));
    }
  }
  if (s->tag == CL_TRIANGLE) {
    int i;
    double w[3], r[3] = {0, 0, 0}, vtol = tol;
    /* a degenerate triangle is the segment of its two farthest vertices: the
    ** third lies within CL_EPSILON * (longest edge) of it (its height) */
    if (s->tri.degenerate) vtol += 8 * CL_EPSILON * scale;
    for (i = 0; i < 3; i++) {
      double dc[3];
      cl_sub(dc, p, s->tri.v[i]);
      FZ_CHECK(cl_length(dc) >= dist - vtol, "a vertex is closer", dist - cl_length(dc));
    }
    cl_barycentric(&s->tri, p, w);
    FZ_CHECK(fz_nonan(w, 3), "barycentric NaN", w[0]);
    if (!s->tri.degenerate && fabs(w[0]) < 1e3 && fabs(w[1]) < 1e3 && fabs(w[2]) < 1e3) {
      double proj[3], off[3];
      FZ_CHECK(fabs(w[0] + w[1] + w[2] - 1) <= 1e-9, "barycentric sum", w[0] + w[1] + w[2]);
      for (i = 0; i < 3; i++) cl_madd(r, r, s->tri.v[i], w[i]);
      cl_sub(off, p, s->tri.v[0]);
      cl_madd(proj, p, s->tri.n, -cl_dot(off, s->tri.n));
      cl_sub(off, r, proj);
      FZ_CHECK(cl_length(off) <= 1e-6 * scale, "barycentric does not recombine",
               cl_length(off));
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = {data, size};
  cl_shape s, t;
  fz_scale sc = {0, INFINITY};
  double p[3], u[3][3], q[4], w[3], out[3];
  cl_aabb bx;
  int mode = fz_byte(&in), kind = fz_byte(&in) % CL_NKINDS, raw = mode & 1, valid, hasb, k;
  valid = fz_shape(&in, &s, kind, raw, &sc);
  fz_vec(&in, p);
  fz_print("s", &s);
  if (getenv("FZ_VERBOSE")) fprintf(stderr, "p %.17g %.17g %.17g\n", p[0], p[1], p[2]);
  for (k = 0; k < 3; k++) fz_vec(&in, u[k]);
  /* everything once, whatever the input */
  cl_closest_point(&s, p, out);
  (void)cl_distance(&s, p);
  (void)cl_contains(&s, p);
  if (kind == CL_TRIANGLE) { cl_barycentric(&s.tri, p, w); (void)cl_triangle_area(&s.tri); }
  if (kind == CL_PLANE) (void)cl_classify_point(&s.plane, p);
  hasb = cl_bounds(&s, &bx);
  if (kind == CL_AABB) for (k = 0; k < 8; k++) cl_aabb_corner(&s.aabb, k, out);
  if (kind == CL_OBB) for (k = 0; k < 8; k++) cl_obb_corner(&s.obb, k, out);
  t = s;
  cl_translate(&t, p);
  if (cl_axes_check((const double (*)[3])u) == 0) cl_quat_from_axes(q, (const double (*)[3])u);
  (void)cl_length(p);
  {
    double n[3];
    cl_copy(n, p);
    (void)cl_normalize(n);
  }
  if (kind == CL_AABB) {
    cl_obb o;
    double qq[4] = {0, 0, 0, 1};
    cl_obb_from_aabb(&o, &s.aabb, qq);
  }
  if (raw || !valid) return 0;

  fz_note(&sc, p, 3);
  if (!fz_finite3(p) || !fz_moderate(&sc)) return 0;
  if (sc.maxabs <= 1e6) check_close(&s, p, sc.maxabs > 1 ? sc.maxabs : 1);
  if (kind == CL_PLANE) {
    int c = cl_classify_point(&s.plane, p);
    FZ_CHECK(c == -1 || c == 0 || c == 1, "classify_point range", c);
  }
  if (hasb) {
    FZ_CHECK(fz_nonan(bx.min, 3) && fz_nonan(bx.max, 3), "bounds NaN", 0);
    for (k = 0; k < 3; k++) FZ_CHECK(bx.min[k] <= bx.max[k], "bounds inverted", k);
    if (kind == CL_OBB) {
      int i;
      for (i = 0; i < 8; i++) {
        double c[3];
        cl_obb_corner(&s.obb, i, c);
        for (k = 0; k < 3; k++)
          FZ_CHECK(c[k] >= bx.min[k] - 1e-9 * sc.maxabs && c[k] <= bx.max[k] + 1e-9 * sc.maxabs,
                   "obb corner outside bounds", c[k]);
      }
    }
  }
  if (kind == CL_TRIANGLE) FZ_CHECK(!isnan(cl_triangle_area(&s.tri)), "area NaN", 0);
  if (fz_finite3(u[0]) && fz_finite3(u[1]) && fz_finite3(u[2])
      && cl_axes_check((const double (*)[3])u) == 0) {
    cl_obb o;
    double c0[3] = {0, 0, 0}, e1[3] = {1, 1, 1};
    int i;
    cl_quat_from_axes(q, (const double (*)[3])u);
    FZ_CHECK(!isnan(q[0] + q[1] + q[2] + q[3]), "quat_from_axes NaN", q[0]);
    FZ_CHECK(fabs(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3] - 1) <= 1e-12,
             "quat_from_axes not unit", q[3]);
    FZ_CHECK(q[3] >= 0, "quat w < 0", q[3]);
    cl_obb_init(&o, c0, e1, q);
    for (i = 0; i < 3; i++)
      for (k = 0; k < 3; k++)
        FZ_CHECK(fabs(o.u[i][k] - u[i][k]) <= 1e-5, "axes round trip", o.u[i][k] - u[i][k]);
  }
  return 0;
}
