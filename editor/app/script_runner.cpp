#include "script_runner.h"

#include "log_buffer.h"
#include "widget_registry.h"

#include "editor_session.h"

#include "diorama/field_path.h"
#include "diorama/state_hash.h"

#include <SDL.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <memory>

namespace diorama::editor {

namespace {

Uint8 sdl_button(MouseButton b) {
    switch (b) {
    case MouseButton::Left:
        return SDL_BUTTON_LEFT;
    case MouseButton::Middle:
        return SDL_BUTTON_MIDDLE;
    case MouseButton::Right:
        return SDL_BUTTON_RIGHT;
    }
    return SDL_BUTTON_LEFT;
}

SDL_Scancode scancode_of(std::string name) {
    for (char& c : name)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    static const std::pair<const char*, SDL_Scancode> kAliases[] = {
        {"enter", SDL_SCANCODE_RETURN},
        {"return", SDL_SCANCODE_RETURN},
        {"esc", SDL_SCANCODE_ESCAPE},
        {"escape", SDL_SCANCODE_ESCAPE},
        {"del", SDL_SCANCODE_DELETE},
        {"delete", SDL_SCANCODE_DELETE},
        {"backspace", SDL_SCANCODE_BACKSPACE},
        {"space", SDL_SCANCODE_SPACE},
        {"tab", SDL_SCANCODE_TAB},
        {"left", SDL_SCANCODE_LEFT},
        {"right", SDL_SCANCODE_RIGHT},
        {"up", SDL_SCANCODE_UP},
        {"down", SDL_SCANCODE_DOWN},
        {"home", SDL_SCANCODE_HOME},
        {"end", SDL_SCANCODE_END},
        {"pageup", SDL_SCANCODE_PAGEUP},
        {"pagedown", SDL_SCANCODE_PAGEDOWN},
        {"ctrl", SDL_SCANCODE_LCTRL},
        {"shift", SDL_SCANCODE_LSHIFT},
        {"alt", SDL_SCANCODE_LALT},
    };
    for (const auto& [alias, code] : kAliases)
        if (name == alias) return code;
    return SDL_GetScancodeFromName(name.c_str());
}

bool near(float a, float b) {
    return std::abs(a - b) <= 1e-4f * std::max(1.0f, std::abs(b));
}

// Values equal, floats within a relative 1e-4.
bool same_value(const FieldValue& a, const FieldValue& b) {
    if (a.index() != b.index()) return false;
    if (const auto* f = std::get_if<float>(&a)) return near(*f, std::get<float>(b));
    if (const auto* v = std::get_if<glm::vec2>(&a)) {
        const glm::vec2 w = std::get<glm::vec2>(b);
        return near(v->x, w.x) && near(v->y, w.y);
    }
    if (const auto* c = std::get_if<glm::vec4>(&a)) {
        const glm::vec4 d = std::get<glm::vec4>(b);
        return near(c->r, d.r) && near(c->g, d.g) && near(c->b, d.b) && near(c->a, d.a);
    }
    return a == b;
}

// An enum value given by name becomes its number (using the field's declaration).
void resolve_enum(const EditorSession& session, const std::string& path, FieldValue& value) {
    const auto* name = std::get_if<std::string>(&value);
    if (name == nullptr) return;
    auto parsed = parse_field_path(path);
    if (!parsed) return;
    const TypeInfo* type = session.registry().find(parsed->component);
    const FieldInfo* field = type != nullptr ? type->find_field(parsed->field) : nullptr;
    if (field == nullptr || field->type != FieldType::Enum) return;
    const auto it = std::find(field->enum_names.begin(), field->enum_names.end(), *name);
    if (it != field->enum_names.end())
        value = static_cast<std::int32_t>(it - field->enum_names.begin());
}

// Where a handle part is grabbed, in pixels from the handle's centre (screen y down).
glm::vec2 handle_offset(ScriptHandle part) {
    switch (part) {
    case ScriptHandle::Free:
    case ScriptHandle::ScaleUniform:
        return {0.0f, 0.0f};
    case ScriptHandle::AxisX:
        return {kHandleLengthPx * 0.6f, 0.0f};
    case ScriptHandle::AxisY:
        return {0.0f, -kHandleLengthPx * 0.6f};
    case ScriptHandle::Rotate:
        return {kRotateRadiusPx, 0.0f};
    case ScriptHandle::ScaleX:
        return {kHandleLengthPx, 0.0f};
    case ScriptHandle::ScaleY:
        return {0.0f, -kHandleLengthPx};
    }
    return {0.0f, 0.0f};
}

HandlePart handle_part(ScriptHandle part) {
    switch (part) {
    case ScriptHandle::Free:
        return HandlePart::Free;
    case ScriptHandle::AxisX:
        return HandlePart::AxisX;
    case ScriptHandle::AxisY:
        return HandlePart::AxisY;
    case ScriptHandle::Rotate:
        return HandlePart::Rotate;
    case ScriptHandle::ScaleX:
        return HandlePart::ScaleX;
    case ScriptHandle::ScaleY:
        return HandlePart::ScaleY;
    case ScriptHandle::ScaleUniform:
        return HandlePart::ScaleUniform;
    }
    return HandlePart::None;
}

std::string joined(const std::vector<std::string>& words, std::size_t from) {
    std::string s;
    for (std::size_t i = from; i < words.size(); ++i)
        s += (i > from ? " " : "") + words[i];
    return s;
}

} // namespace

ScriptRunner::ScriptRunner(std::vector<ScriptStep> steps, std::string file, std::ostream& out)
    : m_steps(std::move(steps)), m_file(std::move(file)), m_out(out) {}

void ScriptRunner::fail(const std::string& message) {
    const ScriptStep* s = m_current;
    m_error = m_file + ":" + std::to_string(s != nullptr ? s->line : 0) + ": " +
              (s != nullptr ? s->command + ": " : std::string()) + message;
    m_finished = true;
    m_tasks.clear();
}

void ScriptRunner::update(ScriptHost& host) {
    if (m_finished) return;
    while (m_tasks.empty()) {
        if (m_next >= m_steps.size()) {
            m_finished = true;
            return;
        }
        m_current = &m_steps[m_next++];
        m_step_frames = 0;
        if (std::getenv("DIORAMA_SCRIPT_TRACE") != nullptr)
            std::cerr << m_file << ":" << m_current->line << ": " << m_current->command << "\n";
        m_in_task = true;
        start_step(host, *m_current);
        m_in_task = false;
        for (Task& t : m_followups)
            m_tasks.push_back(std::move(t));
        m_followups.clear();
        if (failed()) return;
    }
    Task task = std::move(m_tasks.front());
    m_tasks.pop_front();
    m_in_task = true;
    Outcome outcome = task(host);
    m_in_task = false;
    if (outcome.kind != Outcome::Sleep && ++m_step_frames > kStepFrameLimit) {
        fail("did not finish within " + std::to_string(kStepFrameLimit) + " frames");
        return;
    }
    switch (outcome.kind) {
    case Outcome::Done:
        // Work the task queued runs next, before the rest of the step.
        for (auto it = m_followups.rbegin(); it != m_followups.rend(); ++it)
            m_tasks.push_front(std::move(*it));
        m_wait_frames = 0;
        break;
    case Outcome::Wait:
        if (++m_wait_frames > kWaitFrameLimit) {
            fail(outcome.message + " (waited " + std::to_string(kWaitFrameLimit) + " frames)");
            return;
        }
        m_tasks.push_front(std::move(task));
        break;
    case Outcome::Sleep:
        m_tasks.push_front(std::move(task));
        break;
    case Outcome::Fail:
        fail(outcome.message);
        break;
    }
    m_followups.clear();
}

void ScriptRunner::queue(Task task) {
    if (m_in_task)
        m_followups.push_back(std::move(task));
    else
        m_tasks.push_back(std::move(task));
}

// ---- locating ----

ScriptRunner::Locate ScriptRunner::world_point(glm::vec2 world) {
    return [world](ScriptHost& host, std::string& why) -> std::optional<glm::vec2> {
        auto p = host.world_to_window(world);
        if (!p) why = "no viewport is shown";
        return p;
    };
}

ScriptRunner::Locate ScriptRunner::screen_point(glm::vec2 window_px) {
    return [window_px](ScriptHost&, std::string&) -> std::optional<glm::vec2> { return window_px; };
}

ScriptRunner::Locate ScriptRunner::widget(const std::string& label) {
    return [label](ScriptHost& host, std::string& why) -> std::optional<glm::vec2> {
        if (const WidgetInfo* w = host.script_widgets().find(label)) return w->rect.center();
        // Name what exists under the same parent to make typos easy to see.
        const std::string parent = label.substr(0, label.rfind('/') + 1);
        std::vector<std::string> nearby = host.script_widgets().paths_with_prefix(parent);
        why = "no widget \"" + label + "\" on screen";
        if (!nearby.empty()) {
            why += " (under \"" + parent + "\": ";
            for (std::size_t i = 0; i < nearby.size() && i < 12; ++i)
                why += (i ? ", " : "") + nearby[i];
            why += nearby.size() > 12 ? ", ...)" : ")";
        }
        return std::nullopt;
    };
}

// ---- events ----

void ScriptRunner::mouse_move(ScriptHost& host, glm::vec2 p) {
    SDL_Event e{};
    e.type = SDL_MOUSEMOTION;
    e.motion.windowID = host.window_id();
    e.motion.state = m_buttons;
    e.motion.x = static_cast<Sint32>(std::lround(p.x));
    e.motion.y = static_cast<Sint32>(std::lround(p.y));
    e.motion.xrel = e.motion.x - static_cast<Sint32>(std::lround(m_mouse.x));
    e.motion.yrel = e.motion.y - static_cast<Sint32>(std::lround(m_mouse.y));
    m_mouse = p;
    SDL_PushEvent(&e);
}

void ScriptRunner::mouse_button(ScriptHost& host, MouseButton button, bool down, int clicks) {
    SDL_Event e{};
    e.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
    e.button.windowID = host.window_id();
    e.button.button = sdl_button(button);
    e.button.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.button.clicks = static_cast<Uint8>(clicks);
    e.button.x = static_cast<Sint32>(std::lround(m_mouse.x));
    e.button.y = static_cast<Sint32>(std::lround(m_mouse.y));
    const Uint32 mask = SDL_BUTTON(e.button.button);
    m_buttons = down ? (m_buttons | mask) : (m_buttons & ~mask);
    SDL_PushEvent(&e);
}

void ScriptRunner::key(ScriptHost& host, const std::string& name, bool down) {
    SDL_Event e{};
    e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    e.key.windowID = host.window_id();
    e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.scancode = scancode_of(name);
    e.key.keysym.sym = SDL_GetKeyFromScancode(e.key.keysym.scancode);
    e.key.keysym.mod = m_mods;
    SDL_PushEvent(&e);
}

void ScriptRunner::modifiers(ScriptHost& host, const Modifiers& mods, bool down) {
    const auto one = [&](bool wanted, const char* name, std::uint16_t bit) {
        if (!wanted) return;
        m_mods = static_cast<std::uint16_t>(down ? (m_mods | bit) : (m_mods & ~bit));
        key(host, name, down);
    };
    one(mods.ctrl, "ctrl", KMOD_LCTRL);
    one(mods.shift, "shift", KMOD_LSHIFT);
    one(mods.alt, "alt", KMOD_LALT);
}

// ---- building blocks ----

void ScriptRunner::click(Locate where, ClickOptions options, int clicks) {
    queue([this, where, options](ScriptHost& host) {
        std::string why;
        const auto p = where(host, why);
        if (!p) return wait(why);
        modifiers(host, options.mods, true);
        mouse_move(host, *p);
        return done();
    });
    for (int i = 1; i <= clicks; ++i) {
        queue([this, options, i](ScriptHost& host) {
            mouse_button(host, options.button, true, i);
            return done();
        });
        queue([this, options, i](ScriptHost& host) {
            mouse_button(host, options.button, false, i);
            return done();
        });
    }
    queue([this, options](ScriptHost& host) {
        modifiers(host, options.mods, false);
        return done();
    });
}

void ScriptRunner::drag(Locate from, Locate to, ClickOptions options) {
    auto start = std::make_shared<glm::vec2>();
    queue([this, from, options, start](ScriptHost& host) {
        std::string why;
        const auto p = from(host, why);
        if (!p) return wait(why);
        *start = *p;
        modifiers(host, options.mods, true);
        mouse_move(host, *p);
        return done();
    });
    queue([this, options](ScriptHost& host) {
        mouse_button(host, options.button, true, 1);
        return done();
    });
    // A small first move starts ImGui's drag (and drag and drop), then the way to the target.
    queue([this, start](ScriptHost& host) {
        mouse_move(host, *start + glm::vec2(8.0f, 0.0f));
        return done();
    });
    constexpr int kSteps = 8;
    auto target = std::make_shared<std::optional<glm::vec2>>();
    for (int i = 1; i <= kSteps; ++i)
        queue([this, to, start, target, i](ScriptHost& host) {
            if (!*target) {
                std::string why;
                *target = to(host, why);
                if (!*target) return failure(why);
            }
            const float t = static_cast<float>(i) / static_cast<float>(kSteps);
            mouse_move(host, glm::mix(*start, **target, t));
            return done();
        });
    queue([this, options](ScriptHost& host) {
        mouse_button(host, options.button, false, 1);
        return done();
    });
    queue([this, options](ScriptHost& host) {
        modifiers(host, options.mods, false);
        return done();
    });
}

void ScriptRunner::press_keys(const KeyChord& chord) {
    queue([this, chord](ScriptHost& host) {
        modifiers(host, chord.mods, true);
        key(host, chord.key, true);
        return done();
    });
    queue([this, chord](ScriptHost& host) {
        key(host, chord.key, false);
        modifiers(host, chord.mods, false);
        return done();
    });
}

void ScriptRunner::type_text(const std::string& text) {
    queue([text](ScriptHost& host) {
        // SDL_TEXTINPUT carries at most 31 bytes; split between UTF-8 sequences.
        std::size_t i = 0;
        while (i < text.size()) {
            std::size_t n = std::min<std::size_t>(31, text.size() - i);
            while (n > 0 && i + n < text.size() &&
                   (static_cast<unsigned char>(text[i + n]) & 0xC0u) == 0x80u)
                --n;
            SDL_Event e{};
            e.type = SDL_TEXTINPUT;
            e.text.windowID = host.window_id();
            text.copy(e.text.text, n, i);
            e.text.text[n] = '\0';
            SDL_PushEvent(&e);
            i += n;
        }
        return done();
    });
}

void ScriptRunner::menu(const std::string& path) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t slash = path.find('/', start);
        parts.push_back(path.substr(start, slash - start));
        if (slash == std::string::npos) break;
        start = slash + 1;
    }
    std::string label = "Menu";
    for (std::size_t i = 0; i < parts.size(); ++i) {
        label += "/" + parts[i];
        if (i == 0 || i + 1 == parts.size()) {
            click(widget(label), {});
        } else {
            // Hovering a submenu opens it.
            const Locate at = widget(label);
            queue([this, at](ScriptHost& host) {
                std::string why;
                const auto p = at(host, why);
                if (!p) return wait(why);
                mouse_move(host, *p);
                return done();
            });
            queue([](ScriptHost&) { return done(); });
        }
    }
}

void ScriptRunner::set_field(ScriptHost& host, const ScriptStep& step) {
    const std::string path = step.args[0];
    const std::vector<std::string> words(step.args.begin() + 1, step.args.end());
    EditorSession& session = host.script_session();
    const std::vector<Handle> selected = session.selected_handles();
    if (selected.empty()) return fail("nothing is selected");
    auto current = get_field(session.world(), selected.back(), path);
    if (!current) return fail(current.error().describe());
    auto parsed = parse_field_value(*current, words);
    if (!parsed) return fail(parsed.error().message);
    FieldValue value = *parsed;
    resolve_enum(session, path, value);

    const std::size_t dot = path.find('.');
    const std::string label = "Inspector/" + path.substr(0, dot) + "/" + path.substr(dot + 1);
    const WidgetRegistry& widgets = host.script_widgets();
    const auto kind_of = [&](const std::string& l) {
        const WidgetInfo* w = widgets.find(l);
        return w != nullptr ? std::optional<WidgetKind>(w->kind) : std::nullopt;
    };
    // Types text into a drag number: ctrl+click makes it a text field with its text selected.
    const auto type_into_number = [this](const std::string& l, const std::string& text) {
        click(widget(l), ClickOptions{MouseButton::Left, Modifiers{.ctrl = true}});
        type_text(text);
        press_keys(KeyChord{{}, "enter"});
    };

    if (value.index() == 4 && kind_of(label + ".x") == WidgetKind::DragNumber &&
        kind_of(label + ".y") == WidgetKind::DragNumber) {
        const glm::vec2 v = std::get<glm::vec2>(value);
        type_into_number(label + ".x", format_field_value(FieldValue{v.x}));
        type_into_number(label + ".y", format_field_value(FieldValue{v.y}));
    } else if (kind_of(label) == WidgetKind::DragNumber &&
               (value.index() == 1 || value.index() == 2)) {
        type_into_number(label, format_field_value(value));
    } else if (kind_of(label) == WidgetKind::TextInput && value.index() == 3) {
        click(widget(label), {});
        press_keys(KeyChord{Modifiers{.ctrl = true}, "a"});
        type_text(std::get<std::string>(value));
        press_keys(KeyChord{{}, "enter"});
    } else if (kind_of(label) == WidgetKind::Checkbox && value.index() == 0) {
        if (!same_value(*current, value)) click(widget(label), {});
    } else {
        // No widget a script can type into (colours, combos, a collapsed component): the
        // inspector's own call.
        if (auto r = session.set_field(path, value); !r) return fail(r.error().describe());
    }
    // Check the result once the edit went through.
    queue([path, value](ScriptHost& h) {
        EditorSession& s = h.script_session();
        const std::vector<Handle> sel = s.selected_handles();
        if (sel.empty()) return failure("the selection was lost during the edit");
        auto now = get_field(s.world(), sel.back(), path);
        if (!now) return failure(now.error().describe());
        if (!same_value(*now, value))
            return failure(path + " is " + format_field_value(*now) + " after the edit, expected " +
                           format_field_value(value));
        return done();
    });
}

void ScriptRunner::drag_handle(ScriptHandle part, glm::vec2 delta) {
    auto center = std::make_shared<glm::vec2>();
    // The part must be under the point: the right tool, something selected.
    queue([part, center](ScriptHost& host) {
        EditorSession& s = host.script_session();
        const auto c = s.selection_center();
        if (!c) return failure("nothing is selected");
        *center = *c;
        const glm::vec2 offset = handle_offset(part);
        const glm::vec2 world = *c + glm::vec2(offset.x, -offset.y) / s.camera().zoom();
        if (s.handle_at(world) != handle_part(part))
            return failure("the current tool has no such handle part at the selection");
        return done();
    });
    const Locate from = [part, center](ScriptHost& host,
                                       std::string& why) -> std::optional<glm::vec2> {
        const auto c = host.world_to_window(*center);
        if (!c) why = "no viewport is shown";
        return c ? std::optional(*c + handle_offset(part)) : std::nullopt;
    };
    const Locate to = [part, center, delta](ScriptHost& host,
                                            std::string& why) -> std::optional<glm::vec2> {
        const auto a = host.world_to_window(*center);
        const auto b = host.world_to_window(*center + delta);
        if (!a || !b) {
            why = "no viewport is shown";
            return std::nullopt;
        }
        return *b + handle_offset(part);
    };
    drag(from, to, {});
}

void ScriptRunner::place_prefab(const ScriptStep& step) {
    const std::string name = step.args[0];
    const glm::vec2 at(*parse_script_number(step.args[1]), *parse_script_number(step.args[2]));
    auto before = std::make_shared<std::size_t>(0);
    auto label = std::make_shared<std::string>();
    queue([name, before, label](ScriptHost& host) {
        const EditorSession& s = host.script_session();
        const Prefab* prefab = s.prefabs().find(name);
        if (prefab == nullptr) {
            std::string known;
            for (const auto& p : s.prefabs().all())
                known += (known.empty() ? "" : ", ") + p->name;
            return failure("no prefab \"" + name + "\" (the project has: " + known + ")");
        }
        *before = s.world().object_count();
        *label = "Prefabs/" + prefab->name;
        return done();
    });
    // The label is known only once the first task ran; resolve it lazily.
    const Locate tile = [label](ScriptHost& host, std::string& why) {
        return widget(*label)(host, why);
    };
    drag(tile, world_point(at), {});
    queue([name, at, before](ScriptHost& host) {
        if (host.script_session().world().object_count() != *before + 1)
            return failure("dropping " + name + " at (" + format_field_value(FieldValue{at}) +
                           ") from the palette placed nothing");
        return done();
    });
}

void ScriptRunner::save_as(const std::string& path) {
    menu("File/Save As");
    click(widget("SaveAs/path"), {});
    press_keys(KeyChord{Modifiers{.ctrl = true}, "a"});
    type_text(path);
    click(widget("SaveAs/Save"), {});
    std::string expected = path;
    if (!expected.ends_with(".scene.json")) expected += ".scene.json";
    queue([expected](ScriptHost& host) {
        const EditorSession& s = host.script_session();
        if (const std::string modal = host.modal_text(); !modal.empty())
            return failure("saving showed: " + modal);
        if (s.scene_path() != expected || s.dirty())
            return failure("the scene's file is \"" + s.scene_path() + "\" (" +
                           (s.dirty() ? "unsaved" : "saved") + "), expected \"" + expected + "\"");
        return done();
    });
}

void ScriptRunner::export_to(const std::string& folder, const std::vector<std::string>& options) {
    menu("File/Export");
    click(widget("Export/path"), {});
    press_keys(KeyChord{Modifiers{.ctrl = true}, "a"});
    type_text(folder);
    for (const std::string& option : options)
        click(widget("Export/" + option), {});
    click(widget("Export/Export"), {});
    constexpr int kExportFrameLimit = 3600; // a large project copies for a while
    auto frames = std::make_shared<int>(0);
    queue([frames](ScriptHost& host) {
        const std::string modal = host.modal_text();
        if (modal.starts_with("Export finished")) return done();
        if (!modal.starts_with("Export"))
            return failure(modal.empty() ? "the export dialog closed without finishing"
                                         : "exporting showed: " + modal);
        if (++*frames > kExportFrameLimit)
            return failure("the export did not finish within " + std::to_string(kExportFrameLimit) +
                           " frames (at: " + modal + ")");
        return sleep(); // running
    });
}

// ---- steps ----

void ScriptRunner::start_step(ScriptHost& host, const ScriptStep& step) {
    const std::string& c = step.command;
    const auto& a = step.args;
    const auto number = [&](std::size_t i) { return *parse_script_number(a[i]); };
    const auto options = [&](std::size_t from) {
        return *parse_click_options(
            std::span<const std::string>(a).subspan(std::min(from, a.size())));
    };

    if (c == "wait") {
        auto left = std::make_shared<int>(static_cast<int>(number(0)));
        queue([left](ScriptHost&) { return (*left)-- > 0 ? sleep() : done(); });
    } else if (c == "mouse_move_world" || c == "mouse_move_screen") {
        const glm::vec2 p(number(0), number(1));
        const Locate at = c == "mouse_move_world" ? world_point(p) : screen_point(p);
        queue([this, at](ScriptHost& h) {
            std::string why;
            const auto w = at(h, why);
            if (!w) return wait(why);
            mouse_move(h, *w);
            return done();
        });
    } else if (c == "click_world" || c == "click_screen") {
        const glm::vec2 p(number(0), number(1));
        click(c == "click_world" ? world_point(p) : screen_point(p), options(2));
    } else if (c == "drag_world" || c == "drag_screen") {
        const glm::vec2 p(number(0), number(1));
        const glm::vec2 q(number(2), number(3));
        if (c == "drag_world")
            drag(world_point(p), world_point(q), options(4));
        else
            drag(screen_point(p), screen_point(q), options(4));
    } else if (c == "drag") {
        drag(widget(a[0]), widget(a[1]), {});
    } else if (c == "drag_handle") {
        drag_handle(*parse_handle_name(a[0]), glm::vec2(number(1), number(2)));
    } else if (c == "wheel") {
        const float notches = number(0);
        queue([notches](ScriptHost& h) {
            SDL_Event e{};
            e.type = SDL_MOUSEWHEEL;
            e.wheel.windowID = h.window_id();
            e.wheel.y = static_cast<Sint32>(std::lround(notches));
            e.wheel.preciseY = notches;
            SDL_PushEvent(&e);
            return done();
        });
    } else if (c == "key") {
        press_keys(*parse_key_chord(a[0]));
    } else if (c == "key_down" || c == "key_up") {
        const KeyChord chord = *parse_key_chord(a[0]);
        const bool down = c == "key_down";
        queue([this, chord, down](ScriptHost& h) {
            if (down) modifiers(h, chord.mods, true);
            key(h, chord.key, down);
            if (!down) modifiers(h, chord.mods, false);
            return done();
        });
    } else if (c == "type") {
        type_text(a[0]);
    } else if (c == "menu") {
        menu(a[0]);
    } else if (c == "click") {
        click(widget(a[0]), options(1));
    } else if (c == "double_click") {
        click(widget(a[0]), {}, 2);
    } else if (c == "hover") {
        const Locate at = widget(a[0]);
        queue([this, at](ScriptHost& h) {
            std::string why;
            const auto p = at(h, why);
            if (!p) return wait(why);
            mouse_move(h, *p);
            return done();
        });
    } else if (c == "select_guid") {
        const Guid g = *parse_guid(a[0]);
        if (!host.script_session().world().find(g)) return fail("no object has guid " + a[0]);
        // Click its hierarchy row when it is on screen, else select it directly.
        if (host.script_widgets().find("Hierarchy/" + to_string(g)) != nullptr) {
            click(widget("Hierarchy/" + to_string(g)), {});
        } else {
            host.script_session().select_only({g});
        }
        queue([g](ScriptHost& h) {
            const auto& sel = h.script_session().selection();
            if (sel.size() != 1 || sel.back() != g) return failure("the object was not selected");
            return done();
        });
    } else if (c == "set_field") {
        set_field(host, step);
    } else if (c == "place_prefab") {
        place_prefab(step);
    } else if (c == "save") {
        press_keys(KeyChord{Modifiers{.ctrl = true}, "s"});
        auto frames = std::make_shared<int>(0);
        queue([frames](ScriptHost& h) {
            if (const std::string modal = h.modal_text(); !modal.empty())
                return failure("saving showed: " + modal);
            if (!h.script_session().dirty()) return done();
            return ++*frames < 5 ? wait("saving") : failure("the scene is still unsaved");
        });
    } else if (c == "save_as") {
        save_as(a[0]);
    } else if (c == "export") {
        export_to(a[0], std::vector<std::string>(a.begin() + 1, a.end()));
    } else if (c == "open_scene") {
        menu("File/Open Scene/" + a[0]);
    } else if (c == "screenshot") {
        const std::filesystem::path file = a[0];
        queue([file](ScriptHost& h) {
            h.request_screenshot(file);
            return done();
        });
        queue([](ScriptHost& h) {
            return h.screenshot_pending() ? wait("writing the screenshot") : done();
        });
    } else if (c == "reset_timing") {
        host.reset_timing();
    } else if (c == "print_hash") {
        m_out << "hash: " << format_hash(host.script_session().hash()) << std::endl;
    } else if (c == "expect_objects") {
        const auto n = static_cast<std::size_t>(number(0));
        const std::size_t have = host.script_session().world().object_count();
        if (have != n)
            fail("expected " + std::to_string(n) + " objects, the scene has " +
                 std::to_string(have));
    } else if (c == "expect_selection") {
        const auto n = static_cast<std::size_t>(number(0));
        const std::size_t have = host.script_session().selection().size();
        if (have != n)
            fail("expected " + std::to_string(n) + " selected objects, got " +
                 std::to_string(have));
    } else if (c == "expect_field") {
        EditorSession& s = host.script_session();
        const std::vector<Handle> sel = s.selected_handles();
        if (sel.empty()) return fail("nothing is selected");
        auto now = get_field(s.world(), sel.back(), a[0]);
        if (!now) return fail(now.error().describe());
        auto expected = parse_field_value(*now, std::span<const std::string>(a).subspan(1));
        if (!expected) return fail(expected.error().message);
        FieldValue value = *expected;
        resolve_enum(s, a[0], value);
        if (!same_value(*now, value))
            fail(a[0] + " is " + format_field_value(*now) + ", expected " +
                 format_field_value(value));
    } else if (c == "expect_console") {
        const std::string text = joined(a, 0);
        auto frames = std::make_shared<int>(0);
        queue([text, frames](ScriptHost& h) {
            if (h.script_log().contains(text)) return done();
            return ++*frames < 30 ? wait("waiting for the console")
                                  : failure("no console line contains \"" + text + "\"");
        });
    } else if (c == "expect_modal") {
        const std::string text = joined(a, 0);
        auto frames = std::make_shared<int>(0);
        queue([text, frames](ScriptHost& h) {
            const std::string modal = h.modal_text();
            if (modal.find(text) != std::string::npos) return done();
            return ++*frames < 30 ? wait("waiting for a dialog")
                                  : failure("no dialog shows \"" + text + "\"" +
                                            (modal.empty() ? std::string(" (none is open)")
                                                           : " (open: " + modal + ")"));
        });
    } else if (c == "expect_dirty") {
        const bool want = a[0] == "true";
        if (host.script_session().dirty() != want)
            fail(std::string("the scene is ") + (want ? "saved" : "unsaved") + ", expected " +
                 (want ? "unsaved" : "saved"));
    } else if (c == "quit") {
        queue([](ScriptHost&) {
            SDL_Event e{};
            e.type = SDL_QUIT;
            SDL_PushEvent(&e);
            return done();
        });
    }
}

} // namespace diorama::editor
