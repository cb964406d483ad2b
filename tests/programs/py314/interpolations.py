def g(it, x):
    return t"{it!r:>{x}}{x}"
