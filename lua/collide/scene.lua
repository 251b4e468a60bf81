-- collide.scene: items (any Lua value but nil and NaN), each with one shape,
-- held by a C world (include/collide/world.h; src/geometry/world*.c, and
-- its binding src/lua/l_world.c): the world keeps the items, their ids,
-- shapes and options, the tree, the busy state, and answers every query,
-- sweep and move; every answer is decided by the exact narrow phase
-- (ray:cast, collide.intersects, frustum:intersects). Modelled on
-- bump.lua's world. Every method but items is a C function of the binding,
-- registered into Scene here: it checks its arguments (a motion as three
-- numbers or a vector, a filter or a mask, an options table) and names
-- their errors at the caller's line.
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
local typename, argerror = args.typename, args.argerror

-- each scene's C world (core._world.world), by scene
local worlds = setmetatable({}, { __mode = "k" })

-- the queries and sweeps are the binding's (src/lua/l_world.c), which
-- finds each scene's world here and checks every argument
core._world.scene(Scene, worlds)

-- the worlds, for collide.character
M.worlds = worlds

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

return M
