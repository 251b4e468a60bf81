-- examples/demo.lua: a small room, a player and a few rays, printed so that
-- someone who has never seen collide can follow what it answers.
-- Run with `make demo`.
local collide = require "collide"

local function fmt(...)
  local out = {}
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    out[#out + 1] = type(v) == "number" and string.format("%.4g", v) or tostring(v)
  end
  return table.concat(out, " ")
end

print("== the scene")
local floor  = collide.plane(0, 1, 0, 0)                              -- y = 0, normal up
local wall   = collide.aabb(4, 0, -5, 5, 3, 5)                        -- a wall at x = 4..5
local crate  = collide.obb({ 1, 0.5, 2 }, { 0.5, 0.5, 0.5 },          -- a crate turned 45
                           { 0, math.sin(math.pi / 8), 0, math.cos(math.pi / 8) })
local ramp   = collide.triangle(0, 0, -3, 3, 0, -3, 0, 2, -1)          -- a sloped triangle
local ball   = collide.sphere({ -2, 1, 0 }, 1)
local player = collide.aabb_from_center({ 3.7, 1, 0 }, { 0.4, 0.9, 0.4 })
for _, s in ipairs { floor, wall, crate, ramp, ball, player } do print("  " .. tostring(s)) end

print("\n== rays: t (distance), hit point, surface normal")
local shots = {
  { "eye level towards +x hits the wall", collide.ray(0, 1.5, 0, 1, 0, 0), wall },
  { "straight down hits the floor", collide.ray(1, 5, 1, 0, -1, 0), floor },
  { "towards the crate", collide.ray(1, 0.5, -2, 0, 0, 1), crate },
  { "at the ball", collide.ray(-6, 1, 0, 1, 0, 0), ball },
  { "down onto the ramp (u, v = barycentrics)", collide.ray(0.5, 5, -2, 0, -1, 0), ramp },
  { "away from the ball: a miss", collide.ray(-4, 1, 0, -1, 0, 0), ball },
  { "from inside the wall: t = 0, normal = -direction", collide.ray(4.5, 1, 0, 0, 0, 1), wall },
  { "a segment too short to reach the wall", collide.segment({ 0, 1, 0 }, { 3, 1, 0 }), wall },
}
for _, s in ipairs(shots) do
  local hit = { s[2]:cast(s[3]) }
  if hit[1] then
    print(("  %-48s t=%s  p=(%s)  n=(%s)%s"):format(s[1], fmt(hit[1]), fmt(hit[2], hit[3], hit[4]),
      fmt(hit[5], hit[6], hit[7]), hit[8] and ("  u,v=" .. fmt(hit[8], hit[9])) or ""))
  else
    print(("  %-48s no hit"):format(s[1]))
  end
end

print("\n== overlaps (touching counts)")
local pairs_ = {
  { "player vs wall", player, wall }, { "player vs floor", player, floor },
  { "ball vs floor (resting on it)", ball, floor }, { "crate vs ramp", crate, ramp },
  { "ball vs crate", ball, crate },
}
for _, p in ipairs(pairs_) do print(("  %-32s %s"):format(p[1], tostring(collide.intersects(p[2], p[3])))) end

print("\n== which side of the floor (-1 below, 0 touching or crossing, 1 above)")
print("  player " .. floor:classify(player), " ball " .. floor:classify(ball),
      " point (0,-1,0) " .. floor:classify(0, -1, 0))

print("\n== push the player out of the wall (contact: normal from a to b, depth)")
local nx, ny, nz, depth = collide.contact(wall, player)
print(("  normal (%s), depth %s"):format(fmt(nx, ny, nz), fmt(depth)))
player:translate(nx * depth, ny * depth, nz * depth)
print("  moved player: " .. tostring(player))
print("  still touching the wall (just): " .. tostring(player:intersects(wall)))
print("  closest point of the ball to the player's centre: " .. fmt(ball:closest_point(player:center())))
