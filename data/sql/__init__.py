"""The store's SQL written once for both databases, by subject. Each module holds a mixin of store methods
that speak only `Sql` (data.sql.dialect): the statements are written with `?` marks, and what the two
databases really do differently (row locks, SKIP LOCKED) comes from the dialect, never an `if`."""
