"""`python -m app`, the same command line as `python -m bot` (which runs this module)."""

import sys

from app.cli import entry_point

sys.exit(entry_point())
