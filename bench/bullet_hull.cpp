// bench/bullet_hull.cpp - the reference for bench/hull.lua: Bullet's
// btConvexHullShape and btBoxShape (double precision, margins 0) with
// btGjkPairDetector (btVoronoiSimplexSolver, btGjkEpaPenetrationDepthSolver)
// on the pairs bench/hull.lua writes to the file named by argv[1]:
//   hulls H, then each hull: n and n points (x y z)
//   pairs P, then each pair: kind (0 hull-hull, 1 hull-box), a's hull,
//     b's hull (kind 0) or half extents (kind 1), a's position and
//     quaternion (x y z w), b's
//   rounds R
// prints one line per pair, Bullet's distance (negative: the penetration
// depth), then "ns_hull_hull X" and "ns_hull_box X": nanoseconds per
// getClosestPoints over R rounds of the pairs of that kind.
#include <btBulletCollisionCommon.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btPointCollector.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <vector>

namespace {

struct Pair {
  int kind;
  btConvexShape *a, *b;
  btTransform ta, tb;
};

double query(const Pair &p) {
  btVoronoiSimplexSolver simplex;
  btGjkEpaPenetrationDepthSolver epa;
  btGjkPairDetector gjk(p.a, p.b, &simplex, &epa);
  btGjkPairDetector::ClosestPointInput in;
  in.m_transformA = p.ta;
  in.m_transformB = p.tb;
  btPointCollector out;
  gjk.getClosestPoints(in, out, nullptr);
  return out.m_hasResult ? static_cast<double>(out.m_distance) : 1e300;
}

btTransform read_pose(FILE *f) {
  double x, y, z, qx, qy, qz, qw;
  if (std::fscanf(f, "%lf %lf %lf %lf %lf %lf %lf", &x, &y, &z, &qx, &qy, &qz, &qw) != 7) std::exit(2);
  return btTransform(btQuaternion(qx, qy, qz, qw), btVector3(x, y, z));
}

}  // namespace

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  FILE *f = std::fopen(argv[1], "r");
  if (!f) return 2;
  int nh = 0, np = 0, rounds = 1;
  std::vector<std::unique_ptr<btConvexHullShape>> hulls;
  std::vector<std::unique_ptr<btBoxShape>> boxes;
  if (std::fscanf(f, " hulls %d", &nh) != 1) return 2;
  for (int i = 0; i < nh; i++) {
    int n;
    if (std::fscanf(f, "%d", &n) != 1) return 2;
    auto h = std::make_unique<btConvexHullShape>();
    for (int k = 0; k < n; k++) {
      double x, y, z;
      if (std::fscanf(f, "%lf %lf %lf", &x, &y, &z) != 3) return 2;
      h->addPoint(btVector3(x, y, z), false);
    }
    h->recalcLocalAabb();
    h->setMargin(0);
    hulls.push_back(std::move(h));
  }
  if (std::fscanf(f, " pairs %d", &np) != 1) return 2;
  std::vector<Pair> pairs;
  for (int i = 0; i < np; i++) {
    Pair p;
    int ia;
    if (std::fscanf(f, "%d %d", &p.kind, &ia) != 2) return 2;
    p.a = hulls[static_cast<size_t>(ia)].get();
    if (p.kind == 0) {
      int ib;
      if (std::fscanf(f, "%d", &ib) != 1) return 2;
      p.b = hulls[static_cast<size_t>(ib)].get();
    } else {
      double x, y, z;
      if (std::fscanf(f, "%lf %lf %lf", &x, &y, &z) != 3) return 2;
      auto b = std::make_unique<btBoxShape>(btVector3(x, y, z));
      b->setMargin(0);
      p.b = b.get();
      boxes.push_back(std::move(b));
    }
    p.ta = read_pose(f);
    p.tb = read_pose(f);
    pairs.push_back(p);
  }
  if (std::fscanf(f, " rounds %d", &rounds) != 1) return 2;
  std::fclose(f);
  for (const Pair &p : pairs) std::printf("%.17g\n", query(p));
  for (int kind = 0; kind < 2; kind++) {
    double sink = 0;
    long calls = 0;
    auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < rounds; r++)
      for (const Pair &p : pairs)
        if (p.kind == kind) { sink += query(p); calls++; }
    auto t1 = std::chrono::steady_clock::now();
    double ns = std::chrono::duration<double, std::nano>(t1 - t0).count() / (calls ? calls : 1);
    std::printf("%s %.1f\n", kind == 0 ? "ns_hull_hull" : "ns_hull_box", ns);
    if (sink == 12345.678) std::printf("%g\n", sink);
  }
  return 0;
}
