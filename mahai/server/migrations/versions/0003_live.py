"""Only live tables in memory: whether a game is over (the start-up loads only
the others) and one engine-state snapshot per table (rebuilt without replaying
the whole record).

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("mahai_tables", sa.Column("over", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_index("ix_mahai_tables_over", "mahai_tables", ["over"])
    op.create_table(
        "mahai_snapshots",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("mahai_tables.id"), primary_key=True),
        sa.Column("idx", sa.Integer, nullable=False),
        sa.Column("code", sa.String(64), nullable=False),
        sa.Column("data", sa.LargeBinary, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("mahai_snapshots")
    op.drop_index("ix_mahai_tables_over", "mahai_tables")
    with op.batch_alter_table("mahai_tables") as batch:
        batch.drop_column("over")
