# The bot's image: `python -m bot` as an unprivileged user, with only the installed package in it.
#   docker build -t fives .                         (deploy/docker-compose.yml builds it the same way)
#   docker run --rm -e DISCORD_TOKEN=... -v fives-data:/data fives
#   docker run --rm fives --demo five-up --out /data/demo     (arguments go to `python -m bot`)
# Settings come from the environment (.env.example explains each); a SQLite database lives in /data.

# -- the web table's front end ------------------------------------------------------------------------------
# The TypeScript front end in web/ is being written. Once web/package.json exists, its build goes here as a
# stage of its own, and the final stage copies what it built (never committed, always built here):
#   FROM node:22-slim AS web
#   WORKDIR /web
#   COPY web/package.json web/package-lock.json ./
#   RUN npm ci
#   COPY web/ ./
#   RUN npm run build
# and below, in the final stage:  COPY --from=web /web/dist /opt/fives/web

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
USER fives
WORKDIR /data
VOLUME ["/data"]
ENTRYPOINT ["python", "-m", "bot"]
