"""A card's face is known by what it is drawn from (pnp.kit.pieces.InputKeys) before it is drawn: a
face an earlier build drew from the same inputs is not drawn again (scene.Deferred), and
its key changes with everything its drawing can read."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.compose.piece import with_bleed
from pnp.load.game import load_game
from pnp.kit.pieces import Kit
from pnp.build.outputs import content_hash
from pnp.build.pipeline import game_fonts, read_art
from pnp.scene import Deferred, own_characters

from conftest import digests

ROOT = Path(__file__).resolve().parents[2]
FURIA = ROOT / "examples" / "furia-cartese"
ANARCHIPEL = ROOT / "examples" / "anarchipel"


def _copy(source: Path, target: Path) -> Path:
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("out", ".*"))
    return target


def _kit(game_folder: Path, known: dict | None = None) -> Kit:
    game, problems = load_game(game_folder / "game.yaml")
    assert game is not None, problems
    return Kit(game, game_fonts(game), read_art(game), known={} if known is None else known)


def _faces(kit: Kit) -> dict[tuple[str, str], tuple[str | None, str]]:
    """Each piece's key and the hash of its face as drawn, by set and name."""
    return {(s.name, p.name): (p.key, content_hash(p.face)) for s in kit for p in s.pieces}


def test_a_face_known_from_an_earlier_build_is_not_drawn_until_shown() -> None:
    first = _kit(ROOT)
    _faces(first)  # (each drawn)
    known = first.faces(content_hash)
    cards = first.get("cards").pieces
    assert len(known) == sum(len(s.pieces) for s in first) and len(cards) == 126
    again = _kit(ROOT, known)
    faces = [p.face for p in again.get("cards").pieces]
    assert all(isinstance(f, Deferred) and not f.drawn for f in faces)
    # its characters, its content's hash and its bleed, all without drawing it
    assert [own_characters(f) for f in faces] == [own_characters(p.face) for p in cards]
    assert [f.digest for f in faces] == [content_hash(p.face) for p in cards]
    bled = with_bleed(faces[0], 2.83)
    assert isinstance(bled, Deferred) and not bled.drawn and not faces[0].drawn
    assert own_characters(bled) == own_characters(cards[0].face)
    # drawn when shown: the same content as drawn at once
    assert content_hash(bled) == content_hash(with_bleed(cards[0].face, 2.83)) and faces[0].drawn
    assert [content_hash(f) for f in faces] == [content_hash(p.face) for p in cards]
    assert sum(f.drawn for f in faces) == len(faces)


@pytest.mark.parametrize("game, file, old, new, component, scope", [
    # one card: the cards of its file change keys, not the other suits'
    (ROOT, "cards/mughals.yaml", "    follows: [1, 2, 3, 4, 5, 8]\n", "    follows: [1, 2, 3, 4, 5]\n", "cards", "file"),
    # a suit's header: its cards
    (ROOT, "cards/bengal.yaml", "Bengal", "Bangala", "cards", "file"),
    # a weapon, which units of that weapon show: every unit
    (FURIA, "armes.yaml", "    mouvement: 2\n", "    mouvement: 3\n", "unites", "all"),
    # one army's unit: that army's units alone
    (FURIA, "armees/ravenne-espagne.yaml", "troupe: stradioti, nom: Ginetes", "troupe: gendarmes, nom: Ginetes", "unites",
     "file"),
    # a kind of hex tile: the tiles (one file)
    (ANARCHIPEL, "tuiles.yaml", '"#6b4423"', '"#6b4424"', "tuiles", "all"),
    (ANARCHIPEL, "cartes/actions.yaml", "Donnez 2 pièces", "Donnez 3 pièces", "actions", "all"),
    # the face's layout: the whole set
    (ROOT, "layouts/card-face.yaml", "size: 10,", "size: 9.5,", "cards", "all"),
])
def test_a_face_s_key_changes_with_whatever_its_drawing_reads(tmp_path: Path, game: Path, file: str, old: str,
                                                              new: str, component: str, scope: str) -> None:
    folder = _copy(game, tmp_path / "game")
    before = _faces(_kit(folder))
    path = folder / file
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new), "utf-8")
    kit = _kit(folder)
    after = _faces(kit)
    assert set(after) == set(before)
    kept = {piece for piece in before if before[piece][0] == after[piece][0]}
    # a face whose key is unchanged is drawn the same: the key misses nothing its drawing reads
    assert [piece for piece in kept if before[piece][1] != after[piece][1]] == []
    assert any(before[piece][1] != after[piece][1] for piece in before if piece[0] == component)  # (the edit shows)
    pieces = kit.get(component).pieces
    edited = {(component, p.name) for p in pieces if scope == "all" or p.item.origin.file == file}
    assert edited and not edited & kept
    assert {(component, p.name) for p in pieces} - edited <= kept


def test_a_build_after_one_card_is_edited_draws_the_cards_of_its_file_alone(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The print sheets place each card's drawing from the cache: of the deck, only the edited
    file's cards are drawn again (an SVG sheet, which holds its cards' drawings, would draw
    those it shows too)."""
    import pnp.kit.pieces

    folder = tmp_path / "game"
    folder.mkdir()
    for name in ("game.yaml", "checks.yaml", "stats.yaml", "glossary.yaml", "cards", "board", "layouts", "icons", "rules"):
        source = ROOT / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, folder / name)
    out = tmp_path / "out"
    args = ["build", "--game", str(folder), "--only", "cards", "--format", "pdf", "-o", str(out)]
    assert CliRunner().invoke(main, args, catch_exceptions=False).exit_code == 0
    first = digests(out)
    drawn: list[str] = []
    compose = pnp.kit.pieces.compose
    monkeypatch.setattr(pnp.kit.pieces, "compose", lambda layout, ctx, env, id: drawn.append(id) or compose(layout, ctx, env, id))
    mughals = folder / "cards" / "mughals.yaml"
    mughals.write_text(mughals.read_text().replace("    follows: [1, 2, 3, 4, 5, 8]\n", "    follows: [1, 2, 3, 4, 5]\n"))
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    game, _ = load_game(folder / "game.yaml")
    suit = [item.id for item in game.sets["cards"].items if item.origin.file == "cards/mughals.yaml"]
    assert len(suit) == 12
    # the card back (one for the deck) is drawn every build; of the faces, the suit's alone (the
    # other sets' pieces, which may read any card, are drawn too)
    assert sorted(d for d in drawn if d.startswith("cards-")) == sorted(["cards-back"] + [f"cards-{id}" for id in suit])
    import pnp.scene

    assert not pnp.scene._DRAWN  # (the build's end lets go of its kit)
    changed = sorted(name for name, digest in digests(out).items() if first.get(name) != digest)
    assert changed == [".pnp-build.json", "data.json", "print/cards-a3.pdf", "print/cards-a4.pdf", "print/cards-letter.pdf"]
    # and a build from scratch makes the same files
    assert CliRunner().invoke(main, [*args[:-1], str(tmp_path / "clean")], catch_exceptions=False).exit_code == 0
    assert digests(tmp_path / "clean") == digests(out)


def test_a_set_whose_fields_refer_to_its_own_items_keys_each_piece_by_all_its_files() -> None:
    from pnp.kit.pieces import _refers_to

    nested = {"fields": {"plan": {"type": "list", "of": {"type": "record", "fields": {
        "next": {"type": "ref", "to": "cards.id"}}}}}}
    assert _refers_to(nested, "cards") and not _refers_to(nested, "tiles")
    assert not _refers_to({"fields": {"weapon": {"type": "ref", "to": "weapons"}}}, "cards")
    game, _ = load_game(FURIA / "game.yaml")
    from pnp.kit.pieces import Ink, InputKeys

    keys = InputKeys(game, game.language, Ink())
    # the battlefields' and the aid's layouts read `sets`: each of their pieces reads every file of its set
    assert {name for name, s in game.sets.items() if s.type != "data" and keys._whole(s)} == {"champs", "aide"}


def test_only_the_last_faces_drawn_stay_drawn_and_one_read_again_is_drawn_the_same(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import pnp.scene

    monkeypatch.setattr(pnp.scene, "DRAWN_KEPT", 2)
    kit = _kit(ROOT)
    faces = [p.face for p in kit.get("cards").pieces[:3]]
    chars = [own_characters(f) for f in faces]  # each drawn in turn
    assert [f.drawn for f in faces] == [False, True, True]
    assert faces[0].chars == chars[0] and chars[0]  # still known
    hashes = [content_hash(f) for f in faces]  # drawn again, each
    assert [f.drawn for f in faces] == [False, True, True]
    assert content_hash(faces[0]) == hashes[0] == content_hash(kit.get("cards").pieces[0].face.plain())
    assert faces[0].drawn and not faces[1].drawn
