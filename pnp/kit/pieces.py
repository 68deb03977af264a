"""The composed kit: each set's items drawn into their layouts as scene definitions, with
their backs, names and copies, ready to impose and render. The exports read the kit; nothing
here writes a file."""

from __future__ import annotations

import hashlib
import json
import re
import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping

from .. import expr
from ..boxes.context import Art, Context
from ..compose.piece import compose, shape_cut, with_bleed
from ..icons.draw import draw_icon
from ..layout.reader import ITEM_NAMES

if TYPE_CHECKING:
    from ..layout.fonts import FontMetrics
    from ..layout.reader import Layout
    from ..model.game import ComponentSet, Game, Item
    from ..scene import Definition


@dataclass
class Piece:
    """One item of a set as drawn: its file name, face and back, and how many are printed."""

    item: "Item"
    name: str
    face: "Definition"
    back: "Definition | None"
    back_name: str | None  # the back's file name (None: no back of its own, or the face)
    copies: int
    label: str = ""  # what the exports and the gallery call it
    caption: tuple[str, ...] = ()  # the gallery's lines about it
    key: str | None = None  # what its face is drawn from (InputKeys), when known before drawing it


@dataclass
class Board:
    """One page of a board set, composed when first asked for (an area map is costly, and an
    unchanged board is kept by its data's key): the set's one board, or one of its items."""

    name: str  # its files' name
    label: str  # what the exports and the gallery call it
    make: Callable[[], "Definition"]
    key: tuple  # what it is drawn from
    width: float  # its size in points, known without composing it (its layout's)
    height: float
    _page: Any = None

    @property
    def page(self) -> "Definition":
        if self._page is None:
            self._page = self.make()
        return self._page


@dataclass
class PieceSet:
    """A set's pieces in order, or a board set's pages."""

    component: "ComponentSet"
    pieces: list[Piece] = field(default_factory=list)
    boards: list[Board] = field(default_factory=list)
    _bleeds: dict[float, tuple[list["Definition"], dict[int, "Definition"]]] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.component.name

    @property
    def type(self) -> str:
        return self.component.type

    def backs(self) -> list[tuple[str, "Definition"]]:
        """The distinct backs with their file names, in order of first use."""
        found: dict[str, "Definition"] = {}
        for piece in self.pieces:
            if piece.back is not None and piece.back_name is not None:
                found.setdefault(piece.back_name, piece.back)
        return list(found.items())

    def bled(self, bleed: float) -> tuple[list["Definition"], list["Definition | None"]]:
        """The faces and backs with their backgrounds run `bleed` past the trim."""
        if not bleed:
            return [p.face for p in self.pieces], [p.back for p in self.pieces]
        if bleed not in self._bleeds:
            backs: dict[int, "Definition"] = {}
            for p in self.pieces:
                if p.back is not None and id(p.back) not in backs:
                    backs[id(p.back)] = with_bleed(p.back, bleed)
            self._bleeds[bleed] = ([with_bleed(p.face, bleed) for p in self.pieces], backs)
        faces, backs = self._bleeds[bleed]
        return faces, [backs[id(p.back)] if p.back is not None else None for p in self.pieces]


def _scope(layout: "Layout", component: "ComponentSet") -> str:
    """What a back layout depends on: nothing of the item (one back for the set), its group
    (one per group), or the item itself."""
    names: set[str] = set()
    for box in _all_boxes(layout.boxes):
        names |= _names_of(box.settings) | (box.condition.names if box.condition else set())
    if layout.background is not None and layout.background.template is not None:
        names |= layout.background.template.names
    names = set(layout.reads(frozenset(names)))  # (and what the layout's values they name read)
    item_names = (set(component.fields) | ITEM_NAMES) - {"group", "game", "sets", "colours"}
    if names & item_names:
        return "item"
    return "group" if "group" in names else "set"


def _all_boxes(boxes) -> Iterator:
    for box in boxes:
        yield box
        if box.get("else") is not None:
            yield from _all_boxes([box.get("else")])
        yield from _all_boxes(box.get("boxes") or ())


def _names_of(value: Any) -> set[str]:
    from ..layout.values import Colour, Localised, Switch

    if isinstance(value, (expr.Template, expr.Expression)):
        return set(value.names)
    if isinstance(value, Localised):
        return set(value.names)
    if isinstance(value, Colour):
        return set(value.template.names) if value.template else set()
    if isinstance(value, Switch):
        return set(value.on.names)
    if isinstance(value, Mapping):
        return set().union(*(_names_of(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(_names_of(v) for v in value)) if value else set()
    return set()


@dataclass(frozen=True)
class Ink:
    """How a kit is printed: in full colour, with dark pieces printed light (`saver`: the sets'
    backs, and the faces of the sets that say so, tokens by default), or all in greys."""

    saver: bool = False
    greyscale: bool = False

    def parts(self, component: "ComponentSet") -> str:
        """What --ink-saver lightens of a set: "all", "backs" or "none" (its `ink_saver:`)."""
        from ..components import types

        return component.declaration.get("ink_saver", types()[component.type].ink_saver)

    def face(self, definition: "Definition", component: "ComponentSet") -> "Definition":
        from ..compose.paint import greyscale, ink_saver

        if self.saver and self.parts(component) == "all":
            definition = ink_saver(definition)
        return greyscale(definition) if self.greyscale else definition

    def back(self, definition: "Definition", component: "ComponentSet") -> "Definition":
        from ..compose.paint import greyscale, ink_saver

        if self.saver and self.parts(component) in ("all", "backs"):
            definition = ink_saver(definition)
        return greyscale(definition) if self.greyscale else definition


_SCOPES: "weakref.WeakKeyDictionary[ComponentSet, dict[str, str]]" = weakref.WeakKeyDictionary()  # by back layout


def back_of(component: "ComponentSet", item: "Item", name: str) -> tuple[tuple, str]:
    """An item's back (the item has one of its own layout): what the items sharing it have in
    common (its key), and its file name: the set's one back, its group's, or the item's own."""
    scopes = _SCOPES.setdefault(component, {})
    if item.back not in scopes:
        scopes[item.back] = _scope(component.backs[item.back], component)
    scope = scopes[item.back]
    key = (item.back,) if scope == "set" else (item.back, item.group.id if item.group else None) \
        if scope == "group" else (item.back, id(item))
    if len(component.items) == 1:
        scope = "set"  # the only item's back is the set's back
    back_name = "back" if scope == "set" else (
        f"back-{item.group.id}" if scope == "group" and item.group else f"{name}-back")
    if len(component.backs) > 1 and scope == "set":
        back_name = f"back-{item.back.rsplit('/', 1)[-1].removesuffix('.yaml')}"
    return key, back_name


def file_names(game: "Game", language: str) -> Iterator[tuple[str, str, "ComponentSet", "Item | None", bool]]:
    """The name each image of each piece and back is written under in its print file's folder
    (png/NAME/, svg/NAME/), as the build names them: (print file, file name, set, item, whether
    it is a back), a shared back once, with the first item that uses it; and each board's
    (its set's name as the print file, the board's name, the set, its item or None)."""
    from ..components import types

    views = game.views(language)
    groups: dict[str, list["ComponentSet"]] = {}
    for component in game.sets.values():
        kind = types()[component.type]
        if kind.whole is not None:
            if not component.faces:
                continue
            if component.whole_board:
                yield component.name, component.name, component, None, False
            else:
                from ..components.board import board_name

                template = expr.parse_template(component.declaration.get("name") or "{id}")
                for item in component.items:
                    yield (component.name, board_name(component, template.render(views.env(item), language)),
                           component, item, False)
        elif kind.printed:
            groups.setdefault(component.print_name, []).append(component)
    for print_name, sets in groups.items():
        for component in sets:
            names = component.declaration.get("name")
            template = expr.parse_template(names) if names else None
            backs: set[str] = set()
            sides = types()[component.type].pieces_of
            for item in component.items:
                if component.faces.get(item.face or "") is None:
                    continue
                name = template.render(views.env(item), language) if template else item.id
                for suffix, _ in sides(views.env(item)):
                    yield print_name, name + suffix, component, item, False
                if item.back and item.back in component.backs and component.declaration.get("back") != "same":
                    _, back = back_of(component, item, name)
                    if back not in backs:
                        backs.add(back)
                        yield print_name, f"{component.name}-{back}" if len(sets) > 1 else back, component, item, True


_SETS = re.compile(r"\bsets\b")


def _refers_to(declared: Any, name: str) -> bool:
    """Whether a set's declaration has a field, at any depth (a list's, a record's), that
    refers to the items of the set `name` (to: name, or to: name.field)."""
    if isinstance(declared, Mapping):
        to = declared.get("to")
        if isinstance(to, str) and to.split(".", 1)[0] == name:
            return True
        return any(_refers_to(value, name) for value in declared.values())
    if isinstance(declared, list):
        return any(_refers_to(value, name) for value in declared)
    return False


class InputKeys:
    """What each piece's face is drawn from, known before it is drawn: every file the game
    reads, by its content's hash, but the files of the piece's set that hold other groups
    than its own (a card's face reads its own fields, its group's and its group's items, and
    any other set's), with the piece's place, name, language and ink. Pieces an earlier build
    drew from the same inputs need not be drawn again (Kit defers them). A set whose layouts
    or declaration name `sets`, or whose fields refer to its own items, has the whole set's
    files in each key; a file another set reads too is in every key of both."""

    def __init__(self, game: "Game", language: str, ink: Ink):
        self.game, self.language, self.ink = game, language, ink
        self.digests: dict[str, str | None] = {}
        for name in game.files:
            doc = game.documents.get(name)
            if doc is not None and doc.digest:
                self.digests[name] = doc.digest
            else:  # (an icon)
                try:
                    self.digests[name] = hashlib.sha256((game.root / name).read_bytes()).hexdigest()
                except OSError:
                    self.digests[name] = None
        self.owners: dict[str, set[str]] = {}  # the sets whose items or groups each file holds
        for component in game.sets.values():
            for name in self._files(component):
                self.owners.setdefault(name, set()).add(component.name)

    @staticmethod
    def _files(component: "ComponentSet") -> set[str]:
        return ({*component.files} | {item.origin.file for item in component.items}
                | {group.origin.file for group in component.groups})

    def _whole(self, component: "ComponentSet") -> bool:
        """Whether a set's pieces may read any of its items (its layouts or declaration name
        `sets`, or a field refers to an item of the set)."""
        from ..layout.reader import BUILTIN, builtin_layouts

        texts = [json.dumps(component.declaration, default=str)]
        for layout in component.faces.values():
            for source in layout.sources:
                doc = self.game.documents.get(source)
                if source.startswith(BUILTIN):
                    texts.append(builtin_layouts().get(source[len(BUILTIN):], "sets"))
                else:
                    texts.append(json.dumps(doc.data, default=str) if doc is not None else "sets")
        return any(_SETS.search(t) for t in texts) or _refers_to(component.declaration, component.name)

    def of(self, component: "ComponentSet") -> "Callable[[Item, str], str] | None":
        """The key of each piece of a set, given its item and file name (None when a file the
        game read could not be hashed: then every piece is drawn)."""
        if None in self.digests.values():
            return None
        private = {f for f in self._files(component) if self.owners.get(f) == {component.name}} - {self.game.manifest}
        shared = sorted((f, d) for f, d in self.digests.items() if f not in private)
        common = hashlib.sha256(repr((shared, component.name, self.language, self.game.language,
                                      self.ink)).encode("utf-8")).hexdigest()
        whole = self._whole(component)
        units: dict[int, str] = {}  # the hashes of the files a group's pieces read, by group

        def unit(files: set[str]) -> str:
            return repr(sorted((f, self.digests.get(f)) for f in files & private))

        def key(item: "Item", name: str) -> str:
            group = item.group
            if whole or group is None:
                files = units.get(0) or units.setdefault(0, unit(private))
            else:
                files = units.get(id(group)) or units.setdefault(id(group), unit(
                    {group.origin.file} | {i.origin.file for i in group.items}))
            return hashlib.sha256(f"{common}|{files}|{item.origin.path!r}|{name}".encode("utf-8")).hexdigest()
        return key


class Kit:
    """Every set of a game, composed in one language (and printed with `ink`). With `known`
    (the content hash and characters of the faces an earlier build drew, by their InputKeys
    key), each face of a set with keys is drawn when first read (scene.Deferred): a card
    drawn from the same inputs is then drawn again only for an output that changed."""

    def __init__(self, game: "Game", fonts: Mapping[str, "FontMetrics"], art: Mapping[str, Art],
                 language: str | None = None, ink: Ink = Ink(),
                 known: Mapping[str, list] | None = None):
        self.game = game
        self.fonts = fonts
        self.art = art
        self.ink = ink
        self.language = language or game.language
        self.known = known
        self.rulebook_pages: dict[str, tuple[int, int]] = {}  # by paper: the rulebook's pages, its booklet's sides
        self.keys = InputKeys(game, self.language, ink) if known is not None else None
        from ..components import types

        self.sets: list[PieceSet] = []
        views = game.views(self.language)
        for component in game.sets.values():
            if types()[component.type].printed:  # (data is only read by the others)
                self.sets.append(self._compose(component, views))

    def _context(self, layout: "Layout", component: "ComponentSet") -> Context:
        return Context(self.fonts, self.game.icons, self.art, self.language, self.game.language, layout,
                       {"game": self.game, "set": component}, draw_icon)

    def _compose(self, component: "ComponentSet", views) -> PieceSet:
        from ..components import types

        pieces = PieceSet(component)
        if types()[component.type].whole is not None:  # (a board: one picture, or one per item)
            self._boards(pieces, views)
            return pieces
        names = component.declaration.get("name")
        name_template = expr.parse_template(names) if names else None
        label = component.declaration.get("label")
        label_template = self._template(label) if label else None
        captions = [self._template(line) for line in component.declaration.get("caption", [])]
        shared: dict[tuple, "Definition"] = {}
        same = component.declaration.get("back") == "same"
        keys = self.keys.of(component) if self.keys is not None else None
        for item, env, name in self._pieces_of(component, views, name_template):
            face_layout = component.faces.get(item.face or "")
            if face_layout is None:
                continue
            drawn_from = keys(item, name) if keys is not None else None
            face = self._face(component, face_layout, env, name, drawn_from)
            back, back_name = None, None
            if same:
                back = face
                if self.ink.saver and self.ink.parts(component) == "backs":
                    back = self.ink.back(face, component)
            elif item.back and item.back in component.backs:
                layout = component.backs[item.back]
                key, back_name = back_of(component, item, name)
                if key not in shared:
                    shared[key] = self.ink.back(self._cut(compose(layout, self._context(layout, component), env,
                                                                  f"{component.name}-{back_name}"), component),
                                                component)
                back = shared[key]
            if label_template is not None:
                shown = label_template.render(env, self.language)
            else:
                shown = env.get("name") if isinstance(env.get("name"), str) else item.id
            caption = tuple(line for line in (t.render(env, self.language) for t in captions) if line)
            pieces.pieces.append(Piece(item, name, face, back, back_name, item.copies, shown, caption or (shown,),
                                       drawn_from))
        return pieces

    def _pieces_of(self, component: "ComponentSet", views, name_template) -> Iterator[tuple["Item", Mapping, str]]:
        """Each piece of a set: its item, the names its layout reads, and its name (an item's
        own, or one per side of an item its type prints as several pieces)."""
        from ..components import types

        ctype = types()[component.type]
        for item in component.items:
            env = views.env(item)
            name = name_template.render(env, self.language) if name_template else item.id
            for suffix, piece_env in ctype.pieces_of(env):
                yield item, piece_env, name + suffix

    def _face(self, component: "ComponentSet", layout: "Layout", env: Mapping[str, Any], name: str,
              key: str | None) -> "Definition":
        """An item's face, cut to its shape and inked; with a key, drawn when first read."""
        from ..scene import deferred

        def draw() -> "Definition":
            return self.ink.face(self._cut(compose(layout, self._context(layout, component), env,
                                                   f"{component.name}-{name}"), component), component)
        if key is None:
            return draw()
        digest, chars = (self.known or {}).get(key) or (None, None)
        return deferred(f"{component.name}-{name}", layout.width, layout.height, 0.0, (), lambda: draw().content,
                        digest, chars)

    def faces(self, digest: Callable[["Definition"], str]) -> dict[str, list]:
        """Each face with a key that is drawn or known: the hash of its content (`digest`) and
        its characters by font, by its key (for the next build's `known`)."""
        from ..scene import Deferred, own_characters

        found = {}
        for pieces in self.sets:
            for piece in pieces.pieces:
                face = piece.face
                if isinstance(face, Deferred) and (face.digest is not None or face.drawn):  # (drawn: hashed now)
                    found[piece.key] = [digest(face), own_characters(face)]  # (as JSON keeps it)
        return found

    def _boards(self, pieces: PieceSet, views) -> None:
        """A board set's pages: one drawn from the set's map or layout, or, for a set without a
        map whose files hold items, one per item (each a board of its own)."""
        component = pieces.component
        layout = next(iter(component.faces.values()), None)
        if layout is None:
            return
        key = self._board_key(component, layout)
        title = self.game.title.get(self.language)
        if component.whole_board:
            def make_page(layout=layout, component=component):
                env = dict(views.env())
                if component.settings is not None:
                    env["map"] = component.settings.view(self.language, self.game.language)
                return self.ink.face(compose(layout, self._context(layout, component), env, component.name),
                                     component)
            pieces.boards.append(Board(component.name, title, make_page, key, layout.width, layout.height))
            return
        from ..components.board import board_name

        names = expr.parse_template(component.declaration.get("name") or "{id}")
        label = self._template(component.declaration["label"]) if "label" in component.declaration else None
        for item in component.items:
            env = views.env(item)
            name = board_name(component, names.render(env, self.language))  # (print/board-a3.pdf for one)
            shown = label.render(env, self.language) if label else f"{title} · {item.id}"

            page_layout = component.faces.get(item.face or "", layout)

            def make_item_page(layout=page_layout, env=env, name=name):
                return self.ink.face(compose(layout, self._context(layout, component), env, name), component)
            pieces.boards.append(Board(name, shown, make_item_page, key + (name,), page_layout.width,
                                       page_layout.height))

    def _template(self, value: Any) -> expr.Template:
        """A template of the set's declaration (a label, a caption line) in the kit's language."""
        from ..model.game import Text

        return expr.parse_template(Text.from_data(value).get(self.language, self.game.language))

    @staticmethod
    def _cut(definition: "Definition", component: "ComponentSet") -> "Definition":
        return shape_cut(definition, component.shape)

    def _board_key(self, component: "ComponentSet", layout: "Layout") -> tuple:
        """What a board is drawn from, without drawing it: its files and its layout's, the
        manifest, the icons, the colours of the groups it takes colours from, the language."""
        game = self.game
        files = [game.manifest, *component.files, *layout.sources]
        for other in component.faces.values():  # an item's board may have a layout of its own
            files += [f for f in other.sources if f not in files]
        if component.settings is not None:
            files += list(component.settings.files)
        files += [icon.file for icon in game.icons.values()]
        digests = tuple((f, game.documents[f].digest if f in game.documents else None) for f in files)
        from ..maps.areas.data import colours_of

        colours = tuple(sorted((area, g.id, repr(g.fields)) for area, g in colours_of(game, component).items()))
        return ("board", digests, colours, self.language, repr(game.values), self.ink)

    def __iter__(self) -> Iterator[PieceSet]:
        return iter(self.sets)

    def get(self, name: str) -> PieceSet | None:
        return next((s for s in self.sets if s.name == name), None)

    def print_groups(self) -> list[tuple[str, list[PieceSet]]]:
        """The sets by the print files they share (print: tokens), in order."""
        groups: dict[str, list[PieceSet]] = {}
        for s in self.sets:
            groups.setdefault(s.component.print_name, []).append(s)
        return list(groups.items())
