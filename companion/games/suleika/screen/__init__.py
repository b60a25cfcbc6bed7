"""The table screen of suleika."""
