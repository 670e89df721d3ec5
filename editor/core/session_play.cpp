// EditorSession: the Play workflow around play mode (see "the Play workflow" in
// editor_session.h): the input recording, Keep Live Values and the game's camera.

#include "editor_session.h"

#include "commands.h"

#include "diorama/components.h"
#include "diorama/file_io.h"
#include "diorama/log.h"
#include "diorama/scene_file.h"

#include <algorithm>
#include <system_error>
#include <utility>

namespace diorama::editor {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kInputSuffix = ".input.json";

// The first object with a primary Camera2D (object order), or null.
Handle active_camera(const World& world) {
    const auto* pool = world.pool(component_id<Camera2D>());
    if (pool == nullptr || pool->size() == 0) return {};
    Handle found;
    world.each_object([&](Handle h) {
        if (found) return;
        if (const Camera2D* cam = world.get<Camera2D>(h); cam != nullptr && cam->primary) found = h;
    });
    return found;
}

// One kept component: its value after Stop, and before (for undo).
struct ComponentCopy {
    Guid object{};
    const TypeInfo* type = nullptr;
    std::shared_ptr<void> value;
    std::shared_ptr<void> old;
};

// Sets whole components of objects to copied values (Keep Live Values); revert restores them.
class CopyComponentsCommand : public EditCommand {
public:
    explicit CopyComponentsCommand(std::vector<ComponentCopy> copies)
        : m_copies(std::move(copies)) {}

    [[nodiscard]] std::vector<Guid> field_targets() const override {
        std::vector<Guid> objects;
        for (const ComponentCopy& c : m_copies)
            if (std::find(objects.begin(), objects.end(), c.object) == objects.end())
                objects.push_back(c.object);
        return objects;
    }

    bool apply(World& world) override {
        for (std::size_t i = 0; i < m_copies.size(); ++i) {
            ComponentCopy& c = m_copies[i];
            void* component = world.get(world.find(c.object), c.type->id);
            if (component == nullptr) {
                revert_first(world, i);
                return fail(make_error(ErrorCode::NotFound, "the object has no " + c.type->name,
                                       to_string(c.object)));
            }
            c.old = c.type->make_instance();
            c.type->copy(c.old.get(), component);
            c.type->copy(component, c.value.get());
        }
        return true;
    }

    void revert(World& world) override { revert_first(world, m_copies.size()); }

    [[nodiscard]] std::string label() const override { return "Keep Live Values"; }

    [[nodiscard]] std::size_t bytes() const override {
        std::size_t n = sizeof(*this);
        for (const ComponentCopy& c : m_copies)
            n += sizeof(c) + 2 * c.type->size;
        return n;
    }

private:
    // Restores the old values of the first n copies, last first.
    void revert_first(World& world, std::size_t n) {
        for (std::size_t i = n; i-- > 0;) {
            const ComponentCopy& c = m_copies[i];
            if (void* component = world.get(world.find(c.object), c.type->id))
                c.type->copy(component, c.old.get());
        }
    }

    std::vector<ComponentCopy> m_copies;
};

} // namespace

// ---- input recording ----

const InputScript& EditorSession::recorded_input() const {
    return m_simulation ? m_simulation->recorded_input() : m_recorded;
}

std::uint64_t EditorSession::recorded_ticks() const {
    return m_simulation ? m_simulation->tick_count() : m_recorded_ticks;
}

Result<fs::path> EditorSession::save_recorded_input(const std::string& path) {
    if (m_live) return refused_while_attached("Saving the recorded input", "Stop attaching first");
    if (!m_played)
        return make_error(ErrorCode::InvalidArgument,
                          "nothing recorded yet: Play the scene first, then save its input");
    if (path.empty()) return make_error(ErrorCode::InvalidArgument, "no file name given");
    std::string name = path;
    if (!name.ends_with(kInputSuffix)) name += kInputSuffix;
    fs::path file = name;
    if (file.is_relative() && has_project()) file = project().root / file;
    InputScript script = recorded_input();
    const std::string scene = m_scene_path.empty() ? m_scene_name : m_scene_path;
    script.description = "recorded in the editor: " + scene + ", " +
                         std::to_string(recorded_ticks()) + " ticks (run --ticks " +
                         std::to_string(recorded_ticks()) + ")";
    auto json = input_script_to_json(script);
    if (!json) return json.error();
    std::error_code ec;
    fs::create_directories(file.parent_path(), ec); // input/ in a project that has none yet
    if (ec) return make_error(ErrorCode::Io, ec.message(), file.parent_path().string());
    if (auto saved = save_file_atomic(file, to_pretty_json(*json), SaveOptions{.backups = 0});
        !saved)
        return saved.error();
    log_info("saved the recorded input to " + file.string() + ": " +
             std::to_string(script.events.size()) + " events, " + std::to_string(recorded_ticks()) +
             " ticks");
    return file;
}

// ---- Keep Live Values ----

std::size_t EditorSession::keep_live_values() {
    if (m_live || m_play == PlayState::Editing) return 0;
    std::size_t added = 0;
    for (Guid g : m_selection) {
        if (std::find(m_keep.begin(), m_keep.end(), g) != m_keep.end()) continue;
        m_keep.push_back(g);
        ++added;
    }
    if (added > 0)
        log_info("Keep Live Values: " + std::to_string(m_keep.size()) +
                 " object(s) keep their values at Stop");
    return added;
}

std::vector<EditorSession::KeptObject> EditorSession::end_play_workflow() {
    if (m_simulation) {
        m_recorded = m_simulation->recorded_input();
        m_recorded_ticks = m_simulation->tick_count();
    }
    restore_editor_camera();
    std::vector<KeptObject> kept;
    for (Guid g : m_keep) {
        const Handle h = m_world->find(g);
        if (!h) {
            log_warning("Keep Live Values: " + to_string(g) + " was destroyed while playing");
            continue;
        }
        auto values = components_to_json(*m_world, h);
        if (!values) {
            log_warning("Keep Live Values: " + to_string(g) + ": " + values.error().describe());
            continue;
        }
        KeptObject object{g, std::move(*values), {}};
        for (const TypeInfo* type : registry().types()) {
            const void* component = m_world->get(h, type->id);
            if (component == nullptr) continue;
            std::shared_ptr<void> copy = type->make_instance();
            type->copy(copy.get(), component);
            object.components.emplace_back(type, std::move(copy));
        }
        kept.push_back(std::move(object));
    }
    m_keep.clear();
    return kept;
}

void EditorSession::apply_kept_values(std::vector<KeptObject> kept) {
    std::vector<ComponentCopy> copies;
    for (KeptObject& object : kept) {
        const Handle h = m_world->find(object.object);
        if (!h) {
            log_warning("Keep Live Values: " + to_string(object.object) +
                        " is not in the scene (created while playing): skipped");
            continue;
        }
        auto now = components_to_json(*m_world, h);
        if (!now) continue;
        for (auto& [type, value] : object.components) {
            if (m_world->get(h, type->id) == nullptr) {
                log_warning("Keep Live Values: " + m_world->name(h) + " has no " + type->name +
                            " in the scene (added while playing): skipped");
                continue;
            }
            if (now->value(type->name, Json()) == object.values.value(type->name, Json()))
                continue; // unchanged
            copies.push_back(ComponentCopy{object.object, type, std::move(value), {}});
        }
    }
    if (copies.empty()) {
        if (!kept.empty()) log_info("Keep Live Values: no value changed while playing");
        return;
    }
    const std::size_t count = copies.size();
    if (execute(std::make_unique<CopyComponentsCommand>(std::move(copies))))
        log_info("Keep Live Values: " + std::to_string(count) +
                 " component(s) copied into the scene (one undo step)");
}

// ---- the game's camera ----

void EditorSession::begin_play_workflow() {
    m_played = true;
    m_recorded = InputScript{};
    m_recorded_ticks = 0;
    m_keep.clear();
    m_simulation->record_input(true);
    sync_game_camera();
}

void EditorSession::set_follow_game_camera(bool follow) {
    m_follow_camera = follow;
    if (follow)
        sync_game_camera();
    else
        restore_editor_camera();
}

void EditorSession::sync_game_camera() {
    if (m_play == PlayState::Editing || m_live || !m_follow_camera) return;
    const Handle cam = active_camera(*m_world);
    if (!cam) return;
    if (!m_editor_view) m_editor_view = m_camera;
    m_camera.set_center(m_world->world_position(cam));
    m_camera.set_zoom(m_world->get<Camera2D>(cam)->zoom);
}

void EditorSession::restore_editor_camera() {
    if (!m_editor_view) return;
    m_camera.set_center(m_editor_view->center());
    m_camera.set_zoom(m_editor_view->zoom());
    m_editor_view.reset();
}

} // namespace diorama::editor
