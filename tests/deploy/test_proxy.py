"""The web table's TLS reverse proxy in `deploy/docker-compose.yml` (Caddy, `deploy/Caddyfile`): it forwards
to the web port of every bot process, checks their readiness where the bot serves it, and is itself a
valid Caddyfile where Caddy is installed (Debian's `caddy` package) to say so."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"


def compose() -> dict:
    return yaml.safe_load((DEPLOY / "docker-compose.yml").read_text(encoding="utf-8"))["services"]


def caddyfile() -> str:
    return (DEPLOY / "Caddyfile").read_text(encoding="utf-8")


def test_the_proxy_forwards_to_every_bot_processs_web_port_and_asks_its_readiness() -> None:
    services = compose()
    bots = {name: s for name, s in services.items() if "build" in s}
    [upstreams] = re.findall(r"^\s*reverse_proxy ([^{]+)\{", caddyfile(), re.M)
    expected = {f"{name}:{bot['environment']['FIVES_WEB_PORT']}" for name, bot in bots.items()}
    assert set(upstreams.split()) == expected
    for bot in bots.values():
        env = bot["environment"]
        assert env["FIVES_WEB_HOST"] == "0.0.0.0" and "ports" not in bot, "reached through the proxy only"
        assert f"health_port {env['FIVES_METRICS_PORT']}" in caddyfile() and "health_uri /readyz" in caddyfile()
    proxy = services["proxy"]
    assert "./Caddyfile:/etc/caddy/Caddyfile:ro" in proxy["volumes"]
    assert {"80:80", "443:443"} <= set(proxy["ports"])


def test_the_web_table_stays_off_in_compose_unless_its_url_is_given() -> None:
    env = compose()["bot-0"]["environment"]
    assert env["FIVES_WEB_URL"] == "${FIVES_WEB_URL:-}"  # empty: off, and the bot starts as before
    assert env["FIVES_DISCORD_CLIENT_SECRET"] == "${FIVES_DISCORD_CLIENT_SECRET:-}"  # from the environment only


@pytest.mark.skipif(shutil.which("caddy") is None, reason="no caddy binary to check the Caddyfile with")
def test_the_caddyfile_is_valid() -> None:
    done = subprocess.run(
        ["caddy", "adapt", "--config", str(DEPLOY / "Caddyfile"), "--adapter", "caddyfile"],
        capture_output=True,
        text=True,
        env={**os.environ, "FIVES_WEB_DOMAIN": "fives.example.org"},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert '"fives.example.org"' in done.stdout and '"bot-0:8080"' in done.stdout
