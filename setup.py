"""Build Mahai, with the engine compiled by mypyc where a C compiler allows.

``pip install .`` (and ``scripts/serve``) compiles :data:`COMPILED` (``mahai/core`` and the
three game engines) and :data:`BOTS` (the bots' hot modules; the engine alone if mypyc refuses
them) to C extension modules with mypyc, as black and mypy ship themselves;
the pure-Python modules stay in the package as the reference. An editable install
(``pip install -e .``, what ``scripts/setup`` makes for development and the tests) is never
compiled. ``MAHAI_PURE=1`` builds pure Python on purpose; without a C compiler, or if mypyc
fails, the build falls back to pure Python and prints a warning. ``mahai --version`` tells
which build runs.
"""

from __future__ import annotations

import os
import sys
import warnings
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).parent

# The engine: the core contract and each game's rules. Front ends, bots, text and
# description modules stay pure Python (they are not on the engine's hot paths), and so do
# the option dataclasses: a compiled dataclass loses its ``Literal[...]`` annotations, which
# validate options and describe them to front ends (mahai.core.options); the errors (class
# attributes per kind) and the actions (a compiled dataclass turns a wrong type given by hand
# into a TypeError, a bool into an int, where the actions raise MalformedAction), except
# Spades' Play (spades/play.py: a plain class that checks its argument as an object itself,
# compiled to a native class: the compiled state reads its card from a C struct).
COMPILED = [
    "mahai/core/game.py",
    "mahai/core/options.py",
    "mahai/core/record.py",
    *(
        f"mahai/games/{game}/{module}.py"
        for game, modules in {
            "spades": ("cards", "play", "state", "scoring", "view", "determinize"),
            "mille_bornes": ("cards", "state", "scoring", "view", "determinize"),
            "denborazup": ("deck", "state", "scoring", "view"),
        }.items()
        for module in modules
    ),
]


# The bots' hot modules, compiled with the engine when mypyc accepts them (the search bots'
# decisions are mostly their own code); if mypyc refuses them, the engine is compiled alone.
BOTS = [
    "mahai/bots/search.py",
    "mahai/bots/mille_bornes.py",
    "mahai/bots/mille_bornes_search.py",
    "mahai/bots/spades.py",
    "mahai/bots/spades_search.py",
]


def _warn(reason: str) -> None:
    message = f"mahai: building the PURE-PYTHON engine ({reason}); it runs, only slower"
    warnings.warn(message, stacklevel=1)
    print(f"WARNING: {message}", file=sys.stderr)


def _editable() -> bool:
    # pip's editable installs run setuptools' editable_wheel command.
    return any(arg in ("editable_wheel", "develop") for arg in sys.argv[1:])


def _ext_modules() -> list[object]:
    if os.environ.get("MAHAI_PURE", "") not in ("", "0"):
        _warn("MAHAI_PURE is set")
        return []
    if _editable() or not any(a.startswith(("bdist", "build")) for a in sys.argv[1:]):
        return []
    try:
        from setuptools._distutils.ccompiler import new_compiler
        from setuptools._distutils.sysconfig import customize_compiler

        compiler = new_compiler()
        customize_compiler(compiler)
        executable = compiler.compiler[0] if getattr(compiler, "compiler", None) else None  # type: ignore[attr-defined]
        if executable:
            import shutil

            if shutil.which(executable) is None:
                _warn(f"no C compiler ({executable} not found)")
                return []
        from mypyc.build import mypycify
    except Exception as exc:  # noqa: BLE001 - any failure means: no compiled build
        _warn(f"mypyc unavailable: {exc}")
        return []
    opt_level = os.environ.get("MYPYC_OPT_LEVEL", "3")
    try:
        return list(mypycify(COMPILED + BOTS, opt_level=opt_level))
    except BaseException as exc:  # noqa: BLE001 - mypyc reports type errors with SystemExit
        message = f"mahai: mypyc refused the bots ({exc!r}): compiling the engine alone"
        warnings.warn(message, stacklevel=1)
        print(f"WARNING: {message}", file=sys.stderr)
    try:
        return list(mypycify(COMPILED, opt_level=opt_level))
    except BaseException as exc:  # noqa: BLE001 - mypyc reports type errors with SystemExit
        _warn(f"mypyc failed: {exc!r}")
        return []


class BuildExt(build_ext):
    """``build_ext`` that falls back to pure Python when the C compiler fails: the built
    extension modules are removed (a module's shim without mypyc's shared library would not
    import), the Python modules beside them stay."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - any compiler failure means: pure Python
            for ext in self.extensions:
                built = Path(self.get_ext_fullpath(ext.name))
                if built.exists():
                    built.unlink()
            _warn(f"the C compiler failed: {exc}")


setup(ext_modules=_ext_modules(), cmdclass={"build_ext": BuildExt})
