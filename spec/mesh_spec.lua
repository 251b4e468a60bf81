-- spec/mesh_spec.lua: collide.mesh. Exact answers on hand-made meshes, and
-- randomised comparisons with brute force written here: the same triangles
-- as collide.triangle shapes, every one cast or tested, the nearest (then
-- lowest index) kept. The mesh must give exactly the same numbers.
local collide = require "collide"
local H = require "helpers"
local R = require "ref"

local pack = H.pack
local sqrt = math.sqrt

-- the triangles of a flat vertex array and an index array, as shapes
local function shapes_of(verts, idx)
  local tris = {}
  for k = 0, #idx / 3 - 1 do
    local t = {}
    for c = 1, 3 do
      local i = idx[3 * k + c]
      t[#t + 1] = { verts[3 * i - 2], verts[3 * i - 1], verts[3 * i] }
    end
    tris[k + 1] = collide.triangle(t[1], t[2], t[3])
  end
  return tris
end

-- the nearest hit over every triangle, ties to the lowest index: what
-- ray:cast(mesh, cull) must return
local function brute_cast(ray, tris, cull)
  local best
  for i = 1, #tris do
    local r = pack(ray:cast(tris[i], cull))
    if r[1] and (best == nil or r[1] < best[1]) then
      best = r
      best[10], best.n = i, 10
    end
  end
  return best or pack(nil)
end

-- the indices of the triangles that intersect s, increasing
local function brute_query(s, tris)
  local out = {}
  for i = 1, #tris do
    if collide.intersects(tris[i], s) then out[#out + 1] = i end
  end
  return out
end

local function show(p)
  local t = {}
  for i = 1, p.n or #p do t[i] = type(p[i]) == "number" and ("%.17g"):format(p[i]) or tostring(p[i]) end
  return "{" .. table.concat(t, ", ") .. "}"
end

local function assert_same_hit(expected, actual, what)
  local ok = expected.n == actual.n
  for i = 1, expected.n do ok = ok and expected[i] == actual[i] end
  assert.is_true(ok, what .. ": expected " .. show(expected) .. " got " .. show(actual))
end

-- a unit square at z = 0 in two triangles facing +z, and a grid of them
local SQUARE_V = { 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0 }
local SQUARE_I = { 1, 2, 3, 1, 3, 4 }

-- an n x n grid of unit cells at z = 0, cell (i, j) split along its
-- diagonal from (i, j) to (i + 1, j + 1): triangles 2k - 1 = a b d and
-- 2k = a d c for cell k = j * n + i + 1 (all facing +z)
local function grid(n)
  local verts, idx = {}, {}
  for j = 0, n do
    for i = 0, n do
      verts[#verts + 1] = i; verts[#verts + 1] = j; verts[#verts + 1] = 0
    end
  end
  local tri2d = {}
  for j = 0, n - 1 do
    for i = 0, n - 1 do
      local a = j * (n + 1) + i + 1
      local b, c, d = a + 1, a + n + 1, a + n + 2
      for _, t in ipairs { { a, b, d }, { a, d, c } } do
        for _, v in ipairs(t) do idx[#idx + 1] = v end
        local p = {}
        for k, v in ipairs(t) do p[k] = { verts[3 * v - 2], verts[3 * v - 1] } end
        tri2d[#tri2d + 1] = p
      end
    end
  end
  return verts, idx, tri2d
end

-- point (x, y) in or on a 2D triangle, by exact edge functions (the
-- coordinates used are multiples of 1/4, so no rounding)
local function in_tri2d(p, x, y)
  for k = 1, 3 do
    local a, b = p[k], p[k % 3 + 1]
    if (b[1] - a[1]) * (y - a[2]) - (b[2] - a[2]) * (x - a[1]) < 0 then return false end
  end
  return true
end

-- barycentric u, v of (x, y) in a 2D triangle (exact for these coordinates)
local function bary2d(p, x, y)
  local a, b, c = p[1], p[2], p[3]
  local area = (b[1] - a[1]) * (c[2] - a[2]) - (b[2] - a[2]) * (c[1] - a[1])
  local u = ((x - a[1]) * (c[2] - a[2]) - (y - a[2]) * (c[1] - a[1])) / area
  local v = ((b[1] - a[1]) * (y - a[2]) - (b[2] - a[2]) * (x - a[1])) / area
  return u, v
end

describe("collide.mesh", function()
  describe("construction", function()
    it("takes a flat vertex array and 1-based indices", function()
      local m = collide.mesh(SQUARE_V, SQUARE_I)
      assert.are.equal(2, m:count())
      H.assert_exact({ 0, 0, 0, 1, 0, 0, 1, 1, 0 }, m:triangle(1):vertices())
      H.assert_exact({ 0, 0, 0, 1, 1, 0, 0, 1, 0 }, m:triangle(2):vertices())
      H.assert_exact({ 0, 0, 0 }, m:bounds():min())
      H.assert_exact({ 1, 1, 0 }, m:bounds():max())
    end)

    it("takes an array of vectors, and consecutive triples without indices", function()
      local m = collide.mesh({ { x = 1, y = 2, z = 3 }, { 4, 5, 6 }, { x = 7, y = 8, z = 9 },
                               { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } })
      assert.are.equal(2, m:count())
      H.assert_exact({ 1, 2, 3, 4, 5, 6, 7, 8, 9 }, m:triangle(1):vertices())
      H.assert_exact({ 0, 0, 0, 1, 0, 0, 0, 1, 0 }, m:triangle(2):vertices())
      local m2 = collide.mesh({ 1, 2, 3, 4, 5, 6, 7, 8, 9 })
      assert.are.equal(1, m2:count())
      H.assert_exact({ 1, 2, 3, 4, 5, 6, 7, 8, 9 }, m2:triangle(1):vertices())
    end)

    it("reads the arrays 1..n alone: other keys beside them change nothing", function()
      -- plain arrays are read in one pass; with other keys the careful
      -- reading takes them, and both give the same mesh
      local v = { 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0 }
      local i = { 1, 2, 3, 1, 3, 4 }
      v.name, v[0], v[-2], v[2.5] = "square", 7, 8, 9
      i.kind, i[0], i[1.5] = "quads", 4, 4
      for _, m in ipairs { collide.mesh(v, i), collide.mesh(v, SQUARE_I), collide.mesh(SQUARE_V, i) } do
        assert.are.equal(2, m:count())
        H.assert_exact({ 0, 0, 0, 1, 0, 0, 1, 1, 0 }, m:triangle(1):vertices())
        H.assert_exact({ 0, 0, 0, 1, 1, 0, 0, 1, 0 }, m:triangle(2):vertices())
        H.assert_exact({ 0, 0, 0 }, m:bounds():min())
        H.assert_exact({ 1, 1, 0 }, m:bounds():max())
        H.assert_exact({ 2, 0.25, 0.75, 0, 0, 0, 1, 0.25, 0.5, 2 },
                       collide.ray(0.25, 0.75, 2, 0, 0, -1):cast(m))
      end
    end)

    it("bounds only the vertices the triangles use", function()
      local m = collide.mesh({ 100, 100, 100, 0, 0, 0, 1, 0, 0, 0, 2, -1 }, { 2, 3, 4 })
      H.assert_exact({ 0, 0, -1 }, m:bounds():min())
      H.assert_exact({ 1, 2, 0 }, m:bounds():max())
    end)

    it("writes triangle() and bounds() into an out shape", function()
      local m = collide.mesh(SQUARE_V, SQUARE_I)
      local t, b = collide.triangle(9, 9, 9, 8, 8, 8, 7, 7, 7), collide.aabb(0, 0, 0, 0, 0, 0)
      assert.are.equal(t, m:triangle(2, t))
      H.assert_exact({ 0, 0, 0, 1, 1, 0, 0, 1, 0 }, t:vertices())
      assert.is_true(rawequal(b, m:bounds(b)))
      H.assert_exact({ 1, 1, 0 }, b:max())
    end)

    it("names its type mesh and prints its size", function()
      local m = collide.mesh(SQUARE_V, SQUARE_I)
      assert.are.equal("mesh", collide.type(m))
      assert.are.equal("mesh", m:type())
      assert.are.equal("mesh(2 triangles, 4 vertices)", tostring(m))
      assert.is_true(m:memory() > 0)
      assert.is_true(collide.mesh(grid(20)):memory() > m:memory())
    end)

    it("an empty mesh has no bounds and nothing hits it", function()
      local m = collide.mesh({})
      assert.are.equal(0, m:count())
      assert.is_nil(m:bounds())
      assert.is_nil(collide.ray(0, 0, 0, 1, 0, 0):cast(m))
      assert.are.same({}, m:query(collide.aabb(-1e9, -1e9, -1e9, 1e9, 1e9, 1e9)))
      assert.is_false(collide.intersects(m, collide.sphere(0, 0, 0, 1e9)))
      assert.is_false(collide.intersects(collide.plane(0, 0, 1, 0), m))
      assert.is_false(collide.intersects(m, collide.mesh(SQUARE_V, SQUARE_I)))
      assert.are.equal("mesh(0 triangles, 0 vertices)", tostring(m))
      -- vertices but no triangles
      assert.are.equal(0, collide.mesh({ 1, 2, 3 }, {}):count())
    end)

    it("a single-triangle mesh answers as the triangle, with index 1", function()
      local m = collide.mesh({ 0, 0, 0, 2, 0, 0, 0, 2, 0 })
      local ray = collide.ray(0.5, 0.25, 3, 0, 0, -1)
      H.assert_exact({ 3, 0.5, 0.25, 0, 0, 0, 1, 0.25, 0.125, 1 }, ray:cast(m))
      assert.is_nil(ray:cast(m, true) and nil)
      assert.is_nil(collide.ray(0.5, 0.25, -3, 0, 0, 1):cast(m, true))
      H.assert_exact({ 3, 0.5, 0.25, 0, 0, 0, -1, 0.25, 0.125, 1 },
                     collide.ray(0.5, 0.25, -3, 0, 0, 1):cast(m))
      assert.are.same({ 1 }, m:query(collide.sphere(1, 0.5, 0, 0.1)))
    end)

    it("the mesh keeps its own copy of the arrays", function()
      local v, i = { 0, 0, 0, 1, 0, 0, 0, 1, 0 }, { 1, 2, 3 }
      local m = collide.mesh(v, i)
      v[1], i[1] = 50, 2
      H.assert_exact({ 0, 0, 0, 1, 0, 0, 0, 1, 0 }, m:triangle(1):vertices())
    end)
  end)

  describe("errors", function()
    local V = { 0, 0, 0, 1, 0, 0, 0, 1, 0 }
    it("rejects arrays of the wrong length", function()
      assert.has_error(function() collide.mesh() end,
        "bad argument #1 to 'mesh' (table expected, got no value)")
      assert.has_error(function() collide.mesh({ 0, 0, 0, 1 }) end,
        "bad argument #1 to 'mesh' (vertex array length is not a multiple of 3)")
      assert.has_error(function() collide.mesh({ 0, 0, 0, 1, 0, 0 }) end,
        "bad argument #1 to 'mesh' (vertex count is not a multiple of 3)")
      assert.has_error(function() collide.mesh({ { 0, 0, 0 }, { 1, 0, 0 } }) end,
        "bad argument #1 to 'mesh' (vertex count is not a multiple of 3)")
      assert.has_error(function() collide.mesh(V, { 1, 2 }) end,
        "bad argument #2 to 'mesh' (index array length is not a multiple of 3)")
      assert.has_error(function() collide.mesh(V, "1 2 3") end,
        "bad argument #2 to 'mesh' (table expected, got string)")
    end)

    it("rejects indices out of range or not integers", function()
      assert.has_error(function() collide.mesh(V, { 1, 2, 4 }) end,
        "bad argument #2 to 'mesh' (vertex index out of range at index 3, got 4)")
      assert.has_error(function() collide.mesh(V, { 1, 2, 3, 0, 1, 2 }) end,
        "bad argument #2 to 'mesh' (vertex index out of range at index 4, got 0)")
      assert.has_error(function() collide.mesh(V, { 1, -1, 2 }) end,
        "bad argument #2 to 'mesh' (vertex index out of range at index 2, got -1)")
      assert.has_error(function() collide.mesh(V, { 1, 2.5, 3 }) end,
        "bad argument #2 to 'mesh' (integer expected at index 2, got 2.5)")
      assert.has_error(function() collide.mesh(V, { 1, 2, "3" }) end,
        "bad argument #2 to 'mesh' (integer expected at index 3, got string)")
      assert.has_error(function() collide.mesh({}, { 1, 1, 1 }) end,
        "bad argument #2 to 'mesh' (vertex index out of range at index 1, got 1)")
    end)

    it("rejects non-finite coordinates and values that are not numbers or vectors", function()
      assert.has_error(function() collide.mesh({ 0, 0, 0, 1, 0 / 0, 0, 0, 1, 0 }) end,
        "bad argument #1 to 'mesh' (finite number expected at index 5, got nan)")
      assert.has_error(function() collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, math.huge }) end,
        "bad argument #1 to 'mesh' (finite number expected at index 9, got inf)")
      assert.has_error(function() collide.mesh({ -math.huge, 0, 0, 1, 0, 0, 0, 1, 0 }) end,
        "bad argument #1 to 'mesh' (finite number expected at index 1, got -inf)")
      assert.has_error(function() collide.mesh({ { 0, 0, 0 }, { 1, 0 / 0, 0 }, { 0, 1, 0 } }) end,
        "bad argument #1 to 'mesh' (finite number expected at index 2, got nan)")
      assert.has_error(function() collide.mesh({ 0, "0", 0, 1, 0, 0, 0, 1, 0 }) end,
        "bad argument #1 to 'mesh' (number expected at index 2, got string)")
      assert.has_error(function() collide.mesh({ { 0, 0, 0 }, 5, { 0, 1, 0 } }) end,
        "bad argument #1 to 'mesh' (vector expected at index 2, got number)")
      assert.has_error(function() collide.mesh({ { 0, 0, 0 }, { 1, 0 }, { 0, 1, 0 } }) end,
        "bad argument #1 to 'mesh' (vector expected at index 2, got table)")
      assert.has_error(function() collide.mesh({ { 0, 0, 0 }, collide.sphere(0, 0, 0, 1), { 0, 1, 0 } }) end,
        "bad argument #1 to 'mesh' (vector expected at index 2, got collide.sphere)")
      assert.has_error(function() collide.mesh({ true, 0, 0 }) end,
        "bad argument #1 to 'mesh' (number or vector expected at index 1, got boolean)")
    end)

    it("rejects bad arguments to the methods", function()
      local m = collide.mesh(SQUARE_V, SQUARE_I)
      assert.has_error(function() m:triangle(0) end, "bad argument #1 to 'triangle' (index out of range)")
      assert.has_error(function() m:triangle(3) end, "bad argument #1 to 'triangle' (index out of range)")
      assert.has_error(function() m:triangle(1.5) end, "bad argument #1 to 'triangle' (index out of range)")
      assert.has_error(function() m:triangle("1") end,
        "bad argument #1 to 'triangle' (number expected, got string)")
      assert.has_error(function() m:triangle(1, collide.aabb(0, 0, 0, 1, 1, 1)) end,
        "bad argument #2 to 'triangle' (collide.triangle expected, got collide.aabb)")
      assert.has_error(function() m:bounds(collide.sphere(0, 0, 0, 1)) end,
        "bad argument #1 to 'bounds' (collide.aabb expected, got collide.sphere)")
      assert.has_error(function() m:query("box") end,
        "bad argument #1 to 'query' (shape expected, got string)")
      assert.has_error(function() m:query(collide.sphere(0, 0, 0, 1), 5) end,
        "bad argument #2 to 'query' (table expected, got number)")
      assert.has_error(function() collide.intersects(m, {}) end,
        "bad argument #2 to 'intersects' (shape expected, got table)")
      assert.has_error(function() collide.intersects(nil, m) end,
        "bad argument #1 to 'intersects' (shape expected, got nil)")
      assert.has_error(function() m.count(collide.sphere(0, 0, 0, 1)) end,
        "bad argument #1 to 'count' (collide.mesh expected, got collide.sphere)")
    end)
  end)

  describe("ray:cast(mesh)", function()
    local m = collide.mesh(SQUARE_V, SQUARE_I)

    it("returns t, the point, the normal, u, v and the triangle's index", function()
      H.assert_exact({ 2, 0.25, 0.75, 0, 0, 0, 1, 0.25, 0.5, 2 },
                     collide.ray(0.25, 0.75, 2, 0, 0, -1):cast(m))
      H.assert_exact({ 2, 0.75, 0.25, 0, 0, 0, 1, 0.5, 0.25, 1 },
                     collide.ray(0.75, 0.25, 2, 0, 0, -1):cast(m))
    end)

    it("is two-sided unless culling, and faces the normal to the ray", function()
      local up = collide.ray(0.75, 0.25, -2, 0, 0, 1)
      H.assert_exact({ 2, 0.75, 0.25, 0, 0, 0, -1, 0.5, 0.25, 1 }, up:cast(m))
      H.assert_exact({ nil, n = 1 }, up:cast(m, true))
      H.assert_exact({ 2, 0.75, 0.25, 0, 0, 0, 1, 0.5, 0.25, 1 },
                     collide.ray(0.75, 0.25, 2, 0, 0, -1):cast(m, true))
    end)

    it("stops at tmax, inclusive, and hits at t = 0 from the surface", function()
      assert.is_nil(collide.ray(0.75, 0.25, 2, 0, 0, -1, 1.5):cast(m))
      assert.are.equal(2, (collide.ray(0.75, 0.25, 2, 0, 0, -1, 2):cast(m)))
      H.assert_exact({ 0, 0.75, 0.25, 0, 0, 0, 1, 0.5, 0.25, 1 },
                     collide.ray(0.75, 0.25, 0, 0, 0, -1):cast(m))
    end)

    it("misses beside the mesh and away from it", function()
      assert.is_nil(collide.ray(1.5, 0.5, 2, 0, 0, -1):cast(m))
      assert.is_nil(collide.ray(0.5, 0.5, 2, 0, 0, 1):cast(m))
      assert.is_nil(collide.ray(0.5, 0.5, 2, 1, 0, 0):cast(m))
    end)

    it("gives the nearest of stacked layers, from either side", function()
      -- three squares at z = 0, 1, 2, the top one first in the arrays
      local v, i = {}, {}
      for layer, z in ipairs { 2, 0, 1 } do
        for k = 1, 12, 3 do
          v[#v + 1], v[#v + 2], v[#v + 3] = SQUARE_V[k], SQUARE_V[k + 1], z
        end
        for _, x in ipairs(SQUARE_I) do i[#i + 1] = x + 4 * (layer - 1) end
      end
      local s = collide.mesh(v, i)
      H.assert_exact({ 3, 0.75, 0.25, 2, 0, 0, 1, 0.5, 0.25, 1 },
                     collide.ray(0.75, 0.25, 5, 0, 0, -1):cast(s))
      H.assert_exact({ 1, 0.75, 0.25, 0, 0, 0, -1, 0.5, 0.25, 3 },
                     collide.ray(0.75, 0.25, -1, 0, 0, 1):cast(s))
      H.assert_exact({ 0.5, 0.25, 0.75, 1, 0, 0, -1, 0.25, 0.5, 6 },
                     collide.ray(0.25, 0.75, 0.5, 0, 0, 1):cast(s))
    end)
  end)

  describe("shared edges", function()
    local N = 6
    local verts, idx, tri2d = grid(N)
    local m = collide.mesh(verts, idx)
    local tris = shapes_of(verts, idx)

    -- the triangles holding (x, y), by exact edge functions
    local function holders(x, y)
      local out = {}
      for k, p in ipairs(tri2d) do if in_tri2d(p, x, y) then out[#out + 1] = k end end
      return out
    end

    it("every vertex and every point of every edge is hit once, by the lowest index", function()
      local count = 0
      for jy = 0, 4 * N do
        for ix = 0, 4 * N do
          local x, y = ix / 4, jy / 4
          local h = holders(x, y)
          assert.is_true(#h >= 1)
          local k = h[1]
          local u, v = bary2d(tri2d[k], x, y)
          local got = pack(collide.ray(x, y, 1, 0, 0, -1):cast(m))
          H.assert_exact({ 1, x, y, 0, 0, 0, 1, u, v, k }, H.unpack(got))
          if #h > 1 then count = count + 1 end
        end
      end
      assert.is_true(count > 100)   -- most of those points were on shared edges
    end)

    it("slanted rays through shared edges hit once, the lowest index, as brute force", function()
      local g = R.rng(11)
      for _ = 1, 300 do
        -- a point on an inner grid line (an edge or a diagonal), approached at a slant
        local x, y
        local c = g.int(3)
        if c == 1 then x, y = g.int(N - 1), g.uniform(0, N)
        elseif c == 2 then x, y = g.uniform(0, N), g.int(N - 1)
        else local s = g.uniform(0, 1); local ci, cj = g.int(N) - 1, g.int(N) - 1; x, y = ci + s, cj + s end
        local d = { g.uniform(-1, 1), g.uniform(-1, 1), -g.uniform(0.2, 1) }
        local ray = collide.ray(x - d[1] * 3, y - d[2] * 3, -d[3] * 3, d)
        local want = brute_cast(ray, tris)
        assert_same_hit(want, pack(ray:cast(m)), tostring(ray))
        assert.is_not_nil(want[1], tostring(ray))
      end
    end)

    it("a ray lying in the mesh's plane enters it where the lowest index does", function()
      -- along the boundary edge y = 0 from outside
      H.assert_exact({ 1, 0, 0, 0, 0, 0, 1, 0, 0, 1 }, collide.ray(-1, 0, 0, 1, 0, 0):cast(m))
      -- along the diagonal shared by triangles 1 and 2
      local ray = collide.ray(-1, -1, 0, 1, 1, 0)
      local got = pack(ray:cast(m))
      assert_same_hit(brute_cast(ray, tris), got, "diagonal")
      assert.are.equal(1, got[10])
      assert.is_true(math.abs(got[1] - sqrt(2)) < 1e-12)
      -- along the interior line x = 2, from inside the mesh
      got = pack(collide.ray(2, 0.5, 0, 0, 1, 0):cast(m))
      H.assert_exact({ 0, 2, 0.5, 0, 0, 0, 1 }, got[1], got[2], got[3], got[4], got[5], got[6], got[7])
      assert.are.equal(holders(2, 0.5)[1], got[10])
    end)
  end)

  describe("degenerate triangles", function()
    -- a segment-like triangle (collinear), a point triangle, a proper one
    local v = { 0, 0, 0, 2, 0, 0, 1, 0, 0,       -- collinear along x, longest edge a-b
                5, 5, 5, 5, 5, 5, 5, 5, 5,       -- all three at one point
                0, 3, 0, 1, 3, 0, 0, 4, 0 }
    local m = collide.mesh(v)
    local tris = shapes_of(v, { 1, 2, 3, 4, 5, 6, 7, 8, 9 })

    it("are kept and hit as their segment or point, normal -direction", function()
      assert.are.equal(3, m:count())
      H.assert_exact({ 5, 1, 0, 0, 0, 0, 1, 0.5, 0, 1 }, collide.ray(1, 0, 5, 0, 0, -1):cast(m))
      H.assert_exact({ 1, 5, 5, 5, -1, 0, 0, 0, 0, 2 }, collide.ray(4, 5, 5, 1, 0, 0):cast(m))
      H.assert_exact({ 5, 0.25, 3.25, 0, 0, 0, 1, 0.25, 0.25, 3 },
                     collide.ray(0.25, 3.25, 5, 0, 0, -1):cast(m))
      assert.is_nil(collide.ray(1, 0.001, 5, 0, 0, -1):cast(m))
    end)

    it("culling leaves them (they face nowhere), as for the triangle alone", function()
      local ray = collide.ray(1, 0, 5, 0, 0, -1)
      assert_same_hit(brute_cast(ray, tris, true), pack(ray:cast(m, true)), "cull")
      assert.is_not_nil(ray:cast(m, true))
    end)

    it("are found by queries and intersects", function()
      assert.are.same({ 1 }, m:query(collide.sphere(1, 0.5, 0, 0.5)))
      assert.are.same({}, m:query(collide.sphere(1, 0.5, 0, 0.49)))
      assert.are.same({ 2 }, m:query(collide.aabb(5, 5, 5, 6, 6, 6)))
      assert.are.same({ 1, 3 }, m:query(collide.plane(0, 0, 1, 0)))
      assert.is_true(collide.intersects(collide.segment(5, 0, 5, 5, 10, 5), m))
    end)

    it("mixed into a soup, answer as brute force", function()
      local g = R.rng(5)
      local verts, idx = {}, {}
      for k = 1, 300 do
        local c = g.point(-5, 5)
        local kind = g.int(10)
        local p
        if kind == 1 then      -- collinear
          local d = g.point(-1, 1)
          p = { c, { c[1] + d[1], c[2] + d[2], c[3] + d[3] }, { c[1] + 2 * d[1], c[2] + 2 * d[2], c[3] + 2 * d[3] } }
        elseif kind == 2 then  -- two equal vertices
          p = { c, c, g.point(-5, 5) }
        elseif kind == 3 then  -- a point
          p = { c, c, c }
        else
          p = { c, { c[1] + g.uniform(-2, 2), c[2] + g.uniform(-2, 2), c[3] + g.uniform(-2, 2) },
                   { c[1] + g.uniform(-2, 2), c[2] + g.uniform(-2, 2), c[3] + g.uniform(-2, 2) } }
        end
        for _, q in ipairs(p) do
          verts[#verts + 1], verts[#verts + 2], verts[#verts + 3] = q[1], q[2], q[3]
          idx[#idx + 1] = #verts / 3
        end
        assert(k == #idx / 3)
      end
      local mm, ts = collide.mesh(verts, idx), shapes_of(verts, idx)
      for _ = 1, 200 do
        -- aim at a vertex now and then: degenerate ones are hard to hit otherwise
        local o = g.point(-9, 9)
        local target = g.int(#verts / 3)
        local d = { verts[3 * target - 2] - o[1], verts[3 * target - 1] - o[2], verts[3 * target] - o[3] }
        if g.chance(0.3) then d = g.unit() end
        local ray = collide.ray(o, d)
        assert_same_hit(brute_cast(ray, ts), pack(ray:cast(mm)), tostring(ray))
      end
    end)
  end)

  describe("randomised against brute force", function()
    local g = R.rng(2024)
    -- a soup of 500 triangles of mixed sizes, some duplicated (ties in t)
    local verts, idx = {}, {}
    for _ = 1, 480 do
      local c, s = g.point(-10, 10), g.uniform(0.2, 4)
      for _ = 1, 3 do
        local q = g.point(-s, s)
        verts[#verts + 1], verts[#verts + 2], verts[#verts + 3] = c[1] + q[1], c[2] + q[2], c[3] + q[3]
        idx[#idx + 1] = #verts / 3
      end
    end
    for _ = 1, 20 do   -- copies of earlier triangles, later indices
      local k = g.int(480)
      for c = 1, 3 do idx[#idx + 1] = idx[3 * (k - 1) + c] end
    end
    local m = collide.mesh(verts, idx)
    local tris = shapes_of(verts, idx)

    local function random_ray()
      local o = g.point(-14, 14)
      local d
      if g.chance(0.7) then   -- towards a random triangle's centroid
        local cx, cy, cz = tris[g.int(#tris)]:centroid()
        d = { cx - o[1], cy - o[2], cz - o[3] }
      else
        d = g.unit()
      end
      return collide.ray(o, d, g.chance(0.25) and g.uniform(0, 25) or nil)
    end

    it("ray:cast: the same t, point, normal, u, v and index, culled or not", function()
      local hits = 0
      for _ = 1, 250 do
        local ray = random_ray()
        for _, cull in ipairs { false, true } do
          local want = brute_cast(ray, tris, cull)
          assert_same_hit(want, pack(ray:cast(m, cull)), tostring(ray) .. (cull and " culled" or ""))
          if want[1] then hits = hits + 1 end
        end
      end
      assert.is_true(hits > 250)
    end)

    it("duplicated triangles hit at the same t give the lower index", function()
      for k = 481, 500 do
        local a = { tris[k]:vertex(1) }
        local cx, cy, cz = tris[k]:centroid()
        local ray = collide.ray(cx + 20, cy + 3, cz - 7, -20, -3, 7)
        local got = pack(ray:cast(m))
        assert_same_hit(brute_cast(ray, tris), got, "duplicate " .. k)
        assert.is_true(got[10] < k)
        assert.is_not_nil(a[1])
      end
    end)

    local makers = {
      aabb = function()
        local c, e = g.point(-10, 10), g.point(0, 3)
        return collide.aabb_from_center(c, { math.abs(e[1]), math.abs(e[2]), math.abs(e[3]) })
      end,
      obb = function()
        local e = g.point(0, 3)
        return collide.obb(g.point(-10, 10), { math.abs(e[1]), math.abs(e[2]), math.abs(e[3]) },
                           { g.uniform(-1, 1), g.uniform(-1, 1), g.uniform(-1, 1), g.uniform(-1, 1) })
      end,
      sphere = function() return collide.sphere(g.point(-10, 10), g.uniform(0, 3)) end,
      triangle = function()
        local c = g.point(-10, 10)
        local function p() local q = g.point(-4, 4); return { c[1] + q[1], c[2] + q[2], c[3] + q[3] } end
        return collide.triangle(p(), p(), p())
      end,
      ray = function() return random_ray() end,
      plane = function() return collide.plane(g.unit(), g.uniform(-20, 20)) end,
    }

    for _, kind in ipairs { "aabb", "obb", "sphere", "triangle", "ray", "plane" } do
      it(kind .. ": query gives the intersecting triangles, intersects agrees both ways", function()
        local nonempty, out = 0, {}
        for _ = 1, 60 do
          local s = makers[kind]()
          local want = brute_query(s, tris)
          assert.are.same(want, m:query(s))
          -- the out table is refilled, its tail cleared
          out[#want + 1], out[#want + 2] = "stale", "stale"
          assert.are.equal(out, m:query(s, out))
          assert.are.same(want, out)
          assert.are.equal(#want > 0, collide.intersects(m, s))
          assert.are.equal(#want > 0, collide.intersects(s, m))
          assert.are.equal(#want > 0, m:intersects(s))
          if #want > 0 then nonempty = nonempty + 1 end
        end
        assert.is_true(nonempty >= 10 and nonempty <= 59)
      end)
    end

    it("mesh with mesh intersects when some pair of triangles does", function()
      local function small_mesh(c)
        local v = {}
        for _ = 1, 3 * 12 do
          local q = g.point(-2, 2)
          v[#v + 1], v[#v + 2], v[#v + 3] = c[1] + q[1], c[2] + q[2], c[3] + q[3]
        end
        return collide.mesh(v), shapes_of(v, (function()
          local i = {}
          for k = 1, #v / 3 do i[k] = k end
          return i
        end)())
      end
      local yes = 0
      for _ = 1, 40 do
        local a, ta = small_mesh(g.point(-3, 3))
        local b, tb = small_mesh(g.point(-3, 3))
        local want = false
        for i = 1, #ta do
          for j = 1, #tb do
            if collide.intersects(ta[i], tb[j]) then want = true end
          end
        end
        assert.are.equal(want, collide.intersects(a, b))
        assert.are.equal(want, collide.intersects(b, a))
        if want then yes = yes + 1 end
      end
      assert.is_true(yes > 5 and yes < 40)
      assert.is_true(collide.intersects(m, m))
    end)

    it("a terrain of 3200 triangles answers rays from above as brute force", function()
      local n = 40
      local v, i = {}, {}
      for j = 0, n do
        for k = 0, n do
          v[#v + 1], v[#v + 2], v[#v + 3] = k, math.sin(k * 0.4) * math.cos(j * 0.3) * 3, j
        end
      end
      for j = 0, n - 1 do
        for k = 0, n - 1 do
          local a = j * (n + 1) + k + 1
          for _, x in ipairs { a, a + n + 1, a + 1, a + 1, a + n + 1, a + n + 2 } do i[#i + 1] = x end
        end
      end
      local t, ts = collide.mesh(v, i), shapes_of(v, i)
      for _ = 1, 40 do
        local ray = collide.ray(g.uniform(0, n), g.uniform(4, 10), g.uniform(0, n),
                                g.uniform(-1, 1), g.uniform(-1, -0.05), g.uniform(-1, 1))
        assert_same_hit(brute_cast(ray, ts), pack(ray:cast(t)), tostring(ray))
      end
    end)
  end)

  describe("hard inputs", function()
    it("many copies of one triangle: a tree still builds, the first copy is hit", function()
      local v, i = { 0, 0, 0, 1, 0, 0, 0, 1, 0 }, {}
      for k = 1, 3000 do i[3 * k - 2], i[3 * k - 1], i[3 * k] = 1, 2, 3 end
      local m = collide.mesh(v, i)
      H.assert_exact({ 1, 0.25, 0.25, 0, 0, 0, 1, 0.25, 0.25, 1 },
                     collide.ray(0.25, 0.25, 1, 0, 0, -1):cast(m))
      assert.are.equal(3000, #m:query(collide.sphere(0, 0, 0, 0.1)))
    end)

    it("huge and tiny coordinates answer as brute force, without NaN", function()
      for _, s in ipairs { 1e300, 1e-300, 1e38, 3.5e38 } do
        local g = R.rng(3)
        local v = {}
        for k = 1, 3 * 60 do
          local p = g.point(-1, 1)
          v[3 * k - 2], v[3 * k - 1], v[3 * k] = p[1] * s, p[2] * s, p[3] * s
        end
        local idx = {}
        for k = 1, #v / 3 do idx[k] = k end
        local m, ts = collide.mesh(v, idx), shapes_of(v, idx)
        for _ = 1, 40 do
          local o = g.point(-2, 2)
          local cx, cy, cz = ts[g.int(#ts)]:centroid()
          local ray = collide.ray(o[1] * s, o[2] * s, o[3] * s, cx - o[1] * s, cy - o[2] * s, cz - o[3] * s)
          local got = pack(ray:cast(m))
          assert_same_hit(brute_cast(ray, ts), got, "scale " .. s)
          for k = 1, got.n do assert.is_true(got[k] == got[k]) end
          local sph = collide.sphere(cx, cy, cz, s / 3)
          assert.are.same(brute_query(sph, ts), m:query(sph))
        end
      end
    end)
  end)

  describe("in a scene", function()
    it("is an item's shape: raycast, raycast_all, query and pairs go through it", function()
      local scene = collide.scene()
      local verts, idx = grid(4)
      local floor = collide.mesh(verts, idx)
      scene:add("floor", floor)
      scene:add("crate", collide.aabb(1, 1, 0, 2, 2, 1))
      scene:add("lamp", collide.sphere(3, 3, 5, 0.5))
      -- straight down next to the crate: the floor, with u, v and index
      H.assert_exact({ "floor", 2, 0.5, 3.25, 0, 0, 0, 1, 0.25, 0.25, 2 * (3 * 4 + 0) + 1 },
                     scene:raycast(collide.ray(0.5, 3.25, 2, 0, 0, -1)))
      -- onto the crate first
      H.assert_exact({ "crate", 1, 1.5, 1.5, 1, 0, 0, 1 },
                     scene:raycast(collide.ray(1.5, 1.5, 2, 0, 0, -1)))
      local all = scene:raycast_all(collide.ray(1.5, 1.5, 2, 0, 0, -1))
      assert.are.equal(2, #all)
      assert.are.equal("crate", all[1].item)
      assert.are.equal("floor", all[2].item)
      assert.are.equal(2, all[2].t)
      assert.is_not_nil(all[2].index)
      assert.are.same({ "floor", "crate" }, scene:query(collide.sphere(1.5, 1.5, 0, 0.6)))
      assert.are.same({ "floor" }, scene:query(collide.aabb(3, 0, -1, 4, 1, 1)))
      assert.are.same({}, scene:query(collide.aabb(3, 0, 0.1, 4, 1, 1)))
      assert.are.same({ { "floor", "crate" } }, scene:pairs())
      -- a second mesh touching the floor pairs with it
      scene:add("ramp", collide.mesh({ 3, 3, 0, 4, 3, 1, 3, 4, 1 }))
      assert.are.same({ { "floor", "crate" }, { "floor", "ramp" } }, scene:pairs())
      scene:remove("floor")
      assert.is_nil(scene:raycast(collide.ray(0.5, 3.25, 2, 0, 0, -1)))
    end)

    it("an empty mesh is an item that nothing hits", function()
      local scene = collide.scene()
      scene:add("nothing", collide.mesh({}))
      scene:add("ball", collide.sphere(0, 0, 0, 1))
      assert.are.equal("ball", (scene:raycast(collide.ray(-5, 0, 0, 1, 0, 0))))
      assert.are.same({ "ball" }, scene:query(collide.aabb(-9, -9, -9, 9, 9, 9)))
    end)
  end)
end)
