"""Load a game: read game.yaml and the files it names, check them against the schemas,
and build the model. Game rules run afterwards (pnp.rules)."""

from __future__ import annotations

import posixpath
from pathlib import Path

from . import schema
from .layout import load_layout
from .model import Aid, Area, Board, Card, Companies, Company, Denomination, Game, Money, Origin, Seat, Suit, Text
from .problems import Location, Problem, problem
from .units import parse_length
from .yamlload import Document, load_yaml

DEFAULT_TEXT_COLOUR = "#000000"


class GameNotFound(Exception):
    """The manifest the user pointed at does not exist (a usage error, not a data problem)."""


def resolve_manifest(game: str | Path | None) -> Path:
    """The game.yaml to use: the given file, game.yaml in a given folder, or in the current one."""
    path = Path(game) if game is not None else Path("game.yaml")
    if path.is_dir():
        path = path / "game.yaml"
    if not path.is_file():
        if game is None:
            raise GameNotFound("no game.yaml in the current folder; run pnp in a game folder or pass --game PATH/game.yaml")
        raise GameNotFound(f"no game manifest at {path}")
    return path


def _inside(file: str) -> str | None:
    """Normalise a path relative to the game folder; None when it leaves the folder."""
    norm = posixpath.normpath(file.replace("\\", "/"))
    if norm.startswith("../") or norm == ".." or posixpath.isabs(norm) or ":" in norm.split("/")[0]:
        return None
    return norm


def _suit(doc: Document) -> Suit:
    data = doc.data
    head = data["suit"]
    cards = []
    for i, raw in enumerate(data["cards"]):
        cards.append(Card(
            id=raw["id"],
            name=Text.from_data(raw["name"]),
            suit=head["id"],
            kind=raw["kind"],
            leader=int(raw["leader"]) if "leader" in raw else None,
            follows=tuple(int(n) for n in raw.get("follows", [])),
            crowns=int(raw.get("crowns", 0)),
            castles=int(raw.get("castles", 0)),
            swords=int(raw.get("swords", 0)),
            treasure=int(raw.get("treasure", 0)),
            art=raw.get("art"),
            note=Text.from_data(raw["note"]) if "note" in raw else None,
            origin=Origin(doc.file, ("cards", i)),
        ))
    return Suit(
        id=head["id"],
        name=Text.from_data(head["name"]),
        colour=head["colour"].lower(),
        text_colour=head.get("text_colour", DEFAULT_TEXT_COLOUR).lower(),
        area=head["area"],
        cards=tuple(cards),
        origin=Origin(doc.file, ("suit",)),
    )


def _ring(points) -> tuple[tuple[float, float], ...]:
    return tuple((float(lon), float(lat)) for lon, lat in points)


def _areas(doc: Document) -> list[Area]:
    return [
        Area(
            id=raw["id"],
            name=Text.from_data(raw["name"]),
            seat=Seat(Text.from_data(raw["seat"]["city"]), float(raw["seat"]["lat"]), float(raw["seat"]["lon"])),
            origin=Origin(doc.file, ("areas", i)),
            anchor=(float(raw["anchor"]["lon"]), float(raw["anchor"]["lat"])) if "anchor" in raw else None,
            shape=_ring(raw["shape"]) if "shape" in raw else None,
            neighbours_add=tuple(raw.get("neighbours", {}).get("add", ())),
            neighbours_remove=tuple(raw.get("neighbours", {}).get("remove", ())),
        )
        for i, raw in enumerate(doc.data["areas"])
    ]


def _money(doc: Document) -> Money:
    data = doc.data
    return Money(
        currency=data["currency"],
        denominations=tuple(Denomination(int(d["value"]), int(d["count"]), d["colour"].lower())
                            for d in data["denominations"]),
        blank_count=int(data["blank"]["count"]),
        blank_label=Text.from_data(data["blank"]["label"]),
        origin=Origin(doc.file),
    )


def _companies(doc: Document) -> Companies:
    data = doc.data
    return Companies(
        turn_diameter=parse_length(data["turn_token"]["diameter"]),
        marker_diameter=parse_length(data["marker"]["diameter"]),
        marker_count=int(data["marker"]["count"]),
        companies=tuple(
            Company(c["id"], Text.from_data(c["name"]), Text.from_data(c["short"]), int(c["founded"]),
                    c["colour"].lower(), c["emblem"], Origin(doc.file, ("companies", i)))
            for i, c in enumerate(data["companies"])
        ),
        origin=Origin(doc.file),
    )


def _aid(doc: Document) -> Aid:
    data = doc.data
    return Aid(
        title=Text.from_data(data["title"]),
        phases=tuple((Text.from_data(p["name"]), Text.from_data(p["text"])) for p in data["phases"]),
        labels={key: Text.from_data(value) for key, value in data["labels"].items()},
        origin=Origin(doc.file),
    )


def _board(doc: Document, land: Document) -> Board:
    data = doc.data
    return Board(
        projection=data["projection"],
        bounds=dict(data["bounds"]) if "bounds" in data else None,
        playing=tuple(_ring(ring) for ring in land.data["playing"]),
        context=tuple((item["name"], _ring(item["ring"])) for item in land.data.get("context", [])),
        labels={key: Text.from_data(value) for key, value in data["labels"].items()},
        origin=Origin(doc.file),
    )


def load_game(manifest: Path) -> tuple[Game | None, list[Problem]]:
    """Read and schema-check every file of a game. Returns the model (None when the
    manifest itself is unusable) and every problem found, unsorted."""
    root = manifest.parent
    name = manifest.name
    doc, problems = load_yaml(root, name)
    if doc is None:
        return None, problems
    broken: set[str] = set()
    problems += schema.check(doc, "game", broken)
    if "" in broken or "components" in broken:
        return None, problems  # without the list of files there is nothing more to read
    # Any other broken part of the manifest is left out, so the rest can still be checked.
    data = {key: value for key, value in doc.data.items() if key not in broken}
    documents: dict[str, Document] = {name: doc}
    files: list[str] = [name]
    complete = True

    def read(file: str, at: tuple, kind: str, where: Location | None = None) -> Document | None:
        nonlocal complete
        norm = _inside(file)
        where = where or doc.locate(at)
        if norm is None:
            problems.append(problem("missing-file", where, f"'{file}' lies outside the game folder"))
        elif norm in files:
            problems.append(problem("duplicate-file", where, f"'{file}' is listed more than once"))
        elif not (root / norm).exists():
            problems.append(problem("missing-file", where, f"'{file}' does not exist"))
        else:
            files.append(norm)
            loaded, found = load_yaml(root, norm)
            problems.extend(found)
            if loaded is not None:
                schema_problems = schema.check(loaded, kind)
                problems.extend(schema_problems)
                if not schema_problems:
                    documents[norm] = loaded
                    return loaded
        complete = False
        return None

    suits = []
    for i, file in enumerate(data["components"]["cards"]):
        loaded = read(file, ("components", "cards", i), "suit")
        if loaded is not None:
            suits.append(_suit(loaded))
    areas_doc = read(data["components"]["areas"], ("components", "areas"), "areas")
    areas = _areas(areas_doc) if areas_doc is not None else []

    board = None
    board_doc = read(data["components"]["board"], ("components", "board"), "board")
    if board_doc is not None:
        land_file = posixpath.join(posixpath.dirname(board_doc.file), board_doc.data["land"])
        land_doc = read(land_file, ("components", "board"), "land", board_doc.locate(("land",)))
        if land_doc is not None:
            board = _board(board_doc, land_doc)

    extras = {}
    for key, kind, make in (("money", "money", _money), ("companies", "companies", _companies), ("aid", "aid", _aid)):
        if key in data["components"]:
            loaded = read(data["components"][key], ("components", key), kind)
            extras[key] = make(loaded) if loaded is not None else None

    layouts = {}
    for kind, file in data["components"]["layouts"].items():
        norm = _inside(file)
        where = doc.locate(("components", "layouts", kind))
        layout, found, chain = load_layout(root, norm if norm is not None else file, kind, where)
        problems.extend(found)
        for layout_doc in chain:
            documents.setdefault(layout_doc.file, layout_doc)
            if layout_doc.file not in files:
                files.append(layout_doc.file)
        if layout is None:
            complete = False
        else:
            layouts[kind] = layout

    game = Game(
        root=root,
        manifest=name,
        title=Text.from_data(data.get("title", "(untitled)")),
        subtitle=Text.from_data(data["subtitle"]) if "subtitle" in data else None,
        languages=tuple(data.get("languages", ())),
        fonts=dict(data.get("fonts", {})),
        counts=dict(data.get("counts", {})),
        suits=tuple(suits),
        areas=tuple(areas),
        board=board,
        money=extras.get("money"),
        companies=extras.get("companies"),
        aid=extras.get("aid"),
        players=(data["players"]["min"], data["players"]["max"]) if "players" in data else None,
        layouts=layouts,
        files=tuple(files),
        complete=complete,
        documents=documents,
    )
    return game, problems
