"""Compose: model + layout -> scene. Pure functions, one module per component kind.

No module here imports a backend; they build pnp.scene nodes only.
"""
