#!/usr/bin/env python3
"""A small HTTP server for the Articles plugin's tests, on 127.0.0.1 only.

Serves the files in feeds/ (a feed, an empty feed, a wrapped feed, malformed JSON),
answers /status/500 with a server error, /once/NAME with feeds/articles.json the
first time and a server error after, /never not at all (it holds the connection),
/slow/SECONDS/NAME with feeds/NAME after SECONDS, and /count/PATH with how many times
PATH was asked for (so a test can check that no request was made). Prints the port it listens on as its
first line, then serves until its standard input closes (the test process ended)
or LIFETIME seconds pass, whichever comes first, so it never outlives the tests.
"""
import functools
import http.server
import os
import sys
import threading
import time

# A whole `swift test` on this shared 2-core machine can take 450 s and more (the viper dev
# tests build packages); the server must outlive it. It still ends with the test process.
LIFETIME = 1800

SERVED_ONCE = set()
SERVED_LOCK = threading.Lock()
# Every path asked for, so a test can wait until viper's request has arrived instead of sleeping:
# GET /asked/PATH answers "yes" as soon as PATH has been asked for, or "no" after 30 s.
ASKED = set()
ASKED_CHANGED = threading.Condition(SERVED_LOCK)
COUNTS = {}

class Handler(http.server.SimpleHTTPRequestHandler):
    def do_GET(self):
        if self.path.startswith("/asked/"):
            wanted = self.path[len("/asked"):]
            with ASKED_CHANGED:
                asked = ASKED_CHANGED.wait_for(lambda: wanted in ASKED, timeout=30)
            body = b"yes" if asked else b"no"
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if self.path.startswith("/count/"):
            with SERVED_LOCK:
                body = str(COUNTS.get(self.path[len("/count"):], 0)).encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        with ASKED_CHANGED:
            ASKED.add(self.path)
            COUNTS[self.path] = COUNTS.get(self.path, 0) + 1
            ASKED_CHANGED.notify_all()
        if self.path.startswith("/slow/"):
            parts = self.path.split("/", 3)
            time.sleep(float(parts[2]))
            self.path = "/" + parts[3]
        if self.path.startswith("/never"):
            time.sleep(LIFETIME)
            return
        if self.path.startswith("/once/"):
            with SERVED_LOCK:
                first = self.path not in SERVED_ONCE
                SERVED_ONCE.add(self.path)
            self.path = "/articles.json" if first else "/status/500"
        if self.path.startswith("/status/"):
            code = int(self.path.split("/")[2])
            body = b'{"error": "the fixture server was asked to fail"}'
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, format, *args):
        pass

def main():
    feeds = os.path.join(os.path.dirname(os.path.abspath(__file__)), "feeds")
    handler = functools.partial(Handler, directory=feeds)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    stop = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
    stop.wait(LIFETIME)
    server.shutdown()

if __name__ == "__main__":
    main()
