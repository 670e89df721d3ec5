#include "diorama/diagnostics.h"

#include <cassert>

namespace diorama {

void Diagnostics::add(Severity severity, Error e) {
    (severity == Severity::Error ? m_errors : m_warnings) += 1;
    if (m_problems.size() < kMaxStored) m_problems.push_back(Problem{severity, std::move(e)});
}

void Diagnostics::merge(const Diagnostics& other) {
    std::size_t stored_errors = 0;
    for (const Problem& p : other.m_problems) {
        add(p.severity, p.error);
        stored_errors += p.severity == Severity::Error ? 1 : 0;
    }
    // Problems other counted but did not store still count here.
    m_errors += other.m_errors - stored_errors;
    m_warnings += other.m_warnings - (other.m_problems.size() - stored_errors);
}

const Error& Diagnostics::first_error() const {
    for (const Problem& p : m_problems)
        if (p.severity == Severity::Error) return p.error;
    assert(false && "first_error() without errors");
    return m_problems.front().error;
}

std::string Diagnostics::format() const {
    std::string out;
    for (const Problem& p : m_problems) {
        out += p.severity == Severity::Error ? "error: " : "warning: ";
        out += p.error.describe();
        out += '\n';
    }
    const std::size_t dropped = m_errors + m_warnings - m_problems.size();
    if (dropped > 0) out += "... and " + std::to_string(dropped) + " more problems\n";
    return out;
}

} // namespace diorama
