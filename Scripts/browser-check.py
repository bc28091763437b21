#!/usr/bin/env python3
"""Drives the page of `storyboard serve --http` in headless Chromium over the DevTools
protocol, as a person would: load the link, read the launcher, load it again and find the
launcher in the page itself (the first screen, handed over to the session at the first
change), open Daily Buzz with Enter,
resize the window, go back, quit with q, and read the page's notice. Fails (exit 1, with a
screenshot) if a step does not show what it should or the page breaks its Content-Security-
Policy. Also takes the screenshots for the docs (--shots DIR).

With --follow-save FILE (the server started as `storyboard serve FILE --http … --watch`), it
checks instead that the page follows a save: it waits for FILE's text BEFORE, saves FILE
with AFTER in its place (a new file renamed over the old one, as editors save), and waits
for AFTER and the status line's "reloaded" on the page.

    Scripts/browser-check.py URL [--failure-shot FILE] [--shots DIR]
    Scripts/browser-check.py URL --follow-save FILE BEFORE AFTER [--failure-shot FILE]

Needs chromium-headless-shell and python3-websocket (apt-get install chromium-headless-shell
python3-websocket). Connects to loopback only.
"""
import argparse
import base64
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket  # python3-websocket

# Debian's /usr/bin/chromium-headless-shell is a shell script that does not exec: start the
# browser itself, so that ending it ends the browser.
BROWSER = ("/usr/lib/chromium/chromium-headless-shell" if os.path.exists("/usr/lib/chromium/chromium-headless-shell")
           else shutil.which("chromium-headless-shell"))

SCREEN_JS = """(() => {
  const t = window.storyboardTerminal; if (!t) return '';
  const b = t._core.buffer; const lines = [];
  for (let y = 0; y < t.rows; y++) lines.push(b.translateBufferLineToString(b.ydisp + y, true, 0, t.cols));
  return lines.join('\\n');
})()"""

FIRST_SCREEN_JS = """(() => {
  const rows = document.querySelectorAll('#first-screen .r');
  return Array.from(rows).map(row => row.textContent).join('\\n');
})()"""

CSP_JS = """window.__csp = [];
document.addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"""


class Failure(Exception):
    pass


class Browser:
    def __init__(self, width, height):
        self.profile = tempfile.mkdtemp(prefix="storyboard-browser-")
        self.process = subprocess.Popen(
            [BROWSER, "--no-sandbox", "--disable-gpu", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
             "--user-data-dir=" + self.profile, "--window-size=%d,%d" % (width, height), "--hide-scrollbars",
             "--font-render-hinting=none", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.time() + 20
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if time.time() > deadline or self.process.poll() is not None:
                raise Failure("the browser did not start")
            time.sleep(0.05)
        port = int(open(port_file).read().split()[0])
        targets = json.load(urllib.request.urlopen("http://127.0.0.1:%d/json/list" % port))
        page = next(t for t in targets if t.get("type") == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], suppress_origin=True, timeout=20)
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise Failure("%s: %s" % (method, message["error"]))
                return message.get("result", {})

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    def key(self, key, code=None, text=None, key_code=0):
        params = {"key": key, "code": code or key, "windowsVirtualKeyCode": key_code, "nativeVirtualKeyCode": key_code}
        if text is not None:
            self.call("Input.dispatchKeyEvent", type="keyDown", text=text, unmodifiedText=text, **params)
        else:
            self.call("Input.dispatchKeyEvent", type="rawKeyDown", **params)
        self.call("Input.dispatchKeyEvent", type="keyUp", **params)

    def screen(self):
        return self.evaluate(SCREEN_JS) or ""

    def wait_for(self, what, predicate, timeout=15):
        deadline = time.time() + timeout
        screen = ""
        while time.time() < deadline:
            screen = self.screen()
            if predicate(screen):
                return screen
            time.sleep(0.05)
        raise Failure("timed out waiting for %s; the terminal shows:\n%s" % (what, screen))

    def shot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as handle:
            handle.write(base64.b64decode(data))

    def close(self):
        try:
            self.socket.close()
        except Exception:
            pass
        # The browser and every process it started (renderers, the network service).
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(5)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)


def is_launcher(screen):
    return "Storyboards" in screen and "Daily Buzz" in screen


def first_screen_handover(browser, url):
    """The page again, now that it has a size: it carries the launcher as the server drew it
    at that size, painted before any script; the session's own screen is the same, and the
    page keeps its first screen up until the screen changes (↓), when the terminal shows."""
    browser.call("Page.navigate", url=url)
    deadline = time.time() + 15
    while browser.evaluate("document.body ? document.body.dataset.firstScreen || '' : ''") != "matched":
        if time.time() > deadline:
            raise Failure("the page's first screen was not matched by the session's: %r, the page held:\n%s" % (
                browser.evaluate("document.body.dataset.firstScreen"), browser.evaluate(FIRST_SCREEN_JS)))
        time.sleep(0.02)
    page = [line.rstrip() for line in (browser.evaluate(FIRST_SCREEN_JS) or "").split("\n")]
    terminal = [line.rstrip() for line in browser.screen().split("\n")]
    if not is_launcher("\n".join(page)) or page != terminal:
        raise Failure("the first screen is not the session's:\n%s\n---\n%s" % ("\n".join(page), "\n".join(terminal)))
    print("first screen: %d rows, the session's own" % len(page))
    browser.key("ArrowDown", key_code=40)
    browser.wait_for("the terminal shown at the first change", lambda s: browser.evaluate(
        "document.body.dataset.firstScreen === 'changed' && !document.getElementById('first-screen')") and s != "\n".join(terminal))
    # Back to the first row; the status line's notice went with the first key.
    browser.key("ArrowUp", key_code=38)
    before = ["" if "nothing you save" in line else line for line in terminal]
    browser.wait_for("the launcher as it was", lambda s: [line.rstrip() for line in s.split("\n")] == before)


def drill(browser, url, shots):
    browser.call("Page.enable")
    browser.call("Runtime.enable")
    browser.call("Page.addScriptToEvaluateOnNewDocument", source=CSP_JS)
    started = time.time()
    browser.call("Page.navigate", url=url)
    browser.wait_for("the launcher", is_launcher)
    print("first frame: %.0f ms after navigating" % ((time.time() - started) * 1000))
    # No scrollbar strip: the viewport does not scroll, and the columns take the whole width.
    strip = browser.evaluate("""(() => {
      const t = window.storyboardTerminal, v = document.querySelector('.xterm-viewport');
      const cell = t._core.renderer.dimensions.actualCellWidth, room = document.getElementById('terminal').clientWidth - 4;
      return [getComputedStyle(v).overflowY, t._core.viewport.scrollBarWidth, t.cols === Math.floor(room / cell)];
    })()""")
    if strip != ["hidden", 0, True]:
        raise Failure("a scrollbar strip is kept (overflow, strip width, columns fill the width): %r" % strip)
    first_screen_handover(browser, url)
    if shots:
        time.sleep(0.3)
        browser.shot(os.path.join(shots, "web-launcher.png"))
    browser.key("Enter", text="\r", key_code=13)
    browser.wait_for("Daily Buzz's list", lambda s: "House Blend" in s and "Storyboards" not in s)
    if shots:
        time.sleep(0.3)
        browser.shot(os.path.join(shots, "web-dailybuzz.png"))
    # y copies the highlighted row: OSC 52, taken by the page for the browser's clipboard.
    browser.key("y", code="KeyY", text="y", key_code=89)
    browser.wait_for("the copied row on the page's clipboard",
                     lambda s: "House Blend" in (browser.evaluate("window.storyboardCopied || ''") or ""))
    print("copied: %r" % browser.evaluate("window.storyboardCopied"))
    columns = browser.evaluate("window.storyboardTerminal.cols")
    browser.call("Emulation.setDeviceMetricsOverride", width=640, height=420, deviceScaleFactor=1, mobile=False)
    browser.wait_for("the terminal to follow the window", lambda s: browser.evaluate("window.storyboardTerminal.cols") < columns)
    narrow = browser.evaluate("window.storyboardTerminal.cols")
    browser.wait_for("a frame drawn for %d columns" % narrow,
                     lambda s: any(line.count("─") == narrow for line in s.split("\n")) and "Daily Buzz" in s)
    print("resized: %d → %d columns" % (columns, narrow))
    browser.call("Emulation.clearDeviceMetricsOverride")
    browser.key("Escape", key_code=27, text="\u001b")
    browser.wait_for("the launcher again", is_launcher)
    browser.key("q", code="KeyQ", text="q", key_code=81)
    deadline = time.time() + 10
    while browser.evaluate("document.body.dataset.ended || ''") != "exited":
        if time.time() > deadline:
            raise Failure("no end notice after q; page says: %r" % browser.evaluate("document.getElementById('notice-text').textContent"))
        time.sleep(0.05)
    notice = browser.evaluate("document.getElementById('notice').hidden ? '' : document.getElementById('notice-text').textContent")
    if "ended" not in notice:
        raise Failure("the notice does not say the session ended: %r" % notice)
    print("notice: " + notice)
    violations = browser.evaluate("window.__csp")
    if violations:
        raise Failure("Content-Security-Policy violations: %s" % violations)
    print("no Content-Security-Policy violation")
    if shots:
        # A storyboard by name, as `ssh -t HOST colorboard`: the link's path.
        base, _, fragment = url.partition("#")
        browser.call("Page.navigate", url=base.rstrip("/") + "/colorboard" + ("#" + fragment if fragment else ""))
        browser.wait_for("Colorboard", lambda s: "Midnight" in s)
        time.sleep(0.3)
        browser.shot(os.path.join(shots, "web-colorboard.png"))


def follow_save(browser, url, path, before, after):
    browser.call("Page.enable")
    browser.call("Runtime.enable")
    browser.call("Page.navigate", url=url)
    browser.wait_for("the served storyboard's %r" % before, lambda s: before in s)
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    if before not in text:
        raise Failure("%s does not hold %r" % (path, before))
    temporary = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".saving")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(text.replace(before, after))
    saved = time.time()
    os.rename(temporary, path)
    screen = browser.wait_for("the page to follow the save", lambda s: after in s and "reloaded" in s)
    print("save to page: %.0f ms" % ((time.time() - saved) * 1000))
    status = [line.strip() for line in screen.split("\n") if "reloaded" in line]
    print("status line: " + (status[0] if status else ""))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("--failure-shot")
    parser.add_argument("--shots")
    parser.add_argument("--follow-save", nargs=3, metavar=("FILE", "BEFORE", "AFTER"))
    options = parser.parse_args()
    if not (options.url.startswith("http://127.0.0.1:") or options.url.startswith("http://localhost:")):
        sys.exit("loopback addresses only")
    browser = Browser(1000, 640)
    try:
        if options.follow_save:
            follow_save(browser, options.url, *options.follow_save)
        else:
            drill(browser, options.url, options.shots)
    except Exception as error:  # any failure keeps a picture of the page
        if options.failure_shot:
            try:
                browser.shot(options.failure_shot)
                print("screenshot: " + options.failure_shot)
            except Exception:
                pass
        print("FAILED: %s" % error)
        sys.exit(1)
    finally:
        browser.close()
    print("browser check passed")


if __name__ == "__main__":
    main()
