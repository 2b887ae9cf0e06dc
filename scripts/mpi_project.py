"""Projects distributed training throughput to N nodes from scripts/mpi_scale.sh's measurements.

Usage: python3 scripts/mpi_project.py ONE.json TWO-K.json ...   (truco train --json reports)

Model, per merge round (every rank runs K iterations, then all ranks merge):
  compute = K / r_node, r_node = iterations/s of one node (NODE_THREADS threads at the
            measured 2-thread scaling of one process);
  merge   = (N - 1) * B * (1 / W + a) + L * log2(N), where B = bytes one rank sends per merge
            (measured at this K), W = network bandwidth, a = seconds per received byte to decode
            and apply (measured: the 2-rank merge time over the bytes received), L = latency
            per all-gather step;
  throughput = N * K / (compute + merge).
"""
import json
import math
import sys

W = 1.25e9          # bytes/s: 10 Gbit/s Ethernet
L = 50e-6           # s per all-gather step
NODE_THREADS = 2    # a node like this machine
THREAD_SCALING = 2.0  # 2 threads vs 1 on arg-1v1 (atomic shared table), measured


def main():
    one = json.load(open(sys.argv[1]))
    r1 = one["iterations"] / one["seconds"]
    r_node = r1 * THREAD_SCALING * NODE_THREADS / 2
    print(f"1 process, 1 thread: {r1:,.0f} it/s ({1e6 / r1:.0f} us per iteration)")
    rows = []
    runs = [json.load(open(path)) for path in sys.argv[2:]]
    runs.sort(key=lambda r: r["iterations"] / max(r["merge"]["merges"], 1))
    for two in runs:
        m = two["merge"]
        merges = max(m["merges"], 1)
        b = m["bytes_sent"] / merges
        recv = m["bytes_received"] / merges
        t_merge = m["seconds"] / merges
        k = round(two["iterations"] / merges / two["ranks"])
        r2 = two["iterations"] / two["seconds"]
        a = t_merge / max(recv, 1)
        overlap = m.get("overlapping", 0) / max(m["info_sets_sent"], 1)
        print(
            f"2 ranks, merge every {k}: {overlap:.0%} of the other rank's records were for "
            f"information sets this rank changed too (what an owner-side sum would save)"
        )
        print(
            f"2 ranks, merge every {k}: {r2:,.0f} it/s ({r2 / r1:.2f}x one process), "
            f"{b / 1e3:,.0f} KB sent per merge ({m['info_sets_sent'] / merges:,.0f} info sets), "
            f"{t_merge * 1e3:.1f} ms per merge, {a * 1e9:.1f} ns per received byte"
        )
        rows.append((k, b, a))
    print()
    print("| nodes | merge every | bytes received per merge | merge time | compute time | it/s | efficiency |")
    print("|---|---|---|---|---|---|---|")
    for n in (4, 16, 64):
        for k, b, a in rows:
            compute = k / r_node
            merge = (n - 1) * b * (1 / W + a) + L * math.log2(n)
            its = n * k / (compute + merge)
            print(
                f"| {n} | {k} | {(n - 1) * b / 1e6:,.1f} MB | {merge * 1e3:,.0f} ms | "
                f"{compute * 1e3:,.0f} ms | {its:,.0f} | {its / (n * r_node):.0%} |"
            )


main()
