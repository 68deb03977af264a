"""What the commands share: finding the game, validating it, where its output goes and in
which languages, and what a build's settings are (the record compares them)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .. import __version__
from ..load.paths import GameNotFound, resolve_manifest
from ..problems import format_github, format_json, format_text

if TYPE_CHECKING:
    from ..checks.validate import Report


def validate(manifest: Path, cache=None, beside: bool = False) -> "Report":
    """Load and check a game (imported when a command needs it: a build with nothing to do
    never loads the game); with `beside`, the map's checks in a process of their own."""
    from ..checks.validate import validate as run

    return run(manifest, cache, beside)


def manifest_of(game: str | None) -> Path:
    try:
        return resolve_manifest(game)
    except GameNotFound as exc:
        raise click.UsageError(str(exc)) from None


def prefix_of(manifest: Path) -> str:
    """How to show game-relative paths so they open from the current folder."""
    root = manifest.parent.resolve()
    rel = os.path.relpath(root, Path.cwd().resolve())
    if rel == ".":
        return ""
    if rel.startswith(".."):
        return f"{root}/"
    return f"{Path(rel).as_posix()}/"


def cache_of(out: Path):
    """The cache of the build in `out`, to read from: the files that passed their schema, the
    map checks' problems, the colour arithmetic and text fitting already done, and the
    game's documents and icons as read. Validation never writes to it: a build keeps what it
    needs in its own new cache."""
    from ..build.cache import FOLDER, Cache
    from ..checks.validate import reuse_work

    cache = Cache(out / FOLDER)
    if not cache.present:
        return cache  # no build yet: nothing to read (and no need to fingerprint pnp itself)
    reuse_work(cache)
    return cache


def validated(manifest: Path) -> str:
    """What a validation report depends on besides the game's inputs (as "settings" of their
    fingerprint): which manifest it is, pnp's version, and when pnp schema last wrote the
    game's schemas/ (the report says whether they are older than the fields)."""
    from .editors import stamp

    return repr(("validate", manifest.name, __version__, stamp(manifest.parent)))


def kept_report(manifest: Path) -> "Report | None":
    """The report of the last build in out/, when nothing it read has changed since: its
    record names every input (size, time and hash) and its cache keeps the report under the
    fingerprint of those inputs, pnp's code and the libraries' versions."""
    from ..build.cache import FOLDER, Cache
    from ..build.fingerprint import current_inputs, fingerprint, read_record

    out = manifest.parent / "out"
    record = read_record(out)
    inputs = current_inputs(manifest.parent, record) if record is not None else None
    if inputs is None:
        return None
    data = Cache(out / FOLDER).get("report", fingerprint(inputs, validated(manifest)))
    if data is None:
        return None
    from ..checks.validate import kept

    try:
        return kept(data)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return None  # from another pnp, or damaged: validate again


def report_of(manifest: Path, fmt: str) -> "Report":
    report = kept_report(manifest) or validate(manifest, cache_of(manifest.parent / "out"), beside=True)
    prefix = prefix_of(manifest)
    problems = list(report.problems)
    if fmt == "json":
        click.echo(format_json(problems, report.summary_data()), nl=False)
    elif fmt == "github":
        click.echo(format_github(problems, prefix), nl=False)
        click.echo(report.summary())
    else:
        click.echo(format_text(problems, report.summary(), prefix), nl=False)
    return report


def settings_of(manifest: Path, only: tuple[str, ...], paper: str, formats: tuple[str, ...], bleed: float | None,
              duplex: bool, back_shift: tuple[float, float], tabletopia_scale: int, strict: bool,
              language: str | None = None, ink_saver: bool = False, greyscale: bool = False,
              svg_text: str = "paths+text", tts_base_url: str | None = None, languages: tuple[str, ...] = ()) -> str:
    """The options a build's output depends on, as part of its inputs' fingerprint (with the
    manifest's name: two manifests in one folder may build into the same out/; and the
    languages built with it, which its gallery links)."""
    return repr((manifest.name, sorted(only), paper, formats, bleed, duplex, back_shift, tabletopia_scale, strict,
                 language, ink_saver, greyscale, svg_text, tts_base_url, languages, __version__))


def declared_languages(manifest: Path) -> list[str] | None:
    """The languages game.yaml declares, read quickly (for telling whether a build is up to
    date before validating); None when that cannot be read so simply (the validation then
    says why). Read as the game's loading reads it, which then finds it read."""
    from ..load.yamlload import load_yaml

    doc, _ = load_yaml(manifest.parent, manifest.name)
    data = doc.data if doc is not None else None
    languages = data.get("languages") if isinstance(data, dict) else None
    if isinstance(languages, list) and languages and all(isinstance(x, str) for x in languages):
        return languages
    return ["en"] if isinstance(data, dict) and "languages" not in data else None


def languages_of(lang: str | None, declared: list[str]) -> list[str]:
    """The languages `--lang` asks for, the game's first when not given."""
    if lang is None:
        return declared[:1]
    if lang == "all":
        return list(declared)
    if lang not in declared:
        raise click.UsageError(f"--lang {lang}: the game declares {', '.join(declared)} (or all for every one)")
    return [lang]


def language_target(target: Path, language: str, declared: list[str]) -> Path:
    """The default language builds into the output folder, the others into <out>/<lang>/."""
    return target if language == declared[0] else target / language


def only_parts(game, only: tuple[str, ...]) -> tuple[str, ...]:
    """The parts --only names, checked against the game's sets, print files and exports."""
    from ..build.pipeline import parts_of

    known = parts_of(game)
    for part in only:
        if part not in known:
            import difflib

            close = difflib.get_close_matches(part, known, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise click.UsageError(f"--only {part}: the game has no part called so{hint}; its parts: {', '.join(known)}")
    return tuple(only)


def target_of(manifest: Path, out: Path | None) -> Path:
    return out if out is not None else manifest.parent / "out"


def own_target(manifest: Path, target: Path, base: Path, explicit: bool) -> None:
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
