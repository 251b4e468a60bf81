-- Sensors and scene:events(): enter and exit for the items inside a
-- sensor, begin and end for items with events = true, found from what
-- changed since the last call; checked case by case and, over random
-- frames of moves, additions, removals and changes of options, against
-- brute force (every pair tested with collide.intersects and the layer
-- rule, the contacts of the frame before compared with this frame's).
local collide = require "collide"
local H = require "helpers"

-- "type:x:y" for each event (x the sensor or a, y the item or b)
local function names(events)
  local out = {}
  for i, e in ipairs(events) do
    if e.type == "enter" or e.type == "exit" then
      out[i] = e.type .. ":" .. tostring(e.sensor) .. ":" .. tostring(e.item)
    else
      out[i] = e.type .. ":" .. tostring(e.a) .. ":" .. tostring(e.b)
    end
  end
  return out
end

local function box(x, y, z, h)
  h = h or 0.5
  return collide.aabb(x - h, y - h, z - h, x + h, y + h, z + h)
end

describe("scene:events()", function()
  it("gives enter and exit as an item moves through a sensor, nothing when idle", function()
    local s = collide.scene()
    s:add("zone", collide.aabb(0, 0, 0, 2, 2, 2), { sensor = true })
    local ball = collide.sphere(-3, 1, 1, 0.5)
    s:add("ball", ball)
    assert.are.same({}, names(s:events()))
    s:move("ball", 3, 0, 0)                       -- touches the zone's face: inside
    assert.are.same({ 0, 1, 1 }, { ball:center() })
    assert.are.same({ "enter:zone:ball" }, names(s:events()))
    assert.are.same({}, names(s:events()))
    s:move("ball", 1, 0, 0)
    assert.are.same({}, names(s:events()))
    s:move("ball", 2.5000001, 0, 0)               -- just beyond the far face
    assert.are.same({ "exit:zone:ball" }, names(s:events()))
  end)

  it("names the two items of every event a and b, a sensor's also sensor and item", function()
    local s = collide.scene()
    s:add("zone", collide.aabb(0, 0, 0, 2, 2, 2), { sensor = true })
    s:add("wall", box(4, 1, 1), { events = true })
    s:add("ball", collide.sphere(-3, 1, 1, 0.5))
    s:events()
    s:move("ball", 3, 0, 0)
    assert.are.same({ { type = "enter", sensor = "zone", item = "ball", a = "zone", b = "ball" } },
      s:events())
    s:update("ball", collide.sphere(3, 1, 1, 0.5))
    assert.are.same({
      { type = "exit", sensor = "zone", item = "ball", a = "zone", b = "ball" },
      { type = "begin", a = "wall", b = "ball" },
    }, s:events())
  end)

  it("counts from the scene's making: items added inside enter at the first call", function()
    local s = collide.scene()
    s:add("a", box(1, 1, 1))
    s:add("zone", collide.aabb(0, 0, 0, 2, 2, 2), { sensor = true })
    s:add("b", box(5, 5, 5))
    assert.are.same({ "enter:zone:a" }, names(s:events()))
  end)

  it("gives nothing for an item that came in and left between two calls", function()
    local s = collide.scene()
    s:add("zone", collide.aabb(0, 0, 0, 2, 2, 2), { sensor = true })
    s:add("ball", collide.sphere(-3, 1, 1, 0.5))
    s:events()
    s:move("ball", 4, 0, 0)
    s:move("ball", -4, 0, 0)
    assert.are.same({}, names(s:events()))
    s:add("x", box(1, 1, 1))
    s:remove("x")
    assert.are.same({}, names(s:events()))
  end)

  it("gives exit when the item or the sensor is removed, the removed item named", function()
    local s = collide.scene()
    s:add("zone", collide.aabb(0, 0, 0, 4, 4, 4), { sensor = true })
    s:add("a", box(1, 1, 1))
    s:add("b", box(2, 2, 2))
    s:add("c", box(3, 3, 3))
    assert.are.same({ "enter:zone:a", "enter:zone:b", "enter:zone:c" }, names(s:events()))
    s:remove("b")
    assert.are.same({ "exit:zone:b" }, names(s:events()))
    s:remove("zone")
    assert.are.same({ "exit:zone:a", "exit:zone:c" }, names(s:events()))
    -- both removed before the call: each still named
    s:add("zone", collide.aabb(0, 0, 0, 4, 4, 4), { sensor = true })
    s:events()
    s:remove("zone")
    s:remove("c")
    assert.are.same({ "exit:zone:a", "exit:zone:c" }, names(s:events()))
    s:add("c", box(3, 3, 3))
    -- removed and added again: the old one left, the new one is another
    s:add("zone", collide.aabb(0, 0, 0, 4, 4, 4), { sensor = true })
    s:events()
    s:remove("a")
    s:add("a", box(1, 1, 1))
    assert.are.same({ "exit:zone:a", "enter:zone:a" }, names(s:events()))
  end)

  it("detects by the exact shapes, not their boxes", function()
    local s = collide.scene()
    s:add("zone", collide.sphere(0, 0, 0, 1), { sensor = true })
    s:add("corner", collide.aabb(0.75, 0.75, 0.75, 2, 2, 2))   -- in the sphere's box only
    s:add("near", collide.aabb(0.5, 0.5, 0.5, 2, 2, 2))       -- |(0.5, 0.5, 0.5)| < 1
    assert.are.same({ "enter:zone:near" }, names(s:events()))
  end)

  it("meets by layers and masks both ways; sensors never detect sensors; static items are detected", function()
    local s = collide.scene()
    s:add("zone", collide.aabb(0, 0, 0, 4, 4, 4), { sensor = true, layer = 2, mask = 1 })
    s:add("seen", box(1, 1, 1), { layer = 1, mask = 2 })
    s:add("blind", box(1, 1, 1), { layer = 1, mask = 4 })       -- its mask misses the zone
    s:add("other", box(1, 1, 1), { layer = 4, mask = 2 })       -- the zone's mask misses it
    s:add("zone2", box(2, 2, 2), { sensor = true })
    s:add("wall", box(3, 3, 3), { static = true })
    -- (zone2, of layer 1, misses the masks of seen, blind and other)
    assert.are.same({ "enter:zone:seen", "enter:zone:wall", "enter:zone2:wall" }, names(s:events()))
    s:set("seen", { mask = 4 })                     -- can no longer meet the zone
    assert.are.same({ "exit:zone:seen" }, names(s:events()))
    s:set("seen", { mask = 2 })
    assert.are.same({ "enter:zone:seen" }, names(s:events()))
  end)

  it("gives begin and end for items with events = true, not for two static items", function()
    local s = collide.scene()
    s:add("player", box(0, 0, 0), { events = true })
    s:add("crate", box(5, 0, 0))
    s:add("wall", box(0, 0, 0.5), { static = true })
    s:add("rock", box(0, 0, -0.5), { static = true, events = true })
    s:add("floor", box(0, 0, -0.75), { static = true })       -- meets rock: both static
    assert.are.same({ "begin:player:wall", "begin:player:rock", "begin:player:floor" }, names(s:events()))
    s:move("crate", -4.3, 0, 0, function() return "cross" end)  -- into the player, wall, rock, floor
    assert.are.same({ "begin:player:crate", "begin:crate:rock" }, names(s:events()))
    s:remove("player")
    assert.are.same({ "end:player:crate", "end:player:wall", "end:player:rock", "end:player:floor" },
      names(s:events()))
  end)

  it("orders exits and ends first, then enters and begins, by add order", function()
    local s = collide.scene()
    s:add("z1", collide.aabb(0, 0, 0, 4, 4, 4), { sensor = true })
    s:add("p", box(1, 1, 1), { events = true })
    s:add("z0", collide.aabb(0, 0, 0, 4, 4, 4), { sensor = true })
    s:add("q", box(1.5, 1.5, 1.5))
    assert.are.same({ "enter:z1:p", "enter:z1:q", "begin:p:q", "enter:z0:p", "enter:z0:q" },
      names(s:events()))
    s:update("q", box(10, 10, 10))
    s:add("r", box(2, 2, 2))
    assert.are.same({ "exit:z1:q", "end:p:q", "exit:z0:q", "enter:z1:r", "begin:p:r", "enter:z0:r" },
      names(s:events()))
  end)

  it("sees shapes changed in place once sync or update has", function()
    local s = collide.scene()
    local b = box(10, 0, 0)
    s:add("zone", collide.aabb(0, 0, 0, 2, 2, 2), { sensor = true })
    s:add("b", b)
    s:events()
    b:set(1, 1, 1, 1.5, 1.5, 1.5)
    assert.are.same({}, names(s:events()))        -- the scene does not know yet
    s:sync()
    assert.are.same({ "enter:zone:b" }, names(s:events()))
    b:translate(10, 0, 0)
    s:update("b")
    assert.are.same({ "exit:zone:b" }, names(s:events()))
  end)

  it("turns a contact's kind when the role changes", function()
    local s = collide.scene()
    s:add("a", box(0, 0, 0), { events = true })
    s:add("b", box(0.5, 0, 0))
    assert.are.same({ "begin:a:b" }, names(s:events()))
    s:set("b", { sensor = true })
    assert.are.same({ true, false }, { s:roles("b") })
    assert.are.same({ "end:a:b", "enter:b:a" }, names(s:events()))
    s:set("b", { sensor = false })
    s:set("a", { events = false })
    assert.are.same({ "exit:b:a" }, names(s:events()))
    assert.are.same({ false, false }, { s:roles("b") })
  end)

  it("is refused inside a filter, and allowed from a callback of nothing", function()
    local s = collide.scene()
    s:add("zone", collide.aabb(0, 0, 0, 2, 2, 2), { sensor = true })
    s:add("a", box(1, 1, 1))
    s:add("wall", box(3, 1, 1))
    assert.has_error(function()
      s:query(box(1, 1, 1), { sensors = true, filter = function() s:events() return true end })
    end, "cannot read a scene's events during its query")
    assert.has_error(function()
      s:move("a", 2, 0, 0, function() s:events() end)
    end, "cannot read a scene's events during its move")
    assert.are.same({ "enter:zone:a" }, names(s:events()))
  end)

  it("rejects bad options and a bad self", function()
    local s = collide.scene()
    assert.has_error(function() s:add("a", box(0, 0, 0), { sensor = 1 }) end,
      "bad argument #3 to 'add' (option 'sensor': boolean expected, got number)")
    assert.has_error(function() s:add("a", box(0, 0, 0), { events = "yes" }) end,
      "bad argument #3 to 'add' (option 'events': boolean expected, got string)")
    assert.has_error(function() s:add("a", box(0, 0, 0), { trigger = true }) end,
      "bad argument #3 to 'add' (invalid option 'trigger')")
    assert.is_false(s:has("a"))
    s:add("a", box(0, 0, 0))
    assert.has_error(function() s:set("a", { sensor = {} }) end,
      "bad argument #2 to 'set' (option 'sensor': boolean expected, got table)")
    assert.has_error(function() s.events({}) end,
      "calling 'events' on bad self (collide.scene expected, got table)")
    assert.has_error(function() s.roles(nil, "a") end,
      "calling 'roles' on bad self (collide.scene expected, got nil)")
    assert.has_error(function() s:roles("b") end, "bad argument #1 to 'roles' (item not in the scene)")
  end)
end)

describe("scene:events() against brute force", function()
  -- a random scene: boxes, spheres, obbs and capsules, some sensors, some
  -- with events, some static, a few layers; each frame moves, adds,
  -- removes and changes options, then compares the events with the
  -- difference of the contacts found by testing every pair
  local function run(seed, frames)
    local r = H.rng(seed)
    local makers = H.shape_makers(r, 5, 0.2)
    local kinds = { "aabb", "sphere", "obb", "capsule" }
    local s = collide.scene()
    local live, serial, seq = {}, 0, 0
    local function pick_layer() return ({ 1, 2, 3, 4 })[math.floor(r(1, 5))] end
    -- a and b share a bit (layers below 8)
    local function band(a, b)
      for bit = 0, 2 do
        local v = 2 ^ bit
        if a % (2 * v) >= v and b % (2 * v) >= v then return true end
      end
      return false
    end
    local function add()
      serial = serial + 1
      seq = seq + 1
      local it = {
        name = "i" .. serial, seq = seq, shape = makers[kinds[math.floor(r(1, 5))]](),
        layer = pick_layer(), mask = pick_layer(), static = r(0, 1) < 0.2,
        sensor = r(0, 1) < 0.15, events = r(0, 1) < 0.2,
      }
      live[#live + 1] = it
      s:add(it.name, it.shape, { layer = it.layer, mask = it.mask, static = it.static,
        sensor = it.sensor, events = it.events })
    end
    for _ = 1, 30 do add() end
    local before = {}                                 -- key -> {first, second, type}
    local function relation(x, y)
      if x.sensor and y.sensor then return nil end
      local meets = band(x.layer, y.mask) and band(y.layer, x.mask)
      if not meets then return nil end
      if x.sensor or y.sensor then
        if x.sensor then return "enter", x, y end
        return "enter", y, x
      end
      if not (x.events or y.events) or (x.static and y.static) then return nil end
      if x.seq < y.seq then return "begin", x, y end
      return "begin", y, x
    end
    for frame = 1, frames do
      for _ = 1, math.floor(r(1, 8)) do
        local op = r(0, 1)
        local it = live[math.floor(r(1, #live + 1))]
        if op < 0.4 and it then
          it.shape = makers[kinds[math.floor(r(1, 5))]]()
          s:update(it.name, it.shape)
        elseif op < 0.55 and it then
          it.shape:translate(r(-1, 1), r(-1, 1), r(-1, 1))
          if not it.static then s:sync() else s:update(it.name) end
        elseif op < 0.6 and it then
          s:move(it.name, r(-2, 2), r(-2, 2), r(-2, 2), r(0, 1) < 0.5 and function() return "cross" end or nil)
        elseif op < 0.7 then
          add()
        elseif op < 0.82 and it then
          s:remove(it.name)
          for k, v in ipairs(live) do if v == it then table.remove(live, k) break end end
        elseif it then
          it.layer, it.mask = pick_layer(), pick_layer()
          it.sensor, it.events, it.static = r(0, 1) < 0.15, r(0, 1) < 0.2, r(0, 1) < 0.2
          s:set(it.name, { layer = it.layer, mask = it.mask, static = it.static,
            sensor = it.sensor, events = it.events })
        end
      end
      -- every pair now
      local now = {}
      for i = 1, #live do
        for j = i + 1, #live do
          local t, a, b = relation(live[i], live[j])
          if t and collide.intersects(live[i].shape, live[j].shape) then
            now[t .. ":" .. a.seq .. ":" .. b.seq] = { a = a, b = b, type = t }
          end
        end
      end
      local expected = {}
      for k, c in pairs(before) do
        if not now[k] then
          expected[#expected + 1] = { g = 0, c = c, type = c.type == "enter" and "exit" or "end" }
        end
      end
      for k, c in pairs(now) do
        if not before[k] then expected[#expected + 1] = { g = 1, c = c, type = c.type } end
      end
      table.sort(expected, function(x, y)
        if x.g ~= y.g then return x.g < y.g end
        if x.c.a.seq ~= y.c.a.seq then return x.c.a.seq < y.c.a.seq end
        if x.c.b.seq ~= y.c.b.seq then return x.c.b.seq < y.c.b.seq end
        return x.type < y.type
      end)
      local want = {}
      for i, e in ipairs(expected) do want[i] = e.type .. ":" .. e.c.a.name .. ":" .. e.c.b.name end
      local got = names(s:events())
      if #got ~= #want then
        assert.are.same(want, got, ("seed %d frame %d"):format(seed, frame))
      end
      assert.are.same(want, got)
      before = now
    end
  end

  -- (EVENT_SEEDS=300 runs more)
  for seed = 1, tonumber(os.getenv("EVENT_SEEDS") or 10) do
    it("seed " .. seed .. ": 40 frames", function() run(seed, 40) end)
  end
end)
