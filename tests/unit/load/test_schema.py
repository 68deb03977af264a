"""The JSON Schemas: pnp's own and those compiled from a game's field declarations are valid
Draft 2020-12 and reject unknown keys."""

from __future__ import annotations

import json

import jsonschema
import pytest

from pnp.load.schema import SCHEMA_NAMES, _compiled, _schemas, validator

from conftest import DATA, ROOT


def compiled() -> dict[str, dict]:
    """The schemas compiled from the bundled game's fields, one per set's files."""
    from pnp.load.game import load_game

    game, problems = load_game(ROOT / "game.yaml")
    assert game is not None and not problems
    return dict(_compiled)


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_schema_is_valid_draft_2020_12(name: str) -> None:
    schema = _schemas()[name]
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


def test_compiled_schemas_are_valid_draft_2020_12() -> None:
    schemas = compiled()
    assert len(schemas) >= 5  # the cards, the board's areas, the money, the companies, the aid
    for schema in schemas.values():
        jsonschema.Draft202012Validator.check_schema(schema)


def _objects(node):
    if isinstance(node, dict):
        if node.get("type") == "object" and "properties" in node:
            yield node
        for value in node.values():
            yield from _objects(value)
    elif isinstance(node, list):
        for value in node:
            yield from _objects(value)


@pytest.mark.parametrize("name", ["game", "layout", "checks", "stats", "board", "land", "compiled"])
def test_every_object_with_named_keys_refuses_unknown_ones(name: str) -> None:
    schemas = list(compiled().values()) if name == "compiled" else [_schemas()[name]]
    objects = [obj for schema in schemas for obj in _objects(schema)]
    assert objects
    for obj in objects:
        assert obj.get("additionalProperties") is False, obj.get("title", obj)


# The layout schema's box as its file said it before each kind declared its settings (the
# box's properties, and the definitions only they name)
BOX_SETTINGS = json.loads((DATA / "layout-box-settings.json").read_text("utf-8"))
PLACING = ("extends", "x", "y", "width", "height", "if", "rotate", "mirror")  # every box's, of no kind


def test_the_layout_schema_made_from_the_kinds_is_what_its_file_said() -> None:
    layout = _schemas()["layout"]["$defs"]
    assert layout["box"]["properties"].keys() == BOX_SETTINGS["box"]["properties"].keys()
    for key, expected in BOX_SETTINGS["box"]["properties"].items():
        assert layout["box"]["properties"][key] == expected, key
    assert (layout["paint"], layout["font-settings"]) == (BOX_SETTINGS["paint"], BOX_SETTINGS["font-settings"])


def test_every_setting_a_kind_takes_has_one_type_and_the_schema_says_it() -> None:
    from pnp.boxes import kinds

    layout = _schemas()["layout"]["$defs"]
    declared: dict = {}
    for kind in kinds().values():
        assert next(iter(kind.settings)) == kind.name
        assert not set(kind.settings) & set(PLACING), kind.name
        for key, setting in kind.settings.items():
            declared.setdefault(key, []).append(setting)
            assert layout["box"]["properties"][key] == setting.schema, (kind.name, key)
            for name, definition in setting.definitions().items():
                assert layout[name] == definition, (kind.name, key, name)
    assert [key for key, settings in declared.items() if any(s != settings[0] for s in settings)] == []
    assert set(layout["box"]["properties"]) == set(declared) | set(PLACING)


def test_two_kinds_cannot_declare_a_setting_differently() -> None:
    from pnp.boxes.kind import BoxKind
    from pnp.boxes.settings import COLOUR, TEXT, schema

    first = BoxKind("one", "", "", {"one": TEXT, "colour": COLOUR}, lambda *_: [])
    second = BoxKind("two", "", "", {"two": TEXT, "colour": TEXT}, lambda *_: [])
    assert schema([first])[0] == {"one": {"$ref": "#/$defs/text"}, "colour": {"$ref": "#/$defs/colour"}}
    with pytest.raises(ValueError, match="box kinds declare 'colour' differently"):
        schema([first, second])


def test_text_may_be_a_string_or_a_language_mapping() -> None:
    from pnp.load.fields import Field, object_schema
    from pnp.maps.areas import area_fields
    from pnp.problems import Location
    from pnp.load.schema import compiled as register

    fields = {"id": Field("id", "id", Location("game.yaml")), **area_fields(Location("game.yaml"))}
    check = validator(register({"type": "object", "properties": {"areas": {"type": "array",
                                                                            "items": object_schema(fields)}}}))
    area = {"id": "x", "seat": {"city": "C", "lat": 1, "lon": 2}}
    assert check.is_valid({"areas": [{**area, "name": "Plain"}]})
    assert check.is_valid({"areas": [{**area, "name": {"en": "Plain", "fr": "Plaine", "de": "Ebene"}}]})
    assert not check.is_valid({"areas": [{**area, "name": {}}]})
    assert not check.is_valid({"areas": [{**area, "name": {"english": "Plain"}}]})
    assert not check.is_valid({"areas": [{**area, "name": 3}]})
    assert not check.is_valid({"areas": [{**area, "name": "Plain", "seat": {"city": "C", "lat": 91, "lon": 2}}]})


def _checked(manifest) -> list[tuple[str, object]]:
    """Each (schema, data) a game's loading checks, in order."""
    from unittest import mock

    from pnp.load import schema
    from pnp.load.game import load_game

    seen = []
    check = schema.check

    def spy(doc, name, broken=None):
        seen.append((name, doc.data))
        return check(doc, name, broken)

    with mock.patch.object(schema, "check", spy), mock.patch.object(schema, "clean", set()):
        load_game(manifest)
    return seen


def test_jsonschema_rs_passes_exactly_what_jsonschema_passes(tmp_path) -> None:
    """A document jsonschema-rs passes is not given to jsonschema (which words the errors): the
    two must agree on every file of the three games and of every broken fixture, whose
    schema errors are what the fixtures expect."""
    from conftest import INVALID, make_game
    from pnp.load.schema import passes

    manifests = [ROOT / "game.yaml", ROOT / "examples/anarchipel/game.yaml", ROOT / "examples/furia-cartese/game.yaml"]
    manifests += [make_game(tmp_path / case.name, case) for case in sorted(INVALID.iterdir())]
    checked = [pair for manifest in manifests for pair in _checked(manifest)]
    assert len(checked) > 500
    failing = 0
    for name, data in checked:
        errors = list(validator(name).iter_errors(data))
        failing += bool(errors)
        assert passes(name, data) == (not errors), (name, [e.message for e in errors])
    assert failing >= 12


@pytest.mark.parametrize("definition, value", [
    ("common.schema.json#/$defs/id", "mughals\n"),  # Python's `$` matches before a last newline; jsonschema-rs's not
    ("layout.schema.json#/$defs/length", "\x1c12mm"),  # Python counts U+001C as space; jsonschema-rs does not
])
def test_where_jsonschema_rs_reads_a_pattern_more_strictly_jsonschema_decides(definition, value) -> None:
    """The only disagreement allowed: jsonschema-rs refuses what jsonschema passes, so
    jsonschema (the one that reports) looks again and its answer stands."""
    from pnp.load.schema import compiled, passes

    name = compiled({"$ref": f"https://pnp.invalid/schemas/{definition}"})
    assert not passes(name, value)
    assert not list(validator(name).iter_errors(value))
    assert passes(name, value.strip())


# --- pnp schema on a game from a stranger: nothing written or read through a link ------------


def _started(tmp_path: Path) -> Path:
    """A game from pnp new's cards template, its schemas/ not yet written; an outside folder
    beside it with a file of its own."""
    import shutil

    from click.testing import CliRunner

    from pnp.cli import main

    game = tmp_path / "game"
    assert CliRunner().invoke(main, ["new", str(game)]).exit_code == 0
    shutil.rmtree(game / "schemas")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "mine.txt").write_text("the user's own\n")
    return game


def _schema(game: Path, *args: str):
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "pnp", "schema", *args], cwd=game, capture_output=True, text=True,
                          timeout=60)


def _outside(tmp_path: Path) -> dict[str, str]:
    return {p.relative_to(tmp_path / "outside").as_posix(): p.read_text() for p in (tmp_path / "outside").rglob("*")
            if p.is_file()}


@pytest.mark.parametrize("link, to, named", [
    ("schemas", "outside", "schemas"),
    ("schemas", "game/layouts", "schemas"),  # (inside the game: still a link)
    ("schemas/components", "outside", "schemas/components"),
    ("schemas/game.schema.json", "outside/mine.txt", "schemas/game.schema.json"),
    ("schemas/.pnp-schemas.json", "outside/mine.txt", "schemas/.pnp-schemas.json"),
])
def test_pnp_schema_writes_through_no_link_in_the_game(link: str, to: str, named: str, tmp_path: Path) -> None:
    game = _started(tmp_path)
    (game / link).parent.mkdir(parents=True, exist_ok=True)
    (game / link).symlink_to(tmp_path / to)
    before = _outside(tmp_path)
    layouts = sorted(p.name for p in (game / "layouts").iterdir())
    for args in ((), ("-o", "schemas"), ("-o", str(game / "schemas"))):  # (-o naming the game's own link too)
        result = _schema(game, *args)
        assert (result.returncode, result.stdout, result.stderr) == \
            (2, "", f"Error: {named} is a link, and pnp writes through no link\n"), args
    assert _outside(tmp_path) == before and sorted(p.name for p in (game / "layouts").iterdir()) == layouts
    assert not [p for p in (game / "schemas").rglob("*.schema.json") if not p.is_symlink()]  # nothing written first


def test_pnp_schema_removes_nothing_through_a_link_but_writes_through_the_users_own(tmp_path: Path) -> None:
    """A record naming a file behind a link (as a game from a stranger may hold, with the hash
    of a file of the user's) removes nothing there; a folder the user names with -o is theirs,
    whatever links lead to it."""
    import hashlib
    import json

    game = _started(tmp_path)
    (game / "schemas").mkdir()
    (game / "schemas" / "old").symlink_to(tmp_path / "outside")
    digest = hashlib.sha256(b"the user's own\n").hexdigest()
    (game / "schemas" / ".pnp-schemas.json").write_text(json.dumps({"files": {"old/mine.txt": digest,
                                                                               "../outside/mine.txt": digest}}))
    result = _schema(game)
    assert result.returncode == 0 and "removed" not in result.stdout and result.stderr == ""
    assert _outside(tmp_path) == {"mine.txt": "the user's own\n"}
    (tmp_path / "editor").symlink_to(tmp_path / "outside")
    result = _schema(game, "-o", str(tmp_path / "editor"))
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.splitlines()[0].split() == [f"{(tmp_path / 'outside').as_posix()}/game.schema.json",
                                                     "game.yaml"]
    assert (tmp_path / "outside" / "components" / "cards.schema.json").is_file()


def test_pnp_schema_ends_in_one_line_where_it_cannot_write(tmp_path: Path) -> None:
    """A folder that cannot be made or written, a file where the folder goes, a pipe where a
    file goes: one line each, the code of a usage error, and no wait on the pipe."""
    import os

    game = _started(tmp_path)
    (game / "schemas").write_text("a file\n")
    result = _schema(game)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", "Error: schemas is not a folder\n")
    result = _schema(game, "-o", "/proc/pnp-schemas")
    assert (result.returncode, result.stdout, result.stderr) == \
        (2, "", "Error: /proc/pnp-schemas cannot be made (No such file or directory)\n")
    (game / "schemas").unlink()
    (game / "schemas").mkdir()
    os.mkfifo(game / "schemas" / ".pnp-schemas.json")
    result = _schema(game)
    assert (result.returncode, result.stdout, result.stderr) == \
        (2, "", "Error: schemas/.pnp-schemas.json is not a file\n")


# --- a text YAML read as a mapping in braces: the message says to quote it -------------------

HINTED = {"type": "object", "additionalProperties": False, "properties": {
    "text": {"type": ["string", "object"], "propertyNames": {"pattern": "^[a-z]{2}$"},
             "additionalProperties": {"type": "string"}},
    "players": {"type": "object", "additionalProperties": False,
                "properties": {"min": {"type": "integer"}, "max": {"type": "integer"}}}}}


def hinted(text: str, schema: dict = HINTED) -> list[str]:
    from pnp.load.schema import check, compiled
    from pnp.load.yamlload import parse_yaml

    doc, problems = parse_yaml(text.encode("utf-8"), "f.yaml")
    assert problems == []
    return [p.format() for p in check(doc, compiled(schema))]


def test_a_template_in_braces_unquoted_is_said_to_need_quotes() -> None:
    assert hinted("text: {name}\n") == [
        'f.yaml:1:7: error: text: write the template in quotes, "{name}": without them YAML reads {name} as a '
        'mapping [schema]']
    assert hinted("- x\n") == ["f.yaml:1:1: error: expected a mapping, got a list [schema]"]


def test_a_text_in_braces_cut_at_its_commas_is_said_to_need_quotes() -> None:
    assert hinted("text: {Take one,   or flip one of yours.}\n") == [
        'f.yaml:1:7: error: text: write the text in quotes, "{Take one, or flip one of yours.}": without them YAML '
        'reads {Take one, or flip one of yours.} as a mapping [schema]']


def test_a_text_of_a_language_cut_at_a_comma_names_the_part_cut_off() -> None:
    assert hinted("text: {en: Take one, or flip one of yours., fr: Prends-en un}\n") == [
        "f.yaml:1:22: error: text: 'or flip one of yours.' is read as a key of its own: inside {...} YAML ends a "
        "text at a comma; quote the text that holds it [schema]"]


def test_a_record_s_text_cut_at_a_comma_names_the_part_cut_off() -> None:
    # (a record's unknown key, as a mapping of known keys refuses it)
    assert hinted("players: {min: 2, max: 3, or flip one of yours.}\n") == [
        "f.yaml:1:27: error: players: 'or flip one of yours.' is read as a key of its own: inside {...} YAML ends a "
        "text at a comma; quote the text that holds it [schema]"]


def test_keys_refused_for_other_reasons_keep_their_messages() -> None:
    # written a key a line, a mapping is meant as one: no quotes would help
    assert hinted("text:\n  name:\n") == [
        "f.yaml:2:3: error: text: key 'name' is not allowed [schema]",
        "f.yaml:2:8: error: text.name: expected a string, got nothing [schema]"]
    # (nor one that starts with a merge key)
    assert hinted("base: &b {name: x}\ntext:\n  <<: *b\n  more:\n") == [
        "f.yaml:1:1: error: unknown key 'base' (expected one of: players, text) [schema]",
        "f.yaml:4:3: error: text: key 'more' is not allowed [schema]",
        "f.yaml:1:11: error: text: key 'name' is not allowed [schema]",
        "f.yaml:4:8: error: text.more: expected a string, got nothing [schema]"]
    # keys with values, and keys the mapping takes, though with no value
    assert hinted("text: {name: x}\nplayers: {min, max, most: 3}\n") == [
        "f.yaml:1:8: error: text: key 'name' is not allowed [schema]",
        "f.yaml:2:21: error: players: unknown key 'most' (expected one of: max, min) [schema]",
        "f.yaml:2:14: error: players.min: expected a whole number, got nothing [schema]",
        "f.yaml:2:19: error: players.max: expected a whole number, got nothing [schema]"]


# a colour setting (a text or nothing), an icon setting (a text or a switch) and an item's fields
SETTINGS = {"type": "object", "additionalProperties": False, "properties": {
    "background": {"type": ["string", "null"]},
    "icon": {"type": ["string", "object"], "additionalProperties": False, "required": ["switch"],
             "properties": {"switch": {"type": "string"}}},
    "item": {"type": "object", "additionalProperties": False, "properties": {
        "id": {"type": "string"}, "effect": HINTED["properties"]["text"], "count": {"type": "integer"}}}}}


def test_a_template_where_no_mapping_is_taken_is_said_to_need_quotes() -> None:
    assert hinted("background: {colour}\n", SETTINGS) == [
        'f.yaml:1:13: error: background: write the template in quotes, "{colour}": without them YAML reads '
        '{colour} as a mapping [schema]']
    # said once: not also the key the mapping a setting takes must hold
    assert hinted("icon: {good}\n", SETTINGS) == [
        'f.yaml:1:7: error: icon: write the template in quotes, "{good}": without them YAML reads {good} as a '
        'mapping [schema]']
    # (a mapping with values where none is taken is one: no quotes would help)
    assert hinted("background: {colour: red}\n", SETTINGS) == [
        "f.yaml:1:13: error: background: expected a string or nothing, got a mapping [schema]"]


def test_a_text_with_an_icon_cut_at_a_comma_is_said_whole_at_its_start() -> None:
    assert hinted("item: {id: market, effect: Sell any goods, 1 :coin: each, count: 3}\n", SETTINGS) == [
        'f.yaml:1:28: error: item.effect: write the text in quotes, "Sell any goods, 1 :coin: each": without them '
        'YAML ends it at the comma and reads the colon that ends the icon :coin: as the end of a key [schema]']
    assert hinted("item: {effect: {en: Sell, 1 :coin: each}}\n", SETTINGS) == [
        'f.yaml:1:21: error: item.effect.en: write the text in quotes, "Sell, 1 :coin: each": without them YAML ends '
        'it at the comma and reads the colon that ends the icon :coin: as the end of a key [schema]']
    # with no key before it (or one whose value is no text), at the key, with no text to quote
    assert hinted("item: {1 :coin: each}\n", SETTINGS) == [
        "f.yaml:1:8: error: item: '1 :coin' is read as a key: without quotes YAML reads the colon that ends the icon "
        ":coin: as the end of a key; quote the text that holds it [schema]"]
    assert hinted("item: {effect: [a], 1 :coin: each}\n", SETTINGS) == [
        "f.yaml:1:21: error: item: '1 :coin' is read as a key: without quotes YAML reads the colon that ends the "
        "icon :coin: as the end of a key; quote the text that holds it [schema]",
        "f.yaml:1:16: error: item.effect: expected a string or a mapping, got a list [schema]"]
    # (a colon after a letter or a digit opens no icon: 10:30 is a key as any other)
    assert hinted("item: {id: a, at 10:30: now}\n", SETTINGS) == [
        "f.yaml:1:15: error: item: unknown key 'at 10:30' (expected one of: count, effect, id) [schema]"]


def test_a_list_items_text_with_an_icon_unquoted_is_said_whole_to_need_quotes() -> None:
    """`- Take 1 :fish:` is no syntax error: YAML reads a mapping of one key ('Take 1 :fish') and
    the rest of the line as its value; where a text (or a number) is taken, it is said once, at
    the key, with the text as written (its comment left out)."""
    lists = {"type": "object", "additionalProperties": False, "properties": {
        "effects": {"type": "array", "items": HINTED["properties"]["text"]},
        "counts": {"type": "array", "items": {"type": "integer"}}}}
    assert hinted("effects:\n  - Take 1 :fish:\n  - Take 2 :fish: # two\n  - Take 1 :fish: and go\n"
                  "  - Take :fish:, then 2\ncounts:\n  - 1 :fish:\n", lists) == [
        'f.yaml:2:5: error: effects[0]: write the text in quotes, "Take 1 :fish:": without them YAML reads the colon '
        'that ends the icon :fish: as the end of a key [schema]',
        'f.yaml:3:5: error: effects[1]: write the text in quotes, "Take 2 :fish:": without them YAML reads the colon '
        'that ends the icon :fish: as the end of a key [schema]',
        'f.yaml:4:5: error: effects[2]: write the text in quotes, "Take 1 :fish: and go": without them YAML reads the '
        'colon that ends the icon :fish: as the end of a key [schema]',
        # (an icon's colon followed by a comma ends no key: "Take :fish:, then 2" is a text)
        'f.yaml:7:5: error: counts[0]: write the text in quotes, "1 :fish:": without them YAML reads the colon that '
        'ends the icon :fish: as the end of a key [schema]']
    # (a mapping the list takes, or one of more keys, keeps its messages: no quotes would help)
    assert sorted(hinted("effects:\n  - en: Take 1 :fish\n  - Take 1 :fish:\n    more: 2\n", lists)) == [
        "f.yaml:3:18: error: effects[1].Take 1 :fish: expected a string, got nothing [schema]",
        "f.yaml:3:5: error: effects[1]: key 'Take 1 :fish' is not allowed [schema]",
        "f.yaml:4:11: error: effects[1].more: expected a string, got 2 [schema]",
        "f.yaml:4:5: error: effects[1]: key 'more' is not allowed [schema]"]


def test_a_field_or_value_named_with_a_word_expressions_keep_is_refused_where_it_is_declared() -> None:
    from pnp.load.fields import kept_word, parse_fields
    from pnp.load.yamlload import parse_yaml

    assert [kept_word(name) for name in ("yield", "class", "if", "None", "field", "match", 3)] == [
        True, True, True, True, False, False, False]  # (a soft keyword reads as a name)
    doc, _ = parse_yaml(b"fields:\n  gain: icon\n  yield: icon\n  seat: {type: record, fields: {for: int}}\n",
                        "game.yaml")
    fields, problems = parse_fields(doc.data["fields"], doc.locate, ("fields",))
    assert [p.format() for p in problems] == [
        "game.yaml:3:3: error: 'yield' cannot be a field name: expressions keep the word for themselves, so no "
        "template could read {yield} [schema]",
        "game.yaml:4:33: error: 'for' cannot be a field name: expressions keep the word for themselves, so no "
        "template could read {for} [schema]"]
    assert list(fields) == ["gain", "yield"]  # (read all the same: the data giving it is not wrong too)


# --- the schemas an editor reads (pnp schema) -------------------------------------------------


def test_a_hint_reaches_the_editor() -> None:
    """A description is also markdownDescription, which the YAML language server shows as
    written, followed by pnp's hint; the hint is the editor's message of a wrong value."""
    from pnp.load.schema import for_editor, sentence

    assert sentence("must be a colour") == "Must be a colour." and sentence("is it.") == "Is it."
    assert for_editor({"type": "string", "pattern": "^a$", "x-hint": "must be a", "description": "The `a`."}) == {
        "type": "string", "pattern": "^a$", "x-hint": "must be a", "description": "The `a`.",
        "patternErrorMessage": "Must be a.", "markdownDescription": "The `a`.\n\nMust be a."}
    assert for_editor({"const": "any", "x-hint": "must be the word any"}) == {
        "const": "any", "x-hint": "must be the word any", "errorMessage": "Must be the word any.",
        "markdownDescription": "Must be the word any."}
    assert for_editor({"description": "D."}) == {"description": "D.", "markdownDescription": "D."}
    assert for_editor({"type": "integer"}) == {"type": "integer"}


def test_a_standalone_schema_carries_the_hints_and_leaves_names_and_values_alone() -> None:
    from pnp.load.schema import compiled, standalone

    name = compiled({"type": "object", "properties": {
        "description": {"type": "string", "description": "A field named description."},
        "prefixItems": {"$ref": "common.schema.json#/$defs/colour"},
        "record": {"type": "object", "default": {"description": "data", "x-hint": "data"}},
        "pair": {"type": "array", "prefixItems": [{"type": "number"}], "items": False}}})
    schema = standalone(name, "T")
    assert (schema["$schema"], schema["title"]) == ("http://json-schema.org/draft-07/schema#", "T")
    properties = schema["properties"]
    assert properties["description"] == {"type": "string", "description": "A field named description.",
                                         "markdownDescription": "A field named description."}
    assert properties["prefixItems"]["patternErrorMessage"] == "Must be a colour written #RRGGBB, like '#1f6f8b'."
    assert properties["record"]["default"] == {"description": "data", "x-hint": "data"}
    assert properties["pair"] == {"type": "array", "items": [{"type": "number"}], "additionalItems": False}
    text = standalone("common")["$defs"]["text"]
    assert text["propertyNames"]["patternErrorMessage"] == "Must be a two-letter language code such as en, fr or de."
    assert text["markdownDescription"] == text["description"]
