-- collide.args: argument errors of the Lua helpers in the same words as the
-- C core's: `bad argument #N to 'NAME' (REASON)`, types named by __name.
local type, getmetatable, rawget, error = type, getmetatable, rawget, error
local format = string.format

local M = {}

-- the name errors give a value's type: its metatable's __name, else type()
function M.typename(v)
  local mt = getmetatable(v)
  if type(mt) == "table" then
    local name = rawget(mt, "__name")
    if type(name) == "string" then return name end
  end
  return type(v)
end

-- raises the error at the caller of the function that called argerror, or
-- at level (as error counts it from argerror: 3 is that caller, 4 when a
-- helper between them called argerror). The public functions reach their
-- helpers by plain calls, never tail calls, so the levels are the same on
-- every Lua (5.1 counts a tail call as a level of its own).
function M.argerror(n, fname, msg, level)
  error(format("bad argument #%d to '%s' (%s)", n, fname, msg), level or 3)
end

return M
