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

DEADLINE = 0.3  # the guard's REQUEST_WITHIN here (10 s when served)


async def _hello(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"hello"})


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    """A server with the guard and a short deadline, on loopback, in a thread: one for the
    module's tests (each waits until the server has closed its connections; stopping a
    uvicorn server takes a tenth of a second of its own)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(guard, "REQUEST_WITHIN", DEADLINE)
        yield from _serving()


def _serving() -> Iterator[int]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    config = uvicorn.Config(_hello, log_level="error", lifespan="off", **guard.server_limits())
    server = uvicorn.Server(config)
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
    while connection.recv(4096):  # read until the server closes it
        continue
    return time.monotonic() - start


def test_a_connection_that_says_nothing_is_closed_at_the_deadline(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port)) as silent:
        assert DEADLINE * 0.8 <= _closed_after(silent) < DEADLINE + 3


def test_half_a_request_line_is_closed_at_the_deadline(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port)) as slow:
        slow.sendall(b"GET /api/x/sta")
        assert DEADLINE * 0.8 <= _closed_after(slow) < DEADLINE + 3


def test_a_body_sent_a_byte_at_a_time_is_closed_at_the_deadline(port: int) -> None:
    """A request's whole body is due within the deadline too: a client trickling a body (a
    byte now and then, each one putting off uvicorn's own keep-alive timeout) held the
    connection for good (found by a review)."""
    with socket.create_connection(("127.0.0.1", port)) as slow:
        slow.sendall(b"POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n")
        start = time.monotonic()
        slow.settimeout(DEADLINE / 5)  # a byte every so often, until the server closes
        closed = False
        while time.monotonic() - start < DEADLINE + 3 and not closed:
            try:
                slow.sendall(b"x")
                closed = slow.recv(4096) == b""
            except TimeoutError:
                continue
            except OSError:  # reset by the server: closed
                closed = True
        assert closed and time.monotonic() - start >= DEADLINE * 0.8


def test_one_address_holds_at_most_per_address_connections(
    port: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Beyond PER_ADDRESS connections from one address, a new one is closed at once; once
    some close, new ones are served again."""
    monkeypatch.setattr(guard, "PER_ADDRESS", 5)
    held = [socket.create_connection(("127.0.0.1", port)) for _ in range(5)]
    try:
        time.sleep(0.1)  # the server has taken them
        with socket.create_connection(("127.0.0.1", port)) as extra:
            assert _closed_after(extra) < DEADLINE * 0.8  # closed at once, not at the deadline
        held.pop().close()
        time.sleep(0.1)
        with socket.create_connection(("127.0.0.1", port)) as again:
            again.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            again.settimeout(10)
            assert again.recv(4096).startswith(b"HTTP/1.1 200")
    finally:
        for connection in held:
            connection.close()


def test_game_serve_runs_its_server_with_the_guard(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command's uvicorn server uses the guarded protocol and the connection limit (the
    server itself is not run here: its config is looked at)."""
    from click.testing import CliRunner

    from ezkit.cli import cli

    seen: list[uvicorn.Config] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: seen.append(self.config))
    result = CliRunner().invoke(cli, ["game", "serve", "dudab", "--players", "Ann,Bob",
                                      "--db", str(tmp_path / "c.json"), "--port", "0"])  # fmt: skip
    assert result.exit_code == 0, result.output
    [config] = seen
    assert config.http is guard.GuardedH11 and config.limit_concurrency == guard.MOST_CONNECTIONS


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
        first = guard.OPEN_FILES[0]
        want = first if hard == resource.RLIM_INFINITY else min(first, hard)
        assert still == hard and now == want
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_a_refused_open_file_limit_falls_to_the_next(monkeypatch: pytest.MonkeyPatch) -> None:
    """macOS refuses more than 10,240 files however high the hard limit: the next is asked."""
    resource = pytest.importorskip("resource")
    asked: list[int] = []

    def refuse_above_10240(which: int, limits: tuple[int, int]) -> None:
        asked.append(limits[0])
        if limits[0] > 10240:
            raise ValueError("not allowed")

    monkeypatch.setattr(resource, "getrlimit", lambda which: (256, resource.RLIM_INFINITY))
    monkeypatch.setattr(resource, "setrlimit", refuse_above_10240)
    guard.more_open_files()
    assert asked == [65536, 10240]


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
        guard.quiet_protocol_warnings()  # as game serve does: the filter says it seldom
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


def test_warnings_of_malformed_requests_are_said_once_in_a_while_and_a_cut_request_not() -> None:
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
    cancelled = logging.LogRecord("uvicorn.error", logging.ERROR, "", 0,
                                  "Exception in ASGI application\n", (), None)  # fmt: skip
    cancelled.exc_info = (asyncio.CancelledError, asyncio.CancelledError(), None)
    assert not seldom.filter(cancelled)  # a request cut short by Ctrl-C: no traceback
    assert not passed("Cancel 1 running task(s), timeout graceful shutdown exceeded")
    failed = logging.LogRecord("uvicorn.error", logging.ERROR, "", 0,
                               "Exception in ASGI application\n", (), None)  # fmt: skip
    failed.exc_info = (ValueError, ValueError("a bug"), None)
    assert seldom.filter(failed)  # any other error is shown, every time
    guard.quiet_protocol_warnings()
    guard.quiet_protocol_warnings()
    mine = [f for f in logging.getLogger("uvicorn.error").filters if isinstance(f, guard._Seldom)]
    assert len(mine) == 1
