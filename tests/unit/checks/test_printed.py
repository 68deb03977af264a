"""pnp.checks.printed: what a game's layouts print, as the checks read it (every string, in
every language, with its box, font and cell, where it comes from and what a message calls it),
every layout worked out for every piece in every language as a build draws it, and the walks
of a layout's boxes the checks share."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pnp.checks import printed as printed_module
from pnp.checks.printed import (FIELD_TEMPLATE, Printed, _describe, _printing, box_place, field_path, layouts, nested,
                                printed, uses)
from pnp.expr import parse
from pnp.model.game import Origin
from pnp.problems import Location
from pnp.units import mm

from . import conftest

HEAD = (conftest.HEAD.replace("title: Test", "title: {en: Test, fr: Essai}\nsubtitle: {fr: Sous-titre}")
        .replace("fonts: {body: SourceSansPro-Regular}",
                 "fonts: {body: SourceSansPro-Regular, heading: SourceSerifPro-Bold}"))
COMPONENTS = """
cards:
  type: card
  size: poker
  files: [north.yaml]
  items: cards
  group: {key: suit, fields: {gname: text, capital: {type: ref, to: cities, optional: true}}}
  fields:
    name: text
    home: {type: ref, to: cities, optional: true}
    near: {type: ref, to: cities.name, optional: true}
    steps: {type: list, of: {type: record, fields: {word: {type: text, optional: true}, n: int}}, default: []}
    plain: {type: int, default: 0}
    say: {type: record, optional: true, fields: {line: text}}
  face: face.yaml
  back: back.yaml
cities:
  type: token
  size: 20mm
  files: cities.yaml
  items: cities
  fields: {name: text}
  face: back.yaml
  back: city.yaml
board:
  type: board
  size: {width: 200mm, height: 200mm}
  face: board.yaml
"""
FACE = """\
extends: builtin:card
boxes:
  name: {x: 5, y: 5, width: 50, height: 5, text: "{name}"}
  gname: {x: 5, y: 10, width: 50, height: 5, text: "{group.gname}"}
  home: {x: 5, y: 15, width: 50, height: 5, text: "{home.name}"}
  title: {x: 5, y: 20, width: 50, height: 5, text: "{game.title}", font: heading}
  limit: {x: 5, y: 25, width: 50, height: 5, text: "{game.limit}"}
  mixed: {x: 5, y: 30, width: 50, height: 5, text: "No. {id}"}
  fixed: {x: 5, y: 35, width: 50, height: 5, text: {en: Hello, fr: Salut}}
  hidden: {x: 5, y: 40, width: 50, height: 5, text: "never", if: "plain > 5"}
  broken: {x: 5, y: 40, width: 50, height: 5, text: "{steps[9].word}"}
  steps: {x: 5, y: 45, width: 50, height: 20, list: steps, boxes: {w: {x: 0, y: 0, width: 50, height: 4, text: "{entry.word}"}, n: {x: 0, y: 0, width: 50, height: 4, text: "{entry.n}"}, number: {x: 0, y: 4, width: 5, height: 4, text: "{number}."}, g: {x: 0, y: 8, width: 50, height: 4, group: true, boxes: {gw: {x: 0, y: 0, width: 50, height: 4, text: "{entry.word}"}}}, pic: {x: 0, y: 12, width: 5, height: 4, image: "{id}.png", else: {text: "{entry.n}"}}}}
  picture: {x: 5, y: 70, width: 5, height: 5, image: "{id}.png", else: {text: "{plain}"}}
  other: {x: 10, y: 70, width: 5, height: 5, image: "{id}.png", else: {text: {de: "Kein {plain}", en: "No {plain}"}}}
  shown: {x: 15, y: 70, width: 5, height: 5, text: "Shown", if: "plain >= 0"}
  own: {x: 20, y: 70, width: 5, height: 5, text: "{item.id}"}
  many: {x: 25, y: 70, width: 5, height: 5, text: "{len(items)} in all, {position} of {copies}"}
  mine: {x: 30, y: 70, width: 5, height: 5, text: "{group.id}!"}
  capital: {x: 35, y: 70, width: 5, height: 5, text: "{group.capital.name}"}
  all: {x: 40, y: 70, width: 5, height: 5, list: items, boxes: {n: {x: 0, y: 0, width: 5, height: 1, text: "{entry.id}"}}}
  table: {x: 5, y: 75, width: 50, height: 10, table: {rows: "range(0, 2)", columns: [0, 0.5], header: [Area, "#"], cells: ["{row}", "{name}"]}}
  say: {x: 5, y: 86, width: 50, height: 1, text: "{say.line}"}
  near: {x: 5, y: 87, width: 50, height: 1, text: "{near.name}"}
  sub: {x: 5, y: 85, width: 50, height: 1, text: "{game.subtitle}"}
"""
BACK = """\
extends: builtin:card
boxes:
  rect: {x: 0, y: 0, width: 10, height: 10, rect: {fill: "#000000"}}
"""
CITY = """\
extends: builtin:token
boxes:
  name: {x: 0, y: 0, width: 20, height: 5, text: "{name}"}
"""
BOARD = """\
extends: builtin:board
colours: {sea: "#112233"}
boxes:
  track: {x: 0, y: 0, width: 40, height: 4, track: {spaces: "range(0, 2)"}}
  title: {x: 5, y: 50, width: 50, height: 5, text: "{game.title}"}
  sea: {x: 5, y: 60, width: 50, height: 5, text: "Sea {colours.sea}"}
"""
NORTH = """\
suit: {id: north, gname: {en: North, fr: Nord}, capital: rome}
cards:
  - {id: king, name: {en: King, fr: Roi}, home: paris, steps: [{word: {en: Go, fr: Va}, n: 1}], plain: 2}
  - {id: queen, name: {en: Queen, fr: Reine}, home: rome, near: Paris, say: {line: Hear}}
  - {id: jack, name: {fr: Valet}, home: nowhere, steps: [{word: {fr: Seul}, n: 2}, {n: 3}]}
"""
CITIES = """\
cities:
  - {id: paris, name: Paris}
  - {id: rome, name: {en: Rome, fr: Rome}}
"""
FILES = dict(north=NORTH, cities=CITIES, face=FACE, back=BACK, board=BOARD, city=CITY)


@pytest.fixture
def game(load, monkeypatch):
    monkeypatch.setattr(conftest, "HEAD", HEAD)
    game, problems = load(COMPONENTS, **FILES)
    assert problems == []
    return game


def seen(found: list[Printed]) -> list[tuple]:
    """Each string as a tuple: its text, box, layout, font, place and name, and its cell (in mm)."""
    return [(p.text, p.box.name, p.layout.file, p.font, str(p.where), p.name,
             p.cell and (round(p.cell.width / mm(1), 3), p.cell.size, p.cell.font, p.cell.kind)) for p in found]


def test_every_string_every_layout_prints_once_a_box_and_source_in_every_language(game) -> None:
    # a text the same in French is not printed again, nor a text the same for each item (the table's
    # "0"); a hidden box prints nothing, nor a box whose template fails (a jack's home is no city); the
    # back prints no text
    assert seen(printed(game)) == [
        ('King', 'name', 'face.yaml', 'body', 'north.yaml:3:27', "card 'king': name.en", None),
        ('North', 'gname', 'face.yaml', 'body', 'north.yaml:1:31', 'suit.gname.en', None),
        ('Paris', 'home', 'face.yaml', 'body', 'cities.yaml:2:23', "city 'paris': name", None),
        ('Test', 'title', 'face.yaml', 'heading', 'game.yaml:1:13', 'title.en', None),
        ('3', 'limit', 'face.yaml', 'body', 'game.yaml:6:17', 'values.limit', None),
        ('No. king', 'mixed', 'face.yaml', 'body', 'north.yaml:3:5', "card 'king': mixed", None),
        ('Hello', 'fixed', 'face.yaml', 'body', 'face.yaml:9:10', "layout 'face.yaml': fixed", None),
        ('Go', 'w', 'face.yaml', 'body', 'north.yaml:3:76', "card 'king': steps[0].word.en", None),
        ('1', 'n', 'face.yaml', 'body', 'north.yaml:3:92', "card 'king': steps[0].n", None),
        ('1.', 'number', 'face.yaml', 'body', 'face.yaml:12:195', "layout 'face.yaml': number", None),
        ('Go', 'gw', 'face.yaml', 'body', 'north.yaml:3:76', "card 'king': steps[0].word.en", None),
        ('1', 'pic.else', 'face.yaml', 'body', 'north.yaml:3:92', "card 'king': steps[0].n", None),
        ('2', 'picture.else', 'face.yaml', 'body', 'north.yaml:3:104', "card 'king': plain", None),
        ('No 2', 'other.else', 'face.yaml', 'body', 'north.yaml:3:5', "card 'king': other.else", None),
        ('Shown', 'shown', 'face.yaml', 'body', 'face.yaml:15:10', "layout 'face.yaml': shown", None),
        ('king', 'own', 'face.yaml', 'body', 'north.yaml:3:5', "card 'king': own", None),
        ('3 in all, 1 of 1', 'many', 'face.yaml', 'body', 'north.yaml:3:5', "card 'king': many", None),
        ('north!', 'mine', 'face.yaml', 'body', 'north.yaml:3:5', "card 'king': mine", None),
        ('Rome', 'capital', 'face.yaml', 'body', 'cities.yaml:3:27', "city 'rome': name.en", None),
        ('king', 'n', 'face.yaml', 'body', 'face.yaml:20:68', "layout 'face.yaml': n", None),
        ('queen', 'n', 'face.yaml', 'body', 'face.yaml:20:68', "layout 'face.yaml': n", None),
        ('jack', 'n', 'face.yaml', 'body', 'face.yaml:20:68', "layout 'face.yaml': n", None),
        ('Area', 'table', 'face.yaml', 'heading', 'face.yaml:21:10',
         "layout 'face.yaml': table", (25.0, 7.5, 'heading', 'column')),
        ('#', 'table', 'face.yaml', 'heading', 'face.yaml:21:10',
         "layout 'face.yaml': table", (25.0, 7.5, 'heading', 'column')),
        ('0', 'table', 'face.yaml', 'body', 'face.yaml:21:10',
         "layout 'face.yaml': table", (25.0, 7.5, 'body', 'column')),
        ('King', 'table', 'face.yaml', 'body', 'north.yaml:3:27',
         "card 'king': name.en", (25.0, 7.5, 'body', 'column')),
        ('1', 'table', 'face.yaml', 'body', 'face.yaml:21:10',
         "layout 'face.yaml': table", (25.0, 7.5, 'body', 'column')),
        ('Sous-titre', 'sub', 'face.yaml', 'body', 'game.yaml:2:16', 'subtitle.fr', None),
        ('Queen', 'name', 'face.yaml', 'body', 'north.yaml:4:28', "card 'queen': name.en", None),
        ('Rome', 'home', 'face.yaml', 'body', 'cities.yaml:3:27', "city 'rome': name.en", None),
        ('No. queen', 'mixed', 'face.yaml', 'body', 'north.yaml:4:5', "card 'queen': mixed", None),
        ('0', 'picture.else', 'face.yaml', 'body', 'north.yaml:4:5', "card 'queen': plain", None),
        ('No 0', 'other.else', 'face.yaml', 'body', 'north.yaml:4:5', "card 'queen': other.else", None),
        ('queen', 'own', 'face.yaml', 'body', 'north.yaml:4:5', "card 'queen': own", None),
        ('3 in all, 2 of 1', 'many', 'face.yaml', 'body', 'north.yaml:4:5', "card 'queen': many", None),
        ('north!', 'mine', 'face.yaml', 'body', 'north.yaml:4:5', "card 'queen': mine", None),
        ('Queen', 'table', 'face.yaml', 'body', 'north.yaml:4:28',
         "card 'queen': name.en", (25.0, 7.5, 'body', 'column')),
        ('Hear', 'say', 'face.yaml', 'body', 'north.yaml:4:5', "card 'queen': say", None),
        ('Valet', 'name', 'face.yaml', 'body', 'north.yaml:5:27', "card 'jack': name.fr", None),
        ('No. jack', 'mixed', 'face.yaml', 'body', 'north.yaml:5:5', "card 'jack': mixed", None),
        ('Seul', 'w', 'face.yaml', 'body', 'north.yaml:5:70', "card 'jack': steps[0].word.fr", None),
        ('2', 'n', 'face.yaml', 'body', 'north.yaml:5:80', "card 'jack': steps[0].n", None),
        ('Seul', 'gw', 'face.yaml', 'body', 'north.yaml:5:70', "card 'jack': steps[0].word.fr", None),
        ('2', 'pic.else', 'face.yaml', 'body', 'north.yaml:5:80', "card 'jack': steps[0].n", None),
        ('3', 'n', 'face.yaml', 'body', 'north.yaml:5:88', "card 'jack': steps[1].n", None),
        ('2.', 'number', 'face.yaml', 'body', 'face.yaml:12:195', "layout 'face.yaml': number", None),
        ('3', 'pic.else', 'face.yaml', 'body', 'north.yaml:5:88', "card 'jack': steps[1].n", None),
        ('0', 'picture.else', 'face.yaml', 'body', 'north.yaml:5:5', "card 'jack': plain", None),
        ('No 0', 'other.else', 'face.yaml', 'body', 'north.yaml:5:5', "card 'jack': other.else", None),
        ('jack', 'own', 'face.yaml', 'body', 'north.yaml:5:5', "card 'jack': own", None),
        ('3 in all, 3 of 1', 'many', 'face.yaml', 'body', 'north.yaml:5:5', "card 'jack': many", None),
        ('north!', 'mine', 'face.yaml', 'body', 'north.yaml:5:5', "card 'jack': mine", None),
        ('Valet', 'table', 'face.yaml', 'body', 'north.yaml:5:27',
         "card 'jack': name.fr", (25.0, 7.5, 'body', 'column')),
        ('Roi', 'name', 'face.yaml', 'body', 'north.yaml:3:37', "card 'king': name.fr", None),
        ('Nord', 'gname', 'face.yaml', 'body', 'north.yaml:1:42', 'suit.gname.fr', None),
        ('Essai', 'title', 'face.yaml', 'heading', 'game.yaml:1:23', 'title.fr', None),
        ('Salut', 'fixed', 'face.yaml', 'body', 'face.yaml:9:10', "layout 'face.yaml': fixed", None),
        ('Va', 'w', 'face.yaml', 'body', 'north.yaml:3:84', "card 'king': steps[0].word.fr", None),
        ('Va', 'gw', 'face.yaml', 'body', 'north.yaml:3:84', "card 'king': steps[0].word.fr", None),
        ('Roi', 'table', 'face.yaml', 'body', 'north.yaml:3:37', "card 'king': name.fr", (25.0, 7.5, 'body', 'column')),
        ('Reine', 'name', 'face.yaml', 'body', 'north.yaml:4:39', "card 'queen': name.fr", None),
        ('Reine', 'table', 'face.yaml', 'body', 'north.yaml:4:39',
         "card 'queen': name.fr", (25.0, 7.5, 'body', 'column')),
        ('Paris', 'name', 'city.yaml', 'body', 'cities.yaml:2:23', "city 'paris': name", None),
        ('Rome', 'name', 'city.yaml', 'body', 'cities.yaml:3:27', "city 'rome': name.en", None),
        ('0', 'track', 'board.yaml', 'heading', 'board.yaml:4:10',
         "layout 'board.yaml': track", (2.5, 5.0, 'heading', 'space')),
        ('1', 'track', 'board.yaml', 'heading', 'board.yaml:4:10',
         "layout 'board.yaml': track", (2.5, 5.0, 'heading', 'space')),
        ('Test', 'title', 'board.yaml', 'body', 'game.yaml:1:13', 'title.en', None),
        ('Sea #112233', 'sea', 'board.yaml', 'body', 'board.yaml:6:8', "layout 'board.yaml': sea", None),
        ('Essai', 'title', 'board.yaml', 'body', 'game.yaml:1:23', 'title.fr', None)
    ]
    assert printed(game) is printed(game)  # worked out once a game


def test_a_game_without_languages_prints_in_english(game) -> None:
    game.languages = ()
    assert [p.text for p in printed(game) if p.box.name == "fixed"] == ["Hello"]


def test_a_text_the_same_in_two_boxes_or_fonts_is_printed_in_each(game) -> None:
    face = game.sets["cards"].faces["face.yaml"]
    strings = seen(printed(game))
    assert [s[:4] for s in strings if s[0] == "King"] == [("King", "name", "face.yaml", "body"),
                                                          ("King", "table", "face.yaml", "body")]
    assert face.boxes[0].name == "name"


def test_the_template_that_prints_one_field_and_nothing_else() -> None:
    assert FIELD_TEMPLATE.pattern == r"^\{\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\}$"
    assert [field_path(s) for s in ("{name}", "{ group.area.name }", "{_a1.b}", "No. {id}", "{1a}", "{a.}",
                                    "{a + b}", "{name}!", "{}")] == [
        ("name",), ("group", "area", "name"), ("_a1", "b"), None, None, None, None, None, None]


def test_a_source_is_described_by_its_owner_and_field(game) -> None:
    assert _describe(game, Origin("north.yaml", ("cards", 0)), ("name", "en")) == ("card 'king'", "name.en")
    assert _describe(game, Origin("game.yaml", ()), ("title", "fr")) == ("title.fr", "")
    assert _describe(game, Origin("gone.yaml", ("cards", 0)), ("steps", 0, "word")) == ("gone.yaml", "steps.0.word")
    p = Printed("x", None, None, "body", Location("a.yaml"), lambda: ("card 'king'", "name"))
    assert (p.name, p.cell) == ("card 'king': name", None)
    assert Printed("x", None, None, "body", Location("a.yaml"), lambda: ("title.fr", "")).name == "title.fr"


def test_a_sets_layouts_its_faces_then_its_backs(game) -> None:
    assert [layout.file for layout in layouts(game.sets["cards"])] == ["face.yaml", "back.yaml"]
    assert [layout.file for layout in layouts(game.sets["board"])] == ["board.yaml"]
    king = game.sets["cards"].items[0]
    face, back = layouts(game.sets["cards"])
    assert (uses(game.sets["cards"], king, face), uses(game.sets["cards"], king, back)) == (True, True)
    assert not uses(game.sets["cities"], game.sets["cities"].items[0], face)
    assert str(box_place(game, face, face.boxes[3])) == "face.yaml:6:10"


def test_every_box_of_a_layout_with_a_groups_and_the_box_drawn_instead(game) -> None:
    from pnp.layout.reader import Box

    def box(name: str, kind: str = "text", **settings) -> Box:
        return Box(name, kind, 0.0, 0.0, 10.0, 10.0, settings, None, 0.0, False, ("boxes", name))
    inner = box("inner", "list", boxes=[box("row")])
    boxes = [box("a", "group", boxes=[box("b"), inner]),
             box("c", "image", **{"else": box("d", "list", boxes=[box("e")])}),
             box("f", "list", boxes=[box("g")]), box("h", "group")]
    boxes.append(box("p", "place", boxes=[box("spot", "group", boxes=[box("mark")])]))
    assert [b.name for b in nested(boxes)] == ["a", "b", "inner", "c", "d", "f", "h", "p"]
    assert [b.name for b in nested(boxes, rows=True)] == ["a", "b", "inner", "row", "c", "d", "e", "f", "g", "h", "p",
                                                          "spot", "mark"]
    # whether boxes print text: a text box does, a rect not, an image only with a box that does instead
    assert (_printing([box("r", "rect")]), _printing([box("t")]), _printing([box("i", "image")]),
            _printing([box("i", "image", **{"else": box("r", "rect")})]),
            _printing([box("r", "rect"), box("i", "image", **{"else": box("t")})])) == (False, True, False, False, True)


# --- every layout worked out for every piece ----------------------------------------------------

def test_every_layout_is_worked_out_for_every_piece_as_a_build_draws_it(game) -> None:
    from pnp.checks.printed import worked_out

    found = worked_out(game)
    assert found is worked_out(game)  # (once a game)
    # each failure once by where it is written and what it says: the first piece it fails for, in which
    # language, and the others; a box's own boxes (a list's rows) located at the box
    assert {(str(where), message): (owner, language, sorted(others))
            for (where, message), (owner, language, others) in found.failures.items()} == {
        ("face.yaml:11:11", "layout 'face.yaml': box 'broken': index 9 is out of range (the list has 1 elements)"):
            ("card 'king'", "en", []),
        ("face.yaml:22:8", "layout 'face.yaml': box 'say': cannot read field 'line' of none"):
            ("card 'king'", "en", ["card 'jack'"]),
        ("face.yaml:23:9", "layout 'face.yaml': box 'near': cannot read field 'name' of none"):
            ("card 'king'", "en", ["card 'jack'"]),
        ("face.yaml:11:11", "layout 'face.yaml': box 'broken': index 9 is out of range (the list has 0 elements)"):
            ("card 'queen'", "en", []),
        ("face.yaml:23:9", "layout 'face.yaml': box 'near': cannot read field 'name' of text"):
            ("card 'queen'", "en", []),
        ("face.yaml:5:9", "layout 'face.yaml': box 'home': cannot read field 'name' of none"):
            ("card 'jack'", "en", []),
        ("face.yaml:11:11", "layout 'face.yaml': box 'broken': index 9 is out of range (the list has 2 elements)"):
            ("card 'jack'", "en", []),
        ("face.yaml:12:10", "layout 'face.yaml': box 'steps': no field 'word'"): ("card 'jack'", "en", [])}
    assert found.notes == []


def test_a_box_the_same_for_every_piece_is_not_worked_out(game, monkeypatch) -> None:
    import pnp.boxes
    from pnp.checks.printed import _holds_work, _works_out, worked_out
    from pnp.layout.values import Colour

    drawn: list = []
    draw = pnp.boxes.draw_box
    monkeypatch.setattr(pnp.boxes, "draw_box", lambda box, ctx, env: drawn.append(box.name) or draw(box, ctx, env))
    worked_out(game)
    # the back's fixed rectangle never; the city's name for each city in each language; the board's fixed
    # text once a language, as each of its templates
    assert "rect" not in drawn and drawn.count("name") == 3 * 2 + 2 * 2 and drawn.count("sea") == 2
    assert not _works_out(game.layouts["back.yaml"].box("rect"))
    assert _works_out(game.layouts["face.yaml"].box("shown"))  # (its if)
    assert [_holds_work(v) for v in (Colour("#000000"), Colour(None), {"a": [1, Colour(template=expr_template())]},
                                      ("x", 2.0), {"boxes": ()})] == [False, False, True, False, False]


def expr_template():
    from pnp import expr

    return expr.parse_template("{name}", frozenset({"name"}))


def test_what_pnp_cannot_draw_is_said_where_it_is(game, monkeypatch) -> None:
    from dataclasses import replace

    from pnp.boxes.kind import REGISTERED
    from pnp.checks.printed import worked_out

    def boom(box, ctx, env):
        raise TypeError("no such thing")
    monkeypatch.setitem(REGISTERED, "track", replace(REGISTERED["track"], draw=boom))
    assert [(str(where), message, owner) for (where, message), (owner, _, _) in worked_out(game).failures.items()
            if "board" in message] == [
        ("board.yaml:4:10", "layout 'board.yaml': box 'track': pnp cannot draw it (TypeError: no such thing)",
         "board 'board'")]


def test_nothing_is_worked_out_without_the_games_fonts(game) -> None:
    from pnp.checks.printed import worked_out

    game.fonts["body"] = "NoSuchFont"
    game.font_roles["body"] = "NoSuchFont"
    assert worked_out(game).failures == {} and worked_out(game).notes == []


def test_a_background_is_located_where_it_is_written(load, monkeypatch, tmp_path) -> None:
    from pnp.checks.printed import _background, worked_out

    monkeypatch.setattr(conftest, "HEAD", HEAD)
    files = dict(FILES, back="extends: base.yaml\nboxes: {}\n",
                 base='extends: builtin:card\nbackground: "{colours.papr}"\nboxes: {}\n')
    game, problems = load(COMPONENTS, **files)
    assert problems == []
    back = game.layouts["back.yaml"]
    assert str(_background(game, back)) == "base.yaml:2:13"
    assert [(str(where), message) for where, message in worked_out(game).failures if "background" in message] == [
        ("base.yaml:2:13", "layout 'back.yaml': background: no field 'papr' (did you mean 'paper'?) in "
         "'{colours.papr}'")]
    assert str(_background(game, replace_sources(back))) == "back.yaml:1:1"  # (nowhere it can be read)


def replace_sources(layout):
    from dataclasses import replace

    return replace(layout, sources=("builtin:card",))


def test_a_box_that_reads_what_one_left_alone_keeps_is_drawn_after_it(monkeypatch) -> None:
    from dataclasses import replace

    from pnp.boxes.context import Context
    from pnp.boxes.kind import REGISTERED
    from pnp.checks.printed import _drawn
    from pnp.layout.reader import Box, Layout

    def keep(box, ctx, env):
        ctx.extra["frame"] = box.name
        return []

    def read(box, ctx, env):
        return [ctx.extra["frame"], expr_template().render(env)]
    monkeypatch.setitem(REGISTERED, "rect", replace(REGISTERED["rect"], draw=keep))
    monkeypatch.setitem(REGISTERED, "text", replace(REGISTERED["text"], draw=read))
    fixed = Box("frame", "rect", 0.0, 0.0, 1.0, 1.0, {})
    reading = Box("name", "text", 0.0, 0.0, 1.0, 1.0, {"text": expr_template()})
    layout = Layout("face.yaml", 10.0, 10.0, {}, None, (fixed, reading))
    ctx = Context({}, {}, {}, "en", "en", layout)
    # the frame, the same for every piece, is left alone: the name cannot be drawn without it
    assert _drawn(layout, ctx, {"name": "x"}, {}) is None
    assert _drawn(layout, ctx, {"name": "x"}, None) == [] and ctx.extra == {"frame": "frame"}
    assert [(box.name, said, element) for box, said, element in _drawn(layout, ctx, {}, None)] == [
        ("name", "unknown name 'name'", None)]
    alone = Layout("face.yaml", 10.0, 10.0, {}, None, (reading,))
    assert [(box.name, said) for box, said, _ in _drawn(alone, Context({}, {}, {}, "en", "en", alone), {"name": "x"},
                                                      {})] == [("name", "pnp cannot draw it (KeyError: 'frame')")]
    monkeypatch.setitem(REGISTERED, "text", replace(REGISTERED["text"], draw=lambda *a: (_ for _ in ()).throw(
        MemoryError())))
    with pytest.raises(MemoryError):  # (pnp's command says it in a line of its own)
        _drawn(alone, Context({}, {}, {}, "en", "en", alone), {"name": "x"}, {})


def test_a_text_of_an_elements_record_is_said_at_the_record_but_for_the_layouts_own_icons() -> None:
    from pnp.checks.printed import _record_row, _written
    from pnp.expr import parse_template
    from pnp.model.game import Origin, View

    record = SimpleNamespace(origin=Origin("actions.yaml", ("actions", 0)))
    entry = View(name="Nets")
    entry.record = record
    assert _record_row({"entry": entry}, ("steps", 1)) == (record,)
    assert _record_row({"entry": {"name": "Nets"}}, ("steps", 1)) == ("steps", 1)  # (no record: the holder's row)
    assert _record_row({}, ()) == ()
    template = parse_template("{entry.name} :sowrd:")
    icons = {"sword": object(), "fish": object()}
    assert _written(template, "Nets :sowrd:", icons)  # (the layout's typo: said at the layout)
    assert not _written(template, "Nets :fsh: :sowrd:", icons)  # (the data's too: at the record)
    assert not _written(template, "Nets :fish: :sword:", icons)  # (none missing)


# --- a place box's elements, as each check that reads a piece's boxes reads them ---------------

PLACED = """
cards:
  type: card
  size: poker
  files: cards.yaml
  items: cards
  fields: {name: text}
  face: spots.yaml
actions:
  type: data
  files: actions.yaml
  items: actions
  fields: {tint: text, steps: {type: list, of: int, default: []}}
"""
SPOTS = """\
extends: builtin:card
boxes:
  title: {x: 5, y: 0, width: 50, height: 5, text: "{name}"}
  spots:
    x: 5
    y: 5
    width: 50
    height: 60
    place: sets.actions.items
    grid: {columns: 1, rows: 3}
    boxes:
      frame: {x: 0, y: 0, width: 50, height: 20, rect: {fill: "{entry.tint}"}}
      steps: {x: 0, y: 10, width: 50, height: 8, list: entry.steps, boxes: {s: {x: 0, y: 0, width: 50, height: 4, text: "{entry}"}}}
      mark: {x: 40, y: 0, width: 5, height: 5, icon: crown}
"""
ACTIONS = """\
actions:
  - {id: farm, tint: "#00ff00", steps: [1]}
  - {id: fish, tint: blu, steps: [1, 2, 3]}
"""


@pytest.fixture
def placed_game(load, tmp_path):
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "crown.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0L10 10L0 10Z"/></svg>', "utf-8")
    game, problems = load(PLACED, cards="cards:\n  - {id: a, name: Ann}\n  - {id: b, name: Bo}\n", spots=SPOTS,
                          actions=ACTIONS)
    assert problems == []
    return game


def test_each_box_drawn_for_a_piece_with_what_it_reads_and_the_element_it_is_drawn_for(placed_game) -> None:
    from pnp.checks.printed import drawn, element_place, held

    layout = placed_game.sets["cards"].faces["spots.yaml"]
    env = layout.env(placed_game.views("en").env(placed_game.sets["cards"].items[0]), "en", strict=False)
    found = [(box.name, inner.get("number"), element.name if element else None,
              str(element_place(placed_game, element)) if element else None)
             for box, inner, element in drawn(layout.boxes, env, "en", "en")]
    # the place box's boxes for each element, the list's rows in each with their own number, at the action's data
    assert found == [("title", None, None, None), ("spots", None, None, None),
                     ("frame", 1, "'farm' of actions.yaml", "actions.yaml:2:5"),
                     ("steps", 1, "'farm' of actions.yaml", "actions.yaml:2:5"),
                     ("s", 1, "'farm' of actions.yaml", "actions.yaml:2:5"),
                     ("mark", 1, "'farm' of actions.yaml", "actions.yaml:2:5"),
                     ("frame", 2, "'fish' of actions.yaml", "actions.yaml:3:5"),
                     ("steps", 2, "'fish' of actions.yaml", "actions.yaml:3:5"),
                     ("s", 1, "'fish' of actions.yaml", "actions.yaml:3:5"),
                     ("s", 2, "'fish' of actions.yaml", "actions.yaml:3:5"),
                     ("s", 3, "'fish' of actions.yaml", "actions.yaml:3:5"),
                     ("mark", 2, "'fish' of actions.yaml", "actions.yaml:3:5")]
    spots = layout.box("spots")
    assert [(sub.name, inner["entry"]["id"]) for sub, inner in held(spots, env, "en", "en")] == [
        ("frame", "farm"), ("steps", "farm"), ("mark", "farm"), ("frame", "fish"), ("steps", "fish"), ("mark", "fish")]
    assert list(held(layout.box("title"), env, "en", "en")) == []
    # a box whose if or rows fail is left out, with what it holds (the template check says why)
    broken = [type(spots)(**{**spots.__dict__, "settings": {**spots.settings, "place": parse("nothing.items")}})]
    assert list(drawn(broken, env, "en", "en")) == []


def test_a_fault_in_a_place_boxs_element_is_found_by_each_check_that_reads_a_pieces_boxes(placed_game,
                                                                                          monkeypatch) -> None:
    from pnp.checks import printing, run_rules

    def problems(rule: str) -> list[str]:
        return [p.format() for p in run_rules(placed_game, only=frozenset({rule}))]

    assert problems("colour-value") == [
        "actions.yaml:3:5: error: 'fish' of actions.yaml: frame.rect.fill gives 'blu', not a colour (#RRGGBB or none), "
        "in layout 'spots.yaml' (box 'spots' of card 'a') [colour-value]"]
    assert [p for p in problems("text-fit") if "rows" in p] == [
        "actions.yaml:3:5: error: 'fish' of actions.yaml: 3 rows of the steps list do not fit its 8 mm box, which holds "
        "2 of 4 mm (box 'spots' of card 'a') [text-fit]"]
    monkeypatch.setattr(printing, "MAX_PIECE_SEGMENTS", 7)  # (the crown is 4 segments, placed for each element)
    assert problems("piece-icons") == [
        "cards.yaml:2:5: error: card 'a': layout 'spots.yaml' places icons of 8 path segments in all, more than pnp "
        "draws on one piece (7): place fewer or simpler icons [piece-icons]",
        "cards.yaml:3:5: error: card 'b': layout 'spots.yaml' places icons of 8 path segments in all, more than pnp "
        "draws on one piece (7): place fewer or simpler icons [piece-icons]"]
