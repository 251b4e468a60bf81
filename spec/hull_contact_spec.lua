-- collide.contact between hulls, and between a hull and a box or a
-- triangle, against a brute-force separating-axis search written here:
-- every face normal of both and the cross product of every edge of one
-- with every edge of the other, each axis measured by projecting every
-- vertex. For overlapping convex polytopes the least overlap over those
-- axes is the penetration depth. The hulls are large enough (more than
-- 256 edge pairs) that collide takes EPA's normal and measures only the
-- axes near it (hull.c, epa.c): the depths must agree within 1e-9.
local collide = require "collide"
local H = require "helpers"

local abs, sqrt, huge = math.abs, math.sqrt, math.huge

local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
local function cross(a, b)
  return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end

-- a hull's edges as pairs of vertex indices: two vertices that share two
-- faces (read once, with the hull unplaced)
local function edges_of(h)
  local nv, nf = h:vertex_count(), h:face_count()
  local on = {}
  for i = 1, nv do
    local v = { h:vertex(i) }
    on[i] = {}
    for f = 1, nf do
      local nx, ny, nz, d = h:face(f)
      if abs(nx * v[1] + ny * v[2] + nz * v[3] - d) < 1e-9 then on[i][#on[i] + 1] = f end
    end
  end
  local edges = {}
  for i = 1, nv do
    for j = i + 1, nv do
      local shared = 0
      for _, f in ipairs(on[i]) do
        for _, g in ipairs(on[j]) do if f == g then shared = shared + 1 end end
      end
      if shared >= 2 then edges[#edges + 1] = { i, j } end
    end
  end
  return edges
end

-- the placed shape as vertices, face normals and edge directions
local function polytope(s, edges)
  local P = { v = {}, n = {}, e = {} }
  if s:type() == "hull" then
    for i = 1, s:vertex_count() do P.v[i] = { s:vertex(i) } end
    for f = 1, s:face_count() do
      local nx, ny, nz = s:face(f)
      P.n[f] = { nx, ny, nz }
    end
    for k, e in ipairs(edges) do P.e[k] = sub(P.v[e[2]], P.v[e[1]]) end
  elseif s:type() == "triangle" then
    local a, b, c = { s:vertex(1) }, { s:vertex(2) }, { s:vertex(3) }
    P.v = { a, b, c }
    P.e = { sub(b, a), sub(c, b), sub(a, c) }
    P.n = { cross(P.e[1], sub(c, a)) }
  else
    local ax = s:type() == "obb" and { s:axes() } or { 1, 0, 0, 0, 1, 0, 0, 0, 1 }
    for i = 1, 8 do P.v[i] = { s:corner(i) } end
    for k = 0, 2 do P.n[k + 1] = { ax[3 * k + 1], ax[3 * k + 2], ax[3 * k + 3] } end
    P.e = P.n
  end
  return P
end

-- the least overlap of A and B over every candidate axis
local function brute_depth(A, B)
  local best = huge
  local av, bv = A.v, B.v
  local function axis(a)
    local l = sqrt(a[1] * a[1] + a[2] * a[2] + a[3] * a[3])
    if l < 1e-9 then return end
    local ux, uy, uz = a[1] / l, a[2] / l, a[3] / l
    local alo, ahi, blo, bhi = huge, -huge, huge, -huge
    for i = 1, #av do
      local v = av[i]
      local x = ux * v[1] + uy * v[2] + uz * v[3]
      if x < alo then alo = x end
      if x > ahi then ahi = x end
    end
    for i = 1, #bv do
      local v = bv[i]
      local x = ux * v[1] + uy * v[2] + uz * v[3]
      if x < blo then blo = x end
      if x > bhi then bhi = x end
    end
    local o = ahi - blo
    if bhi - alo < o then o = bhi - alo end
    if o < best then best = o end
  end
  for _, n in ipairs(A.n) do axis(n) end
  for _, n in ipairs(B.n) do axis(n) end
  for _, ea in ipairs(A.e) do
    for _, eb in ipairs(B.e) do axis(cross(ea, eb)) end
  end
  return best
end

describe("hull contact by EPA's normal", function()
  local r = H.rng(31)
  local function unit()
    local x, y, z, l
    repeat
      x, y, z = r(-1, 1), r(-1, 1), r(-1, 1)
      l = x * x + y * y + z * z
    until l > 1e-4 and l <= 1
    l = sqrt(l)
    return { x / l, y / l, z / l }
  end
  local function quat()
    local u, a = unit(), r(0, math.pi)
    local s = math.sin(a)
    return { u[1] * s, u[2] * s, u[3] * s, math.cos(a) }
  end
  -- 24 hulls of 8 to 12 points on lumpy ellipsoids, their edges read once
  local hulls = {}
  for i = 1, 24 do
    local pts, sx, sy, sz = {}, r(0.5, 1.5), r(0.5, 1.5), r(0.5, 1.5)
    for k = 1, 8 + (i % 5) do
      local u = unit()
      local m = r(0.8, 1)
      pts[k] = { u[1] * sx * m, u[2] * sy * m, u[3] * sz * m }
    end
    local h = collide.hull(pts)
    hulls[i] = { h = h, edges = edges_of(h) }
  end

  local function check(a, b, ea, eb)
    local nx, ny, nz, depth = collide.contact(a, b)
    if not nx then return false end
    local want = brute_depth(polytope(a, ea), polytope(b, eb))
    assert.is_true(abs(depth - want) <= 1e-9,
      ("depth %.17g, brute force %.17g: %s %s"):format(depth, want, tostring(a), tostring(b)))
    -- the normal is an axis of that least overlap: b moved by it is clear
    local n = { nx, ny, nz }
    assert.is_true(abs(dot(n, n) - 1) < 1e-12)
    local moved = b:clone():translate(nx * (depth + 1e-6), ny * (depth + 1e-6), nz * (depth + 1e-6))
    assert.is_false(collide.intersects(a, moved))
    return true
  end

  it("hull against hull on 1,500 random pairs", function()
    local n = 0
    for _ = 1, 1500 do
      local A, B = hulls[math.floor(r(1, 25))], hulls[math.floor(r(1, 25))]
      local a = A.h:clone():set_rotation(quat())
      local u, d = unit(), r(0, 1.8)
      local b = B.h:clone():set_position(u[1] * d, u[2] * d, u[3] * d):set_rotation(quat())
      if check(a, b, A.edges, B.edges) then n = n + 1 end
    end
    assert.is_true(n > 1000, n .. " pairs overlapped")
  end)

  it("hull against obb, aabb and triangle, both orders", function()
    local n = 0
    for _ = 1, 400 do
      local A = hulls[math.floor(r(1, 25))]
      local a = A.h:clone():set_rotation(quat())
      local c = { r(-1.5, 1.5), r(-1.5, 1.5), r(-1.5, 1.5) }
      local e = { r(0.1, 1), r(0.1, 1), r(0.1, 1) }
      local others = {
        collide.obb(c, e, quat()),
        collide.aabb(c[1] - e[1], c[2] - e[2], c[3] - e[3], c[1] + e[1], c[2] + e[2], c[3] + e[3]),
        collide.triangle(c[1], c[2], c[3], c[1] + r(-2, 2), c[2] + r(-2, 2), c[3] + r(-2, 2),
          c[1] + r(-2, 2), c[2] + r(-2, 2), c[3] + r(-2, 2)),
      }
      for _, o in ipairs(others) do
        if check(a, o, A.edges) then n = n + 1 end
        check(o, a, nil, A.edges)
      end
    end
    assert.is_true(n > 250, n .. " pairs overlapped")
  end)

  it("box-shaped hulls give the obb's contact exactly", function()
    local cube = collide.hull({ -1, -1, -1, 1, -1, -1, -1, 1, -1, 1, 1, -1, -1, -1, 1, 1, -1, 1, -1, 1, 1, 1, 1, 1 })
    local big = hulls[9].h:clone()
    for _ = 1, 200 do
      local q, c = quat(), { r(-2, 2), r(-2, 2), r(-2, 2) }
      local h = cube:clone():set_position(c):set_rotation(q)
      local o = collide.obb(c, { 1, 1, 1 }, q)
      local got, want = { collide.contact(big, h) }, { collide.contact(big, o) }
      assert.are.equal(#want, #got)
      if want[1] then H.assert_near(want, got, 1e-12) end
    end
  end)
end)
