"""Write the pictures of docs/pictures.md afresh: ``python docs/pictures/generate.py`` from the
repository's root (with matplotlib and, for the screenshot, chromium installed)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from speedrules import Spit, deal, deal_spit
from speedrules.cli.main import main
from speedrules.show import svg

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def write(name: str, picture: str) -> None:
    (HERE / name).write_text(picture, encoding="utf-8", newline="\n")


def screenshot(page: Path, out: Path) -> None:
    """The replay page at step 21 of the illegal-play example, as chromium shows it."""
    chromium = shutil.which("chromium")
    if chromium is None:
        print("no chromium: the screenshot is left as it was", file=sys.stderr)
        return
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        f"--user-data-dir={profile}", "--hide-scrollbars", "--window-size=1200,640",
                        "--virtual-time-budget=3000", f"--screenshot={out}", page.as_uri() + "#deal=0&step=21"],
                       check=True, capture_output=True, timeout=120)


def generate() -> None:
    os.chdir(ROOT)  # the pictures name the examples as a user in the repository would: examples/...
    game = deal("speed", seed=1, names=["Ann", "Ben"])
    game.reveal()
    write("speed-seed-1.svg", svg.table(game, highlight="JC", caption="the piles JC may go on are outlined"))
    write("speed-seed-1-ann.svg", svg.table(game, viewer=0, caption="what Ann sees"))
    spit = deal_spit("spit", seed=2, names=["Ann", "Ben"])
    spit.apply(Spit())
    write("spit-seed-2.svg", svg.table(spit, highlight="9H", caption="the piles Ann's 9H may go on are outlined"))
    examples = Path("examples")
    assert main(["render", str(examples / "illegal-play.json"), "-o", str(HERE / "illegal-play.svg")]) == 0
    assert main(["simulate", "speed", "speed-15", "speed-no-wrap", "-n", "2000", "--seed", "1",
                 "--plot", str(HERE / "speed-variants.svg")]) == 0
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "replay.html"
        assert main(["view", str(examples / "illegal-play.json"), "-o", str(page)]) == 0
        screenshot(page, HERE / "replay.png")


if __name__ == "__main__":
    generate()
