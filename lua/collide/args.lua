-- collide.args: argument errors of the Lua helpers in the same words as the
-- C core's: `bad argument #N to 'NAME' (REASON)`, types named by __name.
local type, getmetatable, rawget, error = type, getmetatable, rawget, error
local format, floor, huge = string.format, math.floor, math.huge
local core = require "collide.core"

local M = {}

-- the names of the core's userdata: a value that only carries one (a table
-- given the aabb metatable, or such a __name) is named by its Lua type, as
-- the core names it
local core_names = { ["collide.tree"] = true }
for _, kind in ipairs { "aabb", "obb", "plane", "triangle", "ray", "sphere", "mesh" } do
  core_names["collide." .. kind] = true
end
local tree_mt = getmetatable(core.tree())

-- the name errors give a value's type: collide.KIND for the core's shapes
-- and meshes, collide.tree for its trees, else its metatable's __name
-- (collide.frustum, FILE*) unless it is one of the core's, else type()
function M.typename(v)
  local t = type(v)
  if t == "userdata" then
    local kind = core.type(v)
    if kind then return "collide." .. kind end
  end
  local mt = getmetatable(v)
  if type(mt) == "table" then
    local name = rawget(mt, "__name")
    if type(name) == "string" and (not core_names[name] or (name == "collide.tree" and mt == tree_mt and t == "userdata")) then
      return name
    end
  end
  return t
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

-- raises the error at the caller of the function that called argerror
function M.argerror(n, fname, msg)
  error(format("bad argument #%d to '%s' (%s)", n, fname, msg), 3)
end

return M
