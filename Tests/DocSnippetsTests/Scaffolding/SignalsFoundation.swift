import Signals

// What the SignalsFoundation article's block takes for granted: a view model's `input` and a `bag`.
extension SignalsFoundationDoc {
    struct Input {
        let refresh = Subject<Void>()
    }

    var input: Input { Input() }
    var bag: CancellableBag { CancellableBag() }
}
