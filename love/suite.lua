-- What a game sees of collide: a representative run of the library's
-- behaviour with exact expected values worked out by hand. Plain Lua 5.1
-- (no busted, no LÖVE), so it runs inside LÖVE (love/main.lua) and under any
-- interpreter:  luajit love/suite.lua  (from the top of the tree, after make).
-- Returns run(out) -> passed, failed, skipped; out(line) prints.

local function run(out)
  local collide = require "collide"
  local passed, failed, skipped = 0, 0, 0

  local function show(v)
    if type(v) == "string" then return string.format("%q", v) end
    return tostring(v)
  end

  -- the values fn returns must be exactly the expected ones (nil included)
  local function same(name, expected, fn)
    local got = { n = 0 }
    local ok = (function(status, ...)
      got.n = select("#", ...)
      for i = 1, got.n do got[i] = select(i, ...) end
      return status
    end)(pcall(fn))
    local n = math.max(got.n, #expected)
    local fine = ok
    for i = 1, n do
      if got[i] ~= expected[i] then fine = false end
    end
    if fine then
      passed = passed + 1
    else
      failed = failed + 1
      local g, e = {}, {}
      for i = 1, n do g[i] = show(got[i]); e[i] = show(expected[i]) end
      out("FAIL " .. name)
      out("  expected: " .. table.concat(e, ", "))
      out("  got:      " .. (ok and "" or "error ") .. table.concat(g, ", "))
    end
  end

  -- fn must raise exactly this message (the "file:line: " prefix dropped)
  local function raises(name, message, fn, ...)
    local ok, err = pcall(fn, ...)
    err = tostring(err):gsub("^[^\n]-:%d+: ", "", 1)
    if not ok and err == message then
      passed = passed + 1
    else
      failed = failed + 1
      out("FAIL " .. name)
      out("  expected error: " .. message)
      out("  got:            " .. (ok and "no error" or err))
    end
  end

  local function skip(name, why)
    skipped = skipped + 1
    out("skip " .. name .. " (" .. why .. ")")
  end

  local box = collide.aabb(0, 0, 0, 1, 1, 1)
  local ray = collide.ray(-1, 0.5, 0.5, 1, 0, 0)
  local tri = collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0)

  -- the build: collide.info() names the running Lua and tells whether the
  -- FFI path is in use, which it is exactly when collide.intersects is not
  -- the core's own function
  same("collide.info", { jit and jit.version or _VERSION, collide.intersects ~= require("collide.core").intersects },
    function() local info = collide.info(); return info.lua, info.ffi end)

  -- shapes
  same("the API example cast", { 1, 0, 0.5, 0.5, -1, 0, 0 }, function() return ray:cast(box) end)
  same("vector arguments as tables", { true }, function()
    return collide.aabb({ 0, 0, 0 }, { x = 1, y = 1, z = 1 }) == box
  end)
  same("tostring", { "aabb((0, 0, 0), (1, 1, 1))" }, function() return tostring(box) end)
  same("collide.type", { "aabb", "sphere", nil }, function()
    return collide.type(box), collide.sphere(0, 0, 0, 1):type(), collide.type({})
  end)
  same("epsilon", { 1e-9 }, function() return collide.epsilon end)
  same("aabb accessors", { 0.5, 0.5, 0.5, 1, 6 }, function()
    local cx, cy, cz = box:center()
    return cx, cy, cz, box:volume(), box:surface_area()
  end)
  same("aabb:corner(8) is max", { 1, 1, 1 }, function() return box:corner(8) end)
  same("translate and set return self and change the shape", { true, 1, 2, 3, true, 2 }, function()
    local s = collide.sphere(0, 0, 0, 1)
    local same_t = rawequal(s:translate(1, 2, 3), s)
    local x, y, z = s:center()
    local same_s = rawequal(s:set(0, 0, 0, 2), s)
    return same_t, x, y, z, same_s, s:radius()
  end)
  same("bounds into an out box", { true, 0, 1, 2, 2, 3, 4 }, function()
    local out_box = collide.aabb(0, 0, 0, 0, 0, 0)
    local r = collide.sphere(1, 2, 3, 1):bounds(out_box)
    local x0, y0, z0 = out_box:min()
    local x1, y1, z1 = out_box:max()
    return rawequal(r, out_box), x0, y0, z0, x1, y1, z1
  end)
  same("degenerate triangle", { 0, 0, 0, 0 }, function()
    local d = collide.triangle(0, 0, 0, 1, 1, 1, 2, 2, 2)
    local nx, ny, nz = d:normal()
    return nx, ny, nz, d:area()
  end)
  same("barycentric", { 0.5, 0.25, 0.25 }, function() return tri:barycentric(0.25, 0.25, 5) end)

  -- narrow phase
  same("touching counts as intersecting", { true, false }, function()
    return box:intersects(collide.sphere(2, 0.5, 0.5, 1)),
      collide.intersects(box, collide.sphere(2.5, 0.5, 0.5, 1))
  end)
  same("rotated box holds what the axis-aligned one does not", { true, false, false }, function()
    local s, c = math.sin(math.pi / 8), math.cos(math.pi / 8)
    local o = collide.obb(0, 0, 0, 1, 1, 1, 0, 0, s, c)
    return o:contains(1.2, 0, 0), o:contains(1.2, 1.2, 0), collide.aabb(-1, -1, -1, 1, 1, 1):contains(1.2, 0, 0)
  end)
  same("cast at a sphere", { 4, 4, 0, 0, -1, 0, 0 }, function()
    return collide.ray(0, 0, 0, 1, 0, 0):cast(collide.sphere(5, 0, 0, 1))
  end)
  same("cast at a triangle from its front", { 1, 0.25, 0.25, 0, 0, 0, 1, 0.25, 0.25 }, function()
    return collide.ray(0.25, 0.25, 1, 0, 0, -1):cast(tri)
  end)
  same("cast at a triangle from behind", { 1, 0.25, 0.25, 0, 0, 0, -1, 0.25, 0.25 }, function()
    return collide.ray(0.25, 0.25, -1, 0, 0, 1):cast(tri)
  end)
  same("cast at a triangle from behind, culled", { nil }, function()
    return collide.ray(0.25, 0.25, -1, 0, 0, 1):cast(tri, true)
  end)
  same("cast at a plane, direction normalised", { 5, 0, 0, 0, 0, 1, 0 }, function()
    return collide.ray(0, 5, 0, 0, -2, 0):cast(collide.plane(0, 1, 0, 0))
  end)
  same("cast from inside a box", { 0, 0.5, 0.5, 0.5, 0, 0, -1 }, function()
    return collide.ray(0.5, 0.5, 0.5, 0, 0, 1):cast(box)
  end)
  same("slab", { 1, 2 }, function() return ray:slab(box) end)
  same("segment stops at its end", { nil, 3 }, function()
    local seg = collide.segment(0, 0, 0, 3, 0, 0)
    return seg:cast(collide.sphere(5, 0, 0, 1)), seg:tmax()
  end)
  same("plane classify, distance, project", { 1, -1, 0, 7, 3, 0, 1 }, function()
    local p = collide.plane(0, 1, 0, 0)
    local x, y, z = p:project(3, 7, 1)
    return p:classify(0, 2, 0), p:classify(collide.sphere(0, -5, 0, 1)),
      p:classify(collide.aabb(-1, -1, -1, 1, 1, 1)), p:distance(3, 7, 1), x, y, z
  end)
  same("closest point, distance, contains", { 1, 0.5, 0, 4, true, true, false }, function()
    local x, y, z = box:closest_point(2, 0.5, -1)
    return x, y, z, collide.sphere(0, 0, 0, 1):distance(3, 4, 0),
      box:contains(0.5, 0.5, 0.5), box:contains(1, 1, 1), box:contains(1.0001, 0, 0)
  end)
  same("contact of two boxes", { 1, 0, 0, 0.5 }, function()
    return collide.contact(collide.aabb(0, 0, 0, 2, 2, 2), collide.aabb(1.5, 0, 0, 3.5, 2, 2))
  end)
  same("contact of two spheres", { 1, 0, 0, 0.5 }, function()
    return collide.sphere(0, 0, 0, 1):contact(collide.sphere(1.5, 0, 0, 1))
  end)
  same("no contact when apart", { nil }, function()
    return collide.contact(box, collide.sphere(5, 5, 5, 1))
  end)

  -- capsules, distances between shapes, sweeps. Values computed by
  -- iteration are rounded to 1e-12 (the hand-worked values are exact).
  local function round(...)
    local v = { n = select("#", ...), ... }
    for i = 1, v.n do
      if type(v[i]) == "number" then v[i] = math.floor(v[i] * 1e12 + 0.5) / 1e12 end
    end
    return (table.unpack or unpack)(v, 1, v.n)
  end
  if collide.capsule then
    local pill = collide.capsule(0, 0, 0, 0, 2, 0, 1)
    same("capsule tostring and accessors", { "capsule((0, 0, 0), (0, 2, 0), 1)", "capsule", 0, 1, 0, 1 }, function()
      local cx, cy, cz = pill:center()
      return tostring(pill), collide.type(pill), cx, cy, cz, pill:radius()
    end)
    same("capsule tests", { true, false, 2, 1, 1, 0, true, 1 }, function()
      local x, y, z = pill:closest_point(3, 1, 0)
      return pill:intersects(collide.aabb(1, 0, 0, 2, 1, 1)), collide.intersects(pill, collide.sphere(3, 1, 0, 1.5)),
        pill:distance(3, 1, 0), x, y, z, pill:contains(0, 3, 0), collide.plane(0, 1, 0, -1.5):classify(pill)
    end)
    same("cast at a capsule", { 4, -1, 1, 0, -1, 0, 0 }, function()
      return collide.ray(-5, 1, 0, 1, 0, 0):cast(pill)
    end)
    same("contacts of a capsule with a sphere and a plane", { 1, 0, 0, 0.5, -1, 0, 0, 0.5 }, function()
      local ax, ay, az, ad = collide.contact(pill, collide.sphere(1.5, 1, 0, 1))
      return round(ax, ay, az, ad, collide.contact(collide.plane(1, 0, 0, 0.5), pill))
    end)
    raises("capsule with a negative radius", "bad argument #7 to 'capsule' (negative radius)",
      function() collide.capsule(0, 0, 0, 1, 1, 1, -1) end)
  else
    skip("collide.capsule", "not in this build")
  end
  if collide.hull then
    -- a unit cube's corners, a duplicate and a point inside
    local rock = collide.hull({ -1, -1, -1, 1, -1, -1, -1, 1, -1, 1, 1, -1, -1, -1, 1, 1, -1, 1,
                                -1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0 })
    same("hull tostring and accessors", { "hull(8 vertices, 6 faces, (0, 0, 0), (0, 0, 0, 1))", "hull", 8, 6, 0, 0, -1, 1 }, function()
      return tostring(rock), collide.type(rock), rock:vertex_count(), rock:face_count(), rock:face(1)
    end)
    same("hull tests", { true, false, 1, 1, 1, 0, true, 0 }, function()
      local x, y, z = rock:closest_point(2, 1, 0)
      return rock:intersects(collide.aabb(1, 1, 1, 2, 2, 2)), collide.intersects(rock, collide.sphere(3, 0, 0, 1.5)),
        rock:distance(2, 1, 0), x, y, z, rock:contains(1, 1, 1), collide.plane(0, 1, 0, 1):classify(rock)
    end)
    same("cast at a hull, a sweep onto it", { 4, -1, 0.5, 0.25, -1, 0, 0, 0.3, 1, 0, 0, 1, 0, 0 }, function()
      local t, px, py, pz, nx, ny, nz = collide.ray(-5, 0.5, 0.25, 1, 0, 0):cast(rock)
      return t, px, py, pz, nx, ny, nz, round(collide.sweep(collide.sphere(5, 0, 0, 1), -10, 0, 0, rock))
    end)
    raises("hull of points in one plane", "bad argument #1 to 'hull' (points span no volume)",
      function() collide.hull({ 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0 }) end)
  else
    skip("collide.hull", "not in this build")
  end
  if collide.distance then
    same("distance between two spheres, the closest points", { 2, 1, 0, 0, 3, 0, 0 }, function()
      return round(collide.distance(collide.sphere(0, 0, 0, 1), collide.sphere(5, 0, 0, 2)))
    end)
    same("distance of overlapping shapes", { 0, true }, function()
      local d, ax, ay, az, bx, by, bz = collide.distance(box, collide.sphere(0.5, 0.5, 0.5, 0.1))
      return d, ax == bx and ay == by and az == bz
    end)
    raises("distance to a plane", "bad argument #2 to 'distance' (aabb, obb, sphere, triangle, capsule, hull or compound expected, got collide.plane)",
      function() collide.distance(box, collide.plane(0, 1, 0, 0)) end)
  else
    skip("collide.distance", "not in this build")
  end
  if collide.sweep then
    local wall = collide.aabb(5, -1, -1, 6, 1, 1)
    same("sweep a sphere into a box", { 0.5, 5, 0, 0, -1, 0, 0 }, function()
      return round(collide.sweep(collide.sphere(0, 0, 0, 1), 8, 0, 0, wall))
    end)
    same("sweep a capsule onto a plane, motion as a table", { 0.375, 0, 0, 0, 0, 1, 0 }, function()
      return round(collide.sweep(collide.capsule(0, 2, 0, 2, 3, 0, 0.5), { 0, -4, 0 }, collide.plane(0, 1, 0, 0)))
    end)
    same("sliding along a floor is free", { nil }, function()
      return collide.sweep(collide.aabb(0, 1, 0, 1, 2, 1), 3, 0, 0, collide.aabb(-5, 0, -5, 5, 1, 5))
    end)
    if collide.mesh then
      same("sweep at a mesh: the triangle's index", { 0.25, 4, 2, 0, -1, 0, 0, 1 }, function()
        local m = collide.mesh({ 4, -5, -5, 4, 5, -5, 4, 0, 5 })
        return round(collide.sweep(collide.sphere(0, 2, 0, 1), 12, 0, 0, m))
      end)
      same("mesh contacts", { 1, 1, 0, 1, 0, 0.5 }, function()
        local c = collide.mesh({ -5, 0, -5, 5, 0, 5, 5, 0, -5 }):contacts(collide.sphere(1, 0.5, 0, 1))
        return #c, c[1].index, round(c[1].nx, c[1].ny, c[1].nz, c[1].depth)
      end)
    end
    raises("sweep with a ray", "bad argument #5 to 'sweep' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got collide.ray)",
      function() collide.sweep(box, 1, 0, 0, ray) end)
  else
    skip("collide.sweep", "not in this build")
  end

  -- errors: the same text on every Lua, LuaJIT included
  raises("nan rejected", "bad argument #1 to 'aabb' (finite number expected, got nan)",
    function() collide.aabb(0 / 0, 0, 0, 1, 1, 1) end)
  raises("inf rejected", "bad argument #4 to 'sphere' (finite number expected, got inf)",
    function() collide.sphere(0, 0, 0, math.huge) end)
  raises("min greater than max", "bad argument #4 to 'aabb' (min greater than max)",
    function() collide.aabb(1, 0, 0, 0, 1, 1) end)
  raises("negative radius", "bad argument #4 to 'sphere' (negative radius)",
    function() collide.sphere(0, 0, 0, -1) end)
  raises("zero direction", "bad argument #4 to 'ray' (zero direction)",
    function() collide.ray(0, 0, 0, 0, 0, 0) end)
  raises("method arguments numbered after self", "bad argument #1 to 'translate' (vector expected, got string)",
    function() box:translate("a") end)
  raises("the same in a tail call", "bad argument #1 to 'translate' (vector expected, got string)",
    function() return box:translate("a") end)
  raises("a function called by pcall", "bad argument #1 to 'aabb' (vector expected, got string)",
    collide.aabb, "a")
  raises("wrong shape", "bad argument #2 to 'contact' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got collide.ray)",
    function() collide.contact(box, ray) end)
  raises("bad self", "calling 'bounds' on bad self (ray has infinite tmax)",
    function() ray:bounds() end)
  raises("epsilon read-only", "collide.epsilon is read-only",
    function() collide.epsilon = 1 end)

  -- a hot loop, as a game's frame would run it (JIT-compiled under LuaJIT)
  same("20000 casts in a loop", { 10100, 10100 }, function()
    local r, hits, sum = collide.ray(0, 0, 0, 1, 0, 0), 0, 0
    for i = 1, 20000 do
      local y = (i % 200) / 100            -- 0 .. 1.99: hits while y <= 1
      r:set(-1, y, 0.5, 1, 0, 0)
      local t = r:cast(box)
      if t then hits = hits + 1; sum = sum + t end
    end
    return hits, sum
  end)

  -- the broad phase and the Lua helpers, once they are there
  if collide.tree then
    same("tree insert, query, remove", { 1, 1, true, 0 }, function()
      local t = collide.tree()
      local p = t:insert(collide.aabb(0, 0, 0, 1, 1, 1))
      local n1, found = t:count(), t:query(collide.sphere(0.5, 0.5, 0.5, 0.1))
      t:remove(p)
      return n1, #found, found[1] == p, t:count()
    end)
  else
    skip("collide.tree", "not in this build")
  end
  if collide.mesh then
    same("cast at a mesh", { 1, 0.25, 0.25, 0, 0, 0, 1, 0.25, 0.25, 1 }, function()
      local m = collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 })
      return collide.ray(0.25, 0.25, 1, 0, 0, -1):cast(m)
    end)
  else
    skip("collide.mesh", "not in this build")
  end
  if collide.load_obj and collide.mesh then
    -- OBJ text, as a game reads it with love.filesystem.read: a unit quad
    same("load_obj text into a mesh", { 12, 6, 2, 1, 0.75, 0.5, 0, 0, 0, 1, 1 }, function()
      local v, idx = collide.load_obj("v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3\nf 1 3 4\n")
      local m = collide.mesh(v, idx)
      local t, px, py, pz, nx, ny, nz, _, _, index = collide.ray(0.75, 0.5, 1, 0, 0, -1):cast(m)
      return #v, #idx, m:count(), t, px, py, pz, nx, ny, nz, index
    end)
  else
    skip("collide.load_obj", "not in this build")
  end
  if collide.scene then
    same("scene raycast and query", { "crate", 1, 0, 0.5, 0.5, -1, 0, 0, 1, "crate" }, function()
      local sc = collide.scene()
      sc:add("crate", collide.aabb(0, 0, 0, 1, 1, 1))
      sc:add("ball", collide.sphere(10, 10, 10, 1))
      local item, t, px, py, pz, nx, ny, nz = sc:raycast(ray)
      local q = sc:query(collide.sphere(0.5, 0.5, 0.5, 0.1))
      return item, t, px, py, pz, nx, ny, nz, #q, q[1]
    end)
  else
    skip("collide.scene", "not in this build")
  end
  if collide.character then
    -- the first item a moving shape meets, bump.lua's move in 3D, and a
    -- capsule walking up a step at 60 Hz
    same("scene:sweep: the first item met and collide.sweep's answer", { "wall", 0.625, 3, 2, 0.5, -1, 0, 0 },
      function()
        local sc = collide.scene()
        sc:add("floor", collide.aabb(-10, -1, -10, 10, 0, 10))
        sc:add("wall", collide.aabb(3, 0, -10, 4, 3, 10))
        return sc:sweep(collide.sphere(0, 2, 0.5, 0.5), 4, 0, 0)
      end)
    same("scene:move slides along the floor and stops at a wall", { 2, 0, 0.5, 2, "floor", "wall", 2, 0, 0.5 },
      function()
        local sc = collide.scene()
        sc:add("floor", collide.aabb(-10, -1, -10, 10, 0, 10))
        sc:add("wall", collide.aabb(3, 0, -10, 4, 3, 10))
        local mover = collide.aabb(0, 0, 0, 1, 1, 1)
        sc:add("box", mover)
        local mx, my, mz, cols = sc:move("box", 5, -1, 0.5)
        local x, y, z = mover:min()
        return mx, my, mz, #cols, cols[1].other, cols[2].other, x, y, z
      end)
    same("a character climbs a step", { "2.000", "0.250", true, "1.000" }, function()
      local sc = collide.scene()
      sc:add("floor", collide.aabb(-10, -1, -10, 10, 0, 10))
      sc:add("step", collide.aabb(1, 0, -10, 10, 0.25, 10))
      local body = collide.capsule(0, 0.3, 0, 0, 1.5, 0, 0.3)
      sc:add("player", body)
      local player = collide.character(sc, "player", { step_height = 0.3 })
      local vy = 0
      for _ = 1, 30 do
        vy = vy - 9.81 / 60
        player:move(4 / 60, vy / 60, 0)
        if player:on_floor() then vy = 0 end
      end
      local x, y = body:a()
      local _, ny = player:floor_normal()
      return string.format("%.3f", x), string.format("%.3f", y - 0.3), player:on_floor(), string.format("%.3f", ny)
    end)
  else
    skip("collide.character", "not in this build")
  end
  if collide.frustum then
    same("frustum classify", { 1, -1, 0 }, function()
      local f = collide.frustum(collide.plane(1, 0, 0, -1), collide.plane(-1, 0, 0, -1),
        collide.plane(0, 1, 0, -1), collide.plane(0, -1, 0, -1),
        collide.plane(0, 0, 1, -1), collide.plane(0, 0, -1, -1))
      return f:classify(collide.sphere(0, 0, 0, 0.5)), f:classify(collide.sphere(5, 0, 0, 1)),
        f:classify(collide.aabb(0.5, 0.5, 0.5, 1.5, 1.5, 1.5))
    end)
  else
    skip("collide.frustum", "not in this build")
  end

  return passed, failed, skipped
end

-- run directly: luajit love/suite.lua (or any lua) from the top of the tree
if not love and arg and arg[0] and arg[0]:match("suite%.lua$") then
  package.path = "./lua/?.lua;./lua/?/init.lua;" .. package.path
  local passed, failed, skipped = run(print)
  print(string.format("%d passed, %d failed, %d skipped", passed, failed, skipped))
  os.exit(failed == 0 and 0 or 1)
end

return run
