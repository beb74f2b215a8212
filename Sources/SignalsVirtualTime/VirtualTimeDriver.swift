import Signals

/// Runs view models on a `TestScheduler` whose requests go through a ``VirtualNetwork``: time
/// moves only when the driver says, and a request's response arrives at its virtual due time,
/// never before it has really arrived. Nothing sleeps: the driver awaits the requests
/// themselves.
///
/// ```swift
/// let driver = VirtualTimeDriver(latency: .milliseconds(300))
/// let list = PhotoListViewModel(service: driver.network.route(service), scheduler: driver.scheduler)
/// input.appeared.fire()
/// await driver.advance(by: .milliseconds(300))   // the first page arrives
/// ```
///
/// Everything the view models do runs on the driver's caller (the main actor).
@MainActor
public final class VirtualTimeDriver {
    /// The virtual clock the view models run on.
    public let scheduler: TestScheduler
    /// The network their requests go through.
    public let network: VirtualNetwork

    /// Creates a driver whose requests take `latency` of virtual time; marble ticks are `tick`.
    public init(latency: Duration = .zero, tick: Duration = TestScheduler.defaultTick) {
        scheduler = TestScheduler(tick: tick)
        network = VirtualNetwork(scheduler: scheduler, latency: latency)
    }

    /// The current virtual time.
    public var now: Duration { scheduler.now }

    /// Runs everything due now, including responses due now and whatever they trigger.
    public func settle() async {
        await advance(by: .zero)
    }

    /// Moves virtual time forward by `duration`, delivering each response at its due time (or,
    /// for one that started between two steps, at the end of the step it falls in) and running
    /// the scheduler's work in time order.
    public func advance(by duration: Duration) async {
        let target = scheduler.now + duration
        while true {
            await runDueNow()
            let now = scheduler.now
            guard now < target else { return }
            var next = min(target, now + scheduler.tick)
            if let due = network.nextDueTime, due > now { next = min(next, due) }
            scheduler.advance(to: next)
        }
    }

    /// Advances until no request is live (at most `limit` of virtual time); returns whether
    /// every request finished.
    @discardableResult
    public func runUntilIdle(limit: Duration = .seconds(60)) async -> Bool {
        let deadline = scheduler.now + limit
        await runDueNow()
        while network.hasLiveRequests, scheduler.now < deadline {
            let next = network.nextDueTime ?? scheduler.now
            await advance(by: max(.zero, min(next, deadline) - scheduler.now))
        }
        return !network.hasLiveRequests
    }

    /// Delivers the responses due now and runs the work due now until neither is left.
    private func runDueNow() async {
        while true {
            await network.waitUntilAllCaptured()
            let delivered = network.deliverRequests(dueBy: scheduler.now)
            scheduler.advance()
            if !delivered, !network.hasRequests(dueBy: scheduler.now) { return }
        }
    }
}
