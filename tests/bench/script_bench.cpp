// The same system in Lua and in C++: every ball moves by its velocity times dt and bounces off
// the walls of a 1920 x 1080 box, over N balls. Rows:
//   Script/Bounce/Native        a C++ system over view<Transform2D, BenchBall>
//   Script/Bounce/LuaEach       system { query = { "Ball" }, each = function(obj, ball, dt) }
//                               reading and setting the position (world.position, set_position)
//   Script/Bounce/LuaTranslate  the same moving by world.translate (one call for the position)
//   Script/Bounce/LuaLoop       system { run = function(dt) for obj, ball in world.each("Ball") }
//   Script/Bounce/LuaPlainTables  the interpreter's floor: the same loop in one system over a
//                               Lua array of plain tables { x, y, vx, vy }, no engine involved
// Counter ns_per_object: the time of one tick of the system divided by N. The budget (issue:
// Lua <= 25x native per object) is read from these rows side by side.
// Run: diorama_bench --benchmark_filter=Script

#include "diorama/components.h"
#include "diorama/scripts.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

namespace diorama {

// A ball's velocity, for the native row.
struct BenchBall {
    glm::vec2 vel{0.0f};
};

template <>
TypeInfo describe<BenchBall>() {
    return TypeBuilder<BenchBall>("BenchBall").field<&BenchBall::vel>("vel").build();
}

namespace bench {
namespace {

namespace fs = std::filesystem;

constexpr float kWidth = 1920.0f;
constexpr float kHeight = 1080.0f;
constexpr float kDt = 1.0f / 60.0f;

void native_bounce(World& world, float dt) {
    world.view<Transform2D, BenchBall>().each([dt](Transform2D& t, BenchBall& b) {
        t.position += b.vel * dt;
        if (t.position.x < 0.0f || t.position.x > kWidth) b.vel.x = -b.vel.x;
        if (t.position.y < 0.0f || t.position.y > kHeight) b.vel.y = -b.vel.y;
    });
}

constexpr const char* kBallType = R"lua(
component "Ball" { { "vel", "vec2" } }
)lua";

constexpr const char* kEachSystem = R"lua(
local W, H = 1920, 1080
local position, set_position = world.position, world.set_position
system "balls" { query = { "Ball" }, each = function(obj, ball, dt)
    local x, y = position(obj)
    local v = ball.vel
    x = x + v.x * dt
    y = y + v.y * dt
    if x < 0 or x > W then v.x = -v.x end
    if y < 0 or y > H then v.y = -v.y end
    set_position(obj, x, y)
end }
)lua";

constexpr const char* kTranslateSystem = R"lua(
local W, H = 1920, 1080
local translate = world.translate
system "balls" { query = { "Ball" }, each = function(obj, ball, dt)
    local v = ball.vel
    local x, y = translate(obj, v.x * dt, v.y * dt)
    if x < 0 or x > W then v.x = -v.x end
    if y < 0 or y > H then v.y = -v.y end
end }
)lua";

constexpr const char* kPlainSystem = R"lua(
local W, H = 1920, 1080
local balls = {}
for i = 0, 9999 do
    balls[i + 1] = { x = i * 13 % 1920, y = i * 7 % 1080, vx = i * 37 % 200 - 99,
                     vy = i * 91 % 200 - 99 }
end
system "balls" { run = function(dt)
    for i = 1, #balls do
        local b = balls[i]
        local x, y = b.x + b.vx * dt, b.y + b.vy * dt
        b.x, b.y = x, y
        if x < 0 or x > W then b.vx = -b.vx end
        if y < 0 or y > H then b.vy = -b.vy end
    end
end }
)lua";

constexpr const char* kLoopSystem = R"lua(
local W, H = 1920, 1080
local position, set_position, each = world.position, world.set_position, world.each
system "balls" { run = function(dt)
    for obj, ball in each("Ball") do
        local x, y = position(obj)
        local v = ball.vel
        x = x + v.x * dt
        y = y + v.y * dt
        if x < 0 or x > W then v.x = -v.x end
        if y < 0 or y > H then v.y = -v.y end
        set_position(obj, x, y)
    end
end }
)lua";

// A project folder with one script, removed at the end.
class ScriptedProject {
public:
    explicit ScriptedProject(const std::string& script) {
        std::string pattern = (fs::temp_directory_path() / "diorama_bench_XXXXXX").string();
        if (mkdtemp(pattern.data()) == nullptr) std::abort();
        m_root = pattern;
        fs::create_directories(m_root / "scripts");
        std::ofstream(m_root / "scripts" / "balls.lua") << kBallType << script;
        project.root = m_root;
    }
    ~ScriptedProject() {
        std::error_code ec;
        fs::remove_all(m_root, ec);
    }
    ScriptedProject(const ScriptedProject&) = delete;
    ScriptedProject& operator=(const ScriptedProject&) = delete;

    Project project;

private:
    fs::path m_root;
};

// The velocity of ball i: each component in [-100, 100], no ball at rest.
glm::vec2 velocity_of(std::size_t i) {
    return {static_cast<float>(static_cast<int>(i * 37 % 200) - 99),
            static_cast<float>(static_cast<int>(i * 91 % 200) - 99)};
}
glm::vec2 position_of(std::size_t i) {
    return {static_cast<float>(i * 13 % 1920), static_cast<float>(i * 7 % 1080)};
}

void report(benchmark::State& state) {
    state.counters["ns_per_object"] = benchmark::Counter(
        static_cast<double>(state.range(0)),
        benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert,
        benchmark::Counter::kIs1000);
}

void script_bounce_native(benchmark::State& state) {
    TypeRegistry registry;
    register_builtin_components(registry);
    if (!registry.add<BenchBall>()) std::abort();
    World world(registry);
    const auto n = static_cast<std::size_t>(state.range(0));
    for (std::size_t i = 0; i < n; ++i) {
        const Handle h = world.create();
        world.get<Transform2D>(h)->position = position_of(i);
        world.add<BenchBall>(h)->vel = velocity_of(i);
    }
    for (auto _ : state)
        native_bounce(world, kDt);
    report(state);
}

void script_bounce_lua(benchmark::State& state, const char* system) {
    ScriptedProject project(system);
    TypeRegistry registry;
    register_builtin_components(registry);
    Diagnostics problems;
    const std::unique_ptr<Scripts> scripts = Scripts::load(project.project, registry, problems);
    if (!scripts || problems.has_errors()) {
        std::fprintf(stderr, "script_bench: %s\n", problems.format().c_str());
        std::exit(1);
    }
    World world(registry);
    const TypeInfo* ball = registry.find("Ball");
    const FieldInfo* vel = ball->find_field("vel");
    const auto n = static_cast<std::size_t>(state.range(0));
    for (std::size_t i = 0; i < n; ++i) {
        const Handle h = world.create();
        world.get<Transform2D>(h)->position = position_of(i);
        vel->set(world.add(h, ball->id), FieldValue{velocity_of(i)});
    }
    const System* balls = nullptr;
    for (const System& s : registry.systems())
        if (s.name == "balls") balls = &s;
    for (auto _ : state)
        balls->run(world, kDt);
    if (scripts->error()) {
        std::fprintf(stderr, "script_bench: %s\n", scripts->error()->describe().c_str());
        std::exit(1);
    }
    report(state);
}

BENCHMARK(script_bounce_native)
    ->Name("Script/Bounce/Native")
    ->Arg(10'000)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(script_bounce_lua, each, kEachSystem)
    ->Name("Script/Bounce/LuaEach")
    ->Arg(10'000)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(script_bounce_lua, translate, kTranslateSystem)
    ->Name("Script/Bounce/LuaTranslate")
    ->Arg(10'000)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(script_bounce_lua, plain, kPlainSystem)
    ->Name("Script/Bounce/LuaPlainTables")
    ->Arg(10'000)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(script_bounce_lua, loop, kLoopSystem)
    ->Name("Script/Bounce/LuaLoop")
    ->Arg(10'000)
    ->Unit(benchmark::kMicrosecond);

} // namespace
} // namespace bench
} // namespace diorama
