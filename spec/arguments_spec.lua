-- Every bad value through every function of the scene and the character
-- that takes it: a filter, a shape, an item, a motion, an options table,
-- self. For each value the words of the message (what follows `bad
-- argument #n to 'f'`) must be the same in every function that takes that
-- kind of argument, and the position and name those of the call as
-- written. A message that drifts in one function fails here, naming it.
--
-- Each case calls the function inside a closure, never as a tail call, so
-- the message names the function as written (helpers.lua).
local collide = require "collide"

local function level()
  local s = collide.scene()
  s:add("floor", collide.aabb(-10, -1, -10, 10, 0, 10))
  s:add("box", collide.aabb(0, 0, 0, 1, 1, 1))
  s:add("p", collide.capsule(3, 0.5, 0, 3, 1.5, 0, 0.5))
  return s
end

local box = collide.aabb(0, 0, 0, 1, 1, 1)
local ray = collide.ray(0, 5, 0, 0, -1, 0)
local frustum = collide.frustum_from_matrix({ 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 })

-- the message of f() without its position, or "no error"
local function message(f)
  local ok, err = pcall(f)
  if ok then return "no error" end
  return (tostring(err):gsub("^[^:]*:%d+: ", ""))
end

-- each case: its name, the function's name and the argument's position as
-- the message gives them, and the call on a fresh level with value v
local function check(values, calls)
  for _, value in ipairs(values) do
    for _, c in ipairs(calls) do
      local expected = value.words and ("bad argument #%d to '%s' (%s)"):format(c[2], c[1], value.words)
      if value[c[1]] ~= nil then expected = value[c[1]] end
      local got = message(function() local r = c[3](level(), value.v) return r end)
      assert(got == (expected or "no error"), ("%s with %s: expected %q, got %q")
        :format(c[1], value.name, expected or "no error", got))
    end
  end
end

describe("a bad filter", function()
  local calls = {
    { "raycast", 2, function(s, f) local r = s:raycast(ray, f) return r end },
    { "raycast_all", 2, function(s, f) local r = s:raycast_all(ray, f) return r end },
    { "query", 2, function(s, f) local r = s:query(box, f) return r end },
    { "query_frustum", 2, function(s, f) local r = s:query_frustum(frustum, f) return r end },
    { "nearest", 5, function(s, f) local r = s:nearest(0, 0, 0, 1, f) return r end },
    { "pairs", 1, function(s, f) local r = s:pairs(f) return r end },
    { "lines", 1, function(s, f) local r = s:lines(f) return r end },
    { "sweep", 5, function(s, f) local r = s:sweep(box, 1, 0, 0, f) return r end },
    { "sweep_all", 5, function(s, f) local r = s:sweep_all(box, 1, 0, 0, f) return r end },
    { "move", 5, function(s, f) local r = s:move("box", 1, 0, 0, f) return r end },
  }
  -- the character's option takes a filter table too (a mask is its own option)
  local character = { { "character", 3, function(s, f) local r = collide.character(s, "p", { filter = f }) return r end } }

  it("gives the same words in every query, sweep and move", function()
    check({
      { name = "a string", v = "x", words = "function, integer or table expected, got string" },
      { name = "a boolean", v = true, words = "function, integer or table expected, got boolean" },
      { name = "a fraction", v = 1.5, words = "number has no integer representation" },
      { name = "nan", v = 0 / 0, words = "number has no integer representation" },
      { name = "2^63", v = 2 ^ 63, words = "number has no integer representation" },
      { name = "an unknown field", v = { skip = 1 }, words = "invalid field 'skip'" },
      { name = "a string mask", v = { mask = "1" }, words = "field 'mask': integer expected, got string" },
      { name = "a fraction mask", v = { mask = 1.5 }, words = "field 'mask': number has no integer representation" },
      { name = "a mask of 2^63", v = { mask = 2 ^ 63 }, words = "field 'mask': number has no integer representation" },
      { name = "a number filter", v = { filter = 1 }, words = "field 'filter': function expected, got number" },
      { name = "a number sensors", v = { sensors = 1 }, words = "field 'sensors': boolean expected, got number" },
      { name = "an exclude not in the scene", v = { exclude = "nope" },
        words = "field 'exclude': not an item of this scene" },
      -- response is move's field alone
      { name = "a response", v = { response = 1 }, words = "invalid field 'response'",
        move = "bad argument #5 to 'move' (field 'response': function expected, got number)" },
      -- -1 is every layer, 2^32 none: both taken
      { name = "mask -1", v = -1 }, { name = "mask 2^32", v = 2 ^ 32 },
      { name = "field mask -1", v = { mask = -1 } }, { name = "field mask 2^32", v = { mask = 2 ^ 32 } },
    }, calls)
  end)

  it("gives the character's option 'filter' the same words for a table", function()
    local function option(words) return "option 'filter': " .. words end
    check({
      { name = "a string", v = "x", words = option("function or table expected, got string") },
      { name = "a number", v = 1, words = option("function or table expected, got number") },
      { name = "an unknown field", v = { skip = 1 }, words = option("invalid field 'skip'") },
      { name = "a response", v = { response = 1 }, words = option("invalid field 'response'") },
      { name = "a string mask", v = { mask = "1" }, words = option("field 'mask': integer expected, got string") },
      { name = "a fraction mask", v = { mask = 1.5 }, words = option("field 'mask': number has no integer representation") },
      { name = "a number filter", v = { filter = 1 }, words = option("field 'filter': function expected, got number") },
      { name = "a number sensors", v = { sensors = 1 }, words = option("field 'sensors': boolean expected, got number") },
      { name = "an exclude not in the scene", v = { exclude = "nope" },
        words = option("field 'exclude': not an item of this scene") },
      { name = "field mask -1", v = { mask = -1 } }, { name = "field mask 2^32", v = { mask = 2 ^ 32 } },
    }, character)
  end)
end)

describe("a bad shape", function()
  local any = {
    { "add", 2, function(s, v) local r = s:add("new", v) return r end },
    { "update", 2, function(s, v) local r = s:update("box", v) return r end },
    { "query", 1, function(s, v) local r = s:query(v) return r end },
  }
  local movers = {
    { "sweep", 1, function(s, v) local r = s:sweep(v, 1, 0, 0) return r end },
    { "sweep_all", 1, function(s, v) local r = s:sweep_all(v, 1, 0, 0) return r end },
  }
  local rays = {
    { "raycast", 1, function(s, v) local r = s:raycast(v) return r end },
    { "raycast_all", 1, function(s, v) local r = s:raycast_all(v) return r end },
  }
  local frustums = { { "query_frustum", 1, function(s, v) local r = s:query_frustum(v) return r end } }
  local named = setmetatable({}, { __name = "collide.capsule" })
  local tree = collide.tree()
  local function values(expected)
    return {
      { name = "a number", v = 5, words = expected .. " expected, got number" },
      { name = "a string", v = "x", words = expected .. " expected, got string" },
      { name = "a table", v = {}, words = expected .. " expected, got table" },
      { name = "a table named as a shape", v = named, words = expected .. " expected, got table" },
      { name = "a tree", v = tree, words = expected .. " expected, got collide.tree" },
    }
  end

  it("gives the same words wherever any shape is taken", function()
    local v = values("shape")
    v[#v + 1] = { name = "a frustum", v = frustum, words = "shape expected, got collide.frustum" }
    v[#v + 1] = { name = "nil", v = nil, words = "shape expected, got nil",
      -- update without a shape refits the item's own
      update = "no error" }
    check(v, any)
  end)

  it("names the kinds a sweep moves, the ray and the frustum where only they are taken", function()
    local v = values("aabb, obb, sphere, capsule, hull or compound")
    v[#v + 1] = { name = "nil", v = nil, words = "aabb, obb, sphere, capsule, hull or compound expected, got nil" }
    check(v, movers)
    v = values("collide.ray")
    v[#v + 1] = { name = "nil", v = nil, words = "collide.ray expected, got nil" }
    check(v, rays)
    v = values("collide.frustum")
    v[#v + 1] = { name = "nil", v = nil, words = "collide.frustum expected, got nil" }
    check(v, frustums)
  end)
end)

describe("a bad item", function()
  local calls = {
    { "set", 1, function(s, v) local r = s:set(v, {}) return r end },
    { "options", 1, function(s, v) local r = s:options(v) return r end },
    { "roles", 1, function(s, v) local r = s:roles(v) return r end },
    { "update", 1, function(s, v) local r = s:update(v, box) return r end },
    { "remove", 1, function(s, v) local r = s:remove(v) return r end },
    { "move", 1, function(s, v) local r = s:move(v, 1, 0, 0) return r end },
    { "character", 2, function(s, v) local r = collide.character(s, v) return r end },
    { "add", 1, function(s, v) local r = s:add(v, box) return r end },
    -- has and shape answer for any value
    { "has", 1, function(s, v) local r = s:has(v) return r end },
    { "shape", 1, function(s, v) local r = s:shape(v) return r end },
  }

  it("gives the same words in every function that takes an item", function()
    check({
      { name = "nil", v = nil, words = "item expected, got nil", has = "no error", shape = "no error" },
      { name = "nan", v = 0 / 0, words = "item expected, got nan", has = "no error", shape = "no error" },
      { name = "an absent item", v = "nope", words = "item not in the scene", add = "no error",
        has = "no error", shape = "no error" },
      { name = "a present item", v = "box", add = "bad argument #1 to 'add' (item already in the scene)" },
    }, calls)
  end)
end)

describe("a bad motion", function()
  local calls = {
    { "sweep", 2, function(s, a, b, c) local r = s:sweep(box, a, b, c) return r end },
    { "sweep_all", 2, function(s, a, b, c) local r = s:sweep_all(box, a, b, c) return r end },
    { "move", 2, function(s, a, b, c) local r = s:move("box", a, b, c) return r end },
    { "move", 1, function(s, a, b, c) local r = collide.character(s, "p"):move(a, b, c) return r end },
  }
  local values = {
    { "nil", {}, 0, "vector expected, got nil" },
    { "a string", { "x" }, 0, "vector expected, got string" },
    { "an empty table", { {} }, 0, "vector expected, got table" },
    { "a table of two", { { 1, 2 } }, 0, "vector expected, got table" },
    { "nan", { 0 / 0, 0, 0 }, 0, "finite number expected, got nan" },
    { "inf", { math.huge, 0, 0 }, 0, "finite number expected, got inf" },
    { "a missing y", { 1 }, 1, "number expected, got nil" },
    { "a string y", { 1, "a", 0 }, 1, "number expected, got string" },
  }

  it("gives the same words to the scene's sweeps and moves and the character's move", function()
    for _, value in ipairs(values) do
      local a = value[2]
      for _, c in ipairs(calls) do
        local expected = ("bad argument #%d to '%s' (%s)"):format(c[2] + value[3], c[1], value[4])
        local got = message(function() local r = c[3](level(), a[1], a[2], a[3]) return r end)
        assert(got == expected, ("%s with %s: expected %q, got %q"):format(c[1], value[1], expected, got))
      end
    end
  end)
end)

describe("a bad options table", function()
  local calls = {
    { "add", 3, function(s, o) local r = s:add("new", box, o) return r end },
    { "set", 2, function(s, o) local r = s:set("box", o) return r end },
  }
  local character = { { "character", 3, function(s, o) local r = collide.character(s, "p", o) return r end } }
  local range = "integer between 0 and 0xffffffff expected"

  it("gives the same words to add and set", function()
    check({
      { name = "a number", v = 5, words = "table expected, got number" },
      { name = "an unknown option", v = { skip = 1 }, words = "invalid option 'skip'" },
      { name = "layer -1", v = { layer = -1 }, words = "option 'layer': " .. range },
      { name = "layer 1.5", v = { layer = 1.5 }, words = "option 'layer': " .. range },
      { name = "a string layer", v = { layer = "a" }, words = "option 'layer': integer expected, got string" },
      { name = "mask -1", v = { mask = -1 }, words = "option 'mask': " .. range },
      { name = "mask 2^32", v = { mask = 2 ^ 32 }, words = "option 'mask': " .. range },
      { name = "a number static", v = { static = 1 }, words = "option 'static': boolean expected, got number" },
      { name = "a number sensor", v = { sensor = 1 }, words = "option 'sensor': boolean expected, got number" },
      { name = "a number events", v = { events = 1 }, words = "option 'events': boolean expected, got number" },
      { name = "a number one_way", v = { one_way = 1 }, words = "option 'one_way': vector expected, got number" },
      { name = "a zero one_way", v = { one_way = { 0, 0, 0 } }, words = "option 'one_way': zero vector" },
    }, calls)
  end)

  it("gives the character the same words for what it shares with them", function()
    check({
      { name = "a number", v = 5, words = "table expected, got number" },
      { name = "an unknown option", v = { skip = 1 }, words = "invalid option 'skip'" },
      { name = "an item's option", v = { layer = 1 }, words = "invalid option 'layer'" },
      { name = "mask -1", v = { mask = -1 }, words = "option 'mask': " .. range },
      { name = "mask 2^32", v = { mask = 2 ^ 32 }, words = "option 'mask': " .. range },
      { name = "a string mask", v = { mask = "a" }, words = "option 'mask': integer expected, got string" },
    }, character)
  end)
end)

describe("a bad self", function()
  it("is named alike by every method of the scene and the character", function()
    local s = level()
    local ch = collide.character(s, "p")
    for _, name in ipairs({ "add", "set", "update", "remove", "has", "count", "items", "query", "raycast",
                            "raycast_all", "sweep", "sweep_all", "move", "pairs", "lines", "events",
                            "nearest", "sync", "memory" }) do
      local got = message(function() local r = s[name]({}, 1) return r end)
      assert.are.equal(("calling '%s' on bad self (collide.scene expected, got table)"):format(name), got)
    end
    for _, name in ipairs({ "move", "on_floor", "on_wall", "floor_normal", "floor_item", "collisions",
                            "item", "scene" }) do
      local got = message(function() local r = ch[name](s, 1) return r end)
      assert.are.equal(("calling '%s' on bad self (collide.character expected, got collide.scene)"):format(name),
        got)
    end
  end)
end)
