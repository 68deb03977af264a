"""Build a game's kit, top to bottom: the game is loaded and checked (pnp.checks.validate), then
each component set is composed (pnp.kit.pieces), imposed on sheets (pnp.components), rendered to
PDF, SVG and PNG (pnp.build.outputs), and exported (pnp.exports). `build_safely` does it in a new
folder and swaps it in only when complete."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

from .. import FORMATS, __version__
from ..components import types
from ..load.files import json_file
from ..layout.fonts import FontMetrics, find_font, metrics
from ..impose import PAPERS, duplex_test, interleave, shifted
from ..kit.pieces import Ink, Kit, PieceSet
from .outputs import BuildFailed, Outputs, Progress
from .timings import CHECKS
from ..kit.readme import NAME as READ_ME_FIRST
from ..compose.paint import greyscale_page
from ..scene import Page, release_drawn, single

if TYPE_CHECKING:
    from ..boxes.context import Art
    from ..load.files import Linking
    from ..model.game import Game

EXPORTS = ("tabletopia", "tts", "pod", "gallery")
RULES = "rules"  # the rulebook's part of a build (--only rules)
BOARD_PNG_DPI = 150
PNG_DPI = 300


@dataclass(frozen=True)
class BuildOptions:
    """What to build: which parts (set or print names, exports; empty: everything), papers
    and formats, with how much bleed."""

    parts: tuple[str, ...] = ()
    papers: tuple[str, ...] = tuple(PAPERS)
    formats: tuple[str, ...] = FORMATS
    bleed: float | None = None  # points; None: each component type's own (pnp.components)
    duplex: bool = False
    back_shift: tuple[float, float] = (0.0, 0.0)  # points: backs moved right and down, for a printer that drifts
    jobs: int | None = None  # worker processes for rasterizing; None: one per core
    tabletopia_scale: int = 100  # percent: 100 makes 10 px per mm
    language: str | None = None  # the kit's language; None: the game's first
    languages: tuple[str, ...] = ()  # every language this build makes (--lang all), whose galleries link each other
    ink_saver: bool = False  # dark backs, tokens (and sets that say so) printed light
    greyscale: bool = False  # the whole kit in greys
    svg_text: str = "paths+text"  # outlines under invisible text; text: with embedded fonts; paths: outlines alone
    tts_base_url: str | None = None  # where tts/ is uploaded; None: its files' own file:/// URLs

    def bleed_for(self, kind: str) -> float:
        """The bleed a kind of piece is printed with: as asked, or its type's own (1 mm for
        cards, sheets and tokens, whose miscut shows their own colour; none for tiles, which
        touch so that one cut serves two); none for a type printed without."""
        own = types()[kind].bleed
        if own is None:
            return 0.0
        return self.bleed if self.bleed is not None else own

    def wants(self, *names: str) -> bool:
        return not self.parts or any(n in self.parts for n in names)


def parts_of(game: "Game") -> list[str]:
    """The names `--only` accepts for a game: its sets, its print files, and the exports."""
    names = []
    for component in game.sets.values():
        if not types()[component.type].printed:  # (data, read by the other sets)
            continue
        for name in (component.name, component.print_name):
            if name not in names:
                names.append(name)
    return names + ["duplex-test", READ_ME_FIRST] + ([RULES] if game.rules else []) + list(EXPORTS)


def game_fonts(game: "Game") -> dict[str, FontMetrics]:
    fonts = {}
    for role, name in game.font_roles.items():
        path = find_font(name, game.root)
        if path is None:  # validation reports this before a build starts
            raise FileNotFoundError(f"font {name!r} not found")
        fonts[role] = metrics(path)
    return fonts


def read_art(game: "Game") -> dict[str, "Art"]:
    """Every picture the data names, with its size in pixels (read once, before composing)."""
    from ..render import picture_size
    from ..checks.files import art_files
    from ..boxes.context import Art

    found: dict[str, Art] = {}
    for _, _, _, relative in art_files(game):
        if relative not in found:
            path = str((game.root / relative).resolve())
            found[relative] = Art(path, *picture_size(path))
    return found


def build(game: "Game", out: Path, options: BuildOptions, progress: Progress | None = None,
          previous: dict | None = None, keys: dict | None = None, keep: tuple | None = None,
          shared: dict[str, Path] | None = None, meanwhile: Callable[[Outputs], None] | None = None,
          drawing: Callable[[Outputs], None] | None = None) -> Outputs:
    """Build the kit into `out`: compose, impose, render, export. `shared` holds files another
    language's build made, by content key: a file drawn from the same content is linked. Called
    once the workers have their work, `drawing`; once they and this process are done, `meanwhile`."""
    from importlib import import_module

    from .scheduler import Scheduler

    # the exports this build makes (a deck's, none), imported before the workers are forked: they draw their pictures
    exports = {name: import_module(f"..exports.{name}", __package__) for name, parts in
               (("tts", ("tts",)), ("tabletopia", ("tabletopia", "tts")), ("pod", ("pod",)), ("gallery", ("gallery",)))
               if options.wants(*parts)}
    release_drawn()  # (what an earlier build in this process, pnp watch's, left drawn)
    with Scheduler(options.jobs) as workers:
        if "png" in options.formats or options.wants("tabletopia", "tts", "pod"):
            # forked now, before the kit is composed: each worker is a copy of this process
            # as it is, and holds no card of the deck
            workers.start()
        fonts = game_fonts(game)
        art = read_art(game)
        language = options.language or game.language
        outputs = Outputs(out, fonts, workers, progress, [Path(a.path) for a in art.values()], options.formats,
                          game.title.get(language, game.language), options.svg_text)
        outputs.previous, outputs.keys = previous or {}, dict(keys or {})
        outputs.shared = dict(shared or {})
        if keep is not None:
            outputs.cache.put(*keep)
        known = known_faces(outputs)
        kit = Kit(game, fonts, art, language, Ink(options.ink_saver, options.greyscale), known)
        rows: list = []
        backs = False  # the duplex test page comes with a whole kit that has backs, or on demand
        for name, sets in kit.print_groups():
            if options.wants(name, *(s.name for s in sets)):
                backs = render_sets(kit, name, sets, outputs, options) or backs
        # (once the print files are known: a sheet's cards placed from their drawings, not drawn again)
        place = exports["tts"].start(kit, outputs, options) if options.wants("tts") else None
        if "pdf" in options.formats and ("duplex-test" in options.parts if options.parts else backs):
            duplex_test_pages(kit, outputs, options)
        read_me = "pdf" in options.formats and (READ_ME_FIRST in options.parts if options.parts else True)
        if "pdf" in options.formats and (options.wants(RULES) or read_me):  # (first: the read-me counts its pages)
            from .rulebook import rulebook_pages

            rulebook_pages(kit, outputs, options, write=options.wants(RULES))
        if read_me:
            read_me_first_pages(kit, outputs, options)
        if options.wants(*(s.name for s in kit)):
            outputs.progress.stage("data.json", 1)
            key = data_key(game, outputs)
            if key is None:
                outputs.write("data.json", game_data(game))
            else:
                outputs.make("data.json", key, lambda: game_data(game))
        if options.wants("tabletopia", "tts"):  # Tabletop Simulator places the Tabletopia tokens and board
            rows = exports["tabletopia"].build(kit, outputs, options)  # (its boards' rows complete once drawn)
        if place is not None:  # once the Tabletopia images it copies are written
            outputs.workers.then(lambda: place(rows))
        if options.wants("pod"):
            exports["pod"].build(kit, outputs)
        outputs.write_svgs()
        if drawing is not None:
            drawing(outputs)
        workers.finish()  # the workers have been drawing all along: wait for them
        if meanwhile is not None:  # (after: waiting on the checks, this process sends the workers nothing)
            workers.timings.stage(CHECKS)
            meanwhile(outputs)
        keep_faces(kit, outputs, known)
        if options.wants("gallery"):
            exports["gallery"].build(kit, outputs, options, rows)
    release_drawn()
    outputs.result.files.sort()
    return outputs


def known_faces(outputs: Outputs) -> dict[str, list]:
    """The faces the last build drew, by what each was drawn from (kit.InputKeys): the hash
    of its content and its characters by font. A face drawn from the same inputs again is
    then known without drawing it."""
    import json

    data = outputs.cache.get("faces", outputs.key("faces"))
    try:
        found = json.loads(data) if data is not None else {}
        if isinstance(found, dict) and all(isinstance(digest, str) and isinstance(chars, dict)
                                           and all(isinstance(c, str) for c in chars.values())
                                           for digest, chars in found.values()):
            return found
    except (ValueError, TypeError):
        pass
    return {}  # (from another pnp, or damaged)


def keep_faces(kit: Kit, outputs: Outputs, known: dict[str, list]) -> None:
    """Keep what `known_faces` reads for the next build (written when it changed)."""
    import json

    found = kit.faces(outputs.digest)
    if found != known:
        outputs.cache.put("faces", outputs.key("faces"), json.dumps(found, sort_keys=True).encode("utf-8"))
    else:
        outputs.cache.claim("faces", outputs.key("faces"))


# --- rendering the sets ------------------------------------------------------------------------

def render_sets(kit: Kit, name: str, sets: list[PieceSet], outputs: Outputs, options: BuildOptions) -> bool:
    """One print group (sets that share their sheets, of one type or of several, each with its
    type's bleed): its print sheets on every paper, and each piece on its own as SVG and PNG.
    True when it has backs to print."""
    from ..kit.readme import label_font, print_label, print_sheets

    ctype = types()[sets[0].type]
    if ctype.whole is not None:
        render_whole(name, sets, options, outputs, print_label(kit, sets), label_font(outputs.fonts), ctype.whole)
        return False
    named: list[tuple[str, Page]] = []
    for s in sets:
        for piece in s.pieces:
            named.append((piece.name, single(piece.face)))
        for back_name, back in s.backs():
            named.append((f"{s.name}-{back_name}" if len(sets) > 1 else back_name, single(back)))
    sheets = {paper: print_sheets(kit, name, sets, paper, options.bleed_for) for paper in options.papers}
    if "pdf" in options.formats and options.papers:  # (the pieces' pictures drawn as the print files draw them)
        outputs.printed.add(sheets[options.papers[0]].fronts, sheets[options.papers[0]].backs)
    if "png" in options.formats:  # (first: a contact-sheet page to patch is among the longest jobs)
        from ..render.contact import ContactSheet
        from ..kit.files import deck, page_files

        first = deck(kit)
        contact = first is not None and first in sets and len(sets) == 1
        pngs = outputs.rasterize_later([page for _, page in named], PNG_DPI, [f"png/{name}/{n}.png" for n, _ in named], f"{ctype.name}-png",
                                       f"{name}: PNG images" + (" and the contact sheet" if contact else ""),
                                       extra=len(page_files(len(first.pieces))) if contact else 0, start=not contact)
        outputs.workers.then(ContactSheet(outputs, pngs, len(first.pieces)) if contact else pngs)
    if "pdf" in options.formats:
        for paper, both in sheets.items():
            print_set(outputs, name, paper, both.fronts, both.backs, options)
    if "svg" in options.formats:
        pages = [(f"svg/{name}/{n}.svg", page) for n, page in named]
        for paper, both in sheets.items():
            pages += [(f"svg/sheets/{name}-{paper}-{page.label}.svg", page) for page in both.fronts]
            pages += [(f"svg/sheets/{name}-backs-{paper}-{page.label}.svg", page) for page in both.backs]
        outputs.svgs(pages)
    return any(both.backs for both in sheets.values())


def print_set(outputs: Outputs, name: str, paper: str, fronts: list[Page], backs: list[Page],
              options: BuildOptions) -> None:
    """print/<name>-<paper>.pdf and its backs (and, with duplex, both interleaved), the backs
    moved by --back-shift: a print file shows the whole set, and is written by a worker while
    this process goes on (the stage waits for them once this process is done)."""
    files = [(f"print/{name}-{paper}.pdf", outputs.key("pdf", fronts), fronts, False)]
    if backs:  # (none for pieces with no back: borders, standees that fold over)
        backs = [shifted(page, *options.back_shift) for page in backs]
        files.append((f"print/{name}-backs-{paper}.pdf", outputs.key("pdf", backs), backs, False))
        if options.duplex:
            both = interleave(fronts, backs)
            files.append((f"print/{name}-duplex-{paper}.pdf", outputs.key("pdf", both, "duplex"), both, True))
    jobs = [(relative, key, outputs.write_later(relative, key, pages, duplex)) for relative, key, pages, duplex in files]

    def wait() -> None:
        outputs.progress.stage(f"{name}: print sheets, {PAPERS[paper].label}", len(jobs))
        for relative, key, job in jobs:
            outputs.drawn(relative, key, job)
    outputs.workers.then(wait)


def duplex_test_pages(kit: Kit, outputs: Outputs, options: BuildOptions) -> None:
    """print/duplex-test-<paper>.pdf: one sheet to print on both sides first, that shows how far
    the printer's backs drift from its fronts (and the --back-shift that corrects it)."""
    from ..kit.readme import label_font

    font = label_font(outputs.fonts)
    title = kit.game.title.get(kit.language)
    outputs.progress.stage("duplex test page", len(options.papers))
    for paper in options.papers:
        front, back = duplex_test(PAPERS[paper], title, font, kit.language)
        pages = [front, shifted(back, *options.back_shift)]
        if options.greyscale:
            pages = [greyscale_page(page) for page in pages]
        outputs.make(f"print/duplex-test-{paper}.pdf", outputs.key("pdf", pages, "duplex"),
                     lambda pages=pages: outputs.pdf(pages, duplex=True))


def read_me_first_pages(kit: Kit, outputs: Outputs, options: BuildOptions) -> None:
    """print/read-me-first-<paper>.pdf: the kit's first page, what it holds and how to print,
    cut and put it together, and the game's rules in brief (pnp.kit.readme, pnp.compose.readme).
    Keyed by the document it is composed from (and the fonts): an unchanged one is not
    composed again, its length kept in the cache for the gallery."""
    from ..compose.readme import read_me_first, read_me_first_length, read_me_first_source
    from ..kit.readme import PrintSettings, problems, read_me_first_path

    outputs.warnings += problems(kit.game)
    settings = PrintSettings.of(options)
    fonts = sorted((role, m.name) for role, m in kit.fonts.items())
    outputs.progress.stage("read me first", len(options.papers))
    for paper in options.papers:
        relative = read_me_first_path(paper)
        key = outputs.key("read-me-first", read_me_first_source(kit, paper, settings), fonts, options.greyscale)
        length = outputs.cache.get("read-me-first", key)
        if length is not None and length.isdigit() and outputs.reusable(relative, key):
            read_me_first_length(kit, paper, settings, int(length))
            continue
        pages = read_me_first(kit, paper, settings)
        if options.greyscale:
            pages = [greyscale_page(page) for page in pages]
        outputs.make(relative, key, lambda pages=pages: outputs.pdf(pages))
        outputs.cache.put("read-me-first", key, str(len(pages)).encode("ascii"))


def render_whole(name: str, sets: list[PieceSet], options: BuildOptions, outputs: Outputs, label: str,
                 font: FontMetrics, board_pages: Callable) -> None:
    """A set printed whole (a board): each of its boards as a PDF on each paper (whole or in
    parts: `board_pages`, its type's), an SVG and a PNG. Each is keyed by what the board is
    drawn from, so an unchanged board is not even composed."""
    boards = [b for s in sets for b in s.boards]
    for board in boards:
        key = outputs.key(*board.key)
        shown = label if len(boards) == 1 else type(label)(f"{label} · {board.label}", label.language)
        if "pdf" in options.formats:
            outputs.progress.stage(f"{board.name}: PDF", len(options.papers))
            for paper in options.papers:
                outputs.make(f"print/{board.name}-{paper}.pdf", outputs.key(key, paper, shown),
                             lambda board=board, paper=PAPERS[paper], shown=shown:
                             outputs.pdf(board_pages(board.page, paper, shown, font)))
        if "svg" in options.formats:
            outputs.progress.stage(f"{board.name}: SVG", 1)
            outputs.make(f"svg/{board.name}.svg", outputs.key(key, "svg", options.svg_text),
                         lambda board=board: outputs.svg_now(single(board.page)).encode("utf-8"))
        if "png" in options.formats:  # by a worker: a picture of some 40 MB while it is drawn
            relative = f"png/{board.name}.png"
            png_key = outputs.key(key, "png", BOARD_PNG_DPI)
            job = outputs.draw_later(relative, png_key, lambda board=board: board.page, BOARD_PNG_DPI)

            def wait(board=board, relative=relative, png_key=png_key, job=job) -> None:
                outputs.progress.stage(f"{board.name}: PNG", 1)
                outputs.drawn(relative, png_key, job)
            outputs.workers.then(wait)


# --- the game as data ---------------------------------------------------------------------------

def data_key(game: "Game", outputs: Outputs) -> str | None:
    """What data.json is drawn from: the game's documents, by their content's hash, and pnp's
    code (None when a document has no hash: written again)."""
    documents = sorted((name, doc.digest) for name, doc in game.documents.items())
    return outputs.key("data.json", documents) if all(digest for _, digest in documents) else None


def game_data(game: "Game") -> Iterator[bytes]:
    """data.json: every set's groups and items as validated data, texts in every language
    (the encoder turns each text into its languages as it meets it)."""
    from ..model.game import Text

    def languages(value: object) -> dict[str, str]:
        if isinstance(value, Text):
            return {lang: value.get(lang, game.language) for lang in game.languages}
        raise TypeError(f"{type(value).__name__} is not JSON serializable")

    sets = {}
    for component in game.sets.values():
        if component.declaration.get("items_of"):
            continue
        entry: dict = {"type": component.type}
        if component.groups:
            entry["groups"] = [{**g.fields, "items": [i.fields for i in g.items]} for g in component.groups]
        else:
            entry["items"] = [i.fields for i in component.items]
        sets[component.name] = entry
    doc = {"generator": f"pnp {__version__}", "title": game.title, "languages": list(game.languages), "sets": sets}
    return json_file(doc, languages)


# --- building safely --------------------------------------------------------------------------

@dataclass
class Outcome:
    summary: str
    target: Path
    names: list[str]  # the files the build made or kept, by name in `target`
    warnings: list[str]
    keys: dict[str, str]  # each file's content key, by name

    @property
    def written(self) -> list[Path]:
        return [self.target / name for name in self.names]

    @property
    def made(self) -> dict[str, Path]:
        """Each file's content key and where it now is, for another language's build to link."""
        return {key: self.target / name for name, key in self.keys.items()}


def build_safely(game: "Game", target: Path, options: BuildOptions, progress: Progress | None = None,
                 partial: bool = False, settings: str | None = None,
                 keep: tuple[str, str, bytes] | None = None,
                 report: tuple[str, bytes] | None = None, shared: dict[str, Path] | None = None,
                 checked: "Callable[[], tuple[tuple[str, str, bytes] | None, tuple[str, bytes]]] | None" = None,
                 linking: "Linking | None" = None) -> Outcome:
    """Build into a new folder beside `target` and swap it in only when complete, so a build
    that fails or is interrupted leaves the previous output as it was. A partial build
    starts from the previous output and replaces only its own part. With `settings` (the
    options as text), the output's record says what was built from what, so that the next
    build can tell that nothing changed. `keep` is an entry for the new output's cache
    (kind, key, data): validation's map checks. `report` is validation's report (what else it
    depends on, as text; the report), kept under the fingerprint of the game's inputs so
    that validating an unchanged game again only reads it back. The first language's build
    leaves the other languages' folders in `target` (<lang>/) as they are; `shared` holds
    what they drew, by content key (`Outcome.made`), to link rather than draw again.
    `checked`, when the game's checks run beside the build, is called once the output is
    complete: it gives `keep` and `report` then, or raises (the checks failed) to leave the
    previous output as it was. `linking` (pnp.load.files.Linking), started on `target` before the
    game was read, has been linking the previous output into a staging folder meanwhile: the
    build takes that folder (or, for another folder, drops it)."""
    import shutil

    from .cache import FOLDER as CACHE
    from ..load.files import keep_previous, remove_empty_folders, staging_folder, swap_in, write_atomic
    from .fingerprint import RECORD, game_inputs, previous_outputs, read_record, record
    from ..load.paths import UnsafeName
    from ..checks.validate import keep_documents, keep_work

    try:
        if target.exists() and not target.is_dir():
            raise BuildFailed(f"cannot build into {target}: it is a file, not a folder")
        target = target.resolve()  # an out/ that is a link to a folder stays a link: build where it points
        language = options.language or game.language
        kept = {CACHE, RECORD} | (set(game.languages) - {game.language} if language == game.language else set())
        check_output_folder(target, game, kept)
        if linking is not None and linking.out != target:
            linking.discard()
            linking = None
    except BaseException:
        if linking is not None:
            linking.discard()
        raise
    try:
        staging = linking.staging if linking is not None else staging_folder(target, CACHE)
    except OSError as exc:
        raise BuildFailed(f"cannot create a folder beside {target}: {exc.strerror or exc}") from None
    try:
        inputs = game_inputs(game, read_record(target)) if settings is not None else None
        if options.tts_base_url is None:  # Tabletop Simulator opens the images where this build puts them
            from dataclasses import replace

            options = replace(options, tts_base_url=(target / "tts").as_uri() + "/")
        # start from the previous output: files that an identical input would draw again are
        # kept as they are (hard links), and a full build removes what it did not make
        if linking is None:
            keep_previous(target, staging, CACHE)
        elif not linking.finish():  # (its process failed: linked here, into a new folder)
            shutil.rmtree(staging, ignore_errors=True)
            staging = staging_folder(target, CACHE)
            keep_previous(target, staging, CACHE)
        previous = previous_outputs(staging)
        keys = {name: key for name, (key, _) in previous.items()} if partial else {}
        def keep_checks(outputs: Outputs) -> None:
            """What the build's cache keeps of the checks (once they are done, after the
            workers) and of this process's work; then the cache is trimmed."""
            nonlocal report
            # (for the trim: listed by the linking's process, else now in a thread)
            outputs.cache.survey(linking.listed if linking is not None else None)
            if checked is not None:
                waited = time.perf_counter()
                found, report = checked()  # (waiting for their process, if they run beside and are not done)
                outputs.workers.timings.waiting(time.perf_counter() - waited)
                if found is not None:
                    outputs.cache.put(*found)
            keep_work(game, outputs.cache)  # what this process computed or was given, for the next validation
            if report is not None and inputs is not None:
                from .fingerprint import fingerprint

                outputs.cache.put("report", fingerprint(inputs, report[0]), report[1])
            outputs.cache.trim()

        outputs = build(game, staging, options, progress, previous, keys, keep, shared, keep_checks,
                        lambda outputs: keep_documents(game, outputs.cache))  # (as the workers draw)
        result = outputs.result
        files = output_files(staging, kept)  # every file in the new output, by its name in it
        made = result.files if os.sep == "/" else [name.replace("/", os.sep) for name in result.files]
        if not partial:
            for name in files.difference(made):
                (staging / name).unlink()
            files.intersection_update(made)
        remove_empty_folders(staging, kept)  # (a renamed set's, emptied)
        base = os.path.join(staging, "")
        known = result.kept if os.sep == "/" else {n.replace("/", os.sep): size for n, size in result.kept.items()}
        sizes = {name: known[name] if name in known else os.stat(base + name).st_size for name in files}
        outcome = Outcome(summarise(made, sizes), target, made, outputs.warnings, outputs.keys)
        if inputs is not None:  # lets the next build see that nothing changed
            write_atomic(staging / RECORD, record(inputs, settings, sizes, outputs.keys, outputs.workers.timings.data()))
        else:  # a record kept from an earlier build would no longer be true
            (staging / RECORD).unlink(missing_ok=True)
        swap_in(staging, target)
        return outcome
    except UnsafeName as exc:  # (the checks report such a name where it comes from: the last line)
        _give_up(staging, target, linking)
        raise BuildFailed(f"build failed, {target} is unchanged: {exc}") from None
    except OSError as exc:
        _give_up(staging, target, linking)
        where = f": {exc.filename}" if exc.filename else ""
        raise BuildFailed(f"build failed, {target} is unchanged: {exc.strerror or exc}{where}") from None
    except BaseException:
        _give_up(staging, target, linking)
        raise


def _give_up(staging: Path, target: Path, linking: "Linking | None") -> None:
    """A build that failed or was stopped: the cache it took goes back to `target`, and its
    staging folder goes (a process still linking into it first)."""
    import shutil

    from .cache import FOLDER as CACHE
    from ..load.files import put_back

    if linking is not None:
        linking.discard()
    put_back(staging, target, CACHE)
    shutil.rmtree(staging, ignore_errors=True)


def check_output_folder(target: Path, game: "Game", kept: set[str] | None = None) -> None:
    """A build replaces its whole output folder, so it must be one pnp can own: never the game
    folder or a folder holding it, never one holding a file the game reads, and never one
    holding files that no build of pnp wrote (its record lists every file it wrote)."""
    from .cache import FOLDER as CACHE
    from .fingerprint import RECORD, read_record

    root = game.root.resolve()
    if target == root or target in root.parents:
        raise BuildFailed(f"cannot build into {target}: it holds the game itself ({game.manifest}); "
                          f"build into a folder of its own, such as {root / 'out'}")
    from ..checks.files import art_files

    for name in [*game.files, *(path for *_, path in art_files(game))]:
        if (root / name).resolve().is_relative_to(target):
            raise BuildFailed(f"cannot build into {target}: the game's file {name} is in it, and a build replaces "
                              f"the whole folder; build into a folder of its own, such as {root / 'out'}")
    if not target.is_dir():
        return
    record = read_record(target)
    written = set(record.get("files", {})) if isinstance(record, dict) and isinstance(record.get("files"), dict) \
        else set()
    try:
        foreign = sorted(output_files(target, kept or {CACHE, RECORD}) - written)
    except OSError as exc:  # a folder in it that cannot be read: what it holds cannot be told
        raise BuildFailed(f"cannot build into {target}: cannot read {exc.filename or target}: "
                          f"{exc.strerror or exc}") from None
    if foreign:
        more = f" and {len(foreign) - 1} more" if len(foreign) > 1 else ""
        raise BuildFailed(f"cannot build into {target}: it holds files pnp did not write ({foreign[0]}{more}), "
                          f"and a build replaces the whole folder; build into an empty or new folder, or move "
                          f"them out")


def output_files(folder: Path, leave_out: set[str]) -> set[str]:
    """Every file in `folder`, by its path inside it (as the record names it), leaving out
    the files and folders at its top named in `leave_out`, and what a build of another
    language into a folder inside leaves while it runs."""
    found: set[str] = set()

    def walk(path: str, prefix: str) -> None:
        with os.scandir(path) as entries:
            for entry in entries:
                if not prefix and (entry.name in leave_out or
                                   (entry.name.startswith(".") and (".building-" in entry.name or
                                                                    ".old-" in entry.name) and entry.is_dir())):
                    continue
                if entry.is_dir(follow_symlinks=False):
                    walk(entry.path, prefix + entry.name + os.sep)
                else:
                    found.add(prefix + entry.name)

    walk(str(folder), "")
    return found


def human_size(size: int) -> str:
    for unit in ("bytes", "KB", "MB", "GB"):
        if size < 1000 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "bytes" else f"{size:.1f} {unit}"
        size /= 1000
    return ""  # pragma: no cover


def summarise(made: list[str], sizes: dict[str, int]) -> str:
    """What a build made (its files, by name in the output) and their size on disk."""
    pdfs, svgs, pngs = (sum(1 for name in made if name.endswith(suffix)) for suffix in (".pdf", ".svg", ".png"))
    parts = [f"{n} {kind}" for n, kind in ((pdfs, "PDF"), (svgs, "SVG"), (pngs, "PNG")) if n]
    others = len(made) - pdfs - svgs - pngs
    if others:
        parts.append(f"{others} other")
    return f"{', '.join(parts)} ({human_size(sum(sizes.get(name, 0) for name in made))})"
