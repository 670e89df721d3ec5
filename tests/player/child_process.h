#pragma once
// Running a program as a child process with its stdout and stderr captured, for end-to-end tests
// of diorama-player: start it, optionally wait for output and signal it, then collect the result.

#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

namespace diorama::test {

struct ChildResult {
    int exit_code = -1;     // the exit status; -1 when a signal ended the process
    int signal = 0;         // the signal that ended the process, or 0
    bool timed_out = false; // the process outlived the timeout and was killed
    std::string out;        // everything written to stdout
    std::string err;        // everything written to stderr
};

// Where a child's stdout or stderr goes: kCaptured (a pipe this process reads), kClosed (closed
// in the child), or a descriptor of this process (the child gets a copy of it).
inline constexpr int kCaptured = -1;
inline constexpr int kClosed = -2;

struct ChildOptions {
    std::vector<std::string> env; // "NAME=value": added to (or replacing in) this environment
    int stdout_to = kCaptured;
    int stderr_to = kCaptured;
};

class ChildProcess {
public:
    // Starts program with args (argv[0] is the program); env entries ("NAME=value") are added to
    // (or replace in) this process's environment. A failed start shows as exit code 127. The
    // child starts with no signal blocked and SIGHUP, SIGINT, SIGTERM and SIGPIPE at their
    // defaults, as from a terminal, whatever this process inherited.
    ChildProcess(const std::string& program, const std::vector<std::string>& args,
                 const std::vector<std::string>& env = {});
    // The same, with stdout and stderr as options say.
    ChildProcess(const std::string& program, const std::vector<std::string>& args,
                 const ChildOptions& options);
    // Kills and reaps the process if it is still running.
    ~ChildProcess();
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // Collects output until stdout holds something or the timeout passes; true when it does.
    bool wait_for_output(std::chrono::milliseconds timeout);
    // Collects output until stderr contains text or the timeout passes; true when it does.
    bool wait_for_stderr(const std::string& text, std::chrono::milliseconds timeout);
    // Collects output until stdout contains text or the timeout passes; true when it does.
    bool wait_for_stdout(const std::string& text, std::chrono::milliseconds timeout);
    void send_signal(int signal_number);
    // What stderr held when output was last collected.
    [[nodiscard]] const std::string& stderr_so_far() const { return m_stderr; }
    // The process id while the process is running (until wait()); -1 when it did not start.
    [[nodiscard]] pid_t pid() const { return m_pid; }
    // Collects output until the process ends; past the timeout it is killed (timed_out is set).
    ChildResult wait(std::chrono::milliseconds timeout);

private:
    // Reads what is available on the pipes, waiting at most timeout_ms; closes them at EOF.
    void pump(int timeout_ms);

    pid_t m_pid = -1;
    int m_out = -1;
    int m_err = -1;
    std::string m_stdout;
    std::string m_stderr;
};

// Runs a program to completion (see ChildProcess).
ChildResult run_child(const std::string& program, const std::vector<std::string>& args,
                      const std::vector<std::string>& env = {},
                      std::chrono::milliseconds timeout = std::chrono::seconds(120));

} // namespace diorama::test
