-- spec/heightfield_spec.lua: collide.heightfield. Exact answers on small
-- hand-made grids (edges, diagonals, vertices, holes, grazing and vertical
-- rays, rays from below and from outside, the corners of a large grid),
-- and randomised comparisons with collide.mesh built from the same
-- triangles, which must give exactly the same numbers, indices included.
local collide = require "collide"
local H = require "helpers"

local pack = H.pack
local nan = 0 / 0
local unpack = unpack or table.unpack

-- min and max of a box, six numbers in a list
local function box(b)
  local x0, y0, z0 = b:min()
  local x1, y1, z1 = b:max()
  return { x0, y0, z0, x1, y1, z1 }
end

-- the vertices and indices of collide.mesh holding a heightfield's
-- triangles (those of cells without a NaN corner), and the map from the
-- mesh's triangle numbers to the heightfield's
local function mesh_of(h, columns, rows, sx, sz, ox, oy, oz)
  sx, sz, ox, oy, oz = sx or 1, sz or 1, ox or 0, oy or 0, oz or 0
  local v, idx, map = {}, {}, {}
  local function id(i, j) return j * columns + i + 1 end
  for j = 0, rows - 1 do
    for i = 0, columns - 1 do
      local k = id(i, j)
      local y = h[k]
      v[3 * k - 2], v[3 * k - 1], v[3 * k] = ox + i * sx, oy + (y == y and y or 0), oz + j * sz
    end
  end
  for j = 0, rows - 2 do
    for i = 0, columns - 2 do
      local a, b, c, d = id(i, j), id(i, j + 1), id(i + 1, j + 1), id(i + 1, j)
      if h[a] == h[a] and h[b] == h[b] and h[c] == h[c] and h[d] == h[d] then
        local base = 2 * (j * (columns - 1) + i)
        for _, t in ipairs { { a, b, c, base + 1 }, { a, c, d, base + 2 } } do
          idx[#idx + 1], idx[#idx + 2], idx[#idx + 3] = t[1], t[2], t[3]
          map[#idx / 3] = t[4]
        end
      end
    end
  end
  return v, idx, map
end

-- the mesh's results with its triangle number at position at mapped
local function mapped(map, at, ...)
  local r = pack(...)
  if r[at] ~= nil then r[at] = map[r[at]] end
  return r
end

local function same(a, b, what)
  assert.are.equal(b.n, a.n, what)
  for k = 1, b.n do
    if a[k] ~= b[k] then
      error(("%s: result %d is %s, the mesh gives %s"):format(what, k, tostring(a[k]), tostring(b[k])), 2)
    end
  end
end

describe("collide.heightfield", function()
  describe("construction", function()
    it("keeps its grid, spacing and origin", function()
      local hf = collide.heightfield({ 0, 1, 2, 3, 4, 5 }, 3, 2, 2, 0.5, { 1, 2, 3 })
      assert.are.same({ 3, 2 }, { hf:dimensions() })
      assert.are.same({ 2, 0.5 }, { hf:spacing() })
      assert.are.same({ 1, 2, 3 }, { hf:origin() })
      assert.are.equal(5, hf:height(2, 1))
      assert.are.equal(1, hf:height(1, 0))
      assert.are.equal(4, hf:count())
      assert.are.equal("heightfield", hf:type())
      assert.are.equal("heightfield", collide.type(hf))
      assert.are.equal("heightfield(3 x 2)", tostring(hf))
      assert.are.same({ 1, 2, 3, 5, 7, 3.5 }, box(hf:bounds()))
    end)

    it("takes the origin without the spacing, as numbers or a vector", function()
      assert.are.same({ 5, 6, 7 }, { collide.heightfield({ 0, 0, 0, 0 }, 2, 2, { 5, 6, 7 }):origin() })
      assert.are.same({ 5, 6, 7 }, { collide.heightfield({ 0, 0, 0, 0 }, 2, 2, { x = 5, y = 6, z = 7 }):origin() })
      assert.are.same({ 5, 6, 7 }, { collide.heightfield({ 0, 0, 0, 0 }, 2, 2, 1, 1, 5, 6, 7):origin() })
    end)

    it("numbers triangles as the contract says", function()
      -- cell (i, j) is (i,j) (i,j+1) (i+1,j+1) and (i,j) (i+1,j+1) (i+1,j)
      local hf = collide.heightfield({ 0, 1, 2, 10, 11, 12, 20, 21, 22 }, 3, 3)
      local t = hf:triangle(2 * (1 * 2 + 1) + 1)            -- cell (1, 1), first
      assert.are.same({ 1, 11, 1, 1, 21, 2, 2, 22, 2 }, { t:vertices() })
      t = hf:triangle(2 * (1 * 2 + 1) + 2, t)                -- second, into t
      assert.are.same({ 1, 11, 1, 2, 22, 2, 2, 12, 1 }, { t:vertices() })
      t = hf:triangle(1)
      assert.are.same({ 0, 0, 0, 0, 10, 1, 1, 11, 1 }, { t:vertices() })
    end)

    it("uses at most 16 bytes per sample", function()
      local h = {}
      for k = 1, 257 * 129 do h[k] = k % 7 end
      local hf = collide.heightfield(h, 257, 129)
      assert.is_true(hf:memory() / (257 * 129) <= 16)
      assert.is_true(hf:memory() >= 257 * 129 * 8)
    end)

    it("refuses bad arguments in the standard form", function()
      local z = { 0, 0, 0, 0 }
      assert.has_error(function() collide.heightfield() end, "bad argument #1 to 'heightfield' (table expected, got no value)")
      assert.has_error(function() collide.heightfield({ 0, 0, "a", 0 }, 2, 2) end,
        "bad argument #1 to 'heightfield' (number expected at index 3, got string)")
      assert.has_error(function() collide.heightfield({ 0, 0, 0 }, 2, 2) end,
        "bad argument #1 to 'heightfield' (4 heights expected (columns * rows), got 3)")
      assert.has_error(function() collide.heightfield({ 0, 0, 0, 0, 0 }, 2, 2) end,
        "bad argument #1 to 'heightfield' (4 heights expected (columns * rows), got 5)")
      assert.has_error(function() collide.heightfield({ 0, 0, nil, 0 }, 2, 2) end,
        "bad argument #1 to 'heightfield' (number expected at index 3, got nil)")
      assert.has_error(function() collide.heightfield({ 0, 0, math.huge, 0 }, 2, 2) end,
        "bad argument #1 to 'heightfield' (finite number or nan expected at index 3, got inf)")
      assert.has_error(function() collide.heightfield(z, 1, 2) end, "bad argument #2 to 'heightfield' (grid smaller than 2x2)")
      assert.has_error(function() collide.heightfield(z, 2, 1) end, "bad argument #3 to 'heightfield' (grid smaller than 2x2)")
      assert.has_error(function() collide.heightfield(z, 2.5, 2) end, "bad argument #2 to 'heightfield' (integer expected, got 2.5)")
      assert.has_error(function() collide.heightfield(z, 2, "x") end, "bad argument #3 to 'heightfield' (number expected, got string)")
      assert.has_error(function() collide.heightfield(z, 100000, 100000) end, "bad argument #2 to 'heightfield' (grid too large)")
      assert.has_error(function() collide.heightfield(z, 2, 2, 0, 1) end, "bad argument #4 to 'heightfield' (positive size expected, got 0)")
      assert.has_error(function() collide.heightfield(z, 2, 2, 1, -1) end, "bad argument #5 to 'heightfield' (positive size expected, got -1)")
      assert.has_error(function() collide.heightfield(z, 2, 2, 1 / 0, 1) end, "bad argument #4 to 'heightfield' (finite number expected, got inf)")
      assert.has_error(function() collide.heightfield(z, 2, 2, 1, 1, nan, 0, 0) end,
        "bad argument #6 to 'heightfield' (finite number expected, got nan)")
      assert.has_error(function() collide.heightfield(z, 2, 2, { 1 / 0, 0, 0 }) end,
        "bad argument #4 to 'heightfield' (finite number expected, got inf)")
      assert.has_error(function() collide.heightfield(z, 2, 2, "o") end, "bad argument #4 to 'heightfield' (vector expected, got string)")
    end)

    it("refuses bad arguments to its methods", function()
      local hf = collide.heightfield({ 0, 0, 0, 0 }, 2, 2)
      assert.has_error(function() hf:set_height(2, 0, 1) end, "bad argument #1 to 'set_height' (column out of range, got 2)")
      assert.has_error(function() hf:set_height(0, -1, 1) end, "bad argument #2 to 'set_height' (row out of range, got -1)")
      assert.has_error(function() hf:set_height(0, 0, "x") end, "bad argument #3 to 'set_height' (number expected, got string)")
      assert.has_error(function() hf:set_height(0, 0, -1 / 0) end,
        "bad argument #3 to 'set_height' (finite number or nan expected, got -inf)")
      assert.has_error(function() hf:height(0.5, 0) end, "bad argument #1 to 'height' (column out of range, got 0.5)")
      assert.has_error(function() hf:triangle(3) end, "bad argument #1 to 'triangle' (index out of range)")
      assert.has_error(function() hf:query("x") end, "bad argument #1 to 'query' (shape expected, got string)")
      assert.has_error(function() hf.query("x", collide.aabb(0, 0, 0, 1, 1, 1)) end,
        "bad argument #1 to 'query' (collide.heightfield expected, got string)")
      assert.has_error(function() hf:contacts(collide.ray(0, 0, 0, 1, 0, 0)) end,
        "bad argument #1 to 'contacts' (aabb, obb, sphere, triangle, capsule, hull or plane expected, got collide.ray)")
      assert.has_error(function() collide.contact(hf, hf) end,
        "bad argument #2 to 'contact' (heightfield-heightfield and heightfield-mesh contacts are not supported)")
      assert.has_error(function() collide.ray(0, 0, 0, 1, 0, 0):cast(collide.ray(0, 0, 0, 1, 0, 0)) end,
        "bad argument #1 to 'cast' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got collide.ray)")
    end)
  end)

  describe("ray:cast", function()
    -- a flat 3 x 3 grid at y = 0: cells (0..1, 0..1), triangles 1..8
    local flat = collide.heightfield({ 0, 0, 0, 0, 0, 0, 0, 0, 0 }, 3, 3)
    local function cast(hf, o, d, tmax, cull)
      return pack(collide.ray(o, d, tmax):cast(hf, cull))
    end

    it("hits a cell's diagonal on its first triangle", function()
      assert.are.same(pack(5, 0.5, 0, 0.5, 0, 1, 0, 0, 0.5, 1), cast(flat, { 0.5, 5, 0.5 }, { 0, -1, 0 }))
    end)

    it("hits a vertex shared by eight triangles on the lowest", function()
      assert.are.same(pack(5, 1, 0, 1, 0, 1, 0, 0, 1, 1), cast(flat, { 1, 5, 1 }, { 0, -1, 0 }))
      -- the grid's far corner belongs to triangles 7 and 8 of cell (1, 1)
      assert.are.same(pack(5, 2, 0, 2, 0, 1, 0, 0, 1, 7), cast(flat, { 2, 5, 2 }, { 0, -1, 0 }))
      -- corner (2, 0) only to triangle 4, corner (0, 2) only to 5
      assert.are.same(pack(5, 2, 0, 0, 0, 1, 0, 0, 1, 4), cast(flat, { 2, 5, 0 }, { 0, -1, 0 }))
      assert.are.same(pack(5, 0, 0, 2, 0, 1, 0, 1, 0, 5), cast(flat, { 0, 5, 2 }, { 0, -1, 0 }))
    end)

    it("hits a ray lying along a cell edge where it enters, with the surface normal", function()
      assert.are.same(pack(1, 0, 0, 1, 0, 1, 0, 1, 0, 1), cast(flat, { -1, 0, 1 }, { 1, 0, 0 }))
      -- along the diagonal of cell (1, 0), in its plane, from its corner:
      -- that corner is the last vertex of triangle 2 (cell (0, 0))
      assert.are.same(pack(0, 1, 0, 0, 0, 1, 0, 0, 1, 2), cast(flat, { 1, 0, 0 }, { 1, 0, 1 }))
    end)

    it("hits from below (two-sided) unless back faces are culled", function()
      assert.are.same(pack(1, 0.5, 0, 0.25, 0, -1, 0, 0.25, 0.25, 2), cast(flat, { 0.5, -1, 0.25 }, { 0, 1, 0 }))
      assert.are.same(pack(nil), cast(flat, { 0.5, -1, 0.25 }, { 0, 1, 0 }, nil, true))
    end)

    it("misses outside the grid, short of it, and beyond tmax", function()
      assert.are.same(pack(nil), cast(flat, { 2.5, 5, 0.5 }, { 0, -1, 0 }))
      assert.are.same(pack(nil), cast(flat, { -0.5, 5, 0.5 }, { 0, -1, 0 }))
      assert.are.same(pack(nil), cast(flat, { 1, 5, 1 }, { 0, -1, 0 }, 4.5))
      assert.are.same(pack(5, 1, 0, 1, 0, 1, 0, 0, 1, 1), cast(flat, { 1, 5, 1 }, { 0, -1, 0 }, 5))
      assert.are.same(pack(nil), cast(flat, { -1, 0.5, 1 }, { 1, 0, 0 }))
    end)

    it("grazes a ridge at its top", function()
      -- a ridge along x = 1 at height 1; a horizontal ray along the ridge
      -- line lies in the plane of triangle 2 (normal (-1, 1, 0) / sqrt 2),
      -- which it enters first, at its last vertex
      local ridge = collide.heightfield({ 0, 1, 0, 0, 1, 0, 0, 1, 0 }, 3, 3)
      assert.are.same(pack(1, 1, 1, 0, -0.70710678118654746, 0.70710678118654746, 0, 0, 1, 2),
        cast(ridge, { 1, 1, -1 }, { 0, 0, 1 }))
      -- just above it: a miss
      assert.are.same(pack(nil), cast(ridge, { 1, 1 + 1e-6, -1 }, { 0, 0, 1 }))
    end)

    it("starts inside the terrain's bounds and below its surface", function()
      local hill = collide.heightfield({ 0, 0, 0, 0, 2, 0, 0, 0, 0 }, 3, 3)
      -- from (1, 0.5, 1), under the peak, straight up: meets the peak from
      -- below, on triangle 1 (normal (-2, 1, 0) / sqrt 5, turned to the ray)
      assert.are.same(pack(1.5, 1, 2, 1, 0.89442719099991586, -0.44721359549995793, 0, 0, 1, 1),
        cast(hill, { 1, 0.5, 1 }, { 0, 1, 0 }))
    end)

    it("falls through holes", function()
      local holed = collide.heightfield({ nan, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }, 4, 3)
      assert.are.same(pack(nil), cast(holed, { 0.5, 5, 0.5 }, { 0, -1, 0 }))
      assert.are.same(pack(5, 1.5, 0, 0.5, 0, 1, 0, 0, 0.5, 3), cast(holed, { 1.5, 5, 0.5 }, { 0, -1, 0 }))
      -- the hole's triangles do not exist; the cell beside it does
      assert.is_nil(holed:triangle(1))
      assert.is_nil(holed:triangle(2))
      assert.are.same({ 1, 0, 0, 1, 0, 1, 2, 0, 1 }, { holed:triangle(3):vertices() })
      -- a ray along the hole's edge at z = 1 enters the cell (0, 1) at x = 0
      assert.are.same(pack(1, 0, 0, 1, 0, 1, 0, 0, 0, 7), cast(holed, { -1, 0, 1 }, { 1, 0, 0 }))
      assert.are.same({ 0, 0, 0, 3, 0, 2 }, box(holed:bounds()))
      -- all holes: nothing at all, as an empty mesh
      local none = collide.heightfield({ nan, nan, nan, nan }, 2, 2)
      assert.is_nil(none:bounds())
      assert.are.same(pack(nil), cast(none, { 0.5, 5, 0.5 }, { 0, -1, 0 }))
      assert.is_false(collide.intersects(none, collide.aabb(-10, -10, -10, 10, 10, 10)))
    end)

    it("hits the corners of a large grid far from the origin", function()
      local n = 1024
      local h = {}
      for k = 1, n * n do h[k] = 0 end
      local big = collide.heightfield(h, n, n, 1000, 1000, -5e5, 100, -5e5)
      local far = 1023 * 1000 - 5e5
      assert.are.same(pack(900, -5e5, 100, -5e5, 0, 1, 0, 0, 0, 1), cast(big, { -5e5, 1000, -5e5 }, { 0, -1, 0 }))
      assert.are.same(pack(900, far, 100, -5e5, 0, 1, 0, 0, 1, 2046), cast(big, { far, 1000, -5e5 }, { 0, -1, 0 }))
      assert.are.same(pack(900, -5e5, 100, far, 0, 1, 0, 1, 0, 2091013), cast(big, { -5e5, 1000, far }, { 0, -1, 0 }))
      assert.are.same(pack(900, far, 100, far, 0, 1, 0, 0, 1, 2093057), cast(big, { far, 1000, far }, { 0, -1, 0 }))
      -- one bump in the middle; a ray across the whole grid above the flat
      -- ground meets only the bump's eight triangles, and the nearest of
      -- them as brute force over those eight finds it
      big:set_height(512, 700, 50)
      local z = 700 * 1000 - 5e5 + 123
      local ray = collide.ray({ -5e5 - 1, 120, z }, { 1, 0, 0 })
      local best
      for j = 699, 700 do
        for i = 511, 512 do
          for k = 1, 2 do
            local index = 2 * (j * 1023 + i) + k
            local r = pack(ray:cast(big:triangle(index)))
            if r[1] and (best == nil or r[1] < best[1]) then best = r; best[10], best.n = index, 10 end
          end
        end
      end
      assert.is_not_nil(best)
      assert.are.same(best, pack(ray:cast(big)))
      assert.are.same({ -5e5, 100, -5e5, far + 1000 - 1000, 150, far }, box(big:bounds()))
    end)
  end)

  describe("set_height", function()
    it("edits in place and returns the heightfield", function()
      local hf = collide.heightfield({ 0, 0, 0, 0, 0, 0, 0, 0, 0 }, 3, 3)
      assert.are.equal(hf, hf:set_height(1, 1, 3))
      assert.are.equal(3, hf:height(1, 1))
      assert.are.same({ 0, 3 }, { box(hf:bounds())[2], box(hf:bounds())[5] })
      -- the peak, the last vertex of triangle 1, whose normal is now (-3, 1, 0) / sqrt 10
      assert.are.same(pack(2, 1, 3, 1, -0.94868329805051377, 0.31622776601683789, 0, 0, 1, 1),
        pack(collide.ray(1, 5, 1, 0, -1, 0):cast(hf)))
      hf:set_height(1, 1, 0)
      assert.are.same({ 0, 0 }, { box(hf:bounds())[2], box(hf:bounds())[5] })
      hf:set_height(0, 0, nan)
      assert.is_nil(hf:triangle(1))
      assert.are.same(pack(nil), pack(collide.ray(0.5, 5, 0.5, 0, -1, 0):cast(hf)))
      hf:set_height(0, 0, -2)
      assert.are.same({ -2, 0 }, { box(hf:bounds())[2], box(hf:bounds())[5] })
      -- a corner that belongs to no cell left after holes does not count
      hf:set_height(2, 1, nan):set_height(1, 2, nan)   -- leaves cell (0, 0) alone
      assert.are.same({ 0, -2, 0, 1, 0, 1 }, box(hf:bounds()))
    end)
  end)

  describe("against collide.mesh of the same triangles", function()
    -- any sequence will do: the mesh is the reference
    local random = math.random
    math.randomseed(24)

    -- a random grid: heights of a few levels (flat runs, shared edges and
    -- vertices), some holes, random spacing and origin
    local function grid(scale, big)
      local C, R = random(2, 11), random(2, 11)
      if big then C, R = random(17, 70), random(17, 70) end
      local sx, sz = (random() * 2 + 0.1) * scale, (random() * 2 + 0.1) * scale
      local ox, oy, oz = (random() * 10 - 5) * scale, (random() * 10 - 5) * scale, (random() * 10 - 5) * scale
      local h = {}
      for k = 1, C * R do
        local p = random()
        h[k] = p < 0.05 and nan or (p < 0.4 and random(-2, 2) * scale or (random() * 4 - 2) * scale)
      end
      return h, C, R, sx, sz, ox, oy, oz
    end

    local function random_shape(o, scale)
      local k = random(1, 6)
      local r = random() * scale
      if k == 1 then return collide.sphere(o, r) end
      if k == 2 then return collide.aabb_from_center(o, { r, random() * scale, random() * scale }) end
      if k == 3 then
        return collide.obb(o, { r, random() * scale, random() * scale }, { random() - 0.5, random() - 0.5, random() - 0.5, 1 })
      end
      if k == 4 then return collide.capsule(o, { o[1] + r, o[2] - r, o[3] + random() * scale }, random() * scale / 2) end
      if k == 5 then
        return collide.triangle(o, { o[1] + r, o[2], o[3] }, { o[1], o[2] + random() * scale - scale / 2, o[3] + r })
      end
      return collide.plane_from_point(o, { random() - 0.5, 1, random() - 0.5 })
    end

    local function compare(hf, m, map, h, C, R, sx, sz, ox, oy, oz, scale, n)
      for _ = 1, n do
        local o = { ox + (random() * (C + 1) - 0.5) * sx, oy + (random() * 8 - 4) * scale, oz + (random() * (R + 1) - 0.5) * sz }
        local d = { random() * 2 - 1, random() * 2 - 1, random() * 2 - 1 }
        local p = random()
        if p < 0.2 then d = { 0, -1, 0 }
        elseif p < 0.3 then d = { random() * 2 - 1, 0, 0 }
        elseif p < 0.4 then d = { 1, 0, 1 }
        elseif p < 0.55 then d = { random() * 2 - 1, -0.05 * random(), random() * 2 - 1 } end
        if d[1] == 0 and d[2] == 0 and d[3] == 0 then d[2] = 1 end
        local ray = collide.ray(o, d, random() < 0.5 and math.huge or random() * 10 * scale)
        local cull = random() < 0.3
        same(pack(ray:cast(hf, cull)), mapped(map, 10, ray:cast(m, cull)), "cast")
        assert.are.equal(collide.intersects(m, ray), collide.intersects(hf, ray))
        local q = hf:query(ray)
        local qm = m:query(ray)
        for k = 1, #qm do qm[k] = map[qm[k]] end
        table.sort(qm)
        assert.are.same(qm, q)

        local s = random_shape(o, scale)
        assert.are.equal(collide.intersects(m, s), collide.intersects(hf, s))
        assert.are.equal(collide.intersects(s, m), collide.intersects(s, hf))
        q, qm = hf:query(s), m:query(s)
        for k = 1, #qm do qm[k] = map[qm[k]] end
        table.sort(qm)
        assert.are.same(qm, q)
        if collide.type(s) ~= "triangle" then
          local c, cm = hf:contacts(s), m:contacts(s)
          for k = 1, #cm do cm[k].index = map[cm[k].index] end
          table.sort(cm, function(a, b) return a.index < b.index end)
          assert.are.same(cm, c)
          same(pack(collide.contact(s, hf)), mapped(map, 5, collide.contact(s, m)), "contact")
          same(pack(collide.contact(hf, s)), mapped(map, 5, collide.contact(m, s)), "contact")
        end
        local kind = collide.type(s)
        if kind ~= "triangle" and kind ~= "plane" then
          local dx, dy, dz = (random() * 2 - 1) * 5 * scale, (random() * 2 - 1) * 5 * scale, (random() * 2 - 1) * 5 * scale
          if random() < 0.2 then dx, dz = 0, 0 end
          same(pack(collide.sweep(s, dx, dy, dz, hf)), mapped(map, 8, collide.sweep(s, dx, dy, dz, m)), "sweep")
        end
      end
    end

    -- hf against the mesh of heights h: bounds, then n random queries
    local function against_mesh(hf, h, C, R, sx, sz, ox, oy, oz, scale, n)
      local v, idx, map = mesh_of(h, C, R, sx, sz, ox, oy, oz)
      if #idx == 0 then
        assert.is_nil(hf:bounds())
        return
      end
      local m = collide.mesh(v, idx)
      assert.are.same(box(m:bounds()), box(hf:bounds()))
      compare(hf, m, map, h, C, R, sx, sz, ox, oy, oz, scale, n)
    end

    for _, scale in ipairs { 1, 1e-3, 1e4 } do
      it("gives the mesh's casts, tests, queries, contacts and sweeps (scale " .. scale .. ")", function()
        for _ = 1, 25 do
          local h, C, R, sx, sz, ox, oy, oz = grid(scale)
          local hf = collide.heightfield(h, C, R, sx, sz, ox, oy, oz)
          against_mesh(hf, h, C, R, sx, sz, ox, oy, oz, scale, 30)
        end
      end)
    end

    it("gives them on grids of many blocks, with long rays and sweeps", function()
      for _ = 1, 6 do
        local h, C, R, sx, sz, ox, oy, oz = grid(1, true)
        local hf = collide.heightfield(h, C, R, sx, sz, ox, oy, oz)
        against_mesh(hf, h, C, R, sx, sz, ox, oy, oz, 1, 60)
      end
    end)

    it("still does after heights are edited in place", function()
      for _ = 1, 15 do
        local h, C, R, sx, sz, ox, oy, oz = grid(1)
        local hf = collide.heightfield(h, C, R, sx, sz, ox, oy, oz)
        for _ = 1, 4 do
          local i, j = random(0, C - 1), random(0, R - 1)
          local p = random()
          local y = p < 0.2 and nan or random() * 6 - 3
          h[j * C + i + 1] = y
          hf:set_height(i, j, y)
        end
        against_mesh(hf, h, C, R, sx, sz, ox, oy, oz, 1, 20)
      end
    end)

    it("meets meshes and other heightfields as the meshes do", function()
      for _ = 1, 30 do
        local a = { grid(1) }
        local b = { grid(1) }
        local ha = collide.heightfield(unpack(a))
        local hb = collide.heightfield(unpack(b))
        local va, ia = mesh_of(unpack(a))
        local vb, ib = mesh_of(unpack(b))
        local ma, mb = collide.mesh(va, ia), collide.mesh(vb, ib)
        local want = collide.intersects(ma, mb)
        assert.are.equal(want, collide.intersects(ha, hb))
        assert.are.equal(want, collide.intersects(hb, ha))
        assert.are.equal(want, collide.intersects(ha, mb))
        assert.are.equal(want, collide.intersects(mb, ha))
        assert.are.equal(want, ha:intersects(mb))
        assert.are.equal(want, ma:intersects(hb))
      end
    end)
  end)

  describe("in a scene", function()
    -- rolling terrain with a hole, and the same triangles as a mesh in a
    -- second scene: every scene call must answer alike
    local C, R = 24, 20
    local h = {}
    for j = 0, R - 1 do
      for i = 0, C - 1 do h[j * C + i + 1] = math.sin(i * 0.5) * 1.5 + math.cos(j * 0.4) end
    end
    h[5 * C + 6 + 1] = nan
    local v, idx, map = mesh_of(h, C, R, 0.5, 0.5, -6, 0, -5)
    local function scenes()
      local a, b = collide.scene(), collide.scene()
      a:add("ground", collide.heightfield(h, C, R, 0.5, 0.5, -6, 0, -5))
      b:add("ground", collide.mesh(v, idx))
      a:add("box", collide.aabb(2, 3, 2, 3, 4, 3))
      b:add("box", collide.aabb(2, 3, 2, 3, 4, 3))
      return a, b
    end

    it("answers raycast, query and sweep as with the mesh", function()
      local a, b = scenes()
      math.randomseed(7)
      for _ = 1, 200 do
        local o = { math.random() * 14 - 7, math.random() * 6 - 1, math.random() * 12 - 6 }
        local ray = collide.ray(o, { math.random() - 0.5, math.random() - 0.7, math.random() - 0.5 })
        same(pack(a:raycast(ray)), mapped(map, 11, b:raycast(ray)), "raycast")
        local s = collide.sphere(o, math.random())
        assert.are.same(b:query(s), a:query(s))
        local dx, dy, dz = math.random() * 4 - 2, math.random() * 4 - 3, math.random() * 4 - 2
        same(pack(a:sweep(s, dx, dy, dz)), mapped(map, 9, b:sweep(s, dx, dy, dz)), "scene sweep")
      end
    end)

    it("moves items and characters over it as over the mesh", function()
      local a, b = scenes()
      a:add("ball", collide.sphere(0, 4, 0, 0.4))
      b:add("ball", collide.sphere(0, 4, 0, 0.4))
      for step = 1, 40 do
        local dx, dy, dz = 0.3 * math.cos(step * 0.3), -0.5, 0.25
        local ma = pack(a:move("ball", dx, dy, dz))
        local mb = pack(b:move("ball", dx, dy, dz))
        assert.are.same({ mb[1], mb[2], mb[3] }, { ma[1], ma[2], ma[3] })
        assert.are.same({ b:shape("ball"):center() }, { a:shape("ball"):center() })
      end
      a:add("player", collide.capsule(-3, 4, -3, -3, 5, -3, 0.3))
      b:add("player", collide.capsule(-3, 4, -3, -3, 5, -3, 0.3))
      local ca, cb = collide.character(a, "player"), collide.character(b, "player")
      for step = 1, 60 do
        local dx, dz = 0.15 * math.cos(step * 0.1), 0.12
        assert.are.same({ cb:move(dx, -0.2, dz) }, { ca:move(dx, -0.2, dz) })
        assert.are.equal(cb:on_floor(), ca:on_floor())
        assert.are.same({ cb:floor_normal() }, { ca:floor_normal() })
      end
      assert.is_true(ca:on_floor())
    end)
  end)

  describe("with a hull", function()
    -- the corners of a unit cube about the origin
    local cube = {}
    for _, x in ipairs { -0.5, 0.5 } do
      for _, y in ipairs { -0.5, 0.5 } do
        for _, z in ipairs { -0.5, 0.5 } do cube[#cube + 1] = { x, y, z } end
      end
    end
    local flat = { 0, 0, 0, 0, 0, 0, 0, 0, 0 }

    it("meets a flat grid exactly", function()
      local hf = collide.heightfield(flat, 3, 3)
      local above, sunk = collide.hull(cube, { 1, 2, 1 }), collide.hull(cube, { 1, 0.25, 1 })
      assert.is_false(collide.intersects(above, hf))
      assert.is_false(collide.intersects(hf, above))
      assert.is_true(collide.intersects(sunk, hf))
      assert.is_true(hf:intersects(sunk))
      -- a cube dropped from 1.5 above the grid by 4: t = 1.5 / 4, the first
      -- triangle under it, the normal up
      local t, _, py, _, _, ny, _, index = collide.sweep(above, 0, -4, 0, hf)
      assert.are.same({ 0.375, 0, 1, 1 }, { t, py, ny, index })
      -- sunk 0.25 into the grid: the deepest contact is up, 0.25 deep, at
      -- the first triangle; each of the 8 triangles under it is listed
      assert.are.same({ 0, 1, 0, 0.25, 1 }, { collide.contact(hf, sunk) })
      assert.are.same({ 0, -1, 0, 0.25, 1 }, { collide.contact(sunk, hf) })
      assert.are.same({ 1, 2, 3, 4, 5, 6, 7, 8 }, hf:query(sunk))
      local depths = {}
      for _, c in ipairs(hf:contacts(sunk)) do depths[c.index] = c.depth end
      -- triangles 4 and 5 only touch the cube along their diagonal's end
      assert.are.same({ 0.25, 0.25, 0.25, 0, 0, 0.25, 0.25, 0.25 }, depths)
      -- a ray down through the cube's middle meets the grid at t = 3, on
      -- the vertex (1, 0, 1) of the first triangle (u = 0, v = 1)
      local ray = collide.ray(1, 3, 1, 0, -1, 0)
      assert.are.same({ 3, 1, 0, 1, 0, 1, 0, 0, 1, 1 }, { ray:cast(hf) })
    end)

    it("gives the mesh's tests, queries, contacts and sweeps on random terrain", function()
      local r = H.rng(2026)
      for _ = 1, 40 do
        local C, R = math.floor(r(2, 9)), math.floor(r(2, 9))
        local sx, sz = r(0.3, 2), r(0.3, 2)
        local ox, oy, oz = r(-3, 3), r(-2, 2), r(-3, 3)
        local h = {}
        for k = 1, C * R do
          local p = r(0, 1)
          h[k] = p < 0.05 and nan or (p < 0.4 and math.floor(r(-2, 3)) or r(-2, 2))
        end
        local hf = collide.heightfield(h, C, R, sx, sz, ox, oy, oz)
        local v, idx, map = mesh_of(h, C, R, sx, sz, ox, oy, oz)
        local m = #idx > 0 and collide.mesh(v, idx)
        for _ = 1, 15 do
          local pts = {}
          for k = 1, math.floor(r(4, 14)) do
            pts[k] = { r(-1, 1), r(-1, 1), r(-1, 1) }
          end
          -- a tetrahedron's corners first, so the hull has volume
          pts[1], pts[2], pts[3], pts[4] = { -1, -1, -1 }, { 1, -1, -1 }, { 0, 1, -1 }, { 0, 0, 1 }
          local at = { ox + r(-0.5, C + 0.5) * sx, oy + r(-3, 3), oz + r(-0.5, R + 0.5) * sz }
          local hull = collide.hull(pts, at, { r(-1, 1), r(-1, 1), r(-1, 1), r(0.1, 1) })
          if not m then
            assert.is_false(collide.intersects(hull, hf))
            assert.is_nil(collide.sweep(hull, 0, -6, 0, hf))
          else
            assert.are.equal(collide.intersects(hull, m), collide.intersects(hull, hf))
            assert.are.equal(collide.intersects(m, hull), collide.intersects(hf, hull))
            local q, qm = hf:query(hull), m:query(hull)
            for k = 1, #qm do qm[k] = map[qm[k]] end
            table.sort(qm)
            assert.are.same(qm, q)
            local c, cm = hf:contacts(hull), m:contacts(hull)
            for k = 1, #cm do cm[k].index = map[cm[k].index] end
            table.sort(cm, function(a, b) return a.index < b.index end)
            assert.are.same(cm, c)
            same(pack(collide.contact(hull, hf)), mapped(map, 5, collide.contact(hull, m)), "contact")
            same(pack(collide.contact(hf, hull)), mapped(map, 5, collide.contact(m, hull)), "contact")
            local dx, dy, dz = r(-4, 4), r(-6, 2), r(-4, 4)
            same(pack(collide.sweep(hull, dx, dy, dz, hf)), mapped(map, 8, collide.sweep(hull, dx, dy, dz, m)),
              "sweep")
            same(pack(collide.sweep(hull, { 0, -6, 0 }, hf)), mapped(map, 8, collide.sweep(hull, { 0, -6, 0 }, m)),
              "sweep down")
          end
        end
      end
    end)

    it("keeps a hull's data while a finalizer rebuilds that hull during hf:query and hf:contacts", function()
      -- a 17 x 17 flat grid: a cube sunk 0.25 at its middle meets 8
      -- triangles; a finalizer that rebuilds the hull (h:set, the same
      -- points: new data, the same answers, whenever it runs) must not free
      -- what the walk under way reads (the sanitizer build sees it)
      local heights = {}
      for k = 1, 17 * 17 do heights[k] = 0 end
      local hf = collide.heightfield(heights, 17, 17)
      local hull = collide.hull(cube, { 8, 0.25, 8 })
      local want_q, want_c = hf:query(hull), hf:contacts(hull)
      assert.are.equal(8, #want_q)
      local got, rounds = 0, 0
      H.collecting_often(function()
        for _ = 1, 600 do
          H.on_gc(function()
            hull:set(cube, { 8, 0.25, 8 })
            got = got + 1
          end)
          assert.are.same(want_q, hf:query(hull))
          assert.are.same(want_c, hf:contacts(hull))
          rounds = rounds + 1
        end
      end)
      collectgarbage()
      assert.are.equal(600, rounds)
      assert.is_true(got > 100, "finalizers run: " .. got)
    end)

    it("carries a hull item over it in a scene as over the mesh", function()
      local C, R = 12, 10
      local h = {}
      for j = 0, R - 1 do
        for i = 0, C - 1 do h[j * C + i + 1] = math.sin(i * 0.7) * 0.8 + math.cos(j * 0.5) * 0.6 end
      end
      local v, idx, map = mesh_of(h, C, R, 0.5, 0.5, -3, 0, -2.5)
      local a, b = collide.scene(), collide.scene()
      a:add("ground", collide.heightfield(h, C, R, 0.5, 0.5, -3, 0, -2.5))
      b:add("ground", collide.mesh(v, idx))
      a:add("rock", collide.hull(cube, { -2, 3, -1.5 }))
      b:add("rock", collide.hull(cube, { -2, 3, -1.5 }))
      for step = 1, 30 do
        local dx, dy, dz = 0.12, -0.4, 0.08 * math.cos(step * 0.4)
        local ma = pack(a:move("rock", dx, dy, dz))
        local mb = pack(b:move("rock", dx, dy, dz))
        assert.are.same({ mb[1], mb[2], mb[3] }, { ma[1], ma[2], ma[3] })
        assert.are.same({ b:shape("rock"):center() }, { a:shape("rock"):center() })
      end
      local ray = collide.ray(0, 5, 0, 0.1, -1, 0.05)
      same(pack(a:raycast(ray)), mapped(map, 11, b:raycast(ray)), "raycast")
      -- the rock came to rest on the ground
      local _, cy = a:shape("rock"):center()
      assert.is_true(cy < 2)
    end)
  end)
end)
