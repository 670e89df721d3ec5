// World: messages queued, broadcast and delivered to components' hooks.

#include "diorama/world.h"

#include "diorama/type_registry.h"

#include <utility>

namespace diorama {

// ---- messages ----

void World::send(Handle target, Message message) {
    if (!check(target)) {
        ++m_dropped_messages;
        return;
    }
    m_messages.push_back(Envelope{target, false, std::nullopt, std::move(message)});
}

void World::broadcast(Message message, std::optional<LayerId> layer) {
    m_messages.push_back(Envelope{kNullHandle, true, layer, std::move(message)});
}

void World::deliver_to(std::uint32_t entity, const Message& m, std::size_t& deliveries) {
    const Handle h = handle_of(entity);
    for (const TypeInfo* t : m_message_types) {
        PoolBase* pool = t->id < m_pools.size() ? m_pools[t->id].get() : nullptr;
        if (pool == nullptr) continue;
        if (void* c = pool->find(entity)) {
            t->hooks.on_message(*this, h, c, m);
            ++deliveries;
        }
    }
}

void World::deliver(const Envelope& e, std::size_t& deliveries) {
    if (!e.broadcast) {
        if (!alive(e.target)) {
            ++m_dropped_messages;
            return;
        }
        deliver_to(e.target.index, e.message, deliveries);
        return;
    }
    // Every object (of the layer) that exists now, in slot order; objects created by the hooks
    // meanwhile do not receive this broadcast.
    std::vector<Handle> targets;
    for (std::uint32_t i = 0; i < m_generation.size(); ++i) {
        if ((m_generation[i] & kFreeBit) != 0) continue;
        if (e.layer && m_records[i].layer != *e.layer) continue;
        targets.push_back(handle_of(i));
    }
    for (Handle h : targets)
        if (alive(h)) deliver_to(h.index, e.message, deliveries);
}

std::size_t World::deliver_messages() {
    follow_registry();
    std::vector<Envelope> queue;
    queue.swap(m_messages);
    std::size_t deliveries = 0;
    for (const Envelope& e : queue)
        deliver(e, deliveries);
    return deliveries;
}

} // namespace diorama
