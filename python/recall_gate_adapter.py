"""Serve a Python agent to recall-gate over the adapter protocol.

One file, standard library only, Python 3.9+: copy it beside your adapter, or
import it from ``node_modules/recall-gate/python/``. It speaks exactly what the
JS SDK (``recall-gate/adapter``) speaks; the protocol is
examples/adapter/README.md in recall-gate's repository::

    from recall_gate_adapter import AdapterError, serve_adapter

    async def chat(params):
        print("chat for", params["user"])          # goes to stderr, not the protocol
        return {"reply": "I don't know.", "recalled": []}

    serve_adapter(reset=lambda params: None, chat=chat)

Run it with ``--stdio`` (newline-delimited JSON-RPC on stdin/stdout) or
``--http [--host H] [--port N]`` (port 0, the default: a free one; the URL is
the first stdout line). Handlers take the checked params as a dict and return
the result as a dict (``reset`` and ``add`` may return None). They may be plain
functions or ``async def``: all run on one event loop, plain ones one at a
time as they are called, async ones interleaved, and each request is answered
by id when its handler finishes. A missing optional handler (add, search, list)
answers -32601; params are checked first (-32602 naming the param); raise
``AdapterError(code, message, data=None)`` for another error; any other
exception answers -32603 with its type, message and the line of your code that
raised it (its traceback goes to stderr) and the adapter keeps serving.
"""

import asyncio
import hmac
import inspect
import io
import json
import math
import os
import socket
import sys
import sysconfig
import threading
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Awaitable, Callable, Dict, List, Optional, Tuple, Union

__all__ = ["AdapterError", "ErrorCode", "serve_adapter", "serve_adapter_async"]


# A handler: the checked params in, the result (or None, or an awaitable of either) out.
Handler = Callable[[Dict[str, Any]], Union[Any, Awaitable[Any]]]


class ErrorCode:
    """The standard JSON-RPC 2.0 error codes (an adapter may use others)."""

    PARSE_ERROR = -32700
    INVALID_REQUEST = -32600
    METHOD_NOT_FOUND = -32601
    INVALID_PARAMS = -32602
    INTERNAL_ERROR = -32603


class AdapterError(Exception):
    """Raised by a handler (or a param check): answers the request with this JSON-RPC error."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code = int(code)
        self.message = str(message)
        self.data = data


# ---------------------------------------------------------------------------
# Param checks: a request's params in, the handler's params out (optional ones
# absent or None stay absent), or -32602 naming the param.
# ---------------------------------------------------------------------------

MEMORY_MODES = ("recall", "none", "oracle")
FAULTS = ("timeout", "empty", "down")


def _invalid(name: str, problem: str) -> AdapterError:
    return AdapterError(ErrorCode.INVALID_PARAMS, '"%s" %s' % (name, problem))


def _given(params: Dict[str, Any], name: str) -> bool:
    return params.get(name) is not None


def _string(params: Dict[str, Any], name: str) -> str:
    if not _given(params, name):
        raise _invalid(name, "is required")
    if not isinstance(params[name], str):
        raise _invalid(name, "must be a string")
    return params[name]


def _positive_integer(params: Dict[str, Any], name: str) -> int:
    if not _given(params, name):
        raise _invalid(name, "is required")
    value = params[name]
    # JSON has one number type: 2.0 is the integer 2, as in JavaScript; true is not a number.
    whole = (isinstance(value, int) and not isinstance(value, bool)) or (isinstance(value, float) and value.is_integer())
    if not whole or value < 1:
        raise _invalid(name, "must be a positive integer")
    return int(value)


def _one_of(params: Dict[str, Any], name: str, allowed: Tuple[str, ...]) -> str:
    value = _string(params, name)
    if value not in allowed:
        raise _invalid(name, "must be one of " + ", ".join('"%s"' % item for item in allowed))
    return value


def _strings(params: Dict[str, Any], name: str) -> List[str]:
    value = params[name]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise _invalid(name, "must be an array of strings")
    return value


def _memories(params: Dict[str, Any], name: str) -> List[Dict[str, str]]:
    if not _given(params, name):
        raise _invalid(name, "is required")
    value = params[name]
    if not isinstance(value, list):
        raise _invalid(name, "must be an array")
    memories = []
    for i, item in enumerate(value):
        ok = isinstance(item, dict) and isinstance(item.get("id"), str) and isinstance(item.get("text"), str)
        if not ok or (_given(item, "date") and not isinstance(item["date"], str)):
            raise _invalid("%s[%d]" % (name, i), 'must be an object with string "id" and "text" (and "date", when given)')
        memory = {"id": item["id"], "text": item["text"]}
        if _given(item, "date"):
            memory["date"] = item["date"]
        memories.append(memory)
    return memories


def _optional(into: Dict[str, Any], params: Dict[str, Any], name: str, read: Callable[[Dict[str, Any], str], Any]) -> None:
    if _given(params, name):
        into[name] = read(params, name)


def _chat_params(params: Dict[str, Any]) -> Dict[str, Any]:
    chat = {"user": _string(params, "user"), "message": _string(params, "message"), "memory": _one_of(params, "memory", MEMORY_MODES)}
    _optional(chat, params, "date", _string)
    _optional(chat, params, "oracle", _strings)
    _optional(chat, params, "session", _positive_integer)
    _optional(chat, params, "turn", _positive_integer)
    _optional(chat, params, "fault", lambda given, name: _one_of(given, name, FAULTS))
    return chat


# The protocol's methods with their param checks: the only names dispatched.
METHODS = {
    "reset": lambda params: {"user": _string(params, "user")},
    "chat": _chat_params,
    "add": lambda params: {"user": _string(params, "user"), "memories": _memories(params, "memories")},
    "search": lambda params: {"user": _string(params, "user"), "query": _string(params, "query"), "limit": _positive_integer(params, "limit")},
    "list": lambda params: {"user": _string(params, "user")},
}


# ---------------------------------------------------------------------------
# Dispatch: one JSON-RPC request in, one response out (None for a notification).
# ---------------------------------------------------------------------------


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _error_response(id_: Any, code: int, message: str, data: Any = None) -> Dict[str, Any]:
    error = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    return {"jsonrpc": "2.0", "id": id_, "error": error}


def _reject_constant(name: str) -> Any:
    raise ValueError("%s is not JSON" % name)


def _parse(text: str) -> Any:
    """JSON as JavaScript reads it: NaN and Infinity are not JSON. Raises ValueError."""
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def _parse_error(what: str) -> Dict[str, Any]:
    return _error_response(None, ErrorCode.PARSE_ERROR, "Parse error: %s is not JSON" % what)


def _dumps(value: Any) -> str:
    # ASCII only: a lone surrogate from the request cannot break the encoding of the line.
    return json.dumps(value, separators=(",", ":"), allow_nan=False)


def _serialize(response: Dict[str, Any]) -> str:
    """One line of JSON; a result that cannot be written as JSON answers -32603 saying so."""
    try:
        return _dumps(response)
    except Exception as error:  # a set, NaN, a cycle, an object whose encoding fails
        return _dumps(_error_response(response["id"], ErrorCode.INTERNAL_ERROR, "the result could not be written as JSON: %s" % error))


# This module's own frames are not where an agent's error was raised.
_THIS_FILE = os.path.abspath(__file__)
# The standard library's folders, where json.loads and asyncio raise.
_LIBRARY_ROOTS = tuple(sorted({os.path.normcase(os.path.abspath(path)) for path in (sysconfig.get_paths().get("stdlib"), sysconfig.get_paths().get("platstdlib")) if path}))


def _describe(error: BaseException) -> str:
    """The message of an unexpected error, never itself a failure: its type, its text and where in the
    agent's code it was raised ("KeyError: 'model' (adapter.py:117, in chat)"): a KeyError's text alone
    is a bare key, and the traceback is in a log the reader may not have open."""
    name = getattr(type(error), "__name__", "") or "Internal error"
    try:
        text = str(error)
    except Exception:
        text = ""
    where = ""
    try:
        frames = [frame for frame in traceback.extract_tb(error.__traceback__) if os.path.abspath(frame.filename) != _THIS_FILE]
        # The agent's own line: a json.loads or an SDK call raises deep inside the library, but the line to
        # look at is the agent's call; the innermost frame of any file when the agent has none.
        own = [frame for frame in frames if not _is_library(frame.filename)]
        last = (own or frames)[-1] if frames else None
        if last is not None:
            where = " (%s:%s, in %s)" % (os.path.basename(last.filename), last.lineno, last.name)
    except Exception:
        where = ""
    return (("%s: %s" % (name, text)) if text else name) + where


def _is_library(filename: str) -> bool:
    """Installed packages, the standard library and code with no file (<string>, <frozen ...>): not where an
    agent's own code is."""
    if filename.startswith("<"):
        return True
    path = os.path.normcase(os.path.abspath(filename))
    parts = path.split(os.sep)
    if "site-packages" in parts or "dist-packages" in parts:
        return True
    return any(path.startswith(root + os.sep) for root in _LIBRARY_ROOTS)


class _Dispatcher:
    def __init__(self, handlers: Dict[str, Optional[Callable[..., Any]]], log: Callable[[str], None]) -> None:
        self.handlers = handlers
        self.log = log

    async def handle(self, request: Any) -> Optional[Dict[str, Any]]:
        is_object = isinstance(request, dict)
        raw_id = request.get("id") if is_object else None
        # Ids come back as JavaScript writes them: 2.0 as 2, a number too large for JSON as null.
        readable_id = raw_id if isinstance(raw_id, str) or _is_number(raw_id) else None
        if isinstance(readable_id, float):
            readable_id = None if not math.isfinite(readable_id) else int(readable_id) if readable_id.is_integer() else readable_id
        valid_id = not is_object or "id" not in request or raw_id is None or isinstance(raw_id, str) or _is_number(raw_id)
        if not is_object or request.get("jsonrpc") != "2.0" or not isinstance(request.get("method"), str) or not valid_id:
            return _error_response(readable_id, ErrorCode.INVALID_REQUEST, 'Invalid Request: expected {"jsonrpc": "2.0", "id", "method", "params"}')
        # A notification (no id) is handled but never answered, not even with an error.
        response = await self._answer(readable_id, request["method"], request.get("params"))
        return None if "id" not in request else response

    async def _answer(self, id_: Any, method: str, params: Any) -> Dict[str, Any]:
        try:
            handler = self.handlers.get(method) if method in METHODS else None
            if not callable(handler):
                raise AdapterError(ErrorCode.METHOD_NOT_FOUND, "Method not found: %s" % method)
            given = {} if params is None else params
            if not isinstance(given, dict):
                raise AdapterError(ErrorCode.INVALID_PARAMS, "params must be an object")
            result = handler(METHODS[method](given))
            if inspect.isawaitable(result):
                result = await result
            # reset and add may return nothing; a response without "result" would be invalid.
            return {"jsonrpc": "2.0", "id": id_, "result": {} if result is None else result}
        except AdapterError as error:
            return _error_response(id_, error.code, error.message, error.data)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as error:  # any failure of the agent (a CancelledError, a BaseException subclass) is the request's
            # A bug or a failure in the agent: its traceback to stderr, its message to recall-gate.
            self.log("".join(traceback.format_exception(type(error), error, error.__traceback__)).rstrip("\n"))
            return _error_response(id_, ErrorCode.INTERNAL_ERROR, _describe(error))


# ---------------------------------------------------------------------------
# stdout belongs to the protocol: once serving, print(), sys.stdout.write and
# even writes to file descriptor 1 (a C library, a child process) go to stderr.
# ---------------------------------------------------------------------------


_protocol_write = None  # type: Optional[Callable[[str], None]]


def _claim_stdout() -> Callable[[str], None]:
    """Redirects every other stdout write to stderr (once) and returns the writer of protocol lines (each flushed)."""
    global _protocol_write
    if _protocol_write is not None:
        return _protocol_write
    if sys.stdout is not None:
        sys.stdout.flush()
    try:
        protocol = io.open(os.dup(1), "wb", closefd=True)
        os.dup2(2, 1)
        # Unbuffered, as stderr is read: a write without a newline shows now, not at exit.
        sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding=sys.stderr.encoding or "utf-8", errors="backslashreplace", write_through=True)
    except OSError:
        # No file descriptors to move (an embedded interpreter): Python-level writes only.
        protocol = sys.__stdout__.buffer
        sys.stdout = sys.stderr
    if sys.__stdout__ is not None and hasattr(sys.__stdout__, "reconfigure"):
        # Whoever kept the old sys.stdout now writes to stderr: line by line, not at exit.
        sys.__stdout__.reconfigure(line_buffering=True)
    lock = threading.Lock()

    def write(text: str) -> None:
        with lock:
            try:
                protocol.write(text.encode("utf-8"))
                protocol.flush()
            except (OSError, ValueError):
                pass  # recall-gate went away: nobody is left to answer

    _protocol_write = write
    return write


def _log(line: str) -> None:
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


# ---------------------------------------------------------------------------
# Transports.
# ---------------------------------------------------------------------------


async def _serve_stdio(dispatcher: _Dispatcher, write: Callable[[str], None], on_close: Optional[Callable[[], Any]]) -> None:
    """Newline-delimited JSON-RPC on stdin/stdout; requests run concurrently and are answered as they finish."""
    loop = asyncio.get_running_loop()
    running = set()
    closed = asyncio.Event()

    async def answer(request: Any) -> None:
        response = await dispatcher.handle(request)
        if response is not None:
            write(_serialize(response) + "\n")

    def on_line(raw: bytes) -> None:
        line = raw.decode("utf-8", "replace")
        if not line.strip():
            return
        try:
            request = _parse(line)
        except ValueError:
            write(_serialize(_parse_error("the line")) + "\n")
            return
        task = loop.create_task(answer(request))
        running.add(task)
        task.add_done_callback(running.discard)

    stdin = sys.stdin.buffer

    def read() -> None:
        # A thread, so reading never waits on the loop and works on every platform and kind of stdin.
        try:
            for raw in iter(stdin.readline, b""):
                loop.call_soon_threadsafe(on_line, raw)
        finally:
            loop.call_soon_threadsafe(closed.set)

    threading.Thread(target=read, name="recall-gate stdin", daemon=True).start()
    await closed.wait()
    # recall-gate closed stdin: answer what is still running, then let the caller end. Every line was
    # handed to the loop before the end was, so no request starts after this.
    await asyncio.gather(*running, return_exceptions=True)
    if on_close is not None:
        result = on_close()
        if inspect.isawaitable(result):
            await result


def _http_handler(dispatcher: _Dispatcher, loop: asyncio.AbstractEventLoop, token: Optional[str]) -> type:
    class Handler(BaseHTTPRequestHandler):
        """JSON-RPC over HTTP on any path: each POST body one request, its response the body (200; 204 for a notification)."""

        protocol_version = "HTTP/1.1"
        server_version = "recall-gate-adapter"

        def log_message(self, format: str, *args: Any) -> None:  # the base class's signature
            pass  # one line per request would drown the adapter's own log

        def __getattr__(self, attribute: str) -> Any:
            # Every method but POST (GET, PUT, an unknown one) is answered 405, as the JS SDK does.
            if attribute.startswith("do_") and attribute != "do_POST":
                return self.not_post
            raise AttributeError(attribute)

        def reply(self, status: int, body: bytes, kind: str = "application/json") -> None:
            self.send_response(status)
            self.send_header("content-type", kind)
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def refuse(self, status: int, text: str) -> None:
            # The body was not read: the connection cannot carry another request.
            self.close_connection = True
            self.send_response(status)
            self.send_header("content-type", "text/plain")
            self.send_header("content-length", str(len(text.encode("utf-8"))))
            self.send_header("connection", "close")
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(text.encode("utf-8"))

        def not_post(self) -> None:
            self.refuse(405, "POST JSON-RPC requests to this URL\n")

        def body(self) -> bytes:
            if "chunked" in self.headers.get("transfer-encoding", "").lower():
                chunks = []
                while True:
                    size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                    if size == 0:
                        while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                            pass  # trailers
                        return b"".join(chunks)
                    chunks.append(self.rfile.read(size))
                    self.rfile.readline()
            return self.rfile.read(int(self.headers.get("content-length") or 0))

        def do_POST(self) -> None:
            if token and not hmac.compare_digest(self.headers.get("authorization", "").encode("utf-8"), ("Bearer " + token).encode("utf-8")):
                return self.refuse(401, "missing or wrong bearer token\n")
            try:
                text = self.body().decode("utf-8", "replace")
            except ValueError:
                return self.refuse(400, "could not read the request body\n")
            try:
                request = _parse(text)
            except ValueError:
                return self.reply(200, _serialize(_parse_error("the body")).encode("utf-8"))
            response = asyncio.run_coroutine_threadsafe(dispatcher.handle(request), loop).result()
            if response is None:
                self.send_response(204)
                self.end_headers()
                return None
            return self.reply(200, _serialize(response).encode("utf-8"))

    return Handler


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # The client went away mid-request: nothing left to answer. Anything else is a bug worth seeing.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


async def _serve_http(dispatcher: _Dispatcher, host: str, port: int, token: Optional[str], write: Callable[[str], None], name: str) -> None:
    family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
    server_class = type("AdapterServer", (_Server,), {"address_family": family})
    server = server_class((host, port), _http_handler(dispatcher, asyncio.get_running_loop(), token))
    address, bound_port = server.server_address[0], server.server_address[1]
    shown = "[%s]" % address if ":" in address else address
    # The first stdout line is the URL, so whoever started the adapter can connect.
    write("http://%s:%d/\n" % (shown, bound_port))
    _log("%s: serving JSON-RPC over HTTP on port %d" % (name, bound_port))
    threading.Thread(target=server.serve_forever, name="recall-gate http", daemon=True).start()
    try:
        await asyncio.Event().wait()  # until the process is stopped
    finally:
        server.shutdown()
        server.server_close()


# ---------------------------------------------------------------------------
# serve_adapter.
# ---------------------------------------------------------------------------


def _usage_exit(problem: str) -> None:
    script = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else "adapter"
    _log("%s\nusage: python3 %s --stdio | --http [--host 127.0.0.1] [--port 0]" % (problem, script))
    sys.exit(2)


def _command_line(argv: List[str]) -> Dict[str, Any]:
    """--stdio, --http, --host H, --port N (or --host=H); other flags are the adapter's own business."""
    found = {}  # type: Dict[str, Any]
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            break
        name, _, inline = arg.partition("=")
        if arg in ("--stdio", "--http"):
            found[arg[2:]] = True
        elif name in ("--host", "--port"):
            if "=" in arg:
                found[name[2:]] = inline
            elif i + 1 < len(argv) and not argv[i + 1].startswith("-"):
                found[name[2:]] = argv[i + 1]
                i += 1
            else:
                found[name[2:]] = True  # the flag with no value: refused below
        i += 1
    return found


def _transport_of(argv: Optional[List[str]], transport: Optional[str], host: Optional[str], port: Optional[int]) -> Tuple[str, str, int]:
    values = _command_line(sys.argv[1:] if argv is None else [str(arg) for arg in argv])
    stdio, http = values.get("stdio") is True, values.get("http") is True
    chosen = transport or ("stdio" if stdio and not http else "http" if http and not stdio else None)
    if chosen not in ("stdio", "http"):
        _usage_exit("give exactly one of --stdio and --http")
    chosen_host = host if host is not None else values["host"] if isinstance(values.get("host"), str) else "127.0.0.1"
    written = port if port is not None else values.get("port", 0)
    if isinstance(written, str) and written.strip().isdigit():
        chosen_port = int(written.strip())  # type: Any
    else:
        chosen_port = written if isinstance(written, int) and not isinstance(written, bool) else -1
    if not 0 <= chosen_port <= 65535:
        _usage_exit("--port must be a port number from 0 to 65535, got %s" % json.dumps(written))
    return chosen, chosen_host, chosen_port


async def serve_adapter_async(
    reset: Handler,
    chat: Handler,
    add: Optional[Handler] = None,
    search: Optional[Handler] = None,
    list: Optional[Handler] = None,  # the protocol's method name, though it hides the builtin here
    *,
    argv: Optional[List[str]] = None,
    transport: Optional[str] = None,
    host: Optional[str] = None,
    port: Optional[int] = None,
    token: Optional[str] = None,
    name: str = "adapter",
    on_close: Optional[Callable[[], Any]] = None,
) -> None:
    """serve_adapter for code already inside an event loop (an agent whose async clients belong to that loop)."""
    for required, handler in (("reset", reset), ("chat", chat)):
        if not callable(handler):
            raise TypeError('serve_adapter: the "%s" handler is required (a function)' % required)
    chosen, chosen_host, chosen_port = _transport_of(argv, transport, host, port)
    write = _claim_stdout()
    dispatcher = _Dispatcher({"reset": reset, "chat": chat, "add": add, "search": search, "list": list}, _log)
    if chosen == "stdio":
        _log("%s: serving JSON-RPC on stdio" % name)
        await _serve_stdio(dispatcher, write, on_close)
    else:
        given_token = token if token is not None else os.environ.get("ADAPTER_TOKEN") or None
        await _serve_http(dispatcher, chosen_host, chosen_port, given_token, write, name)


def serve_adapter(
    reset: Handler,
    chat: Handler,
    add: Optional[Handler] = None,
    search: Optional[Handler] = None,
    list: Optional[Handler] = None,
    *,
    argv: Optional[List[str]] = None,
    transport: Optional[str] = None,
    host: Optional[str] = None,
    port: Optional[int] = None,
    token: Optional[str] = None,
    name: str = "adapter",
    on_close: Optional[Callable[[], Any]] = None,
) -> None:
    """Serves the handlers over the transport the command line names, until recall-gate closes stdin (--stdio) or the process is stopped (--http).

    reset and chat are required, add, search and list optional (each takes
    the checked params as a dict). argv: the command line to read --stdio,
    --http, --host H, --port N from (default sys.argv[1:]; other flags are
    left to the adapter); a command line naming neither --stdio nor --http
    (or both) prints the usage and exits with 2. transport ("stdio" or
    "http"), host (default --host, else 127.0.0.1) and port (default --port,
    else 0: a free one) instead of the command line. token: HTTP requests must
    carry "Authorization: Bearer <token>" (default $ADAPTER_TOKEN). name: how
    its stderr lines name it. on_close: stdio, called once recall-gate has
    closed stdin and every request is answered; serve_adapter then returns.
    """
    options = dict(argv=argv, transport=transport, host=host, port=port, token=token, name=name, on_close=on_close)
    try:
        asyncio.run(serve_adapter_async(reset, chat, add, search, list, **options))
    except KeyboardInterrupt:
        sys.exit(130)  # Ctrl-C: the exit status of an interrupt, without a traceback
