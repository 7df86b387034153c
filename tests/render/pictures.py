"""Looking at exported files as a person does: a PDF rasterised by poppler's pdftoppm (another
program than the one that wrote it), an SVG drawn by Qt's SVG renderer, and two pictures compared
the way an eye does, a pixel or two of drift and a little edge smoothing forgiven."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QByteArray
from PySide6.QtGui import QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from tests.render.test_export_options import pixels

DRIFT = 2
"""Pixels a mark may sit off its place: a PDF's page is whole points, its map is not."""
TOLERANCE = 64
"""A pixel differs when no pixel within the drift is this close in every colour."""
SHARE = 0.0025
"""Differing pixels allowed in a picture: edge smoothing and pattern brushes (a hatched zone's
pattern is laid from the page's corner). A badge or a name of another size is far more."""


def rasterised(pdf: bytes, folder: Path, dpi: float = 127.0, size: tuple[int, int] | None = None) -> list[np.ndarray]:
    """Every page of the PDF as RGB pixels at `dpi`, or each page scaled to `size` (width, height)."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (Debian's poppler-utils) is not installed: a PDF cannot be rasterised")
    source = folder / "raster.pdf"
    source.write_bytes(pdf)
    for old in folder.glob("raster-page*.png"):
        old.unlink()
    scale = ["-scale-to-x", str(size[0]), "-scale-to-y", str(size[1])] if size else ["-r", f"{dpi:g}"]
    subprocess.run(["pdftoppm", "-png", *scale, str(source), str(folder / "raster-page")], check=True)
    pages = sorted(folder.glob("raster-page*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return [pixels(QImage(str(page))) for page in pages]


def svg_pixels(svg: bytes, width: int, height: int) -> np.ndarray:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(0xFFFFFF)
    painter = QPainter(image)
    QSvgRenderer(QByteArray(svg)).render(painter)
    painter.end()
    return pixels(image)


def differing(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Where `a` has no pixel of `b` within DRIFT pixels closer than TOLERANCE (a mask of a)."""
    height, width = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
    a = a[:height, :width].astype(np.int16)
    padded = np.pad(b[:height, :width].astype(np.int16), ((DRIFT, DRIFT), (DRIFT, DRIFT), (0, 0)), mode="edge")
    nearest = np.full((height, width), 255, np.int16)
    for dy in range(2 * DRIFT + 1):
        for dx in range(2 * DRIFT + 1):
            shifted = padded[dy : dy + height, dx : dx + width]
            nearest = np.minimum(nearest, np.abs(a - shifted).max(axis=2))
    return nearest > TOLERANCE


def assert_same_picture(a: np.ndarray, b: np.ndarray, what: str) -> None:
    """`a` and `b` are one picture at one size: as big, and equal but for a few pixels; on failure
    the message says how many differ and where."""
    assert abs(a.shape[0] - b.shape[0]) <= DRIFT and abs(a.shape[1] - b.shape[1]) <= DRIFT, (
        f"{what}: {a.shape[1]}x{a.shape[0]} pixels against {b.shape[1]}x{b.shape[0]}"
    )
    mask = differing(a, b) | differing(b, a)
    count = int(mask.sum())
    if count > SHARE * mask.size:
        rows, cols = np.nonzero(mask)
        box = f"x {cols.min()}..{cols.max()}, y {rows.min()}..{rows.max()}"
        heaviest = np.unravel_index(np.argmax(_blocks(mask)), _blocks(mask).shape)
        raise AssertionError(
            f"{what}: {count} of {mask.size} pixels differ (at most {SHARE * mask.size:.0f}), within {box}; "
            f"most in the 50-pixel block at x {heaviest[1] * 50}, y {heaviest[0] * 50}"
        )


def _blocks(mask: np.ndarray, side: int = 50) -> np.ndarray:
    """Differing pixels counted per block of `side` pixels."""
    height, width = -(-mask.shape[0] // side) * side, -(-mask.shape[1] // side) * side
    grown = np.zeros((height, width), bool)
    grown[: mask.shape[0], : mask.shape[1]] = mask
    return grown.reshape(height // side, side, width // side, side).sum(axis=(1, 3))
