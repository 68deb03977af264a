"""A build that fails, is interrupted or is killed leaves the previous out/ complete and unchanged."""

from __future__ import annotations

import errno
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.build import pipeline
from pnp.cli import main
from pnp.build.fingerprint import read_record
from pnp.build.outputs import Outputs

from conftest import INVALID, MINI, MINI_SETS, ROOT, digests, make_game


def leftovers(out: Path) -> list[str]:
    return sorted(p.name for p in out.parent.iterdir() if p.name.startswith(f".{out.name}."))


def cache_entries(out: Path) -> dict[str, int]:
    """The cache's entries and their inodes: a build takes the folder with it whole, and puts
    it back whole if it fails."""
    return {str(p.relative_to(out)): p.stat().st_ino for p in (out / ".cache").rglob("*") if p.is_file()}


@pytest.fixture
def previous(tmp_path: Path) -> Path:
    """An out/ from a complete (if small) earlier build."""
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "board", "--only", "aid", "-o", str(out)],
                                catch_exceptions=False)
    assert result.exit_code == 0
    return out


def test_an_exception_mid_build_leaves_out_unchanged(previous: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = digests(previous)

    render_sets = pipeline.render_sets

    def broken(kit, name, *args) -> None:
        if name == "tokens":  # (the print file the aid shares with the tokens)
            raise RuntimeError("the aid went wrong")
        render_sets(kit, name, *args)

    monkeypatch.setattr(pipeline, "render_sets", broken)
    cache = cache_entries(previous)
    assert len(cache) > 20
    monkeypatch.delenv("PNP_DEBUG", raising=False)
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "-o", str(previous)])
    # one line, no traceback (PNP_DEBUG=1 shows it)
    assert result.exit_code == 1 and result.output.endswith(
        f"build stopped: {previous.resolve()} is unchanged: pnp met an error it did not expect (RuntimeError: the aid "
        f"went wrong); PNP_DEBUG=1 shows where\n")
    assert digests(previous) == before
    assert leftovers(previous) == []
    # the cache is back, with what the failed build added (never a changed entry)
    after = cache_entries(previous)
    assert {name: after.get(name) for name in cache} == cache and len(after) > len(cache)


def test_ctrl_c_mid_build_leaves_out_unchanged(previous: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = digests(previous)

    def interrupted(kit, name, *args) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(pipeline, "render_sets", interrupted)
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "board", "--only", "money",
                                       "-o", str(previous)])
    assert result.exit_code != 0
    assert digests(previous) == before
    assert leftovers(previous) == []


def test_a_full_disk_is_reported_and_out_is_unchanged(previous: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = digests(previous)
    calls = {"n": 0}
    original = Outputs.write

    def filling(self, relative: str, data: bytes, key: str | None = None) -> None:
        calls["n"] += 1
        if calls["n"] > 3:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self.out / relative))
        original(self, relative, data, key)

    monkeypatch.setattr(Outputs, "write", filling)
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "money", "--force", "-o", str(previous)])
    assert result.exit_code == 1
    assert f"Error: build failed, {previous} is unchanged: No space left on device" in result.output
    assert digests(previous) == before
    assert leftovers(previous) == []


def test_an_output_folder_that_cannot_be_written_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a file where the output folder should be: refused before any work, the file untouched
    taken = tmp_path / "taken"
    taken.write_text("not a folder")
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "aid", "-o", str(taken)])
    assert result.exit_code == 2 and f"Invalid value for '-o' / '--out': Directory '{taken}' is a file." in result.output
    assert taken.read_text() == "not a folder"
    from pnp.build.pipeline import BuildFailed, BuildOptions, build_safely
    from pnp.checks.validate import validate

    with pytest.raises(BuildFailed, match="it is a file, not a folder"):  # as pnp watch calls it
        build_safely(validate(ROOT / "game.yaml").game, taken, BuildOptions(parts=("aid",)))
    assert taken.read_text() == "not a folder"
    # a folder pnp may not write in (the tests may run as root, whom permissions do not stop)
    import tempfile

    def refused(**kwargs: object) -> str:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(kwargs.get("dir")))

    monkeypatch.setattr(tempfile, "mkdtemp", refused)
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "aid", "-o", str(tmp_path / "ro" / "out")])
    assert (result.exit_code, result.output) == (
        1, f"Error: cannot create a folder beside {tmp_path / 'ro' / 'out'}: Permission denied\n")


def test_a_killed_build_leaves_out_unchanged_and_the_next_build_tidies_up(previous: Path) -> None:
    before = digests(previous)
    process = subprocess.Popen([sys.executable, "-m", "pnp", "build", "--game", str(ROOT), "-o", str(previous)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    # wait until it is well into the build (it has taken the cache), then kill it without warning
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        staging = [p for p in previous.parent.iterdir() if p.name.startswith(".out.building-")]
        if staging and (staging[0] / ".cache").is_dir():
            break
        time.sleep(0.05)
    cache = cache_entries(previous)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    assert digests(previous) == before
    assert leftovers(previous)  # the killed build's folder is still there, with the cache ...
    assert not (previous / ".cache").exists()
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "aid", "-o", str(previous)],
                                catch_exceptions=False)
    assert result.exit_code == 0
    assert leftovers(previous) == []  # ... until the next build clears it, taking the cache back first
    after = cache_entries(previous)
    assert {name: after.get(name) for name in cache} == cache


def test_the_previous_output_is_linked_while_the_game_is_read(previous: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """pnp build links the previous output into its new folder in a forked process while it
    reads the game: finished, the folder holds every file as a link (the cache moved over
    whole); discarded (the game's errors stop the build), it goes, out/ untouched."""
    from pnp.load.files import Linking, listing
    from pnp.build.pipeline import BuildOptions, build_safely
    from pnp.checks.validate import validate

    before, cache = digests(previous), cache_entries(previous)
    inodes = {p.relative_to(previous): p.stat().st_ino for p in previous.rglob("*") if p.is_file()}
    linking = Linking.start(previous, ".cache")
    listed = sorted(listing(previous / ".cache"))
    assert linking is not None and linking.staging.parent == previous.parent and linking.finish()
    assert sorted(linking.listed) == listed and len(listed) == len(cache)  # (the cache's entries, for its trim)
    linked = {p.relative_to(linking.staging): p.stat().st_ino for p in linking.staging.rglob("*") if p.is_file()}
    assert linked == inodes  # the same files, linked; the cache moved over
    assert not (previous / ".cache").exists() and linking.staging.stat().st_mode & 0o777 == previous.stat().st_mode & 0o777
    linking.discard()  # (the build's now: left as it is)
    assert linking.staging.is_dir()
    os.replace(linking.staging / ".cache", previous / ".cache")
    shutil.rmtree(linking.staging)
    linking = Linking.start(previous, ".cache")
    linking.discard()
    assert leftovers(previous) == [] and digests(previous) == before and cache_entries(previous) == cache
    with pytest.raises(ChildProcessError):
        os.waitpid(linking.pid, 0)  # (reaped)
    # a process that fails to link (here: every file) leaves the build to link them itself
    import pnp.load.files

    parent = os.getpid()
    real = pnp.load.files._link_tree

    def failing(*args: object) -> None:
        if os.getpid() != parent:
            raise OSError(errno.EMLINK, "Too many links")
        real(*args)

    monkeypatch.setattr(pnp.load.files, "_link_tree", failing)
    linking = Linking.start(previous, ".cache")
    game = validate(ROOT / "game.yaml").game
    outcome = build_safely(game, previous, BuildOptions(parts=("aid",)), partial=True, linking=linking)
    assert not linking.staging.exists() and leftovers(previous) == []
    # the same files (but the record: built without the settings to write one)
    assert digests(previous) == {name: d for name, d in before.items() if name != ".pnp-build.json"}
    assert cache_entries(previous).keys() >= cache.keys() and outcome.summary.startswith("6 PDF, 29 SVG, 15 PNG")


def test_a_partial_build_keeps_the_other_parts(previous: Path) -> None:
    before = digests(previous)
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "aid", "-o", str(previous)],
                                catch_exceptions=False)
    assert result.exit_code == 0
    after = digests(previous)
    # the same inputs rebuild the same files and the board is untouched; only the record of
    # what was built (for the no-op check) differs
    assert after.pop(".pnp-build.json") != before.pop(".pnp-build.json")
    assert after == before


def test_nothing_changed_means_nothing_to_do(previous: Path) -> None:
    args = ["build", "--game", str(ROOT), "--only", "board", "--only", "aid", "-o", str(previous)]
    before = digests(previous)
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert (result.exit_code, result.stdout) == (0, f"{previous} is up to date: nothing changed since its last build\n")
    assert digests(previous) == before
    # a missing output, or --force, builds again
    (previous / "png" / "board.png").unlink()
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert result.stdout.startswith("built ")
    assert digests(previous) == before
    assert CliRunner().invoke(main, [*args, "--force"]).stdout.startswith("built ")
    # and finding nothing to do imports nothing that reads the game or builds
    code = ("import sys; from pnp.cli import main; main(sys.argv[1:], standalone_mode=False); "
            "print(sorted(m for m in ('pnp.build.pipeline', 'pnp.load.game', 'pnp.kit.pieces', 'pnp.checks.validate', 'importlib.metadata') "
            "if m in sys.modules))")
    ran = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True)
    assert ran.stdout == f"{previous} is up to date: nothing changed since its last build\n[]\n"


def test_only_the_files_the_game_reads_make_a_build_out_of_date(tmp_path: Path) -> None:
    """The game is at the repository's root beside its tests and README: editing those must
    leave the kit up to date; editing a card, an icon or a layout, or adding a file a glob
    takes, must not."""
    game = tmp_path / "game"
    shutil.copytree(MINI, game)
    (game / "README.md").write_text("# Mini\n")
    args = ["build", "--game", str(game), "--only", "aid", "--format", "pdf"]
    assert CliRunner().invoke(main, args, catch_exceptions=False).exit_code == 0

    def up_to_date() -> bool:
        return CliRunner().invoke(main, args, catch_exceptions=False).stdout.endswith("nothing changed since its last "
                                                                                       "build\n")

    assert up_to_date()
    (game / "README.md").write_text("# Mini, second edition\n")
    (game / "tests").mkdir()
    (game / "tests" / "test_mini.py").write_text("def test(): pass\n")
    assert up_to_date()
    for changed in ("cards/south.yaml", "icons/crown.svg", "layouts/aid-back.yaml"):
        path = game / changed
        original = path.read_bytes()
        path.write_bytes(original + b"\n")
        assert not up_to_date(), changed  # built again ...
        assert up_to_date()  # ... and then up to date
    # a new file in the icons folder (the game reads every icon there)
    (game / "icons" / "star.svg").write_text((game / "icons" / "crown.svg").read_text())
    assert not up_to_date()


def test_the_libraries_versions_in_the_keys_are_those_importlib_metadata_gives(tmp_path: Path) -> None:
    from importlib import metadata

    from pnp.build.fingerprint import RENDERERS, versions

    assert versions(RENDERERS) == [metadata.version(name) for name in RENDERERS]
    first, second = tmp_path / "a", tmp_path / "b"
    (first / "Some_Lib-1.2.dist-info").mkdir(parents=True)
    (second / "some.lib-9.9.dist-info").mkdir(parents=True)  # (behind the first: not read)
    (second / "other_lib-3.0.dist-info").mkdir()
    (second / "other_lib-3.0.dist-info-notes").mkdir()
    assert versions(("some-lib", "Other-Lib", "no-such-library-pnp-knows"),
                    [str(first), str(tmp_path / "not-there"), str(second)]) == ["1.2", "3.0", "none"]


def test_progress_is_plain_lines_off_a_terminal_and_quiet_says_nothing(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "aid", "-o", str(tmp_path / "o")],
                                catch_exceptions=False)
    assert "tokens: print sheets, A4\n" in result.stderr  # (the aid's print file, which it shares with the tokens)
    assert result.stdout.startswith("built 6 PDF, 29 SVG, 15 PNG")
    quiet = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "aid", "-q", "-o", str(tmp_path / "o")],
                               catch_exceptions=False)
    assert quiet.exit_code == 0 and quiet.output == ""
    verbose = CliRunner().invoke(main, ["build", "--game", str(ROOT), "--only", "aid", "-v", "--force",
                                        "-o", str(tmp_path / "o")], catch_exceptions=False)
    assert f"wrote {tmp_path / 'o' / 'print' / 'tokens-a4.pdf'}\n" in verbose.stdout


class CountingStages:
    """Records each stage of a build and the files it accounted for."""

    stages: list[tuple[str, int, int]] = []

    def stage(self, label: str, total: int) -> None:
        self.stages.append((label, total, 0))

    def advance(self, files: int = 1) -> None:
        label, total, done = self.stages[-1]
        self.stages[-1] = (label, total, done + files)

    def close(self) -> None:
        pass


def test_a_rebuild_after_an_edit_equals_a_clean_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Outputs drawn from unchanged content are kept from the last build; the rest is drawn
    again; the result is byte for byte what a clean build makes. Every stage's progress bar
    ends full: it counts every file the stage makes or keeps."""
    monkeypatch.setattr("pnp.commands.build.StageBars", CountingStages)
    game = tmp_path / "game"
    game.mkdir()
    for name in ("game.yaml", "checks.yaml", "stats.yaml", "glossary.yaml", "cards", "board", "layouts", "icons", "rules"):
        source = ROOT / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, game / name)
    runner = CliRunner()
    args = ["build", "--game", str(game)]
    assert runner.invoke(main, [*args, "-o", str(tmp_path / "a")], catch_exceptions=False).exit_code == 0
    first = digests(tmp_path / "a")
    mughals = game / "cards" / "mughals.yaml"
    mughals.write_text(mughals.read_text().replace("    follows: [1, 2, 3, 4, 5, 8]\n", "    follows: [1, 2, 3, 4, 5]\n"))
    assert runner.invoke(main, [*args, "-o", str(tmp_path / "a")], catch_exceptions=False).exit_code == 0
    assert runner.invoke(main, [*args, "-o", str(tmp_path / "b")], catch_exceptions=False).exit_code == 0
    again, clean = digests(tmp_path / "a"), digests(tmp_path / "b")
    assert again == clean
    # the record gives every file's size (a kept file's from the earlier record, the others' read)
    files = read_record(tmp_path / "a")["files"]
    assert len(files) == len(clean) - 1 and all(files[name] == (tmp_path / "a" / name).stat().st_size for name in files)
    assert files == read_record(tmp_path / "b")["files"]
    stages = CountingStages.stages
    per_build = len(stages) // 3
    labels = [label for label, _, _ in stages[:per_build]]
    # the print files are written by the workers, and their stages wait for them once the rest is done
    assert len(stages) == 3 * per_build and [label for label in labels if label.startswith("cards: print")] == [
        "cards: print sheets, A4", "cards: print sheets, US Letter", "cards: print sheets, A3 landscape"]
    assert labels.index("cards: print sheets, A4") > labels.index("SVG: faces and sheets")
    assert [label for label, _, _ in stages[:per_build]] == [label for label, _, _ in stages[-per_build:]]
    assert [(label, total) for label, total, done in stages if done != total] == []
    assert sum(total for _, total, _ in stages[-per_build:]) == len(clean) - 1  # all but the build record
    changed = {name for name in clean if first.get(name) != clean[name]}
    # the edited card's own images changed, and the documents showing every card; not the others
    assert "png/cards/mughal-sowars.png" in changed and "pod/cards/mughals-11-mughal-sowars.png" in changed
    assert "png/cards/shah-alam-ii.png" not in changed
    assert "tabletopia/cards/mughals-11-mughal-sowars.jpg" in changed
    assert "print/cards-a4.pdf" in changed and "print/cards-backs-a4.pdf" not in changed
    # the card's cell of the contact sheet and its Tabletop Simulator sheet, not the other sheet
    # (a Tabletop Simulator sheet's name ends in its content's hash: a changed sheet is a new name)
    sheets = {re.sub(r"-[0-9a-f]{8}\.jpg$", ".jpg", name) for name in changed if name.startswith("tts/cards-")}
    assert "png/contact-sheet.png" in changed and "tts/cards-1.jpg" in sheets and "tts/cards-2.jpg" not in sheets
    assert not any(name.startswith(("print/board", "svg/board", "png/board", "png/money", "png/tokens"))
                   for name in changed)


def test_the_cache_is_checked_trimmed_and_never_changes_the_output(tmp_path: Path) -> None:
    from pnp.build.cache import Cache

    earlier = Cache(tmp_path / ".cache", limit=300)  # two entries of 132 bytes
    for n in range(4):
        earlier.put("kind", f"k{n}", bytes([n]) * 100)
        os.utime(tmp_path / ".cache" / "kind" / f"k{n}", ns=(n * 10**9, n * 10**9))
    cache = Cache(tmp_path / ".cache", limit=300)  # a later build's
    assert cache.get("kind", "k1") == bytes([1]) * 100
    assert os.stat(tmp_path / ".cache" / "kind" / "k1").st_mtime_ns == 10**9  # reading changes nothing
    cache.trim()  # the oldest go first, but not one this build used
    assert sorted(p.name for p in (tmp_path / ".cache" / "kind").iterdir()) == ["k1", "k3"]
    earlier.trim()  # (it wrote them all: what a build uses stays, however large)
    assert sorted(p.name for p in (tmp_path / ".cache" / "kind").iterdir()) == ["k1", "k3"]
    # listed while the build waits for its workers, which write entries meanwhile: one written
    # after the listing is newer than it says, and stays
    later = Cache(tmp_path / ".cache", limit=150)
    later.survey()
    assert later._survey is not None
    later._survey.join()
    Cache(tmp_path / ".cache").put("kind", "k1", b"new")  # (as a worker process would)
    later.trim()
    assert sorted(p.name for p in (tmp_path / ".cache" / "kind").iterdir()) == ["k1"]  # k3 went, not k1
    assert Cache(tmp_path / ".cache").get("kind", "k1") == b"new"
    # or listed by another process (the linking's, before the cache moved into the build's
    # folder): the same entries, by their path in the cache, trimmed alike
    from pnp.load.files import listing

    for n in (2, 3):
        earlier.put("kind", f"k{n}", bytes([n]) * 100)
        os.utime(tmp_path / ".cache" / "kind" / f"k{n}", ns=(n * 10**9, n * 10**9))
    listed = listing(tmp_path / ".cache")
    assert sorted(listed) == [(2 * 10**9, "kind/k2", 132), (3 * 10**9, "kind/k3", 132),
                              (os.stat(tmp_path / ".cache" / "kind" / "k1").st_mtime_ns, "kind/k1", 35)]
    moved = tmp_path / "moved" / ".cache"
    moved.parent.mkdir()
    os.replace(tmp_path / ".cache", moved)
    given = Cache(moved, limit=200)
    given.survey(listed)
    assert given._survey is None  # (no thread)
    given.trim()
    assert sorted(p.name for p in (moved / "kind").iterdir()) == ["k1", "k3"]  # the oldest went
    os.replace(moved, tmp_path / ".cache")
    (tmp_path / ".cache" / "kind" / "k3").unlink()
    earlier.put("kind", "k3", bytes([3]) * 100)
    os.utime(tmp_path / ".cache" / "kind" / "k3", ns=(3 * 10**9, 3 * 10**9))
    damaged = tmp_path / ".cache" / "kind" / "k3"
    damaged.write_bytes(damaged.read_bytes()[:-1] + b"x")
    assert cache.get("kind", "k3") is None and cache.get("kind", "missing") is None

    # a build with damaged entries in its cache writes the same files as one without a cache
    out = tmp_path / "out"
    # (SVG text as text: its style sheet of fonts is kept too, so every kind of entry is damaged)
    args = ["build", "--game", str(ROOT), "--only", "aid", "--only", "money", "--svg-text", "text", "-o", str(out)]
    assert CliRunner().invoke(main, args, catch_exceptions=False).exit_code == 0
    first = digests(out)
    entries = [p for p in (out / ".cache").rglob("*") if p.is_file()]
    assert {p.parent.name for p in entries} == {"pdf-forms", "svg-fonts", "font-family", "map-checks", "colours",
                                               "schema-clean", "documents", "icons", "text-fit", "pictures", "report",
                                               "faces", "locator-pins"}
    for entry in entries:
        entry.write_bytes(entry.read_bytes()[:40] + b"damaged")
    assert CliRunner().invoke(main, [*args, "--force"], catch_exceptions=False).exit_code == 0
    assert digests(out) == first
    shutil.rmtree(out / ".cache")
    assert CliRunner().invoke(main, [*args, "--force"], catch_exceptions=False).exit_code == 0
    assert digests(out) == first


# --- the output folder is pnp's alone ------------------------------------------------------

def build_mini(game: Path, out: str, *more: str):
    args = ["build", "--game", str(game), "--only", "aid", "--format", "pdf", "--paper", "a4", "-q", "-o", out, *more]
    return CliRunner().invoke(main, args, catch_exceptions=False)


def test_a_folder_holding_other_files_is_refused_and_kept(mini: Path, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "thesis.odt").write_bytes(b"four years of work")
    result = build_mini(mini, str(docs))
    assert result.exit_code == 1
    assert result.output == (f"Error: cannot build into {docs}: it holds files pnp did not write (thesis.odt), and a "
                             f"build replaces the whole folder; build into an empty or new folder, or move them out\n")
    assert (docs / "thesis.odt").read_bytes() == b"four years of work"
    assert sorted(p.name for p in docs.iterdir()) == ["thesis.odt"]
    assert leftovers(docs) == []


def test_a_link_to_a_folder_added_to_a_built_folder_is_not_removed(mini: Path, tmp_path: Path) -> None:
    """A link the user puts in a built folder (to a folder of theirs) is theirs too: the build
    says so and stops, and the link and what it points to stay."""
    out = tmp_path / "kit"
    assert build_mini(mini, str(out)).exit_code == 0
    (tmp_path / "scans").mkdir()
    (tmp_path / "scans" / "box.jpg").write_bytes(b"a photo")
    (out / "print" / "scans").symlink_to(tmp_path / "scans", target_is_directory=True)
    result = build_mini(mini, str(out), "--force")
    assert result.exit_code == 1 and "it holds files pnp did not write (print/scans)" in result.output
    assert (out / "print" / "scans").is_symlink() and (out / "print" / "scans" / "box.jpg").read_bytes() == b"a photo"


def test_a_built_folder_with_a_folder_it_cannot_read_is_not_built_into(mini: Path, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "kit"
    assert build_mini(mini, str(out)).exit_code == 0
    scandir = os.scandir

    def refused(path):
        if str(path) == str(out / "print"):
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refused)
    result = build_mini(mini, str(out), "--force")
    assert result.exit_code == 1
    assert result.output == f"Error: cannot build into {out.resolve()}: cannot read {out.resolve() / 'print'}: Permission denied\n"
    monkeypatch.undo()
    assert sorted(p.name for p in (out / "print").iterdir())  # as it was


def test_a_file_added_to_a_built_folder_is_not_deleted(mini: Path, tmp_path: Path) -> None:
    out = tmp_path / "kit"
    assert build_mini(mini, str(out)).exit_code == 0
    (out / "print" / "notes.txt").write_text("cut the aid first")
    assert build_mini(mini, str(out)).exit_code == 0  # nothing changed: nothing done, nothing removed
    assert (out / "print" / "notes.txt").is_file()
    result = build_mini(mini, str(out), "--force")
    assert result.exit_code == 1 and "it holds files pnp did not write (print/notes.txt)" in result.output
    assert (out / "print" / "notes.txt").read_text() == "cut the aid first"
    (out / "print" / "notes.txt").unlink()
    assert build_mini(mini, str(out)).exit_code == 0  # its own files alone: rebuilt as before


@pytest.mark.parametrize("where", [".", "cards", "..", "/"])
def test_a_folder_holding_the_game_is_refused(mini: Path, where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(mini)
    before = digests(mini)
    result = build_mini(mini, where)
    assert result.exit_code == 1
    target = (mini / where).resolve()
    if where == "cards":
        assert result.output.startswith(f"Error: cannot build into {target}: the game's file cards/")
    else:
        assert result.output == (f"Error: cannot build into {target}: it holds the game itself (game.yaml); build "
                                 f"into a folder of its own, such as {mini.resolve() / 'out'}\n")
    assert digests(mini) == before


def test_an_out_folder_that_is_a_link_stays_a_link(mini: Path, tmp_path: Path) -> None:
    real = tmp_path / "elsewhere"
    real.mkdir()
    (mini / "out").symlink_to(real, target_is_directory=True)
    assert build_mini(mini, str(mini / "out")).exit_code == 0
    assert (mini / "out").is_symlink() and (real / "print" / "aid-a4.pdf").is_file()
    assert build_mini(mini, str(mini / "out")).exit_code == 0  # and again, nothing changed
    assert (mini / "out").is_symlink()


@pytest.mark.parametrize("case, strict", [("duplicate-leader-number", False), ("follows-self", True)])
def test_a_build_stops_as_soon_as_its_checks_fail(tmp_path: Path, case: str, strict: bool) -> None:
    """The game's checks run beside the build (in a process of their own): as soon as they
    find an error (with --strict, a warning), the build stops at its next stop point (its
    scheduler's), as Ctrl-C would stop it, and says what validation says; out/ is as it was.
    Here the build would wait a minute for it."""
    if (os.cpu_count() or 1) < 2 or not hasattr(signal, "SIGUSR1"):
        pytest.skip("the checks run beside the build only where a process can be forked, on two cores")
    game = make_game(tmp_path / "game").parent
    out = tmp_path / "out"
    args = ["build", "--only", "aid", "--format", "pdf", "-o", str(out)] + (["--strict"] if strict else [])
    assert CliRunner().invoke(main, ["build", "--game", str(game), *args[1:]], catch_exceptions=False).exit_code == 0
    before = digests(out)
    inodes = {p: p.stat().st_ino for p in out.rglob("*") if p.is_file()}
    make_game(tmp_path / "broken", INVALID / case)
    shutil.copytree(tmp_path / "broken", game, dirs_exist_ok=True)
    report = subprocess.run([sys.executable, "-m", "pnp", "validate"], cwd=game, capture_output=True, text=True).stdout
    script = ("import sys, time\n"
              "import pnp.build.pipeline\n"
              "from pnp.build.scheduler import Scheduler\n"
              "from pnp.checks.validate import ChecksFailed\n"
              "def build(*args, **kwargs):\n"  # (a build that takes its workers' results now and then)
              "    try:\n"
              "        end, workers = time.monotonic() + 60, Scheduler(1)\n"
              "        while time.monotonic() < end:\n"
              "            workers.poll()\n"
              "            time.sleep(0.01)\n"
              "    except ChecksFailed:\n"
              "        print('stopped', flush=True)\n"
              "        raise\n"
              "    print('not stopped', flush=True)\n"
              "    raise SystemExit(3)\n"
              "pnp.build.pipeline.build = build\n"
              "from pnp.cli import run\n"
              f"sys.argv = ['pnp', *{args!r}]\n"
              "run()\n")
    result = subprocess.run([sys.executable, "-c", script], cwd=game, capture_output=True, text=True, timeout=120)
    assert (result.returncode, result.stdout) == (1, "stopped\n")
    assert result.stderr == report + "build stopped: fix the errors above first\n"
    assert digests(out) == before and {p: p.stat().st_ino for p in out.rglob("*") if p.is_file()} == inodes
    assert leftovers(out) == []


def test_a_stop_the_checks_ask_for_after_the_builds_last_stop_point_is_not_left_for_the_next(tmp_path: Path) -> None:
    """The checks beside a build may signal their failure after the build passed its last stop
    point (their process slower than the build, on a busy machine): the report then stops the
    build, and the stop they asked for goes with it; a later build in the same process (the
    mutation tests build one game after another in theirs) must not take it as its own."""
    import time

    import pnp.build.processes
    from pnp.checks.validate import start_validation

    if (os.cpu_count() or 1) < 2 or not hasattr(signal, "SIGUSR1"):
        pytest.skip("the checks run beside the build only where a process can be forked, on two cores")
    game = make_game(tmp_path / "game", INVALID / "duplicate-leader-number")
    validation = start_validation(game, later=True)
    try:
        assert not validation.done  # (its checks in a process of their own)
        end = time.monotonic() + 60
        while not pnp.build.processes._pending and time.monotonic() < end:
            time.sleep(0.01)  # (the signal's handler runs here: no stop point passed)
        assert pnp.build.processes._pending  # the stop asked for, not taken
        assert validation().failed()
        assert pnp.build.processes._pending == []
    finally:
        validation.close()


def test_data_the_checks_reject_that_breaks_the_build_first_ends_in_their_report(tmp_path: Path) -> None:
    """The checks run beside the build: a value they reject (the map's sea a template that
    gives '{', not a colour) may break the build before they say so. The command then ends
    as validation would have it, with their report and code 1, not a traceback; out/ is not
    made."""
    game = make_game(tmp_path / "game").parent
    layout = game / "layouts" / "board.yaml"
    layout.write_text(layout.read_text("utf-8").replace("      sea: sea\n", "      sea: '{{'\n"), "utf-8")
    report = subprocess.run([sys.executable, "-m", "pnp", "validate"], cwd=game, capture_output=True, text=True)
    assert report.stdout.splitlines() == [
        "layouts/board.yaml:24:5: error: layout 'layouts/board.yaml': map.map.sea gives '{', not a colour (#RRGGBB "
        "or none), in layout 'layouts/board.yaml' [colour-value]", f"{MINI_SETS}: 1 error, 0 warnings"]
    built = subprocess.run([sys.executable, "-m", "pnp", "build", "-q", "--only", "board", "--format", "pdf"],
                           cwd=game, capture_output=True, text=True, timeout=120)
    assert (built.returncode, built.stdout) == (1, "")
    assert built.stderr == report.stdout + "build stopped: fix the errors above first\n"
    assert not (game / "out").exists()


def test_a_usage_error_still_shows_the_checks_first(tmp_path: Path) -> None:
    """An unknown --only part is a usage error, said after the checks' report; when the checks
    failed, the build stops on them as it always has (code 1). Either way nothing of the
    checks beside lingers in the process: no validation armed, no stop asked for."""
    import pnp.build.processes
    import pnp.checks.validate

    game = make_game(tmp_path / "game").parent
    result = CliRunner().invoke(main, ["build", "--game", str(game), "--only", "bogus", "-o", str(tmp_path / "out")])
    assert result.exit_code == 2 and "bogus" in result.output and "build stopped" not in result.output
    make_game(tmp_path / "broken", INVALID / "duplicate-leader-number")
    shutil.copytree(tmp_path / "broken", game, dirs_exist_ok=True)
    result = CliRunner().invoke(main, ["build", "--game", str(game), "--only", "bogus", "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "[duplicate-leader-number]" in result.output
    assert result.output.endswith("build stopped: fix the errors above first\n")
    assert pnp.checks.validate._armed == [] and pnp.build.processes._pending == []
    assert not (tmp_path / "out").exists()
