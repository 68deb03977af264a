"""A rulebook worked out for one language: its references turned into the game's names and
values, its icons and pictures looked up, French spacing put in, and its examples' checks
evaluated against the data. Nothing here draws: pnp.render.rulebook typesets what this gives,
and pnp.checks.rulebook reports what it finds wrong.

What comes out (`Resolved`) is plain data with no reference back to the game: its repr is
what the build keys the typeset rulebook by, so a change to a card that the rulebook neither
names nor pictures does not typeset it again.
"""

from __future__ import annotations

import ast
import difflib
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator

from .. import expr
from ..model import rulebook as rb
from ..problems import Location

if TYPE_CHECKING:
    from ..model.game import ComponentSet, Game, Item


# --- what a resolved rulebook is made of ----------------------------------------------------


@dataclass(frozen=True)
class Run:
    """Text in one style."""

    text: str
    bold: bool = False
    italic: bool = False


@dataclass(frozen=True)
class IconRun:
    name: str


@dataclass(frozen=True)
class LineBreak:
    pass


@dataclass(frozen=True)
class Block:
    """A resolved block: its kind (heading, paragraph, list, table, box, picture, pagebreak)
    and what that kind holds, each text as a tuple of runs."""

    kind: str
    runs: tuple = ()  # a heading's, paragraph's, picture's caption, box's title
    level: int = 0  # a heading's level
    anchor: str | None = None
    items: tuple = ()  # a list's items; a table's header then rows (each a tuple of cells); a box's blocks
    ordered: bool = False
    start: int = 1
    aligns: tuple = ()
    pieces: tuple = ()  # a picture's stacks, each a tuple of (set, id, back)
    line: int = 0  # where it is written


@dataclass(frozen=True)
class Resolved:
    language: str
    file: str
    blocks: tuple

    def headings(self) -> list[Block]:
        return [b for b in self.blocks if b.kind == "heading"]

    def pictured(self) -> list[tuple[str, str, bool]]:
        """Every piece its pictures show, in order (a box's own after it)."""
        found = []
        for block in self.blocks:
            for inner in (block,) + (block.items if block.kind == "box" else ()):
                if inner.kind == "picture":
                    found += [piece for stack in inner.pieces for piece in stack]
        return found


@dataclass
class Finding:
    """What working a rulebook out found wrong: where, what and which check says it."""

    where: Location
    message: str
    rule: str  # rules-reference or rules-example


# --- names ------------------------------------------------------------------------------------


def name_field(component: "ComponentSet") -> str | None:
    """The field `{set:id}` prints: `name`, else the set's first text field."""
    if "name" in component.fields:
        return "name"
    return next((n for n, f in component.fields.items() if f.type == "text"), None)


def _hint(name: str, names) -> str:
    close = difflib.get_close_matches(name, [str(n) for n in names], n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def find_item(game: "Game", set_name: str, item_id: str) -> tuple["Item | None", str | None]:
    """The item `set:id` names, or None and why not."""
    component = game.sets.get(set_name)
    if component is None:
        return None, f"no set '{set_name}'{_hint(set_name, game.sets)}"
    for item in component.items:
        if item.id == item_id:
            return item, None
    return None, f"set '{set_name}' has no item '{item_id}'{_hint(item_id, [i.id for i in component.items])}"


def environment(game: "Game", language: str, shown: tuple = ()) -> dict[str, Any]:
    """The names a rulebook's expressions read: the game's, `shown` (the items pictured before
    a check) and each set whose name is a Python name as a mapping from id to item."""
    views = game.views(language)
    env = dict(views.env())
    for name, component in game.sets.items():
        if name.isidentifier() and name not in env:
            env[name] = {item.id: views.item(item) for item in component.items}
    found = []
    for piece in shown:
        item, _ = find_item(game, piece.set, piece.id)
        if item is not None:
            found.append(views.item(item))
    env["shown"] = found
    return env


# --- French spacing ---------------------------------------------------------------------------

NBSP = "\u00a0"
NNBSP = "\u202f"
_BEFORE_HIGH = re.compile(r"[ \u00a0\u202f]*([;!?])")
_BEFORE_COLON = re.compile(r"(?<=\S)[ \u00a0\u202f]*:(?=\s|$)")
_GUILLEMET_OPEN = re.compile(r"«[ \u00a0\u202f]*")
_GUILLEMET_CLOSE = re.compile(r"[ \u00a0\u202f]*»")


def french_spacing(text: str) -> str:
    """French typography: a narrow no-break space before ; ! ? and inside « », a no-break
    space before a colon (written with a space or without)."""
    text = _BEFORE_HIGH.sub(lambda m: NNBSP + m.group(1), text)
    text = _BEFORE_COLON.sub(NBSP + ":", text)
    text = _GUILLEMET_OPEN.sub("«" + NNBSP, text)
    text = _GUILLEMET_CLOSE.sub(NNBSP + "»", text)
    return text


# --- working a rulebook out -------------------------------------------------------------------


class _Resolver:
    def __init__(self, game: "Game", rulebook: rb.Rulebook, language: str):
        self.game = game
        self.rulebook = rulebook
        self.language = language
        self.views = game.views(language)
        self.findings: list[Finding] = []
        self._env: dict | None = None

    def say(self, line: int, column: int, message: str, rule: str = "rules-reference") -> None:
        self.findings.append(Finding(Location(self.rulebook.file, line, column), message, rule))

    @property
    def env(self) -> dict:
        if self._env is None:
            self._env = environment(self.game, self.language)
        return self._env

    def runs(self, parts: tuple, bold: bool = False, italic: bool = False) -> tuple:
        out: list = []
        for part in parts:
            if isinstance(part, rb.Text):
                self.text(out, part.text, bold, italic)
            elif isinstance(part, rb.Styled):
                out += self.runs(part.parts, bold or part.style == "bold", italic or part.style == "italic")
            elif isinstance(part, rb.Ref):
                self.text(out, self.reference(part), bold, italic)
            elif isinstance(part, rb.Value):
                self.text(out, self.value(part), bold, italic)
            elif isinstance(part, rb.Icon):
                if part.name in self.game.icons:
                    out.append(IconRun(part.name))
                elif part.name in self.game.unusable_icons:
                    from ..icons.folder import cannot_be_drawn

                    self.say(part.line, part.column, cannot_be_drawn(part.name, self.game.unusable_icons[part.name]))
                else:
                    self.say(part.line, part.column, f"no icon '{part.name}'{_hint(part.name, self.game.icons)}")
            else:
                out.append(LineBreak())
        if self.language == "fr":
            out = [Run(french_spacing(r.text), r.bold, r.italic) if isinstance(r, Run) else r for r in out]
        return tuple(out)

    @staticmethod
    def text(out: list, text: str, bold: bool, italic: bool) -> None:
        if out and isinstance(out[-1], Run) and out[-1].bold == bold and out[-1].italic == italic:
            out[-1] = Run(out[-1].text + text, bold, italic)
        elif text:
            out.append(Run(text, bold, italic))

    def reference(self, ref: rb.Ref) -> str:
        item, why = find_item(self.game, ref.set, ref.id)
        if item is None:
            self.say(ref.line, ref.column, why)
            return ref.id
        component = self.game.sets[ref.set]
        name = ref.field or name_field(component)
        if name is None:
            self.say(ref.line, ref.column, f"{component.describe(item)}: its set has no text field to name it by; "
                                           f"name a field: {{{ref.set}:{ref.id}.FIELD}}")
            return ref.id
        value: Any = self.views.item(item)
        owner = component.describe(item)
        for step in name.split("."):  # a field, or a field of what it refers to: {cards:x.group.name}
            if not isinstance(value, dict) or step not in value:
                known = [k for k in value if k not in ("position", "copies")] if isinstance(value, dict) else []
                self.say(ref.line, ref.column, f"{owner} has no field '{step}'{_hint(step, known)}")
                return ref.id
            value = value[step]
            owner = f"{owner}: {step}"
        record = getattr(value, "record", None)
        if record is not None and record.set in self.game.sets:  # (a reference to another item: its name)
            value = value.get(name_field(self.game.sets[record.set]) or "id", record.id)
        return expr.format_value(value, self.language)

    def value(self, part: rb.Value) -> str:
        try:
            return expr.format_value(part.expression._evaluate(self.env, self.language), self.language)
        except expr.ExpressionError as exc:
            self.say(part.line, part.column, f"{{={part.expression.source}}} cannot be worked out: {exc.message}",
                     "rules-example")
            return ""

    def pieces(self, picture: rb.Picture) -> tuple:
        stacks = []
        for stack in picture.stacks:
            found = []
            for piece in stack:
                item, why = find_item(self.game, piece.set, piece.id)
                if item is None:
                    self.say(piece.line, piece.column, why)
                    continue
                component = self.game.sets[piece.set]
                from ..components import types

                kind = types()[component.type]
                if not kind.printed:
                    self.say(piece.line, piece.column, f"set '{piece.set}' is data, not printed: it has no picture")
                    continue
                if piece.back and item.back is None:
                    self.say(piece.line, piece.column, f"{component.describe(item)} has no back to picture")
                    continue
                found.append((piece.set, piece.id, piece.back))
            if found:
                stacks.append(tuple(found))
        return tuple(stacks)

    def check(self, check: rb.Check) -> None:
        if check.expression is None:
            return
        env = environment(self.game, self.language, check.shown)
        try:
            holds = check.expression._evaluate(env, self.language)
        except expr.ExpressionError as exc:
            self.say(check.line, check.column, f"@check cannot be worked out: {exc.message} (in {check.source!r})",
                     "rules-example")
            return
        if holds:
            return
        self.say(check.line, check.column, f"the example no longer holds: {check.source} is false"
                                           f"{self.sides(check.source, env)}", "rules-example")

    def sides(self, source: str, env: dict) -> str:
        """What the two sides of a failed comparison come to: ' (its left side is 0)'."""
        try:
            tree = ast.parse(source.strip(), mode="eval").body
        except SyntaxError:
            return ""
        if not isinstance(tree, ast.Compare) or len(tree.ops) != 1:
            return ""
        said = []
        for node in (tree.left, tree.comparators[0]):
            if isinstance(node, ast.Constant):
                continue
            segment = ast.get_source_segment(source.strip(), node)
            try:
                value = expr.parse(segment)._evaluate(env, self.language)
            except (expr.ExpressionError, TypeError):
                continue
            said.append(f"{segment} is {expr.format_value(value, self.language) if not isinstance(value, str) else repr(value)}")
        return f" ({'; '.join(said)})" if said else ""

    def blocks(self, blocks) -> tuple:
        out = []
        for block in blocks:
            if isinstance(block, rb.Heading):
                out.append(Block("heading", self.runs(block.parts), level=block.level, anchor=block.anchor,
                                 line=block.line))
            elif isinstance(block, rb.Paragraph):
                out.append(Block("paragraph", self.runs(block.parts), line=block.line))
            elif isinstance(block, rb.ListBlock):
                out.append(Block("list", items=tuple(self.runs(item) for item in block.items), ordered=block.ordered,
                                 start=block.start, line=block.line))
            elif isinstance(block, rb.Table):
                header = tuple(self.runs(cell) for cell in block.header)
                rows = tuple(tuple(self.runs(cell) for cell in row) for row in block.rows)
                out.append(Block("table", items=(header,) + rows, aligns=block.aligns, line=block.line))
            elif isinstance(block, rb.Box):
                out.append(Block("box", self.runs(block.title), anchor=block.kind, items=self.blocks(block.blocks),
                                 line=block.line))
            elif isinstance(block, rb.Picture):
                pieces = self.pieces(block)
                if pieces:
                    out.append(Block("picture", self.runs(block.caption), pieces=pieces, line=block.line))
            elif isinstance(block, rb.PageBreak):
                out.append(Block("pagebreak", line=block.line))
            elif isinstance(block, rb.Check):
                self.check(block)
        return tuple(out)


def resolve(game: "Game", rulebook: rb.Rulebook, language: str | None = None) -> tuple[Resolved, list[Finding]]:
    """`rulebook` worked out in `language` (its own by default), with what was found wrong."""
    language = language or rulebook.language
    resolver = _Resolver(game, rulebook, language)
    blocks = resolver.blocks(rulebook.blocks)
    return Resolved(language, rulebook.file, blocks), resolver.findings


def resolved(game: "Game") -> dict[str, tuple[Resolved, list[Finding]]]:
    """Every rulebook of the game, worked out once (the checks and the build share it)."""
    if "rulebooks" not in game.memo:
        game.memo["rulebooks"] = {language: resolve(game, book) for language, book in game.rules.items()}
    return game.memo["rulebooks"]


def plain_text(runs: tuple) -> str:
    return "".join(r.text if isinstance(r, Run) else " " for r in runs)


def texts(block: Block) -> Iterator[tuple[tuple, bool]]:
    """Each text of a block, with whether it is a heading's (printed in the heading font)."""
    if block.kind == "heading":
        yield block.runs, True
    elif block.kind in ("paragraph", "picture"):
        yield block.runs, False
    elif block.kind == "list":
        for item in block.items:
            yield item, False
    elif block.kind == "table":
        for k, row in enumerate(block.items):
            for cell in row:
                yield cell, k == 0
    elif block.kind == "box":
        yield block.runs, True
        for inner in block.items:
            yield from texts(inner)


def sections(book: Resolved) -> list[tuple[str, str, int]]:
    """The rulebook's sections by anchor: (anchor, its whole text, the heading's line); a
    section runs from a heading with an anchor to the next one."""
    found: list[tuple[str, list[str], int]] = []
    for block in book.blocks:
        if block.kind == "heading" and block.anchor:
            found.append((block.anchor, [], block.line))
        if found:
            for runs, _ in texts(block):
                found[-1][1].append(plain_text(runs))
    return [(anchor, " ".join(parts), line) for anchor, parts, line in found]


def pictured_pieces(kit, book: Resolved) -> dict[tuple, Any]:
    """The drawing of each piece the rulebook pictures, by (set, id, back): the kit's own."""
    found: dict[tuple, Any] = {}
    for set_name, item_id, back in book.pictured():
        pieces = kit.get(set_name)
        if pieces is None:
            continue
        piece = next((p for p in pieces.pieces if p.item.id == item_id), None)
        if piece is not None:
            found[(set_name, item_id, back)] = (piece.back or piece.face) if back else piece.face
        elif pieces.boards and len(pieces.boards) == len(pieces.component.items):  # a board of each item
            index = next(k for k, item in enumerate(pieces.component.items) if item.id == item_id)
            found[(set_name, item_id, back)] = pieces.boards[index].page
    return found
