#pragma once
// ProjectLock: one editor per project. An exclusive flock on PROJECT/.diorama/lock, which holds
// the owner's pid and host; the kernel releases it when the owner's process ends, however it
// ends. A clean release also removes the file (and .diorama when nothing else is in it), also
// when the project folder was moved meanwhile.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace diorama::editor {

// Who holds a project's lock, as its lock file says.
struct LockHolder {
    long pid = 0;     // 0: not written yet
    std::string host; // empty: not written yet
    // "pid 1234 on HOST" ("an editor that has not written its pid yet" when unknown).
    [[nodiscard]] std::string describe() const;
};

struct LockAttempt;

class ProjectLock {
public:
    ProjectLock(const ProjectLock&) = delete;
    ProjectLock& operator=(const ProjectLock&) = delete;
    // Releases the lock and removes its file.
    ~ProjectLock();

private:
    friend LockAttempt lock_project(const std::filesystem::path& root);
    ProjectLock(int root, int folder, int file) : m_root(root), m_folder(folder), m_file(file) {}
    int m_root = -1;   // the project folder (followed if it moves)
    int m_folder = -1; // its .diorama
    int m_file = -1;   // the lock file, flocked
};

// What trying to lock a project came to: exactly one of the three is set.
struct LockAttempt {
    std::unique_ptr<ProjectLock> lock;  // this editor holds it
    std::optional<LockHolder> holder;   // another process holds it
    std::string error;                  // no lock could be made (a read-only folder...)
};

// Takes the project's lock without waiting (creating .diorama/ and the file when missing) and
// writes this process's pid and host into it.
[[nodiscard]] LockAttempt lock_project(const std::filesystem::path& root);

} // namespace diorama::editor
