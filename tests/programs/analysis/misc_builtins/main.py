# Calls to builtins are edges to <builtin>.NAME, also through an alias.
def show(items):
    n = len(items)
    print(n)
    out = print
    out(sorted(items))
    return isinstance(n, int)


show([3, 1])
