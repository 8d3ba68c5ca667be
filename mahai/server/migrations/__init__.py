"""Alembic migrations of the web store (applied by :func:`mahai.server.store.migrate`)."""
