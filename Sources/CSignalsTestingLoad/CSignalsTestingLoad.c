#include "CSignalsTestingLoad.h"

// Implemented in Swift by SignalsTesting (`@_cdecl`).
extern void signals_testing_register_observer(void);

__attribute__((constructor))
static void signals_testing_load(void) {
    signals_testing_register_observer();
}

int signals_testing_load_hook_linked(void) {
    return 1;
}
