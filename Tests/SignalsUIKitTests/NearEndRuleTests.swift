import Signals
import SignalsTesting
import SignalsUIKit
import Testing

@Suite struct NearEndRuleTests {
    @Test func oneOfTheLastThreeItemsAsksAndEarlierOnesDoNot() {
        var rule = NearEndRule(distance: 3)
        let result1 = rule.itemDisplayed(at: 16, count: 20)
        #expect(!result1)
        let result2 = rule.itemDisplayed(at: 17, count: 20)
        #expect(result2)
    }

    @Test func theRuleAsksOncePerItemCount() {
        var rule = NearEndRule(distance: 3)
        let result3 = rule.itemDisplayed(at: 19, count: 20)
        #expect(result3)
        let result4 = rule.itemDisplayed(at: 18, count: 20)
        #expect(!result4)
        let result5 = rule.itemDisplayed(at: 19, count: 20)
        #expect(!result5)
        #expect(rule.askedAtCount == 20)
    }

    @Test func aLongerListAsksAgainAndAResetListToo() {
        var rule = NearEndRule(distance: 3)
        let result6 = rule.itemDisplayed(at: 19, count: 20)
        #expect(result6)
        let result7 = rule.itemDisplayed(at: 39, count: 40)
        #expect(result7)
        let result8 = rule.itemDisplayed(at: 9, count: 10)
        #expect(result8)
    }

    @Test func indicesOutsideTheListNeverAsk() {
        var rule = NearEndRule(distance: 3)
        let result9 = rule.itemDisplayed(at: 20, count: 20)
        #expect(!result9)
        let result10 = rule.itemDisplayed(at: -1, count: 20)
        #expect(!result10)
        let result11 = rule.itemDisplayed(at: 0, count: 0)
        #expect(!result11)
    }

    @Test func aShortListAsksAtItsFirstItem() {
        var rule = NearEndRule(distance: 3)
        let result12 = rule.itemDisplayed(at: 0, count: 2)
        #expect(result12)
    }

    @Test func distanceZeroNeverAsksAndANegativeOneCountsAsZero() {
        var rule = NearEndRule(distance: -2)
        #expect(rule.distance == 0)
        let result13 = rule.itemDisplayed(at: 19, count: 20)
        #expect(!result13)
    }

    @Test func theStreamEmitsOncePerItemCountForEachBinding() {
        let displayed = Subject<DisplayedItem>()
        let first = Recorder(displayed.nearEnd(within: 3))
        for index in 15..<20 { displayed.send(DisplayedItem(index: index, count: 20)) }
        let second = Recorder(displayed.nearEnd(within: 3))
        displayed.send(DisplayedItem(index: 19, count: 20))
        displayed.send(DisplayedItem(index: 38, count: 40))
        #expect(first.events.count == 2)
        #expect(second.events.count == 2)
    }
}
