"""Reading YAML/JSON documents safely, with located errors.

Variant files and logs are read here, and every input is treated as hostile:

- only a regular file is opened (never a directory, device, FIFO or socket), without
  blocking, and read with one capped read, so ``/dev/zero`` or a pipe cannot hang the
  reader or fill memory (:func:`read_file_bytes`);
- YAML aliases are refused (they are never needed in these files, and refusing them
  defeats "billion laughs" alias bombs before any expansion), so are explicit tags
  (``!!int``, ``!!python/object``: every value is a plain JSON value), implicit
  timestamps stay text, and over-long numbers are refused before they are converted;
- duplicate mapping keys are refused, in YAML and in JSON alike;
- every problem names the file, the line and column, and the reason, and quotes
  values only shortened (:func:`brief`).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import json.decoder
import json.scanner
import os
import re
import secrets
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, BinaryIO

import msgspec
import yaml
from yaml.events import AliasEvent, CollectionStartEvent, ScalarEvent
from yaml.nodes import MappingNode, Node, ScalarNode

from .checks import count_pairs as count_pairs
from .errors import SpeedrulesError, brief, did_you_mean

MAX_DOCUMENT_BYTES = 64 * 1024 * 1024
"""The most a log file (or one line of a JSON Lines archive) may hold."""

MAX_VARIANT_BYTES = 1024 * 1024
"""The most a variant file may hold: the bundled ones are about 2 KB."""

MAX_NUMBER_CHARS = 3000
"""The longest integer a YAML document may spell (a JSON one: Python's 4,300 digits)."""

MAX_PATH_PART = 255
"""The longest file name (one part of a path) that is looked up at all."""


class DocumentError(SpeedrulesError):
    """A document could not be read: ``location`` says where, ``reason`` says why."""

    def __init__(self, location: str, reason: str) -> None:
        self.location = location
        self.reason = reason
        super().__init__(f"{location}: {reason}" if location else reason)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled whole (to and from worker processes)."""
        return type(self), (self.location, self.reason)


# ---------------------------------------------------------------------- YAML


MAX_YAML_NODES = 40_000
"""The most values (scalars, lists, mappings) a YAML document may hold: a YAML log of some
6,000 events.  PyYAML reads a value in 20-40 us, so this bounds the time to about a second
(longer logs are JSON, read in C)."""

MAX_VARIANT_NODES = 20_000
"""The same for a variant file (a bundled one holds about 100)."""

MAX_YAML_FLOW_DEPTH = 16
"""The deepest nesting of YAML's bracketed lists and mappings (``[[...]]``, ``{a: {...}}``): a log
or a variant needs 5.  PyYAML's scanner pays for every token once per bracket open around it
(it keeps a possible simple key for each), so 40,000 values nested 300 deep took 4 times as long as
flat ones (5 s); nested 16 deep they take some 15% longer.  Refused where the bracket that goes
deeper stands, as the scanner meets it."""


_JSON_EXPONENT = re.compile(r"^[-+]?[0-9]+(\.[0-9]*)?[eE][-+]?[0-9]+$")
"""A number with an exponent (``1e+308``, ``1.5e3``): a float in JSON and YAML 1.2, text in
PyYAML's YAML 1.1 unless it has both a point and a signed exponent."""


def _plain_resolvers() -> dict[Any, list[tuple[str, Any]]]:
    """SafeLoader's implicit types less timestamps, plus JSON's exponent numbers.

    A date stays text (a ``datetime`` is no JSON value, and ``2024-13-45`` would make PyYAML
    raise from inside its constructor); ``1e5`` is a number, as in JSON, so that a JSON
    document reads the same from a ``.yaml`` file (YAML 1.1 would make it text)."""
    timestamp, float_tag = "tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:float"
    resolvers = {first: [(tag, regexp) for tag, regexp in found if tag != timestamp]
                 for first, found in yaml.SafeLoader.yaml_implicit_resolvers.items()}
    for first in "-+0123456789":
        resolvers[first] = [*resolvers.get(first, []), (float_tag, _JSON_EXPONENT)]
    return resolvers


def _tag_text(tag: str) -> str:
    """A tag as it was written: ``!!int`` rather than ``tag:yaml.org,2002:int``."""
    return brief("!!" + tag.removeprefix("tag:yaml.org,2002:") if tag.startswith("tag:yaml.org,2002:") else tag, 40)


class _StrictLoader(yaml.SafeLoader):
    """A safe loader that refuses aliases, explicit tags, duplicate keys and over-long numbers."""

    yaml_implicit_resolvers = _plain_resolvers()
    max_nodes = MAX_YAML_NODES
    nodes = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        event = self.peek_event()  # type: ignore[no-untyped-call]
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise yaml.MarkedYAMLError(
                problem=f"more than {self.max_nodes} values: longer than speedrules reads in YAML",
                problem_mark=event.start_mark,
            )
        if isinstance(event, AliasEvent):
            raise yaml.MarkedYAMLError(
                problem=f"YAML aliases (*{str(event.anchor)[:40]}) are not allowed in speedrules files",
                problem_mark=event.start_mark,  # type: ignore[arg-type]
            )
        if isinstance(event, (ScalarEvent, CollectionStartEvent)) and event.tag not in (None, "!"):
            raise yaml.MarkedYAMLError(
                problem=f"YAML tags ({_tag_text(event.tag)}) are not allowed in speedrules files: "
                        "write the plain value",
                problem_mark=event.start_mark,  # type: ignore[arg-type]
            )
        return super().compose_node(parent, index)

    def fetch_flow_collection_start(self, TokenClass: Any) -> None:
        if self.flow_level >= MAX_YAML_FLOW_DEPTH:
            raise yaml.MarkedYAMLError(
                problem=f"brackets nested more than {MAX_YAML_FLOW_DEPTH} deep: deeper than speedrules reads "
                        "in YAML (write it as JSON)",
                problem_mark=self.get_mark(),
            )
        super().fetch_flow_collection_start(TokenClass)

    def construct_yaml_int(self, node: ScalarNode) -> int:
        if len(node.value) > MAX_NUMBER_CHARS:
            raise yaml.MarkedYAMLError(
                problem=f"a number of {len(node.value)} characters is longer than speedrules reads "
                        f"({MAX_NUMBER_CHARS} at most)",
                problem_mark=node.start_mark,
            )
        value: int = super().construct_yaml_int(node)
        return value

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
                raise yaml.MarkedYAMLError(problem=f"duplicate key {brief(key)}", problem_mark=key_node.start_mark)
        return super().construct_mapping(node, deep=deep)


_StrictLoader.add_constructor("tag:yaml.org,2002:int", _StrictLoader.construct_yaml_int)


class _Dumper(yaml.SafeDumper):
    """PyYAML's safe dumper with the reader's implicit types, so that it quotes every string the
    reader would take for something else (``"1e3"``) and nothing it would not."""

    yaml_implicit_resolvers = _StrictLoader.yaml_implicit_resolvers


def dump_yaml(data: Any) -> str:
    """YAML text of plain data that :func:`parse_text` reads back as the same data."""
    text: str = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=None)
    return text

MAX_YAML_CHARS = 1024 * 1024
"""The longest YAML text read (JSON, read in C, has the file limits alone): PyYAML reads about a
character a microsecond where the text is blank lines or spaces, so this bounds the time to about a
second; a YAML log at the value limit (:data:`MAX_YAML_NODES`) is some 300,000 characters."""


def _yaml_error(name: str, err: yaml.YAMLError) -> DocumentError:
    mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
    problem = getattr(err, "problem", None) or str(err)
    context = getattr(err, "context", None)
    reason = f"not valid YAML: {problem}" + (f" ({context})" if context else "")
    if mark is not None:
        return DocumentError(f"{name}: line {mark.line + 1}, column {mark.column + 1}", reason)
    return DocumentError(name, reason)


def _parse_yaml(text: str, name: str, max_nodes: int = MAX_YAML_NODES) -> Any:
    if len(text) > MAX_YAML_CHARS:
        raise DocumentError(name, f"cannot read: YAML text over {MAX_YAML_CHARS} characters (write the log as JSON)")
    try:
        loader = _StrictLoader(text)
        loader.max_nodes = max_nodes
        try:
            data = loader.get_single_data()
        finally:
            loader.dispose()
    except yaml.YAMLError as err:
        raise _yaml_error(name, err) from None
    except RecursionError:
        raise DocumentError(name, "not readable: nested too deeply") from None
    except Exception as err:  # hostile text: whatever PyYAML's constructors raise is bad input, never a crash
        raise DocumentError(name, f"not valid YAML: {type(err).__name__}: {brief(str(err), 120)}") from None
    return _no_lone_surrogate(data, name)  # a "\ud800" escape (or such a character in the text given)


def _no_lone_surrogate(data: Any, name: str) -> Any:
    """``data``, unless a text in it holds a lone surrogate: then a :class:`DocumentError` naming
    the place (``f.json: players[0]``)."""
    found = lone_surrogate(data)
    if found is not None:
        raise DocumentError(f"{name}: {json_path(found[0])}", found[1])
    return data


# ---------------------------------------------------------------------- JSON


_LONG_INTEGER = re.compile(r"-?\d{4301,}")


MAX_DEPTH = 100
"""The deepest nesting of lists and mappings checked against a schema (a log or a variant
needs 4): deeper values are refused before the schema validator, which recurses, sees them."""

MAX_INTEGER_BITS = 14_000
"""The largest integer (about 4,200 digits) a parsed document may hold: Python cannot print a
larger one, and the schema validator prints the values it refuses."""


def hostile_value(data: Any, depth_limit: int = MAX_DEPTH) -> tuple[tuple[str | int, ...], str] | None:
    """The first place in parsed ``data`` holding a value no check may be run on (nesting
    deeper than ``depth_limit``, an integer too large to print, text with a lone surrogate),
    as ``(path, reason)``, or ``None``.  Walked with a stack of its own, never by recursion."""
    return _first_odd(data, depth_limit, _odd_scalar)


def lone_surrogate(data: Any) -> tuple[tuple[str | int, ...], str] | None:
    """The first place in parsed ``data`` where a text (a value or a key) holds a lone surrogate
    (``"\\ud800"``, a legal JSON escape but no Unicode text: it cannot be written, printed or
    encoded), as ``(path, reason)``, or ``None``, at any depth.

    msgspec's encoder answers first, in C: it refuses a lone surrogate (and the rare value a
    parsed document holds that it cannot write, an integer of more than 4,300 digits); only
    then is ``data`` walked in Python, to find the place.

    >>> lone_surrogate({"players": ["Ann", "Ben"]}) is None
    True
    >>> lone_surrogate({"meta": {"x": [1, "\\ud800"]}})
    (('meta', 'x', 1), "'\\\\ud800' holds a lone surrogate (not Unicode text)")
    """
    try:
        _encode(data)
        return None
    except Exception:  # anything it cannot write: the walk says what and where
        pass
    return _first_odd(data, None, _surrogate_text)


def _first_odd(data: Any, depth_limit: int | None, odd: Callable[[Any], str | None]) -> \
        tuple[tuple[str | int, ...], str] | None:
    """The first place in ``data`` nested deeper than ``depth_limit`` (``None``: any depth) or
    holding a key or a value that ``odd`` finds a reason against, as ``(path, reason)``."""
    todo: list[tuple[tuple[str | int, ...], Any]] = [((), data)]
    while todo:
        path, item = todo.pop()
        kind = type(item)
        if kind is dict or kind is list:
            if depth_limit is not None and len(path) >= depth_limit:
                return path, f"nested more than {depth_limit} deep"
            pairs = item.items() if kind is dict else enumerate(item)
            todo.extend(((*path, key if isinstance(key, (str, int)) else brief(key)), value)
                        for key, value in pairs)
            if kind is dict:
                for key in item:
                    found = odd(key)
                    if found:
                        return path, f"a key {found}"
        else:
            found = odd(item)
            if found:
                return path, found
    return None


def _odd_scalar(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INTEGER_BITS:
        return f"{brief(value)} is longer than speedrules reads"
    return _surrogate_text(value)


def _surrogate_text(value: Any) -> str | None:
    if isinstance(value, str) and _SURROGATE.search(value):
        return f"{brief(value)} holds a lone surrogate (not Unicode text)"
    return None


_encode = msgspec.json.Encoder().encode


_SURROGATE = re.compile("[\ud800-\udfff]")


def _line_column(text: str, position: int) -> str:
    line = text.count("\n", 0, position) + 1
    return f"line {line}, column {position - (text.rfind(chr(10), 0, position) + 1) + 1}"


class _DuplicateKey(Exception):
    def __init__(self, position: int, key: str) -> None:
        self.position, self.key = position, key


def _duplicate_key(text: str) -> _DuplicateKey | None:
    """The first JSON object (by its opening brace) that repeats a key, read by the pure-Python
    scanner, which can say where the object starts; ``None`` if no key repeats."""
    decoder = json.JSONDecoder()

    def parse_object(s_and_end: tuple[str, int], strict: bool, scan_once: Any, object_hook: Any,
                     object_pairs_hook: Any, memo: Any = None) -> tuple[dict[str, Any], int]:
        pairs, end = json.decoder.JSONObject(s_and_end, strict, scan_once, None, list, memo)  # type: ignore[attr-defined]
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(s_and_end[1] - 1, key)
            seen.add(key)
        return dict(pairs), end

    decoder.parse_object = parse_object  # type: ignore[attr-defined]
    decoder.scan_once = json.scanner.py_make_scanner(decoder)  # type: ignore[attr-defined]
    try:
        decoder.decode(text)
    except _DuplicateKey as found:
        return found
    except (ValueError, RecursionError):
        pass
    return None


def parse_json(
    text: str, name: str, pairs: Callable[[Any], int] = count_pairs, max_nodes: int = MAX_YAML_NODES,
    decode: Callable[[str], Any] | None = None,
) -> Any:
    """Parse JSON text with a C decoder, refusing duplicate keys and over-long integers.

    The text is decoded by msgspec (about 1.4 times as fast as the standard library here);
    anything msgspec refuses (not JSON, ``NaN``, numbers out of a double's range, integers of
    more than 4,300 digits, lone surrogates, deep nesting) is decoded again by ``json.loads``,
    the reference, so that what is accepted and every error are exactly the standard
    library's (``tests/test_hostile.py`` holds the two equal on generated texts).

    A duplicate key is found cheaply: the text has at least as many colons as pairs, and the
    parsed document exactly as many pairs as the text has unique ones, so when ``pairs`` of the
    document (a count that may only fall short, e.g. one that skips parts known to hold no
    mapping) equals the colons, nothing repeats.  Otherwise the slow scanner decides.  Text
    that is not JSON is read as YAML (flow syntax looks like JSON); if YAML cannot read it
    either, the JSON error is the useful one.

    ``decode`` is a typed msgspec decoder to use instead of the untyped one (a reader's: it may
    share the strings of known values, such as card texts, and it may skip a key its type does
    not name): its document stands only where the colons count its pairs exactly (nothing
    skipped, nothing repeated); otherwise the text is parsed again without it.

    >>> parse_json('{"a": "1:2", "b": 2}', "f.json")
    {'a': '1:2', 'b': 2}
    >>> parse_json('{"a": 1, "a": 2}', "f.json")
    Traceback (most recent call last):
    ...
    speedrules.core.documents.DocumentError: f.json: line 1, column 1: not valid JSON: duplicate key 'a' in this object
    """
    try:
        data = (decode or _decode)(text)
    except (msgspec.MsgspecError, RecursionError, UnicodeEncodeError):  # (the last: a surrogate in the str given)
        try:
            data = json.loads(text)  # the reference: its verdict and its errors
        except json.JSONDecodeError as err:
            json_error = DocumentError(f"{name}: {_line_column(text, err.pos)}", f"not valid JSON: {err.msg}")
            try:
                return _parse_yaml(text, name, max_nodes)
            except DocumentError:
                raise json_error from None
        except RecursionError:
            raise DocumentError(name, "not readable: nested too deeply") from None
        except ValueError:  # an integer of more than 4,300 digits (Python's limit for converting one)
            found = _LONG_INTEGER.search(text)
            where = f"{name}: {_line_column(text, found.start())}" if found else name
            digits = len(found.group().lstrip("-")) if found else 4301
            raise DocumentError(where, f"not readable: a number of {digits} digits is longer than speedrules "
                                       "reads (4300 at most)") from None
        _no_lone_surrogate(data, name)  # msgspec refuses one ("\ud800"); the reference reads it
    if text.count(":") != pairs(data):
        if decode is not None:  # a key the typed decoder skipped, or one repeated: decided untyped
            return parse_json(text, name, pairs, max_nodes)
        repeated = _repeated_key(text)
        if repeated is not None:
            located = _duplicate_key(text) if len(text) <= MAX_LOCATED_SCAN else None
            where = f"{name}: {_line_column(text, located.position)}" if located is not None else name
            raise DocumentError(where, f"not valid JSON: duplicate key {brief(repeated)} in this object")
    return data


_decode = msgspec.json.Decoder().decode
"""msgspec's JSON decoder to Python objects (dicts, lists, str, int, float, bool, None)."""


MAX_LOCATED_SCAN = 1024 * 1024
"""The longest JSON text scanned again in Python to give a repeated key's line (a longer one is
named without it: the pure-Python scanner reads a few MB a second)."""


class _Repeated(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    mapping = dict(pairs)
    if len(mapping) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Repeated(key)
            seen.add(key)
    return mapping


def _repeated_key(text: str) -> str | None:
    """The first key some JSON object of ``text`` repeats, or ``None``: the C decoder again, with
    a hook on every object (about twice the plain decoder's time)."""
    try:
        json.loads(text, object_pairs_hook=_no_repeats)
    except _Repeated as found:
        return found.key
    except (ValueError, RecursionError):
        pass
    return None


def parse_text(text: str, name: str, max_nodes: int = MAX_YAML_NODES) -> Any:
    """Parse JSON or YAML text (JSON first, as it is a fast path and a YAML subset); a YAML
    document may hold at most ``max_nodes`` values."""
    if text.lstrip()[:1] in ("{", "["):
        return parse_json(text, name, max_nodes=max_nodes)
    return _parse_yaml(text, name, max_nodes)


# ---------------------------------------------------------------------- files


def path_problem(text: str) -> str | None:
    """Why ``text`` cannot name a file at all (a NUL byte, an over-long name), or ``None``.

    Asked before the file system is, so that no such name reaches the operating system."""
    if "\x00" in text:
        return "a file name cannot hold a NUL byte"
    if _SURROGATE.search(text) and not all("\udc80" <= c <= "\udcff" for c in _SURROGATE.findall(text)):
        return "a file name cannot hold a lone surrogate"
    if any(len(part.encode("utf-8", "surrogateescape")) > MAX_PATH_PART for part in re.split(r"[\\/]", text)):
        return f"a file name longer than {MAX_PATH_PART} bytes is not looked up"
    if len(text) > 4096:
        return "a path longer than 4096 characters is not looked up"
    return None


_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)


def open_regular(path: str | Path, name: str) -> BinaryIO:
    """``path`` opened for reading in binary, if it is a regular file; else a
    :class:`DocumentError` naming ``name``.

    The file is opened without blocking (a FIFO cannot hold the reader) and checked to be
    a regular file on the open descriptor, so nothing can be swapped in between."""
    problem = path_problem(os.fsdecode(path))
    if problem is not None:
        raise DocumentError(name, f"cannot read: {problem}")
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise DocumentError(name, "cannot read: no such file") from None
    except IsADirectoryError:
        raise DocumentError(name, "cannot read: it is a directory") from None
    except (OSError, ValueError) as err:
        raise DocumentError(name, f"cannot read: {getattr(err, 'strerror', None) or err}") from None
    try:
        mode = os.fstat(fd).st_mode
    except OSError as err:
        os.close(fd)
        raise DocumentError(name, f"cannot read: {err.strerror or err}") from None
    if not stat.S_ISREG(mode):
        os.close(fd)
        what = "it is a directory" if stat.S_ISDIR(mode) else "not a regular file (a device, pipe or socket)"
        raise DocumentError(name, f"cannot read: {what}")
    return os.fdopen(fd, "rb")


def read_file_bytes(path: str | Path, name: str, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (see :func:`open_regular`), or a
    :class:`DocumentError` naming ``name``.

    Read with reads of at most ``limit + 1`` bytes in all, so a file that grows, or
    reports no size (``/proc``), cannot get past the limit."""
    with open_regular(path, name) as handle:
        try:
            data = _read_up_to(handle, limit + 1, os.fstat(handle.fileno()).st_size + 1)
        except OSError as err:
            raise DocumentError(name, f"cannot read: {err.strerror or err}") from None
    if len(data) > limit:
        raise DocumentError(name, f"cannot read: it is over the {limit} byte limit")
    return data


def _read_up_to(handle: IO[bytes], size: int, hint: int) -> bytes:
    """Up to ``size`` bytes, until EOF: raw reads may return less than asked.  Reads ask for the
    file's reported size (``hint``) at first, so a small file does not cost a ``size`` buffer."""
    chunks, got = [], 0
    while got < size:
        chunk = handle.read(min(size - got, max(hint, 1 << 16)))
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def decode(data: bytes, name: str) -> str:
    """UTF-8 text (a byte-order mark dropped), or a :class:`DocumentError` naming the byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise DocumentError(name, f"cannot read: not UTF-8 text (byte {err.start})") from None


def read_text(source: str | Path | IO[str] | IO[bytes], limit: int = MAX_DOCUMENT_BYTES) -> tuple[str, str]:
    """Return ``(text, name)`` of a path or an open file, with a located error if unreadable.

    A path must be a regular file of at most ``limit`` bytes; an open file is read up to
    ``limit`` (bytes or characters) and refused past it."""
    if isinstance(source, (str, Path)):
        name = str(source)
        return decode(read_file_bytes(source, name, limit), name), name
    name = str(getattr(source, "name", "<stream>"))
    try:
        raw = source.read(limit + 1)
    except (OSError, ValueError) as err:
        raise DocumentError(name, f"cannot read: {getattr(err, 'strerror', None) or err}") from None
    if len(raw) > limit:
        raise DocumentError(name, f"cannot read: it is over the {limit} byte limit")
    if isinstance(raw, str):
        return raw.removeprefix("\ufeff"), name
    return decode(raw, name), name


# ---------------------------------------------------------------------- writing


def write_file(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Write ``data`` (text as UTF-8, a lone surrogate as ``\\udxxx``) to the file ``path``
    through :func:`replacing`: an existing file is replaced only once the new one is whole.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     target = os.path.join(folder, "page.html")
    ...     write_file(target, "old")
    ...     try:
    ...         with replacing(target) as handle:
    ...             _ = handle.write(b"half a page")
    ...             raise OSError("disk full")
    ...     except OSError:
    ...         pass
    ...     print(open(target).read(), os.listdir(folder))
    old ['page.html']
    """
    if isinstance(data, str):
        data = data.encode("utf-8", "backslashreplace")  # before any file is touched
    with replacing(path) as handle:
        handle.write(data)


@contextlib.contextmanager
def replacing(path: str | os.PathLike[str], buffering: int = -1) -> Iterator[BinaryIO]:
    """A binary file to write in place of ``path``: a new file in the same folder, renamed onto
    ``path`` when the ``with`` block ends normally and deleted if it raises, so that a failed or
    interrupted write never leaves a truncated file (every file the package writes goes
    through here).  The new file takes the old one's permissions (or, as ``open`` gives them,
    the umask's); a link is followed and its target replaced.  A device, a pipe or a directory
    is opened as it is (``/dev/null`` stays a device), and so is a file whose folder lets no new
    file be made."""
    target = os.path.realpath(os.fspath(path))
    try:
        mode: int | None = os.stat(target).st_mode
    except OSError:
        mode = None
    folder, base = os.path.split(target)
    temp = None
    if mode is None or stat.S_ISREG(mode):
        for _ in range(100):  # a name taken (by another writer's temporary file): another name
            candidate = os.path.join(folder, f".{base[:200]}.{secrets.token_hex(4)}.tmp")
            try:
                fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
            except FileExistsError:
                continue
            except PermissionError:  # a folder that lets no file be made: written in place
                break
            temp = candidate
            break
    if temp is None:
        with open(path, "wb", buffering=buffering) as direct:
            yield direct
        return
    try:
        with os.fdopen(fd, "wb", buffering=buffering) as handle:
            if mode is not None:
                os.chmod(temp, stat.S_IMODE(mode))
            yield handle
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def json_path(path: Any) -> str:
    """Render a jsonschema path (a deque of keys and indices) as ``a.b[2].c`` (a very deep
    one shortened in the middle: ``a.b.c.d.e.f...[3].x``)."""
    parts = list(path)
    if len(parts) > 12:
        return json_path(parts[:6]) + "..." + json_path(parts[-2:]).lstrip(".")
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + brief(part, 40).strip("'\"")
    return out or "(top level)"


def _some(items: list[str], most: int = 5) -> str:
    shown = ", ".join(items[:most])
    return shown + (f" and {len(items) - most} more" if len(items) > most else "")


def unknown_fields(instance: Any, known: Any) -> str:
    """``unknown field 'x'`` / ``unknown fields 'x', 'y' and 3 more``: the keys of ``instance``
    not in ``known``, shortened, sorted; each shown with the known field it may be a
    misspelling of (:func:`~speedrules.core.errors.did_you_mean`).

    >>> unknown_fields({"same_rnak": True, "order": "cyclic"}, ["order", "same_rank"])
    "unknown field 'same_rnak' (did you mean 'same_rank'?)"
    """
    extra = sorted([(brief(k), k) for k in set(instance) - set(known)], key=lambda pair: pair[0])
    most = 5
    shown = [text + (f" ({hint})" if (hint := did_you_mean(key, known)) else "") for text, key in extra[:most]]
    rest = [text for text, _ in extra[most:]]
    return "unknown field" + ("s " if len(extra) > 1 else " ") + _some(shown + rest, most)


MAX_PROBLEMS = 20
"""The most problems one document reports: a hostile one could have millions."""


def first_errors(validator: Any, document: Any) -> tuple[list[Any], bool]:
    """The first :data:`MAX_PROBLEMS` schema errors of ``document`` (jsonschema finds them
    lazily, so a document with a million problems costs no more), and whether there were more."""
    found = list(itertools.islice(validator.iter_errors(document), MAX_PROBLEMS + 1))
    return found[:MAX_PROBLEMS], len(found) > MAX_PROBLEMS


MORE_PROBLEMS = f"more problems follow; only the first {MAX_PROBLEMS} are listed"


def schema_reason(err: Any) -> str:
    """A short reason for a JSON Schema ``ValidationError``, quoting the value only shortened
    (jsonschema's own message quotes it whole)."""
    value, expected, validator = err.instance, err.validator_value, err.validator
    if validator == "type":
        return f"{brief(value)} is not of type {brief(expected)}"
    if validator == "enum":
        reason = f"{brief(value)} is not one of {_some([brief(e) for e in expected], 12)}"
        hint = did_you_mean(value, [e for e in expected if isinstance(e, str)])
        return f"{reason} ({hint})" if hint else reason
    if validator == "const":
        return f"{brief(value)} is not {brief(expected)}"
    if validator in ("minimum", "maximum"):
        return f"{brief(value)} is {'less' if validator == 'minimum' else 'greater'} than the {validator} of {expected}"
    if validator in ("minLength", "maxLength"):
        return f"{brief(value)} is too {'short' if validator == 'minLength' else 'long'} ({validator} {expected})"
    if validator in ("minItems", "maxItems"):
        return f"{brief(value)} has too {'few' if validator == 'minItems' else 'many'} items ({validator} {expected})"
    if validator == "required":  # one error per missing key, named by the schema: a short message
        return str(err.message)
    if validator == "additionalProperties":
        return unknown_fields(value, err.schema.get("properties", {}))
    if validator == "pattern":
        return f"{brief(value)} does not match {brief(expected)}"
    message = str(err.message)
    return message if len(message) <= 200 else message[:197] + "..."
