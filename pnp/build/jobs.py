"""What a build's workers run, as the build's process names it in the jobs it sends (a job is
pickled with its function's module and name, and the worker imports that module): each
imports its backend there, in the worker, so that the build's process, which composes the kit
and sends the work, never imports reportlab or pdfium."""

from __future__ import annotations


def render_files(*arguments) -> list:
    """pnp.render.png.render_files: pages rasterized to image files, with their thumbnails."""
    from ..render.png import render_files

    return render_files(*arguments)


def render_file(*arguments) -> int:
    """pnp.render.png.render_file: a page alone as an image file."""
    from ..render.png import render_file

    return render_file(*arguments)


def document(*arguments) -> bytes | None:
    """pnp.render.pdf.document: a PDF of pages, its card drawings placed from the build's cache."""
    from ..render.pdf import document

    return document(*arguments)
