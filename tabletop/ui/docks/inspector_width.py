"""How wide the Inspector's pages will ask to be, known before they are built: the empty
window's first frame shows only the map's page, and the dock must already be as wide as the
grid's or a token's page will want, or it widens when they are built (and the map beside it
jumps) just after that frame."""

from __future__ import annotations

from PySide6.QtWidgets import QStyle, QWidget

SECRET_MARK = "Secret (the players never see it)"
"""The words of the grid page's setup marks' secret check box (docks/setup_marks.py, which shows
them from here), the widest row of the pages built after the first frame: a check box in a group
box. A test builds every page and checks the width reckoned from it still holds them all, at
small and large fonts."""


def least_width(widget: QWidget) -> int:
    """The width the Inspector's whole pages need at `widget`'s font and style: the widest
    line, with a check box's indicator and the margins of the group box and the form it sits in
    on either side, and the page's scroll bar."""
    style = widget.style()
    metric = style.pixelMetric
    check = metric(QStyle.PixelMetric.PM_IndicatorWidth) + metric(QStyle.PixelMetric.PM_CheckBoxLabelSpacing)
    margin = metric(QStyle.PixelMetric.PM_LayoutLeftMargin) + metric(QStyle.PixelMetric.PM_LayoutRightMargin)
    bar = metric(QStyle.PixelMetric.PM_ScrollBarExtent)
    return widget.fontMetrics().horizontalAdvance(SECRET_MARK) + 2 * check + margin + bar
