-- luacheck (Debian's lua-check): `make lint-lua` checks every Lua folder (CI: make lint).
-- The module runs on Lua 5.1-5.4 and LuaJIT: "max" knows the standard
-- globals of all of them.
std = "max"
max_line_length = 120
-- a method's self and callbacks' arguments kept for their documented order
unused_args = false
-- `not (x > y)` is how a NaN-aware comparison is written here
ignore = { "581" }

files["spec/"] = { std = "+busted", max_line_length = false }
-- a LÖVE game sets love.run and love.conf
files["love/"] = { globals = { "love" }, max_line_length = false }
files["examples/love/"] = { globals = { "love" } }
files["examples/rollback/"] = { globals = { "love" } }
files["library/"] = {
  -- type definitions: empty functions whose arguments only document
  ignore = { "211", "212", "241", "431" },
  max_line_length = false,
}
exclude_files = { "build/", "rocks/" }
