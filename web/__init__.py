"""The web shell: the live table over HTTP and WebSocket (issue #27), beside `cogs/`.

It turns requests into table-service calls and the service's changes into socket messages; it holds no
rule logic and no SQL. Off unless `FIVES_WEB_URL` and `FIVES_WEB_PORT` are set (see docs/web.md)."""
