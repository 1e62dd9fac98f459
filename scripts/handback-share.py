#!/usr/bin/env python3
"""How early gestured hands touches back, per case, from synthetic sequences run through
`gestured replay --decisions` (the engine and the session, no X server).

For each case (quick two- and three-finger taps, a two-finger pinch, an unbound three-finger
move down) it makes SEQUENCES sequences with seeded jitter in when each finger lands, how long
the tap is held and how the fingers lift, and prints a markdown table per config:

- handed back before any touch ended: every touch of the sequence rejected before its first
  lift (the application then gets the touches as they come, interleaved, with their own ends);
- touches ending where they did not: touches rejected after their own end that are not the
  sequence's first (the X server ends those where the pointer-emulating first finger was);
- before the last ended: every touch rejected while some touch of the sequence was still down;
- together: sequences whose fingers the application sees down all at once, as they were (the
  server replays each rejected touch whole: a touch rejected after its end begins and ends
  there, before the next one rejected begins);
- kept: sequences some binding recognized (their touches accepted, not handed back).

Usage: scripts/handback-share.py GESTURED [SEQUENCES]   (docs/engine.md has the figures)
"""
import json, random, subprocess, sys, tempfile, os

ONLY_SWIPES = """
[[gesture]]
name = "left"
type = "swipe"
fingers = 3
direction = "left"
action = "desktop next"

[[gesture]]
name = "right"
type = "swipe"
fingers = 3
direction = "right"
action = "desktop prev"
"""


def tap(rng, fingers):
    lands = sorted(rng.uniform(0, 15) for _ in range(fingers))
    hold = rng.uniform(30, 70)
    lifts = [hold + rng.uniform(0, 15) for _ in range(fingers)]
    events = [(t, "touch-begin", i) for i, t in enumerate(lands)]
    events += [(t, "touch-end", i) for i, t in enumerate(lifts)]
    spots = [(500 + 70 * i, 400) for i in range(fingers)]
    return events, spots, lambda i, t: spots[i]


def moving(rng, fingers, step):
    """Fingers landing within 20 ms, each moving `step(i)` px per 8 ms frame for 300 ms."""
    lands = sorted(rng.uniform(0, 20) for _ in range(fingers))
    spots = [(500 + 70 * i, 300) for i in range(fingers)]
    events = [(t, "touch-begin", i) for i, t in enumerate(lands)]
    end = 300 + rng.uniform(0, 40)
    for i, land in enumerate(lands):
        t = land + 8
        while t < end:
            events.append((t, "touch-move", i))
            t += 8
        events.append((end + rng.uniform(0, 10), "touch-end", i))

    def where(i, t):
        frames = max(0, int((t - lands[i]) // 8))
        dx, dy = step(i)
        return (spots[i][0] + dx * frames, spots[i][1] + dy * frames)
    return events, spots, where


CASES = {
    "quick 2-finger tap": lambda rng: tap(rng, 2),
    "quick 3-finger tap": lambda rng: tap(rng, 3),
    "2-finger pinch (out)": lambda rng: moving(rng, 2, lambda i: (-3 if i == 0 else 3, 0)),
    "3-finger move down (unbound)": lambda rng: moving(rng, 3, lambda i: (0, 4)),
}


def trace(case, n, seed):
    rng = random.Random(seed)
    lines = [{"trace": 1, "screen": [1920, 1080]}]
    sequences = []
    base, next_id = 0.0, 1
    for _ in range(n):
        events, spots, where = CASES[case](rng)
        ids = {}
        seq = {"ids": [], "first_end": None, "ends": {}}
        for t, kind, i in sorted(events, key=lambda e: (e[0], e[1] != "touch-begin")):
            if i not in ids:
                ids[i] = next_id
                next_id += 1
                seq["ids"].append(ids[i])
            x, y = where(i, t)
            at = round(base + t, 1)
            lines.append({"t": at, "ev": kind, "id": ids[i], "x": x, "y": y})
            if kind == "touch-end":
                seq["ends"][ids[i]] = at
                seq["first_end"] = at if seq["first_end"] is None else min(seq["first_end"], at)
        sequences.append(seq)
        base += 3000
    lines.append({"t": base, "ev": "idle"})
    return lines, sequences


def measure(gestured, config, case, n):
    lines, sequences = trace(case, n, seed=37)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "trace.jsonl")
        with open(path, "w") as f:
            f.write("\n".join(json.dumps(l) for l in lines) + "\n")
        args = [gestured, "replay", "--decisions"] + (["--config", config] if config else []) + [path]
        out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    decided, order = {}, []
    for line in out.splitlines():
        o = json.loads(line)
        if "decision" in o and "touch" in o:
            decided[o["touch"]] = (o["t"], o["decision"])
            order.append(o["touch"])
    early = kept = wrong_ends = touches = together = before_last = 0
    for seq in sequences:
        ds = [decided.get(i) for i in seq["ids"]]
        touches += len(ds)
        if any(d is None for d in ds):
            raise SystemExit(f"{case}: a touch without a decision: {seq}")
        if all(d[1] == "accept" for d in ds):
            kept += 1
            continue
        if all(d[1] == "reject" and d[0] < seq["first_end"] for d in ds):
            early += 1
        if all(d[1] == "reject" and d[0] < max(seq["ends"].values()) for d in ds):
            before_last += 1
        # What the application sees: each touch begins when it is rejected, and one rejected
        # after its end ends there too; the others end when they lift.
        down, most = 0, 0
        app = []
        for i in sorted(seq["ids"], key=order.index):
            t = decided[i][0]
            app.append((t, 0, 1))
            app.append((t, 0, -1) if t >= seq["ends"][i] else (seq["ends"][i], 1, -1))
        for _, _, step in sorted(app, key=lambda e: (e[0], e[1])):
            down += step
            most = max(most, down)
        together += most == len(seq["ids"])
        first = seq["ids"][0]
        wrong_ends += sum(1 for i, d in zip(seq["ids"], ds) if d[1] == "reject" and i != first and d[0] >= seq["ends"][i])
    return early, before_last, together, kept, wrong_ends, touches


def main():
    gestured = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/gestured"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
        f.write(ONLY_SWIPES)
        swipes = f.name
    try:
        for name, config in [("default config", None), ("only three-finger swipes", swipes)]:
            print(f"\n{name}, {n} sequences a case:\n")
            print("| case | handed back before any touch ended | before the last ended | fingers down together | kept | touches ending where they did not |")
            print("|---|---|---|---|---|---|")
            for case in CASES:
                early, last, together, kept, wrong, touches = measure(gestured, config, case, n)
                print(f"| {case} | {100 * early / n:.0f} % | {100 * last / n:.0f} % | {100 * together / n:.0f} % | {kept} | {wrong} of {touches} |")
    finally:
        os.unlink(swipes)


main()
