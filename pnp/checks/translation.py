"""pnp's checks of a game's languages: every printed string in every language the game
declares (`missing-translation`), and the game's terms as its glossary words them in each
language (`glossary-term`). `coverage` sums up what is translated, per language."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Mapping

from ..model.game import Text
from ..problems import Location, Severity
from ..load.schema import describe_path
from ..layout.values import Localised, Switch
from . import Found, rule

if TYPE_CHECKING:
    from ..layout.reader import Box
    from ..model.game import Game, Item

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
LETTER = re.compile(r"[^\W\d_]")


@dataclass(frozen=True)
class Printed:
    """A string the kit prints: its text per language ("" for one written once for all), where
    it is written and what it is, and the item it belongs to (None for a layout's or the
    manifest's own words)."""

    name: str
    texts: Mapping[str, str]
    where: Location
    item: "Item | None" = None


def wording(text: str) -> bool:
    """Whether a string has words of its own, outside its {placeholders}: "{name}" has none,
    "#{number}" none, "Cards: {count}" has."""
    return bool(LETTER.search(PLACEHOLDER.sub("", text)))


def printed_strings(game: "Game") -> list[Printed]:
    """Every string of the game that is printed: the data's texts, the layouts' own words and
    the read-me-first's wording from game.yaml (worked out once for all the checks)."""
    if "printed-strings" not in game.memo:
        game.memo["printed-strings"] = list(_printed_strings(game))
    return game.memo["printed-strings"]


def _printed_strings(game: "Game") -> Iterator[Printed]:
    from .text import all_texts

    seen: set[tuple] = set()
    items = {id(item.origin): item for item in game.items()}
    for text, origin, path in all_texts(game):
        doc = game.documents.get(origin.file)
        name = describe_path(doc, origin.path + path) if doc is not None else ".".join(map(str, path))
        yield Printed(name, dict(text.values), game.locate(origin, *path), items.get(id(origin)))
    manifest = game.documents.get(game.manifest)
    for component in game.sets.values():
        wording = [(("label",), component.declaration.get("label"))]
        wording += [(("caption", i), line) for i, line in enumerate(component.declaration.get("caption") or [])]
        for path, value in wording:
            if isinstance(value, str) or (isinstance(value, dict) and value):
                where = game.locate(component.origin, *path) if manifest is not None else Location(game.manifest)
                yield Printed(f"set '{component.name}': {'.'.join(map(str, path))}", dict(Text.from_data(value).values),
                              where)
    for layout in game.layouts.values():
        for box in layout.boxes:
            file = layout.origins.get(box.name, layout.file)
            if (file, box.at) in seen:  # a box of a layout another extends
                continue
            seen.add((file, box.at))
            yield from _layout_strings(game, file, box)
    yield from _readme_strings(game)
    yield from _rulebook_strings(game)


def _rulebook_strings(game: "Game") -> Iterator[Printed]:
    """Each section of the rulebooks (by its heading's anchor) as one string in each language
    that has it, located at the first language's heading."""
    from ..kit.rulebook import resolved, sections

    books = {language: found[0] for language, found in resolved(game).items()}
    if not books:
        return
    first = books.get(game.language) or books[sorted(books)[0]]
    by_language = {language: {anchor: text for anchor, text, _ in sections(book)} for language, book in books.items()}
    for anchor, text, line in sections(first):
        texts = {language: found[anchor] for language, found in by_language.items() if anchor in found}
        yield Printed(f"rulebook section '{anchor}'", texts, Location(first.file, line))


def _layout_strings(game: "Game", file: str, box: "Box") -> Iterator[Printed]:
    from ..layout.reader import Box

    doc = game.documents.get(file)

    def walk(value: Any, path: tuple) -> Iterator[Printed]:
        if isinstance(value, Localised):
            texts = {lang: template.source for lang, template in value.templates}
            where = doc.locate(box.at + path) if doc is not None else Location(file)
            yield Printed(f"layout '{file}': {'.'.join(map(str, (box.name,) + path))}", texts, where)
        elif isinstance(value, Box):
            yield from _layout_strings(game, file, value)
        elif isinstance(value, Switch):
            for case, inner in value.cases.items():
                yield from walk(inner, path + ("cases", case))
            yield from walk(value.default, path + ("default",))
        elif isinstance(value, Mapping):
            for key, inner in value.items():
                yield from walk(inner, path + (key,))
        elif isinstance(value, (list, tuple)):
            for i, inner in enumerate(value):
                yield from walk(inner, path + (i,))

    for key, value in box.settings.items():
        yield from walk(value, (key,))


def _readme_strings(game: "Game") -> Iterator[Printed]:
    from ..kit.readme import readme_texts

    doc = game.documents.get(game.manifest)
    for path, value in readme_texts(game):
        # (a mapping of no text is the read-me's own problem: pnp.kit.readme.problems)
        if isinstance(value, str) or (isinstance(value, dict) and value and all(isinstance(v, str)
                                                                              for v in value.values())):
            texts = dict(Text.from_data(value).values)
            where = doc.locate(("readme",) + path) if doc is not None else Location(game.manifest)
            yield Printed("readme." + ".".join(map(str, path)), texts, where)


def missing(printed: Printed, game: "Game") -> list[str]:
    """The game's languages a printed string lacks: a string written once with words of its
    own counts as written in the first language only."""
    if "" in printed.texts:
        return list(game.languages[1:]) if wording(printed.texts[""]) else []
    return [lang for lang in game.languages if lang not in printed.texts]


def missing_translation(game: "Game") -> Found:
    if len(game.languages) < 2:
        return
    for printed in printed_strings(game):
        # (a text without the first language is text-language's error)
        lacking = [lang for lang in missing(printed, game) if lang != game.language]
        if lacking:
            first = printed.texts.get(game.language) or printed.texts.get("") or next(iter(printed.texts.values()))
            shown = first if len(first) <= 40 else first[:39] + "…"
            yield printed.where, f"{printed.name} ({shown!r}) has no {' or '.join(repr(l) for l in lacking)} text"


rule("missing-translation", Severity.WARNING, "A printed string lacks one of the languages the game declares (a "
     "string written once, with words outside its placeholders, is in the first language only).")(missing_translation)


@dataclass(frozen=True)
class Coverage:
    """What is translated into one language: each printed set's items with every string in it
    (name: (complete, of)), and the printed strings it has of all."""

    language: str
    sets: Mapping[str, tuple[int, int]]
    strings: int
    missing: int

    def line(self, game: "Game") -> str:
        """"fr: 126 of 126 cards, 3 strings missing": the first printed set and the strings."""
        name, (done, total) = next(iter(self.sets.items()))
        noun = game.sets[name].noun[1]
        strings = "1 string" if self.missing == 1 else f"{self.missing} strings"
        return f"{self.language}: {done} of {total} {noun}, {strings} missing"


def coverage(game: "Game", first: bool = False) -> list[Coverage]:
    """What is translated, for each language the game declares (`first`: the first too)."""
    from ..components import types

    printed = [s for s in game.sets.values() if types()[s.type].printed and not s.declaration.get("items_of")]
    if not printed or len(game.languages) < 2:
        return []
    strings = printed_strings(game)
    found = []
    for lang in game.languages[0 if first else 1:]:
        lacking = [p for p in strings if lang in missing(p, game)]
        short = {id(p.item) for p in lacking if p.item is not None}
        sets = {s.name: (sum(1 for i in s.items if id(i) not in short), len(s.items)) for s in printed}
        found.append(Coverage(lang, sets, len(strings) - len(lacking), len(lacking)))
    return found


def format_coverage(game: "Game", found: list[Coverage]) -> str:
    """`pnp stats --lang`: a table of what each language has, a row per printed set."""
    if not found:
        return f"{game.title.get(game.language)} is printed in one language ({game.language}): nothing to translate\n"
    total = found[0].strings + found[0].missing
    rows = [["", *(c.language for c in found)]]
    for name in found[0].sets:
        rows.append([name, *(f"{c.sets[name][0]} of {c.sets[name][1]}" for c in found)])
    rows.append(["strings", *(f"{c.strings} of {total}" for c in found)])
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = [f"{game.title.get(game.language)}: what is translated (items with every printed string, and strings)"]
    for row in rows:
        lines.append("  ".join([row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]).rstrip())
    return "\n".join(lines) + "\n"


# --- the glossary ----------------------------------------------------------------------------

def _forms(value: Any) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(v for v in value or () if isinstance(v, str))


def _fold(text: str) -> str:
    return text.casefold().replace("’", "'").replace("\u00ad", "")  # (a soft hyphen is no letter of a word)


def _pattern(forms: tuple[str, ...]) -> "re.Pattern | None":
    """A search for any of the forms at the start of a word, whatever the case."""
    return re.compile("|".join(r"(?<!\w)" + re.escape(_fold(form)) for form in forms)) if forms else None


def glossary_term(game: "Game") -> Found:
    doc = game.documents.get(game.glossary) if game.glossary else None
    terms = doc.data.get("terms") if doc is not None and isinstance(doc.data, dict) else None
    if not isinstance(terms, list):
        return
    entries = [{lang: (_forms(forms), _pattern(_forms(forms))) for lang, forms in term.items()}
               for term in terms if isinstance(term, dict)]
    lacking: dict[tuple, list] = {}  # the same texts lack the same terms, whichever piece prints them
    for printed in printed_strings(game):
        source = printed.texts.get(game.language)
        if source is None:
            continue
        texts = tuple(sorted(printed.texts.items()))
        found = lacking.get(texts)
        if found is None:
            found = lacking[texts] = []
            folded = {lang: _fold(text) for lang, text in texts}
            for term in entries:
                first = term.get(game.language, ((), None))[1]
                if first is None or not first.search(folded[game.language]):
                    continue
                for lang, _ in texts:
                    forms, pattern = term.get(lang, ((), None))
                    if lang == game.language or pattern is None or pattern.search(folded[lang]):
                        continue
                    found.append((lang, term[game.language][0][0], forms))
        for lang, said, forms in found:
            yield printed.where, (f"{printed.name}: its '{lang}' text does not use the glossary's word for "
                                  f"'{said}' ({' or '.join(repr(f) for f in forms)})")


rule("glossary-term", Severity.WARNING, "A translated string does not use the game's term for a word its first "
     "language's text uses, as the glossary (game.yaml's glossary:) words it.")(glossary_term)
