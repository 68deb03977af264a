"""The types of a box kind's settings. A kind declares each setting it takes with one of them
(pnp.boxes.kind): its JSON Schema (the layout schema's box is made from the declarations,
pnp.load.schema) and how pnp.layout.reader reads a value that passed it, the reader (pnp.layout.reader's)
saying what is wrong and where. The settings many kinds share are here too."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ..units import parse_length


@dataclass(frozen=True)
class Setting:
    """A setting taken as written (a number, a choice, a flag ...): `schema` says what it may be."""

    schema: Mapping[str, Any]

    def read(self, reader: Any, value: Any, path: tuple, names: frozenset[str]) -> Any:
        return value

    def takes(self, value: Any) -> bool:
        """Whether a value is of this type's kind, where a setting may be one of several (one_of)."""
        return True

    def definitions(self) -> dict[str, Any]:
        """The layout schema's definitions ($defs) its schema names."""
        return {}


def number(**schema: Any) -> Setting:
    return Setting({"type": "number", **schema})


def whole(**schema: Any) -> Setting:
    return Setting({"type": "integer", **schema})


def choice(*options: Any, **schema: Any) -> Setting:
    return Setting({"enum": list(options), **schema})


def flag(**schema: Any) -> Setting:
    return Setting({"type": "boolean", **schema})


@dataclass(frozen=True)
class Colour(Setting):
    """#RRGGBB, one of the layout's colours, none, or a template (pnp.layout.values.Colour)."""

    schema: Mapping[str, Any] = field(default_factory=lambda: {"$ref": "#/$defs/colour"})

    def read(self, reader: Any, value: Any, path: tuple, names: frozenset[str]) -> Any:
        return reader.colour(value, path, names)


@dataclass(frozen=True)
class Text(Setting):
    """A template printed as text, or one per language (pnp.layout.values.Localised)."""

    schema: Mapping[str, Any] = field(default_factory=lambda: {"$ref": "#/$defs/text"})

    def read(self, reader: Any, value: Any, path: tuple, names: frozenset[str]) -> Any:
        return reader.text(value, path, names)


@dataclass(frozen=True)
class Template(Setting):
    """A template that is not printed (a picture's path)."""

    def read(self, reader: Any, value: Any, path: tuple, names: frozenset[str]) -> Any:
        return reader.template(value, path, names) if isinstance(value, str) else None


def template(**schema: Any) -> Template:
    return Template({"type": "string", "minLength": 1, **schema})


@dataclass(frozen=True)
class Icon(Setting):
    """One of the game's icons, a template giving one, or a switch choosing one."""

    schema: Mapping[str, Any] = field(default_factory=lambda: {"$ref": "#/$defs/icon"})

    def read(self, reader: Any, value: Any, path: tuple, names: frozenset[str]) -> Any:
        return reader.icon(value, path, names)


@dataclass(frozen=True)
class Font(Setting):
    """A font role of the game."""

    def read(self, reader: Any, value: Any, path: tuple, names: frozenset[str]) -> Any:
        return reader.font(value, path)


def font(**schema: Any) -> Font:
    return Font({"type": "string", **schema})


@dataclass(frozen=True)
class Expression(Setting):
    """An expression (not a template): a condition, a count, a list of rows."""

    def read(self, reader: Any, value: Any, path: tuple, names: frozenset[str]) -> Any:
        return reader.expression(value, path, names)

    def takes(self, value: Any) -> bool:
        return isinstance(value, (str, int)) and not isinstance(value, bool)


def expression(description: str | None = None, numbers: bool = False) -> Expression:
    """An expression in a string; with `numbers`, a whole number may stand for itself."""
    schema = {"type": ["string", "integer"]} if numbers else {"type": "string", "minLength": 1}
    return Expression({**schema, **({"description": description} if description else {})})


@dataclass(frozen=True)
class Length(Setting):
    """A length in points: a number is in `unit`, a text may carry its own. Without a
    description its schema is the layout's length; with one, any number or text, its errors
    said as it is read. With `or_expression`, a text that is no length is an expression giving
    one (in mm)."""

    schema: Mapping[str, Any] = field(default_factory=lambda: {"$ref": "#/$defs/length"})
    unit: str = "mm"
    or_expression: bool = False

    def read(self, reader: Any, value: Any, path: tuple, names: frozenset[str]) -> Any:
        if self.or_expression and isinstance(value, str):
            try:
                return parse_length(value, self.unit)
            except ValueError:
                return reader.expression(value, path, names)
        return reader.length(value, path, self.unit)


def length(unit: str = "mm", description: str | None = None, or_expression: bool = False) -> Length:
    if description is None:
        return Length(unit=unit, or_expression=or_expression)
    return Length({"type": ["number", "string"], "description": description}, unit, or_expression)


@dataclass(frozen=True)
class Record(Setting):
    """A mapping of settings of its own (a rect's paint, a table's rows and cells); one with a
    name is a definition of the layout schema, which its schema names."""

    fields: Mapping[str, Setting]
    definition: Mapping[str, Any] | None = None  # (a named one's: its name and schema)

    def read(self, reader: Any, value: Any, path: tuple, names: frozenset[str]) -> Any:
        return {k: self.fields[k].read(reader, v, path + (k,), names) for k, v in value.items()}

    def definitions(self) -> dict[str, Any]:
        found = {}
        for setting in self.fields.values():
            found.update(setting.definitions())
        return {**found, **(self.definition or {})}


def record(fields: Mapping[str, Setting], required: tuple[str, ...] = (), name: str | None = None,
           **schema: Any) -> Record:
    whole = {"type": "object", "additionalProperties": False, **({"required": list(required)} if required else {}),
             **schema, "properties": {k: s.schema for k, s in fields.items()}}
    if name is None:
        return Record(whole, dict(fields))
    return Record({"$ref": f"#/$defs/{name}"}, dict(fields), {name: whole})


@dataclass(frozen=True)
class Listed(Setting):
    """A list of values of one type."""

    item: Setting

    def read(self, reader: Any, value: Any, path: tuple, names: frozenset[str]) -> Any:
        return [self.item.read(reader, v, path + (i,), names) for i, v in enumerate(value)]

    def takes(self, value: Any) -> bool:
        return isinstance(value, list)

    def definitions(self) -> dict[str, Any]:
        return self.item.definitions()


def listed(item: Setting) -> Listed:
    return Listed({"type": "array", "items": item.schema}, item)


@dataclass(frozen=True)
class OneOf(Setting):
    """One of several types, read as the first that takes the value."""

    options: tuple[Setting, ...]

    def read(self, reader: Any, value: Any, path: tuple, names: frozenset[str]) -> Any:
        option = next((o for o in self.options if o.takes(value)), None)
        return option.read(reader, value, path, names) if option is not None else value

    def definitions(self) -> dict[str, Any]:
        found = {}
        for option in self.options:
            found.update(option.definitions())
        return found


def one_of(*options: Setting) -> OneOf:
    return OneOf({"oneOf": [o.schema for o in options]}, options)


@dataclass(frozen=True)
class Boxes(Setting):
    """Boxes inside the box: one in its stead (an image's else, its geometry the image's), or
    a mapping of named boxes (a list's or a group's). pnp.layout.reader reads them as boxes."""

    one: bool = False


ELSE = Boxes({"$ref": "#/$defs/box",
              "description": "What an image box draws for an item without a picture (its geometry is the image's)."},
             one=True)
BOXES = Boxes({"type": "object", "propertyNames": {"pattern": "^[a-z][a-z0-9-]*$"},
               "additionalProperties": {"$ref": "#/$defs/box"}})

# --- the settings many kinds share ------------------------------------------------------------

COLOUR = Colour()
TEXT = Text()
ICON = Icon()
FONT = font(minLength=1, description="A font role of the game (heading, body ...).")
SIZE = number(exclusiveMinimum=0, maximum=500, description="Text size in points.")
MIN_SIZE = number(exclusiveMinimum=0, maximum=500, description="Text may shrink to this size to fit.")
ALIGN = choice("left", "centre", "right")
PAINT = record({"fill": COLOUR, "stroke": COLOUR, "stroke_width": length("pt"), "radius": length()}, name="paint")
FONT_SETTINGS = record({"font": font(), "size": number(exclusiveMinimum=0), "min_size": number(exclusiveMinimum=0)},
                       name="font-settings")


def schema(kinds) -> tuple[dict[str, Any], dict[str, Any]]:
    """The layout schema's box properties the kinds declare, and the definitions they name;
    a setting two kinds take is declared the same by both."""
    properties: dict[str, Any] = {}
    definitions: dict[str, Any] = {}
    declared: dict[str, Setting] = {}
    for kind in kinds:
        for key, setting in kind.settings.items():
            if declared.setdefault(key, setting) != setting:
                raise ValueError(f"box kinds declare '{key}' differently: {declared[key]} and {setting}")
            properties[key] = setting.schema
            definitions.update(setting.definitions())
    return properties, definitions
