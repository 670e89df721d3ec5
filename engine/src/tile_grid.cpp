#include "diorama/tile_grid.h"

#include <algorithm>
#include <charconv>
#include <optional>

namespace diorama {

TileId TileGrid::at(std::size_t layer, std::int32_t x, std::int32_t y) const {
    if (layer >= layers.size() || !contains(x, y)) return 0;
    return layers[layer].cells[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                               static_cast<std::size_t>(x)];
}

bool TileGrid::set(std::size_t layer, std::int32_t x, std::int32_t y, TileId tile) {
    if (layer >= layers.size() || !contains(x, y)) return false;
    layers[layer].cells[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                        static_cast<std::size_t>(x)] = tile;
    return true;
}

Result<void> TileGrid::resize(std::int32_t w, std::int32_t h) {
    if (w < 0 || h < 0 || w > kMaxTileGridSide || h > kMaxTileGridSide)
        return make_error(ErrorCode::Range, "a tile map is 0 to " +
                                                std::to_string(kMaxTileGridSide) +
                                                " cells on each side");
    for (TileLayer& layer : layers) {
        std::vector<TileId> cells(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0);
        const std::int32_t keep_w = std::min(w, width);
        for (std::int32_t y = 0; y < std::min(h, height); ++y) {
            const auto from = layer.cells.begin() + static_cast<std::ptrdiff_t>(y) * width;
            std::copy(from, from + keep_w, cells.begin() + static_cast<std::ptrdiff_t>(y) * w);
        }
        layer.cells = std::move(cells);
    }
    width = w;
    height = h;
    return {};
}

Result<void> TileGrid::add_layer(std::string name) {
    if (layers.size() >= static_cast<std::size_t>(kMaxTileLayers))
        return make_error(ErrorCode::Range,
                          "a tile map has at most " + std::to_string(kMaxTileLayers) + " layers");
    layers.push_back(TileLayer{
        std::move(name),
        std::vector<TileId>(static_cast<std::size_t>(width) * static_cast<std::size_t>(height))});
    return {};
}

TileId TileGrid::highest_tile() const {
    TileId highest = 0;
    for (const TileLayer& layer : layers)
        for (const TileId t : layer.cells)
            highest = std::max(highest, t);
    return highest;
}

TileGrid empty_tile_grid(std::int32_t w, std::int32_t h, std::string layer_name) {
    TileGrid grid;
    grid.width = std::clamp(w, 0, kMaxTileGridSide);
    grid.height = std::clamp(h, 0, kMaxTileGridSide);
    (void)grid.add_layer(std::move(layer_name));
    return grid;
}

std::string tile_row_text(const TileGrid& grid, std::size_t layer, std::int32_t y) {
    std::string out;
    if (layer >= grid.layers.size() || y < 0 || y >= grid.height) return out;
    const TileId* row = grid.layers[layer].cells.data() + static_cast<std::size_t>(y) * grid.width;
    std::int32_t end = grid.width;
    while (end > 0 && row[end - 1] == 0)
        --end;
    for (std::int32_t x = 0; x < end;) {
        std::int32_t run = 1;
        while (x + run < end && row[x + run] == row[x])
            ++run;
        if (!out.empty()) out += ' ';
        out += std::to_string(row[x]);
        // A pair reads better as itself than as N*2.
        if (run > 2) {
            out += '*' + std::to_string(run);
        } else if (run == 2) {
            out += ' ' + std::to_string(row[x]);
        }
        x += run;
    }
    return out;
}

namespace {

// The number at the front of text (digits only), or nothing.
std::optional<std::uint64_t> leading_number(std::string_view text, std::size_t& used) {
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end == text.data()) return std::nullopt;
    used = static_cast<std::size_t>(end - text.data());
    return value;
}

} // namespace

Result<void> read_tile_row(std::string_view text, std::span<TileId> row) {
    std::size_t filled = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        if (text[pos] == ' ') {
            ++pos;
            continue;
        }
        const std::size_t token_end = std::min(text.find(' ', pos), text.size());
        const std::string_view token = text.substr(pos, token_end - pos);
        pos = token_end;
        const auto bad = [&token](const std::string& why) {
            return make_error(ErrorCode::InvalidArgument,
                              "tile \"" + std::string(token) + "\" " + why);
        };
        std::size_t used = 0;
        const auto tile = leading_number(token, used);
        if (!tile) return bad("is not a tile number (N or N*COUNT)");
        if (*tile > 65535) return bad("is past the highest tile number, 65535");
        std::uint64_t count = 1;
        if (used < token.size()) {
            if (token[used] != '*') return bad("is not a tile number (N or N*COUNT)");
            const std::string_view rest = token.substr(used + 1);
            std::size_t count_used = 0;
            const auto n = leading_number(rest, count_used);
            if (!n || count_used != rest.size() || *n == 0)
                return bad("has no count of 1 or more after '*'");
            count = *n;
        }
        if (count > row.size() - filled)
            return make_error(ErrorCode::Range,
                              "the row has more than its " + std::to_string(row.size()) + " cells");
        std::fill_n(row.begin() + static_cast<std::ptrdiff_t>(filled), count,
                    static_cast<TileId>(*tile));
        filled += count;
    }
    return {};
}

} // namespace diorama
