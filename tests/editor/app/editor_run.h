#pragma once
// What the editor's end-to-end tests read from a run of diorama-editor: the hashes its script
// printed, and the whole run described for a failure message.

#include "child_process.h"

#include <regex>
#include <string>
#include <vector>

namespace diorama::test {

// Every "hash: <hex>" line a run printed (print_hash), in order.
inline std::vector<std::string> hashes(const std::string& out) {
    std::vector<std::string> found;
    static const std::regex line(R"(hash: ([0-9a-f]{16}))");
    for (auto it = std::sregex_iterator(out.begin(), out.end(), line); it != std::sregex_iterator();
         ++it)
        found.push_back((*it)[1].str());
    return found;
}

// The run's exit code, signal, and both outputs.
inline std::string describe(const ChildResult& r) {
    return "exit " + std::to_string(r.exit_code) + " signal " + std::to_string(r.signal) +
           (r.timed_out ? " (timed out)" : "") + "\n--- stdout\n" + r.out + "--- stderr\n" + r.err;
}

} // namespace diorama::test
