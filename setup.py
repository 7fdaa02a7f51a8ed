"""The build of ramino: the engine's hot modules are compiled to C with mypyc, and the message
catalogues (``src/ramino/words/locale/*/LC_MESSAGES/*.po``) to the ``.mo`` files gettext reads.

Everything else (and the whole package, where no compiler is at hand or ``RAMINO_PURE=1`` is
set) stays plain Python: the compiled modules are the same source, so both builds behave alike.
The metadata lives in ``pyproject.toml``.
"""

from __future__ import annotations

import glob
import os
import sys
from typing import Any, ClassVar

from setuptools import Command, setup
from setuptools.command.build import build
from setuptools.command.build_ext import build_ext

# The modules every decision runs through: the state machine, its legal actions, melds and
# what they stand on. Left out on purpose: the rules (rule files read the knobs' types from
# its annotations, which a compiled dataclass does not keep), the errors, the shuffle and the
# deal (their own TypeErrors say more than a compiled module's checks), and the modules of
# records, rule files, descriptions and messages.
COMPILED = [
    "actions",
    "_attaching",
    "_candidates",
    "cards",
    "deck",
    "_discarding",
    "_drawing",
    "going_out",
    "judging",
    "_laying",
    "_legal",
    "melds",
    "_moves",
    "observation",
    "_opening",
    "position",
    "_reachable",
    "_retrieval",
    "round",
    "_rules_memo",
    "_table_index",
    "scoring",
    "showing",
    "state",
    "_turn_end",
    "_turns",
]


class OptionalBuildExt(build_ext):
    """Falls back to the pure-Python engine when the C build fails (no compiler, say)."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:
            # A module built without the shared library it imports would break the package:
            # the whole compiled engine goes, or none of it.
            for ext in self.extensions:
                path = self.get_ext_fullpath(ext.name)
                if os.path.exists(path):
                    os.remove(path)
            print(
                f"ramino: the compiled engine could not be built ({error}); "
                "the pure-Python engine is used.",
                file=sys.stderr,
            )


def _remove_compiled() -> None:
    """Compiled modules left in the source tree by an earlier in-place build would shadow
    the pure-Python ones (an extension module is imported before a .py file)."""
    patterns = ("src/ramino/engine/*.so", "src/ramino/engine/*.pyd", "src/ramino_engine__mypyc*")
    for pattern in patterns:
        for path in glob.glob(pattern):
            os.remove(path)


def ext_modules() -> list[Any]:
    if os.environ.get("RAMINO_PURE", "") not in ("", "0"):
        _remove_compiled()
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _remove_compiled()
        return []
    paths = [os.path.join("src", "ramino", "engine", f"{name}.py") for name in COMPILED]
    # One C file per module: the build takes 45 s of CPU where one file for all took 57 s,
    # and bench/round.py times the engine the same (within 2%, every preset tried).
    return list(mypycify(paths, group_name="ramino_engine", multi_file=True))


# The message catalogues, one folder per language.
LOCALE = os.path.join("src", "ramino", "words", "locale")


class BuildCatalogues(Command):
    """Compiles each message catalogue (``.po``, the source kept in git) to its ``.mo``: into
    the wheel's tree, or beside the ``.po`` for an editable install (``pip install -e .``),
    where the package is read from ``src``."""

    description = "compile the gettext catalogues of ramino.words"
    user_options: ClassVar[list[tuple[str, str | None, str]]] = []

    def initialize_options(self) -> None:
        self.build_lib: str | None = None
        self.editable_mode = False

    def finalize_options(self) -> None:
        self.set_undefined_options("build_py", ("build_lib", "build_lib"))

    def _pairs(self) -> list[tuple[str, str]]:
        found = sorted(glob.glob(os.path.join(LOCALE, "*", "LC_MESSAGES", "*.po")))
        root = "src" if self.editable_mode else str(self.build_lib)
        return [(po, os.path.join(root, os.path.relpath(po, "src"))[:-3] + ".mo") for po in found]

    def run(self) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po, mo in self._pairs():
            with open(po, "rb") as source:
                catalogue = read_po(source)
            os.makedirs(os.path.dirname(mo), exist_ok=True)
            with open(mo, "wb") as target:
                write_mo(target, catalogue)

    def get_outputs(self) -> list[str]:
        return [mo for _, mo in self._pairs()]

    def get_source_files(self) -> list[str]:
        return [po for po, _ in self._pairs()]

    def get_output_mapping(self) -> dict[str, str]:
        return {mo: po for po, mo in self._pairs()}


class Build(build):
    """The standard build, with the catalogues compiled."""

    sub_commands: ClassVar = [*build.sub_commands, ("build_mo", None)]


setup(
    ext_modules=ext_modules(),
    cmdclass={"build": Build, "build_ext": OptionalBuildExt, "build_mo": BuildCatalogues},
)
