#!/usr/bin/env bash
# docs-links.sh — check every internal link of the HTML docs (make check).
#
# usage: Documentation/docs/docs-links.sh [DIR]     (DIR: the built docs, $BUILD/docs)
#
# Reads every DIR/**/*.html and checks each href and src (and a cast's
# data-src) that is not a URL with a scheme (http:, https:, mailto: ... are
# not fetched): a relative path must name a file inside DIR (a folder, its
# index.html), and a #fragment, alone or after a page, an id (or <a name>)
# of that page. Paths starting with / and file: URLs are refused: the docs
# must work wherever the folder is. Prints one line per broken link, then
# a count. Needs python3 (its standard library only).
#
# Environment: BUILD [build].
# Exit status: 0 every link resolves; 1 some do not; 2 usage or no pages.
set -euo pipefail

BUILD=${BUILD:-build}
dir=${1:-$BUILD/docs}
[ $# -le 1 ] || { echo "usage: $0 [DIR]" >&2; exit 2; }
[ -d "$dir" ] || { echo "docs-links: no $dir: build the docs first (make docs)" >&2; exit 2; }

exec python3 - "$dir" <<'PY'
import html.parser, os, sys, urllib.parse

root = os.path.realpath(sys.argv[1])

class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.links = set(), []
    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value is None:
                continue
            if name == "id" or (tag == "a" and name == "name"):
                self.ids.add(value)
            elif name in ("href", "src") or (name == "data-src" and tag == "div"):
                self.links.append((self.getpos()[0], name, value))

pages = {}
for d, _, files in os.walk(root):
    for f in files:
        if f.endswith(".html"):
            path = os.path.join(d, f)
            p = Page()
            with open(path, encoding="utf-8") as fh:
                p.feed(fh.read())
            pages[path] = p
if not pages:
    print(f"docs-links: no .html file in {root}: build the docs first (make docs)")
    sys.exit(2)

def problem(page, value):
    url = urllib.parse.urlsplit(value)
    if url.scheme == "file" or value.startswith("/"):
        return "an absolute path: make it relative"
    if url.scheme or url.netloc:
        return None  # external: not fetched
    target = page
    if url.path:
        target = os.path.normpath(os.path.join(os.path.dirname(page), urllib.parse.unquote(url.path)))
        if os.path.commonpath([root, target]) != root:
            return "points outside the docs folder"
        if os.path.isdir(target):
            target = os.path.join(target, "index.html")
        if not os.path.isfile(target):
            return f"no file {os.path.relpath(target, root)}"
    if url.fragment:
        frag = urllib.parse.unquote(url.fragment)
        if target not in pages:
            return f"#{frag} in {os.path.relpath(target, root)}, which is not a page"
        if frag not in pages[target].ids:
            return f"no id \"{frag}\" in {os.path.relpath(target, root)}"
    elif not url.path:
        return "an empty link"
    return None

bad = count = 0
for page in sorted(pages):
    for line, attr, value in pages[page].links:
        count += 1
        why = problem(page, value)
        if why:
            bad += 1
            print(f"{os.path.relpath(page, root)}:{line}: {attr}=\"{value}\": {why}")
print(f"docs-links: {count} links in {len(pages)} pages, {bad} broken")
sys.exit(1 if bad else 0)
PY
