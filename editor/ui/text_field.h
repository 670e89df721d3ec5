#pragma once
// Text fields on UTF-8 text, exact. Every text field of the editor is one of these; nothing else
// calls ImGui::InputText*.
//
// Dear ImGui 1.86 as Debian builds it holds 16-bit characters: a code point above U+FFFF becomes
// U+FFFD, and the byte count it keeps for the text stops matching it (a NUL ends up in the
// string). So what it cannot hold (above U+FFFF, NUL, ill-formed bytes) is handed to it as
// stand-ins (core/stand_in_text.h) and comes back as the same bytes: a field nobody edits is never
// rewritten, an edit elsewhere in the text keeps an emoji, and text never gains a NUL. Text typed
// or pasted into the field goes through the same stand-ins (the platform layer passes it through
// text_for_edited_field).

#include <imgui/imgui.h>

#include <string>
#include <string_view>

namespace diorama::editor {

// ImGui::InputText (InputTextWithHint with a hint) on text. Returns true when the text changed
// (with ImGuiInputTextFlags_EnterReturnsTrue: when Enter was pressed, as ImGui does).
bool edit_text(const char* id, std::string* text, ImGuiInputTextFlags flags = 0,
               const char* hint = nullptr);
// ImGui::InputTextMultiline on text, size as ImGui takes it; returns true when the text changed.
bool edit_text_multiline(const char* id, std::string* text, ImVec2 size,
                         ImGuiInputTextFlags flags = 0);

// Text typed or pasted (UTF-8) while a text field is being edited: returns what to hand to ImGui
// (io.AddInputCharactersUTF8, the clipboard's text). Typed text ImGui would mangle (above U+FFFF)
// or drop (it drops typed private-use characters, which stand-ins are) is inserted by the field
// itself at its next draw, in the order typed. Unchanged when no text field is being edited.
[[nodiscard]] std::string text_for_edited_field(std::string_view typed);
// Text copied out of the field being edited, as the bytes it stands for (for the clipboard).
[[nodiscard]] std::string text_from_edited_field(std::string_view copied);

} // namespace diorama::editor
