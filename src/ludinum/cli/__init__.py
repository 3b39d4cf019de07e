"""The ``ludinum`` command."""
