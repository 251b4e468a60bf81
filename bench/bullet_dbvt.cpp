// bench/bullet_dbvt.cpp - the reference for bench/scene.lua: Bullet's btDbvt
// (Debian's libbullet-dev) over the same items and rays. Each item's bounds
// go into a btDbvt leaf by btDbvt::insert (the dynamic tree, as ours is);
// each ray is a btDbvt::rayTest whose callback runs collide's own exact cast
// (the Lua-free C geometry, linked in) on every leaf the ray's segment
// touches and keeps the nearest hit, ties to the lower item. Built twice by
// mk/bench.mk: with Bullet's default float scalars and with its float64 build.
//
// usage: bullet_dbvt DATAFILE   (written by bench/scene.lua)
// prints: name, build_s, us_per_ray, then "hit RAY ITEM" per ray (-1: none)
#include <btBulletCollisionCommon.h>
#include <BulletCollision/BroadphaseCollision/btDbvt.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

extern "C" {
#include "collide/collide.h"
}

namespace {

struct Nearest : btDbvt::ICollide {
  const std::vector<cl_shape> *shapes;
  const cl_ray *ray;
  double best;
  long item;
  void Process(const btDbvtNode *leaf) override {
    long i = static_cast<long>(reinterpret_cast<intptr_t>(leaf->data));
    cl_hit h;
    if (cl_cast(ray, &(*shapes)[static_cast<size_t>(i)], 0, &h)
        && (item < 0 || h.t < best || (h.t == best && i < item))) {
      best = h.t;
      item = i;
    }
  }
};

bool read_shape(FILE *f, cl_shape *s) {
  char kind;
  double v[10];
  if (std::fscanf(f, " %c", &kind) != 1) return false;
  switch (kind) {
    case 'b':
      if (std::fscanf(f, "%lf %lf %lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]) != 6) return false;
      cl_aabb_init(&s->aabb, v, v + 3);
      return true;
    case 'o': {
      if (std::fscanf(f, "%lf %lf %lf %lf %lf %lf %lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3],
                      &v[4], &v[5], &v[6], &v[7], &v[8], &v[9]) != 10) return false;
      double q[4] = {v[6], v[7], v[8], v[9]};
      if (!cl_quat_normalize(q)) return false;
      cl_obb_init(&s->obb, v, v + 3, q);
      return true;
    }
    case 's':
      if (std::fscanf(f, "%lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3]) != 4) return false;
      cl_sphere_init(&s->sphere, v, v[3]);
      return true;
    case 't':
      if (std::fscanf(f, "%lf %lf %lf %lf %lf %lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3], &v[4],
                      &v[5], &v[6], &v[7], &v[8]) != 9) return false;
      cl_triangle_init(&s->tri, v, v + 3, v + 6);
      return true;
    default:
      return false;
  }
}

}  // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s DATAFILE\n", argv[0]);
    return 2;
  }
  FILE *f = std::fopen(argv[1], "r");
  if (!f) { std::perror(argv[1]); return 1; }
  long n = 0, nrays = 0;
  if (std::fscanf(f, "%ld", &n) != 1 || n <= 0) { std::fprintf(stderr, "bad item count\n"); return 1; }
  std::vector<cl_shape> shapes(static_cast<size_t>(n));
  for (long i = 0; i < n; i++) {
    if (!read_shape(f, &shapes[static_cast<size_t>(i)])) {
      std::fprintf(stderr, "bad item %ld\n", i + 1);
      return 1;
    }
  }
  if (std::fscanf(f, "%ld", &nrays) != 1 || nrays <= 0) { std::fprintf(stderr, "bad ray count\n"); return 1; }
  std::vector<cl_ray> rays(static_cast<size_t>(nrays));
  for (long i = 0; i < nrays; i++) {
    double o[3], d[3], len;
    if (std::fscanf(f, "%lf %lf %lf %lf %lf %lf %lf", &o[0], &o[1], &o[2], &d[0], &d[1], &d[2], &len) != 7
        || !cl_ray_init(&rays[static_cast<size_t>(i)], o, d, len)) {
      std::fprintf(stderr, "bad ray %ld\n", i + 1);
      return 1;
    }
  }
  std::fclose(f);

  using clock = std::chrono::steady_clock;
  btDbvt tree;
  auto t0 = clock::now();
  for (long i = 0; i < n; i++) {
    cl_aabb b;
    cl_bounds(&shapes[static_cast<size_t>(i)], &b);
    btDbvtVolume vol = btDbvtVolume::FromMM(btVector3(btScalar(b.min[0]), btScalar(b.min[1]), btScalar(b.min[2])),
                                            btVector3(btScalar(b.max[0]), btScalar(b.max[1]), btScalar(b.max[2])));
    tree.insert(vol, reinterpret_cast<void *>(static_cast<intptr_t>(i)));
  }
  double build = std::chrono::duration<double>(clock::now() - t0).count();

  std::vector<long> hits(static_cast<size_t>(nrays));
  Nearest cb;
  cb.shapes = &shapes;
  t0 = clock::now();
  for (long i = 0; i < nrays; i++) {
    const cl_ray &r = rays[static_cast<size_t>(i)];
    btVector3 from(btScalar(r.o[0]), btScalar(r.o[1]), btScalar(r.o[2]));
    btVector3 to(btScalar(r.o[0] + r.d[0] * r.tmax), btScalar(r.o[1] + r.d[1] * r.tmax),
                 btScalar(r.o[2] + r.d[2] * r.tmax));
    cb.ray = &r;
    cb.item = -1;
    cb.best = 0;
    btDbvt::rayTest(tree.m_root, from, to, cb);
    hits[static_cast<size_t>(i)] = cb.item;
  }
  double cast = std::chrono::duration<double>(clock::now() - t0).count();

  std::printf("name btDbvt-%s\n", sizeof(btScalar) == sizeof(double) ? "float64" : "float");
  std::printf("build_s %.6f\n", build);
  std::printf("us_per_ray %.3f\n", cast / static_cast<double>(nrays) * 1e6);
  for (long i = 0; i < nrays; i++)
    std::printf("hit %ld %ld\n", i + 1, hits[static_cast<size_t>(i)] < 0 ? -1 : hits[static_cast<size_t>(i)] + 1);
  return 0;
}
