// ReorderCommand: moving objects among their siblings (the hierarchy's drag between rows).

#include "commands.h"

#include "diorama/log.h"

#include <algorithm>

namespace diorama::editor {

ReorderCommand::ReorderCommand(std::vector<Guid> objects, Guid target, SiblingPlace place)
    : m_objects(std::move(objects)), m_target(target), m_place(place) {}

bool ReorderCommand::apply(World& world) {
    const Handle target = world.find(m_target);
    if (!target)
        return fail(
            make_error(ErrorCode::NotFound, "object " + to_string(m_target) + " does not exist"));
    std::vector<Handle> moved;
    for (Guid g : m_objects) {
        const Handle h = world.find(g);
        if (!h)
            return fail(
                make_error(ErrorCode::NotFound, "object " + to_string(g) + " does not exist"));
        if (world.parent(h) != world.parent(target))
            return fail(make_error(ErrorCode::InvalidArgument,
                                   "'" + world.name(h) + "' is not a sibling of '" +
                                       world.name(target) + "'",
                                   to_string(g)));
        if (h != target) moved.push_back(h);
    }
    // In the order they are shown, so a moved block keeps its own order.
    std::sort(moved.begin(), moved.end(),
              [&](Handle a, Handle b) { return world.tree_rank(a) < world.tree_rank(b); });
    const auto is_moved = [&](Handle h) {
        return std::find(moved.begin(), moved.end(), h) != moved.end();
    };
    Handle before = target;
    if (m_place == SiblingPlace::After) {
        before = world.next_sibling(target);
        while (before && is_moved(before))
            before = world.next_sibling(before);
    }
    m_moves.clear();
    for (Handle h : moved) {
        const Handle next = world.next_sibling(h);
        m_moves.push_back(Move{world.guid(h), next ? world.guid(next) : Guid{}});
        if (auto ok = world.move_before(h, before); !ok) {
            revert(world);
            return fail(ok.error());
        }
    }
    return true;
}

void ReorderCommand::revert(World& world) {
    for (auto it = m_moves.rbegin(); it != m_moves.rend(); ++it) {
        const Handle h = world.find(it->object);
        const Handle next = it->next.is_null() ? kNullHandle : world.find(it->next);
        if (auto ok = world.move_before(h, next); !ok)
            log_error("undo Reorder: " + ok.error().describe());
    }
    m_moves.clear();
}

std::size_t ReorderCommand::bytes() const {
    return sizeof(*this) + m_objects.capacity() * sizeof(Guid) + m_moves.capacity() * sizeof(Move);
}

} // namespace diorama::editor
