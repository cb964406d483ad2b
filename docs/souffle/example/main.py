"""A small inventory report whose calls are all direct calls of named functions.

Input for docs/souffle/callgraph.dl: every call of a function of this module
names it directly (a module-level `def`, or a `def` nested in the caller), so
the Datalog rules and `cpyg callgraph` should find the same edges. The other
calls are of builtins (`int`, `str`, `len`, `print`), no methods, no classes.
"""


def split_fields(line):
    comma = find_comma(line)
    return line[:comma], line[comma + 1:]


def find_comma(text):
    index = 0
    while text[index] != ",":
        index = index + 1
    return index


def to_int(text):
    return int(text)


def parse_line(line):
    name, count = split_fields(line)
    return name, to_int(count)


def load(lines):
    items = ()
    for line in lines:
        items = items + (parse_line(line),)
    return items


def total(items):
    def count_of(item):
        return item[1]

    result = 0
    for item in items:
        result = result + count_of(item)
    return result


def format_row(name, count):
    return name + ": " + str(count)


def report(items):
    def header():
        return "inventory of " + str(len(items)) + " kinds"

    def footer():
        return "total: " + str(total(items))

    rows = (header(),)
    for name, count in items:
        rows = rows + (format_row(name, count),)
    return rows + (footer(),)


def main():
    for row in report(load(("apples,3", "pears,5", "plums,2"))):
        print(row)


main()
