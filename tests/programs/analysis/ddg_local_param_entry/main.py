# Parameters' entry values reach their loads until a store replaces them on every path.
def scale(value, factor, offset, bias=3):
    factor = factor * 2
    if value:
        offset = 0
    return value * factor + offset + bias


scale(1, 2, 3)
scale(0, 2, 3, 4)
