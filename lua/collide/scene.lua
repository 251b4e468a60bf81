-- collide.scene: items (any Lua value but nil and NaN), each with one shape,
-- held in a collide.tree for the broad phase; every answer is then decided
-- by the exact narrow phase (ray:cast, collide.intersects,
-- frustum:intersects). Modelled on bump.lua's world.
--
-- Order: every item has a sequence number from the moment it was added.
-- items(), query, query_frustum and pairs follow it; raycast and
-- raycast_all break ties in t with it (the earlier added first). It is the
-- id the tree orders its results by.
--
-- Shapes without bounds (planes, rays with infinite tmax, empty meshes) are kept out of
-- the tree in a list that every query also tests.
--
-- Changes during a call: while a filter runs (raycast, raycast_all, query,
-- query_frustum, pairs, sweep, sweep_all, move) the scene is locked, and
-- add, update and remove raise `cannot change a scene during its NAME` (NAME the call whose filter
-- is running), whatever the item's shape. Queries from inside a filter are
-- allowed. A filter that raises unlocks the scene on its way out.
--
-- Finalizers: Lua code that an allocation runs (a __gc), which may add,
-- update and remove items during any call, even one that only reads (a
-- C function that pushes a string may step the collector). A query reads
-- each candidate's item and shape together, before it tests it, so an
-- item removed before it is read is not in the answer and never makes the
-- call fail, and one read is answered as it was; orders come from sequence
-- numbers read once. A change runs Lua code only in the tree's insert,
-- before the leaf exists, and checks the item again after it (scene:add
-- of an item that a finalizer added meanwhile is refused).
--
-- No function here reads `...` after a loop: LuaJIT 2.1 can read the wrong
-- slot there once the loop is compiled (spec/scene_hostile_spec.lua).
local core = require "collide.core"
local frustum = require "collide.frustum"

local ctype, intersects = core.type, core.intersects
local type, error, getmetatable, setmetatable = type, error, getmetatable, setmetatable
local huge = math.huge
local format, sort = string.format, table.sort
local Frustum = frustum.Frustum

local M = {}
local Scene = {}
Scene.__index = Scene
Scene.__name = "collide.scene"
M.Scene = Scene

local HEAD = setmetatable({}, { __tostring = function() return "scene list head" end })

-- shapes the tree can take as a query, and frustum:intersects exactly
local CORE = { aabb = true, obb = true, plane = true, triangle = true, ray = true, sphere = true,
               capsule = true, hull = true }
local FRUSTUM_EXACT = CORE
-- sets of triangles (a sweep gives one hit of theirs: the others are
-- swept one by one where the motion needs them)
local TRISETS = { mesh = true, heightfield = true }

local args = require "collide.args"
local typename, argerror, vector = args.typename, args.argerror, args.vector

-- the check_ helpers raise at level 4: the caller of the scene method
local function check_item(item, fname)
  if item == nil then argerror(1, fname, "item expected, got nil", 4) end
  if item ~= item then argerror(1, fname, "item expected, got nan", 4) end
end

local function check_shape(shape, n, fname)
  if ctype(shape) == nil then
    argerror(n, fname, "shape expected, got " .. (shape == nil and "nil" or typename(shape)), 4)
  end
end

local function check_filter(filter, n, fname)
  if filter ~= nil and type(filter) ~= "function" then
    argerror(n, fname, "function expected, got " .. typename(filter), 4)
  end
end

-- add, update and remove are refused while a filter runs
local function check_unlocked(self)
  local busy = self._busy
  if busy then error("cannot change a scene during its " .. busy, 4) end
end

-- the filter as the scene calls it: with the scene locked under the name
-- of the call, unlocked again however the filter ends (an error passes
-- through unchanged); nil for no filter. A pair filter (move's) takes the
-- item and the other one.
-- A filter cannot yield: it is called through core._call, a C function
-- that calls it without a continuation, so a yield raises Lua's "attempt
-- to yield across a C-call boundary" (as in a tree's raycast callback),
-- which unlocks the scene on its way out. Were the yield let through, a
-- coroutine dropped while suspended in the filter would leave the scene
-- locked for ever, and one resumed later would find it changed under it.
local call = core._call
local function locked(self, name, filter, pair)
  if filter == nil then return nil end
  local function unlock(outer, ok, keep)
    self._busy = outer
    if not ok then error(keep, 0) end
    return keep
  end
  if pair then
    return function(item, other)
      local outer = self._busy
      self._busy = name
      return unlock(outer, pcall(call, filter, item, other))
    end
  end
  return function(item)
    local outer = self._busy
    self._busy = name
    return unlock(outer, pcall(call, filter, item))
  end
end

--- collide.scene([margin]): margin fattens the tree's boxes (default 0.1)
function M.new(margin)
  if margin ~= nil then
    if type(margin) ~= "number" then argerror(1, "scene", "number expected, got " .. typename(margin)) end
    if margin ~= margin or margin == huge or margin == -huge then
      local what = margin ~= margin and "nan" or (margin > 0 and "inf" or "-inf")
      argerror(1, "scene", "finite number expected, got " .. what)
    end
    if margin < 0 then argerror(1, "scene", "negative margin") end
  end
  local self = setmetatable({
    _tree = core.tree(margin),
    _shape = {},      -- item -> shape
    _proxy = {},      -- item -> proxy, or false when the shape has no bounds
    _seq = {},        -- item -> sequence number
    _items = {},      -- proxy -> item
    _shapes = {},     -- proxy -> shape
    _unbounded = {},  -- items without bounds, in sequence order
    _next = {},       -- add-order list: HEAD -> first -> ... (nil ends it)
    _prev = {},
    _tail = HEAD,
    _count = 0,
    _counter = 0,
    _box = core.aabb(0, 0, 0, 0, 0, 0),
    _busy = false,    -- the name of the call whose filter is running
  }, Scene)
  return self
end

-- the shape's bounds in the scratch box, or nil when it has none
local function bounds_of(self, shape)
  local kind = ctype(shape)
  if kind == "plane" or (kind == "ray" and shape:tmax() == huge) then return nil end
  return shape:bounds(self._box)
end

local function unbounded_insert(self, item, s)
  if self._shape[item] == nil then return end      -- removed by a finalizer on the way here
  local list, seq = self._unbounded, self._seq
  local i = #list + 1
  while i > 1 and seq[list[i - 1]] > s do
    list[i] = list[i - 1]
    i = i - 1
  end
  list[i] = item
end

local function unbounded_remove(self, item)
  local list = self._unbounded
  for i = 1, #list do
    if rawequal(list[i], item) then table.remove(list, i) return end
  end
end

-- The leaf of a core shape follows it (tree:track), so that scene:sync
-- finds the shapes changed in place; a mesh cannot change.
local function follow(tree, p, shape, box)
  if CORE[ctype(shape)] then
    tree:track(p, shape)
  else
    tree:track(p, nil)
    tree:move(p, box)
  end
end

-- Tree calls come first in every change, so that one refused (the tree is
-- locked while a raycast calls a filter) leaves the scene as it was.
-- place makes every call an add needs (each may step the collector, which
-- runs finalizers that may change the scene): the leaf for the shape, and
-- its tracking; the proxy, or false for a shape without bounds.
local function place(self, shape, seq)
  local box = bounds_of(self, shape)
  if not box then return false end
  local tracked = CORE[ctype(shape)]
  local p = self._tree:insert(box, seq)
  if tracked then self._tree:track(p, shape) end
  return p
end

-- the item registered under proxy p (false: in the unbounded list), by
-- table reads and writes alone: no call, so no finalizer runs between the
-- check and the end (the call of register itself may step the collector
-- when the stack grows: the check is here). False when a finalizer added
-- the item meanwhile.
local function register(self, item, shape, seq, p)
  if self._shape[item] ~= nil then return false end
  self._seq[item], self._shape[item], self._proxy[item] = seq, shape, p
  if p then self._items[p], self._shapes[p] = item, shape end
  self._next[self._tail] = item
  self._prev[item] = self._tail
  self._tail = item
  self._count = self._count + 1
  if not p then unbounded_insert(self, item, seq) end   -- last: the item is whole
  return true
end

local function unplace(self, item)
  local p = self._proxy[item]
  if p then
    self._tree:remove(p)
    self._items[p] = nil
    self._shapes[p] = nil
  else
    unbounded_remove(self, item)
  end
  self._proxy[item] = nil
end

--- scene:add(item, shape) -> item
function Scene:add(item, shape)
  check_unlocked(self)
  check_item(item, "add")
  if self._shape[item] ~= nil then argerror(1, "add", "item already in the scene") end
  check_shape(shape, 2, "add")
  -- the number is taken first: an add by a finalizer that place runs
  -- takes the next one
  local seq = self._counter + 1
  self._counter = seq
  local p = place(self, shape, seq)
  if not register(self, item, shape, seq, p) then       -- added meanwhile by a finalizer
    if p then self._tree:remove(p) end
    argerror(1, "add", "item already in the scene")
  end
  return item
end

--- scene:update(item, [shape]) -> item: after its shape changed, or to
--- give it another one
function Scene:update(item, shape)
  check_unlocked(self)
  check_item(item, "update")
  if self._shape[item] == nil then argerror(1, "update", "item not in the scene") end
  if shape ~= nil then check_shape(shape, 2, "update") else shape = self._shape[item] end
  local p = self._proxy[item]
  local box = bounds_of(self, shape)
  if p and box then
    follow(self._tree, p, shape, box)
    self._shapes[p] = shape
  elseif p then                              -- into the unbounded list
    self._tree:remove(p)
    self._items[p], self._shapes[p] = nil, nil
    self._proxy[item] = false
    unbounded_insert(self, item, self._seq[item])
  elseif box then                            -- into the tree
    p = place(self, shape, self._seq[item])
    -- (place may run a finalizer: the item may be gone, or in the tree
    -- already by an update of its own)
    if self._proxy[item] ~= false then
      self._tree:remove(p)
      if self._shape[item] == nil then argerror(1, "update", "item not in the scene") end
      return self:update(item, shape)                  -- from where the finalizer left it
    end
    unbounded_remove(self, item)
    self._proxy[item] = p
    self._items[p], self._shapes[p] = item, shape
  end
  self._shape[item] = shape
  return item
end

--- scene:sync() -> number of items refitted: every item whose shape was
--- changed in place (set, translate...) since it was added, updated or
--- last synced, in one call
function Scene:sync()
  check_unlocked(self)
  local n, lost = self._tree:sync()
  local items, proxy = self._items, self._proxy
  if lost then                         -- shapes without bounds now: out of the tree
    for i = 1, #lost do
      local p = lost[i]
      local item = items[p]
      if item ~= nil and proxy[item] == p then self:update(item); n = n + 1 end
    end
  end
  local list = self._unbounded
  if #list > 0 then                    -- shapes with bounds now: into the tree
    local found
    for i = 1, #list do
      if bounds_of(self, self._shape[list[i]]) then
        found = found or {}
        found[#found + 1] = list[i]
      end
    end
    for i = 1, found and #found or 0 do
      if proxy[found[i]] == false then self:update(found[i]); n = n + 1 end
    end
  end
  return n
end

--- scene:remove(item) -> item
function Scene:remove(item)
  check_unlocked(self)
  check_item(item, "remove")
  if self._shape[item] == nil then argerror(1, "remove", "item not in the scene") end
  unplace(self, item)
  local prev, nxt = self._prev[item], self._next[item]
  self._next[prev] = nxt
  if nxt ~= nil then self._prev[nxt] = prev else self._tail = prev end
  self._next[item], self._prev[item] = nil, nil
  self._shape[item], self._seq[item] = nil, nil
  self._count = self._count - 1
  return item
end

--- scene:has(item) -> boolean
function Scene:has(item)
  return item ~= nil and item == item and self._shape[item] ~= nil
end

--- scene:count() -> number of items
function Scene:count()
  return self._count
end

--- scene:shape(item) -> its shape, or nil when absent
function Scene:shape(item)
  if item == nil or item ~= item then return nil end
  return self._shape[item]
end

--- scene:items() -> iterator over item, shape in the order they were added.
--- The scene may change during the loop: a removed item is never yielded
--- (the one just returned or any other), an added one is (it goes last).
function Scene:items()
  local nxt, prev, shapes, seqs = self._next, self._prev, self._shape, self._seq
  -- the item last returned and its sequence number; the one after it then
  -- and its number, for when the current one is removed
  local cur, cur_seq, ahead, ahead_seq = HEAD, 0, nil, nil
  return function()
    if cur == nil then return nil end            -- the loop has ended
    local item
    if cur == HEAD or seqs[cur] == cur_seq then
      item = nxt[cur]                            -- still there: its successor
    elseif ahead ~= nil and seqs[ahead] == ahead_seq then
      item = ahead                               -- removed, its successor not
    else
      -- both gone: the first item added after cur, found from the end
      -- (items are only ever added there)
      item = nil
      local k = self._tail
      while k ~= HEAD and seqs[k] > cur_seq do item = k; k = prev[k] end
    end
    if item == nil then cur = nil; return nil end
    cur, cur_seq = item, seqs[item]
    ahead = nxt[item]
    ahead_seq = ahead ~= nil and seqs[ahead] or nil
    return item, shapes[item]
  end
end

--- scene:tree() -> the collide.tree underneath (read it, do not change it)
function Scene:tree()
  return self._tree
end

-- ---------------------------------------------------------------------
-- raycasts

local function check_ray(ray, fname)
  if ctype(ray) ~= "ray" then
    argerror(1, fname, "collide.ray expected, got " .. (ray == nil and "nil" or typename(ray)), 4)
  end
end

-- ray:cast on a shape that can be cast at (a ray cannot)
local function cast(ray, shape)
  if ctype(shape) == "ray" then return nil end
  return ray:cast(shape)
end

-- ray:cast's results with their count first: n, t, x, y, z, nx, ny, nz,
-- u, v, index (n is 0, 7, 9 or 10)
local function counted(...) return select("#", ...), ... end

-- item and the first n of the hit values, n from counted
local function hit(item, n, t, x, y, z, nx, ny, nz, u, v, index)
  if n == 7 then return item, t, x, y, z, nx, ny, nz end
  if n == 9 then return item, t, x, y, z, nx, ny, nz, u, v end
  return item, t, x, y, z, nx, ny, nz, u, v, index
end

-- The tree's best (proxy and its hit, n values) against the unbounded
-- items' best. Named parameters, not `...`: see the top of the file.
local function finish(self, ray, filter, n, proxy, t, x, y, z, nx, ny, nz, u, v, index)
  local list = self._unbounded
  local best, bn, bt, bx, by, bz, bnx, bny, bnz, bu, bv, bi
  for i = 1, #list do
    local item = list[i]
    local shape = self._shape[item]
    local cn, ct, cx, cy, cz, cnx, cny, cnz, cu, cv, ci = 0, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil
    if shape ~= nil then cn, ct, cx, cy, cz, cnx, cny, cnz, cu, cv, ci = counted(cast(ray, shape)) end
    if ct and (bt == nil or ct < bt) and (filter == nil or filter(item)) then
      best, bn, bt, bx, by, bz, bnx, bny, bnz, bu, bv, bi = item, cn, ct, cx, cy, cz, cnx, cny, cnz, cu, cv, ci
    end
  end
  local item = proxy ~= nil and self._items[proxy]    -- nil: removed meanwhile
  if item ~= nil and item ~= false then
    if best == nil or t < bt or (t == bt and (self._seq[item] or huge) < (self._seq[best] or huge)) then
      return hit(item, n - 1, t, x, y, z, nx, ny, nz, u, v, index)
    end
  end
  if best == nil then return nil end
  return hit(best, bn, bt, bx, by, bz, bnx, bny, bnz, bu, bv, bi)
end

--- scene:raycast(ray, [filter]) -> item, t, px, py, pz, nx, ny, nz[, ...]
--- or nil: the nearest hit, with everything ray:cast returns for it
function Scene:raycast(ray, filter)
  check_ray(ray, "raycast")
  check_filter(filter, 2, "raycast")
  filter = locked(self, "raycast", filter)
  local n, proxy, t, x, y, z, nx, ny, nz, u, v, index =
    counted(self._tree:raycast(ray, self._shapes, filter, self._items))
  return finish(self, ray, filter, n, proxy, t, x, y, z, nx, ny, nz, u, v, index)
end

-- the records of raycast_all and sweep_all sorted by t, ties in add order
local function by_t(self, out)
  local seq, key = self._seq, {}
  for i = 1, #out do key[out[i]] = seq[out[i].item] or huge end   -- read once
  sort(out, function(a, b)
    if a.t ~= b.t then return a.t < b.t end
    return key[a] < key[b]
  end)
  return out
end

local function hit_record(item, t, x, y, z, nx, ny, nz, u, v, index)
  return { item = item, t = t, x = x, y = y, z = z, nx = nx, ny = ny, nz = nz, u = u, v = v, index = index }
end

--- scene:raycast_all(ray, [filter]) -> array of {item=, t=, x=, y=, z=,
--- nx=, ny=, nz=[, u=, v=][, index=]} sorted by t, ties in add order
function Scene:raycast_all(ray, filter)
  check_ray(ray, "raycast_all")
  check_filter(filter, 2, "raycast_all")
  filter = locked(self, "raycast_all", filter)
  local out, n = {}, 0
  local items, shapes = self._items, self._shapes
  local function try(item, shape)
    if shape == nil then return end                      -- removed meanwhile
    local t, x, y, z, nx, ny, nz, u, v, index = cast(ray, shape)
    if t and (filter == nil or filter(item)) then
      n = n + 1
      out[n] = hit_record(item, t, x, y, z, nx, ny, nz, u, v, index)
    end
  end
  local cands = self._tree:raycast(ray)
  for i = 1, #cands do
    local p = cands[i]
    try(items[p], shapes[p])
  end
  local list = self._unbounded
  for i = 1, #list do
    local item = list[i]
    try(item, self._shape[item])
  end
  return by_t(self, out)
end

-- ---------------------------------------------------------------------
-- overlap queries

-- merges the tree's answers (in sequence order) with the unbounded items
-- that pass test, keeping sequence order
local function merge_unbounded(self, out, test)
  local list = self._unbounded
  if #list == 0 then return out end
  local extra = {}
  for i = 1, #list do
    local item = list[i]
    if test(item) then extra[#extra + 1] = item end
  end
  if #extra == 0 then return out end
  local seq, merged, i, j = self._seq, {}, 1, 1
  while i <= #out or j <= #extra do
    if j > #extra or (i <= #out and (seq[out[i]] or huge) < (seq[extra[j]] or huge)) then
      merged[#merged + 1] = out[i]; i = i + 1
    else
      merged[#merged + 1] = extra[j]; j = j + 1
    end
  end
  return merged
end

--- scene:query(shape, [filter]) -> array of the items whose shapes
--- intersect shape, in add order
function Scene:query(shape, filter)
  check_shape(shape, 1, "query")
  check_filter(filter, 2, "query")
  filter = locked(self, "query", filter)
  local cands
  if CORE[ctype(shape)] then cands = self._tree:query(shape)
  else
    local box = shape:bounds(self._box)                 -- nil: an empty mesh
    cands = box and self._tree:query(box) or {}
  end
  local items, shapes, out, n = self._items, self._shapes, {}, 0
  for i = 1, #cands do
    local p = cands[i]
    local item, s = items[p], shapes[p]                  -- nil: removed meanwhile
    if s ~= nil and intersects(shape, s) then
      if filter == nil or filter(item) then n = n + 1; out[n] = item end
    end
  end
  return merge_unbounded(self, out, function(item)
    local s = self._shape[item]
    return s ~= nil and intersects(shape, s) and (filter == nil or filter(item))
  end)
end

-- frustum:intersects where it is exact; a shape it does not know (a mesh)
-- by its bounds (an empty mesh has none and meets nothing)
local function frustum_hits(self, f, shape)
  if FRUSTUM_EXACT[ctype(shape)] then return f:intersects(shape) end
  local box = shape:bounds(self._box)
  return box ~= nil and f:intersects(box)
end

--- scene:query_frustum(frustum, [filter]) -> array of the items inside or
--- crossing the frustum, in add order
function Scene:query_frustum(f, filter)
  if getmetatable(f) ~= Frustum then
    argerror(1, "query_frustum", "collide.frustum expected, got " .. (f == nil and "nil" or typename(f)))
  end
  check_filter(filter, 2, "query_frustum")
  filter = locked(self, "query_frustum", filter)
  local cands = self._tree:query_convex(f:planes())
  local items, shapes, out, n = self._items, self._shapes, {}, 0
  for i = 1, #cands do
    local p = cands[i]
    local item, s = items[p], shapes[p]
    if s ~= nil and frustum_hits(self, f, s) then
      if filter == nil or filter(item) then n = n + 1; out[n] = item end
    end
  end
  return merge_unbounded(self, out, function(item)
    local s = self._shape[item]
    return s ~= nil and frustum_hits(self, f, s) and (filter == nil or filter(item))
  end)
end

--- scene:pairs([filter]) -> array of {a, b}: every two items whose shapes
--- intersect, once, a added before b; sorted by a, then b (add order)
function Scene:pairs(filter)
  check_filter(filter, 1, "pairs")
  filter = locked(self, "pairs", filter)
  local pass = {}
  local function ok(item)
    if filter == nil then return true end
    local r = pass[item]
    if r == nil then r = filter(item) and true or false; pass[item] = r end
    return r
  end
  local flat = self._tree:pairs()
  local items, shapes, out, n = self._items, self._shapes, {}, 0
  for i = 1, #flat, 2 do
    local pa, pb = flat[i], flat[i + 1]
    local a, b, sa, sb = items[pa], items[pb], shapes[pa], shapes[pb]
    if sa ~= nil and sb ~= nil and intersects(sa, sb) then
      if ok(a) and ok(b) then n = n + 1; out[n] = { a, b } end
    end
  end
  local list = self._unbounded
  if #list > 0 then
    local seq, shape = self._seq, self._shape
    for i = 1, #list do
      local u = list[i]
      for other, s in self:items() do
        local su, qu, qo = shape[u], seq[u], seq[other]
        if su ~= nil and qu ~= nil and qo ~= nil and not rawequal(other, u)
           and not (self._proxy[other] == false and qo < qu) -- unbounded pairs once
           and intersects(su, s) and ok(u) and ok(other) then
          n = n + 1
          if qu < qo then out[n] = { u, other } else out[n] = { other, u } end
        end
      end
    end
    local key = {}                                       -- read once
    for k = 1, n do key[out[k][1]] = seq[out[k][1]] or huge; key[out[k][2]] = seq[out[k][2]] or huge end
    sort(out, function(x, y)
      local sx, sy = key[x[1]], key[y[1]]
      if sx ~= sy then return sx < sy end
      return key[x[2]] < key[y[2]]
    end)
  end
  return out
end


-- ---------------------------------------------------------------------
-- motion: scene:sweep, scene:sweep_all, scene:move
--
-- A moving shape (sphere, capsule, aabb, obb or hull) is tested against the
-- items whose tree boxes meet its swept bounds (its box at the start and
-- at the end, merged) and against the items without bounds; collide.sweep
-- decides each one exactly. Items whose shape is a ray are never hit.
-- (This part of the file reads its helpers from M.motion so that the
-- character controller, lua/collide/character.lua, shares them.)

local MOVERS = { sphere = true, capsule = true, aabb = true, obb = true, hull = true }
local sqrt, min, max = math.sqrt, math.min, math.max

local function finite_or_error(v, n, fname)
  if v ~= v or v == huge or v == -huge then
    argerror(n, fname, "finite number expected, got " .. (v ~= v and "nan" or (v > 0 and "inf" or "-inf")))
  end
end

-- the type an error names for the value at position k of a call whose
-- arguments from position n on were given values (given of them): "no
-- value" past the last, as the core says
local function argtype(v, k, n, given)
  if v == nil and given ~= nil and k - n >= given then return "no value" end
  return typename(v)
end

-- a motion given as dx, dy, dz at position n, or as one vector value
-- there (args.vector: a table, userdata or cdata with x, y, z or [1], [2],
-- [3]; errors of its metamethods pass through): x, y, z and the position
-- of the argument after it. given: how many arguments were passed from
-- position n on (for "got no value"), nil when not known.
local function read_motion(n, fname, a, b, c, given)
  if type(a) == "number" then
    local v = { a, b, c }
    for k = 1, 3 do
      if type(v[k]) ~= "number" then
        argerror(n + k - 1, fname, "number expected, got " .. argtype(v[k], n + k - 1, n, given))
      end
      finite_or_error(v[k], n + k - 1, fname)
    end
    return a, b, c, n + 3
  end
  local x, y, z = vector(a)
  if x == nil then argerror(n, fname, "vector expected, got " .. argtype(a, n, n, given)) end
  finite_or_error(x, n, fname); finite_or_error(y, n, fname); finite_or_error(z, n, fname)
  return x, y, z, n + 1
end

local function check_mover(shape, n, fname)
  if not MOVERS[ctype(shape)] then
    argerror(n, fname, "aabb, obb, sphere, capsule or hull expected, got " .. typename(shape))
  end
end

-- the bounds of shape swept by d (in the scene's scratch box), clamped to
-- the largest double as shape:bounds() is: a shape near 1e308 moved by
-- 1e308 sweeps bounds that overflow, and collide.sweep still answers
local MAXD = 1.7976931348623157e308
local function swept_box(self, shape, dx, dy, dz)
  local box = shape:bounds(self._box)
  local x0, y0, z0 = box:min()
  local x1, y1, z1 = box:max()
  if dx < 0 then x0 = max(x0 + dx, -MAXD) else x1 = min(x1 + dx, MAXD) end
  if dy < 0 then y0 = max(y0 + dy, -MAXD) else y1 = min(y1 + dy, MAXD) end
  if dz < 0 then z0 = max(z0 + dz, -MAXD) else z1 = min(z1 + dz, MAXD) end
  return box:set(x0, y0, z0, x1, y1, z1)
end

-- the proxies whose tree boxes meet the bounds of shape swept by d
local function swept_candidates(self, shape, dx, dy, dz)
  return self._tree:query(swept_box(self, shape, dx, dy, dz))
end

-- squared distance from the point c to the centre of shape (a plane: to
-- the plane): bump.lua's tie rule, nearest centre first
local function centre_dist2(self, cx, cy, cz, shape)
  local kind = ctype(shape)
  local x, y, z
  if kind == "plane" then
    local d = shape:distance(cx, cy, cz)
    return d * d
  elseif kind == "triangle" then x, y, z = shape:centroid()
  elseif TRISETS[kind] then
    local b = shape:bounds(self._box)
    if b == nil then return huge end
    x, y, z = b:center()
  elseif kind == "ray" then x, y, z = shape:origin()
  else x, y, z = shape:center() end
  x, y, z = x - cx, y - cy, z - cz
  return x * x + y * y + z * z
end

-- calls each(item, shape) for every item whose shape is not skip that
-- the swept bounds of shape may meet: tree candidates, then the unbounded
-- items
local function each_candidate(self, shape, skip, dx, dy, dz, each)
  local cands = swept_candidates(self, shape, dx, dy, dz)
  local items, shapes = self._items, self._shapes
  for i = 1, #cands do
    local p = cands[i]
    local item, s = items[p], shapes[p]                  -- nil: removed meanwhile
    if s ~= nil and not rawequal(s, skip) and ctype(s) ~= "ray" then each(item, s) end
  end
  local list = self._unbounded
  for i = 1, #list do
    local u = list[i]
    local s = self._shape[u]
    if s ~= nil and ctype(s) ~= "ray" then each(u, s) end
  end
end

-- the arguments of sweep and sweep_all, checked: the motion (three numbers
-- or a vector) and the filter; the scene locked while the filter runs
local function sweep_args(self, fname, shape, dx, dy, dz, filter, given)
  check_mover(shape, 1, fname)
  local x, y, z, nf = read_motion(2, fname, dx, dy, dz, given)
  if nf == 3 then filter = dy end
  check_filter(filter, nf, fname)
  return x, y, z, locked(self, fname, filter)
end

--- scene:sweep(shape, dx, dy, dz, [filter]) -> item, t, px, py, pz, nx,
--- ny, nz[, index] or nil: the first item the moving shape touches (ties in
--- t to the earlier added); index for a mesh
function Scene:sweep(shape, ...)
  local given, dx, dy, dz, filter = select("#", ...), ...
  local x, y, z
  x, y, z, filter = sweep_args(self, "sweep", shape, dx, dy, dz, filter, given)
  local sweep, seq = core.sweep, self._seq
  local best, bt, bx, by, bz, bnx, bny, bnz, bi
  each_candidate(self, shape, shape, x, y, z, function(item, s)
    local t, px, py, pz, nx, ny, nz, index = sweep(shape, x, y, z, s)
    if t and (bt == nil or t < bt or (t == bt and (seq[item] or huge) < (seq[best] or huge)))
       and (filter == nil or filter(item)) then
      best, bt, bx, by, bz, bnx, bny, bnz, bi = item, t, px, py, pz, nx, ny, nz, index
    end
  end)
  if best == nil then return nil end
  if bi ~= nil then return best, bt, bx, by, bz, bnx, bny, bnz, bi end
  return best, bt, bx, by, bz, bnx, bny, bnz
end

--- scene:sweep_all(shape, dx, dy, dz, [filter]) -> array of {item=, t=,
--- x=, y=, z=, nx=, ny=, nz=[, index=]} sorted by t, ties in add order
function Scene:sweep_all(shape, ...)
  local given, dx, dy, dz, filter = select("#", ...), ...
  local x, y, z
  x, y, z, filter = sweep_args(self, "sweep_all", shape, dx, dy, dz, filter, given)
  local sweep, out, n = core.sweep, {}, 0
  each_candidate(self, shape, shape, x, y, z, function(item, s)
    local t, px, py, pz, nx, ny, nz, index = sweep(shape, x, y, z, s)
    if t and (filter == nil or filter(item)) then
      n = n + 1
      out[n] = { item = item, t = t, x = px, y = py, z = pz, nx = nx, ny = ny, nz = nz, index = index }
    end
  end)
  return by_t(self, out)
end

-- ---------------------------------------------------------------------
-- scene:move: bump.lua's world:move in 3D
--
-- 1. Push-out: while the shape overlaps slide, touch or bounce items (by
--    more than collide.epsilon relative to its coordinates: touching, or
--    the rounding of a contact, is not overlapping), it is moved out of the
--    deepest one by collide.contact, at most PUSH_STEPS times.
-- 2. Legs: the motion left is swept against the candidates; "cross" items
--    met before the first solid one are reported and passed (each once a
--    move); the shape stops at the first solid item's contact and the rest
--    of the motion is answered by its response: "touch" ends the move,
--    "bounce" reflects what is left on the contact normal, "slide" keeps
--    what is left along the surface. After MAX_SLIDES solid contacts the
--    move ends where it is.
-- Sliding on two surfaces at once follows their crease, and three stop the
-- motion (the clipping of Quake III's PM_SlideMove), so that a slide never
-- turns back into a surface met earlier in the same move.
-- A contact at t = 0 whose normal does not oppose the motion (by more than
-- a relative 1e-9) does not stop it: touching is not blocking.

local MAX_SLIDES = 8
local PUSH_STEPS = 4
local PUSH_TOL = core.epsilon
local abs = math.abs
local ALONG = 1e-9
local RESPONSES = { slide = true, touch = true, cross = true, bounce = true }

-- the response to other, from filter(item, other) ("slide" without a
-- filter), false when ignored; cached in cache for the move
local function response_of(st, other)
  local filter = st.filter
  if filter == nil then return "slide" end
  local cache = st.cache
  local r = cache[other]
  if r ~= nil then return r end
  r = filter(st.item, other)
  if r == nil then r = false end
  if r ~= false and not RESPONSES[r] then
    error(format("bad argument #%d to '%s' (filter must return \"slide\", \"touch\", \"cross\", "
      .. "\"bounce\", false or nil, got %s)", st.nf, st.fname,
      type(r) == "string" and format("%q", r) or typename(r)), 0)
  end
  cache[other] = r
  return r
end

-- places the aabb w moved by (tx, ty, tz), but along axis k (1, 2, 3) with
-- its face exactly against other's: w's min on other's max when s > 0 (w
-- on other's + side), w's max on other's min when s < 0; nil when that
-- would move w along k farther than limit allows (|delta| > |limit| or the
-- other way), else the translation applied
local function aabb_place(w, other, tx, ty, tz, k, s, limit)
  local a1, a2, a3 = w:min()
  local b1, b2, b3 = w:max()
  local lo = { a1, a2, a3 }
  local hi = { b1, b2, b3 }
  local o1, o2, o3
  if s > 0 then o1, o2, o3 = other:max() else o1, o2, o3 = other:min() end
  local face = (k == 1 and o1) or (k == 2 and o2) or o3
  local delta = s > 0 and face - lo[k] or face - hi[k]
  if limit ~= nil and (delta * limit < 0 or (delta ~= 0 and limit == 0) or delta * delta > limit * limit) then
    return nil
  end
  local t = { tx, ty, tz }
  t[k] = delta
  for i = 1, 3 do
    if i == k then
      if s > 0 then lo[i], hi[i] = face, hi[i] + delta else lo[i], hi[i] = lo[i] + delta, face end
    else
      lo[i], hi[i] = lo[i] + t[i], hi[i] + t[i]
    end
  end
  w:set(lo[1], lo[2], lo[3], hi[1], hi[2], hi[3])
  return t[1], t[2], t[3]
end

-- the axis (1, 2, 3) of a normal along a world axis, and its sign
local function axis_of(nx, ny, nz)
  if ny == 0 and nz == 0 and nx ~= 0 then return 1, nx end
  if nx == 0 and nz == 0 and ny ~= 0 then return 2, ny end
  if nx == 0 and ny == 0 and nz ~= 0 then return 3, nz end
end

-- moves w by t * r to its contact with other (normal n): exactly face to
-- face for two aabbs; returns the translation applied
local function move_to_contact(w, other, t, rx, ry, rz, nx, ny, nz)
  local tx, ty, tz = t * rx, t * ry, t * rz
  if t > 0 and ctype(w) == "aabb" and ctype(other) == "aabb" then
    local k, s = axis_of(nx, ny, nz)
    if k then
      local limit = (k == 1 and rx) or (k == 2 and ry) or rz
      local ax, ay, az = aabb_place(w, other, tx, ty, tz, k, s, limit)
      if ax then return ax, ay, az end
    end
  end
  w:translate(tx, ty, tz)
  return tx, ty, tz
end

-- clips the motion r on the surface of normal e, keeping it off the
-- surfaces met before in this move (st.planes): along the crease of two,
-- stopped by three
local function clip_slide(st, ex, ey, ez, rx, ry, rz)
  local planes, np = st.planes, st.np
  local d = rx * ex + ry * ey + rz * ez
  local sx, sy, sz = rx, ry, rz
  if d < 0 then sx, sy, sz = rx - d * ex, ry - d * ey, rz - d * ez end
  local known = false
  for i = 1, np, 3 do
    local px, py, pz = planes[i], planes[i + 1], planes[i + 2]
    if px * ex + py * ey + pz * ez >= 1 - 1e-12 then known = true
    elseif sx * px + sy * py + sz * pz < 0 then
      -- the slide turns into an earlier surface: follow their crease
      local cx, cy, cz = ey * pz - ez * py, ez * px - ex * pz, ex * py - ey * px
      local len = sqrt(cx * cx + cy * cy + cz * cz)
      if len < 1e-12 then return 0, 0, 0 end
      cx, cy, cz = cx / len, cy / len, cz / len
      local k = rx * cx + ry * cy + rz * cz
      sx, sy, sz = cx * k, cy * k, cz * k
      for j = 1, np, 3 do
        if j ~= i then
          local qx, qy, qz = planes[j], planes[j + 1], planes[j + 2]
          if qx * ex + qy * ey + qz * ez < 1 - 1e-12 and sx * qx + sy * qy + sz * qz < 0 then
            return 0, 0, 0
          end
        end
      end
      break
    end
  end
  if not known then
    planes[np + 1], planes[np + 2], planes[np + 3] = ex, ey, ez
    st.np = np + 3
  end
  return sx, sy, sz
end

local function collision(st, other, resp, t, nx, ny, nz, x, y, z)
  local cols = st.cols
  cols[#cols + 1] = { item = st.item, other = other, type = resp, t = t,
    nx = nx, ny = ny, nz = nz, x = x, y = y, z = z }
end

-- writes the values of src into dst (same kind): scene:move works on a
-- copy and gives the item's own shape the result
local function copy_shape(dst, src)
  local kind = ctype(src)
  if kind == "aabb" then
    local a, b, c = src:min()
    local d, e, f = src:max()
    dst:set(a, b, c, d, e, f)
  elseif kind == "sphere" then
    local a, b, c = src:center()
    dst:set(a, b, c, src:radius())
  elseif kind == "capsule" then
    local a, b, c = src:a()
    local d, e, f = src:b()
    dst:set(a, b, c, d, e, f, src:radius())
  else
    -- an obb or a hull: only its centre moved
    local a, b, c = src:center()
    local d, e, f = dst:center()
    dst:translate(a - d, b - e, c - f)
  end
end

-- Touching is not blocking. Whether a contact of w moved by t * r with
-- other (normal n, from collide.sweep) stops the rest of the motion: the
-- shape at the contact moved a little further along r (a probe of length
-- len) must overlap other (collide.contact) deeper than at the contact.
-- The signed distance of two convex shapes is a convex function of the
-- translation, so the depth gained per unit of motion is largest for the
-- smallest motion: a short probe that gains no depth (within ALONG of its
-- length, and the rounding of the coordinates) means the motion only
-- slides along other. That is the seam between coplanar tiles: a box on a
-- floor of boxes touches the next box's top edge as its front face reaches
-- the seam; the sweep's normal there is the side face's, but the box
-- slides on the plane of the tops and never enters the next box (and a
-- sphere rolling over the same edge grazes it, a double root that the
-- sweep finds a hair early). A box's contact that does block answers with
-- the probe's contact normal, the least opposed face of the contact (a box
-- pressed down and forward at a seam lands on the floor, not on the seam's
-- side); a sphere or a capsule has one normal at each point, the sweep's.
-- The probe is 1e-5 times the coordinates' size (less when the motion left
-- is shorter). Its limits: a corner that the motion clips by less than
-- that is passed (and the move cannot end inside it); a contact found a
-- gap g before touching (conservative advancement stops within 1e-11 of
-- the coordinates) is a wall only when the motion enters other at a slope
-- above g / len (1e-6): flatter grazes pass, sinking by at most that slope
-- times the motion, which the next move's push-out measures.
-- Planes have no edges: a contact with one blocks unless it is at t = 0
-- with a normal that does not oppose the motion, the rule before the probe.
-- Returns whether the contact blocks, and the normal to answer it with.
local BOXES = { aabb = true, obb = true }
local PROBE = 1e-5
local function touch_blocks(self, st, w, t, s, rx, ry, rz, rlen, nx, ny, nz)
  if t == 0 and nx * rx + ny * ry + nz * rz >= -ALONG * rlen then return false end
  if ctype(s) == "plane" then return true, nx, ny, nz end
  local at, probe = st.at, st.probe
  if at == nil then at, probe = w:clone(), w:clone(); st.at, st.probe = at, probe
  else copy_shape(at, w) end
  at:translate(rx * t, ry * t, rz * t)
  local box = at:bounds(self._box)
  local a, b, c = box:min()
  local d, e, f = box:max()
  local scale = 1 + max(abs(a), abs(b), abs(c), abs(d), abs(e), abs(f))
  -- (a contact at the end of the motion, t = 1, is classified by a probe
  -- beyond it: a seam met there is not reported as a wall either)
  local len, left = PROBE * scale, (1 - t) * rlen
  if left > 0 and len > left then len = left end
  copy_shape(probe, at)
  local k = len / rlen
  probe:translate(rx * k, ry * k, rz * k)
  local contact = core.contact
  local _, _, _, d0 = contact(s, at)
  local px, py, pz, d1 = contact(s, probe)
  if d1 == nil or d1 - (d0 or 0) <= ALONG * len + 1e-13 * scale then return false end
  if px and BOXES[ctype(w)] and px * rx + py * ry + pz * rz < -ALONG * rlen then return true, px, py, pz end
  return true, nx, ny, nz
end

-- the first triangle of mesh (or heightfield) m that stops w moved by r,
-- skipping contacts that do not block it (touch_blocks); ties in t to the
-- lower index, as collide.sweep on a mesh. With a list
-- found, every blocking triangle's t, normal and point are added to it.
local function mesh_sweep(self, st, w, rx, ry, rz, rlen, m, found)
  local sweep = core.sweep
  local tris = m:query(swept_box(self, w, rx, ry, rz))
  local tri = self._tri
  local bt, bx, by, bz, bnx, bny, bnz
  for i = 1, #tris do
    tri = m:triangle(tris[i], tri)
    local t, px, py, pz, nx, ny, nz = sweep(w, rx, ry, rz, tri)
    if t and (bt == nil or t <= bt or found) then
      local blocks
      blocks, nx, ny, nz = touch_blocks(self, st, w, t, tri, rx, ry, rz, rlen, nx, ny, nz)
      if blocks and found then found[#found + 1] = { t = t, nx = nx, ny = ny, nz = nz, x = px, y = py, z = pz } end
      if blocks and (bt == nil or t < bt) then
        bt, bx, by, bz, bnx, bny, bnz = t, px, py, pz, nx, ny, nz
      end
    end
  end
  self._tri = tri
  return bt, bx, by, bz, bnx, bny, bnz
end

-- whether w moved by p would enter a solid item it does not overlap now
-- (inside: the items it overlaps); a contact blocks as in a leg
-- (touch_blocks)
local function push_enters(self, st, w, px, py, pz, inside)
  local sweep = core.sweep
  local plen = sqrt(px * px + py * py + pz * pz)
  local enters = false
  each_candidate(self, w, st.skip, px, py, pz, function(other, s)
    if enters or inside[other] then return end
    local t, _, _, _, nx, ny, nz = sweep(w, px, py, pz, s)
    if t == nil or t >= 1 then return end
    local r = response_of(st, other)
    if not r or r == "cross" then return end
    if TRISETS[ctype(s)] then
      enters = mesh_sweep(self, st, w, px, py, pz, plen, s) ~= nil
    else
      enters = touch_blocks(self, st, w, t, s, px, py, pz, plen, nx, ny, nz)
    end
  end)
  return enters
end

-- step 1 of a move: out of the solid items w overlaps; returns the
-- translation and whether a "touch" item ended the move. A push-out is a
-- motion too: one that would enter a solid item w does not overlap (a
-- crowded scene: out of one box into its neighbour) is not made, and the
-- push-out ends there; w stays overlapping the item it could not leave,
-- and the collision with that item (t = 0, its contact normal) says so.
local function push_out(self, st, w)
  local contact, sweep = core.contact, core.sweep
  local mx, my, mz, stop = 0, 0, 0, false
  -- overlaps no deeper than the rounding of the contact that ended the
  -- last move (collide.epsilon relative to the coordinates) are touching
  local box = w:bounds(self._box)
  local a, b, c = box:min()
  local d, e, f = box:max()
  local tol = PUSH_TOL * (1 + max(abs(a), abs(b), abs(c), abs(d), abs(e), abs(f)))
  for _ = 1, PUSH_STEPS do
    local best, bs, bnx, bny, bnz, bd, br
    local inside = {}
    each_candidate(self, w, st.skip, 0, 0, 0, function(other, s)
      local nx, ny, nz, depth = contact(s, w)
      if nx and depth > tol then
        local r = response_of(st, other)
        if r == "cross" then
          if not st.crossed[other] then
            st.crossed[other] = true
            local _, px, py, pz = sweep(w, 0, 0, 0, s)
            collision(st, other, "cross", 0, nx, ny, nz, px, py, pz)
          end
        elseif r then
          inside[other] = true
          if bd == nil or depth > bd then
            best, bs, bnx, bny, bnz, bd, br = other, s, nx, ny, nz, depth, r
          end
        end
      end
    end)
    if best == nil then break end
    local _, px, py, pz = sweep(w, 0, 0, 0, bs)
    collision(st, best, br, 0, bnx, bny, bnz, px, py, pz)
    -- the push, made on a copy: exactly face to face for two aabbs, else
    -- along the contact
    local moved = st.pushed
    if moved == nil then moved = w:clone(); st.pushed = moved else copy_shape(moved, w) end
    local tx, ty, tz
    if ctype(w) == "aabb" and ctype(bs) == "aabb" then
      local k, s = axis_of(bnx, bny, bnz)
      if k then tx, ty, tz = aabb_place(moved, bs, 0, 0, 0, k, s, nil) end
    end
    if tx == nil then
      tx, ty, tz = bnx * bd, bny * bd, bnz * bd
      moved:translate(tx, ty, tz)
    end
    if push_enters(self, st, w, tx, ty, tz, inside) then break end
    copy_shape(w, moved)
    mx, my, mz = mx + tx, my + ty, mz + tz
    if br == "touch" then stop = true break end
  end
  return mx, my, mz, stop
end

-- step 2: moves w by at most r; st.hook(nx, ny, nz, other, response) may
-- give the normal a slide clips on (ex, ey, ez) or ask to stop (true as
-- a 4th result); st.tie_hook(nx, ny, nz, other, px, py, pz), when set, is
-- told every other solid contact at the same t (the character's flags).
-- Returns the translation applied.
local function legs(self, st, w, rx, ry, rz)
  local sweep = core.sweep
  local mx, my, mz = 0, 0, 0
  local solids = 0
  local crossed = st.crossed
  while rx ~= 0 or ry ~= 0 or rz ~= 0 do
    local rlen = sqrt(rx * rx + ry * ry + rz * rz)
    local best, bs, bt, bx, by, bz, bnx, bny, bnz, br, bdist
    local crosses
    local cx, cy, cz = w:center()
    local tri
    -- with st.tie_hook, every solid contact seen (for the ties at the first t)
    local seen = st.tie_hook and {}
    each_candidate(self, w, st.skip, rx, ry, rz, function(other, s)
      if crossed[other] then return end
      local t, px, py, pz, nx, ny, nz, index = sweep(w, rx, ry, rz, s)
      local found       -- a mesh's blocking triangles, for seen
      if t == nil then return end
      if bt ~= nil and t > bt then
        -- later than the first solid contact so far: a cross there is not reached yet
        return
      end
      do
        -- a touch may only slide along s (touch_blocks); a mesh (or a
        -- heightfield) gives one hit, so when that one does not block, its triangles are swept
        -- one by one (every one when the ties at the first t are asked for)
        local blocks
        if TRISETS[ctype(s)] then
          found = seen and {}
          if t > 0 and not found then
            tri = s:triangle(index, tri)
            blocks, nx, ny, nz = touch_blocks(self, st, w, t, tri, rx, ry, rz, rlen, nx, ny, nz)
          end
          if not blocks then
            t, px, py, pz, nx, ny, nz = mesh_sweep(self, st, w, rx, ry, rz, rlen, s, found)
            if t == nil or (bt ~= nil and t > bt) then return end
          end
        else
          blocks, nx, ny, nz = touch_blocks(self, st, w, t, s, rx, ry, rz, rlen, nx, ny, nz)
          if not blocks then return end
        end
      end
      local r = response_of(st, other)
      if not r then return end
      if r == "cross" then
        crosses = crosses or {}
        crosses[#crosses + 1] = { other = other, s = s, t = t, x = px, y = py, z = pz, nx = nx, ny = ny, nz = nz }
        return
      end
      if found then
        for i = 1, #found do found[i].other = other; seen[#seen + 1] = found[i] end
      elseif seen then
        seen[#seen + 1] = { other = other, t = t, nx = nx, ny = ny, nz = nz, x = px, y = py, z = pz }
      end
      if bt ~= nil and t == bt then
        -- a tie: nearest centre first, then the earlier added
        bdist = bdist or centre_dist2(self, cx, cy, cz, bs)
        local d = centre_dist2(self, cx, cy, cz, s)
        if d > bdist or (d == bdist and (self._seq[other] or huge) > (self._seq[best] or huge)) then return end
        bdist = d
      else
        bdist = nil
      end
      best, bs, bt, bx, by, bz, bnx, bny, bnz, br = other, s, t, px, py, pz, nx, ny, nz, r
    end)
    if crosses then
      local n = 0
      for i = 1, #crosses do
        local c = crosses[i]
        if bt == nil or c.t <= bt then
          n = n + 1; crosses[n] = c
          c.d = centre_dist2(self, cx, cy, cz, c.s)
          c.seq = self._seq[c.other] or huge                 -- read once
        end
      end
      for i = #crosses, n + 1, -1 do crosses[i] = nil end
      sort(crosses, function(a, b)
        if a.t ~= b.t then return a.t < b.t end
        if a.d ~= b.d then return a.d < b.d end
        return a.seq < b.seq
      end)
      for i = 1, n do
        local c = crosses[i]
        crossed[c.other] = true
        collision(st, c.other, "cross", c.t, c.nx, c.ny, c.nz, c.x, c.y, c.z)
      end
    end
    if best == nil then
      -- a free motion whose end overflows (a shape near 1e308 moved by
      -- 1e308): refused as shape:translate refuses it, at the motion
      local box = w:bounds(self._box)
      local a, b, c = box:min()
      local d, e, f = box:max()
      a, b, c, d, e, f = a + rx, b + ry, c + rz, d + rx, e + ry, f + rz
      if a - a ~= 0 or b - b ~= 0 or c - c ~= 0 or d - d ~= 0 or e - e ~= 0 or f - f ~= 0 then
        argerror(st.nm, st.fname, "result is not finite")
      end
      w:translate(rx, ry, rz)
      mx, my, mz = mx + rx, my + ry, mz + rz
      break
    end
    local tx, ty, tz = move_to_contact(w, bs, bt, rx, ry, rz, bnx, bny, bnz)
    mx, my, mz = mx + tx, my + ty, mz + tz
    collision(st, best, br, bt, bnx, bny, bnz, bx, by, bz)
    solids = solids + 1
    if br == "touch" or solids >= MAX_SLIDES then break end
    rx, ry, rz = rx - tx, ry - ty, rz - tz
    local ex, ey, ez, stop = bnx, bny, bnz, false
    if st.hook then ex, ey, ez, stop = st.hook(bnx, bny, bnz, best, br) end
    if seen then
      -- the other solid contacts at the same t: which of them is answered
      -- first depends on the tie rule (items by centre, a mesh's triangles
      -- by normal), what they are does not
      for i = 1, #seen do
        local e = seen[i]
        if e.t == bt and not (rawequal(e.other, best) and e.nx == bnx and e.ny == bny and e.nz == bnz) then
          st.tie_hook(e.nx, e.ny, e.nz, e.other, e.x, e.y, e.z)
        end
      end
    end
    if stop then break end
    if br == "bounce" then
      local d = rx * ex + ry * ey + rz * ez
      if d < 0 then rx, ry, rz = rx - 2 * d * ex, ry - 2 * d * ey, rz - 2 * d * ez end
    else
      rx, ry, rz = clip_slide(st, ex, ey, ez, rx, ry, rz)
    end
  end
  return mx, my, mz
end

-- the state of one move: who moves, its filter and what it met
local function move_state(item, skip, filter, fname, nf)
  return { item = item, skip = skip, filter = filter, cache = {}, fname = fname, nf = nf,
           cols = {}, crossed = {}, planes = {}, np = 0 }
end

--- scene:move(item, dx, dy, dz, [filter]) -> mx, my, mz, collisions
function Scene:move(item, ...)
  local given, dx, dy, dz, filter = select("#", ...), ...
  -- refused before anything moves while a filter runs (a move changes the
  -- scene: its item's shape in place, then the tree)
  check_unlocked(self)
  check_item(item, "move")
  local shape = self._shape[item]
  if shape == nil then argerror(1, "move", "item not in the scene") end
  if not MOVERS[ctype(shape)] then
    argerror(1, "move", "item with an aabb, obb, sphere, capsule or hull shape expected, got " .. typename(shape))
  end
  local x, y, z, nf = read_motion(2, "move", dx, dy, dz, given)
  if nf == 3 then filter = dy end
  check_filter(filter, nf, "move")
  filter = locked(self, "move", filter, true)
  local st = move_state(item, shape, filter, "move", nf)
  st.nm = 2                                            -- the motion's position
  local w = shape:clone()
  local mx, my, mz, stop = push_out(self, st, w)
  if not stop then
    local ax, ay, az = legs(self, st, w, x, y, z)
    mx, my, mz = mx + ax, my + ay, mz + az
  end
  copy_shape(shape, w)
  self:update(item)
  return mx, my, mz, st.cols
end

-- shared with lua/collide/character.lua
M.motion = {
  MAX_SLIDES = MAX_SLIDES, PUSH_STEPS = PUSH_STEPS,
  read_motion = read_motion, move_state = move_state, push_out = push_out,
  legs = legs, copy_shape = copy_shape, each_candidate = each_candidate,
}

return M
