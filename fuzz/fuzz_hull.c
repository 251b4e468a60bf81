/*
** fuzz_hull.c - quickhull (cl_hull_build) on arbitrary points, and the
** placed hull against a shape of every kind.
**
** Input: a mode byte (bit 0: repeat earlier points, bit 1: flatten one
** coordinate, which gives coplanar and nearly coplanar sets), a count
** byte (4 to 32 points), the points, the hull's position and rotation, a
** kind byte and the other shape (a second hull: the same points placed
** again).
** Properties, for finite points whose hull builds:
**  - every face normal unit and every d finite; every input point inside
**    or within the build tolerance of every face plane; every vertex an
**    input point; at least four vertices (V - E + F = 2 is checked by the
**    build itself);
**  - with moderate inputs, no NaN from intersects, contact (a unit normal,
**    a finite depth >= 0), distance (>= 0), a ray cast (t in [0, tmax]),
**    a sweep of the hull (t in [0, 1], a unit normal), the closest point;
**    a contained point is at distance 0.
*/
#include "fuzz_common.h"
#include "collide/hull.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAXP 32

static void check_built(const cl_hull_data *d, const double *p, int n, const fz_scale *sc) {
  double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
  double ext = 0, tol;
  int i, k, f;
  for (i = 0; i < n; i++)
    for (k = 0; k < 3; k++) {
      lo[k] = fmin(lo[k], p[3 * i + k]);
      hi[k] = fmax(hi[k], p[3 * i + k]);
    }
  for (k = 0; k < 3; k++) ext = fmax(ext, hi[k] / 2 - lo[k] / 2);
  tol = 1e-8 * ext + 1e-12 * sc->maxabs;
  FZ_CHECK(d->nv >= 4 && d->nf >= 4 && d->nv <= CL_HULL_MAX_VERTICES, "hull counts", d->nv);
  for (f = 0; f < d->nf; f++) {
    fz_check_unit(d->plane[f], "face normal");
    FZ_CHECK(isfinite(d->plane[f][3]), "face d", d->plane[f][3]);
    for (i = 0; i < n; i++) {
      double h = cl_dot(d->plane[f], p + 3 * i) - d->plane[f][3];
      FZ_CHECK(h <= tol, "point above a face", h / (tol > 0 ? tol : 1));
    }
  }
  for (i = 0; i < d->nv; i++) {
    int found = 0;
    for (k = 0; k < n && !found; k++)
      found = d->v[i][0] == p[3 * k] && d->v[i][1] == p[3 * k + 1] && d->v[i][2] == p[3 * k + 2];
    FZ_CHECK(found, "vertex not an input point", i);
  }
}

static void queries(const cl_shape *h, const cl_shape *s, fz_in *in) {
  double n[3], depth, pa[3], pb[3], x[3], q[3], d[3];
  cl_hit hit;
  (void)cl_intersects(h, s);
  (void)cl_intersects(s, h);
  if (s->tag != CL_RAY && cl_contact(h, s, n, &depth)) {
    cl_contacts mf;
    int i, c = cl_manifold(h, s, &mf);
    if (s->tag != CL_PLANE) fz_check_unit(n, "contact normal");
    FZ_CHECK(isfinite(depth) && depth >= 0, "contact depth", depth);
    FZ_CHECK(c >= 1 && c <= 4, "manifold count", c);
    for (i = 0; i < c && i < 4; i++)
      FZ_CHECK(fz_nonan(mf.p[i].p, 3) && isfinite(mf.p[i].depth), "manifold point", mf.p[i].depth);
  }
  if (s->tag != CL_RAY && s->tag != CL_PLANE) {
    double dist = cl_shape_distance(h, s, pa, pb);
    FZ_CHECK(dist >= 0 && fz_nonan(pa, 3) && fz_nonan(pb, 3), "distance", dist);
  }
  if (s->tag == CL_RAY && cl_cast(&s->ray, h, 0, &hit)) {
    FZ_CHECK(hit.t >= 0 && hit.t <= s->ray.tmax, "cast t", hit.t);
    fz_check_unit(hit.n, "cast normal");
  }
  fz_vec(in, d);
  if (s->tag != CL_RAY && fz_finite3(d) && cl_maxabs3(d) <= 1e6 && cl_sweep(h, d, s, &hit)) {
    FZ_CHECK(hit.t >= 0 && hit.t <= 1, "sweep t", hit.t);
    fz_check_unit(hit.n, "sweep normal");
  }
  fz_vec(in, x);
  if (fz_finite3(x) && cl_maxabs3(x) <= 1e6) {
    cl_closest_point(h, x, q);
    FZ_CHECK(fz_nonan(q, 3), "closest point", 0);
    if (cl_contains(h, x)) FZ_CHECK(cl_distance(h, x) == 0, "contained point at a distance", 0);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in;
  fz_scale sc;
  double p[3 * MAXP], c[3], qt[4];
  int mode, n, i, r, kind;
  size_t ws;
  void *work, *buf;
  cl_hull_counts cnt;
  const cl_hull_data *hd;
  cl_shape h, s;
  in.p = data; in.n = size;
  sc.maxabs = 0; sc.minabs = INFINITY;
  mode = fz_byte(&in);
  n = 4 + fz_byte(&in) % (MAXP - 3);
  for (i = 0; i < n; i++) {
    if ((mode & 1) && i > 3 && (fz_byte(&in) & 3) == 0) {
      memcpy(p + 3 * i, p + 3 * (fz_byte(&in) % i), 3 * sizeof(double));
      continue;
    }
    fz_vec(&in, p + 3 * i);
    if (mode & 2) p[3 * i + 2] = p[3 * i + 2] * 1e-10;
    if (!fz_finite3(p + 3 * i)) return 0;     /* the binding refuses them */
    fz_note(&sc, p + 3 * i, 3);
  }
  ws = cl_hull_work_size((size_t)n);
  work = malloc(ws);
  if (work == NULL) return 0;
  r = cl_hull_build(p, (size_t)n, work, &cnt);
  if (r != 0) { free(work); return 0; }
  buf = malloc(cl_hull_data_size(&cnt));
  if (buf == NULL) { free(work); return 0; }
  hd = cl_hull_store(work, p, buf);
  free(work);
  check_built(hd, p, n, &sc);
  fz_vec(&in, c);
  for (i = 0; i < 4; i++) qt[i] = fz_double(&in);
  if (!fz_finite3(c) || !isfinite(qt[0]) || !isfinite(qt[1]) || !isfinite(qt[2])
      || !isfinite(qt[3]) || !cl_quat_normalize(qt)) {
    cl_set(c, 0, 0, 0);
    qt[0] = qt[1] = qt[2] = 0; qt[3] = 1;
  }
  fz_note(&sc, c, 3);
  cl_hull_init(&h.hull, hd, c, qt);
  kind = fz_byte(&in) % CL_NKINDS;
  if (kind == CL_HULL) {
    double c2[3];
    fz_vec(&in, c2);
    if (!fz_finite3(c2)) cl_set(c2, 1, 0, 0);
    fz_note(&sc, c2, 3);
    cl_hull_init(&s.hull, hd, c2, qt);
  } else if (!fz_shape(&in, &s, kind, 0, &sc)) {
    free(buf);
    return 0;
  }
  if (fz_moderate(&sc) && sc.maxabs <= 1e12 && cl_hull_scale(&h.hull) < 1e12) queries(&h, &s, &in);
  free(buf);
  return 0;
}
