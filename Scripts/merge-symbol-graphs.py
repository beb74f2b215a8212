#!/usr/bin/env python3
"""Adds to a module's Linux symbol graphs the symbols only the macOS graphs have.

  merge-symbol-graphs.py <linux graphs dir> <macOS graphs dir> <module>

Scripts/build-docs.sh builds the DocC archives on Linux, where `#if canImport(Combine)` and
`#if canImport(SwiftUI)` code is not compiled. Scripts/check-apple-platforms.sh writes the
macOS graphs. Giving DocC both graphs of a module makes it unify two platforms, and then
every link disambiguated by type signature fails; so the symbols missing from the Linux graph
(and the relationships that name them) are copied into it, under the Linux graph's platform.
A macOS extension graph (`Module@Other`) that Linux lacks is copied whole, with that platform.
"""
import json
import os
import sys

linux_dir, macos_dir, module = sys.argv[1:4]
names = [n for n in os.listdir(macos_dir)
         if n == f"{module}.symbols.json" or (n.startswith(f"{module}@") and n.endswith(".symbols.json"))]
main = os.path.join(linux_dir, f"{module}.symbols.json")
with open(main) as f:
    platform = json.load(f)["module"].get("platform")
added = 0
for name in sorted(names):
    with open(os.path.join(macos_dir, name)) as f:
        mac = json.load(f)
    target = os.path.join(linux_dir, name)
    if not os.path.exists(target):
        mac["module"]["platform"] = platform
        with open(target, "w") as f:
            json.dump(mac, f)
        added += len(mac.get("symbols", []))
        continue
    with open(target) as f:
        linux = json.load(f)
    known = {s["identifier"]["precise"] for s in linux.get("symbols", [])}
    new = [s for s in mac.get("symbols", []) if s["identifier"]["precise"] not in known]
    new_ids = {s["identifier"]["precise"] for s in new}
    linux["symbols"].extend(new)
    linux["relationships"].extend(
        r for r in mac.get("relationships", []) if r["source"] in new_ids or r["target"] in new_ids)
    with open(target, "w") as f:
        json.dump(linux, f)
    added += len(new)
print(f"{module}: {added} symbol(s) from the macOS graphs")
