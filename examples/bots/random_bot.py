#!/usr/bin/env python3
"""A Tablée bot that plays a uniformly random entry of `legal`, in any game.

It speaks the bot protocol of docs/bot-protocol.md: one JSON object per line
on stdin (from the arena), one per line on stdout (its answers). Standard
library only. It never looks at the view, so it plays every game the arena
offers: Katzenjammer Blues (where `legal` is every legal action) and J'achète
(where `legal` is the move generator's candidates). Try it:

    cargo run --release --bin tablee -- arena --game katzenjammer --players 4 \
        --seats 'ext:python3 examples/bots/random_bot.py',normal,normal,normal --games 20 --seed 1
    cargo run --release --bin tablee -- arena --game jachete --players 5 \
        --seats 'ext:python3 examples/bots/random_bot.py',normal,normal,normal,normal --games 20 --seed 1

Options: --seed N seeds its generator (default 0), so that the same arena
seed gives the same games; --name NAME changes the name it reports;
--answer object answers with the chosen action object instead of its index
(the same choice, the other answer form).
"""

import argparse
import json
import random
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--name", default="random_bot.py")
    parser.add_argument("--answer", choices=["index", "object"], default="index")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    def send(message):
        # One line per answer, flushed at once: the arena waits for it.
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()

    for line in sys.stdin:  # ends when the arena closes our stdin
        line = line.strip()
        if not line:
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            send({"type": "hello", "name": args.name, "protocol": 1, "id": message.get("id")})
        elif kind == "decide":
            choice = rng.randrange(len(message["legal"]))
            action = choice if args.answer == "index" else message["legal"][choice]
            send({"action": action, "id": message["id"]})
        # "new_game" and "game_over" need no answer; unknown types are ignored.


if __name__ == "__main__":
    main()
