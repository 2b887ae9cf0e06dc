"""OpenSpiel's C++ ExternalSamplingMCCFRSolver on Leduc poker, timed from Python.

Usage: bench_leduc_openspiel.py SECONDS [TRUCO_CFR_ES_1THREAD_ITERS_PER_S]
Prints a Markdown table row like bench_leduc (the Rust example) and, given truco-cfr's
single-thread ES-MCCFR rate, the ratio. Called by bench_leduc.sh.
"""

import sys
import time

import pyspiel


def measure(solver_cls, secs):
    game = pyspiel.load_game("leduc_poker")
    solver = solver_cls(game, seed=1)
    for _ in range(2000):  # warm-up
        solver.run_iteration()
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < secs:
        for _ in range(1000):
            solver.run_iteration()
        done += 1000
    elapsed = time.perf_counter() - start
    expl = pyspiel.exploitability(game, solver.average_policy())
    return done / elapsed, expl, done + 2000


def main():
    secs = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    ours = float(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2] else None
    rate, expl, iters = measure(pyspiel.ExternalSamplingMCCFRSolver, secs)
    print(f"| OpenSpiel C++ es-mccfr (pyspiel) | 1 | {rate:.0f} | n/a | {expl:.4f} after {iters} it |")
    os_rate, os_expl, os_iters = measure(pyspiel.OutcomeSamplingMCCFRSolver, secs)
    print(f"| OpenSpiel C++ os-mccfr (pyspiel) | 1 | {os_rate:.0f} | n/a | {os_expl:.4f} after {os_iters} it |")
    if ours:
        print(f"\ntruco-cfr / OpenSpiel, ES-MCCFR single thread: {float(ours) / rate:.1f}x")


if __name__ == "__main__":
    main()
