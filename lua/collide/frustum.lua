-- collide.frustum: a view frustum made of six planes whose normals point
-- inwards, in the order left, right, bottom, top, near, far.
--
-- classify/intersects are exact: a plane-by-plane pass first (the usual
-- engine test, done by the core's plane:classify), and for what it leaves
-- "crossing", separating axes over the frustum's face normals, its edge
-- directions crossed with the shape's edges, and the shape's own face
-- normals (Ericson, RTCD 5.2.1 and 4.4); spheres by their distance to the
-- frustum's faces instead.
local core = require "collide.core"

local ctype = core.type
local abs, sqrt, huge = math.abs, math.sqrt, math.huge
local type, select, getmetatable, rawget, error = type, select, getmetatable, rawget, error
local format = string.format

local EPS = core.epsilon

local M = {}
local Frustum = {}
Frustum.__index = Frustum
Frustum.__name = "collide.frustum"
M.Frustum = Frustum

local args = require "collide.args"
local typename, argerror = args.typename, args.argerror

local function finite(x) return x == x and x ~= huge and x ~= -huge end

-- corner i (1..8): bit 0 of i-1 picks left/right, bit 1 bottom/top, bit 2
-- near/far, as aabb:corner does with x, y, z
local CORNER_PLANES = {
  {1, 3, 5}, {2, 3, 5}, {1, 4, 5}, {2, 4, 5},
  {1, 3, 6}, {2, 3, 6}, {1, 4, 6}, {2, 4, 6},
}
-- the 12 edges as corner pairs: near quad, far quad, then the sides
local EDGES = {
  {1, 2}, {3, 4}, {1, 3}, {2, 4},
  {5, 6}, {7, 8}, {5, 7}, {6, 8},
  {1, 5}, {2, 6}, {3, 7}, {4, 8},
}
-- each face's corners in order around it, in plane order
local FACES = {
  {1, 3, 7, 5}, {2, 4, 8, 6}, {1, 2, 6, 5}, {3, 4, 8, 7}, {1, 2, 4, 3}, {5, 6, 8, 7},
}

-- Recomputes everything derived from the planes (already stored in
-- f._planes). Returns false when the planes do not bound a frustum.
local function derive(f)
  local nx, ny, nz, d = f._nx, f._ny, f._nz, f._d
  for i = 1, 6 do
    nx[i], ny[i], nz[i] = f._planes[i]:normal()
    d[i] = f._planes[i]:d()
  end
  local cx, cy, cz = f._cx, f._cy, f._cz
  for i = 1, 8 do
    local a, b, c = CORNER_PLANES[i][1], CORNER_PLANES[i][2], CORNER_PLANES[i][3]
    -- p = (da (nb x nc) + db (nc x na) + dc (na x nb)) / (na . (nb x nc))
    local bcx = ny[b] * nz[c] - nz[b] * ny[c]
    local bcy = nz[b] * nx[c] - nx[b] * nz[c]
    local bcz = nx[b] * ny[c] - ny[b] * nx[c]
    local cax = ny[c] * nz[a] - nz[c] * ny[a]
    local cay = nz[c] * nx[a] - nx[c] * nz[a]
    local caz = nx[c] * ny[a] - ny[c] * nx[a]
    local abx = ny[a] * nz[b] - nz[a] * ny[b]
    local aby = nz[a] * nx[b] - nx[a] * nz[b]
    local abz = nx[a] * ny[b] - ny[a] * nx[b]
    local det = nx[a] * bcx + ny[a] * bcy + nz[a] * bcz
    if abs(det) <= EPS then return false end
    local x = (d[a] * bcx + d[b] * cax + d[c] * abx) / det
    local y = (d[a] * bcy + d[b] * cay + d[c] * aby) / det
    local z = (d[a] * bcz + d[b] * caz + d[c] * abz) / det
    if not (finite(x) and finite(y) and finite(z)) then return false end
    cx[i], cy[i], cz[i] = x, y, z
  end
  -- every corner must lie on the inner side of all six planes
  local scale = 0
  for i = 1, 8 do scale = math.max(scale, abs(cx[i]), abs(cy[i]), abs(cz[i])) end
  local tol = 1e-9 * (1 + scale)
  for i = 1, 8 do
    for k = 1, 6 do
      if nx[k] * cx[i] + ny[k] * cy[i] + nz[k] * cz[i] - d[k] < -tol then return false end
    end
  end
  -- distinct edge directions, unit
  local ex, ey, ez, n = f._ex, f._ey, f._ez, 0
  for k = #ex, 1, -1 do ex[k], ey[k], ez[k] = nil, nil, nil end
  for _, e in ipairs(EDGES) do
    local x, y, z = cx[e[2]] - cx[e[1]], cy[e[2]] - cy[e[1]], cz[e[2]] - cz[e[1]]
    local len = sqrt(x * x + y * y + z * z)
    if len > 0 then
      x, y, z = x / len, y / len, z / len
      local dup = false
      for j = 1, n do
        local px = ey[j] * z - ez[j] * y
        local py = ez[j] * x - ex[j] * z
        local pz = ex[j] * y - ey[j] * x
        if px * px + py * py + pz * pz <= EPS * EPS then dup = true break end
      end
      if not dup then n = n + 1; ex[n], ey[n], ez[n] = x, y, z end
    end
  end
  -- the faces as triangles, for the distance of a sphere's centre
  local tris = f._tris
  for i, q in ipairs(FACES) do
    local a, b, c, e = q[1], q[2], q[3], q[4]
    tris[2 * i - 1]:set(cx[a], cy[a], cz[a], cx[b], cy[b], cz[b], cx[c], cy[c], cz[c])
    tris[2 * i]:set(cx[a], cy[a], cz[a], cx[c], cy[c], cz[c], cx[e], cy[e], cz[e])
  end
  return true
end

local function blank()
  local f = setmetatable({
    _planes = {}, _nx = {}, _ny = {}, _nz = {}, _d = {},
    _cx = {}, _cy = {}, _cz = {}, _ex = {}, _ey = {}, _ez = {}, _tris = {},
  }, Frustum)
  for i = 1, 12 do f._tris[i] = core.triangle(0, 0, 0, 0, 0, 0, 0, 0, 0) end
  return f
end

local function set_planes(f, fname, ...)
  for i = 1, 6 do
    local p = select(i, ...)
    if ctype(p) ~= "plane" then
      argerror(i, fname, "collide.plane expected, got " .. (select("#", ...) < i and "no value" or typename(p)))
    end
  end
  for i = 1, 6 do f._planes[i] = select(i, ...):clone() end
  if not derive(f) then argerror(1, fname, "planes do not bound a frustum") end
  return f
end

--- collide.frustum(left, right, bottom, top, near, far)
function M.new(...)
  return set_planes(blank(), "frustum", ...)
end

--- frustum:set(left, right, bottom, top, near, far): in place, returns self
function Frustum:set(...)
  return set_planes(self, "set", ...)
end

local ORDERS = { column = true, row = true }

-- Gribb and Hartmann, "Fast extraction of viewing frustum planes from the
-- world-view-projection matrix": with clip = M * (x, y, z, 1) and OpenGL's
-- -w <= x, y, z <= w, the planes are row4 +- row1, row2, row3.
local function set_matrix(f, fname, m, order)
  if type(m) ~= "table" then argerror(1, fname, "table expected, got " .. (m == nil and "no value" or typename(m))) end
  if order ~= nil and not ORDERS[order] then
    argerror(2, fname, format("invalid option '%s'", tostring(order)))
  end
  for k = 1, 16 do
    local v = m[k]
    if type(v) ~= "number" then
      argerror(1, fname, format("number expected at index %d, got %s", k, v == nil and "nil" or typename(v)))
    end
    if not finite(v) then
      argerror(1, fname, format("finite number expected at index %d, got %s", k,
        v ~= v and "nan" or (v > 0 and "inf" or "-inf")))
    end
  end
  local function e(i, j)            -- element at row i, column j
    if order == "row" then return m[(i - 1) * 4 + j] end
    return m[(j - 1) * 4 + i]
  end
  local r4 = { e(4, 1), e(4, 2), e(4, 3), e(4, 4) }
  local sources = { { 1, 1 }, { 1, -1 }, { 2, 1 }, { 2, -1 }, { 3, 1 }, { 3, -1 } }
  for i, s in ipairs(sources) do
    local row, sign = s[1], s[2]
    local a = r4[1] + sign * e(row, 1)
    local b = r4[2] + sign * e(row, 2)
    local c = r4[3] + sign * e(row, 3)
    local dd = r4[4] + sign * e(row, 4)
    if a == 0 and b == 0 and c == 0 or not (finite(a) and finite(b) and finite(c) and finite(dd)) then
      argerror(1, fname, "matrix does not define a frustum")
    end
    if f._planes[i] then f._planes[i]:set(a, b, c, -dd)
    else f._planes[i] = core.plane(a, b, c, -dd) end
  end
  if not derive(f) then argerror(1, fname, "matrix does not define a frustum") end
  return f
end

--- collide.frustum_from_matrix(m, [order]): order "column" (default) or "row"
function M.from_matrix(m, order)
  return set_matrix(blank(), "frustum_from_matrix", m, order)
end

--- frustum:set_matrix(m, [order]): in place, returns self
function Frustum:set_matrix(m, order)
  return set_matrix(self, "set_matrix", m, order)
end

--- frustum:corners() -> 24 numbers, near plane first
function Frustum:corners()
  local cx, cy, cz = self._cx, self._cy, self._cz
  return cx[1], cy[1], cz[1], cx[2], cy[2], cz[2], cx[3], cy[3], cz[3], cx[4], cy[4], cz[4],
         cx[5], cy[5], cz[5], cx[6], cy[6], cz[6], cx[7], cy[7], cz[7], cx[8], cy[8], cz[8]
end

--- frustum:corner(i) -> x, y, z
function Frustum:corner(i)
  if type(i) ~= "number" or i ~= math.floor(i) or i < 1 or i > 8 then
    argerror(1, "corner", "index out of range")
  end
  return self._cx[i], self._cy[i], self._cz[i]
end

--- frustum:plane(i, [out]) -> a copy of plane i (1 left ... 6 far)
function Frustum:plane(i, out)
  if type(i) ~= "number" or i ~= math.floor(i) or i < 1 or i > 6 then
    argerror(1, "plane", "index out of range")
  end
  local x, y, z = self._nx[i], self._ny[i], self._nz[i]
  if out ~= nil then
    if ctype(out) ~= "plane" then argerror(2, "plane", "collide.plane expected, got " .. typename(out)) end
    return out:set(x, y, z, self._d[i])
  end
  return core.plane(x, y, z, self._d[i])
end

--- frustum:planes() -> the array of its 6 planes, as the tree's
--- query_convex takes it; do not change them
function Frustum:planes()
  return self._planes
end

-- ---------------------------------------------------------------------
-- separating axes

-- the frustum's extent along (ax, ay, az)
local function extent(f, ax, ay, az)
  local cx, cy, cz = f._cx, f._cy, f._cz
  local lo = ax * cx[1] + ay * cy[1] + az * cz[1]
  local hi = lo
  for i = 2, 8 do
    local v = ax * cx[i] + ay * cy[i] + az * cz[i]
    if v < lo then lo = v elseif v > hi then hi = v end
  end
  return lo, hi
end

-- a box (centre, half extents, axes u1 u2 u3 as 9 numbers) against the
-- frustum: true when some axis separates them
local function box_separated(f, c1, c2, c3, e1, e2, e3, u)
  local function sep(ax, ay, az)
    local lo, hi = extent(f, ax, ay, az)
    local m = ax * c1 + ay * c2 + az * c3
    local r = e1 * abs(ax * u[1] + ay * u[2] + az * u[3])
            + e2 * abs(ax * u[4] + ay * u[5] + az * u[6])
            + e3 * abs(ax * u[7] + ay * u[8] + az * u[9])
    return m + r < lo or m - r > hi
  end
  for k = 1, 6 do
    if sep(f._nx[k], f._ny[k], f._nz[k]) then return true end
  end
  for k = 0, 2 do
    if sep(u[3 * k + 1], u[3 * k + 2], u[3 * k + 3]) then return true end
  end
  local ex, ey, ez = f._ex, f._ey, f._ez
  for j = 1, #ex do
    for k = 0, 2 do
      local bx, by, bz = u[3 * k + 1], u[3 * k + 2], u[3 * k + 3]
      local ax = ey[j] * bz - ez[j] * by
      local ay = ez[j] * bx - ex[j] * bz
      local az = ex[j] * by - ey[j] * bx
      if ax * ax + ay * ay + az * az > EPS * EPS and sep(ax, ay, az) then return true end
    end
  end
  return false
end

local function tri_separated(f, v)
  local function sep(ax, ay, az)
    local lo, hi = extent(f, ax, ay, az)
    local p1 = ax * v[1] + ay * v[2] + az * v[3]
    local p2 = ax * v[4] + ay * v[5] + az * v[6]
    local p3 = ax * v[7] + ay * v[8] + az * v[9]
    local tlo, thi = p1, p1
    if p2 < tlo then tlo = p2 elseif p2 > thi then thi = p2 end
    if p3 < tlo then tlo = p3 elseif p3 > thi then thi = p3 end
    return thi < lo or tlo > hi
  end
  for k = 1, 6 do
    if sep(f._nx[k], f._ny[k], f._nz[k]) then return true end
  end
  local e = {
    v[4] - v[1], v[5] - v[2], v[6] - v[3],
    v[7] - v[4], v[8] - v[5], v[9] - v[6],
    v[1] - v[7], v[2] - v[8], v[3] - v[9],
  }
  -- the triangle's normal (skipped when degenerate: its cross is tiny)
  local nx = e[2] * e[9] - e[3] * e[8]
  local ny = e[3] * e[7] - e[1] * e[9]
  local nz = e[1] * e[8] - e[2] * e[7]
  local l1 = e[1] * e[1] + e[2] * e[2] + e[3] * e[3]
  local l3 = e[7] * e[7] + e[8] * e[8] + e[9] * e[9]
  if nx * nx + ny * ny + nz * nz > EPS * EPS * l1 * l3 and sep(nx, ny, nz) then return true end
  local ex, ey, ez = f._ex, f._ey, f._ez
  for j = 1, #ex do
    for k = 0, 2 do
      local bx, by, bz = e[3 * k + 1], e[3 * k + 2], e[3 * k + 3]
      local ax = ey[j] * bz - ez[j] * by
      local ay = ez[j] * bx - ex[j] * bz
      local az = ex[j] * by - ey[j] * bx
      local lb = bx * bx + by * by + bz * bz
      if ax * ax + ay * ay + az * az > EPS * EPS * lb and sep(ax, ay, az) then return true end
    end
  end
  return false
end

-- ---------------------------------------------------------------------
-- classify

local function classify_point(f, x, y, z)
  local nx, ny, nz, d = f._nx, f._ny, f._nz, f._d
  local result = 1
  for k = 1, 6 do
    local s = nx[k] * x + ny[k] * y + nz[k] * z - d[k]
    if s < 0 then return -1 end
    if s == 0 then result = 0 end
  end
  return result
end

-- the line o + t dir, t in [0, tmax], clipped by the six half-spaces
-- (Cyrus-Beck)
local function classify_ray(f, r)
  local ox, oy, oz = r:origin()
  local dx, dy, dz = r:direction()
  local t0, t1 = 0, r:tmax()
  local nx, ny, nz, d = f._nx, f._ny, f._nz, f._d
  for k = 1, 6 do
    local s = nx[k] * ox + ny[k] * oy + nz[k] * oz - d[k]
    local den = nx[k] * dx + ny[k] * dy + nz[k] * dz
    if den == 0 then
      if s < 0 then return -1 end
    elseif den > 0 then
      local t = -s / den
      if t > t0 then t0 = t end
    else
      local t = -s / den
      if t < t1 then t1 = t end
    end
    if t0 > t1 then return -1 end
  end
  local tm = r:tmax()
  if tm == huge then return 0 end                -- an endless ray is never inside
  if classify_point(f, ox, oy, oz) == 1 and classify_point(f, ox + tm * dx, oy + tm * dy, oz + tm * dz) == 1 then
    return 1
  end
  return 0
end

local function classify_plane(f, p)
  local nx, ny, nz = p:normal()
  local d = p:d()
  local cx, cy, cz = f._cx, f._cy, f._cz
  local pos, neg = false, false
  for i = 1, 8 do
    local s = nx * cx[i] + ny * cy[i] + nz * cz[i] - d
    if s >= 0 then pos = true end
    if s <= 0 then neg = true end
  end
  return (pos and neg) and 0 or -1
end

local function read_point(fname, a, b, c)
  local ta = type(a)
  local x, y, z
  if ta == "number" then
    x, y, z = a, b, c
    if type(y) ~= "number" then argerror(2, fname, "number expected, got " .. (y == nil and "no value" or typename(y))) end
    if type(z) ~= "number" then argerror(3, fname, "number expected, got " .. (z == nil and "no value" or typename(z))) end
  elseif ta == "table" or ta == "userdata" then
    x, y, z = a.x, a.y, a.z
    if type(x) ~= "number" or type(y) ~= "number" or type(z) ~= "number" then
      x, y, z = a[1], a[2], a[3]
    end
    if type(x) ~= "number" or type(y) ~= "number" or type(z) ~= "number" then
      argerror(1, fname, "shape or vector expected, got " .. typename(a))
    end
  else
    argerror(1, fname, "shape or vector expected, got " .. (a == nil and "no value" or typename(a)))
  end
  for i, v in ipairs({ x, y, z }) do
    if not finite(v) then
      argerror(ta == "number" and i or 1, fname,
        "finite number expected, got " .. (v ~= v and "nan" or (v > 0 and "inf" or "-inf")))
    end
  end
  return x, y, z
end

local function classify(f, fname, a, b, c, d)
  local kind = ctype(a)
  if kind == nil then
    return classify_point(f, read_point(fname, a, b, c))
  end
  if kind == "ray" then return classify_ray(f, a) end
  if kind == "plane" then return classify_plane(f, a) end
  if kind ~= "aabb" and kind ~= "obb" and kind ~= "sphere" and kind ~= "triangle"
      and kind ~= "capsule" then
    argerror(1, fname, "shape or vector expected, got " .. typename(a))
  end
  if b ~= nil and b ~= "planes" and b ~= "exact" then
    argerror(2, fname, format("invalid option '%s'", tostring(b)))
  end
  -- plane by plane: exact for "outside one plane" and "inside all"
  local planes = f._planes
  local result = 1
  for k = 1, 6 do
    local s = planes[k]:classify(a)
    if s < 0 then return -1 end
    if s == 0 then result = 0 end
  end
  if result == 1 or b == "planes" then return result end
  if kind == "sphere" then
    local x, y, z = a:center()
    if classify_point(f, x, y, z) >= 0 then return 0 end
    local r = a:radius()
    local tris = f._tris
    for i = 1, 12 do
      if tris[i]:distance(x, y, z) <= r then return 0 end
    end
    return -1
  end
  if kind == "triangle" then
    return tri_separated(f, { a:vertices() }) and -1 or 0
  end
  if kind == "capsule" then
    -- neither inside every plane nor outside one: a capsule that meets the
    -- solid frustum without lying inside it meets one of its faces (or
    -- holds it whole, faces included)
    local tris = f._tris
    for i = 1, 12 do
      if core.intersects(a, tris[i]) then return 0 end
    end
    return -1
  end
  local c1, c2, c3 = a:center()
  local e1, e2, e3 = a:half_extents()
  local u = kind == "obb" and { a:axes() } or { 1, 0, 0, 0, 1, 0, 0, 0, 1 }
  return box_separated(f, c1, c2, c3, e1, e2, e3, u) and -1 or 0
end

--- frustum:classify(shape | point, ["planes"]) -> -1 outside, 0 crossing, 1 inside
function Frustum:classify(a, b, c, d)
  return classify(self, "classify", a, b, c, d)
end

--- frustum:intersects(shape | point) -> boolean
function Frustum:intersects(a, b, c, d)
  return classify(self, "intersects", a, b, c, d) >= 0
end

function Frustum:__tostring()
  local parts = {}
  for i = 1, 6 do
    parts[i] = format("(%.14g, %.14g, %.14g), %.14g", self._nx[i], self._ny[i], self._nz[i], self._d[i])
  end
  return "frustum(" .. table.concat(parts, "; ") .. ")"
end

return M
