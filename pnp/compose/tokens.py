"""Company tokens: a turn-order token per company, its control markers, and the common back
of the turn tokens. Each company's emblem is drawn here as a vector device in the spirit of
its historical mark; colour and emblem together tell the companies apart."""

from __future__ import annotations

from typing import Mapping

from ..colours import luminance, mix
from ..fonts import FontMetrics
from ..icons import icon
from ..layout import Box
from ..model import Companies, Company
from ..scene import Circle, Definition, Group, Node, Path, Rect, Style, Text, chain, ellipse_path, rotate, scale, translate
from ..textfit import fit_size
from ..units import mm
from .cards import rosette

TURN_BACK_ID = "token-turn-back"
DARK_INK = "#1d1a16"
LIGHT_INK = "#ffffff"


def turn_id(company: Company) -> str:
    return f"token-turn-{company.id}"


def marker_id(company: Company) -> str:
    return f"token-marker-{company.id}"


def ink_for(colour: str) -> str:
    """White or near-black, whichever reads better on `colour`."""
    return LIGHT_INK if luminance(colour) < 0.25 else DARK_INK


def _stroke(ink: str, width: float = 9.0) -> Style:
    return Style(stroke=ink, stroke_width=width, line_cap="round", line_join="round")


def _monogram(ink: str, back: str) -> list[Node]:
    """V, O and C interlaced, the best-known company mark of all."""
    return [
        Path((("M", 18, 18), ("L", 50, 86), ("L", 82, 18)), _stroke(ink, 10)),
        Path(ellipse_path(33, 40, 11, 13), _stroke(ink, 6)),
        Path((("M", 78, 31), ("C", 72, 23, 58, 25, 58, 40), ("C", 58, 55, 72, 57, 78, 49)), _stroke(ink, 6)),
    ]


def _merchant_mark(ink: str, back: str) -> list[Node]:
    """A merchant's mark: a staff with the sign of four and a cross, on an orb."""
    return [
        Path((("M", 50, 10), ("L", 50, 66)), _stroke(ink, 8)),
        Path((("M", 50, 10), ("L", 30, 34), ("L", 64, 34)), _stroke(ink, 7)),
        Path((("M", 40, 20), ("L", 60, 20)), _stroke(ink, 6)),
        Path(ellipse_path(50, 77, 15, 15), _stroke(ink, 7)),
        Path((("M", 50, 66), ("L", 50, 92)), _stroke(ink, 5)),
        Path((("M", 36, 77), ("L", 64, 77)), _stroke(ink, 5)),
    ]


def _fleur_de_lis(ink: str, back: str) -> list[Node]:
    centre = (("M", 50, 6), ("C", 66, 24, 62, 46, 50, 60), ("C", 38, 46, 34, 24, 50, 6), ("Z",))
    left = (("M", 44, 58), ("C", 30, 62, 14, 52, 16, 36), ("C", 18, 26, 30, 26, 32, 36),
            ("C", 26, 36, 26, 46, 34, 48), ("C", 38, 50, 42, 52, 44, 58), ("Z",))
    right = tuple((cmd[0], *[100 - v if i % 2 == 0 else v for i, v in enumerate(cmd[1:])]) for cmd in left)
    foot = (("M", 44, 70), ("L", 56, 70), ("L", 60, 92), ("L", 50, 84), ("L", 40, 92), ("Z",))
    return [
        Path(centre, Style(fill=ink)),
        Path(left, Style(fill=ink)),
        Path(right, Style(fill=ink)),
        Rect(24, 60, 52, 9, Style(fill=ink), radius=3),
        Path(foot, Style(fill=ink)),
    ]


def _crowned_cross(ink: str, back: str) -> list[Node]:
    crown = Group(tuple(icon("crowns", 0, 0, 100, ink, back).children), chain(scale(0.42), translate(29, 2)))
    return [
        crown,
        Rect(38, 46, 13, 48, Style(fill=ink)),
        Rect(16, 60, 68, 13, Style(fill=ink)),
    ]


def _three_crowns(ink: str, back: str) -> list[Node]:
    nodes: list[Node] = []
    for x, y in ((8, 10), (54, 10), (31, 52)):
        nodes.append(icon("crowns", x, y, 38, ink, back))
    return nodes


def _order_cross(ink: str, back: str) -> list[Node]:
    """A cross pattée with a plain cross inside it, as on the sails of the Portuguese carracks."""
    arm = (("M", 40, 50), ("L", 30, 6), ("L", 70, 6), ("L", 60, 50), ("Z",))
    nodes: list[Node] = []
    for angle in (0, 90, 180, 270):
        nodes.append(Group((Path(arm, Style(fill=ink)),), chain(translate(-50, -50), rotate(angle), translate(50, 50))))
    nodes.append(Rect(46, 14, 8, 72, Style(fill=back)))
    nodes.append(Rect(14, 46, 72, 8, Style(fill=back)))
    nodes.append(Rect(42, 42, 16, 16, Style(fill=ink)))
    return nodes


EMBLEMS = {
    "monogram": _monogram,
    "merchant-mark": _merchant_mark,
    "fleur-de-lis": _fleur_de_lis,
    "crowned-cross": _crowned_cross,
    "three-crowns": _three_crowns,
    "order-cross": _order_cross,
}


def emblem(company: Company, x: float, y: float, size: float) -> Group:
    """The company's emblem in a size x size box, in the ink that reads on its colour."""
    ink = ink_for(company.colour)
    return Group(tuple(EMBLEMS[company.emblem](ink, company.colour)), chain(scale(size / 100), translate(x, y)))


def _disc(company: Company, d: float) -> list[Node]:
    r = d / 2
    ink = ink_for(company.colour)
    return [
        Circle(r, r, r, Style(fill=company.colour)),
        Circle(r, r, r - mm(1.2), Style(stroke=mix(company.colour, ink, 0.6), stroke_width=0.8)),
    ]


def turn_token(company: Company, companies: Companies, fonts: Mapping[str, FontMetrics], language: str) -> Definition:
    d = companies.turn_diameter
    r = d / 2
    ink = ink_for(company.colour)
    nodes = _disc(company, d)
    nodes.append(emblem(company, r - d * 0.25, r - d * 0.33, d * 0.5))
    heading, body = fonts["heading"], fonts["body"]
    short = company.short.get(language)
    size = fit_size(heading, short, d * 0.55, 9, 5) or 5
    nodes.append(Text(r, r + d * 0.3, short, heading.name, size, ink, "middle"))
    nodes.append(Text(r, r + d * 0.3 + size * 0.95, str(company.founded), body.name, size * 0.72, ink, "middle"))
    return Definition(turn_id(company), d, d, Group(tuple(nodes)))


def marker(company: Company, companies: Companies) -> Definition:
    d = companies.marker_diameter
    nodes = _disc(company, d)
    nodes.append(emblem(company, d * 0.2, d * 0.2, d * 0.6))
    return Definition(marker_id(company), d, d, Group(tuple(nodes)))


def turn_back(companies: Companies, fonts: Mapping[str, FontMetrics], title: str, background: str, gold: str,
              paper: str) -> Definition:
    """The back all turn-order tokens share, so the shuffled pile hides the order."""
    d = companies.turn_diameter
    r = d / 2
    nodes: list[Node] = [Circle(r, r, r, Style(fill=background)),
                         Circle(r, r, r - mm(1.2), Style(stroke=gold, stroke_width=0.8))]
    nodes += rosette(Box(r - d * 0.3, r - d * 0.36, d * 0.6, d * 0.6), gold, paper, background)
    heading = fonts["heading"]
    size = fit_size(heading, title, d * 0.62, 7, 4) or 4
    nodes.append(Text(r, r + d * 0.36, title, heading.name, size, gold, "middle"))
    return Definition(TURN_BACK_ID, d, d, Group(tuple(nodes)))
