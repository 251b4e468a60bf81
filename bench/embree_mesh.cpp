// bench/embree_mesh.cpp - a reference for bench/mesh.lua: Embree 3
// (Debian's libembree-dev) on the same mesh and rays, one thread, one
// rtcIntersect1 per ray (single precision: Embree has no other).
//
// usage: embree_mesh DATAFILE   (format and output: bench/mesh_ref.h)
#include <embree3/rtcore.h>

#include <cmath>
#include <cstdio>

#include "mesh_ref.h"

int main(int argc, char **argv) {
  MeshData m;
  if (!load_mesh_data(argc, argv, m)) return 2;
  size_t nv = m.v.size() / 3, nt = m.tri.size() / 3, nr = m.rays.size() / 7;
  RTCDevice device = rtcNewDevice("threads=1");
  if (!device) return 1;
  auto t0 = std::chrono::steady_clock::now();
  RTCScene scene = rtcNewScene(device);
  RTCGeometry geom = rtcNewGeometry(device, RTC_GEOMETRY_TYPE_TRIANGLE);
  float *vb = static_cast<float *>(rtcSetNewGeometryBuffer(geom, RTC_BUFFER_TYPE_VERTEX, 0,
                                                           RTC_FORMAT_FLOAT3, 3 * sizeof(float), nv));
  unsigned *ib = static_cast<unsigned *>(rtcSetNewGeometryBuffer(geom, RTC_BUFFER_TYPE_INDEX, 0,
                                                                 RTC_FORMAT_UINT3, 3 * sizeof(unsigned), nt));
  for (size_t i = 0; i < 3 * nv; i++) vb[i] = static_cast<float>(m.v[i]);
  for (size_t i = 0; i < 3 * nt; i++) ib[i] = m.tri[i];
  rtcCommitGeometry(geom);
  rtcAttachGeometry(scene, geom);
  rtcReleaseGeometry(geom);
  rtcCommitScene(scene);
  double build = seconds_since(t0);

  std::vector<long> hit(nr);
  RTCIntersectContext context;
  rtcInitIntersectContext(&context);
  t0 = std::chrono::steady_clock::now();
  for (size_t i = 0; i < nr; i++) {
    const double *r = &m.rays[7 * i];
    RTCRayHit rh;
    rh.ray.org_x = static_cast<float>(r[0]);
    rh.ray.org_y = static_cast<float>(r[1]);
    rh.ray.org_z = static_cast<float>(r[2]);
    rh.ray.dir_x = static_cast<float>(r[3]);
    rh.ray.dir_y = static_cast<float>(r[4]);
    rh.ray.dir_z = static_cast<float>(r[5]);
    rh.ray.tnear = 0.0f;
    rh.ray.tfar = std::isinf(r[6]) ? INFINITY : static_cast<float>(r[6]);
    rh.ray.mask = ~0u;
    rh.ray.flags = 0;
    rh.ray.time = 0.0f;
    rh.hit.geomID = RTC_INVALID_GEOMETRY_ID;
    rtcIntersect1(scene, &context, &rh);
    hit[i] = rh.hit.geomID == RTC_INVALID_GEOMETRY_ID ? -1 : static_cast<long>(rh.hit.primID) + 1;
  }
  double per = seconds_since(t0) / static_cast<double>(nr) * 1e6;
  std::printf("name embree-%d.%d.%d\nbuild_s %.3f\nus_per_ray %.3f\n", RTC_VERSION_MAJOR,
              RTC_VERSION_MINOR, RTC_VERSION_PATCH, build, per);
  for (size_t i = 0; i < nr; i++) std::printf("hit %zu %ld\n", i + 1, hit[i]);
  rtcReleaseScene(scene);
  rtcReleaseDevice(device);
  return 0;
}
