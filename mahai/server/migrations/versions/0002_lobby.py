"""The lobby's columns: the creator's token hash, public listing, the time of
the last move, the rematch; each seat's name and its invitation until taken.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("mahai_tables", sa.Column("creator_hash", sa.String(64), nullable=True))
    op.add_column("mahai_tables", sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("mahai_tables", sa.Column("updated", sa.Float, nullable=True))
    op.add_column("mahai_tables", sa.Column("rematch", sa.String(40), nullable=True))
    op.add_column("mahai_seats", sa.Column("name", sa.String(40), nullable=True))
    op.add_column("mahai_seats", sa.Column("invite", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("mahai_seats") as batch:
        batch.drop_column("invite")
        batch.drop_column("name")
    with op.batch_alter_table("mahai_tables") as batch:
        batch.drop_column("rematch")
        batch.drop_column("updated")
        batch.drop_column("listed")
        batch.drop_column("creator_hash")
