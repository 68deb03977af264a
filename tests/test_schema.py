"""The JSON Schemas: pnp's own and those compiled from a game's field declarations are valid
Draft 2020-12 and reject unknown keys."""

from __future__ import annotations

import jsonschema
import pytest

from pnp.schema import SCHEMA_NAMES, _compiled, _schemas, validator

from conftest import ROOT


def compiled() -> dict[str, dict]:
    """The schemas compiled from the bundled game's fields, one per set's files."""
    from pnp.game import load_game

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


def test_text_may_be_a_string_or_a_language_mapping() -> None:
    from pnp.fields import Field, object_schema
    from pnp.maps.areas import area_fields
    from pnp.problems import Location
    from pnp.schema import compiled as register

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

    from pnp import schema
    from pnp.game import load_game

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
    from pnp.schema import passes

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
    from pnp.schema import compiled, passes

    name = compiled({"$ref": f"https://pnp.invalid/schemas/{definition}"})
    assert not passes(name, value)
    assert not list(validator(name).iter_errors(value))
    assert passes(name, value.strip())
