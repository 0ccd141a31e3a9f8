"""Check candidate boards with queens-sat as a co-process: one JSON line in, one verdict out."""
import json, subprocess

checker = subprocess.Popen(["queens-sat", "check", "--json", "--no-logic", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
def check(regions):
    checker.stdin.write(json.dumps({"regions": regions}) + "\n"); checker.stdin.flush()  # send one candidate...
    return json.loads(checker.stdout.readline())["status"]  # ...and read its verdict before the next
print(check([[0, 0, 1, 1, 1], [0, 0, 0, 2, 3], [0, 4, 0, 2, 3], [0, 2, 2, 2, 2], [0, 2, 2, 2, 2]]))  # unique
print(check([[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]]))  # multiple
checker.stdin.close(); checker.wait()
