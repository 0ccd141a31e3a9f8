# The cancel flag of a module's searches (native/common/stop.h), included by every module that
# searches: runtime/cancel.py points each one at the token of the search running in this thread.

from qs_common cimport qs_set_cancel_flag


def set_cancel_flag(unsigned char[::1] flag=None) -> None:
    """Point this thread's cancel flag at ``flag[0]`` (a bytearray the caller keeps alive and never
    resizes; another thread sets it to 1 to cancel), or at none (``None``)."""
    if flag is None:
        qs_set_cancel_flag(NULL)
    else:
        qs_set_cancel_flag(&flag[0])
