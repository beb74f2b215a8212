import Signals
import SignalsTesting
import Testing

@Suite("Recorder")
struct RecorderTests {
    @Test func aRecorderWithoutASchedulerExplainsWhyEverythingIsOnTickZero() {
        let scheduler = TestScheduler()
        let subject = Subject<String>()
        let recorder = Recorder(subject.asObservable())
        subject.send("n")
        scheduler.advance(by: scheduler.ticks(1))
        subject.send("h")

        let message = recorder.marbleMismatch("n-h")
        #expect(message?.contains("[nh]") == true)
        #expect(message?.contains("created without a scheduler") == true)
        #expect(message?.contains("Recorder(stream, scheduler: scheduler)") == true)
    }

    @Test func aRecorderWithASchedulerGivesNoSuchHint() {
        let scheduler = TestScheduler()
        let subject = Subject<String>()
        let recorder = Recorder(subject.asObservable(), scheduler: scheduler)
        subject.send("n")

        let message = recorder.marbleMismatch("h")
        #expect(message != nil)
        #expect(message?.contains("without a scheduler") == false)
    }

    @Test func recordsSubjectsAndPropertiesWithoutAsObservable() {
        let subject = Subject<Int>()
        let property = Property("a")
        let values = Recorder(subject)
        let texts = Recorder(property)
        let timeline = Timeline()
        timeline.record("count", subject)
        timeline.record("text", property)
        subject.send(1)
        property.value = "b"

        #expect(values.values == [1])
        #expect(texts.values == ["a", "b"])
        timeline.expect {
            ("text", "a")
            ("count", 1)
            ("text", "b")
        }
    }
}
