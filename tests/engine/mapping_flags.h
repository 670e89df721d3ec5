#pragma once
// The kernel's flags for the mapping that holds an address, for tests of where memory lies.

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

namespace diorama::test {

// The "VmFlags:" line of the mapping in /proc/self/smaps that holds p, or "" when none does
// (" hg" in it: the mapping asks for huge pages).
inline std::string vm_flags_of(const void* p) {
    const auto at = reinterpret_cast<std::uintptr_t>(p);
    std::ifstream smaps("/proc/self/smaps");
    std::string line;
    bool inside = false;
    while (std::getline(smaps, line)) {
        unsigned long long first = 0;
        unsigned long long end = 0;
        char dash = 0;
        std::istringstream head(line);
        if (head >> std::hex >> first >> dash >> end && dash == '-') {
            inside = first <= at && at < end;
            continue;
        }
        if (inside && line.rfind("VmFlags:", 0) == 0) return line;
    }
    return "";
}

} // namespace diorama::test
