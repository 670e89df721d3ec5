#pragma once
// Result<T>: the value of an operation that can fail in an expected way (I/O, bad data, unknown
// type, stale handle). No exception crosses a public engine function; failures travel as Error.

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace diorama {

// ---- error ----

enum class ErrorCode {
    InvalidArgument, // a value the callee cannot accept (bad path, wrong field type)
    NotFound,        // a name, file, object or field that does not exist
    StaleHandle,     // a handle whose object was destroyed or whose slot was reused
    Cycle,           // a parent link that would make the hierarchy a cycle
    OutOfMemory,     // an allocation failed
    Io,              // reading or writing a file failed
    Parse,           // malformed data (JSON syntax)
    Type,            // data of the wrong type at a path
    Range,           // a number out of range, NaN or infinite
    UnknownType,     // a component or asset type nobody registered
    Version,         // a file format version this build cannot read
    Duplicate,       // two things that must be unique are not (guids, names, keys)
    Limit,           // a size or depth limit was exceeded
    Module,          // a game module could not be found, loaded or registered
    Script,          // a script failed to compile or run
};

// Short lowercase name of a code ("not found"), for messages and logs.
const char* to_string(ErrorCode code);

struct Error {
    ErrorCode code = ErrorCode::InvalidArgument;
    std::string message; // what went wrong and what was expected
    std::string where;   // file and JSON path, or the object/field concerned; may be empty

    // "where: message", or just the message when there is no location.
    [[nodiscard]] std::string describe() const;
};

// ---- result ----

template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : m_state(std::in_place_index<0>, std::move(value)) {}
    Result(Error error) : m_state(std::in_place_index<1>, std::move(error)) {}

    [[nodiscard]] bool ok() const { return m_state.index() == 0; }
    explicit operator bool() const { return ok(); }

    // The value; calling these on a failed result is a programmer error.
    T& value() & {
        assert(ok());
        return std::get<0>(m_state);
    }
    const T& value() const& {
        assert(ok());
        return std::get<0>(m_state);
    }
    T&& value() && {
        assert(ok());
        return std::get<0>(std::move(m_state));
    }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    // The error; calling this on a successful result is a programmer error.
    [[nodiscard]] const Error& error() const {
        assert(!ok());
        return std::get<1>(m_state);
    }

private:
    std::variant<T, Error> m_state;
};

template <>
class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Error error) : m_error(std::move(error)), m_failed(true) {}

    [[nodiscard]] bool ok() const { return !m_failed; }
    explicit operator bool() const { return ok(); }
    [[nodiscard]] const Error& error() const {
        assert(m_failed);
        return m_error;
    }

private:
    Error m_error{};
    bool m_failed = false;
};

// Shorthand for building an Error in a return statement.
inline Error make_error(ErrorCode code, std::string message, std::string where = {}) {
    return Error{code, std::move(message), std::move(where)};
}

} // namespace diorama
