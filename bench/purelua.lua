-- bench/purelua.lua: what a user without collide would write — straightforward
-- pure-Lua versions of each test, on plain tables. Shapes:
--   aabb   {min = {x,y,z}, max = {x,y,z}}
--   obb    {c = {..}, e = {..}, u = {{..},{..},{..}}}      (unit axes)
--   plane  {n = {..}, d = number}
--   tri    {a = {..}, b = {..}, c = {..}}
--   ray    {o = {..}, d = {..}, tmax = number}               (unit direction)
--   sphere {c = {..}, r = number}
--   capsule {a = {..}, b = {..}, r = number}  (bench/purelua_motion.lua)
-- Used only by the benchmark, to show what the C module saves.
local abs, sqrt, min, max, huge = math.abs, math.sqrt, math.min, math.max, math.huge

local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local function cross(a, b)
  return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end

local P = {}

function P.to_obb(b)
  local c, e = {}, {}
  for k = 1, 3 do c[k] = (b.min[k] + b.max[k]) / 2; e[k] = (b.max[k] - b.min[k]) / 2 end
  return { c = c, e = e, u = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } } }
end

function P.aabb_aabb(a, b)
  for k = 1, 3 do
    if a.min[k] > b.max[k] or b.min[k] > a.max[k] then return false end
  end
  return true
end

local function box_radius(o, n)
  return o.e[1] * abs(dot(o.u[1], n)) + o.e[2] * abs(dot(o.u[2], n)) + o.e[3] * abs(dot(o.u[3], n))
end

function P.obb_plane(o, p) return abs(dot(p.n, o.c) - p.d) <= box_radius(o, p.n) end
function P.aabb_plane(b, p) return P.obb_plane(P.to_obb(b), p) end

-- separation test of two convex vertex/box sets along an axis
local function interval_box(o, ax)
  local m, r = dot(o.c, ax), box_radius(o, ax)
  return m - r, m + r
end
local function interval_tri(t, ax)
  local p0, p1, p2 = dot(t.a, ax), dot(t.b, ax), dot(t.c, ax)
  return min(p0, p1, p2), max(p0, p1, p2)
end

-- false when one of the axes (longer than tiny) separates a and b, whose
-- intervals on an axis come from ia and ib
local function overlap_on(axes, tiny, ia, a, ib, b)
  for _, ax in ipairs(axes) do
    if dot(ax, ax) > tiny then
      local alo, ahi = ia(a, ax)
      local blo, bhi = ib(b, ax)
      if ahi < blo or bhi < alo then return false end
    end
  end
  return true
end

function P.obb_obb(a, b)
  local axes = { a.u[1], a.u[2], a.u[3], b.u[1], b.u[2], b.u[3] }
  for i = 1, 3 do for j = 1, 3 do axes[#axes + 1] = cross(a.u[i], b.u[j]) end end
  return overlap_on(axes, 1e-12, interval_box, a, interval_box, b)
end
function P.aabb_obb(a, b) return P.obb_obb(P.to_obb(a), b) end

function P.obb_tri(o, t)
  local e = { sub(t.b, t.a), sub(t.c, t.b), sub(t.a, t.c) }
  local axes = { o.u[1], o.u[2], o.u[3], cross(e[1], e[2]) }
  for i = 1, 3 do for j = 1, 3 do axes[#axes + 1] = cross(o.u[i], e[j]) end end
  return overlap_on(axes, 1e-12, interval_box, o, interval_tri, t)
end
function P.aabb_tri(b, t) return P.obb_tri(P.to_obb(b), t) end

local function slab(o, d, lo, hi, tmax)
  local tn, tf = 0, tmax
  for k = 1, 3 do
    if d[k] == 0 then
      if o[k] < lo[k] or o[k] > hi[k] then return nil end
    else
      local t1, t2 = (lo[k] - o[k]) / d[k], (hi[k] - o[k]) / d[k]
      if t1 > t2 then t1, t2 = t2, t1 end
      if t1 > tn then tn = t1 end
      if t2 < tf then tf = t2 end
      if tn > tf then return nil end
    end
  end
  return tn
end

function P.aabb_ray(b, r) return slab(r.o, r.d, b.min, b.max, r.tmax) ~= nil end
function P.cast_aabb(r, b)
  local tn, axis, tf = 0, 0, r.tmax
  for k = 1, 3 do
    if r.d[k] == 0 then
      if r.o[k] < b.min[k] or r.o[k] > b.max[k] then return nil end
    else
      local t1, t2 = (b.min[k] - r.o[k]) / r.d[k], (b.max[k] - r.o[k]) / r.d[k]
      if t1 > t2 then t1, t2 = t2, t1 end
      if t1 > tn then tn, axis = t1, k end
      if t2 < tf then tf = t2 end
      if tn > tf then return nil end
    end
  end
  local n = { 0, 0, 0 }
  if axis == 0 then n = { -r.d[1], -r.d[2], -r.d[3] } else n[axis] = r.d[axis] > 0 and -1 or 1 end
  return tn, r.o[1] + tn * r.d[1], r.o[2] + tn * r.d[2], r.o[3] + tn * r.d[3], n[1], n[2], n[3]
end

local function local_ray(o, r)
  local m = sub(r.o, o.c)
  return { dot(m, o.u[1]), dot(m, o.u[2]), dot(m, o.u[3]) },
         { dot(r.d, o.u[1]), dot(r.d, o.u[2]), dot(r.d, o.u[3]) }
end
function P.obb_ray(o, r)
  local lo, ld = local_ray(o, r)
  return slab(lo, ld, { -o.e[1], -o.e[2], -o.e[3] }, o.e, r.tmax) ~= nil
end
function P.cast_obb(r, o)
  local lo, ld = local_ray(o, r)
  local tn, axis, tf = 0, 0, r.tmax
  for k = 1, 3 do
    if ld[k] == 0 then
      if abs(lo[k]) > o.e[k] then return nil end
    else
      local t1, t2 = (-o.e[k] - lo[k]) / ld[k], (o.e[k] - lo[k]) / ld[k]
      if t1 > t2 then t1, t2 = t2, t1 end
      if t1 > tn then tn, axis = t1, k end
      if t2 < tf then tf = t2 end
      if tn > tf then return nil end
    end
  end
  local n
  if axis == 0 then n = { -r.d[1], -r.d[2], -r.d[3] }
  else
    local s = ld[axis] > 0 and -1 or 1
    n = { o.u[axis][1] * s, o.u[axis][2] * s, o.u[axis][3] * s }
  end
  return tn, r.o[1] + tn * r.d[1], r.o[2] + tn * r.d[2], r.o[3] + tn * r.d[3], n[1], n[2], n[3]
end

local function closest_box(o, p)
  local d, q = sub(p, o.c), { o.c[1], o.c[2], o.c[3] }
  for k = 1, 3 do
    local s = max(-o.e[k], min(o.e[k], dot(d, o.u[k])))
    q[1], q[2], q[3] = q[1] + s * o.u[k][1], q[2] + s * o.u[k][2], q[3] + s * o.u[k][3]
  end
  return q
end
function P.obb_sphere(o, s)
  local d = sub(closest_box(o, s.c), s.c)
  return dot(d, d) <= s.r * s.r
end
function P.aabb_sphere(b, s)
  local d2 = 0
  for k = 1, 3 do
    local v = max(b.min[k], min(b.max[k], s.c[k])) - s.c[k]
    d2 = d2 + v * v
  end
  return d2 <= s.r * s.r
end

function P.plane_plane(a, b)
  local x = cross(a.n, b.n)
  if dot(x, x) > 1e-18 then return true end
  local s = dot(a.n, b.n) > 0 and 1 or -1
  return abs(a.d - s * b.d) < 1e-9
end
function P.plane_tri(p, t)
  local s0, s1, s2 = dot(p.n, t.a) - p.d, dot(p.n, t.b) - p.d, dot(p.n, t.c) - p.d
  return min(s0, s1, s2) <= 0 and max(s0, s1, s2) >= 0
end
function P.plane_ray(p, r)
  local s0, den = dot(p.n, r.o) - p.d, dot(p.n, r.d)
  if s0 == 0 then return true end
  if den == 0 then return false end
  local t = -s0 / den
  return t >= 0 and t <= r.tmax
end
function P.cast_plane(r, p)
  local s0, den = dot(p.n, r.o) - p.d, dot(p.n, r.d)
  if den == 0 then
    if s0 ~= 0 then return nil end
    return 0, r.o[1], r.o[2], r.o[3], p.n[1], p.n[2], p.n[3]
  end
  local t = -s0 / den
  if t < 0 or t > r.tmax then return nil end
  local s = den < 0 and 1 or -1
  return t, r.o[1] + t * r.d[1], r.o[2] + t * r.d[2], r.o[3] + t * r.d[3], p.n[1] * s, p.n[2] * s, p.n[3] * s
end
function P.plane_sphere(p, s) return abs(dot(p.n, s.c) - p.d) <= s.r end

function P.tri_tri(a, b)
  local ea = { sub(a.b, a.a), sub(a.c, a.b), sub(a.a, a.c) }
  local eb = { sub(b.b, b.a), sub(b.c, b.b), sub(b.a, b.c) }
  local na, nb = cross(ea[1], ea[2]), cross(eb[1], eb[2])
  local axes = { na, nb }
  for i = 1, 3 do
    for j = 1, 3 do axes[#axes + 1] = cross(ea[i], eb[j]) end
    axes[#axes + 1] = cross(na, ea[i])
    axes[#axes + 1] = cross(nb, eb[i])
  end
  return overlap_on(axes, 1e-18, interval_tri, a, interval_tri, b)
end

-- Moller-Trumbore
function P.cast_tri(r, t)
  local e1, e2 = sub(t.b, t.a), sub(t.c, t.a)
  local pv = cross(r.d, e2)
  local det = dot(e1, pv)
  if abs(det) < 1e-12 then return nil end
  local tv = sub(r.o, t.a)
  local u = dot(tv, pv) / det
  if u < 0 or u > 1 then return nil end
  local qv = cross(tv, e1)
  local v = dot(r.d, qv) / det
  if v < 0 or u + v > 1 then return nil end
  local tt = dot(e2, qv) / det
  if tt < 0 or tt > r.tmax then return nil end
  local n = cross(e1, e2)
  local len = sqrt(dot(n, n))
  local s = dot(n, r.d) > 0 and -1 / len or 1 / len
  return tt, r.o[1] + tt * r.d[1], r.o[2] + tt * r.d[2], r.o[3] + tt * r.d[3], n[1] * s, n[2] * s, n[3] * s, u, v
end
function P.tri_ray(t, r) return P.cast_tri(r, t) ~= nil end

-- closest point on a triangle (Voronoi regions)
local function closest_tri(t, p)
  local a, b, c = t.a, t.b, t.c
  local ab, ac, ap = sub(b, a), sub(c, a), sub(p, a)
  local d1, d2 = dot(ab, ap), dot(ac, ap)
  if d1 <= 0 and d2 <= 0 then return a end
  local bp = sub(p, b)
  local d3, d4 = dot(ab, bp), dot(ac, bp)
  if d3 >= 0 and d4 <= d3 then return b end
  local vc = d1 * d4 - d3 * d2
  if vc <= 0 and d1 >= 0 and d3 <= 0 then
    local v = d1 / (d1 - d3)
    return { a[1] + v * ab[1], a[2] + v * ab[2], a[3] + v * ab[3] }
  end
  local cp = sub(p, c)
  local d5, d6 = dot(ab, cp), dot(ac, cp)
  if d6 >= 0 and d5 <= d6 then return c end
  local vb = d5 * d2 - d1 * d6
  if vb <= 0 and d2 >= 0 and d6 <= 0 then
    local w = d2 / (d2 - d6)
    return { a[1] + w * ac[1], a[2] + w * ac[2], a[3] + w * ac[3] }
  end
  local va = d3 * d6 - d5 * d4
  if va <= 0 and d4 - d3 >= 0 and d5 - d6 >= 0 then
    local w = (d4 - d3) / ((d4 - d3) + (d5 - d6))
    return { b[1] + w * (c[1] - b[1]), b[2] + w * (c[2] - b[2]), b[3] + w * (c[3] - b[3]) }
  end
  local denom = 1 / (va + vb + vc)
  local v, w = vb * denom, vc * denom
  return { a[1] + ab[1] * v + ac[1] * w, a[2] + ab[2] * v + ac[2] * w, a[3] + ab[3] * v + ac[3] * w }
end
function P.tri_sphere(t, s)
  local d = sub(closest_tri(t, s.c), s.c)
  return dot(d, d) <= s.r * s.r
end

function P.ray_ray(a, b)
  local r = sub(a.o, b.o)
  local bb, c, f = dot(a.d, b.d), dot(a.d, r), dot(b.d, r)
  local denom = 1 - bb * bb
  local s = 0
  if denom > 1e-18 then s = max(0, min(a.tmax, (bb * f - c) / denom)) end
  local t = bb * s + f
  if t < 0 then t = 0; s = max(0, min(a.tmax, -c))
  elseif t > b.tmax then t = b.tmax; s = max(0, min(a.tmax, bb * t - c)) end
  local d = sub({ a.o[1] + s * a.d[1], a.o[2] + s * a.d[2], a.o[3] + s * a.d[3] },
                { b.o[1] + t * b.d[1], b.o[2] + t * b.d[2], b.o[3] + t * b.d[3] })
  return dot(d, d) <= 1e-18
end

function P.ray_sphere(r, s)
  local m = sub(s.c, r.o)
  local t = max(0, min(r.tmax, dot(m, r.d)))
  local d = sub(s.c, { r.o[1] + t * r.d[1], r.o[2] + t * r.d[2], r.o[3] + t * r.d[3] })
  return dot(d, d) <= s.r * s.r
end
function P.cast_sphere(r, s)
  local m = sub(r.o, s.c)
  local b, c = dot(m, r.d), dot(m, m) - s.r * s.r
  if c <= 0 then return 0, r.o[1], r.o[2], r.o[3], -r.d[1], -r.d[2], -r.d[3] end
  if b > 0 then return nil end
  local disc = b * b - c
  if disc < 0 then return nil end
  local t = -b - sqrt(disc)
  if t > r.tmax then return nil end
  local p = { r.o[1] + t * r.d[1], r.o[2] + t * r.d[2], r.o[3] + t * r.d[3] }
  return t, p[1], p[2], p[3], (p[1] - s.c[1]) / s.r, (p[2] - s.c[2]) / s.r, (p[3] - s.c[3]) / s.r
end

function P.sphere_sphere(a, b)
  local d = sub(a.c, b.c)
  local r = a.r + b.r
  return dot(d, d) <= r * r
end

P.closest_box, P.closest_tri, P.slab = closest_box, closest_tri, slab
P.huge = huge
return P
