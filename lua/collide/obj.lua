-- collide.obj: vertices and indices from a Wavefront OBJ file or its text,
-- ready for collide.mesh. Reads `v` and `f` statements; polygons are fanned
-- into triangles (1 2 3 4 -> 1 2 3, 1 3 4); indices may be negative
-- (relative to the vertices read so far) and written `v`, `v/vt`, `v/vt/vn`
-- or `v//vn`. Every other statement (vt, vn, o, g, s, usemtl, l, ...) is
-- skipped. Errors name the file (or `obj` for text) and the line.
local numtext = require("collide.args").numtext

local M = {}

local tonumber = tonumber

local function vertices(n) return n == 1 and "1 vertex" or n .. " vertices" end

local function fail(source, line, msg, ...)
  error(("%s:%d: " .. msg):format(source, line, ...), 0)
end

-- index part of a face element: "12", "-3", "7/1", "7//2", "7/1/2"
local function vertex_ref(word)
  local i = word:match("^([+-]?%d+)$") or word:match("^([+-]?%d+)/[+-]?%d*$")
         or word:match("^([+-]?%d+)/[+-]?%d*/[+-]?%d+$")
  return i and tonumber(i)
end

local function parse(text, source)
  local verts, idx = {}, {}
  local nv, ni = 0, 0            -- vertices and indices so far
  local far, far_line            -- the largest positive index and its line
  local refs = {}
  local lineno, pending, pending_line = 0, nil, nil
  -- (.-)\n over text with a final newline: every line, \r\n too
  for raw in (text:sub(-1) == "\n" and text or text .. "\n"):gmatch("(.-)\n") do
    lineno = lineno + 1
    local line = raw:gsub("\r$", "")
    -- a backslash at the end continues the statement on the next line
    if pending then line, pending = pending .. " " .. line, nil end
    local first = pending_line or lineno
    line = line:gsub("#.*", "")
    if line:sub(-1) == "\\" then
      pending, pending_line = line:sub(1, -2), first
    else
      pending_line = nil
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
          local i = vertex_ref(word)
          if not i then fail(source, first, "bad vertex reference '%s'", word) end
          if i == 0 then fail(source, first, "bad vertex index 0") end
          if i < 0 then
            if nv + 1 + i < 1 then
              fail(source, first, "vertex index %s out of range (%s so far)", numtext(i), vertices(nv))
            end
            i = nv + 1 + i
          elseif not far or i > far then
            far, far_line = i, first
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
  end
  -- positive indices may point at vertices given later in the file
  if far and far > nv then
    fail(source, far_line, "vertex index %s out of range (%s)", numtext(far), vertices(nv))
  end
  return verts, idx
end

-- collide.load_obj(path_or_text): a string holding a newline is OBJ text,
-- any other string a file name
function M.load_obj(...)
  local src = ...
  if type(src) ~= "string" then
    error(("bad argument #1 to 'load_obj' (string expected, got %s)")
      :format(select("#", ...) == 0 and "no value" or type(src)), 2)
  end
  if src:find("\n", 1, true) then return parse(src, "obj") end
  local f, err = io.open(src, "rb")
  if not f then error(("bad argument #1 to 'load_obj' (%s)"):format(err), 2) end
  local text = f:read("*a")
  f:close()
  return parse(text, src)
end

return M
