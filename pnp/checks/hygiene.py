"""pnp's own checks of any game: fonts, glyphs, languages, art, text that fits its box, ids
and references. Each yields (location, message) pairs; pnp.checks turns them into problems."""

from __future__ import annotations

import functools
import re
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

from ..boxes import kinds
from ..boxes.printing import Cell, Printing, Rows
from ..fields import references
from ..fonts import character_map, find_font, font_problem
from ..model import Text
from ..paths import name_problem
from ..problems import Location, Severity
from ..schema import describe_path
from . import Found, rule

if TYPE_CHECKING:
    from ..fields import Field
    from ..layout import Box, Layout
    from ..model import ComponentSet, Game, Item, Origin

# What pictures may cost to draw: the backends decode each whole (reportlab, pdfium and
# Pillow each hold it at several bytes a pixel, whatever its file's size): an A2 board's at
# 300 dpi is 35 million pixels; a game's pictures in all, each drawn into several outputs
MAX_ART_PIXELS = 40_000_000
MAX_GAME_PIXELS = 1_000_000_000
MAX_ART_BYTES = 64_000_000
FIELD_TEMPLATE = re.compile(r"^\{\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\}$")


# --- fonts ------------------------------------------------------------------------------

@rule("missing-font", Severity.ERROR, "A font named in game.yaml is neither bundled nor in the game's fonts/ folder, "
      "or its file there is not a TrueType font pnp can read.")
def missing_font(game: "Game") -> Found:
    from ..model import Origin

    for role, name in game.fonts.items():
        reason = font_problem(name, game.root)
        if reason is not None:
            yield game.locate(Origin(game.manifest), "fonts", role), reason


# --- printed text ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Printed:
    """A string a layout prints: in which box and font, and where it comes from."""

    text: str
    box: "Box"
    layout: "Layout"
    font: str  # role
    where: Location
    # what a message calls its source, worked out when one needs it: "card 'king': name.fr"
    # (its owner and field), the item's and the box's name, or the layout's and the box's
    who: Callable[[], tuple[str, str]]
    cell: "Cell | None" = None  # in a table: its column and size

    @property
    def name(self) -> str:
        owner, field = self.who()
        return f"{owner}: {field}" if field else owner


@functools.lru_cache(maxsize=1024)
def field_path(source: str) -> tuple[str, ...] | None:
    """The fields a template prints, when it prints one field and nothing else: "{name}" is
    (name,), "{group.area.name}" (group, area, name)."""
    match = FIELD_TEMPLATE.match(source)
    return tuple(match.group(1).split(".")) if match else None


def _source(game: "Game", template: Any, item: "Item | None", language: str,
            row: tuple = ()) -> tuple["Origin | None", tuple, Any]:
    """The record and field a template prints, when it prints one field and nothing else:
    "{name}", "{group.name}", "{group.area.name}", or in a row of a list box over a field of
    records ("{entry.name}", `row` being the field and the row's index)."""
    path = field_path(template.source)
    if row and path and path[0] == "entry" and len(path) == 2 and item is not None:
        entries = item.fields.get(row[0])
        entry = entries[row[1]] if isinstance(entries, list) and row[1] < len(entries) else None
        value = entry.get(path[1]) if isinstance(entry, dict) else None
        if value is None:
            return None, (), None
        where = (row[0], row[1], path[1])
        if isinstance(value, Text) and value.localised:
            where += (language if language in dict(value.values) else next(iter(dict(value.values))),)
        return item.origin, where, item
    if path and path[0] == "game" and len(path) == 2:  # the game's title, subtitle or a value
        from ..model import Origin

        key = path[1] if path[1] in ("title", "subtitle") else None
        value = getattr(game, key) if key else game.values.get(path[1])
        where = (key,) if key else ("values", path[1])
        if isinstance(value, Text) and value.localised:
            lang = language if language in dict(value.values) else next(iter(dict(value.values)))
            where += (lang,)
        return Origin(game.manifest), where, None
    if not path or item is None:
        return None, (), None
    record: Any = item
    component = game.sets[item.set]
    fields = component.fields
    for step in path[:-1]:
        if step == "group" and getattr(record, "group", None) is not None:
            record = record.group
            fields = game.sets[record.set].group_fields
            continue
        f = fields.get(step)
        value = record.fields.get(step) if hasattr(record, "fields") else None
        if f is None or f.type != "ref" or f.ref_field is not None or value is None:
            return None, (), None
        target = game.sets.get(f.ref_set or "")
        found = next((i for i in target.items if i.fields.get("id") == value), None) if target else None
        if found is None:
            return None, (), None
        record, fields = found, target.fields
    name = path[-1]
    if name not in getattr(record, "fields", {}):
        return None, (), None
    value = record.fields[name]
    if isinstance(value, Text) and value.localised:
        lang = language if language in dict(value.values) else next(iter(dict(value.values)))
        return record.origin, (name, lang), record
    return record.origin, (name,), record


def _describe(game: "Game", origin: "Origin", path: tuple) -> tuple[str, str]:
    """(owner, field) for a message: ("card 'king'", "name.fr")."""
    doc = game.documents.get(origin.file)
    if doc is None:
        return origin.file, ".".join(map(str, path))
    full = describe_path(doc, origin.path + path)
    owner, _, field = full.rpartition(": ")
    return (owner, field) if owner else (full, "")


def _layouts(component: "ComponentSet") -> list["Layout"]:
    return list(component.faces.values()) + list(component.backs.values())


def _printing(boxes) -> bool:
    """Whether a box prints text (its kind says what: pnp.boxes), or the box drawn in its stead."""
    known = kinds()
    return any(known[box.kind].prints is not None or (box.get("else") is not None and _printing([box.get("else")]))
               for box in boxes)


def printed(game: "Game") -> list[Printed]:
    """Every string every layout prints, in every language, once per box and source."""
    if "printed" not in game.memo:
        game.memo["printed"] = list(_printed(game))
    return game.memo["printed"]


def _rendered(boxes, env: dict, language: str, default: str,
              row: tuple = ()) -> Iterator[tuple["Box", Printing, tuple]]:
    """Each text the boxes print in `env`, as their kinds say (pnp.boxes): a list's boxes once
    per row (with its `entry` and `number`, and the row as (field, index) when the list is a
    field) and a group's with it, the box drawn in another's stead with it."""
    known = kinds()
    for box in boxes:
        prints = known[box.kind].prints
        if prints is not None:
            try:
                if box.condition is None or box.condition.evaluate(env):
                    for found in prints.texts(box, env, language, default):
                        if isinstance(found, Rows):
                            yield from _rendered(found.boxes, found.env, language, default,
                                                 row if found.row is None else found.row)
                        elif found.text:
                            yield box, found, row
            except Exception:  # an expression that fails is reported by the build's checks
                pass
        if box.get("else") is not None:
            yield from _rendered([box.get("else")], env, language, default, row)


def _printed(game: "Game") -> Iterator[Printed]:
    seen: set = set()
    languages = game.languages or ("en",)
    for component in game.sets.values():
        for layout in _layouts(component):
            if not _printing(layout.boxes):
                continue
            items = [None] if component.whole_board else [i for i in component.items if _uses(component, i, layout)]
            item_names = frozenset(component.fields) | {"item", "items", "group", "id", "position", "copies"}
            for language in languages:
                views = game.views(language)
                for item in items:
                    env = dict(views.env(item) if item is not None else views.env())
                    if component.type == "board" and component.settings is not None:
                        env["map"] = component.settings.view(language, game.language)
                    env["colours"] = layout.colours
                    for box, found, row in _rendered(layout.boxes, env, language, game.language):
                        template, text, cell = found.template, found.text, found.cell
                        own = item is not None and bool(template.names & item_names)
                        quick = (text, id(box), layout.file, id(item) if own else None, cell)
                        if quick in seen:  # the same text in another language, or for another item
                            continue
                        seen.add(quick)
                        origin, path, record = _source(game, template, item, language, row)
                        if origin is not None:
                            where = game.locate(origin, *path)
                            who = functools.partial(_describe, game, origin, path)
                        elif own:
                            where = game.locate(item.origin)
                            who = functools.partial(_item_box, component, item, box.name)
                        else:  # the same for every item: where the box says it
                            where = _box_place(game, layout, box)
                            who = functools.partial(_layout_box, layout.file, box.name)
                        font = found.font
                        key_seen = (text, box.name, layout.file, font, where, cell)
                        if key_seen in seen:
                            continue
                        seen.add(key_seen)
                        yield Printed(text, box, layout, font, where, who, cell)


def _item_box(component: "ComponentSet", item: "Item", box: str) -> tuple[str, str]:
    return component.describe(item), box


def _layout_box(file: str, box: str) -> tuple[str, str]:
    return f"layout '{file}'", box


def _box_place(game: "Game", layout: "Layout", box: "Box") -> Location:
    """Where a layout declares a box (the file of the layout, or of one it extends)."""
    return layout.locate(box, game.documents)


def _uses(component: "ComponentSet", item: "Item", layout: "Layout") -> bool:
    """Whether `item` is drawn with `layout` (as its face or its back)."""
    return layout.file in (item.face, item.back)


def _colours(value: Any, key: str) -> Iterator[tuple[str, Any]]:
    """The colour templates among a box's settings, with the setting's name (rect.fill)."""
    from ..values import Colour

    if isinstance(value, Colour):
        if value.template is not None:
            yield key, value.template
    elif isinstance(value, dict):
        for name, inner in value.items():
            if name not in ("boxes", "else"):
                yield from _colours(inner, f"{key}.{name}" if key else name)


@rule("colour-value", Severity.ERROR, "A colour given by a template is, for some item, neither #RRGGBB nor none.")
def colour_value(game: "Game") -> Found:
    from ..layout import HEX

    views = game.views(game.language)
    for component in game.sets.values():
        for layout in _layouts(component):
            boxes = [(box, name, template) for box in _nested(layout.boxes, rows=True)
                     for name, template in _colours(box.settings, "")]
            if layout.background is not None and layout.background.template is not None:
                boxes.append((None, "background", layout.background.template))
            if not boxes:
                continue
            items = [None] if component.whole_board else [i for i in component.items if _uses(component, i, layout)]
            seen: set = set()
            for item in items:
                env = dict(views.env(item) if item is not None else views.env(), colours=layout.colours)
                for box, name, template in boxes:
                    try:
                        found = template.value(env)
                    except Exception:  # an expression that fails (or needs a list's row) is reported elsewhere
                        continue
                    if found is None or found == "none" or (isinstance(found, str) and HEX.match(found)):
                        continue
                    setting = f"{box.name}.{name}" if box is not None else name
                    if (setting, repr(found)) in seen:
                        continue
                    seen.add((setting, repr(found)))
                    where = game.locate(item.origin) if item is not None else _box_place(game, layout, box) \
                        if box is not None else Location(layout.file)
                    owner = component.describe(item) if item is not None else f"layout '{layout.file}'"
                    yield where, (f"{owner}: {setting} gives {found!r}, not a colour (#RRGGBB or none), in layout "
                                  f"'{layout.file}'")


@functools.cache
def _characters(font: Path) -> frozenset[str]:
    """The characters a font has glyphs for."""
    return frozenset(map(chr, character_map(font)))


@rule("missing-glyph", Severity.ERROR, "Printed text uses a character its font has no glyph for (it would print as nothing).")
def missing_glyph(game: "Game") -> Found:
    fonts = {role: find_font(name, game.root) for role, name in game.fonts.items()}
    for p in printed(game):
        font = fonts.get(p.font)
        if font is None:
            continue  # reported by missing-font
        # spaces too: a font lacking one prints a box
        missing = sorted(set(p.text).difference(_characters(font)))
        if missing:
            chars = ", ".join(map(character, missing))
            name = p.name
            yield p.where, f"{name} {p.text!r}: font {font.stem} has no glyph for {chars}"


CONTROLS = {"\t": "a tab", "\n": "a line break", "\r": "a carriage return"}


def character(ch: str) -> str:
    """A character for a message: itself where it shows, else its code point and name."""
    if ch.isprintable() and not ch.isspace():
        return f"'{ch}' (U+{ord(ch):04X})"
    import unicodedata

    return f"U+{ord(ch):04X} ({CONTROLS.get(ch) or unicodedata.name(ch, 'a control character').lower()})"


# Whether a text fits a box, by font, box and text: a build keeps these in its cache, so that
# validating after it fits only texts it has not met.
FITS: dict[str, bool] = {}


@rule("text-fit", Severity.ERROR, "A printed text does not fit its layout box (a badge's disc, a table's column, "
      "a track's space, a hex of a hex map) even at the smallest size allowed, or a list's rows do not fit their box.")
def text_fit(game: "Game") -> Found:
    from ..fonts import metrics

    fonts = {role: find_font(name, game.root) for role, name in game.fonts.items()}
    if None in fonts.values() or not fonts:
        return  # reported by missing-font
    known = kinds()
    labels: dict[tuple, list] = {}  # a box's labels that do not fit (a track's, a hex map's): the first, and how many
    sizes = {role: font.stat().st_size for role, font in fonts.items()}
    for p in printed(game):
        if p.font not in fonts:
            continue
        box, font = p.box, fonts[p.font]
        prints = known[box.kind].prints
        # the same text in the same box fits the same, wherever it comes from, in this process or
        # in the last build's (the font's file is part of the key: a game's own may change)
        key = (f"{box.kind} {font.name} {sizes[p.font]} {box.width!r} {box.height!r} "
               f"{box.get('size')!r} {box.get('min_size')!r} {box.get('wrap')!r} {box.get('leading')!r} "
               f"{p.cell!r} {p.text}")
        fits = FITS.get(key)
        if fits is None:  # as its kind prints it (pnp.boxes): in its box, or in its column, space or hex
            fits = FITS[key] = prints.fits(box, p.text, metrics(font), p.cell)
        if fits:
            continue
        if prints.labels:  # one message for a box's many labels
            labels.setdefault((p.where, p.layout.file, box.name), [p, 0])[1] += 1
        else:
            yield p.where, prints.refusal(box, p.name, p.text, p.cell)
    for p, count in labels.values():
        more = f" (and {count - 1} more of its labels)" if count > 1 else ""
        yield p.where, known[p.box.kind].prints.refusal(p.box, p.name, p.text, p.cell) + more
    yield from _list_rows(game)


def _list_rows(game: "Game") -> Found:
    """Lists whose rows do not fit their box: rows of equal height share it (or stand
    row_height apart from its top), and each row's boxes reach as far down as the lowest."""
    from ..units import to_mm

    views = game.views(game.language)
    for component in game.sets.values():
        for layout in _layouts(component):
            lists = [box for box in _nested(layout.boxes) if box.kind == "list" and box.get("list") is not None]
            if not lists:
                continue
            items = [None] if component.whole_board else [i for i in component.items if _uses(component, i, layout)]
            for box in lists:
                reach = max((sub.y + sub.height for sub in box.get("boxes") or ()), default=0.0)
                step = box.get("row_height")
                for item in items:
                    env = dict(views.env(item) if item is not None else views.env(), colours=layout.colours)
                    try:
                        if box.condition is not None and not box.condition.evaluate(env):
                            continue
                        rows = len(box.get("list").evaluate(env) or ())
                    except Exception:  # an expression that fails is reported by the build's checks
                        continue
                    pitch = step or (box.height / rows if rows else 0.0)
                    if not rows or (rows - 1) * pitch + reach <= box.height + 1e-6:
                        continue
                    held = int((box.height - reach + 1e-6) // pitch) + 1 if step else \
                        int((box.height + 1e-6) // reach) if reach else rows
                    source = box.get("list").source.strip()
                    if item is not None and source in item.fields:
                        where, owner = game.locate(item.origin, source), component.describe(item)
                    elif item is not None:
                        where, owner = game.locate(item.origin), component.describe(item)
                    else:
                        where, owner = _box_place(game, layout, box), f"layout '{layout.file}'"
                    yield where, (f"{owner}: {rows} rows of the {box.name} list do not fit its {to_mm(box.height):g} mm "
                                  f"box, which holds {held} of {to_mm(reach):g} mm"
                                  + (f" ({to_mm(step):g} mm apart)" if step else ""))


def _nested(boxes, rows: bool = False) -> Iterator["Box"]:
    """Every box, the boxes of each group and the box drawn in an image's stead (and, with
    `rows`, those of a list's rows)."""
    for box in boxes:
        yield box
        if box.kind == "group" or (rows and box.kind == "list"):
            yield from _nested(box.get("boxes") or (), rows)
        if box.get("else") is not None:
            yield from _nested([box.get("else")], rows)


def _texts(value: Any, field: "Field | None", path: tuple) -> Iterator[tuple[Text, tuple]]:
    if isinstance(value, Text):
        yield value, path
    elif field is not None and isinstance(value, list):
        for i, v in enumerate(value):
            yield from _texts(v, field.of, path + (i,))
    elif field is not None and isinstance(value, dict):
        for k, v in value.items():
            yield from _texts(v, field.fields.get(k), path + (k,))


def all_texts(game: "Game") -> Iterator[tuple[Text, "Origin", tuple]]:
    """Every localisable text of the game's data, with where it is."""
    from ..model import Origin

    top = Origin(game.manifest)
    yield game.title, top, ("title",)
    if game.subtitle is not None:
        yield game.subtitle, top, ("subtitle",)
    for component in game.sets.values():
        if component.declaration.get("items_of"):
            continue
        for group in component.groups:
            for name, value in group.fields.items():
                for text, path in _texts(value, component.group_fields.get(name), (name,)):
                    yield text, group.origin, path
        for item in component.items:
            for name, value in item.fields.items():
                for text, path in _texts(value, component.fields.get(name), (name,)):
                    yield text, item.origin, path
        settings = component.settings
        if settings is not None and hasattr(settings, "labels"):
            for key, text in settings.labels.items():
                yield text, settings.origin, ("labels", key)


@rule("text-language", Severity.ERROR, "Localised text uses a language the game does not declare, or lacks the first one.")
def text_language(game: "Game") -> Found:
    if not game.languages:
        return  # the manifest's language list is broken, as already reported
    for text, origin, path in all_texts(game):
        if not text.localised:
            continue
        doc = game.documents.get(origin.file)
        name = describe_path(doc, origin.path + path) if doc is not None else ".".join(map(str, path))
        for lang in text.languages:
            if lang not in game.languages:
                yield (game.locate(origin, *path, lang, key=True),
                       f"{name}: '{lang}' is not one of the game's languages ({', '.join(game.languages)})")
        if game.language not in text.languages:
            yield game.locate(origin, *path), f"{name} has no '{game.language}' text (the game's first language)"


# --- art and icons --------------------------------------------------------------------------

def art_problem(root: Path, art: str) -> tuple[str | None, int]:
    """Why an art file cannot be used (None when it can), and its pixels: its size is read
    from its header before anything is decoded, then it is decoded to its last pixel, as the
    backends will (a truncated file is a problem, not a grey band)."""
    import hashlib
    import io

    from ..files import Unreadable, read_game_file

    try:
        data = read_game_file(root, art, MAX_ART_BYTES)
    except Unreadable as exc:
        if exc.size is not None:
            return f"art file '{art}' is {exc.size / 1e6:.1f} MB, more than pnp reads ({MAX_ART_BYTES / 1e6:.0f} MB)", 0
        return f"art file '{art}' {exc.reason}", 0
    from PIL import Image, UnidentifiedImageError  # imported here: most games have no art of their own

    digest = hashlib.sha256(data).hexdigest()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                width, height = image.size
                if width * height > MAX_ART_PIXELS:
                    return (f"art file '{art}' is {width} x {height} pixels, more than pnp draws in a picture "
                            f"({MAX_ART_PIXELS:,})"), 0
                if digest in WHOLE_PICTURES:
                    return None, width * height
                image.verify()
            with Image.open(io.BytesIO(data)) as image:
                image.load()  # (pnp leaves ImageFile.LOAD_TRUNCATED_IMAGES off: a truncated file fails)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return f"art file '{art}' is too large to be a safe image (a decompression bomb?)", 0
    except UnidentifiedImageError:
        return f"art file '{art}' is not an image pnp can read", 0
    except (OSError, SyntaxError, ValueError, EOFError) as exc:
        return f"art file '{art}' is a damaged image ({exc})", 0
    WHOLE_PICTURES.add(digest)
    return None, width * height


def _pictures(game: "Game") -> dict[str, tuple[str | None, int]]:
    """`art_problem` of each art file the data names, by its path, looked at once for the
    checks that ask."""
    if "pictures" not in game.memo:
        game.memo["pictures"] = found = {}
        for *_, path in art_files(game):
            if path not in found:
                found[path] = art_problem(game.root, path)
    return game.memo["pictures"]


# The SHA-256 of each picture found whole (decoded to its last pixel) in this process: a
# picture validated again is not decoded again.
WHOLE_PICTURES: set[str] = set()


def field_values(game: "Game", kind: str) -> Iterator[tuple["ComponentSet", "Item", str, Any]]:
    """(set, item, field, value) for every field of type `kind` given in the data."""
    for component in game.sets.values():
        if component.declaration.get("items_of"):
            continue
        names = [name for name, f in component.fields.items() if f.type == kind]
        for item in component.items:
            for name in names:
                value = item.fields.get(name)
                if value is not None:
                    yield component, item, name, value


def art_files(game: "Game") -> Iterator[tuple["ComponentSet", "Item", str, str]]:
    """(set, item, field, path) for every file field given in the data."""
    for component, item, name, value in field_values(game, "file"):
        if isinstance(value, str):
            yield component, item, name, value


@rule("art-file", Severity.ERROR, "An art file is missing, lies outside the game folder, is not an image, is a "
      "damaged one (truncated), or has more pixels than pnp draws in a picture (40 million).")
def art_file(game: "Game") -> Found:
    found = _pictures(game)
    for component, item, name, path in art_files(game):
        reason = found[path][0]
        if reason:
            yield game.locate(item.origin, name), f"{component.describe(item)}: {reason}"


@rule("art-pixels", Severity.ERROR, "The game's pictures have more pixels in all than pnp draws in one build "
      "(1,000 million).")
def art_pixels(game: "Game") -> Found:
    total = 0
    seen: set[str] = set()
    found = _pictures(game)
    for component, item, name, path in art_files(game):
        if path in seen:
            continue
        seen.add(path)
        total += found[path][1]
        if total > MAX_GAME_PIXELS:
            yield game.locate(item.origin, name), (
                f"{component.describe(item)}: art file '{path}' brings the game's pictures to {total:,} pixels, more "
                f"than pnp draws in one build ({MAX_GAME_PIXELS:,}): use smaller pictures")
            return


@rule("unknown-icon", Severity.ERROR, "An icon field names an icon the game's icons/ folder does not have.")
def unknown_icon(game: "Game") -> Found:
    import difflib

    for component, item, name, value in field_values(game, "icon"):
        if value not in game.icons:
            close = difflib.get_close_matches(str(value), sorted(game.icons), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            yield (game.locate(item.origin, name),
                   f"{component.describe(item)}: {name} '{value}' is not one of the game's icons{hint}")


MAX_PIECE_SEGMENTS = 200_000  # path segments of the icons one side of a piece places


@rule("piece-icons", Severity.ERROR, "A side of a piece places icons of more path segments in all than pnp draws on "
      "one piece (200,000): icons repeated too often, or too detailed.")
def piece_icons(game: "Game") -> Found:
    from ..boxes.context import Context

    if not game.icons:
        return
    views = game.views(game.language)
    for component in game.sets.values():
        for layout in _layouts(component):
            if not any(box.kind in _PLACING for box in _nested(layout.boxes, rows=True)):
                continue
            ctx = Context({}, game.icons, {}, game.language, game.language, layout)
            items = [None] if component.whole_board else [i for i in component.items if _uses(component, i, layout)]
            for item in items:
                env = dict(views.env(item) if item is not None else views.env(), colours=layout.colours)
                if component.type == "board" and component.settings is not None:
                    env["map"] = component.settings.view(game.language, game.language)
                placed = sum(_placed_segments(box, ctx, env) for box in layout.boxes)
                if placed > MAX_PIECE_SEGMENTS:
                    owner = component.describe(item) if item is not None else f"components.{component.name}"
                    where = game.locate(item.origin if item is not None else component.origin)
                    yield where, (f"{owner}: layout '{layout.file}' places icons of {placed:,} path segments in all, "
                                  f"more than pnp draws on one piece ({MAX_PIECE_SEGMENTS:,}): place fewer or "
                                  f"simpler icons")


_PLACING = ("icon", "medallion", "row", "hexmap")  # the box kinds that place icons (pnp.boxes)


def _placed_segments(box: "Box", ctx: Any, env: dict) -> int:
    """The path segments of the icons a box places for `env`, as pnp.boxes places
    them, or more (a row's icons counted as if each were repeated); 0 where a template fails
    (its own check says so)."""
    try:
        if box.condition is not None and not box.condition.evaluate(env):
            return 0
        total = 0
        if box.kind in ("icon", "medallion"):
            icon = ctx.icon(box.get(box.kind), env)
            total = icon.segments if icon is not None else 0
        elif box.kind == "row":
            from ..boxes.row import row_icons

            total = sum(icon.segments * count for icon, count in row_icons(box.get("row") or {}, ctx, env))
        elif box.kind == "hexmap" and box.get("symbol") is not None:
            from ..boxes.hexmap import hexmap_layout

            each = 7 if box.get("scatter") else 1
            for cell in hexmap_layout(box, env)[1]:
                icon = ctx.icon(box.get("symbol"), dict(env, cell=cell))
                total += icon.segments * each if icon is not None else 0
        elif box.kind == "group":
            total = sum(_placed_segments(sub, ctx, env) for sub in box.get("boxes") or ())
        elif box.kind == "list" and box.get("list") is not None:
            for number, entry in enumerate(box.get("list").evaluate(env) or (), 1):
                inner = dict(env, entry=entry, number=number)
                total += sum(_placed_segments(sub, ctx, inner) for sub in box.get("boxes") or ())
        if box.get("else") is not None:
            total += _placed_segments(box.get("else"), ctx, env)
    except Exception:  # an expression that fails is reported by the build's checks
        return 0
    return total * 2 if box.mirror else total


# --- print on demand ----------------------------------------------------------------------------

def _placed(boxes, dx: float = 0.0, dy: float = 0.0, turn: tuple | None = None) -> Iterator[tuple["Box", tuple]]:
    """Every box with the rectangle it is drawn in (x0, y0, x1, y1, points, on the component):
    a group's boxes from its corner (turned with it), a box's else in its place. Turns are
    of the rectangle about its centre, or a group's (cx, cy, degrees)."""
    import math

    for box in boxes:
        corners = [(box.x + dx + u, box.y + dy + v) for u in (0, box.width) for v in (0, box.height)]
        turns = ([turn] if turn else []) + ([(box.x + dx + box.width / 2, box.y + dy + box.height / 2, box.rotate)]
                                            if box.rotate and box.kind != "group" else [])
        for cx, cy, degrees in turns:
            a = math.radians(degrees)
            corners = [(cx + (x - cx) * math.cos(a) - (y - cy) * math.sin(a),
                        cy + (x - cx) * math.sin(a) + (y - cy) * math.cos(a)) for x, y in corners]
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        yield box, (min(xs), min(ys), max(xs), max(ys))
        if box.get("else") is not None:
            yield from _placed([box.get("else")], dx, dy, turn)
        if box.kind == "group":
            inner = (box.x + dx + box.width / 2, box.y + dy + box.height / 2, box.rotate) if box.rotate else turn
            yield from _placed(box.get("boxes"), box.x + dx, box.y + dy, inner)


@rule("safe-zone", Severity.WARNING, "A layout box of cards printed on demand crosses The Game Crafter's safe line, "
      "1/8 in inside the trim, where a cut may fall (a fill, a rect box without a stroke, may run to the edge).")
def safe_zone(game: "Game") -> Found:
    from ..sizes import SAFE_MARGIN, print_on_demand_size
    from ..units import to_mm

    seen = set()
    for component in game.sets.values():
        size = print_on_demand_size(component.width, component.height) if component.type in ("card", "sheet") \
            else None
        if size is None:
            continue
        for layout in _layouts(component):
            for top in layout.boxes:
                for box, (x0, y0, x1, y1) in _placed([top]):
                    fill = box.kind == "rect" and not (box.get("rect") or {}).get("stroke")
                    if box.kind == "group" or fill:  # a group's boxes are looked at one by one
                        continue
                    sides = {"left": SAFE_MARGIN - x0, "top": SAFE_MARGIN - y0,
                             "right": x1 - (component.width - SAFE_MARGIN),
                             "bottom": y1 - (component.height - SAFE_MARGIN)}
                    over = max(sides.values())
                    if over <= 0.01 or (layout.file, box.at) in seen:
                        continue
                    worst = [side for side, by in sides.items() if by > over - 0.01]
                    where = "all round" if len(worst) == 4 else "at the " + " and ".join(worst)
                    seen.add((layout.file, box.at))
                    file = layout.origins.get(top.name, layout.file)
                    doc = game.documents.get(file)
                    yield (doc.locate(box.at) if doc is not None else Location(file),
                           f"layout '{file}': box '{box.name}' ({to_mm(x0):g}, {to_mm(y0):g}, "
                           f"{to_mm(x1 - x0):g} x {to_mm(y1 - y0):g} mm) crosses the safe line of The Game Crafter's "
                           f"{size} cards ({to_mm(SAFE_MARGIN):g} mm inside the trim) by {to_mm(over):.2f} mm {where}")


# --- ids and references -----------------------------------------------------------------------

def _declared(game: "Game", kind: str, target: str, field: str) -> bool:
    return any(c.kind == kind and c.target == target and c.spec.get(kind) == field for c in game.checks)


@rule("piece-too-large", Severity.ERROR, "A piece is larger than a paper it is printed on, inside the 5 mm margins "
      "no printer prints into.")
def piece_too_large(game: "Game") -> Found:
    from ..components.standee import strip_size
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
        if component.type in ("board", "data"):  # boards are printed in parts; data not at all
            continue
        # a standee is printed as a strip: its figure twice, and two flaps
        width, height = strip_size(component) if component.type == "standee" else (component.width, component.height)
        # cards, sheets, standees' strips and tiles other than hexes go in a grid; tokens and
        # hex tiles are packed on the paper as it is
        grid = component.type in ("card", "sheet", "standee") or (component.type == "tile"
                                                                  and component.shape != "hex")
        too_small = [paper for paper in PAPERS.values() if not fits(paper, width, height, grid)]
        if too_small:
            size = f"{to_mm(width):g} x {to_mm(height):g} mm"
            papers = ", ".join(f"{p.label} ({to_mm(p.width - 2 * MIN_MARGIN):.0f} x "
                               f"{to_mm(p.height - 2 * MIN_MARGIN):.0f} mm inside its margins)" for p in too_small)
            strip = " strip (its face, back and flaps)" if component.type == "standee" else ""
            yield game.locate(component.origin, *(("size",) if "size" in component.declaration else ())), \
                f"components.{component.name}: a {size} {component.noun[0]}{strip} does not fit {papers}; a board " \
                f"is printed in parts"


@rule("output-name", Severity.ERROR, "A piece or a board would be written under a name that is not a plain file "
      "name every system takes (in any of the game's languages), or two pieces printed together, or a piece and a "
      "back, to the same image file (a card with the id back would overwrite the shared back).")
def output_name(game: "Game") -> Found:
    from ..kit import file_names

    if not game.complete:
        return
    reported: set[tuple] = set()
    for component in game.sets.values():  # a set's and its print file's names name folders: png/NAME/
        if component.type == "data":
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
                    where = f"png/{print_name}/{name}.png" if component.type != "board" else f"png/{name}.png"
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
            yield (game.locate(item.origin, "id"),
                   f"{what} would be written{in_language} as {shown(f'png/{print_name}/{name}.png')}, where {there} "
                   f"is: give {'it' if not back else 'the item'} another id"
                   + (" or name" if component.declaration.get("name") else ""))


def shown(path: str) -> str:
    """A path as a message quotes it: whole when short, its start and end when long."""
    return path if len(path) <= 80 else f"{path[:50]}…{path[-25:]}"


@rule("duplicate-id", Severity.ERROR, "Two items of a set, or two groups, share an id (ids name their files).")
def duplicate_id(game: "Game") -> Found:
    for component in game.sets.values():
        if component.declaration.get("items_of"):
            continue
        for target, records in ((component.name, component.items), (f"{component.name}.groups", component.groups)):
            if _declared(game, "unique", target, "id"):
                continue  # the game's own check says it
            first: dict[str, Any] = {}
            for record in records:
                if record.id in first:
                    earlier = game.locate(first[record.id].origin, "id")
                    noun = component.noun[0] if records is component.items else component.group_key or "group"
                    yield game.locate(record.origin, "id"), f"{noun} id '{record.id}' is already used at {earlier}"
                else:
                    first[record.id] = record


@rule("unknown-reference", Severity.ERROR, "A reference field names an item (or a value) that does not exist.")
def unknown_reference(game: "Game") -> Found:
    if not game.complete:
        return
    for component in game.sets.values():
        if component.declaration.get("items_of"):
            continue
        for target, fields, records in ((component.name, component.fields, component.items),
                                        (f"{component.name}.groups", component.group_fields, component.groups)):
            for name, f in fields.items():
                if _declared(game, "references", target, name):
                    continue
                for record in records:
                    group = record if records is component.groups else record.group
                    owner = (f"{component.group_key or 'group'} '{record.id}'" if records is component.groups
                             else component.describe(record))
                    for path, ref, v in references(f, record.fields.get(name), (name,)):
                        pool = game.sets.get(ref.ref_set or "")
                        if pool is None or v is None:
                            continue
                        values = {i.fields.get(ref.ref_field or "id") for i in pool.items
                                  if ref.within != "group" or (i.group is not None and group is not None
                                                               and i.group.id == group.id)}
                        if v in values:
                            continue
                        what = pool.noun[0] if ref.ref_field is None else f"{ref.ref_field} of {pool.noun[1]}"
                        known = ", ".join(sorted(str(v) for v in values if v is not None)) or "none"
                        shown = name if all(isinstance(p, int) for p in path[1:]) else \
                            name + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path[1:])
                        yield game.locate(record.origin, *path), f"{owner}: {shown} '{v}' names no {what} (there are: {known})"
