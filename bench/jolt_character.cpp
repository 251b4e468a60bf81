// bench/jolt_character.cpp: Jolt Physics' CharacterVirtual compiled
// natively (third_party/jolt, built by mk/bench-world.mk with its own Release
// flags for this CPU) walking the levels of bench/world.lua: the native
// peer of bench/jolt_character.mjs, which runs its WebAssembly build.
//
//   build/bench/jolt_character LEVELS
//
// LEVELS is the file `lua bench/world.lua dump LEVELS` writes. Everything
// is as in bench/jolt_character.mjs: the same physics system and layers,
// exact boxes (no convex radius), the terrain as one MeshShape, the
// character as a capsule raised so that its position is the feet, the same
// CharacterVirtualSettings and ExtendedUpdateSettings, the same 60 Hz game
// loop (the game keeps the vertical speed: gravity while not on the ground,
// 0 on it). Each level is walked 1 + WORLD_REPS times with a fresh
// character, the first walk not timed, the best of the others kept. Timed
// as processor time (CLOCK_PROCESS_CPUTIME_ID, as os.clock on the Lua
// side), in µs per update. Prints `key value...` lines as bench/world.lua
// measure does, under the name JoltNative.
#include <Jolt/Jolt.h>

#include <Jolt/Core/Factory.h>
#include <Jolt/Core/Memory.h>
#include <Jolt/Core/TempAllocator.h>
#include <Jolt/Physics/Body/BodyCreationSettings.h>
#include <Jolt/Physics/Character/CharacterVirtual.h>
#include <Jolt/Physics/Collision/BroadPhase/BroadPhaseLayerInterfaceTable.h>
#include <Jolt/Physics/Collision/BroadPhase/ObjectVsBroadPhaseLayerFilterTable.h>
#include <Jolt/Physics/Collision/ObjectLayerPairFilterTable.h>
#include <Jolt/Physics/Collision/Shape/BoxShape.h>
#include <Jolt/Physics/Collision/Shape/CapsuleShape.h>
#include <Jolt/Physics/Collision/Shape/MeshShape.h>
#include <Jolt/Physics/Collision/Shape/RotatedTranslatedShape.h>
#include <Jolt/Physics/PhysicsSystem.h>
#include <Jolt/RegisterTypes.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

using namespace JPH;

namespace {

struct Level {
  std::string name;
  int count = 0;
  double start[3] = { 0, 0, 0 };
  std::vector<std::vector<double>> boxes;
  std::vector<float> vertices;
  std::vector<uint32> indices;
};

struct Settings {
  double radius = 0, height = 0, step = 0, slope = 0;
};

const double DT = 1.0 / 60.0;
const double G = 9.81;
const ObjectLayer LAYER_STATIC = 0, LAYER_MOVING = 1;

double cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

// the physics system of the JavaScript binding's JoltInterface with the
// script's settings: two object layers, each in its own broad phase layer
struct World {
  ObjectLayerPairFilterTable pairs{ 2 };
  BroadPhaseLayerInterfaceTable bp{ 2, 2 };
  ObjectVsBroadPhaseLayerFilterTable *obp = nullptr;
  PhysicsSystem system;

  explicit World(uint nbodies) {
    pairs.EnableCollision(LAYER_STATIC, LAYER_MOVING);
    pairs.EnableCollision(LAYER_MOVING, LAYER_MOVING);
    bp.MapObjectToBroadPhaseLayer(LAYER_STATIC, BroadPhaseLayer(0));
    bp.MapObjectToBroadPhaseLayer(LAYER_MOVING, BroadPhaseLayer(1));
    obp = new ObjectVsBroadPhaseLayerFilterTable(bp, 2, pairs, 2);
    system.Init(nbodies + 16, 0, 1024, 1024, bp, *obp, pairs);
  }
  ~World() { delete obp; }
};

void add_static(BodyInterface &bodies, const Shape *shape, double x, double y, double z, Quat q) {
  BodyCreationSettings cs(shape, RVec3(Real(x), Real(y), Real(z)), q, EMotionType::Static, LAYER_STATIC);
  bodies.CreateAndAddBody(cs, EActivation::DontActivate);
}

void build(World &w, const Level &level) {
  BodyInterface &bodies = w.system.GetBodyInterface();
  for (const std::vector<double> &b : level.boxes) {
    double a = b[6] * M_PI / 180;
    // exact boxes, as collide's: no convex radius rounding the edges
    Shape *shape = new BoxShape(Vec3(float(b[3]), float(b[4]), float(b[5])), 0.0f);
    add_static(bodies, shape, b[0], b[1], b[2], Quat(0, 0, float(std::sin(a / 2)), float(std::cos(a / 2))));
  }
  if (!level.vertices.empty()) {
    VertexList v;
    for (size_t i = 0; i + 2 < level.vertices.size(); i += 3)
      v.push_back(Float3(level.vertices[i], level.vertices[i + 1], level.vertices[i + 2]));
    IndexedTriangleList t;
    for (size_t i = 0; i + 2 < level.indices.size(); i += 3)
      t.push_back(IndexedTriangle(level.indices[i], level.indices[i + 1], level.indices[i + 2], 0));
    Ref<MeshShapeSettings> ms = new MeshShapeSettings(v, t, PhysicsMaterialList());
    Shape::ShapeResult r = ms->Create();
    if (r.HasError()) {
      std::fprintf(stderr, "mesh: %s\n", r.GetError().c_str());
      std::exit(1);
    }
    add_static(bodies, r.Get(), 0, 0, 0, Quat::sIdentity());
  }
  w.system.OptimizeBroadPhase();
}

// the character as Jolt's own CharacterVirtual sample sets it up: the
// capsule raised so that the position is the feet, contacts below the
// bottom sphere's centre supporting; CapsuleShape takes the half height
// of the cylinder part
CharacterVirtual *make_character(World &w, const Settings &c, const double *p) {
  float radius = float(c.radius), height = float(c.height);
  // (settings are reference counted: made with new, held by Ref)
  Ref<CapsuleShapeSettings> capsule = new CapsuleShapeSettings(height / 2 - radius, radius);
  Ref<RotatedTranslatedShapeSettings> raised =
      new RotatedTranslatedShapeSettings(Vec3(0, height / 2, 0), Quat::sIdentity(), capsule);
  Ref<CharacterVirtualSettings> s = new CharacterVirtualSettings();
  s->mShape = raised->Create().Get();
  s->mMaxSlopeAngle = float(c.slope * M_PI / 180);
  s->mUp = Vec3(0, 1, 0);
  s->mSupportingVolume = Plane(Vec3(0, 1, 0), -radius);
  return new CharacterVirtual(s, RVec3(Real(p[0]), Real(p[1]), Real(p[2])), Quat::sIdentity(), &w.system);
}

struct WalkResult {
  double us = 0, pos[3] = { 0, 0, 0 };
  int floor = 0, frames = 0;
};

WalkResult walk(World &w, const Level &level, const Settings &c, const std::vector<std::vector<double>> &legs,
            int reps, TempAllocator &temp) {
  CharacterVirtual::ExtendedUpdateSettings up;
  up.mStickToFloorStepDown = Vec3(0, -float(c.step), 0);
  up.mWalkStairsStepUp = Vec3(0, float(c.step), 0);
  Vec3 gravity(0, -float(G), 0);
  DefaultBroadPhaseLayerFilter bp_filter(*w.obp, LAYER_MOVING);
  DefaultObjectLayerFilter obj_filter(w.pairs, LAYER_MOVING);
  BodyFilter body_filter;
  ShapeFilter shape_filter;
  WalkResult r;
  int floors = 0, frames = 0;
  double best = INFINITY;
  for (int rep = 0; rep <= reps; rep++) {
    Ref<CharacterVirtual> ch = make_character(w, c, level.start);
    double vy = 0;
    double t0 = cpu_seconds();
    for (const std::vector<double> &leg : legs) {
      double seconds = leg[0], speed = leg[1], h0 = leg[2], h1 = leg[3];
      int n = int(std::floor(seconds * 60 + 0.5));
      for (int k = 0; k < n; k++) {
        double h = (h0 + (h1 - h0) * (k + 0.5) / n) * M_PI / 180;
        vy -= G * DT;
        ch->SetLinearVelocity(Vec3(float(speed * std::cos(h)), float(vy), float(speed * std::sin(h))));
        ch->ExtendedUpdate(float(DT), gravity, up, bp_filter, obj_filter, body_filter, shape_filter, temp);
        if (ch->GetGroundState() == CharacterBase::EGroundState::OnGround) {
          vy = 0;
          if (rep == 0) floors++;
        }
        if (rep == 0) frames++;
      }
    }
    if (rep > 0) {
      double us = (cpu_seconds() - t0) * 1e6 / frames;
      if (us < best) best = us;
    }
    if (rep == 0) {
      RVec3 p = ch->GetPosition();
      r.pos[0] = double(p.GetX());
      r.pos[1] = double(p.GetY());
      r.pos[2] = double(p.GetZ());
    }
  }
  r.us = best;
  r.frames = frames;
  r.floor = int(std::floor(100.0 * floors / frames + 0.5));
  return r;
}

void put(const std::string &key, std::initializer_list<double> vals) {
  std::printf("%s", key.c_str());
  for (double v : vals) std::printf(" %.6g", v);
  std::printf("\n");
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: jolt_character LEVELS\n");
    return 2;
  }
  const char *reps_env = std::getenv("WORLD_REPS");
  const char *smoke = std::getenv("WORLD_SMOKE");
  int reps = reps_env ? std::atoi(reps_env) : (smoke && std::string(smoke) == "1" ? 1 : 10);

  std::ifstream in(argv[1]);
  if (!in) {
    std::fprintf(stderr, "jolt_character: cannot read %s\n", argv[1]);
    return 1;
  }
  Settings c;
  std::vector<std::vector<double>> legs;
  std::vector<Level> levels;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream f(line);
    std::string key;
    f >> key;
    if (key == "character") {
      f >> c.radius >> c.height >> c.step >> c.slope;
    } else if (key == "leg") {
      std::vector<double> leg(4);
      f >> leg[0] >> leg[1] >> leg[2] >> leg[3];
      legs.push_back(leg);
    } else if (key == "level") {
      Level l;
      f >> l.name >> l.count >> l.start[0] >> l.start[1] >> l.start[2];
      levels.push_back(l);
    } else if (key == "box") {
      std::vector<double> b(7);
      for (double &x : b) f >> x;
      levels.back().boxes.push_back(b);
    } else if (key == "vertices") {
      size_t n;
      f >> n;
      levels.back().vertices.resize(3 * n);
      for (float &x : levels.back().vertices) {
        double d;
        f >> d;
        x = float(d);
      }
    } else if (key == "indices") {
      size_t n;
      f >> n;
      levels.back().indices.resize(3 * n);
      for (uint32 &x : levels.back().indices) f >> x;
    }
  }

  RegisterDefaultAllocator();
  Factory::sInstance = new Factory();
  RegisterTypes();
  TempAllocatorImpl temp(10 * 1024 * 1024);

  std::printf("who JoltNative %d.%d.%d\n", JPH_VERSION_MAJOR, JPH_VERSION_MINOR, JPH_VERSION_PATCH);
  for (const Level &level : levels) {
    World *w = new World(uint(level.boxes.size() + 1));
    build(*w, level);
    WalkResult r = walk(*w, level, c, legs, reps, temp);
    std::string k = "char." + level.name;
    put(k + ".us", { r.us });
    put(k + ".pos", { r.pos[0], r.pos[1], r.pos[2] });
    put(k + ".floor", { double(r.floor) });
    put(k + ".items", { double(level.count) });
    put(k + ".frames", { double(r.frames) });
    delete w;
  }

  UnregisterTypes();
  delete Factory::sInstance;
  Factory::sInstance = nullptr;
  return 0;
}
