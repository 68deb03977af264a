"""The documentation's pages (docs/pages/, built into a site by MkDocs) and what pnp's registries say
they hold: the rows of the reference tables, and the section of each component type and box
kind (the tests hold the pages to them, so the reference cannot drift from the code)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs" / "pages"


@cache
def page(path: str) -> str:
    """A page of the documentation, by its path under docs/pages/ (`reference/checks.md`)."""
    return (DOCS / path).read_text("utf-8")


def pages(folder: str) -> dict[str, str]:
    """The pages under a folder of docs/pages/, by their paths."""
    return {p.relative_to(DOCS).as_posix(): p.read_text("utf-8") for p in sorted((DOCS / folder).glob("*.md"))}


def _escape(text: str) -> str:
    return text.replace("|", "\\|")


def row(name: str, doc: str, example: str) -> str:
    """A field type, check kind or function: name, doc, example."""
    return f"| `{name}` | {_escape(doc)} | `{_escape(example)}` |"


def size_row(size) -> str:
    return f"| `{size.name}` | {size.width:g} x {size.height:g} mm | {size.doc} |"


def check_row(info) -> str:
    return f"| `{info.id}` | {info.severity.value} | {_escape(info.doc)} |"


def block(name: str, doc: str, example: str) -> str:
    """A component type's or box kind's section: its name as a heading, its doc, its example."""
    return f"## `{name}`\n\n{doc}\n\n```yaml\n{example}\n```\n"


def section(text: str, heading: str) -> str:
    """The part of a page under a heading (a line `## heading`), up to the next heading of
    its level or above; empty when the page has no such heading."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if re.fullmatch(r"#{1,6} " + re.escape(heading), line):
            level = len(line) - len(line.lstrip("#"))
            end = next((j for j in range(i + 1, len(lines))
                        if re.match(r"#{1,%d} " % level, lines[j]) and not _fenced(lines, j)), len(lines))
            return "\n".join(lines[i:end])
    return ""


def _fenced(lines: list[str], index: int) -> bool:
    return sum(1 for line in lines[:index] if line.startswith("```")) % 2 == 1


def keys_in_table(text: str) -> set[str]:
    """The keys a page's tables name in their first column (`title`, `subtitle`)."""
    return {key for line in text.split("\n") if line.startswith("| `")
            for key in re.findall(r"`([^`]+)`", line.split(" | ")[0])}


def mentions(text: str, key: str) -> bool:
    """The page names a YAML key in code (`key`, or `key: ...` at the start of a code span) or
    writes it in an example (a line of a YAML block that starts with it)."""
    return (re.search(r"`" + re.escape(key) + r"(`|:)", text) is not None
            or re.search(r"(?m)^ *(- )?" + re.escape(key) + r":( |$)", text) is not None)


def option_mentioned(text: str, option: str) -> bool:
    """A command-line option in a code span: `--strict`, `-o DIR`, `pnp stats --lang`."""
    return re.search(r"`[^`\n]*(?<![\w-])" + re.escape(option) + r"(?![\w-])[^`\n]*`", text) is not None
