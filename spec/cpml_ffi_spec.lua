-- CPML's vectors. Under LuaJIT CPML's vec3 is an FFI struct
-- (`typedef struct { double x, y, z; } cpml_vec3;` with ffi.metatype), a
-- cdata: every vector position takes it, as it takes a table with x, y, z
-- (what CPML's vec3 is on the other Luas, checked everywhere below). The
-- cdata part runs where the FFI exists (LuaJIT); before, every position
-- refused it: `bad argument #1 to 'sphere' (vector expected, got cdata)`.
local collide = require "collide"
local H = require "helpers"

local has_ffi, ffi = pcall(require, "ffi")

-- the vector constructors to check: CPML's table form everywhere, its FFI
-- form where there is an FFI
local forms = {
  { "a table with x, y, z", function(x, y, z) return { x = x, y = y, z = z } end },
}
if has_ffi then
  -- (declared once per Lua state; the spec's own name, so that a CPML
  -- loaded in the same state does not clash)
  pcall(ffi.cdef, "typedef struct { double x, y, z; } collide_spec_cpml_vec3;")
  local ok, vec3 = pcall(ffi.metatype, "collide_spec_cpml_vec3", {
    __add = function(a, b) return ffi.new("collide_spec_cpml_vec3", a.x + b.x, a.y + b.y, a.z + b.z) end,
  })
  if not ok then vec3 = ffi.typeof("collide_spec_cpml_vec3") end
  forms[#forms + 1] = { "CPML's FFI vec3 (cdata)", function(x, y, z) return vec3(x, y, z) end }
  forms[#forms + 1] = { "a plain FFI struct (cdata)", function(x, y, z)
    return ffi.new("struct { double x, y, z; }", x, y, z)
  end }
end

describe("CPML's vectors", function()
  it("runs the cdata cases where the FFI exists", function()
    assert.are.equal(has_ffi and 3 or 1, #forms)
    if has_ffi then assert.are.equal("cdata", type(forms[2][2](1, 2, 3))) end
  end)

  for _, form in ipairs(forms) do
    local v = form[2]
    it("every vector position takes " .. form[1], function()
      -- constructors and methods of the core (the C path)
      assert.are.equal("sphere((1, 2, 3), 1)", tostring(collide.sphere(v(1, 2, 3), 1)))
      assert.are.equal("aabb((0, 0, 0), (1, 2, 3))", tostring(collide.aabb(v(0, 0, 0), v(1, 2, 3))))
      assert.are.equal("aabb((-1, 0, 0), (1, 2, 3))",
        tostring(collide.aabb_from_points({ v(0, 0, 0), v(1, 2, 3), v(-1, 1, 1) })))
      local box = collide.aabb(0, 0, 0, 1, 1, 1)
      assert.is_true(box:contains(v(0.5, 0.5, 0.5)))
      assert.are.equal("aabb((1, 2, 3), (2, 3, 4))", tostring(box:clone():translate(v(1, 2, 3))))
      assert.are.equal("mesh(1 triangles, 3 vertices)",
        tostring(collide.mesh({ v(0, 0, 0), v(1, 0, 0), v(0, 1, 0) })))
      local f = collide.frustum(collide.plane(1, 0, 0, -1), collide.plane(-1, 0, 0, -1), collide.plane(0, 1, 0, -1),
        collide.plane(0, -1, 0, -1), collide.plane(0, 0, 1, -1), collide.plane(0, 0, -1, -1))
      assert.is_true(f:intersects(v(0, 0, 0)))
      assert.is_false(f:intersects(v(0, 2, 0)))
      -- the shapes it made answer through collide.intersects (the FFI
      -- path under LuaJIT) as the same shapes made from numbers
      assert.is_true(collide.intersects(collide.sphere(v(1, 2, 3), 1), collide.sphere(1, 2, 4.5, 1)))
      assert.is_false(collide.intersects(collide.sphere(v(1, 2, 3), 1), collide.sphere(1, 2, 5.5, 1)))
      -- motions: collide.sweep, the scene's sweeps and moves, ch:move
      local wall = collide.aabb(3, -1, -1, 4, 1, 1)
      local ball = collide.sphere(0, 0, 0, 1)
      local want = H.pack(collide.sweep(ball, 8, 0, 0, wall))
      assert.are.same({ 0.25, 3, 0, 0, -1, 0, 0, n = 7 }, want)
      assert.are.same(want, H.pack(collide.sweep(ball, v(8, 0, 0), wall)))
      local s = collide.scene()
      s:add("wall", wall)
      assert.are.same(H.pack("wall", H.unpack(want)), H.pack(s:sweep(ball, v(8, 0, 0))))
      assert.are.equal(1, #s:sweep_all(ball, v(8, 0, 0)))
      s:add("ball", ball)
      local mx, my, mz = s:move("ball", v(8, 0, 0))
      assert.are.same({ 2, 0, 0 }, { mx, my, mz })
      local ch = collide.character(s, "ball", { up = v(0, 2, 0) })
      mx, my, mz = ch:move(v(-1, 0, 0))
      assert.are.same({ -1, 0, 0 }, { mx, my, mz })
      assert.are.equal("sphere((1, 0, 0), 1)", tostring(ball))
    end)
  end

  if has_ffi then
    it("a cdata without numeric x, y, z is refused, or raises its own error", function()
      local ints = ffi.new("int[3]", 1, 2, 3)
      -- an array cdata: the FFI's own error for the missing field
      local err = H.error_of(collide.sphere, ints, 1)
      assert.are.equal("'int [3]' has no member named 'x'", (err:gsub("^[^\n]-:%d+: ", "")))
      local xy = ffi.new("struct { double x, y; int z; }", 1, 2, 3)
      assert.are.equal("sphere((1, 2, 3), 1)", tostring(collide.sphere(xy, 1)))   -- an int is a number
      local p = ffi.new("struct { double x, y; const char *z; }", 1, 2, nil)
      assert.are.equal("bad argument #1 to 'sphere' (vector expected, got cdata)", H.error_of(collide.sphere, p, 1))
      local s = collide.scene()
      s:add("ball", collide.sphere(0, 0, 0, 1))
      assert.are.equal("bad argument #2 to 'move' (vector expected, got cdata)",
        (H.error_of(s.move, s, "ball", p):gsub("^[^\n]-:%d+: ", "")))
    end)
  end
end)
