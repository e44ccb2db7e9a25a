"""The server's e-mail (``realms.server.mail``): a message through a local SMTP server, a clear MailError when
none is configured or the server cannot be reached, and its settings from the environment (a malformed one
stops ``realms serve`` with one line)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from realms.server import mail
from realms.server.limits import Settings
from tests.server.smtp import free_port, running_smtp


def settings(**values):
    return replace(Settings(), **values)


def test_a_message_goes_through_the_configured_smtp_server():
    with running_smtp() as (host, port, messages):
        config = settings(smtp_host=host, smtp_port=port, smtp_security="none")
        assert mail.configured(config) and mail.sender(config) == f"realms@{host}"
        mail.send(config, "player@example.org", "Realms: новый пароль", "Здравствуйте!\nСсылка: https://x/y")
    (message,) = messages
    assert message["rcpt_tos"] == ["player@example.org"] and message["from"] == f"realms@{host}"
    assert message["subject"] == "Realms: новый пароль"
    assert message["body"] == "Здравствуйте!\nСсылка: https://x/y\n"


def test_the_sender_is_the_configured_one():
    with running_smtp() as (host, port, messages):
        mail.send(settings(smtp_host=host, smtp_port=port, smtp_security="none", smtp_from="games@example.org"),
                  "a@example.org", "hi", "text")
    assert messages[0]["mail_from"] == "games@example.org"


@pytest.mark.parametrize("config, why", [
    ({}, "no SMTP server is configured"),
    ({"smtp_host": "127.0.0.1", "smtp_port": -1, "smtp_security": "none"}, "did not take the message"),
])
def test_a_message_that_cannot_be_sent_raises_a_mail_error(config, why):
    if config.get("smtp_port") == -1:
        config = {**config, "smtp_port": free_port()}  # nothing listens there
    with pytest.raises(mail.MailError, match=why):
        mail.send(settings(**config), "a@example.org", "subject", "text")


def test_the_smtp_settings_come_from_the_environment_and_the_password_is_not_shown():
    config = Settings.from_env({"REALMS_SMTP_HOST": "mail.example.org", "REALMS_SMTP_PORT": "465",
                                "REALMS_SMTP_SECURITY": "tls", "REALMS_SMTP_USER": "realms",
                                "REALMS_SMTP_PASSWORD": "hunter2-secret", "REALMS_PUBLIC_URL": "https://r.example"})
    assert (config.smtp_host, config.smtp_port, config.smtp_security, config.smtp_user, config.smtp_password,
            config.public_url) == ("mail.example.org", 465, "tls", "realms", "hunter2-secret", "https://r.example")
    assert "hunter2-secret" not in repr(config)


@pytest.mark.parametrize("variable, value, why", [
    ("REALMS_SMTP_SECURITY", "ssl3", "REALMS_SMTP_SECURITY must be starttls, tls or none, got 'ssl3'"),
    ("REALMS_PUBLIC_URL", "realms.example", "REALMS_PUBLIC_URL must start with https://"),
])
def test_a_malformed_mail_setting_stops_the_server_before_it_serves(variable, value, why):
    from typer.testing import CliRunner

    from realms.cli import app

    with pytest.raises(ValueError, match=why):
        Settings.from_env({variable: value})
    r = CliRunner().invoke(app, ["serve", "--port", "0"], env={variable: value, "COLUMNS": "200"})
    assert r.exit_code == 2 and why in r.output and "Traceback" not in r.output, r.output
