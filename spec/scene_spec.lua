-- collide.scene: items on the tree with the exact narrow phase. Every
-- answer is compared with brute force over the items in the order they
-- were added, written here with the core's own narrow phase (ray:cast,
-- collide.intersects, frustum:intersects): same items, same order, same t
-- and hit data. Randomised parts use fixed seeds.
local collide = require "collide"
local H = require "helpers"

local huge = math.huge
local unpack = table.unpack or unpack

local rng = require("helpers").rng

-- ---------------------------------------------------------------------
-- brute force over a list of {item, shape} in add order

local Brute = {}
Brute.__index = Brute
local function brute() return setmetatable({ list = {} }, Brute) end
function Brute:add(item, shape) self.list[#self.list + 1] = { item = item, shape = shape } end
function Brute:find(item)
  for i, e in ipairs(self.list) do if rawequal(e.item, item) then return i end end
end
function Brute:update(item, shape)
  if shape then self.list[self:find(item)].shape = shape end
end
function Brute:remove(item) table.remove(self.list, self:find(item)) end

local function cast(ray, shape)
  if collide.type(shape) == "ray" then return nil end
  return ray:cast(shape)
end

function Brute:raycast(ray, filter)
  local best
  for _, e in ipairs(self.list) do
    local hit = H.pack(cast(ray, e.shape))
    if hit[1] and (filter == nil or filter(e.item)) and (best == nil or hit[1] < best[2]) then
      best = H.pack(e.item, unpack(hit, 1, hit.n))
    end
  end
  return best or H.pack(nil)
end

function Brute:raycast_all(ray, filter)
  local out = {}
  for _, e in ipairs(self.list) do
    local t, x, y, z, nx, ny, nz, u, v, index = cast(ray, e.shape)
    if t and (filter == nil or filter(e.item)) then
      out[#out + 1] = { item = e.item, t = t, x = x, y = y, z = z, nx = nx, ny = ny, nz = nz, u = u, v = v, index = index }
    end
  end
  -- stable: insertion sort by t keeps add order among equal t
  for i = 2, #out do
    local x, j = out[i], i - 1
    while j >= 1 and out[j].t > x.t do out[j + 1] = out[j]; j = j - 1 end
    out[j + 1] = x
  end
  return out
end

function Brute:query(shape, filter)
  local out = {}
  for _, e in ipairs(self.list) do
    if collide.intersects(shape, e.shape) and (filter == nil or filter(e.item)) then out[#out + 1] = e.item end
  end
  return out
end

local EXACT = { aabb = true, obb = true, sphere = true, triangle = true, plane = true, ray = true }
function Brute:query_frustum(f, filter)
  local out = {}
  for _, e in ipairs(self.list) do
    local s = e.shape
    local hit = EXACT[collide.type(s)] and f:intersects(s) or (not EXACT[collide.type(s)] and f:intersects(s:bounds()))
    if hit and (filter == nil or filter(e.item)) then out[#out + 1] = e.item end
  end
  return out
end

function Brute:pairs(filter)
  local out = {}
  for i = 1, #self.list do
    for j = i + 1, #self.list do
      local a, b = self.list[i], self.list[j]
      if collide.intersects(a.shape, b.shape) and (filter == nil or (filter(a.item) and filter(b.item))) then
        out[#out + 1] = { a.item, b.item }
      end
    end
  end
  return out
end

-- ---------------------------------------------------------------------

local function items_of(scene)
  local out = {}
  for item in scene:items() do out[#out + 1] = item end
  return out
end

local function same_hits(expected, got)
  assert.are.equal(#expected, #got)
  for i = 1, #expected do
    for _, k in ipairs({ "item", "t", "x", "y", "z", "nx", "ny", "nz", "u", "v", "index" }) do
      assert.are.equal(expected[i][k], got[i][k], "hit " .. i .. " field " .. k)
    end
  end
end

describe("collide.scene", function()
  describe("collide.scene()", function()
    it("starts empty", function()
      local s = collide.scene()
      assert.are.equal(0, s:count())
      assert.are.same({}, items_of(s))
      assert.is_nil(s:raycast(collide.ray(0, 0, 0, 1, 0, 0)))
      assert.are.same({}, s:raycast_all(collide.ray(0, 0, 0, 1, 0, 0)))
      assert.are.same({}, s:query(collide.sphere(0, 0, 0, 1e9)))
      assert.are.same({}, s:pairs())
      assert.are.equal(0.1, s:tree():margin())
      assert.are.equal(2, collide.scene(2):tree():margin())
      assert.are.equal("collide.scene", getmetatable(s).__name)
    end)

    it("rejects a bad margin", function()
      assert.has_error(function() collide.scene("a") end, "bad argument #1 to 'scene' (number expected, got string)")
      assert.has_error(function() collide.scene(-1) end, "bad argument #1 to 'scene' (negative margin)")
      assert.has_error(function() collide.scene(0 / 0) end, "bad argument #1 to 'scene' (finite number expected, got nan)")
    end)
  end)

  describe(":add() :update() :remove() :has() :shape() :items()", function()
    it("takes any value but nil and NaN as an item", function()
      local s = collide.scene()
      local box = collide.aabb(0, 0, 0, 1, 1, 1)
      local items = { {}, "player", 42, 0.5, false, true, print, box, -0.0, math.huge }
      for _, item in ipairs(items) do assert.are.equal(item, s:add(item, box)) end
      assert.are.equal(#items, s:count())
      for _, item in ipairs(items) do
        assert.is_true(s:has(item))
        assert.are.equal(box, s:shape(item))
      end
      assert.are.same(items, items_of(s))
      assert.is_false(s:has(nil))
      assert.is_false(s:has(0 / 0))
      assert.is_false(s:has("absent"))
      assert.is_nil(s:shape("absent"))
      assert.is_nil(s:shape(0 / 0))
    end)

    it("gives clear errors", function()
      local s = collide.scene()
      local box = collide.aabb(0, 0, 0, 1, 1, 1)
      s:add("a", box)
      assert.has_error(function() s:add(nil, box) end, "bad argument #1 to 'add' (item expected, got nil)")
      assert.has_error(function() s:add(0 / 0, box) end, "bad argument #1 to 'add' (item expected, got nan)")
      assert.has_error(function() s:add("a", box) end, "bad argument #1 to 'add' (item already in the scene)")
      assert.has_error(function() s:add("b", 5) end, "bad argument #2 to 'add' (shape expected, got number)")
      assert.has_error(function() s:add("b") end, "bad argument #2 to 'add' (shape expected, got nil)")
      assert.has_error(function() s:add("b", {}) end, "bad argument #2 to 'add' (shape expected, got table)")
      assert.has_error(function() s:remove("b") end, "bad argument #1 to 'remove' (item not in the scene)")
      assert.has_error(function() s:remove(nil) end, "bad argument #1 to 'remove' (item expected, got nil)")
      assert.has_error(function() s:update("b") end, "bad argument #1 to 'update' (item not in the scene)")
      assert.has_error(function() s:update("a", "box") end, "bad argument #2 to 'update' (shape expected, got string)")
      assert.are.equal(1, s:count())
    end)

    it("updates after a shape moved or was replaced, bounded or not", function()
      local s = collide.scene()
      local box = collide.aabb(0, 0, 0, 1, 1, 1)
      s:add("a", box)
      s:add("b", collide.sphere(10, 0, 0, 1))
      local probe = collide.aabb(4.5, 0, 0, 5.5, 1, 1)
      assert.are.same({}, s:query(probe))
      box:translate(5, 0, 0)
      assert.are.same({}, s:query(probe))            -- not told yet
      assert.are.equal("a", s:update("a"))
      assert.are.same({ "a" }, s:query(probe))
      s:update("a", collide.plane(1, 0, 0, 20))       -- now without bounds
      assert.are.same({}, s:query(probe))
      assert.are.same({ "a" }, s:query(collide.sphere(20, 5, 5, 0.1)))
      assert.are.same({ "a", "b" }, s:query(collide.aabb(0, 0, 0, 30, 1, 1)))   -- add order kept
      s:update("a", collide.segment(9, -5, 0, 9, 5, 0))   -- bounded again
      assert.are.same({ "a", "b" }, s:query(collide.aabb(8.5, -1, -1, 9.5, 1, 1)))
      assert.is_true(s:tree():validate())
      assert.are.equal(2, s:count())
    end)

    it("removes, and an item added again goes to the end", function()
      local s = collide.scene()
      local box = collide.aabb(0, 0, 0, 1, 1, 1)
      for _, item in ipairs({ "a", "b", "c", "d" }) do s:add(item, box) end
      assert.are.equal("b", s:remove("b"))
      assert.is_false(s:has("b"))
      assert.are.same({ "a", "c", "d" }, items_of(s))
      s:add("b", box)
      assert.are.same({ "a", "c", "d", "b" }, items_of(s))
      assert.are.same({ "a", "c", "d", "b" }, s:query(box))
      for _, item in ipairs({ "a", "c", "d", "b" }) do s:remove(item) end
      assert.are.equal(0, s:count())
      assert.are.same({}, items_of(s))
      assert.are.equal(0, s:tree():count())
    end)

    it("items() yields item, shape; removing the current item is allowed", function()
      local s = collide.scene()
      local shapes = {}
      for i = 1, 6 do
        shapes[i] = collide.sphere(i, 0, 0, 0.5)
        s:add(i, shapes[i])
      end
      local seen = {}
      for item, shape in s:items() do
        assert.are.equal(shapes[item], shape)
        seen[#seen + 1] = item
        if item % 2 == 0 then s:remove(item) end
      end
      assert.are.same({ 1, 2, 3, 4, 5, 6 }, seen)
      assert.are.same({ 1, 3, 5 }, items_of(s))
    end)
  end)

  describe(":raycast() and :raycast_all()", function()
    it("the nearest hit with all of ray:cast's data", function()
      local s = collide.scene()
      local tri = collide.triangle(3, -1, -1, 3, 2, -1, 3, -1, 2)
      local sph = collide.sphere(6, 0, 0, 1)
      s:add("sphere", sph)
      s:add("triangle", tri)
      local ray = collide.ray(0, 0, 0, 1, 0, 0)
      H.assert_exact(H.pack("triangle", ray:cast(tri)), s:raycast(ray))
      assert.are.equal(10, select("#", s:raycast(ray)))
      H.assert_exact(H.pack("sphere", ray:cast(sph)), s:raycast(ray, function(item) return item ~= "triangle" end))
      assert.is_nil(s:raycast(ray, function() return false end))
      assert.is_nil(s:raycast(collide.ray(0, 0, 0, 1, 0, 0, 2.5)))      -- tmax stops short
      assert.is_nil(s:raycast(collide.ray(0, 5, 0, 1, 0, 0)))
    end)

    it("equal t goes to the item added first; rays are never hit; planes are", function()
      local s = collide.scene()
      s:add("late box", collide.aabb(5, -1, -1, 6, 1, 1))
      s:add("segment", collide.segment(1, -1, 0, 1, 1, 0))
      s:add("early? no: added after", collide.aabb(5, -2, -2, 7, 2, 2))
      local ray = collide.ray(0, 0, 0, 1, 0, 0)
      assert.are.equal("late box", (s:raycast(ray)))
      s:add("floor", collide.plane(1, 0, 0, 5))
      assert.are.equal("late box", (s:raycast(ray)))           -- the plane ties at 5, added later
      s:add("wall", collide.plane(1, 0, 0, 4))
      H.assert_exact(H.pack("wall", ray:cast(collide.plane(1, 0, 0, 4))), s:raycast(ray))
      local all = s:raycast_all(ray)
      assert.are.same({ "wall", "late box", "early? no: added after", "floor" },
        { all[1].item, all[2].item, all[3].item, all[4].item })
      assert.are.equal(4, #all)
      assert.are.same({ 4, 5, 5, 5 }, { all[1].t, all[2].t, all[3].t, all[4].t })
    end)

    it("raycast_all: every hit sorted by t with its data, u and v for triangles, index for meshes", function()
      local s = collide.scene()
      local tri = collide.triangle(3, -1, -1, 3, 2, -1, 3, -1, 2)
      local mesh = collide.mesh({ 8, -1, -1, 8, 2, -1, 8, -1, 2 })
      local box = collide.aabb(5, -1, -1, 6, 1, 1)
      s:add("mesh", mesh)
      s:add("box", box)
      s:add("tri", tri)
      local ray = collide.ray(0, 0, 0, 1, 0, 0)
      local all = s:raycast_all(ray)
      local expect = {}
      for _, e in ipairs({ { "tri", tri }, { "box", box }, { "mesh", mesh } }) do
        local t, x, y, z, nx, ny, nz, u, v, index = ray:cast(e[2])
        expect[#expect + 1] = { item = e[1], t = t, x = x, y = y, z = z, nx = nx, ny = ny, nz = nz, u = u, v = v, index = index }
      end
      same_hits(expect, all)
      assert.are.equal(1, all[3].index)
      assert.is_nil(all[2].u)
      same_hits({ expect[3] }, s:raycast_all(ray, function(item) return item == "mesh" end))
      H.assert_exact(H.pack("mesh", ray:cast(mesh)), s:raycast(ray, function(item) return item == "mesh" end))
    end)

    it("a filter that errors leaves the scene usable; changing the scene inside one is refused", function()
      local s = collide.scene()
      s:add("a", collide.aabb(1, -1, -1, 2, 1, 1))
      local ray = collide.ray(0, 0, 0, 1, 0, 0)
      assert.has_error(function() s:raycast(ray, function() error("no", 0) end) end, "no")
      assert.has_error(function() s:raycast(ray, function() s:add("b", collide.sphere(0, 0, 0, 1)) end) end,
        "cannot change a scene during its raycast")
      assert.has_error(function() s:raycast(ray, function() s:remove("a") end) end,
        "cannot change a scene during its raycast")
      assert.has_error(function() s:raycast(ray, function() s:update("a", collide.plane(0, 1, 0, 0)) end) end,
        "cannot change a scene during its raycast")
      assert.is_false(s:has("b"))
      assert.are.same({ "a" }, items_of(s))
      assert.are.equal(collide.aabb(1, -1, -1, 2, 1, 1), s:shape("a"))
      assert.are.equal("a", (s:raycast(ray, function(item) return #s:query(collide.sphere(0, 0, 0, 9)) > 0 end)))
      s:add("b", collide.sphere(0, 0, 0, 1))
      assert.are.equal(2, s:count())
    end)

    it("rejects bad arguments", function()
      local s = collide.scene()
      assert.has_error(function() s:raycast(collide.aabb(0, 0, 0, 1, 1, 1)) end,
        "bad argument #1 to 'raycast' (collide.ray expected, got collide.aabb)")
      assert.has_error(function() s:raycast() end, "bad argument #1 to 'raycast' (collide.ray expected, got nil)")
      assert.has_error(function() s:raycast(collide.ray(0, 0, 0, 1, 0, 0), 5.5) end,
        "bad argument #2 to 'raycast' (number has no integer representation)")
      assert.has_error(function() s:raycast(collide.ray(0, 0, 0, 1, 0, 0), "5") end,
        "bad argument #2 to 'raycast' (function, integer or table expected, got string)")
      assert.has_error(function() s:raycast_all("ray") end,
        "bad argument #1 to 'raycast_all' (collide.ray expected, got string)")
    end)
  end)

  describe(":query() :query_frustum() :pairs()", function()
    it("query uses the exact shapes, not their bounds", function()
      local s = collide.scene(0)
      s:add("sphere", collide.sphere(0, 0, 0, 1))
      s:add("tri", collide.triangle(0, 0, 3, 3, 0, 3, 0, 3, 3))
      s:add("ray", collide.segment(-5, 5, 5, 5, 5, 5))
      -- the corner of the sphere's bounds: bounds overlap, the sphere does not
      assert.are.same({}, s:query(collide.aabb(0.8, 0.8, 0.8, 2, 2, 2)))
      assert.are.same({ "sphere" }, s:query(collide.aabb(0.5, 0.5, 0.5, 2, 2, 2)))
      assert.are.same({ "tri" }, s:query(collide.sphere(1, 1, 2.5, 0.5)))       -- touching
      assert.are.same({}, s:query(collide.sphere(1, 1, 2.5, 0.4)))
      assert.are.same({ "sphere", "tri", "ray" }, s:query(collide.plane(1, 0, 0, 0)))
      assert.are.same({ "sphere", "ray" }, s:query(collide.plane(1, 0, 0, -0.5)))
      assert.are.same({ "sphere", "tri", "ray" }, s:query(collide.plane(1, 0, 0, 0), function() return true end))
      assert.are.same({ "ray" }, s:query(collide.plane(1, 0, 0, 0), function(item) return item == "ray" end))
      assert.has_error(function() s:query("box") end, "bad argument #1 to 'query' (shape expected, got string)")
      assert.has_error(function() s:query(collide.aabb(0, 0, 0, 1, 1, 1), true) end,
        "bad argument #2 to 'query' (function, integer or table expected, got boolean)")
      assert.has_error(function() s:query(collide.aabb(0, 0, 0, 1, 1, 1), { bits = 1 }) end,
        "bad argument #2 to 'query' (invalid field 'bits')")
    end)

    it("query with a mesh, and a mesh in the scene", function()
      local s = collide.scene()
      local mesh = collide.mesh({ 0, 0, 0, 4, 0, 0, 0, 4, 0 })
      s:add("mesh", mesh)
      s:add("box", collide.aabb(1, 1, -1, 2, 2, 1))
      s:add("far box", collide.aabb(3, 3, -1, 4, 4, 1))            -- in the mesh's bounds, off its triangle
      assert.are.same({ "mesh", "box" }, s:query(collide.sphere(1, 1, 0, 0.5)))
      assert.are.same({ "box" }, s:query(mesh, function(item) return item ~= "mesh" end))
      assert.are.same({ { "mesh", "box" } }, s:pairs())
    end)

    it("an empty mesh has no bounds: kept beside the tree, meets nothing", function()
      local s = collide.scene()
      local empty = collide.mesh({})
      s:add("empty", empty)
      s:add("box", collide.aabb(0, 0, 0, 1, 1, 1))
      assert.are.equal(1, s:tree():count())
      assert.are.same({}, s:query(empty))
      assert.are.same({ "box" }, s:query(collide.aabb(0, 0, 0, 2, 2, 2)))
      assert.are.equal("box", (s:raycast(collide.ray(-1, 0.5, 0.5, 1, 0, 0))))
      assert.are.same({}, s:pairs())
      local f = collide.frustum_from_matrix({ 0.5, 0, 0, 0, 0, 1, 0, 0, 0, 0, -11 / 9, -1, 0, 0, -20 / 9, 0 })
      assert.are.same({}, s:query_frustum(f))
      s:update("empty", collide.mesh({ 0, 0, -5, 1, 0, -5, 0, 1, -5 }))
      assert.are.same({ "empty" }, s:query_frustum(f))
      assert.are.equal(2, s:tree():count())
    end)

    it("query_frustum is exact, in add order, with a filter", function()
      local s = collide.scene()
      local f = collide.frustum_from_matrix({ 0.5, 0, 0, 0, 0, 1, 0, 0, 0, 0, -11 / 9, -1, 0, 0, -20 / 9, 0 })
      s:add("outside near the corner", collide.obb(2.6, 1.3, -1, 0.2, 0.2, 0.2, 0, 0, 0.38268343236509, 0.92387953251129))
      s:add("inside", collide.sphere(0, 0, -5, 1))
      s:add("crossing", collide.aabb(-1, -1, -10.5, 1, 1, -9.5))
      s:add("ground", collide.plane(0, 1, 0, -3))
      s:add("behind", collide.aabb(-1, -1, 1, 1, 1, 2))
      assert.are.same({ "inside", "crossing", "ground" }, s:query_frustum(f))
      assert.are.same({ "crossing" }, s:query_frustum(f, function(item) return item == "crossing" end))
      assert.has_error(function() s:query_frustum({}) end,
        "bad argument #1 to 'query_frustum' (collide.frustum expected, got table)")
    end)

    it("pairs: every intersecting pair once, the earlier item first, sorted, no self-pairs", function()
      local s = collide.scene()
      local box = collide.aabb(0, 0, 0, 1, 1, 1)
      s:add("c", collide.sphere(5, 5, 5, 1))
      s:add("a", box)
      s:add("b", box)                                             -- the same shape: intersects
      s:add("d", collide.sphere(1.5, 0.5, 0.5, 0.5))
      s:add("floor", collide.plane(0, 1, 0, 0))
      s:add("wall", collide.plane(1, 0, 0, 1))
      assert.are.same({
        { "a", "b" }, { "a", "d" }, { "a", "floor" }, { "a", "wall" },
        { "b", "d" }, { "b", "floor" }, { "b", "wall" }, { "d", "floor" }, { "d", "wall" }, { "floor", "wall" },
      }, s:pairs())
      assert.are.same({ { "a", "d" }, { "a", "wall" }, { "d", "wall" } },
        s:pairs(function(item) return item ~= "b" and item ~= "floor" end))
      assert.has_error(function() s:pairs(0.5) end, "bad argument #1 to 'pairs' (number has no integer representation)")
      assert.has_error(function() s:pairs(true) end, "bad argument #1 to 'pairs' (function, integer or table expected, got boolean)")
    end)
  end)

  describe(":pairs() while nothing changed", function()
    -- the world answers again from its last answer while nothing an answer
    -- sees has changed: every change below must be seen, each answer
    -- compared with brute force over the shapes as they are then
    local function scene_of(n, seed)
      local r = rng(seed)
      local s, b = collide.scene(), brute()
      for i = 1, n do
        local x, y, z = r(0, 6), r(0, 6), r(0, 6)
        local shape = i % 3 == 0 and collide.sphere(x, y, z, r(0.3, 1.2))
          or collide.aabb(x, y, z, x + r(0.3, 2), y + r(0.3, 2), z + r(0.3, 2))
        s:add(i, shape)
        b:add(i, shape)
      end
      return s, b, r
    end

    it("gives a new array of the same {a, b} tables, tested nothing again", function()
      local s, b = scene_of(40, 11)
      local first = s:pairs()
      assert.are.same(b:pairs(), first)
      assert.is_true(#first > 10)
      local again = s:pairs()
      assert.are_not.equal(first, again)
      assert.are.equal(#first, #again)
      for i = 1, #first do assert.are.equal(first[i], again[i]) end
      -- what a script does to the arrays it got changes no later answer
      table.remove(first, 1)
      again[2], again[3] = again[3], again[2]
      first[#first + 1] = { "x", "y" }
      local third = s:pairs()
      assert.are.same(b:pairs(), third)
      assert.are.equal(again[1], third[1])
      -- a table a script changed is made again, the others kept
      third[1][1] = "changed"
      third[2][2] = nil
      local fourth = s:pairs()
      assert.are.same(b:pairs(), fourth)
      assert.are_not.equal(third[1], fourth[1])
      assert.are_not.equal(third[2], fourth[2])
      assert.are.equal(third[4], fourth[4])
    end)

    it("sees every change: moves, adds, removes, options, roles, shapes changed in place", function()
      local s, b, r = scene_of(30, 12)
      local function check()
        local expected = b:pairs()
        assert.are.same(expected, s:pairs())
        assert.are.same(expected, s:pairs())
      end
      check()
      local shape = s:shape(4)
      shape:translate(r(-2, 2), r(-2, 2), r(-2, 2))
      s:sync()
      check()
      s:shape(5):translate(0.5, 0.5, 0.5)
      s:update(5)
      check()
      local box = collide.aabb(2, 2, 2, 4, 4, 4)
      s:add("new", box)
      b:add("new", box)
      check()
      s:remove(7)
      b:remove(7)
      check()
      local other = collide.sphere(3, 3, 3, 2)
      s:update(8, other)
      b:update(8, other)
      check()
      -- options: a layer no mask meets, static items, a sensor
      local before = s:pairs()
      s:set("new", { layer = 0 })
      local after = s:pairs()
      for _, p in ipairs(after) do assert.is_true(p[1] ~= "new" and p[2] ~= "new") end
      assert.is_true(#after < #before)
      s:set("new", { layer = 1 })
      assert.are.same(before, s:pairs())
      s:set("new", { sensor = true })
      for _, p in ipairs(s:pairs()) do assert.is_true(p[1] ~= "new" and p[2] ~= "new") end
      s:set("new", { sensor = false })
      assert.are.same(before, s:pairs())
    end)

    it("a mask and a filter: the mask's own answer, a filter asked every time", function()
      local s = collide.scene()
      s:add("a", collide.aabb(0, 0, 0, 2, 2, 2), { layer = 1 })
      s:add("b", collide.aabb(1, 1, 1, 3, 3, 3), { layer = 2 })
      s:add("c", collide.aabb(1.5, 1.5, 1.5, 4, 4, 4), { layer = 1 })
      local all = { { "a", "b" }, { "a", "c" }, { "b", "c" } }
      assert.are.same(all, s:pairs())
      assert.are.same({ { "a", "c" } }, s:pairs(1))
      assert.are.same(all, s:pairs())
      assert.are.same({ { "a", "c" } }, s:pairs(1))
      local asked = 0
      local function filter(item) asked = asked + 1; return item ~= "b" end
      assert.are.same({ { "a", "c" } }, s:pairs(filter))
      local once = asked
      assert.is_true(once > 0)
      assert.are.same({ { "a", "c" } }, s:pairs(filter))
      assert.are.equal(2 * once, asked)
      assert.are.same({ { "a", "c" } }, s:pairs({ exclude = { "b" } }))
      assert.are.same(all, s:pairs())
    end)

    it("a shape changed in place is seen before a sync, shared by two items too", function()
      -- the second item's shape tells the first item's world only: the
      -- world reads its counter, so it never answers from its last answer
      local s = collide.scene()
      local own = collide.aabb(0, 0, 0, 1, 1, 1)
      s:add("own", own)
      s:add("other", collide.aabb(0.5, 0.5, 0.5, 3, 3, 3))
      assert.are.same({ { "own", "other" } }, s:pairs())
      own:set(0, 0, 0, 0.4, 0.4, 0.4)                 -- still in its fat box: the exact test tells
      assert.are.same({}, s:pairs())
      own:set(0, 0, 0, 1, 1, 1)
      assert.are.same({ { "own", "other" } }, s:pairs())
      s = collide.scene()
      local shared = collide.aabb(0, 0, 0, 1, 1, 1)
      s:add("first", shared)
      s:add("second", shared)
      s:add("wall", collide.aabb(0.5, 0.5, 0.5, 3, 3, 3))
      assert.are.same({ { "first", "second" }, { "first", "wall" }, { "second", "wall" } }, s:pairs())
      shared:set(0, 0, 0, 0.4, 0.4, 0.4)              -- told by its first item
      assert.are.same({ { "first", "second" } }, s:pairs())
      shared:set(0, 0, 0, 1, 1, 1)
      assert.are.same({ { "first", "second" }, { "first", "wall" }, { "second", "wall" } }, s:pairs())
      s:remove("first")
      assert.are.same({ { "second", "wall" } }, s:pairs())
      shared:set(0, 0, 0, 0.4, 0.4, 0.4)
      assert.are.same({}, s:pairs())
      shared:set(0, 0, 0, 1, 1, 1)
      assert.are.same({ { "second", "wall" } }, s:pairs())
    end)
  end)

  describe(":sync()", function()
    it("refits every item whose shape changed in place, once, and counts them", function()
      local s = collide.scene()
      local a, b = collide.aabb(0, 0, 0, 1, 1, 1), collide.sphere(10, 0, 0, 1)
      local c = collide.triangle(20, 0, 0, 21, 0, 0, 20, 1, 0)
      s:add("a", a); s:add("b", b); s:add("c", c)
      assert.are.equal(0, s:sync())
      b:translate(-9, 0, 0)
      assert.are.same({}, s:pairs())   -- not synced: b's fat box is still around x = 10
      assert.are.equal(1, s:sync())
      assert.are.same({ { "a", "b" } }, s:pairs())
      assert.are.same({ "a", "b" }, s:query(collide.aabb(0.5, 0, 0, 0.6, 0.1, 0.1)))
      assert.are.equal(0, s:sync())
      a:set(19.5, 0, -1, 20.5, 1, 1)
      c:translate(0, 0, 0)                              -- a change all the same
      b:translate(100, 0, 0); b:translate(-100, 0, 0)   -- two changes, one refit
      assert.are.equal(3, s:sync())
      assert.are.same({ { "a", "c" } }, s:pairs())
      assert.are.same({ "a", "c" }, s:query(collide.sphere(20, 0.5, 0, 0.2)))
      assert.is_true(s:tree():validate())
    end)

    it("sees every change in place: set, translate, flip, and a shape written as an out argument", function()
      local s = collide.scene()
      local box = collide.aabb(0, 0, 0, 1, 1, 1)
      local plane = collide.plane(0, 1, 0, 0)
      s:add("box", box); s:add("plane", plane)
      collide.aabb(5, 5, 5, 6, 6, 6):bounds(box)
      assert.are.equal(1, s:sync())
      assert.are.same({ "box" }, s:query(collide.sphere(5.5, 5.5, 5.5, 0.1)))
      box:merge(collide.aabb(-3, -3, -3, -2, -2, -2), box)
      assert.are.equal(1, s:sync())
      assert.are.same({ "box", "plane" }, s:query(collide.sphere(0, 0, 0, 0.1)))
      box:expand(1, box)
      assert.are.equal(1, s:sync())
      s:tree():fat(1, box)
      assert.are.equal(1, s:sync())
      collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0):plane(plane)   -- the plane is beside the tree
      plane:flip()
      assert.are.equal(0, s:sync())
    end)

    it("sees a heightfield's set_height, as collide.intersects does", function()
      local s = collide.scene()
      local ground = collide.heightfield({ 0, 0, 0, 0, 0, 0, 0, 0, 0 }, 3, 3)
      local peak = collide.sphere(1, 5, 1, 0.5)
      s:add("ground", ground)
      s:add("ball", collide.sphere(10, 0, 0, 1))
      assert.are.same({}, s:query(peak))
      ground:set_height(1, 1, 5)
      assert.is_true(collide.intersects(ground, peak))
      assert.are.same({}, s:query(peak))    -- not synced: the flat ground's fat box
      assert.are.equal(1, s:sync())
      assert.are.same({ "ground" }, s:query(peak))
      assert.are.equal(0, s:sync())
      ground:set_height(1, 1, 0 / 0)        -- a hole: no triangle left near the peak
      ground:set_height(1, 1, 0)
      assert.are.equal(1, s:sync())
      assert.are.same({}, s:query(peak))
      s:set("ground", { static = true })    -- static: never looked at by sync
      ground:set_height(1, 1, 5)
      assert.are.equal(0, s:sync())
      assert.are.same({}, s:query(peak))
      assert.are.equal("ground", s:update("ground"))
      assert.are.same({ "ground" }, s:query(peak))
      assert.is_true(s:tree():validate())
    end)

    it("moves a ray between the tree and the unbounded list as its tmax changes", function()
      local s = collide.scene()
      local r = collide.ray(0, 0, 0, 1, 0, 0, 5)
      local far = collide.sphere(50, 0, 0, 1)
      s:add("ray", r); s:add("far", far)
      assert.are.same({}, s:pairs())
      r:set(0, 0, 0, 1, 0, 0, huge)
      assert.are.equal(1, s:sync())
      assert.are.equal(1, s:tree():count())
      assert.are.same({ { "ray", "far" } }, s:pairs())
      r:set(0, 0, 0, 1, 0, 0, 60)
      assert.are.equal(1, s:sync())
      assert.are.equal(2, s:tree():count())
      assert.are.same({ { "ray", "far" } }, s:pairs())
      r:set(0, 0, 0, -1, 0, 0, 60)
      assert.are.equal(1, s:sync())
      assert.are.same({}, s:pairs())
      assert.is_true(s:tree():validate())
    end)

    it("follows the item's shape of the moment: one shared by two items, one replaced by update", function()
      local s = collide.scene()
      local shared, old, new = collide.sphere(0, 0, 0, 1), collide.aabb(0, 0, 0, 1, 1, 1), collide.aabb(9, 9, 9, 10, 10, 10)
      s:add("x", shared); s:add("y", shared); s:add("z", old)
      shared:translate(3, 0, 0)
      assert.are.equal(2, s:sync())
      s:update("z", new)
      old:translate(1, 0, 0)
      assert.are.equal(0, s:sync())
      new:translate(-9, -9, -9)
      assert.are.equal(1, s:sync())
      assert.are.same({ { "x", "y" } }, s:pairs())
      s:remove("x")
      shared:translate(-3, 0, 0)
      assert.are.equal(1, s:sync())
      assert.are.same({ { "y", "z" } }, s:pairs())
    end)

    it("follows a shape in two scenes, one collected first, removed and added again", function()
      local shape = collide.sphere(0, 0, 0, 1)
      local probe = collide.sphere(5, 0, 0, 0.1)
      local held = { collide.scene(), collide.scene() }   -- dropped below to be collected
      held[1]:add("a", shape); held[2]:add("b", shape)  -- the first is told of its changes, the second reads its counter
      shape:translate(5, 0, 0)
      assert.are.equal(1, held[1]:sync()); assert.are.equal(1, held[2]:sync())
      assert.are.same({ "a" }, held[1]:query(probe)); assert.are.same({ "b" }, held[2]:query(probe))
      local weak = setmetatable({ held[1], held[2] }, { __mode = "v" })
      held[1] = nil
      collectgarbage(); collectgarbage()
      assert.is_nil(weak[1])
      shape:translate(-5, 0, 0)                         -- its first scene is gone
      local s3 = collide.scene()
      do
        local s2 = held[2]
        assert.are.equal(1, s2:sync())
        assert.are.same({}, s2:query(probe))
        s2:remove("b")
        shape:translate(5, 0, 0)
        assert.are.equal(0, s2:sync())
        s2:add("b", shape)
        assert.are.equal(0, s2:sync())
        shape:translate(0, 0, 0)
        assert.are.equal(1, s2:sync())
        assert.are.same({ "b" }, s2:query(probe))
        s3:add("c", shape)                              -- the second still holds it: s3 reads its counter
      end
      held[2] = nil
      collectgarbage(); collectgarbage()
      assert.is_nil(weak[2])
      shape:translate(-5, 0, 0)
      assert.are.equal(1, s3:sync())
      assert.are.same({}, s3:query(probe))
    end)

    it("refits a shape changed while its item was static once the item can move", function()
      local s = collide.scene()
      local box = collide.aabb(0, 0, 0, 1, 1, 1)
      s:add("box", box, { static = true })
      box:translate(10, 0, 0)
      assert.are.equal(0, s:sync())
      s:set("box", { static = false })
      assert.are.equal(1, s:sync())
      assert.are.same({ "box" }, s:query(collide.sphere(10.5, 0.5, 0.5, 0.1)))
      assert.are.equal(0, s:sync())
      s:set("box", { static = true }); s:set("box", { static = false })
      assert.are.equal(0, s:sync())                   -- looked at again, unchanged
    end)

    it("refits exactly the changed items among many, against brute force (fixed seed)", function()
      local r = rng(4242)
      local s, b, shapes = collide.scene(), brute(), {}
      for i = 1, 300 do
        local x, y, z = r(0, 60), r(0, 60), r(0, 60)
        shapes[i] = collide.aabb(x, y, z, x + r(0, 3), y + r(0, 3), z + r(0, 3))
        s:add(i, shapes[i]); b:add(i, shapes[i])
      end
      local other = collide.scene()                   -- holds some of the same shapes
      for i = 1, 300, 7 do other:add(i, shapes[i]) end
      for round = 1, 20 do
        local changed = {}
        for _ = 1, 25 do
          local i = math.floor(r(1, 301))
          if i > 300 then i = 300 end
          if b:find(i) then
            shapes[i]:translate(r(-3, 3), r(-3, 3), r(-3, 3))
            changed[i] = true
          end
        end
        local n = 0
        for _ in pairs(changed) do n = n + 1 end
        if round % 4 == 0 then                        -- some removed, some added again
          for i = round, 300, 37 do
            if b:find(i) then s:remove(i); b:remove(i); changed[i] = nil
            else s:add(i, shapes[i]); b:add(i, shapes[i]) end
          end
          n = 0
          for i in pairs(changed) do if b:find(i) then n = n + 1 end end
        end
        assert.are.equal(n, s:sync())
        for _ = 1, 10 do
          local q = collide.sphere(r(0, 60), r(0, 60), r(0, 60), r(1, 8))
          assert.are.same(b:query(q), s:query(q))
        end
        other:sync()
      end
      assert.is_true(s:tree():validate())
    end)

    it("update after a change leaves nothing for sync; meshes never need one", function()
      local s = collide.scene()
      local box = collide.aabb(0, 0, 0, 1, 1, 1)
      s:add("box", box)
      s:add("mesh", collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 }))
      box:translate(1, 0, 0)
      s:update("box")
      assert.are.equal(0, s:sync())
      assert.are.equal(0, collide.scene():sync())
    end)

    it("is refused inside a filter, as add, update and remove are", function()
      local s = collide.scene()
      s:add("a", collide.aabb(0, 0, 0, 1, 1, 1))
      local function sync() s:sync() end
      local line
      local e = H.error_of(function()
        s:query(collide.sphere(0, 0, 0, 1), function()
          line = debug.getinfo(1, "l").currentline; sync()
        end)
      end)
      assert.are.equal(debug.getinfo(1, "S").short_src .. ":" .. line .. ": cannot change a scene during its query", e)
      assert.are.equal(0, s:sync())
    end)
  end)

  describe("randomised against brute force (fixed seeds)", function()
    local function random_shape(r, world)
      local k = r(0, 1)
      local x, y, z = r(0, world), r(0, world), r(0, world)
      if k < 0.25 then
        local ex, ey, ez = r(0, 3), r(0, 3), r(0, 3)
        return collide.aabb(x - ex, y - ey, z - ez, x + ex, y + ey, z + ez)
      elseif k < 0.45 then
        return collide.obb(x, y, z, r(0, 3), r(0, 3), r(0, 3), r(-1, 1), r(-1, 1), r(-1, 1), r(-1, 1))
      elseif k < 0.65 then
        return collide.sphere(x, y, z, r(0, 3))
      elseif k < 0.85 then
        return collide.triangle(x, y, z, x + r(-4, 4), y + r(-4, 4), z + r(-4, 4), x + r(-4, 4), y + r(-4, 4), z + r(-4, 4))
      elseif k < 0.93 then
        return collide.segment(x, y, z, x + r(-4, 4), y + r(-4, 4), z + r(-4, 4))
      elseif k < 0.97 then
        return collide.aabb(x, y, z, x, y, z)                               -- a point
      elseif k < 0.99 then
        return collide.plane(r(-1, 1), r(-1, 1), r(-1, 1), r(0, world / 2))   -- no bounds
      else
        return collide.ray(x, y, z, r(-1, 1), r(-1, 1), r(-1, 1))             -- endless: no bounds
      end
    end

    local function new_item(r, n)
      local k = n % 4
      if k == 0 then return { id = n } end
      if k == 1 then return "item " .. n end
      if k == 2 then return n + 0.5 end
      return n
    end

    for seed = 1, 3 do
      it("thousands of adds, updates and removes; every query agrees (seed " .. seed .. ")", function()
        local r = rng(seed * 15485863)
        local world = 60
        local s = collide.scene(({ 0.1, 0, 2 })[seed])
        local b = brute()
        local live, serial = {}, 0
        local function filter(item) return type(item) ~= "string" end
        for batch = 1, 8 do
          for _ = 1, 300 do
            local op = r(0, 1)
            if op < 0.45 or #live < 30 then
              serial = serial + 1
              local item, shape = new_item(r, serial), random_shape(r, world)
              s:add(item, shape)
              b:add(item, shape)
              live[#live + 1] = item
            elseif op < 0.8 then
              local item = live[math.floor(r(1, #live + 1 - 1e-9))]
              if r(0, 1) < 0.3 then
                local shape = random_shape(r, world)
                s:update(item, shape)
                b:update(item, shape)
              else
                local d = r(0, 1) < 0.7 and 0.05 or 4
                s:shape(item):translate(r(-d, d), r(-d, d), r(-d, d))
                if r(0, 1) < 0.5 then s:update(item) end   -- else left to sync
              end
            else
              local k = math.floor(r(1, #live + 1 - 1e-9))
              local item = live[k]
              live[k] = live[#live]
              live[#live] = nil
              s:remove(item)
              b:remove(item)
            end
          end
          s:sync()
          assert.are.equal(0, s:sync())
          assert.is_true(s:tree():validate())
          assert.are.equal(#b.list, s:count())
          local order = {}
          for i, e in ipairs(b.list) do order[i] = e.item end
          assert.are.same(order, items_of(s))
          for _ = 1, 12 do
            local ray = collide.ray(r(-5, world + 5), r(-5, world + 5), r(-5, world + 5), r(-1, 1), r(-1, 1), r(-1, 1),
              r(0, 1) < 0.3 and huge or r(5, 80))
            H.assert_exact(b:raycast(ray), s:raycast(ray))
            H.assert_exact(b:raycast(ray, filter), s:raycast(ray, filter))
            same_hits(b:raycast_all(ray), s:raycast_all(ray))
            same_hits(b:raycast_all(ray, filter), s:raycast_all(ray, filter))
            local q = random_shape(r, world)
            assert.are.same(b:query(q), s:query(q))
            assert.are.same(b:query(q, filter), s:query(q, filter))
          end
          for _ = 1, 3 do
            local eye = { r(0, world), r(0, world), r(0, world) }
            local f = collide.frustum(
              collide.plane_from_point(eye[1] - 10, eye[2], eye[3], 1, r(-0.3, 0.3), r(-0.3, 0.3)),
              collide.plane_from_point(eye[1] + 10, eye[2], eye[3], -1, r(-0.3, 0.3), r(-0.3, 0.3)),
              collide.plane_from_point(eye[1], eye[2] - 10, eye[3], r(-0.3, 0.3), 1, r(-0.3, 0.3)),
              collide.plane_from_point(eye[1], eye[2] + 10, eye[3], r(-0.3, 0.3), -1, r(-0.3, 0.3)),
              collide.plane_from_point(eye[1], eye[2], eye[3] - 10, r(-0.3, 0.3), r(-0.3, 0.3), 1),
              collide.plane_from_point(eye[1], eye[2], eye[3] + 10, r(-0.3, 0.3), r(-0.3, 0.3), -1))
            assert.are.same(b:query_frustum(f), s:query_frustum(f))
            assert.are.same(b:query_frustum(f, filter), s:query_frustum(f, filter))
          end
          if batch % 2 == 0 then
            assert.are.same(b:pairs(), s:pairs())
            assert.are.same(b:pairs(filter), s:pairs(filter))
          end
        end
        -- and everything goes
        for _, item in ipairs(live) do s:remove(item) end
        assert.are.equal(0, s:count())
        assert.are.same({}, items_of(s))
        assert.is_true(s:tree():validate())
        assert.are.equal(0, s:tree():count())
      end)
    end

    it("many identical shapes, huge ones and items far from the origin", function()
      local s, b = collide.scene(), brute()
      local box = collide.aabb(1e6, 1e6, 1e6, 1e6 + 1, 1e6 + 1, 1e6 + 1)
      for i = 1, 300 do s:add(i, box); b:add(i, box) end
      local big = collide.aabb(-1e300, -1e300, -1e300, 1e300, 1e300, 1e300)
      s:add("big", big); b:add("big", big)
      local tiny = collide.sphere(1e6 + 0.5, 1e6 + 0.5, 1e6 + 0.5, 0)
      s:add("tiny", tiny); b:add("tiny", tiny)
      local ray = collide.ray(1e6 - 10, 1e6 + 0.5, 1e6 + 0.5, 1, 0, 0)
      H.assert_exact(b:raycast(ray), s:raycast(ray))
      same_hits(b:raycast_all(ray), s:raycast_all(ray))
      assert.are.same(b:query(box), s:query(box))
      assert.are.equal(302, #s:query(box))
      assert.are.same(b:pairs(), s:pairs())
      assert.are.equal(302 * 301 / 2, #s:pairs())
      assert.is_true(s:tree():validate())
    end)
  end)

  describe("a method called on what is not a scene", function()
    it("says so in the core's words, for every method", function()
      local unpack_ = table.unpack or unpack
      local s = collide.scene()
      local box = collide.aabb(0, 0, 0, 1, 1, 1)
      local calls = {
        add = { "a", box }, set = { "a", {} }, options = { "a" }, update = { "a" },
        sync = {}, remove = { "a" }, has = { "a" }, count = {}, memory = {}, shape = { "a" },
        items = {}, tree = {}, raycast = { collide.ray(0, 0, 0, 1, 0, 0) },
        raycast_all = { collide.ray(0, 0, 0, 1, 0, 0) }, query = { box },
        query_frustum = { 1 }, pairs = {}, sweep = { box, 1, 0, 0 },
        sweep_all = { box, 1, 0, 0 }, move = { "a", 1, 0, 0 },
      }
      for name, args in pairs(calls) do
        for _, self in ipairs({ { nil, "nil" }, { {}, "table" }, { box, "collide.aabb" } }) do
          assert.has_error(function() s[name](self[1], unpack_(args)) end,
            "calling '" .. name .. "' on bad self (collide.scene expected, got " .. self[2] .. ")")
        end
      end
    end)
  end)
end)
