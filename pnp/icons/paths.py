"""An icon's path geometry: SVG path data read with svgelements into pnp.scene's commands
(arcs as cubics of at most 90 degrees), rounded rectangles, and what a shape costs to draw."""

from __future__ import annotations

import math
from typing import Callable

from ..scene import Circle, Group, Node, Path

# What an icon may cost to draw. Its numbers (coordinates, sizes, a transform's matrix) lie
# within +-MAX_NUMBER, far beyond any real icon and far inside what the backends write
# (reportlab refuses numbers from 1e20); its shapes have at most MAX_SEGMENTS path segments in
# all (the largest of the three games' icons has 147). The reader (pnp.icons.svg) bounds the
# view box and the nesting too.
MAX_NUMBER = 1_000_000
MAX_SEGMENTS = 10_000
TOO_LARGE = f"numbers in an icon must be between -{MAX_NUMBER:,} and {MAX_NUMBER:,}"
K = 0.5522847498  # a quarter ellipse's control points, as in scene.ellipse_path

# how what reads an attribute's value reports a problem in it: report(message, attribute,
# index=None, find=None), located by the reader (pnp.icons.svg.Reader.report_at, for one element)
Report = Callable[..., None]

def segments_of(node: Node) -> int:
    """The segments a shape is drawn with (a circle's and a rectangle's as their paths; a
    group's, its shapes')."""
    if isinstance(node, Group):
        return sum(segments_of(child) for child in node.children)
    if isinstance(node, Path):
        return len(node.commands)
    return 10 if isinstance(node, Circle) or node.radius else 5


def within(numbers) -> bool:
    """Whether every number is within +-MAX_NUMBER (NaN is not)."""
    return all(-MAX_NUMBER <= n <= MAX_NUMBER for n in numbers)


_path_type: type | None = None


def new_path():
    """An empty svgelements Path that notes where its lexer took a "z" for a coordinate (a
    liberty SVG does not take). Its class is made on first use, as svgelements is imported
    only when an icon has path data."""
    global _path_type
    if _path_type is None:
        import svgelements

        class StrictPath(svgelements.Path):
            inline_close = False

            def _note(self, values) -> None:
                if any(isinstance(v, str) for v in values):
                    self.inline_close = True

            def move(self, *points, **kwargs):
                self._note(points)
                return super().move(*points, **kwargs)

            def line(self, *points, **kwargs):
                self._note(points)
                return super().line(*points, **kwargs)

            def smooth_quad(self, *points, **kwargs):
                self._note(points)
                return super().smooth_quad(*points, **kwargs)

            def quad(self, *points, **kwargs):
                self._note(points)
                return super().quad(*points, **kwargs)

            def smooth_cubic(self, *points, **kwargs):
                self._note(points)
                return super().smooth_cubic(*points, **kwargs)

            def cubic(self, *points, **kwargs):
                self._note(points)
                return super().cubic(*points, **kwargs)

            def arc(self, *args, **kwargs):
                self._note(args[5::6])
                return super().arc(*args, **kwargs)

        _path_type = StrictPath
    return _path_type()


def path_data(d: str, report: Report) -> tuple[tuple, ...] | None:
    """Path data as absolute M, L, C and Z commands: svgelements reads the syntax (relative,
    implicit and smooth commands, arcs' centres); quadratics become cubics exactly, arcs
    become cubics of at most 90 degrees. None when there are none, or when a problem is
    reported."""
    import svgelements  # imported when needed

    path = new_path()
    lexer = svgelements.SVGLexicalParser()
    try:
        lexer.parse(path, d)
        stopped = lexer.pos < len(d) and bool(d[lexer.pos:].strip())
    except (ValueError, TypeError, AttributeError, IndexError, ArithmeticError):
        stopped = True
    if stopped or path.inline_close:
        at = min(lexer.pos, len(d.rstrip()))
        rest = d[at:].strip()
        message = (f'd: cannot read the path data from "{rest[:20]}"' if rest
                   else "d: the path data ends in the middle of a command")
        report(message, "d", index=at)
        return None
    segments = list(path)
    if not segments:
        return None
    if not isinstance(segments[0], svgelements.Move):
        report("d: the path data must start with M (moveto)", "d", index=0)
        return None
    try:
        commands = commands_of(segments)
    except TypeError:  # svgelements let a command through without its numbers ("H" then a letter)
        report("d: a command in the path data lacks its numbers", "d")
        return None
    except (ValueError, ArithmeticError):  # arcs out of floating-point range
        commands = (("M", math.inf, math.inf),)
    if not all(within(command[1:]) for command in commands):  # (absolute: relative moves add up)
        report(f"d: {TOO_LARGE}", "d")
        return None
    return commands



def commands_of(segments: list) -> tuple[tuple, ...]:
    import svgelements

    out: list[tuple] = []
    for seg in segments:
        if isinstance(seg, svgelements.Move):
            out.append(("M", float(seg.end.x), float(seg.end.y)))
        elif isinstance(seg, svgelements.Close):
            out.append(("Z",))
        elif isinstance(seg, svgelements.Line):
            out.append(("L", float(seg.end.x), float(seg.end.y)))
        elif isinstance(seg, svgelements.CubicBezier):
            out.append(("C", float(seg.control1.x), float(seg.control1.y), float(seg.control2.x),
                        float(seg.control2.y), float(seg.end.x), float(seg.end.y)))
        elif isinstance(seg, svgelements.QuadraticBezier):
            (x0, y0), (qx, qy), (x3, y3) = (seg.start.x, seg.start.y), (seg.control.x, seg.control.y), \
                (seg.end.x, seg.end.y)
            out.append(("C", x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0), x3 + 2 / 3 * (qx - x3),
                        y3 + 2 / 3 * (qy - y3), float(x3), float(y3)))
        elif isinstance(seg, svgelements.Arc):
            out += arc_commands(seg)
    return tuple(out)


def arc_commands(arc) -> list[tuple]:
    """An SVG arc (centre, radii, rotation and sweep as svgelements finds them) as cubics of at
    most 90 degrees each, with control points at 4/3 tan(angle / 4) along the tangents (the
    constant of scene.ellipse_path for a quarter)."""
    start = (float(arc.start.x), float(arc.start.y))
    end = (float(arc.end.x), float(arc.end.y))
    if not arc.sweep:  # zero radius, or the end is the start
        return [] if start == end else [("L", *end)]
    cx, cy = float(arc.center.x), float(arc.center.y)
    rx, ry = float(arc.rx), float(arc.ry)
    theta = float(arc.get_rotation())
    cos_t, sin_t = math.cos(theta), math.sin(theta)
    # the start's parameter on the unrotated ellipse
    u = (start[0] - cx) * cos_t + (start[1] - cy) * sin_t
    v = -(start[0] - cx) * sin_t + (start[1] - cy) * cos_t
    t0 = math.atan2(v / ry, u / rx)
    sweep = float(arc.sweep)
    count = max(1, math.ceil(abs(sweep) / (math.pi / 2) - 1e-9))
    step = sweep / count
    k = 4 / 3 * math.tan(step / 4)

    def point(t: float) -> tuple[float, float]:
        x, y = rx * math.cos(t), ry * math.sin(t)
        return cx + x * cos_t - y * sin_t, cy + x * sin_t + y * cos_t

    def tangent(t: float) -> tuple[float, float]:
        x, y = -rx * math.sin(t), ry * math.cos(t)
        return x * cos_t - y * sin_t, x * sin_t + y * cos_t

    out = []
    here = start
    for i in range(count):
        a, b = t0 + i * step, t0 + (i + 1) * step
        there = end if i == count - 1 else point(b)
        da, db = tangent(a), tangent(b)
        out.append(("C", here[0] + k * da[0], here[1] + k * da[1], there[0] - k * db[0], there[1] - k * db[1],
                    there[0], there[1]))
        here = there
    return out


def rounded_rect(x: float, y: float, w: float, h: float, rx: float, ry: float) -> tuple[tuple, ...]:
    """A rectangle with elliptical corners (rx != ry), clockwise from the top edge."""
    kx, ky = K * rx, K * ry
    r, b = x + w, y + h
    return (
        ("M", x + rx, y), ("L", r - rx, y), ("C", r - rx + kx, y, r, y + ry - ky, r, y + ry),
        ("L", r, b - ry), ("C", r, b - ry + ky, r - rx + kx, b, r - rx, b),
        ("L", x + rx, b), ("C", x + rx - kx, b, x, b - ry + ky, x, b - ry),
        ("L", x, y + ry), ("C", x, y + ry - ky, x + rx - kx, y, x + rx, y), ("Z",),
    )


