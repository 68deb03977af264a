"""pnp.boxes.settings: the types a box kind's settings are declared with: each one's JSON Schema
(the layout schema's box is made of them) and how a value that passed it is read, by the
layout's reader, which says what is wrong and where; the settings many kinds share; and the
schema all the kinds make together."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from pnp.boxes import kinds
from pnp.boxes.settings import (ALIGN, BOXES, COLOUR, ELSE, FONT, FONT_SETTINGS, ICON, MIN_SIZE, PAINT, SIZE, TEXT,
                                Boxes, Colour, Expression, Font, Icon, Length, Listed, OneOf, Record, Setting, Template,
                                Text, choice, expression, flag, font, length, listed, number, one_of, record, schema,
                                template, whole)
from pnp.units import mm

NAMES = frozenset({"name"})
AT = ("boxes", "n", "key")


class Reader:
    """What a setting asks the layout's reader for, each call kept: (method, value, path, the
    rest), and answered with a tuple saying so."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def __getattr__(self, method: str):
        def call(value, path, *rest):
            self.calls.append((method, value, path, *rest))
            return (method, value)
        return call


def read(setting: Setting, value, path: tuple = AT) -> tuple:
    """What `setting` reads `value` as, and the reader's calls it made."""
    reader = Reader()
    return setting.read(reader, value, path, NAMES), reader.calls


# --- taken as written ------------------------------------------------------------------------------------


def test_a_plain_setting_is_its_value_of_any_kind() -> None:
    setting = Setting({"type": "number"})
    assert read(setting, 9) == (9, [])
    assert (setting.takes(9), setting.takes("x"), setting.takes(None), setting.definitions()) == (True, True, True, {})


def test_numbers_choices_and_flags() -> None:
    assert number() == Setting({"type": "number"})
    assert number(minimum=0, maximum=9) == Setting({"type": "number", "minimum": 0, "maximum": 9})
    assert whole(minimum=1) == Setting({"type": "integer", "minimum": 1})
    assert choice("left", "right") == Setting({"enum": ["left", "right"]})
    assert choice(0, 90, description="Turned.") == Setting({"enum": [0, 90], "description": "Turned."})
    assert flag() == Setting({"type": "boolean"}) and flag(default=True) == Setting({"type": "boolean",
                                                                                     "default": True})


# --- read by the layout's reader -------------------------------------------------------------------------


def test_colours_texts_icons_and_fonts_are_read_by_the_reader() -> None:
    assert (Colour().schema, Text().schema, Icon().schema) == (
        {"$ref": "#/$defs/colour"}, {"$ref": "#/$defs/text"}, {"$ref": "#/$defs/icon"})
    assert read(COLOUR, "gold") == (("colour", "gold"), [("colour", "gold", AT, NAMES)])
    assert read(TEXT, "{name}") == (("text", "{name}"), [("text", "{name}", AT, NAMES)])
    assert read(ICON, "star") == (("icon", "star"), [("icon", "star", AT, NAMES)])
    assert read(font(), "body") == (("font", "body"), [("font", "body", AT)])
    assert font(minLength=1) == Font({"type": "string", "minLength": 1})
    assert (COLOUR, TEXT, ICON) == (Colour(), Text(), Icon())


def test_a_template_that_is_not_printed() -> None:
    assert template() == Template({"type": "string", "minLength": 1})
    assert template(description="A path.").schema == {"type": "string", "minLength": 1, "description": "A path."}
    assert read(template(), "art/{name}.png") == (("template", "art/{name}.png"),
                                                  [("template", "art/{name}.png", AT, NAMES)])
    assert read(template(), 3) == (None, [])  # (its schema refuses it: nothing more is said)


def test_an_expression_in_a_string_or_a_whole_number() -> None:
    assert expression() == Expression({"type": "string", "minLength": 1})
    assert expression("Rows.") == Expression({"type": "string", "minLength": 1, "description": "Rows."})
    assert expression(numbers=True) == Expression({"type": ["string", "integer"]})
    assert expression("A count.", numbers=True) == Expression({"type": ["string", "integer"],
                                                               "description": "A count."})
    assert read(expression(), "len(items)") == (("expression", "len(items)"),
                                                [("expression", "len(items)", AT, NAMES)])
    taken = expression(numbers=True)
    assert [taken.takes(v) for v in ("x", 3, 0, True, False, 2.5, None, [])] == [
        True, True, True, False, False, False, False, False]


def test_a_length_in_its_unit_or_its_own() -> None:
    assert length() == Length({"$ref": "#/$defs/length"}, "mm", False)
    assert length("pt", or_expression=True) == Length({"$ref": "#/$defs/length"}, "pt", True)
    assert length(description="A pitch.") == Length({"type": ["number", "string"], "description": "A pitch."}, "mm",
                                                    False)
    assert length("in", "Across.", True) == Length({"type": ["number", "string"], "description": "Across."}, "in",
                                                   True)
    assert (Length().unit, Length().or_expression) == ("mm", False)
    assert read(length(), 3) == (("length", 3), [("length", 3, AT, "mm")])
    assert read(length("pt"), "3mm") == (("length", "3mm"), [("length", "3mm", AT, "pt")])


def test_a_length_or_an_expression_giving_one() -> None:
    either = length("pt", or_expression=True)
    assert read(either, "3mm") == (pytest.approx(mm(3)), [])
    assert read(either, "9") == (9.0, [])  # a number in a text is in the setting's unit
    assert read(length(or_expression=True), "9") == (pytest.approx(mm(9)), [])
    assert read(either, "width / 2") == (("expression", "width / 2"), [("expression", "width / 2", AT, NAMES)])
    assert read(either, 3) == (("length", 3), [("length", 3, AT, "pt")])  # a number is a length


# --- made of other settings ------------------------------------------------------------------------------


def test_a_record_reads_each_of_its_settings_where_it_is() -> None:
    paint = Record({"type": "object"}, {"fill": COLOUR, "radius": length(), "dash": number()})
    assert read(paint, {"fill": "gold", "dash": 2}) == (
        {"fill": ("colour", "gold"), "dash": 2}, [("colour", "gold", AT + ("fill",), NAMES)])
    assert read(paint, {}) == ({}, [])
    assert paint.definition is None and paint.definitions() == {}


def test_a_records_schema_and_definitions() -> None:
    fields = {"fill": COLOUR, "size": number()}
    assert record(fields) == Record({"type": "object", "additionalProperties": False,
                                     "properties": {"fill": {"$ref": "#/$defs/colour"}, "size": {"type": "number"}}},
                                    fields)
    assert record(fields, ("size",), description="Paint.").schema == {
        "type": "object", "additionalProperties": False, "required": ["size"], "description": "Paint.",
        "properties": {"fill": {"$ref": "#/$defs/colour"}, "size": {"type": "number"}}}
    named = record(fields, name="ink")
    assert (named.schema, named.fields, named.definition) == ({"$ref": "#/$defs/ink"}, fields, {"ink": {
        "type": "object", "additionalProperties": False, "properties": {"fill": {"$ref": "#/$defs/colour"},
                                                                        "size": {"type": "number"}}}})
    assert named.definitions() == named.definition
    outer = record({"paint": named, "more": record({"deep": record({"x": number()}, name="deep")})}, name="outer")
    assert list(outer.definitions()) == ["ink", "deep", "outer"]  # those it holds, then its own
    assert outer.definitions()["deep"]["properties"] == {"x": {"type": "number"}}
    assert record({"paint": named}, name="ink").definitions()["ink"]["properties"] == {
        "paint": {"$ref": "#/$defs/ink"}}  # its own over one it holds of the same name


def test_a_list_reads_each_element_where_it_is() -> None:
    names = listed(TEXT)
    assert names == Listed({"type": "array", "items": {"$ref": "#/$defs/text"}}, TEXT)
    assert read(names, ["a", "b"]) == ([("text", "a"), ("text", "b")], [("text", "a", AT + (0,), NAMES),
                                                                         ("text", "b", AT + (1,), NAMES)])
    assert [names.takes(v) for v in ([], ["a"], "a", (), None)] == [True, True, False, False, False]
    assert (names.definitions(), listed(PAINT).definitions()) == ({}, PAINT.definition)


def test_one_of_several_types_read_as_the_first_that_takes_it() -> None:
    either = one_of(listed(number()), expression(numbers=True), COLOUR)
    assert either == OneOf({"oneOf": [{"type": "array", "items": {"type": "number"}}, {"type": ["string", "integer"]},
                                      {"$ref": "#/$defs/colour"}]}, either.options)
    assert read(either, [1, 2]) == ([1, 2], [])
    assert read(either, "rank") == (("expression", "rank"), [("expression", "rank", AT, NAMES)])
    assert read(either, True) == (("colour", True), [("colour", True, AT, NAMES)])
    assert read(one_of(listed(number()), expression()), 2.5) == (2.5, [])  # none takes it: as written
    assert one_of(number(), listed(PAINT), FONT_SETTINGS).definitions() == {**PAINT.definition,
                                                                             **FONT_SETTINGS.definition}
    assert one_of(number()).definitions() == {}


def test_boxes_in_a_box() -> None:
    assert Boxes({}).one is False
    assert (ELSE.one, BOXES.one) == (True, False)
    assert ELSE.schema == {"$ref": "#/$defs/box", "description": "What an image box draws for an item without a "
                                                                 "picture (its geometry is the image's)."}
    assert BOXES.schema == {"type": "object", "propertyNames": {"pattern": "^[a-z][a-z0-9-]*$"},
                            "additionalProperties": {"$ref": "#/$defs/box"}}


def test_the_settings_many_kinds_share() -> None:
    assert FONT == Font({"type": "string", "minLength": 1, "description": "A font role of the game (heading, body "
                                                                          "...)."})
    assert SIZE.schema == {"type": "number", "exclusiveMinimum": 0, "maximum": 500, "description": "Text size in "
                                                                                                   "points."}
    assert MIN_SIZE.schema == {"type": "number", "exclusiveMinimum": 0, "maximum": 500, "description": "Text may "
                               "shrink to this size to fit."}
    assert ALIGN.schema == {"enum": ["left", "centre", "right"]}
    assert (PAINT.schema, list(PAINT.fields)) == ({"$ref": "#/$defs/paint"}, ["fill", "stroke", "stroke_width",
                                                                               "radius"])
    assert (PAINT.fields["stroke_width"].unit, PAINT.fields["radius"].unit) == ("pt", "mm")
    assert FONT_SETTINGS.definition == {"font-settings": {
        "type": "object", "additionalProperties": False,
        "properties": {"font": {"type": "string"}, "size": {"type": "number", "exclusiveMinimum": 0},
                       "min_size": {"type": "number", "exclusiveMinimum": 0}}}}


# --- the layout schema's boxes ---------------------------------------------------------------------------


@dataclass
class Kind:
    settings: dict


def test_the_kinds_make_the_box_schema() -> None:
    properties, definitions = schema([Kind({"rect": PAINT, "colour": COLOUR}), Kind({"colour": COLOUR,
                                                                                      "size": SIZE})])
    assert properties == {"rect": {"$ref": "#/$defs/paint"}, "colour": {"$ref": "#/$defs/colour"},
                          "size": SIZE.schema}
    assert definitions == PAINT.definition
    assert schema([]) == ({}, {})


def test_two_kinds_may_not_declare_a_setting_differently() -> None:
    with pytest.raises(ValueError) as raised:
        schema([Kind({"size": SIZE}), Kind({"size": number()})])
    assert str(raised.value) == (f"box kinds declare 'size' differently: {SIZE} and {number()}")


def test_pnps_kinds_make_the_layout_schemas_boxes() -> None:
    properties, definitions = schema(kinds().values())
    assert (properties["text"], properties["rect"], properties["else"], properties["boxes"]) == (
        {"$ref": "#/$defs/text"}, {"$ref": "#/$defs/paint"}, ELSE.schema, BOXES.schema)
    assert {"paint", "font-settings"} <= set(definitions)
    assert len(properties) == len({k for kind in kinds().values() for k in kind.settings})
