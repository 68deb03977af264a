"""pnp: print-and-play assets for board games, made from data."""

__version__ = "0.1.0"

# the formats a build writes its pictures in (pnp build --format): here, for the command line
# to check the option without importing what builds
FORMATS = ("pdf", "svg", "png")
