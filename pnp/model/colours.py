"""Colour arithmetic on the data's #rrggbb colours, with coloraide: tints and shades for
composing, WCAG contrast and CIEDE2000 differences for the checks.

Every result is remembered by its arguments. A build keeps what it computed in its cache
(`remembered`) and the next one starts from it (`remember`), so a rebuild that meets no new
colour never imports coloraide (a tenth of a second). The results are pure functions of
their arguments and of coloraide's version, which is part of the cache key. The expression
language's mix and luminance are here.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping

from ..expr.functions import function, is_number
from ..expr.limits import ExpressionError

_known: dict[str, float | str] = {}


def remember(results: Mapping[str, float | str]) -> None:
    """Take results computed by an earlier process (see `remembered`)."""
    _known.update(results)


def remembered() -> dict[str, float | str]:
    """Every result known in this process, by call."""
    return dict(sorted(_known.items()))


def _known_or(call: str, compute: Callable[[], float | str]) -> float | str:
    found = _known.get(call)
    if found is None:
        found = _known[call] = compute()
    return found


def mix(base: str, other: str, amount: float) -> str:
    """`base` moved `amount` (0..1) of the way towards `other`, in sRGB, as #rrggbb."""
    def compute() -> str:
        from coloraide import Color  # imported when needed: heavy

        return Color(base).mix(other, amount, space="srgb").to_string(hex=True, fit=True)
    return str(_known_or(f"mix {base} {other} {amount!r}", compute))


def grey(colour: str) -> str:
    """The grey of the same relative luminance, as #rrggbb."""
    def compute() -> str:
        from coloraide import Color

        y = Color(colour).luminance()
        return Color("srgb-linear", [y, y, y]).convert("srgb").to_string(hex=True, fit=True)
    return str(_known_or(f"grey {colour}", compute))


def luminance(colour: str) -> float:
    def compute() -> float:
        from coloraide import Color

        return Color(colour).luminance()
    return float(_known_or(f"luminance {colour}", compute))


def contrast(text: str, background: str) -> float:
    """The WCAG 2.1 contrast ratio of two colours (1 to 21)."""
    def compute() -> float:
        from coloraide import Color

        return Color(background).contrast(text, method="wcag21")
    return float(_known_or(f"contrast {text} {background}", compute))


VISIONS = {"deuteranopia": "deutan", "protanopia": "protan", "tritanopia": "tritan"}


def difference_seen(first: str, second: str, visions: tuple[str, ...] = ()) -> tuple[float, str]:
    """The smallest CIEDE2000 difference of two colours with normal vision and as viewers with
    each of `visions` see them ("normal" when plain sight is the worst). Colour blindness is
    simulated as full dichromacy by coloraide (Viénot for deuteranopia and protanopia, Brettel
    for tritanopia), and the simulated colours are compared as they come, not rounded."""
    found = (difference(first, second), "normal")
    for vision in visions:
        def compute() -> float:
            from coloraide import Color

            kind = VISIONS[vision]
            return Color(first).filter(kind).delta_e(Color(second).filter(kind), method="2000")
        apart = float(_known_or(f"difference {first} {second} {vision}", compute))
        if apart < found[0]:
            found = (apart, vision)
    return found


def difference(first: str, second: str) -> float:
    """How far apart two colours look: CIEDE2000."""
    def compute() -> float:
        from coloraide import Color

        return Color(first).delta_e(second, method="2000")
    return float(_known_or(f"difference {first} {second}", compute))


# --- the expression language's functions on colours -----------------------------------------

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def _colour(name: str, value: Any) -> str:
    if not isinstance(value, str) or not _COLOUR.fullmatch(value):
        raise ExpressionError(f"{name}() needs colours written like '#1a2b3c'")
    return value


@function("mix", "A colour moved amount (0 to 1) of the way towards another colour.",
          "mix(colour, '#ffffff', 0.8)")
def _mix(a: Any, b: Any, amount: Any) -> str:
    if not is_number(amount) or not 0 <= amount <= 1:
        raise ExpressionError("mix() needs an amount from 0 to 1")
    return mix(_colour("mix", a), _colour("mix", b), float(amount))


@function("luminance", "How light a colour looks, from 0 (black) to 1 (white): its relative luminance.",
          "luminance(colour) > 0.5")
def _luminance(colour: Any) -> float:
    return luminance(_colour("luminance", colour))
