"""Values written as text, as templates write them: none as nothing, true/false, numbers with
a true minus sign and, in the languages that write one, a decimal comma; and the format specs
of a template's parts (`{value:02d}`), read and applied."""

from __future__ import annotations

import re
from collections.abc import Mapping  # isinstance() through typing's alias is several times slower
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from typing import Any

from .limits import MAX_FORMAT_WIDTH, SEQUENCES, ExpressionError

MINUS = "\u2212"
_DECIMAL_COMMA = frozenset("fr de es it nl pt da sv nb fi pl cs ru tr".split())
_THOUSANDS = {"fr": "\u202f", "de": ".", "es": ".", "it": ".", "nl": ".", "pt": ".", "da": ".", "sv": "\u202f",
              "nb": "\u202f", "fi": "\u202f", "pl": "\u202f", "cs": "\u202f", "ru": "\u202f", "tr": "."}
_FILL = "\ue000"  # stands for a format spec's fill while the number's own signs are replaced


@lru_cache(maxsize=64)
def _table(language: str) -> dict[int, str]:
    """How a number written by Python changes for `language`: signs, decimals, thousands."""
    code = language.lower().replace("_", "-").split("-")[0]
    table = {ord("-"): MINUS}
    if code in _DECIMAL_COMMA:
        table[ord(".")] = ","
        table[ord(",")] = _THOUSANDS.get(code, ",")
    return table


def _float_text(value: float) -> str:
    if value.is_integer() and abs(value) < 1e16:
        return str(int(value))
    text = format(value, ".10g")
    if "e" in text and 1e-7 <= abs(value) < 1e16:
        text = format(Decimal(text), "f")  # ordinary magnitudes without an exponent
    return text


def format_value(value: Any, language: str = "en") -> str:
    """`value` written as a template writes it: none as nothing, true/false, numbers with a
    true minus sign and `language`'s decimal comma, a list's elements joined with ", "."""
    kind = type(value)
    if kind is str:
        return value
    if value is None:
        return ""
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return str(value) if value >= 0 else MINUS + str(-value)
    if kind is float:
        return _float_text(value).translate(_table(language))
    if isinstance(value, SEQUENCES):
        return ", ".join(format_value(element, language) for element in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{format_value(k, language)}: {format_value(v, language)}" for k, v in value.items())
    if isinstance(value, (int, float)):
        return format_value(int(value) if isinstance(value, int) else float(value), language)
    return str(value)


_SPEC = re.compile(r"(?:(?P<fill>[^{}])?[<>=^])?[-+ ]?z?#?0?(?P<width>\d+)?[,_]?(?:\.(?P<precision>\d+))?"
                   r"(?P<type>[bcdeEfFgGnosxX%])?", re.DOTALL)


@dataclass(frozen=True)
class Spec:
    text: str  # as written
    safe: str  # with its fill replaced by _FILL
    fill: str | None
    type: str | None
    room: int = 0  # its width and precision: what it may add to each value it writes


def formatted(value: Any, spec: Spec, language: str) -> str:
    """`value` formatted by a template part's format spec; numbers in `language`."""
    if type(value) is float and spec.type in ("d", "x", "X", "o", "b", "c") and value.is_integer():
        value = int(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        text = format(value, spec.safe).translate(_table(language))
        return text if spec.fill is None else text.replace(_FILL, spec.fill)
    if isinstance(value, SEQUENCES):
        return ", ".join(formatted(element, spec, language) for element in value)
    if value is None:
        try:
            return format("", spec.text)
        except ValueError:
            return ""
    return format(format_value(value, language), spec.text)


def parse_spec(text: str, offset: int) -> Spec:
    match = _SPEC.fullmatch(text)
    if match is None:
        raise ExpressionError(f"invalid format spec ':{text}'", offset)
    if max(int(match["width"] or 0), int(match["precision"] or 0)) > MAX_FORMAT_WIDTH:
        raise ExpressionError(f"a format spec's width and precision must be at most {MAX_FORMAT_WIDTH}", offset)
    fill = match["fill"]
    return Spec(text, text if fill is None else _FILL + text[1:], fill, match["type"],
                int(match["width"] or 0) + int(match["precision"] or 0))
