#include "changes.h"

#include "diorama/json_io.h"
#include "diorama/world.h"

#include <algorithm>

namespace diorama::live {

namespace {

Json node_json(std::uint64_t guid, const std::string& name, std::uint64_t parent,
               const std::string& layer) {
    return {{"guid", to_string(Guid{guid})},
            {"name", name},
            {"parent", parent == 0 ? Json(nullptr) : Json(to_string(Guid{parent}))},
            {"layer", layer}};
}

} // namespace

void ChangeLog::look(const World& world, std::uint64_t tick) {
    const Clock::time_point now = Clock::now();
    bool watched = false;
    {
        std::lock_guard lock(m_mutex);
        watched = m_asked != Clock::time_point{} && now - m_asked < kWatchFor;
        if (!watched && m_have_snapshot) { // nobody watches: let the snapshot go
            m_snapshot.clear();
            m_have_snapshot = false;
            m_ready = false;
            m_batches.clear();
        }
    }
    if (!watched || (m_have_snapshot && now - m_looked < kLookEvery)) return;
    m_looked = now;

    std::unordered_map<std::uint64_t, Node> current;
    current.reserve(world.object_count());
    world.each_object([&](Handle h) {
        if (world.destroying(h)) return;
        current.emplace(world.guid(h).value,
                        Node{world.name(h), world.guid(world.parent(h)).value, world.layer(h)});
    });
    if (!m_have_snapshot) {
        m_snapshot = std::move(current);
        m_have_snapshot = true;
        std::lock_guard lock(m_mutex);
        m_base_seq = ++m_seq; // every earlier seq now means "read the tree again"
        m_ready = true;
        m_added.notify_all();
        return;
    }
    Json created = Json::array();
    Json changed = Json::array();
    Json destroyed = Json::array();
    const auto layer_name = [&](std::uint32_t layer) -> const std::string& {
        return world.layers()[layer];
    };
    for (const auto& [guid, node] : current) {
        const auto before = m_snapshot.find(guid);
        if (before == m_snapshot.end())
            created.push_back(node_json(guid, node.name, node.parent, layer_name(node.layer)));
        else if (!(before->second == node))
            changed.push_back(node_json(guid, node.name, node.parent, layer_name(node.layer)));
    }
    for (const auto& [guid, node] : m_snapshot)
        if (current.find(guid) == current.end()) destroyed.push_back(to_string(Guid{guid}));
    m_snapshot = std::move(current);
    if (created.empty() && changed.empty() && destroyed.empty()) return;

    std::lock_guard lock(m_mutex);
    const std::uint64_t seq = ++m_seq;
    m_batches.push_back(Batch{seq, to_compact_json({{"seq", seq},
                                                    {"tick", tick},
                                                    {"created", std::move(created)},
                                                    {"changed", std::move(changed)},
                                                    {"destroyed", std::move(destroyed)}})});
    while (m_batches.size() > kBatchesKept)
        m_batches.pop_front();
    m_added.notify_all();
}

std::string ChangeLog::after(std::uint64_t since, std::chrono::milliseconds wait) {
    std::unique_lock lock(m_mutex);
    m_asked = Clock::now();
    // Watching begins: the ticking thread takes its snapshot at the next tick boundary.
    if (!m_ready)
        m_added.wait_for(lock, std::min<std::chrono::milliseconds>(wait, std::chrono::seconds(1)),
                         [&] { return m_ready || m_closed; });
    // Before the first look since watching began there is no snapshot to tell changes from;
    // batches older than those kept are gone.
    const bool reset =
        !m_ready || since < m_base_seq || since > m_seq || m_seq - since > m_batches.size();
    if (!reset) m_added.wait_for(lock, wait, [&] { return m_closed || m_seq > since; });
    std::string out = "{\"seq\":" + std::to_string(m_seq) +
                      ",\"reset\":" + (reset ? "true" : "false") + ",\"batches\":[";
    bool first = true;
    if (!reset)
        for (const Batch& batch : m_batches) {
            if (batch.seq <= since) continue;
            if (!first) out += ',';
            out += batch.json;
            first = false;
        }
    out += "]}\n";
    return out;
}

void ChangeLog::close() {
    std::lock_guard lock(m_mutex);
    m_closed = true;
    m_added.notify_all();
}

} // namespace diorama::live
