"""Post-game analysis as a player meets it: after a round of Draw, Alice asks `/analysis game:1` and gets,
privately, how her moves compare with the search's best, her costliest moves and a chart of her expected
margin; in Japanese too. A game still on is refused, and so is a member who did not play it. **Analysis** on
the final board and on the replay viewer does the same for whoever presses it, answered from the database
once computed (after a restart too)."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from PIL import Image

from app.client import FivesBot
from bot.ai.analysis import MoveAnalysis, Position
from tests.checks import must

from .conftest import World, move, open_table, playable, refusals, reply, thread, whose_turn
from .test_language import speaks_japanese
from .test_replays import play_to_the_end


async def test_a_player_sees_her_moves_analysed_privately(world: World) -> None:
    await play_to_the_end(world)
    shown = reply(await world.alice.slash(world.channel, "analysis", game=1))
    assert shown.ephemeral  # private to her
    [embed] = shown.embeds
    assert must(embed.title).startswith("Analysis: ")
    assert "of your moves had a choice" in must(embed.description)
    assert embed.fields[0].name == "Costliest moves"
    costly = must(embed.fields[0].value)
    # her moves named as her controls named them ("5-3 on 5-5", "Lead 6-6"), never in record notation
    assert "you played **" in costly and "@" not in costly
    assert " on " in costly or "Lead " in costly
    assert "sampled deals a move" in must(embed.footer.text)
    [attachment] = shown.attachments
    assert attachment.filename == "analysis.png"
    with Image.open(io.BytesIO(await attachment.read())) as image:
        assert image.format == "PNG" and image.size == (960, 540)
    assert refusals(world) == []

    speaks_japanese(world.env, world.alice)  # the same analysis, in her language
    again = reply(await world.alice.slash(world.channel, "analysis", game=1))
    assert again.ephemeral and must(again.embeds[0].title).startswith("検討：")
    assert again.embeds[0].fields[0].name == "損の大きかった手"


async def test_a_running_game_or_someone_elses_is_refused(world: World) -> None:
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    on = reply(await world.alice.slash(world.channel, "analysis", game=1))
    assert on.ephemeral and on.embeds == [] and on.attachments == []
    assert on.content == "Game #1 is still being played: it can be analysed once it is over."
    assert refusals(world) == ["analysis_not_over"]
    for _ in range(80):
        if not world.bot.service.tables.games_of(world.alice.id):
            break
        player = must(whose_turn(world))
        await move(player, must(playable(player)))
    watcher = reply(await world.carol.slash(world.channel, "analysis", game=1))
    assert watcher.ephemeral and watcher.content == (
        "You did not play in game #1: only its players can analyse their moves."
    )
    assert refusals(world) == ["analysis_not_a_player"]


async def test_the_analysis_button_answers_a_player_from_the_store_and_refuses_a_watcher(
    world: World, make_bot: Callable[[], FivesBot]
) -> None:
    await play_to_the_end(world)
    over = thread(world).history()[-1]  # the final board
    shown = reply(await world.alice.click(over, label="Analysis"))
    assert shown.ephemeral and must(shown.embeds[0].title).startswith("Analysis: ")
    first = shown.embeds[0].description
    assert [a.filename for a in shown.attachments] == ["analysis.png"]

    watcher = reply(await world.carol.click(over, label="Analysis"))
    assert watcher.ephemeral and watcher.embeds == []
    assert watcher.content == "You did not play in game #1: only its players can analyse their moves."
    assert refusals(world) == ["analysis_not_a_player"]

    # After a restart the stored analysis answers: nothing is searched again.
    await world.env.restart_bot(make_bot())

    async def no_search(positions: Sequence[Position], seed: int) -> list[MoveAnalysis]:
        raise AssertionError("the analysis was computed again")

    world.bot.service._turns.thinking.analyse = no_search  # type: ignore[method-assign]
    replay = reply(await world.alice.click(over, label="Replay"))  # from the replay viewer, this time
    speaks_japanese(world.env, world.alice)
    again = reply(await world.alice.click(replay, label="Analysis"))
    assert again.ephemeral and must(again.embeds[0].title).startswith("検討：")
    assert [c for c in must(first) if c.isdigit()] == [c for c in must(again.embeds[0].description) if c.isdigit()]
    assert refusals(world) == []
