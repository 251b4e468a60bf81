-- collide.distance(a, b) and s:distance(shape): the distance between two of
-- aabb, obb, sphere, triangle and capsule, and a closest point of each.
-- The two points certify themselves: each lies on its shape (the shape's
-- distance to it is 0), they are d apart, and the slab between them, normal
-- to pb - pa, separates the shapes (checked with support points from the
-- shapes' corners, vertices, centres and radii: spec/motion_ref.lua). So a
-- wrong d cannot pass: the points bound it from above, the slab from below.
local collide = require "collide"
local H = require "helpers"
local R = require "motion_ref"

local abs = math.abs

local KINDS = { "aabb", "obb", "sphere", "triangle", "capsule" }

-- random shapes, zero-size boxes and spheres included
local function makers(r) return H.shape_makers(r, 1.3, 0) end

-- fails unless d, pa, pb certify the distance between a and b
local function certify(a, b, got, where)
  local d, pa, pb = got[1], { got[2], got[3], got[4] }, { got[5], got[6], got[7] }
  assert.are.equal(7, got.n, where)
  local scale = math.max(R.scale(a), R.scale(b))
  local tol = 1e-9 * scale
  assert.is_true(d >= 0, where)
  assert.is_true(abs(R.len(R.sub(pb, pa)) - d) <= tol, where .. ": |pb - pa| is not d")
  assert.is_true(a:distance(pa) <= tol, where .. ": pa is not on a")
  assert.is_true(b:distance(pb) <= tol, where .. ": pb is not on b")
  if d > tol then
    local n = R.sub(pb, pa)
    n = { n[1] / d, n[2] / d, n[3] / d }
    -- a lies below the slab's face through pa, b above the one through pb
    assert.is_true(R.h(a, n) <= R.dot(n, pa) + tol, where .. ": a crosses the slab")
    assert.is_true(-R.h(b, { -n[1], -n[2], -n[3] }) >= R.dot(n, pb) - tol, where .. ": b crosses the slab")
    assert.is_false(collide.intersects(a, b), where)
  elseif d == 0 then
    assert.are.same(pa, pb, where .. ": one common point twice")
    assert.is_true(collide.intersects(a, b), where)
  end
end

describe("collide.distance", function()
  it("exact cases: apart, touching, overlapping, degenerate", function()
    H.assert_vals({ 2, 1, 0, 0, 3, 0, 0 }, 1e-15,
      collide.distance(collide.sphere(0, 0, 0, 1), collide.sphere(5, 0, 0, 2)))
    H.assert_vals({ math.sqrt(3), 1, 1, 1, 2, 2, 2 }, 1e-15,
      collide.distance(collide.aabb(0, 0, 0, 1, 1, 1), collide.aabb(2, 2, 2, 3, 3, 3)))
    -- a capsule's end cap and a box's corner
    H.assert_vals({ math.sqrt(3) - 1, 1 / math.sqrt(3), 3 + 1 / math.sqrt(3), 1 / math.sqrt(3), 1, 4, 1 }, 1e-12,
      collide.distance(collide.capsule(0, 0, 0, 0, 3, 0, 1), collide.aabb(1, 4, 1, 2, 5, 2)))
    -- crossing segments (zero radius), one above the other
    H.assert_vals({ 2, 0.5, 0, 0, 0.5, 0, 2 }, 1e-15,
      collide.distance(collide.capsule(-1, 0, 0, 3, 0, 0, 0), collide.capsule(0.5, -2, 2, 0.5, 5, 2, 0)))
    -- a triangle above a box's face: the vertex nearest it
    H.assert_vals({ 1, 0.5, 0.5, 1, 0.5, 0.5, 2 }, 1e-15,
      collide.distance(collide.aabb(0, 0, 0, 1, 1, 1), collide.triangle(0.5, 0.5, 2, 3, 0.5, 3, 0.5, 3, 3)))
    -- touching: d = 0 and one point twice
    H.assert_vals({ 0, 1, 0, 0, 1, 0, 0 }, 1e-15,
      collide.distance(collide.sphere(0, 0, 0, 1), collide.capsule(2, 0, 0, 4, 0, 0, 1)))
    local got = H.pack(collide.distance(collide.aabb(0, 0, 0, 2, 2, 2), collide.sphere(1, 1, 1, 0.5)))
    assert.are.equal(0, got[1])
    assert.are.same({ got[2], got[3], got[4] }, { got[5], got[6], got[7] })
    assert.is_true(collide.sphere(1, 1, 1, 0.5):contains(got[2], got[3], got[4]))
  end)

  it("s:distance(shape) is collide.distance(s, shape); s:distance(point) unchanged", function()
    local c, box = collide.capsule(0, 0, 0, 0, 3, 0, 1), collide.aabb(1, 4, 1, 2, 5, 2)
    assert.are.same(H.pack(collide.distance(c, box)), H.pack(c:distance(box)))
    assert.are.same(H.pack(collide.distance(box, c)), H.pack(box:distance(c)))
    H.assert_exact({ 1 }, box:distance(1, 6, 1))
  end)

  it("huge and tiny coordinates", function()
    H.assert_vals({ 2e15, 1e15, 0, 0, 3e15, 0, 0 }, 1e-12,
      collide.distance(collide.sphere(0, 0, 0, 1e15), collide.sphere(5e15, 0, 0, 2e15)))
    local tiny = H.pack(collide.distance(collide.sphere(0, 0, 0, 1e-15),
      collide.aabb(3e-15, -1e-15, -1e-15, 4e-15, 1e-15, 1e-15)))
    for k = 1, tiny.n do tiny[k] = tiny[k] * 1e15 end    -- relative to the sizes
    H.assert_near({ 2, 1, 0, 0, 3, 0, 0 }, tiny, 1e-12)
    local big = 1e12
    H.assert_vals({ 1, big + 1, 0, 0, big + 2, 0, 0 }, 1e-12,
      collide.distance(collide.aabb(big, -1, -1, big + 1, 0, 0), collide.capsule(big + 2, 0, 0, big + 3, 0, 0, 0)))
  end)

  for i, ka in ipairs(KINDS) do
    for j = i, #KINDS do
      local kb = KINDS[j]
      it(ka .. " - " .. kb .. ": certified by the points and the slab (300 random pairs, both orders)", function()
        local r = H.rng(300 + 10 * i + j)
        local make = makers(r)
        local apart, meeting = 0, 0
        for case = 1, 300 do
          local a, b = make[ka](), make[kb]()
          local where = ("case %d: %s, %s"):format(case, tostring(a), tostring(b))
          local got = H.pack(collide.distance(a, b))
          certify(a, b, got, where .. " -> " .. H.fmt(got))
          local back = H.pack(collide.distance(b, a))
          certify(b, a, back, where .. " (swapped) -> " .. H.fmt(back))
          assert.is_true(abs(got[1] - back[1]) <= 1e-9 * math.max(R.scale(a), R.scale(b)), where)
          if got[1] > 0 then apart = apart + 1 else meeting = meeting + 1 end
        end
        assert.is_true(apart > 30 and meeting > 20, ("%d apart, %d meeting"):format(apart, meeting))
      end)
    end
  end

  it("errors name the kinds it takes", function()
    local box = collide.aabb(0, 0, 0, 1, 1, 1)
    local K = "aabb, obb, sphere, triangle, capsule, hull or compound"
    local cases = {
      { "bad argument #1 to 'distance' (" .. K .. " expected, got collide.plane)",
        function() collide.distance(collide.plane(0, 1, 0, 0), box) end },
      { "bad argument #2 to 'distance' (" .. K .. " expected, got collide.ray)",
        function() collide.distance(box, collide.ray(0, 0, 0, 1, 0, 0)) end },
      { "bad argument #2 to 'distance' (" .. K .. " expected, got no value)", function() collide.distance(box) end },
      { "bad argument #1 to 'distance' (" .. K .. " expected, got table)", function() collide.distance({}, box) end },
      { "bad argument #2 to 'distance' (" .. K .. " expected, got collide.mesh)",
        function() collide.distance(box, collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 })) end },
      { "bad argument #1 to 'distance' (" .. K .. " expected, got collide.plane)",
        function() box:distance(collide.plane(0, 1, 0, 0)) end },
      { "calling 'distance' on bad self (" .. K .. " expected, got collide.ray)",
        function() collide.ray(0, 0, 0, 1, 0, 0):distance(box) end },
      { "bad argument #1 to 'distance' (vector expected, got collide.mesh)",
        function() box:distance(collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 })) end },
    }
    for _, c in ipairs(cases) do assert.has_error(c[2], c[1]) end
  end)
end)
