#include "live_attachment.h"

#include "diorama/diagnostics.h"
#include "diorama/field_path.h"
#include "diorama/scene_file.h"

#include <algorithm>
#include <chrono>
#include <functional>

namespace diorama::editor {

namespace {

// The quickest the whole state is read again; a state that takes longer to load waits longer
// (kLoadShare: loading takes at most about this share of the editor's time).
constexpr double kStateEveryS = 0.1;
constexpr double kLoadShare = 0.125;

} // namespace

LiveAttachment::LiveAttachment(live::LiveAddress address, const Game& game)
    : m_game(game), m_client(std::move(address)) {}

std::string LiveAttachment::address() const {
    const live::LiveAddress& a = m_client.address();
    return a.host + ":" + std::to_string(a.port);
}

bool LiveAttachment::paused() const {
    return !m_view.world.is_object() || m_view.world.value("paused", true);
}

std::uint64_t LiveAttachment::tick() const {
    return m_view.world.is_object() ? m_view.world.value("tick", std::uint64_t{0}) : 0;
}

LiveAttachment::~LiveAttachment() {
    finish_loading();
}

LiveAttachment::Loaded LiveAttachment::load(const Game& game, Loaded state) {
    const auto start = std::chrono::steady_clock::now();
    auto world = game.new_world();
    world->set_hooks_enabled(false); // a copy of the player's state: no game code runs for it
    Diagnostics problems;
    if (auto info = load_scene_text(*world, *state.text, state.file, game.project(), game.prefabs(),
                                    problems))
        state.world = std::move(world);
    else
        state.problem = info.error().describe();
    state.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return state;
}

void LiveAttachment::finish_loading() {
    if (m_loading.valid()) m_loading.wait();
}

std::unique_ptr<World> LiveAttachment::update(World& mirror, Guid selected, double now_s) {
    const std::string follow = selected.value != 0 ? to_string(selected) : std::string();
    if (follow != m_following) {
        m_following = follow;
        m_client.select(follow);
    }
    m_view = m_client.view();

    // A state loaded meanwhile becomes the mirror unless an edit was sent since it was read.
    std::unique_ptr<World> fresh;
    if (m_loading.valid() &&
        m_loading.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
        Loaded done = m_loading.get();
        m_next_state_s = now_s + std::max(kStateEveryS, done.seconds / kLoadShare);
        if (!done.world) {
            m_load_problem = std::move(done.problem);
        } else if (done.after < m_queued) {
            m_next_state_s = now_s;
        } else {
            fresh = std::move(done.world);
            m_loaded = std::move(done.text);
            m_loaded_tick = m_shown_tick = done.tick;
            m_loaded_after = done.after;
            m_load_problem.clear();
        }
    }
    // A state read: loaded on a thread of its own (the frame never waits for it).
    if (!m_loading.valid() && m_view.scene_version != m_scene_version && m_view.scene_text) {
        m_scene_version = m_view.scene_version;
        m_state_asked = false;
        if (m_view.scene_after < m_queued) {
            m_next_state_s = now_s; // it misses an edit sent since: ask again at once
        } else {
            Loaded state{.text = m_view.scene_text,
                         .file = "the player at " + address(),
                         .after = m_view.scene_after,
                         .tick = tick()};
            m_loading = std::async(std::launch::async, load, std::cref(m_game), std::move(state));
        }
    }
    if (!m_state_asked && !m_loading.valid() && now_s >= m_next_state_s) {
        m_client.request_state();
        m_state_asked = true;
    }
    // Only fields newer than what the mirror shows (a state read later, or the last ones written).
    if (m_view.selected.is_object() && m_view.selected_after >= m_queued &&
        m_view.selected_tick > m_shown_tick &&
        m_view.selected.value("guid", std::string()) == m_following) {
        write_fields(fresh ? *fresh : mirror, m_view.selected);
        m_shown_tick = m_view.selected_tick;
    }
    return fresh;
}

void LiveAttachment::write_fields(World& world, const Json& object) {
    const std::optional<Guid> guid = parse_guid(object.value("guid", std::string()));
    const Handle h = guid ? world.find(*guid) : Handle{};
    if (!world.alive(h)) return;
    if (const auto name = object.find("name"); name != object.end() && name->is_string())
        world.set_name(h, name->get<std::string>());
    const auto components = object.find("components");
    if (components == object.end() || !components->is_object()) return;
    for (const auto& [type, fields] : components->items()) {
        if (!fields.is_object()) continue;
        for (const auto& [field, value] : fields.items())
            (void)set_field_json(world, h, type + "." + field, value, "live");
    }
}

FieldSnapshot LiveAttachment::fields_of(const World& world, const std::vector<Guid>& objects) {
    FieldSnapshot fields;
    for (const Guid guid : objects) {
        const Handle h = world.find(guid);
        if (!world.alive(h)) continue;
        if (auto components = components_to_json(world, h)) fields[guid] = std::move(*components);
    }
    return fields;
}

void LiveAttachment::send_changes(const World& world, const FieldSnapshot& before) {
    for (const auto& [guid, old_components] : before) {
        const Handle h = world.find(guid);
        if (!world.alive(h)) continue;
        auto now = components_to_json(world, h);
        if (!now) continue;
        for (const auto& [type, fields] : now->items())
            for (const auto& [field, value] : fields.items()) {
                const Json* old = nullptr;
                if (const auto t = old_components.find(type); t != old_components.end())
                    if (const auto f = t->find(field); f != t->end()) old = &*f;
                if (old != nullptr && *old == value) continue;
                m_client.set_field(to_string(guid), type + "." + field, value);
                ++m_queued;
            }
    }
}

void LiveAttachment::send_script(const std::string& file, std::string source) {
    m_client.replace_script(file, std::move(source));
    ++m_queued;
}

void LiveAttachment::pause() {
    m_client.pause();
    ++m_queued;
}

void LiveAttachment::resume() {
    m_client.resume();
    ++m_queued;
}

void LiveAttachment::step(std::uint64_t ticks) {
    m_client.step(ticks);
    ++m_queued;
}

} // namespace diorama::editor
