"""The screenshots the documentation shows, taken by the browser and terminal tests and saved
in ``docs/screens/`` only when asked (``make screens``, which sets ``RAMINO_SCREENS=1``): a
test run leaves the files in git as they were, whatever other tests left on the home page's
list of open tables.

Chromium may draw an anti-aliased corner one shade apart from one run to the next: a new
screenshot replaces the one on disk only if some pixel differs by more than that, so that
running the tests leaves the files as they were unless the page changed.
"""

from __future__ import annotations

import base64
import os
from pathlib import Path
from typing import Any

#: Where the screenshots go; the documentation (docs/cli.md, docs/browser.md) links them.
SCREENS = Path(__file__).parent.parent / "docs" / "screens"

#: Whether the pictures taken are written (``make screens``).
WRITE = os.environ.get("RAMINO_SCREENS") == "1"

#: The largest difference of a colour channel that is still the same picture.
SHADE = 2

_LARGEST_DIFFERENCE = """
async ([a, b]) => {
  const load = (data) => new Promise((done, fail) => {
    const image = new Image();
    image.onload = () => done(image);
    image.onerror = fail;
    image.src = 'data:image/png;base64,' + data;
  });
  const [first, second] = [await load(a), await load(b)];
  if (first.width !== second.width || first.height !== second.height) return 256;
  const pixels = (image) => {
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, image.width, image.height).data;
  };
  const [p, q] = [pixels(first), pixels(second)];
  let largest = 0;
  for (let i = 0; i < p.length; i++) largest = Math.max(largest, Math.abs(p[i] - q[i]));
  return largest;
}
"""


def save(page: Any, name: str, picture: bytes) -> None:
    """Save ``picture`` (a PNG taken of ``page``) as ``docs/screens/NAME`` when asked
    (:data:`WRITE`), unless the file there is the same picture."""
    if not WRITE:
        return
    SCREENS.mkdir(parents=True, exist_ok=True)
    path = SCREENS / name
    if path.exists():
        old = path.read_bytes()
        if old == picture:
            return
        encoded = [base64.b64encode(data).decode() for data in (old, picture)]
        if page.evaluate(_LARGEST_DIFFERENCE, encoded) <= SHADE:
            return
    path.write_bytes(picture)
