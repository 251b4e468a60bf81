-- examples/image.lua: the PNG and PPM writers of the examples (render.lua,
-- character.lua), in plain Lua for every Lua from 5.1:
--
--   local image = dofile(DIR .. "image.lua")
--   image.png(rows, w, h), image.ppm(rows, w, h) -> the file's bytes
--
-- rows: h arrays of w * 3 numbers (r, g, b in 0..255, integers).
local floor = math.floor

-- PNG: a 256-colour palette by median cut, rows filtered with type 0, one
-- zlib stream of stored (uncompressed) deflate blocks; CRC-32 and Adler-32
-- in plain arithmetic so every Lua from 5.1 runs it

-- xor of two bytes by table, of two 32-bit numbers byte by byte
local XOR8 = {}
for a = 0, 255 do
  local row = {}
  for b = 0, 255 do
    local r, bit, x, y = 0, 1, a, b
    while x > 0 or y > 0 do
      if x % 2 ~= y % 2 then r = r + bit end
      x, y, bit = floor(x / 2), floor(y / 2), bit * 2
    end
    row[b] = r
  end
  XOR8[a] = row
end
local function xor32(a, b)
  local r, m = 0, 1
  for _ = 1, 4 do
    r = r + XOR8[a % 256][b % 256] * m
    a, b, m = floor(a / 256), floor(b / 256), m * 256
  end
  return r
end

local CRC = {}
for n = 0, 255 do
  local c = n
  for _ = 1, 8 do
    if c % 2 == 1 then c = xor32(0xEDB88320, floor(c / 2)) else c = floor(c / 2) end
  end
  CRC[n] = c
end
local function crc32(s)
  local c = 0xFFFFFFFF
  for i = 1, #s do
    c = xor32(CRC[XOR8[c % 256][s:byte(i)]], floor(c / 256))
  end
  return xor32(c, 0xFFFFFFFF)
end

local function adler32(s)
  local a, b = 1, 0
  for i = 1, #s do
    a = (a + s:byte(i)) % 65521
    b = (b + a) % 65521
  end
  return b * 65536 + a
end

local function u32(n)
  return string.char(floor(n / 16777216) % 256, floor(n / 65536) % 256, floor(n / 256) % 256, n % 256)
end

local function chunk(kind, data)
  return u32(#data) .. kind .. data .. u32(crc32(kind .. data))
end

-- median cut over colours counted in 5-bit-per-channel cells
local function palette_of(rows)
  local cells = {}
  for _, row in ipairs(rows) do
    for i = 1, #row, 3 do
      local key = floor(row[i] / 8) * 1024 + floor(row[i + 1] / 8) * 32 + floor(row[i + 2] / 8)
      local c = cells[key]
      if not c then c = { key = key, n = 0, r = 0, g = 0, b = 0 }; cells[key] = c end
      c.n, c.r, c.g, c.b = c.n + 1, c.r + row[i], c.g + row[i + 1], c.b + row[i + 2]
    end
  end
  local list = {}
  for _, c in pairs(cells) do list[#list + 1] = c end
  table.sort(list, function(p, q) return p.key < q.key end)
  local boxes = { list }
  local function extent(box, ch)
    local lo, hi = 1e9, -1e9
    for _, c in ipairs(box) do
      local v = c[ch] / c.n
      if v < lo then lo = v end
      if v > hi then hi = v end
    end
    return hi - lo
  end
  while #boxes < 256 do
    -- split the box with the most pixels times its widest channel
    local best, bi, bch
    for i, box in ipairs(boxes) do
      if #box > 1 then
        local n = 0
        for _, c in ipairs(box) do n = n + c.n end
        for _, ch in ipairs { "r", "g", "b" } do
          local score = extent(box, ch) * n
          if not best or score > best then best, bi, bch = score, i, ch end
        end
      end
    end
    if not best then break end
    local box = boxes[bi]
    table.sort(box, function(p, q)
      local a, b = p[bch] / p.n, q[bch] / q.n
      if a ~= b then return a < b end
      return p.key < q.key
    end)
    local total, acc, cut = 0, 0, 1
    for _, c in ipairs(box) do total = total + c.n end
    local half = total / 2
    for i, c in ipairs(box) do
      acc = acc + c.n
      if acc >= half then cut = i break end
    end
    if cut >= #box then cut = #box - 1 end
    local a, b = {}, {}
    for i, c in ipairs(box) do if i <= cut then a[#a + 1] = c else b[#b + 1] = c end end
    boxes[bi] = a
    boxes[#boxes + 1] = b
  end
  local plte, index = {}, {}
  for i, box in ipairs(boxes) do
    local n, r, g, b = 0, 0, 0, 0
    for _, c in ipairs(box) do
      n, r, g, b = n + c.n, r + c.r, g + c.g, b + c.b
      index[c.key] = i - 1
    end
    plte[#plte + 1] = string.char(floor(r / n + 0.5), floor(g / n + 0.5), floor(b / n + 0.5))
  end
  return table.concat(plte), index
end

local function png(rows, w, h)
  local plte, index = palette_of(rows)
  local raw = {}
  for y = 1, h do
    local row, out = rows[y], { "\0" }        -- filter type 0
    for i = 1, #row, 3 do
      out[#out + 1] = string.char(index[floor(row[i] / 8) * 1024 + floor(row[i + 1] / 8) * 32
                                        + floor(row[i + 2] / 8)])
    end
    raw[y] = table.concat(out)
  end
  local data = table.concat(raw)
  local z = { "\120\1" }                      -- zlib header: deflate, 32K window
  local pos = 1
  repeat
    local block = data:sub(pos, pos + 65534)
    pos = pos + #block
    local final = pos > #data and 1 or 0
    z[#z + 1] = string.char(final, #block % 256, floor(#block / 256),
                            255 - #block % 256, 255 - floor(#block / 256)) .. block
  until pos > #data
  z[#z + 1] = u32(adler32(data))
  return "\137PNG\r\n\26\n"
    .. chunk("IHDR", u32(w) .. u32(h) .. "\8\3\0\0\0")   -- 8-bit indexed colour
    .. chunk("PLTE", plte)
    .. chunk("IDAT", table.concat(z))
    .. chunk("IEND", "")
end

local function ppm(rows, w, h)
  local out = { ("P6\n%d %d\n255\n"):format(w, h) }
  for y = 1, h do
    local row, s = rows[y], {}
    for i = 1, #row do s[i] = string.char(row[i]) end
    out[#out + 1] = table.concat(s)
  end
  return table.concat(out)
end

return { png = png, ppm = ppm }
