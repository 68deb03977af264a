"""Hostile inputs, as a careful attacker or a careless designer gives them: each class ends in
a located problem (exit 1) or a usage error (exit 2), in bounded time and memory, never in a
traceback, a hang or a file read from outside the game folder."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import MINI_OTHERS, MINI_SETS, ROOT, validate


@pytest.fixture(autouse=True)
def in_the_game(mini: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test works on a copy of the mini game, from its folder (problems name its files)."""
    monkeypatch.chdir(mini)


def pnp(game: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """pnp in a process of its own, which a hang cannot keep from ending (the time limit is
    far beyond what any of these takes)."""
    return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=game, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), "utf-8")


def name_a_third_suit(game: Path) -> None:
    edit(game / "game.yaml", "      - cards/south.yaml\n", "      - cards/south.yaml\n      - cards/east.yaml\n")


# --- files that are not files, or not the game's -------------------------------------------

def test_a_pipe_named_by_the_game_is_refused_without_waiting_for_a_writer(mini: Path) -> None:
    name_a_third_suit(mini)
    os.mkfifo(mini / "cards" / "east.yaml")
    (mini / "fonts").mkdir()
    os.mkfifo(mini / "fonts" / "Pipe.ttf")
    edit(mini / "game.yaml", "  note: SourceSerifPro-It", "  note: Pipe")
    (mini / "art").mkdir()
    os.mkfifo(mini / "art" / "king.png")
    edit(mini / "cards" / "north.yaml", "    note: {en: Rules the north., fr: Règne sur le nord.}",
         "    note: {en: Rules the north., fr: Règne sur le nord.}\n    art: art/king.png")
    os.mkfifo(mini / "icons" / "star.svg")  # pipes the game does not name are left alone
    os.mkfifo(mini / "notes")
    result = pnp(mini, "validate")
    assert (result.returncode, result.stdout) == (1, (
        "game.yaml:9:9: error: fonts/Pipe.ttf is a pipe or a device, not a file [missing-font]\n"
        "game.yaml:30:9: error: 'cards/east.yaml' is a pipe or a device, not a file [missing-file]\n"
        "cards/north.yaml:15:10: error: card 'king': art file 'art/king.png' is a pipe or a device, not a file "
        "[art-file]\n"
        f"{MINI_SETS}: 3 errors, 0 warnings\n"))
    result = pnp(mini, "build", "--only", "aid", "--format", "pdf")
    assert result.returncode == 1 and result.stderr.endswith("build stopped: fix the errors above first\n")


def test_a_link_to_an_endless_device_is_refused_unread(mini: Path) -> None:
    (mini / "cards" / "south.yaml").unlink()
    (mini / "cards" / "south.yaml").symlink_to("/dev/zero")
    result = pnp(mini, "validate")
    assert (result.returncode, result.stdout) == (1, (
        "game.yaml:29:9: error: 'cards/south.yaml' lies outside the game folder [missing-file]\n"
        f"Mini: 4 cards in 1 suit, {MINI_OTHERS}: 1 error, 0 warnings\n"))


def test_a_folder_named_as_a_file_is_reported_where_it_is_named(mini: Path) -> None:
    name_a_third_suit(mini)
    (mini / "cards" / "east.yaml").mkdir()
    edit(mini / "game.yaml", "    face: layouts/money.yaml", "    face: layouts")
    assert validate(mini).output == (
        "game.yaml:30:9: error: 'cards/east.yaml' is a folder, not a file [missing-file]\n"
        "game.yaml:87:11: error: layout 'layouts' is a folder, not a file [missing-file]\n"
        f"{MINI_SETS}: 2 errors, 0 warnings\n")


def test_files_reached_through_links_that_leave_the_game_are_refused_and_not_echoed(mini: Path,
                                                                                      tmp_path: Path) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("password: hunter2\nroot:x:0:0:root:/root:/bin/bash\n")
    (mini / "cards" / "south.yaml").unlink()
    (mini / "cards" / "south.yaml").symlink_to(secret)
    (mini / "elsewhere").symlink_to(tmp_path, target_is_directory=True)
    name_a_third_suit(mini)
    edit(mini / "game.yaml", "      - cards/east.yaml", "      - elsewhere/secret.yaml")
    (mini / "icons" / "star.svg").symlink_to(mini / ".." / "secret.yaml")
    result = validate(mini)
    assert result.output == (
        "game.yaml:29:9: error: 'cards/south.yaml' lies outside the game folder [missing-file]\n"
        "game.yaml:30:9: error: 'elsewhere/secret.yaml' lies outside the game folder [missing-file]\n"
        "icons/star.svg:1:1: error: the icon file lies outside the game folder [icon]\n"
        f"Mini: 4 cards in 1 suit, {MINI_OTHERS}: 3 errors, 0 warnings\n")
    assert "hunter2" not in result.output and "root:" not in result.output


def test_a_font_is_a_plain_name_and_a_real_font_of_the_game(mini: Path, tmp_path: Path) -> None:
    from pnp.layout.fonts import bundled_fonts

    real = bundled_fonts()["SourceSerifPro-It"]
    (mini / "fonts").mkdir()
    (mini / "fonts" / "Notes.ttf").write_bytes(b"not a font at all")
    shutil.copy(real, tmp_path / "Outside.ttf")
    (mini / "fonts" / "Linked.ttf").symlink_to(tmp_path / "Outside.ttf")
    (mini / "fonts" / "Gone.ttf").symlink_to(tmp_path / "gone.ttf")
    # PostScript outlines, which reportlab cannot embed, under a .ttf name
    shutil.copy(bundled_fonts()["SourceSansPro-Regular"].with_suffix(".otf"), mini / "fonts" / "Outlines.ttf")
    edit(mini / "game.yaml", "  heading: SourceSerifPro-Bold\n  body: SourceSansPro-Regular\n  note: SourceSerifPro-It\n",
         f"  heading: ../../{real.parent.name}/SourceSerifPro-Bold\n  body: {real.with_suffix('')}\n  note: Notes\n"
         "  title: Linked\n  caption: Gone\n  label: Outlines\n")
    assert validate(mini).output == (
        f"game.yaml:7:12: error: font '../../files/SourceSerifPro-Bold' is not a font's name: a bundled font, or a "
        f"file fonts/NAME.ttf named without fonts/ and .ttf [missing-font]\n"
        f"game.yaml:8:9: error: font '{real.with_suffix('')}' is not a font's name: a bundled font, or a file "
        f"fonts/NAME.ttf named without fonts/ and .ttf [missing-font]\n"
        "game.yaml:9:9: error: fonts/Notes.ttf is not a TrueType font pnp can read [missing-font]\n"
        "game.yaml:10:10: error: fonts/Linked.ttf lies outside the game folder [missing-font]\n"
        "game.yaml:11:12: error: fonts/Gone.ttf is a link to nothing [missing-font]\n"
        "game.yaml:12:10: error: fonts/Outlines.ttf is not a TrueType font pnp can print with (it has no glyf, loca "
        "table) [missing-font]\n"
        f"{MINI_SETS}: 6 errors, 0 warnings\n")


def test_dangling_links_in_the_game_folder_are_left_alone_or_reported(mini: Path) -> None:
    (mini / "icons" / "ghost.svg").symlink_to(mini / "nowhere.svg")
    (mini / "ghost").symlink_to(mini / "nowhere")
    assert validate(mini).output == f"{MINI_SETS}: 0 errors, 0 warnings\n"
    (mini / "cards" / "south.yaml").unlink()
    (mini / "cards" / "south.yaml").symlink_to(mini / "cards" / "nowhere.yaml")
    assert validate(mini).output == (
        "game.yaml:29:9: error: 'cards/south.yaml' is a link to nothing [missing-file]\n"
        f"Mini: 4 cards in 1 suit, {MINI_OTHERS}: 1 error, 0 warnings\n")


def test_a_build_reads_only_the_files_the_game_uses_and_those_only_when_changed(mini: Path,
                                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from pnp.build import fingerprint
    from pnp.cli import main

    with open(mini / "huge.bin", "wb") as handle:
        handle.truncate(3 * 10**9)  # 3 GB beside game.yaml (sparse: it costs no disk)
    hashed: list[str] = []
    original = fingerprint._hash
    monkeypatch.setattr(fingerprint, "_hash", lambda root, name: hashed.append(name) or original(root, name))
    args = ["build", "--only", "aid", "--format", "pdf", "--paper", "a4", "-q"]
    assert CliRunner().invoke(main, args, catch_exceptions=False).exit_code == 0
    assert "huge.bin" not in hashed and {"game.yaml", "cards/aid.yaml", "icons/crown.svg"} <= set(hashed)
    hashed.clear()
    assert CliRunner().invoke(main, args, catch_exceptions=False).exit_code == 0  # nothing changed: nothing read
    assert hashed == []
    edit(mini / "cards" / "aid.yaml", "title:", "# edited\ntitle:")
    assert CliRunner().invoke(main, args, catch_exceptions=False).exit_code == 0
    assert hashed == ["cards/aid.yaml", "cards/aid.yaml"]  # seen changed, then recorded by the build


# --- numbers pnp cannot compute with ---------------------------------------------------------

def test_numbers_that_are_not_finite_or_too_large_are_located_problems(mini: Path) -> None:
    edit(mini / "board" / "areas.yaml", "lat: 30.0", "lat: .nan")
    edit(mini / "cards" / "money.yaml", "count: 4", f"count: {10**100}")
    edit(mini / "layouts" / "card-face.yaml", "x: 5.5, y: 52,", "x: -.inf, y: 52,")
    edit(mini / "game.yaml", "    size: half", f"    size: {10**400}")
    assert validate(mini).output == (
        "game.yaml:74:11: error: components.money.size: a number of 401 digits is larger than any number pnp uses "
        "(10^15 at most) [schema]\n"
        "board/areas.yaml:4:55: error: area 'highlands': seat.lat: .nan is not a number [schema]\n"
        "layouts/card-face.yaml:27:13: error: boxes.name.x: -.inf is not a finite number [schema]\n"
        "Mini: 7 cards in 2 suits, 1 board of 0 areas, 3 companies, 12 markers, 3 aid: 3 errors, 0 warnings\n")
    edit(mini / "game.yaml", f"    size: {10**400}", "    size: .inf")
    assert validate(mini).output.splitlines()[0] == (
        "game.yaml:74:11: error: components.money.size: .inf is not a finite number [schema]")
    edit(mini / "game.yaml", "    size: .inf", "    size: half")  # the money is read: its count is the problem
    assert validate(mini).output.splitlines()[:2] == [
        "board/areas.yaml:4:55: error: area 'highlands': seat.lat: .nan is not a number [schema]",
        "cards/money.yaml:2:23: error: money card 1: count: 1e+100 is larger than any number pnp uses (10^15 at "
        "most) [schema]"]
    from pnp.units import parse_length

    for length in (10**400, "1" + "0" * 400 + "mm", float("nan")):
        with pytest.raises(ValueError, match="is not a length pnp can use"):
            parse_length(length)


def test_money_in_the_millions_is_judged_without_counting_to_millions(mini: Path) -> None:
    edit(mini / "cards" / "money.yaml", "value: 5, count: 2", "value: 5000000, count: 2")
    assert validate(mini).output == (
        "cards/money.yaml:2:3: error: check 'money-change': the stock is worth 10,000,004, more than pnp checks "
        "(1,000,000) [money-change]\n"
        f"{MINI_SETS}: 1 error, 0 warnings\n")


# --- text fitting is bounded work --------------------------------------------------------------

def _each_size(size: float, min_size: float) -> list[float]:
    """Every size from `size` down in quarter points, and the least last when the steps pass it by."""
    sizes = []
    while size >= min_size - 1e-9:
        sizes.append(size)
        size -= 0.25
    return sizes + [min_size] if sizes and sizes[-1] > min_size + 1e-9 else sizes


def _fit_size_step_by_step(font, text: str, width: float, size: float, min_size: float) -> float | None:
    for current in _each_size(size, min_size):
        if font.width(text, current) <= width + 1e-6:
            return current
    return None


def _fit_paragraph_step_by_step(font, text: str, width: float, height: float, size: float, min_size: float,
                                leading: float) -> tuple[float, list[str]] | None:
    from pnp.layout.textfit import wrap

    for current in _each_size(size, min_size):
        lines = wrap(font, text, width, current)
        if len(lines) * current * leading <= height + 1e-6 and all(font.width(l, current) <= width + 1e-6
                                                                   for l in lines):
            return current, lines
    return None


@settings(max_examples=100, deadline=None)
@given(words=st.lists(st.sampled_from(["a", "Rules", "the", "north", "W", "₹20", "mmmmmmmm", "i", "a\u00a0b"]),
                      min_size=1, max_size=40),
       width=st.floats(5, 200), height=st.floats(5, 120), size=st.floats(1, 500), least=st.floats(0.5, 8),
       leading=st.floats(1, 1.5))
def test_fitting_skips_the_sizes_that_cannot_fit_and_finds_what_trying_each_finds(
        words: list[str], width: float, height: float, size: float, least: float, leading: float) -> None:
    from pnp.layout.fonts import bundled_fonts, metrics
    from pnp.layout.textfit import fit_paragraph, fit_size

    font = metrics(bundled_fonts()["SourceSansPro-Regular"])
    text = " ".join(words)
    assert fit_size(font, text, width, size, least) == _fit_size_step_by_step(font, text, width, size, least)
    assert fit_paragraph(font, text, width, height, size, least, leading) == \
        _fit_paragraph_step_by_step(font, text, width, height, size, least, leading)


# --- messages stay useful ----------------------------------------------------------------------

def test_no_message_runs_past_a_few_lines_whatever_the_data_holds(mini: Path) -> None:
    edit(mini / "cards" / "north.yaml", "    name: {en: King, fr: Roi}", "    name: " + "King " * 2000)
    edit(mini / "cards" / "south.yaml", "    kind: leader", "    kind: " + "x" * 10_000)
    result = validate(mini)
    assert result.output == (
        "cards/north.yaml:10:11: error: card 'king': name 'King King King King King King King King King King King "
        "King …' does not fit the 52.5 mm name box even at 6 pt [text-fit]\n"
        "cards/north.yaml:10:11: warning: card 'king': name ('King King King King King King King King…') has no "
        "'fr' text [missing-translation]\n"
        "cards/south.yaml:10:11: error: card 'queen': kind: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' is not one of: "
        "leader, place, army, commodity [schema]\n"
        f"Mini: 4 cards in 1 suit, {MINI_OTHERS}: 2 errors, 1 warning\n"
        "fr: 3 of 4 cards, 1 string missing\n")
    from pnp.problems import MAX_MESSAGE, shorten

    listed = "there are: " + ", ".join(f"card-{n}" for n in range(5000))
    assert len(shorten(listed)) == MAX_MESSAGE and shorten(listed).endswith(", card-4998, card-4999")
    assert shorten(shorten(listed)) == shorten(listed)


def test_an_unclosed_quote_is_reported_where_it_opens(mini: Path) -> None:
    edit(mini / "cards" / "north.yaml", "    name: {en: Prince, fr: Prince}", '    name: "Prince')
    assert validate(mini).output == (
        "cards/north.yaml:17:11: error: the quote that opens here is never closed [yaml-syntax]\n"
        f"Mini: 3 cards in 1 suit, {MINI_OTHERS}: 1 error, 0 warnings\n")


def test_a_manifest_nested_past_any_stack_is_reported_by_build_and_validate_alike(mini: Path) -> None:
    """game.yaml of 50,000 opening brackets: validate and build both stop at its 65th level
    with a located problem (the build reads the manifest's languages first, the same way)."""
    (mini / "game.yaml").write_text("[" * 50_000, "utf-8")
    message = "game.yaml:1:65: error: data is nested more than 64 levels deep [yaml-syntax]\n"
    result = pnp(mini, "validate")
    assert result.returncode == 1 and result.stdout.startswith(message), result.stdout + result.stderr
    result = pnp(mini, "build", "-q")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr == message + "the game manifest could not be read: 1 error, 0 warnings\n" \
                            "build stopped: fix the errors above first\n"
    assert not (mini / "out").exists()


def test_fewer_players_at_most_than_at_least_is_an_error(mini: Path) -> None:
    edit(mini / "game.yaml", "players: {min: 2, max: 3}", "players: {min: 4, max: 3}")
    assert validate(mini).output == (
        "game.yaml:11:16: error: players: min 4 is more than max 3 [schema]\n"
        f"{MINI_SETS}: 1 error, 0 warnings\n")


# --- printed right, or reported -----------------------------------------------------------------

def test_line_breaks_and_tabs_in_a_text_print_as_spaces_and_other_spaces_a_font_lacks_are_reported(
        mini: Path) -> None:
    from pnp.kit.pieces import Kit
    from pnp.model.game import Text
    from pnp.build.pipeline import game_fonts
    from pnp.scene import texts
    from pnp.checks.validate import validate as check

    edit(mini / "cards" / "north.yaml", "    note: {en: Rules the north., fr: Règne sur le nord.}",
         "    note:\n      en: |\n        Rules\tthe\n        north.\n      fr: Règne sur le nord.")
    edit(mini / "cards" / "north.yaml", "    name: {en: Prince, fr: Prince}",
         '    name: {en: "Prince\\u2028of\\u3000the North", fr: Prince}')
    edit(mini / "game.yaml", "  currency: ₹", '  currency: "₹\\t"')
    lines = validate(mini).output.splitlines()
    assert lines[:2] == [
        "cards/north.yaml:21:16: error: card 'prince': name.en 'Prince\\u2028of\\u3000the North': font "
        "SourceSerifPro-Bold has no glyph for U+2028 (line separator), U+3000 (ideographic space) [missing-glyph]",
        "cards/money.yaml:2:5: error: money card '1': value '₹\\t1': font SourceSerifPro-Bold has no glyph for "
        "U+0009 (a tab) [missing-glyph]"]
    # the money's corners and back, and the aid's prices, print the sign too
    assert all("has no glyph for U+0009 (a tab) [missing-glyph]" in line for line in lines[2:-1])
    assert lines[-1] == f"{MINI_SETS}: 15 errors, 0 warnings"
    game = check(mini / "game.yaml").game
    king = game.sets["cards"].items[0]
    assert king.fields["note"] == Text((("en", "Rules the north."), ("fr", "Règne sur le nord.")))
    face = next(p.face for p in Kit(game, game_fonts(game), {}).get("cards").pieces if p.item is king)
    assert "Rules the north." in [node.text for node in texts([face.content])]


def test_every_printed_text_fits_or_is_reported_list_rows_badges_and_table_cells_too(mini: Path) -> None:
    phases = "".join(f"  - name: {{en: Phase {n}, fr: Phase {n}}}\n    text: {{en: Do {n}., fr: Faites {n}.}}\n"
                     for n in range(12))
    edit(mini / "cards" / "aid.yaml", "phases:\n", "phases:\n" + phases)
    edit(mini / "layouts" / "card-face.yaml", 'badge: "{leader}"', 'badge: "{name}, {kind} {leader}"')
    edit(mini / "cards" / "aid.yaml", "free: {en: free, fr: gratuit}", "free: {en: free of charge, fr: gratuit}")
    assert validate(mini).output == (
        "cards/north.yaml:9:5: error: card 'king': leader 'King, leader 1' does not fit the 12 mm leader badge even "
        "at 6 pt [text-fit]\n"
        "cards/north.yaml:9:5: error: card 'king': leader 'Roi, leader 1' does not fit the 12 mm leader badge even "
        "at 6 pt [text-fit]\n"
        "cards/north.yaml:16:5: error: card 'prince': leader 'Prince, leader 2' does not fit the 12 mm leader badge "
        "even at 6 pt [text-fit]\n"
        "cards/south.yaml:8:5: error: card 'queen': leader 'Queen, leader 1' does not fit the 12 mm leader badge even "
        "at 6 pt [text-fit]\n"
        "cards/south.yaml:8:5: error: card 'queen': leader 'Reine, leader 1' does not fit the 12 mm leader badge even "
        "at 6 pt [text-fit]\n"
        "cards/aid.yaml:2:1: error: aid 'aid': prices 'free of charge' does not fit its 13.9 mm column of the prices "
        "table at 7.5 pt [text-fit]\n"
        "cards/aid.yaml:4:3: error: aid 'aid': 18 rows of the phases list do not fit its 66 mm box, which holds 6 of "
        "11 mm [text-fit]\n"
        f"{MINI_SETS}: 7 errors, 0 warnings\n")


def test_the_texts_of_a_table_are_checked_for_missing_glyphs(mini: Path) -> None:
    edit(mini / "cards" / "aid.yaml", "price: {en: Price, fr: Prix}", "price: {en: Price ☃, fr: Prix}")
    assert validate(mini).output == (
        "cards/aid.yaml:2:1: error: aid 'aid': prices 'Price ☃': font SourceSerifPro-Bold has no glyph for '☃' "
        "(U+2603) [missing-glyph]\n"
        f"{MINI_SETS}: 1 error, 0 warnings\n")


def test_two_areas_around_one_point_are_an_error_not_a_vanished_area(mini: Path) -> None:
    edit(mini / "board" / "areas.yaml", "{city: {en: Lowtown, fr: Basseville}, lat: 20.0, lon: 80.0}",
         "{city: {en: Lowtown, fr: Basseville}, lat: 30, lon: 75}")
    assert validate(mini).output == (
        "board/areas.yaml:7:11: error: area 'lowlands' is measured from the same point as area 'highlands' (lat 30, "
        "lon 75), so one of them would have no land: give it a seat or an anchor of its own [area-geometry]\n"
        f"{MINI_SETS}: 1 error, 0 warnings\n")


def test_pieces_printed_together_never_share_an_image_file(mini: Path) -> None:
    # the turn-order tokens named as the markers printed with them are
    edit(mini / "game.yaml", '    name: "turn-{id}"', '    name: "marker-{id}"')
    assert validate(mini).output == (
        "board/companies.yaml:2:9: error: marker 'red' would be written as png/tokens/marker-red.png, where "
        "company 'red' is: change the name: of set 'markers' or of set 'turn-tokens' [output-name]\n"
        "board/companies.yaml:8:9: error: marker 'blue' would be written as png/tokens/marker-blue.png, where "
        "company 'blue' is: change the name: of set 'markers' or of set 'turn-tokens' [output-name]\n"
        "board/companies.yaml:14:9: error: marker 'green' would be written as png/tokens/marker-green.png, "
        "where company 'green' is: change the name: of set 'markers' or of set 'turn-tokens' [output-name]\n"
        f"{MINI_SETS}: 3 errors, 0 warnings\n")


def test_pictures_print_as_they_look_whatever_their_mode_and_orientation(mini: Path) -> None:
    import numpy as np
    from click.testing import CliRunner
    from PIL import Image

    from pnp.cli import main

    art = mini / "art"
    art.mkdir()
    Image.fromarray(np.full((56, 40), 100 * 257, dtype=np.uint16)).save(art / "grey16.png")  # 16-bit grey
    Image.fromarray(np.full((56, 40), 100 / 255, dtype=np.float32)).save(art / "float.tiff")
    Image.new("CMYK", (40, 56), (0, 0, 0, 155)).save(art / "cmyk.jpg", quality=100)
    turned = Image.new("RGB", (40, 20), "#ff0000")
    turned.paste(Image.new("RGB", (20, 20), "#0000ff"), (20, 0))
    exif = Image.Exif()
    exif[0x0112] = 6  # taken on its side: shown turned a quarter clockwise, its left edge at the top
    turned.save(art / "turned.jpg", quality=100, exif=exif)
    north = mini / "cards" / "north.yaml"
    for card, picture in (("King", "grey16.png"), ("Prince", "float.tiff"), ("Keep", "cmyk.jpg"),
                          ("Guards", "turned.jpg")):
        line = next(x for x in north.read_text("utf-8").splitlines() if x.startswith(f"    name: {{en: {card},"))
        edit(north, f"{line}\n", f"{line}\n    art: art/{picture}\n")
    result = CliRunner().invoke(main, ["build", "--only", "cards", "--format", "png,svg", "-q"], catch_exceptions=False)
    assert result.exit_code == 0, result.output

    def colour(card: str, x: float, y: float) -> tuple:  # at x, y mm on the card's image (300 dpi)
        with Image.open(mini / "out" / "png" / "cards" / f"{card}.png") as image:
            return image.convert("RGB").getpixel((round(x / 25.4 * 300), round(y / 25.4 * 300)))

    for card in ("king", "prince", "keep"):
        assert all(abs(c - 100) <= 3 for c in colour(card, 31.75, 30.25)), card  # not white, not black
    assert colour("guards", 20, 20)[0] > 200 and colour("guards", 20, 40)[2] > 200  # red above blue, upright
    svg = (mini / "out" / "svg" / "cards" / "king.svg").read_text()
    assert svg.count("data:image/png;base64,") == 1  # the picture as drawn, not the 16-bit file


# --- the build's processes and files ------------------------------------------------------------

def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_workers_end_with_a_build_killed_outright(mini: Path) -> None:
    import signal
    import time

    build = subprocess.Popen([sys.executable, "-m", "pnp", "build", "--only", "cards", "--format", "png", "-j", "2"],
                             cwd=mini, env={**os.environ, "PYTHONPATH": str(ROOT)}, start_new_session=True,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while len(workers := _children(build.pid)) < 2 and time.monotonic() < deadline and build.poll() is None:
            time.sleep(0.02)
        assert len(workers) >= 2, "the build never started its workers"
        build.send_signal(signal.SIGKILL)  # the build alone, as kill -9 PID does
        build.wait()
        deadline = time.monotonic() + 30
        while any(map(_alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(map(_alive, workers))
    finally:
        try:
            os.killpg(build.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def test_the_output_folder_is_made_as_the_users_umask_says(mini: Path) -> None:
    result = pnp(mini, "build", "--only", "aid", "--format", "pdf", "--paper", "a4", "-q")
    assert result.returncode == 0
    assert (mini / "out").stat().st_mode & 0o777 == 0o755  # the tests run with the usual umask, 022
    assert (mini / "out" / "print" / "aid-a4.pdf").stat().st_mode & 0o777 == 0o644
    masked = subprocess.run(["sh", "-c", f"umask 027 && exec {sys.executable} -m pnp build --only aid --format pdf "
                                         f"--paper a4 -q -o private"], cwd=mini, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert masked.returncode == 0
    assert (mini / "private").stat().st_mode & 0o777 == 0o750
    assert (mini / "private" / "print" / "aid-a4.pdf").stat().st_mode & 0o777 == 0o640


def test_a_terminal_that_cannot_show_a_character_gets_its_code(mini: Path) -> None:
    latin1 = {"PYTHONIOENCODING": "latin-1"}
    result = pnp(mini, "stats", env=latin1)
    assert (result.returncode, result.stderr) == (0, "")
    assert "best \\u20b9" in result.stdout.splitlines()[2]
    edit(mini / "game.yaml", "  currency: ₹", "  currency: " + "₹" * 12)
    result = pnp(mini, "validate", env=latin1)
    assert (result.returncode, result.stderr) == (1, "")
    assert result.stdout.startswith("cards/money.yaml:2:5: error: money card '1': corner '" + "\\u20b9" * 12 + "1' "
                                    "does not fit the 14 mm corner box even at 9 pt [text-fit]\n")


def test_cache_entries_edited_by_hand_are_worked_out_again(mini: Path) -> None:
    import hashlib

    args = ("build", "--only", "aid", "--only", "money", "--format", "pdf,svg,png", "--paper", "a4", "-q")
    assert pnp(mini, *args).returncode == 0
    cache = mini / "out" / ".cache"
    kinds = {p.parent.name for p in cache.rglob("*") if p.is_file()}
    assert {"map-checks", "report", "documents", "pdf-forms", "text-fit"} <= kinds
    for garbage in (b"null", b'"x"', b"[[1, 2, 3, 4, 5, 6]]", b'{"a": [1]}'):
        for entry in (p for p in cache.rglob("*") if p.is_file()):  # each still passes its checksum
            entry.write_bytes(hashlib.sha256(garbage).digest() + garbage)
        validated, built = pnp(mini, "validate"), pnp(mini, *args, "--force")
        assert (validated.returncode, validated.stdout, validated.stderr) == (
            0, f"{MINI_SETS}: 0 errors, 0 warnings\n", ""), garbage
        assert (built.returncode, built.stdout, built.stderr) == (0, "", ""), garbage


def test_a_standee_too_tall_for_every_paper_is_a_located_problem(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from conftest import broken_example

    game = broken_example(ROOT / "examples" / "anarchipel", tmp_path / "anarchipel", "game.yaml",
                          "    type: token\n    size: 13mm\n    print: jetons\n",
                          "    type: standee\n    size: {width: 13mm, height: 200mm}\n")
    monkeypatch.chdir(game)
    assert validate(game).output == (
        "game.yaml:217:11: error: components.pions: a 13 x 424 mm pion strip (its face, back and flaps) does not fit "
        "A4 (200 x 287 mm inside its margins), US Letter (206 x 269 mm inside its margins), A3 landscape (410 x 287 "
        "mm inside its margins); a board is printed in parts [piece-too-large]\n"
        "Anarchipel: 108 tuiles, 6 bordures, 24 cartes Succès/Échec and 7 more sets of 148 pieces: 1 error, "
        "0 warnings\n")


def test_a_piece_is_written_under_a_name_a_file_system_takes(mini: Path) -> None:
    edit(mini / "game.yaml", '    name: "turn-{id}"', '    name: "turn/{id}"')
    assert validate(mini).output == (
        "board/companies.yaml:2:9: error: company 'red' would be written as png/tokens/turn/red.png, which is not a "
        "file name pnp writes: it holds a slash [output-name]\n"
        "board/companies.yaml:8:9: error: company 'blue' would be written as png/tokens/turn/blue.png, which is not a "
        "file name pnp writes: it holds a slash [output-name]\n"
        "board/companies.yaml:14:9: error: company 'green' would be written as png/tokens/turn/green.png, which is not "
        "a file name pnp writes: it holds a slash [output-name]\n"
        f"{MINI_SETS}: 3 errors, 0 warnings\n")
    edit(mini / "cards" / "north.yaml", "  - id: keep", "  - id: " + "k" * 65)  # too long a name for an export
    assert validate(mini).output.splitlines()[0] == (
        "cards/north.yaml:23:9: error: card '" + "k" * 65 + "': id: 'kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk...' is "
        "longer than 64 characters [schema]")


@pytest.mark.parametrize("french, problem", [
    ("../../../../escaped", "it holds a slash"),
    ("/tmp/escaped", "it holds a slash"),
    ("..\\\\escaped", "it holds a backslash"),
    ("a\\0b", "it holds U+0000"),
    ("   ", "it is only spaces"),
    ("aux", "Windows keeps the name 'aux' for a device"),
    ("COM1.old", "Windows keeps the name 'COM1' for a device"),
    ("trailing ", "it ends with a space"),
    ("trailing.", "it ends with a dot"),
    (".hidden", "it starts with a dot"),
    ("what?", "it holds '?'"),
])
def test_a_name_in_any_language_is_a_plain_file_name_or_a_located_error(mini: Path, tmp_path: Path, french: str,
                                                                        problem: str) -> None:
    """A translated name is checked as the first language's is (it names files in out/fr/):
    `pnp build --lang all` wrote one that climbs out of out/ wherever it led."""
    edit(mini / "game.yaml", '    name: "turn-{id}"', '    name: "{short}"')
    edit(mini / "board" / "companies.yaml", "short: {en: RC, fr: CR}", f'short: {{en: RC, fr: "{french}"}}')
    shown = french.replace("\\\\", "\\").replace("\\0", "\\x00")
    lines = validate(mini).output.splitlines()
    assert [line for line in lines if "[output-name]" in line] == [
        f"board/companies.yaml:2:9: error: company 'red' would be written in fr as png/tokens/{shown}.png, which is "
        f"not a file name pnp writes: {problem} [output-name]"]
    # (a NUL is a character no font has too)
    errors = "2 errors" if "\\0" in french else "1 error"
    assert lines[-1] == f"{MINI_SETS}: {errors}, 0 warnings"
    before = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*"))
    result = pnp(mini, "build", "--lang", "all", "--only", "tokens", "--format", "png")
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert "[output-name]" in result.stdout + result.stderr
    after = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*"))
    assert after == before  # nothing written anywhere, out/ not made


def test_a_sets_and_a_print_files_names_are_folder_names_every_system_takes(mini: Path) -> None:
    edit(mini / "game.yaml", "    print: tokens         # printed", "    print: com1         # printed")
    edit(mini / "game.yaml", "\n  aid:\n", "\n  aux:\n")
    assert validate(mini).output == (
        "game.yaml:96:12: error: set 'turn-tokens' would be written into the folder png/com1/, which is not a file "
        "name pnp writes: Windows keeps the name 'com1' for a device [output-name]\n"
        "game.yaml:127:5: error: set 'aux' would be written into the folder png/aux/, which is not a file name pnp "
        "writes: Windows keeps the name 'aux' for a device [output-name]\n"
        "Mini: 7 cards in 2 suits, 1 board of 2 areas, 9 money cards, 3 companies, 12 markers, 3 aux: 2 errors, "
        "0 warnings\n")


def test_the_last_line_refuses_a_name_that_is_not_plain_whatever_the_checks_say() -> None:
    from pnp.load.paths import UnsafeName, output_path

    assert output_path("/k/out", "png/cards/king.png") == "/k/out/png/cards/king.png"
    for bad in ("png/../../x.png", "png//x.png", "/etc/x", "png/cards/nul.png", "png/a\\b.png"):
        with pytest.raises(UnsafeName):
            output_path("/k/out", bad)


def test_a_long_money_sign_and_a_long_short_name_are_fitted_too(mini: Path) -> None:
    edit(mini / "game.yaml", "  currency: ₹", "  currency: Rupees of the Empire")
    edit(mini / "board" / "companies.yaml", "    short: {en: RC, fr: CR}",
         "    short: {en: The Honourable Red Company of Merchants, fr: CR}")
    lines = validate(mini).output.splitlines()
    assert {
        "cards/money.yaml:2:5: error: money card '1': value 'Rupees of the Empire1' does not fit the 39.5 mm value box "
        "even at 14 pt [text-fit]",
        "cards/money.yaml:2:5: error: money card '1': corner 'Rupees of the Empire1' does not fit the 14 mm corner box "
        "even at 9 pt [text-fit]",  # (its size, 9 pt: a box without min_size never shrinks)
        "board/companies.yaml:4:17: error: company 'red': short.en 'The Honourable Red Company of Merchants' does not fit "
        "the 21.45 mm short box even at 6 pt [text-fit]",
    } <= set(lines)
    assert all(line.endswith("[text-fit]") for line in lines[:-1])


def test_a_template_that_fails_for_some_piece_stops_the_build_where_it_is_written(mini: Path) -> None:
    """A template can name a field that exists and ask it for one it lacks: only drawing the
    pieces finds that, and validation draws them all (as the build would), so the build stops
    before it, located, with out/ as it was."""
    from click.testing import CliRunner

    from pnp.cli import main

    edit(mini / "layouts" / "card-face.yaml", 'text: "{name}"', 'text: "{group.nme}"')
    result = CliRunner().invoke(main, ["build", "--game", str(mini), "--only", "cards", "--format", "pdf", "-q"],
                                catch_exceptions=False)
    assert result.exit_code == 1
    assert result.output.endswith(
        "layouts/card-face.yaml:27:9: error: layout 'layouts/card-face.yaml': box 'name': no field 'nme' (did you "
        f"mean 'name'?), for card 'king' and 6 more [template]\n{MINI_SETS}: 1 error, 0 warnings\n"
        "build stopped: fix the errors above first\n")
    assert not (mini / "out").exists()


def test_a_layouts_value_that_fails_for_some_piece_stops_the_build_where_it_is_written(mini: Path) -> None:
    """A layout's value is worked out for each piece before its boxes: one that fails for a
    piece is said at the value, as a box's template is, and stops the build before it starts."""
    from click.testing import CliRunner

    from pnp.cli import main

    edit(mini / "layouts" / "card-face.yaml", "\nboxes:\n", "\nvalues:\n  title: group.nme\nboxes:\n")
    edit(mini / "layouts" / "card-face.yaml", 'text: "{name}"', 'text: "{title}"')
    result = CliRunner().invoke(main, ["build", "--game", str(mini), "--only", "cards", "--format", "pdf", "-q"],
                                catch_exceptions=False)
    assert result.exit_code == 1
    assert result.output.endswith(
        "layouts/card-face.yaml:12:10: error: layout 'layouts/card-face.yaml': values.title: no field 'nme' (did "
        f"you mean 'name'?), for card 'king' and 6 more [template]\n{MINI_SETS}: 1 error, 0 warnings\n"
        "build stopped: fix the errors above first\n")
    assert not (mini / "out").exists()


def test_the_labels_of_a_track_and_of_a_hex_map_are_fitted_too(tmp_path: Path) -> None:
    """A track's squares shrink as its spaces grow in number, a hex map prints its labels at
    one size across the hex: a label too wide for either is one located message per box."""
    from conftest import ROOT, broken_example

    game = broken_example(ROOT, tmp_path / "anarchy", "layouts/board.yaml", "per_row: 5", "per_row: 30")
    assert validate(game).output.replace(f"{game}/", "") == (
        "layouts/board.yaml:69:5: error: layout 'layouts/board.yaml': income '₹0' does not fit a 1.17 mm space of "
        "the income track even at 5 pt: give the track fewer spaces or a bigger box, or its spaces shorter labels "
        "(label:); 29 more of its labels do not fit either [text-fit]\n"
        "The Anarchy: 126 cards in 16 suits, 1 board of 16 areas, 36 money cards and 3 more sets of 114 pieces: "
        "1 error, 0 warnings\n")
    field = broken_example(ROOT / "examples" / "furia-cartese", tmp_path / "furia", "layouts/champ.yaml",
                           'label: "{cell.name}"', 'label: "Hex {cell.name} of the field"')
    assert validate(field).output.replace(f"{field}/", "") == (
        "layouts/champ.yaml:19:5: error: layout 'layouts/champ.yaml': grid 'Hex A1 of the field' does not fit across "
        "its hex of the grid map (8.92 mm there) at 5.5 pt; 191 more of its labels do not fit either [text-fit]\n"
        "Furia Cartese: 3 champs de bataille, 71 unités in 6 armées, 48 marqueurs and 2 more sets of 12 pieces: "
        "1 error, 0 warnings\n")


# --- links in what a build finds beside or in its output ------------------------------------

def outside_files(tmp_path: Path) -> Path:
    """A folder of the user's beside the game: 70 MB (sparse) of files a cache trim would take
    for its own, and a note."""
    outside = tmp_path / "documents"
    (outside / ".cache" / "pdf-forms").mkdir(parents=True)
    for folder in (outside, outside / ".cache", outside / ".cache" / "pdf-forms"):
        for n in range(2):
            with open(folder / f"big-{n}.bin", "wb") as file:
                file.truncate(35_000_000)
    (outside / "note.txt").write_text("mine")
    return outside


def listed(folder: Path) -> list[tuple[str, int]]:
    return sorted((p.relative_to(folder).as_posix(), p.stat().st_size) for p in folder.rglob("*"))


def test_a_link_named_as_a_killed_builds_folder_is_never_followed(mini: Path, tmp_path: Path) -> None:
    """A game folder holding `.out.building-1` (a killed build's name) as a link out of it:
    the next build took the cache from where the link led into out/ and trimmed it, deleting
    the user's files past 64 MB, before it had even checked the output folder."""
    outside = outside_files(tmp_path)
    before = listed(outside)
    assert pnp(mini, "build", "--only", "aid", "--format", "pdf", "--paper", "a4", "-q").returncode == 0
    shutil.rmtree(mini / "out" / ".cache")  # (as an out/ that came with the game would be)
    stale = mini / ".out.building-x"  # (a name no running build has)
    stale.symlink_to(outside, target_is_directory=True)
    for refused in (False, True):
        if refused:  # a build that refuses its output folder touches nothing either
            (mini / "out" / "thesis.odt").write_text("four years")
        result = pnp(mini, "build", "--only", "aid", "--format", "pdf", "--paper", "a4", "-q", "--force")
        assert result.returncode == (1 if refused else 0), result.stderr
        assert listed(outside) == before
        assert stale.is_symlink()
        assert not (mini / "out" / ".cache" / "big-0.bin").exists()


def test_an_output_folder_whose_cache_or_folders_are_links_is_not_written_through(mini: Path,
                                                                                  tmp_path: Path) -> None:
    """An out/ that came with the game (a record naming its files, so a build takes it as its
    own) whose cache, a cache kind or a folder of images is a link out of it: the build reads,
    writes and trims nothing through them, and builds the kit all the same."""
    outside = outside_files(tmp_path)
    before = listed(outside)
    assert pnp(mini, "build", "--only", "aid", "--format", "pdf,png", "--paper", "a4", "-q").returncode == 0
    out = mini / "out"
    shutil.rmtree(out / ".cache")
    (out / ".cache").symlink_to(outside / ".cache", target_is_directory=True)
    assert pnp(mini, "build", "--only", "aid", "--format", "pdf,png", "--paper", "a4", "-q",
               "--force").returncode == 0
    assert listed(outside) == before
    assert (out / ".cache").is_dir() and not (out / ".cache").is_symlink()  # a cache of its own
    shutil.rmtree(out / ".cache" / "pdf-forms", ignore_errors=True)
    (out / ".cache" / "pdf-forms").symlink_to(outside / ".cache" / "pdf-forms", target_is_directory=True)
    shutil.rmtree(out / "png" / "aid")
    (out / "png" / "aid").symlink_to(outside, target_is_directory=True)
    record = json.loads((out / ".pnp-build.json").read_text())
    record["files"]["png/aid"] = 0  # (the record names the link: a file pnp wrote, as far as it can tell)
    (out / ".pnp-build.json").write_text(json.dumps(record))
    result = pnp(mini, "build", "--only", "aid", "--format", "pdf,png", "--paper", "a4", "-q", "--force")
    assert result.returncode == 0, result.stderr
    assert listed(outside) == before
    assert (out / "png" / "aid").is_dir() and not (out / "png" / "aid").is_symlink()
    assert sorted(p.name for p in (out / "png" / "aid").iterdir()) == ["back.png", "front.png"]


# --- every process bounded --------------------------------------------------------------------

@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_DATA and /proc")
def test_every_pnp_process_meets_a_memory_limit_rather_than_taking_the_machine(mini: Path) -> None:
    """The last line behind the checks: the command, the checks beside it and its workers
    each take at most a gigabyte more than they start with, and a game that needs more ends
    in one line, not in a machine swapping."""
    code = ("import resource, sys\n"
            "from pnp.build.processes import Beside, MEMORY, limit_memory\n"
            "limit_memory()\n"
            "soft = resource.getrlimit(resource.RLIMIT_DATA)[0]\n"
            "beside = Beside.start(lambda: str(resource.getrlimit(resource.RLIMIT_DATA)[0]).encode())\n"
            "child = int(beside.result()) if beside is not None else soft\n"
            "print(MEMORY <= soft < MEMORY + (200 << 20), soft <= child < soft + (300 << 20))\n"
            "try:\n"
            "    hog = bytearray(MEMORY + (300 << 20))\n"
            "except MemoryError:\n"
            "    print('MemoryError')\n")
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert ran.stdout == "True True\nMemoryError\n", ran.stderr
    # the command itself: a game's check that asks for too much says so in a line
    hog = ("import sys, pnp.cli\n"
           "pnp.cli.main = lambda: bytearray(3 << 30)\n"
           "pnp.cli.run()\n")
    ran = subprocess.run([sys.executable, "-c", hog], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (ran.returncode, ran.stdout, ran.stderr) == (
        1, "", "Error: the game needs more than the 1 GB of memory pnp allows itself; nothing was changed\n")


# --- paths no file system takes --------------------------------------------------------------

def test_a_path_holding_a_nul_or_too_long_for_a_system_is_a_located_problem(mini: Path) -> None:
    """A NUL in a path made Python raise, and a path past the system's length ended in a
    traceback (or was called a loop of links): each is a problem where the path is written."""
    game, north = mini / "game.yaml", mini / "cards" / "north.yaml"
    edit(north, "    leader: 1\n", '    leader: 1\n    art: "art/a\\0b.png"\n')
    edit(game, "      - cards/south.yaml\n", '      - "cards/so\\0uth.yaml"\n')
    assert validate(mini).output == (
        "game.yaml:29:9: error: 'cards/so\\x00uth.yaml' holds a NUL byte [missing-file]\n"
        "cards/north.yaml:13:10: error: card 'king': art file 'art/a\\x00b.png' holds a NUL byte [art-file]\n"
        f"Mini: 4 cards in 1 suit, {MINI_OTHERS}: 2 errors, 0 warnings\n")
    edit(north, '    art: "art/a\\0b.png"\n', f'    art: "{"a/" * 2500}b.png"\n')
    edit(game, '      - "cards/so\\0uth.yaml"\n', f'      - "cards/{"s" * 300}.yaml"\n')
    assert validate(mini).output == (
        f"game.yaml:29:9: error: 'cards/{'s' * 300}.yaml' has a name longer than 255 bytes, more than file systems "
        "take [missing-file]\n"
        "cards/north.yaml:13:10: error: card 'king': art file 'a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/"
        "a/a/a/…' is longer than 1024 bytes [art-file]\n"
        f"Mini: 4 cards in 1 suit, {MINI_OTHERS}: 2 errors, 0 warnings\n")
    result = pnp(mini, "build", "--only", "aid")
    assert (result.returncode, result.stdout) == (1, "") and result.stderr.endswith(
        f"Mini: 4 cards in 1 suit, {MINI_OTHERS}: 2 errors, 0 warnings\nbuild stopped: fix the errors above first\n")


def test_an_out_folder_or_a_languages_folder_leading_out_of_the_game_is_built_into_only_when_named(
        mini: Path, tmp_path: Path) -> None:
    """A game from elsewhere may hold out/ as a link to any folder of the user's (an empty one
    passes every other check): a build replaced it with a kit. Named with -o, it is the user's
    choice, and a link stays a link; a language's folder in the output is never a link."""
    elsewhere = tmp_path / "photos"
    elsewhere.mkdir()
    (mini / "out").symlink_to(elsewhere, target_is_directory=True)
    result = pnp(mini, "build", "--only", "aid", "--format", "pdf", "--paper", "a4", "-q")
    assert (result.returncode, result.stdout, result.stderr) == (
        1, "", f"Error: cannot build into out: it is a link to {elsewhere}, outside the game folder; pnp builds there "
               f"only when told to (-o out)\n")
    assert list(elsewhere.iterdir()) == []
    assert pnp(mini, "build", "--only", "aid", "--format", "pdf", "--paper", "a4", "-q", "-o", "out").returncode == 0
    assert (mini / "out").is_symlink() and (elsewhere / "print" / "aid-a4.pdf").is_file()
    (mini / "out").unlink()
    assert pnp(mini, "build", "--only", "aid", "--format", "pdf", "--paper", "a4", "-q").returncode == 0
    (mini / "out" / "fr").symlink_to(elsewhere, target_is_directory=True)
    before = sorted(p.relative_to(elsewhere).as_posix() for p in elsewhere.rglob("*"))
    result = pnp(mini, "build", "--only", "aid", "--format", "pdf", "--paper", "a4", "-q", "--lang", "all")
    assert (result.returncode, result.stdout, result.stderr) == (
        1, "", f"Error: cannot build into out/fr: it is a link to {elsewhere}; a language's kit is built in a folder "
               f"of its own in the output (remove the link)\n")
    assert sorted(p.relative_to(elsewhere).as_posix() for p in elsewhere.rglob("*")) == before
