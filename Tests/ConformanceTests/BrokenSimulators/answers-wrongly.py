#!/usr/bin/env python3
# Answers every request with SUCCESS, except "Break": that gets GENERIC_ERROR, and
# "Chatty", whose reply is followed by an unasked-for notification.
import json, sys

def send(message):
    print(json.dumps(message), flush=True)

for line in sys.stdin:
    message = json.loads(line)
    if "id" not in message:
        continue
    code = "GENERIC_ERROR" if message.get("method") == "Break" else "SUCCESS"
    send({"jsonrpc": "2.0", "id": message["id"], "result": {"success": code == "SUCCESS", "resultCode": code}})
    if message.get("method") == "Chatty":
        send({"jsonrpc": "2.0", "method": "OnHMIStatus", "params": {"hmiLevel": "FULL"}})
