"""pnp.checks.files: pnp's checks of the files a game's data names: `art-file` (a picture that
is not there, lies outside the game, is no image pnp reads, is damaged or has more pixels than
pnp draws in one), `art-pixels` (the game's pictures in all) and `unknown-icon` (an icon the
game's icons/ folder does not have)."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image

from pnp.checks import CHECKS, run_rules
from pnp.checks import files
from pnp.checks.files import (MAX_ART_BYTES, MAX_ART_PIXELS, MAX_GAME_PIXELS, art_file, art_files, art_pixels,
                              art_problem, field_values, unknown_icon)
from pnp.problems import Severity


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_header(width: int, height: int, data: bytes = b"\0" * 10) -> bytes:
    """A PNG whose header says width x height, with `data` for its pixels (whole chunks, each
    with its checksum: the picture is damaged only in what it decodes to)."""
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", data) + chunk(b"IEND", b""))


def png(width: int, height: int, colour: str = "red") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(buffer, "PNG")
    return buffer.getvalue()


@pytest.fixture(autouse=True)
def no_pictures_seen(monkeypatch) -> None:
    """Each test starts with no picture found whole before it (they are remembered by process)."""
    monkeypatch.setattr(files, "WHOLE_PICTURES", set())


def test_the_limits() -> None:
    assert (MAX_ART_PIXELS, MAX_GAME_PIXELS, MAX_ART_BYTES) == (40_000_000, 1_000_000_000, 64_000_000)


def test_the_checks_are_errors_with_their_docs() -> None:
    assert [(CHECKS[c].severity, CHECKS[c].doc) for c in ("art-file", "art-pixels", "unknown-icon")] == [
        (Severity.ERROR, "An art file is missing, lies outside the game folder, is not an image, is a damaged one "
                         "(truncated), or has more pixels than pnp draws in a picture (40 million)."),
        (Severity.ERROR, "The game's pictures have more pixels in all than pnp draws in one build (1,000 million)."),
        (Severity.ERROR, "An icon field names an icon the game's icons/ folder does not have, or one pnp cannot draw "
                         "(its file's problems say why).")]


# --- one picture -------------------------------------------------------------------------------


def test_a_whole_picture_is_its_pixels_and_remembered_by_its_bytes(tmp_path: Path) -> None:
    (tmp_path / "good.png").write_bytes(png(3, 2))
    assert art_problem(tmp_path, "good.png") == (None, 6)
    assert files.WHOLE_PICTURES == {__import__("hashlib").sha256(png(3, 2)).hexdigest()}


def test_a_picture_found_whole_before_is_not_decoded_again(tmp_path: Path) -> None:
    damaged = png_header(3, 2, b"not pixels")
    (tmp_path / "seen.png").write_bytes(damaged)
    assert art_problem(tmp_path, "seen.png") == (
        "art file 'seen.png' is a damaged image (broken data stream when reading image file)", 0)
    assert files.WHOLE_PICTURES == set()
    files.WHOLE_PICTURES.add(__import__("hashlib").sha256(damaged).hexdigest())
    assert art_problem(tmp_path, "seen.png") == (None, 6)


def test_a_file_pnp_will_not_read(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(files, "MAX_ART_BYTES", 3_000_000)  # (not 64 MB of zeros to read)
    (tmp_path / "folder.png").mkdir()
    with open(tmp_path / "big.png", "wb") as big:
        big.truncate(3_000_001)  # (sparse: nothing is written)
    with open(tmp_path / "edge.png", "wb") as edge:
        edge.truncate(3_000_000)
    assert art_problem(tmp_path, "missing.png") == ("art file 'missing.png' does not exist", 0)
    assert art_problem(tmp_path, "../x.png") == ("art file '../x.png' lies outside the game folder", 0)
    assert art_problem(tmp_path, "folder.png") == ("art file 'folder.png' is a folder, not a file", 0)
    assert art_problem(tmp_path, "big.png") == ("art file 'big.png' is 3.0 MB, more than pnp reads (3 MB)", 0)
    assert art_problem(tmp_path, "edge.png") == ("art file 'edge.png' is not an image pnp can read", 0)


def test_the_size_of_a_file_too_large_is_in_megabytes(tmp_path: Path, monkeypatch) -> None:
    with open(tmp_path / "big.png", "wb") as big:
        big.truncate(2_950_000)
    monkeypatch.setattr(files, "MAX_ART_BYTES", 2_000_000)
    assert art_problem(tmp_path, "big.png")[0] == "art file 'big.png' is 3.0 MB, more than pnp reads (2 MB)"
    monkeypatch.setattr(files, "MAX_ART_BYTES", 2_500_000)
    assert art_problem(tmp_path, "big.png")[0] == "art file 'big.png' is 3.0 MB, more than pnp reads (2 MB)"
    monkeypatch.setattr(files, "MAX_ART_BYTES", 1_500_000)
    assert art_problem(tmp_path, "big.png")[0] == "art file 'big.png' is 3.0 MB, more than pnp reads (2 MB)"


def test_a_file_that_is_no_image_or_a_damaged_one(tmp_path: Path) -> None:
    (tmp_path / "text.png").write_bytes(b"hello")
    (tmp_path / "cut.png").write_bytes(png(3, 2)[:-20])
    (tmp_path / "garbage.png").write_bytes(png_header(3, 2, b"xxxxxxxxxxxx"))
    (tmp_path / "bad.png").write_bytes(png(3, 2)[:-5] + b"\0\0\0\0\0")
    assert art_problem(tmp_path, "text.png") == ("art file 'text.png' is not an image pnp can read", 0)
    assert art_problem(tmp_path, "cut.png") == ("art file 'cut.png' is a damaged image (Truncated File Read)", 0)
    assert art_problem(tmp_path, "garbage.png") == (
        "art file 'garbage.png' is a damaged image (broken data stream when reading image file)", 0)
    assert art_problem(tmp_path, "bad.png")[0].startswith("art file 'bad.png' is a damaged image (")
    assert files.WHOLE_PICTURES == set()


def test_a_picture_of_more_pixels_than_pnp_draws_is_refused_before_it_is_decoded(tmp_path: Path) -> None:
    (tmp_path / "wide.png").write_bytes(png_header(8000, 5001))
    (tmp_path / "edge.png").write_bytes(png_header(8000, 5000))  # 40 million: as many as pnp draws
    assert art_problem(tmp_path, "wide.png") == (
        "art file 'wide.png' is 8000 x 5001 pixels, more than pnp draws in a picture (40,000,000)", 0)
    assert art_problem(tmp_path, "edge.png") == (
        "art file 'edge.png' is a damaged image (broken data stream when reading image file)", 0)
    files.WHOLE_PICTURES.add(__import__("hashlib").sha256(png_header(8000, 5000)).hexdigest())
    assert art_problem(tmp_path, "edge.png") == (None, 40_000_000)


def test_a_picture_too_large_to_open_safely(tmp_path: Path) -> None:
    (tmp_path / "bomb.png").write_bytes(png_header(10000, 10000))  # Pillow warns
    (tmp_path / "huge.png").write_bytes(png_header(20000, 20000))  # Pillow refuses
    assert art_problem(tmp_path, "bomb.png") == (
        "art file 'bomb.png' is too large to be a safe image (a decompression bomb?)", 0)
    assert art_problem(tmp_path, "huge.png") == (
        "art file 'huge.png' is too large to be a safe image (a decompression bomb?)", 0)


# --- the game's pictures -----------------------------------------------------------------------

COMPONENTS = """
cards:
  type: card
  size: poker
  files: cards.yaml
  items: cards
  fields:
    art: {type: file, optional: true}
    back_art: {type: file, optional: true}
    emblem: {type: icon, optional: true}
    rank: {type: int, optional: true}
chips:
  type: token
  size: 20mm
  files: chips.yaml
  items: chips
  fields:
    picture: {type: file, optional: true}
    emblem: {type: icon, optional: true}
markers:
  type: token
  size: 15mm
  items_of: chips
"""
CARDS = """\
cards:
  - {id: king, art: art/king.png, back_art: art/back.png, emblem: crown}
  - {id: queen, art: art/missing.png, emblem: crwon}
  - {id: ship, art: art/king.png, emblem: anchor}
  - {id: fort, rank: 2}
"""
CHIPS = """\
chips:
  - {id: gold, picture: art/back.png, emblem: cup}
  - {id: lead}
"""
ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0L10 10"/></svg>'


def a_game(load, tmp_path: Path, cards: str = CARDS):
    (tmp_path / "art").mkdir(exist_ok=True)
    (tmp_path / "art" / "king.png").write_bytes(png(3, 2))
    (tmp_path / "art" / "back.png").write_bytes(png(4, 5))
    (tmp_path / "icons").mkdir(exist_ok=True)
    for name in ("crown", "castle", "cup"):
        (tmp_path / "icons" / f"{name}.svg").write_text(ICON, "utf-8")
    game, problems = load(COMPONENTS, cards=cards, chips=CHIPS)
    assert problems == []
    return game


def problems_of(game, *rules: str) -> list[str]:
    return [p.format() for p in run_rules(game, only=frozenset(rules))]


def test_each_file_field_given_is_found_with_its_item_and_field(load, tmp_path: Path) -> None:
    game = a_game(load, tmp_path)
    assert [(c.name, i.id, name, value) for c, i, name, value in field_values(game, "file")] == [
        ("cards", "king", "art", "art/king.png"), ("cards", "king", "back_art", "art/back.png"),
        ("cards", "queen", "art", "art/missing.png"), ("cards", "ship", "art", "art/king.png"),
        ("chips", "gold", "picture", "art/back.png")]
    assert [(i.id, value) for _, i, _, value in field_values(game, "icon")] == [
        ("king", "crown"), ("queen", "crwon"), ("ship", "anchor"), ("gold", "cup")]
    assert [(i.id, value) for _, i, _, value in field_values(game, "int")] == [("fort", 2)]
    fort = game.sets["cards"].items[3]
    fort.fields = dict(fort.fields, art=7)  # (not a path: not a file to look at)
    assert [i.id for _, i, _, _ in field_values(game, "file")][-2:] == ["fort", "gold"]
    assert [(i.id, path) for _, i, _, path in art_files(game)][-2:] == [("ship", "art/king.png"),
                                                                         ("gold", "art/back.png")]


def test_an_art_file_that_cannot_be_used_is_said_at_the_items_field(load, tmp_path: Path) -> None:
    game = a_game(load, tmp_path)
    assert problems_of(game, "art-file", "art-pixels") == [
        "cards.yaml:3:22: error: card 'queen': art file 'art/missing.png' does not exist [art-file]"]
    assert game.memo["pictures"] == {"art/king.png": (None, 6), "art/back.png": (None, 20),
                                     "art/missing.png": ("art file 'art/missing.png' does not exist", 0)}


def test_each_picture_is_looked_at_once_for_both_checks(load, tmp_path: Path, monkeypatch) -> None:
    game = a_game(load, tmp_path)
    asked = []

    def counted(root: Path, art: str):
        asked.append(art)
        return ("no", 0) if art == "art/back.png" else (None, 1)
    monkeypatch.setattr(files, "art_problem", counted)
    assert [m for _, m in art_file(game)] == ["card 'king': no", "chip 'gold': no"]
    assert list(art_pixels(game)) == []
    assert asked == ["art/king.png", "art/back.png", "art/missing.png"]


def test_the_games_pictures_may_have_as_many_pixels_in_all_as_pnp_draws(load, tmp_path: Path,
                                                                        monkeypatch) -> None:
    game = a_game(load, tmp_path, CARDS.replace("art/missing.png", "art/king.png"))
    monkeypatch.setattr(files, "MAX_GAME_PIXELS", 26)  # 6 + 20: the king's, then the back's (each counted once)
    assert list(art_pixels(game)) == []
    monkeypatch.setattr(files, "MAX_GAME_PIXELS", 25)
    assert problems_of(game, "art-pixels") == [
        "cards.yaml:2:45: error: card 'king': art file 'art/back.png' brings the game's pictures to 26 pixels, more "
        "than pnp draws in one build (25): use smaller pictures [art-pixels]"]
    monkeypatch.setattr(files, "MAX_GAME_PIXELS", 2)  # said once, at the first picture over
    assert [m for _, m in art_pixels(game)] == [
        "card 'king': art file 'art/king.png' brings the game's pictures to 6 pixels, more than pnp draws in one "
        "build (2): use smaller pictures"]


def test_the_pixels_in_all_are_written_with_thousands(load, tmp_path: Path, monkeypatch) -> None:
    game = a_game(load, tmp_path)
    game.memo["pictures"] = {"art/king.png": (None, 600_000_000), "art/back.png": (None, 500_000_000),
                             "art/missing.png": ("gone", 0)}
    assert [m for _, m in art_pixels(game)] == [
        "card 'king': art file 'art/back.png' brings the game's pictures to 1,100,000,000 pixels, more than pnp "
        "draws in one build (1,000,000,000): use smaller pictures"]


def test_a_picture_named_again_is_counted_once_and_the_next_one_still_counted(load, tmp_path: Path) -> None:
    game = a_game(load, tmp_path, "cards:\n  - {id: king, art: a.png}\n  - {id: queen, art: a.png}\n"
                                  "  - {id: ship, art: b.png}\n")
    game.memo["pictures"] = {"a.png": (None, 600_000_000), "b.png": (None, 500_000_000)}
    assert [str(where) for where, _ in art_pixels(game)] == ["cards.yaml:4:21"]


def test_a_set_of_anothers_items_names_no_file_of_its_own(load, tmp_path: Path) -> None:
    game = a_game(load, tmp_path)
    game.sets = {name: game.sets[name] for name in ("markers", "cards", "chips")}
    assert [i.id for _, i, _, _ in field_values(game, "file")] == ["king", "king", "queen", "ship", "gold"]


def test_an_icon_the_game_does_not_have_is_said_with_the_closest_it_has(load, tmp_path: Path) -> None:
    game = a_game(load, tmp_path)
    assert problems_of(game, "unknown-icon") == [
        "cards.yaml:3:47: error: card 'queen': emblem 'crwon' is not one of the game's icons (did you mean 'crown'?) "
        "[unknown-icon]",
        "cards.yaml:4:43: error: card 'ship': emblem 'anchor' is not one of the game's icons [unknown-icon]"]
    assert [m for _, m in unknown_icon(game)] == [
        "card 'queen': emblem 'crwon' is not one of the game's icons (did you mean 'crown'?)",
        "card 'ship': emblem 'anchor' is not one of the game's icons"]


def test_an_icon_the_game_cannot_draw_is_said_to_be_so_with_where_its_file_says_why(load, tmp_path: Path) -> None:
    from pnp.problems import Location

    game = a_game(load, tmp_path)
    game.unusable_icons = {"crwon": Location("icons/crwon.svg", 7, 3)}  # (its file holds what pnp does not draw)
    assert [m for _, m in unknown_icon(game)] == [
        "card 'queen': emblem: icon 'crwon' cannot be drawn: see icons/crwon.svg:7",
        "card 'ship': emblem 'anchor' is not one of the game's icons"]


# --- unnamed-file ----------------------------------------------------------------------------

DECKS = """
cards:
  type: card
  size: poker
  files: [decks/north.yaml]
  items: cards
  face: face.yaml
"""


def test_a_yaml_file_beside_the_games_that_nothing_names_is_a_warning_naming_it(load, tmp_path: Path) -> None:
    import os

    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "north.yaml").write_text("cards:\n  - {id: a}\n", "utf-8")
    game, problems = load(DECKS, face="extends: builtin:card\n")
    assert problems == [] and files.data_folders(game) == [".", "decks"]
    assert problems_of(game, "unnamed-file") == []
    for name in ("decks/east.yaml", "decks/b.yml", "notes.yaml", "decks/.draft.yaml", "decks/notes.txt",
                 "art/old.yaml", "decks/more/c.yaml"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("a: 1\n", "utf-8")
    (tmp_path / "decks" / "folder.yaml").mkdir()
    os.symlink(tmp_path / "notes.yaml", tmp_path / "decks" / "link.yaml")
    # (hidden files, other files, other folders, folders and links are not looked at)
    assert problems_of(game, "unnamed-file") == [
        "notes.yaml:1:1: warning: notes.yaml is named by nothing the game reads, so the kit leaves it out "
        "[unnamed-file]",
        "decks/b.yml:1:1: warning: decks/b.yml is named by nothing the game reads, so the kit leaves it out; set "
        "'cards' reads decks/north.yaml beside it: list it in components.cards.files [unnamed-file]",
        "decks/east.yaml:1:1: warning: decks/east.yaml is named by nothing the game reads, so the kit leaves it "
        "out; set 'cards' reads decks/north.yaml beside it: list it in components.cards.files [unnamed-file]"]
    game.complete = False  # (a set left out names none of its files)
    assert problems_of(game, "unnamed-file") == []
    assert CHECKS["unnamed-file"].severity == Severity.WARNING


def test_a_file_named_though_not_read_is_not_unnamed(load, tmp_path: Path) -> None:
    """A layout YAML cannot read is named by game.yaml all the same (its syntax error is said),
    as is a layout another extends, from the game folder or from its own."""
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "north.yaml").write_text("cards:\n  - {id: a}\n", "utf-8")
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "base.yaml").write_text("extends: builtin:card\n", "utf-8")
    (tmp_path / "layouts" / "face.yaml").write_text("extends: base.yaml\n", "utf-8")
    game, problems = load(DECKS.replace("face.yaml", "layouts/face.yaml") + "  back: back.yaml\n",
                          back="boxes: {a: {text: {name} x}}\n")
    assert [p.split(": error: ")[1] for p in problems] == [
        "write the text that starts with {name} in quotes: without them YAML reads {name} as a mapping [yaml-syntax]"]
    assert {"decks/north.yaml", "layouts/face.yaml", "back.yaml", "layouts/base.yaml"} \
        <= files.named_files(game)
    assert "back.yaml" not in game.files and list(files.unnamed_files(game)) == []


def test_a_folder_of_many_names_is_looked_at_only_so_far(load, tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "north.yaml").write_text("cards:\n  - {id: a}\n", "utf-8")
    game, _ = load(DECKS, face="extends: builtin:card\n")
    for i in range(5):
        (tmp_path / "decks" / f"x{i}.yaml").write_text("a: 1\n", "utf-8")
    monkeypatch.setattr(files, "MAX_LISTED", 3)
    assert len(list(files.unnamed_files(game))) < 5


# --- stale-schemas ---------------------------------------------------------------------------


def test_schemas_older_than_the_fields_are_a_warning(load, tmp_path: Path) -> None:
    import hashlib
    import json

    from pnp.commands.editors import schema_files, serialised, write

    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "north.yaml").write_text("cards:\n  - {id: a}\n", "utf-8")
    game, _ = load(DECKS, face="extends: builtin:card\n")
    assert problems_of(game, "stale-schemas") == []  # (no schemas/: none looked for)
    write(tmp_path / "schemas", schema_files("game.yaml", game), within=tmp_path)
    assert problems_of(game, "stale-schemas") == []
    game, problems = load(DECKS.replace("  face: face.yaml", "  fields: {title: {type: text, optional: true}}\n  face: face.yaml") + """
tokens:
  type: token
  size: 20mm
  files: tokens.yaml
  items: tokens
  face: face.yaml
""", tokens="tokens:\n  - {id: t}\n")
    assert problems == []
    record = tmp_path / "schemas" / ".pnp-schemas.json"
    written = json.loads(record.read_text())
    written["files"]["game.schema.json"] = "an older pnp's"
    written["files"].pop("layout.schema.json")  # (one of pnp's own it did not write: not looked for)
    record.write_text(json.dumps(written))
    assert problems_of(game, "stale-schemas") == [
        "schemas/game.schema.json:1:1: warning: schemas/game.schema.json is older than pnp's own schema of its "
        "files: run pnp schema to write it again [stale-schemas]",
        "game.yaml:12:5: warning: components.cards: schemas/components/cards.schema.json is older than the set's "
        "fields: run pnp schema so that the editor knows them [stale-schemas]",
        "game.yaml:15:3: warning: components.tokens: schemas/ has no schema of its files: run pnp schema so that "
        "the editor knows them [stale-schemas]"]
    cards = next(item for item in schema_files("game.yaml", game) if item.path == "components/cards.schema.json")
    assert written["files"]["components/cards.schema.json"] != hashlib.sha256(serialised(cards)).hexdigest()
    game.complete = False
    assert problems_of(game, "stale-schemas") == []
    assert CHECKS["stale-schemas"].severity == Severity.WARNING
