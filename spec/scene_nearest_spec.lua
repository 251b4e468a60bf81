-- scene:nearest: the item nearest a point, exactly, for every kind of
-- item (hand-computed distances and closest points), a point inside,
-- ties to the earlier added, max_distance (inclusive), filters in every
-- form, errors; then random scenes against brute force over every item
-- by the shapes' own distances (shape:distance, a plane's taken
-- unsigned, a mesh's and a heightfield's over their triangles).
local collide = require "collide"
local H = require "helpers"

local function nearest(scene, ...)
  return H.pack(scene:nearest(...))
end

-- the results item, d, px, py, pz, exactly
local function same(got, item, d, x, y, z)
  assert.are.equal(5, got.n)
  assert.are.equal(item, got[1])
  local miss = H.mismatch({ d, x, y, z }, { n = 4, got[2], got[3], got[4], got[5] })
  assert(miss == nil, miss)
end

describe("scene:nearest", function()
  it("is nil in an empty scene and beyond max_distance", function()
    local s = collide.scene()
    assert.are.equal(1, nearest(s, 0, 0, 0).n)
    assert.is_nil(s:nearest(0, 0, 0))
    s:add("box", collide.aabb(1, 0, 0, 2, 1, 1))
    assert.is_nil(s:nearest(0, 0.5, 0.5, 0.75))
    -- exactly at max_distance counts
    same(nearest(s, 0, 0.5, 0.5, 1), "box", 1, 1, 0.5, 0.5)
    same(nearest(s, 0, 0.5, 0.5, nil), "box", 1, 1, 0.5, 0.5)
    same(nearest(s, 0, 0.5, 0.5, math.huge), "box", 1, 1, 0.5, 0.5)
  end)

  it("measures every kind exactly", function()
    local cases = {
      { collide.aabb(1, 1, 1, 2, 2, 2), { 0, 0, 0 }, math.sqrt(3), 1, 1, 1 },
      { collide.aabb(1, 1, 1, 2, 2, 2), { 3, 1.5, 1.5 }, 1, 2, 1.5, 1.5 },
      { collide.obb({ 0, 0, 0 }, { 1, 2, 3 }), { 0, 5, 0 }, 3, 0, 2, 0 },
      { collide.sphere(0, 0, 0, 2), { 0, 0, 5 }, 3, 0, 0, 2 },
      { collide.capsule(0, 0, 0, 0, 4, 0, 1), { 3, 2, 0 }, 2, 1, 2, 0 },
      { collide.capsule(0, 0, 0, 0, 4, 0, 1), { 0, 7, 0 }, 2, 0, 5, 0 },
      { collide.triangle(0, 0, 0, 4, 0, 0, 0, 0, 4), { 1, 3, 1 }, 3, 1, 0, 1 },
      { collide.triangle(0, 0, 0, 4, 0, 0, 0, 0, 4), { -3, 0, -4 }, 5, 0, 0, 0 },
      -- a plane is a surface: either side
      { collide.plane(0, 1, 0, 2), { 1, 5, 1 }, 3, 1, 2, 1 },
      { collide.plane(0, 1, 0, 2), { 1, -1, 1 }, 3, 1, 2, 1 },
      { collide.ray(0, 0, 0, 1, 0, 0, 2), { 5, 4, 0 }, 5, 2, 0, 0 },
      { collide.ray(0, 0, 0, 1, 0, 0), { 50, 4, 0 }, 4, 50, 0, 0 },
      { collide.hull({ 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 2, 2, 2, 2, 2, 2, 0, 2, 0, 2, 0, 2, 2 }),
        { 1, 1, 6 }, 4, 1, 1, 2 },
      { collide.compound({ collide.aabb(0, 0, 0, 1, 1, 1), collide.sphere(5, 0, 0, 1) }, { 0, 0, 10 }),
        { 8, 0, 10 }, 2, 6, 0, 10 },
      { collide.mesh({ 0, 0, 0, 4, 0, 0, 4, 0, 4, 0, 0, 4 }, { 1, 2, 3, 1, 3, 4 }),
        { 2, -3, 3 }, 3, 2, 0, 3 },
      { collide.heightfield({ 1, 1, 1, 1, 1, 1, 1, 1, 1 }, 3, 3), { 1, 5, 0.5 }, 4, 1, 1, 0.5 },
      { collide.heightfield({ 1, 1, 1, 1, 1, 1, 1, 1, 1 }, 3, 3), { 4, 1, 1 }, 2, 2, 1, 1 },
      -- a sloped terrain, y = z: its upper edge
      { collide.heightfield({ 0, 0, 0, 1, 1, 1, 2, 2, 2 }, 3, 3), { 1, 3, 3 }, math.sqrt(2), 1, 2, 2 },
    }
    for k, c in ipairs(cases) do
      local s = collide.scene()
      s:add(k, c[1])
      local p = c[2]
      same(nearest(s, p[1], p[2], p[3]), k, c[3], c[4], c[5], c[6])
    end
  end)

  it("gives d = 0 and the point itself inside a solid or on a surface", function()
    local s = collide.scene()
    s:add("obb", collide.obb({ 0, 0, 0 }, { 1, 1, 1 }, { 0, 0, 0.3826834323650898, 0.9238795325112867 }))
    s:add("far", collide.sphere(10, 0, 0, 1))
    same(nearest(s, 0.1, 0.2, 0.3), "obb", 0, 0.1, 0.2, 0.3)
    s:add("plane", collide.plane(0, 0, 1, 5))
    same(nearest(s, 7.25, 3.5, 5), "plane", 0, 7.25, 3.5, 5)
  end)

  it("breaks ties in d by add order", function()
    local s = collide.scene()
    s:add("right", collide.aabb(1, -1, -1, 2, 1, 1))
    s:add("left", collide.aabb(-2, -1, -1, -1, 1, 1))
    s:add("plane", collide.plane(0, 1, 0, 1))
    same(nearest(s, 0, 0, 0), "right", 1, 1, 0, 0)
    s:remove("right")
    same(nearest(s, 0, 0, 0), "left", 1, -1, 0, 0)
    s:add("right", collide.aabb(1, -1, -1, 2, 1, 1))
    -- the plane, at the same distance, was added before the new right
    same(nearest(s, 0, 0, 0), "left", 1, -1, 0, 0)
    s:remove("left")
    same(nearest(s, 0, 0, 0), "plane", 1, 0, 1, 0)
  end)

  it("takes a mask, a function and a filter table", function()
    local s = collide.scene()
    s:add("a", collide.sphere(2, 0, 0, 1), { layer = 1 })
    s:add("b", collide.sphere(0, 3, 0, 1), { layer = 2 })
    s:add("c", collide.sphere(0, 0, 4, 1), { layer = 4, sensor = true })
    same(nearest(s, 0, 0, 0), "a", 1, 1, 0, 0)
    same(nearest(s, 0, 0, 0, nil, 2), "b", 2, 0, 2, 0)
    same(nearest(s, 0, 0, 0, nil, function(item) return item ~= "a" end), "b", 2, 0, 2, 0)
    same(nearest(s, 0, 0, 0, nil, { exclude = "a" }), "b", 2, 0, 2, 0)
    same(nearest(s, 0, 0, 0, nil, { exclude = { "a", "b" }, sensors = true }), "c", 3, 0, 0, 3)
    assert.is_nil(s:nearest(0, 0, 0, nil, { exclude = { "a", "b" } }))
    assert.is_nil(s:nearest(0, 0, 0, 2.5, { mask = 4, sensors = true }))
    same(nearest(s, 0, 0, 0, 3, { mask = 4, sensors = true, filter = function() return true end }),
      "c", 3, 0, 0, 3)
    -- the filter is asked only about an item that would become the nearest
    local asked = {}
    s:nearest(0, 0, 0, nil, function(item) asked[#asked + 1] = item; return item == "b" end)
    assert.are.same({ "a", "b" }, asked)
    assert.has_error(function() s:nearest(0, 0, 0, nil, function() error("no", 0) end) end, "no")
  end)

  it("raises on bad arguments", function()
    local s = collide.scene()
    assert.has_error(function() s:nearest() end, "bad argument #1 to 'nearest' (number expected, got no value)")
    assert.has_error(function() s:nearest(0, nil, 0) end, "bad argument #2 to 'nearest' (number expected, got nil)")
    assert.has_error(function() s:nearest(0, 0) end, "bad argument #3 to 'nearest' (number expected, got no value)")
    assert.has_error(function() s:nearest({ 0, 0, 0 }) end,
      "bad argument #1 to 'nearest' (number expected, got table)")
    assert.has_error(function() s:nearest(0, 0 / 0, 0) end,
      "bad argument #2 to 'nearest' (finite number expected, got nan)")
    assert.has_error(function() s:nearest(0, 0, math.huge) end,
      "bad argument #3 to 'nearest' (finite number expected, got inf)")
    assert.has_error(function() s:nearest(0, 0, 0, -1) end, "bad argument #4 to 'nearest' (negative max_distance)")
    assert.has_error(function() s:nearest(0, 0, 0, 0 / 0) end,
      "bad argument #4 to 'nearest' (finite number expected, got nan)")
    assert.has_error(function() s:nearest(0, 0, 0, "1") end,
      "bad argument #4 to 'nearest' (number expected, got string)")
    assert.has_error(function() s:nearest(0, 0, 0, nil, "a") end,
      "bad argument #5 to 'nearest' (function, integer or table expected, got string)")
    assert.has_error(function() s:nearest(0, 0, 0, nil, { mask = "x" }) end,
      "bad argument #5 to 'nearest' (field 'mask': integer expected, got string)")
    assert.has_error(function() s.nearest(nil, 0, 0, 0) end,
      "calling 'nearest' on bad self (collide.scene expected, got nil)")
  end)

  -- the reference: every item's own distance, the least, ties to the
  -- earlier added (the list is in add order)
  local function brute(list, x, y, z, max_distance, keep)
    local best, bd
    for _, e in ipairs(list) do
      local d
      local kind = collide.type(e.shape)
      if kind == "plane" then
        d = math.abs(e.shape:distance(x, y, z))
      elseif kind == "mesh" or kind == "heightfield" then
        for i = 1, e.shape:count() do
          local t = e.shape:triangle(i)
          if t then
            local td = t:distance(x, y, z)
            if d == nil or td < d then d = td end
          end
        end
      else
        d = e.shape:distance(x, y, z)
      end
      if d ~= nil and d <= max_distance and (bd == nil or d < bd) and (keep == nil or keep(e.item)) then
        best, bd = e.item, d
      end
    end
    return best, bd
  end

  it("answers as brute force over every item in random scenes", function()
    local r = H.rng(20261202)
    local make = H.shape_makers(r, 8, 0.05)
    local kinds = { "aabb", "obb", "sphere", "triangle", "capsule", "ray", "plane" }
    local checked = 0
    for round = 1, 12 do
      local s, list = collide.scene(round % 2 == 0 and 0 or 0.1), {}
      local function add(item, shape)
        s:add(item, shape)
        list[#list + 1] = { item = item, shape = shape }
      end
      for k = 1, 40 do
        local kind = kinds[1 + math.floor(r(0, #kinds))]
        if kind ~= "plane" or r(0, 1) < 0.15 then add(round * 1000 + k, make[kind]()) end
      end
      local x, y, z = r(-8, 8), r(-8, 8), r(-8, 8)
      add("hull", collide.hull({ 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1 }, { x, y, z }))
      add("compound", collide.compound({ make.aabb(), make.sphere(), make.capsule() }))
      local v = {}
      for i = 1, 18 do v[i] = r(-8, 8) end
      add("mesh", collide.mesh(v))
      local h = {}
      for i = 1, 25 do h[i] = r(-1, 1) end
      add("terrain", collide.heightfield(h, 5, 5, 2, 2, { r(-8, 0), r(-8, 0), r(-8, 0) }))
      -- a copy of an earlier shape: the tie goes to the first
      add("copy", list[1].shape:clone())
      for _ = 1, 40 do
        local px, py, pz = r(-12, 12), r(-12, 12), r(-12, 12)
        local max_distance = r(0, 1) < 0.3 and r(0, 6) or math.huge
        local keep
        if r(0, 1) < 0.3 then keep = function(item) return type(item) ~= "number" or item % 3 ~= 0 end end
        local item, d = brute(list, px, py, pz, max_distance, keep)
        local got = nearest(s, px, py, pz, max_distance, keep)
        assert.are.equal(item, got[1])
        assert.are.equal(d, got[2])
        if item ~= nil then checked = checked + 1 end
      end
    end
    assert.is_true(checked > 300)
  end)
  it("finds a large terrain's and a large mesh's nearest triangle as brute force", function()
    local r = H.rng(7)
    local h = {}
    for i = 1, 41 * 37 do h[i] = r(-3, 3) end
    for i = 1, 60 do h[1 + math.floor(r(0, #h))] = 0 / 0 end   -- holes
    local terrain = collide.heightfield(h, 41, 37, 0.5, 0.75, { -10, 0, -12 })
    local v = {}
    for i = 1, 3 * 3 * 400 do v[i] = r(-10, 10) end
    local mesh = collide.mesh(v)
    for _, shape in ipairs { terrain, mesh } do
      local s = collide.scene(0)
      s:add("it", shape)
      local list = { { item = "it", shape = shape } }
      for _ = 1, 30 do
        local px, py, pz = r(-15, 15), r(-6, 6), r(-15, 15)
        local _, d = brute(list, px, py, pz, math.huge)
        local got = nearest(s, px, py, pz)
        assert.are.equal("it", got[1])
        assert.are.equal(d, got[2])
      end
    end
  end)

  it("answers as brute force among many boxes", function()
    local r = H.rng(99)
    local make = H.shape_makers(r, 30, 0.05)
    local s, list = collide.scene(), {}
    for k = 1, 400 do
      local shape = (k % 2 == 0 and make.aabb or make.sphere)()
      s:add(k, shape)
      list[#list + 1] = { item = k, shape = shape }
    end
    for _ = 1, 60 do
      local px, py, pz = r(-35, 35), r(-35, 35), r(-35, 35)
      local item, d = brute(list, px, py, pz, math.huge)
      local got = nearest(s, px, py, pz)
      assert.are.equal(item, got[1])
      assert.are.equal(d, got[2])
    end
  end)
end)
