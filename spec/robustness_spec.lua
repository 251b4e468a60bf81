-- spec/robustness_spec.lua: numerical robustness (doc/robustness.md).
--  * Scale and offset: the same configurations at scale 1e-6, 1 and 1e6 and
--    moved by 1e6; the expected values are the unit-scale ones (worked out
--    by hand below) mapped through x -> s * x + o, and the tolerance is the
--    rounding of the coordinates involved: 64 * eps * (|o| + s).
--  * Nearly parallel edges: boxes whose edges are parallel within 1e-12 ..
--    1e-4 radians, just apart and just overlapping.
--  * Slivers: triangles of height 1e-4 .. 1e-8 (and 1e-10, degenerate: a
--    segment) against points, rays, spheres, boxes.
local collide = require "collide"

local EPS = 2.220446049250313e-16

local function near(a, b, tol) return math.abs(a - b) <= tol end

local function assert_near(want, got, tol, what)
  assert.are.equal(#want, #got, what .. ": result count")
  for i = 1, #want do
    assert.is_true(near(want[i], got[i], tol),
      ("%s: result %d is %.17g, want %.17g (tol %g)"):format(what, i, got[i], want[i], tol))
  end
end

describe("robustness", function()
  -- scale s, offset o: x -> s * x + o (o on every axis)
  local frames = {
    { 1, 0 }, { 1e6, 0 }, { 1e-6, 0 }, { 1, 1e6 }, { 1e-6, 1 }, { 1e6, 1e6 }, { 1e-3, -1e3 },
  }
  for _, fr in ipairs(frames) do
    local s, o = fr[1], fr[2]
    local function P(x, y, z) return s * x + o, s * y + o, s * z + o end
    local function V(x, y, z) return { P(x, y, z) } end
    local function L(x) return s * x end               -- a length
    local tpos = 64 * EPS * (math.abs(o) + s)           -- positions, t, depths
    local tdir = tpos / s                               -- normals, u, v

    describe(("at scale %g, offset %g"):format(s, o), function()
      it("casts at a box, a sphere, a triangle and a plane", function()
        local box = collide.aabb(V(0, 0, 0), V(1, 1, 1))
        local t, px, py, pz, nx, ny, nz = collide.ray(V(-1, 0.25, 0.5), 1, 0, 0):cast(box)
        assert_near({ L(1) }, { t }, tpos, "box t")
        assert_near({ P(0, 0.25, 0.5) }, { px, py, pz }, tpos, "box point")
        assert.are.same({ -1, 0, 0 }, { nx, ny, nz })

        local sph = collide.sphere(V(0, 0, 0), L(1))
        t, px, py, pz, nx, ny, nz = collide.ray(V(-3, 0, 0), 1, 0, 0):cast(sph)
        assert_near({ L(2), P(-1, 0, 0) }, { t, px, py, pz }, tpos, "sphere t, point")
        assert_near({ -1, 0, 0 }, { nx, ny, nz }, tdir, "sphere normal")

        local tri = collide.triangle(V(0, 0, 0), V(1, 0, 0), V(0, 1, 0))
        local u, v
        t, px, py, pz, nx, ny, nz, u, v = collide.ray(V(0.3, 0.2, 2), 0, 0, -1):cast(tri)
        assert_near({ L(2) }, { t }, tpos, "triangle t")
        assert_near({ P(0.3, 0.2, 0) }, { px, py, pz }, tpos, "triangle point")
        assert_near({ 0, 0, 1, 0.3, 0.2 }, { nx, ny, nz, u, v }, tdir, "triangle n, u, v")

        local pl = collide.plane_from_point(V(0, 0, 0.5), 0, 0, 1)
        t = collide.ray(V(0.5, 0.5, 3), 0, 0, -1):cast(pl)
        assert_near({ L(2.5) }, { t }, tpos, "plane t")
      end)

      it("finds contacts and closest points", function()
        local a = collide.aabb(V(0, 0, 0), V(1, 1, 1))
        local b = collide.aabb(V(0.75, 0.25, 0.25), V(1.75, 0.75, 0.75))
        assert_near({ 1, 0, 0, L(0.25) }, { collide.contact(a, b) }, tpos, "aabb-aabb")
        local o2 = collide.obb(V(1.5, 0.5, 0.5), L(0.75), L(0.25), L(0.25))
        assert_near({ 1, 0, 0, L(0.25) }, { collide.contact(a, o2) }, tpos, "aabb-obb")
        local tri = collide.triangle(V(0, 0, 0), V(1, 0, 0), V(0, 1, 0))
        local sph = collide.sphere(V(0.25, 0.25, 0.5), L(1))
        assert_near({ 0, 0, 1, L(0.5) }, { collide.contact(tri, sph) }, tpos, "triangle-sphere")
        assert_near({ P(1, 0.5, 1) }, { a:closest_point(V(2, 0.5, 3)) }, tpos, "closest point")
        assert_near({ L(math.sqrt(5)) }, { a:distance(V(2, 0.5, 3)) }, tpos, "distance")
        assert_near({ P(0.25, 0.25, 0) }, { tri:closest_point(V(0.25, 0.25, -7)) }, tpos,
          "closest point on a triangle")
      end)

      it("tells apart and overlapping by a thousandth of the size", function()
        local a = collide.aabb(V(0, 0, 0), V(1, 1, 1))
        for _, g in ipairs { 1e-3, -1e-3 } do
          local want = g < 0
          local b = collide.obb(V(1.5 + g, 0.5, 0.5), L(0.5), L(0.5), L(0.5), 0, 0, 0, 1)
          assert.are.equal(want, collide.intersects(a, b), "obb gap " .. g)
          local sp = collide.sphere(V(2 + g, 0.5, 0.5), L(1))
          assert.are.equal(want, collide.intersects(a, sp), "sphere gap " .. g)
          local tri = collide.triangle(V(1 + g, 0, 0), V(2, 0, 0), V(2, 1, 1))
          assert.are.equal(want, collide.intersects(a, tri), "triangle gap " .. g)
          local r = collide.ray(V(1 + g, 2, 0.5), 0, -1, 0)
          assert.are.equal(want, collide.intersects(a, r), "ray gap " .. g)
        end
      end)
    end)
  end

  describe("nearly parallel edges", function()
    -- A = [-1, 1]^3. B = a box of half extents (2, 0.5, 0.5) turned 45
    -- degrees about x (its faces face the diagonals (0, 1, 1) and
    -- (0, -1, 1)), then by theta about z, its face at distance gap from A's
    -- edge y = z = 1 along the diagonal. B's long edges are parallel to A's
    -- x edges within theta; the turn about z moves B's ends by at most
    -- 2 * theta, so |gap| > 4 * theta decides the answer.
    local r2 = math.sqrt(0.5)
    local function qmul(a, b)
      return {
        a[4] * b[1] + a[1] * b[4] + a[2] * b[3] - a[3] * b[2],
        a[4] * b[2] - a[1] * b[3] + a[2] * b[4] + a[3] * b[1],
        a[4] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[4],
        a[4] * b[4] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
      }
    end
    local a = collide.aabb(-1, -1, -1, 1, 1, 1)
    for _, theta in ipairs { 0, 1e-12, 1e-8, 1e-6, 1e-4 } do
      local qx = { math.sin(math.pi / 8), 0, 0, math.cos(math.pi / 8) }
      local qz = { 0, 0, math.sin(theta / 2), math.cos(theta / 2) }
      local q = qmul(qz, qx)
      for _, gap in ipairs { 1e-3, 1e-5, -1e-5, -1e-3 } do
        if math.abs(gap) > 4 * theta then
          local d = 0.5 + gap
          local b = collide.obb(0, 1 + d * r2, 1 + d * r2, 2, 0.5, 0.5, q)
          it(("theta %g, gap %g"):format(theta, gap), function()
            assert.are.equal(gap < 0, collide.intersects(a, b))
            assert.are.equal(gap < 0, collide.intersects(b, a))
            local nx, ny, nz, depth = collide.contact(a, b)
            if gap > 0 then
              assert.is_nil(nx)
            else
              assert.is_true(near(depth, -gap, 1e-12 + 4 * theta), "depth " .. tostring(depth))
              assert_near({ 0, r2, r2 }, { nx, ny, nz }, 1e-12 + 4 * theta, "normal")
            end
          end)
        end
      end
    end
  end)

  describe("slivers", function()
    -- a = (0, 0, 0), b = (1, 0, 0), c = (0.5, h, 0): degenerate when
    -- |cross| = h <= 1e-9 * (longest edge)^2 = 1e-9
    for _, h in ipairs { 1e-4, 1e-7, 1e-8, 1e-10 } do
      for _, o in ipairs { 0, 1e3 } do
        local t = collide.triangle(o, o, o, 1 + o, o, o, 0.5 + o, h + o, o)
        local degenerate = h <= 1e-9
        -- the rounding of h + o
        local hh = (h + o) - o
        it(("height %g at offset %g"):format(h, o), function()
          local tol = 64 * EPS * (1 + o)
          if degenerate then
            assert.are.same({ 0, 0, 0 }, { t:normal() })
          else
            assert_near({ 0, 0, 1 }, { t:normal() }, 1e-12 + tol / h, "normal")
          end
          -- a point above the middle of the sliver: inside it (or, for the
          -- segment, h / 2 off it)
          local p = { 0.5 + o, hh / 2 + o, 1 + o }
          local qx, qy, qz = t:closest_point(p)
          assert_near({ 0.5 + o, o }, { qx, qz }, tol, "closest x, z")
          assert.is_true(near(qy, degenerate and o or hh / 2 + o, tol), "closest y " .. qy)
          assert.is_true(near(t:distance(p), 1, tol + hh), "distance")
          -- straight down onto it
          local hit, _, _, _, _, _, _, u, v = collide.ray(p, 0, 0, -1):cast(t)
          assert.is_true(near(hit, 1, tol), "cast t " .. tostring(hit))
          if not degenerate then
            -- p = 0.25 a + 0.25 b + 0.5 c
            assert_near({ 0.25, 0.5 }, { u, v }, 1e-9 + tol / hh, "u, v")
            assert_near({ 0.25, 0.25, 0.5 }, { t:barycentric(0.5 + o, hh / 2 + o, o) },
              1e-9 + tol / hh, "barycentric")
          end
          -- a sphere resting on it, and one just above it
          assert.is_true(collide.intersects(t, collide.sphere(0.5 + o, hh / 2 + o, 0.5 + o, 0.5)))
          assert.is_false(collide.intersects(t, collide.sphere(0.5 + o, hh / 2 + o, 0.5 + o, 0.4999)))
          -- a box whose corner pokes 1e-6 into it from below, and one 1e-6 short
          assert.is_true(collide.intersects(t, collide.aabb(0.4 + o, -1 + o, -1 + o, 0.6 + o, 1 + o, 1e-6 + o)))
          assert.is_false(collide.intersects(t, collide.aabb(0.4 + o, -1 + o, -1 + o, 0.6 + o, 1 + o, -1e-6 + o)))
          -- a ray grazing along it in its plane, and one a hair above
          local r = collide.ray(-1 + o, hh / 2 + o, o, 1, 0, 0)
          assert.is_true(collide.intersects(t, r))
          -- (1e-5: rays and segments meet within 1e-9 * (1 + |coordinates|))
          assert.is_false(collide.intersects(t, collide.ray(-1 + o, hh / 2 + o, 1e-5 + o, 1, 0, 0)))
        end)
      end
    end
  end)
end)
