/// What the operator state-machine protocols refine so that their metatypes may cross
/// isolation domains: `SendableMetatype` where the compiler has it (Swift 6.2, SE-0470), nothing
/// before, where every metatype is usable across domains and the protocol does not exist.
#if compiler(>=6.2)
@usableFromInline
protocol StateMachineMetatype: SendableMetatype {}
#else
@usableFromInline
protocol StateMachineMetatype {}
#endif
