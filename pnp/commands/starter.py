"""pnp new: a small, valid and commented game to start from, copied from one of pnp's
templates (pnp/templates/<name>/), its title made from the folder's name, with the JSON
Schemas of its files in schemas/ (and VS Code's mapping of them, .vscode/settings.json) and a
first line in each YAML file that points an editor at its schema."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..model.game import Game

# each template, with what it holds
TEMPLATES = {
    "cards": "a deck of cards with a name and a power each, and a check that no two share a power",
    "tiles": "hex tiles of a few terrains, each kind in its own colour and number, and a check that the colours differ",
    "counters": "two-sided square counters for two sides, full strength on the front and reduced on the back",
    "board": "a main board with a score track round its edge and action spaces placed from data, player boards and "
             "two-sided tokens",
}
SCHEMAS = "schemas"  # the folder beside game.yaml the schemas go into


class NotEmpty(Exception):
    """The folder to start a game in holds something already."""


def template_files(name: str) -> dict[str, bytes]:
    """A template's files by their paths in the new game, game.yaml first, then by name."""
    found: dict[str, bytes] = {}

    def walk(folder, prefix: str) -> None:
        for entry in folder.iterdir():
            if entry.is_dir():
                walk(entry, f"{prefix}{entry.name}/")
            elif not entry.name.startswith("."):
                found[f"{prefix}{entry.name}"] = entry.read_bytes()

    from importlib import resources  # (here, not for every command: a tenth of the time pnp takes to start)

    walk(resources.files("pnp") / "templates" / name, "")
    return dict(sorted(found.items(), key=lambda item: (item[0] != "game.yaml", item[0])))


def title_of(folder: Path, characters: frozenset[str] | None = None) -> str:
    """A title from the folder's name: harbour-lords is Harbour Lords, it's is It’s. Characters that are not
    printable (and, given `characters`, those not among them: the fonts' glyphs) part words
    as dashes do; a name that is not UTF-8 gives its other characters."""
    name = os.fsencode(folder.resolve().name).decode("utf-8", "replace").replace("'", "\u2019")
    name = re.sub(r'"([^"]*)"', "\u201c\\1\u201d", name)  # (a title is printed: its quotes are typographic)
    name = "".join(ch if ch.isprintable() and (characters is None or ch in characters) else " " for ch in name)
    words = [w for w in re.split(r"[-_\s.]+", name) if w]
    return " ".join(w[:1].upper() + w[1:] for w in words) or "New game"


def _printable(ch: str) -> bool:
    """Whether YAML takes `ch` as it is inside a double-quoted scalar (its printable
    characters, but for the line breaks YAML 1.1 reads: NEL, U+2028 and U+2029, and the BOM)."""
    code = ord(ch)
    return (0x20 <= code <= 0x7E or 0xA0 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD or code >= 0x10000) \
        and ch not in "\u2028\u2029\ufeff"


def yaml_scalar(text: str) -> str:
    """`text` written as a YAML scalar that reads back as this very string: plain when YAML
    reads it so (Harbour Lords), double-quoted otherwise (yes, null, 12, 1e3, a colon, a #,
    quotes), with a backslash before a quote or a backslash and the other characters YAML
    would not take as they are escaped."""
    import yaml

    # (y and n are booleans to YAML 1.1, if not to pyyaml)
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9]*( [A-Za-z0-9]+)*", text) and yaml.safe_load(text) == text \
            and text.lower() not in ("y", "n"):
        return text
    escaped = []
    for ch in text:
        code = ord(ch)
        if ch in '"\\':
            escaped.append("\\" + ch)
        elif _printable(ch):
            escaped.append(ch)
        else:
            escaped.append(f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}" if code <= 0xFFFF
                           else f"\\U{code:08x}")
    return '"' + "".join(escaped) + '"'


def _glyphs(manifest: bytes) -> frozenset[str] | None:
    """The characters every font a template's game.yaml names has a glyph for (the title is
    printed in them); None when that cannot be told."""
    import yaml

    from ..layout.fonts import bundled_fonts, character_map

    fonts = (yaml.safe_load(manifest) or {}).get("fonts", {})
    paths = [bundled_fonts().get(name) for name in fonts.values()] if isinstance(fonts, dict) else [None]
    if not paths or None in paths:
        return None
    return frozenset.intersection(*(frozenset(map(chr, character_map(path))) for path in paths))


def create(folder: Path, template: str) -> tuple["Game", list[str]]:
    """Write the template's game into `folder` (made if need be; refused if it holds
    anything), then its schemas, then point each YAML file at its schema. Returns the game
    as loaded and the files written, relative to the folder. Nothing is written through a
    link in the folder (editors.Refused, as when the folder cannot be written)."""
    from . import editors
    from ..load.game import load_game

    try:
        if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
            raise NotEmpty(f"{folder} is not an empty folder: pnp new starts a game in a new or empty one")
    except OSError as exc:
        raise editors.Refused(folder, f"cannot be read ({exc.strerror or exc})") from None
    files = template_files(template)
    editors.make_folder(folder, ".")
    for name, content in files.items():
        if name == "game.yaml":
            title = yaml_scalar(title_of(folder, _glyphs(content)))
            content, found = re.subn(r"(?m)^title: New game$", lambda _: f"title: {title}",
                                     content.decode("utf-8"), count=1)
            if found != 1:  # pragma: no cover - every template is tested
                raise RuntimeError(f"the {template} template's game.yaml has no line 'title: New game'")
            files[name] = content = content.encode("utf-8")
        editors.write_file(folder, name, content)
    game, _ = load_game(folder / "game.yaml")
    if game is None:  # pragma: no cover - every template is tested to validate
        raise RuntimeError(f"the {template} template's game.yaml cannot be read")
    found = editors.schema_files("game.yaml", game)
    editors.write(folder / SCHEMAS, found, within=folder)
    editors.write_settings(folder, folder / SCHEMAS, found)
    for item in found:
        for name in item.files:
            line = editors.modeline(folder, name, folder / SCHEMAS, item).encode("utf-8")
            editors.write_file(folder, name, line + files[name])
    return game, list(files)
