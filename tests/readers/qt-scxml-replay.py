"""Replays generated paths of flows in Qt's SCXML engine (PySide2 QtScxml).

Reads jobs on stdin, one JSON document a line, and answers each with one JSON line on stdout, so
one process (one start of Python and Qt) serves every flow. A job is one flow:
{"scxml": <document text>, "root": <scxml id of the root state or null>,
"paths": [{"id", "steps": [{"event": <name or null for the initial step>, "guards": {name: bool},
"states": [scxml ids expected active after the step]}]}]}. For each path it loads a fresh machine,
sets the guard booleans of each step in the datamodel before the step (initial values for the first
one), submits the step's event, lets the engine run to a stable configuration and records the
active states. Its answer: {"loadErrors": [...], "results": [{"id", "ok", "step", "expected",
"got", "errors"}]}. Error events the engine raises (error.execution, error.communication)
are counted per path: a chart must not raise any.

Run with Debian's /usr/bin/python3 (package python3-pyside2.qtscxml). A chart that makes the engine
spin never returns from processEvents: the caller bounds the time of each answer and kills the
process when it is late.
"""
import json
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The engine reports the errors it raises ('had error "error.execution"') on its debug category;
# PySide2 cannot connect a Python callable to its events, so the log is where they are counted.
os.environ["QT_LOGGING_RULES"] = "qt.scxml.statemachine.debug=true"

from PySide2.QtCore import QByteArray, QBuffer, QCoreApplication, QIODevice, qInstallMessageHandler  # noqa: E402
from PySide2.QtScxml import QScxmlStateMachine  # noqa: E402

ERRORS = []
qInstallMessageHandler(lambda _mode, _ctx, msg: ERRORS.append(msg) if " had error " in msg else None)


def load(app, text):
    data = QByteArray(text.encode("utf-8"))
    buf = QBuffer(data)
    buf.open(QIODevice.ReadOnly)
    sm = QScxmlStateMachine.fromData(buf, "chart.scxml")
    return sm, [e.toString() for e in sm.parseErrors()]


def settle(app, sm, stable, before):
    # The engine runs a macrostep from the event loop; a few rounds are plenty for a stable one.
    for _ in range(50):
        app.processEvents()
        if stable[0] > before or not sm.isRunning():
            break


def active(sm, root, last):
    names = [n for n in sm.activeStateNames(False) if n != root]
    # A finished machine has no active states: XState keeps its top-level final state, so the
    # configuration before the end (recorded on each stable state) stands for it.
    return names if sm.isRunning() else last


def replay(app, job):
    probe, load_errors = load(app, job["scxml"])
    out = {"loadErrors": load_errors, "results": []}
    if load_errors:
        return out
    del probe
    root = job.get("root")
    for path in job["paths"]:
        sm, _ = load(app, job["scxml"])
        ERRORS.clear()
        errors = ERRORS
        stable = [0]
        config = {"last": []}

        def on_stable(sm=sm, stable=stable, config=config):
            stable[0] += 1
            config["last"] = [n for n in sm.activeStateNames(False) if n != root]

        sm.reachedStableState.connect(on_stable)
        result = {"id": path["id"], "ok": True}
        for i, step in enumerate(path["steps"]):
            before = stable[0]
            if i == 0:
                sm.setInitialValues(step["guards"])
                sm.start()
            else:
                dm = sm.dataModel()
                for name, value in step["guards"].items():
                    dm.setScxmlProperty(name, value, "")
                sm.submitEvent(step["event"])
            settle(app, sm, stable, before)
            got = sorted(active(sm, root, config["last"]))
            expected = sorted(step["states"])
            if got != expected or errors:
                result = {"id": path["id"], "ok": False, "step": i, "expected": expected, "got": got, "errors": errors[:5]}
                break
        sm.stop()
        sm.deleteLater()
        out["results"].append(result)
    return out


def main():
    app = QCoreApplication.instance() or QCoreApplication([])
    for line in sys.stdin:
        if line.strip():
            sys.stdout.write(json.dumps(replay(app, json.loads(line))) + "\n")
            sys.stdout.flush()


main()
