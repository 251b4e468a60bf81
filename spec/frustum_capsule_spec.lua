-- collide.frustum with capsules, and the frustum as a core object: exact
-- capsule classification (touching, near an edge or a corner, a segment
-- crossing the solid with both ends outside, a point capsule as the
-- sphere), the planes table, errors of a bad self, and query_frustum with
-- capsules. The randomised check compares with an independent method
-- written here: the distance from the segment to the solid by a ternary
-- search along the segment (the distance from a convex set is convex),
-- each point's distance found face by face and edge by edge.
local collide = require "collide"
local H = require "helpers"

local sqrt, abs, max, min = math.sqrt, math.abs, math.max, math.min
local unpack = table.unpack or unpack

local M = require "matrix"
local P = collide.plane
local mul, perspective, look_at = M.mul, M.perspective, M.look_at
local sub, dot, unit = M.sub, M.dot, M.unit

local function box_planes(...) return M.box_planes(collide, ...) end
local function box_frustum(...) return collide.frustum(unpack(box_planes(...))) end

-- ---------------------------------------------------------------------
-- the independent reference

local EDGES = { { 1, 2 }, { 3, 4 }, { 1, 3 }, { 2, 4 }, { 5, 6 }, { 7, 8 }, { 5, 7 }, { 6, 8 },
  { 1, 5 }, { 2, 6 }, { 3, 7 }, { 4, 8 } }

local function solid_of(f)
  local v, c, planes = { f:corners() }, {}, {}
  for i = 1, 8 do c[i] = { v[3 * i - 2], v[3 * i - 1], v[3 * i] } end
  for i = 1, 6 do
    local p = f:plane(i)
    planes[i] = { n = { p:normal() }, d = p:d() }
  end
  return { c = c, planes = planes }
end

local function seg_dist(p, a, b)
  local ab, ap = sub(b, a), sub(p, a)
  local ll = dot(ab, ab)
  local t = ll > 0 and max(0, min(1, dot(ap, ab) / ll)) or 0
  local q = { a[1] + t * ab[1], a[2] + t * ab[2], a[3] + t * ab[3] }
  local d = sub(p, q)
  return sqrt(dot(d, d))
end

-- the distance from p to the solid: 0 inside; else the nearest of the
-- faces where p's foot falls inside the face (the other five planes hold
-- it) and of the edges
local function point_dist(S, p)
  local inside, best = true, math.huge
  for _, pl in ipairs(S.planes) do
    if dot(pl.n, p) - pl.d < 0 then inside = false end
  end
  if inside then return 0 end
  for k, pl in ipairs(S.planes) do
    local s = dot(pl.n, p) - pl.d
    local q = { p[1] - s * pl.n[1], p[2] - s * pl.n[2], p[3] - s * pl.n[3] }
    local ok = true
    for j, other in ipairs(S.planes) do
      if j ~= k and dot(other.n, q) - other.d < -1e-12 * (1 + abs(other.d)) then ok = false end
    end
    if ok then best = min(best, abs(s)) end
  end
  for _, e in ipairs(EDGES) do best = min(best, seg_dist(p, S.c[e[1]], S.c[e[2]])) end
  return best
end

-- the least distance from the segment ab to the solid
local function segment_dist(S, a, b)
  local function at(t) return point_dist(S, { a[1] + t * (b[1] - a[1]), a[2] + t * (b[2] - a[2]), a[3] + t * (b[3] - a[3]) }) end
  local lo, hi = 0, 1
  for _ = 1, 70 do
    local m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
    if at(m1) <= at(m2) then hi = m2 else lo = m1 end
  end
  return min(at(lo), at(0), at(1))
end

-- 1 when both ends are deeper than r behind every plane
local function inside(S, a, b, r)
  for _, pl in ipairs(S.planes) do
    if min(dot(pl.n, a), dot(pl.n, b)) - pl.d <= r then return false end
  end
  return true
end

describe("collide.frustum and capsules", function()
  local f = box_frustum(0, 0, 0, 10, 10, 10)
  local C = collide.capsule

  it("inside, touching a face from inside, behind one plane, across a face", function()
    assert.are.equal(1, f:classify(C(1, 1, 1, 9, 9, 9, 0.5)))
    assert.are.equal(0, f:classify(C(1, 1, 1, 9, 9, 9, 1)))            -- its ends touch three faces
    assert.are.equal(-1, f:classify(C(-3, 5, 5, -3, 6, 6, 1)))
    assert.are.equal(0, f:classify(C(-1, 5, 5, 1, 5, 5, 0.1)))
    assert.are.equal(0, f:classify(C(-1, 5, 5, 1, 5, 5, 0.1), "planes"))
    assert.are.equal(0, f:classify(C(-5, -5, -5, 15, 15, 15, 40)))      -- holds the whole frustum
    assert.is_true(f:intersects(C(10, 5, 5, 12, 5, 5, 0)))              -- touches the right face
    assert.is_false(f:intersects(C(10.5, 5, 5, 12, 5, 5, 0.25)))
  end)

  it("beside an edge: -1 below the distance, 0 at it, 0 by planes", function()
    -- the segment x = -3, y = -4 runs along the edge x = y = 0, 5 away
    assert.are.equal(-1, f:classify(C(-3, -4, 2, -3, -4, 8, 4.999999)))
    assert.are.equal(0, f:classify(C(-3, -4, 2, -3, -4, 8, 5)))
    assert.are.equal(0, f:classify(C(-3, -4, 2, -3, -4, 8, 4.999999), "planes"))
    assert.is_false(f:intersects(C(-3, -4, 2, -3, -4, 8, 4.999999)))
    -- a segment with both ends outside, crossing the solid near the edge
    assert.are.equal(0, f:classify(C(-1, 5, 5, 5, -1, 5, 0)))
    -- and one passing the edge 0.5 / sqrt(2) = 0.35355 away
    assert.are.equal(-1, f:classify(C(-1, 0.5, 5, 0.5, -1, 5, 0.35)))
    assert.are.equal(0, f:classify(C(-1, 0.5, 5, 0.5, -1, 5, 0.36)))
    assert.are.equal(0, f:classify(C(-1, 0.5, 5, 0.5, -1, 5, 0.35), "planes"))
  end)

  it("beside a corner of a perspective frustum", function()
    -- gluPerspective(90 deg, 2, 1, 10): the near-top-right corner (2, 1, -1)
    -- and its faces' outward normals; along their sum the corner is the
    -- nearest point of the solid, and no single plane is 0.49 away
    local p = collide.frustum_from_matrix(perspective(math.pi / 2, 2, 1, 10))
    local n1, n2, n3 = unit({ 1, 0, 2 }), unit({ 0, 1, 1 }), { 0, 0, 1 }
    local dir = unit({ n1[1] + n2[1] + n3[1], n1[2] + n2[2] + n3[2], n1[3] + n2[3] + n3[3] })
    local a = { 2 + 0.5 * dir[1], 1 + 0.5 * dir[2], -1 + 0.5 * dir[3] }
    local b = { 2 + 3 * dir[1], 1 + 3 * dir[2], -1 + 3 * dir[3] }
    assert.are.equal(-1, p:classify(C(a, b, 0.49)))
    assert.are.equal(0, p:classify(C(a, b, 0.51)))
    assert.are.equal(0, p:classify(C(a, b, 0.49), "planes"))
    assert.are.equal(0, p:classify(C(b, a, 0.51)))
  end)

  it("a capsule whose ends coincide is the sphere", function()
    local p = collide.frustum_from_matrix(perspective(math.pi / 2, 2, 1, 10))
    local cases = { { -1, -1, 5, 1.4 }, { -1, -1, 5, 1.5 }, { -1, -1, -1, 1.7 }, { -1, -1, -1, 1.75 },
      { 5, 5, 5, 4.9 }, { 5, 5, 5, 5 }, { 12, 5, 5, 2 } }
    for _, c in ipairs(cases) do
      local x, y, z, r = unpack(c)
      assert.are.equal(f:classify(collide.sphere(x, y, z, r)), f:classify(C(x, y, z, x, y, z, r)))
      assert.are.equal(f:classify(collide.sphere(x, y, z, r), "planes"), f:classify(C(x, y, z, x, y, z, r), "planes"))
    end
    for _, c in ipairs({ { 2.2, 1.2, -0.8, 0.3 }, { 2.2, 1.2, -0.8, 0.4 }, { 0, 0, -5, 1 }, { 0, 0, 0, 0.5 } }) do
      local x, y, z, r = unpack(c)
      assert.are.equal(p:classify(collide.sphere(x, y, z, r)), p:classify(C(x, y, z, x, y, z, r)))
    end
    assert.are.equal(-1, f:classify(C(-1, -1, 5, -1, -1, 5, 1.4)))
    assert.are.equal(0, f:classify(C(-1, -1, 5, -1, -1, 5, 1.5)))
  end)

  it("huge and tiny frustums", function()
    local big = box_frustum(-1e150, -1e150, -1e150, 1e150, 1e150, 1e150)
    assert.are.equal(1, big:classify(C(-1e149, 0, 0, 1e149, 0, 0, 1e149)))
    assert.are.equal(-1, big:classify(C(-2e150, -2e150, 0, -3e150, -2e150, 0, 1.4e150)))
    assert.are.equal(0, big:classify(C(-2e150, -2e150, 0, -3e150, -2e150, 0, 1.5e150)))
    -- (a frustum keeps its corners apart by more than 1e-9: no smaller one)
    local tiny = box_frustum(0, 0, 0, 1e-6, 1e-6, 1e-6)
    assert.are.equal(-1, tiny:classify(C(-1e-6, -1e-6, 0, -1e-6, -1e-6, 1e-6, 1.4e-6)))
    assert.are.equal(0, tiny:classify(C(-1e-6, -1e-6, 0, -1e-6, -1e-6, 1e-6, 1.5e-6)))
    assert.are.equal(1, tiny:classify(C(4e-7, 4e-7, 4e-7, 6e-7, 6e-7, 6e-7, 1e-7)))
  end)

  describe("randomised against the segment's distance (fixed seeds)", function()
    for seed = 1, 2 do
      it("seed " .. seed, function()
        local r = H.rng(seed * 7919)
        local counts = { [-1] = 0, [0] = 0, [1] = 0, corner = 0 }
        for _ = 1, 12 do
          local eye = { r(-5, 5), r(-5, 5), r(-5, 5) }
          local target = { r(-5, 5), r(-5, 5), r(-5, 5) }
          local m = mul(perspective(r(0.5, 1.8), r(0.6, 2), r(0.3, 2), r(8, 30)), look_at(eye, target, { 0, 1, 0 }))
          local fr = collide.frustum_from_matrix(m)
          local S = solid_of(fr)
          for _ = 1, 40 do
            local c1, c2 = S.c[math.floor(r(1, 9 - 1e-9))], S.c[math.floor(r(1, 9 - 1e-9))]
            local t, s = r(0, 1), r(0.2, 4)
            local a = { c1[1] + t * (c2[1] - c1[1]) + r(-s, s), c1[2] + t * (c2[2] - c1[2]) + r(-s, s),
              c1[3] + t * (c2[3] - c1[3]) + r(-s, s) }
            local b = { a[1] + r(-4, 4), a[2] + r(-4, 4), a[3] + r(-4, 4) }
            if r(0, 1) < 0.1 then b = a end
            local rad = r(0, 2)
            local d = segment_dist(S, a, b)
            local expect = inside(S, a, b, rad) and 1 or (d <= rad and 0 or -1)
            local cap = C(a, b, rad)
            if abs(d - rad) > 1e-8 then
              local got = fr:classify(cap)
              assert.are.equal(expect, got, tostring(cap))
              assert.are.equal(expect >= 0, fr:intersects(cap))
              local cheap = fr:classify(cap, "planes")
              assert.is_true(cheap >= got and (got ~= 1 or cheap == 1), "planes mode is conservative")
              counts[got] = counts[got] + 1
              if got == -1 and cheap == 0 then counts.corner = counts.corner + 1 end
            end
          end
        end
        assert.is_true(counts[-1] > 80 and counts[0] > 150 and counts[1] > 10 and counts.corner > 10,
          string.format("-1: %d, 0: %d, 1: %d, corner: %d", counts[-1], counts[0], counts[1], counts.corner))
      end)
    end
  end)

  it("scene:query_frustum finds a capsule exactly", function()
    local s = collide.scene()
    s:add("across", C(-1, 5, 5, 1, 5, 5, 0.1))
    s:add("by the edge", C(-3, -4, 2, -3, -4, 8, 4.999999))
    s:add("touching the edge", C(-3, -4, 2, -3, -4, 8, 5))
    s:add("inside", C(1, 1, 1, 9, 9, 9, 0.5))
    assert.are.same({ "across", "touching the edge", "inside" }, s:query_frustum(f))
  end)
end)

describe("the frustum as a core object", function()
  it(":planes() is one array of copies, kept up to date by set and set_matrix", function()
    local given = box_planes(0, 0, 0, 10, 10, 10)
    local f = collide.frustum(unpack(given))
    local planes = f:planes()
    assert.are.equal(planes, f:planes())
    assert.are.equal(6, #planes)
    given[1]:set(1, 0, 0, 5)
    assert.are.equal(0, planes[1]:d())
    f:set(unpack(box_planes(-1, -2, -3, 4, 5, 6)))
    assert.are.equal(planes, f:planes())
    assert.are.equal(P(0, -1, 0, -5), planes[4])
    f:set_matrix(perspective(math.pi / 2, 2, 1, 10))
    assert.are.equal(tostring(f:plane(5)), tostring(planes[5]))
    -- a refused change leaves them too
    assert.has_error(function() f:set_matrix({}) end,
      "bad argument #1 to 'set_matrix' (number expected at index 1, got nil)")
    assert.are.equal(tostring(f:plane(5)), tostring(planes[5]))
    -- what the tree's query_convex takes
    local t = collide.tree()
    t:insert(collide.aabb(0, 0, -5, 1, 1, -4), 1)
    t:insert(collide.aabb(0, 0, 5, 1, 1, 6), 2)
    assert.are.same({ 1 }, t:query_convex(f:planes()))
  end)

  it("tostring, the metatable and a bad self", function()
    local f = box_frustum(0, 0, 0, 1, 2, 3)
    assert.are.equal("frustum((1, 0, 0), 0; (-1, 0, 0), -1; (0, 1, 0), 0; (0, -1, 0), -2; (0, 0, 1), 0; (0, 0, -1), -3)",
      tostring(f))
    local mt = getmetatable(f)
    assert.are.equal("collide.frustum", mt.__name)
    assert.are.equal(mt, require("collide.frustum").Frustum)
    local methods = debug.getmetatable(f).__index   -- the real one: getmetatable gives a protected name
    local ok, err = pcall(methods.classify, collide.aabb(0, 0, 0, 1, 1, 1), 1, 2, 3)
    assert.is_false(ok)
    assert.are.equal("calling 'classify' on bad self (collide.frustum expected, got collide.aabb)", err)
    ok, err = pcall(methods.corners, {})
    assert.is_false(ok)
    assert.are.equal("calling 'corners' on bad self (collide.frustum expected, got table)", err)
    assert.has_error(function() f:classify(f) end,
      "bad argument #1 to 'classify' (shape or vector expected, got collide.frustum)")
  end)
end)
