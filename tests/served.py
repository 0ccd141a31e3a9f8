"""A real ``queens-sat serve`` process on 127.0.0.1 and a free port, for the service and page tests."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager

HOST = "127.0.0.1"
# the installed command, as a user runs it: ``python -m queens_sat`` from the repository root
# would import the source folder, which has no compiled extension after a plain ``pip install .``
SCRIPT = shutil.which("queens-sat", path=os.path.dirname(sys.executable))
QUEENS_SAT = [SCRIPT] if SCRIPT else [sys.executable, "-m", "queens_sat"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class Served:
    def __init__(self, process: subprocess.Popen, url: str) -> None:
        self.process = process
        self.url = url

    def stop(self, timeout: float = 30.0) -> tuple[int, str]:
        """SIGTERM, then the exit code and what the server wrote to stderr."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            _, err = self.process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
        return self.process.returncode, err


@contextmanager
def serving(*options: str, timeout: float = 60.0) -> Iterator[Served]:
    """Start the server, wait for ``/health``, and stop it with SIGTERM afterwards."""
    port = free_port()
    cmd = [*QUEENS_SAT, "serve", "--host", HOST, "--port", str(port), *options]
    process = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=dict(os.environ))
    served = Served(process, f"http://{HOST}:{port}")
    try:
        deadline = time.monotonic() + timeout
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"queens-sat serve exited with {process.returncode}: {process.stderr.read()}")
            try:
                with urllib.request.urlopen(served.url + "/health", timeout=5) as answer:
                    if json.load(answer)["status"] == "ok":
                        break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        yield served
    finally:
        served.stop()
