"""pnp's checks of what a game prints: its fonts, the colours its templates give, the glyphs
its texts need, the texts that fit their boxes (and a list's rows), and the languages of its
texts. Each yields (location, message) pairs; pnp.checks turns them into problems."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from ..boxes import kinds
from ..layout.fonts import character_map, find_font, font_problem
from ..model.game import Text
from ..problems import Location, Severity
from ..load.schema import describe_path
from . import Found, rule
from .printed import box_place, drawn, element_place, layouts, nested, printed, uses

if TYPE_CHECKING:
    from ..load.fields import Field
    from ..model.game import Game, Origin


def missing_font(game: "Game") -> Found:
    from ..model.game import Origin

    for role, name in game.fonts.items():
        reason = font_problem(name, game.root)
        if reason is not None:
            yield game.locate(Origin(game.manifest), "fonts", role), reason


rule("missing-font", Severity.ERROR, "A font named in game.yaml is neither bundled nor in the game's fonts/ folder, "
     "or its file there is not a TrueType font pnp can read.")(missing_font)


def _colours(value: Any, key: str) -> Iterator[tuple[str, Any]]:
    """The colour templates among a box's settings, with the setting's name (rect.fill)."""
    from ..layout.values import Colour

    if isinstance(value, Colour):
        if value.template is not None:
            yield key, value.template
    elif isinstance(value, dict):
        for name, inner in value.items():
            if name not in ("boxes", "else"):
                yield from _colours(inner, f"{key}.{name}" if key else name)


def colour_value(game: "Game") -> Found:
    from ..layout.reader import HEX

    views = game.views(game.language)
    for component in game.sets.values():
        for layout in layouts(component):
            background = layout.background.template if layout.background is not None else None
            if background is None and not any(any(_colours(box.settings, "")) for box in nested(layout.boxes, True)):
                continue
            items = [None] if component.whole_board else [i for i in component.items if uses(component, i, layout)]
            seen: set = set()
            for item in items:
                env = layout.env(views.env(item) if item is not None else views.env(), game.language, strict=False)
                boxes = [(box, inner, element, name, template)  # (each box as drawn: a list's rows, a place's elements)
                         for box, inner, element in drawn(layout.boxes, env, game.language, game.language)
                         for name, template in _colours(box.settings, "")]
                boxes += [(None, env, None, "background", background)] if background is not None else []
                for box, inner, element, name, template in boxes:
                    try:
                        found = template.value(inner)
                    except Exception:  # one that fails: the template check's
                        continue
                    if found is None or found == "none" or (isinstance(found, str) and HEX.match(found)):
                        continue
                    setting = f"{box.name}.{name}" if box is not None else name
                    if (setting, repr(found), element) in seen:
                        continue
                    seen.add((setting, repr(found), element))
                    where = element_place(game, element) or (
                        game.locate(item.origin) if item is not None else box_place(game, layout, box)
                        if box is not None else Location(layout.file))
                    owner = component.describe(item) if item is not None else f"layout '{layout.file}'"
                    said = f"{setting} gives {found!r}, not a colour (#RRGGBB or none), in layout '{layout.file}'"
                    if element is not None:  # (said of the place box's element, at its data if a record's)
                        yield where, f"{element.name}: {said} (box '{element.place}' of {owner})"
                    else:
                        yield where, f"{owner}: {said}"


rule("colour-value", Severity.ERROR, "A colour given by a template is, for some item, neither #RRGGBB nor "
     "none.")(colour_value)


@functools.cache
def _characters(font: Path) -> frozenset[str]:
    """The characters a font has glyphs for."""
    return frozenset(map(chr, character_map(font)))


def missing_glyph(game: "Game") -> Found:
    fonts = {role: find_font(name, game.root) for role, name in game.font_roles.items()}
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
    from .rulebook import rulebook_texts

    for text, heading, where in rulebook_texts(game):
        font = fonts.get("heading" if heading else "body")
        missing = sorted(set(text).difference(_characters(font))) if font is not None else []
        if missing:
            shown = text if len(text) <= 60 else text[:59] + "…"
            yield where, f"rulebook {shown!r}: font {font.stem} has no glyph for {', '.join(map(character, missing))}"


rule("missing-glyph", Severity.ERROR, "Printed text uses a character its font has no glyph for (it would print "
     "as nothing).")(missing_glyph)


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


def text_fit(game: "Game") -> Found:
    from ..layout.fonts import metrics

    fonts = {role: find_font(name, game.root) for role, name in game.font_roles.items()}
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
        more = f"; {count - 1} more of its labels do not fit either" if count > 1 else ""
        yield p.where, known[p.box.kind].prints.refusal(p.box, p.name, p.text, p.cell) + more
    yield from _list_rows(game)
    from .printed import worked_out

    yield from _noted(game, worked_out(game).notes)


def _noted(game: "Game", notes: list) -> Found:
    """What boxes drew otherwise than asked (a row of icons past its least size), said once a
    box: where it is for one piece's data (or one element's of a place box) at that data, for
    more at the box, with the first and how many more."""
    by_box: dict[tuple, list] = {}
    for note in notes:
        box = note[2]  # (a place box's boxes are drawn moved: the same box as written, at the same place)
        by_box.setdefault((note[3].file, box.name, getattr(box, "at", None)), []).append(note)
    for said in by_box.values():
        where, owner, box, layout, what, element = said[0]
        first = f"{element.name} on {owner}" if element is not None else owner
        places = len({note[0] for note in said})  # (one element drawn on every card is one)
        if places == 1:
            yield where, (f"{element.name if element is not None else owner}: {box.kind} '{box.name}' of layout "
                          f"'{layout.file}' does not fit: {what}" + (f" (box '{element.place}' of {owner})"
                                                                      if element is not None else ""))
        else:
            yield box_place(game, layout, box), (f"layout '{layout.file}': {box.kind} '{box.name}' does not fit: "
                                                 f"{what}, for {first} and {places - 1} more")


rule("text-fit", Severity.ERROR, "A printed text does not fit its layout box (a badge's disc, a table's column, "
     "a track's space, a hex of a hex map) even at the smallest size allowed, a list's rows do not fit their box, "
     "or a row's icons do not fit it even at its min_icon.")(text_fit)


def _list_rows(game: "Game") -> Found:
    """Lists whose rows do not fit their box: rows of equal height share it (or stand
    row_height apart from its top), and each row's boxes reach as far down as the lowest."""
    from ..units import to_mm

    views = game.views(game.language)
    seen: set = set()
    for component in game.sets.values():
        for layout in layouts(component):
            order = {id(box): i for i, box in enumerate(nested(layout.boxes, True))
                     if box.kind == "list" and box.get("list") is not None}
            if not order:
                continue
            found: list = []  # (said list by list, as the layout writes them: its box's place, where, what)
            items = [None] if component.whole_board else [i for i in component.items if uses(component, i, layout)]
            for item in items:
                env = layout.env(views.env(item) if item is not None else views.env(), game.language, strict=False)
                for box, inner, element in drawn(layout.boxes, env, game.language, game.language):
                    if box.kind != "list" or box.get("list") is None:
                        continue
                    reach = max((sub.y + sub.height for sub in box.get("boxes") or ()), default=0.0)
                    step = box.get("row_height")
                    try:
                        rows = len(box.get("list").evaluate(inner) or ())
                    except Exception:  # an expression that fails is the template check's
                        continue
                    pitch = step or (box.height / rows if rows else 0.0)
                    if not rows or (rows - 1) * pitch + reach <= box.height + 1e-6:
                        continue
                    held = int((box.height - reach + 1e-6) // pitch) + 1 if step else \
                        int((box.height + 1e-6) // reach) if reach else rows
                    source = box.get("list").source.strip()
                    after = ""
                    if element is not None:  # (in a place box's element: said of it, at its data if a record's)
                        where = element_place(game, element) or (
                            game.locate(item.origin) if item is not None else box_place(game, layout, box))
                        owner, after = element.name, f" (box '{element.place}' of " + (
                            component.describe(item) if item is not None else f"layout '{layout.file}'") + ")"
                    elif item is not None and source in item.fields:
                        where, owner = game.locate(item.origin, source), component.describe(item)
                    elif item is not None:
                        where, owner = game.locate(item.origin), component.describe(item)
                    else:
                        where, owner = box_place(game, layout, box), f"layout '{layout.file}'"
                    said = (f"{owner}: {rows} rows of the {box.name} list do not fit its {to_mm(box.height):g} mm box, "
                            f"which holds {held} of {to_mm(reach):g} mm" + (f" ({to_mm(step):g} mm apart)" if step else "") + after)
                    key = (where, said[:len(said) - len(after)])  # (an element on every piece is said once)
                    if key not in seen:  # (and a list in each row of another)
                        seen.add(key)
                        found.append((order.get(id(box), len(order)), where, said))
            for _, where, said in sorted(found, key=lambda f: f[0]):
                yield where, said


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
    from ..model.game import Origin

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


rule("text-language", Severity.ERROR, "Localised text uses a language the game does not declare, or lacks the "
     "first one.")(text_language)
