-- scene:snapshot(), scene:restore(snap), scene:hash() and snap:memory():
-- the whole collision state saved and put back, bit for bit, against a
-- game replayed from its start (the independent reference: the same
-- inputs played once, straight through).
local collide = require "collide"
local rng = require("ref").rng
local hex = require("game").hex

-- every result of a frame as text: numbers to the bit
local function text(...)
  local parts = {}
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    if type(v) == "number" then
      parts[i] = hex(v)
    elseif type(v) == "table" then
      local sub = {}
      for _, k in ipairs({ "type", "item", "other", "sensor", "a", "b", "t", "x", "y", "z",
                           "nx", "ny", "nz", "material" }) do
        if v[k] ~= nil then sub[#sub + 1] = k .. "=" .. text(v[k]) end
      end
      for k = 1, #v do sub[#sub + 1] = text(v[k]) end
      parts[i] = "{" .. table.concat(sub, " ") .. "}"
    else
      parts[i] = tostring(v)
    end
  end
  return table.concat(parts, " ")
end

local RESPONSES = { "slide", "touch", "cross", "bounce" }

-- a level every run builds the same: a ground, a mesh, a terrain, a
-- turning platform, a character on it, movers and sensors
local function level()
  local s = collide.scene()
  s:add("ground", collide.aabb(-30, -2, -30, 30, -1, 30), { static = true })
  s:add("mesh", collide.mesh({ 10, -1, 10, 20, -1, 10, 10, 2, 20, 20, 2, 20 }, { 1, 2, 3, 2, 4, 3 }))
  local heights = {}
  for k = 1, 25 do heights[k] = ((k * 7) % 5) * 0.25 - 1 end
  s:add("hills", collide.heightfield(heights, 5, 5, 2, 2, { -20, -1.5, -20 }))
  s:add("deck", collide.obb(0, -0.75, 0, 4, 0.25, 4, 0, 0, 0, 1))
  s:add("hero", collide.capsule(1, 0.45, 1, 1, 1.45, 1, 0.4))
  local hero = collide.character(s, "hero")
  s:add("zone", collide.aabb(-6, -1, -6, 0, 3, 0), { sensor = true })
  for k = 1, 6 do
    s:add("box" .. k, collide.aabb(k * 2 - 7, 0, 3, k * 2 - 6, 1, 4), { events = k % 2 == 0 })
  end
  return s, hero
end

local FIXED = { ground = true, mesh = true, hills = true, deck = true, hero = true, zone = true }

-- the items that may be moved, removed or changed, in add order
local function movable(s)
  local out = {}
  for item in s:items() do
    if not FIXED[item] then out[#out + 1] = item end
  end
  return out
end

local function new_shape(g)
  local x, y, z = g.uniform(-8, 8), g.uniform(0, 2), g.uniform(-8, 8)
  local k = g.int(4)
  if k == 1 then return collide.aabb(x, y, z, x + g.uniform(0.3, 1.5), y + g.uniform(0.3, 1.5), z + g.uniform(0.3, 1.5)) end
  if k == 2 then return collide.sphere(x, y, z, g.uniform(0.2, 1)) end
  if k == 3 then return collide.capsule(x, y, z, x + g.uniform(-1, 1), y + 1, z, g.uniform(0.2, 0.6)) end
  local a = g.uniform(-3, 3)
  local qx, qy, qz, qw = collide.axis_angle(0, 1, 0, a)
  return collide.obb(x, y, z, g.uniform(0.3, 1), g.uniform(0.3, 1), g.uniform(0.3, 1), qx, qy, qz, qw)
end

-- frame f of the game: its inputs from a generator seeded by f alone, so
-- that a frame played again plays the same; its results as text
local function frame(s, hero, f)
  local g = rng(7919 * f + 17)
  local out = {}
  local function put(...) out[#out + 1] = text(...) end
  -- the platform turns and slides
  local deck = s:shape("deck")
  local turn = f * 0.05
  deck:set({ 0.02 * (f % 20), -0.75, 0 }, { 4, 0.25, 4 }, { collide.axis_angle(0, 1, 0, turn) })
  s:update("deck")
  local items = movable(s)
  if g.chance(0.3) then
    local name = "n" .. f
    s:add(name, new_shape(g), {
      static = g.chance(0.2), sensor = g.chance(0.15), events = g.chance(0.3),
      layer = g.int(3), one_way = g.chance(0.1) and { 0, 1, 0 } or nil,
    })
    put("add", name)
  end
  if #items > 3 and g.chance(0.2) then
    local name = items[g.int(#items)]
    s:remove(name)
    put("remove", name)
    items = movable(s)
  end
  if #items > 0 and g.chance(0.2) then
    local name = items[g.int(#items)]
    s:set(name, { layer = g.int(3), events = g.chance(0.5), static = g.chance(0.1) })
    put("set", name)
  end
  if #items > 0 and g.chance(0.15) then
    local name = items[g.int(#items)]
    if not s:roles(name) then
      s:update(name, new_shape(g))
      put("update", name)
    end
  end
  for _ = 1, 3 do
    if #items == 0 then break end
    local name = items[g.int(#items)]
    local resp = RESPONSES[g.int(4)]
    -- (a sensor does not move: the refusal is a result too)
    local ok, mx, my, mz, cols = pcall(s.move, s, name, g.uniform(-1, 1), g.uniform(-0.5, 0.2),
      g.uniform(-1, 1), function() return resp end)
    if ok then
      put("move", name, mx, my, mz, #cols)
      for _, c in ipairs(cols) do put("col", c) end
    else
      put("refused", name, mx)
    end
  end
  put("hero", hero:move(g.uniform(-0.1, 0.1), -0.05, g.uniform(-0.1, 0.1)))
  put("flags", hero:on_floor(), hero:on_wall(), hero:on_ceiling(), hero:floor_item(), hero:floor_motion())
  put("floor", hero:floor_normal())
  for _, c in ipairs(hero:collisions()) do put("hcol", c) end
  for _ = 1, 3 do
    local r = collide.ray(g.uniform(-10, 10), 5, g.uniform(-10, 10), g.uniform(-0.3, 0.3), -1, g.uniform(-0.3, 0.3))
    put("ray", s:raycast(r))
  end
  local q = s:query(collide.aabb(-5, -1, -5, 5, 3, 5))
  table.sort(q, function(a, b) return tostring(a) < tostring(b) end)
  put("query", #q, table.unpack and table.unpack(q) or unpack(q))
  for _, e in ipairs(s:events()) do put("event", e) end
  put("hash", s:hash())
  return table.concat(out, "\n")
end

describe("scene snapshots", function()
  it("restore replays every frame bit for bit, against the game played straight through", function()
    local N = 300
    local s, hero = level()
    local straight = {}
    for f = 1, N do straight[f] = frame(s, hero, f) end

    local r, rhero = level()
    local snaps, f, rollbacks, top = {}, 0, 0, 0
    snaps[0] = r:snapshot()
    local g = rng(4242)
    while f < N do
      f = f + 1
      assert.are.equal(straight[f], frame(r, rhero, f), "frame " .. f)
      snaps[f] = r:snapshot()
      snaps[f - 9] = nil
      local first = f > top
      if first then top = f end
      if first and f % 5 == 0 and f < N then
        -- a late input: back a few frames, the same frames played again
        local back = g.int(math.min(8, f))
        r:restore(snaps[f - back])
        assert.is_true(r:tree():validate())
        f = f - back
        rollbacks = rollbacks + 1
      end
    end
    assert.is_true(rollbacks >= 50)
    assert.are.equal(s:hash(), r:hash())
  end)

  it("a snapshot restores any number of times", function()
    local s, hero = level()
    for f = 1, 20 do frame(s, hero, f) end
    local snap = s:snapshot()
    local h = s:hash()
    local first
    for round = 1, 3 do
      s:restore(snap)
      assert.are.equal(h, s:hash())
      local got = frame(s, hero, 21) .. frame(s, hero, 22)
      if round == 1 then first = got else assert.are.equal(first, got) end
    end
  end)

  it("puts back items, ids, shapes in place, options and roles", function()
    local s = collide.scene()
    local a = collide.aabb(0, 0, 0, 1, 1, 1)
    local b = collide.sphere(5, 0, 0, 1)
    s:add("a", a)
    s:add("b", b, { layer = 2, mask = 5 })
    local snap = s:snapshot()
    s:move("a", 2, 0, 0)
    s:set("b", { layer = 4, sensor = true })
    s:remove("b")
    s:add("c", collide.aabb(9, 9, 9, 10, 10, 10))
    s:restore(snap)
    assert.are.same({ 0, 0, 0 }, { a:min() })
    assert.are.same({ 1, 1, 1 }, { a:max() })
    assert.is_true(s:has("a") and s:has("b"))
    assert.is_false(s:has("c"))
    assert.are.equal(b, s:shape("b"))
    assert.are.same({ 2, 5, false }, { s:options("b") })
    assert.are.same({ false, false }, { s:roles("b") })
    local order = {}
    for item in s:items() do order[#order + 1] = item end
    assert.are.same({ "a", "b" }, order)
    -- the add order and the ids go on as they did after the snapshot
    s:add("d", collide.aabb(0, 0, 0, 1, 1, 1))
    order = {}
    for item in s:items() do order[#order + 1] = item end
    assert.are.same({ "a", "b", "d" }, order)
  end)

  it("gives back the events not yet read and the contacts events remember", function()
    local s = collide.scene()
    s:add("zone", collide.aabb(0, 0, 0, 4, 4, 4), { sensor = true })
    s:add("p", collide.sphere(1, 1, 1, 0.5))
    local snap = s:snapshot()
    assert.are.same({ { type = "enter", sensor = "zone", item = "p", a = "zone", b = "p" } }, s:events())
    s:restore(snap)
    assert.are.same({ { type = "enter", sensor = "zone", item = "p", a = "zone", b = "p" } }, s:events())
    local inside = s:snapshot()
    s:move("p", 10, 0, 0)
    assert.are.equal("exit", s:events()[1].type)
    s:restore(inside)
    assert.are.same({}, s:events())
    s:move("p", 10, 0, 0)
    assert.are.equal("exit", s:events()[1].type)
  end)

  it("puts back a character's floor, flags and collisions", function()
    local s = collide.scene()
    s:add("floor", collide.aabb(-10, -1, -10, 10, 0, 10), { static = true })
    s:add("hero", collide.capsule(0, 0.5, 0, 0, 1.5, 0, 0.5))
    local hero = collide.character(s, "hero")
    local snap = s:snapshot()
    assert.is_true(hero:on_floor())
    assert.are.equal("floor", hero:floor_item())
    hero:move(0, 5, 0)
    assert.is_false(hero:on_floor())
    s:restore(snap)
    assert.is_true(hero:on_floor())
    assert.are.equal("floor", hero:floor_item())
    assert.are.same({ 0, 1, 0 }, { hero:floor_normal() })
    assert.are.same({ 0, 0.5, 0 }, { s:shape("hero"):a() })
    assert.are.same({ 0, 1.5, 0 }, { s:shape("hero"):b() })
    assert.are.same({}, hero:collisions())
  end)

  it("refuses another scene's snapshot, a heightfield edited since, and bad values", function()
    local s, t = collide.scene(), collide.scene()
    local hf = collide.heightfield({ 0, 0, 0, 0 }, 2, 2)
    s:add("hf", hf)
    local snap = t:snapshot()
    assert.has_error(function() s:restore(snap) end,
      "bad argument #1 to 'restore' (snapshot of another scene)")
    assert.has_error(function() s:restore(nil) end,
      "bad argument #1 to 'restore' (collide.snapshot expected, got nil)")
    assert.has_error(function() s:restore(collide.aabb(0, 0, 0, 1, 1, 1)) end,
      "bad argument #1 to 'restore' (collide.snapshot expected, got collide.aabb)")
    assert.has_error(function() s.restore({}, snap) end,
      "calling 'restore' on bad self (collide.scene expected, got table)")
    assert.has_error(function() s.snapshot(nil) end,
      "calling 'snapshot' on bad self (collide.scene expected, got nil)")
    assert.has_error(function() s.hash(5) end,
      "calling 'hash' on bad self (collide.scene expected, got number)")
    local before = s:snapshot()
    hf:set_height(1, 1, 2)
    assert.has_error(function() s:restore(before) end,
      "bad argument #1 to 'restore' (heightfield edited since the snapshot)")
  end)

  it("refuses a restore from inside a filter", function()
    local s = collide.scene()
    s:add("a", collide.aabb(0, 0, 0, 1, 1, 1))
    local snap = s:snapshot()
    assert.has_error(function()
      s:query(collide.aabb(0, 0, 0, 1, 1, 1), function() s:restore(snap) end)
    end, "cannot change a scene during its query")
  end)

  it("costs what can move: its own bytes grow with the movers, not the static level", function()
    local small, big = collide.scene(), collide.scene()
    for k = 1, 1000 do big:add("wall" .. k, collide.aabb(k, 0, 0, k + 1, 1, 1), { static = true }) end
    for k = 1, 10 do
      small:add("m" .. k, collide.aabb(k, 5, 0, k + 1, 6, 1))
      big:add("m" .. k, collide.aabb(k, 5, 0, k + 1, 6, 1))
    end
    local a, b = small:snapshot(), big:snapshot()
    local own_a, shared_a = a:memory()
    local own_b, shared_b = b:memory()
    assert.are.equal(own_a, own_b)
    assert.is_true(own_a <= 128 * 10 + 512)
    assert.is_true(shared_b > 1000 * 40)
    -- snapshots of the same records share them
    local c = big:snapshot()
    assert.are.same({ own_b, shared_b }, { c:memory() })
    assert.are.equal(shared_a, select(2, small:snapshot():memory()))
  end)
end)
