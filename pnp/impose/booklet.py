"""A saddle-stitched booklet's page order: pages two to a side of a sheet folded in half, the
sheets nested and stapled on the fold. With N pages padded to a multiple of four (blank pages
at the end), sheet i (from 0) carries on its front pages N-2i and 2i+1 (left, right) and on
its back 2i+2 and N-2i-1; printed on both sides, flipped on the short edge."""

from __future__ import annotations


def padded(pages: int) -> int:
    """The booklet's page count: `pages` rounded up to a multiple of four (at least four)."""
    return max(4, -(-pages // 4) * 4)


def saddle_stitch(pages: int) -> list[tuple[int | None, int | None]]:
    """Each side of each sheet in printing order (front, back, next sheet's front ...), as the
    page numbers (from 1) on its left and right halves; None for a blank added to pad."""
    total = padded(pages)
    sides = []
    for i in range(total // 4):
        for left, right in ((total - 2 * i, 2 * i + 1), (2 * i + 2, total - 2 * i - 1)):
            sides.append((left if left <= pages else None, right if right <= pages else None))
    return sides
