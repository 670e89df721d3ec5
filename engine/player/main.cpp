// diorama-player: runs and checks Diorama projects without a window (see cli.h for the exit
// codes, `diorama-player --help` for the commands).

#include "commands.h"

#include <string_view>
#include <vector>

int main(int argc, char** argv) {
    const std::vector<std::string_view> args(argv + (argc > 0 ? 1 : 0), argv + argc);
    return static_cast<int>(diorama::player::run_player(args));
}
