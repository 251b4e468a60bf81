-- spec/game.lua - a fixed game played through collide, every result
-- written exactly, for the determinism spec (spec/determinism_spec.lua)
-- and the builds that run it outside busted (arm64 under qemu,
-- WebAssembly under node: doc/determinism.md).
--
-- Plain Lua 5.1 to 5.5 and LuaJIT, no busted: the inputs come from the
-- specs' seeded generator (spec/ref.lua's minstd) and from arithmetic that
-- rounds the same on every IEEE machine (+, -, *, /, sqrt; no sin or cos,
-- whose last bit is the C library's). Every result is written out (numbers
-- as hex floats, `hex` below) and each section's text is hashed.
--
--   local game = require "game"
--   game.EXPECTED           the committed hashes, {{name=, count=, hash=}, ...}
--   game.lines(sections)    "name count hash" per section, one line each
--   game.hex(x)             x as a normalised hex float, "0x1.8p+1"
--   game.play([log], [lib]) {{name=, count=, hash=}, ...}, one per section
--                           in play order; log(section, line) sees every
--                           line; lib is the module (require "collide")
--
-- As a script (lua spec/game.lua, with collide and spec/ on the paths):
-- prints one line per section, "name count hash", and fails unless they
-- are the committed ones.
local as_module = ...
local the_module = require "collide"
local rng = require("ref").rng

local G = {}

-- A change that alters a result on purpose (an algorithm, collide.epsilon)
-- changes these: print the new ones by running this file, and say in the
-- commit which results changed and why.
G.EXPECTED = {
  { name = "narrow", count = 2757, hash = "2f433762805afb04" },
  { name = "mesh", count = 6119, hash = "d718ffccf7d061ea" },
  { name = "heightfield", count = 2904, hash = "6e72ac3e5eff33d9" },
  { name = "hull", count = 4251, hash = "d2c18b9b2f99c900" },
  { name = "contact", count = 6946, hash = "3b100926bae34396" },
  { name = "sweep", count = 1968, hash = "d5dc08663d55fd28" },
  { name = "scene", count = 2027, hash = "9ad380268c99d943" },
  { name = "character", count = 3574, hash = "da2e24a8e393d475" },
  { name = "angles", count = 2024, hash = "0890e2b1e8ebd78b" },
  { name = "turn", count = 2095, hash = "e3043c61cea97f0c" },
  { name = "rollback", count = 1488, hash = "410fd038393ba94a" },
}

function G.lines(sections)
  local out = {}
  for i, s in ipairs(sections) do out[i] = s.name .. " " .. s.count .. " " .. s.hash end
  return table.concat(out, "\n")
end

local floor, huge = math.floor, math.huge
local DIGITS = "0123456789abcdef"

-- x written exactly, as C's %a writes a normal double: sign, 0x1, the
-- fraction's hex digits without trailing zeros, the binary exponent
-- ("0x1.8p+1", "-0x1p-3", "0x0p+0", "-0x0p+0", "inf", "nan"); a subnormal
-- is written normalised too. Every step is exact (halving, doubling,
-- taking sixteenths of a fraction of 53 bits), so every Lua writes the
-- same text, whatever its C library's printf does with %a.
function G.hex(x)
  x = x * 1.0   -- a float (Lua 5.3+ integers), keeping the sign of a zero
  if x ~= x then return "nan" end
  if x == huge then return "inf" end
  if x == -huge then return "-inf" end
  local sign = ""
  if x < 0 or (x == 0 and 1 / x < 0) then sign, x = "-", -x end
  if x == 0 then return sign .. "0x0p+0" end
  local e = 0
  while x >= 2 ^ 64 do x, e = x / 2 ^ 64, e + 64 end
  while x >= 2 do x, e = x / 2, e + 1 end
  while x < 2 ^ -64 do x, e = x * 2 ^ 64, e - 64 end
  while x < 1 do x, e = x * 2, e - 1 end
  local f, digits = x - 1, {}
  while f > 0 do
    f = f * 16
    local d = floor(f)
    f = f - d
    digits[#digits + 1] = DIGITS:sub(d + 1, d + 1)
  end
  local frac = #digits > 0 and "." .. table.concat(digits) or ""
  return string.format("%s0x1%sp%s%d", sign, frac, e < 0 and "-" or "+", e < 0 and -e or e)
end

-- two polynomial hashes of a string, modulo the primes below 2^32 (every
-- product is below 2^41: exact in a double and in an integer)
local P1, P2 = 4294967291, 4294967279
local function hash(s, h1, h2)
  for i = 1, #s do
    local b = s:byte(i)
    h1 = (h1 * 257 + b) % P1
    h2 = (h2 * 263 + b) % P2
  end
  return h1, h2
end

-- a value as the game writes it
local function word(v)
  local t = type(v)
  if t == "number" then return G.hex(v) end
  if t == "table" then
    -- a result record (a collision, a contact, a hit): its fields in a
    -- fixed order
    local parts = {}
    for _, k in ipairs({ "item", "other", "type", "index", "t", "x", "y", "z", "nx", "ny", "nz", "depth" }) do
      if v[k] ~= nil then parts[#parts + 1] = k .. "=" .. word(v[k]) end
    end
    return "{" .. table.concat(parts, " ") .. "}"
  end
  return tostring(v)
end

function G.play(log, lib)
  local collide = lib or the_module
  local sections, current = {}, nil
  local function section(name)
    current = { name = name, count = 0, h1 = 0, h2 = 0 }
    sections[#sections + 1] = current
  end
  -- one line: what was asked (a label) and every result, nils included
  local function put(label, ...)
    local n = select("#", ...)
    local parts = { label }
    for i = 1, n do parts[i + 1] = word((select(i, ...))) end
    local line = table.concat(parts, " ")
    current.count = current.count + n
    current.h1, current.h2 = hash(line .. "\n", current.h1, current.h2)
    if log then log(current.name, line) end
  end
  local function put_list(label, list)
    put(label .. "#", #list)
    for i = 1, #list do put(label, list[i]) end
  end

  local g = rng(20261128)
  local u = g.uniform
  local function point(s) return u(-s, s), u(-s, s), u(-s, s) end
  local function quat()
    while true do
      local x, y, z, w = u(-1, 1), u(-1, 1), u(-1, 1), u(-1, 1)
      local l2 = x * x + y * y + z * z + w * w
      if l2 > 0.01 and l2 <= 1 then
        local l = math.sqrt(l2)
        return x / l, y / l, z / l, w / l
      end
    end
  end
  local function aabb(s, e)
    local x, y, z = point(s)
    return collide.aabb(x, y, z, x + u(0.1, e), y + u(0.1, e), z + u(0.1, e))
  end
  local function sphere(s, r) local x, y, z = point(s) return collide.sphere(x, y, z, u(0.1, r)) end
  local function obb(s, e)
    local x, y, z = point(s)
    local qx, qy, qz, qw = quat()
    return collide.obb(x, y, z, u(0.1, e), u(0.1, e), u(0.1, e), qx, qy, qz, qw)
  end
  local function capsule(s, r)
    local ax, ay, az = point(s)
    local dx, dy, dz = point(2)
    return collide.capsule(ax, ay, az, ax + dx, ay + dy, az + dz, u(0.1, r))
  end
  local function triangle(s)
    local ax, ay, az = point(s)
    local bx, by, bz = point(s)
    local cx, cy, cz = point(s)
    return collide.triangle(ax, ay, az, bx, by, bz, cx, cy, cz)
  end
  local function ray_at(s, tx, ty, tz)
    local ox, oy, oz = point(s)
    local dx, dy, dz = tx - ox + u(-1, 1), ty - oy + u(-1, 1), tz - oz + u(-1, 1)
    return collide.ray(ox, oy, oz, dx, dy, dz)
  end
  local function hull(s, n)
    local pts = {}
    for i = 1, 3 * n do pts[i] = u(-s, s) end
    local px, py, pz = point(4)
    local qx, qy, qz, qw = quat()
    return collide.hull(pts, { px, py, pz }, { qx, qy, qz, qw })
  end
  local makers = {
    aabb = function() return aabb(4, 2) end, sphere = function() return sphere(4, 1.5) end,
    obb = function() return obb(4, 1.5) end, capsule = function() return capsule(4, 1) end,
    triangle = function() return triangle(4) end, hull = function() return hull(1.5, 10) end,
  }
  local order = { "aabb", "sphere", "obb", "capsule", "triangle", "hull" }

  -- the short tests LuaJIT's FFI path runs in Lua, and the C ones beside
  section("narrow")
  for i = 1, 150 do
    local a, b, c = aabb(3, 2), sphere(3, 1.5), aabb(3, 2)
    put("intersects", i, a:intersects(c), a:intersects(b), b:intersects(sphere(3, 1.5)),
        collide.intersects(b, a))
    local r = ray_at(6, 0, 0, 0)
    put("cast aabb", i, r:cast(a))
    put("cast sphere", i, r:cast(b))
    local tr = triangle(2)
    put("cast triangle", i, r:cast(tr))
    put("cast triangle culled", i, collide.cast(r, tr, true))
    put("slab", i, r:slab(a))
  end

  -- a terrain mesh: raycasts, queries and contacts
  section("mesh")
  local N = 14
  local verts, idx = {}, {}
  for j = 0, N - 1 do
    for i = 0, N - 1 do
      verts[#verts + 1] = i - N / 2 + u(-0.3, 0.3)
      verts[#verts + 1] = u(-0.6, 0.6)
      verts[#verts + 1] = j - N / 2 + u(-0.3, 0.3)
    end
  end
  for j = 0, N - 2 do
    for i = 0, N - 2 do
      local a = j * N + i + 1
      idx[#idx + 1], idx[#idx + 2], idx[#idx + 3] = a, a + N, a + N + 1
      idx[#idx + 1], idx[#idx + 2], idx[#idx + 3] = a, a + N + 1, a + 1
    end
  end
  local mesh = collide.mesh(verts, idx)
  put("bounds", mesh:bounds())
  for i = 1, 250 do
    local r = ray_at(9, u(-6, 6), 0, u(-6, 6))
    put("cast", i, r:cast(mesh))
    put("cast culled", i, r:cast(mesh, true))
  end
  for i = 1, 60 do
    local x, z = u(-6, 6), u(-6, 6)
    local s = collide.sphere(x, u(-0.5, 0.8), z, u(0.2, 0.9))
    put_list("query " .. i, mesh:query(s))
    put_list("contacts " .. i, mesh:contacts(s))
    put("contact", i, collide.contact(s, mesh))
    local c = collide.capsule(x, 1, z, x + u(-1, 1), 1.5, z + u(-1, 1), u(0.2, 0.5))
    put("sweep capsule", i, collide.sweep(c, u(-1, 1), -3, u(-1, 1), mesh))
    put("sweep obb", i, collide.sweep(obb(0.1, 0.6):translate(x, 2, z), 0, -4, 0, mesh))
  end

  -- a heightfield with a hole: the same queries
  section("heightfield")
  local C, R, heights = 12, 10, {}
  for k = 1, C * R do heights[k] = u(-1, 1) end
  heights[37] = 0 / 0
  local hf = collide.heightfield(heights, C, R, 0.75, 1.25, { -4, 0, -5 })
  for i = 1, 200 do
    local r = ray_at(8, u(-4, 4), 0, u(-5, 6))
    put("cast", i, r:cast(hf))
  end
  for i = 1, 50 do
    local x, z = u(-4, 4), u(-5, 6)
    local s = collide.sphere(x, u(-0.8, 1), z, u(0.2, 0.9))
    put_list("contacts " .. i, hf:contacts(s))
    put("sweep sphere", i, collide.sweep(s, u(-1, 1), -3, u(-1, 1), hf))
    put("sweep hull", i, collide.sweep(hull(0.5, 8):translate(x, 2, z), 0, -4, 0, hf))
  end

  -- hulls against every kind: casts, intersects, contacts, distances
  section("hull")
  for i = 1, 30 do
    local h = hull(1.5, 6 + i % 12)
    put("hull", i, h:vertex_count(), h:face_count(), h:bounds())
    for k = 1, h:face_count() do put("face", k, h:face(k)) end
    put("cast", i, ray_at(6, 0, 0, 0):cast(h))
    for _, kind in ipairs(order) do
      local o = makers[kind]()
      put(kind, i, h:intersects(o), collide.contact(h, o))
      if kind ~= "triangle" then put("distance " .. kind, i, collide.distance(h, o)) end
    end
  end

  -- contacts, distances and closest points between the other kinds
  section("contact")
  for i = 1, 40 do
    for a = 1, 5 do
      for b = a, 5 do
        local sa, sb = makers[order[a]](), makers[order[b]]()
        -- two triangles have no contact (a surface each)
        if a ~= 5 or b ~= 5 then put(order[a] .. " " .. order[b], i, collide.contact(sa, sb)) end
        put("distance", i, collide.distance(sa, sb))
      end
    end
    local x, y, z = point(5)
    for _, kind in ipairs(order) do
      local s = makers[kind]()
      put("closest " .. kind, i, s:closest_point(x, y, z))
    end
  end

  -- shape casts of every mover at every target
  section("sweep")
  local movers = { "sphere", "capsule", "aabb", "obb", "hull" }
  for i = 1, 25 do
    for _, m in ipairs(movers) do
      for _, kind in ipairs(order) do
        local mover, target = makers[m](), makers[kind]()
        local dx, dy, dz = point(8)
        put(m .. " " .. kind, i, collide.sweep(mover, dx, dy, dz, target))
      end
    end
  end

  -- a level: a scene of boxes, a ramp, a hull, the mesh and the terrain;
  -- boxes pushed around by scene:move, then a character walking it
  section("scene")
  local level = collide.scene()
  level:add("ground", collide.aabb(-20, -3, -20, 20, -1, 20))
  level:add("terrain", mesh)
  level:add("hills", hf)
  level:add("ramp", collide.obb(12, 0, 0, 4, 0.2, 3, 0, 0, 0.2588190451025208, 0.9659258262890683))
  level:add("rock", collide.hull({ -1, 0, -1, 1, 0, -1, 0, 0, 1, 0, 1.5, 0, 0.5, 1, 0.5 }, { 8, -1, 6 }))
  for k = 1, 12 do
    local x, z = u(-14, 14), u(-14, 14)
    level:add("box" .. k, collide.aabb(x, -1, z, x + u(0.5, 2), u(-0.5, 2), z + u(0.5, 2)))
  end
  for k = 1, 4 do
    local x, z = u(-10, 10), u(-10, 10)
    level:add("crate" .. k, collide.aabb(x, 2, z, x + 1, 3, z + 1))
  end
  local responses = { "slide", "touch", "cross", "bounce" }
  for frame = 1, 40 do
    for k = 1, 4 do
      local name = "crate" .. k
      local kind = responses[(frame + k) % 4 + 1]
      local mx, my, mz, cols = level:move(name, u(-1.5, 1.5), u(-1.2, 0.3), u(-1.5, 1.5),
        function() return kind end)
      put("move " .. name, frame, mx, my, mz)
      put_list("collisions", cols)
    end
  end
  for i = 1, 60 do
    local r = ray_at(16, u(-12, 12), 0, u(-12, 12))
    put("raycast", i, level:raycast(r))
    put("sweep", i, level:sweep(sphere(10, 1):translate(0, 6, 0), u(-4, 4), -10, u(-4, 4)))
  end
  local q = level:query(collide.aabb(-6, -2, -6, 6, 1, 6))
  table.sort(q)
  put_list("query", q)

  section("character")
  level:add("hero", collide.capsule(0, 1.5, 0, 0, 2.5, 0, 0.4))
  local hero = collide.character(level, "hero", { step_height = 0.35, max_slope = 50 })
  local vy = 0
  for frame = 1, 240 do
    vy = vy - 9.81 / 60
    if hero:on_floor() and frame % 50 == 0 then vy = 6 end
    local dir = floor(frame / 30) % 4
    local vx = (dir == 0 and 4) or (dir == 2 and -4) or 1
    local vz = (dir == 1 and 4) or (dir == 3 and -4) or -1
    local mx, my, mz = hero:move(vx / 60, vy / 60, vz / 60)
    if hero:on_floor() and vy < 0 then vy = 0 end
    put("move", frame, mx, my, mz, hero:on_floor(), hero:on_wall(), hero:on_ceiling())
    put("floor", frame, hero:floor_normal())
    put("item", frame, hero:floor_item())
    put_list("collisions", hero:collisions())
  end
  put("at", level:shape("hero"):a())

  -- the library's sine and cosine and its rotations: small angles, turns
  -- of a game's lifetime, huge ones (u(1, 2) times 2^e, exact), zeros
  section("angles")
  local a = rng(20261202)
  for i = 1, 200 do put("sincos", i, collide.sincos(a.uniform(-8, 8))) end
  for i = 1, 100 do put("sincos", i, collide.sincos(a.uniform(-1e6, 1e6))) end
  local p = 1.0   -- a float: an integer would wrap past 2^63 in Lua 5.3 and later
  for e = 0, 1020, 5 do
    put("sincos", e, collide.sincos(a.uniform(-2, 2) * p))
    p = p * 32
  end
  local zero = 0.0   -- -zero at run time: Lua 5.1 and 5.2 fold the constant -0.0 into 0
  put("sincos", "0", collide.sincos(zero))
  put("sincos", "-0", collide.sincos(-zero))
  put("sincos", 5e-324, collide.sincos(5e-324))
  for i = 1, 100 do
    local x, y, z = a.uniform(-2, 2), a.uniform(-2, 2), a.uniform(-2, 2)
    put("axis_angle", i, collide.axis_angle(x, y, z, a.uniform(-20, 20)))
  end

  -- the library's arc tangent (points, quotients of every size, the
  -- signed zeros and the infinities), and the turn a character on a
  -- merry-go-round reads from floor_motion
  section("turn")
  local t = rng(20261205)
  for i = 1, 200 do put("atan2", i, collide.atan2(t.uniform(-4, 4), t.uniform(-4, 4))) end
  p = 1.0
  for e = 0, 1000, 8 do
    local y, x = t.uniform(-2, 2), t.uniform(-2, 2)
    put("atan2", e, collide.atan2(y * p, x), collide.atan2(y, x * p), collide.atan2(y / p, x))
    p = p * 256
  end
  local specials = { zero, -zero, 1, -1, huge, -huge }
  for i = 1, #specials do
    for j = 1, #specials do put("atan2", i, j, collide.atan2(specials[i], specials[j])) end
  end
  local ride = collide.scene()
  local deck = collide.obb({ 0, -0.5, 0 }, { 6, 0.5, 6 })
  ride:add("deck", deck)
  ride:add("rider", collide.capsule(2, 0.4, 1, 2, 1.4, 1, 0.4))
  local rider = collide.character(ride, "rider")
  local turn = 0
  for frame = 1, 120 do
    turn = turn + t.uniform(-0.1, 0.3)
    deck:set({ t.uniform(-0.01, 0.01), -0.5, 0 }, { 6, 0.5, 6 }, { collide.axis_angle(0, 1, 0, turn) })
    ride:update("deck")
    put("move", frame, rider:move(t.uniform(-0.02, 0.02), -0.01, t.uniform(-0.02, 0.02)))
    put("floor_motion", frame, rider:floor_motion())
  end
  put("at", ride:shape("rider"):a())

  -- a rollback game: every frame saved, two frames played again now and
  -- then from a snapshot; the results and scene:hash() of each frame
  section("rollback")
  local rb = rng(20261204)
  local game = collide.scene()
  game:add("ground", collide.aabb(-10, -2, -10, 10, -1, 10), { static = true })
  game:add("gate", collide.aabb(-2, -1, -2, 2, 2, 2), { sensor = true })
  for k = 1, 6 do
    game:add("crate" .. k, collide.aabb(k - 4, -1, 3, k - 3.5, -0.5, 3.5), { events = k % 2 == 0 })
  end
  game:add("runner", collide.capsule(-5, -0.6, 0, -5, 0.4, 0, 0.4))
  local runner = collide.character(game, "runner")
  local saved, replayed = {}, {}
  local inputs = {}
  for frame = 1, 80 do inputs[frame] = { rb.uniform(-0.3, 0.3), rb.uniform(-0.3, 0.3), rb.int(6) } end
  local function play(frame)
    local i = inputs[frame]
    put("crate", frame, game:move("crate" .. i[3], i[1], -0.05, i[2]))
    put("runner", frame, runner:move(0.1, -0.05, i[1]))
    put("flags", frame, runner:on_floor(), runner:floor_item())
    local events = game:events()
    for k = 1, #events do put("event", frame, events[k].type, events[k].a, events[k].b) end
    put("hash", frame, game:hash())
  end
  local frame = 0
  while frame < 80 do
    frame = frame + 1
    play(frame)
    saved[frame] = game:snapshot()
    if frame % 7 == 0 and not replayed[frame] then
      replayed[frame] = true
      game:restore(saved[frame - 2])
      frame = frame - 2
    end
  end

  local result = {}
  for k, s in ipairs(sections) do
    result[k] = { name = s.name, count = s.count, hash = string.format("%08x%08x", s.h1, s.h2) }
  end
  return result
end

if as_module == nil then
  local got = G.lines(G.play())
  print(got)
  if got ~= G.lines(G.EXPECTED) then
    io.stderr:write("game: not the committed hashes:\n", G.lines(G.EXPECTED), "\n")
    os.exit(1)
  end
end

return G
