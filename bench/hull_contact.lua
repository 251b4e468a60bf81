-- bench/hull_contact.lua: collide.contact between two overlapping hulls
-- (points on a lumpy sphere, random rotations, centres from 0.3 to 1.6
-- apart) as the hulls grow from 12 to 96 vertices, per call from Lua, and
-- the ratio of each size's time to the 12-vertex one. Run with `make
-- bench-hull-contact` (part of `make bench`); `lua bench/hull_contact.lua
-- [pairs]`.
local collide = require "collide"

local PAIRS = tonumber(arg and arg[1]) or 400
local clock = os.clock
local rnd = require("levels").rng(5)

local function unit()
  local x, y, z, l
  repeat
    x, y, z = rnd(-1, 1), rnd(-1, 1), rnd(-1, 1)
    l = x * x + y * y + z * z
  until l > 1e-6 and l <= 1
  l = math.sqrt(l)
  return x / l, y / l, z / l
end
local function quat()
  local x, y, z = unit()
  local a = rnd(0, math.pi)
  local s = math.sin(a)
  return { x * s, y * s, z * s, math.cos(a) }
end

-- a hull of n vertices: n points on a sphere (every one a vertex)
local function rock(n)
  local pts = {}
  for k = 1, n do pts[k] = { unit() } end
  return collide.hull(pts)
end

print(("collide.contact between overlapping hulls (%s), %d pairs a size")
  :format(_VERSION .. (jit and " / " .. jit.version or ""), PAIRS))
print(("%8s %8s %12s %10s"):format("vertices", "faces", "us/contact", "x 12"))
local base
for _, n in ipairs { 12, 24, 48, 96 } do
  local list = {}
  for i = 1, PAIRS do
    local a, b = rock(n), rock(n)
    a:set_rotation(quat())
    local x, y, z = unit()
    local d = rnd(0.3, 1.6)
    b:set_position(x * d, y * d, z * d)
    b:set_rotation(quat())
    list[i] = { a, b }
  end
  local contact = collide.contact
  local rounds = math.max(1, math.floor(96 / n))
  local t0 = clock()
  local hits = 0
  for _ = 1, rounds do
    for i = 1, PAIRS do
      if contact(list[i][1], list[i][2]) then hits = hits + 1 end
    end
  end
  local us = (clock() - t0) / (rounds * PAIRS) * 1e6
  base = base or us
  print(("%8d %8d %12.2f %10.1f"):format(list[1][1]:vertex_count(), list[1][1]:face_count(), us, us / base))
  assert(hits > 0)
end
