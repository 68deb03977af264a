"""The game as data: component sets of items, each item a mapping of its declared fields.

Built from validated YAML by `pnp.load.game.load_game`; nothing here reads files. Every record
keeps its origin (file and data path) so checks can point at the exact line. Templates and
expressions see a game through `views`: plain mappings in one language, where a text is the
string of that language and a reference to an item is that item's view.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Mapping

from ..problems import Location
from ..load.yamlload import DataPath, Document

if TYPE_CHECKING:
    from .rulebook import Rulebook
    from ..checks import Check
    from ..load.fields import Field
    from ..icons import Icon
    from ..layout.reader import Layout
    from .stats import StatsSpec

ANY_LANGUAGE = ""
_BREAKS = re.compile(r"[ \t\n\r\f\v]+")


def one_line(text: str) -> str:
    """A text as one line prints it: where it holds tabs or line breaks (a YAML block's
    lines), each run of them and spaces is one space, and none is left at either end. Other
    spaces (no-break, ideographic...) are the designer's, for the fonts' check to judge."""
    if not any(ch in text for ch in "\t\n\r\f\v"):
        return text
    return _BREAKS.sub(" ", text).strip(" ")


@dataclass(frozen=True)
class Text:
    """Printed text: one string for all languages, or one per language code. A text is one
    line (see `one_line`) unless it holds paragraphs."""

    values: tuple[tuple[str, str], ...]

    @classmethod
    def from_data(cls, data: str | Mapping[str, str], paragraphs: bool = False) -> "Text":
        line = (lambda text: text) if paragraphs else one_line
        if isinstance(data, str):
            return cls(((ANY_LANGUAGE, line(data)),))
        return cls(tuple((lang, line(text) if isinstance(text, str) else text) for lang, text in data.items()))

    @property
    def localised(self) -> bool:
        return self.values[0][0] != ANY_LANGUAGE

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(lang for lang, _ in self.values) if self.localised else ()

    def get(self, language: str, default: str | None = None) -> str:
        """The text in `language`, else in `default`, else the first one given."""
        for lang, text in self.values:
            if lang == language or lang == ANY_LANGUAGE:
                return text
        if default is not None:
            for lang, text in self.values:
                if lang == default:
                    return text
        return self.values[0][1]

    def strings(self) -> tuple[str, ...]:
        return tuple(text for _, text in self.values)

    def __str__(self) -> str:
        return self.values[0][1]


@dataclass(frozen=True)
class Origin:
    """Where a record was read from: the file and the data path inside it."""

    file: str
    path: DataPath = ()


@dataclass(eq=False)
class Group:
    """A group of a set's items with a header of its own (a deck's suits)."""

    set: str
    id: str
    fields: dict[str, Any]
    origin: Origin
    items: list["Item"] = field(default_factory=list)


@dataclass(eq=False)
class Item:
    """One item of a component set: its fields (defaults applied, texts as Text), where it was
    read, its group, its place in the group (from 1) and how many copies are printed."""

    set: str
    fields: dict[str, Any]
    origin: Origin
    group: Group | None = None
    position: int = 1
    copies: int = 1
    face: str | None = None  # the files of its face's and back's layouts
    back: str | None = None

    @property
    def id(self) -> str:
        return str(self.fields.get("id", self.position))

    def __getitem__(self, name: str) -> Any:
        return self.fields[name]

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)


@dataclass(eq=False)
class ComponentSet:
    """A set of components declared in game.yaml: its type, size, fields, items and layouts."""

    name: str
    type: str
    declaration: Mapping[str, Any]
    origin: Origin
    width: float  # points
    height: float
    shape: str  # rect, round, square, hex
    noun: tuple[str, str]
    title: Text
    fields: dict[str, "Field"] = field(default_factory=dict)
    group_key: str | None = None
    group_noun: tuple[str, str] | None = None  # (what the group is called; by default its key)
    group_fields: dict[str, "Field"] = field(default_factory=dict)
    items_key: str | None = None
    files: tuple[str, ...] = ()
    groups: list[Group] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    faces: dict[str, "Layout"] = field(default_factory=dict)  # layout file -> layout
    backs: dict[str, "Layout"] = field(default_factory=dict)
    settings: Any = None  # a board's map settings (see pnp.maps)
    hex: str | None = None  # flat or pointy, for hex tiles
    schema: str | None = None  # the name of the schema its files are checked against (pnp.load.schema.compiled)

    @property
    def whole_board(self) -> bool:
        """A board drawn once from the whole set (its map, or a layout and no files), rather
        than one board per item."""
        from ..components import types

        return types()[self.type].whole is not None and ("map" in self.declaration or "files" not in self.declaration)

    @property
    def print_name(self) -> str:
        return str(self.declaration.get("print", self.name))

    def describe(self, item: Item) -> str:
        """How messages name an item: card 'shah-alam'."""
        return f"{self.noun[0]} '{item.id}'"


@dataclass(eq=False)
class Game:
    """A whole game: its manifest, component sets in order, layouts, icons, checks."""

    root: Path
    manifest: str
    title: Text
    subtitle: Text | None
    languages: tuple[str, ...]
    fonts: Mapping[str, str]
    players: tuple[int, int] | None
    values: Mapping[str, Any]
    sets: dict[str, ComponentSet]
    layouts: dict[str, "Layout"]
    icons: dict[str, "Icon"]
    checks: list["Check"]
    stats: "StatsSpec | None"
    files: tuple[str, ...]
    complete: bool
    documents: Mapping[str, Document] = field(repr=False, compare=False)
    icons_folder: str = "icons"
    glossary: str | None = None  # the file of the game's terms in each language
    rules: dict[str, "Rulebook"] = field(default_factory=dict)  # each language's rulebook, as read
    # the icons whose files pnp cannot draw, by name, each with its first problem's place
    unusable_icons: Mapping[str, Location] = field(default_factory=dict, repr=False, compare=False)
    memo: dict = field(default_factory=dict, repr=False, compare=False)  # what checks work out once
    _views: dict[str, "Views"] = field(default_factory=dict, repr=False, compare=False)

    @property
    def font_roles(self) -> dict[str, str]:
        """The font of each role text prints in: those game.yaml declares, and heading and
        body (the roles boxes print in unless a layout names one), each the other's font
        when only one is declared, else the first declared."""
        roles = dict(self.fonts)
        first = next(iter(self.fonts.values()), None)
        for role, other in (("heading", "body"), ("body", "heading")):
            if role not in roles and first is not None:
                roles[role] = self.fonts.get(other, first)
        return roles

    @property
    def language(self) -> str:
        """The default language: the first the game declares."""
        return self.languages[0] if self.languages else "en"

    def locate(self, origin: Origin, *path: Any, key: bool = False) -> Location:
        """The file position of `origin` or of a field below it."""
        doc = self.documents.get(origin.file)
        if doc is None:
            return Location(origin.file)
        return doc.locate(origin.path + tuple(path), key=key)

    def map_files(self) -> list[str]:
        """The game's files but the item files of sets that are not boards: what an area map
        (its geometry, its checks, how far a pin lies from its land) depends on."""
        from ..components import types

        items = {file for s in self.sets.values() if types()[s.type].whole is None for file in s.files}
        return [name for name in self.files if name not in items]

    def items(self) -> Iterator[Item]:
        for s in self.sets.values():
            if not s.declaration.get("items_of"):
                yield from s.items

    def views(self, language: str | None = None) -> "Views":
        """Every record of the game as mappings in one language, for templates and expressions."""
        language = language or self.language
        if language not in self._views:
            self._views[language] = Views(self, language)
        return self._views[language]


class View(dict):
    """A record as expressions see it: a dict of its fields in one language."""

    __slots__ = ("record",)


def _resolve(value: Any, field: "Field | None", views: "Views", group: Group | None) -> Any:
    if isinstance(value, Text):
        return value.get(views.language, views.default)
    if field is None:
        return value
    if field.type == "ref" and field.ref_field is None and value is not None:
        target = views.game.sets.get(field.ref_set or "")
        if target is not None:
            for item in target.items:
                if item.fields.get("id") == value:
                    return views.item(item)
        return None
    if field.type == "hex" and isinstance(value, str):
        from .hexes import parse_grid_name

        found = parse_grid_name(value)
        return View(col=found[0], row=found[1], name=value) if found else None
    if field.type in ("list", "set") and isinstance(value, list):
        return [_resolve(v, field.of, views, group) for v in value]
    if field.type == "record" and isinstance(value, Mapping):
        return View({k: _resolve(v, field.fields.get(k), views, group) for k, v in value.items()})
    return value


class _Sets(View):
    """The sets as expressions see them, each made when an expression first reads it."""

    __slots__ = ("views",)

    def __missing__(self, name: str) -> View:
        component = self.views.game.sets.get(name)
        if component is None:
            raise KeyError(name)
        from ..units import to_mm

        found = self[name] = View(name=name, items=[self.views.item(i) for i in component.items],
                                  groups=[self.views.group(g) for g in component.groups],
                                  width=round(to_mm(component.width), 3), height=round(to_mm(component.height), 3))
        return found

    def keys(self):  # every set's name, made or not (for "did you mean")
        return self.views.game.sets.keys()

    def __iter__(self):
        return iter(self.views.game.sets)


class Views:
    """The game's records as `View`s in one language, made when first asked for."""

    def __init__(self, game: Game, language: str):
        self.game = game
        self.language = language
        self.default = game.language
        self._items: dict[int, View] = {}
        self._groups: dict[int, View] = {}
        self._sets: View | None = None
        self._game: View | None = None
        self._envs: dict[tuple[int, int], dict[str, Any]] = {}

    def item(self, item: Item) -> View:
        found = self._items.get(id(item))
        if found is None:
            found = self._items[id(item)] = View()
            found.record = item
            declared = self.game.sets[item.set].fields
            for key, value in item.fields.items():
                found[key] = _resolve(value, declared.get(key), self, item.group)
            found.setdefault("id", item.id)
            found["group"] = self.group(item.group) if item.group is not None else None
            found["position"] = item.position
            found["copies"] = item.copies
        return found

    def group(self, group: Group) -> View:
        found = self._groups.get(id(group))
        if found is None:
            found = self._groups[id(group)] = View()
            found.record = group
            declared = self.game.sets[group.set].group_fields
            for key, value in group.fields.items():
                found[key] = _resolve(value, declared.get(key), self, group)
            found["id"] = group.id
            found["items"] = [self.item(item) for item in group.items]
        return found

    def sets(self) -> View:
        """Every set as {items, groups, name}: `sets.cards.items`, each made when first read."""
        if self._sets is None:
            self._sets = _Sets()
            self._sets.views = self
        return self._sets

    def game_view(self) -> View:
        """The game: title, subtitle, players, languages and the game's values."""
        if self._game is None:
            g = self.game
            self._game = View({key: _resolve(value, None, self, None) for key, value in g.values.items()})
            self._game.update(
                title=g.title.get(self.language, self.default),
                subtitle=g.subtitle.get(self.language, self.default) if g.subtitle else None,
                players=View(min=g.players[0], max=g.players[1]) if g.players else None,
                languages=list(g.languages),
                language=self.language,
            )
        return self._game

    def env(self, item: Item | None = None, group: Group | None = None, **extra: Any) -> dict[str, Any]:
        """The names an expression about `item` (or `group`) can use: its fields, and item,
        group, items (of its group, or the set), game and sets. Made once per record: a
        caller that adds names copies it first."""
        key = (id(item), id(group))
        env = self._envs.get(key)
        if env is None:
            env = self._envs[key] = self._env(item, group)
        return dict(env, **extra) if extra else env

    def _env(self, item: Item | None, group: Group | None) -> dict[str, Any]:
        env: dict[str, Any] = {}
        if item is not None:
            view = self.item(item)
            env.update(view)
            env["item"] = view
            group = item.group
            env["items"] = (self.group(group)["items"] if group is not None
                            else self.sets()[item.set]["items"])
        if group is not None:
            gview = self.group(group)
            if item is None:
                env.update(gview)
                env["items"] = gview["items"]
            env["group"] = gview
        env["game"] = self.game_view()
        env["sets"] = self.sets()
        return env
