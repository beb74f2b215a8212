/// How a marble diagram's values are written: one character each (the default), or runs of
/// characters that keep their column width, as in RxSwift's RxTest marble tests.
///
/// | Diagram            | `.singleCharacterValues`              | `.multiCharacterValues`         |
/// |--------------------|---------------------------------------|---------------------------------|
/// | `"e---u1----u2"`   | `e`, `u`, `1`, `u`, `2` at 0, 4, 5, 10, 11 | `e`, `u1`, `u2` at 0, 4, 10 |
/// | `"a-'cat'-b"`      | `a`, `cat`, `b` at 0, 2, 4            | `a`, `cat`, `b` at 0, 2, 8      |
/// | `"[ab]-c"`         | `a` and `b` at 0, `c` at 2            | `ab` at 0, `c` at 5             |
///
/// In `.multiCharacterValues` every column is a tick (spaces excepted, as in both notations):
/// a value is a run of characters other than `-`, `|`, `[`, `]`, `'` and space, on the tick of
/// its first column, and it spans one tick per character, so a diagram copied from an RxTest
/// test keeps its times (`u2` above is at tick 10, its column). A quoted value and a `[…]`
/// group likewise happen on their first column and span their width; inside a group, write
/// several values as quoted values (`['a''b']`).
///
/// ```swift
/// let events = try scheduler.coldObservable("e---u1----u2|", values: ["e": 0, "u1": 1, "u2": 2],
///                                           notation: .multiCharacterValues)
/// ```
public enum MarbleNotation: Hashable, Sendable {
    /// Every symbol is one tick: `ab` is the value `a`, then the value `b` on the next tick;
    /// write a longer value quoted (`'ab'`, one tick).
    case singleCharacterValues
    /// Every column is one tick: `ab` is the value `ab`, on the tick of `a`; the tick of `b`
    /// is empty (RxTest's marble notation).
    case multiCharacterValues
}
