@testable import SignalsUIKit
import Testing

private final class Owner {}
private final class Helper {}

@Suite struct OwnerTableTests {
    @Test func anOwnerGetsOneHelperAndAnotherOwnerItsOwn() {
        let table = OwnerTable<Owner, Helper>()
        let first = Owner(), second = Owner()
        let helper = table.helper(for: first, make: Helper.init)
        #expect(table.helper(for: first, make: Helper.init) === helper)
        #expect(table.helper(for: second, make: Helper.init) !== helper)
        #expect(table.count == 2)
    }

    @Test func aHelperIsReleasedOnceItsOwnerIsGone() {
        let table = OwnerTable<Owner, Helper>()
        weak var released: Helper?
        do {
            let owner = Owner()
            released = table.helper(for: owner, make: Helper.init)
            #expect(released != nil)
        }
        #expect(table.count == 0)
        #expect(released == nil)
    }
}
