"""Speed of token art: the scene of a map of 400 tokens wearing 20 pictures, built and painted
whole at 1920 pixels wide, against the same map without art: each picture is cut and scaled once
per size, so the art costs little beside the tokens themselves.

Run with: .venv/bin/python -m pytest tests/benchmarks/test_token_art_speed.py -o addopts="" --benchmark-only
"""

from __future__ import annotations

import random

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.document import MapDocument
from tabletop.model import Token, TokenPicture, ZoneLocation
from tabletop.render.token_art import forget_art
from tabletop.ui.scene.editor_scene import EditorScene
from tests.maps import zone_map


def _band(tmp_path, art: bool) -> MapDocument:
    for n in range(20):
        image = QImage(400, 500, QImage.Format.Format_RGB32)
        image.fill(QColor.fromHsv(n * 17, 180, 200))
        assert image.save(str(tmp_path / f"p{n}.png"))
    map_ = zone_map(1_000)
    rng = random.Random(5)
    map_.tokens = [
        Token(
            id=f"t{i}",
            name=f"Raider {i}",
            location=ZoneLocation(zone=z.id),
            picture=TokenPicture(path=f"p{i % 20}.png") if art else None,
        )
        for i, z in enumerate(rng.choices(map_.zones, k=400))
    ]
    return MapDocument(map_, tmp_path / "band.tabletop")


def _frame(document: MapDocument) -> QImage:
    scene = EditorScene(document)
    rect = scene.itemsBoundingRect()
    image = QImage(1920, round(1920 * rect.height() / rect.width()), QImage.Format.Format_RGB32)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return image


def test_a_frame_of_400_tokens_with_art(benchmark, qapp, tmp_path):
    document = _band(tmp_path, art=True)
    forget_art()
    benchmark.pedantic(_frame, args=(document,), rounds=5, iterations=1, warmup_rounds=1)


def test_a_frame_of_400_tokens_without_art(benchmark, qapp, tmp_path):
    benchmark.pedantic(_frame, args=(_band(tmp_path, art=False),), rounds=5, iterations=1, warmup_rounds=1)
