"""A client that calls an ASGI app in the test's own thread, on an event loop of its own.

Starlette's TestClient runs the app on an event loop in another thread and hands every ASGI
message across (a lock and a socket write each way): more than the app's own work a request,
most of a whole game's cost when the game is played through its pages. This client sends the
same requests through httpx's own in-process transport (httpx.ASGITransport: the app called
with the request's ASGI scope and body, an exception it raises raised here) on an event loop
run in this thread, and enters and leaves the app's lifespan as TestClient does. An app whose
lifespan starts a task to run alongside the test (the table's bots at their pace) needs
TestClient: nothing runs here between two requests.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterable
from types import TracebackType
from typing import Any

import httpx


class DirectClient:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.loop = asyncio.new_event_loop()
        self.client = httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://testserver"
        )
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
            self.loop.run_until_complete(self.client.aclose())
        finally:
            self.loop.close()

    def request(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        content = kwargs.get("content")
        if content is not None and not isinstance(content, bytes | str):
            kwargs["content"] = _streamed(content)  # chunks as they come, as TestClient sends
        return self.loop.run_until_complete(self.client.request(method, url, **kwargs))

    def get(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("GET", url, **kwargs)

    def post(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("POST", url, **kwargs)


async def _streamed(chunks: Iterable[bytes]) -> AsyncIterator[bytes]:
    for chunk in chunks:
        yield chunk
