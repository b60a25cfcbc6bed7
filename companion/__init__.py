"""The tabletop companion: electronic die, bank and referee beside a boxed board game."""

__version__ = "0.1.0"
