#!/usr/bin/env python3
"""Turns every ```swift block of README.md and the DocC articles into compiled test code.

    Scripts/doc-snippets.py          # rewrite Tests/DocSnippetsTests/Generated/
    Scripts/doc-snippets.py --check  # exit 1 if Generated/ is not what the Markdown gives

Tests/DocSnippetsTests/README.md explains the mechanism, the annotations and the scaffolding.
In short: each Markdown file becomes one Swift file; each block is pasted verbatim, behind a
`#sourceLocation` line, so a compile error or warning names the Markdown file and line.

  * A block of declarations (types, `@Test` functions, extensions of them) is pasted into the
    file's namespace, `@Suite struct <Stem>Doc`, so its tests run with `swift test`.
  * A block with statements becomes a method of that namespace, `block<line>()` or the name
    given by `name=`; hand-written tests (Tests/DocSnippetsTests/Claims/) call it to check
    what it prints or emits. Statements that need an object (`bind(with: self)`) are written
    with `method-of=<Type>`: the block becomes a method of that scaffold type.
  * A block that imports anything beyond the package's modules, Testing, Foundation and
    Dispatch, or imports one declaration (`import struct Signals.Observable`), goes into a file
    of its own, inside `#if canImport(<module>)` for modules Linux lacks (SwiftUI, Combine).
  * A Package.swift fragment (`dependencies: [ .package(...) ]`) becomes the arguments of a
    whole manifest in Tests/DocSnippetsTests/Manifests/<Stem><line>/Package.swift, which
    `DocManifestTests` loads with `swift package dump-package`.
  * `skip="reason"` leaves a block out (only code of another library: RxSwift, Combine, …).

Annotations are an HTML comment on the line right before the fence (invisible on GitHub and
in DocC): `<!-- snippet: name=firstStream -->`, `<!-- snippet: method-of=SearchController -->`,
`<!-- snippet: skip="RxSwift" -->`.
"""

import glob
import os
import re
import shlex
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
OUT = os.path.join("Tests", "DocSnippetsTests", "Generated")
MANIFESTS = os.path.join("Tests", "DocSnippetsTests", "Manifests")
PACKAGE_MODULES = {
    "Signals", "SignalsTesting", "SignalsVirtualTime", "SignalsPaging", "SignalsObservation",
    "SignalsFoundation", "SignalsPhotoDomain", "SignalsPhotoData", "SignalsPhotoList", "SignalsPhotoSearch",
    "Testing", "Foundation", "Dispatch",
}
ALWAYS_IMPORTED = ["Signals", "SignalsTesting", "Testing"]
DECLARATION = re.compile(
    r"^(@|import\b|final\b|class\b|struct\b|enum\b|actor\b|protocol\b|extension\b|func\b|"
    r"typealias\b|public\b|package\b|private\b|fileprivate\b|internal\b|nonisolated\b|#if\b|#else\b|#elseif\b|#endif\b|\}|///)"
)
ANNOTATION = re.compile(r"^\s*<!--\s*snippet:(.*?)-->\s*$")


def markdown_files():
    files = ["README.md"] + sorted(glob.glob("Sources/*/*.docc/*.md", root_dir=ROOT))
    return [f for f in files if os.path.exists(os.path.join(ROOT, f))]


def fnv1a(text):
    """64-bit FNV-1a of the UTF-8 bytes; DocSnippetsIndexTests computes the same in Swift."""
    value = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        value ^= byte
        value = (value * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return value


def blocks(path):
    """(first code line, annotation dict, annotation text, code lines) of each ```swift block."""
    lines = open(os.path.join(ROOT, path), encoding="utf-8").read().split("\n")
    found, index = [], 0
    while index < len(lines):
        if lines[index].strip() == "```swift":
            annotation_text = ""
            if index > 0 and ANNOTATION.match(lines[index - 1]):
                annotation_text = ANNOTATION.match(lines[index - 1]).group(1).strip()
            end = index + 1
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            if end == len(lines):
                sys.exit(f"{path}:{index + 1}: error: this ```swift block is never closed")
            options = {}
            for word in shlex.split(annotation_text):
                key, _, value = word.partition("=")
                options[key] = value
            unknown = set(options) - {"name", "method-of", "returns", "skip"}
            if unknown:
                sys.exit(f"{path}:{index}: error: unknown snippet option(s) {sorted(unknown)}")
            found.append((index + 2, options, annotation_text, lines[index + 1:end]))
            index = end
        index += 1
    return found


def stem_type(path):
    stem = os.path.splitext(os.path.basename(path))[0]
    return re.sub(r"[^A-Za-z0-9]", "", stem) + "Doc"


def split_imports(code):
    """The block's import lines (blanked in the code, so line numbers stay) and the rest."""
    imports, rest = [], []
    for line in code:
        if re.match(r"^import\s", line):
            imports.append(line.strip())
            rest.append("")
        else:
            rest.append(line)
    return imports, rest


def needs_own_file(imports):
    for statement in imports:
        parts = statement.split()
        if len(parts) != 2 or parts[1] not in PACKAGE_MODULES:
            return True
    return False


def is_declarations(code):
    for line in code:
        if not line.strip() or line.startswith((" ", "\t")) or line.startswith("//"):
            continue
        if not DECLARATION.match(line):
            return False
    return True


def is_manifest(code):
    statements = [line.strip() for line in code if line.strip() and not line.strip().startswith("//")]
    return bool(statements) and statements[0].startswith(("dependencies:", "products:", "targets:"))


def located(path, line, code, indent=""):
    out = [f'#sourceLocation(file: "{path}", line: {line})']
    out += [indent + text if text else "" for text in code]
    out.append("#sourceLocation()")
    return out


def header(path):
    return [
        f"// Generated by Scripts/doc-snippets.py from {path}: do not edit.",
        "// Edit the Markdown, then run Scripts/doc-snippets.py (Tests/DocSnippetsTests/README.md).",
    ]


def generate():
    """Maps each generated file name to its text."""
    outputs = {}
    index_entries = []
    manifest_entries = []
    for path in markdown_files():
        namespace = stem_type(path)
        members, outside, imports = [], [], set(ALWAYS_IMPORTED)
        own_module = re.match(r"^Sources/\w+/(\w+)\.docc/", path)  # the catalog is named after its module
        if own_module:
            imports.add(own_module.group(1))  # an article is about its own module
        used_names = set()
        for line, options, annotation_text, code in blocks(path):
            index_entries.append((path, line, fnv1a(annotation_text + "\n" + "\n".join(code))))
            if "skip" in options:
                if not options["skip"]:
                    sys.exit(f"{path}:{line}: error: skip needs a reason: skip=\"RxSwift\"")
                continue
            block_imports, rest = split_imports(code)
            name = options.get("name") or f"block{line}"
            if is_manifest(rest):
                # `#sourceLocation` cannot stand in an argument list: the fragment starts on line 8.
                manifest = ["// swift-tools-version: 6.0"] + header(path) + [
                    f"// Line 8 is {path}:{line}.", "import PackageDescription", "let package = Package(", '    name: "App",',
                ] + ["    " + text if text else "" for text in rest] + [")"]
                outputs[os.path.join("..", "Manifests", f"{namespace}{line}", "Package.swift")] = "\n".join(manifest) + "\n"
                manifest_entries.append((f"Manifests/{namespace}{line}", path, line))
                continue
            if name in used_names:
                sys.exit(f"{path}:{line}: error: two blocks named {name}")
            used_names.add(name)
            returns = f" -> {options['returns']}" if options.get("returns") else ""
            if needs_own_file(block_imports):
                foreign = [s.split()[-1].split(".")[0] for s in block_imports
                           if s.split()[-1].split(".")[0] not in PACKAGE_MODULES]
                own = header(path)
                guards = sorted(set(foreign))
                if guards:
                    own.append("#if " + " && ".join(f"canImport({m})" for m in guards))
                own += sorted(set(block_imports) | {f"import {m}" for m in ALWAYS_IMPORTED})
                own += ["", f"@Suite struct {namespace}{name[0].upper()}{name[1:]} {{"]
                if is_declarations(rest):
                    own += located(path, line, rest, "    ")
                else:
                    own += [f"    func {name}() async throws {{"] + located(path, line, rest, "        ") + ["    }"]
                own.append("}")
                if guards:
                    own.append("#endif")
                outputs[f"{namespace}{name[0].upper()}{name[1:]}.swift"] = "\n".join(own) + "\n"
                continue
            imports |= {s.split()[1] for s in block_imports}
            if "method-of" in options and is_declarations(rest) and "name" not in options:
                # Members of the scaffold type (a method written out whole).
                outside += ["", f"extension {namespace}.{options['method-of']} {{"]
                outside += located(path, line, rest, "    ") + ["}"]
            elif "method-of" in options:
                outside += ["", f"extension {namespace}.{options['method-of']} {{",
                            f"    func {name}() async throws{returns} {{"]
                outside += located(path, line, rest, "        ") + ["    }", "}"]
            elif is_declarations(rest) and "name" not in options:
                # Extensions cannot nest: they go to file scope, naming the namespace's type.
                if any(text.startswith("extension ") for text in rest):
                    rest = [re.sub(r"^extension (\w+)", rf"extension {namespace}.\1", text) for text in rest]
                    outside += [""] + located(path, line, rest)
                else:
                    members += [""] + located(path, line, rest, "    ")
            else:
                members += ["", f"    func {name}() async throws{returns} {{"]
                members += located(path, line, rest, "        ") + ["    }"]
        if not members and not outside:
            continue
        text = header(path) + [f"import {m}" for m in sorted(imports)] + [""]
        text += [f"@Suite struct {namespace} {{",
                 "    /// What the blocks printed: `print` in a block's statements writes here.",
                 "    let printed = PrintLog()",
                 "",
                 "    func print(_ items: Any..., separator: String = \" \", terminator: String = \"\\n\") {",
                 "        printed.print(items, separator: separator, terminator: terminator)",
                 "    }",
                 ] + members + ["}"] + outside
        outputs[f"{namespace}.swift"] = "\n".join(text) + "\n"
    index = header("README.md and Sources/*/*.docc/*.md") + [
        "",
        "/// Every ```swift block of the Markdown files: where it starts and the FNV-1a hash of its",
        "/// annotation and code. `DocSnippetsIndexTests` rereads the Markdown and fails, at the",
        "/// block's file and line, where a block differs from the one compiled here.",
        "enum DocSnippetsIndex {",
        "    static let blocks: [(file: String, line: Int, hash: UInt64)] = [",
    ]
    index += [f'        ("{f}", {l}, 0x{h:016X}),' for f, l, h in index_entries]
    index += ["    ]", "", "    /// The manifests made of Package.swift fragments, under Tests/DocSnippetsTests/Manifests.",
              "    static let manifests: [(directory: String, file: String, line: Int)] = ["]
    index += [f'        ("{d}", "{f}", {l}),' for d, f, l in manifest_entries]
    index += ["    ]", "}"]
    outputs["DocSnippetsIndex.swift"] = "\n".join(index) + "\n"
    return outputs


def main():
    check = "--check" in sys.argv[1:]
    outputs = generate()
    directory = os.path.join(ROOT, OUT)
    existing = set()
    if os.path.isdir(directory):
        existing = {f for f in os.listdir(directory) if f.endswith(".swift")}
    manifests = os.path.join(ROOT, MANIFESTS)
    if os.path.isdir(manifests):
        existing |= {os.path.join("..", "Manifests", d, "Package.swift") for d in os.listdir(manifests)}
    if check:
        stale = sorted(f for f in set(outputs) | existing
                       if f not in outputs or f not in existing
                       or open(os.path.join(directory, f), encoding="utf-8").read() != outputs[f])
        if stale:
            print(f"error: {OUT} is not what the Markdown gives ({', '.join(stale)}); "
                  "run Scripts/doc-snippets.py", file=sys.stderr)
            sys.exit(1)
        print(f"{OUT}: up to date ({len(outputs)} files)")
        return
    os.makedirs(directory, exist_ok=True)
    for name in existing - set(outputs):
        os.remove(os.path.join(directory, name))
        if name.startswith(".."):
            os.rmdir(os.path.dirname(os.path.join(directory, name)))
    for name, text in outputs.items():
        os.makedirs(os.path.dirname(os.path.join(directory, name)), exist_ok=True)
        with open(os.path.join(directory, name), "w", encoding="utf-8") as handle:
            handle.write(text)
    print(f"{OUT} and {MANIFESTS}: {len(outputs)} files from {len(markdown_files())} Markdown files")


if __name__ == "__main__":
    main()
