"""The rows of the README's reference tables, as pnp's registries give them (the tests hold
the README to them, so the reference cannot drift from the code)."""

from __future__ import annotations


def _escape(text: str) -> str:
    return text.replace("|", "\\|")


def row(name: str, doc: str, example: str) -> str:
    """A component type, field type, box kind, check kind or function: name, doc, example."""
    return f"| `{name}` | {_escape(doc)} | `{_escape(example)}` |"


def size_row(size) -> str:
    return f"| `{size.name}` | {size.width:g} x {size.height:g} mm | {size.doc} |"


def check_row(info) -> str:
    return f"| `{info.id}` | {info.severity.value} | {_escape(info.doc)} |"
