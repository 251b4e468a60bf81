-- collide.character: a kinematic character controller on a collide.scene.
--
-- ch:move(dx, dy, dz) moves the character's item in three passes, the
-- up / side / down scheme of PhysX's character controller (NVIDIA PhysX
-- SDK guide, "Character Controllers": auto-stepping and slope limit):
--
-- 1. up: the upward part of the motion; when the character stands on the
--    floor and walks, also step_height, so that the side pass clears steps;
-- 2. side: the motion across `up`, sliding along what it meets; surfaces
--    steeper than max_slope are walls, slid along as if vertical (their
--    normal with its `up` part removed), so a steep ramp cannot be climbed;
-- 3. down: the downward part of the motion, plus the height the step
--    raised it; the first floor met ends it (no sliding down a walkable
--    slope under gravity); steeper surfaces are slid down.
-- A step whose down pass meets a surface steeper than max_slope, or no
-- floor, is undone and the side and down passes run again without it.
-- Then, when the character stood on the floor and does not move up, a
-- floor within `snap` below holds it (walking down stairs and slopes); one
-- within `skin` below always does.
--
-- The passes run in C (src/geometry/character.c) on the scene's world;
-- this file reads the options and keeps the object.
--
-- Standing on things that move: the item stood on is ch:floor_item(); when
-- its shape moved since the last move (a lift, a platform), the next move
-- first carries the character by that translation, and by its turn about
-- `up` (a merry-go-round); ch:floor_motion() is that carry and the angle
-- of that turn (for a camera that turns with the floor). A character
-- made standing on a floor has it from the start.
local core = require "collide.core"
local scene_mod = require "collide.scene"
local args = require "collide.args"

local typename = args.typename
local Scene = scene_mod.Scene
local error, setmetatable = error, setmetatable
local format = string.format

local M = {}
local Character = {}
-- the characters made here, by object: a method called on anything else
-- raises (a look-up, cheaper than getmetatable's call)
local characters = setmetatable({}, { __mode = "k" })
Character.__index = Character
Character.__name = "collide.character"
M.Character = Character
--- collide.character(scene, item, [options]) -> character: the binding's
--- (src/lua/l_character.c), which checks the scene, the item and every
--- option, and makes the C character on the scene's world
M.new = core._world.character(Character, characters, Scene, scene_mod.worlds)

-- a method called on what is not a character raises the core's words
-- for it, at the caller's line
local function bad_self(self, name)
  error(format("calling '%s' on bad self (collide.character expected, got %s)", name,
    self == nil and "nil" or typename(self)), 3)
end

--- ch:on_floor() -> boolean: the last move ended on a floor
function Character:on_floor()
  if not characters[self] then bad_self(self, "on_floor") end
  return self._floor
end
--- ch:on_wall() -> boolean: the last move met a wall
function Character:on_wall()
  if not characters[self] then bad_self(self, "on_wall") end
  return self._wall
end
--- ch:on_ceiling() -> boolean: the last move's rise met a ceiling
function Character:on_ceiling()
  if not characters[self] then bad_self(self, "on_ceiling") end
  return self._ceiling
end
--- ch:floor_normal() -> x, y, z of the floor under it, or nil
function Character:floor_normal()
  if not characters[self] then bad_self(self, "floor_normal") end
  if not self._floor then return nil end
  return self._fx, self._fy, self._fz
end
--- ch:floor_item() -> the item the character stands on after its last
--- move, or nil
function Character:floor_item()
  if not characters[self] then bad_self(self, "floor_item") end
  if not self._floor or self._on == false then return nil end
  return self._on
end
--- ch:floor_motion() -> dx, dy, dz, angle: the carry the last move applied
--- (the floor's motion under the character), zeros when its floor did not
--- move, and the turn about up it applied in radians, counter-clockwise
--- seen from above (0 when the floor did not turn or did not carry)
function Character:floor_motion()
  if not characters[self] then bad_self(self, "floor_motion") end
  return self._c:floor_motion()
end
--- ch:floor_material() -> the material of the floor's triangle (a mesh's
--- or a heightfield's made with materials: the one under the floor's
--- contact point), or nil
function Character:floor_material()
  if not characters[self] then bad_self(self, "floor_material") end
  if not self._floor or self._on == false then return nil end
  return self._c:floor_material()
end
--- ch:collisions() -> the last move's collisions, as scene:move gives them
function Character:collisions()
  if not characters[self] then bad_self(self, "collisions") end
  local cols = self._cols
  if not cols then
    local moves = self._moves
    cols = self._c:collisions(self._item)
    if self._moves == moves then self._cols = cols end
  end
  return cols
end
--- ch:item(), ch:scene()
function Character:item()
  if not characters[self] then bad_self(self, "item") end
  return self._item
end
function Character:scene()
  if not characters[self] then bad_self(self, "scene") end
  return self._scene
end

return M
