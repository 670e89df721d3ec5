-- The level's exit: a player touching it has finished the level, and the exit says so.

local touch = require "lib.touch"

component "Exit" {
    { "message", "string", "LEVEL COMPLETE!" }, -- shown in the exit's Text once reached
    { "reached", "bool", false },               -- state
}

-- Last of the level's systems: Player, bats, signs, buttons, exit.
system "exit" {
    query = { "Exit" },
    after = "buttons",
    each = function(obj, exit, dt)
        for _, player in ipairs(touch.players(obj)) do
            exit.reached = true
            -- The native Player's message hook stops the player: the level is over.
            world.send(player, "platformer_exit_reached", { sender = obj })
            local text = world.add(obj, "Text")
            if text.text ~= exit.message then text.text = exit.message end
        end
    end,
}
