-- Characters that push: an item's mass, a character's push. A character
-- walking into a movable item (not static, not a sensor, with a mass)
-- moves it by push / (push + mass) of its blocked motion along the
-- contact normal, the item moving as scene:move moves it, then follows it
-- by what it gave way. The expected displacements are computed here from
-- the gaps between boxes laid face to face on a flat floor (boxes are
-- placed exactly at contact, so the figures are exact).
local collide = require "collide"

-- a flat static floor under y = 0
local function level()
  local scene = collide.scene()
  scene:add({}, collide.aabb(-50, -1, -50, 50, 0, 50), { static = true })
  return scene
end

-- the box of the item's shape: min x, max x
local function xs(scene, item)
  local b = scene:shape(item)
  local x0, x1 = b:min(), b:max()
  return x0, x1
end

-- the collision with item among the character's last ones
local function collision_with(ch, item)
  for _, c in ipairs(ch:collisions()) do
    if c.other == item then return c end
  end
end

-- a character (a box 1 wide at x 0..1) and a crate 1 wide 0.5 ahead
local function crate_scene(push, mass, crate_options)
  local scene = level()
  local body, crate = {}, {}
  scene:add(body, collide.aabb(0, 0, 0, 1, 2, 1))
  local options = crate_options or {}
  options.mass = mass
  scene:add(crate, collide.aabb(1.5, 0, 0, 2.5, 1, 1), options)
  local ch = collide.character(scene, body, { push = push })
  return scene, ch, body, crate
end

describe("pushing", function()
  it("moves a free crate by push / (push + mass) of the blocked motion", function()
    for _, p in ipairs({ 1, 2, 0.75 }) do
      for _, m in ipairs({ 1, 3, 0.5, 7, 1 / 3, 100 }) do
        local scene, ch, body, crate = crate_scene(p, m)
        local blocked = 1 - 0.5                   -- the walk, less the gap
        local dx = p / (p + m) * blocked
        local mx, my, mz = ch:move(1, 0, 0)
        local lo, hi = xs(scene, crate)
        assert.are.equal(1.5 + dx, lo)
        assert.are.equal(2.5 + dx, hi)
        -- the character went the gap, then followed the crate
        assert.are.same({ 0.5 + dx, 0, 0 }, { mx, my, mz })
        local blo, bhi = xs(scene, body)
        assert.are.equal(0.5 + dx, blo)
        assert.are.equal(bhi, lo)                 -- face to face, no overlap
        local c = collision_with(ch, crate)
        assert.are.same({ dx, 0, 0 }, c.pushed)
        assert.are.same({ -1, 0, 0 }, { c.nx, c.ny, c.nz })
        assert.is_true(ch:on_floor())
        assert.are.equal(m, scene:mass(crate))
      end
    end
  end)

  it("stops at an immovable crate, and advances by what a pushable one gives", function()
    local still, sch, _, scrate = crate_scene(1, nil)
    local moving, mch, _, mcrate = crate_scene(1, 3)
    assert.is_nil(still:mass(scrate))
    assert.are.same({ 0.5, 0, 0 }, { sch:move(1, 0, 0) })
    assert.are.same({ 1.5, 2.5 }, { xs(still, scrate) })
    assert.is_nil(collision_with(sch, scrate).pushed)
    local mx = mch:move(1, 0, 0)
    local lo = xs(moving, mcrate)
    assert.are.equal(0.5 + (lo - 1.5), mx)
    assert.are.equal(1.5 + 0.25 * 0.5, lo)
  end)

  it("puts back what it pushed when its filter raises later in the move", function()
    local scene = level()
    local body, crate, raising, seen = {}, {}, false, nil
    scene:add(body, collide.aabb(0, 0, 0, 1, 2, 1))
    scene:add(crate, collide.aabb(1.5, 0, 0, 2.5, 1, 1), { mass = 1 })
    local ch = collide.character(scene, body, {
      push = 1,
      filter = function(other)
        if raising and other ~= crate then
          seen = xs(scene, crate)                 -- pushed by then
          error("no floor", 0)
        end
        return true
      end,
    })
    raising = true
    -- the side pass pushes the crate; the down pass asks about the floor
    local ok, err = pcall(ch.move, ch, 1, -0.1, 0)
    assert.is_false(ok)
    assert.are.equal("no floor", err)
    assert.are.equal(1.75, seen)
    assert.are.same({ 1.5, 2.5 }, { xs(scene, crate) })
    assert.are.same({ 0, 1 }, { xs(scene, body) })
    assert.are.same({}, ch:collisions())
    raising = false
    ch:move(1, -0.1, 0)
    assert.are.same({ 1.75, 2.75 }, { xs(scene, crate) })
  end)

  it("pushes once when a step that landed on nothing is undone", function()
    -- the floor ends at x = 1.2; the crate floats beyond it: the step's
    -- side pass pushes it, then finds no floor, and is run again without
    -- the step, which pushes it again from where it was
    local scene = collide.scene()
    scene:add({}, collide.aabb(-50, -1, -50, 1.2, 0, 50), { static = true })
    local body, crate = {}, {}
    scene:add(body, collide.aabb(0, 0, 0, 1, 2, 1))
    scene:add(crate, collide.aabb(2.5, 0, 0, 3.5, 1, 1), { mass = 1 })
    local ch = collide.character(scene, body, { push = 1 })
    local mx, my = ch:move(2, 0, 0)
    assert.are.same({ 2.75, 3.75 }, { xs(scene, crate) })
    assert.are.same({ 1.75, 0 }, { mx, my })
    assert.is_false(ch:on_floor())
    local n = 0
    for _, c in ipairs(ch:collisions()) do
      if c.pushed then n = n + 1 end
    end
    assert.are.equal(1, n)
  end)

  it("a push nothing: a character without push stops at a crate with a mass", function()
    local scene, ch, _, crate = crate_scene(0, 1)
    assert.are.same({ 0.5, 0, 0 }, { ch:move(1, 0, 0) })
    assert.are.same({ 1.5, 2.5 }, { xs(scene, crate) })
    assert.is_nil(collision_with(ch, crate).pushed)
  end)

  it("stops a crate at a wall, and the character at the crate", function()
    local scene, ch, body, crate = crate_scene(1, 1)
    local wall = {}
    scene:add(wall, collide.aabb(2.6, 0, -5, 3, 3, 5), { static = true })
    -- blocked 1.5: the crate would go 0.75; the wall leaves it 0.1
    ch:move(2, 0, 0)
    local lo, hi = xs(scene, crate)
    assert.are.equal(2.6, hi)
    local blo, bhi = xs(scene, body)
    assert.are.equal(lo, bhi)
    assert.are.same({ hi - 2.5, 0, 0 }, collision_with(ch, crate).pushed)
    -- more walking: nothing gives way, nothing overlaps
    for _ = 1, 5 do
      assert.are.same({ 0, 0, 0 }, { ch:move(0.5, 0, 0) })
      local c = collision_with(ch, crate)
      assert.are.same({ 0, 0, 0 }, c.pushed)
      local clo, chi = xs(scene, crate)
      local b0, b1 = xs(scene, body)
      assert.is_true(chi <= 2.6 and b1 <= clo)
      assert.are.equal(b0, blo)
    end
  end)

  it("pushes along the contact normal only, the item sliding on the floor", function()
    -- walking diagonally into the crate's face: its x part pushes, its z
    -- part slides along the face
    local scene, ch, body, crate = crate_scene(1, 1)
    local mx, _, mz = ch:move(1, 0, 0.25)
    local c = collision_with(ch, crate)
    -- the contact after 0.5 of x (t = 0.5): 0.5 of x left, pushed by half
    assert.are.same({ 0.25, 0, 0 }, c.pushed)
    assert.are.same({ 1.75, 0, 0 }, { scene:shape(crate):min() })
    assert.are.equal(0.75, mx)
    assert.are.equal(0.25, mz)
    assert.are.equal((scene:shape(body):max()), (scene:shape(crate):min()))
  end)

  it("pushes a ball off-centre along the contact normal, never overlapping", function()
    local checked = 0
    for k = 0, 15 do
      local scene = level()
      scene:add("wall", collide.aabb(4, 0, -50, 5, 3, 50), { static = true })
      local body = collide.capsule(0, 0.3, 0, 0, 1.5, 0, 0.3)
      scene:add("player", body)
      local ball = collide.sphere(1.5, 0.4, (k - 8) * 0.07, 0.4)
      local p, m = 2, 1 + k % 3
      scene:add("ball", ball, { mass = m })
      local ch = collide.character(scene, "player", { push = p })
      for f = 1, 40 do
        local dx, dz = 0.1, 0.01 * (k % 4)
        ch:move(dx, f == 1 and 0 or -0.05, dz)
        for _, c in ipairs(ch:collisions()) do
          if c.pushed and f <= 10 then
            -- the walk left after the contact, into the normal, shared;
            -- the ball rolls free on the floor: moved by all of it
            local rx, rz = dx - c.t * dx, dz - c.t * dz
            local dn = rx * c.nx + 0 * c.ny + rz * c.nz
            local share = p / (p + m)
            assert.are.same({ share * dn * c.nx, share * dn * c.ny, share * dn * c.nz }, c.pushed)
            checked = checked + 1
          end
        end
        local _, _, _, depth = collide.contact(body, ball)
        assert.is_true(depth == nil or depth == 0)
        local _, _, _, wall_depth = collide.contact(ball, scene:shape("wall"))
        assert.is_true(wall_depth == nil or wall_depth == 0)
      end
    end
    assert.is_true(checked >= 16)
  end)

  it("does not push what the character stands on, nor a ceiling", function()
    local scene = level()
    local slab, body = {}, {}
    scene:add(slab, collide.aabb(-5, 0, -5, 5, 0.5, 5), { mass = 1 })
    scene:add(body, collide.aabb(0, 0.5, 0, 1, 2.5, 1))
    local ch = collide.character(scene, body, { push = 10 })
    assert.is_true(ch:on_floor())
    for _ = 1, 3 do ch:move(0.5, -0.1, 0) end
    assert.are.same({ -5, 5 }, { xs(scene, slab) })
    for _, c in ipairs(ch:collisions()) do assert.is_nil(c.pushed) end
  end)

  it("never pushes static items or sensors, whatever their mass", function()
    local scene, ch, _, crate = crate_scene(5, 1, { static = true })
    assert.are.same({ 0.5, 0, 0 }, { ch:move(1, 0, 0) })
    assert.are.same({ 1.5, 2.5 }, { xs(scene, crate) })
    assert.is_nil(collision_with(ch, crate).pushed)
    local sscene, sch, _, sensor = crate_scene(5, 1, { sensor = true })
    assert.are.same({ 1, 0, 0 }, { sch:move(1, 0, 0) })
    assert.are.same({ 1.5, 2.5 }, { xs(sscene, sensor) })
    assert.is_nil(collision_with(sch, sensor))
  end)

  it("gives the mass back with scene:mass and takes it away with set", function()
    local scene, ch, _, crate = crate_scene(1, 2)
    assert.are.equal(2, scene:mass(crate))
    scene:set(crate, { mass = 4 })
    assert.are.equal(4, scene:mass(crate))
    scene:set(crate, { mass = false })
    assert.is_nil(scene:mass(crate))
    assert.are.same({ 0.5, 0, 0 }, { ch:move(1, 0, 0) })
    scene:set(crate, { mass = 1, layer = 1 })
    ch:move(1, 0, 0)
    assert.are.same({ 2, 3 }, { xs(scene, crate) })
  end)

  it("pushes items in reused slots as any other", function()
    -- the crate and the character take the slots of removed items, whose
    -- ids carry another generation in C
    local scene = level()
    local gone1, gone2, body, crate = {}, {}, {}, {}
    scene:add(gone1, collide.aabb(20, 0, 0, 21, 1, 1))
    scene:add(gone2, collide.aabb(30, 0, 0, 31, 1, 1))
    scene:remove(gone1)
    scene:remove(gone2)
    scene:add(body, collide.aabb(0, 0, 0, 1, 2, 1))
    scene:add(crate, collide.aabb(1.5, 0, 0, 2.5, 1, 1), { mass = 3 })
    assert.are.equal(3, scene:mass(crate))
    local ch = collide.character(scene, body, { push = 1 })
    assert.are.same({ 0.5 + 0.125, 0, 0 }, { ch:move(1, 0, 0) })
    assert.are.same({ 1.625, 2.625 }, { xs(scene, crate) })
    assert.are.same({ 0.125, 0, 0 }, collision_with(ch, crate).pushed)
    -- the crate's box in the tree followed it: a query finds it there
    local found = scene:query(collide.aabb(2.55, 0.2, 0.2, 2.6, 0.8, 0.8))
    assert.are.same({ crate }, found)
  end)

  it("leaves scene:move's collisions without pushed", function()
    local scene = level()
    local a, b = {}, {}
    scene:add(a, collide.aabb(0, 0, 0, 1, 1, 1))
    scene:add(b, collide.aabb(1.5, 0, 0, 2.5, 1, 1), { mass = 1 })
    local _, _, _, cols = scene:move(a, 1, 0, 0)
    assert.are.equal(1, #cols)
    assert.is_nil(cols[1].pushed)
    assert.are.same({ 1.5, 2.5 }, { xs(scene, b) })
  end)
end)

describe("characters pushing each other", function()
  -- the box's corners
  local function corners(scene, item)
    local b = scene:shape(item)
    local x0, y0, z0 = b:min()
    local x1, y1, z1 = b:max()
    return { x0, y0, z0, x1, y1, z1 }
  end

  -- two boxes overlap when their ranges overlap by more than a touch on
  -- every axis
  local function overlap(p, q)
    for k = 1, 3 do
      if p[k + 3] <= q[k] or q[k + 3] <= p[k] then return false end
    end
    return true
  end

  -- two characters walking at each other (dz: B's drift across), A
  -- first, then B, each frame
  local function duel(frames, dz)
    local scene = level()
    local a, b = {}, {}
    scene:add(a, collide.aabb(0, 0, 0, 1, 2, 1))
    scene:add(b, collide.aabb(1.5, 0, 0, 2.5, 2, 1))
    local ca = collide.character(scene, a, { push = 2 })
    local cb = collide.character(scene, b, { push = 1 })
    local trace = {}
    for f = 1, frames do
      ca:move(1, 0, 0)
      if f == 1 then
        -- A's walk: 0.5 free, then B (its push its mass) gives 2/3 of 0.5
        assert.are.same({ 2 / 3 * 0.5, 0, 0 }, collision_with(ca, b).pushed)
      end
      cb:move(-1, 0, dz)
      trace[#trace + 1] = { corners(scene, a), corners(scene, b) }
    end
    return trace, scene:hash()
  end

  it("never overlap and push each other the same way every run", function()
    for _, dz in ipairs({ 0, -0.05, 0.3 }) do
      local t1, h1 = duel(12, dz)
      local t2, h2 = duel(12, dz)
      assert.are.same(t1, t2)
      assert.are.equal(h1, h2)
      for _, f in ipairs(t1) do assert.is_false(overlap(f[1], f[2])) end
      if dz == 0 then
        -- the stronger pusher gains ground: B goes back by a third a frame
        assert.is_true(t1[#t1][2][1] > 1.5 + 3)
      end
    end
  end)

  it("pushes by the fraction of the other's push", function()
    local scene = level()
    local a, b = {}, {}
    scene:add(a, collide.aabb(0, 0, 0, 1, 2, 1))
    scene:add(b, collide.aabb(1.5, 0, 0, 2.5, 2, 1))
    local ca = collide.character(scene, a, { push = 3 })
    local cb = collide.character(scene, b, { push = 1 })
    local mx = ca:move(1, 0, 0)
    local dx = 3 / (3 + 1) * 0.5
    assert.are.same({ 1.5 + dx, 2.5 + dx }, { xs(scene, b) })
    assert.are.equal(0.5 + dx, mx)
    -- B walks back: touching (t = 0), all of its walk blocked, A giving a quarter
    local bx = cb:move(-1, 0, 0)
    assert.are.equal(-(1 / (1 + 3)), bx)
    assert.are.equal((scene:shape(a):max()), (scene:shape(b):min()))
  end)
end)

describe("pushes in snapshots", function()
  it("restores the pushed item and the mass, and hashes the mass", function()
    local scene, ch, _, crate = crate_scene(1, 1)
    local plain = crate_scene(1, nil)
    assert.are_not.equal(plain:hash(), scene:hash())
    local snap = scene:snapshot()
    local h = scene:hash()
    ch:move(1, 0, 0)
    scene:set(crate, { mass = false })
    scene:restore(snap)
    assert.are.equal(1, scene:mass(crate))
    assert.are.same({ 1.5, 2.5 }, { xs(scene, crate) })
    assert.are.equal(h, scene:hash())
    ch:move(1, 0, 0)
    assert.are.same({ 1.75, 2.75 }, { xs(scene, crate) })
  end)

  it("takes away a mass given since, and gives no mass to an item added in its slot", function()
    local scene, ch, _, crate = crate_scene(1, nil)
    local snap, h = scene:snapshot(), scene:hash()
    scene:set(crate, { mass = 2 })
    assert.are_not.equal(h, scene:hash())
    scene:restore(snap)
    assert.is_nil(scene:mass(crate))
    assert.are.equal(h, scene:hash())
    assert.are.same({ 0.5, 0, 0 }, { ch:move(1, 0, 0) })
    scene:set(crate, { mass = 2 })
    scene:remove(crate)
    local other = {}
    scene:add(other, collide.aabb(1.5, 0, 0, 2.5, 1, 1))
    assert.is_nil(scene:mass(other))
  end)
end)

describe("pushing errors", function()
  local scene = level()
  local function add_err(mass)
    local ok, err = pcall(scene.add, scene, {}, collide.aabb(0, 0, 0, 1, 1, 1), { mass = mass })
    assert.is_false(ok)
    return err
  end

  it("refuses a mass that is not a positive number", function()
    assert.are.equal("bad argument #3 to 'add' (option 'mass': not positive)", add_err(-1))
    assert.are.equal("bad argument #3 to 'add' (option 'mass': not positive)", add_err(0))
    assert.are.equal("bad argument #3 to 'add' (option 'mass': number expected, got string)",
                     add_err("1"))
    assert.are.equal("bad argument #3 to 'add' (option 'mass': number expected, got boolean)",
                     add_err(false))
    assert.are.equal("bad argument #3 to 'add' (option 'mass': finite number expected, got inf)",
                     add_err(math.huge))
    assert.are.equal("bad argument #3 to 'add' (option 'mass': finite number expected, got nan)",
                     add_err(0 / 0))
    local item = {}
    scene:add(item, collide.aabb(0, 0, 0, 1, 1, 1))
    local ok, err = pcall(scene.set, scene, item, { mass = -2 })
    assert.is_false(ok)
    assert.are.equal("bad argument #2 to 'set' (option 'mass': not positive)", err)
    ok, err = pcall(scene.set, scene, item, { mass = {} })
    assert.is_false(ok)
    assert.are.equal("bad argument #2 to 'set' (option 'mass': number expected, got table)", err)
    ok, err = pcall(scene.set, scene, item, { mass = true })
    assert.is_false(ok)
    assert.are.equal("bad argument #2 to 'set' (option 'mass': number expected, got boolean)", err)
    assert.is_nil(scene:mass(item))
    ok, err = pcall(scene.mass, scene, {})
    assert.is_false(ok)
    assert.are.equal("bad argument #1 to 'mass' (item not in the scene)", err)
  end)

  it("refuses a push that is negative or not a number", function()
    local body = {}
    scene:add(body, collide.aabb(5, 0, 5, 6, 2, 6))
    local function err_of(push)
      local ok, err = pcall(collide.character, scene, body, { push = push })
      assert.is_false(ok)
      return err
    end
    assert.are.equal("bad argument #3 to 'character' (option 'push': negative value)", err_of(-1))
    assert.are.equal("bad argument #3 to 'character' (option 'push': number expected, got string)",
                     err_of("x"))
    assert.are.equal("bad argument #3 to 'character' (option 'push': finite number expected, got inf)",
                     err_of(math.huge))
    assert.is_truthy(collide.character(scene, body, { push = 0 }))
  end)
end)
