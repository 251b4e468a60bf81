-- collide.contact(a, b) -> nx, ny, nz, depth: the minimum translation of b
-- (along n, pointing from a towards b) that separates overlapping aabb, obb,
-- sphere and triangle shapes. Hand-computed cases for every pair in both
-- orders, the tie rules of doc/reference.md, errors, and a randomised
-- check of the defining property against collide.intersects (intersect.c, not
-- contact.c): moving b by n * (depth + 1e-6) separates the pair, while no
-- move shorter than depth - 1e-6, in any direction, does.
local collide = require "collide"

local sqrt = math.sqrt
local R2 = sqrt(0.5)

local H = require "helpers"
local pack, fmt = H.pack, H.fmt

local function moved(s, n, dist)
  return s:clone():translate(n[1] * dist, n[2] * dist, n[3] * dist)
end

-- contact(a, b) is exactly (or within tol) {nx, ny, nz, depth}; then b moved
-- by n * depth still touches a and b moved `margin` (1e-6) further does not
local function contact_is(expected, tol, a, b, margin)
  margin = margin or 1e-6
  local got = pack(collide.contact(a, b))
  local msg = H.mismatch(expected, got, tol)
  if msg then error(("contact(%s, %s):\n%s"):format(tostring(a), tostring(b), msg), 2) end
  local n = { got[1], got[2], got[3] }
  if not collide.intersects(a, moved(b, n, got[4])) then
    error(("contact(%s, %s): b moved by n * depth no longer touches a"):format(tostring(a), tostring(b)), 2)
  end
  if collide.intersects(a, moved(b, n, got[4] + margin)) then
    error(("contact(%s, %s): b moved by n * (depth + %g) still touches a"):format(tostring(a), tostring(b), margin), 2)
  end
end

-- both orders: the second is the first with n negated
local function both(expected, tol, a, b, margin)
  contact_is(expected, tol, a, b, margin)
  contact_is({ -expected[1], -expected[2], -expected[3], expected[4] }, tol, b, a, margin)
end

local function apart(a, b)
  for _, p in ipairs({ { a, b }, { b, a } }) do
    local got = pack(collide.contact(p[1], p[2]))
    if got.n ~= 1 or got[1] ~= nil then
      error(("contact(%s, %s): expected nil, got %s"):format(tostring(p[1]), tostring(p[2]), fmt(got)), 2)
    end
  end
end

-- the unit cube turned 45 degrees about z: |x + y| <= sqrt 2, |y - x| <= sqrt 2
local function obb45(x, y, z)
  return collide.obb(x or 0, y or 0, z or 0, 1, 1, 1, 0, 0, math.sin(math.pi / 8), math.cos(math.pi / 8))
end
-- axes (0,1,0), (0,0,1), (1,0,0) exactly: half extents (1, 2, 3) span
-- 3 in x, 1 in y, 2 in z
local function perm(x, y, z, ex, ey, ez)
  return collide.obb(x, y, z, ex or 1, ey or 2, ez or 3, 0.5, 0.5, 0.5, 0.5)
end

describe("collide.contact()", function()
  local box = collide.aabb(0, 0, 0, 2, 2, 2)

  describe("aabb - aabb", function()
    it("the axis of least overlap, pointing from a to b", function()
      both({ 1, 0, 0, 0.5 }, nil, box, collide.aabb(1.5, 0.5, 0.5, 3, 1, 1))
      both({ 0, 1, 0, 0.25 }, nil, box, collide.aabb(0.5, 1.75, 0.5, 1.5, 3, 1.5))
      both({ 0, 0, -1, 0.25 }, nil, box, collide.aabb(0.5, 0.5, -1, 1.5, 1.5, 0.25))
    end)
    it("b inside a: out through the nearer side", function()
      both({ -1, 0, 0, 0.75 }, nil, box, collide.aabb(0.25, 0.5, 0.5, 0.75, 1.5, 1.5))
    end)
    it("ties between axes go x, then y, then z", function()
      both({ 1, 0, 0, 0.5 }, nil, box, collide.aabb(1.5, 1.5, 0, 3, 3, 2))
      both({ 0, 1, 0, 0.5 }, nil, box, collide.aabb(0, 1.5, 1.5, 2, 3, 3))
    end)
    it("equal boxes: every way ties, so +x by the centres' rule in both orders", function()
      contact_is({ 1, 0, 0, 2 }, nil, box, collide.aabb(0, 0, 0, 2, 2, 2))
      contact_is({ 1, 0, 0, 2 }, nil, collide.aabb(0, 0, 0, 2, 2, 2), box)
    end)
    it("touching faces and edges: depth 0", function()
      both({ 1, 0, 0, 0 }, nil, box, collide.aabb(2, 0, 0, 3, 1, 1))
      both({ 0, -1, 0, 0 }, nil, box, collide.aabb(0, -1, 0, 1, 0, 1))
      both({ 1, 0, 0, 0 }, nil, box, collide.aabb(2, 2, 0, 3, 3, 1))
    end)
    it("nil when apart", function()
      apart(box, collide.aabb(2.000001, 0, 0, 3, 1, 1))
      apart(box, collide.aabb(3, 3, 3, 4, 4, 4))
    end)
    it("1e6 and 1e-6 scales", function()
      both({ 1, 0, 0, 0.5 }, nil, collide.aabb(1e6, 1e6, 1e6, 1e6 + 2, 1e6 + 2, 1e6 + 2),
        collide.aabb(1e6 + 1.5, 1e6 + 0.5, 1e6 + 0.5, 1e6 + 3, 1e6 + 1, 1e6 + 1))
      both({ 0, 0, 1, 2.5e-7 }, 1e-22, collide.aabb(0, 0, 0, 1e-6, 1e-6, 1e-6),
        collide.aabb(2.5e-7, 2.5e-7, 7.5e-7, 7.5e-7, 7.5e-7, 2e-6), 1e-12)
    end)
  end)

  describe("aabb - obb", function()
    it("an obb with exactly permuted axes", function()
      -- world extent of b: [1.5, 7.5] x [0, 2] x [-1, 3]
      both({ 1, 0, 0, 0.5 }, nil, box, perm(4.5, 1, 1))
    end)
    it("the tip of a 45 degree obb in a box's face", function()
      -- the obb's edge at x = -sqrt 2 pokes through the face x = -1
      both({ 1, 0, 0, sqrt(2) - 1 }, 1e-12, collide.aabb(-3, -0.5, -0.5, -1, 0.5, 0.5), obb45())
    end)
    it("a face of the obb against a corner of the box", function()
      -- the box's edge (0.6, 0.6, z) is inside the obb's face x + y = sqrt 2
      both({ -R2, -R2, 0, 1 - 1.2 * R2 }, 1e-12, collide.aabb(0.6, 0.6, -0.5, 3, 3, 0.5), obb45())
    end)
    it("nil when apart", function()
      apart(collide.aabb(-3, -0.5, -0.5, -1.415, 0.5, 0.5), obb45())
      -- the bounds overlap, the shapes do not
      apart(collide.aabb(0.75, 0.75, -0.5, 3, 3, 0.5), obb45())
    end)
  end)

  describe("obb - obb", function()
    it("equal boxes: every way ties, so the first face axis, + by the centres' rule, in both orders", function()
      -- the first axis of a is its x axis, world (0, 1, 0), half extent 1
      contact_is({ 0, 1, 0, 2 }, nil, perm(1, 2, 3), perm(1, 2, 3))
      contact_is({ 1, 0, 0, 2 }, nil, collide.aabb(0, 0, 0, 2, 2, 2), collide.obb(1, 1, 1, 1, 1, 1))
      contact_is({ 1, 0, 0, 2 }, nil, collide.obb(1, 1, 1, 1, 1, 1), collide.aabb(0, 0, 0, 2, 2, 2))
    end)
    it("a tie both ways with centres apart: towards b's centre", function()
      -- b is a's box shifted 0.5 along y' (world z), which overlaps 3.5 there;
      -- the least overlap is on x' (world y): 2 both ways, and b's centre is
      -- level with a's on it, so +x'
      contact_is({ 0, 1, 0, 2 }, nil, perm(0, 0, 0), perm(0, 0, 0.5))
      -- shifted down in world y instead: x' overlap 1.5 (pushing b -y)
      contact_is({ 0, -1, 0, 1.5 }, nil, perm(0, 0, 0), perm(0, -0.5, 0))
    end)
    it("parallel axes: the axis of least overlap", function()
      -- a spans [-3, 3] x [-1, 1] x [-2, 2]; b [2, 8] x [-0.5, 1.5] x [-2, 2]
      both({ 1, 0, 0, 1 }, nil, perm(0, 0, 0), perm(5, 0.5, 0))
    end)
    it("two 45 degree boxes: a face axis that is no world axis", function()
      -- b's centre projects to 2.2 sqrt(1/2) on the axis (r, r, 0)
      both({ R2, R2, 0, 2 - 1.1 * sqrt(2) }, 1e-12, obb45(), obb45(2, 0.2, 0))
    end)
    it("crossed edges: the cross product of the two edges", function()
      -- a's edge along z at x = sqrt 2; b (turned 45 degrees about y) has
      -- its edge along y at x = sqrt 2 - 0.1: they cross 0.1 deep in x
      local b = collide.obb(2 * sqrt(2) - 0.1, 0, 0, 1, 1, 1, 0, math.sin(math.pi / 8), 0, math.cos(math.pi / 8))
      both({ 1, 0, 0, 0.1 }, 1e-12, obb45(), b)
    end)
    it("agrees with intersects on boxes closer than its tolerance: depth 0", function()
      local a, b = collide.obb(0, 0, 0, 1, 1, 1), collide.obb(2 + 1e-9, 0, 0, 1, 1, 1)
      assert.is_true(collide.intersects(a, b))
      both({ 1, 0, 0, 0 }, nil, a, b)
      both({ 1, 0, 0, 0 }, nil, collide.aabb(-1, -1, -1, 1, 1, 1), b)
    end)
    it("nil when apart", function()
      apart(obb45(), obb45(2 * sqrt(2) + 0.001, 0, 0))
      local b = collide.obb(2 * sqrt(2) + 0.001, 0, 0, 1, 1, 1, 0, math.sin(math.pi / 8), 0, math.cos(math.pi / 8))
      apart(obb45(), b)
    end)
  end)

  describe("aabb/obb - sphere", function()
    it("centre outside a face, an edge, a corner", function()
      both({ 1, 0, 0, 0.5 }, nil, box, collide.sphere(2.5, 1, 1, 1))
      both({ 0.6, 0.8, 0, 5 }, 1e-15, box, collide.sphere(5, 6, 1, 10))
      both({ 2 / 7, 3 / 7, 6 / 7, 3 }, 1e-15, box, collide.sphere(4, 5, 8, 10))
    end)
    it("centre inside a box: out through the nearest face, depth r + distance to it", function()
      both({ 1, 0, 0, 0.75 }, nil, box, collide.sphere(1.5, 1, 1, 0.25))
      both({ 0, -1, 0, 0.75 }, nil, box, collide.sphere(1, 0.25, 1, 0.5))
      both({ 0, 0, 1, 1.125 }, nil, box, collide.sphere(1, 1, 1.875, 1))
    end)
    it("centre at the box's centre: ties go to +x", function()
      both({ 1, 0, 0, 1.5 }, nil, box, collide.sphere(1, 1, 1, 0.5))
    end)
    it("centre exactly on a face: that face, depth r", function()
      both({ 1, 0, 0, 0.5 }, nil, box, collide.sphere(2, 1, 1, 0.5))
      both({ 0, 0, -1, 0.5 }, nil, box, collide.sphere(1, 1, 0, 0.5))
    end)
    it("touching: depth 0; apart: nil", function()
      both({ 1, 0, 0, 0 }, nil, box, collide.sphere(3, 1, 1, 1))
      apart(box, collide.sphere(3.000001, 1, 1, 1))
      apart(box, collide.sphere(2.8, 2.8, 1, 1))          -- near the edge, outside
    end)
    it("an obb with exact axes: outside and inside", function()
      -- world [-3, 3] x [-1, 1] x [-2, 2]
      both({ 0, 1, 0, 0.5 }, nil, perm(0, 0, 0), collide.sphere(0, 1.5, 0, 1))
      both({ 1, 0, 0, 0.75 }, nil, perm(0, 0, 0), collide.sphere(2.5, 0, 0, 0.25))
      -- at the centre the smallest half extent (the box's x axis = world y) wins
      both({ 0, 1, 0, 1.5 }, nil, perm(0, 0, 0), collide.sphere(0, 0, 0, 0.5))
    end)
    it("a 45 degree obb: its vertical edge, and its centre", function()
      both({ 1, 0, 0, sqrt(2) - 1 }, 1e-12, obb45(), collide.sphere(2, 0, 0, 1))
      both({ R2, R2, 0, 1.5 }, 1e-12, obb45(), collide.sphere(0, 0, 0, 0.5))
    end)
  end)

  describe("sphere - sphere", function()
    it("along the line of centres", function()
      both({ 0, 1, 0, 1 }, nil, collide.sphere(0, 0, 0, 1), collide.sphere(0, 2, 0, 2))
      both({ 0.6, 0.8, 0, 1 }, 1e-15, collide.sphere(0, 0, 0, 1), collide.sphere(3, 4, 0, 5))
      both({ -1, 0, 0, 0.5 }, nil, collide.sphere(1e6, 0, 0, 1), collide.sphere(1e6 - 1.5, 0, 0, 1))
    end)
    it("coincident centres: n = (0, 1, 0) in both orders, depth ra + rb", function()
      contact_is({ 0, 1, 0, 3 }, nil, collide.sphere(1, 2, 3, 1), collide.sphere(1, 2, 3, 2))
      contact_is({ 0, 1, 0, 3 }, nil, collide.sphere(1, 2, 3, 2), collide.sphere(1, 2, 3, 1))
    end)
    it("zero radii at one point: touching", function()
      local got = pack(collide.contact(collide.sphere(1, 2, 3, 0), collide.sphere(1, 2, 3, 0)))
      assert.are.same({ n = 4, 0, 1, 0, 0 }, got)
    end)
    it("touching: depth 0; apart: nil", function()
      both({ 1, 0, 0, 0 }, nil, collide.sphere(0, 0, 0, 1), collide.sphere(2, 0, 0, 1))
      apart(collide.sphere(0, 0, 0, 1), collide.sphere(2.000001, 0, 0, 1))
    end)
  end)

  describe("triangle - sphere", function()
    -- normal (0, 0, 1)
    local tri = collide.triangle(0, 0, 0, 2, 0, 0, 0, 2, 0)
    it("over the face, on either side", function()
      both({ 0, 0, 1, 0.5 }, nil, tri, collide.sphere(0.5, 0.5, 0.5, 1))
      both({ 0, 0, -1, 0.5 }, nil, tri, collide.sphere(0.5, 0.5, -0.5, 1))
    end)
    it("beside an edge and a vertex", function()
      both({ 0, -0.6, 0.8, 5 }, 1e-15, tri, collide.sphere(1, -3, 4, 10))
      both({ -2 / 7, -3 / 7, 6 / 7, 3 }, 1e-15, tri, collide.sphere(-2, -3, 6, 10))
    end)
    it("centre exactly on the triangle: +normal, depth r (negated in the other order)", function()
      both({ 0, 0, 1, 1 }, nil, tri, collide.sphere(0.5, 0.5, 0, 1))
      both({ 0, 0, 1, 0.5 }, nil, tri, collide.sphere(1, 0, 0, 0.5))      -- on an edge
      both({ 0, 0, 1, 0.5 }, nil, tri, collide.sphere(0, 2, 0, 0.5))      -- on a vertex
      local cw = collide.triangle(0, 0, 0, 0, 2, 0, 2, 0, 0)             -- normal (0, 0, -1)
      both({ 0, 0, -1, 1 }, nil, cw, collide.sphere(0.5, 0.5, 0, 1))
    end)
    it("centre on a degenerate triangle: a unit normal across its segment, depth r", function()
      local seg = collide.triangle(0, -1, 0, 0, 1, 0, 0, 0, 0)
      local got = pack(collide.contact(seg, collide.sphere(0, 0.5, 0, 1)))
      assert.are.equal(4, got.n)
      assert.are.equal(1, got[4])
      assert.is_near(1, got[1] ^ 2 + got[2] ^ 2 + got[3] ^ 2, 1e-15)
      assert.are.equal(0, got[2])
      local back = pack(collide.contact(collide.sphere(0, 0.5, 0, 1), seg))
      assert.are.same({ n = 4, -got[1], -got[2], -got[3], 1 }, back)
    end)
    it("touching: depth 0; apart: nil", function()
      both({ 0, 0, 1, 0 }, nil, tri, collide.sphere(0.5, 0.5, 1, 1))
      apart(tri, collide.sphere(0.5, 0.5, 1.000001, 1))
      apart(tri, collide.sphere(1.8, 1.8, 0, 1.6 * R2 - 1e-6))   -- beside the edge b-c
    end)
  end)

  describe("aabb/obb - triangle", function()
    it("a flat triangle inside the box near its top", function()
      local t = collide.triangle(0.5, 0.5, 1.75, 1.5, 0.5, 1.75, 0.5, 1.5, 1.75)
      both({ 0, 0, 1, 0.25 }, nil, box, t)
      -- the same box as an obb whose axes are permuted: the same answer
      both({ 0, 0, 1, 0.25 }, nil, perm(1, 1, 1, 1, 1, 1), t)
    end)
    it("a triangle poking out of the top face", function()
      both({ 0, 0, 1, 0.5 }, nil, box, collide.triangle(0.5, 0.5, 1.5, 1.5, 0.5, 1.5, 1, 1.5, 3))
    end)
    it("the triangle's own normal wins: an obb's tip through it", function()
      -- the plane x = 1.3 cuts the 45 degree obb's edge at x = sqrt 2
      both({ 1, 0, 0, sqrt(2) - 1.3 }, 1e-12, obb45(),
        collide.triangle(1.3, -2, -2, 1.3, 2, -2, 1.3, 0, 3))
    end)
    it("edge against edge: the cross of the box's y axis with the triangle's edge", function()
      -- the triangle (in y = 1) cuts the box's edge x = 2, z = 0 along the
      -- line x - z = 1.8: out along (1, 0, -1) / sqrt 2 by 0.2 / sqrt 2
      both({ R2, 0, -R2, 0.1 * sqrt(2) }, 1e-12, box,
        collide.triangle(1.3, 1, -0.5, 2.8, 1, 1, 3, 1, -1))
    end)
    it("a degenerate triangle (a segment) through the box", function()
      -- the segment x = 1.5, z = 1.5 along y: out through +x or +z, 0.5; x first
      both({ 1, 0, 0, 0.5 }, nil, box, collide.triangle(1.5, -1, 1.5, 1.5, 3, 1.5, 1.5, 1, 1.5))
    end)
    it("touching: depth 0; apart: nil", function()
      both({ 0, 0, 1, 0 }, nil, box, collide.triangle(0.5, 0.5, 2, 1.5, 0.5, 2, 0.5, 1.5, 2))
      apart(box, collide.triangle(0, 0, 2.000001, 1, 0, 3, 0, 1, 3))
      -- across the box's corner region, outside it
      apart(box, collide.triangle(3, 1.9, 0, 1.9, 3, 0, 3, 3, 2))
    end)
  end)

  describe("errors", function()
    local tri = collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0)
    it("a ray on either side, a plane with a plane", function()
      local plane = collide.plane(0, 1, 0, 0)
      assert.has_error(function() collide.contact(collide.ray(0, 0, 0, 1, 0, 0), box) end,
        "bad argument #1 to 'contact' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got collide.ray)")
      assert.has_error(function() collide.contact(box, collide.ray(0, 0, 0, 1, 0, 0)) end,
        "bad argument #2 to 'contact' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got collide.ray)")
      assert.has_error(function() plane:contact(collide.ray(0, 0, 0, 1, 0, 0)) end,
        "bad argument #1 to 'contact' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got collide.ray)")
      assert.has_error(function() collide.contact(plane, plane:clone()) end,
        "bad argument #2 to 'contact' (plane-plane contact is not supported)")
    end)
    it("triangle with triangle", function()
      assert.has_error(function() collide.contact(tri, tri:clone()) end,
        "bad argument #2 to 'contact' (triangle-triangle contact is not supported)")
      -- even when they do not touch
      assert.has_error(function() collide.contact(tri, tri:clone():translate(9, 9, 9)) end,
        "bad argument #2 to 'contact' (triangle-triangle contact is not supported)")
    end)
    it("no value and other types", function()
      assert.has_error(function() collide.contact(box) end,
        "bad argument #2 to 'contact' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got no value)")
      assert.has_error(function() collide.contact({}, box) end,
        "bad argument #1 to 'contact' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got table)")
    end)
  end)
end)

describe("collide.contact() on random pairs (fixed seed)", function()
  -- reseeded by each case (H.rng, the same numbers on every Lua)
  local rnd
  local function rvec(s) return { rnd(-s, s), rnd(-s, s), rnd(-s, s) } end
  local function unit(v)
    local l = sqrt(v[1] ^ 2 + v[2] ^ 2 + v[3] ^ 2)
    return { v[1] / l, v[2] / l, v[3] / l }
  end

  local makers = {
    aabb = function() return collide.aabb_from_center(rvec(0.6), { rnd(0.1, 1), rnd(0.1, 1), rnd(0.1, 1) }) end,
    obb = function()
      return collide.obb(rvec(0.6), { rnd(0.1, 1), rnd(0.1, 1), rnd(0.1, 1) }, rnd(-1, 1), rnd(-1, 1), rnd(-1, 1), rnd(-1, 1))
    end,
    sphere = function() return collide.sphere(rvec(0.6), rnd(0.1, 1)) end,
    triangle = function() return collide.triangle(rvec(1.2), rvec(1.2), rvec(1.2)) end,
  }
  local kinds = { "aabb", "obb", "sphere", "triangle" }

  -- 48 fixed directions: the axes, the diagonals and random ones
  local dirs = {}
  local function fill_dirs()
    for k = 1, 3 do
      for _, s in ipairs({ -1, 1 }) do
        local v = { 0, 0, 0 }; v[k] = s; dirs[#dirs + 1] = v
      end
    end
    for _, x in ipairs({ -1, 1 }) do
      for _, y in ipairs({ -1, 1 }) do
        for _, z in ipairs({ -1, 1 }) do dirs[#dirs + 1] = unit({ x, y, z }) end
      end
    end
    while #dirs < 48 do dirs[#dirs + 1] = unit(rvec(1)) end
  end

  for i, ka in ipairs(kinds) do
    for j = i, #kinds do
      local kb = kinds[j]
      if not (ka == "triangle" and kb == "triangle") then
        it(ka .. " - " .. kb .. ": minimal, separating, antisymmetric", function()
          rnd = H.rng(1000 * i + j)
          if #dirs == 0 then fill_dirs() end
          local found = 0
          for case = 1, 150 do
            local a, b = makers[ka](), makers[kb]()
            local r = pack(collide.contact(a, b))
            local where = ("%s - %s case %d: %s, %s -> %s"):format(ka, kb, case, tostring(a), tostring(b), fmt(r))
            assert.are.equal(collide.intersects(a, b), r[1] ~= nil, where)
            if r[1] ~= nil then
              found = found + 1
              local n, depth = { r[1], r[2], r[3] }, r[4]
              assert.is_near(1, n[1] ^ 2 + n[2] ^ 2 + n[3] ^ 2, 1e-12, where)
              assert.is_true(depth >= 0, where)
              -- pushed out by depth + 1e-6: apart
              assert.is_false(collide.intersects(a, moved(b, n, depth + 1e-6)), where)
              -- a by -n also works
              assert.is_false(collide.intersects(moved(a, n, -(depth + 1e-6)), b), where)
              -- no shorter move separates them, in any of the directions
              if depth > 1e-6 then
                for _, m in ipairs(dirs) do
                  assert.is_true(collide.intersects(a, moved(b, m, depth - 1e-6)), where)
                end
                assert.is_true(collide.intersects(a, moved(b, n, depth - 1e-6)), where)
              end
              -- the other order: n negated, the same depth
              local s = pack(collide.contact(b, a))
              assert.is_near(-n[1], s[1], 1e-12, where)
              assert.is_near(-n[2], s[2], 1e-12, where)
              assert.is_near(-n[3], s[3], 1e-12, where)
              assert.is_near(depth, s[4], 1e-12, where)
            end
          end
          assert.is_true(found > 40, ka .. " - " .. kb .. " overlapping cases: " .. found)
        end)
      end
    end
  end
end)
