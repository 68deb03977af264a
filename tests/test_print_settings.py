"""Print files that print right at home, for each of the three games: every PDF asks to be
printed at actual size (no "fit to page"), those holding both sides to be flipped on the long
edge."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader


def print_files(kit: Path) -> list[Path]:
    files = sorted((kit / "print").glob("*.pdf"))
    assert len(files) >= 30
    return files


def both_sides(path: Path) -> bool:
    """The duplex test page and the interleaved duplex files are printed on both sides at once."""
    return path.name.startswith("duplex-test-") or "-duplex-" in path.name


def test_every_pdf_asks_for_actual_size_and_duplex_files_for_the_long_edge(game_kit: tuple[Path, Path]) -> None:
    _, kit = game_kit
    for path in print_files(kit):
        preferences = PdfReader(path).trailer["/Root"]["/ViewerPreferences"]
        assert preferences["/PrintScaling"] == "/None", path.name
        assert preferences.get("/Duplex") == ("/DuplexFlipLongEdge" if both_sides(path) else None), path.name
