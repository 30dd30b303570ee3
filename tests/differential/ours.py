"""Our side: `surfaces a2ui FILE --json`, one process per stream.

An envelope counts as refused by us when the report holds a finding of severity
`error` for its index (the store skips and counts it); info findings (a catalog
alias, a catalog that is not rendered) leave it applied.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class OurEnvelope:
    applied: bool
    errors: list = field(default_factory=list)  # [(code, path, message)]
    notes: list = field(default_factory=list)  # info/warning findings [(code, path, message)]


@dataclass
class OurResult:
    exit_code: int
    envelopes: list  # [OurEnvelope]
    surfaces: list  # the report's surfaces, as printed
    stream_findings: list  # findings with no envelope index
    report: dict

    @property
    def refused_any(self) -> bool:
        return any(not e.applied for e in self.envelopes)


def _parse(report: dict, n: int, exit_code: int) -> OurResult:
    envs = [OurEnvelope(applied=True) for _ in range(n)]
    stream = []
    for f in report["findings"]:
        i = f.get("envelope")
        item = (f["code"], f.get("path", ""), f.get("message", ""))
        if i is None or i >= n:
            stream.append(item)
            continue
        if f["severity"] == "error":
            envs[i].applied = False
            envs[i].errors.append(item)
        else:
            envs[i].notes.append(item)
    if report["envelopes"] != n:
        stream.append(("harness-envelope-count", "", f"report counts {report['envelopes']} envelopes, stream has {n}"))
    return OurResult(exit_code, envs, report["surfaces"], stream, report)


@dataclass
class RawStream:
    """A stream given as JSON text, with the number of envelopes it holds."""

    text: str
    count: int


class Cli:
    def __init__(self, binary: Path, jobs: int | None = None):
        self.binary = str(binary)
        self.jobs = jobs or max(2, (os.cpu_count() or 2) * 2)
        self.tmp = tempfile.TemporaryDirectory(prefix="surfaces-diff-")
        self.calls = 0

    def close(self):
        self.tmp.cleanup()

    def _run_one(self, idx: int, stream: list, limits: list[str]) -> OurResult:
        path = Path(self.tmp.name) / f"s{idx}.json"
        text = stream.text if isinstance(stream, RawStream) else json.dumps(stream, ensure_ascii=False)
        path.write_text(text, encoding="utf-8")
        args = [self.binary, "a2ui", str(path), "--json"]
        for lim in limits:
            args += ["--limit", lim]
        proc = subprocess.run(args, capture_output=True, text=True, timeout=60)
        path.unlink()
        if proc.returncode not in (0, 1):
            raise RuntimeError(
                f"{self.binary} exited {proc.returncode} on stream {idx}: {proc.stderr.strip()}"
            )
        report = json.loads(proc.stdout)
        if isinstance(stream, RawStream):
            n = stream.count
        else:
            n = len(stream["messages"]) if isinstance(stream, dict) else len(stream)
        return _parse(report, n, proc.returncode)

    def run_many(self, streams: list, limits: list[str] | None = None) -> list[OurResult]:
        """Each stream is a list of envelopes or a `{"messages": [...]}` object."""
        limits = limits or []
        self.calls += len(streams)
        with ThreadPoolExecutor(self.jobs) as pool:
            return list(pool.map(lambda a: self._run_one(a[0], a[1], limits), enumerate(streams)))
