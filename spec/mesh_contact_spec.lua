-- mesh:contacts(shape) and collide.contact with a mesh on either side: the
-- same answers as collide.contact on each triangle one by one
-- (mesh:triangle(i)): contacts lists every triangle whose contact is not nil
-- with contact(triangle, shape)'s normal (from the triangle towards the
-- shape); collide.contact(mesh, shape) is the deepest of those,
-- collide.contact(shape, mesh) the deepest of contact(shape, triangle), ties
-- to the lowest index, which comes 5th.
local collide = require "collide"
local H = require "helpers"

-- a floor of two triangles in y = 0 over [-5, 5] x [-5, 5] (1: x > z, 2:
-- x < z) and a wall (3) in x = 4
local function level()
  return collide.mesh({ -5, 0, -5, 5, 0, -5, 5, 0, 5, -5, 0, -5, 5, 0, 5, -5, 0, 5,
                        4, -5, -5, 4, 5, -5, 4, 0, 5 })
end

describe("mesh:contacts", function()
  it("one entry per triangle the shape overlaps, normals towards the shape", function()
    local m = level()
    local got = m:contacts(collide.sphere(3.5, 0.5, 0, 1))
    assert.are.equal(2, #got)
    assert.are.same({ "depth", "index", "nx", "ny", "nz" }, (function()
      local k = {}
      for name in pairs(got[1]) do k[#k + 1] = name end
      table.sort(k)
      return k
    end)())
    assert.are.equal(1, got[1].index)
    H.assert_near({ 0, 1, 0, 0.5 }, { got[1].nx, got[1].ny, got[1].nz, got[1].depth }, 1e-15)
    assert.are.equal(3, got[2].index)
    H.assert_near({ -1, 0, 0, 0.5 }, { got[2].nx, got[2].ny, got[2].nz, got[2].depth }, 1e-15)
    -- on the shared diagonal: both floor triangles
    got = m:contacts(collide.capsule(-1, 0.5, -1, -2, 0.5, -2, 1))
    assert.are.equal(2, #got)
    assert.are.same({ 1, 2 }, { got[1].index, got[2].index })
    H.assert_near({ 0, 1, 0, 0.5 }, { got[2].nx, got[2].ny, got[2].nz, got[2].depth }, 1e-15)
    -- touching: depth 0; apart: none
    got = m:contacts(collide.aabb(-3, 0, 1, -2, 1, 2))
    assert.are.equal(1, #got)
    H.assert_near({ 2, 0, 1, 0, 0 }, { got[1].index, got[1].nx, got[1].ny, got[1].nz, got[1].depth }, 0)
    assert.are.same({}, m:contacts(collide.sphere(0, 2, 0, 1)))
    assert.are.same({}, collide.mesh({}):contacts(collide.sphere(0, 0, 0, 1)))
    -- a plane across the floor and the wall
    got = m:contacts(collide.plane(0, 0, 1, 0))
    assert.are.same({ 1, 2, 3 }, { got[1].index, got[2].index, got[3] and got[3].index })
  end)

  it("collide.contact: the deepest, in either order, ties to the lowest index", function()
    local m = level()
    local s = collide.sphere(3.5, 0.25, 0, 1)
    H.assert_vals({ 0, 1, 0, 0.75, 1 }, 1e-15, collide.contact(m, s))
    H.assert_vals({ 0, -1, 0, 0.75, 1 }, 1e-15, collide.contact(s, m))
    H.assert_vals({ 0, 1, 0, 0.75, 1 }, 1e-15, m:contact(s))
    H.assert_vals({ 0, 1, 0, 0.5, 1 }, 1e-15, collide.contact(m, collide.sphere(-1, 0.5, -1, 1)))
    H.assert_vals({ -1, 0, 0, 0.25, 3 }, 1e-15, collide.contact(m, collide.sphere(3.25, 2, 0, 1)))
    assert.is_nil(collide.contact(m, collide.sphere(0, 2, 0, 1)))
    assert.is_nil(collide.contact(collide.sphere(0, 2, 0, 1), m))
  end)

  it("equals collide.contact on every triangle one by one (random shapes, fixed seed)", function()
    local r = H.rng(77)
    local verts = {}
    for _ = 1, 40 do
      local x, y, z = r(-3, 3), r(-3, 3), r(-3, 3)
      verts[#verts + 1] = { x, y, z }
      verts[#verts + 1] = { x + r(-2, 2), y + r(-1, 1), z + r(-2, 2) }
      verts[#verts + 1] = { x + r(-2, 2), y + r(-2, 2), z + r(-1, 1) }
    end
    local m = collide.mesh(verts)
    local shapes = {
      function(x, y, z) return collide.sphere(x, y, z, r(0.2, 1.5)) end,
      function(x, y, z) return collide.capsule(x, y, z, x + r(-2, 2), y + r(-2, 2), z + r(-2, 2), r(0.1, 1)) end,
      function(x, y, z) return collide.aabb(x, y, z, x + r(0.2, 2), y + r(0.2, 2), z + r(0.2, 2)) end,
      function(x, y, z) return collide.obb(x, y, z, r(0.2, 1), r(0.2, 1), r(0.2, 1), r(-1, 1), r(-1, 1), r(-1, 1), r(0.1, 1)) end,
      function(x, y, z) return collide.plane(x, y, z + 0.01, r(-2, 2)) end,
    }
    local some = 0
    for i = 1, 250 do
      local s = shapes[i % #shapes + 1](r(-3, 3), r(-3, 3), r(-3, 3))
      local want, deep_a, deep_b = {}, nil, nil
      for k = 1, m:count() do
        local tri = m:triangle(k)
        local c = H.pack(collide.contact(tri, s))
        if c[1] then
          want[#want + 1] = { index = k, nx = c[1], ny = c[2], nz = c[3], depth = c[4] }
          if deep_a == nil or c[4] > deep_a[4] then deep_a = { c[1], c[2], c[3], c[4], k, n = 5 } end
        end
        local b = H.pack(collide.contact(s, tri))
        if b[1] and (deep_b == nil or b[4] > deep_b[4]) then deep_b = { b[1], b[2], b[3], b[4], k, n = 5 } end
      end
      local where = ("case %d: %s"):format(i, tostring(s))
      assert.are.same(want, m:contacts(s), where)
      H.assert_exact(deep_a or { nil, n = 1 }, collide.contact(m, s))
      H.assert_exact(deep_b or { nil, n = 1 }, collide.contact(s, m))
      if #want > 1 then some = some + 1 end
    end
    assert.is_true(some > 30, some .. " shapes met several triangles")
  end)

  it("errors", function()
    local m = level()
    local tri = collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0)
    local ray = collide.ray(0, 0, 0, 1, 0, 0)
    local K = "aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield"
    local cases = {
      { "bad argument #1 to 'contacts' (aabb, obb, sphere, triangle, capsule, hull or plane expected, got collide.ray)",
        function() m:contacts(ray) end },
      { "bad argument #1 to 'contacts' (aabb, obb, sphere, triangle, capsule, hull or plane expected, got no value)",
        function() m:contacts() end },
      { "bad argument #1 to 'contacts' (triangle-triangle contact is not supported)", function() m:contacts(tri) end },
      { "bad argument #2 to 'contact' (triangle-triangle contact is not supported)", function() collide.contact(m, tri) end },
      { "bad argument #1 to 'contact' (triangle-triangle contact is not supported)", function() collide.contact(tri, m) end },
      { "bad argument #2 to 'contact' (mesh-mesh contact is not supported)", function() collide.contact(m, m) end },
      { "bad argument #2 to 'contact' (" .. K .. " expected, got collide.ray)", function() collide.contact(m, ray) end },
      { "bad argument #1 to 'contact' (" .. K .. " expected, got number)", function() collide.contact(1, m) end },
      { "bad argument #1 to 'contacts' (collide.mesh expected, got collide.triangle)",
        function() m.contacts(tri, tri) end },
    }
    for _, c in ipairs(cases) do assert.has_error(c[2], c[1]) end
  end)
end)
