"""The web table's connections, guarded against clients that hold them and say nothing.

With `--lan`, anyone on the network reaches the server, token or not. uvicorn's HTTP protocol
gives a connection no deadline until its first request has come, nor for a request sent in
part (its head, or a body sent a byte at a time): connections that sent nothing were held for
good, and some thousand of them ran the process out of file descriptors; the server then
stopped answering and logged an error at every accept. Here a connection has REQUEST_WITHIN
seconds to send each request whole; one address may hold PER_ADDRESS connections at once
(the others are closed at once), and all together MOST_CONNECTIONS (uvicorn answers 503
beyond); the process may open as many files as the system lets it (more_open_files); and
when it runs out all the same, asyncio's error at every accept is said once in a while
(quiet_accept_errors), as are uvicorn's warnings of malformed requests.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

#: Seconds a connection has to send a request whole (request line, headers and body), from
#: when it opens and from when it starts the next one. A phone sends it in milliseconds.
REQUEST_WITHIN = 10.0
#: Connections one address may hold at once: a phone or a shared screen holds a few (its
#: page, its event stream, its moves), a browser at most six per server.
PER_ADDRESS = 64
#: Connections (and requests) at once, beyond which uvicorn answers 503: a backstop, far above
#: a table's two dozen.
MOST_CONNECTIONS = 2048
#: The open-file limits asked for, the first the system allows (and never above its hard
#: limit): macOS, for one, refuses more than 10,240.
OPEN_FILES = (65536, 10240, 4096)
#: asyncio's message when accept() finds no file left (and the least seconds between two
#: warnings of it: asyncio logs a traceback for each connection waiting, thousands a second).
OUT_OF_FILES = "socket.accept() out of system resource"
WARN_EVERY = 10.0


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol, closing a connection that does not send a request whole in
    time, or that one address holds beyond PER_ADDRESS (a connection idle between requests
    is closed by uvicorn's keep-alive timeout)."""

    _deadline: asyncio.TimerHandle | None = None
    address: str | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)  # self is now among the server's connections
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else None
        if self.address is not None:
            held = sum(1 for c in self.connections if getattr(c, "address", None) == self.address)
            if held > PER_ADDRESS:
                transport.close()
                return
        self._await_request()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY):  # a request begun, not whole
            self._await_request()
        else:
            self._stop_waiting()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        super().connection_lost(exc)

    def _await_request(self) -> None:
        if self._deadline is None:
            self._deadline = self.loop.call_later(REQUEST_WITHIN, self._too_slow)

    def _stop_waiting(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        waiting = self.conn.their_state in (h11.IDLE, h11.SEND_BODY)
        if waiting and not self.transport.is_closing():
            self.transport.close()


def server_limits() -> dict[str, Any]:
    """uvicorn.Config's arguments for the guard."""
    return {"http": GuardedH11, "limit_concurrency": MOST_CONNECTIONS}


def more_open_files() -> None:
    """Raise this process's open-file limit to the first of OPEN_FILES the system allows (a
    soft limit of 1,024 is common, 256 on macOS), within its hard limit; nothing changes
    where there is none, or where it is higher already."""
    try:
        import resource
    except ImportError:  # Windows
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return
    for asked in OPEN_FILES:
        wanted = asked if hard == resource.RLIM_INFINITY else min(asked, hard)
        if wanted <= soft:
            return
        with contextlib.suppress(ValueError, OSError):  # refused: try the next, lower
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            return


#: What is said while the server has no file left to accept a connection with.
OUT_OF_FILES_SAID = "too many connections at once: no file left to accept another with"

#: The starts of the warnings said once every WARN_EVERY seconds (_Seldom): uvicorn's of a
#: malformed, upgrade or refused request (one each: anyone who reaches the port could fill the
#: screen that shows the links; the table uses no WebSocket), and running out of files.
PROTOCOL_WARNINGS = (
    "Invalid HTTP request received.",
    "Unsupported upgrade request.",
    "No supported WebSocket library detected.",
    "Exceeded concurrency limit.",  # beyond MOST_CONNECTIONS: one per request refused
    OUT_OF_FILES_SAID,
)


def quiet_accept_errors(loop: asyncio.AbstractEventLoop) -> None:
    """A warning line (said seldom, by _Seldom), not a traceback per connection, while the
    server has no file left to accept a connection with (asyncio retries every second);
    every other error is handled as before."""
    import logging

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if context.get("message") != OUT_OF_FILES:
            loop.default_exception_handler(context)
            return
        logging.getLogger("uvicorn.error").warning(
            f"{OUT_OF_FILES_SAID}; new ones wait until some close (a connection that sends "
            f"nothing is closed after {REQUEST_WITHIN:g} s)"
        )

    loop.set_exception_handler(handle)


#: uvicorn's ERROR line when Ctrl-C cuts a request short (then the request's traceback).
CUT_SHORT = "timeout graceful shutdown exceeded"


class _Seldom:
    """A logging filter passing each of PROTOCOL_WARNINGS once every WARN_EVERY seconds, and
    no traceback of a request cancelled as the server stops."""

    def __init__(self) -> None:
        self.last: dict[str, float] = {}

    def filter(self, record: Any) -> bool:
        import time

        message = record.getMessage()
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, asyncio.CancelledError) or message.endswith(CUT_SHORT):
            return False  # a request cut short by Ctrl-C (a body still arriving): expected
        kind = next((w for w in PROTOCOL_WARNINGS if message.startswith(w)), None)
        if kind is None:
            return True
        now = time.monotonic()
        if now - self.last.get(kind, -WARN_EVERY) < WARN_EVERY:
            return False
        self.last[kind] = now
        return True


def quiet_protocol_warnings() -> None:
    """Filter uvicorn's warnings of malformed requests (see PROTOCOL_WARNINGS)."""
    import logging

    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, _Seldom) for f in logger.filters):  # once a process
        logger.addFilter(_Seldom())
