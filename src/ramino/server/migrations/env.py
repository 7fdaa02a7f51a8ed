"""What Alembic runs for each of its commands: the migrations, on the connection that
:func:`ramino.server.migrations.config` hands it, compared with the store's models.

Imported any other way (the doctest collector imports every module) it does nothing.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

# Absolute: Alembic loads this file on its own, outside its package.
from ramino.server.store import Base


def run_migrations(connection: Connection) -> None:
    # Batch mode: SQLite alters a table by copying it, and Alembic writes revisions that way.
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


# Alembic sets `context.config` only while it runs this file.
if hasattr(context, "config"):
    run_migrations(context.config.attributes["connection"])
