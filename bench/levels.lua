-- bench/levels.lua: the levels the character benchmarks walk, as data that
-- a peer written in another language can read back (world.lua dumps them).
--
--   levels.rng(seed)        the project's seeded generator (minstd), so every
--                           Lua builds the same levels
--   levels.terrain(n)       an n x n grid of cells, two triangles each, over
--                           a smooth height function: vertices {x, y, z, ...},
--                           1-based indices, the height function
--   levels.boxes17()        a 17-box level: a floor, five stairs, ramps of
--                           30, 40 and 60 degrees, walls, a beam, a ledge,
--                           pillars, a low block, a platform
--   levels.extra(n)         n more boxes around that level, never in it
--   levels.step_boxes(...)  a frame of boxes flying in a cube (the broad
--                           phase and world benchmarks)
--   levels.script           the player's input: legs of {seconds, speed,
--                           heading at the start, heading at the end}
--                           (degrees, 0 = +x, 90 = +z), walked at 60 Hz
--
-- A box is {cx, cy, cz, hx, hy, hz, angle}: centre, half extents and a
-- rotation about +z by angle degrees (0: an axis-aligned box).
local sin, cos, rad, floor = math.sin, math.cos, math.rad, math.floor

local M = {}

function M.rng(seed)
  local s = seed
  return function(a, b)
    s = s * 48271 % 2147483647
    return a + (b - a) * (s / 2147483647)
  end
end

function M.terrain(n)
  local v, idx = {}, {}
  local function h(x, z) return 1.5 * sin(x * 0.11) * cos(z * 0.13) + 0.6 * sin(x * 0.31 + z * 0.17) end
  for j = 0, n do
    for i = 0, n do
      v[#v + 1], v[#v + 2], v[#v + 3] = i, h(i, j), j
    end
  end
  for j = 0, n - 1 do
    for i = 0, n - 1 do
      local a = j * (n + 1) + i + 1
      local b, c, d = a + 1, a + n + 1, a + n + 2
      idx[#idx + 1], idx[#idx + 2], idx[#idx + 3] = a, c, b
      idx[#idx + 1], idx[#idx + 2], idx[#idx + 3] = b, c, d
    end
  end
  return v, idx, h
end

local function aabb(x0, y0, z0, x1, y1, z1)
  return { (x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2, (x1 - x0) / 2, (y1 - y0) / 2, (z1 - z0) / 2, 0 }
end

-- a slab 0.5 thick whose top face rises along +x at angle degrees from the
-- edge (x, y) and spans z0..z1; also the far end of that top edge
local function ramp(x, y, z0, z1, angle, length)
  local a = rad(angle)
  local ax, ay = cos(a), sin(a)
  local hx, hy = length / 2, 0.25
  return { x + ax * hx + ay * hy, y + ay * hx - ax * hy, (z0 + z1) / 2, hx, hy, (z1 - z0) / 2, angle },
    x + ax * length, y + ay * length
end

-- the region the 17 boxes fill (x0, z0, x1, z1)
M.AREA = { -4, -8, 32, 12 }

function M.boxes17()
  local b = {}
  b[#b + 1] = aabb(-4, -1, -8, 32, 0, 12)                                  -- floor
  for i = 1, 5 do b[#b + 1] = aabb(2 + 0.5 * (i - 1), 0, -1.5, 9, 0.2 * i, 1.5) end  -- stairs
  b[#b + 1] = (ramp(9, 1, -1.5, 1.5, -30, 2))                              -- back down, 30 degrees
  b[#b + 1] = aabb(6, 0, 3, 24, 2.5, 3.5)                                  -- a long wall
  b[#b + 1] = aabb(11.5, 2.2, -1, 12.5, 3, 1)                              -- a beam over the way
  b[#b + 1] = aabb(20, 0, -1, 22, 0.8, 3)                                  -- a ledge, too high
  local up, x1, y1 = ramp(13, 0, -7, -5, 40, 3)                           -- 40 degrees up...
  b[#b + 1] = up
  b[#b + 1] = aabb(x1, 0, -7, 18, y1, -5)                                  -- ...to a platform
  b[#b + 1] = ramp(25, 0, -8, -3, 60, 3)                                   -- too steep
  b[#b + 1] = aabb(28, 0, -8, 28.5, 3, 12)                                 -- the far wall
  b[#b + 1] = aabb(17, 0, 0, 17.6, 3, 0.6)                                 -- pillars
  b[#b + 1] = aabb(22, 0, -5.8, 22.6, 3, -5.2)
  b[#b + 1] = aabb(17.5, 0, -3, 18.5, 0.2, -2)                             -- a low block
  return b
end

function M.extra(n, seed)
  local r = M.rng(seed or 4242)
  local x0, z0, x1, z1 = M.AREA[1] - 1, M.AREA[2] - 1, M.AREA[3] + 1, M.AREA[4] + 1
  local b = {}
  while #b < n do
    local hx, hy, hz = r(0.1, 0.5), r(0.1, 0.5), r(0.1, 0.5)
    local x, y, z = r(-40, 70), r(0, 3), r(-45, 50)
    if x + hx < x0 or x - hx > x1 or z + hz < z0 or z - hz > z1 then
      b[#b + 1] = { x, y, z, hx, hy, hz, 0 }
    end
  end
  return b
end

-- one frame of boxes flying in a cube of side w, bouncing off its sides:
-- b holds arrays x, y, z (centres), vx, vy, vz (units a frame) and e (half
-- extents); boxes first, first + stride, ... up to last move, and their
-- shapes (aabbs) are set to the new places
function M.step_boxes(b, shapes, first, last, stride, w)
  local x, y, z, vx, vy, vz, e = b.x, b.y, b.z, b.vx, b.vy, b.vz, b.e
  for i = first, last, stride do
    local px, py, pz = x[i] + vx[i], y[i] + vy[i], z[i] + vz[i]
    if px < 0 or px > w then vx[i] = -vx[i] end
    if py < 0 or py > w then vy[i] = -vy[i] end
    if pz < 0 or pz > w then vz[i] = -vz[i] end
    x[i], y[i], z[i] = px, py, pz
    local h = e[i]
    shapes[i]:set(px - h, py - h, pz - h, px + h, py + h, pz + h)
  end
end

-- feet at (0, 0, 0) on the box level; at the terrain's middle on the mesh
M.script = {
  { 2.5, 4, 0, 0 },          -- up the stairs and down the 30-degree ramp
  { 1.0, 4, 0, 0 },          -- under the beam
  { 1.0, 3, 0, 90 },         -- turning left...
  { 1.0, 3, 80, 80 },        -- ...into the long wall
  { 1.5, 4, 10, 10 },        -- sliding along it into the ledge
  { 1.0, 3, -90, -90 },      -- along the ledge
  { 1.5, 3, -135, -135 },    -- over the low block
  { 1.5, 3, 180, 180 },
  { 1.0, 2.5, -90, -90 },
  { 2.5, 3, 0, 0 },          -- up the 40-degree ramp, over the platform, off it
  { 2.5, 4, 0, 0 },          -- past a pillar into the steep ramp
  { 2.0, 3, 0, 180 },        -- turning round
}

-- frames of the script: calls each(vx, vz) once per frame at 60 Hz
function M.walk(each)
  for _, leg in ipairs(M.script) do
    local n = floor(leg[1] * 60 + 0.5)
    for k = 0, n - 1 do
      local h = rad(leg[3] + (leg[4] - leg[3]) * (k + 0.5) / n)
      each(leg[2] * cos(h), leg[2] * sin(h))
    end
  end
end

return M
