"""ezkit imports WeasyPrint with its C libraries looked up in the linker's cache alone
(render.quick_library_lookup): the same libraries load, without the compiler and linker runs
of ctypes' full search, and a library the cache cannot give is looked up as ever."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from ezkit import render

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the linker's cache is Linux's"
)

LDCONFIG_P = b"""\
1234 libs found in cache `/etc/ld.so.cache'
\tlibharfbuzz.so.0 (libc6,x86-64) => /lib/x86_64-linux-gnu/libharfbuzz.so.0
\tlibharfbuzz-subset.so.0 (libc6,x86-64) => /lib/x86_64-linux-gnu/libharfbuzz-subset.so.0
\tlibgobject-2.0.so.0 (libc6,x86-64) => /lib/x86_64-linux-gnu/libgobject-2.0.so.0
\tlibpango-1.0.so.0 (libc6,x86-64) => /lib/x86_64-linux-gnu/libpango-1.0.so.0
"""


@pytest.mark.parametrize(
    ("name", "soname"),
    [
        ("gobject-2.0", "libgobject-2.0.so.0"),
        ("pango-1.0", "libpango-1.0.so.0"),
        ("harfbuzz", "libharfbuzz.so.0"),  # not libharfbuzz-subset: the name ends at a dot
        ("harfbuzz-subset", "libharfbuzz-subset.so.0"),
        ("libgobject-2.0-0", None),  # Windows' name
        ("gobject-2.0-0", None),
        ("harfbuzz-vector", None),
        ("pango-1.0.so", "libpango-1.0.so.0"),  # as ctypes: lib<name>. and more
        ("gobject-2.0 ", None),
    ],
)
def test_a_soname_is_read_from_the_cache_as_ctypes_reads_it(name: str, soname: str | None) -> None:
    assert render._soname(LDCONFIG_P, name) == soname


#: Run in a fresh Python: the programs run while WeasyPrint is imported, and the files of the
#: libraries it loaded (from the process's memory map).
IMPORT = """
import json, subprocess, sys
ran = []
start = subprocess.Popen.__init__
def noted(self, args, *more, **options):
    ran.append(str(args[0] if isinstance(args, (list, tuple)) else args))
    start(self, args, *more, **options)
subprocess.Popen.__init__ = noted
{how}
from weasyprint.text import ffi
maps = open("/proc/self/maps").read().split()
libraries = sorted({{m.rsplit("/", 1)[1] for m in maps if "/lib" in m and ".so" in m}})
print(json.dumps({{"ran": ran, "libraries": libraries,
                   "subset": ffi.harfbuzz_subset is not None}}))
"""


def _import(how: str) -> dict:
    code = textwrap.dedent(IMPORT.format(how=how))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def test_ezkit_loads_the_libraries_a_plain_import_loads_running_only_ldconfig() -> None:
    plain = _import("import weasyprint")
    quick = _import("from ezkit import render; render._weasyprint()")
    assert quick["libraries"] == plain["libraries"]
    assert quick["subset"] == plain["subset"]
    assert quick["ran"] == [render.LDCONFIG], quick["ran"]
    assert len(plain["ran"]) > 10  # what it saves: ldconfig, cc and ld for each name missed


def test_a_library_the_cache_cannot_give_is_looked_up_as_ever() -> None:
    """A failed load under the quick lookup (here: pango, refused while it lasts) imports
    WeasyPrint again with ctypes' own find_library, which finds it."""
    how = """
import cffi, ctypes.util
from ezkit import render
load, full, refused = cffi.FFI.dlopen, ctypes.util.find_library, []
def refusing(self, name, *args):
    if "pango-1.0" in name and ctypes.util.find_library is not full:
        refused.append(name)
        raise OSError("refused, as if only the compiler could find it")
    return load(self, name, *args)
cffi.FFI.dlopen = refusing
weasyprint = render._weasyprint()
assert refused and weasyprint.HTML(string="<p>x</p>").render().pages
"""
    again = _import(how)
    assert any("libpango-1.0" in name for name in again["libraries"])
    assert "gcc" in " ".join(again["ran"]) or "cc" in " ".join(again["ran"])


def test_a_preloading_import_that_fails_leaves_nothing_half_made() -> None:
    """The preloading thread's import failed (here as in a test that changed os.environ while
    WeasyPrint's html module read it: a KeyError): the print that follows imports WeasyPrint
    afresh and lays a page out. Before, the modules imported before the failure were kept,
    holding the failed html module half made, and the print failed (no handle_element)."""
    code = textwrap.dedent(
        """
        import threading, urllib.request
        from ezkit import render
        real = urllib.request.getproxies
        def once():
            urllib.request.getproxies = real
            raise KeyError("EZKIT_DB")
        urllib.request.getproxies = once
        preload = threading.Thread(target=render._import_weasyprint)
        preload.start()
        preload.join()
        assert urllib.request.getproxies is real  # the preload's import did fail
        print(len(render._lay_out("<p>x</p>").pages))
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["1"]
    assert "Traceback" not in done.stderr  # the preload's failure is the print's to tell
