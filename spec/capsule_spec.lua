-- collide.capsule: the shape itself (constructor, accessors, tostring, ==,
-- set, translate, clone, bounds, errors), its point queries and its part in
-- every test the other shapes have: intersects, ray:cast, contact,
-- plane:classify, tree:query, mesh:query. Random cases compare with
-- spec/motion_ref.lua: the distance from a convex shape to a point is convex
-- along the capsule's axis, so a ternary search of shape:distance(point)
-- along it gives the gap between the two.
local collide = require "collide"
local H = require "helpers"
local R = require "motion_ref"

local sqrt, abs = math.sqrt, math.abs

local function cap() return collide.capsule(0, 0, 0, 0, 2, 0, 1) end

-- random shapes of every kind from the seeded generator r
local function makers(r) return H.shape_makers(r, 1.2, 0.1) end

describe("collide.capsule", function()
  it("builds from two points and a radius, in every vector form", function()
    local c = cap()
    assert.are.equal("capsule((0, 0, 0), (0, 2, 0), 1)", tostring(c))
    H.assert_exact({ 0, 0, 0 }, c:a())
    H.assert_exact({ 0, 2, 0 }, c:b())
    H.assert_exact({ 1 }, c:radius())
    H.assert_exact({ 0, 1, 0 }, c:center())
    assert.are.equal("capsule", c:type())
    assert.are.equal("capsule", collide.type(c))
    for _, fa in ipairs(H.vector_forms(0, 0, 0)) do
      for _, fb in ipairs(H.vector_forms(0, 2, 0)) do
        local d = collide.capsule(H.unpack(H.args(fa.args, fb.args, H.pack(1))))
        assert.is_true(d == c, fa.name .. ", " .. fb.name)
      end
    end
  end)

  it("prints with %.14g, -0 as 0, huge and tiny numbers", function()
    assert.are.equal("capsule((-0.5, 1e+300, 0), (1e-300, 0.1, 3), 0)",
      tostring(collide.capsule(-0.5, 1e300, -0.0, 1e-300, 0.1, 3, -0.0)))
    assert.are.equal("capsule((0.33333333333333, 0, 0), (0, 0, 0), 2.5)",
      tostring(collide.capsule(1 / 3, 0, 0, 0, 0, 0, 2.5)))
  end)

  it("compares with == by its stored numbers", function()
    local c = cap()
    assert.is_true(c == collide.capsule(0, 0, 0, 0, 2, 0, 1))
    assert.is_false(c == collide.capsule(0, 2, 0, 0, 0, 0, 1))   -- ends swapped
    assert.is_false(c == collide.capsule(0, 0, 0, 0, 2, 0, 1.5))
    assert.is_false(c == collide.sphere(0, 1, 0, 1))
    assert.is_false(collide.capsule(0, 0, 0, 0, 0, 0, 1) == collide.sphere(0, 0, 0, 1))
  end)

  it("set, translate and clone", function()
    local c = cap()
    assert.are.equal(c, c:set(1, 1, 1, { 2, 2, 2 }, 0.25))
    assert.are.equal("capsule((1, 1, 1), (2, 2, 2), 0.25)", tostring(c))
    assert.are.equal(c, c:translate(1, -1, 0.5))
    assert.are.equal("capsule((2, 0, 1.5), (3, 1, 2.5), 0.25)", tostring(c))
    c:translate({ x = -2, y = 0, z = -1.5 })
    assert.are.equal("capsule((0, 0, 0), (1, 1, 1), 0.25)", tostring(c))
    local d = c:clone()
    assert.is_true(d == c)
    assert.is_false(rawequal(d, c))
    d:translate(1, 0, 0)
    assert.are.equal("capsule((0, 0, 0), (1, 1, 1), 0.25)", tostring(c))
    -- a failed set leaves the capsule as it was
    assert.has_error(function() c:set(5, 5, 5, 6, 6, 6, -1) end,
      "bad argument #7 to 'set' (negative radius)")
    assert.are.equal("capsule((0, 0, 0), (1, 1, 1), 0.25)", tostring(c))
  end)

  it("bounds: the box of both end spheres, into a new or given aabb", function()
    local c = collide.capsule(0, 0, 0, 1, 2, -3, 0.5)
    assert.are.equal("aabb((-0.5, -0.5, -3.5), (1.5, 2.5, 0.5))", tostring(c:bounds()))
    local out = collide.aabb(0, 0, 0, 0, 0, 0)
    assert.are.equal(out, c:bounds(out))
    assert.are.equal("aabb((-0.5, -0.5, -3.5), (1.5, 2.5, 0.5))", tostring(out))
    assert.are.equal("aabb((1, 1, 1), (1, 1, 1))", tostring(collide.capsule(1, 1, 1, 1, 1, 1, 0):bounds()))
  end)

  describe("errors", function()
    it("negative radius, non-finite numbers, missing values, wrong types", function()
      local box = collide.aabb(0, 0, 0, 1, 1, 1)
      local cases = {
        { "bad argument #7 to 'capsule' (negative radius)", function() collide.capsule(0, 0, 0, 1, 1, 1, -1) end },
        { "bad argument #3 to 'capsule' (negative radius)", function() collide.capsule({ 0, 0, 0 }, { 1, 1, 1 }, -1e-300) end },
        { "bad argument #7 to 'capsule' (finite number expected, got nan)", function() collide.capsule(0, 0, 0, 1, 1, 1, 0 / 0) end },
        { "bad argument #7 to 'capsule' (finite number expected, got inf)", function() collide.capsule(0, 0, 0, 1, 1, 1, math.huge) end },
        { "bad argument #1 to 'capsule' (finite number expected, got -inf)", function() collide.capsule(-math.huge, 0, 0, 1, 1, 1, 1) end },
        { "bad argument #2 to 'capsule' (finite number expected, got nan)", function() collide.capsule({ 0, 0, 0 }, { 1, 0 / 0, 1 }, 1) end },
        { "bad argument #7 to 'capsule' (number expected, got no value)", function() collide.capsule(0, 0, 0, 1, 1, 1) end },
        { "bad argument #1 to 'capsule' (vector expected, got no value)", function() collide.capsule() end },
        { "bad argument #3 to 'capsule' (number expected, got string)", function() collide.capsule({ 0, 0, 0 }, { 1, 1, 1 }, "1") end },
        { "bad argument #1 to 'capsule' (vector expected, got collide.aabb)", function() collide.capsule(box, box, 1) end },
        { "bad argument #2 to 'capsule' (vector expected, got boolean)", function() collide.capsule({ 0, 0, 0 }, true, 1) end },
        { "bad argument #1 to 'translate' (vector expected, got string)", function() cap():translate("a") end },
        { "bad argument #1 to 'radius' (collide.capsule expected, got collide.aabb)", function() cap().radius(box) end },
      }
      for _, c in ipairs(cases) do assert.has_error(c[2], c[1]) end
    end)
  end)

  describe("point queries", function()
    it("distance, closest_point and contains, exactly", function()
      local c = cap()
      H.assert_exact({ 2 }, c:distance(3, 1, 0))
      H.assert_exact({ 1, 1, 0 }, c:closest_point(3, 1, 0))
      H.assert_exact({ 1 }, c:distance(0, 4, 0))
      H.assert_exact({ 0, 3, 0 }, c:closest_point({ 0, 4, 0 }))
      H.assert_exact({ 0, -1, 0 }, c:closest_point(0, -5, 0))
      H.assert_exact({ 0 }, c:distance(0.5, 1, 0))
      H.assert_exact({ 0.5, 1, 0 }, c:closest_point(0.5, 1, 0))   -- inside: the point itself
      assert.is_true(c:contains(0.5, 1, 0.5))
      assert.is_true(c:contains(0, 3, 0))                          -- on the surface
      assert.is_true(c:contains(1, 1, 0))
      assert.is_false(c:contains(0, 3.0000001, 0))
      assert.is_false(c:contains(1, 2.5, 0))
      -- zero radius: the segment; zero length: a sphere
      local seg = collide.capsule(0, 0, 0, 0, 2, 0, 0)
      assert.is_true(seg:contains(0, 1, 0))
      assert.is_false(seg:contains(1e-9, 1, 0))
      H.assert_exact({ 3 }, seg:distance(0, 1, 3))
      local ball = collide.capsule(1, 1, 1, 1, 1, 1, 2)
      H.assert_exact({ 3 }, ball:distance(6, 1, 1))
      H.assert_exact({ 3, 1, 1 }, ball:closest_point(6, 1, 1))
    end)

    it("agree with the closest point of the segment on 2,000 random points", function()
      local r = H.rng(31)
      local make = makers(r)
      for i = 1, 2000 do
        local c = make.capsule()
        local p = { r(-4, 4), r(-4, 4), r(-4, 4) }
        local sd, q = R.capsule_signed(c, p)
        local where = ("case %d: %s, (%.17g, %.17g, %.17g)"):format(i, tostring(c), p[1], p[2], p[3])
        assert.is_true(H.near(math.max(sd, 0), c:distance(p), 1e-12), where)
        local want = p
        if sd > 0 then want = R.madd(q, R.sub(p, q), c:radius() / R.len(R.sub(p, q))) end
        H.assert_near(want, H.pack(c:closest_point(p)), 1e-12, where)
        if abs(sd) > 1e-9 then assert.are.equal(sd < 0, c:contains(p), where) end
      end
    end)
  end)

  describe("intersects", function()
    local c = cap()
    it("touching counts, a hair apart does not, with every kind", function()
      local yes = {
        collide.aabb(1, 0, 0, 2, 1, 1), collide.sphere(3, 1, 0, 2), collide.capsule(2, 0, 0, 2, 2, 0, 1),
        collide.capsule(-1, 1, 1.5, 1, 1, 1.5, 0.5), collide.triangle(1, -1, -1, 1, 3, -1, 1, 1, 3),
        collide.plane(1, 0, 0, 1), collide.ray(-5, 1, 0, 1, 0, 0), collide.ray(-5, 1, 0, 1, 0, 0, 4),
        collide.obb(3, 1, 0, 1.5, 1.5, 1, 0, 0, 0.38268343236509, 0.92387953251129),
        collide.aabb(0, 3, 0, 1, 4, 1), collide.aabb(-0.25, 0.5, -0.25, 0.25, 1, 0.25),   -- end cap; inside
        collide.capsule(0, 1, 0, 0, 1, 0, 0),                                              -- a point inside
      }
      local no = {
        collide.aabb(1.000001, 0, 0, 2, 1, 1), collide.sphere(3, 1, 0, 1.999999),
        collide.capsule(2, 0, 0, 2, 2, 0, 0.999999), collide.capsule(-1, 1, 1.5, 1, 1, 1.5, 0.499999),
        collide.triangle(1.000001, -1, -1, 1.000001, 3, -1, 1.000001, 1, 3),
        collide.plane(1, 0, 0, 1.000001), collide.ray(-5, 1, 0, 1, 0, 0, 3.999999),
        collide.ray(-5, 3.000001, 0, 1, 0, 0),
        collide.obb(3, 1, 0, 1, 1, 1, 0, 0, 0.38268343236509, 0.92387953251129),
        collide.aabb(0.8, 2.8, 0.8, 1, 3, 1),        -- the box's corner near the end cap, outside
      }
      for _, s in ipairs(yes) do
        assert.is_true(collide.intersects(c, s), tostring(s))
        assert.is_true(collide.intersects(s, c), tostring(s))
        assert.is_true(c:intersects(s), tostring(s))
      end
      for _, s in ipairs(no) do
        assert.is_false(collide.intersects(c, s), tostring(s))
        assert.is_false(collide.intersects(s, c), tostring(s))
      end
    end)

    it("degenerate capsules: a segment (radius 0) and a sphere (zero length)", function()
      local seg = collide.capsule(-1, 0.5, 0.5, 2, 0.5, 0.5, 0)
      assert.is_true(collide.intersects(seg, collide.aabb(0, 0, 0, 1, 1, 1)))
      assert.is_true(collide.intersects(seg, collide.aabb(2, 0, 0, 3, 1, 1)))        -- end on a face
      assert.is_false(collide.intersects(seg, collide.aabb(2.000001, 0, 0, 3, 1, 1)))
      assert.is_true(collide.intersects(seg, collide.capsule(0, -1, 0.5, 0, 1, 0.5, 0))) -- crossing segments
      assert.is_false(collide.intersects(seg, collide.capsule(0, -1, 0.6, 0, 1, 0.6, 0)))
      local ball = collide.capsule(0, 0, 0, 0, 0, 0, 1)
      local sphere = collide.sphere(0, 0, 0, 1)
      for _, s in ipairs({ collide.aabb(1, 0, 0, 2, 1, 1), collide.aabb(1.000001, 0, 0, 2, 1, 1),
                           collide.triangle(0.6, 0.6, 0.6, 2, 0, 0, 0, 2, 0), collide.ray(2, 0, 0, 0, 1, 0),
                           collide.capsule(0.5, 0.5, 0.5, 3, 3, 3, 0.1) }) do
        assert.are.equal(collide.intersects(sphere, s), collide.intersects(ball, s), tostring(s))
      end
    end)

    it("huge and tiny coordinates", function()
      local big = collide.capsule(1e15, 0, 0, 1e15, 2e15, 0, 1e15)
      assert.is_true(collide.intersects(big, collide.aabb(2e15, 0, 0, 3e15, 1e15, 1e15)))
      assert.is_false(collide.intersects(big, collide.aabb(2.001e15, 0, 0, 3e15, 1e15, 1e15)))
      local tiny = collide.capsule(0, 0, 0, 0, 2e-15, 0, 1e-15)
      assert.is_true(collide.intersects(tiny, collide.sphere(3e-15, 1e-15, 0, 2e-15)))
      assert.is_false(collide.intersects(tiny, collide.sphere(3.001e-15, 1e-15, 0, 2e-15)))
    end)

    for _, kind in ipairs({ "aabb", "obb", "sphere", "triangle", "capsule", "ray", "plane" }) do
      it("with a random " .. kind .. ": the ternary search along the axis decides (250 pairs)", function()
        local r = H.rng(101 + #kind)
        local make = makers(r)
        local yes, no = 0, 0
        for i = 1, 250 do
          local rc, s = make.capsule(), make[kind]()
          local gap = R.capsule_gap(rc, s)
          if abs(gap) > 1e-6 then
            local where = ("case %d: %s, %s, gap %.17g"):format(i, tostring(rc), tostring(s), gap)
            assert.are.equal(gap < 0, collide.intersects(rc, s), where)
            assert.are.equal(gap < 0, collide.intersects(s, rc), where)
            if gap < 0 then yes = yes + 1 else no = no + 1 end
          end
        end
        assert.is_true(yes > 25 and no > 25, ("%d hits, %d misses"):format(yes, no))
      end)
    end
  end)

  describe("ray:cast", function()
    local c = cap()
    it("side, end cap, inside, short and missing rays, exactly", function()
      H.assert_exact({ 4, -1, 1, 0, -1, 0, 0 }, collide.ray(-5, 1, 0, 1, 0, 0):cast(c))
      H.assert_exact({ 2, 0, 3, 0, 0, 1, 0 }, collide.ray(0, 5, 0, 0, -1, 0):cast(c))
      H.assert_exact({ 2, 0, -1, 0, 0, -1, 0 }, collide.cast(collide.ray(0, -3, 0, 0, 1, 0), c))
      H.assert_exact({ 0, 0, 1, 0, -1, 0, 0 }, collide.ray(0, 1, 0, 1, 0, 0):cast(c))   -- inside
      H.assert_exact({ 4, -1, 1, 0, -1, 0, 0 }, collide.ray(-5, 1, 0, 1, 0, 0, 4):cast(c))
      H.assert_exact({ nil, n = 1 }, collide.ray(-5, 1, 0, 1, 0, 0, 3.5):cast(c))
      H.assert_exact({ nil, n = 1 }, collide.ray(-5, 1, 2, 1, 0, 0):cast(c))
      H.assert_exact({ nil, n = 1 }, collide.ray(-5, 1, 0, -1, 0, 0):cast(c))           -- away
      -- a segment (radius 0) is hit only by a ray through it; a zero-length capsule is a sphere
      H.assert_exact({ 5, 0, 1, 0, -1, 0, 0 }, collide.ray(-5, 1, 0, 1, 0, 0):cast(collide.capsule(0, 0, 0, 0, 2, 0, 0)))
      assert.are.same(H.pack(collide.ray(-5, 0.5, 0.25, 1, 0, 0):cast(collide.sphere(1, 1, 0, 1))),
        H.pack(collide.ray(-5, 0.5, 0.25, 1, 0, 0):cast(collide.capsule(1, 1, 0, 1, 1, 0, 1))))
    end)

    it("finds the first point within the radius of the axis on 1,000 random rays", function()
      local r = H.rng(57)
      local make = makers(r)
      local hits = 0
      for i = 1, 1000 do
        local rc = make.capsule()
        local ox, oy, oz = r(-4, 4), r(-4, 4), r(-4, 4)
        local tx, ty, tz = r(-1, 1), r(-1, 1), r(-1, 1)
        local ray = collide.ray(ox, oy, oz, tx - ox, ty - oy, tz - oz + 1e-3, r(1, 10))
        local got = H.pack(ray:cast(rc))
        local where = ("case %d: %s, %s -> %s"):format(i, tostring(ray), tostring(rc), H.fmt(got))
        local f = function(t) return (R.capsule_signed(rc, { ray:at(t) })) end
        local tmin, fmin = R.ternary(f, 0, ray:tmax())
        if fmin < -1e-7 or (fmin > 1e-7) then
          if fmin > 0 then
            assert.is_nil(got[1], where)
          else
            hits = hits + 1
            local t = 0
            if f(0) > 0 then
              local lo, hi = 0, tmin
              for _ = 1, 80 do
                local mid = (lo + hi) / 2
                if f(mid) > 0 then lo = mid else hi = mid end
              end
              t = hi
            end
            assert.are.equal(7, got.n, where)
            assert.is_true(abs(got[1] - t) <= 1e-9 * (1 + t), where)
            H.assert_near({ ray:at(got[1]) }, { got[2], got[3], got[4] }, 1e-9, where)
            local n
            if t == 0 then   -- inside: -direction
              n = { ray:direction() }
              n = { -n[1], -n[2], -n[3] }
            else
              local _, q = R.capsule_signed(rc, { got[2], got[3], got[4] })
              local v = R.sub({ got[2], got[3], got[4] }, q)
              n = R.madd({ 0, 0, 0 }, v, 1 / R.len(v))
            end
            H.assert_near(n, { got[5], got[6], got[7] }, 1e-7, where)
          end
        end
      end
      assert.is_true(hits > 100 and hits < 900, hits .. " hits")
    end)
  end)

  describe("contact", function()
    local c = cap()
    it("with every kind it takes, exactly", function()
      H.assert_vals({ 1, 0, 0, 0.5 }, 1e-15, collide.contact(c, collide.sphere(1.5, 1, 0, 1)))
      H.assert_vals({ -1, 0, 0, 0.5 }, 1e-15, collide.contact(collide.sphere(1.5, 1, 0, 1), c))
      H.assert_vals({ 1, 0, 0, 0.5 }, 1e-15, collide.contact(c, collide.aabb(0.5, 0, -1, 2, 2, 1)))
      H.assert_vals({ 1, 0, 0, 0.5 }, 1e-15, collide.contact(c, collide.capsule(1.5, 0, 0, 1.5, 2, 0, 1)))
      H.assert_vals({ 0, 1, 0, 0.5 }, 1e-15, collide.contact(c, collide.capsule(0, 3.5, 0, 0, 5, 0, 1)))
      H.assert_vals({ 1, 0, 0, 0.5 }, 1e-15, collide.contact(c, collide.triangle(0.5, -1, -1, 0.5, 3, -1, 0.5, 1, 3)))
      H.assert_vals({ 1, 0, 0, 0 }, 1e-15, collide.contact(c, collide.aabb(1, 0, 0, 2, 1, 1)))   -- touching
      assert.is_nil(collide.contact(c, collide.aabb(1.000001, 0, 0, 2, 1, 1)))
      assert.is_nil(collide.contact(c, collide.capsule(2, 0, 0, 2, 2, 0, 0.999999)))
    end)

    it("with a plane on either side: the push goes to the side of the centre", function()
      local p = collide.plane(1, 0, 0, 0.5)
      H.assert_vals({ -1, 0, 0, 0.5 }, 1e-15, collide.contact(p, c))
      H.assert_vals({ 1, 0, 0, 0.5 }, 1e-15, collide.contact(c, p))
      H.assert_vals({ -1, 0, 0, 0 }, 1e-15, collide.contact(collide.plane(1, 0, 0, 1), c))
      assert.is_nil(collide.contact(collide.plane(1, 0, 0, 1.000001), c))
      H.assert_vals({ 1, 0, 0, 0.5 }, 1e-15, collide.contact(collide.plane(1, 0, 0, -0.5), c))
      local box = collide.aabb(0, 0, 0, 1, 1, 1)
      H.assert_vals({ 0, 1, 0, 0.25 }, 1e-15, collide.contact(collide.plane(0, 1, 0, 0.25), box))
      H.assert_vals({ 0, -1, 0, 0.25 }, 1e-15, collide.contact(box, collide.plane(0, 1, 0, 0.25)))
      H.assert_vals({ 0, -1, 0, 0.25 }, 1e-15, collide.contact(collide.plane(0, 1, 0, 0.75), box))
      H.assert_vals({ 0, 0, 1, 0.5 }, 1e-15, collide.contact(collide.plane(0, 0, 1, 0), collide.sphere(0, 0, 0.5, 1)))
      H.assert_vals({ 0, 0, 1, 0.5 }, 1e-15,
        collide.contact(collide.plane(0, 0, 1, 0), collide.triangle(0, 0, -0.5, 1, 0, 1, 0, 1, 1)))
      -- the centre on the plane: pushed along the plane's normal
      H.assert_exact({ 0, 1, 0, 1 }, collide.contact(collide.plane(0, 1, 0, 0), collide.aabb(-1, -1, -1, 1, 1, 1)))
      H.assert_exact({ 0, -1, 0, 1 }, collide.contact(collide.aabb(-1, -1, -1, 1, 1, 1), collide.plane(0, 1, 0, 0)))
      H.assert_exact({ 0, 1, 0, 1.5 }, collide.contact(collide.plane(0, 1, 0, 0), collide.capsule(0, -1, 0, 0, 1, 0, 0.5)))
      H.assert_exact({ 0, 1, 0, 0 }, collide.contact(collide.plane(0, 1, 0, 0), collide.triangle(0, 0, 0, 1, 0, 0, 0, 0, 1)))
      H.assert_vals({ 0, 0, 1, 1 }, 1e-15,
        collide.contact(collide.plane(0, 0, -1, 0), collide.obb(0, 0, 1, 1, 1, 2)))
    end)

    -- 48 fixed directions: the axes, the diagonals and random ones
    local dirs = {}
    do
      local r = H.rng(5)
      for k = 1, 3 do
        for _, s in ipairs({ -1, 1 }) do local d = { 0, 0, 0 }; d[k] = s; dirs[#dirs + 1] = d end
      end
      for _, x in ipairs({ -1, 1 }) do
        for _, y in ipairs({ -1, 1 }) do
          for _, z in ipairs({ -1, 1 }) do dirs[#dirs + 1] = { x / sqrt(3), y / sqrt(3), z / sqrt(3) } end
        end
      end
      while #dirs < 48 do
        local d = { r(-1, 1), r(-1, 1), r(-1, 1) }
        local l = R.len(d)
        if l > 0.1 then dirs[#dirs + 1] = { d[1] / l, d[2] / l, d[3] / l } end
      end
    end
    local function moved(s, n, k) return s:clone():translate(n[1] * k, n[2] * k, n[3] * k) end

    for _, kind in ipairs({ "aabb", "obb", "sphere", "triangle", "capsule" }) do
      it("capsule - " .. kind .. ": minimal, separating, antisymmetric (150 random pairs)", function()
        local r = H.rng(211 + #kind)
        local make = makers(r)
        local found = 0
        for i = 1, 150 do
          local a, b = make.capsule(), make[kind]()
          local got = H.pack(collide.contact(a, b))
          local where = ("case %d: %s, %s -> %s"):format(i, tostring(a), tostring(b), H.fmt(got))
          assert.are.equal(collide.intersects(a, b), got[1] ~= nil, where)
          if got[1] then
            found = found + 1
            local n, depth = { got[1], got[2], got[3] }, got[4]
            assert.is_true(abs(R.dot(n, n) - 1) <= 1e-12, where)
            assert.is_true(depth >= 0, where)
            assert.is_false(collide.intersects(a, moved(b, n, depth + 1e-6)), where)
            if depth > 1e-6 then
              for _, m in ipairs(dirs) do
                assert.is_true(collide.intersects(a, moved(b, m, depth - 1e-6)), where)
              end
            end
            local back = H.pack(collide.contact(b, a))
            H.assert_near({ -n[1], -n[2], -n[3], depth }, back, 1e-12, where)
          end
        end
        assert.is_true(found > 20, found .. " overlapping pairs")
      end)
    end
  end)

  describe("in the other queries", function()
    it("plane:classify from the ends' signed distances and the radius", function()
      local p = collide.plane(0, 1, 0, 0)
      assert.are.equal(1, p:classify(collide.capsule(0, 1, 0, 5, 2, 0, 0.5)))
      assert.are.equal(0, p:classify(collide.capsule(0, 1, 0, 5, 2, 0, 1)))       -- touching
      assert.are.equal(1, p:classify(collide.capsule(0, 1, 0, 5, 2, 0, 0.999999)))
      assert.are.equal(-1, p:classify(collide.capsule(0, -1, 0, 5, -2, 0, 0.5)))
      assert.are.equal(0, p:classify(collide.capsule(0, -1, 0, 5, 2, 0, 0)))
      assert.are.equal(0, p:classify(collide.capsule(0, 0, 0, 0, 0, 0, 0)))
      local r = H.rng(77)
      local make = makers(r)
      for i = 1, 500 do
        local c, q = make.capsule(), make.plane()
        local da, db = q:distance(c:a()), q:distance(c:b())
        local rad = c:radius()
        local lo, hi = math.min(da, db) - rad, math.max(da, db) + rad
        if abs(lo) > 1e-9 and abs(hi) > 1e-9 then
          local want = lo > 0 and 1 or (hi < 0 and -1 or 0)
          assert.are.equal(want, q:classify(c), ("case %d: %s, %s"):format(i, tostring(q), tostring(c)))
        end
      end
    end)

    it("as a scene item and a scene query, exactly (not by its bounds)", function()
      local sc = collide.scene()
      sc:add("pill", cap())
      sc:add("box", collide.aabb(3.2, 0, 0, 4, 1, 1))
      assert.are.same({ "pill" }, sc:query(collide.sphere(2, 1, 0, 1)))            -- touching
      assert.are.same({}, sc:query(collide.sphere(1.2, 3.2, 1.2, 0.4)))            -- in its box, not in it
      assert.are.same({ "pill", "box" }, sc:query(collide.capsule(0, 0.5, 0, 3.5, 0.5, 0.5, 0.1)))
      assert.are.same({}, sc:query(collide.capsule(1.2, 3.2, 1.2, 2, 4, 2, 0.4)))
      H.assert_exact({ "pill", 4, -1, 1, 0, -1, 0, 0 }, sc:raycast(collide.ray(-5, 1, 0, 1, 0, 0)))
      local function corner_frustum(x, y, z)   -- the box from (x, y, z) to (2.5, 5, 5)
        return collide.frustum(collide.plane(1, 0, 0, x), collide.plane(-1, 0, 0, -2.5),
          collide.plane(0, 1, 0, y), collide.plane(0, -1, 0, -5),
          collide.plane(0, 0, 1, z), collide.plane(0, 0, -1, -5))
      end
      assert.are.same({}, sc:query_frustum(corner_frustum(0.8, 2.8, 0.8)))   -- meets the pill's box only
      assert.are.same({ "pill" }, sc:query_frustum(corner_frustum(0.5, 2.5, -0.5)))
    end)

    it("tree:query and mesh:query give what intersects gives one by one", function()
      local r = H.rng(91)
      local make = makers(r)
      local tree, boxes = collide.tree(), {}
      for i = 1, 60 do
        boxes[i] = make.aabb():translate(r(-3, 3), r(-3, 3), r(-3, 3))
        tree:insert(boxes[i], i)
      end
      local verts = {}
      for _ = 1, 60 do
        local t = make.triangle():translate(r(-3, 3), r(-3, 3), r(-3, 3))
        for k = 1, 3 do local x, y, z = t:vertex(k); verts[#verts + 1] = { x, y, z } end
      end
      local mesh = collide.mesh(verts)
      local nonempty = 0
      for i = 1, 100 do
        local c = make.capsule()
        -- fat boxes are the boxes grown by the margin
        local want = {}
        for k = 1, #boxes do
          if collide.intersects(c, boxes[k]:expand(tree:margin())) then want[#want + 1] = k end
        end
        local ids = {}
        for k, proxy in ipairs(tree:query(c)) do ids[k] = tree:id(proxy) end   -- in id order
        assert.are.same(want, ids, "tree case " .. i)
        want = {}
        for k = 1, mesh:count() do
          if collide.intersects(c, mesh:triangle(k)) then want[#want + 1] = k end
        end
        assert.are.same(want, mesh:query(c), "mesh case " .. i)
        assert.are.equal(#want > 0, collide.intersects(mesh, c))
        assert.are.equal(#want > 0, collide.intersects(c, mesh))
        if #want > 0 then nonempty = nonempty + 1 end
      end
      assert.is_true(nonempty > 20, nonempty .. " capsules met the mesh")
    end)
  end)
end)
