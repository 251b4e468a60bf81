-- examples/character.lua: a capsule walks a small level with
-- collide.character, the game's loop around it (60 frames a second,
-- gravity, one jump), and prints its path.
--
--   lua examples/character.lua [out.png | out.ppm]
--
-- With a file name it also draws the path over the level, seen from the
-- side (x up the page is y) and from above (z down the page), the level
-- itself drawn by casting one ray per pixel into the scene. `make
-- character` prints the path; `make character-picture` writes
-- doc/img/character.png.
local collide = require "collide"

local OUT = arg and arg[1]
local floor, max, min, rad, sin, cos = math.floor, math.max, math.min, math.rad, math.sin, math.cos

---------------------------------------------------------------------------
-- the level: boxes and two ramps (rotated boxes) on a floor

local scene = collide.scene()
local level = {}
local function box(name, x0, y0, z0, x1, y1, z1)
  level[#level + 1] = name
  scene:add(name, collide.aabb(x0, y0, z0, x1, y1, z1))
end
-- a ramp whose top face rises along +x (angle > 0) from (x, y, z)
local function ramp(name, x, y, z, angle, length, width)
  local a = rad(angle)
  local ax, ay = cos(a), sin(a)
  local hx, hy, hz = length / 2, 0.25, width / 2
  level[#level + 1] = name
  scene:add(name, collide.obb_from_axes(x + ax * hx + ay * hy, y + ay * hx - ax * hy, z, hx, hy, hz,
    ax, ay, 0, -ay, ax, 0, 0, 0, 1))
end

box("floor", -2, -1, -4, 22, 0, 6)
for i = 1, 5 do box("stair " .. i, 2 + 0.4 * (i - 1), 0, -1.5, 8, 0.25 * i, 1.5) end
ramp("ramp down", 8, 1.25, 0, -30, 1.25 / sin(rad(30)), 3)
box("wall", 6, 0, 3, 20, 2.5, 3.5)
box("beam", 10.5, 2.3, -1, 12, 3, 1)
box("ledge", 15, 0, -1, 17, 0.5, 3)
ramp("steep", 18, 0, -2, 60, 3, 2)

local player = collide.capsule(0, 0.3, 0, 0, 1.5, 0, 0.3)
scene:add("player", player)
local ch = collide.character(scene, "player", { step_height = 0.3, max_slope = 45 })

---------------------------------------------------------------------------
-- the game: what the player asks for, second by second

local DT, G = 1 / 60, 9.81
-- until time t, walk with velocity (vx, vz); jump = take off at its start
local script = {
  { t = 2.5, vx = 4, vz = 0 },              -- up the stairs, over, down the ramp
  { t = 3.0, vx = 2, vz = 0 },
  { t = 4.0, vx = 0, vz = 0, jump = 5 },    -- a jump under the beam
  { t = 5.0, vx = 1, vz = 3 },              -- into the wall
  { t = 6.5, vx = 3, vz = 0 },              -- along it, into the ledge (too high)
  { t = 7.8, vx = 0, vz = -3.5 },           -- along the ledge
  { t = 9.5, vx = 3, vz = 0 },              -- into the steep ramp (too steep)
}

local path = {}
local vy, time, frame = 0, 0, 0
print(" time      x      y      z  state")
for _, leg in ipairs(script) do
  if leg.jump then vy = leg.jump end
  while time < leg.t - 1e-9 do
    frame = frame + 1
    time = frame * DT
    vy = vy - G * DT
    ch:move(leg.vx * DT, vy * DT, leg.vz * DT)
    if ch:on_floor() and vy < 0 then vy = 0 end
    if ch:on_ceiling() and vy > 0 then vy = 0 end
    local x, y, z = player:a()
    y = y - 0.3                                 -- the feet
    path[#path + 1] = { x, y, z, ch:on_floor() }
    if frame % 15 == 0 then
      local state = ch:on_floor() and "floor" or "air"
      if ch:on_wall() then state = state .. ", wall" end
      if ch:on_ceiling() then state = state .. ", ceiling" end
      -- (values within half a centimetre of 0 print as 0.00, not -0.00)
      local function cm(v) if v > -0.005 and v < 0.005 then return 0 end return v end
      print(("%5.2f %6.2f %6.2f %6.2f  %s"):format(time, cm(x), cm(y), cm(z), state))
    end
  end
end

if not OUT then return end

---------------------------------------------------------------------------
-- the picture: side view above, top view below, one ray per pixel

local X0, X1 = -1, 21                 -- the x range shown
local W = 660
local S = W / (X1 - X0)               -- pixels per metre
local SIDE_Y0, SIDE_Y1 = -0.3, 3.6    -- side view: y range
local TOP_Z0, TOP_Z1 = -3.5, 4         -- top view: z range
local HS = floor((SIDE_Y1 - SIDE_Y0) * S)
local HT = floor((TOP_Z1 - TOP_Z0) * S)
local GAP = 6
local H = HS + GAP + HT

local rows = {}
for y = 1, H do
  local row = {}
  for i = 1, W * 3 do row[i] = 255 end
  rows[y] = row
end
local function put(px, py, r, g, b)
  px, py = floor(px), floor(py)
  if px >= 0 and px < W and py >= 0 and py < H then
    local row = rows[py + 1]
    row[px * 3 + 1], row[px * 3 + 2], row[px * 3 + 3] = r, g, b
  end
end

local not_player = function(item) return item ~= "player" end
local ray = collide.ray(0, 0, 0, 0, 0, 1)
-- a colour for a hit: lit by its normal's y, darker with distance
local function shade(ny, t, far, r, g, b)
  local v = (0.7 + 0.3 * ny) * (1 - 0.45 * min(1, t / far))
  return floor(r * v), floor(g * v), floor(b * v)
end

-- side view: rays along +z from in front of the level
for py = 0, HS - 1 do
  local y = SIDE_Y1 - (py + 0.5) / S
  for px = 0, W - 1 do
    local x = X0 + (px + 0.5) / S
    ray:set(x, y, TOP_Z0 - 1, 0, 0, 1)
    local item, t, _, _, _, _, ny = scene:raycast(ray, not_player)
    if item == "floor" then put(px, py, shade(ny, t, 10, 190, 185, 170))
    elseif item then put(px, py, shade(ny, t, 10, 160, 185, 225))
    else put(px, py, 235, 242, 250) end
  end
end
for px = 0, W - 1 do for k = 0, GAP - 1 do put(px, HS + k, 255, 255, 255) end end
-- top view: rays down from above the level, lighter where higher
for py = 0, HT - 1 do
  local z = TOP_Z0 + (py + 0.5) / S
  for px = 0, W - 1 do
    local x = X0 + (px + 0.5) / S
    ray:set(x, 10, z, 0, -1, 0)
    local item, _, _, y, _, _, ny = scene:raycast(ray, not_player)
    if item then
      local hgt = min(1, max(0, y / 3))
      put(px, HS + GAP + py, shade(ny, 0.5 * (1 - hgt), 1, 170 + 60 * hgt, 180 + 50 * hgt, 190 + 50 * hgt))
    else
      put(px, HS + GAP + py, 235, 242, 250)
    end
  end
end

-- the path: the feet in the side view, the centre in the top view; red on
-- the floor, orange in the air; the capsule's outline every second
local function dot(px, py, r, g, b)
  for dx = -1, 1 do for dy = -1, 1 do put(px + dx, py + dy, r, g, b) end end
end
for i, p in ipairs(path) do
  local x, y, z, on = p[1], p[2], p[3], p[4]
  local r, g, b = 200, 30, 30
  if not on then r, g, b = 240, 150, 20 end
  local sx = (x - X0) * S
  dot(sx, (SIDE_Y1 - y) * S, r, g, b)
  dot(sx, HS + GAP + (z - TOP_Z0) * S, r, g, b)
  if i % 60 == 0 then
    -- the capsule seen from the side: its outline
    for k = 0, 63 do
      local a = k / 64 * 2 * math.pi
      local cx, cy = x + 0.3 * cos(a), y + 0.3 + 0.3 * sin(a)
      if sin(a) > 0 then cy = cy + 1.2 end
      put((cx - X0) * S, (SIDE_Y1 - cy) * S, 40, 40, 40)
    end
    for k = 0, floor(1.2 * S) do
      put((x - 0.3 - X0) * S, (SIDE_Y1 - y - 0.3) * S - k, 40, 40, 40)
      put((x + 0.3 - X0) * S, (SIDE_Y1 - y - 0.3) * S - k, 40, 40, 40)
    end
  end
end

local dir = (arg and arg[0] or ""):match("^(.*[/\\])") or ""
local image = dofile(dir .. "image.lua")
local bytes = OUT:match("%.ppm$") and image.ppm(rows, W, H) or image.png(rows, W, H)
local f = assert(io.open(OUT, "wb"))
f:write(bytes)
f:close()
print(("%s: %d x %d"):format(OUT, W, H))
