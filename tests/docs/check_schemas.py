#!/usr/bin/python3
"""Checks docs/schema/*.schema.json (JSON Schema 2020-12) against the files they describe.

Every sample project's project.json, prefabs, scenes and tilesets must validate, and so must the valid files
of tests/data/broken; the broken files a schema can see through (wrong types, unknown fields,
values out of range, paths leaving the project, newer versions) must be rejected.

Usage: check_schemas.py SOURCE_DIR   (run by ctest as schema_checks; needs Debian's
python3-jsonschema, installed by scripts/setup.sh)
"""

import glob
import json
import os
import sys

try:
    import jsonschema
except ImportError:
    print("check_schemas: python3-jsonschema is missing (scripts/setup.sh installs it)")
    sys.exit(1)

# Broken files the schemas must reject, with the reason a schema sees.
REJECTED = {
    "tests/data/broken/scenes/bad_enum.scene.json": "Shape.kind is not rect or circle",
    "tests/data/broken/scenes/negative_size.scene.json": "Shape.size below 0",
    "tests/data/broken/scenes/newer_version.scene.json": "version 99",
    "tests/data/broken/scenes/null_number.scene.json": "null in a vec2",
    "tests/data/broken/scenes/unknown_field.scene.json": "Shape has no field colour",
    "tests/data/broken/scenes/wrong_format.scene.json": "format diorama.prefab",
    "tests/data/broken/scenes/wrong_type.scene.json": "a string for a vec2",
    "tests/data/broken/scenes/absolute_path.scene.json": "an absolute asset path",
    "tests/data/broken/scenes/escaping_path.scene.json": "an asset path with ..",
}
# Valid files outside projects/ that must be accepted.
ACCEPTED = [
    "tests/data/broken/project.json",
    "tests/data/broken/prefabs/block.prefab.json",
    "tests/data/broken/scenes/good.scene.json",
]


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else "."
    schema_dir = os.path.join(source, "docs", "schema")
    schemas = {}
    for path in sorted(glob.glob(os.path.join(schema_dir, "*.schema.json"))):
        with open(path) as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
        schemas[os.path.basename(path)] = schema
    store = {s["$id"]: s for s in schemas.values()}

    def validator(name):
        schema = schemas[name]
        resolver = jsonschema.RefResolver.from_schema(schema, store=store)
        return jsonschema.Draft202012Validator(schema, resolver=resolver)

    by_kind = {
        "project": validator("project.schema.json"),
        "scene": validator("scene.schema.json"),
        "prefab": validator("prefab.schema.json"),
        "tileset": validator("tileset.schema.json"),
    }

    def kind_of(path):
        if path.endswith(".scene.json"):
            return "scene"
        if path.endswith(".prefab.json"):
            return "prefab"
        if path.endswith(".tileset.json"):
            return "tileset"
        return "project"

    def errors_of(relative):
        try:
            with open(os.path.join(source, relative)) as f:
                document = json.load(f)
        except ValueError as e:
            return ["not JSON: %s" % e]
        found = by_kind[kind_of(relative)].iter_errors(document)
        return ["%s: %s" % ("/".join(str(p) for p in e.absolute_path) or "(top)", e.message)
                for e in found]

    accepted = list(ACCEPTED)
    projects = sorted(glob.glob(os.path.join(source, "projects", "*", "project.json")))
    if not projects:
        print("check_schemas: no projects/*/project.json under %s" % source)
        return 1
    for project_file in projects:
        folder = os.path.dirname(project_file)
        with open(project_file) as f:
            project = json.load(f)
        accepted.append(os.path.relpath(project_file, source))
        for key, suffix in (("prefab_folder", ".prefab.json"), ("scene_folder", ".scene.json"),
                            ("tileset_folder", ".tileset.json")):
            sub = os.path.join(folder, project.get(key, key.split("_")[0] + "s"))
            for path in sorted(glob.glob(os.path.join(sub, "**", "*" + suffix), recursive=True)):
                accepted.append(os.path.relpath(path, source))

    passed = failed = 0
    for relative in accepted:
        problems = errors_of(relative)
        if problems:
            failed += 1
            print("FAIL %s must validate:\n  %s" % (relative, "\n  ".join(problems)))
        else:
            passed += 1
            print("ok   %s validates" % relative)
    for relative, why in REJECTED.items():
        if errors_of(relative):
            passed += 1
            print("ok   %s is rejected (%s)" % (relative, why))
        else:
            failed += 1
            print("FAIL %s must be rejected (%s) but validates" % (relative, why))
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
