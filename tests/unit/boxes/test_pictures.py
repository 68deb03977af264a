"""pnp.boxes.pictures: an icon as large as the box's shorter side, centred, in its colour and
light; a stand-in medallion (a sunburst in the colour's tints and a ringed disc holding an
icon), drawn once for every piece that shows the same; and a picture file covering (or
contained in) its box, cut to it and framed, or for an item without one the box given as else."""

from __future__ import annotations

import pytest

import math

from pnp.compose.piece import ComposeError
from pnp.boxes import kinds, pictures
from pnp.boxes.context import Art
from pnp.boxes.pictures import medallion_nodes
from pnp.model.colours import mix
from pnp.scene import Circle, Group, Image, Path, Rect, Style, ellipse_path

from .conftest import GOLD, ICONS, INK, PAPER, Drawn, draw_icon, rounded

PLACE = "x: 10pt, y: 20pt, width: 120pt, height: 80pt"  # centred on (70, 60)


def test_the_picture_kinds() -> None:
    known = kinds()
    assert known["icon"].keys == {"icon", "colour", "light"}
    assert known["medallion"].keys == {"medallion", "colour", "paper", "ink"}
    assert known["image"].keys == {"image", "fit", "frame", "else"}
    assert known["image"].settings["fit"].schema["enum"] == ["cover", "contain"]
    assert all(known[k].prints is None for k in ("icon", "medallion", "image"))


def test_an_icon_centred_as_large_as_the_shorter_side(piece) -> None:
    p = piece(f"""
    emblem: {{{PLACE}, icon: "{{emblem}}"}}
    tall: {{x: 10pt, y: 20pt, width: 30pt, height: 80pt, icon: star, colour: "{{colour}}", light: "{{light}}"}}
    chosen: {{{PLACE}, icon: {{switch: kind, cases: {{a: tower}}, default: shield}}}}
    """, "emblem", "colour", "light", "kind")
    assert p.draw({"emblem": "star", "colour": GOLD, "light": "#FFFFFF", "kind": "a"}) == [
        Drawn("star", 30.0, 20.0, 80.0, INK, PAPER), Drawn("star", 10.0, 45.0, 30.0, GOLD, "#ffffff"),
        Drawn("tower", 30.0, 20.0, 80.0, INK, PAPER)]
    assert p.draw({"emblem": "", "colour": "none", "light": "none", "kind": "b"}) == [  # (naming none)
        Drawn("star", 10.0, 45.0, 30.0, INK, PAPER), Drawn("shield", 30.0, 20.0, 80.0, INK, PAPER)]
    with pytest.raises(ComposeError, match=r"^layout.yaml: box 'emblem': no icon 'nope' \(the game's icons: shield, "
                                           r"star, tower\), drawing piece$"):
        p.draw({"emblem": "nope", "colour": "none", "light": "none", "kind": "b"})


def medallion(colour: str, paper: str, ink: str, icon: str | None) -> list:
    """The medallion a 120 x 80 pt box at (10, 20) shows, worked out here."""
    tint, rays, dark = mix(colour, paper, 0.72), mix(colour, paper, 0.63), mix(colour, ink, 0.5)
    reach = math.hypot(120, 80) / 2
    commands: list = []
    for i in range(24):
        a0, a1 = math.radians(i * 15 - 3.75), math.radians(i * 15 + 3.75)
        commands += [("M", 70, 60), ("L", 70 + reach * math.cos(a0), 60 + reach * math.sin(a0)),
                     ("L", 70 + reach * math.cos(a1), 60 + reach * math.sin(a1)), ("Z",)]
    r = 33.6  # 0.42 of the shorter side
    dots: tuple = ()
    for i in range(16):
        a = math.radians(i * 22.5)
        dots += ellipse_path(70 + r * 0.93 * math.cos(a), 60 + r * 0.93 * math.sin(a), r * 0.025, r * 0.025)
    nodes = [Rect(10, 20, 120, 80, Style(fill=tint)),
             Group((Path(tuple(commands), Style(fill=rays)),), clip=Rect(10, 20, 120, 80, Style())),
             Circle(70, 60, r, Style(fill=paper, stroke=dark, stroke_width=2.2)),
             Circle(70, 60, r * 0.86, Style(stroke=colour if colour != paper else dark, stroke_width=0.9)),
             Path(dots, Style(fill=dark))]
    if icon is not None:  # 1.2 times the disc's radius, centred
        nodes.append(Drawn(icon, 70 - 20.16, 60 - 20.16, 40.32, dark, paper))
    return rounded(nodes)


def test_a_medallion(piece) -> None:
    p = piece(f"""
    a: {{{PLACE}, medallion: star, colour: gold, paper: "#ffffff", ink: "#000000"}}
    b: {{{PLACE}, medallion: "{{icon}}", colour: "{{c}}", paper: "{{c}}", ink: "{{c}}"}}
    c: {{{PLACE}, medallion: star, colour: "{{c}}", paper: "{{c}}"}}
    """, "icon", "c")
    nodes = p.draw({"icon": "tower", "c": "none"})
    assert nodes[:6] == medallion(GOLD, "#ffffff", "#000000", "star")
    assert nodes[6:12] == medallion(INK, PAPER, INK, "tower")
    nodes = p.draw({"icon": "", "c": "#fdf6e3"})
    assert nodes[6:11] == medallion(PAPER, PAPER, PAPER, None)
    # a colour the paper's: its inner ring in the dark colour
    assert nodes[11:] == medallion(PAPER, PAPER, INK, "star") and nodes[14].style.stroke == mix(PAPER, INK, 0.5)


def test_a_medallion_drawn_once_for_each_box_icon_and_colours() -> None:
    from pnp.layout.reader import Box

    pictures._medallions.clear()
    box = Box("m", "medallion", 10.0, 20.0, 120.0, 80.0, {})
    first = medallion_nodes(box, ICONS["star"], GOLD, PAPER, INK, draw_icon)
    again = medallion_nodes(box, ICONS["star"], GOLD, PAPER, INK, draw_icon)
    assert rounded(first) == medallion(GOLD, PAPER, INK, "star") and first == again and first is not again
    assert all(a is b for a, b in zip(first, again))  # the same nodes
    (key,) = pictures._medallions
    assert key == (10.0, 20.0, 120.0, 80.0, id(ICONS["star"]), GOLD, PAPER, INK, draw_icon)
    other = medallion_nodes(box, ICONS["tower"], GOLD, PAPER, INK, draw_icon)
    assert other[-1].icon == "tower" and len(pictures._medallions) == 2
    # drawn by another hand (the checks', which draw no icon), its own
    assert medallion_nodes(box, ICONS["star"], GOLD, PAPER, INK, lambda *a: None)[-1] is None
    assert medallion_nodes(box, ICONS["star"], GOLD, PAPER, INK, draw_icon) == first
    del pictures._medallions[next(k for k in pictures._medallions if k[-1] is not draw_icon)]
    # an icon of the same id as one forgotten is drawn anew
    pictures._medallions[key] = (object(), ())
    assert medallion_nodes(box, ICONS["star"], GOLD, PAPER, INK, draw_icon) == first
    for i in range(1022):
        pictures._medallions[(i,)] = (None, ())
    assert len(pictures._medallions) == 1024
    medallion_nodes(box, None, GOLD, PAPER, INK, draw_icon)  # a full memory is forgotten
    assert len(pictures._medallions) == 1
    pictures._medallions.clear()


def test_a_picture_covering_its_box(piece) -> None:
    p = piece(f"""
    cover: {{{PLACE}, image: "{{art}}"}}
    contain: {{{PLACE}, image: "{{art}}", fit: contain, frame: {{stroke: ink, stroke_width: 2}}}}
    """, "art", art={"art/wide.png": (200, 100), "art/tall.png": (100, 200)})
    clip = Rect(10.0, 20.0, 120.0, 80.0, Style())
    # 200 x 100 px: 0.8 pt a pixel covers the box, 0.6 fits in it; centred
    assert p.draw({"art": "art/wide.png"}) == [
        Group((Image(-10.0, 20.0, 160.0, 80.0, "art/wide.png"),), clip=clip),
        Group((Image(10.0, 30.0, 120.0, 60.0, "art/wide.png"),), clip=clip),
        Rect(10.0, 20.0, 120.0, 80.0, Style(stroke=INK, stroke_width=2.0))]
    p.art["0,5"] = Art("0,5", 100, 200)  # a path is written in the language printed
    assert p.draw({"art": 0.5}, "fr")[0] == Group((Image(10.0, -60.0, 120.0, 240.0, "0,5"),), clip=clip)
    assert [g.children for g in p.draw({"art": "art/tall.png"})[:2]] == [
        (Image(10.0, -60.0, 120.0, 240.0, "art/tall.png"),), (Image(50.0, 20.0, 40.0, 80.0, "art/tall.png"),)]


def test_without_a_picture_the_box_drawn_instead(piece) -> None:
    p = piece(f"""
    picture: {{{PLACE}, image: "{{art}}", else: {{medallion: "{{icon}}"}}, frame: {{stroke: "{{line}}"}}}}
    bare: {{{PLACE}, image: "{{art}}"}}
    """, "art", "icon", "line", art={"art/wide.png": (200, 100)})
    clip = Rect(10.0, 20.0, 120.0, 80.0, Style())
    for art in ("", "art/none.png"):
        assert p.draw({"art": art, "icon": "star", "line": GOLD}) == [Group(tuple(medallion(INK, PAPER, INK, "star")), clip=clip),
                                        Rect(10.0, 20.0, 120.0, 80.0, Style(stroke=GOLD)),
                                        Group((), clip=clip)]
