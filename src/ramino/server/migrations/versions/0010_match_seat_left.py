"""Who left a rated match for good: each seat of a match over says whether the computer still
played for him when it ended, which put him last (docs/ratings.md).

Revision 0010. The matches stored before it say no one left: they are kept as they were.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("match_seats") as batch:
        batch.add_column(sa.Column("left", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("match_seats") as batch:
        batch.drop_column("left")
