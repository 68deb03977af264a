"""Colour arithmetic for composing: tints and shades of the data's #rrggbb colours."""

from __future__ import annotations

from functools import cache


@cache
def mix(base: str, other: str, amount: float) -> str:
    """`base` moved `amount` (0..1) of the way towards `other`, in sRGB, as #rrggbb."""
    from coloraide import Color  # imported lazily: heavy, and only composing needs it

    return Color(base).mix(other, amount, space="srgb").to_string(hex=True, fit=True)


@cache
def luminance(colour: str) -> float:
    from coloraide import Color

    return Color(colour).luminance()
