-- bench/scene.lua - collide.scene at game scale (doc/performance.md).
--
--   make bench-scene     (builds the core and the Bullet programs, runs this)
--   lua5.4 bench/scene.lua [bullet_dbvt ...]   with package paths set as `make demo` does
--
-- 100,000 mixed items (boxes, rotated boxes, spheres, triangles) in a
-- 1000-unit world, 2,000 rays 50-400 long. Prints the time to add them,
-- scene:raycast per ray beside the brute-force loop of ray:cast over every
-- shape (and checks that both find the same nearest hit), 20-unit box
-- queries, updates, pairs, a frustum query, and, for each Bullet program
-- given as an argument, btDbvt's time per ray over the same boxes and rays.
-- Environment: SCENE_N, SCENE_WORLD (default: the size that keeps the
-- density of 100,000 items in 1000 units), SCENE_RAYS, SCENE_BRUTE (rays brute-forced, default
-- 200: each costs ~20 ms; 2000 checks them all), SCENE_DATA (the file handed
-- to the Bullet programs, which check the nearest item of every ray).
local collide = require "collide"

local N = tonumber(os.getenv("SCENE_N")) or 100000
local NRAYS = tonumber(os.getenv("SCENE_RAYS")) or 2000
local NBRUTE = math.min(NRAYS, tonumber(os.getenv("SCENE_BRUTE")) or 200)
local DATA = os.getenv("SCENE_DATA") or os.tmpname()
-- the world grows with N so that the density stays that of 100,000 items
-- in 1000 units
local WORLD = tonumber(os.getenv("SCENE_WORLD")) or 1000 * (N / 100000) ^ (1 / 3)

local clock = os.clock
local fmt = string.format

-- Park-Miller: the same numbers under every Lua version
local seed = 20240606
local function rand()
  seed = seed * 48271 % 2147483647
  return seed / 2147483647
end
local function uniform(a, b) return a + (b - a) * rand() end
local function unit()
  while true do
    local x, y, z = uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)
    local l = x * x + y * y + z * z
    if l > 1e-4 and l <= 1 then l = math.sqrt(l) return x / l, y / l, z / l end
  end
end

-- the items, and their description for the C++ programs
local shapes, lines = {}, {}
for i = 1, N do
  local k = i % 4
  local x, y, z = uniform(0, WORLD), uniform(0, WORLD), uniform(0, WORLD)
  if k == 0 then
    local ex, ey, ez = uniform(0.5, 2.5), uniform(0.5, 2.5), uniform(0.5, 2.5)
    shapes[i] = collide.aabb(x - ex, y - ey, z - ez, x + ex, y + ey, z + ez)
    local ax, ay, az = shapes[i]:min()
    local bx, by, bz = shapes[i]:max()
    lines[i] = fmt("b %.17g %.17g %.17g %.17g %.17g %.17g", ax, ay, az, bx, by, bz)
  elseif k == 1 then
    local ex, ey, ez = uniform(0.5, 2.5), uniform(0.5, 2.5), uniform(0.5, 2.5)
    local qx, qy, qz = unit()
    local w = uniform(-1, 1)
    shapes[i] = collide.obb(x, y, z, ex, ey, ez, qx, qy, qz, w)
    lines[i] = fmt("o %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g",
      x, y, z, ex, ey, ez, qx, qy, qz, w)
  elseif k == 2 then
    local r = uniform(0.5, 2.5)
    shapes[i] = collide.sphere(x, y, z, r)
    lines[i] = fmt("s %.17g %.17g %.17g %.17g", x, y, z, r)
  else
    local v = {}
    for j = 1, 9 do v[j] = ({ x, y, z })[(j - 1) % 3 + 1] + uniform(-3, 3) end
    shapes[i] = collide.triangle(v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9])
    lines[i] = "t " .. fmt(string.rep("%.17g ", 9), (table.unpack or unpack)(v))
  end
end

local rays = {}
for i = 1, NRAYS do
  local ox, oy, oz = uniform(0, WORLD), uniform(0, WORLD), uniform(0, WORLD)
  local dx, dy, dz = unit()
  local len = uniform(50, 400)
  rays[i] = collide.ray(ox, oy, oz, dx, dy, dz, len)
  lines[N + i] = fmt("%.17g %.17g %.17g %.17g %.17g %.17g %.17g", ox, oy, oz, dx, dy, dz, len)
end

print(fmt("collide.scene benchmark under %s: %d items (aabb, obb, sphere, triangle) in a %.0f-unit world,"
  .. " %d rays 50-400 long",
  jit and jit.version or _VERSION, N, WORLD, NRAYS))

-- add
collectgarbage()
local scene = collide.scene()
local t0 = clock()
for i = 1, N do scene:add(i, shapes[i]) end
local t_add = clock() - t0
print(fmt("  add %d items                      %9.3f s   (%.2f us per item; tree height %d)",
  N, t_add, t_add / N * 1e6, scene:tree():height()))

-- raycast
local hits = {}
t0 = clock()
for i = 1, NRAYS do
  hits[i] = scene:raycast(rays[i]) or false
end
local t_ray = clock() - t0
local nhit = 0
for i = 1, NRAYS do if hits[i] then nhit = nhit + 1 end end
local us_ray = t_ray / NRAYS * 1e6
print(fmt("  scene:raycast                       %9.2f us per ray (%d of %d rays hit)", us_ray, nhit, NRAYS))

-- brute force, and the same nearest hit (item and every value)
local function brute(ray)
  local best, bt
  for i = 1, N do
    local t = ray:cast(shapes[i])
    if t and (bt == nil or t < bt) then best, bt = i, t end
  end
  return best
end
local same = 0
t0 = clock()
local bhits = {}
for i = 1, NBRUTE do bhits[i] = brute(rays[i]) or false end
local t_brute = clock() - t0
for i = 1, NBRUTE do
  local a = { scene:raycast(rays[i]) }
  local ok = a[1] == bhits[i] or (a[1] == nil and bhits[i] == false)
  if ok and a[1] then
    local b = { rays[i]:cast(shapes[a[1]]) }
    for k = 1, #b do if a[k + 1] ~= b[k] then ok = false end end
  end
  if ok then same = same + 1 end
end
local us_brute = t_brute / NBRUTE * 1e6
print(fmt("  brute force (ray:cast on every shape) %9.0f us per ray (%d rays)", us_brute, NBRUTE))
print(fmt("  speed-up                            %9.0f x   identical nearest hits: %d of %d",
  us_brute / us_ray, same, NBRUTE))
local failed = same ~= NBRUTE

-- raycast_all
t0 = clock()
local nall = 0
for i = 1, NRAYS do nall = nall + #scene:raycast_all(rays[i]) end
print(fmt("  scene:raycast_all                   %9.2f us per ray (%d hits in all)",
  (clock() - t0) / NRAYS * 1e6, nall))

-- 20-unit box queries
local boxes = {}
for i = 1, NRAYS do
  local x, y, z = uniform(0, WORLD - 20), uniform(0, WORLD - 20), uniform(0, WORLD - 20)
  boxes[i] = collide.aabb(x, y, z, x + 20, y + 20, z + 20)
end
local found = 0
t0 = clock()
for i = 1, NRAYS do found = found + #scene:query(boxes[i]) end
print(fmt("  scene:query (20-unit box)           %9.2f us per query (%.2f items found per query)",
  (clock() - t0) / NRAYS * 1e6, found / NRAYS))

-- small moves: most stay inside their fat boxes
t0 = clock()
for i = 1, N do
  shapes[i]:translate(0.01, 0, 0)
  scene:update(i, shapes[i])
end
print(fmt("  update after a 0.01 move (all)      %9.2f us per item", (clock() - t0) / N * 1e6))
t0 = clock()
for i = 1, N do
  shapes[i]:translate(1, 0, 0)
  scene:update(i, shapes[i])
end
print(fmt("  update after a 1-unit move (all)    %9.2f us per item", (clock() - t0) / N * 1e6))
for i = 1, N do shapes[i]:translate(-1.01, 0, 0); scene:update(i, shapes[i]) end

-- pairs
t0 = clock()
local npairs = #scene:pairs()
print(fmt("  scene:pairs                         %9.3f s   (%d intersecting pairs)", clock() - t0, npairs))

-- a frustum: the 300-unit box from a corner of the world
do
  local f = collide.frustum(
    collide.plane_from_point(0, 0, 0, 1, 0, 0), collide.plane_from_point(300, 0, 0, -1, 0, 0),
    collide.plane_from_point(0, 0, 0, 0, 1, 0), collide.plane_from_point(0, 300, 0, 0, -1, 0),
    collide.plane_from_point(0, 0, 1, 0, 0, 1), collide.plane_from_point(0, 0, 300, 0, 0, -1))
  t0 = clock()
  local n = #scene:query_frustum(f)
  print(fmt("  scene:query_frustum (300-unit box)  %9.3f ms  (%d items)", (clock() - t0) * 1e3, n))
end

-- Bullet
if arg and arg[1] then
  local out = assert(io.open(DATA, "w"))
  out:write(N, "\n", table.concat(lines, "\n", 1, N), "\n", NRAYS, "\n",
    table.concat(lines, "\n", N + 1, N + NRAYS), "\n")
  out:close()
  for k = 1, #arg do
    local p = assert(io.popen(arg[k] .. " " .. DATA))
    local text = p:read("a")
    p:close()
    local name = text:match("name (%S+)") or arg[k]
    local build = tonumber(text:match("build_s (%S+)"))
    local per = tonumber(text:match("us_per_ray (%S+)"))
    local agree = 0
    for i, item in text:gmatch("hit (%d+) (%-?%d+)") do
      i, item = tonumber(i), tonumber(item)
      if (item < 0 and hits[i] == false) or item == hits[i] then agree = agree + 1 end
    end
    if per then
      print(fmt("  Bullet %-28s %9.2f us per ray, build %.3f s; collide from Lua %.2f us per ray (%.2fx);"
        .. " same nearest items: %d of %d",
        name, per, build or -1, us_ray, per / us_ray, agree, NRAYS))
      failed = failed or agree ~= NRAYS
    else
      print("  Bullet program " .. arg[k] .. " failed:\n" .. text)
      failed = true
    end
  end
  if not os.getenv("SCENE_DATA") then os.remove(DATA) end
end

if failed then
  io.stderr:write("bench/scene.lua: results differ from brute force or Bullet\n")
  os.exit(1)
end
