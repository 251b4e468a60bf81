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
      if not inside[1] then return end
      fired = fired + 1
      for _ = 1, opts.grow or 40 do
        extra = extra + 1
        local x = 1000 + 3 * extra
        far[#far + 1] = "far" .. extra
        scene:add("far" .. extra, collide.aabb(x, 1000, 1000, x + 1, 1001, 1001))
      end
      local ok, err = pcall(nested)
      if not ok then inner_error = inner_error or err end
    end)
    for round = 1, opts.rounds or 400 do
      if fired >= (opts.want or 3) then break end
      for _, item in ipairs(far) do if scene:has(item) then scene:remove(item) end end
      far = {}
      if opts.before then opts.before() end
      inside[1] = true
      local got = call()
      inside[1] = false
      same(got, "round " .. round)
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

  it("had finalizers fire inside the calls above", function()
    local total, calls = 0, {}
    for name, n in pairs(fired_by_call) do
      total = total + n
      calls[#calls + 1] = name .. " " .. n
    end
    table.sort(calls)
    -- (Lua 5.2's collector runs few finalizers a step: it may reach none)
    if _VERSION == "Lua 5.2" and total == 0 then return end
    assert.is_true(total > 0, table.concat(calls, ", "))
  end)
end)
