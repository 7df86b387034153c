"""Qt is handed a picture that is not a raster only on the window's thread: Qt's SVG reader
connects Qt objects as it reads, and a worker doing so (holding Python's lock) while the window's
thread destroys an animation (holding Qt's lock of connections, wanting Python's) waits forever.
A worker decodes rasters only; the SVGs a map names are decoded on the window's thread before
the worker draws and handed to it (held_for_drawing)."""

from __future__ import annotations

import threading

from PySide6.QtGui import QColor, QImage

from tabletop.model import Background, Map, Token, TokenPicture
from tabletop.render import pictures
from tabletop.render.pictures import WINDOW_ONLY, held_for_drawing, load_picture
from tests.deadlock_watch import bounded, replays_made_and_destroyed

BANNER = QColor("#c0392b")
TRIES = 2000


def _svg(colour: QColor = BANNER, extra: str = "") -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30">'
        f'<rect width="40" height="30" fill="{colour.name()}"/>{extra}</svg>'
    )


def _png(path, colour: QColor) -> None:
    image = QImage(12, 9, QImage.Format.Format_RGB32)
    image.fill(colour)
    assert image.save(str(path))


def _on_a_worker(task):
    """What `task` gives on a worker thread, while the window's thread makes and destroys
    replays until it ends."""
    found = []
    worker = threading.Thread(target=lambda: found.append(task()), name="drawing")
    worker.start()
    while worker.is_alive():
        replays_made_and_destroyed()
    worker.join()
    return found[0]


def test_a_worker_meeting_an_svg_never_hands_it_to_qt_while_the_window_destroys_animations(qapp, tmp_path, capfd):
    (tmp_path / "banner.svg").write_text(_svg())

    def reads():
        said = []
        for _ in range(TRIES):
            pictures.forget_pictures()  # each time as if the first
            said.append(load_picture("banner.svg", tmp_path, "token picture"))
        return said

    with bounded(capfd):
        said = _on_a_worker(reads)
    assert said == [(None, f"token picture '{tmp_path / 'banner.svg'}' {WINDOW_ONLY}")] * TRIES
    image, problem = load_picture("banner.svg", tmp_path, "token picture")
    assert problem is None, "a worker's answer is never kept as the file's refusal"
    assert (image.width(), image.height()) == (40, 30) and image.pixelColor(20, 15) == BANNER


def test_a_raster_is_decoded_on_the_worker_itself(qapp, tmp_path):
    _png(tmp_path / "kell.png", QColor("#1f4fd1"))
    pictures.forget_pictures()
    image, problem = _on_a_worker(lambda: load_picture("kell.png", tmp_path, "token picture"))
    assert problem is None and image.pixelColor(3, 3) == QColor("#1f4fd1")


def test_an_svg_under_a_rasters_name_is_not_a_raster_to_a_worker(qapp, tmp_path):
    (tmp_path / "kell.png").write_text(_svg())
    pictures.forget_pictures()
    image, problem = _on_a_worker(lambda: load_picture("kell.png", tmp_path, "token picture"))
    assert image is None and problem.endswith(WINDOW_ONLY)


def _map() -> Map:
    art = [TokenPicture(path=name) for name in ("banner.svg", "kell.png", "far.svg", "banner.svg")]
    tokens = [Token(id=f"t{i}", name=f"T{i}", colour="#aa0000", picture=p) for i, p in enumerate(art)]
    return Map(background=Background(path="plan.svg"), tokens=tokens)


def test_a_maps_svgs_are_decoded_on_the_windows_thread_and_held_for_the_worker(qapp, tmp_path):
    (tmp_path / "plan.svg").write_text(_svg(QColor("#2e7d32")))
    (tmp_path / "banner.svg").write_text(_svg())
    (tmp_path / "far.svg").write_text(_svg(extra='<image href="/etc/hostname" width="4" height="4"/>'))
    _png(tmp_path / "kell.png", QColor("#1f4fd1"))
    pictures.forget_pictures()
    held = held_for_drawing(_map(), tmp_path)
    assert sorted(held.pictures) == sorted(str(tmp_path / n) for n in ("plan.svg", "banner.svg", "far.svg"))
    assert held.pictures[str(tmp_path / "plan.svg")][0].pixelColor(5, 5) == QColor("#2e7d32")
    refusal = held.pictures[str(tmp_path / "far.svg")]
    assert refusal[0] is None and "must stand alone" in refusal[1]
    pictures.forget_pictures()  # the kept pictures let go meanwhile: the worker has its own

    def drawn():
        with held:
            inside = [load_picture(n, tmp_path, "token picture") for n in ("banner.svg", "kell.png", "far.svg")]
        return inside, load_picture("plan.svg", tmp_path, "background picture")

    (banner, kell, far), after = _on_a_worker(drawn)
    assert banner[1] is None and banner[0].pixelColor(20, 15) == BANNER
    assert kell[1] is None and kell[0].pixelColor(3, 3) == QColor("#1f4fd1"), "a raster read by the worker"
    assert far == (None, f"token picture {refusal[1]}"), "refused as the window's thread refuses it"
    assert after[0] is None and after[1].endswith(WINDOW_ONLY), "held for the one drawing only"


def test_a_raster_already_decoded_is_held_too_and_one_not_yet_is_left_to_the_worker(qapp, tmp_path):
    for name in ("kell.png", "plan.png"):
        _png(tmp_path / name, QColor("#1f4fd1"))
    pictures.forget_pictures()
    assert load_picture("plan.png", tmp_path, "background picture")[1] is None
    map_ = Map(
        background=Background(path="plan.png"),
        tokens=[Token(id="t", name="T", colour="#aa0000", picture=TokenPicture(path="kell.png"))],
    )
    held = held_for_drawing(map_, tmp_path)
    assert list(held.pictures) == [str(tmp_path / "plan.png")]
