"""The commands' use cases, apart from their options (pnp.cli): build and watch, and what
they and the others share."""
