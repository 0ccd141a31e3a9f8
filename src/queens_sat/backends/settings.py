"""Backend variants and options: ``"sat:glucose4:ladder"``, ``"cpsat:enumerate:workers=2"``.

Everything after the backend's name is a colon-separated list of parts. A bare
word picks one value of a *choice* (the solver, the encoding, the mode); a flag's
name turns it on (``log``); ``name=value`` sets an option (``workers=2``, or a
choice by its name: ``solver=glucose4``). The same settings can be passed as
keyword arguments: ``get_backend("sat", solver="glucose4", encoding="ladder")``.
One parser for every backend keeps the spelling the same on the command line,
in the library and in ``queens-sat bench --backends``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

TRUE_WORDS = ("1", "yes", "true", "on")
FALSE_WORDS = ("0", "no", "false", "off")


@dataclass(frozen=True)
class Choice:
    """A setting with a fixed set of values, picked by naming the value."""

    name: str
    values: tuple[str, ...]
    default: str
    aliases: Mapping[str, str] = field(default_factory=dict)  # other spellings -> value
    help: str = ""

    def resolve(self, word: str) -> str | None:
        word = word.lower()
        if word in self.values:
            return word
        return self.aliases.get(word)


@dataclass(frozen=True)
class Option:
    """A setting with a free value, written ``name=value`` (a flag may be written alone)."""

    name: str
    parse: Callable[[str], Any]
    default: Any
    flag: bool = False  # a bare ``name`` means True
    help: str = ""

    def convert(self, value: Any) -> Any:
        return self.parse(value) if isinstance(value, str) else self.parse(str(value))


def parse_bool(text: str) -> bool:
    word = text.lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ValueError(f"expected one of {', '.join(TRUE_WORDS + FALSE_WORDS)}, got {text!r}")


def parse_positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise ValueError(f"must be at least 1, got {value}")
    return value


def parse_seed(text: str) -> int:
    value = int(text)
    if not 0 <= value < 2**31:
        raise ValueError(f"must be between 0 and 2**31 - 1, got {value}")
    return value


def describe(choices: tuple[Choice, ...], options: tuple[Option, ...]) -> str:
    """One line per setting, for error messages and ``--help``."""
    lines = [f"  {c.name}: {' | '.join(c.values)} (default {c.default})" for c in choices]
    for o in options:
        boolean = o.parse is parse_bool
        spelled = o.name if o.flag else f"{o.name}=on|off" if boolean else f"{o.name}=VALUE"
        default = "the solver's own" if o.default is None else _word(o.default)
        lines.append(f"  {spelled}: {o.help} (default {default})")
    return "\n".join(lines)


def _word(value: Any) -> str:
    return "on" if value is True else "off" if value is False else str(value)


def parse_settings(
    backend: str,
    variant: str | None,
    keywords: Mapping[str, Any],
    choices: tuple[Choice, ...],
    options: tuple[Option, ...],
) -> dict[str, Any]:
    """The backend's settings from its variant text and keyword options.

    Raises ``ValueError`` naming the bad part and listing every valid one; the
    registry turns it into a ``BackendError`` for the user.
    """
    settings: dict[str, Any] = {c.name: c.default for c in choices}
    settings.update({o.name: o.default for o in options})
    entries: list[Choice | Option] = [*choices, *options]
    by_name = {s.name: s for s in entries}

    def fail(message: str) -> ValueError:
        return ValueError(f"backend {backend!r}: {message}; its settings are:\n{describe(choices, options)}")

    def assign(name: str, value: Any, seen: set[str]) -> None:
        setting = by_name.get(name)
        if setting is None:
            raise fail(f"unknown setting {name!r}")
        if name in seen:
            raise fail(f"{name} is given twice")
        seen.add(name)
        if isinstance(setting, Choice):
            resolved = setting.resolve(str(value))
            if resolved is None:
                raise fail(f"{name} {value!r} is not one of {', '.join(setting.values)}")
            settings[name] = resolved
            return
        try:
            settings[name] = setting.convert(value)
        except ValueError as err:
            raise fail(f"{name}={value}: {err}") from None

    seen: set[str] = set()
    for part in variant.split(":") if variant else ():
        if not part:
            raise fail("empty part in the name (two colons in a row?)")
        key, eq, value = part.partition("=")
        if eq:
            assign(key.lower(), value, seen)
            continue
        word = part.lower()
        matches = [c for c in choices if c.resolve(word) is not None]
        if matches:
            assign(matches[0].name, word, seen)
        elif isinstance(option := by_name.get(word), Option) and option.flag:
            assign(word, "true", seen)
        else:
            raise fail(f"unknown variant {part!r}")
    for key, value in keywords.items():
        assign(key, value, seen)
    return settings


def spec_name(
    backend: str,
    settings: Mapping[str, Any],
    choices: tuple[Choice, ...],
    options: tuple[Option, ...],
    always: tuple[str, ...] = (),
) -> str:
    """The canonical name of a configured backend: its name and every non-default setting."""
    parts = [backend]
    for c in choices:
        if c.name in always or settings[c.name] != c.default:
            parts.append(settings[c.name])
    for o in options:
        value = settings[o.name]
        if value == o.default:
            continue
        if o.flag and value is True:
            parts.append(o.name)
        else:
            parts.append(f"{o.name}={_word(value)}")
    return ":".join(parts)
