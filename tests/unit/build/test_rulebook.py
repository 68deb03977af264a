"""pnp.build.rulebook: a build's rulebooks, typeset on A4 and Letter (not A3) and as booklets,
their page counts kept for the read-me-first, nothing written for a read-me built alone."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from pnp.build.pipeline import BuildOptions, game_fonts, read_art
from pnp.build.rulebook import rulebook_pages
from pnp.kit.pieces import Ink, Kit
from pnp.load.game import load_game

from conftest import make_game


class Outputs:
    """What the step asks of a build's outputs: keys, the cache, writes, progress."""

    def __init__(self) -> None:
        self.written: dict[str, bytes] = {}
        self.kept: dict[tuple, bytes] = {}
        self.stages: list[tuple] = []
        self.cache = SimpleNamespace(get=lambda kind, key: self.kept.get((kind, key)),
                                     put=lambda kind, key, data: self.kept.__setitem__((kind, key), data))
        self.progress = SimpleNamespace(stage=lambda label, total: self.stages.append((label, total)))

    def key(self, *parts: object) -> str:
        return repr(parts[0]) + repr(parts[3:])  # (its kind, page size and sheet: enough to tell them apart)

    def reusable(self, relative: str, key: str) -> bool:
        return False

    def write(self, relative: str, data: bytes, key: str | None = None) -> None:
        self.written[relative] = data


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Kit:
    manifest = make_game(tmp_path_factory.mktemp("game") / "game")
    text = manifest.read_text("utf-8")
    manifest.write_text(text.replace("stats: stats.yaml", "stats: stats.yaml\nrules: {en: rules/en.md}", 1), "utf-8")
    (manifest.parent / "rules").mkdir()
    (manifest.parent / "rules" / "en.md").write_text("# Mini\n\nThe rules.\n\n\\newpage\n\n## More\n\nText.\n", "utf-8")
    game, problems = load_game(manifest)
    assert [p for p in problems if p.severity.value == "error"] == []
    return Kit(game, game_fonts(game), read_art(game), "en", Ink(False, False), None)


def test_a4_and_letter_each_as_pages_and_as_a_booklet(kit: Kit) -> None:
    outputs = Outputs()
    rulebook_pages(kit, outputs, BuildOptions())
    assert sorted(outputs.written) == ["print/rules-a4.pdf", "print/rules-booklet-a4.pdf",
                                       "print/rules-booklet-letter.pdf", "print/rules-letter.pdf"]
    assert all(data.startswith(b"%PDF-") for data in outputs.written.values())
    assert outputs.stages == [("rulebook", 4)]
    assert kit.rulebook_pages == {"a4": (2, 2), "letter": (2, 2)}  # two pages; one sheet of two sides
    assert sorted(outputs.kept.values()) == [b"2", b"2", b"2", b"2"]


def test_a_read_me_built_alone_counts_the_pages_and_writes_nothing(kit: Kit) -> None:
    outputs = Outputs()
    kit.rulebook_pages.clear()
    rulebook_pages(kit, outputs, BuildOptions(papers=("a3", "a4")), write=False)
    assert outputs.written == {} and outputs.stages == []
    assert kit.rulebook_pages == {"a4": (2, 2)}


def test_a_kit_in_a_language_without_a_rulebook(kit: Kit) -> None:
    outputs = Outputs()
    other = SimpleNamespace(game=kit.game, language="fr", rulebook_pages={})
    rulebook_pages(other, outputs, BuildOptions())
    assert (outputs.written, outputs.stages, other.rulebook_pages) == ({}, [], {})
