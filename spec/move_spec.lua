-- scene:sweep, scene:sweep_all and scene:move. Sweeps are compared with
-- brute force: collide.sweep on every item in add order. Moves are checked
-- by properties that do not use the code under test: the shape afterwards
-- against every item (collide.intersects on the shape shrunk by a hair),
-- the displacement against the request, the first contact against brute
-- force, exact face positions computed by hand. Random scenes use the
-- project's seeded generator.
local collide = require "collide"
local H = require "helpers"

local unpack = table.unpack or unpack
local sqrt = math.sqrt

local HAIR = 1e-7

-- the shape shrunk by HAIR (a touching shape no longer meets it)
local function shrunk(s)
  local k = collide.type(s)
  if k == "sphere" then
    local x, y, z = s:center()
    return collide.sphere(x, y, z, math.max(0, s:radius() - HAIR))
  elseif k == "capsule" then
    local ax, ay, az = s:a()
    local bx, by, bz = s:b()
    return collide.capsule(ax, ay, az, bx, by, bz, math.max(0, s:radius() - HAIR))
  elseif k == "aabb" then
    local ax, ay, az = s:min()
    local bx, by, bz = s:max()
    local function f(lo, hi)
      if hi - lo > 2 * HAIR then return lo + HAIR, hi - HAIR end
      local m = (lo + hi) / 2
      return m, m
    end
    ax, bx = f(ax, bx); ay, by = f(ay, by); az, bz = f(az, bz)
    return collide.aabb(ax, ay, az, bx, by, bz)
  else
    local x, y, z = s:center()
    local hx, hy, hz = s:half_extents()
    local qx, qy, qz, qw = s:rotation()
    return collide.obb(x, y, z, math.max(0, hx - HAIR), math.max(0, hy - HAIR), math.max(0, hz - HAIR), qx, qy, qz, qw)
  end
end

-- brute force: the first item the moving shape touches, ties to the
-- earlier added; every hit sorted by t, ties in add order
local function brute_sweep(s, shape, dx, dy, dz, filter)
  local best
  for item, other in s:items() do
    if not rawequal(other, shape) and collide.type(other) ~= "ray" then
      local hit = H.pack(collide.sweep(shape, dx, dy, dz, other))
      if hit[1] and (best == nil or hit[1] < best[2]) and (filter == nil or filter(item)) then
        best = H.pack(item, unpack(hit, 1, hit.n))
      end
    end
  end
  return best or H.pack(nil)
end

local function brute_sweep_all(s, shape, dx, dy, dz, filter)
  local out = {}
  for item, other in s:items() do
    if not rawequal(other, shape) and collide.type(other) ~= "ray" then
      local t, x, y, z, nx, ny, nz, index = collide.sweep(shape, dx, dy, dz, other)
      if t and (filter == nil or filter(item)) then
        out[#out + 1] = { item = item, t = t, x = x, y = y, z = z, nx = nx, ny = ny, nz = nz, index = index }
      end
    end
  end
  for i = 2, #out do                                  -- stable insertion sort
    local x, j = out[i], i - 1
    while j >= 1 and out[j].t > x.t do out[j + 1] = out[j]; j = j - 1 end
    out[j + 1] = x
  end
  return out
end

local function random_solid(r, world)
  local k = r(0, 1)
  local x, y, z = r(0, world), r(0, world), r(0, world)
  if k < 0.3 then
    local ex, ey, ez = r(0.1, 2), r(0.1, 2), r(0.1, 2)
    return collide.aabb(x - ex, y - ey, z - ez, x + ex, y + ey, z + ez)
  elseif k < 0.5 then
    return collide.obb(x, y, z, r(0.1, 2), r(0.1, 2), r(0.1, 2), r(-1, 1), r(-1, 1), r(-1, 1), r(-1, 1))
  elseif k < 0.7 then
    return collide.sphere(x, y, z, r(0.1, 2))
  elseif k < 0.8 then
    return collide.capsule(x, y, z, x + r(-2, 2), y + r(-2, 2), z + r(-2, 2), r(0.1, 1))
  elseif k < 0.97 then
    return collide.triangle(x, y, z, x + r(-3, 3), y + r(-3, 3), z + r(-3, 3), x + r(-3, 3), y + r(-3, 3), z + r(-3, 3))
  else
    return collide.ray(x, y, z, r(-1, 1), r(-1, 1), r(-1, 1))           -- never hit
  end
end

local function random_mover(r, x, y, z)
  local k = r(0, 1)
  if k < 0.3 then
    local ex, ey, ez = r(0.2, 1), r(0.2, 1), r(0.2, 1)
    return collide.aabb(x - ex, y - ey, z - ez, x + ex, y + ey, z + ez)
  elseif k < 0.5 then
    return collide.obb(x, y, z, r(0.2, 1), r(0.2, 1), r(0.2, 1), r(-1, 1), r(-1, 1), r(-1, 1), r(-1, 1))
  elseif k < 0.75 then
    return collide.sphere(x, y, z, r(0.2, 1))
  else
    return collide.capsule(x, y, z - 0.5, x, y, z + 0.5, r(0.2, 0.8))
  end
end

local function same_hits(expected, got)
  assert.are.equal(#expected, #got)
  for i = 1, #expected do
    local e, g = expected[i], got[i]
    assert.are.equal(e.item, g.item)
    for _, k in ipairs { "t", "x", "y", "z", "nx", "ny", "nz" } do assert.are.equal(e[k], g[k]) end
    assert.are.equal(e.index, g.index)
  end
end

describe("scene:sweep", function()
  it("finds the first item the moving shape touches, with collide.sweep's answer", function()
    local s = collide.scene()
    s:add("near", collide.aabb(3, -1, -1, 4, 1, 1))
    s:add("far", collide.aabb(6, -1, -1, 7, 1, 1))
    s:add("floor", collide.plane(0, 1, 0, -5))
    local ball = collide.sphere(0, 0, 0, 1)
    local function check(item, expected, ...)
      assert.are.equal(item, (...))
      H.assert_vals(expected, 1e-12, select(2, ...))
    end
    check("near", { 0.4, 3, 0, 0, -1, 0, 0 }, s:sweep(ball, 5, 0, 0))
    check("far", { 0.5, 6, 0, 0, -1, 0, 0 }, s:sweep(ball, 10, 0, 0, function(item) return item ~= "near" end))
    check("floor", { 0.4, 0, -5, 0, 0, 1, 0 }, s:sweep(ball, 0, -10, 0))
    assert.is_nil(s:sweep(ball, 0, 0, 10))
    -- the vector form, the filter after it
    check("far", { 0.5, 6, 0, 0, -1, 0, 0 }, s:sweep(ball, { 10, 0, 0 }, function(item) return item == "far" end))
    check("near", { 0.4, 3, 0, 0, -1, 0, 0 }, s:sweep(ball, { x = 5, y = 0, z = 0 }))
  end)

  it("skips the shape's own item; ties in t go to the earlier added", function()
    local s = collide.scene()
    local me = collide.aabb(0, 0, 0, 1, 1, 1)
    s:add("b", collide.aabb(2, 0, 0, 3, 1, 1))
    s:add("me", me)
    s:add("a", collide.aabb(2, 0.5, 0, 3, 1.5, 1))
    local item, t, _, _, _, nx, ny, nz = s:sweep(me, 2, 0, 0)
    assert.are.equal("b", item)
    H.assert_vals({ 0.5, -1, 0, 0 }, 1e-12, t, nx, ny, nz)
    local all = s:sweep_all(me, 2, 0, 0)
    assert.are.same({ "b", "a" }, { all[1].item, all[2].item })
    assert.are.equal(2, #all)
  end)

  it("sweeps against a mesh item, with the triangle's index", function()
    local s = collide.scene()
    local m = collide.mesh({ -5, 0, -5, 5, 0, -5, 5, 0, 5, -5, 0, 5 }, { 1, 3, 2, 1, 4, 3 })
    s:add("ground", m)
    local ball = collide.sphere(1, 3, 2, 1)
    local hit = H.pack(s:sweep(ball, 0, -4, 0))
    local brute = H.pack(collide.sweep(ball, 0, -4, 0, m))
    assert.are.equal("ground", hit[1])
    H.assert_exact({ unpack(brute, 1, brute.n) }, unpack(hit, 2, hit.n))
    assert.are.equal(0.5, hit[2])
    assert.are.equal(9, hit.n)
  end)

  it("errors", function()
    local s = collide.scene()
    local ball = collide.sphere(0, 0, 0, 1)
    assert.has_error(function() s:sweep(collide.plane(0, 1, 0, 0), 1, 0, 0) end,
      "bad argument #1 to 'sweep' (aabb, obb, sphere, capsule, hull or compound expected, got collide.plane)")
    assert.has_error(function() s:sweep(nil, 1, 0, 0) end,
      "bad argument #1 to 'sweep' (aabb, obb, sphere, capsule, hull or compound expected, got nil)")
    assert.has_error(function() s:sweep(ball, "x", 0, 0) end, "bad argument #2 to 'sweep' (vector expected, got string)")
    assert.has_error(function() s:sweep(ball, 1, nil, 0) end, "bad argument #3 to 'sweep' (number expected, got nil)")
    assert.has_error(function() s:sweep(ball, 1, 0, 0 / 0) end, "bad argument #4 to 'sweep' (finite number expected, got nan)")
    assert.has_error(function() s:sweep(ball, { 1, 0, math.huge }) end, "bad argument #2 to 'sweep' (finite number expected, got inf)")
    assert.has_error(function() s:sweep(ball, 1, 0, 0, 5.5) end, "bad argument #5 to 'sweep' (number has no integer representation)")
    assert.has_error(function() s:sweep(ball, { 1, 0, 0 }, math.huge) end, "bad argument #3 to 'sweep' (number has no integer representation)")
    assert.has_error(function() s:sweep_all(ball, 1, 0, 0, true) end, "bad argument #5 to 'sweep_all' (function, integer or table expected, got boolean)")
    assert.has_error(function() s:sweep_all(ball, {}) end, "bad argument #2 to 'sweep_all' (vector expected, got table)")
  end)

  for seed = 1, 2 do
    it("equals the minimum of collide.sweep over every item on random scenes (seed " .. seed .. ")", function()
      local r = H.rng(seed * 7919)
      local world = 30
      local s = collide.scene()
      for i = 1, 120 do s:add(i, random_solid(r, world)) end
      s:add("ground", collide.plane(0, 1, 0, -1))
      local tris = {}
      for _ = 1, 40 do
        local x, y, z = r(0, world), r(0, world), r(0, world)
        for _ = 1, 3 do tris[#tris + 1] = x + r(-3, 3); tris[#tris + 1] = y + r(-3, 3); tris[#tris + 1] = z + r(-3, 3) end
      end
      s:add("mesh", collide.mesh(tris))
      local odd = function(item) return type(item) ~= "number" or item % 2 == 1 end
      for q = 1, 60 do
        local mover = random_mover(r, r(0, world), r(0, world), r(0, world))
        if q % 3 == 0 then s:add("mover" .. q, mover) end          -- its own item is skipped
        local dx, dy, dz = r(-20, 20), r(-20, 20), r(-20, 20)
        local filter = q % 2 == 0 and odd or nil
        local e = brute_sweep(s, mover, dx, dy, dz, filter)
        local g = H.pack(s:sweep(mover, dx, dy, dz, filter))
        assert.are.equal(e.n, g.n)
        for i = 1, e.n do assert.are.equal(e[i], g[i]) end
        same_hits(brute_sweep_all(s, mover, dx, dy, dz, filter), s:sweep_all(mover, dx, dy, dz, filter))
      end
    end)
  end
end)

-- ---------------------------------------------------------------------

local function len(x, y, z) return sqrt(x * x + y * y + z * z) end

describe("scene:move", function()
  it("stops an aabb with its face on the other's face, to the last bit, as bump.lua does", function()
    local s = collide.scene()
    local box = collide.aabb(0.1, 0.2, 0.3, 1.1, 1.2, 1.3)
    s:add("box", box)
    s:add("wall", collide.aabb(5.7, -10, -10, 6, 10, 10))
    local mx, my, mz, cols = s:move("box", 7.3, 0.01, -0.03)
    local _, _, _ = mx, my, mz
    local x0 = box:min()
    local x1 = box:max()
    assert.are.equal(5.7, x1)                 -- face on face
    assert.are.equal(1, #cols)
    assert.are.equal("wall", cols[1].other)
    assert.are.equal("slide", cols[1].type)
    assert.are.same({ -1, 0, 0 }, { cols[1].nx, cols[1].ny, cols[1].nz })
    assert.is_true(x0 < x1)
    -- the slide kept the rest of the motion across the face
    local _, y1, z1 = box:max()
    assert.is_true(H.near(1.2 + 0.01, y1, 1e-14) and H.near(1.3 - 0.03, z1, 1e-14))
    -- touching is not blocking: along the wall it moves freely, into it not at all
    local ax, ay, az, c2 = s:move("box", 0, 2, 0)
    H.assert_exact({ 0, 2, 0, 0 }, ax, ay, az, #c2)
    local bx, by, bz, c3 = s:move("box", 1, 0, 0)
    H.assert_exact({ 0, 0, 0, 1 }, bx, by, bz, #c3)
    assert.are.equal(5.7, (select(1, box:max())))
    -- and away from it exactly as asked
    local cx, cy, cz = s:move("box", -1, 0, 0)
    H.assert_exact({ -1, 0, 0 }, cx, cy, cz)
  end)

  it("faces meet exactly in every direction", function()
    for axis = 1, 3 do
      for _, sign in ipairs { -1, 1 } do
        local s = collide.scene()
        local box = collide.aabb(-0.35, -0.35, -0.35, 0.35, 0.35, 0.35)
        s:add("box", box)
        local lo, hi = { -3, -3, -3 }, { 3, 3, 3 }
        if sign > 0 then lo[axis] = 2.3 else hi[axis] = -2.3 end
        lo[axis], hi[axis] = lo[axis], hi[axis]
        if sign > 0 then hi[axis] = 2.9 else lo[axis] = -2.9 end
        s:add("wall", collide.aabb(lo[1], lo[2], lo[3], hi[1], hi[2], hi[3]))
        local d = { 0.013, -0.027, 0.019 }
        d[axis] = sign * 7.1
        s:move("box", d[1], d[2], d[3])
        local mn, mx = { box:min() }, { box:max() }
        if sign > 0 then assert.are.equal(2.3, mx[axis]) else assert.are.equal(-2.3, mn[axis]) end
      end
    end
  end)

  it("free paths move exactly as asked", function()
    local s = collide.scene()
    local ball = collide.sphere(0.1, 0.2, 0.3, 0.5)
    s:add("ball", ball)
    s:add("far", collide.aabb(100, 100, 100, 101, 101, 101))
    local mx, my, mz, cols = s:move("ball", 1.7, -2.3, 0.9)
    H.assert_exact({ 1.7, -2.3, 0.9, 0 }, mx, my, mz, #cols)
    H.assert_exact({ 0.1 + 1.7, 0.2 - 2.3, 0.3 + 0.9 }, ball:center())
    assert.are.same({ "ball" }, s:query(collide.sphere(0.1 + 1.7, 0.2 - 2.3, 0.3 + 0.9, 0.1)))
  end)

  it("responses: touch stops, cross passes and is reported, bounce reflects, false ignores", function()
    local function scene_with(resp)
      local s = collide.scene()
      s:add("ball", collide.sphere(0, 1, 0, 0.5))
      s:add("floor", collide.aabb(-50, -1, -50, 50, 0, 50))
      s:add("gate", collide.aabb(6, -1, -5, 6.5, 5, 5))
      return s, function(_, other) if other == "gate" then return resp end return "slide" end
    end
    -- the ball falls diagonally, meets the floor at t = 0.5 and then the gate
    local s, f = scene_with("touch")
    local mx, my, mz, cols = s:move("ball", 8, -1, 0, f)
    assert.are.same({ "floor", "gate" }, { cols[1].other, cols[2].other })
    assert.are.same({ "slide", "touch" }, { cols[1].type, cols[2].type })
    H.assert_vals({ 5.5, -0.5, 0 }, 1e-9, mx, my, mz)

    s, f = scene_with("cross")
    mx, my, mz, cols = s:move("ball", 8, -1, 0, f)
    assert.are.same({ "floor", "gate" }, { cols[1].other, cols[2].other })
    assert.are.same({ "slide", "cross" }, { cols[1].type, cols[2].type })
    H.assert_vals({ 8, -0.5, 0 }, 1e-9, mx, my, mz)

    s, f = scene_with(false)
    mx, my, mz, cols = s:move("ball", 8, -1, 0, f)
    assert.are.equal(1, #cols)
    H.assert_vals({ 8, -0.5, 0 }, 1e-9, mx, my, mz)

    -- bounce: off the floor, the rest of the motion reflected
    s = collide.scene()
    s:add("ball", collide.sphere(0, 1, 0, 0.5))
    s:add("floor", collide.aabb(-50, -1, -50, 50, 0, 50))
    mx, my, mz, cols = s:move("ball", 2, -1, 0, function() return "bounce" end)
    H.assert_vals({ 2, 0, 0 }, 1e-9, mx, my, mz)
    assert.are.equal("bounce", cols[1].type)
    H.assert_vals({ 0.5, 0, 1, 0, 1, 0, 0 }, 1e-9, cols[1].t, cols[1].nx, cols[1].ny, cols[1].nz, cols[1].x, cols[1].y, cols[1].z)
    assert.are.equal("ball", cols[1].item)
  end)

  it("takes a filter table: mask, exclude and filter leave items out, response answers", function()
    local function scene3()
      local s = collide.scene()
      s:add("m", collide.aabb(0, 0, 0, 1, 1, 1))
      s:add("a", collide.aabb(2, 0, 0, 3, 1, 1))
      s:add("b", collide.aabb(4, 0, 0, 5, 1, 1), { layer = 2 })
      return s
    end
    local function others(cols)
      local out = {}
      for i, c in ipairs(cols) do out[i] = c.other .. ":" .. c.type end
      return out
    end
    -- no response: slide on every item left in
    local s = scene3()
    local mx, my, mz, cols = s:move("m", 5, 0, 0, { exclude = "a" })
    assert.are.same({ 3, 0, 0, { "b:slide" } }, { mx, my, mz, others(cols) })
    s = scene3()
    mx, my, mz, cols = s:move("m", 5, 0, 0, { mask = 2 })
    assert.are.same({ 3, 0, 0, { "b:slide" } }, { mx, my, mz, others(cols) })
    s = scene3()
    mx, my, mz, cols = s:move("m", 5, 0, 0, { filter = function(o) return o ~= "b" end })
    assert.are.same({ 1, 0, 0, { "a:slide" } }, { mx, my, mz, others(cols) })
    -- the response, asked about the items the filter keeps
    s = scene3()
    local asked = {}
    mx, my, mz, cols = s:move("m", 5, 0, 0, {
      filter = function(o) return o ~= "a" end,
      response = function(item, other) asked[#asked + 1] = item .. ">" .. other; return "touch" end,
    })
    assert.are.same({ 3, 0, 0, { "b:touch" } }, { mx, my, mz, others(cols) })
    assert.are.same({ "m>b" }, asked)
    s = scene3()
    mx, my, mz, cols = s:move("m", 5, 0, 0, { response = function() return "cross" end })
    assert.are.same({ 5, 0, 0, { "a:cross", "b:cross" } }, { mx, my, mz, others(cols) })
    assert.are.same({ 5, 0, 0 }, { s:shape("m"):min() })
    -- an empty table: as no filter
    s = scene3()
    mx, my, mz, cols = s:move("m", 5, 0, 0, {})
    assert.are.same({ 1, 0, 0, { "a:slide" } }, { mx, my, mz, others(cols) })
    -- the response's error and a bad answer, raised as with a function
    s = scene3()
    assert.has_error(function() s:move("m", 5, 0, 0, { response = function() return "stop" end }) end,
      'bad argument #5 to \'move\' (filter must return "slide", "touch", "cross", "bounce", false or nil, got "stop")')
    assert.are.same({ 0, 0, 0 }, { s:shape("m"):min() })
  end)

  it("ends a move after 8 solid contacts", function()
    -- a ball bouncing between two walls 2 apart: 8 contacts, then it stops
    local s = collide.scene()
    s:add("ball", collide.sphere(0, 0, 0, 0.5))
    s:add("left", collide.aabb(-2, -5, -5, -1, 5, 5))
    s:add("right", collide.aabb(1, -5, -5, 2, 5, 5))
    local mx, my, mz, cols = s:move("ball", 100, 0, 0, function() return "bounce" end)
    assert.are.equal(8, #cols)
    for i, c in ipairs(cols) do
      assert.are.equal(i % 2 == 1 and "right" or "left", c.other)
      -- the first after 0.5 of the 100, each next after 1 of what is left
      local t = i == 1 and 0.5 / 100 or 1 / (99.5 - (i - 2))
      assert.is_true(H.near(t, c.t, 1e-12))
    end
    -- it stopped at its 8th contact, on the left wall
    H.assert_vals({ -0.5, 0, 0 }, 1e-9, mx, my, mz)
    -- crossing the corridor along a wall, sliding: free
    s:update("ball", collide.sphere(0, 0, 0, 0.5))
    mx, my, mz, cols = s:move("ball", 0.5, 3, 0)
    H.assert_vals({ 0.5, 3, 0, 1 }, 1e-9, mx, my, mz, #cols)
  end)

  it("slides into a crease and stops in a corner", function()
    -- a floor and two walls meeting at a corner; the ball pushed down and
    -- diagonally into it follows the crease of floor and wall, then stops
    local s = collide.scene()
    s:add("ball", collide.sphere(0, 0.5, 0, 0.5))
    s:add("floor", collide.plane(0, 1, 0, 0))
    s:add("wall x", collide.plane(-1, 0, 0, -3))            -- x = 3
    s:add("wall z", collide.plane(0, 0, -1, -2))            -- z = 2
    local mx, my, mz, cols = s:move("ball", 10, -1, 4)
    H.assert_vals({ 2.5, 0, 1.5 }, 1e-9, mx, my, mz)
    assert.are.same({ "floor", "wall x", "wall z" }, { cols[1].other, cols[2].other, cols[3].other })
  end)

  it("orders collisions at the same t nearest centre first", function()
    local s = collide.scene()
    s:add("box", collide.aabb(0, 0, 0, 1, 1, 1))
    s:add("far", collide.aabb(2, 5, 0, 3, 6, 1))          -- not on the path
    s:add("near", collide.aabb(2, 0.5, 0, 3, 1.5, 1))
    s:add("mid", collide.aabb(2, -0.5, 0, 3, 0.4, 1))
    s:add("exact", collide.aabb(2, 0, 0, 3, 1, 1))
    local _, _, _, cols = s:move("box", 3, 0, 0, function() return "cross" end)
    local order = {}
    for i, c in ipairs(cols) do order[i] = c.other; assert.is_true(H.near(1 / 3, c.t, 1e-12)) end
    assert.are.same({ "exact", "near", "mid" }, order)
    -- the same three as walls: the nearest centre is the one slid on
    s:update("box", collide.aabb(0, 0, 0, 1, 1, 1))
    _, _, _, cols = s:move("box", 3, 0, 0, function(_, other) return other == "far" and "cross" or "touch" end)
    assert.are.equal(1, #cols)
    assert.are.equal("exact", cols[1].other)
  end)

  it("pushes an item that starts inside out first", function()
    local s = collide.scene()
    local box = collide.aabb(0, -0.25, 0, 1, 0.75, 1)
    s:add("box", box)
    s:add("floor", collide.aabb(-10, -1, -10, 10, 0, 10))
    local mx, my, mz, cols = s:move("box", 1, 0, 0)
    H.assert_exact({ 1, 0.25, 0 }, mx, my, mz)
    local x0, y0, z0 = box:min()
    local x1, y1, z1 = box:max()
    assert.are.same({ 1, 0, 0, 2, 1, 1 }, { x0, y0, z0, x1, y1, z1 })
    assert.are.equal(0, cols[1].t)
    assert.are.same({ 0, 1, 0 }, { cols[1].nx, cols[1].ny, cols[1].nz })
  end)

  it("updates the scene", function()
    local s = collide.scene()
    local ball = collide.sphere(0, 0, 0, 1)
    s:add("ball", ball)
    s:move("ball", 50, 0, 0)
    assert.are.same({ "ball" }, s:query(collide.sphere(50, 0, 0, 0.5)))
    assert.are.same({}, s:query(collide.sphere(0, 0, 0, 0.5)))
  end)

  it("errors", function()
    local s = collide.scene()
    s:add("ball", collide.sphere(0, 0, 0, 1))
    s:add("ground", collide.plane(0, 1, 0, 0))
    assert.has_error(function() s:move(nil, 1, 0, 0) end, "bad argument #1 to 'move' (item expected, got nil)")
    assert.has_error(function() s:move("x", 1, 0, 0) end, "bad argument #1 to 'move' (item not in the scene)")
    assert.has_error(function() s:move("ground", 1, 0, 0) end,
      "bad argument #1 to 'move' (item with an aabb, obb, sphere, capsule, hull or compound shape expected, got collide.plane)")
    assert.has_error(function() s:move("ball", true) end, "bad argument #2 to 'move' (vector expected, got boolean)")
    assert.has_error(function() s:move("ball", 1, 0) end, "bad argument #4 to 'move' (number expected, got no value)")
    assert.has_error(function() s:move("ball", 1, 0, nil) end, "bad argument #4 to 'move' (number expected, got nil)")
    assert.has_error(function() s:move("ball", 1, -math.huge, 0) end, "bad argument #3 to 'move' (finite number expected, got -inf)")
    assert.has_error(function() s:move("ball", 1, 0, 0, "slide") end, "bad argument #5 to 'move' (function, integer or table expected, got string)")
    assert.has_error(function() s:move("ball", 0, -1, 0, function() return "stick" end) end,
      "bad argument #5 to 'move' (filter must return \"slide\", \"touch\", \"cross\", \"bounce\", false or nil, got \"stick\")")
    assert.has_error(function() s:move("ball", { 0, -1, 0 }, function() return 1 end) end,
      "bad argument #3 to 'move' (filter must return \"slide\", \"touch\", \"cross\", \"bounce\", false or nil, got number)")
  end)

  for seed = 1, 2 do
    it("random scenes: no tunnelling, no new overlap, never farther than asked (seed " .. seed .. ")", function()
      local r = H.rng(seed * 104729)
      local world = 20
      local s = collide.scene()
      local resp = {}
      local kinds = { "slide", "slide", "slide", "touch", "bounce", "cross", false }
      for i = 1, 60 do
        s:add(i, random_solid(r, world))
        resp[i] = kinds[1 + math.floor(r(0, #kinds))]
      end
      local filter = function(item, other) return resp[other] end
      local solid = { slide = true, touch = true, bounce = true }
      local moves, stopped, bounced = 0, 0, 0
      for q = 1, 80 do
        -- a mover placed clear of every item
        local mover
        repeat
          mover = random_mover(r, r(0, world), r(0, world), r(0, world))
        until #s:query(mover) == 0
        local item = "m" .. q
        s:add(item, mover)
        for _ = 1, 3 do
          local before = {}
          local small = shrunk(mover)
          for other, shape in s:items() do
            if other ~= item and collide.type(shape) ~= "ray" and collide.intersects(small, shape) then before[other] = true end
          end
          local dx, dy, dz = r(-15, 15), r(-15, 15), r(-15, 15)
          local first = brute_sweep(s, mover, dx, dy, dz, function(other) return solid[resp[other]] end)
          local start = mover:clone()
          local mx, my, mz, cols = s:move(item, dx, dy, dz, filter)
          moves = moves + 1
          -- never farther than asked
          assert.is_true(len(mx, my, mz) <= len(dx, dy, dz) * (1 + 1e-12))
          -- no new overlap with a solid item
          small = shrunk(mover)
          for other, shape in s:items() do
            if other ~= item and solid[resp[other]] and not before[other] then
              assert.is_false(collide.intersects(small, shape))
            end
          end
          -- a cross item it ends inside was reported
          local reported = {}
          for _, c in ipairs(cols) do reported[c.other] = c.type; assert.are.equal(item, c.item) end
          for other, shape in s:items() do
            if resp[other] == "cross" and not before[other] and collide.type(shape) ~= "ray"
               and collide.intersects(small, shape) then
              assert.are.equal("cross", reported[other])
            end
          end
          -- the first solid contact is brute force's first
          local firstsolid
          for _, c in ipairs(cols) do if c.type ~= "cross" then firstsolid = c break end end
          if first[1] == nil then
            assert.is_nil(firstsolid)
            H.assert_exact({ dx, dy, dz }, mx, my, mz)
            assert.is_true(mover == start:clone():translate(dx, dy, dz))
          else
            stopped = stopped + 1
            assert.are.equal(first[2], firstsolid.t)
            -- one bounce and nothing after it: the rest of the motion reflected
            local solids = 0
            for _, c in ipairs(cols) do if c.type ~= "cross" then solids = solids + 1 end end
            if solids == 1 and firstsolid.type == "bounce" and firstsolid.t > 0 then
              bounced = bounced + 1
              local t, nx, ny, nz = firstsolid.t, firstsolid.nx, firstsolid.ny, firstsolid.nz
              local rx, ry, rz = (1 - t) * dx, (1 - t) * dy, (1 - t) * dz
              local k = 2 * (rx * nx + ry * ny + rz * nz)
              H.assert_vals({ t * dx + rx - k * nx, t * dy + ry - k * ny, t * dz + rz - k * nz }, 1e-9, mx, my, mz)
            end
          end
        end
        s:remove(item)
      end
      assert.is_true(stopped > 30 and stopped < moves - 30)
      assert.is_true(bounced > 3)
    end)
  end
end)
