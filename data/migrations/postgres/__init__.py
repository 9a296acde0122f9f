"""The PostgreSQL migrations (`0001_initial.sql`, ...): the same schema as the SQLite ones beside this
package, in PostgreSQL's types. Applied in order by `data.postgres` on open, each exactly once."""
