-- bench/scene_instr.lua OP N: a fixed scene workload repeated N times, for
-- bench/scene_instr.sh to count its instructions under callgrind (the
-- collector stopped, the same numbers on every run: the count follows the
-- code, not the machine's load). 10,000 boxes, the first 1,000 movable;
-- OP is one of
--   raycast  200 scene:raycast of rays 100 long
--   query    200 scene:query of a box
--   move     200 small scene:move of a movable box
--   pairs    a frame: 1,000 boxes translated, scene:sync(), scene:pairs()
--   plane    the same frame with a ground plane in the scene
collectgarbage("stop")
local collide = require "collide"
local op, N = arg[1], tonumber(arg[2])
local seed = 12345
local function rnd() seed = (seed * 16807) % 2147483647; return seed / 2147483647 end
local s = collide.scene()
local boxes = {}
for i = 1, 10000 do
  local x, y, z = rnd() * 200, rnd() * 200, rnd() * 200
  local b = collide.aabb(x, y, z, x + 1 + rnd(), y + 1 + rnd(), z + 1 + rnd())
  boxes[i] = b
  s:add(i, b, { static = i > 1000 })
end
if op == "plane" then s:add("ground", collide.plane(0, 1, 0, 0)) end
local rays = {}
for i = 1, 200 do
  rays[i] = collide.ray(rnd() * 200, rnd() * 200, rnd() * 200, rnd() - 0.5, rnd() - 0.5, rnd() - 0.5, 100)
end
for _ = 1, N do
  if op == "raycast" then
    for i = 1, 200 do s:raycast(rays[i]) end
  elseif op == "query" then
    for i = 1, 200 do s:query(boxes[i]) end
  elseif op == "move" then
    for i = 1, 200 do s:move(i, rnd() - 0.5, rnd() - 0.5, rnd() - 0.5) end
  elseif op == "pairs" or op == "plane" then
    for i = 1, 1000 do boxes[i]:translate(0.01, 0, 0) end
    s:sync()
    s:pairs()
  else
    error("unknown operation " .. tostring(op))
  end
end
