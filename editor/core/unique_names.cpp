#include "unique_names.h"

#include <cctype>

namespace diorama::editor {

UniqueNames::UniqueNames(const World& world) {
    world.each_object([&](Handle h) { m_used.insert(world.name(h)); });
}

std::string UniqueNames::take(const std::string& name) {
    if (name.empty() || m_used.insert(name).second) return name;
    // "Bat 2" -> stem "Bat": the digits after the last space, when there are only digits.
    std::string stem = name;
    const std::size_t space = name.find_last_of(' ');
    if (space != std::string::npos && space + 1 < name.size() && space > 0) {
        bool digits = true;
        for (std::size_t i = space + 1; i < name.size(); ++i)
            digits = digits && std::isdigit(static_cast<unsigned char>(name[i])) != 0;
        if (digits) stem = name.substr(0, space);
    }
    for (std::size_t n = 2;; ++n) {
        std::string candidate = stem + " " + std::to_string(n);
        if (m_used.insert(candidate).second) return candidate;
    }
}

void make_names_unique(Json& entries, const World& world) {
    UniqueNames names(world);
    for (Json& entry : entries)
        if (const auto name = entry.find("name"); name != entry.end() && name->is_string())
            *name = names.take(name->get<std::string>());
}

} // namespace diorama::editor
