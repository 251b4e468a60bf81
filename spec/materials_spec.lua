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
