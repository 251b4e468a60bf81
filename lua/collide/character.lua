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

local ctype = core.type
local typename, argerror = args.typename, args.argerror
local motion = scene_mod.motion
local Scene = scene_mod.Scene
local read_motion = motion.read_motion
local type, getmetatable, setmetatable, pairs, tostring, next = type, getmetatable, setmetatable, pairs, tostring, next
local huge, abs, max = math.huge, math.abs, math.max
local format = string.format

local M = {}
local Character = {}
-- the characters made here, by object: a method called on anything else
-- raises (a look-up, cheaper than getmetatable's call)
local characters = setmetatable({}, { __mode = "k" })
Character.__index = Character
Character.__name = "collide.character"
M.Character = Character

local MOVERS = { sphere = true, capsule = true, aabb = true, obb = true, hull = true, compound = true }
local OPTIONS = { up = true, step_height = true, max_slope = true, skin = true, snap = true,
                  mask = true, filter = true }

local function option_number(v, name)
  if type(v) ~= "number" then
    argerror(3, "character", format("option '%s': number expected, got %s", name, typename(v)))
  end
  if v ~= v or v == huge or v == -huge then
    argerror(3, "character", format("option '%s': finite number expected, got %s", name,
      v ~= v and "nan" or (v > 0 and "inf" or "-inf")))
  end
  return v
end

-- the up option, a vector value (args.vector), checked: finite and not
-- zero; the world normalises it (scaled by its largest component first, so
-- that {0, 1e155, 0}, whose square overflows, is up)
local function option_up(v)
  local x, y, z = args.vector(v)
  if x == nil then argerror(3, "character", "option 'up': vector expected, got " .. typename(v)) end
  option_number(x, "up"); option_number(y, "up"); option_number(z, "up")
  if max(abs(x), abs(y), abs(z)) == 0 then argerror(3, "character", "option 'up': zero vector") end
  return x, y, z
end

-- a and b's common bits (32-bit integers), on every Lua
local function band(a, b)
  local r, bit = 0, 1
  for _ = 1, 32 do
    if a % (2 * bit) >= bit and b % (2 * bit) >= bit then r = r + bit end
    bit = bit * 2
  end
  return r
end

local TABLE_FIELDS = { mask = true, exclude = true, filter = true, sensors = true }

-- the option filter as a filter table {mask, exclude, filter, sensors}
-- (as a scene's queries take one): the character's mask narrowed by its
-- mask, and a function that leaves out the excluded items before asking
-- its filter. sensors is taken and changes nothing: sensors never stop a
-- character.
local function filter_table(scene, t, mask)
  for k in pairs(t) do
    if not TABLE_FIELDS[k] then
      argerror(3, "character", format("option 'filter': invalid field '%s'", tostring(k)))
    end
  end
  local m, fn, sensors = t.mask, t.filter, t.sensors
  if m ~= nil then
    -- a filter's mask, as every scene query reads one: its low 32 bits
    if type(m) ~= "number" then
      argerror(3, "character", "option 'filter': field 'mask': integer expected, got " .. typename(m))
    elseif m ~= m or m % 1 ~= 0 or m >= 2 ^ 63 or m < -2 ^ 63 then
      argerror(3, "character", "option 'filter': field 'mask': number has no integer representation")
    end
    mask = band(mask, m % 0x100000000)
  end
  if fn ~= nil and type(fn) ~= "function" then
    argerror(3, "character", "option 'filter': field 'filter': function expected, got " .. typename(fn))
  end
  if sensors ~= nil and type(sensors) ~= "boolean" then
    argerror(3, "character", "option 'filter': field 'sensors': boolean expected, got " .. typename(sensors))
  end
  local ex = t.exclude
  if ex == nil then return mask, fn end
  if type(ex) ~= "table" or scene:has(ex) or (#ex == 0 and next(ex) ~= nil) then ex = { ex } end
  local skip = {}
  for i = 1, #ex do
    local v = ex[i]
    if not scene:has(v) then
      argerror(3, "character", "option 'filter': field 'exclude': not an item of this scene")
    end
    skip[v] = true
  end
  return mask, function(other)
    if skip[other] then return false end
    if fn then return fn(other) end
    return true
  end
end

--- collide.character(scene, item, [options]) -> character
function M.new(scene, item, options)
  if getmetatable(scene) ~= Scene then
    argerror(1, "character", "collide.scene expected, got " .. typename(scene))
  end
  if item == nil or item ~= item then
    argerror(2, "character", "item expected, got " .. (item == nil and "nil" or "nan"))
  end
  local shape = scene:shape(item)
  if shape == nil then argerror(2, "character", "item not in the scene") end
  if not MOVERS[ctype(shape)] then
    argerror(2, "character",
      "item with an aabb, obb, sphere, capsule, hull or compound shape expected, got " .. typename(shape))
  end
  if options ~= nil and type(options) ~= "table" then
    argerror(3, "character", "table expected, got " .. typename(options))
  end
  options = options or {}
  for k in pairs(options) do
    if not OPTIONS[k] then argerror(3, "character", format("invalid option '%s'", tostring(k))) end
  end
  local ux, uy, uz = 0, 1, 0
  if options.up ~= nil then ux, uy, uz = option_up(options.up) end
  local step = 0.3
  if options.step_height ~= nil then step = option_number(options.step_height, "step_height") end
  if step < 0 then argerror(3, "character", "option 'step_height': negative value") end
  local slope = 45
  if options.max_slope ~= nil then slope = option_number(options.max_slope, "max_slope") end
  if slope < 0 or slope > 90 then argerror(3, "character", "option 'max_slope': not between 0 and 90") end
  local skin = 0.01
  if options.skin ~= nil then skin = option_number(options.skin, "skin") end
  if not (skin > 0) then argerror(3, "character", "option 'skin': not positive") end
  local snap = step
  if options.snap ~= nil then snap = option_number(options.snap, "snap") end
  if snap < 0 then argerror(3, "character", "option 'snap': negative value") end
  local mask = options.mask
  if mask == nil then
    mask = 0xffffffff
  elseif type(mask) ~= "number" then
    argerror(3, "character", "option 'mask': integer expected, got " .. typename(mask))
  elseif mask ~= mask or mask % 1 ~= 0 or mask < 0 or mask > 0xffffffff then
    argerror(3, "character", "option 'mask': integer between 0 and 0xffffffff expected")
  end
  local filter = options.filter
  if type(filter) == "table" then
    mask, filter = filter_table(scene, filter, mask)
  elseif filter ~= nil and type(filter) ~= "function" then
    argerror(3, "character", "option 'filter': function or table expected, got " .. typename(filter))
  end

  -- the world probes for the floor below, asking the filter
  local state, on, wall, ceiling, fx, fy, fz, floor =
    scene_mod.world(scene):character(item, ux, uy, uz, step, slope, skin, snap, mask, filter)
  if state == nil then
    if on == "absent" then argerror(2, "character", "item not in the scene") end
    if on == "sensor" then argerror(2, "character", "item is a sensor") end
    argerror(2, "character", "item with an aabb, obb, sphere, capsule, hull or compound shape expected, got "
      .. (scene_mod.world(scene):mover(item) or typename(shape)))
  end
  local ch = setmetatable({
    _scene = scene, _item = item,
    _c = state,      -- the C character (core._world): the world's controller
    _floor = on, _wall = wall, _ceiling = ceiling,
    _fx = fx, _fy = fy, _fz = fz, _on = floor,
    _cols = false,   -- the last move's collisions, built when asked (false: not yet)
    _moves = 0,      -- the moves begun, so that collisions built across a
                     -- move (a finalizer's) are not kept for the next
  }, Character)
  characters[ch] = true
  return ch
end

--- ch:move(dx, dy, dz) -> mx, my, mz: the displacement applied
-- The C character takes three finite numbers; a motion in another form (a
-- vector value) is read here first. Anything it refuses raises the
-- scene's error for it, by the scene's rules and messages ("no value",
-- the argument's position), checked before the scene's state, as they
-- always were; nothing has moved then.
local function refused(self, why, given, dx, dy, dz)
  if why == "args" then read_motion(1, "move", dx, dy, dz, given) end
  if why == "finite" then argerror(1, "move", "result is not finite") end
  local scene = self._scene
  if why == "busy" then error("cannot change a scene during its " .. scene_mod.world(scene):busy(), 3) end
  if why == "absent" then error("the character's item is no longer in its scene", 3) end
  if why == "sensor" then error("the character's item is a sensor", 3) end
  error("the character's item no longer has an aabb, obb, sphere, capsule, hull or compound shape (got "
    .. (scene_mod.world(scene):mover(self._item) or typename(scene:shape(self._item))) .. ")", 3)
end

-- a method called on what is not a character raises the core's words
-- for it, at the caller's line
local function bad_self(self, name)
  error(format("calling '%s' on bad self (collide.character expected, got %s)", name,
    self == nil and "nil" or typename(self)), 3)
end

function Character:move(...)
  if not characters[self] then bad_self(self, "move") end
  local dx, dy, dz = ...
  -- (a filter that raises leaves the character where it was, with no
  -- collisions: forgotten before the call)
  self._cols = false
  self._moves = self._moves + 1
  local mx, my, mz, on, wall, ceiling, fx, fy, fz, floor = self._c:move(dx, dy, dz)
  if mx == nil and my == "args" and type(dx) ~= "number" then
    -- another form than three numbers (the C character checks them
    -- first, before anything else): read here, then moved
    dx, dy, dz = read_motion(1, "move", dx, dy, dz, select("#", ...))
    mx, my, mz, on, wall, ceiling, fx, fy, fz, floor = self._c:move(dx, dy, dz)
  end
  if mx == nil then refused(self, my, select("#", ...), ...) end
  self._floor, self._wall, self._ceiling = on, wall, ceiling
  self._fx, self._fy, self._fz = fx, fy, fz
  self._on = floor
  return mx, my, mz
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
