/* The one error path of the native kernels: the look for Ctrl-C, the cancel flag and the clock (see stop.h). */

#if !defined(__wasm__)
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#endif
#include <stddef.h>

#include "clock.h"
#include "stop.h"

#if defined(_MSC_VER)
#define QS_THREAD_LOCAL __declspec(thread)
#elif defined(__wasm__)
#define QS_THREAD_LOCAL /* one thread: WebAssembly's module runs in its own worker or page */
#else
#define QS_THREAD_LOCAL _Thread_local
#endif

/* This thread's cancel flag (runtime/cancel.py's token), or NULL. One per thread and per module:
   stop.c is linked into every module, and ``set_cancel_flag`` (cancel.pxi) sets each one's. */
static QS_THREAD_LOCAL const volatile unsigned char *cancel_flag = NULL;

void qs_set_cancel_flag(const volatile unsigned char *flag) { cancel_flag = flag; }

int qs_cancelled(void) { return cancel_flag != NULL && *cancel_flag != 0; }

#if defined(__wasm__)
/* WebAssembly (native/wasm/): no Python, no signals; a caller stops a search by its time limit. */
int qs_signalled(void) { return 0; }
#else
int qs_signalled(void) {
    PyGILState_STATE gil = PyGILState_Ensure();
    int raised = PyErr_CheckSignals() != 0;
    PyGILState_Release(gil);
    return raised;
}
#endif

int qs_should_stop(double deadline) {
    if (deadline > 0 && qs_now() > deadline) return QS_TIMED_OUT;
    if (qs_cancelled()) return QS_TIMED_OUT;  /* cancelled: as if the deadline had come */
    if (qs_signalled()) return QS_INTERRUPTED;
    return 0;
}
