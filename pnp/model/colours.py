"""Colour arithmetic on the data's #rrggbb colours, as coloraide computes it: tints and shades
for composing (and the ink saver's), WCAG contrast and CIEDE2000 differences for the checks,
with colour blindness simulated by three models.

Relative luminance, contrast, grey, mix (in sRGB), the simulations, CIELab and CIEDE2000 of
#rrggbb colours are worked out here in plain Python, with coloraide's own floats in
coloraide's order (its sRGB transfer functions, its matrices, its linear interpolation and
rounding to hex, its CIEDE2000 step by step): the same results to the last bit
(tests/unit/model/test_colours.py compares them with coloraide's over every colour of the
bundled games and random ones), without importing coloraide (a fifth of a second, most of it
tables its import computes) and some five times quicker. Any other input, and a result
outside the sRGB gamut that coloraide would map into it, is left to coloraide.

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


# coloraide's own (8.x) matrices for the simulations it computes, rows of linear sRGB (Viénot's)
# or of LMS (Brettel's two half-planes, the first for colours on the negative side of the
# separating plane, and that plane's normal), and linear sRGB to LMS (Smith & Pokorny): the
# simulations are worked out here with coloraide's floats in coloraide's order (tested to hold
# the very numbers coloraide does and to give the same results to the last bit).
_LRGB_TO_LMS = ((0.178824041258, 0.4351609057000001, 0.04119349692),
                (0.034556423182, 0.27155382458, 0.038671308360000003),
                (0.000299565576, 0.0018430896, 0.01467086136))
_VIENOT = {
    "protanopia": ((1.1238276122216405e-01, 8.8761723877783620e-01, 5.5511151231257830e-17),
                   (1.1238276122216398e-01, 8.8761723877783620e-01, -2.7755575615628914e-17),
                   (4.0057682730469425e-03, -4.0057682730469390e-03, 1.0000000000000000e+00)),
    "deuteranopia": ((2.9275011427843560e-01, 7.0724988572156440e-01, 1.1102230246251565e-16),
                     (2.9275011427843560e-01, 7.0724988572156440e-01, -5.5511151231257830e-17),
                     (-2.2336587034129083e-02, 2.2336587034129093e-02, 1.0000000000000000e+00)),
}
_BRETTEL = {
    "protanopia": (((0.0, 4.645203550257065, -35.779576941742434), (0.0, 3.1614562071112173, -5.353537465326408),
                    (0.0, -0.49202224438116643, 69.56547088528569)),
                   ((0.0, 4.500783062899838, -32.818059625581405), (0.0, 3.179741536008844, -5.728500319648271),
                    (0.0, -0.4913704825845725, 69.55210571887513)),
                   (0.0, 0.016813516536000002, -0.344781556122)),
    "deuteranopia": (((2.0757138256610466, 0.0, -21.409141476259606), (1.466463363392979, 0.0, 2.3317439563667293),
                      (-0.22661490011149105, 0.0, 68.30654343816653)),
                     ((2.124834794256137, 0.0, -23.323256212281898), (1.4461308480260673, 0.0, 3.124048513815847),
                      (-0.2250635463221503, 0.0, 68.24609126806706)),
                     (-0.016813516536000002, 0.0, 0.6551784438780001)),
    "tritanopia": (((7.392856536180033, -11.148044821248138, 0.0), (-0.34194012421930653, 3.5501661175064, 0.0),
                    (-4.2050692716448586, 10.89115898202731, 0.0)),
                   ((8.0643934576311, -12.42414705871019, 0.0), (-0.9956078228581946, 4.7923119863996835, 0.0),
                    (-0.2150297288038942, 3.3090019545637928, 0.0)),
                   (0.344781556122, -0.6551784438780001, 0.0)),
}
# coloraide's linear sRGB to XYZ (D65), and D65's XYZ from its chromaticity (0.3127, 0.3290) as
# coloraide works it out (util.xy_to_xyz)
_TO_XYZ = ((0.4123907992659593, 0.357584339383878, 0.1804807884018343), _Y,
           (0.01933081871559182, 0.11919477979462598, 0.9505321522496607))
_WHITE = ((0.3127 * 1.0) / 0.329, 1.0, (1.0 - 0.3127 - 0.329) * 1.0 / 0.329)
_EPSILON, _KAPPA = 216 / 24389, 24389 / 27  # CIELab's, as coloraide writes them


def _dot(row: tuple[float, ...], v: tuple[float, ...] | list[float]) -> float:
    return row[0] * v[0] + row[1] * v[1] + row[2] * v[2]


def _simulated(linear: tuple[float, ...], vision: str, model: str) -> tuple[float, float, float]:
    """coloraide's simulation of `vision` under `model` (see MODELS), of a linear sRGB colour."""
    if model == "machado":
        return tuple(sum(m * c for m, c in zip(row, linear)) for row in MACHADO[vision])  # type: ignore[return-value]
    if model == "vienot" and vision != "tritanopia":  # (coloraide's tritan filter is Brettel's)
        rows = _VIENOT[vision]
        return (_dot(rows[0], linear), _dot(rows[1], linear), _dot(rows[2], linear))
    first, second, plane = _BRETTEL[vision]
    lms = (_dot(_LRGB_TO_LMS[0], linear), _dot(_LRGB_TO_LMS[1], linear), _dot(_LRGB_TO_LMS[2], linear))
    rows = second if _dot(lms, plane) > 0 else first
    return (_dot(rows[0], lms), _dot(rows[1], lms), _dot(rows[2], lms))


def _lab_of(linear: tuple[float, ...] | list[float]) -> tuple[float, float, float]:
    """coloraide's CIELab (D65) of a linear sRGB colour."""
    fx, fy, fz = ((i ** (3 ** -1)) if i > _EPSILON else (_KAPPA * i + 16) / 116
                  for i in (_dot(row, linear) / w for row, w in zip(_TO_XYZ, _WHITE)))
    return ((116.0 * fy) - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz))


_G = 25 ** 7


def _ciede2000(first: tuple[float, ...], second: tuple[float, ...]) -> float:
    """coloraide's CIEDE2000 of two CIELab colours (kL = kC = kH = 1), step by step as it writes it."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c1 = math.sqrt(a1 ** 2 + b1 ** 2)
    c2 = math.sqrt(a2 ** 2 + b2 ** 2)
    cm = (c1 + c2) / 2
    c7 = cm ** 7
    g = 0.5 * (1 - math.sqrt(c7 / (c7 + _G)))
    ap1 = (1 + g) * a1
    ap2 = (1 + g) * a2
    cp1 = math.sqrt(ap1 ** 2 + b1 ** 2)
    cp2 = math.sqrt(ap2 ** 2 + b2 ** 2)
    hp1 = 0 if (ap1 == 0 and b1 == 0) else math.atan2(b1, ap1)
    hp2 = 0 if (ap2 == 0 and b2 == 0) else math.atan2(b2, ap2)
    hp1 = math.degrees(hp1 + math.tau if hp1 < 0.0 else hp1)
    hp2 = math.degrees(hp2 + math.tau if hp2 < 0.0 else hp2)
    dl = l1 - l2
    dc = cp1 - cp2
    hdiff = hp1 - hp2
    if cp1 * cp2 == 0.0:
        dh = 0.0
    elif abs(hdiff) <= 180.0:
        dh = hdiff
    else:
        dh = hdiff + (-360 if hdiff > 180.0 else 360)
    dh = 2 * math.sqrt(cp2 * cp1) * math.sin(math.radians(dh / 2))
    lpm = (l1 + l2) / 2
    cpm = (cp1 + cp2) / 2
    hsum = hp1 + hp2
    if cp1 * cp2 == 0:
        hpm = hsum
    elif abs(hp1 - hp2) > 180:
        hpm = (hsum + (360 if hsum < 360 else -360)) / 2
    else:
        hpm = hsum / 2
    t = (1 - (0.17 * math.cos(math.radians(hpm - 30))) + (0.24 * math.cos(math.radians(2 * hpm)))
         + (0.32 * math.cos(math.radians((3 * hpm) + 6))) - (0.20 * math.cos(math.radians((4 * hpm) - 63))))
    dt = 30 * math.exp(-1 * ((hpm - 275) / 25) ** 2)
    cpm7 = cpm ** 7
    rc = 2 * math.sqrt(cpm7 / (cpm7 + _G))
    l_temp = (lpm - 50) ** 2
    sl = 1 + ((0.015 * l_temp) / math.sqrt(20 + l_temp))
    sc = 1 + 0.045 * cpm
    sh = 1 + 0.015 * cpm * t
    rt = -1 * math.sin(math.radians(2 * dt)) * rc
    return math.sqrt((dl / (1 * sl)) ** 2 + (dc / (1 * sc)) ** 2 + (dh / (1 * sh)) ** 2
                     + rt * (dc / (1 * sc)) * (dh / (1 * sh)))


def _linear_of(colour: str) -> tuple[float, float, float] | None:
    channels = _channels(colour)
    return None if channels is None else (_linear(channels[0]), _linear(channels[1]), _linear(channels[2]))


def seen(colour: str, vision: str, model: str = "vienot") -> tuple[float, float, float]:
    """A colour as a viewer with `vision` sees it, simulated by `model`: its linear sRGB as it
    comes (not clipped to the gamut, not rounded)."""
    linear = _linear_of(colour)
    if linear is not None:
        return _simulated(linear, vision, model)
    from coloraide import Color

    found = Color(colour).convert("srgb-linear")
    if model == "machado":
        rows = MACHADO[vision]
        return tuple(sum(m * c for m, c in zip(row, found[:3])) for row in rows)  # type: ignore[return-value]
    method = {"vienot": None, "brettel": "brettel"}[model]
    return tuple(found.filter(VISIONS[vision], method=method)[:3])  # type: ignore[return-value]


_labs: dict[tuple[str, str | None, str | None], tuple[float, float, float]] = {}


def _lab(colour: str, vision: str | None = None, model: str | None = None) -> tuple[float, float, float]:
    """A colour as seen with `vision` under `model` (plain sight: None), as coloraide's CIELab
    (D65) coordinates, worked out once for every pair it is compared in: the very coordinates
    coloraide's delta_e would convert it to."""
    key = (colour, vision, model)
    found = _labs.get(key)
    if found is None:
        linear = _linear_of(colour)
        if linear is not None:
            found = _lab_of(linear if vision is None else seen(colour, vision, model))  # type: ignore[arg-type]
        else:
            from coloraide import Color

            plain = Color(colour) if vision is None else Color("srgb-linear", list(seen(colour, vision, model)))
            found = tuple(plain.convert("lab-d65").coords(nans=False))  # type: ignore[assignment]
        _labs[key] = found  # type: ignore[assignment]
    return found  # type: ignore[return-value]


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
                return _ciede2000(_lab(first, vision, model), _lab(second, vision, model))
            apart = float(_known_or(f"difference {first} {second} {vision} {model}", compute))
            if apart < found[0]:
                found = (apart, vision, model)
    return found


def difference(first: str, second: str) -> float:
    """How far apart two colours look: CIEDE2000."""
    def compute() -> float:
        return _ciede2000(_lab(first), _lab(second))
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
