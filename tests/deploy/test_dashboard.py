"""The Grafana dashboard and the Prometheus alert rules in deploy/ read the series the bot exports: a renamed
metric would leave a panel empty and an alert silent without anyone noticing."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from prometheus_client.metrics_core import Metric

from bot import metrics

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
SUFFIXES = {"counter": ("_total",), "histogram": ("_bucket", "_count", "_sum"), "gauge": ("",)}
NAME = re.compile(r"\bfives_[a-z_]+")


@pytest.fixture
def families() -> Iterator[dict[str, Metric]]:
    """Every family the bot exports, those read at a scrape too (a process with its pool and web table)."""
    collector = metrics.ServiceCollector(lambda: ["draw"], lambda: (0, None), lambda: (1, 1), web=lambda: 0)
    metrics.REGISTRY.register(collector)
    try:
        yield {family.name: family for family in metrics.REGISTRY.collect()}
    finally:
        metrics.REGISTRY.unregister(collector)


def exported(families: dict[str, Metric]) -> set[str]:
    return {name + suffix for name, family in families.items() for suffix in SUFFIXES[family.type]}


def dashboard_queries() -> list[str]:
    board = json.loads((DEPLOY / "grafana-dashboard.json").read_text())
    return [target["expr"] for panel in board["panels"] for target in panel.get("targets", [])]


def alert_rules() -> dict[str, str]:
    rules = yaml.safe_load((DEPLOY / "alerts.yml").read_text())
    return {rule["alert"]: rule["expr"] for group in rules["groups"] for rule in group["rules"]}


def test_every_series_the_dashboard_and_the_alerts_read_is_one_the_bot_exports(families: dict[str, Metric]) -> None:
    known = exported(families)
    for query in dashboard_queries() + list(alert_rules().values()):
        for name in NAME.findall(query):
            assert name in known, f"{name} (in {query!r}) is not exported by the bot"


def test_every_metric_the_bot_exports_has_a_panel(families: dict[str, Metric]) -> None:
    charted = {name for query in dashboard_queries() for name in NAME.findall(query)}
    for name, family in families.items():
        assert any(name + suffix in charted for suffix in SUFFIXES[family.type]), f"{name} is on no panel"


def test_the_alerts_watch_the_outbox_late_interactions_and_database_errors() -> None:
    rules = alert_rules()
    assert re.search(r"fives_outbox_oldest_seconds\)? > 300\b", rules["FivesOutboxStuck"])  # 5 minutes
    assert "fives_interactions_late_total" in rules["FivesInteractionsLate"]
    assert "fives_db_errors_total" in rules["FivesDatabaseErrors"]


def test_the_compose_file_and_the_systemd_unit_probe_the_health_endpoints_and_wait_out_a_graceful_stop() -> None:
    from app.lifecycle import STOP_SECONDS

    services = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())["services"]
    bots = {name: s for name, s in services.items() if "build" in s}
    assert bots
    for name, service in bots.items():
        port = service["environment"]["FIVES_METRICS_PORT"]
        assert f"http://127.0.0.1:{port}/readyz" in " ".join(service["healthcheck"]["test"]), name
        assert int(service["stop_grace_period"].rstrip("s")) > STOP_SECONDS, name
    unit = (DEPLOY / "fives@.service").read_text()
    assert re.search(r"^ExecStartPost=.*FIVES_METRICS_PORT/healthz", unit, re.M)
    stop = re.search(r"^TimeoutStopSec=(\d+)", unit, re.M)
    assert stop is not None and int(stop.group(1)) > STOP_SECONDS
