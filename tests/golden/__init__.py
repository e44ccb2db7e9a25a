"""Golden playthroughs: seeded games, one per game and variant, checked in and replayed step by step."""
