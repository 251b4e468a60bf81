-- collide.cast, and the LuaJIT FFI paths of collide.intersects and
-- collide.cast and of the methods intersects and cast (src/lua/l_ffi.c,
-- lua/collide/ffi.lua): under LuaJIT, wherever the core was loaded from,
-- they call the geometry through the FFI, at the entry points the core
-- hands over (collide.core._ffi); they must answer as the classic C
-- functions do on every pair and raise their errors word for word, naming
-- the caller's line. Elsewhere the path is absent and they are the classic
-- functions.
local collide = require "collide"
local core = require "collide.core"
local H = require "spec.helpers"
-- this file as error messages name it (spec\ffi_spec.lua where busted runs
-- on Windows)
local HERE = debug.getinfo(1, "S").short_src

local has_ffi = jit ~= nil and pcall(require, "ffi") and os.getenv("COLLIDE_NO_FFI") == nil
  and not require("collide.ffi").fuses()

-- random shapes from the seeded generator r: makers in the order aabb,
-- obb, plane, triangle, sphere, capsule, ray (the ray last, so 1..6 are
-- cast targets)
local function makers(r)
  local function v(s) return r(-s, s), r(-s, s), r(-s, s) end
  return {
    function() local x, y, z = v(2); return collide.aabb(x, y, z, x + r(0, 2), y + r(0, 2), z + r(0, 2)) end,
    function()
      local x, y, z = v(2)
      local qx, qy, qz = v(1)
      return collide.obb(x, y, z, r(0.1, 1.5), r(0.1, 1.5), r(0.1, 1.5), qx, qy, qz, r(0.1, 1))
    end,
    function() local x, y, z = v(1); return collide.plane(x, y, z + 0.01, r(-1, 1)) end,
    function()
      local ax, ay, az = v(2)
      return collide.triangle(ax, ay, az, ax + r(-2, 2), ay, az, ax, ay + r(-2, 2), az + r(-1, 1))
    end,
    function() local x, y, z = v(2); return collide.sphere(x, y, z, r(0, 1.5)) end,
    function()
      local x, y, z = v(2)
      return collide.capsule(x, y, z, x + r(-2, 2), y + r(-2, 2), z + r(-2, 2), r(0, 1))
    end,
    function() local x, y, z = v(3); return collide.ray(x, y, z, v(1)) end,
  }, v
end

-- each case: message, argument count, arguments. call, a one-line
-- function, makes the call as a user would (collide.cast(...), not a tail
-- call), so the message names its line.
local function expect_errors(call, cases)
  local line = debug.getinfo(call, "S").linedefined
  for _, c in ipairs(cases) do
    local ok, err = pcall(call, H.unpack { n = c[2], c[3], c[4] })
    assert.is_false(ok)
    assert.are.equal((HERE .. ":%d: %s"):format(line, c[1]), err)
  end
end

describe("the LuaJIT FFI path", function()
  it("is there exactly under LuaJIT", function()
    if has_ffi then
      assert.are_not.equal(core.intersects, collide.intersects)
      assert.are_not.equal(core.cast, collide.cast)
    else
      assert.are.equal(core.intersects, collide.intersects)
      assert.are.equal(core.cast, collide.cast)
    end
  end)

  it("binds again when collide is required a second time in the same Lua", function()
    local saved = {}
    for k in pairs(package.loaded) do
      if k == "collide" or k:match("^collide%.") then saved[k] = package.loaded[k]; package.loaded[k] = nil end
    end
    local again = require "collide"
    for k, v in pairs(saved) do package.loaded[k] = v end
    if has_ffi then
      assert.are_not.equal(again.intersects, require("collide.core").intersects)
    end
    assert.is_true(again.intersects(again.aabb(0, 0, 0, 1, 1, 1), again.sphere(1, 1, 1, 0)))
    assert.are.equal(2, (again.cast(again.ray(0, 0.5, 0.5, 1, 0, 0), again.aabb(2, 0, 0, 3, 1, 1))))
  end)

  it("puts the fast functions in the shapes' method tables", function()
    local box, ray = collide.aabb(0, 0, 0, 1, 1, 1), collide.ray(-1, 0.5, 0.5, 1, 0, 0)
    -- C functions under the classic path; under the FFI the Lua functions
    -- of the last binding (a second require binds again)
    local want = has_ffi and "Lua" or "C"
    assert.are.equal(want, debug.getinfo(ray.cast, "S").what)
    for _, s in ipairs { box, collide.obb(0, 0, 0, 1, 1, 1), collide.plane(0, 1, 0, 0), collide.sphere(0, 0, 0, 1),
                         collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0), collide.capsule(0, 0, 0, 0, 1, 0, 1), ray,
                         collide.hull({ 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1 }) } do
      assert.are.equal(want, debug.getinfo(s.intersects, "S").what, tostring(s))
    end
    assert.is_true(box:intersects(collide.sphere(1, 1, 1, 0)))
    assert.are.same({ 1, 0, 0.5, 0.5, -1, 0, 0 }, { ray:cast(box) })
  end)

  it("takes hulls through the C entry points and answers as the classic functions", function()
    local r = H.rng(41)
    local make, v = makers(r)
    local hulls = {}
    for i = 1, 8 do
      local pts = {}
      for k = 1, 6 + i do pts[k] = { v(1) } end
      hulls[i] = collide.hull(pts, { v(1.5) })
    end
    for _ = 1, 400 do
      local h = hulls[math.floor(r(1, 9))]
      local o = r(0, 1) < 0.3 and hulls[math.floor(r(1, 9))] or make[math.floor(r(1, 7))]()
      assert.are.equal(core.intersects(h, o), collide.intersects(h, o))
      assert.are.equal(core.intersects(o, h), collide.intersects(o, h))
      assert.are.equal(core.intersects(h, o), h:intersects(o))
      local ray = make[7]()
      assert.are.same({ core.cast(ray, h) }, { collide.cast(ray, h) })
      assert.are.same({ core.cast(ray, h, true) }, { ray:cast(h, true) })
    end
    expect_errors(function(...) local x = collide.cast(...); return x end, {
      { "bad argument #1 to 'cast' (collide.ray expected, got collide.hull)", 2, hulls[1], hulls[2] },
    })
  end)

  it("needs no file: a core loaded by another loader binds it too", function()
    local saved, cpath = {}, package.cpath
    for k in pairs(package.loaded) do
      if k == "collide" or (k:match("^collide%.") and k ~= "collide.core") then
        saved[k] = package.loaded[k]; package.loaded[k] = nil
      end
    end
    package.cpath = ""
    local ok, again = pcall(require, "collide")
    package.cpath = cpath
    for k, v in pairs(saved) do package.loaded[k] = v end
    assert.is_true(ok, tostring(again))
    if has_ffi then assert.are_not.equal(again.intersects, core.intersects) end
    assert.is_nil(rawget(again, "_ffi"))
  end)

  it("raises the classic method errors through the method forms", function()
    local box, ray = collide.aabb(0, 0, 0, 1, 1, 1), collide.ray(0, 0, 0, 1, 0, 0)
    local line = debug.getinfo(1, "l").currentline + 1
    local ok, err = pcall(function() local x = box:intersects("box"); return x end)
    assert.is_false(ok)
    assert.are.equal((HERE .. ":%d: bad argument #1 to 'intersects' (shape expected, got string)"):format(line), err)
    line = debug.getinfo(1, "l").currentline + 1
    ok, err = pcall(function() local x = ray:cast(ray); return x end)
    assert.is_false(ok)
    assert.are.equal((HERE .. ":%d: bad argument #1 to 'cast' "):format(line)
      .. "(aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got collide.ray)", err)
    line = debug.getinfo(1, "l").currentline + 1
    ok, err = pcall(function() local x = ray.cast(box, ray); return x end)
    assert.is_false(ok)
    assert.are.equal((HERE .. ":%d: bad argument #1 to 'cast' (collide.ray expected, got collide.aabb)"):format(line), err)
  end)

  it("calls the C entry points, which know collide's shapes by their header", function()
    if not has_ffi then return end
    local ffi = require "ffi"
    pcall(ffi.cdef, [[
      typedef struct {
        int version;
        int (*intersects)(const void *a, const void *b);
        int (*cast)(const void *ray, const void *shape, int cull, double *out);
      } collide_ffi_entries;
    ]])
    local entries = ffi.cast("const collide_ffi_entries *", core._ffi)
    assert.are.equal(2, entries.version)
    local raw = entries.intersects
    local box = collide.aabb(0, 0, 0, 1, 1, 1)
    assert.are.equal(1, raw(box, collide.sphere(1, 1, 1, 0)))
    assert.are.equal(0, raw(box, collide.sphere(2, 1, 1, 0.5)))
    assert.are.equal(-1, raw(box, collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 })))
    assert.are.equal(-1, raw(collide.tree(), box))
    assert.are.equal(1, raw(box, collide.capsule(2, 2, 2, 3, 3, 3, 1.8)))
    assert.are.equal(0, raw(collide.capsule(2, 2, 2, 3, 3, 3, 1.7), box))
    local cast = entries.cast
    local out = ffi.new("double[9]")
    local r = collide.ray(0, 0.5, 0.5, 1, 0, 0)
    assert.are.equal(7, cast(r, collide.aabb(2, 0, 0, 3, 1, 1), 0, out))
    assert.are.same({ 2, 2, 0.5, 0.5, -1, 0, 0 }, { out[0], out[1], out[2], out[3], out[4], out[5], out[6] })
    assert.are.equal(9, cast(r, collide.triangle(1, 0, 0, 1, 2, 0, 1, 0, 2), 0, out))
    assert.are.same({ 1, 0.25, 0.25 }, { out[0], out[7], out[8] })
    assert.are.equal(0, cast(r, collide.triangle(1, 0, 0, 1, 2, 0, 1, 0, 2), 1, out))  -- culled: facing away
    assert.are.equal(0, cast(r, collide.sphere(0, 5, 0, 1), 0, out))
    assert.are.equal(-1, cast(r, r, 0, out))
    assert.are.equal(-1, cast(box, r, 0, out))
    assert.are.equal(-1, cast(r, collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 }), 0, out))
  end)

  it("answers as the classic function on 20,000 pairs of every kind", function()
    local r = H.rng(7)
    local make = makers(r)
    local hits, n = 0, 0
    for _ = 1, 20000 do
      local a = make[math.floor(r(1, 8))]()
      local b = make[math.floor(r(1, 8))]()
      local want = core.intersects(a, b)
      local got = collide.intersects(a, b)
      if got ~= want then
        error(("intersects(%s, %s): %s, classic %s"):format(tostring(a), tostring(b),
          tostring(got), tostring(want)))
      end
      if want then hits = hits + 1 end
      n = n + 1
    end
    assert.is_true(hits > 2000 and hits < n - 2000)   -- both answers well represented
  end)

  it("casts as ray:cast does on 20,000 rays at every kind, every value bit for bit", function()
    local r = H.rng(11)
    local targets, v = makers(r)
    local function same(x, y) return x == y and (x ~= 0 or 1 / x == 1 / y) end
    local hits = 0
    for i = 1, 20000 do
      local ox, oy, oz = v(4)
      local tx, ty, tz = v(1)
      local ray = collide.ray(ox, oy, oz, tx - ox, ty - oy, tz - oz + 1e-3, r(1, 10))
      local shape = targets[math.floor(r(1, 7))]()
      local cull = i % 3 == 0
      local want = H.pack(ray:cast(shape, cull))
      local got = H.pack(collide.cast(ray, shape, cull))
      assert.are.equal(want.n, got.n)
      for k = 1, want.n do
        if not same(want[k], got[k]) then
          error(("cast %d, value %d: %s, ray:cast %s"):format(i, k, tostring(got[k]), tostring(want[k])))
        end
      end
      if want[1] then hits = hits + 1 end
    end
    assert.is_true(hits > 2000 and hits < 18000)
  end)

  it("casts at meshes and raises ray:cast's errors as collide.cast's", function()
    local m = collide.mesh({ 2, -1, -1, 2, 2, -1, 2, -1, 2 })
    local ray = collide.ray(0, 0.2, 0.3, 1, 0, 0)
    assert.are.same(H.pack(ray:cast(m)), H.pack(collide.cast(ray, m)))
    local box = collide.aabb(0, 0, 0, 1, 1, 1)
    local cases = {
      { "bad argument #1 to 'cast' (collide.ray expected, got number)", 2, 5, box },
      { "bad argument #1 to 'cast' (collide.ray expected, got collide.aabb)", 2, box, ray },
      { "bad argument #2 to 'cast' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got no value)", 1, ray },
      { "bad argument #2 to 'cast' (aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield expected, got collide.ray)", 2, ray, ray },
    }
    expect_errors(function(...) local x = collide.cast(...); return x end, cases)
  end)

  it("hands meshes to the classic function", function()
    local m = collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 })
    assert.is_true(collide.intersects(m, collide.sphere(0.2, 0.2, 0, 0.1)))
    assert.is_false(collide.intersects(collide.sphere(5, 5, 5, 0.1), m))
  end)

  it("raises the classic errors, naming intersects and the caller's line", function()
    local box = collide.aabb(0, 0, 0, 1, 1, 1)
    local cases = {   -- message, argument count, arguments
      { "bad argument #1 to 'intersects' (shape expected, got number)", 2, 1, box },
      { "bad argument #2 to 'intersects' (shape expected, got no value)", 1, box },
      { "bad argument #2 to 'intersects' (shape expected, got nil)", 2, box, nil },
      { "bad argument #2 to 'intersects' (shape expected, got table)", 2, box, {} },
      { "bad argument #1 to 'intersects' (shape expected, got collide.tree)", 2, collide.tree(), box },
    }
    expect_errors(function(...) local x = collide.intersects(...); return x end, cases)
  end)
end)
