"""The chat of each table, kept apart from its log of moves, and the lines players reported.

Revision 0003.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("table_id", sa.String(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("text", sa.Text(), nullable=True),
        sa.Column("phrase", sa.String(), nullable=True),
        sa.Column("said_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name=op.f("fk_chat_table_id_tables"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("table_id", "number", name=op.f("pk_chat")),
    )
    # No foreign key: a report outlives its table (tables expire; the operator reads on).
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.String(), nullable=False),
        sa.Column("line", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("text", sa.Text(), nullable=True),
        sa.Column("phrase", sa.String(), nullable=True),
        sa.Column("said_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("reporter_seat", sa.Integer(), nullable=False),
        sa.Column("reporter", sa.String(), nullable=False),
        sa.Column("reported_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_reports")),
    )
    op.create_index(op.f("ix_reports_reported_at"), "reports", ["reported_at"])


def downgrade() -> None:
    op.drop_index(op.f("ix_reports_reported_at"), table_name="reports")
    op.drop_table("reports")
    op.drop_table("chat")
