"""pnp: print-and-play assets for board games, made from data."""

__version__ = "0.1.0"
