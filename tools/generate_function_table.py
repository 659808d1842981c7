#!/usr/bin/env python3
"""Writes PySC2's function table (573 functions, 13 argument types) as C++ rows.

Usage: tools/generate_function_table.py SPEC_DIR OUT_FILE
  e.g. /usr/bin/python3 tools/generate_function_table.py ../shared/spec client/pysc2/function_table.inc

Reads pysc2-actions.tsv and pysc2-action-args.tsv (the "actions" argument set only; the raw
set is not part of the feature action space), and from pysc2-raw-actions.tsv only the lowest
raw function id of each ability id (the order_id_* columns of feature_units). The output is committed and included by
client/pysc2/function_table.cpp, so it is the single source of the table in C++; rerun only when the
spec tables change. The script checks the tables before writing anything.
"""
import csv
import os
import re
import sys

FUNCTION_TYPES = [
    "no_op", "move_camera", "select_point", "select_rect", "select_unit", "control_group",
    "select_idle_worker", "select_army", "select_warp_gates", "select_larva", "unload",
    "build_queue", "cmd_quick", "cmd_screen", "cmd_minimap", "autocast",
]

# availability column text -> Availability enumerator in actions.h
AVAILABILITY = {
    "always": "always",
    "ui_data.multi present": "multi_panel",
    "player_common.idle_worker_count > 0": "idle_worker",
    "player_common.army_count > 0": "army",
    "player_common.warp_gate_count > 0": "warp_gates",
    "player_common.larva_count > 0": "larva",
    "ui_data.cargo present": "cargo_panel",
    "ui_data.production present": "production_panel",
    "ability listed": "ability",
    "ability listed (specific; hidden by default)": "ability_specific",
}

EXPECTED_FUNCTIONS = 573
EXPECTED_RAW_FUNCTIONS = 564
EXPECTED_ARGUMENT_TYPES = 13
MAX_ARGS = 3


def fail(message):
    sys.exit("generate_function_table: " + message)


def load_rows(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def argument_types(rows):
    """Returns [(id, name, kind, size, [value names])] in id order."""
    result = []
    for row in rows:
        if row["arg_set"] != "actions":
            continue
        kind = row["kind"]
        if kind == "point":
            size, names = 0, []  # sized by the action space (screen/minimap resolution)
        elif kind in ("enum", "scalar"):
            match = re.fullmatch(r"\((\d+),\)", row["sizes"].strip())
            if not match:
                fail(f"argument {row['name']}: cannot read size {row['sizes']!r}")
            size = int(match.group(1))
            names = []
            if kind == "enum":
                values = re.findall(r"(\d+)=(\w+)", row["values"])
                names = [name for _, name in values]
                if [int(index) for index, _ in values] != list(range(size)):
                    fail(f"argument {row['name']}: enum values {values} do not cover 0..{size - 1}")
        else:
            fail(f"argument {row['name']}: unknown kind {kind!r}")
        result.append((int(row["id"]), row["name"], kind, size, names))
    if [entry[0] for entry in result] != list(range(EXPECTED_ARGUMENT_TYPES)):
        fail(f"expected argument type ids 0..{EXPECTED_ARGUMENT_TYPES - 1}, got {[e[0] for e in result]}")
    return result


def functions(rows, arg_ids):
    result = []
    for expected_id, row in enumerate(rows):
        function_id = int(row["id"])
        if function_id != expected_id:
            fail(f"function ids must run 0..N in order; row {expected_id} has id {function_id}")
        if row["function_type"] not in FUNCTION_TYPES:
            fail(f"function {row['name']}: unknown type {row['function_type']!r}")
        if row["availability"] not in AVAILABILITY:
            fail(f"function {row['name']}: unknown availability {row['availability']!r}")
        args = [name for name in row["args"].split(",") if name]
        for name in args:
            if name not in arg_ids:
                fail(f"function {row['name']}: unknown argument type {name!r}")
        if len(args) > MAX_ARGS:
            fail(f"function {row['name']}: more than {MAX_ARGS} arguments")
        result.append((function_id, row["name"], row["function_type"], int(row["ability_id"]),
                       int(row["general_id"]), [arg_ids[name] for name in args],
                       AVAILABILITY[row["availability"]]))
    if len(result) != EXPECTED_FUNCTIONS:
        fail(f"expected {EXPECTED_FUNCTIONS} functions, got {len(result)}")
    return result


def raw_order_ids(rows):
    """Returns [(ability_id, lowest raw function id with it)] sorted by ability id."""
    lowest = {}
    for expected_id, row in enumerate(rows):
        function_id = int(row["id"])
        if function_id != expected_id:
            fail(f"raw function ids must run 0..N in order; row {expected_id} has id {function_id}")
        ability = int(row["ability_id"])
        if ability != 0 and ability not in lowest:
            lowest[ability] = function_id
    if len(rows) != EXPECTED_RAW_FUNCTIONS:
        fail(f"expected {EXPECTED_RAW_FUNCTIONS} raw functions, got {len(rows)}")
    return sorted(lowest.items())


RAW_TYPES = {"raw_no_op", "raw_move_camera", "raw_cmd", "raw_cmd_pt", "raw_cmd_unit", "raw_autocast"}


def raw_functions(rows):
    """Returns [(id, name, type, ability_id, general_id)] of every raw function, in id order."""
    result = []
    for expected_id, row in enumerate(rows):
        if int(row["id"]) != expected_id:
            fail(f"raw function ids must run 0..N in order; row {expected_id} has id {row['id']}")
        if row["function_type"] not in RAW_TYPES:
            fail(f"raw function {row['name']}: unknown type {row['function_type']!r}")
        result.append((expected_id, row["name"], row["function_type"], int(row["ability_id"]),
                       int(row["general_id"])))
    return result


def cpp_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render(arg_types, funcs, raw_orders, raw_funcs):
    lines = [
        "// GENERATED by tools/generate_function_table.py from the shared spec",
        "// (pysc2-actions.tsv, pysc2-action-args.tsv, pysc2-raw-actions.tsv). Do not edit by hand;",
        "// regenerate with:",
        "//   /usr/bin/python3 tools/generate_function_table.py ../shared/spec client/pysc2/function_table.inc",
        "// Included by client/pysc2/function_table.cpp inside an anonymous namespace.",
        "",
        "// {id, name, kind, size, {enum value names}}; points are sized by the action space.",
        f"constexpr ArgumentRow kArgumentRows[{len(arg_types)}] = {{",
    ]
    for arg_id, name, kind, size, names in arg_types:
        value_list = ", ".join(cpp_string(value) for value in names)
        kind_cpp = {"point": "point", "enum": "enumeration", "scalar": "scalar"}[kind]
        lines.append(f"    {{{arg_id}, {cpp_string(name)}, ArgumentKind::{kind_cpp}, {size}, "
                     f"{len(names)}, {{{value_list}}}}},")
    lines += [
        "};",
        "",
        "// {id, name, type, ability_id, general_id, arg count, {argument type ids}, availability}",
        f"constexpr FunctionRow kFunctionRows[{len(funcs)}] = {{",
    ]
    for function_id, name, ftype, ability, general, args, availability in funcs:
        arg_list = ", ".join(str(arg) for arg in args)
        lines.append(f"    {{{function_id}, {cpp_string(name)}, FunctionType::{ftype}, {ability}, "
                     f"{general}, {len(args)}, {{{arg_list}}}, Availability::{availability}}},")
    lines += [
        "};",
        "",
        "// {ability_id, lowest raw function id}, ascending ability id (feature_units order_id_*).",
        f"constexpr RawOrderRow kRawOrderRows[{len(raw_orders)}] = {{",
    ]
    for ability, function_id in raw_orders:
        lines.append(f"    {{{ability}, {function_id}}},")
    lines += [
        "};",
        "",
        "// {id, name, type, ability_id, general_id}: the raw interface's functions, in id order.",
        f"constexpr RawFunctionRow kRawFunctionRows[{len(raw_funcs)}] = {{",
    ]
    for function_id, name, ftype, ability, general in raw_funcs:
        lines.append(f"    {{{function_id}, {cpp_string(name)}, RawFunctionType::{ftype}, {ability}, {general}}},")
    lines += ["};", ""]
    return "\n".join(lines)


def main():
    if len(sys.argv) != 3:
        fail("usage: generate_function_table.py SPEC_DIR OUT_FILE")
    spec_dir, out_file = sys.argv[1], sys.argv[2]
    arg_types = argument_types(load_rows(os.path.join(spec_dir, "pysc2-action-args.tsv")))
    arg_ids = {name: arg_id for arg_id, name, _, _, _ in arg_types}
    funcs = functions(load_rows(os.path.join(spec_dir, "pysc2-actions.tsv")), arg_ids)
    raw_rows = load_rows(os.path.join(spec_dir, "pysc2-raw-actions.tsv"))
    raw_orders = raw_order_ids(raw_rows)
    text = render(arg_types, funcs, raw_orders, raw_functions(raw_rows))
    with open(out_file, "w", encoding="utf-8") as handle:
        handle.write(text)
    print(f"wrote {out_file}: {len(funcs)} functions, {len(arg_types)} argument types")


if __name__ == "__main__":
    main()
