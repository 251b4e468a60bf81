-- bench/compound.lua: a compound of 64 boxes (an 8 x 8 wall of bricks,
-- turned, so its children are obbs) against a ray and against an aabb,
-- through the compound (its tree culls the children) beside a plain loop
-- from Lua over the same children (compound:child(i), taken once) doing
-- what the compound does: the nearest hit of every child, or any child
-- that intersects. Per call, and the ratio, in one process.
-- Run with `make bench-compound` (part of `make bench`).
local collide = require "collide"

local N = tonumber(os.getenv("BENCH_N")) or 20000
local clock = os.clock

local bricks = {}
for i = 0, 7 do
  for j = 0, 7 do
    bricks[#bricks + 1] = collide.aabb(i * 1.1, j * 0.6, 0, i * 1.1 + 1, j * 0.6 + 0.5, 0.4)
  end
end
local wall = collide.compound(bricks, { 2, 0, 3 }, { 0, 0.19509032201613, 0, 0.98078528040323 })
local kids = {}
for i = 1, wall:child_count() do kids[i] = wall:child(i) end

local function loop_cast(ray)
  local best, bi
  for i = 1, #kids do
    local t = ray:cast(kids[i])
    if t and (best == nil or t < best) then best, bi = t, i end
  end
  return best, bi
end
local function loop_intersects(box)
  for i = 1, #kids do
    if collide.intersects(kids[i], box) then return true end
  end
  return false
end

local function per_call(f, a, n)
  local t0 = clock()
  for _ = 1, n do f(a) end
  return (clock() - t0) / n * 1e9
end

-- the answers agree before anything is timed
local ray_hit = collide.ray(-3, 2, 10, 0.45, 0, -1)
local ray_miss = collide.ray(-3, 9, 10, 0.45, 0, -1)
local box_hit = collide.aabb(3, 1, 2.5, 3.5, 1.5, 3.2)
local box_miss = collide.aabb(3, 5.5, 2.5, 3.5, 6, 3.2)
do
  local t, _, _, _, _, _, _, _, _, index = ray_hit:cast(wall)
  local lt, li = loop_cast(ray_hit)
  assert(t == lt and index == li, "the cast and the loop disagree")
  assert(ray_miss:cast(wall) == nil and loop_cast(ray_miss) == nil)
  assert(collide.intersects(wall, box_hit) and loop_intersects(box_hit))
  assert(not collide.intersects(wall, box_miss) and not loop_intersects(box_miss))
end

print(("a compound of %d boxes: its tree beside a loop over its children (%s), %d calls each")
  :format(#kids, _VERSION .. (jit and " / " .. jit.version or ""), N))
print(("%-24s %12s %12s %8s"):format("query", "compound ns", "loop ns", "ratio"))
local cases = {
  { "ray, hit", function(r) return r:cast(wall) end, loop_cast, ray_hit },
  { "ray, miss", function(r) return r:cast(wall) end, loop_cast, ray_miss },
  { "aabb, intersecting", function(b) return collide.intersects(wall, b) end, loop_intersects, box_hit },
  { "aabb, apart", function(b) return collide.intersects(wall, b) end, loop_intersects, box_miss },
}
for _, c in ipairs(cases) do
  local tk = per_call(c[2], c[4], N)
  local tl = per_call(c[3], c[4], N)
  print(("%-24s %12.0f %12.0f %8.1f"):format(c[1], tk, tl, tl / tk))
end
