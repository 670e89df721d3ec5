#include "text_field.h"

#include "core/stand_in_text.h"

#include <imgui/imgui_internal.h> // GetActiveID, ImGuiInputTextFlags_Multiline

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace diorama::editor {

namespace {

// The text field being edited, kept from frame to frame while it is (ImGui edits one item at a
// time): the stand-ins it got when the edit began, and typed text it has yet to insert.
struct EditedField {
    ImGuiID id = 0;
    StandInText stand_ins;
    std::string pending; // widget text (stand-ins in place), inserted at the next draw
};

EditedField& edited_field() {
    static EditedField field;
    return field;
}

// The field being edited now, or null when no text field is.
EditedField* edited_now() {
    EditedField& field = edited_field();
    if (field.id == 0 || ImGui::GetCurrentContext() == nullptr || ImGui::GetActiveID() != field.id)
        return nullptr;
    return &field;
}

// What one draw of a field hands its callback.
struct FieldCall {
    std::string* buffer = nullptr;  // the text ImGui edits
    std::string* pending = nullptr; // typed text to insert at the cursor; null when none
};

// pending without the characters ImGui's own typing drops: control characters but newline (in a
// multiline field) and tab (where tabs are typed), and DEL.
std::string typeable(std::string pending, ImGuiInputTextFlags flags) {
    std::erase_if(pending, [flags](char c) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte == '\n') return (flags & ImGuiInputTextFlags_Multiline) == 0;
        if (byte == '\t') return (flags & ImGuiInputTextFlags_AllowTabInput) == 0;
        return byte < 0x20 || byte == 0x7F;
    });
    return pending;
}

int field_callback(ImGuiInputTextCallbackData* data) {
    auto* call = static_cast<FieldCall*>(data->UserData);
    if (data->EventFlag == ImGuiInputTextFlags_CallbackResize) {
        // The buffer takes the new length; its capacity + 1 bytes are ImGui's to write.
        call->buffer->resize(static_cast<std::size_t>(data->BufTextLen));
        data->Buf = call->buffer->data();
    } else if (data->EventFlag == ImGuiInputTextFlags_CallbackAlways && call->pending != nullptr) {
        // Typed text replaces the selection, as ImGui's own typing does.
        if (data->HasSelection()) {
            const int from = std::min(data->SelectionStart, data->SelectionEnd);
            data->DeleteChars(from, std::abs(data->SelectionEnd - data->SelectionStart));
        }
        const std::string text = typeable(std::move(*call->pending), data->Flags);
        call->pending->clear();
        data->InsertChars(data->CursorPos, text.data(), text.data() + text.size());
        data->SelectionStart = data->SelectionEnd = data->CursorPos;
    }
    return 0;
}

// The one text field: text goes to ImGui through the field's stand-ins and comes back through
// them. multiline_size is used when multiline is true.
bool edit_text_field(const char* id, const char* hint, std::string* text, bool multiline,
                     ImVec2 multiline_size, ImGuiInputTextFlags flags) {
    const ImGuiID item = ImGui::GetID(id);
    EditedField* const edited =
        edited_now() != nullptr && edited_field().id == item ? &edited_field() : nullptr;
    StandInText fresh;
    StandInText& stand_ins = edited != nullptr ? edited->stand_ins : fresh;
    const std::optional<std::string> shown = stand_ins.to_widget(*text);
    // Text the widget cannot hold even with stand-ins (thousands of distinct emoji) is only shown.
    std::string buffer = shown ? *shown : *text;
    FieldCall call{&buffer, nullptr};
    if (!shown) {
        flags |= ImGuiInputTextFlags_ReadOnly;
    } else if (edited != nullptr && !edited->pending.empty()) {
        call.pending = &edited->pending;
        flags |= ImGuiInputTextFlags_CallbackAlways;
    }
    flags |= ImGuiInputTextFlags_CallbackResize;
    char* data = buffer.data();
    const std::size_t size = buffer.capacity() + 1;
    const bool result =
        multiline ? ImGui::InputTextMultiline(id, data, size, multiline_size, flags, field_callback,
                                              &call)
        : hint != nullptr
            ? ImGui::InputTextWithHint(id, hint, data, size, flags, field_callback, &call)
            : ImGui::InputText(id, data, size, flags, field_callback, &call);
    // ImGui's text is a C string: it ends at the first NUL whatever length ImGui reported.
    buffer.resize(std::strlen(buffer.c_str()));

    bool changed = false;
    if (shown) {
        std::string now = stand_ins.from_widget(buffer);
        changed = now != *text;
        if (changed) *text = std::move(now);
    }
    if (ImGui::IsItemActive()) {
        if (edited == nullptr) edited_field() = EditedField{item, std::move(fresh), {}};
    } else if (edited_field().id == item) {
        edited_field() = EditedField{};
    }
    return (flags & ImGuiInputTextFlags_EnterReturnsTrue) != 0 ? result : changed;
}

} // namespace

bool edit_text(const char* id, std::string* text, ImGuiInputTextFlags flags, const char* hint) {
    return edit_text_field(id, hint, text, false, ImVec2(0, 0), flags);
}

bool edit_text_multiline(const char* id, std::string* text, ImVec2 size,
                         ImGuiInputTextFlags flags) {
    return edit_text_field(id, nullptr, text, true, size, flags);
}

std::string text_for_edited_field(std::string_view typed) {
    EditedField* field = edited_now();
    if (field == nullptr) return std::string(typed);
    const std::optional<std::string> mapped = field->stand_ins.to_widget(typed);
    if (!mapped) return std::string(typed); // no stand-in left: ImGui shows U+FFFD
    // What ImGui takes as it is goes to ImGui, unless earlier text still waits (order is kept).
    if (field->pending.empty() && *mapped == typed) return std::string(typed);
    field->pending += *mapped;
    return {};
}

std::string text_from_edited_field(std::string_view copied) {
    const EditedField* field = edited_now();
    return field != nullptr ? field->stand_ins.from_widget(copied) : std::string(copied);
}

} // namespace diorama::editor
