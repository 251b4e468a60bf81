// bench/bullet_heightfield.cpp - a reference for bench/heightfield.lua:
// Bullet's btHeightfieldTerrainShape (Debian's libbullet-dev) on the same
// heights and rays, the nearest hit by performRaycast (its grid walk, with
// the accelerator of min/max chunks built first) and a
// btTriangleRaycastCallback that shortens the ray to each hit. Quads are
// split along the same diagonal as collide's (flipQuadEdges).
//
// The data file: "heightfield C R sx sz ox oy oz", C * R heights (row by
// row), "rays N", N lines "ox oy oz dx dy dz tmax". Prints "name NAME",
// "build_s S", "us_per_ray US", then "hit RAY CELL" for each ray (from 1;
// cells numbered j * (C - 1) + i + 1, -1 for none: Bullet's ray walk
// names the cell of a hit, not which of its two triangles).
//
// usage: bullet_heightfield DATAFILE
#include <btBulletCollisionCommon.h>
#include <BulletCollision/CollisionShapes/btHeightfieldTerrainShape.h>
#include <BulletCollision/NarrowPhaseCollision/btRaycastCallback.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

namespace {

struct Nearest : btTriangleRaycastCallback {
  long cell = -1;
  long columns;
  Nearest(const btVector3 &from, const btVector3 &to, long c)
      : btTriangleRaycastCallback(from, to), columns(c) {}
  // the ray walk reports a triangle as part x of row j
  btScalar reportHit(const btVector3 &, btScalar fraction, int part, int row) override {
    if (fraction < m_hitFraction) cell = row * (columns - 1) + part + 1;
    return fraction;
  }
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char **argv) {
  FILE *f = argc >= 2 ? std::fopen(argv[1], "r") : nullptr;
  long c, r, nr;
  double sx, sz, o[3];
  if (!f || std::fscanf(f, " heightfield %ld %ld %lf %lf %lf %lf %lf", &c, &r, &sx, &sz, &o[0], &o[1], &o[2]) != 7) {
    std::fprintf(stderr, "usage: %s DATAFILE (written by bench/heightfield.lua)\n", argv[0]);
    return 2;
  }
  std::vector<float> h(static_cast<size_t>(c * r));
  for (auto &x : h) {
    double v;
    if (std::fscanf(f, "%lf", &v) != 1) return 2;
    x = static_cast<float>(v);
  }
  if (std::fscanf(f, " rays %ld", &nr) != 1) return 2;
  std::vector<double> rays(static_cast<size_t>(7 * nr));
  for (auto &x : rays)
    if (std::fscanf(f, "%lf", &x) != 1) return 2;
  std::fclose(f);

  auto t0 = std::chrono::steady_clock::now();
  float lo = *std::min_element(h.begin(), h.end()), hi = *std::max_element(h.begin(), h.end());
  btHeightfieldTerrainShape shape(static_cast<int>(c), static_cast<int>(r), h.data(), lo, hi, 1, true);
  shape.setLocalScaling(btVector3(static_cast<btScalar>(sx), 1, static_cast<btScalar>(sz)));
  shape.buildAccelerator();
  double build = seconds_since(t0);

  // the shape is centred on its bounds: world to local
  double shift[3] = {o[0] + (c - 1) * sx / 2, o[1] + (static_cast<double>(lo) + hi) / 2, o[2] + (r - 1) * sz / 2};
  double reach = 2 * ((c - 1) * sx + (r - 1) * sz + (hi - lo)) + 1;
  std::vector<long> hit(static_cast<size_t>(nr));
  t0 = std::chrono::steady_clock::now();
  for (long i = 0; i < nr; i++) {
    const double *q = &rays[static_cast<size_t>(7 * i)];
    double len = std::isinf(q[6]) ? reach + std::fabs(q[0] - shift[0]) + std::fabs(q[1] - shift[1]) +
                                        std::fabs(q[2] - shift[2])
                                  : q[6];
    btVector3 from(static_cast<btScalar>(q[0] - shift[0]), static_cast<btScalar>(q[1] - shift[1]),
                   static_cast<btScalar>(q[2] - shift[2]));
    btVector3 to(static_cast<btScalar>(q[0] + q[3] * len - shift[0]), static_cast<btScalar>(q[1] + q[4] * len - shift[1]),
                 static_cast<btScalar>(q[2] + q[5] * len - shift[2]));
    Nearest cb(from, to, c);
    shape.performRaycast(&cb, from, to);
    hit[static_cast<size_t>(i)] = cb.cell;
  }
  double per = seconds_since(t0) / static_cast<double>(nr) * 1e6;
  std::printf("name bullet-%d-heightfield\nbuild_s %.3f\nus_per_ray %.3f\n", BT_BULLET_VERSION, build, per);
  for (long i = 0; i < nr; i++) std::printf("hit %ld %ld\n", i + 1, hit[static_cast<size_t>(i)]);
  return 0;
}
