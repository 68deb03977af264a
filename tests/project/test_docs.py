"""The README documents every component type, size, field type, box kind, check kind and
expression function pnp has, each with its doc and an example, and every check, pnp's and
The Anarchy's: the rows are made from pnp's registries, so the reference cannot drift."""

from __future__ import annotations

import pytest

from pnp import boxes, expr
from pnp.checks import registry  # noqa: F401  (every check)
from pnp.checks.kinds import kinds
from pnp.components import types
from pnp.load.fields import FIELD_TYPES
from pnp.problems import CHECKS
from pnp.model.sizes import SIZES

from conftest import ROOT
from docs import check_row, row, size_row

README = (ROOT / "README.md").read_text("utf-8")

ENTRIES = (
    [("type", t.name, row(t.name, t.doc, t.example)) for t in types().values()]
    + [("size", s.name, size_row(s)) for s in SIZES.values()]
    + [("field", t.name, row(t.name, t.doc, t.example)) for t in FIELD_TYPES.values()]
    + [("box", k.name, row(k.name, k.doc, k.example)) for k in boxes.kinds().values()]
    + [("check kind", k.name, row(k.name, k.doc, k.example)) for k in kinds().values()]
    + [("function", f.name, row(f.name, f.doc, f.example)) for f in expr.FUNCTIONS.values()]
    + [("check", i.id, check_row(i)) for i in CHECKS.values()]
)


@pytest.mark.parametrize("kind, name, line", ENTRIES, ids=[f"{k}-{n}" for k, n, _ in ENTRIES])
def test_the_readme_documents_it(kind: str, name: str, line: str) -> None:
    assert line in README.splitlines(), f"the README does not document the {kind} {name!r} as pnp does: {line}"


def test_the_readme_documents_the_anarchys_checks() -> None:
    from pnp.checks.validate import validate

    game = validate(ROOT / "game.yaml").game
    for check in game.checks:
        assert check_row(check.info) in README.splitlines(), check.info.id


def test_every_example_is_valid() -> None:
    """Each example is what it says: YAML that parses, and expressions that parse."""
    import yaml

    for t in types().values():
        assert yaml.safe_load(t.example)
    for t in FIELD_TYPES.values():
        assert isinstance(yaml.safe_load(t.example), dict)
    for k in boxes.kinds().values():
        (name, box), = yaml.safe_load(k.example).items()
        assert k.name in box, k.name
    for k in kinds().values():
        check = yaml.safe_load(k.example)
        assert k.name in check and "message" in check and "id" in check, k.name
        expr.parse_template(check["message"])
    for f in expr.FUNCTIONS.values():
        expr.parse(f.example)
