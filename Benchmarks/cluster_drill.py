#!/usr/bin/env python3
"""Several servers behind HAProxy, on loopback: three `storyboard serve` nodes sharing one
host key (`--host-key`), HAProxy in TCP mode for SSH and HTTP mode (WebSocket upgrade) for the
web with health checks on /healthz; SESSIONS sessions opened through it (a fifth over SSH,
the rest from WebSocket clients); then one node is SIGKILLed. Reports: how the sessions
spread, what the killed node's clients saw, whether every other session goes on, where new
sessions go, and whether any process is left. docs/serving.md, "Beyond one machine".

    Benchmarks/cluster_drill.py --storyboard BIN [--sessions 300]

Needs haproxy (apt-get install haproxy), the OpenSSH client and python3-websocket.
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

import websocket

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from local_processes import free_port, wait_port, children, stop_all  # noqa: E402

HAPROXY_CONFIG = """global
    maxconn 4000
    log stdout format raw local0 notice

defaults
    log global
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    # A session is one long connection: the WebSocket or the SSH stream.
    timeout tunnel 2h
    timeout client-fin 5s

frontend ssh
    mode tcp
    bind 127.0.0.1:{ssh}
    default_backend ssh_nodes

backend ssh_nodes
    mode tcp
    balance leastconn
{ssh_servers}

frontend web
    mode http
    bind 127.0.0.1:{web}
    option forwardfor
    default_backend web_nodes

backend web_nodes
    mode http
    balance leastconn
    option httpchk GET /healthz
    http-check expect status 200
{web_servers}
"""

MARKER = b"Storyboards"





class WebSession:
    def __init__(self, port, token=""):
        self.ws = websocket.create_connection("ws://127.0.0.1:%d/ws" % port, origin="http://127.0.0.1:%d" % port, timeout=30)
        self.ws.send_binary(json.dumps({"columns": 80, "rows": 24, "path": "", "token": token}).encode())
        text = b""
        while MARKER not in text:
            data = self.ws.recv()
            if isinstance(data, bytes) and data[:1] == b"0":
                text += data[1:]
        self.end = None
        self.closed = False

    def check(self, seconds):
        """Reads what comes within `seconds`: an end notice, a close, or nothing."""
        self.ws.settimeout(seconds)
        try:
            while True:
                data = self.ws.recv()
                if isinstance(data, bytes) and data[:1] == b"9":
                    self.end = json.loads(data[1:])
                if not data:
                    self.closed = True
                    return
        except websocket.WebSocketTimeoutException:
            return
        except Exception:
            self.closed = True

    def alive(self):
        """Sends a keepalive and waits for the answer."""
        try:
            self.ws.settimeout(5)
            self.ws.send_binary(b"4")
            while True:
                data = self.ws.recv()
                if data == b"4":
                    return True
                if not data:
                    return False
        except Exception:
            return False


class SSHSession:
    def __init__(self, port, known_hosts):
        self.process = subprocess.Popen(
            ["ssh", "-tt", "-p", str(port), "-o", "StrictHostKeyChecking=yes", "-o", "UserKnownHostsFile=" + known_hosts,
             "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=3",
             "demo@127.0.0.1"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
        self.output = b""
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()
        deadline = time.time() + 30
        while MARKER not in self.output:
            if time.time() > deadline or self.process.poll() is not None:
                raise RuntimeError("ssh session did not start: %r" % self.output[-300:])
            time.sleep(0.02)

    def _read(self):
        while True:
            data = os.read(self.process.stdout.fileno(), 65536)
            if not data:
                return
            with self.lock:
                self.output += data

    def ended(self):
        return self.process.poll() is not None


def start_front(nodes, work):
    """HAProxy in front of the nodes' SSH and web ports, as docs/serving.md sets it up: its two
    ports, its process and its configuration, once its first health checks have run."""
    front_ssh, front_web = free_port(), free_port()
    config = HAPROXY_CONFIG.format(
        ssh=front_ssh, web=front_web,
        ssh_servers="\n".join("    server node%d 127.0.0.1:%d check inter 1s fall 2 rise 2" % (i, n["ssh"]) for i, n in enumerate(nodes)),
        web_servers="\n".join("    server node%d 127.0.0.1:%d check inter 1s fall 2 rise 2" % (i, n["web"]) for i, n in enumerate(nodes)))
    config_path = os.path.join(work, "haproxy.cfg")
    with open(config_path, "w") as file:
        file.write(config)
    haproxy = subprocess.Popen(["haproxy", "-f", config_path], stdout=open(os.path.join(work, "haproxy.log"), "w"),
                               stderr=subprocess.STDOUT)
    wait_port(front_ssh)
    wait_port(front_web)
    time.sleep(2.5)  # the first health checks
    return front_ssh, front_web, haproxy, config


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--storyboard", required=True)
    parser.add_argument("--sessions", type=int, default=300)
    options = parser.parse_args()
    work = tempfile.mkdtemp(prefix="storyboard-cluster-")
    processes = []
    try:
        key = os.path.join(work, "host_key")
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "cluster", "-f", key], check=True)
        public = open(key + ".pub").read().split()
        nodes = []
        for index in range(3):
            ssh_port, web_port = free_port(), free_port()
            process = subprocess.Popen(
                [options.storyboard, "serve", "--open", "--listen", "127.0.0.1:%d" % ssh_port, "--http", "127.0.0.1:%d" % web_port,
                 "--host-key", key, "--trust-proxy", "--data-dir", os.path.join(work, "node%d" % index),
                 "--max-sessions", "1000", "--max-unauthenticated", "1000", "--idle-timeout", "0",
                 "--web-sessions-per-address", "0", "--web-session-rate", "0"],
                stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "node%d.log" % index), "w"))
            processes.append(process)
            nodes.append({"ssh": ssh_port, "web": web_port, "process": process})
        for node in nodes:
            wait_port(node["ssh"])
            wait_port(node["web"])
        front_ssh, front_web, haproxy, config = start_front(nodes, work)
        processes.append(haproxy)
        known_hosts = os.path.join(work, "known_hosts")
        open(known_hosts, "w").write("[127.0.0.1]:%d %s %s\n" % (front_ssh, public[0], public[1]))

        ssh_count = options.sessions // 5
        web_count = options.sessions - ssh_count
        started = time.time()
        web_sessions, ssh_sessions, lock = [], [], threading.Lock()

        def open_web():
            session = WebSession(front_web)
            with lock:
                web_sessions.append(session)

        def open_ssh():
            session = SSHSession(front_ssh, known_hosts)
            with lock:
                ssh_sessions.append(session)

        jobs = [open_ssh] * ssh_count + [open_web] * web_count
        for start in range(0, len(jobs), 20):
            threads = [threading.Thread(target=job) for job in jobs[start:start + 20]]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        opened = time.time() - started
        spread = [len(children(node["process"].pid)) for node in nodes]
        print("== opened %d web and %d ssh sessions in %.1f s; per node: %s" % (len(web_sessions), len(ssh_sessions), opened, spread), file=sys.stderr)

        victim = nodes[0]
        victim_children = children(victim["process"].pid)
        killed_at = time.time()
        os.kill(victim["process"].pid, signal.SIGKILL)
        victim["process"].wait()
        # The node's sessions lose their server: their programs get the pty's hang-up.
        deadline = time.time() + 15
        while any(os.path.exists("/proc/%d" % pid) for pid in victim_children) and time.time() < deadline:
            time.sleep(0.05)
        orphans_gone = time.time() - killed_at
        orphans_left = sum(os.path.exists("/proc/%d" % pid) for pid in victim_children)

        # What each client saw within the next 10 s.
        for session in web_sessions:
            session.check(0.01)
        time.sleep(3)
        web_ended = [s for s in web_sessions if s.closed or s.end]
        for session in web_ended:
            session.check(0.01)
        ssh_ended = [s for s in ssh_sessions if s.ended()]
        web_alive = sum(1 for s in web_sessions if s not in web_ended and s.alive())
        ssh_alive = sum(1 for s in ssh_sessions if not s.ended())
        messages = sorted({s.output[s.output.rfind(b"Connection to"):].decode("utf-8", "replace").strip()
                           for s in ssh_ended if b"Connection to" in s.output})

        # New sessions go to the other two.
        time.sleep(2.5)
        before = [len(children(n["process"].pid)) for n in nodes[1:]]
        fresh = [WebSession(front_web) for _ in range(20)]
        after = [len(children(n["process"].pid)) for n in nodes[1:]]
        fresh_ok = len(fresh)

        print("| | figure |")
        print("|---|---:|")
        print("| sessions opened through HAProxy (web + SSH) | %d + %d in %.1f s |" % (len(web_sessions), len(ssh_sessions), opened))
        print("| per node | %s |" % " / ".join(str(n) for n in spread))
        print("| the killed node's sessions | %d |" % len(victim_children))
        print("| … their programs gone after the SIGKILL | %.2f s (%d left) |" % (orphans_gone, orphans_left))
        print("| web sessions ended (connection closed by HAProxy) | %d |" % len(web_ended))
        print("| ssh sessions ended | %d (ssh says: %s) |" % (len(ssh_ended), "; ".join(repr(m) for m in messages[:2]) or "nothing"))
        print("| other sessions still answering | %d web, %d ssh, of %d |" % (web_alive, ssh_alive, len(web_sessions) + len(ssh_sessions) - len(victim_children)))
        print("| 20 new web sessions | %d started, on the two others: %s → %s |" % (fresh_ok, before, after))

        for session in web_sessions + fresh:
            try:
                session.ws.close()
            except Exception:
                pass
        for session in ssh_sessions:
            if not session.ended():
                os.killpg(session.process.pid, signal.SIGTERM)
        deadline = time.time() + 15
        while any(children(n["process"].pid) for n in nodes[1:]) and time.time() < deadline:
            time.sleep(0.1)
        left = sum(len(children(n["process"].pid)) for n in nodes[1:])
        print("| processes left once every client went | %d |" % left)
        print()
        print("HAProxy configuration used:\n\n```\n" + config + "```")
    finally:
        stop_all(processes)
        if os.environ.get("KEEP"):
            print("work directory: " + work, file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
