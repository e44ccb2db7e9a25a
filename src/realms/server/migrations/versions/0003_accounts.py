"""Accounts, sessions, ratings; table pace and clocks; seats linked to accounts; bot takeover deadlines.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-03
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_user_id", "sessions", ["user_id"])
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("player", sa.String(220), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("played", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("pace", sa.String(16), nullable=False, server_default="realtime"))
        batch.add_column(sa.Column("clock_mode", sa.String(8), nullable=True))
        batch.add_column(sa.Column("clock_seconds", sa.Integer(), nullable=True))
        # tables made before accounts existed are not rated
        batch.add_column(sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("to_move", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("turn_deadline", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("rated_at", sa.DateTime(timezone=True), nullable=True))
        batch.create_index("ix_games_finished_at", ["finished_at"])
    # finished games of before: their last change is when they ended
    op.execute("UPDATE games SET finished_at = updated_at WHERE status = 'finished'")
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("user_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("time_left", sa.Float(), nullable=True))
        batch.add_column(sa.Column("takeover_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("takeover_reason", sa.String(16), nullable=True))
        batch.add_column(sa.Column("rating_change", sa.JSON(), nullable=True))
        batch.create_foreign_key("fk_seats_user_id", "users", ["user_id"], ["id"], ondelete="SET NULL")
        batch.create_index("ix_seats_user_id", ["user_id"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_user_id")
        batch.drop_constraint("fk_seats_user_id", type_="foreignkey")
        for c in ("rating_change", "takeover_reason", "takeover_at", "time_left", "user_id"):
            batch.drop_column(c)
    with op.batch_alter_table("games") as batch:
        batch.drop_index("ix_games_finished_at")
        for c in ("rated_at", "finished_at", "turn_deadline", "to_move", "rated", "clock_seconds", "clock_mode",
                  "pace"):
            batch.drop_column(c)
    op.drop_table("server_keys")
    op.drop_table("ratings")
    op.drop_index("ix_sessions_user_id", "sessions")
    op.drop_table("sessions")
    op.drop_table("users")
