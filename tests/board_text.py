"""Boards written as lists of records, redrawn as text (pnp.load.boards): for a designer to
move a game's boards to the picture-like form once.

    python tests/board_text.py FILE FIELD --grid flat [--key '{"~": ocean, "#": terre}']

prints FILE with each FIELD list (one `{q: .., r: .., tile: ..}` per line, as Anarchipel's
boards are written) replaced by its picture, a literal block, and on stderr what the field's
declaration in game.yaml then takes (grid, key, origin). Every board of the file is drawn in
one frame, so that one origin serves them all; codes are the key's, or the values themselves.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any, Iterable

import yaml

from pnp.model.hexes import axial_to_offset


def frame(boards: Iterable[list[dict]], grid: str) -> tuple[int, int]:
    """The origin (the axial coordinates of the first code of the first line) in which every
    cell of the boards lies on the grid's first column or row or after it."""
    cells = [(c["q"], c["r"]) for board in boards for c in board]
    if grid == "flat":
        q0 = min(q for q, _ in cells)
        return q0, min(r + ((q - q0) - ((q - q0) & 1)) // 2 for q, r in cells)
    r0 = min(r for _, r in cells)
    return min(q + ((r - r0) - ((r - r0) & 1)) // 2 for q, r in cells), r0


def places(board: list[dict], grid: str, origin: tuple[int, int] | None) -> dict[tuple[int, int], dict]:
    """Each cell by the line and the place in it (from 0) where its code goes."""
    found = {}
    for cell in board:
        if origin is not None:
            col, row = axial_to_offset(cell["q"] - origin[0], cell["r"] - origin[1],
                                       "pointy" if grid == "pointy" else "flat")
        else:
            col, row = cell["col"], cell["row"]
        if col < 1 or row < 1:
            raise ValueError(f"cell {cell} lies before the grid's first column or row")
        found[(2 * (row - 1) + (col + 1) % 2, (col - 1) // 2) if grid == "flat" else (row - 1, col - 1)] = cell
    return found


def picture(board: list[dict], grid: str, cell: str, codes: dict[Any, str], origin: tuple[int, int] | None,
            size: tuple[int, int], width: int) -> list[str]:
    """A board's lines: `size` is how many lines and columns the frame has; each code takes
    `width` characters and a space, a flat grid's even columns and a pointy grid's even rows
    shifted half a hex right."""
    found = places(board, grid, origin)
    lines, columns = size
    drawn = []
    for line in range(lines):
        count = (columns + 1 - line % 2) // 2 if grid == "flat" else columns
        row = [codes.get(found[(line, i)][cell], str(found[(line, i)][cell])) if (line, i) in found else "."
               for i in range(count)]
        step = 2 * (width + 1) if grid == "flat" else width + 1
        shift = (step + 1) // 2 if grid != "square" and line % 2 else 0
        drawn.append((" " * shift + "".join(code.ljust(step) for code in row)).rstrip())
    return drawn


def draw(boards: list[list[dict]], grid: str, cell: str, key: dict[str, Any]) -> tuple[list[list[str]], dict]:
    """Each board's lines, all in one frame, and the options the field's declaration takes."""
    axial = all("q" in c and "r" in c for board in boards for c in board) and grid != "square"
    origin = frame(boards, grid) if axial else None
    codes = {value: code for code, value in key.items()}
    placed = [places(board, grid, origin) for board in boards]
    lines = max(line for p in placed for line, _ in p) + 1
    columns = max(2 * i + 1 + line % 2 if grid == "flat" else i + 1 for p in placed for line, i in p)
    width = max([len(codes.get(c[cell], str(c[cell]))) for board in boards for c in board] + [1])
    drawn = [picture(board, grid, cell, codes, origin, (lines, columns), width) for board in boards]
    options = {"grid": grid, **({"key": key} if key else {}), **({"origin": {"q": origin[0], "r": origin[1]}}
                                                                  if origin is not None else {})}
    return drawn, options


def rewrite(text: str, field: str, grid: str, cell: str, key: dict[str, Any]) -> tuple[str, dict]:
    """The file's text with each `field:` list of one-line records replaced by its picture."""
    data = yaml.safe_load(text)
    boards = [record[field] for record in _records(data) if isinstance(record.get(field), list)]
    drawn, options = draw(boards, grid, cell, key)
    lines = text.split("\n")
    out, i, n = [], 0, 0
    head = re.compile(rf"^(\s*)(- +)?{re.escape(field)}:\s*$")
    while i < len(lines):
        found = head.match(lines[i])
        if not found:
            out.append(lines[i])
            i += 1
            continue
        indent = len(found.group(1)) + len(found.group(2) or "")
        out.append(lines[i].rstrip() + " |")
        i += 1
        while i < len(lines) and re.match(r"^\s*- *\{", lines[i]) and len(lines[i]) - len(lines[i].lstrip()) >= indent:
            i += 1
        out += [" " * (indent + 2) + line for line in drawn[n]]
        n += 1
    if n != len(boards):
        raise ValueError(f"found {n} '{field}:' lists written one record a line, for {len(boards)} boards")
    return "\n".join(out), options


def _records(data: Any) -> Iterable[dict]:
    """Every mapping of the data, in the order written."""
    if isinstance(data, dict):
        yield data
        for value in data.values():
            yield from _records(value)
    elif isinstance(data, list):
        for value in data:
            yield from _records(value)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file")
    parser.add_argument("field")
    parser.add_argument("--grid", choices=("flat", "pointy", "square"), required=True)
    parser.add_argument("--cell", help="the records' field a code gives (default: the one besides the coordinates)")
    parser.add_argument("--key", default="{}", help="the codes, a YAML mapping of code to value")
    args = parser.parse_args(argv)
    text = open(args.file, encoding="utf-8").read()
    key = yaml.safe_load(args.key) or {}
    cell = args.cell
    if cell is None:
        sample = next(r[args.field][0] for r in _records(yaml.safe_load(text))
                      if isinstance(r.get(args.field), list) and r[args.field])
        cell = next(name for name in sample if name not in ("q", "r", "col", "row"))
    out, options = rewrite(text, args.field, args.grid, cell, key)
    sys.stdout.write(out)
    sys.stderr.write(f"the declaration of '{args.field}' takes: {json.dumps(options, ensure_ascii=False)}\n")


if __name__ == "__main__":
    main()
