"""ezkit.render's templates come precompiled (ezkit.compiled_templates) when that is current,
and render exactly as the templates compiled afresh do."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest

from ezkit import compiled_templates, render, resources
from ezkit.printing import cards

REMAKE = "remake them: python -m ezkit.compiled_templates"
TEMPLATES = compiled_templates.templates(render.environment())


def fresh_environment(folder: Path | None = None) -> jinja2.Environment:
    """render's environment, but compiling every template from its source."""
    environment = render.environment()
    environment.loader = jinja2.FileSystemLoader(folder or resources.templates())
    return environment


def test_every_template_is_kept_and_the_names_are_distinct() -> None:
    assert {"sheet.html", "aid.html", "deck.html", "card.html", "web/main.html"} <= set(TEMPLATES)
    names = [compiled_templates.module_name(t) for t in TEMPLATES]
    assert len(set(names)) == len(names)
    for name in names:
        assert (compiled_templates.HERE / f"{name}.py").is_file(), REMAKE


@pytest.mark.parametrize("template", TEMPLATES)
def test_each_kept_module_is_made_from_the_template_as_it_is(template: str) -> None:
    environment = render.environment()
    source, _, _ = environment.loader.get_source(environment, template)
    kept = (compiled_templates.HERE / f"{compiled_templates.module_name(template)}.py").read_text()
    assert f'SOURCE_SHA256 = "{compiled_templates.digest(source)}"' in kept, REMAKE
    if f'JINJA = "{jinja2.__version__}"' in kept:  # another Jinja makes other code
        assert kept == compiled_templates.source_of(environment, template), REMAKE


@pytest.mark.parametrize("template", TEMPLATES)
def test_the_environment_loads_the_kept_module(template: str) -> None:
    loaded = render.environment().get_template(template)
    assert Path(loaded.filename or "").parent == compiled_templates.HERE


def test_a_kept_deck_renders_as_the_template_compiled_afresh() -> None:
    deck = cards.deck_view("dudab", "a4", backs=True, options=("jungle", "baby"))
    kept = render.environment().get_template("deck.html").render(paper="A4", deck=deck)
    fresh = fresh_environment().get_template("deck.html").render(paper="A4", deck=deck)
    assert kept == fresh and "card back" in kept


def test_an_edited_template_is_compiled_afresh(tmp_path: Path) -> None:
    (tmp_path / "sheet.html").write_text("edited {{ 1 + 1 }}", encoding="utf-8")
    assert compiled_templates.kept("sheet.html", "edited {{ 1 + 1 }}") is None
    environment = render.environment()
    environment.loader = compiled_templates.Loader(tmp_path)
    loaded = environment.get_template("sheet.html")
    assert loaded.render() == "edited 2" and loaded.filename == str(tmp_path / "sheet.html")


def test_a_module_made_by_another_jinja_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    environment = render.environment()
    source, _, _ = environment.loader.get_source(environment, "scorepad.html")
    assert compiled_templates.kept("scorepad.html", source) is not None
    monkeypatch.setattr(jinja2, "__version__", "0.0.1")
    assert compiled_templates.kept("scorepad.html", source) is None


def test_each_environment_binds_its_own_kept_template() -> None:
    """The kept code runs in a namespace per load: a template of one environment never
    renders with another's settings (ModuleLoader's rule too)."""
    first, second = render.environment(), render.environment()
    one, two = first.get_template("card.html"), second.get_template("card.html")
    assert one.root_render_func.__globals__["environment"] is first
    assert two.root_render_func.__globals__["environment"] is second
