"""The documentation (docs/pages/) documents every component type, size, field type, box kind, check
kind and expression function pnp has, each with its doc and an example, every check (pnp's and
The Anarchy's), every key of the game's YAML files and every option of every command: the rows
and sections are made from pnp's registries and schemas, so the reference cannot drift. The
examples hold too: each is YAML, or an expression, that parses, and each box kind's example is
drawn by the docs' pictures."""

from __future__ import annotations

import json
import re
import sys

import pytest

from pnp import boxes, expr
from pnp.checks import COMMON
from pnp.checks import registry  # noqa: F401  (every check)
from pnp.checks.kinds import kinds
from pnp.components import types
from pnp.load.fields import FIELD_TYPES
from pnp.problems import CHECKS
from pnp.model.sizes import SIZES

from conftest import ROOT
from docs import DOCS, block, check_row, keys_in_table, mentions, option_mentioned, page, pages, row, section, size_row

ENTRIES = (
    [("size", s.name, "reference/components.md", size_row(s)) for s in SIZES.values()]
    + [("field", t.name, "reference/fields.md", row(t.name, t.doc, t.example)) for t in FIELD_TYPES.values()]
    + [("check kind", k.name, "reference/checks.md", row(k.name, k.doc, k.example)) for k in kinds().values()]
    + [("function", f.name, "reference/expressions.md", row(f.name, f.doc, f.example))
       for f in expr.FUNCTIONS.values()]
    + [("check", i.id, "reference/checks.md", check_row(i)) for i in CHECKS.values()]
)


@pytest.mark.parametrize("kind, name, path, line", ENTRIES, ids=[f"{k}-{n}" for k, n, _, _ in ENTRIES])
def test_the_reference_documents_it(kind: str, name: str, path: str, line: str) -> None:
    assert line in page(path).splitlines(), f"docs/pages/{path} does not document the {kind} {name!r} as pnp does: {line}"


@pytest.mark.parametrize("name", list(types()))
def test_each_component_type_has_its_page(name: str) -> None:
    kind = types()[name]
    text = page(f"components/{name}.md")
    assert block(kind.name, kind.doc, kind.example) in text, \
        f"docs/pages/components/{name}.md does not document the type as pnp does:\n{block(kind.name, kind.doc, kind.example)}"
    if kind.printed:  # (a data set is drawn nowhere)
        assert re.search(r"\]\(\.\./pictures/[\w-]+\.png\)", text), f"docs/pages/components/{name}.md has no picture"


@pytest.mark.parametrize("name", list(boxes.kinds()))
def test_each_box_kind_is_documented_with_its_picture(name: str) -> None:
    kind = boxes.kinds()[name]
    found = [path for path, text in pages("boxes").items() if block(kind.name, kind.doc, kind.example) in text]
    assert found, f"no page of docs/pages/boxes/ documents the box kind as pnp does:\n{block(kind.name, kind.doc, kind.example)}"
    assert f"](../pictures/box-{name}.png)" in section(page(found[0]), f"`{name}`"), f"{found[0]}: {name} has no picture"


def test_the_reference_documents_the_anarchys_checks() -> None:
    from pnp.checks.validate import validate

    game = validate(ROOT / "game.yaml").game
    lines = page("reference/checks.md").splitlines()
    for check in game.checks:
        assert check_row(check.info) in lines, check.info.id


def schema(name: str) -> dict:
    return json.loads((ROOT / "pnp" / "schemas" / f"{name}.schema.json").read_text("utf-8"))


def yaml_keys() -> list[tuple[str, str, str, bool]]:
    """Every key of the game's YAML files: (what, key, page, in the page's tables' first column)."""
    game = schema("game")
    found = [("game.yaml", key, "reference/game.md", True) for key in game["properties"]]
    found += [("a component set", key, "reference/components.md", True) for key in game["$defs"]["set"]["properties"]]
    found += [("a component set", key, "reference/components.md", True)
              for kind in types().values() for key in (kind.options or {})]
    found += [("game.yaml's readme", key, "kit.md", False) for key in game["properties"]["readme"]["properties"]]
    layout = schema("layout")
    found += [("a layout", key, "reference/layouts.md", False) for key in layout["properties"]]
    found += [("every box", key, "reference/layouts.md", False) for key in layout["$defs"]["box"]["properties"]]
    found += [("a check", key, "reference/checks.md", False) for key in COMMON]
    found += [("stats.yaml", key, "reference/statistics.md", False) for key in schema("stats")["properties"]]
    found += [("a map's settings", key, "reference/maps.md", False) for key in schema("board")["properties"]]
    return found


@pytest.mark.parametrize("what, key, path, tabled", yaml_keys(), ids=[f"{w}-{k}" for w, k, _, _ in yaml_keys()])
def test_every_yaml_key_is_documented(what: str, key: str, path: str, tabled: bool) -> None:
    text = page(path)
    if tabled:
        assert key in keys_in_table(text), f"docs/pages/{path}: no row of its tables documents {what}'s key {key!r}"
    else:
        assert mentions(text, key), f"docs/pages/{path} does not document {what}'s key {key!r} (as `{key}` or `{key}: ...`)"


def commands() -> list[tuple[str, str]]:
    from pnp.cli import main

    return [(name, option) for name, command in main.commands.items() for param in command.params
            if param.param_type_name == "option" and "--game" not in param.opts
            for option in [next((o for o in param.opts if o.startswith("--")), param.opts[0])]]


@pytest.mark.parametrize("command, option", commands(), ids=[f"{c}{o}" for c, o in commands()])
def test_every_option_of_every_command_is_documented(command: str, option: str) -> None:
    from pnp.cli import main

    heading = next((line.lstrip("# ") for line in page("getting-started.md").splitlines()
                    if line.startswith("## ") and f"`pnp {command}`" in line), None)
    text = section(page("getting-started.md"), heading) if heading else ""
    assert text, f"docs/pages/getting-started.md has no section headed `pnp {command}`"
    opts = next(p.opts for p in main.commands[command].params if option in p.opts)
    assert any(option_mentioned(text, o) for o in opts), f"docs/pages/getting-started.md: `pnp {command}` says nothing of {option}"


def test_every_command_takes_the_game_as_the_page_says() -> None:
    from pnp.cli import main

    assert option_mentioned(page("getting-started.md"), "--game")
    assert all(any("--game" in p.opts for p in c.params) for n, c in main.commands.items() if n != "new")


def test_the_docs_tests_can_fail() -> None:
    """What the checks above read finds a missing key, option or kind, and only that."""
    text = "| `title`, `subtitle` | a name |\n\n## `pnp watch`\n\nIt takes `-o DIR` and `--only`.\n\n## `pnp new`\n"
    assert keys_in_table(text) == {"title", "subtitle"}
    assert option_mentioned(section(text, "`pnp watch`"), "-o") and not option_mentioned(text, "--serve")
    assert not option_mentioned(section(text, "`pnp new`"), "--only")
    assert mentions("`fit: land` scales", "fit") and not mentions("fits the box", "fit")
    assert section("## `a`\n\n```\n# b\n```\n\n## `c`\n", "`a`") == "## `a`\n\n```\n# b\n```\n"


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


@pytest.mark.slow
def test_every_box_kinds_example_draws(tmp_path) -> None:
    """The docs' pictures draw each box kind's example on a piece of a demo game of its own
    (the map's kinds where The Anarchy draws them): the game validates without an error, and
    every example draws."""
    sys.path.insert(0, str(DOCS.parent))
    try:
        import pictures
    finally:
        sys.path.remove(str(DOCS.parent))
    demo = pictures.Drawn(pictures.write_demo(tmp_path / "demo"))
    drawn = {name[4:] for name in demo.game.sets if name.startswith("box-")}
    assert drawn | set(pictures.IN_GAMES) == set(boxes.kinds()) and not drawn & set(pictures.IN_GAMES)
    for kind in sorted(drawn):
        (box,) = __import__("yaml").safe_load(boxes.kinds()[kind].example)
        image = demo.box(f"box-{kind}", box, None, 30)
        assert image.getextrema() != ((255, 255),) * 3, kind  # (something is drawn)
