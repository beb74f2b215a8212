import Signals
import SignalsTesting
import Testing

/// The migration guides' one-line recipes do what the names they replace do.
@Suite struct MigrationRecipeClaimsTests {
    @Test func iosOssIgnoreValuesEmitsAVoidForEachValueWhereSignalsIgnoreValuesDropsThem() {
        let recipes = ComingFromReactiveSwiftDoc.ReactiveSwiftRecipes()
        let voids = Recorder(recipes.voids)
        let dropped = Recorder(recipes.taps.ignoreValues())
        recipes.taps.send(1)
        recipes.taps.send(2)
        recipes.taps.finish()
        #expect(voids.events == [.value(()), .value(()), .finished])
        #expect(dropped.events == [.finished])
    }

    @Test func takePairWhenPairsTheLatestValueWithEachTriggerValue() {
        let recipes = ComingFromReactiveSwiftDoc.ReactiveSwiftRecipes()
        let pairs = Recorder(recipes.pairs.map { "\($0.0)\($0.1)" })
        recipes.names.send("dropped")   // nothing to pair with yet
        recipes.taps.send(1)
        recipes.names.send("a")
        recipes.taps.send(2)
        recipes.names.send("b")
        #expect(pairs.values == ["1a", "2b"])
    }

    @Test func andAndNegateCombineTheLatestBooleans() {
        let recipes = ComingFromReactiveSwiftDoc.ReactiveSwiftRecipes()
        let canSave = Recorder(recipes.canSave)
        recipes.isValid.value = true
        recipes.isSaving.value = true
        #expect(canSave.values == [false, true, false])
    }

    @Test func thenDropsTheValuesAndContinuesWithTheReplacementOnceFinished() {
        let recipes = ComingFromReactiveSwiftDoc.ReactiveSwiftRecipes()
        let then = Recorder(recipes.thenZero)
        recipes.taps.send(5)
        recipes.taps.finish()
        #expect(then.events == [.value(0), .finished])
    }

    @Test func filterNilDropsTheNils() {
        let recipes = ComingFromRxSwiftDoc.RxSwiftRecipes()
        let names = Recorder(recipes.names)
        recipes.optionalNames.send(nil)
        recipes.optionalNames.send("ada")
        #expect(names.values == ["ada"])
    }

    @Test func trackErrorSendsTheFailureAsideAndTrackActivityCountsTheBinding() {
        struct Offline: Error {}
        let recipes = ComingFromRxSwiftDoc.RxSwiftRecipes()
        let errors = Recorder(recipes.errors.map { $0 is Offline })
        let isLoading = Recorder(recipes.activity.asObservable())
        let loaded = Recorder(recipes.loaded)
        recipes.results.send(.failure(Offline()))
        recipes.results.send(.success(["a"]))
        #expect(errors.values == [true])
        #expect(loaded.values == [["a"]])
        #expect(isLoading.values == [false, true])
        loaded.cancel()
        #expect(isLoading.values == [false, true, false])
    }

    @Test func tryMapBecomesAResultPerValue() {
        let recipes = ComingFromCombineDoc.CombineRecipes()
        let numbers = Recorder(recipes.numbers.map { (try? $0.get()).map(String.init) ?? "error" })
        recipes.texts.send("7")
        recipes.texts.send("x")
        #expect(numbers.values == ["7", "error"])
    }

    @Test func anOptionalsPublisherIsOneValueOrNone() {
        #expect(Recorder(ComingFromCombineDoc.CombineRecipes().premium).events == [.finished])
        let once = Observable.just(true)
        #expect(Recorder(once).events == [.value(true), .finished])
    }
}
