-- The LuaJIT FFI path of collide.intersects (src/l_ffi.c,
-- lua/collide/ffi.lua): under LuaJIT, with the core's file on
-- package.cpath, collide.intersects calls the geometry through the FFI;
-- it must answer as the classic C function does on every pair and raise
-- its errors word for word, naming the caller's line. Elsewhere the path
-- is absent and collide.intersects is the classic function.
local collide = require "collide"
local core = require "collide.core"
local H = require "spec.helpers"

local has_ffi = jit ~= nil and pcall(require, "ffi") and os.getenv("COLLIDE_NO_FFI") == nil

describe("the LuaJIT FFI path", function()
  it("is there exactly under LuaJIT", function()
    if has_ffi then
      assert.are_not.equal(core.intersects, collide.intersects)
    else
      assert.are.equal(core.intersects, collide.intersects)
    end
  end)

  it("calls the C entry point, which knows collide's shapes by their header", function()
    if not has_ffi then return end
    local ffi = require "ffi"
    pcall(ffi.cdef, "int collide_ffi_intersects(const void *a, const void *b);")
    local raw = ffi.load(package.searchpath("collide.core", package.cpath)).collide_ffi_intersects
    local box = collide.aabb(0, 0, 0, 1, 1, 1)
    assert.are.equal(1, raw(box, collide.sphere(1, 1, 1, 0)))
    assert.are.equal(0, raw(box, collide.sphere(2, 1, 1, 0.5)))
    assert.are.equal(-1, raw(box, collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 })))
    assert.are.equal(-1, raw(collide.tree(), box))
  end)

  it("answers as the classic function on 20,000 pairs of every kind", function()
    local r = H.rng(7)
    local function v(s) return r(-s, s), r(-s, s), r(-s, s) end
    local make = {
      function() local x, y, z = v(2); return collide.aabb(x, y, z, x + r(0, 2), y + r(0, 2), z + r(0, 2)) end,
      function()
        local x, y, z = v(2)
        local qx, qy, qz = v(1)
        return collide.obb(x, y, z, r(0.1, 1.5), r(0.1, 1.5), r(0.1, 1.5), qx, qy, qz, r(0.1, 1))
      end,
      function() local x, y, z = v(1); return collide.plane(x, y, z + 0.01, r(-1, 1)) end,
      function() local ax, ay, az = v(2); return collide.triangle(ax, ay, az, ax + r(-2, 2), ay, az, ax, ay + r(-2, 2), az + r(-1, 1)) end,
      function() local x, y, z = v(3); return collide.ray(x, y, z, v(1)) end,
      function() local x, y, z = v(2); return collide.sphere(x, y, z, r(0, 1.5)) end,
    }
    local hits, n = 0, 0
    for _ = 1, 20000 do
      local a = make[math.floor(r(1, 7))]()
      local b = make[math.floor(r(1, 7))]()
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
    for _, c in ipairs(cases) do
      local args = { n = c[2], c[3], c[4] }
      local line = debug.getinfo(1, "l").currentline + 1
      local ok, err = pcall(function() local x = collide.intersects(H.unpack(args)); return x end)
      assert.is_false(ok)
      assert.are.equal(("spec/ffi_spec.lua:%d: %s"):format(line, c[1]), err)
    end
  end)
end)
