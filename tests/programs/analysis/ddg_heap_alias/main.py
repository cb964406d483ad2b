# One Box reached through box, alias, the parameters of fill and read, and a list element: a store through one name is read through the others.
class Box:
    pass


def fill(b, v):
    b.item = v


def read(b):
    return b.item


box = Box()
alias = box
items = [alias]
fill(alias, 1)
value = read(box)
box.label = "x"
text = alias.label
again = items[0].item
