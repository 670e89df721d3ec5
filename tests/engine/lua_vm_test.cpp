// The sandboxed Lua state: what scripts can and cannot reach, budgets, and error locations.

#include "diorama/lua_vm.h"

#include "diorama/log.h"

#include "../player/temp_dir.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace diorama {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

class LuaSandbox : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(dir.path().empty());
        fs::create_directories(dir.path() / "scripts");
        make_vm();
    }
    void make_vm(LuaLimits limits = {}) {
        auto created = LuaVm::create(dir.path() / "scripts", "scripts/", limits);
        ASSERT_TRUE(created.ok()) << created.error().describe();
        vm = std::move(*created);
    }
    // Runs source as scripts/test.lua; the error's "where: message", or "" when it ran.
    std::string run(const std::string& source) {
        auto ran = vm->run(source, "scripts/test.lua");
        return ran.ok() ? std::string() : ran.error().describe();
    }

    TempDir dir;
    std::unique_ptr<LuaVm> vm;
};

TEST_F(LuaSandbox, TheSafeLibrariesAreThere) {
    EXPECT_EQ(run(R"(
        assert(string.format("%d", 3) == "3")
        assert(table.concat({"a", "b"}, ",") == "a,b")
        assert(math.floor(2.5) == 2)
        assert(utf8.len("é") == 1)
        local co = coroutine.wrap(function() coroutine.yield(1) end)
        assert(co() == 1)
        assert(select("#", pcall(error, "x")) == 2)
    )"),
              "");
}

TEST_F(LuaSandbox, NoLibraryReachesFilesProcessesOrNativeCode) {
    EXPECT_EQ(run(R"(
        assert(io == nil, "io")
        assert(os == nil, "os")
        assert(debug == nil, "debug")
        assert(package == nil, "package")
        assert(dofile == nil, "dofile")
        assert(loadfile == nil, "loadfile")
        assert(string.dump == nil, "string.dump")
        assert(("x").dump == nil, "string methods")
    )"),
              "");
    EXPECT_NE(run("io.open('/etc/passwd')"), "");
    EXPECT_NE(run("os.execute('true')"), "");
}

TEST_F(LuaSandbox, ABinaryChunkIsNeverLoaded) {
    // The header of a precompiled chunk: ESC "Lua" 0x54.
    EXPECT_EQ(run(R"(
        local f, err = load("\27Lua\84\0\25\147\13\10\26\10", "bin", "b")
        assert(f == nil and err:find("binary"), tostring(err))
        f, err = load("\27Lua\84\0\25\147\13\10\26\10")
        assert(f == nil and err:find("binary"), tostring(err))
        f, err = load(function() return nil end)
        assert(f == nil and err:find("text"), tostring(err))
        assert(load("return 1 + 1")() == 2)
        local env = {x = 5}
        assert(load("return x", "env", "t", env)() == 5)
    )"),
              "");
    auto compiled = vm->compile("\x1bLua\x54", "scripts/bin.lua");
    ASSERT_FALSE(compiled.ok());
    EXPECT_NE(compiled.error().message.find("binary"), std::string::npos)
        << compiled.error().describe();
}

TEST_F(LuaSandbox, RequireLoadsOnlyModulesInsideTheScriptsFolder) {
    dir.write("scripts/enemies/bat.lua", "return { speed = 3 }\n");
    dir.write("secret.lua", "return 'SECRET'\n");
    EXPECT_EQ(run(R"(
        local bat = require "enemies.bat"
        assert(bat.speed == 3)
        assert(require("enemies.bat") == bat, "loaded once")
    )"),
              "");
    for (const char* name : {"../secret", "..secret", "/etc/passwd", "enemies/bat", "a..b", ""}) {
        const std::string error = run(std::string("require '") + name + "'");
        EXPECT_NE(error.find("a module name is plain names"), std::string::npos)
            << name << " -> " << error;
    }
    EXPECT_NE(run("require 'missing'").find("scripts/missing.lua: no such script"),
              std::string::npos);
}

TEST_F(LuaSandbox, RequireRefusesASymlinkLeavingTheScriptsFolder) {
    dir.write("secret.lua", "return 'SECRET'\n");
    fs::create_symlink(dir.path() / "secret.lua", dir.path() / "scripts" / "leak.lua");
    const std::string error = run("return require 'leak'");
    EXPECT_NE(error.find("scripts/leak.lua: not inside the scripts folder"), std::string::npos)
        << error;
    EXPECT_EQ(error.find("SECRET"), std::string::npos);
}

TEST_F(LuaSandbox, ARequireCycleIsReportedAndAFailedModuleCanBeRequiredAgain) {
    dir.write("scripts/a.lua", "return require 'b'\n");
    dir.write("scripts/b.lua", "return require 'a'\n");
    EXPECT_NE(run("require 'a'").find("requires itself"), std::string::npos);
    dir.write("scripts/flaky.lua", "if not FIXED then error('broken') end return 1\n");
    EXPECT_NE(run("require 'flaky'").find("scripts/flaky.lua:1: broken"), std::string::npos);
    EXPECT_EQ(run("FIXED = true assert(require 'flaky' == 1)"), "");
}

TEST_F(LuaSandbox, AnEndlessLoopIsStoppedNamingFileAndLine) {
    make_vm(LuaLimits{.instructions_per_call = 1'000'000});
    auto ran = vm->run("local n = 0\nwhile true do\n  n = n + 1\nend\n", "scripts/loop.lua");
    ASSERT_FALSE(ran.ok());
    EXPECT_EQ(ran.error().code, ErrorCode::Script);
    EXPECT_TRUE(ran.error().where == "scripts/loop.lua:2" ||
                ran.error().where == "scripts/loop.lua:3")
        << ran.error().where;
    EXPECT_NE(ran.error().message.find("stopped after 1000000 instructions"), std::string::npos)
        << ran.error().message;
    // pcall, xpcall and coroutines inside the script cannot swallow the stop and keep looping.
    for (const char* swallow : {"while true do pcall(function() while true do end end) end",
                                "while true do xpcall(function() while true do end end, print) end",
                                "while true do coroutine.resume(coroutine.create(function() while "
                                "true do end end)) end"}) {
        auto caught = vm->run(swallow, "scripts/swallow.lua");
        ASSERT_FALSE(caught.ok()) << swallow;
        EXPECT_EQ(caught.error().where, "scripts/swallow.lua:1");
        EXPECT_NE(caught.error().message.find("stopped after"), std::string::npos);
    }
    EXPECT_EQ(run("assert(pcall(error, 'x') == false)"), "") << "pcall still catches errors";
    // The budget is per call: the next call starts afresh.
    EXPECT_EQ(run("local s = 0 for i = 1, 1000 do s = s + i end"), "");
}

TEST_F(LuaSandbox, AGigabyteStringRunsIntoTheMemoryCap) {
    make_vm(LuaLimits{.memory_bytes = 16u << 20});
    auto ran = vm->run("local s = string.rep('x', 1 << 30)", "scripts/big.lua");
    ASSERT_FALSE(ran.ok());
    EXPECT_NE(ran.error().message.find("not enough memory"), std::string::npos)
        << ran.error().describe();
    EXPECT_LE(vm->memory_in_use(), std::size_t{16u << 20});
    EXPECT_EQ(run("local t = {} for i = 1, 100 do t[i] = i end"), "") << "the state still works";
}

TEST_F(LuaSandbox, ErrorsNameTheScriptAndLineWithATraceback) {
    auto ran = vm->run("local bat = {}\nlocal function hit()\n  return bat.target.x\nend\nhit()\n",
                       "scripts/bat.lua");
    ASSERT_FALSE(ran.ok());
    EXPECT_EQ(ran.error().where, "scripts/bat.lua:3");
    EXPECT_EQ(ran.error().message.substr(0, ran.error().message.find('\n')),
              "attempt to index a nil value (field 'target')");
    EXPECT_NE(ran.error().message.find("stack traceback:"), std::string::npos);
    EXPECT_NE(ran.error().message.find("scripts/bat.lua:5"), std::string::npos)
        << "the traceback names the caller";

    auto syntax = vm->compile("local x = = 1\n", "scripts/broken.lua");
    ASSERT_FALSE(syntax.ok());
    EXPECT_EQ(syntax.error().where, "scripts/broken.lua:1");
    EXPECT_NE(syntax.error().message.find("unexpected symbol"), std::string::npos)
        << syntax.error().message;
}

TEST_F(LuaSandbox, RunFileRunsAScriptOfTheFolderOnly) {
    dir.write("scripts/main.lua", "VALUE = 42\n");
    ASSERT_TRUE(vm->run_file("main.lua").ok());
    EXPECT_EQ(run("assert(VALUE == 42)"), "");
    auto outside = vm->run_file("../secret.lua");
    ASSERT_FALSE(outside.ok());
    EXPECT_EQ(outside.error().describe(), "scripts/../secret.lua: not inside the scripts folder");
}

TEST_F(LuaSandbox, RandomNumbersStartFromTheSameSeedInEveryState) {
    const std::string draw = "DRAWN = {} for i = 1, 5 do DRAWN[i] = math.random(1, 1000000) end";
    ASSERT_EQ(run(draw), "");
    ASSERT_EQ(run("FIRST = table.concat(DRAWN, ',')"), "");
    auto second = LuaVm::create(dir.path() / "scripts", "scripts/");
    ASSERT_TRUE(second.ok());
    ASSERT_TRUE((*second)->run(draw, "scripts/test.lua").ok());
    // Carry the second state's numbers into the first one to compare them there.
    std::vector<std::string> lines;
    const LogSink previous =
        set_log_sink([&](LogLevel, std::string_view message) { lines.emplace_back(message); });
    ASSERT_TRUE((*second)->run("print(table.concat(DRAWN, ','))", "scripts/test.lua").ok());
    set_log_sink(previous);
    ASSERT_EQ(lines.size(), 1u);
    const std::string printed = lines[0].substr(lines[0].find(' ') + 1);
    EXPECT_EQ(run("assert(FIRST == '" + printed + "', FIRST)"), "");
}

TEST_F(LuaSandbox, PrintWritesOneLogLineNamingWhereItWasCalled) {
    std::vector<std::string> lines;
    const LogSink previous =
        set_log_sink([&](LogLevel, std::string_view message) { lines.emplace_back(message); });
    const std::string error = run("\nprint('score', 3, nil)");
    set_log_sink(previous);
    EXPECT_EQ(error, "");
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0], "scripts/test.lua:2: score\t3\tnil");
}

// Only lua_vm.cpp makes Lua states, and no engine source opens a Lua library that reaches files,
// processes or native code, or has Lua read a file itself.
TEST(EngineSources, OnlyLuaVmMakesLuaStatesAndNoneOpensUnsafeLibraries) {
    const std::regex unsafe(
        R"(\b(luaL_openlibs|luaopen_(io|os|package|debug)|luaL_loadfilex?|luaL_dofile)\b)");
    const std::regex makes_state(R"(\b(lua_newstate|luaL_newstate)\b)");
    std::vector<std::string> hits;
    const fs::path engine = fs::path(DIORAMA_SOURCE_DIR) / "engine";
    for (const auto& entry : fs::recursive_directory_iterator(engine)) {
        if (!entry.is_regular_file()) continue;
        std::ifstream in(entry.path());
        std::string line;
        const bool is_vm = entry.path().filename() == "lua_vm.cpp";
        for (int n = 1; std::getline(in, line); ++n)
            if (std::regex_search(line, unsafe) || (!is_vm && std::regex_search(line, makes_state)))
                hits.push_back(fs::relative(entry.path(), engine).string() + ":" +
                               std::to_string(n));
    }
    EXPECT_TRUE(hits.empty()) << ::testing::PrintToString(hits);
}

} // namespace
} // namespace diorama
