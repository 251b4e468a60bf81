-- Results that would not be finite, values that only look like ours,
-- numbers in messages, arrays with holes, and the LuaJIT FFI path: the same
-- input gives the same answer or the same whole message on every Lua.
--
-- Calls are written collide.f(...) and s:m(...) inside a closure, never as
-- a tail call, so the message names the function as written here.
local collide = require "collide"
local core = require "collide.core"
local H = require "spec.helpers"

local M = 1.7976931348623157e308   -- the largest double
local nan, inf = 0 / 0, math.huge

-- { message, function that must raise it }: the whole message after the
-- caller's position
local function errors(cases)
  for _, c in ipairs(cases) do
    assert.has_error(c[2], c[1])
  end
end

-- a full userdata that is not one of collide's: newproxy where there is
-- one (5.1, LuaJIT), else a fresh file handle (its own metatable)
local function foreign_userdata()
  if newproxy then return newproxy() end
  return io.tmpfile()
end

describe("a result that is not finite", function()
  it("makes translate fail at the component that overflows, for every kind", function()
    local B = 1e308
    local shapes = {   -- each near the largest double on x and y, near its negative on z
      collide.aabb(B, B, -B, B, B, -B),
      collide.obb(B, B, -B, 1, 1, 1),
      collide.triangle(0, B, 0, B, 0, 0, 0, 0, -B),
      collide.ray(B, B, -B, 1, 0, 0),
      collide.sphere(B, B, -B, 1),
    }
    for _, s in ipairs(shapes) do
      local before, copy = tostring(s), s:clone()
      errors {
        { "bad argument #1 to 'translate' (result is not finite)", function() s:translate(1e308, 0, 0) end },
        { "bad argument #1 to 'translate' (result is not finite)", function() s:translate({ 1e308, 0, 0 }) end },
        { "bad argument #1 to 'translate' (result is not finite)", function() s:translate({ x = M, y = 0, z = 0 }) end },
        { "bad argument #2 to 'translate' (result is not finite)", function() s:translate(0, M, 0) end },
        { "bad argument #3 to 'translate' (result is not finite)", function() s:translate(0, 0, -M) end },
        { "bad argument #4 to 'translate' (result is not finite)", function() s.translate(s, 0, 0, -M) end },
      }
      assert.are.equal(before, tostring(s))
      assert.is_true(s == copy)
      -- a move that stays finite is taken
      s:translate(-B, -B, B)
      assert.is_nil((tostring(s):gsub(", inf%)$", ")")):find("inf", 1, true))   -- a ray's tmax is inf
      assert.is_false(s == copy)
    end
  end)

  it("makes a plane's translate fail when its d overflows, at the first component", function()
    local p = collide.plane(1, 1, 0, 1e308)   -- normal (s, s, 0), s = sqrt(0.5)
    local before = tostring(p)
    errors {
      { "bad argument #1 to 'translate' (result is not finite)", function() p:translate(M, M, 0) end },
      { "bad argument #1 to 'translate' (result is not finite)", function() p:translate(0, M, 0) end },
      { "bad argument #1 to 'translate' (result is not finite)", function() p:translate({ 0, M, 0 }) end },
    }
    assert.are.equal(before, tostring(p))
    -- a move along the plane does not change d, however long
    p:translate(M, -M, 0)
    assert.are.equal(before, tostring(p))
  end)

  it("stops the aabb of the probe twice moved by 1e308", function()
    local b = collide.aabb(0, 0, 0, 1, 1, 1)
    b:translate(1e308, 0, 0)
    assert.are.equal("aabb((1e+308, 0, 0), (1e+308, 1, 1))", tostring(b))
    assert.has_error(function() b:translate(1e308, 0, 0) end,
      "bad argument #1 to 'translate' (result is not finite)")
    assert.are.equal("aabb((1e+308, 0, 0), (1e+308, 1, 1))", tostring(b))
    assert.is_true(b:intersects(collide.sphere(1e308, 0.5, 0.5, 0.1)))
  end)

  it("refuses a hull or a compound placed where a vertex or a child overflows", function()
    local X = 1.797e308          -- a position that is finite, a child 1e306 past it is not
    local c45 = { 0, 0, 0.38268343236508978, 0.92387953251128674 }   -- 45 degrees about z
    local child = collide.sphere(1e306, 1e306, -1e306, 1)
    local k = collide.compound({ child })
    local h = collide.hull({ 0, 0, 0, 1e306, 0, 0, 0, 1e306, 0, 0, 0, -1e306 })
    local wide = collide.compound({ collide.sphere(1.5e308, 1.5e308, 0, 1) })
    local before, copy = tostring(k), k:clone()
    local hull_before, hull_copy = tostring(h), h:clone()
    errors {
      { "bad argument #1 to 'compound' (result is not finite)", function() collide.compound({ child }, { X, 0, 0 }) end },
      { "bad argument #1 to 'compound' (result is not finite)",
        function() collide.compound({ collide.sphere(1.5e308, 1.5e308, 0, 1) }, nil, c45) end },
      { "bad argument #1 to 'compound' (result is not finite)",
        function() collide.compound({ collide.hull({ 0, 0, 0, 1e306, 0, 0, 0, 1e306, 0, 0, 0, 1e306 }) }, { X, 0, 0 }) end },
      { "bad argument #1 to 'set_position' (result is not finite)", function() k:set_position(X, 0, 0) end },
      { "bad argument #2 to 'set_position' (result is not finite)", function() k:set_position(0, X, 0) end },
      { "bad argument #3 to 'set_position' (result is not finite)", function() k:set_position(0, 0, -X) end },
      { "bad argument #1 to 'set_position' (result is not finite)", function() k:set_position({ 0, 0, -X }) end },
      { "bad argument #1 to 'translate' (result is not finite)", function() k:translate(X, 0, 0) end },
      { "bad argument #3 to 'translate' (result is not finite)", function() k:translate(0, 0, -X) end },
      { "bad argument #1 to 'set_rotation' (result is not finite)", function() wide:set_rotation(c45) end },
      { "bad argument #1 to 'set' (result is not finite)", function() k:set({ child }, { X, 0, 0 }) end },
      { "bad argument #1 to 'hull' (result is not finite)",
        function() collide.hull({ 0, 0, 0, 1e306, 0, 0, 0, 1e306, 0, 0, 0, -1e306 }, { X, 0, 0 }) end },
      { "bad argument #1 to 'set_position' (result is not finite)", function() h:set_position(X, 0, 0) end },
      { "bad argument #1 to 'set_position' (result is not finite)", function() h:set_position({ x = 0, y = X, z = 0 }) end },
      { "bad argument #3 to 'translate' (result is not finite)", function() h:translate(0, 0, -X) end },
      { "bad argument #1 to 'set' (result is not finite)",
        function() h:set({ 0, 0, 0, 1e306, 0, 0, 0, 1e306, 0, 0, 0, -1e306 }, { 0, X, 0 }) end },
    }
    -- each left as it was
    assert.are.equal(before, tostring(k))
    assert.is_true(k == copy)
    assert.are.equal(hull_before, tostring(h))
    assert.is_true(h == hull_copy)
    assert.are.equal("compound(1 children, (0, 0, 0), (0, 0, 0, 1))", tostring(wide))
    -- a placement that stays finite is taken, its bounds exact
    k:set_position(1.7e308, 0, 0)
    assert.are.equal("aabb((1.71e+308, 1e+306, -1e+306), (1.71e+308, 1e+306, -1e+306))", tostring(k:bounds()))
    assert.are.equal("sphere((1.71e+308, 1e+306, -1e+306), 1)", tostring(k:child(1)))
    assert.are.equal("sphere((1.71e+308, 1e+306, -1e+306), 1)", tostring(collide.compound({ k }):child(1)))
    local scene = collide.scene()
    scene:add("far", k)
    assert.are.same({ "far" }, scene:query(collide.aabb(-M, -M, -M, M, M, M)))
  end)

  it("makes the constructors that compute a shape fail like those that read one", function()
    errors {
      { "bad argument #4 to 'aabb_from_center' (result is not finite)",
        function() collide.aabb_from_center(M, 0, 0, M, 0, 0) end },
      { "bad argument #6 to 'aabb_from_center' (result is not finite)",
        function() collide.aabb_from_center(0, 0, -M, 0, 0, M) end },
      { "bad argument #2 to 'aabb_from_center' (result is not finite)",
        function() collide.aabb_from_center({ M, 0, 0 }, { M, 0, 0 }) end },
      { "bad argument #1 to 'plane_from_point' (result is not finite)",
        function() collide.plane_from_point(M, M, M, 1, 1, 1) end },
      { "bad argument #1 to 'plane_from_point' (result is not finite)",
        function() collide.plane_from_point({ M, M, 0 }, { 1, 1, 0 }) end },
    }
    -- the largest box that stays finite is built
    assert.are.equal("aabb((0, 0, 0), (1.7976931348623e+308, 0, 0))",
      tostring(collide.aabb_from_center(M / 2, 0, 0, M / 2, 0, 0)))
  end)

  it("makes expand fail with the same words, out untouched", function()
    local out = collide.aabb(7, 7, 7, 8, 8, 8)
    errors {
      { "bad argument #1 to 'expand' (result is not finite)",
        function() collide.aabb(0, 0, 0, M, 1, 1):expand(M, out) end },
      { "bad argument #1 to 'expand' (result is not finite)",
        function() collide.aabb(-1e308, 0, 0, 1e308, 1, 1):expand(1e308) end },
      { "bad argument #1 to 'expand' (finite number expected, got inf)",
        function() collide.aabb(0, 0, 0, 1, 1, 1):expand(inf) end },
    }
    assert.are.equal("aabb((7, 7, 7), (8, 8, 8))", tostring(out))
  end)

  it("cannot come from set, merge or flip, which only copy and compare finite numbers", function()
    local s = collide.sphere(0, 0, 0, 1)
    s:set(M, -M, M, M)
    assert.are.equal("sphere((1.7976931348623e+308, -1.7976931348623e+308, 1.7976931348623e+308), 1.7976931348623e+308)", tostring(s))
    local out = collide.aabb(0, 0, 0, 1, 1, 1)
    collide.aabb(-M, -M, -M, 0, 0, 0):merge(collide.aabb(0, 0, 0, M, M, M), out)
    assert.are.equal("aabb((-1.7976931348623e+308, -1.7976931348623e+308, -1.7976931348623e+308), "
      .. "(1.7976931348623e+308, 1.7976931348623e+308, 1.7976931348623e+308))", tostring(out))
    assert.are.equal("plane((-1, 0, 0), -1.7976931348623e+308)", tostring(collide.plane(1, 0, 0, M):flip()))
  end)

  it("is never NaN in a huge triangle's area nor inf in its centroid", function()
    -- an edge beyond the doubles: the area is measured on halved vertices
    assert.are.equal(inf, collide.triangle(-M, -M, 0, M, -M, 0, 0, M, 0):area())   -- 2 M^2
    -- a finite area then needs a height below 2 / M of the edge: a denormal
    -- ratio, so a few digits only (the true area is M * 1e-10)
    local a = collide.triangle(-M, 0, 0, M, 0, 0, 0, 1e-10, 0):area()
    assert.is_true(math.abs(a / 1.7976931348623157e298 - 1) < 1e-6, tostring(a))
    -- edges that fit, a cross product that does not
    assert.are.equal(inf, collide.triangle(0, 0, 0, 1e200, 0, 0, 0, 1e200, 0):area())
    assert.are.equal(1e150 * 1e150 / 2, collide.triangle(0, 0, 0, 1e150, 0, 0, 0, 1e150, 0):area())
    H.assert_exact({ M, 0, 0 }, collide.triangle(M, 0, 0, M, 0, 0, M, 0, 0):centroid())
    H.assert_exact({ -M, 1, 0 }, collide.triangle(-M, 1, 0, -M, 1, 0, -M, 1, 0):centroid())
  end)

  it("is clamped to the largest double in the bounds of a huge obb, sphere or ray", function()
    local big = "1.7976931348623e+308"
    assert.are.equal(("aabb((0, 0, 0), (%s, %s, %s))"):format(big, big, big),
      tostring(collide.obb(M, M, M, M, M, M):bounds()))
    assert.are.equal(("aabb((-%s, -%s, -%s), (%s, %s, %s))"):format(big, big, big, big, big, big),
      tostring(collide.obb(0, 0, 0, M, M, M, 0, 0, 1, 1):bounds()))
    assert.are.equal(("aabb((0, -%s, -%s), (%s, %s, %s))"):format(big, big, big, big, big),
      tostring(collide.sphere(M, 0, 0, M):bounds()))
    assert.are.equal(("aabb((%s, 0, 0), (%s, 0, 0))"):format(big, big),
      tostring(collide.ray(M, 0, 0, 1, 0, 0, M):bounds()))
    assert.are.equal(("aabb((-%s, 0, 0), (0, 0, 0))"):format(big),
      tostring(collide.ray(0, 0, 0, -1, 0, 0, M):bounds()))
    -- an out box gets the same
    local out = collide.aabb(0, 0, 0, 1, 1, 1)
    collide.sphere(-M, 0, 0, 1e308):bounds(out)
    assert.are.equal(("aabb((-%s, -1e+308, -1e+308), (-7.9769313486232e+307, 1e+308, 1e+308))"):format(big),
      tostring(out))
    -- and a scene can hold such a shape
    local scene = collide.scene()
    scene:add("huge", collide.sphere(M, 0, 0, M))
    assert.are.same({ "huge" }, scene:query(collide.aabb(M, 0, 0, M, 0, 0)))
  end)
end)

describe("a value that only looks like one of collide's", function()
  local box = collide.aabb(0, 0, 0, 1, 1, 1)
  local ray = collide.ray(0, 0, 0, 1, 0, 0)

  -- the real metatables (getmetatable gives only a protected name table)
  it("is named by its Lua type: a table given a shape's metatable or __name", function()
    local fake = setmetatable({}, debug.getmetatable(box))
    local named = setmetatable({}, { __name = "collide.aabb" })
    local fake_plane = setmetatable({}, debug.getmetatable(collide.plane(0, 0, 1, 0)))
    errors {
      { "bad argument #1 to 'merge' (collide.aabb expected, got table)", function() box:merge(fake) end },
      { "bad argument #1 to 'merge' (collide.aabb expected, got table)", function() box:merge(named) end },
      { "bad argument #1 to 'intersects' (shape expected, got table)", function() collide.intersects(fake, box) end },
      { "bad argument #2 to 'intersects' (shape expected, got table)", function() collide.intersects(box, named) end },
      { "bad argument #2 to 'cast' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got table)",
        function() collide.cast(ray, fake) end },
      { "bad argument #1 to 'cast' (collide.ray expected, got table)",
        function() collide.cast(setmetatable({}, debug.getmetatable(ray)), box) end },
      { "bad argument #1 to 'contact' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got table)",
        function() collide.contact(fake, box) end },
      { "bad argument #1 to 'contains' (vector expected, got table)", function() box:contains(fake) end },
      { "calling 'min' on bad self (collide.aabb expected, got table)", function() fake:min() end },
      { "bad argument #1 to 'aabb_from_points' (vector expected at index 2, got table)",
        function() collide.aabb_from_points({ { 0, 0, 0 }, fake }) end },
      { "bad argument #1 to 'mesh' (vector expected at index 1, got table)",
        function() collide.mesh({ fake, { 1, 0, 0 }, { 0, 1, 0 } }) end },
      { "bad argument #1 to 'query_convex' (collide.plane expected at index 1, got table)",
        function() collide.tree():query_convex({ fake_plane }) end },
      { "bad argument #1 to 'insert' (collide.aabb expected, got table)",
        function() collide.tree():insert(fake) end },
    }
    -- a table whose metatable has a __name of its own keeps it
    errors {
      { "bad argument #1 to 'merge' (collide.aabb expected, got Vec3)",
        function() box:merge(setmetatable({}, { __name = "Vec3" })) end },
    }
  end)

  it("is named by its Lua type alike by the core and the scene, whatever core name it carries", function()
    local scene = collide.scene()
    local names = { "collide.aabb", "collide.obb", "collide.plane", "collide.triangle", "collide.ray",
      "collide.sphere", "collide.capsule", "collide.hull", "collide.compound", "collide.mesh",
      "collide.heightfield", "collide.tree" }
    for _, name in ipairs(names) do
      local named = setmetatable({}, { __name = name })
      errors {
        { "bad argument #1 to 'intersects' (shape expected, got table)", function() collide.intersects(named, box) end },
        { "bad argument #1 to 'query' (shape expected, got table)", function() scene:query(named) end },
        { "bad argument #2 to 'add' (shape expected, got table)", function() scene:add("a", named) end },
      }
    end
    -- a name that is not the core's is kept, by both
    local vec = setmetatable({}, { __name = "Vec3" })
    errors {
      { "bad argument #1 to 'intersects' (shape expected, got Vec3)", function() collide.intersects(vec, box) end },
      { "bad argument #1 to 'query' (shape expected, got Vec3)", function() scene:query(vec) end },
    }
  end)

  it("is named userdata and never used when a userdata gets a metatable of collide", function()
    local cases = {
      { debug.getmetatable(box), function(u) return u:min() end, "calling 'min' on bad self (collide.aabb expected, got userdata)" },
      { debug.getmetatable(box), function(u) return collide.intersects(box, u) end,
        "bad argument #2 to 'intersects' (shape expected, got userdata)" },
      { debug.getmetatable(ray), function(u) return collide.cast(u, box) end,
        "bad argument #1 to 'cast' (collide.ray expected, got userdata)" },
      { debug.getmetatable(collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 })), function(u) return u:count() end,
        "calling 'count' on bad self (collide.mesh expected, got userdata)" },
      { debug.getmetatable(collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 })), function(u) return collide.intersects(u, box) end,
        "bad argument #1 to 'intersects' (shape expected, got userdata)" },
      { debug.getmetatable(collide.tree()), function(u) return u:query(box) end,
        "calling 'query' on bad self (collide.tree expected, got userdata)" },
      { debug.getmetatable(collide.tree()), function(u) return u:insert(box) end,
        "calling 'insert' on bad self (collide.tree expected, got userdata)" },
    }
    for _, c in ipairs(cases) do
      local u = foreign_userdata()
      debug.setmetatable(u, c[1])
      local ok, err = pcall(c[2], u)
      -- its finalizer would refuse it too: give it back no metatable
      debug.setmetatable(u, nil)
      assert.is_false(ok)
      -- the position prefix is the line of the case's function, whatever it is
      assert.are.equal(c[3], (err:gsub("^[^:]*:%d+: ", "")))
    end
  end)
end)

describe("numbers in messages", function()
  local V = { 0, 0, 0, 1, 0, 0, 0, 1, 0 }
  it("print alike on every Lua: integers as integers, others %.14g, nan as nan", function()
    errors {
      { "bad argument #2 to 'mesh' (integer expected at index 3, got nan)", function() collide.mesh(V, { 1, 2, nan }) end },
      { "bad argument #2 to 'mesh' (integer expected at index 3, got nan)", function() collide.mesh(V, { 1, 2, -nan }) end },
      { "bad argument #2 to 'mesh' (integer expected at index 2, got inf)", function() collide.mesh(V, { 1, inf, 3 }) end },
      { "bad argument #2 to 'mesh' (integer expected at index 1, got -inf)", function() collide.mesh(V, { -inf, 2, 3 }) end },
      { "bad argument #2 to 'mesh' (integer expected at index 3, got 1.5)", function() collide.mesh(V, { 1, 2, 1.5 }) end },
      { "bad argument #2 to 'mesh' (integer expected at index 3, got 0.1)", function() collide.mesh(V, { 1, 2, 0.1 }) end },
      { "bad argument #2 to 'mesh' (integer expected at index 3, got 1e-300)", function() collide.mesh(V, { 1, 2, 1e-300 }) end },
      { "bad argument #2 to 'mesh' (vertex index out of range at index 3, got 4294967297)",
        function() collide.mesh(V, { 1, 2, 4294967297 }) end },
      { "bad argument #2 to 'mesh' (vertex index out of range at index 3, got 4)", function() collide.mesh(V, { 1, 2, 4 }) end },
      { "bad argument #2 to 'mesh' (vertex index out of range at index 3, got 4)", function() collide.mesh(V, { 1, 2, 4.0 }) end },
      { "bad argument #2 to 'mesh' (vertex index out of range at index 3, got 0)", function() collide.mesh(V, { 1, 2, -0.0 }) end },
      { "bad argument #2 to 'mesh' (vertex index out of range at index 3, got -5)", function() collide.mesh(V, { 1, 2, -5 }) end },
      { "bad argument #2 to 'mesh' (vertex index out of range at index 3, got 9007199254740992)",
        function() collide.mesh(V, { 1, 2, 2 ^ 53 }) end },
      { "bad argument #2 to 'mesh' (vertex index out of range at index 3, got 1.8014398509482e+16)",
        function() collide.mesh(V, { 1, 2, 2 ^ 54 }) end },
      { "bad argument #2 to 'mesh' (vertex index out of range at index 3, got 1e+300)",
        function() collide.mesh(V, { 1, 2, 1e300 }) end },
      { "bad argument #1 to 'triangle' (index out of range)", function() collide.mesh(V):triangle(4294967297) end },
      { "bad argument #1 to 'triangle' (finite number expected, got nan)", function() collide.mesh(V):triangle(nan) end },
    }
    if math.type then   -- 5.3+: an integer beyond 2^53 is read as the double it rounds to
      errors {
        { "bad argument #2 to 'mesh' (vertex index out of range at index 3, got 9.2233720368548e+18)",
          function() collide.mesh(V, { 1, 2, math.maxinteger }) end },
      }
    end
  end)
end)

describe("arrays with holes", function()
  -- built with explicit keys, so no Lua's table constructor decides the border
  local function array(n, values)
    local t = {}
    for i = 1, n do if values[i] ~= false then t[i] = values[i] end end
    return t
  end

  it("are read up to their largest integer key, a nil inside refused, on every Lua", function()
    local V = { 0, 0, 0, 1, 0, 0, 0, 1, 0 }
    errors {
      { "bad argument #2 to 'mesh' (integer expected at index 4, got nil)",
        function() collide.mesh(V, array(6, { 1, 2, 3, false, 2, 3 })) end },
      { "bad argument #2 to 'mesh' (integer expected at index 2, got nil)",
        function() collide.mesh(V, { 1, [3] = 3 }) end },
      { "bad argument #2 to 'mesh' (integer expected at index 4, got nil)",
        function() collide.mesh(V, { 1, 2, 3, [1e9] = 1 }) end },
      { "bad argument #1 to 'mesh' (number expected at index 6, got nil)",
        function() collide.mesh(array(9, { 0, 0, 0, 1, 0, false, 0, 1, 0 })) end },
      { "bad argument #1 to 'mesh' (number expected at index 10, got nil)",
        function() collide.mesh(array(12, { 0, 0, 0, 1, 0, 0, 0, 1, 0, false, false, 5 })) end },
      { "bad argument #1 to 'mesh' (vector expected at index 2, got nil)",
        function() collide.mesh({ { 0, 0, 0 }, [3] = { 1, 0, 0 } }) end },
      { "bad argument #1 to 'mesh' (number or vector expected at index 1, got nil)",
        function() collide.mesh({ [2] = 0, [3] = 0 }) end },
      { "bad argument #1 to 'mesh' (number expected at index 4, got nil)",
        function() collide.mesh({ 0, 0, 0, [2 ^ 40] = 1 }) end },
      { "bad argument #1 to 'aabb_from_points' (vector expected at index 2, got nil)",
        function() collide.aabb_from_points(array(3, { { 0, 0, 0 }, false, { 1, 1, 1 } })) end },
      { "bad argument #1 to 'aabb_from_points' (vector expected at index 1, got nil)",
        function() collide.aabb_from_points({ [2] = { 1, 1, 1 } }) end },
      { "bad argument #1 to 'query_convex' (collide.plane expected at index 2, got nil)",
        function() collide.tree():query_convex({ [1] = collide.plane(0, 0, 1, 0), [3] = collide.plane(0, 1, 0, 0) }) end },
      { "bad argument #1 to 'query_convex' (too many planes)",
        function() collide.tree():query_convex({ [1] = collide.plane(0, 0, 1, 0), [33] = collide.plane(0, 1, 0, 0) }) end },
    }
  end)

  it("ignore keys that are not positive integers", function()
    local V = { 0, 0, 0, 1, 0, 0, 0, 1, 0, n = 9, [0] = 5, [-1] = 5, [1.5] = 5, x = 1 }
    assert.are.equal(1, collide.mesh(V):count())
    assert.are.equal(1, collide.mesh(V, { 1, 2, 3, [0] = 7, [3.5] = 1 }):count())
    assert.are.equal("aabb((0, 0, 0), (1, 1, 1))",
      tostring(collide.aabb_from_points({ { 0, 0, 0 }, { 1, 1, 1 }, n = 2, [0] = { 5, 5, 5 } })))
    errors {
      { "bad argument #1 to 'aabb_from_points' (empty point array)", function() collide.aabb_from_points({ [0] = { 1, 1, 1 } }) end },
    }
  end)
end)

describe("the LuaJIT FFI path", function()
  -- the classic function (core) and the one collide exports (the FFI path
  -- under LuaJIT) called from the same line in the same way
  local box = collide.aabb(0, 0, 0, 1, 1, 1)
  local ray = collide.ray(0, 0.5, 0.5, 1, 0, 0)
  local tree = collide.tree()
  local shapes = { box, ray, collide.sphere(0, 0, 0, 1), collide.plane(0, 0, 1, 0), tree,
    setmetatable({}, getmetatable(box)), collide.mesh({ 2, -1, -1, 2, 2, -1, 2, -1, 2 }) }
  local values = { 5, "x", {}, true, nil }

  -- every way of calling f: as a field, a method, a local, through pcall,
  -- as a tail call
  local ways = {
    function(f, ...) local x = f(...); return x end,
    function(f, ...) local o = { cast = f }; local x = o.cast(...); return x end,
    function(f, ...) local o = { cast = f }; local x = o:cast(...); return x end,
    function(f, a, ...) local o = { intersects = f }; local x = o:intersects(...); return x, a end,
    function(f, ...) local fn = f; local x = fn(...); return x end,
    function(f, ...) local o = { go = f }; return o:go(...) end,
    function(f, ...) return f(...) end,
  }

  local function outcome(way, f, args)
    local r = H.pack(pcall(way, f, H.unpack(args)))
    return r
  end

  it("raises word for word what the classic function raises, for every argument pair and call", function()
    local pool = {}
    for _, s in ipairs(shapes) do pool[#pool + 1] = s end
    for _, v in ipairs(values) do pool[#pool + 1] = v end
    pool[#pool + 1] = nil
    local compared, failed = 0, 0
    for _, pair in ipairs { { core.intersects, collide.intersects }, { core.cast, collide.cast } } do
      for _, way in ipairs(ways) do
        for i = 0, #shapes + #values do
          for j = 0, #shapes + #values do
            for n = 0, 2 do
              local args = { n = n, pool[i], pool[j] }
              local want, got = outcome(way, pair[1], args), outcome(way, pair[2], args)
              assert.are.equal(want.n, got.n)
              for k = 1, want.n do
                if type(want[k]) ~= "userdata" and want[k] ~= got[k] then
                  error(("way %d, args %d %d (%d): %s ~= %s"):format(
                    _, i, j, n, tostring(got[k]), tostring(want[k])))
                end
              end
              compared = compared + 1
              if not want[1] then failed = failed + 1 end
            end
          end
        end
      end
    end
    assert.is_true(failed > 1000 and failed < compared)
  end)

  it("names the caller's name for the function and counts self in a method call", function()
    local o = { hit = collide.cast, touch = collide.intersects }
    errors {
      { "calling 'hit' on bad self (collide.ray expected, got table)", function() o:hit(box) end },
      { "bad argument #2 to 'hit' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got number)",
        function() local r = { hit = collide.cast }; local x = r.hit(ray, 5); return x end },
      { "calling 'touch' on bad self (shape expected, got table)", function() o:touch(box) end },
    }
    local cast = collide.cast
    assert.has_error(function() local x = cast(ray, 5); return x end,
      "bad argument #2 to 'cast' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got number)")
    local ok, err = pcall(collide.cast, ray)
    assert.is_false(ok)
    assert.are.equal("bad argument #2 to 'cast' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got no value)", err)
  end)
end)

describe("the Lua helpers", function()
  local m = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1.02, -1, 0, 0, -2.02, 0 }
  local box = collide.aabb(0, 0, 0, 1, 1, 1)

  it("word options and OBJ indices alike on every Lua", function()
    local f = collide.frustum_from_matrix(m)
    errors {
      { "bad argument #2 to 'frustum_from_matrix' (string expected, got number)", function() collide.frustum_from_matrix(m, 1.0) end },
      { "bad argument #2 to 'frustum_from_matrix' (string expected, got boolean)", function() collide.frustum_from_matrix(m, true) end },
      { "bad argument #2 to 'classify' (string expected, got number)", function() f:classify(box, 2.0) end },
      { "bad argument #2 to 'classify' (invalid option 'exactly')", function() f:classify(box, "exactly") end },
    }
    -- load_obj's errors carry the text's position, raised at level 0
    local obj = {
      { "obj:2: vertex index 99999999999999999999 out of range (1 vertex)", "v 0 0 0\nf 1 1 99999999999999999999\n" },
      { "obj:2: vertex index -99999999999999999999 out of range (1 vertex so far)", "v 0 0 0\nf 1 1 -99999999999999999999\n" },
      { "obj:2: vertex index 9007199254740993 out of range (1 vertex)", "v 0 0 0\nf 1 1 9007199254740993\n" },
      { "obj:2: vertex index 4 out of range (1 vertex)", "v 0 0 0\nf 1 1 4\n" },
    }
    for _, c in ipairs(obj) do
      local ok, err = pcall(collide.load_obj, c[2])
      assert.is_false(ok)
      assert.are.equal(c[1], err)
    end
  end)

  it("name a value that only carries a core name by its Lua type", function()
    local scene = collide.scene()
    errors {
      { "bad argument #2 to 'add' (shape expected, got table)",
        function() scene:add("a", setmetatable({}, getmetatable(box))) end },
      { "bad argument #1 to 'query' (shape expected, got table)",
        function() scene:query(setmetatable({}, { __name = "collide.sphere" })) end },
      { "bad argument #1 to 'query' (shape expected, got collide.tree)", function() scene:query(collide.tree()) end },
      { "bad argument #1 to 'query' (shape expected, got Vec3)",
        function() scene:query(setmetatable({}, { __name = "Vec3" })) end },
    }
  end)
end)

describe("the Lua helpers' errors", function()
  it("name the line of the user's call, also when a helper or a tail call made the check", function()
    local m = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1.02, -1, 0, 0, -2.02, 0 }
    local scene = collide.scene()
    local src = debug.getinfo(1, "S").short_src
    local cases = {   -- each: a one-line function, its message
      { function() scene:add("a", {}) end, "bad argument #2 to 'add' (shape expected, got table)" },
      { function() scene:add(nil, {}) end, "bad argument #1 to 'add' (item expected, got nil)" },
      { function() scene:query(5) end, "bad argument #1 to 'query' (shape expected, got number)" },
      { function() collide.frustum_from_matrix(m, 1) end, "bad argument #2 to 'frustum_from_matrix' (string expected, got number)" },
      { function() collide.frustum_from_matrix({}) end,
        "bad argument #1 to 'frustum_from_matrix' (number expected at index 1, got nil)" },
      { function() collide.frustum_from_matrix(m):set_matrix(m, "x") end, "bad argument #2 to 'set_matrix' (invalid option 'x')" },
    }
    for _, c in ipairs(cases) do
      local ok, err = pcall(c[1])
      assert.is_false(ok)
      assert.are.equal(("%s:%d: %s"):format(src, debug.getinfo(c[1], "S").linedefined, c[2]), err)
    end
    -- called straight from pcall, as the core's functions: no position
    local ok, err = pcall(scene.add, scene, "a", {})
    assert.is_false(ok)
    assert.are.equal("bad argument #2 to 'add' (shape expected, got table)", err)
  end)
end)
