#pragma once
// The script commands' larger pieces (script_commands.cpp runs them): typing a value into the
// inspector, grabbing a transform handle, dropping a prefab, the Save As and Export dialogs; and
// the value comparisons the expect_* commands share.

#include "script.h"

#include <glm/vec2.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace diorama::editor {

class EditorSession;
class ScriptHost;
class ScriptRunner;

// Values equal, floats within a relative 1e-4.
[[nodiscard]] bool same_value(const FieldValue& a, const FieldValue& b);
// An enum value given by name becomes its number (using the field's declaration at path).
void resolve_enum(const EditorSession& session, const std::string& path, FieldValue& value);
// words[from..] joined by single spaces.
[[nodiscard]] std::string joined(const std::vector<std::string>& words, std::size_t from);

// set_field PATH VALUE...: types into the inspector's widget (or calls the session for widgets a
// script cannot type into), then checks the field holds the value.
void set_field(ScriptRunner& r, ScriptHost& host, const ScriptStep& step);
// Drags a part of the selection's transform handle by delta world units.
void drag_handle(ScriptRunner& r, ScriptHandle part, glm::vec2 delta);
// place_prefab NAME X Y: drags the palette tile to the world point; one object more must exist.
void place_prefab(ScriptRunner& r, const ScriptStep& step);
// Ctrl+S; answer ("overwrite", "reload", "cancel"; empty: none expected) answers the Changed on
// disk dialog the save must then show. The scene must end saved (cancel: no dialog left open).
void save(ScriptRunner& r, const std::string& answer);
// File > Save As through the dialog; answer ("overwrite", "cancel"; empty: none expected) answers
// the Replace dialog it must then show. The scene must end saved under path (".scene.json" added;
// cancel: no dialog left open and its file unchanged).
void save_as(ScriptRunner& r, const std::string& path, const std::string& answer);
// File > Export to folder, ticking the options named ("compact", "force"); waits for the end.
void export_to(ScriptRunner& r, const std::string& folder, const std::vector<std::string>& options);

} // namespace diorama::editor
