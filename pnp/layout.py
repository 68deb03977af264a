"""Layouts: named boxes in mm that say where each part of a component is drawn.

A layout file may `extends` another; its settings start from the other's, box by box and
colour by colour. Lengths become points here (pnp.units), so nothing after this sees a unit.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from . import schema
from .problems import Location, Problem, Severity, problem, register_check
from .units import parse_length, to_mm
from .yamlload import Document, load_yaml

register_check("layout", Severity.ERROR,
               "A layout extends itself in a loop, lacks a size, box or colour its component needs, or a box leaves it.")

# The boxes each component's compose module draws into.
REQUIRED_BOXES = {
    "card-face": ("area", "leader", "picture", "panel", "name", "note", "strip", "follows", "symbols"),
    "card-back": ("frame", "ornament", "title", "subtitle"),
    "board": ("frame", "title", "subtitle", "map", "compass", "scale", "legend"),
    "money": ("frame", "value", "corner", "label", "back-title"),
    "aid": ("frame", "title", "phases", "prices", "battle", "formula"),
}
REQUIRED_COLOURS = {
    "card-face": ("paper", "ink"),
    "card-back": ("background", "gold", "paper"),
    "board": ("sea", "land", "coast", "border", "ink", "paper", "frame"),
    "money": ("paper", "ink", "back"),
    "aid": ("paper", "ink", "accent"),
}


@dataclass(frozen=True)
class Box:
    """A named rectangle of a layout, in points, with optional text settings."""

    x: float
    y: float
    width: float
    height: float
    font: str | None = None
    size: float | None = None
    min_size: float | None = None
    colour: str | None = None

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height


@dataclass(frozen=True)
class Layout:
    """A resolved layout: size and safe margin in points, colours and boxes by name."""

    file: str
    width: float
    height: float
    safe: float
    colours: Mapping[str, str]
    boxes: Mapping[str, Box]

    def box(self, name: str) -> Box:
        return self.boxes[name]


def _merge(base: dict, child: dict) -> dict:
    merged = {**base, **{k: v for k, v in child.items() if k not in ("boxes", "colours", "extends")}}
    merged["colours"] = {**base.get("colours", {}), **child.get("colours", {})}
    boxes = {name: dict(box) for name, box in base.get("boxes", {}).items()}
    for name, box in child.get("boxes", {}).items():
        boxes[name] = {**boxes.get(name, {}), **box}
    merged["boxes"] = boxes
    return merged


def _box(data: Mapping[str, Any]) -> Box:
    return Box(
        x=parse_length(data.get("x", 0)),
        y=parse_length(data.get("y", 0)),
        width=parse_length(data.get("width", 0)),
        height=parse_length(data.get("height", 0)),
        font=data.get("font"),
        size=data.get("size"),
        min_size=data.get("min_size"),
        colour=data.get("colour"),
    )


def load_layout(root: Path, file: str, kind: str, where: Location) -> tuple[Layout | None, list[Problem], list[Document]]:
    """Read a layout and the layouts it extends. `where` locates a problem with `file` itself."""
    problems: list[Problem] = []
    chain: list[Document] = []
    current, at = file, where
    while current is not None:
        if any(doc.file == current for doc in chain):
            problems.append(problem("layout", at, f"layout '{current}' extends itself in a loop"))
            return None, problems, chain
        if current.startswith("../") or posixpath.isabs(current):
            problems.append(problem("missing-file", at, f"layout '{current}' lies outside the game folder"))
            return None, problems, chain
        if not (root / current).is_file():
            problems.append(problem("missing-file", at, f"layout '{current}' does not exist"))
            return None, problems, chain
        doc, found = load_yaml(root, current)
        problems += found
        if doc is None:
            return None, problems, chain
        schema_problems = schema.check(doc, "layout")
        problems += schema_problems
        chain.append(doc)
        if schema_problems:
            return None, problems, chain
        parent = doc.data.get("extends")
        if parent is None:
            current = None
        else:
            at = doc.locate(("extends",))
            current = posixpath.normpath(posixpath.join(posixpath.dirname(current), parent))

    merged: dict = {}
    for doc in reversed(chain):
        merged = _merge(merged, doc.data)
    top = chain[0]
    if "size" not in merged:
        problems.append(problem("layout", top.locate(()), f"layout '{file}' has no size (nor does any layout it extends)"))
    for name in REQUIRED_BOXES.get(kind, ()):
        if name not in merged["boxes"]:
            problems.append(problem("layout", top.locate(("boxes",)), f"{kind} layout '{file}' has no box '{name}'"))
    for name in REQUIRED_COLOURS.get(kind, ()):
        if name not in merged["colours"]:
            problems.append(problem("layout", top.locate(("colours",)), f"{kind} layout '{file}' has no colour '{name}'"))
    if problems:
        return None, problems, chain
    width, height = parse_length(merged["size"]["width"]), parse_length(merged["size"]["height"])
    for name, data in merged["boxes"].items():
        box = _box(data)
        if box.x < -0.01 or box.y < -0.01 or box.right > width + 0.01 or box.bottom > height + 0.01:
            owner = next(doc for doc in chain if name in doc.data.get("boxes", {}))
            problems.append(problem(
                "layout", owner.locate(("boxes", name)),
                f"box '{name}' ({to_mm(box.x):g}, {to_mm(box.y):g}, {to_mm(box.width):g} x {to_mm(box.height):g} mm) "
                f"runs outside the {to_mm(width):g} x {to_mm(height):g} mm {kind}",
            ))
    if problems:
        return None, problems, chain
    layout = Layout(
        file=file,
        width=parse_length(merged["size"]["width"]),
        height=parse_length(merged["size"]["height"]),
        safe=parse_length(merged.get("safe", 0)),
        colours=dict(merged["colours"]),
        boxes={name: _box(box) for name, box in merged["boxes"].items()},
    )
    return layout, problems, chain
