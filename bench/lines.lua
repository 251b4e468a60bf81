-- bench/lines.lua: the cost of debug lines. collide.lines on each kind
-- beside the floor of its result (a Lua loop filling a new table with as
-- many numbers), and scene:lines within a box around a player on a
-- terrain (as a mesh and as a heightfield, GRID x GRID quads) beside the
-- whole terrain's lines and beside what a script does without it: the
-- triangles of mesh:query(box), their edges read through mesh:triangle.
-- Run with `make bench-lines`; `lua bench/lines.lua [grid]`.
local collide = require "collide"

local GRID = tonumber(arg and arg[1]) or 300
local clock = os.clock

print(("collide.lines benchmark (%s)"):format(_VERSION .. (jit and " / " .. jit.version or "")))

-- seconds per call of f, over enough calls to take about 0.2 s
local function per_call(f)
  local n = 1
  while true do
    local t0 = clock()
    for _ = 1, n do f() end
    local t = clock() - t0
    if t > 0.2 then return t / n end
    n = n * 2
  end
end

local function us(s) return ("%9.2f us"):format(s * 1e6) end

-- the floor: a new table of n numbers filled from Lua
local function floor_of(n)
  return function()
    local t = {}
    for i = 1, n do t[i] = 0.5 end
    return t
  end
end

print("\ncollide.lines(shape), per call, beside a new table of as many numbers filled in Lua")
local cube = {}
for i = 0, 7 do
  cube[#cube + 1] = i % 2; cube[#cube + 1] = math.floor(i / 2) % 2; cube[#cube + 1] = math.floor(i / 4)
end
local shapes = {
  { "aabb", collide.aabb(0, 0, 0, 1, 2, 3) },
  { "obb", collide.obb({ 1, 2, 3 }, { 1, 2, 3 }, { 0.1, 0.2, 0.3, 0.9 }) },
  { "plane", collide.plane(0.6, 0.8, 0, 3) },
  { "triangle", collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0) },
  { "ray", collide.ray(0, 0, 0, 1, 2, 3, 10) },
  { "sphere", collide.sphere(1, 2, 3, 4) },
  { "capsule", collide.capsule(0, 0, 0, 1, 2, 3, 0.5) },
  { "hull (cube)", collide.hull(cube) },
}
print(("%-12s %9s %12s %12s %7s"):format("kind", "segments", "lines", "floor", "ratio"))
for _, e in ipairs(shapes) do
  local s = e[2]
  local n = #collide.lines(s)
  local tl = per_call(function() return collide.lines(s) end)
  local tf = per_call(floor_of(n))
  print(("%-12s %9d %12s %12s %7.2f"):format(e[1], n / 6, us(tl), us(tf), tl / tf))
end

-- the terrain: (GRID + 1)^2 heights, 1 unit apart, two triangles a quad
local function height(x, z)
  return 18 * math.sin(x * 0.013) * math.cos(z * 0.021) + 6 * math.sin(x * 0.071 + z * 0.043)
end
local heights, verts, idx = {}, {}, {}
local N = GRID + 1
for j = 0, GRID do
  for i = 0, GRID do
    local h = height(i, j)
    heights[#heights + 1] = h
    verts[#verts + 1] = i; verts[#verts + 1] = h; verts[#verts + 1] = j
  end
end
for j = 0, GRID - 1 do
  for i = 0, GRID - 1 do
    local a, b, c, d = j * N + i + 1, (j + 1) * N + i + 1, (j + 1) * N + i + 2, j * N + i + 2
    idx[#idx + 1] = a; idx[#idx + 1] = b; idx[#idx + 1] = c
    idx[#idx + 1] = a; idx[#idx + 1] = c; idx[#idx + 1] = d
  end
end
local mesh = collide.mesh(verts, idx)
local hf = collide.heightfield(heights, N, N)
local ms, hs = collide.scene(), collide.scene()
ms:add("terrain", mesh)
hs:add("terrain", hf)

-- a 20 x 20 box around a player at the middle, from below to above the terrain
local c = GRID / 2 + 0.37
local box = collide.aabb(c - 10, -40, c - 10, c + 10, 40, c + 10)

-- without scene:lines: the triangles mesh:query finds, edges from Lua
local function by_query()
  local out = {}
  for _, k in ipairs(mesh:query(box)) do
    local ax, ay, az, bx, by, bz, cx, cy, cz = mesh:triangle(k):vertices()
    local n = #out
    out[n + 1], out[n + 2], out[n + 3], out[n + 4], out[n + 5], out[n + 6] = ax, ay, az, bx, by, bz
    out[n + 7], out[n + 8], out[n + 9], out[n + 10], out[n + 11], out[n + 12] = bx, by, bz, cx, cy, cz
    out[n + 13], out[n + 14], out[n + 15], out[n + 16], out[n + 17], out[n + 18] = cx, cy, cz, ax, ay, az
  end
  return out
end

print(("\nscene:lines on a terrain of %d triangles, a 20 x 20 box around a player"):format(2 * GRID * GRID))
local nin, nall = #ms:lines(nil, box) / 18, #ms:lines() / 18
assert(#hs:lines(nil, box) == #ms:lines(nil, box) and #by_query() / 18 <= nin)
local t_mesh = per_call(function() return ms:lines(nil, box) end)
local t_hf = per_call(function() return hs:lines(nil, box) end)
local t_query = per_call(by_query)
local t_all = per_call(function() return ms:lines() end)
local t_floor = per_call(floor_of(18 * nin))
print(("%-44s %9s %12s %7s"):format("", "triangles", "per call", "ratio"))
print(("%-44s %9d %12s %7.2f"):format("scene:lines(nil, box), mesh", nin, us(t_mesh), 1))
print(("%-44s %9d %12s %7.2f"):format("scene:lines(nil, box), heightfield", nin, us(t_hf), t_hf / t_mesh))
print(("%-44s %9d %12s %7.2f"):format("mesh:query(box), edges from mesh:triangle", #by_query() / 18,
  us(t_query), t_query / t_mesh))
print(("%-44s %9d %12s %7.2f"):format("a new table of as many numbers filled in Lua", nin, us(t_floor),
  t_floor / t_mesh))
print(("%-44s %9d %12s %7.2f"):format("scene:lines(), the whole mesh", nall, us(t_all), t_all / t_mesh))
