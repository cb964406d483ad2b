# A bound method stored in a variable (and in a list) and called later.
class Counter:
    def __init__(self):
        self.n = 0

    def bump(self):
        self.n += 1
        return self.n

    def reset(self):
        self.n = 0


def run():
    c = Counter()
    step = c.bump
    later = [c.reset]
    step()
    later[0]()
    return step


run()
