"""The Five Hundred demo tells every trick's winner, the tenth of each hand too (the next deal used to clear
the table before its winner was said)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main


@pytest.mark.parametrize("lang, took", [("en", " takes the trick."), ("ja", "がトリックを取りました。")])
def test_every_hand_played_out_tells_the_winners_of_all_ten_tricks(
    lang: str, took: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--demo", "five-hundred", "--seed", "3", "--lang", lang, "--out", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    titles = [k for k, line in enumerate(lines) if k and not line.startswith(" ")][:-2]  # hands; not the end
    assert len(titles) >= 3
    start = 0
    for k in titles:
        told = sum(line.endswith(took) for line in lines[start:k])
        assert told in (0, 10), (k, told)  # 0: a hand thrown in, nobody bid
        start = k
    assert sum(line.endswith(took) for line in lines) >= 30
