#include "diorama/live/live_client.h"

#include "diorama/file_io.h"

#include <httplib.h>

#include <algorithm>
#include <charconv>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace diorama::live {

Result<LiveAddress> parse_live_address(std::string_view url, std::string token) {
    std::string_view rest = url;
    if (rest.starts_with("http://")) rest.remove_prefix(7);
    while (!rest.empty() && rest.back() == '/')
        rest.remove_suffix(1);
    const std::size_t colon = rest.rfind(':');
    if (colon == std::string_view::npos || colon == 0)
        return make_error(ErrorCode::InvalidArgument,
                          "expected HOST:PORT, e.g. 127.0.0.1:7777 (the URL the player logged)",
                          std::string(url));
    std::string_view host = rest.substr(0, colon);
    if (host.size() >= 2 && host.front() == '[' && host.back() == ']')
        host = host.substr(1, host.size() - 2);
    const std::string_view port_text = rest.substr(colon + 1);
    int port = 0;
    const auto [end, ec] =
        std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
    if (ec != std::errc{} || end != port_text.data() + port_text.size() || port < 1 || port > 65535)
        return make_error(ErrorCode::InvalidArgument, "the port must be 1 to 65535",
                          std::string(url));
    if (token.empty())
        return make_error(ErrorCode::InvalidArgument,
                          "a token is needed (the one the player logged, or its token file)",
                          std::string(url));
    return LiveAddress{std::string(host), port, std::move(token)};
}

Result<std::string> read_token_file(const std::filesystem::path& path) {
    auto text = read_file(path, 4096);
    if (!text) return text.error();
    std::string token = text->substr(0, text->find('\n'));
    while (!token.empty() && (token.back() == '\r' || token.back() == ' '))
        token.pop_back();
    if (token.empty())
        return make_error(ErrorCode::InvalidArgument, "the token file is empty", path.string());
    return token;
}

namespace {

struct Command {
    std::string method;
    std::string path;
    std::string body;
};

// The error an answer carries ({"error": ...}), or its status.
std::string error_of(const httplib::Result& res) {
    if (!res) return "no answer: " + httplib::to_string(res.error());
    const Json body = Json::parse(res->body, nullptr, false);
    if (body.is_object() && body.contains("error") && body["error"].is_string())
        return body["error"].get<std::string>() +
               (body.contains("where") ? " (" + body["where"].get<std::string>() + ")" : "");
    return "HTTP " + std::to_string(res->status);
}

LiveClient::Node node_of(const Json& j) {
    LiveClient::Node node;
    node.guid = j.value("guid", std::string());
    node.name = j.value("name", std::string());
    node.parent = j.contains("parent") && j["parent"].is_string() ? j["parent"].get<std::string>()
                                                                  : std::string();
    node.layer = j.value("layer", std::string());
    return node;
}

} // namespace

struct LiveClient::Impl {
    LiveAddress address;
    std::chrono::milliseconds refresh;
    mutable std::mutex mutex;
    std::condition_variable wake;
    bool stopping = false;
    View view;
    std::string selected;
    bool state_wanted = false;
    std::deque<Command> commands;
    std::thread thread;

    // The thread's own: the tree as the change stream keeps it.
    std::vector<Node> tree;
    std::uint64_t seq = 0;
    bool have_tree = false;

    Impl(LiveAddress a, std::chrono::milliseconds r) : address(std::move(a)), refresh(r) {}

    void set_state(State state, std::string problem) {
        std::lock_guard lock(mutex);
        view.state = state;
        view.problem = std::move(problem);
    }

    // False when the answer says the connection is gone or refused (the state says which).
    bool answered(const httplib::Result& res) {
        if (!res) {
            set_state(State::Lost,
                      "the player does not answer: " + httplib::to_string(res.error()));
            have_tree = false; // changes may be missed meanwhile: read the tree again
            return false;
        }
        if (res->status == 401) {
            set_state(State::Unauthorized, "the player refused the token");
            return false;
        }
        return true;
    }

    bool send_commands(httplib::Client& client) {
        std::deque<Command> pending;
        {
            std::lock_guard lock(mutex);
            pending.swap(commands);
        }
        for (std::size_t i = 0; i < pending.size(); ++i) {
            const Command& c = pending[i];
            httplib::Result res =
                c.method == "PATCH" ? client.Patch(c.path.c_str(), c.body, "application/json")
                : c.method == "PUT" ? client.Put(c.path.c_str(), c.body, "text/plain")
                                    : client.Post(c.path.c_str(), c.body, "application/json");
            const bool reached = answered(res);
            std::lock_guard lock(mutex);
            ++view.commands_sent;
            if (!reached) {
                // Never resent later (a step minutes late would surprise): the rest are dropped.
                view.commands_sent += pending.size() - 1 - i;
                view.last_error = "not sent: " + view.problem;
                return false;
            }
            if (res->status >= 400) view.last_error = error_of(res);
        }
        return true;
    }

    bool read_state(httplib::Client& client) {
        std::uint64_t after = 0;
        {
            std::lock_guard lock(mutex);
            if (!state_wanted) return true;
            after = view.commands_sent;
        }
        httplib::Result res = client.Get("/api/v1/state");
        if (!answered(res)) return false;
        std::lock_guard lock(mutex);
        if (res->status != 200) {
            view.last_error = "the state could not be read: " + error_of(res);
            return true; // asked again by the next request_state
        }
        state_wanted = false;
        view.scene_text = std::make_shared<const std::string>(std::move(res->body));
        view.scene_after = after;
        ++view.scene_version;
        return true;
    }

    bool read_world(httplib::Client& client) {
        httplib::Result res = client.Get("/api/v1/world");
        if (!answered(res)) return false;
        Json world = Json::parse(res->body, nullptr, false);
        std::lock_guard lock(mutex);
        view.world = std::move(world);
        view.state = State::Connected;
        view.problem.clear();
        return true;
    }

    // The whole tree, then the change stream from the seq it answered.
    bool read_tree(httplib::Client& client) {
        httplib::Result start = client.Get("/api/v1/changes?since=0&wait_ms=1000");
        if (!answered(start)) return false;
        const Json begun = Json::parse(start->body, nullptr, false);
        std::vector<Node> nodes;
        for (std::size_t offset = 0;; offset += 1000) {
            httplib::Result page =
                client.Get(("/api/v1/objects?limit=1000&offset=" + std::to_string(offset)).c_str());
            if (!answered(page)) return false;
            const Json list = Json::parse(page->body, nullptr, false);
            if (!list.is_object() || !list.contains("objects")) return false;
            for (const Json& o : list["objects"])
                nodes.push_back(node_of(o));
            if (list["objects"].size() < 1000) break;
        }
        tree = std::move(nodes);
        seq = begun.value("seq", std::uint64_t{0});
        have_tree = true;
        publish_tree();
        return true;
    }

    bool follow_changes(httplib::Client& client) {
        httplib::Result res =
            client.Get(("/api/v1/changes?since=" + std::to_string(seq) + "&wait_ms=0").c_str());
        if (!answered(res)) return false;
        const Json changes = Json::parse(res->body, nullptr, false);
        if (!changes.is_object()) return false;
        if (changes.value("reset", false)) {
            have_tree = false;
            return true;
        }
        seq = changes.value("seq", seq);
        if (changes["batches"].empty()) return true;
        std::unordered_map<std::string, std::size_t> at;
        for (std::size_t i = 0; i < tree.size(); ++i)
            at[tree[i].guid] = i;
        std::vector<bool> gone(tree.size(), false);
        for (const Json& batch : changes["batches"]) {
            for (const char* kind : {"created", "changed"})
                for (const Json& o : batch[kind]) {
                    Node node = node_of(o);
                    if (const auto it = at.find(node.guid); it != at.end()) {
                        tree[it->second] = std::move(node);
                        gone[it->second] = false;
                    } else {
                        at[node.guid] = tree.size();
                        tree.push_back(std::move(node));
                        gone.push_back(false);
                    }
                }
            for (const Json& guid : batch["destroyed"])
                if (const auto it = at.find(guid.get<std::string>()); it != at.end())
                    gone[it->second] = true;
        }
        std::vector<Node> kept;
        kept.reserve(tree.size());
        for (std::size_t i = 0; i < tree.size(); ++i)
            if (!gone[i]) kept.push_back(std::move(tree[i]));
        tree = std::move(kept);
        publish_tree();
        return true;
    }

    void publish_tree() {
        std::lock_guard lock(mutex);
        view.tree = tree;
        ++view.tree_version;
    }

    bool read_selected(httplib::Client& client) {
        std::string guid;
        std::uint64_t after = 0;
        {
            std::lock_guard lock(mutex);
            guid = selected;
            after = view.commands_sent;
        }
        if (guid.empty()) return true;
        httplib::Result res = client.Get(("/api/v1/objects/" + guid).c_str());
        if (!answered(res)) return false;
        Json object = Json::parse(res->body, nullptr, false);
        std::lock_guard lock(mutex);
        if (selected != guid) return true; // the selection moved on meanwhile
        if (res->status == 200 && object.is_object()) {
            view.selected_tick = object.value("tick", std::uint64_t{0});
            view.selected = std::move(object["object"]);
            view.selected_after = after;
        } else {
            view.selected = nullptr;
        }
        return true;
    }

    void run() {
        httplib::Client client(address.host, address.port);
        client.set_connection_timeout(2, 0);
        client.set_read_timeout(5, 0);
        client.set_write_timeout(5, 0);
        client.set_keep_alive(true);
        client.set_default_headers({{"Authorization", "Bearer " + address.token}});
        for (;;) {
            const bool ok = send_commands(client) && read_world(client) &&
                            (have_tree ? follow_changes(client) : read_tree(client)) &&
                            read_selected(client) && read_state(client);
            std::unique_lock lock(mutex);
            if (view.state == State::Unauthorized) { // nothing more to try
                wake.wait(lock, [&] { return stopping; });
                return;
            }
            const auto pause = ok ? refresh : std::chrono::milliseconds(500);
            wake.wait_for(lock, pause,
                          [&] { return stopping || !commands.empty() || (ok && state_wanted); });
            if (stopping) return;
        }
    }
};

LiveClient::LiveClient(LiveAddress address, std::chrono::milliseconds refresh)
    : m_impl(std::make_unique<Impl>(std::move(address), refresh)) {
    m_impl->thread = std::thread([impl = m_impl.get()] { impl->run(); });
}

LiveClient::~LiveClient() {
    {
        std::lock_guard lock(m_impl->mutex);
        m_impl->stopping = true;
    }
    m_impl->wake.notify_all();
    m_impl->thread.join();
}

LiveClient::View LiveClient::view() const {
    std::lock_guard lock(m_impl->mutex);
    return m_impl->view;
}

const LiveAddress& LiveClient::address() const {
    return m_impl->address;
}

void LiveClient::select(std::string guid) {
    std::lock_guard lock(m_impl->mutex);
    if (m_impl->selected != guid) m_impl->view.selected = nullptr;
    m_impl->selected = std::move(guid);
}

void LiveClient::request_state() {
    {
        std::lock_guard lock(m_impl->mutex);
        m_impl->state_wanted = true;
    }
    m_impl->wake.notify_all();
}

namespace {

void queue(LiveClient::Impl& impl, Command command) {
    {
        std::lock_guard lock(impl.mutex);
        impl.commands.push_back(std::move(command));
    }
    impl.wake.notify_all();
}

} // namespace

void LiveClient::set_field(std::string guid, std::string path, Json value) {
    queue(*m_impl,
          Command{"PATCH", "/api/v1/objects/" + guid,
                  to_compact_json({{"path", std::move(path)}, {"value", std::move(value)}})});
}

void LiveClient::pause() {
    queue(*m_impl, Command{"POST", "/api/v1/pause", ""});
}

void LiveClient::resume() {
    queue(*m_impl, Command{"POST", "/api/v1/resume", ""});
}

void LiveClient::step(std::uint64_t ticks) {
    queue(*m_impl, Command{"POST", "/api/v1/step", to_compact_json({{"ticks", ticks}})});
}

void LiveClient::replace_script(std::string file, std::string source) {
    queue(*m_impl, Command{"PUT", "/api/v1/scripts/" + file, std::move(source)});
}

} // namespace diorama::live
