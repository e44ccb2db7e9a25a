"""A local SMTP server for the tests of the server's e-mail (aiosmtpd, in the dev extra): ``running_smtp()``
yields (host, port, messages), each message a dict of its envelope and parsed headers and text."""

from __future__ import annotations

import email
import email.policy
import socket
from collections.abc import Iterator
from contextlib import contextmanager


class Keep:
    """aiosmtpd's handler: keeps every message it is handed."""

    def __init__(self) -> None:
        self.messages: list[dict[str, object]] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        parsed = email.message_from_bytes(envelope.content, policy=email.policy.default)
        self.messages.append({"mail_from": envelope.mail_from, "rcpt_tos": list(envelope.rcpt_tos),
                              "from": str(parsed["From"]), "to": str(parsed["To"]),
                              "subject": str(parsed["Subject"]), "body": parsed.get_content().replace("\r\n", "\n")})
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def running_smtp() -> Iterator[tuple[str, int, list[dict[str, object]]]]:
    from aiosmtpd.controller import Controller

    keep = Keep()
    controller = Controller(keep, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield "127.0.0.1", controller.port, keep.messages
    finally:
        controller.stop()
