"""The value sentence is the library's (play.hpp value_sentence), reached through the bindings:
the words `catmouse play --hints` prints and the server's JSON carries for the same position."""

from __future__ import annotations

import json

import pytest

import catmouse
from catmouse import Value


def test_a_position_reads_as_catmouse_play_and_the_server_say_it(examples):
    table = catmouse.solve(json.loads((examples / "leetcode1.json").read_text()))
    # Mouse on 4, cat on 1, cat to move: the same position as play_test.cpp and
    # server_api_test.cpp.
    assert str(table.value(4, 1, "cat")) == "mouse wins in 4 moves"
    assert str(table.value(4, 2, "cat")) == "cat wins in 1 move"
    assert str(table.value(4, 2, "mouse")) == "draw"


def test_every_kind_of_value():
    assert str(Value(1, 3)) == "mouse wins in 3 moves"
    assert str(Value(2, 1)) == "cat wins in 1 move"
    assert str(Value(2, 0)) == "cat wins in 0 moves"
    assert str(Value(1, None)) == "mouse wins"  # values only
    assert str(Value(0, None)) == "draw"


def test_the_words_come_from_the_library():
    for result, remoteness in [(0, None), (1, 7), (2, 1), (2, None)]:
        assert str(Value(result, remoteness)) == catmouse._core.value_sentence(result, remoteness)
    with pytest.raises(ValueError, match="result"):
        catmouse._core.value_sentence(3, None)
