#!/usr/bin/env python3
"""Writes our ten SC2 API .proto files from the field table in the shared spec.

Usage: tools/generate_protos.py SPEC_TSV OUT_DIR [EXTENSIONS_TSV]
The table (sc2api-fields.tsv) lists every message, enum, field and enum value with its
number, label, oneof and declaration order; this script turns it back into proto2 text.
EXTENSIONS_TSV (proto/sc2lite_extensions.tsv, same columns) adds sc2lite's own messages and
fields, numbered far from the real ones; each is marked in the output (proto/README.md).
The output is committed under proto/s2clientprotocol/; rerun only when a table changes:
  tools/generate_protos.py ../shared/spec/sc2api-fields.tsv proto/s2clientprotocol proto/sc2lite_extensions.tsv
"""
import csv
import sys
from collections import OrderedDict, defaultdict

PACKAGE = "SC2APIProtocol"


EXTENSION_MARK = "  // sc2lite extension, not in the real API (proto/README.md)"


def load_rows(path, extension=False):
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    for row in rows:
        row["extension"] = extension
    return rows


class TypeDecl:
    def __init__(self, file, full_name, kind):
        self.file = file
        self.full_name = full_name
        self.kind = kind  # "message" or "enum"
        self.members = []  # rows of kind field / enum_value
        self.children = []  # nested TypeDecl, in first-seen order
        self.extension = False  # declared by the extensions table

    @property
    def short_name(self):
        return self.full_name.rsplit(".", 1)[-1]


def build_types(rows):
    types = OrderedDict()
    for row in rows:
        if row["kind"] in ("message", "enum"):
            types[row["message_or_enum"]] = TypeDecl(row["file"], row["message_or_enum"], row["kind"])
            types[row["message_or_enum"]].extension = row["extension"]
    for row in rows:
        if row["kind"] in ("field", "enum_value"):
            types[row["message_or_enum"]].members.append(row)
    for decl in types.values():
        decl.members.sort(key=lambda r: int(r["order"]))
        if "." in decl.full_name:
            types[decl.full_name.rsplit(".", 1)[0]].children.append(decl)
    return types


def field_type(row):
    if row["type_kind"] == "scalar":
        return row["type"]
    return "." + PACKAGE + "." + row["type_resolved"]


def write_enum(decl, indent, out):
    pad = "  " * indent
    out.append(f"{pad}enum {decl.short_name} {{")
    for value in decl.members:
        out.append(f"{pad}  {value['name']} = {value['number']};")
    out.append(f"{pad}}}")


def mark(row, decl):
    # A field added to a real message is marked; an extension message is marked once.
    return EXTENSION_MARK if row["extension"] and not decl.extension else ""


def write_message(decl, indent, out):
    pad = "  " * indent
    if decl.extension:
        out.append(f"{pad}//{EXTENSION_MARK[4:]}")
    out.append(f"{pad}message {decl.short_name} {{")
    for child in decl.children:
        (write_enum if child.kind == "enum" else write_message)(child, indent + 1, out)
    written_oneofs = set()
    for field in decl.members:
        oneof = field["oneof"]
        if not oneof:
            out.append(f"{pad}  {field['label']} {field_type(field)} {field['name']} = {field['number']};{mark(field, decl)}")
            continue
        if oneof in written_oneofs:
            continue
        written_oneofs.add(oneof)
        out.append(f"{pad}  oneof {oneof} {{")
        for member in decl.members:
            if member["oneof"] == oneof:
                out.append(f"{pad}    {field_type(member)} {member['name']} = {member['number']};{mark(member, decl)}")
        out.append(f"{pad}  }}")
    out.append(f"{pad}}}")


def imports_of(file, types):
    needed = set()
    for decl in types.values():
        if decl.file != file or decl.kind != "message":
            continue
        for field in decl.members:
            if field["type_kind"] != "scalar":
                other = types[field["type_resolved"]].file
                if other != file:
                    needed.add(other)
    return sorted(needed)


def main():
    spec_tsv, out_dir = sys.argv[1], sys.argv[2]
    rows = load_rows(spec_tsv)
    if len(sys.argv) > 3:
        rows += load_rows(sys.argv[3], extension=True)
    types = build_types(rows)
    files = sorted({decl.file for decl in types.values()})
    for file in files:
        out = [
            "// SC2 API protocol, written for SC2 Studio from the field table in the shared spec",
            "// (tools/generate_protos.py). Wire- and name-compatible with the StarCraft II API.",
            'syntax = "proto2";',
            "",
            f"package {PACKAGE};",
            "",
        ]
        for other in imports_of(file, types):
            out.append(f'import "s2clientprotocol/{other}";')
        out.append("")
        for decl in types.values():
            if decl.file == file and "." not in decl.full_name:
                (write_enum if decl.kind == "enum" else write_message)(decl, 0, out)
                out.append("")
        with open(f"{out_dir}/{file}", "w", encoding="utf-8") as handle:
            handle.write("\n".join(out))


if __name__ == "__main__":
    main()
