"""Write a large synthetic game for the benchmarks: a copy of a game whose largest set of cards
is grown to N items, valid under the game's own checks.

    python benchmarks/grow.py /tmp/big                       # The Anarchy with 1,000 cards
    python benchmarks/grow.py /tmp/big --cards 5000 --game examples/anarchipel

Items are copied with new ids (`<id>-2`, `<id>-3`, ...) from those the game's `unique` checks
leave free (in The Anarchy: every card but the leaders, whose numbers are unique in a suit) and
that add nothing to what a `sum` check totals (The Anarchy's treasure, which the bank's money
must cover),
round the set's files in turn, and appended to each file's list; a `count` check of the set's
items with `equals:` is raised to the new count. The copy leaves the rulebook out (its examples
hold for the game as written, not for a grown deck). The copy is validated before it is kept.
"""

from __future__ import annotations

import argparse
import itertools
import re
import shutil
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
# the project around the bundled game stays behind: a copy of pnp/ beside game.yaml would be the
# pnp that `python -m pnp` runs there, not the one being measured
# (nor the dot folders tools leave there: git's, the test runners' caches, a virtual environment)
IGNORE = shutil.ignore_patterns(".*", "out", "tests", "examples", "benchmarks", "build", "*.egg-info", "__pycache__",
                                "pnp", "pyproject.toml")


class _Plain(yaml.SafeDumper):
    """Writes every copy out in full (no anchors and aliases)."""

    def ignore_aliases(self, data) -> bool:
        return True


def decks(game) -> list:
    """The game's sets of cards, the largest first."""
    return sorted((s for s in game.sets.values() if s.type == "card" and s.items and not s.declaration.get("items_of")),
                  key=lambda s: -len(s.items))


def _without_rulebook(manifest: Path) -> None:
    """The copy's manifest without its `rules:` (a top-level key and the lines indented under
    it): a rulebook's examples are checked against the game as its author wrote it, and a grown
    deck breaks them (a leader followed by 27 cards rather than 2)."""
    lines, kept, skipping = manifest.read_text("utf-8").splitlines(keepends=True), [], False
    for line in lines:
        if re.match(r"rules\s*:", line):
            skipping = True
            continue
        if skipping and (line[:1].isspace() or not line.strip()):
            continue
        skipping = False
        kept.append(line)
    manifest.write_text("".join(kept), "utf-8")


def grow(source: Path, target: Path, cards: int, set_name: str | None = None) -> str:
    """Copy the game at `source` (its game.yaml or folder) to `target` with its largest set of
    cards (or the set named) grown to `cards` items; returns validation's summary. Raises SystemExit when the game
    cannot be grown or the copy is not valid."""
    from pnp.load.paths import resolve_manifest
    from pnp.checks.validate import validate

    manifest = resolve_manifest(str(source))
    if target.exists():
        raise SystemExit(f"{target} exists: grow into a new folder")
    shutil.copytree(manifest.parent, target, ignore=IGNORE)
    _without_rulebook(target / manifest.name)
    report = validate(target / manifest.name)
    game = report.game
    if game is None or report.errors:
        raise SystemExit(f"{source} is not valid to begin with: {report.summary()}")
    if set_name is not None:
        component = game.sets.get(set_name)
        if component is None or component.declaration.get("items_of") or not component.items:
            raise SystemExit(f"{source} has no set of items called {set_name!r}")
    else:  # the game's largest set of cards
        if not decks(game):
            raise SystemExit(f"{source} has no set of cards: name the set to grow with --set")
        component = decks(game)[0]
    key = component.declaration.get("items")
    checks_file = yaml.safe_load((target / manifest.name).read_text("utf-8")).get("checks")
    checks = yaml.safe_load((target / checks_file).read_text("utf-8")) if checks_file else []
    checks = checks if isinstance(checks, list) else (checks or {}).get("checks", [])
    unique = {c["unique"] for c in checks if isinstance(c, dict) and c.get("for") == component.name and "unique" in c}
    unique.discard("id")

    # a field a `sum` check adds up (here, or from another set) keeps its total: copies take
    # only items where it is nothing
    words = set()
    for check in checks:  # (the names its expressions read: not its doc's or message's words)
        if isinstance(check, dict) and "sum" in check:
            read = [check.get(key) for key in ("sum", "where", "min", "max", "equals") if check.get(key) is not None]
            words |= set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", " ".join(str(v) for v in read)))
    summed = (set(component.fields) & words) - {"id"}

    def free(item) -> bool:
        return (all(item.fields.get(name) is None for name in unique)
                and all(not item.fields.get(name) for name in summed))

    by_file: dict[str, list] = {}
    for item in component.items:
        if free(item):
            by_file.setdefault(item.origin.file, []).append(item)
    if not by_file or not key:
        raise SystemExit(f"{component.name}: no item can be copied (each has a value a unique check holds)")
    raw = {f: yaml.safe_load((target / f).read_text("utf-8")) for f in by_file}
    records = {f: {r["id"]: r for r in (data[key] if isinstance(data, dict) else data) if isinstance(r, dict)}
               for f, data in raw.items()}
    added: dict[str, list] = {f: [] for f in by_file}
    total = len(component.items)
    copy_number = itertools.count(2)
    while total < cards:
        n = next(copy_number)
        for f, items in by_file.items():
            for item in items:
                if total >= cards:
                    break
                record = dict(records[f][item.id])
                record["id"] = f"{item.id}-{n}"
                added[f].append(record)
                total += 1
    for f, extra in added.items():
        if not extra:
            continue
        text = (target / f).read_text("utf-8")
        data = raw[f]
        listed_last = isinstance(data, dict) and list(data)[-1] == key
        block = yaml.dump(extra, Dumper=_Plain, sort_keys=False, allow_unicode=True, default_flow_style=None,
                          width=10_000)
        if listed_last:  # append to the file's list as text: the rest of the file stays as written
            indent = "  " if f"\n{key}:\n  - " in "\n" + text else ""
            (target / f).write_text(text.rstrip("\n") + "\n\n" + "".join(indent + line + "\n"
                                                                         for line in block.splitlines()), "utf-8")
        else:
            if isinstance(data, dict):
                data[key] = list(data[key]) + extra
            else:
                data = list(data) + extra
            (target / f).write_text(yaml.dump(data, Dumper=_Plain, sort_keys=False, allow_unicode=True), "utf-8")
    if checks_file:
        text = (target / checks_file).read_text("utf-8")
        for check in checks:
            if (isinstance(check, dict) and check.get("for") == component.name and check.get("count") == "items"
                    and "equals" in check):
                old = f"for: {component.name}\n  count: items\n  equals: {check['equals']}"
                text = text.replace(old, f"for: {component.name}\n  count: items\n  equals: {total}")
        (target / checks_file).write_text(text, "utf-8")
    report = validate(target / manifest.name)
    if report.errors:
        from pnp.problems import format_text

        sys.stderr.write(format_text(list(report.problems), report.summary()))
        raise SystemExit(f"the grown game in {target} is not valid")
    return report.summary().splitlines()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", type=Path, help="a new folder for the grown game")
    parser.add_argument("--game", default=str(ROOT), help="the game to grow (default: The Anarchy)")
    parser.add_argument("--cards", type=int, default=1000, help="how many items the set has (default 1000)")
    parser.add_argument("--set", dest="set_name", help="the set to grow (default: the game's largest set of cards)")
    args = parser.parse_args()
    if args.set_name is not None:
        print(grow(Path(args.game), args.target, args.cards, args.set_name))
        return
    # the largest set of cards that can grow and stay valid (a game's checks may hold a set's size)
    from pnp.load.paths import resolve_manifest
    from pnp.checks.validate import validate

    game = validate(resolve_manifest(args.game)).game
    for deck in decks(game) if game is not None else []:
        try:
            print(grow(Path(args.game), args.target, args.cards, deck.name))
            return
        except SystemExit as exc:
            print(f"{deck.name}: {exc}", file=sys.stderr)
            shutil.rmtree(args.target, ignore_errors=True)
    raise SystemExit(f"{args.game}: no set of cards grows to {args.cards} and stays valid; name one with --set")


if __name__ == "__main__":
    main()
