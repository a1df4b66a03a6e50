#!/usr/bin/env python3
"""`storescope mcp` against the official MCP Python SDK's stdio client.

Usage: mcp_conformance.py STORESCOPE_BINARY SCRATCH_DIRECTORY [LIVE_APP_BINARY]

Records two sample sessions with `storescope demo`, starts `storescope mcp` on them through
`mcp.client.stdio` (the SDK spawns the binary and speaks JSON-RPC over its pipes), once for
each protocol era the SDK speaks: the 2026-07-28 revision (the SDK's default: it probes
`server/discover`) and the initialize handshake (2025-11-25). In each it lists the tools,
calls every tool (compare against `storescope compare`, test against the file `storescope test`
writes), checks the structured results against what the CLI prints with --json
for the same question (the SDK itself validates each result against the tool's output
schema), and checks that bad input comes back as a tool error (isError), never a protocol
error or a crash.

With LIVE_APP_BINARY (the test fixture `live-app-fixture`), it also starts `storescope mcp
--listen --allow-control` in each era and a real app streaming to it: the control tools are
not listed until the app allows control, the client is told the list changed (a
`notifications/tools/list_changed` to its message handler in the handshake era, an event on a
`subscriptions/listen` stream in 2026-07-28), lists them, and is told again when the app's
session ends and they go. Exits 0 when every check passed; prints what failed otherwise.
"""

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

from mcp import Client, StdioServerParameters, types

EXPECTED_TOOLS = {"list_sessions", "query_actions", "state_at", "diff", "blame", "effects", "stats", "compare", "test"}
CONTROL_TOOLS = {"pause", "resume", "jump", "dispatch", "replay"}
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f"FAIL: {what}", file=sys.stderr)


def cli_json_lines(binary, *arguments):
    """What `storescope ARGUMENTS --json` prints, one object per line."""
    run = subprocess.run([binary, *arguments, "--json"], capture_output=True, text=True)
    return [json.loads(line) for line in run.stdout.splitlines() if line.strip()]


def tool_error(result):
    text = result.content[0].text if result.content else ""
    return result.is_error and text.startswith("Error: ")


async def converse(binary, traces, mode, scratch):
    users, search = (str(path) for path in traces)
    server = StdioServerParameters(command=binary, args=["mcp", users, search])
    async with Client(server, mode=mode, raise_exceptions=True) as client:
        version = client.session.protocol_version
        print(f"[{mode}] negotiated protocol {version}")
        check(version == ("2026-07-28" if mode == "auto" else "2025-11-25"), f"[{mode}] protocol version {version}")

        tools = (await client.list_tools()).tools
        names = {tool.name for tool in tools}
        check(names == EXPECTED_TOOLS, f"[{mode}] tools {sorted(names)}")
        for tool in tools:
            check(tool.input_schema.get("type") == "object", f"[{mode}] {tool.name} inputSchema")
            check((tool.output_schema or {}).get("type") == "object", f"[{mode}] {tool.name} outputSchema")

        async def call(name, **arguments):
            return await client.call_tool(name, arguments)

        listed = await call("list_sessions")
        sessions = {s["name"]: s for s in listed.structured_content["sessions"]}
        check(set(sessions) == {"users.trace", "search.trace"}, f"[{mode}] sessions {sorted(sessions)}")
        cli_check = subprocess.run([binary, "check", users, "--json"], capture_output=True, text=True)
        check(sessions["users.trace"]["actions"] == json.loads(cli_check.stdout.splitlines()[0]).get("actions", sessions["users.trace"]["actions"]),
              f"[{mode}] list_sessions action count")
        check(sessions["users.trace"]["ended"] is True, f"[{mode}] users session ended")

        actions = await call("query_actions", session="users.trace", filter="seq:1..4")
        check(actions.structured_content["actions"] == cli_json_lines(binary, "log", users, "seq:1..4"),
              f"[{mode}] query_actions = log --json")
        check("#1 " in actions.content[0].text, f"[{mode}] query_actions text names #1")

        state = await call("state_at", session="users.trace", seq=3)
        cli_state = cli_json_lines(binary, "state", users, "--at", "3")[0]
        check(state.structured_content["state"] == cli_state["state"], f"[{mode}] state_at = state --json")
        check(state.structured_content["seq"] == 3, f"[{mode}] state_at seq")

        diff = await call("diff", session="users.trace", **{"from": 1, "to": "end"})
        cli_diff = cli_json_lines(binary, "diff", users, "--from", "1", "--to", "end")[0]
        check(diff.structured_content["ops"] == cli_diff["ops"], f"[{mode}] diff = diff --json")

        blame = await call("blame", session="users.trace", path=".isLoading")
        check(blame.structured_content["changes"] == cli_json_lines(binary, "blame", users, ".isLoading"),
              f"[{mode}] blame = blame --json")
        check(len(blame.structured_content["changes"]) > 0, f"[{mode}] blame found changes")

        effects = await call("effects", session="search.trace")
        check(effects.structured_content["effects"] == cli_json_lines(binary, "effects", search),
              f"[{mode}] effects = effects --json")
        failed = await call("effects", session="users.trace", failed=True)
        check(failed.structured_content["effects"] == [e for e in cli_json_lines(binary, "effects", users) if e["outcome"] == "failed"],
              f"[{mode}] effects failed=true")
        check(len(failed.structured_content["effects"]) > 0, f"[{mode}] the users sample has a failed effect")

        stats = await call("stats", session="search.trace")
        check(stats.structured_content["rows"] == cli_json_lines(binary, "stats", search), f"[{mode}] stats = stats --json")

        compared = await call("compare", a="users.trace", b="search.trace")
        cli_compare = cli_json_lines(binary, "compare", users, search)[0]
        check(compared.structured_content["comparison"] == cli_compare, f"[{mode}] compare = compare --json")
        check(cli_compare["equal"] is False, f"[{mode}] the samples diverge")
        cli_compare_text = subprocess.run([binary, "compare", users, search], capture_output=True, text=True).stdout
        check(compared.content[0].text == cli_compare_text.rstrip("\n"), f"[{mode}] compare text = compare's")
        same = await call("compare", a="users.trace", b="users.trace")
        check(same.structured_content["comparison"]["equal"] is True, f"[{mode}] a session equals itself")

        # test: the pages put together are the file storescope test writes for the same options.
        options = {"module": "UsersApp", "reducer": "usersReducer", "from": 3}
        source, cursor, pages = "", None, 0
        while True:
            arguments = dict(session="users.trace", **options, **({"cursor": cursor} if cursor else {}))
            page = (await call("test", **arguments)).structured_content
            check(page["firstLine"] == source.count("\n"), f"[{mode}] test page starts where the last ended")
            source += page["source"]
            cursor, pages = page.get("nextCursor"), pages + 1
            if cursor is None or pages > 50:
                break
        written = scratch / f"{mode}-UsersReplayTests.swift"
        subprocess.run([binary, "test", users, "--module", "UsersApp", "--reducer", "usersReducer", "--from", "3",
                        "--output", str(written)], check=True, capture_output=True)
        # The source names its own file (and fixture) in its header: the tool's default name.
        expected = written.read_text().replace(written.stem, "UsersReplayTests")
        check(source == expected, f"[{mode}] test source = storescope test's file")
        check(page["firstSeq"] == 3 and page["store"] == "users", f"[{mode}] test range {page['firstSeq']}, {page['store']}")
        check(page["command"].startswith(f"storescope test {users} --module UsersApp"), f"[{mode}] test command {page['command']}")

        # Bad input: tool errors the agent can read, and the server keeps answering.
        bad = {
            "unknown session": await call("stats", session="nope.trace"),
            "missing session with two traces": await call("stats"),
            "bad filter": await call("query_actions", session="users.trace", filter="action:("),
            "out-of-range seq": await call("state_at", session="users.trace", seq=999999),
            "bad path": await call("blame", session="users.trace", path=".users[")
            ,
            "path the state lacks": await call("state_at", session="users.trace", path=".nothing"),
            "wrong argument type": await call("effects", session="users.trace", failed="yes"),
            "bad cursor": await call("query_actions", session="users.trace", cursor="x"),
            "compare with an unknown session": await call("compare", a="users.trace", b="nope.trace"),
            "test without a reducer": await call("test", session="users.trace", module="UsersApp"),
            "test from after to": await call("test", session="users.trace", module="M", reducer="r", **{"from": 5, "to": 2}),
            "test of an unknown store": await call("test", session="users.trace", module="M", reducer="r", store="nope"),
            "test past the last action": await call("test", session="users.trace", module="M", reducer="r", **{"from": 999}),
        }
        for what, result in bad.items():
            check(tool_error(result), f"[{mode}] {what} is a tool error: {result}")
        check("nope.trace" in bad["unknown session"].content[0].text, f"[{mode}] unknown session named")
        check("#999999" in bad["out-of-range seq"].content[0].text, f"[{mode}] out-of-range seq named")
        still = await call("list_sessions")
        check(not still.is_error, f"[{mode}] still answering after bad input")


class LiveApp:
    """The fixture app streaming to a socket, driven line by line on its standard input."""

    def __init__(self, binary, name, socket, *options):
        environment = dict(os.environ, STORESCOPE_SOCKET=str(socket))
        self.process = subprocess.Popen([binary, name, *options], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, env=environment)

    async def say(self, line, answer):
        """Sends `line` and waits (off the event loop) for a line starting with `answer`."""
        def exchange():
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
            while (read := self.process.stdout.readline()) and not read.startswith(answer):
                pass
        await asyncio.wait_for(asyncio.to_thread(exchange), 20)

    async def close(self):
        await self.say("close", "closed")
        await asyncio.wait_for(asyncio.to_thread(self.process.wait), 20)


async def live_control(binary, app_binary, mode, scratch):
    """The control tools come and go with an app that allows control, and the client is told."""
    socket = scratch / f"{mode}-run" / "scope.sock"
    server = StdioServerParameters(command=binary, args=["mcp", "--listen", "--socket", str(socket), "--allow-control", "--record", str(scratch / f"{mode}-sessions")])
    told = asyncio.Queue()

    async def on_message(message):
        if isinstance(message, types.ToolListChangedNotification):
            told.put_nowait("list_changed")

    async with Client(server, mode=mode, raise_exceptions=True, message_handler=on_message) as client:
        async def names():
            return {tool.name for tool in (await client.list_tools()).tools}

        check(await names() == EXPECTED_TOOLS, f"[{mode}] live: no control tool before an app allows control")
        if mode == "auto":
            # 2026-07-28: change notifications ride a subscriptions/listen stream.
            async with client.listen(tools_list_changed=True) as subscription:
                check(subscription.honored.tools_list_changed is True, f"[{mode}] live: listen honours toolsListChanged")
                events = subscription.__aiter__()
                await see_tools_come_and_go(app_binary, socket, mode, names, lambda: asyncio.wait_for(events.__anext__(), 20))
        else:
            await see_tools_come_and_go(app_binary, socket, mode, names, lambda: asyncio.wait_for(told.get(), 20))


async def see_tools_come_and_go(app_binary, socket, mode, names, next_change):
    app = LiveApp(app_binary, f"sdk-{mode}", socket, "--control", "held")
    await app.say("record 2", "recorded 2")
    await app.say("flush", "flushed")
    await next_change()
    check(await names() == EXPECTED_TOOLS | CONTROL_TOOLS, f"[{mode}] live: the control tools are listed once the app allows control")
    await app.close()
    await next_change()
    check(await names() == EXPECTED_TOOLS, f"[{mode}] live: the control tools go when the app's session ends")


def main():
    binary, scratch = sys.argv[1], Path(sys.argv[2])
    app_binary = sys.argv[3] if len(sys.argv) > 3 else None
    scratch.mkdir(parents=True, exist_ok=True)
    traces = []
    for sample in ("users", "search"):
        path = scratch / f"{sample}.trace"
        subprocess.run([binary, "demo", "--sample", sample, "--output", str(path)], check=True, capture_output=True)
        traces.append(path)
    for mode in ("auto", "legacy"):
        asyncio.run(converse(binary, traces, mode, scratch))
        if app_binary:
            asyncio.run(live_control(binary, app_binary, mode, scratch))
            print(f"[{mode}] live control tools came and went")
    if failures:
        print(f"{len(failures)} checks failed", file=sys.stderr)
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
