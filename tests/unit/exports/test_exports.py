"""pnp.exports: what an export reads of a built kit and writes beside it (KitFiles, which the
build's pnp.build.outputs.Outputs is, and all the exports use of it), and the name a piece's files
take in the exports."""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

import pnp.exports
from pnp.exports import KitFiles, export_name
from pnp.build.outputs import Outputs

METHODS = ["path", "key", "key_of", "files", "reusable", "made", "make", "write", "document", "draw_later", "drawn",
           "rasterize_later", "later", "documents", "wait_for", "then", "stage", "advance", "warn"]


def test_what_an_export_may_ask_of_a_kit() -> None:
    assert [n for n, v in vars(KitFiles).items() if inspect.isfunction(v) and not n.startswith("_")] == METHODS
    assert KitFiles.__annotations__ == {"out": "Path", "chars": "Mapping"}


@pytest.mark.parametrize("name", METHODS)
def test_the_builds_outputs_offer_it(name: str) -> None:
    """Each method takes what the protocol passes, by position and by name, with the same
    defaults; any parameter of its own has a default."""
    wanted = list(inspect.signature(getattr(KitFiles, name)).parameters.values())
    offered = list(inspect.signature(getattr(Outputs, name)).parameters.values())
    for have in offered[len(wanted):]:
        assert have.default is not inspect.Parameter.empty, (name, have.name)
    rest = [p for p in offered if p.name not in {w.name for w in wanted}]
    for want in wanted:
        have = next(p for p in offered if p.name == want.name)
        assert have.default == want.default, (name, want.name)
        if want.kind is inspect.Parameter.KEYWORD_ONLY:  # (given by name: it may be either)
            assert have.kind in (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD), name
        else:
            assert have.kind is want.kind, (name, want.name)
        if want.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD:
            assert offered.index(have) == wanted.index(want), (name, want.name)
    assert all(p.default is not inspect.Parameter.empty for p in rest), name


def test_the_builds_outputs_hold_its_folder_and_characters(tmp_path: Path) -> None:
    outputs = Outputs(tmp_path, {}, workers=None, progress=None)
    assert outputs.out == tmp_path
    assert outputs.chars == {}


@pytest.mark.parametrize("module", ["tts", "gallery", "tabletopia", "pod"])
def test_the_exports_use_nothing_else_of_the_build(module: str) -> None:
    source = (Path(pnp.exports.__file__).parent / f"{module}.py").read_text("utf-8")
    used = set(re.findall(r"\boutputs\.(\w+)", source))
    assert used and used <= set(METHODS) | {"out", "chars"}, used - set(METHODS)
    assert "pipeline" not in re.findall(r"^\s*from \.\.(\w+) import", source, re.M)


def piece(name: str, group: str | None = None, position: int = 1) -> SimpleNamespace:
    item = SimpleNamespace(group=SimpleNamespace(id=group) if group else None, position=position)
    return SimpleNamespace(item=item, name=name)


def test_a_pieces_name_in_the_exports() -> None:
    """A set in groups: its group, its place in the group (two digits at least) and its
    name, so that the files sort; else its own name."""
    assert export_name(None, piece("king", "north", 3)) == "north-03-king"
    assert export_name(None, piece("king", "north", 12)) == "north-12-king"
    assert export_name(None, piece("king", "north", 123)) == "north-123-king"
    assert export_name(None, piece("king", "north", 0)) == "north-00-king"
    assert export_name(None, piece("joker")) == "joker"
