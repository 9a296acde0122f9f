"""The web table is off unless its URL and port are set, and refuses to start without a signing secret."""

from __future__ import annotations

import pytest

from web.runner import WebSettings, table_links
from web.sessions import BadSession, Signer


def test_off_without_url_and_port_and_on_with_them() -> None:
    assert WebSettings.from_env({}) is None
    assert WebSettings.from_env({"FIVES_WEB_URL": "https://x.example"}) is None
    on = WebSettings.from_env(
        {"FIVES_WEB_URL": "https://x.example/", "FIVES_WEB_PORT": "8080", "FIVES_WEB_SECRET": "s" * 20}
    )
    assert on is not None and (on.url, on.port, on.host) == ("https://x.example", 8080, "127.0.0.1")
    assert "s" * 20 not in repr(on) and "secret" not in repr(on)


def test_a_missing_secret_or_bad_port_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="FIVES_WEB_SECRET"):
        WebSettings.from_env({"FIVES_WEB_URL": "https://x", "FIVES_WEB_PORT": "8080"})
    with pytest.raises(ValueError, match="FIVES_WEB_PORT"):
        WebSettings.from_env({"FIVES_WEB_URL": "https://x", "FIVES_WEB_PORT": "http", "FIVES_WEB_SECRET": "s" * 20})


def test_discord_login_wants_both_the_client_id_and_secret_and_never_shows_the_secret() -> None:
    base = {"FIVES_WEB_URL": "https://x", "FIVES_WEB_PORT": "8080", "FIVES_WEB_SECRET": "s" * 20}
    off = WebSettings.from_env(base)
    assert off is not None and not off.login
    on = WebSettings.from_env({**base, "FIVES_DISCORD_CLIENT_ID": "1234", "FIVES_DISCORD_CLIENT_SECRET": "shh-secret"})
    assert on is not None and on.login and on.client_id == "1234"
    assert "shh-secret" not in repr(on)
    with pytest.raises(ValueError, match="both FIVES_DISCORD_CLIENT_ID and FIVES_DISCORD_CLIENT_SECRET"):
        WebSettings.from_env({**base, "FIVES_DISCORD_CLIENT_ID": "1234"})
    with pytest.raises(ValueError, match="FIVES_DISCORD_CLIENT_ID must be"):
        WebSettings.from_env({**base, "FIVES_DISCORD_CLIENT_ID": "my app", "FIVES_DISCORD_CLIENT_SECRET": "x"})


def test_the_activity_button_is_offered_only_when_set_up_with_login_and_links_only_with_login() -> None:
    base = {"FIVES_WEB_URL": "https://x", "FIVES_WEB_PORT": "8080", "FIVES_WEB_SECRET": "s" * 20}
    login = {**base, "FIVES_DISCORD_CLIENT_ID": "1234", "FIVES_DISCORD_CLIENT_SECRET": "shh"}
    no_login = WebSettings.from_env(base)
    assert no_login is not None and table_links(no_login) is None  # a link would lead to no login
    plain = WebSettings.from_env(login)
    assert plain is not None and not plain.activity
    links = table_links(plain)
    assert links is not None and not links.activity and links.table(5, 9).startswith("https://x/auth/login?next=")
    on = WebSettings.from_env({**login, "FIVES_WEB_ACTIVITY": "on"})
    assert on is not None and on.activity
    with pytest.raises(ValueError, match="FIVES_WEB_ACTIVITY wants Discord login"):
        WebSettings.from_env({**base, "FIVES_WEB_ACTIVITY": "on"})
    with pytest.raises(ValueError, match="FIVES_WEB_ACTIVITY must be on or off"):
        WebSettings.from_env({**login, "FIVES_WEB_ACTIVITY": "maybe"})


def test_a_ticket_names_a_game_and_is_no_session() -> None:
    signer = Signer(b"k" * 32)
    ticket = signer.ticket(12, 9)
    assert (signer.read_ticket(ticket).game_no, signer.read_ticket(ticket).guild_id) == (12, 9)
    with pytest.raises(BadSession):
        signer.read(ticket)  # a link in Discord is not a login
    with pytest.raises(BadSession):
        signer.read_ticket(signer.issue(7, 9))


def test_sessions_expire_and_cannot_be_forged() -> None:
    now = [1000.0]
    signer = Signer(b"k" * 32, clock=lambda: now[0])
    token = signer.issue(7, 9, seconds=60)
    assert (signer.read(token).user_id, signer.read(token).guild_id) == (7, 9)
    with pytest.raises(BadSession):
        Signer(b"j" * 32, clock=lambda: now[0]).read(token)
    now[0] += 61
    with pytest.raises(BadSession, match="expired"):
        signer.read(token)


def test_trusted_proxies_are_addresses_or_networks_and_none_are_trusted_by_default() -> None:
    base = {"FIVES_WEB_URL": "https://x", "FIVES_WEB_PORT": "8080", "FIVES_WEB_SECRET": "s" * 20}
    plain = WebSettings.from_env(base)
    assert plain is not None and plain.trusted_proxies == ()
    behind = WebSettings.from_env({**base, "FIVES_WEB_TRUSTED_PROXIES": "172.16.0.0/12, 10.0.0.1 ::1"})
    assert behind is not None
    assert [str(n) for n in behind.trusted_proxies] == ["172.16.0.0/12", "10.0.0.1/32", "::1/128"]
    with pytest.raises(ValueError, match="FIVES_WEB_TRUSTED_PROXIES: 'proxy' is not an IP address"):
        WebSettings.from_env({**base, "FIVES_WEB_TRUSTED_PROXIES": "10.0.0.1, proxy"})
