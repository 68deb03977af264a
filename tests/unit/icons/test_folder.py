"""pnp.icons.folder: a game's icons folder, each `*.svg` an icon named by its stem; a file that
cannot be read, is too large or is not UTF-8 refused at its place; the problems of each icon in
the order of the file; and icons kept between validations, by the hash of their file."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from pnp.icons import folder
from pnp.icons.folder import MAX_ICON_BYTES, Icon, load_icon, load_icons, remember, remembered
from pnp.problems import CHECKS, Location, Severity
from pnp.scene import Circle, Group, Path as ScenePath, Rect, Style, chain, ellipse_path, rotate, translate

ROOT = Path(__file__).resolve().parents[3]
HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
BLACK = Style(fill="#000000")
NOT_DRAWN = "is not drawn by pnp (an icon may use path, rect, circle, ellipse, line, polyline, polygon and g)"

GAME_ICONS = {
    "crown", "castle", "sword", "crossed-swords", "chest",
    "monogram", "merchant-mark", "fleur-de-lis", "crowned-cross", "three-crowns", "order-cross",
    # the suits' marks and the kinds' marks
    "lotus", "fish", "waves", "crescent", "gopuram", "tiger-stripes", "pennant", "spearhead", "cobra", "bell",
    "lozenge", "quoit", "star-eight", "sun", "wheat", "conch", "dome", "tent", "bale",
}


@pytest.fixture(autouse=True)
def nothing_remembered():
    """Each test starts with no icons kept from a build (and leaves none)."""
    folder._known.clear()
    yield
    folder._known.clear()


def write(tmp_path: Path, text: str | bytes, name: str = "icon.svg") -> str:
    icons = tmp_path / "icons"
    icons.mkdir(exist_ok=True)
    target = icons / name
    if isinstance(text, bytes):
        target.write_bytes(text)
    else:
        target.write_text(text, encoding="utf-8")
    return f"icons/{name}"


def problems_of(tmp_path: Path, text: str | bytes) -> list[tuple[int, int, str]]:
    file = write(tmp_path, text)
    icon, problems = load_icon(tmp_path, file)
    assert icon is None
    assert all(p.rule == "icon" and p.severity is Severity.ERROR and p.location.file == file for p in problems)
    return [(p.location.line, p.location.column, p.message) for p in problems]


def test_the_check_is_registered() -> None:
    check = CHECKS["icon"]
    assert check.severity is Severity.ERROR
    assert check.doc == "An icon file cannot be read, is not SVG, or uses an SVG feature pnp does not draw."
    assert MAX_ICON_BYTES == 1_000_000


# --- the game's icons -------------------------------------------------------------------------


def test_every_game_icon_loads_without_problems() -> None:
    icons, problems = load_icons(ROOT)
    assert problems == []
    assert set(icons) == GAME_ICONS
    assert list(icons) == sorted(icons)
    for name, icon in icons.items():
        assert icon.name == name
        assert icon.file == f"icons/{name}.svg"
        assert icon.view_box == (0.0, 0.0, 100.0, 100.0)
        assert icon.nodes


def test_the_crown_file_is_the_crown() -> None:
    icon, problems = load_icon(ROOT, "icons/crown.svg")
    assert problems == [] and icon is not None
    body = (("M", 12, 74), ("L", 6, 30), ("L", 30, 50), ("L", 50, 18), ("L", 70, 50), ("L", 94, 30),
            ("L", 88, 74), ("Z",))
    white = Style(fill="#ffffff")
    assert icon.nodes == (
        ScenePath(body, Style(fill="#000000", stroke="#000000", stroke_width=3, line_join="round")),
        Rect(10, 78, 80, 12, BLACK, radius=2),
        Circle(6, 27, 7, BLACK),
        Circle(50, 14, 7, BLACK),
        Circle(94, 27, 7, BLACK),
        Circle(30, 84, 3.2, white),
        Circle(50, 84, 3.2, white),
        Circle(70, 84, 3.2, white),
        ScenePath(ellipse_path(50, 56, 6, 8), white),
    )
    assert icon.segments == 8 + 10 + 6 * 10 + 6


def test_the_sword_is_turned_about_the_centre_exactly_as_the_scene_would() -> None:
    icon, _ = load_icon(ROOT, "icons/sword.svg")
    assert icon is not None and len(icon.nodes) == 1
    group = icon.nodes[0]
    assert isinstance(group, Group)
    assert group.transform == chain(translate(-50, -50), rotate(40), translate(50, 50))


# --- folders ------------------------------------------------------------------------------------


def test_load_icons_reads_a_folder_by_stem_and_leaves_out_broken_icons(tmp_path: Path) -> None:
    write(tmp_path, HEAD + '<rect width="1" height="1"/></svg>', "b-icon.svg")
    write(tmp_path, HEAD + '<text>no</text></svg>', "broken.svg")
    write(tmp_path, HEAD + '</svg>', "a.svg")
    write(tmp_path, "not an icon", "notes.txt")
    (tmp_path / "icons" / "folder.svg").mkdir()
    icons, problems = load_icons(tmp_path)
    assert list(icons) == ["a", "b-icon"]
    assert icons["a"] == Icon("a", "icons/a.svg", (0.0, 0.0, 100.0, 100.0), ())
    assert icons["b-icon"] == Icon("b-icon", "icons/b-icon.svg", (0.0, 0.0, 100.0, 100.0), (Rect(0, 0, 1, 1, BLACK),))
    assert [(p.location, p.message) for p in problems] == [
        (Location("icons/broken.svg", 1, len(HEAD) + 1), f"<text> {NOT_DRAWN}")]


def test_the_problems_of_every_icon_in_file_order(tmp_path: Path) -> None:
    write(tmp_path, HEAD + '<text/></svg>', "b.svg")
    write(tmp_path, "<svg/>", "a.svg")
    write(tmp_path, b"\xff", "c.svg")
    _, problems = load_icons(tmp_path)
    assert [(p.location.file, p.location.line, p.location.column) for p in problems] == [
        ("icons/a.svg", 1, 1), ("icons/b.svg", 1, len(HEAD) + 1), ("icons/c.svg", 1, 1)]


def test_the_icons_that_cannot_be_drawn_are_named_with_their_first_problem(tmp_path: Path) -> None:
    from pnp.icons.folder import cannot_be_drawn, unusable
    from pnp.problems import problem

    write(tmp_path, HEAD + '\n<g>\n<use href="#a"/>\n<text/></g></svg>', "fire.svg")
    write(tmp_path, "<svg/>", "bare.svg")
    write(tmp_path, HEAD + '</svg>', "fine.svg")
    icons, problems = load_icons(tmp_path)
    other = problem("schema", Location("icons/notes.yaml", 2, 1), "not an icon's")
    found = unusable(list(reversed(problems)) + [other])  # (whatever their order: the first of each file)
    assert found == {"bare": Location("icons/bare.svg", 1, 1), "fire": Location("icons/fire.svg", 3, 1)}
    assert list(icons) == ["fine"]
    assert cannot_be_drawn("fire", found["fire"]) == "icon 'fire' cannot be drawn: see icons/fire.svg:3"
    assert cannot_be_drawn("bare", found["bare"]) == "icon 'bare' cannot be drawn: see icons/bare.svg:1"


def test_load_icons_without_the_folder_finds_nothing(tmp_path: Path) -> None:
    assert load_icons(tmp_path) == ({}, [])
    assert load_icons(tmp_path, "art/symbols") == ({}, [])
    (tmp_path / "icons").write_text("a file, not a folder")
    assert load_icons(tmp_path) == ({}, [])


def test_load_icons_reads_another_folder(tmp_path: Path) -> None:
    (tmp_path / "art" / "symbols").mkdir(parents=True)
    (tmp_path / "art" / "symbols" / "star.svg").write_text(HEAD + "</svg>")
    icons, problems = load_icons(tmp_path, "art/symbols")
    assert problems == []
    assert icons == {"star": Icon("star", "art/symbols/star.svg", (0.0, 0.0, 100.0, 100.0), ())}


# --- one file ------------------------------------------------------------------------------------


def test_an_icons_problems_in_the_order_of_the_file(tmp_path: Path) -> None:
    # the reader finds a shape's geometry after its painting; they are given line by line, column by column
    text = f'{HEAD}\n  <rect width="-1" height="1" fill="blak" opacity="0.5"/>\n  <text/>\n</svg>'
    assert problems_of(tmp_path, text) == [
        (2, 9, "width may not be negative"),
        (2, 31, 'fill: "blak" is not a colour (use #rrggbb, #rgb, rgb(r, g, b), a CSS colour name, none or '
                "currentColor)"),
        (2, 43, "opacity is not supported; use solid colours"),
        (3, 3, f"<text> {NOT_DRAWN}"),
    ]


def test_an_icon_without_a_size_is_refused(tmp_path: Path) -> None:
    assert problems_of(tmp_path, "<svg/>") == [(1, 1, "the <svg> root needs a viewBox (or a width and height in px)")]


def test_a_file_of_1_mb_at_most(tmp_path: Path) -> None:
    head, tail = HEAD + "<!--", "--></svg>"
    exactly = head + "x" * (MAX_ICON_BYTES - len(head) - len(tail)) + tail
    icon, problems = load_icon(tmp_path, write(tmp_path, exactly))
    assert problems == [] and icon is not None
    assert problems_of(tmp_path, exactly.replace("<!--", "<!-- ")) == [(1, 1, "the icon file is larger than 1 MB")]


def test_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    icon, problems = load_icon(tmp_path, "icons/gone.svg")
    assert icon is None
    assert [(p.location, p.message, p.rule) for p in problems] == [
        (Location("icons/gone.svg", 1, 1), "the icon file does not exist", "icon")]
    (tmp_path / "icons" / "dir.svg").mkdir(parents=True)
    assert [(p.location, p.message) for p in load_icon(tmp_path, "icons/dir.svg")[1]] == [
        (Location("icons/dir.svg", 1, 1), "the icon file is a folder, not a file")]
    os.symlink(tmp_path / "nowhere.svg", tmp_path / "icons" / "link.svg")
    assert [p.message for p in load_icon(tmp_path, "icons/link.svg")[1]] == ["the icon file is a link to nothing"]


def test_a_file_not_in_utf8_is_refused_where_it_stops_being_utf8(tmp_path: Path) -> None:
    text = (HEAD + "\n  <!-- caf\xe9 -->\n</svg>").encode("latin-1")
    assert problems_of(tmp_path, text) == [(2, 11, "the icon file is not UTF-8 text")]
    # characters of several bytes before it count as one column each; \r\n and \r end a line
    text = (HEAD + "\r\n<!-- \u00e9\u20ac -->\r<!-- é ").encode("utf-8") + b"\xe9 --></svg>"
    assert problems_of(tmp_path, text) == [(3, 8, "the icon file is not UTF-8 text")]
    assert problems_of(tmp_path, b"\x80") == [(1, 1, "the icon file is not UTF-8 text")]
    assert problems_of(tmp_path, "\u00e9".encode("utf-8") + b"\xc3") == [(1, 2, "the icon file is not UTF-8 text")]


def test_a_byte_order_mark_is_no_column(tmp_path: Path) -> None:
    text = "\ufeff" + HEAD + '<text/>\r\n  <rect\r\n     width="1" height="1" opacity="0.5"/>\r\n</svg>'
    assert problems_of(tmp_path, text) == [
        (1, len(HEAD) + 1, f"<text> {NOT_DRAWN}"),
        (3, 27, "opacity is not supported; use solid colours"),
    ]


def test_an_icon_read_twice_is_parsed_once(tmp_path: Path) -> None:
    file = write(tmp_path, HEAD + '<circle r="2"/></svg>')
    first, _ = load_icon(tmp_path, file)
    assert load_icon(tmp_path, file)[0] is first
    broken = write(tmp_path, HEAD + "<text/></svg>", "broken.svg")
    _, problems = load_icon(tmp_path, broken)
    problems.clear()  # the caller's own list: the next reading still has the problem
    assert len(load_icon(tmp_path, broken)[1]) == 1


# --- icons kept between validations ----------------------------------------------------------------


def test_icons_remembered_as_plain_data_with_their_files_hash(tmp_path: Path) -> None:
    text = HEAD + '<g transform="scale(2)"><circle r="2"/></g><rect width="1" height="2" rx="0.5"/></svg>'
    file = write(tmp_path, text)
    icon, _ = load_icon(tmp_path, file)
    gone = Icon("gone", "icons/gone.svg", (0.0, 0.0, 1.0, 1.0), ())
    kept = remembered(tmp_path, [icon, gone])  # (an icon whose file is gone is left out)
    assert kept == [{
        "name": "icon", "file": "icons/icon.svg", "digest": hashlib.sha256(text.encode("utf-8")).hexdigest(),
        "view_box": [0.0, 0.0, 100.0, 100.0],
        "nodes": [["group", [["circle", 0.0, 0.0, 2.0, ["#000000", None, 0.0, False, "butt", "miter"]]],
                   [2.0, 0.0, 0.0, 2.0, 0.0, 0.0], None],
                  ["rect", 0.0, 0.0, 1.0, 2.0, ["#000000", None, 0.0, False, "butt", "miter"], 0.5]],
    }]


def test_an_icon_remembered_is_taken_for_a_file_with_its_hash(tmp_path: Path) -> None:
    text = HEAD + '<circle r="2"/></svg>'
    file = write(tmp_path, text)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    # what a build kept: taken as it was kept, the file not parsed again (here it says otherwise)
    remember([{"name": "kept", "file": file, "digest": digest, "view_box": [0, 0, 10, 10],
               "nodes": [["rect", 1, 2, 3, 4, ["#ff0000", None, 0, False, "butt", "miter"], 0]]}])
    icon, problems = load_icon(tmp_path, file)
    assert problems == []
    assert icon == Icon("kept", file, (0.0, 0.0, 10.0, 10.0), (Rect(1, 2, 3, 4, Style(fill="#ff0000")),))
    assert all(type(v) is float for v in icon.view_box)
    # another file, or the same file changed, is read anew
    assert load_icon(tmp_path, write(tmp_path, text, "other.svg"))[0].name == "other"
    write(tmp_path, HEAD + '<circle r="3"/></svg>')
    assert load_icon(tmp_path, file)[0].nodes == (Circle(0, 0, 3, BLACK),)


def test_a_file_refused_is_refused_whatever_was_remembered(tmp_path: Path) -> None:
    text = (HEAD + "<!-- \xe9 --></svg>").encode("latin-1")
    file = write(tmp_path, text)
    remember([{"name": "kept", "file": file, "digest": hashlib.sha256(text).hexdigest(), "view_box": [0, 0, 1, 1],
               "nodes": []}])
    assert [p.message for p in load_icon(tmp_path, file)[1]] == ["the icon file is not UTF-8 text"]


# --- what an icon costs ---------------------------------------------------------------------------


def test_the_segments_an_icon_is_drawn_with() -> None:
    icon = Icon("i", "icons/i.svg", (0.0, 0.0, 1.0, 1.0), (
        Rect(0, 0, 1, 1, BLACK), Group((Circle(0, 0, 1, BLACK), Group((Rect(0, 0, 1, 1, BLACK, radius=0.5),)))),
        ScenePath((("M", 0, 0), ("L", 1, 1)), BLACK), Group(())))
    assert icon.segments == 5 + 10 + 10 + 2
    assert Icon("e", "icons/e.svg", (0.0, 0.0, 1.0, 1.0), ()).segments == 0
