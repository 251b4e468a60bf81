-- collide.scene, collide.frustum and collide.load_obj under hostile use:
-- answers that must not depend on the JIT, scripts that change the scene
-- from inside its own calls, frustums built from bad planes, broken OBJ
-- files, and error messages that point at the caller's line.
local collide = require "collide"
local H = require "helpers"

local huge = math.huge
local unpack = table.unpack or unpack

-- ---------------------------------------------------------------------
-- the nearest hit, whatever the JIT does

-- LuaJIT 2.1 (the build LÖVE 11 ships) can read the wrong slot when a
-- vararg function reads `...` after a loop that the JIT compiled: every
-- module here reads `...` into locals before any loop. This scans them.
local MODULES = { "args", "ffi", "frustum", "init", "obj", "scene" }

-- the tokens of Lua source: names, keywords, "..." and other punctuation;
-- comments and strings are dropped, lines kept
local function tokens(src)
  local out, i, line, n = {}, 1, 1, #src
  local function add(t) out[#out + 1] = { t = t, line = line } end
  while i <= n do
    local c = src:sub(i, i)
    if c == "\n" then line = line + 1; i = i + 1
    elseif c:match("%s") then i = i + 1
    elseif src:sub(i, i + 1) == "--" then
      local eq = src:match("^%[(=*)%[", i + 2)
      local j
      if eq then j = select(2, src:find("]" .. eq .. "]", i, true))
      else j = (src:find("\n", i, true) or n + 1) - 1 end
      for _ in src:sub(i, j):gmatch("\n") do line = line + 1 end
      i = j + 1
    elseif c == "[" and src:match("^%[=*%[", i) then
      local eq = src:match("^%[(=*)%[", i)
      local j = select(2, src:find("]" .. eq .. "]", i, true))
      for _ in src:sub(i, j):gmatch("\n") do line = line + 1 end
      add("string"); i = j + 1
    elseif c == '"' or c == "'" then
      local j = i + 1
      while src:sub(j, j) ~= c do
        if src:sub(j, j) == "\\" then j = j + 1 end
        j = j + 1
      end
      add("string"); i = j + 1
    elseif c:match("[%a_]") then
      local w = src:match("^[%w_]+", i)
      add(w); i = i + #w
    elseif c:match("%d") then
      local w = src:match("^[%w_%.]+", i)
      add("number"); i = i + #w
    elseif src:sub(i, i + 2) == "..." then add("..."); i = i + 3
    elseif src:sub(i, i + 1) == ".." then add(".."); i = i + 2
    else add(c); i = i + 1 end
  end
  return out
end

-- every `...` that a function reads after a loop of its own has begun
-- (in the loop or after it), as "file:line"
local function varargs_after_loops(name, src)
  local found = {}
  -- a stack of open blocks; each function records whether it has a loop
  local stack, fns = {}, { { looped = false } }    -- the chunk is a vararg function
  local toks = tokens(src)
  local k = 1
  while k <= #toks do
    local t = toks[k].t
    if t == "function" then
      fns[#fns + 1] = { looped = false }
      stack[#stack + 1] = "function"
      -- skip the parameter list: a `...` there is not a read
      while toks[k].t ~= ")" do k = k + 1 end
    elseif t == "for" or t == "while" then
      fns[#fns].looped = true
      stack[#stack + 1] = "loop"          -- closed by the `end` after its `do`
      repeat k = k + 1 until toks[k].t == "do"
    elseif t == "repeat" then
      fns[#fns].looped = true
      stack[#stack + 1] = "repeat"
    elseif t == "until" then
      stack[#stack] = nil
    elseif t == "if" or t == "do" then
      stack[#stack + 1] = t
    elseif t == "end" then
      if stack[#stack] == "function" then fns[#fns] = nil end
      stack[#stack] = nil
    elseif t == "..." then
      if fns[#fns].looped then found[#found + 1] = name .. ":" .. toks[k].line end
    end
    k = k + 1
  end
  assert(#stack == 0 and #fns == 1, name .. ": blocks do not balance")
  return found
end

local function read(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("*a")
  f:close()
  return s
end

-- items with shapes of every kind the scene keeps apart from the tree
-- (planes, endless rays; the last one added a ray, which the scene passes
-- over without a cast, the case where the JIT misread the hit) and in it
-- (every bounded kind, meshes), so ray:cast returns 7, 9 or 10 values;
-- brute force is ray:cast over all of them in the order they were added
local function random_scene(r, n_tree, n_free)
  local s, list = collide.scene(), {}
  local function put(item, shape)
    s:add(item, shape)
    list[#list + 1] = { item = item, shape = shape }
  end
  local function p() return r(0, 40) end
  for i = 1, n_tree do
    local x, y, z, k = p(), p(), p(), r(0, 1)
    local shape
    if k < 0.2 then
      shape = collide.aabb(x, y, z, x + r(0, 4), y + r(0, 4), z + r(0, 4))
    elseif k < 0.4 then
      shape = collide.obb(x, y, z, r(0, 3), r(0, 3), r(0, 3), r(-1, 1), r(-1, 1), r(-1, 1), r(-1, 1))
    elseif k < 0.6 then
      shape = collide.sphere(x, y, z, r(0.5, 3))
    elseif k < 0.8 then
      shape = collide.triangle(x, y, z, x + r(-4, 4), y + r(-4, 4), z + r(-4, 4), x + r(-4, 4), y + r(-4, 4), z + r(-4, 4))
    else
      shape = collide.mesh({ x, y, z, x + r(-4, 4), y + r(-4, 4), z + r(-4, 4), x + r(-4, 4), y + r(-4, 4), z + r(-4, 4),
                             x + r(-4, 4), y + r(-4, 4), z + r(-4, 4) }, { 1, 2, 3, 1, 3, 4 })
    end
    put(i, shape)
  end
  for i = 1, n_free do
    if i < n_free and r(0, 1) < 0.8 then      -- the last one a ray
      put("plane " .. i, collide.plane(r(-1, 1), r(-1, 1), r(-1, 1), r(0, 20)))
    else
      put("ray " .. i, collide.ray(p(), p(), p(), r(-1, 1), r(-1, 1), r(-1, 1)))
    end
  end
  return s, list
end

local function brute_raycast(list, ray, filter)
  local best
  for _, e in ipairs(list) do
    if collide.type(e.shape) ~= "ray" then
      local hit = H.pack(ray:cast(e.shape))
      if hit[1] and (filter == nil or filter(e.item)) and (best == nil or hit[1] < best[2]) then
        best = H.pack(e.item, unpack(hit, 1, hit.n))
      end
    end
  end
  return best or H.pack(nil)
end

describe("collide.scene under hostile use", function()
  describe("raycast answers do not depend on the JIT", function()
    it("no module reads `...` after a loop in the same function", function()
      local all = {}
      for _, m in ipairs(MODULES) do
        for _, where in ipairs(varargs_after_loops("lua/collide/" .. m .. ".lua", read("lua/collide/" .. m .. ".lua"))) do
          all[#all + 1] = where
        end
      end
      assert.are.same({}, all)
    end)

    it("the scan finds a vararg read after a loop, in the loop, and not in nested functions", function()
      assert.are.same({ "x:3" }, varargs_after_loops("x", "local function f(a, ...)\n  for i = 1, 2 do end\n  return ...\nend"))
      assert.are.same({ "x:2" }, varargs_after_loops("x", "function f(...)\n  while g() do h(...) end\nend"))
      assert.are.same({ "x:2" }, varargs_after_loops("x", "function f(...)\n  repeat until g(...)\nend"))
      assert.are.same({}, varargs_after_loops("x", "function f(...)\n  local a = ... -- ...\n  for i = 1, 2 do end\n  return a, '...'\nend"))
      assert.are.same({}, varargs_after_loops("x",
        "function f(...)\n  for i = 1, 2 do end\n  return function(...) return ... end\nend"))
      assert.are.same({ "x:4" }, varargs_after_loops("x",
        "function f(...)\n  for i = 1, 2 do end\n  local g = function() end\n  return ...\nend"))
    end)

    it("random raycasts agree with brute force, thousands of them (the JIT is on under LuaJIT)", function()
      if jit then assert.is_true((jit.status())) end
      local r = H.rng(2718281)
      local odd = function(item) return type(item) ~= "number" or item % 3 ~= 0 end
      local wrong, total = 0, 0
      for round = 1, 4 do
        local s, list = random_scene(r, 300, ({ 3, 10, 40, 100 })[round])
        for _ = 1, 2500 do
          local ray = collide.ray(r(-5, 45), r(-5, 45), r(-5, 45), r(-1, 1), r(-1, 1), r(-1, 1),
            r(0, 1) < 0.5 and huge or r(5, 80))
          local filter = r(0, 1) < 0.5 and odd or nil
          local expected, got = brute_raycast(list, ray, filter), H.pack(s:raycast(ray, filter))
          total = total + 1
          if expected.n ~= got.n then wrong = wrong + 1
          else
            for i = 1, expected.n do
              if expected[i] ~= got[i] then wrong = wrong + 1 break end
            end
          end
        end
      end
      assert.are.equal(10000, total)
      assert.are.equal(0, wrong)
    end)
  end)
end)
