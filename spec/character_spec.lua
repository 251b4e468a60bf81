-- collide.character: a capsule of radius 0.3 and height 1.8 (step_height
-- 0.3, max_slope 45) walks a level built here, frame by frame at 60 Hz
-- with gravity applied by the "game" below. The level is built twice: as
-- items (boxes and rotated boxes) and as one collide.mesh of the same
-- boxes' faces. In every frame the capsule, shrunk by a hair, must meet
-- no level shape (collide.intersects, not the code under test).
local collide = require "collide"
local H = require "helpers"

local rad, sin, cos, sqrt = math.rad, math.sin, math.cos, math.sqrt

local R, HEIGHT = 0.3, 1.8
local DT, G = 1 / 60, 9.81
local HAIR = 1e-7

-- the boxes of the level, each in its lane (z) of the floor
local function boxes()
  local list = {}
  local function box(name, x0, y0, z0, x1, y1, z1)
    list[#list + 1] = { name = name, shape = collide.aabb(x0, y0, z0, x1, y1, z1) }
  end
  -- a rotated box whose top face starts at (x, 0, z) and rises along +x by
  -- angle degrees
  local function ramp(name, x, z, angle)
    local a = rad(angle)
    local ax, ay = cos(a), sin(a)
    local hx, hy, hz = 4, 0.5, 1.5
    local cx, cy = x + ax * hx + ay * hy, 0 + ay * hx - ax * hy
    list[#list + 1] = { name = name, angle = angle,
      shape = collide.obb_from_axes(cx, cy, z, hx, hy, hz, ax, ay, 0, -ay, ax, 0, 0, 0, 1) }
  end
  box("floor", -20, -1, -30, 60, 0, 30)
  for i = 1, 5 do box("stair " .. i, 2 + 0.4 * (i - 1), 0, -1.5, 12, 0.25 * i, 1.5) end
  box("ledge", 2, 0, 3.5, 12, 0.5, 6.5)
  ramp("ramp 30", 2, 10, 30)
  ramp("ramp 60", 2, 15, 60)
  box("wall", -5, 0, 21, 30, 3, 22)
  box("thin wall", 5, 0, 23.5, 5.05, 3, 26.5)
  box("ceiling", -2, 2.2, -6.5, 2, 3, -3.5)
  return list
end

-- the faces of the boxes as one triangle list
local function as_mesh(list)
  local shapes = {}
  for i, b in ipairs(list) do shapes[i] = b.shape end
  return H.boxes_mesh(shapes)
end

-- a level scene with the character standing at (x, 0, z)
local function level(kind, x, z)
  local s = collide.scene()
  local list = boxes()
  local shapes = {}
  if kind == "items" then
    for _, b in ipairs(list) do s:add(b.name, b.shape); shapes[#shapes + 1] = b.shape end
  else
    local m = as_mesh(list)
    s:add("level", m)
    shapes[1] = m
  end
  local cap = collide.capsule(x, R, z, x, HEIGHT - R, z, R)
  s:add("player", cap)
  local ch = collide.character(s, "player", { up = { 0, 1, 0 }, step_height = 0.3, max_slope = 45 })
  return s, ch, cap, shapes
end

local function foot(cap) return select(2, cap:a()) - R end

local function assert_outside(cap, shapes, frame)
  local ax, ay, az = cap:a()
  local bx, by, bz = cap:b()
  local small = collide.capsule(ax, ay, az, bx, by, bz, R - HAIR)
  for _, s in ipairs(shapes) do
    if collide.intersects(small, s) then
      error(("frame %d: capsule %s inside the level"):format(frame, tostring(cap)), 2)
    end
  end
end

-- the game's loop: velocity (vx, vz) across, gravity along y, a jump
-- speed at the first frame; each(frame, mx, my, mz) after every move
local function walk(ch, cap, shapes, vx, vz, frames, each, jump)
  local vy = jump or 0
  for f = 1, frames do
    vy = vy - G * DT
    local mx, my, mz = ch:move(vx * DT, vy * DT, vz * DT)
    if ch:on_floor() and vy < 0 then vy = 0 end
    if ch:on_ceiling() and vy > 0 then vy = 0 end
    assert_outside(cap, shapes, f)
    if each then each(f, mx, my, mz) end
  end
end

for _, kind in ipairs { "items", "mesh" } do
  describe("collide.character on a level made of " .. kind, function()
    it("climbs the stairs to 1.25 and walks down them on the floor", function()
      local _, ch, cap, shapes = level(kind, 0, 0)
      local highest = 0
      walk(ch, cap, shapes, 4, 0, 90, function()
        local h = foot(cap)
        assert.is_true(h <= highest + 0.3 + 1e-9)        -- no rise above a step at once
        if h > highest then highest = h end
      end)
      assert.is_true(H.near(1.25, foot(cap), 1e-9))
      assert.is_true(ch:on_floor())
      H.assert_vals({ 0, 1, 0 }, 1e-9, ch:floor_normal())
      walk(ch, cap, shapes, -4, 0, 90, function(f)
        assert.is_true(ch:on_floor(), "off the floor at frame " .. f)
      end)
      assert.is_true(H.near(0, foot(cap), 1e-9))
      local x = cap:center()
      assert.is_true(x < 1.7)
    end)

    it("stops at the 0.5 ledge", function()
      local _, ch, cap, shapes = level(kind, 0, 5)
      walk(ch, cap, shapes, 4, 0, 60)
      local x = cap:center()
      assert.is_true(x <= 2 - R + 1e-9 and x > 2 - R - 1e-6)
      assert.is_true(H.near(0, foot(cap), 1e-9))
      assert.is_true(ch:on_wall())
      assert.is_true(ch:on_floor())
    end)

    it("walks up the 30 degree ramp with its normal as floor normal, and down it on the floor", function()
      local _, ch, cap, shapes = level(kind, 0, 10)
      local nx, ny = -sin(rad(30)), cos(rad(30))
      local on_ramp = 0
      walk(ch, cap, shapes, 4, 0, 80, function(f)
        assert.is_true(ch:on_floor(), "off the floor at frame " .. f)
        local x = cap:center()
        if x > 2.5 then
          on_ramp = on_ramp + 1
          H.assert_vals({ nx, ny, 0 }, 1e-9, ch:floor_normal())
        end
      end)
      assert.is_true(on_ramp > 40)
      local x = cap:center()
      -- the capsule's lowest point rests on the ramp: its foot is where the
      -- sphere of radius R under the axis touches the slope
      local expect = (x - 2) * math.tan(rad(30)) + R / cos(rad(30)) - R
      assert.is_true(H.near(expect, foot(cap), 1e-9))
      walk(ch, cap, shapes, -4, 0, 80, function(f)
        assert.is_true(ch:on_floor(), "off the floor at frame " .. f)
      end)
      assert.is_true(H.near(0, foot(cap), 1e-9))
    end)

    it("cannot climb the 60 degree ramp", function()
      local _, ch, cap, shapes = level(kind, 0, 15)
      local highest = 0
      walk(ch, cap, shapes, 4, 0, 90, function()
        highest = math.max(highest, foot(cap))
      end)
      assert.is_true(highest < 1e-6)
      local x = cap:center()
      assert.is_true(x < 2)
      assert.is_true(ch:on_wall())
    end)

    it("slides along a wall keeping the motion along it", function()
      local _, ch, cap, shapes = level(kind, 0, 20)
      local along, was = 0, false
      walk(ch, cap, shapes, 4, 3, 60, function(_, mx, _, mz)
        local _, _, z = cap:center()
        local at = H.near(21 - R, z, 1e-9)
        -- all of the motion along the wall kept, on meeting it and after
        if at then assert.is_true(H.near(4 * DT, mx, 1e-12)) end
        if at and was then
          -- against it already: none of the motion into it
          along = along + 1
          assert.is_true(math.abs(mz) < 1e-9)
        end
        was = at
      end)
      local _, _, z = cap:center()
      assert.is_true(H.near(21 - R, z, 1e-9))
      assert.is_true(along > 40)
      assert.is_true(ch:on_wall())
    end)

    it("does not tunnel through a 5 cm wall at 6,000 m/s", function()
      local _, ch, cap, shapes = level(kind, 0, 25)
      walk(ch, cap, shapes, 6000, 0, 5)
      local x = cap:center()
      assert.is_true(x <= 5 - R + 1e-9 and x > 5 - R - 1e-6)
    end)

    it("a low ceiling stops a jump", function()
      local _, ch, cap, shapes = level(kind, 0, -5)
      local hit, top = false, 0
      walk(ch, cap, shapes, 0, 0, 60, function()
        if ch:on_ceiling() then hit = true end
        top = math.max(top, select(2, cap:b()) + R)
      end, 6)
      assert.is_true(hit)
      assert.is_true(H.near(2.2, top, 1e-9))
      assert.is_true(ch:on_floor())
      assert.is_true(H.near(0, foot(cap), 1e-9))
    end)
  end)
end

describe("collide.character", function()
  -- a floor, a wall along x = 1 and the capsule standing at the origin
  local function wall_level()
    local s = collide.scene()
    s:add("floor", collide.aabb(-10, -1, -10, 10, 0, 10))
    s:add("wall", collide.aabb(1, 0, -10, 2, 3, 10))
    local cap = collide.capsule(0, R, 0, 0, HEIGHT - R, 0, R)
    s:add("p", cap)
    return s, collide.character(s, "p"), cap
  end

  it("reports what the last move met", function()
    local s, ch = wall_level()
    -- made standing on the floor: on it from the start
    assert.is_true(ch:on_floor())
    assert.is_false(ch:on_wall())
    H.assert_exact({ 0, 1, 0 }, ch:floor_normal())
    assert.are.equal("floor", ch:floor_item())
    assert.are.same({ 0, 0, 0, 0 }, { ch:floor_motion() })
    ch:move(0, -0.01, 0)
    assert.is_true(ch:on_floor())
    assert.is_false(ch:on_wall())
    H.assert_exact({ 0, 1, 0 }, ch:floor_normal())
    local cols = ch:collisions()
    assert.are.equal("floor", cols[#cols].other)
    assert.are.equal("p", cols[#cols].item)
    local mx, my, mz = ch:move(2, 0, 0)
    H.assert_vals({ 0.7, 0, 0 }, 1e-12, mx, my, mz)
    assert.is_true(ch:on_wall())
    assert.is_true(ch:on_floor())
    assert.are.equal("p", ch:item())
    assert.are.equal(s, ch:scene())
    -- the scene follows
    assert.are.same({ "p" }, s:query(collide.sphere(0.7, 1, 0, 0.1)))
  end)

  it("keeps the items its collisions met, whatever the scene does after the move", function()
    local s, ch = wall_level()
    assert.are.same({}, ch:collisions())
    ch:move(2, -0.01, 0)
    -- the wall leaves and another item takes its place before the
    -- collisions are read: they still name the wall
    s:remove("wall")
    s:add("other", collide.aabb(1, 0, -10, 2, 3, 10))
    local cols = ch:collisions()
    local seen = {}
    for _, c in ipairs(cols) do
      assert.are.equal("p", c.item)
      assert.are.equal("slide", c.type)
      seen[c.other] = true
    end
    assert.are.same({ floor = true, wall = true }, seen)
    assert.are.equal(cols, ch:collisions())
    -- the next move's are its own: a new table, the floor alone (held by
    -- the skin), the wall's record gone
    ch:move(-0.5, 0, 0)
    local again = ch:collisions()
    assert.are_not.equal(cols, again)
    assert.are.equal(1, #again)
    assert.are.equal("floor", again[1].other)
  end)

  -- a floor, a 0.25 step along x = 1, and the capsule walking along +x at
  -- 4 m/s for a second with gravity; on (true: on the step, else below it)
  local function step_walk(options, on)
    local s = collide.scene()
    s:add("floor", collide.aabb(-10, -1, -10, 10, 0, 10))
    if on then s:add("step", collide.aabb(-10, 0, -10, 1, 0.25, 10))
    else s:add("step", collide.aabb(1, 0, -10, 10, 0.25, 10)) end
    local y = on and 0.25 or 0
    local cap = collide.capsule(0, y + R, 0, 0, y + HEIGHT - R, 0, R)
    s:add("p", cap)
    local ch = collide.character(s, "p", options)
    ch:move(0, -0.001, 0)
    assert.is_true(ch:on_floor())
    local vy, off = 0, 0
    for f = 1, 60 do
      vy = vy - G * DT
      ch:move(4 * DT, vy * DT, 0)
      if ch:on_floor() then vy = 0 else off = off + 1 end
      assert_outside(cap, { s:shape("floor"), s:shape("step") }, f)
    end
    return ch, cap, off
  end

  it("snaps down a step within snap; with snap = 0 it falls", function()
    for _, o in ipairs { {}, { snap = 0.2 }, { snap = 0 } } do
      local ch, cap, off = step_walk(o, true)
      -- the end sphere rolls over the edge, so no frame drops 0.2
      if o.snap == 0 then assert.is_true(off > 0) else assert.are.equal(0, off) end
      assert.is_true(ch:on_floor())
      assert.is_true(H.near(0, foot(cap), 1e-9))
      assert.is_true(H.near(4, (cap:center()), 1e-9))
    end
  end)

  it("does not climb a step higher than step_height: its end sphere rests on the edge", function()
    local ch, cap = step_walk({ step_height = 0.2 })
    -- the sphere of radius R at the foot touches the edge (1, 0.25)
    assert.is_true(H.near(1 - sqrt(R * R - (R - 0.25) ^ 2), (cap:center()), 1e-9))
    assert.is_true(H.near(0, foot(cap), 1e-9))
    assert.is_true(ch:on_wall())
    assert.is_true(ch:on_floor())
    ch, cap = step_walk({ step_height = 0.25 })
    assert.is_true(ch:on_floor())
    assert.is_true(H.near(0.25, foot(cap), 1e-9))
    assert.is_true(H.near(4, (cap:center()), 1e-9))
  end)

  it("climbs with an absurd step_height as with one just high enough, keeping its size", function()
    -- lifting 1e17 and back would fold a capsule's ends onto each other:
    -- the lift stops a skin above everything in the scene, and a move
    -- never changes the shape's size
    for _, h in ipairs { 1e17, 1e300 } do
      local ch, cap = step_walk({ step_height = h })
      assert.is_true(ch:on_floor())
      assert.is_true(H.near(0.25, foot(cap), 1e-9))
      assert.is_true(H.near(4, (cap:center()), 1e-9))
      local ax, ay, az = cap:a()
      local bx, by, bz = cap:b()
      H.assert_vals({ 0, HEIGHT - 2 * R, 0 }, 1e-12, bx - ax, by - ay, bz - az)
      assert.are.equal(R, cap:radius())
    end
    -- a plane rising along up has no top: the item still moves by
    -- translation alone, by what the move reports
    for _, make in ipairs {
      function() return collide.capsule(0, R, 0, 0, HEIGHT - R, 0, R) end,
      function() return collide.aabb(-R, 0, -R, R, HEIGHT, R) end,
    } do
      local s = collide.scene()
      s:add("floor", collide.aabb(-100, -1, -100, 100, 0, 100))
      s:add("slope", collide.plane(1, 1, 0, -500))
      local shape = make()
      local function box()
        local b = shape:bounds()
        local x0, y0, z0 = b:min()
        local x1, y1, z1 = b:max()
        return { x0, y0, z0, x1, y1, z1 }
      end
      local before = box()
      s:add("p", shape)
      local ch = collide.character(s, "p", { step_height = 1e17 })
      assert.are.same({ 0, 0, 0 }, { ch:move(0, -0.1, 0) })
      assert.are.same({ 0.1, 0, 0 }, { ch:move(0.1, 0, 0) })
      assert.is_true(ch:on_floor())
      local after = box()
      assert.are.same({ before[1] + 0.1, before[2], before[3], before[4] + 0.1, before[5], before[6] },
        after)
    end
  end)

  it("takes any up direction: z up", function()
    local s = collide.scene()
    s:add("floor", collide.aabb(-10, -10, -1, 10, 10, 0))
    s:add("step", collide.aabb(1, -10, 0, 10, 10, 0.25))
    local cap = collide.capsule(0, 0, R, 0, 0, HEIGHT - R, R)
    s:add("p", cap)
    local ch = collide.character(s, "p", { up = { x = 0, y = 0, z = 2 } })
    local vz = 0
    for _ = 1, 40 do
      vz = vz - G * DT
      ch:move(4 * DT, 0, vz * DT)
      if ch:on_floor() and vz < 0 then vz = 0 end
    end
    local x, _, z = cap:a()
    assert.is_true(x > 2)
    assert.is_true(H.near(0.25 + R, z, 1e-9))
    H.assert_vals({ 0, 0, 1 }, 1e-12, ch:floor_normal())
  end)

  it("errors", function()
    local s = collide.scene()
    s:add("p", collide.capsule(0, R, 0, 0, HEIGHT - R, 0, R))
    s:add("ground", collide.plane(0, 1, 0, 0))
    assert.has_error(function() collide.character({}, "p") end,
      "bad argument #1 to 'character' (collide.scene expected, got table)")
    assert.has_error(function() collide.character(s, nil) end, "bad argument #2 to 'character' (item expected, got nil)")
    assert.has_error(function() collide.character(s, "q") end, "bad argument #2 to 'character' (item not in the scene)")
    assert.has_error(function() collide.character(s, "ground") end,
      "bad argument #2 to 'character' (item with an aabb, obb, sphere, capsule, hull or compound shape expected, got collide.plane)")
    assert.has_error(function() collide.character(s, "p", 1) end, "bad argument #3 to 'character' (table expected, got number)")
    assert.has_error(function() collide.character(s, "p", { speed = 1 }) end, "bad argument #3 to 'character' (invalid option 'speed')")
    assert.has_error(function() collide.character(s, "p", { up = "y" }) end,
      "bad argument #3 to 'character' (option 'up': vector expected, got string)")
    assert.has_error(function() collide.character(s, "p", { up = { 0, 0, 0 } }) end,
      "bad argument #3 to 'character' (option 'up': zero vector)")
    assert.has_error(function() collide.character(s, "p", { step_height = -1 }) end,
      "bad argument #3 to 'character' (option 'step_height': negative value)")
    assert.has_error(function() collide.character(s, "p", { step_height = "1" }) end,
      "bad argument #3 to 'character' (option 'step_height': number expected, got string)")
    assert.has_error(function() collide.character(s, "p", { snap = 0 / 0 }) end,
      "bad argument #3 to 'character' (option 'snap': finite number expected, got nan)")
    assert.has_error(function() collide.character(s, "p", { max_slope = 91 }) end,
      "bad argument #3 to 'character' (option 'max_slope': not between 0 and 90)")
    assert.has_error(function() collide.character(s, "p", { skin = 0 }) end,
      "bad argument #3 to 'character' (option 'skin': not positive)")
    assert.has_error(function() collide.character(s, "p", { mask = "1" }) end,
      "bad argument #3 to 'character' (option 'mask': integer expected, got string)")
    for _, bad in ipairs { -1, 2 ^ 32, 1.5, 0 / 0, math.huge } do
      assert.has_error(function() collide.character(s, "p", { mask = bad }) end,
        "bad argument #3 to 'character' (option 'mask': integer between 0 and 0xffffffff expected)")
    end
    assert.has_error(function() collide.character(s, "p", { filter = 1 }) end,
      "bad argument #3 to 'character' (option 'filter': function or table expected, got number)")
    assert.has_error(function() collide.character(s, "p", { filter = false }) end,
      "bad argument #3 to 'character' (option 'filter': function or table expected, got boolean)")
    assert.has_error(function() collide.character(s, "p", { filter = { skip = 1 } }) end,
      "bad argument #3 to 'character' (option 'filter': invalid field 'skip')")
    assert.has_error(function() collide.character(s, "p", { filter = { mask = "1" } }) end,
      "bad argument #3 to 'character' (option 'filter': field 'mask': integer expected, got string)")
    assert.has_error(function() collide.character(s, "p", { filter = { mask = 1.5 } }) end,
      "bad argument #3 to 'character' (option 'filter': field 'mask': number has no integer representation)")
    assert.has_error(function() collide.character(s, "p", { filter = { mask = 2 ^ 63 } }) end,
      "bad argument #3 to 'character' (option 'filter': field 'mask': number has no integer representation)")
    assert.has_error(function() collide.character(s, "p", { filter = { filter = 1 } }) end,
      "bad argument #3 to 'character' (option 'filter': field 'filter': function expected, got number)")
    assert.has_error(function() collide.character(s, "p", { filter = { sensors = 1 } }) end,
      "bad argument #3 to 'character' (option 'filter': field 'sensors': boolean expected, got number)")
    -- the extremes of the mask are masks
    assert.are.equal("collide.character", getmetatable(collide.character(s, "p", { mask = 0 })).__name)
    assert.are.equal("collide.character",
      getmetatable(collide.character(s, "p", { mask = 0xffffffff })).__name)
    local ch = collide.character(s, "p")
    assert.has_error(function() ch:move("a") end, "bad argument #1 to 'move' (vector expected, got string)")
    assert.has_error(function() ch:move(1, 2) end, "bad argument #3 to 'move' (number expected, got no value)")
    assert.has_error(function() ch:move(1, 2, math.huge) end, "bad argument #3 to 'move' (finite number expected, got inf)")
    assert.has_error(function() ch.move({}, 1, 2, 3) end,
      "calling 'move' on bad self (collide.character expected, got table)")
    for _, name in ipairs({ "on_floor", "on_wall", "on_ceiling", "floor_normal", "floor_item",
                            "floor_motion", "collisions", "item", "scene" }) do
      assert.has_error(function() ch[name](nil) end,
        "calling '" .. name .. "' on bad self (collide.character expected, got nil)")
      assert.has_error(function() ch[name]({}) end,
        "calling '" .. name .. "' on bad self (collide.character expected, got table)")
    end
    -- the item's shape replaced by one that cannot move: the same words on every Lua
    s:update("p", collide.plane(0, 1, 0, 0))
    local line
    local ok, e = pcall(function()
      line = debug.getinfo(1, "l").currentline; ch:move(1, 0, 0)
    end)
    assert.is_false(ok)
    assert.are.equal(("%s:%d: the character's item no longer has an aabb, obb, sphere, capsule, hull or compound shape"
      .. " (got collide.plane)"):format(debug.getinfo(1, "S").short_src, line), e)
    s:update("p", collide.sphere(0, 1, 0, R))
    H.assert_exact({ 1, 0, 0 }, ch:move(1, 0, 0))
    s:remove("p")
    assert.has_error(function() ch:move(1, 0, 0) end, "the character's item is no longer in its scene")
  end)

  it("is carried only by the floor it stood on, not by an item given its id or its place", function()
    local function standing()
      local s = collide.scene()
      s:add("floor", collide.aabb(-5, -1, -5, 5, 0, 5))
      s:add("me", collide.capsule(0, 0.4, 0, 0, 1.6, 0, 0.4))
      local ch = collide.character(s, "me")
      for _ = 1, 3 do ch:move(0, -0.1, 0) end
      assert.are.equal("floor", ch:floor_item())
      return s, ch
    end
    -- the floor removed, a box far away added: it takes the freed id
    local s, ch = standing()
    s:remove("floor")
    s:add("far", collide.aabb(100, 50, 100, 110, 51, 110))
    H.assert_exact({ 0.01, 0, 0 }, ch:move(0.01, 0, 0))
    -- the floor given another shape far away
    s, ch = standing()
    s:update("floor", collide.aabb(95, -1, 95, 105, 0, 105))
    H.assert_exact({ 0.01, 0, 0 }, ch:move(0.01, 0, 0))
    -- the floor's own shape moved: carried by its translation
    s, ch = standing()
    s:shape("floor"):translate(0, 0, 2)
    s:update("floor")
    H.assert_exact({ 0.01, 0, 2 }, ch:move(0.01, 0, 0))
  end)
end)

describe("collide.character, more", function()
  -- a floor and the capsule standing at (x, 0, z), in a new scene
  local function standing(x, z, options, extra)
    local s = collide.scene()
    s:add("floor", collide.aabb(-10, -1, -10, 10, 0, 10))
    if extra then extra(s) end
    local cap = collide.capsule(x, R, z, x, HEIGHT - R, z, R)
    s:add("p", cap)
    return s, collide.character(s, "p", options), cap
  end

  it("a move whose end is not finite moves nothing and keeps no collisions", function()
    local s = collide.scene()
    s:add("floor", collide.aabb(1e308 - 1e293, -1, -10, 1e308, 0, 10))
    local cap = collide.capsule(1e308 - 1e292, R, 0, 1e308 - 1e292, HEIGHT - R, 0, R)
    s:add("p", cap)
    local ch = collide.character(s, "p")
    assert.are.equal("floor", ch:floor_item())
    ch:move(0, -0.01, 0)
    assert.is_true(#ch:collisions() >= 1)
    local before = tostring(cap)
    assert.has_error(function() ch:move(1e308, 0, 0) end, "bad argument #1 to 'move' (result is not finite)")
    assert.are.equal(before, tostring(cap))
    assert.are.same({}, ch:collisions())
    assert.is_true(ch:on_floor())
    assert.are.equal("floor", ch:floor_item())
  end)

  describe("mask and filter", function()
    local function pickup(s) s:add("pickup", collide.aabb(1, 0, -1, 2, 1, 1), { layer = 2 }) end

    it("a mask leaves out the items in other layers: a pickup never stops it", function()
      local _, ch = standing(0, 0, nil, pickup)
      H.assert_vals({ 0.7, 0, 0 }, 1e-12, ch:move(2, 0, 0))
      assert.is_true(ch:on_wall())
      local _, ch1, cap = standing(0, 0, { mask = 1 }, pickup)
      assert.are.same({ 2, 0, 0 }, { ch1:move(2, 0, 0) })
      assert.is_false(ch1:on_wall())
      assert.is_true(ch1:on_floor())
      assert.are.same({ 2, R, 0 }, { cap:a() })
      for _, c in ipairs(ch1:collisions()) do assert.are.equal("floor", c.other) end
      -- the mask leaves the floor out too: it falls
      local _, ch2 = standing(0, 0, { mask = 2 }, pickup)
      assert.is_false(ch2:on_floor())
      assert.are.same({ 0, -1, 0 }, { ch2:move(0, -1, 0) })
    end)

    it("a filter table's mask is read as every scene query reads it: its low 32 bits", function()
      -- -1 is every layer: the pickup stops it, as without a mask
      local s, ch = standing(0, 0, { filter = { mask = -1 } }, pickup)
      H.assert_vals({ 0.7, 0, 0 }, 1e-12, ch:move(2, 0, 0))
      assert.is_true(ch:on_wall())
      assert.are.same({ "pickup" }, s:query(collide.aabb(1, 0.5, -1, 2, 1, 1), { mask = -1 }))
      -- 2^32 + 1 is layer 1: the pickup (layer 2) is left out, the floor kept
      local s1, ch1 = standing(0, 0, { filter = { mask = 2 ^ 32 + 1 } }, pickup)
      assert.are.same({}, s1:query(collide.aabb(1, 0.5, -1, 2, 1, 1), { mask = 2 ^ 32 + 1 }))
      assert.are.same({ 2, 0, 0 }, { ch1:move(2, 0, 0) })
      assert.is_true(ch1:on_floor())
      -- 2^32 is no layer: nothing holds it up
      local _, ch2 = standing(0, 0, { filter = { mask = 2 ^ 32 } }, pickup)
      assert.is_false(ch2:on_floor())
    end)

    it("a mask leaves out a floor at creation", function()
      local s = collide.scene()
      s:add("pad", collide.aabb(-1, -1, -1, 1, 0, 1), { layer = 4 })
      s:add("p", collide.capsule(0, R, 0, 0, HEIGHT - R, 0, R))
      local on = collide.character(s, "p", { mask = 5 })
      assert.is_true(on:on_floor())
      assert.are.equal("pad", on:floor_item())
      local off = collide.character(s, "p", { mask = 3 })
      assert.is_false(off:on_floor())
      assert.is_nil(off:floor_item())
      assert.is_nil(off:floor_normal())
    end)

    it("a filter leaves out the items it refuses, asked once an item a move", function()
      local asked = {}
      local function filter(other)
        asked[#asked + 1] = other
        return other ~= "ghost"
      end
      local _, ch, cap = standing(0, 0, { filter = filter }, function(s)
        s:add("ghost", collide.aabb(1, 0, -1, 2, 3, 1))
        s:add("wall", collide.aabb(3, 0, -1, 4, 3, 1))
      end)
      -- asked about the floor found below at creation
      assert.are.same({ "floor" }, asked)
      assert.are.equal("floor", ch:floor_item())
      asked = {}
      H.assert_vals({ 2.7, 0, 0 }, 1e-12, ch:move(4, 0, 0))
      assert.is_true(H.near(2.7, (cap:a()), 1e-12))
      assert.is_true(ch:on_wall())
      table.sort(asked)
      assert.are.same({ "floor", "ghost", "wall" }, asked)
      local names = {}
      for _, c in ipairs(ch:collisions()) do names[c.other] = true end
      assert.are.same({ floor = true, wall = true }, names)
      -- a filter that keeps everything: stopped by the ghost
      local _, ch2 = standing(0, 0, { filter = function() return true end }, function(s)
        s:add("ghost", collide.aabb(1, 0, -1, 2, 3, 1))
      end)
      H.assert_vals({ 0.7, 0, 0 }, 1e-12, ch2:move(4, 0, 0))
      -- mask and filter together: both must let an item in
      local _, ch3 = standing(0, 0, { mask = 1, filter = function(o) return o ~= "ghost" end },
        function(s)
          s:add("ghost", collide.aabb(1, 0, -1, 2, 3, 1))
          s:add("pickup", collide.aabb(3, 0, -1, 4, 1, 1), { layer = 2 })
        end)
      assert.are.same({ 5, 0, 0 }, { ch3:move(5, 0, 0) })
    end)

    it("a filter's error propagates; the character stays as it was", function()
      local armed = false
      local function filter(other)
        if armed and other == "bomb" then error("boom", 0) end
        return true
      end
      local s, ch, cap = standing(0, 0, { filter = filter }, function(sc)
        sc:add("bomb", collide.aabb(1, 0, -1, 2, 3, 1))
      end)
      ch:move(0.5, -0.01, 0)
      local cols = #ch:collisions()
      assert.is_true(cols >= 1)
      armed = true
      -- the floor is asked again in each move; the bomb only when met
      assert.are.same({ 0.1, 0, 0 }, { ch:move(0.1, 0, 0) })
      assert.has_error(function() ch:move(1, 0, 0) end, "boom")
      assert.are.same({ 0.6, R, 0 }, { cap:a() })
      assert.is_true(ch:on_floor())
      assert.is_false(ch:on_wall())
      assert.are.equal("floor", ch:floor_item())
      assert.are.same({}, ch:collisions())
      -- the scene is not left busy, and the next move works
      s:add("later", collide.sphere(50, 50, 50, 1))
      armed = false
      H.assert_vals({ 0.1, 0, 0 }, 1e-12, ch:move(1, 0, 0))
      -- at creation, the floor's probe asks it too
      armed = true
      local s2 = collide.scene()
      s2:add("bomb", collide.aabb(-1, -1, -1, 1, 0, 1))
      s2:add("p", collide.capsule(0, R, 0, 0, HEIGHT - R, 0, R))
      assert.has_error(function() collide.character(s2, "p", { filter = filter }) end, "boom")
      s2:add("later", collide.sphere(50, 50, 50, 1))
      -- a filter that moves the scene is refused, as in scene:move
      local s3 = collide.scene()
      s3:add("floor", collide.aabb(-1, -1, -1, 1, 0, 1))
      s3:add("p", collide.capsule(0, R, 0, 0, HEIGHT - R, 0, R))
      local ok, e = pcall(collide.character, s3, "p", { filter = function() s3:remove("floor") end })
      assert.is_false(ok)
      assert.are.equal("cannot change a scene during its character", (e:gsub("^[^:]*:%d+: ", "")))
    end)
  end)
end)

describe("collide.character on turning floors", function()
  local pi = math.pi

  -- a turn by angle a about y as a quaternion
  local function turn_y(a) return { 0, sin(a / 2), 0, cos(a / 2) } end
  -- q1 * q2 (x, y, z, w)
  local function qmul(p, q)
    return {
      p[4] * q[1] + q[4] * p[1] + p[2] * q[3] - p[3] * q[2],
      p[4] * q[2] + q[4] * p[2] + p[3] * q[1] - p[1] * q[3],
      p[4] * q[3] + q[4] * p[3] + p[1] * q[2] - p[2] * q[1],
      p[4] * q[4] - p[1] * q[1] - p[2] * q[2] - p[3] * q[3],
    }
  end
  -- the point (x, z) turned by a about y: x cos a + z sin a, -x sin a + z cos a
  local function turned(x, z, a) return x * cos(a) + z * sin(a), -x * sin(a) + z * cos(a) end

  -- a round platform of the kind (its top at y = 0, centre (cx, -0.5, cz))
  -- and a way to place it; the character, of shape body, at (2, 0 + lift, 0)
  local BOX = { -4, -0.5, -4, 4, -0.5, -4, -4, -0.5, 4, 4, -0.5, 4,
                -4, 0.5, -4, 4, 0.5, -4, -4, 0.5, 4, 4, 0.5, 4 }
  local makers = {
    obb = function()
      local o = collide.obb({ 0, -0.5, 0 }, { 4, 0.5, 4 })
      return o, function(cx, cz, q) o:set({ cx, -0.5, cz }, { 4, 0.5, 4 }, q) end
    end,
    hull = function()
      local h = collide.hull(BOX, { 0, -0.5, 0 })
      return h, function(cx, cz, q) h:set_position({ cx, -0.5, cz }); h:set_rotation(q) end
    end,
  }
  local function ride(kind, body_kind, lift)
    local s = collide.scene()
    local shape, place = makers[kind]()
    s:add("mgr", shape)
    local body
    if body_kind == "obb" then
      body = collide.obb({ 2, lift + 0.9, 0 }, { 0.3, 0.9, 0.3 })
    else
      body = collide.capsule(2, lift + R, 0, 2, lift + HEIGHT - R, 0, R)
    end
    s:add("p", body)
    local ch = collide.character(s, "p")
    assert.are.equal("mgr", ch:floor_item())
    return s, ch, body, place
  end
  local function centre(body)
    if collide.type(body) == "obb" then return body:center() end
    local ax, ay, az = body:a()
    local bx, by, bz = body:b()
    return (ax + bx) / 2, (ay + by) / 2, (az + bz) / 2
  end

  for _, kind in ipairs { "obb", "hull" } do
    for _, body_kind in ipairs { "capsule", "obb" } do
      it("a merry-go-round " .. kind .. " turning 90 degrees carries a " .. body_kind
        .. " around the circle, its shape not turned", function()
        local s, ch, body, place = ride(kind, body_kind, 0)
        local _, y0 = centre(body)
        local px, pz = 2, 0
        for k = 1, 9 do
          local a = k * pi / 18
          place(0, 0, turn_y(a))
          s:update("mgr")
          ch:move(0, 0, 0)
          local x, y, z = centre(body)
          local wx, wz = turned(2, 0, a)
          assert.is_true(H.near(wx, x, 1e-9) and H.near(wz, z, 1e-9),
            ("step %d: (%.17g, %.17g) for (%.17g, %.17g)"):format(k, x, z, wx, wz))
          assert.are.equal(y0, y)
          local fx, fy, fz, fa = ch:floor_motion()
          assert.is_true(H.near(wx - px, fx, 1e-9) and fy == 0 and H.near(wz - pz, fz, 1e-9))
          assert.is_true(H.near(pi / 18, fa, 1e-12), ("step %d: turned by %.17g"):format(k, fa))
          px, pz = wx, wz
          assert.are.equal("mgr", ch:floor_item())
          assert.is_true(ch:on_floor())
        end
        assert.is_true(H.near(0, px, 1e-15) and H.near(-2, pz, 1e-15))
        if body_kind == "obb" then
          assert.are.same({ 0, 0, 0, 1 }, { body:rotation() })
        else
          local ax, ay, az = body:a()
          local bx, by, bz = body:b()
          H.assert_vals({ 0, HEIGHT - 2 * R, 0 }, 1e-12, bx - ax, by - ay, bz - az)
        end
        -- it stops: no carry
        ch:move(0, 0, 0)
        assert.are.same({ 0, 0, 0, 0 }, { ch:floor_motion() })
      end)
    end

    it("a " .. kind .. " that moves and turns at once: the centre moved, then turned about it", function()
      local s, ch, body, place = ride(kind, "capsule", 0)
      place(1, 0.5, turn_y(pi / 2))
      s:update("mgr")
      ch:move(0, 0, 0)
      local x, _, z = centre(body)
      -- (1, 0.5) + the turn of (2, 0) by 90 degrees, (0, -2)
      assert.is_true(H.near(1, x, 1e-9) and H.near(-1.5, z, 1e-9))
      H.assert_vals({ -1, 0, -1.5, pi / 2 }, 1e-9, ch:floor_motion())
    end)

    it("a " .. kind .. " tilted about x is not followed; only its turn about up is", function()
      -- standing 0.1 above the top (within snap): the tilt does not reach it
      local s, ch, body, place = ride(kind, "capsule", 0.1)
      local tilt = { sin(rad(5)), 0, 0, cos(rad(5)) }
      place(0, 0, tilt)
      s:update("mgr")
      ch:move(0, 0, 0)
      assert.are.same({ 0, 0, 0, 0 }, { ch:floor_motion() })
      local x, _, z = centre(body)
      assert.are.same({ 2, 0 }, { x, z })
      assert.are.equal("mgr", ch:floor_item())
      -- tilted by 5 degrees, then turned by 30 degrees about y: the turn alone
      local s2, ch2, body2, place2 = ride(kind, "capsule", 0.1)
      place2(0, 0, qmul(turn_y(rad(30)), tilt))
      s2:update("mgr")
      ch2:move(0, 0, 0)
      local wx, wz = turned(2, 0, rad(30))
      H.assert_vals({ wx - 2, 0, wz, rad(30) }, 1e-9, ch2:floor_motion())
      x, _, z = centre(body2)
      assert.is_true(H.near(wx, x, 1e-9) and H.near(wz, z, 1e-9))
    end)
  end

  it("a capsule platform turning carries it about the capsule's end a", function()
    -- a log along x, its top at y = 0, turned about its middle in steps
    local s = collide.scene()
    local log = collide.capsule(-3, -0.5, 0, 3, -0.5, 0, 0.5)
    s:add("log", log)
    local body = collide.capsule(2, R, 0, 2, HEIGHT - R, 0, R)
    s:add("p", body)
    local ch = collide.character(s, "p")
    assert.are.equal("log", ch:floor_item())
    for k = 1, 6 do
      local a = k * pi / 12
      local ex, ez = turned(3, 0, a)
      log:set(-ex, -0.5, -ez, ex, -0.5, ez, 0.5)
      s:update("log")
      ch:move(0, 0, 0)
      assert.is_true(H.near(pi / 12, select(4, ch:floor_motion()), 1e-12))
      local x, _, z = centre(body)
      local wx, wz = turned(2, 0, a)
      assert.is_true(H.near(wx, x, 1e-9) and H.near(wz, z, 1e-9),
        ("step %d: (%.17g, %.17g) for (%.17g, %.17g)"):format(k, x, z, wx, wz))
      assert.are.equal("log", ch:floor_item())
    end
    -- a capsule along up has no turn to follow: its translation alone
    local s2 = collide.scene()
    local pole = collide.capsule(0, -3, 0, 0, -0.5, 0, 0.5)
    s2:add("pole", pole)
    local body2 = collide.capsule(0, R, 0, 0, HEIGHT - R, 0, R)
    s2:add("p", body2)
    local ch2 = collide.character(s2, "p")
    assert.are.equal("pole", ch2:floor_item())
    pole:set(0.25, -3, 0, 0.25, -0.5, 0, 0.5)
    s2:update("pole")
    assert.are.same({ 0.25, 0, 0 }, { ch2:move(0, 0, 0) })
    assert.are.same({ 0.25, 0, 0, 0 }, { ch2:floor_motion() })
  end)

  describe("floor_motion's angle", function()
    -- the platform of ride(kind) turned by a about y from where it is
    local function turn_by(kind, a)
      local s, ch, body, place = ride(kind, "capsule", 0)
      place(0, 0, { collide.axis_angle(0, 1, 0, a) })
      s:update("mgr")
      ch:move(0, 0, 0)
      return ch, body
    end
    -- what the carry computes from the turn (x, y, z, w) of a platform
    -- that was not turned: the twist about y, its cosine and sine
    local function twist_angle(a)
      local _, qy, _, qw = collide.axis_angle(0, 1, 0, a)
      local n = qy * qy + qw * qw
      return collide.atan2(2 * qy * qw / n, (qw * qw - qy * qy) / n)
    end

    for _, kind in ipairs { "obb", "hull" } do
      it("is the turn of the " .. kind .. " about up, exactly collide.atan2's of the twist", function()
        local ch = turn_by(kind, 0.25)
        local fx, fy, fz, fa = ch:floor_motion()
        -- the double nearest 0.25 itself: within 1 ulp (2^-54) of the turn
        assert.are.equal(0.25, fa)
        assert.are.equal(twist_angle(0.25), fa)
        assert.is_true(math.abs(fa - 0.25) <= 2 ^ -54)
        -- the translation is that of the turn about the centre, (2, 0) by 0.25
        local wx, wz = turned(2, 0, 0.25)
        H.assert_vals({ wx - 2, 0, wz }, 1e-12, fx, fy, fz)
      end)

      it("is negative for a clockwise turn of the " .. kind, function()
        local ch = turn_by(kind, -0.25)
        local _, _, _, fa = ch:floor_motion()
        assert.are.equal(-0.25, fa)
        assert.are.equal(twist_angle(-0.25), fa)
        -- a larger turn, between a quarter and a half turn
        ch = turn_by(kind, -2.5)
        _, _, _, fa = ch:floor_motion()
        assert.are.equal(twist_angle(-2.5), fa)
        assert.is_true(math.abs(fa + 2.5) <= 2 ^ -51, ("%.17g"):format(fa))
      end)
    end

    it("is the turn even for a character on the axis, carried by no translation", function()
      local s = collide.scene()
      local o = collide.obb({ 0, -0.5, 0 }, { 4, 0.5, 4 })
      s:add("mgr", o)
      s:add("p", collide.capsule(0, R, 0, 0, HEIGHT - R, 0, R))
      local ch = collide.character(s, "p")
      o:set({ 0, -0.5, 0 }, { 4, 0.5, 4 }, { collide.axis_angle(0, 1, 0, 1) })
      s:update("mgr")
      assert.are.same({ 0, 0, 0 }, { ch:move(0, 0, 0) })
      assert.are.same({ 0, 0, 0, twist_angle(1) }, { ch:floor_motion() })
    end)

    it("is 0 on a floor that only moves, and off the floor", function()
      local s, ch, _, place = ride("obb", "capsule", 0)
      place(0.5, -0.25, { 0, 0, 0, 1 })
      s:update("mgr")
      ch:move(0, 0, 0)
      assert.are.same({ 0.5, 0, -0.25, 0 }, { ch:floor_motion() })
      -- it jumps as the platform turns: carried and turned, then off the floor
      place(0.5, -0.25, { collide.axis_angle(0, 1, 0, 0.5) })
      s:update("mgr")
      ch:move(0, 0.5, 0)
      assert.is_false(ch:on_floor())
      assert.are.equal(twist_angle(0.5), select(4, ch:floor_motion()))
      place(0.5, -0.25, { collide.axis_angle(0, 1, 0, 1) })
      s:update("mgr")
      ch:move(0, 0.1, 0)
      assert.are.same({ 0, 0, 0, 0 }, { ch:floor_motion() })
    end)

    it("is the turn about a tilted up", function()
      -- up = (0, 0.8, 0.6): the platform's y turned onto it about x, by
      -- the angle whose cosine is 0.8 (half angle: cos^2 = 0.9, sin^2 = 0.1)
      local up = { 0, 0.8, 0.6 }
      local base = { sqrt(0.1), 0, 0, sqrt(0.9) }
      local s = collide.scene()
      local o = collide.obb({ 0, 0, 0 }, { 4, 0.5, 4 }, base)
      s:add("mgr", o)
      -- the character 2 along x (across up), its foot on the top face
      local function at(t) return 2, up[2] * t, up[3] * t end
      local ax, ay, az = at(0.5 + R)
      local bx, by, bz = at(0.5 + HEIGHT - R)
      s:add("p", collide.capsule(ax, ay, az, bx, by, bz, R))
      local ch = collide.character(s, "p", { up = up })
      assert.are.equal("mgr", ch:floor_item())
      for _, a in ipairs { 0.25, -0.75 } do
        local q = qmul({ collide.axis_angle(up, a) }, { o:rotation() })
        o:set({ 0, 0, 0 }, { 4, 0.5, 4 }, q)
        s:update("mgr")
        ch:move(0, 0, 0)
        local _, _, _, fa = ch:floor_motion()
        assert.is_true(H.near(a, fa, 1e-14), ("turned by %.17g for %.17g"):format(fa, a))
        assert.are.equal("mgr", ch:floor_item())
      end
    end)
  end)

  it("made on a moving platform, the first move is carried by exactly its translation", function()
    for _, make in ipairs {
      function() return collide.aabb(-1, -1, -1, 1, 0, 1) end,
      function() return collide.obb({ 0, -0.5, 0 }, { 1, 0.5, 1 }) end,
    } do
      local s = collide.scene()
      local lift = make()
      s:add("lift", lift)
      local body = collide.capsule(0, R, 0, 0, HEIGHT - R, 0, R)
      s:add("p", body)
      local ch = collide.character(s, "p")
      assert.is_true(ch:on_floor())
      assert.are.equal("lift", ch:floor_item())
      H.assert_exact({ 0, 1, 0 }, ch:floor_normal())
      lift:translate(0.5, 0.25, -0.125)
      s:update("lift")
      assert.are.same({ 0.5, 0.25, -0.125 }, { ch:move(0, 0, 0) })
      assert.are.same({ 0.5, 0.25, -0.125, 0 }, { ch:floor_motion() })
      assert.are.same({ 0.5, R + 0.25, -0.125 }, { body:a() })
    end
  end)

  it("floor_motion is the platform's translation in each frame, zero off it", function()
    local s = collide.scene()
    s:add("ground", collide.aabb(-50, -2, -50, 50, -1, 50))
    local lift = collide.aabb(-2, -1, -2, 2, 0, 2)
    s:add("lift", lift)
    local body = collide.capsule(0, R, 0, 0, HEIGHT - R, 0, R)
    s:add("p", body)
    local ch = collide.character(s, "p")
    assert.are.same({ 0, 0, 0, 0 }, { ch:floor_motion() })
    for _ = 1, 10 do
      lift:translate(0.25, 0, 0.5)
      s:sync()
      s:update("lift")
      ch:move(0.125, -0.01, 0)
      assert.are.same({ 0.25, 0, 0.5, 0 }, { ch:floor_motion() })
      assert.are.equal("lift", ch:floor_item())
    end
    assert.are.same({ 10 * 0.375, R, 5 }, { body:a() })
    -- the lift stops: no carry
    ch:move(0, -0.01, 0)
    assert.are.same({ 0, 0, 0, 0 }, { ch:floor_motion() })
    -- it jumps off as the lift moves: carried, then off the floor
    lift:translate(0.25, 0, 0)
    s:update("lift")
    ch:move(0, 0.5, 0)
    assert.are.same({ 0.25, 0, 0, 0 }, { ch:floor_motion() })
    assert.is_false(ch:on_floor())
    lift:translate(0.25, 0, 0)
    s:update("lift")
    ch:move(0, 0.1, 0)
    assert.are.same({ 0, 0, 0, 0 }, { ch:floor_motion() })
  end)
end)

-- A character's update keeps the triangles it gathered near it for its
-- next updates while it stays among them and the mesh is unchanged:
-- nothing of it may show, whatever else moves or changes in between.
describe("collide.character on a mesh, from one update to the next", function()
  -- a flat grid of n x n unit quads at height y, centred on the origin
  local function grid(n, y)
    local v, idx = {}, {}
    for j = 0, n do
      for i = 0, n do v[#v + 1], v[#v + 2], v[#v + 3] = i - n / 2, y, j - n / 2 end
    end
    for j = 0, n - 1 do
      for i = 0, n - 1 do
        local a = j * (n + 1) + i + 1
        idx[#idx + 1], idx[#idx + 2], idx[#idx + 3] = a, a + n + 1, a + 1
        idx[#idx + 1], idx[#idx + 2], idx[#idx + 3] = a + 1, a + n + 1, a + n + 2
      end
    end
    return collide.mesh(v, idx)
  end
  local function walker(s, name, x, z)
    local cap = collide.capsule(x, R, z, x, HEIGHT - R, z, R)
    s:add(name, cap)
    return collide.character(s, name), cap
  end
  local function place(cap)
    local x, y, z = cap:a()
    return { x, y, z }
  end

  it("stands on the ground's new mesh after scene:update gives it one", function()
    local s = collide.scene()
    s:add("ground", grid(20, 0))
    local ch, cap = walker(s, "p", 0, 0)
    for _ = 1, 20 do ch:move(2 * DT, -G * DT * DT, 0) end
    assert.is_true(ch:on_floor())
    -- the same ground raised by 0.2, below the step: the next move stands on it
    s:update("ground", grid(20, 0.2))
    ch:move(2 * DT, -G * DT * DT, 0)
    local _, y = cap:a()
    assert.is_true(y - R >= 0.2 - 1e-9, "feet at " .. (y - R))
    assert.is_true(ch:on_floor())
    -- and removed, the character falls
    s:remove("ground")
    ch:move(2 * DT, -G * DT * DT, 0)
    assert.is_false(ch:on_floor())
    local _, y2 = cap:a()
    assert.are.equal(y - G * DT * DT, y2)
  end)

  it("meets what is added, moved or removed near it between two updates", function()
    local s = collide.scene()
    s:add("ground", grid(20, 0))
    local ch, cap = walker(s, "p", 0, 0)
    for _ = 1, 10 do ch:move(2 * DT, -G * DT * DT, 0) end
    local x = cap:a()
    -- a wall added just ahead: the next move stops at it
    s:add("wall", collide.aabb(x + R + 0.05, 0, -2, x + R + 0.5, 2, 2))
    ch:move(0.2, -G * DT * DT, 0)
    local x1 = cap:a()
    assert.is_true(x1 <= x + 0.05 + 1e-9, "walked into the added wall: " .. (x1 - x))
    assert.is_true(ch:on_wall())
    -- moved away by its shape and scene:update: the way is free again
    local wall = s:shape("wall")
    wall:set(x + 5, 0, -2, x + 6, 2, 2)
    s:update("wall")
    ch:move(0.2, -G * DT * DT, 0)
    local x2 = cap:a()
    assert.are.equal(x1 + 0.2, x2)
    -- moved back by its shape and scene:sync
    wall:set(x2 + R + 0.05, 0, -2, x2 + R + 0.5, 2, 2)
    s:sync()
    ch:move(0.2, -G * DT * DT, 0)
    assert.is_true(cap:a() <= x2 + 0.05 + 1e-9)
    -- a box set down in front without telling the scene (its shape tells it)
    local x3 = cap:a()
    wall:set(x3 + 5, 0, -2, x3 + 6, 2, 2)
    local crate = collide.aabb(x3 + R + 0.05, 0, -2, x3 + R + 0.5, 2, 2)
    s:add("crate", crate)
    ch:move(0.2, -G * DT * DT, 0)
    assert.is_true(cap:a() <= x3 + 0.05 + 1e-9)
    -- and removed
    s:remove("crate")
    local x4 = cap:a()
    ch:move(0.2, -G * DT * DT, 0)
    assert.are.equal(x4 + 0.2, cap:a())
  end)

  it("walks the same beside a second character and a moving box as alone", function()
    local alone, busy = collide.scene(), collide.scene()
    alone:add("ground", grid(40, 0))
    busy:add("ground", grid(40, 0))
    local a, acap = walker(alone, "p", -6, -6)
    local b, bcap = walker(busy, "p", -6, -6)
    local other = walker(busy, "q", 6, 6)
    busy:add("crate", collide.aabb(8, 0, -8, 9, 1, -7))
    local vy = 0
    for frame = 1, 240 do
      local h = frame * 0.03
      local dx, dz = 3 * DT * cos(h), 3 * DT * sin(h)
      vy = vy - G * DT
      a:move(dx, vy * DT, dz)
      b:move(dx, vy * DT, dz)
      if a:on_floor() then vy = 0 end
      assert.are.same(place(acap), place(bcap))
      assert.are.equal(a:on_floor(), b:on_floor())
      other:move(-dx, -G * DT * DT, -dz)
      busy:move("crate", 0, 0, frame % 2 == 0 and 0.01 or -0.01)
    end
  end)
end)

describe("collide.character walking up to a mesh, a heightfield or a compound", function()
  -- the same slope and wall as a mesh, a heightfield or a compound and as
  -- the plain shapes they hold: the character's moves are the same, bit for
  -- bit, whether or not the obstacle was within its reach when it was made
  local function walk_to(obstacle, start, dx)
    local s = collide.scene()
    s:add("floor", collide.aabb(-5, -1, -5, 9, 0, 5))
    s:add("obstacle", obstacle)
    local cap = collide.capsule(start, 0.4, 0, start, 1.4, 0, 0.4)
    s:add("p", cap)
    local ch = collide.character(s, "p")
    local moves = {}
    for i = 1, 40 do
      local mx, my, mz = ch:move(dx, -0.05, 0)
      moves[i] = string.format("%.17g %.17g %.17g", mx, my, mz)
    end
    local x, y, z = cap:a()
    return { x, y, z }, table.concat(moves, "\n")
  end
  local SLOPE = { 3, 0, -1, 4, 0.8, 0, 3, 0, 1 }
  local unpack = table.unpack or unpack

  it("a mesh out of reach when the character was made walks as its triangle", function()
    local at, moves = walk_to(collide.mesh(SLOPE), 0, 0.1)
    local at2, moves2 = walk_to(collide.triangle(unpack(SLOPE)), 0, 0.1)
    assert.are.same(at2, at)
    assert.are.equal(moves2, moves)
    -- up the slope it rose above the floor
    assert.is_true(at[2] > 0.4)
  end)

  it("a mesh within the scene's margin, never touched, is as its triangle", function()
    -- the slope's foot 0.05 beyond the capsule's side, within the tree's
    -- margin (0.1); the character walks away from it
    local at, moves = walk_to(collide.mesh(SLOPE), 2.55, -0.05)
    local at2, moves2 = walk_to(collide.triangle(unpack(SLOPE)), 2.55, -0.05)
    assert.are.same(at2, at)
    assert.are.equal(moves2, moves)
    -- every step whole along x, on the floor
    for mx, my, mz in moves:gmatch("(%S+) (%S+) (%S+)") do
      assert.are.same({ -0.05, 0 }, { tonumber(mx), tonumber(mz) })
      assert.is_true(math.abs(tonumber(my)) < 1e-15)
    end
  end)

  it("a heightfield out of reach walks as the mesh of its triangles", function()
    -- one cell from (3, 0, -1) to (5, *, 1), its far corners raised 0.8
    local hf = collide.heightfield({ 0, 0.8, 0, 0.8 }, 2, 2, 2, 2, { 3, 0, -1 })
    local mesh = collide.mesh({ 3, 0, -1, 3, 0, 1, 5, 0.8, 1, 3, 0, -1, 5, 0.8, 1, 5, 0.8, -1 })
    local at, moves = walk_to(hf, 0, 0.1)
    local at2, moves2 = walk_to(mesh, 0, 0.1)
    assert.are.same(at2, at)
    assert.are.equal(moves2, moves)
    assert.is_true(at[2] > 0.4)
  end)

  it("a compound out of reach walks as its child", function()
    local tri = collide.triangle(unpack(SLOPE))
    local box = collide.aabb(6, 0, -1, 7, 2, 1)
    local at, moves = walk_to(collide.compound({ collide.triangle(unpack(SLOPE)) }), 0, 0.1)
    local at2, moves2 = walk_to(tri, 0, 0.1)
    assert.are.same(at2, at)
    assert.are.equal(moves2, moves)
    at, moves = walk_to(collide.compound({ collide.aabb(6, 0, -1, 7, 2, 1) }), 0, 0.2)
    at2, moves2 = walk_to(box, 0, 0.2)
    assert.are.same(at2, at)
    assert.are.equal(moves2, moves)
    -- stopped by the box's face
    assert.is_true(math.abs(at[1] - (6 - 0.4)) < 1e-9, "at x = " .. at[1])
  end)
end)
