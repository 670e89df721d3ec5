#include "script_actions.h"

#include "script_runner.h"

#include "core/editor_session.h"
#include "core/transform_handles.h"
#include "ui/widget_registry.h"

#include "diorama/field_path.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace diorama::editor {

namespace {

using Outcome = ScriptRunner::Outcome;
using Locate = ScriptRunner::Locate;

Outcome done() {
    return ScriptRunner::done();
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
Locate widget(const std::string& label) {
    return ScriptRunner::widget(label);
}

bool near(float a, float b) {
    return std::abs(a - b) <= 1e-4f * std::max(1.0f, std::abs(b));
}

} // namespace

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

namespace {

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

} // namespace

std::string joined(const std::vector<std::string>& words, std::size_t from) {
    std::string s;
    for (std::size_t i = from; i < words.size(); ++i)
        s += (i > from ? " " : "") + words[i];
    return s;
}

void set_field(ScriptRunner& r, ScriptHost& host, const ScriptStep& step) {
    const std::string path = step.args[0];
    const std::vector<std::string> words(step.args.begin() + 1, step.args.end());
    EditorSession& session = host.script_session();
    const std::vector<Handle> selected = session.selected_handles();
    if (selected.empty()) return r.fail("nothing is selected");
    auto current = get_field(session.world(), selected.back(), path);
    if (!current) return r.fail(current.error().describe());
    auto parsed = parse_field_value(*current, words);
    if (!parsed) return r.fail(parsed.error().message);
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
    const auto type_into_number = [&r](const std::string& l, const std::string& text) {
        r.click(widget(l), ClickOptions{MouseButton::Left, Modifiers{.ctrl = true}});
        r.type_text(text);
        r.press_keys(KeyChord{{}, "enter"});
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
        r.click(widget(label), {});
        r.press_keys(KeyChord{Modifiers{.ctrl = true}, "a"});
        r.type_text(std::get<std::string>(value));
        r.press_keys(KeyChord{{}, "enter"});
    } else if (kind_of(label) == WidgetKind::Checkbox && value.index() == 0) {
        if (!same_value(*current, value)) r.click(widget(label), {});
    } else {
        // No widget a script can type into (colours, combos, a collapsed component): the
        // inspector's own call.
        if (auto edited = session.set_field(path, value); !edited)
            return r.fail(edited.error().describe());
    }
    // Check the result once the edit went through.
    r.queue([path, value](ScriptHost& h) {
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

void drag_handle(ScriptRunner& r, ScriptHandle part, glm::vec2 delta) {
    auto center = std::make_shared<glm::vec2>();
    // The part must be under the point: the right tool, something selected.
    r.queue([part, center](ScriptHost& host) {
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
    r.drag(from, to, {});
}

void place_prefab(ScriptRunner& r, const ScriptStep& step) {
    const std::string name = step.args[0];
    const glm::vec2 at(*parse_field_number(step.args[1]), *parse_field_number(step.args[2]));
    auto before = std::make_shared<std::size_t>(0);
    auto label = std::make_shared<std::string>();
    r.queue([name, before, label](ScriptHost& host) {
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
    r.drag(tile, world_point(at), {});
    r.queue([name, at, before](ScriptHost& host) {
        if (host.script_session().world().object_count() != *before + 1)
            return failure("dropping " + name + " at (" + format_field_value(FieldValue{at}) +
                           ") from the palette placed nothing");
        return done();
    });
}

namespace {

// "overwrite" -> "Overwrite": a dialog button's label from its answer word.
std::string button_for(const std::string& answer) {
    std::string label = answer;
    if (!label.empty()) label[0] = static_cast<char>(label[0] - 'a' + 'A');
    return label;
}

// After a save: no dialog is open, and the scene is saved (unless it was cancelled).
Outcome check_saved(ScriptHost& host, bool cancelled, const std::string& expected_path) {
    const EditorSession& s = host.script_session();
    if (const std::string modal = host.modal_text(); !modal.empty())
        return failure("saving showed: " + modal);
    if (cancelled) return done();
    if (s.dirty() || (!expected_path.empty() && s.scene_path() != expected_path))
        return failure("the scene's file is \"" + s.scene_path() + "\" (" +
                       (s.dirty() ? "unsaved" : "saved") + ")" +
                       (expected_path.empty() ? "" : ", expected \"" + expected_path + "\""));
    return done();
}

} // namespace

void save(ScriptRunner& r, const std::string& answer) {
    r.press_keys(KeyChord{Modifiers{.ctrl = true}, "s"});
    if (!answer.empty()) r.click(widget("Changed/" + button_for(answer)), {});
    const bool cancelled = answer == "cancel";
    auto frames = std::make_shared<int>(0);
    r.queue([frames, cancelled](ScriptHost& host) {
        const Outcome outcome = check_saved(host, cancelled, {});
        // The save runs on the frame after the key or the click.
        return outcome.kind == Outcome::Fail && ++*frames < 5 ? ScriptRunner::wait("saving")
                                                              : outcome;
    });
}

void save_as(ScriptRunner& r, const std::string& path, const std::string& answer) {
    r.menu("File/Save As");
    r.click(widget("SaveAs/path"), {});
    r.press_keys(KeyChord{Modifiers{.ctrl = true}, "a"});
    r.type_text(path);
    r.click(widget("SaveAs/Save"), {});
    if (!answer.empty()) r.click(widget("Replace/" + button_for(answer)), {});
    std::string expected = path;
    if (!expected.ends_with(".scene.json")) expected += ".scene.json";
    const bool cancelled = answer == "cancel";
    r.queue([expected, cancelled](ScriptHost& host) {
        if (cancelled && host.script_session().scene_path() == expected)
            return failure("cancelled, yet the scene's file is \"" + expected + "\"");
        return check_saved(host, cancelled, expected);
    });
}

void export_to(ScriptRunner& r, const std::string& folder,
               const std::vector<std::string>& options) {
    r.menu("File/Export");
    r.click(widget("Export/path"), {});
    r.press_keys(KeyChord{Modifiers{.ctrl = true}, "a"});
    r.type_text(folder);
    for (const std::string& option : options)
        r.click(widget("Export/" + option), {});
    r.click(widget("Export/Export"), {});
    constexpr int kExportFrameLimit = 3600; // a large project copies for a while
    auto frames = std::make_shared<int>(0);
    r.queue([frames](ScriptHost& host) {
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

} // namespace diorama::editor
