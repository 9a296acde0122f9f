"""`python -m bot.engine replay RECORD.json`: rebuild a game from its record and print the result.

Exit 0 with the result as JSON on stdout; exit 2 with `{"error": ..., "step": i}` when action i is
refused, or `{"error": ...}` when the record is malformed (docs/records.md). Nothing else goes to stdout.
A record is read up to MAX_BYTES (4 MiB; a game of 10,000 actions takes a third of one): more is refused unread.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from .errors import BadRecord, EngineError, quoted
from .records import ReplayError, replay

MAX_BYTES = 4 * 1024 * 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.engine", description="The fives rules engine.")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game record and print its result as JSON")
    rp.add_argument("record", help="path of the record (JSON), or - for standard input")
    args = parser.parse_args(argv)

    try:
        record = read_record(args.record)
    except BadRecord as exc:
        return _fail({"error": str(exc)})
    try:
        result = replay(record)
    except ReplayError as exc:
        return _fail({"error": str(exc), "step": exc.step})
    except EngineError as exc:
        return _fail({"error": str(exc)})
    print(json.dumps(result, ensure_ascii=False))
    return 0


def read_record(path: str) -> object:
    """The JSON of a record file (or of standard input for `-`), at most MAX_BYTES; BadRecord if it cannot be
    read or is not JSON a record can be (nesting too deep, a number beyond Python's digit limit, NaN)."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(path, "rb") as fh:
                data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise BadRecord(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise BadRecord(f"the record is larger than {MAX_BYTES // 1024 // 1024} MiB: the replay command reads no more")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BadRecord(f"the record is not UTF-8 text (byte {exc.start})") from None
    try:
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=_object)
    except BadRecord:
        raise
    except json.JSONDecodeError as exc:
        raise BadRecord(f"the record is not valid JSON: {exc}") from None
    except RecursionError:
        raise BadRecord("the record nests lists and objects too deeply to be a record") from None
    except ValueError as exc:  # int("9" * 5000): Python's limit on the digits of an integer
        digits = sys.get_int_max_str_digits()
        raise BadRecord(f"the record holds a number of more than {digits} digits ({type(exc).__name__})") from None


def _no_constant(name: str) -> object:
    raise BadRecord(f"the record is not valid JSON: {name} is not a JSON number")


def _object(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:  # the last one would silently win
            raise BadRecord(f"the record has the field {quoted(key)} twice in one object")
        out[key] = value
    return out


def _fail(payload: dict) -> int:
    print(json.dumps(payload, ensure_ascii=False))
    return 2


def entry_point(argv: list[str] | None = None) -> int:
    """`main`, ending quietly when the reader stops reading (`| head -c 100`): no BrokenPipeError traceback."""
    try:
        code = main(argv)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)  # Python flushes stdout again at exit
        os.dup2(devnull, sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(entry_point())
