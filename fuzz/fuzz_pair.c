/*
** fuzz_pair.c - cl_intersects, cl_contact, cl_manifold and cl_classify on two shapes.
**
** Input: a mode byte (bit 0: raw shapes, no validity checks), a kind byte
** for each shape, then the numbers (a compound: its children's count,
** each child's kind and numbers, its position and rotation).
** Properties for valid shapes:
**  - intersects(a, b) == intersects(b, a) unless near touching;
**  - classify in {-1, 0, 1}; intersects(plane, s) == (classify == 0);
**  - contact (aabb, obb, sphere, triangle; not triangle-triangle) is found
**    exactly when the pair intersects (unless near touching), with a unit
**    normal and a finite depth >= 0; contact(b, a) has the opposite normal
**    direction and the same depth; b moved by (depth + delta) along n no
**    longer intersects a, and moved by (depth - delta) still does;
**  - distance (aabb, obb, triangle, sphere, capsule) >= 0, 0 exactly with
**    one point twice, 0 for pairs that robustly intersect, the points
**    within the shapes' bounds;
**  - sweep of a (sphere, capsule, aabb, obb) by a vector read from the
**    input against b (not a ray): t in [0, 1], unit n, dot(n, d) <= 0
**    past t = 0; a zero motion hits when b robustly intersects a, and
**    when they are robustly apart only if within rounding of touching
**    (shapes of no volume that touch, which nudges cannot tell);
**  - no NaN in any output when the inputs are moderate;
**  - the debug lines of a valid shape: its kind's number of segments,
**    every coordinate finite, and for moderate input every point within
**    the shape's bounds (grown by rounding).
*/
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int contactable(int kind) {
  return kind == CL_AABB || kind == CL_OBB || kind == CL_SPHERE || kind == CL_TRIANGLE
      || kind == CL_CAPSULE || kind == CL_COMPOUND;
}

static int measurable(int kind) { return contactable(kind); }

static int movable(int kind) {
  return kind == CL_AABB || kind == CL_OBB || kind == CL_SPHERE || kind == CL_CAPSULE
      || kind == CL_COMPOUND;
}

/* a compound whose triangle children a zero sweep cannot find against b
** (a triangle child is swept as b moving the other way: not a plane nor a
** triangle, nor a compound's triangle child) */
static int blind_mover(const cl_shape *a, const cl_shape *b) {
  int i;
  if (a->tag != CL_COMPOUND) return 0;
  for (i = 0; i < a->compound.d->n; i++)
    if (a->compound.d->child[i].tag == CL_TRIANGLE) return 1;
  (void)b;
  return 0;
}

static void check_distance(const cl_shape *a, const cl_shape *b, int moderate, int robust,
                           double maxabs) {
  double pa[3], pb[3], d = cl_shape_distance(a, b, pa, pb);
  if (!moderate) return;
  FZ_CHECK(!isnan(d) && fz_nonan(pa, 3) && fz_nonan(pb, 3), "distance NaN", d);
  FZ_CHECK(d >= 0, "distance negative", d);
  if (d == 0) FZ_CHECK(pa[0] == pb[0] && pa[1] == pb[1] && pa[2] == pb[2], "distance 0, two points", 0);
  if (robust == 1) FZ_CHECK(d <= 1e-9 * (1 + maxabs), "distance of intersecting shapes", d);
  if (maxabs <= 1e6) {
    cl_aabb ba, bb;
    int k;
    /* a common point of intersecting shapes that GJK could not certify
    ** (far vertices, shapes crossing at a grazing angle) comes from
    ** alternating projections, known to less */
    double tol = (d == 0 ? 1e-7 : 1e-9) * (1 + maxabs);
    cl_bounds(a, &ba);
    cl_bounds(b, &bb);
    for (k = 0; k < 3; k++) {
      FZ_CHECK(pa[k] >= ba.min[k] - tol && pa[k] <= ba.max[k] + tol, "distance pa off a", pa[k]);
      FZ_CHECK(pb[k] >= bb.min[k] - tol && pb[k] <= bb.max[k] + tol, "distance pb off b", pb[k]);
    }
  }
}

static void check_sweep(const cl_shape *a, const double d[3], const cl_shape *b, int moderate,
                        int robust, double maxabs) {
  cl_hit h;
  int hit = cl_sweep(a, d, b, &h);
  if (!moderate || !hit) {
    if (moderate && robust == 1 && d[0] == 0 && d[1] == 0 && d[2] == 0 && !blind_mover(a, b))
      FZ_CHECK(hit, "zero sweep misses an overlap", 0);
    return;
  }
  FZ_CHECK(!isnan(h.t) && fz_nonan(h.p, 3) && fz_nonan(h.n, 3), "sweep NaN", h.t);
  FZ_CHECK(h.t >= 0 && h.t <= 1, "sweep t outside [0, 1]", h.t);
  fz_check_unit(h.n, "sweep normal not unit");
  if (h.t > 0) FZ_CHECK(cl_dot(h.n, d) <= 1e-9 * cl_length(d), "sweep dot(n, d) > 0", cl_dot(h.n, d));
  if (d[0] == 0 && d[1] == 0 && d[2] == 0) {
    FZ_CHECK(h.t == 0, "zero sweep t", h.t);
    if (robust == 0 && measurable(a->tag) && measurable(b->tag)) {
      double pa[3], pb[3], dist = cl_shape_distance(a, b, pa, pb);
      FZ_CHECK(dist <= 1e-9 * (1 + maxabs), "zero sweep hits shapes apart", dist);
    }
  }
}

static void check_contact(const cl_shape *a, const cl_shape *b, int moderate, double delta,
                          int robust) {
  double n[3], depth, n2[3], depth2;
  int got = cl_contact(a, b, n, &depth), got2;
  cl_shape m;
  if (got && getenv("FZ_VERBOSE"))
    fprintf(stderr, "contact n %.17g %.17g %.17g depth %.17g delta %.17g robust %d\n",
            n[0], n[1], n[2], depth, delta, robust);
  if (got && moderate) {
    cl_contacts mf;
    int i, c = cl_manifold(a, b, &mf);
    FZ_CHECK(fz_nonan(n, 3) && !isnan(depth), "contact NaN", depth);
    fz_check_unit(n, "contact normal not unit");
    FZ_CHECK(depth >= 0 && isfinite(depth), "contact depth", depth);
    /* the manifold: contact's normal, one to four finite points */
    FZ_CHECK(c >= 1 && c <= 4, "manifold count", c);
    FZ_CHECK(mf.n[0] == n[0] && mf.n[1] == n[1] && mf.n[2] == n[2], "manifold normal", 0);
    for (i = 0; i < c && i < 4; i++)
      FZ_CHECK(fz_nonan(mf.p[i].p, 3) && isfinite(mf.p[i].depth) && mf.p[i].depth >= 0,
               "manifold point", mf.p[i].depth);
  }
  if (robust < 0) return;
  /* shapes of no volume touching exactly (a point box on a segment's end)
  ** cannot be told from apart by nudging; contact finds them at depth ~0 */
  if (robust == 0 && got && depth <= delta) return;
  FZ_CHECK(got == robust, "contact disagrees with intersects", got);
  if (!got) return;
  got2 = cl_contact(b, a, n2, &depth2);
  FZ_CHECK(got2, "contact(b, a) missing", 0);
  /* the same axis may be picked with the opposite sign only on exact ties */
  FZ_CHECK(fabs(depth2 - depth) <= 1e-9 * (delta / FZ_MARGIN), "contact depth asymmetric",
           depth2 - depth);
  /* moving b out along n by depth (+ margin) separates it ... */
  m = *b;
  {
    double d[3];
    cl_scale(d, n, depth + delta);
    cl_translate(&m, d);
  }
  FZ_CHECK(fz_robust(a, &m, delta / 4) != 1, "contact does not separate", depth);
  /* ... and by less than depth it still overlaps */
  if (depth > 2 * delta) {
    double d[3];
    m = *b;
    cl_scale(d, n, depth - delta);
    cl_translate(&m, d);
    FZ_CHECK(fz_robust(a, &m, delta / 4) != 0, "contact depth too large", depth);
  }
}

/* the shape's debug lines (lines.c): the count its kind has, never a
** coordinate that is not finite, and within the bounds at moderate scale */
static void check_lines(const cl_shape *a, int moderate, double maxabs) {
  /* fz_shape makes no hull; a compound's lines are its children's */
  static const size_t counts[CL_NKINDS] = {12, 12, 4, 3, 1, 48, 68, 0, 0};
  double out[6 * 68 * 12];
  cl_aabb b;
  size_t n = cl_lines_count(a), i, want = counts[a->tag];
  int k;
  if (a->tag == CL_COMPOUND)
    for (k = 0; k < a->compound.d->n; k++) want += counts[a->compound.d->child[k].tag];
  FZ_CHECK(n == want && n > 0, "lines count", (double)n);
  FZ_CHECK(cl_lines_fill(a, out) == n, "lines fill count", (double)n);
  for (i = 0; i < 6 * n; i++) FZ_CHECK(isfinite(out[i]), "lines not finite", out[i]);
  if (!moderate || maxabs > 1e6 || !cl_bounds(a, &b)) return;
  for (i = 0; i < 2 * n; i++)
    for (k = 0; k < 3; k++) {
      double x = out[3 * i + k], tol = 1e-12 * (1 + maxabs);
      FZ_CHECK(x >= b.min[k] - tol && x <= b.max[k] + tol, "lines outside the bounds", x);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = {data, size};
  cl_shape a, b;
  fz_scale sc = {0, INFINITY};
  int mode = fz_byte(&in), ka = fz_byte(&in) % CL_NKINDS, kb = fz_byte(&in) % CL_NKINDS;
  int raw = mode & 1, va, vb, ab, ba, moderate, robust = -1;
  double delta;
  double mv[3];
  va = fz_shape(&in, &a, ka, raw, &sc);
  vb = fz_shape(&in, &b, kb, raw, &sc);
  fz_vec(&in, mv);
  if (fz_byte(&in) & 1) cl_set(mv, 0, 0, 0);
  fz_print("a", &a); fz_print("b", &b);
  ab = cl_intersects(&a, &b);
  ba = cl_intersects(&b, &a);
  (void)ba;                       /* symmetry is judged below, with the nudges */
  if (ka == CL_PLANE && kb != CL_PLANE && kb != CL_RAY) (void)cl_classify(&a.plane, &b);
  if (contactable(ka) && contactable(kb)) {
    double n[3], depth;
    cl_contacts mf;
    (void)cl_contact(&a, &b, n, &depth);
    (void)cl_manifold(&a, &b, &mf);
  }
  if (measurable(ka) && measurable(kb)) {
    double pa[3], pb[3];
    (void)cl_shape_distance(&a, &b, pa, pb);
  }
  if (movable(ka) && kb != CL_RAY) {
    cl_hit h;
    (void)cl_sweep(&a, mv, &b, &h);
  }
  if (raw || !va || !vb) return 0;
  if (!fz_finite3(mv)) cl_set(mv, 0, 0, 0);
  fz_note(&sc, mv, 3);

  FZ_CHECK(ab == 0 || ab == 1, "intersects not boolean", ab);
  moderate = fz_moderate(&sc);
  /* near-touch checks only at moderate scale: [1e-3, 1e6] */
  delta = fz_delta(&a, &b, FZ_MARGIN * sc.maxabs, sc.maxabs);
  if (moderate && sc.maxabs >= 1e-3 && sc.maxabs <= 1e6) {
    int rba = fz_robust(&b, &a, delta);
    robust = fz_robust(&a, &b, delta);
    if (robust >= 0 && rba >= 0) FZ_CHECK(robust == rba, "intersects not symmetric", ab);
    if (robust < 0 || rba < 0) robust = -1;
  }
  if (ka == CL_PLANE && kb != CL_PLANE && kb != CL_RAY) {
    int c = cl_classify(&a.plane, &b);
    FZ_CHECK(c == -1 || c == 0 || c == 1, "classify range", c);
    /* beyond 1e100 a box's centre and extents can overflow (max - min),
    ** and the two answers come from NaN comparisons */
    /* a compound whose children lie on both sides classifies 0 untouched */
    if (moderate && kb != CL_COMPOUND)
      FZ_CHECK(ab == (c == 0), "intersects(plane, s) != (classify == 0)", c);
    if (moderate && kb == CL_COMPOUND && ab) FZ_CHECK(c == 0, "compound meets the plane, classify", c);
  }
  /* a compound's contact is its deepest child's: moving by it need not
  ** separate the others (and triangle children meet triangles without
  ** one), so only its values are checked */
  if (contactable(ka) && contactable(kb) && !(ka == CL_TRIANGLE && kb == CL_TRIANGLE))
    check_contact(&a, &b, moderate, delta,
                  ka == CL_COMPOUND || kb == CL_COMPOUND ? -1 : robust);
  if (measurable(ka) && measurable(kb)) check_distance(&a, &b, moderate, robust, sc.maxabs);
  if (movable(ka) && kb != CL_RAY) check_sweep(&a, mv, &b, moderate, robust, sc.maxabs);
  check_lines(&a, fz_moderate(&sc), sc.maxabs);
  /* derived shapes of valid shapes are finite */
  if (fz_moderate(&sc)) {
    cl_aabb bx;
    if (cl_bounds(&a, &bx)) {
      int k;
      FZ_CHECK(fz_nonan(bx.min, 3) && fz_nonan(bx.max, 3), "bounds NaN", 0);
      for (k = 0; k < 3; k++) FZ_CHECK(bx.min[k] <= bx.max[k], "bounds inverted", k);
      if (ka != CL_PLANE && ka != CL_RAY && kb != CL_PLANE && kb != CL_RAY) {
        /* whatever intersects b lies in bounds(a) too */
        cl_shape sb;
        sb.aabb = bx;
        if (ab && robust == 1) FZ_CHECK(fz_robust(&sb, &b, delta) != 0, "bounds miss", 0);
      }
    }
  }
  return 0;
}
