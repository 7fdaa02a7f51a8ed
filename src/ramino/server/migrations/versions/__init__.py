"""The revisions of the store's schema (Alembic reads every file here but this one)."""
