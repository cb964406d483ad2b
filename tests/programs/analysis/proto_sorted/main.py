# sorted(items) compares with __lt__; sorted(key=f) and list.sort(key=f) call f on each item.
class Task:
    def __init__(self, p):
        self.p = p

    def __lt__(self, other):
        return self.p < other.p

    def __gt__(self, other):
        return self.p > other.p


def priority(t):
    return t.p


def order(items):
    return sorted(items)


def order_by(items):
    return sorted(items, key=priority)


def order_desc(items):
    return sorted(items, key=lambda t: -t.p)


def order_in_place(items):
    items.sort(key=priority)
    return items


order([Task(2), Task(1)])
order_by([Task(2), Task(1)])
order_desc([Task(1), Task(2)])
order_in_place([Task(2), Task(1)])
