-- The same error text on every Lua (5.1, 5.2, 5.3, 5.4, LuaJIT) whatever
-- the call form: src/lua/l_compat.h. `make test-all` runs this under each.
local collide = require "collide"

-- the message of the error f raises, without the "file:line: " prefix
local function message(f, ...)
  local ok, err = pcall(f, ...)
  assert.is_false(ok)
  return (tostring(err):gsub("^[^\n]-:%d+: ", "", 1))
end

describe("collide on every Lua version", function()
  local box = collide.aabb(0, 0, 0, 1, 1, 1)

  describe("names the function in argument errors", function()
    it("called as a field", function()
      assert.are.equal("bad argument #1 to 'aabb' (vector expected, got string)",
        message(function() collide.aabb("x") end))
    end)

    it("called through a local variable", function()
      local f = collide.sphere
      assert.are.equal("bad argument #4 to 'f' (number expected, got string)",
        message(function() f(0, 0, 0, "x") end))
    end)

    it("called in a tail call", function()
      assert.are.equal("bad argument #1 to 'aabb' (vector expected, got string)",
        message(function() return collide.aabb("x") end))
    end)

    it("called directly by pcall", function()
      assert.are.equal("bad argument #1 to 'aabb' (vector expected, got string)",
        message(collide.aabb, "x"))
    end)

    it("called directly by pcall, a method as a method", function()
      assert.are.equal("bad argument #1 to 'translate' (vector expected, got string)",
        message(box.translate, box, "a"))
    end)

    it("called directly by pcall, a module function as a function", function()
      assert.are.equal("bad argument #2 to 'intersects' (shape expected, got string)",
        message(collide.intersects, box, "a"))
    end)

    it("called by a C function (table.sort)", function()
      assert.are.equal("bad argument #1 to 'intersects' (shape expected, got number)",
        message(function() table.sort({ 1, 2, 3 }, collide.intersects) end))
    end)
  end)

  describe("numbers method arguments after self", function()
    it("in a method call", function()
      assert.are.equal("bad argument #1 to 'translate' (vector expected, got string)",
        message(function() box:translate("a") end))
    end)

    it("in a method tail call", function()
      assert.are.equal("bad argument #1 to 'translate' (vector expected, got string)",
        message(function() return box:translate("a") end))
    end)

    it("in a method tail call, by the name called", function()
      local plane = collide.plane(0, 1, 0, 0)
      assert.are.equal("bad argument #1 to 'project' (vector expected, got boolean)",
        message(function() return plane:project(true) end))
    end)

    it("but not when the method is called as a field", function()
      assert.are.equal("bad argument #2 to 'translate' (vector expected, got string)",
        message(function() box.translate(box, "a") end))
    end)

    it("and reports a bad self", function()
      local ray = collide.ray(0, 0, 0, 1, 0, 0)
      assert.are.equal("calling 'bounds' on bad self (ray has infinite tmax)",
        message(function() ray:bounds() end))
      assert.are.equal("calling 'bounds' on bad self (ray has infinite tmax)",
        message(function() return ray:bounds() end))
    end)
  end)

  describe("names types by __name", function()
    it("in a table argument given a shape", function()
      assert.are.equal("bad argument #1 to 'aabb_from_points' (table expected, got collide.aabb)",
        message(function() collide.aabb_from_points(box) end))
    end)

    it("in a shape argument given another shape", function()
      assert.are.equal("bad argument #1 to 'min' (collide.aabb expected, got collide.sphere)",
        message(function() box.min(collide.sphere(0, 0, 0, 1)) end))
    end)
  end)

  describe("rejects non-finite numbers", function()
    it("nan, inf and -inf", function()
      assert.are.equal("bad argument #1 to 'aabb' (finite number expected, got nan)",
        message(function() collide.aabb(0 / 0, 0, 0, 1, 1, 1) end))
      assert.are.equal("bad argument #2 to 'aabb' (finite number expected, got inf)",
        message(function() collide.aabb(0, 1 / 0, 0, 1, 1, 1) end))
      assert.are.equal("bad argument #4 to 'sphere' (finite number expected, got -inf)",
        message(function() collide.sphere(0, 0, 0, -1 / 0) end))
    end)

    it("in a vector table", function()
      assert.are.equal("bad argument #2 to 'aabb' (finite number expected, got inf)",
        message(function() collide.aabb({ 0, 0, 0 }, { 1, math.huge, 1 }) end))
    end)
  end)

  describe("prints and compares the same", function()
    it("tostring uses %.14g on every version", function()
      assert.are.equal("sphere((0.1, -2, 3e+20), 9.007199254741e+15)",
        tostring(collide.sphere(0.1, -2, 3e20, 2 ^ 53 + 2)))
      assert.are.equal("ray((0, 0, 0), (1, 0, 0), inf)", tostring(collide.ray(0, 0, 0, 1, 0, 0)))
    end)

    it("== between shapes of different kinds is false", function()
      assert.is_false(box == collide.sphere(0, 0, 0, 1))
      assert.is_true(box == collide.aabb(0, 0, 0, 1, 1, 1))
    end)
  end)
end)
