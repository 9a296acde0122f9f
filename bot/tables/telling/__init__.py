"""Telling: what the table service tells (`notifications`) and the outbox that keeps it until told."""
