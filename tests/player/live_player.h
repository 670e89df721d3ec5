#pragma once
// A diorama-player run with the live link (--inspect 0), started as a child process, and an HTTP
// client of it, for the live link's end-to-end tests.

#include "child_process.h"

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <signal.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <regex>
#include <string>
#include <vector>

namespace diorama::test {

inline const std::string kPlayer = DIORAMA_PLAYER_PATH;
inline const std::filesystem::path kBounce =
    std::filesystem::path(DIORAMA_SOURCE_DIR) / "projects" / "bounce";
inline const std::filesystem::path kPlatformer =
    std::filesystem::path(DIORAMA_SOURCE_DIR) / "projects" / "platformer";

// A player run with the live link, and a client of it.
class LivePlayer {
public:
    explicit LivePlayer(std::vector<std::string> extra, std::vector<std::string> env = {},
                        const std::filesystem::path& project = kBounce) {
        std::vector<std::string> args = {"run", project.string(), "--inspect", "0"};
        args.insert(args.end(), extra.begin(), extra.end());
        ChildOptions options;
        options.env = std::move(env);
        child = std::make_unique<ChildProcess>(kPlayer, args, options);
        if (!child->wait_for_stderr("live link: ", std::chrono::seconds(20))) return;
        // The line may still be arriving: wait for its end.
        child->wait_for_stderr(")", std::chrono::seconds(5));
        const std::string err = child->stderr_so_far();
        std::smatch m;
        static const std::regex kLine(
            R"(live link: http://127\.0\.0\.1:(\d+) \(token ([^)\s]+)\))");
        if (std::regex_search(err, m, kLine)) {
            port = std::stoi(m[1]);
            token = m[2];
        }
    }
    ~LivePlayer() {
        if (child && child->pid() > 0) {
            child->send_signal(SIGINT);
            child->wait(std::chrono::seconds(20));
        }
    }

    [[nodiscard]] httplib::Client client() const {
        httplib::Client c("127.0.0.1", port);
        c.set_read_timeout(10, 0);
        c.set_connection_timeout(5, 0);
        return c;
    }
    [[nodiscard]] httplib::Headers auth() const { return {{"Authorization", "Bearer " + token}}; }
    // GET path with the token; the body as JSON (null when it is not JSON).
    nlohmann::json get(const std::string& path, int* status = nullptr) const {
        auto c = client();
        auto res = c.Get(path.c_str(), auth());
        if (!res) return nlohmann::json();
        if (status != nullptr) *status = res->status;
        return nlohmann::json::parse(res->body, nullptr, false);
    }
    nlohmann::json send(const std::string& method, const std::string& path, const std::string& body,
                        int* status = nullptr) const {
        auto c = client();
        httplib::Result res =
            method == "PUT"     ? c.Put(path.c_str(), auth(), body, "text/plain")
            : method == "POST"  ? c.Post(path.c_str(), auth(), body, "application/json")
            : method == "PATCH" ? c.Patch(path.c_str(), auth(), body, "application/json")
                                : c.Delete(path.c_str(), auth(), body, "application/json");
        if (!res) return nlohmann::json();
        if (status != nullptr) *status = res->status;
        return nlohmann::json::parse(res->body, nullptr, false);
    }
    std::uint64_t tick() const { return get("/api/v1/world").value("tick", std::uint64_t{0}); }
    // The guid of the first object named `name`.
    std::string guid_of(const std::string& name) const {
        const nlohmann::json list = get("/api/v1/objects?name=" + name + "&limit=1");
        return list.contains("objects") && !list["objects"].empty()
                   ? list["objects"][0]["guid"].get<std::string>()
                   : std::string();
    }
    // How many descriptors the player holds open.
    std::size_t open_descriptors() const {
        std::size_t n = 0;
        for ([[maybe_unused]] const auto& e :
             std::filesystem::directory_iterator("/proc/" + std::to_string(child->pid()) + "/fd"))
            ++n;
        return n;
    }

    std::unique_ptr<ChildProcess> child;
    int port = 0;
    std::string token;
};

} // namespace diorama::test
