-- The motion layer's arguments read and refused as the core reads and
-- refuses them: swept bounds that overflow (a shape near 1e308 moved by
-- 1e308), vectors whose __index raises (the error passes through), absent
-- arguments (`got no value`), the character's `up` option (a userdata that
-- cannot be indexed, a vector whose square overflows).
local collide = require "collide"
local H = require "helpers"

local function stripped(err) return (tostring(err):gsub("^[^\n]-:%d+: ", "", 1)) end

describe("swept bounds that overflow", function()
  local wall = collide.aabb(1.5e308, -1e307, -1e307, 1.6e308, 1e307, 1e307)

  it("scene:sweep and sweep_all answer as collide.sweep does", function()
    local s = collide.scene()
    s:add("wall", wall)
    local ball = collide.sphere(1e308, 0, 0, 1e306)
    local want = H.pack(collide.sweep(ball, 1e308, 0, 0, wall))
    assert.are.equal(7, want.n)
    assert.are.same(H.pack("wall", H.unpack(want)), H.pack(s:sweep(ball, 1e308, 0, 0)))
    assert.are.same(H.pack("wall", H.unpack(want)), H.pack(s:sweep(ball, { 1e308, 0, 0 })))
    local all = s:sweep_all(ball, 1e308, 0, 0)
    assert.are.equal(1, #all)
    assert.are.same({ "wall", want[1], want[2], want[3], want[4], want[5], want[6], want[7] },
      { all[1].item, all[1].t, all[1].x, all[1].y, all[1].z, all[1].nx, all[1].ny, all[1].nz })
    -- nothing in the way: nil, as collide.sweep against something elsewhere
    local empty = collide.scene()
    empty:add("far", collide.aabb(-1, -1, -1, 1, 1, 1))
    assert.is_nil(collide.sweep(ball, 1e308, 1e308, 0, collide.aabb(-1, -1, -1, 1, 1, 1)))
    assert.is_nil(empty:sweep(ball, 1e308, 1e308, 0))
    assert.are.same({}, empty:sweep_all(ball, 1e308, -1e308, 1e308))
  end)

  it("scene:move and ch:move refuse a motion whose end is not finite, at the motion", function()
    local s = collide.scene()
    local ball = collide.sphere(1e308, 0, 0, 1e306)
    s:add("ball", ball)
    local ch = collide.character(s, "ball")
    assert.are.equal("bad argument #2 to 'move' (result is not finite)",
      stripped(H.error_of(s.move, s, "ball", 1e308, 1e308, 0)))
    assert.are.equal("bad argument #2 to 'move' (result is not finite)",
      stripped(H.error_of(s.move, s, "ball", { 1e308, 0, 0 })))
    assert.are.equal("bad argument #1 to 'move' (result is not finite)",
      stripped(H.error_of(ch.move, ch, 1e308, 0, 0)))
    -- left as it was, and where the scene has it
    assert.are.equal("sphere((1e+308, 0, 0), 1e+306)", tostring(ball))
    assert.are.same({ "ball" }, s:query(collide.sphere(1e308, 0, 0, 1)))
    -- a finite end is moved to
    local mx, my, mz = s:move("ball", -1e308, 0, 0)
    assert.are.same({ -1e308, 0, 0 }, { mx, my, mz })
    assert.are.equal("sphere((0, 0, 0), 1e+306)", tostring(ball))
  end)
end)

describe("a vector whose __index raises", function()
  local trap = setmetatable({}, { __index = function() error("trap in the vector", 0) end })
  local ball = collide.sphere(0, 0, 0, 1)

  it("passes its error through every motion, as collide.sweep does", function()
    local s = collide.scene()
    s:add("ball", collide.sphere(5, 0, 0, 1))
    local ch = collide.character(s, "ball")
    assert.are.equal("trap in the vector", H.error_of(collide.sweep, ball, trap, s:shape("ball")))
    assert.are.equal("trap in the vector", H.error_of(s.sweep, s, ball, trap))
    assert.are.equal("trap in the vector", H.error_of(s.sweep_all, s, ball, trap))
    assert.are.equal("trap in the vector", H.error_of(s.move, s, "ball", trap))
    assert.are.equal("trap in the vector", H.error_of(ch.move, ch, trap))
    assert.are.equal("trap in the vector", H.error_of(collide.character, s, "ball", { up = trap }))
  end)

  it("absent arguments are `no value`, as in collide.sweep; nil is nil", function()
    local s = collide.scene()
    s:add("ball", collide.sphere(5, 0, 0, 1))
    local ch = collide.character(s, "ball")
    local target = collide.aabb(3, -1, -1, 4, 1, 1)
    local cases = {
      { "sweep", H.pack(s.sweep, s, ball), H.pack(collide.sweep, ball), "#2", "vector expected, got no value" },
      { "sweep", H.pack(s.sweep, s, ball, 1), H.pack(collide.sweep, ball, 1), "#3", "number expected, got no value" },
      { "sweep", H.pack(s.sweep, s, ball, 1, 2), H.pack(collide.sweep, ball, 1, 2), "#4", "number expected, got no value" },
      { "sweep", H.pack(s.sweep, s, ball, nil), H.pack(collide.sweep, ball, nil, target), "#2", "vector expected, got nil" },
      { "sweep", H.pack(s.sweep, s, ball, 1, nil, 2), H.pack(collide.sweep, ball, 1, nil, 2, target), "#3",
        "number expected, got nil" },
      { "sweep_all", H.pack(s.sweep_all, s, ball), nil, "#2", "vector expected, got no value" },
      { "move", H.pack(s.move, s, "ball"), nil, "#2", "vector expected, got no value" },
      { "move", H.pack(s.move, s, "ball", 1, 2), nil, "#4", "number expected, got no value" },
      { "move", H.pack(ch.move, ch), nil, "#1", "vector expected, got no value" },
      { "move", H.pack(ch.move, ch, 1), nil, "#2", "number expected, got no value" },
    }
    for _, c in ipairs(cases) do
      local want = ("bad argument %s to '%s' (%s)"):format(c[4], c[1], c[5])
      assert.are.equal(want, stripped(H.error_of(H.unpack(c[2]))))
      if c[3] then assert.are.equal(want, H.error_of(H.unpack(c[3]))) end
    end
  end)
end)

describe("the character's up option", function()
  it("refuses a userdata that cannot be indexed as a vector, by its type", function()
    local s = collide.scene()
    s:add("p", collide.capsule(0, 0.5, 0, 0, 1.5, 0, 0.5))
    -- (a file is a FILE* where its metatable has that __name: 5.3 and 5.4)
    local file = getmetatable(io.stdout).__name or "userdata"
    assert.are.equal("bad argument #3 to 'character' (option 'up': vector expected, got " .. file .. ")",
      stripped(H.error_of(collide.character, s, "p", { up = io.stdout })))
    if newproxy then   -- (a userdata without a metatable: Lua 5.1 and LuaJIT make one)
      assert.are.equal("bad argument #3 to 'character' (option 'up': vector expected, got userdata)",
        stripped(H.error_of(collide.character, s, "p", { up = newproxy() })))
      assert.are.equal("bad argument #1 to 'sphere' (vector expected, got userdata)",
        stripped(H.error_of(collide.sphere, newproxy(), 1)))
    end
  end)

  it("takes a vector whose square overflows, and refuses only a zero one", function()
    for _, up in ipairs { { 0, 1e155, 0 }, { x = 0, y = 1e300, z = 0 }, { 0, 5e-324, 0 } } do
      local s = collide.scene()
      s:add("floor", collide.aabb(-5, -1, -5, 5, 0, 5))
      local cap = collide.capsule(0, 0.75, 0, 0, 1.5, 0, 0.5)
      s:add("p", cap)
      local ch = collide.character(s, "p", { up = up })
      local mx, my, mz = ch:move(0, -1, 0)
      assert.are.same({ 0, -0.25, 0 }, { mx, my, mz })
      assert.is_true(ch:on_floor())
      assert.are.same({ 0, 1, 0 }, { ch:floor_normal() })
    end
    local s = collide.scene()
    s:add("p", collide.sphere(0, 0, 0, 1))
    assert.are.equal("bad argument #3 to 'character' (option 'up': zero vector)",
      stripped(H.error_of(collide.character, s, "p", { up = { 0, 0, 0 } })))
    assert.are.equal("bad argument #3 to 'character' (option 'up': zero vector)",
      stripped(H.error_of(collide.character, s, "p", { up = { x = -0.0, y = 0, z = 0 } })))
  end)
end)
