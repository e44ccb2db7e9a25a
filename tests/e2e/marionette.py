"""A minimal client of Firefox's Marionette protocol, enough to drive a page in a browser test.

Messages are ``LENGTH:JSON``; a command is ``[0, id, name, params]`` and its answer ``[1, id, error,
result]``. Firefox is started headless with a throwaway profile whose ``marionette.port`` is free.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
from typing import Any

#: WebDriver's codes of the keys the tests press
KEYS = {"TAB": "\ue004", "ENTER": "\ue007", "ESCAPE": "\ue00c", "SPACE": "\ue00d", "END": "\ue010", "HOME": "\ue011",
        "LEFT": "\ue012", "UP": "\ue013", "RIGHT": "\ue014", "DOWN": "\ue015"}


class MarionetteError(RuntimeError):
    pass


class Firefox:
    def __init__(self, binary: str, port: int) -> None:
        self.profile = tempfile.mkdtemp(prefix="realms-ff-")
        with open(os.path.join(self.profile, "user.js"), "w") as f:
            f.write(f'user_pref("marionette.port", {port});\n'
                    'user_pref("browser.shell.checkDefaultBrowser", false);\n'
                    'user_pref("datareporting.policy.dataSubmissionEnabled", false);\n'
                    'user_pref("app.update.disabledForTesting", true);\n'
                    'user_pref("network.captive-portal-service.enabled", false);\n')
        self.proc = subprocess.Popen(
            [binary, "--headless", "--marionette", "--no-remote", "--profile", self.profile],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 60
        while True:
            try:
                self.sock = socket.create_connection(("127.0.0.1", port), timeout=90)
                break
            except OSError:
                if time.time() > deadline or self.proc.poll() is not None:
                    self.close()
                    raise MarionetteError("Firefox did not open its Marionette port") from None
                time.sleep(0.2)
        self.buffer = b""
        self.next_id = 0
        self._read()  # the greeting
        self.command("WebDriver:NewSession", {"capabilities": {}})

    def _read(self) -> Any:
        while b":" not in self.buffer:
            self.buffer += self._recv()
        length, _, rest = self.buffer.partition(b":")
        size = int(length)
        while len(rest) < size:
            rest += self._recv()
        self.buffer = rest[size:]
        return json.loads(rest[:size])

    def _recv(self) -> bytes:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise MarionetteError("Firefox closed the connection")
        return chunk

    def command(self, name: str, params: dict[str, Any] | None = None) -> Any:
        self.next_id += 1
        body = json.dumps([0, self.next_id, name, params or {}]).encode()
        self.sock.sendall(str(len(body)).encode() + b":" + body)
        while True:
            kind, msg_id, error, result = self._read()
            if kind == 1 and msg_id == self.next_id:
                if error:
                    raise MarionetteError(f"{name}: {error.get('error')}: {error.get('message')}")
                return result

    def navigate(self, url: str) -> None:
        self.command("WebDriver:Navigate", {"url": url})

    def run(self, script: str, *args: Any) -> Any:
        """Run ``script`` (a function body) in the page and return its value."""
        return self.command("WebDriver:ExecuteScript", {"script": script, "args": list(args)}).get("value")

    def wait_for(self, script: str, timeout: float = 60.0) -> Any:
        """Poll ``script`` until it returns a true value. A poll that fails counts as "not yet": while a page
        goes to the next one (a form that signs in, then opens the lobby) there is a moment with no body, or
        no document to run in; the last such error is told if the time runs out."""
        deadline = time.time() + timeout
        failed: MarionetteError | None = None
        while time.time() < deadline:
            try:
                value = self.run(script)
            except MarionetteError as e:
                failed, value = e, None
            if value:
                return value
            time.sleep(0.1)
        raise MarionetteError(f"timed out waiting for: {script}" + (f" (last poll: {failed})" if failed else ""))

    def element(self, css: str) -> dict[str, str]:
        """A WebDriver reference to the first node matching ``css`` (for the real input actions below), scrolled
        into the middle of the window (an action's pointer must land inside it)."""
        self.run("document.querySelector(arguments[0]).scrollIntoView({block: 'center', inline: 'center'})", css)
        return self.command("WebDriver:FindElement", {"using": "css selector", "value": css})["value"]

    def _act(self, *sources: dict[str, Any]) -> None:
        self.command("WebDriver:PerformActions", {"actions": list(sources)})
        self.command("WebDriver:ReleaseActions")

    def hover(self, css: str) -> None:
        """Move the mouse (real pointer events) over the middle of the first node matching ``css``."""
        self._act({"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
                   "actions": [{"type": "pointerMove", "duration": 0, "origin": self.element(css), "x": 0, "y": 0}]})

    def tap(self, css: str) -> None:
        """A finger's tap (touch pointer events) on the middle of the first node matching ``css``."""
        self._act({"type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"},
                   "actions": [{"type": "pointerMove", "duration": 0, "origin": self.element(css), "x": 0, "y": 0},
                               {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]})

    def press(self, *keys: str) -> None:
        """Real key presses, one after another, to whatever has the focus (WebDriver key codes: TAB, ENTER)."""
        actions: list[dict[str, str]] = []
        for key in keys:
            value = KEYS.get(key, key)
            actions += [{"type": "keyDown", "value": value}, {"type": "keyUp", "value": value}]
        self._act({"type": "key", "id": "keyboard", "actions": actions})

    def close(self) -> None:
        try:
            if hasattr(self, "sock"):
                self.command("Marionette:Quit", {"flags": ["eForceQuit"]})
        except Exception:
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)
