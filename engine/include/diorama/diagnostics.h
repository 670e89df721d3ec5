#pragma once
// Diagnostics: every problem a loader or checker found, not just the first. Errors stop a load;
// warnings (a dangling reference, an unknown component kept as is) do not.

#include "diorama/result.h"

#include <cstddef>
#include <string>
#include <vector>

namespace diorama {

enum class Severity { Warning, Error };

struct Problem {
    Severity severity = Severity::Error;
    Error error;
};

class Diagnostics {
public:
    // Past this many problems, further ones are counted but not stored.
    static constexpr std::size_t kMaxStored = 1000;

    void error(Error e) { add(Severity::Error, std::move(e)); }
    void warning(Error e) { add(Severity::Warning, std::move(e)); }
    void add(Severity severity, Error e);
    // Appends everything other holds.
    void merge(const Diagnostics& other);

    [[nodiscard]] bool has_errors() const { return m_errors > 0; }
    [[nodiscard]] std::size_t error_count() const { return m_errors; }
    [[nodiscard]] std::size_t warning_count() const { return m_warnings; }
    [[nodiscard]] bool empty() const { return m_errors == 0 && m_warnings == 0; }
    [[nodiscard]] const std::vector<Problem>& problems() const { return m_problems; }
    // The first error (precondition: has_errors()).
    [[nodiscard]] const Error& first_error() const;
    // One line per problem: "error: FILE: PATH: message".
    [[nodiscard]] std::string format() const;

private:
    std::vector<Problem> m_problems;
    std::size_t m_errors = 0;
    std::size_t m_warnings = 0;
};

} // namespace diorama
