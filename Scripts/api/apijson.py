#!/usr/bin/env python3
"""Helpers of Scripts/check-api.sh for the JSON that `swift-api-digester -dump-sdk` writes.

    apijson.py normalize DIR MODULE...
        Writes the public API of each DIR/MODULE.raw.json to DIR/MODULE.json: the dump without the declarations the
        digester marks "isInternal" (`package` and `@usableFromInline internal` ones, which are
        not the public API) and without the `SwiftOnoneSupport` import (present in debug builds
        only). Everything else is kept as the digester wrote it.

    apijson.py compare BASELINE_DIR CURRENT_DIR MODULE...
        Compares each BASELINE_DIR/MODULE.json with CURRENT_DIR/MODULE.json and prints, one a
        line, what `swift-api-digester -diagnose-sdk` does not:
          "added N"   the public declarations (by USR) new since the baseline, all modules
          "MODULE: Import X is no longer re-exported (@_exported)"   a breaking change
"""
import json
import os
import sys

DECL_KINDS = {
    "TypeDecl", "Function", "Var", "Constructor", "Subscript", "TypeAlias",
    "AssociatedType", "Macro", "Operator",
}


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def strip(node):
    children = node.get("children")
    if children is not None:
        kept = []
        for child in children:
            if child.get("isInternal"):
                continue
            if child.get("kind") == "Import" and child.get("name") == "SwiftOnoneSupport":
                continue
            kept.append(strip(child))
        node["children"] = kept
    return node


def normalize(raw, out):
    dump = load(raw)
    strip(dump["ABIRoot"])
    with open(out, "w", encoding="utf-8") as f:
        json.dump(dump, f, indent=2, ensure_ascii=False)
        f.write("\n")


def decl_usrs(node, acc):
    if node.get("kind") in DECL_KINDS and node.get("usr"):
        acc.add(node["usr"])
    for child in node.get("children", []):
        decl_usrs(child, acc)
    return acc


def exported_imports(root):
    return {
        c["name"] for c in root.get("children", [])
        if c.get("kind") == "Import" and "Exported" in (c.get("declAttributes") or [])
    }


def compare(baseline, current, module):
    base, cur = load(baseline)["ABIRoot"], load(current)["ABIRoot"]
    added = len(decl_usrs(cur, set()) - decl_usrs(base, set()))
    breaks = [
        f"{module}: Import {name} is no longer re-exported (@_exported)"
        for name in sorted(exported_imports(base) - exported_imports(cur))
    ]
    return added, breaks


def main(argv):
    if len(argv) >= 4 and argv[1] == "normalize":
        for module in argv[3:]:
            normalize(os.path.join(argv[2], module + ".raw.json"), os.path.join(argv[2], module + ".json"))
    elif len(argv) >= 5 and argv[1] == "compare":
        added, breaks = 0, []
        for module in argv[4:]:
            base = os.path.join(argv[2], module + ".json")
            if not os.path.exists(base):
                continue  # check-api.sh reports the missing baseline
            a, b = compare(base, os.path.join(argv[3], module + ".json"), module)
            added, breaks = added + a, breaks + b
        print(f"added {added}")
        for line in breaks:
            print(line)
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
