#include "prefab_commands.h"

#include "diorama/log.h"
#include "diorama/world.h"

namespace diorama::editor {

LinkPrefabCommand::LinkPrefabCommand(std::vector<Link> links) : m_links(std::move(links)) {}

namespace {
void set_link(World& world, Handle h, const std::optional<PrefabInstance>& link) {
    if (!link) {
        if (world.get<PrefabInstance>(h) != nullptr) world.remove<PrefabInstance>(h);
        return;
    }
    PrefabInstance* now = world.get<PrefabInstance>(h);
    if (now == nullptr) now = world.add<PrefabInstance>(h);
    *now = *link;
}
} // namespace

bool LinkPrefabCommand::apply(World& world) {
    for (const Link& l : m_links)
        if (!world.find(l.object))
            return fail(make_error(ErrorCode::NotFound,
                                   "object " + to_string(l.object) + " does not exist"));
    m_old.clear();
    for (const Link& l : m_links) {
        const Handle h = world.find(l.object);
        const PrefabInstance* was = world.get<PrefabInstance>(h);
        m_old.push_back(Link{l.object, was != nullptr ? std::optional(*was) : std::nullopt});
        set_link(world, h, l.link);
    }
    return true;
}

void LinkPrefabCommand::revert(World& world) {
    for (auto it = m_old.rbegin(); it != m_old.rend(); ++it)
        if (const Handle h = world.find(it->object)) set_link(world, h, it->link);
}

std::size_t LinkPrefabCommand::bytes() const {
    std::size_t n = sizeof(*this);
    for (const Link& l : m_links)
        n += sizeof(Link) + (l.link ? l.link->prefab.capacity() : 0);
    return 2 * n;
}

PrefabFileCommand::PrefabFileCommand(std::string path, std::optional<std::string> old_text,
                                     std::string text, Writer write)
    : m_path(std::move(path)), m_old_text(std::move(old_text)), m_text(std::move(text)),
      m_write(std::move(write)) {}

bool PrefabFileCommand::apply(World&) {
    if (auto ok = m_write(m_path, m_text); !ok) return fail(ok.error());
    return true;
}

void PrefabFileCommand::revert(World&) {
    if (!m_old_text) return;
    if (auto ok = m_write(m_path, *m_old_text); !ok)
        log_error("undo could not write " + m_path + " back: " + ok.error().describe());
}

std::size_t PrefabFileCommand::bytes() const {
    return sizeof(*this) + m_path.capacity() + m_text.capacity() +
           (m_old_text ? m_old_text->capacity() : 0);
}

} // namespace diorama::editor
