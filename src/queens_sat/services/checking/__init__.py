"""``check`` as a library call, by job: ``report`` (one record's verdict, ``check_record``),
``batch`` (a stream of records, ``check_records``) and ``inline`` (a bounded check a server
answers on its event loop, ``quick_check``)."""

from queens_sat.services.checking.batch import BATCH, check_records
from queens_sat.services.checking.inline import quick_check, quick_plain_check
from queens_sat.services.checking.report import KEEP_MAX_N, LOGIC_DEPTH, LOGIC_TIME_LIMIT, CheckReport, check_record, plain_board

__all__ = [
    "BATCH",
    "KEEP_MAX_N",
    "LOGIC_DEPTH",
    "LOGIC_TIME_LIMIT",
    "CheckReport",
    "check_record",
    "check_records",
    "plain_board",
    "quick_check",
    "quick_plain_check",
]
