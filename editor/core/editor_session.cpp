// EditorSession: opening projects and scenes, selection, history and play mode. Saving and the
// project on disk are in session_files.cpp, edits in session_edits.cpp, picking and transform
// tools in session_viewport.cpp.

#include "editor_session.h"

#include "commands.h"
#include "live_attachment.h"

#include "diorama/components.h"
#include "diorama/input_script.h"
#include "diorama/log.h"
#include "diorama/module.h"
#include "diorama/scene_file.h"
#include "diorama/state_hash.h"

#include <algorithm>
#include <new>
#include <utility>

namespace diorama::editor {

namespace fs = std::filesystem;

namespace {

// A script larger is not sent to an attached player (the game's own loader refuses it too).
constexpr std::size_t kMaxScriptBytes = 4u << 20;

// Logs every problem (errors as errors, warnings as warnings).
void log_problems(const Diagnostics& diagnostics) {
    for (const Problem& p : diagnostics.problems()) {
        if (p.severity == Severity::Error)
            log_error(p.error.describe());
        else
            log_warning(p.error.describe());
    }
}

} // namespace

// ---- construction ----

EditorSession::EditorSession(GameOptions options)
    : m_game_options(std::move(options)), m_game(std::make_unique<Game>()),
      m_world(m_game->new_world()) {
    // One missing prefab never keeps a scene from opening: its objects stand in for it. Nor does
    // a field a script no longer declares as a scene or prefab has it: the field keeps its
    // default.
    m_game_options.scene_loading.keep_missing_prefabs = true;
    m_game_options.scene_loading.keep_unfit_fields = true;
    m_game_options.prefab_loading.keep_unfit_fields = true;
    // A game module that cannot be loaded leaves its components kept as the files have them, and
    // Play refused, while the levels can still be laid out.
    m_game_options.open_without_module = true;
}

EditorSession::~EditorSession() {
    // The simulation refers to the world, and the history's snapshots to the registry's types.
    m_simulation.reset();
    m_undo.clear();
}

const Project& EditorSession::project_or_empty() const {
    static const Project kNoProject;
    return m_game->has_project() ? m_game->project() : kNoProject;
}

EditContext EditorSession::edit_context() const {
    return EditContext{&project_or_empty(), &m_game->prefabs()};
}

// ---- project and scene files ----

Result<void> EditorSession::open_project(const fs::path& folder, const std::string& scene) {
    Diagnostics problems;
    auto game = Game::open(folder, problems, m_game_options);
    if (!game) {
        log_problems(problems);
        return game.error();
    }
    if (const auto& module = (*game)->module())
        log_info("module " + module->name + " loaded from " + module->file.string());
    else if ((*game)->module_error())
        log_warning("the project opened without its game module: its components are kept as the "
                    "files have them, and Play needs the module");

    // Without a scene named and a startup scene, the project opens on a new empty scene.
    LoadedScene loaded{(*game)->new_world(), {}, "untitled"};
    std::optional<FileStamp> disk;
    // A startup scene that cannot be read leaves the project open on an empty scene with its
    // problems listed: one broken file never keeps the project from opening.
    m_startup_failure.reset();
    if (!scene.empty() || !(*game)->project().startup_scene.empty()) {
        auto opened = load_stamped(**game, scene, problems, disk);
        if (!opened && !scene.empty()) {
            log_problems(problems);
            return opened.error();
        }
        if (opened)
            loaded = std::move(*opened);
        else
            m_startup_failure = opened.error();
    }
    log_problems(problems);
    // The same project opened again keeps its lock (a second lock would contend with it).
    const bool same_project = m_project_folder && m_project_folder->is_at((*game)->project().root);

    // Commit: nothing below fails. The old world and history go before the game they use.
    close_prefab();
    stop();
    leave_scene();
    m_undo.clear();
    m_world.reset();
    m_game = std::move(*game);
    m_clipboard = Json::array();
    m_paste_count = 0;
    set_load_problems(std::move(problems));
    adopt_project_access(same_project && m_lock);
    stamp_prefabs();
    adopt_scene(std::move(loaded.world), std::move(loaded.name), std::move(loaded.path), disk);
    fit_scene();
    log_info("opened " + project().name + (m_scene_path.empty() ? "" : ": " + m_scene_path));
    check_recovery(true);
    return {};
}

Result<void> EditorSession::open_scene(const std::string& scene) {
    if (!has_project()) {
        log_error("open scene: no project is open");
        return make_error(ErrorCode::InvalidArgument, "no project is open");
    }
    if (m_play != PlayState::Editing) {
        log_error("open scene: stop playing first");
        return make_error(ErrorCode::InvalidArgument, "cannot open a scene while playing");
    }
    Diagnostics problems;
    std::optional<FileStamp> disk;
    auto loaded = load_stamped(*m_game, scene, problems, disk);
    log_problems(problems);
    if (!loaded) return loaded.error();
    close_prefab();
    set_load_problems(std::move(problems));
    leave_scene();
    adopt_scene(std::move(loaded->world), std::move(loaded->name), std::move(loaded->path), disk);
    fit_scene();
    check_recovery(false);
    return {};
}

Result<std::unique_ptr<Exporter>> EditorSession::export_project(const ExportOptions& options) {
    if (!has_project()) {
        log_error("export: no project is open");
        return make_error(ErrorCode::InvalidArgument, "no project is open");
    }
    // The exporter reports the prefabs' problems itself, as it validates them.
    Diagnostics problems;
    Diagnostics prefab_problems;
    // What is shipped must load as the player loads it: strictly, with its module.
    GameOptions game_options = m_game_options;
    game_options.scene_loading = {};
    game_options.prefab_loading = {};
    game_options.open_without_module = false;
    game_options.prefab_diagnostics = &prefab_problems;
    auto game = Game::open(project().root, problems, game_options);
    log_problems(problems);
    if (!game) return game.error();
    return std::make_unique<Exporter>(std::move(*game), options);
}

void EditorSession::new_scene() {
    close_prefab();
    stop();
    auto world = m_game->new_world();
    const std::vector<std::string>& layers = m_world->layers();
    for (std::size_t i = 0; i < layers.size(); ++i) {
        if (i == 0)
            (void)world->rename_layer(0, layers[0]);
        else
            world->add_layer(layers[i]);
    }
    set_load_problems(Diagnostics{});
    leave_scene();
    adopt_scene(std::move(world), "untitled", {});
}

void EditorSession::adopt_scene(std::unique_ptr<World> world, std::string name, std::string path,
                                std::optional<FileStamp> disk) {
    close_prefab();
    stop();
    m_drag.reset();
    m_undo.clear();
    m_world = std::move(world);
    m_scene_name = std::move(name);
    m_scene_path = std::move(path);
    m_selection.clear();
    m_last_pick.clear();
    m_last_click.reset();
    reset_autosave();
    if (!disk && !m_scene_path.empty())
        if (auto now = stamp_file(project().absolute(m_scene_path))) disk = *now;
    m_disk = disk.value_or(FileStamp{});
    m_seen_on_disk.reset();
    m_save_question.reset();
}

std::uint64_t EditorSession::hash() const {
    return state_hash(*m_world);
}

// ---- selection ----

std::vector<Handle> EditorSession::selected_handles() const {
    std::vector<Handle> out;
    out.reserve(m_selection.size());
    for (Guid g : m_selection)
        if (const Handle h = m_world->find(g)) out.push_back(h);
    return out;
}

void EditorSession::select(Guid g, bool add) {
    if (!m_world->find(g)) return;
    if (!add) {
        m_selection.assign(1, g);
        return;
    }
    if (auto it = std::find(m_selection.begin(), m_selection.end(), g); it != m_selection.end())
        m_selection.erase(it);
    else
        m_selection.push_back(g);
}

void EditorSession::select_only(const std::vector<Guid>& guids) {
    m_selection.clear();
    for (Guid g : guids)
        if (m_world->find(g) && !is_selected(g)) m_selection.push_back(g);
}

void EditorSession::clear_selection() {
    m_selection.clear();
}

void EditorSession::select_all() {
    m_selection.clear();
    m_world->each_object([this](Handle h) { m_selection.push_back(m_world->guid(h)); });
}

bool EditorSession::is_selected(Guid g) const {
    return std::find(m_selection.begin(), m_selection.end(), g) != m_selection.end();
}

void EditorSession::prune_selection() {
    std::erase_if(m_selection, [this](Guid g) { return !m_world->find(g); });
}

// ---- history ----

Result<void> EditorSession::execute(std::unique_ptr<EditCommand> command) {
    if (m_live) return execute_live(std::move(command));
    const std::string label = command->label();
    Result<void> result;
    if (m_play == PlayState::Editing) {
        if (auto rejected = m_undo.try_push(*m_world, std::move(command)))
            result = static_cast<const EditCommand&>(*rejected).failure();
    } else if (!command->apply(*m_world)) {
        result = command->failure();
    }
    prune_selection();
    if (!result) log_warning(label + ": " + result.error().describe());
    return result;
}

bool EditorSession::undo() {
    if (m_live) return undo_live(false);
    if (m_play != PlayState::Editing || m_drag) return false;
    const bool done = m_undo.undo(*m_world);
    prune_selection();
    return done;
}

bool EditorSession::redo() {
    if (m_live) return undo_live(true);
    if (m_play != PlayState::Editing || m_drag) return false;
    const bool done = m_undo.redo(*m_world);
    prune_selection();
    return done;
}

// ---- play mode ----

namespace {

// True when components of a script's type are in world.
bool holds_scripted_components(const World& world) {
    for (const TypeInfo* type : world.registry().types())
        if (const PoolBase* pool = world.pool(type->id); type->scripted && pool && pool->size())
            return true;
    return false;
}

} // namespace

Result<void> EditorSession::keep_for_stop() {
    // A scripted component's table may hold what its on_create built besides its declared
    // fields, which only a load (running on_create) makes again, and a copy's tables would count
    // against the scripts' memory while the game runs: such a world is kept as its text.
    if (holds_scripted_components(*m_world)) {
        auto text = scene_to_text(*m_world, m_scene_name, prefabs());
        if (!text) return text.error();
        m_play_snapshot = PlaySnapshot{nullptr, std::move(*text)};
        return {};
    }
    try {
        m_play_snapshot = PlaySnapshot{m_world->clone(), {}}; // every handle stays valid in it
    } catch (const std::bad_alloc&) {
        return make_error(ErrorCode::OutOfMemory, "not enough memory for a copy of the world");
    }
    return {};
}

void EditorSession::play() {
    if (auto refused = scene_only("Play")) {
        log_warning(refused->describe());
        return;
    }
    if (m_live) {
        m_live->resume();
        return;
    }
    if (m_play == PlayState::Playing) return;
    if (m_play == PlayState::Paused) {
        m_play = PlayState::Playing;
        return;
    }
    if (const auto& no_module = m_game->module_error()) {
        log_error("Play needs the game module, which is not loaded: " + no_module->describe() +
                  ". Mend it, then open the project again");
        return;
    }
    end_drag();
    // Made before the snapshot, so that nothing can fail between keeping it and playing.
    auto simulation = std::make_unique<Simulation>(
        *m_world, SimulationDef{.tick_rate_hz = project_or_empty().tick_rate_hz});
    if (auto kept = keep_for_stop(); !kept) {
        log_error("play: cannot keep the scene for Stop: " + kept.error().describe());
        return;
    }
    if (Scripts* scripts = m_game->scripts()) {
        // Every Play starts from the scripts' first state, as the player's run does.
        Diagnostics problems;
        (void)scripts->reload_all(nullptr, problems); // its problems are all in `problems`
        log_problems(problems);
        scripts->begin_run();
    }
    m_simulation = std::move(simulation);
    m_play = PlayState::Playing;
    begin_play_workflow();
}

void EditorSession::pause() {
    if (m_live) m_live->pause();
    if (m_play == PlayState::Playing) m_play = PlayState::Paused;
}

PlayState EditorSession::play_state() const {
    if (m_live) return m_live->paused() ? PlayState::Paused : PlayState::Playing;
    return m_play;
}

bool EditorSession::dirty() const {
    if (m_showing_prefab) return m_other_tab->undo.dirty();
    return m_local ? m_local->undo.dirty() : m_undo.dirty();
}

void EditorSession::step() {
    if (m_live) {
        m_live->step(1);
        return;
    }
    if (m_play == PlayState::Editing) play();
    if (m_play == PlayState::Editing) return; // could not start
    m_play = PlayState::Paused;
    m_simulation->tick();
    pause_on_script_error();
    prune_selection();
    sync_game_camera();
}

Result<void> EditorSession::play_input(const std::filesystem::path& input_file) {
    if (m_live) return refused_while_attached("Replaying an input script", "Detach first");
    if (m_play != PlayState::Editing)
        return make_error(ErrorCode::InvalidArgument, "stop Play before replaying an input script");
    Diagnostics problems;
    auto script = load_input_script(input_file, problems);
    log_problems(problems);
    if (!script) return script.error();
    play();
    if (m_play == PlayState::Editing)
        return make_error(ErrorCode::InvalidArgument, "Play did not start");
    m_simulation->play_input(std::move(*script));
    m_play = PlayState::Paused;
    return {};
}

Result<std::unique_ptr<World>> EditorSession::take_kept_world() {
    PlaySnapshot snapshot = std::exchange(m_play_snapshot, PlaySnapshot{});
    if (snapshot.world) return std::move(snapshot.world);
    Diagnostics problems;
    auto restored = m_game->load_scene_text(snapshot.text, "play snapshot", problems);
    log_problems(problems); // e.g. kept values a reload's retyped field no longer takes
    if (!restored) return restored.error();
    return std::move(restored->world);
}

void EditorSession::stop() {
    detach();
    if (m_play == PlayState::Editing) return;
    end_drag();
    auto before_play = take_kept_world();
    std::vector<KeptObject> kept = end_play_workflow();
    m_simulation.reset();
    m_play = PlayState::Editing;
    if (!before_play) {
        // Only a reload that changed what the kept text needs (beyond the unfit fields a load
        // keeps) leads here: the played world stays, rather than nothing.
        log_error("stop: cannot restore the scene, the played world stays (unsaved): " +
                  before_play.error().describe());
        m_undo.mark_unsaved(); // it is not the file's scene: a save or a close must ask
        return;
    }
    m_world = std::move(*before_play);
    prune_selection();
    m_last_pick.clear();
    m_last_click.reset();
    apply_kept_values(std::move(kept));
}

int EditorSession::advance(double elapsed_s) {
    if (m_play != PlayState::Playing) return 0;
    const Scripts* scripts = m_game->scripts();
    const int ticks = m_simulation->advance(elapsed_s, [scripts] {
        return scripts == nullptr || !scripts->error(); // a script error pauses right there
    });
    pause_on_script_error();
    if (ticks > 0) {
        prune_selection();
        sync_game_camera();
    }
    return ticks;
}

void EditorSession::pause_on_script_error() {
    Scripts* scripts = m_game->scripts();
    if (scripts == nullptr || !scripts->error()) return;
    const Error& error = *scripts->error();
    log_error("Play paused at tick " + std::to_string(m_simulation->tick_count()) +
              " by a script error: " + error.where + ": " +
              error.message.substr(0, error.message.find('\n')));
    scripts->clear_error();
    m_play = PlayState::Paused;
}

int EditorSession::reload_changed_scripts() {
    Scripts* scripts = m_game->scripts();
    if (scripts == nullptr) return 0;
    int reloaded = 0;
    for (const std::string& file : scripts->changed_files()) {
        if (m_live) m_live->finish_loading(); // it reads the types the reload changes
        Diagnostics problems;
        World* running = m_play != PlayState::Editing ? m_world.get() : nullptr;
        if (scripts->reload(file, running, problems)) {
            ++reloaded;
            log_info("reloaded " + file + (running != nullptr ? " into the running game" : ""));
            // Attached: the player reloads it too (its refusal comes back to the console).
            if (m_live) {
                if (auto source = read_file(project().root / file, kMaxScriptBytes)) {
                    m_live->send_script(file, std::move(*source));
                    log_info("sent " + file + " to the player at " + m_live->address());
                }
            }
        } else {
            log_error("reload of " + file + " failed; its previous version stays");
        }
        log_problems(problems);
    }
    if (reloaded > 0) pause_on_script_error(); // an on_reload hook may have failed
    return reloaded;
}

void EditorSession::push_input(const InputEvent& event) {
    if (m_play != PlayState::Editing) m_simulation->push_input(event);
}

} // namespace diorama::editor
