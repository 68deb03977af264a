"""pnp's check of the quotation marks a game prints (`straight-quote`): a straight apostrophe
(') or straight double quote (") in what a player reads, in any language, where print wants
the typographer's marks (’ for an apostrophe, the language's own quotation marks).

What a player reads is what the kit prints from the game's words: the data's texts, a set's
label and caption, a layout's own words, the read-me-first's texts (pnp.checks.translation's
printed strings) and the rulebooks' text. Code is never read: a template's `{expressions}`,
ids, a rulebook's references, values, pictures' pieces and `@check` lines, YAML's own quotes
and comments, and the schema's `doc:` lines (which pnp prints only for the game's author)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Iterator, NamedTuple

from ..expr.template import literal_text as literal  # (a template's own words)
from ..model import rulebook as rb
from ..problems import Location, Severity
from . import Found, rule

if TYPE_CHECKING:
    from ..model.game import Game

APOSTROPHE, QUOTE = "'", '"'
SHOWN = 3  # the words a message names; past them it counts
_QUOTED = re.compile(r'"([^"\n]{1,60})"')  # a straight pair around a few words: said as one
_PUNCTUATION = ".,;:!?()[]«»“”„‘’"  # what a word is cut of at its ends


class Straight(NamedTuple):
    """A straight mark in a text: which (' or "), and the word or quoted words it is in."""

    mark: str
    word: str


def straight(text: str) -> list[Straight]:
    """The straight marks of a text, each word once, in the order they come: a pair of
    double quotes around a few words is said as one ("no bid"), any other mark with the word
    it is in, cut of the punctuation around it (d'État, players', 6")."""
    found: list[Straight] = []
    pairs = [m.span() for m in _QUOTED.finditer(text)]
    for m in re.finditer(r"\S+", text):
        word = m.group()
        if APOSTROPHE not in word and QUOTE not in word:
            continue
        pair = next((text[a:b] for a, b in pairs if a < m.end() and m.start() < b), None)
        marks = []
        if pair is not None:
            marks.append(Straight(QUOTE, pair))
        elif QUOTE in word:
            marks.append(Straight(QUOTE, word.strip(_PUNCTUATION) or word))
        if APOSTROPHE in word:
            marks.append(Straight(APOSTROPHE, word.strip(_PUNCTUATION + QUOTE) or word))
        found.extend(mark for mark in marks if mark not in found)
    return found


def _messages(owner: str, found: list[Straight]) -> Iterator[tuple[str, str]]:
    """A message for the apostrophes and one for the double quotes, each with its first word."""
    for mark, one, many, fix in ((APOSTROPHE, "a straight apostrophe", "straight apostrophes", "print ’ (U+2019)"),
                                 (QUOTE, "a straight double quote", "straight double quotes",
                                  "print the language's quotation marks (“ ”, « », „ “)")):
        words = [w.word for w in found if w.mark == mark]
        if not words:
            continue
        shown = ", ".join(f"'{w}'" if QUOTE in w else f'"{w}"' for w in words[:SHOWN])
        more = f" and {len(words) - SHOWN} more" if len(words) > SHOWN else ""
        yield words[0], f"{owner}: {one if len(words) == 1 else many} in {shown}{more}: {fix}"


def straight_quote(game: "Game") -> Found:
    from .translation import printed_strings

    rulebooks = {book.file for book in game.rules.values()}
    paths: dict[str, dict[int, list]] = {}  # per file, each value's position -> its paths
    for printed in printed_strings(game):
        if printed.where.file in rulebooks:
            continue  # (a rulebook's sections: read line by line below)
        for language, text in printed.texts.items():
            found = straight(literal(text))
            if not found:
                continue
            owner = f"{printed.name}.{language}" if language else printed.name
            for _, message in _messages(owner, found):
                yield _language(game, printed.where, language, paths), message
    yield from _rulebooks(game)


def _language(game: "Game", where: Location, language: str, paths: dict) -> Location:
    """Where a string's text in one language is written: its own line in a mapping of
    languages written one a line, else where the string is."""
    from ..load.yamlload import COLUMNS

    doc = game.documents.get(where.file)
    if doc is None or not language:
        return where
    if where.file not in paths:
        found: dict[int, list] = {}
        for path, position in doc.values.items():
            found.setdefault(position, []).append(path)
        paths[where.file] = found
    for path in paths[where.file].get(where.line * COLUMNS + where.column, ()):
        if path + (language,) in doc.values:
            return doc.locate(path + (language,))
    return where


# --- the rulebooks ----------------------------------------------------------------------------

def _words(parts: tuple) -> str:
    """The words of a rulebook's inline parts as printed from the text itself (a reference, a
    value or an icon is a space)."""
    return "".join(p.text.replace("\u00ad", "") if isinstance(p, rb.Text) else _words(p.parts)
                   if isinstance(p, rb.Styled) else " " for p in parts)


def rulebook_words(blocks: list | tuple) -> Iterator[tuple[int, str]]:
    """Each text of a rulebook's blocks with the line its block starts at: a heading, a
    paragraph, a list's item, a table's cell, a picture's caption, a box's title, and the
    blocks in a box."""
    for block in blocks:
        if isinstance(block, (rb.Heading, rb.Paragraph)):
            yield block.line, _words(block.parts)
        elif isinstance(block, rb.ListBlock):
            for item in block.items:
                yield block.line, _words(item)
        elif isinstance(block, rb.Table):
            for cell in block.header + tuple(c for row in block.rows for c in row):
                yield block.line, _words(cell)
        elif isinstance(block, rb.Picture):
            yield block.line, _words(block.caption)
        elif isinstance(block, rb.Box):
            yield block.line, _words(block.title)
            yield from rulebook_words(block.blocks)


def _rulebooks(game: "Game") -> Found:
    for _, book in sorted(game.rules.items()):
        lines: list[str] | None = None
        for line, text in rulebook_words(book.blocks):
            found = straight(text)
            if not found:
                continue
            if lines is None:
                lines = _lines(game, book.file)
            for word, message in _messages("rulebook", found):
                yield _find(book.file, lines, line, word), message


def _lines(game: "Game", file: str) -> list[str]:
    """A rulebook's lines, read again (as pnp.load.game read it: within the game folder and
    its size bound); none when it cannot be."""
    from ..load.files import Unreadable, read_game_file
    from ..load.rulebook import MAX_RULEBOOK_BYTES

    try:
        return read_game_file(game.root, file, MAX_RULEBOOK_BYTES).decode("utf-8").split("\n")
    except (Unreadable, UnicodeDecodeError):
        return []


def _find(file: str, lines: list[str], start: int, word: str) -> Location:
    """Where a word (its first line's part) is written in a rulebook, from its block's first
    line on and at most 200 lines down (a line's soft-hyphen marks left out), else at the
    block."""
    first = word.split()[0]
    for number in range(start, min(len(lines), start + 200) + 1):
        text = lines[number - 1]
        column = text.find(first) if first in text else text.replace("\\-", "").find(first)
        if column >= 0:
            return Location(file, number, column + 1)
    return Location(file, start)


rule("straight-quote", Severity.WARNING, "Printed text, in any language, has a straight apostrophe (') or double "
     "quote (\") where print wants ’ or the language's quotation marks: the data's texts, a set's label and "
     "caption, a layout's own words, the read-me-first's and the rulebooks' text (never expressions, ids or "
     "comments).")(straight_quote)
