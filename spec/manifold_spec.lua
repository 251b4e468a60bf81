-- collide.manifold(a, b) -> nx, ny, nz, points: collide.contact's normal
-- and up to four {x, y, z, depth} points spanning the touching region.
-- Exact cases written out (boxes, capsules, spheres, planes, hulls, meshes,
-- heightfields), errors, and random pairs checked independently of the
-- clipping: every point lies in both shapes (by the shapes' own distance to
-- a point, points.c), and for faces that rest on each other the points
-- against a brute-force sampling of the touching face.
local collide = require "collide"
local H = require "helpers"

local sqrt, abs = math.sqrt, math.abs

-- the manifold as {n = {x, y, z}, points}, or nil
local function manifold(a, b)
  local nx, ny, nz, pts = collide.manifold(a, b)
  if nx == nil then return nil end
  return { n = { nx, ny, nz }, pts = pts }
end

local function key(p) return ("%.12g %.12g %.12g %.12g"):format(p.x, p.y, p.z, p.depth) end

-- the points are exactly the expected ones {x, y, z, depth}, in any order
local function points_are(expected, pts)
  assert.are.equal(#expected, #pts)
  local want = {}
  for _, e in ipairs(expected) do
    local k = key { x = e[1], y = e[2], z = e[3], depth = e[4] }
    want[k] = (want[k] or 0) + 1
  end
  for _, p in ipairs(pts) do
    local k = key(p)
    assert(want[k] and want[k] > 0, "unexpected point " .. k)
    want[k] = want[k] - 1
  end
end

-- a floor of n x n unit cells at y = 0 over x, z in [0, n], two triangles
-- each, as a mesh and as a heightfield (the same triangles)
local function floor_of(n)
  local v, idx, heights = {}, {}, {}
  for i = 0, n do
    for j = 0, n do v[#v + 1] = i; v[#v + 1] = 0; v[#v + 1] = j end
  end
  for i = 0, n - 1 do
    for j = 0, n - 1 do
      local a, b, c, d = i * (n + 1) + j, (i + 1) * (n + 1) + j, (i + 1) * (n + 1) + j + 1, i * (n + 1) + j + 1
      for _, k in ipairs { a, d, c, a, c, b } do idx[#idx + 1] = k + 1 end
    end
  end
  for k = 1, (n + 1) * (n + 1) do heights[k] = 0 end
  return collide.mesh(v, idx), collide.heightfield(heights, n + 1, n + 1)
end

-- the manifolds of (set, s) and (s, set) against collide.contact: nil
-- together, else contact's normal and one to four points, each given to
-- check(point, contact's depth); how many touched
local function both_orders(set, s, check)
  local touched = 0
  for order = 1, 2 do
    local a, b = set, s
    if order == 2 then a, b = s, set end
    local nx, ny, nz, depth = collide.contact(a, b)
    local m = manifold(a, b)
    if nx == nil then
      assert.is_nil(m)
    else
      touched = touched + 1
      assert.are.same({ nx, ny, nz }, m.n)
      assert.is_true(#m.pts >= 1 and #m.pts <= 4)
      for _, p in ipairs(m.pts) do check(p, depth) end
    end
  end
  return touched
end

-- twice the signed area of a, b, c seen from the tip of n
local function area2(n, a, b, c)
  local ux, uy, uz = b.x - a.x, b.y - a.y, b.z - a.z
  local vx, vy, vz = c.x - a.x, c.y - a.y, c.z - a.z
  return n[1] * (uy * vz - uz * vy) + n[2] * (uz * vx - ux * vz) + n[3] * (ux * vy - uy * vx)
end

-- the area of the polygon of the points, in their order, seen along n
local function polygon_area(n, pts)
  local s = 0
  for i = 2, #pts - 1 do s = s + area2(n, pts[1], pts[i], pts[i + 1]) end
  return s / 2
end

describe("collide.manifold", function()
  local floor = collide.aabb(0, 0, 0, 4, 1, 4)

  describe("boxes", function()
    it("a box resting on a box: the four corners of its face, equal depths", function()
      local m = manifold(floor, collide.aabb(1, 0.75, 1, 2, 1.75, 3))
      assert.are.same({ 0, 1, 0 }, m.n)
      points_are({ { 1, 0.75, 1, 0.25 }, { 2, 0.75, 1, 0.25 }, { 2, 0.75, 3, 0.25 }, { 1, 0.75, 3, 0.25 } },
        m.pts)
      local nx, ny, nz, depth = collide.contact(floor, collide.aabb(1, 0.75, 1, 2, 1.75, 3))
      assert.are.same({ nx, ny, nz }, m.n)
      for _, p in ipairs(m.pts) do assert.are.equal(depth, p.depth) end
    end)
    it("overhanging: the corners of the overlap", function()
      local m = manifold(floor, collide.aabb(3, 0.5, -1, 6, 1.5, 2))
      points_are({ { 3, 0.5, 0, 0.5 }, { 4, 0.5, 0, 0.5 }, { 4, 0.5, 2, 0.5 }, { 3, 0.5, 2, 0.5 } }, m.pts)
    end)
    it("the other order: the normal reversed, the same region on the other face", function()
      -- both faces face the normal: the first shape's is the reference, so
      -- the points lie on the second's face
      local m = manifold(collide.aabb(3, 0.5, -1, 6, 1.5, 2), floor)
      assert.are.same({ 0, -1, 0 }, m.n)
      points_are({ { 3, 1, 0, 0.5 }, { 4, 1, 0, 0.5 }, { 4, 1, 2, 0.5 }, { 3, 1, 2, 0.5 } }, m.pts)
    end)
    it("the deepest first, then counter-clockwise seen from the tip of the normal", function()
      local m = manifold(floor, collide.aabb(1, 0.9, 1, 2, 1.9, 3))
      assert.are.equal(4, #m.pts)
      for i = 1, 4 do
        assert.is_true(area2(m.n, m.pts[i], m.pts[i % 4 + 1], m.pts[(i + 1) % 4 + 1]) > 0)
      end
    end)
    it("touching faces: depth 0 at every corner", function()
      local m = manifold(floor, collide.aabb(1, 1, 1, 2, 2, 2))
      points_are({ { 1, 1, 1, 0 }, { 2, 1, 1, 0 }, { 2, 1, 2, 0 }, { 1, 1, 2, 0 } }, m.pts)
    end)
    it("a box rotated about the normal: the corners of the overlap polygon reduced to four", function()
      local s = sqrt(0.5)
      -- a unit square turned by 45 degrees over the floor's corner (4, 4): its
      -- part over the floor is a triangle with corners (4 - s, 4), (4, 4 - s), (4, 4)
      local box = collide.obb(4, 1.4, 4, 0.5, 0.5, 0.5, 0, math.sin(math.pi / 8), 0, math.cos(math.pi / 8))
      local m = manifold(floor, box)
      assert.are.same({ 0, 1, 0 }, m.n)
      assert.are.equal(3, #m.pts)
      local want = { { 4 - s, 4 }, { 4, 4 - s }, { 4, 4 } }
      for _, w in ipairs(want) do
        local found = false
        for _, p in ipairs(m.pts) do
          if abs(p.x - w[1]) < 1e-12 and abs(p.z - w[2]) < 1e-12 then found = true end
        end
        assert.is_true(found, ("corner (%g, %g) missing"):format(w[1], w[2]))
      end
      for _, p in ipairs(m.pts) do
        assert.is_true(abs(p.y - 0.9) < 1e-12 and abs(p.depth - 0.1) < 1e-12)
      end
    end)
    it("an edge on a face: its two ends", function()
      -- a box turned 45 degrees about z, its lowest edge 0.1 into the floor
      local r = sqrt(0.5)
      local box = collide.obb(2, 1 + r - 0.1, 2, 0.5, 0.5, 1, 0, 0, math.sin(math.pi / 8), math.cos(math.pi / 8))
      local m = manifold(floor, box)
      assert.are.same({ 0, 1, 0 }, m.n)
      assert.are.equal(2, #m.pts)
      table.sort(m.pts, function(p, q) return p.z < q.z end)
      H.assert_near({ 2, 0.9, 1, 0.1 }, { m.pts[1].x, m.pts[1].y, m.pts[1].z, m.pts[1].depth }, 1e-12)
      H.assert_near({ 2, 0.9, 3, 0.1 }, { m.pts[2].x, m.pts[2].y, m.pts[2].z, m.pts[2].depth }, 1e-12)
    end)
    it("crossing edges: one point, at the contact's depth", function()
      local a = collide.obb(0, 0, 0, 1, 1, 1, 0, 0, math.sin(math.pi / 8), math.cos(math.pi / 8))
      local b = collide.obb(0, 2 * sqrt(2) - 0.2, 0, 1, 1, 1, math.sin(math.pi / 8), 0, 0, math.cos(math.pi / 8))
      local m = manifold(a, b)
      local nx, ny, nz, depth = collide.contact(a, b)
      assert.are.same({ nx, ny, nz }, m.n)
      assert.are.equal(1, #m.pts)
      H.assert_near({ 0, sqrt(2) - 0.1, 0 }, { m.pts[1].x, m.pts[1].y, m.pts[1].z }, 1e-9)
      assert.are.equal(depth, m.pts[1].depth)
    end)
    it("separated: nil", function()
      assert.is_nil(collide.manifold(floor, collide.aabb(1, 1.001, 1, 2, 2, 2)))
      assert.is_nil(collide.manifold(floor, collide.sphere(-1, 0, 0, 0.5)))
      assert.is_nil(collide.manifold(floor, collide.plane(0, 1, 0, -1)))
    end)
  end)

  describe("capsules and spheres", function()
    it("a capsule lying on a face: two points", function()
      local m = manifold(floor, collide.capsule(1, 1.2, 1, 3, 1.2, 2, 0.25))
      assert.are.same({ 0, 1, 0 }, m.n)
      points_are({ { 1, 0.95, 1, 0.05 }, { 3, 0.95, 2, 0.05 } }, m.pts)
    end)
    it("a capsule past the edge: its segment cut at the side face", function()
      local m = manifold(floor, collide.capsule(2, 1.2, 2, 6, 1.2, 2, 0.25))
      points_are({ { 2, 0.95, 2, 0.05 }, { 4, 0.95, 2, 0.05 } }, m.pts)
    end)
    it("a tilted capsule with both ends in: two depths", function()
      local m = manifold(floor, collide.capsule(1, 1.1, 2, 3, 1.2, 2, 0.25))
      assert.are.equal(2, #m.pts)
      -- the deepest first
      H.assert_near({ 1, 0.85, 2, 0.15 }, { m.pts[1].x, m.pts[1].y, m.pts[1].z, m.pts[1].depth }, 1e-15)
      H.assert_near({ 3, 0.95, 2, 0.05 }, { m.pts[2].x, m.pts[2].y, m.pts[2].z, m.pts[2].depth }, 1e-15)
    end)
    it("a capsule standing on a face: one point", function()
      local m = manifold(floor, collide.capsule(2, 1.2, 2, 2, 3, 2, 0.25))
      points_are({ { 2, 0.95, 2, 0.05 } }, m.pts)
    end)
    it("a sphere: one point", function()
      local m = manifold(floor, collide.sphere(2, 1.2, 2, 0.25))
      points_are({ { 2, 0.95, 2, 0.05 } }, m.pts)
      m = manifold(collide.sphere(2, 1.2, 2, 0.25), floor)
      assert.are.same({ 0, -1, 0 }, m.n)
      assert.are.equal(1, #m.pts)
    end)
    it("two spheres: one point midway in their overlap", function()
      local m = manifold(collide.sphere(0, 0, 0, 1), collide.sphere(1.5, 0, 0, 1))
      assert.are.same({ 1, 0, 0 }, m.n)
      points_are({ { 0.75, 0, 0, 0.5 } }, m.pts)
    end)
    it("parallel capsules: the overlap of their segments", function()
      local m = manifold(collide.capsule(0, 0, 0, 2, 0, 0, 0.5), collide.capsule(1, 0.9, 0, 3, 0.9, 0, 0.5))
      assert.are.same({ 0, 1, 0 }, m.n)
      points_are({ { 1, 0.4, 0, 0.1 }, { 2, 0.4, 0, 0.1 } }, m.pts)
    end)
    it("crossing capsules: one point", function()
      local m = manifold(collide.capsule(-1, 0, 0, 1, 0, 0, 0.5), collide.capsule(0, 0.9, -1, 0, 0.9, 1, 0.5))
      assert.are.same({ 0, 1, 0 }, m.n)
      points_are({ { 0, 0.45, 0, 0.1 } }, m.pts)
    end)
  end)

  describe("planes, triangles and hulls", function()
    it("a box on a plane: its four bottom corners, either order", function()
      local plane, box = collide.plane(0, 1, 0, 0), collide.aabb(-1, -0.25, -1, 1, 1.75, 1)
      local m = manifold(plane, box)
      assert.are.same({ 0, 1, 0 }, m.n)
      points_are({ { -1, -0.25, -1, 0.25 }, { 1, -0.25, -1, 0.25 }, { 1, -0.25, 1, 0.25 }, { -1, -0.25, 1, 0.25 } },
        m.pts)
      m = manifold(box, plane)
      assert.are.same({ 0, -1, 0 }, m.n)
      assert.are.equal(4, #m.pts)
    end)
    it("a box on a triangle: the part of its face over the triangle", function()
      local tri = collide.triangle(0, 0, 0, 4, 0, 0, 0, 0, 4)
      local m = manifold(tri, collide.aabb(0.5, -0.1, 0.5, 1.5, 0.9, 1.5))
      assert.are.same({ 0, 1, 0 }, m.n)
      points_are({ { 0.5, -0.1, 0.5, 0.1 }, { 1.5, -0.1, 0.5, 0.1 }, { 1.5, -0.1, 1.5, 0.1 }, { 0.5, -0.1, 1.5, 0.1 } },
        m.pts)
    end)
    it("a hull resting on a box-shaped hull: the four corners, either reference", function()
      local slab = collide.hull({ 0, 0, 0, 4, 0, 0, 0, 0, 4, 4, 0, 4, 0, 1, 0, 4, 1, 0, 0, 1, 4, 4, 1, 4 })
      local box = collide.aabb(1, 0.9, 1, 2, 1.9, 2)
      local m = manifold(slab, box)
      assert.are.same({ 0, 1, 0 }, m.n)
      points_are({ { 1, 0.9, 1, 0.1 }, { 2, 0.9, 1, 0.1 }, { 2, 0.9, 2, 0.1 }, { 1, 0.9, 2, 0.1 } }, m.pts)
      m = manifold(box, slab)
      assert.are.same({ 0, -1, 0 }, m.n)
      points_are({ { 1, 1, 1, 0.1 }, { 2, 1, 1, 0.1 }, { 2, 1, 2, 0.1 }, { 1, 1, 2, 0.1 } }, m.pts)
    end)
    it("a tetrahedron's acute edge clips by its real side faces", function()
      -- a wedge whose top face (y = 1, z from 0 to 1) meets a sloping face at
      -- an acute edge: points below the top face past the slope are outside it
      local wedge = collide.hull({ 0, 0, 0, 4, 0, 0, 0, 1, 0, 4, 1, 0, 0, 1, 1, 4, 1, 1 })
      local box = collide.aabb(1, 0.5, -1, 2, 1.5, 2)
      local m = manifold(wedge, box)
      assert.are.same({ 0, 1, 0 }, m.n)
      for _, p in ipairs(m.pts) do
        assert.is_true(wedge:distance({ p.x, p.y, p.z }) <= 1e-12)
      end
    end)
  end)

  describe("meshes and heightfields", function()
    -- a floor of 8 x 8 cells, two triangles each, at y = 0
    local mesh, hf = floor_of(8)
    local box = collide.aabb(1.5, -0.2, 1.25, 4.5, 1, 3.75)
    local corners = { { 1.5, -0.2, 1.25, 0.2 }, { 4.5, -0.2, 1.25, 0.2 }, { 4.5, -0.2, 3.75, 0.2 },
                      { 1.5, -0.2, 3.75, 0.2 } }
    it("a box over many triangles: its four corners", function()
      local m = manifold(mesh, box)
      assert.are.same({ 0, 1, 0 }, m.n)
      points_are(corners, m.pts)
      m = manifold(hf, box)
      assert.are.same({ 0, 1, 0 }, m.n)
      points_are(corners, m.pts)
    end)
    it("the shape first: the normal reversed, the same four corners", function()
      -- the triangles are the reference faces in either order
      for _, set in ipairs { mesh, hf } do
        local m = manifold(box, set)
        assert.are.same({ 0, -1, 0 }, m.n)
        points_are(corners, m.pts)
      end
    end)
    it("a sphere: one point; apart: nil", function()
      local m = manifold(mesh, collide.sphere(2.5, 0.4, 2.5, 0.5))
      points_are({ { 2.5, -0.1, 2.5, 0.1 } }, m.pts)
      assert.is_nil(collide.manifold(mesh, collide.sphere(2.5, 0.6, 2.5, 0.5)))
      assert.is_nil(collide.manifold(collide.sphere(2.5, 0.6, 2.5, 0.5), hf))
    end)
    it("on bumpy ground, random shapes: contact's normal, points in the shape and on or under the triangles", function()
      local r = H.rng(77)
      local bumps = {}
      for k = 1, 81 do bumps[k] = r(0, 0.3) end
      local ground = collide.heightfield(bumps, 9, 9)
      local tris = {}
      for i = 1, ground:count() do tris[i] = ground:triangle(i) end
      local makers = {
        function(x, z) return collide.aabb(x - 0.6, 0, z - 0.4, x + 0.6, 1, z + 0.4) end,
        function(x, z) return collide.obb(x, 0.5, z, 0.7, 0.5, 0.3, r(-1, 1), r(-1, 1), r(-1, 1), r(0.1, 1)) end,
        function(x, z) return collide.sphere(x, 0.5, z, r(0.2, 0.8)) end,
        function(x, z) return collide.capsule(x - 0.5, 0.5, z, x + 0.5, 0.5 + r(-0.2, 0.2), z + 0.3, 0.3) end,
        function(x, z)
          return collide.hull({ { -0.5, -0.5, -0.5 }, { 0.5, -0.5, -0.4 }, { 0, 0.5, 0 }, { 0.1, -0.4, 0.5 },
            { -0.3, 0.2, 0.4 } }, { x, 0.5, z })
        end,
      }
      local checked = 0
      for _ = 1, 300 do
        local s = makers[math.floor(r(1, 6))](r(1, 7), r(1, 7))
        -- lowered until it rests a little into the ground
        local _, y0 = s:bounds():min()
        s:translate(0, -y0 + r(0, 0.3), 0)
        checked = checked + both_orders(ground, s, function(p, depth)
          local at = { p.x, p.y, p.z }
          assert.is_true(p.depth >= 0 and p.depth < 0.5, ("depth %.17g of %.17g, %s"):format(p.depth, depth, tostring(s)))
          assert.is_true(s:distance(at) <= 1e-9, "point outside the shape")
          local near = math.huge
          for _, t in ipairs(tris) do near = math.min(near, t:distance(at)) end
          assert.is_true(near <= p.depth + 1e-9, ("point %.17g from the ground, depth %.17g"):format(near, p.depth))
        end)
      end
      assert.is_true(checked > 300, checked .. " contacts")
    end)
    it("errors", function()
      assert.has_error(function() collide.manifold(mesh, mesh) end,
        "bad argument #2 to 'manifold' (mesh-mesh contact is not supported)")
      assert.has_error(function() collide.manifold(hf, mesh) end,
        "bad argument #2 to 'manifold' (heightfield-heightfield and heightfield-mesh contacts are not supported)")
      assert.has_error(function() collide.manifold(mesh, collide.triangle(0, 0, 0, 1, 0, 0, 0, 0, 1)) end,
        "bad argument #2 to 'manifold' (triangle-triangle contact is not supported)")
      assert.has_error(function() collide.manifold(collide.ray(0, 0, 0, 1, 0, 0), hf) end,
        "bad argument #1 to 'manifold' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got collide.ray)")
    end)
  end)

  describe("compounds against meshes and heightfields", function()
    -- a floor of 4 x 4 cells at y = 0 over x, z in [0, 4]
    local mesh, hf = floor_of(4)

    it("a crate with a long leg past the floor's edge: the points of the legs standing on it", function()
      -- a body on four legs, one of them long; the crate is sunk 0.06
      -- into the floor, its long leg reaching 1.2 below it past the edge
      -- at x = 0: that leg touches the floor's edge only, pushed sideways
      -- by 0.05, and adds nothing along the contact's normal
      local crate = collide.compound({ collide.aabb(0, 0.5, 0, 2, 1.5, 2),
        collide.aabb(0, -1.14, 0, 0.2, 0.5, 0.2), collide.aabb(1.8, 0, 0, 2, 0.5, 0.2),
        collide.aabb(0, 0, 1.8, 0.2, 0.5, 2), collide.aabb(1.8, 0, 1.8, 2, 0.5, 2) }, { -0.15, -0.06, 1.3 })
      local feet = { { 1.65, -0.06, 1.3, 0.06 }, { 1.85, -0.06, 1.3, 0.06 }, { 1.85, -0.06, 3.3, 0.06 },
                     { 1.65, -0.06, 3.3, 0.06 } }
      for _, ground in ipairs { mesh, hf } do
        local nx, ny, nz, depth = collide.contact(crate, ground)
        assert.are.same({ 0, -1, 0, 0.06 }, { nx, ny, nz, depth })
        local m = manifold(crate, ground)
        assert.are.same({ 0, -1, 0 }, m.n)
        points_are(feet, m.pts)
        assert.are.same({ 1.6500000000000001, -0.06, 3.3, 0.06 },
          { m.pts[1].x, m.pts[1].y, m.pts[1].z, m.pts[1].depth })
        m = manifold(ground, crate)
        assert.are.same({ 0, 1, 0 }, m.n)
        points_are(feet, m.pts)
      end
    end)

    it("random compounds: every point no deeper than collide.contact's depth, and in the compound", function()
      local r = H.rng(4242)
      local bumps = {}
      for k = 1, 81 do bumps[k] = r(0, 0.5) end
      local ground = collide.heightfield(bumps, 9, 9, 1, 1, { -4, 0, -4 })
      local sets = { collide.mesh({ -5, 0, -5, 5, 0, -5, 5, 0, 5, -5, 0, 5 }, { 1, 3, 2, 1, 4, 3 }), ground, collide.triangle(-5, 0, -5, 5, 0, 5, 5, 0, -5) }
      local function child()
        local x, y, z, kind = r(-2, 2), r(-1.5, 1.5), r(-2, 2), math.floor(r(1, 5))
        if kind == 1 then return collide.aabb(x, y, z, x + r(0.1, 1.5), y + r(0.1, 1.5), z + r(0.1, 1.5)) end
        if kind == 2 then return collide.sphere(x, y, z, r(0.1, 1)) end
        if kind == 3 then
          return collide.obb(x, y, z, r(0.1, 1), r(0.1, 1), r(0.1, 1), r(-1, 1), r(-1, 1), r(-1, 1), r(0.1, 1))
        end
        return collide.capsule(x, y, z, x + r(-1, 1), y + r(-1, 1), z + r(-1, 1), r(0.1, 0.5))
      end
      local checked = 0
      for _ = 1, 600 do
        local parts = {}
        for k = 1, math.floor(r(1, 5)) do parts[k] = child() end
        local k = collide.compound(parts)
        for _, set in ipairs(sets) do
          checked = checked + both_orders(set, k, function(p, depth)
            assert.is_true(p.depth >= 0 and p.depth <= depth * (1 + 1e-9),
              ("depth %.17g of %.17g: %s %s"):format(p.depth, depth, tostring(k), tostring(set)))
            assert.is_true(k:distance({ p.x, p.y, p.z }) <= 1e-9, "point outside the compound")
          end)
        end
      end
      assert.is_true(checked > 1500, checked .. " contacts")
    end)
  end)

  describe("errors", function()
    local box = collide.aabb(0, 0, 0, 1, 1, 1)
    it("rays, plane with plane, triangle with triangle", function()
      assert.has_error(function() collide.manifold(collide.ray(0, 0, 0, 1, 0, 0), box) end,
        "bad argument #1 to 'manifold' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got collide.ray)")
      assert.has_error(function() collide.manifold(box, collide.ray(0, 0, 0, 1, 0, 0)) end,
        "bad argument #2 to 'manifold' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got collide.ray)")
      assert.has_error(function() collide.manifold(collide.plane(0, 1, 0, 0), collide.plane(0, 1, 0, 1)) end,
        "bad argument #2 to 'manifold' (plane-plane contact is not supported)")
      local tri = collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0)
      assert.has_error(function() collide.manifold(tri, tri:clone():translate(9, 9, 9)) end,
        "bad argument #2 to 'manifold' (triangle-triangle contact is not supported)")
    end)
    it("no value and other types", function()
      assert.has_error(function() collide.manifold(box) end,
        "bad argument #2 to 'manifold' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got no value)")
      assert.has_error(function() collide.manifold({}, box) end,
        "bad argument #1 to 'manifold' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got table)")
      assert.has_error(function() collide.manifold(1, box) end,
        "bad argument #1 to 'manifold' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got number)")
    end)
  end)

  describe("random pairs", function()
    -- a random box-like hull beside the generator's kinds
    local function hull_maker(r)
      return function()
        local x, y, z = r(-1, 1), r(-1, 1), r(-1, 1)
        local pts = {}
        for _ = 1, 12 do pts[#pts + 1] = { x + r(-1, 1), y + r(-1, 1), z + r(-1, 1) } end
        return collide.hull(pts)
      end
    end
    -- the shape's distance to p: 0 inside a solid; for a triangle or a
    -- plane, how far p lies from the surface
    local function gap(s, p)
      local d = s:distance({ p.x, p.y, p.z })
      return s:type() == "plane" and abs(d) or d
    end

    it("normal as contact's; every point in both shapes (shallow) or near both (deep)", function()
      local r = H.rng(20261128)
      local makers = H.shape_makers(r, 1, 0.05)
      makers.hull = hull_maker(r)
      makers.ray = nil
      local kinds = { "aabb", "obb", "sphere", "triangle", "capsule", "hull", "plane" }
      local checked, multi = 0, 0
      for _ = 1, 3000 do
        local ka, kb = kinds[math.floor(r(1, 8))], kinds[math.floor(r(1, 8))]
        if not ((ka == "triangle" and kb == "triangle") or (ka == "plane" and kb == "plane")) then
          local a, b = makers[ka](), makers[kb]()
          local nx, ny, nz, depth = collide.contact(a, b)
          if nx and depth > 0.02 and r(0, 1) < 0.8 then
            -- mostly made shallow: b moved out along the normal
            local back = depth - r(0, 0.02)
            b:translate(nx * back, ny * back, nz * back)
            nx, ny, nz, depth = collide.contact(a, b)
          end
          local m = manifold(a, b)
          if nx == nil then
            assert.is_nil(m)
          else
            assert.are.same({ nx, ny, nz }, m.n)
            assert.is_true(#m.pts >= 1 and #m.pts <= 4)
            if #m.pts > 1 then multi = multi + 1 end
            local tol = 1e-9
            for _, p in ipairs(m.pts) do
              assert.is_true(p.depth >= 0 and p.depth <= depth + tol,
                ("depth %.17g of %.17g: %s %s"):format(p.depth, depth, tostring(a), tostring(b)))
              local ga, gb = gap(a, p), gap(b, p)
              -- a solid holds the point, a surface is within its depth; a
              -- deep point (past a shape's thickness) is within the depth of both
              local deep = depth > 0.05
              local sa = (deep or ka == "triangle" or ka == "plane") and p.depth or 0
              local sb = (deep or kb == "triangle" or kb == "plane") and p.depth or 0
              assert.is_true(ga <= sa + tol and gb <= sb + tol,
                ("point %s off by %g, %g: %s %s"):format(key(p), ga, gb, tostring(a), tostring(b)))
            end
            for i = 1, #m.pts do
              for j = i + 1, #m.pts do assert.is_true(key(m.pts[i]) ~= key(m.pts[j])) end
            end
            checked = checked + 1
          end
        end
      end
      assert.is_true(checked > 1000 and multi > 100, ("%d pairs, %d with several points"):format(checked, multi))
    end)

    it("a box resting on a box's face against sampled points of the touching face", function()
      local r = H.rng(7)
      local N = 40
      for _ = 1, 200 do
        -- a: a box under any rotation; b: a box with a face against a's top
        -- face, turned about its normal, its face d into a
        local qa = { r(-1, 1), r(-1, 1), r(-1, 1), r(0.1, 1) }
        local a = collide.obb(0, 0, 0, r(0.5, 2), r(0.5, 2), r(0.5, 2), qa)
        local u = { a:axes() }
        local ax, ay, az = { u[1], u[2], u[3] }, { u[4], u[5], u[6] }, { u[7], u[8], u[9] }
        local ea = { a:half_extents() }
        local d, yaw = r(0, 0.05), r(0, math.pi)
        local eb = { r(0.2, 2), r(0.2, 1), r(0.2, 2) }
        local ox, oz = r(-2, 2), r(-2, 2)
        -- b's axes: a's x and z turned by yaw about a's y
        local c, s = math.cos(yaw), math.sin(yaw)
        local bx = { c * ax[1] - s * az[1], c * ax[2] - s * az[2], c * ax[3] - s * az[3] }
        local bz = { s * ax[1] + c * az[1], s * ax[2] + c * az[2], s * ax[3] + c * az[3] }
        local h = ea[2] + eb[2] - d
        local centre = { ox * ax[1] + h * ay[1] + oz * az[1], ox * ax[2] + h * ay[2] + oz * az[2],
                         ox * ax[3] + h * ay[3] + oz * az[3] }
        local b = collide.obb_from_axes(centre, eb, bx, ay, bz)
        local m = manifold(a, b)
        -- the brute force: b's bottom face sampled on a grid, the samples over a's top face
        local inside, top = {}, ea[2]
        for i = 0, N do
          for j = 0, N do
            local su, sw = (2 * i / N - 1) * eb[1], (2 * j / N - 1) * eb[3]
            local p = {}
            for k = 1, 3 do p[k] = centre[k] + su * bx[k] - eb[2] * ay[k] + sw * bz[k] end
            local lx = p[1] * ax[1] + p[2] * ax[2] + p[3] * ax[3]
            local lz = p[1] * az[1] + p[2] * az[2] + p[3] * az[3]
            if abs(lx) <= ea[1] and abs(lz) <= ea[3] then inside[#inside + 1] = { x = p[1], y = p[2], z = p[3] } end
          end
        end
        if #inside >= 3 and m then
          H.assert_near(ay, m.n, 1e-12)
          for _, p in ipairs(m.pts) do
            -- on b's face, over a's top face, d deep
            local ly = p.x * ay[1] + p.y * ay[2] + p.z * ay[3]
            assert.is_true(abs(ly - (top - d)) <= 1e-9 and abs(p.depth - d) <= 1e-9,
              ("point at %.17g, depth %.17g; want %.17g, %.17g"):format(ly, p.depth, top - d, d))
            assert.is_true(a:distance({ p.x, p.y, p.z }) <= 1e-9 and b:distance({ p.x, p.y, p.z }) <= 1e-9)
          end
          -- the samples' convex hull (Andrew's monotone chain) in the face's
          -- coordinates along a's x and z axes
          local q = {}
          for i, p in ipairs(inside) do
            q[i] = { u = p.x * ax[1] + p.y * ax[2] + p.z * ax[3], v = p.x * az[1] + p.y * az[2] + p.z * az[3], p = p }
          end
          table.sort(q, function(s1, s2) return s1.u < s2.u or (s1.u == s2.u and s1.v < s2.v) end)
          local function cross(o, s1, s2) return (s1.u - o.u) * (s2.v - o.v) - (s1.v - o.v) * (s2.u - o.u) end
          local hull2 = {}
          for pass = 1, 2 do
            local base = #hull2
            for i = (pass == 1 and 1 or #q), (pass == 1 and #q or 1), (pass == 1 and 1 or -1) do
              while #hull2 >= base + 2 and cross(hull2[#hull2 - 1], hull2[#hull2], q[i]) <= 0 do
                hull2[#hull2] = nil
              end
              hull2[#hull2 + 1] = q[i]
            end
            hull2[#hull2] = nil
          end
          local hullpts = {}
          for i, h2 in ipairs(hull2) do hullpts[i] = h2.p end
          local sampled = abs(polygon_area(ay, hullpts))
          local got = abs(polygon_area(ay, m.pts))
          assert.is_true(#m.pts >= 3 and got >= 0.5 * sampled,
            ("%d points, area %g against %g sampled"):format(#m.pts, got, sampled))
        end
      end
    end)
  end)
end)
