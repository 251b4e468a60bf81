// bench/jolt_character.mjs: Jolt Physics' CharacterVirtual (its WebAssembly
// build, npm package jolt-physics) walking the levels of bench/world.lua,
// the peer of its character rows (doc/performance.md).
//
//   node bench/jolt_character.mjs LEVELS JOLT_PACKAGE_DIR
//
// LEVELS is the file `lua bench/world.lua dump LEVELS` writes: the
// character's sizes, the scripted input (legs of seconds, speed and
// heading), the levels as boxes (centre, half extents, rotation about +z)
// and as one triangle mesh. Each level is walked 1 + WORLD_REPS times with a
// fresh character, the first walk not timed, the best of the others kept,
// as bench/world.lua does. The
// game loop is the same: 60 Hz, the game keeps the vertical speed (gravity
// while not on the ground, 0 on it) and passes the velocity; the character
// is updated by ExtendedUpdate with stick-to-floor and stair walking at the
// same step height. Timed as processor time (process.cpuUsage, as os.clock
// on the Lua side), in µs per update. Prints `key value...` lines as bench/world.lua measure.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { join } from "node:path";

const [levelsPath, joltDir] = process.argv.slice(2);
if (!levelsPath || !joltDir) {
  console.error("usage: node bench/jolt_character.mjs LEVELS JOLT_PACKAGE_DIR");
  process.exit(2);
}
const REPS = Number(process.env.WORLD_REPS || (process.env.WORLD_SMOKE === "1" ? 1 : 10));
const pkg = JSON.parse(readFileSync(join(joltDir, "package.json"), "utf8"));
const initJolt = (await import(pathToFileURL(join(joltDir, "dist", "jolt-physics.wasm-compat.js")).href)).default;
const Jolt = await initJolt();

// the levels file
let character = null;
const legs = [];
const levels = [];
for (const line of readFileSync(levelsPath, "utf8").split("\n")) {
  const f = line.split(" ");
  const nums = () => f.slice(1).map(Number);
  if (f[0] === "character") {
    const [radius, height, step, slope] = nums();
    character = { radius, height, step, slope };
  } else if (f[0] === "leg") {
    legs.push(nums());
  } else if (f[0] === "level") {
    levels.push({ name: f[1], count: Number(f[2]), start: f.slice(3, 6).map(Number), boxes: [] });
  } else if (f[0] === "box") {
    levels[levels.length - 1].boxes.push(nums());
  } else if (f[0] === "vertices") {
    levels[levels.length - 1].vertices = f.slice(2).map(Number);
  } else if (f[0] === "indices") {
    levels[levels.length - 1].indices = f.slice(2).map(Number);
  }
}

const DT = 1 / 60, G = 9.81;
const LAYER_STATIC = 0, LAYER_MOVING = 1;

function physics(nbodies) {
  const settings = new Jolt.JoltSettings();
  settings.mMaxBodies = nbodies + 16;
  settings.mMaxBodyPairs = 1024;
  settings.mMaxContactConstraints = 1024;
  const pairs = new Jolt.ObjectLayerPairFilterTable(2);
  pairs.EnableCollision(LAYER_STATIC, LAYER_MOVING);
  pairs.EnableCollision(LAYER_MOVING, LAYER_MOVING);
  const bp = new Jolt.BroadPhaseLayerInterfaceTable(2, 2);
  bp.MapObjectToBroadPhaseLayer(LAYER_STATIC, new Jolt.BroadPhaseLayer(0));
  bp.MapObjectToBroadPhaseLayer(LAYER_MOVING, new Jolt.BroadPhaseLayer(1));
  settings.mObjectLayerPairFilter = pairs;
  settings.mBroadPhaseLayerInterface = bp;
  settings.mObjectVsBroadPhaseLayerFilter = new Jolt.ObjectVsBroadPhaseLayerFilterTable(bp, 2, pairs, 2);
  const jolt = new Jolt.JoltInterface(settings);
  Jolt.destroy(settings);
  return jolt;
}

function addStatic(bodies, shape, x, y, z, q) {
  const cs = new Jolt.BodyCreationSettings(shape, new Jolt.RVec3(x, y, z), q, Jolt.EMotionType_Static, LAYER_STATIC);
  bodies.CreateAndAddBody(cs, Jolt.EActivation_DontActivate);
  Jolt.destroy(cs);
}

function build(level) {
  const jolt = physics(level.boxes.length + 1);
  const system = jolt.GetPhysicsSystem();
  const bodies = system.GetBodyInterface();
  for (const [cx, cy, cz, hx, hy, hz, angle] of level.boxes) {
    const a = angle * Math.PI / 180;
    // exact boxes, as collide's: no convex radius rounding the edges
    const shape = new Jolt.BoxShape(new Jolt.Vec3(hx, hy, hz), 0);
    addStatic(bodies, shape, cx, cy, cz, new Jolt.Quat(0, 0, Math.sin(a / 2), Math.cos(a / 2)));
  }
  if (level.vertices) {
    const v = new Jolt.VertexList();
    // push_back copies: each temporary is freed at once
    for (let i = 0; i < level.vertices.length; i += 3) {
      const f = new Jolt.Float3(level.vertices[i], level.vertices[i + 1], level.vertices[i + 2]);
      v.push_back(f);
      Jolt.destroy(f);
    }
    const t = new Jolt.IndexedTriangleList();
    const idx = level.indices;
    for (let i = 0; i < idx.length; i += 3) {
      const tri = new Jolt.IndexedTriangle(idx[i], idx[i + 1], idx[i + 2], 0);
      t.push_back(tri);
      Jolt.destroy(tri);
    }
    const ms = new Jolt.MeshShapeSettings(v, t, new Jolt.PhysicsMaterialList());
    const r = ms.Create();
    if (r.HasError()) throw new Error("mesh: " + r.GetError().c_str());
    addStatic(bodies, r.Get(), 0, 0, 0, new Jolt.Quat(0, 0, 0, 1));
  }
  system.OptimizeBroadPhase();
  return jolt;
}

// the character as Jolt's own CharacterVirtual sample sets it up: the
// capsule raised so that the position is the feet, contacts below the
// bottom sphere's centre supporting. collide's capsule of radius r and
// total height h is Jolt's CapsuleShape(h / 2 - r, r): Jolt takes the half
// height of the cylinder part.
function makeCharacter(jolt, x, y, z) {
  const { radius, height, slope } = character;
  const capsule = new Jolt.CapsuleShapeSettings(height / 2 - radius, radius);
  const shape = new Jolt.RotatedTranslatedShapeSettings(new Jolt.Vec3(0, height / 2, 0), new Jolt.Quat(0, 0, 0, 1), capsule)
    .Create().Get();
  const s = new Jolt.CharacterVirtualSettings();
  s.mShape = shape;
  s.mMaxSlopeAngle = slope * Math.PI / 180;
  s.mUp = new Jolt.Vec3(0, 1, 0);
  s.mSupportingVolume = new Jolt.Plane(new Jolt.Vec3(0, 1, 0), -radius);
  const ch = new Jolt.CharacterVirtual(s, new Jolt.RVec3(x, y, z), new Jolt.Quat(0, 0, 0, 1), jolt.GetPhysicsSystem());
  Jolt.destroy(s);
  return ch;
}

function walk(jolt, level) {
  const [x0, y0, z0] = level.start;
  const up = new Jolt.ExtendedUpdateSettings();
  up.mStickToFloorStepDown = new Jolt.Vec3(0, -character.step, 0);
  up.mWalkStairsStepUp = new Jolt.Vec3(0, character.step, 0);
  const gravity = new Jolt.Vec3(0, -G, 0);
  const bpFilter = new Jolt.DefaultBroadPhaseLayerFilter(jolt.GetObjectVsBroadPhaseLayerFilter(), LAYER_MOVING);
  const objFilter = new Jolt.DefaultObjectLayerFilter(jolt.GetObjectLayerPairFilter(), LAYER_MOVING);
  const bodyFilter = new Jolt.BodyFilter();
  const shapeFilter = new Jolt.ShapeFilter();
  const temp = jolt.GetTempAllocator();
  const vel = new Jolt.Vec3(0, 0, 0);
  let frames = 0, floors = 0, best = Infinity, pos = null;
  for (let rep = 0; rep <= REPS; rep++) {
    const ch = makeCharacter(jolt, x0, y0, z0);
    let vy = 0;
    const t0 = process.cpuUsage();
    for (const [seconds, speed, h0, h1] of legs) {
      const n = Math.floor(seconds * 60 + 0.5);
      for (let k = 0; k < n; k++) {
        const h = (h0 + (h1 - h0) * (k + 0.5) / n) * Math.PI / 180;
        vy -= G * DT;
        vel.Set(speed * Math.cos(h), vy, speed * Math.sin(h));
        ch.SetLinearVelocity(vel);
        ch.ExtendedUpdate(DT, gravity, up, bpFilter, objFilter, bodyFilter, shapeFilter, temp);
        if (ch.GetGroundState() === Jolt.EGroundState_OnGround) {
          vy = 0;
          if (rep === 0) floors++;
        }
        if (rep === 0) frames++;
      }
    }
    if (rep > 0) {
      const d = process.cpuUsage(t0);
      best = Math.min(best, (d.user + d.system) / frames);
    }
    if (rep === 0) {
      const p = ch.GetPosition();
      pos = [p.GetX(), p.GetY(), p.GetZ()];
    }
    Jolt.destroy(ch);
  }
  return { us: best, pos, floor: Math.round(100 * floors / frames), frames };
}

const fmt = (v) => (typeof v === "number" ? Number(v.toPrecision(6)).toString() : String(v));
const put = (key, ...vals) => console.log(key + " " + vals.map(fmt).join(" "));
put("who", "Jolt", pkg.version);
for (const level of levels) {
  const jolt = build(level);
  const r = walk(jolt, level);
  put(`char.${level.name}.us`, r.us);
  put(`char.${level.name}.pos`, ...r.pos);
  put(`char.${level.name}.floor`, r.floor);
  put(`char.${level.name}.items`, level.count);
  put(`char.${level.name}.frames`, r.frames);
  Jolt.destroy(jolt);
}
