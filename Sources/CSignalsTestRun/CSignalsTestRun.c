#include "CSignalsTestRun.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int chosen_width = 0;

__attribute__((constructor))
static void signals_test_run_bound_parallelization(void) {
    if (getenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH") != NULL) {
        return;
    }
    long processors = sysconf(_SC_NPROCESSORS_ONLN);
    int width = (int)(processors > 0 ? processors : 1) * 8;
    char text[16];
    snprintf(text, sizeof text, "%d", width);
    if (setenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH", text, 0) == 0) {
        chosen_width = width;
    }
}

int signals_test_run_parallelization_width(void) {
    return chosen_width;
}
