// EditorSession: the prefab tab — a prefab's own objects edited beside the scene, saved back to
// its file with the scene's instances following.

#include "editor_session.h"

#include "commands.h"

#include "diorama/log.h"

namespace diorama::editor {

namespace {

Error logged(Error error) {
    log_warning(error.describe());
    return error;
}

} // namespace

void EditorSession::swap_tabs() {
    end_drag();
    std::swap(m_world, m_other_tab->world);
    std::swap(m_undo, m_other_tab->undo);
    std::swap(m_selection, m_other_tab->selection);
    std::swap(m_camera, m_other_tab->camera);
    m_last_pick.clear();
    m_last_click.reset();
    m_showing_prefab = !m_showing_prefab;
}

std::optional<Error> EditorSession::scene_only(const std::string& what) const {
    if (!m_showing_prefab) return std::nullopt;
    return make_error(ErrorCode::InvalidArgument,
                      what + " belongs to the scene's tab; the prefab " + m_prefab_path +
                          " shows (switch to the scene's tab first)");
}

Result<void> EditorSession::save_all() {
    if (prefab_dirty())
        if (auto saved = save_prefab(); !saved) return saved;
    if (!dirty()) return {};
    if (!m_showing_prefab) return save();
    swap_tabs();
    auto saved = save();
    swap_tabs();
    return saved;
}

Result<void> EditorSession::open_prefab(const std::string& prefab) {
    if (!has_project()) return logged(make_error(ErrorCode::InvalidArgument, "no project is open"));
    if (m_play != PlayState::Editing || m_live)
        return logged(
            make_error(ErrorCode::InvalidArgument, "open prefab: stop Play (or detach) first"));
    const Prefab* p = prefabs().find(prefab);
    if (p == nullptr)
        return logged(make_error(ErrorCode::NotFound,
                                 "no prefab \"" + prefab + "\"" + prefabs().did_you_mean(prefab)));
    if (m_other_tab && m_prefab_path == p->path) {
        show_tab(true);
        return {};
    }
    if (prefab_dirty())
        return logged(make_error(ErrorCode::InvalidArgument,
                                 "the prefab " + m_prefab_path +
                                     " has unsaved changes: save or close its tab first"));
    close_prefab();

    auto world = m_game->new_world();
    const auto& layers = m_world->layers();
    (void)world->rename_layer(0, layers[0]);
    for (std::size_t i = 1; i < layers.size(); ++i)
        world->add_layer(layers[i]);
    const LayerId layer = p->layer.empty() ? 0 : world->find_layer(p->layer).value_or(0);
    if (auto root = prefab_objects(*world, *p, layer); !root) return logged(root.error());

    m_other_tab = std::make_unique<TabState>();
    m_other_tab->world = std::move(world);
    m_prefab_path = p->path;
    swap_tabs(); // the scene goes aside, the prefab shows
    m_camera = ViewportCamera();
    m_camera.set_viewport(m_other_tab->camera.viewport());
    fit_scene();
    log_info("opened the prefab " + m_prefab_path + " in its tab");
    return {};
}

bool EditorSession::show_tab(bool prefab) {
    if (!m_other_tab || prefab == m_showing_prefab) return prefab == m_showing_prefab;
    if (m_play != PlayState::Editing) {
        log_warning("stop Play before switching tabs");
        return false;
    }
    swap_tabs();
    return true;
}

bool EditorSession::prefab_dirty() const {
    if (!m_other_tab) return false;
    return m_showing_prefab ? m_undo.dirty() : m_other_tab->undo.dirty();
}

Result<void> EditorSession::save_prefab() {
    if (!m_other_tab)
        return logged(make_error(ErrorCode::InvalidArgument, "no prefab tab is open"));
    if (auto ok = check_access(); !ok) return logged(ok.error());
    const bool was_showing = m_showing_prefab;
    if (!was_showing) swap_tabs();
    const auto restore = [&] {
        if (m_showing_prefab != was_showing) swap_tabs();
    };

    // One root: the prefab's.
    const Handle root = m_world->first_root();
    if (!root) {
        restore();
        return logged(make_error(ErrorCode::InvalidArgument, "the prefab tab holds no object"));
    }
    if (const Handle other = m_world->next_sibling(root)) {
        const std::string message = "a prefab has one root: put '" + m_world->name(other) +
                                    "' under '" + m_world->name(root) + "' first";
        restore();
        return logged(make_error(ErrorCode::InvalidArgument, message, m_prefab_path));
    }
    const Prefab* before = prefabs().find(m_prefab_path);
    PrefabFromObjects made = prefab_from_objects(
        *m_world, root, m_prefab_path, before != nullptr ? before->name : m_world->name(root));
    if (const std::string cycle =
            prefab_cycle(prefabs(), m_prefab_path, made.prefab.nested_prefabs());
        !cycle.empty()) {
        restore();
        return logged(make_error(ErrorCode::Cycle, cycle + ": a prefab cannot contain itself",
                                 m_prefab_path));
    }
    auto json = prefab_to_json(made.prefab, &prefabs());
    if (!json) {
        restore();
        return logged(json.error());
    }
    const std::optional<Prefab> old =
        before != nullptr ? std::optional<Prefab>(before->clone()) : std::nullopt;
    if (auto written = write_prefab_file(m_prefab_path, to_pretty_json(*json)); !written) {
        restore();
        return logged(written.error());
    }
    m_undo.mark_saved();

    // The scene's instances follow, as a step of the scene's history.
    swap_tabs();
    std::size_t values = 0;
    if (old) {
        auto steps = rebase_commands(*old, *prefabs().find(m_prefab_path));
        values = steps.size();
        if (!steps.empty())
            (void)execute(std::make_unique<CommandGroup>("Prefab " + m_prefab_path + " saved",
                                                         std::move(steps)));
    }
    if (m_showing_prefab != was_showing) swap_tabs();
    log_info("saved " + m_prefab_path + "; " + std::to_string(values) + " instance value" +
             (values == 1 ? "" : "s") + " of the scene follow it");
    return {};
}

void EditorSession::close_prefab() {
    if (!m_other_tab) return;
    if (m_showing_prefab) swap_tabs();
    m_other_tab.reset();
    m_prefab_path.clear();
}

} // namespace diorama::editor
