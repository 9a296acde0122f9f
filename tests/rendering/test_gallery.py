"""`python -m rendering.gallery OUTDIR` writes a sample of every kind of image, and a page showing them."""

from __future__ import annotations

from pathlib import Path

from rendering.gallery import main

from .positions import decode


def test_the_gallery_writes_every_kind_of_image(tmp_path: Path) -> None:
    assert main([str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    for kind in ("-board-early", "-board-middle", "-board-late", "-hand", "-sheet", "-d9-", "-ja"):
        assert any(kind in n for n in names), kind
    for name in names:
        assert decode((tmp_path / name).read_bytes()).format == "PNG"
    animations = sorted(p.name for p in tmp_path.glob("*.gif"))
    assert any(n.startswith("replay-") for n in animations)
    assert all(decode((tmp_path / n).read_bytes()).format == "GIF" for n in animations)
    for kind in ("rating-chart", "bracket-", "swiss-standings"):
        assert any(n.startswith(kind) for n in names), kind
    page = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert all(f"({n})" in page for n in names + animations)
