def shapes(rows, factor):
    squares = [x * x for x in rows if x % 2]
    unique = {x % factor for x in rows}
    index = {name: i for i, name in enumerate(rows)}
    lazy = (x + factor for x in rows)
    nested = [[a * b for b in rows] for a in range(factor)]
    total = sum(x for x in lazy)
    return squares, unique, index, nested, total
