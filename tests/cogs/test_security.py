"""Security, as a hostile or careless member would test it: nobody but a game's players acts in it or sees
its record before it ends, nobody acts in another server's game by its number, the server managers' commands
check the permission when they run (test_settings), and a user spamming /play opens no more than a few
tables."""

from __future__ import annotations

from .conftest import World, board, open_table, refusals, reply, thread
from .test_permissions import next_human


async def test_a_member_who_does_not_play_cannot_act_or_see_a_hand(world: World) -> None:
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    shown = reply(await world.carol.click(board(world), label="My hand"))
    assert shown.ephemeral and shown.embeds == [] and shown.attachments == []  # a refusal, not a hand
    typed = await world.carol.slash(thread(world), "move", action="draw", game=1)
    said = typed.response or typed.followups[0]
    assert said.ephemeral
    assert refusals(world) == ["not_a_player", "not_your_game"]


async def test_a_game_of_another_server_cannot_be_played_or_read_by_its_number(world: World) -> None:
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    other = world.env.create_guild("Elsewhere")
    channel = other.create_text_channel("games")
    player = next_human(world)
    there = other.add_member(player.user)
    legal = (await world.bot.service.tables.private_view(1, player.id)).view.legal[0].text
    before = len((await world.bot.service.tables.export(1))["actions"])

    typed = await there.slash(channel, "move", action=legal, game=1)
    history = await there.slash(channel, "history", game=1)

    assert len((await world.bot.service.tables.export(1))["actions"]) == before  # the move was not made
    for result in (typed, history):
        said = result.response or result.followups[0]
        assert said.ephemeral and said.attachments == []
    assert sorted(refusals(world)) == ["game_not_found", "not_your_game"]


async def test_the_record_of_a_game_on_is_refused_even_to_its_players(world: World) -> None:
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    result = await world.alice.slash(world.channel, "history", game=1)
    said = result.response or result.followups[0]
    assert said.ephemeral and said.attachments == []
    assert refusals(world) == ["game_not_over"]


async def test_a_user_spamming_play_opens_three_tables_at_most_and_is_told_why(world: World) -> None:
    opened = [reply(await world.bob.slash(world.channel, "play", game="draw")) for _ in range(3)]
    assert all(r is not None and not r.ephemeral for r in opened)
    refused = reply(await world.bob.slash(world.channel, "play", game="draw"))
    assert refused.ephemeral
    assert refused.content == "You already have 3 open tables here: start or cancel one before opening another."
    assert len(world.bot.service.lobbies.of_guild(world.guild.id)) == 3
    assert refusals(world) == ["too_many_lobbies"]

    await world.bob.click(opened[0], label="Cancel")
    for _ in range(2):  # the fifth /play within the minute is one too many, whatever is open
        await world.bob.slash(world.channel, "play", game="draw")
    slowed = reply(await world.bob.slash(world.channel, "play", game="draw"))
    assert slowed.ephemeral and slowed.content.startswith("Slow down: you can use this command again <t:")
    world.env.errors.clear()
