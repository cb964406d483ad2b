# Cells two levels down: inner reads outer's tag and rebinds outer's count through mid; in shadow, mid's own value hides shadow's.
def outer(tag):
    count = 0

    def mid():
        def inner():
            nonlocal count
            count = count + 1
            return tag

        inner()
        return count

    first = mid()
    return count + first


def shadow():
    value = 1

    def mid():
        value = 2

        def inner():
            return value

        return inner()

    return mid() + value


outer("t")
shadow()
