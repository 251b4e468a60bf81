-- bench/nearest.lua - scene:nearest's cost against the scene's size
-- (doc/performance.md).
--
--   make bench-nearest   (builds the core, runs this)
--
-- 100,000 boxes spread evenly through a cube; the 1,000 of them that lie
-- in a smaller cube at its centre are also a scene of their own. 10,000
-- points in that small cube are asked for their nearest item in each
-- scene, the best of a few rounds timed; the ratio of the two times is
-- what a scene 100 times as large costs. Since the walk follows the
-- items near the point, the ratio stays small (the goal is 2 at most).
-- Both scenes' answers are compared on the points whose nearest item
-- no box outside the small cube can beat (there the two must agree).
-- Environment: NEAREST_N (default 100000), NEAREST_QUERIES (10000),
-- NEAREST_ROUNDS (5).
local collide = require "collide"

local N = tonumber(os.getenv("NEAREST_N")) or 100000
local NQ = tonumber(os.getenv("NEAREST_QUERIES")) or 10000
local ROUNDS = tonumber(os.getenv("NEAREST_ROUNDS")) or 5
local clock = os.clock
local fmt = string.format

-- Park-Miller: the same numbers under every Lua version
local seed = 20261202
local function uniform(a, b)
  seed = seed * 48271 % 2147483647
  return a + (b - a) * seed / 2147483647
end

-- the world's side keeps one box per unit cube; the inner cube holds a
-- hundredth of the boxes
local WORLD = N ^ (1 / 3)
local INNER = WORLD / 100 ^ (1 / 3)
local lo, hi = (WORLD - INNER) / 2, (WORLD + INNER) / 2

local all, inner = collide.scene(), collide.scene()
local ninner = 0
for k = 1, N do
  local x, y, z = uniform(0, WORLD), uniform(0, WORLD), uniform(0, WORLD)
  local s = uniform(0.1, 0.4)
  local box = collide.aabb(x - s, y - s, z - s, x + s, y + s, z + s)
  all:add(k, box)
  if x >= lo and x < hi and y >= lo and y < hi and z >= lo and z < hi then
    inner:add(k, box)
    ninner = ninner + 1
  end
end

local points = {}
for i = 1, 3 * NQ do points[i] = uniform(lo, hi) end

-- the best time of the rounds for every point once
local function run(scene)
  local best = math.huge
  for _ = 1, ROUNDS do
    local t0 = clock()
    for i = 1, 3 * NQ, 3 do scene:nearest(points[i], points[i + 1], points[i + 2]) end
    local t = clock() - t0
    if t < best then best = t end
  end
  return best
end

-- the answers agree where the nearest item is nearer than any box centred
-- outside the small cube can be (its faces reach 0.4 into it)
local compared = 0
for i = 1, 3 * NQ, 3 do
  local x, y, z = points[i], points[i + 1], points[i + 2]
  local item, d = inner:nearest(x, y, z)
  local margin = math.min(x - lo, hi - x, y - lo, hi - y, z - lo, hi - z)
  if item ~= nil and d < margin - 0.4 then
    local other, od = all:nearest(x, y, z)
    if other ~= item or od ~= d then
      error(fmt("the scenes disagree at (%.17g, %.17g, %.17g)", x, y, z))
    end
    compared = compared + 1
  end
end

local t_inner, t_all = run(inner), run(all)
print(fmt("scene:nearest, %d queries (best of %d rounds; %d answers compared)", NQ, ROUNDS, compared))
print(fmt("  among %7d boxes around the points  %8.2f us/query", ninner, t_inner / NQ * 1e6))
print(fmt("  among %7d boxes                    %8.2f us/query", N, t_all / NQ * 1e6))
print(fmt("  ratio %.2f (goal: at most 2)", t_all / t_inner))
