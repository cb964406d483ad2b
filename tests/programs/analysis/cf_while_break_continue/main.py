# while with continue (back to the test) and break (out of the loop, past the test).
def skip(item):
    return item < 0


def match(item):
    return item == 7


def note(item):
    return item


def finish(found, i):
    return found, i


def scan(items):
    i = 0
    found = None
    while i < len(items):
        item = items[i]
        i += 1
        if skip(item):
            continue
        if match(item):
            found = item
            break
        note(item)
    result = finish(found, i)
    return result


scan([1, -2, 7, 3])
scan([1, 2])
