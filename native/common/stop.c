/* The one error path of the native kernels: the look for Ctrl-C and the clock (see stop.h). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "clock.h"
#include "stop.h"

int qs_signalled(void) {
    PyGILState_STATE gil = PyGILState_Ensure();
    int raised = PyErr_CheckSignals() != 0;
    PyGILState_Release(gil);
    return raised;
}

int qs_should_stop(double deadline) {
    if (deadline > 0 && qs_now() > deadline) return QS_TIMED_OUT;
    if (qs_signalled()) return QS_INTERRUPTED;
    return 0;
}
