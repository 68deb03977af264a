"""The benchmark scripts that compare pnp with the field (benchmarks/peers.py, benchmarks/yardstick.py),
run on a few cards and trivial commands: that they work, never how fast (no timing is asserted)."""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import grow  # noqa: E402
import peers  # noqa: E402
import yardstick  # noqa: E402


def test_the_yardstick_draws_and_rasterizes_the_first_cards(tmp_path: Path) -> None:
    import pypdfium2 as pdfium
    from PIL import Image

    assert yardstick.main(["--game", str(ROOT), "--out", str(tmp_path), "--cards", "11"]) == 0
    document = pdfium.PdfDocument(tmp_path / "cards-a4.pdf")
    assert len(document) == 2 and round(document[0].get_width()) == 595  # nine to an A4 page
    document.close()
    images = sorted(tmp_path.glob("card-*.png"))
    assert [p.name for p in images] == [f"card-{n:03}.png" for n in range(1, 12)]
    first = Image.open(images[0])
    assert first.size == (750, 1050) and round(first.info["dpi"][0]) == 300
    assert first.convert("RGB").getpixel((375, 900)) == (59, 112, 43)  # the Mughals' green
    assert [c["id"] for c in yardstick.cards(ROOT)][:2] == ["muhammad-shah", "ahmad-shah-bahadur"]
    assert len(yardstick.cards(ROOT)) == 126


def test_decksmith_s_deck_is_written_from_the_same_cards(tmp_path: Path) -> None:
    peers.decksmith_deck(ROOT, tmp_path, 3)
    spec = yaml.safe_load((tmp_path / "deck.yaml").read_text("utf-8"))
    assert (spec["width"], spec["height"]) == peers.CARD_PX == (750, 1050)
    assert all(Path(e["font_path"]).is_file() for e in spec["elements"] if "font_path" in e)
    with open(tmp_path / "deck.csv", encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream, delimiter=";"))
    assert len(rows) == 3 and rows[0]["name"] == "Muhammad Shah" and rows[0]["number"] == "1"
    assert (rows[0]["kind"], rows[0]["counts"]) == ("Mughals · leader", "crowns 2   treasure 1")
    assert [rows[0][c] for c in ("r", "g", "b", "ink_r")] == ["59", "112", "43", "255"]
    assert peers.rgb("#3b702b") == [59, 112, 43]


def test_runs_measured_in_turn_and_their_medians(tmp_path: Path) -> None:
    out = tmp_path / "out"
    ok = peers.Contender("quick", tmp_path, [out], [[sys.executable, "-c", "import pathlib; pathlib.Path('out')"
                                                     ".mkdir()"]])
    for _ in range(3):
        ok.run()  # (its output removed before each run: out/ made anew)
    assert out.is_dir() and len(ok.runs) == 3
    wall, cpu, peak = ok.medians()
    assert wall > 0 and cpu >= 0 and peak > 0
    other = peers.Contender("other", tmp_path, [], [])
    ok.runs, other.runs = [(2.0, 1.0, 2048)] * 3, [(8.0, 2.0, 1024), (6.0, 4.0, 1024), (4.0, 3.0, 1024)]
    assert peers.report([(ok, other)]).splitlines() == [
        "quick                                               2.00 s wall    1.00 s CPU      2 MiB  (3 runs)",
        "other                                               6.00 s wall    3.00 s CPU      1 MiB  (3 runs)",
        "  ratio (pnp / the other)                           0.33x wall   0.33x CPU  (the other / pnp: 3.00x wall)"]
    failing = peers.Contender("failing", tmp_path, [], [[sys.executable, "-c", "import sys; sys.exit('no')"]])
    with pytest.raises(SystemExit, match="no"):
        failing.run()


def test_a_peer_not_installed_is_left_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pairs = peers.contenders(tmp_path, tmp_path / "peers", ["deck"], 3)
    assert pairs == [] and "decksmith is not installed" in capsys.readouterr().out
    (tmp_path / "again").mkdir()
    (kit,) = peers.contenders(tmp_path / "again", tmp_path / "peers", ["kit"], 3)
    assert kit[0].pnp and kit[0].commands[0][-2:] == ["build", "-q"] and kit[1].commands[0][-2:] == ["--cards", "3"]


def test_a_peer_never_runs_in_the_repository(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # decksmith writes decksmith.log where it runs: once in the repository's root, it was committed
    peer = peers.Contender("peer", ROOT, [], [[sys.executable, "-c", "pass"]])
    with pytest.raises(SystemExit) as stopped:
        peer.run()
    assert stopped.value.code == (f"a peer runs in a temporary folder, never in the repository ({ROOT}): it may "
                                  f"leave files where it runs")
    assert peer.runs == [] and not (ROOT / "decksmith.log").exists()
    ran: list = []
    monkeypatch.setattr(peers.subprocess, "run", lambda argv, check, cwd: ran.append(cwd))
    peers.install(tmp_path / "peers", ["decksmith"])  # (pip, not run here)
    assert len(ran) == 2 and not Path(ran[0]).is_relative_to(ROOT) and not Path(ran[0]).exists()


def test_the_bundled_game_grows_and_stays_valid(tmp_path: Path) -> None:
    """benchmarks/grow.py copies followers with new ids (not the leaders, whose numbers a check
    holds unique in a suit, nor a card with treasure, which the bank's money must cover) and
    leaves the rulebook out, whose examples count the followers of the game as written: it
    failed on both once (a check's doc naming `at`, and the examples)."""
    summary = grow.grow(ROOT, tmp_path / "big", 140, "cards")
    assert summary.startswith("The Anarchy: 140 cards in 16 suits") and summary.endswith(": 0 errors, 0 warnings")
    manifest = yaml.safe_load((tmp_path / "big" / "game.yaml").read_text("utf-8"))
    assert "rules" not in manifest and manifest["readme"]["rules"]
    copies = [c for f in manifest["components"]["cards"]["files"]
              for c in yaml.safe_load((tmp_path / "big" / f).read_text("utf-8"))["cards"] if c["id"].endswith("-2")]
    assert len(copies) == 14 and not any(c.get("leader") or c.get("treasure") for c in copies)
