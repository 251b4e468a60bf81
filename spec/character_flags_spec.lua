-- The character's flags agree between a level of items and the same level
-- as one mesh of the items' faces: resting at the foot of a 60 degree ramp
-- (a rotated box) on a floor, under gravity. A sphere or a capsule presses
-- on the ramp's slope as it presses on the floor (both contacts at t = 0):
-- it is on the floor and on a wall. A box stands clear of the slope, its
-- bottom edge on the ramp's foot edge only: on the floor, not on a wall.
-- The floor is either a large slab (the ramp's centre nearer the
-- character) or a small tile (the floor's centre nearer): which contact of
-- the tie the scene answers first must not change the flags.
local collide = require "collide"
local H = require "helpers"

local rad, sin, cos, tan = math.rad, math.sin, math.cos, math.tan
local R = 0.3

-- a box rotated by angle degrees about z whose top face starts at (x, 0)
-- and rises along +x; hx its half length along the slope
local function ramp(x, z, angle, hx)
  local a = rad(angle)
  local ax, ay = cos(a), sin(a)
  local hy, hz = 0.5, 1.5
  local cx, cy = x + ax * hx + ay * hy, ay * hx - ax * hy
  return collide.obb_from_axes(cx, cy, z, hx, hy, hz, ax, ay, 0, -ay, ax, 0, 0, 0, 1)
end

local FLOORS = {
  { "a large floor", function() return collide.aabb(-20, -1, -30, 60, 0, 30) end, 4 },
  { "a small floor tile", function() return collide.aabb(1, -1, 14, 2.2, 0, 16) end, 40 },
}
-- the sphere of radius R at the bottom of each round shape touches both
-- the floor and the slope: its centre is R above the floor and R from the
-- slope, at x = 2 - R tan(30 degrees)
local X = 2 - R * tan(rad(30))
local CHARACTERS = {
  { "capsule", function() return collide.capsule(X, R, 15, X, 1.5, 15, R) end, true },
  { "sphere", function() return collide.sphere(X, R, 15, R) end, true },
  { "aabb", function() return collide.aabb(1.4, 0, 14.7, 2, 1.8, 15.3) end, false },
}

describe("character flags on items and on one mesh", function()
  for _, floor in ipairs(FLOORS) do
    for _, who in ipairs(CHARACTERS) do
      it("a " .. who[1] .. " resting at the foot of a 60 degree ramp on " .. floor[1], function()
        for _, kind in ipairs { "items", "mesh" } do
          local scene = collide.scene()
          local list = { floor[2](), ramp(2, 15, 60, floor[3]) }
          if kind == "items" then
            scene:add("floor", list[1]); scene:add("ramp", list[2])
          else
            scene:add("level", H.boxes_mesh(list))
          end
          local shape = who[2]()
          local start = tostring(shape)
          scene:add("player", shape)
          local ch = collide.character(scene, "player")
          for frame = 1, 3 do
            local mx, my, mz = ch:move(0, -0.01, 0)
            assert.are.same({ 0, 0, 0 }, { mx, my, mz })
            assert.are.same({ kind, frame, true, who[3], false },
              { kind, frame, ch:on_floor(), ch:on_wall(), ch:on_ceiling() })
            H.assert_vals({ 0, 1, 0 }, 1e-12, ch:floor_normal())   -- a triangle's normal is rounded
          end
          assert.are.equal(start, tostring(shape))
        end
      end)
    end
  end
end)
