"""Tables, seats and actions.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mahai_tables",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("edition", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("turn_seconds", sa.Integer, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "mahai_seats",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("mahai_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("bot", sa.String(40), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )
    op.create_table(
        "mahai_actions",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("mahai_tables.id"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("notation", sa.String(200), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("mahai_actions")
    op.drop_table("mahai_seats")
    op.drop_table("mahai_tables")
