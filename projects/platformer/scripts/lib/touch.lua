-- What bats, signs, buttons and the exit share: "which players touch this object?".
-- A module (it lives in a subfolder), so it runs only when a script requires it.

local touch = {}

-- The players still playing whose bounds touch obj's (edges meeting count), in the order of
-- the Player pool, so what a caller does with them happens in the same order on every run.
function touch.players(obj)
    local x0, y0, x1, y1 = world.bounds(obj)
    local found = {}
    -- world.each leaves out objects already marked for destruction.
    for player, p in world.each("Player") do
        if p.state == "playing" then
            local px0, py0, px1, py1 = world.bounds(player)
            if px0 <= x1 and x0 <= px1 and py0 <= y1 and y0 <= py1 then
                found[#found + 1] = player
            end
        end
    end
    return found
end

-- True when at least one playing player touches obj.
function touch.any(obj)
    return #touch.players(obj) > 0
end

return touch
