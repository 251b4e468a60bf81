-- The examples of doc/readme/queries.md; from the repository root:
--   make && lua5.4 doc/readme/queries.lua
package.path = "./lua/?.lua;./lua/?/init.lua;" .. package.path
package.cpath = "./build/lua5.4/?.so;" .. package.cpath
local collide = require "collide"
local function show(label, ...) local t = table.pack(...) local s = {}
  for i = 1, t.n do s[i] = type(t[i]) == "number" and ("%.14g"):format(t[i]) or tostring(t[i]) end
  print(("%-58s --> %s"):format(label, table.concat(s, "  "))) end
show("collide.ray(-1,0.5,0.5, 1,0,0):cast(collide.aabb(0,0,0, 1,1,1))", collide.ray(-1,0.5,0.5, 1,0,0):cast(collide.aabb(0,0,0, 1,1,1)))
show("collide.ray(0.5,0.5,1, 0,0,-1):cast(tri)", collide.ray(0.5,0.5,1, 0,0,-1):cast(collide.triangle(0,0,0, 2,0,0, 0,2,0)))
show("collide.ray(0.5,0.5,-1, 0,0,1):cast(tri, true)", collide.ray(0.5,0.5,-1, 0,0,1):cast(collide.triangle(0,0,0, 2,0,0, 0,2,0), true))
show("collide.ray(-1,0.5,0, 1,0,0):cast(tri)   -- in its plane", collide.ray(-1,0.5,0, 1,0,0):cast(collide.triangle(0,0,0, 2,0,0, 0,2,0)))
show("collide.ray(0.25,0.5,0.5, 1,2,2):cast(box)   -- inside", collide.ray(0.25,0.5,0.5, 1,2,2):cast(collide.aabb(0,0,0, 1,1,1)))
show("collide.ray(1.5,3,4.5, 1,0,0):slab(collide.aabb(1,2,3, 2,4,6))", collide.ray(1.5,3,4.5, 1,0,0):slab(collide.aabb(1,2,3, 2,4,6)))
show("collide.plane(0,1,0, 2):classify(collide.sphere(0,4,0, 2))", collide.plane(0,1,0, 2):classify(collide.sphere(0,4,0, 2)))
show("collide.plane(0,1,0, 2):distance(4,-1,6)", collide.plane(0,1,0, 2):distance(4,-1,6))
show("collide.triangle(0,0,0, 2,0,0, 0,2,0):closest_point(2,2,1)", collide.triangle(0,0,0, 2,0,0, 0,2,0):closest_point(2,2,1))
show("collide.triangle(0,0,0, 2,0,0, 0,2,0):barycentric(2,2,0)", collide.triangle(0,0,0, 2,0,0, 0,2,0):barycentric(2,2,0))
show("collide.contact(collide.aabb(0,0,0, 2,2,2), collide.sphere(1.5,1,1, 0.25))", collide.contact(collide.aabb(0,0,0, 2,2,2), collide.sphere(1.5,1,1, 0.25)))
show("collide.contact(collide.sphere(1.5,1,1, 0.25), collide.aabb(0,0,0, 2,2,2))", collide.contact(collide.sphere(1.5,1,1, 0.25), collide.aabb(0,0,0, 2,2,2)))
