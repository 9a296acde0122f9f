"""A throwaway PostgreSQL server for tests and benchmarks: initdb in a temporary folder, the server on a
unix socket only (no port taken on the machine), fsync off, everything deleted on stop.

The server refuses to run as root, so as root it runs as the `postgres` user (Debian's package makes it);
as anyone else, as that user.

    server = PostgresServer.find()     # None where no PostgreSQL binaries are installed
    server.start()
    url = await server.create_database()
    ...
    server.stop()
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import TypedDict

import asyncpg

NOT_FOUND = (
    "no PostgreSQL server binaries (initdb, postgres), or no postgres user to run them as: install Debian's "
    "postgresql package (apt-get install postgresql) to run the store on PostgreSQL"
)


def find_bindir() -> Path | None:
    """The newest PostgreSQL bin folder: $FIVES_PG_BINDIR, Debian's /usr/lib/postgresql/N/bin, or PATH."""
    candidates = [os.environ.get("FIVES_PG_BINDIR", "")]
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name), reverse=True)
    which = shutil.which("initdb")
    if which:
        candidates.append(str(Path(which).parent))
    for folder in candidates:
        if folder and (Path(folder) / "initdb").exists() and (Path(folder) / "postgres").exists():
            return Path(folder)
    return None


class _RunAs(TypedDict, total=False):
    """The user a subprocess runs as (`subprocess.run`'s keywords)."""

    user: int
    group: int
    extra_groups: list[int]


class PostgresServer:
    PORT = 5432  # only names the socket file: the server listens on no TCP port

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.folder: Path | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self._made = 0

    @classmethod
    def find(cls) -> PostgresServer | None:
        """None where no server can run: no binaries, or root with no `postgres` user to run them as."""
        bindir = find_bindir()
        if bindir is None:
            return None
        if os.geteuid() == 0:
            try:
                pwd.getpwnam("postgres")
            except KeyError:
                return None
        return cls(bindir)

    def _as_server_user(self) -> _RunAs:
        if os.geteuid() != 0:
            return {}
        user = pwd.getpwnam("postgres")  # KeyError: no postgres user to run as
        return {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}

    def start(self) -> None:
        ids = self._as_server_user()
        self.folder = Path(tempfile.mkdtemp(prefix="fives-pg-"))
        data = self.folder / "data"
        if ids:
            os.chown(self.folder, ids["user"], ids["group"])
        subprocess.run(
            [str(self.bindir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-locale",
             "--no-sync", "--no-instructions"],
            check=True, capture_output=True, cwd=self.folder, **ids,
        )  # fmt: skip
        log = open(self.folder / "server.log", "wb")  # noqa: SIM115 - the server writes to it until stop
        settings = {
            "listen_addresses": "",
            "unix_socket_directories": str(self.folder),
            "port": str(self.PORT),
            "fsync": "off",
            "synchronous_commit": "off",
            "full_page_writes": "off",
            "max_connections": "200",
            "shared_buffers": "128MB",
        }
        command = [str(self.bindir / "postgres"), "-D", str(data)]
        for name, value in settings.items():
            command += ["-c", f"{name}={value}"]
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=self.folder, **ids)
        log.close()
        deadline = time.monotonic() + 30
        ready = [str(self.bindir / "pg_isready"), "-q", "-h", str(self.folder), "-p", str(self.PORT), "-U", "postgres"]
        while subprocess.run(ready, check=False).returncode != 0:
            if self.process.poll() is not None or time.monotonic() > deadline:
                output = (self.folder / "server.log").read_text(errors="replace")
                self.stop()
                raise RuntimeError(f"PostgreSQL did not start:\n{output}")
            time.sleep(0.05)

    def url(self, schema: str | None = None) -> str:
        """The server's URL; with `schema`, one whose tables live in that schema (asyncpg passes the
        `search_path` parameter to the server), which the store sees as a database of its own."""
        url = f"postgresql://postgres@/postgres?host={self.folder}&port={self.PORT}"
        return url if schema is None else f"{url}&search_path={schema}"

    async def create_database(self) -> str:
        """A new empty database (a schema: made in a few milliseconds, where CREATE DATABASE takes a
        quarter of a second); its URL."""
        self._made += 1
        schema = f"t_{os.getpid()}_{self._made}"
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f"CREATE SCHEMA {schema}")
        finally:
            await conn.close()
        return self.url(schema)

    async def drop_database(self, url: str) -> None:
        schema = url.rpartition("search_path=")[2]
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        finally:
            await conn.close()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)  # fast shutdown: clients are cut off
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        if self.folder is not None:
            with contextlib.suppress(OSError):
                shutil.rmtree(self.folder)
            self.folder = None
