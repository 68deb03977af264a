"""pnp new: a small, valid and commented game to start from, copied from one of pnp's
templates (pnp/templates/<name>/), its title made from the folder's name, with the JSON
Schemas of its files in schemas/ and a first line in each YAML file that points an editor
at its schema."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .model import Game

# each template, with what it holds
TEMPLATES = {
    "cards": "a deck of cards with a name and a power each, and a check that no two share a power",
    "tiles": "hex tiles of a few terrains, each kind in its own colour and number, and a check that the colours differ",
    "counters": "two-sided square counters for two sides, full strength on the front and reduced on the back",
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


def title_of(folder: Path) -> str:
    """A title from the folder's name: harbour-lords is Harbour Lords."""
    words = [w for w in re.split(r"[-_\s.]+", folder.resolve().name) if w]
    return " ".join(w[:1].upper() + w[1:] for w in words) or "New game"


def create(folder: Path, template: str) -> tuple["Game", list[str]]:
    """Write the template's game into `folder` (made if need be; refused if it holds
    anything), then its schemas, then point each YAML file at its schema. Returns the game
    as loaded and the files written, relative to the folder."""
    from . import editors
    from .game import load_game

    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise NotEmpty(f"{folder} is not an empty folder: pnp new starts a game in a new or empty one")
    files = template_files(template)
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        if name == "game.yaml":
            title = title_of(folder)
            if not re.fullmatch(r"[A-Za-z][A-Za-z0-9 ]*", title):  # else YAML could read it as something else
                title = json.dumps(title, ensure_ascii=False)
            content = re.sub(rb"(?m)^title: New game$", f"title: {title}".encode("utf-8"), content, count=1)
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(content)
    game, _ = load_game(folder / "game.yaml")
    if game is None:  # pragma: no cover - every template is tested to validate
        raise RuntimeError(f"the {template} template's game.yaml cannot be read")
    found = editors.schema_files("game.yaml", game)
    editors.write(folder / SCHEMAS, found)
    for item in found:
        for name in item.files:
            path = folder / name
            path.write_bytes(editors.modeline(folder, name, folder / SCHEMAS, item).encode("utf-8") + path.read_bytes())
    return game, list(files)
