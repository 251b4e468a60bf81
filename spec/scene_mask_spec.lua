-- An integer mask in place of a filter: only items whose layer has a bit in
-- common with the mask are considered, decided in C (no Lua call). Masks
-- are read as their low 32 bits (the layers' width): -1 is every layer,
-- 0 none, 0x100000001 the same as 1. Numbers with no integer
-- representation (1.5, nan, inf, 2^63) are refused as Lua 5.3's
-- luaL_checkinteger refuses them, on every Lua.
local collide = require "collide"

local function corners(box)
  local x0, y0, z0 = box:min()
  local x1, y1, z1 = box:max()
  return { x0, y0, z0, x1, y1, z1 }
end

local function items_of(pairs_)
  local out = {}
  for i, p in ipairs(pairs_) do out[i] = p[1] .. "-" .. p[2] end
  return out
end

-- boxes along x, one a layer each (d two layers), a thin box e of the
-- highest layer across a and b, and a floor plane through a to d
local function fixture()
  local s = collide.scene()
  s:add("a", collide.aabb(0, 0, 0, 1, 1, 1), { layer = 1 })
  s:add("b", collide.aabb(2, 0, 0, 3, 1, 1), { layer = 2 })
  s:add("c", collide.aabb(4, 0, 0, 5, 1, 1), { layer = 4 })
  s:add("d", collide.aabb(6, 0, 0, 7, 1, 1), { layer = 3 })
  s:add("e", collide.aabb(0.5, 0.625, 0.5, 2.5, 0.75, 0.75), { layer = 0x80000000 })
  s:add("floor", collide.plane(0, 1, 0, 0.5), { layer = 8 })
  return s
end

local everything = collide.aabb(-1, -1, -1, 10, 2, 2)
local box_frustum = collide.frustum(collide.plane(1, 0, 0, -1), collide.plane(-1, 0, 0, -10),
  collide.plane(0, 1, 0, -1), collide.plane(0, -1, 0, -2), collide.plane(0, 0, 1, -1), collide.plane(0, 0, -1, -2))

describe("a mask in place of a filter", function()
  describe("query and query_frustum", function()
    local cases = {
      { nil, { "a", "b", "c", "d", "e", "floor" } },
      { -1, { "a", "b", "c", "d", "e", "floor" } },
      { 0xffffffff, { "a", "b", "c", "d", "e", "floor" } },
      { 0, {} },
      { 1, { "a", "d" } },
      { 2, { "b", "d" } },
      { 2.0, { "b", "d" } },
      { 4, { "c" } },
      { 5, { "a", "c", "d" } },
      { 8, { "floor" } },
      { 16, {} },
      { 0x80000000, { "e" } },
      { 0x100000001, { "a", "d" } },          -- bits above 32 are not layers
      { 0x100000000, {} },
      { -2, { "b", "c", "d", "e", "floor" } }, -- 0xfffffffe
      { -2 ^ 63, {} },
    }
    for _, c in ipairs(cases) do
      it("mask " .. tostring(c[1]), function()
        local s = fixture()
        assert.are.same(c[2], s:query(everything, c[1]))
        assert.are.same(c[2], s:query_frustum(box_frustum, c[1]))
      end)
    end

    it("a mask and the exact test together", function()
      local s = fixture()
      -- the corner of e's bounds: a meets the probe, e does not
      local probe = collide.sphere(0.5, 0.5, 0.5, 0.1)
      assert.are.same({ "a", "floor" }, s:query(probe))
      assert.are.same({ "a" }, s:query(probe, 1))
      assert.are.same({}, s:query(probe, 0x80000000))
      assert.are.same({ "floor" }, s:query(probe, 8))
    end)
  end)

  describe("raycast and raycast_all", function()
    -- above the floor (parallel to it), through a, b, c and d
    local ray = collide.ray(-1, 0.875, 0.5, 1, 0, 0)

    it("the nearest hit of the layers asked for", function()
      local s = fixture()
      assert.are.same({ "a", 1, 0, 0.875, 0.5, -1, 0, 0 }, { s:raycast(ray) })
      assert.are.same({ "a", 1, 0, 0.875, 0.5, -1, 0, 0 }, { s:raycast(ray, -1) })
      assert.are.same({ "b", 3, 2, 0.875, 0.5, -1, 0, 0 }, { s:raycast(ray, 2) })
      assert.are.same({ "c", 5, 4, 0.875, 0.5, -1, 0, 0 }, { s:raycast(ray, 4) })
      assert.are.same({ "b", 3, 2, 0.875, 0.5, -1, 0, 0 }, { s:raycast(ray, 6) })
      assert.is_nil(s:raycast(ray, 0))
      assert.is_nil(s:raycast(ray, 8))            -- the floor is parallel
      assert.is_nil(s:raycast(ray, 0x80000000))   -- e is below the ray
    end)

    it("every hit of the layers asked for, sorted by t", function()
      local s = fixture()
      local function rec(item, t, x)
        return { item = item, t = t, x = x, y = 0.875, z = 0.5, nx = -1, ny = 0, nz = 0 }
      end
      assert.are.same({ rec("b", 3, 2), rec("c", 5, 4), rec("d", 7, 6) }, s:raycast_all(ray, 6))
      assert.are.same({ rec("a", 1, 0), rec("d", 7, 6) }, s:raycast_all(ray, 1))
      assert.are.same({}, s:raycast_all(ray, 0))
      assert.are.same(s:raycast_all(ray), s:raycast_all(ray, -1))
    end)

    it("the floor by its layer", function()
      local s = fixture()
      local down = collide.ray(6.5, 2, 0.5, 0, -1, 0)
      assert.are.same({ "d", 1, 6.5, 1, 0.5, 0, 1, 0 }, { s:raycast(down) })
      assert.are.same({ "floor", 1.5, 6.5, 0.5, 0.5, 0, 1, 0 }, { s:raycast(down, 8) })
      assert.are.same({ "floor", 1.5, 6.5, 0.5, 0.5, 0, 1, 0 }, { s:raycast(down, -4) })
    end)
  end)

  describe("pairs", function()
    it("pairs both of whose items have a layer in the mask", function()
      local s = fixture()
      local all = { "a-e", "a-floor", "b-e", "b-floor", "c-floor", "d-floor" }
      assert.are.same(all, items_of(s:pairs()))
      assert.are.same(all, items_of(s:pairs(-1)))
      assert.are.same({ "a-floor", "d-floor" }, items_of(s:pairs(9)))
      assert.are.same({ "a-e" }, items_of(s:pairs(0x80000001)))
      assert.are.same({ "b-e" }, items_of(s:pairs(0x80000002)))
      assert.are.same({}, items_of(s:pairs(0x80000004)))
      assert.are.same({}, items_of(s:pairs(0)))
      assert.are.same({}, items_of(s:pairs(1)))          -- a and d do not meet
    end)

    it("a filter is asked once per item when a plane's pairs outgrow the first room", function()
      local s = collide.scene()
      s:add("ground", collide.plane(0, 1, 0, 0))
      for i = 1, 300 do s:add(i, collide.aabb(i * 2, -1, 0, i * 2 + 1, 1, 1)) end
      local asked = {}
      local out = s:pairs(function(item)
        asked[item] = (asked[item] or 0) + 1
        return item ~= 7
      end)
      assert.are.equal(299, #out)
      for i = 1, 299 do
        local want = i < 7 and i or i + 1
        assert.are.same({ "ground", want }, out[i])
      end
      assert.are.equal(1, asked.ground)
      for i = 1, 300 do assert.are.equal(1, asked[i]) end
      assert.are.equal(300, #s:pairs(-1))
      assert.are.equal(0, #s:pairs(2))
    end)

    it("together with the items' own masks", function()
      local s = fixture()
      s:set("e", { mask = 2 })                           -- e meets b only
      assert.are.same({ "a-floor", "b-e", "b-floor", "c-floor", "d-floor" }, items_of(s:pairs()))
      assert.are.same({ "b-e" }, items_of(s:pairs(0x80000003)))
    end)
  end)

  describe("sweep and sweep_all", function()
    local ball = collide.sphere(-1.5, 0.5, 0.5, 0.5)

    it("the first item of the layers asked for", function()
      local s = fixture()
      assert.are.same({ "b", 0.375, 2, 0.5, 0.5, -1, 0, 0 }, { s:sweep(ball, 8, 0, 0, 2) })
      assert.are.same({ "c", 0.625, 4, 0.5, 0.5, -1, 0, 0 }, { s:sweep(ball, { 8, 0, 0 }, 4) })
      assert.are.same({ "a", 0.125, 0, 0.5, 0.5, -1, 0, 0 }, { s:sweep(ball, 8, 0, 0, 1) })
      assert.is_nil(s:sweep(ball, 8, 0, 0, 0))
      assert.is_nil(s:sweep(ball, 8, 0, 0, 16))
    end)

    it("every item of the layers asked for", function()
      local s = fixture()
      local function rec(item, t, x)
        return { item = item, t = t, x = x, y = 0.5, z = 0.5, nx = -1, ny = 0, nz = 0 }
      end
      assert.are.same({ rec("b", 0.375, 2), rec("c", 0.625, 4), rec("d", 0.875, 6) },
        s:sweep_all(ball, 8, 0, 0, 6))
      assert.are.same({}, s:sweep_all(ball, 8, 0, 0, 0))
    end)
  end)

  describe("move", function()
    local function scene()
      local s = collide.scene()
      s:add("wall", collide.aabb(2, 0, 0, 3, 1, 1), { layer = 2 })
      s:add("mover", collide.aabb(0, 0, 0, 1, 1, 1))
      return s
    end

    it("crosses an item of another layer as if it were absent", function()
      local s = scene()
      local mx, my, mz, cols = s:move("mover", 4, 0, 0, 1)
      assert.are.same({ 4, 0, 0 }, { mx, my, mz })
      assert.are.same({}, cols)
      assert.are.same({ 4, 0, 0, 5, 1, 1 }, corners(s:shape("mover")))
      s = scene()
      mx, my, mz, cols = s:move("mover", 4, 0, 0, 0)
      assert.are.same({ 4, 0, 0, 0 }, { mx, my, mz, #cols })
    end)

    it("stops at an item of a layer in the mask", function()
      for _, mask in ipairs { 2, -1, 0xffffffff } do
        local s = scene()
        local mx, my, mz, cols = s:move("mover", 4, 0, 0, mask)
        assert.are.same({ 1, 0, 0 }, { mx, my, mz })
        assert.are.equal(1, #cols)
        local c = cols[1]
        assert.are.same({ "mover", "wall", "slide", 0.25, -1, 0, 0 },
          { c.item, c.other, c.type, c.t, c.nx, c.ny, c.nz })
        assert.are.same({ 1, 0, 0, 2, 1, 1 }, corners(s:shape("mover")))
      end
    end)

    it("pushes out only of the layers in the mask", function()
      local s = collide.scene()
      s:add("wall", collide.aabb(0, 0, 0, 2, 1, 1), { layer = 2 })
      s:add("mover", collide.aabb(1.5, 0, 0, 2.5, 1, 1))
      local mx, my, mz, cols = s:move("mover", 0, 0, 0, 1)
      assert.are.same({ 0, 0, 0, 0 }, { mx, my, mz, #cols })
      mx, my, mz, cols = s:move("mover", 0, 0, 0, 2)
      assert.are.same({ 0.5, 0, 0, 1 }, { mx, my, mz, #cols })
      assert.are.same({ "wall", 0 }, { cols[1].other, cols[1].t })
    end)
  end)

  describe("the character", function()
    -- the character has no filter: its item's mask option is its mask
    local function level(with_wall, mask)
      local s = collide.scene()
      s:add("floor", collide.aabb(-10, -1, -10, 10, 0, 10))
      if with_wall then s:add("wall", collide.aabb(1, 0, -5, 2, 3, 5), { layer = 2 }) end
      s:add("player", collide.capsule(0, 0.5, 0, 0, 1.5, 0, 0.5), mask and { mask = mask } or nil)
      return s, collide.character(s, "player")
    end

    it("walks through an item whose layer its item's mask leaves out", function()
      local _, free = level(false)
      local _, masked = level(true, 1)
      local _, blocked = level(true)
      for _ = 1, 3 do
        local fx, fy, fz = free:move(1, 0, 0)
        assert.are.same({ fx, fy, fz }, { masked:move(1, 0, 0) })
        assert.are.equal(free:on_floor(), masked:on_floor())
        assert.is_false(masked:on_wall())
      end
      local x = blocked:move(3, 0, 0)
      assert.is_true(x < 0.5 + 1e-9)
      assert.is_true(blocked:on_wall())
    end)
  end)

  describe("errors", function()
    local s = fixture()
    s:add("mover", collide.sphere(-5, 5, 0, 0.5))
    local ray = collide.ray(0, 0, 0, 1, 0, 0)
    local ball = collide.sphere(0, 5, 0, 1)
    local NOINT = "number has no integer representation"

    it("a number with no integer representation", function()
      for _, v in ipairs { 1.5, -0.5, 0 / 0, math.huge, -math.huge, 2 ^ 63, 1e300 } do
        assert.has_error(function() s:query(everything, v) end, "bad argument #2 to 'query' (" .. NOINT .. ")")
        assert.has_error(function() s:query_frustum(box_frustum, v) end,
          "bad argument #2 to 'query_frustum' (" .. NOINT .. ")")
        assert.has_error(function() s:raycast(ray, v) end, "bad argument #2 to 'raycast' (" .. NOINT .. ")")
        assert.has_error(function() s:raycast_all(ray, v) end, "bad argument #2 to 'raycast_all' (" .. NOINT .. ")")
        assert.has_error(function() s:pairs(v) end, "bad argument #1 to 'pairs' (" .. NOINT .. ")")
        assert.has_error(function() s:sweep(ball, 1, 0, 0, v) end, "bad argument #5 to 'sweep' (" .. NOINT .. ")")
        assert.has_error(function() s:sweep_all(ball, { 1, 0, 0 }, v) end,
          "bad argument #3 to 'sweep_all' (" .. NOINT .. ")")
        assert.has_error(function() s:move("mover", 1, 0, 0, v) end, "bad argument #5 to 'move' (" .. NOINT .. ")")
      end
    end)

    it("other values", function()
      assert.has_error(function() s:query(everything, "1") end,
        "bad argument #2 to 'query' (function, integer or table expected, got string)")
      assert.has_error(function() s:pairs("{}") end,
        "bad argument #1 to 'pairs' (function, integer or table expected, got string)")
      assert.has_error(function() s:raycast(ray, false) end,
        "bad argument #2 to 'raycast' (function, integer or table expected, got boolean)")
      assert.has_error(function() s:move("mover", { 1, 0, 0 }, ray) end,
        "bad argument #3 to 'move' (function, integer or table expected, got collide.ray)")
    end)

    it("leaves the scene as it was", function()
      assert.are.same({ "a", "b", "c", "d", "e", "floor" }, s:query(everything))
      assert.are.same({ -5.5, 4.5, -0.5 }, { s:shape("mover"):bounds():min() })
    end)
  end)
end)
