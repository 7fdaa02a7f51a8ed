"""A player's name held by him alone: how each name reads, kept to find who holds one.

Revision 0008. The names given before are read here; two players who already share one
keep it (the index is not unique), and only a new name is checked.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from ramino.server.names import reading

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("name_reading", sa.String(), nullable=True))
    op.create_index(op.f("ix_players_name_reading"), "players", ["name_reading"])
    players = sa.table(
        "players",
        sa.column("id", sa.String()),
        sa.column("name", sa.String()),
        sa.column("name_reading", sa.String()),
    )
    connection = op.get_bind()
    for row in connection.execute(sa.select(players.c.id, players.c.name)).all():
        connection.execute(
            sa.update(players).where(players.c.id == row.id).values(name_reading=reading(row.name))
        )


def downgrade() -> None:
    op.drop_index(op.f("ix_players_name_reading"), table_name="players")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("name_reading")
