#include "diorama/type_registry.h"

#include <algorithm>
#include <cctype>

namespace diorama {

namespace {
bool is_identifier(std::string_view name) {
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
    for (char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    return true;
}
// The fields of a declaration are identifiers, each declared once.
Result<void> check_fields(const TypeInfo& info) {
    for (std::size_t i = 0; i < info.fields.size(); ++i) {
        if (!is_identifier(info.fields[i].name))
            return make_error(ErrorCode::InvalidArgument,
                              "field name '" + info.fields[i].name + "' is not an identifier",
                              info.name);
        for (std::size_t j = 0; j < i; ++j)
            if (info.fields[j].name == info.fields[i].name)
                return make_error(ErrorCode::Duplicate,
                                  "field '" + info.fields[i].name + "' is declared twice",
                                  info.name);
    }
    return {};
}
} // namespace

Result<void> TypeRegistry::add(TypeInfo info) {
    if (!is_identifier(info.name))
        return make_error(ErrorCode::InvalidArgument,
                          "component type name '" + info.name + "' is not an identifier");
    if (find(info.name) != nullptr)
        return make_error(ErrorCode::Duplicate,
                          "component type '" + info.name + "' is already registered");
    if (find(info.id) != nullptr)
        return make_error(ErrorCode::Duplicate, "the C++ type of '" + info.name +
                                                    "' is already registered as '" +
                                                    find(info.id)->name + "'");
    if (auto fields = check_fields(info); !fields) return fields;

    auto owned = std::make_unique<TypeInfo>(std::move(info));
    const TypeInfo* type = owned.get();
    if (type->id >= m_by_id.size()) m_by_id.resize(type->id + 1, nullptr);
    m_by_id[type->id] = type;
    m_order.push_back(type);
    m_types.push_back(std::move(owned));
    ++m_revision;
    if (type->hooks.update)
        m_systems.push_back(System{type->name, type->hooks.update, type->queries_space});
    return {};
}

Result<void> TypeRegistry::replace(TypeInfo info) {
    const TypeInfo* existing = find(info.name);
    if (existing == nullptr || existing->id != info.id)
        return make_error(ErrorCode::NotFound, "no registered type '" + info.name + "' to replace");
    if (auto fields = check_fields(info); !fields) return fields;
    *m_types[static_cast<std::size_t>(std::find(m_order.begin(), m_order.end(), existing) -
                                      m_order.begin())] = std::move(info);
    ++m_revision;
    return {};
}

void TypeRegistry::add_system(std::string name, std::function<void(World&, float)> run) {
    m_systems.push_back(System{std::move(name), std::move(run)});
}

Result<void> TypeRegistry::insert_system(std::string name, std::function<void(World&, float)> run,
                                         std::string_view after, std::string_view before) {
    const auto named = [this](std::string_view n) {
        return std::find_if(m_systems.begin(), m_systems.end(),
                            [n](const System& s) { return s.name == n; });
    };
    if (named(name) != m_systems.end())
        return make_error(ErrorCode::Duplicate, "a system named '" + name + "' already exists");
    auto at = m_systems.end();
    if (!after.empty() || !before.empty()) {
        const std::string_view wanted = !after.empty() ? after : before;
        at = named(wanted);
        if (at == m_systems.end()) {
            std::string known;
            for (const System& s : m_systems)
                known += (known.empty() ? "" : ", ") + s.name;
            return make_error(ErrorCode::NotFound,
                              "no system named '" + std::string(wanted) +
                                  "'; the systems: " + (known.empty() ? "none" : known));
        }
        if (!after.empty()) ++at;
    }
    m_systems.insert(at, System{std::move(name), std::move(run)});
    return {};
}

bool TypeRegistry::tick_may_query_space() const {
    for (const System& s : m_systems)
        if (s.queries_space) return true;
    for (const TypeInfo* t : m_order) {
        const TypeHooks& h = t->hooks;
        if (t->queries_space && (h.on_create || h.on_destroy || h.on_message || h.on_event))
            return true;
    }
    return false;
}

const TypeInfo* TypeRegistry::find(std::string_view name) const {
    for (const TypeInfo* t : m_order)
        if (t->name == name) return t;
    return nullptr;
}

std::vector<std::string> TypeRegistry::names() const {
    std::vector<std::string> out;
    out.reserve(m_order.size());
    for (const TypeInfo* t : m_order)
        out.push_back(t->name);
    return out;
}

const TypeInfo* TypeRegistry::find(ComponentId id) const {
    return id < m_by_id.size() ? m_by_id[id] : nullptr;
}

} // namespace diorama
