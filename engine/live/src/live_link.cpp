#include "diorama/live/live_link.h"

#include "api.h"
#include "changes.h"
#include "http_server.h"
#include "inbox.h"
#include "token.h"

#include "diorama/log.h"
#include "diorama/simulation.h"

#include <arpa/inet.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <thread>

namespace diorama::live {

namespace {

// The longest a GET /api/v1/changes waits for a change.
constexpr std::uint64_t kMaxWaitMs = 25'000;

// Whether host names the loopback interface only.
bool is_loopback(const std::string& host) {
    if (host == "localhost") return true;
    in_addr v4{};
    if (inet_pton(AF_INET, host.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
    in6_addr v6{};
    if (inet_pton(AF_INET6, host.c_str(), &v6) == 1) return IN6_IS_ADDR_LOOPBACK(&v6);
    return false;
}

void set_json(httplib::Response& res, int status, const std::string& body) {
    res.status = status;
    res.set_content(body, "application/json");
}

} // namespace

struct LiveLink::Impl {
    LiveLinkOptions options;
    std::string token;
    std::string url;
    int port = 0;
    Inbox inbox;
    ChangeLog changes;
    std::atomic<std::size_t> long_polls{0}; // GET /api/v1/changes waiting now
    TickTimes times;
    std::uint64_t timed_tick = 0; // the tick whose time was last taken
    std::atomic<bool> ready{false};
    BoundedServer server;
    std::thread listener;
    std::atomic<bool> listener_done{false}; // listen_after_bind returned

    explicit Impl(const LiveLinkOptions& o)
        : options(o), inbox(o.limits.pending_requests),
          server(HttpLimits{o.limits.threads, o.limits.queued_connections, o.limits.max_body_bytes,
                            o.limits.request_time, o.limits.keep_alive, 100}) {}

    // Whether the request carries the token; answers 401 when it does not.
    bool authorized(const httplib::Request& req, httplib::Response& res) const {
        if (same_token(bearer_token(req.get_header_value("Authorization")), token)) return true;
        res.set_header("WWW-Authenticate", "Bearer");
        set_json(res, 401,
                 "{\"error\":\"a valid token is needed: Authorization: Bearer TOKEN\"}\n");
        return false;
    }

    // GET /api/v1/changes?since=SEQ&wait_ms=N, answered on the HTTP thread from the change log.
    // At most half the threads wait at once; beyond that the answer comes without waiting.
    void changes_request(const httplib::Request& req, httplib::Response& res) {
        if (!authorized(req, res)) return;
        std::uint64_t since = 0;
        std::uint64_t wait_ms = 0;
        for (auto [name, target] : {std::pair{"since", &since}, std::pair{"wait_ms", &wait_ms}}) {
            if (!req.has_param(name)) continue;
            const std::string text = req.get_param_value(name);
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *target);
            if (ec != std::errc{} || end != text.data() + text.size()) {
                set_json(res, 400,
                         std::string("{\"error\":\"") + name +
                             " must be a whole number\",\"where\":\"" + name + "\"}\n");
                return;
            }
        }
        wait_ms = std::min<std::uint64_t>(wait_ms, kMaxWaitMs);
        if (long_polls.fetch_add(1) >= options.limits.threads / 2) wait_ms = 0;
        const std::string body = changes.after(since, std::chrono::milliseconds(wait_ms));
        long_polls.fetch_sub(1);
        set_json(res, 200, body);
    }

    // An /api request from an HTTP thread: checked for the token, then handed to the ticking
    // thread.
    void api(const httplib::Request& req, httplib::Response& res) {
        if (!authorized(req, res)) return;
        ApiRequest request;
        request.method = req.method;
        request.path = req.path;
        request.body = req.body;
        const httplib::Params params = req.params;
        request.query = [params](const std::string& key) {
            const auto it = params.find(key);
            return it != params.end() ? it->second : std::string();
        };
        ApiReply reply;
        switch (inbox.ask(std::move(request), options.limits.answer_time, reply)) {
        case Inbox::Outcome::Answered:
            res.status = reply.status;
            res.set_content(reply.body, reply.content_type.c_str());
            return;
        case Inbox::Outcome::Full:
            res.set_header("Retry-After", "1");
            set_json(res, 429, "{\"error\":\"too many requests wait for the game; try again\"}\n");
            return;
        case Inbox::Outcome::TimedOut:
            set_json(res, 503,
                     "{\"error\":\"the game did not reach a tick boundary in time; the request "
                     "was not carried out\"}\n");
            return;
        case Inbox::Outcome::Closed:
            set_json(res, 503, "{\"error\":\"the game is shutting down\"}\n");
            return;
        }
    }

    void routes() {
        server.Get("/healthz", [](const httplib::Request&, httplib::Response& res) {
            res.set_content("ok\n", "text/plain");
        });
        server.Get("/readyz", [this](const httplib::Request&, httplib::Response& res) {
            res.status = ready ? 200 : 503;
            res.set_content(ready ? "ready\n" : "not ready\n", "text/plain");
        });
        const auto api_handler = [this](const httplib::Request& req, httplib::Response& res) {
            api(req, res);
        };
        server.Get("/api/v1/changes", [this](const httplib::Request& req, httplib::Response& res) {
            changes_request(req, res);
        });
        server.Get("/api/.*", api_handler);
        server.Post("/api/.*", api_handler);
        server.Patch("/api/.*", api_handler);
        server.Delete("/api/.*", api_handler);
        server.Put("/api/.*", api_handler);
        server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
            if (!res.body.empty()) return;
            const char* what = res.status == 413   ? "the body is too large"
                               : res.status == 404 ? "no such endpoint"
                               : res.status == 400 ? "a malformed request"
                                                   : "the request was refused";
            set_json(res, res.status, std::string("{\"error\":\"") + what + "\"}\n");
        });
        server.set_exception_handler(
            [](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
                set_json(res, 500, "{\"error\":\"the request could not be answered\"}\n");
            });
    }
};

LiveLink::LiveLink(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}

LiveLink::~LiveLink() {
    m_impl->inbox.close();
    m_impl->changes.close();
    // httplib's stop() does nothing before the listener has started listening, which would then
    // listen for ever: a run of one tick ends that soon. Wait for it to start (or to have failed).
    while (!m_impl->server.is_running() && !m_impl->listener_done)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    m_impl->server.stop_all();
    if (m_impl->listener.joinable()) m_impl->listener.join();
}

Result<std::unique_ptr<LiveLink>> LiveLink::start(const LiveLinkOptions& options) {
    const std::string where = options.host + ":" + std::to_string(options.port);
    if (!is_loopback(options.host) && !options.allow_remote)
        return make_error(ErrorCode::InvalidArgument,
                          "the live link listens on loopback only unless allowed: " + options.host +
                              " is not a loopback address "
                              "(--inspect-allow-remote lets other machines connect)",
                          where);
    auto impl = std::make_unique<Impl>(options);
    if (!options.token.empty()) {
        impl->token = options.token;
    } else {
        auto token = random_token();
        if (!token) return token.error();
        impl->token = std::move(*token);
    }
    if (!options.token_file.empty())
        if (auto written = write_token_file(options.token_file, impl->token); !written)
            return written.error();
    impl->routes();
    impl->port = options.port == 0
                     ? impl->server.bind_to_any_port(options.host)
                     : (impl->server.bind_to_port(options.host, options.port) ? options.port : -1);
    if (impl->port <= 0)
        return make_error(ErrorCode::Io,
                          "cannot listen (the port is taken, or the address is not "
                          "this machine's)",
                          where);
    impl->server.widen_backlog();
    const bool v6 = options.host.find(':') != std::string::npos;
    impl->url = "http://" + (v6 ? "[" + options.host + "]" : options.host) + ":" +
                std::to_string(impl->port);
    Impl* raw = impl.get();
    impl->listener = std::thread([raw] {
        raw->server.listen_after_bind();
        raw->listener_done = true;
    });
    if (options.allow_remote && !is_loopback(options.host))
        log_warning("the live link accepts connections from other machines on " + impl->url +
                    ": anyone who has the token can read and change the game");
    return std::unique_ptr<LiveLink>(new LiveLink(std::move(impl)));
}

const std::string& LiveLink::url() const {
    return m_impl->url;
}
int LiveLink::port() const {
    return m_impl->port;
}
const std::string& LiveLink::token() const {
    return m_impl->token;
}

void LiveLink::set_ready(bool ready) {
    m_impl->ready = ready;
}

void LiveLink::serve(LiveGame& game) {
    Impl& impl = *m_impl;
    if (game.simulation.tick_count() != impl.timed_tick) {
        impl.timed_tick = game.simulation.tick_count();
        impl.times.add(game.simulation.last_tick().tick_ms);
    }
    impl.changes.look(game.world, game.simulation.tick_count()); // before answering: see changes.h
    if (!impl.inbox.has_waiting()) return;
    impl.inbox.serve([&](const ApiRequest& request) {
        // Nothing a request holds may end the game: an answer that cannot be made is a 500.
        try {
            return answer(request, game, impl.times);
        } catch (const std::exception& e) {
            log_error(std::string("live link: ") + request.method + " " + request.path +
                      " could not be answered: " + e.what());
            return ApiReply{500, "{\"error\":\"the request could not be answered\"}\n"};
        }
    });
}

void LiveLink::wait(std::chrono::milliseconds timeout) {
    m_impl->inbox.wait(timeout);
}

} // namespace diorama::live
