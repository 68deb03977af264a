"""Check loaded YAML against the JSON Schemas shipped in pnp/schemas.

Schema errors become Problems located through the document's positions, with messages
that name the key and say what was expected.
"""

from __future__ import annotations

import difflib
import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from .problems import Problem, problem
from .yamlload import DataPath, Document

if TYPE_CHECKING:
    import jsonschema

SCHEMA_NAMES = ("common", "game", "suit", "areas", "layout", "board", "land", "money", "companies", "aid")


@cache
def _schemas() -> dict[str, dict]:
    folder = resources.files("pnp") / "schemas"
    return {name: json.loads((folder / f"{name}.schema.json").read_text("utf-8")) for name in SCHEMA_NAMES}


@cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    import jsonschema  # imported when a file must be checked (see `clean`)
    from referencing import Registry, Resource

    schemas = _schemas()
    registry = Registry().with_resources(
        (schema["$id"], Resource.from_contents(schema)) for schema in schemas.values()
    )
    return jsonschema.Draft202012Validator(schemas[name], registry=registry)


_TYPE_NAMES = {
    "string": "a string",
    "integer": "a whole number",
    "number": "a number",
    "object": "a mapping",
    "array": "a list",
    "boolean": "true or false",
    "null": "nothing",
}


def _describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        short = value if len(value) <= 40 else value[:37] + "..."
        return repr(short)
    return repr(value)


def describe_path(doc: Document, path: DataPath) -> str:
    """A readable name for a place in a document: `card 'shah-alam': crowns`."""
    parts: list[str] = []
    rest = list(path)
    if len(rest) >= 2 and rest[0] == "cards" and isinstance(rest[1], int):
        card = doc.data["cards"][rest[1]] if isinstance(doc.data, dict) else None
        card_id = card.get("id") if isinstance(card, dict) else None
        parts.append(f"card '{card_id}'" if isinstance(card_id, str) else f"card {rest[1] + 1}")
        rest = rest[2:]
    elif len(rest) >= 2 and rest[0] == "areas" and isinstance(rest[1], int):
        area = doc.data["areas"][rest[1]] if isinstance(doc.data, dict) else None
        area_id = area.get("id") if isinstance(area, dict) else None
        parts.append(f"area '{area_id}'" if isinstance(area_id, str) else f"area {rest[1] + 1}")
        rest = rest[2:]
    dotted = ""
    for item in rest:
        dotted += f"[{item}]" if isinstance(item, int) else (f".{item}" if dotted else str(item))
    if dotted:
        parts.append(dotted)
    return ": ".join(parts)


def _message(error: jsonschema.ValidationError, doc: Document) -> tuple[str, DataPath, bool]:
    """The message, the path to locate it at, and whether to point at the key."""
    path: DataPath = tuple(error.absolute_path)
    where = describe_path(doc, path)
    prefix = f"{where}: " if where else ""
    kind = error.validator
    value = error.instance
    hint = error.schema.get("x-hint") if isinstance(error.schema, dict) else None

    if kind == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        extras = [key for key in value if key not in error.schema.get("properties", {})]
        key = extras[0]
        message = f"{prefix}unknown key '{key}'"
        close = difflib.get_close_matches(str(key), allowed, n=1)
        if close:
            message += f" (did you mean '{close[0]}'?)"
        elif allowed:
            message += f" (expected one of: {', '.join(allowed)})"
        return message, path + (key,), True
    if kind == "required":
        missing = error.message.split("'")[1]
        return f"{prefix}missing required key '{missing}'", path, False
    if kind == "type":
        expected = error.validator_value
        names = [expected] if isinstance(expected, str) else list(expected)
        wanted = " or ".join(_TYPE_NAMES.get(n, n) for n in names)
        return f"{prefix}expected {wanted}, got {_describe(value)}", path, False
    if kind == "enum":
        options = ", ".join(str(v) for v in error.validator_value)
        return f"{prefix}{_describe(value)} is not one of: {options}", path, False
    if "propertyNames" in error.schema_path:
        # the error is about a key of the mapping at `path`: point at the key itself
        return f"{prefix}key {_describe(value)} {hint or 'is not allowed'}", path + (value,), True
    if kind == "pattern" and hint:
        return f"{prefix}{_describe(value)} {hint}", path, False
    if kind == "minLength" and isinstance(value, str) and not value:
        return f"{prefix}must not be empty", path, False
    if kind == "minItems":
        return f"{prefix}needs at least {error.validator_value} item(s)", path, False
    if kind == "minProperties":
        return f"{prefix}needs at least {error.validator_value} entry", path, False
    if kind == "uniqueItems":
        seen, repeated = [], None
        for item in value:
            if item in seen:
                repeated = item
                break
            seen.append(item)
        return f"{prefix}{_describe(repeated)} is listed twice", path, False
    if kind == "minimum":
        return f"{prefix}{_describe(value)} is less than the minimum of {error.validator_value}", path, False
    if kind == "maximum":
        return f"{prefix}{_describe(value)} is more than the maximum of {error.validator_value}", path, False
    return f"{prefix}{error.message}", path, False


# Files known to pass their schema, as "schema file-digest": a build keeps them in its cache
# and the next validation starts from them, so only files changed since are checked
# (jsonschema is then imported only when a file changed).
clean: set[str] = set()


def check(doc: Document, schema: str, broken: set[str] | None = None) -> list[Problem]:
    """Validate a document against a named schema; every error becomes a located problem.

    `broken`, when given, receives the top-level keys that have errors (or are missing).
    """
    known = f"{schema} {doc.digest}"
    if doc.digest and known in clean:
        return []
    problems = []
    for error in validator(schema).iter_errors(doc.data):
        if broken is not None:
            if error.absolute_path:
                broken.add(str(error.absolute_path[0]))
            elif error.validator == "required":
                broken.add(error.message.split("'")[1])
            elif error.validator != "additionalProperties":
                broken.add("")  # the document as a whole is wrong
        message, path, at_key = _message(error, doc)
        problems.append(problem("schema", doc.locate(path, key=at_key), message))
    if not problems and doc.digest:
        clean.add(known)
    return problems
