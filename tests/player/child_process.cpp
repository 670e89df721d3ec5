#include "child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

extern char** environ;

namespace diorama::test {

namespace {

using Clock = std::chrono::steady_clock;

// The environment with entries ("NAME=value") added or replaced.
std::vector<std::string> merged_environment(const std::vector<std::string>& extra) {
    std::vector<std::string> env;
    auto name_of = [](const std::string& entry) { return entry.substr(0, entry.find('=')); };
    for (char** e = environ; *e != nullptr; ++e) {
        const std::string entry(*e);
        const bool replaced = std::any_of(extra.begin(), extra.end(), [&](const std::string& x) {
            return name_of(x) == name_of(entry);
        });
        if (!replaced) env.push_back(entry);
    }
    env.insert(env.end(), extra.begin(), extra.end());
    return env;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
    std::vector<char*> p;
    for (std::string& s : strings)
        p.push_back(s.data());
    p.push_back(nullptr);
    return p;
}

int remaining_ms(Clock::time_point deadline) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    return static_cast<int>(std::max<std::chrono::milliseconds::rep>(0, left.count()));
}

} // namespace

ChildProcess::ChildProcess(const std::string& program, const std::vector<std::string>& args,
                           const std::vector<std::string>& env)
    : ChildProcess(program, args, ChildOptions{.env = env}) {}

ChildProcess::ChildProcess(const std::string& program, const std::vector<std::string>& args,
                           const ChildOptions& options) {
    std::vector<std::string> argv_strings{program};
    argv_strings.insert(argv_strings.end(), args.begin(), args.end());
    std::vector<std::string> env_strings = merged_environment(options.env);
    std::vector<char*> argv = pointers(argv_strings);
    std::vector<char*> envp = pointers(env_strings);

    int out_pipe[2] = {-1, -1};
    int err_pipe[2] = {-1, -1};
    if ((options.stdout_to == kCaptured && pipe2(out_pipe, O_CLOEXEC) != 0) ||
        (options.stderr_to == kCaptured && pipe2(err_pipe, O_CLOEXEC) != 0))
        return;
    const int targets[2] = {options.stdout_to == kCaptured ? out_pipe[1] : options.stdout_to,
                            options.stderr_to == kCaptured ? err_pipe[1] : options.stderr_to};
    m_pid = fork();
    if (m_pid == 0) {
        // Only async-signal-safe calls between fork and exec.
        for (const int stream : {STDOUT_FILENO, STDERR_FILENO}) {
            const int target = targets[stream - STDOUT_FILENO];
            if (target == kClosed)
                close(stream);
            else
                dup2(target, stream);
        }
        struct sigaction default_action {};
        default_action.sa_handler = SIG_DFL;
        sigemptyset(&default_action.sa_mask);
        for (const int signal_number : {SIGHUP, SIGINT, SIGTERM, SIGPIPE})
            sigaction(signal_number, &default_action, nullptr);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, nullptr);
        execve(argv[0], argv.data(), envp.data());
        _exit(127);
    }
    for (const int fd : {out_pipe[1], err_pipe[1]})
        if (fd >= 0) close(fd);
    if (m_pid < 0) {
        for (const int fd : {out_pipe[0], err_pipe[0]})
            if (fd >= 0) close(fd);
        return;
    }
    m_out = out_pipe[0];
    m_err = err_pipe[0];
}

ChildProcess::~ChildProcess() {
    if (m_pid > 0) {
        kill(m_pid, SIGKILL);
        waitpid(m_pid, nullptr, 0);
    }
    if (m_out >= 0) close(m_out);
    if (m_err >= 0) close(m_err);
}

void ChildProcess::pump(int timeout_ms) {
    pollfd fds[2] = {{m_out, POLLIN, 0}, {m_err, POLLIN, 0}};
    if (poll(fds, 2, timeout_ms) <= 0) return;
    std::string* sinks[2] = {&m_stdout, &m_stderr};
    int* ends[2] = {&m_out, &m_err};
    for (int i = 0; i < 2; ++i) {
        if (fds[i].fd < 0 || fds[i].revents == 0) continue;
        char buffer[4096];
        const ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
        if (n > 0) {
            sinks[i]->append(buffer, static_cast<std::size_t>(n));
        } else if (n == 0 || errno != EINTR) {
            close(*ends[i]);
            *ends[i] = -1;
        }
    }
}

bool ChildProcess::wait_for_output(std::chrono::milliseconds timeout) {
    const Clock::time_point deadline = Clock::now() + timeout;
    while (m_stdout.empty() && m_out >= 0 && Clock::now() < deadline)
        pump(remaining_ms(deadline));
    return !m_stdout.empty();
}

bool ChildProcess::wait_for_stderr(const std::string& text, std::chrono::milliseconds timeout) {
    const Clock::time_point deadline = Clock::now() + timeout;
    while (m_stderr.find(text) == std::string::npos && m_err >= 0 && Clock::now() < deadline)
        pump(remaining_ms(deadline));
    return m_stderr.find(text) != std::string::npos;
}

bool ChildProcess::wait_for_stdout(const std::string& text, std::chrono::milliseconds timeout) {
    const Clock::time_point deadline = Clock::now() + timeout;
    while (m_stdout.find(text) == std::string::npos && m_out >= 0 && Clock::now() < deadline)
        pump(remaining_ms(deadline));
    return m_stdout.find(text) != std::string::npos;
}

void ChildProcess::send_signal(int signal_number) {
    if (m_pid > 0) kill(m_pid, signal_number);
}

ChildResult ChildProcess::wait(std::chrono::milliseconds timeout) {
    ChildResult result;
    if (m_pid <= 0) {
        result.err = std::string("cannot start the process: ") + std::strerror(errno);
        return result;
    }
    const Clock::time_point deadline = Clock::now() + timeout;
    while ((m_out >= 0 || m_err >= 0) && Clock::now() < deadline)
        pump(remaining_ms(deadline));
    int status = 0;
    while (waitpid(m_pid, &status, WNOHANG) == 0) {
        if (Clock::now() >= deadline) {
            result.timed_out = true;
            kill(m_pid, SIGKILL);
            waitpid(m_pid, &status, 0);
            break;
        }
        pump(10);
    }
    m_pid = -1;
    if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
    result.out = std::move(m_stdout);
    result.err = std::move(m_stderr);
    return result;
}

ChildResult run_child(const std::string& program, const std::vector<std::string>& args,
                      const std::vector<std::string>& env, std::chrono::milliseconds timeout) {
    ChildProcess child(program, args, env);
    return child.wait(timeout);
}

} // namespace diorama::test
