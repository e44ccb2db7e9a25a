"""Seat secrets kept as hashes; how each seat is taken (creator, invitation, open, bot); the owner secret.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

import hashlib

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("owner_hash", sa.String(64), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("access", sa.String(16), nullable=True))
        batch.add_column(sa.Column("token_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))
    conn = op.get_bind()
    # older tables: every human seat was anyone's to claim by its token; keep the tokens working (as hashes)
    # and list the unclaimed human seats as open ones
    for gid, seat, kind, token, claimed in conn.execute(
            sa.text("SELECT game_id, seat, kind, token, claimed FROM seats")).fetchall():
        access = "bot" if kind == "bot" else ("creator" if claimed else "open")
        conn.execute(sa.text("UPDATE seats SET access = :a, token_hash = :h WHERE game_id = :g AND seat = :s"),
                     {"a": access, "h": hashlib.sha256(token.encode()).hexdigest() if kind == "human" and claimed
                      else None, "g": gid, "s": seat})
    with op.batch_alter_table("seats") as batch:
        batch.alter_column("access", existing_type=sa.String(16), nullable=False)
        batch.drop_index("ix_seats_token")
        batch.drop_column("token")
        batch.create_unique_constraint("uq_seats_token_hash", ["token_hash"])
        batch.create_unique_constraint("uq_seats_invite_hash", ["invite_hash"])


def downgrade() -> None:
    raise NotImplementedError("seat secrets are stored as hashes: the plain tokens cannot be restored")
