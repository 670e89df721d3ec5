#include "script_runner.h"

#include "script_commands.h"

#include "ui/widget_registry.h"

#include <SDL.h>
#include <glm/common.hpp>

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

ScriptRunner::Locate ScriptRunner::widget(const std::string& label, float y) {
    return [label, y](ScriptHost& host, std::string& why) -> std::optional<glm::vec2> {
        if (const WidgetInfo* w = host.script_widgets().find(label))
            return glm::vec2(w->rect.center().x, w->rect.min.y + y * (w->rect.max.y - w->rect.min.y));
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
            move_to(widget(label));
            queue([](ScriptHost&) { return done(); });
        }
    }
}

// ---- steps ----

void ScriptRunner::start_step(ScriptHost& host, const ScriptStep& step) {
    // parse_script checked the command and its arguments against the same table.
    find_script_command(step.command)->run(*this, host, step);
}

void ScriptRunner::move_to(Locate where) {
    queue([this, where](ScriptHost& host) {
        std::string why;
        const auto p = where(host, why);
        if (!p) return wait(why);
        mouse_move(host, *p);
        return done();
    });
}

} // namespace diorama::editor
