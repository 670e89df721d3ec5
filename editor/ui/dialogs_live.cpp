// Dialogs: the live link's. Attach to Player asks where the player is and its token (typed, or
// read from the file its --inspect-token-file wrote); Save Remote State As asks for a new scene
// file for the attached player's state.

#include "dialogs.h"

#include "modal_dialog.h"
#include "ui_widgets.h"

#include "core/live_attachment.h"

#include "diorama/live/live_client.h"

namespace diorama::editor {

namespace {

// A labelled text field of a dialog, as wide as the others.
bool dialog_field(UiContext& ctx, const char* caption, const char* label, std::string& text,
                  ImGuiInputTextFlags flags = 0, const char* hint = nullptr) {
    ImGui::TextUnformatted(caption);
    ImGui::SetNextItemWidth(420.0f * ctx.scale);
    const std::string id = std::string("##") + label;
    return ui::input_text(ctx.widgets, label, id.c_str(), &text,
                          flags | ImGuiInputTextFlags_EnterReturnsTrue, hint);
}

// The address and token the dialog's fields name; the error says which field is wrong.
Result<live::LiveAddress> address_of(const std::string& address, const std::string& token,
                                     const std::string& token_file) {
    std::string secret = token;
    if (secret.empty() && !token_file.empty()) {
        auto read = live::read_token_file(token_file);
        if (!read) return read.error();
        secret = std::move(*read);
    }
    return live::parse_live_address(address, std::move(secret));
}

} // namespace

void Dialogs::open_attach() {
    m_open_attach = true;
}

void Dialogs::open_save_remote_state(const EditorSession& session) {
    const LiveAttachment* live = session.live();
    std::string scene = "remote";
    if (live != nullptr && live->view().world.is_object())
        scene = live->view().world.value("scene", scene);
    m_remote_path = session.project().scene_folder + "/" + scene + "-tick" +
                    std::to_string(live != nullptr ? live->state_tick() : 0) + ".scene.json";
    m_open_save_remote = true;
}

void Dialogs::draw_attach(UiContext& ctx) {
    const std::string pressed = modal_dialog(
        ctx.widgets, ctx.scale, {"Attach to Player###attach", "AttachPlayer"}, m_modal_text,
        [&](DialogFrame& f) {
            f.modal_text = "Attach to Player";
            ImGui::TextDisabled("A player started with --inspect logs its address and token:");
            ImGui::TextDisabled("  live link: http://127.0.0.1:7777 (token 3f9c...)");
            ImGui::Spacing();
            if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
            bool enter = dialog_field(ctx, "Address (HOST:PORT):", "address", m_attach_address);
            enter |= dialog_field(ctx, "Token:", "token", m_attach_token,
                                  ImGuiInputTextFlags_Password, "or a token file below");
            enter |= dialog_field(ctx, "Token file (--inspect-token-file):", "token_file",
                                  m_attach_token_file, 0, "used when Token is empty");
            ImGui::TextDisabled("The scene is put aside unchanged until Detach (F8).");
            f.submit = enter;
            f.buttons = {{"Attach"}, {"Cancel", DialogKeys::Escape}};
        });
    if (pressed != "Attach") return;
    auto address = address_of(m_attach_address, m_attach_token, m_attach_token_file);
    if (!address) {
        show_error("Could not attach", address.error().describe());
        return;
    }
    if (auto attached = ctx.session.attach(*address); !attached)
        show_error("Could not attach", attached.error().describe());
}

void Dialogs::draw_save_remote_state(UiContext& ctx) {
    const std::string pressed = modal_dialog(
        ctx.widgets, ctx.scale, {"Save Remote State As###save_remote", "SaveRemote"}, m_modal_text,
        [&](DialogFrame& f) {
            f.modal_text = "Save Remote State As";
            ImGui::TextUnformatted("The player's state, as a new scene file of the project:");
            if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
            f.submit =
                dialog_field(ctx, "File, relative to the project folder:", "path", m_remote_path);
            ImGui::TextDisabled("\".scene.json\" is added when missing; an existing file is "
                                "never replaced.");
            f.buttons = {{"Save"}, {"Cancel", DialogKeys::Escape}};
        });
    if (pressed != "Save") return;
    if (auto saved = ctx.session.save_remote_state(m_remote_path); !saved)
        show_error("Could not save the remote state", saved.error().describe());
}

} // namespace diorama::editor
