"""The documentation's pictures, drawn by pnp itself when the site is built (mkdocs.yml names
this file as a hook; `python docs/pictures.py DIR` draws them into DIR alone).

Each box kind is pictured from its own example in the reference (pnp's registry): the box is
the only one of a demo piece's layout, drawn for one demo item (docs/demo/ holds its icons;
the game around it is written here), so what a page's example says is what its picture
shows. The kinds that draw an area map are pictured where The Anarchy's board and cards draw
them, cut out of the piece. Each component type is pictured by real pieces of the three games
(a standee and a die by the demo's, as no game has one). Everything is drawn as the build
draws it (composed, rendered to PDF, rasterized), with no network and nothing random: the same
code and games give the same pictures."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import yaml

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
DEMO = DOCS / "demo"
GAMES = {"anarchy": ROOT, "anarchipel": ROOT / "examples" / "anarchipel",
         "furia": ROOT / "examples" / "furia-cartese"}

# the kinds pictured where a real game draws them: (game, set, item or None for a board, box name)
IN_GAMES = {
    "map": ("anarchy", "board", None, "map"),
    "compass": ("anarchy", "board", None, "compass"),
    "scale": ("anarchy", "board", None, "scale"),
    "legend": ("anarchy", "board", None, "legend"),
    "locator": ("anarchy", "cards", "red-fort", "picture"),
}

# the pieces of the games: picture name -> (game, set, item (None: a board set's first), side, dpi)
PIECES = {
    "card-face": ("anarchy", "cards", "red-fort", "face", 110),
    "card-back": ("anarchy", "cards", "red-fort", "back", 110),
    "card-leader": ("anarchy", "cards", "shah-alam-ii", "face", 110),
    "card-split": ("anarchipel", "succes-echec", None, "face", 110),
    "card-objective": ("anarchipel", "objectifs", None, "face", 110),
    "money": ("anarchy", "money", "20", "face", 110),
    "sheet-face": ("anarchy", "aid", None, "face", 110),
    "sheet-back": ("anarchy", "aid", None, "back", 110),
    "token-turn": ("anarchy", "turn-tokens", None, "face", 150),
    "token-marker": ("anarchy", "markers", None, "face", 200),
    "token-coin": ("anarchipel", "pieces", None, "face", 200),
    "tile-hex": ("anarchipel", "tuiles", None, "face", 110),
    "tile-counter": ("furia", "unites", None, "face", 250),
    "tile-counter-back": ("furia", "unites", None, "back", 250),
    "board-map": ("anarchy", "board", None, "face", 45),
    "board-hexes": ("furia", "champs", None, "face", 30),
    "aid-furia": ("furia", "aide", None, "face", 110),
}

ICON_NAMES = ("star", "tower", "shield")


# --- the demo game: a set for each box kind, drawing that kind's example -------------------------

FIELDS = {
    "name": "text",
    "colour": "colour",
    "emblem": "icon",
    "kind": {"type": "enum", "values": ["hero", "place"]},
    "art": {"type": "file", "optional": True},
    "rank": {"type": "int", "optional": True},
    "needs": {"type": "list", "of": "int", "default": []},
    "stars": {"type": "int", "default": 0},
    "shields": {"type": "int", "default": 0},
    "fail": {"type": "text", "optional": True},
    "phases": {"type": "list", "of": {"type": "record", "fields": {"name": "text"}}, "default": []},
    "labels": {"type": "record", "optional": True, "fields": {"prices": "text"}},
    "board": {"type": "list", "default": [],
              "of": {"type": "record", "fields": {"q": "int", "r": "int", "tile": {"type": "ref", "to": "tiles"},
                                                  "label": {"type": "text", "optional": True}}}},
}

ITEM = {
    "id": "harbour-master", "name": "Harbour Master", "colour": "#c8553d", "emblem": "tower", "kind": "hero",
    "art": "art/harbour.png", "rank": 7, "needs": [2, 5], "stars": 3, "shields": 1, "fail": "Failure",
    "phases": [{"name": "Draw two cards"}, {"name": "Trade or build"}, {"name": "Pay the crew"}],
    "labels": {"prices": "Extra cards"},
    "board": [{"q": q, "r": r, "tile": "sea" if (q + 2 * r) % 3 else "land", "label": f"{chr(67 + q)}{r + 3}"}
              for q in range(-2, 3) for r in range(-2, 3) if max(abs(q), abs(r), abs(q + r)) <= 2],
}

DATA = {
    "tiles": [{"id": "sea", "colour": "#bcd7e3", "icon": "shield"}, {"id": "land", "colour": "#d8c690", "icon": "star"}],
    "actions": [{"id": "forest", "name": "Forest", "x": 10, "y": 10}, {"id": "quarry", "name": "Quarry", "x": 80, "y": 40},
                {"id": "market", "name": "Market", "x": 150, "y": 70}, {"id": "hall", "name": "Hall", "x": 200, "y": 110}],
}

COLOURS = {"paper": "#fbf3dc", "ink": "#1d1a16", "gold": "#b8862b"}


def _size(example: str) -> tuple[str, object]:
    """The demo piece an example's box fits on: a poker card, a larger card, or a board."""
    (box,) = yaml.safe_load(example).values()
    right, bottom = box["x"] + box["width"], box["y"] + box["height"]
    if right <= 63.5 and bottom <= 88.9:
        return "card", "poker"
    size = {"width": max(63.5, right + box["x"]), "height": max(88.9, bottom + box["y"])}
    return ("board" if max(size.values()) > 120 else "card"), size


def write_demo(folder: Path) -> Path:
    """The demo game in `folder`: a set for each box kind not pictured in a game, a standee
    and a die, from the kinds' examples in pnp's registry."""
    from pnp import boxes

    (folder / "layouts").mkdir(parents=True)
    shutil.copytree(DEMO / "icons", folder / "icons")
    (folder / "art").mkdir()
    _art(folder / "art" / "harbour.png")
    dump = lambda data, path: (folder / path).write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True),
                                                         "utf-8")
    for name, items in DATA.items():
        dump({name: items}, f"{name}.yaml")
    dump({"figures": [{"id": "captain", "name": "Captain", "colour": "#2f6b8a"}]}, "figures.yaml")
    dump({"dice": [{"id": "harbour", "colour": "#2f6b8a", "faces": ["1", "2", "3", ":star:", ":tower:", ":shield:"]}]},
         "dice.yaml")
    components = {
        "tiles": {"type": "data", "files": "tiles.yaml", "items": "tiles", "fields": {"colour": "colour", "icon": "icon"}},
        "actions": {"type": "data", "files": "actions.yaml", "items": "actions",
                    "fields": {"name": "text", "x": "number", "y": "number"}},
    }
    for kind in boxes.kinds().values():
        if kind.name in IN_GAMES:
            continue
        kind_type, size = _size(kind.example)
        dump({"guild": {"id": "harbour", "name": "Harbour", "colour": "#2f6b8a"}, "pieces": [ITEM]},
             f"pieces-{kind.name}.yaml")  # (a file to each set: no file is read by two)
        components[f"box-{kind.name}"] = {
            "type": kind_type, "size": size, "files": f"pieces-{kind.name}.yaml", "items": "pieces",
            "group": {"key": "guild", "fields": {"name": "text", "colour": "colour"}}, "fields": FIELDS,
            "face": f"layouts/{kind.name}.yaml"}
        (folder / "layouts" / f"{kind.name}.yaml").write_text(
            f"extends: builtin:{kind_type}\ncolours: {COLOURS}\nboxes:\n  {kind.example}\n", "utf-8")
    components["standee"] = {"type": "standee", "size": {"width": "25mm", "height": "45mm"}, "base": "12mm",
                             "files": "figures.yaml", "items": "figures", "fields": {"name": "text", "colour": "colour"},
                             "face": "layouts/figure.yaml", "back": "same"}
    (folder / "layouts" / "figure.yaml").write_text(
        "extends: builtin:standee\nboxes:\n"
        "  ground: {x: 0, y: 0, width: 25, height: 45, rect: {fill: \"{colour}\"}}\n"
        "  figure: {x: 2.5, y: 6, width: 20, height: 20, icon: star, colour: \"#ffffff\"}\n"
        "  name: {x: 1.5, y: 34, width: 22, height: 7, text: \"{name}\", size: 10, colour: \"#ffffff\", align: centre}\n",
        "utf-8")
    components["dice"] = {"type": "die", "size": "13mm", "files": "dice.yaml", "items": "dice",
                          "fields": {"colour": "colour"}, "face": "layouts/die.yaml"}
    (folder / "layouts" / "die.yaml").write_text(
        "extends: builtin:die\nboxes:\n"
        "  ground: {x: 0, y: 0, width: 13, height: 13, rect: {fill: \"{colour}\"}}\n"
        "  face: {x: 1, y: 2, width: 11, height: 9, text: \"{face}\", size: 20, colour: \"#ffffff\", light: \"{colour}\", "
        "align: centre, valign: middle}\n", "utf-8")
    game = {"title": "Pictures", "languages": ["en"],
            "fonts": {"heading": "SourceSerifPro-Bold", "body": "SourceSansPro-Regular"},
            "players": {"min": 2, "max": 4}, "components": components}
    dump(game, "game.yaml")
    return folder / "game.yaml"


def _art(path: Path) -> None:
    """A picture for the image box: a harbour at dusk, as bands of colour (drawn, not read)."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (444, 308), "#f3c98b")
    draw = ImageDraw.Draw(image)
    for i, colour in enumerate(["#f3c98b", "#eeb57a", "#e59a6b", "#c97a63", "#8f6a77"]):
        draw.rectangle([0, i * 36, 444, i * 36 + 36], fill=colour)
    draw.ellipse([250, 110, 330, 190], fill="#fbe3a8")
    draw.rectangle([0, 180, 444, 308], fill="#2f6b8a")
    draw.polygon([(60, 180), (120, 120), (120, 180)], fill="#1d1a16")
    draw.rectangle([130, 150, 200, 180], fill="#1d1a16")
    for y in range(196, 308, 14):
        draw.line([(20 + y % 40, y), (420 - y % 50, y)], fill="#5b8ea8", width=3)
    image.save(path)


# --- drawing -------------------------------------------------------------------------------------

class Drawn:
    """A game validated and composed, its pieces drawn to PNG files."""

    def __init__(self, game_file: Path):
        from pnp.build.pipeline import game_fonts, read_art
        from pnp.checks.validate import validate
        from pnp.kit.pieces import Kit

        report = validate(game_file)
        errors = [p for p in report.problems if p.severity.value == "error"]
        if errors or report.game is None:
            raise RuntimeError(f"{game_file}: " + "; ".join(str(p) for p in errors))
        self.game = report.game
        self.kit = Kit(self.game, game_fonts(self.game), read_art(self.game))
        self.fonts = {m.name: m.path for m in self.kit.fonts.values()}

    def image(self, definition, dpi: float, clear: bool = False):
        """A drawing as a picture at `dpi`; with `clear`, round and hexagonal pieces on no ground."""
        from pnp.render.pdf import render_pdf
        from pnp.render.png import rasterize, rasterize_rgba
        from pnp.scene import Page, Use

        page = Page(definition.width, definition.height, (Use(definition.id),), (definition,))
        return next(iter((rasterize_rgba if clear else rasterize)(render_pdf([page], self.fonts), dpi)))

    def piece(self, set_name: str, item: str | None, side: str):
        pieces = self.kit.get(set_name)
        if pieces.boards:
            return pieces.boards[0].page
        piece = next(p for p in pieces.pieces if item is None or p.item.id == item)
        return piece.face if side == "face" else piece.back

    def box(self, set_name: str, box: str, item: str | None, dpi: float):
        """The piece cut to one box of its layout, and 1.5 mm round it."""
        component = self.game.sets[set_name]
        layout = next(iter(component.faces.values()))
        found = layout.box(box)
        image = self.image(self.piece(set_name, item, "face"), dpi)
        px = dpi / 72
        room = 1.5 * 72 / 25.4
        left, top = max(0, (found.x - room) * px), max(0, (found.y - room) * px)
        right, bottom = min(image.width, (found.right + room) * px), min(image.height, (found.bottom + room) * px)
        return image.crop((round(left), round(top), round(right), round(bottom)))


def draw_all(out: Path) -> list[str]:
    """Every picture into `out`, as PNG; their names."""
    out.mkdir(parents=True, exist_ok=True)
    written = []

    def save(image, name: str) -> None:
        image.save(out / f"{name}.png", optimize=True)
        written.append(f"{name}.png")

    games = {}

    def game(name: str) -> Drawn:
        if name not in games:
            games[name] = Drawn(GAMES[name] / "game.yaml")
        return games[name]

    with tempfile.TemporaryDirectory() as temporary:
        demo = Drawn(write_demo(Path(temporary) / "demo"))
        from pnp import boxes
        from pnp.components import die, standee

        for kind in boxes.kinds().values():
            if kind.name not in IN_GAMES:
                (box,) = yaml.safe_load(kind.example)
                board = demo.game.sets[f"box-{kind.name}"].type == "board"
                save(demo.box(f"box-{kind.name}", box, None, 60 if board else 150), f"box-{kind.name}")
        figure = demo.kit.get("standee").pieces[0]
        save(demo.image(standee.strip(figure.face, figure.back, standee.base_depth(demo.game.sets["standee"])), 150),
             "standee")
        stickers = demo.kit.get("dice").pieces
        save(demo.image(die.strip("harbour", [s.face for s in stickers]), 250), "die")
    for kind, (name, set_name, item, box) in IN_GAMES.items():
        save(game(name).box(set_name, box, item, 30 if kind == "map" else 150), f"box-{kind}")
    for picture, (name, set_name, item, side, dpi) in PIECES.items():
        save(game(name).image(game(name).piece(set_name, item, side), dpi, clear=True), picture)
    return written


# --- the kit's picture (the README's and the home page's) ----------------------------------------

KIT = [  # (picture, height in px): the board beside rows of pieces, as a kit is laid out on a table
    [("card-face", 300), ("card-leader", 300), ("card-back", 300), ("sheet-face", 300)],
    [("money", 170), ("token-turn", 170), ("tile-hex", 170), ("card-objective", 250), ("tile-counter", 120),
     ("token-coin", 110)],
]


def kit_picture(pictures: Path, out: Path) -> None:
    """docs/kit.png from the pictures drawn into `pictures`: The Anarchy's board and pieces,
    with a tile, a card and a coin of Anarchipel and a counter of Furia Cartese."""
    from PIL import Image

    def load(name: str, height: int) -> Image.Image:
        with Image.open(pictures / f"{name}.png") as image:
            return image.convert("RGBA").resize((round(image.width * height / image.height), height), Image.LANCZOS)

    gap = 18
    board = load("board-map", 2 * 300 + gap)
    rows = [[load(name, height) for name, height in row] for row in KIT]
    width = gap + board.width + gap + max(sum(i.width for i in row) + gap * (len(row) - 1) for row in rows) + gap
    canvas = Image.new("RGB", (width, board.height + 2 * gap), "#e9e2d4")
    canvas.paste(board, (gap, gap), board)
    top = gap
    for row in rows:
        x, height = gap + board.width + gap, max(i.height for i in row)
        for image in row:
            canvas.paste(image, (x, top + (height - image.height) // 2), image)
            x += image.width + gap
        top += height + gap
    canvas.save(out, optimize=True)


# --- the MkDocs hook -----------------------------------------------------------------------------

_drawn: dict[str, Path] = {}


def on_files(files, config):
    """Draw the pictures once a process (mkdocs serve keeps them) and add them to the site as
    pictures/NAME.png."""
    from mkdocs.structure.files import File

    if not _drawn:
        folder = Path(tempfile.mkdtemp(prefix="pnp-docs-pictures-"))
        sys.path.insert(0, str(ROOT))
        for name in draw_all(folder):
            _drawn[name] = folder / name
    for name, path in _drawn.items():
        files.append(File.generated(config, f"pictures/{name}", abs_src_path=str(path)))
    return files


if __name__ == "__main__":  # python docs/pictures.py DIR: the pictures into DIR; --kit: docs/kit.png drawn again
    sys.path.insert(0, str(ROOT))
    if sys.argv[1:] == ["--kit"]:
        with tempfile.TemporaryDirectory() as drawn:
            draw_all(Path(drawn))
            kit_picture(Path(drawn), DOCS / "kit.png")
    else:
        print("\n".join(draw_all(Path(sys.argv[1] if len(sys.argv) > 1 else "pictures"))))
