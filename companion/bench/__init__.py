"""``companion bench``: how fast the companion is, against its promises (see ``run``).

This package file imports nothing, so the bench's child processes (``child``, ``icount``)
pay only for what they measure.
"""
