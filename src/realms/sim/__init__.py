"""Tournaments: many seeded games between named agents, with statistics."""

from realms.sim.tournament import EntrantStats, SimReport, play_game, run_tournament, wilson_interval

__all__ = ["EntrantStats", "SimReport", "play_game", "run_tournament", "wilson_interval"]
