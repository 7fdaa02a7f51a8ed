"""The command line's parser: Click's commands, with their help in the language asked for.

Click parses; the words are ours (:mod:`.help_words`). The language of a help is read from the
whole command line before any of it is parsed (``--help`` is handled as soon as Click meets
it, possibly before ``--lang``), so ``ramino check --help --lang en``, ``ramino --lang en
--help`` and ``RAMINO_LANG=en ramino --help`` are all in English.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from .common import LANG_VARIABLE, Lang, lang_in
from .help_words import COMMANDS, FRAME, METAVARS, ROOT, SHARED, CommandWords

#: Where the root command keeps the language of the whole command line (``Context.meta`` is
#: shared by every context of one invocation).
LANG_KEY = "ramino.lang"
#: Where it keeps the ``--lang`` typed on the line, if any (:func:`~.common.lang_typed`).
TYPED_LANG_KEY = "ramino.typed_lang"

_F = TypeVar("_F", bound=Callable[..., Any])


def line_lang(ctx: click.Context | None = None) -> Lang:
    """The language of the command line being run: its last ``--lang``, else ``RAMINO_LANG``,
    else Italian."""
    if ctx is None:
        ctx = click.get_current_context(silent=True)
    if ctx is not None and isinstance(ctx.meta.get(LANG_KEY), Lang):
        return Lang(ctx.meta[LANG_KEY])
    return lang_in([])


def frame(key: str, lang: Lang) -> str:
    """A word of the frame of the help (``Uso:``, ``Opzioni``…)."""
    return FRAME[key](lang)


def command_words(name: str | None) -> CommandWords:
    """The help of the command ``name`` (the root's for ``None``)."""
    return ROOT if name is None else COMMANDS[name]


def param_words(command: str | None, name: str, lang: Lang) -> str:
    """The line of the help for parameter ``name`` of ``command``."""
    own = command_words(command).params.get(name)
    words = own if own is not None else SHARED[name]
    return words(lang)


def _metavar(command: str | None, param: click.Parameter, lang: Lang) -> str:
    name = param.name or ""
    words = command_words(command).metavars.get(name) or METAVARS.get(name)
    if words is not None:
        return words(lang)
    if isinstance(param.type, click.Choice):
        return "[" + "|".join(str(getattr(c, "value", c)) for c in param.type.choices) + "]"
    return name.upper()


class Worded(click.Command):
    """A command whose help is worded in the command line's language, and which refuses
    extra arguments with an error of its own (worded by :mod:`.usage`)."""

    #: The catalogue's name of the command (``None``: the root).
    words_name: str | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        settings = dict(kwargs.get("context_settings") or {})
        # Extra arguments are collected and refused by parse_args, not by Click's sentence.
        settings.setdefault("allow_extra_args", True)
        kwargs["context_settings"] = settings
        super().__init__(*args, **kwargs)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            rest = super().parse_args(ctx, args)
        except click.UsageError as error:
            # Click's parser raises some without their context: the error names its command.
            if error.ctx is None:
                error.ctx = ctx
            raise
        if ctx.args and not isinstance(self, click.Group):
            raise ExtraArguments(ctx.args, ctx)
        return rest

    def get_short_help_str(self, limit: int = 45) -> str:
        return command_words(self.words_name).short(line_lang())

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        lang = line_lang(ctx)
        pieces = [frame("options_metavar", lang)]
        for param in self.get_params(ctx):
            if isinstance(param, click.Argument):
                piece = _metavar(self.words_name, param, lang)
                if param.nargs != 1:
                    piece += "..."
                pieces.append(piece if param.required else f"[{piece}]")
        if isinstance(self, click.Group):
            pieces.append(frame("command_metavar", lang))
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=frame("usage", lang))

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(command_words(self.words_name).long(line_lang(ctx)))

    def format_arguments(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        lang = line_lang(ctx)
        rows = [
            (_metavar(self.words_name, param, lang), param_words(self.words_name, name, lang))
            for param in self.get_params(ctx)
            if isinstance(param, click.Argument) and (name := param.name or "")
        ]
        if rows:
            with formatter.section(frame("arguments", lang)):
                formatter.write_dl(rows)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        lang = line_lang(ctx)
        rows = [
            self._option_row(param, lang)
            for param in self.get_params(ctx)
            if isinstance(param, click.Option) and not param.hidden
        ]
        if rows:
            with formatter.section(frame("options", lang)):
                formatter.write_dl(rows)
        if isinstance(self, click.Group):
            self._format_commands(ctx, formatter, lang)

    def _format_commands(
        self, ctx: click.Context, formatter: click.HelpFormatter, lang: Lang
    ) -> None:
        assert isinstance(self, click.Group)
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                # The whole sentence: the list of commands never cuts one short.
                rows.append((name, command_words(name).short(lang)))
        if rows:
            with formatter.section(frame("commands", lang)):
                formatter.write_dl(rows)

    def _option_row(self, option: click.Option, lang: Lang) -> tuple[str, str]:
        names = ", ".join(sorted(option.opts, key=lambda o: (o.startswith("--"), o)))
        if not option.is_flag:
            names += " " + _metavar(self.words_name, option, lang)
        name = option.name or ""
        # Click's help option is stored under a reserved name of its own.
        key = "help" if "--help" in option.opts and name not in SHARED else name
        return names, param_words(self.words_name, key, lang)


class ExtraArguments(click.UsageError):
    """Arguments left over once a command has all it takes."""

    def __init__(self, extra: Sequence[str], ctx: click.Context) -> None:
        super().__init__(f"unexpected extra arguments: {' '.join(extra)}", ctx)
        self.extra = tuple(extra)


def worded_command(name: str, cls: type[Worded] = Worded) -> Callable[[_F], click.Command]:
    """``@worded_command("check")``: a Click command whose help is the catalogue's."""
    worded = type(f"{name.title()}Command", (cls,), {"words_name": name})

    def decorate(function: _F) -> click.Command:
        return click.command(name, cls=worded)(function)

    return decorate


class Number(click.FloatRange):
    """A number of the command line, with a decimal point or, as Italian writes it and as the
    Italian help shows the defaults, a decimal comma: ``--pause 0,7`` is ``--pause 0.7``."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and value.count(",") == 1 and "." not in value:
            value = value.replace(",", ".")
        return super().convert(value, param, ctx)


class BadEnvironment(click.BadParameter):
    """A variable of the environment whose value the command cannot take."""

    def __init__(self, variable: str, value: str, choices: Sequence[str]) -> None:
        super().__init__(f"{variable}={value!r}")
        self.variable, self.value, self.choices = variable, value, tuple(choices)


def _lang_default() -> Lang:
    # The language of the whole line: a --lang typed anywhere on it (before the command
    # too), else RAMINO_LANG, which is refused as itself when no --lang overrides it.
    ctx = click.get_current_context(silent=True)
    typed = None if ctx is None else ctx.meta.get(TYPED_LANG_KEY)
    variable = os.environ.get(LANG_VARIABLE)
    if typed is None and variable is not None and variable.lower() not in set(Lang):
        raise BadEnvironment(LANG_VARIABLE, variable, [lang.value for lang in Lang])
    return line_lang(ctx)


def lang_option(function: _F) -> _F:
    """The ``--lang`` option: the language typed on the command line (before or after the
    command), else ``RAMINO_LANG``, else Italian."""
    option = click.option(
        "--lang",
        "-l",
        "lang",
        type=click.Choice(Lang, case_sensitive=False),
        default=_lang_default,
        show_default=False,
    )
    return option(function)


def json_option(function: _F) -> _F:
    """The ``--json`` flag."""
    return click.option("--json", "as_json", is_flag=True, default=False)(function)


def rules_option(function: _F) -> _F:
    """The ``--rules`` option: a preset name or a house-rules file."""
    return click.option("--rules", "-r", "rules", default=None)(function)
