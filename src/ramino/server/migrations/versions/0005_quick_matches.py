"""Quick matches: the players waiting (one row a player, claimed by the transaction that
creates his table) and the tables quick matches made (docs/quick.md).

Revision 0005.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "quick_tables",
        sa.Column("table_id", sa.String(), nullable=False),
        sa.Column("rules_key", sa.String(), nullable=False),
        sa.Column("preset", sa.String(), nullable=True),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
            name=op.f("fk_quick_tables_table_id_tables"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", name=op.f("pk_quick_tables")),
    )
    op.create_index(op.f("ix_quick_tables_created_at"), "quick_tables", ["created_at"])
    op.create_table(
        "quick_waits",
        sa.Column("player_id", sa.String(), nullable=False),
        sa.Column("rules_key", sa.String(), nullable=False),
        sa.Column("preset", sa.String(), nullable=True),
        sa.Column("rules", sa.Text(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("token_hash", sa.String(), nullable=False),
        sa.Column("nonce", sa.String(), nullable=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("table_id", sa.String(), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_quick_waits_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
            name=op.f("fk_quick_waits_table_id_tables"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("player_id", name=op.f("pk_quick_waits")),
    )
    op.create_index(
        op.f("ix_quick_waits_rules_key_players_joined_at"),
        "quick_waits",
        ["rules_key", "players", "joined_at"],
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_quick_waits_rules_key_players_joined_at"), table_name="quick_waits")
    op.drop_table("quick_waits")
    op.drop_index(op.f("ix_quick_tables_created_at"), table_name="quick_tables")
    op.drop_table("quick_tables")
