-- The scene as a world: item options (layer, mask, static), scene:set and
-- scene:options, pairs by layers and with planes, sync of what moved, and
-- the character standing on and carried by a moving item.
local collide = require "collide"

local function pair_names(list)
  local out = {}
  for i, p in ipairs(list) do out[i] = tostring(p[1]) .. "-" .. tostring(p[2]) end
  return out
end

describe("collide.scene item options", function()
  describe(":add(item, shape, options)", function()
    it("defaults: layer 1, every mask bit, not static", function()
      local s = collide.scene()
      s:add("a", collide.sphere(0, 0, 0, 1))
      assert.are.same({ 1, 0xffffffff, false }, { s:options("a") })
      s:add("b", collide.sphere(0, 0, 0, 1), { layer = 4, mask = 5, static = true })
      assert.are.same({ 4, 5, true }, { s:options("b") })
      s:add("c", collide.sphere(0, 0, 0, 1), { mask = 0 })
      assert.are.same({ 1, 0, false }, { s:options("c") })
    end)

    it("rejects bad options with the standard message", function()
      local s = collide.scene()
      local ball = collide.sphere(0, 0, 0, 1)
      assert.has_error(function() s:add("a", ball, 5) end,
        "bad argument #3 to 'add' (table expected, got number)")
      assert.has_error(function() s:add("a", ball, { colour = 1 }) end,
        "bad argument #3 to 'add' (invalid option 'colour')")
      assert.has_error(function() s:add("a", ball, { layer = "x" }) end,
        "bad argument #3 to 'add' (option 'layer': integer expected, got string)")
      assert.has_error(function() s:add("a", ball, { mask = 1.5 }) end,
        "bad argument #3 to 'add' (option 'mask': integer between 0 and 0xffffffff expected)")
      assert.has_error(function() s:add("a", ball, { mask = -1 }) end,
        "bad argument #3 to 'add' (option 'mask': integer between 0 and 0xffffffff expected)")
      assert.has_error(function() s:add("a", ball, { layer = 2 ^ 32 }) end,
        "bad argument #3 to 'add' (option 'layer': integer between 0 and 0xffffffff expected)")
      assert.has_error(function() s:add("a", ball, { static = 1 }) end,
        "bad argument #3 to 'add' (option 'static': boolean expected, got number)")
      assert.are.equal(0, s:count())
    end)
  end)

  describe(":set(item, options)", function()
    it("changes only the options given", function()
      local s = collide.scene()
      s:add("a", collide.sphere(0, 0, 0, 1), { layer = 2, mask = 3 })
      assert.are.equal("a", s:set("a", { static = true }))
      assert.are.same({ 2, 3, true }, { s:options("a") })
      s:set("a", { mask = 0xffffffff, static = false })
      assert.are.same({ 2, 0xffffffff, false }, { s:options("a") })
    end)

    it("errors", function()
      local s = collide.scene()
      assert.has_error(function() s:set("nope", {}) end, "bad argument #1 to 'set' (item not in the scene)")
      assert.has_error(function() s:set(nil, {}) end, "bad argument #1 to 'set' (item expected, got nil)")
      s:add("a", collide.sphere(0, 0, 0, 1))
      assert.has_error(function() s:set("a") end, "bad argument #2 to 'set' (table expected, got nil)")
      assert.has_error(function() s:options("nope") end, "bad argument #1 to 'options' (item not in the scene)")
    end)
  end)

  describe("layers and masks", function()
    it("move passes through an item whose layer the mover's mask misses, and the other way", function()
      local s = collide.scene()
      s:add("wall", collide.aabb(2, -5, -5, 3, 5, 5), { layer = 2 })
      s:add("box", collide.aabb(0, 0, 0, 1, 1, 1), { mask = 1 })
      local mx, my, mz, cols = s:move("box", 5, 0, 0)
      assert.are.same({ 5, 0, 0, 0 }, { mx, my, mz, #cols })
      -- meeting needs both ways: the wall's mask now misses the box's layer
      s:set("box", { mask = 0xffffffff })
      s:set("wall", { mask = 2 })
      mx, my, mz, cols = s:move("box", -5, 0, 0)
      assert.are.same({ -5, 0, 0, 0 }, { mx, my, mz, #cols })
      s:set("wall", { mask = 1 })
      mx, my, mz, cols = s:move("box", 5, 0, 0)
      assert.are.same({ 1, 0, 0, 1 }, { mx, my, mz, #cols })
      assert.are.equal("wall", cols[1].other)
      assert.are.equal(0.2, cols[1].t)
    end)

    it("a character walks through an item it does not meet", function()
      local s = collide.scene()
      s:add("floor", collide.aabb(-10, -1, -10, 10, 0, 10))
      s:add("glass", collide.aabb(1, 0, -10, 1.5, 3, 10), { layer = 8 })
      s:add("me", collide.capsule(0, 0.3, 0, 0, 1.5, 0, 0.3), { mask = 1 })
      local ch = collide.character(s, "me")
      local mx, my, mz = ch:move(3, 0, 0)
      assert.are.same({ 3, 0, 0 }, { mx, my, mz })
      assert.is_false(ch:on_wall())
    end)

    it("pairs: items pair only when each one's layer meets the other's mask; statics never pair", function()
      local s = collide.scene()
      s:add("a", collide.sphere(0, 0, 0, 1), { static = true })
      s:add("b", collide.sphere(0.5, 0, 0, 1), { static = true })
      s:add("c", collide.sphere(1, 0, 0, 1))
      s:add("d", collide.sphere(1.5, 0, 0, 1), { layer = 2, mask = 2 })
      s:add("ground", collide.plane(0, 1, 0, -0.5), { static = true })
      assert.are.same({ "a-c", "b-c", "c-ground" }, pair_names(s:pairs()))
      -- d (layer 2) now meets layer 1, and everything's mask has bit 2
      s:set("d", { mask = 1 })
      assert.are.same({ "a-c", "a-d", "b-c", "b-d", "c-d", "c-ground", "d-ground" }, pair_names(s:pairs()))
      -- c's mask misses d's layer: that pair alone goes
      s:set("c", { mask = 1 })
      assert.are.same({ "a-c", "a-d", "b-c", "b-d", "c-ground", "d-ground" }, pair_names(s:pairs()))
    end)
  end)
end)

describe("collide.scene pairs with items without bounds", function()
  it("a plane pairs with exactly the items it meets, against brute force", function()
    local s = collide.scene()
    local r = 12345
    local function rand() r = r * 48271 % 2147483647; return r / 2147483647 end
    local items = {}
    for i = 1, 300 do
      local shape = collide.sphere(rand() * 100, rand() * 20 - 2, rand() * 100, 0.5 + rand())
      s:add(i, shape)
      items[#items + 1] = { i, shape }
    end
    local ground = collide.plane(0, 1, 0, 0)
    s:add("ground", ground)
    local ray = collide.ray(0, 5, 0, 1, 0, 1)
    s:add("ray", ray)
    items[#items + 1] = { "ground", ground }
    items[#items + 1] = { "ray", ray }
    local expected = {}
    for i = 1, #items do
      for j = i + 1, #items do
        if collide.intersects(items[i][2], items[j][2]) then
          expected[#expected + 1] = tostring(items[i][1]) .. "-" .. tostring(items[j][1])
        end
      end
    end
    local got = pair_names(s:pairs())
    assert.is_true(#expected > 20)
    assert.are.same(expected, got)
  end)

  -- a static plane pairs only with the items that are not static; with few
  -- of them beside the static ones it is tested against their leaves
  -- alone: the same pairs as against the whole tree, whatever is static,
  -- added, removed or set static meanwhile
  it("a static plane among static items and few movers, against brute force", function()
    local s = collide.scene()
    local r = 777
    local function rand() r = r * 48271 % 2147483647; return r / 2147483647 end
    local shapes, static = {}, {}
    local function add(i, st)
      local x, y, z = rand() * 60, rand() * 6 - 2, rand() * 60
      shapes[i] = i % 4 == 0 and collide.sphere(x, y, z, 0.3 + rand())
        or collide.aabb(x, y, z, x + 0.3 + rand() * 2, y + 0.3 + rand() * 2, z + 0.3 + rand() * 2)
      static[i] = st
      s:add(i, shapes[i], st and { static = true } or nil)
    end
    for i = 1, 400 do add(i, i > 30) end
    local ground = collide.plane(0, 1, 0, 0.25)
    s:add("ground", ground, { static = true })
    local function check()
      local ids, expected = {}, {}
      for i in pairs(shapes) do ids[#ids + 1] = i end
      table.sort(ids)
      for a = 1, #ids do
        local i = ids[a]
        for b = a + 1, #ids do
          local j = ids[b]
          if not (static[i] and static[j]) and collide.intersects(shapes[i], shapes[j]) then
            expected[#expected + 1] = i .. "-" .. j
          end
        end
        if not static[i] and collide.intersects(shapes[i], ground) then
          expected[#expected + 1] = i .. "-ground"
        end
      end
      -- (each pair's names in one order: the scene names the earlier added first)
      local got = {}
      for _, name in ipairs(pair_names(s:pairs())) do
        local a, b = name:match("^(.-)%-(.*)$")
        got[#got + 1] = (b == "ground" or tonumber(a) and tonumber(b) and tonumber(a) < tonumber(b))
          and a .. "-" .. b or b .. "-" .. a
      end
      table.sort(expected)
      table.sort(got)
      assert.are.same(expected, got)
      return #expected
    end
    local n = 0
    for round = 1, 6 do
      for i = 1, 30 do
        if shapes[i] then shapes[i]:translate(rand() * 2 - 1, rand() * 2 - 1, rand() * 2 - 1) end
      end
      s:sync()
      n = n + check()
      -- one mover set static, one static item set moving, one removed, one added
      s:set(round, { static = true }); static[round] = true
      s:set(100 + round, { static = false }); static[100 + round] = false
      s:remove(200 + round); shapes[200 + round] = nil; static[200 + round] = nil
      add(400 + round, false)
      n = n + check()
    end
    assert.is_true(n > 100, n .. " pairs")
  end)
end)

describe("collide.scene:sync", function()
  it("refits moved items that are not static; a static item moved needs update", function()
    local s = collide.scene()
    local a, b = collide.aabb(0, 0, 0, 1, 1, 1), collide.aabb(5, 0, 0, 6, 1, 1)
    s:add("a", a)
    s:add("b", b, { static = true })
    a:translate(0, 10, 0)
    b:translate(0, 10, 0)
    assert.are.equal(1, s:sync())
    assert.are.same({ "a" }, s:query(collide.aabb(-100, 10, -100, 100, 11, 100)))
    assert.are.equal(0, s:sync())
    s:update("b")
    assert.are.same({ "a", "b" }, s:query(collide.aabb(-100, 10, -100, 100, 11, 100)))
    -- back to moving: sync sees it again
    s:set("b", { static = false })
    b:translate(0, 10, 0)
    assert.are.equal(1, s:sync())
    assert.are.same({ "b" }, s:query(collide.aabb(-100, 20, -100, 100, 21, 100)))
  end)

  it("a scene's tree refuses changes", function()
    local s = collide.scene()
    s:add("a", collide.sphere(0, 0, 0, 1))
    assert.has_error(function() s:tree():insert(collide.aabb(0, 0, 0, 1, 1, 1)) end,
      "calling 'insert' on bad self (a scene's tree cannot be changed)")
    assert.has_error(function() s:tree():remove(1) end,
      "calling 'remove' on bad self (a scene's tree cannot be changed)")
    assert.are.equal(1, s:tree():count())
  end)
end)

describe("collide.character on moving items", function()
  local function level()
    local s = collide.scene()
    s:add("ground", collide.aabb(-10, -1, -10, 10, 0, 10))
    local lift = collide.aabb(-1, 0, -1, 1, 0.5, 1)
    s:add("lift", lift)
    local body = collide.capsule(0, 0.8, 0, 0, 2, 0, 0.3)
    s:add("me", body)
    return s, lift, body, collide.character(s, "me")
  end

  it("floor_item is the item stood on, nil in the air", function()
    local s, _, _, ch = level()
    -- made standing on the lift: on it from the start
    assert.are.equal("lift", ch:floor_item())
    ch:move(0, -0.1, 0)
    assert.are.equal("lift", ch:floor_item())
    ch:move(0, 1, 0)
    assert.is_false(ch:on_floor())
    assert.is_nil(ch:floor_item())
    ch:move(3, -3, 0)
    assert.are.equal("ground", ch:floor_item())
    assert.are.equal(s, ch:scene())
  end)

  it("rides a lift up and down, exactly by its translation", function()
    local s, lift, body, ch = level()
    ch:move(0, -0.1, 0)
    for _ = 1, 4 do
      lift:translate(0, 0.25, 0)
      s:update("lift")
      assert.are.same({ 0, 0.25, 0 }, { ch:move(0, 0, 0) })
      assert.are.equal("lift", ch:floor_item())
    end
    assert.are.same({ 0, 1.8, 0 }, { body:a() })
    lift:translate(0, -0.5, 0)
    s:update("lift")
    assert.are.same({ 0, -0.5, 0 }, { ch:move(0, 0, 0) })
    assert.are.same({ 0, 1.3, 0 }, { body:a() })
  end)

  it("is carried sideways by a platform, then walks on it", function()
    local s, lift, body, ch = level()
    ch:move(0, -0.1, 0)
    lift:translate(0.5, 0, 0)
    s:sync()
    local mx, my, mz = ch:move(0, 0, 0.25)
    assert.are.same({ 0.5, 0, 0.25 }, { mx, my, mz })
    assert.are.same({ 0.5, 0.8, 0.25 }, { body:a() })
    assert.are.equal("lift", ch:floor_item())
  end)

  it("a wall stops the carry: never inside geometry", function()
    local s, lift, body, ch = level()
    s:add("post", collide.aabb(0.4, 0.5, -1, 1, 3, 1))
    ch:move(0, -0.1, 0)
    lift:translate(1, 0, 0)
    s:update("lift")
    ch:move(0, 0, 0)
    local x = body:a()
    -- stopped by the post (x + 0.3 = 0.4), to the sweep's rounding
    assert.is_true(math.abs(x - 0.1) < 1e-15)
    -- the floor's motion is the carry applied, after sliding
    local fx, fy, fz = ch:floor_motion()
    assert.are.same({ x, 0, 0 }, { fx, fy, fz })
    assert.is_false(collide.intersects(collide.capsule(x, 0.8, 0, x, 2, 0, 0.3 - 1e-7), s:shape("post")))
  end)
end)

describe("collide.scene with hulls in the world", function()
  -- a rotated tetrahedron: no box in disguise
  local TETRA = { 0, 1, 0, -1, -1, -1, 1, -1, -1, 0, -1, 1 }
  local Q = { 0, math.sin(0.3), 0, math.cos(0.3) }
  local function rock(x, y, z) return collide.hull(TETRA, { x, y, z }, Q) end

  it("keeps a hull item's storage alive with no other reference", function()
    local s = collide.scene()
    s:add("rock", rock(0, 0, 0))
    for i = 1, 20 do s:add(i, rock(100 + 10 * i, 0, 0)) end
    for i = 1, 20 do s:remove(i) end
    collectgarbage("collect")
    collectgarbage("collect")
    -- garbage of the same size as the hulls' storage, to reuse freed memory
    local junk = {}
    for i = 1, 200 do junk[i] = collide.hull({ 9, 9, 9, 8, 9, 9, 9, 8, 9, 9, 9, 8 }) end
    local ray = collide.ray(0.1, 10, 0.2, 0, -1, 0, 20)
    local want = { collide.cast(ray, rock(0, 0, 0)) }
    assert.is_number(want[1])
    local got = { s:raycast(ray) }
    assert.are.equal("rock", table.remove(got, 1))
    assert.are.same(want, got)
    assert.are.same({ "rock" }, s:query(collide.sphere(0, -0.9, 0, 0.1)))
    assert.are.equal(200, #junk)
  end)

  it("moves a hull item as collide.sweep finds, only translating it", function()
    local s = collide.scene()
    local floor = collide.aabb(-10, -1, -10, 10, 0, 10)
    s:add("floor", floor)
    local r = rock(0, 3, 0)
    s:add("rock", r)
    local t, _, _, _, nx, ny, nz = collide.sweep(rock(0, 3, 0), 0, -5, 0, floor)
    local mx, my, mz, cols = s:move("rock", 0, -5, 0, function() return "touch" end)
    assert.are.same({ 0, -5 * t, 0 }, { mx, my, mz })
    assert.are.same({ 1, "floor", t, nx, ny, nz },
      { #cols, cols[1].other, cols[1].t, cols[1].nx, cols[1].ny, cols[1].nz })
    assert.are.same({ 0, 3 - 5 * t, 0 }, { r:position() })
    assert.are.same({ rock(0, 0, 0):rotation() }, { r:rotation() })
    -- a hull item stops another mover
    s:add("ball", collide.sphere(0, 5, 0, 0.5))
    local ball_t = collide.sweep(collide.sphere(0, 5, 0, 0.5), 0, -5, 0, r)
    cols = select(4, s:move("ball", 0, -5, 0))
    assert.are.equal("rock", cols[1].other)
    assert.are.equal(ball_t, cols[1].t)
  end)

  it("sweeps a hull mover over the scene's items", function()
    local s = collide.scene()
    s:add("a", rock(0, 0, 0))
    local box = collide.aabb(-1, -1, 5, 1, 1, 6)
    s:add("b", box)
    local mover = collide.hull(TETRA, { 0, 0, 10 })
    local want = { collide.sweep(mover, 0, 0, -10, box) }
    local got = { s:sweep(mover, 0, 0, -10) }
    assert.are.equal("b", table.remove(got, 1))
    assert.are.same(want, got)
    assert.has_error(function() s:sweep(collide.plane(0, 1, 0, 0), 0, 0, -10) end,
      "bad argument #1 to 'sweep' (aabb, obb, sphere, capsule, hull or compound expected, got collide.plane)")
  end)

  it("a hull character stands on a hull lift and rides it exactly", function()
    local s = collide.scene()
    local lift = collide.hull({ -2, -0.5, -2, 2, -0.5, -2, -2, -0.5, 2, 2, -0.5, 2,
                                -2, 0.5, -2, 2, 0.5, -2, -2, 0.5, 2, 2, 0.5, 2 }, { 0, -0.5, 0 })
    s:add("lift", lift)
    local body = collide.hull({ -0.25, 0, -0.25, 0.25, 0, -0.25, -0.25, 0, 0.25, 0.25, 0, 0.25,
                                0, 1.5, 0 }, { 0, 0.5, 0 })
    s:add("me", body)
    local ch = collide.character(s, "me")
    ch:move(0, -1, 0)
    assert.is_true(ch:on_floor())
    assert.are.equal("lift", ch:floor_item())
    local x, y, z = body:position()
    for _ = 1, 4 do
      lift:translate(0, 0.25, 0)
      s:update("lift")
      assert.are.same({ 0, 0.25, 0 }, { ch:move(0, 0, 0) })
      assert.are.equal("lift", ch:floor_item())
    end
    assert.are.same({ x, y + 1, z }, { body:position() })
  end)
end)

describe("collide.scene:memory", function()
  it("counts the C storage of the items, none for an empty scene", function()
    local s = collide.scene()
    assert.are.equal(0, s:memory())
    s:add("a", collide.sphere(0, 0, 0, 1))
    local one = s:memory()
    assert.is_true(one > 0)
    for i = 1, 1000 do s:add(i, collide.sphere(i, 0, 0, 1)) end
    local many = s:memory()
    assert.is_true(many >= 1001 / 8 * one, "1001 items take " .. many .. " B, one " .. one .. " B")
    -- removing keeps the storage for reuse; adding again reuses it
    for i = 1, 1000 do s:remove(i) end
    assert.are.equal(many, s:memory())
    for i = 1, 1000 do s:add(i, collide.sphere(i, 0, 0, 1)) end
    assert.are.equal(many, s:memory())
  end)
end)
