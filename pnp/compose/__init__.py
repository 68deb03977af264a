"""Compose: model + layout -> scene. Pure functions: a piece drawn into its layout, box by box
(piece), a drawing repainted to save ink (paint), and the read-me-first pages (readme).

No module here imports a backend; they build pnp.scene nodes only.
"""
