"""Guessing codes is slowed well past reading the page: a wrong code spends its extra charge
whatever is left of the address's allowance, so a flood of guesses is answered a fraction as
often as a flood of right codes. The join box at / is held to the same charge."""

from __future__ import annotations

import urllib.error
import urllib.request
from urllib.parse import urlsplit

from tabletop.serve.server import WRONG_CODE_COST, Showing
from tests.share.table import WAIT, get, serving

FLOOD = 60
LIMITS = {"rate": 10.0, "burst": 20.0}


def _answered(urls: list[str], source: str, status: int) -> int:
    return sum(get(url, source=source)[0] == status for url in urls)


def _followed(url: str) -> tuple[int, str]:
    """The status and text at the end of the redirects a browser follows."""
    try:
        with urllib.request.urlopen(url, timeout=WAIT) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode()


def _wrong(code: str, k: int) -> str:
    return "".join("a" if c != "a" else "b" for c in code[:4]) + f"{k:08d}"[-8:]


def test_a_flood_of_wrong_codes_is_answered_far_less_often_than_right_ones():
    with serving(Showing(b"\x89PNG", "Exchange 1", {}), **LIMITS) as server:
        right = _answered([server.url] * FLOOD, "127.0.0.2", 200)
        guesses = [server.url.replace(server.join_code, _wrong(server.join_code, k)) for k in range(FLOOD)]
        wrong = _answered(guesses, "127.0.0.3", 403)
        assert right >= LIMITS["burst"], "every right code within the burst is answered"
        assert wrong >= 1 and wrong * WRONG_CODE_COST / 2 <= right, (wrong, right)


def test_the_join_box_opens_the_table_with_the_code_as_typed_and_charges_a_wrong_one():
    with serving(Showing(b"\x89PNG", "Exchange 1", {}), **LIMITS) as server:
        root = "http://" + urlsplit(server.url).netloc
        status, page = get(root + "/")
        assert status == 200 and 'name="code"' in page and "join code" in page
        typed = " ".join(server.join_code[k : k + 4] for k in range(0, 12, 4)).upper()
        status, page = _followed(f"{root}/join?code={typed.replace(' ', '+')}")
        assert status == 200 and '<script src="page.js">' in page, "the code as typed opens the table"
        status, page = _followed(f"{root}/join?code={_wrong(server.join_code, 1)}")
        assert status == 200 and '<p id="wrong">' in page and "opens nothing" in page
        guesses = [f"{root}/join?code={_wrong(server.join_code, k)}" for k in range(FLOOD)]
        answered = sum(_followed(url)[0] == 200 for url in guesses)
        assert answered * WRONG_CODE_COST / 2 <= FLOOD, answered
