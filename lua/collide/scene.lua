-- collide.scene: items (any Lua value but nil and NaN), each with one shape,
-- held by a C world (include/collide/world.h; src/geometry/world*.c, and
-- its binding src/lua/l_world.c): the world keeps the items, their ids,
-- shapes and options, the tree, the busy state, and answers every query,
-- sweep and move; every answer is decided by the exact narrow phase
-- (ray:cast, collide.intersects, frustum:intersects). Modelled on
-- bump.lua's world. This file reads the arguments in their Lua forms (a
-- motion as three numbers or a vector, a filter or a mask) and names their
-- errors at the caller's line.
--
-- A scene has no fields: its world is kept in a table of this module whose
-- keys are weak, out of reach of scripts.
--
-- Order: every item has a sequence number from the moment it was added.
-- items(), query, query_frustum and pairs follow it; raycast and
-- raycast_all break ties in t with it (the earlier added first).
--
-- Shapes without bounds (planes, rays with infinite tmax, empty meshes) are
-- kept out of the tree in a list that every query also tests.
--
-- Changes during a call: while a filter runs (raycast, raycast_all, query,
-- query_frustum, nearest, pairs, sweep, sweep_all, move) the world is busy, and
-- add, update and remove raise `cannot change a scene during its NAME` (NAME the call whose filter
-- is running), whatever the item's shape. Queries from inside a filter are
-- allowed. A filter that raises ends the call on its way out.
--
-- Finalizers: Lua code that an allocation runs (a __gc), which may add,
-- update and remove items during any call, even one that only reads. The
-- world refuses changes while its own part of a call runs, and its binding
-- builds answers leaving out the items removed meanwhile: an item removed
-- during a call is not in the answer and never makes the call fail.
--
-- No function here reads `...` after a loop: LuaJIT 2.1 can read the wrong
-- slot there once the loop is compiled (spec/scene_hostile_spec.lua).
local core = require "collide.core"

local ctype = core.type
local type, error, setmetatable, next = type, error, setmetatable, next
local huge = math.huge
local format = string.format

local M = {}
local Scene = {}
Scene.__index = Scene
Scene.__name = "collide.scene"
M.Scene = Scene

local args = require "collide.args"
local typename, argerror, vector = args.typename, args.argerror, args.vector

-- the check_ helpers raise at level 4: the caller of the scene method
local function check_item(item, fname)
  if item == nil then argerror(1, fname, "item expected, got nil", 4) end
  if item ~= item then argerror(1, fname, "item expected, got nan", 4) end
end

local function check_shape(shape, n, fname)
  if ctype(shape) == nil then
    argerror(n, fname, "shape expected, got " .. (shape == nil and "nil" or typename(shape)), 4)
  end
end


-- each scene's C world (core._world.world), by scene
local worlds = setmetatable({}, { __mode = "k" })

-- the queries and sweeps are the binding's (src/lua/l_world.c), which
-- finds each scene's world here and checks every argument
core._world.scene(Scene, worlds)

-- the world of a scene, for collide.character
function M.world(scene)
  return worlds[scene]
end

-- a method called on what is not a scene raises the core's words for it,
-- at the caller's line
local function bad_self(self, name)
  error(format("calling '%s' on bad self (collide.scene expected, got %s)", name,
    self == nil and "nil" or typename(self)), 3)
end

-- the scene's error for a change refused while a filter runs, at level
-- (as error counts it from here)
local function busy_error(w, level)
  error("cannot change a scene during its " .. w:busy(), level)
end

-- add, update, remove and sync are refused while a filter runs
local function check_unlocked(w)
  if w:busy() then busy_error(w, 5) end
end

-- A filter cannot yield: the world calls it through lua_pcall, without a
-- continuation, so a yield raises Lua's "attempt to yield across a C-call
-- boundary", which ends the call on its way out.

-- an integer mask reduced to its low 32 bits (the layers' width: -1 is
-- every layer); what the error names it: "" for the argument, else
-- "field 'mask': "
local TWO63 = 2 ^ 63
local function mask_arg(mask, n, fname, what, level)
  if mask ~= mask or mask % 1 ~= 0 or mask >= TWO63 or mask < -TWO63 then
    argerror(n, fname, what .. "number has no integer representation", level)
  end
  return mask % 0x100000000
end

local FILTER_FIELDS = { mask = true, exclude = true, filter = true, sensors = true }
local MOVE_FIELDS = { mask = true, exclude = true, filter = true, sensors = true, response = true }

-- a filter table, checked, as the world takes it: mask an integer of 32
-- bits or nil, exclude an array of items or nil, filter a function or
-- nil, sensors a boolean. exclude is one item, or an array of items when
-- it is a table that is not itself an item of the scene; each must be an
-- item of the scene.
local function filter_table(w, t, n, fname)
  local fields = fname == "move" and MOVE_FIELDS or FILTER_FIELDS
  for k in pairs(t) do
    if not fields[k] then argerror(n, fname, format("invalid field '%s'", tostring(k)), 5) end
  end
  local mask, exclude, fn, sensors = t.mask, t.exclude, t.filter, t.sensors
  if mask ~= nil then
    if type(mask) ~= "number" then
      argerror(n, fname, "field 'mask': integer expected, got " .. typename(mask), 5)
    end
    mask = mask_arg(mask, n, fname, "field 'mask': ", 6)
  end
  if fn ~= nil and type(fn) ~= "function" then
    argerror(n, fname, "field 'filter': function expected, got " .. typename(fn), 5)
  end
  if sensors ~= nil and type(sensors) ~= "boolean" then
    argerror(n, fname, "field 'sensors': boolean expected, got " .. typename(sensors), 5)
  end
  local response = t.response
  if response ~= nil and type(response) ~= "function" then
    argerror(n, fname, "field 'response': function expected, got " .. typename(response), 5)
  end
  if exclude ~= nil then
    -- one item, or an array of them; a table that is neither (an entity
    -- not in the scene) is one value that is not an item
    if type(exclude) ~= "table" or w:has(exclude) or (#exclude == 0 and next(exclude) ~= nil) then
      exclude = { exclude }
    end
    -- a value that is not an item is a mistake (a name for the entity it
    -- names): said, not skipped
    for i = 1, #exclude do
      if not w:has(exclude[i]) then
        argerror(n, fname, "field 'exclude': not an item of this scene", 5)
      end
    end
  end
  return { mask = mask, exclude = exclude, filter = fn, sensors = sensors, response = response }
end

-- the filter argument at n as the world takes it: nil, the function, an
-- integer mask reduced to its low 32 bits, or a filter table (a move's
-- with its response)
local function filter_arg(filter, n, fname, w)
  local t = type(filter)
  if t == "number" then return mask_arg(filter, n, fname, "", 5) end
  if t == "table" then return filter_table(w, filter, n, fname) end
  if filter ~= nil and t ~= "function" then
    argerror(n, fname, "function, integer or table expected, got " .. typename(filter), 4)
  end
  return filter
end

--- collide.scene([margin]): margin fattens the tree's boxes (default 0.1)
function M.new(margin)
  if margin ~= nil then
    if type(margin) ~= "number" then argerror(1, "scene", "number expected, got " .. typename(margin)) end
    if margin ~= margin or margin == huge or margin == -huge then
      local what = margin ~= margin and "nan" or (margin > 0 and "inf" or "-inf")
      argerror(1, "scene", "finite number expected, got " .. what)
    end
    if margin < 0 then argerror(1, "scene", "negative margin") end
  end
  local tree = core.tree(margin)
  local scene = setmetatable({}, Scene)
  worlds[scene] = core._world.world(tree)   -- the C world: items, queries, sweeps, move
  return scene
end

local OPTION_NAMES = {
  layer = true, mask = true, static = true, sensor = true, events = true, one_way = true,
}

-- an item option that is an integer bit set (32 bits)
local function option_bits(v, name, n, fname)
  if type(v) ~= "number" then
    argerror(n, fname, format("option '%s': integer expected, got %s", name, typename(v)), 4)
  end
  if v ~= v or v % 1 ~= 0 or v < 0 or v > 0xffffffff then
    argerror(n, fname, format("option '%s': integer between 0 and 0xffffffff expected", name), 4)
  end
  return v
end

local function option_boolean(v, name, n, fname)
  if v ~= nil and type(v) ~= "boolean" then
    argerror(n, fname, format("option '%s': boolean expected, got %s", name, typename(v)))
  end
end

-- the option one_way: a non-zero vector (false too, in scene:set: both
-- ways again), as a table {x, y, z}; nil when not given
local function option_one_way(v, n, fname, shape)
  if v == nil or v == false and fname == "set" then return v end
  local x, y, z = vector(v)
  if x == nil then
    argerror(n, fname, "option 'one_way': vector expected, got " .. typename(v))
  end
  for _, c in ipairs { x, y, z } do
    if c ~= c or c == huge or c == -huge then
      argerror(n, fname, "option 'one_way': finite vector expected")
    end
  end
  if x == 0 and y == 0 and z == 0 then argerror(n, fname, "option 'one_way': zero vector") end
  local kind = ctype(shape)
  if kind == "mesh" or kind == "heightfield" then
    argerror(n, fname, "option 'one_way': not for a " .. kind)
  end
  return { x, y, z }
end

-- the options table at n, each nil when not given: layer, mask, static,
-- then sensor, events and one_way (shape: the item's, for one_way)
local function read_options(options, n, fname, shape)
  if type(options) ~= "table" then
    argerror(n, fname, "table expected, got " .. typename(options), 4)
  end
  for k in pairs(options) do
    if not OPTION_NAMES[k] then argerror(n, fname, format("invalid option '%s'", tostring(k)), 4) end
  end
  local layer, mask, static = options.layer, options.mask, options.static
  if layer ~= nil then option_bits(layer, "layer", n, fname) end
  if mask ~= nil then option_bits(mask, "mask", n, fname) end
  option_boolean(static, "static", n, fname)
  option_boolean(options.sensor, "sensor", n, fname)
  option_boolean(options.events, "events", n, fname)
  return layer, mask, static, options.sensor, options.events,
    option_one_way(options.one_way, n, fname, shape)
end

-- the roles and the one-way direction given by the options (nil: kept)
local function set_roles(w, item, sensor, events, one_way)
  if sensor ~= nil or events ~= nil then
    local s0, e0 = w:roles(item)
    if sensor == nil then sensor = s0 end
    if events == nil then events = e0 end
    w:role(item, sensor, events)
  end
  if one_way == false then
    w:one_way(item)
  elseif one_way ~= nil then
    w:one_way(item, one_way[1], one_way[2], one_way[3])
  end
end

-- a refusal of the world (nil and why) raised as the scene's error
local function refused(w, why, fname)
  if why == "busy" then busy_error(w, 5) end
  if why == "present" then argerror(1, fname, "item already in the scene") end
  argerror(1, fname, "item not in the scene")
end

--- scene:add(item, shape, [options]) -> item; options: layer, mask,
--- static, sensor, events, one_way
function Scene:add(item, shape, options)
  local w = (worlds[self] or bad_self(self, "add"))
  check_unlocked(w)
  check_item(item, "add")
  if w:has(item) then argerror(1, "add", "item already in the scene") end
  check_shape(shape, 2, "add")
  local layer, mask, static, sensor, events, one_way
  if options ~= nil then
    layer, mask, static, sensor, events, one_way = read_options(options, 3, "add", shape)
  end
  -- the world's call may step the collector: a finalizer may add the same
  -- item meanwhile, and then this add is refused
  local ok, why = w:add(item, shape, layer, mask, static)
  if not ok then refused(w, why, "add") end
  if sensor or events or one_way then set_roles(w, item, sensor, events, one_way) end
  return item
end

--- scene:set(item, options) -> item: changes the item's layer, mask or
--- static flag (the options not given keep their values)
function Scene:set(item, options)
  local w = (worlds[self] or bad_self(self, "set"))
  check_unlocked(w)
  check_item(item, "set")
  if not w:has(item) then argerror(1, "set", "item not in the scene") end
  local layer, mask, static, sensor, events, one_way = read_options(options, 2, "set", w:shape(item))
  local l0, m0, s0 = w:options(item)
  if static == nil then static = s0 end
  local ok, why = w:set(item, layer or l0, mask or m0, static)
  if not ok then refused(w, why, "set") end
  set_roles(w, item, sensor, events, one_way)
  return item
end

--- scene:options(item) -> layer, mask, static
function Scene:options(item)
  local w = (worlds[self] or bad_self(self, "options"))
  check_item(item, "options")
  if not w:has(item) then argerror(1, "options", "item not in the scene") end
  return w:options(item)
end

--- scene:roles(item) -> sensor, events, one_way: the options sensor and
--- events (booleans) and the one-way direction as a unit vector {x, y, z}
--- (nil when it blocks both ways)
function Scene:roles(item)
  local w = (worlds[self] or bad_self(self, "roles"))
  check_item(item, "roles")
  if not w:has(item) then argerror(1, "roles", "item not in the scene") end
  local sensor, events, x, y, z = w:roles(item)
  return sensor, events, x ~= nil and { x, y, z } or nil
end

--- scene:update(item, [shape]) -> item: after its shape changed, or to
--- give it another one
function Scene:update(item, shape)
  local w = (worlds[self] or bad_self(self, "update"))
  check_unlocked(w)
  check_item(item, "update")
  if not w:has(item) then argerror(1, "update", "item not in the scene") end
  if shape ~= nil then check_shape(shape, 2, "update") end
  local ok, why = w:update(item, shape)
  if not ok then refused(w, why, "update") end
  return item
end

--- scene:sync() -> number of items refitted: every item whose shape was
--- changed in place (set, translate...) since it was added, updated or
--- last synced, in one call; static items are not looked at
function Scene:sync()
  local w = (worlds[self] or bad_self(self, "sync"))
  check_unlocked(w)
  return w:sync()
end

--- scene:remove(item) -> item
function Scene:remove(item)
  local w = (worlds[self] or bad_self(self, "remove"))
  check_unlocked(w)
  check_item(item, "remove")
  local ok, why = w:remove(item)
  if not ok then refused(w, why, "remove") end
  return item
end

--- scene:events() -> array of what began or ended since the last call:
--- {type = "enter" | "exit", sensor =, item =} and {type = "begin" |
--- "end", a =, b =}, the exits and ends first (doc/events.md)
function Scene:events()
  local w = (worlds[self] or bad_self(self, "events"))
  local events = w:events()
  if events == nil then error("cannot read a scene's events during its " .. w:busy(), 2) end
  return events
end

--- scene:has(item) -> boolean
function Scene:has(item)
  return (worlds[self] or bad_self(self, "has")):has(item)
end

--- scene:count() -> number of items
function Scene:count()
  return (worlds[self] or bad_self(self, "count")):count()
end

-- the bytes of the scene's storage in C that the Lua heap does not count
-- (collectgarbage("count") already holds its tree)
function Scene:memory()
  return (worlds[self] or bad_self(self, "memory")):memory()
end

--- scene:shape(item) -> its shape, or nil when absent
function Scene:shape(item)
  return (worlds[self] or bad_self(self, "shape")):shape(item)
end

--- scene:items() -> iterator over item, shape in the order they were added.
--- The scene may change during the loop: a removed item is never yielded
--- (the one just returned or any other), an added one is (it goes last).
function Scene:items()
  local w = (worlds[self] or bad_self(self, "items"))
  -- the item last returned (its id and sequence number; 0 before the
  -- first) and the one after it then, for when the current one is removed
  local cur, cur_seq, ahead, ahead_seq = 0, 0, 0, 0
  return function()
    if cur == nil then return nil end            -- the loop has ended
    local id, item, shape
    id, cur_seq, ahead, ahead_seq, item, shape = w:next(cur, cur_seq, ahead, ahead_seq)
    cur = id
    if id == nil then return nil end
    return item, shape
  end
end

--- scene:tree() -> the collide.tree underneath (read it, do not change it)
function Scene:tree()
  return (worlds[self] or bad_self(self, "tree")):tree()
end

-- ---------------------------------------------------------------------
-- motion: scene:sweep, scene:sweep_all, scene:move
--
-- The world (src/geometry/world.c) tests a moving shape (sphere, capsule,
-- aabb, obb or hull) against the items whose tree boxes meet its swept bounds
-- (its box at the start and at the end, merged) and against the items
-- without bounds, each decided exactly as collide.sweep does. Items whose
-- shape is a ray are never hit. Here: the arguments, checked.

local function finite_or_error(v, n, fname)
  if v ~= v or v == huge or v == -huge then
    argerror(n, fname, "finite number expected, got " .. (v ~= v and "nan" or (v > 0 and "inf" or "-inf")))
  end
end

-- the type an error names for the value at position k of a call whose
-- arguments from position n on were given values (given of them): "no
-- value" past the last, as the core says
local function argtype(v, k, n, given)
  if v == nil and given ~= nil and k - n >= given then return "no value" end
  return typename(v)
end

-- a motion given as dx, dy, dz at position n, or as one vector value
-- there (args.vector: a table, userdata or cdata with x, y, z or [1], [2],
-- [3]; errors of its metamethods pass through): x, y, z and the position
-- of the argument after it. given: how many arguments were passed from
-- position n on (for "got no value"), nil when not known.
local function read_motion(n, fname, a, b, c, given)
  if type(a) == "number" then
    local v = { a, b, c }
    for k = 1, 3 do
      if type(v[k]) ~= "number" then
        argerror(n + k - 1, fname, "number expected, got " .. argtype(v[k], n + k - 1, n, given))
      end
      finite_or_error(v[k], n + k - 1, fname)
    end
    return a, b, c, n + 3
  end
  local x, y, z = vector(a)
  if x == nil then argerror(n, fname, "vector expected, got " .. argtype(a, n, n, given)) end
  finite_or_error(x, n, fname); finite_or_error(y, n, fname); finite_or_error(z, n, fname)
  return x, y, z, n + 1
end

-- ---------------------------------------------------------------------
-- scene:move: bump.lua's world:move in 3D, the world's (src/geometry/world.c:
-- the push-out, the legs and their rules are described there and in
-- doc/motion.md). The filter is called from C, at most once per other item
-- per move, with the scene locked.

--- scene:move(item, dx, dy, dz, [filter]) -> mx, my, mz, collisions; filter
--- a response function, a mask or a filter table with its response
function Scene:move(item, ...)
  local given, dx, dy, dz, filter = select("#", ...), ...
  local w = worlds[self]
  -- the usual call, an item, three finite numbers and no filter or a
  -- function: one call into the world, which refuses what it cannot move
  -- without changing anything; a refusal, and every other form, takes the
  -- checks below, which raise the error in its order and at the caller's
  -- line (the world itself raises on a nil or NaN item: never passed)
  if w ~= nil and item ~= nil and item == item
      and type(dx) == "number" and type(dy) == "number" and type(dz) == "number"
      and dx - dx == 0 and dy - dy == 0 and dz - dz == 0
      and (filter == nil or type(filter) == "function") then
    local mx, my, mz, cols = w:move(item, dx, dy, dz, filter, 5)
    if mx ~= nil then return mx, my, mz, cols end
  end
  w = (w or bad_self(self, "move"))
  -- refused before anything moves while a filter runs (a move changes the
  -- scene: its item's shape in place, then the tree)
  local why = w:mover(item)
  if why ~= nil then
    if why == "busy" then busy_error(w, 4) end
    check_item(item, "move")
    if why == "absent" then argerror(1, "move", "item not in the scene") end
    argerror(1, "move", "item with an aabb, obb, sphere, capsule, hull or compound shape expected, got " .. why)
  end
  local x, y, z, nf = read_motion(2, "move", dx, dy, dz, given)
  if nf == 3 then filter = dy end
  filter = filter_arg(filter, nf, "move", w)
  local mx, my, mz, cols = w:move(item, x, y, z, filter, nf)
  if mx == nil then
    -- a free motion whose end overflows (a shape near 1e308 moved by 1e308)
    -- is refused, as shape:translate refuses it, at the motion
    if my == "finite" then argerror(2, "move", "result is not finite") end
    if my == "busy" then busy_error(w, 4) end
    if my == "absent" then argerror(1, "move", "item not in the scene") end
    argerror(1, "move", "item with an aabb, obb, sphere, capsule, hull or compound shape expected, got "
      .. typename(w:shape(item)))
  end
  return mx, my, mz, cols
end

-- shared with lua/collide/character.lua
M.motion = { read_motion = read_motion }

return M
