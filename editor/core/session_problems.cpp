// EditorSession: the Problems list (what loading and checking found) and going to a problem.

#include "editor_session.h"

#include "diorama/file_io.h"
#include "diorama/json_io.h"
#include "diorama/log.h"
#include "diorama/project_check.h"

namespace diorama::editor {

namespace {

// A scene file is read again to find a problem's entry; it loaded, so it is at most this big.
constexpr std::size_t kMaxSceneBytes = 64u << 20;

} // namespace

void EditorSession::set_load_problems(Diagnostics problems) {
    m_load_problems = std::move(problems);
    m_problems = problem_lines(m_load_problems);
    m_checked_from = m_problems.size();
}

std::size_t EditorSession::check_project() {
    m_problems.resize(m_checked_from);
    if (!has_project()) return 0;
    Diagnostics found;
    (void)check_project_files(project().root, CheckScope{.whole = true}, found);
    std::vector<ProblemLine> lines = problem_lines(found);
    m_problems.insert(m_problems.end(), lines.begin(), lines.end());
    const auto counted = [](std::size_t n, const char* what) {
        return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
    };
    log_info("check " + project().name + ": " + counted(found.error_count(), "error") + ", " +
             counted(found.warning_count(), "warning"));
    return lines.size();
}

bool EditorSession::go_to_problem(const ProblemLine& problem) {
    const std::optional<ScenePlace> place = scene_place(problem.json_path);
    if (!has_project() || !place || problem.file.empty()) return false;
    if (problem.file != m_scene_path) {
        log_info(problem.file + " is not the open scene: open it to go to " + problem.json_path);
        return false;
    }
    auto bytes = read_file_bytes(project().absolute(m_scene_path), kMaxSceneBytes);
    auto json = bytes ? parse_json(bytes->view(), m_scene_path) : Result<Json>(bytes.error());
    if (!json) {
        log_warning("cannot go to " + problem.json_path + ": " + json.error().describe());
        return false;
    }
    const Json* objects =
        json->is_object() && json->contains("objects") ? &(*json)["objects"] : nullptr;
    const Json* entry = objects != nullptr && objects->is_array() && place->object < objects->size()
                            ? &(*objects)[place->object]
                            : nullptr;
    const Json* guid_text = entry != nullptr && entry->is_object() && entry->contains("guid")
                                ? &(*entry)["guid"]
                                : nullptr;
    const std::optional<Guid> guid = guid_text != nullptr && guid_text->is_string()
                                         ? parse_guid(guid_text->get<std::string>())
                                         : std::nullopt;
    if (!guid || !m_world->find(*guid)) {
        log_info(problem.json_path + " of " + m_scene_path +
                 " is no object of the scene (the file changed since it was loaded?)");
        return false;
    }
    select_only({*guid});
    m_field_focus = place->field;
    return true;
}

} // namespace diorama::editor
