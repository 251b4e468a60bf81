-- bench/refs.lua: what the benchmarks with reference programs share (mesh
-- and heightfield): the rays of the data file, and running each program on
-- it. A program prints "name NAME", "build_s S", "us_per_ray US", then
-- "hit RAY ID" for each ray (from 1; -1 for a miss), ID what the
-- benchmark compares (a triangle, a cell).
local M = {}
local fmt = string.format

-- the data file's rays ("rays N", then "ox oy oz dx dy dz tmax" lines) as
-- text, and id(ray) of each (-1 for nil)
function M.rays(rays, id)
  local buf, ids = {}, {}
  for i = 1, #rays do
    local r = rays[i]
    local ox, oy, oz = r:origin()
    local dx, dy, dz = r:direction()
    buf[i] = fmt("%.17g %.17g %.17g %.17g %.17g %.17g %.17g", ox, oy, oz, dx, dy, dz, r:tmax())
    ids[i] = id(r) or -1
  end
  return fmt("rays %d\n", #rays) .. table.concat(buf, "\n") .. "\n", ids
end

-- runs each program on the data file; report(name, us_per_ray, build_s,
-- agree) with agree the number of rays whose ID is ids'
function M.run(programs, data, ids, report)
  for _, prog in ipairs(programs) do
    local p = assert(io.popen(prog .. " " .. data))
    local text = p:read("*a")
    p:close()
    local per, build = tonumber(text:match("us_per_ray (%S+)")), tonumber(text:match("build_s (%S+)"))
    if per then
      local agree = 0
      for i, x in text:gmatch("hit (%d+) (%-?%d+)") do
        if ids[tonumber(i)] == tonumber(x) then agree = agree + 1 end
      end
      report(text:match("name (%S+)") or prog, per, build, agree)
    else
      print("reference " .. prog .. " failed:\n" .. text)
    end
  end
end

return M
