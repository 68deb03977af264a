"""pnp.layout.reader: a layout file and the layouts it extends (files relative to it, pnp's built-in
ones), read into named boxes in points, each of one kind with its settings parsed; every
problem a bad layout has, said where it is written; and each set's face and back layouts
loaded into the game."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from pnp import expr
from pnp.load.game import load_game
from pnp.layout.reader import (BUILTIN, ITEM_NAMES, Box, Layout, _BoxReader, _merge, _merge_box, _parse_box, builtin_layouts,
                        layout_names, load_layout)
from pnp.problems import Location
from pnp.units import mm
from pnp.layout.values import Colour, Localised, Switch
from pnp.load.yamlload import parse_yaml

W, H = 180.0, 252.0  # points: a poker card, 63.5 x 88.9 mm
NAMES = frozenset({"id", "name", "rank", "game"})
ICONS = frozenset({"star", "sun"})
FONTS = frozenset({"body", "title"})
WHERE = Location("game.yaml", 7, 11)  # where the set names its layout


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), "utf-8")


@pytest.fixture
def load(tmp_path: Path):
    """load(files, file=...): the files written to a game folder (a text alone is face.yaml),
    then `file` loaded for a poker card: the layout, its problems as pnp prints them, and the
    files of the documents read."""
    def load(files: dict[str, str] | str, file: str = "face.yaml", width: float = W, height: float = H,
             names: frozenset[str] = NAMES, icons: frozenset[str] = ICONS, owner: str = "card",
             memo: dict | None = None):
        write(tmp_path, {"face.yaml": files} if isinstance(files, str) else files)
        layout, problems, documents = load_layout(tmp_path, file, WHERE, width, height, names, icons, FONTS, owner,
                                                  memo)
        return layout, [p.format() for p in problems], [doc.file for doc in documents]
    return load


def problems_of(load, text: str, **options) -> list[str]:
    layout, problems, _ = load(text, **options)
    assert layout is None
    return problems


def template(source: str, names: frozenset[str] = NAMES) -> expr.Template:
    return expr.parse_template(source, names)


def text(source: str, names: frozenset[str] = NAMES) -> Localised:
    return Localised((("", template(source, names)),))


def reader(problems: list, colours: dict[str, str] | None = None, icons: frozenset[str] = ICONS) -> _BoxReader:
    """A reader of face.yaml that locates each problem in a "file" named by its data path."""
    return _BoxReader("face.yaml", lambda path: Location(".".join(map(str, path))), NAMES,
                      {"gold": "#c0a000", "ink": "#000000"} if colours is None else colours, icons, FONTS, problems)


# --- boxes and layouts ---------------------------------------------------------------------------


def test_a_box_in_points_with_its_settings() -> None:
    box = Box("name", "text", 10.0, 20.0, 30.0, 45.0, {"size": 9})
    assert (box.right, box.bottom) == (40.0, 65.0)
    assert (box.get("size"), box.get("font"), box.get("font", "body"), box.get("size", 7)) == (9, None, "body", 9)
    assert (box.condition, box.rotate, box.mirror, box.at) == (None, 0.0, False, ())


def test_a_layout_finds_its_boxes_and_where_each_is_declared() -> None:
    doc, _ = parse_yaml(b"boxes:\n  a: {text: x}\n  b:\n    text: y\n", "base.yaml")
    a, b, c = (Box(n, "text", 0, 0, 1, 1, {}, at=("boxes", n)) for n in "abc")
    layout = Layout("face.yaml", W, H, {}, None, (a, b, c), origins={"a": "base.yaml", "b": "base.yaml"})
    assert layout.box("b") is b and layout.box("c") is c
    with pytest.raises(StopIteration):
        layout.box("d")
    documents = {"base.yaml": doc}
    assert layout.locate(a, documents) == Location("base.yaml", 2, 6)
    assert layout.locate(b, documents) == Location("base.yaml", 4, 5)
    assert layout.locate(c, documents) == Location("face.yaml", 1, 1)  # no origin: the layout's own file, unread
    assert layout.locate(c, {"face.yaml": doc}) == Location("base.yaml", 2, 3)  # read: at its nearest parent there
    assert (Layout("f", W, H, {}, None, ()).origins, Layout("f", W, H, {}, None, ()).sources) == ({}, ())


# --- merging a layout over the one it extends -------------------------------------------------------


def test_a_layout_over_its_base_box_by_box_and_colour_by_colour() -> None:
    base = {"colours": {"paper": "#ffffff", "ink": "#000000"}, "background": "paper",
            "boxes": {"a": {"x": 1, "text": "a"}, "b": {"x": 2, "rect": {"fill": "ink", "radius": 1}}}}
    child = {"extends": "base.yaml", "colours": {"ink": "#111111", "gold": "#c0a000"}, "background": "gold",
             "boxes": {"b": {"rect": {"fill": "gold"}}, "c": {"text": "c"}}}
    merged = _merge(base, child)
    assert merged == {"colours": {"paper": "#ffffff", "ink": "#111111", "gold": "#c0a000"}, "background": "gold",
                      "boxes": {"a": {"x": 1, "text": "a"}, "b": {"x": 2, "rect": {"fill": "gold", "radius": 1}},
                                "c": {"text": "c"}}}
    assert list(merged["boxes"]) == ["a", "b", "c"]  # a box the child changes keeps its place
    assert base["boxes"]["b"] == {"x": 2, "rect": {"fill": "ink", "radius": 1}}  # the base is left as it was
    assert _merge({}, {"extends": "x", "background": "ink"}) == {"background": "ink", "colours": {}, "boxes": {}}
    assert _merge(base, {}) == {**base, "boxes": base["boxes"]}
    assert _merge({"colours": {"a": "#000000"}}, {"boxes": {}}) == {"colours": {"a": "#000000"}, "boxes": {}}


def test_a_box_over_another_merges_its_nested_settings_but_not_its_texts_or_else() -> None:
    base = {"x": 1, "rect": {"fill": "ink", "radius": 1}, "text": {"en": "a", "fr": "b"},
            "else": {"text": "x", "x": 1}, "frame": {"stroke": "ink"}, "icon": "star"}
    child = {"x": 2, "rect": {"fill": "gold"}, "text": {"en": "z"}, "else": {"rect": {}}, "frame": "none",
             "icon": {"switch": "rank"}, "size": 3}
    assert _merge_box(base, child) == {"x": 2, "rect": {"fill": "gold", "radius": 1}, "text": {"en": "z"},
                                       "else": {"rect": {}}, "frame": "none", "icon": {"switch": "rank"}, "size": 3}
    assert base["rect"] == {"fill": "ink", "radius": 1}
    assert _merge_box({}, {"rect": {"fill": "ink"}}) == {"rect": {"fill": "ink"}}


# --- the layouts a layout extends ---------------------------------------------------------------------


def test_pnps_builtin_layouts_name_paper_and_ink() -> None:
    layouts = builtin_layouts()
    assert sorted(layouts) == ["board", "card", "die", "sheet", "standee", "tile", "token"]
    for name, source in layouts.items():
        doc, problems = parse_yaml(source.encode("utf-8"), f"{BUILTIN}{name}")
        assert (doc.data, problems) == ({"colours": {"paper": "#ffffff", "ink": "#000000"}}, []), name


def test_a_layout_extends_a_builtin_one(load) -> None:
    layout, problems, documents = load("""\
        extends: builtin:card
        colours: {gold: "#C0A000"}
        boxes:
          name: {x: 5, y: 5, width: 50, height: 10, text: "{name}", colour: ink}
        """)
    assert (problems, documents) == ([], ["face.yaml"])
    assert layout.sources == ("face.yaml", "builtin:card")
    assert layout.colours == {"paper": "#ffffff", "ink": "#000000", "gold": "#c0a000"}
    assert layout.box("name").get("colour") == Colour("#000000")
    token, problems, documents = load({}, file="builtin:token")
    assert (token.sources, token.boxes, token.colours, problems, documents) == (
        ("builtin:token",), (), {"paper": "#ffffff", "ink": "#000000"}, [], [])


def test_a_builtin_layout_that_does_not_exist(load) -> None:
    assert problems_of(load, "extends: builtin:crad\n") == [
        "face.yaml:1:10: error: there is no built-in layout 'crad' (did you mean 'builtin:card'?) [layout]"]
    assert problems_of(load, "extends: builtin:zzz\n") == [
        "face.yaml:1:10: error: there is no built-in layout 'zzz' (built-in: board, card, die, sheet, standee, tile, "
        "token) [layout]"]
    assert load({}, file="builtin:nope")[1] == [
        "game.yaml:7:11: error: there is no built-in layout 'nope' (built-in: board, card, die, sheet, standee, tile, "
        "token) [layout]"]


def test_a_layout_extends_files_relative_to_its_own_folder(load) -> None:
    layout, problems, documents = load({
        "layouts/face.yaml": "extends: base.yaml\nboxes:\n  b: {x: 2, text: b}\n",
        "layouts/base.yaml": "extends: ../common/root.yaml\nboxes:\n  a: {x: 1, text: a}\n",
        "common/root.yaml": "extends: builtin:card\nbackground: paper\nboxes:\n  r: {text: r}\n",
    }, file="layouts/face.yaml")
    assert (problems, documents) == ([], ["layouts/face.yaml", "layouts/base.yaml", "common/root.yaml"])
    assert layout.sources == ("layouts/face.yaml", "layouts/base.yaml", "common/root.yaml", "builtin:card")
    assert [b.name for b in layout.boxes] == ["r", "a", "b"]
    assert layout.origins == {"r": "common/root.yaml", "a": "layouts/base.yaml", "b": "layouts/face.yaml"}
    assert (layout.file, layout.width, layout.height, layout.background) == ("layouts/face.yaml", W, H,
                                                                            Colour("#ffffff"))


def test_a_layout_that_extends_itself(load) -> None:
    assert problems_of(load, {"face.yaml": "boxes: {}\nextends: base.yaml\n", "base.yaml": "extends: face.yaml\n"}) == [
        "base.yaml:1:10: error: layout 'face.yaml' extends itself in a loop [layout]"]
    assert problems_of(load, {"face.yaml": "extends: ./face.yaml\n"}) == [
        "face.yaml:1:10: error: layout 'face.yaml' extends itself in a loop [layout]"]
    assert problems_of(load, {"face.yaml": "extends: a.yaml\n", "a.yaml": "extends: b.yaml\n",
                              "b.yaml": "\n\nextends: a.yaml\n"}) == [
        "b.yaml:3:10: error: layout 'a.yaml' extends itself in a loop [layout]"]


def test_a_layout_outside_the_game_folder(load, tmp_path: Path) -> None:
    (tmp_path / "outside.yaml").write_text("boxes: {}\n")
    game = tmp_path / "game"
    for extends in ("../outside.yaml", "/etc/outside.yaml"):
        assert load_layout(game, "face.yaml", WHERE, W, H, NAMES, ICONS, FONTS, "card")[1] != []
        write(game, {"face.yaml": f"extends: {extends}\n"})
        layout, problems, documents = load_layout(game, "face.yaml", WHERE, W, H, NAMES, ICONS, FONTS, "card")
        assert (layout, documents) == (None, [])
        assert [p.format() for p in problems] == [
            f"face.yaml:1:10: error: layout '{extends}' lies outside the game folder [missing-file]"]
    write(game, {"layouts/face.yaml": "extends: ../../outside.yaml\n"})
    assert [p.format() for p in load_layout(game, "layouts/face.yaml", WHERE, W, H, NAMES, ICONS, FONTS, "card")[1]] \
        == ["layouts/face.yaml:1:10: error: layout '../outside.yaml' lies outside the game folder [missing-file]"]
    assert [p.format() for p in load_layout(game, "../outside.yaml", WHERE, W, H, NAMES, ICONS, FONTS, "card")[1]] \
        == ["game.yaml:7:11: error: layout '../outside.yaml' lies outside the game folder [missing-file]"]
    for far in ("../" + "x" * 300, "/" + "x" * 300):  # said before the name is too long for a file system
        write(game, {"face.yaml": f"extends: {far}\n"})
        assert [p.format() for p in load_layout(game, "face.yaml", WHERE, W, H, NAMES, ICONS, FONTS, "card")[1]] == [
            f"face.yaml:1:10: error: layout '{far}' lies outside the game folder [missing-file]"]


def test_a_layout_that_is_not_there(load) -> None:
    assert load({}, file="nope.yaml")[1] == ["game.yaml:7:11: error: layout 'nope.yaml' does not exist [missing-file]"]
    assert problems_of(load, "boxes: {}\n\nextends: base.yaml\n") == [
        "face.yaml:3:10: error: layout 'base.yaml' does not exist [missing-file]"]


def test_each_layout_file_is_read_once(load) -> None:
    memo: dict = {}
    files = {"face.yaml": "extends: base.yaml\n", "back.yaml": "extends: base.yaml\n",
             "base.yaml": "boxes:\n  a: {text: a}\n"}
    assert load(files, memo=memo)[0].box("a").get("text") == text("a")
    assert list(memo) == ["face.yaml", "base.yaml"]
    assert [doc.file for doc, _, _ in memo.values()] == ["face.yaml", "base.yaml"]
    memo["base.yaml"] = (parse_yaml(b"boxes:\n  b: {text: b}\n", "base.yaml")[0], [], [])  # not read again
    layout, problems, documents = load({"back.yaml": "extends: base.yaml\n"}, file="back.yaml", memo=memo)
    assert ([b.name for b in layout.boxes], problems, documents) == (["b"], [], ["back.yaml", "base.yaml"])
    assert list(memo) == ["face.yaml", "base.yaml", "back.yaml"]


def test_a_layout_its_schema_refuses_stops_the_chain(load) -> None:
    assert problems_of(load, {"face.yaml": "extends: base.yaml\n",
                              "base.yaml": "extends: gone.yaml\nboxes:\n  a: {text: a, size: big}\n"}) == [
        "base.yaml:3:22: error: boxes.a.size: expected a number, got 'big' [schema]"]
    memo: dict = {}
    assert problems_of(load, {"face.yaml": "extends: base.yaml\nbacground: ink\n"}, memo=memo) == [
        "face.yaml:2:1: error: unknown key 'bacground' (did you mean 'background'?) [schema]"]
    assert list(memo) == ["face.yaml"]
    assert problems_of(load, {"face.yaml": "boxes:\n  a: {text: a}\n  a: {text: b}\n"}) == [
        "face.yaml:3:3: error: duplicate key 'a' (first given on line 2) [yaml-duplicate-key]"]


# --- reading a box's settings ----------------------------------------------------------------------


def test_templates_and_expressions_are_parsed_with_their_names_checked() -> None:
    problems: list = []
    r = reader(problems)
    assert r.template("{name} ({rank})", ("boxes", "n", "text"), NAMES) == template("{name} ({rank})")
    assert r.expression("rank > 2", ("boxes", "n", "if"), NAMES) == expr.parse("rank > 2", NAMES)
    assert r.expression(3, ("boxes", "n", "list"), NAMES) == expr.parse("3", NAMES)
    assert problems == []
    assert r.template("{nme}", ("boxes", "n", "text"), NAMES) is None
    assert r.template("{name}", ("boxes", "n", "text"), frozenset({"id"})) is None
    assert r.expression("rank >", ("boxes", "n", "if"), NAMES) is None
    assert [p.format() for p in problems] == [
        "boxes.n.text:1:1: error: layout 'face.yaml': n.text: unknown name 'nme' (did you mean 'name'?) in '{nme}' "
        "[layout]",
        "boxes.n.text:1:1: error: layout 'face.yaml': n.text: unknown name 'name' in '{name}' [layout]",
        "boxes.n.if:1:1: error: layout 'face.yaml': n.if: syntax error: invalid syntax in 'rank >' [layout]"]


def test_a_colour_is_hex_one_of_the_layouts_none_or_a_template() -> None:
    problems: list = []
    r = reader(problems)
    at = ("boxes", "n", "colour")
    assert [r.colour(v, at, NAMES) for v in (None, "none", "#C0a0Ff", "gold", "{name}")] == [
        Colour(None), Colour(None), Colour("#c0a0ff"), Colour("#c0a000"), Colour(template=template("{name}"))]
    assert problems == []
    assert [r.colour(v, at, NAMES) for v in (3, True, "#C0A00", "gld", "red", "{nme}")] == [None] * 6
    assert [r.colour("red", ("background",), NAMES), reader(problems, {}).colour("red", at, NAMES)] == [None, None]
    assert [p.format() for p in problems] == [
        "boxes.n.colour:1:1: error: layout 'face.yaml': n.colour: a colour is #RRGGBB, a colour of the layout, none, "
        "or a template [layout]",
        "boxes.n.colour:1:1: error: layout 'face.yaml': n.colour: a colour is #RRGGBB, a colour of the layout, none, "
        "or a template [layout]",
        "boxes.n.colour:1:1: error: layout 'face.yaml': n.colour: '#C0A00' is not a colour of the layout (its "
        "colours: gold, ink) [layout]",
        "boxes.n.colour:1:1: error: layout 'face.yaml': n.colour: 'gld' is not a colour of the layout (did you mean "
        "'gold'?) [layout]",
        "boxes.n.colour:1:1: error: layout 'face.yaml': n.colour: 'red' is not a colour of the layout (its colours: "
        "gold, ink) [layout]",
        "boxes.n.colour:1:1: error: layout 'face.yaml': n.colour: unknown name 'nme' (did you mean 'name'?) in "
        "'{nme}' [layout]",
        "background:1:1: error: layout 'face.yaml': : 'red' is not a colour of the layout (its colours: gold, ink) "
        "[layout]",
        "boxes.n.colour:1:1: error: layout 'face.yaml': n.colour: 'red' is not a colour of the layout (it has none) "
        "[layout]"]


def test_a_text_is_a_template_or_one_per_language() -> None:
    problems: list = []
    r = reader(problems)
    at = ("boxes", "n", "text")
    assert r.text("{name}", at, NAMES) == text("{name}")
    assert [r.text(3, at, NAMES), r.text(2.5, at, NAMES)] == [text("3"), text("2.5")]
    assert r.text({"en": "{name}", "fr": "le {name}"}, at, NAMES) == Localised(
        (("en", template("{name}")), ("fr", template("le {name}"))))
    assert r.text({"fr": "le {name}"}, at, NAMES) == Localised((("fr", template("le {name}")),))
    assert problems == []
    assert r.text({"en": "{name}", "fr": "{nom}"}, at, NAMES) is None
    assert r.text("{nom}", at, NAMES) is None
    assert [r.text(v, at, NAMES) for v in (True, [], {}, {"en": 3}, {"name": None}, {"a": None, "b": None})] == [
        None] * 6
    assert [p.format() for p in problems] == [
        "boxes.n.text.fr:1:1: error: layout 'face.yaml': n.text.fr: unknown name 'nom' in '{nom}' [layout]",
        "boxes.n.text:1:1: error: layout 'face.yaml': n.text: unknown name 'nom' in '{nom}' [layout]",
        *["boxes.n.text:1:1: error: layout 'face.yaml': n.text: expected a text (a template, or one per language) "
          "[layout]"] * 4,
        "boxes.n.text:1:1: error: layout 'face.yaml': n.text: write a template in quotes, \"{name}\": without them "
        "YAML reads {name} as a mapping [layout]",
        "boxes.n.text:1:1: error: layout 'face.yaml': n.text: expected a text (a template, or one per language) "
        "[layout]"]


def test_an_icon_is_the_games_a_template_or_a_switch() -> None:
    problems: list = []
    r = reader(problems)
    at = ("boxes", "n", "icon")
    assert [r.icon("star", at, NAMES), r.icon("{name}", at, NAMES)] == ["star", template("{name}")]
    assert r.icon({"switch": "rank", "cases": {1: "star", 2: "sun"}, "default": "star"}, at, NAMES) == Switch(
        expr.parse("rank", NAMES), {1: "star", 2: "sun"}, "star")
    assert r.icon({"switch": "rank"}, at, NAMES) == Switch(expr.parse("rank", NAMES), {}, None)
    assert r.icon({"switch": "rank", "default": "{name}"}, at, NAMES) == Switch(expr.parse("rank", NAMES), {},
                                                                                "{name}")
    assert problems == []
    assert r.icon({"switch": "rank", "cases": {1: "stra"}, "default": "moon"}, at, NAMES) == Switch(
        expr.parse("rank", NAMES), {1: "stra"}, "moon")  # its cases told apart, said where each is
    assert r.icon({"switch": "rnk", "cases": {1: "{nme}"}}, at, NAMES) is None
    assert r.icon({"switch": "rank", "default": "{nme}"}, at, NAMES) == Switch(expr.parse("rank", NAMES), {}, "{nme}")
    assert [r.icon(v, at, NAMES) for v in ("stra", "moon", 3, "{nme}")] == [None] * 4
    assert reader(problems, icons=frozenset()).icon("star", at, NAMES) is None
    assert [p.format() for p in problems] == [
        "boxes.n.icon.cases.1:1:1: error: layout 'face.yaml': n.icon.cases.1: no icon 'stra' (did you mean 'star'?) "
        "[layout]",
        "boxes.n.icon.default:1:1: error: layout 'face.yaml': n.icon.default: no icon 'moon' (the game's icons: "
        "star, sun) [layout]",
        "boxes.n.icon.switch:1:1: error: layout 'face.yaml': n.icon.switch: unknown name 'rnk' (did you mean "
        "'rank'?) in 'rnk' [layout]",
        "boxes.n.icon.cases.1:1:1: error: layout 'face.yaml': n.icon.cases.1: unknown name 'nme' (did you mean "
        "'name'?) in '{nme}' [layout]",
        "boxes.n.icon.default:1:1: error: layout 'face.yaml': n.icon.default: unknown name 'nme' (did you mean "
        "'name'?) in '{nme}' [layout]",
        "boxes.n.icon:1:1: error: layout 'face.yaml': n.icon: no icon 'stra' (did you mean 'star'?) [layout]",
        "boxes.n.icon:1:1: error: layout 'face.yaml': n.icon: no icon 'moon' (the game's icons: star, sun) [layout]",
        "boxes.n.icon:1:1: error: layout 'face.yaml': n.icon: no icon '3' (the game's icons: star, sun) [layout]",
        "boxes.n.icon:1:1: error: layout 'face.yaml': n.icon: unknown name 'nme' (did you mean 'name'?) in '{nme}' "
        "[layout]",
        "boxes.n.icon:1:1: error: layout 'face.yaml': n.icon: no icon 'star' (the game has no icons/) [layout]"]


def test_an_icon_whose_file_cannot_be_drawn_is_said_to_be_so_not_missing() -> None:
    from pnp.layout.reader import _BoxReader

    problems: list = []
    r = _BoxReader("face.yaml", lambda path: Location(".".join(map(str, path))), NAMES, {}, ICONS, FONTS, problems,
                   {"fire": Location("icons/fire.svg", 7, 5)})
    at = ("boxes", "n", "icon")
    assert r.icon("fire", at, NAMES) is None
    assert r.icon("fier", at, NAMES) is None  # (not the icon the file would make: no icon of that name)
    assert r.icon("star", at, NAMES) == "star"
    assert [p.format() for p in problems] == [
        "boxes.n.icon:1:1: error: layout 'face.yaml': n.icon: icon 'fire' cannot be drawn: see icons/fire.svg:7 "
        "[layout]",
        "boxes.n.icon:1:1: error: layout 'face.yaml': n.icon: no icon 'fier' (the game's icons: star, sun) [layout]"]


def test_a_font_is_a_role_of_the_game_and_a_length_carries_its_unit() -> None:
    problems: list = []
    r = reader(problems)
    assert r.font("title", ("boxes", "n", "font")) == "title"
    assert r.length("3mm", ("boxes", "n", "x"), "pt") == pytest.approx(mm(3))
    assert r.length(3, ("boxes", "n", "x"), "pt") == 3.0
    assert r.length(3, ("boxes", "n", "x"), "mm") == pytest.approx(mm(3))
    assert problems == []
    assert [r.font(v, ("boxes", "n", "font")) for v in ("bdy", "zzz")] == ["bdy", "zzz"]  # said, and kept
    assert [r.length(v, ("boxes", "n", "row_height"), "mm") for v in ("3 furlongs", True)] == [None, None]
    assert [p.format() for p in problems] == [
        "boxes.n.font:1:1: error: layout 'face.yaml': n.font: 'bdy' is not a font role of the game (did you mean "
        "'body'?) [layout]",
        "boxes.n.font:1:1: error: layout 'face.yaml': n.font: 'zzz' is not a font role of the game (roles: body, "
        "title) [layout]",
        "boxes.n.row_height:1:1: error: layout 'face.yaml': n.row_height: '3 furlongs' is not a length; write it "
        "like 3mm, 0.125in or 9pt [layout]",
        "boxes.n.row_height:1:1: error: layout 'face.yaml': n.row_height: True is not a length [layout]"]


# --- boxes ---------------------------------------------------------------------------------------------


def test_a_box_in_points_with_its_kind_settings_condition_and_turn(load) -> None:
    layout, problems, _ = load("""\
        colours: {gold: "#C0A000"}
        boxes:
          name: {x: 5, y: 1cm, width: 0.5in, height: 9pt, if: rank > 1, rotate: 90, mirror: true,
                 text: "{name}", font: body, size: 9, colour: gold, align: centre}
          plain: {text: 3}
        """)
    assert problems == []
    name, plain = layout.boxes
    assert (name.name, name.kind, name.at) == ("name", "text", ("boxes", "name"))
    assert (name.x, name.y, name.width, name.height) == pytest.approx((mm(5), mm(10), 36.0, 9.0))
    assert (name.condition, name.rotate, name.mirror) == (expr.parse("rank > 1", NAMES), 90.0, True)
    assert type(name.rotate) is float
    assert name.settings == {"text": text("{name}"), "font": "body", "size": 9, "colour": Colour("#c0a000"),
                             "align": "centre"}
    assert (plain.x, plain.y, plain.width, plain.height, plain.condition, plain.rotate, plain.mirror) == (
        0, 0, 0, 0, None, 0.0, False)
    assert plain.settings == {"text": text("3")}


def test_a_box_of_no_kind_or_of_two(load) -> None:
    assert problems_of(load, """\
        boxes:
          none: {x: 1}
          two:
            text: a
            rect: {}
          stray: {text: a,
                  fit: cover}
        """) == [
        "face.yaml:2:9: error: layout 'face.yaml': box 'none' needs exactly one of: text, rect, circle, line, "
        "polygon, border, icon, medallion, image, badge, row, ornament, table, track, list, group, place, hexmap, "
        "locator, map, compass, scale, legend [layout]",
        "face.yaml:4:5: error: layout 'face.yaml': box 'two' has two kinds: text, rect [layout]",
        "face.yaml:7:16: error: layout 'face.yaml': box 'stray': a text box does not use 'fit' (it takes: align, "
        "colour, font, leading, light, min_size, size, text, valign, wrap) [layout]"]


def test_each_bad_setting_is_said_where_it_is_and_the_other_boxes_read_on(load) -> None:
    assert problems_of(load, """\
        colours: {gold: "#C0A000"}
        boxes:
          name: {x: 5, y: 5, width: 50, height: 10, text: "{nme}", font: bdy, colour: gld, if: rnk > 1}
          fine: {text: a}
          frame: {rect: {fill: gold, stroke: red, stroke_width: 1pt}}
          icon: {icon: stra, colour: ink}
        """) == [
        "face.yaml:3:51: error: layout 'face.yaml': name.text: unknown name 'nme' (did you mean 'name'?) in '{nme}' "
        "[layout]",
        "face.yaml:3:66: error: layout 'face.yaml': name.font: 'bdy' is not a font role of the game (did you mean "
        "'body'?) [layout]",
        "face.yaml:3:79: error: layout 'face.yaml': name.colour: 'gld' is not a colour of the layout (did you mean "
        "'gold'?) [layout]",
        "face.yaml:3:88: error: layout 'face.yaml': name.if: unknown name 'rnk' (did you mean 'rank'?) in 'rnk > 1' "
        "[layout]",
        "face.yaml:5:38: error: layout 'face.yaml': frame.rect.stroke: 'red' is not a colour of the layout (its "
        "colours: gold) [layout]",
        "face.yaml:6:16: error: layout 'face.yaml': icon.icon: no icon 'stra' (did you mean 'star'?) [layout]",
        "face.yaml:6:30: error: layout 'face.yaml': icon.colour: 'ink' is not a colour of the layout (its colours: "
        "gold) [layout]"]


def test_one_bad_setting_leaves_the_box_out() -> None:
    for data in ({"text": "{nme}"}, {"text": "a", "if": "rnk"}, {"text": "a", "font": "bdy"},
                 {"image": "{name}", "else": {"text": "{nme}"}}, {"list": "rank", "boxes": {"n": {"text": "{nme}"}}},
                 {"list": "rank", "boxes": {"n": {"text": "a"}, "m": {"text": "{nme}"}}}):
        problems: list = []
        assert _parse_box(reader(problems), "n", data, ("boxes", "n"), W, H, NAMES, "card") is None
        assert len(problems) == 1, data


def test_a_box_outside_the_component(load) -> None:
    inside = ("{x: -0.01pt, y: 0, width: 10, height: 10}", "{x: 0, y: -0.01pt, width: 10, height: 10}",
              "{x: 100pt, y: 0, width: 80.01pt, height: 10}", "{x: 0, y: 200pt, width: 10, height: 52.01pt}",
              "{x: 0, y: 0, width: 63.5, height: 88.9}")
    for box in inside:
        layout, problems, _ = load(f"boxes:\n  b: {box[:-1]}, rect: {{}}}}\n")
        assert problems == [], box
    outside = {"{x: -0.02pt, y: 0, width: 10, height: 10}": "(-0.00705556, 0, 10 x 10 mm)",
               "{x: 0, y: -0.02pt, width: 10, height: 10}": "(0, -0.00705556, 10 x 10 mm)",
               "{x: 100pt, y: 0, width: 80.02pt, height: 10}": "(35.2778, 0, 28.2293 x 10 mm)",
               "{x: 0, y: 200pt, width: 10, height: 52.02pt}": "(0, 70.5556, 10 x 18.3515 mm)",
               "{x: 60, y: 80, width: 5, height: 10}": "(60, 80, 5 x 10 mm)"}
    for box, said in outside.items():
        problems = []
        data = dict(part.split(": ") for part in box.strip("{}").split(", "))
        assert _parse_box(reader(problems), "b", {**data, "rect": {}}, ("boxes", "b"), W, H, NAMES, "card") is None
        assert len(problems) == 1
        assert problems_of(load, f"boxes:\n  b: {box[:-1]}, rect: {{}}}}\n") == [
            f"face.yaml:2:6: error: box 'b' {said} runs outside the 63.5 x 88.9 mm card [layout]"], box
    assert problems_of(load, "boxes:\n  b: {x: 50, width: 20, text: a}\n", width=mm(60), owner="token") == [
        "face.yaml:2:6: error: box 'b' (50, 0, 20 x 0 mm) runs outside the 60 x 88.9 mm token [layout]"]


def test_an_images_else_is_a_box_in_its_place(load) -> None:
    layout, problems, _ = load("""\
        boxes:
          art:
            x: 2
            y: 3
            width: 10
            height: 12
            image: "pictures/{id}.png"
            fit: cover
            else: {text: "{name}", size: 8, if: rank > 1}
        """)
    assert problems == []
    art = layout.box("art")
    alone = art.get("else")
    assert art.settings == {"image": template("pictures/{id}.png"), "fit": "cover", "else": alone}
    assert (alone.name, alone.kind, alone.at, alone.settings) == ("art.else", "text", ("boxes", "art", "else"),
                                                                  {"text": text("{name}"), "size": 8})
    assert (alone.x, alone.y, alone.width, alone.height) == pytest.approx((mm(2), mm(3), mm(10), mm(12)))
    assert alone.condition == expr.parse("rank > 1", NAMES)
    art = load("boxes:\n  art: {else: {rect: {}}, image: a.png, fit: contain}\n")[0].box("art")
    assert (art.get("else").x, art.get("else").y, art.get("else").width, art.get("else").height) == (0, 0, 0, 0)
    assert art.get("fit") == "contain"
    assert problems_of(load, "boxes:\n  art: {x: 60, width: 10, image: a.png, else: {rect: {}}}\n") == [
        "face.yaml:2:8: error: box 'art' (60, 0, 10 x 0 mm) runs outside the 63.5 x 88.9 mm card [layout]"]  # once
    assert problems_of(load, """\
        boxes:
          art: {x: 60, y: 0, width: 10, height: 10, image: a.png, else: {text: "{nme}", rect: {}}}
        """) == [
        "face.yaml:2:65: error: layout 'face.yaml': box 'art.else' has two kinds: text, rect [layout]",
        "face.yaml:2:8: error: box 'art' (60, 0, 10 x 10 mm) runs outside the 63.5 x 88.9 mm card [layout]"]


def test_the_boxes_in_a_list_use_its_names_and_are_not_bounded(load) -> None:
    layout, problems, _ = load("""\
        boxes:
          rows:
            x: 1
            list: "[name, name]"
            boxes:
              first: {x: 0, y: 0, width: 100, height: 100, text: "{number}. {entry}", if: number > 1}
              second: {rect: {}}
        """)
    assert problems == []
    rows = layout.box("rows")
    first, second = rows.get("boxes")
    inner = NAMES | {"entry", "number"}
    assert (first.name, first.at, first.settings) == ("first", ("boxes", "rows", "boxes", "first"),
                                                      {"text": text("{number}. {entry}", inner)})
    assert (first.width, first.condition) == (pytest.approx(mm(100)), expr.parse("number > 1", inner))
    assert (second.name, second.kind, second.x) == ("second", "rect", 0)
    assert rows.get("list") == expr.parse("[name, name]", NAMES)
    problems = []
    assert _parse_box(reader(problems), "rows", {"list": "[1]", "boxes": None}, ("boxes", "rows"), W, H, NAMES,
                      "card").get("boxes") == ()
    rows = _parse_box(reader(problems), "rows", {"list": "[1]", "boxes": {"a": {"text": "a"}}, "row_height": "5pt"},
                      ("boxes", "rows"), W, H, NAMES, "card")
    assert ([b.name for b in rows.get("boxes")], rows.get("row_height")) == (["a"], 5.0)
    assert problems == []
    assert problems_of(load, """\
        boxes:
          rows: {list: "[name]", if: "number > 1", boxes: {first: {x: 200, text: "{entry}"}}}
          more: {list: "[name]", boxes: {first: {text: "{entry}", image: a.png}}}
        """) == [
        "face.yaml:2:30: error: layout 'face.yaml': rows.if: unknown name 'number' (did you mean 'name'?) in "
        "'number > 1' [layout]",
        "face.yaml:3:41: error: layout 'face.yaml': box 'first' has two kinds: text, image [layout]"]


def test_a_setting_read_as_its_type_declares(load) -> None:
    layout, problems, _ = load("""\
        colours: {gold: "#C0A000"}
        boxes:
          frame: {x: 1, y: 1, width: 10, height: 10, rect: {fill: gold, stroke: none, stroke_width: 2, radius: 1in}}
          badge: {badge: {en: "{rank}", fr: "n° {rank}"}, colour: "{name}", font: title}
          mark: {icon: {switch: rank, cases: {1: star}, default: sun}}
        """)
    assert problems == []
    assert layout.box("frame").get("rect") == {"fill": Colour("#c0a000"), "stroke": Colour(None),
                                               "stroke_width": 2.0, "radius": 72.0}
    assert layout.box("badge").settings == {
        "badge": Localised((("en", template("{rank}")), ("fr", template("n° {rank}")))),
        "colour": Colour(template=template("{name}")), "font": "title"}
    assert layout.box("mark").get("icon") == Switch(expr.parse("rank", NAMES), {"1": "star"}, "sun")


# --- a layout's boxes extending each other, and its background ----------------------------------------------


def test_a_box_extends_another_box_of_the_layout(load) -> None:
    layout, problems, _ = load({"face.yaml": """\
        extends: base.yaml
        boxes:
          c: {extends: b, y: 30, rect: {stroke: ink}}
          d: {extends: a}
        """, "base.yaml": """\
        colours: {ink: "#000000", paper: "#FFFFFF"}
        boxes:
          a: {x: 1, y: 2, width: 20, height: 10, rect: {fill: ink, radius: 1}}
          b: {extends: a, x: 5, rect: {fill: paper}}
        """})
    assert problems == []
    assert [b.name for b in layout.boxes] == ["a", "b", "c", "d"]
    a, b, c, d = layout.boxes
    assert a.get("rect") == {"fill": Colour("#000000"), "radius": pytest.approx(mm(1))}
    assert b.get("rect") == {"fill": Colour("#ffffff"), "radius": pytest.approx(mm(1))}
    assert c.get("rect") == {"fill": Colour("#ffffff"), "radius": pytest.approx(mm(1)), "stroke": Colour("#000000")}
    assert (c.x, c.y, c.width, c.height) == pytest.approx((mm(5), mm(30), mm(20), mm(10)))
    assert (d.x, d.y, d.settings) == (a.x, a.y, a.settings)
    assert "extends" not in c.settings and layout.origins == {"a": "base.yaml", "b": "base.yaml", "c": "face.yaml",
                                                                "d": "face.yaml"}


def test_a_box_that_extends_itself_or_no_box(load) -> None:
    layout, problems, _ = load({"face.yaml": """\
        extends: base.yaml
        boxes:
          one: {extends: two}
          two: {extends: one}
          self: {extends: self}
          far: {extends: near}
          fine: {text: a}
          last: {text: "{nme}"}
        """, "base.yaml": """\
        boxes:
          near: {extends: nobody}
        """})
    assert layout is None
    assert problems == [
        "base.yaml:2:19: error: box 'near' extends 'nobody', which is not a box of the layout [layout]",
        "face.yaml:4:18: error: box 'two' extends 'one', in a loop [layout]",
        "face.yaml:3:18: error: box 'one' extends 'two', in a loop [layout]",
        "face.yaml:5:19: error: box 'self' extends 'self', in a loop [layout]",
        "base.yaml:2:19: error: box 'near' extends 'nobody', which is not a box of the layout [layout]",
        "face.yaml:8:16: error: layout 'face.yaml': last.text: unknown name 'nme' (did you mean 'name'?) in '{nme}' "
        "[layout]"]  # the boxes after those are read all the same


def test_a_layouts_background(load) -> None:
    layout, problems, _ = load({"face.yaml": "extends: base.yaml\ncolours: {gold: '#C0A000'}\n",
                                "base.yaml": "colours: {paper: '#FFFFFF'}\nbackground: gold\n"})
    assert (layout.background, layout.colours, problems) == (Colour("#c0a000"), {"paper": "#ffffff",
                                                                                  "gold": "#c0a000"}, [])
    assert load("background: '{name}'\n")[0].background == Colour(template=template("{name}"))
    assert problems_of(load, "background: '{nme}'\n") == [
        "face.yaml:1:13: error: layout 'face.yaml': : unknown name 'nme' (did you mean 'name'?) in '{nme}' [layout]"]
    assert load("boxes: {}\n")[0].background is None
    assert problems_of(load, {"face.yaml": "extends: base.yaml\n", "base.yaml": "\nbackground: gld\n"}) == [
        "base.yaml:2:13: error: layout 'face.yaml': : 'gld' is not a colour of the layout (it has none) [layout]"]
    assert problems_of(load, {"face.yaml": "extends: base.yaml\nbackground: gld\n", "base.yaml": "background: gold\n"}
                       ) == ["face.yaml:2:13: error: layout 'face.yaml': : 'gld' is not a colour of the layout (it "
                             "has none) [layout]"]


# --- each set's layouts -------------------------------------------------------------------------------------


GAME = """\
title: Test
languages: [en]
fonts: {body: SourceSansPro-Regular}
components:
"""


@pytest.fixture
def game(tmp_path: Path):
    """game(components, **files): the game of these components (YAML under `components:`)
    and files (path: text), loaded: the game and its problems as pnp prints them."""
    def game(components: str, files: dict[str, str]):
        write(tmp_path, {"game.yaml": GAME + textwrap.indent(textwrap.dedent(components), "  "), **files})
        loaded, problems = load_game(tmp_path / "game.yaml")
        return loaded, [p.format() for p in problems]
    return game


CARDS = "cards:\n  - {id: a, kind: hero}\n  - {id: b, kind: foe}\n  - {id: c, kind: hero}\n"


def test_the_names_a_sets_layouts_use(game) -> None:
    loaded, problems = game("""\
        cards: {type: card, files: cards.yaml, items: cards, fields: {kind: text}}
        board: {type: board, size: a4}
        tiles: {type: board, size: a4, files: tiles.yaml, items: tiles, fields: {land: text}}
        """, {"cards.yaml": CARDS, "tiles.yaml": "tiles:\n  - {id: x, land: sea}\n"})
    assert problems == []
    assert ITEM_NAMES == {"item", "items", "group", "game", "sets", "colours", "id", "position", "copies"}
    assert layout_names(loaded.sets["cards"]) == ITEM_NAMES | {"kind"}
    assert layout_names(loaded.sets["board"]) == {"game", "sets", "colours", "map", "items"}
    assert layout_names(loaded.sets["tiles"]) == ITEM_NAMES | {"land"}


def test_each_item_takes_its_face_and_back(game) -> None:
    loaded, problems = game("""\
        cards: {type: card, files: cards.yaml, items: cards, fields: {kind: text}, face: "layouts/{kind}.yaml",
                back: same}
        coins: {type: token, size: 20mm, files: coins.yaml, items: coins, face: layouts/./coin.yaml,
                back: layouts/hero.yaml}
        marks: {type: token, size: 20mm, files: marks.yaml, items: marks, face: layouts/coin.yaml}
        """, {"cards.yaml": CARDS, "coins.yaml": "coins:\n  - {id: one}\n", "marks.yaml": "marks:\n  - {id: m}\n",
              "layouts/hero.yaml": "extends: base.yaml\nboxes:\n"
                                   "  n: {x: 1, y: 1, width: 10, height: 5, text: '{id}'}\n",
              "layouts/foe.yaml": "extends: base.yaml\n",
              "layouts/coin.yaml": "extends: base.yaml\nboxes:\n  c: {circle: {}}\n",
              "layouts/base.yaml": "background: '#000000'\n"})
    assert problems == []
    cards, coins, marks = loaded.sets.values()
    assert [(i.face, i.back) for i in cards.items] == [("layouts/hero.yaml", "layouts/hero.yaml"),
                                                       ("layouts/foe.yaml", "layouts/foe.yaml"),
                                                       ("layouts/hero.yaml", "layouts/hero.yaml")]
    assert (list(cards.faces), cards.backs) == (["layouts/foe.yaml", "layouts/hero.yaml"], {})
    assert [(i.face, i.back) for i in coins.items] == [("layouts/./coin.yaml", "layouts/hero.yaml")]
    assert (list(coins.faces), list(coins.backs)) == (["layouts/./coin.yaml"], ["layouts/hero.yaml"])
    assert coins.faces["layouts/./coin.yaml"].file == "layouts/coin.yaml"
    assert [(i.face, i.back) for i in marks.items] == [("layouts/coin.yaml", None)]
    # a layout is loaded once for each size of piece and each set of names
    assert cards.faces["layouts/hero.yaml"] is not coins.backs["layouts/hero.yaml"]
    assert coins.faces["layouts/./coin.yaml"] == marks.faces["layouts/coin.yaml"]  # (two names: read twice)
    assert coins.faces["layouts/./coin.yaml"] is not marks.faces["layouts/coin.yaml"]
    assert coins.backs["layouts/hero.yaml"].width == pytest.approx(mm(20))
    assert list(loaded.layouts) == ["layouts/foe.yaml", "layouts/hero.yaml", "layouts/./coin.yaml",
                                    "layouts/coin.yaml"]
    assert loaded.layouts["layouts/hero.yaml"] is coins.backs["layouts/hero.yaml"]  # the last loaded
    assert loaded.files[-4:] == ("layouts/foe.yaml", "layouts/base.yaml", "layouts/hero.yaml", "layouts/coin.yaml")


def test_a_sets_layouts_that_cannot_be_loaded(game) -> None:
    loaded, problems = game("""\
        cards: {type: card, files: cards.yaml, items: cards, fields: {kind: text}, face: "layouts/{knd}.yaml"}
        coins: {type: token, size: 20mm, files: coins.yaml, items: coins, fields: {kind: text},
                face: "layouts/{kind + 1}.yaml", back: layouts/big.yaml}
        marks: {type: token, size: 20mm, files: marks.yaml, items: marks, face: layouts/big.yaml,
                back: layouts/big.yaml}
        """, {"cards.yaml": CARDS, "coins.yaml": "coins:\n  - {id: one, kind: a}\n  - {id: two, kind: b}\n",
              "marks.yaml": "marks:\n  - {id: m}\n",
              "layouts/big.yaml": "boxes:\n  n: {x: 1, y: 1, width: 30, height: 5, rect: {}}\n"})
    assert problems == [
        "game.yaml:5:84: error: components.cards.face: unknown name 'knd' (did you mean 'kind'?) [layout]",
        "game.yaml:7:17: error: coin 'one': face: cannot add text and number [layout]",
        "game.yaml:7:17: error: coin 'two': face: cannot add text and number [layout]",
        "layouts/big.yaml:2:6: error: box 'n' (1, 1, 30 x 5 mm) runs outside the 20 x 20 mm coin [layout]",
        "layouts/big.yaml:2:6: error: box 'n' (1, 1, 30 x 5 mm) runs outside the 20 x 20 mm mark [layout]"]
    cards, coins, marks = loaded.sets.values()
    assert (cards.faces, coins.faces, coins.backs, marks.faces, marks.backs, loaded.layouts) == ({},) * 6
    assert [(i.face, i.back) for i in coins.items] == [(None, "layouts/big.yaml")] * 2
    assert loaded.files[-1] == "layouts/big.yaml"


LOZENGE = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
           '<path d="M50 4 L88 50 L50 96 L12 50 Z"/></svg>\n')


def test_a_sets_layouts_know_the_games_icons_fonts_and_language(game) -> None:
    loaded, problems = game("""\
        cards: {type: card, files: cards.yaml, items: cards, fields: {kind: text}, face: "layouts/{game.language}.yaml"}
        backs: {type: card, files: backs.yaml, items: backs, back: layouts/en.yaml}
        coins: {type: token, size: 20mm, files: coins.yaml, items: coins, face: "layouts/{nme}.yaml",
                back: layouts/en.yaml}
        """, {"cards.yaml": CARDS, "backs.yaml": "backs:\n  - {id: x}\n", "coins.yaml": "coins:\n  - {id: y}\n",
              "icons/lozenge.svg": LOZENGE,
              "layouts/en.yaml": "boxes:\n  mark: {x: 1, y: 1, width: 5, height: 5, icon: lozenge}\n"
                                 "  id: {x: 1, y: 8, width: 10, height: 5, text: '{id}', font: body}\n"})
    assert problems == [
        "game.yaml:7:75: error: components.coins.face: unknown name 'nme' [layout]"]
    cards, backs, coins = loaded.sets.values()
    assert list(cards.faces) == ["layouts/en.yaml"] and cards.faces["layouts/en.yaml"].box("mark").get("icon") == \
        "lozenge"
    assert ([(i.face, i.back) for i in backs.items], backs.faces, list(backs.backs)) == (
        [(None, "layouts/en.yaml")], {}, ["layouts/en.yaml"])  # a back without a face
    assert ([(i.face, i.back) for i in coins.items], coins.faces, list(coins.backs)) == (
        [(None, "layouts/en.yaml")], {}, ["layouts/en.yaml"])  # its face refused, its back read all the same


def test_a_sets_layout_that_is_not_there(game) -> None:
    loaded, problems = game("""\
        cards: {type: card, files: cards.yaml, items: cards, fields: {kind: text},
                face: layouts/face.yaml}
        """, {"cards.yaml": CARDS})
    assert problems == ["game.yaml:6:17: error: layout 'layouts/face.yaml' does not exist [missing-file]"]
    assert (loaded.sets["cards"].faces, loaded.layouts) == ({}, {})
