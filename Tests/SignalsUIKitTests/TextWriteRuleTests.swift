import SignalsUIKit
import Testing

@Suite struct TextWriteRuleTests {
    @Test func aDifferentTextIsWrittenAndAnEqualOneIsSkipped() {
        var rule = TextWriteRule()
        let result1 = rule.valueArrived("cat", current: "", isComposing: false)
        #expect(result1 == .write("cat"))
        let result2 = rule.valueArrived("cat", current: "cat", isComposing: false)
        #expect(result2 == .skip)
    }

    @Test func nilAndTheEmptyTextAreTheSameText() {
        var rule = TextWriteRule()
        let result3 = rule.valueArrived(nil, current: "", isComposing: false)
        #expect(result3 == .skip)
        let result4 = rule.valueArrived("", current: nil, isComposing: false)
        #expect(result4 == .skip)
        let result5 = rule.valueArrived(nil, current: "a", isComposing: false)
        #expect(result5 == .write(nil))
    }

    @Test func aValueArrivingWhileTextIsMarkedIsHeldNotWritten() {
        var rule = TextWriteRule()
        let result6 = rule.valueArrived("", current: "かん", isComposing: true)
        #expect(result6 == .hold)
        #expect(rule.held == .some(""))
    }

    @Test func anEqualValueWhileComposingIsSkippedAndDropsTheHeldOne() {
        var rule = TextWriteRule()
        let result7 = rule.valueArrived("か", current: "かん", isComposing: true)
        #expect(result7 == .hold)
        let result8 = rule.valueArrived("かん", current: "かん", isComposing: true)
        #expect(result8 == .skip)
        #expect(rule.held == nil)
        let result9 = rule.editingEnded(current: "漢")
        #expect(result9 == .skip)
    }

    @Test func theLatestHeldValueIsWrittenWhenEditingEnds() {
        var rule = TextWriteRule()
        _ = rule.valueArrived("x", current: "かん", isComposing: true)
        _ = rule.valueArrived("", current: "かんじ", isComposing: true)
        let result10 = rule.editingEnded(current: "漢字")
        #expect(result10 == .write(""))
        #expect(rule.held == nil)
        let result11 = rule.editingEnded(current: "")
        #expect(result11 == .skip)
    }

    @Test func aHeldValueEqualToTheCommittedTextIsNotWritten() {
        var rule = TextWriteRule()
        _ = rule.valueArrived("漢", current: "かん", isComposing: true)
        let result12 = rule.editingEnded(current: "漢")
        #expect(result12 == .skip)
    }

    @Test func aHeldClearIsWrittenAsNil() {
        var rule = TextWriteRule()
        _ = rule.valueArrived(nil, current: "かん", isComposing: true)
        #expect(rule.held == .some(nil))
        let result13 = rule.editingEnded(current: "漢")
        #expect(result13 == .write(nil))
    }

    @Test func aValueArrivingAfterCompositionIsWrittenAndDropsTheHeldOne() {
        var rule = TextWriteRule()
        _ = rule.valueArrived("", current: "かん", isComposing: true)
        let result14 = rule.valueArrived("dog", current: "漢", isComposing: false)
        #expect(result14 == .write("dog"))
        let result15 = rule.editingEnded(current: "dog")
        #expect(result15 == .skip)
    }
}
