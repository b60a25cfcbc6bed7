"""The screens: menu, setup, resume, one table per game, end, selftest."""
