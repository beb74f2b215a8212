import Signals

/// The scenarios `EngineExplorationTests` explores, each with a floor on its interleavings (so
/// that a change that silently shrinks the search fails). In a file of their own, without
/// Swift Testing, so that `Scripts/engine/mutants.sh` can build the explorer alone.
extension InterleavingExplorer {
    static let scenarios: [(Scenario, minimumInterleavings: UInt64)] = [
        // A drainer parked in another stream's send (its handler sends into a flooded stream
        // whose drainer is the other thread): the other thread's sends must queue past the
        // limit instead of waiting for it, or neither ever returns.
        (Scenario(name: "the drainer parks in another stream while a sender floods this one", threads: [
            [.bind(1), .send(1)],
            [.send(2), .send(3), .send(4)],
        ], reactions: [1: [1: .parkElsewhere(untilDone: 1)]], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 10),
        (Scenario(name: "property: the drainer parks in another stream while a binder floods this one", property: 0, threads: [
            [.bind(1), .send(1)],
            [.send(2), .bind(2), .send(3)],
        ], reactions: [1: [1: .parkElsewhere(untilDone: 1)]], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 10),
        (Scenario(name: "two senders into one binding", threads: [
            [.bind(1), .send(1), .send(2)],
            [.send(3), .send(4)],
        ]), 10),
        (Scenario(name: "a bind races two sends", threads: [
            [.bind(1), .send(1)],
            [.send(2), .bind(2), .send(3)],
        ]), 10),
        (Scenario(name: "a handler sends re-entrantly while another thread sends and binds", threads: [
            [.bind(1), .send(1), .send(2)],
            [.send(3), .bind(2)],
        ], reactions: [1: [1: .send(10)]]), 10),
        (Scenario(name: "a handler cancels a later binding while another thread sends", threads: [
            [.bind(1), .bind(2), .send(1)],
            [.send(2), .send(3)],
        ], reactions: [1: [1: .cancel(2)]], limits: FloodLimits(queueLimit: 2, resumeBelow: 1, turnLimit: 2, compactAbove: 0)), 10),
        (Scenario(name: "finish races a send and a bind", threads: [
            [.bind(1), .send(1), .finish],
            [.send(2), .bind(2)],
        ]), 10),
        (Scenario(name: "three senders flood a queue of one", threads: [
            [.bind(1), .send(1), .send(2)],
            [.send(3), .send(4)],
            [.send(5)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 100),
        (Scenario(name: "a handler sends re-entrantly into a flooded queue", threads: [
            [.bind(1), .send(1), .send(2)],
            [.send(3), .send(4)],
        ], reactions: [1: [1: .send(10), 3: .send(30)]], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 10),
        (Scenario(name: "property: binds and cancels race writes (replays)", property: 0, threads: [
            [.send(1), .send(2)],
            [.bind(1), .cancel(1), .bind(2)],
        ]), 10),
        // The livelock's shape: a property written in a loop while other threads bind and cancel
        // (zip churners). On the old transitions the late-binder scan is quadratic and replays
        // skip the flood gate.
        (Scenario(name: "property churn: a writer and two bind/cancel churners", property: 0, threads: [
            [.send(1), .send(2)],
            [.bind(1), .cancel(1), .bind(2)],
            [.bind(3)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 1000),
        // The stall's shape: a subject's stable binding while churners bind and cancel and
        // another thread sends.
        (Scenario(name: "subject churn: a stable binding, a sender and a churner", threads: [
            [.bind(1), .send(1), .send(2)],
            [.bind(2), .cancel(2), .bind(3)],
            [.send(3)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 1000),
        // The late-binder scan's shape: two churners bind and cancel while a handler has three
        // values queued. On the old transitions every queued value rescans the cancelled
        // late binders.
        (Scenario(name: "churners bind and cancel while three values wait", threads: [
            [.bind(1), .send(1)],
            [.bind(2), .cancel(2)],
            [.bind(3), .cancel(3)],
        ], reactions: [1: [1: .sendMany([10, 11, 12])]], limits: FloodLimits(queueLimit: 4, resumeBelow: 2, turnLimit: 8), isLarge: true), 1000),
        (Scenario(name: "a flooded sender queued behind one finish", threads: [
            [.bind(1), .send(1)],
            [.send(3), .finish],
            [.bind(2), .send(4)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 1000),
        // A late binder cancelled while a value is queued, a plain cancel and a later binding,
        // with compaction at the first hole: the compaction moves the later binding down, below
        // the cancelled late binder's old slot.
        (Scenario(name: "a cancelled late binder and a plain cancel past compaction", threads: [
            [.bind(1), .send(1)],
            [.bind(2), .cancel(2), .cancel(1)],
            [.bind(3)],
        ], reactions: [1: [1: .send(10)]], limits: FloodLimits(queueLimit: 2, resumeBelow: 1, turnLimit: 2, compactAbove: 0)), 100),
        (Scenario(name: "cancels while a delivery reads the table, past compaction", threads: [
            [.bind(1), .bind(2), .bind(3), .send(1)],
            [.cancel(1), .cancel(2), .send(2)],
        ], limits: FloodLimits(queueLimit: 2, resumeBelow: 1, turnLimit: 2, compactAbove: 0)), 100),
        (Scenario(name: "two finishes race a send", threads: [
            [.bind(1), .send(1), .finish],
            [.finish, .bind(2)],
            [.send(2)],
        ]), 100),
        (Scenario(name: "a handler finishes while another thread sends and binds", threads: [
            [.bind(1), .bind(2), .send(1), .send(2)],
            [.send(3), .bind(3)],
        ], reactions: [1: [1: .finish, 3: .finish]]), 100),
        (Scenario(name: "property: a handler finishes while a bind waits", property: 0, threads: [
            [.bind(1), .send(1)],
            [.send(2), .bind(2)],
        ], reactions: [1: [1: .finish]], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 10),
        // Turns longer than one delivery: a waiter must be let in when the queue runs dry, not
        // only when the turn is used up.
        (Scenario(name: "senders wait through a long turn", threads: [
            [.bind(1), .send(1)],
            [.send(2), .send(3)],
            [.send(4)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 4)), 100),
        (Scenario(name: "a handler sends re-entrantly through a long turn while others wait", threads: [
            [.bind(1), .send(1)],
            [.send(2)],
            [.send(3)],
        ], reactions: [1: [1: .sendMany([10, 11])]], limits: FloodLimits(queueLimit: 1, resumeBelow: 1, turnLimit: 3)), 100),
        (Scenario(name: "property: modifies and a declined update race writes and a bind", property: 0, threads: [
            [.bind(1), .modify(1), .modify(nil)],
            [.send(10), .modify(2)],
            [.bind(2), .modify(nil)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1), isLarge: true), 1000),
        // Deeper than replaying schedules allowed in the same time: claimed sends and a
        // re-entrant send while two churners bind and cancel past compaction, one of them
        // cancelling the first binding, whose handler sends.
        (Scenario(name: "claimed sends race two churners past compaction", threads: [
            [.bind(1), .send(1), .send(2)],
            [.bind(2), .cancel(2), .bind(3), .cancel(3)],
            [.bind(4), .cancel(1)],
        ], reactions: [1: [1: .send(10)]], limits: FloodLimits(queueLimit: 2, resumeBelow: 1, turnLimit: 2, compactAbove: 0), isLarge: true), 1000),
        (Scenario(name: "property: a modify races a finish", property: 0, threads: [
            [.bind(1), .modify(1), .modify(nil)],
            [.finish],
        ], reactions: [1: [1: .send(5)]]), 10),
    ]
}

extension InterleavingExplorer {
    /// The `Serializer` scenarios (`SerializerWorld`): its admission (a decision now, or a
    /// wait for room first), its drain, a finish or a cancel racing both.
    static let serializerScenarios: [(SerializerScenario, minimumInterleavings: UInt64)] = [
        (SerializerScenario(name: "serializer: two senders and a finish", threads: [
            [.send(1), .send(2)],
            [.send(3), .finish],
        ]), 10),
        (SerializerScenario(name: "serializer: three senders flood a queue of one", threads: [
            [.send(1), .send(2)],
            [.send(3), .send(4)],
            [.send(5)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 100),
        (SerializerScenario(name: "serializer: a handler sends re-entrantly while another thread floods", threads: [
            [.send(1), .send(2)],
            [.send(3), .send(4), .send(5)],
        ], reactions: [1: .sendMany([10, 11])], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 100),
        (SerializerScenario(name: "serializer: a cancel races sends and a delivery", threads: [
            [.send(1), .send(2)],
            [.send(3), .cancel],
        ]), 10),
        (SerializerScenario(name: "serializer: a handler finishes while others send", threads: [
            [.send(1), .send(2)],
            [.send(3), .send(4)],
        ], reactions: [1: .finish]), 10),
        (SerializerScenario(name: "serializer: a handler cancels while others wait for room", threads: [
            [.send(1), .send(2)],
            [.send(3), .send(4)],
        ], reactions: [3: .cancel], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 10),
        (SerializerScenario(name: "serializer: two finishes race a send", threads: [
            [.finish],
            [.send(1), .finish],
            [.send(2)],
        ]), 10),
    ]
}
