-- library/collide.lua, the type definitions editors read through
-- lua-language-server, declares every public name of the module and no name
-- the module lacks.
local collide = require "collide"

local function declared()
  local f = assert(io.open("library/collide.lua"))
  local text = f:read("*a")
  f:close()
  local names = {}
  for class, name in text:gmatch("\nfunction ([%w_]+)[.:]([%w_]+)%(") do
    names[class] = names[class] or {}
    names[class][name] = true
  end
  -- the fields of the module's own class (not of the result classes)
  local block = text:match("\n%-%-%-@class collide\n(.-)\nlocal collide")
  for field in block:gmatch("%-%-%-@field ([%w_]+)") do names.collide[field] = true end
  return names
end

local function public(t)
  local list = {}
  for k in pairs(t) do
    if type(k) == "string" and k:sub(1, 2) ~= "__" then list[#list + 1] = k end
  end
  table.sort(list)
  return list
end

local function methods(object)
  local index = debug.getmetatable(object).__index
  return type(index) == "table" and public(index) or {}
end

local objects = {
  aabb = collide.aabb(0, 0, 0, 1, 1, 1),
  obb = collide.obb(0, 0, 0, 1, 1, 1),
  hull = collide.hull({ 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1 }),
  compound = collide.compound({ collide.sphere(0, 0, 0, 1) }),
  plane = collide.plane(0, 1, 0, 0),
  triangle = collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0),
  ray = collide.ray(0, 0, 0, 1, 0, 0),
  sphere = collide.sphere(0, 0, 0, 1),
  capsule = collide.capsule(0, 0, 0, 0, 1, 0, 0.5),
  tree = collide.tree(),
  mesh = collide.mesh({0, 0, 0, 1, 0, 0, 0, 1, 0}),
  heightfield = collide.heightfield({0, 0, 0, 0}, 2, 2),
  scene = collide.scene(),
  frustum = collide.frustum_from_matrix({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}),
}
do
  local scene = collide.scene()
  scene:add("player", collide.capsule(0, 0.3, 0, 0, 1.5, 0, 0.3))
  objects.character = collide.character(scene, "player")
  objects.snapshot = scene:snapshot()
end

describe("library/collide.lua (LuaLS definitions)", function()
  local names = declared()

  local function missing(class, list, also)
    local out = {}
    for _, name in ipairs(list) do
      if not (names[class] and names[class][name]) and not (also and names[also][name]) then
        out[#out + 1] = class .. "." .. name
      end
    end
    return out
  end

  it("declares every function of the module", function()
    local list = public(collide)
    list[#list + 1] = "epsilon"
    assert.same({}, missing("collide", list))
  end)

  for class, object in pairs(objects) do
    it("declares every method of " .. class, function()
      local shape = collide.type(object) and class ~= "mesh" and class ~= "heightfield"
      assert.same({}, missing(class, methods(object), shape and "base" or nil))
    end)
  end

  it("declares nothing the module lacks", function()
    local extra = {}
    for class, list in pairs(names) do
      for name in pairs(list) do
        local ok
        if class == "collide" then
          ok = collide[name] ~= nil
        elseif class == "base" then
          ok = true
          for kind in pairs(objects) do
            if collide.type(objects[kind]) and kind ~= "mesh" and kind ~= "heightfield" then
              ok = ok and objects[kind][name] ~= nil
            end
          end
        else
          ok = objects[class] ~= nil and objects[class][name] ~= nil
        end
        if not ok then extra[#extra + 1] = class .. "." .. name end
      end
    end
    table.sort(extra)
    assert.same({}, extra)
  end)
end)
