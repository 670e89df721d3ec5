#pragma once
// Opening a game in the player's tests, as the player opens it.

#include "diorama/diagnostics.h"
#include "diorama/game.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

namespace diorama::test {

// The game at folder (a project folder, its project.json or an exported game); null, with the
// problems reported as a test failure, when it cannot be opened.
inline std::unique_ptr<Game> open_game(const std::filesystem::path& folder) {
    Diagnostics diagnostics;
    auto game = Game::open(folder, diagnostics);
    if (!game) {
        ADD_FAILURE() << diagnostics.format();
        return nullptr;
    }
    return std::move(*game);
}

} // namespace diorama::test
