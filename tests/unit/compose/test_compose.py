"""pnp.compose: the model and a layout made into scene nodes; no module of it imports a backend."""

from __future__ import annotations

import subprocess
import sys


def test_composing_imports_no_backend() -> None:
    code = ("import sys, pnp.compose, pnp.compose.piece, pnp.compose.readme; "
            "print(sorted(m for m in sys.modules if m.startswith('pnp.render')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out == "[]\n"
    import pnp.compose

    assert pnp.compose.__doc__.startswith("Compose: model + layout -> scene.")


def test_a_layouts_values_are_worked_out_once_for_the_piece_before_its_boxes(tmp_path) -> None:
    """The boxes and the background read the values by name; a value that fails for a piece
    stops its drawing where the value is written."""
    import pytest

    from pnp.boxes.context import Context
    from pnp.compose.piece import ComposeError, compose
    from pnp.layout.reader import load_layout
    from pnp.problems import Location
    from pnp.scene import Rect, Style
    from pnp.units import mm

    (tmp_path / "base.yaml").write_text("values:\n  fill: \"mix(ink, '#ffffff', 0.5) if pale else ink\"\n"
                                        "boxes:\n  r: {x: 1, y: 1, width: 2, height: 2, rect: {fill: '{fill}'}}\n")
    (tmp_path / "face.yaml").write_text("extends: base.yaml\nvalues:\n  pale: \"shade == 'pale'\"\n"
                                        "background: '{fill}'\n")
    layout, problems, _ = load_layout(tmp_path, "face.yaml", Location("game.yaml"), 20.0, 20.0,
                                      frozenset({"ink", "shade", "colours"}), frozenset(), frozenset(), "card")
    assert problems == []
    ctx = Context({}, {}, {}, "en", "en", layout)
    drawn = compose(layout, ctx, {"ink": "#000000", "shade": "pale"}, "piece").content.children
    assert drawn == (Rect(0, 0, 20.0, 20.0, Style(fill="#808080")), Rect(mm(1), mm(1), mm(2), mm(2),
                                                                          Style(fill="#808080")))
    assert compose(layout, ctx, {"ink": "#000000", "shade": "dark"}, "piece").content.children[0].style.fill == \
        "#000000"
    with pytest.raises(ComposeError) as failed:
        compose(layout, ctx, {"ink": 3, "shade": "pale"}, "cards-king")
    error = failed.value
    assert (error.file, error.at, error.box, error.kind, error.piece) == (
        "base.yaml", ("values", "fill"), "fill", "value", "cards-king")
    assert str(error) == "base.yaml: value 'fill': mix() needs colours written like '#1a2b3c', drawing cards-king"
    with pytest.raises(ComposeError, match=r"^face.yaml: value 'pale': unknown name 'shade'"):
        compose(layout, ctx, {"ink": "#000000"}, "piece")


def test_a_background_or_box_that_fails_stops_the_piece_where_it_is_written(tmp_path, monkeypatch) -> None:
    """A background's template that fails is said as the layout's, a box's error pnp did not
    expect as the box's (PNP_DEBUG: raised as it is)."""
    from dataclasses import replace

    import pytest

    from pnp.boxes.context import Context
    from pnp.boxes.kind import REGISTERED
    from pnp.compose.piece import ComposeError, compose
    from pnp.layout.reader import load_layout
    from pnp.problems import Location

    (tmp_path / "face.yaml").write_text("background: '{colours.papr}'\ncolours: {paper: '#ffffff'}\n"
                                        "boxes:\n  r: {x: 1, y: 1, width: 2, height: 2, rect: {fill: paper}}\n")
    layout, problems, _ = load_layout(tmp_path, "face.yaml", Location("game.yaml"), 20.0, 20.0,
                                      frozenset({"colours"}), frozenset(), frozenset(), "card")
    assert problems == []
    ctx = Context({}, {}, {}, "en", "en", layout)
    with pytest.raises(ComposeError) as failed:
        compose(layout, ctx, {}, "cards-king")
    error = failed.value
    assert (error.file, error.at, error.box, error.kind, error.piece) == (
        "face.yaml", ("background",), "face.yaml", "layout", "cards-king")
    assert str(error) == ("face.yaml: layout 'face.yaml': background: no field 'papr' (did you mean 'paper'?), "
                          "drawing cards-king")

    def boom(box, ctx, env):
        raise TypeError("no such thing")
    monkeypatch.setitem(REGISTERED, "rect", replace(REGISTERED["rect"], draw=boom))
    plain = replace(layout, background=None)
    with pytest.raises(ComposeError) as failed:
        compose(plain, ctx, {}, "cards-king")
    assert str(failed.value) == "face.yaml: box 'r': pnp cannot draw it (TypeError: no such thing), drawing cards-king"
    assert failed.value.at == ("boxes", "r")
    monkeypatch.setenv("PNP_DEBUG", "1")
    with pytest.raises(TypeError, match="^no such thing$"):
        compose(plain, ctx, {}, "cards-king")
    monkeypatch.setitem(REGISTERED, "rect", replace(REGISTERED["rect"], draw=lambda *a: (_ for _ in ()).throw(
        MemoryError())))
    monkeypatch.delenv("PNP_DEBUG")
    with pytest.raises(MemoryError):  # (pnp's command says it in a line of its own)
        compose(plain, ctx, {}, "cards-king")
