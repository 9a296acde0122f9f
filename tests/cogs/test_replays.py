"""Replays, as players use them: after a game of Draw, a member who watched presses **Replay** on the final
board and steps through it (the deal with every hand shown, each play as the table told it, a hand's result,
the end), animates the hand, and a player shows it to the channel, where anyone else who presses gets their own
viewer. A game still on is refused without showing anything, and so is another server's game."""

from __future__ import annotations

import io
import re
from collections.abc import Callable

import discord
import simcord
from PIL import GifImagePlugin, Image

from app.client import FivesBot
from tests.checks import must

from .conftest import (
    World,
    buttons_of,
    custom_ids,
    move,
    open_table,
    playable,
    refusals,
    reply,
    thread,
    whose_turn,
)

FOOTER = re.compile(r"^Move (\d+) of (\d+) · hand (\d+) of (\d+)$")


async def play_to_the_end(world: World) -> None:
    """Alice and Bob play one round of Draw at the table, each taking the first move offered."""
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    for _ in range(80):
        if not world.bot.service.tables.games_of(world.alice.id):
            return
        player = must(whose_turn(world))
        await move(player, must(playable(player)))
    raise AssertionError("the game did not end")


def footer(shown: discord.Message | simcord.ResponseMessage) -> tuple[int, ...]:
    match = FOOTER.match(must(shown.embeds[0].footer.text))
    assert match, shown.embeds[0].footer.text
    return tuple(int(g) for g in match.groups())


def field(shown: discord.Message | simcord.ResponseMessage, name: str) -> str:
    return must(next(f.value for f in shown.embeds[0].fields if f.name == name))


def labels(message: discord.Message) -> dict[str | None, bool]:
    """Button label -> disabled."""
    return {b.label: b.disabled for b in buttons_of(message)}


def board_lines(world: World) -> list[str]:
    """Every play line the table posted, in order (a board's description, a hand result's first lines)."""
    out = []
    for message in thread(world).history():
        for embed in message.embeds:
            out += [line for line in (embed.description or "").split("\n") if line.startswith("**")]
    return out


async def test_a_member_steps_through_a_finished_game_from_its_final_board(world: World) -> None:
    await play_to_the_end(world)
    over = thread(world).history()[-1]
    assert custom_ids(over) == ["fives:replay:1", "fives:analyse:1", "fives:rematch:1"]
    told = board_lines(world)

    opened = reply(await world.carol.click(over, label="Replay"))
    assert opened.ephemeral
    assert opened.embeds[0].title == "Replay: Draw Dominoes #1"
    assert opened.embeds[0].description == "Hand 1 is dealt."
    move_no, moves, hand, hands = footer(opened)
    assert (move_no, hand, hands) == (0, 1, 1) and moves > 10
    held = field(opened, "What each player held").split("\n")
    assert sorted(line.split(":")[0] for line in held) == ["**alice**", "**bob**"]
    assert all(re.fullmatch(r"\*\*\w+\*\*: \d-\d( \d-\d){6}", line) for line in held), held  # 7 tiles each, face up
    assert [a.filename for a in opened.attachments] == ["replay.png"]
    assert labels(opened.message) == {
        "⏮": True, "◀": True, "▶": False, "⏭": False, "Animate hand": False, "Animate game": False,
        "Analysis": False,
    }  # fmt: skip

    shown = opened
    seen = []
    for _ in range(moves):  # play by play, each line as the table told it
        shown = reply(await world.carol.click(shown, label="▶"))
        seen.append(must(shown.embeds[0].description).split("\n")[0])
        if footer(shown)[0] == moves:
            break
    assert footer(shown)[0] == moves
    assert seen == told[: len(seen)]
    end = must(shown.embeds[0].description)
    assert "🏆" in end and "held" in end  # the hand's result: what was still held
    assert field(shown, "Standings").startswith("🥇")
    assert labels(shown.message)["▶"] and labels(shown.message)["⏭"]  # nothing further

    back = reply(await world.carol.click(shown, label="⏮"))
    assert back.embeds[0].description == "Hand 1 is dealt."  # the hand's deal, in one step
    ended = reply(await world.carol.click(back, label="⏭"))
    assert footer(ended)[0] == moves and "🏆" in must(ended.embeds[0].description)

    animated = await world.carol.click(ended, label="Animate hand")
    gif = animated.response  # the answer replaces its "thinking…"
    assert must(gif).ephemeral and must(gif).content == "Hand 1 of Draw Dominoes #1, animated."
    [attachment] = must(gif).attachments
    data = await attachment.read()
    assert attachment.filename == "fives-1-hand-1.gif" and len(data) < 2_000_000
    with Image.open(io.BytesIO(data)) as image:
        assert isinstance(image, GifImagePlugin.GifImageFile) and image.n_frames > 5
    assert refusals(world) == []


async def test_a_public_replay_is_stepped_by_its_opener_and_copied_for_anyone_else(world: World) -> None:
    await play_to_the_end(world)
    posted = reply(await world.bob.slash(world.channel, "replay", game=1, public=True))
    assert not posted.ephemeral
    assert posted.id in [m.id for m in world.channel.history()]

    mine = reply(await world.carol.click(posted, label="▶"))  # Carol's own viewer, a step on...
    assert mine.ephemeral and footer(mine)[0] == 1
    mine = reply(await world.carol.click(mine, label="▶"))  # ...which she steps on her own
    assert footer(mine)[0] == 2
    [public] = [m for m in world.channel.history() if m.id == posted.id]
    assert footer(public)[0] == 0  # the public one stays where Bob left it
    stepped = reply(await world.bob.click(posted, label="▶"))  # Bob steps it
    assert not stepped.ephemeral and stepped.id == posted.id and footer(stepped)[0] == 1

    # Its buttons do not wear out: an hour without a click, and Bob's ▶ still steps it.
    await world.env.advance_time(3600)
    again = reply(await world.bob.click(stepped, label="▶"))
    assert not again.ephemeral and again.id == posted.id and footer(again)[0] == 2
    assert refusals(world) == []


async def test_a_game_still_on_or_of_another_server_is_not_replayed(world: World) -> None:
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    on = reply(await world.carol.slash(world.channel, "replay", game=1))
    assert on.ephemeral and on.embeds == [] and on.attachments == []
    assert on.content == (
        "Game #1 is still being played: its replay shows every player's hand, so it opens once the game is over."
    )
    missing = reply(await world.carol.slash(world.channel, "replay", game=7))
    assert missing.content == "There is no such game."
    assert refusals(world) == ["replay_not_over", "game_not_found"]

    for _ in range(80):  # now it ends...
        if not world.bot.service.tables.games_of(world.alice.id):
            break
        player = must(whose_turn(world))
        await move(player, must(playable(player)))
    other = world.env.create_guild("Elsewhere")
    there = other.add_member(world.carol.user)
    elsewhere = reply(await there.slash(other.create_text_channel("games"), "replay", game=1))
    assert elsewhere.ephemeral and elsewhere.embeds == [] and elsewhere.content == "There is no such game."
    assert refusals(world) == ["game_not_found"]


async def test_a_public_replay_steps_on_after_a_restart(world: World, make_bot: Callable[[], FivesBot]) -> None:
    await play_to_the_end(world)
    posted = reply(await world.bob.slash(world.channel, "replay", game=1, public=True))
    for _ in range(2):
        posted = reply(await world.bob.click(posted, label="▶"))
    assert footer(posted)[0] == 2
    # Each button says it all: the game, the frame shown, the step, and who opened this public viewer.
    ways = ["hand-back", "back", "forward", "hand-on", "animate-hand", "animate-game"]
    assert custom_ids(posted.message) == [f"fives:replay:1:2:{way}:{world.bob.id}" for way in ways] + [
        "fives:analyse:1"  # whoever presses it: their own moves, privately
    ]

    await world.env.restart_bot(make_bot())

    stepped = reply(await world.bob.click(posted, label="▶"))
    assert not stepped.ephemeral and stepped.id == posted.id and footer(stepped)[0] == 3
    assert stepped.embeds[0].description == board_lines(world)[2]  # the third play, as the table told it
    mine = reply(await world.carol.click(stepped, label="◀"))  # her own copy, where ◀ takes her
    assert mine.ephemeral and footer(mine)[0] == 2
    mine = reply(await world.carol.click(mine, label="⏮"))  # which she steps alone
    assert mine.ephemeral and footer(mine)[0] == 0
    [public] = [m for m in world.channel.history() if m.id == posted.id]
    assert footer(public)[0] == 3  # the channel's stays where Bob left it

    gif = reply(await world.carol.click(public, label="Animate hand"))  # hers alone, too
    assert gif.ephemeral and gif.content == "Hand 1 of Draw Dominoes #1, animated."
    shown = reply(await world.bob.click(public, label="Animate hand"))  # his, for the channel
    assert not shown.ephemeral and shown.attachments[0].filename == "fives-1-hand-1.gif"
    assert refusals(world) == []


async def test_a_private_replay_steps_on_after_a_restart(world: World, make_bot: Callable[[], FivesBot]) -> None:
    await play_to_the_end(world)
    over = thread(world).history()[-1]
    await world.env.restart_bot(make_bot())

    opened = reply(await world.carol.click(over, label="Replay"))  # the final board's, from before
    assert opened.ephemeral and footer(opened)[0] == 0
    assert custom_ids(opened.message)[:4] == [
        f"fives:replay:1:0:{way}" for way in ("hand-back", "back", "forward", "hand-on")
    ]
    await world.env.restart_bot(make_bot())
    ended = reply(await world.carol.click(opened, label="⏭"))
    assert ended.ephemeral and ended.id == opened.id and "🏆" in must(ended.embeds[0].description)
    assert refusals(world) == []


async def test_a_replay_button_of_a_game_still_on_shows_nothing(world: World) -> None:
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    view = discord.ui.View(timeout=None)  # as if a viewer's button of game 1 had been posted
    view.add_item(discord.ui.Button(label="▶", custom_id="fives:replay:1:0:forward"))
    sent = world.bot.get_channel(world.channel.id)
    assert isinstance(sent, discord.TextChannel)
    await sent.send("a replay?", view=view)
    said = reply(await world.carol.click(world.channel.history()[-1], label="▶"))
    assert said.ephemeral and said.embeds == [] and said.attachments == []
    assert said.content.startswith("Game #1 is still being played")
    assert refusals(world) == ["replay_not_over"]
