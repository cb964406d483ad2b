# return from inside a loop body and from inside a nested if in nested loops: straight to the exit.
def check(v):
    return v


def accept(cell):
    return cell % 2 == 0


def reject(cell):
    return cell


def missing(wanted):
    return wanted


def first_negative(values):
    for v in values:
        if v < 0:
            return v
        check(v)
    missing(values)
    return None


def locate(grid, wanted):
    row_no = 0
    while row_no < len(grid):
        row = grid[row_no]
        for cell in row:
            if cell == wanted:
                if accept(cell):
                    return row_no
                reject(cell)
        row_no += 1
    missing(wanted)
    return -1


first_negative([1, -2, 3])
first_negative([1])
locate([[1, 3], [3, 4]], 3)
locate([[1, 4], [4]], 4)
locate([[1]], 9)
