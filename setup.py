"""The build of ramino: the engine's hot modules are compiled to C with mypyc.

Everything else (and the whole package, where no compiler is at hand or ``RAMINO_PURE=1`` is
set) stays plain Python: the compiled modules are the same source, so both builds behave alike.
The metadata lives in ``pyproject.toml``.
"""

from __future__ import annotations

import glob
import os
import sys
from typing import Any

from setuptools import setup
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
    return list(mypycify(paths, group_name="ramino_engine"))


setup(ext_modules=ext_modules(), cmdclass={"build_ext": OptionalBuildExt})
