local collide = require "collide"

describe("collide", function()
  it("casts the ray of the API example at a box", function()
    local box = collide.aabb(0, 0, 0, 1, 1, 1)
    local ray = collide.ray(-1, 0.5, 0.5, 1, 0, 0)
    assert.are.same({ 1, 0, 0.5, 0.5, -1, 0, 0 }, { ray:cast(box) })
  end)
end)
