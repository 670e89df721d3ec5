// Undo integrity on a copy of BOUNCE: thousands of random edits through EditorSession with saves
// in between, then everything undone and redone, checking the scene bytes and the dirty mark at
// every step; and the history's byte bound on a 100,000-object scene.

#include "core/editor_session.h"

#include "bounce_copy.h"
#include "core/commands.h"

#include "diorama/components.h"
#include "diorama/scene_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace diorama::editor {
namespace {

namespace fs = std::filesystem;
using test::BounceCopy;

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// The bytes a save of the session's scene writes now.
std::string scene_bytes(const EditorSession& session) {
    auto json = scene_to_json(session.world(), session.scene_name(), session.prefabs());
    EXPECT_TRUE(json.ok());
    return json ? to_pretty_json(*json) : std::string();
}

std::vector<Guid> all_objects(const World& world) {
    std::vector<Guid> out;
    world.each_object([&](Handle h) { out.push_back(world.guid(h)); });
    return out;
}

// Random edits of every kind the editor makes, each through the session like the app's.
class RandomEditor {
public:
    RandomEditor(EditorSession& session, unsigned seed) : m_s(session), m_random(seed) {}

    void edit() {
        select_some();
        switch (pick(16)) {
        case 0:
            (void)m_s.create_object("made " + std::to_string(m_serial++), point());
            break;
        case 1: {
            static const char* kPrefabs[] = {"ball", "brick", "paddle", "pickup", "particle"};
            (void)m_s.place_prefab(kPrefabs[pick(5)], point());
            break;
        }
        case 2:
            if (m_s.world().object_count() > 20) m_s.delete_selection();
            break;
        case 3:
            if (m_s.world().object_count() < 400) m_s.duplicate_selection();
            break;
        case 4:
            (void)m_s.set_field("Transform2D.rotation_deg", static_cast<float>(pick(360)));
            break;
        case 5:
            (void)m_s.set_field("Transform2D.position", point());
            break;
        case 6:
            m_s.nudge(glm::vec2(static_cast<float>(pick(5)) - 2.0f, 1.0f));
            break;
        case 7:
            drag();
            break;
        case 8:
            (void)m_s.reparent(any(), pick(4) == 0 ? Guid{} : any());
            break;
        case 9:
            (void)m_s.rename(any(), "renamed " + std::to_string(m_serial++));
            break;
        case 10:
            (void)m_s.set_property(any(), "key" + std::to_string(pick(3)),
                                   PropertyValue(static_cast<std::int32_t>(pick(100))));
            break;
        case 11:
            (void)m_s.remove_property(any(), "key" + std::to_string(pick(3)));
            break;
        case 12: {
            static const char* kTypes[] = {"Velocity", "Text", "Lifetime", "Shape"};
            const char* type = kTypes[pick(4)];
            if (pick(2) == 0)
                (void)m_s.add_component(any(), type);
            else
                (void)m_s.remove_component(any(), type);
            break;
        }
        case 13:
            (void)m_s.set_layer(any(), m_s.world().layers()[pick(m_s.world().layers().size())]);
            break;
        case 14:
            if (m_s.world().object_count() < 400) {
                m_s.copy_selection();
                m_s.paste();
            }
            break;
        default: {
            const std::vector<Guid> selected = m_s.selection();
            if (!selected.empty()) (void)m_s.set_field("Brick.points", std::int32_t{pick(50)});
            break;
        }
        }
    }

private:
    std::int32_t pick(std::size_t n) {
        return static_cast<std::int32_t>(
            std::uniform_int_distribution<std::size_t>(0, n - 1)(m_random));
    }
    glm::vec2 point() {
        return {static_cast<float>(pick(40) * 16), static_cast<float>(pick(30) * 16)};
    }
    Guid any() {
        const std::vector<Guid> objects = all_objects(m_s.world());
        return objects[static_cast<std::size_t>(pick(objects.size()))];
    }
    void select_some() {
        std::vector<Guid> chosen;
        for (std::int32_t i = pick(3); i >= 0; --i)
            chosen.push_back(any());
        m_s.select_only(chosen);
    }
    // A Move, Rotate or Scale drag: several updates, one command.
    void drag() {
        const auto center = m_s.selection_center();
        if (!center) return;
        static const HandlePart kParts[] = {HandlePart::Free, HandlePart::Rotate,
                                            HandlePart::ScaleUniform};
        const HandlePart part = kParts[pick(3)];
        m_s.begin_drag(part, *center + glm::vec2(40.0f, 0.0f));
        for (int step = 1; step <= 3; ++step)
            m_s.update_drag(*center + glm::vec2(40.0f + 8.0f * static_cast<float>(step),
                                                12.0f * static_cast<float>(step)));
        m_s.end_drag();
    }

    EditorSession& m_s;
    std::mt19937 m_random;
    int m_serial = 0;
};

TEST(UndoIntegrity, ThousandsOfRandomEditsUndoAndRedoToTheExactBytesWithTheRightDirtyMark) {
    constexpr int kEdits = 3000;
    constexpr int kSaveEvery = 240; // the last edits stay unsaved
    BounceCopy copy;
    ASSERT_FALSE(copy.path().empty());
    const fs::path file = copy.path() / "scenes" / "level1.scene.json";
    EditorSession session(GameOptions{.module_dirs = {test::module_dir()}});
    ASSERT_TRUE(session.open_project(copy.path()));
    session.set_history_limits(2 * kEdits, std::size_t{1} << 30);

    const std::string start = scene_bytes(session);
    ASSERT_EQ(start, slurp(file)) << "the sample saves back byte-identical";
    // states[p]: a digest of the scene bytes with p steps applied.
    std::vector<std::size_t> states{std::hash<std::string>{}(start)};
    std::size_t saved_at = 0;
    RandomEditor editor(session, 6);
    for (int i = 1; i <= kEdits; ++i) {
        editor.edit();
        const std::size_t position = session.history().size();
        ASSERT_TRUE(position + 1 == states.size() || position == states.size())
            << "edit " << i << " made more than one step";
        states.resize(position + 1);
        states[position] = std::hash<std::string>{}(scene_bytes(session));
        ASSERT_EQ(session.dirty(), position != saved_at) << "edit " << i;
        if (i % kSaveEvery == 0) {
            ASSERT_TRUE(session.save());
            saved_at = position;
            ASSERT_FALSE(session.dirty());
            ASSERT_EQ(std::hash<std::string>{}(slurp(file)), states[position]);
        }
    }
    const std::string end = scene_bytes(session);
    const std::size_t steps = states.size() - 1;
    ASSERT_GT(steps, static_cast<std::size_t>(kEdits) * 3 / 4) << "most edits made a step";
    ASSERT_NE(saved_at, steps) << "the last edits are unsaved";

    for (std::size_t p = steps; p > 0; --p) {
        const std::string label = session.history().undo_label();
        ASSERT_TRUE(session.undo()) << "undo to step " << p - 1;
        ASSERT_EQ(std::hash<std::string>{}(scene_bytes(session)), states[p - 1])
            << "step " << p - 1 << " after undoing " << label;
        ASSERT_EQ(session.dirty(), p - 1 != saved_at) << "step " << p - 1;
    }
    EXPECT_FALSE(session.undo());
    EXPECT_EQ(scene_bytes(session), start);
    ASSERT_TRUE(session.save());
    EXPECT_EQ(slurp(file), start) << "saving after undoing everything writes the start's bytes";

    for (std::size_t p = 1; p <= steps; ++p) {
        const std::string label = session.history().redo_label();
        ASSERT_TRUE(session.redo()) << "redo to step " << p;
        ASSERT_EQ(std::hash<std::string>{}(scene_bytes(session)), states[p])
            << "step " << p << " after redoing " << label;
        ASSERT_TRUE(session.dirty()) << "step " << p << ": only step 0 is saved now";
    }
    EXPECT_FALSE(session.redo());
    ASSERT_TRUE(session.save());
    EXPECT_EQ(slurp(file), end);
}

TEST(UndoIntegrity, TheHistoryOfA100000ObjectSceneStaysUnderItsByteCap) {
    constexpr std::size_t kObjects = 100000;
    constexpr std::size_t kCap = 32u << 20;
    BounceCopy copy;
    ASSERT_FALSE(copy.path().empty());
    EditorSession session(GameOptions{.module_dirs = {test::module_dir()}});
    ASSERT_TRUE(session.open_project(copy.path()));
    session.new_scene();
    for (std::size_t i = 0; i < kObjects; ++i) {
        const Handle h = session.world().create();
        session.world().get<Transform2D>(h)->position = {static_cast<float>(i % 1000),
                                                         static_cast<float>(i / 1000)};
    }
    session.set_history_limits(1000, kCap);
    EXPECT_EQ(session.history().max_bytes(), kCap);

    // Moves of everything: each step holds 100,000 before/after transforms.
    session.select_all();
    std::size_t largest_step = 0;
    for (int i = 0; i < 12; ++i) {
        const std::size_t before = session.history().bytes();
        session.nudge({1.0f, 0.0f});
        if (i == 0) largest_step = session.history().bytes() - before;
        EXPECT_LE(session.history().bytes(), kCap) << "move " << i;
    }
    EXPECT_GE(largest_step, kObjects * sizeof(TransformChange)) << "the steps count their data";
    EXPECT_LT(session.history().size(), 12u) << "the oldest moves were dropped";
    // Deleting everything: the step holds a snapshot of every object.
    session.delete_selection();
    EXPECT_EQ(session.world().object_count(), 0u);
    EXPECT_LE(session.history().bytes(), kCap);
    EXPECT_GE(session.history().size(), 1u) << "the newest step is always kept";
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(session.world().object_count(), kObjects);
}

} // namespace
} // namespace diorama::editor
