-- bench/world.lua: the scene and the character beside what a game developer
-- would otherwise pick (doc/performance.md, "The world beside Jolt and
-- bump-3dpd").
--
--   lua bench/world.lua dump FILE     writes the character's levels and
--                                     input for bench/jolt_character.mjs
--   lua bench/world.lua measure       measures under this interpreter and
--                                     prints one `key value...` line a figure
--   lua bench/world.lua walk LEVEL N  walks the character's script N times
--                                     on LEVEL (boxes17, boxes10k, mesh),
--                                     untimed: bench/world_instr.sh counts
--                                     its instructions
--   lua bench/world.lua report F...   reads such files (Lua 5.4, LuaJIT,
--                                     Jolt, in any order; absent ones are
--                                     skipped) and prints the table
--
-- What is measured (make bench-world runs all three steps):
--   1. character update (ch:move) on a 17-box level, on the same with
--      10,000 more boxes around it, and on a terrain of 100,352 triangles:
--      a capsule of radius 0.4 and total height 2, step 0.25, max slope 45,
--      walking a scripted path at 60 Hz (bench/levels.lua); Jolt's
--      CharacterVirtual walks the same (bench/jolt_character.mjs);
--   2. scene:move of aabbs, small (at most 1 unit) and long (5 to 20
--      units), among 1,000 and 10,000 boxes, beside bump-3dpd's world:move
--      at cell sizes 4, 8 and 16 (BUMP3DPD=path/to/bump-3dpd.lua);
--   3. a frame of 100,000 static and 1,000 moving boxes (shapes set,
--      scene:sync(), scene:pairs()), the same with one ground plane, and
--      one where nothing moved; the frame and the one where nothing moved
--      with every item movable; then, with 1,000 static sensors among the
--      items, a frame that moves, syncs and reads scene:events(), beside
--      a call of scene:events() where nothing moved;
--   4. memory per scene item: collectgarbage("count") before and after
--      adding the items (their shapes made before), and what the module
--      reports of its own when it has such a report.
-- Environment: WORLD_ONLY=character (the character's rows alone),
-- WORLD_ONLY=frame (the frame's rows and its memory alone),
-- WORLD_ONLY=memory (the frame's memory row alone, a few seconds),
-- WORLD_SMOKE=1 (tiny sizes, a few seconds), WORLD_REPS (the
-- character's script walked 1 + WORLD_REPS times, the first not timed),
-- WORLD_MOVES (moves per mover, 100 movers), WORLD_FRAMES, WORLD_STATIC,
-- WORLD_MOVING, WORLD_SENSORS, BUMP3DPD.
local mode = arg and arg[1]
local fmt, clock, floor, sqrt = string.format, os.clock, math.floor, math.sqrt
local unpack = table.unpack or unpack

local SMOKE = os.getenv("WORLD_SMOKE") == "1"
local ONLY_CHARACTER = os.getenv("WORLD_ONLY") == "character" or mode == "walk"
local ONLY_FRAME = os.getenv("WORLD_ONLY") == "frame"
local ONLY_MEMORY = os.getenv("WORLD_ONLY") == "memory"
local function env(name, full, smoke)
  return tonumber(os.getenv(name)) or (SMOKE and smoke or full)
end
local REPS = env("WORLD_REPS", 10, 1)
local EXTRA = env("WORLD_EXTRA", 10000, 500)
local TERRAIN = env("WORLD_TERRAIN", 224, 64)       -- 224: 100,352 triangles
local MOVES = env("WORLD_MOVES", 40, 2)
local FRAMES = env("WORLD_FRAMES", 10, 2)
local STATIC = env("WORLD_STATIC", 100000, 2000)
local MOVING = env("WORLD_MOVING", 1000, 50)
local SENSORS = env("WORLD_SENSORS", 1000, 20)
local MOVE_SIZES = SMOKE and { 300, 1000 } or { 1000, 10000 }
local CELLS = { 4, 8, 16 }

-- the character, the same in every row and in the Jolt script
local RADIUS, HEIGHT, STEP, SLOPE = 0.4, 2, 0.25, 45
local DT, G = 1 / 60, 9.81

---------------------------------------------------------------------------
-- report: the table, from the files the other modes wrote

local function read_figures(path)
  local f = io.open(path)
  if not f then return nil end
  local t = {}
  for line in f:lines() do
    local key, rest = line:match("^(%S+)%s*(.*)$")
    if key then
      local vals = {}
      for v in rest:gmatch("%S+") do vals[#vals + 1] = tonumber(v) or v end
      t[key] = vals
    end
  end
  f:close()
  return t
end

-- the files of one engine's rounds in one: each time (a key ending in
-- ".us") the least of the rounds (the least disturbed by the machine's
-- other work, as within a round), the rest from the first round
local function merge(into, t)
  for k, v in pairs(t) do
    if into[k] == nil then
      into[k] = v
    elseif k:match("%.us$") and tonumber(v[1]) and tonumber(v[1]) < tonumber(into[k][1]) then
      into[k] = v
    end
  end
end

local function report(paths)
  local runs, names, by = {}, {}, {}
  for _, p in ipairs(paths) do
    local t = read_figures(p)
    if t and t.who then
      local who = table.concat(t.who, " ")
      if by[who] then
        merge(by[who], t)
      else
        by[who] = t
        runs[#runs + 1] = t
        names[#names + 1] = who
      end
    end
  end
  local jolt, native, luas = nil, nil, {}
  for i, t in ipairs(runs) do
    if names[i]:match("^JoltNative") then native = t
    elseif names[i]:match("^Jolt") then jolt = t
    else luas[#luas + 1] = { name = names[i], t = t } end
  end
  local verdicts = {}
  -- at smoke sizes a goal is not judged: its sizes are the full run's
  local smoke = false
  for _, l in ipairs(luas) do if l.t.smoke then smoke = true end end
  local function verdict(what, holds, why)
    local said = holds == nil and "n/a" or (smoke and "(smoke)") or (holds and "holds" or "NOT MET")
    verdicts[#verdicts + 1] = fmt("  %-9s %s%s", said, what, why and (": " .. why) or "")
  end
  local function num(t, key, i) local v = t and t[key] return v and tonumber(v[i or 1]) end
  local function ratio(a, b) if a and b and b > 0 then return fmt("%.2fx", a / b) end return "-" end
  local function fig(v, f) if v == nil then return "-" end return fmt(f or "%.1f", v) end

  for _, l in ipairs(luas) do
    if l.t.smoke then print(fmt("(%s: smoke sizes, WORLD_SMOKE=1: the code runs, the figures mean little)", l.name)) end
  end
  -- 1. the character
  print("1. character update, us per ch:move (Jolt: CharacterVirtual:ExtendedUpdate), 60 Hz script")
  print(fmt("   capsule r %.1f, height %.0f in all (Jolt: cylinder half height %.1f), step %.2f, max slope %d",
    RADIUS, HEIGHT, HEIGHT / 2 - RADIUS, STEP, SLOPE))
  if not jolt then print("   Jolt: skipped (make bench-world runs it, with node and npm's jolt-physics)") end
  if not native then print("   Jolt native: skipped (make bench-world builds it from third_party/jolt with g++)") end
  local function short(l) return (l.name:gsub("^Lua ", ""):gsub("LuaJIT.*", "LuaJIT")) end
  local header = fmt("   %-34s", "level")
  for _, l in ipairs(luas) do header = header .. fmt(" %12s", l.name:sub(1, 12)) end
  header = header .. fmt(" %12s %12s", "Jolt WASM", "Jolt native")
  for _, l in ipairs(luas) do header = header .. fmt(" %12s", short(l) .. "/Jolt") end
  for _, l in ipairs(luas) do header = header .. fmt(" %12s", short(l) .. "/native") end
  print(header)
  local levels_order = { { "boxes17", "17 boxes" }, { "boxes10k", "17 + extra boxes" }, { "mesh", "terrain mesh" } }
  local char_ok, char_why = true, {}
  local native_ok, native_why = true, {}
  for _, lv in ipairs(levels_order) do
    local key = "char." .. lv[1]
    local label = lv[2]
    local any = luas[1] and luas[1].t[key .. ".items"]
    if any then label = fmt("%s (%s %s)", label, any[1], lv[1] == "mesh" and "triangles" or "items") end
    local line = fmt("   %-34s", label)
    local jus, nus = num(jolt, key .. ".us"), num(native, key .. ".us")
    for _, l in ipairs(luas) do line = line .. fmt(" %12s", fig(num(l.t, key .. ".us"))) end
    line = line .. fmt(" %12s %12s", fig(jus), fig(nus, "%.2f"))
    for _, l in ipairs(luas) do
      local us = num(l.t, key .. ".us")
      line = line .. fmt(" %12s", ratio(us, jus))
      if us and jus then
        if us > jus then
          char_ok = false
          char_why[#char_why + 1] = fmt("%s %s %.2fx", l.name:sub(1, 10), lv[1], us / jus)
        end
      else char_ok = nil end
    end
    -- against native Jolt: at most 0.8x on the box levels, 1x on the terrain
    local most = lv[1] == "mesh" and 1 or 0.8
    for _, l in ipairs(luas) do
      local us = num(l.t, key .. ".us")
      line = line .. fmt(" %12s", ratio(us, nus))
      if us and nus then
        if us > most * nus then
          native_ok = false
          native_why[#native_why + 1] = fmt("%s %s %.2fx", l.name:sub(1, 10), lv[1], us / nus)
        end
      else native_ok = nil end
    end
    print(line)
  end
  print("   final feet position x y z, on the floor (% of frames); distance from Jolt WASM's")
  local far = nil
  for _, lv in ipairs(levels_order) do
    local key = "char." .. lv[1]
    local jp = jolt and jolt[key .. ".pos"]
    local function pos(name, t)
      local p = t and t[key .. ".pos"]
      if not p then return end
      local d = ""
      if jp and t ~= jolt then
        local dx, dy, dz = p[1] - jp[1], p[2] - jp[2], p[3] - jp[3]
        local dist = sqrt(dx * dx + dy * dy + dz * dz)
        if t ~= native then far = math.max(far or 0, dist) end
        d = fmt("  %.2f from Jolt's", dist)
      end
      print(fmt("   %-10s %-14s %8.2f %8.2f %8.2f  %3d%%%s", lv[1], name:sub(1, 14), p[1], p[2], p[3],
        num(t, key .. ".floor") or -1, d))
    end
    for _, l in ipairs(luas) do pos(l.name, l.t) end
    pos("Jolt WASM", jolt)
    pos("Jolt native", native)
  end
  verdict("the walks end where Jolt's do (within 1 unit)", far and far <= 1 or (far and false),
    far and fmt("at most %.2f apart", far) or nil)
  verdict("character update <= Jolt WASM on all three levels, every Lua", char_ok,
    #char_why > 0 and table.concat(char_why, ", ") or nil)
  verdict("character update <= 0.8x native Jolt on the box levels, <= 1x on the terrain, every Lua",
    native_ok, #native_why > 0 and table.concat(native_why, ", ") or nil)

  local function targets()
    print()
    print("targets")
    for _, v in ipairs(verdicts) do print(v) end
  end
  local rest = false
  for _, l in ipairs(luas) do rest = rest or l.t["move.sizes"] ~= nil or l.t["frame.plain"] ~= nil end
  if not rest then
    print()
    print("(WORLD_ONLY=character: scene:move, the frame and memory not measured)")
    targets()
    return
  end

  -- 2. scene:move beside bump-3dpd
  print()
  print("2. scene:move beside bump-3dpd's world:move, us per move (100 aabbs moving among the boxes)")
  local small_ok, small_why, long_ok = true, {}, true
  for _, l in ipairs(luas) do
    local t = l.t
    if t["move.skipped"] then
      local given = t["move.skipped"][1]
      print(fmt("   %s: bump-3dpd skipped: set BUMP3DPD=path/to/bump-3dpd.lua%s", l.name,
        given ~= "unset" and fmt(" (%s: no such file)", given) or ""))
      small_ok = nil
    end
    print(fmt("   %-12s %-22s %9s %9s %9s %9s %9s %s", l.name:sub(1, 12), "boxes, moves", "collide",
      "bump c=4", "c=8", "c=16", "best/us", "collisions per move (collide, bump c=8)"))
    for _, n in ipairs(t["move.sizes"] or {}) do
      for _, kind in ipairs({ "small", "long" }) do
        local key = fmt("move.%d.%s", n, kind)
        local us = num(t, key .. ".collide")
        local best
        local line = fmt("   %-12s %-22s %9s", "", fmt("%d, %s", n, kind), fig(us, "%.2f"))
        for _, c in ipairs(CELLS) do
          local b = num(t, key .. ".bump" .. c)
          if b and (not best or b < best) then best = b end
          line = line .. fmt(" %9s", fig(b, "%.2f"))
        end
        line = line .. fmt(" %9s", ratio(best, us))
        line = line .. fmt(" %s, %s", fig(num(t, key .. ".collide", 2), "%.2f"),
          fig(num(t, key .. ".bump8", 2), "%.2f"))
        print(line)
        if best and us then
          if kind == "small" and best / us < 2 then
            small_ok = false; small_why[#small_why + 1] = fmt("%s %d: %.2fx", l.name:sub(1, 10), n, best / us)
          end
          if kind == "long" and best / us < 1 then long_ok = false end
        end
      end
    end
  end
  verdict("small moves >= 2x faster than bump-3dpd at its best cell size", small_ok,
    #small_why > 0 and table.concat(small_why, ", ") or nil)
  verdict("long moves ahead of bump-3dpd at its best cell size", small_ok ~= nil and long_ok or nil)

  -- 3. the frame
  print()
  print("3. frame: shapes of the moving boxes set, scene:sync(), scene:pairs(); ms per frame")
  local plane_ok, still_ok, pw, sw = true, true, {}, {}
  for _, l in ipairs(luas) do
    local t = l.t
    local plain, plane, still = num(t, "frame.plain"), num(t, "frame.plane"), num(t, "frame.still")
    print(fmt("   %-12s %s static + %s moving boxes%s", l.name:sub(1, 12), fig(num(t, "frame.static"), "%d"),
      fig(num(t, "frame.moving"), "%d"), t["frame.options"] and " (added with static = true)" or " (no item options)"))
    local function split(key)
      return fmt("sync %s, pairs %s", fig(num(t, key, 3), "%.3f"), fig(num(t, key, 4), "%.3f"))
    end
    print(fmt("   %-12s %-44s %9s ms  %d pairs; %s", "", "frame", fig(plain, "%.2f"), num(t, "frame.plain", 2) or -1,
      split("frame.plain")))
    print(fmt("   %-12s %-44s %9s ms  %s of the frame without (target <= 1.20x); %s", "", "frame with one ground plane",
      fig(plane, "%.2f"), ratio(plane, plain), split("frame.plane")))
    print(fmt("   %-12s %-44s %9s ms  %s of the frame (target <= 0.05x); %s", "", "frame where nothing moved",
      fig(still, "%.3f"), ratio(still, plain), split("frame.still")))
    if plain and plane and still then
      if plane / plain > 1.2 then plane_ok = false; pw[#pw + 1] = fmt("%s %.2fx", l.name:sub(1, 10), plane / plain) end
      if still / plain > 0.05 then still_ok = false; sw[#sw + 1] = fmt("%s %.2fx", l.name:sub(1, 10), still / plain) end
    end
  end
  verdict("a ground plane costs <= 1.2x the frame without", plane_ok, #pw > 0 and table.concat(pw, ", ") or nil)
  verdict("nothing-moved frame <= 5% of the frame where the movers moved", still_ok,
    #sw > 0 and table.concat(sw, ", ") or nil)
  local mov_ok, mw = nil, {}
  for _, l in ipairs(luas) do
    local t = l.t
    local mov, mstill = num(t, "frame.movable"), num(t, "frame.movable.still")
    if mov and mstill then
      print(fmt("   %-12s %-44s %9s ms  %d pairs; %s", l.name:sub(1, 12), "frame, every item movable",
        fig(mov, "%.2f"), num(t, "frame.movable", 2) or -1,
        fmt("sync %s, pairs %s", fig(num(t, "frame.movable", 3), "%.3f"), fig(num(t, "frame.movable", 4), "%.3f"))))
      print(fmt("   %-12s %-44s %9s ms  %s of that frame (target <= 0.05x); sync %s, pairs %s", "",
        "the same where nothing moved", fig(mstill, "%.3f"), ratio(mstill, mov),
        fig(num(t, "frame.movable.still", 3), "%.4f"), fig(num(t, "frame.movable.still", 4), "%.3f")))
      if mov_ok == nil then mov_ok = true end
      if mstill / mov > 0.05 then mov_ok = false; mw[#mw + 1] = fmt("%s %.3fx", l.name:sub(1, 10), mstill / mov) end
    end
  end
  verdict("nothing-moved frame <= 5% of the frame, every item movable", mov_ok,
    #mw > 0 and table.concat(mw, ", ") or nil)
  local ev_ok, ew = true, {}
  for _, l in ipairs(luas) do
    local t = l.t
    local frame, idle = num(t, "events.frame"), num(t, "events.idle")
    if frame and idle then
      print(fmt("   %-12s %-44s %9s ms  %d events; %s sensors among the items", l.name:sub(1, 12),
        "frame with events (move, sync, scene:events())", fig(frame, "%.2f"), num(t, "events.frame", 2) or -1,
        fig(num(t, "events.sensors"), "%d")))
      print(fmt("   %-12s %-44s %9s ms  %s of that frame (target <= 0.05x)", "",
        "scene:events() where nothing moved", fig(idle, "%.4f"), ratio(idle, frame)))
      if idle / frame > 0.05 then ev_ok = false; ew[#ew + 1] = fmt("%s %.3fx", l.name:sub(1, 10), idle / frame) end
    end
  end
  verdict("an idle scene:events() <= 5% of a frame that moves the movers", ev_ok,
    #ew > 0 and table.concat(ew, ", ") or nil)

  -- 4. memory
  print()
  print("4. memory per scene item, bytes (the shapes themselves not counted)")
  for _, l in ipairs(luas) do
    local t = l.t
    for _, n in ipairs(t["move.sizes"] or {}) do
      local c, b = num(t, fmt("mem.%d.collide", n)), num(t, fmt("mem.%d.bump8", n))
      local mb = num(t, fmt("mem.%d.module", n))
      print(fmt("   %-12s %6d boxes: collide %s B (Lua heap)%s   bump-3dpd c=8 %s B  %s", l.name:sub(1, 12), n,
        fig(c, "%.0f"), mb and fmt(" + %s B (module's report)", fig(mb, "%.0f")) or "",
        fig(b, "%.0f"), ratio(c, b)))
    end
    print(fmt("   %-12s %6s boxes (the frame's scene): collide %s B (Lua heap)%s; the process grew by %s B an item",
      "", fig(num(t, "mem.frame", 2), "%d"), fig(num(t, "mem.frame"), "%.0f"),
      t["mem.frame.module"] and fmt(" + %s B (module's report)", fig(num(t, "mem.frame.module"), "%.0f")) or "",
      fig(num(t, "mem.frame.rss"), "%.0f")))
    local report_how = t["mem.report"] and table.concat(t["mem.report"], " ") or "none"
    print(fmt("   %-12s module's own memory report: %s", "", report_how))
  end

  targets()
end

if mode == "report" then
  report({ unpack(arg, 2) })
  return
end

---------------------------------------------------------------------------
-- dump: the levels and the input as text for the Jolt script

local levels = require "levels"

local function level_boxes(name)
  local b = levels.boxes17()
  if name == "boxes10k" then
    for _, x in ipairs(levels.extra(EXTRA)) do b[#b + 1] = x end
  end
  return b
end

if mode == "dump" then
  local f = assert(io.open(arg[2], "w"))
  f:write(fmt("character %.17g %.17g %.17g %.17g\n", RADIUS, HEIGHT, STEP, SLOPE))
  for _, leg in ipairs(levels.script) do f:write(fmt("leg %.17g %.17g %.17g %.17g\n", unpack(leg))) end
  for _, name in ipairs({ "boxes17", "boxes10k" }) do
    local b = level_boxes(name)
    f:write(fmt("level %s %d 0 0 0\n", name, #b))
    for _, x in ipairs(b) do f:write(fmt("box %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n", unpack(x))) end
  end
  local v, idx, h = levels.terrain(TERRAIN)
  local sx, sz = TERRAIN / 4, TERRAIN / 2
  f:write(fmt("level mesh %d %.17g %.17g %.17g\n", #idx / 3, sx, h(sx, sz), sz))
  f:write(fmt("vertices %d", #v / 3))
  for i = 1, #v do f:write(" ", fmt("%.17g", v[i])) end
  f:write(fmt("\nindices %d", #idx / 3))
  for i = 1, #idx do f:write(" ", idx[i] - 1) end
  f:write("\n")
  f:close()
  return
end

assert(mode == "measure" or mode == "walk",
  "usage: lua bench/world.lua dump FILE | measure | walk LEVEL N | report FILE...")

---------------------------------------------------------------------------
-- measure

local collide = require "collide"
local out = {}
local function put(key, ...)
  local vals = { ... }
  for i = 1, #vals do vals[i] = type(vals[i]) == "number" and fmt("%.6g", vals[i]) or tostring(vals[i]) end
  out[#out + 1] = key .. " " .. table.concat(vals, " ")
end
put("who", jit and (jit.version:gsub("^LuaJIT (%d+%.%d+).*", "LuaJIT %1")) or _VERSION)
if SMOKE then put("smoke", 1) end

-- what the module says of itself, when it can
if type(collide.info) == "function" then
  local ok, info = pcall(collide.info)
  if ok and type(info) == "table" then
    put("info", tostring(info.version), tostring(info.simd), "ffi=" .. tostring(info.ffi))
  end
end

local function heap()
  collectgarbage()
  collectgarbage()
  return collectgarbage("count") * 1024
end

-- the process's resident size in bytes (Linux), nil elsewhere: with the
-- Lua heap it shows storage a module allocates outside it
local function resident()
  local f = io.open("/proc/self/status")
  if not f then return nil end
  local kb = f:read("a"):match("VmRSS:%s*(%d+)")
  f:close()
  return kb and tonumber(kb) * 1024
end

-- the module's own report of its memory, when it has one (a world in C
-- may keep storage the Lua heap does not see)
local function module_bytes(scene)
  for _, name in ipairs({ "memory", "bytes" }) do
    local f = scene[name]
    if type(f) == "function" then
      local ok, v = pcall(f, scene)
      if ok and type(v) == "number" then return v, "scene:" .. name .. "()" end
    end
  end
end

-- 3. the frame: STATIC boxes that never move and MOVING ones (the broad
-- phase benchmark's sizes and speeds, in a world sized to keep the density
-- of 100,000 boxes in 1000 units). Measured first, while the process is
-- fresh, so that the resident size grows by what its scene takes (freed
-- memory the allocator would reuse is not there yet).
if not ONLY_CHARACTER then
  local r = levels.rng(20261124)
  local total = STATIC + MOVING
  local W = 1000 * (total / 100000) ^ (1 / 3)
  local s = collide.scene()
  local options = type(s.set) == "function"
  local b = { x = {}, y = {}, z = {}, vx = {}, vy = {}, vz = {}, e = {} }
  local x, y, z, e, vx, vy, vz, shapes = b.x, b.y, b.z, b.e, b.vx, b.vy, b.vz, {}
  for i = 1, total do
    x[i], y[i], z[i] = r(0, W), r(0, W), r(0, W)
    e[i] = r(0.5, 2.5)
    vx[i], vy[i], vz[i] = r(-0.5, 0.5), r(-0.5, 0.5), r(-0.5, 0.5)
    shapes[i] = collide.aabb(x[i] - e[i], y[i] - e[i], z[i] - e[i], x[i] + e[i], y[i] + e[i], z[i] + e[i])
  end
  local before, rss = heap(), resident()
  for i = 1, total do
    if options and i <= STATIC then s:add(i, shapes[i], { static = true }) else s:add(i, shapes[i]) end
  end
  s:sync()
  local npairs = #s:pairs()
  put("mem.frame", (heap() - before) / total, total)
  if rss then put("mem.frame.rss", (resident() - rss) / total) end
  local mb = module_bytes(s)
  if mb then put("mem.frame.module", mb / total) end
  if ONLY_MEMORY then
    for _, line in ipairs(out) do print(line) end
    return
  end
  put("frame.static", STATIC)
  put("frame.moving", MOVING)
  if options then put("frame.options", "static") end

  local function step() levels.step_boxes(b, shapes, STATIC + 1, total, 1, W) end
  -- the best frame: its time, the pairs, and its time in sync and in pairs
  local function frames(moving)
    step(); s:sync(); s:pairs()                 -- one frame not timed
    local best, bsync, bpairs = math.huge, 0, 0
    for _ = 1, FRAMES do
      local t0 = clock()
      if moving then step() end
      local t1 = clock()
      s:sync()
      local t2 = clock()
      npairs = #s:pairs()
      local t3 = clock()
      if t3 - t0 < best then best, bsync, bpairs = t3 - t0, t2 - t1, t3 - t2 end
    end
    return best * 1e3, npairs, bsync * 1e3, bpairs * 1e3
  end
  -- the frame, the one where nothing moved and the one with a plane in
  -- turn, three times over, each one's best kept: a change in the
  -- machine's load slows them alike
  local ground = collide.plane(0, 1, 0, 0)
  local best = {}
  local function keep(kind, ...)
    local t = { ... }
    if not best[kind] or t[1] < best[kind][1] then best[kind] = t end
  end
  for _ = 1, 3 do
    keep("plain", frames(true))
    keep("still", frames(false))
    if options then s:add("ground", ground, { static = true }) else s:add("ground", ground) end
    keep("plane", frames(true))
    s:remove("ground")
  end
  put("frame.plain", unpack(best.plain))
  put("frame.still", unpack(best.still))
  put("frame.plane", unpack(best.plane))

  -- the frame and the one where nothing moved again with every item
  -- movable (static = false): what sync costs must follow what changed,
  -- not the number of items that can move
  if options then
    for i = 1, STATIC do s:set(i, { static = false }) end
    for _ = 1, 3 do
      keep("movable", frames(true))
      keep("movable.still", frames(false))
    end
    put("frame.movable", unpack(best.movable))
    put("frame.movable.still", unpack(best["movable.still"]))
    for i = 1, STATIC do s:set(i, { static = true }) end
    s:sync(); s:pairs()
  end

  -- events: SENSORS static sensor boxes among the items; a frame that
  -- moves the movers, syncs and reads the events, beside a call of
  -- scene:events() where nothing moved (its cost must follow what moved,
  -- not the size of the scene)
  if type(s.events) == "function" then
    local sr = levels.rng(20261128)
    for k = 1, SENSORS do
      local cx, cy, cz, h = sr(0, W), sr(0, W), sr(0, W), sr(0.02, 0.04) * W
      s:add("sensor" .. k, collide.aabb(cx - h, cy - h, cz - h, cx + h, cy + h, cz + h),
        { sensor = true, static = true })
    end
    s:events()
    local bf, bi, nev = math.huge, math.huge, 0
    for _ = 1, 3 do
      for _ = 1, FRAMES do
        local t0 = clock()
        step(); s:sync()
        nev = #s:events()
        bf = math.min(bf, clock() - t0)
      end
      for _ = 1, FRAMES do
        local t0 = clock()
        for _ = 1, 100 do s:events() end
        bi = math.min(bi, (clock() - t0) / 100)
      end
    end
    put("events.frame", bf * 1e3, nev)
    put("events.idle", bi * 1e3)
    put("events.sensors", SENSORS)
  end
end

if ONLY_FRAME then
  for _, line in ipairs(out) do print(line) end
  return
end

-- 1. the character: the script walked 1 + REPS times, a fresh character
-- each time, the first walk not timed; the best walk's time per frame
-- (the machine is shared: the fastest walk is the one least disturbed)
local function box_shape(b)
  local cx, cy, cz, hx, hy, hz, angle = unpack(b)
  if angle == 0 then return collide.aabb(cx - hx, cy - hy, cz - hz, cx + hx, cy + hy, cz + hz) end
  local a = math.rad(angle)
  local ax, ay = math.cos(a), math.sin(a)
  return collide.obb_from_axes(cx, cy, cz, hx, hy, hz, ax, ay, 0, -ay, ax, 0, 0, 0, 1)
end

local function walk(name, scene, x, y, z, items)
  local cap = collide.capsule(x, y + RADIUS, z, x, y + HEIGHT - RADIUS, z, RADIUS)
  scene:add("player", cap)
  local options = { step_height = STEP, max_slope = SLOPE }
  local frames, floors, best = 0, 0, math.huge
  local fx, fy, fz
  for rep = 0, REPS do
    cap:set(x, y + RADIUS, z, x, y + HEIGHT - RADIUS, z, RADIUS)
    scene:update("player")
    local ch = collide.character(scene, "player", options)
    local vy = 0
    local t0 = clock()
    levels.walk(function(vx, vz)
      vy = vy - G * DT
      ch:move(vx * DT, vy * DT, vz * DT)
      if ch:on_floor() then
        vy = 0
        if rep == 0 then floors = floors + 1 end
      end
      if rep == 0 then frames = frames + 1 end
    end)
    if rep > 0 then best = math.min(best, (clock() - t0) / frames) end
    if rep == 0 then
      local ax, ay, az = cap:a()
      fx, fy, fz = ax, ay - RADIUS, az
    end
  end
  put("char." .. name .. ".us", best * 1e6)
  put("char." .. name .. ".pos", fx, fy, fz)
  put("char." .. name .. ".floor", floor(100 * floors / frames + 0.5))
  put("char." .. name .. ".items", items)
  put("char." .. name .. ".frames", frames)
end

if mode == "walk" then
  -- WORLD_TRACE=1: every frame's place and floor flag printed in hex
  -- floats, to compare two builds' walks bit for bit
  local TRACE = os.getenv("WORLD_TRACE") == "1"
  local name, n = arg[2], tonumber(arg[3])
  local s = collide.scene()
  local x, y, z = 0, 0, 0
  if name == "mesh" then
    local v, idx, h = levels.terrain(TERRAIN)
    s:add("terrain", collide.mesh(v, idx))
    x, z = TERRAIN / 4, TERRAIN / 2
    y = h(x, z)
  else
    assert(name == "boxes17" or name == "boxes10k", "walk: boxes17, boxes10k or mesh")
    for i, b in ipairs(level_boxes(name)) do s:add(i, box_shape(b)) end
  end
  local cap = collide.capsule(x, y + RADIUS, z, x, y + HEIGHT - RADIUS, z, RADIUS)
  s:add("player", cap)
  for _ = 1, n do
    cap:set(x, y + RADIUS, z, x, y + HEIGHT - RADIUS, z, RADIUS)
    s:update("player")
    local ch = collide.character(s, "player", { step_height = STEP, max_slope = SLOPE })
    local vy = 0
    levels.walk(function(vx, vz)
      vy = vy - G * DT
      ch:move(vx * DT, vy * DT, vz * DT)
      if ch:on_floor() then vy = 0 end
      if TRACE then
        local ax, ay, az = cap:a()
        print(("%a %a %a %s"):format(ax, ay, az, tostring(ch:on_floor())))
      end
    end)
  end
  return
end

for _, name in ipairs({ "boxes17", "boxes10k" }) do
  local s = collide.scene()
  local b = level_boxes(name)
  for i, x in ipairs(b) do s:add(i, box_shape(x)) end
  walk(name, s, 0, 0, 0, #b)
end
-- the extra boxes are all outside the level: the walk must not change
do
  local a, b = out[#out - 8], out[#out - 3]
  assert(a:match("^char.boxes17.pos") and b:match("^char.boxes10k.pos"))
  if a:gsub("^%S+", "") ~= b:gsub("^%S+", "") then
    error(("the extra boxes changed the walk: %s, %s"):format(a, b))
  end
end
do
  local v, idx, h = levels.terrain(TERRAIN)
  local m = collide.mesh(v, idx)
  local s = collide.scene()
  s:add("terrain", m)
  local sx, sz = TERRAIN / 4, TERRAIN / 2        -- the script goes about 32 units along +x
  walk("mesh", s, sx, h(sx, sz), sz, m:count())
end

if ONLY_CHARACTER then
  for _, line in ipairs(out) do print(line) end
  return
end

-- 2. scene:move beside bump-3dpd
local bump
local BUMP = os.getenv("BUMP3DPD")
if BUMP and BUMP ~= "" then
  local f = io.open(BUMP)
  if f then f:close(); bump = dofile(BUMP) end
end
if not bump then put("move.skipped", (BUMP and BUMP ~= "") and BUMP or "unset") end
put("move.sizes", unpack(MOVE_SIZES))

-- n boxes of 0.5 to 2 units, one in each cell of a lattice of 3.5-unit
-- cells (so none overlaps another), as min corner and size
local SPACING = 3.5
local function lattice(n)
  local r = levels.rng(31337)
  local k = math.ceil(n ^ (1 / 3) - 1e-9)
  local b = {}
  for i = 0, n - 1 do
    local a, bb, c = i % k, floor(i / k) % k, floor(i / (k * k))
    local w, h, d = r(0.5, 2), r(0.5, 2), r(0.5, 2)
    local x = a * SPACING + r(0, SPACING - w - 0.01)
    local y = bb * SPACING + r(0, SPACING - h - 0.01)
    local z = c * SPACING + r(0, SPACING - d - 0.01)
    b[#b + 1] = { x, y, z, w, h, d }
  end
  return b, k * SPACING
end

-- the moves: for each of MOVES rounds, each mover (every n/100-th box) asks
-- for a displacement drawn from one generator; a mover that has left the
-- lattice is sent back towards its middle. Timed by blocks of 10 rounds,
-- the best block's time per move (the same moves on every side). move(i, x, y, z, dx, dy, dz)
-- performs one and returns the new min corner and the collisions met.
local function run_moves(boxes, size, kind, move)
  local r = levels.rng(99)
  local n = #boxes
  local stride = math.max(1, floor(n / 100))
  local pos = {}
  for i = 1, n, stride do pos[#pos + 1] = { i, boxes[i][1], boxes[i][2], boxes[i][3] } end
  local cols, calls, best = 0, 0, math.huge
  local t0, block = clock(), 0
  for round = 1, MOVES do
    for j = 1, #pos do
      local p = pos[j]
      local dx, dy, dz = r(-1, 1), r(-1, 1), r(-1, 1)
      local len = sqrt(dx * dx + dy * dy + dz * dz) + 1e-9
      local want = kind == "small" and r(0, 1) or r(5, 20)
      dx, dy, dz = dx / len * want, dy / len * want, dz / len * want
      if p[2] < 0 or p[2] > size then dx = (size / 2 - p[2]) > 0 and math.abs(dx) or -math.abs(dx) end
      if p[3] < 0 or p[3] > size then dy = (size / 2 - p[3]) > 0 and math.abs(dy) or -math.abs(dy) end
      if p[4] < 0 or p[4] > size then dz = (size / 2 - p[4]) > 0 and math.abs(dz) or -math.abs(dz) end
      local x, y, z, c = move(p[1], p[2], p[3], p[4], dx, dy, dz)
      p[2], p[3], p[4] = x, y, z
      cols = cols + c
      calls = calls + 1
    end
    block = block + #pos
    if round % 10 == 0 or round == MOVES then      -- blocks of 10 rounds: the best one
      best = math.min(best, (clock() - t0) / block)
      t0, block = clock(), 0
    end
  end
  return best * 1e6, cols / calls
end


for _, n in ipairs(MOVE_SIZES) do
  local boxes, size = lattice(n)
  for _, kind in ipairs({ "small", "long" }) do
    local shapes = {}
    for i, b in ipairs(boxes) do
      shapes[i] = collide.aabb(b[1], b[2], b[3], b[1] + b[4], b[2] + b[5], b[3] + b[6])
    end
    local before = heap()
    local s = collide.scene()
    for i = 1, n do s:add(i, shapes[i]) end
    s:query(shapes[1])
    if kind == "small" then
      put(fmt("mem.%d.collide", n), (heap() - before) / n)
      local mb, how = module_bytes(s)
      if mb then put(fmt("mem.%d.module", n), mb / n); put("mem.report", how) end
    end
    local us, c = run_moves(boxes, size, kind, function(i, x, y, z, dx, dy, dz)
      local mx, my, mz, cols = s:move(i, dx, dy, dz)
      return x + mx, y + my, z + mz, #cols
    end)
    put(fmt("move.%d.%s.collide", n, kind), us, c)
    s = nil                                       -- collected before bump's world is measured
    if bump then
      for _, cell in ipairs(CELLS) do
        before = heap()
        local w = bump.newWorld(cell)
        for i, b in ipairs(boxes) do w:add(i, b[1], b[2], b[3], b[4], b[5], b[6]) end
        if kind == "small" and cell == 8 then put(fmt("mem.%d.bump8", n), (heap() - before) / n) end
        us, c = run_moves(boxes, size, kind, function(i, x, y, z, dx, dy, dz)
          local ax, ay, az, _, len = w:move(i, x + dx, y + dy, z + dz)
          return ax, ay, az, len
        end)
        put(fmt("move.%d.%s.bump%d", n, kind, cell), us, c)
      end
    end
  end
end

for _, line in ipairs(out) do print(line) end
