#!/usr/bin/env python3
"""The cluster drill on one PostgreSQL: three `storyboard serve --store` nodes behind HAProxy
(cluster_drill.py's configuration: one host key, `leastconn`, TCP for SSH, HTTP for the web),
every keyed user's data in one throwaway PostgreSQL cluster (throwaway_postgres.py, default
max_connections of 100). SESSIONS sessions through HAProxy (a fifth over SSH with 20 keys, the
rest from WebSocket clients); then:

  1. a keyed user's brew added through node 0 is read through node 1;
  2. WRITERS keyed sessions on node 0 add brews in a loop, and node 0 is SIGKILLed among
     them: every brew a writer saw saved must be in the database, and each user's cup count
     (kept by a trigger in the same transaction) must equal their rows: whole or absent;
  3. PostgreSQL is restarted under the remaining sessions: they must go on answering, and a
     brew saved through node 1 right after must land.

docs/serving.md, "One user, many servers".

    Benchmarks/store_drill.py --storyboard BIN [--sessions 300] [--writers 9]

Needs haproxy, the OpenSSH client, python3-websocket and PostgreSQL.
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cluster_drill import WebSession, start_front  # noqa: E402
from local_processes import children, free_port, stop_all, wait_port  # noqa: E402
from store_bench import DOWN, Session  # noqa: E402
from throwaway_postgres import Cluster  # noqa: E402

TOKEN = "c3Rvcnlib2FyZC1kcmlsbC10b2tlbi1zaGFyZWQtYnktbm9kZXM"


def add_brew(session, temperature, timeout=30):
    """Adds a cup of Kenya AA at `temperature` on a session showing the list; returns True
    once the new row is on the screen, False if it never came."""
    at = session.mark()
    session.send(b"+")
    session.wait_for(rb"Add Session", since=at, timeout=timeout)
    session.send(str(temperature).encode() + DOWN + b"\r")
    at = session.mark()
    session.wait_for(rb"Coffees", since=at - 200 if at > 200 else 0, timeout=timeout)
    at = session.mark()
    session.send(DOWN * 4 + b"\r")
    session.wait_for(rb"Kenya AA", since=at, timeout=timeout)
    time.sleep(0.05)
    at = session.mark()
    session.send(b"\x13")
    try:
        session.wait_for(rb"(?<![0-9])%d.{0,40}\xc2\xb0F" % temperature, since=at, timeout=timeout)
        return True
    except RuntimeError:
        return False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--storyboard", required=True)
    parser.add_argument("--sessions", type=int, default=300)
    parser.add_argument("--writers", type=int, default=9)
    options = parser.parse_args()
    work = tempfile.mkdtemp(prefix="storyboard-store-drill-")
    cluster = Cluster()
    processes = []
    figures = []
    try:
        cluster.psql("CREATE DATABASE drill")
        host_key = os.path.join(work, "host_key")
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "cluster", "-f", host_key], check=True)
        keys = []
        for index in range(20):
            key = os.path.join(work, "user%d" % index)
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "user%d" % index, "-f", key], check=True)
            keys.append(key)
        authorized = os.path.join(work, "authorized_keys")
        with open(authorized, "w") as f:
            for key in keys:
                f.write(open(key + ".pub").read())
        environment = dict(os.environ, PGPASSFILE=cluster.password_file(work))
        nodes = []
        for index in range(3):
            data = os.path.join(work, "node%d" % index)
            # One web token for the three nodes, as one host key: the balancer may send a page anywhere.
            os.makedirs(os.path.join(data, "web"), mode=0o700)
            with open(os.path.join(data, "web", "token"), "w") as f:
                f.write(TOKEN + "\n")
            os.chmod(os.path.join(data, "web", "token"), 0o600)
            ssh_port, web_port = free_port(), free_port()
            process = subprocess.Popen(
                [options.storyboard, "serve", "--authorized-keys", authorized, "--listen", "127.0.0.1:%d" % ssh_port,
                 "--http", "127.0.0.1:%d" % web_port, "--host-key", host_key, "--trust-proxy", "--data-dir", data,
                 "--store", cluster.url("drill"), "--max-sessions", "1000", "--max-unauthenticated", "1000",
                 "--idle-timeout", "0", "--web-sessions-per-address", "0", "--web-session-rate", "0",
                 "--per-address-rate", "0"],
                stdout=subprocess.DEVNULL, stderr=open(data + ".log", "w"), env=environment)
            processes.append(process)
            nodes.append({"ssh": ssh_port, "web": web_port, "process": process})
        for node in nodes:
            wait_port(node["ssh"])
            wait_port(node["web"])
        front_ssh, front_web, haproxy, config = start_front(nodes, work)
        processes.append(haproxy)
        known_hosts = os.path.join(work, "known_hosts")
        open(known_hosts, "w").write("")

        # The crowd, through HAProxy.
        ssh_count = options.sessions // 5
        web_count = options.sessions - ssh_count
        started = time.time()
        web_sessions, ssh_sessions, lock = [], [], threading.Lock()

        def open_web():
            session = WebSession(front_web, TOKEN)
            with lock:
                web_sessions.append(session)

        def open_ssh(index):
            session = Session(front_ssh, keys[index % len(keys)], known_hosts)
            session.wait_for(rb"House Blend.*quit", timeout=60)
            with lock:
                ssh_sessions.append(session)

        jobs = [lambda i=i: open_ssh(i) for i in range(ssh_count)] + [open_web] * web_count
        for start in range(0, len(jobs), 20):
            threads = [threading.Thread(target=job) for job in jobs[start:start + 20]]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        opened = time.time() - started
        spread = [len(children(node["process"].pid)) for node in nodes]
        connections = cluster.psql("SELECT count(*) FROM pg_stat_activity WHERE datname = 'drill'")
        figures.append(("sessions opened through HAProxy (web + SSH, 20 keys)", "%d + %d in %.1f s" % (len(web_sessions), len(ssh_sessions), opened)))
        figures.append(("per node", " / ".join(str(n) for n in spread)))
        figures.append(("PostgreSQL connections held by the three servers", connections))

        # 1. Through node 0, read through node 1.
        writer = Session(nodes[0]["ssh"], keys[0], known_hosts)
        writer.wait_for(rb"House Blend.*quit")
        saved = add_brew(writer, 211)
        writer.close()
        reader = Session(nodes[1]["ssh"], keys[0], known_hosts)
        reader.wait_for(rb"House Blend.*quit")
        try:
            reader.wait_for(rb"211.{0,40}\xc2\xb0F", timeout=5)
            seen = True
        except RuntimeError:
            seen = False
        reader.close()
        figures.append(("a brew saved through node 0 (key 0) read through node 1", "saved: %s, read: %s" % (saved, seen)))

        # 2. Writers on node 0; node 0 killed among their saves.
        confirmed = {}
        stop = threading.Event()

        def write_loop(index):
            session = Session(nodes[0]["ssh"], keys[index], known_hosts)
            session.wait_for(rb"House Blend.*quit")
            confirmed[index] = []
            temperature = 100 + index
            while not stop.is_set():
                try:
                    if add_brew(session, temperature, timeout=5):
                        confirmed[index].append(temperature)
                except (RuntimeError, OSError):
                    return  # the node is gone: ssh ended, its pipe with it
                # Writer i saves temperatures ending in i, below 190 (the samples' are 198 and up).
                temperature += 10
                if temperature >= 190:
                    temperature = 100 + index

        writers = [threading.Thread(target=write_loop, args=(1 + i,)) for i in range(options.writers)]
        for thread in writers:
            thread.start()
        time.sleep(6)
        victim = nodes[0]["process"]
        os.kill(victim.pid, signal.SIGKILL)
        victim.wait()
        stop.set()
        for thread in writers:
            thread.join(30)
        # Every confirmed save is in the database; every user's count matches their rows.
        owners = cluster.psql("SELECT owner FROM brew_session GROUP BY owner ORDER BY owner", database="drill").split()
        mismatched = cluster.psql(
            "SELECT count(*) FROM (SELECT owner, count(*) AS n FROM brew_session GROUP BY owner) AS r "
            "JOIN brew_session_count AS c USING (owner) WHERE c.count <> r.n", database="drill")
        total_confirmed = sum(len(v) for v in confirmed.values())
        missing = 0
        rows_added = 0
        for index, saves in confirmed.items():
            rows = int(cluster.psql(
                "SELECT count(*) FROM brew_session WHERE temperature_f < 190 AND temperature_f %% 10 = %d" % (index % 10),
                database="drill"))
            rows_added += rows
            missing += max(0, len(saves) - rows)
        figures.append(("writers on node 0 when it was SIGKILLed", "%d, %d saves confirmed on screen" % (options.writers, total_confirmed)))
        figures.append(("their brews in the database", "%d (confirmed ones missing: %d)" % (rows_added, missing)))
        figures.append(("users whose count differs from their rows", "%s of %d" % (mismatched, len(owners))))

        # 3. PostgreSQL restarted under the remaining sessions.
        restart_started = time.time()
        cluster.restart()
        restarted = time.time() - restart_started
        survivors = Session(nodes[1]["ssh"], keys[19], known_hosts)
        survivors.wait_for(rb"House Blend.*quit", timeout=60)
        after_restart = time.time()
        saved_after = add_brew(survivors, 212, timeout=60)
        save_time = time.time() - after_restart
        survivors.close()
        landed = cluster.psql("SELECT count(*) FROM brew_session WHERE temperature_f = 212", database="drill")
        live_web = sum(1 for s in web_sessions if s.alive())
        live_ssh = sum(1 for s in ssh_sessions if s.process.poll() is None)
        others = len(web_sessions) + len(ssh_sessions) - spread[0]
        figures.append(("PostgreSQL restarted (pg_ctl restart -m fast)", "%.1f s" % restarted))
        figures.append(("a brew saved through node 1 after the restart", "on screen: %s, in the database: %s, %.2f s" % (saved_after, landed, save_time)))
        figures.append(("sessions still answering after the kill and the restart", "%d web, %d ssh, of %d on the two others" % (live_web, live_ssh, others)))

        print("| | figure |")
        print("|---|---:|")
        for name, value in figures:
            print("| %s | %s |" % (name, value))
        for session in web_sessions:
            try:
                session.ws.close()
            except Exception:
                pass
        for session in ssh_sessions:
            if session.process.poll() is None:
                os.killpg(session.process.pid, signal.SIGTERM)
    finally:
        stop_all(processes)
        cluster.remove()
        if os.environ.get("KEEP"):
            print("work directory: " + work, file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
