-- scene:move's push-out is a motion too: a shape that starts overlapping a
-- solid item is pushed out of it only where the push enters no solid item
-- it did not overlap; where no way out exists it stays where it was and
-- its collisions say which item it overlaps. Crowded random scenes (the
-- specs' seeded generator) are checked by brute force: after each move,
-- collide.contact against every solid item it did not intersect before.
local collide = require "collide"
local H = require "helpers"

local DEEP = 1e-7   -- deeper than this is overlapping (the move's rounding is far below)

local function show(cols)
  local out = {}
  for i, c in ipairs(cols) do
    out[i] = { c.other, c.type, c.t, c.nx, c.ny, c.nz, c.x, c.y, c.z }
  end
  return out
end

-- a random shape in the 30-unit cube: the kind by the cumulative odds
-- of aabb, obb and sphere (else a capsule), each kind's sizes in [lo, hi)
local SOLID = { odds = { 0.4, 0.6, 0.8 }, aabb = { 0.5, 4 }, obb = { 0.3, 2 }, sphere = { 0.3, 2.5 },
                capsule = { 0.2, 0.8 }, axis = 1 }
local MOVER = { odds = { 0.3, 0.5, 0.75 }, aabb = { 0.3, 1.5 }, obb = { 0.2, 0.8 }, sphere = { 0.2, 1 },
                capsule = { 0.2, 0.6 }, axis = 0 }
local function random_shape(r, kind)
  local x, y, z = r(0, 30), r(0, 30), r(0, 30)
  local k = r(0, 1)
  local function size(name) return r(kind[name][1], kind[name][2]) end
  if k < kind.odds[1] then return collide.aabb(x, y, z, x + size("aabb"), y + size("aabb"), z + size("aabb")) end
  if k < kind.odds[2] then
    return collide.obb(x, y, z, size("obb"), size("obb"), size("obb"), r(-1, 1), r(-1, 1), r(-1, 1), r(-1, 1))
  end
  if k < kind.odds[3] then return collide.sphere(x, y, z, size("sphere")) end
  local a = kind.axis
  return collide.capsule(x, y, z, x + r(-a, a), y + (a == 0 and 1 or r(-a, a)), z + r(-a, a), size("capsule"))
end

describe("scene:move's push-out", function()
  it("does not push an aabb out of one box into the box beside it", function()
    local scene = collide.scene()
    scene:add("A", collide.aabb(0.8, -5, -5, 5, 5, 5))
    scene:add("B", collide.aabb(-5, -5, -5, 0, 5, 5))      -- touching the box's left face
    local box = collide.aabb(0, 0, 0, 1, 1, 1)
    scene:add("box", box)
    local mx, my, mz, cols = scene:move("box", 0, 0, 0)
    assert.are.same({ 0, 0, 0 }, { mx, my, mz })
    assert.are.same({ { "A", "slide", 0, -1, 0, 0, 0.9, 0.5, 0.5 } }, show(cols))
    assert.are.equal("aabb((0, 0, 0), (1, 1, 1))", tostring(box))
    -- a motion that leaves by another way is made; the overlap is reported
    mx, my, mz, cols = scene:move("box", 0, 1, 0)
    assert.are.same({ 0, 1, 0 }, { mx, my, mz })
    assert.are.same({ { "A", "slide", 0, -1, 0, 0, 0.9, 0.5, 0.5 } }, show(cols))
    assert.are.equal("aabb((0, 1, 0), (1, 2, 1))", tostring(box))
  end)

  it("leaves a sphere where it was when the way out enters a neighbour", function()
    local scene = collide.scene()
    scene:add("A", collide.aabb(0.8, -5, -5, 5, 5, 5))
    scene:add("B", collide.aabb(-5, -5, -5, -0.1, 5, 5))   -- 0.1 from the sphere
    local ball = collide.sphere(0.5, 0.5, 0.5, 0.5)
    scene:add("ball", ball)
    local mx, my, mz, cols = scene:move("ball", 0, 0, 0)
    assert.are.same({ 0, 0, 0 }, { mx, my, mz })
    assert.are.same({ { "A", "slide", 0, -1, 0, 0, 0.8, 0.5, 0.5 } }, show(cols))
    assert.are.equal("sphere((0.5, 0.5, 0.5), 0.5)", tostring(ball))
    -- with room to leave, the same push is made
    scene:update("B", collide.aabb(-5, -5, -5, -0.2, 5, 5))
    mx, my, mz, cols = scene:move("ball", 0, 0, 0)
    H.assert_vals({ -0.2, 0, 0 }, 1e-15, mx, my, mz)
    assert.are.same({ { "A", "slide", 0, -1, 0, 0, 0.8, 0.5, 0.5 } }, show(cols))
  end)

  it("may push into a cross item or an ignored one", function()
    local scene = collide.scene()
    scene:add("A", collide.aabb(0.8, -5, -5, 5, 5, 5))
    scene:add("B", collide.aabb(-5, -5, -5, 0, 5, 5))
    local box = collide.aabb(0, 0, 0, 1, 1, 1)
    scene:add("box", box)
    for _, resp in ipairs { "cross", false } do
      box:set(0, 0, 0, 1, 1, 1); scene:update("box")
      local mx, my, mz = scene:move("box", 0, 0, 0, function(_, other)
        if other == "B" then return resp end
        return "slide"
      end)
      assert.are.same({ -0.19999999999999996, 0, 0 }, { mx, my, mz })
      assert.are.equal("aabb((-0.2, 0, 0), (0.8, 1, 1))", tostring(box))
    end
  end)

  for seed = 1, 4 do
    it("never ends in a solid it did not overlap, in crowded random scenes (seed " .. seed .. ")", function()
      local r = H.rng(seed)
      local scene = collide.scene()
      local solids = {}
      for i = 1, 300 do
        local s = random_shape(r, SOLID)
        scene:add(i, s)
        solids[i] = s
      end
      local started_inside = 0
      for _ = 1, 400 do
        local m = random_shape(r, MOVER)
        scene:add("mover", m)
        local before, inside = {}, false
        for i, s in ipairs(solids) do
          if collide.intersects(m, s) then
            before[i] = true
            local _, _, _, d = collide.contact(s, m)
            if d > DEEP then inside = true end
          end
        end
        local dx, dy, dz = r(-3, 3), r(-3, 3), r(-3, 3)
        local start = m:clone()
        scene:move("mover", dx, dy, dz)
        if inside then started_inside = started_inside + 1 end
        for i, s in ipairs(solids) do
          if not before[i] then
            local _, _, _, d = collide.contact(s, m)
            if d and d > DEEP then
              error(("%s moved by %.17g %.17g %.17g ends %.17g deep in item %d, %s"):format(
                tostring(start), dx, dy, dz, d, i, tostring(s)))
            end
          end
        end
        scene:remove("mover")
      end
      -- the scenes are crowded: many moves start inside a solid
      assert.is_true(started_inside > 60, "started inside: " .. started_inside)
    end)
  end
end)
