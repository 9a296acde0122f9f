"""`python -m bot`, the command the README gives, runs the application on top of the house (`app`).

It is run, not imported: `runpy` takes the module's name as a string, so no import arrow leads from `bot`
(the engine, the table service) up to the application that wires them together."""

import runpy

runpy.run_module("app", run_name="__main__", alter_sys=True)
