"""Every check pnp has, registered: what loads or checks a game imports this first, so that
validation runs every check and pnp rules lists them, in this order (a layout finds every box
kind through pnp.boxes.kinds())."""

from . import text, files, printing, pod, data, translation, quotes, rulebook  # noqa: F401
from ..layout import reader as layout  # noqa: F401  (the layout check)
from ..maps.areas import checks  # noqa: F401
from ..boxes import locator_checks  # noqa: F401  (the locator box's check)
from ..icons import folder  # noqa: F401  (the icon check: a game's icons are read only when a game is loaded)
