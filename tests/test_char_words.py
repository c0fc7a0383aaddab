"""What `char check` and `char show` say about a weapon tied to a role (EZ-24), in words."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from ezkit.cli import cli


def test_a_weapon_role_the_character_lacks_is_an_ez24_error_counted_in_the_singular(
    tmp_path: Path,
) -> None:
    text = Path("examples/characters/wren.yaml").read_text()
    bad = tmp_path / "wren.yaml"
    bad.write_text(text.replace("role: Brawler", "role: Juggler"))
    result = CliRunner().invoke(cli, ["char", "check", str(bad)])
    assert result.exit_code == 1
    assert f"{bad}: INVALID (1 error)" in result.stdout
    assert (
        "  error   EZ-24 weapons[0].role: weapon 'knife' names the role 'Juggler'" in result.stdout
    )


def test_char_show_says_which_role_a_weapon_is_used_with() -> None:
    result = CliRunner().invoke(cli, ["char", "show", "examples/characters/wren.yaml"])
    assert result.exit_code == 0
    assert "Weapon: knife, INJ 2" in result.stdout and "used with Brawler (EZ-24)" in result.stdout
