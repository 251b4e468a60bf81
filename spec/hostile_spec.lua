-- spec/hostile_spec.lua: every function and method of collide called with
-- random argument lists: wrong types, missing and extra values, NaN, inf,
-- huge and denormal numbers, shapes of the wrong kind, tables whose
-- metatables have __index traps (errors, weird values, yields, garbage
-- collection, re-entrant calls into collide), callbacks that do the same.
--
-- Asserted: a call either returns or raises a Lua error whose value is a
-- non-empty string (or the trap's own error value passed through); a C
-- function's own errors have the standard forms of doc/robustness.md;
-- nothing crashes (a crash ends the busted run). When every number that went
-- into a call (and into the shapes it was given) was finite and moderate
-- (0 or 1e-6 <= |x| <= 1e6, no trap involved), no result is NaN, nor any
-- number of a shape it returned.
--
-- Fixed seed, own generator (the same sequence under every Lua version).
-- HOSTILE_CALLS=n in the environment changes the number of calls (make
-- check-valgrind uses fewer), HOSTILE_SEED=n the seed (1 .. 2^31 - 2).
local collide = require "collide"

local CALLS = tonumber(os.getenv("HOSTILE_CALLS")) or 100000
local unpack = table.unpack or unpack

-- Park-Miller minimal standard generator: exact in doubles
local seed = tonumber(os.getenv("HOSTILE_SEED")) or 20261122   -- other seeds: explore
local function rand()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
end
local function rint(n) return math.floor(rand() * n) + 1 end
local function pick(t) return t[rint(#t)] end

-- ---------------------------------------------------------------------
-- values

-- moderate numbers: 0 or 1e-6 <= |x| <= 1e6
local function moderate_number()
  local r = rand()
  if r < 0.3 then return rint(11) - 6 end
  if r < 0.6 then return (rand() * 20 - 10) end
  if r < 0.7 then return 0 end
  if r < 0.8 then return (rand() - 0.5) * 2e-3 + 1e-6 * (rand() < 0.5 and 1 or -1) end
  if r < 0.9 then return (rand() - 0.5) * 2e6 end
  return pick { 0.5, 1, -1, 2, 1e-6, -1e-6, 1e6, -1e6, 0.1, 3 }
end

local NAN = 0 / 0
local hostile_numbers = {
  NAN, -NAN, 1 / 0, -1 / 0, 1e308, -1e308, 1.7976931348623157e308, 5e-324, -5e-324,
  1e-320, 2.2250738585072014e-308, 1e-300, 1e300, 2 ^ 53, -2 ^ 53, 2 ^ 63, 1e7, 1e-7,
  -0.0, 1e15, 0.5, 8, 9, 0, -1, 1.5, 3.5,
}
if math.maxinteger then
  hostile_numbers[#hostile_numbers + 1] = math.maxinteger
  hostile_numbers[#hostile_numbers + 1] = math.mininteger
end

local function is_moderate_number(x)
  if x ~= x or x == 1 / 0 or x == -1 / 0 then return false end
  local a = math.abs(x)
  return a == 0 or (a >= 1e-6 and a <= 1e6)
end

-- values known to be moderate: plain vector tables we made, and objects
-- (shapes, trees, meshes...) made and changed only by moderate calls
local safe = setmetatable({}, { __mode = "k" })

local function moderate_vector()
  local r = rand()
  local t
  if r < 0.4 then t = { moderate_number(), moderate_number(), moderate_number() }
  elseif r < 0.8 then t = { x = moderate_number(), y = moderate_number(), z = moderate_number() }
  else t = { moderate_number(), moderate_number(), moderate_number(), moderate_number() } end
  safe[t] = true
  return t
end

local TRAP = setmetatable({}, { __tostring = function() return "trap object" end })
local depth = 0
local chaos_call -- forward

-- tables whose metatables misbehave
local trap_makers = {
  function() return setmetatable({}, { __index = function() error("trap: __index") end }) end,
  function() return setmetatable({}, { __index = function() error(TRAP) end }) end,
  function() return setmetatable({}, { __index = function() return "1" end }) end,
  function() return setmetatable({}, { __index = function() return NAN end }) end,
  function() return setmetatable({}, { __index = function() return 1 / 0 end }) end,
  function() return setmetatable({}, { __index = function() return {} end }) end,
  function() return setmetatable({}, { __index = function(_, k) return k end }) end,
  function()
    local n = 0
    -- numbers for x, y, then a string: the reader must notice half way
    return setmetatable({}, { __index = function()
      n = n + 1
      if n % 3 == 0 then return "z" end
      return n
    end })
  end,
  function()
    return setmetatable({}, { __index = function()
      collectgarbage("collect")
      return 1
    end })
  end,
  function()
    return setmetatable({}, { __index = function()
      coroutine.yield(1)
      return 1
    end })
  end,
  function()
    -- re-enters collide while an argument is being read
    return setmetatable({}, { __index = function()
      chaos_call()
      return 2
    end })
  end,
  function() return setmetatable({ 1, 2, 3 }, { __index = function() error("trap: x") end }) end,
  function() return setmetatable({}, { __index = { x = 1, y = 2, z = 3, w = 4 } }) end,
  function() return setmetatable({}, { __name = "collide.aabb" }) end,
  function() return setmetatable({}, { __name = 42 }) end,
  function() return setmetatable({}, { __len = function() error("trap: __len") end, 1, 2 }) end,
  function() return setmetatable({}, { __len = function() return 1e9 end }) end,
  function() return setmetatable({}, { __metatable = "locked", __index = function() return 0 end }) end,
  function() return setmetatable({}, { __eq = function() error("trap: __eq") end }) end,
}

-- objects made so far (shapes, trees, meshes, scenes...); declared before
-- the callbacks, one of which walks it
local pool = {}

local callbacks = {
  function() return true end,
  function() return false end,
  function() return nil end,
  function() error("trap: callback") end,
  function() error(TRAP) end,
  function(...) return ... end,
  function() return NAN, "x", {} end,
  function() collectgarbage("collect") return true end,
  function() coroutine.yield() return true end,
  function() chaos_call() return true end,
  -- change the tree being walked, from inside its own raycast
  function()
    for _, o in ipairs(pool) do
      if getmetatable(o) == getmetatable(collide.tree()) then
        o:insert(collide.aabb(0, 0, 0, 1, 1, 1))
        o:remove(1)
      end
    end
    return 0.5
  end,
  function() return "far" end,
  function() return NAN end,
  function() return -1 end,
}

local function remember(v)
  if #pool < 300 then pool[#pool + 1] = v else pool[rint(#pool)] = v end
end

local function plain_table()
  return pick {
    {}, { 1, 2 }, { x = 1, y = 2 }, { x = "a", y = 2, z = 3 }, { 1, 2, NAN }, { 1 / 0, 0, 0 },
    { { 1, 2, 3 }, { 4, 5, 6 } }, { 0, 0, 0, 1, 1, 1, 2, 2, 2 }, { 1, 2, 3, n = 3 },
    { true, false }, { "1", "2", "3" }, { x = 1e308, y = 1e308, z = -1e308 }, { 5e-324, 0, 0 },
  }
end

local function any_value()
  local r = rand()
  if r < 0.25 then return moderate_number() end
  if r < 0.35 then return pick(hostile_numbers) end
  if r < 0.45 then return moderate_vector() end
  if r < 0.62 and #pool > 0 then return pick(pool) end
  if r < 0.68 then return plain_table() end
  if r < 0.76 then return pick(trap_makers)() end
  if r < 0.82 then return pick(callbacks) end
  if r < 0.86 then return pick { "", "x", "1", "2.5", "nan", "inf", "aabb", "column", "row", "planes" } end
  if r < 0.90 then return pick { true, false } end
  if r < 0.92 then return io.stdout end
  if r < 0.93 then return coroutine.create(function() end) end
  return nil
end

local seeds -- filled below

-- a new shape of a random kind with moderate numbers
local function fresh_shape()
  local m = moderate_number
  local makers = {
    function() local x, y, z = m(), m(), m(); return collide.aabb(x, y, z, x + math.abs(m()), y + math.abs(m()), z + math.abs(m())) end,
    function() return collide.obb(m(), m(), m(), math.abs(m()), math.abs(m()), math.abs(m()), m(), m(), m(), m()) end,
    function() return collide.plane(m(), m(), m(), m()) end,
    function() return collide.triangle(m(), m(), m(), m(), m(), m(), m(), m(), m()) end,
    function() return collide.ray(m(), m(), m(), m(), m(), m(), rand() < 0.5 and math.abs(m()) or nil) end,
    function() return collide.sphere(m(), m(), m(), math.abs(m())) end,
    function() return collide.segment(m(), m(), m(), m(), m(), m()) end,
    function() return collide.capsule(m(), m(), m(), m(), m(), m(), math.abs(m())) end,
  }
  for _ = 1, 5 do
    local ok, s = pcall(pick(makers))
    if ok then return s end
  end
  return collide.sphere(0, 0, 0, 1)
end

local function pool_object()
  local r = rand()
  if r < 0.3 or #pool == 0 then return fresh_shape() end
  if r < 0.4 then return pick(seeds) end
  return pick(pool)
end

local OBJ_TEXT = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nf 1 3 4\n"

-- arguments shaped like what some functions want, so that they get past
-- their first checks: proxies and items with a shape, arrays of vectors and
-- of numbers, OBJ text, six planes
local structured = {
  function() return { rint(6) - 1, pool_object() }, 2 end,
  function() return { pool_object(), rint(6) - 1 }, 2 end,
  function() return { pick { "a", "b", "c", 1, true }, pool_object() }, 2 end,
  function() return { pick { "a", "b", "c", 1, true } }, 1 end,
  function() return { pool_object() }, 1 end,
  function() return { pool_object(), pick(callbacks) }, 2 end,
  function()
    local x, y, z = moderate_number(), moderate_number(), moderate_number()
    return { collide.aabb(x, y, z, x + 1, y + 2, z + 0.5), rint(100) }, 2
  end,
  function()
    local x, y, z = moderate_number(), moderate_number(), moderate_number()
    return { rint(6) - 1, collide.aabb(x, y, z, x + 1, y + 2, z + 0.5) }, 2
  end,
  function()
    local t = {}
    for i = 1, rint(6) do t[i] = moderate_vector() end
    safe[t] = true
    return { t }, 1
  end,
  function()
    local t, u = {}, {}
    for i = 1, 3 * rint(5) do t[i] = moderate_number() end
    for i = 1, 3 * rint(3) do u[i] = rint(math.floor(#t / 3) + 1) end
    safe[t], safe[u] = true, true
    return { t, u }, 2
  end,
  function()
    local t = {}
    for i = 1, 16 do t[i] = moderate_number() end
    safe[t] = true
    return { t, pick { "row", "column", nil } }, 2
  end,
  function() return { OBJ_TEXT }, 1 end,
  function()
    local t = {}
    for i = 1, 6 do t[i] = collide.plane(moderate_number(), moderate_number(), 1, moderate_number()) end
    return t, 6
  end,
  function()
    local t = {}
    for i = 1, rint(8) do t[i] = collide.plane(moderate_number(), 1, moderate_number(), moderate_number()) end
    return { t }, 1
  end,
}

-- an argument list in one of four forms: moderate numbers (constructors,
-- vectors), objects (queries on shapes, trees, meshes), moderate vectors
-- and numbers mixed, or anything at all
local counts = { 1, 2, 3, 3, 4, 6, 6, 7, 9, 10 }
local function arg_list()
  local args, n = {}
  local mode = rand()
  if mode < 0.12 then return pick(structured)() end
  if mode < 0.3 then
    n = pick(counts)
    for i = 1, n do args[i] = moderate_number() end
    if rand() < 0.2 then args[rint(n)] = pick(hostile_numbers) end
  elseif mode < 0.5 then
    n = rint(2)
    for i = 1, n do args[i] = pool_object() end
    if rand() < 0.4 then
      n = n + 1
      args[n] = pick { true, false, moderate_number(), moderate_vector() }
    end
    if rand() < 0.2 then args[rint(n)] = any_value() end
  elseif mode < 0.65 then
    n = rint(4)
    for i = 1, n do
      local r = rand()
      if r < 0.4 then args[i] = moderate_vector()
      elseif r < 0.8 then args[i] = moderate_number()
      else args[i] = pool_object() end
    end
  else
    n = rint(9) - 1
    for i = 1, n do args[i] = any_value() end
  end
  return args, n
end

-- a shape is moderate when every number it holds is finite, at most 1e9 in
-- size and 0 or above 1e-100 (its tostring shows them all; a ray's tmax may
-- be inf)
local function shape_moderate(v)
  local str = tostring(v)
  if str:find("nan", 1, true) then return false end
  if collide.type(v) == "ray" then str = str:gsub(", inf%)$", ")") end
  if str:find("inf", 1, true) then return false end
  for num in str:gmatch("[-+]?%d[%d.]*e?[-+]?%d*") do
    local x = tonumber(num)
    if x and x ~= 0 and (math.abs(x) > 1e9 or math.abs(x) < 1e-100) then return false end
  end
  return true
end

local function value_moderate(v)
  local t = type(v)
  if t == "number" then return is_moderate_number(v) end
  if t == "userdata" and collide.type(v) then return shape_moderate(v) end
  if t == "table" or t == "userdata" then return safe[v] == true end
  if t == "function" or t == "thread" then return false end
  return true
end

local function args_moderate(args, n)
  for i = 1, n do
    if not value_moderate(args[i]) then return false end
  end
  return true
end

-- arguments of the right kinds for the methods that take proxies, items
-- and callbacks, with a hostile value now and then
local function small_int() return rint(7) - 1 end
local function maybe(v) if rand() < 0.15 then return any_value() end return v end
local function box() local x, y, z = moderate_number(), moderate_number(), moderate_number()
  return collide.aabb(x, y, z, x + rand() * 3, y + rand() * 3, z + rand() * 3) end
local function ray() return collide.ray(moderate_number(), moderate_number(), moderate_number(),
  moderate_number(), moderate_number(), 1) end
local item = function() return pick { "a", "b", "c", 1, 2, true } end
local hints = {
  insert = function() return { maybe(box()), maybe(rint(50)) }, rint(2) end,
  move = function() return { maybe(small_int()), maybe(box()) }, 2 end,
  remove = function() return { maybe(rand() < 0.5 and small_int() or item()) }, 1 end,
  fat = function() return { maybe(small_int()) }, 1 end,
  id = function() return { maybe(small_int()) }, 1 end,
  raycast = function() return { maybe(ray()), maybe(pick(callbacks)) }, rint(2) end,
  raycast_all = function() return { maybe(ray()), maybe(pick(callbacks)) }, rint(2) end,
  query = function() return { maybe(pool_object()), maybe(pick(callbacks)) }, rint(2) end,
  add = function() return { maybe(item()), maybe(pool_object()) }, 2 end,
  update = function() return { maybe(item()), maybe(pool_object()) }, rint(2) end,
  has = function() return { item() }, 1 end,
  shape = function() return { item() }, 1 end,
  triangle = function() return { maybe(small_int()), maybe(rand() < 0.5 and fresh_shape() or nil) }, 2 end,
  sweep = function()
    return { maybe(pool_object()), moderate_number(), moderate_number(), moderate_number(),
             maybe(pool_object()) }, 5
  end,
  distance = function() return { maybe(pool_object()), maybe(pool_object()) }, 2 end,
  contact = function() return { maybe(pool_object()), maybe(pool_object()) }, 2 end,
  contacts = function() return { maybe(pool_object()) }, 1 end,
}

-- ---------------------------------------------------------------------
-- the API: every function of the module, every method of every object

local function sorted_keys(t)
  local k = {}
  for name, v in pairs(t) do
    if type(name) == "string" and type(v) == "function" then k[#k + 1] = name end
  end
  table.sort(k)
  return k
end

local functions = {}   -- { name, f, is_c }
for _, name in ipairs(sorted_keys(collide)) do
  local f = collide[name]
  functions[#functions + 1] = { name = "collide." .. name, f = f,
                                is_c = debug.getinfo(f, "S").what == "C" }
end

-- seed objects, built with valid arguments
local function seed_objects()
  local objs = {
    collide.aabb(0, 0, 0, 1, 1, 1), collide.aabb(-2, -1, 0, 3, 0, 0),
    collide.obb(0, 0, 0, 1, 2, 0.5, 0, 0, 0.38268343236509, 0.92387953251129),
    collide.plane(0, 1, 0, 0.5), collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0),
    collide.triangle(0, 0, 0, 1, 1, 1, 2, 2, 2), collide.ray(0, 0, -5, 0, 0, 1),
    collide.ray(1, 1, 1, 1, 0, 0, 3), collide.sphere(0, 0, 0, 1), collide.sphere(2, 0, 0, 0),
    collide.segment(0, 0, 0, 1, 1, 1), collide.capsule(0, 0, 0, 0, 2, 0, 0.5),
    collide.capsule(1, 1, 1, 1, 1, 1, 0),
  }
  local tree = collide.tree()
  tree:insert(collide.aabb(0, 0, 0, 1, 1, 1))
  tree:insert(collide.aabb(2, 0, 0, 3, 1, 1), 7)
  objs[#objs + 1] = tree
  objs[#objs + 1] = collide.tree()
  local ok, mesh = pcall(collide.mesh, { 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1 }, { 1, 2, 3, 1, 3, 4 })
  if ok then objs[#objs + 1] = mesh end
  local hf
  ok, hf = pcall(collide.heightfield, { 0, 1, 0, 0 / 0, 2, 1, 0, 0, 1 }, 3, 3, 0.5, 2, { 1, 0, -1 })
  if ok then objs[#objs + 1] = hf end
  local scene = collide.scene()
  scene:add("a", collide.aabb(0, 0, 0, 1, 1, 1))
  scene:add("b", collide.sphere(0, 0, 0, 2))
  objs[#objs + 1] = scene
  objs[#objs + 1] = scene:snapshot()
  objs[#objs + 1] = collide.scene()
  local fr
  ok, fr = pcall(collide.frustum_from_matrix,
    { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1.02, -1, 0, 0, -2.02, 0 })
  if ok then objs[#objs + 1] = fr end
  for _, o in ipairs(objs) do safe[o] = true; remember(o) end
  return objs
end


seeds = seed_objects()

-- methods by metatable, found from the objects themselves
local methods_of = setmetatable({}, { __mode = "k" })
local known_mt = {}    -- collide's own metatables (shapes, tree, mesh, scene, snapshot, frustum)
-- (their real metatables: collide's own are protected by __metatable)
for _, o in ipairs(seeds) do known_mt[debug.getmetatable(o)] = true end
local function methods(obj)
  local mt = debug.getmetatable(obj)
  -- only collide's objects: a trap table that came back through an API
  -- call (an item, a filter's result) has "methods" that are our traps
  if type(mt) ~= "table" or not known_mt[mt] then return nil end
  local m = methods_of[mt]
  if m then return m end
  m = {}
  local index = rawget(mt, "__index")
  if type(index) == "table" then
    for _, name in ipairs(sorted_keys(index)) do
      local f = index[name]
      m[#m + 1] = { name = name, f = f, is_c = debug.getinfo(f, "S").what == "C" }
    end
  end
  for _, meta in ipairs { "__tostring", "__eq", "__len", "__call", "__index", "__newindex", "__gc", "__close" } do
    local f = rawget(mt, meta)
    if type(f) == "function" then
      m[#m + 1] = { name = meta, f = f, is_c = debug.getinfo(f, "S").what == "C" }
    end
  end
  methods_of[mt] = m
  return m
end

-- ---------------------------------------------------------------------
-- checks

local STANDARD = {
  "^bad argument #%d+ to '[^']+' %(.+%)$",
  "^calling '[^']+' on bad self",
  -- the binding's other errors (src/lua/l_tree.c, src/lua/l_mesh.c)
  "^not enough memory$",
  "^cannot change a tree during its raycast callback$",
  "^raycast callback must return a number or nil, got ",
}
-- errors that a trap or callback of ours causes, or the interpreter raises
-- for them, and pass through a C function
local PASSED_THROUGH = {
  "trap", "attempt to yield", "cannot resume", "C stack overflow", "stack overflow",
  "error in error handling",
}

local function matches_any(msg, patterns, plain)
  for _, p in ipairs(patterns) do
    if msg:find(p, 1, plain) then return true end
  end
  return false
end

local function has_nan(v)
  local t = type(v)
  if t == "number" then return v ~= v end
  if t == "userdata" and collide.type(v) then
    return tostring(v):find("nan", 1, true) ~= nil
  end
  return false
end

-- failures are collected, not raised: a check that fails inside a trap or a
-- callback would otherwise come back as that trap's error and be excused
local failures = {}
local function fail(msg) failures[#failures + 1] = msg end

local function pack(...) return { n = select("#", ...), ... } end

local function check_error(entry, err, trapped)
  if err == TRAP then return end
  if type(err) ~= "string" then return fail(entry.name .. ": error value of type " .. type(err)) end
  if #err == 0 then return fail(entry.name .. ": empty error message") end
  if entry.is_c and not trapped then
    if not matches_any(err, STANDARD) and not matches_any(err, PASSED_THROUGH, true) then
      fail(entry.name .. ": error of no known form: " .. err)
    end
  end
end

local calls, errors = 0, 0
-- HOSTILE_STATS=1: print calls / successes / moderate successes per function
local stats = os.getenv("HOSTILE_STATS") and {} or nil

local function unsafe(v)
  if type(v) == "userdata" or type(v) == "table" then safe[v] = nil end
end

-- a value whose metamethods or body run our code: what that code raises
-- passes through the C function unchanged
local function runs_code(v)
  local t = type(v)
  if t == "function" or t == "thread" then return true end
  return t == "table" and getmetatable(v) ~= nil and collide.type(v) == nil
    and not safe[v]
end

local function call(entry, args, n, self)
  local mod = args_moderate(args, n) and (self == nil or value_moderate(self))
  local trapped = runs_code(self)
  for i = 1, n do trapped = trapped or runs_code(args[i]) end
  local res
  if self ~= nil then
    res = pack(pcall(entry.f, self, unpack(args, 1, n)))
  else
    res = pack(pcall(entry.f, unpack(args, 1, n)))
  end
  calls = calls + 1
  if stats then
    local st = stats[entry.name] or { 0, 0, 0 }
    stats[entry.name] = st
    st[1] = st[1] + 1
    if res[1] then st[2] = st[2] + 1 end
    if res[1] and mod then st[3] = st[3] + 1 end
  end
  if not res[1] then
    errors = errors + 1
    check_error(entry, res[2], trapped)
    if not mod then
      -- a failed call may still have changed its arguments half way
      unsafe(self)
      for i = 1, n do unsafe(args[i]) end
    end
    return
  end
  for i = 2, res.n do
    local v = res[i]
    if mod then
      if has_nan(v) then
        fail(("%s returned NaN (result %d) for moderate input"):format(entry.name, i - 1))
      end
      if type(v) == "table" then
        for _, x in pairs(v) do
          if has_nan(x) then fail(entry.name .. " returned a table holding NaN for moderate input") end
        end
      end
    end
    if type(v) == "userdata" or (type(v) == "table" and getmetatable(v) ~= nil) then
      if mod then safe[v] = true else safe[v] = nil end
      if rand() < 0.3 then remember(v) end
    end
  end
  if not mod then
    unsafe(self)
    for i = 1, n do unsafe(args[i]) end
  end
end

local function random_call()
  if rand() < 0.35 then
    local entry = pick(functions)
    local args, n
    if hints[entry.name] and rand() < 0.5 then args, n = hints[entry.name]()
    else args, n = arg_list() end
    call(entry, args, n, nil)
  else
    local obj = pool_object()
    local ms = methods(obj)
    if ms == nil or #ms == 0 then return end
    local entry = pick(ms)
    local self = obj
    if rand() < 0.1 then self = any_value() end   -- a bad self
    local args, n
    if hints[entry.name] and rand() < 0.5 then
      args, n = hints[entry.name]()
    elseif collide.type(obj) == nil and rand() < 0.5 then
      -- trees, meshes, scenes, frustums: mostly arguments of their shapes
      args, n = pick(structured)()
    else
      args, n = arg_list()
    end
    if self == nil then self = false end
    call(entry, args, n, self)
  end
end

-- re-entry from traps and callbacks: a few levels deep at most
chaos_call = function()
  if depth >= 2 then return end
  depth = depth + 1
  local ok, err = pcall(random_call)
  depth = depth - 1
  if not ok then fail("inner call: " .. tostring(err)) end
end

describe("hostile input", function()
  it("every function and method survives random argument lists", function()
    for i = 1, CALLS do
      if i % 5 == 0 then
        -- inside a coroutine, so yielding traps do yield across the C call
        local co = coroutine.create(random_call)
        local ok, err = coroutine.resume(co)
        if not ok then error(err, 0) end
        -- a yielded call is left suspended, then dropped
      else
        random_call()
      end
    end
    collectgarbage("collect")
    if stats then
      local names = {}
      for name in pairs(stats) do names[#names + 1] = name end
      table.sort(names)
      for _, name in ipairs(names) do
        local st = stats[name]
        io.stderr:write(("%-28s %6d calls %6d ok %6d moderate ok\n"):format(name, st[1], st[2], st[3]))
      end
      io.stderr:write(("%d calls, %d errors\n"):format(calls, errors))
    end
    if #failures > 0 then
      local seen, list = {}, {}
      for _, m in ipairs(failures) do
        if not seen[m] then seen[m] = true; list[#list + 1] = m end
      end
      error(#failures .. " failures:\n" .. table.concat(list, "\n", 1, math.min(#list, 40)))
    end
    -- enough calls got past the argument checks to mean something
    assert.is_true(calls >= CALLS)
    assert.is_true(errors < calls * 0.95, ("%d of %d calls raised"):format(errors, calls))
    assert.is_true(errors > calls * 0.05)
  end)
end)
