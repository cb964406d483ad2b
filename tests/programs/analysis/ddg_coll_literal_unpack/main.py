# Literals build their containers with their items: a tuple unpacked, a list indexed, a dict read by key, a set iterated; two tuples made on different lines stay apart.
class Item:
    pass


def split():
    a = Item()
    b = Item()
    pair = (a, b)
    other = (b, a)
    x, y = pair
    box = [a, b]
    first = box[0]
    table = {"a": a, "b": b}
    got = table["b"]
    bag = {a, b}
    for e in bag:
        got = e
    p, q = other
    return x, y, first, got, p, q


split()
