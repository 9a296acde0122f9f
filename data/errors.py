"""The store's errors, for both databases: what a caller may catch, whichever store it holds."""


class StoreError(Exception):
    """A write the store could not make (the caller's state must not run ahead of it)."""


class StoreConflict(StoreError):
    """The database aborted the transaction for a conflict with another one (PostgreSQL's deadlock or
    serialization failure): nothing was written, and doing the same again is expected to succeed."""


class RatingsChanged(StoreError):
    """The end of a game was computed from ratings that another process has changed since: nothing was
    written, the caller recomputes from the ratings as they are now and writes again."""


class UnknownDatabase(StoreError):
    """A database setting that names a kind of database the bot does not speak (`mysql://...`)."""


class DatabaseInUse(StoreError):
    """Another process has the SQLite file open."""
