-- bench/snapshot.lua - what a snapshot and a restore cost beside a frame
-- (doc/performance.md, doc/rollback.md).
--
--   make bench-snapshot   (builds the core, runs this)
--
-- A level of 100,000 static boxes, 1,000 moving ones and 100 sensors. A
-- frame moves each of the 1,000 (scene:move, sliding) and reads the
-- events; a rollback game also takes a snapshot every frame and, now and
-- then, restores an older one. Rounds interleave three timings: a frame,
-- a snapshot of it, and a restore of the snapshot taken a frame before
-- (the common case: one frame back), each the median of the rounds.
-- Printed: (snapshot + restore) / frame (the goal is 0.3 at most), the
-- snapshot's own bytes per moving item (the goal is 128 at most) and the
-- bytes of the item records all the snapshots share.
-- Environment: SNAPSHOT_STATIC (default 100000), SNAPSHOT_MOVING (1000),
-- SNAPSHOT_SENSORS (100), SNAPSHOT_ROUNDS (15).
local collide = require "collide"

local NSTATIC = tonumber(os.getenv("SNAPSHOT_STATIC")) or 100000
local NMOVING = tonumber(os.getenv("SNAPSHOT_MOVING")) or 1000
local NSENSORS = tonumber(os.getenv("SNAPSHOT_SENSORS")) or 100
local ROUNDS = tonumber(os.getenv("SNAPSHOT_ROUNDS")) or 15
local clock = os.clock
local fmt = string.format

local seed = 20261204
local function uniform(a, b)
  seed = seed * 48271 % 2147483647
  return a + (b - a) * seed / 2147483647
end

-- a square level: static boxes on a grid of cells, movers and sensors
-- over it
local SIDE = math.sqrt(NSTATIC) * 2
local scene = collide.scene()
for k = 1, NSTATIC do
  local x, z = uniform(0, SIDE), uniform(0, SIDE)
  scene:add("wall" .. k, collide.aabb(x, 0, z, x + 0.8, uniform(0.5, 2), z + 0.8), { static = true })
end
local movers = {}
for k = 1, NMOVING do
  local x, z = uniform(0, SIDE), uniform(0, SIDE)
  movers[k] = "mover" .. k
  scene:add(movers[k], collide.aabb(x, 2.5, z, x + 0.5, 3, z + 0.5))
end
for k = 1, NSENSORS do
  local x, z = uniform(0, SIDE), uniform(0, SIDE)
  scene:add("sensor" .. k, collide.aabb(x, 0, z, x + 8, 4, z + 8), { sensor = true })
end
scene:events()

local function frame(f)
  local s = (f % 2 == 0) and 1 or -1
  for k = 1, NMOVING do
    scene:move(movers[k], s * 0.3, 0, s * 0.2)
  end
  return #scene:events()
end

local function median(t)
  table.sort(t)
  return t[math.floor((#t + 1) / 2)]
end

local tf, ts, tr = {}, {}, {}
local snap = scene:snapshot()
frame(0)
for round = 1, ROUNDS do
  local before = snap
  local t0 = clock()
  frame(round)
  local t1 = clock()
  scene:snapshot()                 -- timed only: the replay takes the kept one
  local t2 = clock()
  scene:restore(before)            -- one frame back
  local t3 = clock()
  tf[round], ts[round], tr[round] = t1 - t0, t2 - t1, t3 - t2
  frame(round)                     -- the frame replayed
  snap = scene:snapshot()
end
local f, s, r = median(tf), median(ts), median(tr)
local own, shared = snap:memory()
print(fmt("snapshot: %d static, %d moving, %d sensors; medians of %d rounds", NSTATIC, NMOVING,
  NSENSORS, ROUNDS))
print(fmt("  frame (moves + events) %8.3f ms", f * 1e3))
print(fmt("  snapshot               %8.3f ms", s * 1e3))
print(fmt("  restore (a frame back) %8.3f ms", r * 1e3))
print(fmt("  (snapshot + restore) / frame  %.3f   (goal <= 0.3)", (s + r) / f))
print(fmt("  bytes per moving item         %.1f   (goal <= 128)", own / NMOVING))
print(fmt("  shared item records           %.1f MB, once", shared / 1e6))
