"""pnp watch: rebuild on every save of a file the game reads, watching the game's own folders
(no link followed), and, with --serve, show the gallery in a browser that reloads."""

from __future__ import annotations

import os
from pathlib import Path

import click

from ..problems import format_text
from .common import (cache_of, manifest_of, only_parts, prefix_of, settings_of, target_of, validate,
                     validated)


# folders of tools, not of the game, that pnp watch leaves out (with hidden ones: a repository's,
# an editor's, a build's staging folders), unless the game reads a file in one
UNWATCHED = frozenset({"__pycache__", "node_modules"})


def own_folders(root: Path, target: Path, needed: set[Path]) -> frozenset[str]:
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
                below = [Path(entry.path) for entry in entries if real_folder(entry)]
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


def real_folder(entry: os.DirEntry) -> bool:
    """Whether a folder's entry is a folder itself, not a link to one."""
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


def serve_gallery(target: Path):
    """For pnp watch --serve: the gallery in `target` served on the loopback, the address
    printed; returns the server (to shut down) and the status its page asks for."""
    from .live import Status, serve

    status = Status()
    server, url = serve(target, status)
    click.echo(f"serving the gallery at {url} (it reloads after each rebuild)")
    return server, status


def watch(game: str | None, out: Path | None, only: tuple[str, ...], formats: tuple[str, ...], serve: bool) -> None:
    """Rebuild on every save of a file the game reads: problems as they appear, one line per
    rebuild. Ctrl-C stops."""
    import fnmatch
    import time

    import watchfiles

    from ..build.fingerprint import read_record, watched
    from ..build.pipeline import BuildFailed, BuildOptions, build_safely

    manifest = manifest_of(game)
    root = manifest.parent.resolve()
    target = target_of(manifest, out).resolve()
    if serve and only and "gallery" not in only:
        only += ("gallery",)  # the page shown is the gallery: it is rebuilt too
    state = {"files": {manifest.resolve()}, "folders": set(), "globs": []}

    def rebuild() -> tuple[bool, list[str], str]:
        """Validate and build: whether it built, the problems as printed, and a line saying how it went."""
        started = time.perf_counter()
        report = validate(manifest, cache_of(target))
        if report.game is not None:
            state["files"] |= {(root / f).resolve() for f in report.game.files}
        problems = format_text(list(report.problems), report.summary()).splitlines()[:-1]
        if report.problems:
            click.echo(format_text(list(report.problems), report.summary(), prefix_of(manifest)), nl=False)
        if report.failed():
            return False, problems, f"not built: {report.summary()}; {target} is unchanged"
        try:
            options = BuildOptions(parts=only_parts(report.game, only), formats=formats)
            settings = settings_of(manifest, only, "all", formats, None, False, (0.0, 0.0), 100, False,
                                 report.game.language)
            # the record lets each rebuild keep what the edit did not change (and pnp build
            # afterwards find the output up to date)
            outcome = build_safely(report.game, target, options, partial=bool(only), settings=settings,
                                   keep=report.keep.entry() if report.keep else None,
                                   report=(validated(manifest), report.to_data()))
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
                folders = own_folders(root, target, needed())
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
        folders = own_folders(root, target, needed())
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
    server, status = serve_gallery(target) if serve else (None, None)
    # the watcher starts (and keeps every save from then on) before the first build, so that a
    # save during it is not missed; it answers at least every 0.2 s
    watching: frozenset[str] = frozenset()
    saves, watching = start(own_folders(root, target, needed()))
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
