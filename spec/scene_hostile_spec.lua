-- collide.scene, collide.frustum and collide.load_obj under hostile use:
-- answers that must not depend on the JIT, scripts that change the scene
-- from inside its own calls, frustums built from bad planes, broken OBJ
-- files, and error messages that point at the caller's line.
local collide = require "collide"
local H = require "helpers"

local huge = math.huge
local unpack = table.unpack or unpack
-- random rays a round of the brute-force comparison casts (fewer under
-- valgrind, `make memcheck`)
local RAYS = tonumber(os.getenv("HOSTILE_RAYS")) or 2500

-- ---------------------------------------------------------------------
-- the nearest hit, whatever the JIT does

-- LuaJIT 2.1 (the build LÖVE 11 ships) can read the wrong slot when a
-- vararg function reads `...` after a loop that the JIT compiled: every
-- module here reads `...` into locals before any loop. This scans them:
-- every file of lua/collide/ the rockspec installs (make rockspec writes
-- that list from the directory).

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
      local files = {}
      for path in read("collide-scm-1.rockspec"):gmatch('"(lua/collide/[%w_]+%.lua)"') do files[#files + 1] = path end
      assert.is_true(#files >= 6)
      local all = {}
      for _, path in ipairs(files) do
        for _, where in ipairs(varargs_after_loops(path, read(path))) do all[#all + 1] = where end
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
        for _ = 1, RAYS do
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
      assert.are.equal(4 * RAYS, total)
      assert.are.equal(0, wrong)
    end)
  end)

  -- -------------------------------------------------------------------
  describe("changes during a call are refused, for every kind of item", function()
    local function items_of(scene)
      local out = {}
      for item, shape in scene:items() do out[#out + 1] = { item, shape } end
      return out
    end

    -- hit by the ray along +x from the origin, inside the big sphere and
    -- frustum, and meeting each other in pairs; the empty mesh meets nothing
    local function fixture()
      local s = collide.scene()
      s:add("box", collide.aabb(1, -1, -1, 2, 1, 1))
      s:add("wall", collide.plane(-1, 0, 0, -3))
      s:add("beam", collide.ray(1.5, -5, 0, 0, 1, 0))
      s:add("mesh", collide.mesh({ 4, -1, -1, 4, 2, -1, 4, -1, 2 }))
      s:add("empty", collide.mesh({}))
      return s
    end

    local box = collide.frustum(
      collide.plane(1, 0, 0, -10), collide.plane(-1, 0, 0, -10), collide.plane(0, 1, 0, -10),
      collide.plane(0, -1, 0, -10), collide.plane(0, 0, 1, -10), collide.plane(0, 0, -1, -10))
    local ray = collide.ray(0, 0, 0, 1, 0, 0)

    -- each call, run with a filter
    local CALLS = {
      raycast = function(s, f) return s:raycast(ray, f) end,
      raycast_all = function(s, f) return s:raycast_all(ray, f) end,
      query = function(s, f) return s:query(collide.sphere(0, 0, 0, 10), f) end,
      query_frustum = function(s, f) return s:query_frustum(box, f) end,
      nearest = function(s, f) return s:nearest(0, 0, 0, nil, f) end,
      pairs = function(s, f) return s:pairs(f) end,
      sweep = function(s, f) return s:sweep(collide.sphere(0, 0, 0, 0.5), 10, 0, 0, f) end,
      sweep_all = function(s, f) return s:sweep_all(collide.sphere(0, 0, 0, 0.5), 10, 0, 0, f) end,
      -- move's filter answers a response for the pair
      move = function(s, f)
        return s:move("box", 10, 0, 0, function(_, other) return f(other) and "slide" or false end)
      end,
    }
    local CALL_NAMES = { "raycast", "raycast_all", "query", "query_frustum", "nearest", "pairs", "sweep",
      "sweep_all", "move" }
    -- each change, on each item
    local CHANGES = {
      { "remove", function(s, item) s:remove(item) end },
      { "update", function(s, item) s:update(item) end },
      { "update to a plane", function(s, item) s:update(item, collide.plane(0, 1, 0, 0)) end },
      { "update to a box", function(s, item) s:update(item, collide.aabb(0, 0, 0, 1, 1, 1)) end },
      { "add a box", function(s) s:add("new", collide.aabb(0, 0, 0, 1, 1, 1)) end },
      { "add a plane", function(s) s:add("new", collide.plane(0, 1, 0, 0)) end },
      { "add an endless ray", function(s) s:add("new", collide.ray(0, 0, 0, 0, 0, 1)) end },
      { "add a mesh", function(s) s:add("new", collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 })) end },
      { "add an empty mesh", function(s) s:add("new", collide.mesh({})) end },
      { "sync", function(s, item)
        local shape = s:shape(item)
        if collide.type(shape) ~= "mesh" then shape:translate(0, 0, 1) end
        s:sync()
      end },
    }

    it("add, update and remove raise inside every call's filter; the scene stays as it was", function()
      local src = debug.getinfo(1, "S").short_src
      local cases = 0
      for _, name in ipairs(CALL_NAMES) do
        for _, target in ipairs({ "box", "wall", "beam", "mesh", "empty" }) do
          for _, change in ipairs(CHANGES) do
            local s = fixture()
            local before = items_of(s)
            local calls, line = 0, nil
            local e = H.error_of(CALLS[name], s, function()
              calls = calls + 1
              line = debug.getinfo(1, "l").currentline; change[2](s, target)
              return true
            end)
            local what = name .. ", " .. change[1] .. " " .. target
            assert.are.equal(1, calls, what)
            assert.are.equal(src .. ":" .. line .. ": cannot change a scene during its " .. name, e, what)
            assert.are.same(before, items_of(s), what)
            assert.are.equal(5, s:count(), what)
            assert.is_true(s:tree():validate(), what)
            -- and unlocked afterwards
            assert.are.equal("after", s:add("after", collide.sphere(0, 0, 0, 1)), what)
            assert.are.equal("after", s:remove("after"), what)
            cases = cases + 1
          end
        end
      end
      assert.are.equal(#CALL_NAMES * 5 * #CHANGES, cases)
    end)

    it("answers are those of the unchanged scene when the filter only queries", function()
      for _, name in ipairs(CALL_NAMES) do
        local plain = H.pack(CALLS[name](fixture(), function() return true end))
        local s = fixture()   -- a fresh one: move changes the scene it runs on
        local nested = H.pack(CALLS[name](s, function()
          assert.are.equal(4, #s:query(collide.sphere(0, 0, 0, 10)))
          return true
        end))
        assert.are.same(plain, nested, name)
      end
      local s = fixture()
      H.assert_exact(H.pack("box", ray:cast(s:shape("box"))), s:raycast(ray))
      assert.are.same({ "box", "wall", "beam", "mesh" }, s:query(collide.sphere(0, 0, 0, 10)))
      local all, expected = items_of(s), {}
      for i = 1, #all do
        for j = i + 1, #all do
          if collide.intersects(all[i][2], all[j][2]) then expected[#expected + 1] = { all[i][1], all[j][1] } end
        end
      end
      assert.are.same({ { "box", "beam" } }, expected)
      assert.are.same(expected, s:pairs())
    end)

    it("a change inside a nested call's filter names the inner call", function()
      local s = fixture()
      assert.has_error(function()
        s:raycast(ray, function()
          s:query(collide.sphere(0, 0, 0, 10), function(item) s:remove(item) end)
        end)
      end, "cannot change a scene during its query")
      assert.has_error(function()
        s:raycast(ray, function()
          s:query(collide.sphere(0, 0, 0, 10), function() return true end)
          s:remove("box")
        end)
      end, "cannot change a scene during its raycast")
      assert.are.equal(5, s:count())
    end)

    it("a filter that raises leaves the scene unlocked, its error unchanged", function()
      for _, name in ipairs(CALL_NAMES) do
        local s = fixture()
        local thrown = { reason = "stop" }
        local ok, e = pcall(CALLS[name], s, function() error(thrown) end)
        assert.is_false(ok)
        assert.are.equal(thrown, e, name)
        assert.are.equal("box", s:remove("box"), name)
        assert.are.equal("x", s:add("x", collide.plane(0, 1, 0, 0)), name)
        assert.are.equal("wall", s:update("wall", collide.aabb(0, 0, 0, 1, 1, 1)), name)
        if name == "move" then s:add("box", collide.aabb(1, -1, -1, 2, 1, 1)) end   -- its mover
        assert.are.equal("stop at", select(2, pcall(CALLS[name], s, function() error("stop at", 0) end)), name)
        assert.are.equal("y", s:add("y", collide.sphere(0, 0, 0, 1)), name)
      end
    end)
  end)

  -- A call given a hull works on a copy of its placement that points at
  -- the hull's vertices. h:set is no change to the scene, so a filter may
  -- give the hull new points and collect the garbage: the call still reads
  -- the hull as it was when it began (before, the old vertices were freed
  -- under it, and hulls built after took their memory).
  describe("a filter that gives a hull new points", function()
    local cube = { -0.5, -0.5, -0.5, 0.5, -0.5, -0.5, -0.5, 0.5, -0.5, 0.5, 0.5, -0.5,
      -0.5, -0.5, 0.5, 0.5, -0.5, 0.5, -0.5, 0.5, 0.5, 0.5, 0.5, 0.5 }
    local far = {}
    for k = 1, #cube do far[k] = cube[k] + 100 end

    -- twenty small balls inside the unit cube at the origin, a wall at
    -- x = 3, a row of balls and a wall at y = 5
    local function fixture()
      local s = collide.scene()
      for i = 1, 20 do s:add(i, collide.sphere(-0.5 + i * 0.045, 0, 0, 0.01)) end
      s:add("wall", collide.aabb(3, -2, -2, 4, 2, 2))
      for i = 1, 3 do s:add("row" .. i, collide.sphere(0.5 + i * 0.5, 5, 0, 0.1)) end
      s:add("wall2", collide.aabb(3, 3, -2, 4, 7, 2))
      return s
    end

    -- a filter that, on its first call, gives h the far points, collects
    -- the garbage and builds hulls of the same size (which take any memory
    -- freed), then answers answer(item)
    local kept
    local function replacing(h, answer, position)
      local calls = 0
      return function(item, other)
        calls = calls + 1
        if calls == 1 then
          h:set(far, position)
          collectgarbage()
          collectgarbage()
          for _ = 1, 8 do kept[#kept + 1] = collide.hull(far) end
        end
        return answer(other or item)
      end
    end
    before_each(function() kept = {} end)

    local function yes() return true end
    local function sorted(t)
      table.sort(t, function(a, b) return tostring(a) < tostring(b) end)
      return t
    end
    local twenty = {}
    for i = 1, 20 do twenty[i] = i end

    it("query finds what the hull covered when the call began", function()
      local s, h = fixture(), collide.hull(cube)
      assert.are.same(sorted(twenty), sorted(s:query(h, replacing(h, yes))))
      assert.are.same({}, s:query(h))
    end)

    it("sweep and sweep_all sweep the hull as it was", function()
      local s, h = fixture(), collide.hull(cube)
      local only_wall = function(item) return item == "wall" end
      H.assert_exact(H.pack("wall", 0.25, 3, 0, 0, -1, 0, 0),
        s:sweep(h, 10, 0, 0, replacing(h, only_wall)))
      h = collide.hull(cube)
      local hits = s:sweep_all(h, 10, 0, 0, replacing(h, only_wall))
      assert.are.equal(1, #hits)
      assert.are.equal("wall", hits[1].item)
      assert.are.equal(0.25, hits[1].t)
      h = collide.hull(cube)
      assert.are.equal(21, #s:sweep_all(h, 10, 0, 0, replacing(h, yes)))
    end)

    it("move moves the hull item as it was when the move began", function()
      local s, h = fixture(), collide.hull(cube, { 0, 5, 0 })
      s:add("mover", h)
      local mx, my, mz, cols = s:move("mover", 10, 0, 0, replacing(h, function(other)
        return other == "wall2" and "slide" or "cross"
      end, { 0, 5, 0 }))
      assert.are.equal(2.5, mx)
      assert.are.equal(0, my)
      assert.are.equal(0, mz)
      local others = {}
      for k, c in ipairs(cols) do others[k] = ("%s %s %.14g"):format(c.other, c.type, c.t) end
      assert.are.same({ "row1 cross 0.04", "row2 cross 0.09", "row3 cross 0.14", "wall2 slide 0.25" }, others)
    end)

    it("a push-out reads another item's hull as the filter left it", function()
      -- the box overlaps the wall by 0.1 and is pushed out along +x, into
      -- the hull's place; the filter, asked about the hull, sends it far
      -- away and fills the freed memory with hulls that would cover the box
      local s = collide.scene()
      s:add("wall", collide.aabb(0, 0, 0, 1, 1, 1))
      local h = collide.hull(cube, { 2.45, 0.5, 0.5 })
      s:add("hull", h)
      s:add("box", collide.aabb(0.9, 0, 0, 1.9, 1, 1))
      local big = {}
      for k = 1, #cube do big[k] = cube[k] * 50 end
      local asked = {}
      local mx, my, mz, cols = s:move("box", 0, 0, 0, function(_, other)
        asked[#asked + 1] = other
        if other == "hull" then
          h:set(far, { 2.45, 0.5, 0.5 })
          collectgarbage()
          collectgarbage()
          for _ = 1, 8 do kept[#kept + 1] = collide.hull(big) end
        end
        return "slide"
      end)
      assert.are.same({ "wall", "hull" }, asked)
      H.assert_exact({ 1 - 0.9, 0, 0 }, mx, my, mz)   -- its face on the wall's
      assert.are.equal(1, #cols)
      assert.are.same({ "wall", "slide", 0, 1, 0, 0 },
        { cols[1].other, cols[1].type, cols[1].t, cols[1].nx, cols[1].ny, cols[1].nz })
    end)

    -- a character's move and its probe for the floor at creation work on a
    -- copy of its item's hull or compound, as scene:move does; its filter
    -- may give that shape new points (before, the character walked through
    -- the twenty walls below and into the floor: the copy read freed
    -- vertices)
    local function corridor(s)
      s:add("floor", collide.aabb(-5, -1, -5, 40, 0, 5))
      for i = 1, 20 do s:add("wall" .. i, collide.aabb(i, 0, -5, i + 0.5, 5, 5)) end
    end
    -- a scene of the corridor and a character of the shape make() gives,
    -- whose filter runs change() once: on its first call after the
    -- character is made, or with early, on its first call of all (the
    -- probe for the floor); how many times the filter was asked
    local function character_case(make, early)
      local s = collide.scene()
      corridor(s)
      local change, shape = make()
      s:add("ch", shape)
      local armed, asked = early, { 0 }
      local ch = collide.character(s, "ch", { filter = function()
        asked[1] = asked[1] + 1
        if armed then
          armed = false
          change()
          collectgarbage()
          collectgarbage()
          for _ = 1, 8 do kept[#kept + 1] = collide.hull(far) end
        end
        return true
      end })
      armed = not early
      return s, ch, asked
    end
    local function cube_at(x, y)
      local p = {}
      for k = 1, #cube, 3 do p[k], p[k + 1], p[k + 2] = cube[k] + x, cube[k + 1] + y, cube[k + 2] end
      return p
    end

    it("a character's move moves its hull as it was when the move began", function()
      local _, ch = character_case(function()
        local h = collide.hull(cube_at(0, 0.5))
        return function() h:set(far) end, h
      end)
      local mx, my, mz = ch:move(30, -1, 0)
      -- stopped by the first wall (its face at x = 1), standing on the floor
      H.assert_exact({ 0.5, 0, 0 }, mx, my, mz)
      assert.is_true(ch:on_floor())
      assert.are.equal("floor", ch:floor_item())
      local others = {}
      for k, c in ipairs(ch:collisions()) do others[k] = c.other end
      table.sort(others)
      assert.are.same({ "floor", "wall1" }, others)
    end)

    it("a character's move moves its compound as it was when the move began", function()
      local s, ch = character_case(function()
        local k = collide.compound({ collide.hull(cube) }, { 0, 0.5, 0 })
        return function() k:set({ collide.hull(far) }, { 0, 0.5, 0 }) end, k
      end)
      local mx, my, mz = ch:move(30, -1, 0)
      -- (the compound's frame rounds its centre's height by an ulp)
      H.assert_exact({ 0.5, -2 ^ -54, 0 }, mx, my, mz)
      assert.is_true(ch:on_floor())
      assert.are.equal("floor", ch:floor_item())
      assert.are.equal("compound", collide.type(s:shape("ch")))
    end)

    -- (the probe sweeps the item's own shape, no copy: a hull given new
    -- points is read as it is from then on, never freed under the probe)
    it("the character's probe for the floor reads its hull as the filter leaves it", function()
      local _, ch, asked = character_case(function()
        local h = collide.hull(cube_at(0, 0.505))
        return function() h:set(far) end, h
      end, true)
      assert.are.equal(1, asked[1])
      assert.is_true(ch:on_floor())
      assert.are.equal("floor", ch:floor_item())
    end)
  end)

  -- -------------------------------------------------------------------
  describe("items() while the scene changes", function()
    local function scene_of(n)
      local s = collide.scene()
      for i = 1, n do
        s:add(i, i % 3 == 0 and collide.plane(0, 1, 0, i) or collide.sphere(i, 0, 0, 0.5))
      end
      return s
    end

    -- runs the loop; body(item) may change the scene; returns what was
    -- yielded, and checks each yielded item was in the scene with its shape
    local function run(s, body)
      local seen = {}
      for item, shape in s:items() do
        assert.is_true(s:has(item))
        assert.are.equal(s:shape(item), shape)
        seen[#seen + 1] = item
        body(item)
      end
      return seen
    end

    it("removing the current item", function()
      local s = scene_of(6)
      assert.are.same({ 1, 2, 3, 4, 5, 6 }, run(s, function(item) if item % 2 == 0 then s:remove(item) end end))
      local rest = {}
      for item in s:items() do rest[#rest + 1] = item end
      assert.are.same({ 1, 3, 5 }, rest)
    end)

    it("removing the next item: never yielded", function()
      local s = scene_of(6)
      assert.are.same({ 1, 3, 5 }, run(s, function(item) if s:has(item + 1) then s:remove(item + 1) end end))
    end)

    it("removing the current and the next item", function()
      local s = scene_of(7)
      assert.are.same({ 1, 3, 5, 7 }, run(s, function(item)
        if s:has(item + 1) then s:remove(item + 1) end
        s:remove(item)
      end))
      assert.are.equal(0, s:count())
    end)

    it("removing every other item from the first, and the current last one", function()
      local s = scene_of(5)
      assert.are.same({ 1 }, run(s, function() for i = 2, 5 do s:remove(i) end end))
      s = scene_of(5)
      assert.are.same({ 1, 2, 3, 4, 5 }, run(s, function(item) if item == 5 then s:remove(5) end end))
    end)

    it("added items are yielded, last; an item removed and added again comes again at the end", function()
      local s = scene_of(3)
      local again = false
      assert.are.same({ 1, 2, 3, "a", 1 }, run(s, function(item)
        if item == 1 and not s:has("a") then s:add("a", collide.sphere(0, 0, 0, 1)) end
        if item == 3 and not again then again = true; s:remove(1); s:add(1, collide.aabb(0, 0, 0, 1, 1, 1)) end
      end))
      -- the current last item removed, then new ones added
      s = scene_of(3)
      assert.are.same({ 1, 2, 3, "b", "c" }, run(s, function(item)
        if item == 3 then s:remove(3); s:add("b", collide.plane(1, 0, 0, 0)); s:add("c", collide.sphere(0, 0, 0, 1)) end
      end))
      -- current and next removed, then one added
      s = scene_of(4)
      assert.are.same({ 1, 2, "d" }, run(s, function(item)
        if item == 2 then s:remove(3); s:remove(4); s:remove(2); s:add("d", collide.sphere(0, 0, 0, 1)) end
      end))
    end)

    it("an iterator that has ended stays ended", function()
      local s = scene_of(2)
      local it = s:items()
      assert.are.equal(1, (it()))
      assert.are.equal(2, (it()))
      assert.is_nil(it())
      s:add("late", collide.sphere(0, 0, 0, 1))
      assert.is_nil(it())
    end)

    it("random removals and additions inside the loop agree with a list", function()
      local r = H.rng(4242)
      for _ = 1, 20 do
        local s, order, serial = collide.scene(), {}, 0
        for i = 1, 40 do serial = serial + 1; s:add(serial, collide.sphere(i, 0, 0, 1)); order[#order + 1] = serial end
        -- the model: a list in add order with a position; removal marks
        -- an entry dead, addition appends
        local dead, pos, expected = {}, 0, {}
        local seen = run(s, function(item)
          -- advance the model to item
          repeat pos = pos + 1 until not dead[order[pos]]
          expected[#expected + 1] = order[pos]
          for _ = 1, math.floor(r(0, 3)) do
            local k = math.floor(r(1, #order + 1 - 1e-9))
            local victim = order[k]
            if not dead[victim] and r(0, 1) < 0.8 then s:remove(victim); dead[victim] = true end
          end
          if r(0, 1) < 0.15 and serial < 80 then
            serial = serial + 1; s:add(serial, collide.sphere(serial, 0, 0, 1)); order[#order + 1] = serial
          end
        end)
        assert.are.same(expected, seen)
        for k = pos + 1, #order do assert.is_true(dead[order[k]] or false, "unvisited " .. order[k]) end
      end
    end)
  end)

  -- -------------------------------------------------------------------
  describe("errors point at the caller's line", function()
    local src = debug.getinfo(1, "S").short_src

    -- calls fn, which raises on the line given, and checks the message
    local function at(line, e, msg)
      assert.are.equal(src .. ":" .. line .. ": " .. msg, e)
    end

    it("for the scene", function()
      local s = collide.scene()
      s:add("a", collide.sphere(0, 0, 0, 1))
      local ray = collide.ray(0, 0, 0, 1, 0, 0)
      local l, e
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:add(nil, ray) end)
      at(l, e, "bad argument #1 to 'add' (item expected, got nil)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:add(0 / 0, ray) end)
      at(l, e, "bad argument #1 to 'add' (item expected, got nan)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:add("a", ray) end)
      at(l, e, "bad argument #1 to 'add' (item already in the scene)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:add("b", {}) end)
      at(l, e, "bad argument #2 to 'add' (shape expected, got table)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:update("b") end)
      at(l, e, "bad argument #1 to 'update' (item not in the scene)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:update("a", 5) end)
      at(l, e, "bad argument #2 to 'update' (shape expected, got number)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:remove(nil) end)
      at(l, e, "bad argument #1 to 'remove' (item expected, got nil)")
      -- move's refusals, for its usual arguments (three numbers) as for the others
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:move(nil, 1, 0, 0) end)
      at(l, e, "bad argument #1 to 'move' (item expected, got nil)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:move(0 / 0, 1, 0, 0) end)
      at(l, e, "bad argument #1 to 'move' (item expected, got nan)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:move("b", 1, 0, 0) end)
      at(l, e, "bad argument #1 to 'move' (item not in the scene)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:move("a", 1, 0, 1 / 0) end)
      at(l, e, "bad argument #4 to 'move' (finite number expected, got inf)")
      s:add("far", collide.sphere(1.5e308, 0, 0, 1))
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:move("far", 1e308, 0, 0) end)
      at(l, e, "bad argument #2 to 'move' (result is not finite)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:move("a", 1, 0, 0, true) end)
      at(l, e, "bad argument #5 to 'move' (function, integer or table expected, got boolean)")
      s:remove("far")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:raycast(s) end)
      at(l, e, "bad argument #1 to 'raycast' (collide.ray expected, got collide.scene)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:raycast(ray, true) end)
      at(l, e, "bad argument #2 to 'raycast' (function, integer or table expected, got boolean)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:raycast_all() end)
      at(l, e, "bad argument #1 to 'raycast_all' (collide.ray expected, got nil)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:query("box") end)
      at(l, e, "bad argument #1 to 'query' (shape expected, got string)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:query(ray, { 1 }) end)
      at(l, e, "bad argument #2 to 'query' (invalid field '1')")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:query_frustum(ray) end)
      at(l, e, "bad argument #1 to 'query_frustum' (collide.frustum expected, got collide.ray)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:pairs(1.5) end)
      at(l, e, "bad argument #1 to 'pairs' (number has no integer representation)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() s:move("a", 1, 0, 0, 0 / 0) end)
      at(l, e, "bad argument #5 to 'move' (number has no integer representation)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() collide.scene(-1) end)
      at(l, e, "bad argument #1 to 'scene' (negative margin)")
    end)

    it("for the frustum", function()
      local P = collide.plane
      local planes = { P(1, 0, 0, -1), P(-1, 0, 0, -1), P(0, 1, 0, -1), P(0, -1, 0, -1), P(0, 0, 1, -1), P(0, 0, -1, -1) }
      local f = collide.frustum(unpack(planes))
      local l, e
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() collide.frustum(planes[1]) end)
      at(l, e, "bad argument #2 to 'frustum' (collide.plane expected, got no value)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() f:set(planes[1], planes[1], planes[3], planes[4], planes[5], planes[6]) end)
      at(l, e, "bad argument #1 to 'set' (planes do not bound a frustum)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() f:set_matrix({}) end)
      at(l, e, "bad argument #1 to 'set_matrix' (number expected at index 1, got nil)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() collide.frustum_from_matrix(nil) end)
      at(l, e, "bad argument #1 to 'frustum_from_matrix' (table expected, got no value)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() f:classify(1, 2) end)
      at(l, e, "bad argument #3 to 'classify' (number expected, got no value)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() f:intersects({}) end)
      at(l, e, "bad argument #1 to 'intersects' (shape or vector expected, got table)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() f:intersects(1, 2, 0 / 0) end)
      at(l, e, "bad argument #3 to 'intersects' (finite number expected, got nan)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() f:classify(collide.aabb(0, 0, 0, 1, 1, 1), "fast") end)
      at(l, e, "bad argument #2 to 'classify' (invalid option 'fast')")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() f:classify(collide.aabb(0, 0, 0, 1, 1, 1), 1) end)
      at(l, e, "bad argument #2 to 'classify' (string expected, got number)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() f:set_matrix({ 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 }, 1.0) end)
      at(l, e, "bad argument #2 to 'set_matrix' (string expected, got number)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() f:corner(9) end)
      at(l, e, "bad argument #1 to 'corner' (index out of range)")
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() f:plane(1, 2) end)
      at(l, e, "bad argument #2 to 'plane' (collide.plane expected, got number)")
    end)

    it("for load_obj", function()
      local l, e
      l = debug.getinfo(1, "l").currentline; e = H.error_of(function() collide.load_obj(collide.aabb(0, 0, 0, 1, 1, 1)) end)
      at(l, e, "bad argument #1 to 'load_obj' (string expected, got collide.aabb)")
    end)
  end)
end)

-- -------------------------------------------------------------------------
describe("collide.frustum with bad planes", function()
  local P = collide.plane
  -- the cube -1..1
  local function cube()
    return { P(1, 0, 0, -1), P(-1, 0, 0, -1), P(0, 1, 0, -1), P(0, -1, 0, -1), P(0, 0, 1, -1), P(0, 0, -1, -1) }
  end

  it("refuses a plane given twice, in any two places, or facing itself", function()
    local n = 0
    for i = 1, 6 do
      for j = 1, 6 do
        if i ~= j then
          local ps = cube()
          ps[j] = ps[i]
          assert.has_error(function() collide.frustum(unpack(ps)) end,
            "bad argument #1 to 'frustum' (planes do not bound a frustum)")
          local f = collide.frustum(unpack(cube()))
          assert.has_error(function() f:set(unpack(ps)) end,
            "bad argument #1 to 'set' (planes do not bound a frustum)")
          n = n + 1
        end
      end
    end
    assert.are.equal(30, n)
    -- the far plane facing the near one: a flat slab
    local ps = cube()
    ps[6] = P(0, 0, -1, 1)
    assert.has_error(function() collide.frustum(unpack(ps)) end,
      "bad argument #1 to 'frustum' (planes do not bound a frustum)")
    -- a thin frustum is still one
    ps = cube()
    ps[6] = P(0, 0, -1, 1 - 1e-6)
    assert.are.equal(1, collide.frustum(unpack(ps)):classify(0, 0, -1 + 5e-7))
  end)

  it("a refused set or set_matrix leaves the frustum as it was", function()
    local f = collide.frustum(unpack(cube()))
    local planes = f:planes()
    local before = { tostring(f), f:corners() }
    local function same()
      assert.are.same(before, { tostring(f), f:corners() })
      assert.are.equal(planes, f:planes())
      assert.are.equal(1, f:classify(0, 0, 0))
      assert.are.equal(-1, f:classify(0, 0, 1.5))
      assert.are.equal(0, f:classify(collide.sphere(0, 0, 1.5, 0.6)))
      assert.is_false(f:intersects(collide.aabb(2, 2, 2, 3, 3, 3)))
      assert.are.equal(2, #collide.tree():query_convex(planes) + 2)
    end
    local ps = cube()
    ps[6] = ps[5]
    assert.has_error(function() f:set(unpack(ps)) end, "bad argument #1 to 'set' (planes do not bound a frustum)")
    same()
    ps = cube()
    ps[2] = P(1, 0, 0, 2)                         -- x >= 2 and x >= -1: no corners inside both
    assert.has_error(function() f:set(unpack(ps)) end, "bad argument #1 to 'set' (planes do not bound a frustum)")
    same()
    assert.has_error(function() f:set(ps[1], ps[2], ps[3], ps[4], ps[5], "far") end,
      "bad argument #6 to 'set' (collide.plane expected, got string)")
    same()
    -- rows 1 and 3 equal: left and near are the same plane
    local m = { 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1 }
    assert.has_error(function() f:set_matrix(m, "row") end, "bad argument #1 to 'set_matrix' (matrix does not define a frustum)")
    same()
    m = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0 / 0 }
    assert.has_error(function() f:set_matrix(m) end,
      "bad argument #1 to 'set_matrix' (finite number expected at index 16, got nan)")
    same()
    -- and a good change afterwards takes
    local wide = { P(1, 0, 0, -2), P(-1, 0, 0, -2), P(0, 1, 0, -2), P(0, -1, 0, -2), P(0, 0, 1, -2), P(0, 0, -1, -2) }
    assert.are.equal(f, f:set(unpack(wide)))
    assert.are.equal(planes, f:planes())
    assert.are.same({ -2, -2, -2 }, { f:corner(1) })
    assert.are.equal(1, f:classify(0, 0, 1.5))
    assert.are.equal(f, f:set_matrix({ 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 }))
    assert.are.same(before, { tostring(f), f:corners() })
  end)
end)

-- -------------------------------------------------------------------------
describe("collide.load_obj with broken files", function()
  local load_obj = collide.load_obj
  local function err_of(src)
    local ok, e = pcall(load_obj, src)
    assert.is_false(ok)
    return e
  end

  it("an index too large for any mesh names its line, as written", function()
    assert.are.equal("obj:4: vertex index 99999999999999999999 out of range (3 vertices)",
      err_of("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 99999999999999999999\n"))
    assert.are.equal("obj:4: vertex index -99999999999999999999 out of range (3 vertices so far)",
      err_of("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 -99999999999999999999\n"))
    assert.are.equal("obj:2: vertex index 9007199254740993 out of range (1 vertex)",
      err_of("v 0 0 0\nf 1 1 +0009007199254740993/1/1\n"))
    assert.are.equal("obj:1: bad vertex index 0", err_of("f 1 2 -000\n"))
  end)

  it("a directory is an argument error", function()
    local dir = os.tmpname()
    os.remove(dir)
    assert(os.execute("mkdir " .. dir))
    local e = H.error_of(function() load_obj(dir) end)
    os.remove(dir)
    -- the system's words: Windows refuses to open a directory at all
    local why = package.config:sub(1, 1) == "\\" and "Permission denied" or "Is a directory"
    assert.are.equal("bad argument #1 to 'load_obj' (" .. dir .. ": " .. why .. ")", (e:gsub("^[^:]*:%d+: ", "")))
  end)

  it("CR-only line endings load like LF ones, as text and as a file", function()
    local lf = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nf 1 2 3\nf 2 4 3\n"
    local v1, i1 = load_obj(lf)
    local v2, i2 = load_obj((lf:gsub("\n", "\r")))
    assert.are.same({ 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0 }, v2)
    assert.are.same({ 1, 2, 3, 2, 4, 3 }, i2)
    assert.are.same(v1, v2)
    assert.are.same(i1, i2)
    local path = os.tmpname()
    local f = assert(io.open(path, "wb"))
    f:write((lf:gsub("\n", "\r")))
    f:close()
    local v3, i3 = load_obj(path)
    os.remove(path)
    assert.are.same(v1, v3)
    assert.are.same(i1, i3)
    -- lines are counted by CR too, and mixed endings
    assert.are.equal("obj:3: face needs at least 3 vertices", err_of("v 0 0 0\rv 1 0 0\r\nf 1 2\n"))
  end)

  it("a continuation on the last line continues into the end of the file", function()
    local v, i = load_obj("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 \\\n3 \\")
    assert.are.same({ 1, 2, 3 }, i)
    assert.are.equal(9, #v)
    v, i = load_obj("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3 \\\n")
    assert.are.same({ 1, 2, 3 }, i)
    assert.are.equal(9, #v)
    assert.are.equal("obj:4: face needs at least 3 vertices", err_of("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 \\"))
  end)

  it("no faces is an error that says so, at the last line", function()
    assert.are.equal("obj:3: no faces (3 vertices)", err_of("v 0 0 0\nv 1 0 0\nv 0 1 0\n"))
    assert.are.equal("obj:2: no faces (0 vertices)", err_of("# only a comment\r\n\r\n"))
    local path = os.tmpname()
    local f = assert(io.open(path, "wb"))
    f:close()
    local e = err_of(path)
    os.remove(path)
    assert.are.equal(path .. ":1: no faces (0 vertices)", e)
  end)
end)
