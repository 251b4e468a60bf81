-- bench/purelua_motion.lua: straightforward pure-Lua versions of the motion
-- queries (capsule tests, distance, sweeps), on the plain tables of
-- bench/purelua.lua, as a user without collide would write them: closest
-- points of segments (Ericson, Real-Time Collision Detection, 5.1.9), a
-- golden-section search along a capsule's segment where the other shape is
-- a box or a triangle (the distance from a convex shape is convex along a
-- segment), sweeps as ray casts against the Minkowski sum where it is a
-- sphere or a box. Used only by the benchmark.
local P = require "purelua"
local abs, sqrt, min, max = math.abs, math.sqrt, math.min, math.max

local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local function lerp(a, b, t)
  return { a[1] + t * (b[1] - a[1]), a[2] + t * (b[2] - a[2]), a[3] + t * (b[3] - a[3]) }
end
local function dist2(a, b) local d = sub(a, b); return dot(d, d) end

local M = {}

-- squared distance between segments p1-q1 and p2-q2 and the closest points
local function segments(p1, q1, p2, q2)
  local d1, d2, r = sub(q1, p1), sub(q2, p2), sub(p1, p2)
  local a, e, f = dot(d1, d1), dot(d2, d2), dot(d2, r)
  local s, t
  if a <= 1e-300 and e <= 1e-300 then
    s, t = 0, 0
  elseif a <= 1e-300 then
    s, t = 0, max(0, min(1, f / e))
  else
    local c = dot(d1, r)
    if e <= 1e-300 then
      s, t = max(0, min(1, -c / a)), 0
    else
      local b = dot(d1, d2)
      local denom = a * e - b * b
      s = denom ~= 0 and max(0, min(1, (b * f - c * e) / denom)) or 0
      t = (b * s + f) / e
      if t < 0 then t, s = 0, max(0, min(1, -c / a))
      elseif t > 1 then t, s = 1, max(0, min(1, (b - c) / a)) end
    end
  end
  local c1, c2 = lerp(p1, q1, s), lerp(p2, q2, t)
  return dist2(c1, c2), c1, c2
end

-- the smallest of f along the segment a-b, by golden section (f convex)
local G = 0.6180339887498949
local function along(a, b, f)
  local lo, hi = 0, 1
  local m1, m2 = hi - G * (hi - lo), lo + G * (hi - lo)
  local f1, f2 = f(lerp(a, b, m1)), f(lerp(a, b, m2))
  for _ = 1, 40 do
    if f1 <= f2 then hi, m2, f2 = m2, m1, f1; m1 = hi - G * (hi - lo); f1 = f(lerp(a, b, m1))
    else lo, m1, f1 = m1, m2, f2; m2 = lo + G * (hi - lo); f2 = f(lerp(a, b, m2)) end
  end
  return min(f1, f2, f(a), f(b))
end

function M.capsule_sphere(c, s)
  local d2 = segments(c.a, c.b, s.c, s.c)
  return d2 <= (c.r + s.r) ^ 2
end
function M.capsule_capsule(a, b)
  local d2 = segments(a.a, a.b, b.a, b.b)
  return d2 <= (a.r + b.r) ^ 2
end
function M.capsule_plane(c, p)
  local da, db = dot(p.n, c.a) - p.d, dot(p.n, c.b) - p.d
  return da * db <= 0 or min(abs(da), abs(db)) <= c.r
end
function M.capsule_ray(c, r)
  local q = { r.o[1] + r.tmax * r.d[1], r.o[2] + r.tmax * r.d[2], r.o[3] + r.tmax * r.d[3] }
  return segments(c.a, c.b, r.o, q) <= c.r * c.r
end
function M.capsule_obb(c, o)
  return along(c.a, c.b, function(p) return dist2(P.closest_box(o, p), p) end) <= c.r * c.r
end
function M.capsule_aabb(c, b) return M.capsule_obb(c, P.to_obb(b)) end
function M.capsule_triangle(c, t)
  return along(c.a, c.b, function(p) return dist2(P.closest_tri(t, p), p) end) <= c.r * c.r
end

-- distances
function M.dist_sphere_sphere(a, b) return max(0, sqrt(dist2(a.c, b.c)) - a.r - b.r) end
function M.dist_capsule_capsule(a, b)
  return max(0, sqrt((segments(a.a, a.b, b.a, b.b))) - a.r - b.r)
end
function M.dist_aabb_aabb(a, b)
  local d2 = 0
  for k = 1, 3 do
    local g = max(0, a.min[k] - b.max[k], b.min[k] - a.max[k])
    d2 = d2 + g * g
  end
  return sqrt(d2)
end
function M.dist_capsule_aabb(c, b)
  local o = P.to_obb(b)
  return max(0, sqrt(along(c.a, c.b, function(p) return dist2(P.closest_box(o, p), p) end)) - c.r)
end
function M.dist_sphere_triangle(s, t)
  return max(0, sqrt(dist2(P.closest_tri(t, s.c), s.c)) - s.r)
end

-- sweeps: the first t in [0, 1] of the motion d, or nil
local function ray_sphere(o, d, c, r)
  local m = sub(o, c)
  local len2 = dot(d, d)
  local b, cc = dot(m, d), dot(m, m) - r * r
  if cc <= 0 then return 0 end
  if b > 0 or len2 == 0 then return nil end
  local disc = b * b - len2 * cc
  if disc < 0 then return nil end
  local t = (-b - sqrt(disc)) / len2
  return t <= 1 and t or nil
end
function M.sweep_sphere_sphere(a, dx, dy, dz, b)
  return ray_sphere(a.c, { dx, dy, dz }, b.c, a.r + b.r)
end
function M.sweep_sphere_plane(s, dx, dy, dz, p)
  local dist, v = dot(p.n, s.c) - p.d, dot(p.n, { dx, dy, dz })
  if abs(dist) <= s.r then return 0 end
  local side = dist > 0 and s.r or -s.r
  if v == 0 then return nil end
  local t = (side - dist) / v
  return t >= 0 and t <= 1 and t or nil
end
function M.sweep_aabb_aabb(a, dx, dy, dz, b)
  -- the box's centre against b grown by a's half sizes: a slab test
  local o, lo, hi = {}, {}, {}
  for k = 1, 3 do
    local h = (a.max[k] - a.min[k]) / 2
    o[k] = (a.min[k] + a.max[k]) / 2
    lo[k], hi[k] = b.min[k] - h, b.max[k] + h
  end
  local d = { dx, dy, dz }
  local len = sqrt(dot(d, d))
  if len == 0 then return P.aabb_aabb(a, b) and 0 or nil end
  local t = P.slab(o, { dx / len, dy / len, dz / len }, lo, hi, len)
  return t and t / len
end

return M
