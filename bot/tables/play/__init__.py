"""Playing a table: a game in memory, the one path of every action, timers, undos, hints, computers,
retelling from the log what a crash left untold, and the finished game's replay and analysis."""
