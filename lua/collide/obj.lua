-- collide.obj: vertices and indices from a Wavefront OBJ file or its text,
-- ready for collide.mesh. Reads `v` and `f` statements; polygons are fanned
-- into triangles (1 2 3 4 -> 1 2 3, 1 3 4); indices may be negative
-- (relative to the vertices read so far) and written `v`, `v/vt`, `v/vt/vn`
-- or `v//vn`. Every other statement (vt, vn, o, g, s, usemtl, l, ...) is
-- skipped. Lines end in LF, CR LF or CR alone. Errors name the file (or
-- `obj` for text) and the line; a file without faces is an error.
local M = {}

local tonumber = tonumber
local typename = require("collide.args").typename

local function vertices(n) return n == 1 and "1 vertex" or n .. " vertices" end

local function fail(source, line, msg, a)
  error(("%s:%d: " .. msg):format(source, line, a), 0)
end

-- index part of a face element: "12", "-3", "7/1", "7//2", "7/1/2"; the
-- number and its digits as an error shows them ("+007" is "7")
local function vertex_ref(word)
  local i = word:match("^([+-]?%d+)$") or word:match("^([+-]?%d+)/[+-]?%d*$")
         or word:match("^([+-]?%d+)/[+-]?%d*/[+-]?%d+$")
  if not i then return nil end
  local sign, digits = i:match("^([+-]?)0*(%d-)$")
  if digits == "" then return 0, "0" end
  return tonumber(i), (sign == "-" and "-" or "") .. digits
end

local function parse(text, source)
  local verts, idx = {}, {}
  local nv, ni = 0, 0            -- vertices and indices so far
  local far, far_text, far_line  -- the largest positive index, its digits, its line
  local refs = {}
  local lineno, pending, pending_line = 0, nil, nil

  -- one statement, first the line it starts on
  local function statement(line, first)
    local kw, rest = line:match("^%s*(%S+)%s*(.*)$")
    if kw == "v" then
      local x, y, z = rest:match("^(%S+)%s+(%S+)%s+(%S+)")
      if not z then fail(source, first, "vertex needs 3 coordinates") end
      local c = { x, y, z }
      for k = 1, 3 do
        local n = tonumber(c[k])
        if not n or n ~= n or n == math.huge or n == -math.huge then
          fail(source, first, "bad coordinate '%s'", c[k])
        end
        verts[nv * 3 + k] = n
      end
      nv = nv + 1
    elseif kw == "f" then
      local n = 0
      for word in rest:gmatch("%S+") do
        local i, digits = vertex_ref(word)
        if not i then fail(source, first, "bad vertex reference '%s'", word) end
        if i == 0 then fail(source, first, "bad vertex index 0") end
        if i < 0 then
          if nv + 1 + i < 1 then
            fail(source, first, "vertex index %s out of range (" .. vertices(nv) .. " so far)", digits)
          end
          i = nv + 1 + i
        elseif not far or i > far then
          far, far_text, far_line = i, digits, first
        end
        n = n + 1
        refs[n] = i
      end
      if n < 3 then fail(source, first, "face needs at least 3 vertices") end
      for k = 2, n - 1 do
        idx[ni + 1], idx[ni + 2], idx[ni + 3] = refs[1], refs[k], refs[k + 1]
        ni = ni + 3
      end
    end
  end

  -- every line ending in LF, CR LF or CR alone becomes LF; (.-)\n over
  -- the text with a final newline then gives every line
  text = text:gsub("\r\n?", "\n")
  -- (the loop variable is not reassigned: it is constant in Lua 5.5)
  for text_line in (text:sub(-1) == "\n" and text or text .. "\n"):gmatch("(.-)\n") do
    local line = text_line
    lineno = lineno + 1
    -- a backslash at the end continues the statement on the next line
    if pending then line, pending = pending .. " " .. line, nil end
    local first = pending_line or lineno
    line = line:gsub("#.*", "")
    if line:sub(-1) == "\\" then
      pending, pending_line = line:sub(1, -2), first
    else
      pending_line = nil
      statement(line, first)
    end
  end
  -- a backslash on the last line continues into the end of the file
  if pending then statement(pending, pending_line) end
  -- positive indices may point at vertices given later in the file
  if far and far > nv then
    fail(source, far_line, "vertex index %s out of range (" .. vertices(nv) .. ")", far_text)
  end
  if ni == 0 then
    fail(source, lineno, "no faces (" .. vertices(nv) .. ")")
  end
  return verts, idx
end

-- collide.load_obj(path_or_text): a string holding a line break (LF or
-- CR) is OBJ text, any other string a file name (inside LOVE, also one
-- love.filesystem reads)
function M.load_obj(...)
  local src = ...
  if type(src) ~= "string" then
    error(("bad argument #1 to 'load_obj' (string expected, got %s)")
      :format(select("#", ...) == 0 and "no value" or typename(src)), 2)
  end
  if src:find("[\r\n]") then
    local v, i = parse(src, "obj")
    return v, i
  end
  local f, err = io.open(src, "rb")
  if not f then
    -- inside LOVE, a path of the game (its folder or its .love) through
    -- love.filesystem, when it is not a file of the operating system
    local love = rawget(_G, "love")
    local fs = type(love) == "table" and type(love.filesystem) == "table" and love.filesystem
    local text = fs and type(fs.read) == "function" and fs.read(src)
    if type(text) == "string" then
      local v, i = parse(text, src)
      return v, i
    end
    error(("bad argument #1 to 'load_obj' (%s)"):format(err), 2)
  end
  local text, rerr = f:read("*a")
  f:close()
  -- a directory opens but cannot be read
  if not text then error(("bad argument #1 to 'load_obj' (%s: %s)"):format(src, tostring(rerr)), 2) end
  local v, i = parse(text, src)
  return v, i
end

return M
