-- collide.tree: the dynamic AABB tree. Every answer is checked against a
-- model kept in the spec: the fat boxes worked out here by the documented
-- rule (box +- margin; a move keeps the fat box while it contains the new
-- box and lies within 4 margins of it), and brute force over those boxes
-- with the core's narrow phase. Randomised parts use a fixed seed.
local collide = require "collide"
local H = require "helpers"

local huge = math.huge

-- Park-Miller, the same under every Lua version
local rng = require("helpers").rng

local function fatten(b, m)
  local x0, y0, z0 = b:min()
  local x1, y1, z1 = b:max()
  return collide.aabb(x0 - m, y0 - m, z0 - m, x1 + m, y1 + m, z1 + m)
end

local function contains(outer, inner)
  local ax, ay, az = outer:min()
  local bx, by, bz = outer:max()
  local cx, cy, cz = inner:min()
  local dx, dy, dz = inner:max()
  return ax <= cx and ay <= cy and az <= cz and dx <= bx and dy <= by and dz <= bz
end

local function same_box(a, b)
  return a == b
end

-- the model: proxy -> {fat = aabb, id = number, box = aabb}
local Model = {}
Model.__index = Model
local function model(margin)
  return setmetatable({ margin = margin, leaves = {} }, Model)
end
function Model:insert(p, box, id)
  self.leaves[p] = { fat = fatten(box, self.margin), id = id or p, box = box:clone() }
end
function Model:move(p, box)
  local l = self.leaves[p]
  l.box = box:clone()
  if contains(l.fat, box) and contains(fatten(box, 4 * self.margin), l.fat) then return false end
  l.fat = fatten(box, self.margin)
  return true
end
function Model:remove(p) self.leaves[p] = nil end
-- proxies sorted by id then proxy
function Model:sorted(list)
  table.sort(list, function(a, b)
    local ia, ib = self.leaves[a].id, self.leaves[b].id
    if ia ~= ib then return ia < ib end
    return a < b
  end)
  return list
end
function Model:query(shape)
  local out = {}
  for p, l in pairs(self.leaves) do
    if collide.intersects(l.fat, shape) then out[#out + 1] = p end
  end
  return self:sorted(out)
end
function Model:query_convex(planes)
  local out = {}
  for p, l in pairs(self.leaves) do
    local keep = true
    for _, pl in ipairs(planes) do
      if pl:classify(l.fat) < 0 then keep = false end
    end
    if keep then out[#out + 1] = p end
  end
  return self:sorted(out)
end
-- every fat box the ray enters, by entry t (ray:cast on the box), id, proxy
function Model:raycast(ray)
  local out, t = {}, {}
  for p, l in pairs(self.leaves) do
    local tp = ray:cast(l.fat)
    if tp then out[#out + 1] = p; t[p] = tp end
  end
  table.sort(out, function(a, b)
    if t[a] ~= t[b] then return t[a] < t[b] end
    local ia, ib = self.leaves[a].id, self.leaves[b].id
    if ia ~= ib then return ia < ib end
    return a < b
  end)
  return out
end
function Model:pairs()
  local list = {}
  for p in pairs(self.leaves) do list[#list + 1] = p end
  self:sorted(list)
  local out = {}
  for i = 1, #list do
    for j = i + 1, #list do
      if self.leaves[list[i]].fat:intersects(self.leaves[list[j]].fat) then
        out[#out + 1] = list[i]
        out[#out + 1] = list[j]
      end
    end
  end
  return out
end
function Model:count()
  local n = 0
  for _ in pairs(self.leaves) do n = n + 1 end
  return n
end

-- the most levels a tree of n nodes can have when siblings' heights differ
-- by at most 4: the fewest nodes of height h are 1 + N(h-1) + N(h-5)
local function max_height(nodes)
  local N = { [0] = 1 }
  local function f(h) if h < 0 then return 0 end return N[h] end
  local h = 0
  while true do
    N[h + 1] = 1 + f(h) + f(h - 4)
    if N[h + 1] > nodes then return h end
    h = h + 1
  end
end

local function check(tree, m)
  local ok, why = tree:validate()
  assert.is_true(ok, why)
  assert.are.equal(m:count(), tree:count())
  for p, l in pairs(m.leaves) do
    local fat = tree:fat(p)
    assert.is_true(same_box(fat, l.fat), "fat box of proxy " .. p)
    assert.is_true(contains(fat, l.box), "fat box holds the box")
    assert.are.equal(l.id, tree:id(p))
  end
  if m:count() > 0 then
    assert.is_true(tree:height() <= max_height(2 * m:count() - 1), "height " .. tree:height())
  end
end

local function random_box(r, size, world)
  local x, y, z = r(0, world), r(0, world), r(0, world)
  local ex, ey, ez = r(0, size), r(0, size), r(0, size)
  return collide.aabb(x - ex, y - ey, z - ez, x + ex, y + ey, z + ez)
end

-- a tree and its model holding n random boxes: tree, model, boxes, proxies
local function populate(r, n, size, world)
  local t, m, boxes, ps = collide.tree(0.1), model(0.1), {}, {}
  for i = 1, n do
    boxes[i] = random_box(r, size, world)
    ps[i] = t:insert(boxes[i])
    m:insert(ps[i], boxes[i])
  end
  return t, m, boxes, ps
end

describe("collide.tree", function()
  describe("collide.tree()", function()
    it("starts empty with the default margin 0.1", function()
      local t = collide.tree()
      assert.are.equal(0, t:count())
      assert.are.equal(0, t:height())
      assert.are.equal(0.1, t:margin())
      assert.is_nil(t:bounds())
      assert.are.same({}, t:query(collide.aabb(-1e300, -1e300, -1e300, 1e300, 1e300, 1e300)))
      assert.are.same({}, t:raycast(collide.ray(0, 0, 0, 1, 0, 0)))
      assert.are.same({}, t:pairs())
      assert.is_true(t:validate())
      assert.are.equal("collide.tree", getmetatable(t).__name)
    end)

    it("takes a margin, 0 included", function()
      assert.are.equal(2.5, collide.tree(2.5):margin())
      assert.are.equal(0, collide.tree(0):margin())
    end)

    it("rejects a bad margin", function()
      assert.has_error(function() collide.tree("a") end, "bad argument #1 to 'tree' (number expected, got string)")
      assert.has_error(function() collide.tree(-0.5) end, "bad argument #1 to 'tree' (negative margin)")
      assert.has_error(function() collide.tree(0 / 0) end, "bad argument #1 to 'tree' (finite number expected, got nan)")
      assert.has_error(function() collide.tree(huge) end, "bad argument #1 to 'tree' (finite number expected, got inf)")
    end)
  end)

  describe(":insert() :move() :remove()", function()
    it("hands out distinct positive integer proxies and stores box +- margin", function()
      local t = collide.tree(0.5)
      local a = t:insert(collide.aabb(0, 0, 0, 1, 1, 1))
      local b = t:insert(collide.aabb(2, 0, 0, 3, 1, 1))
      local c = t:insert(collide.aabb(-4, -4, -4, -4, -4, -4))
      assert.are.equal(1, a)
      for _, p in ipairs({ b, c }) do
        assert.are.equal(math.floor(p), p)
        assert.is_true(p > 1)
      end
      assert.are_not.equal(b, c)
      assert.are.equal(3, t:count())
      H.assert_exact({ -0.5, -0.5, -0.5 }, t:fat(a):min())
      H.assert_exact({ 1.5, 1.5, 1.5 }, t:fat(a):max())
      assert.are.equal(collide.aabb(-4.5, -4.5, -4.5, -3.5, -3.5, -3.5), t:fat(c))
      assert.are.equal(collide.aabb(1.5, -0.5, -0.5, 3.5, 1.5, 1.5), t:fat(b))
      assert.are.equal(collide.aabb(-4.5, -4.5, -4.5, 3.5, 1.5, 1.5), t:bounds())
    end)

    it("keeps the id given, or the proxy", function()
      local t = collide.tree()
      local a = t:insert(collide.aabb(0, 0, 0, 1, 1, 1), 42)
      local b = t:insert(collide.aabb(0, 0, 0, 1, 1, 1))
      local c = t:insert(collide.aabb(0, 0, 0, 1, 1, 1), -7)
      assert.are.equal(42, t:id(a))
      assert.are.equal(b, t:id(b))
      assert.are.equal(-7, t:id(c))
      -- queries come in id order
      assert.are.same({ c, b, a }, t:query(collide.aabb(0, 0, 0, 1, 1, 1)))
    end)

    it("writes fat and bounds into an out box", function()
      local t = collide.tree(0)
      local out = collide.aabb(0, 0, 0, 0, 0, 0)
      t:insert(collide.aabb(1, 2, 3, 4, 5, 6))
      assert.are.equal(out, t:fat(1, out))
      assert.are.equal(collide.aabb(1, 2, 3, 4, 5, 6), out)
      local out2 = collide.aabb(0, 0, 0, 0, 0, 0)
      assert.are.equal(out2, t:bounds(out2))
      assert.are.equal(collide.aabb(1, 2, 3, 4, 5, 6), out2)
    end)

    it("moves: small moves keep the fat box, larger ones replace it", function()
      local t = collide.tree(1)
      local p = t:insert(collide.aabb(0, 0, 0, 1, 1, 1))
      t:insert(collide.aabb(10, 10, 10, 11, 11, 11))
      assert.is_false(t:move(p, collide.aabb(0.5, 0, 0, 1.5, 1, 1)))
      assert.are.equal(collide.aabb(-1, -1, -1, 2, 2, 2), t:fat(p))
      assert.is_false(t:move(p, collide.aabb(1, 1, 1, 2, 2, 2)))      -- touching the fat box's side
      assert.is_true(t:move(p, collide.aabb(1.5, 0, 0, 2.5, 1, 1)))
      assert.are.equal(collide.aabb(0.5, -1, -1, 3.5, 2, 2), t:fat(p))
      -- shrinking within 4 margins keeps the fat box; further, it is replaced
      assert.is_false(t:move(p, collide.aabb(2, 0.5, 0.5, 2, 0.5, 0.5)))
      assert.is_true(t:move(p, collide.aabb(-10, -10, -10, 10, 10, 10)))
      assert.is_false(t:move(p, collide.aabb(-7, -7, -7, 7, 7, 7)))
      assert.is_true(t:move(p, collide.aabb(-5, -5, -5, 5, 5, 5)))
      assert.are.equal(collide.aabb(-6, -6, -6, 6, 6, 6), t:fat(p))
      assert.is_true(t:validate())
    end)

    it("removes, and reuses the proxy numbers", function()
      local t = collide.tree()
      local a = t:insert(collide.aabb(0, 0, 0, 1, 1, 1))
      local b = t:insert(collide.aabb(2, 0, 0, 3, 1, 1))
      t:remove(a)
      assert.are.equal(1, t:count())
      assert.has_error(function() t:fat(a) end, "bad argument #1 to 'fat' (invalid proxy)")
      assert.are.same({ b }, t:query(collide.aabb(-5, -5, -5, 5, 5, 5)))
      t:remove(b)
      assert.are.equal(0, t:count())
      assert.is_nil(t:bounds())
      assert.is_true(t:validate())
      local c = t:insert(collide.aabb(0, 0, 0, 1, 1, 1))
      assert.is_true(c == a or c == b)
    end)

    it("numbers proxies by leaf: 1 to n from a new tree, kept while live, reused", function()
      local t = collide.tree(0)
      local got = {}
      for i = 1, 100 do got[i] = t:insert(collide.aabb(i, 0, 0, i + 0.5, 1, 1)) end
      for i = 1, 100 do assert.are.equal(i, got[i]) end
      for i = 2, 100, 3 do t:remove(i) end
      for i = 1, 100 do
        if i % 3 ~= 2 then
          assert.are.equal(collide.aabb(i, 0, 0, i + 0.5, 1, 1), t:fat(i), "proxy " .. i)
          assert.are.equal(i, t:id(i))
        end
      end
      local again = {}
      for _ = 2, 100, 3 do
        local p = t:insert(collide.aabb(-1, -1, -1, 0, 0, 0))
        assert.are.equal(2, p % 3, "a removed proxy comes back")
        assert.is_nil(again[p])
        again[p] = true
      end
      assert.are.equal(101, t:insert(collide.aabb(0, 0, 0, 1, 1, 1)))
      assert.is_true(t:validate())
    end)

    it("walks a tree whose every leaf a ray and a query meet (the scratch's worst case)", function()
      for _, n in ipairs({ 1, 2, 3, 17, 250 }) do
        local t = collide.tree(0)
        for i = 1, n do t:insert(collide.aabb(0, 0, i * 1e-3, 1, 1, 1 + i * 1e-3)) end
        local hits = t:raycast(collide.ray(0.5, 0.5, -10, 0, 0, 1, 100))
        assert.are.equal(n, #hits)
        for i = 1, n do assert.are.equal(i, hits[i]) end
        assert.are.equal(n, #t:query(collide.aabb(-1, -1, -1, 2, 2, 2)))
        local best = t:raycast(collide.ray(0.5, 0.5, -10, 0, 0, 1, 100), function(p) return p end)
        assert.are.equal(1, best)
        assert.are.equal(n * (n - 1), #t:pairs())
        assert.is_true(t:validate())
      end
    end)

    it("gives bounds exactly, not rounded to float", function()
      local t = collide.tree(0)
      local boxes = {
        collide.aabb(0.1, 0.2, 0.3, 0.7, 0.8, 0.9),
        collide.aabb(-1e-9, 1 / 3, 2 / 3, 1e-9, 1, 1 + 1e-12),
        collide.aabb(1e300, -1e300, 5, 2e300, 1e-300, 6),
      }
      local p = {}
      for i, b in ipairs(boxes) do p[i] = t:insert(b) end
      assert.are.equal(collide.aabb(-1e-9, -1e300, 0.3, 2e300, 1, 6), t:bounds())
      t:remove(p[3])
      assert.are.equal(collide.aabb(-1e-9, 0.2, 0.3, 0.7, 1, 1 + 1e-12), t:bounds())
      assert.is_true(t:validate())
    end)

    it("rejects bad arguments and stale proxies", function()
      local t = collide.tree()
      local box = collide.aabb(0, 0, 0, 1, 1, 1)
      local p = t:insert(box)
      assert.has_error(function() t:insert(collide.sphere(0, 0, 0, 1)) end,
        "bad argument #1 to 'insert' (collide.aabb expected, got collide.sphere)")
      assert.has_error(function() t:insert() end, "bad argument #1 to 'insert' (collide.aabb expected, got no value)")
      assert.has_error(function() t:insert(box, 1.5) end,
        "bad argument #2 to 'insert' (number has no integer representation)")
      assert.has_error(function() t:insert(box, "x") end, "bad argument #2 to 'insert' (number expected, got string)")
      for _, bad in ipairs({ 0, -1, 1.5, p + 1, 1e300 }) do
        assert.has_error(function() t:move(bad, box) end, "bad argument #1 to 'move' (invalid proxy)")
        assert.has_error(function() t:remove(bad) end, "bad argument #1 to 'remove' (invalid proxy)")
        assert.has_error(function() t:fat(bad) end, "bad argument #1 to 'fat' (invalid proxy)")
        assert.has_error(function() t:id(bad) end, "bad argument #1 to 'id' (invalid proxy)")
      end
      assert.has_error(function() t:move("1", box) end, "bad argument #1 to 'move' (number expected, got string)")
      assert.has_error(function() t:move(p, "box") end, "bad argument #2 to 'move' (collide.aabb expected, got string)")
      assert.has_error(function() t.insert(box, box) end, "bad argument #1 to 'insert' (collide.tree expected, got collide.aabb)")
      t:remove(p)
      assert.has_error(function() t:remove(p) end, "bad argument #1 to 'remove' (invalid proxy)")
      assert.has_error(function() t:bounds(collide.sphere(0, 0, 0, 1)) end)
    end)
  end)

  describe(":track() :sync()", function()
    it("a tracked leaf is refitted by sync after each change to its shape", function()
      local t = collide.tree(0.5)
      local box, ball = collide.aabb(0, 0, 0, 1, 1, 1), collide.sphere(10, 0, 0, 1)
      local a, b = t:insert(box), t:insert(collide.aabb(0, 0, 0, 1, 1, 1))
      assert.is_false(t:track(a, box))
      assert.is_true(t:track(b, ball))               -- refitted now, as move does
      assert.are.equal(collide.aabb(8.5, -1.5, -1.5, 11.5, 1.5, 1.5), t:fat(b))
      assert.are.equal(0, t:sync())
      ball:translate(0.25, 0, 0)                     -- within the fat box: no change
      box:set(5, 5, 5, 6, 6, 6)
      assert.are.equal(2, t:sync())
      assert.are.equal(collide.aabb(8.5, -1.5, -1.5, 11.5, 1.5, 1.5), t:fat(b))
      assert.are.equal(collide.aabb(4.5, 4.5, 4.5, 6.5, 6.5, 6.5), t:fat(a))
      assert.are.equal(0, t:sync())
      t:track(a, nil)
      box:translate(1, 0, 0)
      assert.are.equal(0, t:sync())
      t:move(b, collide.aabb(0, 0, 0, 1, 1, 1))     -- until the shape changes again
      assert.are.equal(0, t:sync())
      ball:translate(0, 0, 0)
      assert.are.equal(1, t:sync())
      assert.are.equal(collide.aabb(8.75, -1.5, -1.5, 11.75, 1.5, 1.5), t:fat(b))
      t:remove(b)
      ball:translate(1, 0, 0)
      assert.are.equal(0, t:sync())
      assert.is_true(t:validate())
    end)

    it("many changed at once (refitted in one pass, a few reinserted): sound, and every answer as the model's", function()
      local t, m, shapes, live = populate(rng(777), 800, 2, 60)
      local r = rng(778)
      for i = 1, #live do t:track(live[i], shapes[i]) end
      for frame = 1, 10 do
        local every = frame % 2 == 1 and 1 or 5      -- all of them, then one in five
        local moved = 0
        for i = 1, #shapes, every do
          shapes[i]:translate(r(-1, 1), r(-1, 1), r(-1, 1))
          if m:move(live[i], shapes[i]) then moved = moved + 1 end
        end
        assert.are.equal(math.floor((#shapes - 1) / every) + 1, t:sync())
        assert.is_true(moved > 64)
        assert.is_true(t:validate())
        for i = 1, #shapes do
          local fat = t:fat(live[i])
          assert.is_true(contains(fat, shapes[i]), "fat box holds the box")
          -- the model's fat box is the tree's wherever the leaf escaped; a
          -- leaf that stayed inside keeps its own
          assert.is_true(same_box(fat, m.leaves[live[i]].fat))
        end
        local q = random_box(r, 15, 60)
        assert.are.same(m:query(q), t:query(q))
        local ray = collide.ray(r(0, 60), r(0, 60), r(0, 60), r(-1, 1), r(-1, 1), r(-1, 1), 80)
        assert.are.same(m:raycast(ray), t:raycast(ray))
        assert.are.same(m:pairs(), t:pairs())
      end
    end)

    it("lists the leaves whose shapes lost their bounds and leaves them as they were", function()
      local t = collide.tree(0)
      local r = collide.ray(0, 0, 0, 1, 0, 0, 2)
      local p = t:insert(collide.aabb(0, 0, 0, 2, 0, 0))
      t:track(p, r)
      r:set(0, 0, 0, 1, 0, 0, math.huge)
      assert.are.same({ 0, { p } }, { t:sync() })
      assert.are.equal(collide.aabb(0, 0, 0, 2, 0, 0), t:fat(p))
      r:set(0, 0, 0, 1, 0, 0, 3)
      assert.are.same({ 1 }, { t:sync() })
      assert.are.equal(collide.aabb(0, 0, 0, 3, 0, 0), t:fat(p))
    end)

    it("gives clear errors", function()
      local t = collide.tree()
      local p = t:insert(collide.aabb(0, 0, 0, 1, 1, 1))
      assert.has_error(function() t:track(p + 1, collide.aabb(0, 0, 0, 1, 1, 1)) end,
        "bad argument #1 to 'track' (invalid proxy)")
      assert.has_error(function() t:track(p, 5) end, "bad argument #2 to 'track' (shape expected, got number)")
      assert.has_error(function() t:track(p, collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 })) end,
        "bad argument #2 to 'track' (shape expected, got collide.mesh)")
      assert.has_error(function() t:track(p, collide.plane(0, 1, 0, 0)) end,
        "bad argument #2 to 'track' (shape has no bounds)")
      assert.has_error(function() t.sync(5) end, "bad argument #1 to 'sync' (collide.tree expected, got number)")
      local ray = collide.ray(-1, 0.5, 0.5, 1, 0, 0)
      t:raycast(ray, function()
        assert.has_error(function() t:sync() end, "cannot change a tree during its raycast callback")
        assert.has_error(function() t:track(p, nil) end, "cannot change a tree during its raycast callback")
      end)
    end)
  end)

  describe(":query()", function()
    it("finds the fat boxes a shape of every kind touches", function()
      local t = collide.tree(0)
      local a = t:insert(collide.aabb(0, 0, 0, 1, 1, 1))
      local b = t:insert(collide.aabb(3, 0, 0, 4, 1, 1))
      local c = t:insert(collide.aabb(0, 3, 0, 1, 4, 1))
      assert.are.same({ a, b }, t:query(collide.aabb(1, 0, 0, 3, 1, 1)))          -- touching both
      assert.are.same({}, t:query(collide.aabb(1.5, 0, 0, 2.5, 1, 1)))
      assert.are.same({ a, c }, t:query(collide.sphere(0.5, 2, 0.5, 1)))
      assert.are.same({ b }, t:query(collide.obb(3.5, 2, 0.5, 0.5, 1.2, 0.5)))
      assert.are.same({ a, b }, t:query(collide.plane(0, 1, 0, 0.5)))
      assert.are.same({ a, b, c }, t:query(collide.plane(0, 0, 1, 1)))
      assert.are.same({ b, c }, t:query(collide.triangle(4, 0.5, 0.5, 0.5, 4, 0.5, 4, 4, 0.5)))
      assert.are.same({ a, b }, t:query(collide.ray(-1, 0.5, 0.5, 1, 0, 0)))
      assert.are.same({ a }, t:query(collide.segment(-1, 0.5, 0.5, 2, 0.5, 0.5)))
    end)

    it("rejects what is not a shape", function()
      local t = collide.tree()
      assert.has_error(function() t:query({}) end, "bad argument #1 to 'query' (shape expected, got table)")
      assert.has_error(function() t:query() end, "bad argument #1 to 'query' (shape expected, got no value)")
    end)
  end)

  describe(":query_convex()", function()
    it("keeps every fat box not entirely behind one of the planes", function()
      local t = collide.tree(0)
      local a = t:insert(collide.aabb(0, 0, 0, 1, 1, 1))
      local b = t:insert(collide.aabb(3, 0, 0, 4, 1, 1))
      local c = t:insert(collide.aabb(-3, 0, 0, -2, 1, 1))
      local slab = { collide.plane(1, 0, 0, -0.5), collide.plane(-1, 0, 0, -3) }   -- -0.5 <= x <= 3
      assert.are.same({ a, b }, t:query_convex(slab))
      assert.are.same({ a, b, c }, t:query_convex({}))
      -- outside the corner of the two planes but behind neither: kept
      local corner = { collide.plane(1, 1, 0, 4.5), collide.plane(-1, 0, 0, -100) }
      assert.are.same({ b }, t:query_convex(corner))
    end)

    it("rejects what is not an array of planes", function()
      local t = collide.tree()
      assert.has_error(function() t:query_convex(collide.plane(0, 1, 0, 0)) end,
        "bad argument #1 to 'query_convex' (table expected, got collide.plane)")
      assert.has_error(function() t:query_convex({ collide.plane(0, 1, 0, 0), {} }) end,
        "bad argument #1 to 'query_convex' (collide.plane expected at index 2, got table)")
      local many = {}
      for i = 1, 33 do many[i] = collide.plane(0, 1, 0, i) end
      assert.has_error(function() t:query_convex(many) end, "bad argument #1 to 'query_convex' (too many planes)")
    end)
  end)

  describe(":raycast()", function()
    local function row(margin)
      -- boxes along x at 10, 20, ..., 100, and one off the line
      local t = collide.tree(margin)
      local p = {}
      for i = 1, 10 do p[i] = t:insert(collide.aabb(10 * i, 0, 0, 10 * i + 1, 1, 1)) end
      p[11] = t:insert(collide.aabb(50, 5, 5, 51, 6, 6))
      return t, p
    end

    it("lists the fat boxes the ray enters, nearest first", function()
      local t, p = row(0)
      assert.are.same({ p[1], p[2], p[3] }, t:raycast(collide.ray(0, 0.5, 0.5, 1, 0, 0, 30)))
      assert.are.same({ p[10], p[9] }, t:raycast(collide.ray(105, 0.5, 0.5, -1, 0, 0, 15)))
      assert.are.same({ p[3], p[4] }, t:raycast(collide.ray(30.5, 0.5, 0.5, 1, 0, 0, 10)))   -- origin inside p[3]
      assert.are.same({}, t:raycast(collide.ray(0, 2, 0.5, 1, 0, 0)))
      assert.are.same({ p[1] }, t:raycast(collide.ray(10, 1, 1, 0, 1, 0)))          -- along an edge
      assert.are.equal(10, #t:raycast(collide.ray(0, 1, 1, 1, 0, 0)))               -- along the row's edge
    end)

    it("with a callback: tests in order of entry and stops once no box can start nearer", function()
      local t, p = row(0.25)
      local ray = collide.ray(0, 0.5, 0.5, 1, 0, 0)
      local calls = {}
      local proxy, tt, tag = t:raycast(ray, function(q, tenter)
        calls[#calls + 1] = q
        assert.is_true(tenter <= ray:cast(t:fat(q)))
        return ray:cast(t:fat(q)) + 0.25, "hit " .. q
      end)
      assert.are.equal(p[1], proxy)
      assert.are.equal(10, tt)
      assert.are.equal("hit " .. p[1], tag)
      assert.are.same({ p[1] }, calls)
    end)

    it("with a callback: misses (nil, false) are skipped, equal t goes to the lower id", function()
      local t = collide.tree(0)
      local a = t:insert(collide.aabb(1, 0, 0, 2, 1, 1), 5)
      local b = t:insert(collide.aabb(1, 0, 0, 2, 1, 1), 3)
      local c = t:insert(collide.aabb(3, 0, 0, 4, 1, 1), 1)
      local ray = collide.ray(0, 0.5, 0.5, 1, 0, 0)
      H.assert_exact({ b, 1 }, t:raycast(ray, function(q) return 1 end))
      H.assert_exact({ a, 1 }, t:raycast(ray, function(q) if q == b then return nil end return 1 end))
      H.assert_exact({ c, 3 }, t:raycast(ray, function(q) if q == c then return 3 end return false end))
      assert.is_nil(t:raycast(ray, function() end))
      assert.has_error(function() t:raycast(ray, function() return "near" end) end,
        "raycast callback must return a number or nil, got string")
    end)

    it("with a shape table: the exact nearest cast, filters, and skips", function()
      local t = collide.tree()
      local shapes, items = {}, {}
      local function add(s, item)
        local q = t:insert(s:bounds())
        shapes[q], items[q] = s, item
        return q
      end
      local sph = add(collide.sphere(5, 0, 0, 1), "sphere")
      local tri = add(collide.triangle(3, -1, -1, 3, 2, -1, 3, -1, 2), "triangle")
      add(collide.segment(1, -1, 0, 1, 1, 0), "segment")                 -- rays are never hit
      local box = add(collide.obb(8, 0, 0, 1, 1, 1, 0, 0, 0.38268343236509, 0.92387953251129), "obb")
      local ray = collide.ray(0, 0, 0, 1, 0, 0)
      H.assert_exact(H.pack(tri, ray:cast(shapes[tri])), t:raycast(ray, shapes))
      assert.are.equal(9 + 1, select("#", t:raycast(ray, shapes)))
      local seen = {}
      local function no_triangles(item) seen[#seen + 1] = item; return item ~= "triangle" end
      H.assert_exact(H.pack(sph, ray:cast(shapes[sph])), t:raycast(ray, shapes, no_triangles, items))
      assert.are.same({ "triangle", "sphere" }, seen)        -- only hits that would become the nearest
      H.assert_exact(H.pack(box, ray:cast(shapes[box])),
        t:raycast(ray, shapes, function(q) return q == box end))
      shapes[tri] = nil                                        -- a proxy without a shape is skipped
      H.assert_exact(H.pack(sph, ray:cast(shapes[sph])), t:raycast(ray, shapes))
      assert.is_nil(t:raycast(collide.ray(0, 5, 0, 1, 0, 0), shapes))
      assert.has_error(function() t:raycast(ray, shapes, 5) end,
        "bad argument #3 to 'raycast' (function expected, got number)")
      assert.has_error(function() t:raycast(ray, 5) end,
        "bad argument #2 to 'raycast' (function or table expected, got number)")
    end)

    it("casts at a mesh in the shape table through ray:cast", function()
      local t = collide.tree()
      local mesh = collide.mesh({ 2, -1, -1, 2, 1, -1, 2, 0, 1 })
      local shapes = { [t:insert(mesh:bounds())] = mesh }
      local ray = collide.ray(0, 0, 0, 1, 0, 0)
      H.assert_exact(H.pack(1, ray:cast(mesh)), t:raycast(ray, shapes))
    end)

    it("locks the tree during callbacks, unlocks after an error, allows nested walks", function()
      local t = collide.tree()
      local box = collide.aabb(0, 0, 0, 1, 1, 1)
      t:insert(box)
      t:insert(collide.aabb(2, 0, 0, 3, 1, 1))
      local ray = collide.ray(-1, 0.5, 0.5, 1, 0, 0)
      assert.has_error(function() t:raycast(ray, function() t:insert(box) end) end,
        "cannot change a tree during its raycast callback")
      assert.has_error(function() t:raycast(ray, function() error("boom", 0) end) end, "boom")
      local nested = 0
      t:raycast(ray, function(q)
        nested = nested + #t:raycast(ray) + #t:query(box)
        t:raycast(ray, function() return nil end)
        return 1
      end)
      assert.are.equal(3, nested)
      t:insert(box)                              -- unlocked again
      assert.are.equal(3, t:count())
      assert.is_true(t:validate())
    end)

    it("rejects what is not a ray", function()
      local t = collide.tree()
      assert.has_error(function() t:raycast(collide.aabb(0, 0, 0, 1, 1, 1)) end,
        "bad argument #1 to 'raycast' (collide.ray expected, got collide.aabb)")
    end)
  end)

  describe(":pairs()", function()
    it("lists touching fat boxes once, lower id first, sorted", function()
      local t = collide.tree(0)
      local a = t:insert(collide.aabb(0, 0, 0, 1, 1, 1), 3)
      local b = t:insert(collide.aabb(1, 0, 0, 2, 1, 1), 2)
      local c = t:insert(collide.aabb(5, 0, 0, 6, 1, 1), 1)
      local d = t:insert(collide.aabb(0.5, 0.5, 0.5, 5, 0.5, 0.5), 4)
      assert.are.same({ c, d, b, a, b, d, a, d }, t:pairs())
    end)

    -- sort and sweep on x over the fat boxes, then the (id, proxy) order
    local function sweep_pairs(t, live)
      local boxes, order = {}, {}
      for i, p in ipairs(live) do boxes[p] = t:fat(p); order[i] = p end
      local function before(a, b)
        local ia, ib = t:id(a), t:id(b)
        if ia ~= ib then return ia < ib end
        return a < b
      end
      table.sort(order, function(a, b)
        local xa, xb = boxes[a]:min(), boxes[b]:min()
        if xa ~= xb then return xa < xb end
        return a < b
      end)
      local found = {}
      for i = 1, #order do
        local a = order[i]
        local ax = boxes[a]:max()
        for j = i + 1, #order do
          local b = order[j]
          if boxes[b]:min() > ax then break end
          if boxes[a]:intersects(boxes[b]) then
            found[#found + 1] = before(a, b) and { a, b } or { b, a }
          end
        end
      end
      table.sort(found, function(x, y)
        if x[1] ~= y[1] then return before(x[1], y[1]) end
        return before(x[2], y[2])
      end)
      local flat = {}
      for _, pr in ipairs(found) do flat[#flat + 1] = pr[1]; flat[#flat + 1] = pr[2] end
      return flat
    end

    it("after frames where every leaf or a few move, in a crowd: as sort and sweep finds them", function()
      local r = rng(4242)
      local t = collide.tree(0.2)
      local live, pos = {}, {}
      for i = 1, 600 do
        local x, y, z = r(0, 15), r(0, 15), r(0, 15)
        pos[i] = { x, y, z, r(0.2, 1.5) }
        -- repeated ids: ties go to the proxy
        live[i] = t:insert(collide.aabb(x, y, z, x + 1, y + 1, z + 1), i % 7 == 0 and 5 or i)
      end
      for frame = 1, 24 do
        local all = frame % 6 == 0
        for i = 1, #live do
          if all or r(0, 1) < 0.02 then
            local q = pos[i]
            q[1], q[2], q[3] = q[1] + r(-0.3, 0.3), q[2] + r(-0.3, 0.3), q[3] + r(-0.3, 0.3)
            t:move(live[i], collide.aabb(q[1], q[2], q[3], q[1] + q[4], q[2] + q[4], q[3] + q[4]))
          end
        end
        if frame % 4 == 1 then
          -- a few leave and come back: proxies reused, some for other leaves
          for _ = 1, 5 do
            local i = math.floor(r(1, #live + 1 - 1e-9))
            t:remove(live[i])
            local q = pos[i]
            live[i] = t:insert(collide.aabb(q[1], q[2], q[3], q[1] + q[4], q[2] + q[4], q[3] + q[4]), i)
          end
        end
        local want = sweep_pairs(t, live)
        assert.is_true(#want > 200)
        assert.are.same(want, t:pairs())
        assert.are.same(want, t:pairs())   -- nothing moved since
      end
      assert.is_true(t:validate())
    end)

    it("finds the pairs of a few new leaves among many kept ones", function()
      -- kept pairs and the new leaves' pairs merged in a buffer with room
      -- to spare (the usual case after the first call): every size from 2
      -- to 40 leaves, 1 to 4 added, each step against the sort-and-sweep
      for n0 = 2, 40 do
        for add = 1, 4 do
          local t = collide.tree(0)
          local live = {}
          for i = 1, n0 do live[i] = t:insert(collide.aabb(0, 0, 0, 1, 1, 1)) end
          assert.are.same(sweep_pairs(t, live), t:pairs())
          for _ = 1, add do live[#live + 1] = t:insert(collide.aabb(0.5, 0, 0, 1.5, 1, 1)) end
          local c = #live
          local got = t:pairs()
          assert.are.equal(c * (c - 1), #got)
          assert.are.same(sweep_pairs(t, live), got)
        end
      end
    end)

    it("every leaf touching every other: n (n - 1) / 2 pairs", function()
      local t = collide.tree(0)
      local live = {}
      for i = 1, 150 do live[i] = t:insert(collide.aabb(i * 1e-3, 0, 0, 1, 1, 1), 150 - i) end
      local got = t:pairs()
      assert.are.equal(150 * 149, #got)
      assert.are.same(sweep_pairs(t, live), got)
    end)
  end)

  describe("edge cases", function()
    it("many identical boxes: balanced, all found in id order", function()
      local t = collide.tree()
      local m = model(0.1)
      local box = collide.aabb(1, 1, 1, 2, 2, 2)
      local ps = {}
      for i = 1, 2000 do
        ps[i] = t:insert(box)
        m:insert(ps[i], box)
      end
      check(t, m)
      local all = t:query(collide.aabb(1.5, 1.5, 1.5, 1.5, 1.5, 1.5))
      assert.are.equal(2000, #all)
      assert.are.same(m:query(box), all)
      assert.are.same(m:raycast(collide.ray(0, 1.5, 1.5, 1, 0, 0)), t:raycast(collide.ray(0, 1.5, 1.5, 1, 0, 0)))
      for i = 1, 2000, 2 do t:remove(ps[i]); m:remove(ps[i]) end
      check(t, m)
    end)

    it("zero-size boxes with a zero margin: points are hit exactly", function()
      local t = collide.tree(0)
      local m = model(0)
      local ps = {}
      for i = 1, 200 do
        local b = collide.aabb(i, 0, 0, i, 0, 0)
        ps[i] = t:insert(b)
        m:insert(ps[i], b)
      end
      check(t, m)
      local along = collide.ray(0, 0, 0, 1, 0, 0, 50)
      assert.are.same(m:raycast(along), t:raycast(along))
      assert.are.equal(50, #t:raycast(along))
      assert.are.same({ ps[7] }, t:query(collide.aabb(7, 0, 0, 7, 0, 0)))
      assert.are.same({}, t:query(collide.aabb(7.5, 0, 0, 7.5, 0, 0)))
      assert.are.same({}, t:raycast(collide.ray(0, 1e-300, 0, 1, 0, 0)))
    end)

    it("huge boxes, far items and the edges of the double range", function()
      local t = collide.tree()
      local m = model(0.1)
      local boxes = {
        collide.aabb(-1e300, -1e300, -1e300, 1e300, 1e300, 1e300),
        collide.aabb(-1.7e308, -1, -1, 1.7e308, 1, 1),
        collide.aabb(1e6, 1e6, 1e6, 1e6 + 1, 1e6 + 1, 1e6 + 1),
        collide.aabb(-1e6 - 1, 1e6, -1e6, -1e6, 1e6 + 1, -1e6 + 1),
        collide.aabb(1e38, 1e38, 1e38, 1e39, 1e39, 1e39),
        collide.aabb(0, 0, 0, 1e-30, 1e-30, 1e-30),
      }
      for _, b in ipairs(boxes) do m:insert(t:insert(b), b) end
      check(t, m)
      -- many identical boxes, then huge ones: their costs overflow, the
      -- balance bound still holds
      for _ = 1, 200 do m:insert(t:insert(boxes[3]), boxes[3]) end
      for _ = 1, 20 do
        m:insert(t:insert(boxes[1]), boxes[1])
        m:insert(t:insert(boxes[2]), boxes[2])
      end
      check(t, m)
      local shapes = {
        collide.aabb(1e6 + 0.5, 1e6 + 0.5, 1e6 + 0.5, 1e6 + 2, 1e6 + 2, 1e6 + 2),
        collide.sphere(-1e6, 1e6, -1e6, 0.05),
        collide.plane(1, 1, 1, 3e6),
        collide.aabb(5e38, 5e38, 5e38, 5e38, 5e38, 5e38),
        collide.sphere(0, 0, 0, 1e-300),
      }
      for _, s in ipairs(shapes) do assert.are.same(m:query(s), t:query(s)) end
      local rays = {
        collide.ray(1e6 - 5, 1e6 + 0.5, 1e6 + 0.5, 1, 0, 0),
        collide.ray(-1e6 - 0.5, 1e6 + 0.5, 0, 0, 0, -1),
        collide.ray(1e39, 1e39, 1e39, -1, -1, -1),
        collide.ray(0, 5, 0, 0, -1, 0, 10),
      }
      for _, r in ipairs(rays) do assert.are.same(m:raycast(r), t:raycast(r)) end
      assert.are.same(m:pairs(), t:pairs())
    end)

    it("removing everything leaves an empty, valid, reusable tree", function()
      local r = rng(99)
      local t = collide.tree()
      local m = model(0.1)
      local ps = {}
      for i = 1, 300 do
        local b = random_box(r, 3, 50)
        ps[i] = t:insert(b)
        m:insert(ps[i], b)
      end
      for i = 300, 1, -3 do t:remove(ps[i]); m:remove(ps[i]) end
      check(t, m)
      for i = 1, 300 do if m.leaves[ps[i]] then t:remove(ps[i]); m:remove(ps[i]) end end
      check(t, m)
      assert.are.equal(0, t:count())
      assert.is_nil(t:bounds())
      assert.are.same({}, t:query(collide.aabb(-1e9, -1e9, -1e9, 1e9, 1e9, 1e9)))
      assert.are.same({}, t:raycast(collide.ray(0, 0, 0, 1, 1, 1)))
      assert.are.same({}, t:pairs())
      local b = collide.aabb(0, 0, 0, 1, 1, 1)
      m:insert(t:insert(b), b)
      check(t, m)
    end)

    it("lines and grids inserted in order stay within the height bound", function()
      local t = collide.tree(0)
      local m = model(0)
      for i = 1, 3000 do
        local b = collide.aabb(i, 0, 0, i + 0.5, 1, 1)
        m:insert(t:insert(b), b)
      end
      for i = 1, 3000 do
        local b = collide.aabb(i % 50, math.floor(i / 50), 5, i % 50 + 0.5, math.floor(i / 50) + 0.5, 6)
        m:insert(t:insert(b), b)
      end
      check(t, m)
      assert.is_true(t:height() <= 3 * math.log(6000) / math.log(2), "height " .. t:height())
    end)

    it("items all drifting just past their fat boxes, step after step", function()
      local r = rng(4242)
      local t, m, boxes, ps = populate(r, 1500, 1, 60)
      for step = 1, 4 do
        local d = ({ 0.15, 0.3, -0.2, 0.12 })[step]
        for i = 1, #ps do
          boxes[i]:translate(d, d / 2, 0)
          assert.are.equal(m:move(ps[i], boxes[i]), t:move(ps[i], boxes[i]))
        end
        check(t, m)
      end
      assert.are.same(m:pairs(), t:pairs())
    end)

    it("frees its memory when collected", function()
      for _ = 1, 20 do
        local t = collide.tree()
        for i = 1, 500 do t:insert(collide.aabb(i, 0, 0, i + 1, 1, 1)) end
      end
      collectgarbage()
      collectgarbage()
      assert.is_true(collide.tree():validate())
    end)
  end)

  describe("randomised against the model (seeds 1..3)", function()
    for seed = 1, 3 do
      it("inserts, moves and removes in batches; every query agrees (seed " .. seed .. ")", function()
        local r = rng(seed * 7919)
        local margin = ({ 0.1, 0, 1.5 })[seed]
        local t = collide.tree(margin)
        local m = model(margin)
        local live = {}
        for batch = 1, 12 do
          for _ = 1, 150 do
            local op = r(0, 1)
            if op < 0.5 or #live < 20 then
              local b = random_box(r, r(0, 1) < 0.1 and 20 or 2, 100)
              local id = r(0, 1) < 0.3 and math.floor(r(0, 50)) or nil
              local p = t:insert(b, id)
              m:insert(p, b, id)
              live[#live + 1] = p
            elseif op < 0.8 then
              local p = live[math.floor(r(1, #live + 1 - 1e-9))]
              local b = m.leaves[p].box
              local d = r(0, 1) < 0.7 and 0.05 or 5
              local x0, y0, z0 = b:min()
              local x1, y1, z1 = b:max()
              local dx, dy, dz = r(-d, d), r(-d, d), r(-d, d)
              local nb = collide.aabb(x0 + dx, y0 + dy, z0 + dz, x1 + dx, y1 + dy, z1 + dz)
              assert.are.equal(m:move(p, nb), t:move(p, nb))
            else
              local k = math.floor(r(1, #live + 1 - 1e-9))
              local p = live[k]
              live[k] = live[#live]
              live[#live] = nil
              t:remove(p)
              m:remove(p)
            end
          end
          check(t, m)
          for _ = 1, 8 do
            local q = {
              random_box(r, 10, 100),
              collide.sphere(r(0, 100), r(0, 100), r(0, 100), r(0, 15)),
              collide.obb(r(0, 100), r(0, 100), r(0, 100), r(0, 10), r(0, 10), r(0, 10), r(-1, 1), r(-1, 1), r(-1, 1), r(-1, 1)),
              collide.plane(r(-1, 1), r(-1, 1), r(-1, 1), r(0, 60)),
              collide.triangle(r(0, 100), r(0, 100), r(0, 100), r(0, 100), r(0, 100), r(0, 100), r(0, 100), r(0, 100), r(0, 100)),
              collide.segment(r(0, 100), r(0, 100), r(0, 100), r(0, 100), r(0, 100), r(0, 100)),
            }
            for _, s in ipairs(q) do assert.are.same(m:query(s), t:query(s)) end
            local ray = collide.ray(r(-10, 110), r(-10, 110), r(-10, 110), r(-1, 1), r(-1, 1), r(-1, 1),
              r(0, 1) < 0.5 and huge or r(0, 80))
            assert.are.same(m:raycast(ray), t:raycast(ray))
            local planes = {}
            for k = 1, 4 do planes[k] = collide.plane(r(-1, 1), r(-1, 1), r(-1, 1), r(-20, 60)) end
            assert.are.same(m:query_convex(planes), t:query_convex(planes))
          end
          assert.are.same(m:pairs(), t:pairs())
        end
      end)
    end
  end)
end)
