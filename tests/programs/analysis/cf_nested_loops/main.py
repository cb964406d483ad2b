# A for inside a while: break leaves the inner loop only, to the rest of the outer body.
def visit(cell):
    return cell


def finish(count):
    return count


def walk(rows, limit):
    r = 0
    count = 0
    while r < limit:
        for cell in rows[r]:
            if cell < 0:
                break
            count += visit(cell)
        r += 1
    finish(count)
    return count


walk([[1, -1, 2], [3, 4]], 2)
