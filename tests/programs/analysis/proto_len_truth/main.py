# A class with __len__ but no __bool__: truth testing (if, while) calls __len__.
class Queue:
    def __init__(self):
        self.items = []

    def __len__(self):
        return len(self.items)

    def push(self, item):
        self.items.append(item)


def status(q):
    if q:
        return "busy"
    return "idle"


def drain(q):
    while q:
        q.items.pop()
    return "empty"


q = Queue()
q.push(1)
status(q)
drain(q)
