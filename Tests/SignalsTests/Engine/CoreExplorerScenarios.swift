import Signals

extension CoreExplorer {
    /// The scenarios, each with the fewest schedules its search must run (so that a change that
    /// silently shrinks the search fails).
    static let scenarios: [(Scenario, minimumSchedules: Int)] = [
        (Scenario(name: "two senders into one binding", threads: [
            [.bind(1), .send(1), .send(2)],
            [.send(3), .send(4)],
        ]), 120),
        (Scenario(name: "a bind races two sends", threads: [
            [.bind(1), .send(1)],
            [.send(2), .bind(2), .send(3)],
        ]), 110),
        (Scenario(name: "a handler sends re-entrantly while another thread sends and binds", threads: [
            [.bind(1), .send(1), .send(2)],
            [.send(3), .bind(2)],
        ], reactions: [1: [1: .send(10)]]), 210),
        (Scenario(name: "a handler cancels a later binding while another thread sends", threads: [
            [.bind(1), .bind(2), .send(1)],
            [.send(2), .send(3)],
        ], reactions: [1: [1: .cancel(2)]], limits: FloodLimits(queueLimit: 2, resumeBelow: 1, turnLimit: 2, compactAbove: 0)), 160),
        (Scenario(name: "finish races a send and a bind", threads: [
            [.bind(1), .send(1), .finish],
            [.send(2), .bind(2)],
        ]), 120),
        (Scenario(name: "three senders flood a queue of one", threads: [
            [.bind(1), .send(1), .send(2)],
            [.send(3), .send(4)],
            [.send(5)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 2040),
        (Scenario(name: "a handler sends re-entrantly into a flooded queue", threads: [
            [.bind(1), .send(1), .send(2)],
            [.send(3), .send(4)],
        ], reactions: [1: [1: .send(10), 3: .send(30)]], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 290),
        (Scenario(name: "property: binds and cancels race writes (replays)", property: 0, threads: [
            [.send(1), .send(2)],
            [.bind(1), .cancel(1), .bind(2)],
        ]), 150),
        (Scenario(name: "subject churn: a stable binding, a sender and a churner", threads: [
            [.bind(1), .send(1), .send(2)],
            [.bind(2), .cancel(2), .bind(3)],
            [.send(3)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 2110),
        (Scenario(name: "cancels while a delivery reads the table, past compaction", threads: [
            [.bind(1), .bind(2), .bind(3), .send(1)],
            [.cancel(1), .cancel(2), .send(2)],
        ], limits: FloodLimits(queueLimit: 2, resumeBelow: 1, turnLimit: 2, compactAbove: 0)), 100),
        (Scenario(name: "a handler finishes while another thread sends and binds", threads: [
            [.bind(1), .bind(2), .send(1), .send(2)],
            [.send(3), .bind(3)],
        ], reactions: [1: [1: .finish, 3: .finish]]), 300),
        (Scenario(name: "senders wait through a long turn", threads: [
            [.bind(1), .send(1)],
            [.send(2), .send(3)],
            [.send(4)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 4)), 1210),
        (Scenario(name: "property: modifies and a declined update race writes and a bind", property: 0, threads: [
            [.bind(1), .modify(1), .modify(nil)],
            [.send(10), .modify(2)],
            [.bind(2), .modify(nil)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 5990),
        (Scenario(name: "a flooded sender queued behind one finish", threads: [
            [.bind(1), .send(1)],
            [.send(3), .finish],
            [.bind(2), .send(4)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 2020),
        // A late binder cancelled while a value is queued, a plain cancel and a later binding,
        // with compaction at the first hole: the compaction moves the later binding down.
        (Scenario(name: "a cancelled late binder and a plain cancel past compaction", threads: [
            [.bind(1), .send(1)],
            [.bind(2), .cancel(2), .cancel(1)],
            [.bind(3)],
        ], reactions: [1: [1: .send(10)]], limits: FloodLimits(queueLimit: 2, resumeBelow: 1, turnLimit: 2, compactAbove: 0)), 4000),
        // Binds while a delivery reads a table of two fill it and make it grow: the delivery
        // must go on reading the storage it started with, untouched.
        (Scenario(name: "binds grow the table while a delivery reads it", threads: [
            [.bind(1), .bind(2), .send(1)],
            [.bind(3), .bind(4), .bind(5)],
        ]), 140),
        (Scenario(name: "claimed sends race a churner past compaction", threads: [
            [.bind(1), .send(1), .send(2)],
            [.bind(2), .cancel(2), .bind(3), .cancel(1)],
        ], reactions: [1: [1: .send(10)]], limits: FloodLimits(queueLimit: 2, resumeBelow: 1, turnLimit: 2, compactAbove: 0)), 460),
    ]
}
