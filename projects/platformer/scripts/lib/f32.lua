-- f32(x): x rounded to the nearest 32-bit float, the precision a "float" field is saved and
-- hashed with. Lua computes in doubles; a script that rounds the state it keeps from tick to tick
-- makes a state saved and loaded again play on exactly as the running one does.
return function(x)
    return (string.unpack("f", string.pack("f", x)))
end
