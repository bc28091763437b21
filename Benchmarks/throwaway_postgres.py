"""A throwaway PostgreSQL cluster for the shared store's benchmarks and drills: initdb in a
temporary folder (as the postgres user when run as root, which PostgreSQL requires), a free
port on 127.0.0.1, password logins; stopped and removed by stop(). The binaries come from
PATH or /usr/lib/postgresql/VERSION/bin (Debian's postgresql package)."""

import glob
import os
import shutil
import subprocess
import tempfile
import uuid

from local_processes import free_port


def _binaries():
    initdb = shutil.which("initdb")
    if initdb:
        folder = os.path.dirname(os.path.realpath(initdb))
        if os.path.exists(os.path.join(folder, "pg_ctl")):
            return folder
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]), reverse=True)
    if not found:
        raise SystemExit("PostgreSQL is not installed (apt-get install postgresql)")
    return os.path.dirname(found[0])


class Cluster:
    user = "storyboard"

    def __init__(self, max_connections=100):
        self.bin = _binaries()
        # In /tmp rather than $TMPDIR: the postgres user must reach it.
        self.folder = tempfile.mkdtemp(prefix="storyboard-pg-", dir="/tmp")
        self.password = uuid.uuid4().hex
        self.port = free_port()
        self.max_connections = max_connections
        self.as_postgres = os.geteuid() == 0
        if self.as_postgres:
            shutil.chown(self.folder, "postgres", "postgres")
        password_file = os.path.join(self.folder, "password")
        with open(password_file, "w") as f:
            f.write(self.password + "\n")
        if self.as_postgres:
            shutil.chown(password_file, "postgres", "postgres")
        self._run("initdb", "-D", self.folder + "/data", "-U", self.user, "--pwfile", password_file, "-E", "UTF8",
                  "--no-locale", "--auth-local=trust", "--auth-host=scram-sha-256")
        self.start()

    def _run(self, program, *arguments):
        command = [os.path.join(self.bin, program)] + list(arguments)
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--"] + command
        subprocess.run(command, check=True, cwd="/", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       stdin=subprocess.DEVNULL)

    def start(self):
        self._run("pg_ctl", "-D", self.folder + "/data", "-l", self.folder + "/log", "-w", "-t", "60", "-o",
                  "-p %d -k %s -c listen_addresses=127.0.0.1 -c max_connections=%d" % (self.port, self.folder, self.max_connections),
                  "start")

    def stop(self, mode="fast"):
        self._run("pg_ctl", "-D", self.folder + "/data", "-m", mode, "-w", "stop")

    def restart(self):
        self._run("pg_ctl", "-D", self.folder + "/data", "-m", "fast", "-w", "-t", "60", "-o",
                  "-p %d -k %s -c listen_addresses=127.0.0.1 -c max_connections=%d" % (self.port, self.folder, self.max_connections),
                  "restart")

    def psql(self, sql, database="postgres"):
        command = [os.path.join(self.bin, "psql"), "-h", self.folder, "-p", str(self.port), "-U", self.user, "-d", database,
                   "-v", "ON_ERROR_STOP=1", "-At", "-c", sql]
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--"] + command
        return subprocess.run(command, check=True, cwd="/", capture_output=True, text=True).stdout.strip()

    def url(self, database):
        return "postgres://%s@127.0.0.1:%d/%s?sslmode=disable" % (self.user, self.port, database)

    def password_file(self, directory):
        """A ~/.pgpass-style file (mode 0600) in `directory` for this cluster; its path."""
        path = os.path.join(directory, "pgpass")
        with open(path, "w") as f:
            f.write("127.0.0.1:%d:*:%s:%s\n" % (self.port, self.user, self.password))
        os.chmod(path, 0o600)
        return path

    def remove(self):
        try:
            self.stop("immediate")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.folder, ignore_errors=True)
