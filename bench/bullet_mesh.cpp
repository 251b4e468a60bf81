// bench/bullet_mesh.cpp - a reference for bench/mesh.lua: Bullet's
// btBvhTriangleMeshShape (Debian's libbullet-dev, float or its float64
// build) on the same mesh and rays, the nearest hit by performRaycast with
// a btTriangleRaycastCallback that shortens the ray to each hit.
//
// usage: bullet_mesh DATAFILE   (format and output: bench/mesh_ref.h)
#include <btBulletCollisionCommon.h>
#include <BulletCollision/NarrowPhaseCollision/btRaycastCallback.h>

#include <cmath>
#include <cstdio>

#include "mesh_ref.h"

namespace {

struct Nearest : btTriangleRaycastCallback {
  long triangle = -1;
  Nearest(const btVector3 &from, const btVector3 &to) : btTriangleRaycastCallback(from, to) {}
  btScalar reportHit(const btVector3 &, btScalar fraction, int, int index) override {
    if (fraction < m_hitFraction) triangle = index + 1;
    return fraction;   // the ray ends here from now on
  }
};

}  // namespace

int main(int argc, char **argv) {
  MeshData m;
  if (!load_mesh_data(argc, argv, m)) return 2;
  size_t nv = m.v.size() / 3, nt = m.tri.size() / 3, nr = m.rays.size() / 7;
  std::vector<btScalar> v(3 * nv);
  for (size_t i = 0; i < 3 * nv; i++) v[i] = static_cast<btScalar>(m.v[i]);
  std::vector<int> idx(m.tri.begin(), m.tri.end());
  auto t0 = std::chrono::steady_clock::now();
  btTriangleIndexVertexArray array(static_cast<int>(nt), idx.data(), 3 * sizeof(int),
                                   static_cast<int>(nv), v.data(), 3 * sizeof(btScalar));
  btBvhTriangleMeshShape shape(&array, true);
  double build = seconds_since(t0);

  // a ray of infinite length ends beyond the mesh's bounds
  btVector3 lo, hi;
  shape.getAabb(btTransform::getIdentity(), lo, hi);
  double reach = 2 * static_cast<double>((hi - lo).length()) + 1;
  std::vector<long> hit(nr);
  t0 = std::chrono::steady_clock::now();
  for (size_t i = 0; i < nr; i++) {
    const double *r = &m.rays[7 * i];
    btVector3 o(static_cast<btScalar>(r[0]), static_cast<btScalar>(r[1]), static_cast<btScalar>(r[2]));
    double len = std::isinf(r[6]) ? reach + std::fabs(r[0]) + std::fabs(r[1]) + std::fabs(r[2]) : r[6];
    btVector3 to(static_cast<btScalar>(r[0] + r[3] * len), static_cast<btScalar>(r[1] + r[4] * len),
                 static_cast<btScalar>(r[2] + r[5] * len));
    Nearest cb(o, to);
    shape.performRaycast(&cb, o, to);
    hit[i] = cb.triangle;
  }
  double per = seconds_since(t0) / static_cast<double>(nr) * 1e6;
  std::printf("name bullet-%d%s\nbuild_s %.3f\nus_per_ray %.3f\n", BT_BULLET_VERSION,
              sizeof(btScalar) == 8 ? "-float64" : "-float", build, per);
  for (size_t i = 0; i < nr; i++) std::printf("hit %zu %ld\n", i + 1, hit[i]);
  return 0;
}
