-- bench/mesh.lua: collide.mesh on a generated terrain of 1,000,000 triangles:
-- build time, memory per triangle, and the cost of ray:cast(mesh) from Lua
-- against brute force (ray:cast on every triangle, from Lua) with the hits
-- compared, and a capsule's collide.sweep against the mesh beside ray casts
-- along the same motions, checked against the per-triangle minimum. Run
-- with `make bench-mesh`; `lua bench/mesh.lua [nx] [nz] [brute_rays]
-- [program...]` for a grid of nx * nz quads (2 triangles each) and
-- reference programs run on the same mesh and rays (bench/mesh_ref.h:
-- Embree's and Bullet's, built by mk/bench.mk). MESH_RAYS: the number of
-- rays (200,000).
local collide = require "collide"
local refs = require "refs"

local numbers, programs = {}, {}
for _, a in ipairs(arg or {}) do
  if tonumber(a) then numbers[#numbers + 1] = tonumber(a) else programs[#programs + 1] = a end
end
local NX = numbers[1] or 1000
local NZ = numbers[2] or 500
local BRUTE = numbers[3] or 12
local RAYS = tonumber(os.getenv("MESH_RAYS")) or 200000

local clock = os.clock

-- the same numbers on every Lua
local rnd = require("levels").rng(7)

-- resident memory in bytes, where /proc tells it
local function rss()
  local f = io.open("/proc/self/statm")
  if not f then return nil end
  local _, res = f:read("*n", "*n")
  f:close()
  return res * 4096
end

local function height(x, z)
  return 18 * math.sin(x * 0.013) * math.cos(z * 0.021)
       + 6 * math.sin(x * 0.071 + z * 0.043)
       + 1.5 * math.sin(x * 0.31) * math.sin(z * 0.27)
end

print(("collide.mesh benchmark (%s)"):format(_VERSION .. (jit and " / " .. jit.version or "")))

-- terrain: (NX + 1) * (NZ + 1) vertices, 1 unit apart, two triangles a quad
local t0 = clock()
local verts, idx = {}, {}
local nv = 0
for j = 0, NZ do
  for i = 0, NX do
    verts[nv + 1], verts[nv + 2], verts[nv + 3] = i, height(i, j), j
    nv = nv + 3
  end
end
local ni, row = 0, NX + 1
for j = 0, NZ - 1 do
  for i = 0, NX - 1 do
    local a = j * row + i + 1
    local b, c, d = a + 1, a + row, a + row + 1
    idx[ni + 1], idx[ni + 2], idx[ni + 3] = a, c, b
    idx[ni + 4], idx[ni + 5], idx[ni + 6] = b, c, d
    ni = ni + 6
  end
end
local t_gen = clock() - t0
local ntri = math.floor(ni / 3)
print(("mesh: %d triangles (%d x %d quads), %d vertices; Lua tables generated in %.2f s")
  :format(ntri, NX, NZ, math.floor(nv / 3), t_gen))

collectgarbage()
local rss0 = rss()
t0 = clock()
local mesh = collide.mesh(verts, idx)
local t_build = clock() - t0
local rss1 = rss()
print(("build: %.3f s for collide.mesh(vertices, indices) (reading the tables and the BVH)")
  :format(t_build))
print(("memory: %.1f bytes per triangle held by the mesh (mesh:memory() = %.1f MB)%s")
  :format(mesh:memory() / ntri, mesh:memory() / 2^20,
          rss0 and (", resident set grew by %.1f MB"):format((rss1 - rss0) / 2^20) or ""))

-- rays from above the terrain, downwards at any slope down to grazing, a few
-- pointing up (misses)
local function random_ray()
  local o = { rnd(0, NX), rnd(25, 60), rnd(0, NZ) }
  local d = { rnd(-1, 1), rnd(-1, -0.03), rnd(-1, 1) }
  if rnd(0, 1) < 0.05 then d[2] = -d[2] end
  return collide.ray(o, d)
end

local rays = {}
for i = 1, RAYS do rays[i] = random_ray() end

local cast = rays[1].cast
local hits = 0
t0 = clock()
for i = 1, RAYS do
  if cast(rays[i], mesh) then hits = hits + 1 end
end
local t_mesh = (clock() - t0) / RAYS
print(("raycast: %.2f us per ray:cast(mesh) over %d rays (%d hit)")
  :format(t_mesh * 1e6, RAYS, hits))

-- the references on the same mesh and rays, through a data file
if #programs > 0 then
  local DATA = os.tmpname()
  local out = assert(io.open(DATA, "w"))
  local fmt, buf = string.format, {}
  out:write(fmt("mesh %d %d\n", math.floor(nv / 3), ntri))
  for k = 1, nv, 3 do buf[#buf + 1] = fmt("%.17g %.17g %.17g", verts[k], verts[k + 1], verts[k + 2]) end
  out:write(table.concat(buf, "\n"), "\n")
  buf = {}
  for k = 1, ni, 3 do buf[#buf + 1] = fmt("%d %d %d", idx[k] - 1, idx[k + 1] - 1, idx[k + 2] - 1) end
  out:write(table.concat(buf, "\n"), "\n")
  local text, nearest = refs.rays(rays, function(r) return select(10, cast(r, mesh)) end)
  out:write(text)
  out:close()
  -- the rays' text freed before the references run
  buf, text = nil, nil -- luacheck: ignore 311
  refs.run(programs, DATA, nearest, function(name, per, build, agree)
    print(("%-24s %.2f us per ray (collide from Lua takes %.2fx), build %.3f s (collide takes %.2fx); same triangle hit"
      .. " or missed: %d of %d"):format(name, per, t_mesh * 1e6 / per, build, t_build / build, agree, RAYS))
  end)
  os.remove(DATA)
end

-- a character's rays: 1.8 above the ground, level, 30 units long
local short = {}
for i = 1, RAYS do
  local x, z, a = rnd(0, NX), rnd(0, NZ), rnd(0, 2 * math.pi)
  short[i] = collide.ray(x, height(x, z) + 1.8, z, math.cos(a), rnd(-0.1, 0.1), math.sin(a), 30)
end
hits = 0
t0 = clock()
for i = 1, RAYS do
  if cast(short[i], mesh) then hits = hits + 1 end
end
print(("short rays: %.2f us per ray:cast(mesh) for level rays of length 30 near the ground (%d hit)")
  :format((clock() - t0) / RAYS * 1e6, hits))

-- a character's capsule (radius 0.3, 1.8 tall) swept along the same
-- motions as rays cast from its centre: the level motions of length 30
-- above, and a frame's motion (up to 0.5 across, falling up to 0.5)
local sweep = collide.sweep
local function capsule_at(r)
  local ox, oy, oz = r:origin()
  return collide.capsule(ox, oy - 0.6, oz, ox, oy + 0.6, oz, 0.3)
end
local frame = {}
for i = 1, RAYS do
  local x, z = rnd(0, NX), rnd(0, NZ)
  local dx, dy, dz = rnd(-0.5, 0.5), rnd(-0.5, 0), rnd(-0.5, 0.5)
  local l = math.sqrt(dx * dx + dy * dy + dz * dz)
  frame[i] = collide.ray(x, height(x, z) + 0.95, z, dx, dy, dz, l)
end
local function motion(r)
  local dx, dy, dz = r:direction()
  local l = r:tmax()
  return dx * l, dy * l, dz * l
end
local SWEEPS = math.floor(RAYS / 4)
local sweep_rows = { { "level motions of 30", short }, { "one frame's motion", frame } }
for _, set in ipairs(sweep_rows) do
  local list, caps, mx, my, mz = set[2], {}, {}, {}, {}
  for i = 1, SWEEPS do caps[i] = capsule_at(list[i]); mx[i], my[i], mz[i] = motion(list[i]) end
  local ray_hits, sweep_hits = 0, 0
  t0 = clock()
  for i = 1, SWEEPS do
    if cast(list[i], mesh) then ray_hits = ray_hits + 1 end
  end
  local t_ray = (clock() - t0) / SWEEPS
  t0 = clock()
  for i = 1, SWEEPS do
    if sweep(caps[i], mx[i], my[i], mz[i], mesh) then sweep_hits = sweep_hits + 1 end
  end
  local t_sweep = (clock() - t0) / SWEEPS
  print(("capsule sweep, %s: %.2f us per collide.sweep(capsule, dx, dy, dz, mesh) (%d hit), %.2f us per ray cast"
    .. " along it (%d hit): %.1fx"):format(set[1], t_sweep * 1e6, sweep_hits, t_ray * 1e6, ray_hits, t_sweep / t_ray))
  set.caps, set.mx, set.my, set.mz = caps, mx, my, mz
end

-- any hit (collide.intersects(mesh, ray)), as a shadow ray would use it
local intersects = collide.intersects
t0 = clock()
for i = 1, RAYS do intersects(mesh, rays[i]) end
print(("any hit: %.2f us per collide.intersects(mesh, ray)"):format((clock() - t0) / RAYS * 1e6))

-- brute force: one triangle userdata per triangle, every one cast from Lua
t0 = clock()
local tris = {}
for k = 0, ntri - 1 do
  local a, b, c = idx[3 * k + 1], idx[3 * k + 2], idx[3 * k + 3]
  tris[k + 1] = collide.triangle(verts[3 * a - 2], verts[3 * a - 1], verts[3 * a],
                                 verts[3 * b - 2], verts[3 * b - 1], verts[3 * b],
                                 verts[3 * c - 2], verts[3 * c - 1], verts[3 * c])
end
print(("brute force: %d triangle userdata made in %.2f s"):format(ntri, clock() - t0))

local same, brute_time = 0, 0
for n = 1, BRUTE do
  local r = rays[n]
  t0 = clock()
  local bt, bu, bv, bi
  for k = 1, ntri do
    local t, _, _, _, _, _, _, u, v = cast(r, tris[k])
    if t and (not bt or t < bt) then bt, bu, bv, bi = t, u, v, k end
  end
  brute_time = brute_time + clock() - t0
  local t, _, _, _, _, _, _, u, v, i = cast(r, mesh)
  if t == bt and u == bu and v == bv and i == bi then same = same + 1 end
end
local t_brute = brute_time / BRUTE
print(("brute force: %.1f ms per ray over all %d triangles (%d rays)")
  :format(t_brute * 1e3, ntri, BRUTE))
print(("speed-up: %.0fx; identical hits (t, u, v, index): %d of %d rays")
  :format(t_brute / t_mesh, same, BRUTE))

-- the capsule sweeps against the minimum over the triangles one by one
-- (those whose box meets the capsule's box swept, found in Lua)
local sweep_same, sweep_n = 0, 0
for _, set in ipairs(sweep_rows) do
  for n = 1, BRUTE do
    local c, dx, dy, dz = set.caps[n], set.mx[n], set.my[n], set.mz[n]
    local box = c:bounds()
    local x0, y0, z0 = box:min()
    local x1, y1, z1 = box:max()
    local lo = { math.min(x0, x0 + dx), math.min(y0, y0 + dy), math.min(z0, z0 + dz) }
    local hi = { math.max(x1, x1 + dx), math.max(y1, y1 + dy), math.max(z1, z1 + dz) }
    local bt, bi, bn
    for k = 0, ntri - 1 do
      local inside = true
      for a = 1, 3 do
        local v1, v2, v3 = verts[3 * idx[3 * k + 1] - 3 + a], verts[3 * idx[3 * k + 2] - 3 + a],
                           verts[3 * idx[3 * k + 3] - 3 + a]
        if math.max(v1, v2, v3) < lo[a] - 1e-6 or math.min(v1, v2, v3) > hi[a] + 1e-6 then
          inside = false
          break
        end
      end
      if inside then
        local t, _, _, _, nx, ny, nz = sweep(c, dx, dy, dz, tris[k + 1])
        if t and (not bt or t < bt) then bt, bi, bn = t, k + 1, { nx, ny, nz } end
      end
    end
    local t, _, _, _, nx, ny, nz, i = sweep(c, dx, dy, dz, mesh)
    sweep_n = sweep_n + 1
    if t == bt and i == bi and (not t or (nx == bn[1] and ny == bn[2] and nz == bn[3])) then
      sweep_same = sweep_same + 1
    end
  end
end
print(("capsule sweeps identical to the per-triangle minimum (t, normal, index): %d of %d")
  :format(sweep_same, sweep_n))
if same ~= BRUTE or sweep_same ~= sweep_n then os.exit(1) end
