"""``queens-sat serve``: the HTTP JSON API and the designer/player page (needs the ``serve`` extra)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import signal
import sys
from typing import TYPE_CHECKING, Any

from queens_sat.cli.common import positive_float, positive_int

if TYPE_CHECKING:
    pass

DEFAULT_HOST = "127.0.0.1"  # this machine only, unless asked otherwise
DEFAULT_PORT = 8000


def _port(text: str) -> int:
    value = positive_int(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"a port is at most 65535, got {text}")
    return value


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "serve",
        help="serve the HTTP JSON API and the puzzle designer page",
        description="Serve POST /check, /solve, /count, /explain, /hint, /render, /convert and "
        "/generate, GET /backends, /health and /openapi.json, and the puzzle designer and player "
        "page at /. Ctrl-C or SIGTERM stops it within 2 s, whatever runs: searches in flight are cancelled "
        "(their requests answered 503), exit code 0. Needs the serve extra: "
        "pip install '.[serve]' in the source folder.",
    )
    p.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST}: this machine only)")
    p.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT})")
    limits = p.add_argument_group("limits of one request")
    limits.add_argument("--max-body", type=positive_int, default=1 << 20, metavar="BYTES", help="largest request body (default 1 MiB)")
    limits.add_argument(
        "--max-image-body",
        type=positive_int,
        default=16 << 20,
        metavar="BYTES",
        help="largest screenshot posted to /import (default 16 MiB)",
    )
    limits.add_argument("--time-limit", type=positive_float, default=10.0, metavar="SECONDS", help="search time per request (default 10)")
    limits.add_argument(
        "--batch-time-limit",
        type=positive_float,
        default=60.0,
        metavar="SECONDS",
        help="time for a whole batch body of /check, each puzzle under --time-limit (default 60)",
    )
    limits.add_argument(
        "--body-timeout", type=positive_float, default=10.0, metavar="SECONDS", help="time for a request body to arrive (default 10)"
    )
    limits.add_argument(
        "--header-timeout",
        type=positive_float,
        default=10.0,
        metavar="SECONDS",
        help="time for a request's line and headers to arrive; a connection that is late is answered 408 and closed (default 10)",
    )
    limits.add_argument("--max-n", type=positive_int, default=1000, metavar="N", help="largest board a request may name (default 1000)")
    limits.add_argument(
        "--max-generate", type=positive_int, default=100, metavar="K", help="most puzzles one /generate makes (default 100)"
    )
    p.add_argument(
        "--workers",
        type=positive_int,
        default=1,
        metavar="N",
        help="server processes sharing the port (default 1; 2 or more use more cores for many small requests)",
    )
    p.add_argument(
        "--threads",
        type=positive_int,
        default=4,
        metavar="N",
        help="quick searches at once in each server process (default 4; slow ones have a lane of their own, see docs/limits.md)",
    )
    p.add_argument(
        "--db", metavar="PATH",
        help="a puzzle library (queens-sat library): the page opens on its daily, and /daily, /archive, /library and /plays serve it",
    )
    p.add_argument("--access-log", action="store_true", help="log every request (off by default: it costs throughput)")
    p.set_defaults(run=run)


def _check_address(host: str, port: int) -> None:
    """Fail early, with a plain message and exit code 2, when the address cannot be listened on."""
    import socket

    from queens_sat.model.errors import PuzzleError

    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as err:
        raise PuzzleError(f"--host {host}: {err.strerror}") from None
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        try:
            probe.bind(address)
        except OSError as err:
            raise PuzzleError(f"cannot listen on {host}:{port}: {err.strerror}") from None


def run(args: argparse.Namespace) -> int:
    from queens_sat.model.errors import PuzzleError, UsageError, extra_remedy

    try:
        import uvicorn

        from queens_sat.server import ServiceSettings
        from queens_sat.server.settings import SETTINGS_VARIABLE
        from queens_sat.server.stopping import leave_stragglers
    except ImportError as err:
        raise UsageError(f"serve needs {err.name}: {extra_remedy('serve')}") from None
    settings = ServiceSettings(
        max_body=args.max_body,
        max_image_body=args.max_image_body,
        body_timeout=args.body_timeout,
        head_timeout=args.header_timeout,
        time_limit=args.time_limit,
        batch_time_limit=args.batch_time_limit,
        max_n=args.max_n,
        max_generate=args.max_generate,
        threads=args.threads,
        db=_library(args.db),
    )
    _check_address(args.host, args.port)
    # the app is built by a factory in each server process, from the settings passed down here
    os.environ[SETTINGS_VARIABLE] = json.dumps(dataclasses.asdict(settings))
    print(f"queens-sat: serving on http://{args.host}:{args.port}/ (Ctrl-C or SIGTERM stops)", file=sys.stderr, flush=True)
    # uvicorn stops gracefully on SIGTERM, then raises the signal again with the handler that
    # was in place before it: a no-op one makes that clean stop exit 0, not "killed by SIGTERM"
    signal.signal(signal.SIGTERM, lambda signum, frame: None)
    _raise_open_files_limit()
    try:
        _serve(uvicorn, args)
    except SystemExit as stop:  # uvicorn gives up this way when it cannot start; it said why
        if stop.code:
            raise PuzzleError("the server could not start (see the messages above)") from None
    leave_stragglers(0)  # a worker thread still busy (its search cancelled, but in code with no clock) holds no exit
    return 0


def _library(path: str | None) -> str | None:
    """The library's absolute path (the workers may start elsewhere), after checking it opens: a
    file that is not a library is refused before the server starts. A missing file is made."""
    if path is None:
        return None
    from queens_sat.services.library import Library

    Library(path, create=True).close()
    return os.path.abspath(path)


def _raise_open_files_limit() -> None:
    """Raise the soft limit of open files to the hard one (each connection holds a descriptor; the
    soft limit is often 256 or 1024). Where there is no such limit (Windows), nothing."""
    try:
        import resource
    except ImportError:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or soft < hard):
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):  # macOS refuses more than OPEN_MAX under an unlimited hard limit
            pass


def _http_protocol() -> str:
    """uvicorn's httptools protocol with a deadline for request heads (server.protocol); uvicorn's
    own choice, without that deadline, where httptools is not installed (uvicorn without [standard])."""
    try:
        from queens_sat.server.protocol import IMPORT_NAME
    except ImportError as err:
        print(f"queens-sat: no --header-timeout without {err.name} (pip install 'uvicorn[standard]')", file=sys.stderr, flush=True)
        return "auto"
    return IMPORT_NAME


def _serve(uvicorn: Any, args: argparse.Namespace) -> None:
    from queens_sat.server.stopping import GRACEFUL_SECONDS

    uvicorn.run(
        "queens_sat.server.app:app_from_environment",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        access_log=args.access_log,
        timeout_keep_alive=5,
        timeout_graceful_shutdown=GRACEFUL_SECONDS,  # the searches in flight are cancelled first (server.stopping)
        http=_http_protocol(),  # httptools with a deadline for request heads (server.protocol)
        log_level="info",
    )
