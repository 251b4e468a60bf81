-- bench/hull.lua: collide.hull against Bullet's btConvexHullShape with
-- btGjkPairDetector (bench/bullet_hull.cpp, double precision) on the same
-- pairs: rocks (hulls of points on a lumpy sphere) against rocks and
-- against boxes, placed at random. Prints the agreement of the distances
-- and of the intersect answers, and the time per call from Lua beside
-- Bullet's per call from C++. Run with `make bench-hull`;
-- `lua bench/hull.lua [program] [pairs] [points]`.
local collide = require "collide"

local numbers, program = {}, nil
for _, a in ipairs(arg or {}) do
  if tonumber(a) then numbers[#numbers + 1] = tonumber(a) else program = a end
end
local PAIRS = numbers[1] or 2000
local POINTS = numbers[2] or 24
local ROUNDS = 20
local clock = os.clock

-- the same numbers on every Lua
local rnd = require("levels").rng(11)
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
  return x * s, y * s, z * s, math.cos(a)
end

print(("collide.hull benchmark (%s), %d pairs of each kind, rocks of %d points")
  :format(_VERSION .. (jit and " / " .. jit.version or ""), PAIRS, POINTS))

-- 64 rocks
local rocks, clouds = {}, {}
for i = 1, 64 do
  local pts = {}
  local sx, sy, sz = rnd(0.6, 1.4), rnd(0.6, 1.4), rnd(0.6, 1.4)
  for k = 1, POINTS do
    local x, y, z = unit()
    local r = rnd(0.85, 1)
    pts[#pts + 1] = { x * r * sx, y * r * sy, z * r * sz }
  end
  clouds[i] = pts
  rocks[i] = collide.hull(pts)
end

-- the pairs: a rock at the origin, the other within reach
local pairs_ = {}
for kind = 0, 1 do
  for _ = 1, PAIRS do
    local p = { kind = kind, a = math.floor(rnd(1, 65)), pa = { 0, 0, 0 }, qa = { quat() } }
    local x, y, z = unit()
    local d = rnd(0.5, 3.2)
    p.pb, p.qb = { x * d, y * d, z * d }, { quat() }
    if kind == 0 then p.b = math.floor(rnd(1, 65))
    else p.e = { rnd(0.2, 1), rnd(0.2, 1), rnd(0.2, 1) } end
    pairs_[#pairs_ + 1] = p
  end
end

-- collide's shapes for each pair
local A, B = {}, {}
for i, p in ipairs(pairs_) do
  A[i] = rocks[p.a]:clone():set_position(p.pa):set_rotation(p.qa)
  if p.kind == 0 then B[i] = rocks[p.b]:clone():set_position(p.pb):set_rotation(p.qb)
  else B[i] = collide.obb(p.pb, p.e, p.qb) end
end

local dist, hit = {}, {}
for i = 1, #pairs_ do
  dist[i] = collide.distance(A[i], B[i])
  hit[i] = collide.intersects(A[i], B[i])
end

-- time per call from Lua, per kind
local function time(f, kind)
  local t0, calls = clock(), 0
  for _ = 1, ROUNDS do
    for i = 1, #pairs_ do
      if pairs_[i].kind == kind then f(A[i], B[i]); calls = calls + 1 end
    end
  end
  return (clock() - t0) / calls * 1e9
end
local ns = {}
for kind = 0, 1 do
  ns[kind] = { distance = time(collide.distance, kind), intersects = time(collide.intersects, kind) }
end

local bullet
if program then
  local name = os.tmpname()
  local f = assert(io.open(name, "w"))
  f:write(("hulls %d\n"):format(#clouds))
  for _, pts in ipairs(clouds) do
    f:write(#pts, "\n")
    for _, q in ipairs(pts) do f:write(("%.17g %.17g %.17g\n"):format(q[1], q[2], q[3])) end
  end
  f:write(("pairs %d\n"):format(#pairs_))
  for _, p in ipairs(pairs_) do
    local fmt = "%.17g %.17g %.17g %.17g %.17g %.17g %.17g"
    f:write(p.kind, " ", p.a - 1, " ")
    if p.kind == 0 then f:write(p.b - 1, " ") else f:write(("%.17g %.17g %.17g "):format(p.e[1], p.e[2], p.e[3])) end
    f:write(fmt:format(p.pa[1], p.pa[2], p.pa[3], p.qa[1], p.qa[2], p.qa[3], p.qa[4]), " ")
    f:write(fmt:format(p.pb[1], p.pb[2], p.pb[3], p.qb[1], p.qb[2], p.qb[3], p.qb[4]), "\n")
  end
  f:write(("rounds %d\n"):format(ROUNDS))
  f:close()
  local pipe = assert(io.popen(program .. " " .. name))
  bullet = { d = {}, ns = {} }
  for line in pipe:lines() do
    local key, v = line:match("^(ns_%S+) (%S+)$")
    if key then bullet.ns[key] = tonumber(v) else bullet.d[#bullet.d + 1] = tonumber(line) end
  end
  pipe:close()
  os.remove(name)
end

for kind = 0, 1 do
  local label = kind == 0 and "hull-hull" or "hull-box"
  print(("\n%s"):format(label))
  local n, apart, agree_hit, worst, both = 0, 0, 0, 0, 0
  for i, p in ipairs(pairs_) do
    if p.kind == kind then
      n = n + 1
      if not hit[i] then apart = apart + 1 end
      if bullet then
        local bd = bullet.d[i]
        if (bd <= 0) == hit[i] then agree_hit = agree_hit + 1 end
        if bd > 0 and not hit[i] then
          both = both + 1
          worst = math.max(worst, math.abs(bd - dist[i]))
        end
      end
    end
  end
  print(("  %d pairs, %d apart"):format(n, apart))
  if bullet then
    print(("  intersects agrees with Bullet's sign of the distance: %d of %d"):format(agree_hit, n))
    print(("  distance, pairs apart in both: largest difference %.2g over %d"):format(worst, both))
  end
  print("  per call        collide (Lua 5.4 call)   Bullet getClosestPoints (C++)")
  local b = bullet and bullet.ns[kind == 0 and "ns_hull_hull" or "ns_hull_box"]
  print(("  distance        %8.0f ns              %s"):format(ns[kind].distance, b and ("%8.0f ns"):format(b) or "-"))
  print(("  intersects      %8.0f ns              %s"):format(ns[kind].intersects, b and ("%8.0f ns"):format(b) or "-"))
end
