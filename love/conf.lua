-- Headless LÖVE 11: no window, no graphics, no audio, no input. Only the
-- filesystem (for require) and the Lua runtime are left, so `love love/`
-- runs on a machine without a display or sound card.
function love.conf(t)
  t.identity = "collide-test"
  t.version = "11.0"
  t.console = true
  t.window = false
  t.accelerometerjoystick = false
  for _, m in ipairs({
    "audio", "data", "event", "font", "graphics", "image", "joystick", "keyboard",
    "math", "mouse", "physics", "sound", "system", "thread", "timer", "touch",
    "video", "window",
  }) do
    t.modules[m] = false
  end
end
