-- Finalizers (Lua code that any allocation may run) that change a scene
-- and call the same query again while a binding call builds its answer's
-- tables or runs its filter. The rule (CONTRIBUTING.md): no pointer into
-- memory a nested call can move or free is used after a point where Lua
-- code may run. Each case compares the answer given while finalizers
-- fire with the one computed without them; the finalizers add and remove
-- items far from everything the call looks at (so that the answer stays
-- the same), which moves the world's arrays, and ask the same question.
-- Run under `make sanitize` too: a read of freed memory is an error there.
local collide = require "collide"
local H = require "helpers"

-- finalizers that run act() and arm themselves again (helpers.lua)
local chains = H.chains

-- calls call() in rounds (at most `rounds`, until finalizers fired inside
-- it `want` times), each answer given to same(answer, what); while the
-- call runs, a finalizer runs nested() (its errors kept: an error in a
-- finalizer is only a warning) after `grow` added items far away; before
-- each round those are removed. How many times finalizers fired inside.
local function stress(scene, call, same, nested, opts)
  opts = opts or {}
  local inside, fired, extra, inner_error = { false }, 0, 0, nil
  local live = { true }
  local far = {}
  H.collecting_often(function()
    chains(8, live, function()
      -- (a bounded number of times: the items added during scene:items()
      -- are yielded by it, and a loop that adds more as it goes never ends)
      if not inside[1] or fired >= 64 then return end
      fired = fired + 1
      -- (refused while a filter runs: pcall)
      for _ = 1, opts.grow or 40 do
        extra = extra + 1
        local x = 1000 + 3 * extra
        if pcall(scene.add, scene, "far" .. extra, collide.aabb(x, 1000, 1000, x + 1, 1001, 1001)) then
          far[#far + 1] = "far" .. extra
        end
      end
      if far[1] ~= nil then pcall(scene.remove, scene, far[1]) end
      local ok, err = pcall(nested)
      if not ok then inner_error = inner_error or err end
    end)
    for round = 1, opts.rounds or 400 do
      if fired >= (opts.want or 3) then break end
      for _, item in ipairs(far) do if scene:has(item) then scene:remove(item) end end
      far = {}
      if opts.before then opts.before() end
      -- (the call made a few times in a row, so that more of the round's
      -- allocations are the call's; the first and the last answer checked)
      inside[1] = true
      local first, got = call()
      for _ = 2, opts.times or 1 do got = call() end
      inside[1] = false
      same(first, "round " .. round)
      if got ~= nil then same(got, "round " .. round) end
    end
    live[1] = false
  end, true)
  collectgarbage()
  assert.is_nil(inner_error)
  return fired
end

local fired_by_call = {}

describe("binding calls while finalizers change the scene", function()
  -- the character's collisions were read from its own array while their
  -- tables were made; a finalizer that grew the scene and moved the
  -- character reallocated that array under the loop
  it("ch:collisions() while finalizers grow the scene and move the character", function()
    local s = collide.scene()
    s:add("floor", collide.aabb(-50, -1, -50, 50, 0, 50))
    for i = 1, 20 do s:add("w" .. i, collide.aabb(1 + i * 0.001, 0, -5 + i * 0.4, 2, 3, -4.6 + i * 0.4)) end
    s:add("ch", collide.capsule(0, 0.5, 0, 0, 1.5, 0, 0.5))
    local ch = collide.character(s, "ch")
    local function show(cols)
      local t = {}
      for k, c in ipairs(cols) do
        t[k] = ("%s %s" .. (" %.17g"):rep(8)):format(c.item, c.other, c.t, c.nx, c.ny, c.nz, c.x, c.y, c.z,
          c.type == "slide" and 1 or 0)
      end
      return table.concat(t, "; ")
    end
    ch:move(2, -1, 0)                    -- against the wall from then on
    ch:move(2, -1, 0)
    local want = show(ch:collisions())
    assert.are.equal(2, #ch:collisions())
    local fired = stress(s, function()
      ch:move(2, -1, 0)
      return ch:collisions()
    end, function(got, what)
      assert.are.equal(want, show(got), what)
      assert.are.equal(want, show(ch:collisions()), what)
    end, function()
      ch:move(2, -1, 0)
      assert.are.equal(want, show(ch:collisions()))
    end, { rounds = 3000 })
    fired_by_call["ch:collisions"] = fired
  end)

  -- scene:events() looked an event's items up while it made the tables:
  -- one a finalizer removed meanwhile came out as nil (186 of 200 exits
  -- in one call named their item)
  it("scene:events() while finalizers remove the items the events name", function()
    local s = collide.scene()
    s:add("sensor", collide.aabb(0, 0, 0, 100, 10, 10), { sensor = true })
    local inside_box, outside = {}, {}
    for i = 1, 200 do
      inside_box[i] = collide.aabb(i * 0.4, 1, 1, i * 0.4 + 0.2, 2, 2)
      outside[i] = collide.aabb(i * 0.4, 20, 1, i * 0.4 + 0.2, 21, 2)
      s:add(i, outside[i])
    end
    s:events()
    local r = H.rng(3)
    local inside, fired, live = { false }, 0, { true }
    H.collecting_often(function()
      chains(8, live, function()
        if not inside[1] then return end
        local victim = math.floor(r(1, 201))
        if s:has(victim) then
          s:remove(victim)
          fired = fired + 1
        end
      end)
      for round = 1, 400 do
        if fired >= 20 then break end
        -- every item where the round's motion starts (those removed put
        -- back there), and the events that gave flushed
        local into = round % 2 == 1
        for i = 1, 200 do if not s:has(i) then s:add(i, into and outside[i] or inside_box[i]) end end
        s:events()
        for i = 1, 200 do s:update(i, into and inside_box[i] or outside[i]) end
        inside[1] = true
        local events = s:events()
        inside[1] = false
        local seen, n = {}, 0
        for _, ev in ipairs(events) do
          assert.are.equal(into and "enter" or "exit", ev.type)
          assert.are.equal("sensor", ev.sensor)
          assert.is_not_nil(ev.item, "round " .. round)
          assert.is_nil(seen[ev.item])
          seen[ev.item] = true
          n = n + 1
        end
        -- an item removed before the events were found has none
        for i = 1, 200 do
          if s:has(i) then assert.is_true(seen[i], "round " .. round .. ": " .. i) end
        end
        assert.is_true(n <= 200)
      end
      live[1] = false
    end, true)
    collectgarbage()
    fired_by_call["scene:events"] = fired
  end)

  -- every query and motion of a scene: a level of boxes and a mover; each
  -- answer written out exactly, the one without finalizers first
  local function level()
    local s = collide.scene()
    local r = H.rng(21)
    for i = 1, 40 do
      local x, y, z = r(0, 20), r(0, 4), r(0, 4)
      s:add(i, collide.aabb(x, y, z, x + r(0.5, 2), y + r(0.5, 2), z + r(0.5, 2)))
    end
    s:add("ground", collide.plane(0, 1, 0, -1))
    return s
  end
  local function text(v)
    if type(v) == "table" then
      local keys = {}
      for k in pairs(v) do keys[#keys + 1] = k end
      table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
      local t = {}
      for i, k in ipairs(keys) do t[i] = tostring(k) .. "=" .. text(v[k]) end
      return "{" .. table.concat(t, ",") .. "}"
    end
    if type(v) == "number" then return ("%.17g"):format(v) end
    return tostring(v)
  end
  local function all(...) return { n = select("#", ...), ... } end
  local probe = collide.aabb(2, 0, 0, 12, 4, 4)
  local ray = collide.ray(-1, 1.5, 1.5, 1, 0, 0, 40)
  local ball = collide.sphere(-2, 2, 2, 1)
  local box_frustum = collide.frustum(collide.plane(1, 0, 0, 2), collide.plane(-1, 0, 0, -14),
    collide.plane(0, 1, 0, 0), collide.plane(0, -1, 0, -4), collide.plane(0, 0, 1, 0), collide.plane(0, 0, -1, -4))
  local function yes() return true end
  local cases = {
    { "query", function(s) return s:query(probe) end },
    { "query with a filter", function(s) return s:query(probe, yes) end },
    { "query_frustum", function(s) return s:query_frustum(box_frustum) end },
    { "raycast", function(s) return all(s:raycast(ray, yes)) end },
    { "nearest with a filter", function(s) return all(s:nearest(-1, 1.5, 1.5, nil, yes)) end },
    { "raycast_all", function(s) return s:raycast_all(ray) end },
    { "raycast_all with a filter", function(s) return s:raycast_all(ray, yes) end },
    { "sweep", function(s) return all(s:sweep(ball, 30, 0, 0, yes)) end },
    { "sweep_all", function(s) return s:sweep_all(ball, 30, 0, 0) end },
    { "pairs with a mask", function(s) return s:pairs(1) end },
    { "pairs with a filter", function(s) return s:pairs(yes) end },
    { "lines within a box", function(s) return s:lines(nil, probe) end },
    { "items", function(s)
        local t = {}
        for item in s:items() do if type(item) == "number" or item == "ground" then t[#t + 1] = item end end
        return t
      end },
    { "move", function(s)
        s:add("m", collide.sphere(-2, 2, 2, 0.5))
        local got = all(s:move("m", 30, 0, 0, function() return "slide" end))
        s:remove("m")
        return got
      end },
  }
  for _, c in ipairs(cases) do
    it(c[1] .. " while finalizers add, remove and ask the same", function()
      local s = level()
      local want = text(c[2](s))
      local fired = stress(s, function() return c[2](s) end, function(got, what)
        assert.are.equal(want, text(got), what)
      end, function()
        -- (a move is refused while a filter runs)
        local ok, got = pcall(c[2], s)
        if ok then assert.are.equal(want, text(got)) end
      end, { rounds = 300, times = 16 })
      fired_by_call[c[1]] = fired
    end)
  end

  it("a character's move while finalizers add, remove and move it", function()
    local s = level()
    s:add("wall", collide.aabb(-6, -1, -5, -4.5, 5, 5))
    s:add("ch", collide.capsule(-3, 0, 1.5, -3, 1, 1.5, 0.4))
    local ch = collide.character(s, "ch")
    for _ = 1, 3 do ch:move(-1, -1, 0) end            -- against the wall from then on
    local function step() return text(all(ch:move(-1, -1, 0))) .. text(ch:collisions()) end
    local want = step()
    assert.are.equal(want, step())
    local fired = stress(s, step, function(got, what) assert.are.equal(want, got, what) end,
      function() assert.are.equal(want, step()) end, { rounds = 300 })
    fired_by_call["character move"] = fired
  end)

  it("had finalizers fire inside the calls above", function()
    local total, calls = 0, {}
    for name, n in pairs(fired_by_call) do
      total = total + n
      calls[#calls + 1] = name .. " " .. n
    end
    table.sort(calls)
    if os.getenv("FIRED") then print(table.concat(calls, ", ")) end
    -- (Lua 5.2's collector runs few finalizers a step: it may reach none)
    if _VERSION == "Lua 5.2" and total == 0 then return end
    assert.is_true(total > 0, table.concat(calls, ", "))
  end)
end)
