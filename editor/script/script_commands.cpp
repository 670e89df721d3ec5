#include "script_commands.h"

#include "script_actions.h"
#include "script_play_steps.h"
#include "script_runner.h"
#include "script_tile_steps.h"

#include "core/editor_session.h"
#include "core/live_attachment.h"
#include "core/log_buffer.h"
#include "ui/widget_registry.h"

#include "diorama/field_path.h"
#include "diorama/file_io.h"
#include "diorama/state_hash.h"

#include <SDL.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <system_error>

namespace diorama::editor {

namespace {

using Outcome = ScriptRunner::Outcome;
using Locate = ScriptRunner::Locate;

Outcome done() {
    return ScriptRunner::done();
}
Outcome wait(std::string why) {
    return ScriptRunner::wait(std::move(why));
}
Outcome sleep() {
    return ScriptRunner::sleep();
}
Outcome failure(std::string why) {
    return ScriptRunner::failure(std::move(why));
}
Locate world_point(glm::vec2 world) {
    return ScriptRunner::world_point(world);
}
Locate screen_point(glm::vec2 window_px) {
    return ScriptRunner::screen_point(window_px);
}
Locate widget(const std::string& label) {
    return ScriptRunner::widget(label);
}

Error arg_error(const std::string& message) {
    return make_error(ErrorCode::InvalidArgument, message);
}

// ---- argument checks beyond the kinds ----

Result<void> check_key_chord(std::span<const std::string> args) {
    auto chord = parse_key_chord(args[0]);
    if (!chord) return chord.error();
    return {};
}

Result<void> check_export_options(std::span<const std::string> args) {
    for (std::size_t i = 1; i < args.size(); ++i)
        if (args[i] != "compact" && args[i] != "force")
            return arg_error("export options are compact and force, got '" + args[i] + "'");
    return {};
}

// The answer word of save and save_as.
Result<void> check_save_answer(std::span<const std::string> args) {
    if (!args.empty() && args[0] != "overwrite" && args[0] != "reload" && args[0] != "cancel")
        return arg_error("save answers are overwrite, reload and cancel, got '" + args[0] + "'");
    return {};
}

Result<void> check_save_as_answer(std::span<const std::string> args) {
    if (args.size() > 1 && args[1] != "overwrite" && args[1] != "cancel")
        return arg_error("save_as answers are overwrite and cancel, got '" + args[1] + "'");
    return {};
}

// ---- handlers: one per command ----

float number(const ScriptStep& step, std::size_t i) {
    return *parse_field_number(step.args[i]);
}

// The click words from argument `from` on.
ClickOptions options(const ScriptStep& step, std::size_t from) {
    const std::span<const std::string> all(step.args);
    return *parse_click_options(all.subspan(std::min(from, all.size())));
}

glm::vec2 point(const ScriptStep& step, std::size_t first) {
    return {number(step, first), number(step, first + 1)};
}

void run_wait(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    auto left = std::make_shared<int>(static_cast<int>(number(step, 0)));
    r.queue([left](ScriptHost&) { return (*left)-- > 0 ? sleep() : done(); });
}

void run_mouse_move_world(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    r.move_to(world_point(point(step, 0)));
}

void run_mouse_move_screen(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    r.move_to(screen_point(point(step, 0)));
}

void run_click_world(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    r.click(world_point(point(step, 0)), options(step, 2));
}

void run_click_screen(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    r.click(screen_point(point(step, 0)), options(step, 2));
}

// mouse_down [button] / mouse_up [button]: one button goes down (or up) where the mouse is; the
// moves between them drag (a long stroke, one frame per mouse_move_world).
void run_mouse_down(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    const MouseButton button = options(step, 0).button;
    r.queue([&r, button](ScriptHost& host) {
        r.mouse_button(host, button, true, 1);
        return done();
    });
}

void run_mouse_up(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    const MouseButton button = options(step, 0).button;
    r.queue([&r, button](ScriptHost& host) {
        r.mouse_button(host, button, false, 1);
        return done();
    });
}

void run_drag_world(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    r.drag(world_point(point(step, 0)), world_point(point(step, 2)), options(step, 4));
}

void run_drag_screen(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    r.drag(screen_point(point(step, 0)), screen_point(point(step, 2)), options(step, 4));
}

void run_drag_handle(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    drag_handle(r, *parse_handle_name(step.args[0]), point(step, 1));
}

// Where on the target a `drag` drops: its middle, or near its top or bottom edge (a hierarchy
// row's before and after zones).
Result<void> check_drop_zone(std::span<const std::string> args) {
    if (args.size() < 3 || args[2] == "above" || args[2] == "below") return {};
    return arg_error("drop zones are above and below, got '" + args[2] + "'");
}

void run_drag(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    const float y = step.args.size() < 3 ? 0.5f : (step.args[2] == "above" ? 0.1f : 0.9f);
    r.drag(widget(step.args[0]), ScriptRunner::widget(step.args[1], y), {});
}

void run_wheel(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    const float notches = number(step, 0);
    r.queue([notches](ScriptHost& h) {
        SDL_Event e{};
        e.type = SDL_MOUSEWHEEL;
        e.wheel.windowID = h.window_id();
        e.wheel.y = static_cast<Sint32>(std::lround(notches));
        e.wheel.preciseY = notches;
        SDL_PushEvent(&e);
        return done();
    });
}

void run_key(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    r.press_keys(*parse_key_chord(step.args[0]));
}

// key_down and key_up: one half of a key press (modifiers first down, last up).
void key_half(ScriptRunner& r, const ScriptStep& step, bool down) {
    const KeyChord chord = *parse_key_chord(step.args[0]);
    r.queue([&r, chord, down](ScriptHost& h) {
        if (down) r.modifiers(h, chord.mods, true);
        r.key(h, chord.key, down);
        if (!down) r.modifiers(h, chord.mods, false);
        return done();
    });
}

void run_key_down(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    key_half(r, step, true);
}

void run_key_up(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    key_half(r, step, false);
}

void run_type(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    r.type_text(step.args[0]);
}

void run_menu(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    r.menu(step.args[0]);
}

void run_click(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    r.click(widget(step.args[0]), options(step, 1));
}

void run_double_click(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    r.click(widget(step.args[0]), {}, 2);
}

void run_hover(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    r.move_to(widget(step.args[0]));
}

void run_select_guid(ScriptRunner& r, ScriptHost& host, const ScriptStep& step) {
    const Guid g = *parse_guid(step.args[0]);
    if (!host.script_session().world().find(g)) return r.fail("no object has guid " + step.args[0]);
    // Click its hierarchy row when it is on screen, else select it directly.
    if (host.script_widgets().find("Hierarchy/" + to_string(g)) != nullptr) {
        r.click(widget("Hierarchy/" + to_string(g)), {});
    } else {
        host.script_session().select_only({g});
    }
    r.queue([g](ScriptHost& h) {
        const auto& sel = h.script_session().selection();
        if (sel.size() != 1 || sel.back() != g) return failure("the object was not selected");
        return done();
    });
}

void run_set_field(ScriptRunner& r, ScriptHost& host, const ScriptStep& step) {
    set_field(r, host, step);
}

void run_place_prefab(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    place_prefab(r, step);
}

void run_save(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    save(r, step.args.empty() ? std::string() : step.args[0]);
}

void run_save_as(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    save_as(r, step.args[0], step.args.size() > 1 ? step.args[1] : std::string());
}

void run_focus_window(ScriptRunner& r, ScriptHost&, const ScriptStep&) {
    r.queue([](ScriptHost& h) {
        SDL_Event e{};
        e.type = SDL_WINDOWEVENT;
        e.window.event = SDL_WINDOWEVENT_FOCUS_GAINED;
        e.window.windowID = h.window_id();
        SDL_PushEvent(&e);
        return done();
    });
}

void run_wait_file(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    constexpr int kWaitFileFrameLimit = 36000; // another program's doing may take a while
    const std::filesystem::path file = step.args[0];
    auto frames = std::make_shared<int>(0);
    r.queue([file, frames](ScriptHost&) {
        std::error_code ec;
        if (std::filesystem::exists(file, ec)) return done();
        if (++*frames > kWaitFileFrameLimit)
            return failure(file.string() + " did not appear within " +
                           std::to_string(kWaitFileFrameLimit) + " frames");
        return sleep();
    });
}

// edit_file PATH OLD NEW: another program (a text editor) replaces the first OLD in PATH by NEW.
void run_edit_file(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    const std::filesystem::path file = step.args[0];
    const std::string from = step.args[1];
    const std::string to = step.args[2];
    r.queue([file, from, to](ScriptHost&) {
        auto text = read_file(file, 16u << 20);
        if (!text) return failure(text.error().describe());
        const std::size_t at = text->find(from);
        if (at == std::string::npos)
            return failure(file.string() + " does not contain \"" + from + "\"");
        text->replace(at, from.size(), to);
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out << *text;
        if (!out) return failure("cannot write " + file.string());
        return done();
    });
}

void run_export(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    export_to(r, step.args[0], std::vector<std::string>(step.args.begin() + 1, step.args.end()));
}

void run_open_scene(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    r.menu("File/Open Scene/" + step.args[0]);
}

void run_screenshot(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    const std::filesystem::path file = step.args[0];
    r.queue([file](ScriptHost& h) {
        h.request_screenshot(file);
        return done();
    });
    r.queue([](ScriptHost& h) {
        return h.screenshot_pending() ? wait("writing the screenshot") : done();
    });
}

void run_print_hash(ScriptRunner& r, ScriptHost& host, const ScriptStep&) {
    r.out() << "hash: " << format_hash(host.script_session().hash()) << std::endl;
}

// replay_input FILE: Play starts paused at tick 0 with the input script replayed.
void run_replay_input(ScriptRunner& r, ScriptHost& host, const ScriptStep& step) {
    if (auto started = host.script_session().play_input(step.args[0]); !started)
        r.fail("replay_input: " + started.error().describe());
}

// step_ticks N: N ticks at once, as N clicks of Step.
void run_step_ticks(ScriptRunner&, ScriptHost& host, const ScriptStep& step) {
    const auto n = static_cast<int>(number(step, 0));
    for (int i = 0; i < n; ++i)
        host.script_session().step();
}

void run_reset_timing(ScriptRunner&, ScriptHost& host, const ScriptStep&) {
    host.reset_timing();
}

void run_expect_objects(ScriptRunner& r, ScriptHost& host, const ScriptStep& step) {
    const auto n = static_cast<std::size_t>(number(step, 0));
    const std::size_t have = host.script_session().world().object_count();
    if (have != n)
        r.fail("expected " + std::to_string(n) + " objects, the scene has " + std::to_string(have));
}

void run_expect_selection(ScriptRunner& r, ScriptHost& host, const ScriptStep& step) {
    const auto n = static_cast<std::size_t>(number(step, 0));
    const std::size_t have = host.script_session().selection().size();
    if (have != n)
        r.fail("expected " + std::to_string(n) + " selected objects, got " + std::to_string(have));
}

void run_expect_field(ScriptRunner& r, ScriptHost& host, const ScriptStep& step) {
    const auto& a = step.args;
    EditorSession& s = host.script_session();
    const std::vector<Handle> sel = s.selected_handles();
    if (sel.empty()) return r.fail("nothing is selected");
    auto now = get_field(s.world(), sel.back(), a[0]);
    if (!now) return r.fail(now.error().describe());
    auto expected = parse_field_value(*now, std::span<const std::string>(a).subspan(1));
    if (!expected) return r.fail(expected.error().message);
    FieldValue value = *expected;
    resolve_enum(s, a[0], value);
    if (!same_value(*now, value))
        r.fail(a[0] + " is " + format_field_value(*now) + ", expected " +
               format_field_value(value));
}

// How long the live link's steps wait for the player (wall time: the player runs in real time).
constexpr std::chrono::seconds kLiveWait{30};

Result<void> check_live_state(std::span<const std::string> args) {
    if (args.empty() || args[0] == "shown" || args[0] == "lost" || args[0] == "refused") return {};
    return arg_error("expected shown, lost or refused, got '" + args[0] + "'");
}

// wait_live [shown|lost|refused]: frames until the viewport shows an attached player's state
// with every edit sent (shown), or until the player is lost or refused the token.
void run_wait_live(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    using State = live::LiveClient::State;
    const std::string want = step.args.empty() ? "shown" : step.args[0];
    const auto until = std::chrono::steady_clock::now() + kLiveWait;
    r.queue([want, until](ScriptHost& h) {
        const LiveAttachment* live = h.script_session().live();
        if (live == nullptr) return failure("not attached to a player");
        const State state = live->view().state;
        if (want == "lost" && state == State::Lost) return done();
        if (want == "refused" && state == State::Unauthorized) return done();
        if (want == "shown" && live->connected() && live->settled()) return done();
        if (want != "refused" && state == State::Unauthorized)
            return failure("the player refused the token");
        if (std::chrono::steady_clock::now() > until)
            return failure(
                "the player was not " + want + " within 30 s (" +
                (live->view().problem.empty() ? live->load_problem() : live->view().problem) + ")");
        return sleep();
    });
}

// expect_changes PATH: frames until the primary selection's field differs from its value now.
void run_expect_changes(ScriptRunner& r, ScriptHost& host, const ScriptStep& step) {
    const std::string path = step.args[0];
    EditorSession& s = host.script_session();
    const std::vector<Handle> sel = s.selected_handles();
    if (sel.empty()) return r.fail("nothing is selected");
    auto start = get_field(s.world(), sel.back(), path);
    if (!start) return r.fail(start.error().describe());
    const Guid object = s.world().guid(sel.back());
    const auto until = std::chrono::steady_clock::now() + kLiveWait;
    r.queue([path, object, first = *start, until](ScriptHost& h) {
        const World& world = h.script_session().world();
        auto now = get_field(world, world.find(object), path);
        if (now && !same_value(*now, first)) return done();
        if (std::chrono::steady_clock::now() > until)
            return failure(path + " stayed " + format_field_value(first) + " for 30 s");
        return sleep();
    });
}

void run_expect_console(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    const std::string text = joined(step.args, 0);
    auto frames = std::make_shared<int>(0);
    r.queue([text, frames](ScriptHost& h) {
        if (h.script_log().contains(text)) return done();
        return ++*frames < 30 ? wait("waiting for the console")
                              : failure("no console line contains \"" + text + "\"");
    });
}

void run_expect_problem(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    const std::string text = joined(step.args, 0);
    auto frames = std::make_shared<int>(0);
    r.queue([text, frames](ScriptHost& h) {
        for (const ProblemLine& p : h.script_session().problems())
            if (p.text.find(text) != std::string::npos) return done();
        return ++*frames < 30 ? wait("waiting for the problems")
                              : failure("no problem contains \"" + text + "\"");
    });
}

void run_expect_unclipped(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    const std::vector<std::string> prefixes = step.args;
    r.queue([prefixes](ScriptHost& h) {
        std::string cut;
        for (const std::string& prefix : prefixes)
            for (const std::string& path : h.script_widgets().cut_sideways(prefix))
                cut += (cut.empty() ? "" : ", ") + path;
        return cut.empty() ? done() : failure("cut off at the side: " + cut);
    });
}

void run_expect_modal(ScriptRunner& r, ScriptHost&, const ScriptStep& step) {
    const std::string text = joined(step.args, 0);
    auto frames = std::make_shared<int>(0);
    r.queue([text, frames](ScriptHost& h) {
        const std::string modal = h.modal_text();
        if (modal.find(text) != std::string::npos) return done();
        return ++*frames < 30 ? wait("waiting for a dialog")
                              : failure("no dialog shows \"" + text + "\"" +
                                        (modal.empty() ? std::string(" (none is open)")
                                                       : " (open: " + modal + ")"));
    });
}

void run_expect_dirty(ScriptRunner& r, ScriptHost& host, const ScriptStep& step) {
    const bool want = step.args[0] == "true";
    if (host.script_session().dirty() != want)
        r.fail(std::string("the scene is ") + (want ? "saved" : "unsaved") + ", expected " +
               (want ? "unsaved" : "saved"));
}

void run_quit(ScriptRunner& r, ScriptHost&, const ScriptStep&) {
    r.queue([](ScriptHost&) {
        SDL_Event e{};
        e.type = SDL_QUIT;
        SDL_PushEvent(&e);
        return done();
    });
}

// ---- the table ----

constexpr std::array kCommands{
    ScriptCommand{"wait", "i", 1, nullptr, run_wait},
    ScriptCommand{"mouse_move_world", "nn", 2, nullptr, run_mouse_move_world},
    ScriptCommand{"mouse_move_screen", "nn", 2, nullptr, run_mouse_move_screen},
    ScriptCommand{"click_world", "nnoo", 2, nullptr, run_click_world},
    ScriptCommand{"click_screen", "nnoo", 2, nullptr, run_click_screen},
    ScriptCommand{"drag_world", "nnnnoo", 4, nullptr, run_drag_world},
    ScriptCommand{"drag_screen", "nnnnoo", 4, nullptr, run_drag_screen},
    ScriptCommand{"drag_handle", "hnn", 3, nullptr, run_drag_handle},
    ScriptCommand{"drag", "sss", 2, check_drop_zone, run_drag},
    ScriptCommand{"mouse_down", "o", 0, nullptr, run_mouse_down},
    ScriptCommand{"mouse_up", "o", 0, nullptr, run_mouse_up},
    ScriptCommand{"wheel", "n", 1, nullptr, run_wheel},
    ScriptCommand{"key", "s", 1, check_key_chord, run_key},
    ScriptCommand{"key_down", "s", 1, check_key_chord, run_key_down},
    ScriptCommand{"key_up", "s", 1, check_key_chord, run_key_up},
    ScriptCommand{"type", "s", 1, nullptr, run_type},
    ScriptCommand{"menu", "s", 1, nullptr, run_menu},
    ScriptCommand{"click", "soo", 1, nullptr, run_click},
    ScriptCommand{"double_click", "s", 1, nullptr, run_double_click},
    ScriptCommand{"hover", "s", 1, nullptr, run_hover},
    ScriptCommand{"select_guid", "g", 1, nullptr, run_select_guid},
    ScriptCommand{"set_field", "s*", 2, nullptr, run_set_field},
    ScriptCommand{"place_prefab", "snn", 3, nullptr, run_place_prefab},
    ScriptCommand{"save", "s", 0, check_save_answer, run_save},
    ScriptCommand{"save_as", "ss", 1, check_save_as_answer, run_save_as},
    ScriptCommand{"focus_window", "", 0, nullptr, run_focus_window},
    ScriptCommand{"wait_file", "s", 1, nullptr, run_wait_file},
    ScriptCommand{"edit_file", "sss", 3, nullptr, run_edit_file},
    ScriptCommand{"export", "sss", 1, check_export_options, run_export},
    ScriptCommand{"open_scene", "s", 1, nullptr, run_open_scene},
    ScriptCommand{"screenshot", "s", 1, nullptr, run_screenshot},
    ScriptCommand{"print_hash", "", 0, nullptr, run_print_hash},
    ScriptCommand{"wait_live", "s", 0, check_live_state, run_wait_live},
    ScriptCommand{"expect_changes", "s", 1, nullptr, run_expect_changes},
    ScriptCommand{"replay_input", "s", 1, nullptr, run_replay_input},
    ScriptCommand{"step_ticks", "i", 1, nullptr, run_step_ticks},
    ScriptCommand{"save_input", "s", 1, nullptr, run_save_input},
    ScriptCommand{"reset_timing", "", 0, nullptr, run_reset_timing},
    ScriptCommand{"expect_objects", "i", 1, nullptr, run_expect_objects},
    ScriptCommand{"expect_selection", "i", 1, nullptr, run_expect_selection},
    ScriptCommand{"expect_field", "s*", 2, nullptr, run_expect_field},
    ScriptCommand{"expect_tiles", "ii*", 2, nullptr, run_expect_tiles},
    ScriptCommand{"expect_console", "s", 1, nullptr, run_expect_console},
    ScriptCommand{"expect_modal", "s", 1, nullptr, run_expect_modal},
    ScriptCommand{"expect_problem", "s", 1, nullptr, run_expect_problem},
    ScriptCommand{"expect_unclipped", "*", 1, nullptr, run_expect_unclipped},
    ScriptCommand{"expect_dirty", "b", 1, nullptr, run_expect_dirty},
    ScriptCommand{"quit", "", 0, nullptr, run_quit},
};

} // namespace

std::span<const ScriptCommand> script_commands() {
    return kCommands;
}

const ScriptCommand* find_script_command(std::string_view name) {
    for (const ScriptCommand& c : kCommands)
        if (c.name == name) return &c;
    return nullptr;
}

Result<void> check_script_args(const ScriptCommand& command, const std::vector<std::string>& args) {
    const bool rest = command.args.ends_with('*');
    const std::size_t max = rest ? std::string_view::npos : command.args.size();
    if (args.size() < command.min_args || args.size() > max) {
        std::string expected = std::to_string(command.min_args);
        if (rest)
            expected += " or more";
        else if (max != command.min_args)
            expected += " to " + std::to_string(max);
        return arg_error(std::string(command.name) + " takes " + expected + " argument(s), got " +
                         std::to_string(args.size()));
    }
    std::vector<std::string> click_words;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const char kind = i < command.args.size() ? command.args[i] : '*';
        const std::string& a = args[i];
        switch (kind) {
        case 'n':
            if (!parse_field_number(a))
                return arg_error("argument " + std::to_string(i + 1) + " must be a number, got '" +
                                 a + "'");
            break;
        case 'i': {
            auto n = parse_field_number(a);
            if (!n || *n < 0.0f || std::floor(*n) != *n)
                return arg_error("argument " + std::to_string(i + 1) +
                                 " must be a whole number >= 0, got '" + a + "'");
            break;
        }
        case 'g':
            if (!parse_guid(a))
                return arg_error("expected a guid (16 hex digits), got '" + a + "'");
            break;
        case 'b':
            if (a != "true" && a != "false")
                return arg_error("expected true or false, got '" + a + "'");
            break;
        case 'h':
            if (!parse_handle_name(a))
                return arg_error(
                    "expected a handle part (free, x, y, rotate, scale_x, scale_y, scale), got '" +
                    a + "'");
            break;
        case 'o':
            click_words.push_back(a);
            break;
        default:
            break;
        }
    }
    if (!click_words.empty()) {
        auto options = parse_click_options(click_words);
        if (!options) return options.error();
    }
    if (command.check != nullptr) return command.check(args);
    return {};
}

} // namespace diorama::editor
