"""The engine's pieces: units, layouts with extends, text fitting, imposition, icons, and
the rule that no compose module touches a backend."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from pnp.layout.fonts import bundled_fonts, metrics
from pnp.impose import MIN_GUTTER, MIN_MARGIN, PAPERS, ImpositionError, make_grid
from pnp.layout.reader import load_layout
from pnp.problems import Location
from pnp.layout.textfit import fit_paragraph, fit_size, wrap
from pnp.units import mm, parse_length, to_mm

from conftest import ROOT

PACKAGE = ROOT / "pnp"
BACKEND_MODULES = {"reportlab", "svgwrite", "pypdfium2", "resvg_py"}


def imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


@pytest.mark.parametrize("module", sorted(
    [p.name for p in (PACKAGE / "compose").glob("*.py")] + ["../scene.py"]
    + ["../layout/reader.py", "../layout/textfit.py", "../layout/values.py"]  # (fonts read fonts with reportlab)
    + [f"../kit/{p.name}" for p in (PACKAGE / "kit").glob("*.py")]
    + [f"../maps/areas/{p.name}" for p in (PACKAGE / "maps" / "areas").glob("*.py")]
    + [f"../icons/{p.name}" for p in (PACKAGE / "icons").glob("*.py")]
    + [f"../impose/{p.name}" for p in (PACKAGE / "impose").glob("*.py")]))
def test_compose_and_scene_modules_never_import_a_backend(module: str) -> None:
    names = imports((PACKAGE / "compose" / module).resolve())
    for name in names:
        assert name.split(".")[0] not in BACKEND_MODULES, (module, name)
        assert "render" not in name.split("."), (module, name)


# --- units -------------------------------------------------------------------------------

def test_lengths() -> None:
    assert parse_length("63.5mm") == pytest.approx(180.0)
    assert parse_length("2.5in") == 180.0
    assert parse_length("9pt") == 9.0
    assert parse_length("1cm") == pytest.approx(mm(10))
    assert parse_length(3) == pytest.approx(mm(3))
    assert parse_length(" 3 mm ") == pytest.approx(mm(3))
    for bad in ("3 furlongs", "mm", "", "3mmm", True):
        with pytest.raises(ValueError):
            parse_length(bad)


@given(st.floats(min_value=-1000, max_value=1000, allow_nan=False))
def test_mm_round_trips(value: float) -> None:
    assert to_mm(mm(value)) == pytest.approx(value, abs=1e-9)
    assert parse_length(f"{value:.4f}mm") == pytest.approx(mm(round(value, 4)), abs=1e-9)


# --- layouts -----------------------------------------------------------------------------

def test_extends_overrides_box_by_box(tmp_path: Path) -> None:
    from pnp.checks import registry  # noqa: F401  (the box kinds)
    from pnp.load.game import load_game

    game, _ = load_game(ROOT / "game.yaml")
    names = frozenset(game.sets["cards"].fields) | {"group", "game", "colours", "item", "items", "id"}
    icons, fonts = frozenset(game.icons), frozenset(game.fonts)
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "card-face.yaml").write_text((ROOT / "layouts" / "card-face.yaml").read_text())
    (tmp_path / "layouts" / "big-names.yaml").write_text(
        "extends: card-face.yaml\ncolours: {ink: '#000000'}\nboxes:\n  name: {size: 14, min_size: 8}\n"
        "  second-name: {extends: name, y: 40}\n")
    size = (mm(63.5), mm(88.9))
    base, problems, _ = load_layout(tmp_path, "layouts/card-face.yaml", Location("game.yaml"), *size, names, icons,
                                    fonts, "card")
    variant, problems2, chain = load_layout(tmp_path, "layouts/big-names.yaml", Location("game.yaml"), *size, names,
                                            icons, fonts, "card")
    assert problems == problems2 == []
    assert [doc.file for doc in chain] == ["layouts/big-names.yaml", "layouts/card-face.yaml"]
    assert variant.sources == ("layouts/big-names.yaml", "layouts/card-face.yaml", "builtin:card")
    assert variant.box("name").get("size") == 14 and variant.box("name").get("min_size") == 8
    assert variant.box("name").width == base.box("name").width  # kept from card-face.yaml
    assert variant.colours == {"paper": "#fbf3dc", "ink": "#000000"}
    assert variant.box("note") == base.box("note")
    # a box extends another box of the layout, and is drawn after the boxes it extends
    second = variant.box("second-name")
    assert (second.y, second.width, second.get("size")) == (pytest.approx(mm(40)), variant.box("name").width, 14)
    assert [b.name for b in variant.boxes][-1] == "second-name"
    assert [b.name for b in variant.boxes][:3] == ["area", "picture", "picture-map"]


# --- text ---------------------------------------------------------------------------------

def test_fit_size_shrinks_in_quarter_points_and_gives_up_below_the_minimum() -> None:
    font = metrics(bundled_fonts()["SourceSerifPro-Bold"])
    text = "Krishnaraja Wodeyar II"
    width = font.width(text, 10)
    assert fit_size(font, text, width, 12, 6) == 10
    assert fit_size(font, text, width - 0.01, 12, 6) == 9.75
    assert fit_size(font, text, font.width(text, 6) - 0.01, 12, 6) is None


def test_wrap_breaks_at_spaces_but_not_no_break_spaces() -> None:
    font = metrics(bundled_fonts()["SourceSerifPro-It"])
    narrow = font.width("Shah Jahan's", 7) + 0.1
    assert wrap(font, "Shah Jahan's palace", narrow, 7) == ["Shah Jahan's", "palace"]
    assert wrap(font, "Shah\u00a0Jahan's palace", font.width("Shah", 7) + 1, 7) == ["Shah Jahan's", "palace"]
    fitted = fit_paragraph(font, "one two three four five six", font.width("one two three", 7) + 0.1, 30, 7, 5)
    assert fitted is not None and fitted[1][0].startswith("one two three")


# --- imposition ------------------------------------------------------------------------

@given(st.sampled_from(sorted(PAPERS)), st.floats(min_value=0, max_value=mm(10)))
def test_every_grid_keeps_cards_on_the_paper_with_margins(paper_name: str, bleed: float) -> None:
    grid = make_grid(PAPERS[paper_name], mm(63.5), mm(88.9), bleed)
    paper = grid.paper
    for row in range(grid.rows):
        for column in range(grid.columns):
            x, y = grid.cell(column, row)
            assert x >= MIN_MARGIN - 1e-6 and y >= MIN_MARGIN - 1e-6
            assert x + grid.card_width <= paper.width - MIN_MARGIN + 1e-6
            assert y + grid.card_height <= paper.height - MIN_MARGIN + 1e-6
            clip = grid.clip(column, row)
            assert clip.x >= 0 and clip.y >= 0
            assert clip.x + clip.width <= paper.width and clip.y + clip.height <= paper.height
    # neighbours' bleeds never overlap
    if grid.columns > 1:
        assert grid.clip(0, 0).x + grid.clip(0, 0).width <= grid.clip(1, 0).x + 1e-6
    assert grid.gap_x <= max(2 * bleed, MIN_GUTTER) + 1e-9
    if bleed and grid.columns > 1:  # a gutter a miscut can fall in
        assert grid.gap_x >= MIN_GUTTER - 1e-9


def test_cards_too_big_for_the_paper_are_refused() -> None:
    with pytest.raises(ImpositionError, match="do not fit A4 with 5 mm margins"):
        make_grid(PAPERS["a4"], mm(300), mm(88.9))
    # 70 mm cards: 2 x 3 on A4 upright, 4 x 2 on it sideways
    grid = make_grid(PAPERS["a4"], mm(70), mm(88.9))
    assert (grid.columns, grid.rows, grid.paper.width, grid.paper.height) == (4, 2, 841.89, 595.28)
    # a card too wide for A4 upright with room for crop marks goes sideways
    wide = make_grid(PAPERS["a4"], mm(200), mm(88.9))
    assert (wide.columns, wide.rows, wide.paper.width) == (1, 2, 841.89)
    # and one that fits only inside the 5 mm margins is printed there, marked where there is room
    widest = make_grid(PAPERS["a4"], mm(285), mm(88.9))
    assert (widest.columns, widest.rows, widest.left) == (1, 2, pytest.approx(mm(6), abs=0.01))


# --- icons --------------------------------------------------------------------------------

def test_symbols_in_the_bottom_strip_are_at_least_4mm_tall(kit: Path) -> None:
    """Measure the dark pixels of the crowns on Shah Alam II's bottom strip (300 dpi)."""
    with Image.open(kit / "png" / "cards" / "shah-alam-ii.png") as image:
        strip = image.convert("L").crop((375, 905, 698, 1003))  # inside the right half of the strip
    dark = strip.point(lambda v: 255 if v < 80 else 0)
    box = dark.getbbox()
    assert box is not None
    height_mm = (box[3] - box[1]) / 300 * 25.4
    assert 4.0 <= height_mm <= 8.0


def test_names_never_shrink_below_6pt_whatever_the_layout_says() -> None:
    from pnp.boxes.context import fit_line
    from pnp.layout.reader import Box

    font = metrics(bundled_fonts()["SourceSerifPro-Bold"])
    text = "Muhammad Ali Wallajah"
    settings = {"font": "heading", "size": 12, "min_size": 3}
    box = Box("name", "text", 0, 0, font.width(text, 5), 20, settings)
    assert fit_line(box, text, font) is None
    wide = Box("name", "text", 0, 0, font.width(text, 6), 20, settings)
    assert fit_line(wide, text, font) == 6


def test_colour_results_are_remembered_and_coloraide_is_imported_only_for_new_ones() -> None:
    import subprocess
    import sys

    from pnp.model import colours

    mixed = colours.mix("#1b5e20", "#1d1a16", 0.35)
    known = colours.remembered()
    assert known[f"mix #1b5e20 #1d1a16 {0.35!r}"] == mixed
    assert round(colours.contrast("#ffffff", "#1b5e20"), 2) == 7.87
    # a new process given the results computes nothing and never imports coloraide
    script = ("import json, sys; from pnp.model import colours; colours.remember(json.loads(sys.stdin.read()));"
              "print(colours.mix('#1b5e20', '#1d1a16', 0.35)); print('coloraide' in sys.modules)")
    import json

    out = subprocess.run([sys.executable, "-c", script], input=json.dumps(known), capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == [mixed, "False"]
