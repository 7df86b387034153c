"""The poster's page count and scale words, as the export dialog takes them. The poster is an
export, painted beside the plain files on their devices: render/export/poster.py, its pages
planned in render/export/poster_plan.py."""

from tabletop.render.export.poster import scale_words
from tabletop.render.export.poster_plan import MAX_PAGES, poster_pages

__all__ = ["MAX_PAGES", "poster_pages", "scale_words"]
