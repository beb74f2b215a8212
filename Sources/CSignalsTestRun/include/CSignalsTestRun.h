// A load-time hook for this package's test process: bounds how many test cases Swift Testing
// runs at once.
//
// Swift Testing starts every test case of a run at once by default and starts each one's time
// limit when it starts, so on a 2-core host with other work about (measured beside four busy
// processes) a test that takes milliseconds waited in the cooperative pool's queue behind the
// whole suite and exceeded its limit without having run. With a bound, a test case starts (and
// its time limit with it) only when fewer than the bound are running. Swift Testing 6.3 reads
// the bound from SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH once, before the first test,
// so a constructor sets it; one already set (by hand, or --no-parallel) wins.
#ifndef C_SIGNALS_TEST_RUN_H
#define C_SIGNALS_TEST_RUN_H

/// The bound this process's constructor chose (8 per processor), or 0 if the variable was set
/// before it ran. SignalsTests calls it, so that a linker keeps this object file, and with it
/// the constructor.
int signals_test_run_parallelization_width(void);

#endif
