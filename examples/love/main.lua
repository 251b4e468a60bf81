-- A small LÖVE 11 game with collide: a capsule character walks a level of
-- boxes, a step and a ramp, slides over an ice floor (a mesh whose
-- triangles carry a material), jumps up through a one-way ledge and lands
-- on it, lights up a trigger zone while it stands in it, picks up a coin
-- and pushes a crate (an item with a mass) against the far wall.
-- Everything is drawn from scene:lines() (and collide.lines for the
-- coloured items), in a cabinet projection of the 3D scene.
--
--   love examples/love                   play: left/right to walk, space to jump
--   love examples/love --shot OUT.png    play a fixed script at 60 Hz, save a
--                                        screenshot to OUT.png, print the
--                                        events, and quit (make love-example,
--                                        headless under Xvfb)
--
-- collide comes from the game folder (collide/ beside main.lua) or from this
-- tree's LuaJIT build (make LUA=luajit).
local root = love.filesystem.getSource() .. "/../.."
package.cpath = root .. "/build/luajit/?.so;" .. package.cpath
package.path = root .. "/lua/?.lua;" .. root .. "/lua/?/init.lua;" .. package.path
local collide = require "collide"

local scene, player, ch, shapes
local vx, vy, lit, coin_taken, landed, slid = 0, 0, false, false, false, false
local at_wall, still, pushing = false, 0, false   -- the crate: at the wall; frames stood there; pushed
local shot, frame, lit_frames, taken, log = nil, 0, 0, false, {}
local trail = {}                                  -- where the player's feet were
local PLAYER, SCENERY = 2, 1                      -- layers
local SCALE, OX, OY, DEPTH = 32, 120, 300, 0.35   -- projection: pixels a metre, origin, z's slant
local ICE, ICE_GRIP = 7, 0.6                      -- the ice's material; how fast speed follows the keys on it

local function say(line)
  log[#log + 1] = line
  if #log > 6 then table.remove(log, 1) end
  io.write(line, "\n")
  io.flush()
end

local function build()
  scene = collide.scene()
  shapes = {
    floor = collide.aabb(-3, -1, -2, 10.5, 0, 2),
    floor2 = collide.aabb(14, -1, -2, 27, 0, 2),
    -- the ice: two triangles level with the floor, each of material ICE
    ice = collide.mesh({ 10.5, 0, -2, 14, 0, -2, 14, 0, 2, 10.5, 0, 2 }, { 1, 3, 2, 1, 4, 3 },
      { materials = { ICE, ICE } }),
    left = collide.aabb(-3, 0, -2, -2, 4, 2),
    right = collide.aabb(26, 0, -2, 27, 4, 2),
    step = collide.aabb(3, 0, -2, 5, 0.25, 2),
    ramp = collide.obb(8, 0, 0, 2, 0.3, 2, 0, 0, math.sin(math.rad(10)), math.cos(math.rad(10))),
    crate = collide.aabb(12, 0, -1.9, 13.2, 1.2, -0.7),
    ledge = collide.aabb(16, 2, -1.5, 20, 2.2, 1.5),
    zone = collide.aabb(18, 2.2, -1, 20, 4, 1),
    coin = collide.sphere(22.5, 0.6, 0, 0.3),
    -- a crate that gives way: the player (push 2) moves it by half of
    -- what it is blocked by, so it walks at half speed behind it
    heavy = collide.aabb(24, 0, -0.6, 25, 1, 0.6),
  }
  for _, name in ipairs { "floor", "floor2", "ice", "left", "right", "step", "ramp", "crate" } do
    scene:add(name, shapes[name], { static = true, layer = SCENERY })
  end
  scene:add("ledge", shapes.ledge, { static = true, one_way = { 0, 1, 0 } })
  -- the sensors look for the player's layer only: not the ledge they touch
  scene:add("zone", shapes.zone, { sensor = true, mask = PLAYER })
  scene:add("coin", shapes.coin, { sensor = true, mask = PLAYER })
  scene:add("heavy", shapes.heavy, { mass = 2, layer = SCENERY })
  player = collide.capsule(0, 0.4, 0, 0, 1.4, 0, 0.4)
  scene:add("player", player, { layer = PLAYER })
  ch = collide.character(scene, "player", { step_height = 0.3, push = 2 })
end

function love.load(args)
  for i = 1, #args do
    if args[i] == "--shot" then shot = args[i + 1] end
  end
  love.window.setMode(1024, 420)
  love.window.setTitle("collide: ice, sensors, a one-way ledge, scene:lines()")
  build()
end

-- the scripted input: walk right, let go of the keys on the ice (the
-- player slides on), jump under the ledge, push the crate to the far wall
local function scripted()
  local x = player:a()
  return false, x < 11 or x > 13, x > 14.4 and x < 15 and ch:on_floor()
end

local function update(dt)
  local left, right, jump
  if shot then
    left, right, jump = scripted()
  else
    left, right = love.keyboard.isDown("left"), love.keyboard.isDown("right")
    jump = love.keyboard.isDown("space")
  end
  -- on the ice the speed follows the keys slowly, on other floors at
  -- once; in the air it keeps on without a key
  local want = ((right and 1 or 0) - (left and 1 or 0)) * 4
  local on_ice = ch:on_floor() and ch:floor_material() == ICE
  if on_ice then
    vx = vx + (want - vx) * math.min(1, ICE_GRIP * dt)
  elseif ch:on_floor() or want ~= 0 then
    vx = want
  end
  if on_ice and want == 0 and vx > 0.5 and not slid then
    slid = true
    say("sliding on the ice")
  end
  if jump and ch:on_floor() then vy = 10 end
  vy = vy - 20 * dt
  local mx = ch:move(vx * dt, vy * dt, 0)
  for _, c in ipairs(ch:collisions()) do
    if c.other == "heavy" and c.pushed and c.pushed[1] > 0 and not pushing then
      pushing = true
      say("pushing the crate")
    end
  end
  local hx = shapes.heavy:max()                   -- the crate's right side
  if hx >= 26 and not at_wall then
    at_wall = true
    say("the crate is against the wall")
  end
  still = at_wall and math.abs(mx) < 1e-9 and still + 1 or 0
  if ch:on_floor() and vy < 0 then vy = 0 end
  if ch:on_ceiling() and vy > 0 then vy = 0 end
  if ch:on_floor() and ch:floor_item() == "ledge" and not landed then
    landed = true
    say("landed on the one-way ledge from below")
  end
  if frame % 4 == 0 then
    local x, y, z = player:a()
    trail[#trail + 1] = { x, y - player:radius(), z }
    if #trail > 120 then table.remove(trail, 1) end
  end
  for _, e in ipairs(scene:events()) do
    say(("%s %s %s"):format(e.type, tostring(e.a), tostring(e.b)))
    if e.sensor == "zone" then lit = e.type == "enter" end
    if e.sensor == "coin" and e.type == "enter" then
      scene:remove("coin")
      coin_taken = true
      say("picked up the coin")
    end
  end
end

function love.update(dt)
  if shot then
    update(1 / 60)                                -- a fixed step: the same run every time
  else
    update(math.min(dt, 1 / 30))
  end
end

local function project(x, y, z)
  return OX + (x + DEPTH * z) * SCALE, OY - (y + DEPTH * z) * SCALE
end

local function draw_lines(l)
  for i = 1, #l, 6 do
    local ax, ay = project(l[i], l[i + 1], l[i + 2])
    local bx, by = project(l[i + 3], l[i + 4], l[i + 5])
    love.graphics.line(ax, ay, bx, by)
  end
end

-- the front face of a box (its least z), filled
local function fill_box(b, r, g, bl, a)
  local x0, y0, z = b:min()
  local x1, y1 = b:max()
  local ax, ay = project(x0, y0, z)
  local bx, by = project(x1, y0, z)
  local cx, cy = project(x1, y1, z)
  local dx, dy = project(x0, y1, z)
  love.graphics.setColor(r, g, bl, a)
  love.graphics.polygon("fill", ax, ay, bx, by, cx, cy, dx, dy)
end

function love.draw()
  love.graphics.clear(0.07, 0.08, 0.1)
  love.graphics.setLineWidth(1)
  -- the scene as it holds it: every item's outline, in add order
  love.graphics.setColor(0.55, 0.6, 0.65)
  draw_lines(scene:lines(function(item) return item ~= "player" end))
  love.graphics.setColor(0.6, 0.85, 1)
  draw_lines(collide.lines(shapes.ice))
  fill_box(shapes.heavy, 0.75, 0.5, 0.25, 0.5)
  love.graphics.setColor(0.95, 0.65, 0.3)
  draw_lines(collide.lines(shapes.heavy))
  -- coloured over it: the ledge, the zone (filled while the player is in
  -- it), the coin, the player
  fill_box(shapes.zone, 1, 0.85, 0.2, lit and 0.45 or 0.08)
  love.graphics.setColor(1, 0.85, 0.2, lit and 1 or 0.6)
  draw_lines(collide.lines(shapes.zone))
  love.graphics.setColor(1, 0.55, 0.15)
  draw_lines(collide.lines(shapes.ledge))
  if not coin_taken then
    love.graphics.setColor(1, 0.9, 0.3)
    draw_lines(collide.lines(shapes.coin))
  end
  love.graphics.setColor(0.3, 0.9, 1, 0.5)
  for _, p in ipairs(trail) do
    local x, y = project(p[1], p[2], p[3])
    love.graphics.circle("fill", x, y, 1.5)
  end
  love.graphics.setColor(0.3, 0.9, 1)
  love.graphics.setLineWidth(2)
  draw_lines(collide.lines(player))
  love.graphics.setLineWidth(1)
  love.graphics.setColor(1, 1, 1)
  love.graphics.print("left/right: walk   space: jump   the ice (blue) is slippery; the ledge is one-way "
    .. "(orange); the zone lights up", 12, 10)
  love.graphics.print(("on floor %s   floor %s   material %s   zone %s   coin %s"):format(tostring(ch:on_floor()),
    tostring(ch:floor_item()), tostring(ch:floor_material()), lit and "LIT" or "dark",
    coin_taken and "taken" or "there"), 12, 28)
  for i, line in ipairs(log) do love.graphics.print(line, 12, 330 + 14 * i) end
  frame = frame + 1
  lit_frames = lit and lit_frames + 1 or 0
  -- the picture: the player standing in the lit zone on the ledge
  if shot and lit_frames == 12 and not taken then
    taken = true
    love.graphics.captureScreenshot(function(img)
      local f = assert(io.open(shot, "wb"))
      f:write(img:encode("png"):getString())
      f:close()
      say("screenshot " .. shot)
    end)
  end
  if shot and (still == 10 or frame == 900) then
    say(("done: landed %s, zone lit %s, coin %s"):format(tostring(landed), tostring(lit),
      coin_taken and "taken" or "left"))
    love.event.quit(0)
  end
end
