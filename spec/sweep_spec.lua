-- collide.sweep(mover, dx, dy, dz, target): a shape cast. Exact cases
-- (touching, grazing, parallel edges, zero motion, starting in overlap,
-- ending exactly touching, sliding along a surface, degenerate capsules,
-- huge and tiny coordinates, meshes), then random sweeps of every mover at
-- every kind compared with spec/motion_ref.lua: the t where the moved shape
-- meets the target form an interval, so sampling collide.intersects along
-- the motion and bisecting gives the first t; the point must lie on both
-- shapes at t, and the normal face against the motion and separate them.
local collide = require "collide"
local H = require "helpers"
local R = require "motion_ref"

local abs, sqrt = math.abs, math.sqrt

describe("collide.sweep", function()
  local ball = collide.sphere(0, 0, 0, 1)
  local wall = collide.aabb(5, -1, -1, 6, 1, 1)

  it("a sphere into a box's face: t, the point, the normal", function()
    H.assert_vals({ 0.5, 5, 0, 0, -1, 0, 0 }, 1e-15, collide.sweep(ball, 8, 0, 0, wall))
    for _, f in ipairs(H.vector_forms(8, 0, 0)) do
      H.assert_vals({ 0.5, 5, 0, 0, -1, 0, 0 }, 1e-15, collide.sweep(ball, H.unpack(H.args(f.args, H.pack(wall)))))
    end
    -- the mover is not moved
    assert.are.equal("sphere((0, 0, 0), 1)", tostring(ball))
  end)

  it("ends exactly touching at t = 1; stops short of it: nil", function()
    H.assert_vals({ 1, 5, 0, 0, -1, 0, 0 }, 1e-15, collide.sweep(ball, 4, 0, 0, wall))
    assert.is_nil(collide.sweep(ball, 3.999999, 0, 0, wall))
    assert.is_nil(collide.sweep(ball, -8, 0, 0, wall))          -- away
    assert.is_nil(collide.sweep(ball, 0, 8, 0, wall))           -- passes beside
  end)

  it("grazing an edge: the first touch, the normal across the motion", function()
    -- a graze is a double root of the distance: t is known to the square
    -- root of the distance's tolerance (the bisection of intersects itself
    -- stops at 0.4999999982), the normal to what the sphere turns in that
    -- time; the sphere at t touches the edge to within the tolerance
    local got = H.pack(collide.sweep(collide.sphere(0, 2, 0, 1), 10, 0, 0, wall))
    H.assert_near({ 0.5, 5, 1, 0 }, { got[1], got[2], got[3], got[4] }, 1e-5)
    H.assert_near({ 0, 1, 0 }, { got[5], got[6], got[7] }, 1e-4)
    assert.is_true(got[6] > 0 and got[5] <= 0)
    assert.is_true(abs(wall:distance(10 * got[1], 2, 0) - 1) <= 1e-9)
    assert.is_nil(collide.sweep(collide.sphere(0, 2.000001, 0, 1), 10, 0, 0, wall))
  end)

  it("zero motion is a static test", function()
    assert.is_nil(collide.sweep(ball, 0, 0, 0, wall))
    assert.is_nil(collide.sweep(collide.sphere(4, 0, 0, 1), 0, 0, 0, wall))   -- touching only
    local s = collide.sphere(4.5, 0, 0, 1)
    local got = H.pack(collide.sweep(s, 0, 0, 0, wall))
    local n = H.pack(collide.contact(wall, s))
    assert.are.equal(0, got[1])
    H.assert_near({ n[1], n[2], n[3] }, { got[5], got[6], got[7] }, 1e-12)
  end)

  it("starting in overlap: t = 0, the push-out normal, a point of the overlap", function()
    local s = collide.sphere(5.25, 0.5, 0, 1)
    for _, d in ipairs({ { 1, 0, 0 }, { -1, 0, 0 }, { 0, 3, 0 }, { 0, 0, 0 } }) do
      local got = H.pack(collide.sweep(s, d, wall))
      local n = H.pack(collide.contact(wall, s))
      assert.are.equal(0, got[1])
      H.assert_near({ n[1], n[2], n[3] }, { got[5], got[6], got[7] }, 1e-12)
      assert.are.equal(0, wall:distance(got[2], got[3], got[4]))
      assert.are.equal(0, s:distance(got[2], got[3], got[4]))
    end
  end)

  it("resting on a floor: sliding along it or leaving it is free, pushing into it is not", function()
    local floor = collide.aabb(-5, 0, -5, 5, 1, 5)
    local crate = collide.aabb(0, 1, 0, 1, 2, 1)
    assert.is_nil(collide.sweep(crate, 3, 0, 0, floor))
    assert.is_nil(collide.sweep(crate, 3, 0, -2, floor))
    assert.is_nil(collide.sweep(crate, 3, 0.5, 0, floor))
    local got = H.pack(collide.sweep(crate, 3, -0.5, 0, floor))
    H.assert_near({ 0, 0, 1, 0 }, { got[1], got[5], got[6], got[7] }, 0)
    assert.are.equal(1, got[3])
    local pill = collide.capsule(0, 2, 0, 2, 2, 0, 1)             -- lying on the floor
    assert.is_nil(collide.sweep(pill, 0, 0, 3, floor))
    assert.is_nil(collide.sweep(collide.sphere(0, 2, 0, 1), -2, 0, 1, floor))
    assert.is_nil(collide.sweep(collide.sphere(0, 2, 0, 1), 1, 0, 0, collide.plane(0, 1, 0, 1)))
  end)

  it("other movers and targets, exactly", function()
    -- a capsule falling on a plane lands on its lower end
    H.assert_vals({ 0.375, 0, 0, 0, 0, 1, 0 }, 1e-15,
      collide.sweep(collide.capsule(0, 2, 0, 2, 3, 0, 0.5), 0, -4, 0, collide.plane(0, 1, 0, 0)))
    -- the same plane from below: the normal still faces the mover
    H.assert_vals({ 0.375, 0, 0, 0, 0, -1, 0 }, 1e-15,
      collide.sweep(collide.capsule(0, -2, 0, 2, -3, 0, 0.5), 0, 4, 0, collide.plane(0, 1, 0, 0)))
    -- an obb on its edge (45 degrees about z) into a sphere
    local q = { 0, 0, math.sin(math.pi / 8), math.cos(math.pi / 8) }
    H.assert_vals({ (5 - sqrt(2)) / 10, 5, 0, 0, -1, 0, 0 }, 1e-12,
      collide.sweep(collide.obb(0, 0, 0, 1, 1, 1, q), 10, 0, 0, collide.sphere(6, 0, 0, 1)))
    -- a box dropped on a triangle: face on face, the point anywhere in between
    local got = H.pack(collide.sweep(collide.aabb(0, 0, 0, 1, 1, 1), 0, 0, -5,
      collide.triangle(-5, -5, -2, 5, -5, -2, 0, 5, -2)))
    H.assert_near({ 0.4, 0, 0, 1, -2 }, { got[1], got[5], got[6], got[7], got[4] }, 1e-15)
    assert.is_true(got[2] >= 0 and got[2] <= 1 and got[3] >= 0 and got[3] <= 1)
    -- capsule on capsule, crossed axes
    H.assert_vals({ 0.375, 0, 0, 2, 0, 0, -1 }, 1e-15,
      collide.sweep(collide.capsule(-2, 0, 0, 2, 0, 0, 0.5), 0, 0, 4, collide.capsule(0, -2, 3, 0, 2, 3, 1)))
  end)

  it("parallel edges: a capsule along a box's edge", function()
    local got = H.pack(collide.sweep(collide.capsule(0, 0, -1, 0, 0, 1, 0.5), 4, 4, 0,
      collide.aabb(2, 2, -5, 3, 3, 5)))
    local t = (2 - 0.5 / sqrt(2)) / 4
    H.assert_near({ t, 2, 2, -1 / sqrt(2), -1 / sqrt(2), 0 }, { got[1], got[2], got[3], got[5], got[6], got[7] }, 1e-12)
    assert.is_true(got[4] >= -1 and got[4] <= 1)
    -- a box whose top face slides along another's bottom face: they touch
    -- from t = 0.2 on without ever overlapping, a graze; if it is reported,
    -- it is at 0.2 and against or across the motion
    got = H.pack(collide.sweep(collide.aabb(0, 0, 0, 1, 1, 1), 5, 0, 0, collide.aabb(2, 1, 0, 3, 2, 1)))
    assert.is_true(got[1] == nil or (abs(got[1] - 0.2) <= 1e-12 and got[5] <= 0))
    assert.is_nil(collide.sweep(collide.aabb(0, 0, 0, 1, 1, 1), 5, 0, 0, collide.aabb(2, 1.000001, 0, 3, 2, 1)))
  end)

  it("degenerate capsules: zero length sweeps as a sphere, zero radius as a segment", function()
    assert.are.same(H.pack(collide.sweep(collide.sphere(0, 0.5, 0.25, 1), 8, 0, 0, wall)),
      H.pack(collide.sweep(collide.capsule(0, 0.5, 0.25, 0, 0.5, 0.25, 1), 8, 0, 0, wall)))
    H.assert_vals({ 0.5, 5, 0.5, 0, -1, 0, 0 }, 1e-15,
      collide.sweep(collide.capsule(0, -3, 0, 1, 0.5, 0, 0), 8, 0, 0, wall))
    assert.is_nil(collide.sweep(collide.capsule(0, 1.5, 0, 1, 1.5, 0, 0), 8, 0, 0, wall))
  end)

  it("huge and tiny coordinates", function()
    for _, big in ipairs({ 1e9, 1e11, -1e11 }) do
      H.assert_vals({ 0.5, big + 5, 0, 0, -1, 0, 0 }, 1e-12,
        collide.sweep(collide.sphere(big, 0, 0, 1), 8, 0, 0, collide.aabb(big + 5, -1, -1, big + 6, 1, 1)))
    end
    H.assert_vals({ 0.5, 5e11, 0, 0, -1, 0, 0 }, 1e-12,
      collide.sweep(collide.sphere(0, 0, 0, 1e11), 8e11, 0, 0, collide.aabb(5e11, -1e11, -1e11, 6e11, 1e11, 1e11)))
    local e = 1e-12
    local got = H.pack(collide.sweep(collide.sphere(0, 0, 0, e), 8 * e, 0, 0, collide.aabb(5 * e, -e, -e, 6 * e, e, e)))
    for k = 2, 4 do got[k] = got[k] / e end
    H.assert_near({ 0.5, 5, 0, 0, -1, 0, 0 }, got, 1e-12)
  end)

  it("a mesh target: the first triangle hit and its index", function()
    -- a floor of two triangles (1: x > z, 2: x < z) and a wall (3) at x = 4;
    -- the first sphere lands on the floor's diagonal: both, the lowest index
    local floor = collide.mesh({ -5, 0, -5, 5, 0, -5, 5, 0, 5, -5, 0, -5, 5, 0, 5, -5, 0, 5,
                                 4, -5, -5, 4, 5, -5, 4, 0, 5 })
    H.assert_vals({ 0.5, -1, 0, -1, 0, 1, 0, 1 }, 1e-15, collide.sweep(collide.sphere(-1, 2, -1, 1), 0, -2, 0, floor))
    H.assert_vals({ 0.5, -1, 0, 1, 0, 1, 0, 2 }, 1e-15, collide.sweep(collide.sphere(-1, 2, 1, 1), { 0, -2, 0 }, floor))
    H.assert_vals({ 0.25, 4, 2, 0, -1, 0, 0, 3 }, 1e-15, collide.sweep(collide.sphere(0, 2, 0, 1), 12, 0, 0, floor))
    assert.is_nil(collide.sweep(collide.sphere(0, 2, 0, 1), -1, 0, 0, floor))
    assert.is_nil(collide.sweep(ball, 1, 0, 0, collide.mesh({})))
  end)

  it("errors", function()
    local K = "aabb, obb, sphere, triangle, capsule, hull, compound, plane, mesh or heightfield"
    local tri = collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0)
    local cases = {
      { "bad argument #1 to 'sweep' (aabb, obb, sphere, capsule, hull or compound expected, got collide.triangle)",
        function() collide.sweep(tri, 1, 0, 0, wall) end },
      { "bad argument #1 to 'sweep' (aabb, obb, sphere, capsule, hull or compound expected, got collide.mesh)",
        function() collide.sweep(collide.mesh({}), 1, 0, 0, wall) end },
      { "bad argument #1 to 'sweep' (aabb, obb, sphere, capsule, hull or compound expected, got no value)",
        function() collide.sweep() end },
      { "bad argument #5 to 'sweep' (" .. K .. " expected, got collide.ray)",
        function() collide.sweep(ball, 1, 0, 0, collide.ray(0, 0, 0, 1, 0, 0)) end },
      { "bad argument #5 to 'sweep' (" .. K .. " expected, got no value)", function() collide.sweep(ball, 1, 0, 0) end },
      { "bad argument #3 to 'sweep' (" .. K .. " expected, got table)", function() collide.sweep(ball, { 1, 0, 0 }, {}) end },
      { "bad argument #2 to 'sweep' (finite number expected, got nan)", function() collide.sweep(ball, 0 / 0, 0, 0, wall) end },
      { "bad argument #4 to 'sweep' (finite number expected, got inf)", function() collide.sweep(ball, 0, 0, math.huge, wall) end },
      { "bad argument #2 to 'sweep' (finite number expected, got -inf)",
        function() collide.sweep(ball, { 0, -math.huge, 0 }, wall) end },
      { "bad argument #3 to 'sweep' (number expected, got no value)", function() collide.sweep(ball, 1) end },
      { "bad argument #2 to 'sweep' (vector expected, got collide.aabb)", function() collide.sweep(ball, wall) end },
      { "bad argument #2 to 'sweep' (vector expected, got string)", function() collide.sweep(ball, "x", wall) end },
    }
    for _, c in ipairs(cases) do assert.has_error(c[2], c[1]) end
  end)
end)

describe("collide.sweep on random shapes (fixed seed)", function()
  local function makers(r)
    local function v(s) return r(-s, s), r(-s, s), r(-s, s) end
    -- a centre of each kind, to aim motions at
    local function centre(s)
      if collide.type(s) == "plane" then
        local nx, ny, nz = s:normal()
        return { nx * s:d(), ny * s:d(), nz * s:d() }
      end
      return { s:bounds():center() }
    end
    return {
      aabb = function()
        local x, y, z = v(3)
        return collide.aabb(x, y, z, x + r(0.2, 2), y + r(0.2, 2), z + r(0.2, 2))
      end,
      obb = function()
        local x, y, z = v(3)
        local qx, qy, qz = v(1)
        return collide.obb(x, y, z, r(0.1, 1.2), r(0.1, 1.2), r(0.1, 1.2), qx, qy, qz, r(0.1, 1))
      end,
      sphere = function() local x, y, z = v(3); return collide.sphere(x, y, z, r(0.1, 1.2)) end,
      triangle = function()
        local ax, ay, az = v(3)
        return collide.triangle(ax, ay, az, ax + r(-3, 3), ay + r(-1, 1), az + r(-3, 3), ax + r(-3, 3), ay + r(-3, 3), az + r(-1, 1))
      end,
      capsule = function()
        local ax, ay, az = v(3)
        return collide.capsule(ax, ay, az, ax + r(-2, 2), ay + r(-2, 2), az + r(-2, 2), r(0, 1))
      end,
      plane = function() local x, y, z = v(1); return collide.plane(x, y, z + 0.01, r(-2, 2)) end,
      -- from a to b, overshooting or falling short, off course
      motion = function(a, b)
        local ca, cb, k = centre(a), centre(b), r(0.2, 1.6)
        local jx, jy, jz = v(1.5)
        return { (cb[1] - ca[1]) * k + jx, (cb[2] - ca[2]) * k + jy, (cb[3] - ca[3]) * k + jz }
      end,
    }, v
  end

  -- fails unless got is the first touch of mover moved by d at target
  local function check(mover, d, target, got, where)
    local t_ref = R.first_touch(mover, d, target)
    local plane = collide.type(target) == "plane"
    local scale = math.max(R.scale(mover), R.scale(target)) + R.len(d)
    local tol = 1e-7 * scale
    if got[1] == nil then
      assert.is_nil(t_ref, where .. ": missed; the samples meet at " .. tostring(t_ref))
      return "miss"
    end
    local t, p, n = got[1], { got[2], got[3], got[4] }, { got[5], got[6], got[7] }
    assert.is_true(t >= 0 and t <= 1, where)
    local at = R.moved(mover, t, d)
    if t_ref == nil then
      -- a graze the samples stepped over: the mover at t must touch
      assert.is_true(collide.intersects(R.inflate(at, tol), target), where .. ": a hit where nothing touches")
    else
      assert.is_true(abs(t - t_ref) <= 1e-8 * scale / math.max(R.len(d), 1e-300) + 1e-12,
        where .. (": t %.17g, bisection %.17g"):format(t, t_ref))
    end
    assert.is_true(abs(R.dot(n, n) - 1) <= 1e-12, where .. ": n not unit")
    if t_ref == 0 then
      local c = H.pack(collide.contact(target, mover))
      if c[1] then H.assert_near({ c[1], c[2], c[3] }, n, 1e-9, where .. ": overlap normal") end
      return "start"
    end
    assert.is_true(R.dot(n, d) <= 1e-12 * R.len(d), where .. ": n does not face the motion")
    local dt = plane and abs(target:distance(p[1], p[2], p[3])) or target:distance(p[1], p[2], p[3])
    assert.is_true(dt <= tol, where .. ": p is not on the target")
    assert.is_true(at:distance(p[1], p[2], p[3]) <= tol, where .. ": p is not on the mover")
    if plane then
      local pn = { target:normal() }
      assert.is_true(abs(abs(R.dot(n, pn)) - 1) <= 1e-12, where .. ": n is not the plane's")
    else
      assert.is_true(R.h(target, n) <= R.dot(n, p) + tol, where .. ": the target crosses the contact plane")
    end
    local mn = { -n[1], -n[2], -n[3] }
    assert.is_true(-R.h(at, mn) >= R.dot(n, p) - tol, where .. ": the mover crosses the contact plane")
    return "hit"
  end

  for mi, mk in ipairs({ "sphere", "capsule", "aabb", "obb" }) do
    for ti, tk in ipairs({ "aabb", "obb", "sphere", "triangle", "capsule", "plane" }) do
      it(mk .. " at " .. tk .. " (100 sweeps)", function()
        local r = H.rng(1000 + 10 * mi + ti)
        local make = makers(r)
        local count = { hit = 0, miss = 0, start = 0 }
        for i = 1, 100 do
          local mover, target = make[mk](), make[tk]()
          local d = make.motion(mover, target)
          if i % 10 == 0 then d = { 0, 0, 0 } end
          local got = H.pack(collide.sweep(mover, d, target))
          local where = ("case %d: %s moved (%.17g, %.17g, %.17g) at %s -> %s"):format(i,
            tostring(mover), d[1], d[2], d[3], tostring(target), H.fmt(got))
          local what = check(mover, d, target, got, where)
          count[what] = count[what] + 1
        end
        assert.is_true(count.hit >= 10 and count.miss >= 10,
          ("%d hits, %d misses, %d overlapping at the start"):format(count.hit, count.miss, count.start))
      end)
    end
  end

  it("a mesh: the minimum over its triangles one by one, ties to the lowest index", function()
    local r = H.rng(4242)
    local make = makers(r)
    local verts = {}
    for _ = 1, 40 do
      local tri = make.triangle()
      for k = 1, 3 do verts[#verts + 1] = { tri:vertex(k) } end
    end
    -- two copies of one triangle: a tie
    for k = 1, 3 do verts[#verts + 1] = verts[k] end
    local mesh = collide.mesh(verts)
    local hits = 0
    for i = 1, 150 do
      local mover = make[({ "sphere", "capsule", "aabb", "obb" })[i % 4 + 1]]()
      local d = make.motion(mover, mesh:triangle(math.floor(r(1, mesh:count() + 1))))
      local best, bi
      for k = 1, mesh:count() do
        local one = H.pack(collide.sweep(mover, d, mesh:triangle(k)))
        if one[1] and (best == nil or one[1] < best[1]) then best, bi = one, k end
      end
      local got = H.pack(collide.sweep(mover, d, mesh))
      local where = ("case %d: %s moved (%.17g, %.17g, %.17g) -> %s"):format(i, tostring(mover), d[1], d[2], d[3], H.fmt(got))
      if best == nil then
        assert.are.equal(1, got.n, where)
        assert.is_nil(got[1], where)
      else
        hits = hits + 1
        best[8], best.n = bi, 8
        H.assert_exact(best, H.unpack(got))
      end
    end
    assert.is_true(hits > 20, hits .. " hits")
  end)
end)
