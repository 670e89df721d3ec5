-- Info signs show their message while a player touches them, and for linger_s after.

local f32 = require "lib.f32"
local touch = require "lib.touch"

component "InfoSign" {
    { "message", "string", "", multiline = true },
    { "display", "object", tooltip = "The object whose Text shows the message; none: this one" },
    { "linger_s", "float", 2, min = 0, step = 0.05 },          -- seconds shown after leaving
    { "shown_remaining_s", "float", 0, min = 0, step = 0.05 }, -- > 0 while shown (state)
    { "read", "bool", false },                                 -- touched at least once (state)
}

-- The Text a sign writes to: its display object's (a label placed above the sign), else its own,
-- added when missing. Nil when the display object is gone.
local function text_of(obj, sign)
    local target = obj
    if sign.display ~= nil then
        target = world.find(sign.display)
        if target == nil then return nil end
    end
    return world.add(target, "Text")
end

-- Right behind the bats: the friendly bat is also a sign, and talks where it flies this tick.
-- (after may name a native system or one that a script earlier in name order declared.)
system "signs" {
    query = { "InfoSign" },
    after = "bats",
    each = function(obj, sign, dt)
        local touched = touch.any(obj)
        if touched then
            sign.shown_remaining_s = sign.linger_s
            sign.read = true
        else
            -- Kept as a float, as it is saved (lib/f32.lua says why).
            sign.shown_remaining_s = f32(math.max(0, sign.shown_remaining_s - dt))
        end
        local text = text_of(obj, sign)
        if text == nil then return end
        local wanted = (touched or sign.shown_remaining_s > 0) and sign.message or ""
        -- Assigning copies the string into the native Text: do it only when it changes.
        if text.text ~= wanted then text.text = wanted end
    end,
}
