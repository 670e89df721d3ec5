#pragma once
// The editor's look: a dark theme, DejaVu fonts (ImGui's built-in font when DejaVu is missing),
// all sizes scaled for the display's DPI.

struct ImFont;

namespace diorama::editor {

struct UiFonts {
    ImFont* regular = nullptr; // the default font
    ImFont* bold = nullptr;    // overridden prefab fields, headings (regular when missing)
    ImFont* mono = nullptr;    // console, guids (regular when missing)
};

// Colours the panels share besides ImGui's style (RGBA, 0xAABBGGRR like ImU32).
namespace colors {
inline constexpr unsigned kAccent = 0xffe0983d;   // selection, active tool
inline constexpr unsigned kOverride = 0xff4cb8f0; // prefab fields an instance overrides
inline constexpr unsigned kError = 0xff5a5af0;
inline constexpr unsigned kWarning = 0xff40c8f0;
inline constexpr unsigned kDim = 0xff8c8c8c;
inline constexpr unsigned kAxisX = 0xff5050e8;
inline constexpr unsigned kAxisY = 0xff60d060;
inline constexpr unsigned kPlaying = 0xff50b0ff; // the frame around the viewport in play mode
inline constexpr unsigned kPaused = 0xff40c8f0;
inline constexpr unsigned kLive = 0xffb4c83c;        // the frame around the viewport while attached
inline constexpr unsigned kFocus = 0x6040c8f0;       // the inspector row a problem points to
inline constexpr unsigned kPlaceholder = 0xffc850e0; // objects kept without their prefab or type
} // namespace colors

// Loads the fonts at 15 px times scale into ImGui's atlas (before the renderer builds it).
UiFonts load_fonts(float scale);

// Applies the colours and sizes (scaled) to ImGui's style.
void apply_theme(float scale);

} // namespace diorama::editor
