"""The table screen of alibaba."""
