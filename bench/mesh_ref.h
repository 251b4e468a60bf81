// bench/mesh_ref.h - what the mesh references (bench/embree_mesh.cpp,
// bench/bullet_mesh.cpp) share: reading the data file bench/mesh.lua writes
// and the clock.
//
// The file: "mesh NV NT", NV lines "x y z", NT lines "a b c" (vertex
// indices from 0), "rays NR", NR lines "ox oy oz dx dy dz tmax" (d unit,
// tmax may be inf). A reference prints "name NAME", "build_s S",
// "us_per_ray US", then "hit RAY TRIANGLE" for each ray (from 1; triangles
// from 1, -1 for none).
#ifndef COLLIDE_BENCH_MESH_REF_H
#define COLLIDE_BENCH_MESH_REF_H

#include <chrono>
#include <cstdio>
#include <vector>

struct MeshData {
  std::vector<double> v;        // 3 per vertex
  std::vector<unsigned> tri;    // 3 per triangle
  std::vector<double> rays;     // 7 per ray
};

inline bool read_mesh_data(const char *path, MeshData &m) {
  FILE *f = std::fopen(path, "r");
  if (!f) return false;
  unsigned long nv, nt, nr;
  bool ok = std::fscanf(f, " mesh %lu %lu", &nv, &nt) == 2;
  m.v.resize(3 * nv);
  for (unsigned long i = 0; ok && i < 3 * nv; i++) ok = std::fscanf(f, "%lf", &m.v[i]) == 1;
  m.tri.resize(3 * nt);
  for (unsigned long i = 0; ok && i < 3 * nt; i++) ok = std::fscanf(f, "%u", &m.tri[i]) == 1 && m.tri[i] < nv;
  ok = ok && std::fscanf(f, " rays %lu", &nr) == 1;
  if (ok) m.rays.resize(7 * nr);
  for (unsigned long i = 0; ok && i < 7 * nr; i++) ok = std::fscanf(f, "%lf", &m.rays[i]) == 1;
  std::fclose(f);
  return ok;
}

// the file named by the command line's first argument; a usage line when
// there is none or it cannot be read
inline bool load_mesh_data(int argc, char **argv, MeshData &m) {
  if (argc >= 2 && read_mesh_data(argv[1], m)) return true;
  std::fprintf(stderr, "usage: %s DATAFILE (written by bench/mesh.lua)\n", argv[0]);
  return false;
}

inline double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

#endif
