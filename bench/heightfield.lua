-- bench/heightfield.lua: collide.heightfield on a 1024 x 1024 grid against
-- collide.mesh of the same triangles, side by side in one run: build time,
-- memory per sample, and ray:cast for long rays from above, a character's
-- short level rays, vertical and grazing rays, and a capsule's sweeps,
-- every hit compared (t and triangle index must be the same); then the
-- reference programs given (Bullet's
-- btHeightfieldTerrainShape, bench/bullet_heightfield.cpp) on the same
-- heights and rays. Run with `make bench-heightfield`; `lua
-- bench/heightfield.lua [n] [program...]` for an n x n grid. HF_RAYS: the
-- number of rays of each kind (100,000).
local collide = require "collide"
local refs = require "refs"

local numbers, programs = {}, {}
for _, a in ipairs(arg or {}) do
  if tonumber(a) then numbers[#numbers + 1] = tonumber(a) else programs[#programs + 1] = a end
end
local N = numbers[1] or 1024
local RAYS = tonumber(os.getenv("HF_RAYS")) or 100000
local SX, SZ, OX, OY, OZ = 1, 1, -512, 0, -512

local clock = os.clock

-- the same numbers on every Lua
local rnd = require("levels").rng(11)

local function height(x, z)
  return 18 * math.sin(x * 0.013) * math.cos(z * 0.021)
       + 6 * math.sin(x * 0.071 + z * 0.043)
       + 1.5 * math.sin(x * 0.31) * math.sin(z * 0.27)
end

print(("collide.heightfield benchmark (%s)"):format(_VERSION .. (jit and " / " .. jit.version or "")))

local heights = {}
for j = 0, N - 1 do
  for i = 0, N - 1 do heights[j * N + i + 1] = height(i, j) end
end
-- the mesh of the same triangles, in the contract's order
local verts, idx = {}, {}
for j = 0, N - 1 do
  for i = 0, N - 1 do
    local k = j * N + i
    verts[3 * k + 1], verts[3 * k + 2], verts[3 * k + 3] = OX + i * SX, OY + heights[k + 1], OZ + j * SZ
  end
end
local ni = 0
for j = 0, N - 2 do
  for i = 0, N - 2 do
    local a = j * N + i + 1
    local b, c, d = a + N, a + N + 1, a + 1
    idx[ni + 1], idx[ni + 2], idx[ni + 3] = a, b, c
    idx[ni + 4], idx[ni + 5], idx[ni + 6] = a, c, d
    ni = ni + 6
  end
end
local ntri = ni / 3
print(("grid: %d x %d samples, %d triangles"):format(N, N, ntri))

collectgarbage()
local t0 = clock()
local hf = collide.heightfield(heights, N, N, SX, SZ, OX, OY, OZ)
local t_hf = clock() - t0
collectgarbage()
t0 = clock()
local mesh = collide.mesh(verts, idx)
local t_mesh = clock() - t0
print(("build: heightfield %.3f s, mesh %.3f s: the heightfield builds %.0fx faster")
  :format(t_hf, t_mesh, t_mesh / t_hf))
print(("memory: heightfield %.2f bytes per sample (%.1f MB), mesh %.1f bytes per sample (%.1f MB)")
  :format(hf:memory() / (N * N), hf:memory() / 2^20, mesh:memory() / (N * N), mesh:memory() / 2^20))
-- the mesh's input arrays freed before the timings
verts, idx = nil, nil -- luacheck: ignore 311
collectgarbage()

local span = (N - 1) * SX
local function long_ray()
  local o = { OX + rnd(0, span), rnd(25, 60), OZ + rnd(0, span) }
  local d = { rnd(-1, 1), rnd(-1, -0.03), rnd(-1, 1) }
  if rnd(0, 1) < 0.05 then d[2] = -d[2] end
  return collide.ray(o, d)
end
local function short_ray()
  local x, z, a = rnd(0, span), rnd(0, span), rnd(0, 2 * math.pi)
  return collide.ray(OX + x, height(x, z) + 1.8, OZ + z, math.cos(a), rnd(-0.1, 0.1), math.sin(a), 30)
end
local function down_ray()
  return collide.ray(OX + rnd(0, span), 100, OZ + rnd(0, span), 0, -1, 0)
end
local function grazing_ray()
  local o = { OX + rnd(0, span), rnd(20, 30), OZ + rnd(0, span) }
  return collide.ray(o, { rnd(-1, 1), rnd(-0.02, -0.002), rnd(-1, 1) })
end

local cast = collide.ray(0, 0, 0, 1, 0, 0).cast
local kinds = {
  { "long rays from above", long_ray },
  { "level rays of 30 near the ground", short_ray },
  { "vertical rays down", down_ray },
  { "grazing rays across the terrain", grazing_ray },
}
local all_same = true
local bullet_rays
for _, kind in ipairs(kinds) do
  local rays = {}
  for i = 1, RAYS do rays[i] = kind[2]() end
  if kind[2] == long_ray then bullet_rays = rays end
  local hits, same = 0, 0
  local ht, hi = {}, {}
  t0 = clock()
  for i = 1, RAYS do
    local t, _, _, _, _, _, _, _, _, index = cast(rays[i], hf)
    ht[i], hi[i] = t, index
  end
  local per_hf = (clock() - t0) / RAYS
  t0 = clock()
  for i = 1, RAYS do
    local t, _, _, _, _, _, _, _, _, index = cast(rays[i], mesh)
    if t then hits = hits + 1 end
    if t == ht[i] and index == hi[i] then same = same + 1 end
  end
  local per_mesh = (clock() - t0) / RAYS
  all_same = all_same and same == RAYS
  print(("%-34s heightfield %.2f us, mesh %.2f us per ray:cast (heightfield/mesh %.2f); %d hit, identical %d of %d")
    :format(kind[1] .. ":", per_hf * 1e6, per_mesh * 1e6, per_hf / per_mesh, hits, same, RAYS))
end

-- a character's capsule (radius 0.3, 1.8 tall) swept by a frame's motion
-- (up to 0.5 across, falling up to 0.5) and by a level motion of 30
local sweep = collide.sweep
for _, kind in ipairs { { "one frame's motion", 0.5 }, { "level motions of 30", 30 } } do
  local caps, mx, my, mz = {}, {}, {}, {}
  local n = math.floor(RAYS / 4)
  for i = 1, n do
    local x, z = rnd(0, span), rnd(0, span)
    local y = OY + height(x, z) + 0.95
    caps[i] = collide.capsule(OX + x, y - 0.6, OZ + z, OX + x, y + 0.6, OZ + z, 0.3)
    if kind[2] < 1 then
      mx[i], my[i], mz[i] = rnd(-0.5, 0.5), rnd(-0.5, 0), rnd(-0.5, 0.5)
    else
      local a = rnd(0, 2 * math.pi)
      mx[i], my[i], mz[i] = 30 * math.cos(a), rnd(-3, 3), 30 * math.sin(a)
    end
  end
  local st, si, same, hits = {}, {}, 0, 0
  t0 = clock()
  for i = 1, n do
    local t, _, _, _, _, _, _, index = sweep(caps[i], mx[i], my[i], mz[i], hf)
    st[i], si[i] = t, index
  end
  local per_hf = (clock() - t0) / n
  t0 = clock()
  for i = 1, n do
    local t, _, _, _, _, _, _, index = sweep(caps[i], mx[i], my[i], mz[i], mesh)
    if t then hits = hits + 1 end
    if t == st[i] and index == si[i] then same = same + 1 end
  end
  local per_mesh = (clock() - t0) / n
  all_same = all_same and same == n
  print(("%-34s heightfield %.2f us, mesh %.2f us per collide.sweep(capsule) (heightfield/mesh %.2f);"
    .. " %d hit, identical %d of %d")
    :format("capsule sweeps, " .. kind[1] .. ":", per_hf * 1e6, per_mesh * 1e6, per_hf / per_mesh, hits, same, n))
end

-- the references on the same heights and the long rays, through a data file
if #programs > 0 then
  local DATA = os.tmpname()
  local out = assert(io.open(DATA, "w"))
  local fmt, buf = string.format, {}
  out:write(fmt("heightfield %d %d %.17g %.17g %.17g %.17g %.17g\n", N, N, SX, SZ, OX, OY, OZ))
  for k = 1, N * N do buf[k] = fmt("%.17g", heights[k]) end
  out:write(table.concat(buf, "\n"), "\n")
  -- the cells hit (Bullet's ray walk names a hit's cell)
  local text, nearest = refs.rays(bullet_rays, function(r)
    local index = select(10, cast(r, hf))
    return index and math.floor((index - 1) / 2) + 1
  end)
  out:write(text)
  out:close()
  t0 = clock()
  for i = 1, RAYS do cast(bullet_rays[i], hf) end
  local per_hf = (clock() - t0) / RAYS
  refs.run(programs, DATA, nearest, function(name, per, build, agree)
    print(("%-24s %.2f us per ray on the long rays (collide from Lua takes %.2fx), build %.3f s;"
      .. " same cell hit or missed: %d of %d"):format(name, per, per_hf * 1e6 / per, build, agree, RAYS))
  end)
  os.remove(DATA)
end
if not all_same then os.exit(1) end
