"""The schema of the store, migrated with Alembic from code: :func:`upgrade` brings a database to
the newest revision. The revisions are in ``versions/``, numbered 0001, 0002…

To write the next one, change the models in :mod:`ramino.server.store`, then let Alembic compare
them with a database at the newest revision (a scratch SQLite file will do)::

    engine = sqlalchemy.create_engine("sqlite:////tmp/scratch.db")
    upgrade(engine)
    with engine.begin() as connection:
        alembic.command.revision(
            config(connection), "what changed", autogenerate=True, rev_id="0002"
        )

then read what it wrote (Alembic does not see CHECK constraints, for one) and let ``ruff check
--fix`` and ``ruff format`` tidy it.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, text

__all__ = ["config", "upgrade"]

# Any fixed number will do ("ramino" in ASCII): the key of the PostgreSQL lock that lets one
# server process migrate while the others starting with it wait.
_LOCK_KEY = 0x72616D696E6F


def config(connection: Connection) -> Config:
    """Alembic's configuration for these migrations, run on ``connection``."""
    alembic_config = Config()
    # The configuration reads "%" as the start of an interpolation.
    location = str(Path(__file__).parent).replace("%", "%%")
    alembic_config.set_main_option("script_location", location)
    alembic_config.attributes["connection"] = connection
    return alembic_config


def upgrade(engine: Engine) -> None:
    """Bring the database of ``engine`` to the newest revision, in one transaction where the
    database allows it (PostgreSQL does; SQLite commits each change of schema)."""
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK_KEY})
        command.upgrade(config(connection), "head")
