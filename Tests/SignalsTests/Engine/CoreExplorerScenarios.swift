import Signals

extension CoreExplorer {
    /// The scenarios, each with the fewest schedules its search must run (so that a change that
    /// silently shrinks the search fails).
    static let scenarios: [(Scenario, minimumSchedules: Int)] = [
        (Scenario(name: "two senders into one binding", threads: [
            [.bind(1), .send(1), .send(2)],
            [.send(3), .send(4)],
        ]), 150),
        (Scenario(name: "a bind races two sends", threads: [
            [.bind(1), .send(1)],
            [.send(2), .bind(2), .send(3)],
        ]), 140),
        (Scenario(name: "a handler sends re-entrantly while another thread sends and binds", threads: [
            [.bind(1), .send(1), .send(2)],
            [.send(3), .bind(2)],
        ], reactions: [1: [1: .send(10)]]), 250),
        (Scenario(name: "a handler cancels a later binding while another thread sends", threads: [
            [.bind(1), .bind(2), .send(1)],
            [.send(2), .send(3)],
        ], reactions: [1: [1: .cancel(2)]], limits: FloodLimits(queueLimit: 2, resumeBelow: 1, turnLimit: 2, compactAbove: 0)), 210),
        (Scenario(name: "finish races a send and a bind", threads: [
            [.bind(1), .send(1), .finish],
            [.send(2), .bind(2)],
        ]), 130),
        (Scenario(name: "three senders flood a queue of one", threads: [
            [.bind(1), .send(1), .send(2)],
            [.send(3), .send(4)],
            [.send(5)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 2580),
        (Scenario(name: "a handler sends re-entrantly into a flooded queue", threads: [
            [.bind(1), .send(1), .send(2)],
            [.send(3), .send(4)],
        ], reactions: [1: [1: .send(10), 3: .send(30)]], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 340),
        (Scenario(name: "property: binds and cancels race writes (replays)", property: 0, threads: [
            [.send(1), .send(2)],
            [.bind(1), .cancel(1), .bind(2)],
        ]), 170),
        (Scenario(name: "subject churn: a stable binding, a sender and a churner", threads: [
            [.bind(1), .send(1), .send(2)],
            [.bind(2), .cancel(2), .bind(3)],
            [.send(3)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 2840),
        (Scenario(name: "cancels while a delivery reads the table, past compaction", threads: [
            [.bind(1), .bind(2), .bind(3), .send(1)],
            [.cancel(1), .cancel(2), .send(2)],
        ], limits: FloodLimits(queueLimit: 2, resumeBelow: 1, turnLimit: 2, compactAbove: 0)), 160),
        (Scenario(name: "a handler finishes while another thread sends and binds", threads: [
            [.bind(1), .bind(2), .send(1), .send(2)],
            [.send(3), .bind(3)],
        ], reactions: [1: [1: .finish, 3: .finish]]), 330),
        (Scenario(name: "senders wait through a long turn", threads: [
            [.bind(1), .send(1)],
            [.send(2), .send(3)],
            [.send(4)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 4)), 1500),
        (Scenario(name: "property: modifies and a declined update race writes and a bind", property: 0, threads: [
            [.bind(1), .modify(1), .modify(nil)],
            [.send(10), .modify(2)],
            [.bind(2), .modify(nil)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 6840),
        (Scenario(name: "a flooded sender queued behind one finish", threads: [
            [.bind(1), .send(1)],
            [.send(3), .finish],
            [.bind(2), .send(4)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 2440),
        // A late binder cancelled while a value is queued, a plain cancel and a later binding,
        // with compaction at the first hole: the compaction moves the later binding down.
        (Scenario(name: "a cancelled late binder and a plain cancel past compaction", threads: [
            [.bind(1), .send(1)],
            [.bind(2), .cancel(2), .cancel(1)],
            [.bind(3)],
        ], reactions: [1: [1: .send(10)]], limits: FloodLimits(queueLimit: 2, resumeBelow: 1, turnLimit: 2, compactAbove: 0)), 5250),
        // Binds while a delivery reads a table of two fill it and make it grow: the delivery
        // must go on reading the storage it started with, untouched.
        (Scenario(name: "binds grow the table while a delivery reads it", threads: [
            [.bind(1), .bind(2), .send(1)],
            [.bind(3), .bind(4), .bind(5)],
        ]), 180),
        // A lone binding cancelled from a third thread while it receives one value and another
        // waits behind it: the cancel is deferred, and the value behind must not reach it.
        (Scenario(name: "a lone binding cancelled while a value waits behind the one it receives", threads: [
            [.bind(1), .send(1)],
            [.send(2)],
            [.cancel(1)],
        ]), 370),
        // Cancels that leave the table sparse compact it, moving the last binding down; its
        // own cancel must then find it where it moved.
        (Scenario(name: "a binding moved by a compaction is cancelled while another thread binds and sends", threads: [
            [.bind(1), .bind(2), .bind(3), .cancel(1), .cancel(2), .cancel(3), .send(1)],
            [.bind(4), .send(2)],
        ], limits: FloodLimits(queueLimit: 2, resumeBelow: 1, turnLimit: 2, compactAbove: 0)), 370),
        (Scenario(name: "claimed sends race a churner past compaction", threads: [
            [.bind(1), .send(1), .send(2)],
            [.bind(2), .cancel(2), .bind(3), .cancel(1)],
        ], reactions: [1: [1: .send(10)]], limits: FloodLimits(queueLimit: 2, resumeBelow: 1, turnLimit: 2, compactAbove: 0)), 660),
        // Three bindings, the first two cancelled: the compaction moves b3 down, and its own
        // cancel must find it there (the end state counts the live bindings).
        (Scenario(name: "a binding moved by a compaction is cancelled while another thread sends", threads: [
            [.bind(1), .bind(2), .bind(3), .cancel(1), .cancel(2), .cancel(3)],
            [.send(1)],
        ], limits: FloodLimits(queueLimit: 2, resumeBelow: 1, turnLimit: 2, compactAbove: 0)), 170),
        // One sender against one drainer and no re-entrant sends, and a turn longer than the
        // run (so the role is handed over only with the queue empty): nothing may push the queue
        // past its bound, checked at every step.
        (Scenario(name: "one sender floods a queue of one", threads: [
            [.bind(1), .send(1)],
            [.send(2), .send(3), .send(4)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 8), queueBound: 1), 120),
        // Two subjects sharing one registry, each drainer's handler sending into the other
        // while both are flooded: the second sender to find the other stream's drainer parked
        // must not park behind it (a cycle across threads), but queue past the bound.
        (Scenario(name: "two subjects: each drainer's handler sends into the other, both flooded", twoSubjects: true, threads: [
            [.bind(1), .bind(11), .send(1)],
            [.send(100)],
        ], reactions: [1: [1: .sendMany([101, 102])], 11: [100: .sendMany([2, 3])]],
           limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1)), 160),
        // Observable.create's Serializer, the one mechanism behind every multi-source operator.
        (Scenario(name: "serializer: two senders and a finish", serializer: true, threads: [
            [.bind(1), .send(1), .send(2)],
            [.send(3), .finish],
        ], preemptionBound: 3), 280),
        (Scenario(name: "serializer: a handler sends re-entrantly while another thread sends", serializer: true, threads: [
            [.bind(1), .send(1)],
            [.send(2), .send(3)],
        ], reactions: [1: [1: .send(10), 2: .send(20)]], preemptionBound: 3), 250),
        (Scenario(name: "serializer: a cancel races two senders", serializer: true, threads: [
            [.bind(1), .send(1), .cancel(1)],
            [.send(2), .send(3)],
        ], preemptionBound: 3), 200),
        (Scenario(name: "serializer: a handler finishes while another thread sends", serializer: true, threads: [
            [.bind(1), .send(1), .send(2)],
            [.send(3)],
        ], reactions: [1: [1: .finish]], preemptionBound: 3), 100),
        // The serializer's flood bound, checked at every step: one sender, no re-entrant sends.
        (Scenario(name: "serializer: one sender floods a queue of one", serializer: true, threads: [
            [.bind(1), .send(1)],
            [.send(2), .send(3), .send(4)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 8), queueBound: 1), 40),
        // A sender parked in a queue of one is handed the role after the drainer's turn, and the
        // binding is cancelled before it resumes: what it sends then must not be delivered.
        (Scenario(name: "serializer: a cancel while a parked sender is handed the role", serializer: true, threads: [
            [.bind(1), .send(1), .cancel(1)],
            [.send(2), .send(3)],
        ], limits: FloodLimits(queueLimit: 1, resumeBelow: 0, turnLimit: 1), preemptionBound: 3), 270),
        // A cancel while a handler runs on another thread: what that handler sends afterwards
        // must not reach the binding.
        (Scenario(name: "serializer: a handler sends re-entrantly as another thread cancels", serializer: true, threads: [
            [.bind(1), .cancel(1)],
            [.send(2)],
        ], reactions: [1: [2: .send(20)]], preemptionBound: 3), 30),
        // A handler that cancels its own binding, while another thread sends: it runs to its end
        // with what it captured (the serializer lets go of its downstream only after).
        (Scenario(name: "serializer: a handler cancels its own binding while another thread sends", serializer: true, threads: [
            [.bind(1), .send(1)],
            [.send(2)],
        ], reactions: [1: [1: .cancel(1), 2: .cancel(1)]], preemptionBound: 3), 40),
    ]
}
