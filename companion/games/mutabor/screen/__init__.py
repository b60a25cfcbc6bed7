"""The table screen of mutabor."""
