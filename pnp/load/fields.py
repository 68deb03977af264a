"""Fields: what the items of a component set hold, as the designer declares them in game.yaml.

A declaration is a type name (`name: text`) or a mapping with a `type` and its options
(`rank: {type: int, min: 1, max: 99, optional: true}`). Declarations are read once, when
the game is loaded, and compiled to JSON Schema, so every item file is checked by the same
machinery as pnp's own files: an unknown key or a wrong type is a problem located at its
line and column, with "did you mean". A derived field is computed from the others by an
expression (pnp.expr) instead of being written in the data.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterator, Mapping

from .. import expr
from ..problems import Location, Problem, problem
from .boards import OPTIONS

NO_DEFAULT = object()

# Names that mean something else in templates and expressions, so no field may take them.
RESERVED = frozenset({"item", "items", "group", "groups", "game", "sets", "colours", "map", "position", "copies",
                      "none", "true", "false"})


def kept_word(name: Any) -> bool:
    """Whether a name is a word expressions keep for themselves (Python's: `yield`, `class`,
    `if`...), which no template could read as a name ({yield} is a syntax error)."""
    import keyword

    return isinstance(name, str) and keyword.iskeyword(name)


def kept_word_problem(name: str, what: str, read: str) -> str:
    """Why a name expressions keep cannot name a `what` read as `read` in templates."""
    return f"'{name}' cannot be {what}: expressions keep the word for themselves, so no template could read {read}"


@dataclass(frozen=True)
class FieldType:
    """A kind of value a field holds."""

    name: str
    doc: str
    example: str  # a declaration, as written in game.yaml
    options: tuple[str, ...] = ()


FIELD_TYPES: dict[str, FieldType] = {t.name: t for t in (
    FieldType("text", "Printed text: one string for every language, or a mapping from language code to string; "
              "its line breaks and tabs (a YAML block's lines) print as single spaces.",
              "name: text"),
    FieldType("id", "A name for pnp and other fields to refer to: lowercase letters, digits and single hyphens, "
              "at most 64.",
              "suit: id"),
    FieldType("int", "A whole number, optionally between `min` and `max`.",
              "rank: {type: int, min: 1, max: 99, optional: true}", ("min", "max")),
    FieldType("number", "A number (decimals allowed), optionally between `min` and `max`.",
              "weight: {type: number, min: 0}", ("min", "max")),
    FieldType("bool", "true or false.", "hidden: {type: bool, default: false}"),
    FieldType("enum", "One of the listed `values`.", "kind: {type: enum, values: [hero, place, army]}",
              ("values",)),
    FieldType("list", "A list of values, each of the type `of`; `unique: true` refuses repeats; with `any` (an "
              "expression giving a list), the data may write the word any for the list that expression gives; with "
              "`grid` (flat, pointy or square), a list of records with coordinates (q and r, or col and row) may be "
              "drawn as rows of codes, `key` giving the codes' values (see Boards drawn as text, below).",
              "needs: {type: list, of: int, unique: true, default: [], any: \"[c.rank for c in items if c.rank != none]\"}",
              ("of", "unique", "min_items", "max_items", "any") + OPTIONS),
    FieldType("set", "A list of distinct values of the type `of`, in the order given.",
              "traits: {type: set, of: {type: enum, values: [fast, armoured]}}", ("of", "min_items", "max_items")),
    FieldType("colour", "A colour written #RRGGBB.", "colour: colour"),
    FieldType("file", "A file of the game, relative to its folder: a picture for the item.",
              "art: {type: file, optional: true}"),
    FieldType("icon", "The name of one of the game's icons (icons/NAME.svg).", "emblem: icon"),
    FieldType("ref", "Names an item of another set by its id (`to: board`), or a value of a field of another "
              "set's items (`to: cards.rank`), optionally of the same group only (`within: group`).",
              "area: {type: ref, to: board}", ("to", "within")),
    FieldType("hex", "A hex of a grid map written as printed on it, its column's letters and its row's number "
              "(E7, AB12); in expressions a record with col and row (counted from 1) and name.",
              "at: {type: list, of: hex}"),
    FieldType("record", "A mapping with fields of its own (`fields`).",
              "seat: {type: record, fields: {city: text, lat: number, lon: number}}", ("fields",)),
)}
COMMON_OPTIONS = ("type", "optional", "default", "doc", "derived")


@dataclass(frozen=True)
class Field:
    """A declared field: its type and options, and where it is declared."""

    name: str
    type: str
    at: Location
    optional: bool = False
    default: Any = NO_DEFAULT
    minimum: float | None = None
    maximum: float | None = None
    values: tuple = ()
    of: "Field | None" = None
    unique: bool = False
    min_items: int | None = None
    max_items: int | None = None
    to: str | None = None  # ref: "set" or "set.field"
    within: str | None = None  # ref: "group"
    fields: Mapping[str, "Field"] = field(default_factory=dict)
    derived: expr.Expression | None = None
    any: expr.Expression | None = None  # list: what the word `any` in the data stands for
    drawing: Any = None  # list: how the data may draw it as rows of codes (pnp.load.boards.Drawing)
    doc: str | None = None
    raw: dict | None = None  # a schema of pnp's own for this field (built-in fields only)

    @property
    def required(self) -> bool:
        return not self.optional and self.default is NO_DEFAULT and self.derived is None

    @property
    def ref_set(self) -> str | None:
        return self.to.split(".", 1)[0] if self.to else None

    @property
    def ref_field(self) -> str | None:
        """The field a reference names a value of; None for a reference to items by id."""
        return self.to.split(".", 1)[1] if self.to and "." in self.to else None

    def schema(self) -> dict:
        """This field's values as JSON Schema."""
        if self.raw is not None:
            return self.raw
        t = self.type
        if t == "text":
            return {"$ref": "common.schema.json#/$defs/text"}
        if t == "id":
            return {"$ref": "common.schema.json#/$defs/id"}
        if t in ("int", "number"):
            s: dict = {"type": "integer" if t == "int" else "number"}
            if self.minimum is not None:
                s["minimum"] = self.minimum
            if self.maximum is not None:
                s["maximum"] = self.maximum
            return s
        if t == "bool":
            return {"type": "boolean"}
        if t == "enum":
            return {"enum": list(self.values)}
        if t in ("list", "set"):
            s = {"type": "array", "items": self.of.schema() if self.of else {}}
            if self.unique or t == "set":
                s["uniqueItems"] = True
            if self.min_items is not None:
                s["minItems"] = self.min_items
            if self.max_items is not None:
                s["maxItems"] = self.max_items
            if self.any is not None:
                return {"if": {"type": "string"}, "then": {"const": "any", "x-hint": "must be a list or the word any"},
                        "else": s}
            if self.drawing is not None:  # (a board drawn as text: its records are checked once read)
                return {"if": {"type": "string"}, "then": {"type": "string"}, "else": s}
            return s
        if t == "colour":
            return {"$ref": "common.schema.json#/$defs/colour"}
        if t == "file":
            return {"$ref": "common.schema.json#/$defs/relative-path"}
        if t == "icon":
            return {"$ref": "common.schema.json#/$defs/id"}
        if t == "ref":
            return {"type": ["string", "integer"]} if self.ref_field else {"$ref": "common.schema.json#/$defs/id"}
        if t == "hex":
            return {"type": "string", "pattern": "^[A-Z]{1,2}[1-9][0-9]{0,2}$",
                    "x-hint": "must be a hex as printed on a map: its column's letters and its row's number, like E7"}
        if t == "record":
            return object_schema(self.fields)
        raise ValueError(t)  # pragma: no cover - parse_field accepts no other type


def references(f: Field, value: Any, path: tuple = ()) -> Iterator[tuple[tuple, Field, Any]]:
    """Each reference a field's value holds, however deep in lists and records, with its path."""
    if f.type == "ref":
        yield path, f, value
    elif f.type in ("list", "set") and isinstance(value, list) and f.of is not None:
        for i, v in enumerate(value):
            yield from references(f.of, v, path + (i,))
    elif f.type == "record" and isinstance(value, Mapping):
        for key, inner in f.fields.items():
            yield from references(inner, value.get(key), path + (key,))


def object_schema(fields: Mapping[str, Field], extra: Mapping[str, dict] | None = None) -> dict:
    """A mapping holding exactly these fields (derived ones are computed, never written)."""
    properties = dict(extra or {})
    required = [name for name in (extra or {})]
    for name, f in fields.items():
        if f.derived is not None:
            continue
        s = f.schema()
        if f.doc:
            s = {**s, "description": f.doc}
        properties[name] = s
        if f.required:
            required.append(name)
    return {"type": "object", "additionalProperties": False, "required": required, "properties": properties}


def _close(word: str, options: list[str]) -> str:
    found = difflib.get_close_matches(word, options, n=1)
    return f" (did you mean '{found[0]}'?)" if found else f" (expected one of: {', '.join(options)})"


def parse_fields(declarations: Any, locate: Callable[..., Location], path: tuple = (),
                 names: frozenset[str] = frozenset()) -> tuple[dict[str, Field], list[Problem]]:
    """Read a mapping of field declarations. `locate(path, key=False)` gives the position of a
    part of the declarations; `path` is where this mapping is. Problems are `schema` errors."""
    problems: list[Problem] = []
    fields: dict[str, Field] = {}
    if not isinstance(declarations, Mapping):
        return fields, [problem("schema", locate(path), "fields must be a mapping of field names to types")]
    for name, declaration in declarations.items():
        where = path + (name,)
        if not isinstance(name, str) or not name.isidentifier() or name.startswith("_"):
            problems.append(problem("schema", locate(where, key=True),
                                    f"field name {name!r} must be a word of letters, digits and underscores"))
            continue
        if kept_word(name):
            problems.append(problem("schema", locate(where, key=True),
                                    kept_word_problem(name, "a field name", f"{{{name}}}")))
            # (read all the same: the data that gives it is not wrong as well)
        if name in RESERVED:
            problems.append(problem("schema", locate(where, key=True),
                                    f"'{name}' cannot be a field name: it means something else in templates"))
            continue
        parsed, found = parse_field(name, declaration, locate, where, names)
        problems += found
        if parsed is not None:
            fields[name] = parsed
    return fields, problems


def parse_field(name: str, declaration: Any, locate: Callable[..., Location], path: tuple,
                names: frozenset[str] = frozenset()) -> tuple[Field | None, list[Problem]]:
    at = locate(path)
    if isinstance(declaration, str):
        declaration = {"type": declaration}
        typed_at = at
    elif isinstance(declaration, Mapping):
        typed_at = locate(path + ("type",))
    else:
        return None, [problem("schema", at, f"field '{name}': write a type name (like text or int) "
                                            f"or a mapping with a type")]
    problems: list[Problem] = []
    if "derived" in declaration and "type" not in declaration:
        declaration = {"type": None, **declaration}
    kind = declaration.get("type")
    if kind is not None and kind not in FIELD_TYPES:
        return None, [problem("schema", typed_at, f"field '{name}': unknown type {kind!r}"
                                                  f"{_close(str(kind), sorted(FIELD_TYPES))}")]
    if kind is None and "derived" not in declaration:
        return None, [problem("schema", at, f"field '{name}': missing required key 'type'")]
    allowed = COMMON_OPTIONS + (FIELD_TYPES[kind].options if kind else ())
    for key in declaration:
        if key not in allowed:
            problems.append(problem("schema", locate(path + (key,), key=True),
                                    f"field '{name}': unknown option '{key}'{_close(str(key), sorted(allowed))}"))
    if problems:
        return None, problems
    options: dict[str, Any] = {}

    def number(key: str) -> None:
        value = declaration.get(key)
        if value is not None:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                problems.append(problem("schema", locate(path + (key,)), f"field '{name}': {key} must be a number"))
            else:
                options["minimum" if key == "min" else "maximum"] = value

    number("min")
    number("max")
    if kind == "enum":
        values = declaration.get("values")
        if not isinstance(values, list) or not values:
            problems.append(problem("schema", locate(path + ("values",)) if "values" in declaration else at,
                                    f"field '{name}': an enum needs a list of values"))
        else:
            options["values"] = tuple(values)
    if kind in ("list", "set"):
        of = declaration.get("of", "text")
        inner, found = parse_field(name, of, locate, path + ("of",), names)
        problems += found
        options["of"] = inner
        for key in ("min_items", "max_items"):
            if key in declaration:
                if not isinstance(declaration[key], int) or isinstance(declaration[key], bool) or declaration[key] < 0:
                    problems.append(problem("schema", locate(path + (key,)),
                                            f"field '{name}': {key} must be a whole number"))
                else:
                    options[key] = declaration[key]
        if "unique" in declaration:
            options["unique"] = bool(declaration["unique"])
        if kind == "list" and any(option in declaration for option in OPTIONS):
            from .boards import parse_drawing

            drawing, found = parse_drawing(name, declaration, inner, locate, path)
            problems += found
            options["drawing"] = drawing
    if kind == "ref":
        to = declaration.get("to")
        if not isinstance(to, str) or not to:
            problems.append(problem("schema", locate(path + ("to",)) if "to" in declaration else at,
                                    f"field '{name}': a ref needs `to`: a set (to: board) or a set's field "
                                    f"(to: cards.rank)"))
        else:
            options["to"] = to
        within = declaration.get("within")
        if within is not None:
            if within != "group":
                problems.append(problem("schema", locate(path + ("within",)),
                                        f"field '{name}': within must be 'group'"))
            else:
                options["within"] = within
    if kind == "record":
        inner_fields, found = parse_fields(declaration.get("fields", {}), locate, path + ("fields",), names)
        problems += found
        options["fields"] = inner_fields
    for key in ("derived", "any"):
        if key not in declaration:
            continue
        source = declaration[key]
        if not isinstance(source, str):
            problems.append(problem("schema", locate(path + (key,)),
                                    f"field '{name}': {key} must be an expression in quotes"))
        else:
            try:
                options[key] = expr.parse(source, names or None)
            except expr.ExpressionError as exc:
                problems.append(problem("schema", locate(path + (key,)),
                                        f"field '{name}': {exc.message} in {source!r}"))
    if problems:
        return None, problems
    doc = declaration.get("doc")
    made = Field(
        name=name,
        type=kind or "derived",
        at=at,
        optional=bool(declaration.get("optional", False)),
        default=declaration.get("default", NO_DEFAULT),
        doc=doc if isinstance(doc, str) else None,
        **options,
    )
    wrong = _wrong_default(made)
    if wrong is not None:  # (an item without the field would take it: the field is kept, as one items may lack)
        return replace(made, default=NO_DEFAULT, optional=True), [
            problem("field-default", locate(path + ("default",)), f"field '{name}': default {wrong}")]
    return made, problems


def _wrong_default(f: Field) -> str | None:
    """What is wrong with a field's default, as its schema says (None when nothing is, or there
    is no default)."""
    from . import schema

    if f.default is NO_DEFAULT or f.default is None or f.type == "derived":
        return None
    return schema.wrong(schema.compiled(f.schema()), f.default)
