// EditorSession saving and recovery on a copy of BOUNCE: failed saves keep the scene unsaved,
// autosave writes recovery files (never over the scene), and a later session offers them.
// Time is passed in explicitly: nothing here waits or measures time.

#include "core/editor_session.h"

#include "bounce_copy.h"

#include "diorama/file_io.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

namespace diorama::editor {
namespace {

namespace fs = std::filesystem;
using test::BounceCopy;

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

class Recovery : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(copy.path().empty());
        session = open();
        ASSERT_TRUE(session);
        original = slurp(scene_file());
    }
    void TearDown() override {
        inject_write_fault(0, 0);
        inject_save_fault(SaveStage::Open, 0);
    }

    // A new session on the copy (as when the editor starts again).
    std::unique_ptr<EditorSession> open(const std::string& scene = {}) {
        auto s = std::make_unique<EditorSession>(GameOptions{.module_dirs = {test::module_dir()}});
        auto opened = s->open_project(copy.path(), scene);
        EXPECT_TRUE(opened) << opened.error().describe();
        return opened ? std::move(s) : nullptr;
    }
    // An edit: a ball placed at x.
    void edit(EditorSession& s, float x) { ASSERT_TRUE(s.place_prefab("ball", {x, 100.0f})); }

    [[nodiscard]] fs::path scene_file() const {
        return copy.path() / "scenes" / "level1.scene.json";
    }
    [[nodiscard]] fs::path recovery_file() const {
        return copy.path() / ".diorama" / "recovery" / "scenes" / "level1.scene.json";
    }

    BounceCopy copy;
    std::unique_ptr<EditorSession> session;
    std::string original;
};

// ---- failed saves ----

TEST_F(Recovery, AFailedSaveKeepsTheSceneUnsavedAndTheFileUntouched) {
    edit(*session, 64.0f);
    for (const int error_number : {ENOSPC, EIO}) {
        inject_write_fault(1000, error_number);
        auto saved = session->save();
        inject_write_fault(0, 0);
        ASSERT_FALSE(saved);
        EXPECT_NE(saved.error().describe().find(scene_file().string()), std::string::npos)
            << saved.error().describe();
        EXPECT_TRUE(session->dirty());
        EXPECT_EQ(session->window_title(), "level1* - BOUNCE - Diorama");
        EXPECT_EQ(slurp(scene_file()), original);
    }
    inject_write_corruption(10);
    EXPECT_FALSE(session->save());
    inject_write_corruption(0, false);
    EXPECT_TRUE(session->dirty());
    EXPECT_EQ(slurp(scene_file()), original);
    EXPECT_FALSE(fs::exists(scene_file().string() + ".1")) << "a failed save rotates nothing";

    ASSERT_TRUE(session->save());
    EXPECT_FALSE(session->dirty());
    EXPECT_EQ(slurp(scene_file().string() + ".1"), original);
}

TEST_F(Recovery, TheNumberOfBackupsFollowsTheSetting) {
    session->set_backup_count(1);
    for (float x : {32.0f, 64.0f, 96.0f}) {
        edit(*session, x);
        ASSERT_TRUE(session->save());
    }
    EXPECT_TRUE(fs::exists(scene_file().string() + ".1"));
    EXPECT_FALSE(fs::exists(scene_file().string() + ".2"));
}

// ---- autosave ----

TEST_F(Recovery, AutosaveWritesWhenDirtyAtMostEveryIntervalAndNeverOverTheScene) {
    EXPECT_EQ(session->autosave_interval(), 120.0);
    EXPECT_EQ(session->recovery_file(), recovery_file());
    EXPECT_FALSE(session->autosave_tick(0.0)) << "a clean scene is not autosaved";
    EXPECT_FALSE(session->autosave_tick(500.0));
    edit(*session, 64.0f);
    EXPECT_FALSE(session->autosave_tick(1000.0)); // the interval starts now
    EXPECT_FALSE(session->autosave_tick(1119.9));
    EXPECT_FALSE(fs::exists(recovery_file()));
    EXPECT_TRUE(session->autosave_tick(1120.0));
    ASSERT_TRUE(fs::exists(recovery_file()));
    const std::string first = slurp(recovery_file());
    EXPECT_EQ(slurp(scene_file()), original) << "never over the scene";
    EXPECT_TRUE(session->dirty());

    edit(*session, 96.0f);
    EXPECT_FALSE(session->autosave_tick(1200.0)) << "at most once per interval";
    EXPECT_EQ(slurp(recovery_file()), first);
    EXPECT_TRUE(session->autosave_tick(1240.0));
    EXPECT_NE(slurp(recovery_file()), first);
    EXPECT_FALSE(session->autosave_tick(1360.0)) << "nothing changed since the last autosave";

    session->set_autosave_interval(0.0);
    edit(*session, 128.0f);
    EXPECT_FALSE(session->autosave_tick(100000.0)) << "interval 0: autosave is off";
}

TEST_F(Recovery, SavingOrUndoingBackToTheSavedStateRemovesTheRecoveryFile) {
    edit(*session, 64.0f);
    (void)session->autosave_tick(0.0);
    ASSERT_TRUE(session->autosave_tick(120.0));
    ASSERT_TRUE(session->save());
    EXPECT_FALSE(fs::exists(recovery_file())) << "a manual save removes it";

    edit(*session, 96.0f);
    (void)session->autosave_tick(200.0);
    ASSERT_TRUE(session->autosave_tick(320.0));
    ASSERT_TRUE(session->undo());
    EXPECT_FALSE(session->dirty());
    (void)session->autosave_tick(321.0);
    EXPECT_FALSE(fs::exists(recovery_file())) << "the scene file holds this state";
}

TEST_F(Recovery, AfterACrashTheNextSessionOffersTheAutosavedStateAndRestoresItExactly) {
    edit(*session, 64.0f);
    ASSERT_TRUE(session->rename(session->world().guid(session->world().find_by_name("Ball")),
                                "Renamed Ball"));
    (void)session->autosave_tick(0.0);
    ASSERT_TRUE(session->autosave_tick(120.0));
    const std::uint64_t autosaved = session->hash();
    session.reset(); // a crash: nothing is cleaned up (the destructor removes nothing either)
    ASSERT_TRUE(fs::exists(recovery_file()));

    auto next = open();
    ASSERT_TRUE(next);
    ASSERT_TRUE(next->recovery_offer().has_value());
    EXPECT_EQ(next->recovery_offer()->scene_path, "scenes/level1.scene.json");
    EXPECT_EQ(next->recovery_offer()->scene_name, "level1");
    EXPECT_EQ(next->recovery_offer()->objects, 66u);
    EXPECT_NE(next->hash(), autosaved) << "the scene as saved is open until the user decides";
    EXPECT_FALSE(next->autosave_tick(0.0));
    EXPECT_FALSE(next->autosave_tick(1e6)) << "autosave waits for the decision";

    ASSERT_TRUE(next->restore_recovery());
    EXPECT_FALSE(next->recovery_offer().has_value());
    EXPECT_EQ(next->hash(), autosaved);
    EXPECT_TRUE(next->dirty());
    EXPECT_EQ(next->scene_path(), "scenes/level1.scene.json");
    EXPECT_EQ(next->window_title(), "level1* - BOUNCE - Diorama");
    EXPECT_FALSE(next->can_undo());
    EXPECT_TRUE(fs::exists(recovery_file())) << "kept until the scene is saved";
    EXPECT_EQ(slurp(scene_file()), original);

    ASSERT_TRUE(next->save());
    EXPECT_FALSE(next->dirty());
    EXPECT_FALSE(fs::exists(recovery_file()));
    next.reset(); // an editor holds its project: the next start comes after it
    EXPECT_EQ(open()->hash(), autosaved);
}

TEST_F(Recovery, TheRecoveryFileSurvivesUntilTheUserDecides) {
    edit(*session, 64.0f);
    ASSERT_TRUE(session->write_recovery());
    const std::string kept = slurp(recovery_file());
    session.reset();

    for (int start = 0; start < 2; ++start) {
        auto next = open();
        ASSERT_TRUE(next && next->recovery_offer()) << "start " << start;
        next->drop_recovery(); // a quit without deciding
        (void)next->write_recovery();
        ASSERT_TRUE(next->open_scene("level1")); // leaving the scene undecided
    }
    EXPECT_EQ(slurp(recovery_file()), kept);

    auto next = open();
    ASSERT_TRUE(next && next->recovery_offer());
    next->discard_recovery();
    EXPECT_FALSE(next->recovery_offer());
    EXPECT_FALSE(fs::exists(recovery_file()));
    EXPECT_FALSE(next->dirty());
    EXPECT_EQ(slurp(scene_file()), original);
    next.reset();
    EXPECT_FALSE(open()->recovery_offer()) << "no prompt after a discard";
}

TEST_F(Recovery, ARecoveryFileHoldingTheScenesOwnStateIsRemovedWithoutAnOffer) {
    fs::create_directories(recovery_file().parent_path());
    fs::copy_file(scene_file(), recovery_file());
    session.reset(); // files left by an editor that is gone
    auto next = open();
    ASSERT_TRUE(next);
    EXPECT_FALSE(next->recovery_offer());
    EXPECT_FALSE(fs::exists(recovery_file()));
}

TEST_F(Recovery, AnUnreadableRecoveryFileIsLeftInPlaceAndNotOffered) {
    fs::create_directories(recovery_file().parent_path());
    std::ofstream(recovery_file()) << "{ not a scene";
    session.reset();
    auto next = open();
    ASSERT_TRUE(next);
    EXPECT_FALSE(next->recovery_offer());
    EXPECT_TRUE(fs::exists(recovery_file()));
}

TEST_F(Recovery, ACleanShutdownLeavesNothingAndOneWithUnsavedChangesKeepsThem) {
    // Clean: the signal path removes any recovery file.
    ASSERT_TRUE(session->write_recovery());
    EXPECT_FALSE(fs::exists(recovery_file()));
    // Unsaved changes: kept, even while playing (the scene as before Play).
    edit(*session, 64.0f);
    const std::uint64_t edited = session->hash();
    session->play();
    session->step();
    ASSERT_TRUE(session->write_recovery());
    EXPECT_EQ(session->play_state(), PlayState::Editing);
    session.reset();
    auto next = open();
    ASSERT_TRUE(next && next->recovery_offer());
    ASSERT_TRUE(next->restore_recovery());
    EXPECT_EQ(next->hash(), edited);
    // A clean quit after deciding (here: the changes thrown away) removes it.
    ASSERT_TRUE(next->open_scene("level1"));
    next->drop_recovery();
    EXPECT_FALSE(fs::exists(recovery_file()));
    next.reset();
    EXPECT_FALSE(open()->recovery_offer());
}

TEST_F(Recovery, LeavingADirtySceneRemovesItsRecoveryFile) {
    edit(*session, 64.0f);
    ASSERT_TRUE(session->write_recovery());
    ASSERT_TRUE(session->open_scene("level1")); // its changes thrown away (the app asks first)
    EXPECT_FALSE(fs::exists(recovery_file()));
}

TEST_F(Recovery, AnUnsavedNewSceneIsOfferedWhenTheProjectOpensAgain) {
    session->new_scene();
    edit(*session, 32.0f);
    edit(*session, 64.0f);
    const fs::path unsaved = copy.path() / ".diorama" / "recovery" / ".unsaved.scene.json";
    EXPECT_EQ(session->recovery_file(), unsaved);
    (void)session->autosave_tick(0.0);
    ASSERT_TRUE(session->autosave_tick(120.0));
    const std::uint64_t autosaved = session->hash();
    session.reset();

    auto next = open();
    ASSERT_TRUE(next && next->recovery_offer());
    EXPECT_EQ(next->recovery_offer()->scene_path, "");
    EXPECT_EQ(next->recovery_offer()->objects, 2u);
    ASSERT_TRUE(next->restore_recovery());
    EXPECT_EQ(next->hash(), autosaved);
    EXPECT_EQ(next->scene_name(), "untitled");
    EXPECT_TRUE(next->scene_path().empty());
    EXPECT_TRUE(next->dirty());
    ASSERT_TRUE(next->save_as("scenes/rescued"));
    EXPECT_FALSE(fs::exists(unsaved)) << "saved under a name: the unsaved copy goes";
}

} // namespace
} // namespace diorama::editor
