-- collide: 3D collision detection. The shapes and tests are C (collide.core);
-- this module re-exports them and adds the Lua helpers.
local core = require "collide.core"

local M = {}
for k, v in pairs(core) do M[k] = v end
M._ffi = nil   -- the FFI's entry points, for collide.ffi only
M._world = nil -- the C world's constructors, for collide.scene and collide.character
M._call = nil  -- a call that cannot yield, for the Lua helpers only
M._typename = nil -- the core's name of a value's type, for collide.args

-- collide.mesh comes from the core; its OBJ reader is Lua
M.load_obj = require("collide.obj").load_obj

local frustum = require "collide.frustum"
M.scene = require("collide.scene").new
M.frustum = frustum.new
M.frustum_from_matrix = frustum.from_matrix
M.character = require("collide.character").new

-- Under LuaJIT, collide.intersects and collide.cast, and the methods
-- intersects and cast, go through the FFI when they can (src/lua/l_ffi.c):
-- the JIT compiles those calls, which it never does for a Lua C API call.
-- Same answers and the same errors (they come from the classic functions);
-- COLLIDE_NO_FFI=1 in the environment turns it off.
local fast = require("collide.ffi").bind(core)
if fast then
  M.intersects, M.cast = fast.intersects, fast.cast
end

-- collide.info(): which build and which path is running, for a bug report
-- or a game's about screen: the core's version and SIMD path, the Lua that
-- runs it, whether the FFI path above is in use. A new table each call.
local core_info = core.info
function M.info()
  local t = core_info()
  t.lua = jit and jit.version or _VERSION
  t.ffi = fast ~= nil
  return t
end

local epsilon = M.epsilon
M.epsilon = nil

return setmetatable(M, {
  __index = function(_, k) if k == "epsilon" then return epsilon end end,
  __newindex = function(t, k, v)
    if k == "epsilon" then error("collide.epsilon is read-only", 2) end
    rawset(t, k, v)
  end,
})
