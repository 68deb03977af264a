"""Read geometry back from pnp's PDFs: where each placed form (card) lands, and the lines drawn.

A small interpreter for the content-stream operators pnp's PDFs use (q Q cm re m l S Do RG w).
Coordinates are PDF points, origin bottom-left.
"""

from __future__ import annotations

from dataclasses import dataclass

from pypdf import PdfReader

MM = 72 / 25.4


def multiply(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2, e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


@dataclass
class Placement:
    name: str
    bbox: tuple[float, float, float, float]  # the form's BBox mapped to the page: x0, y0, x1, y1

    def inset(self, by: float) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = self.bbox
        return x0 + by, y0 + by, x1 - by, y1 - by


@dataclass
class Segment:
    start: tuple[float, float]
    end: tuple[float, float]
    colour: tuple[float, ...]
    width: float


@dataclass
class Shape:
    """A stroked path's bounding box (curves by their control points)."""

    bbox: tuple[float, float, float, float]
    colour: tuple[float, ...]
    width: float


@dataclass
class PageGeometry:
    width: float
    height: float
    placements: list[Placement]
    segments: list[Segment]
    shapes: list[Shape]


def _rect(m, x0, y0, x1, y1):
    points = [apply(m, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def read_pdf(path) -> list[PageGeometry]:
    reader = PdfReader(path)
    pages = []
    for page in reader.pages:
        box = page.mediabox
        xobjects = page["/Resources"].get("/XObject", {})
        ctm = (1, 0, 0, 1, 0, 0)
        stack = []
        colour, width = (0.0,), 1.0
        current = None
        pending: list[Segment] = []
        points: list[tuple[float, float]] = []
        placements, segments, shapes = [], [], []
        for operands, op in page.get_contents().operations:
            if op == b"q":
                stack.append((ctm, colour, width))
            elif op == b"Q":
                ctm, colour, width = stack.pop()
            elif op == b"cm":
                ctm = multiply(tuple(float(v) for v in operands), ctm)
            elif op == b"RG":
                colour = tuple(float(v) for v in operands)
            elif op == b"w":
                width = float(operands[0])
            elif op == b"m":
                current = apply(ctm, float(operands[0]), float(operands[1]))
                points.append(current)
            elif op == b"l":
                point = apply(ctm, float(operands[0]), float(operands[1]))
                pending.append(Segment(current, point, colour, width))
                points.append(point)
                current = point
            elif op == b"c":
                values = [float(v) for v in operands]
                for i in range(0, 6, 2):
                    points.append(apply(ctm, values[i], values[i + 1]))
                current = points[-1]
            elif op in (b"S", b"s"):
                segments += pending
                if points:
                    xs, ys = [p[0] for p in points], [p[1] for p in points]
                    shapes.append(Shape((min(xs), min(ys), max(xs), max(ys)), colour, width))
                pending, points = [], []
            elif op in (b"n", b"f", b"f*", b"B", b"b", b"B*", b"b*"):
                pending, points = [], []
            elif op == b"Do":
                form = xobjects[operands[0]].get_object()
                x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
                placements.append(Placement(str(operands[0]), _rect(ctm, x0, y0, x1, y1)))
        pages.append(PageGeometry(float(box.width), float(box.height), placements, segments, shapes))
    return pages


def form_polygons(path, page: int = 0) -> list[list[tuple[float, float]]]:
    """The closed straight-edged paths drawn inside the forms a page places, in each form's
    own coordinates (points): the hexagons of a map, say."""
    from pypdf.generic import ContentStream

    reader = PdfReader(path)
    found = []
    for form in reader.pages[page]["/Resources"].get("/XObject", {}).values():
        form = form.get_object()
        points: list[tuple[float, float]] = []
        for operands, op in ContentStream(form, reader).operations:
            if op == b"m":
                points = [(float(operands[0]), float(operands[1]))]
            elif op == b"l":
                points.append((float(operands[0]), float(operands[1])))
            elif op == b"h":
                if len(points) > 2:
                    found.append(points)
                points = []
            elif op in (b"n",):
                points = []
    return found


def placements_with_clips(path) -> list[tuple[tuple[float, float, float, float], tuple[float, float], float]]:
    """For each page: the clip rectangle (x, y, width, height, in the page's top-down points),
    the translation of the form placed inside it and its scale, as pnp writes a board's parts
    (a board point p lands at p * scale + translation)."""
    reader = PdfReader(path)
    out = []
    for page in reader.pages:
        clip, offset, scale = None, None, None
        for operands, op in page.get_contents().operations:
            values = [float(v) for v in operands] if op in (b"re", b"cm") else []
            if op == b"re" and clip is None:
                clip = tuple(values)
            elif op == b"cm" and clip is not None and offset is None and values[1] == values[2] == 0 \
                    and values[0] == values[3] > 0:
                offset, scale = (values[4], values[5]), values[0]
        out.append((clip, offset, scale))
    return out
