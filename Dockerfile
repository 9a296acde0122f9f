# The bot's image: `python -m bot` as an unprivileged user, with only the installed package in it.
#   docker build -t fives .                         (deploy/docker-compose.yml builds it the same way)
#   docker run --rm -e DISCORD_TOKEN=... -v fives-data:/data fives
#   docker run --rm fives --demo five-up --out /data/demo     (arguments go to `python -m bot`)
# Settings come from the environment (.env.example explains each); a SQLite database lives in /data.

# -- the web table's front end ------------------------------------------------------------------------------
# The TypeScript front end (web/frontend, from its web/frontend/package.json and lockfile) is built in a stage
# of its own: its files are never committed, always built here, and the final stage copies only what it built
# (no Node there). FIVES_WEB_DIST tells web/build.py to serve that folder and build nothing.
FROM node:22-slim AS web
WORKDIR /frontend
COPY web/frontend/package.json web/frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/frontend/ ./
RUN npm run build

# -- the Python package, installed into a virtual environment that the final stage copies whole ----------------
FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /opt/venv
WORKDIR /src
# What `pip install .` needs: the project file, the README it names, the packages it lists.
COPY pyproject.toml README.md ./
COPY app app
COPY bot bot
COPY cogs cogs
COPY data data
COPY presenters presenters
COPY rendering rendering
COPY web web
RUN /opt/venv/bin/pip install .

# -- what runs: no compiler, no sources, no root ---------------------------------------------------------------
FROM python:3.11-slim
ENV PATH=/opt/venv/bin:$PATH PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1 FIVES_DATABASE=/data/fives.sqlite3
RUN useradd --system --uid 10001 --home-dir /data --create-home --shell /usr/sbin/nologin fives
COPY --from=build /opt/venv /opt/venv
COPY --from=web /frontend/dist /opt/fives/web
ENV FIVES_WEB_DIST=/opt/fives/web
USER fives
WORKDIR /data
VOLUME ["/data"]
ENTRYPOINT ["python", "-m", "bot"]
