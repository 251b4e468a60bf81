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
-- Floor: a surface whose normal is within max_slope of `up`, or an edge
-- (a contact normal steeper than that) no higher than step_height above
-- the feet at the start of the move whose top is such a surface, found by
-- a ray cast down `skin` beside the contact, on the edge's top side.
-- Ceiling: a normal within max_slope of -up. Wall: anything else.
-- Every pass is scene:move's sweep and slide (no tunnelling, no overlap);
-- an overlap at the start is pushed out first.
local core = require "collide.core"
local scene_mod = require "collide.scene"
local args = require "collide.args"

local ctype = core.type
local typename, argerror = args.typename, args.argerror
local motion = scene_mod.motion
local Scene = scene_mod.Scene
local read_motion, move_state, push_out, legs, copy_shape, each_candidate =
  motion.read_motion, motion.move_state, motion.push_out, motion.legs, motion.copy_shape,
  motion.each_candidate
local type, getmetatable, setmetatable, pairs, tostring = type, getmetatable, setmetatable, pairs, tostring
local sqrt, cos, pi, huge, abs, max = math.sqrt, math.cos, math.pi, math.huge, math.abs, math.max
local format = string.format

local M = {}
local Character = {}
Character.__index = Character
Character.__name = "collide.character"
M.Character = Character

local MOVERS = { sphere = true, capsule = true, aabb = true, obb = true, hull = true }
local OPTIONS = { up = true, step_height = true, max_slope = true, skin = true, snap = true }
local hooks -- the passes' contact rules, below

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

-- the up option, a vector value (args.vector), normalised: scaled by its
-- largest component first, so that {0, 1e155, 0} (whose square overflows)
-- is up and only a zero vector is refused
local function option_up(v)
  local x, y, z = args.vector(v)
  if x == nil then argerror(3, "character", "option 'up': vector expected, got " .. typename(v)) end
  option_number(x, "up"); option_number(y, "up"); option_number(z, "up")
  local m = max(abs(x), abs(y), abs(z))
  if m == 0 then argerror(3, "character", "option 'up': zero vector") end
  x, y, z = x / m, y / m, z / m
  local len = sqrt(x * x + y * y + z * z)
  return x / len, y / len, z / len
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
    argerror(2, "character", "item with an aabb, obb, sphere, capsule or hull shape expected, got " .. typename(shape))
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

  local self = setmetatable({
    _scene = scene, _item = item,
    _ux = ux, _uy = uy, _uz = uz,
    _step = step,
    -- a floor normal's dot with up is at least this; 1e-12 keeps exactly
    -- max_slope walkable despite the rounding of cos
    _cos = cos(slope * pi / 180) - 1e-12,
    _skin = skin, _snap = snap,
    _floor = false, _wall = false, _ceiling = false,
    _fx = 0, _fy = 0, _fz = 0,
    _cols = {},
    _ray = core.ray(0, 0, 0, 0, -1, 0, 1),
  }, Character)
  self._not_me = function(other) return not rawequal(other, item) end
  self._up, self._side, self._down, self._ties = hooks(self)
  return self
end

-- the floor normal under a contact at p with normal n, or nil: n itself
-- when walkable, else, for an edge whose top is walkable, that top's
-- normal (a ray cast down beside the contact, on the edge's top side)
local function floor_under(self, px, py, pz, nx, ny, nz)
  local ux, uy, uz = self._ux, self._uy, self._uz
  local nu = nx * ux + ny * uy + nz * uz
  if nu >= self._cos then return nx, ny, nz end
  if nu <= 0 or px == nil then return nil end
  -- an edge higher than a step above the feet is not stood on
  if px * ux + py * uy + pz * uz - self._foot0 > self._step + self._tiny then return nil end
  local hx, hy, hz = nx - nu * ux, ny - nu * uy, nz - nu * uz
  local hl = sqrt(hx * hx + hy * hy + hz * hz)
  if hl == 0 then return nil end
  local s = self._skin
  local k = s / hl
  local ray = self._ray
  ray:set(px - hx * k + ux * 2 * s, py - hy * k + uy * 2 * s, pz - hz * k + uz * 2 * s,
    -ux, -uy, -uz, 3 * s)
  local item, t, _, _, _, fx, fy, fz = self._scene:raycast(ray, self._not_me)
  if item ~= nil and t > 0 and fx * ux + fy * uy + fz * uz >= self._cos then
    return fx, fy, fz
  end
  return nil
end

-- the height (along up) of the shape's lowest point
local function lowest(shape, ux, uy, uz)
  local kind = ctype(shape)
  if kind == "sphere" then
    local x, y, z = shape:center()
    return x * ux + y * uy + z * uz - shape:radius()
  elseif kind == "capsule" then
    local ax, ay, az = shape:a()
    local bx, by, bz = shape:b()
    local a, b = ax * ux + ay * uy + az * uz, bx * ux + by * uy + bz * uz
    return (a < b and a or b) - shape:radius()
  elseif kind == "aabb" then
    local x, y, z = shape:center()
    local hx, hy, hz = shape:half_extents()
    return x * ux + y * uy + z * uz - (hx * abs(ux) + hy * abs(uy) + hz * abs(uz))
  elseif kind == "hull" then
    local x, y, z = shape:support(-ux, -uy, -uz)
    return x * ux + y * uy + z * uz
  else
    local x, y, z = shape:center()
    local hx, hy, hz = shape:half_extents()
    local x1, x2, x3, y1, y2, y3, z1, z2, z3 = shape:axes()
    return x * ux + y * uy + z * uz - (hx * abs(x1 * ux + x2 * uy + x3 * uz)
      + hy * abs(y1 * ux + y2 * uy + y3 * uz) + hz * abs(z1 * ux + z2 * uy + z3 * uz))
  end
end

local function set_floor(self, fx, fy, fz)
  self._floor, self._fx, self._fy, self._fz = true, fx, fy, fz
end

-- the three passes' answers to a contact (see scene.lua's legs), made
-- once per character; the move under way is self._st, self._rising tells
-- whether the game asked to go up
function hooks(self)
  local ux, uy, uz = self._ux, self._uy, self._uz
  local c = self._cos
  local function wall_normal(nx, ny, nz, nu)
    local hx, hy, hz = nx - nu * ux, ny - nu * uy, nz - nu * uz
    local hl = sqrt(hx * hx + hy * hy + hz * hz)
    if hl < 1e-9 then return nx, ny, nz end
    return hx / hl, hy / hl, hz / hl
  end
  local up = function(nx, ny, nz)
    if self._rising and nx * ux + ny * uy + nz * uz <= -c then self._ceiling = true end
    return nx, ny, nz
  end
  local side = function(nx, ny, nz)
    local nu = nx * ux + ny * uy + nz * uz
    if nu >= c then return nx, ny, nz end
    if nu <= -c then
      if self._rising then self._ceiling = true end
      return nx, ny, nz
    end
    self._wall = true
    return wall_normal(nx, ny, nz, nu)
  end
  local down = function(nx, ny, nz)
    local st = self._st
    local cols = st.cols
    local col = cols[#cols]
    local fx, fy, fz = floor_under(self, col.x, col.y, col.z, nx, ny, nz)
    if fx then
      set_floor(self, fx, fy, fz)
      return nx, ny, nz, true
    end
    if nx * ux + ny * uy + nz * uz > -c then
      st.steep = true
      self._wall = true
    end
    return nx, ny, nz
  end
  -- The contacts met at the same time as the one a pass answers: the
  -- flags they raise (a wall, a ceiling), the motion left to the one
  -- answered. Which contact of a tie is answered depends on the scene's tie
  -- rule (items: the nearest centre; one mesh: its least opposed triangle),
  -- so without these a character resting at the foot of a steep ramp was
  -- on a wall among items and not on the same level as one mesh.
  local ties = {
    up = function(nx, ny, nz) up(nx, ny, nz) end,
    side = function(nx, ny, nz) side(nx, ny, nz) end,
    down = function(nx, ny, nz, _, px, py, pz)
      if floor_under(self, px, py, pz, nx, ny, nz) == nil and nx * ux + ny * uy + nz * uz > -c then
        self._wall = true
      end
    end,
  }
  return up, side, down, ties
end

-- the first contact of w moved by d: t, p, n or nil
local function first_contact(self, w, dx, dy, dz)
  local sweep = core.sweep
  local bt, bx, by, bz, bnx, bny, bnz, bo
  each_candidate(self._scene, w, self._scene._shape[self._item], dx, dy, dz, function(other, s)
    local t, px, py, pz, nx, ny, nz = sweep(w, dx, dy, dz, s)
    if t and (bt == nil or t < bt) then bt, bx, by, bz, bnx, bny, bnz, bo = t, px, py, pz, nx, ny, nz, other end
  end)
  return bt, bx, by, bz, bnx, bny, bnz, bo
end

-- side and down passes from w (already raised by lift, of which step is
-- the stepping part); returns the translation
local function side_down(self, st, w, hx, hy, hz, v, step, side, down)
  local ux, uy, uz = self._ux, self._uy, self._uz
  st.hook, st.tie_hook, st.np = side, self._ties.side, 0
  local sx, sy, sz = legs(self._scene, st, w, hx, hy, hz)
  local fall = (v < 0 and -v or 0) + step
  local dx, dy, dz = 0, 0, 0
  if fall > 0 then
    st.hook, st.tie_hook, st.np = down, self._ties.down, 0
    dx, dy, dz = legs(self._scene, st, w, -ux * fall, -uy * fall, -uz * fall)
  end
  return sx + dx, sy + dy, sz + dz
end

--- ch:move(dx, dy, dz) -> mx, my, mz: the displacement applied
function Character:move(...)
  local given, dx, dy, dz = select("#", ...), ...
  if getmetatable(self) ~= Character then
    error("calling 'move' on bad self", 2)
  end
  local x, y, z = read_motion(1, "move", dx, dy, dz, given)
  local scene, item = self._scene, self._item
  -- refused before anything moves while one of the scene's filters runs
  local busy = scene._busy
  if busy then error("cannot change a scene during its " .. busy, 2) end
  local shape = scene:shape(item)
  if shape == nil then error("the character's item is no longer in its scene", 2) end
  if not MOVERS[ctype(shape)] then
    error("the character's item no longer has an aabb, obb, sphere, capsule or hull shape (got "
      .. typename(shape) .. ")", 2)
  end
  local ux, uy, uz = self._ux, self._uy, self._uz
  local v = x * ux + y * uy + z * uz
  local hx, hy, hz = x - v * ux, y - v * uy, z - v * uz
  local was_floor = self._floor
  self._floor, self._wall, self._ceiling = false, false, false

  local st = move_state(item, shape, nil, "move", 1)
  st.nm = 1                                            -- the motion's position
  self._st, self._rising = st, v > 0
  local up, side, down = self._up, self._side, self._down
  local w = shape:clone()
  self._foot0 = lowest(w, ux, uy, uz)
  self._tiny = 1e-9 * (1 + abs(self._foot0))
  local mx, my, mz = push_out(scene, st, w)
  -- an overlap pushed out from below is floor
  for i = 1, #st.cols do
    local c = st.cols[i]
    local fx, fy, fz = floor_under(self, c.x, c.y, c.z, c.nx, c.ny, c.nz)
    if fx then set_floor(self, fx, fy, fz) end
  end

  local walking = hx ~= 0 or hy ~= 0 or hz ~= 0
  local step = (was_floor and v <= 0 and walking) and self._step or 0
  local lift = (v > 0 and v or 0) + step
  local keep, ncols = nil, #st.cols
  if step > 0 then keep = w:clone() end
  local ax, ay, az = 0, 0, 0
  if lift > 0 then
    st.hook, st.tie_hook, st.np = up, self._ties.up, 0
    ax, ay, az = legs(scene, st, w, ux * lift, uy * lift, uz * lift)
  end
  local raised = step > 0 and (ax * ux + ay * uy + az * uz) or 0
  local bx, by, bz = side_down(self, st, w, hx, hy, hz, v, raised, side, down)
  if step > 0 and (st.steep or not self._floor) then
    -- the step landed on nothing walkable: undo it
    copy_shape(w, keep)
    for i = #st.cols, ncols + 1, -1 do st.cols[i] = nil end
    self._floor, self._wall, st.steep = false, false, nil
    ax, ay, az = 0, 0, 0
    bx, by, bz = side_down(self, st, w, hx, hy, hz, v, 0, side, down)
  end
  mx, my, mz = mx + ax + bx, my + ay + by, mz + az + bz

  if not self._floor and v <= 0 then
    local reach = self._skin
    if was_floor and self._snap > reach then reach = self._snap end
    local t, px, py, pz, nx, ny, nz, other = first_contact(self, w, -ux * reach, -uy * reach, -uz * reach)
    if t then
      local fx, fy, fz = floor_under(self, px, py, pz, nx, ny, nz)
      if fx then
        local d = t * reach
        w:translate(-ux * d, -uy * d, -uz * d)
        mx, my, mz = mx - ux * d, my - uy * d, mz - uz * d
        set_floor(self, fx, fy, fz)
        local cols = st.cols
        cols[#cols + 1] = { item = item, other = other, type = "slide", t = t,
          nx = nx, ny = ny, nz = nz, x = px, y = py, z = pz }
      end
    end
  end
  copy_shape(shape, w)
  scene:update(item)
  self._cols = st.cols
  return mx, my, mz
end

--- ch:on_floor() -> boolean: the last move ended on a floor
function Character:on_floor() return self._floor end
--- ch:on_wall() -> boolean: the last move met a wall
function Character:on_wall() return self._wall end
--- ch:on_ceiling() -> boolean: the last move's rise met a ceiling
function Character:on_ceiling() return self._ceiling end
--- ch:floor_normal() -> x, y, z of the floor under it, or nil
function Character:floor_normal()
  if not self._floor then return nil end
  return self._fx, self._fy, self._fz
end
--- ch:collisions() -> the last move's collisions, as scene:move gives them
function Character:collisions() return self._cols end
--- ch:item(), ch:scene()
function Character:item() return self._item end
function Character:scene() return self._scene end

return M
