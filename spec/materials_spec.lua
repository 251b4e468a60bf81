-- Materials: an integer per triangle of a mesh ({materials = ...}) and
-- per cell of a heightfield, reported by every hit and collision on a
-- triangle: the value right after the triangle's index in positional
-- results, the `material` field of records and named results, and
-- ch:floor_material(). Without materials every result is what it was.
local collide = require "collide"

-- a floor at y = 0 from -5 to 5: triangle 1 where x + z < 0, 2 beyond
local V = { -5, 0, -5, 5, 0, -5, -5, 0, 5, 5, 0, 5 }
local IDX = { 1, 3, 2, 2, 3, 4 }

local function pack(...) return { n = select("#", ...), ... } end

describe("materials", function()
  local plain = collide.mesh(V, IDX)
  local m = collide.mesh(V, IDX, { materials = { 3, 4 } })

  it("mesh:material(t), nil without materials", function()
    assert.are.equal(3, m:material(1))
    assert.are.equal(4, m:material(2))
    assert.is_nil(plain:material(1))
    assert.are.equal(2147483647, collide.mesh(V, IDX, { materials = { 0, 2147483647 } }):material(2))
    -- without indices the options come third all the same
    assert.are.equal(7, collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 0, 1 }, nil, { materials = { 7 } }):material(1))
    -- no materials field: none
    assert.is_nil(collide.mesh(V, IDX, {}):material(1))
  end)

  it("a mesh made without materials is as large as before; with, 4 bytes a triangle more", function()
    assert.are.equal(plain:memory() + 2 * 4, m:memory())
  end)

  it("refuses a wrong materials option, whole", function()
    assert.has_error(function() collide.mesh(V, IDX, { materials = { 3 } }) end,
      "bad argument #3 to 'mesh' (field 'materials': 2 materials expected (one a triangle), got 1)")
    assert.has_error(function() collide.mesh(V, IDX, { materials = { 3, 1.5 } }) end,
      "bad argument #3 to 'mesh' (field 'materials': integer from 0 to 2^31-1 expected at index 2, got 1.5)")
    assert.has_error(function() collide.mesh(V, IDX, { materials = { 3, -1 } }) end,
      "bad argument #3 to 'mesh' (field 'materials': integer from 0 to 2^31-1 expected at index 2, got -1)")
    assert.has_error(function() collide.mesh(V, IDX, { materials = { 3, 2147483648 } }) end,
      "bad argument #3 to 'mesh' (field 'materials': integer from 0 to 2^31-1 expected at index 2, got 2147483648)")
    assert.has_error(function() collide.mesh(V, IDX, { materials = { "a", 1 } }) end,
      "bad argument #3 to 'mesh' (field 'materials': integer expected at index 1, got string)")
    assert.has_error(function() collide.mesh(V, IDX, { materials = { [2] = 1 } }) end,
      "bad argument #3 to 'mesh' (field 'materials': integer expected at index 1, got nil)")
    assert.has_error(function() collide.mesh(V, IDX, { materials = 3 }) end,
      "bad argument #3 to 'mesh' (field 'materials': table expected, got number)")
    assert.has_error(function() collide.mesh(V, IDX, 3) end,
      "bad argument #3 to 'mesh' (table expected, got number)")
    assert.has_error(function() m:material(3) end, "bad argument #1 to 'material' (index out of range)")
    assert.has_error(function() m:material(1.5) end, "bad argument #1 to 'material' (index out of range)")
  end)

  it("ray:cast gives the material 11th and in out", function()
    local down = collide.ray(2, 3, 2, 0, -1, 0)
    local a, b = pack(down:cast(m)), pack(down:cast(plain))
    assert.are.equal(11, a.n)
    assert.are.equal(10, b.n)
    for k = 1, 10 do assert.are.equal(b[k], a[k]) end
    assert.are.equal(3, a[1])
    assert.are.equal(2, a[10])
    assert.are.equal(4, a[11])
    assert.are.equal(3, select(11, collide.ray(-2, 3, -2, 0, -1, 0):cast(m)))
    local out = down:cast(m, false, {})
    assert.are.equal(4, out.material)
    assert.are.equal(2, out.index)
    out.material = 99
    assert.is_nil(down:cast(plain, false, out).material)
  end)

  it("collide.sweep on a mesh gives the material after the index", function()
    local s = collide.sphere(2, 3, 2, 0.5)
    local a, b = pack(collide.sweep(s, 0, -5, 0, m)), pack(collide.sweep(s, 0, -5, 0, plain))
    assert.are.equal(9, a.n)
    assert.are.equal(8, b.n)
    for k = 1, 8 do assert.are.equal(b[k], a[k]) end
    assert.are.equal(0.5, a[1])
    assert.are.equal(2, a[8])
    assert.are.equal(4, a[9])
  end)

  describe("in a scene", function()
    local function scene()
      local s = collide.scene()
      s:add("floor", m)
      s:add("plain", collide.mesh({ 20, 0, -5, 30, 0, -5, 20, 0, 5 }))
      s:add("box", collide.aabb(-0.5, 0.5, -0.5, 0.5, 1.5, 0.5))
      return s
    end

    it("scene:raycast gives it 12th, raycast_all and out in material", function()
      local s = scene()
      local down = collide.ray(2, 3, 2, 0, -1, 0)
      local r = pack(s:raycast(down))
      assert.are.equal(12, r.n)
      assert.are.equal("floor", r[1])
      assert.are.equal(3, r[2])
      assert.are.equal(2, r[11])
      assert.are.equal(4, r[12])
      local out = s:raycast(down, nil, {})
      assert.are.equal(4, out.material)
      assert.are.equal(2, out.index)
      local all = s:raycast_all(collide.ray(-2, 3, -2, 0, -1, 0))
      assert.are.equal(1, #all)
      assert.are.equal(1, all[1].index)
      assert.are.equal(3, all[1].material)
      -- a mesh without materials, and an item that is no mesh: none
      local r2 = pack(s:raycast(collide.ray(21, 3, 1, 0, -1, 0)))
      assert.are.equal(11, r2.n)
      assert.are.equal("plain", r2[1])
      assert.is_nil(s:raycast(collide.ray(21, 3, 1, 0, -1, 0), nil, { material = 5 }).material)
      assert.is_nil(s:raycast_all(collide.ray(21, 3, 1, 0, -1, 0))[1].material)
      local hb = s:raycast_all(collide.ray(0, 5, 0, 0, -1, 0))
      assert.are.equal("box", hb[1].item)
      assert.is_nil(hb[1].material)
      assert.are.equal("floor", hb[2].item)
      assert.are.equal(3, hb[2].material)
    end)

    it("scene:sweep gives it 10th, sweep_all and out in material", function()
      local s = scene()
      local ball = collide.sphere(2, 3, 2, 0.5)
      local r = pack(s:sweep(ball, 0, -5, 0))
      assert.are.equal(10, r.n)
      assert.are.equal("floor", r[1])
      assert.are.equal(0.5, r[2])
      assert.are.equal(2, r[9])
      assert.are.equal(4, r[10])
      assert.are.equal(4, s:sweep(ball, 0, -5, 0, nil, {}).material)
      local all = s:sweep_all(collide.sphere(-2, 3, -2, 0.5), 0, -5, 0)
      assert.are.equal(1, #all)
      assert.are.equal(3, all[1].material)
      assert.are.equal(9, select("#", s:sweep(collide.sphere(21, 3, 1, 0.5), 0, -5, 0)))
    end)

    it("scene:move's collisions carry it", function()
      local s = scene()
      local _, my, _, cols = s:move("box", 2, -1, 2)
      assert.are.equal(-0.5, my)
      assert.are.equal(1, #cols)
      assert.are.equal("floor", cols[1].other)
      assert.are.equal(4, cols[1].material)
      -- into the wall: no material
      s:add("wall", collide.aabb(3, 0, -1, 4, 2, 1))
      s:update("box", collide.aabb(1, 0.5, -0.5, 2, 1.5, 0.5))
      local mx, mz
      mx, my, mz, cols = s:move("box", 2, 0, 0)
      assert.are.equal(1, #cols)
      assert.are.equal("wall", cols[1].other)
      assert.is_nil(cols[1].material)
      assert.are.equal(1, mx)
      assert.are.equal(0, my + mz)
    end)

    it("the character's collisions and floor_material", function()
      local s = scene()
      s:update("box", collide.aabb(-0.5, 0.05, -0.5, 0.5, 1.05, 0.5))
      local ch = collide.character(s, "box")
      ch:move(1, -0.1, 1)
      assert.is_true(ch:on_floor())
      assert.are.equal("floor", ch:floor_item())
      assert.are.equal(4, ch:floor_material())
      local cols = ch:collisions()
      assert.are.equal("floor", cols[#cols].other)
      assert.are.equal(4, cols[#cols].material)
      ch:move(-3, -0.1, -3)
      assert.are.equal(3, ch:floor_material())
      -- off the floor: nil
      ch:move(0, 3, 0)
      assert.is_false(ch:on_floor())
      assert.is_nil(ch:floor_material())
    end)

    it("floor_material is nil on a box and on a mesh without materials", function()
      local s = collide.scene()
      s:add("ground", collide.aabb(-5, -1, -5, 5, 0, 5))
      s:add("plain", collide.mesh({ 20, 0, -5, 30, 0, -5, 20, 0, 5 }))
      s:add("a", collide.aabb(-0.5, 0.05, -0.5, 0.5, 1, 0.5))
      s:add("b", collide.aabb(21, 0.05, -1, 22, 1, 0))
      local a, b = collide.character(s, "a"), collide.character(s, "b")
      a:move(0, -0.1, 0)
      b:move(0, -0.1, 0)
      assert.are.equal("ground", a:floor_item())
      assert.is_nil(a:floor_material())
      assert.are.equal("plain", b:floor_item())
      assert.is_nil(b:floor_material())
    end)
  end)

  describe("on a heightfield", function()
    local H = { 0, 0, 0, 0, 0, 0, 0, 0, 0 }

    it("{materials = ...} per cell, hf:material and hf:set_material", function()
      local hf = collide.heightfield(H, 3, 3, { materials = { 1, 2, 3, 4 } })
      assert.are.equal(1, hf:material(0, 0))
      assert.are.equal(2, hf:material(1, 0))
      assert.are.equal(3, hf:material(0, 1))
      assert.are.equal(hf, hf:set_material(1, 1, 42))
      assert.are.equal(42, hf:material(1, 1))
      -- both triangles of the cell: 7 and 8
      local a = pack(collide.ray(1.25, 1, 1.75, 0, -1, 0):cast(hf))
      local b = pack(collide.ray(1.75, 1, 1.25, 0, -1, 0):cast(hf))
      assert.are.equal(11, a.n)
      assert.are.same({ 7, 42 }, { a[10], a[11] })
      assert.are.same({ 8, 42 }, { b[10], b[11] })
      assert.are.equal(1, select(11, collide.ray(0.5, 1, 0.5, 0, -1, 0):cast(hf)))
      -- the origin, as three numbers or one value, before the options
      local o = collide.heightfield(H, 3, 3, 2, 2, 0, 5, 0, { materials = { 1, 2, 3, 4 } })
      assert.are.same({ 0, 5, 0 }, { o:origin() })
      assert.are.equal(4, o:material(1, 1))
      o = collide.heightfield(H, 3, 3, 2, 2, { 0, 5, 0 }, { materials = { 1, 2, 3, 4 } })
      assert.are.same({ 0, 5, 0 }, { o:origin() })
      -- without materials: nil, and no more memory than before
      local flat = collide.heightfield(H, 3, 3)
      assert.is_nil(flat:material(0, 0))
      assert.are.equal(10, select("#", collide.ray(0.5, 1, 0.5, 0, -1, 0):cast(flat)))
      assert.are.equal(flat:memory() + 4 * 4, hf:memory())
    end)

    it("refuses wrong materials and cells, whole", function()
      local hf = collide.heightfield(H, 3, 3, { materials = { 1, 2, 3, 4 } })
      assert.has_error(function() collide.heightfield(H, 3, 3, { materials = { 1, 2, 3 } }) end,
        "bad argument #4 to 'heightfield' (field 'materials': 4 materials expected (one a cell), got 3)")
      assert.has_error(function() collide.heightfield(H, 3, 3, 1, 1, { 0, 0, 0 }, { materials = { 1, 2, 3, 0.5 } }) end,
        "bad argument #7 to 'heightfield' (field 'materials': integer from 0 to 2^31-1 expected at index 4, got 0.5)")
      assert.has_error(function() hf:set_material(2, 0, 1) end,
        "bad argument #1 to 'set_material' (column out of range, got 2)")
      assert.has_error(function() hf:set_material(0, -1, 1) end,
        "bad argument #2 to 'set_material' (row out of range, got -1)")
      assert.has_error(function() hf:set_material(0, 0, 1.5) end,
        "bad argument #3 to 'set_material' (integer from 0 to 2^31-1 expected, got 1.5)")
      assert.has_error(function() hf:material(0, 2) end,
        "bad argument #2 to 'material' (row out of range, got 2)")
      assert.has_error(function() collide.heightfield(H, 3, 3):set_material(0, 0, 1) end,
        "heightfield made without materials")
    end)

    it("in a scene: raycast, and the character's floor after hf:set_material", function()
      local hf = collide.heightfield(H, 3, 3, { materials = { 1, 2, 3, 4 } })
      local s = collide.scene()
      s:add("terrain", hf)
      assert.are.equal(4, select(12, s:raycast(collide.ray(1.5, 1, 1.5, 0, -1, 0))))
      s:add("box", collide.aabb(1.25, 0.05, 1.25, 1.75, 1, 1.75))
      local ch = collide.character(s, "box")
      ch:move(0, -0.1, 0)
      assert.are.equal("terrain", ch:floor_item())
      assert.are.equal(4, ch:floor_material())
      -- read when asked: a material set after the move counts
      hf:set_material(1, 1, 42)
      assert.are.equal(42, ch:floor_material())
      ch:move(0, -0.1, 0)
      assert.are.equal(42, ch:floor_material())
      assert.are.equal(42, select(12, s:raycast(collide.ray(1.5, 1, 1.5, 0, -1, 0), { exclude = { "box" } })))
    end)
  end)
end)

-- Random rays, sweeps and moves on a bumpy mesh and a heightfield edited
-- between rounds: each hit's index is the brute-force answer over the
-- triangles alone (ray:cast and collide.sweep of each triangle), and its
-- material the one this spec keeps for that triangle (or its cell).
describe("materials at random", function()
  local rng = require("ref").rng

  -- the earliest hit of cast(shape) over the triangles: its t and the
  -- triangles (indices) that reach it, or come within tol of it (a box
  -- landing on a ridge meets the triangles on both sides a few ulps
  -- apart, and a move may take either)
  local function brute(tris, cast, tol)
    local ts, best, at = {}, nil, {}
    for k = 1, #tris do
      ts[k] = cast(tris[k])
      if ts[k] and (best == nil or ts[k] < best) then best = ts[k] end
    end
    for k = 1, #tris do
      if ts[k] and ts[k] <= best + (tol or 0) then at[#at + 1] = k end
    end
    return best, at
  end

  local function has(list, v)
    for _, x in ipairs(list) do if x == v then return true end end
    return false
  end

  it("on a mesh: rays, sweeps and moves report the triangle's material", function()
    local r = rng(20261204)
    local N, VS, IS, M = 8, {}, {}, {}
    for j = 0, N do
      for i = 0, N do
        VS[#VS + 1], VS[#VS + 2], VS[#VS + 3] = i, r.uniform(-0.4, 0.4), j
      end
    end
    local function at(i, j) return j * (N + 1) + i + 1 end
    for j = 0, N - 1 do
      for i = 0, N - 1 do
        local a, b, c, d = at(i, j), at(i + 1, j), at(i, j + 1), at(i + 1, j + 1)
        for _, v in ipairs({ a, c, b, b, c, d }) do IS[#IS + 1] = v end
      end
    end
    local tris = {}
    for t = 1, #IS / 3 do
      M[t] = 1000 + 7 * t
      local p = {}
      for k = 0, 2 do
        local v = IS[3 * (t - 1) + k + 1]
        p[k + 1] = { VS[3 * v - 2], VS[3 * v - 1], VS[3 * v] }
      end
      tris[t] = collide.triangle(p[1], p[2], p[3])
    end
    local mesh = collide.mesh(VS, IS, { materials = M })
    local hits = 0
    for _ = 1, 300 do
      local ray = collide.ray(r.uniform(0.5, N - 0.5), 2, r.uniform(0.5, N - 0.5),
        r.uniform(-0.6, 0.6), -1, r.uniform(-0.6, 0.6))
      local h = pack(ray:cast(mesh))
      local t, idx = brute(tris, function(tri) return (ray:cast(tri)) end)
      if t == nil then
        assert.is_nil(h[1])
      else
        hits = hits + 1
        assert.are.equal(t, h[1])
        assert.is_true(has(idx, h[10]))
        assert.are.equal(M[h[10]], h[11])
      end
    end
    assert.is_true(hits > 250)
    for _ = 1, 100 do
      local s = collide.sphere(r.uniform(1, N - 1), 2, r.uniform(1, N - 1), r.uniform(0.1, 0.6))
      local dx, dz = r.uniform(-1, 1), r.uniform(-1, 1)
      local h = pack(collide.sweep(s, dx, -4, dz, mesh))
      local t, idx = brute(tris, function(tri) return (collide.sweep(s, dx, -4, dz, tri)) end)
      assert.are.equal(t, h[1])
      assert.is_true(has(idx, h[8]))
      assert.are.equal(M[h[8]], h[9])
    end
    local scene = collide.scene()
    scene:add("level", mesh)
    for k = 1, 60 do
      local x, z, e = r.uniform(1, N - 1), r.uniform(1, N - 1), r.uniform(0.1, 0.5)
      local box = collide.aabb(x - e, 1, z - e, x + e, 1 + 2 * e, z + e)
      -- (before the move, which moves the box in place)
      local t, idx = brute(tris, function(tri) return (collide.sweep(box, 0, -3, 0, tri)) end, 1e-12)
      scene:add(k, box)
      local _, _, _, cols = scene:move(k, 0, -3, 0)
      assert.is_true(t ~= nil and #cols >= 1)
      assert.are.equal("level", cols[1].other)
      local mats = {}
      for _, i in ipairs(idx) do mats[#mats + 1] = M[i] end
      assert.is_true(has(mats, cols[1].material))
      scene:remove(k)
    end
  end)

  it("on a heightfield edited between rounds: rays and sweeps report the cell's material", function()
    local r = rng(4711)
    local C, R, H, MC = 9, 7, {}, {}
    for k = 1, C * R do H[k] = r.uniform(-0.5, 0.5) end
    for k = 1, (C - 1) * (R - 1) do MC[k] = r.int(2 ^ 31 - 1) - 1 end
    local hf = collide.heightfield(H, C, R, { materials = MC })
    -- triangle t lies in cell (t - 1) // 2, cells row by row
    local function material_of(t) return MC[math.floor((t - 1) / 2) + 1] end
    for round = 1, 8 do
      if round > 1 then
        for _ = 1, 6 do
          local i, j = r.int(C - 1) - 1, r.int(R - 1) - 1
          local m = r.int(1000)
          hf:set_material(i, j, m)
          MC[j * (C - 1) + i + 1] = m
          hf:set_height(r.int(C) - 1, r.int(R) - 1, r.uniform(-0.5, 0.5))
        end
      end
      local tris = {}
      for t = 1, hf:count() do tris[t] = hf:triangle(t) end
      for _ = 1, 40 do
        local ray = collide.ray(r.uniform(0.3, C - 1.3), 2, r.uniform(0.3, R - 1.3),
          r.uniform(-0.5, 0.5), -1, r.uniform(-0.5, 0.5))
        local h = pack(ray:cast(hf))
        local t, idx = brute(tris, function(tri) return (ray:cast(tri)) end)
        if t == nil then
          assert.is_nil(h[1])
        else
          assert.are.equal(t, h[1])
          assert.is_true(has(idx, h[10]))
          assert.are.equal(material_of(h[10]), h[11])
          local cell = math.floor((h[10] - 1) / 2)
          assert.are.equal(hf:material(cell % (C - 1), math.floor(cell / (C - 1))), h[11])
        end
        local s = collide.sphere(r.uniform(1, C - 2), 2, r.uniform(1, R - 2), r.uniform(0.1, 0.4))
        local g = pack(collide.sweep(s, 0, -4, 0, hf))
        local st, sidx = brute(tris, function(tri) return (collide.sweep(s, 0, -4, 0, tri)) end)
        assert.are.equal(st, g[1])
        assert.is_true(has(sidx, g[8]))
        assert.are.equal(material_of(g[8]), g[9])
      end
    end
  end)
end)
