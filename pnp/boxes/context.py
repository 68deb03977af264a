"""What drawing a box needs besides the box and the item's data (Context, Art), and how a
text is fitted to its box: the sizes nothing is printed below, which the checks read too."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping

from .. import expr
from ..layout.fonts import FontMetrics
from ..layout.textfit import fit_paragraph, fit_size

if TYPE_CHECKING:
    from ..icons import Icon
    from ..layout.reader import Box, Layout
    from ..layout.values import Colour, Localised

MIN_TEXT_SIZE = 6.0  # points: no line of text is printed smaller, whatever the layout says
MIN_PARAGRAPH_SIZE = 5.0  # nor a paragraph


@dataclass(frozen=True)
class Art:
    """A picture file and its pixel size (read by the caller, so composing does no I/O)."""

    path: str
    width: int
    height: int


@dataclass
class Context:
    """What drawing a component needs besides its layout and data."""

    fonts: Mapping[str, FontMetrics]  # by role
    icons: Mapping[str, "Icon"]
    art: Mapping[str, Art]  # by the path the data gives
    language: str
    default: str  # the game's first language
    layout: "Layout"
    extra: dict = field(default_factory=dict)  # what a box kind keeps for others (a map's frame)
    # what draws an icon (pnp.icons.draw.draw_icon), given by what composes: a kind's module imports nothing that draws
    draw_icon: Callable[..., Any] | None = None
    # where a kind notes what it drew otherwise than asked (a row of icons past its least size), as
    # (box, what): the checks give one and report each; a build gives none and draws on
    notes: list | None = None
    # False when the checks work a piece out (pnp.checks.printed): a kind reads every template it
    # would, but may leave out drawing that costs and reads nothing more (a locator's map geometry)
    drawing: bool = True

    def ink(self) -> str:
        return self.layout.colours.get("ink", "#000000")

    def paper(self) -> str:
        return self.layout.colours.get("paper", "#ffffff")

    def colour(self, value: "Colour | None", env: Mapping[str, Any], default: str | None = None) -> str | None:
        if value is None:
            return default
        if value.template is None:
            return value.fixed
        found = value.template.value(env)
        if found is None or found == "none":
            return None
        return str(found).lower()

    def text(self, value: "Localised | None", env: Mapping[str, Any]) -> str:
        if value is None:
            return ""
        return value.get(self.language, self.default).render(env, self.language)

    def icon(self, value: Any, env: Mapping[str, Any]) -> "Icon | None":
        """The icon a setting names for `env`: None when it names none (a switch with no case
        for the value and no default, a template giving nothing); an icon the game does not
        have is an ExpressionError, located as a template that fails is."""
        from ..layout.values import Switch

        if isinstance(value, Switch):
            key = value.on.evaluate(env)
            value = value.cases.get(key, value.default)
        elif isinstance(value, expr.Template):
            value = value.render(env, self.language)
        if value is None or value == "":
            return None
        icon = self.icons.get(value) if isinstance(value, str) else None
        if icon is None:
            raise expr.ExpressionError(no_icon(value, self.icons))
        return icon

    def note(self, box: "Box", what: str) -> None:
        """Notes what a box was drawn as otherwise than asked, where the checks listen."""
        if self.notes is not None:
            self.notes.append((box, what))

    def font(self, box: "Box", default: str) -> FontMetrics:
        return self.fonts[box.get("font") or default]



def no_icon(name: Any, icons: Any) -> str:
    """What a message says of an icon the game does not have."""
    import difflib

    close = difflib.get_close_matches(str(name), sorted(icons), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else (
        f" (the game's icons: {', '.join(sorted(icons))})" if icons else " (the game has no icons/)")
    return f"no icon '{name}'{hint}"


def line_sizes(box: "Box") -> tuple[float, float]:
    """The size a line of text is printed at in `box`, and the least it may shrink to: its
    min_size, else its size (it never shrinks), never below MIN_TEXT_SIZE."""
    size = max(box.get("size") or 10.0, MIN_TEXT_SIZE)
    return size, max(box.get("min_size") or size, MIN_TEXT_SIZE)


def fit_line(box: "Box", text: str, font: FontMetrics) -> float | None:
    """The size `text` is printed at in `box` (shrunk to fit, down to line_sizes' least), or
    None if it cannot fit."""
    return fit_size(font, text, box.width, *line_sizes(box))


def fit_lines(box: "Box", text: str, font: FontMetrics) -> tuple[float, list[str]] | None:
    """A wrapped text's size and lines in `box`, or None if it cannot fit."""
    size = box.get("size") or 7.0
    least = max(box.get("min_size") or size, MIN_PARAGRAPH_SIZE)
    return fit_paragraph(font, text, box.width, box.height, max(size, least), least, box.get("leading") or 1.2)


def fitted(box: "Box", text: str, font: FontMetrics) -> tuple[float, list[str]] | None:
    """How a text box prints `text`: (size, lines), or None when it does not fit."""
    if box.get("wrap"):
        return fit_lines(box, text, font)
    size = fit_line(box, text, font)
    return (size, [text]) if size is not None else None

