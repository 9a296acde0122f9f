"""Every word exists in English and Japanese, with the same placeholders, and every refusal the engine
can raise has a sentence in both."""

from __future__ import annotations

import ast
import string
from collections import Counter
from pathlib import Path

from babel.messages.pofile import read_po

from bot.i18n import LOCALES, catalogue, catalogue_files, tr

ROOT = Path(__file__).resolve().parents[2]


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_key_exists_in_every_language() -> None:
    keys = {locale: set(catalogue(locale)) for locale in LOCALES}
    english = keys["en"]
    assert len(english) > 20
    for locale, found in keys.items():
        missing, extra = sorted(english - found)[:10], sorted(found - english)[:10]
        assert found == english, f"{locale}: missing {missing}, extra {extra}"


def test_placeholders_match_across_languages() -> None:
    english = catalogue("en")
    for locale in LOCALES:
        for key, text in catalogue(locale).items():
            assert placeholders(text) == placeholders(english[key]), f"{locale} {key}"


def test_no_key_is_defined_twice() -> None:
    for locale in LOCALES:
        ids: Counter[object] = Counter()  # a plural message's id is a tuple of its forms
        for path in catalogue_files(locale):
            with path.open("rb") as fh:
                ids.update(m.id for m in read_po(fh) if m.id)
        assert [k for k, n in ids.items() if n > 1] == [], locale


def engine_error_keys() -> set[str]:
    """The key (second argument) of every error the engine raises, read from its source."""
    keys = set()
    for path in (ROOT / "bot" / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and len(node.exc.args) >= 2:
                key = node.exc.args[1]
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    keys.add(key.value)
    return keys


def test_every_engine_refusal_can_be_said_in_every_language() -> None:
    keys = engine_error_keys()
    assert {"not_in_hand", "does_not_fit", "arm_not_open", "must_draw"} <= keys
    for locale in LOCALES:
        missing = sorted(k for k in keys if f"error.{k}" not in catalogue(locale))
        assert missing == [], f"{locale}: {missing}"


def test_japanese_reads_japanese() -> None:
    assert tr("error.not_in_hand", "ja", tile="3-4") == "3-4は手牌にありません。"
    assert tr("game.quantette.name", "ja") == "カンテット"


def test_refusals_name_suits_in_the_players_language() -> None:
    from bot.engine import MustFollow
    from bot.i18n import error_text

    error = MustFollow("you must follow hearts", "must_follow", suit="H")
    assert error_text(error, "en") == "You must follow hearts."
    assert error_text(error, "ja") == "ハートをフォローしなければなりません。"
