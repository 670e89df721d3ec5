#include "widget_registry.h"

#include <algorithm>
#include <cassert>

namespace diorama::editor {

void WidgetRegistry::begin_frame() {
    m_widgets.clear();
    m_scopes.clear();
}

void WidgetRegistry::push_scope(std::string_view name) {
    m_scopes.emplace_back(name);
}

void WidgetRegistry::pop_scope() {
    assert(!m_scopes.empty());
    m_scopes.pop_back();
}

std::string WidgetRegistry::scoped(std::string_view label) const {
    std::string path;
    for (const std::string& s : m_scopes)
        path += s + "/";
    path += label;
    return path;
}

void WidgetRegistry::add(std::string_view label, const Rect& rect, WidgetKind kind,
                         bool cut_sideways) {
    if (rect.max.x - rect.min.x < 1.0f || rect.max.y - rect.min.y < 1.0f) return;
    m_widgets.try_emplace(scoped(label), WidgetInfo{rect, kind, cut_sideways});
}

std::vector<std::string> WidgetRegistry::cut_sideways(std::string_view prefix) const {
    std::vector<std::string> out;
    for (const auto& [path, info] : m_widgets)
        if (info.cut_sideways && path.starts_with(prefix)) out.push_back(path);
    std::sort(out.begin(), out.end());
    return out;
}

const WidgetInfo* WidgetRegistry::find(std::string_view path) const {
    auto it = m_widgets.find(std::string(path));
    return it == m_widgets.end() ? nullptr : &it->second;
}

std::vector<std::string> WidgetRegistry::paths_with_prefix(std::string_view prefix) const {
    std::vector<std::string> out;
    for (const auto& [path, info] : m_widgets)
        if (path.starts_with(prefix)) out.push_back(path);
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace diorama::editor
