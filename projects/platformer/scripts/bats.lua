-- Bats fly a repeating pattern around where they were placed; touching one hurts the player.
-- The friendly bat in level1 is a Bat with damage 0 that is also an InfoSign (signs.lua).

local f32 = require "lib.f32"
local touch = require "lib.touch"

component "Bat" {
    { "pattern", "enum", "figure_eight",
      values = { "horizontal", "vertical", "figure_eight", "circle" } },
    { "extent", "vec2", vec2(64, 24), min = 0, step = 1,
      tooltip = "Half width and half height of the pattern" },
    { "period_s", "float", 3, min = 0.1, step = 0.05, tooltip = "Seconds per lap" },
    { "damage", "int", 1, min = 0 },               -- lives taken by a touch
    { "time_s", "float", 0, min = 0, step = 0.05 }, -- time into the current lap (state)
}

-- A period never shorter than this, whatever a file says: a zero would divide by zero.
local kShortestPeriod = 0.1

-- Each pattern's offset at angle a (one lap is 2 pi) for an extent e; all are 0 at a = 0, so
-- a lap starts and ends where the bat was placed.
local patterns = {
    horizontal = function(e, a) return vec2(e.x * math.sin(a), 0) end,
    vertical = function(e, a) return vec2(0, e.y * math.sin(a)) end,
    figure_eight = function(e, a) return vec2(e.x * math.sin(a), e.y * math.sin(2 * a)) end,
    circle = function(e, a) return vec2(e.x * math.sin(a), e.y * (math.cos(a) - 1)) end,
}

-- Where the pattern puts the bat at time t of its lap, relative to where the lap starts.
local function offset(bat, t)
    local a = 2 * math.pi * t / math.max(bat.period_s, kShortestPeriod)
    return patterns[bat.pattern](bat.extent, a)
end

-- After the Player system: a bat hurts the player where the player stands this tick.
system "bats" {
    query = { "Bat" },
    after = "Player",
    each = function(obj, bat, dt)
        local period = math.max(bat.period_s, kShortestPeriod)
        -- time_s is state: kept as a float, as it is saved (lib/f32.lua says why).
        local t = f32(bat.time_s + dt)
        -- Move by how much the offset changed rather than to it: the bat keeps flying around
        -- wherever it is, also after something else moved it (the editor, a saved state).
        local step = offset(bat, t) - offset(bat, bat.time_s)
        local x, y = world.position(obj)
        world.set_position(obj, x + step.x, y + step.y)
        bat.time_s = t >= period and f32(t - period) or t

        if bat.damage <= 0 then return end
        -- The native Player's message hook takes the lives (and ignores a touch while the player
        -- is invulnerable); sender tells it a bat did it, not a fall.
        for _, player in ipairs(touch.players(obj)) do
            world.send(player, "platformer_hurt", { i = bat.damage, sender = obj })
        end
    end,
}
