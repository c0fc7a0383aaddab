"""The web table's Starlette app: `make_app(table)`.

    GET  /seat/{token}          a seat's page: its hand, the table, the story, its menu
    GET  /table/{token}         the shared screen: the public board, story, whose turn, scores
    GET  /api/{token}/state     the JSON of what that page shows (with `html`, its main part)
    POST /api/{token}/move      {"move": "<move text>"} or {"path": [1, 2]} (a menu path);
                                during a reaction window {"move": "pass"} or the word;
                                with "version": N (the page's), refused (409) unless the
                                table is still at version N: the pages always send it
    GET  /api/{token}/events    server-sent events: one `state` event per change, its data
                                the same JSON as /state
    GET  /static/{name}         the pages' CSS, JS and the bundled DejaVu font (nothing else)

Security: a wrong or missing token is 403 with no detail; a move is taken only from the seat
asked (else 409) and only if legal (else 422 with the rule's reason); request bodies over
4 KB are refused (413); every text goes through Jinja's autoescape; every response carries a
Content-Security-Policy allowing nothing from elsewhere and no inline script, nosniff, no
referrer (the tokens are in the URLs) and no-store.

Hooks for a browser test (stable, described in templates/web/page.html too):
`#hand` holds the seat's cards, each `[data-card=<id>]`; `#board` the table (ezkit.web.boards),
each place on it `[data-target=column-2]` (a column, group, slot or cell: with a card of the
hand tapped, a tap there plays it there; `[data-move]` when a tap there alone makes a move),
a memory board's cells also `[data-cell=A1]`; `#menu` the moves in steps,
each step `[data-step=<path>]` (opens it) and each move `[data-move=<text>]`; `#card-moves`
the moves of the card tapped; `#question` a reaction question with `[data-move=pass]` and
`[data-move=<word>]`; `#story` the story, `#players` the seats, `#results` the final scores.
The page's `data-version` attribute on `#page` is the table's version shown.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from functools import cache
from typing import Any

from markupsafe import Markup
from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Match, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ezkit import resources
from ezkit.errors import EzkitError
from ezkit.games import decks
from ezkit.games.engine import IllegalMove
from ezkit.web.table import BUSY, BusyError, NotYourTurn, WebTable
from ezkit.web.views import seat_page, table_page

#: The largest request body taken (a move is at most 300 characters).
BODY_LIMIT = 4096
#: Seconds between keep-alive comments on an idle event stream.
KEEPALIVE = 15.0
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
#: Files /static/ serves: name -> path under templates/.
STATIC = {
    "web.css": "web/web.css",
    "web.js": "web/web.js",
    "deck.css": "deck.css",
    "DejaVuSansCondensed.ttf": "fonts/DejaVuSansCondensed.ttf",
    "DejaVuSansCondensed-Bold.ttf": "fonts/DejaVuSansCondensed-Bold.ttf",
}


class Headers:
    """Security headers on every response; no-store on all but the static files."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        static = scope["path"].startswith("/static/")

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k.lower(), v) for k, v in message.get("headers", [])]
                extra = dict(HEADERS)
                if not static:
                    extra["Cache-Control"] = "no-store"
                headers = [(k, v) for k, v in headers if k.decode() not in _lower(extra)]
                headers += [(k.lower().encode(), v.encode()) for k, v in extra.items()]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, sending)


def _lower(headers: dict[str, str]) -> set[str]:
    return {k.lower() for k in headers}


#: The methods the catch-all route answers 403 (or 405 to a good token) for.
EVERY_METHOD = ("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT")


#: The routes that only a seat's token opens, and the one only the table's token opens.
SEAT_ONLY = ("/seat/{token}", "/api/{token}/move")
TABLE_ONLY = ("/table/{token}",)


def _serves(path: str, number: int | None) -> bool:
    """Does this route serve this token's holder (a seat's number, None: the table)? What a
    route does not serve is 403 whatever the method, so that 405 says no more than GET does."""
    if path in SEAT_ONLY:
        return number is not None
    return number is None or path not in TABLE_ONLY


def forbidden() -> Response:
    return Response(status_code=403)


class TooLarge(Exception):
    """A request body over BODY_LIMIT."""


async def _body(request: Request) -> bytes:
    """The request body, refused past BODY_LIMIT whatever Content-Length says."""
    length = request.headers.get("content-length")
    if length is not None and (
        not (length.isascii() and length.isdigit()) or int(length) > BODY_LIMIT
    ):
        raise TooLarge
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > BODY_LIMIT:
            raise TooLarge
    return body


@cache
def colours() -> str:
    """The card faces' colours as classes (`bg-c0392b`, `ink-8a6a00`), as the printed deck
    colours them: the pages' CSP allows no inline style."""
    from ezkit.games.engine import GAMES
    from ezkit.printing.cards import colour_rules
    from ezkit.web.views import face

    drawn = [face(game, card.id) for game in GAMES for card in decks.deck(game).cards]
    return "\n".join(colour_rules(f for f in drawn if f is not None)) + "\n"


def make_app(table: WebTable, run: bool = True) -> Starlette:
    """The app serving one WebTable; with `run`, its bots and reactions are played by a task
    the app's lifespan starts and stops."""
    from ezkit import render

    templates = render.environment()

    def html(page: dict[str, Any]) -> str:
        return templates.get_template("web/main.html").render(page=page)

    def model(seat: int | None) -> dict[str, Any]:
        return table_page(table) if seat is None else seat_page(table, seat)

    made: dict[tuple[int | None, int, bool], dict[str, Any]] = {}

    def state_json(seat: int | None) -> dict[str, Any]:
        """A page's state, made once per version, seat and whether the seat has answered the
        open reaction question (its stream and its move's answer share it; every public change
        bumps the version, an answer does not: AU-11)."""
        key = (seat, table.version, seat is not None and table.question(seat) is None)
        if key not in made:
            if len(made) > 64:
                made.clear()
            page = model(seat)
            made[key] = {**page, "html": html(page)}
        return made[key]

    def who(request: Request) -> tuple[bool, int | None]:
        return table.lookup(str(request.path_params.get("token", "")))

    async def seat(request: Request) -> Response:
        known, number = who(request)
        if not known or number is None:
            return forbidden()
        return _page(number)

    async def shared(request: Request) -> Response:
        known, number = who(request)
        if not known or number is not None:
            return forbidden()
        return _page(None)

    def _page(number: int | None) -> Response:
        page = model(number)
        token = next(t for t, s in table.tokens.items() if s == number)
        text = templates.get_template("web/page.html").render(
            page=page,
            main=Markup(html(page)),
            token=token,  # rendered with autoescape above
        )
        return HTMLResponse(text)

    async def state(request: Request) -> Response:
        known, number = who(request)
        if not known:
            return forbidden()
        return JSONResponse(state_json(number))

    async def move(request: Request) -> Response:
        known, number = who(request)
        if not known or number is None:
            return forbidden()
        try:
            body = await _body(request)
        except ClientDisconnect:  # gone before its whole body came: nobody to answer
            return Response(status_code=400)
        except TooLarge:
            return JSONResponse({"error": f"a request is at most {BODY_LIMIT} bytes"}, 413)
        try:
            data = json.loads(body)
        except (ValueError, UnicodeDecodeError, RecursionError):  # nested past the parser
            return JSONResponse({"error": 'send JSON: {"move": "..."}'}, 400)
        text = data.get("move") if isinstance(data, dict) else None
        path = data.get("path") if isinstance(data, dict) else None
        shown = data.get("version") if isinstance(data, dict) else None
        if not isinstance(text, str) and not (
            isinstance(path, list) and all(type(p) is int for p in path)  # not true or false
        ):
            return JSONResponse({"error": 'send JSON: {"move": "..."}'}, 400)
        if shown is not None and type(shown) is not int:
            return JSONResponse({"error": '"version" is the page\'s version, a number'}, 400)
        async with table.lock:
            if shown is not None and not table.current(number, shown):
                # A tap made on a page the table has since moved past (a double tap, a slow
                # network, an answer as the reaction window closed) would be taken as a
                # move in a decision the player never saw.
                return JSONResponse(
                    {
                        "error": "the table moved on before your tap reached it: look again",
                        "state": state_json(number),
                    },
                    409,
                )
            try:
                made = table.move(
                    number, text if isinstance(text, str) else None, path if path else None
                )
            except NotYourTurn as error:
                return JSONResponse({"error": str(error)}, 409)
            except IllegalMove as error:
                return JSONResponse({"error": str(error)}, 422)
            except BusyError:  # the move was not made, nothing changed: it may be made again
                return JSONResponse({"error": BUSY}, 503)
            except (EzkitError, OSError) as error:  # a save refused or failed: stop
                table.halt(error)
                return JSONResponse({"error": f"the table stopped: {table.broken}"}, 409)
            answer = {"ok": True, "move": None if made is None else made.text()}
            return JSONResponse({**answer, "state": state_json(number)})

    async def events(request: Request) -> Response:
        known, number = who(request)
        if not known:
            return forbidden()
        if request.method == "HEAD":  # the headers alone, now: the stream itself never ends
            return Response(media_type="text/event-stream", headers={"X-Accel-Buffering": "no"})

        async def stream() -> AsyncIterator[str]:
            seen = -1
            while not table.stopped:
                version = await table.changed(seen, KEEPALIVE)
                if table.stopped:
                    break
                if version == seen:
                    yield ": still here\n\n"
                    continue
                seen = version
                data = json.dumps(state_json(number), separators=(",", ":"))
                yield f"event: state\nid: {version}\ndata: {data}\n\n"

        return StreamingResponse(
            stream(), media_type="text/event-stream", headers={"X-Accel-Buffering": "no"}
        )

    async def static(request: Request) -> Response:
        name = str(request.path_params.get("name", ""))
        if name == "card.css":
            return Response(colours(), media_type="text/css")
        if name not in STATIC:
            return Response(status_code=404)
        return FileResponse(resources.templates() / STATIC[name])

    async def nothing(request: Request) -> Response:
        """403 for what no route serves; 405 for a route's address with another method, once
        its token is known (a wrong token is told nothing, whatever the method)."""
        for route in app.routes[:-1]:
            if not isinstance(route, Route):
                continue
            match, child = route.matches(request.scope)
            if match is Match.PARTIAL:  # the address of this route, another method
                token = child.get("path_params", {}).get("token")
                known, number = table.lookup(str(token)) if token is not None else (False, None)
                if known and _serves(route.path, number):
                    allowed = ", ".join(sorted(route.methods or ()))
                    return Response(status_code=405, headers={"Allow": allowed})
                break
        return forbidden()

    async def not_allowed(request: Request, error: Exception) -> Response:
        return await nothing(request)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(table.run()) if run else None
        try:
            yield
        finally:
            table.stopped = True
            table._changed_now()  # streams and the runner hear of it and end
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    app = Starlette(
        routes=[
            Route("/", nothing),
            Route("/seat/{token}", seat),
            Route("/table/{token}", shared),
            Route("/api/{token}/state", state),
            Route("/api/{token}/move", move, methods=["POST"]),
            Route("/api/{token}/events", events),
            Route("/static/{name}", static),
            # no token: 403, as any, whatever the method (Starlette's 405 told which it takes)
            Route("/{rest:path}", nothing, methods=[*EVERY_METHOD]),
        ],
        # what no route can match (a target not starting with /: a full URL, `*`): 403 too;
        # a method outside EVERY_METHOD (PROPFIND) meets Starlette's own 405: the same answer
        exception_handlers={
            404: lambda request, error: forbidden(),
            405: not_allowed,
        },
        lifespan=lifespan,
    )
    app.add_middleware(Headers)
    return app
