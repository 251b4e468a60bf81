-- The rollback example's window: 1024 x 420, both peers side by side, no
-- sound needed.
function love.conf(t)
  t.identity = "collide-rollback"
  t.version = "11.0"
  t.window.width = 1024
  t.window.height = 420
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
end
