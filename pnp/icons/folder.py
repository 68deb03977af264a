"""Reading a game's icons folder: each `*.svg` file an icon, named by its stem, read by the
strict reader (pnp.icons.svg) into scene nodes, and kept between validations by its hash."""

from __future__ import annotations

import functools
import hashlib
import pathlib
from dataclasses import dataclass

from ..problems import CHECKS, Location, Problem, Severity, problem, register_check
from ..scene import Group, Node
from .paths import segments_of
from .svg import LINE_BREAK_RE, Reader


if "icon" not in CHECKS:  # a reload of this module must not register it twice
    register_check("icon", Severity.ERROR,
                   "An icon file cannot be read, is not SVG, or uses an SVG feature pnp does not draw.")

MAX_ICON_BYTES = 1_000_000


@dataclass(frozen=True)
class Icon:
    """A game's icon, read from its SVG file."""

    name: str  # the file's stem: icons/star.svg -> "star"
    file: str  # its path relative to the game folder
    view_box: tuple[float, float, float, float]  # x, y, width, height
    nodes: tuple[Node, ...]  # scene nodes in view-box units, colours as parsed

    @functools.cached_property
    def segments(self) -> int:
        """The path segments drawing it takes (at most MAX_SEGMENTS)."""
        def count(nodes: tuple[Node, ...]) -> int:
            return sum(count(n.children) if isinstance(n, Group) else segments_of(n) for n in nodes)

        return count(self.nodes)


# --- reading ------------------------------------------------------------------------------------


def load_icons(root: pathlib.Path, folder: str = "icons") -> tuple[dict[str, Icon], list[Problem]]:
    """Every `*.svg` in `root/folder`, in sorted order, by stem; with the problems found. A
    missing folder has no icons and no problems; an icon with problems is left out."""
    directory = root / folder
    if not directory.is_dir():
        return {}, []
    icons: dict[str, Icon] = {}
    problems: list[Problem] = []
    for path in sorted(directory.glob("*.svg")):
        if not path.is_file():
            continue
        found, trouble = load_icon(root, (pathlib.PurePosixPath(folder) / path.name).as_posix())
        problems += trouble
        if found is not None:
            icons[found.name] = found
    return icons, problems


def unusable(problems: list[Problem]) -> dict[str, Location]:
    """The icons that could not be read, by name, each with its first problem's place (the
    line of the element pnp does not draw): the problems `load_icons` gives."""
    found: dict[str, Location] = {}
    for each in sorted(problems, key=lambda p: (p.location.file, p.location.line, p.location.column)):
        if each.rule == "icon" and each.location.file.endswith(".svg"):
            found.setdefault(pathlib.PurePosixPath(each.location.file).stem, each.location)
    return found


def cannot_be_drawn(name: str, where: Location) -> str:
    """What a message says of an icon named where it cannot be drawn (its file has problems):
    where to look, not that there is no such icon."""
    return f"icon '{name}' cannot be drawn: see {where.file}:{where.line}"


def load_icon(root: pathlib.Path, file: str) -> tuple[Icon | None, list[Problem]]:
    """The icon in `root/file` (`file` relative to the game folder), or None and every problem
    that keeps pnp from drawing it."""
    from ..load.files import Unreadable, read_game_file

    try:
        raw = read_game_file(root, file, MAX_ICON_BYTES)
    except Unreadable as e:
        reason = "is larger than 1 MB" if e.size is not None else e.reason
        return None, [problem("icon", Location(file), f"the icon file {reason}")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        before = raw[:e.start]
        line_start = max(before.rfind(b"\n"), before.rfind(b"\r")) + 1
        column = len(before[line_start:].decode("utf-8", errors="replace")) + 1
        line = len(LINE_BREAK_RE.findall(before.decode("utf-8", errors="replace"))) + 1
        return None, [problem("icon", Location(file, line, column), "the icon file is not UTF-8 text")]
    known = _known.get((file, hashlib.sha256(raw).hexdigest())) if _known else None
    if known is not None:
        return known, []
    icon, problems = _read_icon(file, raw, text)
    return icon, list(problems)  # a list of the caller's own: the remembered one stays as it is


# Icons a build kept in its cache, by (file, SHA-256 of the bytes): the next validation reads
# them instead of parsing the SVG again.
_known: dict[tuple[str, str], Icon] = {}


def remembered(root: pathlib.Path, icons) -> list[dict]:
    """Icons as plain data a cache can keep, with the hash of the file each was read from."""
    from ..scene import to_data

    kept = []
    for icon in icons:
        try:
            digest = hashlib.sha256((root / icon.file).read_bytes()).hexdigest()
        except OSError:
            continue
        kept.append({"name": icon.name, "file": icon.file, "digest": digest, "view_box": list(icon.view_box),
                     "nodes": [to_data(n) for n in icon.nodes]})
    return kept


def remember(entries: list[dict]) -> None:
    """Take icons a build kept (see `remembered`)."""
    from ..scene import from_data

    for entry in entries:
        icon = Icon(entry["name"], entry["file"], tuple(map(float, entry["view_box"])),
                    tuple(from_data(n) for n in entry["nodes"]))
        _known[(icon.file, entry["digest"])] = icon


@functools.lru_cache(maxsize=256)
def _read_icon(file: str, raw: bytes, text: str) -> tuple[Icon | None, list[Problem]]:
    """An icon from its file's text, remembered by its content: a process that loads a game
    again (pnp watch, the tests) does not parse unchanged icons again."""
    reader = Reader(file, raw, text)
    view_box, nodes = reader.read()
    problems = sorted(reader.problems, key=lambda p: (p.location.line, p.location.column))
    if problems or view_box is None:
        return None, problems
    return Icon(pathlib.PurePosixPath(file).stem, file, view_box, nodes), []
