#!/usr/bin/env python3
"""Counts a screen's glue: the lines of a view controller that connect the UI to its view model.

Glue is what sits between `// glue:begin` and `// glue:end` in a Swift file: bindings of outputs
to views, views' events sent into inputs, and the statements that start them (`transform`,
the bag). Layout, constraints, styling, cell classes and the view model's own code stay outside
the markers. A file may have several marked regions; they add up.

A line counts when it holds code: blank lines, comment-only lines (`//`, `///`, `/* ... */`) and
lines of closing brackets alone (`}`, `})`, `}.store(in: bag)` does count: it holds a call) do
not. A statement wrapped over three lines costs three. (The RxCocoa and Combine figures it is
compared with, in the "UIKit screens" article, are issue 42's, whose counting rule is not
recorded.)

Usage: count-glue.py FILE...               one line per file, then the total
       count-glue.py --max N FILE...       also fail (exit 1) when the total exceeds N
       count-glue.py --self-test           counts a planted sample (each rule above once)
"""
import re
import sys

BEGIN = re.compile(r"^\s*//\s*glue:begin\b")
END = re.compile(r"^\s*//\s*glue:end\b")
CLOSING_ONLY = re.compile(r"^[\s})\]]*$")


def glue_lines(path):
    """The counted lines of `path`, as (line number, text)."""
    counted, inside, in_block_comment = [], False, False
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        if BEGIN.match(line):
            if inside:
                raise SystemExit(f"{path}:{number}: glue:begin inside a glue region")
            inside = True
            continue
        if END.match(line):
            if not inside:
                raise SystemExit(f"{path}:{number}: glue:end without glue:begin")
            inside = False
            continue
        if not inside:
            continue
        text = line.strip()
        if in_block_comment:
            if "*/" in text:
                in_block_comment = False
                text = text.split("*/", 1)[1].strip()
            else:
                continue
        if text.startswith("/*"):
            if "*/" not in text:
                in_block_comment = True
            continue
        if not text or text.startswith("//") or CLOSING_ONLY.match(text):
            continue
        counted.append((number, line.rstrip("\n")))
    if inside:
        raise SystemExit(f"{path}: glue:begin without glue:end")
    return counted


SAMPLE = """\
let outside = 1
// glue:begin
let input = Input()

// a comment
/* a block
   comment */
output.items.bind { items in
    show(items)
}
}.store(in: bag)
    })
// glue:end
let alsoOutside = 2
// glue:begin
input.appeared.fire()
// glue:end
"""


def self_test():
    """Fails unless the sample counts the five lines that hold code inside the markers."""
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".swift", delete=False) as sample:
        sample.write(SAMPLE)
    counted = [text.strip() for _, text in glue_lines(sample.name)]
    expected = ["let input = Input()", "output.items.bind { items in", "show(items)",
                "}.store(in: bag)", "input.appeared.fire()"]
    if counted != expected:
        print(f"count-glue self-test: counted {counted}, expected {expected}", file=sys.stderr)
        return 1
    print("count-glue self-test: 5 of 5 lines")
    return 0


def main(arguments):
    if arguments == ["--self-test"]:
        return self_test()
    maximum = None
    if arguments[:1] == ["--max"]:
        maximum, arguments = int(arguments[1]), arguments[2:]
    if not arguments:
        print("usage: count-glue.py [--max N] FILE...", file=sys.stderr)
        return 2
    total = 0
    for path in arguments:
        count = len(glue_lines(path))
        total += count
        print(f"{count:4d}  {path}")
    print(f"{total:4d}  total")
    if maximum is not None and total > maximum:
        print(f"count-glue: {total} glue lines, more than {maximum}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
