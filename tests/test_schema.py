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
