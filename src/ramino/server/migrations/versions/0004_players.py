"""Players: a guest's identity (public id, hashed key, name), his ratings by preset, the
matches over with each seat's place, and the player who took each seat.

Revision 0004.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("key_hash", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
        sa.UniqueConstraint("key_hash", name=op.f("uq_players_key_hash")),
    )
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(), nullable=False),
        sa.Column("rules", sa.String(), nullable=False),
        sa.Column("rating", sa.Double(), nullable=False),
        sa.Column("deviation", sa.Double(), nullable=False),
        sa.Column("volatility", sa.Double(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_ratings_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("player_id", "rules", name=op.f("pk_ratings")),
    )
    op.create_index(op.f("ix_ratings_rules_rating"), "ratings", ["rules", "rating"])
    op.create_table(
        "matches",
        sa.Column("table_id", sa.String(), nullable=False),
        sa.Column("rules", sa.String(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name=op.f("fk_matches_table_id_tables"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("table_id", name=op.f("pk_matches")),
    )
    op.create_table(
        "match_seats",
        sa.Column("table_id", sa.String(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("player_id", sa.String(), nullable=True),
        sa.Column("placement", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("rating_before", sa.Double(), nullable=True),
        sa.Column("rating", sa.Double(), nullable=True),
        sa.Column("deviation", sa.Double(), nullable=True),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_match_seats_player_id_players"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["matches.table_id"],
            name=op.f("fk_match_seats_table_id_matches"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_match_seats")),
    )
    op.create_index(op.f("ix_match_seats_player_id"), "match_seats", ["player_id"])
    op.add_column("seats", sa.Column("player_id", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("player_id")
    op.drop_index(op.f("ix_match_seats_player_id"), table_name="match_seats")
    op.drop_table("match_seats")
    op.drop_table("matches")
    op.drop_index(op.f("ix_ratings_rules_rating"), table_name="ratings")
    op.drop_table("ratings")
    op.drop_table("players")
