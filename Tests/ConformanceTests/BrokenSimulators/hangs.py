#!/usr/bin/env python3
# Answers every request with SUCCESS, except "Break": then it stops answering.
import json, sys, time

for line in sys.stdin:
    message = json.loads(line)
    if message.get("method") == "Break":
        time.sleep(3600)
    if "id" in message:
        print(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": {"success": True, "resultCode": "SUCCESS"}}), flush=True)
