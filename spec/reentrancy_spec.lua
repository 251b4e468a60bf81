-- Lua code that runs in the middle of a call: finalizers run by an
-- allocation (a result table, a shape, a scratch), metamethods and
-- callbacks. None of it may make a call read memory it no longer owns or
-- leave an object unusable: every case here crashed, gave wrong answers or
-- leaked before (under ASan as well as plain Lua), and the collector must
-- see the memory trees and meshes hold.
local collide = require "collide"
local H = require "helpers"

local on_gc, collecting_often = H.on_gc, H.collecting_often

local box = collide.aabb(0, 0, 0, 1, 1, 1)
local ray = collide.ray(-5, 0.5, 0.5, 1, 0, 0)
local everywhere = {
  collide.plane(1, 0, 0, -100), collide.plane(-1, 0, 0, -100),
  collide.plane(0, 1, 0, -100), collide.plane(0, -1, 0, -100),
  collide.plane(0, 0, 1, -100), collide.plane(0, 0, -1, -100),
}

-- increasing, no repeats; with live set, every one still a proxy of the
-- tree (when nothing removes meanwhile)
local function check_proxies(t, r, live)
  for i = 1, #r do
    assert(math.type == nil or math.type(r[i]) == "integer", "not an integer proxy")
    assert(i == 1 or r[i - 1] < r[i], "proxies out of order or repeated")
    -- (a few: each allocates, and runs a collection step here)
    if live and (i <= 2 or i == #r) then assert(t:fat(r[i]) ~= nil) end
  end
end

describe("a tree used by finalizers during its own calls", function()
  -- each walk's leaves, as the walk found them: every box is the same, so
  -- the answer is every leaf the tree held at that moment, between the
  -- count before the call and the count after
  local walks = {
    { "query", function(t) return t:query(box) end },
    { "query_convex", function(t) return t:query_convex(everywhere) end },
    { "raycast(ray)", function(t) return t:raycast(ray) end },
  }
  for _, w in ipairs(walks) do
    it(w[1] .. " keeps its own leaves while a finalizer inserts", function()
      local t
      local function fresh()
        t = collide.tree()
        for _ = 1, 100 do t:insert(box) end
      end
      fresh()
      collecting_often(function()
        for _ = 1, 300 do
          if t:count() > 1000 then fresh() end
          local tree = t
          on_gc(function() for _ = 1, 50 do tree:insert(box) end end)
          local before = t:count()
          local r = w[2](t)
          assert(#r >= before and #r <= t:count(),
                 ("%d leaves, the tree held %d to %d"):format(#r, before, t:count()))
          check_proxies(t, r, true)
        end
      end)
      assert.is_true(t:validate())
    end)
  end

  it("query answers for its own shape while a finalizer queries another", function()
    local t, want, proxies = collide.tree(0), {}, {}
    for k = 1, 200 do proxies[k] = t:insert(collide.aabb(k, 0, 0, k + 0.5, 1, 1)) end
    local a, b = collide.aabb(10, 0, 0, 40.2, 1, 1), collide.aabb(100, 0, 0, 150, 1, 1)
    -- brute force over the fat boxes
    for _, p in ipairs(proxies) do
      if collide.intersects(t:fat(p), a) then want[#want + 1] = p end
    end
    table.sort(want)
    assert.are.equal(31, #want)
    local wrong = 0
    collecting_often(function()
      for _ = 1, 2000 do
        on_gc(function() t:query(b) end)
        local r = t:query(a)
        if #r ~= #want then wrong = wrong + 1
        else
          for i = 1, #r do if r[i] ~= want[i] then wrong = wrong + 1; break end end
        end
      end
    end)
    assert.are.equal(0, wrong)
  end)

  it("bounds and fat answer or refuse while a finalizer removes", function()
    local t = collide.tree(0.5)
    local n = 0
    collecting_often(function()
      for i = 1, 600 do
        if t:count() == 0 then for k = 1, 50 do t:insert(collide.aabb(k, 0, 0, k + 1, 1, 1)) end end
        local tree = t
        on_gc(function()
          for p = 1, 64 do if tree:count() > 0 then pcall(tree.remove, tree, p) end end
        end)
        local b = t:bounds()
        if b ~= nil then
          local x0, y0 = b:min()
          assert(y0 == -0.5 and x0 >= 0.5, "bounds of a tree that never held that box")
        end
        local p = (i % 50) + 1
        local ok, f = pcall(t.fat, t, p)
        if ok then
          -- some leaf's box (k, 0, 0) - (k + 1, 1, 1), fattened by 0.5
          local x0, y0, z0 = f:min()
          local x1, y1, z1 = f:max()
          local k = x0 + 0.5
          assert(k == math.floor(k) and k >= 1 and k <= 50, "not a fat box of the tree")
          H.assert_exact({ k - 0.5, -0.5, -0.5, k + 1.5, 1.5, 1.5 }, x0, y0, z0, x1, y1, z1)
          n = n + 1
        else
          assert.are.equal("bad argument #1 to 'fat' (invalid proxy)", f)
        end
      end
    end)
    assert.is_true(n > 0)
    assert.is_true(t:validate())
  end)

  it("pairs counts again when a finalizer changed the tree meanwhile", function()
    local t = collide.tree(0)
    for _ = 1, 20 do t:insert(box) end
    collecting_often(function()
      for _ = 1, 100 do
        local tree = t
        on_gc(function() if tree:count() < 40 then tree:insert(box) end end)
        local r = t:pairs()
        -- all boxes overlap, and finalizers only insert: the answer is every
        -- pair of the leaves the tree held at some moment of the call, a
        -- before b, each pair once. (The leaf count cannot be read at that
        -- moment from Lua: Lua 5.2 may run finalizers on entering any C
        -- function, t:count() included.)
        -- (each leaf's liveness is checked once: t:fat allocates a box, and
        -- a collector stepping on every allocation over the whole suite's
        -- heap made thousands of them per round take minutes on Lua 5.2)
        local leaves, seen, m = {}, {}, 0
        for i = 1, #r, 2 do
          local a, b = r[i], r[i + 1]
          assert(a < b, "a pair out of order")
          local key = a * 65536 + b
          assert(not seen[key], "a pair given twice")
          seen[key] = true
          for _, p in ipairs { a, b } do
            if not leaves[p] then
              assert(t:fat(p), "not a pair of live leaves")
              leaves[p] = true; m = m + 1
            end
          end
        end
        assert(m >= 20 and m <= t:count(), ("%d leaves in the pairs"):format(m))
        assert(#r == m * (m - 1), ("%d numbers for %d leaves"):format(#r, m))
      end
    end)
    local c = t:count()
    assert.are.equal(c * (c - 1), #t:pairs())
  end)
end)

describe("a scene used by finalizers during its calls", function()
  local frustum = collide.frustum(everywhere[1], everywhere[2], everywhere[3],
                                  everywhere[4], everywhere[5], everywhere[6])
  local calls = {
    { "query", function(s) return s:query(box) end },
    { "query_frustum", function(s) return s:query_frustum(frustum) end },
    { "raycast_all", function(s) return s:raycast_all(ray) end },
  }
  for _, c in ipairs(calls) do
    it(c[1] .. " while a finalizer adds items", function()
      local s, added = collide.scene(), 0
      local function add(n)
        for _ = 1, n do added = added + 1; s:add({ added }, collide.aabb(0, 0, 0, 1, 1, 1)) end
      end
      add(50)
      collecting_often(function()
        for _ = 1, 60 do
          if s:count() > 150 then s = collide.scene(); add(50) end
          on_gc(function() add(20) end)
          local before = s:count()
          local r = c[2](s)
          assert(#r >= before and #r <= s:count(),
                 ("%d items, the scene held %d to %d"):format(#r, before, s:count()))
        end
      end)
    end)
  end
end)

describe("objects whose metatables a script reaches", function()
  it("protects the metatables: getmetatable gives the name, __tostring and __eq only", function()
    local objs = {
      collide.aabb(0, 0, 0, 1, 1, 1), collide.obb(0, 0, 0, 1, 1, 1, 0, 0, 0, 1),
      collide.plane(0, 0, 1, 0), collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0),
      collide.ray(0, 0, 0, 1, 0, 0), collide.sphere(0, 0, 0, 1),
      collide.tree(), collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 }), collide.heightfield({ 0, 0, 0, 0 }, 2, 2),
    }
    local names = { "aabb", "obb", "plane", "triangle", "ray", "sphere", "tree", "mesh", "heightfield" }
    for i, o in ipairs(objs) do
      local mt, real = getmetatable(o), debug.getmetatable(o)
      assert.are_not.equal(real, mt)
      assert.are.same({ __name = "collide." .. names[i], __tostring = real.__tostring, __eq = real.__eq }, mt)
      mt.__index = function() error("replaced") end
      assert.are.equal("function", type(o.intersects or o.insert or o.count))
    end
  end)

  it("has no __gc on a tree or a mesh to call twice or early", function()
    local t, m = collide.tree(), collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 })
    assert.is_nil(debug.getmetatable(t).__gc)
    assert.is_nil(debug.getmetatable(m).__gc)
  end)

  it("mesh:triangle answers while a finalizer collects and queries the mesh", function()
    local v = {}
    for k = 1, 300 do
      v[#v + 1] = k; v[#v + 1] = 0; v[#v + 1] = 0
      v[#v + 1] = k + 1; v[#v + 1] = 0; v[#v + 1] = 0
      v[#v + 1] = k; v[#v + 1] = 1; v[#v + 1] = 0
    end
    local m = collide.mesh(v)
    -- brute force over the triangles, for each query box
    local want = {}
    for k = 1, 300 do
      local q, w = collide.aabb(k, 0, 0, k + 0.5, 0.5, 0), {}
      for j = 1, 300 do
        if collide.intersects(collide.triangle(j, 0, 0, j + 1, 0, 0, j, 1, 0), q) then w[#w + 1] = j end
      end
      want[k] = w
    end
    collecting_often(function()
      for i = 1, 800 do
        on_gc(function() m:query(collide.aabb(0, 0, 0, 50, 1, 1)) end)
        local k = (i % 300) + 1
        H.assert_exact({ k, 0, 0, k + 1, 0, 0, k, 1, 0 }, m:triangle(k):vertices())
        assert.are.same(want[k], m:query(collide.aabb(k, 0, 0, k + 0.5, 0.5, 0)))
      end
    end)
  end)

  it("heightfield:query and contacts answer while a finalizer edits and queries it", function()
    local n = 40
    local h = {}
    for k = 1, n * n do h[k] = (k * 7) % 5 end
    local hf = collide.heightfield(h, n, n)
    -- the same query on the mesh of the same triangles, once
    local v, idx = {}, {}
    for j = 0, n - 1 do
      for i = 0, n - 1 do v[#v + 1] = i; v[#v + 1] = h[j * n + i + 1]; v[#v + 1] = j end
    end
    for j = 0, n - 2 do
      for i = 0, n - 2 do
        local a = j * n + i + 1
        for _, x in ipairs { a, a + n, a + n + 1, a, a + n + 1, a + 1 } do idx[#idx + 1] = x end
      end
    end
    local m = collide.mesh(v, idx)
    local q = collide.aabb(3, -1, 3, 30, 6, 30)
    local want, want_contacts = m:query(q), m:contacts(q)
    collecting_often(function()
      for i = 1, 60 do
        -- a finalizer writes a height back unchanged and queries: the
        -- blocks are refreshed under the running query
        on_gc(function()
          local k = i % (n * n)
          hf:set_height(k % n, math.floor(k / n), h[k + 1])
          hf:query(collide.sphere(5, 1, 5, 3))
        end)
        assert.are.same(want, hf:query(q))
        assert.are.same(want_contacts, hf:contacts(q))
      end
    end)
  end)

  it("leaves a tree unlocked when a raycast's cast lookup fails", function()
    local t = collide.tree()
    local m = collide.mesh({ 0, -1, -1, 0, 1, -1, 0, 0, 1 })
    local p = t:insert(m:bounds())
    local shapes = { [p] = m }
    local r = collide.ray(-5, 0, 0, 1, 0, 0)
    local mt = debug.getmetatable(r)
    local index = mt.__index
    mt.__index = function() error("no methods today") end
    local ok, err = pcall(t.raycast, t, r, shapes)
    mt.__index = index
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("no methods today", 1, true))
    -- not locked: changes go through
    local q = t:insert(box)
    t:remove(q)
    assert.are.equal(1, t:count())
    -- t, point, normal, then the mesh's u, v and triangle index
    H.assert_exact({ p, 5, 0, 0, 0, -1, 0, 0, 0.25, 0.5, 1 }, t:raycast(r, shapes))
  end)

  it("leaves a tree unlocked after a callback errs or changes it", function()
    local t = collide.tree()
    t:insert(box)
    assert.has_error(function() t:raycast(ray, function() error("stop", 0) end) end, "stop")
    local ok, err = pcall(t.raycast, t, ray, function() t:insert(box) return 1 end)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("cannot change a tree during its raycast callback", 1, true))
    assert.are.equal(1, t:count())
    t:insert(box)
    assert.are.equal(2, t:count())
  end)
end)

describe("objects whose user values a script reaches", function()
  -- debug.getuservalue/setuservalue (5.2+), debug.getfenv/setfenv (5.1,
  -- LuaJIT): the storage of a tree, a mesh and a frustum is anchored
  -- elsewhere, so nothing a script puts there or takes away frees it
  local get = debug.getuservalue or debug.getfenv
  local set = debug.setuservalue or debug.setfenv

  local function meddle(u)
    -- 5.2+: the user value is the object's own, so empty it; 5.1 and
    -- LuaJIT: the environment is shared (a userdata made by a C function
    -- gets that function's, here the package table), so replace it only
    local v = get(u)
    if debug.getuservalue and type(v) == "table" then for k in pairs(v) do v[k] = nil end end
    pcall(set, u, {})
    if _VERSION ~= "Lua 5.1" then pcall(set, u, nil) end
    collectgarbage()
    collectgarbage()
  end

  it("leaves a tree's nodes, scratch and tracked shapes alive", function()
    local t = collide.tree(0)
    local shapes = {}
    for i = 1, 500 do
      shapes[i] = collide.aabb(i, 0, 0, i + 1, 1, 1)
      t:track(t:insert(shapes[i], i), shapes[i])
    end
    -- closed boxes: [9, 10] .. [14, 15] meet [10, 14]
    assert.are.equal(6, #t:query(collide.aabb(10, 0, 0, 14, 1, 1)))
    meddle(t)
    for _ = 1, 200 do local _ = collide.aabb(0, 0, 0, 1, 1, 1) end
    assert.are.equal(6, #t:query(collide.aabb(10, 0, 0, 14, 1, 1)))
    shapes[10]:translate(1000, 0, 0)
    -- the array dropped, so the tree's references alone keep the shapes
    shapes = nil -- luacheck: ignore 311
    meddle(t)
    assert.are.equal(1, (t:sync()))
    assert.are.equal(5, #t:query(collide.aabb(10, 0, 0, 14, 1, 1)))
    assert.are.equal(1, #t:query(collide.aabb(1010, 0, 0, 1011, 1, 1)))
    -- neighbours touch: 499 pairs, less the two of the box moved away
    assert.are.equal(2 * 497, #t:pairs())
    assert.is_true(t:validate())
  end)

  it("leaves a mesh's vertices and hierarchy alive", function()
    local v, idx = {}, {}
    for i = 0, 99 do
      local x = i * 2
      for _, c in ipairs { x, 0, 0, x + 1, 0, 0, x, 0, 1 } do v[#v + 1] = c end
      for k = 1, 3 do idx[#idx + 1] = 3 * i + k end
    end
    local m = collide.mesh(v, idx)
    meddle(m)
    for _ = 1, 200 do local _ = collide.aabb(0, 0, 0, 1, 1, 1) end
    -- triangle 26: (50, 0, 0), (51, 0, 0), (50, 0, 1); weights 0.25 on
    -- the second and third vertices
    H.assert_exact({ 1, 50.25, 0, 0.25, 0, 1, 0, 0.25, 0.25, 26 },
      collide.ray(50.25, 1, 0.25, 0, -1, 0):cast(m))
    assert.are.same({ 26 }, m:query(collide.sphere(50.25, 0, 0.25, 0.1)))
  end)

  it("leaves a frustum's planes in step", function()
    -- the clip cube -1 <= x, y, z <= 1, then the cube of half-side 10
    local f = collide.frustum_from_matrix { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 }
    local planes = f:planes()
    assert.are.equal(-1, f:classify(collide.sphere(0, 0, -5, 0.5)))
    meddle(f)
    f:set_matrix { 0.1, 0, 0, 0, 0, 0.1, 0, 0, 0, 0, 0.1, 0, 0, 0, 0, 1 }
    assert.are.equal(planes, f:planes())
    assert.are.equal(6, #planes)
    for k = 1, 6 do assert.are.equal(f:plane(k), planes[k]) end
    assert.are.equal(1, f:classify(collide.sphere(0, 0, -5, 0.5)))
  end)
end)

describe("memory of trees and meshes", function()
  it("leaves a stopped collector stopped", function()
    collectgarbage("collect")
    collectgarbage("stop")
    local before = collectgarbage("count")
    local t = collide.tree()
    for k = 1, 2000 do t:insert(collide.aabb(k, 0, 0, k + 1, 1, 1)) end
    local m = collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 })
    for _ = 1, 50 do m = collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 }) end
    local after = collectgarbage("count")
    collectgarbage("restart")
    -- nothing was collected: the old node blocks are still counted
    assert.is_true((after - before) * 1024 >= 2 * 3999 * 6 * 8)
    assert.are.equal(1, m:count())
  end)

  local function grid_mesh(n)
    local v = {}
    for i = 0, n - 1 do
      for j = 0, n - 1 do
        local x, y = i, j
        v[#v + 1] = x; v[#v + 1] = y; v[#v + 1] = 0
        v[#v + 1] = x + 1; v[#v + 1] = y; v[#v + 1] = 0
        v[#v + 1] = x; v[#v + 1] = y + 1; v[#v + 1] = (i + j) % 3
      end
    end
    return v
  end

  it("counts a mesh's storage in collectgarbage('count')", function()
    local v = grid_mesh(60)                       -- 3,600 triangles
    collectgarbage("collect")
    local before = collectgarbage("count")
    collectgarbage("stop")
    local m = collide.mesh(v)
    local after = collectgarbage("count")
    collectgarbage("restart")
    -- at least the vertices (3 doubles each) and the triangles (3 indices)
    local nt = m:count()
    assert.are.equal(3600, nt)
    assert.is_true((after - before) * 1024 >= 3 * nt * 3 * 8 + nt * 3 * 4)
  end)

  it("counts a tree's storage in collectgarbage('count')", function()
    local boxes = {}
    for k = 1, 5000 do boxes[k] = collide.aabb(k, 0, 0, k + 1, 1, 1) end
    local t = collide.tree()
    collectgarbage("collect")
    local before = collectgarbage("count")
    collectgarbage("stop")
    for k = 1, 5000 do t:insert(boxes[k]) end
    local after = collectgarbage("count")
    collectgarbage("restart")
    -- 9,999 nodes, each with at least its box (6 doubles)
    assert.is_true((after - before) * 1024 >= 9999 * 6 * 8)
  end)

  it("keeps the count bounded when meshes are built and dropped", function()
    local v = grid_mesh(40)
    collectgarbage("collect")
    local base = collectgarbage("count")
    local one = collide.mesh(v):memory() / 1024
    local peak = 0
    for _ = 1, 300 do
      local m = collide.mesh(v)
      assert.are.equal(1600, m:count())
      peak = math.max(peak, collectgarbage("count"))
    end
    -- The collector frees dropped meshes: with its default pause (a cycle
    -- when the heap has doubled) the count stays within a few times what
    -- was live before; the 300 meshes, kept, would be 300 times one (and
    -- Lua 5.1 and LuaJIT, pacing by allocations, would climb far past it
    -- if the binding did not pace them by bytes). LuaJIT's collector,
    -- under wine and qemu, reaches a little past four times.
    assert.is_true(peak < 5 * base + 40 * one,
                   ("peak %.0f KB from %.0f KB; one mesh %.0f KB"):format(peak, base, one))
    -- the storage goes with the cycle that frees the mesh; on Lua 5.1 and
    -- LuaJIT, whose weak tables have no ephemerons, with the next one
    collectgarbage("collect")
    if _VERSION == "Lua 5.1" then collectgarbage("collect") end
    assert.is_true(collectgarbage("count") - base < 2 * one)
  end)
end)

describe("finalizers that change, query and collect on every allocation", function()
  it("leave trees and meshes sound", function()
    local r = H.rng(20261123)
    local t = collide.tree(0.1)
    local live = {}
    local m = collide.mesh(
      { 0, 0, 0, 4, 0, 0, 0, 4, 0, 1, 1, 1, 3, 1, 1, 1, 3, 1, 0, 0, 2, 4, 0, 2, 0, 4, 2 })
    local function rbox()
      local x, y, z = r(0, 8), r(0, 8), r(0, 8)
      return collide.aabb(x, y, z, x + r(0, 2), y + r(0, 2), z + r(0, 2))
    end
    local actions = {
      function() local ok, p = pcall(t.insert, t, rbox()); if ok then live[#live + 1] = p end end,
      function()
        if #live > 0 then
          local k = math.floor(r(1, #live + 1))
          if pcall(t.remove, t, live[k]) then table.remove(live, k) end
        end
      end,
      function() t:query(rbox()) end,
      function() t:raycast(collide.ray(r(0, 8), r(0, 8), -1, 0, 0, 1)) end,
      function() t:pairs() end,
      function() pcall(t.sync, t) end,
      function()
        if #live > 0 then pcall(t.track, t, live[math.floor(r(1, #live + 1))], rbox()) end
      end,
      function() m:query(rbox()) end,
      function() collectgarbage("step") end,
      function() collectgarbage("step", 64) end,
    }
    -- a finalizer runs one action and may leave another finalizer behind
    -- (a chain of at most three: under LuaJIT a full collection inside a
    -- finalizer runs the next one at once, so an endless chain never ends)
    local running = true
    local function schedule(depth)
      local a = actions[math.floor(r(1, #actions + 1))]
      on_gc(function()
        if running then
          a()
          if depth < 3 then schedule(depth + 1) end
        end
      end)
    end
    collecting_often(function()
      for i = 1, 1000 do
        schedule(1)
        local op = math.floor(r(1, 11))
        if op == 1 then
          live[#live + 1] = t:insert(rbox())
        elseif op == 2 and #live > 0 then
          local k = math.floor(r(1, #live + 1))
          if pcall(t.remove, t, live[k]) then table.remove(live, k) end
        elseif op == 3 and #live > 0 then
          pcall(t.move, t, live[math.floor(r(1, #live + 1))], rbox())
        elseif op == 4 then
          check_proxies(t, t:query(rbox()))
        elseif op == 5 then
          check_proxies(t, t:query_convex(everywhere))
        elseif op == 6 then
          -- nearest first: distinct proxies, in no order of their numbers
          local seen = {}
          for _, p in ipairs(t:raycast(collide.ray(r(0, 8), r(0, 8), -1, 0, 0, 1))) do
            assert(not seen[p], "repeated proxy")
            seen[p] = true
          end
        elseif op == 7 then
          t:raycast(collide.ray(r(0, 8), r(0, 8), -1, 0, 0, 1), function(_, te)
            collectgarbage("step")
            return te
          end)
        elseif op == 8 then
          local b = t:bounds()
          assert(b == nil or collide.type(b) == "aabb")
          local pr = t:pairs()
          assert(#pr % 2 == 0)
        elseif op == 9 and #live > 0 then
          -- shapes tracked, changed, some of them made boundless
          local tracked = collide.ray(r(0, 8), r(0, 8), r(0, 8), 1, 0, 0, 2)
          if pcall(t.track, t, live[math.floor(r(1, #live + 1))], tracked) then
            tracked:set(0, 0, 0, 0, 1, 0, r(0, 1) < 0.5 and math.huge or 3)
          end
          local n, lost = t:sync()
          assert(n >= 0 and (lost == nil or #lost > 0))
          local k = math.floor(r(1, 4))
          assert.are.equal("triangle", collide.type(m:triangle(k)))
          m:query(rbox())
        else
          assert(t:validate())
        end
        if i % 100 == 0 then
          collectgarbage("collect")
          assert.is_true(t:validate())
          if t:count() > 400 then t = collide.tree(0.1); live = {} end
        end
      end
    end)
    -- whatever finalizers are left run now, on a tree that must stay sound
    collectgarbage("collect")
    running = false
    collectgarbage("collect")
    assert.is_true(t:validate())
  end)
end)
