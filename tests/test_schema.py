"""The JSON Schemas shipped in the package are valid Draft 2020-12 and reject unknown keys."""

from __future__ import annotations

import jsonschema
import pytest

from pnp.schema import SCHEMA_NAMES, _schemas, validator


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_schema_is_valid_draft_2020_12(name: str) -> None:
    schema = _schemas()[name]
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
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


@pytest.mark.parametrize("name", ["game", "suit", "areas"])
def test_every_object_with_named_keys_refuses_unknown_ones(name: str) -> None:
    objects = list(_objects(_schemas()[name]))
    assert objects
    for obj in objects:
        assert obj.get("additionalProperties") is False, obj.get("title", obj)


def test_text_may_be_a_string_or_a_language_mapping() -> None:
    check = validator("areas")
    area = {"id": "x", "seat": {"city": "C", "lat": 1, "lon": 2}}
    assert check.is_valid({"areas": [{**area, "name": "Plain"}]})
    assert check.is_valid({"areas": [{**area, "name": {"en": "Plain", "fr": "Plaine", "de": "Ebene"}}]})
    assert not check.is_valid({"areas": [{**area, "name": {}}]})
    assert not check.is_valid({"areas": [{**area, "name": {"english": "Plain"}}]})
    assert not check.is_valid({"areas": [{**area, "name": 3}]})
