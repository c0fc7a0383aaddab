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
from types import TracebackType
from typing import Any
from urllib.parse import unquote


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

    def request(
        self, method: str, url: str, json: Any = None, content: bytes | str | None = None
    ) -> Answer:
        headers = [(b"host", b"testserver"), (b"accept", b"*/*"), (b"user-agent", b"direct")]
        if json is not None:
            body = _json_dumps(json).encode()
            headers.append((b"content-type", b"application/json"))
        else:
            body = content.encode() if isinstance(content, str) else content or b""
        if body or method not in ("GET", "HEAD"):
            headers.append((b"content-length", str(len(body)).encode()))
        return self.loop.run_until_complete(self._call(method, url, headers, body))

    def get(self, url: str) -> Answer:
        return self.request("GET", url)

    def post(self, url: str, json: Any = None, content: bytes | str | None = None) -> Answer:
        return self.request("POST", url, json=json, content=content)

    async def _call(
        self, method: str, url: str, headers: list[tuple[bytes, bytes]], body: bytes
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
        given = False
        done = asyncio.Event()
        status, sent, chunks = 0, {}, []

        async def receive() -> dict[str, Any]:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
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
