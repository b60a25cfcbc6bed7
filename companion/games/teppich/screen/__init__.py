"""The table screen of teppich."""
