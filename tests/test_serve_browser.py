"""The web table in a real browser (issue 18): `ezkit game serve` started for real, two seats of
Dudab with both expansions (DU-5) in two browser contexts, one a phone (360x740, touch) and one
a desktop (1280x800), played to the end by tapping the page's own hooks (ezkit/web/app.py): a
card in the hand, then where (#card-moves), or the menu in steps (#menu); no move is posted
behind the page's back.

At every move every page is checked against the engine, replayed from the campaign's save as
it grows (GT-1): a page names no card its seat has not seen (by id or printed name, the search
of tests/test_fair_table.py), the hand shows exactly the seat's cards, the phone's page needs
no sideways scrolling, the shared screen shows no hand. At the end the table page shows the
final scores. Screenshots are left in tests/artifacts/ (ignored by git) for a person to look at.

Chromium comes from the system (`make browser`); without it or playwright the tests are skipped
with the reason printed (tests/browser.py).
"""

from __future__ import annotations

import json
import os
import queue
import random
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import long_runs
import pytest
from browser import GROUP, browser
from test_fair_table import _ids, _named, _names

from ezkit.campaign_files import games_path
from ezkit.games import decks, engine, saves
from ezkit.games.engine import State
from ezkit.games.session import HUMAN, is_asked

pytestmark = GROUP
__all__ = ["browser"]  # the fixture, imported for the tests below

ARTIFACTS = Path(__file__).parent / "artifacts"
PLAYERS = ("Ann", "Bob")
SEED = 5
PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 740},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
#: The seats' browsers in the game: Ann's phone, Bob's desktop (the screenshots' names).
PAGE_NAMES = ("phone", "desktop")
LINK = re.compile(r"http://127\.0\.0\.1:\d+/(?:seat|table)/[\w-]+")
#: Seconds to wait for the server, a page or a save (the machine may be busy).
WAIT = 20.0
#: A bound on the decisions of a game of two rounds (random taps: some 150, 167 the most seen).
LIMIT = 600


@dataclass
class Served:
    """A running `ezkit game serve`: its links by seat, the table's link, its campaign."""

    process: subprocess.Popen[str]
    db: Path
    seats: dict[int, str] = field(default_factory=dict)
    table: str = ""
    output: list[str] = field(default_factory=list)

    def record(self) -> dict[str, Any]:
        """The game's save as it stands (the only game of this campaign)."""
        ((_, record),) = saves.list_games(self.db)
        return record

    def stamp(self) -> tuple[int, int, int]:
        """The games file's inode, size and time of change: the save is read again (under
        its lock) only when this has changed, so the save can be watched every few ms."""
        found = os.stat(games_path(self.db))
        return (found.st_ino, found.st_size, found.st_mtime_ns)

    def seat_of(self, link: str) -> int | None:
        """The seat a link opens, asked of the server (the table's link: None)."""
        return self._state(link)["seat"]

    def version(self) -> int:
        """The table's version now, asked of the server. Read once the save shows a seat
        deciding, it is that decision's: the server saves a move and bumps the version in
        one step of its event loop, which answers this only after both."""
        return int(self._state(self.table)["version"])

    @staticmethod
    def _state(link: str) -> dict[str, Any]:
        token = link.rsplit("/", 1)[1]
        api = link.split("/seat/")[0].split("/table/")[0] + f"/api/{token}/state"
        with urllib.request.urlopen(api, timeout=WAIT) as answer:
            return dict(json.load(answer))


@pytest.fixture(scope="module")
def served(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[Served]:
    """The server, started as a person starts it; stopped with Ctrl-C (SIGINT). Its campaign
    is a file on the disk, as a table's is (each move's save synced to it)."""
    yield from _serve(tmp_path_factory.mktemp("serve") / "campaign.json", request)


def _serve(db: Path, request: pytest.FixtureRequest) -> Iterator[Served]:
    env = {**os.environ, "EZKIT_DB": str(db), "PYTHONUNBUFFERED": "1"}
    command = [
        sys.executable,
        "-m",
        "ezkit",
        "game",
        "serve",
        "dudab",
        "--players",
        ",".join(PLAYERS),
        "--options",
        "jungle,baby",
        "--seed",
        str(SEED),
        "--bot-delay",
        "0",
        "--port",
        "0",
        "--no-qr",
        # make test (and CI) taps a one-round game to its end, make test-full both rounds
        *([] if long_runs.SHARE == 1 else ["--rounds", "1"]),
    ]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
    )
    lines: queue.Queue[str | None] = queue.Queue()

    def drain() -> None:  # read to the end, so the server never blocks on a full pipe
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=drain, daemon=True).start()
    run = Served(process, db)
    links: list[str] = []
    try:
        # Chromium starts while the server does (the shared pages are made at most once)
        request.getfixturevalue("screens")
        deadline = time.monotonic() + WAIT
        while len(links) < len(PLAYERS) + 1:
            try:
                line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                line = None
            if line is None:
                pytest.fail(f"ezkit game serve printed no links: {''.join(run.output)}")
            run.output.append(line)
            links += LINK.findall(line)
        for link in links:
            seat = run.seat_of(link)
            if seat is None:
                run.table = link
            else:
                run.seats[seat] = link
        assert sorted(run.seats) == list(range(len(PLAYERS))) and run.table
        yield run
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Mirror:
    """The engine's game, replayed from the campaign's save as it grows, and every card each
    seat has seen so far (a card seen stays known: GT-1 as tests/test_fair_table.py reads it)."""

    def __init__(self, served: Served) -> None:
        self.served = served
        record = served.record()
        self.state: State = engine.replay(record, upto=0)
        self.seats = range(len(self.state.game.players))
        self.humans = {i for i, seat in enumerate(record["seats"]) if seat["kind"] == HUMAN}
        assert len(self.humans) == 2
        self.known = [set(self.state.seen(s)) for s in self.seats]
        options = dict(self.state.game.options)
        options.pop("players")
        self.ids = _ids("dudab", options)
        self.names = _names("dudab", self.ids)
        # a face's rules text may name other cards; printed on every copy, it tells nothing
        self.rules = sorted({c.rules for c in decks.deck("dudab").cards if c.rules}, key=len)[::-1]
        self.sync(record)

    def sync(self, record: dict[str, Any] | None = None) -> int:
        """Play the moves saved since; returns how many the game has."""
        moves = (record or self.served.record())["moves"]
        for text in moves[len(self.state.moves) :]:
            self.state.play(self.state.parse(text))
            shown = self.revealed()  # the same for every seat
            for s in self.seats:
                self.known[s] |= set(self.state.seen(s)) | shown
        return len(moves)

    def revealed(self) -> set[str]:
        """The hands and own piles shown to all when a round is scored (the book's scoring;
        every seat's view holds them as `last_scoring`): known to everyone from then on."""
        scoring = self.state.view(None)["last_scoring"] or []
        return {card for each in scoring for card in (*each["hand"], *each["pile"])}

    def settle(self) -> int:
        """Follow the save until a seat must decide or the game is over (the server makes
        forced moves by itself); returns how many moves the game has."""
        deadline = time.monotonic() + WAIT
        while True:
            stamp = self.served.stamp()
            made = self.sync()
            if self.state.is_over() or self.deciding() is not None:
                return made
            while self.served.stamp() == stamp:
                assert time.monotonic() < deadline, f"move {made}: nobody is asked to decide"
                time.sleep(0.005)

    def deciding(self) -> int | None:
        """The seat whose page must offer a menu now (session.is_asked: at this table of two
        humans, even a forced move); None while a move nobody picks is pending."""
        seat = self.state.to_move()
        if seat is None or seat not in self.humans:
            return None
        return seat if is_asked(self.state, seat, self.state.legal_moves(), 2, False) else None

    def leaked(self, seat: int | None, html: str) -> set[str]:
        """The cards a page names that its seat has not seen (the table: not every seat)."""
        may = set.intersection(*self.known) if seat is None else self.known[seat]
        for printed in self.rules:
            html = html.replace(printed, "")
        # Only the cards not seen are searched for, and only where one of their ids or names
        # is in the text at all (a card named by id is a token of the text, so in it): the
        # same answer as _named(html, self.ids, self.names) - may, without tokenizing a page
        # that names none of them (most pages, at most decisions).
        hidden = self.ids - may
        names = {card: name for card, name in self.names.items() if card in hidden}
        text = html.lower()
        if any(card in text for card in hidden) or any(name in text for name in names.values()):
            return _named(html, frozenset(hidden), names)
        return set()


#: Where a finger or the mouse lands on the `index`th element of `selector`, found as
#: Playwright's tap() and click() find it, in one call: the element is there, enabled,
#: scrolled into view, has a box and is not hidden, and a touch at its centre hits it (or
#: one inside it); else tried again every 10 ms (a live update may be redrawing the page).
SPOT = """async ([selector, index, wait]) => {
    const until = Date.now() + wait;
    for (;;) {
        const el = document.querySelectorAll(selector)[index];
        if (el && !el.disabled && getComputedStyle(el).visibility !== 'hidden') {
            el.scrollIntoView({block: 'nearest', inline: 'nearest'});
            const box = el.getBoundingClientRect();
            const x = box.left + box.width / 2, y = box.top + box.height / 2;
            const hit = box.width > 0 && box.height > 0 && document.elementFromPoint(x, y);
            if (hit && el.contains(hit)) return [x, y];
        }
        if (Date.now() > until) throw new Error(`nothing to tap at ${selector} [${index}]`);
        await new Promise(done => setTimeout(done, 10));
    }
}"""


def _tap(page: Any, selector: str, index: int = 0) -> None:
    """A finger on a touch screen, a mouse elsewhere, on the `index`th element that
    `selector` finds (in the page's order, as a locator's nth): a real touch or click at
    the element's centre, once SPOT finds it tappable there."""
    x, y = page.evaluate(SPOT, [selector, index, WAIT * 1000])
    if page.viewport_size["width"] < 600:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


#: Moves made by tapping a place on the board after a card (the test asserts there were some).
BOARD_TAPS: list[str] = []


def _pick_move(page: Any, cards: list[str], rng: random.Random, shot: str | None = None) -> str:
    """Tap one legal move on the page, the way a player does; returns its text. Mostly a card
    in the hand (`cards`: those whose moves the page offers), then where; otherwise the
    menu, step by step. With `shot`, a screenshot of the page is taken once a card's choices
    show."""
    if cards and (shot or rng.random() < 0.7):
        card = rng.choice(cards)
        _tap(page, f'#hand [data-card="{card}"]')
        choices = f'#card-moves .for-card[data-for="{card}"] [data-move]'
        offered = page.evaluate(OFFERED, [choices, WAIT * 1000])  # once they show
        if shot:
            _shot(page, shot)
        at = rng.randrange(len(offered))
        move, where, places = offered[at]
        if where and places == 1 and rng.random() < 0.6:
            # the board's column as the "where" of the card's move
            _tap(page, f'#board [data-target="{where}"].can-go')
            BOARD_TAPS.append(str(move))
        else:
            _tap(page, choices, at)
        return str(move)
    level = "#menu > .step > [data-step], #menu > [data-move]"
    steps = page.evaluate(LEVEL, [level, None, WAIT * 1000])
    while True:
        at = rng.randrange(len(steps))
        move, path = steps[at]
        _tap(page, level, at)
        if move is not None:
            return str(move)
        under = f'[data-under="{path}"]'
        level = f"{under} > .step > [data-step], {under} > [data-move]"
        steps = page.evaluate(LEVEL, [level, under, WAIT * 1000])  # once it opens


#: A card's offered moves (`selector`), read in one call once the first shows (the card
#: tapped): each one's move, its "where" (a board column, or null) and how many of the
#: board's places for it may take the card now.
OFFERED = """async ([selector, wait]) => {
    const until = Date.now() + wait;
    const shows = e => {  // Playwright's visible: a box, and not visibility: hidden
        const box = e && e.getBoundingClientRect();
        return box && box.width > 0 && box.height > 0
            && getComputedStyle(e).visibility !== 'hidden';
    };
    while (!shows(document.querySelector(selector))) {
        if (Date.now() > until) throw new Error(`${selector} never showed`);
        await new Promise(done => setTimeout(done, 10));
    }
    return [...document.querySelectorAll(selector)].map(e => {
        const where = e.dataset.where ?? null;
        const places = where === null ? 0 : document.querySelectorAll(
            `#board [data-target="${CSS.escape(where)}"].can-go`).length;
        return [e.dataset.move, where, places];
    });
}"""

#: A menu level's entries (`selector`), read in one call once its step (`under`) opened:
#: each one's move (null for a step) and step path.
LEVEL = """async ([selector, under, wait]) => {
    const until = Date.now() + wait;
    const shows = e => {  // Playwright's visible: a box, and not visibility: hidden
        const box = e && e.getBoundingClientRect();
        return box && box.width > 0 && box.height > 0
            && getComputedStyle(e).visibility !== 'hidden';
    };
    while (under !== null && !shows(document.querySelector(under))) {
        if (Date.now() > until) throw new Error(`${under} never opened`);
        await new Promise(done => setTimeout(done, 10));
    }
    return [...document.querySelectorAll(selector)].map(
        e => [e.dataset.move ?? null, e.dataset.step ?? null]);
}"""


def _version(page: Any) -> int:
    return int(page.locator("#page").get_attribute("data-version"))


#: Waits, without polling, until the page's live updates have brought #page's data-version
#: past `after` (at least `after` + 1); false if they have not within `wait` ms.
PAST = """([after, wait]) => new Promise(done => {
    const page = document.getElementById('page');
    const past = () => Number(page.dataset.version) > after;
    if (past()) return done(true);
    const watch = new MutationObserver(() => {
        if (past()) { watch.disconnect(); clearTimeout(timer); done(true); }
    });
    watch.observe(page, {attributes: true, attributeFilter: ['data-version']});
    const timer = setTimeout(() => { watch.disconnect(); done(past()); }, wait);
})"""


def _at(page: Any, version: int) -> None:
    """Wait until the page's live updates have brought it to the table's version."""
    assert page.evaluate(PAST, [version - 1, WAIT * 1000]), f"the page never reached {version}"


def _hand(page: Any) -> Counter[str]:
    ids = page.locator("#hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    return Counter(ids)


#: What a page shows, read in one call (one consistent moment between live updates): the
#: hand's card ids, how many menus, its HTML, its cards and those on the board, whether it fits,
#: the moves its menu offers and the cards of the hand whose moves it offers.
LOOK = """() => {
    const all = s => document.querySelectorAll(s);
    const root = document.documentElement;
    return {
        hand: [...all('#hand [data-card]')].map(e => e.dataset.card),
        menus: all('#menu, #card-moves').length,
        html: '<!DOCTYPE html>' + root.outerHTML,
        cards: all('[data-card]').length,
        board: all('#board [data-card]').length,
        fits: root.scrollWidth <= root.clientWidth,
        offers: [...all('#menu [data-move]')].map(b => b.dataset.move),
        playable: [...all('#card-moves .for-card')].map(e => e.dataset.for),
    };
}"""


#: LOOK once the page's live updates have brought it to a version (PAST): one round trip
#: (the tapped game reads three pages at each of its decisions).
LOOK_AT = f"""async ([version, wait]) => {{
    if (!await ({PAST})([version - 1, wait])) {{
        throw new Error(`the page never reached version ${{version}}`);
    }}
    return ({LOOK})();
}}"""


def _look_at(page: Any, version: int) -> dict[str, Any]:
    """What the page shows once at the table's `version` (see LOOK and _at)."""
    return dict(page.evaluate(LOOK_AT, [version, WAIT * 1000]))


def _fits(page: Any) -> bool:
    """No sideways scrolling of the page itself (the hand's own row may scroll)."""
    return bool(
        page.evaluate(
            "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )
    )


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"serve-{name}.png"), full_page=True)


#: The shared screen as a TV shows it (1920x1080: the page's TV scale applies).
TV: dict[str, Any] = {"viewport": {"width": 1920, "height": 1080}}


#: The pages the tests look through, by kind.
VIEWS: dict[str, dict[str, Any]] = {"phone": PHONE, "desktop": DESKTOP, "tv": TV}


@pytest.fixture(scope="module")
def screens(browser: Any) -> Iterator[dict[str, Any]]:
    """A phone, a desktop and a TV, one page each, shared by the tests: a page is opened once
    (each costs Chromium a renderer), then sent to each test's links. The pages keep no
    cookie or storage; a test leaves them blank (about:blank), their event streams closed, so
    that a server stops at once."""
    contexts = {kind: browser.new_context(**options) for kind, options in VIEWS.items()}
    try:
        yield {kind: context.new_page() for kind, context in contexts.items()}
    finally:
        for context in contexts.values():
            context.close()


# --- the tests ----------------------------------------------------------------------------


def test_table_page_shows_no_hand(screens: dict[str, Any], served: Served) -> None:
    """The shared screen: the public board, no hand card, no menu, no card any seat hides."""
    page = screens["desktop"]
    try:
        page.goto(served.table)
        mirror = Mirror(served)
        assert page.locator("#hand").count() == 0
        # the only cards shown are the board's (the table's public cards, GT-1)
        assert page.locator("[data-card]").count() == page.locator("#board [data-card]").count()
        assert page.locator("#board [data-target]").count()  # the columns are drawn
        assert page.locator("#menu, #card-moves, #question").count() == 0
        assert not mirror.leaked(None, page.content())
        assert page.title().endswith("the table")
    finally:
        page.goto("about:blank")


def test_a_second_browser_on_a_seat_sees_the_same_hand(
    screens: dict[str, Any], served: Served
) -> None:
    one, two = screens["phone"], screens["desktop"]
    try:
        one.goto(served.seats[0])
        two.goto(served.seats[0])
        version = max(_version(one), _version(two))
        _at(one, version)
        _at(two, version)
        mirror = Mirror(served)
        held = Counter(mirror.state.view(0)["hand"])
        assert held and _hand(one) == _hand(two) == held
        assert one.locator("h1 .who").inner_text() == two.locator("h1 .who").inner_text() == "Ann"
    finally:
        one.goto("about:blank")
        two.goto("about:blank")


@pytest.mark.slow  # some 100 decisions, about 10 s: make test and CI play it, test-fast not
def test_two_seats_play_dudab_to_the_end_by_tapping(
    screens: dict[str, Any], served: Served
) -> None:
    """The seats' pages are the shared phone and desktop; the table's page is the TV."""
    pages = {seat: screens[name] for seat, name in enumerate(PAGE_NAMES)}
    table = screens["tv"]
    try:
        for seat, page in pages.items():
            page.goto(served.seats[seat])
        table.goto(served.table)
        mirror = Mirror(served)
        rng = random.Random(SEED)
        decisions = 0
        shots: set[str] = set()
        for _ in range(LIMIT):
            made = mirror.settle()
            seat = mirror.deciding()
            if seat is None:
                break
            page = pages[seat]
            # the server's version, not the page's: a page still showing the decision before
            # (the same moves offered) had been read as current, and another seat's hand
            # compared at that older version failed now and then under load
            version = served.version()
            looks = {s: _look_at(p, version) for s, p in pages.items()}
            legal = sorted(m.text() for m in mirror.state.legal_moves())
            assert sorted(looks[seat]["offers"]) == legal, f"move {made}: the menu"
            for s, look in looks.items():
                assert Counter(look["hand"]) == Counter(mirror.state.view(s)["hand"]), (
                    f"move {made}"
                )
                if s != seat:  # only the seat to move is offered moves
                    assert look["menus"] == 0, f"move {made}"
                leaked = mirror.leaked(s, look["html"])
                assert not leaked, f"move {made}: {PLAYERS[s]}'s page shows {leaked}"
            seen = _look_at(table, version)
            assert not mirror.leaked(None, seen["html"]), f"move {made}: the table"
            assert seen["cards"] == seen["board"], f"move {made}: a card off the table's board"
            assert looks[0]["fits"], f"move {made}: the phone's page scrolls sideways"
            # screenshots of a game well under way: each seat's page as it chooses a card's
            # place (the phone's, the desktop's), the shared screen
            cards = looks[seat]["playable"]
            shot = None
            if decisions >= 12 and PAGE_NAMES[seat] not in shots and cards:
                shot = PAGE_NAMES[seat]
                shots.add(shot)
                if "table" not in shots:
                    _shot(table, "table")
                    shots.add("table")
            move = _pick_move(page, cards, rng, shot)
            assert move in legal
            # the server saves the move, then bumps the version the tapping page then shows
            played = page.evaluate(PAST, [version, WAIT * 1000])
            record = served.record()
            assert played and len(record["moves"]) > made, f"{move!r} tapped but not played"
            assert record["moves"][made] == move
            decisions += 1
        assert mirror.state.is_over(), f"not over after {decisions} decisions"
        assert shots == {"phone", "desktop", "table"}
        assert BOARD_TAPS, "no move was made by tapping a column on the board"
        scores = [f"{s:g}" for s in mirror.state.scores()]
        for page in (*pages.values(), table):
            page.locator("#results").wait_for(timeout=WAIT * 1000)
        results = table.locator("#results").inner_text()
        for name, score in zip(PLAYERS, scores, strict=True):
            assert name in results and score in results, results
        cells = table.locator("#players td.num").all_inner_texts()
        assert [c.strip() for c in cells] == scores
        names = table.locator("#players td:nth-child(2)").all_inner_texts()
        assert [n.strip() for n in names] == list(PLAYERS)
        assert _fits(pages[0])
        _shot(pages[0], "phone-end")
        _shot(table, "table-end")
        print(f"\n{decisions} decisions tapped; screenshots in {ARTIFACTS}")
    finally:
        for page in (*pages.values(), table):
            page.goto("about:blank")


# --- every game's board, looked at ----------------------------------------------------------


def _under_way(name: str) -> Any:
    """A WebTable of `name` well under way: bots and a human seat (Ann) played at random,
    until Ann is asked to move again (or the game is over)."""
    from test_serve_http import GAMES, _table

    ((_, humans, bots, options),) = [(g, h, b, o) for g, h, b, o in GAMES if g == name]
    table = _table(name, humans, bots, options, seed=SEED)
    rng = random.Random(SEED)
    for turn in range(400):
        while table.step() is None:
            pass
        state = table.session.state
        if state.is_over():
            break
        seat = next((s for s in table.seat_tokens() if table.deciding(s)), None)
        if seat is None:  # a reaction window: every asked seat passes
            for s in table.seat_tokens():
                if table.question(s) is not None:
                    table.move(s, "pass", None)
            continue
        if turn > 25 and seat == 0:
            break
        table.move(seat, rng.choice(table.legal()).text(), None)
    return table


class Apps:
    """In-process servers of WebTables (no runner: nothing moves unless asked), each on a
    free loopback port, stopped together at the module's end: the pages are first left
    blank (an open event stream holds a server's shutdown), then every server is told to
    stop before any is waited for (each takes a tick of uvicorn's loop to notice)."""

    def __init__(self, screens: dict[str, Any]) -> None:
        self.screens = screens
        self.running: list[tuple[Any, threading.Thread]] = []

    def serve(self, table: Any) -> str:
        """The app of `table` served; returns its base address."""
        import uvicorn
        from test_serve_http import _free_port

        from ezkit.web.app import make_app

        port = _free_port()
        config = uvicorn.Config(
            make_app(table, run=False), host="127.0.0.1", port=port, log_level="warning"
        )
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        self.running.append((server, thread))
        deadline = time.monotonic() + WAIT
        while not server.started:
            assert time.monotonic() < deadline and thread.is_alive(), "the app never started"
            time.sleep(0.005)
        return f"http://127.0.0.1:{port}"

    def stop(self) -> None:
        for page in self.screens.values():
            page.goto("about:blank")
        for server, _ in self.running:
            server.should_exit = True
        for _, thread in self.running:
            thread.join(10)


@pytest.fixture(scope="module")
def apps(screens: dict[str, Any]) -> Iterator[Apps]:
    """The module's in-process servers (see Apps); torn down before the shared pages."""
    made = Apps(screens)
    try:
        yield made
    finally:
        made.stop()


#: A page's board checks, read in one call: how many boards, how many text dumps left open,
#: whether the page fits its width (no sideways scrolling of the page itself).
BOARD = """() => ({
    boards: document.querySelectorAll('#board').length,
    open: document.querySelectorAll('#screen[open]').length,
    fits: document.documentElement.scrollWidth <= document.documentElement.clientWidth,
})"""


@pytest.mark.parametrize("name", ["auntie", "bakeries", "dudab", "foozle"])
def test_every_game_board_on_phone_desktop_and_tv(
    screens: dict[str, Any], apps: Apps, name: str
) -> None:
    """Each game's board drawn from the view (screenshots serve-board-<game>-<page>.png): the
    phone's page never scrolls sideways, the board is there on seat and table pages, the text
    dump is folded away where the board says the same."""
    table = _under_way(name)
    base = apps.serve(table)
    seat = next(iter(table.seat_tokens().values()))
    for kind, link in (
        ("phone", f"{base}/seat/{seat}"),
        ("desktop", f"{base}/seat/{seat}"),
        ("tv", f"{base}/table/{table.table_token}"),
    ):
        page = screens[kind]
        page.goto(link)
        assert page.url == link
        shown = page.evaluate(BOARD)
        assert shown["boards"] == 1
        assert shown["open"] == 0
        if kind == "phone":
            assert shown["fits"], f"{name}: the phone's page scrolls sideways"
        _shot(page, f"board-{name}-{kind}")


def test_the_story_keeps_its_place_on_an_update_unless_read_at_its_newest_line(
    screens: dict[str, Any], apps: Apps
) -> None:
    """Two phones on Ann's seat: one scrolled up in the story, one at its newest line. After a
    live update the first still shows the same lines, the second the newest."""
    table = _under_way("dudab")
    base = apps.serve(table)
    up = screens["phone"]
    down = up.context.new_page()  # a second phone page: the shared one and one more
    try:
        link = f"{base}/seat/{table.seat_tokens()[0]}"
        for page in (up, down):
            page.goto(link)
        story = "document.getElementById('story')"
        # column-reverse: scrollTop 0 is the newest line, -(scrollHeight - clientHeight) the top
        top = f"{story}.scrollHeight - {story}.clientHeight + {story}.scrollTop"
        assert up.evaluate(f"{story}.scrollHeight > {story}.clientHeight")
        up.evaluate(f"{story}.scrollTop = -{story}.scrollHeight")
        assert abs(up.evaluate(top)) < 2
        version = _version(up)
        token = table.seat_tokens()[0]
        move = table.legal()[0].text()
        answer = urllib.request.urlopen(
            urllib.request.Request(
                f"{base}/api/{token}/move",
                data=json.dumps({"move": move}).encode(),
                headers={"Content-Type": "application/json"},
            ),
            timeout=WAIT,
        )
        assert answer.status == 200
        for page in (up, down):
            _at(page, version + 1)
        assert abs(up.evaluate(top)) < 2, "the story jumped away from what was read"
        assert abs(down.evaluate(f"{story}.scrollTop")) < 2, "not at the newest line"
    finally:
        down.close()
        up.goto("about:blank")


def test_a_state_shown_already_is_not_drawn_again(screens: dict[str, Any], apps: Apps) -> None:
    """The page's live updates bring the state it shows again (a reconnected stream starts
    with the state as it stands; a seat's own move comes back on its stream after the
    answer): not drawn again, so a menu step the player opened stays open. A new state is
    still drawn. The stream here is the test's: the state as it stands, sent again every
    50 ms (the stream ends, and `retry: 50` brings the page back for more)."""
    table = _under_way("auntie")  # Ann's menu has steps
    base = apps.serve(table)
    token = table.seat_tokens()[0]
    page = screens["desktop"]
    sent: dict[str, Any] = {"state": Served._state(f"{base}/seat/{token}"), "streams": 0}

    def stream(route: Any) -> None:
        sent["streams"] += 1
        data = json.dumps(sent["state"])
        route.fulfill(
            status=200,
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"},
            body=f"retry: 50\nevent: state\ndata: {data}\n\n",
        )

    page.route("**/events", stream)
    try:
        page.goto(f"{base}/seat/{token}")
        deadline = time.monotonic() + WAIT
        while sent["streams"] < 2:  # the first state read (the page's first one is drawn)
            assert time.monotonic() < deadline, "the page never asked for its live updates"
            page.wait_for_timeout(20)
        step = page.locator("#menu > .step > [data-step]").first
        step.click()
        assert step.get_attribute("aria-expanded") == "true"
        page.wait_for_timeout(400)  # some eight deliveries of the same state
        assert step.get_attribute("aria-expanded") == "true", "a step closed by the same state"
        version = _version(page)
        sent["state"] = {
            **sent["state"],
            "version": version + 1,
            "html": sent["state"]["html"] + '<p id="newer">a newer state</p>',
        }
        page.locator("#newer").wait_for(timeout=WAIT * 1000)
        assert _version(page) == version + 1
    finally:
        page.unroute("**/events")
        page.goto("about:blank")
