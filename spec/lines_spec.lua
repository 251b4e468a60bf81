-- collide.lines and scene:lines: the segments of every kind in their
-- documented order (doc/reference.md, "collide.lines"; doc/scene.md,
-- "scene:lines"), the capsule checked by distances computed here, meshes
-- and heightfields against every triangle tested here, and every error.
local collide = require "collide"
local H = require "helpers"

local sqrt, cos, sin, pi, abs, max = math.sqrt, math.cos, math.sin, math.pi, math.abs, math.max

-- the lines' array as a list of segments {x1, y1, z1, x2, y2, z2}
local function segments(t)
  assert.are.equal(0, #t % 6)
  local out = {}
  for i = 1, #t, 6 do out[#out + 1] = { t[i], t[i + 1], t[i + 2], t[i + 3], t[i + 4], t[i + 5] } end
  return out
end

-- every number of got within tol of expected's (flat arrays), one by one
local function assert_close(expected, got, tol)
  assert.are.equal(#expected, #got)
  for i = 1, #expected do
    if abs(expected[i] - got[i]) > tol then
      error(("number %d: expected %.17g, got %.17g"):format(i, expected[i], got[i]), 2)
    end
  end
end

-- got holds exactly expected's numbers (a loop: assert.are.same is slow
-- on arrays of thousands)
local function assert_array(expected, got)
  assert.are.equal(#expected, #got)
  for i = 1, #expected do
    if expected[i] ~= got[i] then
      error(("number %d: expected %.17g, got %.17g"):format(i, expected[i], got[i]), 2)
    end
  end
end

local function add(v, w) return { v[1] + w[1], v[2] + w[2], v[3] + w[3] } end
local function sub(v, w) return { v[1] - w[1], v[2] - w[2], v[3] - w[3] } end
local function mul(v, s) return { v[1] * s, v[2] * s, v[3] * s } end
local function dot(v, w) return v[1] * w[1] + v[2] * w[2] + v[3] * w[3] end
local function cross(v, w)
  return { v[2] * w[3] - v[3] * w[2], v[3] * w[1] - v[1] * w[3], v[1] * w[2] - v[2] * w[1] }
end
local function unit(v) return mul(v, 1 / sqrt(dot(v, v))) end

-- the documented frame of a unit u: v = cross(e, u) normalised, e the
-- world axis along which u is shortest (the first of equals), w = cross(u, v)
local function frame(u)
  local k = 1
  if abs(u[2]) < abs(u[k]) then k = 2 end
  if abs(u[3]) < abs(u[k]) then k = 3 end
  local e = { 0, 0, 0 }
  e[k] = 1
  local v = unit(cross(e, u))
  return v, cross(u, v)
end

local function push(out, p, q)
  local n = #out
  out[n + 1], out[n + 2], out[n + 3], out[n + 4], out[n + 5], out[n + 6] = p[1], p[2], p[3], q[1], q[2], q[3]
end

-- the segments of an arc of centre c, radius r, from a towards b in n
-- steps of 22.5 degrees, appended to out
local function arc(out, c, r, a, b, n)
  local function at(k)
    local t = k * pi / 8
    return add(c, mul(add(mul(a, cos(t)), mul(b, sin(t))), r))
  end
  for k = 0, n - 1 do
    push(out, at(k), at(k + 1))
  end
  return out
end


-- the capsule's 68 segments as doc/reference.md lists them
local function capsule_expected(a, b, r)
  local d = sub(b, a)
  local u = dot(d, d) > 0 and unit(d) or { 0, 1, 0 }
  local v, w = frame(u)
  local out = {}
  arc(out, a, r, v, w, 16)
  arc(out, b, r, v, w, 16)
  for _, p in ipairs { v, w } do
    arc(out, a, r, p, mul(u, -1), 8)
    push(out, sub(a, mul(p, r)), sub(b, mul(p, r)))
    arc(out, b, r, mul(p, -1), u, 8)
    push(out, add(b, mul(p, r)), add(a, mul(p, r)))
  end
  return out
end

-- the distance of p from the segment a-b
local function segment_distance(p, a, b)
  local d = sub(b, a)
  local dd = dot(d, d)
  local t = dd > 0 and math.min(1, math.max(0, dot(sub(p, a), d) / dd)) or 0
  local q = add(a, mul(d, t))
  return sqrt(dot(sub(p, q), sub(p, q)))
end

describe("collide.lines", function()
  it("draws an aabb's 12 edges: along x, then y, then z, each from min to max", function()
    assert.are.same({
      0, 0, 0, 1, 0, 0,   0, 1, 0, 1, 1, 0,   0, 0, 1, 1, 0, 1,   0, 1, 1, 1, 1, 1,
      0, 0, 0, 0, 1, 0,   1, 0, 0, 1, 1, 0,   0, 0, 1, 0, 1, 1,   1, 0, 1, 1, 1, 1,
      0, 0, 0, 0, 0, 1,   1, 0, 0, 1, 0, 1,   0, 1, 0, 0, 1, 1,   1, 1, 0, 1, 1, 1,
    }, collide.lines(collide.aabb(0, 0, 0, 1, 1, 1)))
    assert.are.same({
      -1, 2, -3, 4, 2, -3,   -1, 5, -3, 4, 5, -3,   -1, 2, 6, 4, 2, 6,   -1, 5, 6, 4, 5, 6,
      -1, 2, -3, -1, 5, -3,   4, 2, -3, 4, 5, -3,   -1, 2, 6, -1, 5, 6,   4, 2, 6, 4, 5, 6,
      -1, 2, -3, -1, 2, 6,   4, 2, -3, 4, 2, 6,   -1, 5, -3, -1, 5, 6,   4, 5, -3, 4, 5, 6,
    }, collide.lines(collide.aabb(-1, 2, -3, 4, 5, 6)))
  end)

  it("draws a flat or point aabb's 12 edges, some of length zero", function()
    local t = collide.lines(collide.aabb(1, 2, 3, 1, 2, 3))
    assert.are.equal(72, #t)
    for i = 1, #t, 3 do assert.are.same({ 1, 2, 3 }, { t[i], t[i + 1], t[i + 2] }) end
  end)

  it("draws an obb's edges along its axes in the aabb's order", function()
    assert.are.same(collide.lines(collide.aabb(0.5, 1, 1.5, 1.5, 3, 4.5)),
      collide.lines(collide.obb(1, 2, 3, 0.5, 1, 1.5)))
    -- a quarter turn about z: axes (0, 1, 0), (-1, 0, 0), (0, 0, 1)
    local h = sqrt(0.5)
    local o = collide.obb({ 1, 2, 3 }, { 0.5, 1, 1.5 }, { 0, 0, h, h })
    local c, e = { 1, 2, 3 }, { 0.5, 1, 1.5 }
    local axes = { { 0, 1, 0 }, { -1, 0, 0 }, { 0, 0, 1 } }
    local function corner(i)
      local p = c
      for k = 1, 3 do
        local s = math.floor(i / 2 ^ (k - 1)) % 2 == 1 and 1 or -1
        p = add(p, mul(axes[k], s * e[k]))
      end
      return p
    end
    local expected = {}
    local spread = { { 0, 2, 4, 6 }, { 0, 1, 4, 5 }, { 0, 1, 2, 3 } }
    for k = 1, 3 do
      for j = 1, 4 do
        local lo = spread[k][j]
        push(expected, corner(lo), corner(lo + 2 ^ (k - 1)))
      end
    end
    assert_close(expected, collide.lines(o), 1e-12)
  end)

  it("draws a sphere's great circles across x, y and z, 16 segments each", function()
    local c, r = { 1, 2, 3 }, 2
    local expected = {}
    arc(expected, c, r, { 0, 1, 0 }, { 0, 0, 1 }, 16)
    arc(expected, c, r, { 0, 0, 1 }, { 1, 0, 0 }, 16)
    arc(expected, c, r, { 1, 0, 0 }, { 0, 1, 0 }, 16)
    local t = collide.lines(collide.sphere(c, r))
    assert.are.equal(48 * 6, #t)
    assert_close(expected, t, 1e-12)
    -- the multiples of 90 degrees are exact, and each circle closes on
    -- its first point
    assert.are.same({ 1, 4, 3 }, { t[1], t[2], t[3] })
    assert.are.same({ 1, 2, 5 }, { t[6 * 4 + 1], t[6 * 4 + 2], t[6 * 4 + 3] })
    for circle = 0, 2 do
      local first, last = circle * 96, circle * 96 + 90
      assert.are.same({ t[first + 1], t[first + 2], t[first + 3] },
        { t[last + 4], t[last + 5], t[last + 6] })
    end
  end)

  it("draws a capsule's rings and outlines, 68 segments in the documented order", function()
    local t = collide.lines(collide.capsule(0, 0, 0, 0, 2, 0, 1))
    assert.are.equal(68 * 6, #t)
    assert_close(capsule_expected({ 0, 0, 0 }, { 0, 2, 0 }, 1), t, 1e-12)
    -- along y the frame is v = z, w = x: the first ring starts at a + r z,
    -- the first outline's far point is a - r y
    assert.are.same({ 0, 0, 1 }, { t[1], t[2], t[3] })
    assert.are.same({ 0, -1, 0 }, { t[6 * 35 + 4], t[6 * 35 + 5], t[6 * 35 + 6] })
  end)

  it("puts every point of a capsule's lines at its radius from its axis", function()
    local r = H.rng(7)
    for n = 1, 200 do
      local scale = 10 ^ r(-3, 3)
      local a = { r(-1, 1) * scale, r(-1, 1) * scale, r(-1, 1) * scale }
      local b = n % 10 == 0 and { a[1], a[2], a[3] }                  -- a sphere
        or n % 10 == 1 and { a[1], a[2] + scale, a[3] }                -- along an axis
        or { r(-1, 1) * scale, r(-1, 1) * scale, r(-1, 1) * scale }
      local radius = r(0.01, 1) * scale
      local t = collide.lines(collide.capsule(a, b, radius))
      assert.are.equal(68 * 6, #t)
      local size = max(abs(a[1]), abs(a[2]), abs(a[3]), abs(b[1]), abs(b[2]), abs(b[3]), radius)
      for i = 1, #t, 3 do
        local d = segment_distance({ t[i], t[i + 1], t[i + 2] }, a, b)
        if abs(d - radius) > 1e-12 * size then
          error(("capsule %d, point %d: distance %.17g, radius %.17g"):format(n, (i + 2) / 3, d, radius))
        end
      end
      assert_close(capsule_expected(a, b, radius), t, 1e-12 * size)
    end
  end)

  it("draws a capsule with a = b about the y axis, still 68 segments", function()
    local t = collide.lines(collide.capsule(1, 2, 3, 1, 2, 3, 0.5))
    assert.are.equal(68 * 6, #t)
    assert_close(capsule_expected({ 1, 2, 3 }, { 1, 2, 3 }, 0.5), t, 1e-12)
  end)

  it("draws a hull's edges, each once", function()
    local cube = {}
    for i = 0, 7 do
      cube[#cube + 1] = i % 2; cube[#cube + 1] = math.floor(i / 2) % 2; cube[#cube + 1] = math.floor(i / 4)
    end
    local t = collide.lines(collide.hull(cube))
    assert.are.equal(12 * 6, #t)
    -- the cube's 12 edges: two corners that differ in one coordinate
    local want, seen = {}, {}
    local function key(p, q)
      local a, b = ("%g,%g,%g"):format(p[1], p[2], p[3]), ("%g,%g,%g"):format(q[1], q[2], q[3])
      if a > b then a, b = b, a end
      return a .. "|" .. b
    end
    for i = 0, 7 do
      for k = 0, 2 do
        local j = i + 2 ^ k
        if math.floor(i / 2 ^ k) % 2 == 0 then
          local p = { i % 2, math.floor(i / 2) % 2, math.floor(i / 4) }
          local q = { j % 2, math.floor(j / 2) % 2, math.floor(j / 4) }
          want[key(p, q)] = true
        end
      end
    end
    for _, s in ipairs(segments(t)) do
      for k = 1, 6 do assert.is_true(abs(s[k] - math.floor(s[k] + 0.5)) < 1e-12) end
      local p = { math.floor(s[1] + 0.5), math.floor(s[2] + 0.5), math.floor(s[3] + 0.5) }
      local q = { math.floor(s[4] + 0.5), math.floor(s[5] + 0.5), math.floor(s[6] + 0.5) }
      local k = key(p, q)
      assert.is_true(want[k], k)
      assert.is_nil(seen[k], k)
      seen[k] = true
    end
  end)

  it("draws a placed hull where it is", function()
    local pts = { 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1 }
    local moved = collide.lines(collide.hull(pts, { 10, 20, 30 }))
    local here = collide.lines(collide.hull(pts))
    assert.are.equal(6 * 6, #here)
    local shifted = {}
    for i = 1, #here do shifted[i] = here[i] + ({ 10, 20, 30 })[(i - 1) % 3 + 1] end
    assert_close(shifted, moved, 1e-12)
  end)

  it("draws a triangle's three edges a-b, b-c, c-a, a degenerate one too", function()
    assert.are.same({ 0, 0, 0, 1, 0, 0,   1, 0, 0, 0, 1, 0,   0, 1, 0, 0, 0, 0 },
      collide.lines(collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0)))
    assert.are.same({ 1, 1, 1, 1, 1, 1,   1, 1, 1, 2, 2, 2,   2, 2, 2, 1, 1, 1 },
      collide.lines(collide.triangle(1, 1, 1, 1, 1, 1, 2, 2, 2)))
  end)

  it("draws a ray from its origin to tmax along it, or one unit without tmax", function()
    assert.are.same({ 1, 2, 3, 1, 2, 8 }, collide.lines(collide.ray(1, 2, 3, 0, 0, 2, 5)))
    assert.are.same({ 1, 2, 3, 1, 3, 3 }, collide.lines(collide.ray(1, 2, 3, 0, 7, 0)))
    assert.are.same({ 1, 2, 3, 1, 2, 3 }, collide.lines(collide.ray(1, 2, 3, 1, 0, 0, 0)))
    assert_close({ 0, 0, 0, 3, 4, 0 }, collide.lines(collide.segment(0, 0, 0, 3, 4, 0)), 1e-15)
  end)

  it("draws a plane as a square of side 10 centred on its point nearest the origin", function()
    -- normal y: v = z, w = x
    assert.are.same({ -5, 2, -5, -5, 2, 5,   -5, 2, 5, 5, 2, 5,   5, 2, 5, 5, 2, -5,   5, 2, -5, -5, 2, -5 },
      collide.lines(collide.plane(0, 1, 0, 2)))
    -- normal x: v = cross(y, x) = -z, w = cross(x, -z) = y
    assert.are.same({ -3, -5, 5, -3, -5, -5,   -3, -5, -5, -3, 5, -5,   -3, 5, -5, -3, 5, 5,   -3, 5, 5, -3, -5, 5 },
      collide.lines(collide.plane(1, 0, 0, -3)))
    local r = H.rng(11)
    for _ = 1, 50 do
      local n = unit { r(-1, 1), r(-1, 1), r(-1, 1) }
      local d = r(-100, 100)
      local pl = collide.plane(n, d)
      local nx, ny, nz = pl:normal()
      n = { nx, ny, nz }
      local v, w = frame(n)
      local c = mul(n, d)
      local corners = {
        add(c, add(mul(v, -5), mul(w, -5))), add(c, add(mul(v, 5), mul(w, -5))),
        add(c, add(mul(v, 5), mul(w, 5))), add(c, add(mul(v, -5), mul(w, 5))),
      }
      local expected = {}
      for i = 1, 4 do push(expected, corners[i], corners[i % 4 + 1]) end
      local t = collide.lines(pl)
      assert_close(expected, t, 1e-12)
      for _, s in ipairs(segments(t)) do
        assert.is_true(abs(dot(n, { s[1], s[2], s[3] }) - d) < 1e-12)      -- in the plane
        local e = sub({ s[4], s[5], s[6] }, { s[1], s[2], s[3] })
        assert.is_true(abs(sqrt(dot(e, e)) - 10) < 1e-12)                  -- side 10
      end
    end
  end)

  it("keeps huge coordinates finite and draws tiny shapes", function()
    for _, s in ipairs {
      collide.sphere(1e308, -1e308, 0, 1e308), collide.capsule(-1e308, 0, 0, 1e308, 0, 0, 1e308),
      collide.obb({ 1e308, 1e308, 1e308 }, { 1e308, 1e308, 1e308 }, { 0.1, 0.2, 0.3, 0.9 }),
      collide.ray(1e308, 0, 0, 1, 0, 0, 1e308), collide.plane(0.6, 0.8, 0, 1.7e308),
      collide.sphere(0, 0, 0, 1e-300), collide.capsule(0, 0, 0, 1e-300, 0, 0, 1e-300),
    } do
      for _, x in ipairs(collide.lines(s)) do
        assert.is_true(x == x and x ~= math.huge and x ~= -math.huge, tostring(s))
      end
    end
    local t = collide.lines(collide.sphere(1e308, 0, 0, 1e308))
    assert.are.equal(1.7976931348623157e308, t[1 + 6 * 16 + 6 * 4])   -- across y: c + r x
  end)

  it("draws a mesh's triangles' edges in index order", function()
    local m = collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0, 5, 5, 5 }, { 1, 2, 3, 4, 2, 1 })
    assert.are.same({
      0, 0, 0, 1, 0, 0,   1, 0, 0, 0, 1, 0,   0, 1, 0, 0, 0, 0,
      5, 5, 5, 1, 0, 0,   1, 0, 0, 0, 0, 0,   0, 0, 0, 5, 5, 5,
    }, collide.lines(m))
    assert.are.same({}, collide.lines(collide.mesh({})))
  end)

  it("draws a heightfield's triangles' edges in index order, skipping holes", function()
    local nan = 0 / 0
    local hf = collide.heightfield({ 0, 1, 2,  3, 4, nan }, 3, 2, 2, 3, { 10, 20, 30 })
    -- cell (0, 0) alone exists: (0,0) (0,1) (1,1), then (0,0) (1,1) (1,0)
    assert.are.same({
      10, 20, 30, 10, 23, 33,   10, 23, 33, 12, 24, 33,   12, 24, 33, 10, 20, 30,
      10, 20, 30, 12, 24, 33,   12, 24, 33, 12, 21, 30,   12, 21, 30, 10, 20, 30,
    }, collide.lines(hf))
    assert.are.same({}, collide.lines(collide.heightfield({ nan, nan, nan, nan }, 2, 2)))
  end)

  it("gives a new table each call", function()
    local s = collide.sphere(0, 0, 0, 1)
    assert.are_not.equal(collide.lines(s), collide.lines(s))
  end)

  it("takes a mask or a filter table, and draws sensors", function()
    local sc = collide.scene()
    local a, b = collide.aabb(0, 0, 0, 1, 1, 1), collide.aabb(3, 0, 0, 4, 1, 1)
    sc:add("a", a, { layer = 2 })
    sc:add("b", b, { sensor = true })
    assert.are.same(collide.lines(b), sc:lines({ exclude = "a" }))
    assert.are.same(collide.lines(a), sc:lines(2))
    assert.are.same(collide.lines(a), sc:lines({ mask = 2, filter = function() return true end }))
    assert.are.equal(2 * #collide.lines(a), #sc:lines({}))
  end)

  it("names what it expects", function()
    local msg = "bad argument #1 to 'lines' (shape, mesh or heightfield expected, got %s)"
    assert.has_error(function() local _ = collide.lines() end, msg:format("no value"))
    assert.has_error(function() local _ = collide.lines(nil) end, msg:format("nil"))
    assert.has_error(function() local _ = collide.lines(1) end, msg:format("number"))
    assert.has_error(function() local _ = collide.lines({}) end, msg:format("table"))
    assert.has_error(function() local _ = collide.lines(collide.tree()) end, msg:format("collide.tree"))
    local identity = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 }
    assert.has_error(function() local _ = collide.lines(collide.frustum_from_matrix(identity)) end,
      msg:format("collide.frustum"))
    assert.has_error(function() local _ = collide.lines(setmetatable({}, getmetatable(collide.aabb(0, 0, 0, 1, 1, 1)))) end,
      msg:format("table"))
  end)
end)

-- brute force: the edges of every triangle (vertices given) whose bounds
-- meet the box (nil: all), in index order
local function brute(tris, box)
  local out = {}
  local lo, hi
  if box then
    local x1, y1, z1 = box:min()
    local x2, y2, z2 = box:max()
    lo, hi = { x1, y1, z1 }, { x2, y2, z2 }
  end
  for i = 1, #tris do
    local t = tris[i]
    if t then
      local meets = true
      if box then
        for k = 1, 3 do
          local a = math.min(t[1][k], t[2][k], t[3][k])
          local b = math.max(t[1][k], t[2][k], t[3][k])
          if a > hi[k] or b < lo[k] then meets = false end
        end
      end
      if meets then
        push(out, t[1], t[2]); push(out, t[2], t[3]); push(out, t[3], t[1])
      end
    end
  end
  return out
end

local function random_box(r, lo, hi)
  local a = { r(lo, hi), r(lo, hi), r(lo, hi) }
  local s = r(0, (hi - lo) / 5)
  return collide.aabb(a[1], a[2], a[3], a[1] + s * r(0, 1), a[2] + s * r(0, 1), a[3] + s * r(0, 1))
end

describe("scene:lines", function()
  local function flat(...)
    local out = {}
    for _, s in ipairs { ... } do
      for _, x in ipairs(collide.lines(s)) do out[#out + 1] = x end
    end
    return out
  end

  it("draws every item's lines in add order", function()
    local sc = collide.scene()
    local a, b, c, d = collide.aabb(0, 0, 0, 1, 1, 1), collide.sphere(5, 5, 5, 1),
      collide.plane(0, 1, 0, -1), collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0)
    sc:add("d", d); sc:add("a", a); sc:add("b", b); sc:add("c", c)
    assert.are.same(flat(d, a, b, c), sc:lines())
    sc:remove("a")
    local e = collide.capsule(0, 0, 0, 0, 1, 0, 0.5)
    sc:add("e", e); sc:add("a", a)
    assert.are.same(flat(d, b, c, e, a), sc:lines())
    assert.are.same({}, collide.scene():lines())
    local t1 = sc:lines()
    assert.are_not.equal(t1, sc:lines())
  end)

  it("says whose each segment is: owners[k] is the item of segment k", function()
    local sc = collide.scene()
    local box, tri = collide.aabb(0, 0, 0, 1, 1, 1), collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0)
    local mesh = collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0, 5, 0, 0, 6, 0, 0, 5, 1, 0 })
    local player = { name = "player" }
    sc:add(player, box); sc:add("tri", tri); sc:add("mesh", mesh)
    local lines, owners = sc:lines()
    local want = {}
    for _ = 1, #collide.lines(box) / 6 do want[#want + 1] = player end
    for _ = 1, 3 do want[#want + 1] = "tri" end
    for _ = 1, 6 do want[#want + 1] = "mesh" end
    assert.are.equal(#lines / 6, #owners)
    assert.are.same(want, owners)
    assert.are.equal(player, owners[1])
    -- within bounds: the mesh's triangle near the box only
    local near, near_owners = sc:lines(nil, collide.aabb(-0.5, -0.5, -0.5, 0.5, 0.5, 0.5))
    assert.are.equal(#near / 6, #near_owners)
    assert.are.equal("mesh", near_owners[#near_owners])
    assert.are.equal(#near / 6 - 3, #collide.lines(box) / 6 + 3)
    local none, no_owners = collide.scene():lines()
    assert.are.same({}, none)
    assert.are.same({}, no_owners)
  end)

  it("asks the filter once per item in add order and keeps the truthy ones", function()
    local sc = collide.scene()
    local shapes = {}
    for i = 1, 6 do
      shapes[i] = collide.sphere(i * 3, 0, 0, 1)
      sc:add(i, shapes[i])
    end
    local asked = {}
    local t = sc:lines(function(item)
      asked[#asked + 1] = item
      return item % 2 == 0 and "yes" or (item == 3 and false or nil)
    end)
    assert.are.same({ 1, 2, 3, 4, 5, 6 }, asked)
    assert.are.same(flat(shapes[2], shapes[4], shapes[6]), t)
    assert.are.same({}, sc:lines(function() return false end))
  end)

  it("keeps the items whose bounds meet the bounds, touching counts", function()
    local sc = collide.scene()
    local touching = collide.aabb(2, 0, 0, 3, 1, 1)          -- touches x = 2
    local apart = collide.aabb(2.5, 0, 0, 3, 1, 1)
    local corner = collide.sphere(2.9, 1.9, 0.5, 1)          -- bounds meet, sphere does not
    local plane_in = collide.plane(0, 1, 0, 0.5)
    local plane_out = collide.plane(0, 1, 0, 5)
    local ray_in = collide.ray(-10, 0.5, 0.5, 1, 0, 0)
    local ray_out = collide.ray(-10, 5, 0.5, 1, 0, 0)
    sc:add(1, touching); sc:add(2, apart); sc:add(3, corner); sc:add(4, plane_in)
    sc:add(5, plane_out); sc:add(6, ray_in); sc:add(7, ray_out)
    local bounds = collide.aabb(0, 0, 0, 2, 1, 1)
    assert.is_false(collide.intersects(corner, collide.aabb(0, 0, 0, 2, 1, 1)))
    assert.are.same(flat(touching, corner, plane_in, ray_in), sc:lines(nil, bounds))
    local asked = {}
    assert.are.same(flat(corner, ray_in), sc:lines(function(item)
      asked[#asked + 1] = item
      return item == 3 or item == 6
    end, bounds))
    assert.are.same({ 1, 3, 4, 6 }, asked)
  end)

  it("draws a mesh's triangles within the bounds as brute force does", function()
    local r = H.rng(5)
    for round = 1, 3 do
      local nv, nt = 60 + 200 * round, 100 + 700 * round
      local verts, idx, tris = {}, {}, {}
      for i = 1, nv do
        verts[#verts + 1] = { r(-50, 50), r(-5, 5), r(-50, 50) }
      end
      for i = 1, nt do
        -- small triangles near a vertex, so that the hierarchy has many nodes
        local a = math.floor(r(0, nv)) + 1
        local p = verts[a]
        local t = { p, { p[1] + r(-2, 2), p[2] + r(-2, 2), p[3] + r(-2, 2) },
                    { p[1] + r(-2, 2), p[2] + r(-2, 2), p[3] + r(-2, 2) } }
        tris[i] = t
      end
      local flatv = {}
      for i = 1, nt do
        for k = 1, 3 do
          for c = 1, 3 do flatv[#flatv + 1] = tris[i][k][c] end
        end
        idx[#idx + 1] = 3 * i - 2; idx[#idx + 1] = 3 * i - 1; idx[#idx + 1] = 3 * i
      end
      local m = collide.mesh(flatv, idx)
      assert_array(brute(tris), collide.lines(m))
      local sc = collide.scene()
      sc:add("m", m)
      assert_array(brute(tris), sc:lines())
      for _ = 1, 20 do
        local box = random_box(r, -60, 60)
        local got = sc:lines(nil, box)
        assert_array(brute(tris, box), got)
      end
      -- a box that holds everything, and one exactly on a vertex
      assert_array(brute(tris), sc:lines(nil, collide.aabb(-100, -100, -100, 100, 100, 100)))
      local p = tris[1][1]
      local onto = collide.aabb(p[1], p[2], p[3], p[1], p[2], p[3])
      local got = sc:lines(nil, onto)
      assert.is_true(#got >= 18)
      assert_array(brute(tris, onto), got)
    end
  end)

  it("draws a heightfield's triangles within the bounds as brute force does", function()
    local r = H.rng(9)
    local nan = 0 / 0
    for round = 1, 3 do
      local columns, rows = 5 + 13 * round, 4 + 9 * round
      local sx, sz, o = r(0.2, 3), r(0.2, 3), { r(-20, 0), r(-5, 5), r(-20, 0) }
      local heights = {}
      for k = 1, columns * rows do heights[k] = r(0, 1) < 0.05 and nan or r(-4, 4) end
      local hf = collide.heightfield(heights, columns, rows, sx, sz, o)
      -- the triangles as doc/heightfield.md numbers them, nil in a hole
      local function vertex(i, j)
        local h = heights[j * columns + i + 1]
        return h == h and { o[1] + i * sx, o[2] + h, o[3] + j * sz } or nil
      end
      local tris = {}
      for j = 0, rows - 2 do
        for i = 0, columns - 2 do
          local a, b, c, d = vertex(i, j), vertex(i, j + 1), vertex(i + 1, j + 1), vertex(i + 1, j)
          local n = 2 * (j * (columns - 1) + i)
          if a and b and c and d then
            tris[n + 1] = { a, b, c }
            tris[n + 2] = { a, c, d }
          else
            tris[n + 1], tris[n + 2] = false, false
          end
        end
      end
      assert_array(brute(tris), collide.lines(hf))
      local sc = collide.scene()
      sc:add("hf", hf)
      for _ = 1, 30 do
        local box = random_box(r, -25, 30)
        assert_array(brute(tris, box), sc:lines(nil, box))
      end
      -- boxes on grid lines and beyond the grid
      local x0, z0 = o[1] + 2 * sx, o[3] + 3 * sz
      local line_box = collide.aabb(x0, -100, z0, x0, 100, z0)
      assert_array(brute(tris, line_box), sc:lines(nil, line_box))
      local far = collide.aabb(1e6, -1, 1e6, 1e6 + 1, 1, 1e6 + 1)
      assert.are.same({}, sc:lines(nil, far))
      local above = collide.aabb(-1e9, 100, -1e9, 1e9, 200, 1e9)
      assert.are.same({}, sc:lines(nil, above))
    end
  end)

  it("refuses changes from its filter and passes the filter's error on", function()
    local sc = collide.scene()
    sc:add("a", collide.aabb(0, 0, 0, 1, 1, 1))
    assert.has_error(function() local _ = sc:lines(function() sc:remove("a") end) end,
      "cannot change a scene during its lines")
    assert.is_true(sc:has("a"))
    local ok, err = pcall(sc.lines, sc, function() error({ code = 7 }) end)
    assert.is_false(ok)
    assert.are.same({ code = 7 }, err)
    -- a query from the filter works
    local seen
    local t = sc:lines(function(item)
      seen = sc:query(collide.sphere(0.5, 0.5, 0.5, 0.1))[1]
      return item
    end)
    assert.are.equal("a", seen)
    assert.are.equal(72, #t)
    sc:remove("a")
    assert.are.same({}, sc:lines())
  end)

  it("takes a mask or a filter table, and draws sensors", function()
    local sc = collide.scene()
    local a, b = collide.aabb(0, 0, 0, 1, 1, 1), collide.aabb(3, 0, 0, 4, 1, 1)
    sc:add("a", a, { layer = 2 })
    sc:add("b", b, { sensor = true })
    assert.are.same(collide.lines(b), sc:lines({ exclude = "a" }))
    assert.are.same(collide.lines(a), sc:lines(2))
    assert.are.same(collide.lines(a), sc:lines({ mask = 2, filter = function() return true end }))
    assert.are.equal(2 * #collide.lines(a), #sc:lines({}))
  end)

  it("names what it expects", function()
    local sc = collide.scene()
    assert.has_error(function() local _ = sc:lines(5.5) end,
      "bad argument #1 to 'lines' (number has no integer representation)")
    assert.has_error(function() local _ = sc:lines({ sensor = true }) end,
      "bad argument #1 to 'lines' (invalid field 'sensor')")
    assert.has_error(function() local _ = sc:lines("x") end,
      "bad argument #1 to 'lines' (function, integer or table expected, got string)")
    assert.has_error(function() local _ = sc:lines(collide.aabb(0, 0, 0, 1, 1, 1)) end,
      "bad argument #1 to 'lines' (function, integer or table expected, got collide.aabb)")
    assert.has_error(function() local _ = sc:lines(nil, 5) end,
      "bad argument #2 to 'lines' (collide.aabb expected, got number)")
    assert.has_error(function() local _ = sc:lines(nil, collide.sphere(0, 0, 0, 1)) end,
      "bad argument #2 to 'lines' (collide.aabb expected, got collide.sphere)")
    assert.has_error(function() local _ = sc:lines(nil, {}) end,
      "bad argument #2 to 'lines' (collide.aabb expected, got table)")
    assert.has_error(function() local _ = sc.lines(5) end,
      "calling 'lines' on bad self (collide.scene expected, got number)")
    assert.has_error(function() local _ = sc.lines() end,
      "calling 'lines' on bad self (collide.scene expected, got nil)")
  end)
end)
