"""The documentation site, built by ``make docs`` with Sphinx: the pages are the Markdown of
this folder (MyST), the API reference comes from the docstrings (autodoc reads their reST
roles as they are written). Warnings are errors, so a broken link or docstring fails the build.
"""

from __future__ import annotations

import importlib
import pkgutil

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

project = "ramino"
author = "the ramino authors"
copyright = "the ramino authors, MIT licence"

extensions = ["sphinx.ext.autodoc", "myst_parser"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["deploy", "screens/*.md"]
myst_heading_anchors = 3
# The protocol's examples are JSON with "…" where a value is left out: Pygments highlights
# them in its relaxed mode, which is all they need.
suppress_warnings = ["misc.highlighting_failure"]

# A literal block in a docstring is a grammar or a table more often than Python; the
# doctests are highlighted as Python all the same.
highlight_language = "text"

html_theme = "furo"
html_title = "ramino"

# Members are shown in the order the source gives them, with their signatures as written.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
# A method that only overrides a library's (Gymnasium's step, PettingZoo's reset) says
# nothing of its own: the library documents it.
autodoc_inherit_docstrings = False


class PublicModules(SphinxDirective):
    """``.. public-modules:: ramino.engine``: the package's docstring, then every module of it
    whose name has no leading underscore, with its documented members."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        package = importlib.import_module(name)
        lines = [f".. automodule:: {name}", ""]
        for module in sorted(m.name for m in pkgutil.iter_modules(package.__path__)):
            if not module.startswith("_"):
                title = f"``{name}.{module}``"
                lines += [title, "-" * len(title), ""]
                lines += [f".. automodule:: {name}.{module}", "   :members:", ""]
        return self.parse_text_to_nodes("\n".join(lines), allow_section_headings=True)


class PresetTable(SphinxDirective):
    """``.. preset-table::``: every preset of the registry, the players it seats and its
    one-line summary, in English."""

    def run(self) -> list[nodes.Node]:
        from ramino.engine.presets import PRESETS

        table = nodes.table()
        group = nodes.tgroup(cols=3)
        table += group
        group += [nodes.colspec(colwidth=width) for width in (3, 1, 8)]
        head, body = nodes.thead(), nodes.tbody()
        group += [head, body]
        head += self._row(["preset", "players", "in short"])
        for name, preset in PRESETS.items():
            low, high = preset.rules.min_players, preset.rules.max_players
            seats = str(low) if low == high else f"{low}–{high}"
            body += self._row([nodes.literal(text=name), seats, preset.summary("en")])
        return [table]

    @staticmethod
    def _row(cells: list[str | nodes.Node]) -> nodes.row:
        row = nodes.row()
        for cell in cells:
            text = nodes.Text(cell) if isinstance(cell, str) else cell
            row += nodes.entry("", nodes.paragraph("", "", text))
        return row


def setup(app: Sphinx) -> None:
    app.add_directive("public-modules", PublicModules)
    app.add_directive("preset-table", PresetTable)
