"""Leases: which server process owns a table, when several share the database.

Revision 0002.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(), nullable=False),
        sa.Column("owner", sa.String(), nullable=False),
        sa.Column("address", sa.String(), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name=op.f("fk_leases_table_id_tables"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("table_id", name=op.f("pk_leases")),
    )
    op.create_index(op.f("ix_leases_owner"), "leases", ["owner"])
    op.create_index(op.f("ix_leases_expires_at"), "leases", ["expires_at"])


def downgrade() -> None:
    op.drop_index(op.f("ix_leases_expires_at"), table_name="leases")
    op.drop_index(op.f("ix_leases_owner"), table_name="leases")
    op.drop_table("leases")
