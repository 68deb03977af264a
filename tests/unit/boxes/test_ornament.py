"""pnp.boxes.ornament: a corner frame, a divider, a double rule, guilloche loops and a rosette,
drawn in the box's colour (ink by default), the rosette's star in paper on its background."""

from __future__ import annotations

import math

from pnp.boxes import kinds
from pnp.boxes.ornament import ORNAMENTS
from pnp.model.colours import mix
from pnp.scene import Circle, Group, Path, Rect, Style, chain, ellipse_path, rotate, translate
from pnp.units import mm

from .conftest import GOLD, INK, PAPER, rounded

PLACE = "x: 10pt, y: 20pt, width: 120pt, height: 80pt"  # centred on (70, 60)


def ornament(piece, kind: str, colours: str = "") -> list:
    return piece(f"o: {{{PLACE}, ornament: {kind}{colours}}}").draw()


def test_the_ornament_kind() -> None:
    kind = kinds()["ornament"]
    assert kind.keys == {"ornament", "colour", "paper", "background"} and kind.prints is None
    assert kind.settings["ornament"].schema["enum"] == ["rosette", "corner-frame", "guilloche", "divider",
                                                        "double-rule"]
    assert list(ORNAMENTS) == ["rosette", "corner-frame", "guilloche", "divider", "double-rule"]
    assert kind.doc.startswith("A drawn ornament in colour: rosette: a round rosette of petals and beads in "
                               "colour on background, with a star in paper; corner-frame: a double rule")


def test_a_corner_frame(piece) -> None:
    inset, d = mm(1.3), mm(2.2)
    corners = [Path((("M", x, y - d), ("L", x + d, y), ("L", x, y + d), ("L", x - d, y), ("Z",)), Style(fill=GOLD))
               for x, y in ((10, 20), (130, 20), (10, 100), (130, 100))]
    assert ornament(piece, "corner-frame", ", colour: gold") == rounded([
        Rect(10.0, 20.0, 120.0, 80.0, Style(stroke=GOLD, stroke_width=1.0)),
        Rect(10 + inset, 20 + inset, 120 - 2 * inset, 80 - 2 * inset, Style(stroke=GOLD, stroke_width=0.4)),
        *corners])
    assert ornament(piece, "corner-frame")[1].style == Style(stroke=INK, stroke_width=0.4)


def test_a_divider(piece) -> None:
    d = mm(0.9)
    assert ornament(piece, "divider") == rounded([
        Path((("M", 10.0, 60.0), ("L", 70 - d * 1.8, 60.0)), Style(stroke=INK, stroke_width=0.6)),
        Path((("M", 70 + d * 1.8, 60.0), ("L", 130.0, 60.0)), Style(stroke=INK, stroke_width=0.6)),
        Path((("M", 70.0, 60 - d), ("L", 70 + d, 60.0), ("L", 70.0, 60 + d), ("L", 70 - d, 60.0), ("Z",)),
             Style(fill=INK))])


def test_a_double_rule(piece) -> None:
    inset = mm(1.8)
    assert ornament(piece, "double-rule", ', colour: "#223344"') == rounded([
        Rect(10.0, 20.0, 120.0, 80.0, Style(stroke="#223344", stroke_width=2.2)),
        Rect(10 + inset, 20 + inset, 120 - 2 * inset, 80 - 2 * inset, Style(stroke="#223344", stroke_width=0.6))])


def test_guilloche_loops(piece) -> None:
    (loops,) = ornament(piece, "guilloche")
    assert loops.style == Style(stroke=INK, stroke_width=0.45)
    commands = loops.commands
    assert len(commands) == 3 * 242 and [c[0] for c in commands[:2]] + [commands[241][0]] == ["M", "L", "Z"]
    # three closed loops of 240 steps, 0.78, 0.88 and 0.98 of the box, waving nine times 0.12 in and out
    for k, start in enumerate((0, 242, 484)):
        scale, wave = 0.78 + 0.1 * k, 0.12 * math.sin(k * 2.1)
        assert commands[start] == ("M", round(70 + 60 * (1 + wave) * scale, 3), 60.0)
        t = 2 * math.pi * 60 / 240  # a quarter of the way round: the loop's bottom
        assert commands[start + 60] == (
            "L", round(70 + 60 * (1 + 0.12 * math.sin(9 * t + k * 2.1)) * math.cos(t) * scale, 3),
            round(60 + 40 * (1 + 0.12 * math.sin(9 * t + k * 2.1)) * scale, 3))
        assert commands[start + 240] == ("L", *commands[start][1:])  # round to where it began
        assert commands[start + 241] == ("Z",)


def test_a_rosette(piece) -> None:
    nodes = ornament(piece, "rosette", ', colour: gold, paper: "#ffffff", background: "#000080"')
    r = 40.0  # half the shorter side
    petal = Path(ellipse_path(0, -r * 0.55, r * 0.11, r * 0.33),
                 Style(fill=mix(GOLD, "#000080", 0.55), stroke=GOLD, stroke_width=0.6))
    inner = Path(ellipse_path(0, -r * 0.38, r * 0.11, r * 0.24), Style(fill=GOLD))
    star = [("M" if i == 0 else "L", 70 + r * (0.07 if i % 2 else 0.15) * math.cos(math.radians(i * 22.5 - 90)),
             60 + r * (0.07 if i % 2 else 0.15) * math.sin(math.radians(i * 22.5 - 90))) for i in range(16)]
    beads: tuple = ()
    for i in range(32):
        a = math.radians(i * 11.25)
        beads += ellipse_path(70 + r * 0.97 * math.cos(a), 60 + r * 0.97 * math.sin(a), r * 0.018, r * 0.018)
    assert nodes == rounded([
        Circle(70.0, 60.0, r, Style(stroke=GOLD, stroke_width=1.2)),
        Circle(70.0, 60.0, r * 0.94, Style(stroke=GOLD, stroke_width=0.5)),
        *(Group((petal,), chain(rotate(i * 22.5 + 11.25), translate(70, 60))) for i in range(16)),
        *(Group((inner,), chain(rotate(i * 45), translate(70, 60))) for i in range(8)),
        Circle(70.0, 60.0, r * 0.2, Style(fill="#000080", stroke=GOLD, stroke_width=1.0)),
        Path(tuple(star) + (("Z",),), Style(fill="#ffffff")),
        Path(beads, Style(fill=GOLD))])


def test_a_rosettes_colours_by_default(piece) -> None:
    nodes = ornament(piece, "rosette")
    assert nodes[0].style == Style(stroke=INK, stroke_width=1.2)
    assert nodes[2].children[0].style.fill == mix(INK, PAPER, 0.55)
    assert nodes[26].style == Style(fill=PAPER, stroke=INK, stroke_width=1.0)
    assert nodes[27].style == Style(fill=PAPER) and nodes[28].style == Style(fill=INK)
    p = piece(f'o: {{{PLACE}, ornament: rosette, colour: "{{c}}", paper: "{{c}}", background: "{{c}}"}}', "c")
    assert p.draw({"c": "none"}) == nodes
