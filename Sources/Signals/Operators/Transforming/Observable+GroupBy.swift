/// One group of ``ObservableConvertible/groupBy(_:)``: the key its values share, and the
/// stream of those values (RxSwift's `GroupedObservable`).
///
/// ```swift
/// messages.groupBy(\.conversationID).bind { conversation in
///     conversation.bind { message in show(message, in: conversation.key) }.store(in: bag)
/// }
/// ```
///
/// Bind it like any stream. Its values are those of its key sent after the binding was made
/// (no replay); it finishes when upstream finishes, or when the group ends because its last
/// binding went (see ``ObservableConvertible/groupBy(_:)``).
public struct GroupedObservable<Key, Value>: ObservableConvertible {
    /// The key every value of this group has.
    public let key: Key
    private let values: Observable<Value>

    init(key: Key, values: Observable<Value>) {
        self.key = key
        self.values = values
    }

    /// The stream of this group's values.
    public func asObservable() -> Observable<Value> {
        values
    }
}

/// The decisions of `groupBy`: the open groups by key, how many bindings each has, and when
/// upstream is no longer needed.
///
/// Keys are kept as `AnyHashable`, so that the binding's cancel closures need nothing of the
/// key type. Upstream stays bound while the outer binding or any group binding lives (RxSwift's
/// reference count). A group that has had bindings and lost the last one ends, and its key
/// opens a new group on its next value; a group never bound stays open.
struct GroupByStateMachine<Group> {
    /// What to do with a value of upstream.
    enum ValueStep {
        /// Nobody can receive it (the stream has ended, or the outer binding is gone and its
        /// key has no open group): drop it.
        case ignore
        /// Send it into the open group `group`.
        case send(to: Group)
        /// Deliver the new group `group` (number `id`) downstream, then send the value into it.
        case open(Group, id: Int)
    }

    /// What to do when a binding goes.
    struct EndStep {
        /// Groups that ended, to finish (nobody is bound to them; later bindings finish at once).
        var finishing: [Group] = []
        /// Upstream's token, to cancel: nobody is bound any more.
        var cancelling: (any Cancellable)?
    }

    private struct Entry {
        let id: Int
        let group: Group
        var bindings = 0
    }

    private var groups: [AnyHashable: Entry] = [:]
    /// The key of each open group, by id (so that a binding's token needs only the id).
    private var keys: [Int: AnyHashable] = [:]
    private var nextID = 0
    /// Live bindings of all open groups.
    private(set) var groupBindings = 0
    private(set) var isOuterBound = true
    private var upstream: (any Cancellable)?
    /// Upstream finished, or nobody is bound: nothing opens or is sent any more.
    private(set) var isEnded = false

    /// The open groups.
    var openGroupCount: Int { groups.count }

    init() {}

    /// Upstream delivered a value with `key`: it goes to that key's open group, or opens one
    /// (made by `makeGroup`) while the outer binding lives.
    mutating func valueArrived(key: AnyHashable, makeGroup: () -> Group) -> ValueStep {
        guard !isEnded else { return .ignore }
        if let entry = groups[key] { return .send(to: entry.group) }
        guard isOuterBound else { return .ignore }
        nextID += 1
        let group = makeGroup()
        groups[key] = Entry(id: nextID, group: group)
        keys[nextID] = key
        return .open(group, id: nextID)
    }

    /// Upstream was bound: keeps its token, or hands it back to cancel if the stream ended.
    mutating func upstreamBound(_ token: any Cancellable) -> (any Cancellable)? {
        guard !isEnded else { return token }
        upstream = token
        return nil
    }

    /// A binding of group `id` starts: counted if the group is still open (returns false if
    /// it ended; the group's stream has finished or is about to).
    mutating func groupBound(id: Int) -> Bool {
        guard !isEnded, let key = keys[id] else { return false }
        groups[key]!.bindings += 1
        groupBindings += 1
        return true
    }

    /// A counted binding of group `id` went: the group ends if that was its last binding, and
    /// upstream is cancelled if nobody is bound any more.
    mutating func groupBindingEnded(id: Int) -> EndStep {
        guard !isEnded, let key = keys[id], let entry = groups[key] else { return EndStep() }
        groupBindings -= 1
        groups[key]!.bindings -= 1
        var step = EndStep()
        if entry.bindings == 1 {
            groups[key] = nil
            keys[id] = nil
            step.finishing.append(entry.group)
        }
        if !isOuterBound, groupBindings == 0 { endAll(into: &step) }
        return step
    }

    /// The outer binding was cancelled: no group opens any more; upstream is cancelled if no
    /// group has a binding either.
    mutating func outerCancelled() -> EndStep {
        isOuterBound = false
        var step = EndStep()
        if !isEnded, groupBindings == 0 { endAll(into: &step) }
        return step
    }

    /// Upstream finished: every open group finishes (then the outer stream).
    mutating func upstreamFinished() -> [Group] {
        guard !isEnded else { return [] }
        var step = EndStep()
        endAll(into: &step)
        return step.finishing
    }

    private mutating func endAll(into step: inout EndStep) {
        isEnded = true
        step.finishing += groups.values.sorted { $0.id < $1.id }.map(\.group)
        groups = [:]
        keys = [:]
        groupBindings = 0
        step.cancelling = upstream.take()
    }
}

extension ObservableConvertible {
    /// Splits the stream into one stream per key: delivers a ``GroupedObservable`` for each new
    /// key, whose stream carries that key's values (RxSwift's `groupBy(keySelector:)`).
    ///
    /// ```swift
    /// let bag = CancellableBag()
    /// let unread = Subject<String>()
    /// chatMessages                                   // Observable<(room: String, text: String)>
    ///     .groupBy { $0.room }
    ///     .bind { room in
    ///         room.map(\.text).bind { text in unread.send("\(room.key): \(text)") }.store(in: bag)
    ///     }
    ///     .store(in: bag)
    /// ```
    ///
    /// - The first value of a key delivers its group, then the value is sent into the group:
    ///   a group bound in the handler that receives it gets that first value. Groups have no
    ///   replay: a binding gets the values sent after it was made.
    /// - Groups finish when upstream finishes (all of them, in the order they opened, then this
    ///   stream).
    /// - Groups are cancelled one by one: cancelling a group's bindings leaves the others, and
    ///   this stream, running. **When a group loses its last binding, it ends**: binding it
    ///   again finishes at once, and the key's next value delivers a new group (as in RxJS 7;
    ///   RxSwift keeps the old group and drops its values). A group never bound stays open
    ///   until upstream finishes, and its values are lost, as a `Subject`'s with no binding.
    /// - Upstream stays bound while this binding or any group binding lives (as in RxSwift):
    ///   after this binding is cancelled, bound groups keep receiving their values, values of
    ///   other keys are dropped, and upstream is cancelled when the last group binding goes.
    public func groupBy<Key: Hashable>(
        _ keySelector: @escaping (Value) -> Key
    ) -> Observable<GroupedObservable<Key, Value>> {
        let upstream = asObservable().subscribe
        return Observable<GroupedObservable<Key, Value>> { downstream in
            let serializer = Serializer<GroupByStateMachine<Subject<Value>>, GroupedObservable<Key, Value>>(
                state: GroupByStateMachine(), downstream: downstream
            )
            let token = upstream(Observer(
                onValue: { value in
                    let key = keySelector(value)
                    switch serializer.withState({ $0.valueArrived(key: AnyHashable(key)) { Subject<Value>() } }) {
                    case .ignore:
                        return
                    case .send(let group):
                        group.send(value)
                    case .open(let group, let id):
                        serializer.send(GroupedObservable(key: key, values: groupStream(group, id: id, serializer: serializer)))
                        group.send(value)
                    }
                },
                onFinish: {
                    for group in serializer.withState({ $0.upstreamFinished() }) { group.finish() }
                    serializer.finish()
                }
            ))
            serializer.withState { $0.upstreamBound(token) }?.cancel()
            return outerToken(serializer)
        }
    }
}

/// The outer binding's token (made outside `groupBy`, whose `Key: Hashable` a `@Sendable`
/// closure must not capture).
private func outerToken<Value, Grouped>(
    _ serializer: Serializer<GroupByStateMachine<Subject<Value>>, Grouped>
) -> AnyCancellable {
    AnyCancellable {
        serializer.cancel()
        performGroupEnd(serializer.withState { $0.outerCancelled() })
    }
}

/// The stream of group `id`: binds its subject, and counts the binding so that the group ends
/// when its last binding goes.
private func groupStream<Value, Grouped>(
    _ group: Subject<Value>,
    id: Int,
    serializer: Serializer<GroupByStateMachine<Subject<Value>>, Grouped>
) -> Observable<Value> {
    Observable { observer in
        // Counted first, so that another binding's cancel cannot end the group in between.
        let isCounted = serializer.withState { $0.groupBound(id: id) }
        let token = group.asObservable().subscribe(observer)
        guard isCounted else { return token }
        return AnyCancellable {
            token.cancel()
            performGroupEnd(serializer.withState { $0.groupBindingEnded(id: id) })
        }
    }
}

/// Cancels upstream if nobody is bound any more, and finishes the groups that ended.
private func performGroupEnd<Value>(_ step: GroupByStateMachine<Subject<Value>>.EndStep) {
    step.cancelling?.cancel()
    for group in step.finishing { group.finish() }
}
