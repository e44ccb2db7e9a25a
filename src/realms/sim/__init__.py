"""Tournaments: many seeded games between named agents, with statistics, round robins, plots and reports."""

import realms.agents  # noqa: F401  (registers the search agents, so tournaments can name them)
from realms.sim.roundrobin import RoundRobin, round_robin
from realms.sim.tournament import EntrantStats, SimReport, play_game, run_tournament, wilson_interval

__all__ = ["EntrantStats", "RoundRobin", "SimReport", "play_game", "round_robin", "run_tournament",
           "wilson_interval"]
