#!/usr/bin/env python3
"""A scripted loopback HTTP server for the UnsplashPhotoRepository tests.

    python3 server.py --routes '{"/photos": {"status": 200, "fixture": "photos.json"}}'

Binds 127.0.0.1 on a free port and prints `port <n>` as its first stdout line. Every request
is logged on stdout as `request <json>` (method, path, raw query, parsed query, headers)
before it is answered, so a test that has its response can read the log line without racing.
A client that disconnects while a delayed response is pending is logged as `aborted <path>`.

Route fields (all optional): status (200), headers ({}), body (text), fixture (a file next to
this script), delay (seconds before answering, watching for the client going away),
truncate (claim this many more bytes in Content-Length than are sent, then close),
size (a body of this many `x` bytes instead, written in 64 KiB chunks), omit_length (send no
Content-Length and close the connection after the body), trickle (seconds to wait before each
byte of the body; a client that goes away is logged as `aborted <path>`), chunk_delay (seconds
to wait between 64 KiB chunks, to pace a large body).
A body the client stopped reading is logged as `stopped <path> <bytes written>`.
Unknown paths get 404 with an Unsplash error body.

`--refuse` binds a port without listening, so connections to it are refused.
The server exits after --lifetime seconds (default 120) or when stdin closes.
"""

import argparse
import json
import os
import select
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

HERE = os.path.dirname(os.path.abspath(__file__))
print_lock = threading.Lock()


def say(line):
    with print_lock:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


def exit_later(seconds):
    timer = threading.Timer(seconds, lambda: os._exit(0))
    timer.daemon = True
    timer.start()


def exit_when_stdin_closes():
    def watch():
        try:
            while sys.stdin.buffer.read(4096):
                pass
        finally:
            os._exit(0)
    threading.Thread(target=watch, daemon=True).start()


class Filler:
    """`size` bytes of `x`, made a chunk at a time so a huge body costs no memory."""

    def __init__(self, size):
        self.size = size

    def __len__(self):
        return self.size

    def __getitem__(self, part):
        start, stop, _ = part.indices(self.size)
        return b"x" * max(0, stop - start)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    routes = {}

    def log_message(self, format, *args):  # keep stdout for the protocol above
        pass

    def do_GET(self):
        parts = urlsplit(self.path)
        say("request " + json.dumps({
            "method": self.command,
            "path": parts.path,
            "query": parts.query,
            "params": parse_qs(parts.query, keep_blank_values=True),
            "headers": {key: value for key, value in self.headers.items()},
        }, ensure_ascii=False))
        route = self.routes.get(parts.path)
        if route is None:
            self.respond(404, {"Content-Type": "application/json"}, b'{"errors":["Couldn\'t find Photo"]}')
            return
        delay = float(route.get("delay", 0))
        if delay > 0 and not self.wait_for(delay):
            say("aborted " + parts.path)
            self.close_connection = True
            return
        if "size" in route:
            body = Filler(int(route["size"]))
        elif "fixture" in route:
            with open(os.path.join(HERE, route["fixture"]), "rb") as file:
                body = file.read()
        else:
            body = route.get("body", "").encode("utf-8")
        headers = {"Content-Type": "application/json"}
        headers.update(route.get("headers", {}))
        self.respond(int(route.get("status", 200)), headers, body, extra_length=int(route.get("truncate", 0)),
                     omit_length=bool(route.get("omit_length", False)), trickle=float(route.get("trickle", 0)),
                     chunk_delay=float(route.get("chunk_delay", 0)))

    def wait_for(self, seconds):
        """Waits up to `seconds`; returns False as soon as the client closes the connection."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            readable, _, _ = select.select([self.connection], [], [], min(0.05, max(0, deadline - time.monotonic())))
            if readable:
                try:
                    if self.connection.recv(1, socket.MSG_PEEK) == b"":
                        return False
                except OSError:
                    return False
        return True

    def respond(self, status, headers, body, extra_length=0, omit_length=False, trickle=0, chunk_delay=0):
        path = urlsplit(self.path).path
        self.send_response(status)
        for key, value in headers.items():
            self.send_header(key, value)
        if not omit_length:
            self.send_header("Content-Length", str(len(body) + extra_length))
        if extra_length or omit_length:
            self.send_header("Connection", "close")
        self.end_headers()
        written = 0
        try:
            if trickle > 0:
                for index in range(len(body)):
                    if not self.wait_for(trickle):
                        say("aborted " + path)
                        self.close_connection = True
                        return
                    self.wfile.write(body[index:index + 1])
                    self.wfile.flush()
                    written += 1
            else:
                while written < len(body):
                    self.wfile.write(body[written:written + 65536])
                    written = min(len(body), written + 65536)
                    if chunk_delay > 0:
                        time.sleep(chunk_delay)
                self.wfile.flush()
        except OSError:
            say(f"stopped {path} {written}")
            self.close_connection = True
            return
        if omit_length:
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
        if extra_length:
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
        say(f"served {status} {path}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--routes", default="{}")
    parser.add_argument("--lifetime", type=float, default=120)
    parser.add_argument("--refuse", action="store_true")
    arguments = parser.parse_args()
    exit_later(arguments.lifetime)
    exit_when_stdin_closes()
    if arguments.refuse:
        blocker = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        blocker.bind(("127.0.0.1", 0))
        say(f"port {blocker.getsockname()[1]}")
        threading.Event().wait()
        return
    Handler.routes = json.loads(arguments.routes)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    say(f"port {server.server_address[1]}")
    server.serve_forever()


if __name__ == "__main__":
    main()
