-- spec/motion_ref.lua - second opinions for capsules, distances between
-- shapes and sweeps, in plain Lua. They use only what other specs verify
-- already (shape:distance(point) of the kinds other than the capsule,
-- collide.intersects)
-- and arithmetic written here:
--   * a capsule's distance to a point from the closest point of its segment;
--   * the distance from a convex shape to a point is convex along a segment,
--     so a ternary search of it along the capsule's axis gives the gap
--     between the capsule and the shape;
--   * support points (the point of a shape farthest along a direction) from
--     the shapes' accessors, for separating slabs;
--   * the first touching t of a sweep by sampling collide.intersects along
--     the motion and bisecting (the t where two convex shapes meet under a
--     translation form an interval).
local collide = require "collide"

local M = {}
local sqrt, abs = math.sqrt, math.abs

local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
local function add(a, b) return { a[1] + b[1], a[2] + b[2], a[3] + b[3] } end
local function madd(a, b, s) return { a[1] + b[1] * s, a[2] + b[2] * s, a[3] + b[3] * s } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local function len(a) return sqrt(dot(a, a)) end
M.sub, M.add, M.madd, M.dot, M.len = sub, add, madd, dot, len

local function v3(x, y, z) return { x, y, z } end
local function H3(p) return p[1], p[2], p[3] end
M.unpack3 = H3
M.v3 = v3

-- the closest point of the segment a-b to p, and its parameter in [0, 1]
function M.seg_closest(a, b, p)
  local ab = sub(b, a)
  local l2 = dot(ab, ab)
  local s = 0
  if l2 > 0 then
    s = dot(sub(p, a), ab) / l2
    if s < 0 then s = 0 elseif s > 1 then s = 1 end
  end
  return madd(a, ab, s), s
end

-- signed distance from p to the capsule (negative inside), and the
-- closest point of its segment
function M.capsule_signed(c, p)
  local q = M.seg_closest(v3(c:a()), v3(c:b()), p)
  return len(sub(p, q)) - c:radius(), q
end

-- the minimum of a convex function on [lo, hi] by ternary search: s, f(s)
function M.ternary(f, lo, hi, iters)
  for _ = 1, iters or 100 do
    local m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
    if f(m1) <= f(m2) then hi = m2 else lo = m1 end
  end
  local s = (lo + hi) / 2
  return s, f(s)
end

-- the distance from the shape s (not a plane) to the segment a-b, the
-- parameter of the segment's closest point, and that point
function M.segment_gap(s, a, b)
  local ab = sub(b, a)
  local u, d = M.ternary(function(u) return s:distance(H3(madd(a, ab, u))) end, 0, 1)
  return d, u, madd(a, ab, u)
end

-- the gap between a capsule and a shape: min over the axis of the shape's
-- distance, less the radius (negative: they overlap). A plane from the
-- signed distances of the axis's ends.
function M.capsule_gap(c, s)
  local a, b = v3(c:a()), v3(c:b())
  if collide.type(s) == "plane" then
    local da, db = s:distance(H3(a)), s:distance(H3(b))
    if da * db <= 0 then return -c:radius() end
    return math.min(abs(da), abs(db)) - c:radius()
  end
  return (M.segment_gap(s, a, b)) - c:radius()
end

-- the point of s farthest along d (aabb, obb, sphere, triangle, capsule)
function M.support(s, d)
  local kind = collide.type(s)
  if kind == "aabb" then
    local lo, hi = v3(s:min()), v3(s:max())
    return { d[1] >= 0 and hi[1] or lo[1], d[2] >= 0 and hi[2] or lo[2], d[3] >= 0 and hi[3] or lo[3] }
  elseif kind == "obb" then
    local c, e = v3(s:center()), v3(s:half_extents())
    local ax = { s:axes() }
    local p = c
    for i = 1, 3 do
      local u = { ax[3 * i - 2], ax[3 * i - 1], ax[3 * i] }
      p = madd(p, u, dot(u, d) >= 0 and e[i] or -e[i])
    end
    return p
  elseif kind == "sphere" then
    local l = len(d)
    return madd(v3(s:center()), d, l > 0 and s:radius() / l or 0)
  elseif kind == "triangle" then
    local best, bd
    for i = 1, 3 do
      local p = v3(s:vertex(i))
      if not bd or dot(p, d) > bd then best, bd = p, dot(p, d) end
    end
    return best
  elseif kind == "capsule" then
    local a, b = v3(s:a()), v3(s:b())
    local p = dot(a, d) >= dot(b, d) and a or b
    local l = len(d)
    return madd(p, d, l > 0 and s:radius() / l or 0)
  end
  error("no support for " .. tostring(kind))
end

-- max over s of dot(d, x)
function M.h(s, d) return dot(d, M.support(s, d)) end

-- the largest absolute coordinate among the shape's support points along
-- the axes: its size and place, for tolerances
function M.scale(s)
  if collide.type(s) == "plane" then return 1 + abs(s:d()) end
  local m = 1
  for k = 1, 3 do
    local d = { 0, 0, 0 }
    d[k] = 1
    m = math.max(m, abs(M.h(s, d)))
    d[k] = -1
    m = math.max(m, abs(M.h(s, d)))
  end
  return m
end

-- a copy of s moved by t * d
function M.moved(s, t, d)
  return s:clone():translate(t * d[1], t * d[2], t * d[3])
end

-- a mover grown by e on every side (aabb, obb, sphere, capsule)
function M.inflate(s, e)
  local kind = collide.type(s)
  if kind == "aabb" then return s:expand(e) end
  if kind == "obb" then
    local ex, ey, ez = s:half_extents()
    local cx, cy, cz = s:center()
    return collide.obb(cx, cy, cz, ex + e, ey + e, ez + e, s:rotation())
  end
  if kind == "sphere" then
    local cx, cy, cz = s:center()
    return collide.sphere(cx, cy, cz, s:radius() + e)
  end
  local ax, ay, az = s:a()
  local bx, by, bz = s:b()
  return collide.capsule(ax, ay, az, bx, by, bz, s:radius() + e)
end

-- the first t in [0, 1] at which mover moved by t * d intersects target,
-- by sampling n points and bisecting; nil when no sample meets it
function M.first_touch(mover, d, target, n)
  n = n or 64
  local function meets(t) return collide.intersects(M.moved(mover, t, d), target) end
  if meets(0) then return 0 end
  local prev = 0
  for i = 1, n do
    local t = i / n
    if meets(t) then
      local lo, hi = prev, t
      for _ = 1, 60 do
        local mid = (lo + hi) / 2
        if meets(mid) then hi = mid else lo = mid end
      end
      return hi
    end
    prev = t
  end
  return nil
end

return M
