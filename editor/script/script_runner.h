#pragma once
// ScriptRunner: replays a parsed script in the running editor. Input steps become SDL events
// pushed onto SDL's queue (SDL_PushEvent), so ImGui and the panels see them exactly as a user's;
// one piece per frame (move, press, release...), widgets found through the WidgetRegistry and
// world points mapped through the viewport's camera. What each command does is its handler in
// the command table (script_commands.h).

#include "script.h"

#include "diorama/log.h"

#include <glm/vec2.hpp>

#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace diorama::editor {

class EditorSession;
class LogBuffer;
class WidgetRegistry;

// What the runner needs from the app.
class ScriptHost {
public:
    virtual ~ScriptHost() = default;
    virtual EditorSession& script_session() = 0;
    [[nodiscard]] virtual const WidgetRegistry& script_widgets() const = 0;
    [[nodiscard]] virtual const LogBuffer& script_log() const = 0;
    // Window pixel of a world point in the viewport (nullopt while no viewport is shown).
    [[nodiscard]] virtual std::optional<glm::vec2> world_to_window(glm::vec2 world) = 0;
    // The open modal dialog's title and message; empty when none is open.
    [[nodiscard]] virtual std::string modal_text() const = 0;
    // Writes a PNG of the window once the next frame is drawn.
    virtual void request_screenshot(const std::filesystem::path& file) = 0;
    [[nodiscard]] virtual bool screenshot_pending() const = 0;
    // The SDL window id events are addressed to.
    [[nodiscard]] virtual std::uint32_t window_id() const = 0;
    // Forgets the frames timed so far: --timing reports the frames drawn after this.
    virtual void reset_timing() = 0;
};

class ScriptRunner {
public:
    // Frames a step may take before it fails (besides `wait`), and frames one piece of it may
    // wait for something to appear (a widget, a dialog, a screenshot).
    static constexpr int kStepFrameLimit = 600;
    static constexpr int kWaitFrameLimit = 120;

    // file names the script in messages; out receives print_hash lines.
    ScriptRunner(std::vector<ScriptStep> steps, std::string file, std::ostream& out);

    // Runs the next piece of work; call once per frame after the UI was drawn.
    void update(ScriptHost& host);
    // Every step ran (or a quit step was reached).
    [[nodiscard]] bool finished() const { return m_finished; }
    [[nodiscard]] bool failed() const { return !m_error.empty(); }
    // "FILE:LINE: command: what went wrong".
    [[nodiscard]] const std::string& error() const { return m_error; }

    // ---- for the command handlers (script_commands.cpp) ----

    // What one frame's piece of a step came to: done, waiting for something (why), sleeping on
    // purpose (`wait N`), or failed (why).
    struct Outcome {
        enum Kind { Done, Wait, Sleep, Fail } kind = Done;
        std::string message;
    };
    // One frame's piece of work; Wait and Sleep run it again next frame.
    using Task = std::function<Outcome(ScriptHost&)>;
    static Outcome done() { return {}; }
    // Waiting for something to appear; fails after kWaitFrameLimit frames.
    static Outcome wait(std::string why) { return {Outcome::Wait, std::move(why)}; }
    // Waiting on purpose (no limit but the step's).
    static Outcome sleep() { return {Outcome::Sleep, {}}; }
    static Outcome failure(std::string why) { return {Outcome::Fail, std::move(why)}; }

    // Ends the script with "FILE:LINE: command: message".
    void fail(const std::string& message);
    // Where print_hash writes.
    [[nodiscard]] std::ostream& out() { return m_out; }

    // Appends a task to the step; from inside a running task, it runs right after that task.
    void queue(Task task);
    // A window point found when the task runs; nullopt (with why) while it is not there yet.
    using Locate = std::function<std::optional<glm::vec2>(ScriptHost&, std::string&)>;
    // Moves there, then presses and releases the button clicks times, with the modifiers held.
    void click(Locate where, ClickOptions options, int clicks = 1);
    // Presses at from, moves to `to` in steps (ImGui sees a drag), releases there.
    void drag(Locate from, Locate to, ClickOptions options);
    // Moves the mouse to the point once it is there (hover).
    void move_to(Locate where);
    // Presses and releases the key with its modifiers.
    void press_keys(const KeyChord& chord);
    // Text input into the focused field (UTF-8, split into SDL's 31-byte events).
    void type_text(const std::string& text);
    // Opens a menu path such as "File/Save As" (submenus by hovering) and clicks the item.
    void menu(const std::string& path);
    // A world point in the viewport, through its camera.
    static Locate world_point(glm::vec2 world);
    // A fixed window pixel.
    static Locate screen_point(glm::vec2 window_px);
    // The centre of the widget recorded under label (at height y: 0 its top, 1 its bottom); why
    // lists its recorded siblings.
    static Locate widget(const std::string& label, float y = 0.5f);

    // ---- events (pushed onto SDL's queue; the runner tracks the mouse, buttons, modifiers) ----
    // Moves the mouse to a window pixel.
    void mouse_move(ScriptHost& host, glm::vec2 p);
    // Presses or releases a button at the mouse; clicks counts a double click's second press.
    void mouse_button(ScriptHost& host, MouseButton button, bool down, int clicks);
    // Presses or releases the modifier keys set in mods.
    void modifiers(ScriptHost& host, const Modifiers& mods, bool down);
    // Presses or releases a key by name ("enter", "z", "f7").
    void key(ScriptHost& host, const std::string& name, bool down);

private:
    void start_step(ScriptHost& host, const ScriptStep& step);

    std::vector<ScriptStep> m_steps;
    std::string m_file;
    std::ostream& m_out;
    std::size_t m_next = 0;
    const ScriptStep* m_current = nullptr;
    std::deque<Task> m_tasks;
    std::vector<Task> m_followups; // queued by the running task
    bool m_in_task = false;
    int m_step_frames = 0;
    int m_wait_frames = 0; // frames the current piece has been waiting
    bool m_finished = false;
    std::string m_error;

    glm::vec2 m_mouse{0.0f};     // where the last event put the mouse
    std::uint32_t m_buttons = 0; // SDL button mask held by the script
    std::uint16_t m_mods = 0;    // SDL modifier mask held by the script
};

} // namespace diorama::editor
