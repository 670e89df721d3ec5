-- A floor button: the first touch presses it for good and removes its target (the stone gate).

local touch = require "lib.touch"

component "Button" {
    { "target", "object", tooltip = "The object removed when the button is pressed" },
    { "pressed", "bool", false }, -- state
}

-- Darkens the object's Sprite tint and Shape colour: rgb times factor, fully opaque.
local function shade(obj, factor)
    local sprite = world.get(obj, "Sprite")
    if sprite ~= nil then
        local c = sprite.tint
        sprite.tint = color(c.r * factor, c.g * factor, c.b * factor, 1)
    end
    local shape = world.get(obj, "Shape")
    if shape ~= nil then
        local c = shape.color
        shape.color = color(c.r * factor, c.g * factor, c.b * factor, 1)
    end
end

-- After the bats, so after the Player system: a touch counts where the player stands this tick.
-- (signs.lua, which runs later, puts itself right behind the bats: the signs come first.)
system "buttons" {
    query = { "Button" },
    after = "bats",
    each = function(obj, button, dt)
        if button.pressed or not touch.any(obj) then return end
        button.pressed = true
        -- target is a guid (saved in the scene); find gives the object it names, if it exists.
        local target = world.find(button.target)
        if target ~= nil then
            world.destroy(target) -- at the end of the tick
        else
            log.warn('button "' .. world.name(obj) .. '" has no target to remove')
        end

        -- Pressed: half as tall, still resting on the same floor, darker.
        local _, bottom, _, top = world.bounds(obj)
        local transform = world.get(obj, "Transform2D")
        local scale, position = transform.scale, transform.position
        transform.scale = vec2(scale.x, scale.y * 0.5)
        transform.position = vec2(position.x, position.y - (top - bottom) * 0.25)
        shade(obj, 0.5)
    end,
}
