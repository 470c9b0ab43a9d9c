#!/usr/bin/env python3
# Answers every request with SUCCESS, except "Break": then it prints a line that is not JSON.
import json, sys

for line in sys.stdin:
    message = json.loads(line)
    if message.get("method") == "Break":
        print("Break received, all good!", flush=True)
        continue
    if "id" in message:
        print(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": {"success": True, "resultCode": "SUCCESS"}}), flush=True)
