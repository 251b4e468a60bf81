-- bench/manifold.lua: collide.manifold beside collide.contact on the same
-- pairs, per call from Lua: the resting cases a physics step meets (a box
-- on a box, a capsule and a sphere on a box, a box on a hull, a box on a
-- mesh of many triangles and on a heightfield) and the ratio of the two.
-- Run with `make bench-manifold` (part of `make bench`).
local collide = require "collide"

local N = tonumber(os.getenv("BENCH_N")) or 100000
local clock = os.clock

local function per_call(f, a, b, n)
  local t0 = clock()
  for _ = 1, n do f(a, b) end
  return (clock() - t0) / n * 1e9
end

-- a floor of 16 x 16 cells, two triangles each
local v, idx = {}, {}
for i = 0, 16 do
  for j = 0, 16 do v[#v + 1] = i; v[#v + 1] = 0; v[#v + 1] = j end
end
for i = 0, 15 do
  for j = 0, 15 do
    local a, b, c, d = i * 17 + j, (i + 1) * 17 + j, (i + 1) * 17 + j + 1, i * 17 + j + 1
    for _, k in ipairs { a, d, c, a, c, b } do idx[#idx + 1] = k + 1 end
  end
end
local heights = {}
for k = 1, 17 * 17 do heights[k] = 0 end
local floor = collide.aabb(0, 0, 0, 16, 1, 16)
local slab = collide.hull({ 0, 0, 0, 16, 0, 0, 0, 0, 16, 16, 0, 16, 0, 1, 0, 16, 1, 0, 0, 1, 16, 16, 1, 16 })
local cases = {
  { "box on box (4 points)", floor, collide.aabb(3, 0.9, 3, 5, 2.9, 6) },
  { "turned box on box", floor, collide.obb(4, 1.9, 4, 1, 1, 1, 0, 0.38268343236509, 0, 0.92387953251129) },
  { "capsule on box (2)", floor, collide.capsule(3, 1.4, 3, 6, 1.4, 4, 0.5) },
  { "sphere on box (1)", floor, collide.sphere(3, 1.4, 3, 0.5) },
  { "box on hull (4)", slab, collide.aabb(3, 0.9, 3, 5, 2.9, 6) },
  { "box on mesh, 24 triangles", collide.mesh(v, idx), collide.aabb(2.5, -0.1, 2.5, 5.5, 1.9, 4.5) },
  { "box on heightfield, 24", collide.heightfield(heights, 17, 17), collide.aabb(2.5, -0.1, 2.5, 5.5, 1.9, 4.5) },
}
print(("collide.manifold beside collide.contact (%s), %d calls each")
  :format(_VERSION .. (jit and " / " .. jit.version or ""), N))
print(("%-28s %7s %12s %12s %8s"):format("pair", "points", "contact ns", "manifold ns", "ratio"))
for _, c in ipairs(cases) do
  local _, _, _, pts = collide.manifold(c[2], c[3])
  local tc = per_call(collide.contact, c[2], c[3], N)
  local tm = per_call(collide.manifold, c[2], c[3], N)
  print(("%-28s %7d %12.0f %12.0f %8.1f"):format(c[1], #pts, tc, tm, tm / tc))
end
