#!/usr/bin/env python3
"""The CPU of a command's whole process tree: `python3 scripts/tree-cpu.py [--out FILE] -- COMMAND...`.

`/usr/bin/time` counts what its child waited for. Chromium's zygotes, and every page's process they reaped, outlive
the browser that started them, and are reaped by init: the browser suite's CPU read that way missed most of
Chromium's (docs/benchmarks.md, "The suite's time, fifth pass": 236 s counted of 651). This script makes itself the
tree's subreaper (prctl PR_SET_CHILD_SUBREAPER, which Node cannot call: hence Python), so every orphan of the tree is
reaped here and counted. Prints one JSON line to stderr (and to FILE): wall, user, sys and cpu seconds, and the exit code.
Linux only.
"""
import ctypes
import json
import os
import resource
import sys
import time

args = sys.argv[1:]
out = None
if args[:1] == ["--out"]:
    out, args = args[1], args[2:]
if args[:1] == ["--"]:
    args = args[1:]
if not args:
    sys.exit(__doc__)
PR_SET_CHILD_SUBREAPER = 36
if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
    sys.exit("tree-cpu: could not become the subreaper of the tree (Linux only)")
started = time.time()
child = os.fork()
if child == 0:
    os.execvp(args[0], args)
code, ended = 1, None
while True:  # the command, then every orphan of its tree, until none is left
    try:
        pid, status = os.wait()
    except ChildProcessError:
        break
    if pid == child:
        code, ended = os.waitstatus_to_exitcode(status), time.time()
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
line = json.dumps({
    "wall": round((ended or time.time()) - started, 1),
    "user": round(usage.ru_utime, 1),
    "sys": round(usage.ru_stime, 1),
    "cpu": round(usage.ru_utime + usage.ru_stime, 1),
    "code": code,
})
print(line, file=sys.stderr)
if out:
    with open(out, "w") as f:
        f.write(line + "\n")
sys.exit(code)
