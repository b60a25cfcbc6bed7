"""The screens around the tables: menu, setup, names, resume, pause, end, button test."""
