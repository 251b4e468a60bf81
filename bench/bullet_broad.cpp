// bench/bullet_broad.cpp - the reference for bench/broad.lua: Bullet's
// broad phase (Debian's libbullet-dev) on the same boxes, moved the same way.
// The boxes come from the same generator as bench/broad.lua (Park-Miller,
// the same numbers in both), so both programs see the same scenes:
//   frames N F MOVING   N boxes, F frames, every MOVING-th one moving:
//                       btDbvtBroadphase with a btSortedOverlappingPairCache,
//                       setAabb for the moving ones and
//                       calculateOverlappingPairs each frame; bytes per proxy
//                       allocated through Bullet's allocator
//   tree N Q            btDbvt::insert of N boxes (and the bytes they
//                       took), then Q 20-unit box queries
//                       (btDbvt::collideTV) and Q rays 50-400 long
//                       (btDbvt::rayTest), counting the leaves met
// prints "key value" lines
#include <btBulletCollisionCommon.h>
#include <BulletCollision/BroadphaseCollision/btDbvt.h>
#include <BulletCollision/BroadphaseCollision/btDbvtBroadphase.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

long long seed = 20261124;
double rnd() {
  seed = seed * 48271 % 2147483647;
  return static_cast<double>(seed) / 2147483647.0;
}

// bytes live through Bullet's allocator
long long live_bytes = 0;
void *count_alloc(size_t size) {
  void *p = std::malloc(size + 16);
  if (!p) return nullptr;
  *static_cast<size_t *>(p) = size;
  live_bytes += static_cast<long long>(size);
  return static_cast<char *>(p) + 16;
}
void count_free(void *p) {
  if (!p) return;
  char *base = static_cast<char *>(p) - 16;
  live_bytes -= static_cast<long long>(*reinterpret_cast<size_t *>(base));
  std::free(base);
}

double world_for(long n) { return 1000.0 * std::cbrt(static_cast<double>(n) / 100000.0); }

struct Box { double p[3], v[3], e; };

std::vector<Box> make_boxes(long n, double w) {
  std::vector<Box> b(static_cast<size_t>(n));
  for (auto &x : b) {
    for (int k = 0; k < 3; k++) x.p[k] = rnd() * w;
    x.e = 0.5 + 2 * rnd();
    for (int k = 0; k < 3; k++) x.v[k] = (2 * rnd() - 1) * 0.5;
  }
  return b;
}

void step(Box &x, double w) {
  for (int k = 0; k < 3; k++) {
    x.p[k] += x.v[k];
    if (x.p[k] < 0 || x.p[k] > w) x.v[k] = -x.v[k];
  }
}

btVector3 lo(const Box &x) { return btVector3(btScalar(x.p[0] - x.e), btScalar(x.p[1] - x.e), btScalar(x.p[2] - x.e)); }
btVector3 hi(const Box &x) { return btVector3(btScalar(x.p[0] + x.e), btScalar(x.p[1] + x.e), btScalar(x.p[2] + x.e)); }

using clk = std::chrono::steady_clock;
double since(clk::time_point t0) { return std::chrono::duration<double>(clk::now() - t0).count(); }

int frames(long n, int nframes, long every) {
  double w = world_for(n);
  std::vector<Box> boxes = make_boxes(n, w);
  long long before = live_bytes;
  btSortedOverlappingPairCache *cache = new btSortedOverlappingPairCache();
  btDbvtBroadphase *bp = new btDbvtBroadphase(cache);
  btDispatcher *none = nullptr;
  std::vector<btBroadphaseProxy *> proxies(static_cast<size_t>(n));
  for (long i = 0; i < n; i++)
    proxies[static_cast<size_t>(i)] = bp->createProxy(lo(boxes[static_cast<size_t>(i)]), hi(boxes[static_cast<size_t>(i)]),
                                                      0, reinterpret_cast<void *>(i), 1, 1, none);
  bp->calculateOverlappingPairs(none);
  double total = 0;
  for (int f = 0; f < nframes; f++) {
    auto t0 = clk::now();
    for (long i = 0; i < n; i += every) {
      Box &x = boxes[static_cast<size_t>(i)];
      step(x, w);
      bp->setAabb(proxies[static_cast<size_t>(i)], lo(x), hi(x), none);
    }
    bp->calculateOverlappingPairs(none);
    total += since(t0);
  }
  std::printf("frame_ms %.4f\n", total / nframes * 1e3);
  std::printf("pairs %d\n", cache->getNumOverlappingPairs());
  std::printf("bytes_per_item %.1f\n", static_cast<double>(live_bytes - before) / static_cast<double>(n));
  return 0;
}

struct Count : btDbvt::ICollide {
  long n = 0;
  void Process(const btDbvtNode *) override { n++; }
};

int tree(long n, long q) {
  double w = world_for(n);
  std::vector<Box> boxes = make_boxes(n, w);
  btDbvt t;
  long long before = live_bytes;
  auto t0 = clk::now();
  for (long i = 0; i < n; i++) {
    const Box &x = boxes[static_cast<size_t>(i)];
    t.insert(btDbvtVolume::FromMM(lo(x), hi(x)), reinterpret_cast<void *>(i));
  }
  std::printf("insert_us %.4f\n", since(t0) / n * 1e6);
  std::printf("tree_bytes_per_item %.1f\n", static_cast<double>(live_bytes - before) / static_cast<double>(n));
  std::vector<btDbvtVolume> qs;
  for (long i = 0; i < q; i++) {
    double x = rnd() * (w - 20), y = rnd() * (w - 20), z = rnd() * (w - 20);
    qs.push_back(btDbvtVolume::FromMM(btVector3(btScalar(x), btScalar(y), btScalar(z)),
                                      btVector3(btScalar(x + 20), btScalar(y + 20), btScalar(z + 20))));
  }
  Count c;
  t0 = clk::now();
  for (const auto &v : qs) t.collideTV(t.m_root, v, c);
  std::printf("query_us %.4f\n", since(t0) / q * 1e6);
  std::printf("query_found %ld\n", c.n);
  std::vector<btVector3> from, to;
  for (long i = 0; i < q; i++) {
    double o[3], d[3], l = 0;
    for (int k = 0; k < 3; k++) o[k] = rnd() * w;
    for (int k = 0; k < 3; k++) { d[k] = 2 * rnd() - 1; l += d[k] * d[k]; }
    l = std::sqrt(l);
    double len = 50 + 350 * rnd();
    from.emplace_back(btScalar(o[0]), btScalar(o[1]), btScalar(o[2]));
    to.emplace_back(btScalar(o[0] + d[0] / l * len), btScalar(o[1] + d[1] / l * len), btScalar(o[2] + d[2] / l * len));
  }
  Count r;
  t0 = clk::now();
  for (long i = 0; i < q; i++) btDbvt::rayTest(t.m_root, from[static_cast<size_t>(i)], to[static_cast<size_t>(i)], r);
  std::printf("ray_us %.4f\n", since(t0) / q * 1e6);
  std::printf("ray_found %ld\n", r.n);
  return 0;
}

}  // namespace

int main(int argc, char **argv) {
  btAlignedAllocSetCustom(count_alloc, count_free);
  if (argc == 5 && std::strcmp(argv[1], "frames") == 0)
    return frames(std::atol(argv[2]), std::atoi(argv[3]), std::atol(argv[4]));
  if (argc == 4 && std::strcmp(argv[1], "tree") == 0)
    return tree(std::atol(argv[2]), std::atol(argv[3]));
  std::fprintf(stderr, "usage: %s frames N F MOVING | tree N Q\n", argv[0]);
  return 2;
}
