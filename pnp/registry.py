"""Every kind of box and every check pnp has, registered: what loads or checks a game
imports this first, so that layouts find every box kind and validation runs every check."""

from .checks import hygiene, translation  # noqa: F401
from .compose import boxes  # noqa: F401
from .maps.areas import checks, draw  # noqa: F401
