"""The tables, their seats and their logs of actions.

Revision 0001, the first.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("spec", sa.Text(), nullable=False),
        sa.Column("listed", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tables")),
    )
    op.create_index(op.f("ix_tables_listed_created_at"), "tables", ["listed", "created_at"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("nickname", sa.String(), nullable=True),
        sa.Column("level", sa.String(), nullable=True),
        sa.Column("token_hash", sa.String(), nullable=True),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("kind IN ('human', 'computer')", name=op.f("ck_seats_kind")),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name=op.f("fk_seats_table_id_tables"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_seats")),
    )
    op.create_table(
        "actions",
        sa.Column("table_id", sa.String(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("msg_id", sa.String(), nullable=True),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("number >= 1", name=op.f("ck_actions_number")),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name=op.f("fk_actions_table_id_tables"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("table_id", "number", name=op.f("pk_actions")),
        sa.UniqueConstraint(
            "table_id", "seat", "msg_id", name=op.f("uq_actions_table_id_seat_msg_id")
        ),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_index(op.f("ix_tables_listed_created_at"), table_name="tables")
    op.drop_table("tables")
