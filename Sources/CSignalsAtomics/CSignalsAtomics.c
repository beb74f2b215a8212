// The target's code is all `static inline` in include/CSignalsAtomics.h.
