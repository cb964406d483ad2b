# A dict keeps its keys apart from its values: iterating or unpacking it gives keys;
# subscripts, get(), setdefault(), values() and the second item of an items() pair give
# values. A dict filled from pairs cannot tell them apart.
class Node:
    def visit(self):
        return "node"


class Data:
    def visit(self):
        return "data"


class Key:
    def visit(self):
        return "key"


class Value:
    def visit(self):
        return "value"


graph = {}


def add(node):
    graph[node] = Data()


def each_node():
    for n in graph:
        n.visit()


def lookup(node):
    return graph[node].visit()


def fetch(node):
    return graph.get(node).visit()


def each_value():
    for d in graph.values():
        d.visit()


def each_pair():
    for n, d in graph.items():
        n.visit()
        d.visit()


def listed():
    for n in list(graph):
        n.visit()


def displayed():
    table = {Key(): Value()}
    for k in table:
        k.visit()
    for k in table:
        table[k].visit()


def comprehended():
    table = {k: Value() for k in [Key()]}
    first, = table
    first.visit()
    return table


def defaulted(node):
    seen = {}
    return seen.setdefault(node, Value()).visit()


def merged():
    copy = {**graph}
    for n in copy:
        n.visit()
    copy.update(graph)
    return copy


def nested():
    adj = {}
    adj[Key()] = {}
    for u, nbrs in adj.items():
        nbrs[Node()] = Value()
        u.visit()
        for v, value in nbrs.items():
            v.visit()
            value.visit()


def from_pairs():
    table = {}
    table.update([(Key(), Value())])
    for k in table:
        k.visit()


node = Node()
add(node)
each_node()
lookup(node)
fetch(next(iter(graph)))
each_value()
each_pair()
listed()
displayed()
comprehended()
defaulted(node)
merged()
nested()
from_pairs()
