"""The image `deploy/docker-compose.yml` builds: its Dockerfile is in the repository, copies everything the
package needs, runs `python -m bot` as an unprivileged user; where a container engine answers, it is built
and run (`--version`, and `id -u` is not 0).

Where no engine runs (this test says which case it met), the properties are read from the files instead:
that is what can be checked without one, and the build itself is then left to a machine that has it.
"""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "deploy" / "docker-compose.yml"


def instructions(dockerfile: Path) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of a Dockerfile, comments dropped and continued lines joined."""
    out: list[tuple[str, str]] = []
    pending = ""
    for raw in dockerfile.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        pending += line.removesuffix("\\").strip() + " "
        if not line.endswith("\\"):
            word, _, rest = pending.strip().partition(" ")
            out.append((word.upper(), rest.strip()))
            pending = ""
    return out


def final_stage(steps: list[tuple[str, str]]) -> list[tuple[str, str]]:
    last_from = max(i for i, (word, _) in enumerate(steps) if word == "FROM")
    return steps[last_from:]


def bot_dockerfiles() -> list[Path]:
    """The Dockerfile of every bot service of the compose file (each one its build's context + dockerfile)."""
    services = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))["services"]
    found = []
    for name, service in services.items():
        if "build" not in service:
            continue
        build = service["build"]
        context = COMPOSE.parent / (build if isinstance(build, str) else build["context"])
        dockerfile = context / (build.get("dockerfile", "Dockerfile") if isinstance(build, dict) else "Dockerfile")
        assert context.resolve() == ROOT, f"{name} builds from {context}, not the repository"
        assert dockerfile.is_file(), f"{name} builds from {dockerfile}, which is not in the repository"
        assert service["command"][0].startswith("-"), f"{name}: the entry point runs the bot; give it arguments only"
        found.append(dockerfile.resolve())
    return found


def test_the_compose_file_builds_the_repositorys_dockerfile() -> None:
    assert bot_dockerfiles() == [ROOT / "Dockerfile", ROOT / "Dockerfile"]


def test_the_image_runs_the_bot_as_an_unprivileged_user() -> None:
    steps = instructions(ROOT / "Dockerfile")
    final = final_stage(steps)
    users = [rest for word, rest in final if word == "USER"]
    assert users and users[-1].split(":")[0] not in ("root", "0"), "the bot must not run as root"
    [entrypoint] = [rest for word, rest in final if word == "ENTRYPOINT"]
    assert json.loads(entrypoint) == ["python", "-m", "bot"]  # exec form: SIGTERM reaches the bot itself
    assert not any(word == "CMD" for word, _ in final), "arguments come from `docker run` / compose's command"
    assert final[0][1].startswith("python:3.11-slim"), "a small base: the slim Python the project is tested on"
    assert sum(word == "FROM" for word, _ in steps) >= 2, "built in one stage, run from another (no build tools)"


def test_the_build_copies_all_the_package_needs() -> None:
    """`pip install .` in the image sees only what the Dockerfile copies: the project file, the README it
    names, and every package that pyproject.toml lists (a new top-level package must be copied too)."""
    copied = set()
    for word, rest in instructions(ROOT / "Dockerfile"):
        if word == "COPY" and not rest.startswith("--from"):
            copied.update(shlex.split(rest)[:-1])
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages = {p.rstrip("*") for p in project["tool"]["setuptools"]["packages"]["find"]["include"]}
    assert {"pyproject.toml", project["project"]["readme"], *packages} <= copied
    assert all((ROOT / name).exists() for name in copied)
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").split()
    assert ".env" in ignored, "a .env with the bot's token must never reach the build context"


def test_the_web_front_end_is_built_in_a_stage_of_its_own_and_only_its_files_are_copied() -> None:
    """web/frontend is built from its lockfile in a Node stage; the final stage (no Node) copies the built
    folder and names it in FIVES_WEB_DIST, where web/build.py serves it without building."""
    steps = instructions(ROOT / "Dockerfile")
    stages = [k for k, (word, _) in enumerate(steps) if word == "FROM"]
    [web_from] = [k for k in stages if steps[k][1].endswith(" AS web")]
    web_stage = steps[web_from : min([k for k in stages if k > web_from] or [len(steps)])]
    assert steps[web_from][1].startswith("node:")
    copied = [shlex.split(rest)[:-1] for word, rest in web_stage if word == "COPY"]
    assert copied[0] == ["web/frontend/package.json", "web/frontend/package-lock.json"]  # the lockfile first
    assert all((ROOT / path).exists() for paths in copied for path in paths)
    runs = [rest for word, rest in web_stage if word == "RUN"]
    assert runs[0].startswith("npm ci") and runs[-1] == "npm run build"
    final = final_stage(steps)
    [built] = [shlex.split(rest) for word, rest in final if word == "COPY" and rest.startswith("--from=web")]
    assert built[1] == "/frontend/dist"
    assert f"FIVES_WEB_DIST={built[2]}" in [rest for word, rest in final if word == "ENV"]
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").split()
    assert {"web/frontend/node_modules", "web/frontend/dist"} <= set(ignored), "built here, never copied in"


def working_engine() -> str | None:
    """`docker` or `podman`, when one is installed and its daemon answers."""
    for engine in ("docker", "podman"):
        if shutil.which(engine) is None:
            continue
        try:
            answered = subprocess.run([engine, "info"], capture_output=True, timeout=30).returncode == 0
        except (OSError, subprocess.TimeoutExpired):
            answered = False
        if answered:
            return engine
    return None


def test_the_image_builds_and_runs_where_an_engine_answers(capsys: pytest.CaptureFixture[str]) -> None:
    engine = working_engine()
    if engine is None:
        # No daemon here (this machine has the docker client and no server): the static tests above are
        # what is checked. Said in the output so that a run on a machine with an engine can be told apart.
        with capsys.disabled():
            print("\n  no container engine answers: the image's build is checked from its files only")
        return
    tag = "fives-test-image:latest"
    built = subprocess.run([engine, "build", "-t", tag, str(ROOT)], capture_output=True, text=True, timeout=1200)
    assert built.returncode == 0, built.stderr[-4000:]
    try:
        ran = subprocess.run([engine, "run", "--rm", tag, "--version"], capture_output=True, text=True, timeout=120)
        assert ran.stdout.strip() == f"python -m bot {version('fives')}", ran.stderr
        uid = subprocess.run(
            [engine, "run", "--rm", "--entrypoint", "id", tag, "-u"], capture_output=True, text=True, timeout=120
        )
        assert uid.stdout.strip() not in ("", "0")
        demo = subprocess.run(
            [engine, "run", "--rm", tag, "--demo", "five-up", "--players", "2", "--seed", "1", "--out", "/data/demo"],
            capture_output=True, text=True, timeout=600,
        )  # fmt: skip
        assert demo.returncode == 0 and ": game over" in demo.stdout, demo.stderr[-2000:]
    finally:
        subprocess.run([engine, "rmi", "-f", tag], capture_output=True, timeout=120)
