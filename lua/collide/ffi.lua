-- collide.ffi: the LuaJIT FFI fast path of collide.intersects (see
-- src/l_ffi.c). ffi.intersects(core) returns the fast function, or nil
-- where there is no FFI, the core's file cannot be found (a custom
-- loader), or COLLIDE_NO_FFI is set.
local M = {}

local function core_path()
  if not package.searchpath then return nil end
  return package.searchpath("collide.core", package.cpath)
end

function M.intersects(core)
  if not jit or os.getenv("COLLIDE_NO_FFI") then return nil end
  local ok, ffi = pcall(require, "ffi")
  if not ok then return nil end
  local path = core_path()
  if not path then return nil end
  local lib
  ok = pcall(function()
    ffi.cdef "int collide_ffi_intersects(const void *a, const void *b);"
    lib = ffi.load(path)
    return lib.collide_ffi_intersects
  end)
  if not ok then return nil end
  local fast = lib.collide_ffi_intersects

  -- the six shape metatables, from one shape of each kind
  local shape_mt = {}
  for _, s in ipairs {
    core.aabb(0, 0, 0, 0, 0, 0), core.obb(0, 0, 0, 0, 0, 0, 0, 0, 0, 1),
    core.plane(0, 0, 1, 0), core.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0),
    core.ray(0, 0, 0, 1, 0, 0), core.sphere(0, 0, 0, 0),
  } do
    shape_mt[getmetatable(s)] = true
  end

  local classic, getmetatable, type, pcall, error = core.intersects, getmetatable, type, pcall, error
  return function(...)
    local a, b = ...
    if type(a) == "userdata" and type(b) == "userdata"
        and shape_mt[getmetatable(a)] and shape_mt[getmetatable(b)] then
      local r = fast(a, b)
      if r >= 0 then return r == 1 end
    end
    -- meshes and bad arguments: the classic function, with the arguments
    -- as given (their count too), called so that an error names
    -- 'intersects' and the caller's line, as a direct call does
    local ok2, r = pcall(classic, ...)
    if ok2 then return r end
    error(r, 2)
  end
end

return M
