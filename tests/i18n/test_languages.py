"""Both languages, all of them: every catalogue file exists in English and Japanese (new ones are found by
themselves), no message is left empty or in the other language, the plural forms the loader reads are
complete, Japanese text holds no English outside the action notation, commands are named as each
language's client shows them, and every refusal the table or the UI can give has its sentence."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from bot.i18n import DEFAULT_LOCALE, LOCALES, catalogue, catalogue_files
from bot.tables import errors as table_errors

from .english import english_in

ROOT = Path(__file__).resolve().parents[2]
OTHERS = [locale for locale in LOCALES if locale != DEFAULT_LOCALE]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
# Texts that teach or answer the action notation (a refusal of a mistyped move, the examples of the field
# to type one in): their Latin words must be notation. The rules pages document the notation in code
# spans and are left to their own tests.
NOTATION_KEYS = re.compile(r"^(error\.|command\.move\.action\.description$|controls\.type\.placeholder$)")
FREE_KEYS = re.compile(r"^rules\.")


def messages(path: Path) -> list[Message]:
    with path.open("rb") as fh:
        return [m for m in read_po(fh) if m.id]


def test_every_catalogue_file_exists_in_every_language() -> None:
    names = {locale: sorted(p.name for p in catalogue_files(locale)) for locale in LOCALES}
    assert "table.po" in names[DEFAULT_LOCALE]
    for locale in OTHERS:
        assert names[locale] == names[DEFAULT_LOCALE], locale


@pytest.mark.parametrize("locale", LOCALES)
def test_each_file_holds_the_same_keys_in_every_language(locale: str) -> None:
    """A key moved to another file in one language only would still load, but the files drift apart."""
    for path in catalogue_files(locale):
        english = path.parents[2] / DEFAULT_LOCALE / "LC_MESSAGES" / path.name
        ours, theirs = {str(m.id) for m in messages(path)}, {str(m.id) for m in messages(english)}
        missing, extra = sorted(theirs - ours)[:8], sorted(ours - theirs)[:8]
        assert ours == theirs, f"{locale}/{path.name}: missing {missing}, extra {extra}"


@pytest.mark.parametrize("locale", LOCALES)
def test_no_message_is_empty_fuzzy_or_a_gettext_plural(locale: str) -> None:
    """The loader leaves out empty and plural (msgid_plural) entries: either would go missing silently."""
    for path in catalogue_files(locale):
        for message in messages(path):
            where = f"{locale}/{path.name} {message.id}"
            assert isinstance(message.id, str), f"{where}: write plurals as key.one / key.other"
            assert isinstance(message.string, str) and message.string.strip(), f"{where} is empty"
            assert not message.fuzzy, f"{where} is marked fuzzy"


@pytest.mark.parametrize("locale", LOCALES)
def test_plural_keys_come_in_pairs(locale: str) -> None:
    """`trn` reads `key.one` for a count of one and `key.other` otherwise: a `.one` needs its `.other`."""
    keys = set(catalogue(locale))
    ones = {key.removesuffix(".one") for key in keys if key.endswith(".one")}
    others = {key.removesuffix(".other") for key in keys if key.endswith(".other")}
    assert ones <= others, f"{locale}: .one without .other: {sorted(ones - others)}"  # (action.other is no plural)


def test_a_translation_identical_to_english_is_notation_only() -> None:
    """A Japanese text the same as the English one was left untranslated, unless it holds no word at all
    (`{game} #{number}`, ` & `, the D and M of a Domineren end)."""
    english = catalogue(DEFAULT_LOCALE)
    for locale in OTHERS:
        same = {
            key: text
            for key, text in catalogue(locale).items()
            if text == english[key] and re.search("[A-Za-z]{2}", PLACEHOLDER.sub("", text))
        }
        assert same == {}, f"{locale}: untranslated {same}"


def test_japanese_holds_no_english_outside_the_notation() -> None:
    leaks = {}
    for key, text in catalogue("ja").items():
        if FREE_KEYS.match(key):
            continue
        words = english_in(PLACEHOLDER.sub(" ", text), notation=bool(NOTATION_KEYS.match(key)))
        if words:
            leaks[key] = words
    assert leaks == {}


def command_names(locale: str) -> set[str]:
    return {text for key, text in catalogue(locale).items() if re.fullmatch(r"command\.[a-z_]+\.name", key)}


@pytest.mark.parametrize("locale", LOCALES)
def test_a_command_a_text_names_is_called_as_that_language_shows_it(locale: str) -> None:
    """Discord shows a Japanese client the Japanese command names: `/手札`, not `/hand`."""
    names = command_names(locale)
    assert len(names) >= 6
    wrong = {}
    for key, text in catalogue(locale).items():
        named = set(re.findall(r"`/([^`\s]+)", text))
        if named - names:
            wrong[key] = sorted(named - names)
    assert wrong == {}, f"{locale}: not this language's command names: {wrong}"


def test_every_refusal_of_the_table_and_the_ui_can_be_said_in_every_language() -> None:
    keys = {
        key
        for cls in vars(table_errors).values()
        if inspect.isclass(cls) and issubclass(cls, Exception) and isinstance(key := getattr(cls, "key", None), str)
    }
    for path in (ROOT / "cogs").rglob("*.py"):  # Refusal("key", ...) raised by the cogs themselves
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Refusal" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    keys.add(first.value)
                elif isinstance(first, ast.IfExp):  # Refusal("a" if ... else "b")
                    keys |= {
                        n.value
                        for n in (first.body, first.orelse)
                        if isinstance(n, ast.Constant) and isinstance(n.value, str)
                    }
    assert {"not_your_turn", "stale_control", "not_a_player", "which_game", "no_games"} <= keys
    for locale in LOCALES:
        missing = sorted(k for k in keys if f"error.{k}" not in catalogue(locale))
        assert missing == [], f"{locale}: {missing}"


def test_every_permission_the_bot_asks_for_has_its_name() -> None:
    """Permission names in refusals come from the catalogue (`permission.<name>`), as Discord's settings
    name them; any permission a command checks must be there."""
    wanted = set()
    for path in (ROOT / "cogs").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and "permissions" in ast.unparse(node.func):
                wanted |= {k.arg for k in node.keywords if k.arg}
    for locale in LOCALES:
        missing = sorted(p for p in wanted if f"permission.{p}" not in catalogue(locale))
        assert missing == [], f"{locale}: {missing}"
