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

class ChildProcess {
public:
    // Starts program with args (argv[0] is the program); env entries ("NAME=value") are added to
    // (or replace in) this process's environment. A failed start shows as exit code 127.
    ChildProcess(const std::string& program, const std::vector<std::string>& args,
                 const std::vector<std::string>& env = {});
    // Kills and reaps the process if it is still running.
    ~ChildProcess();
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // Collects output until stdout holds something or the timeout passes; true when it does.
    bool wait_for_output(std::chrono::milliseconds timeout);
    // Collects output until stderr contains text or the timeout passes; true when it does.
    bool wait_for_stderr(const std::string& text, std::chrono::milliseconds timeout);
    void send_signal(int signal_number);
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
