"""`tabletop serve MAP`: the join link (with its code) is the first line, a player's link
follows for each token handed; a save of the map on disk reaches an open page; Ctrl+C ends it
cleanly; bad input is one line."""

from __future__ import annotations

import signal
from urllib.parse import urlsplit

import pytest

from tabletop.cli.serve import UNREAD
from tabletop.io import load_map, save_map
from tabletop.serve.addresses import table_addresses
from tests.cli.run import tabletop
from tests.share.table import get, messages, serve_process, wait_until

pytestmark = pytest.mark.slow


@pytest.fixture
def warehouse(tmp_path, maps_dir):
    path = tmp_path / "warehouse.tabletop"
    save_map(load_map(maps_dir / "warehouse.tabletop"), path)
    return path


def test_the_first_line_is_the_join_link_and_a_save_reaches_the_page(warehouse):
    with serve_process(warehouse, "--player", "Gatto") as (process, lines):
        join, player = lines
        assert join.startswith("http://127.0.0.1:") and "/t/" in join
        assert player.startswith("Gatto: http://127.0.0.1:") and "/p/" in player
        assert get(join)[0] == 200 and get(join + "picture.png") == (200, "image/png")
        first = messages(join)[0]
        sheet = messages(player.split(" ", 1)[1])[0]["sheet"]
        assert sheet["shown"] and sheet["name"] == "Gatto"
        map_ = load_map(warehouse)
        gatto = next(t for t in map_.tokens if t.name == "Gatto")
        renamed = map_.model_copy(
            update={
                "tokens": [t.model_copy(update={"name": "Gatto the Bold"}) if t is gatto else t for t in map_.tokens]
            }
        )
        save_map(renamed, warehouse)
        wait_until(lambda: messages(join)[0]["version"] > first["version"], "the save reaches the page")
        assert messages(player.split(" ", 1)[1])[0]["sheet"]["name"] == "Gatto the Bold"
        process.send_signal(signal.SIGINT)
        assert process.wait(20) == 0
        assert "Traceback" not in process.stderr.read()


def test_listening_on_every_address_the_link_names_one_a_phone_can_open(warehouse):
    addresses = [address for address, _ in table_addresses()]
    with serve_process(warehouse, "--host", "0.0.0.0") as (process, lines):
        join = lines[0]
        host = urlsplit(join).hostname
        assert host != "0.0.0.0" and host in addresses
        assert host == (addresses[1] if len(addresses) > 1 else "127.0.0.1"), "the first on a network, as the dialog"
        assert get(join)[0] == 200, "the link opens"
        process.send_signal(signal.SIGINT)
        assert process.wait(20) == 0
        said = process.stderr.read()
    assert f"the links name {host}" in said and said.count("\n") == 1


def test_an_unknown_player_token_is_one_line(capsys, warehouse):
    done = tabletop(capsys, "serve", str(warehouse), "--port", "0", "--player", "Nobody")
    assert done.code == 2 and done.err.count("\n") == 1 and "Nobody" in done.err


def test_a_port_taken_is_one_line(capsys, qapp, warehouse):
    with serve_process(warehouse) as (_, lines):
        port = lines[0].split(":")[2].split("/")[0]
        done = tabletop(capsys, "serve", str(warehouse), "--port", port)
        assert done.code == 1 and done.err.count("\n") == 1 and port in done.err


def test_a_broken_or_deleted_file_is_told_to_the_open_pages_until_a_good_save(warehouse):
    good = warehouse.read_bytes()
    with serve_process(warehouse) as (process, lines):
        join = lines[0]
        assert messages(join)[0]["notice"] == ""
        warehouse.write_text("{ not a map")
        wait_until(lambda: messages(join)[0]["notice"] == UNREAD, "a broken file is told to the page")
        assert get(join + "picture.png") == (200, "image/png"), "the last good picture stays"
        warehouse.write_bytes(good)
        wait_until(lambda: messages(join)[0]["notice"] == "", "a good save clears it")
        warehouse.unlink()
        wait_until(lambda: messages(join)[0]["notice"] == UNREAD, "a deleted file is told too")
        process.send_signal(signal.SIGINT)
        assert process.wait(20) == 0
        said = process.stderr.read()
    assert "Traceback" not in said and "gone" in said and str(warehouse.name) in said
