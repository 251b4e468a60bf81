-- Randomised cross-checks of collide.intersects (every pair of aabb, obb,
-- plane, triangle, ray and sphere; capsules are cross-checked in
-- capsule_spec.lua), ray casts, contact and point distances against the
-- independent Lua reference in spec/ref.lua (GJK, face clipping, vertex
-- signed distances).
--
-- The generator is ref.rng (Park-Miller), seeded per pair from 12345, so the
-- cases are the same on Lua 5.1 to 5.4 and LuaJIT. Shapes are drawn in a
-- unit-sized scene and then mapped into three places: as they are, scaled
-- by 1e-6, and moved to around (1e6, 1e6, 1e6). The reference decides on the
-- unit-sized shapes; a case whose answer changes when both shapes are
-- shrunk or grown by 1e-7 of their size is on the boundary, where tolerance
-- decides, and is skipped (and counted: at most 1% may be).
local collide = require "collide"
local R = require "ref"

local huge, abs, max = math.huge, math.abs, math.max
local dot, sub, madd, scale, len = R.dot, R.sub, R.madd, R.scale, R.len

local SEED = 12345
local N_UNIT, N_TINY, N_BIG = 4000, 500, 500
local DELTA = 1e-7          -- relative size of the boundary band that is skipped
-- stands in for an infinite ray in the unit scene, where every origin and
-- shape lies within 6 of the centre and constructed crossings within 8 of
-- an origin
local LONG = 20
local KINDS = { "aabb", "obb", "plane", "triangle", "ray", "sphere" }
local SOLID = { aabb = true, obb = true, sphere = true }

---------------------------------------------------------------------------
-- generators, in the unit scene

local gen = {}

function gen.aabb(g)
  local c, e = g.point(-1.5, 1.5), { g.uniform(0, 1.2), g.uniform(0, 1.2), g.uniform(0, 1.2) }
  if g.chance(0.05) then e[g.int(3)] = 0 end
  if g.chance(0.03) then e = { 0, 0, 0 } end
  local s = { kind = "aabb", min = {}, max = {} }
  for k = 1, 3 do s.min[k], s.max[k] = c[k] - e[k], c[k] + e[k] end
  return s
end

function gen.obb(g)
  local e = { g.uniform(0, 1.2), g.uniform(0, 1.2), g.uniform(0, 1.2) }
  if g.chance(0.05) then e[g.int(3)] = 0 end
  if g.chance(0.03) then e = { 0, 0, 0 } end
  local u, q = R.axis_angle(g.unit(), g.uniform(0, 2 * math.pi))
  return { kind = "obb", c = g.point(-1.5, 1.5), e = e, u = u, q = q }
end

function gen.sphere(g)
  local r = g.chance(0.05) and 0 or g.uniform(0, 1.2)
  return { kind = "sphere", c = g.point(-1.5, 1.5), r = r }
end

function gen.triangle(g)
  local c = g.point(-1.5, 1.5)
  local a = madd(c, g.unit(), g.uniform(0, 1.5))
  local b = madd(c, g.unit(), g.uniform(0, 1.5))
  local x = g.uniform(0, 1)
  if x < 0.05 then                       -- collinear: a segment
    return { kind = "triangle", a = a, b = b, c = madd(a, sub(b, a), g.uniform(-0.5, 1.5)) }
  elseif x < 0.07 then                   -- all three the same point
    return { kind = "triangle", a = a, b = a, c = a }
  end
  return { kind = "triangle", a = a, b = b, c = madd(c, g.unit(), g.uniform(0, 1.5)) }
end

function gen.ray(g)
  local o = g.point(-3, 3)
  local d
  if g.chance(0.6) then
    d = sub(g.point(-1.5, 1.5), o)
    if len(d) < 1e-3 then d = g.unit() end
    d = R.normalize(d)
  else
    d = g.unit()
  end
  local x = g.uniform(0, 1)
  local tmax
  if x < 0.3 then tmax = huge elseif x < 0.33 then tmax = 0 else tmax = g.uniform(0, 6) end
  return { kind = "ray", o = o, d = d, tmax = tmax }
end

function gen.plane(g)
  local n = g.chance(0.1) and ({ { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } })[g.int(3)] or g.unit()
  return { kind = "plane", n = n, d = dot(n, g.point(-1.5, 1.5)) }
end

-- a second shape drawn in relation to the first, for the pairs where
-- independent draws almost never meet the interesting cases
local function related(g, ka, a, kb)
  if ka == "ray" and kb == "ray" then
    local x = g.uniform(0, 1)
    if x < 0.45 then                     -- through a point of a
      local reach = a.tmax == huge and 4 or a.tmax
      local p = madd(a.o, a.d, g.uniform(0, reach))
      local d, tb = g.unit(), g.uniform(0, 4)
      local tmax = g.chance(0.3) and huge or tb + g.uniform(-0.5, 3)
      if tmax < 0 then tmax = 0 end
      return { kind = "ray", o = madd(p, d, -tb), d = d, tmax = tmax }, true
    elseif x < 0.65 then                 -- parallel or collinear
      local sgn = g.chance(0.5) and 1 or -1
      local o = madd(a.o, a.d, g.uniform(-6, 6))
      if g.chance(0.4) then o = madd(o, R.normalize(R.cross(a.d, g.unit())), g.uniform(0.01, 0.5)) end
      local tmax = g.chance(0.3) and huge or g.uniform(0, 6)
      return { kind = "ray", o = o, d = scale(a.d, sgn), tmax = tmax }, true
    end
  elseif ka == "plane" and kb == "plane" then
    local x = g.uniform(0, 1)
    local k = g.uniform(0.1, 3) * (g.chance(0.5) and 1 or -1)
    if x < 0.25 then                     -- the same plane, scaled
      return { kind = "plane", n = scale(a.n, k), d = a.d * k, same = true }, true
    elseif x < 0.5 then                  -- parallel, apart
      local off = g.uniform(0.01, 2) * (g.chance(0.5) and 1 or -1)
      return { kind = "plane", n = scale(a.n, k), d = (a.d + off) * k }, true
    elseif x < 0.6 then                  -- almost parallel
      local n = R.normalize(madd(a.n, g.unit(), 1e-4))
      return { kind = "plane", n = n, d = a.d + g.uniform(-1, 1) }, true
    end
  elseif ka == "triangle" and kb == "triangle" and g.chance(0.25) then
    -- both in the plane z = a.a[3]: the coplanar cases
    local z = a.a[3]
    a.b[3], a.c[3] = z, z
    local b = gen.triangle(g)
    b.a[3], b.b[3], b.c[3] = z, z, z
    return b, true
  elseif ka == "triangle" and kb == "ray" and g.chance(0.15) then
    -- a ray lying in the triangle's plane
    local z = a.a[3]
    a.b[3], a.c[3] = z, z
    local r = gen.ray(g)
    r.o[3] = z
    r.d[3] = 0
    if len(r.d) < 1e-3 then r.d = { 1, 0, 0 } end
    r.d = R.normalize(r.d)
    r.d[3] = 0
    return r, true
  end
  return gen[kb](g)
end

-- a point of a described shape (its centre, a point along a ray, the
-- plane's point nearest the scene centre)
local function centre_of(g, x)
  local k = x.kind
  if k == "aabb" then return scale(R.add(x.min, x.max), 0.5) end
  if k == "obb" or k == "sphere" then return x.c end
  if k == "triangle" then return scale(R.add(R.add(x.a, x.b), x.c), 1 / 3) end
  if k == "ray" then return madd(x.o, x.d, g.uniform(0, x.tmax == huge and 4 or x.tmax)) end
  if k == "plane" then return scale(x.n, x.d / dot(x.n, x.n)) end
end

local function translate(x, t)
  local y = {}
  for key, v in pairs(x) do y[key] = v end
  local k = x.kind
  if k == "aabb" then y.min, y.max = R.add(x.min, t), R.add(x.max, t)
  elseif k == "obb" or k == "sphere" then y.c = R.add(x.c, t)
  elseif k == "triangle" then y.a, y.b, y.c = R.add(x.a, t), R.add(x.b, t), R.add(x.c, t)
  elseif k == "ray" then y.o = R.add(x.o, t)
  elseif k == "plane" then y.d = x.d + dot(x.n, t) end
  return y
end

-- b moved (a ray turned) towards a point near a, so that about half the
-- cases are close calls either way
local function attract(g, a, b)
  local target = madd(centre_of(g, a), g.point(-1, 1), g.uniform(0, b.kind == "ray" and 0.6 or 1))
  if b.kind == "ray" then
    local d = sub(target, b.o)
    if len(d) < 1e-3 then return b end
    local y = translate(b, { 0, 0, 0 })
    y.d = R.normalize(d)
    return y
  end
  return translate(b, sub(target, centre_of(g, b)))
end

---------------------------------------------------------------------------
-- placing a unit-scene shape in the world (x -> x * s + off) and building it

local function place_point(p, s, off) return { p[1] * s + off, p[2] * s + off, p[3] * s + off } end

local function place(x, s, off)
  local k = x.kind
  if k == "aabb" then
    return { kind = k, min = place_point(x.min, s, off), max = place_point(x.max, s, off) }
  elseif k == "obb" then
    return { kind = k, c = place_point(x.c, s, off), e = scale(x.e, s), u = x.u, q = x.q }
  elseif k == "sphere" then
    return { kind = k, c = place_point(x.c, s, off), r = x.r * s }
  elseif k == "triangle" then
    return { kind = k, a = place_point(x.a, s, off), b = place_point(x.b, s, off), c = place_point(x.c, s, off) }
  elseif k == "ray" then
    return { kind = k, o = place_point(x.o, s, off), d = x.d, tmax = x.tmax * s }
  elseif k == "plane" then
    local n = x.n
    return { kind = k, n = n, d = x.d * s + off * (n[1] + n[2] + n[3]) }
  end
end

local function build(x)
  local k = x.kind
  if k == "aabb" then return collide.aabb(x.min, x.max) end
  if k == "obb" then return collide.obb(x.c, x.e, x.q) end
  if k == "sphere" then return collide.sphere(x.c, x.r) end
  if k == "triangle" then return collide.triangle(x.a, x.b, x.c) end
  if k == "ray" then return collide.ray(x.o, x.d, x.tmax) end
  if k == "plane" then return collide.plane(x.n, x.d) end
end

-- the unit normal and d of a described plane (n may be scaled)
local function unit_plane(p)
  local l = len(p.n)
  return { kind = "plane", n = scale(p.n, 1 / l), d = p.d / l }
end

local function degenerate(t)
  if t.kind ~= "triangle" then return false end
  local e1, e2, e3 = sub(t.b, t.a), sub(t.c, t.b), sub(t.a, t.c)
  local l = max(len(e1), len(e2), len(e3))
  return len(R.cross(e1, sub(t.c, t.a))) <= 1e-6 * l * l
end

---------------------------------------------------------------------------
-- the reference answer for a pair in the unit scene; nil = on the boundary.
-- s, off: where the pair is placed (the tolerances of ray-ray are absolute
-- in the world).

local function maxabs(p) return max(abs(p[1]), abs(p[2]), abs(p[3])) end

local function ref_intersects(a, b, s, wa, wb)
  if b.kind == "plane" and a.kind ~= "plane" then a, b = b, a end
  if a.kind == "plane" and b.kind == "plane" then
    local pa, pb = unit_plane(a), unit_plane(b)
    if len(R.cross(pa.n, pb.n)) > 1e-6 then return true end
    if b.same then return true end
    local sg = dot(pa.n, pb.n) > 0 and 1 or -1
    local gap = abs(pa.d - sg * pb.d)
    if gap > 1e-6 then return false end
    return nil
  end
  if a.kind == "plane" then
    local lo, hi = R.plane_range(a, b)
    local m = DELTA * 4
    if lo < -m and hi > m then return true end
    if lo > m or hi < -m then return false end
    if (lo > -m and lo < m) or (hi > -m and hi < m) then return nil end
    return lo <= 0 and hi >= 0
  end
  -- rays against rays or segments: the C counts a distance within
  -- epsilon * (1 + largest origin coordinate) of the world as shared
  local rayish = (a.kind == "ray" or degenerate(a)) and (b.kind == "ray" or degenerate(b))
  if rayish then
    local d = R.distance(a, b, LONG)
    local function origin(x) return x.kind == "ray" and x.o or x.a end
    local o = max(maxabs(origin(wa)), maxabs(origin(wb)), maxabs(wa.kind == "ray" and wa.o or wa.c),
      maxabs(wb.kind == "ray" and wb.o or wb.c))
    local tol = 1e-9 * (1 + o) / s            -- in the unit scene
    if d <= tol * 0.3 and d <= 1e-7 then return true end
    if d >= tol * 3 and d >= 1e-7 then return false end
    return nil
  end
  return R.intersects(a, b, DELTA, LONG, 4)
end

---------------------------------------------------------------------------
-- reporting

local function fmt(x)
  local k = x.kind
  local function v(p) return ("{%.17g, %.17g, %.17g}"):format(p[1], p[2], p[3]) end
  if k == "aabb" then return ("collide.aabb(%s, %s)"):format(v(x.min), v(x.max)) end
  if k == "obb" then
    return ("collide.obb(%s, %s, {%.17g, %.17g, %.17g, %.17g})"):format(v(x.c), v(x.e),
      x.q[1], x.q[2], x.q[3], x.q[4])
  end
  if k == "sphere" then return ("collide.sphere(%s, %.17g)"):format(v(x.c), x.r) end
  if k == "triangle" then return ("collide.triangle(%s, %s, %s)"):format(v(x.a), v(x.b), v(x.c)) end
  if k == "ray" then
    return ("collide.ray(%s, %s, %s)"):format(v(x.o), v(x.d),
      x.tmax == huge and "math.huge" or ("%.17g"):format(x.tmax))
  end
  if k == "plane" then return ("collide.plane(%s, %.17g)"):format(v(x.n), x.d) end
end

local function failures()
  local f = { n = 0, list = {} }
  function f.add(msg)
    f.n = f.n + 1
    if #f.list < 6 then f.list[#f.list + 1] = msg end
  end
  function f.check(what)
    assert(f.n == 0, ("%d failures in %s, first ones:\n%s"):format(f.n, what, table.concat(f.list, "\n")))
  end
  return f
end

-- where case n of a pair is placed: scale and offset
local function placement(n)
  if n <= N_UNIT then return 1, 0, "unit" end
  if n <= N_UNIT + N_TINY then return 1e-6, 0, "1e-6" end
  return 1, 1e6, "1e6"
end

local CASTABLE = { aabb = true, obb = true, sphere = true, triangle = true, plane = true }
local CONTACT = { aabb = true, obb = true, sphere = true, triangle = true }

---------------------------------------------------------------------------

describe("random cross-checks", function()
  it("the generator is minstd_rand, the same on every Lua", function()
    -- C++ [rand.predef]: the 10000th value of minstd_rand seeded with 1
    local g = R.rng(1)
    local x
    for _ = 1, 10000 do x = g.next() end
    assert.are.equal(399268537, x)
  end)

  local pair_index = 0
  for i = 1, #KINDS do
    for j = i, #KINDS do
      pair_index = pair_index + 1
      local ka, kb, seed = KINDS[i], KINDS[j], SEED + 1000 * pair_index
      local N = N_UNIT + N_TINY + N_BIG
      it(("%s with %s: %d cases, intersects against the reference"):format(ka, kb, N), function()
        local g = R.rng(seed)
        local f = failures()
        local hits, misses, skipped, casts = 0, 0, 0, 0
        for n = 1, N do
          local a = gen[ka](g)
          local b, constructed = related(g, ka, a, kb)
          if not constructed and g.chance(0.5) then b = attract(g, a, b) end
          local s, off, where = placement(n)
          local wa, wb = place(a, s, off), place(b, s, off)
          local oa, ob = build(wa), build(wb)
          local r1, r2 = collide.intersects(oa, ob), collide.intersects(ob, oa)
          local r3, r4 = oa:intersects(ob), ob:intersects(oa)
          local label = ("case %d (%s): %s, %s"):format(n, where, fmt(wa), fmt(wb))
          if not (r1 == r2 and r1 == r3 and r1 == r4) then
            f.add(("asymmetric %s %s %s %s in %s"):format(tostring(r1), tostring(r2),
              tostring(r3), tostring(r4), label))
          end
          local expected = ref_intersects(a, b, s, wa, wb)
          if expected == nil then
            skipped = skipped + 1
          else
            if expected then hits = hits + 1 else misses = misses + 1 end
            if r1 ~= expected then
              f.add(("expected %s, got %s: %s"):format(tostring(expected), tostring(r1), label))
            end
          end
          -- contact is non-nil exactly when intersects is true
          if CONTACT[ka] and CONTACT[kb] and not (ka == "triangle" and kb == "triangle") then
            local c1, c2 = collide.contact(oa, ob) ~= nil, collide.contact(ob, oa) ~= nil
            if c1 ~= r1 or c2 ~= r1 then
              f.add(("contact %s/%s but intersects %s: %s"):format(tostring(c1), tostring(c2),
                tostring(r1), label))
            end
          end
          -- a ray intersects exactly what its cast hits, at the first hit
          for _, pr in ipairs({ { oa, ob, wa, wb, ka, kb }, { ob, oa, wb, wa, kb, ka } }) do
            local ro, so, rw, sw, rk, sk = pr[1], pr[2], pr[3], pr[4], pr[5], pr[6]
            if rk == "ray" and CASTABLE[sk] then
              local t = ro:cast(so)
              if (t ~= nil) ~= r1 then
                f.add(("cast %s but intersects %s: %s"):format(tostring(t), tostring(r1), label))
              end
              if t and expected and not degenerate(sw) then
                local tr = R.first_hit(rw, sw)
                casts = casts + 1
                local tol = 1e-9 * (s + abs(t))
                if sk == "plane" then
                  -- n . o - d cancels coordinates around 1e6: the rounding
                  -- of the stored n and d, divided by the cosine
                  local up = unit_plane(sw)
                  tol = tol + 1e-15 * (abs(up.d) + 3 * maxabs(rw.o)) / abs(dot(up.n, rw.d))
                end
                if not tr or abs(t - tr) > tol then
                  f.add(("cast t %.17g, reference %s: %s"):format(t, tostring(tr), label))
                end
              end
            end
            if ka == kb then break end
          end
        end
        f.check(ka .. " with " .. kb)
        -- the draws must exercise both answers, and few may be undecided
        assert.is_true(hits >= N / 10, ("only %d hits"):format(hits))
        assert.is_true(misses >= N / 10, ("only %d misses"):format(misses))
        assert.is_true(skipped <= N / 100, ("%d cases on the boundary"):format(skipped))
        if ka == "ray" and CASTABLE[kb] or kb == "ray" and CASTABLE[ka] then
          assert.is_true(casts >= N / 20, ("only %d cast t compared"):format(casts))
        end
      end)
    end
  end

  -------------------------------------------------------------------------
  -- points: distance is 0 exactly when contains is true, and agrees with
  -- the GJK distance from the point

  local function random_point_near(g, x)
    -- a point on the surface, inside, or outside, in the unit scene
    local k = x.kind
    local pick = g.uniform(0, 1)
    if k == "aabb" and pick < 0.3 then
      local p = {}
      for i = 1, 3 do p[i] = g.uniform(x.min[i], x.max[i]) end
      local ax = g.int(3)
      p[ax] = g.chance(0.5) and x.min[ax] or x.max[ax]
      return p
    elseif k == "obb" and pick < 0.3 then
      local p = x.c
      for i = 1, 3 do p = madd(p, x.u[i], g.uniform(-1, 1) * x.e[i]) end
      local ax = g.int(3)
      return madd(p, x.u[ax], (g.chance(0.5) and 1 or -1) * x.e[ax] * (1 - g.uniform(0, 1) * 1e-15))
    elseif k == "sphere" and pick < 0.3 then
      return madd(x.c, g.unit(), x.r * (1 - 1e-15 * g.uniform(0, 1)))
    end
    return g.point(-3, 3)
  end

  for _, k in ipairs({ "aabb", "obb", "sphere", "triangle", "ray", "plane" }) do
    it(("%s:distance(point) against the reference%s"):format(k,
      SOLID[k] and ", and is 0 exactly when :contains(point)" or ""), function()
      local g = R.rng(SEED + 77 + #k)
      local f = failures()
      local inside = 0
      for n = 1, 3000 do
        local x = gen[k](g)
        local p = random_point_near(g, x)
        local s, off, where = placement(n < 2000 and 1 or (n < 2500 and N_UNIT + 1 or N_UNIT + N_TINY + 1))
        local wx, wp = place(x, s, off), place_point(p, s, off)
        local o = build(wx)
        local d = o:distance(wp)
        local label = ("case %d (%s): %s:distance({%.17g, %.17g, %.17g}) = %.17g"):format(
          n, where, fmt(wx), wp[1], wp[2], wp[3], d)
        if SOLID[k] then
          local c = o:contains(wp)
          if c then inside = inside + 1 end
          if (d == 0) ~= c then f.add(("contains %s: %s"):format(tostring(c), label)) end
        end
        local dr
        if k == "plane" then
          local up = unit_plane(wx)
          dr = dot(up.n, wp) - up.d                -- signed
        else
          dr = R.distance(wx, { kind = "sphere", c = wp, r = 0 }, LONG * s)
        end
        if abs(d - dr) > 1e-9 * (s + abs(off) * 1e-6) then
          f.add(("reference %.17g: %s"):format(dr, label))
        end
      end
      f.check(k .. ":distance")
      if SOLID[k] then assert.is_true(inside >= 300, ("only %d points inside"):format(inside)) end
    end)
  end
end)
