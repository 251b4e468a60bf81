-- bench/character.lua: collide.character and scene:move timed per call.
--
--   ch:move per character per frame (60 Hz, gravity, walking in circles)
--   on a level that is one collide.mesh of about 100,000 triangles (a
--   terrain) and on a level of 10,000 items (floor tiles of varied
--   heights, pillars); scene:move per call for an aabb sliding through
--   the 10,000 items, and for one moving through 100,000 mixed items built
--   as the scene benchmark's are (bench/scene.lua: the same kinds, sizes
--   and density). The 10,000 items are walked a second time by characters
--   without a filter, then with one that keeps everything (a Lua call per
--   item met per move), printed with the ratio of the two.
--
--   make bench-character   (Lua 5.4 and LuaJIT); CHARACTER_FRAMES=n
local collide = require "collide"

local FRAMES = tonumber(os.getenv("CHARACTER_FRAMES")) or 600
local CHARS = 16
local sin, cos, floor = math.sin, math.cos, math.floor
local clock = os.clock

local levels = require "levels"
local rng = levels.rng

local function terrain(n)
  local v, idx, h = levels.terrain(n)
  return collide.mesh(v, idx), h
end

local function run(name, scene, ground, size, options, prefix)
  local chars = {}
  prefix = prefix or "player"
  for k = 1, CHARS do
    local x, z = size * (0.2 + 0.6 * (k - 1) / CHARS), size * 0.5
    local y = ground(x, z) + 0.05
    local cap = collide.capsule(x, y + 0.3, z, x, y + 1.5, z, 0.3)
    scene:add(prefix .. k, cap)
    chars[k] = { ch = collide.character(scene, prefix .. k, options), vy = 0, a = k }
  end
  local dt = 1 / 60
  local t0 = clock()
  local floors = 0
  for f = 1, FRAMES do
    for k = 1, CHARS do
      local c = chars[k]
      c.vy = c.vy - 9.81 * dt
      local a = c.a + f * 0.01
      c.ch:move(4 * cos(a) * dt, c.vy * dt, 4 * sin(a) * dt)
      if c.ch:on_floor() then c.vy = 0; floors = floors + 1 end
    end
  end
  local us = (clock() - t0) / (FRAMES * CHARS) * 1e6
  print(("%-34s %8.1f us per character per frame  (on the floor %d%% of frames)")
    :format(name, us, floor(100 * floors / (FRAMES * CHARS) + 0.5)))
  return us
end

print(("%s, %d characters, %d frames"):format(jit and jit.version or _VERSION, CHARS, FRAMES))

-- 1. a mesh: 224 x 224 cells, two triangles each
do
  local n = 224
  local m, h = terrain(n)
  local s = collide.scene()
  s:add("terrain", m)
  run(("mesh level, %d triangles"):format(m:count()), s, h, n)
end

-- 2. 10,000 items: 96 x 96 floor tiles of heights in steps of 0.1 and 784 pillars
local tiles_scene
do
  local r = rng(12345)
  local s = collide.scene()
  local n, size = 96, 1
  local heights = {}
  for j = 0, n - 1 do
    for i = 0, n - 1 do
      local hgt = floor(r(0, 3)) * 0.1
      heights[j * n + i] = hgt
      s:add({ i, j }, collide.aabb(i * size, -1, j * size, (i + 1) * size, hgt, (j + 1) * size))
    end
  end
  for _ = 1, 10000 - n * n do
    local x, z = r(2, n - 2), r(2, n - 2)
    if math.abs(z - n / 2) > 2 then
      s:add({}, collide.aabb(x, 0, z, x + 0.3, 2.5, z + 0.3))
    else
      s:add({}, collide.aabb(x, 3, z, x + 0.3, 3.2, z + 0.3))   -- high, out of the way
    end
  end
  local function ground(x, z)
    local i, j = floor(x / size), floor(z / size)
    local best = -1
    for dj = -1, 1 do for di = -1, 1 do
      local hh = heights[(j + dj) * n + (i + di)]
      if hh and hh > best then best = hh end
    end end
    return best
  end
  run(("%d items"):format(s:count()), s, ground, n)
  -- the same walk by characters with a filter, the first ones out of the
  -- way meanwhile
  local kept = {}
  for k = 1, CHARS do
    kept[k] = s:shape("player" .. k)
    s:update("player" .. k, collide.capsule(-50, 0, k, -50, 1, k, 0.3))
  end
  -- (the walk again without: the first one warmed the caches up)
  local again = run(("%d items, again"):format(s:count() - CHARS), s, ground, n, nil, "again")
  for k = 1, CHARS do s:remove("again" .. k) end
  local filtered = run(("%d items, with a filter"):format(s:count() - CHARS), s, ground, n,
    { filter = function() return true end }, "filtered")
  for k = 1, CHARS do
    s:remove("filtered" .. k)
    s:update("player" .. k, kept[k])
  end
  print(("%-34s %8.2f x the walk again without"):format("  the filter's cost", filtered / again))
  tiles_scene = s
end

-- scene:move per call: the item "mover" (an aabb) moved by random steps,
-- across up to span per axis and along y from ylo to yhi, put back at home
-- (min and max corners) whenever its centre leaves the aabb area
local unpack = table.unpack or unpack
local function time_moves(s, home, area, span, ylo, yhi)
  local box = collide.aabb(unpack(home))
  s:add("mover", box)
  local r = rng(777)
  local calls = FRAMES * 10
  local t0 = clock()
  local hits = 0
  for _ = 1, calls do
    local dx, dy, dz = r(-span, span), r(ylo, yhi), r(-span, span)
    local _, _, _, cols = s:move("mover", dx, dy, dz)
    if #cols > 0 then hits = hits + 1 end
    if not area:contains(box:center()) then s:update("mover", box:set(unpack(home))) end
  end
  local us = (clock() - t0) / calls * 1e6
  print(("%-34s %8.1f us per call  (%d%% of calls met something)")
    :format(("scene:move, %d items"):format(s:count()), us, floor(100 * hits / calls + 0.5)))
end

-- 3. an aabb sliding through the 10,000 items
time_moves(tiles_scene, { 40, 2.6, 40, 40.5, 3.1, 40.5 }, collide.aabb(5, -1e9, 5, 90, 1e9, 90), 0.5, -0.4, 0.3)

-- 4. a 1-unit box through 100,000 items like the scene benchmark's: boxes,
-- rotated boxes, spheres and triangles of 0.5 to 3 units in a 1000-unit
-- world (its kinds, sizes and density; the rotations drawn more simply)
do
  local N, WORLD = 100000, 1000
  local r = rng(20240606)
  local s = collide.scene()
  for i = 1, N do
    local k = i % 4
    local x, y, z = r(0, WORLD), r(0, WORLD), r(0, WORLD)
    if k == 0 then
      local ex, ey, ez = r(0.5, 2.5), r(0.5, 2.5), r(0.5, 2.5)
      s:add(i, collide.aabb(x - ex, y - ey, z - ez, x + ex, y + ey, z + ez))
    elseif k == 1 then
      local ex, ey, ez = r(0.5, 2.5), r(0.5, 2.5), r(0.5, 2.5)
      s:add(i, collide.obb(x, y, z, ex, ey, ez, r(-1, 1), r(-1, 1), r(-1, 1), r(0.1, 1)))
    elseif k == 2 then
      s:add(i, collide.sphere(x, y, z, r(0.5, 2.5)))
    else
      local v = {}
      for j = 1, 9 do v[j] = ({ x, y, z })[(j - 1) % 3 + 1] + r(-3, 3) end
      s:add(i, collide.triangle(v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9]))
    end
  end
  -- a spot clear of every item, in the middle of the world
  local home = collide.aabb(500, 500, 500, 501, 501, 501)
  while #s:query(home) > 0 do home:translate(3, 0, 0) end
  local x0, y0, z0 = home:min()
  local x1, y1, z1 = home:max()
  time_moves(s, { x0, y0, z0, x1, y1, z1 }, collide.aabb(50, 50, 50, 950, 950, 950), 5, -5, 5)
end
