"""Standings and seasons: ratings, seasons and their schedules, players' profiles."""
