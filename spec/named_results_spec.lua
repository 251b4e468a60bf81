-- Named results: ray:cast, collide.cast, scene:raycast and scene:sweep
-- given a table `out` fill it with the hit (item, t, x, y, z, nx, ny, nz,
-- and u, v, index where they apply; every other field of a hit set to
-- nil) and return it, or nil on a miss; each field equals the positional
-- result it names, to the last bit.
local collide = require "collide"

local CAST = { "t", "x", "y", "z", "nx", "ny", "nz", "u", "v", "index" }
local RAYCAST = { "item", "t", "x", "y", "z", "nx", "ny", "nz", "u", "v", "index" }
local SWEEP = { "item", "t", "x", "y", "z", "nx", "ny", "nz", "index" }

-- the table the positional values give, named as names says
local function as_named(names, ...)
  local t = {}
  for i = 1, select("#", ...) do t[names[i]] = (select(i, ...)) end
  return t
end

describe("named results", function()
  local ray = collide.ray(-5, 0.5, 0.25, 1, 0, 0)

  it("ray:cast and collide.cast fill out with the hit and return it", function()
    local box = collide.aabb(0, 0, 0, 1, 1, 1)
    local out = {}
    assert.are.equal(out, ray:cast(box, false, out))
    assert.are.same({ t = 5, x = 0, y = 0.5, z = 0.25, nx = -1, ny = 0, nz = 0 }, out)
    assert.are.same(as_named(CAST, ray:cast(box)), out)
    -- a triangle's u and v; a mesh's and a compound's index
    local tri = collide.triangle(0, 0, -1, 0, 2, -1, 0, 0, 3)
    assert.are.same(as_named(CAST, ray:cast(tri)), collide.cast(ray, tri, false, {}))
    assert.are.same({ t = 5, x = 0, y = 0.5, z = 0.25, nx = -1, ny = 0, nz = 0, u = 0.25, v = 0.3125 },
      collide.cast(ray, tri, false, {}))
    local mesh = collide.mesh({ 0, 0, -1, 0, 2, -1, 0, 0, 2, 3, 0, -1, 3, 2, -1, 3, 0, 2 })
    local m = ray:cast(mesh, false, {})
    assert.are.same(as_named(CAST, ray:cast(mesh)), m)
    assert.are.equal(1, m.index)
    local k = collide.compound({ collide.aabb(5, 0, 0, 6, 1, 1), collide.sphere(1, 0.5, 0.25, 0.5) })
    assert.are.same(as_named(CAST, ray:cast(k)), ray:cast(k, false, {}))
    assert.are.equal(2, ray:cast(k, false, {}).index)
  end)

  it("clears the fields that do not apply and leaves out alone on a miss", function()
    local out = { item = "old", u = 1, v = 2, index = 3, material = 4, mine = "kept" }
    ray:cast(collide.sphere(0, 0.5, 0.25, 1), nil, out)
    assert.are.same({ t = 4, x = -1, y = 0.5, z = 0.25, nx = -1, ny = 0, nz = 0, mine = "kept" }, out)
    assert.is_nil(ray:cast(collide.sphere(0, 5, 0, 1), false, out))
    assert.are.equal(4, out.t)
  end)

  it("scene:raycast and scene:sweep fill out with the item too", function()
    local s = collide.scene()
    s:add("box", collide.aabb(0, 0, 0, 1, 1, 1))
    s:add("mesh", collide.mesh({ 3, 0, -1, 3, 2, -1, 3, 0, 2 }))
    local out = {}
    assert.are.equal(out, s:raycast(ray, nil, out))
    assert.are.same(as_named(RAYCAST, s:raycast(ray)), out)
    assert.are.same({ item = "box", t = 5, x = 0, y = 0.5, z = 0.25, nx = -1, ny = 0, nz = 0 }, out)
    local far = collide.ray(2, 0.5, 0.25, 1, 0, 0)
    assert.are.same(as_named(RAYCAST, s:raycast(far)), s:raycast(far, 1, out))
    assert.are.equal(1, out.index)
    assert.is_nil(s:raycast(collide.ray(0, 5, 0, 1, 0, 0), nil, out))
    -- sweep: three numbers or one vector, then the filter, then out
    local ball = collide.sphere(-3, 0.5, 0.5, 0.5)
    local hit = s:sweep(ball, 10, 0, 0, nil, {})
    assert.are.same(as_named(SWEEP, s:sweep(ball, 10, 0, 0)), hit)
    assert.are.same({ item = "box", t = 0.25, x = 0, y = 0.5, z = 0.5, nx = -1, ny = 0, nz = 0 }, hit)
    assert.are.same(hit, s:sweep(ball, { 10, 0, 0 }, nil, {}))
    local m = s:sweep(collide.sphere(1.5, 0.5, 0.5, 0.5), 10, 0, 0, { exclude = "box" }, {})
    assert.are.equal("mesh", m.item)
    assert.are.equal(1, m.index)
    assert.is_nil(s:sweep(ball, 0, 10, 0, nil, {}))
  end)

  it("refuses an out that is not a table", function()
    local s = collide.scene()
    local box = collide.aabb(0, 0, 0, 1, 1, 1)
    assert.has_error(function() ray:cast(box, false, 1) end,
      "bad argument #3 to 'cast' (table expected, got number)")
    assert.has_error(function() collide.cast(ray, box, false, "t") end,
      "bad argument #4 to 'cast' (table expected, got string)")
    assert.has_error(function() s:raycast(ray, nil, true) end,
      "bad argument #3 to 'raycast' (table expected, got boolean)")
    assert.has_error(function() s:sweep(box, 1, 0, 0, nil, 1) end,
      "bad argument #6 to 'sweep' (table expected, got number)")
    assert.has_error(function() s:sweep(box, { 1, 0, 0 }, nil, 1) end,
      "bad argument #4 to 'sweep' (table expected, got number)")
  end)
end)
