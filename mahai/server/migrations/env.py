"""Alembic environment: runs on the connection handed over by ``store.migrate``."""

from alembic import context

from mahai.server.store import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
