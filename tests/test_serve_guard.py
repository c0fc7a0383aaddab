"""The web table's connections, guarded (ezkit.web.guard): a connection that sends nothing,
or half a request's head, is closed in time; a whole request is answered as before. Found
by a hostile-input hunt: a thousand such connections had run the server out of files."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn

from ezkit.web import guard

DEADLINE = 0.5


async def _hello(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"hello"})


@pytest.fixture
def port(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """A server with the guard and a short deadline, on loopback, in a thread."""
    monkeypatch.setattr(guard, "HEAD_WITHIN", DEADLINE)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    config = uvicorn.Config(_hello, log_level="error", lifespan="off", **guard.server_limits())
    server = uvicorn.Server(config)
    server.install_signal_handlers = lambda: None  # type: ignore[method-assign]
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])))
    thread.start()
    while not server.started:
        time.sleep(0.01)
    try:
        yield sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def _closed_after(connection: socket.socket) -> float:
    """Seconds until the server closes the connection (recv gives b"")."""
    start = time.monotonic()
    connection.settimeout(10)
    while connection.recv(4096):
        pass
    return time.monotonic() - start


def test_a_connection_that_says_nothing_is_closed_at_the_deadline(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port)) as silent:
        assert DEADLINE * 0.8 <= _closed_after(silent) < DEADLINE + 3


def test_half_a_request_line_is_closed_at_the_deadline(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port)) as slow:
        slow.sendall(b"GET /api/x/sta")
        assert DEADLINE * 0.8 <= _closed_after(slow) < DEADLINE + 3


def test_a_request_is_answered_and_half_a_second_one_closed(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port)) as client:
        client.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        client.settimeout(10)
        answer = b""
        while b"hello" not in answer:
            answer += client.recv(4096)
        assert answer.startswith(b"HTTP/1.1 200")
        client.sendall(b"GET / HTTP/1.1\r\nHo")  # a second request, kept alive, left half-sent
        assert _closed_after(client) < DEADLINE + 3


def test_the_open_file_limit_is_raised_within_the_hard_limit() -> None:
    resource = pytest.importorskip("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        lowered = min(soft, 256) if hard == resource.RLIM_INFINITY else min(soft, hard, 256)
        resource.setrlimit(resource.RLIMIT_NOFILE, (lowered, hard))
        guard.more_open_files()
        now, still = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = guard.OPEN_FILES if hard == resource.RLIM_INFINITY else min(guard.OPEN_FILES, hard)
        assert still == hard and now == want
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_running_out_of_files_is_said_once_in_a_while_not_at_every_accept(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """asyncio logs a traceback for each connection it cannot accept (some 2,000 a second:
    20 MB of stderr in a hunt's 10 s); the guard says it in one line every WARN_EVERY s, and
    hands every other error to asyncio's own handler."""
    loop = asyncio.new_event_loop()
    others: list[dict[str, Any]] = []
    try:
        loop.default_exception_handler = others.append  # type: ignore[method-assign]
        guard.quiet_accept_errors(loop)
        handler = loop.get_exception_handler()
        assert handler is not None
        with caplog.at_level("WARNING", logger="uvicorn.error"):
            for _ in range(2000):
                handler(loop, {"message": guard.OUT_OF_FILES, "exception": OSError(24, "")})
            handler(loop, {"message": "something else"})
        said = [r for r in caplog.records if "too many connections at once" in r.getMessage()]
        assert len(said) == 1 and others == [{"message": "something else"}]
    finally:
        loop.close()


def test_warnings_of_malformed_requests_are_said_once_in_a_while() -> None:
    """uvicorn warns of each malformed or upgrade request: anyone who reaches the port could
    fill the screen that shows the links. Each kind is let through once every WARN_EVERY s;
    any other record passes."""
    import logging

    seldom = guard._Seldom()

    def passed(message: str) -> bool:
        record = logging.LogRecord("uvicorn.error", logging.WARNING, "", 0, message, (), None)
        return bool(seldom.filter(record))

    flood = [passed("Invalid HTTP request received.") for _ in range(500)]
    assert flood.count(True) == 1 and flood[0]
    websocket = "No supported WebSocket library detected. Please use pip install ..."
    assert passed(websocket) and not passed(websocket)
    assert passed("Unsupported upgrade request.") and not passed("Unsupported upgrade request.")
    assert passed("Exceeded concurrency limit.") and not passed("Exceeded concurrency limit.")
    assert all(passed("Application startup failed.") for _ in range(3))
    guard.quiet_protocol_warnings()
    guard.quiet_protocol_warnings()
    mine = [f for f in logging.getLogger("uvicorn.error").filters if isinstance(f, guard._Seldom)]
    assert len(mine) == 1
