"""Colour arithmetic on the data's #rrggbb colours, with coloraide: tints and shades for
composing (and the ink saver's), WCAG contrast and CIEDE2000 differences for the checks, with
colour blindness simulated by three models.

Relative luminance, contrast, grey and mix (in sRGB) of #rrggbb colours are worked out here in
plain Python, with coloraide's own floats in coloraide's order (its sRGB transfer function, its
linear sRGB to XYZ row for Y, its linear interpolation and its rounding to hex): the same
results to the last bit (tests/unit/model/test_colours.py compares them with coloraide's over
every colour of the bundled games and 200,000 random ones), without importing coloraide (a
fifth of a second, most of it tables its import computes) in a process that composes. Any
other input, and a result outside the sRGB gamut that coloraide would map into it, is left to
coloraide.

Every result is remembered by its arguments. A build keeps what it computed in its cache
(`remembered`) and the next one starts from it (`remember`), so a rebuild that meets no new
colour never imports coloraide (a tenth of a second). The results are pure functions of
their arguments and of coloraide's version, which is part of the cache key. The expression
language's mix and luminance are here.
"""

from __future__ import annotations

import math
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


_HEX = re.compile(r"#[0-9a-fA-F]{6}")
_SCALE = 1.0 / 255.0  # coloraide's RGB_CHANNEL_SCALE: a channel is its byte times this
# the second row of coloraide's linear sRGB to XYZ (D65) matrix: Y, the relative luminance
_Y = (0.21263900587151024, 0.715168678767756, 0.07219231536073371)


def _channels(colour: str) -> tuple[float, float, float] | None:
    """A #rrggbb colour's channels (0..1) as coloraide reads them; None for any other string."""
    if not isinstance(colour, str) or not _HEX.fullmatch(colour):
        return None
    return (int(colour[1:3], 16) * _SCALE, int(colour[3:5], 16) * _SCALE, int(colour[5:7], 16) * _SCALE)


def _linear(channel: float) -> float:
    """coloraide's sRGB transfer function (eotf_srgb) for one channel of 0..1."""
    if channel > 0.04045:
        return ((channel + 0.055) / 1.055) ** 2.4
    return channel / 12.92


def _gamma(channel: float) -> float:
    """coloraide's inverse sRGB transfer function (inverse_eotf_srgb) for one channel of 0..1."""
    if channel > 0.0031308:
        return 1.055 * (channel ** (2.4 ** -1)) - 0.055
    return 12.92 * channel


def _hex(channels: tuple[float, ...]) -> str | None:
    """Channels of 0..1 as coloraide writes them in hex (rounded half up); None when one is
    outside the gamut, where coloraide would map the colour into it first."""
    if not all(0.0 <= c <= 1.0 for c in channels):
        return None
    return "#{:02x}{:02x}{:02x}".format(*(int(math.floor(c * 255.0 + 0.5)) for c in channels))


def _luminance_of(colour: str) -> float | None:
    """coloraide's Color(colour).luminance() for a #rrggbb colour, None for another string."""
    channels = _channels(colour)
    if channels is None:
        return None
    r, g, b = (_linear(c) for c in channels)
    return _Y[0] * r + _Y[1] * g + _Y[2] * b


def _mix_of(base: str, other: str, amount: float) -> str | None:
    """coloraide's Color(base).mix(other, amount, space="srgb") in hex, or None where it is not
    worked out here."""
    first, second = _channels(base), _channels(other)
    if first is None or second is None or type(amount) not in (int, float) or not 0 <= amount <= 1:
        return None
    return _hex(tuple(a + (b - a) * amount for a, b in zip(first, second)))


def mix(base: str, other: str, amount: float) -> str:
    """`base` moved `amount` (0..1) of the way towards `other`, in sRGB, as #rrggbb."""
    def compute() -> str:
        found = _mix_of(base, other, amount)
        if found is not None:
            return found
        from coloraide import Color  # imported when needed: heavy

        return Color(base).mix(other, amount, space="srgb").to_string(hex=True, fit=True)
    return str(_known_or(f"mix {base} {other} {amount!r}", compute))


# `pnp build --ink-saver` prints a dark ground light: a ground darker than DARK (relative
# luminance) becomes a pale tint of itself that keeps TINT of its colour (the rest is white).
DARK = 0.35
TINT = 0.22


def printed_light(colour: str) -> str:
    """A #rrggbb ground as the ink saver prints it: a dark one as its pale tint, any other as it is."""
    return mix(colour, "#ffffff", 1 - TINT) if luminance(colour) < DARK else colour


def grey(colour: str) -> str:
    """The grey of the same relative luminance, as #rrggbb."""
    def compute() -> str:
        y = _luminance_of(colour)
        if y is not None:
            found = _hex((_gamma(y),) * 3) if y >= 0 else None
            if found is not None:
                return found
        from coloraide import Color

        y = Color(colour).luminance()
        return Color("srgb-linear", [y, y, y]).convert("srgb").to_string(hex=True, fit=True)
    return str(_known_or(f"grey {colour}", compute))


def luminance(colour: str) -> float:
    def compute() -> float:
        found = _luminance_of(colour)
        if found is not None:
            return found
        from coloraide import Color

        return Color(colour).luminance()
    return float(_known_or(f"luminance {colour}", compute))


def contrast(text: str, background: str) -> float:
    """The WCAG 2.1 contrast ratio of two colours (1 to 21)."""
    def compute() -> float:
        first, second = _luminance_of(background), _luminance_of(text)
        if first is not None and second is not None:  # coloraide's wcag21 contrast
            first, second = max(0, first), max(0, second)
            if first > second:
                first, second = second, first
            return (second + 0.05) / (first + 0.05)
        from coloraide import Color

        return Color(background).contrast(text, method="wcag21")
    return float(_known_or(f"contrast {text} {background}", compute))


VISIONS = {"deuteranopia": "deutan", "protanopia": "protan", "tritanopia": "tritan"}

# How colour blindness is simulated, each as full dichromacy: "vienot" (Viénot, Brettel & Mollon
# 1999, one plane, for deuteranopia and protanopia; Brettel, Viénot & Mollon 1997 for
# tritanopia, which one plane does not model), "brettel" (Brettel, Viénot & Mollon 1997, two
# half-planes, for all three), both as coloraide computes them, and "machado" (below).
MODELS = ("vienot", "brettel", "machado")

# Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for Simulation of Color
# Vision Deficiency", IEEE Transactions on Visualization and Computer Graphics 15(6), 1291-1298:
# the matrices the authors publish for severity 1.0 (dichromacy), rows of linear sRGB, applied to
# a colour's linear sRGB. (The same numbers as in DaltonLens's and coloraide's tables.)
MACHADO = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def seen(colour: str, vision: str, model: str = "vienot") -> tuple[float, float, float]:
    """A colour as a viewer with `vision` sees it, simulated by `model`: its linear sRGB as it
    comes (not clipped to the gamut, not rounded)."""
    from coloraide import Color

    linear = Color(colour).convert("srgb-linear")
    if model == "machado":
        rows = MACHADO[vision]
        return tuple(sum(m * c for m, c in zip(row, linear[:3])) for row in rows)  # type: ignore[return-value]
    method = {"vienot": None, "brettel": "brettel"}[model]
    return tuple(linear.filter(VISIONS[vision], method=method)[:3])  # type: ignore[return-value]


_labs: dict[tuple[str, str | None, str | None], Any] = {}


def _lab(colour: str, vision: str | None = None, model: str | None = None) -> Any:
    """A colour as seen with `vision` under `model` (plain sight: None), as coloraide's CIELab
    (D65) colour, converted once for every pair it is compared in: the very coordinates
    delta_e would convert it to."""
    key = (colour, vision, model)
    found = _labs.get(key)
    if found is None:
        from coloraide import Color

        plain = Color(colour) if vision is None else Color("srgb-linear", list(seen(colour, vision, model)))
        found = _labs[key] = plain.convert("lab-d65")
    return found


def difference_seen(first: str, second: str, visions: tuple[str, ...] = (),
                    models: tuple[str, ...] = ("vienot",)) -> tuple[float, str, str | None]:
    """The smallest CIEDE2000 difference of two colours with normal vision and as viewers with
    each of `visions` see them under each of `models` (see MODELS), with the vision and the
    model it was found with ("normal" and None when plain sight is the worst; the first found
    of equal ones). The simulated colours are compared as they come, not clipped or rounded."""
    found: tuple[float, str, str | None] = (difference(first, second), "normal", None)
    for model in models:
        for vision in visions:
            def compute() -> float:
                return _lab(first, vision, model).delta_e(_lab(second, vision, model), method="2000")
            apart = float(_known_or(f"difference {first} {second} {vision} {model}", compute))
            if apart < found[0]:
                found = (apart, vision, model)
    return found


def difference(first: str, second: str) -> float:
    """How far apart two colours look: CIEDE2000."""
    def compute() -> float:
        return _lab(first).delta_e(_lab(second), method="2000")
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
