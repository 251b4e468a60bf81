-- bench/instr.lua TEST [N]: N calls of one narrow-phase test, for counting
-- instructions under callgrind (bench/instr.sh), where timing noise from a
-- shared machine does not reach. TEST is "floor", "loop" or a row name of
-- bench/narrow.lua with "_" for spaces, e.g. "intersects_aabb-obb".
local collide = require "collide"
local floor_fn = require "floor"
local which, N = arg[1], tonumber(arg[2]) or 200000
local shapes = {
  aabb = collide.aabb(0, 0, 0, 1, 1, 1), obb = collide.obb(0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0, 0.2, 0, 1),
  plane = collide.plane(0, 1, 0, 0.5), triangle = collide.triangle(0, 0.2, 0, 1, 0.3, 0, 0, 0.4, 1),
  ray = collide.ray(-1, 0.5, 0.5, 1, 0.1, 0.05), sphere = collide.sphere(0.5, 0.5, 0.5, 0.5),
}
local f, a, b
local ka, kb = which:match("^intersects_(%a+)%-(%a+)$")
if ka then
  f, a, b = collide.intersects, shapes[ka], shapes[kb]
elseif which:match("^ray:cast_") then
  f, a, b = shapes.ray.cast, shapes.ray, shapes[which:match("_(%a+)$")]
elseif which == "floor" then
  f, a, b = floor_fn, shapes.aabb, shapes.aabb
else
  f, a, b = function() end, shapes.aabb, shapes.aabb
end
for _ = 1, N do f(a, b) end
