"""pnp build: validate the game, and build its kit into its output folder (each language's
into its own), beside the checks, keeping what an earlier build drew from the same inputs."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from ..problems import format_text, shorten
from .common import (cache_of, declared_languages, language_target, languages_of, manifest_of, only_parts, own_target,
                     prefix_of, settings_of, target_of, validated)


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


def build(game: str | None, only: tuple[str, ...], paper: str, formats: tuple[str, ...], bleed: float | None,
          duplex: bool, back_shift: tuple[float, float], tabletopia_scale: int, ink_saver: bool, greyscale: bool,
          lang: str | None, tts_base_url: str | None, svg_text: str, out: Path | None, strict: bool, jobs: int | None,
          quiet: bool, verbose: bool, force: bool, timings: bool = False) -> None:
    """Validate the game, then build its kit: print sheets, SVG and PNG images, and the exports."""
    import gc
    import time
    from dataclasses import replace

    from ..build.fingerprint import up_to_date
    from ..problems import Location, Problem, Severity

    started = time.perf_counter()
    manifest = manifest_of(game)
    base = target_of(manifest, out)
    own_target(manifest, base, base, out is not None)

    def settings_for(language: str) -> str:
        # (its gallery links the other languages built with it or already beside it: the record holds
        # those, so that a language built alone beside the others is as --lang all leaves it)
        from ..build.fingerprint import RECORD

        linked = tuple(other for other in declared or () if other != language and (
            other in together or (language_target(base, other, declared) / RECORD).is_file()))
        return settings_of(manifest, only, paper, formats, bleed, duplex, back_shift, tabletopia_scale, strict,
                           language, ink_saver, greyscale, svg_text, tts_base_url, linked)

    declared = declared_languages(manifest)
    # the languages built together, whose galleries link each other (one alone: as pnp watch builds it)
    together = tuple(languages_of(lang, declared)) if declared is not None and lang == "all" else ()
    current: dict[str, bool] = {}  # whether each language's output is up to date, worked out once
    if declared is not None and not force:
        wanted = languages_of(lang, declared)
        targets = [language_target(base, language, declared) for language in wanted]
        for t in targets:
            own_target(manifest, t, base, out is not None)
        current = {language: up_to_date(t, manifest.parent, settings_for(language))
                   for t, language in zip(targets, wanted)}
        if all(current.values()):
            if not quiet:
                for t in targets:
                    click.echo(f"{t} is up to date: nothing changed since its last build")
            return
    from ..build.cache import FOLDER as CACHE
    from ..load.files import Linking
    from ..checks.validate import ChecksFailed, start_validation

    # the previous output is linked into the build's new folder while the game is read
    first = language_target(base, wanted[0], declared) if declared is not None and not force else None
    linking = Linking.start(first.resolve(), CACHE) if first is not None and not current.get(wanted[0]) else None
    from ..build.scheduler import discard_early, start_early

    start_early(jobs)  # (the workers, forked while this process is small, import what draws as it reads the game)
    # the game's checks run beside the build, which keeps its output only if they pass (and
    # stops as soon as they find an error); their report is shown once they are done
    try:
        # (what builds is imported once the linking is under way, on the other core)
        from ..compose.piece import ComposeError
        from ..impose import PAPERS
        from ..build.pipeline import BuildFailed, BuildOptions, build_safely
        from ..build.processes import WorkerDied

        validation = start_validation(manifest, cache_of(base), later=True, strict=strict)
    except BaseException:
        if linking is not None:
            linking.discard()
        discard_early()
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
            click.echo(format_text(list(report.problems), report.summary(), prefix_of(manifest)), err=True, nl=False)
        if report.failed(strict) or report.game is None:
            click.echo("build stopped: fix the errors above first", err=True)
            sys.exit(1)

    def checked() -> tuple:
        """For the build, before it keeps its output: the entry its cache keeps of the checks,
        and their report; ChecksFailed if they failed."""
        report = validation()
        if report.failed(strict):
            raise ChecksFailed()
        return report.keep.entry() if report.keep else None, (validated(manifest), report.to_data())

    try:
        if validation.done or validation.failed(strict):  # (checked here, or loading found errors: no build)
            show()
        declared = list(loaded.languages or ("en",))
        together = tuple(languages_of(lang, declared)) if lang == "all" else ()
        options = BuildOptions(
            parts=only_parts(loaded, only),
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
        languages = languages_of(lang, declared)
        for index, language in enumerate(languages):
            target = language_target(base, language, declared)
            own_target(manifest, target, base, out is not None)
            settings = settings_for(language)
            if not force and (current[language] if language in current
                              else up_to_date(target, manifest.parent, settings)):
                if not quiet:
                    click.echo(f"{target} is up to date: nothing changed since its last build")
                continue
            progress = None if quiet else StageBars()
            try:  # (the first language's build takes the linking: finished or dropped, it is done)
                outcome = build_safely(loaded, target, replace(options, language=language, languages=together),
                                       progress, partial=bool(only), settings=settings, checked=checked, shared=shared,
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
                                                shorten(f"{exc.kind} '{exc.box}': {exc.message}, drawing {exc.piece}"),
                                                "template")],
                                       f"build stopped: {target} is unchanged", prefix_of(manifest)), err=True,
                                       nl=False)
                sys.exit(1)
            except Exception as exc:  # out/ is unchanged; data the checks beside reject may break the build first
                if progress is not None:
                    progress.close()
                    progress = None
                show()  # (their report, and the command's end, if they failed; else it is pnp's own fault)
                if isinstance(exc, MemoryError) or os.environ.get("PNP_DEBUG"):  # (PNP_DEBUG=1: its traceback)
                    raise
                if isinstance(exc, WorkerDied):  # (a segfault, killed, out of memory: how, and what it was making)
                    click.echo(f"build stopped: {exc}; {target} is unchanged (PNP_DEBUG=1 shows more)", err=True)
                    sys.exit(1)
                click.echo(shorten(f"build stopped: {target} is unchanged: pnp met an error it did not expect "
                                   f"({type(exc).__name__}: {exc}); PNP_DEBUG=1 shows where"), err=True)
                sys.exit(1)
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
            if timings:  # (from the build's record, where a benchmark reads them too)
                from ..build.fingerprint import read_record
                from ..build.timings import table

                click.echo(table((read_record(target) or {}).get("timings")), nl=False)
        show()  # (every language up to date)
    except (ChecksFailed, click.UsageError):  # (wherever the build was: out/ is unchanged)
        show()  # (their errors first, as ever)
        raise
    finally:
        if linking is not None:  # (nothing, once a build took it; else the game's errors stopped it first)
            linking.discard()
        discard_early()  # (nothing, once a build took them)
        validation.close()
