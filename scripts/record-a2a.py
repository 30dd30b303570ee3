#!/usr/bin/env python3
"""Record A2A exchanges between the requests our core builds and the official Python SDKs.

    python3 scripts/record-a2a.py            # every SDK below
    python3 scripts/record-a2a.py 0.3        # one of them

For each pinned SDK (tests/fixtures/a2a/requirements-*.txt) it makes a venv
(tests/fixtures/a2a/.venv/0.3, .venv/1.3; git-ignored), starts the fixture agent written against that
SDK (tests/fixtures/a2a/agent_*.py) on 127.0.0.1 at a free port, and, for each protocol
version the SDK serves, posts the requests in tests/fixtures/a2a/our-requests.json (written
by crates/surfaces-a2a/tests/a2a_recorded.rs from the core's own API) over raw HTTP,
exactly as given, filling in the task and context ids the server gave. It records the
agent card, each raw response body (SSE bytes exactly as received) and its status into
tests/fixtures/a2a/<recording>/. A request the server refuses (an HTTP error, a JSON-RPC
error, a failed task) stops it loudly, printing what was sent and what came back.

Only the standard library runs here; the SDKs run in their venvs.
"""

import hashlib
import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import venv

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIX = os.path.join(ROOT, "tests", "fixtures", "a2a")
A2UI_URI = "https://a2ui.org/a2a-extension/a2ui/v0.9"

# name, requirements, agent, [(protocol version, recording folder)]
SDKS = [
    ("0.3", "requirements-0.3.txt", "agent_0_3.py", [("0.3", "sdk-0.3")]),
    (
        "1.3",
        "requirements-1.3.txt",
        "agent_1_3.py",
        [("1.0", "sdk-1.3"), ("0.3", "sdk-1.3-v0.3")],
    ),
]


class Refused(Exception):
    pass


def log(*a):
    print("[record-a2a]", *a, file=sys.stderr, flush=True)


def make_venv(name, requirements):
    """The venv for one SDK, (re)installed when its requirements change. Also used by
    tests/e2e/python-agent.test.mjs, for these venvs and for .venv/a2ui
    (requirements-a2ui.txt: a2a-sdk 0.3 with a2ui-a2a and a2ui-agent-sdk)."""
    path = os.path.join(FIX, ".venv", name)
    req = os.path.join(FIX, requirements)
    with open(req, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    stamp = os.path.join(path, ".requirements-sha256")
    py = os.path.join(path, "bin", "python")
    if os.path.exists(stamp) and open(stamp).read().strip() == digest and os.path.exists(py):
        return py
    log(f"making {path} from {requirements}")
    shutil.rmtree(path, ignore_errors=True)
    venv.EnvBuilder(with_pip=True, clear=True).create(path)
    subprocess.run(
        [py, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", req],
        check=True,
    )
    with open(stamp, "w") as f:
        f.write(digest + "\n")
    return py


def installed_version(py):
    out = subprocess.run(
        [py, "-c", "import importlib.metadata as m; print(m.version('a2a-sdk'))"],
        check=True,
        capture_output=True,
        text=True,
    )
    return out.stdout.strip()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(method, url, body=None, headers=None, timeout=30):
    """Raw HTTP (http.client: header names go out as given): the status, the response
    headers and the body bytes exactly as received (chunked transfer decoded)."""
    u = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=timeout)
    try:
        conn.putrequest(method, u.path or "/", skip_accept_encoding=True)
        for k, v in (headers or {}).items():
            conn.putheader(k, v)
        if body is not None:
            conn.putheader("Content-Length", str(len(body)))
        conn.endheaders(body)
        r = conn.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        conn.close()


def wait_for_card(base, proc, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise Refused(f"the agent exited with {proc.returncode} before serving its card")
        try:
            status, headers, body = fetch("GET", base + ".well-known/agent-card.json", timeout=2)
            if status == 200:
                return headers, body
        except OSError:
            pass
        time.sleep(0.2)
    raise Refused(f"no agent card at {base} after {timeout}s")


def endpoint(card, version):
    """The JSON-RPC URL the card names for `version` (what the core picks, checked in Rust)."""
    for i in card.get("supportedInterfaces", []):
        if i.get("protocolBinding") == "JSONRPC" and i.get("protocolVersion", "").startswith(
            version
        ):
            return i["url"]
    if version == "0.3" and card.get("url"):
        return card["url"]
    raise Refused(f"the card names no JSON-RPC endpoint for {version}: {card}")


def sse_results(raw):
    """The JSON-RPC objects of an SSE body (a check only: Rust reads the bytes itself)."""
    out = []
    for block in raw.decode("utf-8").replace("\r\n", "\n").split("\n\n"):
        data = [line[5:].lstrip(" ") for line in block.split("\n") if line.startswith("data:")]
        if data:
            out.append(json.loads("\n".join(data)))
    return out


def states(obj):
    """Every task state named in a JSON-RPC result, in either version's spelling."""
    found = []

    def walk(v):
        if isinstance(v, dict):
            if isinstance(v.get("state"), str):
                found.append(v["state"])
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(obj)
    return found


def ids_of(results, version):
    for r in results:
        res = r.get("result", {})
        if version == "1.0":
            res = res.get("task") or res.get("statusUpdate") or res
        task = res.get("id") if "status" in res and "taskId" not in res else res.get("taskId")
        if task and res.get("contextId"):
            return task, res["contextId"]
    raise Refused("the stream named no task and context")


def fill(value, task, context):
    text = json.dumps(value).replace("$TASK_ID", task).replace("$CONTEXT_ID", context)
    return json.loads(text)


def record(sdk_version, version, folder, base, card_body):
    ours = json.load(open(os.path.join(FIX, "our-requests.json")))["requests"][version]
    card = json.loads(card_body)
    url = endpoint(card, version)
    out = os.path.join(FIX, folder)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    with open(os.path.join(out, "card.json"), "wb") as f:
        f.write(card_body)
    task = context = None
    exchanges = []
    for n, req in enumerate(ours, 1):
        if "$TASK_ID" in json.dumps(req) and task is None:
            raise Refused(f"{req['name']} needs the task id, which no earlier answer gave")
        sent = fill({"body": req["body"], "headers": req["headers"]}, task or "", context or "")
        body = json.dumps(sent["body"], separators=(",", ":"), ensure_ascii=False).encode()
        status, headers, raw = fetch("POST", url, body, dict(sent["headers"]))

        ext = ".sse" if req["streams"] else ".json"
        file = f"{n:02d}-{req['name']}{ext}"
        with open(os.path.join(out, file), "wb") as f:
            f.write(raw)
        problem = None
        try:
            results = sse_results(raw) if req["streams"] else [json.loads(raw)]
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            results, problem = [], f"unreadable answer ({e})"
        if status != 200:
            problem = f"HTTP {status}"
        elif not results:
            problem = problem or "no answer"
        elif any("error" in r for r in results):
            problem = "JSON-RPC error"
        elif any(s in ("failed", "rejected", "TASK_STATE_FAILED", "TASK_STATE_REJECTED")
                 for r in results for s in states(r.get("result"))):
            problem = "the agent failed the task (did the SDK see the A2UI extension header?)"
        if problem:
            raise Refused(
                f"{folder}: the SDK refused our {req['name']} request: {problem}\n"
                f"POST {url}\nheaders: {sent['headers']}\nsent: {body.decode()}\n"
                f"status: {status}\nheaders: {headers}\nreceived: {raw.decode('utf-8', 'replace')}"
            )
        if req["name"] == "stream":
            task, context = ids_of(results, version)
        exchanges.append(
            {
                "name": req["name"],
                "sent": sent,
                "status": status,
                "contentType": headers.get("content-type"),
                "file": file,
            }
        )
        log(f"{folder}: {req['name']} -> {status}, {len(raw)} bytes")
    index = {
        "sdk": f"a2a-sdk {sdk_version}",
        "protocolVersion": version,
        "endpoint": url,
        "taskId": task,
        "contextId": context,
        "recordedAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "exchanges": exchanges,
    }
    with open(os.path.join(out, "exchanges.json"), "w") as f:
        json.dump(index, f, indent=2)
        f.write("\n")


def run_sdk(name, requirements, agent, runs):
    py = make_venv(name, requirements)
    sdk_version = installed_version(py)
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    log(f"a2a-sdk {sdk_version}: starting {agent} at {base}")
    proc = subprocess.Popen(
        [py, os.path.join(FIX, agent), str(port), os.path.join(FIX, "envelopes.json")],
        cwd=FIX,
    )
    try:
        _, card_body = wait_for_card(base, proc)
        for version, folder in runs:
            record(sdk_version, version, folder, base, card_body)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def main():
    wanted = sys.argv[1:]
    if not os.path.exists(os.path.join(FIX, "our-requests.json")):
        sys.exit("no our-requests.json: run UPDATE_A2A_REQUESTS=1 cargo test -p surfaces-a2a --test a2a_recorded")
    try:
        for name, requirements, agent, runs in SDKS:
            if not wanted or name in wanted:
                run_sdk(name, requirements, agent, runs)
    except Refused as e:
        print(f"\nFAILED: {e}", file=sys.stderr)
        sys.exit(1)
    log("done; now: cargo test -p surfaces-a2a --test a2a_recorded")


if __name__ == "__main__":
    main()
