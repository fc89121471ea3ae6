"""A validator for the subset of JSON Schema (2020-12) that docs/schema/*.json uses.

The venv is pinned and has no `jsonschema`; this covers: type (one or a list), enum,
const, required, properties, additionalProperties (false), pattern, minLength, minimum,
items, minItems, maxItems, uniqueItems, allOf, if/then/else and local `$ref`s. Anything
else in a schema is an error, so the schemas cannot silently outgrow it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

SCHEMAS = Path(__file__).resolve().parents[2] / "docs" / "schema"
KNOWN = {
    "$schema", "$id", "title", "description", "$defs", "type", "enum", "const", "required",
    "properties", "additionalProperties", "pattern", "minLength", "minimum", "items",
    "minItems", "maxItems", "uniqueItems", "allOf", "if", "then", "else", "$ref",
}
TYPES = {
    "object": dict,
    "array": list,
    "string": str,
    "null": type(None),
    "boolean": bool,
}


def load(name: str) -> dict:
    return json.loads((SCHEMAS / name).read_text(encoding="utf-8"))


def is_type(value, name: str) -> bool:
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, TYPES[name])


def errors(value, schema: dict, root: dict | None = None, path: str = "$") -> list:
    root = root if root is not None else schema
    unknown = set(schema) - KNOWN
    if unknown:
        raise ValueError(f"schema keyword(s) not supported: {sorted(unknown)}")
    out = []
    if "$ref" in schema:
        ref = schema["$ref"]
        assert ref.startswith("#/"), ref
        target = root
        for part in ref[2:].split("/"):
            target = target[part]
        out += errors(value, target, root, path)
    if "type" in schema:
        names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(is_type(value, n) for n in names):
            return out + [f"{path}: expected {' or '.join(names)}, got {type(value).__name__}"]
    if "enum" in schema and value not in schema["enum"]:
        out.append(f"{path}: {value!r} is not one of {schema['enum']}")
    if "const" in schema and value != schema["const"]:
        out.append(f"{path}: {value!r} is not {schema['const']!r}")
    if isinstance(value, str):
        if "minLength" in schema and len(value) < schema["minLength"]:
            out.append(f"{path}: shorter than {schema['minLength']}")
        if "pattern" in schema and not re.search(schema["pattern"], value):
            out.append(f"{path}: {value!r} does not match {schema['pattern']}")
    if is_type(value, "number") and "minimum" in schema and value < schema["minimum"]:
        out.append(f"{path}: {value} < {schema['minimum']}")
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                out.append(f"{path}: missing {key!r}")
        props = schema.get("properties", {})
        for key, item in value.items():
            if key in props:
                out += errors(item, props[key], root, f"{path}.{key}")
            elif schema.get("additionalProperties", True) is False:
                out.append(f"{path}: unknown field {key!r}")
    if isinstance(value, list):
        if "minItems" in schema and len(value) < schema["minItems"]:
            out.append(f"{path}: fewer than {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            out.append(f"{path}: more than {schema['maxItems']} items")
        if schema.get("uniqueItems") and len({json.dumps(v, sort_keys=True) for v in value}) != len(value):
            out.append(f"{path}: items are not unique")
        if "items" in schema:
            for i, item in enumerate(value):
                out += errors(item, schema["items"], root, f"{path}[{i}]")
    for sub in schema.get("allOf", []):
        out += errors(value, sub, root, path)
    if "if" in schema:
        branch = "then" if not errors(value, schema["if"], root, path) else "else"
        if branch in schema:
            out += errors(value, schema[branch], root, path)
    return out
