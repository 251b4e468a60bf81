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

local type, error, setmetatable = type, error, setmetatable
local huge = math.huge
local format = string.format

local M = {}
local Scene = {}
Scene.__index = Scene
Scene.__name = "collide.scene"
M.Scene = Scene

local args = require "collide.args"
local typename, argerror, vector = args.typename, args.argerror, args.vector

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

-- shared with lua/collide/character.lua
M.motion = { read_motion = read_motion }

return M
