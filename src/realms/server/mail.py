"""E-mail from the server: one plain-text message at a time through the SMTP server the operator configured.

The configuration is part of the server's ``Settings`` (``realms.server.limits``), read like every other one
from ``REALMS_*`` variables: ``REALMS_SMTP_HOST`` (none: no e-mail at all), ``REALMS_SMTP_PORT`` (587),
``REALMS_SMTP_SECURITY`` ("starttls", "tls" for SMTPS, or "none"), ``REALMS_SMTP_USER`` and
``REALMS_SMTP_PASSWORD`` (both or neither: the login), ``REALMS_SMTP_FROM`` (the sender; default
``realms@`` the SMTP host) and ``REALMS_SMTP_TIMEOUT`` (10 s). ``send`` blocks while it talks to the SMTP
server: call it from a worker thread in async code (``asyncio.to_thread``).
"""

from __future__ import annotations

import smtplib
import ssl
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

from realms.server.limits import Settings


class MailError(Exception):
    """The message could not be handed to the SMTP server (the reason is in the text, never a password)."""


def configured(settings: Settings) -> bool:
    """Whether the server sends e-mail (an SMTP host is configured)."""
    return bool(settings.smtp_host)


def sender(settings: Settings) -> str:
    """The address messages come from."""
    return settings.smtp_from or f"realms@{settings.smtp_host}"


def send(settings: Settings, to: str, subject: str, text: str) -> None:
    """Send one plain-text message to ``to``; raises MailError when no SMTP server is configured, or the
    server refuses the message or cannot be reached. (``Settings`` refuses a malformed ``smtp_security``.)"""
    if not configured(settings):
        raise MailError("no SMTP server is configured (REALMS_SMTP_HOST)")
    message = EmailMessage()
    message["From"] = sender(settings)
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain=sender(settings).rpartition("@")[2] or None)
    message.set_content(text, cte="quoted-printable")  # 7-bit on the wire, whatever the server takes
    host, port, timeout = settings.smtp_host, settings.smtp_port, settings.smtp_timeout
    try:
        smtp: smtplib.SMTP
        if settings.smtp_security == "tls":
            smtp = smtplib.SMTP_SSL(host, port, timeout=timeout, context=ssl.create_default_context())
        else:
            smtp = smtplib.SMTP(host, port, timeout=timeout)
        with smtp:
            if settings.smtp_security == "starttls":
                smtp.starttls(context=ssl.create_default_context())
            if settings.smtp_user:
                smtp.login(settings.smtp_user, settings.smtp_password)
            smtp.send_message(message)
    except (OSError, smtplib.SMTPException) as e:
        raise MailError(f"the SMTP server {host}:{port} did not take the message: {e}") from None
