-- bench/broad.lua - the broad phase at game scale beside Bullet's
-- (doc/performance.md).
--
--   make bench-scene        (runs this after bench/scene.lua, with Bullet)
--   lua5.4 bench/broad.lua [bullet_broad]   with package paths set as `make demo` does
--
-- The boxes (half extents 0.5-2.5, speeds up to 0.5 a frame on each axis, in
-- a world sized so that 100,000 boxes fill 1000 units) come from the same
-- generator as bench/bullet_broad.cpp, so both see the same scenes:
--   - N boxes, every one or every 20th moving: per frame, the moving boxes'
--     shapes are set, scene:sync() refits them and tree:pairs() finds the
--     pairs (Bullet: setAabb and calculateOverlappingPairs of
--     btDbvtBroadphase with its sorted pair cache);
--   - tree:insert, 20-unit box queries and rays 50-400 long at 10k, 100k
--     and 1M boxes (Bullet: btDbvt::insert, collideTV, rayTest);
--   - memory per item: the tree's storage as the collector counts it (all
--     of it is Lua userdata: nodes, the walks' scratch), against the bytes
--     Bullet's btDbvt allocates (and its broad phase, proxies and pair cache
--     included, at the first size).
-- Environment: BROAD_SIZES (default "10000,100000,1000000"), BROAD_FRAMES
-- (20), BROAD_QUERIES (2000). One run gives both columns: compare ratios,
-- not figures from different runs.
local collide = require "collide"
local step_boxes = require("levels").step_boxes

local fmt, clock = string.format, os.clock
local SIZES = {}
for n in (os.getenv("BROAD_SIZES") or "10000,100000,1000000"):gmatch("%d+") do SIZES[#SIZES + 1] = tonumber(n) end
local FRAMES = tonumber(os.getenv("BROAD_FRAMES")) or 20
local NQ = tonumber(os.getenv("BROAD_QUERIES")) or 2000
local BULLET = arg and arg[1]

-- Park-Miller, as bench/bullet_broad.cpp
local seed
local function rnd()
  seed = seed * 48271 % 2147483647
  return seed / 2147483647
end

local function world_for(n) return 1000 * (n / 100000) ^ (1 / 3) end

-- boxes as flat arrays: position, velocity, half extent
local function make_boxes(n, w)
  local b = { x = {}, y = {}, z = {}, vx = {}, vy = {}, vz = {}, e = {} }
  local x, y, z, vx, vy, vz, e = b.x, b.y, b.z, b.vx, b.vy, b.vz, b.e
  for i = 1, n do
    x[i], y[i], z[i] = rnd() * w, rnd() * w, rnd() * w
    e[i] = 0.5 + 2 * rnd()
    vx[i], vy[i], vz[i] = (2 * rnd() - 1) * 0.5, (2 * rnd() - 1) * 0.5, (2 * rnd() - 1) * 0.5
  end
  return b
end

local function bullet(...)
  if not BULLET then return {} end
  local p = assert(io.popen(table.concat({ BULLET, ... }, " ")))
  local out = {}
  for k, v in p:read("a"):gmatch("(%S+) (%S+)") do out[k] = tonumber(v) end
  p:close()
  return out
end

local rows = {}
local function row(what, ours, theirs, unit)
  rows[#rows + 1] = { what, ours, theirs, unit }
end

-- frames: every `every`-th box moves
local function frames(n, every)
  seed = 20261124
  local w = world_for(n)
  local b = make_boxes(n, w)
  local x, y, z, e = b.x, b.y, b.z, b.e
  local scene = collide.scene()
  local shapes = {}
  for i = 1, n do
    shapes[i] = collide.aabb(x[i] - e[i], y[i] - e[i], z[i] - e[i], x[i] + e[i], y[i] + e[i], z[i] + e[i])
    scene:add(i, shapes[i])
  end
  local tree = scene:tree()
  tree:pairs()
  local t_move, t_sync, t_pairs, npairs = 0, 0, 0, 0
  for _ = 1, FRAMES do
    local t0 = clock()
    step_boxes(b, shapes, 1, n, every, w)
    local t1 = clock()
    scene:sync()
    local t2 = clock()
    npairs = #tree:pairs() / 2
    local t3 = clock()
    t_move, t_sync, t_pairs = t_move + t1 - t0, t_sync + t2 - t1, t_pairs + t3 - t2
  end
  local t0 = clock()
  local exact = #scene:pairs()
  local t_exact = clock() - t0
  local bl = bullet("frames", n, FRAMES, every)
  local ms = (t_move + t_sync + t_pairs) / FRAMES * 1e3
  local label = every == 1 and fmt("%d boxes all moving", n) or fmt("%d boxes, 1 in %d moving", n, every)
  row(label .. ": move + sync + pairs", ms, bl.frame_ms, "ms/frame")
  row(fmt("  of which set %.2f, sync %.2f, tree:pairs %.2f ms; %d fat pairs (Bullet %s)",
    t_move / FRAMES * 1e3, t_sync / FRAMES * 1e3, t_pairs / FRAMES * 1e3, npairs, bl.pairs or "-"))
  row(fmt("  scene:pairs (exact, %d pairs) once", exact), t_exact * 1e3, nil, "ms")
  return bl
end

local function tree_ops(n)
  seed = 20261124
  local w = world_for(n)
  local b = make_boxes(n, w)
  local x, y, z, e = b.x, b.y, b.z, b.e
  local box = collide.aabb(0, 0, 0, 0, 0, 0)
  collectgarbage()
  collectgarbage()
  local kb = collectgarbage("count")
  local tree = collide.tree()
  local t0 = clock()
  for i = 1, n do
    local h = e[i]
    box:set(x[i] - h, y[i] - h, z[i] - h, x[i] + h, y[i] + h, z[i] + h)
    tree:insert(box)
  end
  local t_insert = (clock() - t0) / n * 1e6
  tree:query(box)                        -- the scratch, made once
  collectgarbage()
  local bytes = (collectgarbage("count") - kb) * 1024 / n
  local qs = {}
  for i = 1, NQ do
    local qx, qy, qz = rnd() * (w - 20), rnd() * (w - 20), rnd() * (w - 20)
    qs[i] = collide.aabb(qx, qy, qz, qx + 20, qy + 20, qz + 20)
  end
  local found = 0
  t0 = clock()
  for i = 1, NQ do found = found + #tree:query(qs[i]) end
  local t_query = (clock() - t0) / NQ * 1e6
  local rays = {}
  for i = 1, NQ do
    local ox, oy, oz = rnd() * w, rnd() * w, rnd() * w
    local dx, dy, dz = 2 * rnd() - 1, 2 * rnd() - 1, 2 * rnd() - 1
    local l = math.sqrt(dx * dx + dy * dy + dz * dz)
    rays[i] = collide.ray(ox, oy, oz, dx / l, dy / l, dz / l, 50 + 350 * rnd())
  end
  local met = 0
  t0 = clock()
  for i = 1, NQ do met = met + #tree:raycast(rays[i]) end
  local t_ray = (clock() - t0) / NQ * 1e6
  local bl = bullet("tree", n, NQ)
  row(fmt("%d boxes: tree:insert", n), t_insert, bl.insert_us, "us/item")
  row(fmt("  20-unit box query (%d leaves met; Bullet %s)", found, bl.query_found or "-"), t_query, bl.query_us, "us")
  row(fmt("  raycast, all leaves entered (%d; Bullet %s)", met, bl.ray_found or "-"), t_ray, bl.ray_us, "us")
  return { n, bytes, bl.tree_bytes_per_item }
end

print(fmt("broad phase under %s%s", jit and jit.version or _VERSION, BULLET and ", beside Bullet's btDbvt" or ""))
local bl10 = frames(SIZES[1], 1)
if SIZES[2] then frames(SIZES[2], 20) end
local mem = {}
for _, n in ipairs(SIZES) do mem[#mem + 1] = tree_ops(n) end
for _, m in ipairs(mem) do
  row(fmt("memory per item, %d boxes: the tree (Bullet: btDbvt)", m[1]), m[2], m[3], "B")
end
row(fmt("memory per item, %d boxes: Bullet's btDbvtBroadphase with its pair cache: %s B",
  SIZES[1], bl10.bytes_per_item or "-"))

print(fmt("  %-66s %10s %10s %7s", "", "collide", "Bullet", "ratio"))
for _, r in ipairs(rows) do
  if r[2] == nil then
    print("  " .. r[1])
  else
    local ratio = r[3] and r[3] > 0 and fmt("%6.2fx", r[2] / r[3]) or ""
    print(fmt("  %-66s %10.3f %10s %7s %s", r[1], r[2], r[3] and fmt("%.3f", r[3]) or "-", ratio, r[4]))
  end
end
