"""Layouts: named boxes in mm that say what each part of a component shows and where.

A layout file may `extends` another (or one of pnp's built-in layouts, `builtin:NAME`); its
settings start from the other's, box by box and colour by colour. A box may itself
`extends` another box of the layout. Each box has one kind (text, rect, icon, image, table
... see pnp.boxes) and binds it to the data with templates ("{name}") and
expressions (`if: rank != none`), parsed here, once, with their names checked against the
set's fields: each setting read as the type its kind declares (pnp.boxes.settings).
Lengths become points here (pnp.units), so nothing after this sees a unit.
"""

from __future__ import annotations

import difflib
import functools
import posixpath
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

from .. import expr
from ..load import schema
from ..boxes import kinds
from ..boxes.context import no_icon
from ..boxes.settings import Boxes
from .values import Colour, Localised, Switch
from .worked import LayoutValue, read_values, reads, work_out
from ..problems import Location, Problem, Severity, problem, register_check
from ..units import parse_length, to_mm
from ..load.yamlload import Document, load_yaml, parse_yaml

if TYPE_CHECKING:
    from ..model.game import ComponentSet, Game

register_check("layout", Severity.ERROR,
               "A layout extends itself in a loop, names a field, colour, icon or font that does not exist, "
               "has a box that leaves the component, or a value whose name is taken or that uses itself.")

BUILTIN = "builtin:"
# what every box may say, whatever its kind: where it is, when it is drawn, how it is turned
PLACING = ("x", "y", "width", "height", "if", "rotate", "mirror", "extends")
HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class Box:
    """A named rectangle of a layout, in points, with its kind and settings (values parsed:
    Colour, Localised, Switch, expr.Expression, or plain numbers and strings)."""

    name: str
    kind: str
    x: float
    y: float
    width: float
    height: float
    settings: Mapping[str, Any]
    condition: expr.Expression | None = None
    rotate: float = 0.0
    mirror: bool = False
    at: tuple = ()  # the box's data path in the layout file that declares it

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    def get(self, key: str, default: Any = None) -> Any:
        return self.settings.get(key, default)


@dataclass(frozen=True)
class Layout:
    """A resolved layout: the component's size in points, colours and boxes in drawing order."""

    file: str
    width: float
    height: float
    colours: Mapping[str, str]
    background: Colour | None
    boxes: tuple[Box, ...]
    origins: Mapping[str, str] = field(default_factory=dict)  # box name -> the file that declares it
    sources: tuple[str, ...] = ()  # the layout's file and those it extends
    values: tuple[LayoutValue, ...] = ()  # worked out once per piece, in this order (pnp.layout.worked)

    def box(self, name: str) -> Box:
        return next(b for b in self.boxes if b.name == name)

    def env(self, env: Mapping[str, Any], language: str, strict: bool = True) -> dict[str, Any]:
        """What this layout's templates read for a piece: `env`, the layout's `colours` and its
        values worked out for the piece in `language` (ValueFailed when one fails; with
        strict=False it is left out, and what uses it fails in its turn)."""
        found = dict(env, colours=self.colours)
        return work_out(self.values, found, language, strict) if self.values else found

    def reads(self, names: frozenset[str]) -> frozenset[str]:
        """`names` and what the layout's values among them read, through the values they read."""
        return reads(self.values, names) if self.values else names

    def locate(self, box: Box, documents: Mapping[str, Document]) -> Location:
        """Where a box is declared (in this layout's file, or in one it extends)."""
        file = self.origins.get(box.name, self.file)
        doc = documents.get(file)
        return doc.locate(box.at) if doc is not None else Location(file)


def _merge(base: dict, child: dict) -> dict:
    merged = {**base, **{k: v for k, v in child.items() if k not in ("boxes", "colours", "values", "extends")}}
    merged["colours"] = {**base.get("colours", {}), **child.get("colours", {})}
    if "values" in base or "values" in child:  # (one the child writes again keeps its place)
        merged["values"] = {**base.get("values", {}), **child.get("values", {})}
    boxes = {name: dict(box) for name, box in base.get("boxes", {}).items()}
    for name, box in child.get("boxes", {}).items():
        boxes[name] = _merge_box(boxes.get(name, {}), box)
    merged["boxes"] = boxes
    return merged


def _merge_box(base: Mapping, child: Mapping) -> dict:
    """A box's settings over another's: nested mappings (rect: {...}) merge a level down."""
    merged = dict(base)
    for key, value in child.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping) and key not in ("text", "else"):
            merged[key] = {**merged[key], **value}
        else:
            merged[key] = value
    return merged


@functools.cache
def builtin_layouts() -> dict[str, str]:
    """pnp's built-in layouts, by name: the text of each."""
    folder = resources.files("pnp") / "layouts"
    return {p.name[:-5]: p.read_text("utf-8") for p in folder.iterdir() if p.name.endswith(".yaml")}


@functools.cache
def _read_builtin(name: str) -> tuple[Document, list[Problem], list[Problem]]:
    """A built-in layout, read and checked against the layout schema once per process: the
    document, the problems reading it, the problems with its schema."""
    doc, found = parse_yaml(builtin_layouts()[name].encode("utf-8"), f"{BUILTIN}{name}")
    return doc, found, schema.check(doc, "layout")


def _read_chain(game_root: Path, file: str, where: Location, problems: list[Problem],
                memo: dict[str, tuple]) -> list[Document] | None:
    """A layout and the layouts it extends, nearest first; None when one cannot be read.
    `memo` keeps the game's layouts read so far (several extend the same base)."""
    chain: list[Document] = []
    current, at = file, where
    while current is not None:
        if any(doc.file == current for doc in chain):
            problems.append(problem("layout", at, f"layout '{current}' extends itself in a loop"))
            return None
        if current.startswith(BUILTIN):
            name = current[len(BUILTIN):]
            texts = builtin_layouts()
            if name not in texts:
                close = difflib.get_close_matches(name, list(texts), n=1)
                hint = f" (did you mean '{BUILTIN}{close[0]}'?)" if close else f" (built-in: {', '.join(sorted(texts))})"
                problems.append(problem("layout", at, f"there is no built-in layout '{name}'{hint}"))
                return None
            doc, read, found = _read_builtin(name)
        else:
            if current.startswith("../") or posixpath.isabs(current):
                problems.append(problem("missing-file", at, f"layout '{current}' lies outside the game folder"))
                return None
            if current not in memo:
                doc, read = load_yaml(game_root, current, at, f"layout '{current}'")
                if doc is None:  # reported where it is named, each time
                    problems += read
                    return None
                memo[current] = doc, read, schema.check(doc, "layout")
            doc, read, found = memo[current]
        problems += read + found
        chain.append(doc)
        if found:
            return None
        parent = doc.data.get("extends")
        if parent is None:
            current = None
        else:
            at = doc.locate(("extends",))
            current = parent if parent.startswith(BUILTIN) else posixpath.normpath(
                posixpath.join(posixpath.dirname(current), parent))
    return chain


class _BoxReader:
    """Parses one box's settings, reporting each problem where it is written."""

    def __init__(self, layout_file: str, locate: Callable[[tuple], Location], names: frozenset[str],
                 colours: Mapping[str, str], icons: frozenset[str], fonts: frozenset[str], problems: list[Problem],
                 unusable: Mapping[str, Location] | None = None):
        self.file = layout_file
        self.locate = locate
        self.names = names
        self.colours = colours
        self.icons = icons
        self.unusable = unusable or {}  # icons whose files cannot be drawn, by name (pnp.icons.folder.unusable)
        self.fonts = fonts
        self.problems = problems

    def fail(self, path: tuple, message: str) -> None:
        self.problems.append(problem("layout", self.locate(path), message))

    def template(self, source: str, path: tuple, names: frozenset[str]) -> expr.Template | None:
        try:
            return expr.parse_template(source, names)
        except expr.ExpressionError as exc:
            self.fail(path, f"layout '{self.file}': {'.'.join(map(str, path[1:]))}: {exc.message} in {source!r}")
            return None

    def expression(self, source: Any, path: tuple, names: frozenset[str]) -> expr.Expression | None:
        try:
            return expr.parse(str(source), names)
        except expr.ExpressionError as exc:
            self.fail(path, f"layout '{self.file}': {'.'.join(map(str, path[1:]))}: {exc.message} in {source!r}")
            return None

    def colour(self, value: Any, path: tuple, names: frozenset[str]) -> Colour | None:
        if value is None or value == "none":
            return Colour(None)
        if not isinstance(value, str):
            self.fail(path, f"layout '{self.file}': {'.'.join(map(str, path[1:]))}: a colour is #RRGGBB, a colour "
                            f"of the layout, none, or a template")
            return None
        if HEX.match(value):
            return Colour(value.lower())
        if "{" in value:
            template = self.template(value, path, names)
            return Colour(template=template) if template is not None else None
        if value in self.colours:
            return Colour(self.colours[value])
        close = difflib.get_close_matches(value, list(self.colours), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else (
            f" (its colours: {', '.join(sorted(self.colours))})" if self.colours else " (it has none)")
        self.fail(path, f"layout '{self.file}': {'.'.join(map(str, path[1:]))}: '{value}' is not a colour of the "
                        f"layout{hint}")
        return None

    def text(self, value: Any, path: tuple, names: frozenset[str]) -> Localised | None:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if isinstance(value, str):
            template = self.template(value, path, names)
            return Localised((("", template),)) if template is not None else None
        if isinstance(value, Mapping) and value and all(isinstance(v, str) for v in value.values()):
            templates = []
            for lang, source in value.items():
                template = self.template(source, path + (lang,), names)
                if template is None:
                    return None
                templates.append((lang, template))
            return Localised(tuple(templates))
        if isinstance(value, Mapping) and len(value) == 1 and next(iter(value.values())) is None:
            key = next(iter(value))
            self.fail(path, f"layout '{self.file}': {'.'.join(map(str, path[1:]))}: write a template in quotes, "
                            f"\"{{{key}}}\": without them YAML reads {{{key}}} as a mapping")
            return None
        self.fail(path, f"layout '{self.file}': {'.'.join(map(str, path[1:]))}: expected a text (a template, or "
                        f"one per language)")
        return None

    def icon(self, value: Any, path: tuple, names: frozenset[str]) -> Any:
        if isinstance(value, Mapping) and "switch" in value:
            on = self.expression(value["switch"], path + ("switch",), names)
            cases = value.get("cases", {})
            for key, name in cases.items():
                self.icon(name, path + ("cases", key), names)
            if "default" in value:
                self.icon(value["default"], path + ("default",), names)
            return Switch(on, dict(cases), value.get("default")) if on is not None else None
        if isinstance(value, str) and "{" in value:
            return self.template(value, path, names)
        if isinstance(value, str) and value in self.unusable:
            from ..icons.folder import cannot_be_drawn

            self.fail(path, f"layout '{self.file}': {'.'.join(map(str, path[1:]))}: "
                            f"{cannot_be_drawn(value, self.unusable[value])}")
            return None
        if not isinstance(value, str) or value not in self.icons:
            self.fail(path, f"layout '{self.file}': {'.'.join(map(str, path[1:]))}: {no_icon(value, self.icons)}")
            return None
        return value

    def font(self, value: Any, path: tuple) -> Any:
        if value not in self.fonts:
            close = difflib.get_close_matches(str(value), sorted(self.fonts), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else f" (roles: {', '.join(sorted(self.fonts))})"
            self.fail(path, f"layout '{self.file}': {'.'.join(map(str, path[1:]))}: '{value}' is not a font role "
                            f"of the game{hint}")
        return value

    def length(self, value: Any, path: tuple, unit: str) -> float | None:
        try:
            return parse_length(value, unit)
        except ValueError as exc:
            self.fail(path, f"layout '{self.file}': {'.'.join(map(str, path[1:]))}: {exc}")
            return None


def _parse_box(reader: _BoxReader, name: str, data: Mapping[str, Any], path: tuple, width: float, height: float,
               names: frozenset[str], owner: str, check_bounds: bool = True) -> Box | None:
    known = kinds()
    found = [k for k in known if k in data]
    if len(found) != 1:
        reader.fail(path, f"layout '{reader.file}': box '{name}' needs exactly one of: {', '.join(known)}"
                    if not found else f"layout '{reader.file}': box '{name}' has two kinds: {', '.join(found)}")
        return None
    kind = known[found[0]]
    stray = [k for k in data if k not in kind.keys and k not in PLACING]
    if stray:
        reader.fail(path + (stray[0],), f"layout '{reader.file}': box '{name}': a {kind.name} box does not use "
                                        f"'{stray[0]}' (it takes: {', '.join(sorted(kind.keys))})")
        return None
    inner = names | kind.names
    settings: dict[str, Any] = {}
    ok = True
    for key, value in data.items():
        if key in PLACING:
            continue
        setting = kind.settings[key]
        if isinstance(setting, Boxes) and setting.one:  # drawn in the box's stead, in its place
            sub = _parse_box(reader, f"{name}.{key}", {**value, "x": data.get("x", 0), "y": data.get("y", 0),
                                                      "width": data.get("width", 0), "height": data.get("height", 0)},
                             path + (key,), width, height, names, owner, check_bounds=False)
            settings[key] = sub
            ok = ok and sub is not None
            continue
        if isinstance(setting, Boxes):
            subs = []
            for sub_name, sub_data in (value or {}).items():
                sub = _parse_box(reader, sub_name, sub_data, path + (key, sub_name), width, height, inner, owner,
                                 check_bounds=False)
                ok = ok and sub is not None
                subs.append(sub)
            settings[key] = tuple(subs)
            continue
        before = len(reader.problems)
        settings[key] = setting.read(reader, value, path + (key,), inner)
        ok = ok and len(reader.problems) == before
    condition = reader.expression(data["if"], path + ("if",), names) if "if" in data else None
    if "if" in data and condition is None:
        ok = False
    x, y = parse_length(data.get("x", 0)), parse_length(data.get("y", 0))
    w, h = parse_length(data.get("width", 0)), parse_length(data.get("height", 0))
    if check_bounds and (x < -0.01 or y < -0.01 or x + w > width + 0.01 or y + h > height + 0.01):
        reader.fail(path, f"box '{name}' ({to_mm(x):g}, {to_mm(y):g}, {to_mm(w):g} x {to_mm(h):g} mm) runs outside "
                          f"the {to_mm(width):g} x {to_mm(height):g} mm {owner}")
        ok = False
    if not ok:
        return None
    return Box(name, kind.name, x, y, w, h, settings, condition, float(data.get("rotate", 0)),
               bool(data.get("mirror", False)), path)


def load_layout(root: Path, file: str, where: Location, width: float, height: float, names: frozenset[str],
                icons: frozenset[str], fonts: frozenset[str], owner: str,
                memo: dict | None = None,
                unusable: Mapping[str, Location] | None = None) -> tuple[Layout | None, list[Problem], list[Document]]:
    """Read a layout and the layouts it extends, for a component `width` x `height` points
    whose items have the fields `names`. `where` locates a problem with `file` itself."""
    problems: list[Problem] = []
    chain = _read_chain(root, file, where, problems, {} if memo is None else memo)
    documents = [doc for doc in chain or [] if not doc.file.startswith(BUILTIN)]
    if chain is None:
        return None, problems, documents
    merged: dict = {}
    for doc in reversed(chain):
        merged = _merge(merged, doc.data)

    def declared(name: str) -> Document:
        return next(doc for doc in chain if name in doc.data.get("boxes", {}))

    colours = {name: value.lower() for name, value in merged["colours"].items()}
    bound = {name: kind.name for kind in reversed(kinds().values()) for name in kind.names}
    values, value_names = read_values(
        merged.get("values", {}), lambda name: next(doc for doc in chain if name in doc.data.get("values", {})),
        file, names, bound, problems)
    names = names | value_names
    boxes: list[Box] = []
    # per-box extends: a box starts from another box's settings
    resolved: dict[str, dict] = {}
    for name, data in merged["boxes"].items():
        seen = [name]
        current = dict(data)
        while "extends" in current:
            parent = current.pop("extends")
            if parent in seen or parent not in merged["boxes"]:
                doc = declared(seen[-1])
                problems.append(problem("layout", doc.locate(("boxes", seen[-1], "extends")),
                                        f"box '{seen[-1]}' extends '{parent}', " + (
                                            "in a loop" if parent in seen else "which is not a box of the layout")))
                current = {}
                break
            seen.append(parent)
            current = _merge_box(merged["boxes"][parent], current)
        resolved[name] = current
    for name, data in resolved.items():
        if not data:
            continue
        doc = declared(name)
        reader = _BoxReader(file, doc.locate, names, colours, icons, fonts, problems, unusable)
        box = _parse_box(reader, name, data, ("boxes", name), width, height, names, owner)
        if box is not None:
            boxes.append(box)
    background = None
    if "background" in merged:
        where_bg = next(doc for doc in chain if "background" in doc.data)
        reader = _BoxReader(file, where_bg.locate, names, colours, icons, fonts, problems, unusable)
        background = reader.colour(merged["background"], ("background",), names)
    if problems:
        return None, problems, documents
    layout = Layout(file=file, width=width, height=height, colours=colours, background=background,
                    boxes=tuple(boxes), origins={b.name: declared(b.name).file for b in boxes},
                    sources=tuple(doc.file for doc in chain), values=values)
    return layout, problems, documents


ITEM_NAMES = frozenset({"item", "items", "group", "game", "sets", "colours", "id", "position", "copies"})


def layout_names(component: "ComponentSet") -> frozenset[str]:
    """The names a set's layouts can use in templates and expressions."""
    from ..components import types

    names = set(ITEM_NAMES) | set(component.fields) | set(types()[component.type].names)
    if component.whole_board:
        names = {"game", "sets", "colours", "map", "items"}
    return frozenset(names)


def load_layouts(game: "Game", locate: Callable[..., Location]) -> tuple[list[Problem], list[Document]]:
    """Load every face and back layout of every set into the set (component.faces/backs)."""
    from ..model.game import Views

    problems: list[Problem] = []
    loaded: dict[tuple, Layout | None] = {}
    read: dict[str, tuple] = {}  # each layout file read once, though several extend it
    icons = frozenset(game.icons)
    fonts = frozenset(game.font_roles)
    for component in game.sets.values():
        names = layout_names(component)
        owner = component.noun[0]
        for side in ("face", "back"):
            source = component.declaration.get(side)
            if side == "back" and source == "same":
                for item in component.items:
                    item.back = item.face
                continue
            if source is None:
                continue
            where = locate(("components", component.name, side))
            files: set[str] = set()
            if "{" in source:
                try:
                    template = expr.parse_template(source, layout_names(component))
                except expr.ExpressionError as exc:
                    problems.append(problem("layout", where, f"components.{component.name}.{side}: {exc.message}"))
                    continue
                views = Views(game, game.language)
                for item in component.items:
                    try:
                        file = template.render(views.env(item))
                    except expr.ExpressionError as exc:
                        problems.append(problem("layout", where, f"{component.describe(item)}: {side}: {exc.message}"))
                        continue
                    setattr(item, side, file)
                    files.add(file)
            else:
                files.add(source)
                for item in component.items:
                    setattr(item, side, source)
            for file in sorted(files):
                key = (file, component.width, component.height, names)
                if key not in loaded:
                    norm = posixpath.normpath(file)
                    layout, found, _ = load_layout(game.root, norm, where, component.width, component.height,
                                                   names, icons, fonts, owner, read, game.unusable_icons)
                    problems += found
                    loaded[key] = layout
                layout = loaded[key]
                if layout is not None:
                    (component.faces if side == "face" else component.backs)[file] = layout
                    game.layouts[file] = layout
    game._views.clear()
    # every layout file read, in the order read, those that fail their schema too
    return problems, [doc for doc, _, _ in read.values() if doc is not None]
