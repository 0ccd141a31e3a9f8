"""``queens-sat site``: write the page as a static site (the page, the WebAssembly module, a pack of
puzzles) that works from a local folder or any static host, without ``queens-sat serve``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from queens_sat.cli.common import positive_int

DEFAULT_COUNT = 30  # puzzles generated when neither --pack nor --count says


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "site",
        help="write the page as a static site that needs no server",
        description="Write the player's page, queens-sat's WebAssembly module and a pack of puzzles into "
        "a folder that works from any static host or opened straight from the disk: checks, grades and "
        "hints run in the browser, and 'new puzzle' draws from the pack. The pack is the unique puzzles of "
        "--pack FILE (any format the other commands read), or --count puzzles made now. Needs the "
        "JavaScript module built first ('npm run build' in js/, see docs/javascript.md). Exit code 0 "
        "when the site was written, 2 on bad input or usage.",
    )
    p.add_argument("--out", "-o", required=True, metavar="DIR", help="the folder to write (made if needed)")
    source = p.add_mutually_exclusive_group()
    source.add_argument("--pack", metavar="FILE", help="take the pack's puzzles from FILE")
    source.add_argument("--count", type=positive_int, metavar="N", help=f"generate N puzzles for the pack (default {DEFAULT_COUNT})")
    p.add_argument("--limit", type=positive_int, metavar="N", help="with --pack: at most N puzzles")
    p.add_argument("--n", type=positive_int, default=8, help="with --count: the size of the puzzles made (default 8)")
    p.add_argument("--stars", type=positive_int, default=1, help="with --count: stars a row, column and region (default 1)")
    p.add_argument("--seed", type=int, default=0, help="with --count: the generator's seed (default 0)")
    p.add_argument("--force", action="store_true", help="write into a folder that has files in it")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from queens_sat.formats import read_puzzles
    from queens_sat.server.site import check_target, generated_pack, pack_of, write_site

    check_target(Path(args.out), args.force)  # before minutes of generating
    if args.pack:
        pack = pack_of(read_puzzles(args.pack), args.limit)
    else:
        pack = generated_pack(args.count or DEFAULT_COUNT, args.n, args.stars, args.seed)
    site = write_site(Path(args.out), pack, force=args.force)
    print(
        f"queens-sat: wrote {site.folder}/index.html: {len(site.files)} files, {site.puzzles} puzzles, "
        f"{site.first_load / 1024:.0f} KB in all (open it in a browser, or put the folder on any static host)",
        file=sys.stderr,
    )
    return 0
