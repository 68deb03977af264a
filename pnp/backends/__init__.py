"""Backends render scenes (pnp.scene) to files: PDF (reportlab), SVG (svgwrite), PNG (PDF rasterized)."""
