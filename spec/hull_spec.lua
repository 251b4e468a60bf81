-- collide.hull: construction (quickhull) checked by brute force, the
-- accessors, and exact answers on the edge cases of every query.
local collide = require "collide"
local H = require "helpers"
local R = require "ref"

local abs, sqrt = math.abs, math.sqrt

-- the eight corners of [-s, s]^3 (flat), plus extra points
local function cube(s, extra)
  local pts = {}
  for i = 0, 7 do
    pts[#pts + 1] = i % 2 == 1 and s or -s
    pts[#pts + 1] = math.floor(i / 2) % 2 == 1 and s or -s
    pts[#pts + 1] = math.floor(i / 4) % 2 == 1 and s or -s
  end
  for _, p in ipairs(extra or {}) do
    pts[#pts + 1], pts[#pts + 2], pts[#pts + 3] = p[1], p[2], p[3]
  end
  return pts
end

-- the faces as a set of "nx ny nz d" strings
local function faces(h)
  local out = {}
  for i = 1, h:face_count() do
    out[#out + 1] = ("%g %g %g %g"):format(h:face(i))
  end
  table.sort(out)
  return out
end

local function edge_count(h)
  local n = 0
  for i = 1, h:face_count() do n = n + #h:face_vertices(i) end
  return n / 2
end

-- brute force: every point inside or on every face plane (within tol),
-- every vertex an input point, each face's vertices on its plane,
-- V - E + F = 2, each edge in exactly two faces in opposite directions
local function check_hull(h, pts, tol)
  local V, F = h:vertex_count(), h:face_count()
  local used = {}
  for i = 1, V do
    local x, y, z = h:vertex(i)
    local found = false
    for k = 1, #pts do
      local p = pts[k]
      if p[1] == x and p[2] == y and p[3] == z then found = true break end
    end
    assert.is_true(found, "vertex " .. i .. " is not an input point")
  end
  local directed = {}
  for f = 1, F do
    local nx, ny, nz, d = h:face(f)
    assert.is_true(abs(sqrt(nx * nx + ny * ny + nz * nz) - 1) < 1e-12)
    for k = 1, #pts do
      local p = pts[k]
      assert.is_true(nx * p[1] + ny * p[2] + nz * p[3] - d <= tol, "point " .. k .. " above face " .. f)
    end
    local vs = h:face_vertices(f)
    assert.is_true(#vs >= 3)
    for k, v in ipairs(vs) do
      local x, y, z = h:vertex(v)
      assert.is_true(abs(nx * x + ny * y + nz * z - d) <= tol, "vertex off face " .. f)
      used[v] = true
      local key = v .. ">" .. vs[k % #vs + 1]
      assert.is_nil(directed[key], "edge twice in one direction")
      directed[key] = true
    end
  end
  local E = 0
  for key in pairs(directed) do
    local a, b = key:match("(%d+)>(%d+)")
    assert.is_true(directed[b .. ">" .. a], "edge in one face only")
    E = E + 0.5
  end
  for i = 1, V do assert.is_true(used[i], "vertex in no face") end
  assert.are.equal(2, V - E + F)
  assert.are.equal(E, edge_count(h))
end

describe("collide.hull", function()
  describe("construction", function()
    it("keeps a cube's corners and six faces, dropping duplicates and points on it", function()
      local h = collide.hull(cube(1, { { 1, 0, 0 }, { 1, 1, 0 }, { 0, 0, 0 }, { 1, 1, 1 }, { -1, -1, -1 },
                                       { 0.5, 1, -0.25 }, { 0, 0, 1 } }))
      assert.are.equal(8, h:vertex_count())
      assert.are.equal(6, h:face_count())
      assert.are.equal(12, edge_count(h))
      assert.are.same({ "-1 0 0 1", "0 -1 0 1", "0 0 -1 1", "0 0 1 1", "0 1 0 1", "1 0 0 1" }, faces(h))
      for f = 1, 6 do assert.are.equal(4, #h:face_vertices(f)) end
    end)

    it("merges nearly coplanar points into the faces", function()
      local extra = {}
      for i = 1, 20 do
        local u, v = (i % 5) / 5 - 0.4, math.floor(i / 5) / 5 - 0.4
        extra[#extra + 1] = { 1 + (i % 2 == 0 and 1e-12 or -1e-12), u, v }
        extra[#extra + 1] = { u, v, -1 - 1e-13 }
      end
      local pts = cube(1, extra)
      local h = collide.hull(pts)
      assert.are.equal(8, h:vertex_count())
      assert.are.equal(6, h:face_count())
      local list = {}
      for i = 1, #pts, 3 do list[#list + 1] = { pts[i], pts[i + 1], pts[i + 2] } end
      check_hull(h, list, 1e-11)
    end)

    it("builds a tetrahedron and a triangular prism", function()
      local t = collide.hull({ 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1 })
      assert.are.equal(4, t:vertex_count())
      assert.are.equal(4, t:face_count())
      local p = collide.hull({ 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 1, 0, 2, 0, 1, 2, 0.5, 0, 1 })
      assert.are.equal(6, p:vertex_count())
      assert.are.equal(5, p:face_count())
      assert.are.equal(9, edge_count(p))
    end)

    it("takes an array of vectors and an x, y, z form", function()
      local h = collide.hull({ { 0, 0, 0 }, { x = 1, y = 0, z = 0 }, { 0, 1, 0 }, { 0, 0, 1 } })
      assert.are.equal(4, h:vertex_count())
    end)

    it("works at huge and tiny coordinates", function()
      for _, s in ipairs { 1e300, 1e-300, 1e-10, 1e10 } do
        local h = collide.hull(cube(s))
        assert.are.equal(8, h:vertex_count())
        assert.are.equal(6, h:face_count())
        local nx, ny, nz, d = h:face(1)
        assert.are.equal(s, d)
        assert.are.equal(1, abs(nx) + abs(ny) + abs(nz))
      end
      -- far from the origin
      local pts = cube(1)
      for i = 1, #pts do pts[i] = pts[i] + 1e6 end
      local h = collide.hull(pts)
      assert.are.equal(8, h:vertex_count())
      assert.is_true(h:contains(1e6, 1e6, 1e6))
      assert.is_false(h:contains(1e6 + 1.001, 1e6, 1e6))
    end)

    it("matches brute force on random clouds", function()
      local g = R.rng(2024)
      for case = 1, 60 do
        local pts, flat = {}, {}
        local n = g.int(40) + 3
        local shape = case % 3
        for _ = 1, n do
          local p
          if shape == 0 then p = g.point(-1, 1)
          elseif shape == 1 then p = R.scale(g.unit(), 2)                      -- on a sphere
          else p = { g.uniform(-1, 1), g.uniform(-1, 1), g.int(2) == 1 and 0.5 or -0.5 } end  -- two planes
          if g.chance(0.1) and #pts > 0 then p = pts[g.int(#pts)] end       -- duplicates
          pts[#pts + 1] = p
          flat[#flat + 1], flat[#flat + 2], flat[#flat + 3] = p[1], p[2], p[3]
        end
        local ok, h = pcall(collide.hull, flat)
        if ok then
          check_hull(h, pts, 1e-8)
          -- every point of the cloud contained, and the hull no larger than the cloud
          for _, p in ipairs(pts) do assert.is_true(h:contains(p[1], p[2], p[3]) or h:distance(p[1], p[2], p[3]) < 1e-8) end
        else
          assert.are.equal("bad argument #1 to 'hull' (points span no volume)", h:gsub("^[^:]*:%d+: ", ""))
        end
      end
    end)

    it("builds nearly flat sets or calls them flat, never fails otherwise", function()
      local g = R.rng(17)
      local built = 0
      for case = 1, 600 do
        local pts = {}
        local thick = 10 ^ (-g.int(14))
        for i = 1, g.int(40) + 4 do
          if case % 2 == 0 then
            local u = g.unit()
            pts[i] = { u[1], u[2], u[3] * thick }
          else
            pts[i] = { g.int(5), g.int(5), g.int(2) * thick }
          end
        end
        local ok, h = pcall(collide.hull, pts)
        if ok then
          built = built + 1
          local E = edge_count(h)
          assert.are.equal(2, h:vertex_count() - E + h:face_count())
          for f = 1, h:face_count() do
            local nx, ny, nz, d = h:face(f)
            for _, p in ipairs(pts) do assert.is_true(nx * p[1] + ny * p[2] + nz * p[3] <= d) end
          end
        else
          assert.are.equal("bad argument #1 to 'hull' (points span no volume)", (h:gsub("^[^:]*:%d+: ", "")))
        end
      end
      assert.is_true(built > 200)
    end)

    it("keeps every point inside on slivers (thin faces a million long)", function()
      local pts = { { 6.999999999908, -15, 1e6 }, { 10, 1.63486328125e-17, 1e6 }, { 1e-9, 1e6, 1e-9 },
                    { 1e-9, 1e6, 2.25390625 }, { -16, 0, 0 }, { 0, 0, 0 } }
      local h = collide.hull(pts)
      for f = 1, h:face_count() do
        local nx, ny, nz, d = h:face(f)
        for _, p in ipairs(pts) do assert.is_true(nx * p[1] + ny * p[2] + nz * p[3] <= d) end
      end
      local E = edge_count(h)
      assert.are.equal(2, h:vertex_count() - E + h:face_count())
    end)

    it("refuses point sets that span no volume", function()
      local msg = "bad argument #1 to 'hull' (points span no volume)"
      assert.has_error(function() collide.hull({}) end, msg)
      assert.has_error(function() collide.hull({ 0, 0, 0, 1, 0, 0, 0, 1, 0 }) end, msg)
      assert.has_error(function() collide.hull({ 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 5, 5, 0 }) end, msg)
      assert.has_error(function() collide.hull({ 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3 }) end, msg)
      assert.has_error(function() collide.hull({ 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3 }) end, msg)
      -- within the tolerance of a plane
      assert.has_error(function() collide.hull({ 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 1e-12 }) end, msg)
    end)

    it("refuses bad points and placements", function()
      assert.has_error(function() collide.hull() end, "bad argument #1 to 'hull' (table expected, got no value)")
      assert.has_error(function() collide.hull({ 0, 0, 0, 1, 0, "x", 0, 1, 0, 0, 0, 1 }) end,
        "bad argument #1 to 'hull' (number expected at index 6, got string)")
      assert.has_error(function() collide.hull({ 0, 0, 0, 1, 0, 0 / 0, 0, 1, 0, 0, 0, 1 }) end,
        "bad argument #1 to 'hull' (finite number expected at index 6, got nan)")
      assert.has_error(function() collide.hull({ 0, 0, 0, 1, 0, math.huge, 0, 1, 0, 0, 0, 1 }) end,
        "bad argument #1 to 'hull' (finite number expected at index 6, got inf)")
      assert.has_error(function() collide.hull({ 0, 0, 0, 1, 0 }) end,
        "bad argument #1 to 'hull' (vertex array length is not a multiple of 3)")
      assert.has_error(function() collide.hull({ { 0, 0, 0 }, { 1, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }) end,
        "bad argument #1 to 'hull' (vector expected at index 2, got table)")
      local tet = { 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1 }
      assert.has_error(function() collide.hull(tet, { 0, 0, 0 }, { 0, 0, 0, 0 }) end,
        "bad argument #3 to 'hull' (zero quaternion)")
      assert.has_error(function() collide.hull(tet, { 0, 0 / 0, 0 }) end,
        "bad argument #2 to 'hull' (finite number expected, got nan)")
      assert.has_error(function() collide.hull(tet, "x") end,
        "bad argument #2 to 'hull' (vector expected, got string)")
    end)

    it("refuses points whose faces the doubles cannot hold", function()
      local m = 1.7e308
      assert.has_error(function() collide.hull({ m, m, m, -m, m, m, m, -m, m, m, m, -m, -m, -m, -m }) end,
        "bad argument #1 to 'hull' (result is not finite)")
      assert.are.equal(4, collide.hull({ 0, 0, 0, 1e308, 0, 0, 0, 1e308, 0, 0, 0, 1e308 }):vertex_count())
    end)

    it("refuses hulls of more than 256 vertices", function()
      local pts, g = {}, R.rng(5)
      for _ = 1, 600 do
        local p = g.unit()
        pts[#pts + 1] = p
      end
      assert.has_error(function() collide.hull(pts) end,
        "bad argument #1 to 'hull' (hull has more than 256 vertices)")
    end)

    it("refuses the 50,000 points of a dense sphere as it refuses 600", function()
      -- a Fibonacci sphere: every point is a vertex of the points' hull;
      -- the faces are read in time linear in the triangles, so the call
      -- fails at once rather than after seconds
      local pts, n, golden = {}, 50000, math.pi * (3 - sqrt(5))
      for i = 0, n - 1 do
        local y = 1 - 2 * (i + 0.5) / n
        local r, t = sqrt(1 - y * y), golden * i
        pts[#pts + 1], pts[#pts + 2], pts[#pts + 3] = math.cos(t) * r, y, math.sin(t) * r
      end
      assert.has_error(function() collide.hull(pts) end,
        "bad argument #1 to 'hull' (hull has more than 256 vertices)")
    end)
  end)

  describe("accessors", function()
    local s2 = sqrt(0.5)
    it("places vertices and faces by its position and rotation", function()
      -- 90 degrees about z: local x goes to world y
      local h = collide.hull({ 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 1 }, { 10, 20, 30 }, { 0, 0, s2, s2 })
      H.assert_vals({ 10, 20, 30 }, 1e-15, h:position())
      H.assert_vals({ 0, 0, s2, s2 }, 1e-15, h:rotation())
      local far = { h:support(0, 1, 0) }
      H.assert_near({ 10, 22, 30 }, far, 1e-14)
      local found = false
      for i = 1, h:face_count() do
        local nx, ny, nz, d = h:face(i)
        if abs(nx) < 1e-15 and abs(ny + 1) < 1e-15 then
          found = true
          H.assert_near({ -20 }, { d }, 1e-14)     -- the plane y = 20, facing -y
        end
        assert.are.equal(0, nz == nz and 0 or 1)
      end
      assert.is_true(found)
      h:set_position(0, 0, 0)
      h:set_rotation(0, 0, 0, 1)
      H.assert_vals({ 2, 0, 0 }, 0, h:support(1, 0, 0))
      H.assert_vals({ 0.5, 0.25, 0.25 }, 1e-15, h:center())
    end)

    it("vertex(i) and face(i) refuse indices out of range", function()
      local h = collide.hull({ 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1 })
      assert.has_error(function() h:vertex(5) end, "bad argument #1 to 'vertex' (index out of range)")
      assert.has_error(function() h:face(0) end, "bad argument #1 to 'face' (index out of range)")
      assert.has_error(function() h:face(1.5) end, "bad argument #1 to 'face' (index out of range)")
      assert.has_error(function() h:set_rotation() end,
        "bad argument #1 to 'set_rotation' (quaternion expected, got no value)")
      assert.has_error(function() h:set_rotation(0, 0, 0, 0) end,
        "bad argument #1 to 'set_rotation' (zero quaternion)")
    end)

    it("tostring, ==, clone, set, translate, type, bounds", function()
      local h = collide.hull(cube(1), { 1, 2, 3 })
      assert.are.equal("hull(8 vertices, 6 faces, (1, 2, 3), (0, 0, 0, 1))", tostring(h))
      assert.are.equal("hull", h:type())
      assert.are.equal("hull", collide.type(h))
      local c = h:clone()
      assert.is_true(c == h)
      c:translate(1, 0, 0)
      assert.is_false(c == h)
      H.assert_vals({ 2, 2, 3 }, 0, c:position())
      H.assert_vals({ 1, 2, 3 }, 0, h:position())
      assert.is_true(collide.hull(cube(1), { 1, 2, 3 }) == h)
      local b = collide.aabb(0, 0, 0, 0, 0, 0)
      assert.are.equal(b, h:bounds(b))
      H.assert_vals({ 0, 1, 2 }, 0, b:min())
      H.assert_vals({ 2, 3, 4 }, 0, b:max())
      h:set({ 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1 }, { 5, 5, 5 })
      assert.are.equal(4, h:vertex_count())
      H.assert_vals({ 6, 5, 5 }, 0, h:vertex(2))
      assert.are.equal(8, c:vertex_count())
      collectgarbage()
      H.assert_vals({ 3, 3, 4 }, 0, c:vertex(8))
      assert.has_error(function() h:translate(math.huge, 0, 0) end,
        "bad argument #1 to 'translate' (finite number expected, got inf)")
    end)
  end)

  describe("queries", function()
    local unit = collide.hull(cube(1))
    -- a cube turned 45 degrees about z: an edge along z at x = sqrt(2)
    local s2 = sqrt(0.5)
    local turned = collide.hull(cube(1), nil, { 0, 0, math.sin(math.pi / 8), math.cos(math.pi / 8) })
    local tet = collide.hull({ 1, 0, 0, -1, 1, 0, -1, -1, 1, -1, -1, -1 })   -- a vertex at (1, 0, 0)

    it("ray:cast gives t, point and the normal facing the ray", function()
      H.assert_vals({ 4, -1, 0.5, 0.25, -1, 0, 0 }, 0, collide.ray(-5, 0.5, 0.25, 1, 0, 0):cast(unit))
      H.assert_vals({ 3, 0.5, 1, 0, 0, 1, 0 }, 0, collide.ray(0.5, 4, 0, 0, -1, 0):cast(unit))
      -- origin inside: t = 0, the origin, -direction
      H.assert_vals({ 0, 0.5, 0, 0, -1, -0, -0 }, 0, collide.ray(0.5, 0, 0, 1, 0, 0):cast(unit))
      -- on a face, going in: t = 0 and the face's normal
      H.assert_vals({ 0, 1, 0, 0, 1, 0, 0 }, 0, collide.ray(1, 0, 0, -1, 0, 0):cast(unit))
      -- along a face (touching): enters through the near face
      H.assert_vals({ 4, -1, 1, 0, -1, 0, 0 }, 0, collide.ray(-5, 1, 0, 1, 0, 0):cast(unit))
      -- misses: beside, pointing away, too short
      assert.is_nil(collide.ray(-5, 1.5, 0, 1, 0, 0):cast(unit))
      assert.is_nil(collide.ray(-5, 0, 0, -1, 0, 0):cast(unit))
      assert.is_nil(collide.ray(-5, 0, 0, 1, 0, 0, 3.9):cast(unit))
      -- onto the turned cube's edge
      local t, x, y, z, nx, ny = collide.ray(5, 0, 0, -1, 0, 0):cast(turned)
      H.assert_near({ 5 - sqrt(2), sqrt(2), 0, 0 }, { t, x, y, z }, 1e-15)
      assert.is_true(abs(abs(nx) - s2) < 1e-15 and abs(abs(ny) - s2) < 1e-15 and nx > 0)
    end)

    it("intersects: touching faces, edges and vertices count, gaps do not", function()
      assert.is_true(unit:intersects(collide.aabb(1, -1, -1, 2, 1, 1)))
      assert.is_false(unit:intersects(collide.aabb(1 + 1e-9, -1, -1, 2, 1, 1)))
      assert.is_true(unit:intersects(collide.aabb(1, 1, 1, 2, 2, 2)))                -- corner to corner
      assert.is_true(unit:intersects(collide.hull(cube(1), { 2, 2, 0 })))           -- edge to edge
      assert.is_false(unit:intersects(collide.hull(cube(1), { 2, 2 + 1e-9, 0 })))
      assert.is_true(tet:intersects(collide.sphere(2, 0, 0, 1)))                   -- sphere on the vertex
      assert.is_false(tet:intersects(collide.sphere(2 + 1e-9, 0, 0, 1)))
      assert.is_true(turned:intersects(collide.capsule(sqrt(2) + 1, -3, 0, sqrt(2) + 1, 3, 0, 1)))
      assert.is_false(turned:intersects(collide.capsule(sqrt(2) + 1.001, -3, 0, sqrt(2) + 1, 3, 0, 1)))
      assert.is_true(unit:intersects(collide.plane(1, 0, 0, 1)))
      assert.is_false(unit:intersects(collide.plane(1, 0, 0, 1 + 1e-12)))
      assert.is_true(unit:intersects(collide.triangle(1, 0, 0, 3, 0, 0, 3, 1, 0)))
      assert.is_false(unit:intersects(collide.triangle(1.001, 0, 0, 3, 0, 0, 3, 1, 0)))
      assert.is_true(unit:intersects(collide.triangle(5, 5, 5, 5, 5, 5, 0, 0, 0)))  -- degenerate, through
      assert.is_true(unit:intersects(collide.segment(-5, 0, 0, 5, 0, 0)))
      assert.is_true(unit:intersects(collide.sphere(0, 0, 0, 0.1)))                 -- inside
      assert.is_true(collide.sphere(0, 0, 0, 5):intersects(unit))                   -- around
      -- two tetrahedra edge to edge, crossing
      local a = collide.hull({ -1, 0, 0, 1, 0, 0, 0, -1, -1, 0, 1, -1 })
      local b = collide.hull({ 0, -1, 0, 0, 1, 0, -1, 0, 1, 1, 0, 1 })
      assert.is_true(a:intersects(b))
      b:translate(0, 0, 1e-9)
      assert.is_false(a:intersects(b))
    end)

    it("contact: depth and normal from the first to the second", function()
      H.assert_vals({ 1, 0, 0, 0.5 }, 0, collide.contact(unit, collide.aabb(0.5, -0.5, -0.5, 2, 0.5, 0.5)))
      H.assert_vals({ -1, 0, 0, 0.5 }, 0, collide.contact(collide.aabb(0.5, -0.5, -0.5, 2, 0.5, 0.5), unit))
      H.assert_vals({ 1, 0, 0, 0 }, 0, collide.contact(unit, collide.sphere(2, 0, 0, 1)))
      H.assert_vals({ 0, 0, 1, 1.5 }, 0, collide.contact(unit, collide.sphere(0, 0, 0.5, 1)))
      H.assert_vals({ 0, 1, 0, 0.25 }, 1e-15, collide.contact(unit, collide.plane(0, 1, 0, 0.75)))
      H.assert_vals({ 1, 0, 0, 0.5 }, 1e-15, collide.contact(unit, collide.capsule(1.5, 0, 0, 1.5, 0, 2, 1)))
      local n = { collide.contact(unit, collide.hull(cube(1), { 1.75, 0.5, 0 })) }
      H.assert_near({ 1, 0, 0, 0.25 }, n, 1e-15)
      assert.is_nil(collide.contact(unit, collide.sphere(3, 0, 0, 1)))
    end)

    it("distance and closest points", function()
      H.assert_vals({ 1, 1, 0, 0, 2, 0, 0 }, 1e-15, collide.distance(unit, collide.sphere(3, 0, 0, 1)))
      H.assert_vals({ 1 }, 0, unit:distance(2, 0.5, 0.5))
      H.assert_vals({ sqrt(3) }, 1e-15, unit:distance(2, 2, 2))
      H.assert_vals({ 1, 1, 1 }, 0, unit:closest_point(2, 2, 2))
      H.assert_vals({ 1, 0.5, -0.25 }, 0, unit:closest_point(3, 0.5, -0.25))
      H.assert_vals({ 0.5, 0.5, 0.5 }, 0, unit:closest_point(0.5, 0.5, 0.5))   -- inside: itself
      H.assert_vals({ 0 }, 0, unit:distance(0.5, 0.5, 0.5))
      local d = collide.distance(unit, collide.hull(cube(1), { 4, 0, 0 }))
      assert.are.equal(2, d)
      assert.are.equal(0, (collide.distance(unit, collide.hull(cube(1), { 1.5, 0, 0 }))))
      H.assert_near({ 1 }, { tet:distance(2, 0, 0) }, 1e-15)
    end)

    it("answers at huge and tiny coordinates", function()
      local big, tiny = collide.hull(cube(1e300)), collide.hull(cube(1e-300))
      -- tiny values compared after scaling by 1e300 (H.near is absolute below 1)
      local function up(...)
        local out = { ... }
        for i = 1, #out do out[i] = out[i] * 1e300 end
        return out
      end
      H.assert_near({ 9, -1, 0, 0, -1e300, 0, 0 }, up(collide.ray(-1e-299, 0, 0, 1, 0, 0):cast(tiny)), 1e-15)
      H.assert_vals({ 4e300, -1e300, 0, 0, -1, 0, 0 }, 0, collide.ray(-5e300, 0, 0, 1, 0, 0):cast(big))
      assert.is_true(tiny:contains(1e-300, 0, 0))
      assert.is_false(tiny:contains(1.0001e-300, 0, 0))
      H.assert_near({ 1, 1, 0 }, up(tiny:closest_point(3e-300, 2e-300, 0)), 1e-15)
      H.assert_near({ sqrt(5) }, up(tiny:distance(3e-300, 2e-300, 0)), 1e-15)
      assert.is_true(big:intersects(collide.aabb(1e300, -1, -1, 1.5e300, 1, 1)))
      assert.is_false(big:intersects(collide.aabb(1.0001e300, -1, -1, 1.5e300, 1, 1)))
      H.assert_near({ 1e300, 1e300, 0, 0, 2e300, 0, 0 }, { collide.distance(big, collide.sphere(3e300, 0, 0, 1e300)) }, 1e-15)
      H.assert_near({ sqrt(5) * 1e300 }, { big:distance(3e300, 2e300, 0) }, 1e-15)
      assert.is_false(big:intersects(collide.sphere(3e300, 0, 0, 1.5e300)))
      assert.is_true(big:intersects(collide.sphere(3e300, 0, 0, 2e300)))
      H.assert_near({ 1, 0, 0, 5e299 }, { collide.contact(big, collide.aabb(0.5e300, -1, -1, 1.5e300, 1, 1)) }, 1e-15)
    end)

    it("contains: inside and on the surface", function()
      assert.is_true(unit:contains(0, 0, 0))
      assert.is_true(unit:contains(1, 1, 1))
      assert.is_true(unit:contains(1, 0.3, -0.2))
      assert.is_false(unit:contains(1 + 1e-9, 0, 0))
      assert.is_true(turned:contains(sqrt(2) - 1e-9, 0, 0))
      assert.is_false(turned:contains(sqrt(2) + 1e-9, 0, 0))
    end)

    it("sweeps onto hull vertices and edges, and as the mover", function()
      -- a sphere onto the tetrahedron's vertex (1, 0, 0)
      H.assert_near({ 0.3, 1, 0, 0, 1, 0, 0 }, { collide.sweep(collide.sphere(5, 0, 0, 1), -10, 0, 0, tet) }, 1e-9)
      -- a sphere onto the turned cube's edge
      local t, px, py, pz, nx, ny, nz = collide.sweep(collide.sphere(5, 0, 0, 1), -10, 0, 0, turned)
      H.assert_near({ (4 - sqrt(2)) / 10, sqrt(2), 0, 0, 1, 0, 0 }, { t, px, py, pz, nx, ny, nz }, 1e-9)
      -- an aabb's face onto the vertex
      H.assert_near({ 0.25, 1, 0, 0, 1, 0, 0 },
        { collide.sweep(collide.aabb(3, -1, -1, 5, 1, 1), -8, 0, 0, tet) }, 1e-9)
      -- the hull as the mover, onto a plane and a box
      H.assert_near({ 0.5, 3, 0, 0, -1, 0, 0 }, { collide.sweep(tet, 4, 0, 0, collide.plane(1, 0, 0, 3)) }, 1e-12)
      H.assert_near({ 0.5, 3, 0, 0, -1, 0, 0 }, { collide.sweep(tet, 4, 0, 0, collide.aabb(3, -1, -1, 4, 1, 1)) }, 1e-9)
      -- overlapping at the start: t = 0
      assert.are.equal(0, (collide.sweep(collide.sphere(0, 0, 0, 1), 1, 0, 0, unit)))
      -- moving away
      assert.is_nil(collide.sweep(collide.sphere(3, 0, 0, 1), 1, 0, 0, unit))
    end)

    it("plane:classify and frustum:classify", function()
      assert.are.equal(1, collide.plane(1, 0, 0, -2):classify(unit))
      assert.are.equal(-1, collide.plane(1, 0, 0, 2):classify(unit))
      assert.are.equal(0, collide.plane(1, 0, 0, 1):classify(unit))
      assert.are.equal(0, collide.plane(1, 0, 0, 0):classify(unit))
      local f = collide.frustum(collide.plane(1, 0, 0, -2), collide.plane(-1, 0, 0, -2),
                                collide.plane(0, 1, 0, -2), collide.plane(0, -1, 0, -2),
                                collide.plane(0, 0, 1, -2), collide.plane(0, 0, -1, -2))
      assert.are.equal(1, f:classify(unit))
      assert.are.equal(0, f:classify(collide.hull(cube(1), { 2, 0, 0 })))
      assert.are.equal(-1, f:classify(collide.hull(cube(1), { 4, 0, 0 })))
      -- beyond the corner's edge, inside all planes but one's extent: only the exact test tells
      assert.are.equal(-1, f:classify(collide.hull(cube(0.5), { 2.6, 2.6, 0 }, { 0, 0, math.sin(math.pi / 8), math.cos(math.pi / 8) })))
    end)

    it("takes part in trees, meshes and scenes", function()
      local tree = collide.tree()
      local a = tree:insert(collide.aabb(0, 0, 0, 1, 1, 1))
      tree:insert(collide.aabb(5, 5, 5, 6, 6, 6))
      assert.are.same({ a }, tree:query(collide.hull(cube(0.5), { -0.4, 0, 0 })))
      assert.are.same({}, tree:query(collide.hull(cube(0.5), { -3, 0, 0 }, { 0, 0, 0.1, 1 })))
      local mesh = collide.mesh({ -5, 0, -5, 5, 0, -5, 0, 0, 5 })
      assert.is_true(collide.intersects(mesh, collide.hull(cube(1), { 0, 1, 0 })))
      assert.is_false(collide.intersects(collide.hull(cube(1), { 0, 1.001, 0 }), mesh))
      assert.are.same({ 1 }, mesh:query(collide.hull(cube(1), { 0, 0.5, 0 })))
      -- face on face: the point is any point of the contact, on the mesh's plane
      local t, _, py, _, nx, ny, nz, index = collide.sweep(collide.hull(cube(1), { 0, 2, 0 }), 0, -4, 0, mesh)
      H.assert_near({ 0.25, 0, 0, 1, 0, 1 }, { t, py, nx, ny, nz, index }, 1e-9)
      local scene = collide.scene()
      scene:add("floor", collide.aabb(-10, -1, -10, 10, 0, 10))
      scene:add("rock", collide.hull(cube(1), { 0, 3, 0 }))
      local mx, my, mz, cols = scene:move("rock", 0, -5, 0)
      H.assert_near({ 0, -2, 0 }, { mx, my, mz }, 1e-9)
      assert.are.equal("floor", cols[1].other)
      H.assert_near({ 0, 1, 0 }, { scene:shape("rock"):position() }, 1e-9)
    end)

    it("large hulls: intersects, contact and distance against a Lua GJK on the points", function()
      -- 60 points on a sphere each: more edge pairs than the separating
      -- axes take alone (GJK decides intersects first, hull.h)
      local g = R.rng(99)
      local function cloud(c)
        local pts = {}
        for i = 1, 60 do pts[i] = R.add(c, R.scale(g.unit(), g.uniform(0.8, 1))) end
        return pts
      end
      local n = 0
      for case = 1, 80 do
        local P, Q = cloud({ 0, 0, 0 }), cloud(R.scale(g.unit(), g.uniform(1, 2.4)))
        local a, b = collide.hull(P), collide.hull(Q)
        local d = R.hull_distance(P, Q)
        local depth = select(4, collide.contact(a, b))
        if d > 1e-7 or (depth and depth > 1e-7) then
          n = n + 1
          assert.are.equal(d == 0, collide.intersects(a, b), "case " .. case)
          assert.are.equal(d == 0, depth ~= nil, "contact, case " .. case)
          assert.is_true(abs(d - collide.distance(a, b)) < 1e-9, "distance, case " .. case)
        end
      end
      assert.is_true(n > 70)
    end)

    it("intersects and cast take the same path with and without LuaJIT's FFI", function()
      -- under LuaJIT collide.intersects and collide.cast are the FFI's
      -- (lua/collide/ffi.lua), which hand a hull to the classic functions
      local ray = collide.ray(-5, 0.5, 0.25, 1, 0, 0)
      H.assert_vals({ 4, -1, 0.5, 0.25, -1, 0, 0 }, 0, collide.cast(ray, unit))
      H.assert_vals({ 4, -1, 0.5, 0.25, -1, 0, 0 }, 0, ray:cast(unit))
      assert.is_true(collide.intersects(collide.aabb(1, 1, 1, 2, 2, 2), unit))
      assert.is_true(collide.intersects(unit, collide.sphere(2, 0, 0, 1)))
      assert.is_false(collide.aabb(1.5, 1, 1, 2, 2, 2):intersects(unit))
      assert.is_false(collide.sphere(2.5, 0, 0, 1):intersects(unit))
      assert.is_false(unit:intersects(collide.sphere(2.5, 0, 0, 1)))
      assert.has_error(function() collide.cast(unit, unit) end,
        "bad argument #1 to 'cast' (collide.ray expected, got collide.hull)")
      assert.has_error(function() collide.intersects(unit, {}) end,
        "bad argument #2 to 'intersects' (shape expected, got table)")
    end)

    it("can be a character's shape", function()
      local scene = collide.scene()
      scene:add("floor", collide.aabb(-10, -1, -10, 10, 0, 10))
      scene:add("player", collide.hull(cube(0.5), { 0, 2, 0 }))
      local ch = collide.character(scene, "player")
      ch:move(0, -5, 0)
      local _, y = scene:shape("player"):position()
      assert.is_true(abs(y - 0.5) < 0.02, "rests on the floor: " .. y)
      assert.is_true(ch:on_floor())
    end)
  end)
end)
