#pragma once
// Test fixture: an EditorSession on a copy of BOUNCE (bounce_copy.h) with its built module, and
// the small reads the session tests make (an object's guid by name, a field, a JSON file).

#include "core/editor_session.h"

#include "bounce_copy.h"

#include "diorama/field_path.h"
#include "diorama/json_io.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace diorama::editor::test {

class BounceSessionTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(copy.path().empty());
        auto opened = session.open_project(copy.path());
        ASSERT_TRUE(opened) << opened.error().describe();
    }

    // The guid of the object named name in the shown world.
    [[nodiscard]] Guid guid(const std::string& name) const {
        return session.world().guid(session.world().find_by_name(name));
    }
    // A field of an object by path ("Shape.size"); a failed expectation when it has none.
    [[nodiscard]] FieldValue field(Guid g, const std::string& path) const {
        auto value = get_field(session.world(), session.world().find(g), path);
        EXPECT_TRUE(value) << path;
        return value ? *value : FieldValue{};
    }
    // A JSON file of the copy, parsed.
    [[nodiscard]] Json file_json(const std::string& relative) const {
        std::ifstream in(copy.path() / relative);
        std::stringstream text;
        text << in.rdbuf();
        return Json::parse(text.str());
    }

    BounceCopy copy;
    EditorSession session{GameOptions{.module_dirs = {module_dir()}}};
};

} // namespace diorama::editor::test
