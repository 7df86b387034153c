"""Exports for the table: PNG, SVG and PDF of all or part of a map, for the GM or the
players, at a pixel or print scale, posters over pages, and huge PNGs in bands."""

from tabletop.render.export.devices import ExportCancelled, Progress
from tabletop.render.export.files import (
    DEFAULT_WIDTH,
    FORMATS,
    ensure_gui_app,
    export_map,
    image_size,
    pdf_bytes,
    png_bytes,
    render_image,
    svg_bytes,
)
from tabletop.render.export.options import (
    ExportError,
    ExportOptions,
    Poster,
    Scale,
    ScaleKind,
    Scope,
    ScopeKind,
    Who,
)
from tabletop.render.export.picture import MAX_PIXELS, MAX_SIDE, MIN_SIDE, PictureTooLarge, paint_picture, prepare

__all__ = [
    "DEFAULT_WIDTH",
    "FORMATS",
    "MAX_PIXELS",
    "MAX_SIDE",
    "MIN_SIDE",
    "ExportCancelled",
    "ExportError",
    "ExportOptions",
    "PictureTooLarge",
    "Poster",
    "Progress",
    "Scale",
    "ScaleKind",
    "Scope",
    "ScopeKind",
    "Who",
    "ensure_gui_app",
    "export_map",
    "image_size",
    "paint_picture",
    "pdf_bytes",
    "png_bytes",
    "prepare",
    "render_image",
    "svg_bytes",
]
