"""Lobbies and settings: the lobbies before a game, invitations to private tables, server settings."""
