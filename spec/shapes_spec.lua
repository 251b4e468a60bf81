-- Shapes: constructors, both vector forms, accessors, mutators, derived
-- shapes, tostring, ==, collide.type and collide.epsilon.
-- Expected values are worked out by hand or by the independent Lua helpers
-- below (quaternion rotation, corner boxes), never by the module itself.
local collide = require "collide"
local H = require "helpers"

local unpack = H.unpack
local exact, vals = H.assert_exact, H.assert_vals

local S = math.sqrt(0.5)
local R3 = math.sqrt(3)
local TOL = 1e-15          -- last-bit differences of a normalisation
local TOLR = 1e-14         -- a few operations on rotations

-- ---------------------------------------------------------------------
-- independent helpers (plain Lua)

local function cross(a, b)
  return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end

-- unit quaternion with w >= 0
local function qunit(q)
  local l = math.sqrt(q[1] ^ 2 + q[2] ^ 2 + q[3] ^ 2 + q[4] ^ 2)
  if q[4] < 0 then l = -l end
  return { q[1] / l, q[2] / l, q[3] / l, q[4] / l }
end

-- v rotated by unit quaternion q: v + w t + u x t, t = 2 u x v
local function qrot(q, v)
  local u = { q[1], q[2], q[3] }
  local t = cross(u, v)
  t = { 2 * t[1], 2 * t[2], 2 * t[3] }
  local c = cross(u, t)
  return { v[1] + q[4] * t[1] + c[1], v[2] + q[4] * t[2] + c[2], v[3] + q[4] * t[3] + c[3] }
end

local function axes_of(q)
  local x, y, z = qrot(q, { 1, 0, 0 }), qrot(q, { 0, 1, 0 }), qrot(q, { 0, 0, 1 })
  return { x[1], x[2], x[3], y[1], y[2], y[3], z[1], z[2], z[3] }
end

-- corner i (1..8) of a box c + R(q) * (+-e), bit k of i-1 picks + on axis k
local function obb_corner(c, e, q, i)
  local b = i - 1
  local l = {}
  for k = 1, 3 do
    l[k] = (math.floor(b / 2 ^ (k - 1)) % 2 == 1) and e[k] or -e[k]
  end
  local r = qrot(q, l)
  return { c[1] + r[1], c[2] + r[2], c[3] + r[3] }
end

-- compare a quaternion; when w is 0 both signs describe the rotation
local function quat_is(expected, tol, ...)
  local got = H.pack(...)
  H.assert_near(expected, got, tol)
  assert.is_true(got[4] >= 0, "w >= 0")
end
local function quat_up_to_sign(expected, tol, ...)
  local got = H.pack(...)
  if expected[4] == 0 and got[4] == 0 then
    local s = 0
    for k = 1, 3 do
      if expected[k] ~= 0 then s = (got[k] * expected[k] < 0) and -1 or 1; break end
    end
    got = { got[1] * s, got[2] * s, got[3] * s, 0, n = 4 }
  end
  H.assert_near(expected, got, tol)
  assert.is_true(got[4] >= 0, "w >= 0")
end

-- ---------------------------------------------------------------------
-- vector forms: V(...) and Q(...) mark arguments given in form k

local function V(x, y, z) return { vec = 3, x, y, z } end
local function Q(x, y, z, w) return { vec = 4, x, y, z, w } end

local function args_in(k, ...)
  local parts = {}
  for i = 1, select("#", ...) do
    local a = select(i, ...)
    if type(a) == "table" and a.vec == 3 then
      parts[#parts + 1] = H.vector_forms(a[1], a[2], a[3])[k].args
    elseif type(a) == "table" and a.vec == 4 then
      parts[#parts + 1] = H.quat_forms(a[1], a[2], a[3], a[4])[k].args
    else
      parts[#parts + 1] = H.pack(a)
    end
  end
  return unpack(H.args(unpack(parts)))
end

describe("vector and quaternion arguments", function()
  for k, form in ipairs(H.vector_forms(0, 0, 0)) do
    describe("given as " .. form.name, function()
      it("aabb(min, max)", function()
        local b = collide.aabb(args_in(k, V(-1, -2, -3), V(4, 5, 6)))
        exact({ -1, -2, -3 }, b:min())
        exact({ 4, 5, 6 }, b:max())
      end)

      it("aabb_from_center(center, half_extents)", function()
        local b = collide.aabb_from_center(args_in(k, V(1, 2, 3), V(0.5, 1, 2)))
        exact({ 0.5, 1, 1 }, b:min())
        exact({ 1.5, 3, 5 }, b:max())
      end)

      if k > 1 then   -- a point array holds indexable values only
        it("aabb_from_points(points)", function()
          local f = H.vector_forms
          local b = collide.aabb_from_points({
            f(1, 5, -1)[k].args[1], f(-2, 0, 4)[k].args[1], f(3, 1, 2)[k].args[1] })
          exact({ -2, 0, -1 }, b:min())
          exact({ 3, 5, 4 }, b:max())
        end)
      end

      it("obb(center, half_extents, rotation)", function()
        local o = collide.obb(args_in(k, V(1, 2, 3), V(4, 5, 6), Q(0, 0, 2, 2)))
        exact({ 1, 2, 3 }, o:center())
        exact({ 4, 5, 6 }, o:half_extents())
        quat_is({ 0, 0, S, S }, TOL, o:rotation())
      end)

      it("obb_from_axes(center, half_extents, ax, ay, az)", function()
        local o = collide.obb_from_axes(args_in(k, V(1, 2, 3), V(4, 5, 6),
          V(0, 1, 0), V(-1, 0, 0), V(0, 0, 1)))
        exact({ 1, 2, 3 }, o:center())
        exact({ 4, 5, 6 }, o:half_extents())
        quat_is({ 0, 0, S, S }, TOL, o:rotation())
      end)

      it("obb_from_aabb(box, rotation)", function()
        local o = collide.obb_from_aabb(collide.aabb(0, 0, 0, 2, 4, 6), args_in(k, Q(0, 0, 0, 3)))
        exact({ 1, 2, 3 }, o:center())
        exact({ 1, 2, 3 }, o:half_extents())
        exact({ 0, 0, 0, 1 }, o:rotation())
      end)

      it("plane(normal, d)", function()
        local p = collide.plane(args_in(k, V(0, 0, 2), 6))
        exact({ 0, 0, 1 }, p:normal())
        exact({ 3 }, p:d())
      end)

      it("plane_from_point(point, normal)", function()
        local p = collide.plane_from_point(args_in(k, V(1, 2, 3), V(0, 4, 0)))
        exact({ 0, 1, 0 }, p:normal())
        exact({ 2 }, p:d())
      end)

      it("plane_from_points(a, b, c)", function()
        local p = collide.plane_from_points(args_in(k, V(1, 1, 5), V(3, 1, 5), V(1, 4, 5)))
        exact({ 0, 0, 1 }, p:normal())
        exact({ 5 }, p:d())
      end)

      it("triangle(a, b, c)", function()
        local t = collide.triangle(args_in(k, V(0, 0, 0), V(3, 0, 0), V(0, 3, 0)))
        exact({ 0, 0, 0, 3, 0, 0, 0, 3, 0 }, t:vertices())
        exact({ 0, 0, 1 }, t:normal())
      end)

      it("ray(origin, direction, tmax)", function()
        local r = collide.ray(args_in(k, V(1, 2, 3), V(0, 0, -4), 7))
        exact({ 1, 2, 3 }, r:origin())
        exact({ 0, 0, -1 }, r:direction())
        exact({ 7 }, r:tmax())
      end)

      it("segment(a, b)", function()
        local r = collide.segment(args_in(k, V(1, 2, 3), V(1, 2, -2)))
        exact({ 1, 2, 3 }, r:origin())
        exact({ 0, 0, -1 }, r:direction())
        exact({ 5 }, r:tmax())
      end)

      it("sphere(center, radius)", function()
        local s = collide.sphere(args_in(k, V(1, 2, 3), 4))
        exact({ 1, 2, 3 }, s:center())
        exact({ 4 }, s:radius())
      end)

      it("s:translate(delta)", function()
        local b = collide.aabb(0, 0, 0, 1, 1, 1)
        assert.are.equal(b, b:translate(args_in(k, V(1, 2, 3))))
        exact({ 1, 2, 3 }, b:min())
        exact({ 2, 3, 4 }, b:max())
      end)

      it("s:set(...) with the constructor's arguments", function()
        local o = collide.obb(0, 0, 0, 1, 1, 1)
        o:set(args_in(k, V(1, 2, 3), V(4, 5, 6), Q(0, 0, 0, -2)))
        exact({ 1, 2, 3 }, o:center())
        exact({ 4, 5, 6 }, o:half_extents())
        exact({ 0, 0, 0, 1 }, o:rotation())
      end)
    end)
  end

  it("mixes the forms within one call", function()
    local b = collide.aabb({ 0, 0, 0 }, 1, 2, 3)
    exact({ 0, 0, 0 }, b:min())
    exact({ 1, 2, 3 }, b:max())
    b = collide.aabb(-1, -1, -1, { x = 1, y = 2, z = 3 })
    exact({ -1, -1, -1 }, b:min())
    exact({ 1, 2, 3 }, b:max())
    local o = collide.obb({ 0, 0, 0 }, 1, 1, 1, { 0, 0, 0, 1 })
    exact({ 1, 1, 1 }, o:half_extents())
    o = collide.obb(0, 0, 0, { 1, 1, 1 }, 0, 0, 0, 1)
    exact({ 0, 0, 0, 1 }, o:rotation())
  end)

  it("prefers numeric x, y, z fields over [1], [2], [3]", function()
    local b = collide.aabb({ x = 1, y = 2, z = 3, 7, 8, 9 }, { 10, 10, 10 })
    exact({ 1, 2, 3 }, b:min())
  end)

  it("falls back to [1], [2], [3] when x, y, z are not all numbers", function()
    local b = collide.aabb({ x = 1, y = 2, 7, 8, 9 }, { 10, 10, 10 })
    exact({ 7, 8, 9 }, b:min())
    local o = collide.obb(0, 0, 0, 1, 1, 1, { x = 1, y = 0, z = 0, 0, 0, 0, 5 })
    exact({ 0, 0, 0, 1 }, o:rotation())
  end)

  it("reads a class instance through __index (like a CPML vec3)", function()
    local vec3 = {}
    vec3.__index = vec3
    function vec3.new(x, y, z) return setmetatable({ x = x, y = y, z = z }, vec3) end
    function vec3:len() return math.sqrt(self.x ^ 2 + self.y ^ 2 + self.z ^ 2) end
    local s = collide.sphere(vec3.new(1, 2, 3), 4)
    exact({ 1, 2, 3 }, s:center())
    -- and one whose fields live behind an __index function
    local proxy = setmetatable({}, { __index = function(_, key)
      return ({ x = -1, y = -2, z = -3 })[key]
    end })
    s = collide.sphere(proxy, 1)
    exact({ -1, -2, -3 }, s:center())
  end)

  it("treats a nil rotation as the identity", function()
    exact({ 0, 0, 0, 1 }, collide.obb(0, 0, 0, 1, 1, 1, nil):rotation())
    exact({ 0, 0, 0, 1 }, collide.obb({ 0, 0, 0 }, { 1, 1, 1 }, nil):rotation())
    exact({ 0, 0, 0, 1 }, collide.obb_from_aabb(collide.aabb(0, 0, 0, 1, 1, 1), nil):rotation())
  end)
end)

-- ---------------------------------------------------------------------

describe("aabb", function()
  local function corners(b)
    local t = {}
    for i = 1, 8 do t[i] = H.pack(b:corner(i)) end
    return t
  end

  it("keeps min and max as given", function()
    local b = collide.aabb(-1, -2, -3, 4, 5, 6)
    exact({ -1, -2, -3 }, b:min())
    exact({ 4, 5, 6 }, b:max())
  end)

  it("has centre, half extents, size, volume and surface area", function()
    local b = collide.aabb(0, 0, 0, 2, 4, 6)
    exact({ 1, 2, 3 }, b:center())
    exact({ 1, 2, 3 }, b:half_extents())
    exact({ 2, 4, 6 }, b:size())
    exact({ 48 }, b:volume())
    exact({ 88 }, b:surface_area())
    b = collide.aabb(-3, -2, -1, 1, 2, 3)
    exact({ -1, 0, 1 }, b:center())
    exact({ 2, 2, 2 }, b:half_extents())
    exact({ 4, 4, 4 }, b:size())
    exact({ 64 }, b:volume())
    exact({ 96 }, b:surface_area())
  end)

  it("numbers its corners with i-1 = zyx bits, 0 = min and 1 = max", function()
    local b = collide.aabb(0, 0, 0, 2, 4, 6)
    assert.are.same({
      { 0, 0, 0, n = 3 }, { 2, 0, 0, n = 3 }, { 0, 4, 0, n = 3 }, { 2, 4, 0, n = 3 },
      { 0, 0, 6, n = 3 }, { 2, 0, 6, n = 3 }, { 0, 4, 6, n = 3 }, { 2, 4, 6, n = 3 },
    }, corners(b))
  end)

  it("accepts an integral float index for corner", function()
    exact({ 2, 4, 0 }, collide.aabb(0, 0, 0, 2, 4, 6):corner(4.0))
  end)

  it("builds from centre and half extents", function()
    local b = collide.aabb_from_center(1, 2, 3, 1, 2, 3)
    exact({ 0, 0, 0 }, b:min())
    exact({ 2, 4, 6 }, b:max())
    assert.is_true(b == collide.aabb(0, 0, 0, 2, 4, 6))
    b = collide.aabb_from_center(-5, 0, 5, 0.5, 0.25, 0)
    exact({ -5.5, -0.25, 5 }, b:min())
    exact({ -4.5, 0.25, 5 }, b:max())
  end)

  it("builds from points", function()
    local b = collide.aabb_from_points({ { 1, 5, -1 }, { x = -2, y = 0, z = 4 }, { 3, 1, 2 } })
    exact({ -2, 0, -1 }, b:min())
    exact({ 3, 5, 4 }, b:max())
    -- the order of the points does not matter
    local c = collide.aabb_from_points({ { 3, 1, 2 }, { 1, 5, -1 }, { -2, 0, 4 } })
    assert.is_true(b == c)
  end)

  it("builds a point box from a single point", function()
    local b = collide.aabb_from_points({ { 7, -8, 9 } })
    exact({ 7, -8, 9 }, b:min())
    exact({ 7, -8, 9 }, b:max())
    exact({ 0 }, b:volume())
  end)

  it("builds from many points (every point inside, extremes on the faces)", function()
    local pts, lo, hi = {}, { math.huge, math.huge, math.huge }, { -math.huge, -math.huge, -math.huge }
    for i = 1, 100 do
      local p = { (i * 37) % 101 - 50, (i * 53) % 89 - 44, (i * 71) % 97 / 4 - 12 }
      pts[i] = p
      for k = 1, 3 do lo[k] = math.min(lo[k], p[k]); hi[k] = math.max(hi[k], p[k]) end
    end
    local b = collide.aabb_from_points(pts)
    exact(lo, b:min())
    exact(hi, b:max())
  end)

  it("allows zero-size and flat boxes", function()
    local b = collide.aabb(1, 2, 3, 1, 2, 3)
    exact({ 1, 2, 3 }, b:center())
    exact({ 0, 0, 0 }, b:half_extents())
    exact({ 0, 0, 0 }, b:size())
    exact({ 0 }, b:volume())
    exact({ 0 }, b:surface_area())
    for i = 1, 8 do exact({ 1, 2, 3 }, b:corner(i)) end
    local f = collide.aabb(0, 0, 0, 2, 3, 0)
    exact({ 0 }, f:volume())
    exact({ 12 }, f:surface_area())
    exact({ 2, 3, 0 }, f:corner(8))
    exact({ 0, 0, 0 }, collide.aabb_from_center(5, 5, 5, 0, 0, 0):size())
  end)

  it("handles huge (1e6) coordinates", function()
    local b = collide.aabb(-1e6, -1e6, -1e6, 1e6, 1e6, 1e6)
    exact({ 0, 0, 0 }, b:center())
    exact({ 1e6, 1e6, 1e6 }, b:half_extents())
    exact({ 2e6, 2e6, 2e6 }, b:size())
    exact({ 8e18 }, b:volume())
    exact({ 2.4e13 }, b:surface_area())
    exact({ 1e6, -1e6, 1e6 }, b:corner(6))
    b = collide.aabb(1e6, 1e6, 1e6, 1e6 + 2, 1e6 + 4, 1e6 + 6)
    exact({ 1e6 + 1, 1e6 + 2, 1e6 + 3 }, b:center())
    exact({ 48 }, b:volume())
  end)

  it("handles tiny (1e-6) coordinates", function()
    local b = collide.aabb(0, 0, 0, 1e-6, 2e-6, 3e-6)
    exact({ 5e-7, 1e-6, 1.5e-6 }, b:center())
    exact({ 1e-6, 2e-6, 3e-6 }, b:size())
    vals({ 6e-18 }, TOL, b:volume())
    vals({ 2.2e-11 }, TOL, b:surface_area())
    -- a tiny box far from the origin keeps its size to the spacing of doubles at 1e6
    local lo, hi = 1e6, 1e6 + 1e-6
    b = collide.aabb(lo, lo, lo, hi, hi, hi)
    exact({ hi - lo, hi - lo, hi - lo }, b:size())
    assert.is_true(math.abs((hi - lo) - 1e-6) < 1e-9)
  end)
end)

-- ---------------------------------------------------------------------

describe("obb", function()
  it("defaults to the identity rotation", function()
    local o = collide.obb(1, 2, 3, 4, 5, 6)
    exact({ 1, 2, 3 }, o:center())
    exact({ 4, 5, 6 }, o:half_extents())
    exact({ 0, 0, 0, 1 }, o:rotation())
    exact({ 1, 0, 0, 0, 1, 0, 0, 0, 1 }, o:axes())
  end)

  it("has identity corners at centre +- extents in zyx bit order", function()
    local o = collide.obb(1, 2, 3, 4, 5, 6)
    local expected = {
      { -3, -3, -3 }, { 5, -3, -3 }, { -3, 7, -3 }, { 5, 7, -3 },
      { -3, -3, 9 }, { 5, -3, 9 }, { -3, 7, 9 }, { 5, 7, 9 },
    }
    for i = 1, 8 do exact(expected[i], o:corner(i)) end
  end)

  it("normalises the quaternion on entry", function()
    exact({ 0, 0, 0, 1 }, collide.obb(0, 0, 0, 1, 1, 1, 0, 0, 0, 5):rotation())
    exact({ 0, 0, 0, 1 }, collide.obb(0, 0, 0, 1, 1, 1, 0, 0, 0, 1e-6):rotation())
    exact({ 0, 0, 0, 1 }, collide.obb(0, 0, 0, 1, 1, 1, 0, 0, 0, 1e6):rotation())
    quat_is({ 0, 0, S, S }, TOL, collide.obb(0, 0, 0, 1, 1, 1, 0, 0, 1, 1):rotation())
    local r30 = math.sqrt(30)
    quat_is({ 1 / r30, 2 / r30, 3 / r30, 4 / r30 }, TOL,
      collide.obb(0, 0, 0, 1, 1, 1, 1, 2, 3, 4):rotation())
    -- a 3-4-5 quaternion normalises exactly
    exact({ 0, 0.6, 0, 0.8 }, collide.obb(0, 0, 0, 1, 1, 1, 0, 3, 0, 4):rotation())
    quat_is({ 0, 0.6, 0, 0.8 }, TOL, collide.obb(0, 0, 0, 1, 1, 1, 0, 3e-6, 0, 4e-6):rotation())
  end)

  it("stores the quaternion with w >= 0", function()
    exact({ 0, 0, 0, 1 }, collide.obb(0, 0, 0, 1, 1, 1, 0, 0, 0, -2):rotation())
    exact({ 0, -0.6, 0, 0.8 }, collide.obb(0, 0, 0, 1, 1, 1, 0, 3, 0, -4):rotation())
    local r30 = math.sqrt(30)
    quat_is({ 1 / r30, 2 / r30, 3 / r30, 4 / r30 }, TOL,
      collide.obb(0, 0, 0, 1, 1, 1, -1, -2, -3, -4):rotation())
    assert.is_true(collide.obb(0, 0, 0, 1, 1, 1, -1, -2, -3, -4)
      == collide.obb(0, 0, 0, 1, 1, 1, 1, 2, 3, 4))
  end)

  it("derives its axes from the rotation", function()
    for _, q in ipairs({ { 0, 0, 1, 1 }, { 1, 2, 3, 4 }, { -4, 3, -2, 1 }, { 0.1, -0.7, 0.3, -0.2 },
                         { 1, 1e-3, 0, 0 }, { 0, 0, 0, 1 } }) do
      local o = collide.obb(0, 0, 0, 1, 1, 1, unpack(q))
      H.assert_near(axes_of(qunit(q)), H.pack(o:axes()), TOLR)
    end
  end)

  it("has axes that are orthonormal and right-handed", function()
    local o = collide.obb(0, 0, 0, 1, 1, 1, 0.1, -0.7, 0.3, -0.2)
    local a = H.pack(o:axes())
    local x, y, z = { a[1], a[2], a[3] }, { a[4], a[5], a[6] }, { a[7], a[8], a[9] }
    vals({ 1, 1, 1, 0, 0, 0 }, TOLR, dot(x, x), dot(y, y), dot(z, z), dot(x, y), dot(y, z), dot(x, z))
    H.assert_near(z, cross(x, y), TOLR)
  end)

  it("rotates its corners with the box (90 degrees about z)", function()
    local o = collide.obb(0, 0, 0, 1, 2, 3, 0, 0, S, S)
    -- local x -> world y, local y -> world -x
    vals({ 2, -1, -3 }, TOLR, o:corner(1))
    vals({ 2, 1, -3 }, TOLR, o:corner(2))
    vals({ -2, -1, -3 }, TOLR, o:corner(3))
    vals({ -2, 1, 3 }, TOLR, o:corner(8))
  end)

  it("puts its corners at centre + R (+-e) for a general rotation", function()
    local q, c, e = { 1, 2, 3, 4 }, { 1, -2, 3 }, { 0.5, 1, 2 }
    local o = collide.obb(c[1], c[2], c[3], e[1], e[2], e[3], unpack(q))
    for i = 1, 8 do
      H.assert_near(obb_corner(c, e, qunit(q), i), H.pack(o:corner(i)), TOLR, "corner " .. i)
    end
  end)

  it("allows zero extents (every corner is the centre)", function()
    local o = collide.obb(1, 2, 3, 0, 0, 0, 1, 2, 3, 4)
    for i = 1, 8 do vals({ 1, 2, 3 }, 0, o:corner(i)) end
    o = collide.obb(1, 2, 3, 2, 0, 0)
    exact({ 3, 2, 3 }, o:corner(8))
  end)

  it("handles huge and tiny sizes", function()
    local o = collide.obb(1e6, -1e6, 1e6, 1e-6, 2e-6, 3e-6)
    exact({ 1e6, -1e6, 1e6 }, o:center())
    exact({ 1e-6, 2e-6, 3e-6 }, o:half_extents())
    exact({ 1e6 + 1e-6, -1e6 + 2e-6, 1e6 + 3e-6 }, o:corner(8))
    o = collide.obb(0, 0, 0, 1e6, 1e6, 1e6, 0, 0, S, S)
    -- corner 4 is local (+e, +e, -e); 90 degrees about z takes (x, y) to (-y, x)
    vals({ -1e6, 1e6, -1e6 }, TOLR, o:corner(4))
  end)
end)

describe("obb_from_axes", function()
  local cases = {
    { "identity", { 1, 0, 0, 0, 1, 0, 0, 0, 1 }, { 0, 0, 0, 1 } },
    { "90 degrees about x", { 1, 0, 0, 0, 0, 1, 0, -1, 0 }, { S, 0, 0, S } },
    { "180 degrees about x", { 1, 0, 0, 0, -1, 0, 0, 0, -1 }, { 1, 0, 0, 0 } },
    { "270 degrees about x", { 1, 0, 0, 0, 0, -1, 0, 1, 0 }, { -S, 0, 0, S } },
    { "90 degrees about y", { 0, 0, -1, 0, 1, 0, 1, 0, 0 }, { 0, S, 0, S } },
    { "180 degrees about y", { -1, 0, 0, 0, 1, 0, 0, 0, -1 }, { 0, 1, 0, 0 } },
    { "270 degrees about y", { 0, 0, 1, 0, 1, 0, -1, 0, 0 }, { 0, -S, 0, S } },
    { "90 degrees about z", { 0, 1, 0, -1, 0, 0, 0, 0, 1 }, { 0, 0, S, S } },
    { "180 degrees about z", { -1, 0, 0, 0, -1, 0, 0, 0, 1 }, { 0, 0, 1, 0 } },
    { "270 degrees about z", { 0, -1, 0, 1, 0, 0, 0, 0, 1 }, { 0, 0, -S, S } },
    { "120 degrees about (1,1,1)", { 0, 1, 0, 0, 0, 1, 1, 0, 0 }, { 0.5, 0.5, 0.5, 0.5 } },
    { "180 degrees about (1,1,0)", { 0, 1, 0, 1, 0, 0, 0, 0, -1 }, { S, S, 0, 0 } },
  }
  for _, case in ipairs(cases) do
    local name, ax, q = case[1], case[2], case[3]
    it("recovers rotation and axes: " .. name, function()
      local o = collide.obb_from_axes(1, 2, 3, 4, 5, 6, unpack(ax))
      exact({ 1, 2, 3 }, o:center())
      exact({ 4, 5, 6 }, o:half_extents())
      quat_up_to_sign(q, TOLR, o:rotation())
      H.assert_near(ax, H.pack(o:axes()), TOLR)
      -- the independent rotation of the recovered quaternion gives the axes back
      H.assert_near(ax, axes_of(H.pack(o:rotation())), TOLR)
    end)
  end

  for _, q in ipairs({ { 1, 2, 3, 4 }, { -4, 3, -2, 1 }, { 0.1, -0.7, 0.3, -0.2 },
                       { 1, 1e-3, 0, 0 }, { 1e-3, 0, 1, 1e-3 }, { 0, 1, 1e-3, 0 } }) do
    it(string.format("recovers a general rotation (%g, %g, %g, %g)", unpack(q)), function()
      local u = qunit(q)
      local ax = axes_of(u)
      local o = collide.obb_from_axes(0, 0, 0, 1, 1, 1, unpack(ax))
      quat_is(u, TOLR, o:rotation())
      H.assert_near(ax, H.pack(o:axes()), TOLR)
    end)
  end

  it("accepts axes within 1e-6 of orthonormal", function()
    local o = collide.obb_from_axes(0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1 + 1e-7)
    quat_is({ 0, 0, 0, 1 }, 1e-12, o:rotation())
  end)
end)

describe("obb_from_aabb", function()
  it("takes the box's centre and half extents and the identity rotation", function()
    local b = collide.aabb(0, 0, 0, 2, 4, 6)
    local o = collide.obb_from_aabb(b)
    assert.are.equal("obb", o:type())
    exact({ 1, 2, 3 }, o:center())
    exact({ 1, 2, 3 }, o:half_extents())
    exact({ 0, 0, 0, 1 }, o:rotation())
    assert.is_true(b == collide.aabb(0, 0, 0, 2, 4, 6))
  end)

  it("takes a rotation, normalised", function()
    local o = collide.obb_from_aabb(collide.aabb(-1, -1, -1, 1, 1, 1), 0, 0, 1, 1)
    quat_is({ 0, 0, S, S }, TOL, o:rotation())
    exact({ 0, 0, 0 }, o:center())
    o = collide.obb_from_aabb(collide.aabb(-1, -1, -1, 1, 1, 1), { 0, 0, 0, -1 })
    exact({ 0, 0, 0, 1 }, o:rotation())
  end)

  it("keeps a zero-size box as zero extents", function()
    local o = collide.obb_from_aabb(collide.aabb(3, 4, 5, 3, 4, 5))
    exact({ 3, 4, 5 }, o:center())
    exact({ 0, 0, 0 }, o:half_extents())
  end)
end)

-- ---------------------------------------------------------------------

describe("plane", function()
  it("keeps a unit normal and d", function()
    local p = collide.plane(0, 0, 1, 5)
    exact({ 0, 0, 1 }, p:normal())
    exact({ 5 }, p:d())
  end)

  it("normalises the normal and scales d with it", function()
    local p = collide.plane(0, 0, 2, 4)
    exact({ 0, 0, 1 }, p:normal())
    exact({ 2 }, p:d())
    p = collide.plane(-2, 0, 0, 6)      -- the points with x = -3
    exact({ -1, 0, 0 }, p:normal())
    exact({ 3 }, p:d())
    p = collide.plane(0, 3, 4, 10)
    vals({ 0, 0.6, 0.8 }, TOL, p:normal())
    vals({ 2 }, TOL, p:d())
    p = collide.plane(1, 1, 1, 3)
    vals({ 1 / R3, 1 / R3, 1 / R3 }, TOL, p:normal())
    vals({ R3 }, TOL, p:d())
  end)

  it("allows d = 0 and negative d", function()
    exact({ 0 }, collide.plane(0, 1, 0, 0):d())
    exact({ -7 }, collide.plane(0, 1, 0, -7):d())
  end)

  it("normalises tiny and huge normals", function()
    local p = collide.plane(0, 0, 1e-6, 1e-6)
    exact({ 0, 0, 1 }, p:normal())
    vals({ 1 }, TOL, p:d())
    p = collide.plane(1e6, 0, 0, 5e6)
    exact({ 1, 0, 0 }, p:normal())
    exact({ 5 }, p:d())
    p = collide.plane(0, 3e-6, 4e-6, 1e-6)
    vals({ 0, 0.6, 0.8 }, TOL, p:normal())
    vals({ 0.2 }, TOL, p:d())
  end)
end)

describe("plane_from_point", function()
  it("passes through the point", function()
    local p = collide.plane_from_point(1, 2, 3, 0, 0, 5)
    exact({ 0, 0, 1 }, p:normal())
    exact({ 3 }, p:d())
    p = collide.plane_from_point(1, 1, 1, 1, 1, 1)
    vals({ 1 / R3, 1 / R3, 1 / R3 }, TOL, p:normal())
    vals({ R3 }, TOL, p:d())
    p = collide.plane_from_point(4, 5, 6, 0, -2, 0)
    exact({ 0, -1, 0 }, p:normal())
    exact({ -5 }, p:d())
  end)

  it("handles huge and tiny values", function()
    local p = collide.plane_from_point(1e6, 1e6, 1e6, 0, 0, 1e-6)
    exact({ 0, 0, 1 }, p:normal())
    exact({ 1e6 }, p:d())
    p = collide.plane_from_point(1e-6, 0, 0, 1e6, 0, 0)
    exact({ 1e-6 }, p:d())
  end)
end)

describe("plane_from_points", function()
  it("has normal cross(b - a, c - a) normalised", function()
    local p = collide.plane_from_points(0, 0, 0, 1, 0, 0, 0, 1, 0)
    exact({ 0, 0, 1 }, p:normal())
    exact({ 0 }, p:d())
    p = collide.plane_from_points(0, 0, 0, 0, 1, 0, 1, 0, 0)
    exact({ 0, 0, -1 }, p:normal())
    p = collide.plane_from_points(2, 0, 0, 2, 1, 0, 2, 0, 1)
    exact({ 1, 0, 0 }, p:normal())
    exact({ 2 }, p:d())
    p = collide.plane_from_points(0, 0, 0, 2, 0, 0, 0, 0, 2)
    exact({ 0, -1, 0 }, p:normal())
  end)

  it("passes through all three points", function()
    local pts = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }
    local p = collide.plane_from_points(pts[1], pts[2], pts[3])
    vals({ 1 / R3, 1 / R3, 1 / R3 }, TOL, p:normal())
    vals({ 1 / R3 }, TOL, p:d())
    pts = { { 1.5, -2, 0.25 }, { 4, 1, -3 }, { -2, 5, 7 } }
    p = collide.plane_from_points(pts[1], pts[2], pts[3])
    local n = H.pack(p:normal())
    local c = cross({ pts[2][1] - pts[1][1], pts[2][2] - pts[1][2], pts[2][3] - pts[1][3] },
                    { pts[3][1] - pts[1][1], pts[3][2] - pts[1][2], pts[3][3] - pts[1][3] })
    local l = math.sqrt(dot(c, c))
    H.assert_near({ c[1] / l, c[2] / l, c[3] / l }, n, TOL)
    for i = 1, 3 do vals({ p:d() }, 1e-14, dot(n, pts[i])) end
  end)

  it("handles huge and tiny coordinates", function()
    local p = collide.plane_from_points(1e6, 0, 0, 1e6, 1e6, 0, 1e6, 0, 1e6)
    exact({ 1, 0, 0 }, p:normal())
    exact({ 1e6 }, p:d())
    p = collide.plane_from_points(0, 0, 0, 1e-6, 0, 0, 0, 1e-6, 0)
    exact({ 0, 0, 1 }, p:normal())
    exact({ 0 }, p:d())
    p = collide.plane_from_points(1e6, 1e6, 5, 1e6 + 1e-6, 1e6, 5, 1e6, 1e6 + 1e-6, 5)
    exact({ 0, 0, 1 }, p:normal())
    exact({ 5 }, p:d())
  end)
end)

describe("plane_from_equation", function()
  it("takes Ax + By + Cz + D = 0 as normal (A,B,C), d = -D, scaled", function()
    local p = collide.plane_from_equation(0, 0, 2, -4)
    exact({ 0, 0, 1 }, p:normal())
    exact({ 2 }, p:d())
    p = collide.plane_from_equation(1, 0, 0, 5)
    exact({ 1, 0, 0 }, p:normal())
    exact({ -5 }, p:d())
    p = collide.plane_from_equation(3, 0, 4, 10)
    vals({ 0.6, 0, 0.8 }, TOL, p:normal())
    vals({ -2 }, TOL, p:d())
    p = collide.plane_from_equation(0, -1, 0, 0)
    exact({ 0, -1, 0 }, p:normal())
    exact({ 0 }, p:d())
    p = collide.plane_from_equation(1e-6, 0, 0, -1e-6)
    exact({ 1, 0, 0 }, p:normal())
    exact({ 1 }, p:d())
  end)

  it("is the same plane as plane(normal, -D)", function()
    assert.is_true(collide.plane_from_equation(0, 0, 1, -2) == collide.plane(0, 0, 1, 2))
    assert.is_true(collide.plane_from_equation(0, 2, 0, 6) == collide.plane(0, 1, 0, -3))
  end)
end)

-- ---------------------------------------------------------------------

describe("triangle", function()
  it("keeps its vertices", function()
    local t = collide.triangle(1, 2, 3, 4, 5, 6, 7, 8, 10)
    exact({ 1, 2, 3 }, t:vertex(1))
    exact({ 4, 5, 6 }, t:vertex(2))
    exact({ 7, 8, 10 }, t:vertex(3))
    exact({ 4, 5, 6 }, t:vertex(2.0))
    exact({ 1, 2, 3, 4, 5, 6, 7, 8, 10 }, t:vertices())
  end)

  it("has a unit normal, area and centroid", function()
    local t = collide.triangle(0, 0, 0, 3, 0, 0, 0, 3, 0)
    exact({ 0, 0, 1 }, t:normal())
    exact({ 4.5 }, t:area())
    exact({ 1, 1, 0 }, t:centroid())
    t = collide.triangle(0, 0, 0, 2, 0, 0, 0, 0, 2)
    exact({ 0, -1, 0 }, t:normal())
    exact({ 2 }, t:area())
  end)

  it("faces away when clockwise", function()
    local t = collide.triangle(0, 0, 0, 0, 3, 0, 3, 0, 0)
    exact({ 0, 0, -1 }, t:normal())
    exact({ 4.5 }, t:area())
  end)

  it("has a tilted normal", function()
    local t = collide.triangle(1, 0, 0, 0, 1, 0, 0, 0, 1)
    vals({ 1 / R3, 1 / R3, 1 / R3 }, TOL, t:normal())
    vals({ R3 / 2 }, TOL, t:area())
    vals({ 1 / 3, 1 / 3, 1 / 3 }, TOL, t:centroid())
  end)

  it("has normal 0, 0, 0 and area 0 when degenerate", function()
    local t = collide.triangle(0, 0, 0, 1, 1, 1, 3, 3, 3)          -- collinear
    exact({ 0, 0, 0 }, t:normal())
    exact({ 0 }, t:area())
    vals({ 4 / 3, 4 / 3, 4 / 3 }, TOL, t:centroid())
    t = collide.triangle(1, 2, 3, 1, 2, 3, 4, 5, 6)                -- two coincide
    exact({ 0, 0, 0 }, t:normal())
    exact({ 0 }, t:area())
    t = collide.triangle(3, 6, 9, 3, 6, 9, 3, 6, 9)                -- a point
    exact({ 0, 0, 0 }, t:normal())
    exact({ 0 }, t:area())
    exact({ 3, 6, 9 }, t:centroid())
    exact({ 3, 6, 9, 3, 6, 9, 3, 6, 9 }, t:vertices())
  end)

  it("is degenerate when |cross| <= epsilon * longest edge^2", function()
    -- |cross| = 1e-12 against a longest edge of about 1: degenerate, yet its area is kept
    local t = collide.triangle(0, 0, 0, 1, 0, 0, 0.5, 1e-12, 0)
    exact({ 0, 0, 0 }, t:normal())
    vals({ 5e-13 }, 1e-12, t:area())
    -- a thin but legal triangle: |cross| = 1e-6 > 1e-9
    t = collide.triangle(0, 0, 0, 1, 0, 0, 0, 1e-6, 0)
    exact({ 0, 0, 1 }, t:normal())
    vals({ 5e-7 }, TOL, t:area())
  end)

  it("handles huge (1e6) and tiny (1e-6) coordinates", function()
    local b = 1e6
    local t = collide.triangle(b, b, b, b + 3, b, b, b, b + 3, b)
    exact({ 0, 0, 1 }, t:normal())
    exact({ 4.5 }, t:area())
    vals({ b + 1, b + 1, b }, TOL, t:centroid())
    t = collide.triangle(0, 0, 0, 3e-6, 0, 0, 0, 3e-6, 0)
    exact({ 0, 0, 1 }, t:normal())
    vals({ 4.5e-12 }, TOL, t:area())
    vals({ 1e-6, 1e-6, 0 }, TOL, t:centroid())
    t = collide.triangle(-b, -b, 0, b, -b, 0, 0, b, 0)
    exact({ 0, 0, 1 }, t:normal())
    exact({ 2e12 }, t:area())
  end)
end)

-- ---------------------------------------------------------------------

describe("ray", function()
  it("normalises the direction and defaults tmax to math.huge", function()
    local r = collide.ray(1, 2, 3, 0, 0, 5)
    exact({ 1, 2, 3 }, r:origin())
    exact({ 0, 0, 1 }, r:direction())
    exact({ math.huge }, r:tmax())
    r = collide.ray(0, 0, 0, -2, 0, 0)
    exact({ -1, 0, 0 }, r:direction())
    vals({ 0, 0.6, 0.8 }, TOL, collide.ray(0, 0, 0, 0, 3, 4):direction())
    vals({ 1 / R3, -1 / R3, 1 / R3 }, TOL, collide.ray(0, 0, 0, 1, -1, 1):direction())
  end)

  it("takes tmax: explicit math.huge, nil, a number, 0", function()
    exact({ math.huge }, collide.ray(0, 0, 0, 1, 0, 0, math.huge):tmax())
    exact({ math.huge }, collide.ray(0, 0, 0, 1, 0, 0, nil):tmax())
    exact({ 10 }, collide.ray(0, 0, 0, 1, 0, 0, 10):tmax())
    exact({ 0 }, collide.ray(0, 0, 0, 1, 0, 0, 0):tmax())
    exact({ 2.5 }, collide.ray({ 0, 0, 0 }, { 0, 7, 0 }, 2.5):tmax())
  end)

  it("gives points along itself with at(t), not clamped to [0, tmax]", function()
    local r = collide.ray(1, 2, 3, 0, 0, 2, 1)
    exact({ 1, 2, 7 }, r:at(4))
    exact({ 1, 2, 3 }, r:at(0))
    exact({ 1, 2, 2 }, r:at(-1))
    exact({ 1, 2, 3.5 }, r:at(0.5))
    r = collide.ray(0, 0, 0, 0, 3, 4)
    vals({ 0, 3, 4 }, TOL, r:at(5))
  end)

  it("normalises tiny and huge directions", function()
    exact({ 1, 0, 0 }, collide.ray(0, 0, 0, 1e-6, 0, 0):direction())
    exact({ 0, -1, 0 }, collide.ray(0, 0, 0, 0, -1e6, 0):direction())
    vals({ 0, 0.6, 0.8 }, TOL, collide.ray(0, 0, 0, 0, 3e-6, 4e-6):direction())
    vals({ 0.6, 0, 0.8 }, TOL, collide.ray(0, 0, 0, 3e6, 0, 4e6):direction())
    local r = collide.ray(1e6, -1e6, 1e6, 0, 0, 1)
    exact({ 1e6, -1e6, 1e6 }, r:origin())
    exact({ 1e6, -1e6, 1e6 + 1e-6 }, r:at(1e-6))
  end)
end)

describe("segment", function()
  it("is a ray from a towards b with tmax = |b - a|", function()
    local r = collide.segment(1, 2, 3, 1, 2, 8)
    assert.are.equal("ray", r:type())
    exact({ 1, 2, 3 }, r:origin())
    exact({ 0, 0, 1 }, r:direction())
    exact({ 5 }, r:tmax())
    exact({ 1, 2, 8 }, r:at(r:tmax()))
    r = collide.segment(0, 0, 0, 3, 4, 0)
    vals({ 0.6, 0.8, 0 }, TOL, r:direction())
    exact({ 5 }, r:tmax())
    vals({ 3, 4, 0 }, TOL, r:at(5))
    r = collide.segment(1, 1, 1, 0, 0, 0)
    vals({ -1 / R3, -1 / R3, -1 / R3 }, TOL, r:direction())
    vals({ R3 }, TOL, r:tmax())
  end)

  it("equals the ray with that tmax", function()
    assert.is_true(collide.segment(0, 0, 0, 2, 0, 0) == collide.ray(0, 0, 0, 1, 0, 0, 2))
  end)

  it("handles huge and tiny lengths", function()
    local r = collide.segment(-1e6, 0, 0, 1e6, 0, 0)
    exact({ 1, 0, 0 }, r:direction())
    exact({ 2e6 }, r:tmax())
    r = collide.segment(0, 0, 0, 0, 0, 1e-6)
    exact({ 0, 0, 1 }, r:direction())
    exact({ 1e-6 }, r:tmax())
  end)
end)

describe("sphere", function()
  it("keeps centre and radius", function()
    local s = collide.sphere(1, 2, 3, 4)
    exact({ 1, 2, 3 }, s:center())
    exact({ 4 }, s:radius())
  end)

  it("allows radius 0, huge and tiny radii", function()
    exact({ 0 }, collide.sphere(0, 0, 0, 0):radius())
    exact({ 1e6 }, collide.sphere(1e6, 1e6, 1e6, 1e6):radius())
    exact({ 1e-6 }, collide.sphere(0, 0, 0, 1e-6):radius())
  end)
end)

-- ---------------------------------------------------------------------
-- every kind: set, translate, clone, type

local kinds = {
  { name = "aabb",
    make = function() return collide.aabb(0, 0, 0, 1, 1, 1) end,
    set = { -1, -2, -3, 4, 5, 6 },
    after_set = function(s) exact({ -1, -2, -3 }, s:min()); exact({ 4, 5, 6 }, s:max()) end,
    after_translate = function(s)   -- by (1, 2, 3)
      exact({ 1, 2, 3 }, s:min()); exact({ 2, 3, 4 }, s:max())
    end },
  { name = "obb",
    make = function() return collide.obb(0, 0, 0, 1, 2, 3, 0, 0, 1, 1) end,
    set = { 1, 2, 3, 4, 5, 6, 0, 3, 0, 4 },
    after_set = function(s)
      exact({ 1, 2, 3 }, s:center()); exact({ 4, 5, 6 }, s:half_extents())
      exact({ 0, 0.6, 0, 0.8 }, s:rotation())
    end,
    after_translate = function(s)
      exact({ 1, 2, 3 }, s:center()); exact({ 1, 2, 3 }, s:half_extents())
      quat_is({ 0, 0, S, S }, TOL, s:rotation())
      H.assert_near(axes_of({ 0, 0, S, S }), H.pack(s:axes()), TOLR)
    end },
  { name = "plane",
    make = function() return collide.plane(0, 0, 1, 2) end,
    set = { 0, 2, 0, 4 },
    after_set = function(s) exact({ 0, 1, 0 }, s:normal()); exact({ 2 }, s:d()) end,
    after_translate = function(s) exact({ 0, 0, 1 }, s:normal()); exact({ 5 }, s:d()) end },
  { name = "triangle",
    make = function() return collide.triangle(0, 0, 0, 3, 0, 0, 0, 3, 0) end,
    set = { 0, 0, 0, 0, 3, 0, 3, 0, 0 },
    after_set = function(s)
      exact({ 0, 0, 0, 0, 3, 0, 3, 0, 0 }, s:vertices()); exact({ 0, 0, -1 }, s:normal())
    end,
    after_translate = function(s)
      exact({ 1, 2, 3, 4, 2, 3, 1, 5, 3 }, s:vertices()); exact({ 0, 0, 1 }, s:normal())
      exact({ 4.5 }, s:area())
    end },
  { name = "ray",
    make = function() return collide.ray(0, 0, 0, 1, 0, 0, 10) end,
    set = { 5, 5, 5, 0, -2, 0 },
    after_set = function(s)
      exact({ 5, 5, 5 }, s:origin()); exact({ 0, -1, 0 }, s:direction())
      exact({ math.huge }, s:tmax())   -- omitted tmax is the default again
    end,
    after_translate = function(s)
      exact({ 1, 2, 3 }, s:origin()); exact({ 1, 0, 0 }, s:direction()); exact({ 10 }, s:tmax())
    end },
  { name = "sphere",
    make = function() return collide.sphere(0, 0, 0, 1) end,
    set = { 7, 8, 9, 0.5 },
    after_set = function(s) exact({ 7, 8, 9 }, s:center()); exact({ 0.5 }, s:radius()) end,
    after_translate = function(s) exact({ 1, 2, 3 }, s:center()); exact({ 1 }, s:radius()) end },
}

for _, kind in ipairs(kinds) do
  describe(kind.name .. " (common methods)", function()
    it("is a userdata named collide." .. kind.name, function()
      local s = kind.make()
      assert.are.equal("userdata", type(s))
      assert.are.equal("collide." .. kind.name, getmetatable(s).__name)
    end)

    it("has type() and collide.type()", function()
      local s = kind.make()
      exact({ kind.name }, s:type())
      exact({ kind.name }, collide.type(s))
    end)

    it("set(...) changes it in place and returns it", function()
      local s = kind.make()
      assert.is_true(rawequal(s, s:set(unpack(kind.set))))
      kind.after_set(s)
    end)

    it("translate(dx, dy, dz) moves it in place and returns it", function()
      local s = kind.make()
      assert.is_true(rawequal(s, s:translate(1, 2, 3)))
      kind.after_translate(s)
    end)

    it("translate takes a table vector and chains", function()
      local s = kind.make()
      s:translate({ 1, 0, 0 }):translate({ x = 0, y = 2, z = 0 }):translate(0, 0, 3)
      kind.after_translate(s)
    end)

    it("translate by zero changes nothing", function()
      local s = kind.make()
      s:translate(0, 0, 0)
      assert.is_true(s == kind.make())
    end)

    it("clone() is an equal, independent copy", function()
      local s = kind.make()
      local c = s:clone()
      assert.is_false(rawequal(s, c))
      assert.is_true(s == c)
      exact({ kind.name }, c:type())
      c:translate(1, 2, 3)
      kind.after_translate(c)
      assert.is_true(s == kind.make())
      assert.is_false(s == c)
      s:set(unpack(kind.set))
      kind.after_translate(c)
    end)
  end)
end

it("translating a plane moves d by dot(n, delta)", function()
  local p = collide.plane(0, 3, 4, 10)
  p:translate(0, 5, 0)
  vals({ 0, 0.6, 0.8 }, TOL, p:normal())
  vals({ 5 }, TOL, p:d())
  p = collide.plane(1, 0, 0, 1):translate(-3, 100, 100)
  exact({ -2 }, p:d())
end)

it("a degenerate triangle stays degenerate when translated", function()
  local t = collide.triangle(0, 0, 0, 1, 0, 0, 2, 0, 0):translate(5, 5, 5)
  exact({ 5, 5, 5, 6, 5, 5, 7, 5, 5 }, t:vertices())
  exact({ 0, 0, 0 }, t:normal())
end)

it("set on a triangle recomputes the normal (and degeneracy)", function()
  local t = collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0)
  t:set(0, 0, 0, 1, 1, 1, 2, 2, 2)
  exact({ 0, 0, 0 }, t:normal())
  t:set(0, 0, 0, 0, 0, 1, 1, 0, 0)
  exact({ 0, 1, 0 }, t:normal())
end)

it("set on an obb without a rotation resets it to the identity", function()
  local o = collide.obb(0, 0, 0, 1, 1, 1, 0, 0, 1, 1)
  o:set(1, 1, 1, 2, 2, 2)
  exact({ 0, 0, 0, 1 }, o:rotation())
  exact({ 1, 0, 0, 0, 1, 0, 0, 0, 1 }, o:axes())
end)

it("set on a segment takes the ray constructor's arguments", function()
  local r = collide.segment(0, 0, 0, 0, 0, 4)
  r:set(1, 1, 1, 3, 0, 0, 2)
  exact({ 1, 1, 1 }, r:origin())
  exact({ 1, 0, 0 }, r:direction())
  exact({ 2 }, r:tmax())
end)

-- ---------------------------------------------------------------------

describe("bounds", function()
  it("of an aabb is an equal, new aabb", function()
    local b = collide.aabb(-1, -2, -3, 4, 5, 6)
    local c = b:bounds()
    assert.is_false(rawequal(b, c))
    assert.is_true(b == c)
    c:translate(1, 1, 1)
    exact({ -1, -2, -3 }, b:min())
  end)

  it("of an unrotated obb is centre +- extents", function()
    local c = collide.obb(1, 2, 3, 4, 5, 6):bounds()
    exact({ "aabb" }, c:type())
    exact({ -3, -3, -3 }, c:min())
    exact({ 5, 7, 9 }, c:max())
  end)

  it("of a rotated obb is the box of its corners", function()
    local c = collide.obb(0, 0, 0, 1, 2, 3, 0, 0, S, S):bounds()
    vals({ -2, -1, -3 }, TOLR, c:min())
    vals({ 2, 1, 3 }, TOLR, c:max())
    local s45, c45 = math.sin(math.pi / 8), math.cos(math.pi / 8)   -- 45 degrees about z
    c = collide.obb(0, 0, 0, 1, 1, 1, 0, 0, s45, c45):bounds()
    vals({ -math.sqrt(2), -math.sqrt(2), -1 }, TOLR, c:min())
    vals({ math.sqrt(2), math.sqrt(2), 1 }, TOLR, c:max())
    local q, ctr, e = { 1, 2, 3, 4 }, { 1, -2, 3 }, { 0.5, 1, 2 }
    local lo, hi = { math.huge, math.huge, math.huge }, { -math.huge, -math.huge, -math.huge }
    for i = 1, 8 do
      local p = obb_corner(ctr, e, qunit(q), i)
      for k = 1, 3 do lo[k] = math.min(lo[k], p[k]); hi[k] = math.max(hi[k], p[k]) end
    end
    c = collide.obb(ctr, e, q):bounds()
    H.assert_near(lo, H.pack(c:min()), TOLR)
    H.assert_near(hi, H.pack(c:max()), TOLR)
  end)

  it("of a triangle is the box of its vertices", function()
    local c = collide.triangle(0, 5, -1, 3, -2, 4, 1, 1, 1):bounds()
    exact({ 0, -2, -1 }, c:min())
    exact({ 3, 5, 4 }, c:max())
    c = collide.triangle(1, 1, 1, 2, 2, 2, 3, 3, 3):bounds()   -- degenerate
    exact({ 1, 1, 1 }, c:min())
    exact({ 3, 3, 3 }, c:max())
  end)

  it("of a sphere is centre +- radius", function()
    local c = collide.sphere(1, 2, 3, 4):bounds()
    exact({ -3, -2, -1 }, c:min())
    exact({ 5, 6, 7 }, c:max())
    c = collide.sphere(1, 2, 3, 0):bounds()
    exact({ 1, 2, 3 }, c:min())
    exact({ 1, 2, 3 }, c:max())
    c = collide.sphere(1e6, 0, 0, 1e6):bounds()
    exact({ 0, -1e6, -1e6 }, c:min())
    exact({ 2e6, 1e6, 1e6 }, c:max())
  end)

  it("of a finite ray is the box of its two ends", function()
    local c = collide.ray(1, 1, 1, -1, 0, 0, 3):bounds()
    exact({ -2, 1, 1 }, c:min())
    exact({ 1, 1, 1 }, c:max())
    c = collide.ray(1, 2, 3, 0, 0, 1, 0):bounds()
    exact({ 1, 2, 3 }, c:min())
    exact({ 1, 2, 3 }, c:max())
    c = collide.segment(0, 4, 0, 3, 0, 0):bounds()
    vals({ 0, 0, 0 }, TOL, c:min())
    vals({ 3, 4, 0 }, TOL, c:max())
  end)

  it("writes into out and returns it", function()
    local out = collide.aabb(0, 0, 0, 0, 0, 0)
    for _, s in ipairs({ collide.aabb(1, 2, 3, 4, 5, 6), collide.obb(2.5, 3.5, 4.5, 1.5, 1.5, 1.5),
                         collide.triangle(1, 2, 3, 4, 5, 6, 4, 2, 3), collide.sphere(2.5, 3.5, 4.5, 1.5),
                         collide.segment(1, 2, 3, 4, 5, 6) }) do
      out:set(0, 0, 0, 0, 0, 0)
      local r = s:bounds(out)
      assert.is_true(rawequal(out, r))
      vals({ 1, 2, 3 }, TOL, out:min())
      vals({ 4, 5, 6 }, TOL, out:max())
    end
    -- nil out allocates
    local b = collide.aabb(0, 0, 0, 1, 1, 1)
    assert.is_false(rawequal(b, b:bounds(nil)))
    -- out may be the aabb itself
    assert.is_true(rawequal(b, b:bounds(b)))
    exact({ 1, 1, 1 }, b:max())
  end)
end)

describe("aabb:merge", function()
  it("is the smallest box holding both", function()
    local a, b = collide.aabb(0, 0, 0, 1, 1, 1), collide.aabb(2, -1, 0, 3, 0, 5)
    local m = a:merge(b)
    exact({ 0, -1, 0 }, m:min())
    exact({ 3, 1, 5 }, m:max())
    assert.is_true(m == b:merge(a))
    -- the inputs are unchanged and m is new
    assert.is_true(a == collide.aabb(0, 0, 0, 1, 1, 1))
    assert.is_true(b == collide.aabb(2, -1, 0, 3, 0, 5))
    assert.is_false(rawequal(m, a) or rawequal(m, b))
  end)

  it("of a box with one inside it is the outer box", function()
    local outer, inner = collide.aabb(-5, -5, -5, 5, 5, 5), collide.aabb(0, 0, 0, 1, 1, 1)
    assert.is_true(outer:merge(inner) == outer)
    assert.is_true(inner:merge(outer) == outer)
  end)

  it("writes into out (which may be self) and returns it", function()
    local a, b = collide.aabb(0, 0, 0, 1, 1, 1), collide.aabb(2, 2, 2, 3, 3, 3)
    local out = collide.aabb(9, 9, 9, 9, 9, 9)
    assert.is_true(rawequal(out, a:merge(b, out)))
    exact({ 0, 0, 0 }, out:min())
    exact({ 3, 3, 3 }, out:max())
    assert.is_true(rawequal(a, a:merge(b, a)))
    exact({ 3, 3, 3 }, a:max())
  end)
end)

describe("aabb:expand", function()
  it("grows every face by the margin", function()
    local b = collide.aabb(0, 0, 0, 1, 2, 3)
    local e = b:expand(1)
    exact({ -1, -1, -1 }, e:min())
    exact({ 2, 3, 4 }, e:max())
    assert.is_true(b == collide.aabb(0, 0, 0, 1, 2, 3))
    assert.is_true(b:expand(0) == b)
  end)

  it("shrinks with a negative margin, down to a flat box", function()
    local e = collide.aabb(0, 0, 0, 1, 2, 3):expand(-0.5)
    exact({ 0.5, 0.5, 0.5 }, e:min())
    exact({ 0.5, 1.5, 2.5 }, e:max())
  end)

  it("writes into out (which may be self) and returns it", function()
    local b = collide.aabb(0, 0, 0, 1, 1, 1)
    local out = collide.aabb(9, 9, 9, 9, 9, 9)
    assert.is_true(rawequal(out, b:expand(0.25, out)))
    exact({ -0.25, -0.25, -0.25 }, out:min())
    exact({ 1.25, 1.25, 1.25 }, out:max())
    assert.is_true(rawequal(b, b:expand(1, b)))
    exact({ 2, 2, 2 }, b:max())
  end)
end)

describe("triangle:plane", function()
  it("is the plane of the triangle, facing its normal", function()
    local p = collide.triangle(0, 0, 1, 1, 0, 1, 0, 1, 1):plane()
    exact({ "plane" }, p:type())
    exact({ 0, 0, 1 }, p:normal())
    exact({ 1 }, p:d())
    p = collide.triangle(0, 0, 1, 0, 1, 1, 1, 0, 1):plane()
    exact({ 0, 0, -1 }, p:normal())
    exact({ -1 }, p:d())
  end)

  it("holds all three vertices", function()
    local v = { { 1.5, -2, 0.25 }, { 4, 1, -3 }, { -2, 5, 7 } }
    local t = collide.triangle(v[1], v[2], v[3])
    local p = t:plane()
    local n = H.pack(p:normal())
    H.assert_near(H.pack(t:normal()), n, 0)
    for i = 1, 3 do vals({ p:d() }, 1e-14, dot(n, v[i])) end
    p = collide.triangle(1, 0, 0, 0, 1, 0, 0, 0, 1):plane()
    vals({ 1 / R3 }, TOL, p:d())
  end)

  it("writes into out and returns it", function()
    local out = collide.plane(1, 0, 0, 0)
    local t = collide.triangle(0, 0, 2, 1, 0, 2, 0, 1, 2)
    assert.is_true(rawequal(out, t:plane(out)))
    exact({ 0, 0, 1 }, out:normal())
    exact({ 2 }, out:d())
  end)
end)

-- ---------------------------------------------------------------------

describe("tostring", function()
  it("prints every kind with %.14g numbers", function()
    assert.are.equal("aabb((0, 0, 0), (1, 1, 1))", tostring(collide.aabb(0, 0, 0, 1, 1, 1)))
    assert.are.equal("obb((1, 2, 3), (4, 5, 6), (0, 0, 0, 1))", tostring(collide.obb(1, 2, 3, 4, 5, 6)))
    assert.are.equal("obb((0, 0, 0), (1, 1, 1), (0, -0.6, 0, 0.8))",
      tostring(collide.obb(0, 0, 0, 1, 1, 1, 0, 3, 0, -4)))
    assert.are.equal("obb((0, 0, 0), (1, 1, 1), (0, 0, 0.70710678118655, 0.70710678118655))",
      tostring(collide.obb(0, 0, 0, 1, 1, 1, 0, 0, 1, 1)))
    assert.are.equal("plane((0, 0, 1), 2)", tostring(collide.plane(0, 0, 2, 4)))
    assert.are.equal("plane((-1, 0, 0), -3)", tostring(collide.plane_from_equation(-1, 0, 0, 3)))
    assert.are.equal("triangle((0, 0, 0), (3, 0, 0), (0, 3, 0))",
      tostring(collide.triangle(0, 0, 0, 3, 0, 0, 0, 3, 0)))
    assert.are.equal("ray((1, 2, 3), (0, 0, 1), inf)", tostring(collide.ray(1, 2, 3, 0, 0, 9)))
    assert.are.equal("ray((0, 0, 0), (1, 0, 0), 2.5)", tostring(collide.ray(0, 0, 0, 1, 0, 0, 2.5)))
    assert.are.equal("ray((0, 0, 0), (0, 1, 0), 0)", tostring(collide.ray(0, 0, 0, 0, 1, 0, 0)))
    assert.are.equal("sphere((1, 2, 3), 0.5)", tostring(collide.sphere(1, 2, 3, 0.5)))
  end)

  it("prints 14 significant digits, exponents and never -0", function()
    assert.are.equal("sphere((0, 0.33333333333333, 0.66666666666667), 1e-06)",
      tostring(collide.sphere(-0.0, 1 / 3, 2 / 3, 1e-6)))
    assert.are.equal("aabb((-1000000, 0, -0.1), (1e+20, 1000000, 0.1))",
      tostring(collide.aabb(-1e6, -0.0, -0.1, 1e20, 1e6, 0.1)))
    assert.are.equal("sphere((0.1, 1.5, -2.25), 123456.789)",
      tostring(collide.sphere(0.1, 1.5, -2.25, 123456.789)))
  end)
end)

describe("==", function()
  it("is true for the same kind with equal numbers", function()
    assert.is_true(collide.aabb(0, 0, 0, 1, 1, 1) == collide.aabb({ 0, 0, 0 }, { 1, 1, 1 }))
    assert.is_true(collide.obb(1, 2, 3, 4, 5, 6) == collide.obb(1, 2, 3, 4, 5, 6, 0, 0, 0, 1))
    assert.is_true(collide.obb(1, 2, 3, 4, 5, 6, 0, 0, 0, -3) == collide.obb(1, 2, 3, 4, 5, 6))
    assert.is_true(collide.plane(0, 0, 2, 4) == collide.plane(0, 0, 1, 2))
    assert.is_true(collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0)
      == collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0))
    assert.is_true(collide.ray(0, 0, 0, 2, 0, 0) == collide.ray(0, 0, 0, 1, 0, 0, math.huge))
    assert.is_true(collide.sphere(1, 2, 3, 4) == collide.sphere({ 1, 2, 3 }, 4))
    assert.is_true(collide.aabb(-0.0, 0, 0, 1, 1, 1) == collide.aabb(0, 0, 0, 1, 1, 1))
  end)

  it("is false when any stored number differs", function()
    assert.is_false(collide.aabb(0, 0, 0, 1, 1, 1) == collide.aabb(0, 0, 0, 1, 1, 2))
    assert.is_false(collide.aabb(0, 0, 0, 1, 1, 1) == collide.aabb(-1, 0, 0, 1, 1, 1))
    assert.is_false(collide.obb(0, 0, 0, 1, 1, 1) == collide.obb(0, 0, 0, 1, 1, 1, 0, 0, 1, 1))
    assert.is_false(collide.obb(0, 0, 0, 1, 1, 1) == collide.obb(0, 0, 0, 1, 1, 2))
    assert.is_false(collide.obb(0, 0, 0, 1, 1, 1) == collide.obb(0, 0, 1, 1, 1, 1))
    assert.is_false(collide.plane(0, 0, 1, 2) == collide.plane(0, 0, 1, 3))
    assert.is_false(collide.plane(0, 0, 1, 2) == collide.plane(0, 0, -1, -2))
    assert.is_false(collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0)
      == collide.triangle(1, 0, 0, 0, 1, 0, 0, 0, 0))
    assert.is_false(collide.ray(0, 0, 0, 1, 0, 0) == collide.ray(0, 0, 0, 1, 0, 0, 5))
    assert.is_false(collide.ray(0, 0, 0, 1, 0, 0) == collide.ray(0, 0, 0, 0, 1, 0))
    assert.is_false(collide.ray(0, 0, 0, 1, 0, 0) == collide.ray(1, 0, 0, 1, 0, 0))
    assert.is_false(collide.sphere(1, 2, 3, 4) == collide.sphere(1, 2, 3, 5))
  end)

  it("is false between kinds and with non-shapes", function()
    assert.is_false(collide.aabb(-1, -1, -1, 1, 1, 1) == collide.obb(0, 0, 0, 1, 1, 1))
    assert.is_false(collide.aabb(-1, -1, -1, 1, 1, 1) == collide.obb_from_aabb(collide.aabb(-1, -1, -1, 1, 1, 1)))
    assert.is_false(collide.sphere(0, 0, 0, 1) == collide.aabb(0, 0, 0, 1, 1, 1))
    assert.is_false(collide.aabb(0, 0, 0, 1, 1, 1) == { 0, 0, 0, 1, 1, 1 })
    assert.is_false(collide.aabb(0, 0, 0, 1, 1, 1) == nil)
    assert.is_false(collide.aabb(0, 0, 0, 1, 1, 1) == io.stdout)
  end)
end)

describe("collide.type", function()
  it("names each kind", function()
    exact({ "aabb" }, collide.type(collide.aabb(0, 0, 0, 1, 1, 1)))
    exact({ "obb" }, collide.type(collide.obb(0, 0, 0, 1, 1, 1)))
    exact({ "plane" }, collide.type(collide.plane(0, 0, 1, 0)))
    exact({ "triangle" }, collide.type(collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0)))
    exact({ "ray" }, collide.type(collide.ray(0, 0, 0, 1, 0, 0)))
    exact({ "ray" }, collide.type(collide.segment(0, 0, 0, 1, 0, 0)))
    exact({ "sphere" }, collide.type(collide.sphere(0, 0, 0, 1)))
  end)

  it("is nil for anything else", function()
    for _, v in ipairs({ 1, "aabb", true, {}, { 0, 0, 0 }, print, io.stdout }) do
      exact({ n = 1 }, collide.type(v))
    end
    exact({ n = 1 }, collide.type(nil))
    exact({ n = 1 }, collide.type())
    exact({ n = 1 }, collide.type(setmetatable({}, { __name = "collide.aabb" })))
  end)
end)

describe("collide.epsilon", function()
  it("is 1e-9", function()
    assert.are.equal(1e-9, collide.epsilon)
    assert.are.equal("number", type(collide.epsilon))
  end)

  it("is read-only", function()
    assert.has_error(function() collide.epsilon = 1 end, "collide.epsilon is read-only")
    assert.are.equal(1e-9, collide.epsilon)
  end)
end)
