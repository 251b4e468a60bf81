-- collide.ffi: the LuaJIT FFI fast paths of collide.intersects and
-- collide.cast (see src/lua/l_ffi.c). ffi.bind(core) returns a table with the
-- fast intersects and cast, or nil where there is no FFI, the core's file
-- is not on package.cpath (another loader found it), its entry points are
-- missing, the debug library is absent, or COLLIDE_NO_FFI is set in the
-- environment.
local M = {}

-- The shapes' metatables are protected (getmetatable gives a table with
-- their name, which any script can copy into its own metatable), so they
-- are told apart by their real metatables, which only debug.getmetatable
-- gives; the JIT compiles it like getmetatable.
local debug_getmetatable = debug and debug.getmetatable

function M.bind(core)
  if not jit or os.getenv("COLLIDE_NO_FFI") or not package.searchpath
      or not debug_getmetatable then return nil end
  local ok, ffi = pcall(require, "ffi")
  if not ok then return nil end
  local path = package.searchpath("collide.core", package.cpath)
  if not path then return nil end
  -- declared once per Lua state: a second require (package.loaded cleared)
  -- finds them declared already, which ffi.cdef refuses
  pcall(ffi.cdef, [[
    int collide_ffi_intersects(const void *a, const void *b);
    int collide_ffi_cast(const void *ray, const void *shape, int cull, double *out);
  ]])
  local lib
  ok = pcall(function()
    lib = ffi.load(path)
    return lib.collide_ffi_intersects, lib.collide_ffi_cast
  end)
  if not ok then return nil end
  local f_intersects, f_cast = lib.collide_ffi_intersects, lib.collide_ffi_cast

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
  return {
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
end

return M
