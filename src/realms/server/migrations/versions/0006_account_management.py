"""Accounts a player manages: names' look-alike skeletons, an e-mail address for password resets, the browser
of each session, and the password resets sent by e-mail.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

from realms.server.names import skeleton

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("name_skeleton", sa.Text(), nullable=True))
        batch.add_column(sa.Column("email", sa.String(254), nullable=True))
        batch.create_index("ix_users_name_skeleton", ["name_skeleton"])
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("user_agent", sa.String(200), nullable=True))
    op.create_table(
        "password_resets",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_password_resets_user_id", "password_resets", ["user_id"])
    # the accounts made before: their names' skeletons (two older look-alikes keep their names)
    conn = op.get_bind()
    users = sa.table("users", sa.column("id", sa.Integer()), sa.column("name", sa.String()),
                     sa.column("name_skeleton", sa.Text()))
    for uid, name in conn.execute(sa.select(users.c.id, users.c.name)).all():
        conn.execute(users.update().where(users.c.id == uid).values(name_skeleton=skeleton(name)))


def downgrade() -> None:
    op.drop_index("ix_password_resets_user_id", "password_resets")
    op.drop_table("password_resets")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("user_agent")
    with op.batch_alter_table("users") as batch:
        batch.drop_index("ix_users_name_skeleton")
        batch.drop_column("email")
        batch.drop_column("name_skeleton")
