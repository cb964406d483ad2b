# Constant tuples, frozensets, strings and bytes hold constants: iterating,
# unpacking and indexing them reads those.
def shout(word):
    return str(word)


def run():
    for mode in ("r", "w"):
        shout(mode)
    red, green, blue, alpha = 255, 128, 0, 1
    for letter in "abc":
        shout(letter)
    for code in b"xy":
        shout(code)
    if alpha in {1, 2}:
        return red + green + blue
    return 0


run()
