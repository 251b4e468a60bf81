-- collide.ffi: the LuaJIT FFI fast paths of collide.intersects and
-- collide.cast and of the methods intersects and cast (see
-- src/lua/l_ffi.c). ffi.bind(core) returns a table with the fast intersects
-- and cast, having put them in the shapes' method tables too, or nil where
-- there is no FFI, the core does not hand over its entry points
-- (core._ffi, a light userdata) or hands over another layout, the debug
-- library is absent, or COLLIDE_NO_FFI is set in the environment. The
-- entry points come from the loaded core itself, never from a file, so
-- every way of loading it (package.cpath, a LÖVE game folder, a .love, a
-- fused game, the save directory) gets them.
local M = {}

-- The shapes' metatables are protected (getmetatable gives a table with
-- their name, which any script can copy into its own metatable), so they
-- are told apart by their real metatables, which only debug.getmetatable
-- gives; the JIT compiles it like getmetatable.
local debug_getmetatable = debug and debug.getmetatable

function M.bind(core)
  if not jit or os.getenv("COLLIDE_NO_FFI") or not debug_getmetatable
      or type(core._ffi) ~= "userdata" then return nil end
  local ok, ffi = pcall(require, "ffi")
  if not ok then return nil end
  -- declared once per Lua state: a second require (package.loaded cleared)
  -- finds it declared already, which ffi.cdef refuses
  pcall(ffi.cdef, [[
    typedef struct {
      int version;
      int (*intersects)(const void *a, const void *b);
      int (*cast)(const void *ray, const void *shape, int cull, double *out);
    } collide_ffi_entries;
  ]])
  local entries
  ok = pcall(function() entries = ffi.cast("const collide_ffi_entries *", core._ffi) end)
  if not ok or entries.version ~= 1 then return nil end
  local f_intersects, f_cast = entries.intersects, entries.cast

  -- the seven shape metatables, from one shape of each kind, and the mesh's
  local samples = {
    core.aabb(0, 0, 0, 0, 0, 0), core.obb(0, 0, 0, 0, 0, 0, 0, 0, 0, 1),
    core.plane(0, 0, 1, 0), core.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0),
    core.ray(0, 0, 0, 1, 0, 0), core.sphere(0, 0, 0, 0), core.capsule(0, 0, 0, 0, 0, 0, 0),
  }
  local getmetatable, type, pcall, error, debug = debug_getmetatable, type, pcall, error, debug
  local shape_mt = {}
  for _, s in ipairs(samples) do shape_mt[getmetatable(s)] = true end
  local ray_mt = getmetatable(samples[5])
  local mesh_mt = getmetatable(core.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 }))
  local function shapes(a, b)
    return type(a) == "userdata" and type(b) == "userdata"
      and shape_mt[getmetatable(a)] and shape_mt[getmetatable(b)]
  end

  -- Meshes and bad arguments go to the classic function, with the
  -- arguments as given (their count too), under pcall so that an error is
  -- raised again at the caller's level: the same text, naming the same
  -- line as a direct call. Under pcall the classic function cannot see how
  -- its caller named it (`o:cast(x)`, `local f = collide.cast; f(x)`), so
  -- it names itself 'cast' and counts self; the wrapper knows its own call
  -- (debug.getinfo, on the error path only) and words the message as the
  -- classic function called there would (src/lua/l_compat.h): that name,
  -- and for a method call the arguments after self, self itself being
  -- `calling 'NAME' on bad self`.
  local getinfo = debug and debug.getinfo
  local unpack, select, tonumber, format = unpack, select, tonumber, string.format
  local function pack(...) return { n = select("#", ...), ... } end
  -- err as the classic function called as the function level levels up
  -- (1: as_called's caller) would word it
  local function as_called(err, level)
    local info = type(err) == "string" and getinfo and getinfo(level + 1, "n")
    if not info or info.name == nil then return err end
    local n, reason = err:match("^bad argument #(%d+) to '[^']*' (%(.*%))$")
    if not n then return err end
    n = tonumber(n)
    if info.namewhat == "method" then
      n = n - 1
      if n == 0 then return format("calling '%s' on bad self %s", info.name, reason) end
    end
    return format("bad argument #%d to '%s' %s", n, info.name, reason)
  end
  local classic_intersects, classic_cast = core.intersects, core.cast
  local out = ffi.new("double[9]")
  local fast = {
    intersects = function(...)
      local a, b = ...
      if shapes(a, b) then
        local r = f_intersects(a, b)
        if r >= 0 then return r == 1 end
      end
      local fine, r = pcall(classic_intersects, ...)
      if fine then return r end
      error(as_called(r, 1), 2)
    end,
    cast = function(...)
      local ray, shape, cull = ...
      if shapes(ray, shape) then
        local n = f_cast(ray, shape, cull and 1 or 0, out)
        if n == 7 then return out[0], out[1], out[2], out[3], out[4], out[5], out[6] end
        if n == 9 then return out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7], out[8] end
        if n == 0 then return nil end
      end
      -- a ray at a mesh cannot fail: straight to the classic function
      if type(ray) == "userdata" and type(shape) == "userdata"
          and getmetatable(ray) == ray_mt and getmetatable(shape) == mesh_mt then
        return classic_cast(...)
      end
      local res = pack(pcall(classic_cast, ...))
      if res[1] then return unpack(res, 2, res.n) end
      error(as_called(res[2], 1), 2)
    end,
  }
  -- the method forms: a:intersects(b) and ray:cast(shape) are the same
  -- functions with self first, so they take the same path
  for mt in pairs(shape_mt) do
    local methods = rawget(mt, "__index")
    if type(methods) == "table" then
      if rawget(methods, "intersects") ~= nil then rawset(methods, "intersects", fast.intersects) end
      if rawget(methods, "cast") ~= nil then rawset(methods, "cast", fast.cast) end
    end
  end
  return fast
end

return M
