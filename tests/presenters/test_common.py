"""What every game says alike: sentences put one after another, in English and in Japanese."""

from __future__ import annotations

from presenters.common import sentences


def test_sentences_put_together_are_spaced_in_english_only() -> None:
    assert sentences(["Alice played 5♦.", "Bob takes the trick."]) == "Alice played 5♦. Bob takes the trick."
    assert sentences(["さくらが5♦を出しました。", "たけしがトリックを取りました。"]) == (
        "さくらが5♦を出しました。たけしがトリックを取りました。"
    )
    assert sentences(["さくらがパスしました。", "*（自動）*", ""]) == "さくらがパスしました。*（自動）*"
