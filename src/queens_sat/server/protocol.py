"""uvicorn's HTTP protocol (httptools) with a deadline for each request's head.

uvicorn drops an idle keep-alive connection after ``timeout_keep_alive``, but a connection that
sent part of a request line or of its headers and then nothing more is kept for ever: each holds
a file descriptor, and a few hundred of them starve the server (``accept`` fails, ``/health``
goes unanswered). Here a request's head (request line and headers) must be complete within
``head_timeout`` seconds of the connection opening, or of the request's first byte on a kept-alive
connection; else the server answers 408 and closes the connection. The body has its own deadline
(``ServiceSettings.body_timeout``, in ``server.inputs``).

``queens-sat serve`` names this class to uvicorn (``http="queens_sat.server.protocol:HeadTimeoutProtocol"``):
an import string, so that each ``--workers`` process imports it, and the timeout comes with the
server's other settings, in the environment.
"""

from __future__ import annotations

import asyncio
import json

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from queens_sat.server.settings import settings_from_environment

IMPORT_NAME = "queens_sat.server.protocol:HeadTimeoutProtocol"


class HeadTimeoutProtocol(HttpToolsProtocol):
    """``HttpToolsProtocol`` that answers 408 and closes a connection whose request head is late."""

    head_timeout = settings_from_environment().head_timeout
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_head_timer()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm_head_timer()  # the next request of a kept-alive connection: its own deadline

    def on_headers_complete(self) -> None:
        self._disarm_head_timer()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_head_timer()
        super().connection_lost(exc)

    def _arm_head_timer(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self.head_timeout, self._head_timed_out)

    def _disarm_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timed_out(self) -> None:
        self._head_timer = None
        if self.transport.is_closing():
            return
        body = json.dumps({"error": f"the request's headers did not arrive within {self.head_timeout:g} s"}).encode()
        head = b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\ncontent-length: %d\r\nconnection: close\r\n\r\n"
        self.transport.write(head % len(body) + body)
        self.transport.close()
