"""The `pnp` command line: its commands and their options (the build's and watch's use cases are
pnp.commands')."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from . import FORMATS, __version__
from .commands.common import manifest_of, prefix_of, report_of, validate
from .load.paths import GameNotFound, resolve_manifest
from .problems import format_text
from .commands.starter import TEMPLATES


def run() -> None:
    """The pnp command (the console script, and python -m pnp): `main`, then, its output
    flushed, the process ends at once rather than freeing its objects one by one (a game of
    a thousand cards, its documents and their positions: a tenth of a second of a
    validation). pnp writes every file it keeps through a closed file before it returns; an
    error it did not expect still ends as Python ends it, with its traceback (and a crash in a
    library's C code with Python's fault handler's: where each thread was); but memory: the
    process takes at most a gigabyte more than it starts with (pnp.build.processes.limit_memory, as
    its workers do), and says so in a line if a game needs more."""
    import faulthandler

    from .build.processes import MEMORY, limit_memory

    limit_memory()
    try:  # a crash of the process itself (in a library's C code) prints where, never a silent exit
        faulthandler.enable(sys.__stderr__, all_threads=True)
    except (AttributeError, ValueError, OSError):  # (no error stream, or a closed one)
        pass
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
    report = report_of(manifest_of(game), fmt)
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
    from .commands.editors import Refused
    from .commands.starter import SCHEMAS, NotEmpty, create
    from .checks.validate import counted

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
    click.echo("  .vscode/settings.json (yaml.schemas, the schema of each file for VS Code)")
    click.echo(f"next: {f'cd {shown[:-1]}, then ' if shown else ''}pnp validate and pnp build")


def _settings_line(prefix: str, written: str, why: str | None) -> str:
    """What pnp schema and pnp new say of the editor's mapping (pnp.commands.editors.write_settings)."""
    from .commands.editors import SETTINGS

    if why is None:
        return f"{prefix}{written}: yaml.schemas, the schema of each file for VS Code"
    return f"{prefix}{written}: yaml.schemas, to copy into {prefix}{SETTINGS}, which pnp leaves as it is: it {why}"


@main.command("schema")
@game_option
@click.option("-o", "--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The folder to write the schemas into. Default: schemas/ beside game.yaml.")
def schema_command(game: str | None, out: Path | None) -> None:
    """Write the JSON Schema of every file of the game (its component sets' with the fields
    game.yaml declares), for editors that check YAML as it is typed; each line names a
    schema and the game's files it is for. Nothing is written through a link inside the
    game's folder (a folder given with -o outside it is the user's own choice)."""
    from .commands.editors import Refused, anchor, schema_files, write, write_settings
    from .load.game import load_game

    manifest = manifest_of(game)
    loaded, _ = load_game(manifest)
    folder = out if out is not None else manifest.parent / "schemas"
    found = schema_files(manifest.name, loaded)
    try:
        removed = write(folder, found, within=manifest.parent)
        inside = anchor(folder, manifest.parent)[0] == anchor(manifest.parent, manifest.parent)[0]
        settings = write_settings(manifest.parent, folder, found, removed) if inside else None
    except Refused as exc:
        raise _refusal(exc) from None
    shown, prefix = _shown(folder), prefix_of(manifest)
    width = max(len(shown + item.path) for item in found)
    for item in found:
        files = ", ".join(prefix + file for file in item.files)
        click.echo(f"{shown + item.path:<{width}}  {files}".rstrip())
    for name in removed:
        click.echo(f"removed {shown + name}: written by pnp schema before, for no file of the game now")
    if settings is not None:  # (schemas written outside the game folder: its editor's settings are left alone)
        click.echo(_settings_line(prefix, *settings))
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
    from .model.stats import format_stats, game_stats

    manifest = manifest_of(game)
    report = validate(manifest)
    if report.game is None:
        click.echo(format_text(list(report.problems), report.summary(), prefix_of(manifest)), err=True, nl=False)
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
        click.echo(format_text(list(report.problems), report.summary(), prefix_of(manifest)), err=True, nl=False)
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
    from .checks import registry  # noqa: F401
    from .checks import all_checks
    from .load.game import load_game

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
@click.option("--svg-text", "svg_text", type=click.Choice(["paths+text", "text", "paths"]), default="paths+text",
              show_default=True,
              help="SVG text as paths+text: the letters' outlines, drawn as the PDF prints them by every tool, "
                   "under invisible text to find and select; as text: editable text with its fonts embedded (right "
                   "in browsers only); or as paths: the outlines alone, for cutting machines and "
                   "vector editors.")
@click.option("-o", "--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder, pnp's alone (one holding the game or files pnp did not write is refused). "
                   "Default: out/ beside game.yaml.")
@click.option("--strict", is_flag=True, help="Stop on warnings too.")
@click.option("-j", "--jobs", type=click.IntRange(1, 64), default=None,
              help="Worker processes for rasterizing. Default: one per core.")
@click.option("-q", "--quiet", is_flag=True, help="Print only problems and errors.")
@click.option("-v", "--verbose", is_flag=True, help="Also list every file written.")
@click.option("--force", is_flag=True, help="Build even when nothing changed since the last build.")
@click.option("--timings", is_flag=True, help="After the build, print where its time went: the main process's "
                                                "wall and CPU time by stage, the workers' by kind of job.")
def build_command(game: str | None, only: tuple[str, ...], paper: str, formats: tuple[str, ...], bleed: float | None,
                  duplex: bool, back_shift: tuple[float, float], tabletopia_scale: int, ink_saver: bool,
                  greyscale: bool, lang: str | None, tts_base_url: str | None, svg_text: str,
                  out: Path | None, strict: bool, jobs: int | None, quiet: bool, verbose: bool, force: bool,
                  timings: bool) -> None:
    """Validate the game, then build its kit: print sheets, SVG and PNG images, and the exports."""
    from .commands.build import build

    build(game, only, paper, formats, bleed, duplex, back_shift, tabletopia_scale, ink_saver, greyscale, lang,
          tts_base_url, svg_text, out, strict, jobs, quiet, verbose, force, timings=timings)


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
    from .commands.watch import watch

    watch(game, out, only, formats, serve)
