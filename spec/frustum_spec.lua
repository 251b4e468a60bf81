-- collide.frustum: construction from planes and from matrices in both
-- orders, corners, and exact classification. The randomised checks compare
-- with independent methods written here: clipping the shape's faces by the
-- six half-spaces (Sutherland-Hodgman), and the distance from a point to
-- the frustum by its faces, edges and corners.
local collide = require "collide"
local H = require "helpers"

local sqrt, abs = math.sqrt, math.abs
local unpack = table.unpack or unpack

local rng = require("helpers").rng

-- 4x4 matrices (column order) and 3-vectors: spec/matrix.lua
local M = require "matrix"
local mat, transpose, mul = M.mat, M.transpose, M.mul
local perspective, ortho, look_at = M.perspective, M.ortho, M.look_at
local sub, dot, cross, unit = M.sub, M.dot, M.cross, M.unit

-- ---------------------------------------------------------------------
-- independent tests

local function corners_of(f)
  local c, v = {}, { f:corners() }
  for i = 1, 8 do c[i] = { v[3 * i - 2], v[3 * i - 1], v[3 * i] } end
  return c
end

local function planes_of(f)
  local out = {}
  for i = 1, 6 do
    local p = f:plane(i)
    local n = { p:normal() }
    out[i] = { n = n, d = p:d() }
  end
  return out
end

-- Sutherland-Hodgman: the polygon's part on the inner side of every plane
local function clip(poly, planes)
  for _, pl in ipairs(planes) do
    local out = {}
    for i = 1, #poly do
      local a, b = poly[i], poly[i % #poly + 1]
      local sa, sb = dot(pl.n, a) - pl.d, dot(pl.n, b) - pl.d
      if sa >= 0 then out[#out + 1] = a end
      if (sa >= 0) ~= (sb >= 0) then
        local t = sa / (sa - sb)
        out[#out + 1] = { a[1] + t * (b[1] - a[1]), a[2] + t * (b[2] - a[2]), a[3] + t * (b[3] - a[3]) }
      end
    end
    poly = out
    if #poly == 0 then return poly end
  end
  return poly
end

local BOX_FACES = { { 1, 3, 4, 2 }, { 5, 6, 8, 7 }, { 1, 2, 6, 5 }, { 3, 7, 8, 4 }, { 1, 5, 7, 3 }, { 2, 4, 8, 6 } }

local function box_corners(s)
  local c = {}
  for i = 1, 8 do c[i] = { s:corner(i) } end
  return c
end

-- a point inside a box given by centre, unit axes and half extents
local function in_box(p, center, axes, e)
  local d = sub(p, center)
  for k = 1, 3 do
    if abs(dot(d, axes[k])) > e[k] then return false end
  end
  return true
end

local function box_frame(s)
  if collide.type(s) == "aabb" then
    return { s:center() }, { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }, { s:half_extents() }
  end
  local a = { s:axes() }
  return { s:center() }, { { a[1], a[2], a[3] }, { a[4], a[5], a[6] }, { a[7], a[8], a[9] } }, { s:half_extents() }
end

-- -1 / 0 / 1 of a box by clipping its faces, and a frustum corner inside it
local function classify_box(f, s)
  local planes, corners = planes_of(f), box_corners(s)
  local inside = true
  for _, c in ipairs(corners) do
    for _, pl in ipairs(planes) do
      if dot(pl.n, c) - pl.d <= 0 then inside = false end
    end
  end
  if inside then return 1 end
  for _, face in ipairs(BOX_FACES) do
    local poly = {}
    for i, k in ipairs(face) do poly[i] = corners[k] end
    if #clip(poly, planes) > 0 then return 0 end
  end
  local center, axes, e = box_frame(s)
  for _, c in ipairs(corners_of(f)) do
    if in_box(c, center, axes, e) then return 0 end
  end
  return -1
end

local function classify_triangle(f, s)
  local v = { s:vertices() }
  local poly = { { v[1], v[2], v[3] }, { v[4], v[5], v[6] }, { v[7], v[8], v[9] } }
  local planes = planes_of(f)
  local inside = true
  for _, p in ipairs(poly) do
    for _, pl in ipairs(planes) do
      if dot(pl.n, p) - pl.d <= 0 then inside = false end
    end
  end
  if inside then return 1 end
  return #clip(poly, planes) > 0 and 0 or -1
end

-- distance from p to the segment ab
local function seg_dist(p, a, b)
  local ab, ap = sub(b, a), sub(p, a)
  local t = dot(ap, ab) / dot(ab, ab)
  t = math.max(0, math.min(1, t))
  local q = { a[1] + t * ab[1], a[2] + t * ab[2], a[3] + t * ab[3] }
  return sqrt(dot(sub(p, q), sub(p, q)))
end

local FACES = { { 1, 3, 7, 5 }, { 2, 4, 8, 6 }, { 1, 2, 6, 5 }, { 3, 4, 8, 7 }, { 1, 2, 4, 3 }, { 5, 6, 8, 7 } }

-- distance from a point outside the frustum to it: the nearest of its faces
-- (where the projection falls inside the face), edges and corners
local function dist_outside(f, p)
  local c, planes = corners_of(f), planes_of(f)
  local best = math.huge
  for i, face in ipairs(FACES) do
    local pl = planes[i]
    local s = dot(pl.n, p) - pl.d
    local q = { p[1] - s * pl.n[1], p[2] - s * pl.n[2], p[3] - s * pl.n[3] }
    local ok = true
    for j = 1, 4 do
      local a, b = c[face[j]], c[face[j % 4 + 1]]
      -- q on the inner side of every edge: the other planes hold it
      local other = c[face[(j + 1) % 4 + 1]]
      local en = cross(sub(b, a), pl.n)
      if dot(en, sub(q, a)) * dot(en, sub(other, a)) < 0 then ok = false end
      best = math.min(best, seg_dist(p, a, b))
    end
    if ok then best = math.min(best, abs(s)) end
  end
  return best
end

local function classify_sphere(f, s)
  local p, r = { s:center() }, s:radius()
  local planes = planes_of(f)
  local inside, all = true, true
  for _, pl in ipairs(planes) do
    local d = dot(pl.n, p) - pl.d
    if d < 0 then inside = false end
    if d <= r then all = false end
  end
  if all then return 1 end
  if inside then return 0 end
  return dist_outside(f, p) <= r and 0 or -1
end

-- the frustum of the box [x0,x1] x [y0,y1] x [z0,z1]
local function box_frustum(...) return collide.frustum(unpack(M.box_planes(collide, ...))) end

-- the frustum of gluPerspective(90 deg, 2, 1, 10): near corners (+-2, +-1, -1)
local function pyramid()
  return collide.frustum_from_matrix(perspective(math.pi / 2, 2, 1, 10))
end

describe("collide.frustum", function()
  describe("collide.frustum()", function()
    it("is built from six inward planes: left, right, bottom, top, near, far", function()
      local f = box_frustum(-1, -2, 1, 1, 2, 5)
      H.assert_exact({ -1, -2, 1, 1, -2, 1, -1, 2, 1, 1, 2, 1, -1, -2, 5, 1, -2, 5, -1, 2, 5, 1, 2, 5 }, f:corners())
      H.assert_exact({ 1, 2, 5 }, f:corner(8))
      H.assert_exact({ -1, 0, 0 }, f:plane(2):normal())
      assert.are.equal(-1, f:plane(2):d())
      assert.are.equal(6, #f:planes())
      assert.are.equal("collide.frustum", getmetatable(f).__name)
    end)

    it("copies the planes it is given", function()
      local left = collide.plane(1, 0, 0, -1)
      local f = collide.frustum(left, collide.plane(-1, 0, 0, -1), collide.plane(0, 1, 0, -1),
        collide.plane(0, -1, 0, -1), collide.plane(0, 0, 1, -1), collide.plane(0, 0, -1, -1))
      left:set(1, 0, 0, 5)
      assert.are.equal(-1, f:plane(1):d())
      local out = collide.plane(0, 1, 0, 0)
      assert.are.equal(out, f:plane(1, out))
      assert.are.equal(collide.plane(1, 0, 0, -1), out)
    end)

    it("rejects what is not six planes bounding a frustum", function()
      local p = collide.plane(0, 1, 0, 0)
      assert.has_error(function() collide.frustum(p, p, {}, p, p, p) end,
        "bad argument #3 to 'frustum' (collide.plane expected, got table)")
      assert.has_error(function() collide.frustum(p, p, p, p, p) end,
        "bad argument #6 to 'frustum' (collide.plane expected, got no value)")
      assert.has_error(function() collide.frustum(p, p, p, p, p, collide.sphere(0, 0, 0, 1)) end,
        "bad argument #6 to 'frustum' (collide.plane expected, got collide.sphere)")
      -- normals pointing outwards
      assert.has_error(function()
        collide.frustum(collide.plane(-1, 0, 0, 1), collide.plane(1, 0, 0, 1), collide.plane(0, -1, 0, 1),
          collide.plane(0, 1, 0, 1), collide.plane(0, 0, -1, 1), collide.plane(0, 0, 1, 1))
      end, "bad argument #1 to 'frustum' (planes do not bound a frustum)")
      -- the left plane twice: no corner
      assert.has_error(function()
        collide.frustum(collide.plane(1, 0, 0, -1), collide.plane(-1, 0, 0, -1), collide.plane(1, 0, 0, -1),
          collide.plane(0, -1, 0, -1), collide.plane(0, 0, 1, -1), collide.plane(0, 0, -1, -1))
      end, "bad argument #1 to 'frustum' (planes do not bound a frustum)")
      local f = box_frustum(0, 0, 0, 1, 1, 1)
      assert.has_error(function() f:corner(9) end, "bad argument #1 to 'corner' (index out of range)")
      assert.has_error(function() f:plane(0) end, "bad argument #1 to 'plane' (index out of range)")
    end)

    it(":set() rebuilds in place", function()
      local f = box_frustum(0, 0, 0, 1, 1, 1)
      local g = box_frustum(-3, -3, -3, 3, 3, 3)
      local planes = {}
      for i = 1, 6 do planes[i] = g:plane(i) end
      assert.are.equal(f, f:set(unpack(planes)))
      H.assert_exact({ g:corners() }, f:corners())
      assert.has_error(function() f:set() end, "bad argument #1 to 'set' (collide.plane expected, got no value)")
    end)
  end)

  describe("collide.frustum_from_matrix()", function()
    it("perspective, column order (OpenGL, CPML): corners at near and far", function()
      H.assert_near({ -2, -1, -1, 2, -1, -1, -2, 1, -1, 2, 1, -1,
        -20, -10, -10, 20, -10, -10, -20, 10, -10, 20, 10, -10 }, H.pack(pyramid():corners()), 1e-14)
    end)

    it("row order (LOVE's Transform:getMatrix) reads the transpose", function()
      local m = mul(perspective(1.1, 1.5, 0.5, 80), look_at({ 3, 4, 5 }, { 0, 1, -2 }, { 0, 1, 0 }))
      local a = collide.frustum_from_matrix(m)
      local b = collide.frustum_from_matrix(transpose(m), "row")
      local c = collide.frustum_from_matrix(m, "column")
      H.assert_exact({ a:corners() }, b:corners())
      H.assert_exact({ a:corners() }, c:corners())
      -- the camera looks from (3, 4, 5) towards (0, 1, -2): the near corners
      -- surround the point 0.5 along that direction
      local dir = unit(sub({ 0, 1, -2 }, { 3, 4, 5 }))
      local cs, mid = corners_of(a), { 0, 0, 0 }
      for i = 1, 4 do for k = 1, 3 do mid[k] = mid[k] + cs[i][k] / 4 end end
      H.assert_near({ 3 + 0.5 * dir[1], 4 + 0.5 * dir[2], 5 + 0.5 * dir[3] }, mid, 1e-12)
    end)

    it("orthographic, both orders: the box it maps to the clip cube", function()
      local m = ortho(-4, 2, -1, 3, 0.5, 20)
      local expect = { -4, -1, -0.5, 2, -1, -0.5, -4, 3, -0.5, 2, 3, -0.5,
        -4, -1, -20, 2, -1, -20, -4, 3, -20, 2, 3, -20 }
      H.assert_near(expect, H.pack(collide.frustum_from_matrix(m):corners()), 1e-14)
      H.assert_near(expect, H.pack(collide.frustum_from_matrix(transpose(m), "row"):corners()), 1e-14)
    end)

    it("rejects a bad matrix or order", function()
      local m = perspective(1, 1, 1, 10)
      assert.has_error(function() collide.frustum_from_matrix("m") end,
        "bad argument #1 to 'frustum_from_matrix' (table expected, got string)")
      assert.has_error(function() collide.frustum_from_matrix(m, "diagonal") end,
        "bad argument #2 to 'frustum_from_matrix' (invalid option 'diagonal')")
      local short = { unpack(m, 1, 15) }
      assert.has_error(function() collide.frustum_from_matrix(short) end,
        "bad argument #1 to 'frustum_from_matrix' (number expected at index 16, got nil)")
      local bad = { unpack(m) }
      bad[6] = 0 / 0
      assert.has_error(function() collide.frustum_from_matrix(bad) end,
        "bad argument #1 to 'frustum_from_matrix' (finite number expected at index 6, got nan)")
      local zero = {}
      for i = 1, 16 do zero[i] = 0 end
      assert.has_error(function() collide.frustum_from_matrix(zero) end,
        "bad argument #1 to 'frustum_from_matrix' (matrix does not define a frustum)")
      -- an infinite far plane has no far corners
      local inf = mat({ { 1, 0, 0, 0 }, { 0, 1, 0, 0 }, { 0, 0, -1, -2 }, { 0, 0, -1, 0 } })
      assert.has_error(function() collide.frustum_from_matrix(inf) end,
        "bad argument #1 to 'frustum_from_matrix' (matrix does not define a frustum)")
    end)

    it(":set_matrix() rebuilds in place", function()
      local f = box_frustum(0, 0, 0, 1, 1, 1)
      assert.are.equal(f, f:set_matrix(transpose(perspective(math.pi / 2, 2, 1, 10)), "row"))
      H.assert_exact({ pyramid():corners() }, f:corners())
    end)
  end)

  describe(":classify() and :intersects()", function()
    local f = box_frustum(0, 0, 0, 10, 10, 10)

    it("boxes inside, outside, straddling each plane, touching a face", function()
      assert.are.equal(1, f:classify(collide.aabb(1, 1, 1, 9, 9, 9)))
      local straddle = {
        collide.aabb(-1, 4, 4, 1, 6, 6), collide.aabb(9, 4, 4, 11, 6, 6),
        collide.aabb(4, -1, 4, 6, 1, 6), collide.aabb(4, 9, 4, 6, 11, 6),
        collide.aabb(4, 4, -1, 6, 6, 1), collide.aabb(4, 4, 9, 6, 6, 11),
      }
      for i, b in ipairs(straddle) do
        assert.are.equal(0, f:classify(b), "plane " .. i)
        assert.are.equal(0, f:classify(b, "planes"), "plane " .. i)
      end
      local out = {
        collide.aabb(-3, 4, 4, -1, 6, 6), collide.aabb(11, 4, 4, 13, 6, 6),
        collide.aabb(4, -3, 4, 6, -1, 6), collide.aabb(4, 11, 4, 6, 13, 6),
        collide.aabb(4, 4, -3, 6, 6, -1), collide.aabb(4, 4, 11, 6, 6, 13),
      }
      for i, b in ipairs(out) do assert.are.equal(-1, f:classify(b), "plane " .. i) end
      assert.are.equal(0, f:classify(collide.aabb(10, 4, 4, 12, 6, 6)))      -- touching the right face
      assert.are.equal(0, f:classify(collide.aabb(1, 1, 1, 10, 9, 9)))       -- inside, touching it
      assert.are.equal(0, f:classify(collide.aabb(-5, -5, -5, 15, 15, 15)))  -- holds the whole frustum
      assert.is_true(f:intersects(collide.aabb(10, 10, 10, 11, 11, 11)))     -- a corner
      assert.is_false(f:intersects(collide.aabb(10.5, 4, 4, 11, 6, 6)))
    end)

    it("shapes near a corner, outside but behind no single plane: -1, and 0 by planes", function()
      local p = pyramid()
      -- near the near-top-right corner (2, 1, -1)
      local ob = collide.obb(2.6, 1.3, -1, 0.2, 0.2, 0.2, 0, 0, 0.38268343236509, 0.92387953251129)
      local s = collide.sphere(2.2, 1.2, -0.8, 0.3)
      local tri = collide.triangle(2.9, 1.3, -1.4, 2.6, 1.6, -1.4, 2.6, 1.3, -1.1)
      -- an axis-aligned camera has none for boxes: the box's lowest corner
      -- is the best for every plane at once; so the camera turns 45 degrees
      local S = sqrt(0.5)
      local turned = collide.frustum_from_matrix(mul(perspective(math.pi / 2, 2, 1, 10),
        mat({ { S, 0, -S, 0 }, { 0, 1, 0, 0 }, { S, 0, S, 0 }, { 0, 0, 0, 1 } })))
      local box = collide.aabb(6.75, 10.5, -22, 7.75, 11.5, -21)
      for _, case in ipairs({ { p, ob }, { p, s }, { p, tri }, { turned, box } }) do
        local fr, shape = case[1], case[2]
        assert.are.equal(-1, fr:classify(shape), tostring(shape))
        assert.are.equal(0, fr:classify(shape, "planes"), tostring(shape))
        assert.is_false(fr:intersects(shape))
      end
      assert.are.equal(-1, classify_box(turned, box))
      assert.are.equal(-1, classify_box(p, ob))
      assert.are.equal(-1, classify_sphere(p, s))
      assert.are.equal(-1, classify_triangle(p, tri))
      -- moved onto the corner
      assert.are.equal(0, p:classify(collide.aabb(1.9, 0.9, -1.1, 2.1, 1.1, -0.9)))
      assert.are.equal(0, p:classify(collide.sphere(2, 1, -1, 0.01)))
    end)

    it("the near and far planes of a perspective frustum", function()
      local p = pyramid()
      assert.are.equal(-1, p:classify(collide.aabb(-0.1, -0.1, -0.9, 0.1, 0.1, -0.5)))   -- before near
      assert.are.equal(0, p:classify(collide.aabb(-0.1, -0.1, -1.1, 0.1, 0.1, -0.9)))    -- across near
      assert.are.equal(1, p:classify(collide.aabb(-0.1, -0.1, -1.2, 0.1, 0.1, -1.1)))
      assert.are.equal(0, p:classify(collide.aabb(-1, -1, -10.5, 1, 1, -9.5)))           -- across far
      assert.are.equal(-1, p:classify(collide.aabb(-1, -1, -11, 1, 1, -10.01)))          -- beyond far
      assert.are.equal(-1, p:classify(0, 0, 0))                                         -- the eye
      assert.are.equal(1, p:classify(0, 0, -5))
      assert.are.equal(-1, p:classify({ x = 0, y = 0, z = -10.5 }))
      local near1 = box_frustum(0, 0, 1, 10, 10, 10)
      assert.are.equal(0, near1:classify({ 5, 5, 10 }))                                 -- on the far plane
      assert.are.equal(0, near1:classify({ x = 5, y = 5, z = 1 }))                      -- on the near plane
      assert.are.equal(-1, near1:classify(5, 5, 0.99))
    end)

    it("spheres, triangles, points, planes and rays", function()
      assert.are.equal(1, f:classify(collide.sphere(5, 5, 5, 4.9)))
      assert.are.equal(0, f:classify(collide.sphere(5, 5, 5, 5)))
      assert.are.equal(0, f:classify(collide.sphere(-1, 5, 5, 1)))
      assert.are.equal(-1, f:classify(collide.sphere(-1, -1, 5, 1.4)))                 -- off an edge
      assert.are.equal(0, f:classify(collide.sphere(-1, -1, 5, 1.5)))
      assert.are.equal(-1, f:classify(collide.sphere(-1, -1, -1, 1.7)))                -- off a corner
      assert.are.equal(0, f:classify(collide.sphere(-1, -1, -1, 1.75)))
      assert.are.equal(1, f:classify(collide.capsule(1, 1, 1, 9, 9, 9, 0.999999)))
      assert.are.equal(0, f:classify(collide.capsule(1, 1, 1, 9, 9, 9, 1)))            -- touching faces
      assert.are.equal(0, f:classify(collide.capsule(-1, 5, 5, -1, 5, 5, 1)))         -- touching a face
      assert.are.equal(-1, f:classify(collide.capsule(-1, 5, 5, -1, 5, 5, 0.999999)))
      assert.are.equal(-1, f:classify(collide.capsule(-1, -1, 5, -1, -1, 8, 1.4)))     -- along an edge
      assert.are.equal(0, f:classify(collide.capsule(-1, -1, 5, -1, -1, 8, 1.5)))
      assert.are.equal(-1, f:classify(collide.capsule(-1, -1, 5, -1, -1, 8, 1.4), "exact"))
      assert.are.equal(0, f:classify(collide.capsule(-1, -1, 5, -1, -1, 8, 1.4), "planes"))
      assert.are.equal(0, f:classify(collide.capsule(-5, -5, -5, 15, 15, 15, 0.5)))     -- through it
      assert.are.equal(0, f:classify(collide.capsule(5, 5, -30, 5, 5, 30, 40)))        -- holding it
      assert.is_true(f:intersects(collide.capsule(-1, -1, 5, -1, -1, 8, 1.5)))
      assert.are.equal(1, f:classify(collide.triangle(1, 1, 1, 9, 1, 1, 1, 9, 9)))
      assert.are.equal(0, f:classify(collide.triangle(-5, 5, 5, 5, -5, 5, 5, 5, 15)))
      assert.are.equal(-1, f:classify(collide.triangle(-1, 5, 5, -2, 6, 5, -1, 7, 8)))
      assert.are.equal(0, f:classify(collide.triangle(-1, 5, 5, -1, 5, 5, 3, 5, 5)))   -- degenerate: a segment
      assert.are.equal(-1, f:classify(collide.triangle(-1, 5, 5, -1, 5, 5, -1, 5, 5)))
      assert.are.equal(0, f:classify(collide.plane(1, 1, 1, 10)))
      assert.are.equal(-1, f:classify(collide.plane(1, 1, 1, 40)))
      assert.are.equal(0, f:classify(collide.plane(1, 0, 0, 10)))                      -- on a face
      assert.are.equal(1, f:classify(collide.segment(1, 1, 1, 9, 9, 9)))
      assert.are.equal(0, f:classify(collide.ray(5, 5, 5, 1, 0, 0)))
      assert.are.equal(0, f:classify(collide.ray(-5, 5, 5, 1, 0, 0)))
      assert.are.equal(-1, f:classify(collide.ray(-5, 5, 5, -1, 0, 0)))
      assert.are.equal(-1, f:classify(collide.ray(-5, 5, 5, 1, 0, 0, 4)))
      assert.are.equal(-1, f:classify(collide.ray(-1, -1, 5, 1, -1, 0)))
      assert.is_true(f:intersects(5, 5, 5))
      assert.is_true(f:intersects(10, 10, 10))
      assert.is_false(f:intersects({ 10, 10, 10.001 }))
    end)

    it("rejects what it cannot classify", function()
      assert.has_error(function() f:classify("x") end, "bad argument #1 to 'classify' (shape or vector expected, got string)")
      assert.has_error(function() f:classify() end, "bad argument #1 to 'classify' (shape or vector expected, got no value)")
      assert.has_error(function() f:classify({ 1, 2 }) end, "bad argument #1 to 'classify' (shape or vector expected, got table)")
      assert.has_error(function() f:classify(1, 2) end, "bad argument #3 to 'classify' (number expected, got no value)")
      assert.has_error(function() f:classify(1, 0 / 0, 2) end, "bad argument #2 to 'classify' (finite number expected, got nan)")
      assert.has_error(function() f:intersects(collide.aabb(0, 0, 0, 1, 1, 1), "fast") end,
        "bad argument #2 to 'intersects' (invalid option 'fast')")
      assert.has_error(function() f:classify(collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 })) end,
        "bad argument #1 to 'classify' (shape or vector expected, got collide.mesh)")
    end)
  end)

  describe("randomised against clipping and distances (fixed seeds)", function()
    local function random_frustum(r)
      if r(0, 1) < 0.3 then
        local x0, y0, z0 = r(-20, 0), r(-20, 0), r(0.5, 3)
        local m = ortho(x0, x0 + r(2, 20), y0, y0 + r(2, 20), z0, z0 + r(5, 30))
        return collide.frustum_from_matrix(m), m
      end
      local eye = { r(-5, 5), r(-5, 5), r(-5, 5) }
      local target = { r(-5, 5), r(-5, 5), r(-5, 5) }
      local m = mul(perspective(r(0.5, 1.8), r(0.6, 2), r(0.3, 2), r(8, 30)), look_at(eye, target, { 0, 1, 0 }))
      return collide.frustum_from_matrix(m), m
    end

    local function random_near(r, f)
      -- a point near the frustum: a corner, edge point or face point, jittered
      local c = corners_of(f)
      local a, b = c[math.floor(r(1, 9 - 1e-9))], c[math.floor(r(1, 9 - 1e-9))]
      local t = r(0, 1)
      local s = r(0.2, 4)
      return { a[1] + t * (b[1] - a[1]) + r(-s, s), a[2] + t * (b[2] - a[2]) + r(-s, s), a[3] + t * (b[3] - a[3]) + r(-s, s) }
    end

    for seed = 1, 2 do
      it("boxes, rotated boxes, triangles and spheres agree (seed " .. seed .. ")", function()
        local r = rng(seed * 104729)
        local counts = { [-1] = 0, [0] = 0, [1] = 0, corner = 0 }
        for _ = 1, 40 do
          local f, m = random_frustum(r)
          if r(0, 1) < 0.5 then f = collide.frustum_from_matrix(transpose(m), "row") end
          for _ = 1, 12 do
            local p = random_near(r, f)
            local e = { r(0.05, 2), r(0.05, 2), r(0.05, 2) }
            local box = collide.aabb(p[1] - e[1], p[2] - e[2], p[3] - e[3], p[1] + e[1], p[2] + e[2], p[3] + e[3])
            local ob = collide.obb(p, e, { r(-1, 1), r(-1, 1), r(-1, 1), r(-1, 1) })
            local q = random_near(r, f)
            local tri = collide.triangle(q, { q[1] + r(-3, 3), q[2] + r(-3, 3), q[3] + r(-3, 3) },
              { q[1] + r(-3, 3), q[2] + r(-3, 3), q[3] + r(-3, 3) })
            local sph = collide.sphere(random_near(r, f), r(0.05, 2))
            for _, case in ipairs({ { box, classify_box }, { ob, classify_box }, { tri, classify_triangle },
                                    { sph, classify_sphere } }) do
              local s, expect = case[1], case[2](f, case[1])
              local got = f:classify(s)
              assert.are.equal(expect, got, tostring(s))
              assert.are.equal(expect >= 0, f:intersects(s))
              local cheap = f:classify(s, "planes")
              assert.is_true(cheap >= got and (got ~= 1 or cheap == 1), "planes mode is conservative")
              counts[got] = counts[got] + 1
              if got == -1 and cheap == 0 then counts.corner = counts.corner + 1 end
            end
          end
        end
        -- every outcome is exercised, the corner case included
        assert.is_true(counts[-1] > 100 and counts[0] > 100 and counts[1] > 20 and counts.corner > 10,
          string.format("-1: %d, 0: %d, 1: %d, corner: %d", counts[-1], counts[0], counts[1], counts.corner))
      end)
    end
  end)
end)
