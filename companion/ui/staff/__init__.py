"""The staff pages behind the PIN."""
