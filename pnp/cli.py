"""The `pnp` command line: validate, stats, rules and build."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from . import FORMATS, __version__
from .paths import GameNotFound, resolve_manifest
from .problems import format_github, format_json, format_text, shorten
from .starter import TEMPLATES

if TYPE_CHECKING:
    from .validate import Report


def validate(manifest: Path, cache=None, beside: bool = False) -> "Report":
    """Load and check a game (imported when a command needs it: a build with nothing to do
    never loads the game); with `beside`, the map's checks in a process of their own."""
    from .validate import validate as run

    return run(manifest, cache, beside)


def _manifest(game: str | None) -> Path:
    try:
        return resolve_manifest(game)
    except GameNotFound as exc:
        raise click.UsageError(str(exc)) from None


def _prefix(manifest: Path) -> str:
    """How to show game-relative paths so they open from the current folder."""
    root = manifest.parent.resolve()
    rel = os.path.relpath(root, Path.cwd().resolve())
    if rel == ".":
        return ""
    if rel.startswith(".."):
        return f"{root}/"
    return f"{Path(rel).as_posix()}/"


def _cache(out: Path):
    """The cache of the build in `out`, to read from: the files that passed their schema, the
    map checks' problems, the colour arithmetic and text fitting already done, and the
    game's documents and icons as read. Validation never writes to it: a build keeps what it
    needs in its own new cache."""
    from .cache import FOLDER, Cache
    from .validate import reuse_work

    cache = Cache(out / FOLDER)
    if not cache.present:
        return cache  # no build yet: nothing to read (and no need to fingerprint pnp itself)
    reuse_work(cache)
    return cache


def _validated(manifest: Path) -> str:
    """What a validation report depends on besides the game's inputs (as "settings" of their
    fingerprint): which manifest it is, and pnp's version."""
    return repr(("validate", manifest.name, __version__))


def _kept_report(manifest: Path) -> "Report | None":
    """The report of the last build in out/, when nothing it read has changed since: its
    record names every input (size, time and hash) and its cache keeps the report under the
    fingerprint of those inputs, pnp's code and the libraries' versions."""
    from .cache import FOLDER, Cache
    from .fingerprint import current_inputs, fingerprint, read_record

    out = manifest.parent / "out"
    record = read_record(out)
    inputs = current_inputs(manifest.parent, record) if record is not None else None
    if inputs is None:
        return None
    data = Cache(out / FOLDER).get("report", fingerprint(inputs, _validated(manifest)))
    if data is None:
        return None
    from .validate import kept

    try:
        return kept(data)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return None  # from another pnp, or damaged: validate again


def _report(manifest: Path, fmt: str) -> "Report":
    report = _kept_report(manifest) or validate(manifest, _cache(manifest.parent / "out"), beside=True)
    prefix = _prefix(manifest)
    problems = list(report.problems)
    if fmt == "json":
        click.echo(format_json(problems, report.summary_data()), nl=False)
    elif fmt == "github":
        click.echo(format_github(problems, prefix), nl=False)
        click.echo(report.summary())
    else:
        click.echo(format_text(problems, report.summary(), prefix), nl=False)
    return report


def run() -> None:
    """The pnp command (the console script, and python -m pnp): `main`, then, its output
    flushed, the process ends at once rather than freeing its objects one by one (a game of
    a thousand cards, its documents and their positions: a tenth of a second of a
    validation). pnp writes every file it keeps through a closed file before it returns; an
    error it did not expect still ends as Python ends it, with its traceback; but memory: the
    process takes at most a gigabyte more than it starts with (pnp.processes.limit_memory, as
    its workers do), and says so in a line if a game needs more."""
    from .processes import MEMORY, limit_memory

    limit_memory()
    try:
        main()
    except SystemExit as exc:
        code = 0 if exc.code is None else exc.code
    except MemoryError:
        click.echo(f"Error: the game needs more than the {MEMORY >> 30} GB of memory pnp allows itself; nothing "
                   f"was changed", err=True)
        code = 1
    else:  # pragma: no cover - main() in standalone mode always exits
        code = 0
    if not isinstance(code, int):
        raise SystemExit(code)  # (a message, which Python prints)
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:  # (None when the command was started with it closed)
                stream.flush()
    except (OSError, ValueError):  # (a closed pipe or stream: Python's own exit says so)
        raise SystemExit(code) from None
    os._exit(code)


game_option = click.option(
    "--game", "game", metavar="PATH",
    help="The game.yaml to use (or its folder). Default: game.yaml in the current folder.",
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="pnp")
def main() -> None:
    """Print-and-play assets for board games, made from data."""
    import gc

    # reading a game and building its kit make many small, short-lived objects and no cycles
    # worth chasing: collecting rarely saves a tenth of a build's time, and of a validation's
    gc.set_threshold(50_000, 20, 20)
    for stream in (sys.stdout, sys.stderr):  # a terminal that cannot show a character shows its code (\u20b9)
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")


@main.command("validate")
@game_option
@click.option("--strict", is_flag=True, help="Fail on warnings too.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "github"]), default="text", show_default=True,
              help="text for people, json for tools, github for GitHub Actions annotations.")
def validate_command(game: str | None, strict: bool, fmt: str) -> None:
    """Check the game's data: YAML, schemas and game rules.

    Exits 0 when clean, 1 when there are errors (or warnings, with --strict), 2 on usage errors.
    """
    report = _report(_manifest(game), fmt)
    sys.exit(1 if report.failed(strict) else 0)


def _shown(path: Path) -> str:
    """A folder as the designer would type it from here: relative when it is below the
    current folder, else in full; with a slash at the end."""
    resolved = path.resolve()
    try:
        relative = resolved.relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return f"{resolved.as_posix()}/"
    return "" if relative == "." else f"{relative}/"


class Refusal(click.ClickException):
    """A place pnp new or pnp schema will not write (a link on the way, a folder it cannot
    write): one line, the exit code of a usage error."""

    exit_code = 2


def _refusal(exc) -> Refusal:
    """The one line saying why pnp writes nothing at a place (an editors.Refused), the place
    named as it was given (a link's own name, not where it leads), from here when below here."""
    path = Path(os.path.abspath(exc.path))
    try:
        shown = path.relative_to(Path(os.path.abspath(".")))
    except ValueError:
        shown = path
    return Refusal(f"{shown.as_posix()} {exc.reason}")


@main.command("new")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--template", type=click.Choice(list(TEMPLATES)), default="cards", show_default=True,
              help="What to start from: " + "; ".join(f"{name}: {doc}" for name, doc in TEMPLATES.items()) + ".")
def new_command(folder: Path, template: str) -> None:
    """Start a game in FOLDER (new, or empty): a small, valid, commented game that pnp build
    turns into a kit at once, with the JSON Schemas of its files for the editor."""
    from .editors import Refused
    from .starter import SCHEMAS, NotEmpty, create
    from .validate import counted

    try:
        game, files = create(folder, template)
    except NotEmpty as exc:
        raise click.UsageError(str(exc)) from None
    except Refused as exc:
        raise _refusal(exc) from None
    shown = _shown(folder)
    click.echo(f"wrote a game of {counted(game)} into {shown or './'} from the {template} template:")
    for name in files:
        click.echo(f"  {name}")
    click.echo(f"  {SCHEMAS}/ (JSON Schemas for the editor: pnp schema writes them again after a change of fields)")
    click.echo(f"next: {f'cd {shown[:-1]}, then ' if shown else ''}pnp validate and pnp build")


@main.command("schema")
@game_option
@click.option("-o", "--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The folder to write the schemas into. Default: schemas/ beside game.yaml.")
def schema_command(game: str | None, out: Path | None) -> None:
    """Write the JSON Schema of every file of the game (its component sets' with the fields
    game.yaml declares), for editors that check YAML as it is typed; each line names a
    schema and the game's files it is for. Nothing is written through a link inside the
    game's folder (a folder given with -o outside it is the user's own choice)."""
    from .editors import Refused, schema_files, write
    from .game import load_game

    manifest = _manifest(game)
    loaded, _ = load_game(manifest)
    folder = out if out is not None else manifest.parent / "schemas"
    found = schema_files(manifest.name, loaded)
    try:
        removed = write(folder, found, within=manifest.parent)
    except Refused as exc:
        raise _refusal(exc) from None
    shown, prefix = _shown(folder), _prefix(manifest)
    width = max(len(shown + item.path) for item in found)
    for item in found:
        files = ", ".join(prefix + file for file in item.files)
        click.echo(f"{shown + item.path:<{width}}  {files}".rstrip())
    for name in removed:
        click.echo(f"removed {shown + name}: written by pnp schema before, for no file of the game now")
    if loaded is None:
        click.echo(f"error: {prefix}{manifest.name} cannot be read (pnp validate says why), so its component sets' "
                   f"schemas are not written", err=True)
        sys.exit(1)


@main.command("stats")
@game_option
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--lang", "lang", is_flag=True, help="Show what is translated into each of the game's languages instead.")
def stats_command(game: str | None, fmt: str, lang: bool) -> None:
    """Show the game's balance: a table per set, a row per group, and what the game declares."""
    from .stats import format_stats, game_stats

    manifest = _manifest(game)
    report = validate(manifest)
    if report.game is None:
        click.echo(format_text(list(report.problems), report.summary(), _prefix(manifest)), err=True, nl=False)
        sys.exit(1)
    if lang:
        from .checks.translation import coverage, format_coverage

        found = coverage(report.game, first=True)
        if fmt == "json":
            click.echo(json.dumps({"languages": [{"language": c.language, "strings": c.strings, "missing": c.missing,
                                                  "sets": {n: {"complete": d, "items": t} for n, (d, t) in c.sets.items()}}
                                                 for c in found]}, indent=2, ensure_ascii=False))
        else:
            click.echo(format_coverage(report.game, found), nl=False)
        return
    try:
        data = game_stats(report.game)
    except Exception as exc:  # an expression of stats.yaml that cannot be worked out on broken data
        click.echo(format_text(list(report.problems), report.summary(), _prefix(manifest)), err=True, nl=False)
        click.echo(f"error: the statistics cannot be worked out: {exc}", err=True)
        sys.exit(1)
    if fmt == "json":
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        click.echo(format_stats(data), nl=False)
    if report.errors:
        click.echo(f"note: the data has problems ({report.summary()}); run pnp validate", err=True)
        sys.exit(1)


@main.command("rules")
@game_option
def rules_command(game: str | None) -> None:
    """List every check pnp runs, with its id, severity and what it means; in a game's folder
    (or with --game), the game's own checks too."""
    from . import registry  # noqa: F401
    from .checks import all_checks
    from .game import load_game

    loaded = None
    try:
        manifest = resolve_manifest(game)
    except GameNotFound as exc:
        if game is not None:
            raise click.UsageError(str(exc)) from None
    else:
        loaded, _ = load_game(manifest)
    infos = all_checks(loaded)
    width = max(len(info.id) for info in infos)
    for info in infos:
        click.echo(f"{info.id.ljust(width)}  {info.severity.value:<7}  {info.doc}")


def _formats(ctx: click.Context, param: click.Parameter, value: str) -> tuple[str, ...]:
    chosen = tuple(dict.fromkeys(part.strip() for part in value.split(",") if part.strip()))
    unknown = [f for f in chosen if f not in FORMATS]
    if unknown or not chosen:
        raise click.BadParameter(f"{', '.join(unknown) or 'nothing'}: choose from {', '.join(FORMATS)}, comma-separated")
    return chosen


def _length(ctx: click.Context, param: click.Parameter, value: str | None) -> float | None:
    from .units import mm, parse_length

    if value is None:  # each kind of piece takes its own default
        return None
    try:
        length = parse_length(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    if not 0 <= length <= mm(10):
        raise click.BadParameter("bleed must be between 0 and 10mm")
    return length


def _shift(ctx: click.Context, param: click.Parameter, value: str) -> tuple[float, float]:
    """X,Y in mm (as the duplex test page reads them), as points."""
    from .units import mm

    try:
        x, y = (float(part) for part in value.replace("−", "-").split(","))
    except ValueError:
        raise click.BadParameter(f"'{value}' is not two numbers of mm, X,Y (for example 0.5,-1)") from None
    if not (abs(x) <= 10 and abs(y) <= 10):
        raise click.BadParameter("a back shift of more than 10 mm is not a drift: check the printer's settings")
    return (mm(x), mm(y))


def _settings(manifest: Path, only: tuple[str, ...], paper: str, formats: tuple[str, ...], bleed: float | None,
              duplex: bool, back_shift: tuple[float, float], tabletopia_scale: int, strict: bool,
              language: str | None = None, ink_saver: bool = False, greyscale: bool = False,
              svg_text: str = "text", tts_base_url: str | None = None) -> str:
    """The options a build's output depends on, as part of its inputs' fingerprint (with the
    manifest's name: two manifests in one folder may build into the same out/)."""
    return repr((manifest.name, sorted(only), paper, formats, bleed, duplex, back_shift, tabletopia_scale, strict,
                 language, ink_saver, greyscale, svg_text, tts_base_url, __version__))


def _declared_languages(manifest: Path) -> list[str] | None:
    """The languages game.yaml declares, read quickly (for telling whether a build is up to
    date before validating); None when that cannot be read so simply (the validation then
    says why). Read as the game's loading reads it, which then finds it read."""
    from .yamlload import load_yaml

    doc, _ = load_yaml(manifest.parent, manifest.name)
    data = doc.data if doc is not None else None
    languages = data.get("languages") if isinstance(data, dict) else None
    if isinstance(languages, list) and languages and all(isinstance(x, str) for x in languages):
        return languages
    return ["en"] if isinstance(data, dict) and "languages" not in data else None


def _languages(lang: str | None, declared: list[str]) -> list[str]:
    """The languages `--lang` asks for, the game's first when not given."""
    if lang is None:
        return declared[:1]
    if lang == "all":
        return list(declared)
    if lang not in declared:
        raise click.UsageError(f"--lang {lang}: the game declares {', '.join(declared)} (or all for every one)")
    return [lang]


def _language_target(target: Path, language: str, declared: list[str]) -> Path:
    """The default language builds into the output folder, the others into <out>/<lang>/."""
    return target if language == declared[0] else target / language


class StageBars:
    """A progress bar per stage of the build on a terminal (click's), the stage's name as a
    plain line when the output is not a terminal (a CI log)."""

    def __init__(self) -> None:
        self.bar = None

    def stage(self, label: str, total: int) -> None:
        self.close()
        # on a terminal the labels are padded so that the bars line up
        self.bar = click.progressbar(length=max(total, 1), label=f"{label:<38}" if sys.stderr.isatty() else label,
                                     file=sys.stderr, show_eta=False, show_pos=True, width=30)
        self.bar.__enter__()
        if total == 0:
            self.bar.update(1)

    def advance(self, files: int = 1) -> None:
        if self.bar is not None:
            self.bar.update(files)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.render_finish()
            self.bar = None


def _parts(game, only: tuple[str, ...]) -> tuple[str, ...]:
    """The parts --only names, checked against the game's sets, print files and exports."""
    from .pipeline import parts_of

    known = parts_of(game)
    for part in only:
        if part not in known:
            import difflib

            close = difflib.get_close_matches(part, known, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise click.UsageError(f"--only {part}: the game has no part called so{hint}; its parts: {', '.join(known)}")
    return tuple(only)


def _target(manifest: Path, out: Path | None) -> Path:
    return out if out is not None else manifest.parent / "out"


def _own_target(manifest: Path, target: Path, base: Path, explicit: bool) -> None:
    """A build writes where the user says, and nowhere a game folder leads it: a default out/
    that is a link out of the game folder (a game from elsewhere may hold one, to any folder
    of the user's) is built into only when named with -o; a language's folder in the output
    is never a link."""
    try:
        real = target.resolve()
        if target != base:
            if real != base.resolve() / target.name:
                raise click.ClickException(f"cannot build into {target}: it is a link to {real}; a language's kit is "
                                           f"built in a folder of its own in the output (remove the link)")
        elif not explicit and not real.is_relative_to(manifest.parent.resolve()):
            raise click.ClickException(f"cannot build into {target}: it is a link to {real}, outside the game "
                                       f"folder; pnp builds there only when told to (-o {target})")
    except (OSError, RuntimeError) as exc:
        raise click.ClickException(f"cannot build into {target}: {getattr(exc, 'strerror', None) or exc}") from None


@main.command("build")
@game_option
@click.option("--only", "only", multiple=True, metavar="PART",
              help="Build only this part: a component set, a print file's name, or tabletopia, tts, pod or gallery "
                   "(repeatable). Default: everything.")
@click.option("--paper", type=click.Choice(["a4", "letter", "a3", "all"]), default="all", show_default=True,
              help="Paper for the print sheets.")
@click.option("--format", "formats", default="pdf,svg,png", show_default=True, callback=_formats,
              help="Comma-separated formats to write: pdf, svg, png.")
@click.option("--bleed", default=None, callback=_length, metavar="LENGTH",
              help="Run the art this far past the cut line on print sheets (e.g. 3mm). Default: 1mm for cards, "
                   "sheets and tokens; tiles touch and share their cut lines.")
@click.option("--duplex", is_flag=True, help="Also write fronts and backs interleaved in one PDF per paper.")
@click.option("--back-shift", "back_shift", default="0,0", show_default=True, callback=_shift, metavar="X,Y",
              help="Move the backs this many mm right and down, for a printer whose backs drift (measure it "
                   "with print/duplex-test-<paper>.pdf).")
@click.option("--tabletopia-scale", "tabletopia_scale", type=click.IntRange(25, 400), default=100, show_default=True,
              metavar="PERCENT", help="Tabletopia images at 10 px per mm times this percentage.")
@click.option("--ink-saver", "ink_saver", is_flag=True,
              help="Print dark pieces light: every set's backs, the tokens, and the sets whose ink_saver: says so.")
@click.option("--greyscale", is_flag=True, help="The whole kit in greys, for a black-and-white printer.")
@click.option("--lang", "lang", default=None, metavar="LANG",
              help="Build the kit in this language of the game's (or all: every one). The first language builds "
                   "into the output folder, the others into <out>/<lang>/. Default: the game's first language.")
@click.option("--tts-base-url", "tts_base_url", default=None, metavar="URL",
              help="Where out/tts/ will be uploaded: Tabletop Simulator's saved object names its images by this URL "
                   "(followed by their names in tts/). Default: their file:/// URLs on this machine.")
@click.option("--svg-text", "svg_text", type=click.Choice(["text", "paths"]), default="text", show_default=True,
              help="SVG text as text with its fonts embedded, or as paths: the letters' outlines, drawn the same "
                   "by every tool and editable in any (cutting machines, vector editors).")
@click.option("-o", "--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder, pnp's alone (one holding the game or files pnp did not write is refused). "
                   "Default: out/ beside game.yaml.")
@click.option("--strict", is_flag=True, help="Stop on warnings too.")
@click.option("-j", "--jobs", type=click.IntRange(1, 64), default=None,
              help="Worker processes for rasterizing. Default: one per core.")
@click.option("-q", "--quiet", is_flag=True, help="Print only problems and errors.")
@click.option("-v", "--verbose", is_flag=True, help="Also list every file written.")
@click.option("--force", is_flag=True, help="Build even when nothing changed since the last build.")
def build_command(game: str | None, only: tuple[str, ...], paper: str, formats: tuple[str, ...], bleed: float | None,
                  duplex: bool, back_shift: tuple[float, float], tabletopia_scale: int, ink_saver: bool,
                  greyscale: bool, lang: str | None, tts_base_url: str | None, svg_text: str,
                  out: Path | None, strict: bool, jobs: int | None, quiet: bool, verbose: bool, force: bool) -> None:
    """Validate the game, then build its kit: print sheets, SVG and PNG images, and the exports."""
    import gc
    import time
    from dataclasses import replace

    from .fingerprint import up_to_date
    from .problems import Location, Problem, Severity

    started = time.perf_counter()
    manifest = _manifest(game)
    base = _target(manifest, out)
    _own_target(manifest, base, base, out is not None)

    def settings_for(language: str) -> str:
        return _settings(manifest, only, paper, formats, bleed, duplex, back_shift, tabletopia_scale, strict, language,
                         ink_saver, greyscale, svg_text, tts_base_url)

    declared = _declared_languages(manifest)
    current: dict[str, bool] = {}  # whether each language's output is up to date, worked out once
    if declared is not None and not force:
        wanted = _languages(lang, declared)
        targets = [_language_target(base, language, declared) for language in wanted]
        for t in targets:
            _own_target(manifest, t, base, out is not None)
        current = {language: up_to_date(t, manifest.parent, settings_for(language))
                   for t, language in zip(targets, wanted)}
        if all(current.values()):
            if not quiet:
                for t in targets:
                    click.echo(f"{t} is up to date: nothing changed since its last build")
            return
    from .cache import FOLDER as CACHE
    from .files import Linking
    from .validate import ChecksFailed, start_validation

    # the previous output is linked into the build's new folder while the game is read
    first = _language_target(base, wanted[0], declared) if declared is not None and not force else None
    linking = Linking.start(first.resolve(), CACHE) if first is not None and not current.get(wanted[0]) else None
    # the game's checks run beside the build, which keeps its output only if they pass (and
    # stops as soon as they find an error); their report is shown once they are done
    try:
        # (what builds is imported once the linking is under way, on the other core)
        from .compose.boxes import ComposeError
        from .impose import PAPERS
        from .pipeline import BuildFailed, BuildOptions, build_safely

        validation = start_validation(manifest, _cache(base), later=True, strict=strict)
    except BaseException:
        if linking is not None:
            linking.discard()
        raise
    loaded = validation.game
    shown: list = []

    def show() -> None:
        """The checks' report, shown once; the command stops here if they failed."""
        report = validation()
        if shown:
            return
        shown.append(report)
        if report.problems:
            click.echo(format_text(list(report.problems), report.summary(), _prefix(manifest)), err=True, nl=False)
        if report.failed(strict) or report.game is None:
            click.echo("build stopped: fix the errors above first", err=True)
            sys.exit(1)

    def checked() -> tuple:
        """For the build, before it keeps its output: the entry its cache keeps of the checks,
        and their report; ChecksFailed if they failed."""
        report = validation()
        if report.failed(strict):
            raise ChecksFailed()
        return report.keep.entry() if report.keep else None, (_validated(manifest), report.to_data())

    try:
        if validation.done or validation.failed(strict):  # (checked here, or loading found errors: no build)
            show()
        declared = list(loaded.languages or ("en",))
        options = BuildOptions(
            parts=_parts(loaded, only),
            papers=tuple(PAPERS) if paper == "all" else (paper,),
            formats=formats,
            bleed=bleed,
            duplex=duplex,
            back_shift=back_shift,
            tabletopia_scale=tabletopia_scale,
            svg_text=svg_text,
            tts_base_url=tts_base_url,
            jobs=jobs,
            ink_saver=ink_saver,
            greyscale=greyscale,
        )
        shared: dict[str, Path] = {}  # what one language's build drew, for the next to link
        languages = _languages(lang, declared)
        for index, language in enumerate(languages):
            target = _language_target(base, language, declared)
            _own_target(manifest, target, base, out is not None)
            settings = settings_for(language)
            if not force and (current[language] if language in current
                              else up_to_date(target, manifest.parent, settings)):
                if not quiet:
                    click.echo(f"{target} is up to date: nothing changed since its last build")
                continue
            progress = None if quiet else StageBars()
            try:  # (the first language's build takes the linking: finished or dropped, it is done)
                outcome = build_safely(loaded, target, replace(options, language=language), progress,
                                       partial=bool(only), settings=settings, checked=checked, shared=shared,
                                       linking=linking if index == 0 else None)
            except (ChecksFailed, BuildFailed, ComposeError) as exc:  # out/ is unchanged
                if progress is not None:
                    progress.close()
                    progress = None
                show()  # (their errors first: a template that fails is one of them)
                if isinstance(exc, BuildFailed):
                    raise click.ClickException(str(exc)) from None
                if not isinstance(exc, ComposeError):
                    raise
                doc = loaded.documents.get(exc.file)
                where = doc.locate(exc.at) if doc is not None else Location(exc.file)
                click.echo(format_text([Problem(where, Severity.ERROR,
                                                shorten(f"box '{exc.box}': {exc.message}, drawing {exc.piece}"),
                                                "template")],
                                       f"build stopped: {target} is unchanged", _prefix(manifest)), err=True, nl=False)
                sys.exit(1)
            except Exception:  # out/ is unchanged; data the checks beside reject may break the build first
                if progress is not None:
                    progress.close()
                    progress = None
                show()  # (their report, and the command's end, if they failed; else it is pnp's own fault)
                raise
            finally:
                if progress is not None:
                    progress.close()
            show()
            if index + 1 < len(languages):
                shared.update(outcome.made)  # what it drew, for the next to link
                gc.collect()  # the language's kit, before the next is composed (the last one's goes with the process)
            for warning in outcome.warnings:
                click.echo(f"warning: {shorten(warning)}", err=True)
            if verbose:
                for path in outcome.written:
                    click.echo(f"wrote {path}")
            if not quiet:
                elapsed = time.perf_counter() - started
                click.echo(f"built {outcome.summary} into {target} in {elapsed:.1f} s")
        show()  # (every language up to date)
    except (ChecksFailed, click.UsageError):  # (wherever the build was: out/ is unchanged)
        show()  # (their errors first, as ever)
        raise
    finally:
        if linking is not None:  # (nothing, once a build took it; else the game's errors stopped it first)
            linking.discard()
        validation.close()


# folders of tools, not of the game, that pnp watch leaves out (with hidden ones: a repository's,
# an editor's, a build's staging folders), unless the game reads a file in one
UNWATCHED = frozenset({"__pycache__", "node_modules"})


def _own_folders(root: Path, target: Path, needed: set[Path]) -> frozenset[str]:
    """The folders pnp watch watches, each on its own (a watcher given the game's folder whole
    would follow the links in it, out of the game: to a large tree, or to /): the game's folder
    and every folder below it, found without following a link, but the output folder `target`,
    and hidden and tools' folders (UNWATCHED) unless the game reads from one (`needed`)."""
    found, stack = [], [root]
    while stack:
        folder = stack.pop()
        found.append(str(folder))
        try:
            with os.scandir(folder) as entries:
                below = [Path(entry.path) for entry in entries if _real_folder(entry)]
        except OSError:
            continue  # (unreadable: watched as it is)
        for path in below:
            if path == target:
                continue
            if (path.name.startswith(".") or path.name in UNWATCHED) and \
                    not any(path == place or path in place.parents for place in needed):
                continue
            stack.append(path)
    return frozenset(found)


def _real_folder(entry: os.DirEntry) -> bool:
    """Whether a folder's entry is a folder itself, not a link to one."""
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


def _serve(target: Path):
    """For pnp watch --serve: the gallery in `target` served on the loopback, the address
    printed; returns the server (to shut down) and the status its page asks for."""
    from .live import Status, serve

    status = Status()
    server, url = serve(target, status)
    click.echo(f"serving the gallery at {url} (it reloads after each rebuild)")
    return server, status


@main.command("watch")
@game_option
@click.option("-o", "--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder. Default: out/ beside game.yaml.")
@click.option("--only", "only", multiple=True, metavar="PART",
              help="Rebuild only this part (repeatable). Default: everything.")
@click.option("--format", "formats", default="pdf,svg,png", show_default=True, callback=_formats,
              help="Comma-separated formats to write: pdf, svg, png.")
@click.option("--serve", "serve", is_flag=True,
              help="Also serve the gallery on 127.0.0.1 (at a port it picks, printed): the page reloads after each "
                   "rebuild and shows a failed one's problems.")
def watch_command(game: str | None, out: Path | None, only: tuple[str, ...], formats: tuple[str, ...],
                  serve: bool) -> None:
    """Rebuild on every save of a file the game reads: problems as they appear, one line per
    rebuild. Ctrl-C stops."""
    import fnmatch
    import time

    import watchfiles

    from .fingerprint import read_record, watched
    from .pipeline import BuildFailed, BuildOptions, build_safely

    manifest = _manifest(game)
    root = manifest.parent.resolve()
    target = _target(manifest, out).resolve()
    if serve and only and "gallery" not in only:
        only += ("gallery",)  # the page shown is the gallery: it is rebuilt too
    state = {"files": {manifest.resolve()}, "folders": set(), "globs": []}

    def rebuild() -> tuple[bool, list[str], str]:
        """Validate and build: whether it built, the problems as printed, and a line saying how it went."""
        started = time.perf_counter()
        report = validate(manifest, _cache(target))
        if report.game is not None:
            state["files"] |= {(root / f).resolve() for f in report.game.files}
        problems = format_text(list(report.problems), report.summary()).splitlines()[:-1]
        if report.problems:
            click.echo(format_text(list(report.problems), report.summary(), _prefix(manifest)), nl=False)
        if report.failed():
            return False, problems, f"not built: {report.summary()}; {target} is unchanged"
        try:
            options = BuildOptions(parts=_parts(report.game, only), formats=formats)
            settings = _settings(manifest, only, "all", formats, None, False, (0.0, 0.0), 100, False,
                                 report.game.language)
            # the record lets each rebuild keep what the edit did not change (and pnp build
            # afterwards find the output up to date)
            outcome = build_safely(report.game, target, options, partial=bool(only), settings=settings,
                                   keep=report.keep.entry() if report.keep else None,
                                   report=(_validated(manifest), report.to_data()))
        except (BuildFailed, click.UsageError) as exc:
            return False, problems, f"error: {exc}"
        except Exception as exc:  # a bug: say so, and keep watching
            return False, problems, f"error: the build failed ({type(exc).__name__}: {exc}); {target} is unchanged"
        files, folders, globs = watched(root, read_record(target))
        state["files"] = files | {manifest.resolve()}
        state["folders"], state["globs"] = folders, globs
        return True, problems, f"built {outcome.summary} in {time.perf_counter() - started:.1f} s"

    def run() -> None:
        if status is not None:
            status.building()
        ok, problems, line = rebuild()
        if status is not None:  # before the line, which says the page has it
            status.done(ok, line, problems)
        click.echo(line)

    def relevant(change: watchfiles.Change, path: str) -> bool:
        """Only the files the game reads (and what its globs and folders could add) matter, and
        a folder made in the game's (to be watched too)."""
        resolved = Path(path).resolve()
        if resolved == target or target in resolved.parents or resolved.name.startswith("."):
            return False
        if change == watchfiles.Change.added and made(path):
            return True
        if resolved in state["files"] or resolved.parent in state["folders"]:
            return True
        try:
            relative = resolved.relative_to(root).as_posix()
        except ValueError:
            return False
        return any(fnmatch.fnmatch(relative, pattern) for pattern in state["globs"])

    def made(path: str) -> bool:
        """Whether a path is a folder the game's watcher does not watch yet (not a link)."""
        return os.path.isdir(path) and not os.path.islink(path) and path not in watching \
            and Path(path).name not in UNWATCHED

    def needed() -> set[Path]:
        """The folders of the game it reads from (hidden ones too), as its last build found them."""
        folders = {file.parent for file in state["files"]} | set(state["folders"])
        return {folder for folder in folders if folder == root or root in folder.parents}

    def start(folders: frozenset[str]):
        """A watcher of these folders, started (it keeps every save from then on)."""
        for _ in range(3):
            saves = watchfiles.watch(*sorted(folders), watch_filter=relevant, debounce=300, rust_timeout=200,
                                     yield_on_timeout=True, recursive=False, ignore_permission_denied=True)
            try:
                following(saves)
                return saves, folders
            except FileNotFoundError:  # one was removed meanwhile: look again
                folders = _own_folders(root, target, needed())
        raise click.ClickException(f"cannot watch {root}: its folders keep changing")

    def following(saves) -> set:
        """The next saves a watcher reports (none after a fifth of a second); an error of the
        watcher (the system's limit of watches reached, say) ends the command in one line."""
        try:
            return next(saves)
        except FileNotFoundError:
            raise
        except (OSError, RuntimeError) as exc:
            raise click.ClickException(f"cannot watch {root}: {exc}") from None

    def rewatch() -> set[str]:
        """Watch the game's folders as they are now, when they changed: the new watcher is
        started before the old one stops. Returns the paths the old one kept since it was last
        asked, and the files in the folders watched from now on (saved before their watch
        began), but those folders themselves."""
        nonlocal saves, watching
        folders = _own_folders(root, target, needed())
        if folders == watching:
            return set()
        new, folders = start(folders)
        left = following(saves)  # (within a fifth of a second: it has waited for nothing since)
        saves.close()
        added = folders - watching
        saves, watching = new, folders
        return {path for _, path in left if path not in added} | inside(added)

    def inside(folders: frozenset[str]) -> set[str]:
        """The files the game could read in these folders (not in those below them, each
        watched on its own)."""
        found = set()
        for folder in folders:
            try:
                with os.scandir(folder) as entries:
                    found |= {entry.path for entry in entries if relevant(watchfiles.Change.added, entry.path)
                              and not made(entry.path)}
            except OSError:
                continue
        return found

    click.echo(f"watching {root} (Ctrl-C to stop)")
    server, status = _serve(target) if serve else (None, None)
    # the watcher starts (and keeps every save from then on) before the first build, so that a
    # save during it is not missed; it answers at least every 0.2 s
    watching: frozenset[str] = frozenset()
    saves, watching = start(_own_folders(root, target, needed()))
    try:
        run()
        pending = rewatch()  # (a hidden folder the game reads from, found by its build)
        while True:
            paths, pending = pending or {path for _, path in following(saves)}, set()
            folders = {path for path in paths if made(path)}
            if folders:  # made since: watched from now on
                paths = (paths - folders) | rewatch()
            if not paths:
                continue
            names = sorted({os.path.relpath(path, root) for path in paths})
            click.echo(f"changed: {', '.join(names)}")
            run()
            pending = rewatch()
    except KeyboardInterrupt:
        pass
    finally:
        saves.close()
        if server is not None:
            server.shutdown()
