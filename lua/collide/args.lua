-- collide.args: argument errors of the Lua helpers in the same words as the
-- C core's: `bad argument #N to 'NAME' (REASON)`, types named by __name.
local type, rawget, error = type, rawget, error
local format, floor, huge = string.format, math.floor, math.huge
local core = require "collide.core"

local M = {}

-- the name errors give a value's type, the core's own (src/lua/l_args.c's
-- l_typename): collide.KIND for the core's shapes, meshes and
-- heightfields, collide.tree for its trees, else its metatable's __name
-- (collide.frustum, FILE*) unless that is one of the core's (a table that
-- only carries one is named by its Lua type), else the Lua type
M.typename = core._typename

-- A vector value as the core reads one (src/lua/l_args.c): a table, a
-- userdata that is not a shape, or a cdata (LuaJIT: CPML's vec3 is an FFI
-- struct); its fields x, y, z when all three are numbers, else [1], [2],
-- [3] (not for a cdata: a struct indexed by a number raises). Returns x, y,
-- z, or nil when it is no vector. A userdata without __index is no vector
-- (indexing it would only raise). Indexing runs the value's metamethods:
-- their errors pass through, as from the core.
local getmetatable_raw = debug and debug.getmetatable
function M.vector(v)
  local t = type(v)
  if not (t == "table" or t == "userdata" or t == "cdata") or core.type(v) ~= nil then return nil end
  if t == "userdata" and getmetatable_raw then
    local mt = getmetatable_raw(v)
    if type(mt) ~= "table" or rawget(mt, "__index") == nil then return nil end
  end
  local x, y, z = v.x, v.y, v.z
  if type(x) == "number" and type(y) == "number" and type(z) == "number" then return x, y, z end
  if t == "cdata" then return nil end
  x, y, z = v[1], v[2], v[3]
  if type(x) == "number" and type(y) == "number" and type(z) == "number" then return x, y, z end
  return nil
end

-- a number as the core's messages print it on every Lua: nan, inf, -inf,
-- an integer up to 2^53 in digits, else %.14g
function M.numtext(x)
  x = x + 0.0   -- an integer of 5.3+ as the double the core reads
  if x ~= x then return "nan" end
  if x == huge then return "inf" end
  if x == -huge then return "-inf" end
  if x == floor(x) and x <= 2 ^ 53 and x >= -2 ^ 53 then return format("%.0f", x) end
  return format("%.14g", x)
end

-- a value in a message: numbers by numtext, anything else by tostring
function M.valuetext(v)
  if type(v) == "number" then return M.numtext(v) end
  return tostring(v)
end

-- The level of the first function up the stack that is not one of these
-- modules (their files share this one's directory), seen from the function
-- that calls here_level's caller: the position an error names, whether
-- the check was made in the function the user called or in a helper of
-- it, or reached by a tail call (5.1 inserts a frame for it, which is
-- skipped). Without the debug library: the caller's caller.
local getinfo = debug and debug.getinfo
local own = getinfo and getinfo(1, "S").source:match("^@(.*[/\\])")
local function user_level()
  if not own then return 3 end
  local level = 3   -- 1: user_level, 2: argerror, 3: argerror's caller
  while true do
    local info = getinfo(level, "S")
    if info == nil then return level - 1 end
    if info.what ~= "tail" and info.source:sub(1, #own + 1) ~= "@" .. own then return level - 1 end
    level = level + 1
  end
end

-- raises the error at the user's call: the first caller outside these
-- modules (levels as error counts them from argerror)
function M.argerror(n, fname, msg)
  error(format("bad argument #%d to '%s' (%s)", n, fname, msg), user_level())
end

return M
