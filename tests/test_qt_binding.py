"""PySide6 6.12.0 aborts on CPython 3.11 after a few thousand void calls; ours must not."""

from __future__ import annotations

import subprocess
import sys
import textwrap

SETTERS = textwrap.dedent("""
    import os
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QObject, QPointF
    from PySide6.QtGui import QColor, QPen
    from PySide6.QtWidgets import QApplication, QGraphicsEllipseItem, QGraphicsScene

    app = QApplication([])
    scene = QGraphicsScene()
    item = QGraphicsEllipseItem(0, 0, 10, 10)
    scene.addItem(item)
    holder = QObject()
    pen = QPen()
    for i in range(20000):
        item.setPos(QPointF(i % 97, i % 89))
        item.setRotation(i % 360)
        pen.setColor(QColor(i % 256, 0, 0))
        item.setPen(pen)
        holder.setObjectName(str(i % 10))
    print("survived", int(item.pos().x()), int(item.rotation()))
""")


def test_twenty_thousand_setter_calls_do_not_abort():
    done = subprocess.run([sys.executable, "-c", SETTERS], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["survived", str(19999 % 97), str(19999 % 360)]
