#!/usr/bin/env python3
"""Throughput of `truco serve --listen`: C clients each send N requests (pipelined in batches
of B lines) over one TCP connection and read every answer; prints answers per second.

    scripts/serve_throughput.py [--clients 8] [--requests 20000] [--model models/arg-1v1.tbl]

Starts its own server on a free loopback port (target/release/truco) and stops it after.
"""
import argparse
import socket
import subprocess
import threading
import time

SPOTS = [
    "arg-1v1 | score 0-0 | dealer 1 | seat 0: 1E 7O 4C",
    "arg-1v1 | score 3-9 | dealer 1 | seat 0: 6O 7O 1C | 0:envido 1:quiero [0:33 1:25] 0:1C 1:4E / 0:truco 1:quiero",
    "arg-1v1 | score 14-13 | dealer 0 | seat 0: 5E 6E 12B | 1:falta-envido 0:no-quiero 1:truco",
]


def client(addr, n, batch, out, i):
    s = socket.create_connection(addr)
    f = s.makefile("rb")
    got = 0
    sent = 0
    while sent < n:
        k = min(batch, n - sent)
        lines = "".join(
            '{"id":%d,"spot":"%s"}\n' % (sent + j, SPOTS[(sent + j) % len(SPOTS)]) for j in range(k)
        )
        s.sendall(lines.encode())
        sent += k
        for _ in range(k):
            line = f.readline()
            if not line:
                raise SystemExit("connection closed early")
            got += 1
    out[i] = got
    s.close()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--clients", type=int, default=8)
    p.add_argument("--requests", type=int, default=20000)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--model", default="models/arg-1v1.tbl")
    p.add_argument("--bin", default="target/release/truco")
    a = p.parse_args()
    srv = subprocess.Popen(
        [a.bin, "serve", "--model", a.model, "--listen", "127.0.0.1:0"],
        stdout=subprocess.PIPE,
    )
    try:
        first = srv.stdout.readline().decode().strip()
        host, port = first.rsplit(" ", 1)[1].rsplit(":", 1)
        addr = (host, int(port))
        out = [0] * a.clients
        t = time.time()
        ts = [
            threading.Thread(target=client, args=(addr, a.requests, a.batch, out, i))
            for i in range(a.clients)
        ]
        for x in ts:
            x.start()
        for x in ts:
            x.join()
        dt = time.time() - t
        total = sum(out)
        print(f"{total} answers in {dt:.2f} s: {total / dt:,.0f} answers/s ({a.clients} clients)")
    finally:
        srv.kill()
        srv.wait()


if __name__ == "__main__":
    main()
