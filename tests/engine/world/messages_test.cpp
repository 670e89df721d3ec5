// Messages: World::send / broadcast queue, deliver_messages() hands them to on_message hooks.

#include "diorama/message.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace diorama {

// Test component types, with names unique to this file so no other test's types clash with them.
struct MessageTestAlpha {
    std::int32_t received = 0;
};
struct MessageTestBeta {
    std::int32_t received = 0;
};
struct MessageTestSilent { // no message hook
    std::int32_t value = 0;
};
struct MessageTestLate { // registered after the test's world was made
    std::int32_t received = 0;
};

namespace {

constexpr MessageKind kPing = message_kind("ping");
constexpr MessageKind kPong = message_kind("pong");
constexpr MessageKind kSpawn = message_kind("spawn");

// One call of an on_message hook.
struct Delivery {
    Handle target{};
    std::string type;
    Message message;
};

class MessageTest : public ::testing::Test {
protected:
    MessageTest() {
        register_builtin_components(registry);
        // Beta is registered before Alpha: per target, hooks run in registry order, which is
        // neither name order nor the order components were added.
        auto beta =
            TypeBuilder<MessageTestBeta>("MessageTestBeta")
                .field<&MessageTestBeta::received>("received")
                .on_message([this](World& w, Handle h, MessageTestBeta& c, const Message& m) {
                    ++c.received;
                    on_delivery(w, h, "Beta", m);
                })
                .build();
        auto alpha =
            TypeBuilder<MessageTestAlpha>("MessageTestAlpha")
                .field<&MessageTestAlpha::received>("received")
                .on_message([this](World& w, Handle h, MessageTestAlpha& c, const Message& m) {
                    ++c.received;
                    on_delivery(w, h, "Alpha", m);
                })
                .build();
        auto silent = TypeBuilder<MessageTestSilent>("MessageTestSilent")
                          .field<&MessageTestSilent::value>("value")
                          .build();
        EXPECT_TRUE(registry.add(std::move(beta)).ok());
        EXPECT_TRUE(registry.add(std::move(alpha)).ok());
        EXPECT_TRUE(registry.add(std::move(silent)).ok());
    }

    void on_delivery(World& w, Handle h, const char* type, const Message& m) {
        log.push_back(Delivery{h, type, m});
        if (reaction) reaction(w, h, m);
    }

    // An object with an Alpha component (so it receives messages once).
    static Handle receiver(World& world, LayerId layer = 0) {
        ObjectDef def;
        def.layer = layer;
        const Handle h = world.create(def).value();
        world.add<MessageTestAlpha>(h);
        return h;
    }

    static Message numbered(MessageKind kind, std::int32_t i, Handle sender = kNullHandle) {
        Message m;
        m.kind = kind;
        m.i = i;
        m.sender = sender;
        return m;
    }

    std::vector<std::int32_t> numbers() const {
        std::vector<std::int32_t> out;
        for (const Delivery& d : log)
            out.push_back(d.message.i);
        return out;
    }
    std::vector<Handle> targets() const {
        std::vector<Handle> out;
        for (const Delivery& d : log)
            out.push_back(d.target);
        return out;
    }

    TypeRegistry registry;
    std::vector<Delivery> log;
    // Optional extra behaviour of every hook, set by a test before delivering.
    std::function<void(World&, Handle, const Message&)> reaction;
};

// ---- kinds ----

TEST(MessageKind, IsAConstantExpression) {
    constexpr MessageKind kBrickHit = message_kind("brick_hit");
    static_assert(kBrickHit == message_kind("brick_hit"));
    static_assert(message_kind("brick_hit") != message_kind("ball_lost"));
    std::array<int, (message_kind("x") & 0x7u) + 1> sized_by_a_kind{};
    EXPECT_EQ(sized_by_a_kind.size(), (message_kind("x") & 0x7u) + 1);
}

TEST(MessageKind, IsTheFnv1aHashOfTheName) {
    static_assert(message_kind("") == 2166136261u);
    EXPECT_EQ(message_kind(""), 0x811c9dc5u);
    EXPECT_EQ(message_kind("a"), 0xe40c292cu);
    EXPECT_EQ(message_kind("foobar"), 0xbf9cf968u);
}

TEST(MessageKind, DiffersForDifferentNames) {
    std::vector<std::string> names = {"brick_hit", "ball_lost", "pickup",  "Pickup",
                                      "pickup ",   "damage",    "damaged", "heal"};
    for (char a = 'a'; a <= 'z'; ++a)
        for (char b = 'a'; b <= 'z'; ++b)
            names.push_back(std::string{a, b});
    std::set<MessageKind> kinds;
    for (const std::string& n : names)
        kinds.insert(message_kind(n));
    EXPECT_EQ(kinds.size(), names.size());
}

TEST(MessageKind, TakesEveryByteOfTheNameIncludingEmbeddedNulls) {
    using namespace std::string_view_literals;
    EXPECT_NE(message_kind("a\0b"sv), message_kind("a"sv));
    EXPECT_NE(message_kind("a\0b"sv), message_kind("ab"sv));
}

// ---- send and deliver ----

TEST_F(MessageTest, SendQueuesTheMessageUntilDeliverMessages) {
    World world(registry);
    const Handle target = receiver(world);
    world.send(target, numbered(kPing, 1));
    EXPECT_TRUE(log.empty());
    EXPECT_EQ(world.stats().queued_messages, 1u);

    EXPECT_EQ(world.deliver_messages(), 1u);
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log[0].target, target);
    EXPECT_EQ(log[0].message.kind, kPing);
    EXPECT_EQ(world.get<MessageTestAlpha>(target)->received, 1);
    EXPECT_EQ(world.stats().queued_messages, 0u);

    EXPECT_EQ(world.deliver_messages(), 0u) << "a message is delivered once";
    EXPECT_EQ(log.size(), 1u);
}

TEST_F(MessageTest, MessagesArriveInTheOrderSentAcrossSendersAndTargets) {
    World world(registry);
    std::vector<Handle> objects;
    for (int i = 0; i < 5; ++i)
        objects.push_back(receiver(world));

    std::vector<std::int32_t> sent;
    std::vector<Handle> sent_to;
    for (std::int32_t n = 0; n < 40; ++n) {
        const Handle target = objects[static_cast<std::size_t>((n * 3 + n / 7) % 5)];
        const Handle sender = objects[static_cast<std::size_t>((n * 2 + 1) % 5)];
        world.send(target, numbered(kPing, n, sender));
        sent.push_back(n);
        sent_to.push_back(target);
    }
    EXPECT_EQ(world.deliver_messages(), 40u);
    EXPECT_EQ(numbers(), sent);
    EXPECT_EQ(targets(), sent_to);
}

TEST_F(MessageTest, PerTargetHooksRunInRegistryOrder) {
    World world(registry);
    const Handle h = world.create();
    world.add<MessageTestAlpha>(h); // added first, registered second
    world.add<MessageTestBeta>(h);
    world.send(h, numbered(kPing, 1));
    world.send(h, numbered(kPing, 2));

    EXPECT_EQ(world.deliver_messages(), 4u) << "one delivery per hook";
    ASSERT_EQ(log.size(), 4u);
    EXPECT_EQ(log[0].type, "Beta");
    EXPECT_EQ(log[1].type, "Alpha");
    EXPECT_EQ(log[2].type, "Beta");
    EXPECT_EQ(log[3].type, "Alpha");
    EXPECT_EQ(numbers(), (std::vector<std::int32_t>{1, 1, 2, 2}));
}

TEST_F(MessageTest, AnObjectWithoutAMessageHookReceivesNothingAndNothingIsDropped) {
    World world(registry);
    const Handle plain = world.create();
    world.add<MessageTestSilent>(plain);
    world.send(plain, numbered(kPing, 1));
    EXPECT_EQ(world.deliver_messages(), 0u);
    EXPECT_TRUE(log.empty());
    EXPECT_EQ(world.stats().dropped_messages, 0u);
}

TEST_F(MessageTest, MessagesSentWhileDeliveringWaitForTheNextDelivery) {
    World world(registry);
    const Handle a = receiver(world);
    const Handle b = receiver(world);
    reaction = [&](World& w, Handle self, const Message& m) {
        if (m.kind == kPing) {
            w.send(self == a ? b : a, numbered(kPong, m.i + 100, self));
            w.broadcast(numbered(kPong, m.i + 200, self));
        }
    };
    world.send(a, numbered(kPing, 1));
    world.send(b, numbered(kPing, 2));

    EXPECT_EQ(world.deliver_messages(), 2u);
    EXPECT_EQ(numbers(), (std::vector<std::int32_t>{1, 2}));
    EXPECT_EQ(world.stats().queued_messages, 4u);

    log.clear();
    EXPECT_EQ(world.deliver_messages(), 6u);
    // In the order the hooks sent them: a's reply to b, a's broadcast, b's reply, b's broadcast.
    EXPECT_EQ(numbers(), (std::vector<std::int32_t>{101, 201, 201, 102, 202, 202}));
    EXPECT_EQ(targets(), (std::vector<Handle>{b, a, b, a, a, b}));
    EXPECT_EQ(world.deliver_messages(), 0u);
}

// ---- targets that are gone ----

TEST_F(MessageTest, MessageToAStaleHandleIsDroppedAndCounted) {
    World world(registry);
    const Handle gone = receiver(world);
    world.destroy(gone);
    world.flush();
    world.send(gone, numbered(kPing, 1));
    EXPECT_EQ(world.deliver_messages(), 0u);
    EXPECT_TRUE(log.empty());
    EXPECT_EQ(world.stats().dropped_messages, 1u);
}

TEST_F(MessageTest, MessageToTheNullHandleIsDroppedAndCounted) {
    World world(registry);
    receiver(world);
    world.send(kNullHandle, numbered(kPing, 1));
    EXPECT_EQ(world.deliver_messages(), 0u);
    EXPECT_TRUE(log.empty());
    EXPECT_EQ(world.stats().dropped_messages, 1u);
}

TEST_F(MessageTest, TargetFlushedBeforeDeliveryDropsTheMessage) {
    World world(registry);
    const Handle doomed = receiver(world);
    const Handle other = receiver(world);
    world.send(doomed, numbered(kPing, 1));
    world.send(other, numbered(kPing, 2));
    world.destroy(doomed);
    world.flush();

    EXPECT_EQ(world.deliver_messages(), 1u);
    EXPECT_EQ(numbers(), (std::vector<std::int32_t>{2}));
    EXPECT_EQ(world.stats().dropped_messages, 1u);
}

TEST_F(MessageTest, ANewObjectInTheTargetsReusedSlotDoesNotGetItsMessage) {
    World world(registry);
    const Handle doomed = receiver(world);
    world.send(doomed, numbered(kPing, 1));
    world.destroy(doomed);
    world.flush();
    const Handle successor = receiver(world);
    ASSERT_EQ(successor.index, doomed.index) << "the test needs the slot to be reused";

    EXPECT_EQ(world.deliver_messages(), 0u);
    EXPECT_TRUE(log.empty());
    EXPECT_EQ(world.get<MessageTestAlpha>(successor)->received, 0);
    EXPECT_EQ(world.stats().dropped_messages, 1u);
}

TEST_F(MessageTest, TargetMarkedForDestructionStillReceivesUntilFlushed) {
    World world(registry);
    const Handle dying = receiver(world);
    world.send(dying, numbered(kPing, 1));
    world.destroy(dying);
    EXPECT_EQ(world.deliver_messages(), 1u);
    EXPECT_EQ(targets(), (std::vector<Handle>{dying}));
    EXPECT_EQ(world.stats().dropped_messages, 0u);
}

TEST_F(MessageTest, DroppedMessagesAccumulateAcrossDeliveries) {
    World world(registry);
    const Handle a = receiver(world);
    const Handle b = receiver(world);
    world.send(a, numbered(kPing, 1));
    world.send(b, numbered(kPing, 2));
    world.destroy(a);
    world.destroy(b);
    world.flush();
    EXPECT_EQ(world.deliver_messages(), 0u);
    world.send(a, numbered(kPing, 3));
    EXPECT_EQ(world.deliver_messages(), 0u);
    EXPECT_EQ(world.stats().dropped_messages, 3u);
}

TEST_F(MessageTest, AHookMayDestroyItsTargetAndLaterMessagesStillReachItThisDelivery) {
    World world(registry);
    const Handle h = receiver(world);
    reaction = [](World& w, Handle self, const Message&) { w.destroy(self); };
    world.send(h, numbered(kPing, 1));
    world.send(h, numbered(kPing, 2));
    EXPECT_EQ(world.deliver_messages(), 2u);
    EXPECT_TRUE(world.destroying(h));
    EXPECT_EQ(world.flush(), 1u);
    world.send(h, numbered(kPing, 3));
    EXPECT_EQ(world.deliver_messages(), 0u);
    EXPECT_EQ(numbers(), (std::vector<std::int32_t>{1, 2}));
}

TEST_F(MessageTest, AHookRemovingAnotherComponentOfTheTargetSkipsThatComponentsHook) {
    World world(registry);
    const Handle h = world.create();
    world.add<MessageTestBeta>(h);
    world.add<MessageTestAlpha>(h);
    reaction = [](World& w, Handle self, const Message&) { w.remove<MessageTestAlpha>(self); };
    world.send(h, numbered(kPing, 1));
    EXPECT_EQ(world.deliver_messages(), 1u);
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log[0].type, "Beta");
}

// ---- broadcast ----

TEST_F(MessageTest, BroadcastReachesEveryObjectWithAMessageHookOnceInSlotOrder) {
    World world(registry);
    std::vector<Handle> expected;
    for (int i = 0; i < 12; ++i) {
        const Handle h = world.create();
        switch (i % 4) {
        case 0:
            world.add<MessageTestAlpha>(h);
            break;
        case 1:
            world.add<MessageTestBeta>(h);
            break;
        case 2:
            world.add<MessageTestSilent>(h);
            break;
        default:
            break;
        }
        if (i % 4 < 2) expected.push_back(h);
    }
    world.broadcast(numbered(kPing, 7));
    EXPECT_EQ(world.deliver_messages(), expected.size());
    EXPECT_EQ(targets(), expected);
    for (const Delivery& d : log)
        EXPECT_EQ(d.message.i, 7);
}

TEST_F(MessageTest, BroadcastReachesEachHookOfAnObject) {
    World world(registry);
    const Handle h = world.create();
    world.add<MessageTestAlpha>(h);
    world.add<MessageTestBeta>(h);
    world.broadcast(numbered(kPing, 1));
    EXPECT_EQ(world.deliver_messages(), 2u);
    ASSERT_EQ(log.size(), 2u);
    EXPECT_EQ(log[0].type, "Beta");
    EXPECT_EQ(log[1].type, "Alpha");
}

TEST_F(MessageTest, BroadcastToALayerReachesOnlyObjectsInThatLayer) {
    World world(registry);
    const LayerId ui = world.add_layer("ui");
    const LayerId fx = world.add_layer("fx");
    std::vector<Handle> in_ui;
    for (int i = 0; i < 9; ++i) {
        const LayerId layer = i % 3 == 0 ? 0 : (i % 3 == 1 ? ui : fx);
        const Handle h = receiver(world, layer);
        if (layer == ui) in_ui.push_back(h);
    }
    // An object moved into the layer after creation counts too.
    const Handle moved = receiver(world, fx);
    ASSERT_TRUE(world.set_layer(moved, ui).ok());
    in_ui.push_back(moved);

    world.broadcast(numbered(kPing, 1), ui);
    EXPECT_EQ(world.deliver_messages(), in_ui.size());
    EXPECT_EQ(targets(), in_ui);
}

TEST_F(MessageTest, BroadcastToAnEmptyLayerDeliversNothing) {
    World world(registry);
    const LayerId empty = world.add_layer("empty");
    receiver(world);
    world.broadcast(numbered(kPing, 1), empty);
    EXPECT_EQ(world.deliver_messages(), 0u);
    EXPECT_EQ(world.stats().dropped_messages, 0u);
}

TEST_F(MessageTest, BroadcastKeepsItsPlaceAmongSends) {
    World world(registry);
    const Handle a = receiver(world);
    const Handle b = receiver(world);
    world.send(b, numbered(kPing, 1));
    world.broadcast(numbered(kPing, 2));
    world.send(a, numbered(kPing, 3));
    EXPECT_EQ(world.deliver_messages(), 4u);
    EXPECT_EQ(numbers(), (std::vector<std::int32_t>{1, 2, 2, 3}));
    EXPECT_EQ(targets(), (std::vector<Handle>{b, a, b, a}));
}

TEST_F(MessageTest, BroadcastSkipsObjectsFlushedBeforeDelivery) {
    World world(registry);
    const Handle a = receiver(world);
    const Handle b = receiver(world);
    const Handle c = receiver(world);
    world.broadcast(numbered(kPing, 1));
    world.destroy(b);
    world.flush();
    EXPECT_EQ(world.deliver_messages(), 2u);
    EXPECT_EQ(targets(), (std::vector<Handle>{a, c}));
}

TEST_F(MessageTest, BroadcastDoesNotReachObjectsCreatedWhileItIsBeingDelivered) {
    // Each receiver of "spawn" creates a new receiver. The broadcast was sent before those
    // existed, so it must not reach them (else a spawner would chain through its own offspring in
    // one delivery). The cap only keeps a failing run finite.
    World world(registry);
    for (int i = 0; i < 3; ++i)
        receiver(world);
    int created = 0;
    reaction = [&](World& w, Handle, const Message& m) {
        if (m.kind == kSpawn && created < 1000) {
            ++created;
            receiver(w);
        }
    };
    world.broadcast(numbered(kSpawn, 1));
    EXPECT_EQ(world.deliver_messages(), 3u);
    EXPECT_EQ(created, 3);
    EXPECT_EQ(world.object_count(), 6u);
}

// ---- payload ----

TEST_F(MessageTest, EveryPayloadFieldArrivesIntact) {
    World world(registry);
    const Handle sender = receiver(world);
    const Handle target = receiver(world);
    Message m;
    m.kind = message_kind("brick_hit");
    m.sender = sender;
    m.i = -123456789;
    m.f = 3.25e-7f;
    m.v = {-1.5f, 1e20f};
    m.ref = world.guid(sender);
    m.text = std::string(1000, 'x') + "\xc3\xa9 end"; // long, with UTF-8
    world.send(target, m);
    m.kind = message_kind("ball_lost");
    m.text = "";
    world.broadcast(m);

    world.deliver_messages();
    ASSERT_EQ(log.size(), 3u);
    const Message& got = log[0].message;
    EXPECT_EQ(got.kind, message_kind("brick_hit"));
    EXPECT_EQ(got.sender, sender);
    EXPECT_EQ(got.i, -123456789);
    EXPECT_EQ(got.f, 3.25e-7f);
    EXPECT_EQ(got.v.x, -1.5f);
    EXPECT_EQ(got.v.y, 1e20f);
    EXPECT_EQ(got.ref, world.guid(sender));
    EXPECT_EQ(got.text, std::string(1000, 'x') + "\xc3\xa9 end");
    for (std::size_t k = 1; k < 3; ++k) {
        EXPECT_EQ(log[k].message.kind, message_kind("ball_lost"));
        EXPECT_EQ(log[k].message.sender, sender);
        EXPECT_EQ(log[k].message.i, -123456789);
        EXPECT_EQ(log[k].message.ref, world.guid(sender));
        EXPECT_TRUE(log[k].message.text.empty());
    }
}

TEST_F(MessageTest, TheSendersHandleMayBeStaleByDeliveryTime) {
    World world(registry);
    const Handle sender = receiver(world);
    const Handle target = receiver(world);
    world.send(target, numbered(kPing, 1, sender));
    world.destroy(sender);
    world.flush();
    EXPECT_EQ(world.deliver_messages(), 1u);
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log[0].message.sender, sender);
    EXPECT_FALSE(world.alive(log[0].message.sender));
}

// A type registered once the world exists (a script declaring one while the game runs) gets its
// messages and its on_destroy, in this world and in its clone.
TEST_F(MessageTest, ATypeRegisteredAfterTheWorldWasMadeHasItsHooksRun) {
    World world(registry);
    int destroyed = 0;
    auto late =
        TypeBuilder<MessageTestLate>("MessageTestLate")
            .field<&MessageTestLate::received>("received")
            .on_message([](World&, Handle, MessageTestLate& c, const Message&) { ++c.received; })
            .on_destroy([&destroyed](World&, Handle, MessageTestLate&) { ++destroyed; })
            .build();
    ASSERT_TRUE(registry.add(std::move(late)).ok());
    const Handle h = world.create();
    world.add<MessageTestLate>(h);
    const std::unique_ptr<World> copy = world.clone();
    world.send(h, numbered(kPing, 1));
    EXPECT_EQ(world.deliver_messages(), 1u);
    EXPECT_EQ(world.get<MessageTestLate>(h)->received, 1);
    world.destroy(h);
    world.flush();
    EXPECT_EQ(destroyed, 1);
    copy->send(h, numbered(kPing, 2));
    EXPECT_EQ(copy->deliver_messages(), 1u);
    EXPECT_EQ(copy->get<MessageTestLate>(h)->received, 1);
}

} // namespace
} // namespace diorama
