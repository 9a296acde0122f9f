"""The community features' crash test (benchmarks/crash_community.py; `python -m benchmarks.crash_community`
runs it at full size): killed again and again, every tournament match has one table and a finished tournament
its winner, told once; every request to take back an action ends in one outcome, its question posted once and
the log agreeing; exactly one season runs and every ended one's champions are announced; the games lose
nothing and tell everything once, and the outbox is left empty.

Not asserted here: a round, a season's champions or a digest posted again when the kill lands between the post
and its `told` (the claim's lease runs out and it is posted again: at least once, by design of those cogs).
The benchmark counts them ("posted twice") at full size, where they show about once in a hundred kills."""

from __future__ import annotations

from pathlib import Path

from benchmarks.crash_community import run


def test_killed_again_and_again_tournaments_undos_digests_and_seasons_keep_their_promises(tmp_path: Path) -> None:
    report = run(kills=12, games=4, seed=7, work=tmp_path, longest=0.6, least=40)  # least: whatever the load
    print(*report.lines(), sep="\n")
    games = report.games
    assert games.kills == 12 and games.actions > 100
    assert games.broken == [] and games.lost == 0
    assert (games.unannounced, games.doubled, games.uncalled, games.left_untold) == (0, 0, 0, 0)
    assert report.finished > 0 and report.undos > 10 and report.seasons > 0 and report.digests > 10
    assert (report.duplicate_tables, report.no_winner, report.winner_untold, report.not_finished) == (0, 0, 0, 0)
    assert report.cancel_untold == 0
    assert (report.undo_open, report.question_twice, report.wrong_outcome) == (0, 0, 0)
    assert (report.season_untold, report.running_seasons, report.digest_early) == (0, 1, 0)
