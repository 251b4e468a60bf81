-- bench/frame.lua: a game frame at scale, in one process: 100,000 static
-- boxes and 1,000 moving ones; each frame translates the moving shapes,
-- calls scene:sync() and scene:pairs(). Printed: ms a frame, the same with
-- a ground plane (static) added, and a frame where nothing moved, with
-- their ratios to the first. FRAME_STATIC, FRAME_MOVING, FRAME_FRAMES.
--
--   make bench-frame
local collide = require "collide"

local NSTATIC = tonumber(os.getenv("FRAME_STATIC")) or 100000
local NMOVING = tonumber(os.getenv("FRAME_MOVING")) or 1000
local FRAMES = tonumber(os.getenv("FRAME_FRAMES")) or 20

-- the project's seeded generator (minstd)
local seed = 42
local function r(a, b)
  seed = seed * 48271 % 2147483647
  return a + (b - a) * (seed / 2147483647)
end

local function build(plane)
  local scene = collide.scene()
  for i = 1, NSTATIC do
    local x, y, z = r(0, 1000), r(1, 100), r(0, 1000)
    scene:add(i, collide.aabb(x, y, z, x + 1, y + 1, z + 1), { static = true })
  end
  local movers = {}
  for i = 1, NMOVING do
    local x, y, z = r(0, 1000), r(1, 100), r(0, 1000)
    local b = collide.aabb(x, y, z, x + 1, y + 1, z + 1)
    scene:add("m" .. i, b)
    movers[i] = b
  end
  if plane then scene:add("ground", collide.plane(0, 1, 0, 0), { static = true }) end
  scene:pairs()
  return scene, movers
end

-- ms a frame, best of 3 runs of FRAMES frames
local function frame(scene, movers, moving)
  local best = math.huge
  for _ = 1, 3 do
    local t0 = os.clock()
    for _ = 1, FRAMES do
      if moving then for i = 1, #movers do movers[i]:translate(0.001, 0, 0) end end
      scene:sync()
      scene:pairs()
    end
    best = math.min(best, (os.clock() - t0) / FRAMES * 1e3)
  end
  return best
end

local plain, plain_movers = build(false)
local with_plane, plane_movers = build(true)
local a = frame(plain, plain_movers, true)
local b = frame(with_plane, plane_movers, true)
local idle = frame(plain, plain_movers, false)
print(("%s, %d static + %d moving boxes, sync + pairs a frame"):format(
  jit and jit.version or _VERSION, NSTATIC, NMOVING))
print(("  moving frame            %8.3f ms"):format(a))
print(("  the same with a plane   %8.3f ms  (x%.2f)"):format(b, b / a))
print(("  nothing moved           %8.3f ms  (%.1f%% of a moving frame)"):format(idle, 100 * idle / a))
