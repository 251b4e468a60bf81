-- The hull of an obb's eight corners answers every query as that obb does,
-- within the documented tolerances (doc/reference.md, "collide.hull"):
-- intersects against every kind, ray:cast, contact depth, distance,
-- sweeps as mover and as target, contains, closest_point, plane and
-- frustum classification. The obb's answers come from its own closed forms
-- (slabs, 15 separating axes), an independent method from the hull's
-- (face clipping, Minkowski-face axes, polygons). Half the hulls are built
-- from the corners in the obb's frame and placed by its centre and
-- rotation, half from the corners in world space.
--
-- Cases within 1e-7 of touching are skipped: the obb's tests accept a gap
-- up to about 1e-9 of their size (CL_EPSILON on the rotation), the hull's
-- only up to 1e-12 of the coordinates. The generator is ref.rng, seeded.
local collide = require "collide"
local R = require "ref"

local abs, max = math.abs, math.max
local N = 300
local BAND = 1e-7

local function rand_obb(g, c0)
  local e = { g.uniform(0.05, 1.2), g.uniform(0.05, 1.2), g.uniform(0.05, 1.2) }
  local _, q = R.axis_angle(g.unit(), g.uniform(0, 2 * math.pi))
  local c = c0 or g.point(-1.5, 1.5)
  return collide.obb(c[1], c[2], c[3], e[1], e[2], e[3], q[1], q[2], q[3], q[4])
end

local function hull_of(o, placed)
  local pts = {}
  if placed then
    local ex, ey, ez = o:half_extents()
    for i = 0, 7 do
      pts[#pts + 1] = i % 2 == 1 and ex or -ex
      pts[#pts + 1] = math.floor(i / 2) % 2 == 1 and ey or -ey
      pts[#pts + 1] = math.floor(i / 4) % 2 == 1 and ez or -ez
    end
    return collide.hull(pts, { o:center() }, { o:rotation() })
  end
  for i = 1, 8 do
    local x, y, z = o:corner(i)
    pts[#pts + 1] = { x, y, z }
  end
  return collide.hull(pts)
end

local function rand_other(g, kind)
  local c = g.point(-2, 2)
  if kind == "aabb" then
    local e = g.point(0.05, 1)
    return collide.aabb(c[1] - e[1], c[2] - e[2], c[3] - e[3], c[1] + e[1], c[2] + e[2], c[3] + e[3])
  elseif kind == "obb" then return rand_obb(g)
  elseif kind == "sphere" then return collide.sphere(c[1], c[2], c[3], g.uniform(0.05, 1))
  elseif kind == "capsule" then
    local d = g.unit()
    local l = g.uniform(0, 1.5)
    return collide.capsule(c[1], c[2], c[3], c[1] + d[1] * l, c[2] + d[2] * l, c[3] + d[3] * l,
                           g.uniform(0.05, 0.8))
  elseif kind == "triangle" then
    local a, b = R.madd(c, g.unit(), g.uniform(0.2, 1.5)), R.madd(c, g.unit(), g.uniform(0.2, 1.5))
    return collide.triangle(c[1], c[2], c[3], a[1], a[2], a[3], b[1], b[2], b[3])
  elseif kind == "plane" then
    local n = g.unit()
    return collide.plane(n[1], n[2], n[3], R.dot(n, c))
  elseif kind == "ray" then
    local d = g.unit()
    return collide.ray(c[1] * 2, c[2] * 2, c[3] * 2, d[1], d[2], d[3])
  end
end

-- the obb's distance from a shape of the kinds distance takes, else nil
local function gap(o, s)
  local kind = collide.type(s)
  if kind == "plane" then
    local n = { s:normal() }
    local ex, ey, ez = o:half_extents()
    local x1, x2, x3, y1, y2, y3, z1, z2, z3 = o:axes()
    local r = ex * abs(R.dot(n, { x1, x2, x3 })) + ey * abs(R.dot(n, { y1, y2, y3 }))
            + ez * abs(R.dot(n, { z1, z2, z3 }))
    return max(0, abs(s:distance(o:center())) - r)
  elseif kind == "ray" then
    return nil
  end
  return (collide.distance(o, s))
end

local function near(a, b, tol)
  return abs(a - b) <= tol * max(1, abs(a), abs(b))
end

local function check_near(what, a, b, tol)
  if not near(a, b, tol) then
    error(("%s: obb %.17g, hull %.17g"):format(what, a, b), 2)
  end
end

describe("collide.hull of an obb's corners", function()
  local kinds = { "aabb", "obb", "plane", "triangle", "ray", "sphere", "capsule", "hull" }
  for _, kind in ipairs(kinds) do
    it("intersects a random " .. kind .. " as the obb does", function()
      local g = R.rng(4242 + #kind)
      local skipped, tested = 0, 0
      for i = 1, N do
        local o = rand_obb(g)
        local h = hull_of(o, i % 2 == 0)
        local other, other_obb
        if kind == "hull" then
          other_obb = rand_obb(g)
          other = hull_of(other_obb, i % 3 == 0)
        else
          other = rand_other(g, kind)
          other_obb = other
        end
        local d = gap(o, other_obb)
        local depth
        if kind ~= "ray" and kind ~= "plane" and (d or 1) == 0 then
          depth = select(4, collide.contact(o, other_obb))
        end
        if (d and d > 0 and d < BAND) or (depth and depth < BAND) then
          skipped = skipped + 1
        else
          tested = tested + 1
          local want = collide.intersects(o, other_obb)
          assert.are.equal(want, collide.intersects(h, other), kind .. " case " .. i)
          assert.are.equal(want, collide.intersects(other, h), kind .. " case " .. i)
        end
      end
      assert.is_true(skipped <= N / 50, "skipped " .. skipped)
      assert.is_true(tested > 0)
    end)
  end

  it("meets a mesh's triangles where the obb does (intersects, query, contacts)", function()
    local g = R.rng(2718)
    local v = {}
    for _ = 1, 40 do
      local c = g.point(-2.5, 2.5)
      for _ = 1, 3 do
        local p = R.madd(c, g.unit(), g.uniform(0.2, 1.2))
        v[#v + 1], v[#v + 2], v[#v + 3] = p[1], p[2], p[3]
      end
    end
    local mesh = collide.mesh(v)
    local tested = 0
    for i = 1, N do
      local o = rand_obb(g)
      local h = hull_of(o, i % 2 == 0)
      -- triangles near touching the obb are left out of the comparison
      local touching = false
      for k = 1, #v, 9 do
        local t = collide.triangle(v[k], v[k + 1], v[k + 2], v[k + 3], v[k + 4], v[k + 5],
                                   v[k + 6], v[k + 7], v[k + 8])
        local d = collide.distance(o, t)
        local depth = d == 0 and select(4, collide.contact(t, o)) or nil
        if (d > 0 and d < BAND) or (depth and depth < BAND) then touching = true end
      end
      if not touching then
        tested = tested + 1
        assert.are.equal(collide.intersects(mesh, o), collide.intersects(mesh, h), "case " .. i)
        assert.are.same(mesh:query(o), mesh:query(h), "case " .. i)
        local co, ch = mesh:contacts(o), mesh:contacts(h)
        assert.are.equal(#co, #ch, "case " .. i)
        for k = 1, #co do
          assert.are.equal(co[k].index, ch[k].index)
          assert.is_true(abs(co[k].depth - ch[k].depth) <= 1e-9, "depth, case " .. i)
        end
      end
    end
    assert.is_true(tested > N * 0.9)
  end)

  it("is hit by rays where the obb is, at the same t, point and normal", function()
    local g = R.rng(777)
    local hits = 0
    for i = 1, 2 * N do
      local o = rand_obb(g)
      local h = hull_of(o, i % 2 == 0)
      local a, d = g.point(-4, 4), g.unit()
      if g.chance(0.5) then d = R.normalize(R.sub({ o:center() }, a)) end
      if g.chance(0.1) then a = { o:center() } end
      local ray = collide.ray(a[1], a[2], a[3], d[1], d[2], d[3])
      local w = { ray:cast(o) }
      local got = { ray:cast(h) }
      assert.are.equal(#w, #got, "case " .. i)
      if #w > 0 then
        hits = hits + 1
        for k = 1, 4 do check_near("t/point " .. k, w[k], got[k], 1e-9) end
        -- the normal where the entry is not along an edge (ties)
        local tn = ray:slab(o)
        if tn and tn > 0 then
          local p = { ray:at(tn) }
          local inside = 0
          local q = { o:closest_point(p[1], p[2], p[3]) }
          assert.is_true(R.len(R.sub(p, q)) < 1e-9)
          for k = 5, 7 do inside = max(inside, abs(w[k] - got[k])) end
          -- edges: the point within 1e-7 of two faces
          local ex, ey, ez = o:half_extents()
          local x1, x2, x3, y1, y2, y3, z1, z2, z3 = o:axes()
          local m = R.sub(p, { o:center() })
          local on = 0
          for k, ax in ipairs { { x1, x2, x3 }, { y1, y2, y3 }, { z1, z2, z3 } } do
            local e = ({ ex, ey, ez })[k]
            if abs(abs(R.dot(m, ax)) - e) < 1e-7 then on = on + 1 end
          end
          if on == 1 then assert.is_true(inside < 1e-9, "normal, case " .. i) end
        end
      end
    end
    assert.is_true(hits > N / 4)
  end)

  it("gives the obb's contact depth, distance, closest points and containment", function()
    local g = R.rng(9001)
    for i = 1, N do
      local o = rand_obb(g)
      local h = hull_of(o, i % 2 == 0)
      for _, kind in ipairs { "aabb", "obb", "sphere", "capsule", "triangle", "plane" } do
        local s = rand_other(g, kind)
        local w = { collide.contact(o, s) }
        local got = { collide.contact(h, s) }
        if kind ~= "plane" then
          local d = gap(o, s)
          local dh = collide.distance(h, s)
          check_near("distance to " .. kind, d, dh, 1e-9)
          if d > BAND then assert.are.equal(nil, got[1]) end
        end
        if w[1] and w[4] > BAND then
          assert.is_truthy(got[1], kind .. " contact, case " .. i)
          check_near(kind .. " depth", w[4], got[4], 1e-9)
        end
      end
      local p = g.point(-3, 3)
      local inside = o:contains(p[1], p[2], p[3])
      local d = o:distance(p[1], p[2], p[3])
      if d > BAND or (inside and d == 0 and select(4, collide.contact(o, collide.sphere(p[1], p[2], p[3], 0))) > BAND) then
        assert.are.equal(inside, h:contains(p[1], p[2], p[3]))
      end
      check_near("point distance", d, h:distance(p[1], p[2], p[3]), 1e-9)
      local a = { o:closest_point(p[1], p[2], p[3]) }
      local b = { h:closest_point(p[1], p[2], p[3]) }
      for k = 1, 3 do assert.is_true(abs(a[k] - b[k]) < 1e-9, "closest point, case " .. i) end
    end
  end)

  it("sweeps as the obb does, as mover and as target", function()
    local g = R.rng(31337)
    local hits = 0
    for i = 1, N / 2 do
      local o = rand_obb(g, { 0, 0, 0 })
      local h = hull_of(o, i % 2 == 0)
      local s = rand_other(g, ({ "sphere", "aabb", "capsule", "obb" })[i % 4 + 1])
      local d = R.scale(R.sub({ 0, 0, 0 }, { s:bounds():center() }), 2)
      local w = { collide.sweep(s, d[1], d[2], d[3], o) }
      local got = { collide.sweep(s, d[1], d[2], d[3], h) }
      assert.are.equal(#w, #got, "target, case " .. i)
      if w[1] then
        hits = hits + 1
        check_near("t as target", w[1], got[1], 1e-7)
      end
      w = { collide.sweep(o, -d[1], -d[2], -d[3], s) }
      got = { collide.sweep(h, -d[1], -d[2], -d[3], s) }
      assert.are.equal(#w, #got, "mover, case " .. i)
      if w[1] then check_near("t as mover", w[1], got[1], 1e-7) end
    end
    assert.is_true(hits > N / 8)
  end)

  it("classifies against planes and frusta as the obb does", function()
    local g = R.rng(5150)
    -- left, right, bottom, top, near, far, normals inwards
    local f = collide.frustum(collide.plane(1, 0, 0.3, -2), collide.plane(-1, 0, 0.3, -2),
                              collide.plane(0, 1, 0.2, -2), collide.plane(0, -1, 0.2, -2),
                              collide.plane(0, 0, 1, -3), collide.plane(0, 0, -1, -3))
    for i = 1, N do
      local o = rand_obb(g, R.scale(g.point(-2, 2), 2))
      local h = hull_of(o, i % 2 == 0)
      local n, c = g.unit(), g.point(-2, 2)
      local p = collide.plane(n[1], n[2], n[3], R.dot(n, c))
      if gap(o, p) > BAND or select(4, collide.contact(p, o)) > BAND then
        assert.are.equal(p:classify(o), p:classify(h), "plane, case " .. i)
      end
      local fo, fh = f:classify(o), f:classify(h)
      if fo ~= fh then
        -- only on the boundary: the obb within 1e-7 of the frustum's surface
        assert.is_true(false, ("frustum, case %d: obb %d, hull %d"):format(i, fo, fh))
      end
    end
  end)
end)
