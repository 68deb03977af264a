"""pnp's checks of what printing a game's pieces asks: the templates of every layout, worked
out for every piece (pnp.checks.printed), the icons a piece places (not more than pnp draws on
one), pieces that fit their papers, the print files sets of several types share, and the names
their files are written under (the safe zone and bleed of pieces printed on demand:
pnp.checks.pod)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..components import types
from ..load.paths import name_problem
from ..problems import Severity
from . import Found, rule
from .printed import held, layouts, nested, uses

if TYPE_CHECKING:
    from ..layout.reader import Box
    from ..model.game import Game


MAX_PIECE_SEGMENTS = 200_000  # path segments of the icons one side of a piece places


def piece_icons(game: "Game") -> Found:
    from ..boxes.context import Context

    if not game.icons:
        return
    views = game.views(game.language)
    for component in game.sets.values():
        for layout in layouts(component):
            if not any(box.kind in _PLACING for box in nested(layout.boxes, rows=True)):
                continue
            ctx = Context({}, game.icons, {}, game.language, game.language, layout)
            items = [None] if component.whole_board else [i for i in component.items if uses(component, i, layout)]
            for item in items:
                env = dict(views.env(item) if item is not None else views.env())
                if component.settings is not None:  # (a board's map)
                    env["map"] = component.settings.view(game.language, game.language)
                env = layout.env(env, game.language, strict=False)
                placed = sum(_placed_segments(box, ctx, env) for box in layout.boxes)
                if placed > MAX_PIECE_SEGMENTS:
                    owner = component.describe(item) if item is not None else f"components.{component.name}"
                    where = game.locate(item.origin if item is not None else component.origin)
                    yield where, (f"{owner}: layout '{layout.file}' places icons of {placed:,} path segments in all, "
                                  f"more than pnp draws on one piece ({MAX_PIECE_SEGMENTS:,}): place fewer or "
                                  f"simpler icons")


rule("piece-icons", Severity.ERROR, "A side of a piece places icons of more path segments in all than pnp draws on "
     "one piece (200,000): icons repeated too often, or too detailed.")(piece_icons)


_PLACING = ("icon", "medallion", "row", "hexmap", "locator")  # the box kinds that place icons (pnp.boxes)


def _placed_segments(box: "Box", ctx: Any, env: dict) -> int:
    """The path segments of the icons a box places for `env`, as pnp.boxes places
    them, or more (a row's icons counted as if each were repeated); 0 where a template fails
    (its own check says so)."""
    try:
        if box.condition is not None and not box.condition.evaluate(env):
            return 0
        total = 0
        if box.kind in ("icon", "medallion", "locator"):  # (a locator's in its pin)
            icon = ctx.icon(box.get("symbol" if box.kind == "locator" else box.kind), env)
            total = icon.segments if icon is not None else 0
        elif box.kind == "row":
            from ..boxes.row import row_icons

            total = sum(icon.segments * count for icon, count, _ in row_icons(box.get("row") or {}, ctx, env))
        elif box.kind == "hexmap" and box.get("symbol") is not None:
            from ..boxes.hexmap import hexmap_layout

            each = 7 if box.get("scatter") else 1
            for cell in hexmap_layout(box, env)[1]:
                icon = ctx.icon(box.get("symbol"), dict(env, cell=cell))
                total += icon.segments * each if icon is not None else 0
        else:  # the boxes it holds, as its kind draws them: a group's once, a list's rows, a place's elements
            for sub, inner in held(box, env, ctx.language, ctx.default):
                total += _placed_segments(sub, ctx, inner)
        if box.get("else") is not None:
            total += _placed_segments(box.get("else"), ctx, env)
    except Exception:  # an expression that fails is the template check's
        return 0
    return total * 2 if box.mirror else total


# --- every template of every layout -------------------------------------------------------------

def template(game: "Game") -> Found:
    from .declared import declared_failures
    from .printed import worked_out

    failures = list(worked_out(game).failures.items()) + \
        [(found, (owner, language, more)) for found, (owner, language, more, _) in declared_failures(game).items()]
    for (where, message), (owner, language, more) in failures:
        if owner is None:  # (no piece's: the template itself)
            yield where, message
            continue
        shown = f" in {language}" if language != game.language else ""
        others = f" and {len(more)} more" if more else ""
        yield where, f"{message}, for {owner}{shown}{others}"


rule("template", Severity.ERROR, "A layout's template or expression (a box's, its background's, a value's), or a "
     "template of game.yaml (a set's name, label or caption lines, the read-me's contents lines), fails for a "
     "piece, in one of the game's languages, or names an icon the game does not have: every layout and template is "
     "worked out for every piece, as a build and its exports work them out.")(template)


def piece_too_large(game: "Game") -> Found:
    from ..impose import MIN_MARGIN, PAPERS, ImpositionError, make_grid
    from ..units import to_mm

    def fits(paper, width: float, height: float, grid: bool) -> bool:
        if grid:  # laid out in a grid as pnp.impose does it: on the paper as it is, or turned sideways
            try:
                make_grid(paper, width, height)
            except ImpositionError:
                return False
            return True
        return width <= paper.width - 2 * MIN_MARGIN + 1e-6 and height <= paper.height - 2 * MIN_MARGIN + 1e-6

    for component in game.sets.values():
        kind = types()[component.type]
        if kind.whole is not None or not kind.printed:  # boards are printed in parts; data not at all
            continue
        # as it is printed (a standee as a strip: its figure twice, and two flaps), in a grid
        # but for what is packed on the paper as it is (tokens, hex tiles)
        width, height = kind.printed_size(component) if kind.printed_size else (component.width, component.height)
        grid = component.shape not in kind.packed
        too_small = [paper for paper in PAPERS.values() if not fits(paper, width, height, grid)]
        if too_small:
            size = f"{to_mm(width):g} x {to_mm(height):g} mm"
            papers = ", ".join(f"{p.label} ({to_mm(p.width - 2 * MIN_MARGIN):.0f} x "
                               f"{to_mm(p.height - 2 * MIN_MARGIN):.0f} mm inside its margins)" for p in too_small)
            strip = f" {kind.printed_as}" if kind.printed_as else ""
            yield game.locate(component.origin, *(("size",) if "size" in component.declaration else ())), \
                f"components.{component.name}: a {size} {component.noun[0]}{strip} does not fit {papers}; a board " \
                f"is printed in parts"


rule("piece-too-large", Severity.ERROR, "A piece is larger than a paper it is printed on, inside the 5 mm margins "
     "no printer prints into.")(piece_too_large)


def print_shared(game: "Game") -> Found:
    """A print file shared by sets of several types is printed in rows of pieces
    (pnp.components.shared): a board, printed whole, and a piece printed as a strip (a standee,
    a die's stickers) have no place in it."""
    groups: dict[str, list] = {}
    for component in game.sets.values():
        if types()[component.type].printed:
            groups.setdefault(component.print_name, []).append(component)
    for name, sets in groups.items():
        for component in sets:
            kind = types()[component.type]
            other = next((c for c in sets if c.type != component.type), None)
            if other is None or (kind.whole is None and kind.printed_size is None):
                continue
            how = "is printed whole" if kind.whole is not None else f"is printed as a {kind.printed_as}"
            yield game.locate(component.origin, *(("print",) if "print" in component.declaration else ())), \
                f"components.{component.name}: its print file '{name}' is shared with set '{other.name}', a " \
                f"{other.type}; a {component.type} {how} and shares its print file only with sets of its own type"


rule("print-shared", Severity.ERROR, "Sets of several types share a print file (print:) and one of them is a board "
     "(printed whole) or a piece printed as a strip (a standee, a die's stickers), which only share with their own "
     "type.")(print_shared)


def output_name(game: "Game") -> Found:
    from ..kit.pieces import file_names
    from .declared import names_fail

    if not game.complete or names_fail(game):  # (a set's name: fails: the template check says where)
        return
    reported: set[tuple] = set()
    for component in game.sets.values():  # a set's and its print file's names name folders: png/NAME/
        if not types()[component.type].printed:
            continue
        for key, folder in (("", component.name), ("print", component.print_name)):
            problem = name_problem(folder)
            if problem is not None and (folder, "folder") not in reported:
                reported.add((folder, "folder"))
                yield (game.locate(component.origin, *((key,) if key and key in component.declaration else ())),
                       f"set '{component.name}' would be written into the folder png/{folder}/, which is not a file "
                       f"name pnp writes: {problem}")
    for language in game.languages or (game.language,):
        in_language = f" in {language}" if language != game.language else ""
        first: dict[tuple[str, str], tuple] = {}
        for print_name, name, component, item, back in file_names(game, language):
            problem = name_problem(name)
            if problem is not None:
                if (id(component), id(item), back, name) not in reported:
                    reported.add((id(component), id(item), back, name))
                    whose = (f"{'the back of ' if back else ''}{component.describe(item)}" if item is not None
                             else f"board '{component.name}'")
                    where = f"png/{print_name}/{name}.png" if types()[component.type].whole is None \
                        else f"png/{name}.png"
                    yield (game.locate(item.origin if item is not None else component.origin,
                                       *(("id",) if item is not None else ())),
                           f"{whose} would be written{in_language} as {shown(where)}, which is not a file name pnp "
                           f"writes: {problem}")
                continue
            if (print_name, name) not in first:
                first[print_name, name] = (component, item, back)
                continue
            other_set, other, other_back = first[print_name, name]
            if back and not other_back:  # the piece is the one to rename
                component, item, back, other_set, other, other_back = other_set, other, other_back, component, item, back
            if item is None or other is None or (not back and not other_back and component is other_set
                                                 and item.id == other.id):
                continue  # two items of a set with one id: duplicate-id (or the game's own check) says it
            if (id(item), back, "clash") in reported:
                continue
            reported.add((id(item), back, "clash"))
            what = f"the back of {component.describe(item)}" if back else component.describe(item)
            there = f"a back of the {other_set.noun[1]}" if other_back else other_set.describe(other)
            if not back and not other_back and component is not other_set:  # two sets' pieces: a set's name: tells them
                fix = f"change the name: of set '{component.name}' or of set '{other_set.name}'" \
                    if component.declaration.get("name") else \
                    f"give set '{component.name}' a name:, such as name: \"{component.name}-{{id}}\""
            else:
                fix = f"give {'it' if not back else 'the item'} another id" \
                    + (" or name" if component.declaration.get("name") else "")
            yield (game.locate(item.origin, "id"),
                   f"{what} would be written{in_language} as {shown(f'png/{print_name}/{name}.png')}, where {there} "
                   f"is: {fix}")


rule("output-name", Severity.ERROR, "A piece or a board would be written under a name that is not a plain file "
     "name every system takes (in any of the game's languages), or two pieces printed together, or a piece and a "
     "back, to the same image file (a card with the id back would overwrite the shared back).")(output_name)


def shown(path: str) -> str:
    """A path as a message quotes it: whole when short, its start and end when long."""
    return path if len(path) <= 80 else f"{path[:50]}…{path[-25:]}"
