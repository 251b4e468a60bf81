-- spec/ref.lua - independent reference geometry for the specs, in pure Lua.
--
-- Nothing here calls collide: these are the second opinions the specs compare
-- the C code with. Methods are chosen to differ from the C ones:
--   * distance between convex shapes by GJK (Gilbert-Johnson-Keerthi) on the
--     shapes' vertex hulls, with a brute-force sub-simplex solver, a sphere
--     being its centre plus a radius (the C uses separating axes and closest
--     points);
--   * ray first hits by clipping against every face polygon one at a time
--     (the C uses the slab method and Moller-Trumbore);
--   * plane tests from the signed distances of every vertex (the C uses the
--     projected radius).
-- A shape description is a plain table:
--   {kind="aabb", min={..}, max={..}}
--   {kind="obb", c={..}, e={..}, u={u1, u2, u3}}      (u: the box axes)
--   {kind="sphere", c={..}, r=}
--   {kind="triangle", a={..}, b={..}, c={..}}
--   {kind="ray", o={..}, d={..} (unit), tmax=}
--   {kind="plane", n={..} (unit), d=}
-- Works unchanged on Lua 5.1 to 5.4 and LuaJIT.

local R = {}

local sqrt, abs, huge = math.sqrt, math.abs, math.huge

local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
local function add(a, b) return { a[1] + b[1], a[2] + b[2], a[3] + b[3] } end
local function scale(a, s) return { a[1] * s, a[2] * s, a[3] * s } end
local function madd(a, b, s) return { a[1] + b[1] * s, a[2] + b[2] * s, a[3] + b[3] * s } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local function cross(a, b)
  return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end
local function len(a) return sqrt(dot(a, a)) end
local function normalize(a) local l = len(a); return { a[1] / l, a[2] / l, a[3] / l } end

R.sub, R.add, R.scale, R.madd, R.dot, R.cross, R.len, R.normalize =
  sub, add, scale, madd, dot, cross, len, normalize

---------------------------------------------------------------------------
-- Deterministic random numbers: Park-Miller "minimal standard" generator
-- with multiplier 48271. Every intermediate is an integer below 2^47, exact
-- in a double and in a Lua 5.3 integer alike, so every Lua gives the same
-- sequence (math.random differs between versions).

function R.rng(seed)
  local m = 2147483647
  local state = seed % m
  if state == 0 then state = 1 end
  local g = {}
  function g.next()
    state = (state * 48271) % m
    return state
  end
  -- uniform in [a, b)
  function g.uniform(a, b) return a + (b - a) * ((g.next() - 1) / (m - 1)) end
  -- integer in [1, n]
  function g.int(n) return (g.next() % n) + 1 end
  function g.chance(p) return g.uniform(0, 1) < p end
  function g.unit()
    while true do
      local v = { g.uniform(-1, 1), g.uniform(-1, 1), g.uniform(-1, 1) }
      local l2 = dot(v, v)
      if l2 > 0.01 and l2 <= 1 then return scale(v, 1 / sqrt(l2)) end
    end
  end
  function g.point(lo, hi) return { g.uniform(lo, hi), g.uniform(lo, hi), g.uniform(lo, hi) } end
  return g
end

---------------------------------------------------------------------------
-- Rotations: the axes of a rotation by angle about a unit axis, by Rodrigues'
-- formula (independent of the quaternion formula the C uses), and the
-- quaternion to hand to collide.obb.

function R.axis_angle(k, angle)
  local c, s = math.cos(angle), math.sin(angle)
  local u = {}
  for j = 1, 3 do
    local e = { 0, 0, 0 }
    e[j] = 1
    -- R e = e cos + (k x e) sin + k (k . e)(1 - cos)
    u[j] = add(add(scale(e, c), scale(cross(k, e), s)), scale(k, dot(k, e) * (1 - c)))
  end
  local h = math.sin(angle / 2)
  return u, { k[1] * h, k[2] * h, k[3] * h, math.cos(angle / 2) }
end

---------------------------------------------------------------------------
-- Shapes as convex hulls: a list of points plus a radius (a sphere is its
-- centre with radius r), and a centre for homotheties.

function R.corners(s)
  local out = {}
  if s.kind == "aabb" then
    for i = 0, 7 do
      local x = (i % 2 == 1) and s.max[1] or s.min[1]
      local y = (math.floor(i / 2) % 2 == 1) and s.max[2] or s.min[2]
      local z = (math.floor(i / 4) % 2 == 1) and s.max[3] or s.min[3]
      out[#out + 1] = { x, y, z }
    end
  else
    for i = 0, 7 do
      local p = { s.c[1], s.c[2], s.c[3] }
      local bits = { i % 2, math.floor(i / 2) % 2, math.floor(i / 4) % 2 }
      for k = 1, 3 do p = madd(p, s.u[k], bits[k] == 1 and s.e[k] or -s.e[k]) end
      out[#out + 1] = p
    end
  end
  return out
end

-- points, radius, and the centre to scale about (nil: the points' mean);
-- long: the length standing in for an infinite ray
function R.hull(s, long)
  local k = s.kind
  if k == "aabb" or k == "obb" then return R.corners(s), 0 end
  if k == "sphere" then return { s.c }, s.r end
  if k == "triangle" then return { s.a, s.b, s.c }, 0 end
  if k == "ray" then
    local t = s.tmax
    if t == huge then t = long or 1e4 end
    return { s.o, madd(s.o, s.d, t) }, 0, s.o
  end
  error("no hull for " .. tostring(k))
end

-- the hull scaled by f about c (default: the mean of its points)
local function homothety(pts, r, f, c)
  if not c then
    c = { 0, 0, 0 }
    for i = 1, #pts do c = add(c, pts[i]) end
    c = scale(c, 1 / #pts)
  end
  local out = {}
  for i = 1, #pts do out[i] = add(c, scale(sub(pts[i], c), f)) end
  return out, r * f
end

---------------------------------------------------------------------------
-- GJK distance between the convex hulls of two point sets.

local function support(pts, d)
  local best, bi = -huge, 1
  for i = 1, #pts do
    local x = dot(pts[i], d)
    if x > best then best, bi = x, i end
  end
  return pts[bi]
end

-- the subsets (as index lists) of {1..n} that contain n
local subsets = {}
for n = 1, 4 do
  local list = {}
  for mask = 0, 2 ^ (n - 1) - 1 do
    local set, m = {}, mask
    for i = 1, n - 1 do
      if m % 2 == 1 then set[#set + 1] = i end
      m = math.floor(m / 2)
    end
    set[#set + 1] = n
    list[#list + 1] = set
  end
  subsets[n] = list
end

-- closest point to the origin of the affine hull of pts, as barycentric
-- weights; nil when the points are affinely dependent or a weight is negative
local function affine_closest(pts)
  local k = #pts
  if k == 1 then return pts[1] end
  local p0, e = pts[1], {}
  for i = 2, k do e[i - 1] = sub(pts[i], p0) end
  local n = k - 1
  local A = {}
  for i = 1, n do
    A[i] = {}
    for j = 1, n do A[i][j] = dot(e[i], e[j]) end
    A[i][n + 1] = -dot(e[i], p0)
  end
  -- Gaussian elimination with partial pivoting
  local maxdiag = 0
  for i = 1, n do if A[i][i] > maxdiag then maxdiag = A[i][i] end end
  for col = 1, n do
    local piv = col
    for r = col + 1, n do if abs(A[r][col]) > abs(A[piv][col]) then piv = r end end
    if abs(A[piv][col]) <= 1e-13 * maxdiag then return nil end
    A[col], A[piv] = A[piv], A[col]
    for r = col + 1, n do
      local f = A[r][col] / A[col][col]
      for c = col, n + 1 do A[r][c] = A[r][c] - f * A[col][c] end
    end
  end
  local lam = {}
  for i = n, 1, -1 do
    local s = A[i][n + 1]
    for j = i + 1, n do s = s - A[i][j] * lam[j] end
    lam[i] = s / A[i][i]
  end
  local l0 = 1
  for i = 1, n do
    if lam[i] < 0 then return nil end
    l0 = l0 - lam[i]
  end
  if l0 < 0 then return nil end
  local x = scale(p0, l0)
  for i = 1, n do x = madd(x, pts[i + 1], lam[i]) end
  return x
end

-- Distance between the hulls of P and Q (0 when they meet; any candidate
-- point is a true point of the hull, so rounding can only overestimate).
function R.hull_distance(P, Q)
  local v = sub(P[1], Q[1])
  local W = { v }
  local scl = 0
  for i = 1, #P do scl = math.max(scl, abs(P[i][1]), abs(P[i][2]), abs(P[i][3])) end
  for i = 1, #Q do scl = math.max(scl, abs(Q[i][1]), abs(Q[i][2]), abs(Q[i][3])) end
  local tiny = 1e-14 * (scl > 0 and scl or 1)
  for _ = 1, 100 do
    local vv = dot(v, v)
    if vv <= tiny * tiny then return 0 end
    local w = sub(support(P, scale(v, -1)), support(Q, v))
    if vv - dot(v, w) <= 1e-12 * vv then return sqrt(vv) end
    for i = 1, #W do
      if W[i][1] == w[1] and W[i][2] == w[2] and W[i][3] == w[3] then return sqrt(vv) end
    end
    W[#W + 1] = w
    local bestx, bestset, bestd = nil, nil, huge
    for _, set in ipairs(subsets[#W]) do
      local pts = {}
      for i = 1, #set do pts[i] = W[set[i]] end
      local x = affine_closest(pts)
      if x then
        local d = dot(x, x)
        if d < bestd then bestx, bestset, bestd = x, pts, d end
      end
    end
    if bestd >= vv then return sqrt(vv) end   -- no progress
    if #bestset == 4 then return 0 end        -- the origin is inside a tetrahedron
    v, W = bestx, bestset
  end
  return len(v)
end

-- distance between two described convex shapes (0 when they overlap)
function R.distance(a, b, long, fa, fb)
  local P, ra, ca = R.hull(a, long)
  local Q, rb, cb = R.hull(b, long)
  if fa then P, ra = homothety(P, ra, fa, ca) end
  if fb then Q, rb = homothety(Q, rb, fb, cb) end
  local d = R.hull_distance(P, Q) - ra - rb
  return d > 0 and d or 0
end

-- a size for tolerances: the largest coordinate and extent involved
function R.size(s, long)
  local P, r = R.hull(s, long)
  local m = r
  for i = 1, #P do m = math.max(m, abs(P[i][1]), abs(P[i][2]), abs(P[i][3])) end
  return m
end

-- true / false when the answer stays the same after shrinking or growing
-- both shapes by the factor 1 -+ delta about their centres (a ray about its
-- origin); nil (undecided, the case sits on the boundary) otherwise. scl:
-- the size of the scene, for tolerances
function R.intersects(a, b, delta, long, scl)
  delta = delta or 1e-7
  scl = scl or math.max(R.size(a, long), R.size(b, long), 1e-300)
  local tiny = 1e-13 * scl
  local d = R.distance(a, b, long)
  if d <= tiny then
    if R.distance(a, b, long, 1 - delta, 1 - delta) <= tiny then return true end
    return nil
  end
  if d > 4 * delta * scl then return false end
  if R.distance(a, b, long, 1 + delta, 1 + delta) > tiny then return false end
  return nil
end

---------------------------------------------------------------------------
-- Brute-force separating axes for boxes and triangles: every face normal,
-- every in-plane edge normal of a triangle, every cross of two edges, plus
-- extra directions. Returns true when no axis separates (by more than tol).

local function edges_of(s)
  if s.kind == "aabb" then return { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } } end
  if s.kind == "obb" then return s.u end
  if s.kind == "triangle" then return { sub(s.b, s.a), sub(s.c, s.b), sub(s.a, s.c) } end
  if s.kind == "ray" then return { s.d } end
end

function R.sat_overlap(a, b, extra, tol)
  local P = R.hull(a)
  local Q = R.hull(b)
  local ea, eb = edges_of(a), edges_of(b)
  local axes = {}
  for _, e in ipairs(ea) do axes[#axes + 1] = e end
  for _, e in ipairs(eb) do axes[#axes + 1] = e end
  for _, s in ipairs({ a, b }) do
    if s.kind == "triangle" then
      local n = cross(sub(s.b, s.a), sub(s.c, s.a))
      axes[#axes + 1] = n
      for _, e in ipairs(edges_of(s)) do axes[#axes + 1] = cross(n, e) end
    end
  end
  for _, x in ipairs(ea) do
    for _, y in ipairs(eb) do axes[#axes + 1] = cross(x, y) end
  end
  for _, x in ipairs(extra or {}) do axes[#axes + 1] = x end
  for _, ax in ipairs(axes) do
    local l = len(ax)
    if l > 1e-12 then
      ax = scale(ax, 1 / l)
      local alo, ahi, blo, bhi = huge, -huge, huge, -huge
      for i = 1, #P do local x = dot(P[i], ax); alo = math.min(alo, x); ahi = math.max(ahi, x) end
      for i = 1, #Q do local x = dot(Q[i], ax); blo = math.min(blo, x); bhi = math.max(bhi, x) end
      if ahi < blo - tol or bhi < alo - tol then return false end
    end
  end
  return true
end

---------------------------------------------------------------------------
-- Ray first hits, face by face.

-- box given as centre, half extents and axes
local function box_frame(s)
  if s.kind == "obb" then return s.c, s.e, s.u end
  local c, e = {}, {}
  for k = 1, 3 do
    c[k] = (s.min[k] + s.max[k]) / 2
    e[k] = (s.max[k] - s.min[k]) / 2
  end
  return c, e, { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }
end

-- first t in [0, tmax] where the ray meets the shape, or nil
function R.first_hit(ray, s)
  local o, d, tmax = ray.o, ray.d, ray.tmax
  if s.kind == "aabb" or s.kind == "obb" then
    local c, e, u = box_frame(s)
    local lo, ld = {}, {}
    local inside = true
    for k = 1, 3 do
      lo[k] = dot(sub(o, c), u[k])
      ld[k] = dot(d, u[k])
      if abs(lo[k]) > e[k] then inside = false end
    end
    if inside then return 0 end
    local best
    for k = 1, 3 do
      for _, side in ipairs({ -1, 1 }) do
        if ld[k] ~= 0 then
          local t = (side * e[k] - lo[k]) / ld[k]
          if t >= 0 and t <= tmax and (not best or t < best) then
            local ok = true
            for j = 1, 3 do
              if j ~= k and abs(lo[j] + t * ld[j]) > e[j] * (1 + 1e-12) + 1e-12 then ok = false end
            end
            if ok then best = t end
          end
        end
      end
    end
    return best
  elseif s.kind == "sphere" then
    local m = sub(s.c, o)
    if dot(m, m) <= s.r * s.r then return 0 end
    local tc = dot(m, d)
    local h2 = dot(m, m) - tc * tc
    if h2 > s.r * s.r then return nil end
    local t = tc - sqrt(s.r * s.r - h2)
    if t < 0 or t > tmax then return nil end
    return t
  elseif s.kind == "triangle" then
    local n = cross(sub(s.b, s.a), sub(s.c, s.a))
    local den = dot(n, d)
    if den == 0 then
      -- in the triangle's plane or parallel to it: origin inside, else the
      -- nearest crossing of an edge segment
      if dot(n, sub(o, s.a)) ~= 0 then return nil end
      local verts = { s.a, s.b, s.c }
      local inside = true
      for i = 1, 3 do
        local v0, v1 = verts[i], verts[i % 3 + 1]
        if dot(cross(sub(v1, v0), sub(o, v0)), n) < 0 then inside = false end
      end
      if inside then return 0 end
      local best
      for i = 1, 3 do
        local v0, v1 = verts[i], verts[i % 3 + 1]
        local e = sub(v1, v0)
        local de = cross(d, e)
        local dd = dot(de, de)
        if dd > 0 then
          local w = sub(v0, o)
          local t = dot(cross(w, e), de) / dd
          local u = dot(cross(w, d), de) / dd
          if u >= 0 and u <= 1 and t >= 0 and t <= tmax and (not best or t < best) then best = t end
        end
      end
      return best
    end
    local t = dot(n, sub(s.a, o)) / den
    if t < 0 or t > tmax then return nil end
    local p = madd(o, d, t)
    local verts = { s.a, s.b, s.c }
    for i = 1, 3 do
      local v0, v1 = verts[i], verts[i % 3 + 1]
      if dot(cross(sub(v1, v0), sub(p, v0)), n) < 0 then return nil end
    end
    return t
  elseif s.kind == "plane" then
    local s0 = dot(s.n, o) - s.d
    if s0 == 0 then return 0 end
    local den = dot(s.n, d)
    if den == 0 then return nil end
    local t = -s0 / den
    if t < 0 or t > tmax then return nil end
    return t
  end
  error("no first hit for " .. tostring(s.kind))
end

---------------------------------------------------------------------------
-- Planes: signed distances of every vertex. Returns lo, hi of the shape's
-- signed distances (a sphere: centre -+ r; a ray: its ends, inf when
-- unbounded).

function R.plane_range(p, s)
  if s.kind == "sphere" then
    local x = dot(p.n, s.c) - p.d
    return x - s.r, x + s.r
  end
  if s.kind == "ray" then
    local x0 = dot(p.n, s.o) - p.d
    local x1
    if s.tmax == huge then
      local dn = dot(p.n, s.d)
      x1 = dn > 0 and huge or (dn < 0 and -huge or x0)
    else
      x1 = dot(p.n, madd(s.o, s.d, s.tmax)) - p.d
    end
    return math.min(x0, x1), math.max(x0, x1)
  end
  local P = R.hull(s)
  local lo, hi = huge, -huge
  for i = 1, #P do
    local x = dot(p.n, P[i]) - p.d
    lo, hi = math.min(lo, x), math.max(hi, x)
  end
  return lo, hi
end

return R
