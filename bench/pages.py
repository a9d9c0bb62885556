"""The main pages on a phone: bytes transferred, time to first text and load time, per page.

    make run                      # in another terminal: the site as a club laptop serves it
    .venv/bin/python bench/pages.py [--url http://127.0.0.1:8000/] [--network fast3g]
                                    [--cpu 4] [--runs 3]

Loads each main page of a running site in Debian's Chromium (/usr/bin/chromium, Playwright),
as a phone: a 390 x 844 viewport at device scale 3 with touch, the CPU slowed down ``--cpu``
times (4: a mid-range phone) and the network throttled through the Chrome DevTools Protocol:

* ``fast3g``: Chrome DevTools' "Fast 3G" preset: 562.5 ms round trip, 1.6 Mbit/s down,
  750 kbit/s up (the default; a crowded club room on a phone's data);
* ``wifi``: a club's wifi: 20 ms round trip, 10 Mbit/s down, 5 Mbit/s up;
* ``none``: no throttling (the loopback).

The pages: home, games list, the first game, the first event (its standings), the ratings
dashboard (the first chart page), card impact and the best player's page, found by following
the site's own links. Each page is opened ``--runs`` times in a new browser context (empty
cache: a first visit) and once more in the same context (warm cache: a second visit). Printed
per page (medians over the runs): bytes transferred (CDP ``encodedDataLength``: headers and
compressed bodies), requests, first contentful paint (the page's text on screen),
DOMContentLoaded, the load event and, on chart pages, the moment every chart is drawn.
Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.browser import CHROMIUM, CHROMIUM_ARGS, PHONE

NETWORKS: dict[str, dict[str, float]] = {
    # Chrome DevTools' presets: latency in ms, throughput in bytes per second
    "fast3g": {"latency": 562.5, "downloadThroughput": 180_000, "uploadThroughput": 84_375},
    "wifi": {"latency": 20, "downloadThroughput": 1_250_000, "uploadThroughput": 625_000},
    "none": {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
}
ALL_DRAWN = (
    "() => Array.from(document.querySelectorAll('[data-figure]'))"
    ".every(box => box.getAttribute('data-drawn') === 'true')"
)
TIMINGS = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return {fcp: fcp ? fcp.startTime : null, dcl: nav.domContentLoadedEventEnd,
          load: nav.loadEventEnd, charts: document.querySelectorAll('[data-figure]').length};
}"""


@dataclass
class Visit:
    bytes: int
    requests: int
    fcp: float
    dcl: float
    load: float
    drawn: float | None


def first_link(base: str, path: str, pattern: str) -> str:
    """The first link on a page whose address matches ``pattern`` (the site's own links)."""
    with urllib.request.urlopen(urljoin(base, path), timeout=60) as response:
        html = response.read().decode()
    found = re.search(r'href="(' + pattern + r')"', html)
    if found is None:
        raise SystemExit(f"no link matching {pattern} on {path}: is the demo loaded?")
    return found.group(1).replace("&amp;", "&")


def main_pages(base: str) -> list[tuple[str, str]]:
    return [
        ("home", "/"),
        ("games list", "/games/"),
        ("a game", first_link(base, "/games/", r"/games/\d+/")),
        ("event standings", first_link(base, "/events/", r"/events/[\w-]+/[\w-]+/")),
        ("ratings (first chart page)", "/analytics/"),
        ("card impact", "/analytics/cards/"),
        ("player", first_link(base, "/analytics/", r"/analytics/players/[\w-]+/[^\"]*")),
    ]


def visit(context: Any, url: str, network: dict[str, float], cpu: float) -> Visit:
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, **network})
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    sizes: dict[str, float] = {}
    cdp.on(
        "Network.loadingFinished",
        lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]),
    )
    page.goto(url, wait_until="load", timeout=300_000)
    drawn = None
    if page.evaluate("() => document.querySelectorAll('[data-figure]').length"):
        page.wait_for_function(ALL_DRAWN, timeout=300_000, polling=50)
        drawn = float(page.evaluate("() => performance.now()"))
    page.wait_for_load_state("networkidle", timeout=300_000)
    timings = page.evaluate(TIMINGS)
    page.close()
    return Visit(
        int(sum(sizes.values())),
        len(sizes),
        float(timings["fcp"] or 0.0),
        float(timings["dcl"]),
        float(timings["load"]),
        drawn,
    )


def median(values: list[float]) -> float:
    return statistics.median(values)


def rows(visits: list[Visit]) -> Iterator[str]:
    drawn = [v.drawn for v in visits if v.drawn is not None]
    yield f"{median([v.bytes for v in visits]) / 1024:9.0f} KiB"
    yield f"{median([v.requests for v in visits]):4.0f}"
    yield f"{median([v.fcp for v in visits]) / 1000:6.2f} s"
    yield f"{median([v.dcl for v in visits]) / 1000:6.2f} s"
    yield f"{median([v.load for v in visits]) / 1000:6.2f} s"
    yield f"{median(drawn) / 1000:6.2f} s" if drawn else "       -"


def phone(browser: Any) -> Any:
    """A new browser context (empty cache) with a phone's screen and touch."""
    return browser.new_context(
        viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000/")
    parser.add_argument("--network", choices=sorted(NETWORKS), default="fast3g")
    parser.add_argument("--cpu", type=float, default=4.0, help="CPU slowdown (1: none)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    network = NETWORKS[args.network]
    print(
        f"{args.url} as a phone ({PHONE['width']}x{PHONE['height']}), network {args.network} "
        f"{network}, CPU slowed {args.cpu:g}x, median of {args.runs} first visits; "
        "then one second visit (warm cache)"
    )
    columns = ("transferred", "req", "FCP", "DCL", "load", "charts")
    widths = (13, 4, 8, 8, 8, 8)
    print(
        f"{'page':28} {'visit':6} "
        + " ".join(f"{c:>{w}}" for c, w in zip(columns, widths, strict=True))
    )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, path in main_pages(args.url):
            url = urljoin(args.url, path)
            first: list[Visit] = []
            for _ in range(args.runs):
                context = phone(browser)
                first.append(visit(context, url, network, args.cpu))
                context.close()
            context = phone(browser)
            visit(context, url, network, args.cpu)
            second = visit(context, url, network, args.cpu)
            context.close()
            print(f"{name:28} {'first':6} " + " ".join(rows(first)))
            print(f"{'':28} {'second':6} " + " ".join(rows([second])))
        browser.close()


if __name__ == "__main__":
    main()
