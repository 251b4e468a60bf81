-- The short tests that lua/collide/ffi.lua runs in Lua under LuaJIT,
-- reading the shapes through the FFI (aabb-aabb, aabb-sphere and
-- sphere-sphere intersects; ray casts at an aabb, a sphere and a
-- triangle): every answer the same as the classic C function's, bit for
-- bit (the sign of a zero too), on random pairs at every scale and on the
-- edges (touching, parallel, inside, huge and tiny, a ray starting inside
-- a box, a sphere behind a ray, t = -0 on a far face), interpreted and
-- JIT-compiled. On other Lua versions collide's functions are the classic
-- ones and the spec checks that they agree with themselves.
local collide = require "collide"
local core = require "collide.core"
local H = require "spec.helpers"

local function same(x, y) return x == y and (x ~= 0 or 1 / x == 1 / y) end

-- the values of call(a, b, ...) through collide and through the core, as
-- lists; an error with both when any differs
local function check(name, fast, classic, a, b, c)
  local want, got = H.pack(classic(a, b, c)), H.pack(fast(a, b, c))
  local ok = want.n == got.n
  for k = 1, want.n do ok = ok and same(want[k], got[k]) end
  if not ok then
    error(("%s(%s, %s%s): %s, classic %s"):format(name, tostring(a), tostring(b),
      c ~= nil and ", " .. tostring(c) or "", H.fmt(got), H.fmt(want)), 2)
  end
  return want[1]
end

-- numbers at a scale drawn at random: unit, integers (faces that touch),
-- huge, tiny, or beyond where squares overflow
local function scaled(r)
  local pick = r(0, 1)
  if pick < 0.4 then return function(a, b) return r(a, b) end end
  if pick < 0.6 then return function(a, b) return math.floor(r(a, b + 1)) end end
  local s = ({ 1e-160, 1e-8, 1e8, 1e149, 1e151, 1e300 })[math.floor(r(1, 7))]
  return function(a, b) return r(a, b) * s end
end

local function shapes(r)
  local function box(n)
    local x, y, z = n(-2, 2), n(-2, 2), n(-2, 2)
    local w = r(0, 1) < 0.1 and 0 or n(0, 2)       -- some boxes flat or points
    return collide.aabb(x, y, z, x + w, y + n(0, 2), z + n(0, 2))
  end
  local function sphere(n)
    return collide.sphere(n(-2, 2), n(-2, 2), n(-2, 2), r(0, 1) < 0.1 and 0 or math.abs(n(0, 2)))
  end
  local function triangle(n)
    local ax, ay, az = n(-2, 2), n(-2, 2), n(-2, 2)
    if r(0, 1) < 0.05 then return collide.triangle(ax, ay, az, ax, ay, az, ax + n(0, 1), ay, az) end
    return collide.triangle(ax, ay, az, ax + n(-2, 2), ay + n(-1, 1), az, ax + n(-1, 1), ay + n(-2, 2), az + n(-1, 1))
  end
  local function ray(n)
    local ox, oy, oz = n(-3, 3), n(-3, 3), n(-3, 3)
    local d = { r(-1, 1), r(-1, 1), r(-1, 1) }
    for k = 1, 3 do if r(0, 1) < 0.2 then d[k] = 0 end end   -- along the axes and faces
    if d[1] == 0 and d[2] == 0 and d[3] == 0 then d[1] = 1 end
    local tmax = r(0, 1) < 0.7 and math.huge or math.abs(n(0, 4))
    return collide.ray(ox, oy, oz, d[1], d[2], d[3], tmax)
  end
  return box, sphere, triangle, ray
end

-- the edges, each a function of the comparison check(...)
local edges = {
  function(c)   -- touching faces, edges and corners; one inside the other
    local a = collide.aabb(0, 0, 0, 1, 1, 1)
    for _, b in ipairs { collide.aabb(1, 0, 0, 2, 1, 1), collide.aabb(1, 1, 1, 2, 2, 2),
                         collide.aabb(1 + 2^-52, 0, 0, 2, 1, 1), collide.aabb(0.25, 0.25, 0.25, 0.5, 0.5, 0.5),
                         collide.aabb(-1e300, -1e300, -1e300, 1e300, 1e300, 1e300) } do
      c("intersects", a, b); c("intersects", b, a)
    end
    for _, s in ipairs { collide.sphere(2, 0.5, 0.5, 1), collide.sphere(2, 2, 2, math.sqrt(3)),
                         collide.sphere(0.5, 0.5, 0.5, 0), collide.sphere(1e-160, 1e-160, 1e-160, 1e-160),
                         collide.sphere(-1e151, 0, 0, 1e151), collide.sphere(2, 2, 2, 1e300) } do
      c("intersects", a, s); c("intersects", s, a)
      c("intersects", s, collide.sphere(3, 0.5, 0.5, 1)); c("intersects", s, s)
    end
  end,
  function(c)   -- rays at a box: inside, on a face, along a face, t = -0 on a far face
    local b = collide.aabb(0, 0, 0, 1, 1, 1)
    for _, r in ipairs {
      collide.ray(0.5, 0.5, 0.5, 1, 0, 0), collide.ray(1, 0.5, 0.5, -1, 0, 0),
      collide.ray(1, 0.5, 0.5, 1, 0, 0), collide.ray(0, 0.5, 0.5, 1, 0, 0),
      collide.ray(-1, 0, 0.5, 1, 0, 0), collide.ray(-1, 1, 1, 1, 0, 0), collide.ray(-1, 1.5, 0.5, 1, 0, 0),
      collide.ray(-1, 0.5, 0.5, 1, 0, 0, 1), collide.ray(-1, 0.5, 0.5, 1, 0, 0, 0.999),
      collide.ray(-1, -1, -1, 1, 1, 1), collide.ray(2, 2, 2, -1, -1, -1), collide.ray(-1, 0.5, 0.5, 1, 1e-300, 0),
      collide.ray(-1e300, 0.5, 0.5, 1, 0, 0), collide.ray(0.5, 0.5, -1, 0, 0, 1),
    } do
      c("cast", r, b); c("cast", r, collide.aabb(1, 0, 0, 1, 1, 1)); c("cast", r, collide.aabb(-1e300, 0, 0, 1e300, 1, 1))
    end
  end,
  function(c)   -- rays at a sphere: behind, inside, on it, tangent, huge, tiny
    local s = collide.sphere(0, 0, 0, 1)
    for _, r in ipairs {
      collide.ray(-3, 0, 0, 1, 0, 0), collide.ray(3, 0, 0, 1, 0, 0), collide.ray(0, 0, 0, 1, 0, 0),
      collide.ray(1, 0, 0, 1, 0, 0), collide.ray(1, 0, 0, -1, 0, 0), collide.ray(-3, 1, 0, 1, 0, 0),
      collide.ray(-3, 1 + 1e-15, 0, 1, 0, 0), collide.ray(-3, 0.5, 0.5, 1, 0, 0, 1.5),
      collide.ray(-3, 0.5, 0.5, 1, 0, 0, 2.4), collide.ray(-1e200, 0, 0, 1, 0, 0),
    } do
      c("cast", r, s); c("cast", r, collide.sphere(0, 0, 0, 0)); c("cast", r, collide.sphere(1e-200, 0, 0, 1e-200))
      c("cast", r, collide.sphere(1e160, 0, 0, 1e160))
    end
  end,
  function(c)   -- rays at triangles: through a shared edge and vertex, in the plane, culled, degenerate
    local t1, t2 = collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0), collide.triangle(1, 0, 0, 1, 1, 0, 0, 1, 0)
    for _, r in ipairs {
      collide.ray(0.5, 0.5, 1, 0, 0, -1), collide.ray(0, 0, 1, 0, 0, -1), collide.ray(0.25, 0.25, -1, 0, 0, 1),
      collide.ray(-1, 0.25, 0, 1, 0, 0), collide.ray(0.25, 0.25, 0, 0, 0, 1), collide.ray(0.25, 0.25, 1, 1, 1, -1e-12),
      collide.ray(0.3, 0.3, 1, 0, 0, -1, 1), collide.ray(0.3, 0.3, 1, 0, 0, -1, 0.5), collide.ray(2e11, 0.2, 1, -1, 0, -1e-11),
    } do
      for _, t in ipairs { t1, t2, collide.triangle(0, 0, 0, 1, 0, 0, 2, 0, 0), collide.triangle(0, 0, 0, 0, 0, 0, 0, 0, 0),
                           collide.triangle(0, 0, 0, 1e-10, 0, 0, 0, 1e-10, 0) } do
        c("cast", r, t); c("cast", r, t, true)
      end
    end
  end,
}

-- the fields a cast fills in its out table (l_namehit)
local FIELDS = { "item", "t", "x", "y", "z", "nx", "ny", "nz", "u", "v", "index", "material" }
-- ray:cast(shape, cull, out) through collide and through the core: the
-- same result (out or nil) and, field by field, the same out, starting
-- from an empty table and from one with every field set (a miss leaves
-- it so)
local function check_named(fast, a, b, cull, k)
  for _, stale in ipairs { {}, { item = 1, t = 2, x = 3, y = 4, z = 5, nx = 6, ny = 7, nz = 8, u = 9, v = 10,
                                 index = 11, material = "m" } } do
    local want, got = {}, {}
    for key, value in pairs(stale) do want[key], got[key] = value, value end
    local rw, rg = core.cast(a, b, cull, want), fast(a, b, cull, got)
    local ok = (rw == want and rg == got) or (rw == nil and rg == nil)
    for _, f in ipairs(FIELDS) do
      local w, g = want[f], got[f]
      ok = ok and (w == g and (type(w) ~= "number" or w ~= 0 or 1 / w == 1 / g))
    end
    if not ok then
      local function fields(t)
        local list = {}
        for i, f in ipairs(FIELDS) do list[i] = f .. "=" .. tostring(t[f]) end
        return table.concat(list, " ")
      end
      error(("cast(%s, %s, %s, out) #%d: %s, classic %s"):format(tostring(a), tostring(b), tostring(cull), k,
        fields(got), fields(want)), 3)
    end
  end
end

local function run()
  local intersects = { collide = collide.intersects, core = core.intersects }
  local casts = { collide = collide.cast, core = core.cast }
  -- the function forms, and the method forms (each kind has its own);
  -- casts with an out table too
  local function c(name, a, b, x)
    if name == "intersects" then
      check("intersects", a.intersects, intersects.core, a, b)
      return check(name, intersects.collide, intersects.core, a, b)
    end
    check("cast", a.cast, casts.core, a, b, x)
    check_named(a.cast, a, b, x, 1)
    check_named(casts.collide, a, b, x, 2)
    return check(name, casts.collide, casts.core, a, b, x)
  end
  for _, e in ipairs(edges) do e(c) end
  local rng = H.rng(15)
  local box, sphere, triangle, ray = shapes(rng)
  local makers = { box, sphere }
  local hits, n = 0, 0
  for _ = 1, 20000 do
    local s = scaled(rng)
    local a, b = makers[math.floor(rng(1, 3))](s), makers[math.floor(rng(1, 3))](s)
    if c("intersects", a, b) then hits = hits + 1 end
    n = n + 1
  end
  assert.is_true(hits > n / 10 and hits < n - n / 10, ("%d of %d"):format(hits, n))
  local targets = { box, sphere, triangle }
  hits, n = 0, 0
  for i = 1, 30000 do
    local s = scaled(rng)
    local r, t = ray(s), targets[i % 3 + 1](s)
    -- some rays aimed at the target's box, so that many hit
    if rng(0, 1) < 0.5 then
      local bx = t:bounds()
      local x0, y0, z0 = bx:min()
      local x1, y1, z1 = bx:max()
      local ox, oy, oz = r:origin()
      local tx, ty, tz = rng(x0, x1), rng(y0, y1), rng(z0, z1)
      if tx - ox ~= 0 or ty - oy ~= 0 or tz - oz ~= 0 then r = collide.ray(ox, oy, oz, tx - ox, ty - oy, tz - oz) end
    end
    if c("cast", r, t, i % 4 == 0) then hits = hits + 1 end
    n = n + 1
  end
  assert.is_true(hits > n / 10 and hits < n - n / 10, ("%d of %d"):format(hits, n))
end

describe("the shapes read by JIT-compiled Lua", function()
  it("answer as the classic functions bit for bit, compiled", function() run() end)

  it("answer as the classic functions bit for bit, interpreted", function()
    if not jit then return end
    jit.off()
    local ok, err = pcall(run)
    jit.on()
    assert(ok, err)
  end)

  it("read only the core's own shapes: another kind's metatable, none, a forged block", function()
    local box, s = collide.aabb(0, 0, 0, 1, 1, 1), collide.sphere(1, 1, 1, 0.5)
    local mt = debug.getmetatable(box)
    debug.setmetatable(s, mt)        -- still a sphere to the core: its tag says so
    assert.is_true(collide.intersects(box, s))
    assert.are.equal(core.intersects(s, collide.sphere(2, 1, 1, 0.5)), collide.intersects(s, collide.sphere(2, 1, 1, 0.5)))
    debug.setmetatable(s, debug.getmetatable(collide.sphere(0, 0, 0, 1)))
    -- blocks as long as another kind's, under that kind's metatable: a
    -- plane as a sphere, a capsule as a ray; the tag decides, as in C
    local p, cap, r = collide.plane(0, 0, 1, 0.5), collide.capsule(0, 0, 0, 0, 0, 1, 0.5), collide.ray(0, 0, 2, 0, 0, -1)
    local smt, rmt, pmt, cmt = debug.getmetatable(s), debug.getmetatable(r), debug.getmetatable(p), debug.getmetatable(cap)
    debug.setmetatable(p, smt)
    debug.setmetatable(cap, rmt)
    for _, pair in ipairs { { box, p }, { p, box }, { p, s }, { s, p } } do
      check("intersects", collide.intersects, core.intersects, pair[1], pair[2])
      check("intersects", pair[1].intersects, core.intersects, pair[1], pair[2])
    end
    for _, t in ipairs { box, s, p, collide.triangle(-1, -1, 0, 1, -1, 0, 0, 1, 0) } do
      check("cast", collide.cast, core.cast, r, t)
      local ok, err = pcall(collide.cast, cap, t)
      assert.is_false(ok)
      assert.are.equal("bad argument #1 to 'cast' (collide.ray expected, got collide.capsule)",
        (err:gsub("^[^:]*:%d+: ", "")))
    end
    debug.setmetatable(p, pmt)
    debug.setmetatable(cap, cmt)
    if newproxy then
      local u = newproxy(false)      -- a block of length 0 with a shape's metatable
      debug.setmetatable(u, mt)
      local ok, err = pcall(collide.intersects, u, box)
      debug.setmetatable(u, nil)
      assert.is_false(ok)
      assert.are.equal("bad argument #1 to 'intersects' (shape expected, got userdata)",
        (err:gsub("^[^:]*:%d+: ", "")))
    end
    -- io files, which the FFI turns into their FILE pointer (NULL once
    -- closed), given an aabb's and a sphere's metatable: refused, on the
    -- compiled path too (a loop long enough for the JIT)
    local open = assert(io.open("spec/ffi_lua_spec.lua"))
    local closed = assert(io.open("spec/ffi_lua_spec.lua"))
    closed:close()
    local fmt = debug.getmetatable(open)
    for _, f in ipairs { open, closed } do
      for _, m in ipairs { mt, smt } do
        debug.setmetatable(f, m)
        local fails = 0
        for _ = 1, 300 do
          if not pcall(collide.intersects, f, box) and not pcall(collide.intersects, s, f)
             and not pcall(box.intersects, box, f) and not pcall(collide.cast, r, f) then
            fails = fails + 1
          end
        end
        debug.setmetatable(f, fmt)
        assert.are.equal(300, fails)
      end
    end
    open:close()
  end)

  it("fill an out table with a metatable as the classic function does, its __newindex seeing each store", function()
    local r = collide.ray(-3, 0.5, 0.5, 1, 0, 0)
    for _, target in ipairs { collide.sphere(0, 0, 0, 1), collide.aabb(0, 0, 0, 1, 1, 1),
                              collide.triangle(0, -1, -1, 0, 2, -1, 0, -1, 2) } do
      local calls = {}
      local function out_table(name)
        return setmetatable({}, { __newindex = function(t, key, value)
          calls[#calls + 1] = name .. " " .. key .. "=" .. tostring(value)
          rawset(t, key, value)
        end })
      end
      local want, got = out_table("c"), out_table("c")
      assert.are.equal(want, core.cast(r, target, false, want))
      local classic = calls
      calls = {}
      -- a loop long enough for the JIT
      for _ = 1, 300 do
        for key in pairs(got) do rawset(got, key, nil) end
        calls = {}
        assert.are.equal(got, r:cast(target, false, got))
      end
      assert.are.same(classic, calls)
      for _, f in ipairs(FIELDS) do assert.are.equal(want[f], got[f]) end
    end
    -- an out that is not a table: the classic function's error, named as called
    local ok, err = pcall(function() local x = r:cast(collide.sphere(0, 0, 0, 1), false, 5) return x end)
    assert.is_false(ok)
    assert.are.equal("bad argument #3 to 'cast' (table expected, got number)", (err:gsub("^[^:]*:%d+: ", "")))
    ok, err = pcall(function() local x = collide.cast(r, collide.sphere(0, 0, 0, 1), false, "x") return x end)
    assert.is_false(ok)
    assert.are.equal("bad argument #4 to 'cast' (table expected, got string)", (err:gsub("^[^:]*:%d+: ", "")))
  end)
end)
