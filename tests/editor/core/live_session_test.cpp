// EditorSession attached to a player (session_live.cpp) without a player answering: the scene is
// put aside and given back exactly, what cannot be sent to a player is refused and says so, and
// the commands say which of them are field edits. The attachment to a real player is tested end
// to end in tests/editor/app/live_attach_app_test.cpp.

#include "core/commands.h"
#include "core/editor_session.h"
#include "core/live_attachment.h"

#include "bounce_copy.h"

#include "diorama/live/live_client.h"
#include "diorama/state_hash.h"

#include <gtest/gtest.h>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <vector>

namespace diorama::editor {
namespace {

// A local port nothing listens on (bound, read and closed).
int unused_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof addr;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &size) != 0) {
        ::close(fd);
        return 0;
    }
    ::close(fd);
    return ntohs(addr.sin_port);
}

class LiveSessionTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_FALSE(copy.path().empty());
        auto opened = session.open_project(copy.path());
        ASSERT_TRUE(opened) << opened.error().describe();
        address = live::LiveAddress{"127.0.0.1", unused_port(), "token"};
        ASSERT_GT(address.port, 0);
    }

    test::BounceCopy copy;
    EditorSession session{GameOptions{.module_dirs = {test::module_dir()}}};
    live::LiveAddress address;
};

TEST(LiveSession, AttachingNeedsTheGamesProject) {
    EditorSession session;
    auto attached = session.attach(live::LiveAddress{"127.0.0.1", 1, "token"});
    ASSERT_FALSE(attached);
    EXPECT_NE(attached.error().message.find("open the player's game first"), std::string::npos);
    EXPECT_FALSE(session.attached());
}

TEST_F(LiveSessionTest, TheScenePutAsideComesBackExactlyWithItsHistoryAndSelection) {
    const Guid paddle = session.world().guid(session.world().find_by_name("Paddle"));
    session.select(paddle);
    ASSERT_TRUE(session.set_field("Transform2D.position.x", FieldValue{123.0f}));
    const std::uint64_t edited = session.hash();
    ASSERT_TRUE(session.dirty());

    ASSERT_TRUE(session.attach(address));
    EXPECT_TRUE(session.attached());
    EXPECT_EQ(session.world().object_count(), 0u) << "nothing read from the player yet";
    EXPECT_TRUE(session.selection().empty());
    EXPECT_FALSE(session.can_undo()) << "the scene's history is put aside too";
    EXPECT_TRUE(session.dirty()) << "the scene put aside still has unsaved changes";
    EXPECT_NE(session.window_title().find("player 127.0.0.1:"), std::string::npos);
    session.follow_player(0.0); // nothing answers: nothing changes, nothing blocks

    session.stop(); // Stop detaches
    EXPECT_FALSE(session.attached());
    EXPECT_EQ(session.hash(), edited);
    EXPECT_EQ(session.selection(), std::vector<Guid>{paddle});
    EXPECT_TRUE(session.dirty());
    ASSERT_TRUE(session.undo()) << "the history came back";
    EXPECT_NE(session.hash(), edited);
}

TEST_F(LiveSessionTest, WhatCannotBeSentToThePlayerIsRefusedAndSaved) {
    ASSERT_TRUE(session.attach(address));
    auto created = session.create_object("Thing", glm::vec2(0.0f));
    ASSERT_FALSE(created);
    EXPECT_NE(created.error().message.find("not available while attached to the player"),
              std::string::npos)
        << created.error().message;
    EXPECT_EQ(session.world().object_count(), 0u);

    auto saved = session.save();
    ASSERT_FALSE(saved);
    EXPECT_NE(saved.error().message.find("Saving the scene is not available"), std::string::npos)
        << saved.error().message;
    auto remote = session.save_remote_state("scenes/remote");
    ASSERT_FALSE(remote) << "no state was read yet";
    EXPECT_FALSE(std::filesystem::exists(copy.path() / "scenes" / "remote.scene.json"));
    EXPECT_FALSE(session.play_input("no-such-input.json"));
    session.detach();
    EXPECT_FALSE(session.save_remote_state("scenes/remote")) << "not attached";
}

TEST(LiveCommands, OnlyFieldEditsNameTheirTargets) {
    const Guid a{0xa1};
    const Guid b{0xb2};
    SetFieldCommand set({a, b}, "Transform2D.position.x", FieldValue{1.0f});
    EXPECT_EQ(set.field_targets(), (std::vector<Guid>{a, b}));
    SetTransformsCommand moved("Move", {TransformChange{b, {}, {}}});
    EXPECT_EQ(moved.field_targets(), std::vector<Guid>{b});
    RenameCommand renamed(a, "other");
    EXPECT_TRUE(renamed.field_targets().empty());

    std::vector<std::unique_ptr<EditCommand>> fields;
    fields.push_back(
        std::make_unique<SetFieldCommand>(std::vector<Guid>{a}, "Shape.radius", FieldValue{2.0f}));
    fields.push_back(std::make_unique<SetTransformsCommand>(
        "Move", std::vector<TransformChange>{TransformChange{b, {}, {}}}));
    EXPECT_EQ(CommandGroup("Both", std::move(fields)).field_targets(), (std::vector<Guid>{a, b}));
    std::vector<std::unique_ptr<EditCommand>> mixed;
    mixed.push_back(
        std::make_unique<SetFieldCommand>(std::vector<Guid>{a}, "Shape.radius", FieldValue{2.0f}));
    mixed.push_back(std::make_unique<RenameCommand>(a, "other"));
    EXPECT_TRUE(CommandGroup("Mixed", std::move(mixed)).field_targets().empty());
}

} // namespace
} // namespace diorama::editor
