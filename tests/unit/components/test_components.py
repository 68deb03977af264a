"""pnp.components: every component type, found as the TYPE of each module of the package, in
the order they are told."""

from __future__ import annotations

from pathlib import Path

import pnp.components as components
from pnp.components import ComponentType, Sheets, types
from pnp.components import board, card, data, die, sheet, standee, tile, token


def test_every_type_in_order() -> None:
    found = types()
    assert list(found) == ["card", "sheet", "token", "tile", "standee", "die", "board", "data"]
    assert [t.order for t in found.values()] == sorted(t.order for t in found.values())
    assert [found[m.TYPE.name] for m in (card, sheet, token, tile, standee, die, board, data)] == [
        m.TYPE for m in (card, sheet, token, tile, standee, die, board, data)]
    assert all(isinstance(t, ComponentType) for t in found.values())
    assert types() is found  # (found once)
    assert Sheets([], []).fronts == []


def test_only_modules_with_a_type_are_types(tmp_path: Path) -> None:
    """A type is a module's TYPE, wherever the package's path leads; a module without one, or
    a package, is none; types of one order are told by name."""
    package = tmp_path / "extra"
    package.mkdir()
    (package / "zebra.py").write_text(
        "from pnp.components.kind import ComponentType\nfrom pnp.components.data import TYPE as D\n"
        "import dataclasses\nTYPE = dataclasses.replace(D, name='zebra', order=20)\n", "utf-8")
    (package / "aardvark.py").write_text(
        "from pnp.components.data import TYPE as D\nimport dataclasses\n"
        "TYPE = dataclasses.replace(D, name='aardvark', order=20)\n", "utf-8")
    (package / "helper.py").write_text("TYPE = 'not a type'\n", "utf-8")
    (package / "nothing.py").write_text("X = 1\n", "utf-8")
    (package / "sub").mkdir()
    (package / "sub" / "__init__.py").write_text("raise ImportError('never imported')\n", "utf-8")
    path = tuple(components.__path__) + (str(package),)
    components.__path__.append(str(package))
    try:
        found = components._types(path)
    finally:
        components.__path__.remove(str(package))
    assert list(found) == ["card", "aardvark", "sheet", "zebra", "token", "tile", "standee", "die", "board", "data"]
