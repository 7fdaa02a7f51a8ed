"""Several matches at one table (a rematch): a match is its table's and its number, from 1.

Revision 0006.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    # The seats' foreign key goes first: the key of the matches it points at changes.
    with op.batch_alter_table("match_seats") as batch:
        batch.drop_constraint("fk_match_seats_table_id_matches", type_="foreignkey")
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("number", sa.Integer(), nullable=False, server_default="1"))
        batch.drop_constraint("pk_matches", type_="primary")
        batch.create_primary_key("pk_matches", ["table_id", "number"])
    with op.batch_alter_table("match_seats") as batch:
        batch.add_column(sa.Column("number", sa.Integer(), nullable=False, server_default="1"))
        batch.drop_constraint("pk_match_seats", type_="primary")
        batch.create_primary_key("pk_match_seats", ["table_id", "number", "seat"])
        batch.create_foreign_key(
            "fk_match_seats_table_id_number_matches",
            "matches",
            ["table_id", "number"],
            ["table_id", "number"],
            ondelete="CASCADE",
        )


def downgrade() -> None:
    op.execute("DELETE FROM match_seats WHERE number > 1")
    op.execute("DELETE FROM matches WHERE number > 1")
    with op.batch_alter_table("match_seats") as batch:
        batch.drop_constraint("fk_match_seats_table_id_number_matches", type_="foreignkey")
        batch.drop_constraint("pk_match_seats", type_="primary")
        batch.create_primary_key("pk_match_seats", ["table_id", "seat"])
        batch.drop_column("number")
    with op.batch_alter_table("matches") as batch:
        batch.drop_constraint("pk_matches", type_="primary")
        batch.create_primary_key("pk_matches", ["table_id"])
        batch.drop_column("number")
    with op.batch_alter_table("match_seats") as batch:
        batch.create_foreign_key(
            "fk_match_seats_table_id_matches",
            "matches",
            ["table_id"],
            ["table_id"],
            ondelete="CASCADE",
        )
