"""Every game has its rules, and every lobby option its label, in English and Japanese, short enough for
Discord: an embed description holds the rules (at most 3,500 characters here) and a select option's label
and description hold at most 100 characters."""

from __future__ import annotations

import re
import string

import pytest

from bot.engine import GAMES
from bot.i18n import LOCALES, catalogue

# The twelve games of the bot, whether or not their engine is registered yet.
GAME_IDS = (
    "five-up",
    "le-quantette",
    "draw",
    "quantette",
    "all-fives",
    "muggins",
    "sniff",
    "horse-race",
    "seven-toed-pete",
    "seven-rocks",
    "domineren",
    "five-hundred",
)
# Games whose rules do not fit on one page: `rules.<id>.more` is required.
GAMES_WITH_MORE = ("five-up", "domineren", "five-hundred")

EMBED_LIMIT = 3500
SELECT_LIMIT = 100

# Domineren's options and game types from docs/rules/domineren.md §0.1 and §18, checked here until its
# engine registers them (then they are checked from GAMES as well).
DOMINEREN_TYPES = (*map(str, range(1, 13)), "13a", "13b", *map(str, range(14, 19)))
DOMINEREN_OPTIONS: dict[str, tuple[str, ...]] = {
    "start_chips": (),
    "double_bonus_table": ("pagat", "leeflang"),
    "next_set_player": ("biggest_loser", "clockwise"),
    "allowed_types": DOMINEREN_TYPES,
    "type9_continuation": ("normal_cross", "normal_double_cross"),
    "hands": (),
    "billitonnen": ("on", "off"),
    "auto_claim": ("on", "off"),
}

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]")  # kana, kanji, full-width forms
CODE = re.compile(r"```.*?```|`[^`]*`", re.S)
ENGLISH_RUN = re.compile(r"[A-Za-z]+(?:[ '-][A-Za-z]+){3,}")  # four or more English words in a row


def option_choices() -> dict[str, set[str]]:
    """Every option id of every game (registered or listed above) with the union of its choices."""
    found: dict[str, set[str]] = {}
    for info in GAMES.values():
        for spec in info.options:
            found.setdefault(spec.id, set()).update(str(c) for c in spec.choices)
    for option_id, choices in DOMINEREN_OPTIONS.items():
        found.setdefault(option_id, set()).update(choices)
    return found


def own_keys(locale: str) -> dict[str, str]:
    prefixes = ("rules.", "option.", "domineren.type.")
    return {k: v for k, v in catalogue(locale).items() if k.startswith(prefixes)}


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game_id", sorted(set(GAME_IDS) | set(GAMES)))
def test_every_game_has_its_rules(game_id: str, locale: str) -> None:
    messages = catalogue(locale)
    summary = messages.get(f"rules.{game_id}.summary")
    assert summary, f"rules.{game_id}.summary missing in {locale}"
    assert len(summary) <= EMBED_LIMIT, f"rules.{game_id}.summary is {len(summary)} characters in {locale}"
    more = messages.get(f"rules.{game_id}.more")
    if game_id in GAMES_WITH_MORE:
        assert more, f"rules.{game_id}.more missing in {locale}"
    if more is not None:
        assert len(more) <= EMBED_LIMIT, f"rules.{game_id}.more is {len(more)} characters in {locale}"


@pytest.mark.parametrize("locale", LOCALES)
def test_notation_is_explained(locale: str) -> None:
    text = catalogue(locale)["rules.notation"]
    assert len(text) <= EMBED_LIMIT
    for example in ("`5-5`", "5-3@5-5", "`draw`", "`pass`", "`10H`", "`JS`", "`JK`"):
        assert example in text, f"{locale}: {example}"


@pytest.mark.parametrize("locale", LOCALES)
def test_every_option_has_a_name_a_help_and_labels(locale: str) -> None:
    messages = catalogue(locale)
    missing, too_long = [], []
    for option_id, choices in sorted(option_choices().items()):
        keys = [f"option.{option_id}.name", f"option.{option_id}.help"]
        keys += [f"option.{option_id}.value.{choice}" for choice in sorted(choices)]
        for key in keys:
            text = messages.get(key)
            if not text:
                missing.append(key)
            elif len(text) >= SELECT_LIMIT:
                too_long.append((key, len(text)))
    assert missing == [], f"{locale}: {missing[:10]}"
    assert too_long == [], f"{locale}: {too_long[:10]}"


@pytest.mark.parametrize("locale", LOCALES)
def test_every_domineren_game_type_has_a_name_and_a_help(locale: str) -> None:
    messages = catalogue(locale)
    for n in DOMINEREN_TYPES:
        for part in ("name", "help"):
            text = messages.get(f"domineren.type.{n}.{part}")
            assert text, f"{locale}: domineren.type.{n}.{part} missing"
            assert len(text) < SELECT_LIMIT, f"{locale}: domineren.type.{n}.{part} is {len(text)} characters"


def test_rules_and_option_texts_take_no_placeholders() -> None:
    for locale in LOCALES:
        for key, text in own_keys(locale).items():
            fields = [name for _, name, _, _ in string.Formatter().parse(text) if name is not None]
            assert fields == [], f"{locale} {key}: {fields}"


def test_japanese_texts_are_japanese() -> None:
    english = own_keys("en")
    japanese = own_keys("ja")
    assert set(japanese) == set(english)
    for key, text in japanese.items():
        assert JAPANESE.search(text), f"ja {key} has no Japanese: {text!r}"
        assert text != english[key], f"ja {key} is the English text"
        prose = CODE.sub("", text)
        run = ENGLISH_RUN.search(prose)
        assert run is None, f"ja {key} has English left in it: {run.group(0)!r}"
