"""`ezkit game serve`: its usage errors, its help, and a real run of the installed command
(links read from its output, a page fetched over HTTP, Ctrl-C, the game saved)."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from ezkit.cli import cli
from ezkit.cli.serve import lan_address
from ezkit.games import saves

EZKIT = str(Path(sys.executable).with_name("ezkit"))


def _client(base_url: str = "") -> httpx.Client:
    """An HTTP client that opens a connection per request. The served command's connections
    lack TCP_NODELAY (its listening socket is opened with protocol 0, so asyncio leaves Nagle
    on): every answer on a kept-alive connection waits some 40 ms for a delayed ACK, which made
    a whole game over HTTP take 8 s instead of 1 s."""
    keep_none = httpx.Limits(max_keepalive_connections=0)
    return httpx.Client(base_url=base_url, timeout=10, limits=keep_none)


@pytest.mark.parametrize(
    "args",
    [
        ["dudab", "--bots", "2"],  # nobody to serve
        ["nosuch", "--players", "Ann"],
        ["dudab", "--players", "Ann", "--port", "70000"],
        ["dudab", "--players", "Ann", "--bot-delay", "-1"],
        ["dudab", "--players", "Ann", "--bot-delay", "nan"],  # passes every bound
        ["dudab", "--players", "Ann", "--reaction-wait", "NaN"],
        ["1", "--players", "Ann"],  # a saved game takes no game options
        ["dudab", "--players", "Ann", "--bots", "1", "--bot", "nosuch"],
        [],
    ],
)
def test_usage_errors_exit_2(runner: CliRunner, tmp_path: Path, args: list[str]) -> None:
    result = runner.invoke(cli, ["game", "serve", *args, "--db", str(tmp_path / "c.json")])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


def test_a_port_in_use_is_a_usage_error(runner: CliRunner, tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = runner.invoke(
            cli,
            [
                "game",
                "serve",
                "dudab",
                "--players",
                "Ann",
                "--bots",
                "1",
                "--port",
                str(port),
                "--db",
                str(tmp_path / "c.json"),
                "--no-qr",
            ],
        )
    assert result.exit_code == 2 and f"--port {port}" in result.output
    # the port is taken before the game is stored: none is left behind, stopped at a bot's
    # turn (a `game move` typed at it had answered a decision its player never saw)
    assert not (tmp_path / "c.games.json").exists() or not saves.list_games(tmp_path / "c.json")


@pytest.fixture
def no_serving(monkeypatch: pytest.MonkeyPatch) -> None:
    """A command these tests expect refused fails at once if it serves after all (rather
    than serving until the test run is killed)."""
    import ezkit.cli.serve

    def served(*args: object, **kwargs: object) -> None:
        raise AssertionError("the game was served")

    monkeypatch.setattr(ezkit.cli.serve, "run", served)


@pytest.mark.parametrize(
    ("typed", "named"),
    [
        (["--seed", "0"], "--seed"),
        (["--bots", "0"], "--bots"),
        (["--option", "rounds=2", "--players", "Bob"], "--players, --option"),
    ],
)
def test_a_saved_game_refuses_every_new_game_option_given(
    runner: CliRunner, tmp_path: Path, typed: list[str], named: str, no_serving: None
) -> None:
    """`--seed 0` and `--bots 0` are given too, though their values are false."""
    db = str(tmp_path / "c.json")
    made = runner.invoke(
        cli, ["game", "new", "dudab", "--players", "Ann", "--bots", "1", "--db", db]
    )
    assert made.exit_code == 0, made.output
    result = runner.invoke(cli, ["game", "serve", "1", *typed, "--db", db, "--no-qr"])
    assert result.exit_code == 2, result.output
    assert f"takes no game options or stake (they are saved): {named}" in result.output


def test_a_finished_game_is_not_served(runner: CliRunner, tmp_path: Path, no_serving: None) -> None:
    db = str(tmp_path / "c.json")
    made = runner.invoke(
        cli, ["game", "new", "dudab", "--players", "Ann", "--bots", "1", "--db", db]
    )
    assert made.exit_code == 0, made.output
    record = saves.get(Path(db), 1)
    from ezkit.games.session import Session

    session = Session(record, game_id=1)
    while not session.state.is_over():  # Ann's moves too, as the first legal one
        session.state.play(session.state.legal_moves()[0])
    saves.put(Path(db), 1, session.snapshot())
    result = runner.invoke(cli, ["game", "serve", "1", "--db", db, "--no-qr", "--port", "0"])
    assert result.exit_code == 1, result.output
    assert "game 1 is over: nothing to serve" in result.output
    assert "resume" not in result.output


def test_help_has_an_example(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["game", "serve", "--help"])
    assert result.exit_code == 0
    assert "ezkit game serve dudab --players" in result.output
    assert "--lan" in result.output and "--bot-delay" in result.output
    assert "serve" in runner.invoke(cli, ["game", "--help"]).output


def test_the_lan_address_is_an_address() -> None:
    address = lan_address()
    socket.inet_aton(address)  # an IPv4 address, loopback when there is no network


def _serve(args: list[str]) -> tuple[subprocess.Popen[str], list[str], list[str]]:
    process = subprocess.Popen(
        [EZKIT, "game", "serve", *args, "--port", "0", "--bot-delay", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    lines: list[str] = []
    deadline = time.monotonic() + 60
    for line in process.stdout:
        lines.append(line)
        if "Ctrl-C" in line or time.monotonic() > deadline:
            break
    links = [u for line in lines for u in re.findall(r"http://\S+", line)]
    return process, lines, links


def _catches_sigterm(process: subprocess.Popen[str]) -> None:
    """uvicorn catches SIGTERM already (Python alone does not) once the links are out: what
    makes a Ctrl-C at once after them sure to be caught, however fast the signal comes. Read
    off the process (where /proc tells it)."""
    status = Path(f"/proc/{process.pid}/status")
    if status.exists():
        caught = int(next(ln for ln in status.read_text().splitlines() if ln.startswith("SigCgt:"))
                     .split()[1], 16)  # fmt: skip
        assert caught >> (signal.SIGTERM - 1) & 1, "links printed before signals are caught"


def test_a_real_run_serves_pages_and_ctrl_c_leaves_the_game_saved(tmp_path: Path) -> None:
    db = tmp_path / "campaign.json"
    process, lines, links = _serve(
        ["dudab", "--players", "Ann,Bob", "--bots", "1", "--db", str(db), "--seed", "4"]
    )
    try:
        assert lines[0].startswith("Game 1: Dudab, Ann, Bob, Bot 1"), lines
        assert len(links) == 3 and "/table/" in links[0] and all("/seat/" in u for u in links[1:])
        assert all(u.startswith("http://127.0.0.1:") for u in links)
        assert any("▀" in line or "█" in line for line in lines)  # QR codes in the terminal
        with _client() as client:
            page = client.get(links[1])
            assert page.status_code == 200 and "Ann" in page.text and 'id="hand"' in page.text
            assert client.get(links[1].rsplit("/", 1)[0] + "/wrong").status_code == 403
            token = links[1].rsplit("/", 1)[1]
            base = links[1].split("/seat/")[0]
            for _ in range(200):  # the bot's moves are saved as they are made
                state = client.get(f"{base}/api/{token}/state").json()
                if any(p["to_move"] and p["name"] != "Bot 1" for p in state["players"]):
                    break
                time.sleep(0.05)
    finally:
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=30)
    assert process.returncode == 0, out
    assert "game 1 saved: resume with `ezkit game serve 1`" in out
    record = saves.get(db, 1)
    assert record["game"] == "dudab" and record["seats"][0]["name"] == "Ann"
    played = list(record["moves"])
    # served again: the same game, new links; a Ctrl-C at once after them ends it cleanly
    # too (test_ctrl_c_at_once_after_the_links_ends_cleanly, for a saved game)
    process, lines, again = _serve(["1", "--db", str(db), "--no-qr"])
    _catches_sigterm(process)
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=30)
    assert lines[0].startswith("Game 1: Dudab") and not any("█" in line for line in lines)
    assert len(again) == len(links) and set(again).isdisjoint(links), lines
    assert process.returncode == 0 and "Aborted" not in out, (lines, out)
    assert "game 1 saved: resume with `ezkit game serve 1`" in out
    assert saves.get(db, 1)["moves"][: len(played)] == played


def test_ctrl_c_at_once_after_the_links_ends_cleanly(tmp_path: Path) -> None:
    """The links and "Ctrl-C stops" are printed once the server answers and catches signals:
    a Ctrl-C at once after them had come before uvicorn caught it, and the command ended with
    click's "Aborted!" and exit code 1 in most runs on a loaded machine. A saved game served
    again and stopped at once: test_a_real_run_serves_pages_and_ctrl_c_leaves_the_game_saved
    (the same checks, signals caught included)."""
    db = tmp_path / "campaign.json"
    process, lines, _ = _serve(["dudab", "--players", "Ann", "--bots", "1", "--db", str(db)])
    _catches_sigterm(process)
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=30)
    assert process.returncode == 0 and "Aborted" not in out, (lines, out)
    assert "game 1 saved: resume with `ezkit game serve 1`" in out


def test_a_second_ctrl_c_while_a_page_listens_ends_as_the_first(tmp_path: Path) -> None:
    """Ctrl-C twice, quickly, with a page's event stream open: the server was already
    stopping, and uvicorn's forced exit had cancelled the app's lifespan, printing a
    traceback (every run of a hostile-input hunt). The second Ctrl-C now changes nothing."""
    db = tmp_path / "campaign.json"
    process, _, links = _serve(["dudab", "--players", "Ann,Bob", "--bots", "1",
                                    "--db", str(db), "--no-qr"])  # fmt: skip
    token = links[1].rsplit("/", 1)[1]
    events = links[1].split("/seat/")[0] + f"/api/{token}/events"
    with _client() as client, client.stream("GET", events) as stream:
        assert stream.status_code == 200
        process.send_signal(signal.SIGINT)
        time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=30)
    assert process.returncode == 0 and "Traceback" not in out and "Error" not in out, out
    assert "game 1 saved: resume with `ezkit game serve 1`" in out


def _head_of_an_event_stream_ends_and_the_connection_serves_the_next_request(link: str) -> None:
    """HEAD of a page's event stream had sent its headers and never ended, so a request sent
    next on the same connection got no answer (found by a hostile-input hunt)."""
    host, port = link.split("/")[2].split(":")
    token = link.rsplit("/", 1)[1]
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(
            f"HEAD /api/{token}/events HTTP/1.1\r\nHost: x\r\n\r\n"
            "GET /static/web.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode()
        )
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    heads = answer.split(b"HTTP/1.1 ")[1:]
    assert len(heads) == 2 and heads[0].startswith(b"200") and heads[1].startswith(b"200")
    assert b"text/event-stream" in heads[0] and b"text/css" in heads[1]


def test_links_printed_to_a_closed_pipe_end_the_command_without_a_traceback(
    tmp_path: Path,
) -> None:
    """`ezkit game serve ... | head -1`: the links are printed from inside uvicorn's start, where
    an error is logged with a traceback; the closed pipe ends the command as any other (click:
    exit 1, quietly)."""
    db = str(tmp_path / "campaign.json")
    process = subprocess.Popen(
        [EZKIT, "game", "serve", "dudab", "--players", "Ann", "--bots", "1", "--db", db,
         "--port", "0", "--bot-delay", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert process.stdout is not None and process.stdout.readline().startswith("Game 1: Dudab")
    process.stdout.close()  # as `head -1` does
    try:
        _, err = process.communicate(timeout=30)
    finally:
        process.kill()
    assert process.returncode == 1 and "Traceback" not in err, err
    assert saves.get(Path(db), 1)["game"] == "dudab"


def test_sigterm_ends_like_ctrl_c(tmp_path: Path) -> None:
    """uvicorn re-raises a captured signal once it has shut down; SIGTERM's default action
    killed the process there, so the ending lines were never printed and the exit was by
    signal. SIGTERM now ends like Ctrl-C: the ending lines, exit code 0, the game saved.
    The same server shows first that HEAD of an event stream ends (_head_of_an_event_stream_...)."""
    db = tmp_path / "campaign.json"
    process, lines, links = _serve(
        ["dudab", "--players", "Ann,Bob", "--bots", "1", "--db", str(db), "--no-qr"]
    )
    try:
        assert lines[0].startswith("Game 1: Dudab"), lines
        with _client() as client:
            assert client.get(links[1]).status_code == 200  # it serves
        _head_of_an_event_stream_ends_and_the_connection_serves_the_next_request(links[1])
    finally:
        process.send_signal(signal.SIGTERM)
        out, _ = process.communicate(timeout=30)
    assert process.returncode == 0, (process.returncode, out)
    assert "game 1 saved: resume with `ezkit game serve 1`" in out
    assert "Traceback" not in out
    assert saves.get(db, 1)["game"] == "dudab"


@pytest.mark.slow  # a whole game through a real server, about a second
def test_a_served_game_pays_its_stake_to_the_winning_characters(
    runner: CliRunner, tmp_path: Path
) -> None:
    from test_stakes import add, character, ledger

    db = str(tmp_path / "campaign.json")
    add(runner, db, tmp_path, "Jason Free", "Wren")
    for args in (["--stake", "fp=1", "--players", "Ann"], ["--stake", "fp=99"]):  # usage errors
        result = runner.invoke(
            cli, ["game", "serve", "dudab", "--players", "Wren", *args, "--db", db, "--no-qr"]
        )
        assert result.exit_code == 2, result.output
    process, lines, links = _serve(
        [
            *("dudab", "--players", "Jason Free,Wren", "--rounds", "1", "--stake", "fp=1"),
            # seed 14: 87 moves to the end when each seat takes its menu's first move, the
            # fewest of seeds 0 to 29 (seed 2 took 109)
            *("--db", db, "--no-qr", "--seed", "14"),
        ]
    )
    try:
        assert any("Fudge Point" in line for line in lines), lines
        seats = [u for u in links if "/seat/" in u]
        base = seats[0].split("/seat/")[0]
        tokens = [u.rsplit("/", 1)[1] for u in seats]
        # one connection kept alive for the whole game (the listening socket names TCP, so
        # its answers are not delayed: test_the_listening_socket_names_tcp_so_...)
        with httpx.Client(base_url=base, timeout=10) as client:
            for _ in range(400):
                pages = [client.get(f"/api/{t}/state").json() for t in tokens]
                if pages[0]["status"] == "over":
                    break
                for token, page in zip(tokens, pages, strict=True):
                    if page["your_turn"]:
                        node = page["menu"]["steps"][0]
                        while node["move"] is None:
                            node = node["children"][0]
                        client.post(f"/api/{token}/move", json={"move": node["move"]})
                        break
                else:
                    time.sleep(0.02)
            assert pages[0]["status"] == "over"
    finally:
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=30)
    assert process.returncode == 0, out
    record = saves.get(db, 1)
    winners = [record["seats"][w]["name"] for w in record["winners"]]
    assert winners and record["stake"]["state"] == "paid"
    # ended as hot-seat play ends: the game's end screen, then who won; nothing to resume
    assert "game 1 is over and saved" in out and "resume with" not in out
    assert "Final scores:" not in out and "Round" in out
    for name in ("Jason Free", "Wren"):
        paid = [h for h in ledger(character(db, name)) if "game 1" in str(h)]
        assert len(paid) == (name in winners), (name, winners, paid)


def test_the_listening_socket_names_tcp_so_answers_are_not_delayed() -> None:
    """asyncio sets TCP_NODELAY on accepted connections only for a socket whose protocol is
    IPPROTO_TCP; without it each kept-alive answer waited ~40 ms for a delayed ACK."""
    import socket

    from ezkit.cli.serve import _listen

    sock = _listen("127.0.0.1", 0)
    try:
        assert sock.proto == socket.IPPROTO_TCP
    finally:
        sock.close()


def test_a_table_stopped_by_a_refused_save_says_so_and_ends_with_exit_1(tmp_path: Path) -> None:
    """Found by a web hunt: another ezkit moved the served game, the table stopped (its pages
    said why), but the terminal said nothing and, at Ctrl-C, "game 1 saved". It now tells the
    terminal at once and ends with exit 1, naming why."""
    import json

    db = tmp_path / "campaign.json"
    process, _, links = _serve(
        ["dudab", "--players", "Ann,Bob", "--db", str(db), "--seed", "4", "--no-qr"]
    )
    try:
        shown = CliRunner().invoke(cli, ["game", "show", "1", "--db", str(db), "--json"])
        seat = json.loads(shown.stdout)["to_move"]
        mine = CliRunner().invoke(
            cli, ["game", "show", "1", "--seat", str(seat), "--db", str(db), "--json"]
        )
        move = json.loads(mine.stdout)["legal_moves"][0]
        moved = CliRunner().invoke(cli, ["game", "move", "1", move, "--db", str(db)])
        assert moved.exit_code == 0, moved.output
        link = links[1 + seat]
        token, base = link.rsplit("/", 1)[1], link.split("/seat/")[0]
        with _client() as client:
            refused = client.post(f"{base}/api/{token}/move", json={"move": move})
            assert refused.status_code == 409 and "the table stopped" in refused.json()["error"]
    finally:
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=30)
    assert process.returncode == 1, out
    assert "The table stopped: " in out and "Error: game 1 stopped: " in out
    assert "saved: resume" not in out
