"""The `pnp` command line: validate, stats, rules and build."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from . import __version__
from .game import GameNotFound, resolve_manifest
from .problems import CHECKS, format_github, format_json, format_text
from .rules import RULES  # noqa: F401  (registers the rule checks)
from .stats import deck_stats, format_stats
from .validate import Report, validate


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
    board checks' problems and the colour arithmetic already done. Validation never writes
    to it: a build keeps what it needs in its own new cache."""
    import json

    from . import colours, schema
    from .cache import FOLDER, Cache
    from .fingerprint import environment

    cache = Cache(out / FOLDER)
    try:
        known = cache.get("colours", environment())
        if known is not None:
            colours.remember(json.loads(known))
        known = cache.get("schema-clean", environment())
        if known is not None:
            schema.clean.update(json.loads(known))
    except (ValueError, TypeError):
        pass  # an entry from another pnp: it is made again
    return cache


def _report(manifest: Path, fmt: str) -> Report:
    report = validate(manifest, _cache(manifest.parent / "out"))
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


game_option = click.option(
    "--game", "game", metavar="PATH",
    help="The game.yaml to use (or its folder). Default: game.yaml in the current folder.",
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="pnp")
def main() -> None:
    """Print-and-play assets for board games, made from data."""


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


@main.command("stats")
@game_option
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def stats_command(game: str | None, fmt: str) -> None:
    """Show the deck's balance: cards, leaders and their followers, symbols per suit."""
    manifest = _manifest(game)
    report = validate(manifest)
    if report.game is None:
        click.echo(format_text(list(report.problems), report.summary(), _prefix(manifest)), err=True, nl=False)
        sys.exit(1)
    data = deck_stats(report.game)
    if fmt == "json":
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        click.echo(format_stats(data), nl=False)
    if report.errors:
        click.echo(f"note: the data has problems ({report.summary()}); run pnp validate", err=True)
        sys.exit(1)


@main.command("rules")
def rules_command() -> None:
    """List every check pnp runs, with its id, severity and what it means."""
    width = max(len(check_id) for check_id in CHECKS)
    for info in CHECKS.values():
        click.echo(f"{info.id.ljust(width)}  {info.severity.value:<7}  {info.doc}")


def _formats(ctx: click.Context, param: click.Parameter, value: str) -> tuple[str, ...]:
    from .build import FORMATS

    chosen = tuple(dict.fromkeys(part.strip() for part in value.split(",") if part.strip()))
    unknown = [f for f in chosen if f not in FORMATS]
    if unknown or not chosen:
        raise click.BadParameter(f"{', '.join(unknown) or 'nothing'}: choose from {', '.join(FORMATS)}, comma-separated")
    return chosen


def _length(ctx: click.Context, param: click.Parameter, value: str) -> float:
    from .units import mm, parse_length

    try:
        length = parse_length(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    if not 0 <= length <= mm(10):
        raise click.BadParameter("bleed must be between 0 and 10mm")
    return length


def _settings(only: tuple[str, ...], paper: str, formats: tuple[str, ...], bleed: float, duplex: bool,
              tabletopia_scale: int, strict: bool) -> str:
    """The options a build's output depends on, as part of its inputs' fingerprint."""
    return repr((sorted(only), paper, formats, bleed, duplex, tabletopia_scale, strict, __version__))


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


@main.command("build")
@game_option
@click.option("--only", "only", type=click.Choice(["cards", "board", "money", "tokens", "aid", "tabletopia", "tts", "pod",
                                                  "gallery"]), multiple=True,
              help="Build only this component (repeatable). Default: everything.")
@click.option("--paper", type=click.Choice(["a4", "letter", "a3", "all"]), default="all", show_default=True,
              help="Paper for the print sheets.")
@click.option("--format", "formats", default="pdf,svg,png", show_default=True, callback=_formats,
              help="Comma-separated formats to write: pdf, svg, png.")
@click.option("--bleed", default="0mm", show_default=True, callback=_length, metavar="LENGTH",
              help="Run the art this far past the cut line on print sheets (e.g. 3mm).")
@click.option("--duplex", is_flag=True, help="Also write fronts and backs interleaved in one PDF per paper.")
@click.option("--tabletopia-scale", "tabletopia_scale", type=click.IntRange(25, 400), default=100, show_default=True,
              metavar="PERCENT", help="Tabletopia images at 10 px per mm times this percentage.")
@click.option("-o", "--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder. Default: out/ beside game.yaml.")
@click.option("--strict", is_flag=True, help="Stop on warnings too.")
@click.option("-j", "--jobs", type=click.IntRange(1, 64), default=None,
              help="Worker processes for rasterizing. Default: one per core.")
@click.option("-q", "--quiet", is_flag=True, help="Print only problems and errors.")
@click.option("-v", "--verbose", is_flag=True, help="Also list every file written.")
@click.option("--force", is_flag=True, help="Build even when nothing changed since the last build.")
def build_command(game: str | None, only: tuple[str, ...], paper: str, formats: tuple[str, ...], bleed: float,
                  duplex: bool, tabletopia_scale: int, out: Path | None, strict: bool, jobs: int | None,
                  quiet: bool, verbose: bool, force: bool) -> None:
    """Validate the game, then build its kit: card sheets and the board to print, SVG and PNG images."""
    import gc
    import time

    # a build makes many small, short-lived objects and no cycles worth chasing: collecting
    # rarely saves about a tenth of the time
    gc.set_threshold(50_000, 20, 20)

    from .build import COMPONENTS, BuildFailed, BuildOptions, build_safely
    from .impose import PAPERS

    started = time.perf_counter()
    manifest = _manifest(game)
    target = out if out is not None else manifest.parent / "out"
    from .fingerprint import inputs_fingerprint, up_to_date

    fingerprint = inputs_fingerprint(manifest.parent, target,
                                     _settings(only, paper, formats, bleed, duplex, tabletopia_scale, strict))
    if not force and up_to_date(target, fingerprint):
        if not quiet:
            click.echo(f"{target} is up to date: nothing changed since its last build")
        return
    report = validate(manifest, _cache(target))
    if report.problems:
        click.echo(format_text(list(report.problems), report.summary(), _prefix(manifest)), err=True, nl=False)
    if report.failed(strict):
        click.echo("build stopped: fix the errors above first", err=True)
        sys.exit(1)
    options = BuildOptions(
        components=only or COMPONENTS,
        papers=tuple(PAPERS) if paper == "all" else (paper,),
        formats=formats,
        bleed=bleed,
        duplex=duplex,
        tabletopia_scale=tabletopia_scale,
        jobs=jobs,
    )
    progress = None if quiet else StageBars()
    try:
        outcome = build_safely(report.game, target, options, progress, partial=bool(only), fingerprint=fingerprint,
                               keep=report.keep)
    except BuildFailed as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        if progress is not None:
            progress.close()
    for warning in outcome.warnings:
        click.echo(f"warning: {warning}", err=True)
    if verbose:
        for path in outcome.written:
            click.echo(f"wrote {path}")
    if not quiet:
        elapsed = time.perf_counter() - started
        click.echo(f"built {outcome.summary} into {target} in {elapsed:.1f} s")


@main.command("watch")
@game_option
@click.option("-o", "--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder. Default: out/ beside game.yaml.")
@click.option("--only", "only", type=click.Choice(["cards", "board", "money", "tokens", "aid", "tabletopia", "tts", "pod",
                                                  "gallery"]), multiple=True,
              help="Rebuild only this part (repeatable). Default: everything.")
@click.option("--format", "formats", default="pdf,svg,png", show_default=True, callback=_formats,
              help="Comma-separated formats to write: pdf, svg, png.")
def watch_command(game: str | None, out: Path | None, only: tuple[str, ...], formats: tuple[str, ...]) -> None:
    """Rebuild on every save: problems as they appear, one line per rebuild. Ctrl-C stops."""
    import time

    import watchfiles

    from .build import COMPONENTS, BuildFailed, BuildOptions, build_safely
    from .fingerprint import inputs_fingerprint

    manifest = _manifest(game)
    root = manifest.parent.resolve()
    target = (out if out is not None else manifest.parent / "out").resolve()
    options = BuildOptions(components=only or COMPONENTS, formats=formats)

    def rebuild() -> None:
        started = time.perf_counter()
        report = validate(manifest, _cache(target))
        if report.problems:
            click.echo(format_text(list(report.problems), report.summary(), _prefix(manifest)), nl=False)
        if report.failed():
            click.echo(f"not built: {report.summary()}; {target} is unchanged")
            return
        # the record lets each rebuild keep what the edit did not change (and pnp build
        # afterwards find the output up to date)
        fingerprint = inputs_fingerprint(root, target, _settings(only, "all", formats, 0.0, False, 100, False))
        try:
            outcome = build_safely(report.game, target, options, partial=bool(only), fingerprint=fingerprint,
                                   keep=report.keep)
        except BuildFailed as exc:
            click.echo(f"error: {exc}")
            return
        except Exception as exc:  # a bug: say so, and keep watching
            click.echo(f"error: the build failed ({type(exc).__name__}: {exc}); {target} is unchanged")
            return
        click.echo(f"built {outcome.summary} in {time.perf_counter() - started:.1f} s")

    def ignored(change: watchfiles.Change, path: str) -> bool:
        resolved = Path(path).resolve()
        return not (resolved == target or target in resolved.parents or resolved.name.startswith(".")
                    or any(part.startswith(f".{target.name}.") for part in resolved.parts)
                    or "__pycache__" in resolved.parts)

    click.echo(f"watching {root} (Ctrl-C to stop)")
    rebuild()
    try:
        for changes in watchfiles.watch(root, watch_filter=ignored, debounce=300, rust_timeout=0):
            names = sorted({os.path.relpath(path, root) for _, path in changes})
            click.echo(f"changed: {', '.join(names)}")
            rebuild()
    except KeyboardInterrupt:
        pass
