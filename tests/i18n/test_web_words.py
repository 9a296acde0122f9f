"""The web's words obey the catalogues' rules: every refusal the login gives (web/refusals.py's `said`) and every
line the API refuses a request with (its `answered`) is a catalogue entry in every language, and the page's own
Japanese words (web/frontend/src/i18n.ts, which the browser needs without the server) hold no English, as the
catalogue test asks of the catalogues: Discord is ディスコード there too."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from bot.i18n import LOCALES, catalogue

from .english import english_in

ROOT = Path(__file__).resolve().parents[2]
FRONTEND_WORDS = ROOT / "web" / "frontend" / "src" / "i18n.ts"
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
ENTRY = re.compile(r'^\s*(\w+): "((?:[^"\\]|\\.)*)",?\s*$', re.MULTILINE)


def refusal_keys_said(function: str = "said") -> set[str]:
    """The first argument of every `said("key", ...)` (or `function`'s) in web/, read from the source."""
    keys = set()
    for path in (ROOT / "web").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == function and node.args:
                first = node.args[0]
                assert isinstance(first, ast.Constant) and isinstance(first.value, str), ast.unparse(node)
                keys.add(first.value)
    return keys


def frontend_words(table: str) -> dict[str, str]:
    """One language's table of i18n.ts (`const EN = {` or `const JA: Record<Key, string> = {`), key -> text."""
    source = FRONTEND_WORDS.read_text(encoding="utf-8")
    body = re.search(rf"^const {table}\b[^=]*= \{{\n(.*?)^\}};", source, re.MULTILINE | re.DOTALL)
    assert body is not None, f"no {table} table in {FRONTEND_WORDS.name}"
    return dict(ENTRY.findall(body.group(1)))


def test_every_refusal_of_the_login_is_a_catalogue_entry_in_every_language() -> None:
    keys = refusal_keys_said()
    assert {"link_expired", "not_in_server", "not_a_member", "too_many_logins"} <= keys
    for locale in LOCALES:
        written = {key.removeprefix("web.refusal.") for key in catalogue(locale) if key.startswith("web.refusal.")}
        assert written == keys, f"{locale}: unsaid {sorted(written - keys)}, missing {sorted(keys - written)}"


def test_every_line_the_api_refuses_with_is_a_catalogue_entry_in_every_language() -> None:
    keys = refusal_keys_said("answered")
    assert {"no_such_game", "replay_not_over", "log_in_first", "too_many_requests", "missing_csrf"} <= keys
    for locale in LOCALES:
        written = {key.removeprefix("web.api.") for key in catalogue(locale) if key.startswith("web.api.")}
        assert written == keys, f"{locale}: unsaid {sorted(written - keys)}, missing {sorted(keys - written)}"
    english = catalogue("en")
    leaks = {k: words for k in keys if (words := english_in(catalogue("ja")[f"web.api.{k}"]))}
    assert leaks == {} and all(catalogue("ja")[f"web.api.{k}"] != english[f"web.api.{k}"] for k in keys)


def test_the_pages_japanese_words_hold_no_english() -> None:
    english, japanese = frontend_words("EN"), frontend_words("JA")
    assert len(japanese) > 100 and japanese.keys() == english.keys()
    assert {"expired", "activity_no_session", "activity_login_off"} <= japanese.keys()
    leaks = {key: words for key, text in japanese.items() if (words := english_in(PLACEHOLDER.sub(" ", text)))}
    assert leaks == {}


def test_japanese_calls_a_table_one_word_everywhere() -> None:
    """A game's table is 卓 in Japanese (the word most of the catalogues used), never テーブル beside it: in
    every catalogue and in the page's own words."""
    texts = [*frontend_words("JA").values(), *catalogue("ja").values()]
    assert any("卓" in text for text in texts)
    assert [text for text in texts if "テーブル" in text] == []
