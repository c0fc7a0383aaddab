"""Writes respect what is at the path: devices, symlinks, read-only files, modes, the
campaign as an output; reads create nothing; killed writes leave no temp files behind."""

from __future__ import annotations

import json
import os
import random
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from ezkit import fileio
from ezkit.cli import cli
from ezkit.errors import UnwritableError
from ezkit.store import open_campaign

ROOT = Path(__file__).resolve().parent.parent
JASON = str(ROOT / "examples" / "characters" / "jason-free.yaml")
ROOT_ONLY = pytest.mark.skipif(os.geteuid() != 0, reason="needs root")


def ezkit(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner(env=env).invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "campaign.json"
    code, _, err = ezkit("char", "add", JASON, "--db", str(path))
    assert code == 0, err
    return path


def fudge_points(db: Path) -> int:
    return json.loads(db.read_text())["characters"]["1"]["fudge_points"]


def temps(folder: Path) -> list[str]:
    """Hidden files: temp copies, whatever they are called (older ezkits named them otherwise)."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


# --- what is at the path -------------------------------------------------------------------


@ROOT_ONLY
def test_a_character_device_as_the_campaign_is_refused_and_stays_a_device(tmp_path: Path) -> None:
    device = tmp_path / "n"
    os.mknod(device, stat.S_IFCHR | 0o644, os.makedev(1, 3))  # /dev/null's numbers
    code, _, err = ezkit("char", "add", JASON, env={"EZKIT_DB": str(device)})
    assert code == 2
    assert f"{device} is a character device, not a regular file" in err
    assert stat.S_ISCHR(os.stat(device).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["n"]  # no lock beside it either


def test_a_device_or_fifo_as_an_output_is_refused(db: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "out.yaml"
    os.mkfifo(fifo)
    code, _, err = ezkit("char", "export", "jason", "-o", str(fifo), "--db", str(db))
    assert code == 2 and "is a FIFO (named pipe), not a regular file" in err
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    with pytest.raises(UnwritableError, match="character device"):
        fileio.write_atomic("/dev/null", "x")


def test_a_symlinked_campaign_is_written_through_to_its_target(db: Path, tmp_path: Path) -> None:
    link = tmp_path / "elsewhere" / "link.json"
    link.parent.mkdir()
    link.symlink_to(db)
    code, _, err = ezkit("char", "award", "jason", "--fp", "2", "--db", str(link))
    assert code == 0, err
    assert link.is_symlink() and link.resolve() == db
    assert fudge_points(db) == 5
    assert (tmp_path / "campaign.json.lock").exists()  # the lock beside the real file
    assert not (link.parent / "link.json.lock").exists()


def test_a_symlinked_output_is_written_through(db: Path, tmp_path: Path) -> None:
    real, link = tmp_path / "real.yaml", tmp_path / "link.yaml"
    real.write_text("name: Jason Free\n")  # his file: written over without --force
    link.symlink_to(real)
    code, _, err = ezkit("char", "export", "jason", "-o", str(link), "--db", str(db))
    assert code == 0, err
    assert link.is_symlink() and "Jason Free" in real.read_text()


def test_a_read_only_campaign_is_refused_and_left_as_it_is(db: Path) -> None:
    db.chmod(0o444)  # root passes os.access: the owner's write bit is what says read-only
    before = db.read_bytes()
    code, _, err = ezkit("char", "award", "jason", "--fp", "1", "--db", str(db))
    assert code == 2
    assert f"{db} is read-only (mode 0444); ezkit does not write over a read-only file" in err
    assert db.read_bytes() == before and stat.S_IMODE(db.stat().st_mode) == 0o444


def test_an_export_over_another_file_is_refused_without_force(db: Path, tmp_path: Path) -> None:
    """A mistyped -o would lose another character's file or a page of notes: an existing
    file is written over when it is the same character's (an export made again, any case of
    the name), else only with --force."""
    wren = tmp_path / "wren.yaml"
    shutil.copy(ROOT / "examples" / "characters" / "wren.yaml", wren)
    notes = tmp_path / "notes.txt"
    notes.write_text("Session 3: the bridge.\n")
    for other in (wren, notes):
        before = other.read_bytes()
        code, _, err = ezkit("char", "export", "jason", "-o", str(other), "--db", str(db))
        assert code == 2 and f"{other} exists and is not Jason Free's character file" in err
        assert "--force" in err and other.read_bytes() == before
    assert ezkit("char", "export", "jason", "-o", str(notes), "--force", "--db", str(db))[0] == 0
    assert "Jason Free" in notes.read_text()
    mine = tmp_path / "jason.yaml"
    mine.write_text("name: JASON FREE\nnotes: an older export\n")
    assert ezkit("char", "export", "jason", "-o", str(mine), "--db", str(db))[0] == 0
    assert "an older export" not in mine.read_text()


def test_a_read_only_output_is_refused(db: Path, tmp_path: Path) -> None:
    out = tmp_path / "jason.yaml"
    out.write_text("mine\n")
    out.chmod(0o400)
    code, _, err = ezkit("char", "export", "jason", "-o", str(out), "--db", str(db))
    assert code == 2 and "is read-only (mode 0400)" in err
    assert out.read_text() == "mine\n"


def test_the_mode_of_the_campaign_is_kept(db: Path) -> None:
    db.chmod(0o664)
    assert ezkit("char", "award", "jason", "--fp", "1", "--db", str(db))[0] == 0
    assert stat.S_IMODE(db.stat().st_mode) == 0o664  # was 0600 after every write
    assert fudge_points(db) == 4


@ROOT_ONLY
def test_the_owner_of_the_campaign_is_kept(db: Path) -> None:
    os.chown(db, 1234, 5678)
    assert ezkit("char", "award", "jason", "--fp", "1", "--db", str(db))[0] == 0
    assert (db.stat().st_uid, db.stat().st_gid) == (1234, 5678)


def test_a_new_file_gets_the_umask_mode(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        fileio.write_atomic(tmp_path / "new.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o640


def test_a_new_games_file_is_its_owners_alone(tmp_path: Path) -> None:
    """GT-1: the games file holds every game's seed and moves (so every hand) while it is on:
    made for its owner alone, where the campaign beside it is made as any file; a mode the
    GM gives it is kept."""
    from ezkit.campaign_files import games_path

    db = tmp_path / "campaign.json"
    old = os.umask(0o022)
    try:
        code, _, err = ezkit("game", "new", "foozle", "--players", "Ann,Bob", "--db", str(db))
        assert code == 0, err
        assert ezkit("char", "add", JASON, "--db", str(db))[0] == 0
    finally:
        os.umask(old)
    games = games_path(db)
    assert stat.S_IMODE(games.stat().st_mode) == 0o600
    assert stat.S_IMODE(db.stat().st_mode) == 0o644
    games.chmod(0o640)
    assert ezkit("game", "move", "1", "1", "--db", str(db))[0] == 0
    assert stat.S_IMODE(games.stat().st_mode) == 0o640
    games.chmod(0o644)  # as an older ezkit made it: others lose their reading
    assert ezkit("game", "move", "1", "1", "--db", str(db))[0] == 0
    assert stat.S_IMODE(games.stat().st_mode) == 0o640


# --- output onto the campaign ---------------------------------------------------------------


def _outputs(target: Path, db: Path) -> dict[str, list[str]]:
    return {
        "print sheet --db": ["print", "sheet", "jason", "-o", str(target), "--db", str(db)],
        "print sheet": ["print", "sheet", JASON, "-o", str(target)],
        "print aid": ["print", "aid", "-o", str(target)],
        "char export --db": ["char", "export", "jason", "-o", str(target), "--db", str(db)],
        "char export": ["char", "export", JASON, "-o", str(target)],
        "roll --deck-file": ["roll", "poker", "--deck-file", str(target)],
    }


@pytest.mark.parametrize(
    "what", ["campaign", "lock", "games", "symlink", "hard link", "games link"]
)
@pytest.mark.parametrize(
    "command",
    [
        "print sheet --db",
        "print sheet",
        "print aid",
        "char export --db",
        "char export",
        "roll --deck-file",
    ],
)
def test_no_output_is_written_over_the_campaign_or_its_lock(
    db: Path, tmp_path: Path, command: str, what: str
) -> None:
    ezkit("char", "list", "--db", str(db))  # makes the lock file
    games = tmp_path / "campaign.games.json"
    if what.startswith("games"):
        code, _, err = ezkit("game", "new", "auntie", "--bots", "3", "--seed", "1", "--db", str(db))
        assert code == 0 and games.exists(), err
    guarded = {"campaign": db, "lock": Path(f"{db}.lock"), "games": games}
    target = guarded.get(what, tmp_path / "alias.json")
    if what == "symlink":
        target.symlink_to(db)
    elif what == "hard link":
        os.link(db, target)
    elif what == "games link":
        target.symlink_to(games)
    files = [db, Path(f"{db}.lock"), *([games] if games.exists() else [])]
    before = [path.read_bytes() for path in files]
    code, _, err = ezkit(*_outputs(target, db)[command], env={"EZKIT_DB": str(db)})
    assert code == 2, err
    assert "ezkit writes no output over the campaign, its games file or its lock file" in err
    assert [path.read_bytes() for path in files] == before


@pytest.mark.parametrize(
    "args",
    [
        ["print", "sheet", "{jason}", "-o", "{jason}"],  # the character printed
        ["print", "aid", "--rules", "{rules}", "-o", "{rules}"],  # the house rules read
        ["print", "aid", "-o", "{db}"],  # a campaign not named by --db or EZKIT_DB
        ["print", "deck", "auntie", "-o", "{db}"],
        ["print", "cheatsheet", "auntie", "-o", "{db}"],
        ["print", "scorepad", "auntie", "-o", "{db}"],
    ],
    ids=["sheet-over-its-character", "aid-over-its-rules", "aid", "deck", "cheatsheet", "pad"],
)
def test_a_pdf_is_written_over_a_pdf_only(db: Path, tmp_path: Path, args: list[str]) -> None:
    """A print's -o had replaced whatever file it named, the character file being printed
    included; only a PDF is written over now, and the refusal comes before any rendering."""
    jason = tmp_path / "jason.yaml"
    jason.write_text(Path(JASON).read_text())
    rules = tmp_path / "house.yaml"
    rules.write_text("schema_version: 1\nround_cap: 30\n")
    files = {"jason": str(jason), "rules": str(rules), "db": str(db)}
    before = {name: Path(path).read_bytes() for name, path in files.items()}
    code, _, err = ezkit(*(a.format(**files) for a in args))
    assert code == 2 and "exists and is not a PDF; ezkit writes a PDF over a PDF only" in err
    assert {name: Path(path).read_bytes() for name, path in files.items()} == before


def test_no_output_is_written_over_a_games_file_not_made_yet(db: Path) -> None:
    games = db.with_name("campaign.games.json")
    code, _, err = ezkit("char", "export", "jason", "-o", str(games), "--db", str(db))
    assert code == 2 and "is the campaign's games file" in err
    assert not games.exists()


def test_an_output_beside_the_campaign_is_fine(db: Path, tmp_path: Path) -> None:
    out = tmp_path / "campaign.json.yaml"
    code, _, err = ezkit("char", "export", "jason", "-o", str(out), env={"EZKIT_DB": str(db)})
    assert code == 0, err


# --- reads create nothing -------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [["char", "list"], ["char", "show", "jason"], ["game", "list"], ["char", "award", "x"]],
    ids=" ".join,
)
def test_reading_a_missing_campaign_creates_no_folder_file_or_lock(
    tmp_path: Path, args: list[str]
) -> None:
    deep = tmp_path / "new" / "a" / "b" / "c.json"
    ezkit(*args, "--db", str(deep))
    assert list(tmp_path.iterdir()) == []
    beside = tmp_path / "c.json"  # the folder exists: still nothing made in it
    ezkit(*args, "--db", str(beside))
    assert list(tmp_path.iterdir()) == []


def test_the_first_write_makes_the_folders(tmp_path: Path) -> None:
    deep = tmp_path / "new" / "a" / "b" / "c.json"
    assert ezkit("char", "add", JASON, "--db", str(deep))[0] == 0
    assert sorted(p.name for p in deep.parent.iterdir()) == ["c.json", "c.json.lock"]


def test_a_campaign_that_cannot_be_locked_is_read_but_not_written(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only folder: the lock file cannot be made. Reading goes on without it."""
    from ezkit import store

    Path(f"{db}.lock").unlink()
    real_open = os.open

    def no_lock_files(path: object, flags: int, *args: object) -> int:
        if str(path).endswith(".lock"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(store.os, "open", no_lock_files)
    code, out, err = ezkit("char", "list", "--db", str(db))
    assert code == 0 and "Jason Free" in out, err
    before = db.read_bytes()
    code, _, err = ezkit("char", "award", "jason", "--fp", "1", "--db", str(db))
    assert code == 2
    assert f"its lock file {db}.lock cannot be made (Permission denied); nothing was written" in err
    assert db.read_bytes() == before


@ROOT_ONLY
def test_a_read_only_folder_is_readable_by_another_user() -> None:
    """As nobody, in a folder of root's: list works and creates nothing; a write is refused."""
    folder = Path(tempfile.mkdtemp(prefix="ezkit-ro-"))
    try:
        folder.chmod(0o755)
        db = folder / "campaign.json"
        assert ezkit("char", "add", JASON, "--db", str(db))[0] == 0
        Path(f"{db}.lock").unlink()

        def as_nobody(*args: str) -> subprocess.CompletedProcess[str]:
            return subprocess.run(
                [sys.executable, "-m", "ezkit", *args, "--db", str(db)],
                capture_output=True,
                text=True,
                timeout=60,
                cwd="/",
                env={**os.environ, "HOME": "/", "PYTHONDONTWRITEBYTECODE": "1"},
                preexec_fn=lambda: (os.setgid(65534), os.setuid(65534)),
            )

        try:
            as_nobody("--version").check_returncode()
        except (OSError, subprocess.CalledProcessError):
            pytest.skip("this Python or ezkit cannot be run by the user nobody")
        listed = as_nobody("char", "list")
        assert listed.returncode == 0 and "Jason Free" in listed.stdout, listed.stderr
        assert sorted(p.name for p in folder.iterdir()) == ["campaign.json"]
        award = as_nobody("char", "award", "jason", "--fp", "1")
        assert award.returncode == 2 and "cannot be made" in award.stderr, award.stderr
    finally:
        shutil.rmtree(folder)


# --- temp files of killed writes ------------------------------------------------------------


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_stale_temp_files_are_removed_by_the_next_write(db: Path, tmp_path: Path) -> None:
    dead = tmp_path / f".campaign.json.ezkit-{_dead_pid()}-abc123.tmp"
    old = tmp_path / f".campaign.json.ezkit-{os.getpid()}-old.tmp"
    young = tmp_path / f".campaign.json.ezkit-{os.getpid()}-young.tmp"
    mine = tmp_path / ".campaign.json.backup"  # not ours: never touched
    other = tmp_path / f".other.json.ezkit-{_dead_pid()}-x.tmp"  # another file's: not this write's
    for path in (dead, old, young, mine, other):
        path.write_bytes(b"x" * 1000)
    hour_ago = time.time() - 3600
    os.utime(old, (hour_ago, hour_ago))
    assert ezkit("char", "award", "jason", "--fp", "1", "--db", str(db))[0] == 0
    assert not dead.exists() and not old.exists()
    assert young.exists() and mine.exists() and other.exists()


def test_temp_files_carry_the_mark_and_the_pid(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    seen: list[str] = []
    real_replace = os.replace

    def spy(src: str, dst: object) -> None:
        seen.append(Path(src).name)
        real_replace(src, dst)

    monkeypatch.setattr(fileio.os, "replace", spy)
    fileio.write_atomic(tmp_path / "x.json", "{}")
    assert seen[0].startswith(f".x.json.ezkit-{os.getpid()}-") and seen[0].endswith(".tmp")


@pytest.fixture
def kill_loop_db(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "campaign.json"
    assert ezkit("char", "add", JASON, "--db", str(path))[0] == 0
    yield path


# Runs `ezkit ARGS` once in its own process (which then holds every module the command
# uses), once more in a forked child, timed; then at each line read forks a child to run it
# again and kills it with SIGKILL after the line's fraction of that time: a write cut short
# anywhere, in a process of its own, at a fork's cost rather than a new interpreter's (whose
# start took most of its life: the kills had mostly come before the command ran at all).
KILLER = r"""
import os, signal, sys, time
from ezkit.cli import cli

def child():
    pid = os.fork()
    if pid == 0:
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
        try:
            cli.main(args, standalone_mode=False)
        finally:
            os._exit(0)
    return pid


args = sys.argv[1:]
cli.main(args, standalone_mode=False)  # every module the command uses, imported here
start = time.monotonic()
os.waitpid(child(), 0)
whole = time.monotonic() - start  # a forked run, whole: what the kills are timed by
print("ready", flush=True)
for line in sys.stdin:
    pid = child()
    time.sleep(float(line) * whole)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)  # reaped: a zombie's pid would still look alive
    print("killed", flush=True)
"""


def test_writes_killed_at_random_leave_a_whole_campaign_and_no_temp_files(
    kill_loop_db: Path,
) -> None:
    db, rng = kill_loop_db, random.Random(7)
    killer = subprocess.Popen(
        [sys.executable, "-c", KILLER, "char", "award", "jason", "--fp", "1", "--db", str(db)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert killer.stdin is not None and killer.stdout is not None
    try:
        said = [killer.stdout.readline()]  # the first run's own line, then ready
        while said[-1] not in ("ready\n", ""):
            said.append(killer.stdout.readline())
        assert said[-1] == "ready\n", said
        for _ in range(20):
            # the write comes last: killed mostly near the end
            killer.stdin.write(f"{rng.uniform(0.5, 1.05)}\n")
            killer.stdin.flush()
            assert killer.stdout.readline() == "killed\n"
            with open_campaign(db) as campaign:  # parses, whatever moment the kill came
                jason = campaign.get_character("jason")
            awards = sum(1 for entry in jason["history"] if entry["kind"] == "award")
            assert jason["fudge_points"] == 3 + awards  # every award whole, or not at all
    finally:
        killer.stdin.close()
        killer.wait(30)
    assert ezkit("char", "award", "jason", "--fp", "1", "--db", str(db))[0] == 0
    assert temps(db.parent) == []


def test_a_temp_file_is_made_new_beside_its_target_for_its_owner_alone(tmp_path: Path) -> None:
    """fileio._temp_beside makes its file as tempfile.mkstemp would: new (O_EXCL: never a
    file or link already there), mode 0600 whatever the umask, named to be found if a write
    is killed (remove_stale_temps)."""
    from ezkit import fileio

    target = tmp_path / "campaign.json"
    made = [fileio._temp_beside(target) for _ in range(20)]
    for fd, temp in made:
        os.close(fd)
        name = Path(temp).name
        assert Path(temp).parent == tmp_path and stat.S_IMODE(os.stat(temp).st_mode) == 0o600
        assert name.startswith(f".campaign.json.ezkit-{os.getpid()}-") and name.endswith(".tmp")
    assert len({temp for _, temp in made}) == 20
    os.symlink(tmp_path / "elsewhere", tmp_path / "planted")
    with pytest.raises(FileExistsError):  # O_EXCL: a name taken, even by a link, is not opened
        os.open(tmp_path / "planted", fileio._TEMP_FLAGS, 0o600)
    assert not (tmp_path / "elsewhere").exists()


def test_a_temp_name_already_taken_is_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ezkit import fileio

    draws = iter([b"\x00" * 6, b"\x00" * 6, b"\x01" * 6])
    monkeypatch.setattr(fileio.os, "urandom", lambda n: next(draws))
    taken = tmp_path / f".campaign.json.ezkit-{os.getpid()}-{'00' * 6}.tmp"
    taken.write_text("another write's")
    fd, temp = fileio._temp_beside(tmp_path / "campaign.json")
    os.close(fd)
    assert temp.endswith(f"-{'01' * 6}.tmp") and taken.read_text() == "another write's"


def test_the_temp_flags_need_no_flag_a_system_may_lack() -> None:
    """Windows has no O_CLOEXEC or O_NOFOLLOW (and Unix no O_BINARY): ezkit.fileio, which
    every command that reads or writes a file imports, is imported all the same."""
    code = "import os\ndel os.O_CLOEXEC, os.O_NOFOLLOW\nimport ezkit.fileio\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
