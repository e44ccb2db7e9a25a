"""Why a finished game was not rated (too short, a bot below the rated levels, the same two accounts or one
address too often), and a keyed hash of the address each signed-in player took a seat from.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("unrated", sa.JSON(), nullable=True))
    op.add_column("seats", sa.Column("client_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("client_hash")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("unrated")
