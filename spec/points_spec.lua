-- Plane queries (classify, distance, project, flip, closest_point) and point
-- queries (contains, closest_point, distance, barycentric). Randomised parts
-- use a fixed seed and compare with methods written here: the eight corners
-- for boxes, sampled points for closest points, areas for barycentrics.
local collide = require "collide"

local sqrt, abs, huge = math.sqrt, math.abs, math.huge
local R2 = sqrt(0.5)

local H = require "helpers"
local pack = H.pack

-- the results are exactly `expected` (or within tol), in number and value
local function vals(expected, tol, ...)
  local msg = H.mismatch(expected, pack(...), tol)
  if msg then error(msg, 2) end
end

-- turned 120 degrees about (1, 1, 1): axes (0,1,0), (0,0,1), (1,0,0), all
-- exact; half extents (1, 2, 3) around (10, 20, 30) make the world box
-- [7, 13] x [19, 21] x [28, 32]
local function perm_obb() return collide.obb(10, 20, 30, 1, 2, 3, 0.5, 0.5, 0.5, 0.5) end
-- the unit cube turned 45 degrees about z: |x + y| <= sqrt 2, |y - x| <= sqrt 2
local function obb45()
  return collide.obb(0, 0, 0, 1, 1, 1, 0, 0, math.sin(math.pi / 8), math.cos(math.pi / 8))
end

describe("collide.plane", function()
  local y2 = collide.plane(0, 1, 0, 2)          -- y = 2, normal +y

  describe(":classify()", function()
    it("points: 1 on the normal's side, -1 behind, 0 on it", function()
      assert.are.equal(1, y2:classify(5, 3, -7))
      assert.are.equal(-1, y2:classify(5, 1.999999, -7))
      assert.are.equal(0, y2:classify(5, 2, -7))
      assert.are.equal(1, y2:classify({ 0, 2.000001, 0 }))
      assert.are.equal(-1, y2:classify({ x = 0, y = -2, z = 0 }))
      assert.are.equal(0, y2:classify({ x = 1e6, y = 2, z = -1e6 }))
    end)
    -- Lua 5.3+ only: 5.1, 5.2 and LuaJIT have no integer subtype
    local it_53 = math.type and it or pending
    it_53("returns integers", function()
      assert.are.equal("integer", math.type(y2:classify(0, 3, 0)))
      assert.are.equal("integer", math.type(y2:classify(collide.sphere(0, 2, 0, 1))))
    end)
    it("aabb: above, below, touching from either side, straddling", function()
      assert.are.equal(1, y2:classify(collide.aabb(0, 2.5, 0, 1, 3, 1)))
      assert.are.equal(-1, y2:classify(collide.aabb(0, 0, 0, 1, 1.5, 1)))
      assert.are.equal(0, y2:classify(collide.aabb(0, 2, 0, 1, 3, 1)))
      assert.are.equal(0, y2:classify(collide.aabb(0, 1, 0, 1, 2, 1)))
      assert.are.equal(0, y2:classify(collide.aabb(0, 1, 0, 1, 3, 1)))
      assert.are.equal(0, y2:classify(collide.aabb(-5, 2, -5, 5, 2, 5)))   -- flat, in the plane
    end)
    it("aabb against a slanted plane by its projected radius (touching an edge = 0)", function()
      local p = collide.plane(1, 1, 0, 0)         -- x + y = 0
      assert.are.equal(0, p:classify(collide.aabb(0, 0, 0, 1, 1, 1)))
      assert.are.equal(0, p:classify(collide.aabb(-1, -1, 0, 0, 0, 1)))
      assert.are.equal(1, p:classify(collide.aabb(0.001, 0, 0, 1, 1, 1)))
      assert.are.equal(-1, p:classify(collide.aabb(-2, -2, 0, -1, -0.001, 1)))
      -- the box's centre is far on one side, but a corner crosses the plane
      assert.are.equal(0, p:classify(collide.aabb(-0.5, -0.5, -9, 9, 9, 9)))
    end)
    it("obb: by its rotated extent", function()
      local o = perm_obb()                       -- y in [19, 21]
      assert.are.equal(0, collide.plane(0, 1, 0, 19):classify(o))
      assert.are.equal(0, collide.plane(0, 1, 0, 21):classify(o))
      assert.are.equal(1, collide.plane(0, 1, 0, 18.999):classify(o))
      assert.are.equal(-1, collide.plane(0, 1, 0, 21.001):classify(o))
      assert.are.equal(-1, collide.plane(0, -1, 0, -18.999):classify(o))
      local q = obb45()                          -- x in [-sqrt 2, sqrt 2]
      assert.are.equal(1, collide.plane(1, 0, 0, -1.4143):classify(q))
      assert.are.equal(0, collide.plane(1, 0, 0, -1.4142):classify(q))
      assert.are.equal(-1, collide.plane(1, 0, 0, 1.4143):classify(q))
    end)
    it("triangle: all vertices on one side, or touching/straddling = 0", function()
      assert.are.equal(1, y2:classify(collide.triangle(0, 3, 0, 1, 4, 0, 0, 3, 1)))
      assert.are.equal(-1, y2:classify(collide.triangle(0, 1, 0, 1, 0, 0, 0, 1, 1)))
      assert.are.equal(0, y2:classify(collide.triangle(0, 2, 0, 1, 4, 0, 0, 3, 1)))
      assert.are.equal(0, y2:classify(collide.triangle(0, 1, 0, 1, 2, 0, 0, 0, 1)))
      assert.are.equal(0, y2:classify(collide.triangle(0, 1, 0, 1, 3, 0, 0, 3, 1)))
      assert.are.equal(0, y2:classify(collide.triangle(0, 2, 0, 1, 2, 0, 0, 2, 1)))
      -- degenerate ones: by their points too
      assert.are.equal(1, y2:classify(collide.triangle(0, 3, 0, 0, 3, 0, 0, 3, 0)))
      assert.are.equal(0, y2:classify(collide.triangle(0, 1, 0, 0, 3, 0, 0, 2, 0)))
    end)
    it("sphere: touching = 0", function()
      assert.are.equal(1, y2:classify(collide.sphere(0, 4, 0, 1.999)))
      assert.are.equal(0, y2:classify(collide.sphere(0, 4, 0, 2)))
      assert.are.equal(0, y2:classify(collide.sphere(0, 0, 0, 2)))
      assert.are.equal(-1, y2:classify(collide.sphere(0, 0, 0, 1.999)))
      assert.are.equal(0, y2:classify(collide.sphere(7, 2, 7, 0)))
      assert.are.equal(0, y2:classify(collide.sphere(0, 2.5, 0, 1)))
    end)
    it("errors", function()
      assert.has_error(function() y2:classify(collide.ray(0, 0, 0, 1, 0, 0)) end,
        "bad argument #1 to 'classify' (aabb, obb, triangle, sphere, capsule, hull or compound expected, got collide.ray)")
      assert.has_error(function() y2:classify(collide.plane(0, 1, 0, 0)) end,
        "bad argument #1 to 'classify' (aabb, obb, triangle, sphere, capsule, hull or compound expected, got collide.plane)")
      assert.has_error(function() y2:classify("x") end,
        "bad argument #1 to 'classify' (vector or shape expected, got string)")
      assert.has_error(function() y2:classify() end,
        "bad argument #1 to 'classify' (vector or shape expected, got no value)")
      assert.has_error(function() y2:classify(1, 2) end,
        "bad argument #3 to 'classify' (number expected, got no value)")
    end)
  end)

  describe(":distance()", function()
    it("is signed, in the plane's own units", function()
      assert.are.equal(3, y2:distance(4, 5, 6))
      assert.are.equal(-3, y2:distance(4, -1, 6))
      assert.are.equal(0, y2:distance(4, 2, 6))
      assert.are.equal(-3, collide.plane(0, 2, 0, 4):distance({ 0, -1, 0 }))
      assert.are.equal(-2, collide.plane_from_equation(0, 0, 2, -6):distance(0, 0, 1))
      assert.are.equal(6, collide.plane(3, 4, 0, 5):distance(5, 5, 0))
    end)
  end)

  describe(":project() and :closest_point()", function()
    it("drop the point onto the plane", function()
      vals({ 4, 2, 6 }, nil, y2:project(4, 5, 6))
      vals({ 4, 2, 6 }, nil, y2:project(4, -1, 6))
      vals({ 4, 2, 6 }, nil, y2:closest_point({ 4, 2, 6 }))
      -- normal (0.6, 0.8, 0), d = 1: (5, 5, 0) is 6 above
      vals({ 1.4, 0.2, 0 }, 1e-15, collide.plane(3, 4, 0, 5):project(5, 5, 0))
      vals({ 1.4, 0.2, 0 }, 1e-15, collide.plane(3, 4, 0, 5):closest_point(5, 5, 0))
    end)
  end)

  describe(":flip()", function()
    it("turns the plane round in place and returns it", function()
      local p = collide.plane(0, 1, 0, 2)
      local q = p:flip()
      assert.is_true(rawequal(p, q))
      vals({ 0, -1, 0 }, nil, p:normal())
      vals({ -2 }, nil, p:d())
      assert.are.equal(-1, p:classify(0, 3, 0))
      assert.are.equal(-3, p:distance(0, 5, 0))
      vals({ 0, 2, 0 }, nil, p:project(0, 5, 0))
      p:flip()
      assert.are.equal(collide.plane(0, 1, 0, 2), p)
    end)
  end)
end)

describe(":contains()", function()
  describe("aabb", function()
    local box = collide.aabb(1, 2, 3, 2, 4, 6)
    it("points inside and on the boundary (closed)", function()
      assert.is_true(box:contains(1.5, 3, 4.5))
      assert.is_true(box:contains(1, 3, 4.5))             -- face
      assert.is_true(box:contains(2, 4, 4.5))             -- edge
      assert.is_true(box:contains({ 1, 2, 3 }))           -- corner
      assert.is_true(box:contains({ x = 2, y = 4, z = 6 }))
    end)
    it("points just outside", function()
      assert.is_false(box:contains(0.999999, 3, 4.5))
      assert.is_false(box:contains(1.5, 4.000001, 4.5))
      assert.is_false(box:contains(1.5, 3, 6.000001))
      assert.is_false(box:contains(1.5, 3, 2.999999))
    end)
    it("a flat box contains the points of its face", function()
      local flat = collide.aabb(0, 0, 0, 1, 0, 1)
      assert.is_true(flat:contains(0.5, 0, 0.5))
      assert.is_false(flat:contains(0.5, 1e-300, 0.5))
    end)
    it("another aabb: inside, equal, touching inside, sticking out", function()
      assert.is_true(box:contains(collide.aabb(1.2, 2.5, 4, 1.8, 3.5, 5)))
      assert.is_true(box:contains(collide.aabb(1, 2, 3, 2, 4, 6)))
      assert.is_true(box:contains(collide.aabb(1, 2, 3, 1, 2, 3)))
      assert.is_false(box:contains(collide.aabb(1, 2, 3, 2, 4, 6.000001)))
      assert.is_false(box:contains(collide.aabb(0.999999, 2, 3, 2, 4, 6)))
      assert.is_false(box:contains(collide.aabb(0, 0, 0, 10, 10, 10)))
      assert.is_false(box:contains(collide.aabb(5, 5, 5, 6, 6, 6)))
    end)
    it("errors", function()
      assert.has_error(function() box:contains(collide.sphere(0, 0, 0, 1)) end,
        "bad argument #1 to 'contains' (vector or collide.aabb expected, got collide.sphere)")
      assert.has_error(function() box:contains("p") end,
        "bad argument #1 to 'contains' (vector expected, got string)")
    end)
  end)

  describe("obb", function()
    it("exact rotation: inside, corners, faces, just outside", function()
      local o = perm_obb()
      assert.is_true(o:contains(10, 20, 30))
      assert.is_true(o:contains(7, 19, 28))
      assert.is_true(o:contains(13, 21, 32))
      assert.is_true(o:contains(13, 20, 30))
      assert.is_false(o:contains(13.000001, 20, 30))
      assert.is_false(o:contains(10, 21.000001, 30))
      assert.is_false(o:contains(10, 20, 27.999999))
    end)
    it("45 degrees: the corner on x is at sqrt 2", function()
      local o = obb45()
      assert.is_true(o:contains(1.4142, 0, 0))
      assert.is_false(o:contains(1.4143, 0, 0))
      assert.is_true(o:contains(0.7, 0.7, 1))
      assert.is_false(o:contains(0.71, 0.71, 0))
      assert.is_false(o:contains(0, 0, 1.000001))
    end)
    it("errors for a shape", function()
      assert.has_error(function() perm_obb():contains(collide.aabb(0, 0, 0, 1, 1, 1)) end,
        "bad argument #1 to 'contains' (vector expected, got collide.aabb)")
    end)
  end)

  describe("sphere", function()
    it("inside, on the surface (closed), just outside", function()
      local s = collide.sphere(0, 0, 0, 5)
      assert.is_true(s:contains(0, 0, 0))
      assert.is_true(s:contains(3, 4, 0))
      assert.is_true(s:contains(0, -5, 0))
      assert.is_false(s:contains(3, 4, 0.001))
      assert.is_false(s:contains(0, 0, 5.000001))
    end)
    it("a zero-radius sphere contains its centre only", function()
      local s = collide.sphere(1, 2, 3, 0)
      assert.is_true(s:contains(1, 2, 3))
      assert.is_false(s:contains(1, 2, 3.000001))
    end)
    it("1e6 and 1e-6 scales", function()
      assert.is_true(collide.sphere(1e6, 1e6, 1e6, 5):contains(1e6 + 3, 1e6 + 4, 1e6))
      assert.is_false(collide.sphere(1e6, 1e6, 1e6, 5):contains(1e6 + 3, 1e6 + 4.001, 1e6))
      assert.is_true(collide.sphere(0, 0, 0, 1e-6):contains(0, 1e-6, 0))
      assert.is_false(collide.sphere(0, 0, 0, 1e-6):contains(0, 1.000001e-6, 0))
    end)
  end)
end)

describe(":closest_point() and :distance()", function()
  describe("aabb", function()
    local box = collide.aabb(1, 2, 3, 2, 4, 6)
    it("clamps onto a face, an edge, a corner; a point inside is its own", function()
      vals({ 2, 3, 4 }, nil, box:closest_point(5, 3, 4))
      vals({ 1.5, 2, 6 }, nil, box:closest_point(1.5, 0, 9))
      vals({ 1, 2, 3 }, nil, box:closest_point(-1, -1, -1))
      vals({ 1.5, 3, 4 }, nil, box:closest_point(1.5, 3, 4))
      vals({ 1, 3, 4 }, nil, box:closest_point(1, 3, 4))
    end)
    it("distance: 0 inside and on it, exact outside", function()
      assert.are.equal(0, box:distance(1.5, 3, 4))
      assert.are.equal(0, box:distance(2, 4, 6))
      assert.are.equal(3, box:distance(5, 3, 4))
      assert.are.equal(5, box:distance(5, 8, 6))        -- 3-4-5 past the edge
      assert.are.equal(13, box:distance(2 + 3, 4 + 4, 6 + 12))
    end)
  end)

  describe("obb", function()
    it("exact rotation", function()
      local o = perm_obb()                       -- [7, 13] x [19, 21] x [28, 32]
      vals({ 13, 20, 30 }, nil, o:closest_point(20, 20, 30))
      vals({ 7, 19, 28 }, nil, o:closest_point(0, 0, 0))
      vals({ 10, 21, 32 }, nil, o:closest_point(10, 25, 35))
      vals({ 8, 20.5, 31 }, nil, o:closest_point(8, 20.5, 31))
      assert.are.equal(5, o:distance(10, 24, 36))
      assert.are.equal(0, o:distance(8, 20.5, 31))
    end)
    it("45 degrees", function()
      local o = obb45()
      vals({ sqrt(2), 0, 1 }, 1e-15, o:closest_point(5, 0, 3))
      vals({ R2, R2, 0 }, 1e-15, o:closest_point(3, 3, 0))
      assert.is_near(3 * sqrt(2) - 1, o:distance(3, 3, 0), 1e-14)
    end)
  end)

  describe("triangle: all seven regions", function()
    local tri = collide.triangle(0, 0, 0, 2, 0, 0, 0, 2, 0)
    local cases = {
      { "vertex a", { -1, -1, 1 }, { 0, 0, 0 } },
      { "vertex b", { 3, -1, 1 }, { 2, 0, 0 } },
      { "vertex c", { -1, 3, 1 }, { 0, 2, 0 } },
      { "edge ab", { 1, -1, 1 }, { 1, 0, 0 } },
      { "edge bc", { 2, 2, 1 }, { 1, 1, 0 } },
      { "edge ca", { -1, 1, -1 }, { 0, 1, 0 } },
      { "face", { 0.5, 0.5, -3 }, { 0.5, 0.5, 0 } },
      { "vertex a, on the border with edge ab", { 0, -1, 0 }, { 0, 0, 0 } },
      { "vertex b, on the border with edge bc", { 3, 1, 0 }, { 2, 0, 0 } },
      { "the face's edge itself", { 1, 0, 2 }, { 1, 0, 0 } },
    }
    for _, c in ipairs(cases) do
      it(c[1], function()
        vals(c[3], nil, tri:closest_point(table.unpack(c[2])))
        local d = 0
        for k = 1, 3 do d = d + (c[2][k] - c[3][k]) ^ 2 end
        assert.is_near(sqrt(d), tri:distance(table.unpack(c[2])), 1e-15)
      end)
    end
    it("a slanted triangle: the foot of the perpendicular", function()
      local t = collide.triangle(1, 2, 3, 4, 2, 3, 1, 6, 5)   -- normal (0, -1, 2) / sqrt 5
      vals({ 2, 4, 4 }, 1e-14, t:closest_point(2, 4 - 5, 4 + 10))
      assert.is_near(5 * sqrt(5), t:distance(2, -1, 14), 1e-13)
    end)
    it("degenerate: a segment, a point", function()
      local seg = collide.triangle(0, -1, 0, 0, 1, 0, 0, 0, 0)
      vals({ 0, 0.5, 0 }, nil, seg:closest_point(3, 0.5, 4))
      vals({ 0, 1, 0 }, nil, seg:closest_point(3, 7, 4))
      assert.are.equal(5, seg:distance(3, 0.5, 4))
      local pt = collide.triangle(1, 1, 1, 1, 1, 1, 1, 1, 1)
      vals({ 1, 1, 1 }, nil, pt:closest_point(4, 5, 1))
      assert.are.equal(5, pt:distance(4, 5, 1))
    end)
  end)

  describe("sphere", function()
    local s = collide.sphere(1, 2, 3, 2)
    it("outside: on the surface towards the point; inside: the point", function()
      vals({ 1, 2, 5 }, 1e-15, s:closest_point(1, 2, 10))
      vals({ -1, 2, 3 }, nil, s:closest_point(-7, 2, 3))
      vals({ 3, 4, 0 }, 1e-15, collide.sphere(0, 0, 0, 5):closest_point(6, 8, 0))
      vals({ 1.5, 2, 3 }, nil, s:closest_point(1.5, 2, 3))
      vals({ 1, 2, 3 }, nil, s:closest_point(1, 2, 3))
      vals({ 1, 2, 5 }, nil, s:closest_point(1, 2, 5))
    end)
    it("distance: 0 inside, past the surface outside", function()
      assert.are.equal(0, s:distance(1, 2, 3))
      assert.are.equal(0, s:distance(1, 2, 5))
      assert.are.equal(5, s:distance(1, 2, 10))
      assert.are.equal(5, collide.sphere(0, 0, 0, 5):distance(6, 8, 0))
    end)
  end)

  describe("ray (clamped to [0, tmax])", function()
    it("before the origin, along, past tmax, infinite tmax", function()
      local r = collide.ray(1, 2, 3, 1, 0, 0, 5)
      vals({ 1, 2, 3 }, nil, r:closest_point(-4, 2, 3))
      vals({ 3, 2, 3 }, nil, r:closest_point(3, 9, -1))
      vals({ 6, 2, 3 }, nil, r:closest_point(20, 2, 3))
      vals({ 20, 2, 3 }, nil, collide.ray(1, 2, 3, 1, 0, 0):closest_point(20, 5, 7))
      vals({ 1, 2, 3 }, nil, collide.ray(1, 2, 3, 1, 0, 0, 0):closest_point(20, 5, 7))
      assert.are.equal(5, r:distance(-3, 5, 3))
      assert.are.equal(5, r:distance(3, 6, 6))
      assert.are.equal(0, r:distance(4, 2, 3))
    end)
    it("a segment", function()
      local s = collide.segment(0, 0, 0, 3, 4, 0)
      vals({ 3, 4, 0 }, 1e-15, s:closest_point(6, 8, 0))
      vals({ 0, 0, 0 }, nil, s:closest_point(-3, -4, 0))
      vals({ 1.5, 2, 0 }, 1e-15, s:closest_point(1.5, 2, 9))
    end)
  end)

  it("plane: distance is signed (a surface, not a solid)", function()
    local p = collide.plane(0, 1, 0, 2)
    assert.are.equal(-2, p:distance(0, 0, 0))
    vals({ 0, 2, 0 }, nil, p:closest_point(0, 0, 0))
  end)

  it("errors", function()
    assert.has_error(function() collide.sphere(0, 0, 0, 1):closest_point() end,
      "bad argument #1 to 'closest_point' (vector expected, got no value)")
    assert.has_error(function() collide.aabb(0, 0, 0, 1, 1, 1):distance(0, 0 / 0, 0) end,
      "bad argument #2 to 'distance' (finite number expected, got nan)")
  end)
end)

describe("triangle:barycentric()", function()
  local tri = collide.triangle(0, 0, 0, 2, 0, 0, 0, 2, 0)
  it("vertices, edge midpoints, centroid", function()
    vals({ 1, 0, 0 }, nil, tri:barycentric(0, 0, 0))
    vals({ 0, 1, 0 }, nil, tri:barycentric(2, 0, 0))
    vals({ 0, 0, 1 }, nil, tri:barycentric(0, 2, 0))
    vals({ 0, 0.5, 0.5 }, nil, tri:barycentric(1, 1, 0))
    vals({ 0.5, 0.5, 0 }, nil, tri:barycentric(1, 0, 0))
    vals({ 1 / 3, 1 / 3, 1 / 3 }, 1e-15, tri:barycentric(2 / 3, 2 / 3, 0))
  end)
  it("outside: negative weights that still sum to 1", function()
    vals({ -1, 1, 1 }, nil, tri:barycentric(2, 2, 0))
    vals({ 1.5, -0.5, 0 }, nil, tri:barycentric(-1, 0, 0))
  end)
  it("a point off the plane: the weights of its projection", function()
    vals({ 0.5, 0.25, 0.25 }, nil, tri:barycentric(0.5, 0.5, 7))
    local t = collide.triangle(1, 2, 3, 4, 2, 3, 1, 6, 5)
    vals({ 1 / 6, 1 / 3, 1 / 2 }, 1e-14, t:barycentric(2, -1, 14))
  end)
  it("degenerate: weights along the segment, summing to 1", function()
    local seg = collide.triangle(0, -1, 0, 0, 1, 0, 0, 0, 0)
    vals({ 0.25, 0.75, 0 }, nil, seg:barycentric(5, 0.5, 0))
    local pt = collide.triangle(1, 1, 1, 1, 1, 1, 1, 1, 1)
    local a, b, c = pt:barycentric(4, 5, 6)
    assert.are.equal(1, a + b + c)
  end)
  it("a cast's u, v are wb, wc (random rays, fixed seed)", function()
    local rnd = H.rng(31337)
    local hits = 0
    for _ = 1, 300 do
      local v = {}
      for k = 1, 9 do v[k] = rnd(0, 1) * 4 - 2 end
      local t = collide.triangle(table.unpack(v))
      local o = { rnd(0, 1) * 6 - 3, rnd(0, 1) * 6 - 3, rnd(0, 1) * 6 - 3 }
      local aim = { (v[1] + v[4] + v[7]) / 3, (v[2] + v[5] + v[8]) / 3, (v[3] + v[6] + v[9]) / 3 }
      local r = pack(collide.ray(o, aim[1] - o[1], aim[2] - o[2], aim[3] - o[3]):cast(t))
      if r[1] then
        hits = hits + 1
        local wa, wb, wc = t:barycentric(r[2], r[3], r[4])
        assert.is_near(1, wa + wb + wc, 1e-12)
        assert.is_near(r[8], wb, 1e-9)
        assert.is_near(r[9], wc, 1e-9)
      end
    end
    assert.are.equal(300, hits)
  end)
end)

-- independent checks on random data (fixed seeds)
describe("random checks against methods written here", function()
  -- reseeded by each case (H.rng, the same numbers on every Lua)
  local rnd
  local function d2(a, b) return (a[1] - b[1]) ^ 2 + (a[2] - b[2]) ^ 2 + (a[3] - b[3]) ^ 2 end

  it("box classification equals the eight-corner test", function()
    rnd = H.rng(4242)
    local seen = { [-1] = 0, [0] = 0, [1] = 0 }
    for i = 1, 600 do
      local n = { rnd(-1, 1), rnd(-1, 1), rnd(-1, 1) }
      local p = collide.plane(n, rnd(-1, 1))
      local box
      if i % 2 == 0 then
        box = collide.aabb_from_center({ rnd(-2, 2), rnd(-2, 2), rnd(-2, 2) },
          { rnd(0, 1), rnd(0, 1), rnd(0, 1) })
      else
        box = collide.obb({ rnd(-2, 2), rnd(-2, 2), rnd(-2, 2) },
          { rnd(0, 1), rnd(0, 1), rnd(0, 1) }, rnd(-1, 1), rnd(-1, 1), rnd(-1, 1), rnd(-1, 1))
      end
      local pn, pd = { p:normal() }, p:d()
      local lo, hi = huge, -huge
      for k = 1, 8 do
        local c = { box:corner(k) }
        local s = pn[1] * c[1] + pn[2] * c[2] + pn[3] * c[3] - pd
        lo, hi = math.min(lo, s), math.max(hi, s)
      end
      if abs(lo) > 1e-12 and abs(hi) > 1e-12 then   -- not a rounding-close touch
        local want = lo > 0 and 1 or (hi < 0 and -1 or 0)
        assert.are.equal(want, p:classify(box), "case " .. i)
        seen[want] = seen[want] + 1
      end
    end
    assert.is_true(seen[-1] > 50 and seen[0] > 50 and seen[1] > 50)
  end)

  it("closest points are no farther than any sampled point of the shape", function()
    rnd = H.rng(777)
    for i = 1, 150 do
      local p = { rnd(-3, 3), rnd(-3, 3), rnd(-3, 3) }
      local v = {}
      for k = 1, 9 do v[k] = rnd(-2, 2) end
      local tri = collide.triangle(table.unpack(v))
      local o = collide.obb({ rnd(-1, 1), rnd(-1, 1), rnd(-1, 1) }, { rnd(0.1, 1), rnd(0.1, 1), rnd(0.1, 1) },
        rnd(-1, 1), rnd(-1, 1), rnd(-1, 1), rnd(-1, 1))
      local qt, qo = { tri:closest_point(p) }, { o:closest_point(p) }
      -- qt lies on the triangle: its weights are in [0, 1]
      local wa, wb, wc = tri:barycentric(qt)
      assert.is_true(wa >= -1e-9 and wb >= -1e-9 and wc >= -1e-9, "case " .. i)
      -- qo lies in the box (with rounding)
      local oc, oe, ax = { o:center() }, { o:half_extents() }, { o:axes() }
      for k = 0, 2 do
        local s = (qo[1] - oc[1]) * ax[3 * k + 1] + (qo[2] - oc[2]) * ax[3 * k + 2] + (qo[3] - oc[3]) * ax[3 * k + 3]
        assert.is_true(abs(s) <= oe[k + 1] + 1e-12, "case " .. i)
      end
      local dt, dob = d2(p, qt), d2(p, qo)
      assert.is_near(sqrt(dt), tri:distance(p), 1e-12)
      for _ = 1, 60 do
        local x, y = rnd(0, 1), rnd(0, 1)
        if x + y > 1 then x, y = 1 - x, 1 - y end
        local s = {}
        for k = 1, 3 do s[k] = (1 - x - y) * v[k] + x * v[3 + k] + y * v[6 + k] end
        assert.is_true(dt <= d2(p, s) + 1e-12, "triangle case " .. i)
        local b = { o:corner(1) }
        local u = { rnd(0, 1), rnd(0, 1), rnd(0, 1) }
        for k = 1, 3 do
          for j = 0, 2 do b[k] = b[k] + 2 * u[j + 1] * oe[j + 1] * ax[3 * j + k] end
        end
        assert.is_true(dob <= d2(p, b) + 1e-12, "obb case " .. i)
      end
    end
  end)
end)
