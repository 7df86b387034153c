"""The poster's page count and scale words, as the export dialog takes them. The poster is an
export, painted beside the plain files on their devices: render/export/poster.py."""

from tabletop.render.export.poster import MAX_PAGES, poster_pages, scale_words

__all__ = ["MAX_PAGES", "poster_pages", "scale_words"]
