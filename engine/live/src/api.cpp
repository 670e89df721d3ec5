#include "api.h"

#include "diorama/components.h"
#include "diorama/field_path.h"
#include "diorama/game.h"
#include "diorama/json_io.h"
#include "diorama/prefab.h"
#include "diorama/project.h"
#include "diorama/scene_file.h"
#include "diorama/scripts.h"
#include "diorama/simulation.h"
#include "diorama/state_hash.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <string_view>
#include <vector>

namespace diorama::live {

// ---- tick times ----

void TickTimes::add(double ms) {
    m_ms[m_count % kWindow] = ms;
    m_last = ms;
    ++m_count;
}

double TickTimes::mean() const {
    const std::size_t n = std::min(m_count, kWindow);
    if (n == 0) return 0.0;
    double sum = 0.0;
    for (std::size_t i = 0; i < n; ++i)
        sum += m_ms[i];
    return sum / static_cast<double>(n);
}

double TickTimes::percentile(double p) const {
    const std::size_t n = std::min(m_count, kWindow);
    if (n == 0) return 0.0;
    std::vector<double> sorted(m_ms.begin(), m_ms.begin() + static_cast<std::ptrdiff_t>(n));
    std::sort(sorted.begin(), sorted.end());
    const auto at = static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(n))) - 1;
    return sorted[std::min(at, n - 1)];
}

double TickTimes::max() const {
    const std::size_t n = std::min(m_count, kWindow);
    return n == 0 ? 0.0 : *std::max_element(m_ms.begin(), m_ms.begin() + static_cast<long>(n));
}

namespace {

constexpr std::string_view kPrefix = "/api/v1/";
constexpr std::size_t kMaxPage = 1000;
constexpr std::uint64_t kMaxSteps = 100'000;

ApiReply json_reply(int status, const Json& body) {
    return ApiReply{status, to_compact_json(body) + "\n"};
}

ApiReply error_reply(int status, std::string message, std::string where = {}) {
    Json body = {{"error", std::move(message)}};
    if (!where.empty()) body["where"] = std::move(where);
    return json_reply(status, body);
}

// 400 for a refused value, 404 for something that does not exist.
ApiReply error_reply(const Error& error) {
    const int status =
        error.code == ErrorCode::NotFound || error.code == ErrorCode::StaleHandle ? 404 : 400;
    return error_reply(status, error.message, error.where);
}

// The request's path after /api/v1/, split at '/'.
std::vector<std::string_view> segments(std::string_view path) {
    std::vector<std::string_view> out;
    path.remove_prefix(std::min(path.size(), kPrefix.size()));
    while (!path.empty()) {
        const std::size_t slash = path.find('/');
        out.push_back(path.substr(0, slash));
        if (slash == std::string_view::npos) break;
        path.remove_prefix(slash + 1);
    }
    return out;
}

std::optional<std::uint64_t> parse_count(std::string_view text) {
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return value;
}

std::size_t resident_bytes() {
    std::ifstream statm("/proc/self/statm");
    std::size_t pages = 0;
    std::size_t resident = 0;
    statm >> pages >> resident;
    return resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
}

Json guid_json(Guid guid) {
    return guid.value == 0 ? Json(nullptr) : Json(to_string(guid));
}

// The body as a JSON object; an error reply (naming line:column) when it is not one.
Result<Json> body_object(const ApiRequest& request) {
    if (request.body.empty()) return Json::object();
    auto parsed = parse_json(request.body, "request body");
    if (!parsed) return parsed.error();
    if (!parsed->is_object())
        return make_error(ErrorCode::Type, "expected a JSON object", "request body");
    return std::move(*parsed);
}

// The live object a guid segment names.
Result<Handle> object_at(World& world, std::string_view text) {
    const std::optional<Guid> guid = parse_guid(text);
    if (!guid)
        return make_error(ErrorCode::InvalidArgument,
                          "'" + std::string(text) + "' is not a guid (16 hex digits)", "path");
    const Handle h = world.find(*guid);
    if (!world.alive(h) || world.destroying(h))
        return make_error(ErrorCode::NotFound, "no object with guid " + std::string(text), "path");
    return h;
}

// An object as the API shows it: its identity and every component with every field.
Result<Json> object_entry(const LiveGame& game, Handle h) {
    const World& world = game.world;
    auto components = components_to_json(world, h);
    if (!components) return components.error();
    Json entry = {{"guid", to_string(world.guid(h))},
                  {"name", world.name(h)},
                  {"layer", world.layers()[world.layer(h)]},
                  {"parent", guid_json(world.guid(world.parent(h)))},
                  {"components", std::move(*components)}};
    if (const PrefabInstance* instance = world.get<PrefabInstance>(h)) {
        entry["prefab"] = instance->prefab;
        if (!instance->part.is_null()) entry["part"] = to_string(instance->part);
    }
    return entry;
}

// ---- endpoints ----

ApiReply get_world(const LiveGame& game, const TickTimes& times) {
    const Game& g = game.game;
    return json_reply(
        200, {{"project", g.has_project() ? g.project().name : std::string()},
              {"scene", game.scene_name},
              {"tick", game.simulation.tick_count()},
              {"tick_rate_hz", 1.0 / game.simulation.step_s()},
              {"paused", game.paused},
              {"objects", game.world.object_count()},
              {"tick_ms",
               {{"last", times.last()},
                {"mean", times.mean()},
                {"p99", times.percentile(99.0)},
                {"max", times.max()},
                {"window", std::min(times.count(), TickTimes::kWindow)}}},
              {"memory",
               {{"rss_bytes", resident_bytes()}, {"world_bytes", game.world.memory_bytes()}}}});
}

ApiReply list_objects(const ApiRequest& request, const LiveGame& game) {
    const World& world = game.world;
    std::uint64_t offset = 0;
    std::uint64_t limit = 100;
    for (auto [name, target] : {std::pair{"offset", &offset}, std::pair{"limit", &limit}}) {
        const std::string text = request.query(name);
        if (text.empty()) continue;
        const auto value = parse_count(text);
        if (!value) return error_reply(400, std::string(name) + " must be a whole number", name);
        *target = *value;
    }
    if (limit == 0 || limit > kMaxPage)
        return error_reply(400, "limit must be 1 to " + std::to_string(kMaxPage), "limit");
    const std::string name_part = request.query("name");
    std::optional<LayerId> layer;
    if (const std::string text = request.query("layer"); !text.empty()) {
        layer = world.find_layer(text);
        if (!layer) return error_reply(400, "no layer named '" + text + "'", "layer");
    }
    std::optional<ComponentId> component;
    if (const std::string text = request.query("component"); !text.empty()) {
        const TypeInfo* type = world.registry().find(text);
        if (type == nullptr)
            return error_reply(400, "no component type '" + text + "'", "component");
        component = type->id;
    }
    Json objects = Json::array();
    std::uint64_t total = 0;
    world.each_object([&](Handle h) {
        if (world.destroying(h)) return;
        if (layer && world.layer(h) != *layer) return;
        if (component && !world.has(h, *component)) return;
        if (!name_part.empty() && world.name(h).find(name_part) == std::string::npos) return;
        if (total++ < offset || objects.size() >= limit) return;
        Json types = Json::array();
        for (const ComponentId id : world.components_of(h))
            if (const TypeInfo* type = world.registry().find(id)) types.push_back(type->name);
        objects.push_back({{"guid", to_string(world.guid(h))},
                           {"name", world.name(h)},
                           {"layer", world.layers()[world.layer(h)]},
                           {"parent", guid_json(world.guid(world.parent(h)))},
                           {"components", std::move(types)}});
    });
    return json_reply(200, {{"tick", game.simulation.tick_count()},
                            {"total", total},
                            {"offset", offset},
                            {"limit", limit},
                            {"objects", std::move(objects)}});
}

ApiReply get_object(const LiveGame& game, Handle h) {
    auto entry = object_entry(game, h);
    if (!entry) return error_reply(500, entry.error().message, entry.error().where);
    return json_reply(200, {{"tick", game.simulation.tick_count()}, {"object", std::move(*entry)}});
}

// PATCH {"path": "Transform2D.position", "value": [1, 2]}
ApiReply set_object_field(const ApiRequest& request, LiveGame& game, Handle h,
                          std::string_view guid_text) {
    auto body = body_object(request);
    if (!body) return error_reply(body.error());
    const auto path = body->find("path");
    if (path == body->end() || !path->is_string())
        return error_reply(400, "expected \"path\": a field path such as \"Transform2D.position\"",
                           "request body.path");
    const auto value = body->find("value");
    if (value == body->end()) return error_reply(400, "expected \"value\"", "request body.value");
    if (auto set = set_field_json(game.world, h, path->get<std::string>(), *value,
                                  "objects/" + std::string(guid_text));
        !set)
        return error_reply(set.error());
    return get_object(game, h);
}

// POST {"prefab": "ball", "position": [x, y], "name": "..."}
ApiReply create_object(const ApiRequest& request, LiveGame& game) {
    auto body = body_object(request);
    if (!body) return error_reply(body.error());
    const auto prefab = body->find("prefab");
    if (prefab == body->end() || !prefab->is_string())
        return error_reply(400, "expected \"prefab\": a prefab's name", "request body.prefab");
    const std::string name = prefab->get<std::string>();
    if (game.game.prefabs().find(name) == nullptr)
        return error_reply(404, "no prefab named '" + name + "'", "request body.prefab");
    glm::vec2 at{0.0f};
    if (const auto position = body->find("position"); position != body->end()) {
        if (!position->is_array() || position->size() != 2 || !(*position)[0].is_number() ||
            !(*position)[1].is_number() || !std::isfinite((*position)[0].get<float>()) ||
            !std::isfinite((*position)[1].get<float>()))
            return error_reply(400, "expected [x, y] (finite numbers)", "request body.position");
        at = {(*position)[0].get<float>(), (*position)[1].get<float>()};
    }
    const Handle h = spawn(game.world, name, at);
    if (h.generation == 0) return error_reply(500, "cannot create an instance of '" + name + "'");
    if (const auto given = body->find("name"); given != body->end() && given->is_string())
        game.world.set_name(h, given->get<std::string>());
    ApiReply reply = get_object(game, h);
    reply.status = 201;
    return reply;
}

ApiReply destroy_object(LiveGame& game, Handle h) {
    const Guid guid = game.world.guid(h);
    game.world.destroy(h);
    return json_reply(200,
                      {{"tick", game.simulation.tick_count()}, {"destroyed", to_string(guid)}});
}

// POST {"to": guid (none: broadcast), "layer": name (a broadcast's), "kind": "name", "i", "f",
// "v": [x, y], "ref": guid, "text"}
ApiReply send_message(const ApiRequest& request, LiveGame& game) {
    auto body = body_object(request);
    if (!body) return error_reply(body.error());
    World& world = game.world;
    const auto kind = body->find("kind");
    if (kind == body->end() || !kind->is_string() || kind->get<std::string>().empty())
        return error_reply(400, "expected \"kind\": the message's name", "request body.kind");
    Message message;
    message.kind = message_kind(kind->get<std::string>());
    const Json& b = *body;
    if (b.contains("i")) {
        if (!b["i"].is_number_integer())
            return error_reply(400, "expected a whole number", "request body.i");
        message.i = b["i"].get<std::int32_t>();
    }
    if (b.contains("f")) {
        if (!b["f"].is_number() || !std::isfinite(b["f"].get<float>()))
            return error_reply(400, "expected a finite number", "request body.f");
        message.f = b["f"].get<float>();
    }
    if (b.contains("v")) {
        const Json& v = b["v"];
        if (!v.is_array() || v.size() != 2 || !v[0].is_number() || !v[1].is_number())
            return error_reply(400, "expected [x, y]", "request body.v");
        message.v = {v[0].get<float>(), v[1].get<float>()};
    }
    if (b.contains("ref") && !b["ref"].is_null()) {
        const std::optional<Guid> ref =
            b["ref"].is_string() ? parse_guid(b["ref"].get<std::string>()) : std::nullopt;
        if (!ref)
            return error_reply(400, "expected a guid (16 hex digits) or null", "request body.ref");
        message.ref = *ref;
    }
    if (b.contains("text")) {
        if (!b["text"].is_string())
            return error_reply(400, "expected a string", "request body.text");
        message.text = b["text"].get<std::string>();
    }
    if (b.contains("to") && !b["to"].is_null()) {
        if (!b["to"].is_string()) return error_reply(400, "expected a guid", "request body.to");
        auto target = object_at(world, b["to"].get<std::string>());
        if (!target) return error_reply(404, target.error().message, "request body.to");
        world.send(*target, std::move(message));
    } else {
        std::optional<LayerId> layer;
        if (b.contains("layer")) {
            if (!b["layer"].is_string())
                return error_reply(400, "expected a layer's name", "request body.layer");
            layer = world.find_layer(b["layer"].get<std::string>());
            if (!layer)
                return error_reply(404, "no layer named '" + b["layer"].get<std::string>() + "'",
                                   "request body.layer");
        }
        world.broadcast(std::move(message), layer);
    }
    return json_reply(202, {{"tick", game.simulation.tick_count()}, {"queued", true}});
}

ApiReply control(std::string_view what, const ApiRequest& request, LiveGame& game) {
    if (what == "pause") game.paused = true;
    if (what == "resume") game.paused = false;
    if (what == "step") {
        auto body = body_object(request);
        if (!body) return error_reply(body.error());
        std::uint64_t ticks = 1;
        if (const auto given = body->find("ticks"); given != body->end()) {
            if (!given->is_number_unsigned() || given->get<std::uint64_t>() == 0 ||
                given->get<std::uint64_t>() > kMaxSteps)
                return error_reply(
                    400, "expected a whole number of ticks, 1 to " + std::to_string(kMaxSteps),
                    "request body.ticks");
            ticks = given->get<std::uint64_t>();
        }
        game.paused = true; // stepping is for a paused game; it stays paused
        const Scripts* scripts = game.game.scripts();
        for (std::uint64_t i = 0; i < ticks; ++i) {
            game.simulation.tick();
            if (scripts != nullptr && scripts->error()) break; // the caller decides what stops
        }
    }
    return json_reply(200, {{"tick", game.simulation.tick_count()}, {"paused", game.paused}});
}

ApiReply get_hash(const LiveGame& game) {
    return json_reply(200, {{"tick", game.simulation.tick_count()},
                            {"hash", format_hash(state_hash(game.world))}});
}

ApiReply get_state(const LiveGame& game) {
    auto text = scene_to_text(game.world, game.scene_name, game.game.prefabs());
    if (!text) return error_reply(500, text.error().message, text.error().where);
    return ApiReply{200, std::move(*text)};
}

// PUT /api/v1/scripts/FILE with the new source as the body: the running game reloads that
// script from it (the file on disk is neither read nor written).
ApiReply replace_script(const ApiRequest& request, LiveGame& game, const std::string& file) {
    Scripts* scripts = game.game.scripts();
    if (scripts == nullptr) return error_reply(404, "this game has no scripts", "path");
    Diagnostics problems;
    if (auto reloaded = scripts->reload_source(file, request.body, &game.world, problems);
        !reloaded)
        return error_reply(reloaded.error());
    Json warnings = Json::array();
    for (const Problem& problem : problems.problems())
        if (problem.severity == Severity::Warning) warnings.push_back(problem.error.describe());
    return json_reply(200, {{"tick", game.simulation.tick_count()},
                            {"reloaded", file},
                            {"warnings", std::move(warnings)}});
}

ApiReply wrong_method(std::string_view allowed) {
    return error_reply(405, "this endpoint takes " + std::string(allowed));
}

} // namespace

ApiReply answer(const ApiRequest& request, LiveGame& game, const TickTimes& times) {
    const std::vector<std::string_view> s = segments(request.path);
    const std::string& m = request.method;
    if (s.size() == 1 && s[0] == "world")
        return m == "GET" ? get_world(game, times) : wrong_method("GET");
    if (s.size() == 1 && s[0] == "hash") return m == "GET" ? get_hash(game) : wrong_method("GET");
    if (s.size() == 1 && s[0] == "state") return m == "GET" ? get_state(game) : wrong_method("GET");
    if (s.size() == 1 && (s[0] == "pause" || s[0] == "resume" || s[0] == "step"))
        return m == "POST" ? control(s[0], request, game) : wrong_method("POST");
    if (s.size() == 1 && s[0] == "messages")
        return m == "POST" ? send_message(request, game) : wrong_method("POST");
    if (s.size() == 1 && s[0] == "objects") {
        if (m == "GET") return list_objects(request, game);
        if (m == "POST") return create_object(request, game);
        return wrong_method("GET or POST");
    }
    if (s.size() == 2 && s[0] == "objects") {
        if (m != "GET" && m != "PATCH" && m != "DELETE")
            return wrong_method("GET, PATCH or DELETE");
        auto h = object_at(game.world, s[1]);
        if (!h) return error_reply(h.error());
        if (m == "GET") return get_object(game, *h);
        if (m == "PATCH") return set_object_field(request, game, *h, s[1]);
        return destroy_object(game, *h);
    }
    if (s.size() >= 2 && s[0] == "scripts") {
        if (m != "PUT") return wrong_method("PUT");
        std::string file(s[1]);
        for (std::size_t i = 2; i < s.size(); ++i)
            file += "/" + std::string(s[i]);
        return replace_script(request, game, file);
    }
    return error_reply(404, "no endpoint " + request.path + " (see docs/GUIDE.md, Live link)");
}

} // namespace diorama::live
