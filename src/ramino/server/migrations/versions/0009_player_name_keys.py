"""A name held alone by the database too: each name's reading again, in a unique column, so
that two players who take one name at the same instant never both have it.

Revision 0009. A reading held by one player alone becomes his key; a name two players
already shared (kept by revision 0008) has none, and the server's check still keeps others
off it.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("name_key", sa.String(), nullable=True))
    players = sa.table("players", sa.column("name_reading", sa.String()), sa.column("name_key"))
    alone = (
        sa.select(players.c.name_reading)
        .group_by(players.c.name_reading)
        .having(sa.func.count() == 1)
    )
    op.execute(
        sa.update(players)
        .where(players.c.name_reading.in_(alone))
        .values(name_key=players.c.name_reading)
    )
    op.create_index(op.f("ix_players_name_key"), "players", ["name_key"], unique=True)


def downgrade() -> None:
    op.drop_index(op.f("ix_players_name_key"), table_name="players")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("name_key")
