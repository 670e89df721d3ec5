// OutputQueue: lines written in order by their own thread, droppable lines bounded and counted,
// failed and blocked writes.

#include "output_queue.h"
#include "test_pipe.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <string>

namespace {

using diorama::player::OutputQueue;
using diorama::test::TestPipe;
using Clock = OutputQueue::Clock;
using namespace std::chrono_literals;

// Far enough that only a hang reaches it.
constexpr std::chrono::milliseconds kPatience = 30s;

std::string numbered(int i) {
    return "line " + std::to_string(100 + i) + "\n"; // 9 bytes each
}

TEST(OutputQueue, WritesKeptAndDroppableLinesInTheOrderQueued) {
    TestPipe pipe;
    OutputQueue queue(pipe.write_end(), 1 << 20);
    std::string expected;
    for (int i = 0; i < 50; ++i) {
        if (i % 2 == 0)
            queue.push_kept(numbered(i));
        else
            queue.push_droppable(numbered(i));
        expected += numbered(i);
    }
    ASSERT_TRUE(queue.wait_written(Clock::now() + kPatience));
    EXPECT_EQ(pipe.read_available(), expected);
    queue.close(Clock::now() + kPatience);
    const OutputQueue::Status status = queue.status();
    EXPECT_EQ(status.error, 0);
    EXPECT_EQ(status.kept_lost, 0u);
    EXPECT_EQ(status.dropped, 0u);
}

TEST(OutputQueue, DroppableLinesBeyondTheCapacityAreCountedAndReportedOnceThereIsRoom) {
    TestPipe pipe;
    const std::size_t filler = pipe.fill(); // the writer blocks on the first line it takes
    OutputQueue queue(pipe.write_end(), 10 * numbered(0).size());
    const auto report = [](std::uint64_t dropped) {
        return "dropped " + std::to_string(dropped) + "\n";
    };
    for (int i = 0; i < 30; ++i)
        queue.push_droppable(numbered(i), report);
    const std::uint64_t dropped = queue.status().dropped;
    EXPECT_GE(dropped, 30u - 11u) << "at most the capacity waits, and one line in the write";

    EXPECT_EQ(pipe.read(filler, kPatience).size(), filler);
    ASSERT_TRUE(queue.wait_written(Clock::now() + kPatience));
    const std::string written = pipe.read_available();
    EXPECT_EQ(written.size(), (30 - dropped) * numbered(0).size()) << written;
    EXPECT_TRUE(written.starts_with(numbered(0))) << "the first lines are kept, the later dropped";

    // The next line finds room: the report comes first.
    queue.push_droppable("after\n", report);
    ASSERT_TRUE(queue.wait_written(Clock::now() + kPatience));
    EXPECT_EQ(pipe.read_available(), "dropped " + std::to_string(dropped) + "\nafter\n");
    EXPECT_EQ(queue.status().dropped, dropped);
    queue.close(Clock::now() + kPatience);
}

TEST(OutputQueue, KeptLinesAreNeverDroppedWhateverTheCapacity) {
    TestPipe pipe;
    const std::size_t filler = pipe.fill();
    OutputQueue queue(pipe.write_end(), 0);
    std::string expected;
    for (int i = 0; i < 1000; ++i) {
        queue.push_kept(numbered(i));
        expected += numbered(i);
    }
    queue.push_droppable("dropped: no room at all\n");
    EXPECT_EQ(pipe.read(filler, kPatience).size(), filler);
    EXPECT_EQ(pipe.read(expected.size(), kPatience), expected);
    ASSERT_TRUE(queue.wait_written(Clock::now() + kPatience));
    EXPECT_EQ(queue.status().kept_lost, 0u);
    EXPECT_EQ(queue.status().dropped, 1u);
    queue.close(Clock::now() + kPatience);
}

TEST(OutputQueue, AFailedWriteCountsThatLineAndEveryLaterOneAsNotWritten) {
    const int full = open("/dev/full", O_WRONLY | O_CLOEXEC);
    ASSERT_GE(full, 0);
    {
        OutputQueue queue(full, 1 << 20);
        queue.push_kept("a result\n");
        queue.push_kept("another\n");
        queue.push_droppable("a log line\n");
        ASSERT_TRUE(queue.wait_written(Clock::now() + kPatience));
        queue.push_kept("after the failure\n");
        const OutputQueue::Status status = queue.status();
        EXPECT_EQ(status.error, ENOSPC);
        EXPECT_EQ(status.kept_lost, 3u);
        EXPECT_EQ(status.dropped, 1u);
    }
    close(full);
}

TEST(OutputQueue, CloseGivesUpOnAWriteThatIsBlockedAndStopsTheThread) {
    TestPipe pipe;
    pipe.fill(); // and nobody reads
    OutputQueue queue(pipe.write_end(), 1 << 20);
    queue.push_kept("stuck\n");
    queue.push_droppable("behind it\n");
    EXPECT_FALSE(queue.wait_written(Clock::now() + 20ms)); // the pipe is full: it cannot be
    queue.close(Clock::now() + 20ms); // returns only once the thread has stopped
    const OutputQueue::Status status = queue.status();
    EXPECT_EQ(status.kept_lost, 1u);
    EXPECT_EQ(status.dropped, 1u);
    EXPECT_EQ(status.error, 0);
    queue.push_kept("after close\n");
    EXPECT_EQ(queue.status().kept_lost, 2u);
}

TEST(OutputQueue, ANonBlockingDescriptorIsWaitedForNotFailed) {
    TestPipe pipe;
    const std::size_t filler = pipe.fill();
    pipe.make_write_end_non_blocking(); // its writes fail with EAGAIN while the pipe is full
    OutputQueue queue(pipe.write_end(), 1 << 20);
    queue.push_kept("waits\n");
    EXPECT_FALSE(queue.wait_written(Clock::now() + 20ms)); // the pipe is full: it cannot be
    EXPECT_EQ(pipe.read(filler, kPatience).size(), filler);
    ASSERT_TRUE(queue.wait_written(Clock::now() + kPatience));
    EXPECT_EQ(pipe.read_available(), "waits\n");
    EXPECT_EQ(queue.status().error, 0);
    queue.close(Clock::now() + kPatience);
}

} // namespace
