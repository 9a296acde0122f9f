"""`python -m bot.engine replay RECORD.json`: rebuild a game from its record and print the result.

Exit 0 with the result as JSON on stdout; exit 2 with `{"error": ..., "step": i}` when action i is
refused, or `{"error": ...}` when the record is malformed. Nothing else goes to stdout.
"""

from __future__ import annotations

import argparse
import json
import sys

from .errors import EngineError
from .records import ReplayError, replay


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.engine", description="The fives rules engine.")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game record and print its result as JSON")
    rp.add_argument("record", help="path of the record (JSON), or - for standard input")
    args = parser.parse_args(argv)

    try:
        if args.record == "-":
            record = json.load(sys.stdin)
        else:
            with open(args.record, encoding="utf-8") as fh:
                record = json.load(fh)
    except OSError as exc:
        return _fail({"error": f"cannot read {args.record}: {exc.strerror}"})
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        return _fail({"error": f"the record is not valid JSON: {exc}"})
    try:
        result = replay(record)
    except ReplayError as exc:
        return _fail({"error": str(exc), "step": exc.step})
    except EngineError as exc:
        return _fail({"error": str(exc)})
    print(json.dumps(result, ensure_ascii=False))
    return 0


def _fail(payload: dict) -> int:
    print(json.dumps(payload, ensure_ascii=False))
    return 2


if __name__ == "__main__":
    sys.exit(main())
