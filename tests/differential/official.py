"""The official side: the A2UI Python agent SDK's validator (a2ui-agent-sdk, on a2ui-core).

Two views of it:

* stream view: `a2ui.utils.validation.validate_payload([BasicCatalog v0.9], messages)`
  with the whole stream as one payload. This is the SDK's validator as published:
  stateless, it raises on the first problem, and for every surface the payload
  creates it checks the component tree once all messages are applied (missing
  root, dangling references, unreachable components, cycles). A surface the
  payload only updates is assumed to exist from an earlier payload.

* envelope view: the same validator one envelope at a time, with state carried
  over. `validate_payload` applies messages through `a2ui.core.MessageProcessor`
  with the config it uses for incremental application
  (`_UPDATED_SURFACE_VALIDATION`: dangling references, a missing root and
  orphans allowed) after its per-message checks (`_check_version`, empty
  `components`). We do exactly that per envelope. To compare verdicts envelope by
  envelope from the same prior state, the processor for envelope i is rebuilt by
  replaying the envelopes before i that *our* store applied (lockstep), so one
  disagreement does not cascade into the envelopes after it.

* state view: where the two agree on every envelope, the processor then holds what our
  store holds, and each surface's data model, number of components and root are compared
  with our report's.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping

_CATALOG = None


def _catalog():
    global _CATALOG
    if _CATALOG is None:
        from a2ui.core.basic_catalog import BasicCatalog

        _CATALOG = BasicCatalog("v0.9")
    return _CATALOG


def versions() -> dict:
    from importlib.metadata import version

    return {p: version(p) for p in ("a2ui-agent-sdk", "a2ui-core", "jsonschema", "pydantic")}


def _err(e: BaseException) -> tuple[str, str]:
    text = str(e).strip().splitlines()[0] if str(e).strip() else ""
    return (type(e).__name__, text[:400])


def stream_view(messages: list):
    """None when the SDK's validator accepts the whole stream, else (error type, message)."""
    from a2ui.utils.validation import validate_payload

    try:
        validate_payload([_catalog()], copy.deepcopy(messages))
        return None
    except Exception as e:  # noqa: BLE001 - any failure is a refusal; the type is reported
        return _err(e)


def _precheck(message, index: int) -> None:
    """validate_payload's per-message checks, before it applies the messages."""
    from a2ui.core import A2uiValidationError
    from a2ui.core.schema import ProtocolVersion
    from a2ui.utils.validation import _check_version

    if not isinstance(message, Mapping):
        raise A2uiValidationError(f"Message {index} is not a JSON object.")
    _check_version(message, index, ProtocolVersion.V0_9)
    for action in ("updateComponents", "surfaceUpdate", "createSurface"):
        body = message.get(action)
        if isinstance(body, Mapping) and "components" in body:
            comps = body["components"]
            if isinstance(comps, list) and not comps:
                raise A2uiValidationError(
                    f"Message {index} ({action}) has an empty 'components' list."
                )


def _apply(processor, message, index: int) -> None:
    _precheck(message, index)
    processor.process_messages([copy.deepcopy(message)])


def _processor():
    from a2ui.core import MessageProcessor, MessageProcessorOptions
    from a2ui.utils.validation import _UPDATED_SURFACE_VALIDATION

    return MessageProcessor(
        [_catalog()],
        options=MessageProcessorOptions(validation_config=_UPDATED_SURFACE_VALIDATION),
    )


def _state(processor) -> dict:
    """What the processor holds, per surface, in the shape of our report."""
    out = {}
    for sid, surface in processor.model.surfaces.items():
        comps = surface.components_model
        out[sid] = {
            "components": len(comps),
            "root": "root" in comps,
            "dataModel": copy.deepcopy(surface.data_model.get("/")),
        }
    return out


def envelope_view(messages: list, ours_applied: list[bool]):
    """(per envelope: None when accepted, else (error type, message); the state the
    processor holds after the envelopes we applied, by surface id)."""
    out = []
    # `state` holds what our store holds: the envelopes we applied, in order (those the
    # processor refuses leave it unchanged: it validates a message before it mutates).
    # An envelope we refused is tried on a processor rebuilt from the same history.
    state = _processor()
    for i, message in enumerate(messages):
        if ours_applied[i]:
            target = state
        else:
            target = _processor()
            for j in range(i):
                if ours_applied[j]:
                    try:
                        _apply(target, messages[j], j)
                    except Exception:  # noqa: BLE001 - refused in replay: not applied
                        pass
        try:
            _apply(target, message, i)
            out.append(None)
        except Exception as e:  # noqa: BLE001
            out.append(_err(e))
    return out, _state(state)


def both_views(job):
    messages, ours_applied = job
    return (stream_view(messages), *envelope_view(messages, ours_applied))
