"""Reading YAML/JSON documents safely, with located errors.

Variant files and logs are read here.  YAML aliases are refused (they are never
needed in these files, and refusing them defeats "billion laughs" alias bombs before
any expansion), duplicate mapping keys are refused, and every problem names the
file, the line and column, and the reason.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

import yaml
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node

from .errors import SpeedrulesError

MAX_DOCUMENT_BYTES = 64 * 1024 * 1024


class DocumentError(SpeedrulesError):
    """A document could not be read: ``location`` says where, ``reason`` says why."""

    def __init__(self, location: str, reason: str) -> None:
        self.location = location
        self.reason = reason
        super().__init__(f"{location}: {reason}" if location else reason)


class _StrictLoader(yaml.SafeLoader):
    """A safe loader that refuses aliases and duplicate keys."""

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        if self.check_event(AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]
            mark = event.start_mark
            raise yaml.MarkedYAMLError(
                problem=f"YAML aliases (*{event.anchor}) are not allowed in speedrules files",
                problem_mark=mark,
            )
        return super().compose_node(parent, index)

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                duplicate = key in seen
                seen.add(key)
            except TypeError:
                raise yaml.MarkedYAMLError(
                    problem="a mapping key must be a plain value", problem_mark=key_node.start_mark
                ) from None
            if duplicate:
                raise yaml.MarkedYAMLError(problem=f"duplicate key {key!r}", problem_mark=key_node.start_mark)
        return super().construct_mapping(node, deep=deep)


def _yaml_error(name: str, err: yaml.YAMLError) -> DocumentError:
    mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
    problem = getattr(err, "problem", None) or str(err)
    context = getattr(err, "context", None)
    reason = f"not valid YAML: {problem}" + (f" ({context})" if context else "")
    if mark is not None:
        return DocumentError(f"{name}: line {mark.line + 1}, column {mark.column + 1}", reason)
    return DocumentError(name, reason)


def parse_text(text: str, name: str) -> Any:
    """Parse JSON or YAML text (JSON first, as it is a fast path and a YAML subset)."""
    if text.lstrip()[:1] in ("{", "["):
        try:
            return json.loads(text)
        except json.JSONDecodeError as err:
            json_error = DocumentError(f"{name}: line {err.lineno}, column {err.colno}", f"not valid JSON: {err.msg}")
        except RecursionError:
            raise DocumentError(name, "not readable: nested too deeply") from None
        try:  # YAML flow syntax looks like JSON; if YAML cannot read it either, the JSON error is the useful one.
            return yaml.load(text, Loader=_StrictLoader)
        except (yaml.YAMLError, RecursionError):
            raise json_error from None
    try:
        return yaml.load(text, Loader=_StrictLoader)
    except yaml.YAMLError as err:
        raise _yaml_error(name, err) from None
    except RecursionError:
        raise DocumentError(name, "not readable: nested too deeply") from None


def read_text(source: str | Path | IO[str] | IO[bytes]) -> tuple[str, str]:
    """Return ``(text, name)`` of a path or an open file, with a located error if unreadable."""
    if isinstance(source, (str, Path)):
        path = Path(source)
        name = str(source)
        try:
            if path.is_dir():
                raise DocumentError(name, "cannot read: it is a directory")
            size = path.stat().st_size
            if size > MAX_DOCUMENT_BYTES:
                raise DocumentError(name, f"cannot read: {size} bytes is over the {MAX_DOCUMENT_BYTES} byte limit")
            data = path.read_bytes()
        except FileNotFoundError:
            raise DocumentError(name, "cannot read: no such file") from None
        except OSError as err:
            raise DocumentError(name, f"cannot read: {err.strerror or err}") from None
    else:
        name = str(getattr(source, "name", "<stream>"))
        raw = source.read()
        if isinstance(raw, str):
            return raw, name
        data = raw
    try:
        return data.decode("utf-8-sig"), name
    except UnicodeDecodeError as err:
        raise DocumentError(name, f"cannot read: not UTF-8 text (byte {err.start})") from None


def load_document(source: str | Path | IO[str] | IO[bytes]) -> tuple[Any, str]:
    """Read and parse a JSON or YAML document; return ``(data, name)``."""
    text, name = read_text(source)
    return parse_text(text, name), name


def json_path(path: Any) -> str:
    """Render a jsonschema path (a deque of keys and indices) as ``a.b[2].c``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"
