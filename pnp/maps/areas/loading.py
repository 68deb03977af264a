"""The areas map kind's item fields, and its settings read from the game's files: the board's
file, its land and its rivers and ranges, their points given as lists or as text (each bad
point located where it stands in its file)."""

from __future__ import annotations

from typing import Any

from ...load.fields import Field
from ...model.game import Origin, Text
from ...problems import Location, problem
from .data import MapLine, MapSettings, as_points, points_of


def _point(at: Location) -> Field:
    return Field("point", "record", at, fields={
        "lat": Field("lat", "number", at, minimum=-90, maximum=90),
        "lon": Field("lon", "number", at, minimum=-180, maximum=180)})


def area_fields(at: Location) -> dict[str, Field]:
    """Every area's fields: its name, its seat, and what shapes its land."""
    seat = Field("seat", "record", at, doc="The area's seat of government.", fields={
        "city": Field("city", "text", at),
        "lat": Field("lat", "number", at, minimum=-90, maximum=90),
        "lon": Field("lon", "number", at, minimum=-180, maximum=180)})
    anchor = _point(at)
    return {
        "name": Field("name", "text", at),
        "seat": seat,
        "anchor": Field("anchor", "record", at, optional=True, fields=anchor.fields,
                        doc="Where the area's share of the land is measured from (default: its seat)."),
        "shape": Field("shape", "list", at, optional=True, raw={"$ref": "land.schema.json#/$defs/ring"},
                       doc="An explicit outline instead of the computed share: its points, written as a ring "
                           "of the land is."),
        "neighbours": Field("neighbours", "record", at, optional=True, doc=(
            "Changes to the neighbours found from shared borders: areas to add (a sea crossing) or remove."),
            fields={"add": Field("add", "list", at, optional=True, unique=True, of=Field("add", "id", at)),
                    "remove": Field("remove", "list", at, optional=True, unique=True,
                                    of=Field("remove", "id", at))}),
    }


POINTS_SHOWN = 10  # a value's bad points reported one by one; more are counted


def point_places(root: Any, file: str, start: Location, value: str, numbers: list[int]) -> dict[int, Location]:
    """Where each numbered point of a text of points lies in its file, the text starting at
    `start` (a plain or quoted scalar, or a block scalar after its > or | line): found by
    counting the words from there, and kept only where the word is the point itself (else
    the point is located at the text's start)."""
    import pathlib
    import re

    try:
        text = (pathlib.Path(root) / file).read_text("utf-8-sig")
    except (OSError, ValueError):
        return {}
    lines = text.splitlines(keepends=True)
    offset = sum(len(line) for line in lines[: start.line - 1]) + (start.column or 1) - 1
    if text[offset: offset + 1] in (">", "|"):
        offset = text.find("\n", offset) + 1 or len(text)
    elif text[offset: offset + 1] in ("'", '"'):
        offset += 1
    points = value.split()
    last = max(numbers, default=0)
    places: dict[int, Location] = {}
    for number, word in enumerate(re.finditer(r"\S+", text[offset:]), 1):
        if number > last or number > len(points):
            break
        if number in numbers and word.group().rstrip("'\"") == points[number - 1]:
            at = offset + word.start()
            places[number] = Location(file, text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1)
    return places


def bad_points(root: Any, doc: Any, path: tuple, value: Any,
               wrong: list[tuple[int, str]]) -> list[tuple[Location, str]]:
    """The problems points_of found (`wrong`) in the points at `path` in `doc`, each located at
    its point: the first POINTS_SHOWN of them, and how many more."""
    from ...load.schema import describe_path

    if not wrong:
        return []
    what = describe_path(doc, path)
    start = doc.locate(path)
    shown = wrong[:POINTS_SHOWN + 1]  # (where the first of those not shown is: where the count is)
    places = point_places(root, doc.file, start, value, [n for n, _ in shown if n]) if isinstance(value, str) else {}
    found = [(places.get(number, start), f"{what}: {message}") for number, message in shown[:POINTS_SHOWN]]
    if len(wrong) > POINTS_SHOWN:
        number = wrong[POINTS_SHOWN][0]
        found.append((places.get(number, start), f"{what}: {len(wrong) - POINTS_SHOWN} more points like these, from "
                                                 f"point {number} on"))
    return found


def _points(loader: Any, doc: Any, path: tuple, least: int) -> tuple[tuple[float, float], ...] | None:
    """The points at `path` in `doc` (see points_of), or None with their problems recorded."""
    value = doc.data
    for key in path:
        value = value[key]
    points, wrong = points_of(value, least)
    if not wrong:
        return points
    loader.problems += [problem("map-points", where, message)
                        for where, message in bad_points(loader.root, doc, path, value, wrong)]
    loader.complete = False
    return None


def _map_lines(loader: Any, document: Any, kind: str, key: str) -> tuple[MapLine, ...] | None:
    """The named lines of a rivers or ranges file (None when one cannot be read: each line
    that cannot is reported)."""
    found = []
    for i, item in enumerate(document.data[key]):
        border = item.get("border", False)
        if not isinstance(border, bool):
            border = tuple((as_points([s["from"]])[0], as_points([s["to"]])[0]) for s in border)
        lines = [_points(loader, document, (key, i, "lines", j), 2) for j in range(len(item["lines"]))]
        drawn = item.get("draw", "ridge") != "none"
        found.append(None if None in lines else  # type: ignore[arg-type]
                     MapLine(item["name"], kind, tuple(lines), border, drawn, Origin(document.file, (key, i))))
    return None if None in found else tuple(found)  # type: ignore[arg-type]


def load_settings(loader: Any, file: str, where: Location) -> MapSettings | None:
    doc = loader.read(file, where, "board")
    if doc is None:
        return None
    land = loader.read(doc.data["land"], doc.locate(("land",)), "land", relative_to=doc.file)
    if land is None:
        return None
    data = doc.data
    lines: dict[str, Any] = {}
    for key in ("rivers", "ranges"):
        if key in data:
            lines[key] = loader.read(data[key], doc.locate((key,)), key, relative_to=doc.file)
            if lines[key] is None:
                return None
    playing = [_points(loader, land, ("playing", i), 3) for i in range(len(land.data["playing"]))]
    context = [(item["name"], _points(loader, land, ("context", i, "ring"), 3))
               for i, item in enumerate(land.data.get("context", []))]
    drawn = {key: _map_lines(loader, lines[key], key[:-1], key) for key in lines}
    if None in playing or any(ring is None for _, ring in context) or None in drawn.values():
        return None
    return MapSettings(
        projection=data["projection"],
        bounds=dict(data["bounds"]) if "bounds" in data else None,
        fit=data.get("fit", "bounds"),
        fade=float(data.get("fade", 0)),
        playing=tuple(playing),  # type: ignore[arg-type]
        context=tuple(context),  # type: ignore[arg-type]
        labels={key: Text.from_data(value) for key, value in data.get("labels", {}).items()},
        origin=Origin(doc.file),
        files=(doc.file, land.file) + tuple(d.file for d in lines.values()),
        rivers=drawn.get("rivers") or (),
        ranges=drawn.get("ranges") or (),
    )
