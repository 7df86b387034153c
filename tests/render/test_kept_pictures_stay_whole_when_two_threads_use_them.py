"""The kept pictures (render/cache.BoundedCache) are read and filled by a poster's plan on a
worker while the window's thread paints: their count and bytes stay whole under both. And the
background picture each caller gets is its own object, sharing the one kept's pixels."""

from __future__ import annotations

import sys
import threading

from PySide6.QtGui import QColor, QImage

from tabletop.model import Background, Map
from tabletop.render.background import background_image
from tabletop.render.cache import BoundedCache

THREADS, ROUNDS, TRIES = 4, 3000, 10


def _used_by_threads_at_once() -> tuple[BoundedCache[bytes], list[BaseException]]:
    """A cache got from and filled by several threads at once, swapping as often as they can,
    so a gap between two of its steps (a value dropped between found and moved) shows."""
    kept: BoundedCache[bytes] = BoundedCache(budget=40_000, size_of=len, max_items=30)
    start, failures = threading.Barrier(THREADS), []

    def use(seed: int) -> None:
        start.wait()
        try:
            for k in range(ROUNDS):
                key = (seed * 7 + k) % 97
                if kept.get(key) is None:
                    kept.put(key, bytes(100 + key * 13))
        except Exception as failure:  # any thread's failure is the test's
            failures.append(failure)

    old_interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        workers = [threading.Thread(target=use, args=(seed,)) for seed in range(THREADS)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
    finally:
        sys.setswitchinterval(old_interval)
    return kept, failures


def test_a_bounded_cache_used_by_several_threads_keeps_its_bytes_whole():
    for _ in range(TRIES):
        kept, failures = _used_by_threads_at_once()
        assert failures == [], "no thread met a value dropped under it"
        held = [kept.get(key) for key in range(97)]
        assert kept.bytes == sum(len(value) for value in held if value is not None), "bytes counted = bytes held"
        assert len(kept) == sum(value is not None for value in held) <= 30
        assert kept.bytes <= 40_000


def test_each_caller_gets_its_own_background_picture_sharing_the_kept_pixels(tmp_path, qapp):
    image = QImage(40, 30, QImage.Format.Format_RGB32)
    image.fill(QColor("#7a2e08"))
    image.save(str(tmp_path / "scan.png"))
    map_ = Map(title="Scanned", background=Background(path="scan.png"))

    first, second = background_image(map_, tmp_path), background_image(map_, tmp_path)

    assert first is not None and second is not None
    assert first is not second, "two callers never hold one object"
    assert first.cacheKey() == second.cacheKey(), "yet the pixels are the one picture kept, not decoded again"
    assert (first.width(), first.height()) == (40, 30)
