#!/usr/bin/env python3
# Answers every request with SUCCESS, except "Break": then it exits with status 3.
import json, sys

for line in sys.stdin:
    message = json.loads(line)
    if message.get("method") == "Break":
        print("crashing on purpose", file=sys.stderr, flush=True)
        sys.exit(3)
    if "id" in message:
        print(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": {"success": True, "resultCode": "SUCCESS"}}), flush=True)
