-- Bad input to shapes: whole error messages.
--
-- luassert's has_error(fn, msg) removes one leading "chunk:line: " (the
-- position Lua's luaL_error adds: the line of the Lua code that made the call)
-- and then compares the WHOLE remaining text with msg; the first two specs
-- below check exactly that. Functions are called as collide.f(...) and methods
-- as s:m(...) inside the closure, never as a tail call, so the name in the
-- message is the one written here.
local collide = require "collide"
local H = require "helpers"

local S = math.sqrt(0.5)
local nan, inf = 0 / 0, math.huge

local function unit_box() return collide.aabb(0, 0, 0, 1, 1, 1) end

-- cases: { message, function that must raise it }
local function errors(title, cases)
  describe(title, function()
    for i, case in ipairs(cases) do
      it(string.format("%d: %s", i, case[1]), function()
        assert.has_error(case[2], case[1])
      end)
    end
  end)
end

describe("error messages", function()
  it("carry only the caller's position as prefix", function()
    local src = debug.getinfo(1, "S").short_src
    local line = debug.getinfo(1, "l").currentline + 1
    local ok, err = pcall(function() collide.aabb() end)
    assert.is_false(ok)
    assert.are.equal(src .. ":" .. line .. ": bad argument #1 to 'aabb' (vector expected, got no value)", err)
  end)

  it("are compared whole by has_error (a part of the text does not match)", function()
    assert.has_error(function()
      assert.has_error(function() collide.aabb() end, "vector expected, got no value")
    end)
    assert.has_error(function()
      assert.has_error(function() collide.aabb() end, "bad argument #1 to 'aabb'")
    end)
  end)

  it("name the argument after self from 1 for : calls and from 2 for . calls", function()
    local b = unit_box()
    assert.has_error(function() b:corner(9) end, "bad argument #1 to 'corner' (index out of range)")
    assert.has_error(function() b.corner(b, 9) end, "bad argument #2 to 'corner' (index out of range)")
  end)
end)

errors("wrong type or missing value", {
  { "bad argument #1 to 'aabb' (vector expected, got no value)", function() collide.aabb() end },
  { "bad argument #1 to 'aabb' (vector expected, got nil)", function() collide.aabb(nil, { 1, 1, 1 }) end },
  { "bad argument #1 to 'aabb' (vector expected, got string)", function() collide.aabb("0", 0, 0, 1, 1, 1) end },
  { "bad argument #1 to 'aabb' (vector expected, got boolean)", function() collide.aabb(true, { 1, 1, 1 }) end },
  { "bad argument #1 to 'aabb' (vector expected, got function)", function() collide.aabb(print, { 1, 1, 1 }) end },
  -- a foreign userdata is named by its metatable's __name ("FILE*" from 5.3 on, none before)
  { "bad argument #1 to 'aabb' (vector expected, got " .. (getmetatable(io.stdout).__name or "userdata") .. ")",
    function() collide.aabb(io.stdout, { 1, 1, 1 }) end },
  { "bad argument #1 to 'aabb' (vector expected, got collide.sphere)",
    function() collide.aabb(collide.sphere(0, 0, 0, 1), { 1, 1, 1 }) end },
  { "bad argument #2 to 'aabb' (number expected, got string)", function() collide.aabb(0, "0", 0, 1, 1, 1) end },
  { "bad argument #3 to 'aabb' (number expected, got no value)", function() collide.aabb(0, 0) end },
  { "bad argument #4 to 'aabb' (vector expected, got no value)", function() collide.aabb(0, 0, 0) end },
  { "bad argument #6 to 'aabb' (number expected, got no value)", function() collide.aabb(0, 0, 0, 1, 1) end },
  { "bad argument #6 to 'aabb' (number expected, got nil)", function() collide.aabb(0, 0, 0, 1, 1, nil) end },
  { "bad argument #1 to 'aabb' (vector expected, got table)", function() collide.aabb({}, { 1, 1, 1 }) end },
  { "bad argument #1 to 'aabb' (vector expected, got table)", function() collide.aabb({ 1, 2 }, { 1, 1, 1 }) end },
  { "bad argument #1 to 'aabb' (vector expected, got table)",
    function() collide.aabb({ x = 1, y = 2 }, { 1, 1, 1 }) end },
  { "bad argument #1 to 'aabb' (vector expected, got table)",
    function() collide.aabb({ x = "1", y = "2", z = "3" }, { 1, 1, 1 }) end },
  { "bad argument #1 to 'aabb' (vector expected, got table)", function() collide.aabb({ 1, 2, "3" }, { 1, 1, 1 }) end },
  { "bad argument #2 to 'aabb' (vector expected, got no value)", function() collide.aabb({ 0, 0, 0 }) end },
  { "bad argument #2 to 'aabb' (vector expected, got string)", function() collide.aabb({ 0, 0, 0 }, "x") end },
  { "bad argument #4 to 'aabb_from_center' (vector expected, got no value)",
    function() collide.aabb_from_center(0, 0, 0) end },
  { "bad argument #1 to 'aabb_from_points' (table expected, got no value)", function() collide.aabb_from_points() end },
  { "bad argument #1 to 'aabb_from_points' (table expected, got number)", function() collide.aabb_from_points(5) end },
  { "bad argument #1 to 'aabb_from_points' (table expected, got collide.sphere)",
    function() collide.aabb_from_points(collide.sphere(0, 0, 0, 1)) end },
  { "bad argument #4 to 'sphere' (number expected, got no value)", function() collide.sphere(0, 0, 0) end },
  { "bad argument #2 to 'sphere' (number expected, got no value)", function() collide.sphere({ 0, 0, 0 }) end },
  { "bad argument #4 to 'sphere' (number expected, got string)", function() collide.sphere(0, 0, 0, "1") end },
  { "bad argument #2 to 'sphere' (number expected, got table)", function() collide.sphere({ 0, 0, 0 }, { 1 }) end },
  { "bad argument #7 to 'obb' (quaternion expected, got string)", function() collide.obb(0, 0, 0, 1, 1, 1, "q") end },
  { "bad argument #7 to 'obb' (quaternion expected, got boolean)", function() collide.obb(0, 0, 0, 1, 1, 1, true) end },
  { "bad argument #7 to 'obb' (quaternion expected: 4 numbers x, y, z, w, got a table of 3)",
    function() collide.obb(0, 0, 0, 1, 1, 1, { 0, 0, 1 }) end },
  { "bad argument #3 to 'obb' (quaternion expected: 4 numbers x, y, z, w, got a table of 5)",
    function() collide.obb({ 0, 0, 0 }, { 1, 1, 1 }, { 0, 1, 0, 0.5, 1 }) end },
  { "bad argument #7 to 'obb' (quaternion expected: 4 numbers x, y, z, w, got a table without w)",
    function() collide.obb(0, 0, 0, 1, 1, 1, { x = 0, y = 0, z = 0 }) end },
  { "bad argument #7 to 'obb' (quaternion expected, got table)",
    function() collide.obb(0, 0, 0, 1, 1, 1, { w = 1 }) end },
  { "bad argument #10 to 'obb' (quaternion's w: number expected, got no value)",
    function() collide.obb(0, 0, 0, 1, 1, 1, 0, 0, 0) end },
  -- one angle where a rotation goes: the component after it is named
  { "bad argument #4 to 'obb' (quaternion's y: number expected, got no value)",
    function() collide.obb({ 0, 0, 0 }, { 1, 1, 1 }, math.rad(20)) end },
  { "bad argument #9 to 'obb' (quaternion's z: number expected, got string)",
    function() collide.obb(0, 0, 0, 1, 1, 1, 0, 1, "0", 1) end },
  { "bad argument #3 to 'obb' (quaternion expected, got collide.sphere)",
    function() collide.obb({ 0, 0, 0 }, { 1, 1, 1 }, collide.sphere(0, 0, 0, 1)) end },
  { "bad argument #4 to 'obb' (vector expected, got no value)", function() collide.obb(0, 0, 0) end },
  { "bad argument #1 to 'obb_from_aabb' (collide.aabb expected, got no value)", function() collide.obb_from_aabb() end },
  { "bad argument #1 to 'obb_from_aabb' (collide.aabb expected, got table)",
    function() collide.obb_from_aabb({ 0, 0, 0, 1, 1, 1 }) end },
  { "bad argument #1 to 'obb_from_aabb' (collide.aabb expected, got collide.sphere)",
    function() collide.obb_from_aabb(collide.sphere(0, 0, 0, 1)) end },
  { "bad argument #1 to 'obb_from_aabb' (collide.aabb expected, got collide.obb)",
    function() collide.obb_from_aabb(collide.obb(0, 0, 0, 1, 1, 1)) end },
  { "bad argument #2 to 'obb_from_aabb' (quaternion expected, got string)",
    function() collide.obb_from_aabb(unit_box(), "q") end },
  { "bad argument #13 to 'obb_from_axes' (vector expected, got no value)",
    function() collide.obb_from_axes(0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 0) end },
  { "bad argument #4 to 'plane' (number expected, got no value)", function() collide.plane(0, 0, 1) end },
  { "bad argument #2 to 'plane' (number expected, got no value)", function() collide.plane({ 0, 0, 1 }) end },
  { "bad argument #4 to 'plane_from_point' (vector expected, got no value)",
    function() collide.plane_from_point(0, 0, 0) end },
  { "bad argument #7 to 'plane_from_points' (vector expected, got no value)",
    function() collide.plane_from_points(0, 0, 0, 1, 0, 0) end },
  { "bad argument #4 to 'plane_from_equation' (number expected, got no value)",
    function() collide.plane_from_equation(0, 0, 1) end },
  { "bad argument #1 to 'plane_from_equation' (number expected, got table)",
    function() collide.plane_from_equation({ 0, 0, 1 }, 0) end },
  { "bad argument #7 to 'triangle' (vector expected, got no value)",
    function() collide.triangle(0, 0, 0, 1, 0, 0) end },
  { "bad argument #4 to 'ray' (vector expected, got no value)", function() collide.ray(0, 0, 0) end },
  { "bad argument #7 to 'ray' (number expected, got string)", function() collide.ray(0, 0, 0, 1, 0, 0, "5") end },
  { "bad argument #7 to 'ray' (number expected, got table)", function() collide.ray(0, 0, 0, 1, 0, 0, {}) end },
  { "bad argument #3 to 'ray' (number expected, got boolean)",
    function() collide.ray({ 0, 0, 0 }, { 1, 0, 0 }, false) end },
  { "bad argument #4 to 'segment' (vector expected, got no value)", function() collide.segment(0, 0, 0) end },
  { "bad argument #1 to 'translate' (vector expected, got no value)", function() unit_box():translate() end },
  { "bad argument #3 to 'translate' (number expected, got no value)", function() unit_box():translate(1, 2) end },
  { "bad argument #1 to 'translate' (vector expected, got table)", function() unit_box():translate({ 1, 2 }) end },
  { "bad argument #1 to 'translate' (vector expected, got string)", function() unit_box():translate("1") end },
  { "bad argument #1 to 'at' (number expected, got string)",
    function() collide.ray(0, 0, 0, 1, 0, 0):at("1") end },
  { "bad argument #1 to 'at' (number expected, got no value)", function() collide.ray(0, 0, 0, 1, 0, 0):at() end },
  { "bad argument #1 to 'expand' (number expected, got no value)", function() unit_box():expand() end },
  { "bad argument #1 to 'expand' (number expected, got table)", function() unit_box():expand({ 1 }) end },
  { "bad argument #1 to 'set' (vector expected, got no value)", function() unit_box():set() end },
  { "bad argument #3 to 'set' (number expected, got no value)",
    function() collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0):set(1, 2) end },
  { "bad argument #4 to 'set' (number expected, got no value)", function() collide.sphere(0, 0, 0, 1):set(1, 2, 3) end },
})

errors("nan, inf and -inf", {
  { "bad argument #1 to 'aabb' (finite number expected, got nan)", function() collide.aabb(nan, 0, 0, 1, 1, 1) end },
  { "bad argument #4 to 'aabb' (finite number expected, got inf)", function() collide.aabb(0, 0, 0, inf, 1, 1) end },
  { "bad argument #1 to 'aabb' (finite number expected, got -inf)", function() collide.aabb(-inf, 0, 0, 1, 1, 1) end },
  { "bad argument #1 to 'aabb' (finite number expected, got nan)",
    function() collide.aabb({ 0, nan, 0 }, { 1, 1, 1 }) end },
  { "bad argument #2 to 'aabb' (finite number expected, got inf)",
    function() collide.aabb({ 0, 0, 0 }, { x = 1, y = inf, z = 1 }) end },
  { "bad argument #6 to 'aabb_from_center' (finite number expected, got nan)",
    function() collide.aabb_from_center(0, 0, 0, 1, 1, nan) end },
  { "bad argument #1 to 'aabb_from_points' (finite number expected at index 2, got nan)",
    function() collide.aabb_from_points({ { 0, 0, 0 }, { 1, nan, 1 } }) end },
  { "bad argument #1 to 'aabb_from_points' (finite number expected at index 1, got -inf)",
    function() collide.aabb_from_points({ { x = -inf, y = 0, z = 0 } }) end },
  { "bad argument #1 to 'aabb_from_points' (finite number expected at index 3, got inf)",
    function() collide.aabb_from_points({ { 0, 0, 0 }, { 1, 1, 1 }, { 2, 2, inf } }) end },
  { "bad argument #1 to 'obb' (finite number expected, got inf)", function() collide.obb(inf, 0, 0, 1, 1, 1) end },
  { "bad argument #5 to 'obb' (finite number expected, got nan)", function() collide.obb(0, 0, 0, 1, nan, 1) end },
  { "bad argument #9 to 'obb' (finite number expected, got nan)",
    function() collide.obb(0, 0, 0, 1, 1, 1, 0, 0, nan, 1) end },
  { "bad argument #7 to 'obb' (finite number expected, got inf)",
    function() collide.obb(0, 0, 0, 1, 1, 1, { 0, 0, 0, inf }) end },
  { "bad argument #2 to 'obb_from_aabb' (finite number expected, got -inf)",
    function() collide.obb_from_aabb(unit_box(), { x = 0, y = -inf, z = 0, w = 1 }) end },
  { "bad argument #11 to 'obb_from_axes' (finite number expected, got nan)",
    function() collide.obb_from_axes(0, 0, 0, 1, 1, 1, 1, 0, 0, 0, nan, 0, 0, 0, 1) end },
  { "bad argument #1 to 'plane' (finite number expected, got nan)", function() collide.plane(nan, 0, 1, 0) end },
  { "bad argument #4 to 'plane' (finite number expected, got nan)", function() collide.plane(0, 0, 1, nan) end },
  { "bad argument #4 to 'plane' (finite number expected, got inf)", function() collide.plane(0, 0, 1, inf) end },
  { "bad argument #4 to 'plane_from_equation' (finite number expected, got -inf)",
    function() collide.plane_from_equation(0, 0, 1, -inf) end },
  { "bad argument #6 to 'plane_from_point' (finite number expected, got inf)",
    function() collide.plane_from_point(0, 0, 0, 0, 0, inf) end },
  { "bad argument #9 to 'plane_from_points' (finite number expected, got nan)",
    function() collide.plane_from_points(0, 0, 0, 1, 0, 0, 0, 1, nan) end },
  { "bad argument #5 to 'triangle' (finite number expected, got nan)",
    function() collide.triangle(0, 0, 0, 1, nan, 0, 0, 1, 0) end },
  { "bad argument #1 to 'ray' (finite number expected, got inf)", function() collide.ray(inf, 0, 0, 1, 0, 0) end },
  { "bad argument #6 to 'ray' (finite number expected, got nan)", function() collide.ray(0, 0, 0, 1, 0, nan) end },
  { "bad argument #7 to 'ray' (finite number expected, got nan)", function() collide.ray(0, 0, 0, 1, 0, 0, nan) end },
  { "bad argument #7 to 'ray' (finite number expected, got -inf)",
    function() collide.ray(0, 0, 0, 1, 0, 0, -inf) end },
  { "bad argument #4 to 'segment' (finite number expected, got inf)",
    function() collide.segment(0, 0, 0, inf, 0, 0) end },
  { "bad argument #4 to 'sphere' (finite number expected, got inf)", function() collide.sphere(0, 0, 0, inf) end },
  { "bad argument #4 to 'sphere' (finite number expected, got nan)", function() collide.sphere(0, 0, 0, nan) end },
  { "bad argument #1 to 'translate' (finite number expected, got nan)", function() unit_box():translate(nan, 0, 0) end },
  { "bad argument #3 to 'translate' (finite number expected, got -inf)",
    function() unit_box():translate(0, 0, -inf) end },
  { "bad argument #1 to 'translate' (finite number expected, got inf)",
    function() collide.sphere(0, 0, 0, 1):translate({ 0, inf, 0 }) end },
  { "bad argument #1 to 'at' (finite number expected, got nan)", function() collide.ray(0, 0, 0, 1, 0, 0):at(nan) end },
  { "bad argument #1 to 'at' (finite number expected, got inf)", function() collide.ray(0, 0, 0, 1, 0, 0):at(inf) end },
  { "bad argument #1 to 'expand' (finite number expected, got nan)", function() unit_box():expand(nan) end },
  { "bad argument #1 to 'corner' (finite number expected, got nan)", function() unit_box():corner(nan) end },
  { "bad argument #1 to 'vertex' (finite number expected, got inf)",
    function() collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0):vertex(inf) end },
  { "bad argument #6 to 'set' (finite number expected, got nan)", function() unit_box():set(0, 0, 0, 1, 1, nan) end },
})

errors("domain errors", {
  { "bad argument #4 to 'aabb' (min greater than max)", function() collide.aabb(1, 0, 0, 0, 1, 1) end },
  { "bad argument #4 to 'aabb' (min greater than max)", function() collide.aabb(0, 0, 1, 1, 1, 0) end },
  { "bad argument #4 to 'aabb' (min greater than max)", function() collide.aabb(0, 0, 0, 1, 1, -1e-300) end },
  { "bad argument #2 to 'aabb' (min greater than max)", function() collide.aabb({ 0, 2, 0 }, { 1, 1, 1 }) end },
  { "bad argument #4 to 'aabb' (min greater than max)", function() collide.aabb(0, 2, 0, { 1, 1, 1 }) end },
  { "bad argument #4 to 'set' (min greater than max)", function() unit_box():set(1, 1, 1, 0, 0, 0) end },
  { "bad argument #4 to 'aabb_from_center' (negative half extent)",
    function() collide.aabb_from_center(0, 0, 0, 1, -1, 1) end },
  { "bad argument #2 to 'aabb_from_center' (negative half extent)",
    function() collide.aabb_from_center({ 0, 0, 0 }, { 1, 1, -1e-300 }) end },
  { "bad argument #4 to 'obb' (negative half extent)", function() collide.obb(0, 0, 0, -1, 1, 1) end },
  { "bad argument #2 to 'obb' (negative half extent)", function() collide.obb({ 0, 0, 0 }, { 1, 1, -1 }) end },
  { "bad argument #4 to 'obb_from_axes' (negative half extent)",
    function() collide.obb_from_axes(0, 0, 0, 1, -1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1) end },
  { "bad argument #4 to 'set' (negative half extent)",
    function() collide.obb(0, 0, 0, 1, 1, 1):set(0, 0, 0, 1, 1, -1) end },
  { "bad argument #4 to 'sphere' (negative radius)", function() collide.sphere(0, 0, 0, -1) end },
  { "bad argument #2 to 'sphere' (negative radius)", function() collide.sphere({ 0, 0, 0 }, -1e-300) end },
  { "bad argument #4 to 'set' (negative radius)", function() collide.sphere(0, 0, 0, 1):set(0, 0, 0, -1) end },
  { "bad argument #4 to 'ray' (zero direction)", function() collide.ray(0, 0, 0, 0, 0, 0) end },
  { "bad argument #2 to 'ray' (zero direction)", function() collide.ray({ 1, 1, 1 }, { 0, 0, 0 }) end },
  { "bad argument #4 to 'ray' (zero direction)", function() collide.ray(0, 0, 0, 0, 0, 0, 5) end },
  { "bad argument #4 to 'set' (zero direction)", function() collide.ray(0, 0, 0, 1, 0, 0):set(0, 0, 0, 0, 0, 0) end },
  { "bad argument #4 to 'segment' (zero-length segment)", function() collide.segment(1, 2, 3, 1, 2, 3) end },
  { "bad argument #2 to 'segment' (zero-length segment)", function() collide.segment({ 1, 2, 3 }, { 1, 2, 3 }) end },
  { "bad argument #7 to 'ray' (negative tmax)", function() collide.ray(0, 0, 0, 1, 0, 0, -1) end },
  { "bad argument #7 to 'ray' (negative tmax)", function() collide.ray(0, 0, 0, 1, 0, 0, -1e-300) end },
  { "bad argument #3 to 'ray' (negative tmax)", function() collide.ray({ 0, 0, 0 }, { 1, 0, 0 }, -5) end },
  { "bad argument #7 to 'set' (negative tmax)",
    function() collide.ray(0, 0, 0, 1, 0, 0):set(0, 0, 0, 1, 0, 0, -1) end },
  { "bad argument #1 to 'plane' (zero normal)", function() collide.plane(0, 0, 0, 1) end },
  { "bad argument #1 to 'plane' (zero normal)", function() collide.plane({ 0, 0, 0 }, 1) end },
  { "bad argument #1 to 'set' (zero normal)", function() collide.plane(0, 0, 1, 0):set(0, 0, 0, 0) end },
  { "bad argument #4 to 'plane_from_point' (zero normal)", function() collide.plane_from_point(1, 2, 3, 0, 0, 0) end },
  { "bad argument #2 to 'plane_from_point' (zero normal)",
    function() collide.plane_from_point({ 1, 2, 3 }, { 0, 0, 0 }) end },
  { "bad argument #1 to 'plane_from_equation' (zero normal)", function() collide.plane_from_equation(0, 0, 0, 1) end },
  { "bad argument #1 to 'plane_from_equation' (zero normal)", function() collide.plane_from_equation(0, 0, 0, 0) end },
  { "bad argument #7 to 'obb' (zero quaternion)", function() collide.obb(0, 0, 0, 1, 1, 1, 0, 0, 0, 0) end },
  { "bad argument #3 to 'obb' (zero quaternion)", function() collide.obb({ 0, 0, 0 }, { 1, 1, 1 }, { 0, 0, 0, 0 }) end },
  { "bad argument #3 to 'obb' (zero quaternion)",
    function() collide.obb({ 0, 0, 0 }, { 1, 1, 1 }, { x = 0, y = 0, z = 0, w = 0 }) end },
  { "bad argument #2 to 'obb_from_aabb' (zero quaternion)",
    function() collide.obb_from_aabb(unit_box(), 0, 0, 0, 0) end },
  { "bad argument #7 to 'set' (zero quaternion)",
    function() collide.obb(0, 0, 0, 1, 1, 1):set(0, 0, 0, 1, 1, 1, 0, 0, 0, 0) end },
  { "bad argument #1 to 'plane_from_points' (points are collinear)",
    function() collide.plane_from_points(0, 0, 0, 1, 1, 1, 2, 2, 2) end },
  { "bad argument #1 to 'plane_from_points' (points are collinear)",
    function() collide.plane_from_points(1, 2, 3, 1, 2, 3, 1, 2, 3) end },
  { "bad argument #1 to 'plane_from_points' (points are collinear)",
    function() collide.plane_from_points(0, 0, 0, 0, 0, 0, 1, 0, 0) end },
  { "bad argument #1 to 'plane_from_points' (points are collinear)",
    function() collide.plane_from_points(0, 0, 0, 1, 0, 0, 1, 0, 0) end },
  { "bad argument #1 to 'plane_from_points' (points are collinear)",
    function() collide.plane_from_points({ 0, 0, 0 }, { 1, 0, 0 }, { -3, 0, 0 }) end },
  { "bad argument #1 to 'plane_from_points' (points are collinear)",   -- within epsilon
    function() collide.plane_from_points(0, 0, 0, 1, 0, 0, 2, 1e-12, 0) end },
  { "bad argument #1 to 'plane_from_points' (points are collinear)",
    function() collide.plane_from_points(0, 0, 0, 1e6, 1e6, 1e6, 2e6, 2e6, 2e6) end },
  { "bad argument #7 to 'obb_from_axes' (axes are not orthonormal)",
    function() collide.obb_from_axes(0, 0, 0, 1, 1, 1, 2, 0, 0, 0, 1, 0, 0, 0, 1) end },
  { "bad argument #7 to 'obb_from_axes' (axes are not orthonormal)",
    function() collide.obb_from_axes(0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1, 0) end },
  { "bad argument #7 to 'obb_from_axes' (axes are not orthonormal)",
    function() collide.obb_from_axes(0, 0, 0, 1, 1, 1, 1, 0, 0, S, S, 0, 0, 0, 1) end },
  { "bad argument #7 to 'obb_from_axes' (axes are not orthonormal)",
    function() collide.obb_from_axes(0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1 + 1e-5) end },
  { "bad argument #7 to 'obb_from_axes' (axes are not orthonormal)",
    function() collide.obb_from_axes(0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0) end },
  { "bad argument #3 to 'obb_from_axes' (axes are not orthonormal)",
    function() collide.obb_from_axes({ 0, 0, 0 }, { 1, 1, 1 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 2 }) end },
  { "bad argument #7 to 'obb_from_axes' (axes are not right-handed)",
    function() collide.obb_from_axes(0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 0, -1) end },
  { "bad argument #7 to 'obb_from_axes' (axes are not right-handed)",
    function() collide.obb_from_axes(0, 0, 0, 1, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 1) end },
  { "bad argument #3 to 'obb_from_axes' (axes are not right-handed)",
    function() collide.obb_from_axes({ 0, 0, 0 }, { 1, 1, 1 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }) end },
  { "bad argument #1 to 'expand' (margin inverts the box)", function() unit_box():expand(-0.6) end },
  { "bad argument #1 to 'expand' (margin inverts the box)",
    function() collide.aabb(0, 0, 0, 4, 4, 0):expand(-1e-6) end },
  { "calling 'plane' on bad self (degenerate triangle)",
    function() collide.triangle(0, 0, 0, 1, 1, 1, 2, 2, 2):plane() end },
  { "calling 'plane' on bad self (degenerate triangle)",
    function() collide.triangle(1, 2, 3, 1, 2, 3, 1, 2, 3):plane() end },
})

errors("index out of range", {
  { "bad argument #1 to 'corner' (index out of range)", function() unit_box():corner(0) end },
  { "bad argument #1 to 'corner' (index out of range)", function() unit_box():corner(9) end },
  { "bad argument #1 to 'corner' (index out of range)", function() unit_box():corner(-1) end },
  { "bad argument #1 to 'corner' (index out of range)", function() unit_box():corner(1.5) end },
  { "bad argument #1 to 'corner' (index out of range)", function() unit_box():corner(2 ^ 53) end },
  { "bad argument #1 to 'corner' (index out of range)", function() unit_box():corner(math.mininteger or -2 ^ 63) end },
  { "bad argument #1 to 'corner' (number expected, got string)", function() unit_box():corner("1") end },
  { "bad argument #1 to 'corner' (number expected, got no value)", function() unit_box():corner() end },
  { "bad argument #1 to 'corner' (index out of range)", function() collide.obb(0, 0, 0, 1, 1, 1):corner(9) end },
  { "bad argument #1 to 'corner' (index out of range)", function() collide.obb(0, 0, 0, 1, 1, 1):corner(0.5) end },
  { "bad argument #1 to 'vertex' (index out of range)",
    function() collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0):vertex(0) end },
  { "bad argument #1 to 'vertex' (index out of range)",
    function() collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0):vertex(4) end },
  { "bad argument #1 to 'vertex' (index out of range)",
    function() collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0):vertex(2.5) end },
  { "bad argument #1 to 'vertex' (number expected, got no value)",
    function() collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0):vertex() end },
})

errors("shape of the wrong kind, out of the wrong kind", {
  { "bad argument #1 to 'merge' (collide.aabb expected, got collide.sphere)",
    function() unit_box():merge(collide.sphere(0, 0, 0, 1)) end },
  { "bad argument #1 to 'merge' (collide.aabb expected, got collide.obb)",
    function() unit_box():merge(collide.obb(0, 0, 0, 1, 1, 1)) end },
  { "bad argument #1 to 'merge' (collide.aabb expected, got table)", function() unit_box():merge({}) end },
  { "bad argument #1 to 'merge' (collide.aabb expected, got no value)", function() unit_box():merge() end },
  { "bad argument #2 to 'merge' (collide.aabb expected, got collide.sphere)",
    function() unit_box():merge(unit_box(), collide.sphere(0, 0, 0, 1)) end },
  { "bad argument #1 to 'bounds' (collide.aabb expected, got collide.sphere)",
    function() unit_box():bounds(collide.sphere(0, 0, 0, 1)) end },
  { "bad argument #1 to 'bounds' (collide.aabb expected, got table)",
    function() collide.obb(0, 0, 0, 1, 1, 1):bounds({}) end },
  { "bad argument #1 to 'bounds' (collide.aabb expected, got boolean)",
    function() collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0):bounds(false) end },
  { "bad argument #1 to 'bounds' (collide.aabb expected, got collide.obb)",
    function() collide.sphere(0, 0, 0, 1):bounds(collide.obb(0, 0, 0, 1, 1, 1)) end },
  { "bad argument #1 to 'bounds' (collide.aabb expected, got number)",
    function() collide.ray(0, 0, 0, 1, 0, 0, 1):bounds(1) end },
  { "bad argument #2 to 'expand' (collide.aabb expected, got collide.obb)",
    function() unit_box():expand(1, collide.obb(0, 0, 0, 1, 1, 1)) end },
  { "bad argument #1 to 'plane' (collide.plane expected, got collide.aabb)",
    function() collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0):plane(unit_box()) end },
  { "bad argument #1 to 'plane' (collide.plane expected, got table)",
    function() collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0):plane({}) end },
})

errors("shape expected", {
  { "bad argument #2 to 'intersects' (shape expected, got table)", function() collide.intersects(unit_box(), {}) end },
  { "bad argument #1 to 'intersects' (shape expected, got nil)", function() collide.intersects(nil, unit_box()) end },
  { "bad argument #2 to 'intersects' (shape expected, got no value)", function() collide.intersects(unit_box()) end },
  { "bad argument #1 to 'intersects' (shape expected, got number)", function() unit_box():intersects(5) end },
  { "bad argument #1 to 'translate' (shape expected, got number)", function() unit_box().translate(5, 1, 2, 3) end },
  { "calling 'translate' on bad self (shape expected, got table)",
    function() local t = { translate = unit_box().translate }; t:translate(1, 2, 3) end },
  { "calling 'set' on bad self (shape expected, got table)",
    function() local t = { set = unit_box().set }; t:set(0, 0, 0, 1, 1, 1) end },
  { "calling 'clone' on bad self (shape expected, got table)",
    function() local t = { clone = unit_box().clone }; t:clone() end },
  { "calling 'type' on bad self (shape expected, got table)",
    function() local t = { type = unit_box().type }; t:type() end },
})

errors("empty or bad point array", {
  { "bad argument #1 to 'aabb_from_points' (empty point array)", function() collide.aabb_from_points({}) end },
  { "bad argument #1 to 'aabb_from_points' (empty point array)",
    function() collide.aabb_from_points({ x = 1, y = 2, z = 3 }) end },
  { "bad argument #1 to 'aabb_from_points' (vector expected at index 2, got number)",
    function() collide.aabb_from_points({ { 0, 0, 0 }, 5 }) end },
  { "bad argument #1 to 'aabb_from_points' (vector expected at index 1, got number)",
    function() collide.aabb_from_points({ 1, 2, 3 }) end },
  { "bad argument #1 to 'aabb_from_points' (vector expected at index 1, got string)",
    function() collide.aabb_from_points({ "a" }) end },
  { "bad argument #1 to 'aabb_from_points' (vector expected at index 1, got table)",
    function() collide.aabb_from_points({ { 1, 2 } }) end },
  { "bad argument #1 to 'aabb_from_points' (vector expected at index 3, got boolean)",
    function() collide.aabb_from_points({ { 0, 0, 0 }, { 0, 0, 0 }, true }) end },
  { "bad argument #1 to 'aabb_from_points' (vector expected at index 2, got collide.sphere)",
    function() collide.aabb_from_points({ { 0, 0, 0 }, collide.sphere(0, 0, 0, 1) }) end },
})

errors("bounds of an infinite ray", {
  { "calling 'bounds' on bad self (ray has infinite tmax)", function() collide.ray(0, 0, 0, 1, 0, 0):bounds() end },
  { "calling 'bounds' on bad self (ray has infinite tmax)",
    function() collide.ray(0, 0, 0, 1, 0, 0, math.huge):bounds(unit_box()) end },
  { "calling 'bounds' on bad self (ray has infinite tmax)",
    function() collide.segment(0, 0, 0, 1, 0, 0):set(0, 0, 0, 1, 0, 0):bounds() end },
})

errors("methods called with a wrong self", {
  { "calling 'min' on bad self (collide.aabb expected, got table)",
    function() local t = { min = unit_box().min }; t:min() end },
  { "calling 'axes' on bad self (collide.obb expected, got table)",
    function() local t = { axes = collide.obb(0, 0, 0, 1, 1, 1).axes }; t:axes() end },
  { "calling 'd' on bad self (collide.plane expected, got table)",
    function() local t = { d = collide.plane(0, 0, 1, 0).d }; t:d() end },
  { "calling 'area' on bad self (collide.triangle expected, got table)",
    function() local t = { area = collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0).area }; t:area() end },
  { "calling 'at' on bad self (collide.ray expected, got table)",
    function() local t = { at = collide.ray(0, 0, 0, 1, 0, 0).at }; t:at(1) end },
  { "calling 'radius' on bad self (collide.sphere expected, got table)",
    function() local t = { radius = collide.sphere(0, 0, 0, 1).radius }; t:radius() end },
  { "calling 'merge' on bad self (collide.aabb expected, got table)",
    function() local t = { merge = unit_box().merge }; t:merge(unit_box()) end },
  { "bad argument #1 to 'min' (collide.aabb expected, got collide.sphere)",
    function() unit_box().min(collide.sphere(0, 0, 0, 1)) end },
  { "bad argument #1 to 'min' (collide.aabb expected, got no value)", function() unit_box().min() end },
  { "bad argument #1 to 'rotation' (collide.obb expected, got collide.aabb)",
    function() collide.obb(0, 0, 0, 1, 1, 1).rotation(unit_box()) end },
  { "bad argument #1 to 'normal' (collide.plane expected, got collide.triangle)",
    function() collide.plane(0, 0, 1, 0).normal(collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0)) end },
  { "bad argument #1 to 'vertices' (collide.triangle expected, got collide.ray)",
    function() collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0).vertices(collide.ray(0, 0, 0, 1, 0, 0)) end },
  { "bad argument #1 to 'tmax' (collide.ray expected, got collide.sphere)",
    function() collide.ray(0, 0, 0, 1, 0, 0).tmax(collide.sphere(0, 0, 0, 1)) end },
  { "bad argument #1 to 'center' (collide.sphere expected, got collide.obb)",
    function() collide.sphere(0, 0, 0, 1).center(collide.obb(0, 0, 0, 1, 1, 1)) end },
  { "bad argument #1 to 'plane' (collide.triangle expected, got collide.aabb)",
    function() collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0).plane(unit_box()) end },
})

describe("collide.epsilon", function()
  it("cannot be assigned, not even its own value", function()
    assert.has_error(function() collide.epsilon = 0 end, "collide.epsilon is read-only")
    assert.has_error(function() collide.epsilon = 1e-9 end, "collide.epsilon is read-only")
    assert.has_error(function() collide.epsilon = nil end, "collide.epsilon is read-only")
    assert.are.equal(1e-9, collide.epsilon)
  end)
end)

describe("a failed call", function()
  it("leaves a shape unchanged when set fails", function()
    local cases = {
      { unit_box(), { 1, 1, 1, 0, 0, 0 } },
      { collide.obb(1, 2, 3, 4, 5, 6, 0, 0, 1, 1), { 0, 0, 0, 1, 1, 1, 0, 0, 0, 0 } },
      { collide.plane(0, 0, 1, 2), { 0, 0, 0, 5 } },
      { collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0), { 5, 5, 5, 6, 6, 6, nan, 0, 0 } },
      { collide.ray(1, 2, 3, 0, 1, 0, 4), { 0, 0, 0, 0, 0, 0 } },
      { collide.ray(1, 2, 3, 0, 1, 0, 4), { 0, 0, 0, 1, 0, 0, -1 } },
      { collide.sphere(1, 2, 3, 4), { 0, 0, 0, -1 } },
    }
    for _, c in ipairs(cases) do
      local s, before = c[1], tostring(c[1])
      local copy = s:clone()
      assert.is_false(pcall(s.set, s, H.unpack(c[2])))
      assert.is_true(s == copy)
      assert.are.equal(before, tostring(s))
    end
  end)

  it("leaves a shape unchanged when translate fails", function()
    local b = unit_box()
    assert.is_false(pcall(b.translate, b, 1, 2, nan))
    assert.is_true(b == unit_box())
  end)

  it("leaves out unchanged when expand or merge fails", function()
    local out = collide.aabb(7, 7, 7, 8, 8, 8)
    assert.is_false(pcall(unit_box().expand, unit_box(), -1, out))
    assert.is_true(out == collide.aabb(7, 7, 7, 8, 8, 8))
  end)
end)

describe("edge values that are accepted", function()
  it("takes them without error", function()
    assert.has_no_error(function() collide.sphere(0, 0, 0, 0) end)
    assert.has_no_error(function() collide.sphere(0, 0, 0, -0.0) end)
    assert.has_no_error(function() collide.ray(0, 0, 0, 1, 0, 0, 0) end)
    assert.has_no_error(function() collide.ray(0, 0, 0, 1, 0, 0, -0.0) end)
    assert.has_no_error(function() collide.ray(0, 0, 0, 1e-300, 0, 0) end)
    assert.has_no_error(function() collide.aabb(1, 1, 1, 1, 1, 1) end)
    assert.has_no_error(function() collide.aabb_from_center(0, 0, 0, 0, 0, 0) end)
    assert.has_no_error(function() collide.obb(0, 0, 0, 0, 0, 0, 0, 0, 0, 1e-300) end)
    assert.has_no_error(function() collide.plane(0, 0, 1e-300, 0) end)
    assert.has_no_error(function() collide.segment(0, 0, 0, 1e-300, 0, 0) end)
    assert.has_no_error(function() unit_box():expand(-0.5) end)
    assert.has_no_error(function() collide.triangle(0, 0, 0, 0, 0, 0, 0, 0, 0) end)
  end)

  it("normalises the tiny ones exactly", function()
    H.assert_exact({ 1, 0, 0 }, collide.ray(0, 0, 0, 1e-300, 0, 0):direction())
    H.assert_exact({ 0, 0, 0, 1 }, collide.obb(0, 0, 0, 0, 0, 0, 0, 0, 0, 1e-300):rotation())
    H.assert_exact({ 0, 0, 1 }, collide.plane(0, 0, 1e-300, 0):normal())
    H.assert_exact({ 1e-300 }, collide.segment(0, 0, 0, 1e-300, 0, 0):tmax())
  end)
end)
