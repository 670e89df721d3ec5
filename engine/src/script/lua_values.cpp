#include "lua_values.h"

#include <cmath>
#include <limits>

namespace diorama::script {

namespace {

// Registry keys (their addresses) of the two metatables.
const char kVec2Key = 0;
const char kColorKey = 0;

// The value types, written in Lua: calls between them stay inside the interpreter. Their
// metatables are locked (__metatable), so no script can change what every vec2 does.
constexpr const char* kPrelude = R"lua(
local vec2_mt = { __metatable = "vec2" }
local color_mt = { __metatable = "color" }
local methods = {}
vec2_mt.__index = methods
local function vec2(x, y)
    return setmetatable({ x = x or 0.0, y = y or 0.0 }, vec2_mt)
end
local function is_vec2(v) return type(v) == "table" and getmetatable(v) == "vec2" end
vec2_mt.__add = function(a, b) return vec2(a.x + b.x, a.y + b.y) end
vec2_mt.__sub = function(a, b) return vec2(a.x - b.x, a.y - b.y) end
vec2_mt.__mul = function(a, b)
    if type(a) == "number" then return vec2(a * b.x, a * b.y) end
    if type(b) == "number" then return vec2(a.x * b, a.y * b) end
    return vec2(a.x * b.x, a.y * b.y)
end
vec2_mt.__div = function(a, b)
    if type(b) == "number" then return vec2(a.x / b, a.y / b) end
    return vec2(a.x / b.x, a.y / b.y)
end
vec2_mt.__unm = function(a) return vec2(-a.x, -a.y) end
vec2_mt.__eq = function(a, b) return a.x == b.x and a.y == b.y end
vec2_mt.__tostring = function(a) return string.format("vec2(%g, %g)", a.x, a.y) end
function methods.length(a) return math.sqrt(a.x * a.x + a.y * a.y) end
function methods.dot(a, b) return a.x * b.x + a.y * b.y end
function methods.normalized(a)
    local n = math.sqrt(a.x * a.x + a.y * a.y)
    if n == 0 then return vec2(0.0, 0.0) end
    return vec2(a.x / n, a.y / n)
end
function methods.copy(a) return vec2(a.x, a.y) end
local function color(r, g, b, a)
    return setmetatable({ r = r or 1.0, g = g or 1.0, b = b or 1.0, a = a or 1.0 }, color_mt)
end
color_mt.__eq = function(p, q) return p.r == q.r and p.g == q.g and p.b == q.b and p.a == q.a end
color_mt.__tostring = function(c)
    return string.format("color(%g, %g, %g, %g)", c.r, c.g, c.b, c.a)
end
return vec2_mt, color_mt, vec2, color, is_vec2
)lua";

// The number at key of the table at idx (raw), or nullopt.
std::optional<double> raw_number(lua_State* L, int idx, const char* key) {
    const int type = raw_field(L, idx, key);
    std::optional<double> out;
    if (type == LUA_TNUMBER) out = lua_tonumber(L, -1);
    lua_pop(L, 1);
    return out;
}

void set_number(lua_State* L, const char* key, double value) {
    lua_pushstring(L, key);
    lua_pushnumber(L, value);
    lua_rawset(L, -3);
}

// What the value at idx is, for messages: "a string", "nil".
std::string kind_of(lua_State* L, int idx) {
    const int type = lua_type(L, idx);
    if (type == LUA_TNIL) return "nil";
    const std::string name = lua_typename(L, type);
    return (name[0] == 'u' ? "an " : "a ") + name;
}

std::optional<float> to_float(lua_State* L, int idx, std::string& why) {
    if (lua_type(L, idx) != LUA_TNUMBER) {
        why = kind_of(L, idx) + ", not a number";
        return std::nullopt;
    }
    const double d = lua_tonumber(L, idx);
    if (!std::isfinite(d)) {
        why = "not a finite number";
        return std::nullopt;
    }
    return static_cast<float>(d);
}

std::optional<std::int32_t> to_int(lua_State* L, int idx, std::string& why) {
    if (lua_type(L, idx) != LUA_TNUMBER) {
        why = kind_of(L, idx) + ", not a whole number";
        return std::nullopt;
    }
    lua_Integer i = 0;
    if (lua_isinteger(L, idx)) {
        i = lua_tointeger(L, idx);
    } else {
        const double d = lua_tonumber(L, idx);
        if (!std::isfinite(d) || d != std::floor(d)) {
            why = std::to_string(d) + ", not a whole number";
            return std::nullopt;
        }
        i = static_cast<lua_Integer>(d);
    }
    if (i < std::numeric_limits<std::int32_t>::min() ||
        i > std::numeric_limits<std::int32_t>::max()) {
        why = std::to_string(i) + ", out of the 32-bit range";
        return std::nullopt;
    }
    return static_cast<std::int32_t>(i);
}

} // namespace

int raw_field(lua_State* L, int idx, const char* key) {
    idx = lua_absindex(L, idx);
    lua_pushstring(L, key);
    return lua_rawget(L, idx);
}

void open_value_types(lua_State* L) {
    if (luaL_loadbufferx(L, kPrelude, std::char_traits<char>::length(kPrelude), "=values", "t") !=
        LUA_OK)
        lua_error(L);
    lua_call(L, 0, 5);
    lua_pushvalue(L, -5);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &kVec2Key);
    lua_pushvalue(L, -4);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &kColorKey);
    lua_pop(L, 1); // is_vec2 (kept for scripts' own use later)
    lua_setglobal(L, "color");
    lua_setglobal(L, "vec2");
    lua_pop(L, 2);
}

void push_vec2(lua_State* L, glm::vec2 v) {
    lua_createtable(L, 0, 2);
    set_number(L, "x", v.x);
    set_number(L, "y", v.y);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &kVec2Key);
    lua_setmetatable(L, -2);
}

void push_color(lua_State* L, glm::vec4 c) {
    lua_createtable(L, 0, 4);
    set_number(L, "r", c.r);
    set_number(L, "g", c.g);
    set_number(L, "b", c.b);
    set_number(L, "a", c.a);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &kColorKey);
    lua_setmetatable(L, -2);
}

std::optional<glm::vec2> to_vec2(lua_State* L, int idx) {
    if (lua_type(L, idx) != LUA_TTABLE) return std::nullopt;
    const auto x = raw_number(L, idx, "x");
    const auto y = raw_number(L, idx, "y");
    if (!x || !y) return std::nullopt;
    return glm::vec2(static_cast<float>(*x), static_cast<float>(*y));
}

std::optional<glm::vec4> to_color(lua_State* L, int idx) {
    if (lua_type(L, idx) != LUA_TTABLE) return std::nullopt;
    const auto r = raw_number(L, idx, "r");
    const auto g = raw_number(L, idx, "g");
    const auto b = raw_number(L, idx, "b");
    const auto a = raw_number(L, idx, "a");
    if (!r || !g || !b) return std::nullopt;
    return glm::vec4(static_cast<float>(*r), static_cast<float>(*g), static_cast<float>(*b),
                     static_cast<float>(a.value_or(1.0)));
}

void push_property_value(lua_State* L, const PropertyValue& value) {
    std::visit(
        [L](const auto& v) {
            using V = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<V, bool>)
                lua_pushboolean(L, v ? 1 : 0);
            else if constexpr (std::is_same_v<V, std::int32_t>)
                lua_pushinteger(L, v);
            else if constexpr (std::is_same_v<V, float>)
                lua_pushnumber(L, v);
            else if constexpr (std::is_same_v<V, std::string>)
                lua_pushlstring(L, v.data(), v.size());
            else if constexpr (std::is_same_v<V, glm::vec2>)
                push_vec2(L, v);
            else
                push_color(L, v);
        },
        value);
}

std::optional<PropertyValue> to_property_value(lua_State* L, int idx) {
    switch (lua_type(L, idx)) {
    case LUA_TBOOLEAN:
        return PropertyValue{lua_toboolean(L, idx) != 0};
    case LUA_TNUMBER: {
        std::string why;
        if (lua_isinteger(L, idx))
            if (auto i = to_int(L, idx, why)) return PropertyValue{*i};
        if (auto f = to_float(L, idx, why)) return PropertyValue{*f};
        return std::nullopt;
    }
    case LUA_TSTRING: {
        std::size_t size = 0;
        const char* text = lua_tolstring(L, idx, &size);
        return PropertyValue{std::string(text, size)};
    }
    case LUA_TTABLE:
        if (auto v = to_vec2(L, idx)) return PropertyValue{*v};
        if (auto c = to_color(L, idx)) return PropertyValue{*c};
        return std::nullopt;
    default:
        return std::nullopt;
    }
}

void push_field_value(lua_State* L, const FieldInfo& field, const FieldValue& value) {
    switch (field.type) {
    case FieldType::Bool:
        lua_pushboolean(L, std::get<bool>(value) ? 1 : 0);
        return;
    case FieldType::Int32:
        lua_pushinteger(L, std::get<std::int32_t>(value));
        return;
    case FieldType::Float:
        lua_pushnumber(L, std::get<float>(value));
        return;
    case FieldType::String:
    case FieldType::Asset: {
        const std::string& text = std::get<std::string>(value);
        lua_pushlstring(L, text.data(), text.size());
        return;
    }
    case FieldType::Vec2:
        push_vec2(L, std::get<glm::vec2>(value));
        return;
    case FieldType::Color:
        push_color(L, std::get<glm::vec4>(value));
        return;
    case FieldType::Enum: {
        const auto i = std::get<std::int32_t>(value);
        if (i >= 0 && static_cast<std::size_t>(i) < field.enum_names.size())
            lua_pushstring(L, field.enum_names[static_cast<std::size_t>(i)].c_str());
        else
            lua_pushinteger(L, i);
        return;
    }
    case FieldType::ObjectRef: {
        const Guid g = std::get<Guid>(value);
        if (g.value == 0)
            lua_pushnil(L);
        else
            lua_pushinteger(L, static_cast<lua_Integer>(g.value));
        return;
    }
    case FieldType::Properties: {
        const auto& map = std::get<PropertyMap>(value);
        lua_createtable(L, 0, static_cast<int>(map.size()));
        for (const auto& [key, v] : map) {
            lua_pushlstring(L, key.data(), key.size());
            push_property_value(L, v);
            lua_rawset(L, -3);
        }
        return;
    }
    case FieldType::Tiles: {
        // The size only: cells are read through the tile map functions, not copied per access.
        const auto& grid = std::get<TileGrid>(value);
        lua_createtable(L, 0, 3);
        lua_pushinteger(L, grid.width);
        lua_setfield(L, -2, "width");
        lua_pushinteger(L, grid.height);
        lua_setfield(L, -2, "height");
        lua_pushinteger(L, static_cast<lua_Integer>(grid.layers.size()));
        lua_setfield(L, -2, "layers");
        return;
    }
    }
    lua_pushnil(L);
}

std::optional<FieldValue> to_field_value(lua_State* L, int idx, const FieldInfo& field,
                                         std::string& why) {
    idx = lua_absindex(L, idx);
    switch (field.type) {
    case FieldType::Bool:
        if (lua_type(L, idx) == LUA_TBOOLEAN) return FieldValue{lua_toboolean(L, idx) != 0};
        why = kind_of(L, idx) + ", not true or false";
        return std::nullopt;
    case FieldType::Int32:
        if (auto i = to_int(L, idx, why)) return FieldValue{*i};
        return std::nullopt;
    case FieldType::Float:
        if (auto f = to_float(L, idx, why)) return FieldValue{*f};
        return std::nullopt;
    case FieldType::String:
    case FieldType::Asset:
        if (lua_type(L, idx) == LUA_TSTRING) {
            std::size_t size = 0;
            const char* text = lua_tolstring(L, idx, &size);
            return FieldValue{std::string(text, size)};
        }
        why = kind_of(L, idx) + ", not a string";
        return std::nullopt;
    case FieldType::Vec2:
        if (auto v = to_vec2(L, idx)) return FieldValue{*v};
        why = kind_of(L, idx) + ", not a vec2";
        return std::nullopt;
    case FieldType::Color:
        if (auto c = to_color(L, idx)) return FieldValue{*c};
        why = kind_of(L, idx) + ", not a color";
        return std::nullopt;
    case FieldType::Enum: {
        if (lua_type(L, idx) == LUA_TSTRING) {
            const char* name = lua_tostring(L, idx);
            for (std::size_t i = 0; i < field.enum_names.size(); ++i)
                if (field.enum_names[i] == name) return FieldValue{static_cast<std::int32_t>(i)};
            why = "'" + std::string(name) + "', not one of";
            for (std::size_t i = 0; i < field.enum_names.size(); ++i)
                why += (i == 0 ? " " : ", ") + field.enum_names[i];
            return std::nullopt;
        }
        why = kind_of(L, idx) + ", not a name";
        return std::nullopt;
    }
    case FieldType::ObjectRef:
        if (lua_isnil(L, idx)) return FieldValue{Guid{}};
        if (lua_isinteger(L, idx))
            return FieldValue{Guid{static_cast<std::uint64_t>(lua_tointeger(L, idx))}};
        why = kind_of(L, idx) + ", not an object's guid";
        return std::nullopt;
    case FieldType::Properties: {
        if (lua_type(L, idx) != LUA_TTABLE) {
            why = kind_of(L, idx) + ", not a table";
            return std::nullopt;
        }
        PropertyMap map;
        lua_pushnil(L);
        while (lua_next(L, idx) != 0) {
            if (lua_type(L, -2) == LUA_TSTRING) {
                if (auto v = to_property_value(L, -1)) map.emplace(lua_tostring(L, -2), *v);
            }
            lua_pop(L, 1);
        }
        return FieldValue{std::move(map)};
    }
    case FieldType::Tiles:
        why = "a tile map's cells are painted in the editor, not set from a script";
        return std::nullopt;
    }
    why = "an unknown field type";
    return std::nullopt;
}

} // namespace diorama::script
