"""docs/python.md's examples, run: each ```python block runs in the
project's top directory, and where the prose after it ends in "It prints:"
and a ```text block follows, what it prints must be exactly that text."""
import contextlib
import io
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
DOC = os.path.join(ROOT, "docs", "python.md")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.S | re.M)


def examples():
    """(code, expected output or None) for each python block."""
    text = open(DOC, encoding="utf-8").read()
    blocks = [(m.group(1), m.group(2), m.start(), m.end())
              for m in FENCE.finditer(text)]
    found = []
    for i, (lang, body, _, end) in enumerate(blocks):
        if lang != "python":
            continue
        expected = None
        if i + 1 < len(blocks) and blocks[i + 1][0] == "text":
            between = text[end:blocks[i + 1][2]]
            if between.strip().endswith("It prints:"):
                expected = blocks[i + 1][1]
        found.append((body, expected))
    return found


def test_the_page_has_examples():
    """The page has its examples, and at least four show their output."""
    found = examples()
    assert len(found) >= 4
    assert sum(expected is not None for _, expected in found) >= 4


@pytest.mark.parametrize("index", range(len(examples())))
def test_example(index, monkeypatch):
    code, expected = examples()[index]
    monkeypatch.chdir(ROOT)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, f"{DOC} example {index + 1}", "exec"), {})
    if expected is not None:
        assert out.getvalue() == expected
