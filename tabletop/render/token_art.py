"""A token's art: its picture, found, read and decoded as every map picture is
(render/pictures.py), cut to the crop the GM chose and scaled to the disc.

The cut and scaled disc is kept per picture, crop, shape and size in pixels (sizes go in
steps, so zooming makes few), within a byte budget: a map of hundreds of tokens sharing a
few portraits scales each once, and a redraw or an export scales nothing. A picture that
cannot be drawn is drawn as a placeholder (render/token_paint.py) and said once, by whoever
shows the map's problems (art_problems).

A picture's ring wears its token's side's colour (rules/sides.py), so the sides read apart
across the table however alike the GM coloured the tokens; a token on no side, on a map that
has sides, wears a grey ring. A token with art standing alone in a grid's area fills the area,
so its face reads from the far end of the table."""

from __future__ import annotations

import math
import os

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPaintEngine, QPainter, QPainterPath

from tabletop.geometry.single.shapes import TOKEN_RADIUS
from tabletop.io.pictures import PictureRefused, picture_file
from tabletop.model import AreaLocation, Map, Token, TokenPicture
from tabletop.render.cache import BoundedCache
from tabletop.render.pictures import load_picture
from tabletop.rules.sides import NO_SIDE, known_side, side_colour
from tabletop.rules.visibility import token_hidden

WHAT = "token picture"
"""How a token picture's problems begin: "token picture 'assets/jade.png' is missing"."""
ART_BUDGET = 64 * 2**20
"""Scaled discs kept at once, in bytes: four hundred different portraits at the view's usual
sizes, or a few dozen at a poster's."""
LEAST_PIXELS, MOST_PIXELS = 16, 1024
"""The smallest and largest disc scaled, in device pixels across: smaller is a speck, larger
than a poster's token needs."""
VECTOR_PIXELS = 256
"""The disc's pixels across in an SVG or a PDF, which are zoomed and printed large."""

NO_SIDE_RING = "#8c8c8c"
"""The ring of a token on no side, on a map whose other tokens have sides: a grey no side
wears, so a bystander is not taken for one of a side."""
ART_RADIUS = TOKEN_RADIUS * 1.2
"""The disc of a token with art alone in a grid's area, in map units: the width of the usual
area, less a hair of its lines, so the face is as large as the area lets it be."""
AREA_SHARE = 0.48
"""The most of an area's width the disc's radius takes, for grids of small areas."""

_discs: BoundedCache[QImage] = BoundedCache(ART_BUDGET, lambda image: image.sizeInBytes())


def crop_rect(picture: TokenPicture, width: int, height: int) -> QRectF:
    """The square of a `width` x `height` picture the disc shows: centred at the crop's (x, y)
    where the square fits, else moved in until it does, its side the shorter side / zoom."""
    side = min(width, height) / picture.zoom
    left = min(max(picture.x * width - side / 2, 0.0), width - side)
    top = min(max(picture.y * height - side / 2, 0.0), height - side)
    return QRectF(left, top, side, side)


def disc_pixels(p: QPainter, radius: float = TOKEN_RADIUS) -> int:
    """The pixels across a disc of `radius` painter units is drawn at, rounded up to a step (a
    power of two), so each zoom does not scale the picture anew."""
    engine = p.paintEngine()
    if engine is not None and engine.type() in (QPaintEngine.Type.SVG, QPaintEngine.Type.Pdf):
        return VECTOR_PIXELS
    across = 2 * radius * math.sqrt(abs(p.deviceTransform().determinant()))
    step = 1 << max(0, math.ceil(math.log2(max(across, 1.0))))
    return min(max(step, LEAST_PIXELS), MOST_PIXELS)


def cut_picture(image: QImage, picture: TokenPicture, pixels: int, square: bool = False) -> QImage:
    """The crop of `image` scaled to `pixels` across, outside the disc (or a problem's rounded
    square) transparent."""
    disc = QImage(pixels, pixels, QImage.Format.Format_ARGB32_Premultiplied)
    disc.fill(Qt.GlobalColor.transparent)
    p = QPainter(disc)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    shape = QPainterPath()
    if square:
        shape.addRoundedRect(QRectF(0, 0, pixels, pixels), pixels * 0.14, pixels * 0.14)
    else:
        shape.addEllipse(QRectF(0, 0, pixels, pixels))
    p.setClipPath(shape)
    source = crop_rect(picture, image.width(), image.height())
    if source.width() * 2 > pixels:  # scaled down in halves first: one smooth step from a big photo aliases
        small = image.copy(source.toAlignedRect()).scaled(
            pixels * 2, pixels * 2, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation
        )
        p.drawImage(QRectF(0, 0, pixels, pixels), small)
    else:
        p.drawImage(QRectF(0, 0, pixels, pixels), image, source)
    p.end()
    return disc


def side_rings(tokens: list[Token]) -> dict[str, str]:
    """The colour of each side's rings: the side's colour (rules.sides.side_colour) worked out
    from the tokens the players may see, so a hidden token never changes what they are shown;
    grey for the tokens on no side when the map has sides at all (with none, every token wears
    its own colour)."""
    seen = [token for token in tokens if not token_hidden(token)]
    sides = dict.fromkeys(token.side for token in seen if known_side(token.side))
    rings = {side: side_colour(seen, side, number) for number, side in enumerate(sides, 1)}
    if rings:
        rings[NO_SIDE] = NO_SIDE_RING
    return rings


class TokenArt:
    """The token pictures of the map kept in `base_dir` (None: a map never saved, whose
    pictures have no folder to be found in), and how the map's tokens wear them: `map_` gives
    the sides' ring colours and the grids' area sizes (none given: each token's own colour and
    the usual disc). `shown`: the tokens the picture shows, when that is fewer than the map's
    unhidden ones (the players' picture under fog): a side's colour is worked out from those
    alone, or a token the players cannot see would change the rings they do see."""

    def __init__(
        self, base_dir: str | os.PathLike[str] | None, map_: Map | None = None, shown: list[Token] | None = None
    ) -> None:
        self.base_dir = base_dir
        self.rings = side_rings(shown if shown is not None else map_.tokens) if map_ is not None else {}
        self.areas = {grid.id: grid.area_size for grid in map_.grids} if map_ is not None else {}

    def ring(self, token: Token) -> str:
        """The colour of the ring round the token's picture: its side's."""
        return self.rings.get(token.side, token.colour)

    def radius(self, token: Token, alone: bool) -> float:
        """The disc's radius: a token with art standing `alone` in a grid's area fills it."""
        where = token.location
        if token.picture is None or token.problem or not alone or not isinstance(where, AreaLocation):
            return TOKEN_RADIUS
        size = self.areas.get(where.grid)
        return TOKEN_RADIUS if size is None else max(TOKEN_RADIUS, min(ART_RADIUS, size * AREA_SHARE))

    def disc(self, picture: TokenPicture, pixels: int, square: bool = False) -> QImage | None:
        """The picture cut to the disc at `pixels` across (from the kept ones when it was cut
        before); None when the picture cannot be drawn. Kept by the file (its place, links
        followed, and its modification), so a disc kept is drawn without decoding the picture
        again, however many pictures the map's decoded ones hold."""
        try:
            file = picture_file(picture.path, self.base_dir)
            info = os.stat(file)
        except (PictureRefused, OSError):
            return None
        key = (str(file), info.st_dev, info.st_ino, info.st_mtime_ns, info.st_size)
        key += (picture.x, picture.y, picture.zoom, pixels, square)
        kept = _discs.get(key)
        if kept is not None:
            return kept
        image, _ = load_picture(picture.path, self.base_dir, WHAT)
        return None if image is None else _discs.put(key, cut_picture(image, picture, pixels, square))

    def problem(self, picture: TokenPicture) -> str | None:
        """One line saying why the picture cannot be drawn; None when it can."""
        return load_picture(picture.path, self.base_dir, WHAT)[1]


def art_problems(map_: Map, base_dir: str | os.PathLike[str] | None) -> list[str]:
    """Each token picture that cannot be drawn, said once however many tokens show it, with the
    tokens that show it: "token picture 'assets/orc.png' is missing (Orc 1, Orc 2)"."""
    art = TokenArt(base_dir)
    showing: dict[str, list[str]] = {}
    for token in map_.tokens:
        if token.picture is not None:
            showing.setdefault(token.picture.path, []).append(token.label)
    problems = []
    for path, labels in showing.items():
        problem = art.problem(TokenPicture(path=path))
        if problem is not None:
            named = ", ".join(labels[:3]) + (f" and {len(labels) - 3} more" if len(labels) > 3 else "")
            problems.append(f"{problem} ({named})")
    return problems


def forget_art() -> None:
    """Cut every disc again at its next draw (after a test changes a picture in place)."""
    _discs.clear()


__all__ = [
    "ART_RADIUS",
    "NO_SIDE_RING",
    "WHAT",
    "TokenArt",
    "art_problems",
    "crop_rect",
    "cut_picture",
    "disc_pixels",
    "forget_art",
    "side_rings",
]
