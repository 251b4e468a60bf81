-- Rollback netcode with collide: two peers of one game, each with its own
-- scene. Peer 1 plays red, peer 2 plays blue; each sends its input to the
-- other, which gets it DELAY frames late. Until then a peer predicts the
-- missing input as the last one it got and plays on. When the real input
-- comes and differs from the prediction, the peer restores the snapshot
-- of the last confirmed frame (scene:restore, and the game's own state
-- kept beside it) and plays the frames since again. Every frame both peers
-- save a snapshot into a ring, and on every confirmed frame their
-- scene:hash() must agree, and agree with a third game played straight
-- through with every input known (doc/rollback.md).
--
-- The game: a walled yard, two capsule characters (collide.character)
-- that walk and jump, crates they push (scene:move) and a sensor gate
-- across the middle whose enter and exit events the game counts.
--
--   lua5.4 examples/rollback/main.lua   headless (collide on package.path and
--                                       package.cpath: make rollback-example);
--                                       prints the summary, exits 1 on a desync
--     ... --no-rollback                 peer 2 never rolls back: the check must
--                                       catch the desync (exits 1)
--   love examples/rollback              both peers side by side, 60 frames a second
--   love examples/rollback --shot OUT.png
--                                       the same run faster, a screenshot to
--                                       OUT.png, the summary, and quit
--                                       (make love-rollback, under Xvfb)
--
-- Inputs come from a generator written here, exact on every Lua (never
-- math.random), and the game's Lua uses only + - * / on numbers
-- (doc/determinism.md#lua-code-in-lockstep): Lua 5.1 to 5.5, LuaJIT and
-- LÖVE print the same summary (examples/rollback/expected.txt).
local love = rawget(_G, "love")
if love then
  -- collide from this tree's LuaJIT build (make LUA=luajit)
  local root = love.filesystem.getSource() .. "/../.."
  package.cpath = root .. "/build/luajit/?.so;" .. package.cpath
  package.path = root .. "/lua/?.lua;" .. root .. "/lua/?/init.lua;" .. package.path
end
local collide = require "collide"

local FRAMES = 600         -- frames each peer plays
local DELAY = 3            -- frames an input takes to reach the other peer
local RING = 8             -- snapshots kept: a rollback goes DELAY + 1 back
local DT = 1 / 60
local SPEED, JUMP, GRAVITY, PUSH = 4, 6, 20, 0.8
local HEROES = { "red", "blue" }
local SCENERY, HERO, CRATE = 1, 2, 4                       -- layers
local CRATES = { { -5, -1.5 }, { -3, 2 }, { -2, -2.6 }, { 2.2, 2.4 }, { 3, -1.8 }, { 5.2, 0.6 } }

-- ---------------------------------------------------------------- inputs

-- Park and Miller's minimal standard generator (multiplier 48271): every
-- product is below 2^47, exact in a double and in an integer alike
local function generator(seed)
  return function(n)                                         -- an integer in 1..n
    seed = seed * 48271 % 2147483647
    return seed % n + 1
  end
end

-- an input is a code 1..18: a walk (x and z each -1, 0 or 1) and a jump
local MOVES = {}
for jump = 0, 1 do
  for dz = -1, 1 do
    for dx = -1, 1 do MOVES[#MOVES + 1] = { dx, dz, jump } end
  end
end
local IDLE = 5                                               -- { 0, 0, 0 }

-- a player's inputs for every frame: it crosses the yard one way, then
-- the other (each way for 90 to 150 frames), each input held for 4 to 24
-- frames: mostly on its way, now and then aside or still, a jump now and
-- then
local function script(seed, east)
  local g, out, f, leg = generator(seed), {}, 1, 0
  while f <= FRAMES do
    if f > leg then
      leg, east = f + 89 + g(60), not east
    end
    local dx = g(3) > 1 and (east and 1 or -1) or g(3) - 2
    local code = dx + 3 * g(3) - 1 + (g(6) == 1 and 9 or 0)
    for _ = 1, 3 + g(20) do
      if f > FRAMES then break end
      out[f], f = code, f + 1
    end
  end
  return out
end

-- ------------------------------------------------------------------ game

local function copy(t)
  local out = {}
  for k, v in pairs(t) do out[k] = type(v) == "table" and copy(v) or v end
  return out
end

-- the game: its scene, its characters and its own state, all that the
-- frames change; the Lua state is saved and restored beside the scene's
local function new_game()
  local scene = collide.scene()
  scene:add("ground", collide.aabb(-8.5, -1, -4.5, 8.5, 0, 4.5), { static = true, layer = SCENERY })
  scene:add("wall west", collide.aabb(-8.5, 0, -4.5, -8, 1.5, 4.5), { static = true, layer = SCENERY })
  scene:add("wall east", collide.aabb(8, 0, -4.5, 8.5, 1.5, 4.5), { static = true, layer = SCENERY })
  scene:add("wall north", collide.aabb(-8, 0, -4.5, 8, 1.5, -4), { static = true, layer = SCENERY })
  scene:add("wall south", collide.aabb(-8, 0, 4, 8, 1.5, 4.5), { static = true, layer = SCENERY })
  -- the gate sees the characters only, not the crates pushed through it
  scene:add("gate", collide.aabb(-0.6, 0, -4, 0.6, 2.5, 4), { sensor = true, mask = HERO })
  for k, c in ipairs(CRATES) do
    scene:add("crate" .. k, collide.aabb(c[1] - 0.4, 0, c[2] - 0.4, c[1] + 0.4, 0.8, c[2] + 0.4),
      { layer = CRATE })
  end
  scene:add("red", collide.capsule(-6, 0.35, 0, -6, 1.25, 0, 0.35), { layer = HERO })
  scene:add("blue", collide.capsule(6, 0.35, 0, 6, 1.25, 0, 0.35), { layer = HERO })
  return {
    scene = scene,
    heroes = { collide.character(scene, "red"), collide.character(scene, "blue") },
    state = {
      frame = 0,
      vy = { 0, 0 },          -- each hero's vertical speed
      enters = { 0, 0 },      -- the gate's events, counted by the game
      exits = { 0, 0 },
      pushes = 0,             -- crates pushed
    },
  }
end

local HERO_INDEX = { red = 1, blue = 2 }
local IS_CRATE = {}
for k = 1, #CRATES do IS_CRATE["crate" .. k] = true end

-- one frame of the game, from both players' inputs; returns how many
-- gate events it met
local function step(game, inputs)
  local scene, st = game.scene, game.state
  st.frame = st.frame + 1
  for k = 1, 2 do
    local m, hero = MOVES[inputs[k]], game.heroes[k]
    if m[3] == 1 and hero:on_floor() then st.vy[k] = JUMP end
    st.vy[k] = st.vy[k] - GRAVITY * DT
    local dx, dz = m[1] * SPEED * DT, m[2] * SPEED * DT
    hero:move(dx, st.vy[k] * DT, dz)
    if hero:on_floor() and st.vy[k] < 0 then st.vy[k] = 0 end
    if hero:on_ceiling() and st.vy[k] > 0 then st.vy[k] = 0 end
    -- a crate the hero walked into moves on by part of the step
    local pushed = {}
    for _, c in ipairs(hero:collisions()) do
      if IS_CRATE[c.other] and not pushed[c.other] then
        pushed[c.other] = true
        scene:move(c.other, dx * PUSH, 0, dz * PUSH)
        st.pushes = st.pushes + 1
      end
    end
  end
  local events = scene:events()
  for _, e in ipairs(events) do
    local k = HERO_INDEX[e.item]
    if e.type == "enter" then st.enters[k] = st.enters[k] + 1 end
    if e.type == "exit" then st.exits[k] = st.exits[k] + 1 end
  end
  return #events
end

-- the game's own state as text, to compare it as the hashes are compared
local function state_text(st)
  return ("%d %.17g %.17g %d %d %d %d %d"):format(st.frame, st.vy[1], st.vy[2], st.enters[1], st.exits[1],
    st.enters[2], st.exits[2], st.pushes)
end

-- ------------------------------------------------------------------ peers

local function new_peer(me, rollback)
  local p = {
    me = me, other = 3 - me, game = new_game(), rollback = rollback,
    inputs = { {}, {} },      -- inputs[player][frame]: those known
    used = {},                -- used[frame]: the other's input the frame was last played with
    ring = {},                -- the last RING frames' snapshots
    hashes = {}, states = {}, -- after each frame, as last played
    frame = 0, confirmed = 0, -- frames played, frames whose inputs are all known
    rollbacks = 0, replayed = 0, replayed_events = 0, last_rollback = nil,
  }
  p.save = function()
    local g = p.game
    local f = g.state.frame
    p.ring[f % RING + 1] = { frame = f, snap = g.scene:snapshot(), state = copy(g.state) }
    p.hashes[f], p.states[f] = g.scene:hash(), state_text(g.state)
  end
  p.load = function(f)
    local saved = p.ring[f % RING + 1]
    assert(saved and saved.frame == f, "frame no longer in the ring")
    p.game.scene:restore(saved.snap)
    p.game.state = copy(saved.state)
  end
  p.save()                    -- frame 0: the state before the first
  return p
end

-- play frame f on peer p: its own input, and the other's as it came or,
-- until it comes, the last one that came
local function play(p, f)
  local theirs = p.inputs[p.other][f] or p.inputs[p.other][p.confirmed] or IDLE
  p.used[f] = theirs
  local inputs = {}
  inputs[p.me], inputs[p.other] = p.inputs[p.me][f], theirs
  local events = step(p.game, inputs)
  p.save()
  return events
end

-- the other peer's input for frame f comes in (in order, one per frame)
local function receive(p, f, code)
  p.inputs[p.other][f] = code
  p.confirmed = f
  if f <= p.frame and p.used[f] ~= code and p.rollback then
    -- mispredicted: back to the last confirmed frame, then every frame again
    p.rollbacks, p.last_rollback = p.rollbacks + 1, f
    p.load(f - 1)
    for g = f, p.frame do
      -- events met again here are not counted twice: the counters went
      -- back with the scene
      p.replayed_events = p.replayed_events + play(p, g)
      p.replayed = p.replayed + 1
    end
  end
end

-- peer p plays its next frame with its own input
local function advance(p, code)
  local f = p.frame + 1
  p.inputs[p.me][f] = code
  play(p, f)
  p.frame = f
end

-- ---------------------------------------------------------------- a match

local function hex(h) return string.format("0x%014x", h) end

-- both peers and the straight game, played tick by tick; the network is
-- a queue each way of (arrival tick, frame, input)
local function new_match(rollback)
  local m = {
    scripts = { script(20261204, false), script(19870316, true) },
    peers = { new_peer(1, true), new_peer(2, rollback) },
    straight = new_game(), straight_hashes = {}, straight_states = {},
    wire = { {}, {} },        -- wire[k]: messages on their way to peer k
    tick = 0, compared = 0, desync = nil,
  }
  -- the confirmed frames both peers have, checked against each other and
  -- against the game played straight through
  local function compare()
    local a, b = m.peers[1], m.peers[2]
    for f = m.compared + 1, math.min(a.confirmed, b.confirmed, a.frame, b.frame) do
      local ok = a.hashes[f] == b.hashes[f] and a.states[f] == b.states[f]
        and a.hashes[f] == m.straight_hashes[f] and a.states[f] == m.straight_states[f]
      if not ok and not m.desync then
        m.desync = ("desync on confirmed frame %d: peer 1 %s (%s), peer 2 %s (%s), straight %s (%s)"):format(f,
          hex(a.hashes[f]), a.states[f], hex(b.hashes[f]), b.states[f], hex(m.straight_hashes[f]),
          m.straight_states[f])
      end
      m.compared = f
    end
  end
  -- one tick: each peer takes in what arrived, plays a frame, sends its input
  function m.step()
    local t = m.tick + 1
    m.tick = t
    for k = 1, 2 do
      local wire = m.wire[k]
      while wire[1] and wire[1][1] <= t do
        local msg = table.remove(wire, 1)
        receive(m.peers[k], msg[2], msg[3])
      end
    end
    if t <= FRAMES then
      for k = 1, 2 do
        local code = m.scripts[k][t]
        advance(m.peers[k], code)
        table.insert(m.wire[3 - k], { t + DELAY, t, code })
      end
      step(m.straight, { m.scripts[1][t], m.scripts[2][t] })
      m.straight_hashes[t], m.straight_states[t] = m.straight.scene:hash(), state_text(m.straight.state)
    end
    compare()
  end
  -- the last inputs are on their way for DELAY ticks more
  function m.done() return m.tick >= FRAMES + DELAY end
  function m.summary()
    local a, b = m.peers[1], m.peers[2]
    local own, shared = a.ring[a.frame % RING + 1].snap:memory()
    local st = a.game.state
    local lines = {
      ("rollback: 2 peers, %d frames, inputs %d frames late, a ring of %d snapshots"):format(FRAMES, DELAY, RING),
      ("peer 1 (red): %d rollbacks, %d frames replayed (gate events in them: %d)"):format(a.rollbacks,
        a.replayed, a.replayed_events),
      ("peer 2 (blue): %d rollbacks, %d frames replayed (gate events in them: %d)"):format(b.rollbacks,
        b.replayed, b.replayed_events),
      ("confirmed frames compared: %d, %s"):format(m.compared,
        m.desync and "DESYNC" or "every hash the same on both peers and in a straight run"),
      ("final hash: %s (peer 1), %s (peer 2)"):format(hex(a.hashes[a.frame]), hex(b.hashes[b.frame])),
      ("snapshot: %d bytes of its own, %d shared"):format(own, shared),
      ("gate: red entered %d left %d, blue entered %d left %d; crates pushed %d times"):format(
        st.enters[1], st.exits[1], st.enters[2], st.exits[2], st.pushes),
    }
    if m.desync then lines[#lines + 1] = m.desync end
    return lines
  end
  return m
end

-- ------------------------------------------------------------- headless

if not love then
  local rollback = true
  for _, a in ipairs(arg or {}) do
    if a == "--no-rollback" then rollback = false end
  end
  local m = new_match(rollback)
  while not m.done() do m.step() end
  print(table.concat(m.summary(), "\n"))
  os.exit(m.desync and 1 or 0)
end

-- ----------------------------------------------------------------- LÖVE

local match, shot, taken
local SHOT_TICK = 232            -- the picture: the peers' predictions differ here
local SCALE, TOP = 27, 92        -- pixels a metre; the yards' top edge

function love.load(args)
  for i = 1, #args do
    if args[i] == "--shot" then shot = args[i + 1] end
  end
  love.window.setMode(1024, 420)
  love.window.setTitle("collide: rollback, two peers side by side")
  match = new_match(true)
end

function love.update()
  -- a fixed step, one tick a frame (four with --shot, to be done sooner)
  for _ = 1, shot and 4 or 1 do
    if match.done() or (shot and match.tick == SHOT_TICK and not taken) then break end
    match.step()
  end
end

-- a yard seen from above: x to the right, z down
local function yard(p, left)
  local scene, st = p.game.scene, p.game.state
  local cx, cy = left + 256, TOP + 4.5 * SCALE
  local function rect(mode, item)
    local x0, _, z0 = scene:shape(item):min()
    local x1, _, z1 = scene:shape(item):max()
    love.graphics.rectangle(mode, cx + x0 * SCALE, cy + z0 * SCALE, (x1 - x0) * SCALE, (z1 - z0) * SCALE)
  end
  love.graphics.setColor(0.16, 0.18, 0.2)
  rect("fill", "ground")
  love.graphics.setColor(0.55, 0.6, 0.65)
  for _, w in ipairs { "wall west", "wall east", "wall north", "wall south" } do rect("fill", w) end
  local inside = st.enters[1] + st.enters[2] - st.exits[1] - st.exits[2]
  love.graphics.setColor(1, 0.85, 0.2, inside > 0 and 0.5 or 0.15)
  rect("fill", "gate")
  for k = 1, #CRATES do
    love.graphics.setColor(0.7, 0.45, 0.2)
    rect("fill", "crate" .. k)
    love.graphics.setColor(0.4, 0.25, 0.1)
    rect("line", "crate" .. k)
  end
  for k, name in ipairs(HEROES) do
    local x, y, z = scene:shape(name):a()
    local r = scene:shape(name):radius()
    if k == 1 then love.graphics.setColor(0.95, 0.3, 0.3) else love.graphics.setColor(0.3, 0.55, 1) end
    -- a jump shows as a larger disc
    love.graphics.circle("fill", cx + x * SCALE, cy + z * SCALE, (r + (y - 0.35) * 0.3) * SCALE)
    if k == p.me then
      love.graphics.setColor(1, 1, 1)
      love.graphics.circle("line", cx + x * SCALE, cy + z * SCALE, (r + (y - 0.35) * 0.3) * SCALE + 2)
    end
  end
  love.graphics.setColor(1, 1, 1)
  love.graphics.print(("peer %d plays %s; %s's input comes %d frames late"):format(p.me, HEROES[p.me],
    HEROES[p.other], DELAY), left + 20, TOP - 40)
  love.graphics.print(("played %d: %s   confirmed %d: %s"):format(p.frame, hex(p.hashes[p.frame]),
    p.confirmed, hex(p.hashes[p.confirmed])), left + 20, TOP - 22)
  love.graphics.print(("rollbacks %d (last from frame %s), replayed %d"):format(p.rollbacks,
    tostring(p.last_rollback), p.replayed), left + 20, TOP + 9 * SCALE + 8)
  love.graphics.print(("gate: red in %d out %d, blue in %d out %d; pushes %d"):format(st.enters[1], st.exits[1],
    st.enters[2], st.exits[2], st.pushes), left + 20, TOP + 9 * SCALE + 26)
end

function love.draw()
  love.graphics.clear(0.07, 0.08, 0.1)
  yard(match.peers[1], 0)
  yard(match.peers[2], 512)
  love.graphics.setColor(1, 1, 1)
  love.graphics.print(("tick %d: confirmed frames compared %d, %s"):format(match.tick, match.compared,
    match.desync or "every hash the same on both peers"), 20, 12)
  if shot and match.tick == SHOT_TICK and not taken then
    taken = true
    love.graphics.captureScreenshot(function(img)
      local f = assert(io.open(shot, "wb"))
      f:write(img:encode("png"):getString())
      f:close()
      io.write("screenshot ", shot, "\n")
    end)
  end
  if shot and match.done() then
    io.write(table.concat(match.summary(), "\n"), "\n")
    io.flush()
    love.event.quit(match.desync and 1 or 0)
  end
end
