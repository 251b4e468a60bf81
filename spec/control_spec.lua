-- Game control in a scene: sensors never block and are skipped unless a
-- filter asks for them; filter tables {mask, exclude, filter, sensors}
-- wherever a filter is taken; one-way items that block a moving shape
-- from one side only.
local collide = require "collide"

local function box(x, y, z, h)
  h = h or 0.5
  return collide.aabb(x - h, y - h, z - h, x + h, y + h, z + h)
end

local function corners(b)
  local x0, y0, z0 = b:min()
  local x1, y1, z1 = b:max()
  return { x0, y0, z0, x1, y1, z1 }
end

describe("sensors", function()
  local function fixture()
    local s = collide.scene()
    s:add("zone", collide.aabb(2, -1, -1, 4, 1, 1), { sensor = true })
    s:add("wall", collide.aabb(6, -1, -1, 7, 1, 1))
    return s
  end

  it("never block a move: the mover passes through, and no collision names them", function()
    local s = fixture()
    local b = box(0, 0, 0)
    s:add("b", b)
    local mx, my, mz, cols = s:move("b", 10, 0, 0)
    assert.are.same({ 5.5, 0, 0 }, { mx, my, mz })   -- stopped by the wall alone
    assert.are.equal(1, #cols)
    assert.are.equal("wall", cols[1].other)
    assert.are.same({ 5, -0.5, -0.5, 6, 0.5, 0.5 }, corners(b))
  end)

  it("are skipped by raycasts, sweeps and queries unless the filter table says sensors = true", function()
    local s = fixture()
    local ray = collide.ray(0, 0, 0, 1, 0, 0)
    local item, t = s:raycast(ray)
    assert.are.same({ "wall", 6 }, { item, t })
    item, t = s:raycast(ray, { sensors = true })
    assert.are.same({ "zone", 2 }, { item, t })
    local all = s:raycast_all(ray, { sensors = true })
    assert.are.same({ "zone", "wall" }, { all[1].item, all[2].item })
    assert.are.equal(1, #s:raycast_all(ray))
    local ball = collide.sphere(0, 0, 0, 0.5)
    assert.are.equal("wall", (s:sweep(ball, 10, 0, 0)))
    item, t = s:sweep(ball, 10, 0, 0, { sensors = true })
    assert.are.same({ "zone", 0.15 }, { item, t })
    assert.are.equal(1, #s:sweep_all(ball, 10, 0, 0))
    assert.are.equal(2, #s:sweep_all(ball, 10, 0, 0, { sensors = true }))
    local all_box = collide.aabb(-10, -10, -10, 10, 10, 10)
    assert.are.same({ "wall" }, s:query(all_box))
    assert.are.same({ "zone", "wall" }, s:query(all_box, { sensors = true }))
    assert.are.same({ "wall" }, s:query(all_box, { sensors = false }))
  end)

  it("are never paired, even when the filter asks for sensors", function()
    local s = fixture()
    s:add("in", box(3, 0, 0))
    s:add("touch", box(5.5, 0, 0))
    assert.are.same({ { "wall", "touch" } }, s:pairs())
    assert.are.same({ { "wall", "touch" } }, s:pairs({ sensors = true }))
  end)

  it("never stop a character, and a sensor cannot be one", function()
    local s = collide.scene()
    s:add("floor", collide.aabb(-10, -1, -10, 10, 0, 10))
    s:add("zone", collide.aabb(1, 0, -1, 2, 2, 1), { sensor = true })
    local cap = collide.capsule(0, 0.5, 0, 0, 1.5, 0, 0.5)
    s:add("p", cap)
    local ch = collide.character(s, "p")
    ch:move(0, -0.1, 0)
    assert.are.same({ 3, 0, 0 }, { ch:move(3, 0, 0) })
    for _, c in ipairs(ch:collisions()) do assert.are.equal("floor", c.other) end
    s:add("ghost", collide.capsule(5, 0.5, 0, 5, 1.5, 0, 0.5), { sensor = true })
    assert.has_error(function() collide.character(s, "ghost") end,
      "bad argument #2 to 'character' (item is a sensor)")
    s:set("p", { sensor = true })
    assert.has_error(function() ch:move(1, 0, 0) end, "the character's item is a sensor")
    s:set("p", { sensor = false })
    assert.are.same({ 1, 0, 0 }, { ch:move(1, 0, 0) })
  end)

  it("move through everything when moved themselves", function()
    local s = fixture()
    local mx = s:move("zone", 10, 0, 0)
    assert.are.equal(10, mx)
  end)
end)

describe("filter tables", function()
  local function fixture()
    local s = collide.scene()
    s:add("player", box(0, 0, 0))
    s:add("a", box(3, 0, 0), { layer = 2 })
    s:add("b", box(6, 0, 0), { layer = 4 })
    return s
  end

  it("exclude one item: a ray cast from inside the player", function()
    local s = fixture()
    local ray = collide.ray(0, 0, 0, 1, 0, 0)
    assert.are.equal("player", (s:raycast(ray)))
    local item, t = s:raycast(ray, { exclude = "player" })
    assert.are.same({ "a", 2.5 }, { item, t })
  end)

  it("exclude an array of items, with a mask and a filter", function()
    local s = fixture()
    local ray = collide.ray(0, 0, 0, 1, 0, 0)
    assert.are.equal("b", (s:raycast(ray, { exclude = { "player", "a" } })))
    assert.are.equal("b", (s:raycast(ray, { exclude = "player", mask = 4 })))
    assert.are.equal("b", (s:raycast(ray, { exclude = "player", filter = function(i) return i ~= "a" end })))
    assert.is_nil(s:raycast(ray, { exclude = { "player", "a", "b" } }))
    assert.are.same({ "a", "b" }, s:query(collide.aabb(-10, -1, -1, 10, 1, 1), { exclude = "player" }))
    assert.are.same({ { "a", "b" } }, (function()
      s:update("b", box(3.5, 0, 0))
      return s:pairs({ exclude = "player" })
    end)())
    local ball = collide.sphere(-1, 0, 0, 0.25)
    assert.are.equal("a", (s:sweep(ball, 10, 0, 0, { exclude = { "player" } })))
    assert.are.equal(1, #s:sweep_all(ball, 10, 0, 0, { mask = 4 }))
  end)

  it("refuses a value in exclude that is not an item of the scene", function()
    local s = fixture()
    local ray = collide.ray(0, 0, 0, 1, 0, 0)
    local wide = collide.aabb(-10, -1, -1, 10, 1, 1)
    local msg = "(field 'exclude': not an item of this scene)"
    assert.has_error(function() s:raycast(ray, { exclude = "nobody" }) end,
      "bad argument #2 to 'raycast' " .. msg)
    assert.has_error(function() s:raycast(ray, { exclude = { "player", "nobody" } }) end,
      "bad argument #2 to 'raycast' " .. msg)
    assert.has_error(function() s:query(wide, { exclude = { 1 } }) end,
      "bad argument #2 to 'query' " .. msg)
    assert.has_error(function() s:pairs({ exclude = { "a", {} } }) end,
      "bad argument #1 to 'pairs' " .. msg)
    assert.has_error(function() s:sweep(collide.sphere(0, 0, 0, 1), 1, 0, 0, { exclude = "gone" }) end,
      "bad argument #5 to 'sweep' " .. msg)
    assert.has_error(function() s:lines({ exclude = "nobody" }) end,
      "bad argument #1 to 'lines' " .. msg)
    -- an entity table by mistake for a name, and a removed item
    local player = { name = "player" }
    assert.has_error(function() s:raycast(ray, { exclude = player }) end,
      "bad argument #2 to 'raycast' " .. msg)
    s:remove("a")
    assert.has_error(function() s:raycast(ray, { exclude = "a" }) end,
      "bad argument #2 to 'raycast' " .. msg)
    assert.has_error(function() collide.character(s, "player", { filter = { exclude = "nobody" } }) end,
      "bad argument #3 to 'character' (option 'filter': " .. msg:sub(2))
  end)

  it("exclude a table item as one item", function()
    local s = collide.scene()
    local me, other = { name = "me" }, { name = "other" }
    s:add(me, box(0, 0, 0))
    s:add(other, box(3, 0, 0))
    assert.are.equal(other, (s:raycast(collide.ray(0, 0, 0, 1, 0, 0), { exclude = me })))
  end)

  it("an empty table keeps everything", function()
    local s = fixture()
    assert.are.same({ "player", "a", "b" }, s:query(collide.aabb(-10, -1, -1, 10, 1, 1), {}))
  end)

  it("for the character: exclude walks through, mask narrows the character's", function()
    local s = collide.scene()
    s:add("floor", collide.aabb(-10, -1, -10, 10, 0, 10))
    s:add("crate", collide.aabb(1, 0, -1, 2, 2, 1))
    s:add("ghost", collide.aabb(3, 0, -1, 4, 2, 1), { layer = 2 })
    s:add("rock", collide.aabb(5, 0, -1, 6, 2, 1))
    local cap = collide.capsule(0, 0.5, 0, 0, 1.5, 0, 0.5)
    s:add("p", cap)
    local ch = collide.character(s, "p", { mask = 3, filter = { exclude = "crate", mask = 1 } })
    ch:move(0, -0.1, 0)
    local mx = ch:move(10, 0, 0)                  -- through the crate and the ghost, to the rock
    assert.are.equal(4.5, mx)
    local seen = {}
    for _, c in ipairs(ch:collisions()) do seen[c.other] = true end
    assert.is_nil(seen.crate)
    assert.is_nil(seen.ghost)
    assert.is_true(seen.rock)
    local ch2 = collide.character(s, "p", { filter = { exclude = { "rock" }, filter = function(o) return o ~= "floor" end } })
    assert.is_false(ch2:on_floor())               -- the floor refused: none below
  end)

  it("errors", function()
    local s = fixture()
    local ray = collide.ray(0, 0, 0, 1, 0, 0)
    assert.has_error(function() s:raycast(ray, { mask = "1" }) end,
      "bad argument #2 to 'raycast' (field 'mask': integer expected, got string)")
    assert.has_error(function() s:raycast(ray, { mask = 1.5 }) end,
      "bad argument #2 to 'raycast' (field 'mask': number has no integer representation)")
    assert.has_error(function() s:query(ray, { filter = 1 }) end,
      "bad argument #2 to 'query' (field 'filter': function expected, got number)")
    assert.has_error(function() s:pairs({ sensors = "yes" }) end,
      "bad argument #1 to 'pairs' (field 'sensors': boolean expected, got string)")
    assert.has_error(function() s:sweep(collide.sphere(0, 0, 0, 1), 1, 0, 0, { skip = 1 }) end,
      "bad argument #5 to 'sweep' (invalid field 'skip')")
    assert.has_error(function() s:move("player", 1, 0, 0, { response = "slide" }) end,
      "bad argument #5 to 'move' (field 'response': function expected, got string)")
    assert.has_error(function() s:move("player", 1, 0, 0, { responds = print }) end,
      "bad argument #5 to 'move' (invalid field 'responds')")
    assert.has_error(function() s:raycast(collide.ray(0, 0, 0, 1, 0, 0), { response = print }) end,
      "bad argument #2 to 'raycast' (invalid field 'response')")
  end)
end)

describe("one-way items", function()
  -- a platform 0.2 thick at y in [0, 0.2], open from below
  local function fixture()
    local s = collide.scene()
    s:add("plat", collide.aabb(-2, 0, -1, 2, 0.2, 1), { one_way = { 0, 1, 0 } })
    return s
  end

  it("let a mover up through from below and hold it from above", function()
    local s = fixture()
    local b = collide.aabb(-0.5, -2, -0.5, 0.5, -1, 0.5)
    s:add("b", b)
    local mx, my, mz, cols = s:move("b", 0, 3, 0)
    assert.are.same({ 0, 3, 0, 0 }, { mx, my, mz, #cols })
    assert.are.same({ -0.5, 1, -0.5, 0.5, 2, 0.5 }, corners(b))
    mx, my, mz, cols = s:move("b", 0, -3, 0)
    assert.are.same({ 0, -0.8, 0 }, { mx, my, mz })
    assert.are.same({ -0.5, 0.2, -0.5, 0.5, 1.2, 0.5 }, corners(b))
    assert.are.equal("plat", cols[1].other)
    assert.are.same({ 0, 1, 0 }, { cols[1].nx, cols[1].ny, cols[1].nz })
    -- resting on it, it walks along
    mx, my = s:move("b", 1, -0.1, 0)
    assert.are.same({ 1, 0 }, { mx, my })
  end)

  it("let a mover pass its edge from the side, and through while overlapping it", function()
    local s = fixture()
    local b = collide.aabb(-4, 0.05, -0.5, -3, 0.15, 0.5)
    s:add("b", b)
    local mx, my, mz, cols = s:move("b", 8, 0, 0)
    assert.are.same({ 8, 0, 0, 0 }, { mx, my, mz, #cols })
    s:update("b", collide.aabb(-0.5, -0.5, -0.5, 0.5, 0.1, 0.5))   -- half inside
    mx, my = s:move("b", 0, -1, 0)
    assert.are.same({ 0, -1 }, { mx, my })
  end)

  it("hold a sweep from its side only; raycasts, queries and pairs treat it as any item", function()
    local s = fixture()
    local ball = collide.sphere(0, -1, 0, 0.5)
    assert.is_nil(s:sweep(ball, 0, 3, 0))
    local above = collide.sphere(0, 1, 0, 0.5)
    local item, t = s:sweep(above, 0, -2, 0)
    assert.are.equal("plat", item)
    assert.is_true(math.abs(t - 0.15) < 1e-15)
    assert.are.equal("plat", (s:raycast(collide.ray(0, -1, 0, 0, 1, 0))))
    assert.are.same({ "plat" }, s:query(collide.sphere(0, 0.1, 0, 0.5)))
    s:add("in", collide.sphere(0, 0.1, 0, 0.5))
    assert.are.same({ { "plat", "in" } }, s:pairs())
  end)

  it("carry a character that jumps up through and lands on them", function()
    local s = collide.scene()
    s:add("floor", collide.aabb(-10, -1, -10, 10, 0, 10))
    s:add("plat", collide.aabb(-2, 1, -2, 2, 1.2, 2), { one_way = { 0, 1, 0 } })
    local cap = collide.capsule(0, 0.3, 0, 0, 1.5, 0, 0.3)
    s:add("p", cap)
    local ch = collide.character(s, "p")
    ch:move(0, -0.1, 0)
    assert.is_true(ch:on_floor())
    local vy, landed = 7, false
    for _ = 1, 120 do
      vy = vy - 9.81 / 60
      ch:move(0, vy / 60, 0)
      if ch:on_floor() then
        landed = ch:floor_item() == "plat"
        break
      end
    end
    assert.is_true(landed)
    local _, ay = cap:a()
    assert.is_true(math.abs(ay - 0.3 - 1.2) < 1e-9)
  end)

  it("are set, read back and cleared through the options", function()
    local s = fixture()
    local sensor, events, dir = s:roles("plat")
    assert.are.same({ false, false, { 0, 1, 0 } }, { sensor, events, dir })
    s:set("plat", { one_way = { 0, 0, -3 } })
    assert.are.same({ 0, 0, -1 }, select(3, s:roles("plat")))
    s:set("plat", { one_way = false })
    assert.is_nil(select(3, s:roles("plat")))
  end)

  it("errors", function()
    local s = collide.scene()
    assert.has_error(function() s:add("a", box(0, 0, 0), { one_way = { 0, 0, 0 } }) end,
      "bad argument #3 to 'add' (option 'one_way': zero vector)")
    assert.has_error(function() s:add("a", box(0, 0, 0), { one_way = "up" }) end,
      "bad argument #3 to 'add' (option 'one_way': vector expected, got string)")
    assert.has_error(function() s:add("a", box(0, 0, 0), { one_way = { 0, 1 / 0, 0 } }) end,
      "bad argument #3 to 'add' (option 'one_way': finite vector expected)")
    assert.has_error(function() s:add("a", box(0, 0, 0), { one_way = false }) end,
      "bad argument #3 to 'add' (option 'one_way': vector expected, got boolean)")
    local m = collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 0, 1 })
    assert.has_error(function() s:add("m", m, { one_way = { 0, 1, 0 } }) end,
      "bad argument #3 to 'add' (option 'one_way': not for a mesh)")
    assert.is_false(s:has("a"))
    assert.is_false(s:has("m"))
  end)
end)
