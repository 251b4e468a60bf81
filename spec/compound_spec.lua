-- collide.compound: construction, placing and flattening of children, the
-- errors, and every query of random compounds (1 to 40 children of every
-- kind a compound takes, so both the plain loop and the tree over the
-- children run) against the union computed here from compound:child(i)
-- and the single-shape functions: any child for intersects, the nearest
-- child for a ray cast (and its index), the least distance, the deepest
-- contact, the earliest sweep either way, the children's sides of a plane
-- and of a frustum.
local collide = require "collide"
local H = require "helpers"

local sqrt = math.sqrt

-- a unit quaternion from four numbers
local function unit(x, y, z, w)
  local l = sqrt(x * x + y * y + z * z + w * w)
  return { x / l, y / l, z / l, w / l }
end

-- random compounds and other shapes from the seeded generator r
local function makers(r)
  local mk = H.shape_makers(r, 4, 0.05)
  mk.hull = function()
    local cx, cy, cz = r(-4, 4), r(-4, 4), r(-4, 4)
    local pts = {}
    for i = 1, 8 do
      pts[#pts + 1] = { cx + r(-1, 1), cy + r(-1, 1), cz + r(-1, 1) }
      if i == 8 then break end
    end
    return collide.hull(pts)
  end
  local kinds = { "aabb", "obb", "triangle", "sphere", "capsule", "hull" }
  mk.compound = function(n)
    n = n or math.floor(r(1, 41))
    local list = {}
    for i = 1, n do list[i] = mk[kinds[math.floor(r(1, #kinds + 1))]]() end
    local pos = { r(-3, 3), r(-3, 3), r(-3, 3) }
    if r(0, 3) < 1 then return collide.compound(list, pos) end
    return collide.compound(list, pos, unit(r(-1, 1), r(-1, 1), r(-1, 1), r(0.1, 1)))
  end
  return mk, kinds
end

local function children(k)
  local out = {}
  for i = 1, k:child_count() do out[i] = k:child(i) end
  return out
end

-- the packed results res with a child's index put after its first k
-- values (a compound's distance and contact give the child after the
-- points or the depth, and a second compound's after it)
local function with_part(res, k, index)
  local out = { n = res.n + 1 }
  for i = 1, k do out[i] = res[i] end
  out[k + 1] = index
  for i = k + 1, res.n do out[i + 1] = res[i] end
  return out
end

-- the nearest child's cast, as the compound's must be: t, p, n, u, v, index
local function union_cast(ray, kids)
  local best
  for i, c in ipairs(kids) do
    local t, px, py, pz, nx, ny, nz, u, v = ray:cast(c)
    if t and (best == nil or t < best[1]) then
      best = { t, px, py, pz, nx, ny, nz, u or 0, v or 0, i }
    end
  end
  return best
end

describe("collide.compound", function()
  it("builds, places and reports its children", function()
    local h = collide.hull({ 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1 })
    local k = collide.compound({ collide.aabb(0, 0, 0, 1, 1, 1), collide.sphere(3, 0, 0, 1), h }, { 0, 0, 5 })
    assert.are.equal("compound", k:type())
    assert.are.equal("compound", collide.type(k))
    assert.are.equal(3, k:child_count())
    assert.are.equal("aabb((0, 0, 5), (1, 1, 6))", tostring(k:child(1)))
    assert.are.equal("sphere((3, 0, 5), 1)", tostring(k:child(2)))
    assert.are.equal("hull(4 vertices, 4 faces, (0, 0, 5), (0, 0, 0, 1))", tostring(k:child(3)))
    assert.are.equal("compound(3 children, (0, 0, 5), (0, 0, 0, 1))", tostring(k))
    H.assert_exact({ 0, 0, 5 }, k:position())
    H.assert_exact({ 0, 0, 0, 1 }, k:rotation())
    assert.are.equal("aabb((0, -1, 4), (4, 1, 6))", tostring(k:bounds()))
    k:set_position(1, 2, 3)
    assert.are.equal("aabb((1, 2, 3), (2, 3, 4))", tostring(k:child(1)))
    k:translate(1, 0, 0)
    H.assert_exact({ 2, 2, 3 }, k:position())
    local c = k:clone()
    assert.is_true(c == k)
    c:set_position(0, 0, 0)
    assert.is_false(c == k)
    -- the hull child keeps its data after the hull and the compound go
    h = nil -- luacheck: ignore 311
    local child = k:child(3)
    k, c = nil, nil -- luacheck: ignore 311
    collectgarbage()
    collectgarbage()
    H.assert_exact({ 3, 2, 3 }, child:vertex(2))
  end)

  it("turns an aabb child into an obb under a rotation, and back", function()
    local q = unit(0, 0, 1, 1)
    local k = collide.compound({ collide.aabb(1, 0, 0, 3, 2, 2) }, { 0, 0, 0 }, q)
    local c = k:child(1)
    assert.are.equal("obb", c:type())
    H.assert_vals({ -1, 2, 1 }, 1e-15, c:center())
    H.assert_exact({ 1, 1, 1 }, c:half_extents())
    H.assert_exact({ q[1], q[2], q[3], q[4] }, c:rotation())
    k:set_rotation(0, 0, 0, 1)
    assert.are.equal("aabb((1, 0, 0), (3, 2, 2))", tostring(k:child(1)))
    -- its bounds are the union of the placed children's, exactly
    k:set_rotation(q)
    local b = k:child(1):bounds()
    assert.are.equal(tostring(b), tostring(k:bounds()))
  end)

  it("flattens a compound given as a child", function()
    local q = unit(1, 2, 3, 4)
    local inner = collide.compound({ collide.obb(1, 0, 0, 1, 1, 1), collide.capsule(0, 0, 0, 0, 1, 0, 0.5) },
      { 1, 2, 3 }, q)
    local outer = collide.compound({ collide.sphere(0, 0, 0, 1), inner })
    assert.are.equal(3, outer:child_count())
    assert.are.equal(tostring(inner:child(1)), tostring(outer:child(2)))
    assert.are.equal(tostring(inner:child(2)), tostring(outer:child(3)))
    outer:set_position(5, 0, 0)
    local moved = inner:clone():set_position(6, 2, 3)
    assert.are.equal(tostring(moved:child(2)), tostring(outer:child(3)))
  end)

  it("refuses what a compound cannot hold", function()
    local cases = {
      { "bad argument #1 to 'compound' (no shapes)", {} },
      { "bad argument #1 to 'compound' (aabb, obb, triangle, sphere, capsule, hull or compound expected at index 1, got collide.plane)",
        { collide.plane(0, 0, 1, 0) } },
      { "bad argument #1 to 'compound' (aabb, obb, triangle, sphere, capsule, hull or compound expected at index 2, got collide.ray)",
        { collide.sphere(0, 0, 0, 1), collide.ray(0, 0, 0, 1, 0, 0) } },
      { "bad argument #1 to 'compound' (aabb, obb, triangle, sphere, capsule, hull or compound expected at index 1, got collide.mesh)",
        { collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 }) } },
      { "bad argument #1 to 'compound' (aabb, obb, triangle, sphere, capsule, hull or compound expected at index 1, got collide.heightfield)",
        { collide.heightfield({ 0, 0, 0, 0 }, 2, 2) } },
      { "bad argument #1 to 'compound' (aabb, obb, triangle, sphere, capsule, hull or compound expected at index 2, got nil)",
        { collide.sphere(0, 0, 0, 1), nil, collide.sphere(0, 0, 0, 1) } },
      { "bad argument #1 to 'compound' (table expected, got string)", "x" },
    }
    for _, c in ipairs(cases) do
      assert.has_error(function() collide.compound(c[2]) end, c[1])
    end
    assert.has_error(function() collide.compound({ collide.sphere(0, 0, 0, 1) }, { 0, 0, 0 }, "q") end,
      "bad argument #3 to 'compound' (quaternion expected, got string)")
    local k = collide.compound({ collide.sphere(0, 0, 0, 1) })
    assert.has_error(function() k:child(2) end, "bad argument #1 to 'child' (index out of range)")
    assert.has_error(function() k:child(0.5) end, "bad argument #1 to 'child' (index out of range)")
    assert.has_error(function() k:set_rotation() end,
      "bad argument #1 to 'set_rotation' (quaternion expected, got no value)")
  end)

  it("answers touching children exactly, through the tree too", function()
    for _, n in ipairs({ 1, 40 }) do
      local list = {}
      for i = 1, n do list[i] = collide.aabb(3 * i, 0, 0, 3 * i + 1, 1, 1) end
      local k = collide.compound(list, { 0, 0, 0 })
      local last = 3 * n
      assert.is_true(collide.intersects(k, collide.aabb(last + 1, 0, 0, last + 2, 1, 1)))
      assert.is_false(collide.intersects(k, collide.aabb(last + 1 + 1e-9, 0, 0, last + 2, 1, 1)))
      local d = collide.distance(k, collide.sphere(last + 3, 0.5, 0.5, 1))
      assert.are.equal(1, d)
      local t, _, _, _, _, _, _, _, _, index = collide.ray(last + 5, 0.5, 0.5, -1, 0, 0):cast(k)
      assert.are.equal(4, t)
      assert.are.equal(n, index)
      local st, _, _, _, nx, _, _, si = collide.sweep(collide.sphere(last + 5, 0.5, 0.5, 1), -10, 0, 0, k)
      assert.are.equal(0.3, st)
      assert.are.equal(1, nx)
      assert.are.equal(n, si)
      assert.is_nil(collide.ray(0, 5, 0.5, 1, 0, 0):cast(k))
    end
  end)

  it("answers as the union of its children (random compounds)", function()
    local r = H.rng(4242)
    local mk = makers(r)
    local others = { "aabb", "obb", "triangle", "sphere", "capsule", "hull", "plane", "ray" }
    local seen_tree, seen_loop, hits, casts, sweeps, moves = 0, 0, 0, 0, 0, 0
    for _ = 1, 120 do
      local k = mk.compound()
      local kids = children(k)
      if #kids > 8 then seen_tree = seen_tree + 1 else seen_loop = seen_loop + 1 end
      for _, kind in ipairs(others) do
        local o = mk[kind]()
        -- intersects: any child
        local any = false
        for _, c in ipairs(kids) do any = any or collide.intersects(c, o) end
        assert.are.equal(any, collide.intersects(k, o))
        assert.are.equal(any, collide.intersects(o, k))
        if any then hits = hits + 1 end
        if kind ~= "ray" and kind ~= "plane" then
          -- distance: the least, its points from that child, then the
          -- child's index (before o's own child's when o is a compound)
          local best, at
          for i, c in ipairs(kids) do
            local res = H.pack(collide.distance(c, o))
            if best == nil or res[1] < best[1] then best, at = res, i end
          end
          H.assert_exact(with_part(best, 7, at), collide.distance(k, o))
          -- contact: the deepest child's, then its index
          local deep
          for i, c in ipairs(kids) do
            if not (c:type() == "triangle" and kind == "triangle") then
              local res = H.pack(collide.contact(c, o))
              if res[1] and (deep == nil or res[4] > deep[4]) then deep, at = res, i end
            end
          end
          if kind ~= "triangle" then
            if deep then
              H.assert_exact(with_part(deep, 4, at), collide.contact(k, o))
            else
              assert.is_nil(collide.contact(k, o))
            end
          end
        end
        if kind == "plane" then
          local side
          for _, c in ipairs(kids) do
            local s = o:classify(c)
            if side == nil then side = s elseif s ~= side then side = 0 end
          end
          assert.are.equal(side, o:classify(k))
        end
      end
      -- ray casts: the nearest child, its index
      for _ = 1, 4 do
        -- aimed near the compound's position
        local ox, oy, oz = r(-8, 8), r(-8, 8), r(-8, 8)
        local px, py, pz = k:position()
        local ray = collide.ray(ox, oy, oz, px - ox + r(-2, 2), py - oy + r(-2, 2), pz - oz + r(-2, 2))
        local want = union_cast(ray, kids)
        if want then casts = casts + 1; H.assert_exact(want, ray:cast(k)) else assert.is_nil(ray:cast(k)) end
      end
      -- sweeps at the compound: the earliest child, its index
      for _, kind in ipairs({ "sphere", "aabb", "obb", "capsule", "hull" }) do
        local m = mk[kind]()
        local dx, dy, dz = r(-6, 6), r(-6, 6), r(-6, 6)
        local best
        for i, c in ipairs(kids) do
          local res = H.pack(collide.sweep(m, dx, dy, dz, c))
          if res[1] and (best == nil or res[1] < best[1]) then
            best = res
            best[8], best.n = i, 8
          end
        end
        if best then sweeps = sweeps + 1; H.assert_exact(best, collide.sweep(m, dx, dy, dz, k))
        else assert.is_nil(collide.sweep(m, dx, dy, dz, k)) end
        -- the compound moving: the earliest over its children (a triangle
        -- child as the target moving the other way)
        local moving
        for _, c in ipairs(kids) do
          local res
          if c:type() == "triangle" then
            local t, px, py, pz, nx, ny, nz = collide.sweep(m, -dx, -dy, -dz, c)
            if t then res = H.pack(t, px + t * dx, py + t * dy, pz + t * dz, -nx + 0.0, -ny + 0.0, -nz + 0.0) end
          else
            res = H.pack(collide.sweep(c, dx, dy, dz, m))
            if not res[1] then res = nil end
          end
          if res and (moving == nil or res[1] < moving[1]) then moving = res end
        end
        if moving then moves = moves + 1; H.assert_exact(moving, collide.sweep(k, dx, dy, dz, m))
        else assert.is_nil(collide.sweep(k, dx, dy, dz, m)) end
      end
    end
    assert.is_true(seen_tree > 20 and seen_loop > 10)
    assert.is_true(hits > 100)
    assert.is_true(casts > 200 and sweeps > 100 and moves > 100, casts .. " " .. sweeps .. " " .. moves)
  end)

  it("meets another compound as the union of pairs of children", function()
    local r = H.rng(77)
    local mk = makers(r)
    for _ = 1, 60 do
      local a, b = mk.compound(), mk.compound()
      local ka, kb = children(a), children(b)
      local any = false
      local best, deep
      for i, x in ipairs(ka) do
        for j, y in ipairs(kb) do
          any = any or collide.intersects(x, y)
          local res = H.pack(collide.distance(x, y))
          if best == nil or res[1] < best[1] then best = with_part(with_part(res, 7, i), 8, j) end
          if not (x:type() == "triangle" and y:type() == "triangle") then
            res = H.pack(collide.contact(x, y))
            if res[1] and (deep == nil or res[4] > deep[4]) then deep = with_part(with_part(res, 4, i), 5, j) end
          end
        end
      end
      assert.are.equal(any, collide.intersects(a, b))
      -- the least distance and the deepest contact over the pairs, then
      -- the two children's indices
      H.assert_exact(best, collide.distance(a, b))
      if deep then H.assert_exact(deep, collide.contact(a, b)) else assert.is_nil(collide.contact(a, b)) end
    end
  end)

  it("is inside, crossing or outside a frustum as its children are", function()
    local r = H.rng(9)
    local mk = makers(r)
    local f = collide.frustum_from_matrix({ 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1.2, -1, 0, 0, -2.2, 0 })
    local counts = { [-1] = 0, [0] = 0, [1] = 0 }
    for _ = 1, 80 do
      local k = mk.compound(math.floor(r(1, 6)))
      k:set_position(r(-2, 2), r(-2, 2), r(-12, 0))
      local inside, outside = true, true
      for _, c in ipairs(children(k)) do
        local s = f:classify(c)
        if s >= 0 then outside = false end
        if s <= 0 then inside = false end
      end
      local want = inside and 1 or (outside and -1 or 0)
      assert.are.equal(want, f:classify(k))
      counts[want] = counts[want] + 1
    end
    assert.is_true(counts[-1] > 0 and counts[0] > 0)
  end)

  it("gives points, lines and a manifold from its children", function()
    local k = collide.compound({ collide.aabb(0, 0, 0, 1, 1, 1), collide.aabb(2, 0, 0, 3, 1, 1) })
    assert.is_true(k:contains(2.5, 0.5, 0.5))
    assert.is_false(k:contains(1.5, 0.5, 0.5))
    H.assert_exact({ 1, 0.5, 0.5 }, k:closest_point(1.4, 0.5, 0.5))
    H.assert_exact({ 3, 0.5, 0.5 }, k:closest_point(3.5, 0.5, 0.5))
    assert.are.equal(0.5, k:distance(3.5, 0.5, 0.5))
    local lines = collide.lines(k)
    assert.are.equal(2 * 12 * 6, #lines)
    local first, second = collide.lines(k:child(1)), collide.lines(k:child(2))
    for i = 1, #first do assert.are.equal(first[i], lines[i]) end
    for i = 1, #second do assert.are.equal(second[i], lines[#first + i]) end
    -- a slab resting on both boxes: the normal of the deepest, four corners
    local slab = collide.aabb(-1, 0.9, -1, 4, 2, 2)
    local nx, ny, nz, pts = collide.manifold(k, slab)
    H.assert_exact({ 0, 1, 0 }, nx, ny, nz)
    assert.are.equal(4, #pts)
    for _, p in ipairs(pts) do
      assert.is_true(math.abs(p.depth - 0.1) < 1e-12)
      assert.is_true(p.x == 0 or p.x == 3)
    end
  end)
end)

describe("collide.compound against meshes and heightfields", function()
  it("answers as the union of its children", function()
    local r = H.rng(31)
    local mk = makers(r)
    local tris = {}
    for _ = 1, 30 do
      local x, y, z = r(-5, 5), r(-5, 5), r(-5, 5)
      for _, v in ipairs({ x, y, z, x + r(-2, 2), y + r(-2, 2), z + r(-2, 2), x + r(-2, 2), y + r(-2, 2), z + r(-2, 2) }) do
        tris[#tris + 1] = v
      end
    end
    local mesh = collide.mesh(tris)
    local heights = {}
    for i = 1, 64 do heights[i] = r(-2, 2) end
    local hf = collide.heightfield(heights, 8, 8, 1.5, 1.5, { -6, -1, -6 })
    local hits, sweeps = 0, 0
    for _ = 1, 60 do
      local list = {}
      local kinds = { "aabb", "obb", "sphere", "capsule", "hull" }
      for i = 1, math.floor(r(1, 30)) do list[i] = mk[kinds[math.floor(r(1, 6))]]() end
      local k = collide.compound(list, { r(-2, 2), r(-2, 2), r(-2, 2) }, unit(r(-1, 1), r(-1, 1), r(-1, 1), 1))
      local kids = children(k)
      for _, set in ipairs({ mesh, hf }) do
        local any, deep = false, nil
        for _, c in ipairs(kids) do
          any = any or collide.intersects(c, set)
          local res = H.pack(collide.contact(c, set))
          if res[1] and (deep == nil or res[4] > deep[4]) then deep = res end
        end
        assert.are.equal(any, collide.intersects(k, set))
        assert.are.equal(any, collide.intersects(set, k))
        if any then hits = hits + 1 end
        local got = H.pack(collide.contact(k, set))
        if deep then
          assert.are.equal(deep[4], got[4])
        else
          assert.is_nil(got[1])
        end
        local dx, dy, dz = r(-4, 4), r(-4, 4), r(-4, 4)
        local first
        for _, c in ipairs(kids) do
          local t = collide.sweep(c, dx, dy, dz, set)
          if t and (first == nil or t < first) then first = t end
        end
        local t = collide.sweep(k, dx, dy, dz, set)
        assert.are.equal(first, t)
        if t then sweeps = sweeps + 1 end
      end
    end
    assert.is_true(hits > 30 and sweeps > 30, hits .. " " .. sweeps)
  end)
end)

describe("collide.compound in a scene", function()
  -- an L of two boxes and a post (tree: more than eight children when big)
  local function ell(big)
    local list = { collide.aabb(0, 0, 0, 4, 1, 1), collide.aabb(0, 0, 1, 1, 1, 4), collide.sphere(4, 2, 4, 0.5) }
    if big then
      for i = 1, 12 do list[#list + 1] = collide.aabb(10 + i, 0, 0, 10.5 + i, 1, 1) end
    end
    return collide.compound(list, { 0, 0, 0 })
  end

  for _, big in ipairs({ false, true }) do
    it("raycasts, queries, pairs and sweeps with compound items" .. (big and " (tree)" or ""), function()
      local s = collide.scene()
      local k = ell(big)
      s:add("ell", k)
      s:add("box", collide.aabb(2, 0, 2, 3, 1, 3))
      s:add("ball", collide.sphere(0.5, 1.2, 0.5, 0.3))
      local ray = collide.ray(0.5, 0.5, 10, 0, 0, -1)
      H.assert_exact({ "ell", 6, 0.5, 0.5, 4, 0, 0, 1, 0, 0, 2 }, s:raycast(ray))
      H.assert_exact(H.pack("ell", ray:cast(k)), s:raycast(ray))
      local all = s:raycast_all(collide.ray(0.5, 0.5, 10, 0, 0, -1))
      assert.are.equal(1, #all)
      assert.are.equal(2, all[1].index)
      assert.are.same({ "ell" }, s:query(collide.sphere(4, 2, 4.6, 0.2)))
      assert.are.same({ "box" }, s:query(collide.sphere(2.5, 0.5, 2.5, 0.2)))
      local pairs = s:pairs()
      assert.are.equal(1, #pairs)
      assert.are.same({ "ell", "ball" }, pairs[1])
      -- a sweep at the compound gives the child's index
      local item, t, _, _, _, _, _, _, index = s:sweep(collide.sphere(4, 2, 8, 0.5), 0, 0, -8)
      assert.are.equal("ell", item)
      assert.are.equal(3, index)
      assert.are.equal(select(1, collide.sweep(collide.sphere(4, 2, 8, 0.5), 0, 0, -8, k)), t)
    end)
  end

  it("moves a compound item, which slides and is pushed out by contact", function()
    local s = collide.scene()
    s:add("wall", collide.aabb(5, -5, -5, 6, 5, 5))
    local k = collide.compound({ collide.aabb(0, 0, 0, 1, 1, 1), collide.sphere(0.5, 2, 0.5, 0.5) }, { 0, 0, 0 })
    s:add("k", k)
    local mx, my, mz, cols = s:move("k", 10, 0, 0)
    H.assert_exact({ 4, 0, 0 }, mx, my, mz)
    assert.are.equal(1, #cols)
    assert.are.equal("wall", cols[1].other)
    H.assert_exact({ 4, 0, 0 }, k:position())
    -- overlapping at the start: pushed out along the deepest child's contact
    k:set_position(4.25, 0, 0)
    s:update("k")
    mx = s:move("k", 0, 0, 0)
    assert.are.equal(-0.25, mx)
  end)

  it("enters a sensor and begins touching as its children do", function()
    local s = collide.scene()
    s:add("zone", collide.aabb(10, 0, 0, 12, 2, 2), { sensor = true })
    local k = collide.compound({ collide.sphere(0, 1, 1, 0.5), collide.aabb(3, 0, 0, 4, 1, 1) }, { 0, 0, 0 })
    s:add("k", k, { events = true })
    s:add("post", collide.aabb(6, 0, 0, 6.5, 3, 3))
    assert.are.same({}, s:events())
    k:set_position(7.5, 0, 0)      -- the box child in the zone, the sphere child past the post
    s:update("k")
    local ev = s:events()
    assert.are.equal(1, #ev)
    assert.are.same({ type = "enter", sensor = "zone", item = "k", a = "zone", b = "k" }, ev[1])
    k:set_position(2.5, 0, 0)      -- the box child on the post
    s:update("k")
    ev = s:events()
    assert.are.equal(2, #ev)
    assert.are.same({ type = "exit", sensor = "zone", item = "k", a = "zone", b = "k" }, ev[1])
    assert.are.same({ type = "begin", a = "k", b = "post" }, ev[2])
  end)
end)

describe("collide.character on a compound platform", function()
  local sin, cos, pi = math.sin, math.cos, math.pi
  local R, HEIGHT = 0.3, 1.8
  local function turn_y(a) return { 0, sin(a / 2), 0, cos(a / 2) } end
  local function turned(x, z, a) return x * cos(a) + z * sin(a), -x * sin(a) + z * cos(a) end
  -- an 8 x 1 x 8 deck of n x n tiles, its top at y = 0 (in its frame, 0.5)
  local function deck(n)
    local list, w = {}, 8 / n
    for i = 0, n - 1 do
      for j = 0, n - 1 do
        list[#list + 1] = collide.aabb(-4 + i * w, -0.5, -4 + j * w, -4 + (i + 1) * w, 0.5, -4 + (j + 1) * w)
      end
    end
    return collide.compound(list, { 0, -0.5, 0 })
  end

  for _, n in ipairs({ 1, 2, 4 }) do
    it("a merry-go-round of " .. n * n .. " tiles carries the character around the circle", function()
      local s = collide.scene()
      local k = deck(n)
      s:add("mgr", k)
      local body = collide.capsule(2, R, 0, 2, HEIGHT - R, 0, R)
      s:add("p", body)
      local ch = collide.character(s, "p")
      assert.are.equal("mgr", ch:floor_item())
      local _, y0 = body:center()
      local px, pz = 2, 0
      for step = 1, 9 do
        local a = step * pi / 18
        k:set_rotation(turn_y(a))
        s:update("mgr")
        ch:move(0, 0, 0)
        local x, y, z = body:center()
        local wx, wz = turned(2, 0, a)
        assert.is_true(H.near(wx, x, 1e-9) and H.near(wz, z, 1e-9),
          ("step %d: (%.17g, %.17g) for (%.17g, %.17g)"):format(step, x, z, wx, wz))
        assert.are.equal(y0, y)
        local fx, fy, fz, fa = ch:floor_motion()
        assert.is_true(H.near(wx - px, fx, 1e-9) and fy == 0 and H.near(wz - pz, fz, 1e-9))
        assert.is_true(H.near(pi / 18, fa, 1e-12), ("step %d: turned by %.17g"):format(step, fa))
        px, pz = wx, wz
        assert.are.equal("mgr", ch:floor_item())
        assert.is_true(ch:on_floor())
      end
      assert.is_true(H.near(0, px, 1e-15) and H.near(-2, pz, 1e-15))
      ch:move(0, 0, 0)
      assert.are.same({ 0, 0, 0, 0 }, { ch:floor_motion() })
    end)
  end

  it("moves and turns at once: the centre moved, then turned about it", function()
    local s = collide.scene()
    local k = deck(2)
    s:add("mgr", k)
    local body = collide.capsule(2, R, 0, 2, HEIGHT - R, 0, R)
    s:add("p", body)
    local ch = collide.character(s, "p")
    k:set_position(1, -0.5, 0.5)
    k:set_rotation(turn_y(pi / 2))
    s:update("mgr")
    ch:move(0, 0, 0)
    local x, _, z = body:center()
    assert.is_true(H.near(1, x, 1e-9) and H.near(-1.5, z, 1e-9))
    H.assert_vals({ -1, 0, -1.5, pi / 2 }, 1e-9, ch:floor_motion())
  end)

  it("walks as a compound character", function()
    local s = collide.scene()
    s:add("ground", collide.aabb(-10, -1, -10, 10, 0, 10))
    local body = collide.compound({ collide.capsule(0, R, 0, 0, HEIGHT - R, 0, R), collide.sphere(0, 1, 0.4, 0.2) },
      { 0, 0, 0 })
    s:add("p", body)
    local ch = collide.character(s, "p")
    assert.is_true(ch:on_floor())
    ch:move(1, 0, 0)
    H.assert_exact({ 1, 0, 0 }, body:position())
  end)
end)

describe("a compound with a triangle child as a mover", function()
  -- a triangle child is swept as its target moving the other way, which a
  -- plane, a triangle, a mesh or a heightfield cannot be: it would pass
  -- through them, so scene:move and the character refuse such a mover
  local EXPECTED = "item with an aabb, obb, sphere, capsule, hull or compound shape expected, got compound with a triangle child"
  local function with_triangle(x, y)
    return collide.compound({ collide.sphere(0, 0, 0, 0.5), collide.triangle(0, 0, 0, 1, 0, 0, 0, 0, 1) },
      { x, y, 0 })
  end

  it("scene:move refuses it and leaves it where it was", function()
    for _, ground in ipairs({
      collide.heightfield({ 0, 0, 0, 0 }, 2, 2, 10, 10, { -5, 0, -5 }),
      collide.mesh({ -5, 0, -5, -5, 0, 5, 5, 0, 5, -5, 0, -5, 5, 0, 5, 5, 0, -5 }),
      collide.plane(0, 1, 0, 0),
    }) do
      local s = collide.scene()
      s:add("ground", ground)
      local k = with_triangle(0, 5)
      s:add("k", k)
      local ok, err = pcall(s.move, s, "k", 0, -100, 0)
      assert.is_false(ok)
      assert.are.equal("bad argument #1 to 'move' (" .. EXPECTED .. ")", err:gsub("^[^:]*:%d+: ", ""))
      H.assert_exact({ 0, 5, 0 }, k:position())
      -- without the triangle it stops on the ground, the sphere's bottom on it
      local b = collide.compound({ collide.sphere(0, 0, 0, 0.5) }, { 2, 5, 0 })
      s:add("b", b)
      local mx, my, mz = s:move("b", 0, -100, 0)
      assert.are.same({ 0, -4.5, 0 }, { mx, my, mz })
      H.assert_exact({ 2, 0.5, 0 }, b:position())
    end
  end)

  it("collide.character refuses it, and a character whose compound gains one", function()
    local s = collide.scene()
    s:add("ground", collide.plane(0, 1, 0, 0))
    s:add("k", with_triangle(0, 5))
    local ok, err = pcall(collide.character, s, "k")
    assert.is_false(ok)
    assert.are.equal("bad argument #2 to 'character' (" .. EXPECTED .. ")", err:gsub("^[^:]*:%d+: ", ""))
    local b = collide.compound({ collide.sphere(0, 0, 0, 0.5) }, { 3, 0.5, 0 })
    s:add("b", b)
    local ch = collide.character(s, "b")
    b:set({ collide.sphere(0, 0, 0, 0.5), collide.triangle(0, 0, 0, 1, 0, 0, 0, 0, 1) }, { 3, 0.5, 0 })
    s:update("b")
    ok, err = pcall(ch.move, ch, 0, -1, 0)
    assert.is_false(ok)
    assert.are.equal("the character's item no longer has an aabb, obb, sphere, capsule, hull or compound shape (got compound with a triangle child)",
      err:gsub("^[^:]*:%d+: ", ""))
    H.assert_exact({ 3, 0.5, 0 }, b:position())
  end)
end)
