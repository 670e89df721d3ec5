#include "script_play_steps.h"

#include "script_runner.h"

#include "core/editor_session.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <system_error>

namespace diorama::editor {

namespace {

namespace fs = std::filesystem;

// The file's last write time; nullopt when it does not exist.
std::optional<fs::file_time_type> written_at(const fs::path& file) {
    std::error_code ec;
    const auto time = fs::last_write_time(file, ec);
    if (ec) return std::nullopt;
    return time;
}

} // namespace

void run_save_input(ScriptRunner& r, ScriptHost& host, const ScriptStep& step) {
    const std::string path = step.args[0];
    fs::path file = path.ends_with(".input.json") ? path : path + ".input.json";
    const EditorSession& session = host.script_session();
    if (file.is_relative() && session.has_project()) file = session.project().root / file;
    const auto before = written_at(file);
    r.menu("Play/Save Recorded Input As");
    // The field has the keyboard focus with its text selected when the dialog appears.
    r.move_to(ScriptRunner::widget("SaveInput/path"));
    r.type_text(path);
    r.click(ScriptRunner::widget("SaveInput/Save"), {});
    std::ostream* out = &r.out();
    r.queue([file, before, out](ScriptHost& h) {
        if (const std::string modal = h.modal_text(); !modal.empty())
            return ScriptRunner::failure("saving the input showed: " + modal);
        const auto now = written_at(file);
        if (!now || now == before) return ScriptRunner::wait("writing " + file.string());
        const EditorSession& s = h.script_session();
        *out << "input: " << file.string() << " (" << s.recorded_input().events.size()
             << " events, " << s.recorded_ticks() << " ticks)" << std::endl;
        return ScriptRunner::done();
    });
}

} // namespace diorama::editor
