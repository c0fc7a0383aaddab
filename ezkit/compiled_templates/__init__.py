"""The templates as Jinja compiles them, kept as modules: what `ezkit.render` loads instead
of compiling a template at every run.

Why: Jinja turns a template into Python source each time a process first asks for it (26 ms
for the character sheet here, more for the play aid), before anything is printed. Kept as a
module, that source is compiled to bytecode once, by pip at install (or by Python's cache),
and loading it takes well under a millisecond.

Each module records the SHA-256 of the template it was made from and the Jinja version that
made it; `Loader` takes it only when both match, so an edited template, or another Jinja, is
compiled afresh as before (slower, never wrong). After editing a template (tests/test_render.py
says when), remake them:

    python -m ezkit.compiled_templates
"""

from __future__ import annotations

import hashlib
import importlib.util
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

import jinja2

HERE = Path(__file__).resolve().parent


def module_name(template: str) -> str:
    """The module a template is kept in: `web/main.html` -> `web_main_html`."""
    return template.replace("/", "_").replace(".", "_").replace("-", "_")


def digest(source: str) -> str:
    return hashlib.sha256(source.encode("utf-8")).hexdigest()


def kept(template: str, source: str) -> dict[str, Any] | None:
    """The kept module's code run in a namespace of its own (each environment binds its own
    `environment` there, as Jinja's ModuleLoader does), if it was made from this very source by
    this Jinja; else None."""
    spec = importlib.util.find_spec(f"{__name__}.{module_name(template)}")
    if spec is None or spec.loader is None:
        return None
    namespace: dict[str, Any] = {"__name__": spec.name, "__file__": spec.origin}
    try:
        exec(spec.loader.get_code(spec.name), namespace)  # type: ignore[attr-defined]
    except Exception:  # made by another Jinja, whose runtime differs: compiled afresh
        return None
    if (
        namespace.get("SOURCE_SHA256") != digest(source)
        or namespace.get("JINJA") != jinja2.__version__
    ):
        return None
    return namespace


class Loader(jinja2.FileSystemLoader):
    """templates/, each template taken from its kept module when that is current."""

    def load(
        self,
        environment: jinja2.Environment,
        name: str,
        globals: MutableMapping[str, Any] | None = None,
    ) -> jinja2.Template:
        source, _, _ = self.get_source(environment, name)
        namespace = kept(name, source)
        if namespace is None:
            return super().load(environment, name, globals)
        return environment.template_class.from_module_dict(environment, namespace, globals or {})


def source_of(environment: jinja2.Environment, template: str) -> str:
    """A kept module's text: its record, then Jinja's code for the template."""
    source, filename, _ = environment.loader.get_source(environment, template)  # type: ignore[union-attr]
    code = environment.compile(source, template, filename, raw=True, defer_init=True)
    return (
        f"# Made by `python -m ezkit.compiled_templates` from templates/{template}: not to edit.\n"
        f'SOURCE_SHA256 = "{digest(source)}"\n'
        f'JINJA = "{jinja2.__version__}"\n'
        f"{code}\n"
    )


def templates(environment: jinja2.Environment) -> list[str]:
    return environment.list_templates(extensions=["html"])


def main() -> int:
    from ezkit import render

    environment = render.environment()
    names = templates(environment)
    for old in HERE.glob("*_html.py"):
        old.unlink()
    for name in names:
        (HERE / f"{module_name(name)}.py").write_text(source_of(environment, name), "utf-8")
    print(f"kept {len(names)} templates compiled by Jinja {jinja2.__version__} in {HERE}")
    return 0
