"""Every check pnp has, registered: what loads or checks a game imports this first, so that
validation runs every check (a layout finds every box kind through pnp.boxes.kinds())."""

from .checks import hygiene, translation  # noqa: F401
from .maps.areas import checks  # noqa: F401
