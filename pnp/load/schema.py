"""Check loaded YAML against the JSON Schemas shipped in pnp/schemas.

Schema errors become Problems located through the document's positions, with messages
that name the key and say what was expected.
"""

from __future__ import annotations

import difflib
import json
import math
import re
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Iterator

from ..problems import Problem, problem
from .yamlload import COLUMNS, DataPath, Document

if TYPE_CHECKING:
    import jsonschema

SCHEMA_NAMES = ("common", "game", "layout", "board", "land", "rivers", "ranges", "checks", "stats", "glossary")


@cache
def _schemas() -> dict[str, dict]:
    """pnp's schemas, with what its registries know filled in: the component types a set's
    `type` may name (each type's module registers it, pnp.components), the keys of each
    kind of check checks.yaml may use (pnp.checks.kinds), and the settings of each kind of
    box a layout may use (pnp.boxes)."""
    from ..components import types

    folder = resources.files("pnp") / "schemas"
    schemas = {name: json.loads((folder / f"{name}.schema.json").read_text("utf-8")) for name in SCHEMA_NAMES}
    schemas["game"]["$defs"]["set"]["properties"]["type"]["enum"] = list(types())
    for kind in types().values():  # the options only a type takes (pnp.load.game refuses them on another)
        schemas["game"]["$defs"]["set"]["properties"].update(kind.options)
    from ..checks.kinds import schema as check_kinds  # (each check kind's keys: pnp.checks.kinds)

    schemas["checks"]["items"]["properties"].update(check_kinds())
    from ..boxes import schema as box_settings  # (each box kind's settings, by type: pnp.boxes)

    properties, definitions = box_settings()
    schemas["layout"]["$defs"]["box"]["properties"].update(properties)
    schemas["layout"]["$defs"].update(definitions)
    return schemas


def schema_of(name: str) -> dict:
    """One of pnp's own schemas, by name."""
    return _schemas()[name]


@cache
def _registry():
    from referencing import Registry, Resource

    return Registry().with_resources(
        (schema["$id"], Resource.from_contents(schema)) for schema in _schemas().values()
    )


@cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    """The validator of one of pnp's schemas, or of a schema compiled from a game's fields
    (registered with `compiled`)."""
    import jsonschema  # imported when a file has errors to report (see `passes`)

    return jsonschema.Draft202012Validator(_inlined(name), registry=_registry())


@cache
def _fast(name: str):
    """The same schema compiled by jsonschema-rs: it only says whether a document passes, some
    thirty times faster than jsonschema, whose errors say what is wrong and where."""
    import jsonschema_rs

    return jsonschema_rs.Draft202012Validator(_inlined(name), registry=_fast_registry(), validate_formats=False)


@cache
def _fast_registry():
    import jsonschema_rs

    return jsonschema_rs.Registry([(schema["$id"], schema) for schema in _schemas().values()])


def passes(name: str, data: Any) -> bool:
    """Whether `data` passes schema `name`, as far as jsonschema-rs can tell: a False (or data it
    cannot take: a date, a number past 64 bits) leaves the answer to jsonschema, which names
    every error. (Where the two read a pattern differently, jsonschema-rs is the stricter: its
    `$` matches at the very end only, its \\s leaves out the separators Python counts as space.)"""
    try:
        return bool(_fast(name).is_valid(data))
    except Exception:  # noqa: BLE001 (data JSON does not hold; jsonschema says what of it)
        return False


@cache
def _inlined(name: str) -> dict:
    """One of pnp's schemas, or one compiled from a game's fields, its references inlined
    (shared by both validators and `standalone`: none changes it)."""
    return inline(_compiled[name] if name in _compiled else _schemas()[name])


def inline(schema: dict) -> dict:
    """The schema with each reference to a definition (in itself or in another of pnp's
    schemas) replaced by the definition: the same checks and messages, without resolving a
    reference for every value checked (a thousand a game, each costing as much as the check)."""
    schemas = {s["$id"].rsplit("/", 1)[-1]: s for s in _schemas().values()}

    def resolve(node, base: dict, seen: tuple = ()):
        if isinstance(node, list):
            return [resolve(v, base, seen) for v in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if isinstance(ref, str) and "#/$defs/" in ref:
            file, _, name = ref.partition("#/$defs/")
            target = schemas.get(file, base) if file else base
            key = (target.get("$id"), name)
            if name in target.get("$defs", {}) and key not in seen:  # a recursive one stays a reference
                merged = {**target["$defs"][name], **{k: v for k, v in node.items() if k != "$ref"}}
                return resolve(merged, target, seen + (key,))
            if file and target is not base:
                node = {**node, "$ref": f"{target['$id']}#/$defs/{name}"}
        return {k: resolve(v, base, seen) for k, v in node.items()}

    return resolve(schema, schema)


_compiled: dict[str, dict] = {}


# the draft of JSON Schema that editors using the YAML language server read in full
DRAFT_7 = "http://json-schema.org/draft-07/schema#"
NAMED = ("properties", "$defs")  # the keywords whose value names schemas (its keys are names, not keywords)
VALUES = ("enum", "const", "default", "examples")  # those whose value is data, not a schema


def standalone(name: str, title: str | None = None) -> dict:
    """One of pnp's schemas, or one compiled from a game's fields, as a file an editor reads
    on its own and offline: every reference to another schema inlined, no $id (the
    references left, to a definition of its own, resolve within the file), and in draft 7,
    which the YAML language server reads in full (pnp's schemas use no keyword of a later
    draft but prefixItems, draft 7's items as a list). pnp's hints reach the editor (see
    `for_editor`)."""

    def draft_7(node):
        if isinstance(node, list):
            return [draft_7(v) for v in node]
        if not isinstance(node, dict):
            return node
        node = {k: v if k in VALUES else {n: draft_7(s) for n, s in v.items()} if k in NAMED and isinstance(v, dict)
                else draft_7(v) for k, v in node.items()}
        if "prefixItems" in node:
            rest = node.pop("items", None)
            node["items"] = node.pop("prefixItems")
            if rest is not None:
                node["additionalItems"] = rest
        return for_editor(node)

    found = draft_7(_inlined(name))
    found.pop("$id", None)
    found.pop("$schema", None)
    return {"$schema": DRAFT_7, **({"title": title} if title is not None else {}), **found}


def sentence(hint: str) -> str:
    """A hint (x-hint, "must be ...") as a sentence of its own: "Must be ..."."""
    return hint[:1].upper() + hint[1:] + ("" if hint.endswith(".") else ".")


def for_editor(node: dict) -> dict:
    """A schema's node with what the YAML language server shows of it: its description as
    markdownDescription (hover and completion show it as written, `code` as code), followed
    by the hint pnp says of a wrong value (x-hint); and that hint as the editor's message of
    the value, patternErrorMessage for a pattern, errorMessage for anything else."""
    hint = node.get("x-hint")
    description = node.get("description")
    if isinstance(hint, str):
        node = {**node, ("patternErrorMessage" if "pattern" in node else "errorMessage"): sentence(hint)}
    said = [part for part in (description, sentence(hint) if isinstance(hint, str) else None) if isinstance(part, str)]
    if said:
        node = {**node, "markdownDescription": "\n\n".join(said)}
    return node


def compiled(schema: dict) -> str:
    """Register a schema made at load time (from a game's field declarations); returns its
    name, a hash of its content, so that files known to pass it stay known across runs."""
    import hashlib

    name = "compiled-" + hashlib.sha256(json.dumps(schema, sort_keys=True).encode("utf-8")).hexdigest()[:24]
    _compiled.setdefault(name, {"$schema": "https://json-schema.org/draft/2020-12/schema",
                                "$id": f"https://pnp.invalid/schemas/{name}.schema.json", **schema})
    return name


# No game needs a larger number (beyond it a float no longer holds every whole number), and a
# larger one may overflow what reads it.
LARGEST = 10**15


def unusable_numbers(data: Any, path: DataPath = ()) -> Iterator[tuple[DataPath, str]]:
    """Every number of the data that pnp cannot compute with, with why: .nan, .inf, and
    numbers larger than LARGEST."""
    if isinstance(data, bool):
        return
    if isinstance(data, float) and math.isnan(data):
        yield path, ".nan is not a number"
    elif isinstance(data, float) and math.isinf(data):
        yield path, f"{'-' if data < 0 else ''}.inf is not a finite number"
    elif isinstance(data, (int, float)) and abs(data) > LARGEST:
        yield path, f"{_describe(data) if isinstance(data, int) else repr(data)} is larger than any number pnp uses " \
                    f"(10^15 at most)"
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from unusable_numbers(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from unusable_numbers(value, path + (i,))


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
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > LARGEST:  # not a hundred digits
        return f"{value:.3g}" if abs(value) < 10**300 else f"a number of {len(str(abs(value)))} digits"
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


def describe_path(doc: Document, path: DataPath, lists: dict[str, str] | None = None) -> str:
    """A readable name for a place in a document: `card 'king': stars`. `lists` names
    the items of the document's lists: {"cards": "card"}."""
    parts: list[str] = []
    rest = list(path)
    lists = lists if lists is not None else getattr(doc, "lists", {})
    if len(rest) >= 2 and rest[0] in lists and isinstance(rest[1], int):
        listed = doc.data.get(rest[0]) if isinstance(doc.data, dict) else None
        item = listed[rest[1]] if isinstance(listed, list) and rest[1] < len(listed) else None
        item_id = item.get("id") if isinstance(item, dict) else None
        noun = lists[rest[0]]
        parts.append(f"{noun} '{item_id}'" if isinstance(item_id, (str, int)) and not isinstance(item_id, bool)
                     else f"{noun} {rest[1] + 1}")
        rest = rest[2:]
    dotted = ""
    for item in rest:
        if isinstance(item, int):
            dotted += f"[{item}]"
        elif not str(item).isprintable():  # (a key with a line break or a tab in it: quoted, on one line)
            dotted += f"[{str(item)!r}]"
        else:
            dotted += f".{item}" if dotted else str(item)
    if dotted:
        parts.append(dotted)
    return ": ".join(parts)


def wrong(name: str, value: Any) -> str | None:
    """What is wrong with `value` under schema `name`, worded as a file's problems are (None
    when nothing is): for a value that is not a file's, such as a field's default."""
    if passes(name, value):
        return None
    return next((_message(error, None)[0] for error in validator(name).iter_errors(value)), None)


def _message(error: jsonschema.ValidationError, doc: Document | None) -> tuple[str, DataPath, bool]:
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
    if kind in ("pattern", "const") and hint:
        return f"{prefix}{_describe(value)} {hint}", path, False
    if kind == "minLength" and isinstance(value, str) and not value:
        return f"{prefix}must not be empty", path, False
    if kind == "maxLength":
        return f"{prefix}{_describe(value)} is longer than {error.validator_value} characters", path, False
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


def described(doc: Document, errors: list) -> list[tuple[str, DataPath, bool]]:
    """The messages of a document's schema errors, in their order, each with the path to locate
    it at and whether to point at the key: a mapping YAML read from a text is said once, to be
    quoted, in place of the errors about its keys and their missing values."""
    unquoted = _unquoted(doc, errors) if errors else {}
    found, hinted = [], set()
    for error in errors:
        hint = _quote_hint(doc, error, unquoted) if unquoted else None
        if hint is None:
            found.append(_message(error, doc))
        elif hint[1] not in hinted:
            hinted.add(hint[1])
            found.append(hint)
    return found


def _flow(doc: Document, path: DataPath, mapping: dict) -> bool:
    """Whether the mapping at `path` is written in braces, {...}: it starts at the brace,
    before its first key on the same line (a mapping written a key a line starts at its first
    key, or at a merge key, <<, on the line before)."""
    first = next(iter(mapping), None)
    if first is None or path not in doc.values or (path + (first,)) not in doc.keys:
        return False
    start, key = doc.values[path], doc.keys[path + (first,)]
    return start < key and start // COLUMNS == key // COLUMNS


def _at(data: Any, path: DataPath) -> Any:
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _refused(error: Any) -> list:
    """The keys a schema error refuses (none for an error of another kind)."""
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        return [key for key in error.instance if key not in error.schema.get("properties", {})]
    if "propertyNames" in error.schema_path:
        return [error.instance]
    return []


# a key that ends where an inline icon's name starts (`1 :coin` of `{effect: Sell, 1 :coin: each}`)
_ICON_KEY = re.compile(r"(?<![^\W_]):([a-z][a-z0-9-]*)$")


def _not_a_mapping(error: Any) -> bool:
    """Whether a schema error says a value should not have been a mapping."""
    if error.validator != "type":
        return False
    expected = [error.validator_value] if isinstance(error.validator_value, str) else list(error.validator_value)
    return "object" not in expected


def _unquoted(doc: Document, errors: list) -> dict[DataPath, dict]:
    """The mappings in braces YAML read from what was meant as a text, by path: one whose
    refused key holds no value, as each part of `{name}` or `{a, b}` does, and as the part
    after a comma inside {...} does (`{en: a, b}`: 'b' is a key of its own); one whose refused
    key ends with an inline icon's name (`{effect: Sell, 1 :coin: each}`: the icon's colon
    ended a key); and a mapping of such keys alone where no mapping is taken (`background:
    {colour}`)."""
    found: dict[DataPath, dict] = {}
    for error in errors:
        refused = _refused(error)
        path = tuple(error.absolute_path)
        mapping = _at(doc.data, path)
        if not isinstance(mapping, dict):
            continue
        if not _flow(doc, path, mapping):  # (a block's: `- Take 1 :fish:`, a text read as one key, and its value)
            if _icon_text(mapping) is not None and (refused or _not_a_mapping(error)):
                found[path] = mapping
            continue
        if any(key in mapping and (mapping[key] is None or _ICON_KEY.search(str(key))) for key in refused) \
                or _not_a_mapping(error) and all(value is None for value in mapping.values()):
            found[path] = mapping
    return found


def _icon_text(mapping: dict) -> str | None:
    """The text a mapping of one key ending with an inline icon's name was read from, its
    value the rest of the line (`Take 1 :fish:`, `Take 1 :fish: and go`); None for any other."""
    if len(mapping) != 1:
        return None
    key, value = next(iter(mapping.items()))
    if not isinstance(key, str) or not _ICON_KEY.search(key) or isinstance(value, bool) \
            or not isinstance(value, (str, int, float, type(None))):
        return None
    return f"{key}:" + (f" {value}" if value is not None else "")


def _quote_hint(doc: Document, error: Any, unquoted: dict[DataPath, dict]) -> tuple[str, DataPath, bool] | None:
    """What to say of an error about a mapping in braces YAML read from a text (see
    `_unquoted`), or about one of its keys that holds no value: to quote it (None for any
    other error). A mapping of such keys alone was a template, or a text, in braces (any error
    about it is said so); such a key beside keys with values was the end of a text cut at a
    comma; a key that ends with an icon's name, the rest of a text whose icon's colon YAML read
    as a key's."""
    path = tuple(error.absolute_path)
    where = next((path[:n] for n in range(len(path), -1, -1) if path[:n] in unquoted), None)
    if where is None:
        return None
    mapping = unquoted[where]
    if len(path) == len(where):
        keys = _refused(error) or list(mapping)
    elif len(path) == len(where) + 1:
        keys = [path[-1]]
    else:
        return None  # an error inside a value of its own
    icon = next((key for key in keys if key in mapping and _ICON_KEY.search(str(key))), None)
    if icon is not None:
        return _icon_hint(doc, where, mapping, icon)
    if not keys or any(key not in mapping or mapping[key] is not None for key in keys):
        return None
    said = describe_path(doc, where)
    prefix = f"{said}: " if said else ""
    if all(value is None for value in mapping.values()):
        written = "{" + ", ".join(str(key) for key in mapping) + "}"
        what = "template" if len(mapping) == 1 else "text"
        return f'{prefix}write the {what} in quotes, "{written}": without them YAML reads {written} as a mapping', \
            where, False
    return (f"{prefix}'{keys[0]}' is read as a key of its own: inside {{...}} YAML ends a text at a comma; quote "
            f"the text that holds it", where + (keys[0],), True)


def _icon_hint(doc: Document, where: DataPath, mapping: dict, key: str) -> tuple[str, DataPath, bool]:
    """To quote the text a key ending with an inline icon's name was cut from: the key's and
    its value's text, after the text of the key written before it (where the text started,
    ended at a comma), said at that key's value; at the key itself when none is before it."""
    icon = _ICON_KEY.search(key).group(1)
    why = f"the colon that ends the icon :{icon}: as the end of a key"
    text = _icon_text(mapping) if not _flow(doc, where, mapping) else None
    if text is not None:  # (a text written alone, a list's item: read as one key, its rest the key's value)
        said = describe_path(doc, where)
        return f"{said + ': ' if said else ''}write the text in quotes, {json.dumps(text, ensure_ascii=False)}: " \
               f"without them YAML reads {why}", where + (key,), True
    at = doc.keys.get(where + (key,))
    before = [k for k in mapping if at is not None and (where + (k,)) in doc.keys and doc.keys[where + (k,)] < at]
    previous = max(before, key=lambda k: doc.keys[where + (k,)], default=None)
    value = mapping[key]
    if previous is None or not isinstance(mapping[previous], (str, int, float)) \
            or not isinstance(value, (str, int, float, type(None))):
        said = describe_path(doc, where)
        return f"{said + ': ' if said else ''}'{key}' is read as a key: without quotes YAML reads {why}; quote the " \
               f"text that holds it", where + (key,), True
    text = f"{mapping[previous]}, {key}:" + (f" {value}" if value is not None else "")
    written = json.dumps(text, ensure_ascii=False)
    return f"{describe_path(doc, where + (previous,))}: write the text in quotes, {written}: without them YAML ends " \
           f"it at the comma and reads {why}", where + (previous,), False


# Files known to pass their schema, as "schema file-digest": a build keeps them in its cache
# and the next validation starts from them, so only files changed since are checked
# (jsonschema-rs is then imported only when a file changed, and jsonschema when one fails).
clean: set[str] = set()


def check(doc: Document, schema: str, broken: set[tuple] | None = None) -> list[Problem]:
    """Validate a document against a named schema; every error becomes a located problem.

    `broken`, when given, receives the path of every error (for a missing key, the path of
    the mapping plus the key), so a caller can leave out just the broken parts.
    """
    doc.schema = schema
    known = f"{schema} {doc.digest}"
    if doc.digest and known in clean:
        return []
    problems = []
    numbers = dict(unusable_numbers(doc.data))
    for path, reason in numbers.items():
        if broken is not None:
            broken.add(path)
        where = describe_path(doc, path)
        problems.append(problem("schema", doc.locate(path), f"{where}: {reason}" if where else reason))
    errors = [] if passes(schema, doc.data) else [error for error in validator(schema).iter_errors(doc.data)
                                                  if tuple(error.absolute_path) not in numbers]  # (those said above)
    for error in errors if broken is not None else ():
        path = tuple(error.absolute_path)
        if error.validator == "required":
            path += (error.message.split("'")[1],)
        broken.add(path)
    for message, path, at_key in described(doc, errors):
        problems.append(problem("schema", doc.locate(path, key=at_key), message))
    if not problems and doc.digest:
        clean.add(known)
    return problems
