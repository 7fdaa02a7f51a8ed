"""A lease per process: a table's lease holds while its owner's row is alive, so that a
process renews one row a second rather than one a table.

Revision 0007.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "owners",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("address", sa.String(), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_owners")),
    )
    op.create_index(op.f("ix_owners_expires_at"), "owners", ["expires_at"])
    # The leases of before name no living owner: any process takes their tables over.
    op.drop_index(op.f("ix_leases_expires_at"), table_name="leases")
    with op.batch_alter_table("leases") as batch:
        batch.drop_column("expires_at")


def downgrade() -> None:
    with op.batch_alter_table("leases") as batch:
        batch.add_column(
            sa.Column(
                "expires_at",
                sa.DateTime(timezone=True),
                nullable=False,
                server_default=sa.func.now(),
            )
        )
    op.create_index(op.f("ix_leases_expires_at"), "leases", ["expires_at"])
    op.drop_index(op.f("ix_owners_expires_at"), table_name="owners")
    op.drop_table("owners")
