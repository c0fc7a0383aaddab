"""A client that calls an ASGI app in the test's own thread, on an event loop of its own.

Starlette's TestClient runs the app on an event loop in another thread and hands every ASGI
message across (a lock and a socket write each way), and builds each request and answer with
httpx: together more than the app's own work a request, most of a whole game's cost when the
game is played through its pages. This client makes the same HTTP/1.1 requests of the same
app (its lifespan entered and left as TestClient does; an exception the app raises is raised
here, as there) by calling it with the request's ASGI scope and body, and keeps what the app
sent: status, headers, body. An app whose lifespan starts a task to run alongside the test
(the table's bots at their pace) needs TestClient: nothing runs here between two requests.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterator
from types import TracebackType
from typing import Any
from urllib.parse import unquote

Content = bytes | str | Iterator[bytes] | None


class Answer:
    """What the app sent, as the tests read an httpx response."""

    def __init__(self, status: int, headers: dict[str, str], content: bytes) -> None:
        self.status_code, self.headers, self.content = status, headers, content

    @property
    def text(self) -> str:
        return self.content.decode("utf-8")

    @property
    def is_success(self) -> bool:
        return 200 <= self.status_code < 300

    def json(self) -> Any:
        return json.loads(self.content)


class DirectClient:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.loop = asyncio.new_event_loop()
        self.lifespan: contextlib.AbstractAsyncContextManager[Any] | None = None

    def __enter__(self) -> DirectClient:
        self.lifespan = self.app.router.lifespan_context(self.app)
        self.loop.run_until_complete(self.lifespan.__aenter__())
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        try:
            if self.lifespan is not None:
                self.loop.run_until_complete(self.lifespan.__aexit__(kind, error, trace))
        finally:
            self.loop.close()

    def request(self, method: str, url: str, json: Any = None, content: Content = None) -> Answer:
        """content: bytes or text, sent with its length; or an iterator of bytes, sent piece
        by piece without one (as httpx sends a generator, chunked)."""
        headers = [(b"host", b"testserver"), (b"accept", b"*/*"), (b"user-agent", b"direct")]
        pieces: list[bytes]
        if json is not None:
            pieces = [_json_dumps(json).encode()]
            headers.append((b"content-type", b"application/json"))
        elif content is None or isinstance(content, bytes | str):
            pieces = [content.encode() if isinstance(content, str) else content or b""]
        else:
            pieces = list(content)
            headers.append((b"transfer-encoding", b"chunked"))
        if not isinstance(content, Iterator) and (pieces[0] or method not in ("GET", "HEAD")):
            headers.append((b"content-length", str(len(pieces[0])).encode()))
        return self.loop.run_until_complete(self._call(method, url, headers, pieces))

    def get(self, url: str) -> Answer:
        return self.request("GET", url)

    def post(self, url: str, json: Any = None, content: Content = None) -> Answer:
        return self.request("POST", url, json=json, content=content)

    async def _call(
        self, method: str, url: str, headers: list[tuple[bytes, bytes]], pieces: list[bytes]
    ) -> Answer:
        path, _, query = url.partition("?")
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": method,
            "scheme": "http",
            "path": unquote(path),
            "raw_path": path.encode(),
            "query_string": query.encode(),
            "root_path": "",
            "headers": headers,
            "client": ("testclient", 50000),
            "server": ("testserver", 80),
        }
        given = 0
        done = asyncio.Event()
        status, sent, chunks = 0, {}, []

        async def receive() -> dict[str, Any]:
            nonlocal given
            if given < len(pieces):
                given += 1
                return {
                    "type": "http.request",
                    "body": pieces[given - 1],
                    "more_body": given < len(pieces),
                }
            await done.wait()  # the client stays until the answer is whole
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                for name, value in message.get("headers", []):
                    sent[name.decode("latin-1").lower()] = value.decode("latin-1")
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))
                if not message.get("more_body", False):
                    done.set()

        await self.app(scope, receive, send)
        done.set()
        return Answer(status, sent, b"".join(chunks))


_json_dumps = json.dumps
